"""Reading a big record file for `info` and `check` without holding all of it.

`textread.parse_text` reads text that is all in memory: a 50 MB file and its 10 MB message
are both there at the end, 1.6 times the file with the interpreter. The command line's
read-only commands need the text again only to locate what they report. Here the file is
read in pieces of 1 MB, each entry in AMCT's layouts by the same fast path
(`FastReader.entry`) and merged into the message as it comes, so that only one piece and
the message are in memory; afterwards the text is a `FileText`, which reads the few
kilobytes a location needs from the file when asked.

Anything the fast path does not read, any byte that is not UTF-8, a NUL — everything for
which the careful path would have a say — makes `stream_file` return None, and the caller
reads the file whole as before: what is reported, and where, is never different
(`tests/records/test_stream_read.py` holds the two together on every layout, with pieces of
a few bytes).
"""
from __future__ import annotations

import codecs
import os
import re
import stat
from contextlib import suppress
from typing import Any

from editor.i18n import translate
from editor.records._fastread import _SEPARATORS, FastReader, NotSimple
from editor.records.dialects import Dialect, detect_from_names
from editor.records.errors import RecordError
from editor.records.textread import _BATCH, _SKIP, LineIndex, ParsedText, Stmt, field_names_in

#: how much of the file is read at a time
PIECE = 1 << 20


class FileText:
    """The text of a file, read in slices when asked (`len`, `text[a:b]`), from the file
    descriptor it was read with; anything else reads it all once. The file must not change
    while it is used: each read checks its size and modification time and says so if it did.
    """

    def __init__(self, fd: int, path: os.PathLike[str] | str):
        self._fd = fd
        self._path = path
        st = os.fstat(fd)
        self._size = st.st_size
        self._stamp = (st.st_size, st.st_mtime_ns)
        self._whole: bytes | None = None

    def __del__(self) -> None:
        if self._fd >= 0:
            with suppress(OSError, TypeError):  # TypeError: at exit, `os` may be gone already
                os.close(self._fd)

    def __len__(self) -> int:
        return self._size

    def _check(self) -> None:
        st = os.fstat(self._fd)
        if (st.st_size, st.st_mtime_ns) != self._stamp:
            raise RecordError(translate("reading", "the file changed on disk while it was being read; "
                                        "run the command again"), self._path)

    def __getitem__(self, key: slice | int) -> Any:
        if self._whole is not None:
            return self._whole[key]
        if isinstance(key, int):
            return self[key:key + 1][0] if -self._size <= key < self._size else b""[key]
        start, stop, step = key.indices(self._size)
        if step != 1:
            return self.whole()[key]
        if stop <= start:
            return b""
        self._check()
        return os.pread(self._fd, stop - start, start)

    def whole(self) -> bytes:
        """All the text (read once, then kept)."""
        if self._whole is None:
            self._check()
            self._whole = os.pread(self._fd, self._size, 0)
            if len(self._whole) != self._size:
                raise RecordError(translate("reading", "the file changed on disk while it was being read; "
                                            "run the command again"), self._path)
        return self._whole

    def __bytes__(self) -> bytes:
        return self.whole()

    def __contains__(self, sub: bytes) -> bool:
        return sub in self.whole()

    def __getattr__(self, name: str) -> Any:  # decode, find, ...: what the whole text answers
        return getattr(self.whole(), name)


#: an entry longer than this is not waited for (a layer of 1 024 channels is ~43 KB)
_LONGEST = 64 << 20
_BRACKET = re.compile(rb"[{}<>]")


def _closed(buf: bytes, p: int) -> bool:
    """Whether the brackets of the statement at `p` close inside `buf` — then the fast path
    refused a whole entry, not one cut by the end of the piece. Brackets in strings and
    comments are counted too: a wrong answer only sends the file to the whole read."""
    depth = 0
    for m in _BRACKET.finditer(buf, p):
        depth += 1 if buf[m.start()] in b"{<" else -1
        if depth <= 0:
            return True
    return False


class _Unusual(Exception):
    """Not for this reader: read the file whole."""


def stream_file(fd: int, path: os.PathLike[str] | str, dialect: Dialect | None, piece: int = PIECE) -> ParsedText | None:
    """The file open at `fd` (at its start) read in pieces, or None when it must be read
    whole (see the module's docstring). `fd` is kept by the result's FileText (closed with it)
    when the reading succeeds, and left open otherwise."""
    before = os.fstat(fd)
    first = os.read(fd, piece)
    if not first:
        return None
    if dialect is None:
        dialect = detect_from_names(field_names_in(first)).dialect
    try:
        message, items = _read(fd, first, dialect, piece)
    except _Unusual:
        return None
    text = FileText(fd, path)
    if text._stamp != (before.st_size, before.st_mtime_ns):  # written to while it was read
        text._fd = -1  # the caller closes fd
        return None
    return ParsedText(text, dialect, message, items, [], [], LineIndex(text))  # type: ignore[arg-type]


def _read(fd: int, first: bytes, dialect: Dialect, piece: int) -> tuple[Any, list[Stmt]]:
    fast = FastReader.for_descriptor(dialect.descriptor)
    message = dialect.new_message()
    decoder = codecs.getincrementaldecoder("utf-8")()
    items: list[Stmt] = []
    counts: dict[str, int] = {}
    batch: list[bytes] = []
    batched = 0
    buf = b""
    base = 0  # the file offset of buf[0]
    pos = 0
    eof = False
    total = 0

    def more(chunk: bytes | None = None, size: int = piece) -> None:
        nonlocal buf, base, pos, eof, total
        chunk = os.read(fd, size) if chunk is None else chunk
        if not chunk:
            eof = True
            try:
                decoder.decode(b"", final=True)
            except UnicodeDecodeError:
                raise _Unusual from None
            return
        if b"\0" in chunk:
            raise _Unusual  # NUL: the careful path notes what C++ readers make of it
        try:
            decoder.decode(chunk)
        except UnicodeDecodeError:
            raise _Unusual from None
        total += len(chunk)
        buf = buf[pos:] + chunk  # what was read is dropped
        base += pos
        pos = 0

    def add(field: Any, start: int, end: int, wire: bytes) -> None:
        nonlocal batched
        batch.append(wire)
        batched += len(wire)
        if batched >= _BATCH:
            message.MergeFromString(b"".join(batch))
            batch.clear()
            batched = 0
        name = field.name
        index = counts.get(name, 0)
        items.append(Stmt(start=start, end=end, field=field, children=None, first_index=index, count=1))
        counts[name] = index + 1

    #: an entry read whole whose `,`/`;` may come after the end of the piece: (field, start,
    #: end, wire), its offsets in the file
    pending: tuple[Any, int, int, bytes] | None = None
    more(first)
    while True:
        p = _SKIP.match(buf, pos).end()
        if p >= len(buf) and not eof:
            # The whitespace and comments skipped are dropped, so that the next piece does
            # not scan them again (a long run of comments would be read once per piece):
            # only a comment still open at the end is kept, as the one `#` that says so.
            keep = b"#" if buf.find(b"#", max(buf.rfind(b"\n", pos, p) + 1, pos), p) >= 0 else b""
            buf, base, pos = keep, base + p - len(keep), 0
            more()
            continue
        if pending is not None:  # what follows it has come: its separator, if it has one
            field, start, end, wire = pending
            pending = None
            if buf[p:p + 1] in _SEPARATORS:
                end = base + p + 1
                pos = p + 1
            add(field, start, end, wire)
            continue
        if p >= len(buf):
            break
        try:
            fd_, end, wire = fast.entry(buf, p)
        except NotSimple:
            if eof or _closed(buf, p) or len(buf) - p > _LONGEST:
                raise _Unusual from None  # the careful path reads it (or says what is wrong)
            # The entry goes on in the next piece: read as much again as is held, so that a
            # long entry is tried a few times (its length doubling), not once per piece.
            buf, base, pos = buf[p:], base + p, 0
            more(size=max(piece, len(buf)))
            continue
        pos = end
        if not eof and _SKIP.match(buf, end).end() >= len(buf):
            pending = (fd_, base + p, base + end, wire)  # a `;` may follow in the next piece
            continue
        add(fd_, base + p, base + end, wire)
    if batch:
        message.MergeFromString(b"".join(batch))
    if total != os.fstat(fd).st_size:
        raise _Unusual  # the file grew or shrank while it was read: read it whole
    return message, items


def stream_path(path: os.PathLike[str] | str, dialect: Dialect | None, smallest: int, largest: int) -> ParsedText | None:
    """`path` read by `stream_file` when it is a regular text file of `smallest` to `largest`
    bytes in a layout the fast path reads, else None (then it is read whole, and any error
    said as usual)."""
    if not hasattr(os, "pread"):  # pragma: no cover - Windows: FileText reads with pread
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None  # the whole read says why
    keep = False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or not smallest <= st.st_size <= largest:
            return None
        if _CONTROL.search(os.pread(fd, 1 << 16, 0)):
            return None  # binary, perhaps: the whole read decides
        parsed = stream_file(fd, path, dialect)
        keep = parsed is not None
        return parsed
    except OSError:
        return None
    finally:
        if not keep:
            os.close(fd)


#: what makes a file look binary (RecordDocument.load tries it as binary first)
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")
