"""RecordDocument: one record file — its path, dialect, live message and original source.

NOTE (scaffold): reading and saving go through google.protobuf.text_format for now; the
lossless reader/writer (textio) replaces the internals without changing this interface.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from google.protobuf import text_format
from google.protobuf.message import Message

from editor.records.dialects import PRIMARY, Dialect, get_dialect
from editor.records.problems import Problem

#: progress(done_bytes, total_bytes) -> False to cancel
Progress = Callable[[int, int], bool]


class RecordError(Exception):
    """A file that cannot be read or written; str() is `FILE:LINE:COL: message`."""

    def __init__(self, message: str, path: str | os.PathLike | None = None,
                 line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}" if where else self.message


class LoadCancelled(Exception):
    """Raised when a progress callback asked to stop reading."""


class RecordDocument:
    """A record file opened for editing. `message` is the live protobuf message."""

    def __init__(self, message: Message, dialect: Dialect, path: Path | None = None,
                 binary: bool = False, problems: list[Problem] | None = None):
        self.message = message
        self.dialect = dialect
        self.path = Path(path) if path is not None else None
        self.binary = binary
        self.problems: list[Problem] = list(problems or [])

    @classmethod
    def new(cls, dialect: str | Dialect = PRIMARY) -> RecordDocument:
        d = get_dialect(dialect)
        return cls(d.new_message(), d)

    @classmethod
    def from_text(cls, text: str, dialect: str | Dialect | None = None, *,
                  path: str | os.PathLike | None = None, repair: bool = False) -> RecordDocument:
        d = get_dialect(dialect or PRIMARY)
        msg = d.new_message()
        try:
            text_format.Merge(text, msg)
        except text_format.ParseError as e:
            raise RecordError(str(e), path, e.GetLine(), e.GetColumn()) from None
        return cls(msg, d, Path(path) if path else None)

    @classmethod
    def load(cls, path: str | os.PathLike, dialect: str | Dialect | None = None, *,
             repair: bool = False, progress: Progress | None = None) -> RecordDocument:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(e.strerror or str(e), p) from None
        return cls.from_text(text, dialect, path=p, repair=repair)

    def render_text(self) -> str:
        return text_format.MessageToString(self.message, as_utf8=True)

    def save(self, path: str | os.PathLike | None = None, *, binary: bool | None = None) -> Path:
        target = Path(path) if path is not None else self.path
        if target is None:
            raise RecordError("no file name given for saving")
        binary = self.binary if binary is None else binary
        data = self.message.SerializeToString() if binary else self.render_text().encode("utf-8")
        atomic_write(target, data)
        self.path, self.binary = target, binary
        return target

    def locate(self, record_index: int | None = None, prune_index: int | None = None,
               field: str | None = None) -> tuple[int, int] | None:
        """(line, column) in the file of an entry or a field inside it, when known."""
        return None


def atomic_write(target: Path, data: bytes) -> None:
    """Write via a temporary file in the same folder, fsync, then replace; keep permissions."""
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    mode = None
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        pass
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise RecordError(f"could not save: {e.strerror or e}", target) from None
        raise
