"""Columns: one field over the layer pairs that may differ, as flat numpy arrays."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from google.protobuf.descriptor import FieldDescriptor

from editor.records.diff._values import Array, _close, _is_float, _objects, _scalar_close, display_name
from editor.records.diff.results import FieldDiff


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
