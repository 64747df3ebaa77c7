"""Quantization formulas of AMCT records (docs/RECORD-FORMAT.md §8), vectorised with numpy.

Everything here is a pure function of numbers: the rules, the layer panel's derived values
and the plots share them. Functions take Python scalars or numpy arrays (anything
``np.asarray`` accepts) and return the same shape; factors are float32 in a record, so
results that go back into a record are rounded to float32 (`to_f32`).

Bit widths: `act_type`/`wts_type`/`dst_type` name them (``INT4`` … ``INT16``); an unset
type means ``INT8``, the schema default.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias, cast, overload

import numpy as np
import numpy.typing as npt

from editor.defaults import DEFAULT_OUTLIER_K
from editor.records.quant_core import (  # the numpy-free part, re-exported (__all__)
    BIT_WIDTHS,
    DEFAULT_TYPE,
    DEGENERATE,
    FLT_EPSILON,
    FLT_MAX,
    HIGH,
    INVALID,
    KIND_NAMES,
    LOW,
    MIN_FENCE_VALUES,
    OK,
    OutlierList,
    _exp10,
    amct_offset_check_range,
    bit_width,
    int_range,
    offset_range,
    quartile_ranks,
    rank_outliers,
    sorted_quartiles,
)

# this module's formulas, and quant_core's numpy-free ones and editor.defaults' fence factor
# re-exported, so that one import serves
__all__ = [
    "BIT_WIDTHS",
    "DEFAULT_OUTLIER_K",
    "DEFAULT_TYPE",
    "DEGENERATE",
    "FLT_EPSILON",
    "FLT_MAX",
    "HIGH",
    "INVALID",
    "KIND_NAMES",
    "LOW",
    "MIN_FENCE_VALUES",
    "OK",
    "ChannelStats",
    "OutlierList",
    "Outliers",
    "Scalar",
    "Vector",
    "amct_offset_check_range",
    "as_f32_array",
    "bit_width",
    "channel_stats",
    "clip_range",
    "dequant_scale",
    "dequantize",
    "f32_str",
    "int_range",
    "offset_range",
    "outlier_counts",
    "outlier_lists",
    "outliers",
    "quantize",
    "quartile_ranks",
    "quartiles",
    "rank_outliers",
    "scale_offset_from_range",
    "shift_accumulator_limit",
    "sorted_quartiles",
    "to_f32",
    "weight_range",
]

#: One number, as Python or numpy holds it: the functions below give Python numbers for these.
Scalar: TypeAlias = float | np.number[Any]
#: Numbers along channels (an array, a repeated field, a list): the functions give arrays.
Vector: TypeAlias = np.ndarray | Sequence[float]


@overload
def to_f32(x: Scalar) -> float: ...
@overload
def to_f32(x: Vector) -> np.ndarray: ...


def to_f32(x: Scalar | Vector) -> float | np.ndarray:
    """Round to float32 (what a record stores): a Python float for a scalar, else an array."""
    with np.errstate(over="ignore"):  # beyond FLT_MAX is inf, as in a record
        a = np.asarray(x, dtype=np.float32)
    return float(a) if a.ndim == 0 else a


def f32_str(x: Scalar) -> str:
    """The shortest text that reads back as the same float32 (``0.023529412``, ``nan``): numpy's
    spelling, ~25× quicker than `quant_core.f32_str`, which spells every value the same way."""
    return str(np.float32(x))


@overload
def clip_range(scale_d: Scalar, offset_d: Scalar, bits: int = 8) -> tuple[float, float]: ...
@overload
def clip_range(scale_d: Vector, offset_d: Scalar | Vector, bits: int = 8) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def clip_range(scale_d: Scalar, offset_d: Vector, bits: int = 8) -> tuple[np.ndarray, np.ndarray]: ...


def clip_range(scale_d: Scalar | Vector, offset_d: Scalar | Vector, bits: int = 8
               ) -> tuple[float, float] | tuple[np.ndarray, np.ndarray]:
    """Activation range a record implies: ``[-(2^(b-1) + offset)·scale, (2^(b-1) - 1 - offset)·scale]``.

    Returns ``(lo, hi)`` as floats (arrays for array input), computed in float64 from the
    given values. ReLU6 at INT8 (scale 6/255, offset -128) gives (0, 6).
    """
    half = float(1 << (bits - 1))
    s = np.asarray(scale_d, dtype=np.float64)
    o = np.asarray(offset_d, dtype=np.float64)
    lo = -(half + o) * s
    hi = (half - 1.0 - o) * s
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


@overload
def scale_offset_from_range(lo: Scalar, hi: Scalar, bits: int = 8) -> tuple[float, int]: ...
@overload
def scale_offset_from_range(lo: Vector, hi: Scalar | Vector, bits: int = 8) -> tuple[np.ndarray, np.ndarray]: ...
@overload
def scale_offset_from_range(lo: Scalar, hi: Vector, bits: int = 8) -> tuple[np.ndarray, np.ndarray]: ...


def scale_offset_from_range(lo: Scalar | Vector, hi: Scalar | Vector, bits: int = 8
                            ) -> tuple[float, int] | tuple[np.ndarray, np.ndarray]:
    """`scale_d`/`offset_d` for a float range, AMCT's way (asymmetric, forced through zero).

    ``min = min(lo, 0)``, ``max = max(hi, 0)``, ``scale = (max - min) / (2^b - 1)``,
    ``offset = round(-2^(b-1) - min / scale)``. The scale is rounded to float32 (what the
    record stores) and the offset computed from that stored scale. A range too narrow for a
    scale of at least FLT_EPSILON gets scale 1.0, as AMCT substitutes for degenerate scales.
    Returns ``(scale, offset)``: float and int for scalars, float32 and int64 arrays otherwise.
    """
    lo64 = np.minimum(np.asarray(lo, dtype=np.float64), 0.0)
    hi64 = np.maximum(np.asarray(hi, dtype=np.float64), 0.0)
    if not (np.all(np.isfinite(lo64)) and np.all(np.isfinite(hi64))):
        raise ValueError("the range must be finite")
    qmin, qmax = int_range(bits)
    scale = ((hi64 - lo64) / float((1 << bits) - 1)).astype(np.float32)
    scale = np.where(scale < np.float32(FLT_EPSILON), np.float32(1.0), scale)
    offset = np.rint(qmin - lo64 / scale.astype(np.float64))
    offset = np.clip(offset, qmin, qmax).astype(np.int64)
    if scale.ndim == 0:
        return float(scale), int(offset)
    return scale, offset


@overload
def quantize(x: Scalar, scale: Scalar, offset: Scalar, bits: int = 8) -> int: ...
@overload
def quantize(x: Vector, scale: Scalar | Vector, offset: Scalar | Vector, bits: int = 8) -> np.ndarray: ...
@overload
def quantize(x: Scalar, scale: Vector, offset: Scalar | Vector, bits: int = 8) -> np.ndarray: ...
@overload
def quantize(x: Scalar, scale: Scalar, offset: Vector, bits: int = 8) -> np.ndarray: ...


def quantize(x: Scalar | Vector, scale: Scalar | Vector, offset: Scalar | Vector, bits: int = 8
             ) -> int | np.ndarray:
    """``q = clamp(round(x / scale + offset), -2^(b-1), 2^(b-1) - 1)`` as int64."""
    qmin, qmax = int_range(bits)
    q = np.rint(np.asarray(x, dtype=np.float64) / np.asarray(scale, dtype=np.float64)
                + np.asarray(offset, dtype=np.float64))
    q = np.clip(q, qmin, qmax).astype(np.int64)
    return int(q) if q.ndim == 0 else q


@overload
def dequantize(q: Scalar, scale: Scalar, offset: Scalar) -> float: ...
@overload
def dequantize(q: Vector, scale: Scalar | Vector, offset: Scalar | Vector) -> np.ndarray: ...
@overload
def dequantize(q: Scalar, scale: Vector, offset: Scalar | Vector) -> np.ndarray: ...
@overload
def dequantize(q: Scalar, scale: Scalar, offset: Vector) -> np.ndarray: ...


def dequantize(q: Scalar | Vector, scale: Scalar | Vector, offset: Scalar | Vector) -> float | np.ndarray:
    """``x = (q - offset) · scale``."""
    x = (np.asarray(q, dtype=np.float64) - np.asarray(offset, dtype=np.float64)) \
        * np.asarray(scale, dtype=np.float64)
    return float(x) if x.ndim == 0 else x


@overload
def weight_range(scale_w: Scalar, bits: int = 8) -> float: ...
@overload
def weight_range(scale_w: Vector, bits: int = 8) -> np.ndarray: ...


def weight_range(scale_w: Scalar | Vector, bits: int = 8) -> float | np.ndarray:
    """Largest weight magnitude per channel: ``(2^(b-1) - 1) · scale_w`` (range is ± that)."""
    r = np.asarray(scale_w, dtype=np.float64) * float((1 << (bits - 1)) - 1)
    return float(r) if r.ndim == 0 else r


@overload
def dequant_scale(scale_d: Scalar, scale_w: Scalar) -> float: ...
@overload
def dequant_scale(scale_d: Vector, scale_w: Scalar | Vector) -> np.ndarray: ...
@overload
def dequant_scale(scale_d: Scalar, scale_w: Vector) -> np.ndarray: ...


def dequant_scale(scale_d: Scalar | Vector, scale_w: Scalar | Vector) -> float | np.ndarray:
    """Dequantization scale used on the device, per channel: ``scale_d · scale_w[c]``.

    `shift_bit` N divides the accumulator by 2^N before the int16 clamp and multiplies it
    back afterwards, so it does not change this product (see `shift_accumulator_limit`).
    """
    d = np.asarray(scale_d, dtype=np.float64) * np.asarray(scale_w, dtype=np.float64)
    return float(d) if d.ndim == 0 else d


@overload
def shift_accumulator_limit(shift_bit: Scalar) -> float: ...
@overload
def shift_accumulator_limit(shift_bit: Vector) -> np.ndarray: ...


def shift_accumulator_limit(shift_bit: Scalar | Vector) -> float | np.ndarray:
    """Largest accumulator magnitude that survives the int16 clamp after a shift of N: 32767·2^N."""
    n = np.asarray(shift_bit, dtype=np.int64)
    lim = 32767.0 * np.exp2(n)
    return float(lim) if lim.ndim == 0 else lim


# --- per-channel statistics and outliers ----------------------------------------------------

@dataclass(frozen=True)
class ChannelStats:
    """Summary of a per-channel vector; min/median/max/q1/q3 over its finite values (nan if none)."""

    count: int
    finite: int
    min: float
    q1: float
    median: float
    q3: float
    max: float
    mean: float


def as_f32_array(values: npt.ArrayLike) -> np.ndarray:
    """A 1-D float32 array of `values` (a protobuf repeated field, list or array)."""
    return np.array(values, dtype=np.float32).reshape(-1)


def channel_stats(values: npt.ArrayLike) -> ChannelStats:
    """Count, finite count, min, quartiles, median, max and mean of a per-channel vector."""
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    fin = a[np.isfinite(a)]
    if fin.size == 0:
        nan = float("nan")
        return ChannelStats(int(a.size), 0, nan, nan, nan, nan, nan, nan)
    q1, med, q3 = np.percentile(fin, [25.0, 50.0, 75.0])
    return ChannelStats(int(a.size), int(fin.size), float(fin.min()), float(q1), float(med),
                        float(q3), float(fin.max()), float(fin.mean()))


@dataclass(frozen=True)
class Outliers:
    """Outlier classification of a per-channel scale vector.

    `kind[c]` is one of OK, INVALID, DEGENERATE, LOW, HIGH; `fence` the (low, high)
    bounds in linear units of the IQR fence (None when fewer than `MIN_FENCE_VALUES`
    usable values exist, so no channel is LOW or HIGH).
    """

    kind: np.ndarray
    fence: tuple[float, float] | None
    k: float

    @property
    def mask(self) -> np.ndarray:
        marked: np.ndarray = self.kind != OK
        return marked

    @property
    def indices(self) -> np.ndarray:
        return np.flatnonzero(self.kind != OK)

    def of_kind(self, kind: int) -> np.ndarray:
        return np.flatnonzero(self.kind == kind)


#: Up to this many values (a row), sorting finds order statistics faster than partitioning.
_SORT_UP_TO = 512


def _order_stats(x: np.ndarray, kth: list[int]) -> np.ndarray:
    """`x` (1-D, or rows of a 2-D block) with the `kth` smallest values of each row in place."""
    if x.shape[-1] <= _SORT_UP_TO:
        return np.sort(x, axis=-1)
    return np.partition(x, kth, axis=-1)


def quartiles(x: np.ndarray) -> tuple[float, float]:
    """Q1 and Q3 of a 1-D float64 array of at least two finite values.

    The same numbers as ``np.percentile(x, [25, 75])`` (linear interpolation), bit for bit,
    without its overhead: the rules call this once per layer on every check.
    """
    return sorted_quartiles(_order_stats(x, quartile_ranks(x.size)))


def outliers(values: npt.ArrayLike, k: float = DEFAULT_OUTLIER_K) -> Outliers:
    """Classify each channel of a scale vector (scale_w, tensor_balance_factor, …).

    In this order: non-finite or ≤ 0 → INVALID; below FLT_EPSILON → DEGENERATE; then,
    among the rest, outside ``[Q1 - k·IQR, Q3 + k·IQR]`` computed on log10 of the values
    → LOW / HIGH. Scales spread multiplicatively, hence the log scale.

    This is the editor's one outlier definition: the channel plot, the overview, the Layers
    table and the ``scale-w-outlier`` rule all call it.
    """
    if not k >= 0:
        raise ValueError("k must be ≥ 0")
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    kind = np.zeros(a.size, dtype=np.int8)
    if a.size == 0:
        return Outliers(kind, None, float(k))
    if a.min() >= FLT_EPSILON and a.max() < np.inf:  # the usual case: every value usable (no nan)
        usable: np.ndarray | None = None
        logs = np.log10(a)
    else:
        with np.errstate(invalid="ignore"):
            invalid = ~np.isfinite(a) | (a <= 0)
            degenerate = ~invalid & (a < FLT_EPSILON)
        kind[invalid] = INVALID
        kind[degenerate] = DEGENERATE
        usable = np.flatnonzero(kind == OK)
        logs = np.log10(a[usable])
    if logs.size < MIN_FENCE_VALUES:
        return Outliers(kind, None, float(k))
    q1, q3 = quartiles(logs)
    iqr = q3 - q1
    lo_log, hi_log = q1 - k * iqr, q3 + k * iqr
    if logs.min() < lo_log or logs.max() > hi_log:
        low, high = logs < lo_log, logs > hi_log
        if usable is None:
            kind[low] = LOW
            kind[high] = HIGH
        else:
            kind[usable[low]] = LOW
            kind[usable[high]] = HIGH
    return Outliers(kind, (_exp10(lo_log), _exp10(hi_log)), float(k))


def outlier_counts(vectors: Sequence[np.ndarray], k: float = DEFAULT_OUTLIER_K) -> np.ndarray:
    """How many channels of each vector `outliers(vector, k)` marks, for many vectors at once.

    The same numbers as calling `outliers` on each (tested so): vectors of one length whose
    every value is usable are stacked and judged together, with the same quartile arithmetic
    row by row; the others (with nan, ≤ 0, degenerate values, or too short) one at a time.
    This is what keeps the counts of a 5 000-layer record quick.
    """
    if not k >= 0:
        raise ValueError("k must be ≥ 0")
    counts = np.zeros(len(vectors), dtype=np.int64)
    by_len: dict[int, list[int]] = {}
    for i, v in enumerate(vectors):
        if v.size >= MIN_FENCE_VALUES:
            by_len.setdefault(int(v.size), []).append(i)
        elif v.size:
            counts[i] = outliers(v, k).indices.size
    for n, idx in by_len.items():
        rows = np.asarray(idx)
        block = np.stack([vectors[i] for i in idx]).astype(np.float64)
        with np.errstate(invalid="ignore"):
            usable = (block.min(axis=1) >= FLT_EPSILON) & (block.max(axis=1) < np.inf)
        for i in rows[~usable]:  # nan, ≤ 0 or degenerate values: one at a time
            counts[i] = outliers(vectors[i], k).indices.size
        if not usable.any():
            continue
        logs = np.log10(block[usable])
        v1, v3 = (n - 1) * 0.25, (n - 1) * 0.75
        i1, i3 = int(v1), int(v3)
        part = _order_stats(logs, quartile_ranks(n))
        q1 = _lerp_rows(part[:, i1], part[:, i1 + 1], v1 - i1)
        q3 = part[:, i3] if v3 == i3 else _lerp_rows(part[:, i3], part[:, i3 + 1], v3 - i3)
        iqr = q3 - q1
        lo, hi = q1 - k * iqr, q3 + k * iqr
        counts[rows[usable]] = np.count_nonzero((logs < lo[:, None]) | (logs > hi[:, None]), axis=1)
    return counts


#: what `outlier_lists` gives for one vector: (positions of its outliers, their kinds, the fence)


def outlier_lists(vectors: Sequence[np.ndarray], k: float = DEFAULT_OUTLIER_K) -> list[OutlierList]:
    """For each vector, its outliers at fence factor `k` as (positions, kinds, fence): what
    ``outliers(vector, k)`` says of it (``indices``, ``kind[indices]``, ``fence``), for many
    vectors at once.

    As in `outlier_counts`, vectors of one length whose every value is usable are stacked and
    judged together with the same arithmetic row by row (the same bits: tested so); the others
    one at a time. A check of a whole record asks this once instead of once per layer.
    """
    if not k >= 0:
        raise ValueError("k must be ≥ 0")
    out: list[OutlierList | None] = [None] * len(vectors)

    def alone(i: int) -> OutlierList:
        o = outliers(vectors[i], k)
        at = o.indices
        return at.tolist(), o.kind[at].tolist(), o.fence

    by_len: dict[int, list[int]] = {}
    for i, v in enumerate(vectors):
        if v.size >= MIN_FENCE_VALUES:
            by_len.setdefault(int(v.size), []).append(i)
        else:
            out[i] = alone(i)
    for n, idx in by_len.items():
        block = np.stack([vectors[i] for i in idx]).astype(np.float64)
        with np.errstate(invalid="ignore"):
            usable = (block.min(axis=1) >= FLT_EPSILON) & (block.max(axis=1) < np.inf)
        rows = [i for i, ok in zip(idx, usable.tolist(), strict=True) if ok]
        for i, ok in zip(idx, usable.tolist(), strict=True):
            if not ok:  # nan, ≤ 0 or degenerate values: one at a time
                out[i] = alone(i)
        if not rows:
            continue
        logs = np.log10(block[usable] if len(rows) < len(idx) else block)
        v1, v3 = (n - 1) * 0.25, (n - 1) * 0.75
        i1, i3 = int(v1), int(v3)
        part = _order_stats(logs, quartile_ranks(n))
        q1 = _lerp_rows(part[:, i1], part[:, i1 + 1], v1 - i1)
        q3 = part[:, i3] if v3 == i3 else _lerp_rows(part[:, i3], part[:, i3 + 1], v3 - i3)
        iqr = q3 - q1
        lo, hi = q1 - k * iqr, q3 + k * iqr
        low = logs < lo[:, None]
        flat = np.flatnonzero(low | (logs > hi[:, None]))  # row by row, channels in order
        kinds = np.where(low.reshape(-1)[flat], LOW, HIGH).tolist()
        channels = (flat % n).tolist()
        ends = np.searchsorted(flat, np.arange(1, len(rows) + 1) * n).tolist()
        start = 0
        for i, end, lo_log, hi_log in zip(rows, ends, lo.tolist(), hi.tolist(), strict=True):
            out[i] = (channels[start:end], kinds[start:end], (_exp10(lo_log), _exp10(hi_log)))
            start = end
    assert all(o is not None for o in out)  # every vector is judged in one of the two ways
    return cast(list[OutlierList], out)


def _lerp_rows(a: np.ndarray, b: np.ndarray, t: float) -> np.ndarray:
    """`_lerp` on whole columns: the same operations, element by element."""
    d = b - a
    out: np.ndarray = b - d * (1.0 - t) if t >= 0.5 else a + d * t
    return out
