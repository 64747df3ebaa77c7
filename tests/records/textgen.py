"""Hypothesis strategies that write records in every spelling text format allows."""
from __future__ import annotations

import math
import struct

from google.protobuf import descriptor as _descriptor
from hypothesis import strategies as st

from editor.records.dialects import DIALECTS
from editor.records.messages import enum_type_of

FD = _descriptor.FieldDescriptor


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


finite_f32 = st.integers(0, 2**32 - 1).map(lambda b: struct.unpack("<f", struct.pack("<I", b))[0]).filter(
    lambda v: math.isfinite(v))
nice_f32 = st.floats(0.0, 10.0, width=32)
any_f32 = st.one_of(nice_f32, finite_f32, st.sampled_from([math.inf, -math.inf, 0.0, -0.0, math.nan]))


def float_spellings(v: float) -> st.SearchStrategy[str]:
    if math.isnan(v):
        return st.sampled_from(["nan", "NaN", "nanf"])
    if math.isinf(v):
        return st.sampled_from(["inf", "-inf"] if v < 0 else ["inf", "infinity", "Infinity", "inff"]).map(
            lambda s: "-" + s.lstrip("-") if v < 0 else s)
    options = [repr(v), "%.9g" % v, "%.6g" % v, "%e" % v, "%.17g" % v]
    if v == int(v) and abs(v) < 1e15:
        options.append(str(int(v)))
    if v > 0:
        options.append("+" + repr(v))  # Python-only
    if not options[0].startswith("-"):
        options.append(repr(v) + "f")
    return st.sampled_from(options)


def int_spellings(v: int) -> st.SearchStrategy[str]:
    options = [str(v)]
    if v >= 0:
        options += [hex(v), "+" + str(v)] + (["0" + oct(v)[2:]] if v > 0 else [])
    return st.sampled_from(options)


STRING_CHARS = st.characters(codec="utf-8", exclude_categories=["Cs"])


def string_spellings(s: str) -> st.SearchStrategy[str]:
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
    return st.sampled_from(options)


@st.composite
def values_for(draw, fd: FD):
    cpp = fd.cpp_type
    if cpp == FD.CPPTYPE_FLOAT:
        v = draw(any_f32)
        return v, draw(float_spellings(v))
    if cpp in (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64):
        v = draw(st.integers(-200, 200) | st.integers(-(2**31), 2**31 - 1))
        return v, draw(int_spellings(v))
    if cpp in (FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64):
        v = draw(st.integers(0, 40) | st.integers(0, 2**32 - 1))
        return v, draw(int_spellings(v))
    if cpp == FD.CPPTYPE_BOOL:
        v = draw(st.booleans())
        return v, draw(st.sampled_from(["true", "True", "t", "1"] if v else ["false", "False", "f", "0"]))
    if cpp == FD.CPPTYPE_ENUM:
        ev = draw(st.sampled_from(list(enum_type_of(fd).values)))
        return ev.number, draw(st.sampled_from([ev.name, str(ev.number)]))
    if cpp == FD.CPPTYPE_STRING:
        if fd.name in ("act_type", "wts_type", "dst_type"):
            s = draw(st.sampled_from(["INT8", "INT4", "INT16"]))
        else:
            s = draw(st.text(STRING_CHARS, max_size=12) | st.sampled_from(["conv1", "fc/MatMul", "a b"]))
        return s, draw(string_spellings(s))
    raise AssertionError(fd)


class Writer:
    """Writes statements with random layout choices drawn from hypothesis."""

    def __init__(self, draw, plain: bool):
        self.draw = draw
        self.plain = plain  # the layout AMCT writes: exercises the fast path
        self.out: list[str] = []

    def ws(self) -> str:
        if self.plain:
            return ""
        return self.draw(st.sampled_from(["", " ", "  ", "\t", "\n", " # note\n", "\n\n  "]))

    def sep(self) -> str:
        if self.plain:
            return ""
        return self.draw(st.sampled_from(["", "", "", ",", ";"]))

    def message(self, desc, depth: int, ind: str) -> None:
        draw = self.draw
        fields = [f for f in desc.fields if not (depth > 3 and f.message_type is not None)]
        chosen = draw(st.lists(st.sampled_from(fields), max_size=6)) if fields else []
        # PruneNode.name is required; files may still leave it out (the rules flag that), and
        # reading and saving them must not depend on it
        if desc.name == "PruneNode" and desc.fields_by_name["name"] not in chosen and draw(st.integers(0, 4)):
            chosen.insert(0, desc.fields_by_name["name"])
        for fd in chosen:
            count = draw(st.integers(1, 4)) if fd.is_repeated else draw(st.sampled_from([1, 1, 1, 1, 2]))
            if fd.is_repeated and fd.message_type is None and not self.plain and draw(st.booleans()):
                vals = [draw(values_for(fd))[1] for _ in range(count)]
                self.out.append(f"{ind}{fd.name}:{self.ws()} [{', '.join(vals)}]{self.sep()}\n")
                continue
            for _ in range(count):
                self.stmt(fd, depth, ind)

    def stmt(self, fd: FD, depth: int, ind: str) -> None:
        draw = self.draw
        if fd.message_type is not None:
            colon = draw(st.sampled_from(["", ":"])) if not self.plain else ""
            open_, close = ("{", "}") if self.plain or draw(st.integers(0, 4)) else ("<", ">")
            self.out.append(f"{ind}{fd.name}{colon}{' ' if not colon or self.plain else self.ws()}{open_}\n")
            self.message(fd.message_type, depth + 1, ind + "  ")
            self.out.append(f"{ind}{close}{self.sep()}\n")
        else:
            _, spelled = draw(values_for(fd))
            gap = " " if self.plain else draw(st.sampled_from([" ", "", "  ", "\t"]))
            self.out.append(f"{ind}{fd.name}:{gap}{spelled}{self.sep()}{self.ws()}\n")


@st.composite
def record_texts(draw, dialect_name: str | None = None):
    """(dialect name, text) of a record file written with random but valid syntax."""
    name = dialect_name or draw(st.sampled_from(["tf-inner", "pytorch", "caffe", "onnx"]))
    dialect = DIALECTS[name]
    plain = draw(st.booleans())
    w = Writer(draw, plain)
    top = dialect.descriptor
    for _ in range(draw(st.integers(0, 5))):
        fd = draw(st.sampled_from(list(top.fields)))
        w.stmt(fd, 0, "")
        if not plain and draw(st.booleans()):
            w.out.append(draw(st.sampled_from(["\n", "# between entries\n", "  \n"])))
    return name, "".join(w.out)
