r"""Lossless reader of record text files.

Acceptance is exactly that of AMCT's own reader, `google.protobuf.text_format.Merge`: the
careful path *is* protobuf's parser (a subclass that only records where things are), and a
fast path (`_fastread`) reads the layouts people and programs write — AMCT's, one-line
files, comments, separators, lists — straight to wire format, falling back to the careful
path for anything else, entry by entry. Both keep the span of every top-level entry so that
saving can copy untouched text byte for byte.

The source is kept as UTF-8 bytes and all offsets are byte offsets: bytes never need a
whole-file decode, which would hold the GIL long enough to freeze a GUI reading in a
thread. The careful path decodes the text a line at a time, and a long line in pieces cut
between tokens, so that one entry of a file on one line costs about its own size.

Reading also reports what strict C++ readers (protoc, AMCT Caffe) reject but Python
accepts: a non-repeated field given twice (last wins), and Python-only spellings — `+1`,
`1_0`, `0b101`, `0o17`, `-0` on an unsigned field, digits of other scripts, `nanf`/`inff`,
`+3` as an enum value, escapes C++ does not know (`\z`) or reads otherwise (`\?`), and
whitespace only Python skips (no-break space and other Unicode spaces, `\x1c`-`\x1f`).
"""
from __future__ import annotations

import codecs
import re
import sys
import unicodedata
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, AnyStr, Generic, TypeAlias

from google.protobuf import descriptor as _descriptor
from google.protobuf import text_format
from google.protobuf.message import Message

from editor.i18n import translate
from editor.protobuf_errors import protobuf_words
from editor.records._fastread import FastReader, NotSimple
from editor.records.dialects import Dialect, detect_from_names, get_dialect
from editor.records.messages import EntryMessage, RootMessage, enum_type_of
from editor.records.problems import Problem, Severity, ordinal, printable, quoted
from editor.records.read_errors import (
    at_end,
    clip,
    clip_echo,
    descriptor_at,
    ends_inside_message,
    lacking_names,
    quote_hint,
    unknown_field_message,
)

FD = _descriptor.FieldDescriptor

#: progress(done, total) -> False to cancel
Progress = Callable[[int, int], bool]


class TextParseError(Exception):
    """A syntax or schema error at a 1-based line and column of the text."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 field_name: str | None = None, offset: int | None = None, protobuf: str | None = None):
        super().__init__(message)
        self.message = message
        #: protobuf's own (English) words, when the message says them in another language
        self.protobuf = protobuf if protobuf is not None else message
        self.line = line
        self.column = column
        self.field_name = field_name
        #: the byte offset of the error in the text, when known
        self.offset = offset
        #: the dialect the text was read as (`read_text` and `parse_text` say)
        self.dialect: str | None = None
        #: per dialect, the field names the text uses that it lacks (`read_errors.lacking_names`;
        #: `read_text` says): which dialects could read the text at all
        self.lacking: dict[str, list[str]] | None = None


class Cancelled(Exception):
    """The progress callback asked to stop."""


# --------------------------------------------------------------------------- positions


class LineIndex:
    """Byte offsets <-> 1-based (line, column in characters) for UTF-8 data.

    On the first look-up one pass over the data (a `bytes.count` per 64 KB block, at C speed)
    notes, for each block, the line it starts in and how many characters of that line come
    before the block. A look-up then reads at most one block: a file
    on one line (protobuf's `as_one_line`) answers as fast as AMCT's layout, with a few
    hundred numbers in memory rather than one per line. Columns count characters: the bytes
    that do not continue a UTF-8 sequence.
    """

    _BLOCK = 1 << 16

    def __init__(self, data: bytes):
        self._data = data
        self._marks: tuple[array[int], array[int]] | None = None

    def _build(self) -> tuple[array[int], array[int]]:
        if self._marks is None:
            data, block = self._data, self._BLOCK
            lines, chars = array("q"), array("q")
            line = before = 0
            for base in range(0, len(data) + 1, block):
                lines.append(line)
                chars.append(before)
                part = data[base:base + block]
                newlines = part.count(b"\n")
                if newlines:
                    line += newlines
                    before = _chars(part[part.rfind(b"\n") + 1:])
                else:
                    before += _chars(part)
            self._marks = (lines, chars)
        return self._marks

    def line_col(self, offset: int) -> tuple[int, int]:
        data = self._data
        offset = max(0, min(offset, len(data)))
        lines, chars = self._build()
        k = offset // self._BLOCK
        part = data[k * self._BLOCK:offset]  # slices only: `data` may be a file read in pieces
        newline = part.rfind(b"\n")
        line = lines[k] + part.count(b"\n")
        column = _chars(part[newline + 1:]) if newline >= 0 else chars[k] + _chars(part)
        return line + 1, column + 1

    def line(self, offset: int) -> int:
        return self.line_col(offset)[0]


#: every byte but the continuation bytes of UTF-8 (0x80-0xBF): deleted, what is left counts
_LEADS = bytes(b for b in range(256) if not 0x80 <= b < 0xC0)


def _chars(part: bytes) -> int:
    """How many characters `part` holds (a character cut at either end counts)."""
    return len(part) if part.isascii() else len(part) - len(part.translate(None, _LEADS))


def utf8_error(data: bytes, slice_size: int = 1 << 22) -> int | None:
    """Offset of the first byte of `data` that is not UTF-8, or None; checked in slices of a
    few MB (a whole-file decode would hold the GIL for long and copy the file)."""
    if data.isascii():
        return None
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    for i in range(0, len(data), slice_size):
        pending = len(decoder.getstate()[0])
        try:
            decoder.decode(view[i:i + slice_size])
        except UnicodeDecodeError as e:
            return i - pending + e.start
    pending = len(decoder.getstate()[0])
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return len(data) - pending
    return None


# --------------------------------------------------------------------------- location tree


# Plain classes with slots rather than dataclasses: thousands of statements are made, and
# the command line's start-up pays for every dataclass built at import.

class Node:
    """A message in the text: offsets of its opening and closing bracket and its statements."""

    __slots__ = ("open", "close", "stmts")

    def __init__(self, open: int, close: int = -1, stmts: list[Stmt] | None = None):
        self.open = open
        self.close = close
        self.stmts: list[Stmt] = [] if stmts is None else stmts

    def __repr__(self) -> str:
        return f"Node(open={self.open}, close={self.close}, stmts={self.stmts!r})"


class Stmt:
    """One field statement `name: value`, `name { ... }` or `name: [ ... ]` in the text.

    `end` includes a trailing `,`/`;` separator. `values` are the spans of scalar value
    tokens, `children` the nodes of message values (None: not parsed yet, see
    `ParsedText.item_node`); `listed` marks `[ ... ]` syntax. `first_index` is the index in
    the parent's repeated field of the first value this statement produced.
    """

    __slots__ = ("start", "end", "field", "values", "children", "listed", "first_index", "count")

    def __init__(self, start: int, end: int = -1, field: FD | None = None,
                 values: list[tuple[int, int]] | None = None, children: list[Node] | bool | None = True,
                 listed: bool = False, first_index: int = 0, count: int = 0):
        self.start = start
        self.end = end
        self.field = field
        self.values: list[tuple[int, int]] = [] if values is None else values
        self.children: list[Node] | None = [] if children is True else children  # type: ignore[assignment]
        self.listed = listed
        self.first_index = first_index
        self.count = count

    def __repr__(self) -> str:
        name = self.field.name if self.field is not None else None
        return f"Stmt({name}, {self.start}..{self.end}, first_index={self.first_index}, count={self.count})"


#: Where a statement is, as the parser walks: (field name, element index or None) from the top.
ParsePath: TypeAlias = tuple[tuple[str, int | None], ...]


class Override:
    """A non-repeated field given more than once in one message (text_format: last wins)."""

    __slots__ = ("path", "name", "first", "second")

    def __init__(self, path: ParsePath, name: str, first: int, second: int):
        self.path = path
        self.name = name
        self.first = first
        self.second = second


class PythonOnly:
    """Something only Python's text_format reads (or reads otherwise than C++ readers).

    `name` is the field (empty for whitespace between tokens), `token` the text as written,
    `why` what is wrong with it for C++ readers, `instead` a spelling every reader accepts.
    """

    __slots__ = ("path", "name", "offset", "token", "why", "instead")

    def __init__(self, path: ParsePath, name: str, offset: int, token: str,
                 why: str = "is accepted only by Python readers", instead: str | None = None):
        self.path = path
        self.name = name
        self.offset = offset
        self.token = token
        self.why = why
        self.instead = instead


class _Lazy(Generic[AnyStr]):
    """A regular expression compiled when first used (most runs never need the careful path's)."""

    __slots__ = ("source", "_flags", "_pattern")

    def __init__(self, source: AnyStr, flags: int = 0) -> None:
        self.source: AnyStr = source
        self._flags = flags
        self._pattern: re.Pattern[AnyStr] | None = None

    @property
    def pattern(self) -> re.Pattern[AnyStr]:
        if self._pattern is None:
            self._pattern = re.compile(self.source, self._flags)
        return self._pattern

    def match(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[AnyStr] | None:
        return self.pattern.match(string, pos, endpos)

    def search(self, string: AnyStr) -> re.Match[AnyStr] | None:
        return self.pattern.search(string)

    def finditer(self, string: AnyStr, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[AnyStr]]:
        return self.pattern.finditer(string, pos, endpos)

    def sub(self, repl: AnyStr, string: AnyStr) -> AnyStr:
        return self.pattern.sub(repl, string)


# A long line is fed to the tokenizer in pieces cut where no token continues: outside
# strings and comments, next to a byte that cannot be part of a token. `_CUT` runs over
# everything but newlines, comments and strings not closed on the line.
_CUT = _Lazy(rb"(?:[^\"'#\n]++|\"[^\"\\\n]*+(?:\\.[^\"\\\n]*+)*+\"|'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+')*+")
_TOKEN_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+-") | frozenset(
    range(0x80, 0x100))


def _cut(data: bytes, pos: int, bound: int) -> int:
    """An offset in (pos, bound] where a line may be split without changing its tokens, or -1."""
    m = _CUT.match(data, pos, bound)
    assert m is not None  # it matches the empty string
    e = m.end()
    k = e
    n = len(data)
    while k > pos and e - k < 256:
        if data[k - 1] not in _TOKEN_BYTES or (k < n and data[k] not in _TOKEN_BYTES):
            return k
        k -= 1
    return -1


class _LineFeeder:
    """Yields the text of `data` from `pos` on as the tokenizer's lines: each line, a long one
    in pieces cut between tokens, remembering where each piece starts.

    Pieces start small and grow, so a statement on a line of many megabytes costs about its
    own size; one token longer than a piece makes the piece grow until it fits.
    """

    _FIRST = 1 << 8
    _MOST = 1 << 22

    def __init__(self, data: bytes, pos: int):
        self.text = data
        self.starts: list[int] = []
        self.lines: list[str] = []
        self._pos = pos

    def __iter__(self) -> Iterator[str]:
        data = self.text
        n = len(data)
        window = self._FIRST
        while True:
            pos = self._pos
            if pos > n:
                return
            bound = min(n, pos + window)
            nl = data.find(b"\n", pos, bound)
            if nl >= 0:
                end, after = nl, nl + 1
            elif bound >= n:
                end, after = n, n + 1
            else:
                cut = _cut(data, pos, bound)
                if cut < 0:
                    window <<= 1
                    continue
                end = after = cut
            self._pos = after
            line = data[pos:end].decode("utf-8")
            self.starts.append(pos)
            self.lines.append(line)
            yield line
            if after > n:
                return
            window = min(window << 1, max(window, self._MOST))

    def abs(self, line: int, column: int) -> int:
        """Byte offset of a tokenizer position (line index, column in characters)."""
        if line < 0:
            return self.starts[0] if self.starts else 0
        text = self.lines[line]
        if text.isascii():
            return self.starts[line] + column
        return self.starts[line] + len(text[:column].encode("utf-8"))


# The private tokenizer state and parser hooks used below (see the module docstring) are not in
# protobuf's stubs, which declare the public API only: those lines carry `type: ignore`.
class _Tokenizer(text_format.Tokenizer):
    """protobuf's tokenizer, remembering the text of the previous token (for spans); its
    errors do not quote the current line (a piece of a long line, which says nothing)."""

    prev_token = ""

    def NextToken(self) -> None:  # noqa: N802 (protobuf naming)
        self.prev_token = self.token
        super().NextToken()

    def ParseError(self, message: str | Message) -> text_format.ParseError:  # noqa: N802
        # the error's text (protobuf's stubs declare it a Message)
        return text_format.ParseError(str(message), self._line + 1, self._column + 1)  # type: ignore[attr-defined]


# What C++ readers accept, token by token (Python's text_format accepts more).
_CPP_INT = re.compile(r"-?(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")
_CPP_UINT = re.compile(r"(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")
_CPP_FLOAT = re.compile(r"-?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?f?|inf|infinity|nan)", re.I)
_CPP_ESCAPES = frozenset("01234567xuUabfnrtv\\'\"")
_ESCAPE = _Lazy(r"\\(.)", re.S)
_STRING_OR_COMMENT = _Lazy(r"\"[^\"\\\n]*+(?:\\.[^\"\\\n]*+)*+\"|'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+'|#[^\n]*+")
_SIGNED = (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64)
_UNSIGNED = (FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64)
_FLOATS = (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE)
# Whitespace to Python's tokenizer (`\s`) that C++ readers refuse between tokens.
_ODD_SPACE = _Lazy("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_ODD_SPACE_BYTES = _Lazy(rb"[\x1c-\x1f]")
_ODD_OR_SKIPPED = _Lazy(_STRING_OR_COMMENT.source + "|(" + _ODD_SPACE.source + ")")


def _ascii_digits(token: str) -> str:
    """`token` with digits of other scripts (१, ١, １) written as ASCII digits."""
    return "".join(str(unicodedata.decimal(c)) if not c.isascii() and c.isdecimal() else c for c in token)


def _number_instead(token: str) -> str:
    """The spelling of a number token that C++ readers accept too (same value)."""
    t = _ascii_digits(token).replace("_", "")
    t = t[1:] if t.startswith("+") else t
    low = t.lower()
    if low.endswith("f") and low[:-1].lstrip("-") in ("inf", "infinity", "nan"):
        return low[:-1]  # inff, nanf: C++ takes no suffix on these words
    return t


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'control character').lower()})"


class _RecordingParser(text_format._Parser):  # noqa: SLF001 - see module docstring
    """text_format's own parser (Merge semantics) that records positions as it goes."""

    def __init__(self) -> None:
        super().__init__()
        self._allow_multiple_scalars = True  # Merge, as AMCT reads
        self.overrides: list[Override] = []
        self.python_only: list[PythonOnly] = []
        self._seen: dict[ParsePath, dict[str, int]] = {}
        self._path: list[tuple[str, int | None]] = []
        self._nodes: list[Node] = []
        self._stmts: list[Stmt] = []
        self.feeder = _LineFeeder(b"", 0)  # the statement being read (`parse_one` sets it)
        #: field names from the top to the message being read when a ParseError was raised
        self.error_path: tuple[str, ...] | None = None
        #: (field name, index or None) of the top-level entry that ParseError was raised in
        self.error_entry: tuple[str, int | None] | None = None

    # positions -----------------------------------------------------------
    def _cur(self, tok: _Tokenizer) -> int:
        return self.feeder.abs(tok._line, tok._column)  # type: ignore[attr-defined]

    def _prev_end(self, tok: _Tokenizer) -> int:
        # column arithmetic in characters, then to a byte offset (tokens may be non-ASCII)
        return self.feeder.abs(tok._previous_line,  # type: ignore[attr-defined]
                               tok._previous_column + len(tok.prev_token))  # type: ignore[attr-defined]

    def parse_one(self, text: bytes, pos: int, message: Message) -> Stmt | None:
        """Merge the single top-level field statement at `pos` into `message`.

        Returns None when only whitespace (as text_format counts it) is left. Whitespace
        only Python skips, from `pos` to the end of the statement, is noted in `python_only`.
        """
        self.feeder = _LineFeeder(text, pos)
        self.error_path = self.error_entry = None
        tok = _Tokenizer(iter(self.feeder))
        if tok.AtEnd():
            self._odd_spaces(text, pos, len(text))
            return None
        root = Node(open=-1)
        self._nodes = [root]
        self._MergeField(tok, message)
        stmt = root.stmts[0]
        self._odd_spaces(text, pos, stmt.end)
        return stmt

    def _odd_spaces(self, text: bytes, start: int, end: int) -> None:
        span = text[start:end]
        if span.isascii() and _ODD_SPACE_BYTES.search(span) is None:
            return
        decoded = span.decode("utf-8")
        for m in _ODD_OR_SKIPPED.finditer(decoded):
            if m.group(1) is None:
                continue
            offset = start + len(decoded[:m.start(1)].encode("utf-8"))
            self.python_only.append(PythonOnly(
                (), "", offset, m.group(1),
                translate("reading", "{char} between tokens is whitespace to Python's reader; protoc and "
                          "C++ readers reject it").format(char=_char_name(m.group(1))),
                translate("reading", "a space")))

    # hooks ---------------------------------------------------------------
    def _MergeField(self, tokenizer: _Tokenizer, message: Message) -> None:  # noqa: N802
        stmt = Stmt(start=self._cur(tokenizer))
        self._nodes[-1].stmts.append(stmt)
        self._stmts.append(stmt)
        try:
            super()._MergeField(tokenizer, message)  # type: ignore[misc]
        except text_format.ParseError:
            if self.error_path is None:  # the innermost message: where the error is
                self.error_path = tuple(name for name, _ in self._path)
            if self.error_entry is None and self._path:
                self.error_entry = self._path[0]
            raise
        finally:
            self._stmts.pop()
        stmt.end = self._prev_end(tokenizer)
        if stmt.field is not None and not stmt.listed:
            head = self.feeder.text[stmt.start:(stmt.values[0][0] if stmt.values else
                                                stmt.children[0].open if stmt.children else stmt.end)]
            if b"[" in head or len(stmt.values) + len(stmt.children or ()) != 1:
                stmt.listed = True

    def _note(self, stmt: Stmt, message: Message, field_desc: FD) -> None:
        if stmt.field is None:
            stmt.field = field_desc
            if field_desc.is_repeated:
                stmt.first_index = len(getattr(message, field_desc.name))

    def _check_override(self, field_desc: FD, offset: int) -> None:
        if field_desc.is_repeated:
            return
        seen = self._seen.setdefault(tuple(self._path), {})
        first = seen.get(field_desc.name)
        if first is None:
            seen[field_desc.name] = offset
        else:
            self.overrides.append(Override(tuple(self._path), field_desc.name, first, offset))

    def _MergeScalarField(self, tokenizer: _Tokenizer, message: Message, field: FD) -> None:  # noqa: N802
        stmt = self._stmts[-1]
        self._note(stmt, message, field)
        start = self._cur(tokenizer)
        token = tokenizer.token
        self._check_override(field, start)
        super()._MergeScalarField(tokenizer, message, field)  # type: ignore[misc]
        end = self._prev_end(tokenizer)
        stmt.values.append((start, end))
        stmt.count += 1
        self._cpp_spelling(field, token, start, end, message)

    def _cpp_spelling(self, field: FD, token: str, start: int, end: int, message: Message) -> None:
        """Note a value Merge has just read that C++ readers would refuse or read otherwise."""
        cpp = field.cpp_type
        why = instead = None
        if cpp in _FLOATS:
            if not _CPP_FLOAT.fullmatch(token):
                why = translate("reading", "is accepted by AMCT's Python reader but rejected by protoc and C++ "
                                           "readers")
                instead = _number_instead(token)
        elif cpp in _SIGNED or cpp in _UNSIGNED:
            if not (_CPP_UINT if cpp in _UNSIGNED else _CPP_INT).fullmatch(token):
                why = translate("reading", "is accepted by AMCT's Python reader but rejected by protoc and C++ "
                                           "readers")
                value = getattr(message, field.name)
                instead = str(value[-1] if field.is_repeated else value)
                if cpp in _UNSIGNED and token.lstrip().startswith("-"):
                    why = translate("reading", "has a minus sign, which protoc and C++ readers reject on an "
                                               "unsigned field")
        elif cpp == FD.CPPTYPE_ENUM:
            if not token[:1].isalpha() and not _CPP_INT.fullmatch(token):
                value = getattr(message, field.name)
                number = value[-1] if field.is_repeated else value
                why = translate("reading", "is accepted as an enum number by AMCT's Python reader but rejected "
                                           "by protoc and C++ readers")
                known = enum_type_of(field).values_by_number.get(number)
                instead = known.name if known is not None else str(number)
        elif cpp == FD.CPPTYPE_STRING:
            text = self.feeder.text[start:end]
            if b"\\" in text:
                self._escapes(field, text.decode("utf-8"), start)
            return
        if why is not None:
            self.python_only.append(PythonOnly(tuple(self._path), field.name, start, token, why, instead))

    def _escapes(self, field: FD, text: str, start: int) -> None:
        for s in _STRING_OR_COMMENT.finditer(text):
            if s.group().startswith("#"):
                continue
            for m in _ESCAPE.finditer(s.group()):
                ch = m.group(1)
                if ch in _CPP_ESCAPES:
                    continue
                offset = start + len(text[:s.start() + m.start()].encode("utf-8"))
                instead: str | None
                if ch == "?":
                    why = translate("reading", "reads as a backslash and '?' in AMCT's Python reader but as "
                                               "'?' in protoc and C++ readers")
                    instead = "?"
                else:
                    why = (translate("reading", "is an escape C++ readers do not know (protoc rejects it); "
                                     "Python keeps the named character") if ch == "N" else
                           translate("reading", "is an escape C++ readers do not know (protoc rejects it); "
                                     "Python keeps the backslash"))
                    instead = "\\\\" + ch if ch != "N" else None
                self.python_only.append(PythonOnly(tuple(self._path), field.name, offset, "\\" + ch,
                                                   why, instead))

    def _MergeMessageField(self, tokenizer: _Tokenizer, message: Message, field: FD) -> None:  # noqa: N802
        stmt = self._stmts[-1]
        self._note(stmt, message, field)
        node = Node(open=self._cur(tokenizer))
        assert stmt.children is not None  # this parser makes every statement's list of nodes
        stmt.children.append(node)
        stmt.count += 1
        index = len(getattr(message, field.name)) if field.is_repeated else None
        if index is None:
            self._check_override(field, stmt.start)
        self._path.append((field.name, index))
        self._nodes.append(node)
        try:
            super()._MergeMessageField(tokenizer, message, field)  # type: ignore[misc]
        except text_format.ParseError:
            if self.error_entry is None:  # the text ran out before its closing bracket
                self.error_entry = self._path[0]
            raise
        finally:
            self._nodes.pop()
            self._path.pop()
        node.close = self._prev_end(tokenizer) - 1


# --------------------------------------------------------------------------- reading


class ParsedText:
    """The result of reading a text: the message and where each part of it came from.

    `data` is the UTF-8 source (every offset is a byte offset into it); `items` the
    top-level statements in file order (fast ones have children=None: built on demand).
    """

    def __init__(self, data: bytes, dialect: Dialect, message: RootMessage, items: list[Stmt],
                 overrides: list[Override], python_only: list[PythonOnly], lines: LineIndex):
        self.data = data
        self.dialect = dialect
        self.message = message
        self.items = items
        self.overrides = overrides
        self.python_only = python_only
        self.lines = lines

    def item_node(self, item: Stmt) -> Stmt:
        """The statement with its full location tree (parsed again on first use)."""
        if item.children is None:
            scratch = self.dialect.new_message()
            data = self.data if isinstance(self.data, bytes) else bytes(self.data)  # a FileText: read it
            full = _RecordingParser().parse_one(data, item.start, scratch)
            assert full is not None  # a statement was read at item.start before
            item.children = full.children
            item.values = full.values
            item.listed = full.listed
        return item


_UNKNOWN_FIELD = _Lazy(r'Message type "([\w.]+)" has no field named "([^"]+)"')
_LOC_PREFIX = _Lazy(r"^\d+(?::\d+)? : ")


def _error_from(e: text_format.ParseError, feeder: _LineFeeder, lines: LineIndex, data: bytes,
                dialect: Dialect, path: tuple[str, ...] | None = None) -> TextParseError:
    msg = _LOC_PREFIX.sub("", str(e))
    line = column = off = None
    error_line = e.GetLine()
    if error_line is not None and feeder.starts:
        idx = min(error_line - 1, len(feeder.starts) - 1)
        off = feeder.abs(idx, (e.GetColumn() or 1) - 1)
        line, column = lines.line_col(off)
    m = _UNKNOWN_FIELD.search(msg)
    if m:
        name = m.group(2)
        if path is None or descriptor_at(dialect.descriptor, path) is None:
            path = ()
        # the other fields the file uses decide which dialects to offer
        return TextParseError(unknown_field_message(name, path, dialect, m.group(1), field_names_in(data)),
                              line, column, field_name=name, offset=off)
    said = clip_echo(protobuf_words(msg.rstrip())) + quote_hint(msg, data, off)
    return TextParseError(said, line, column, offset=off, protobuf=msg)


def _ended_inside(error: TextParseError, entry: tuple[str, int | None], message: RootMessage,
                  opened: int) -> TextParseError:
    """`error`, raised at the end of the text inside top-level `entry`, said as what it is: the
    file ends inside that entry (protobuf says 'Expected "}"', or names a field cut short)."""
    name, index = entry
    key = None
    if name == "record" and index is not None and index < len(message.record):
        key = message.record[index].key or None  # read before the text ran out, if it was
    cut = error.field_name
    detail = None if cut is not None or error.protobuf.startswith("Expected") else error.message
    return TextParseError(ends_inside_message(name, index, key, opened, cut, detail),
                          error.line, error.column, offset=error.offset)


def _as_bytes(text: str | bytes) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else text


def _nul_bytes(data: bytes, found: list[PythonOnly], most: int = 20) -> None:
    """Note the NUL bytes of an accepted text (at most `most`): C++ readers stop at them."""
    offset = data.find(b"\0")
    while offset >= 0 and most:
        found.append(PythonOnly((), "", offset, "\0",
                                translate("reading", "a NUL character (U+0000) inside a string or comment: "
                                          "AMCT's Python reader reads past it, protoc and C++ readers stop "
                                          "there and reject the file"),
                                translate("reading", "nothing (remove it)")))
        offset = data.find(b"\0", offset + 1)
        most -= 1


# what the fast path skips between entries; it matches at every position (all of it optional),
# so `.match()` is never None: Any spares the loop a None check made for the checker's sake
_SKIP: Any = re.compile(rb"(?:[ \t\r\n\v\f]++|#[^\n]*+)*+")
#: Entries the fast path has read are merged into the message in batches of about this size.
_BATCH = 1 << 20


def parse_text(text: str | bytes, dialect: Dialect | str, *, progress: Progress | None = None) -> ParsedText:
    """Read `text` (UTF-8 bytes, or str) with `dialect` (Merge semantics).

    Raises TextParseError on the first error, like text_format does (bytes that are not
    UTF-8 first: Merge decodes the whole text before it reads); its `dialect` is `dialect`.
    """
    dialect = get_dialect(dialect)
    try:
        return _parse_text(text, dialect, progress)
    except TextParseError as e:
        e.dialect = dialect.name
        raise


def _parse_text(text: str | bytes, dialect: Dialect, progress: Progress | None) -> ParsedText:
    data = _as_bytes(text)
    lines = LineIndex(data)
    if not isinstance(text, str):
        bad = utf8_error(data)
        if bad is not None:
            raise TextParseError(translate("reading", "byte {byte} is not UTF-8 (record files are UTF-8 text)").format(
                byte=f"0x{data[bad]:02x}"), *lines.line_col(bad), offset=bad)
    message = dialect.new_message()
    items: list[Stmt] = []
    recorder = _RecordingParser()
    fast = FastReader.for_descriptor(dialect.descriptor)
    batch: list[bytes] = []
    batched = 0
    n = len(data)
    pos = 0
    next_report = 1 << 20
    counts: dict[str, int] = {}
    while True:
        pos = _SKIP.match(data, pos).end()
        if pos >= n:
            break
        if progress is not None and pos >= next_report:
            next_report = pos + (1 << 20)
            if progress(pos, n) is False:
                raise Cancelled()
        try:
            fd, end, wire = fast.entry(data, pos)
        except NotSimple:
            pass
        else:
            batch.append(wire)
            batched += len(wire)
            if batched >= _BATCH:
                message.MergeFromString(b"".join(batch))
                batch.clear()
                batched = 0
            name = fd.name
            index = counts.get(name, 0)
            items.append(Stmt(start=pos, end=end, field=fd, children=None, first_index=index, count=1))
            counts[name] = index + 1
            pos = end
            continue
        if batch:  # entries keep their order: what the fast path read goes in first
            message.MergeFromString(b"".join(batch))
            batch.clear()
            batched = 0
        try:
            stmt = recorder.parse_one(data, pos, message)
        except text_format.ParseError as e:
            error = _error_from(e, recorder.feeder, lines, data, dialect, recorder.error_path)
            if recorder.error_entry is not None and at_end(data, error.offset):
                error = _ended_inside(error, recorder.error_entry, message, lines.line(pos))
            raise error from None
        except UnicodeDecodeError as e:  # only for str input with lone surrogates
            bad = recorder.feeder.starts[-1] + e.start if recorder.feeder.starts else pos
            raise TextParseError(translate("reading", "byte {byte} is not UTF-8").format(
                byte=f"0x{e.object[e.start]:02x}"),
                                 *lines.line_col(bad)) from None
        if stmt is None:
            break
        if stmt.field is not None:
            counts[stmt.field.name] = len(getattr(message, stmt.field.name)) if stmt.field.is_repeated else 1
        items.append(stmt)
        if stmt.end <= pos:  # defensive: never loop forever on a malformed tail
            raise TextParseError(translate("reading", "could not make progress here"), *lines.line_col(pos),
                                 offset=pos)
        pos = stmt.end
    if batch:
        message.MergeFromString(b"".join(batch))
    if b"\0" in data:  # in a string or a comment, where Merge reads past it
        _nul_bytes(data, recorder.python_only)
    if progress is not None:
        progress(n, n)
    return ParsedText(data, dialect, message, items, recorder.overrides, recorder.python_only, lines)


_NAME_AT_LINE_START = re.compile(rb"(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*(?::|\{|<)")


def field_names_in(text: str | bytes, limit: int = 1 << 20) -> set[str]:
    """Field names used at line starts in the first `limit` bytes (for detection)."""
    return {n.decode("ascii") for n in set(_NAME_AT_LINE_START.findall(_as_bytes(text), 0, limit))}


def read_text(text: str | bytes, dialect: Dialect | str | None = None, *,
              progress: Progress | None = None) -> ParsedText:
    """Read a record text, detecting the dialect from its field names unless one is given.

    A TextParseError says the dialect the text was read as and, for each dialect, the field
    names of the text it lacks (`lacking`: those that lack none may read it).
    """
    text = _as_bytes(text)
    try:
        return _read_text(text, dialect, progress)
    except TextParseError as e:
        if e.lacking is None:
            e.lacking = lacking_names(field_names_in(text))
        raise


def _read_text(text: bytes, dialect: Dialect | str | None, progress: Progress | None) -> ParsedText:
    if dialect is not None:
        return parse_text(text, dialect, progress=progress)
    names = field_names_in(text)
    tried: list[str] = []
    first_error: TextParseError | None = None
    while True:
        detection = detect_from_names(names)
        d = detection.dialect
        if d.name in tried:
            break
        tried.append(d.name)
        try:
            return parse_text(text, d, progress=progress)
        except TextParseError as e:
            if first_error is None:
                first_error = e
            if e.field_name is None or e.field_name in names:
                raise
            names.add(e.field_name)
    assert first_error is not None
    raise first_error


# --------------------------------------------------------------------------- problems


def _entry_key(message: RootMessage, path: ParsePath) -> tuple[str | None, int | None, int | None, str]:
    """(record key, record index, prune index, dotted field prefix) of a parser path."""
    record = record_index = prune = None
    parts: list[str] = []
    if path:
        top, idx = path[0]
        if top == "record" and idx is not None:
            record_index = idx
            try:
                record = message.record[idx].key
            except IndexError:
                record = None
        elif top == "prune_record":
            prune = idx
        for name, i in path[1:]:
            parts.append(f"{name}[{i}]" if i is not None else name)
    return record, record_index, prune, ".".join(parts)


def reading_problems(parsed: ParsedText) -> list[Problem]:
    """Overrides, Python-only syntax and duplicate keys, each with its line numbers."""
    problems: list[Problem] = []
    strict = parsed.dialect.name == "caffe"  # AMCT Caffe parses with C++ TextFormat::Parse
    msg = parsed.message
    lines = parsed.lines
    for o in parsed.overrides:
        record, ri, pi, prefix = _entry_key(msg, o.path)
        l1, l2 = lines.line(o.first), lines.line(o.second)
        fieldpath = f"{prefix}.{o.name}" if prefix else o.name
        if record is not None:
            where = translate("reading", "layer {key}").format(key=quoted(record))
        elif pi is not None:
            where = translate("reading", "prune record {index}").format(index=pi)
        else:
            where = translate("reading", "the file")
        problems.append(Problem(
            Severity.ERROR if strict else Severity.WARNING, "field-override",
            translate("reading", "{where}: {field} is given twice (line {first} and line {second}); AMCT's "
                      "Python reader keeps the last value, strict C++ readers (protoc, AMCT Caffe) reject "
                      "the file").format(where=where, field=fieldpath, first=l1, second=l2),
            key=record, record_index=ri, prune_index=pi, field=fieldpath,
            line=l2, column=lines.line_col(o.second)[1]))
    for p in parsed.python_only:
        record, ri, pi, prefix = _entry_key(msg, p.path)
        line, col = lines.line_col(p.offset)
        fieldpath = ".".join(part for part in (prefix, p.name) if part)
        if p.name:
            text = translate("reading", "{field} = {token} {why}").format(
                field=fieldpath, token=printable(repr(clip(p.token, 40))), why=p.why)
            if p.instead is not None:
                text += translate("reading", "; write it as {instead}").format(instead=printable(clip(p.instead, 40)))
        else:  # whitespace between tokens
            text = p.why
            if p.instead:
                text += translate("reading", "; write {instead} instead").format(instead=p.instead)
        if record is not None:
            text = translate("reading", "{label}: {message}").format(
                label=translate("reading", "layer {key}").format(key=quoted(record)), message=text)
        problems.append(Problem(
            Severity.ERROR if strict else Severity.WARNING, "python-only-syntax", text,
            key=record, record_index=ri, prune_index=pi, field=fieldpath or None, line=line, column=col))
    problems.extend(duplicate_key_problems(parsed))
    return problems


def record_items(parsed: ParsedText) -> dict[int, Stmt]:
    """record index -> the top-level statement it came from."""
    out: dict[int, Stmt] = {}
    for item in parsed.items:
        if item.field is not None and item.field.name == "record":
            for k in range(item.first_index, item.first_index + max(item.count, 1)):
                out[k] = item
    return out


def duplicate_key_problems(parsed: ParsedText) -> list[Problem]:
    """One problem for every repeat of a layer key: the second, third… entry with that key."""
    first: dict[str, int] = {}
    seen: dict[str, int] = {}
    problems: list[Problem] = []
    items = None
    entries: Sequence[EntryMessage] = parsed.message.record
    for i, entry in enumerate(entries):
        key = entry.key
        if key in first:
            if items is None:
                items = record_items(parsed)
            seen[key] += 1
            j = first[key]
            l1 = parsed.lines.line(items[j].start) if j in items else None
            l2 = parsed.lines.line(items[i].start) if i in items else None
            if seen[key] == 2:
                text = translate("reading", "layer key {key} appears twice (record {first} at line {first_line} "
                                 "and record {index} at line {line}); AMCT uses one entry per key and drops the "
                                 "others without a word: the first where it looks a layer up, the last where "
                                 "parse_quant reads the whole file")
            else:
                text = translate("reading", "layer key {key} appears a {nth} time (record {index} at line {line}; "
                                 "first as record {first} at line {first_line}); AMCT uses one entry per key and "
                                 "drops the others without a word: the first where it looks a layer up, the "
                                 "last where parse_quant reads the whole file")
            problems.append(Problem(
                Severity.ERROR, "duplicate-key",
                text.format(key=quoted(key), first=j, first_line=l1, index=i, line=l2, nth=ordinal(seen[key])),
                key=key, record_index=i, field="key", line=l2))
        else:
            first[key] = i
            seen[key] = 1
    return problems
