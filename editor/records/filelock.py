"""Advisory locks on record files, and the stamp that tells a file changed on disk.

Every save of an existing file holds an exclusive lock on it from the moment it checks
that the file is still the one it read until the file holds the new content; every read
holds a shared lock while it reads. So two saves (two `record-editor set`s, a window and a
script) never write the same file at once, a save never overwrites a version it did not
read without saying so, and nobody reads a file that is half-written in place.

The lock is `fcntl.flock` on the file itself (not a lock file beside it, which would have
to be cleaned up): it belongs to the open file, so the system drops it when its process
ends, however it ends. A save that replaces the file by a rename leaves the lock on the
old inode; a process that was waiting for it then finds that the name now stands for
another file, and locks that one instead (`hold`). The lock is advisory: it orders the
editor's own processes; other programs (AMCT writing a record again) do not take it, and
for them the `FileStamp` check is what notices the change.

On Windows there is no `fcntl`: nothing is locked. A save still compares the file with
the stamp taken when it was read, but two saves at the same instant can both pass that
check; a hard-linked file is replaced there rather than written in place (see filewrite),
so no reader can see a half-written file.
"""
from __future__ import annotations

import errno
import os
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from editor.i18n import translate

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: seconds a save or a read waits for another process's lock before giving up
LOCK_WAIT = 30.0


@dataclass(frozen=True)
class FileStamp:
    """What tells one version of a file from another without reading it: the file itself
    (device and inode: a save that renames makes a new one) and its size and modification
    time. A program that writes the file in place, keeps its size and lands in the same
    clock tick as the version read is not told apart; everything else is."""

    dev: int
    ino: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, st: os.stat_result) -> FileStamp:
        return cls(st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class LockTimeout(OSError):
    """Another process held the file's lock longer than LOCK_WAIT."""


def changed_message(now: FileStamp | None) -> str:
    """Why a save was refused: the file on disk is not the version the document read."""
    if now is None:
        return translate("saving", "was deleted or renamed since it was read; nothing was saved")
    return translate("saving", "changed on disk since it was read (another program saved it meanwhile); nothing "
                     "was saved")


def busy_message(seconds: float) -> str:
    return translate("saving", "another program has been saving it for over {seconds} s (it holds the file's "
                     "lock)").format(seconds=f"{seconds:g}")


def _try_lock(fd: int, kind: int, deadline: float) -> bool:
    """Take the lock, waiting until `deadline`; False when the file system has no locks
    (then the caller goes on without one); LockTimeout when another process keeps it."""
    delay = 0.002
    while True:
        try:
            fcntl.flock(fd, kind | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EACCES, errno.EINTR):
                pass
            else:  # ENOLCK, EOPNOTSUPP, EBADF (NFS wants a writable descriptor): no locks here
                return False
        now = time.monotonic()
        if now >= deadline:
            raise LockTimeout(errno.EWOULDBLOCK, busy_message(LOCK_WAIT))
        # polled rather than blocking in flock: a blocked flock cannot be given a time limit
        time.sleep(min(delay, deadline - now))
        delay = min(delay * 2, 0.05)


def _open_for_lock(path: Path, writable: bool) -> int:
    flags = os.O_CLOEXEC  # following a symbolic link, as the read and the save do
    if writable:
        try:  # NFS locks a descriptor open for writing only
            return os.open(path, os.O_RDWR | flags)
        except PermissionError:
            pass
    # O_NONBLOCK: should a FIFO have taken the file's place, opening it must not hang
    return os.open(path, os.O_RDONLY | os.O_NONBLOCK | flags)


class _Held(threading.local):
    """The locks this thread holds: (device, inode) -> (descriptor, exclusive)."""

    def __init__(self) -> None:
        self.locks: dict[tuple[int, int], tuple[int, bool]] = {}


_held = _Held()


@contextmanager
def hold(path: str | os.PathLike[str], *, exclusive: bool, wait: float | None = None) -> Iterator[int | None]:
    """Hold the lock of the file `path` names now (exclusive for a save, shared for a read);
    yield a descriptor of that very file (open for writing when `exclusive` and allowed),
    or None when there is nothing to lock (no file, one this user cannot open, no fcntl).
    Raises LockTimeout after `wait` seconds (default LOCK_WAIT), other OSErrors from
    opening.

    Re-entrant within a thread: a thread that holds the file's exclusive lock (a command
    that reads, edits and writes a file under one lock) gets that same descriptor for any
    lock of it; one that holds the shared lock, for another shared one. (Locks belong to
    open files: a second one of the same thread would wait for the first forever.)"""
    if fcntl is None:  # pragma: no cover - Windows
        yield None
        return
    path = Path(path)
    deadline = time.monotonic() + (LOCK_WAIT if wait is None else wait)
    kind = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    while True:
        try:
            fd = _open_for_lock(path, exclusive)
        except (FileNotFoundError, PermissionError):  # nothing to lock, or not ours to open
            yield None
            return
        try:
            st = os.fstat(fd)
            mine = _held.locks.get((st.st_dev, st.st_ino))
            if mine is not None:
                if exclusive and not mine[1]:
                    raise RuntimeError("a thread that holds a file's shared lock asked for its exclusive lock")
                break
            locked = _try_lock(fd, kind, deadline)
            if not locked or not stat.S_ISREG(st.st_mode):
                break
            try:
                now = os.stat(path)
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
                break
        except BaseException:
            os.close(fd)
            raise
        # a save renamed another file over this name while we waited: lock that one
        os.close(fd)
    if mine is not None:  # this thread holds it already
        os.close(fd)
        yield mine[0]
        return
    key = (st.st_dev, st.st_ino)
    _held.locks[key] = (fd, exclusive)
    try:
        yield fd
    finally:
        del _held.locks[key]
        os.close(fd)  # and with it the lock
