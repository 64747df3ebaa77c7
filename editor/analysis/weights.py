"""Weight error from the record and the weights alone: each layer's weights quantized with
the record's own scale_w, per output channel and per layer. Qt-free, numpy only.

The weights are those AMCT quantizes for the entry (`model_review.entry_weights`: BatchNorm
folded unless skip_fusion, the DMQ tensor_balance_factor applied), one row per output
channel. Each is fake-quantized with its channel's scale_w (or the one per-tensor value):
``w' = clamp(round(w / scale_w), -2^(b-1), 2^(b-1) - 1) · scale_w``. The figures:

- SQNR ``10·log10(Σw² / Σ(w - w')²)`` in dB, per channel and per layer (the sums over all
  of the layer's weights). Doubling a scale costs about 6 dB;
- the clipped fraction: weights the clamp changed;
- rmse/scale: the error's root mean square in units of its channel's step; about 0.289
  (1/√12) for rounding alone, more where the clamp cuts weights off.

`WeightAnalysis` keeps the prepared rows of recently asked layers (bounded), so that after an
edit of scale_w the figures of that layer come again at once (`figures(entry)`).
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from editor.analysis.metrics import fake_quant_rows, int_limits, sqnr_db, sqnr_db_array
from editor.i18n import translate
from editor.models import Model, ModelError
from editor.records.messages import EntryMessage, WideValueMessage
from editor.records.model_review import PreparedWeights, entry_weights, folds, weight_bits


@dataclass(frozen=True)
class ChannelWeights:
    """Per output channel (one entry per scale_w value): SQNR in dB, the clipped fraction,
    rmse/scale, the largest weight magnitude and how many weights the channel has."""

    sqnr_db: np.ndarray
    clipped: np.ndarray
    rmse_over_scale: np.ndarray
    absmax: np.ndarray
    count: np.ndarray


@dataclass(frozen=True)
class WeightFigures:
    """A layer's weight error under the record's scale_w (see the module's docstring)."""

    sqnr_db: float
    clipped: float
    rmse_over_scale: float
    bits: int
    channel_wise: bool
    folded: bool
    balanced: bool
    scale_w: np.ndarray
    channels: ChannelWeights

    @property
    def worst_channel(self) -> int:
        """The channel of the lowest SQNR (nan counts as lowest)."""
        s = np.where(np.isnan(self.channels.sqnr_db), -np.inf, self.channels.sqnr_db)
        return int(np.argmin(s))


def weight_figures(prepared: PreparedWeights, scale_w: ArrayLike) -> WeightFigures:
    """The figures of `prepared` weights under `scale_w` (one value, or one per row).

    Raises ModelError when the number of scale_w values fits neither.
    """
    rows = prepared.rows
    s = np.asarray(scale_w, dtype=np.float32).reshape(-1)
    if s.size not in (1, rows.shape[0]):
        raise ModelError(translate("analysis", "scale_w has {values} values, layer {label} has {outputs} output "
                                   "channels").format(values=s.size, label=prepared.layer.label,
                                                      outputs=rows.shape[0]))
    wq, clipped = fake_quant_rows(rows, s, prepared.bits)
    w64 = rows.astype(np.float64)
    err = w64 - wq.astype(np.float64)
    signal = np.einsum("ij,ij->i", w64, w64)
    noise = np.einsum("ij,ij->i", err, err)
    n = rows.shape[1]
    step = np.broadcast_to(s.astype(np.float64), (rows.shape[0],))
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.sqrt(noise / n) / step
    counts = np.count_nonzero(clipped, axis=1)
    channels = ChannelWeights(sqnr_db_array(signal, noise), counts / n, rel,
                              np.abs(rows).max(axis=1).astype(np.float64), np.full(rows.shape[0], n))
    with np.errstate(divide="ignore", invalid="ignore"):
        rel_layer = math.sqrt(float(np.sum(noise / (step * step))) / rows.size)
    return WeightFigures(sqnr_db(float(signal.sum()), float(noise.sum())), float(counts.sum()) / rows.size,
                         rel_layer, prepared.bits, s.size > 1, prepared.folded, prepared.balanced, s, channels)


@dataclass(frozen=True)
class ChannelHistogram:
    """A histogram of one channel's weights for drawing with the quantization grid: `counts`
    over `edges`; `grid` = the weight range ±(2^(b-1) - 1)·scale_w's ends (lo, hi); `clipped_low`
    and `clipped_high` count the weights beyond the levels the clamp keeps."""

    counts: np.ndarray
    edges: np.ndarray
    grid: tuple[float, float]
    scale: float
    bits: int
    clipped_low: int
    clipped_high: int


def channel_histogram(values: np.ndarray, scale: float, bits: int, bins: int = 64) -> ChannelHistogram:
    """Histogram of a channel's weights over their own range and the grid's, whichever is wider."""
    v = np.asarray(values, dtype=np.float32).reshape(-1)
    lo_q, hi_q = int_limits(bits)
    s = np.float32(scale)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        q = np.rint(v / s)
    grid = (float(lo_q) * float(s), float(hi_q) * float(s))
    finite = v[np.isfinite(v)]
    lo = min(grid[0], float(finite.min())) if finite.size else grid[0]
    hi = max(grid[1], float(finite.max())) if finite.size else grid[1]
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        lo, hi = -1.0, 1.0
    counts, edges = np.histogram(finite, bins=bins, range=(lo, hi))
    return ChannelHistogram(counts, edges, grid, float(s), bits, int(np.count_nonzero(q < lo_q)),
                            int(np.count_nonzero(q > hi_q)))


#: prepared rows kept for quick re-computation after an edit (bytes)
DEFAULT_CACHE_BYTES = 256 << 20


class WeightAnalysis:
    """Weight figures of a record's entries against a model, recomputed cheaply after edits.

    `figures(entry)` prepares the entry's weights (`entry_weights`) the first time, or again
    when what the preparation depends on changed (bit width, skip_fusion, the balance
    factors), and keeps the rows of recent layers up to `cache_bytes`.
    """

    def __init__(self, model: Model, cache_bytes: int = DEFAULT_CACHE_BYTES,
                 prepare: Callable[[EntryMessage, Model], PreparedWeights] = entry_weights):
        self.model = model
        self.cache_bytes = cache_bytes
        self._prepare = prepare
        self._cache: OrderedDict[tuple[object, ...], PreparedWeights] = OrderedDict()
        self._bytes = 0
        # a window asks from its GUI thread while a worker runs the analysis
        self._lock = threading.Lock()

    def prepared(self, entry: EntryMessage) -> PreparedWeights:
        """The entry's weights as AMCT quantizes them (ModelError saying why there are none)."""
        key = _prep_key(entry)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        prepared = self._prepare(entry, self.model)
        with self._lock:
            if key not in self._cache:
                self._cache[key] = prepared
                self._bytes += prepared.rows.nbytes
            while self._bytes > self.cache_bytes and len(self._cache) > 1:
                _, old = self._cache.popitem(last=False)
                self._bytes -= old.rows.nbytes
        return prepared

    def figures(self, entry: EntryMessage) -> WeightFigures:
        """The entry's weight figures under its scale_w as it is now."""
        return weight_figures(self.prepared(entry), entry.value.scale_w)

    def forget(self) -> None:
        """Drop the kept rows (the model changed)."""
        with self._lock:
            self._cache.clear()
            self._bytes = 0


def _prep_key(entry: EntryMessage) -> tuple[object, ...]:
    """What the prepared weights of an entry depend on besides the model."""
    value = entry.value
    tbf = tuple(value.tensor_balance_factor) if isinstance(value, WideValueMessage) else ()
    return entry.key, weight_bits(value), folds(value), tbf, len(value.scale_w) > 1
