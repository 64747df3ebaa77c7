"""The text a source view shows: a file around a line, or one entry of a record.

Qt-free. A file that failed to open is shown from its bytes: whole when it is small, else
a window of lines around the error (found by counting newlines a slice at a time, never
holding the file in memory). Bytes that are not UTF-8 and control characters are shown
escaped (``\\xff``), a very long line is cut around the column that matters, and what is
left out is said in a note. An entry of an open record is shown as the file has it, with
its real line numbers, or, when the file has no text for it (a binary record, an entry
edited since it was read), as it would be written, labelled so.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from google.protobuf.message import Message

from editor.i18n import translate

if TYPE_CHECKING:
    from editor.records.document import RecordDocument

#: files up to this size are shown whole
WHOLE_LIMIT = 4 << 20
#: otherwise this many lines either side of the line asked for
CONTEXT_LINES = 3000
#: and at most this many bytes in all
REGION_LIMIT = 4 << 20
#: characters of one line shown (a longer one is cut, around the column asked for)
LINE_LIMIT = 4000
#: an entry's text longer than this is cut (a layer with a million scale_w values)
ENTRY_LIMIT = 2 << 20

_SLICE = 1 << 22
# Shown escaped: control characters but the tab, the C1 controls, the characters a text
# widget takes as a line or paragraph break (the line numbers would no longer be the
# file's), the bidirectional overrides (text that reads otherwise than it is), a BOM, and
# the bytes that are not UTF-8 (decoded as lone surrogates).
_ESCAPED = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff"
                      "\udc80-\udcff]")


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # a byte that is not UTF-8
    return f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}"


def shown_line(raw: bytes) -> str:
    """One line of a file as a source view shows it: UTF-8 decoded, every byte that is not
    UTF-8 and every control character but the tab escaped as ``\\xNN`` (line and paragraph
    separators, bidirectional overrides as ``\\uNNNN``), a CR before the newline dropped."""
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    text = raw.decode("utf-8", errors="surrogateescape")
    return _ESCAPED.sub(lambda m: _escape_char(m.group(0)), text)


def shown_column(raw: bytes, column: int) -> int:
    """Where 1-based character `column` of line `raw` is in `shown_line(raw)`."""
    text = raw.decode("utf-8", errors="surrogateescape")[:max(column - 1, 0)]
    return len(_ESCAPED.sub(lambda m: _escape_char(m.group(0)), text)) + 1


@dataclass(frozen=True)
class SourceRegion:
    """Lines of a file, ready to show: `text` starts at line `first_line` (1-based) of the
    file; `line`/`column` are the place to mark (file line, column in the shown text);
    `note` says what is left out ("" when nothing is)."""

    text: str
    first_line: int
    line: int | None
    column: int | None
    note: str


def _line_offsets(fh: BinaryIO, wanted: list[int]) -> dict[int, int]:
    """Byte offsets where each 1-based line of `wanted` starts (the end of the file for a line
    beyond it), counting newlines a slice at a time."""
    found: dict[int, int] = {}
    todo = sorted(set(wanted))
    while todo and todo[0] <= 1:
        found[todo.pop(0)] = 0
    fh.seek(0)
    base, line = 0, 1  # `line` starts at or before `base`; lines counted up to `base`
    while todo:
        chunk = fh.read(_SLICE)
        if not chunk:
            break
        count = chunk.count(b"\n")
        pos = -1
        at = line
        while todo and todo[0] <= line + count:
            for _ in range(todo[0] - at):
                pos = chunk.index(b"\n", pos + 1)
            at = todo[0]
            found[todo.pop(0)] = base + pos + 1
        line += count
        base += len(chunk)
    for rest in todo:
        found[rest] = base
    return found


def _cut_line(raw: bytes, column: int | None) -> tuple[bytes, int | None, bool]:
    """A long line cut to about LINE_LIMIT bytes around `column` (bytes, the column in the
    cut text, whether it was cut)."""
    if len(raw) <= LINE_LIMIT:
        return raw, column, False
    if column is None:
        return raw[:LINE_LIMIT], None, True
    head = raw[:column * 4]  # a character is at most four bytes
    at = len(head.decode("utf-8", errors="surrogateescape")[:column - 1].encode("utf-8", errors="surrogateescape"))
    start = max(0, at - LINE_LIMIT // 2)
    return raw[start:start + LINE_LIMIT], column - len(raw[:start].decode("utf-8", errors="surrogateescape")), True


def read_region(path: str | os.PathLike[str], line: int | None = None, column: int | None = None) -> SourceRegion:
    """The text of file `path` to show with `line` (1-based) marked: all of it when it is at
    most WHOLE_LIMIT bytes, else CONTEXT_LINES lines either side of `line` (the first lines
    when no line is given). Raises OSError when the file cannot be read."""
    with open(Path(path), "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size <= WHOLE_LIMIT:
            return _region(fh.read(WHOLE_LIMIT), 1, line, column, [])
        centre = line or 1
        first = max(1, centre - CONTEXT_LINES)
        offsets = _line_offsets(fh, [first, centre, centre + 1, centre + CONTEXT_LINES + 1])
        mid, mid_end = offsets[centre], offsets[centre + 1]
        if mid_end - mid > REGION_LIMIT:  # one huge line: the part of it around the column
            at = mid + max((column or 1) - 1, 0)  # as bytes: exact for ASCII, near otherwise
            start = max(mid, at - LINE_LIMIT // 2)
            fh.seek(start)
            raw = fh.read(min(LINE_LIMIT, mid_end - start))
            note = translate("source", "The file is {size:,} bytes and line {line:,} alone {long:,}: only "
                             "{shown:,} bytes of it, around column {column:,}, are shown.").format(
                size=size, line=centre, long=mid_end - mid, shown=len(raw), column=column or 1)
            col = at - start + 1 if column is not None else None
            return SourceRegion(shown_line(raw), centre, line, col and shown_column(raw, col), note)
        start, end = offsets[first], offsets[centre + CONTEXT_LINES + 1]
        if end - start > REGION_LIMIT:  # long lines: fewer of them, the marked one kept
            cut = max(start, mid - REGION_LIMIT // 2)
            if cut > start:
                fh.seek(cut)
                cut += fh.read(mid - cut).find(b"\n") + 1
                first = centre - _count_lines(fh, cut, mid)
                start = cut
            end = min(end, start + REGION_LIMIT)
        fh.seek(start)
        data = fh.read(end - start)
    last = first + data.rstrip(b"\n").count(b"\n")
    note = translate("source", "The file is {size:,} bytes: only lines {first:,}–{last:,} are shown.").format(
        size=size, first=first, last=last)
    return _region(data, first, line, column, [note])


def _cut_note(cut: int) -> str:
    """Says that `cut` long lines are shown cut short."""
    text = (translate("source", "1 line longer than {limit:,} bytes is cut (…).") if cut == 1 else
            translate("source", "{count:,} lines longer than {limit:,} bytes are cut (…)."))
    return text.format(count=cut, limit=LINE_LIMIT)


def _region(data: bytes, first: int, line: int | None, column: int | None, notes: list[str]) -> SourceRegion:
    raws = data.split(b"\n")
    if len(raws) > 1 and raws[-1] == b"":
        raws.pop()
    mark = line if line is not None and first <= line < first + len(raws) else None
    shown_col = None
    texts: list[str] = []
    cut = 0
    for i, raw in enumerate(raws):
        here = first + i
        col = column if here == mark else None
        raw, col, was_cut = _cut_line(raw, col)
        cut += was_cut
        if here == mark and col is not None:
            shown_col = shown_column(raw, col)
        texts.append(shown_line(raw) + (" …" if was_cut else ""))
    if cut:
        notes.append(_cut_note(cut))
    if line is not None and mark is None:
        notes.append(translate("source", "Line {line:,} is not in the file (it has {lines:,} lines).").format(
            line=line, lines=first + len(raws) - 1))
    return SourceRegion("\n".join(texts), first, mark, shown_col, " ".join(notes))


def _count_lines(fh: BinaryIO, start: int, end: int) -> int:
    """Newlines in bytes [start, end) of the open file."""
    fh.seek(start)
    count = 0
    left = end - start
    while left > 0:
        chunk = fh.read(min(left, _SLICE))
        if not chunk:
            break
        count += chunk.count(b"\n")
        left -= len(chunk)
    return count


@dataclass(frozen=True)
class EntrySource:
    """The text of one top-level entry: `first_line` is the file's line number of its first
    line, or None when the text is not the file's (`note` says why and what it is)."""

    text: str
    first_line: int | None
    note: str


def entry_of(path: tuple[str | int, ...]) -> tuple[str, int] | None:
    """The top-level entry (field name, index) a selection path is in, or None."""
    if len(path) >= 2 and isinstance(path[0], str) and isinstance(path[1], int):
        return path[0], path[1]
    return None


def entry_source(document: RecordDocument, name: str, index: int) -> EntrySource | None:
    """The text of entry `name` `index` of `document`, or None when it has no such entry."""
    from editor.records.textwrite import format_message

    entries = getattr(document.message, name, None)
    if entries is None or not hasattr(entries, "add") or not 0 <= index < len(entries):
        return None
    found = document.entry_text(name, index)
    if found is not None:
        line, raw = found
        note = ""
        if len(raw) > ENTRY_LIMIT:
            raw = raw[:raw.rfind(b"\n", 0, ENTRY_LIMIT) + 1 or ENTRY_LIMIT]
            note = translate("source", "Only the first {mb} MB of this entry's text are shown.").format(
                mb=ENTRY_LIMIT >> 20)
        lines: list[str] = []
        cut = 0
        for r in raw.rstrip(b"\n").split(b"\n"):
            r, _col, was_cut = _cut_line(r, None)
            cut += was_cut
            lines.append(shown_line(r) + (" …" if was_cut else ""))
        if cut:
            note = " ".join(filter(None, (note, _cut_note(cut))))
        return EntrySource("\n".join(lines), line, note)
    one: Message = document.dialect.new_message()
    getattr(one, name).add().CopyFrom(entries[index])
    text = format_message(one, document.style)
    if len(text) > ENTRY_LIMIT:
        text = text[:text.rfind("\n", 0, ENTRY_LIMIT) + 1] + "…"
    if document.binary:
        why = translate("source", "A binary record has no text: this entry is shown as text format would "
                        "write it.")
    elif not document.has_source:
        why = translate("source", "Not saved yet: this entry is shown as it would be written.")
    else:
        why = translate("source", "Edited since the file was read: this entry is shown as it would be "
                        "written now.")
    return EntrySource(text.rstrip("\n"), None, why)
