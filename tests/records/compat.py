"""Helpers for compatibility tests: protoc as the reference encoder, one-line diffs."""
from __future__ import annotations

import difflib
import subprocess
import sys

from editor.paths import proto_dir
from editor.records.dialects import Dialect


def protoc_encode(text: str, dialect: Dialect) -> bytes:
    """What `protoc --encode` (C++ text parser, grpcio-tools) makes of `text`."""
    proc = subprocess.run(
        [sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir()}",
         f"--encode={dialect.full_name}", dialect.proto_file],
        input=text.encode("utf-8"), capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


def changed_lines(before: str, after: str) -> list[str]:
    """The -/+ lines of a diff, as `diff` would show them."""
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
