"""What the comparison of two records shares: field paths, leaves of an entry, number
kinds and closeness under a tolerance."""
from __future__ import annotations

import math
from typing import Any

import numpy as np
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.records.dialects import DIALECTS

FD = FieldDescriptor
_FLOATS = (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE)
_INTS = (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64, FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64)
_UINT64 = FD.CPPTYPE_UINT64

#: a singular sub-message (kv_cache_value) stands in the leaves as its presence
_PRESENT = True
#: prefix dropped from field paths: a layer's factors are what people call its fields
_VALUE = "value."

Array = np.ndarray


def dialect_name(message: Message) -> str:
    """The dialect of a top-level record message (its full protobuf name if none matches)."""
    full = message.DESCRIPTOR.full_name
    for name, dialect in DIALECTS.items():
        if dialect.full_name == full:
            return name
    return full


def display_name(path: str) -> str:
    """`scale_w` for `value.scale_w`; other paths (`kv_cache_value.scale`) stay as they are."""
    return path.removeprefix(_VALUE)


def field_paths(desc: Descriptor, prefix: str = "", depth: int = 0) -> dict[str, FieldDescriptor]:
    """Every field path of an entry message (`value.scale_w`, `kv_cache_value.scale`, the
    singular sub-messages themselves) but its key."""
    out: dict[str, FieldDescriptor] = {}
    for fd in desc.fields:
        path = prefix + fd.name
        if not prefix and fd.name == "key":
            continue  # the layers were matched by it
        out[path] = fd
        if fd.message_type is not None and not fd.is_repeated and depth < 8:
            out.update(field_paths(fd.message_type, path + ".", depth + 1))
    return out


def _leaves(msg: Message, prefix: str, out: dict[str, Any]) -> None:
    """The set fields of `msg` by path (repeated fields only when not empty)."""
    for fd, value in msg.ListFields():
        path = prefix + fd.name
        if fd.message_type is not None and not fd.is_repeated:
            out[path] = _PRESENT
            _leaves(value, path + ".", out)
        else:
            out[path] = value


def _entry_leaves(entry: Message) -> dict[str, Any]:
    out: dict[str, Any] = {}
    _leaves(entry, "", out)
    out.pop("key", None)
    return out


def _is_numeric(fd: FieldDescriptor) -> bool:
    return fd.cpp_type in _FLOATS or fd.cpp_type in _INTS


def _is_float(fd: FieldDescriptor) -> bool:
    return fd.cpp_type in _FLOATS


_INT_DTYPES: dict[int, type] = {FD.CPPTYPE_INT32: np.int32, FD.CPPTYPE_UINT32: np.uint32,
                                FD.CPPTYPE_INT64: np.int64, FD.CPPTYPE_UINT64: np.uint64}


def _vector_dtype(fa: FieldDescriptor, fb: FieldDescriptor) -> type | None:
    """The numpy type holding both fields' values exactly (None: not numbers, or a uint64
    against a signed field, which no numpy integer holds both of)."""
    if not (_is_numeric(fa) and _is_numeric(fb)):
        return None
    if _is_float(fa) or _is_float(fb):
        return np.float32 if fa.cpp_type == fb.cpp_type == FD.CPPTYPE_FLOAT else np.float64
    if fa.cpp_type == fb.cpp_type:
        return _INT_DTYPES[fa.cpp_type]
    if _UINT64 in (fa.cpp_type, fb.cpp_type):
        return None
    return np.int64


def _close(a: Array, b: Array, rtol: float, atol: float) -> Array:
    """Element-wise: equal (NaN equals NaN, inf equals inf) or within the tolerance."""
    with np.errstate(invalid="ignore", over="ignore"):
        same: Array = (a == b) | (np.isnan(a) & np.isnan(b))
        if rtol or atol:
            same |= np.abs(a - b) <= atol + rtol * np.abs(b)
    return same


def _scalar_close(x: Any, y: Any, rtol: float, atol: float) -> bool:
    if x == y:
        return True
    if isinstance(x, float) and isinstance(y, float):
        if math.isnan(x) and math.isnan(y):
            return True
        return bool(abs(x - y) <= atol + rtol * abs(y))
    return False


def _objects(items: list[Any]) -> Array:
    """A 1-d object array of `items` (np.array would make a 2-d one of equal-length strings' bytes)."""
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


def _float32(v: Any) -> float:
    return float(np.float32(v))
