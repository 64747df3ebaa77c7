"""Replacing a file on disk without ever leaving it damaged, half-written or changed in kind.

`write_file` writes the new content to a temporary file in the same folder, flushes and
fsyncs it, lets the caller check what was written, then — holding the file's exclusive
lock (see filelock) and having checked that the file is still the version the caller
read — renames it over the file and fsyncs the folder, so that the rename itself survives
a crash. What a file is stays as it was: its permission bits, its owner and group (when
root saves someone else's file), its hard links and symbolic links. Where a rename cannot
keep them — a file with other hard links, or an owner the saving user cannot give the new
file — the checked content is written into the file itself instead, through a journal
that lets the next run finish that write after a crash at any instant (see inplace).

A read-only file (no write permission bit, or not writable by this user) is refused as
editors refuse it, unless the caller says to overwrite it anyway.

Temporary files are named `.NAME.save-PID-RANDOM.tmp` and locked while a save runs. A save
killed outright (SIGKILL, power loss) before its commit point leaves its temporary behind
and the file as it was: the next save or open of NAME removes every such temporary that
no running save holds (`remove_stale_temps`), and finishes an interrupted in-place write
from its journal (`settle`). SIGINT and SIGTERM are held back while a file is written in
place, and delivered when it is done.
"""
from __future__ import annotations

import errno
import os
import re
import signal
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from editor.i18n import translate
from editor.records import inplace
from editor.records.filelock import FileStamp, LockTimeout, changed_message, hold

try:  # POSIX; elsewhere a stale temporary is told only by its process having ended
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

#: bytes per write() call and per step of reading back: short enough to let other threads run
SLICE = 1 << 22
#: a temporary no save holds the lock of is still left alone this long (its save may have
#: created it a moment ago and not locked it yet)
FRESH_SECONDS = 60.0
#: temporaries of the editor's earlier naming (`.NAME.XXXXXXXX.tmp`, never locked) are
#: removed once they are this old: no save runs that long
LEGACY_SECONDS = 3600.0

#: progress(done, total) -> False to cancel
Progress = Callable[[int, int], bool]
#: what a save's `check` returns, handed back by `write_file`
R = TypeVar("R")


class WriteError(Exception):
    """Writing failed or was refused; `message` says why, for the user. `damaged`: the
    file may have been left damaged (the message says so, and where its new content is);
    otherwise it is as it was."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.damaged = damaged


class ReadOnlyFile(WriteError):
    """The file is read-only: replacing it needs the caller's explicit consent."""


class WriteCancelled(Exception):
    """The progress callback asked to stop (before the file was replaced)."""


# ------------------------------------------------------------------ temporary files

def _stem(name: str) -> str:
    """The part of a file name that goes into its temporaries' names (long names shortened,
    so that the temporary's name stays within the file system's limit)."""
    if len(name.encode("utf-8", "surrogateescape")) <= 160:
        return name
    import hashlib  # here: opening a file must not pay for OpenSSL (see tests/test_cli start-up)

    digest = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return name[:60] + "~" + digest


def _create_temp(folder: Path, prefix: str) -> tuple[int, str]:
    """A new, empty file of this process's own in `folder` (its descriptor and path), made as
    `tempfile.mkstemp` makes one: created exclusively (never an existing file or a link
    planted under the name), readable and writable by the owner only, not inherited by
    child processes. Written out because importing tempfile (with shutil, random, bz2 and
    lzma) cost a command-line `set` 2-4 ms, a tenth of a save after one edit."""
    flags = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NOINHERIT", 0) | getattr(os, "O_BINARY", 0))
    for _ in range(100):
        name = os.path.abspath(os.path.join(folder, f"{prefix}{os.urandom(5).hex()}.tmp"))
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue  # 1 in 2**40 a try
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(folder))


def temp_prefix(name: str) -> str:
    """The name prefix of this process's temporaries for a file called `name`."""
    return f".{_stem(name)}.save-{os.getpid()}-"


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"\.%s\.save-(\d+)-[a-z0-9_]+\.tmp\Z" % re.escape(_stem(name)))


def _legacy_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"\.%s\.[a-z0-9_]{8}\.tmp\Z" % re.escape(name))


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # someone else's process, or cannot tell: leave its file alone
    return True


def _held(path: Path) -> bool:
    """Whether a running save holds this temporary's lock (False: nobody does)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return True  # gone, or not ours to look at
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also releases the lock, if we took it
    return False


def _scan(target: Path) -> tuple[list[Path], list[Path]]:
    """The stale temporaries (see `remove_stale_temps`) and the in-place journals (see
    `inplace`) that saves of `target` left in its folder."""
    folder = target.parent if str(target.parent) else Path(".")
    stem = _stem(target.name)
    ours, legacy, journal = _temp_pattern(target.name), _legacy_pattern(target.name), inplace.journal_pattern(stem)
    stale: list[Path] = []
    journals: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return stale, journals
    for entry in entries:
        name = entry.name
        if not name.startswith(".") or not name.endswith(".tmp"):
            continue
        m = ours.match(name)
        is_journal = m is None and journal.match(name) is not None
        if m is None and not is_journal and not legacy.match(name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        if is_journal:
            journals.append(Path(entry.path))
            continue
        age = now - st.st_mtime
        if m is not None:
            if _held(Path(entry.path)) or (_process_alive(int(m.group(1))) and age < FRESH_SECONDS):
                continue
        elif age <= LEGACY_SECONDS:
            continue
        stale.append(Path(entry.path))
    return stale, journals


def _resolved(path: str | os.PathLike[str]) -> Path:
    target = Path(path)
    with suppress(OSError):
        if target.is_symlink():
            target = Path(os.path.realpath(target))
    return target


def _remove(stale: list[Path]) -> list[Path]:
    removed = []
    for p in stale:
        with suppress(OSError):
            os.unlink(p)
            removed.append(p)
    return removed


def remove_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporaries that interrupted saves of `path` left in its folder; return them.

    A temporary is stale when no save holds its lock and either its process has ended or
    it is older than `FRESH_SECONDS`: it never holds the only copy of anything (a save
    killed before its commit point left the file as it was). In-place journals are not
    temporaries: `settle` finishes them. Errors are ignored: this is housekeeping.
    """
    stale, _journals = _scan(_resolved(path))
    return _remove(stale)


def settle(path: str | os.PathLike[str]) -> list[str]:
    """Before `path` is read: remove what killed saves left, and finish an in-place save
    that was interrupted (under the file's lock; see `inplace`). Return what the user
    should be told (one sentence each; nothing in the usual case)."""
    target = _resolved(path)
    stale, journals = _scan(target)
    _remove(stale)
    if not journals or not hasattr(os, "pwrite"):  # no in-place writes without pwrite (Windows)
        return []
    try:
        with hold(target, exclusive=True) as fd:
            return inplace.finish(target, fd, journals)
    except OSError:  # locked for too long, or unreadable: the read that follows says so
        return []


# ------------------------------------------------------------------ the file as it is

def is_read_only(st: os.stat_result, path: Path) -> bool:
    """Read-only as an editor sees it: no write permission bit at all, or (for a user other
    than root, who may write anything) no write permission for this user."""
    if not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not os.access(path, os.W_OK)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (some file systems cannot: then it is as durable as
    they make it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back (main thread only; signals are only handled there) and
    deliver them afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous: dict[int, Any] = {}
    for held in (signal.SIGINT, signal.SIGTERM):
        with suppress(ValueError, OSError):  # pragma: no cover - not settable here
            previous[held] = signal.signal(held, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in caught:
            signal.raise_signal(number)


def _why(e: OSError) -> str:
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return translate("saving", "the disk is full")
    return e.strerror or str(e)


def unchanged_said(text: str) -> bool:
    """Whether a save error's `text` already says the file on disk is unchanged."""
    return translate("saving", "the file on disk is unchanged") in text


# ------------------------------------------------------------------ writing

def _write_all(fd: int, pieces: Iterable[Any], progress: Progress | None, total: int) -> int:
    done = 0
    for piece in pieces:
        view = memoryview(piece).cast("B")
        for i in range(0, len(view), SLICE):
            chunk = view[i:i + SLICE]
            while chunk:
                n = os.write(fd, chunk)
                chunk = chunk[n:]
                done += n
            if progress is not None and progress(done, total) is False:
                raise WriteCancelled()
    return done


class FileChanged(WriteError):
    """The file on disk is not the version the caller read (`expected`): nothing was saved."""


def write_file(target: str | os.PathLike[str], pieces: Iterable[Any], *,
               check: Callable[[Path], R] | None = None, progress: Progress | None = None,
               total: int = 0, new_mode: int | None = None, overwrite_readonly: bool = False,
               expected: FileStamp | None = None, saved: Callable[[FileStamp], None] | None = None) -> R | None:
    """Replace `target` by the concatenation of `pieces` (bytes-like, or an iterator of them).

    `check(tmp_path)` runs on the complete, fsynced temporary before anything happens to the
    target; whatever it raises aborts the save, and its result is returned. `progress(done,
    total)` after each slice written; False aborts with WriteCancelled. A new file gets
    `new_mode` (default 0o666 less the umask).

    The target is replaced under its exclusive lock (see filelock). With `expected` (the
    stamp of the version the caller read), a file that is no longer that version — changed,
    replaced, deleted — is not touched: FileChanged. `saved(stamp)` is told the new file's
    stamp while the lock is still held.

    On any failure WriteError (ReadOnlyFile for a refusal, FileChanged) says why and what
    state the file is in; the temporary is removed; exceptions from `check`, `pieces` and
    KeyboardInterrupt/SystemExit pass through unchanged (the file then as it was).
    """
    target = _resolved(target)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise WriteError(translate("saving", "could not save: {reason}").format(reason=_why(e))) from None
    if st is not None:
        _refuse(st, target, overwrite_readonly)
    elif expected is not None:
        raise FileChanged(changed_message(None))
    try:
        fd, tmp_name = _create_temp(folder, temp_prefix(target.name))
    except OSError as e:
        raise WriteError(translate("saving", "could not save: cannot create a file in {folder}: {reason}").format(
            folder=folder, reason=_why(e))) from None
    tmp = Path(tmp_name)
    try:
        if fcntl is not None:
            with suppress(OSError):  # a file system without locks: the age rule still protects it
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        written = _write_all(fd, pieces, progress, total)
        os.fsync(fd)
        if os.fstat(fd).st_size != written:
            raise OSError(errno.EIO, "the temporary file does not have the size written")
        result = check(tmp) if check is not None else None
        with hold(target, exclusive=True) as locked:
            stale, journals = _scan(target)
            _remove(stale)
            if journals and locked is not None and hasattr(os, "pwrite"):  # a save was interrupted: finish it
                inplace.finish(target, locked, journals)
            now = _now(target, locked)
            if expected is not None and (now is None or FileStamp.of(now) != expected):
                raise FileChanged(changed_message(FileStamp.of(now) if now is not None else None))
            if now is not None:
                _refuse(now, target, overwrite_readonly)
            if now is None:
                _chmod(fd, tmp, new_mode if new_mode is not None else 0o666 & ~umask())
                os.replace(tmp, target)
                done = os.fstat(fd)
            elif _write_through(fd, now, target):
                if locked is None or not _open_for_writing(locked):
                    raise WriteError(translate("saving", "cannot be opened for writing, which saving it in place "
                                               "needs; nothing was saved"))
                inplace.write(fd, tmp, locked, target, written, _stem(target.name), _signals_held)
                done = os.fstat(locked)
            else:
                _chmod(fd, tmp, stat.S_IMODE(now.st_mode))  # after chown, which may clear set-id bits
                os.replace(tmp, target)
                done = os.fstat(fd)
            _fsync_folder(folder)
            if saved is not None:
                saved(FileStamp.of(done))
    except BaseException as e:
        with suppress(OSError):
            os.unlink(tmp)  # never the journal: an in-place write renamed the temporary to it
        if isinstance(e, inplace.InPlaceError):
            raise WriteError(e.message, damaged=e.damaged) from None
        if isinstance(e, LockTimeout):
            raise WriteError(translate("saving", "could not save: {reason}; {unchanged}").format(
                reason=e.strerror, unchanged=translate("saving", "the file on disk is unchanged"))) from None
        if isinstance(e, OSError):
            raise WriteError(translate("saving", "could not save ({reason}); {unchanged}").format(
                reason=_why(e), unchanged=translate("saving", "the file on disk is unchanged"))) from None
        raise
    finally:
        os.close(fd)
    return result


def _refuse(st: os.stat_result, target: Path, overwrite_readonly: bool) -> None:
    """Refuse to replace what is not a regular file, or a read-only file unless told to."""
    if stat.S_ISDIR(st.st_mode):
        raise WriteError(translate("saving", "is a directory; choose a file name to save to"))
    if not stat.S_ISREG(st.st_mode):
        # a fifo, a device (/dev/null), a socket: replacing it would destroy it
        raise WriteError(translate("saving", "is not a regular file (a pipe or a device); choose a file name "
                                   "to save to"))
    if not overwrite_readonly and is_read_only(st, target):
        mode = stat.S_IMODE(st.st_mode)
        raise ReadOnlyFile(translate("saving", "is read-only (mode {mode})").format(mode=f"{mode:04o}"))


def _open_for_writing(fd: int) -> bool:
    return fcntl is not None and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDWR


def _now(target: Path, locked: int | None) -> os.stat_result | None:
    """The file as it is now: the locked one, else whatever the name stands for."""
    if locked is not None:
        return os.fstat(locked)
    try:
        return os.stat(target)
    except FileNotFoundError:
        return None


def _write_through(fd: int, st: os.stat_result, target: Path) -> bool:
    """Whether the new content must go into the file itself rather than replace it: a
    rename would cut its other hard links off, or give it an owner it did not have."""
    if not hasattr(os, "pwrite"):  # pragma: no cover - Windows: no owners to keep this way
        return False
    through = st.st_nlink > 1 or not _take_owner(fd, st)
    if through and not os.access(target, os.W_OK):
        if st.st_nlink > 1:
            raise WriteError(translate("saving", "has {links} hard links and this user may not write into it; "
                                       "replacing it would cut the other links off, so nothing was saved").format(
                links=st.st_nlink))
        return False  # overwriting a file this user cannot write (forced): it becomes theirs
    return through


def _chmod(fd: int, path: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows
        os.chmod(path, mode)


def _take_owner(fd: int, st: os.stat_result) -> bool:
    """Give the temporary the file's owner and group; False when not allowed (then the new
    content must be written into the file itself)."""
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) == (st.st_uid, st.st_gid):
        return True
    try:
        os.fchown(fd, st.st_uid, st.st_gid)
    except PermissionError:
        return False
    return True


def umask() -> int:
    """The process's umask (read without changing it where the system says it)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
