"""The reader's fast path: common layouts of record text straight to protobuf's wire format.

`FastReader.entry` reads one top-level statement (`record { ... }`) and returns its binary
encoding, which the caller merges into the message with one `MergeFromString` per batch
(protobuf's C decoder builds the message). It handles what AMCT and protobuf write and what
people type: `{ }` or `< >`, `name: { }`, `#` comments, `,`/`;` after a field, `[a, b, c]`
lists, a file on one line, `0.5f`. Anything else — and every spelling that
`text_format.Merge` and C++ readers might not read alike (`+1`, `0x10`, `inf`, escapes in
strings, a field given twice, an unknown field) — raises `NotSimple`, and the caller reads
that entry with the careful path (protobuf's own parser), which says what is wrong or
unusual with line and column.

Every value read here is converted as `Merge` converts it: floats by Python's `float`
(correctly rounded) then to float32 by a C cast, as protobuf stores them; integers by `int`
after a check of the spelling, then range-checked. Blocks without nested messages (a layer's
`value { ... }`: thousands of values) are split and checked in bulk at C speed: one
`bytes.split`, runs of one field found by slicing, each run converted in one call.
"""
from __future__ import annotations

import re
import struct
import sys
from array import array
from collections.abc import Callable
from typing import Any, ClassVar, cast

from google.protobuf import descriptor as _descriptor

from editor.records.messages import enum_type_of

FD = _descriptor.FieldDescriptor


class NotSimple(Exception):
    """The fast path does not read this entry; the careful path will."""


# --------------------------------------------------------------------------- wire format

def varint(n: int) -> bytes:
    """Protobuf's base-128 varint of an integer (negative ones as 64-bit two's complement)."""
    if 0 <= n < 0x80:
        return _SMALL[n]
    if n < 0:
        n += 1 << 64
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


_SMALL = [bytes([i]) for i in range(0x80)]


def _varints(values: list[int]) -> bytes:
    """The varints of `values`, one after the other."""
    if not values:
        return b""
    if min(values) >= 0 and max(values) < 0x80:
        return bytes(values)
    return b"".join(map(varint, values))


_WIRE_VARINT, _WIRE_I64, _WIRE_LEN, _WIRE_I32 = 0, 1, 2, 5
_LITTLE = sys.byteorder == "little"


def _floats32(values: list[float]) -> bytes:
    a = array("f", values)  # a C cast per value, as protobuf stores a float field
    if not _LITTLE:
        a.byteswap()
    return a.tobytes()


def _floats64(values: list[float]) -> bytes:
    return struct.pack(f"<{len(values)}d", *values)


# --------------------------------------------------------------------------- value tokens

# A 256-byte table for the spelling check of numbers: digits 1-9 become "1"; "0", ".", "e",
# "-" and space stay; anything else (E, +, f: rare, checked closely) becomes "#".
_NUM_TABLE = bytes(
    (ord("1") if ord("1") <= i <= ord("9") else i if i in b"0.e- " else ord("#")) for i in range(256))
_INT_CHARS = b"0123456789- "


def _octal_start(token: bytes) -> bool:
    """Whether a number token starts like C octal (`017`, `-08.5`), which Merge reads (or
    refuses) in its own way."""
    t = token[1:] if token[:1] == b"-" else token
    return len(t) > 1 and t[0] == 0x30 and 0x30 <= t[1] <= 0x39


def _plain_floats(tokens: list[bytes]) -> list[float]:
    """`Merge`'s values of float tokens in the spellings every reader reads alike, else NotSimple.

    Accepted: `-?` digits with `.` and an exponent where wanted, and one `f`/`F` after it,
    as C++ protobuf also accepts. Refused (the careful path reads and reports them): a
    leading `+`, `_`, octal-looking `01.5`, `inf`/`nan`, hex, anything non-ASCII.
    """
    shape = b" ".join(tokens).translate(_NUM_TABLE)
    if b"#" in shape:  # E, +, f: look closer
        joined = b" " + b" ".join(tokens)
        if b"f" in joined or b"F" in joined:  # 0.5f: one suffix, which Merge and C++ both allow
            stripped = (joined + b" ").replace(b"f ", b" ").replace(b"F ", b" ")
            unsuffixed = stripped.split()
            if len(unsuffixed) != len(tokens):  # a bare "f"
                raise NotSimple
            tokens, joined = unsuffixed, stripped
        if b" +" in joined or (b"e+" not in joined and b"E+" not in joined and b"+" in joined):
            raise NotSimple  # +1: Python only; a + elsewhere than after e is refused by float()
        shape = joined.replace(b"E", b"e").replace(b"e+", b"e-").translate(_NUM_TABLE)
        if b"#" in shape:
            raise NotSimple
    if b" 00" in shape or b" 01" in shape or _octal_start(tokens[0]) or (b"-0" in shape and (
            b" -00" in shape or b" -01" in shape)):
        raise NotSimple
    try:
        return list(map(float, tokens))
    except ValueError:  # "1.2.3", "-", "1e": Merge refuses them too, with its own message
        raise NotSimple from None


def _plain_ints(tokens: list[bytes], lo: int, hi: int) -> list[int]:
    """Decimal integer tokens (`-?(0|[1-9][0-9]*)`) in [lo, hi], else NotSimple."""
    joined = b" ".join(tokens)
    if joined.translate(None, _INT_CHARS) or max(map(len, tokens)) > 20:
        raise NotSimple  # also keeps int() far from Python's digit limit
    shape = joined.translate(_NUM_TABLE)
    if b" 00" in shape or b" 01" in shape or _octal_start(tokens[0]) or b" -00" in shape or b" -01" in shape:
        raise NotSimple  # C octal (017) or 08: the careful path reads or refuses it as Merge does
    if lo >= 0 and b"-" in joined:
        raise NotSimple  # -0 on an unsigned field: Python reads it, C++ does not
    try:
        values = list(map(int, tokens))
    except ValueError:
        raise NotSimple from None
    if min(values) < lo or max(values) > hi:
        raise NotSimple
    return values


def _int_payload(tokens: list[bytes], lo: int, hi: int) -> bytes:
    """The varints of integer tokens (see `_plain_ints`)."""
    if tokens.count(b"0") == len(tokens):  # offset_w is all zeros in every real file
        return bytes(len(tokens))
    return _varints(_plain_ints(tokens, lo, hi))


_BOOLS = {b"true": 1, b"t": 1, b"1": 1, b"True": 1, b"false": 0, b"f": 0, b"0": 0, b"False": 0}
_LIMITS = {
    FD.TYPE_INT32: (-(1 << 31), (1 << 31) - 1),
    FD.TYPE_INT64: (-(1 << 63), (1 << 63) - 1),
    FD.TYPE_UINT32: (0, (1 << 32) - 1),
    FD.TYPE_UINT64: (0, (1 << 64) - 1),
}
_QUOTES = (34, 39)  # " and '


def _strings(tokens: list[bytes]) -> list[bytes]:
    """The contents of quoted tokens without escapes (`"a/b"`, `'x'`), else NotSimple."""
    out = []
    for t in tokens:
        q = t[:1]
        if len(t) < 2 or t[0] not in _QUOTES or t[-1] != t[0] or t.count(q) != 2 or b"\\" in t \
                or b"\n" in t:
            raise NotSimple
        out.append(t[1:-1])
    return out


# --------------------------------------------------------------------------- schema tables

Encoder = Callable[[list[bytes]], bytes]


class _Field:
    """What the fast path needs of one field: how its tokens become wire bytes (`encode`,
    tag included), and the tag of a length-delimited occurrence (`tag_len`)."""

    __slots__ = ("fd", "number", "repeated", "message", "encode", "tag_len")

    def __init__(self, fd: FD, message: _Table | None, encode: Encoder, tag_len: bytes):
        self.fd = fd
        self.number = fd.number
        self.repeated = fd.is_repeated
        self.message = message
        self.encode = encode
        self.tag_len = tag_len


class _Table:
    """One message type: its fields by name, with and without the colon."""

    def __init__(self, desc: _descriptor.Descriptor, tables: dict[str, _Table]):
        tables[desc.full_name] = self
        self.desc = desc
        self.by_name: dict[bytes, _Field] = {}
        self.by_colon: dict[bytes, _Field] = {}
        self.flat = all(f.message_type is None for f in desc.fields)
        for fd in desc.fields:
            sub = None
            if fd.message_type is not None:
                sub = tables.get(fd.message_type.full_name) or _Table(fd.message_type, tables)
            info = _Field(fd, sub, _encoder(fd), varint((fd.number << 3) | _WIRE_LEN))
            self.by_name[fd.name.encode()] = info
            if sub is None:
                self.by_colon[fd.name.encode() + b":"] = info


def _refuse(tokens: list[bytes]) -> bytes:
    """The encoder of a field the fast path does not read (a message, whose text is a block,
    or a sint/fixed type): the careful path reads the text instead."""
    raise NotSimple


def _encoder(fd: FD) -> Encoder:
    """tokens -> wire bytes of field `fd` (packed when repeated); `_refuse` for the others."""
    t = fd.type
    number = fd.number
    repeated = fd.is_repeated
    tag_len = varint((number << 3) | _WIRE_LEN)

    def packed(payload: bytes) -> bytes:
        return tag_len + varint(len(payload)) + payload

    if t == FD.TYPE_MESSAGE or t == FD.TYPE_GROUP:
        return _refuse
    if t in (FD.TYPE_FLOAT, FD.TYPE_DOUBLE):
        width, tag = (_floats32, varint((number << 3) | _WIRE_I32)) if t == FD.TYPE_FLOAT else \
            (_floats64, varint((number << 3) | _WIRE_I64))
        if repeated:
            return lambda tokens: packed(width(_plain_floats(tokens)))
        return lambda tokens: tag + width(_plain_floats(tokens))
    if t in _LIMITS:
        lo, hi = _LIMITS[t]
        tag = varint((number << 3) | _WIRE_VARINT)
        if repeated:
            return lambda tokens: packed(_int_payload(tokens, lo, hi))
        return lambda tokens: tag + varint(_plain_ints(tokens, lo, hi)[0])
    if t == FD.TYPE_BOOL:
        tag = varint((number << 3) | _WIRE_VARINT)

        def bools(tokens: list[bytes]) -> bytes:
            got = list(map(_BOOLS.get, tokens))
            if None in got:
                raise NotSimple
            values = cast(list[int], got)  # no None: checked above
            return packed(bytes(values)) if repeated else tag + bytes(values)

        return bools
    if t == FD.TYPE_ENUM:
        tag = varint((number << 3) | _WIRE_VARINT)
        by_name = {v.name.encode(): v.number for v in enum_type_of(fd).values}

        def enums(tokens: list[bytes]) -> bytes:
            got = list(map(by_name.get, tokens))  # numbers go the careful way
            if None in got:
                raise NotSimple
            values = cast(list[int], got)  # no None: checked above
            return packed(_varints(values)) if repeated else tag + varint(values[0])

        return enums
    if t in (FD.TYPE_STRING, FD.TYPE_BYTES):
        # The caller has checked the whole text is UTF-8, so a string's bytes are its value.
        def strings(tokens: list[bytes]) -> bytes:
            return b"".join(tag_len + varint(len(s)) + s for s in _strings(tokens))

        return strings
    return _refuse  # sint, fixed: not in any AMCT schema; the careful path reads them


# --------------------------------------------------------------------------- the grammar

#: Matches at every position (everything in it is optional), so `_WS.match(...)` is never None;
#: typed Any so the hot loops need no None check for the checker's sake.
_WS: Any = re.compile(rb"(?:[ \t\r\n\v\f]++|#[^\n]*+)*+")
_NAME = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*+")
_TOKEN = re.compile(rb"[A-Za-z0-9_.+\-]++")
_STRING = re.compile(rb"\"[^\"\\\n]*+\"|'[^'\\\n]*+'")
# The end of a block with no nested message: the first bracket outside strings and comments
# (or a quote that is not closed on its line).
#: Like `_WS`, matches at every position (a `*` of alternatives), so `.match()` is never None.
_FLAT_END: Any = re.compile(rb"(?:[^{}<>#\"']++|#[^\n]*+|\"[^\"\\\n]*+\"|'[^'\\\n]*+')*+")
_COMMENTS = re.compile(rb"(\"[^\"\\\n]*+\"|'[^'\\\n]*+')|#[^\n]*+")
_COMMENT = re.compile(rb"#[^\n]*+")
_CLOSE = {ord("{"): ord("}"), ord("<"): ord(">")}
_PUNCT = (b":", b",", b";", b"[", b"]")
_SEPARATORS = (b",", b";")
_MAX_DEPTH = 16


def _run_end(names: list[bytes], i: int, name: bytes) -> int:
    """The end of the run of `name` starting at `i` (names[i] and names[i+1] are `name`)."""
    m = len(names)
    lo, step = i + 1, 1
    while lo + step < m and names[lo + step] == name:  # gallop...
        lo += step
        step <<= 1
    hi = min(lo + step, m)  # ...then bisect: names[lo] is name, names[hi] is not (or the end)
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if names[mid] == name:
            lo = mid
        else:
            hi = mid
    return hi


class FastReader:
    """The fast path for one dialect's top-level message (tables built once per type)."""

    _cache: ClassVar[dict[str, FastReader]] = {}

    def __init__(self, desc: _descriptor.Descriptor):
        self.top = _Table(desc, {})

    @classmethod
    def for_descriptor(cls, desc: _descriptor.Descriptor) -> FastReader:
        reader = cls._cache.get(desc.full_name)
        if reader is None:
            reader = cls._cache[desc.full_name] = cls(desc)
        return reader

    def entry(self, data: bytes, pos: int) -> tuple[FD, int, bytes]:
        """(top-level field, end offset, wire bytes) of the statement at `pos`, or NotSimple.

        `end` is past the closing bracket and a `,`/`;` after it, as the careful path counts.
        """
        m = _NAME.match(data, pos)
        if m is None:
            raise NotSimple
        info = self.top.by_name.get(m.group())
        if info is None or info.message is None or not info.repeated:
            raise NotSimple
        p = _WS.match(data, m.end()).end()
        if data[p:p + 1] == b":":
            p = _WS.match(data, p + 1).end()
        close = _CLOSE.get(data[p]) if p < len(data) else None
        if close is None:
            raise NotSimple
        body, p = self._message(data, p + 1, info.message, close, 1)
        end = p
        s = _WS.match(data, p).end()
        if data[s:s + 1] in _SEPARATORS:
            end = s + 1
        return info.fd, end, info.tag_len + varint(len(body)) + body

    # messages ----------------------------------------------------------------------
    def _message(self, data: bytes, p: int, table: _Table, close: int, depth: int) -> tuple[bytes, int]:
        """Wire bytes of the message body starting at `p`, and the offset past its `close`."""
        if depth > _MAX_DEPTH:
            raise NotSimple
        if table.flat:
            return _flat_block(data, p, table, close)
        out: list[bytes] = []
        seen: set[int] = set()
        n = len(data)
        while True:
            p = _WS.match(data, p).end()
            if p >= n:
                raise NotSimple
            if data[p] == close:
                return b"".join(out), p + 1
            m = _NAME.match(data, p)
            if m is None:
                raise NotSimple
            info = table.by_name.get(m.group())
            if info is None:
                raise NotSimple  # unknown field: the careful path names the dialects that have it
            if not info.repeated:
                if info.number in seen:
                    raise NotSimple  # given twice: the careful path reports it
                seen.add(info.number)
            p = _WS.match(data, m.end()).end()
            colon = data[p:p + 1] == b":"
            if colon:
                p = _WS.match(data, p + 1).end()
            if info.message is not None:
                sub_close = _CLOSE.get(data[p]) if p < n else None
                if sub_close is None:
                    raise NotSimple  # a list of messages, or an error
                body, p = self._message(data, p + 1, info.message, sub_close, depth + 1)
                out.append(info.tag_len + varint(len(body)) + body)
            else:
                if not colon or p >= n:
                    raise NotSimple
                if data[p] == 0x5B:  # [a, b, c]
                    if not info.repeated:
                        raise NotSimple
                    q = data.find(b"]", p)
                    if q < 0:
                        raise NotSimple
                    out.append(info.encode(_list_values(data[p + 1:q])))
                    p = q + 1
                else:
                    t = (_STRING if data[p] in _QUOTES else _TOKEN).match(data, p)
                    if t is None:
                        raise NotSimple
                    p = t.end()
                    if p < n and data[p] in _QUOTES:
                        raise NotSimple  # "a" "b": concatenated strings
                    out.append(info.encode([t.group()]))
            s = _WS.match(data, p).end()
            if data[s:s + 1] in _SEPARATORS:
                p = s + 1


def _list_values(inner: bytes) -> list[bytes]:
    """The value tokens of `[a, b, c]` (without the brackets), else NotSimple."""
    if b"#" in inner or b"[" in inner or b"{" in inner or b"<" in inner:
        raise NotSimple
    tokens = inner.replace(b",", b" , ").split()
    if not len(tokens) & 1:  # empty, or a comma too many or too few
        raise NotSimple
    commas = tokens[1::2]
    if commas.count(b",") != len(commas):
        raise NotSimple
    values = tokens[0::2]
    if b"," in values:
        raise NotSimple
    return values


def _flat_block(data: bytes, p: int, table: _Table, close: int) -> tuple[bytes, int]:
    """A block of a message type without message fields: (wire bytes, offset past `close`)."""
    q = data.find(_BYTE[close], p)
    if q < 0:
        raise NotSimple
    body = data[p:q]
    comments = b"#" in body
    if not comments:
        try:
            # Were the bracket found inside a string, the body would end in a token no
            # field accepts (an open quote): token pairs that all read are real.
            return _pairs_block(body, table), q + 1
        except NotSimple:
            pass
    quotes = b'"' in body or b"'" in body
    if quotes or comments:
        # the bracket found may be inside a string or a comment: find the real one
        q = _FLAT_END.match(data, p).end()
        if q >= len(data) or data[q] != close:
            raise NotSimple
        body = data[p:q]
        if b"#" in body:
            body = _COMMENTS.sub(rb"\1", body) if quotes else _COMMENT.sub(b"", body)
            try:  # `scale_w: 0.5  # note` is AMCT's layout once the comments are gone
                return _pairs_block(body, table), q + 1
            except NotSimple:
                pass
    return _statements_block(body, table), q + 1


_BYTE = {c: bytes([c]) for c in b"}>"}


def _pairs_block(body: bytes, table: _Table) -> bytes:
    """A body written `name: value` token pairs (AMCT's layout, on lines or on one line),
    each field's values together; runs are found by slicing, never token by token.

    A `,` or `;` right after a value (`scale_w: 0.5;`) is taken as the separator it is.
    """
    tokens = body.split()
    if len(tokens) & 1:
        raise NotSimple
    names = tokens[0::2]
    values = tokens[1::2]
    m = len(names)
    if b";" in body or b"," in body:
        # one separator at the end of a value, nowhere else (names are checked below)
        joined = (b" ".join(values) + b" ").replace(b"; ", b" ").replace(b", ", b" ")
        if b";" in joined or b"," in joined:
            raise NotSimple
        values = joined.split()
        if len(values) != m:
            raise NotSimple
    out: list[bytes] = []
    seen: set[int] = set()
    i = 0
    while i < m:
        name = names[i]
        info = table.by_colon.get(name)
        if info is None or info.number in seen:
            raise NotSimple  # unknown, or a field in two places: the next reader groups them
        seen.add(info.number)
        if i + 1 < m and names[i + 1] == name:
            if not info.repeated:
                raise NotSimple  # given twice
            j = _run_end(names, i, name)
            if names[i:j].count(name) != j - i:
                raise NotSimple
        else:
            j = i + 1
        out.append(info.encode(values[i:j]))
        i = j
    return b"".join(out)


def _statements_block(body: bytes, table: _Table) -> bytes:
    """A body with comments, separators, lists or `name:value` without a space."""
    if b"\\" in body:
        raise NotSimple
    if b"#" in body:
        body = _COMMENTS.sub(rb"\1", body)
    for ch in _PUNCT:
        if ch in body:
            body = body.replace(ch, b" " + ch + b" ")
    tokens = body.split()
    n = len(tokens)
    groups: dict[_Field, list[bytes]] = {}
    i = 0
    while i < n:
        info = table.by_name.get(tokens[i])
        if info is None or i + 2 >= n or tokens[i + 1] != b":":
            raise NotSimple
        value = tokens[i + 2]
        got = groups.get(info)
        if got is None:
            got = groups[info] = []
        elif not info.repeated:
            raise NotSimple  # given twice: the careful path reports it
        if value == b"[":
            if not info.repeated:
                raise NotSimple
            try:
                j = tokens.index(b"]", i + 3)
            except ValueError:
                raise NotSimple from None
            inner = tokens[i + 3:j]
            if not len(inner) & 1:
                raise NotSimple
            commas = inner[1::2]
            if commas.count(b",") != len(commas):
                raise NotSimple
            got += inner[0::2]
            i = j + 1
        else:
            got.append(value)
            i += 3
        if i < n and tokens[i] in _SEPARATORS:
            i += 1
    # every encoder refuses a stray ':', ',', ';', '[' or ']' as a value
    return b"".join([info.encode(values) for info, values in groups.items()])
