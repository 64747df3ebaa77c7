"""Proving that written text reads back as the record — without reading all of it again.

A save must never replace a file with text that does not read back as the live message.
Reading the whole written file again costs as much as opening it; but after a patch
(textwrite.Rendering) most of the text is the original's, byte for byte, and what those
bytes mean is known: they were read when the file was opened. So:

- a top-level entry the patch did not touch is *kept*: its bytes, from the start of its
  line, are the original's, the line before ends where it ended, and the patch found the
  entry equal to the live one at its new place (`Rendering.kept`). Text format reads line
  by line and a top-level entry ends in a one-character token (`}`, `]`, `,`, `;`), so a
  kept entry reads in the new file exactly as it did in the old one;
- everything between kept entries that changed (a *region*: edited entries, inserted ones,
  whatever the patch wrote) is read on its own with the same reader, and must give exactly
  the live entries at those places, bit for bit;
- the number of entries of each field must come out right.

`check_patch` returns None whenever it cannot vouch for the text this way (an edit next to
a kept entry on the same line, a region that does not read on its own, …); the caller then
reads the whole text back, as before. Files written anew (`textwrite.text_batches`) are
verified batch by batch as they are written (`BatchChecker`), each batch being whole
statements that read on their own. Either way the bytes on disk are compared with the
bytes meant (or their CRC-32), so the file's integrity is checked too.
"""
from __future__ import annotations

import bisect
import errno
import itertools
import struct
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor as _descriptor
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from editor.records.dialects import Dialect
from editor.records.messages import RootMessage, descriptor_of
from editor.records.textread import (
    LineIndex,
    Override,
    ParsedText,
    ParsePath,
    PythonOnly,
    Stmt,
    TextParseError,
    parse_text,
)
from editor.records.textwrite import Rendering, TextBatch

FD = _descriptor.FieldDescriptor
#: bytes compared in one call (the GIL is held for that long)
_STEP = 1 << 22


class Output:
    """The text a rendering writes, as the pieces it is written from."""

    def __init__(self, chunks: list[bytes | memoryview]) -> None:
        self.chunks = chunks
        self.starts: list[int] = []
        pos = 0
        for chunk in chunks:
            self.starts.append(pos)
            pos += len(chunk)
        self.size = pos

    def slice(self, a: int, b: int) -> bytes:
        """Bytes a..b of the output."""
        parts = []
        i = max(bisect.bisect_right(self.starts, a) - 1, 0)
        while i < len(self.chunks) and self.starts[i] < b:
            start = self.starts[i]
            chunk = self.chunks[i]
            parts.append(bytes(chunk[max(a - start, 0):min(b - start, len(chunk))]))
            i += 1
        return b"".join(parts)

    def holds(self, src: bytes, a: int, b: int, at: int) -> bool:
        """Whether output bytes at..at+(b-a) are `src[a:b]`."""
        n = b - a
        if at + n > self.size:
            return False
        i = max(bisect.bisect_right(self.starts, at) - 1, 0)
        done = 0
        while done < n:
            start, chunk = self.starts[i], self.chunks[i]
            view = memoryview(chunk)[at + done - start:]
            step = min(len(view), n - done, _STEP)
            if not src.startswith(view[:step], a + done):
                return False
            done += step
            if at + done >= start + len(chunk):
                i += 1
        return True

    def matches(self, data: bytes) -> bool:
        """Whether `data` is exactly this output (compared in C, a few MB at a time, no copies)."""
        return len(data) == self.size and self.matches_range(data, len(data), 0)

    def matches_range(self, data: bytes | bytearray, n: int, at: int) -> bool:
        """Whether `data[:n]` equals output bytes at..at+n."""
        if at + n > self.size:
            return False
        i = max(bisect.bisect_right(self.starts, at) - 1, 0)
        pos = 0  # in data
        while pos < n:
            start, chunk = self.starts[i], self.chunks[i]
            view = memoryview(chunk)[at + pos - start:]
            step = min(len(view), n - pos, _STEP)
            if not data.startswith(view[:step], pos):
                return False
            pos += step
            if at + pos >= start + len(chunk):
                i += 1
        return True


@dataclass
class _Kept:
    item: Stmt  # the entry's statement in the original text
    out_start: int  # where the statement starts in the new text
    new_first: int  # index of its first entry in the live message
    name: str  # its field


@dataclass
class _Region:
    src_start: int
    src_end: int
    out_start: int
    out_end: int
    parsed: ParsedText | None = None  # None: original text between entries, no statement


@dataclass
class Patched:
    """A patched text verified without reading it all: what is kept, what was read."""

    original: ParsedText
    kept: list[_Kept]
    regions: list[_Region]
    size: int

    def source(self, data: bytes, message: RootMessage) -> ParsedText:
        """The ParsedText of the written text `data` (as a full read would give it, up to
        location trees, which are built again when asked for); `message` is what it says."""
        items: list[Stmt] = []
        overrides: list[Override] = []
        python_only: list[PythonOnly] = []
        old = self.original
        by_start = sorted(self.kept, key=lambda k: k.item.start)
        starts = [k.item.start for k in by_start]

        def home(offset: int) -> _Kept | None:
            i = bisect.bisect_right(starts, offset) - 1
            if i >= 0 and offset < by_start[i].item.end:
                return by_start[i]
            return None

        def moved(path: ParsePath, k: _Kept) -> ParsePath:
            if not path:
                return path
            name, index = path[0]
            return ((name, None if index is None else index - k.item.first_index + k.new_first), *path[1:])

        for o in old.overrides:
            k = home(o.first)
            if k is not None and home(o.second) is k:
                d = k.out_start - k.item.start
                overrides.append(Override(moved(o.path, k), o.name, o.first + d, o.second + d))
        for p in old.python_only:
            k = home(p.offset)
            if k is not None:
                python_only.append(PythonOnly(moved(p.path, k), p.name, p.offset + k.out_start - k.item.start,
                                              p.token))
        counts: dict[str, int] = {}
        pieces: list[tuple[int, object]] = [(k.out_start, k) for k in self.kept]
        pieces += [(r.out_start, r) for r in self.regions if r.parsed is not None]
        for _, piece in sorted(pieces, key=lambda p: p[0]):
            if isinstance(piece, _Kept):
                it = piece.item
                d = piece.out_start - it.start
                items.append(Stmt(start=it.start + d, end=it.end + d, field=it.field, children=None,
                                  first_index=piece.new_first, count=it.count))
                counts[piece.name] = piece.new_first + it.count
                continue
            region = piece
            assert isinstance(region, _Region) and region.parsed is not None
            a = region.out_start
            base = dict(counts)
            for it in region.parsed.items:
                first = it.first_index + (base.get(it.field.name, 0) if it.field is not None else 0)
                items.append(Stmt(start=it.start + a, end=it.end + a, field=it.field, children=None,
                                  first_index=first, count=it.count))
                if it.field is not None:
                    counts[it.field.name] = first + it.count

            def rebased(path: ParsePath, base: dict[str, int] = base) -> ParsePath:
                if not path:
                    return path
                name, index = path[0]
                return ((name, None if index is None else index + base.get(name, 0)), *path[1:])

            overrides += [Override(rebased(o.path), o.name, o.first + a, o.second + a)
                          for o in region.parsed.overrides]
            python_only += [PythonOnly(rebased(p.path), p.name, p.offset + a, p.token)
                            for p in region.parsed.python_only]
        return ParsedText(data, old.dialect, message, items, overrides, python_only, LineIndex(data))


def _line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def check_patch(parsed: ParsedText, live: Message, rendering: Rendering) -> Patched | None:
    """Verify that the text `rendering` makes reads back as `live`, reading only what changed.

    None: this check cannot vouch for it (read the whole text back instead).
    """
    src = parsed.data
    edits = rendering.edits
    starts = [e[0] for e in edits]
    ends = [e[1] for e in edits]
    growth = [0]
    for a, b, text in edits:
        growth.append(growth[-1] + len(text) - (b - a))
    out = Output(rendering.chunks)

    def out_pos(p: int) -> int:
        """Where source offset `p` (not inside an edit) lands: after what was inserted at p."""
        return p + growth[bisect.bisect_right(ends, p)]

    # kept entries: untouched from their line's start to their end, at a line start in the output
    kept: list[_Kept] = []
    spans: list[tuple[int, int, int]] = []  # their source spans [line start, end), and output end
    for item in parsed.items:
        fd = item.field
        if fd is None or not fd.is_repeated or fd.cpp_type != FD.CPPTYPE_MESSAGE or item.count < 1:
            continue
        ls = _line_start(src, item.start)
        if src[ls:item.start].strip(b" \t") or (spans and ls < spans[-1][1]):
            continue
        if bisect.bisect_right(ends, ls) < bisect.bisect_left(starts, item.end):
            continue  # an edit overlaps the entry or its line's indentation
        new_first = _new_index(rendering.kept, fd.name, item.first_index, item.count)
        if new_first is None:
            continue
        out_ls = out_pos(ls)
        if out_ls > 0 and out.slice(out_ls - 1, out_ls) != b"\n":
            continue
        # checked here, not taken from the patch: the entries are the same, bit for bit, and
        # the text says them with the original's bytes
        old_keys, new_keys = rendering.keys.get(fd.name, ((), ()))
        if old_keys[item.first_index:item.first_index + item.count] != \
                new_keys[new_first:new_first + item.count] or len(new_keys) < new_first + item.count:
            return None
        if not out.holds(src, ls, item.end, out_ls):
            return None
        out_start = out_pos(item.start)
        kept.append(_Kept(item, out_start, new_first, fd.name))
        spans.append((ls, item.end, out_start + item.end - item.start))
    # the regions between them, read on their own where anything in them changed
    regions: list[_Region] = []
    bounds = [(0, 0, 0), *spans, (len(src), len(src), out.size)]
    item_starts = [it.start for it in parsed.items]
    for (_, prev_end, a), (next_ls, _, _) in itertools.pairwise(bounds):
        # what was inserted right after a kept entry belongs to the region after it, what was
        # inserted at a kept entry's line start to the region before it
        b = out_pos(next_ls) if next_ls < len(src) else out.size
        touched = bisect.bisect_left(starts, prev_end) < bisect.bisect_right(starts, next_ls) or \
            bisect.bisect_left(item_starts, prev_end) < bisect.bisect_left(item_starts, next_ls)
        region = _Region(prev_end, next_ls, a, b)
        if touched and b > a:
            try:
                region.parsed = parse_text(out.slice(a, b), parsed.dialect)
            except (TextParseError, RecursionError):
                return None
        regions.append(region)
    # the entries, in order, must be the live ones
    counts: dict[str, int] = {}
    pieces: list[tuple[int, object]] = [(k.out_start, k) for k in kept]
    pieces += [(r.out_start, r) for r in regions if r.parsed is not None]
    for _, piece in sorted(pieces, key=lambda p: p[0]):
        if isinstance(piece, _Kept):
            name = piece.name
            if piece.new_first != counts.get(name, 0):
                return None
            counts[name] = piece.new_first + piece.item.count
            continue
        assert isinstance(piece, _Region) and piece.parsed is not None
        if not _same_entries(piece.parsed.message, live, counts):
            return None
    for fd in descriptor_of(live).fields:
        if fd.is_repeated and fd.cpp_type == FD.CPPTYPE_MESSAGE:
            if counts.get(fd.name, 0) != len(getattr(live, fd.name)):
                return None
        elif (fd.is_repeated and len(getattr(live, fd.name))) or \
                (not fd.is_repeated and fd.has_presence and live.HasField(fd.name)):
            return None
    return Patched(parsed, kept, regions, out.size)


def _new_index(kept: dict[str, list[tuple[int, int, int]] | None], name: str, first: int,
               count: int) -> int | None:
    """Where the patch put original entries first..first+count-1 of field `name` (all
    unchanged and still together), or None."""
    if name not in kept:
        return None
    blocks = kept[name]
    if blocks is None:
        return first
    for i1, i2, j1 in blocks:
        if i1 <= first and first + count <= i2:
            return j1 + first - i1
    return None


def _same_entries(part: Message, live: Message, counts: dict[str, int]) -> bool:
    """Whether every entry `part` read is the live entry at its place (counts: entries before
    it, per field; advanced past them)."""
    for fd, value in part.ListFields():
        if not (fd.is_repeated and fd.cpp_type == FD.CPPTYPE_MESSAGE):
            return False
        at = counts.get(fd.name, 0)
        target = getattr(live, fd.name)
        if at + len(value) > len(target):
            return False
        for k, entry in enumerate(value):
            if entry.SerializePartialToString() != target[at + k].SerializePartialToString():
                return False
        counts[fd.name] = at + len(value)
    return True


class BatchChecker:
    """Verifies text written anew, batch by batch (`textwrite.text_batches`), as it is written.

    Each batch must read on its own as exactly the entries it was made from; the CRC-32 and
    size of everything checked are kept so the file on disk can be compared afterwards.
    With `collect`, the statements read are kept (offsets in the whole text) to make the
    written file's ParsedText without reading it again.
    """

    def __init__(self, message: RootMessage, dialect: Dialect, collect: bool = False) -> None:
        self.message = message
        self.dialect = dialect
        self.collect = collect
        self.crc = 0
        self.size = 0
        self.items: list[Stmt] = []
        self.overrides: list[Override] = []
        self.python_only: list[PythonOnly] = []

    def check(self, batch: TextBatch) -> bool:
        """Whether `batch` reads back as what it was made from (and note it as written)."""
        try:
            parsed = parse_text(batch.data, self.dialect)
        except (TextParseError, RecursionError):
            return False
        got = parsed.message
        for fd, first, count in batch.entries:
            mine, theirs = getattr(self.message, fd.name), getattr(got, fd.name)
            if fd.is_repeated:
                if len(theirs) != count:
                    return False
                if fd.cpp_type == FD.CPPTYPE_MESSAGE:
                    if any(theirs[k].SerializePartialToString() != mine[first + k].SerializePartialToString()
                           for k in range(count)):
                        return False
                elif _scalar_bits(fd, theirs) != _scalar_bits(fd, list(mine)[first:first + count]):
                    return False
            elif fd.cpp_type == FD.CPPTYPE_MESSAGE:
                if theirs.SerializePartialToString() != mine.SerializePartialToString():
                    return False
            elif _scalar_bits(fd, [theirs]) != _scalar_bits(fd, [mine]):
                return False
        if sum(1 for _ in got.ListFields()) != len(batch.entries):
            return False
        if self.collect:
            a = self.size
            for it in parsed.items:
                first = it.first_index + next((f for fd, f, _ in batch.entries if fd is it.field), 0)
                self.items.append(Stmt(start=it.start + a, end=it.end + a, field=it.field, children=None,
                                       first_index=first, count=it.count))
            self.overrides += [Override(o.path, o.name, o.first + a, o.second + a) for o in parsed.overrides]
            self.python_only += [PythonOnly(p.path, p.name, p.offset + a, p.token) for p in parsed.python_only]
        self.crc = zlib.crc32(batch.data, self.crc)
        self.size += len(batch.data)
        return True

    def source(self, data: bytes) -> ParsedText:
        """The ParsedText of the whole written text `data` (collect=True)."""
        return ParsedText(data, self.dialect, self.message, self.items, self.overrides, self.python_only,
                          LineIndex(data))


def _scalar_bits(fd: FieldDescriptor, values: Iterable[object]) -> list[object]:
    if fd.cpp_type == FD.CPPTYPE_FLOAT:
        return [struct.pack("<f", v) for v in values]
    if fd.cpp_type == FD.CPPTYPE_DOUBLE:
        return [struct.pack("<d", v) for v in values]
    return list(values)


def compare_file(written: Path, out: Output, keep: bool, progress: Callable[[int], bool] | None) -> bytes | None:
    """Compare the written file with the text meant, byte for byte; return its bytes if `keep`.

    A difference is an OSError: the disk or file system did not keep what was written.
    """
    if keep:
        with open(written, "rb", buffering=0) as fh:
            data = fh.read()
        if not out.matches(data):
            raise OSError(errno.EIO, "the file written does not read back as written")
        if progress is not None:
            progress(len(data))
        return data
    buf = bytearray(_READ_SLICE)
    done = 0
    with open(written, "rb", buffering=0) as fh:
        while True:
            n = fh.readinto(buf)
            if not n:
                break
            if not out.matches_range(buf, n, done):
                raise OSError(errno.EIO, "the file written does not read back as written")
            done += n
            if progress is not None and done % _REPORT_EVERY < n:
                progress(done)
    if progress is not None:
        progress(done)
    if done != out.size:
        raise OSError(errno.EIO, "the file written does not have the size written")
    return None


def compare_crc(written: Path, checker: BatchChecker, keep: bool,
                 progress: Callable[[int], bool] | None) -> bytes | None:
    """Compare the written file's size and CRC-32 with what was verified; its bytes if `keep`."""
    crc = size = 0
    data = None
    with open(written, "rb", buffering=0) as fh:
        if keep:
            data = fh.read()
            crc, size = zlib.crc32(data), len(data)
        else:
            buf = bytearray(_READ_SLICE)
            view = memoryview(buf)
            while True:
                n = fh.readinto(buf)
                if not n:
                    break
                crc = zlib.crc32(view[:n], crc)
                size += n
                if progress is not None and size % _REPORT_EVERY < n:
                    progress(size)
    if (crc, size) != (checker.crc, checker.size):
        raise OSError(errno.EIO, "the file written does not read back as written")
    if progress is not None:
        progress(size)
    return data


#: bytes read back per step: a buffer that stays in the CPU's cache. Reading a 10 MB file
#: back took 5-6.5 ms through a 4 MB buffer (zeroed and faulted in first) and 2.8-3.2 ms
#: through this one, a tenth of a save after one edit
_READ_SLICE = 1 << 18
#: progress is reported about this often while reading back
_REPORT_EVERY = 1 << 22
