"""Regenerate the *_pb2.py modules from the .proto sources with grpcio-tools' protoc.

    proto/*.proto         -> editor/records/_pb/   (record dialects)
    proto/models/*.proto  -> editor/models/_pb/    (model files: Caffe, TensorFlow)

Run after changing a .proto:  python -m scripts.gen_protos
tests/records/test_schemas.py and tests/models/test_schemas.py fail when the checked-in
modules drift from the sources.
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
MODEL_PROTO_DIR = PROTO_DIR / "models"
MODEL_OUT_DIR = ROOT / "editor" / "models" / "_pb"
#: (source folder, output package folder, also write .pyi type stubs)
TARGETS = ((PROTO_DIR, OUT_DIR, True), (MODEL_PROTO_DIR, MODEL_OUT_DIR, True))


def generate(out_dir: Path, proto_dir: Path = PROTO_DIR, stubs: bool = False) -> list[Path]:
    """Compile every .proto in proto_dir into out_dir; imports made package-relative.

    `stubs` also writes protoc's .pyi files, so type checkers see the message classes.
    """
    protos = sorted(proto_dir.glob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir}", f"--python_out={tmp}"]
        if stubs:
            cmd.append(f"--pyi_out={tmp}")
        subprocess.run(cmd + [p.name for p in protos], check=True)
        out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for gen in sorted(Path(tmp).glob("*_pb2.py*")):
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
    for source, target, stubs in TARGETS:
        for path in generate(target, source, stubs):
            print(path.relative_to(ROOT))
