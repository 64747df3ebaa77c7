"""Regenerate editor/records/_pb/*_pb2.py from proto/*.proto with grpcio-tools' protoc.

Run after changing a .proto:  python scripts/gen_protos.py
tests/records/test_schemas.py fails when the checked-in modules drift from the sources.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROTO_DIR = ROOT / "proto"
OUT_DIR = ROOT / "editor" / "records" / "_pb"


def generate(out_dir: Path) -> list[Path]:
    """Compile every .proto in proto/ into out_dir; imports made package-relative."""
    protos = sorted(PROTO_DIR.glob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "grpc_tools.protoc", f"-I{PROTO_DIR}", f"--python_out={tmp}"]
        subprocess.run(cmd + [p.name for p in protos], check=True)
        out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for gen in sorted(Path(tmp).glob("*_pb2.py")):
            text = gen.read_text(encoding="utf-8")
            # protoc writes `import basic_info_pb2 as ...`; inside our package it must be relative.
            text = re.sub(r"^import (\w+_pb2) as ", r"from . import \1 as ", text, flags=re.M)
            target = out_dir / gen.name
            target.write_text(text, encoding="utf-8")
            written.append(target)
    init = out_dir / "__init__.py"
    if not init.exists():
        init.write_text('"""Generated protobuf modules; do not edit (see scripts/gen_protos.py)."""\n')
    return written


if __name__ == "__main__":
    for path in generate(OUT_DIR):
        print(path.relative_to(ROOT))
