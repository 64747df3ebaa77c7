"""Comparison of two records: layers by key, fields by name, channels by index, prune nodes.

`compare_records(a, b)` matches the two records once and gathers every field that may
differ into flat numpy columns; `RecordComparison.differences(rtol, atol)` then applies a
tolerance to them with a handful of vectorised operations, so a window can ask again with
another tolerance without comparing anew. Layers are matched by key: the k-th copy of a key
in A with the k-th copy in B (AMCT uses the first one, the others are reported as copies).
Fields are matched by name, so records of two dialects compare on the fields both schemas
have; the fields only one of them has are listed apart (`DialectNotes`).

Numbers: float fields compare as their float32 values (NaN equals NaN) within
|a - b| <= atol + rtol * |b|; integer, string, bool and enum fields compare exactly. A field
with a schema default compares by what it means (unset skip_fusion equals an explicit
false where false is the default); a factor without one (scale_d, offset_d) set on one
side only differs, as AMCT checks its presence. Prune records are
matched by their producers (then by the most shared nodes), their nodes by role and name,
attributes by name. The order of entries alone never makes two records differ: AMCT looks
layers up by key; only where a key has copies does their order matter, and then the fields
of the first copy differ. See docs/RECORD-FORMAT.md for the fields and AMCT's rules.
"""
from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cached_property
from typing import Any

import numpy as np
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.records.attrs import VALUE_FIELD, AttrProto
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
        same = (a == b) | (np.isnan(a) & np.isnan(b))
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


# ---------------------------------------------------------------------------------------
# What a query returns
# ---------------------------------------------------------------------------------------

@dataclass(eq=False)
class FieldDiff:
    """One field of one layer that differs.

    A singular field has `a` and `b` (None when unset; `default_a`/`default_b` then say
    what the schema means by it). A repeated field has its lengths and the channels (over
    the common length) that differ, with A's and B's values there; a length change alone
    differs with no channel.
    """

    field: str
    descriptor: FieldDescriptor
    vector: bool
    a: Any = None
    b: Any = None
    default_a: Any = None
    default_b: Any = None
    len_a: int | None = None
    len_b: int | None = None
    channels: Array = dc_field(default_factory=lambda: np.zeros(0, np.int64))
    values_a: Array = dc_field(default_factory=lambda: np.zeros(0))
    values_b: Array = dc_field(default_factory=lambda: np.zeros(0))

    @property
    def is_float(self) -> bool:
        return _is_float(self.descriptor)

    @property
    def differing(self) -> int | None:
        """How many channels differ (None for a singular field)."""
        return int(len(self.channels)) if self.vector else None

    @property
    def compared(self) -> int | None:
        """The channels both have (None for a singular field)."""
        if not self.vector or self.len_a is None or self.len_b is None:
            return None
        return min(self.len_a, self.len_b)

    @cached_property
    def rel(self) -> Array:
        """(b - a) / |a| per differing channel of a float field (NaN where a is 0 or the field
        holds no floats); for a singular field, an array of one."""
        if not self.is_float:
            return np.full(len(self.channels) if self.vector else 1, np.nan)
        if self.vector:
            a, b = self.values_a.astype(np.float64), self.values_b.astype(np.float64)
        else:
            a = np.array([np.nan if self.a is None else self.a], np.float64)
            b = np.array([np.nan if self.b is None else self.b], np.float64)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            return np.where(a != 0, (b - a) / np.abs(a), np.nan)

    @cached_property
    def _largest(self) -> tuple[int | None, float | None, float | None]:
        """(channel, |Δ| there, relative change there) of the largest change: by relative
        change for float fields (a change from 0 counts as the largest), else by |Δ|."""
        numeric = _is_numeric(self.descriptor)
        if not self.vector:
            if not numeric or self.a is None or self.b is None:
                return None, None, None
            rel = float(self.rel[0])
            return None, abs(float(self.b) - float(self.a)), None if math.isnan(rel) else rel
        if not len(self.channels):
            return None, None, None
        if not numeric:
            return int(self.channels[0]), None, None
        a, b = self.values_a.astype(np.float64), self.values_b.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            delta = np.abs(b - a)
        delta = np.where(np.isnan(delta), np.inf, delta)
        order = np.where(np.isnan(self.rel), np.inf, np.abs(self.rel)) if self.is_float else delta
        k = int(np.argmax(order))
        rel = float(self.rel[k])
        return int(self.channels[k]), float(delta.max()), None if math.isnan(rel) else rel

    @property
    def at(self) -> int | None:
        """The channel of the largest change."""
        return self._largest[0]

    @property
    def max_abs(self) -> float | None:
        """The largest |b - a| over the differing channels (NaN counts as the largest)."""
        return self._largest[1]

    @property
    def max_rel(self) -> float | None:
        """The relative change (b - a) / |a| at `at` (None when a is 0 or not a float)."""
        return self._largest[2]


@dataclass(eq=False)
class LayerDiff:
    """A layer (entry) in both records that differs in at least one field.

    `copy` is 0 for the first entry of its key (the one AMCT uses), k for the k-th copy.
    """

    key: str
    index_a: int
    index_b: int
    copy: int
    fields: list[FieldDiff]
    row: int  # its row in RecordComparison's pairs / overview

    def field(self, name: str) -> FieldDiff | None:
        for f in self.fields:
            if f.field == name:
                return f
        return None


@dataclass(frozen=True)
class EntryRef:
    """An entry only one record has: its key, index and copy number."""

    key: str
    index: int
    copy: int = 0


@dataclass(frozen=True)
class MovedEntry:
    """A layer whose place among the layers both records have is not the same."""

    key: str
    index_a: int
    index_b: int
    copy: int = 0


@dataclass(frozen=True)
class DuplicateKey:
    """A key given more than once in A or B. `reordered`: both hold the same copies, in
    another order (AMCT uses the first, so the order matters here)."""

    key: str
    indices_a: tuple[int, ...]
    indices_b: tuple[int, ...]
    reordered: bool


@dataclass(frozen=True)
class PruneRecordRef:
    """A prune record only one side has, named by its producers."""

    index: int
    producers: tuple[str, ...]
    selective: str | None = None


@dataclass(frozen=True)
class PruneChange:
    """One difference inside a pair of matched prune records.

    `attr` None: the node itself is only in one of them (`a` or `b` is then None and the
    other holds its attributes as a dict). Else `a`/`b` are the attribute's values (None
    where one node lacks the attribute).
    """

    prune_record: int
    prune_record_b: int
    role: str
    node: str
    attr: str | None
    a: Any
    b: Any
    copy: int = 0
    floats: bool = False  # values are float32: the tolerance applies


@dataclass(frozen=True)
class DialectField:
    """A field only one of the two schemas has, and on how many entries that side sets it."""

    field: str
    dialect: str
    layers: int


@dataclass(frozen=True)
class DefaultDifference:
    """A field both schemas have with different defaults, unset in both on `layers` of the
    layers both records have: the two records mean different values there."""

    field: str
    a: Any
    b: Any
    layers: int


@dataclass
class DialectNotes:
    """What comparing across two dialects leaves out or reads differently."""

    a: str
    b: str
    only_in_a: list[DialectField] = dc_field(default_factory=list)
    only_in_b: list[DialectField] = dc_field(default_factory=list)
    defaults: list[DefaultDifference] = dc_field(default_factory=list)
    prune_only_in: str | None = None  # the dialect that alone has prune records, when it has some

    @property
    def same(self) -> bool:
        return self.a == self.b


@dataclass(frozen=True)
class LayerOverview:
    """Per layer both records have (rows as in `RecordComparison.pairs`), independent of
    the tolerance: the largest |ln(b/a)| over the channels of scale_w where both are
    positive and finite (NaN where no channel is), and scale_d on both sides (NaN unset)."""

    scale_w_log_ratio: Array
    scale_d_a: Array
    scale_d_b: Array

    @property
    def scale_d_rel(self) -> Array:
        """(b - a) / |a| of scale_d per layer (NaN where either is unset or a is 0)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.scale_d_a != 0, (self.scale_d_b - self.scale_d_a) / np.abs(self.scale_d_a),
                            np.nan)


class Differences:
    """What differs between A and B at one tolerance (see `RecordComparison.differences`)."""

    def __init__(self, comparison: RecordComparison, rtol: float, atol: float,
                 layers: list[LayerDiff], prune: list[PruneChange]) -> None:
        self.comparison = comparison
        self.rtol, self.atol = rtol, atol
        self.layers = layers
        self.prune = prune
        self._by_a = {layer.index_a: layer for layer in layers}
        self._by_b = {layer.index_b: layer for layer in layers}

    # what does not depend on the tolerance, passed through for convenience
    @property
    def only_in_a(self) -> list[EntryRef]:
        return self.comparison.only_in_a

    @property
    def only_in_b(self) -> list[EntryRef]:
        return self.comparison.only_in_b

    @property
    def changed(self) -> list[LayerDiff]:
        return self.layers

    @property
    def order_differs(self) -> bool:
        return bool(self.comparison.moved)

    def for_a(self, index: int) -> LayerDiff | None:
        """The differences of A's entry `index` (None when it equals its match or has none)."""
        return self._by_a.get(index)

    def for_b(self, index: int) -> LayerDiff | None:
        """The differences of B's entry `index`."""
        return self._by_b.get(index)

    def rows(self) -> Iterator[tuple[LayerDiff, FieldDiff]]:
        """Every differing (layer, field), layers in A's order: a differences table's rows."""
        for layer in self.layers:
            for f in layer.fields:
                yield layer, f

    @property
    def prune_equal(self) -> bool:
        c = self.comparison
        return not (self.prune or c.prune_only_in_a or c.prune_only_in_b)

    @property
    def equal(self) -> bool:
        """No difference AMCT would notice in the fields both dialects have (the order of
        entries alone is none)."""
        c = self.comparison
        return not (self.layers or c.only_in_a or c.only_in_b or not self.prune_equal
                    or c.dialects.defaults)


# ---------------------------------------------------------------------------------------
# Columns: one field over the layer pairs that may differ
# ---------------------------------------------------------------------------------------

class _Column:
    """Base: a field path, its descriptor, and the pair rows that have it set on a side."""

    def __init__(self, path: str, fd: FieldDescriptor) -> None:
        self.path, self.fd = path, fd
        self.name = display_name(path)
        self.rows_list: list[int] = []
        self.rows: Array = np.zeros(0, np.int64)

    def add(self, row: int, a: Any, b: Any) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        self.rows = np.asarray(self.rows_list, np.int64)

    def query(self, rtol: float, atol: float) -> Iterator[tuple[int, FieldDiff]]:
        raise NotImplementedError


class _NumericVector(_Column):
    """A repeated int or float field: the common channels of every row, concatenated.

    Values are kept in the fields' own width (float32, int32…), which holds them exactly;
    arithmetic for a tolerance widens only the channels that differ exactly.
    """

    def __init__(self, path: str, fd: FieldDescriptor, dtype: type, is_float: bool) -> None:
        super().__init__(path, fd)
        self.dtype = dtype
        self.float = is_float
        self.len_a_list: list[int] = []
        self.len_b_list: list[int] = []
        self.parts_a: list[Array] = []
        self.parts_b: list[Array] = []

    def _array(self, values: Any) -> Array:
        if values is None:
            return np.zeros(0, self.dtype)
        return np.array(values, self.dtype)

    def add(self, row: int, a: Any, b: Any) -> None:
        xa, xb = self._array(a), self._array(b)
        if len(xa) == len(xb) and np.array_equal(xa, xb):
            return  # equal at any tolerance (offset_w, mostly): nothing to keep
        self.rows_list.append(row)
        self.len_a_list.append(len(xa))
        self.len_b_list.append(len(xb))
        n = min(len(xa), len(xb))
        self.parts_a.append(xa[:n] if n < len(xa) else xa)
        self.parts_b.append(xb[:n] if n < len(xb) else xb)

    def finish(self) -> None:
        super().finish()
        self.len_a = np.asarray(self.len_a_list, np.int64)
        self.len_b = np.asarray(self.len_b_list, np.int64)
        n = np.minimum(self.len_a, self.len_b)
        self.starts = np.zeros(len(n) + 1, np.int64)
        np.cumsum(n, out=self.starts[1:])
        self.xa, self.xb = self._concat(self.parts_a), self._concat(self.parts_b)
        self.parts_a, self.parts_b = [], []
        self.exact_bad = ~_close(self.xa, self.xb, 0.0, 0.0) if self.float else self.xa != self.xb
        self.exact_idx = np.flatnonzero(self.exact_bad)

    def _concat(self, parts: list[Array]) -> Array:
        return np.concatenate(parts) if parts else np.zeros(0, self.dtype)

    def bad_indices(self, rtol: float, atol: float) -> Array:
        """Flat indices of the channels that differ beyond the tolerance, ascending."""
        idx = self.exact_idx
        if not self.float or not (rtol or atol) or not len(idx):
            return idx
        a, b = self.xa[idx].astype(np.float64), self.xb[idx].astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            return idx[~(np.abs(a - b) <= atol + rtol * np.abs(b))]

    def query(self, rtol: float, atol: float) -> Iterator[tuple[int, FieldDiff]]:
        idx = self.bad_indices(rtol, atol)
        bounds = np.searchsorted(idx, self.starts)
        counts = np.diff(bounds)
        differ = np.flatnonzero((counts > 0) | (self.len_a != self.len_b))
        if not len(differ):
            return
        va, vb = self.xa[idx], self.xb[idx]
        rows, len_a, len_b = self.rows.tolist(), self.len_a.tolist(), self.len_b.tolist()
        starts, bounds_list = self.starts.tolist(), bounds.tolist()
        for k in differ.tolist():
            lo, hi = bounds_list[k], bounds_list[k + 1]
            yield rows[k], FieldDiff(
                self.name, self.fd, True, len_a=len_a[k], len_b=len_b[k],
                channels=idx[lo:hi] - starts[k], values_a=va[lo:hi], values_b=vb[lo:hi])

    def log_ratio_max(self) -> tuple[Array, Array]:
        """(rows, the largest |ln(b/a)| per row) over channels positive and finite on both."""
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            ratio = self.xb / self.xa
            ok = (self.xa > 0) & (self.xb > 0) & np.isfinite(ratio)
            ratio[~ok] = np.nan
        full = np.flatnonzero(np.diff(self.starts) > 0)
        out = np.full(len(self.rows), np.nan)
        if len(full):
            at = self.starts[full]
            with np.errstate(invalid="ignore", divide="ignore"):
                hi = np.log(np.fmax.reduceat(ratio, at).astype(np.float64))
                lo = np.log(np.fmin.reduceat(ratio, at).astype(np.float64))
                out[full] = np.fmax(hi, -lo)
        return self.rows, out


class _GenericVector(_Column):
    """A repeated field of strings, bools, enums or messages: compared in Python, exactly
    (these are short: prune_producer names, kv-cache lists)."""

    def __init__(self, path: str, fd: FieldDescriptor) -> None:
        super().__init__(path, fd)
        self.found: list[FieldDiff] = []

    @staticmethod
    def _items(fd: FieldDescriptor, values: Any) -> list[Any]:
        if values is None:
            return []
        if fd.message_type is not None:
            return [m.SerializePartialToString() for m in values]
        return list(values)

    def add(self, row: int, a: Any, b: Any) -> None:
        xa, xb = self._items(self.fd, a), self._items(self.fd, b)
        n = min(len(xa), len(xb))
        bad = [i for i in range(n) if xa[i] != xb[i]]
        if not bad and len(xa) == len(xb):
            return
        self.rows_list.append(row)
        self.found.append(FieldDiff(
            self.name, self.fd, True, len_a=len(xa), len_b=len(xb), channels=np.asarray(bad, np.int64),
            values_a=_objects([xa[i] for i in bad]), values_b=_objects([xb[i] for i in bad])))

    def query(self, rtol: float, atol: float) -> Iterator[tuple[int, FieldDiff]]:
        yield from zip(self.rows_list, self.found, strict=True)


class _Scalar(_Column):
    """A singular field (or a sub-message's presence): set or not on each side, and its value.

    A field with a schema default (skip_fusion, act_type…) compares by meaning: unset equals
    the other side's value when that is the default it stands for. The factors without one
    (scale_d, offset_d) differ when only one side sets them, as AMCT checks their presence.
    """

    def __init__(self, path: str, fd: FieldDescriptor, fd_b: FieldDescriptor) -> None:
        super().__init__(path, fd)
        self.presence = fd.message_type is not None
        self.default_a = None if self.presence else fd.default_value
        self.default_b = None if self.presence else fd_b.default_value
        self.meaning = not self.presence and (fd.has_default_value or fd_b.has_default_value)
        self.float = _is_float(fd) and _is_float(fd_b)
        self.a: list[Any] = []
        self.b: list[Any] = []

    def _effective(self, a: Any, b: Any) -> tuple[Any, Any]:
        return (self.default_a if a is None else a), (self.default_b if b is None else b)

    def add(self, row: int, a: Any, b: Any) -> None:
        if self.meaning:
            ea, eb = self._effective(a, b)
            if ea == eb:
                return
        elif a is not None and b is not None and a == b:
            return
        self.rows_list.append(row)
        self.a.append(a)
        self.b.append(b)

    def query(self, rtol: float, atol: float) -> Iterator[tuple[int, FieldDiff]]:
        for k, (x, y) in enumerate(zip(self.a, self.b, strict=True)):
            if self.float and (self.meaning or (x is not None and y is not None)):
                ex, ey = self._effective(x, y)
                if _scalar_close(ex, ey, rtol, atol):
                    continue
            if self.presence:
                x, y = (x is not None) or None, (y is not None) or None
            yield int(self.rows[k]), FieldDiff(
                self.name, self.fd, False, a=x, b=y,
                default_a=self.default_a if x is None else None,
                default_b=self.default_b if y is None else None)


# ---------------------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------------------

def _match_keys(keys_a: Sequence[str], keys_b: Sequence[str]
                ) -> tuple[list[tuple[int, int, int]], list[EntryRef], list[EntryRef]]:
    """Pairs (index_a, index_b, copy): the k-th copy of a key in A with its k-th copy in B."""
    where_b: dict[str, list[int]] = {}
    for j, k in enumerate(keys_b):
        where_b.setdefault(k, []).append(j)
    seen: dict[str, int] = {}
    pairs: list[tuple[int, int, int]] = []
    only_a: list[EntryRef] = []
    for i, k in enumerate(keys_a):
        c = seen.get(k, 0)
        seen[k] = c + 1
        js = where_b.get(k)
        if js is not None and c < len(js):
            pairs.append((i, js[c], c))
        else:
            only_a.append(EntryRef(k, i, c))
    only_b: list[EntryRef] = []
    copies_b: dict[str, int] = {}
    for j, k in enumerate(keys_b):
        c = copies_b.get(k, 0)
        copies_b[k] = c + 1
        if c >= seen.get(k, 0):
            only_b.append(EntryRef(k, j, c))
    return pairs, only_a, only_b


def _longest_increasing(seq: Sequence[int]) -> set[int]:
    """Positions in `seq` of one longest strictly increasing subsequence (O(n log n))."""
    tails: list[int] = []
    tail_pos: list[int] = []
    parent = [-1] * len(seq)
    for pos, v in enumerate(seq):
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tail_pos.append(pos)
        else:
            tails[k] = v
            tail_pos[k] = pos
        parent[pos] = tail_pos[k - 1] if k else -1
    keep: set[int] = set()
    pos = tail_pos[-1] if tail_pos else -1
    while pos >= 0:
        keep.add(pos)
        pos = parent[pos]
    return keep


# ---------------------------------------------------------------------------------------
# Prune records
# ---------------------------------------------------------------------------------------

_FLOAT_ATTRS = (AttrProto.FLOAT, AttrProto.FLOATS)


def attr_value(attr: Message) -> Any:
    """An AttrProto's value as its type says (bytes as text where they are UTF-8); an
    attribute without a type, or with other fields set too, as a dict of what is set."""
    present = {fd.name: value for fd, value in attr.ListFields() if fd.name not in ("name", "type")}
    typed = VALUE_FIELD.get(attr.type) if attr.HasField("type") else None
    if typed is not None and set(present) <= {typed}:
        return _plain(getattr(attr, typed))
    return {k: _plain(v) for k, v in present.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    if isinstance(value, str | int | float):
        return value
    return [_plain(v) for v in value]


def _nodes(record: Message) -> list[tuple[str, str, Message]]:
    """(role, name, node) of a prune record's nodes in file order."""
    out = [("producer", n.name, n) for n in record.producer]
    out += [("consumer", n.name, n) for n in record.consumer]
    if record.HasField("selective_prune"):
        out.append(("selective_prune", record.selective_prune.name, record.selective_prune))
    return out


def _signature(record: Message) -> tuple[tuple[str, ...], str | None]:
    sel = record.selective_prune.name if record.HasField("selective_prune") else None
    return tuple(n.name for n in record.producer), sel


def _attrs(node: Message) -> dict[tuple[str, int], Any]:
    seen: dict[str, int] = {}
    out: dict[tuple[str, int], Any] = {}
    for attr in node.attr:
        c = seen.get(attr.name, 0)
        seen[attr.name] = c + 1
        out[(attr.name, c)] = attr
    return out


def _attr_floats(attr: Message | None) -> bool:
    return attr is not None and attr.type in _FLOAT_ATTRS


def _node_changes(i: int, j: int, ra: Message, rb: Message) -> list[PruneChange]:
    changes: list[PruneChange] = []

    def keyed(record: Message) -> dict[tuple[str, str, int], Message]:
        seen: dict[tuple[str, str], int] = {}
        out: dict[tuple[str, str, int], Message] = {}
        for role, name, node in _nodes(record):
            c = seen.get((role, name), 0)
            seen[(role, name)] = c + 1
            out[(role, name, c)] = node
        return out

    na, nb = keyed(ra), keyed(rb)
    for key in dict.fromkeys([*na, *nb]):
        role, name, copy = key
        a, b = na.get(key), nb.get(key)
        if a is None or b is None:
            node = a if a is not None else b
            assert node is not None
            shown = {attr.name: attr_value(attr) for attr in node.attr}
            changes.append(PruneChange(i, j, role, name, None, shown if a is not None else None,
                                       shown if b is not None else None, copy))
            continue
        if a.SerializePartialToString() == b.SerializePartialToString():
            continue
        aa, ab = _attrs(a), _attrs(b)
        for akey in dict.fromkeys([*aa, *ab]):
            x, y = aa.get(akey), ab.get(akey)
            vx = None if x is None else attr_value(x)
            vy = None if y is None else attr_value(y)
            tx = None if x is None else x.type
            ty = None if y is None else y.type
            if vx == vy and tx == ty:
                continue
            floats = _attr_floats(x) and _attr_floats(y) and tx == ty
            if floats:
                vx = _float32(vx) if isinstance(vx, float) else [_float32(v) for v in vx] if isinstance(vx, list) else vx
                vy = _float32(vy) if isinstance(vy, float) else [_float32(v) for v in vy] if isinstance(vy, list) else vy
            changes.append(PruneChange(i, j, role, name, akey[0], vx, vy, copy, floats))
    return changes


def _float_change_within(change: PruneChange, rtol: float, atol: float) -> bool:
    a, b = change.a, change.b
    if isinstance(a, float) and isinstance(b, float):
        return _scalar_close(a, b, rtol, atol)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return bool(np.all(_close(np.asarray(a, np.float64), np.asarray(b, np.float64), rtol, atol)))
    return False


def _match_prune(pa: Sequence[Message], pb: Sequence[Message]) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Pairs of prune records: same producers (and selective node) in order, then the left
    ones by the most nodes in common."""
    sig_b: dict[tuple[tuple[str, ...], str | None], list[int]] = {}
    for j, r in enumerate(pb):
        sig_b.setdefault(_signature(r), []).append(j)
    pairs: list[tuple[int, int]] = []
    left_a: list[int] = []
    for i, r in enumerate(pa):
        js = sig_b.get(_signature(r))
        if js:
            pairs.append((i, js.pop(0)))
        else:
            left_a.append(i)
    left_b = sorted(j for js in sig_b.values() for j in js)
    if left_a and left_b:
        names_b = {j: {(role, name) for role, name, _ in _nodes(pb[j])} for j in left_b}
        still_a: list[int] = []
        for i in left_a:
            names = {(role, name) for role, name, _ in _nodes(pa[i])}
            best, shared = None, 0
            for j in left_b:
                n = len(names & names_b[j])
                if n > shared:
                    best, shared = j, n
            if best is None:
                still_a.append(i)
            else:
                pairs.append((i, best))
                left_b.remove(best)
        left_a = still_a
    pairs.sort()
    return pairs, left_a, left_b


# ---------------------------------------------------------------------------------------
# The comparison
# ---------------------------------------------------------------------------------------

class RecordComparison:
    """Two records matched and gathered for comparison (A and B are not kept or changed).

    `pairs[row]` is (key, index_a, index_b, copy) for every layer both have, in A's order;
    `overview` holds per-row values that do not depend on the tolerance; `differences()`
    applies one.
    """

    def __init__(self, a: Message, b: Message) -> None:
        entries_a, entries_b = list(a.record), list(b.record)
        keys_a = [e.key for e in entries_a]
        keys_b = [e.key for e in entries_b]
        matched, self.only_in_a, self.only_in_b = _match_keys(keys_a, keys_b)
        self.layers_a, self.layers_b = len(entries_a), len(entries_b)
        self.pairs: list[tuple[str, int, int, int]] = [(keys_a[i], i, j, c) for i, j, c in matched]
        self.index_a = np.fromiter((i for i, _, _ in matched), np.int64, len(matched))
        self.index_b = np.fromiter((j for _, j, _ in matched), np.int64, len(matched))
        self._row_of_a = {i: row for row, (i, _, _) in enumerate(matched)}
        self._row_of_b = {j: row for row, (_, j, _) in enumerate(matched)}
        keep = _longest_increasing([j for _, j, _ in matched])
        self.moved = [MovedEntry(keys_a[i], i, j, c) for pos, (i, j, c) in enumerate(matched) if pos not in keep]

        da, db = dialect_name(a), dialect_name(b)
        same_schema = a.DESCRIPTOR is b.DESCRIPTOR
        paths_a = field_paths(a.DESCRIPTOR.fields_by_name["record"].message_type)
        paths_b = field_paths(b.DESCRIPTOR.fields_by_name["record"].message_type)
        self.field_order = [display_name(p) for p in dict.fromkeys([*paths_a, *paths_b]) if p in paths_a and p in paths_b]
        self.dialects = DialectNotes(da, db)

        # the layers that may differ: with one schema, equal bytes are equal fields
        if same_schema:
            candidates = [row for row, (i, j, _) in enumerate(matched)
                          if entries_a[i].SerializePartialToString() != entries_b[j].SerializePartialToString()]
        else:
            candidates = list(range(len(matched)))
        self.columns: dict[str, _Column] = {}
        for row in candidates:
            i, j, _ = matched[row]
            la, lb = _entry_leaves(entries_a[i]), _entry_leaves(entries_b[j])
            for path in dict.fromkeys([*la, *lb]):
                column = self.columns.get(path)
                if column is None:
                    fa, fb = paths_a.get(path), paths_b.get(path)
                    if fa is None or fb is None:
                        continue  # one dialect's field: listed apart
                    column = self.columns[path] = self._column(path, fa, fb)
                column.add(row, la.get(path), lb.get(path))
        for column in self.columns.values():
            column.finish()
        self._order = {name: k for k, name in enumerate(self.field_order)}

        if not same_schema:
            self._dialect_notes(entries_a, entries_b, matched, paths_a, paths_b)
        self._overview_inputs(entries_a, entries_b, matched)
        self._prune(a, b)
        self._cache: dict[tuple[float, float], Differences] = {}
        self.duplicates = self._duplicates(keys_a, keys_b, entries_a, entries_b)

    @staticmethod
    def _column(path: str, fa: FieldDescriptor, fb: FieldDescriptor) -> _Column:
        if fa.is_repeated != fb.is_repeated or (fa.message_type is None) != (fb.message_type is None):
            return _GenericVector(path, fa)  # shapes the schemas disagree on: compared as lists
        if not fa.is_repeated:
            return _Scalar(path, fa, fb)
        dtype = _vector_dtype(fa, fb)
        if dtype is None:
            return _GenericVector(path, fa)
        return _NumericVector(path, fa, dtype, _is_float(fa) or _is_float(fb))

    def _dialect_notes(self, entries_a: list[Message], entries_b: list[Message],
                       matched: list[tuple[int, int, int]], paths_a: dict[str, FieldDescriptor],
                       paths_b: dict[str, FieldDescriptor]) -> None:
        notes = self.dialects
        for entries, mine, other, out, name in ((entries_a, paths_a, paths_b, notes.only_in_a, notes.a),
                                                (entries_b, paths_b, paths_a, notes.only_in_b, notes.b)):
            counts: dict[str, int] = {}
            for entry in entries:
                for path in _entry_leaves(entry):
                    if path not in other:
                        counts[path] = counts.get(path, 0) + 1
            out.extend(DialectField(display_name(p), name, counts[p]) for p in mine if p in counts)
        for path, fa in paths_a.items():
            fb = paths_b.get(path)
            if fb is None or fa.message_type is not None or fa.is_repeated or fb.is_repeated:
                continue
            if fa.default_value == fb.default_value:
                continue
            parent, _, leaf = path.rpartition(".")
            unset = 0
            for i, j, _ in matched:
                ma, mb = entries_a[i], entries_b[j]
                for part in parent.split(".") if parent else ():
                    ma, mb = getattr(ma, part), getattr(mb, part)
                if not ma.HasField(leaf) and not mb.HasField(leaf):
                    unset += 1
            if unset:
                notes.defaults.append(DefaultDifference(display_name(path), fa.default_value, fb.default_value, unset))

    def _overview_inputs(self, entries_a: list[Message], entries_b: list[Message],
                         matched: list[tuple[int, int, int]]) -> None:
        """What `overview` needs from the messages (read now: A and B are not kept)."""
        n = len(matched)
        self._has_w = np.zeros(n, bool)
        if n and all("scale_w" in e.value.DESCRIPTOR.fields_by_name for e in (entries_a[0], entries_b[0])):
            self._has_w = np.fromiter((len(entries_a[i].value.scale_w) > 0 and len(entries_b[j].value.scale_w) > 0
                                       for i, j, _ in matched), bool, n)

        def scale_d(entries: list[Message], which: int) -> Array:
            out = np.full(n, np.nan)
            if n and "scale_d" in entries[0].value.DESCRIPTOR.fields_by_name:
                for row, pair in enumerate(matched):
                    value = entries[pair[which]].value
                    if value.HasField("scale_d"):
                        out[row] = value.scale_d
            return out

        self._scale_d = scale_d(entries_a, 0), scale_d(entries_b, 1)

    @cached_property
    def overview(self) -> LayerOverview:
        """Per layer both have: the largest |ln(b/a)| of scale_w and scale_d on both sides."""
        log_ratio = np.full(len(self.pairs), np.nan)
        log_ratio[self._has_w] = 0.0  # equal unless the scale_w column says otherwise
        column = self.columns.get(_VALUE + "scale_w")
        if isinstance(column, _NumericVector):
            rows, values = column.log_ratio_max()
            log_ratio[rows] = values
        return LayerOverview(log_ratio, *self._scale_d)

    def _prune(self, a: Message, b: Message) -> None:
        pa = list(a.prune_record) if "prune_record" in a.DESCRIPTOR.fields_by_name else []
        pb = list(b.prune_record) if "prune_record" in b.DESCRIPTOR.fields_by_name else []
        self.prune_a, self.prune_b = len(pa), len(pb)
        has_a = "prune_record" in a.DESCRIPTOR.fields_by_name
        has_b = "prune_record" in b.DESCRIPTOR.fields_by_name
        if has_a != has_b and (pa or pb):
            self.dialects.prune_only_in = self.dialects.a if has_a else self.dialects.b
        pairs, left_a, left_b = _match_prune(pa, pb) if has_a and has_b else ([], [], [])
        self.prune_pairs = pairs
        self.prune_only_in_a = [PruneRecordRef(i, *_signature(pa[i])) for i in left_a]
        self.prune_only_in_b = [PruneRecordRef(j, *_signature(pb[j])) for j in left_b]
        keep = _longest_increasing([j for _, j in pairs])
        self.prune_moved = [(i, j) for pos, (i, j) in enumerate(pairs) if pos not in keep]
        self._prune_changes: list[PruneChange] = []
        for i, j in pairs:
            if pa[i].SerializePartialToString() != pb[j].SerializePartialToString() or \
                    pa[i].DESCRIPTOR is not pb[j].DESCRIPTOR:
                self._prune_changes.extend(_node_changes(i, j, pa[i], pb[j]))

    @staticmethod
    def _duplicates(keys_a: list[str], keys_b: list[str], entries_a: list[Message],
                    entries_b: list[Message]) -> list[DuplicateKey]:
        where_a: dict[str, list[int]] = {}
        where_b: dict[str, list[int]] = {}
        for i, k in enumerate(keys_a):
            where_a.setdefault(k, []).append(i)
        for j, k in enumerate(keys_b):
            where_b.setdefault(k, []).append(j)
        out: list[DuplicateKey] = []
        for k in dict.fromkeys([*keys_a, *keys_b]):
            ia, ib = where_a.get(k, []), where_b.get(k, [])
            if len(ia) < 2 and len(ib) < 2:
                continue
            sa = [entries_a[i].SerializePartialToString() for i in ia]
            sb = [entries_b[j].SerializePartialToString() for j in ib]
            out.append(DuplicateKey(k, tuple(ia), tuple(ib), sa != sb and sorted(sa) == sorted(sb)))
        return out

    # -- queries ---------------------------------------------------------------------

    def row_of_a(self, index: int) -> int | None:
        """The pair row of A's entry `index` (None when B has no match for it)."""
        return self._row_of_a.get(index)

    def row_of_b(self, index: int) -> int | None:
        return self._row_of_b.get(index)

    def differences(self, rtol: float = 0.0, atol: float = 0.0) -> Differences:
        """The differences within |a - b| <= atol + rtol * |b| (float fields; others exact)."""
        if rtol < 0 or atol < 0 or math.isnan(rtol) or math.isnan(atol):
            raise ValueError("tolerances are numbers of at least 0")
        cached = self._cache.get((rtol, atol))
        if cached is not None:
            return cached
        by_row: dict[int, list[FieldDiff]] = {}
        for column in self.columns.values():
            for row, diff in column.query(rtol, atol):
                by_row.setdefault(row, []).append(diff)
        layers: list[LayerDiff] = []
        order = self._order
        for row in sorted(by_row):
            key, i, j, c = self.pairs[row]
            fields = sorted(by_row[row], key=lambda f: order.get(f.field, len(order)))
            layers.append(LayerDiff(key, i, j, c, fields, row))
        prune = [p for p in self._prune_changes if not (p.floats and _float_change_within(p, rtol, atol))]
        result = Differences(self, rtol, atol, layers, prune)
        if len(self._cache) > 16:
            self._cache.clear()
        self._cache[(rtol, atol)] = result
        return result


def compare_records(a: Message, b: Message) -> RecordComparison:
    """Match two records (any dialects) for comparison; query it with `.differences()`."""
    return RecordComparison(a, b)


def diff_records(a: Message, b: Message, *, rtol: float = 0.0, atol: float = 0.0) -> Differences:
    """Compare two records (any dialects) layer by layer, channel by channel, at one tolerance."""
    return compare_records(a, b).differences(rtol, atol)
