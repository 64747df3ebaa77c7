"""Writing record text: the file's own style, and saving by patching the original text.

`render()` turns the live message back into text by editing the text it was read from:
statements whose values did not change are copied byte for byte (comments, blank lines,
order, number spelling), a changed value has just its token replaced, added and removed
values become added and removed lines in the surrounding layout. Where a statement cannot
be patched (list syntax `[a, b]`, merged blocks, one-line layouts), that statement alone is
written again in the file's style (indentation, `value {` or `value: {`, C++ or Python
float spelling, line endings), detected from the file.
"""
from __future__ import annotations

import itertools
import math
import re
import struct
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from google.protobuf import descriptor as _descriptor
from google.protobuf import text_encoding
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.internal import type_checkers
from google.protobuf.message import Message

from editor.records.messages import descriptor_of, enum_type_of
from editor.records.textread import Node, ParsedText, Stmt

if TYPE_CHECKING:  # numpy is imported where floats are formatted in bulk: not at start-up
    import numpy as np

FD = _descriptor.FieldDescriptor
_F32 = struct.Struct("<f")


def to_f32(x: float) -> float:
    """The float32 nearest to `x`, as a Python float (how protobuf stores a float field)."""
    try:
        rounded: float = _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)
    return rounded


def format_float_py(v: float) -> str:
    """Python protobuf's spelling (AMCT's writer today): shortest that round-trips float32."""
    if math.isnan(v):
        return "nan"
    return str(type_checkers.ToShortestFloat(v))


def format_float_cpp(v: float) -> str:
    """C++ protobuf's spelling (older AMCT files): %.6g if it round-trips float32, else %.9g."""
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    s = "%.6g" % v
    if to_f32(float(s)) != v:
        s = "%.9g" % v
    return s


#: 10**k for k = 0..22, each exact in a double
_POW10 = [10.0 ** k for k in range(23)]


def _shortest_py(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """protobuf's ToShortestFloat for float32 values in bulk: (the doubles, which were decided).

    ToShortestFloat takes the first precision p = 6, 7, 8, 9 whose correctly rounded
    p-digit decimal reads back as the same float32. Here the p-digit rounding is done on
    numbers: x * 10**s rounded to an integer, where 10**s is exact (|s| <= 22) and the
    product carries an error far below 1e-6, so the integer is the correctly rounded one
    unless the product is within 1e-6 of a tie. Values where that, a wrong decade, or an
    exact power of two (whose rounding interval is lopsided) could matter, and values
    outside [1e-14, 1e22), zeros, infinities and NaNs are left undecided for the scalar code.
    """
    import numpy as np

    pow10 = np.array(_POW10)
    n = len(a)
    out = np.zeros(n)
    decided = np.zeros(n, dtype=bool)
    mag = np.abs(a)
    x32 = a.astype(np.float32)
    with np.errstate(invalid="ignore"):
        pending = np.isfinite(a) & (mag >= 1e-14) & (mag < 1e22) & (np.frexp(mag)[0] != 0.5)
    safe = np.where(pending, mag, 1.0)
    decade = np.floor(np.log10(safe)).astype(np.int64)
    for p in (6, 7, 8, 9):
        s = p - 1 - decade  # scale so that p digits stand before the point
        up = s >= 0
        scale = pow10[np.minimum(np.abs(s), 22)]
        scaled = np.where(up, safe * scale, safe / scale)
        frac = scaled - np.floor(scaled)
        pending &= (scaled >= 10.0 ** (p - 1)) & (scaled < 10.0 ** p) & (np.abs(frac - 0.5) > 1e-6)
        digits = np.rint(scaled)
        # one correctly rounded operation on exact operands: what float() makes of '%.{p}g'
        cand = np.copysign(np.where(up, digits / scale, digits * scale), a)
        take = pending & (cand.astype(np.float32) == x32)
        out[take] = cand[take]
        decided |= take
        pending &= ~take
    return out, decided


#: Floats a process spells one by one before it imports numpy to spell them in bulk: fewer
#: cost less than the import (~60 ms), e.g. the style of a file and a save after one edit.
_ONE_BY_ONE = [20_000]


def _in_bulk(n: int) -> bool:
    if n < 16:
        return False
    if "numpy" in sys.modules or _ONE_BY_ONE[0] < 0:
        return True
    _ONE_BY_ONE[0] -= n
    return _ONE_BY_ONE[0] < 0


def format_floats(values: Sequence[float], style: Style | None = None) -> list[str]:
    """`style.float(v)` for every value of a float field, the same strings in far fewer
    Python steps (a 1 024-channel scale_w in one go) once numpy is imported."""
    style = style or CANONICAL
    if not _in_bulk(len(values)):
        return [style.float(v) for v in values]
    import numpy as np

    values = list(values)
    a = np.array(values, dtype=np.float64)
    if style.floats == "cpp":
        short = ["%.6g" % v for v in values]
        with np.errstate(over="ignore", invalid="ignore"):
            back = np.array(list(map(float, short))).astype(np.float32) == a.astype(np.float32)
        out = short
        for i in np.flatnonzero(~back).tolist():
            out[i] = format_float_cpp(values[i])
        return out
    doubles, decided = _shortest_py(a)
    out = list(map(repr, doubles.tolist()))
    if not decided.all():
        for i in np.flatnonzero(~decided).tolist():
            out[i] = format_float_py(values[i])
    return out


@dataclass(frozen=True)
class Style:
    """How a file is laid out, so that text we write looks like the rest of it."""

    indent: str = "  "
    colon_before_brace: bool = False  # `value: {`
    top_colon_before_brace: bool = False  # `record: {`
    floats: str = "py"  # "py" (0.023529412) or "cpp" (0.0235294122)
    newline: str = "\n"

    def float(self, v: float) -> str:
        return format_float_cpp(v) if self.floats == "cpp" else format_float_py(v)


CANONICAL = Style()

_BLOCK_HEAD = re.compile(rb"(?m)^([ \t]*)([A-Za-z_]\w*)([ \t]*:)?[ \t]*\{[ \t]*\r?\n(?=([ \t]*)\S)")
_TOP_NAMES = ("record", "prune_record")
_TOP_NAMES_B = (b"record", b"prune_record")
_FLOAT_NAMES = ("scale_d", "scale_w", "tensor_balance_factor", "scale_h", "scale_r", "scale", "f", "floats")
_FLOAT_TOKEN = re.compile(
    rb"(?m)^[ \t]*(?:%s)[ \t]*:[ \t]*([-+0-9.eE]+)[ \t]*[,;]?[ \t]*(?:#[^\n]*)?\r?$" % "|".join(_FLOAT_NAMES).encode())
#: `scale_w: [0.0123456791, 0.00987654366]` (the values inside are taken by _LIST_FLOAT)
_FLOAT_LIST = re.compile(rb"(?m)^[ \t]*(?:%s)[ \t]*:[ \t]*\[([^\]\n#]*)\]" % "|".join(_FLOAT_NAMES).encode())
_LIST_FLOAT = re.compile(rb"[-+0-9.eE]+")


def _block_heads(head: bytes) -> Iterator[re.Match[bytes]]:
    """`_BLOCK_HEAD.finditer(head)`, trying only the lines that have a brace (a few per layer;
    trying every line start was most of detecting a record's style)."""
    pos = 0
    while (brace := head.find(b"{", pos)) >= 0:
        start = head.rfind(b"\n", 0, brace) + 1
        m = _BLOCK_HEAD.match(head, start)
        if m is not None:
            yield m
        nl = head.find(b"\n", brace)
        if nl < 0:
            return
        pos = max(nl + 1, m.end() if m is not None else 0)


def detect_style(text: str | bytes, sample: int = 1 << 18) -> Style:
    """Indentation, brace style, float spelling and line ending of `text` (defaults: protobuf's)."""
    head = (text.encode("utf-8") if isinstance(text, str) else text)[:sample]
    newline = "\r\n" if head.count(b"\r\n") * 2 > head.count(b"\n") else "\n"
    indent, colon_votes, top_votes = "  ", [0, 0], [0, 0]
    first = True
    for m in _block_heads(head):
        outer, name, colon, inner = m.groups()
        if first and inner.startswith(outer):
            indent = inner[len(outer):].decode("ascii")
            first = False
        # the docs write `record {` but `value: {`: count the two levels apart
        (top_votes if name in _TOP_NAMES_B else colon_votes)[bool(colon)] += 1
        if sum(colon_votes) >= 200:
            break
    votes = {"py": 0, "cpp": 0}
    listed = (t for m in _FLOAT_LIST.finditer(head) for t in _LIST_FLOAT.findall(m.group(1)))
    tokens = (m.group(1) for m in _FLOAT_TOKEN.finditer(head))
    firsts = itertools.islice(itertools.chain(tokens, listed), 2000)
    # up to 2 000 values, 100 at a time, until one spelling leads by 20 (most files: the first
    # 100); both spellings of a batch in bulk: one by one this was most of opening a small file
    while abs(votes["py"] - votes["cpp"]) < 20:
        spelled: list[str] = []
        values: list[float] = []
        batch = list(itertools.islice(firsts, 100))
        if not batch:
            break
        for raw in batch:
            tok = raw.decode("ascii")
            try:
                values.append(to_f32(float(tok)))
            except ValueError:
                continue
            spelled.append(tok)
        for tok, py, cpp in zip(spelled, format_floats(values, Style(floats="py")),
                                format_floats(values, Style(floats="cpp")), strict=True):
            if tok == py and tok != cpp:
                votes["py"] += 1
            elif tok == cpp and tok != py:
                votes["cpp"] += 1
    return Style(indent=indent, colon_before_brace=colon_votes[1] > colon_votes[0],
                 top_colon_before_brace=top_votes[1] > top_votes[0],
                 floats="cpp" if votes["cpp"] > votes["py"] else "py", newline=newline)


# --------------------------------------------------------------------------- formatting


def format_value(fd: FD, v: Any, style: Style = CANONICAL) -> str:
    """One scalar value as text format spells it, floats in the file's style. (A field's value
    is Any here, as in `values` and protobuf's `ListFields`: `fd` says what it holds.)"""
    cpp = fd.cpp_type
    if cpp == FD.CPPTYPE_FLOAT:
        return style.float(v)
    if cpp == FD.CPPTYPE_DOUBLE:
        return "nan" if math.isnan(v) else repr(v) if not math.isinf(v) else ("inf" if v > 0 else "-inf")
    if cpp == FD.CPPTYPE_BOOL:
        return "true" if v else "false"
    if cpp == FD.CPPTYPE_ENUM:
        ev = enum_type_of(fd).values_by_number.get(v)
        return ev.name if ev is not None else str(v)
    if cpp == FD.CPPTYPE_STRING:
        if fd.type == FD.TYPE_BYTES:
            return '"' + text_encoding.CEscape(v, False) + '"'
        return '"' + text_encoding.CEscape(v, True) + '"'
    return str(v)


def stmt_lines(fd: FD, v: Any, ind: str, style: Style = CANONICAL) -> list[str]:
    """The lines of one statement (one value of `fd`) at indentation `ind`."""
    if fd.cpp_type != FD.CPPTYPE_MESSAGE:
        return [f"{ind}{fd.name}: {format_value(fd, v, style)}"]
    colon = style.top_colon_before_brace if fd.name in _TOP_NAMES else style.colon_before_brace
    head = f"{ind}{fd.name}{': ' if colon else ' '}{{"
    return [head, *body_lines(v, ind + style.indent, style), f"{ind}}}"]


def body_lines(msg: Message, ind: str, style: Style = CANONICAL) -> list[str]:
    """Every set field of `msg`, one statement per value, in field-number order."""
    lines: list[str] = []
    for fd, value in msg.ListFields():
        if fd.is_repeated:
            if fd.cpp_type == FD.CPPTYPE_MESSAGE:
                for item in value:
                    lines.extend(stmt_lines(fd, item, ind, style))
            else:
                prefix = f"{ind}{fd.name}: "
                if fd.cpp_type == FD.CPPTYPE_FLOAT:
                    lines.extend(prefix + x for x in format_floats(value, style))
                elif fd.cpp_type in _PLAIN_INTS:
                    lines.extend(prefix + x for x in map(str, value))
                else:
                    lines.extend(prefix + format_value(fd, x, style) for x in value)
        else:
            lines.extend(stmt_lines(fd, value, ind, style))
    return lines


_PLAIN_INTS = frozenset({FD.CPPTYPE_INT32, FD.CPPTYPE_INT64, FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64})


def _stmt_text(fd: FD, v: Any, ind: str, style: Style, out: list[str]) -> None:
    """`stmt_lines`, each line ended by the style's newline, appended to `out` as a few
    strings: a vector's statements are one string made by one join (a string per value made
    by ``prefix + x`` was a tenth of writing a big record)."""
    nl = style.newline
    if fd.cpp_type != FD.CPPTYPE_MESSAGE:
        out.append(f"{ind}{fd.name}: {format_value(fd, v, style)}{nl}")
        return
    colon = style.top_colon_before_brace if fd.name in _TOP_NAMES else style.colon_before_brace
    out.append(f"{ind}{fd.name}{': ' if colon else ' '}{{{nl}")
    inner = ind + style.indent
    for field, value in v.ListFields():
        if not field.is_repeated:
            _stmt_text(field, value, inner, style, out)
        elif field.cpp_type == FD.CPPTYPE_MESSAGE:
            for item in value:
                _stmt_text(field, item, inner, style, out)
        else:
            prefix = f"{inner}{field.name}: "
            if field.cpp_type == FD.CPPTYPE_FLOAT:
                spelled: Iterable[str] = format_floats(value, style)
            elif field.cpp_type in _PLAIN_INTS:
                spelled = map(str, value)
            else:
                spelled = [format_value(field, x, style) for x in value]
            out.append(prefix + (nl + prefix).join(spelled) + nl)  # ListFields: never empty
    out.append(f"{ind}}}{nl}")


def format_message(msg: Message, style: Style = CANONICAL) -> str:
    """The whole message in `style` (with CANONICAL: exactly MessageToString(as_utf8=True))."""
    lines = body_lines(msg, "", style)
    return "".join(line + style.newline for line in lines)


@dataclass
class TextBatch:
    """A piece of a message's text: whole top-level statements, so that it reads on its own.

    `entries` says what it holds: (field, index of its first value, number of values).
    """

    data: bytes
    entries: list[tuple[FieldDescriptor, int, int]]


def text_batches(msg: Message, style: Style = CANONICAL, size: int = 1 << 21) -> Iterator[TextBatch]:
    """`format_message(msg, style)` encoded as UTF-8, in batches of about `size` bytes.

    A writer can verify and write each batch and forget it: the text of a 200 MB record is
    never held whole (nor its lines, which take several times its size as Python strings).
    """
    nl = style.newline
    for fd, value in msg.ListFields():
        if not (fd.is_repeated and fd.cpp_type == FD.CPPTYPE_MESSAGE):
            lines = body_lines(_only(msg, fd), "", style)
            yield TextBatch("".join(line + nl for line in lines).encode("utf-8"),
                            [(fd, 0, len(value) if fd.is_repeated else 1)])
            continue
        parts: list[str] = []
        held = first = 0
        for i, entry in enumerate(value):
            pieces: list[str] = []
            _stmt_text(fd, entry, "", style, pieces)
            text = "".join(pieces)
            parts.append(text)
            held += len(text)
            if held >= size:
                yield TextBatch("".join(parts).encode("utf-8"), [(fd, first, i + 1 - first)])
                parts, held, first = [], 0, i + 1
        if parts:
            yield TextBatch("".join(parts).encode("utf-8"), [(fd, first, len(value) - first)])


def _only(msg: Message, fd: FieldDescriptor) -> Message:
    """A message of `msg`'s type with just field `fd` copied."""
    only = type(msg)()
    value = getattr(msg, fd.name)
    if fd.is_repeated:
        getattr(only, fd.name).extend(value)
    elif fd.cpp_type == FD.CPPTYPE_MESSAGE:
        getattr(only, fd.name).CopyFrom(value)
    else:
        setattr(only, fd.name, value)
    return only


# --------------------------------------------------------------------------- locating

_LOC_TOKEN = re.compile(rb"""[ \t\r\n]*(?:([A-Za-z_]\w*)[ \t\r\n]*(:?)[ \t\r\n]*(?:(\{)|("[^"\\\n]*"|[0-9A-Za-z_.+-]+))|(\}))""")


_RUNS: dict[str, tuple[re.Pattern[bytes], re.Pattern[bytes]]] = {}


def _scalar_run(data: bytes, pos: int, end: int, fd: FD, node: Node, seen: dict[str, int]) -> int:
    """The `name: value` statements of field `fd` that follow each other from `pos` (the rest
    of a vector), added to `node` as `locate_simple` adds one; returns where they end.

    One regular expression finds how far the run goes, a second its statements: a 1 024-value
    vector in a few hundred microseconds instead of a Python step per token."""
    pats = _RUNS.get(fd.name)
    if pats is None:
        one = (rb'[ \t\r\n]*(%s)[ \t\r\n]*:[ \t\r\n]*("[^"\\\n]*"|[0-9A-Za-z_.+-]+)(?=[ \t\r\n}]|\Z)'
               % re.escape(fd.name.encode()))
        pats = _RUNS[fd.name] = (re.compile(rb"(?:%s)*" % one), re.compile(one))
    run = pats[0].match(data, pos, end)
    assert run is not None  # (?:…)* matches, if only the empty string
    if run.end() == pos:
        return pos
    index = seen[fd.name]
    stmts = [Stmt(start=m.start(1), end=m.end(2), field=fd, values=[m.span(2)], first_index=index + i, count=1)
             for i, m in enumerate(pats[1].finditer(data, pos, run.end()))]
    node.stmts += stmts
    seen[fd.name] = index + len(stmts)
    return run.end()


def locate_simple(data: bytes, item: Stmt) -> bool:
    """Give a top-level statement read by the fast path (`children is None`) its location tree
    (as `ParsedText.item_node` would) when it is in the plain layout — `name { … }` and
    `name: value`, no comments, separators, lists or escapes; False (nothing changed) otherwise.

    The recording parser that `item_node` uses is protobuf's pure-Python one: ~0.15 s for one
    1 024-channel entry, most of a save after one edit; this reads the same entry in a few ms.
    """
    fd = item.field
    if fd is None or fd.message_type is None:
        return False
    m = _LOC_TOKEN.match(data, item.start)
    if m is None or m.start(1) != item.start or m.group(3) is None:
        return False
    if data[m.end():item.end].find(b"#") >= 0:
        return False
    stmt = Stmt(start=item.start, field=fd, first_index=item.first_index, count=1)
    stack: list[tuple[Node, _descriptor.Descriptor, Stmt, dict[str, int]]] = []
    node = Node(open=m.end() - 1)
    stmt.children = [node]
    stack.append((node, fd.message_type, stmt, {}))
    pos = m.end()
    while stack:
        m = _LOC_TOKEN.match(data, pos, item.end)
        if m is None:
            return False
        node, desc, owner, seen = stack[-1]
        if m.group(5) is not None:  # }
            node.close = m.start(5)
            owner.end = m.end()
            stack.pop()
            pos = m.end()
            continue
        name = m.group(1).decode("ascii")
        sub = desc.fields_by_name.get(name)
        if sub is None:
            return False
        index = seen.get(name, 0)
        seen[name] = index + 1
        child = Stmt(start=m.start(1), field=sub, first_index=index if sub.is_repeated else 0, count=1)
        node.stmts.append(child)
        if m.group(3) is not None:  # a block
            if sub.message_type is None:
                return False
            inner = Node(open=m.start(3))
            child.children = [inner]
            stack.append((inner, sub.message_type, child, {}))
        else:
            if sub.message_type is not None or not m.group(2):
                return False
            child.children = []
            child.values = [(m.start(4), m.end(4))]
            child.end = m.end(4)
            if m.end() < item.end and data[m.end()] not in _AFTER_VALUE:
                return False
            if sub.is_repeated:  # the lines after it that repeat it (a vector), in bulk
                pos = _scalar_run(data, m.end(), item.end, sub, node, seen)
                continue
        pos = m.end()
    if pos != item.end and data[pos:item.end].strip(b" \t\r\n"):
        return False
    if pos != item.end:
        return False  # the statement ends at its brace; anything else is not this layout
    item.children, item.values, item.listed, item.end = stmt.children, [], False, stmt.end
    return True


_AFTER_VALUE = frozenset(b" \t\r\n}")


# --------------------------------------------------------------------------- patching


class _Fallback(Exception):
    """This statement cannot be patched in place; write it again instead."""


def _float_key(values: Sequence[float]) -> bytes:
    return struct.pack(f"<{len(values)}f", *values)


def _scalar_keys(fd: FD, values: Sequence[Any]) -> list[Any]:
    if fd.cpp_type == FD.CPPTYPE_FLOAT:
        return [_F32.pack(v) for v in values]
    return list(values)


def _same_scalar(fd: FD, a: Any, b: Any) -> bool:
    if fd.cpp_type == FD.CPPTYPE_FLOAT:
        return _F32.pack(a) == _F32.pack(b)
    if fd.cpp_type == FD.CPPTYPE_DOUBLE:
        return struct.pack("<d", a) == struct.pack("<d", b)
    return bool(a == b)


def _same_repeated(fd: FD, a: Sequence[Any], b: Sequence[Any]) -> bool:
    if len(a) != len(b):
        return False
    if fd.cpp_type == FD.CPPTYPE_FLOAT:
        return _float_key(a) == _float_key(b)
    if fd.cpp_type == FD.CPPTYPE_MESSAGE:
        return all(x.SerializePartialToString() == y.SerializePartialToString() for x, y in zip(a, b, strict=True))
    if fd.cpp_type == FD.CPPTYPE_DOUBLE:
        return struct.pack(f"<{len(a)}d", *a) == struct.pack(f"<{len(b)}d", *b)
    return list(a) == list(b)


def _changed_in_place(old_keys: Sequence[object], new_keys: Sequence[object]) -> list[int] | None:
    """The positions that differ when two equally long sequences differ in a few places only
    (entries edited where they stand); None otherwise (entries added, removed or moved)."""
    if len(old_keys) != len(new_keys):
        return None
    changed = [i for i, (a, b) in enumerate(zip(old_keys, new_keys, strict=True)) if a != b]
    return changed if len(changed) <= max(16, len(old_keys) // 100) else None


def _align(old_keys: Sequence[Any], new_keys: Sequence[Any], pair: Callable[[int, int], object],
           delete: Callable[[int], object], insert: Callable[[int, int, int], object],
           equal: Callable[[int, int, int], object] | None = None) -> None:
    """Walk the differences between two sequences: pair(i, j) for an element replaced in
    place, delete(i) for one removed, insert(at, j1, j2) for new[j1:j2] going before old[at];
    equal(i1, i2, j1) for old[i1:i2] left as it was, now new[j1:j1 + i2 - i1]."""
    from difflib import SequenceMatcher  # here: most saves edit entries where they stand

    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old_keys, new_keys, autojunk=False).get_opcodes():
        if tag == "equal":
            if equal is not None:
                equal(i1, i2, j1)
            continue
        common = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for t in range(common):
            pair(i1 + t, j1 + t)
        for t in range(i1 + common, i2):
            delete(t)
        if j1 + common < j2:
            insert(i1 + common, j1 + common, j2)


class _Patcher:
    def __init__(self, parsed: ParsedText, style: Style):
        self.parsed = parsed
        self.text = parsed.data  # bytes; offsets are byte offsets
        self.style = style
        self.nl = style.newline
        self.edits: list[tuple[int, int, int, bytes]] = []
        #: top-level field -> blocks (i1, i2, j1) of old entries i1..i2-1 kept as they were,
        #: now entries j1.. of the new message; None: the field did not change at all
        self.kept: dict[str, list[tuple[int, int, int]] | None] = {}
        #: top-level field -> the serialized entries, old and new (what `kept` was decided on)
        self.keys: dict[str, tuple[list[bytes], list[bytes]]] = {}

    # text geometry ----------------------------------------------------------
    def edit(self, start: int, end: int, text: str) -> None:
        self.edits.append((start, end, len(self.edits), text.encode("utf-8")))

    def line_start(self, off: int) -> int:
        return self.text.rfind(b"\n", 0, off) + 1

    def line_end(self, off: int) -> int:
        e = self.text.find(b"\n", off)
        return len(self.text) if e < 0 else e

    def starts_line(self, off: int) -> bool:
        return self.text[self.line_start(off):off].strip(b" \t") == b""

    def ends_line(self, off: int) -> bool:
        rest = self.text[off:self.line_end(off)].lstrip(b" \t\r")
        return rest == b"" or rest.startswith(b"#")

    def indent_at(self, off: int) -> str:
        return self.text[self.line_start(off):off].decode("utf-8")

    # primitive edits ----------------------------------------------------------
    def insert_after(self, end: int, lines: list[str]) -> None:
        if not self.ends_line(end):
            raise _Fallback
        pos = self.line_end(end)
        if pos >= len(self.text):
            self.edit(pos, pos, "".join(self.nl + line for line in lines))
        else:
            self.edit(pos + 1, pos + 1, "".join(line + self.nl for line in lines))

    def insert_before(self, start: int, lines: list[str]) -> None:
        if not self.starts_line(start):
            raise _Fallback
        pos = self.line_start(start)
        self.edit(pos, pos, "".join(line + self.nl for line in lines))

    def delete(self, stmt: Stmt) -> None:
        if self.starts_line(stmt.start) and self.ends_line(stmt.end):
            a = self.line_start(stmt.start)
            b = self.line_end(stmt.end)
            self.edit(a, min(b + 1, len(self.text)), "")
        else:
            self.edit(stmt.start, stmt.end, "")

    def rewrite(self, stmt: Stmt, fd: FD, value: Any) -> None:
        """Write one statement again, in the file's style, where it stood."""
        ind = self.indent_at(stmt.start) if self.starts_line(stmt.start) else ""
        lines = stmt_lines(fd, value, ind, self.style)
        self.edit(stmt.start, stmt.end, self.nl.join(lines)[len(ind):])

    # where new statements go ---------------------------------------------------
    def node_indent(self, node: Node) -> str:
        for s in node.stmts:
            if self.starts_line(s.start):
                return self.indent_at(s.start)
        raise _Fallback

    def insert_field(self, node: Node, fd: FD, lines_for: Callable[[str], list[str]]) -> None:
        """Insert statements of a field the node did not have, in field-number order."""
        ind = self.node_indent(node)
        lines = lines_for(ind)
        before = [s for s in node.stmts if s.field is not None and s.field.number < fd.number]
        if before:
            self.insert_after(max(s.end for s in before), lines)
            return
        after = [s for s in node.stmts if s.field is not None]
        if not after:
            raise _Fallback
        self.insert_before(min(s.start for s in after), lines)

    # the diff -----------------------------------------------------------------
    def patch_node(self, node: Node, old: Message, new: Message) -> None:
        by_field: dict[str, list[Stmt]] = {}
        for s in node.stmts:
            if s.field is None:
                raise _Fallback
            by_field.setdefault(s.field.name, []).append(s)
        for fd in descriptor_of(new).fields:
            occ = by_field.get(fd.name, [])
            if fd.is_repeated:
                o, n = getattr(old, fd.name), getattr(new, fd.name)
                if _same_repeated(fd, o, n):
                    continue
                if fd.cpp_type != FD.CPPTYPE_MESSAGE and any(s.listed for s in occ):
                    self.patch_listed_scalars(fd, occ, o, n)
                    continue
                if any(s.listed for s in occ) or len(occ) != len(o):
                    raise _Fallback
                if fd.cpp_type == FD.CPPTYPE_MESSAGE:
                    self.patch_repeated_messages(node, fd, occ, o, n)
                else:
                    self.patch_repeated_scalars(node, fd, occ, o, n)
            elif fd.cpp_type == FD.CPPTYPE_MESSAGE:
                self.patch_message_field(node, fd, occ, old, new)
            else:
                self.patch_scalar(node, fd, occ, old, new)

    def patch_scalar(self, node: Node, fd: FD, occ: list[Stmt], old: Message, new: Message) -> None:
        had, has = old.HasField(fd.name), new.HasField(fd.name)
        ov, nv = getattr(old, fd.name), getattr(new, fd.name)
        if had == has and (not has or _same_scalar(fd, ov, nv)):
            return
        if has and occ:
            a, b = occ[-1].values[-1]  # the last one given is the one that counts
            self.edit(a, b, format_value(fd, nv, self.style))
        elif has:
            self.insert_field(node, fd, lambda ind: stmt_lines(fd, nv, ind, self.style))
        else:
            for s in occ:
                self.delete(s)

    def patch_message_field(self, node: Node, fd: FD, occ: list[Stmt], old: Message, new: Message) -> None:
        had, has = old.HasField(fd.name), new.HasField(fd.name)
        ov, nv = getattr(old, fd.name), getattr(new, fd.name)
        if had == has and (not has or ov.SerializePartialToString() == nv.SerializePartialToString()):
            return
        if len(occ) > 1 or any(s.listed for s in occ):
            raise _Fallback
        if has and occ:
            self.patch_child(occ[0], fd, ov, nv)
        elif has:
            self.insert_field(node, fd, lambda ind: stmt_lines(fd, nv, ind, self.style))
        else:
            self.delete(occ[0])

    def patch_child(self, stmt: Stmt, fd: FD, old: Message, new: Message) -> None:
        mark = len(self.edits)
        try:
            if stmt.children is None or len(stmt.children) != 1:
                raise _Fallback
            self.patch_node(stmt.children[0], old, new)
        except _Fallback:
            del self.edits[mark:]
            self.rewrite(stmt, fd, new)

    def _insert_values(self, node: Node, fd: FD, occ: list[Stmt], at: int, values: Iterable[Any]) -> None:
        """Insert statements for `values` so they come before occ[at] (after occ[at-1])."""
        def lines(ind: str) -> list[str]:
            out: list[str] = []
            for v in values:
                out.extend(stmt_lines(fd, v, ind, self.style))
            return out
        if at > 0:
            anchor = occ[at - 1]
            ind = self.indent_at(anchor.start) if self.starts_line(anchor.start) else self.node_indent(node)
            self.insert_after(anchor.end, lines(ind))
        elif occ:
            self.insert_before(occ[0].start, lines(self.indent_at(occ[0].start)))
        else:
            self.insert_field(node, fd, lines)

    def patch_repeated_scalars(self, node: Node, fd: FD, occ: list[Stmt], old: Sequence[Any], new: Sequence[Any]) -> None:
        if len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                if not _same_scalar(fd, a, b):
                    s, e = occ[i].values[0]
                    self.edit(s, e, format_value(fd, b, self.style))
            return
        def replace(i: int, j: int) -> None:
            s, e = occ[i].values[0]
            self.edit(s, e, format_value(fd, new[j], self.style))

        _align(_scalar_keys(fd, old), _scalar_keys(fd, new), replace, lambda i: self.delete(occ[i]),
               lambda at, j1, j2: self._insert_values(node, fd, occ, at, new[j1:j2]))

    def patch_listed_scalars(self, fd: FD, occ: list[Stmt], old: Sequence[Any], new: Sequence[Any]) -> None:
        """Repeated scalars written (at least partly) as `name: [a, b, c]`: values changed in
        place where they stand; a list that grows or shrinks is written again inside its
        brackets, with the file's separator (one list statement only, else the entry)."""
        spans = [span for stmt in sorted(occ, key=lambda st: st.first_index) for span in stmt.values]
        if len(spans) != len(old):
            raise _Fallback
        if len(old) == len(new):
            for (a, b), x, y in zip(spans, old, new, strict=True):
                if not _same_scalar(fd, x, y):
                    self.edit(a, b, format_value(fd, y, self.style))
            return
        if len(occ) != 1 or not old:
            raise _Fallback
        stmt = occ[0]
        if not new:
            self.delete(stmt)
            return
        sep = ", "
        if len(spans) > 1:
            between = self.text[spans[0][1]:spans[1][0]].decode("utf-8")
            if "\n" not in between and "#" not in between:
                sep = between
        self.edit(spans[0][0], spans[-1][1], sep.join(format_value(fd, v, self.style) for v in new))

    def patch_repeated_messages(self, node: Node, fd: FD, occ: list[Stmt], old: Sequence[Message],
                                new: Sequence[Message]) -> None:
        _align([m.SerializePartialToString() for m in old], [m.SerializePartialToString() for m in new],
               lambda i, j: self.patch_child(occ[i], fd, old[i], new[j]),
               lambda i: self.delete(occ[i]),
               lambda at, j1, j2: self._insert_values(node, fd, occ, at, new[j1:j2]))

    # the top level ------------------------------------------------------------------
    def patch_top(self, old: Message, new: Message) -> None:
        items = self.parsed.items
        for fd in descriptor_of(new).fields:
            o, n = getattr(old, fd.name), getattr(new, fd.name)
            if not fd.is_repeated:
                if (old.HasField(fd.name) if fd.has_presence else True) and _same_repeated(fd, [o], [n]):
                    continue
                raise _Fallback  # no dialect has singular top-level fields; be safe
            if fd.cpp_type != FD.CPPTYPE_MESSAGE:
                if _same_repeated(fd, o, n):
                    self.kept[fd.name] = None
                    continue
                raise _Fallback  # nor top-level scalars
            old_keys = [m.SerializePartialToString() for m in o]
            new_keys = [m.SerializePartialToString() for m in n]
            self.keys[fd.name] = (old_keys, new_keys)
            changed = _changed_in_place(old_keys, new_keys)
            if changed == []:  # (compared entry by entry: one comparison of it all holds the GIL)
                self.kept[fd.name] = None
                continue
            mine = [it for it in items if it.field is fd]
            blocks: list[tuple[int, int, int]] = []
            self.kept[fd.name] = blocks
            if any(it.count != 1 for it in mine) or len(mine) != len(o):
                self.rewrite_field(fd, mine, n)
                continue
            if changed is not None:  # entries edited where they stand: no alignment to search
                last = 0
                for i in changed:
                    if i > last:
                        blocks.append((last, i, last))
                    self.patch_entry(mine[i], fd, o[i], n[i])
                    last = i + 1
                if last < len(o):
                    blocks.append((last, len(o), last))
                continue
            self._realign(fd, mine, o, n, old_keys, new_keys, blocks)

    def _realign(self, fd: FD, mine: list[Stmt], old: Sequence[Message], new: Sequence[Message],
                 old_keys: list[bytes], new_keys: list[bytes], blocks: list[tuple[int, int, int]]) -> None:
        """Entries added, removed or moved: each entry the alignment pairs is patched, the others
        deleted or inserted; `blocks` gets the runs kept as they were."""
        _align(old_keys, new_keys,
               lambda i, j: self.patch_entry(mine[i], fd, old[i], new[j]),
               lambda i: self.delete(mine[i]),
               lambda at, j1, j2: self.insert_entries(fd, mine, at, new[j1:j2]),
               lambda i1, i2, j1: blocks.append((i1, i2, j1)))

    def patch_entry(self, item: Stmt, fd: FD, old: Message, new: Message) -> None:
        if item.children is None and not locate_simple(self.text, item):
            self.parsed.item_node(item)
        self.patch_child(item, fd, old, new)

    def _entry_lines(self, fd: FD, values: Iterable[Any], ind: str) -> list[str]:
        out: list[str] = []
        for v in values:
            out.extend(stmt_lines(fd, v, ind, self.style))
        return out

    def insert_entries(self, fd: FD, mine: list[Stmt], at: int, values: Iterable[Any]) -> None:
        if at > 0:
            anchor = mine[at - 1]
            ind = self.indent_at(anchor.start) if self.starts_line(anchor.start) else ""
            self.insert_after(anchor.end, self._entry_lines(fd, values, ind))
        elif mine:
            ind = self.indent_at(mine[0].start) if self.starts_line(mine[0].start) else ""
            self.insert_before(mine[0].start, self._entry_lines(fd, values, ind))
        else:
            self.append_at_end(self._entry_lines(fd, values, ""))

    def append_at_end(self, lines: list[str]) -> None:
        text = self.text
        end = len(text)
        # after the last statement, keeping whatever trails the file (comments, blank lines)
        if self.parsed.items:
            last = max(it.end for it in self.parsed.items)
            self.insert_after(last, lines)
            return
        sep = "" if (not text or text.endswith(b"\n")) else self.nl
        self.edit(end, end, sep + "".join(line + self.nl for line in lines))

    def rewrite_field(self, fd: FD, mine: list[Stmt], values: Iterable[Any]) -> None:
        """List syntax at the top level: write all of this field's entries again."""
        lines = self._entry_lines(fd, values, "")
        if mine:
            first = min(mine, key=lambda s: s.start)
            for s in mine:
                if s is not first:
                    self.delete(s)
            if lines:
                self.edit(first.start, first.end, self.nl.join(lines))
            else:
                self.delete(first)
        elif lines:
            self.append_at_end(lines)

    def chunks(self) -> list[bytes | memoryview]:
        """The output as pieces: untouched stretches are views of the source, not copies."""
        edits = sorted(self.edits, key=lambda e: (e[0], e[1], e[2]))
        source = memoryview(self.text)
        out: list[bytes | memoryview] = []
        pos = 0
        for start, end, _, text in edits:
            if start < pos:
                raise _Fallback  # overlapping edits: give up patching
            out.append(source[pos:start])
            out.append(text)
            pos = end
        out.append(source[pos:])
        return out

    def sorted_edits(self) -> list[tuple[int, int, bytes]]:
        """The edits in text order, as (start, end, new bytes) of the source."""
        return [(a, b, text) for a, b, _, text in sorted(self.edits, key=lambda e: (e[0], e[1], e[2]))]


@dataclass
class Rendering:
    """Text for a live message made by patching the text its original was read from.

    `chunks` are the output's pieces (untouched stretches are views of the source);
    `edits` the changes, as (start, end, new bytes) in source offsets, in order; `kept`,
    per top-level field, which original entries stand unchanged and where they are now
    (blocks (i1, i2, j1): old entries i1..i2-1 are new entries j1..; None: the field did
    not change), and `keys` the serialized entries that was decided on. A writer can verify
    the output by reading back only what changed.
    """

    chunks: list[bytes | memoryview]
    edits: list[tuple[int, int, bytes]]
    kept: dict[str, list[tuple[int, int, int]] | None] = dc_field(default_factory=dict)
    #: per top-level message field, every old and new entry serialized (for checking `kept`)
    keys: dict[str, tuple[list[bytes], list[bytes]]] = dc_field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(len(chunk) for chunk in self.chunks)


def render_patch(parsed: ParsedText, original: Message, live: Message,
                 style: Style | None = None) -> Rendering | None:
    """The patched text for `live` (see Rendering), or None where this text cannot be patched
    (then the whole message must be formatted: `format_message`, `text_batches`)."""
    style = style or detect_style(parsed.data)
    patcher = _Patcher(parsed, style)
    try:
        patcher.patch_top(original, live)
        chunks = patcher.chunks()
    except _Fallback:
        return None
    return Rendering(chunks, patcher.sorted_edits(), patcher.kept, patcher.keys)


def render_chunks(parsed: ParsedText, original: Message, live: Message,
                  style: Style | None = None) -> list[bytes | memoryview]:
    """UTF-8 text for `live` in pieces, made by patching the text `original` was read from.

    Unchanged statements keep their bytes (as views of the source: a 200 MB file is never
    copied in one piece, which would hold the GIL). The caller should check the result
    reads back as `live` (RecordDocument does) and fall back to `format_message` otherwise.
    """
    style = style or detect_style(parsed.data)
    rendering = render_patch(parsed, original, live, style)
    if rendering is None:
        return [format_message(live, style).encode("utf-8")]
    return rendering.chunks


def render(parsed: ParsedText, original: Message, live: Message, style: Style | None = None) -> bytes:
    """`render_chunks` joined into one bytes object."""
    return b"".join(render_chunks(parsed, original, live, style))
