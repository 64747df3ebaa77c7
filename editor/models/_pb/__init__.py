"""Generated protobuf modules; do not edit (see scripts/gen_protos.py)."""
