"""A save as the document reports it: filewrite's atomic replace, its failures as RecordErrors.

`filewrite.write_file` does the work (temporary file, fsync, lock, rename); `write_checked`
turns its failures into the errors a caller of `RecordDocument.save` handles — the file
changed on disk (`FileChangedError`), read-only (`ReadOnlyError`), failed (`SaveFailed`, with
whether the file may be damaged), cancelled (`SaveCancelled`) — each naming the path the user
gave. `atomic_write` is the same for bytes that are not a record (the recovery files).
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from editor.i18n import translate
from editor.records.errors import RecordError
from editor.records.filelock import FileStamp
from editor.records.filewrite import FileChanged, ReadOnlyFile, WriteCancelled, WriteError, write_file

__all__ = ["FileChangedError", "Progress", "ReadOnlyError", "SaveCancelled", "SaveFailed", "atomic_write",
           "reporter", "write_checked"]

#: progress(done, total) -> False to cancel
Progress = Callable[[int, int], bool]
#: what a save's check of the written file returns
R = TypeVar("R")


class SaveCancelled(Exception):
    """Raised when a progress callback asked to stop saving (before the file was replaced:
    the original is untouched)."""


class FileChangedError(RecordError):
    """Saving was refused: the file on disk is not the version the document was read from
    (another program saved it meanwhile). Nothing was saved; save with `replace_changed`
    to overwrite that version, or read the file again."""


class SaveFailed(RecordError):
    """Saving failed; the message says why and in what state the file is: as it was, or,
    with `damaged`, perhaps damaged (and where its new content was kept)."""

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None, *, damaged: bool = False) -> None:
        super().__init__(message, path)
        self.damaged = damaged


class ReadOnlyError(RecordError):
    """Saving was refused: the file is read-only (save it elsewhere, or save with force)."""


def reporter(progress: Progress | None) -> Callable[[int, int], bool] | None:
    """`progress` as the writers call it: returning False raises SaveCancelled."""
    if progress is None:
        return None

    def report(done: int, total: int) -> bool:
        if progress(done, total) is False:
            raise SaveCancelled()
        return True

    return report


def write_checked(target: Path, pieces: Iterable[Any], *, check: Callable[[Path], R] | None = None,
           progress: Progress | None = None, total: int = 0, force: bool = False,
           new_mode: int | None = None, expected: FileStamp | None = None,
           saved: Callable[[FileStamp], None] | None = None) -> R | None:
    """filewrite.write_file, its failures as RecordError naming the path the user gave."""
    try:
        return write_file(target, pieces, check=check, progress=progress, total=total,
                          new_mode=new_mode, overwrite_readonly=force, expected=expected, saved=saved)
    except FileChanged as e:
        raise FileChangedError(e.message, target) from None
    except ReadOnlyFile as e:
        raise ReadOnlyError(translate("saving", "{reason}; nothing was saved").format(reason=e.message),
                            target) from None
    except WriteError as e:
        raise SaveFailed(e.message, target, damaged=e.damaged) from None
    except WriteCancelled:
        raise SaveCancelled() from None


def atomic_write(target: Path, data: bytes | Iterable[bytes], check: Callable[[Path], R] | None = None,
                 progress: Progress | None = None, *, new_mode: int | None = None, force: bool = False) -> R | None:
    """Write via a temporary file in the same folder, flush, fsync, then replace (see filewrite).

    `data` is bytes or a list of bytes-like pieces. `check(tmp_path)`, if given, runs on the
    written temporary file before it replaces the original; whatever it raises aborts the
    save and its result is returned. `progress(bytes_written, total)` after each slice;
    returning False aborts with SaveCancelled. The original file's permission bits, owner,
    group and hard links are kept; a new file gets `new_mode` (default: 0o666 less the
    umask, as open() would give). A symbolic link is written through: its target is
    replaced and the link stays. A read-only file is refused (ReadOnlyError) unless `force`.
    On any failure the temporary file is removed, the original is untouched, and (for OS
    errors) a RecordError says why.
    """
    pieces = [data] if isinstance(data, (bytes, bytearray, memoryview)) else list(data)
    total = sum(len(piece) for piece in pieces)
    return write_checked(Path(target), pieces, check=check, progress=reporter(progress), total=total,
                  force=force, new_mode=new_mode)
