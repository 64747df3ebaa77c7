"""How a difference reads: the one rendering of values and changes that `record-editor diff`
and the window's Differences tab share (no Qt).

- `value_text(fd, value)`: a field's value — floats as the shortest text that reads back as
  the same float32 (`values.format_float32`), strings quoted and escaped, a sub-message's
  presence as set/unset; `float32_texts` spells many float32 values the same way, fast.
- `plain_text(value)`: a prune attribute's value (or a node's attributes) the same way.
- `change_text(rel, a)`: the relative change of a number: `+3.1%`, `-50%`, `×969.9`.
- `copy_suffix(copy)`: the words after a key that occurs more than once.
"""
from __future__ import annotations

import math
from typing import Any

from google.protobuf.descriptor import FieldDescriptor

from editor.i18n import translate
from editor.records.values import escape_text, format_float32, format_float32_many, format_value

FD = FieldDescriptor


def _item(value: Any) -> Any:
    """A numpy scalar as the Python number it holds (numpy is not imported for the check)."""
    item = getattr(value, "item", None)
    return item() if item is not None and not isinstance(value, bytes | str) else value


def value_text(fd: FieldDescriptor, value: Any) -> str:
    """A value of field `fd` as a difference shows it: ``0.5``, ``"INT8"``, ``true``, ``unset``."""
    if value is None:
        return translate("diff", "unset")
    if fd.message_type is not None:  # a sub-message compared by its presence
        if isinstance(value, bytes):
            return translate("diff", "<{n} bytes>").format(n=len(value))
        return translate("diff", "set") if value is True else translate("diff", "present")
    value = _item(value)
    if fd.cpp_type in (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE):
        return format_value(fd, float(value))
    if fd.type in (FD.TYPE_STRING, FD.TYPE_BYTES):
        return f'"{escape_text(value)}"'
    if isinstance(value, bytes):  # a message element compared as bytes
        return translate("diff", "<{n} bytes>").format(n=len(value))
    if fd.cpp_type in (FD.CPPTYPE_BOOL, FD.CPPTYPE_ENUM):
        return format_value(fd, value)
    return str(int(value))


def float32_texts(values: Any) -> list[str]:
    """`format_float32` of many values at once (`values.format_float32_many`: the same
    strings, several times faster for a field with thousands of channels)."""
    return format_float32_many(values)


def plain_text(value: Any) -> str:
    """A prune attribute's value (a list, or a node's attributes by name) as text; floats as
    `value_text` spells them."""
    if value is None:
        return translate("diff", "unset")
    if isinstance(value, float):
        return format_float32(value)
    if isinstance(value, str | bytes):
        return f'"{escape_text(value)}"'
    if isinstance(value, list):
        return "[" + ", ".join(plain_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain_text(v)}" for k, v in value.items()) or translate("diff", "no attributes")
    return str(value)


def change_text(rel: float | None, a: float | None = None) -> str:
    """`+3.1%`, `-50%`, or `×969.9` for a change of ten times or more from a positive value;
    "" where there is no relative change (from 0, NaN)."""
    if rel is None or math.isnan(rel):
        return ""
    if abs(rel) >= 10 and a is not None and a > 0:
        return f"×{1 + rel:.4g}"
    return f"{rel * 100:+.3g}%"


def copy_suffix(copy: int) -> str:
    """`` (copy 2)`` after a key for its second entry (`copy` counts from 0); "" for the first."""
    return translate("diff", " (copy {n})").format(n=copy + 1) if copy else ""
