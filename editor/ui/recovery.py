"""Crash recovery: unsaved edits written to a side file a few seconds after each change.

One file per open document in the recovery folder: a JSON header line (the document's
path, dialect, binary flag, when it was written, the file's size and mtime then, and the
size and CRC-32 of what follows), a newline, then the live message in protobuf's binary
format — which keeps every float bit and is quick to write even for a large record. The
file is removed when the edits are saved or discarded; a file still there at the next
start means the editor did not end normally, and the window offers to restore it.

A recovery file is checked completely before it is offered and again before it is applied:
it must be a regular file (not a link, a FIFO or a device: reading those could block or
never end) no bigger than a header and the largest record the reader accepts; its header
must give the size and CRC-32 of the record (files of earlier versions, which did not,
cannot be told from files cut short), the file must be exactly that long, the checksum
must match, and the record itself must read with the dialect's schema, with no field it
does not know. The header is read first and the record only when the file's size agrees,
so nothing is ever read beyond what the header announces. A file that fails is never
applied: it is set aside as NAME.recovery.damaged, and `RecoveryStore.set_aside` (or the
ValueError from `RecoveryInfo.data`) says why.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import stat
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.dialects import DIALECTS, unknown_fields
from editor.records.fileread import MAX_FILE_SIZE
from editor.records.saving import atomic_write

SUFFIX = ".recovery"
#: what a recovery file that failed its check is renamed to end with
DAMAGED = ".damaged"
#: the longest header line read (the editor writes a few hundred bytes)
HEADER_MAX = 64 << 10
#: the largest recovery file read: a header and the largest record the reader accepts
MOST = HEADER_MAX + 1 + MAX_FILE_SIZE

_KINDS = ((stat.S_ISLNK, QT_TRANSLATE_NOOP("Recovery", "a symbolic link")),
          (stat.S_ISFIFO, QT_TRANSLATE_NOOP("Recovery", "a named pipe (FIFO)")),
          (stat.S_ISCHR, QT_TRANSLATE_NOOP("Recovery", "a character device")),
          (stat.S_ISBLK, QT_TRANSLATE_NOOP("Recovery", "a block device")),
          (stat.S_ISSOCK, QT_TRANSLATE_NOOP("Recovery", "a socket")),
          (stat.S_ISDIR, QT_TRANSLATE_NOOP("Recovery", "a folder")))


class Refused(ValueError):
    """A recovery file that is not used; str() says why (for the user)."""


def _kind(mode: int) -> str | None:
    """Why a file of this mode is not read (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), QT_TRANSLATE_NOOP("Recovery", "a special file"))
    return translate("Recovery", "it is {kind}, not a regular file as the editor writes").format(
        kind=translate("Recovery", kind))


def _read_exactly(fd: int, size: int, offset: int) -> bytes:
    """Up to `size` bytes from `offset` (fewer only at the end of the file)."""
    os.lseek(fd, offset, os.SEEK_SET)  # not pread: Windows has none
    parts = []
    while size > 0:
        part = os.read(fd, min(size, 1 << 24))
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def read_recovery(file: Path) -> tuple[RecoveryInfo, bytes]:
    """A recovery file's header and record, checked completely (see the module's notes);
    Refused says why a file is not used. FileNotFoundError when it is gone."""
    st = os.lstat(file)
    why = _kind(st.st_mode)
    if why is not None:
        raise Refused(why)
    if st.st_size > MOST:
        raise Refused(translate("Recovery", "it is {size} bytes, more than a recovery file can hold").format(
            size=f"{st.st_size:,}"))
    fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)  # what was opened (it may have been swapped after the look above)
        why = _kind(st.st_mode)
        if why is not None:
            raise Refused(why)
        head = _read_exactly(fd, min(st.st_size, HEADER_MAX + 1), 0)
        cut = head.find(b"\n")
        try:
            info = _info(file, json.loads(head[:cut].decode("utf-8")) if cut >= 0 else None)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            raise Refused(translate("Recovery", "its header cannot be read")) from None
        if info.size is None or info.crc32 is None:
            raise Refused(translate("Recovery", "it was written by an earlier version of the editor, without the "
                                    "size and checksum that tell a complete file from one cut short"))
        body = st.st_size - cut - 1
        if body != info.size:
            raise Refused(translate("Recovery", "it holds {got} bytes of the record, not the {want} written (cut "
                                    "short?)").format(got=f"{body:,}", want=f"{info.size:,}"))
        data = _read_exactly(fd, info.size, cut + 1)
    finally:
        os.close(fd)
    why = info.check(data)
    if why is not None:
        raise Refused(why)
    return info, data


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
    #: size and CRC-32 of the serialized message (None in files of earlier versions: never applied)
    size: int | None = None
    crc32: int | None = None

    def data(self) -> bytes:
        """The recovered message, serialized — the file read and checked completely again
        (see `read_recovery`). A file that fails is set aside and ValueError says why and
        where it went."""
        try:
            info, data = read_recovery(self.file)
        except Refused as e:
            raise ValueError(set_aside(self.file, str(e))) from None
        except OSError as e:
            raise ValueError(translate("Recovery", "cannot read it: {why}").format(why=e.strerror or e)) from None
        if info != self:  # another file took its name since it was offered: not the edits offered
            raise ValueError(set_aside(self.file, translate("Recovery", "it changed after it was offered")))
        return data

    def check(self, data: bytes) -> str | None:
        """Why `data` (what follows the header) is not the record this file was written with,
        or None when it is: size, checksum, and a complete read with the dialect's schema."""
        if self.size is None or self.crc32 is None:
            return translate("Recovery", "it was written by an earlier version of the editor, without the size "
                             "and checksum that tell a complete file from one cut short")
        if len(data) != self.size:
            return translate("Recovery", "it holds {got} bytes of the record, not the {want} written (cut "
                                         "short?)").format(got=f"{len(data):,}", want=f"{self.size:,}")
        if zlib.crc32(data) != self.crc32:
            return translate("Recovery", "its checksum does not match: the file was damaged after it was written")
        dialect = DIALECTS.get(self.dialect)
        if dialect is None:
            return translate("Recovery", "it names a dialect this editor does not know ({dialect})").format(
                dialect=repr(self.dialect))
        message = dialect.new_message()
        try:
            message.MergeFromString(data)  # as the window applies it
        except Exception as e:  # noqa: BLE001 - DecodeError and friends from upb
            return translate("Recovery", "the record in it does not read as {dialect}: {error}").format(
                dialect=dialect.name, error=e)
        unknown = unknown_fields(message)
        if unknown:
            return translate("Recovery", "the record in it has fields the {dialect} schema does not know (in "
                                         "{where})").format(dialect=dialect.name, where=", ".join(unknown[:3]))
        return None

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(self.written))
        name = self.path.name if self.path is not None else translate("Recovery", "an unsaved new record")
        return translate("Recovery", "{name} (edits from {when})").format(name=name, when=when)

    def source_changed(self) -> bool:
        """Whether the original file changed after the recovery was written."""
        if self.path is None or self.source_size is None:
            return False
        try:
            st = self.path.stat()
        except (OSError, ValueError):
            return True
        return st.st_size != self.source_size or st.st_mtime_ns != self.source_mtime_ns


class RecoveryStore:
    """The recovery folder: write, remove and list recovery files."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        #: the files the last `list()` set aside, each with why (what the user is told)
        self.set_aside: list[tuple[Path, str]] = []

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
        pieces = [data] if isinstance(data, (bytes, bytearray, memoryview)) else list(data)
        crc = 0
        for piece in pieces:  # zlib lets other threads run while it sums a big piece
            crc = zlib.crc32(piece, crc)
        header = {"path": str(path) if path is not None else None, "dialect": dialect, "binary": binary,
                  "written": time.time(), "source_size": size, "source_mtime_ns": mtime,
                  "size": sum(len(piece) for piece in pieces), "crc32": crc}
        target = self.file_for(key)
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
        """The recovery files that pass their check completely, newest first. The others are
        set aside (renamed to end in .damaged), and listed in `set_aside` with why."""
        found: list[RecoveryInfo] = []
        self.set_aside = []
        if not self.folder.is_dir():
            return found
        for file in self.folder.glob(f"*{SUFFIX}"):
            try:
                info, _data = read_recovery(file)
            except Refused as e:
                self.set_aside.append((file, f"{file}: {set_aside(file, str(e))}"))
                continue
            except OSError:
                continue  # not ours to read (or gone): leave it
            found.append(info)
        return sorted(found, key=lambda r: r.written, reverse=True)


def _info(file: Path, header: object) -> RecoveryInfo:
    if not isinstance(header, dict):
        raise ValueError("no header")

    def number(name: str) -> int | None:
        value = header.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise ValueError(name)
        return value

    path = header.get("path")
    if path is not None and (not isinstance(path, str) or "\0" in path):
        raise ValueError("path")
    written = header.get("written", 0.0)
    if not isinstance(written, (int, float)) or not (math.isfinite(written) and 0 <= written < 1e11):
        raise ValueError("written")  # a time that cannot be shown
    return RecoveryInfo(
        file=file,
        path=Path(path) if path else None,
        dialect=str(header["dialect"]),
        binary=bool(header.get("binary", False)),
        written=float(written),
        source_size=number("source_size"),
        source_mtime_ns=number("source_mtime_ns"),
        size=number("size"),
        crc32=number("crc32"),
    )


def set_aside(file: Path, why: str) -> str:
    """Rename a recovery file that failed its check so it is never offered again (but kept
    for whoever wants to look); return the message for the user (without the file's name)."""
    damaged = file.with_name(file.name + DAMAGED)
    try:
        os.replace(file, damaged)
    except OSError as e:
        return translate("Recovery", "not used: {why}; it could not be set aside ({error})").format(
            why=why, error=e.strerror or e)
    return translate("Recovery", "not used: {why}; set aside as {name}").format(why=why, name=damaged.name)
