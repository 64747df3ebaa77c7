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


def protoc_reads(text: bytes, dialect: Dialect) -> tuple[bool, bytes, str]:
    """(accepted, encoding, error) of C++ protobuf's text parser on `text`: `protoc --encode`
    run inside this process (grpcio-tools' protoc; about a millisecond), its stdin, stdout and
    stderr being temporary files for the call."""
    import os
    import tempfile

    from grpc_tools import protoc

    with tempfile.TemporaryFile() as fin, tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        fin.write(text)
        fin.seek(0)
        saved = [os.dup(0), os.dup(1), os.dup(2)]
        try:
            for fd, f in zip((0, 1, 2), (fin, fout, ferr), strict=True):
                os.dup2(f.fileno(), fd)
            code = protoc.main(["protoc", f"-I{proto_dir()}", f"--encode={dialect.full_name}",
                                dialect.proto_file])
        finally:
            for fd, s in zip((0, 1, 2), saved, strict=True):
                os.dup2(s, fd)
                os.close(s)
        fout.seek(0)
        ferr.seek(0)
        return code == 0, fout.read(), ferr.read().decode("utf-8", errors="replace")
