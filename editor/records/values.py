"""Typed scalar values of protobuf fields: display text, parsing of user input, float32 exactness.

Qt-free helpers shared by the tree model, the delegates and the commands. Every parser
raises `ValueError` with a message a user can act on ("offset_d takes a whole number
between -2147483648 and 2147483647, not 1.5").
"""
from __future__ import annotations

import math
import re
import struct
from collections.abc import Iterable
from typing import Any

from google.protobuf.descriptor import FieldDescriptor

from editor.i18n import translate
from editor.records.messages import enum_type_of, message_type_of

FD = FieldDescriptor

FLOAT32_MAX = struct.unpack("<f", b"\xff\xff\x7f\x7f")[0]
#: The smallest positive float32 (a subnormal, about 1.4e-45); anything nearer zero is stored as 0.
FLOAT32_TRUE_MIN = struct.unpack("<f", b"\x01\x00\x00\x00")[0]

#: (minimum, maximum) of every integer field type
INT_RANGES: dict[int, tuple[int, int]] = {
    FD.TYPE_INT32: (-(2**31), 2**31 - 1),
    FD.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FD.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FD.TYPE_UINT32: (0, 2**32 - 1),
    FD.TYPE_FIXED32: (0, 2**32 - 1),
    FD.TYPE_INT64: (-(2**63), 2**63 - 1),
    FD.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FD.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FD.TYPE_UINT64: (0, 2**64 - 1),
    FD.TYPE_FIXED64: (0, 2**64 - 1),
}

_TYPE_NAMES = {
    FD.TYPE_DOUBLE: "double", FD.TYPE_FLOAT: "float", FD.TYPE_INT64: "int64",
    FD.TYPE_UINT64: "uint64", FD.TYPE_INT32: "int32", FD.TYPE_FIXED64: "fixed64",
    FD.TYPE_FIXED32: "fixed32", FD.TYPE_BOOL: "bool", FD.TYPE_STRING: "string",
    FD.TYPE_BYTES: "bytes", FD.TYPE_UINT32: "uint32", FD.TYPE_SFIXED32: "sfixed32",
    FD.TYPE_SFIXED64: "sfixed64", FD.TYPE_SINT32: "sint32", FD.TYPE_SINT64: "sint64",
}


def is_float(field: FieldDescriptor) -> bool:
    return field.type in (FD.TYPE_FLOAT, FD.TYPE_DOUBLE)


def is_integer(field: FieldDescriptor) -> bool:
    return field.type in INT_RANGES


def is_message(field: FieldDescriptor | None) -> bool:
    """Whether `field` holds messages (False for None: the top of a record is no field)."""
    return field is not None and field.type in (FD.TYPE_MESSAGE, FD.TYPE_GROUP)


def type_name(field: FieldDescriptor, *, element: bool = False) -> str:
    """`float`, `repeated float`, `AttrType`, `PruneNode` — the type column's text.

    `element` drops the `repeated` prefix (for rows that are one element of the field).
    """
    if is_message(field):
        base = message_type_of(field).name
    elif field.type == FD.TYPE_ENUM:
        base = enum_type_of(field).name
    else:
        base = _TYPE_NAMES.get(field.type, "?")
    if field.is_repeated and not element:
        return f"repeated {base}"
    if getattr(field, "is_required", False) and not element:
        return f"{base} (required)"
    return base


def to_float32(value: float) -> float:
    """Round a Python float to the nearest float32, as protobuf does when storing it."""
    try:
        rounded: float = struct.unpack("<f", struct.pack("<f", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)
    return rounded


def float32_bits(value: float) -> int:
    bits: int = struct.unpack("<I", struct.pack("<f", value))[0]
    return bits


def format_float32(value: float) -> str:
    """The shortest decimal text that reads back as the same float32 (never rounded to 6 digits)."""
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    target = to_float32(value)
    for digits in range(1, 10):
        text = f"{target:.{digits}g}"
        if to_float32(float(text)) == target and (target != 0 or math.copysign(1, float(text)) ==
                                                   math.copysign(1, target)):
            return text
    return f"{target:.9g}"


#: 10**k for k = 0..22, each exact in a double
_POW10 = [10.0 ** k for k in range(23)]


def format_float32_many(values: Iterable[float]) -> list[str]:
    """`format_float32` of every value, the same strings, several times faster for a vector
    of thousands of channels: numpy finds each value's digit count for all values at once
    (`_fewest_g_digits`), so Python formats each value once instead of trying 1 to 9 digits."""
    import numpy as np  # where a whole vector is spelled (the window, diffs): imported already

    if not isinstance(values, np.ndarray):
        values = list(values)  # an iterator, a protobuf repeated field
    with np.errstate(over="ignore", invalid="ignore"):  # > FLT_MAX: inf, as to_float32 gives
        targets = np.asarray(values, dtype=np.float64).astype(np.float32).astype(np.float64)
    digits, decided = _fewest_g_digits(targets)
    floats = targets.tolist()
    out = [f"{v:.{d}g}" for v, d in zip(floats, digits.tolist(), strict=True)]
    for i in np.flatnonzero(~decided).tolist():
        out[i] = format_float32(floats[i])  # rounded to float32 already: the same text
    return out


def _fewest_g_digits(targets: Any) -> tuple[Any, Any]:
    """For float32 values (as float64): the first p of 1..9 whose `%.{p}g` text reads back
    (`float`, then to float32) as the same float32 — `format_float32`'s loop, on arrays —
    and which values that was decided for (the rest are left to `format_float32`).

    The p-digit rounding is done on numbers: x * 10**s rounded to an integer, where 10**s
    is exact (|s| <= 22) and the product's error is below 1e-6 (x * 10**s < 1e9), so the
    integer is the correctly rounded one that `%.{p}g` writes, unless the product is within
    1e-6 of a tie. The integer divided (or multiplied) by 10**s is one correctly rounded
    operation on exact operands: the double `float()` makes of that text. Values near a
    tie or in a wrong decade, and values outside [1e-14, 1e22), zeros, infinities and NaNs
    are left undecided.
    """
    import numpy as np

    pow10 = np.array(_POW10)
    n = len(targets)
    digits = np.ones(n, dtype=np.int64)
    decided = np.zeros(n, dtype=bool)
    mag = np.abs(targets)
    x32 = targets.astype(np.float32)
    with np.errstate(invalid="ignore"):
        pending = np.isfinite(targets) & (mag >= 1e-14) & (mag < 1e22)
    safe = np.where(pending, mag, 1.0)
    decade = np.floor(np.log10(safe)).astype(np.int64)
    for p in range(1, 10):
        s = p - 1 - decade  # scale so that p digits stand before the point
        up = s >= 0
        scale = pow10[np.minimum(np.abs(s), 22)]
        scaled = np.where(up, safe * scale, safe / scale)
        frac = scaled - np.floor(scaled)
        pending &= (scaled >= 10.0 ** (p - 1)) & (scaled < 10.0 ** p) & (np.abs(frac - 0.5) > 1e-6)
        rounded = np.rint(scaled)
        with np.errstate(over="ignore"):
            back = np.where(up, rounded / scale, rounded * scale).astype(np.float32)
        take = pending & (back == np.abs(x32))
        digits[take] = p
        decided |= take
        pending &= ~take
    return digits, decided


def format_double(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return repr(value)


def escape_text(value: str | bytes) -> str:
    """Text shown for a string or bytes value: invisible characters and invalid UTF-8 escaped.

    `\\n`, `\\t`, `\\r`, `\\\\` and `\\xNN` make a stray newline or space-like control
    character in a layer key visible; `unescape_text` reverses it exactly.
    """
    data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    text = data.decode("utf-8", errors="surrogateescape")
    # only the characters that need it, found at C speed (a key of a megabyte, character by
    # character in Python, took half a second each time a panel showed it)
    return _NEEDS_ESCAPE.sub(_escape_one, text)


_NEEDS_ESCAPE = re.compile("[\\\\\x00-\x1f\x7f\udc80-\udcff]")
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape_one(m: re.Match[str]) -> str:
    ch = m.group()
    code = ord(ch)
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    return f"\\x{code - 0xDC00:02x}" if code >= 0xDC80 else f"\\x{code:02x}"


#: the most characters a row, a label or a plot shows of one string value: a key of a
#: megabyte (files are untrusted) laid out by Qt on every paint froze the window for seconds
SHOWN_LIMIT = 1000


def clip_middle(text: str, limit: int = SHOWN_LIMIT) -> str:
    """`text`, or its start and end around an ellipsis when it is longer than `limit`."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return text[:half] + "\u2026" + text[-half:]


def shown_text(value: str | bytes, limit: int = SHOWN_LIMIT) -> str:
    """`escape_text(value)` for display: a value longer than `limit` characters keeps its
    start and its end (where layer keys differ most) around an ellipsis. Never for editing:
    `unescape_text` cannot give the value back."""
    if len(value) <= limit:
        return escape_text(value)
    half = limit // 2
    return escape_text(value[:half]) + "\u2026" + escape_text(value[-half:])


def unescape_text(text: str) -> bytes:
    """The bytes a text typed in an editor stands for (inverse of `escape_text`)."""
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "\\":
            out += ch.encode("utf-8")
            i += 1
            continue
        if i + 1 >= len(text):
            raise ValueError(translate("values", "a lone backslash at the end; write \\\\ for a backslash"))
        nxt = text[i + 1]
        simple = {"n": b"\n", "t": b"\t", "r": b"\r", "\\": b"\\", '"': b'"', "'": b"'", "0": b"\0"}
        if nxt in simple:
            out += simple[nxt]
            i += 2
        elif nxt == "x":
            digits = text[i + 2:i + 4]
            if len(digits) != 2 or any(c not in "0123456789abcdefABCDEF" for c in digits):
                raise ValueError(translate("values", "\\x must be followed by two hex digits (at position "
                                           "{position})").format(position=i + 1))
            out.append(int(digits, 16))
            i += 4
        else:
            raise ValueError(translate("values", "unknown escape {escape} (at position {position}); write \\\\ "
                                       "for a backslash").format(escape="\\" + nxt, position=i + 1))
    return bytes(out)


def enum_name(field: FieldDescriptor, number: int) -> str:
    value = enum_type_of(field).values_by_number.get(number)
    return value.name if value is not None else str(number)


def format_value(field: FieldDescriptor, value: Any) -> str:
    """Display text of one scalar value of `field` (an element, for repeated fields)."""
    t = field.type
    if t == FD.TYPE_FLOAT:
        return format_float32(value)
    if t == FD.TYPE_DOUBLE:
        return format_double(value)
    if t == FD.TYPE_BOOL:
        return "true" if value else "false"
    if t == FD.TYPE_ENUM:
        return enum_name(field, value)
    if t in (FD.TYPE_STRING, FD.TYPE_BYTES):
        return escape_text(value)
    return str(value)


def shown_value(field: FieldDescriptor, value: Any) -> str:
    """`format_value` for display: a long string clipped by `shown_text`."""
    if field.type in (FD.TYPE_STRING, FD.TYPE_BYTES):
        return shown_text(value)
    return format_value(field, value)


def _parse_int(text: str) -> int | None:
    """Decimal or 0x-hex integer with an optional sign; None when it is not one."""
    negative = text.startswith("-")
    body = text[1:] if text[:1] in "+-" else text
    if body.lower().startswith("0x"):
        digits = body[2:]
        if not digits or any(c not in "0123456789abcdefABCDEF" for c in digits):
            return None
        number = int(digits, 16)
    elif body.isascii() and body.isdigit():
        number = int(body)
    else:
        return None
    return -number if negative else number


def _float32_or_error(name: str, number: float, shown: str) -> float:
    """`number` as float32, or ValueError when float32 cannot hold it: beyond its largest
    value, or so near zero that it would be stored as 0 (subnormals are fine)."""
    # rounded as float32 first: 3.4028235e+38, the way FLT_MAX is written, is a little
    # above FLT_MAX as a double but is FLT_MAX in float32
    stored = to_float32(number)
    if math.isfinite(number) and not math.isfinite(stored):
        raise ValueError(translate("values", "{name} is a float32: {value} is beyond its largest value {most}").format(
            name=name, value=shown, most=format_float32(FLOAT32_MAX)))
    if stored == 0 and number != 0:
        raise ValueError(translate("values", "{name} is a float32: {value} is below its smallest value {least} and "
                                   "would be stored as 0").format(
            name=name, value=shown, least=format_float32(FLOAT32_TRUE_MIN)))
    return stored


def parse_value(field: FieldDescriptor, text: str) -> Any:
    """The typed value for a user's text, or ValueError saying what the field accepts."""
    name = field.name
    t = field.type
    raw = text.strip() if t not in (FD.TYPE_STRING, FD.TYPE_BYTES) else text
    if t in (FD.TYPE_FLOAT, FD.TYPE_DOUBLE):
        try:
            number = float(raw)
        except ValueError:
            raise ValueError(translate("values", "{name} takes a number such as 0.5, 1e-3, inf or nan, not {text}").format(
                name=name, text=repr(text))) from None
        if t == FD.TYPE_FLOAT:
            return _float32_or_error(name, number, raw)
        return number
    if t in INT_RANGES:
        lo, hi = INT_RANGES[t]
        whole = _parse_int(raw)
        if whole is None:
            raise ValueError(translate("values", "{name} takes a whole number between {lo} and {hi}, not {text}").format(
                name=name, lo=lo, hi=hi, text=repr(text)))
        if not lo <= whole <= hi:
            raise ValueError(_out_of_range(field, whole))
        return whole
    if t == FD.TYPE_BOOL:
        low = raw.lower()
        if low in ("true", "1", "t", "yes"):
            return True
        if low in ("false", "0", "f", "no"):
            return False
        raise ValueError(translate("values", "{name} is true or false, not {text}").format(name=name, text=repr(text)))
    if t == FD.TYPE_ENUM:
        values = enum_type_of(field).values_by_name
        if raw in values:
            return values[raw].number
        enum_number: int | None
        try:
            enum_number = int(raw)
        except ValueError:
            enum_number = None
        if enum_number is not None and enum_number in enum_type_of(field).values_by_number:
            return enum_number
        raise ValueError(translate("values", "{name} is one of {values}, not {text}").format(
            name=name, values=", ".join(values), text=repr(text)))
    if t == FD.TYPE_BYTES:
        return unescape_text(text)
    if t == FD.TYPE_STRING:
        data = unescape_text(text)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(translate("values", "{name} is a text field and must be valid UTF-8; \\x escapes may "
                                       "not form invalid UTF-8 here").format(name=name)) from None
    raise ValueError(translate("values", "{name} cannot be edited as a single value").format(name=name))


def _out_of_range(field: FieldDescriptor, number: int) -> str:
    lo, hi = INT_RANGES[field.type]
    return translate("values", "{name} ({type}) takes a whole number between {lo} and {hi}; {value} is out of "
                     "range").format(name=field.name, type=type_name(field, element=True), lo=lo, hi=hi, value=number)


def _takes(field: FieldDescriptor, what: str, value: Any) -> str:
    """``scale_d takes a number, not 'x'`` (`what`: a translated text with {name} and {value})."""
    return what.format(name=field.name, value=repr(value))


def coerce_value(field: FieldDescriptor, value: Any) -> Any:
    """Check a Python value for `field` and convert it as protobuf would store it.

    Raises ValueError (with the same wording as `parse_value`) for a wrong type or range.
    """
    t = field.type
    if isinstance(value, str) and t not in (FD.TYPE_STRING, FD.TYPE_BYTES, FD.TYPE_ENUM):
        return parse_value(field, value)
    if t == FD.TYPE_FLOAT:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(_takes(field, translate("values", "{name} takes a number, not {value}"), value))
        return _float32_or_error(field.name, float(value), repr(value))
    if t == FD.TYPE_DOUBLE:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(_takes(field, translate("values", "{name} takes a number, not {value}"), value))
        return float(value)
    if t in INT_RANGES:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(_takes(field, translate("values", "{name} takes a whole number, not {value}"), value))
        lo, hi = INT_RANGES[t]
        if not lo <= value <= hi:
            raise ValueError(_out_of_range(field, value))
        return value
    if t == FD.TYPE_BOOL:
        if not isinstance(value, (bool, int)):
            raise ValueError(_takes(field, translate("values", "{name} is true or false, not {value}"), value))
        return bool(value)
    if t == FD.TYPE_ENUM:
        if isinstance(value, str):
            return parse_value(field, value)
        if isinstance(value, bool) or not isinstance(value, int) or \
                value not in enum_type_of(field).values_by_number:
            raise ValueError(translate("values", "{name} is one of {values}").format(
                name=field.name, values=", ".join(enum_type_of(field).values_by_name)))
        return value
    if t == FD.TYPE_STRING:
        if isinstance(value, bytes):
            try:
                return value.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(translate("values", "{name} must be valid UTF-8").format(name=field.name)) from None
        if not isinstance(value, str):
            raise ValueError(_takes(field, translate("values", "{name} takes text, not {value}"), value))
        return value
    if t == FD.TYPE_BYTES:
        if isinstance(value, str):
            return value.encode("utf-8")
        if not isinstance(value, (bytes, bytearray)):
            raise ValueError(_takes(field, translate("values", "{name} takes bytes or text, not {value}"), value))
        return bytes(value)
    raise ValueError(translate("values", "{name} cannot be set as a single value").format(name=field.name))


def same_value(field: FieldDescriptor, a: Any, b: Any) -> bool:
    """Equality as stored: float32 bit patterns for floats (so -0.0 != 0.0, nan == same nan)."""
    if field.type == FD.TYPE_FLOAT:
        return float32_bits(a) == float32_bits(b)
    if field.type == FD.TYPE_DOUBLE:
        return struct.pack("<d", a) == struct.pack("<d", b)
    return type(a) is type(b) and a == b


def default_value(field: FieldDescriptor) -> Any:
    """The schema default of a singular scalar field (the zero value of an element type)."""
    if field.is_repeated:
        return zero_value(field)
    return field.default_value


def zero_value(field: FieldDescriptor) -> Any:
    """The value a new element of a repeated field starts with."""
    t = field.type
    if t in (FD.TYPE_FLOAT, FD.TYPE_DOUBLE):
        return 0.0
    if t == FD.TYPE_BOOL:
        return False
    if t == FD.TYPE_STRING:
        return ""
    if t == FD.TYPE_BYTES:
        return b""
    if t == FD.TYPE_ENUM:
        return enum_type_of(field).values[0].number
    return 0
