"""Crash recovery: unsaved edits written to a side file a few seconds after each change.

One file per open document in the recovery folder: a JSON header line (the document's
path, dialect, binary flag, when it was written, and the file's size and mtime then),
a newline, then the live message in protobuf's binary format — which keeps every float
bit and is quick to write even for a large record. The file is removed when the edits
are saved or discarded; a file still there at the next start means the editor did not
end normally, and the window offers to restore it.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from editor.records.document import atomic_write

SUFFIX = ".recovery"


@dataclass(frozen=True)
class RecoveryInfo:
    """One recovery file: what it belongs to and the edited record itself."""

    file: Path
    path: Path | None
    dialect: str
    binary: bool
    written: float
    source_size: int | None
    source_mtime_ns: int | None

    def data(self) -> bytes:
        """The recovered message, serialized."""
        raw = self.file.read_bytes()
        return raw[raw.index(b"\n") + 1:]

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.written))
        name = self.path.name if self.path is not None else "an unsaved new record"
        return f"{name} (edits from {when})"

    def source_changed(self) -> bool:
        """Whether the original file changed after the recovery was written."""
        if self.path is None or self.source_size is None:
            return False
        try:
            st = self.path.stat()
        except OSError:
            return True
        return st.st_size != self.source_size or st.st_mtime_ns != self.source_mtime_ns


class RecoveryStore:
    """The recovery folder: write, remove and list recovery files."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def key_for(self, path: Path | None, token: str) -> str:
        """File stem for a document: its resolved path, or a per-window token when unsaved."""
        base = str(Path(path).resolve()) if path is not None else f"untitled:{os.getpid()}:{token}"
        return hashlib.sha1(base.encode("utf-8")).hexdigest()[:16]

    def file_for(self, key: str) -> Path:
        return self.folder / f"{key}{SUFFIX}"

    def write(self, key: str, path: Path | None, dialect: str, binary: bool, data: bytes | list[bytes]) -> Path:
        """Write (atomically) the edited record for `key` (the serialized message, or its
        pieces in order); raises OSError-derived errors."""
        self.folder.mkdir(parents=True, exist_ok=True)
        size = mtime = None
        if path is not None:
            try:
                st = Path(path).stat()
                size, mtime = st.st_size, st.st_mtime_ns
            except OSError:
                pass
        header = {"path": str(path) if path is not None else None, "dialect": dialect, "binary": binary,
                  "written": time.time(), "source_size": size, "source_mtime_ns": mtime}
        target = self.file_for(key)
        pieces = [data] if isinstance(data, (bytes, bytearray, memoryview)) else list(data)
        # private, like the editor's other state: it holds the user's unsaved record
        atomic_write(target, [json.dumps(header).encode("utf-8") + b"\n", *pieces], new_mode=0o600)
        return target

    def remove(self, key: str) -> None:
        try:
            self.file_for(key).unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass

    def list(self) -> list[RecoveryInfo]:
        """Readable recovery files, newest first (unreadable ones are skipped)."""
        found: list[RecoveryInfo] = []
        if not self.folder.is_dir():
            return found
        for file in self.folder.glob(f"*{SUFFIX}"):
            try:
                with open(file, "rb") as fh:
                    header = json.loads(fh.readline().decode("utf-8"))
                found.append(RecoveryInfo(
                    file=file,
                    path=Path(header["path"]) if header.get("path") else None,
                    dialect=str(header["dialect"]),
                    binary=bool(header.get("binary", False)),
                    written=float(header.get("written", 0.0)),
                    source_size=header.get("source_size"),
                    source_mtime_ns=header.get("source_mtime_ns"),
                ))
            except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
                continue
        return sorted(found, key=lambda r: r.written, reverse=True)
