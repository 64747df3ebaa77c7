"""Writing a file in place (same inode) so that a crash at any instant loses nothing.

A file with other hard links (or whose owner the saver cannot give a new file) cannot be
replaced by a rename: its new content is copied into the file itself. That copy can be
cut short by a kill or a power cut, leaving new content up to some byte and old content
after it. So before the first byte of the file changes, the save keeps both versions in a
*journal* beside it:

1. the new content, complete, checked and fsynced, is the save's temporary file; the old
   content is appended to it, then a trailer (the file's name, device, inode, and the
   size and CRC-32 of each part), and it is fsynced again;
2. it is renamed to `.NAME.inplace-RANDOM.tmp` and the folder fsynced: from here on the
   save is decided (the commit point);
3. the new content is copied into the file, which is cut to its new size, fsynced and
   compared with the journal;
4. the journal is removed.

A failure in step 3 (a disk error) copies the old content back and compares it; only when
it compares equal is the journal removed and the file said to be unchanged. A process that
dies between steps 2 and 4 leaves the journal: the next open or save of NAME by the editor
(`finish`, under the file's lock) checks it and finishes the save — the file is then the
new version — when the file is as an interrupted copy leaves it (the new content up to
some byte, then the old content, then zeros up to the new size), or was never touched. A
file that is anything else was changed by another program since: it is left alone, and
the journal's new content is kept beside it as `STEM.interrupted-save-RANDOM.EXT` (NAME being `STEM.EXT`)
(told to the user). A journal is never removed while it holds the only complete copy of
anything.

Only a file reached by the name the save used has its journal found: the next open of
another of its hard links (in another folder) does not see it.
"""
from __future__ import annotations

import errno
import os
import re
import struct
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from editor.i18n import translate

#: bytes per read or write step
SLICE = 1 << 22
_MAGIC = b"RECINPL1"
#: magic, device, inode, new size, new CRC-32, old size, old CRC-32, length of the name
_TRAILER = struct.Struct("<8sQQQIQIH")


class InPlaceError(Exception):
    """The in-place write failed; `message` says what state the file is in (true):
    as it was, or (`damaged`) perhaps damaged, its new content kept in the journal."""

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.damaged = damaged


def journal_prefix(stem: str) -> str:
    return f".{stem}.inplace-"


def journal_pattern(stem: str) -> re.Pattern[str]:
    return re.compile(r"\.%s\.inplace-[0-9a-f]+\.tmp\Z" % re.escape(stem))


def _fsync_folder(folder: Path) -> None:
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


def _pread(fd: int, size: int, offset: int) -> bytes:
    parts = []
    while size > 0:
        part = os.pread(fd, size, offset)
        if not part:
            break
        parts.append(part)
        size -= len(part)
        offset += len(part)
    return b"".join(parts)


def _copy(src: int, src_at: int, dst: int, dst_at: int, size: int) -> int:
    """Copy `size` bytes; return their CRC-32."""
    crc = 0
    done = 0
    while done < size:
        part = _pread(src, min(SLICE, size - done), src_at + done)
        if not part:
            raise OSError(errno.EIO, "a file ended early")
        crc = zlib.crc32(part, crc)
        view = memoryview(part)
        at = dst_at + done
        while view:
            n = os.pwrite(dst, view, at)
            view = view[n:]
            at += n
        done += len(part)
    return crc


def _crc(fd: int, offset: int, size: int) -> int:
    crc = 0
    for at in range(0, size, SLICE):
        part = _pread(fd, min(SLICE, size - at), offset + at)
        if len(part) != min(SLICE, size - at):
            raise OSError(errno.EIO, "a file ended early")
        crc = zlib.crc32(part, crc)
    return crc


def _same(a: int, a_at: int, b: int, b_at: int, size: int) -> bool:
    for at in range(0, size, SLICE):
        n = min(SLICE, size - at)
        if _pread(a, n, a_at + at) != _pread(b, n, b_at + at):
            return False
    return True


def _put(journal: int, at: int, size: int, target: int) -> None:
    """Make the file (`target`) hold the journal's `size` bytes from `at`, durably, and
    compare; OSError when it does not."""
    _copy(journal, at, target, 0, size)
    os.ftruncate(target, size)
    os.fsync(target)
    if os.fstat(target).st_size != size or not _same(journal, at, target, 0, size):
        raise OSError(errno.EIO, "the file did not read back as written")


# ------------------------------------------------------------------ writing


def write(tmp_fd: int, tmp: Path, target_fd: int, target: Path, new_size: int, stem: str,
          held: Callable[[], AbstractContextManager[object]]) -> None:
    """Write the checked temporary's `new_size` bytes into the file `target_fd` (locked by
    the caller) as described above. `held()` is the context that defers SIGINT/SIGTERM
    while the file is being changed. InPlaceError says what happened on failure."""
    folder = target.parent if str(target.parent) else Path(".")
    st = os.fstat(target_fd)
    old_size = st.st_size
    new_crc = _crc(tmp_fd, 0, new_size)
    old_crc = _copy(target_fd, 0, tmp_fd, new_size, old_size)
    name = os.fsencode(target.name)
    os.pwrite(tmp_fd, name + _TRAILER.pack(_MAGIC, st.st_dev, st.st_ino, new_size, new_crc, old_size, old_crc,
                                           len(name)), new_size + old_size)
    os.fsync(tmp_fd)
    journal = folder / f"{journal_prefix(stem)}{os.urandom(5).hex()}.tmp"
    os.rename(tmp, journal)  # the commit point: from here the save is finished, now or by the next run
    _fsync_folder(folder)
    try:
        with held():
            if new_size > old_size and hasattr(os, "posix_fallocate"):
                try:  # claim the space first: a full disk fails here, before any byte changes
                    os.posix_fallocate(target_fd, 0, new_size)
                except OSError as e:
                    if e.errno in (errno.ENOSPC, errno.EDQUOT):
                        raise
            _put(tmp_fd, 0, new_size, target_fd)
    except BaseException as e:
        reason = _why(e) if isinstance(e, OSError) else type(e).__name__
        try:
            with held():
                _put(tmp_fd, new_size, old_size, target_fd)
        except OSError as again:
            raise InPlaceError(translate(
                "saving", "could not save ({reason}), and putting the file back as it was failed too ({again}): it "
                "may be damaged. Its new content is kept in {journal}; the next open or save of the file finishes "
                "the save").format(reason=reason, again=_why(again), journal=journal.name), damaged=True) from None
        _remove(journal, folder)
        if isinstance(e, OSError):
            raise InPlaceError(translate("saving", "could not save ({reason}); {unchanged}").format(
                reason=reason, unchanged=translate("saving", "the file on disk is unchanged"))) from None
        raise
    _remove(journal, folder)  # the save is done: a journal left here is found equal to the file


def _remove(journal: Path, folder: Path) -> None:
    try:
        os.unlink(journal)
    except OSError:
        return
    _fsync_folder(folder)


def _why(e: OSError) -> str:
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return translate("saving", "the disk is full")
    return e.strerror or str(e)


# ------------------------------------------------------------------ finishing


class _Journal:
    """A journal's trailer, read and checked against the file's size."""

    def __init__(self, fd: int) -> None:
        size = os.fstat(fd).st_size
        if size < _TRAILER.size:
            raise ValueError("too short")
        magic, self.dev, self.ino, self.new_size, self.new_crc, self.old_size, self.old_crc, n = \
            _TRAILER.unpack(_pread(fd, _TRAILER.size, size - _TRAILER.size))
        if magic != _MAGIC or self.new_size + self.old_size + n + _TRAILER.size != size:
            raise ValueError("not a journal")
        self.name = os.fsdecode(_pread(fd, n, self.new_size + self.old_size))


def _prefix(a: int, b: int, size: int) -> int:
    """The number of leading bytes two files have in common, up to `size`."""
    at = 0
    while at < size:
        n = min(SLICE, size - at)
        x, y = _pread(a, n, at), _pread(b, n, at)
        if x == y and len(x) == n:
            at += n
            continue
        lo, hi = 0, min(len(x), len(y))  # the first difference, by halving
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if x[:mid] == y[:mid]:
                lo = mid
            else:
                hi = mid - 1
        return at + lo
    return size


def _interrupted_shape(journal: int, j: _Journal, target: int) -> bool:
    """Whether the file is as an interrupted copy leaves it: the new content up to some
    byte, the old content after it, zeros beyond the old end (the space claimed first),
    and no longer than the longer of the two."""
    size = os.fstat(target).st_size
    if size > max(j.old_size, j.new_size):
        return False
    k = _prefix(journal, target, min(size, j.new_size))
    # from k on: the old content (it starts at new_size in the journal), then zeros
    old_end = min(size, j.old_size)
    if k < old_end and not _same(journal, j.new_size + k, target, k, old_end - k):
        return False
    zeros_from = max(k, j.old_size)
    for at in range(zeros_from, size, SLICE):
        part = _pread(target, min(SLICE, size - at), at)
        if part.count(0) != len(part):
            return False
    return True


def finish(target: Path, target_fd: int | None, journals: list[Path]) -> list[str]:
    """Finish or set aside the journals interrupted saves of `target` left (the caller holds
    the file's exclusive lock, `target_fd`, None when the file is gone or cannot be
    opened). Return what the user should be told, one sentence each."""
    notes = []
    for journal in sorted(journals, key=_mtime):
        note = _finish_one(target, target_fd, journal)
        if note:
            notes.append(note)
    return notes


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def _finish_one(target: Path, target_fd: int | None, journal: Path) -> str | None:
    folder = journal.parent
    try:
        jfd = os.open(journal, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None  # finished meanwhile
    except OSError as e:
        return translate("saving", "an earlier save of this file was interrupted; its new content is in "
                         "{journal}, which cannot be opened ({reason}); the file may be damaged").format(
            journal=journal.name, reason=_why(e))
    try:
        try:
            j = _Journal(jfd)
        except (ValueError, OSError, struct.error):
            aside = _set_aside(journal, target, None, jfd)
            return translate("saving", "{journal} is named like what an interrupted save leaves but is not one; "
                             "moved to {aside}").format(journal=journal.name, aside=aside)
        if j.name != target.name:
            return None  # another file's (long names share a stem)
        try:
            whole = _crc(jfd, 0, j.new_size) == j.new_crc and _crc(jfd, j.new_size, j.old_size) == j.old_crc
        except OSError:
            whole = False
        if not whole:
            aside = _set_aside(journal, target, None, jfd)
            return translate("saving", "an earlier save of this file was interrupted, and what it kept fails its "
                             "checksum (did the disk lose data?); the file was left as it is and may be "
                             "damaged; what was kept is in {aside}").format(aside=aside)
        st = os.fstat(target_fd) if target_fd is not None else None
        ours = st is not None and (st.st_dev, st.st_ino) == (j.dev, j.ino)
        if ours and not _writable(target_fd):
            return translate("saving", "an earlier save of this file was interrupted, and this user cannot write "
                             "the file to finish it; it may be damaged; the new content is in {journal}").format(
                journal=journal.name)
        if not ours:
            aside = _set_aside(journal, target, j.new_size, jfd)
            return translate("saving", "an earlier save of this file was interrupted, and the file was replaced "
                             "or removed since; the content that save was writing is kept as {aside}").format(
                aside=aside)
        assert target_fd is not None and st is not None
        if st.st_size == j.new_size and _same(jfd, 0, target_fd, 0, j.new_size):
            _remove(journal, folder)  # the save was complete: only the journal was left
            return None
        if not _interrupted_shape(jfd, j, target_fd):
            aside = _set_aside(journal, target, j.new_size, jfd)
            return translate("saving", "an earlier save of this file was interrupted, and another program changed "
                             "the file since; it was left as it is, and the content that save was writing is "
                             "kept as {aside}").format(aside=aside)
        try:
            _put(jfd, 0, j.new_size, target_fd)
        except OSError as e:
            return translate("saving", "an earlier save of this file was interrupted and could not be finished "
                             "({reason}); the file may be damaged; its new content is in {journal}").format(
                reason=_why(e), journal=journal.name)
        _remove(journal, folder)
        return translate("saving", "an earlier save of this file was interrupted while it wrote the file in "
                         "place; it was finished now (the file holds that save's content)")
    finally:
        os.close(jfd)


def _writable(fd: int | None) -> bool:
    if fd is None:
        return False
    import fcntl

    return fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDWR


def _set_aside(journal: Path, target: Path, keep: int | None, jfd: int) -> str:
    """Give the journal a visible name beside the file (cut to the new content when `keep`
    says its size: then it is a record file of its own); return that name."""
    stem, ext = os.path.splitext(target.name)
    for _ in range(100):
        aside = journal.parent / f"{stem}.interrupted-save-{os.urandom(3).hex()}{ext}"
        if os.path.lexists(aside):
            continue
        try:
            os.link(journal, aside)  # never over an existing name
        except FileExistsError:
            continue
        except OSError:
            return journal.name  # cannot be renamed: it stays (and is reported again)
        _remove(journal, journal.parent)
        if keep is not None:
            try:
                os.ftruncate(jfd, keep)
                os.fsync(jfd)
            except OSError:
                pass
        return aside.name
    return journal.name
