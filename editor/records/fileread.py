"""Reading a record file's bytes safely: a regular file only, of bounded size, under its lock.

Anything that is not a regular file (a FIFO, a device, a socket, a folder) is refused before
it is read, since reading one could block forever or never end; a file larger than
`MAX_FILE_SIZE` is refused too. The file's shared lock is held while it is read, so a save
writing it in place (which holds the exclusive one, see filelock) is never read half-done.
`RecordDocument` reads through `read_file`, or through `reading` when it streams.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.errors import RecordError
from editor.records.filelock import FileStamp, LockTimeout, hold

__all__ = ["MAX_FILE_SIZE", "STREAM_FROM", "read_file", "reading"]


#: The largest file the reader accepts: a guard against endless inputs (a /proc file) and
#: files far beyond any record (the biggest real ones are a few hundred MB).
MAX_FILE_SIZE = 2 << 30

_KINDS = ((stat.S_ISFIFO, QT_TRANSLATE_NOOP("reading", "a named pipe (FIFO)")),
          (stat.S_ISCHR, QT_TRANSLATE_NOOP("reading", "a character device")),
          (stat.S_ISBLK, QT_TRANSLATE_NOOP("reading", "a block device")),
          (stat.S_ISSOCK, QT_TRANSLATE_NOOP("reading", "a socket")))


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode cannot be a record file, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return translate("reading", "is a directory, not a record file")
    kind = next((name for test, name in _KINDS if test(mode)), QT_TRANSLATE_NOOP("reading", "a special file"))
    return translate("reading", "is {kind}, not a regular file; record files are regular files").format(
        kind=translate("reading", kind))


def _too_big(size: int) -> str:
    return translate("reading", "is {size} bytes or more, larger than the {most} bytes a record file may have; "
                     "it is not read").format(size=f"{size:,}", most=f"{MAX_FILE_SIZE:,}")


#: files smaller than this are read whole even when streaming is asked (pieces are 1 MB)
STREAM_FROM = 4 << 20


@contextmanager
def reading(p: Path) -> Iterator[int | None]:
    """Hold the file's shared lock while it is read (a save writing it in place holds the
    exclusive one): yields a descriptor of the file, or None (no file, no locks)."""
    with ExitStack() as stack:
        try:
            fd = stack.enter_context(hold(p, exclusive=False))
        except LockTimeout as e:
            raise RecordError(translate("reading", "cannot be read now: {reason}; try again when that save is "
                                        "done").format(reason=e.strerror), p) from None
        except OSError:
            fd = None  # cannot be opened: the read that follows says why
        yield fd


def read_file(p: Path) -> tuple[bytes, FileStamp]:
    """The bytes of a regular file (after symbolic links), at most MAX_FILE_SIZE, and the
    stamp of the version read (read under the file's shared lock, see filelock).

    Anything else (a FIFO, a device, a socket) is refused before reading: reading one
    could block forever or never end.
    """
    try:
        why = _not_regular(os.stat(p).st_mode)
        if why is not None:
            raise RecordError(why, p)
        with reading(p) as locked:
            # O_NONBLOCK: should a FIFO replace the file after the check, opening it must not hang
            if locked is not None:
                fd = os.dup(locked)
                os.lseek(fd, 0, os.SEEK_SET)  # the offset is shared with the lock's descriptor
            else:
                fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
            with os.fdopen(fd, "rb") as fh:
                st = os.fstat(fh.fileno())
                why = _not_regular(st.st_mode)
                if why is not None:
                    raise RecordError(why, p)
                if st.st_size > MAX_FILE_SIZE:
                    raise RecordError(_too_big(st.st_size), p)
                data = fh.read(MAX_FILE_SIZE + 1)
    except RecordError:
        raise
    except FileNotFoundError:
        raise RecordError(translate("reading", "no such file"), p) from None
    except PermissionError:
        raise RecordError(translate("reading", "permission denied: the file cannot be read"), p) from None
    except IsADirectoryError:
        raise RecordError(translate("reading", "is a directory, not a record file"), p) from None
    except OSError as e:
        raise RecordError(translate("reading", "cannot read: {reason}").format(reason=e.strerror or e), p) from None
    if len(data) > MAX_FILE_SIZE:
        raise RecordError(_too_big(len(data)), p)
    return data, FileStamp.of(st)
