"""Lossless reader of record text files.

Acceptance is exactly that of AMCT's own reader, `google.protobuf.text_format.Merge`: the
slow path *is* protobuf's parser (a subclass that only records where things are), and a
fast path handles the plain `record { key: ... value { name: number ... } }` layout that
AMCT writes, falling back to the slow path for anything else, entry by entry. Both keep
the span of every top-level entry so that saving can copy untouched text byte for byte.

The source is kept as UTF-8 bytes and all offsets are byte offsets: bytes never need a
whole-file decode, which would hold the GIL long enough to freeze a GUI reading in a
thread. Lines are decoded one at a time where protobuf's tokenizer needs text.

Reading also reports what strict C++ readers (protoc, AMCT Caffe) reject but Python
accepts: a non-repeated field given twice (last wins), and Python-only number spellings.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field

import numpy as np
from google.protobuf import descriptor as _descriptor
from google.protobuf import text_format
from google.protobuf.message import Message

from editor.records.dialects import DIALECTS, Dialect, detect_from_names, get_dialect
from editor.records.problems import Problem, Severity, ordinal

FD = _descriptor.FieldDescriptor

#: progress(done, total) -> False to cancel
Progress = Callable[[int, int], bool]


class TextParseError(Exception):
    """A syntax or schema error at a 1-based line and column of the text."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 field_name: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.field_name = field_name


class Cancelled(Exception):
    """The progress callback asked to stop."""


# --------------------------------------------------------------------------- positions


class LineIndex:
    """Byte offsets <-> 1-based (line, column in characters) for UTF-8 data, built on first use.

    The index is built in slices of a few MB, each a short numpy call, so that a loader
    thread building it does not hold the GIL for long.
    """

    _SLICE = 1 << 22

    def __init__(self, data: bytes):
        self._data = data
        self._starts: np.ndarray | None = None

    def _build(self) -> np.ndarray:
        if self._starts is None:
            buf = np.frombuffer(self._data, dtype=np.uint8)
            parts = [np.zeros(1, dtype=np.int64)]
            for i in range(0, len(buf), self._SLICE):
                hits = np.flatnonzero(buf[i:i + self._SLICE] == 10)
                parts.append(hits.astype(np.int64) + (i + 1))
            self._starts = np.concatenate(parts)
        return self._starts

    def line_col(self, offset: int) -> tuple[int, int]:
        starts = self._build()
        i = int(np.searchsorted(starts, offset, side="right")) - 1
        start = int(starts[i])
        column = len(self._data[start:offset].decode("utf-8", errors="replace")) + 1
        return i + 1, column

    def line(self, offset: int) -> int:
        return self.line_col(offset)[0]


# --------------------------------------------------------------------------- location tree


@dataclass
class Node:
    """A message in the text: offsets of its opening and closing bracket and its statements."""

    open: int
    close: int = -1
    stmts: list[Stmt] = dc_field(default_factory=list)


@dataclass
class Stmt:
    """One field statement `name: value`, `name { ... }` or `name: [ ... ]` in the text.

    `end` includes a trailing `,`/`;` separator. `values` are the spans of scalar value
    tokens, `children` the nodes of message values; `listed` marks `[ ... ]` syntax.
    """

    start: int
    end: int = -1
    field: FD | None = None
    values: list[tuple[int, int]] = dc_field(default_factory=list)
    children: list[Node] | None = dc_field(default_factory=list)
    listed: bool = False
    #: index in the parent's repeated field of the first value this statement produced
    first_index: int = 0
    count: int = 0


@dataclass
class Override:
    """A non-repeated field given more than once in one message (text_format: last wins)."""

    path: tuple[tuple[str, int | None], ...]
    name: str
    first: int
    second: int


@dataclass
class PythonOnly:
    """A number spelled in a way only Python's text_format accepts (`+1`, `1_0`)."""

    path: tuple[tuple[str, int | None], ...]
    name: str
    offset: int
    token: str


class _LineFeeder:
    """Yields the lines of `data` from `pos` on as text, remembering where each line starts."""

    def __init__(self, data: bytes, pos: int):
        self.text = data
        self.starts: list[int] = []
        self.lines: list[str] = []
        self._pos = pos

    def __iter__(self) -> Iterator[str]:
        data = self.text
        while True:
            pos = self._pos
            if pos > len(data):
                return
            nl = data.find(b"\n", pos)
            end = len(data) if nl < 0 else nl
            self._pos = end + 1
            line = data[pos:end].decode("utf-8")
            self.starts.append(pos)
            self.lines.append(line)
            yield line
            if nl < 0:
                return

    def abs(self, line: int, column: int) -> int:
        """Byte offset of a tokenizer position (line index, column in characters)."""
        if line < 0:
            return self.starts[0] if self.starts else 0
        text = self.lines[line]
        if text.isascii():
            return self.starts[line] + column
        return self.starts[line] + len(text[:column].encode("utf-8"))


class _Tokenizer(text_format.Tokenizer):
    """protobuf's tokenizer, remembering the text of the previous token (for spans)."""

    prev_token = ""

    def NextToken(self):  # noqa: N802 (Qt/protobuf naming)
        self.prev_token = self.token
        super().NextToken()


_PY_ONLY_NUMBER = re.compile(r"^[+]|^-?\d[\w.]*_|^-?\.?\d[\w.]*_")


class _RecordingParser(text_format._Parser):  # noqa: SLF001 - see module docstring
    """text_format's own parser (Merge semantics) that records positions as it goes."""

    def __init__(self) -> None:
        super().__init__()
        self._allow_multiple_scalars = True  # Merge, as AMCT reads
        self.overrides: list[Override] = []
        self.python_only: list[PythonOnly] = []
        self._seen: dict[tuple, dict[str, int]] = {}
        self._path: list[tuple[str, int | None]] = []
        self._nodes: list[Node] = []
        self._stmts: list[Stmt] = []
        self.feeder: _LineFeeder | None = None
        #: field names from the top to the message being read when a ParseError was raised
        self.error_path: tuple[str, ...] | None = None

    # positions -----------------------------------------------------------
    def _cur(self, tok: _Tokenizer) -> int:
        return self.feeder.abs(tok._line, tok._column)

    def _prev_end(self, tok: _Tokenizer) -> int:
        # column arithmetic in characters, then to a byte offset (tokens may be non-ASCII)
        return self.feeder.abs(tok._previous_line, tok._previous_column + len(tok.prev_token))

    def parse_one(self, text: bytes, pos: int, message: Message) -> Stmt | None:
        """Merge the single top-level field statement at `pos` into `message`.

        Returns None when only whitespace (as text_format counts it) is left.
        """
        self.feeder = _LineFeeder(text, pos)
        self.error_path = None
        tok = _Tokenizer(iter(self.feeder))
        if tok.AtEnd():
            return None
        root = Node(open=-1)
        self._nodes = [root]
        self._MergeField(tok, message)
        return root.stmts[0]

    # hooks ---------------------------------------------------------------
    def _MergeField(self, tokenizer, message):  # noqa: N802
        stmt = Stmt(start=self._cur(tokenizer))
        self._nodes[-1].stmts.append(stmt)
        self._stmts.append(stmt)
        try:
            super()._MergeField(tokenizer, message)
        except text_format.ParseError:
            if self.error_path is None:  # the innermost message: where the error is
                self.error_path = tuple(name for name, _ in self._path)
            raise
        finally:
            self._stmts.pop()
        stmt.end = self._prev_end(tokenizer)
        if stmt.field is not None and not stmt.listed:
            head = self.feeder.text[stmt.start:(stmt.values[0][0] if stmt.values else
                                                stmt.children[0].open if stmt.children else stmt.end)]
            if b"[" in head or len(stmt.values) + len(stmt.children) != 1:
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

    def _MergeScalarField(self, tokenizer, message, field):  # noqa: N802
        stmt = self._stmts[-1]
        self._note(stmt, message, field)
        start = self._cur(tokenizer)
        token = tokenizer.token
        self._check_override(field, start)
        super()._MergeScalarField(tokenizer, message, field)
        stmt.values.append((start, self._prev_end(tokenizer)))
        stmt.count += 1
        if field.cpp_type in _NUMERIC_CPP and _PY_ONLY_NUMBER.search(token):
            self.python_only.append(PythonOnly(tuple(self._path), field.name, start, token))

    def _MergeMessageField(self, tokenizer, message, field):  # noqa: N802
        stmt = self._stmts[-1]
        self._note(stmt, message, field)
        node = Node(open=self._cur(tokenizer))
        stmt.children.append(node)
        stmt.count += 1
        index = len(getattr(message, field.name)) if field.is_repeated else None
        if index is None:
            self._check_override(field, stmt.start)
        self._path.append((field.name, index))
        self._nodes.append(node)
        try:
            super()._MergeMessageField(tokenizer, message, field)
        finally:
            self._nodes.pop()
            self._path.pop()
        node.close = self._prev_end(tokenizer) - 1


_NUMERIC_CPP = {
    FD.CPPTYPE_INT32, FD.CPPTYPE_INT64, FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64,
    FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE,
}


# --------------------------------------------------------------------------- fast path

_SKIP = re.compile(rb"(?:[ \t\r\n]+|#[^\n]*)*")
_HEAD = re.compile(rb"([A-Za-z_]\w*)[ \t\r\n]*(?::[ \t\r\n]*)?\{")
_BODY_BLOCK = re.compile(rb"[ \t\r\n]*([A-Za-z_]\w*)[ \t\r\n]*(?::[ \t\r\n]*)?\{")
_BODY_SCALAR = re.compile(rb"[ \t\r\n]*([A-Za-z_]\w*)[ \t]*:[ \t]*(\"[^\"\\\n]*\"|[0-9A-Za-z_.+-]+)")
_BODY_CLOSE = re.compile(rb"[ \t\r\n]*\}")
_SEPARATOR = re.compile(rb"[ \t\r\n]*(?:,|;)")
_AFTER_SCALAR = frozenset(b" \t\r\n}")

_F = rb"-?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_FLOATS = re.compile(rb"(?:" + _F + rb"\n)*" + _F)
_INTS = re.compile(rb"(?:-?(?:0|[1-9][0-9]*)\n)*-?(?:0|[1-9][0-9]*)")
_STRINGS = re.compile(rb'(?:"[^"\\\n]*"\n)*"[^"\\\n]*"')
_UINTS = re.compile(rb"(?:(?:0|[1-9][0-9]*)\n)*(?:0|[1-9][0-9]*)")
_BOOLS = {b"true": True, b"t": True, b"1": True, b"True": True,
          b"false": False, b"f": False, b"0": False, b"False": False}
_LIMITS = {
    FD.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    FD.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    FD.CPPTYPE_UINT32: (0, 2**32 - 1),
    FD.CPPTYPE_UINT64: (0, 2**64 - 1),
}


class _NotSimple(Exception):
    """The fast path does not handle this entry; the slow path will."""


def _convert(fd: FD, tokens: list[bytes]) -> list:
    """Convert value tokens exactly as text_format would, or raise _NotSimple."""
    cpp = fd.cpp_type
    if cpp == FD.CPPTYPE_FLOAT or cpp == FD.CPPTYPE_DOUBLE:
        if not _FLOATS.fullmatch(b"\n".join(tokens)):
            raise _NotSimple
        return list(map(float, tokens))
    if cpp in _LIMITS:
        if tokens.count(b"0") == len(tokens):  # offset_w is all zeros in every real file
            return [0] * len(tokens)
        pattern = _UINTS if cpp in (FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64) else _INTS
        if not pattern.fullmatch(b"\n".join(tokens)):
            raise _NotSimple
        values = list(map(int, tokens))
        lo, hi = _LIMITS[cpp]
        if min(values) < lo or max(values) > hi:
            raise _NotSimple
        return values
    if cpp == FD.CPPTYPE_BOOL:
        try:
            return [_BOOLS[t] for t in tokens]
        except KeyError:
            raise _NotSimple from None
    if cpp == FD.CPPTYPE_STRING:
        if not _STRINGS.fullmatch(b"\n".join(tokens)):
            raise _NotSimple
        if fd.type == FD.TYPE_BYTES:
            return [t[1:-1] for t in tokens]
        return [t[1:-1].decode("utf-8") for t in tokens]
    if cpp == FD.CPPTYPE_ENUM:
        try:
            return [fd.enum_type.values_by_name[t.decode("ascii")].number for t in tokens]
        except KeyError:
            raise _NotSimple from None
    raise _NotSimple


_COLON_NAMES: dict[str, dict[bytes, FD]] = {}


def _colon_names(desc: _descriptor.Descriptor) -> dict[bytes, FD]:
    """b'scale_w:' -> field, for the scalar fields of `desc` (cached per message type)."""
    names = _COLON_NAMES.get(desc.full_name)
    if names is None:
        names = {f"{f.name}:".encode(): f for f in desc.fields if f.cpp_type != FD.CPPTYPE_MESSAGE}
        _COLON_NAMES[desc.full_name] = names
    return names


def _group(names: list[bytes], values: list[bytes]) -> list[tuple[bytes, list[bytes]]]:
    """Values by field name in first-seen order; contiguous runs are sliced in C."""
    out = []
    for name in dict.fromkeys(names):
        start = names.index(name)
        count = names.count(name)
        if names[start:start + count].count(name) == count:
            out.append((name, values[start:start + count]))
        else:  # interleaved with other fields: keep document order
            out.append((name, [v for n, v in zip(names, values, strict=True) if n == name]))
    return out


def _block_values(desc: _descriptor.Descriptor, body: bytes) -> list[tuple[FD, list]]:
    """The scalar statements of a block written one `name: value` per token pair."""
    if not body.isascii():
        raise _NotSimple
    tokens = body.split()
    if len(tokens) % 2:
        raise _NotSimple
    names, values = tokens[0::2], tokens[1::2]
    fields = _colon_names(desc)
    out = []
    for name, vals in _group(names, values):
        fd = fields.get(name)
        if fd is None or (not fd.is_repeated and len(vals) > 1):
            raise _NotSimple  # unknown field or an override: the slow path says where
        out.append((fd, _convert(fd, vals)))
    return out


def _scalar_fields(desc: _descriptor.Descriptor, pairs: list[tuple[bytes, bytes]]) -> list[tuple[FD, list]]:
    groups: dict[str, list[bytes]] = {}
    for name, token in pairs:
        groups.setdefault(name.decode("ascii"), []).append(token)
    out = []
    fields = desc.fields_by_name
    for name, tokens in groups.items():
        fd = fields.get(name)
        if fd is None or fd.cpp_type == FD.CPPTYPE_MESSAGE:
            raise _NotSimple
        if not fd.is_repeated and len(tokens) > 1:
            raise _NotSimple  # an override: the slow path reports it with both lines
        out.append((fd, _convert(fd, tokens)))
    return out


def _apply(msg: Message, values: list[tuple[FD, list]]) -> None:
    for fd, vals in values:
        if fd.is_repeated:
            getattr(msg, fd.name).extend(vals)
        else:
            setattr(msg, fd.name, vals[0])


_MAX_FAST_DEPTH = 8

#: a parsed message body: converted scalar fields, then sub-messages in text order
_Body = tuple[list[tuple[FD, list]], list[tuple[FD, object]]]


def _fast_body(text: bytes, p: int, desc: _descriptor.Descriptor, depth: int) -> tuple[_Body, int]:
    """Parse statements up to the closing brace; raise _NotSimple for anything unusual.

    A block without nested braces (a layer's `value { ... }`, thousands of values) is read
    in bulk by `_block_values`; nested blocks (prune nodes, attrs) statement by statement.
    """
    scalars: list[tuple[bytes, bytes]] = []
    subs: list[tuple[FD, object]] = []
    singular: set[str] = set()
    n = len(text)
    while True:
        c = _BODY_CLOSE.match(text, p)
        if c is not None:
            return (_scalar_fields(desc, scalars), subs), c.end()
        b = _BODY_BLOCK.match(text, p)
        if b is not None:
            fd = desc.fields_by_name.get(b.group(1).decode("ascii"))
            if fd is None or fd.message_type is None:
                raise _NotSimple
            if not fd.is_repeated:
                if fd.name in singular:
                    raise _NotSimple  # two blocks merge: the slow path reports it
                singular.add(fd.name)
            q = text.find(b"}", b.end())
            if q < 0:
                raise _NotSimple
            inner = text.find(b"{", b.end(), q)
            if inner < 0:
                subs.append((fd, _block_values(fd.message_type, text[b.end():q])))
                p = q + 1
            else:
                if depth >= _MAX_FAST_DEPTH:
                    raise _NotSimple
                body, p = _fast_body(text, b.end(), fd.message_type, depth + 1)
                subs.append((fd, body))
            continue
        s = _BODY_SCALAR.match(text, p)
        if s is None:
            raise _NotSimple
        scalars.append((s.group(1), s.group(2)))
        p = s.end()
        if p < n and text[p] not in _AFTER_SCALAR:
            raise _NotSimple


def _build(msg: Message, body) -> None:
    if isinstance(body, list):  # a flat block: converted values only
        _apply(msg, body)
        return
    plain, subs = body
    _apply(msg, plain)
    for fd, sub_body in subs:
        if fd.is_repeated:
            sub = getattr(msg, fd.name).add()
        else:
            sub = getattr(msg, fd.name)
            sub.SetInParent()
        _build(sub, sub_body)


def _fast_entry(text: bytes, pos: int, top: Message) -> tuple[str, int] | None:
    """Parse one simple top-level entry at `pos` into `top`; return (field, end) or None."""
    m = _HEAD.match(text, pos)
    if m is None:
        return None
    top_fd = top.DESCRIPTOR.fields_by_name.get(m.group(1).decode("ascii"))
    if top_fd is None or top_fd.message_type is None or not top_fd.is_repeated:
        return None
    try:
        body, p = _fast_body(text, m.end(), top_fd.message_type, 0)
    except _NotSimple:
        return None
    sep = _SEPARATOR.match(text, p)
    if sep is not None:
        p = sep.end()
    _build(getattr(top, top_fd.name).add(), body)
    return top_fd.name, p


# --------------------------------------------------------------------------- reading


@dataclass
class ParsedText:
    """The result of reading a text: the message and where each part of it came from."""

    data: bytes  # the UTF-8 source; every offset below is a byte offset into it
    dialect: Dialect
    message: Message
    #: top-level statements in file order (fast ones have children=None: built on demand)
    items: list[Stmt]
    overrides: list[Override]
    python_only: list[PythonOnly]
    lines: LineIndex

    def item_node(self, item: Stmt) -> Stmt:
        """The statement with its full location tree (parsed again on first use)."""
        if item.children is None:
            scratch = self.dialect.new_message()
            full = _RecordingParser().parse_one(self.data, item.start, scratch)
            item.children = full.children
            item.values = full.values
            item.listed = full.listed
        return item


_UNKNOWN_FIELD = re.compile(r'Message type "([\w.]+)" has no field named "([^"]+)"')
_LOC_PREFIX = re.compile(r"^\d+(?::\d+)? : ")
_LINE_ECHO = re.compile(r"^'.*?': ", re.S)


#: How much of the file's text an error message quotes (a 10 MB line must not come back).
ECHO_LIMIT = 60
_QUOTED = re.compile(r"""(['"])(.*)\1""")
_LONG_RUN = re.compile(r"\S{%d,}" % (ECHO_LIMIT + 1))


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text`, or its first `limit` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def _clip_echo(msg: str) -> str:
    """protobuf's message with the text it quotes from the file shortened."""
    def runs(text: str) -> str:
        return _LONG_RUN.sub(lambda m: clip(m.group(0)), text)

    out: list[str] = []
    pos = 0
    for m in _QUOTED.finditer(msg):
        out += [runs(msg[pos:m.start()]), m.group(1), clip(m.group(2)), m.group(1)]
        pos = m.end()
    out.append(runs(msg[pos:]))
    return clip("".join(out), 4 * ECHO_LIMIT)


def _place(path: tuple[str, ...]) -> str:
    """Words for a place in a record: ``value { … } of a record entry``."""
    if not path:
        return "the top level of the file"
    phrase = {"record": "a record entry", "prune_record": "a prune_record entry"}.get(
        path[0], f"{path[0]} {{ … }}")
    for name in path[1:]:
        phrase = f"{name} {{ … }} of {phrase}"
    return phrase


def _descriptor_at(desc: _descriptor.Descriptor, path: tuple[str, ...]) -> _descriptor.Descriptor | None:
    for name in path:
        fd = desc.fields_by_name.get(name)
        if fd is None or fd.message_type is None:
            return None
        desc = fd.message_type
    return desc


def _places_of(desc: _descriptor.Descriptor, name: str, depth: int = 6) -> list[tuple[str, ...]]:
    """Paths (field names from the top) of the messages that have a field `name`."""
    found: list[tuple[str, ...]] = []
    todo: list[tuple[_descriptor.Descriptor, tuple[str, ...]]] = [(desc, ())]
    while todo:
        d, path = todo.pop(0)
        if name in d.fields_by_name:
            found.append(path)
        if len(path) < depth:
            todo.extend((f.message_type, (*path, f.name)) for f in d.fields if f.message_type is not None)
    return found


def unknown_field_message(name: str, path: tuple[str, ...], dialect: Dialect, message_name: str) -> str:
    """Why `name` is not accepted at `path`, and where it would be.

    Names the place the field does belong in this dialect, and offers other dialects only
    when they accept the field at this very place; when none does, says where the dialects
    that have the field put it (so none reads as an answer for this place).
    """
    shown = clip(name)
    here = [d.name for d in DIALECTS.values() if d is not dialect
            and (desc := _descriptor_at(d.descriptor, path)) is not None and name in desc.fields_by_name]
    own = _places_of(dialect.descriptor, name)
    notes: list[str] = []
    if own:
        where = " or ".join("at the top level of the file" if not p else f"inside {_place(p)}" for p in own[:3])
        notes.append(f"{shown} belongs {where}")
    if here:
        notes.append(f"dialects that have it here: {', '.join(here)} "
                     "(choose one with --dialect, or File ▸ Read As Dialect in the editor)")
    if not own and not here:
        # other dialects have it, but not here: say where, never offer them for this place
        places: dict[tuple[str, ...], list[str]] = {}
        for d in DIALECTS.values():
            if d is not dialect:
                for p in _places_of(d.descriptor, name):
                    places.setdefault(p, []).append(d.name)
        if places:
            said = [f"{', '.join(names)} {'has' if len(names) == 1 else 'have'} it "
                    + ("at the top level of the file" if not p else f"inside {_place(p)}")
                    for p, names in list(places.items())[:3]]
            notes.append("no AMCT dialect has it here (" + "; ".join(said) + ")")
        else:
            notes.append("no AMCT dialect has a field of that name")
    known = "" if own else f"not part of the {dialect.name} schema; "
    return (f'unknown field "{shown}" in {_place(path)} (message {message_name}): {known}'
            + "; ".join(notes))


def _error_from(e: text_format.ParseError, feeder: _LineFeeder, lines: LineIndex,
                dialect: Dialect, path: tuple[str, ...] | None = None) -> TextParseError:
    msg = _LOC_PREFIX.sub("", str(e))
    msg = _LINE_ECHO.sub("", msg) if msg.startswith("'") else msg
    line = column = None
    if e.GetLine() is not None and feeder.starts:
        idx = min(e.GetLine() - 1, len(feeder.starts) - 1)
        off = feeder.abs(idx, (e.GetColumn() or 1) - 1)
        line, column = lines.line_col(off)
    m = _UNKNOWN_FIELD.search(msg)
    if m:
        name = m.group(2)
        if path is None or _descriptor_at(dialect.descriptor, path) is None:
            path = ()
        return TextParseError(unknown_field_message(name, path, dialect, m.group(1)),
                              line, column, field_name=name)
    return TextParseError(_clip_echo(msg.rstrip()), line, column)


def _as_bytes(text: str | bytes) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else text


def parse_text(text: str | bytes, dialect: Dialect | str, *, progress: Progress | None = None) -> ParsedText:
    """Read `text` (UTF-8 bytes, or str) with `dialect` (Merge semantics).

    Raises TextParseError on the first error, like text_format does.
    """
    text = _as_bytes(text)
    dialect = get_dialect(dialect)
    message = dialect.new_message()
    lines = LineIndex(text)
    items: list[Stmt] = []
    recorder = _RecordingParser()
    n = len(text)
    pos = 0
    next_report = 1 << 20
    counts: dict[str, int] = {}
    while True:
        pos = _SKIP.match(text, pos).end()
        if pos >= n:
            break
        if progress is not None and pos >= next_report:
            next_report = pos + (1 << 20)
            if progress(pos, n) is False:
                raise Cancelled()
        fast = _fast_entry(text, pos, message)
        if fast is not None:
            name, end = fast
            index = counts.get(name, 0)
            items.append(Stmt(start=pos, end=end, field=message.DESCRIPTOR.fields_by_name[name],
                              children=None, first_index=index, count=1))
            counts[name] = index + 1
            pos = end
            continue
        try:
            stmt = recorder.parse_one(text, pos, message)
        except text_format.ParseError as e:
            raise _error_from(e, recorder.feeder, lines, dialect, recorder.error_path) from None
        except UnicodeDecodeError as e:
            bad = recorder.feeder.starts[-1] + e.start if recorder.feeder.starts else pos
            raise TextParseError(f"byte 0x{e.object[e.start]:02x} is not UTF-8",
                                 *lines.line_col(bad)) from None
        if stmt is None:
            break
        if stmt.field is not None:
            counts[stmt.field.name] = len(getattr(message, stmt.field.name)) if stmt.field.is_repeated else 1
        items.append(stmt)
        if stmt.end <= pos:  # defensive: never loop forever on a malformed tail
            raise TextParseError("could not make progress here", *lines.line_col(pos))
        pos = stmt.end
    if progress is not None:
        progress(n, n)
    return ParsedText(text, dialect, message, items, recorder.overrides, recorder.python_only, lines)


_NAME_AT_LINE_START = re.compile(rb"(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*(?::|\{|<)")


def field_names_in(text: str | bytes, limit: int = 1 << 20) -> set[str]:
    """Field names used at line starts in the first `limit` bytes (for detection)."""
    return {n.decode("ascii") for n in set(_NAME_AT_LINE_START.findall(_as_bytes(text), 0, limit))}


def read_text(text: str | bytes, dialect: Dialect | str | None = None, *,
              progress: Progress | None = None) -> ParsedText:
    """Read a record text, detecting the dialect from its field names unless one is given."""
    text = _as_bytes(text)
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


def _entry_key(message: Message, path) -> tuple[str | None, int | None, int | None, str]:
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
        where = f'layer "{record}"' if record is not None else (
            f"prune record {pi}" if pi is not None else "the file")
        problems.append(Problem(
            Severity.ERROR if strict else Severity.WARNING, "field-override",
            f"{where}: {fieldpath} is given twice (line {l1} and line {l2}); AMCT's Python reader "
            f"keeps the last value, strict C++ readers (protoc, AMCT Caffe) reject the file",
            key=record, record_index=ri, prune_index=pi, field=fieldpath,
            line=l2, column=lines.line_col(o.second)[1]))
    for p in parsed.python_only:
        record, ri, pi, prefix = _entry_key(msg, p.path)
        line, col = lines.line_col(p.offset)
        fieldpath = f"{prefix}.{p.name}" if prefix else p.name
        problems.append(Problem(
            Severity.ERROR if strict else Severity.WARNING, "python-only-syntax",
            f"{fieldpath} = {p.token!r} is accepted by AMCT's Python reader but rejected by "
            f"protoc and C++ readers; write it as {float(p.token.replace('_', '')):g}"
            if p.token.replace("_", "").lstrip("+-").replace(".", "", 1).isdigit()
            else f"{fieldpath} = {p.token!r} is accepted only by Python readers",
            key=record, record_index=ri, prune_index=pi, field=fieldpath, line=line, column=col))
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
    for i, entry in enumerate(parsed.message.record):
        key = entry.key
        if key in first:
            if items is None:
                items = record_items(parsed)
            seen[key] += 1
            j = first[key]
            l1 = parsed.lines.line(items[j].start) if j in items else None
            l2 = parsed.lines.line(items[i].start) if i in items else None
            how = (f"appears twice (record {j} at line {l1} and record {i} at line {l2})" if seen[key] == 2
                   else f"appears a {ordinal(seen[key])} time (record {i} at line {l2}; "
                        f"first as record {j} at line {l1})")
            problems.append(Problem(
                Severity.ERROR, "duplicate-key",
                f'layer key "{key}" {how}; '
                f"AMCT uses the first entry and ignores this one",
                key=key, record_index=i, field="key", line=l2))
        else:
            first[key] = i
            seen[key] = 1
    return problems
