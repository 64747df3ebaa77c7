"""Hypothesis strategies that write records in every spelling text format allows.

Generating a record takes hundreds of choices, so the writer draws every choice from a
strategy built once (module constants, `_pick`'s index strategies, `_fields_of`'s cache): a
strategy made anew for each choice is validated and labelled anew, which cost hypothesis far
more than the draw itself (about 0.2 s per record, most of the property tests' time).
"""
from __future__ import annotations

import functools
import math
import struct
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from google.protobuf import descriptor as _descriptor
from hypothesis import strategies as st

from editor.records.dialects import DIALECTS
from editor.records.messages import enum_type_of

FD = _descriptor.FieldDescriptor
T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[Any]], Any]


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


@functools.cache
def _indices(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


def _pick(draw: Draw, options: Sequence[T]) -> T:
    """One of `options`, as `draw(st.sampled_from(options))` picks it (shrinking to the
    first), without building a strategy for each list of options."""
    return options[draw(_indices(len(options)))]


finite_f32 = st.integers(0, 2**32 - 1).map(lambda b: struct.unpack("<f", struct.pack("<I", b))[0]).filter(
    lambda v: math.isfinite(v))
nice_f32 = st.floats(0.0, 10.0, width=32)
any_f32 = st.one_of(nice_f32, finite_f32, st.sampled_from([math.inf, -math.inf, 0.0, -0.0, math.nan]))


def float_spelling(draw: Draw, v: float) -> str:
    if math.isnan(v):
        return _pick(draw, ["nan", "NaN", "nanf"])
    if math.isinf(v):
        spelled = _pick(draw, ["inf", "-inf"] if v < 0 else ["inf", "infinity", "Infinity", "inff"])
        return "-" + spelled.lstrip("-") if v < 0 else spelled
    options = [repr(v), "%.9g" % v, "%.6g" % v, "%e" % v, "%.17g" % v]
    if v == int(v) and abs(v) < 1e15:
        options.append(str(int(v)))
    if v > 0:
        options.append("+" + repr(v))  # Python-only
    if not options[0].startswith("-"):
        options.append(repr(v) + "f")
    return _pick(draw, options)


def int_spelling(draw: Draw, v: int) -> str:
    options = [str(v)]
    if v >= 0:
        options += [hex(v), "+" + str(v)] + (["0" + oct(v)[2:]] if v > 0 else [])
    return _pick(draw, options)


STRING_CHARS = st.characters(codec="utf-8", exclude_categories=["Cs"])


def string_spelling(draw: Draw, s: str) -> str:
    def escape(text: str, quote: str) -> str:
        out = []
        for ch in text:
            if ch == "\\":
                out.append("\\\\")
            elif ch == quote:
                out.append("\\" + quote)
            elif ch == "\n":
                out.append("\\n")
            elif ord(ch) < 32 or ch == "\x7f":
                out.append("\\%03o" % ord(ch))
            else:
                out.append(ch)
        return quote + "".join(out) + quote

    plain = escape(s, '"')
    options = [plain, escape(s, "'")]
    if len(s) >= 2:
        options.append(escape(s[:1], '"') + " " + escape(s[1:], "'"))
    return _pick(draw, options)


_INT = st.integers(-200, 200) | st.integers(-(2**31), 2**31 - 1)
_UINT = st.integers(0, 40) | st.integers(0, 2**32 - 1)
_TEXT = st.text(STRING_CHARS, max_size=12) | st.sampled_from(["conv1", "fc/MatMul", "a b"])
_BOOL = st.booleans()


def spelled_value(draw: Draw, fd: FD) -> str:
    """A random value of field `fd`, spelled in one of the ways text format reads it."""
    cpp = fd.cpp_type
    if cpp == FD.CPPTYPE_FLOAT:
        return float_spelling(draw, draw(any_f32))
    if cpp in (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64):
        return int_spelling(draw, draw(_INT))
    if cpp in (FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64):
        return int_spelling(draw, draw(_UINT))
    if cpp == FD.CPPTYPE_BOOL:
        return _pick(draw, ["true", "True", "t", "1"] if draw(_BOOL) else ["false", "False", "f", "0"])
    if cpp == FD.CPPTYPE_ENUM:
        ev = _pick(draw, enum_type_of(fd).values)
        return _pick(draw, [ev.name, str(ev.number)])
    if cpp == FD.CPPTYPE_STRING:
        if fd.name in ("act_type", "wts_type", "dst_type"):
            s = _pick(draw, ["INT8", "INT4", "INT16"])
        else:
            s = draw(_TEXT)
        return string_spelling(draw, s)
    raise AssertionError(fd)


@functools.cache
def _fields_of(desc: _descriptor.Descriptor, deep: bool) -> st.SearchStrategy[list[FD]] | None:
    """Up to six fields of `desc` to write (scalars only where `deep`), or None if none."""
    fields = [f for f in desc.fields if not (deep and f.message_type is not None)]
    return st.lists(st.sampled_from(fields), max_size=6) if fields else None


_WS = ["", " ", "  ", "\t", "\n", " # note\n", "\n\n  "]
_SEP = ["", "", "", ",", ";"]
_GAP = [" ", "", "  ", "\t"]
_COUNT = st.integers(1, 4)
_SINGLE_COUNT = st.sampled_from([1, 1, 1, 1, 2])
_ONE_IN_FIVE = st.integers(0, 4)  # 0: the rarer choice


#: lines a record grows to at most. Nested repeated messages multiply (up to 6 fields, 4
#: elements each, 4 levels deep), so a tenth of the records made up half of all lines, and
#: of the time, without a form of syntax that smaller records lack; past the budget a
#: message is closed as it stands (an empty message, or fewer fields, is valid text too).
MAX_LINES = 150


class Writer:
    """Writes statements with random layout choices drawn from hypothesis."""

    def __init__(self, draw, plain: bool):
        self.draw = draw
        self.plain = plain  # the layout AMCT writes: exercises the fast path
        self.out: list[str] = []

    def ws(self) -> str:
        if self.plain:
            return ""
        return _pick(self.draw, _WS)

    def sep(self) -> str:
        if self.plain:
            return ""
        return _pick(self.draw, _SEP)

    def message(self, desc, depth: int, ind: str) -> None:
        draw = self.draw
        if len(self.out) >= MAX_LINES:
            return
        fields = _fields_of(desc, depth > 3)
        chosen = draw(fields) if fields is not None else []
        # PruneNode.name is required; files may still leave it out (the rules flag that), and
        # reading and saving them must not depend on it
        if desc.name == "PruneNode" and desc.fields_by_name["name"] not in chosen and draw(_ONE_IN_FIVE):
            chosen.insert(0, desc.fields_by_name["name"])
        for fd in chosen:
            if len(self.out) >= MAX_LINES:
                return
            count = draw(_COUNT) if fd.is_repeated else draw(_SINGLE_COUNT)
            if fd.is_repeated and fd.message_type is None and not self.plain and draw(_BOOL):
                vals = [spelled_value(draw, fd) for _ in range(count)]
                self.out.append(f"{ind}{fd.name}:{self.ws()} [{', '.join(vals)}]{self.sep()}\n")
                continue
            for _ in range(count):
                self.stmt(fd, depth, ind)

    def stmt(self, fd: FD, depth: int, ind: str) -> None:
        draw = self.draw
        if fd.message_type is not None:
            colon = _pick(draw, ["", ":"]) if not self.plain else ""
            open_, close = ("{", "}") if self.plain or draw(_ONE_IN_FIVE) else ("<", ">")
            self.out.append(f"{ind}{fd.name}{colon}{' ' if not colon or self.plain else self.ws()}{open_}\n")
            self.message(fd.message_type, depth + 1, ind + "  ")
            self.out.append(f"{ind}{close}{self.sep()}\n")
        else:
            spelled = spelled_value(draw, fd)
            gap = " " if self.plain else _pick(draw, _GAP)
            self.out.append(f"{ind}{fd.name}:{gap}{spelled}{self.sep()}{self.ws()}\n")


_TOP_COUNT = st.integers(0, 5)


@st.composite
def record_texts(draw, dialect_name: str | None = None):
    """(dialect name, text) of a record file written with random but valid syntax."""
    name = dialect_name or _pick(draw, ["tf-inner", "pytorch", "caffe", "onnx"])
    dialect = DIALECTS[name]
    plain = draw(_BOOL)
    w = Writer(draw, plain)
    top = dialect.descriptor
    for _ in range(draw(_TOP_COUNT)):
        if len(w.out) >= MAX_LINES:
            break
        fd = _pick(draw, top.fields)
        w.stmt(fd, 0, "")
        if not plain and draw(_BOOL):
            w.out.append(_pick(draw, ["\n", "# between entries\n", "  \n"]))
    return name, "".join(w.out)
