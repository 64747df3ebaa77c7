"""Weights review: AMCT's ARQ ``scale_w`` recomputed from a layer's weights, and a record's
``scale_w`` compared with it channel by channel. Qt-free; the rules, the command line and
the GUI's Channels plot share it.

AMCT's ARQ (symmetric, ``with_offset`` false) — ``calculate_scale_offset`` and
``process_scale`` in ``amct_pytorch/classic/graph_based/amct_pytorch/custom_op/utils.py``
and ``arq_cali_pytorch`` in ``.../custom_op/arq/arq_impl.py`` of ``hicann/amct``: the weights
are reshaped to (output channels, -1) and, per row (or over the whole tensor when not
channel-wise), in float32::

    boundary = |max| if |max| > |min| else |min|
    q        = 2^(b-1) - 1, plus 1 when |max| < |min|      (the negative side has one level more)
    scale_w  = boundary / q;  offset_w = 0
    scale_w  = 1.0 where scale_w < FLT_EPSILON

with b the bit width of ``wts_type`` (INT8 unless set). The weights it runs on are prepared
as AMCT prepares them (`editor.models.prepare`: the fusions of `editor.models.fusion` unless
the record's ``skip_fusion`` is true, then the DMQ tensor_balance_factor).

A record's value is compared by the ratio ``scale_w / ARQ``: below 1 the record's range
``±(2^(b-1) - 1)·scale_w`` is narrower than the weights and clips them (for a channel whose
largest magnitude is positive this is exactly ``range > scale_w·q``); far above 1 it wastes
levels (a ratio of 2 leaves one bit unused). Both are flagged; the waste threshold is
adjustable.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
import numpy.typing as npt

from editor.defaults import DEFAULT_WASTE
from editor.i18n import translate
from editor.models.base import Float32Array, Layer, Model, ModelError

if TYPE_CHECKING:
    from editor.models.fusion import Fusion

__all__ = [
    "CLIP_TOLERANCE", "DEFAULT_WASTE", "FLT_EPSILON", "Arq", "ArqKey", "Balance", "Review", "arq_from_extrema", "arq_scale",
    "compare", "fold_multiplier", "layer_arq", "refit", "review", "weight_rows",
]

FLT_EPSILON = np.float32(np.finfo(np.float32).eps)
#: relative slack below 1 before a smaller scale_w counts as clipping (float32 rounding of a
#: fold computed in another order than AMCT's)
CLIP_TOLERANCE = 1e-4


@dataclass(frozen=True)
class Arq:
    """ARQ of one layer: per channel (one entry when per-tensor) the scale, the weight
    boundary max(|max|, |min|) it comes from, the level count q it was divided by, and the
    weights' own max and min."""

    scale: Float32Array
    boundary: Float32Array
    q: npt.NDArray[np.int64]
    wmax: Float32Array
    wmin: Float32Array
    folded: bool
    bits: int
    #: the fusions folded into the weights first (`editor.models.fusion` pattern names)
    fusions: tuple[str, ...] = ()
    #: the weights were multiplied by the record's tensor_balance_factor first (DMQ)
    balanced: bool = False


def arq_scale(rows: npt.ArrayLike, bits: int = 8, channel_wise: bool = True) -> Arq:
    """AMCT's ARQ scale_w of weights given as rows (one per output channel), float32."""
    w = np.asarray(rows, dtype=np.float32)
    if w.ndim != 2 or w.shape[1] == 0 or w.shape[0] == 0:
        raise ModelError(translate("models", "weights of shape {shape} cannot be quantized").format(shape=list(w.shape)))
    return arq_from_extrema(w.max(axis=1), w.min(axis=1), bits, channel_wise)


def arq_from_extrema(row_max: Float32Array, row_min: Float32Array, bits: int = 8, channel_wise: bool = True) -> Arq:
    """`arq_scale` from each row's max and min (the whole tensor's when not channel-wise)."""
    if bits < 2:
        raise ValueError(f"a signed weight type needs at least 2 bits, not {bits}")
    if channel_wise:
        wmax, wmin = np.asarray(row_max, np.float32), np.asarray(row_min, np.float32)
    else:
        wmax, wmin = np.array([row_max.max()], np.float32), np.array([row_min.min()], np.float32)
    amax, amin = np.abs(wmax), np.abs(wmin)
    negative = amax < amin
    q = (np.int64((1 << (bits - 1)) - 1) + negative).astype(np.int64)
    boundary = np.where(amax > amin, amax, amin).astype(np.float32)
    with np.errstate(invalid="ignore"):
        scale = (boundary / q.astype(np.float32)).astype(np.float32)
        scale = np.where(scale < FLT_EPSILON, np.float32(1.0), scale).astype(np.float32)
    return Arq(scale, boundary, q, wmax.astype(np.float32), wmin.astype(np.float32), False, bits)


def fold_multiplier(fold: Fusion) -> Float32Array:
    """Per channel, what AMCT multiplies the weights by when folding `fold` (a BatchNorm:
    gamma / sqrt(var + eps))."""
    return fold.multiplier()


def weight_rows(layer: Layer, fold: bool = True, dialect: str | None = None) -> tuple[Float32Array, bool]:
    """(the layer's weights as float32 rows per output channel, whether a fusion was folded
    in). `fold` asks for AMCT's fusions (of `dialect`; None: every one the model has)."""
    from editor.models.prepare import prepare

    if not fold or not layer.fusions:
        return layer.weight_rows(), False
    p = prepare(layer, fuse=True, dialect=dialect)
    return p.rows, p.folded


#: what an ARQ is cached under on the model (`Model._arq_cache`): layer index, bits, folded,
#: channel-wise, dialect and the tensor_balance_factor's bytes
ArqKey: TypeAlias = tuple[int, int, bool, bool, str | None, bytes | None]
#: a record's tensor_balance_factor, as its field or as float32 values
Balance: TypeAlias = Sequence[float] | Float32Array


def layer_arq(model: Model | None, layer: Layer, *, bits: int = 8, fold: bool = True,
              channel_wise: bool = True, dialect: str | None = None, balance: Balance | None = None) -> Arq:
    """ARQ of a layer from its weights as AMCT prepares them (`editor.models.prepare`),
    cached on the model: weights are read once per setting."""
    from editor.models.prepare import prepare

    tbf = None if balance is None or not len(balance) else np.asarray(balance, dtype=np.float32).ravel()
    key: ArqKey = (layer.index, bits, fold, channel_wise, dialect, tbf.tobytes() if tbf is not None else None)
    cache = model._arq_cache if model is not None else None
    if cache is not None and key in cache:
        return cache[key]
    arq = prepare(layer, bits=bits, channel_wise=channel_wise, fuse=fold, dialect=dialect, balance=tbf).arq()
    if cache is not None:
        cache[key] = arq
    return arq


@dataclass(frozen=True)
class Review:
    """A record's scale_w against ARQ, per channel (one entry when per-tensor)."""

    layer: Layer
    scale_w: Float32Array
    arq: Arq
    ratio: npt.NDArray[np.float64]
    clipped: npt.NDArray[np.bool_]
    wasted: npt.NDArray[np.bool_]
    waste: float

    @property
    def channel_wise(self) -> bool:
        return self.scale_w.size > 1

    @property
    def flagged(self) -> npt.NDArray[np.bool_]:
        return self.clipped | self.wasted

    @property
    def worst_index(self) -> int:
        """The channel whose ratio is furthest from 1 (by log), or of a non-finite one."""
        with np.errstate(divide="ignore", invalid="ignore"):
            dist = np.abs(np.log(self.ratio))
        dist = np.where(np.isfinite(dist), dist, np.inf)
        return int(np.argmax(dist))

    @property
    def worst_ratio(self) -> float:
        return float(self.ratio[self.worst_index])

    @property
    def weight_range(self) -> npt.NDArray[np.float64]:
        """The weight range the record's scale_w allows, ±(2^(b-1) - 1)·scale_w (positive side)."""
        return self.scale_w.astype(np.float64) * float((1 << (self.arq.bits - 1)) - 1)

    @property
    def weight_extent(self) -> Float32Array:
        """The weights' own largest magnitude per channel (the ARQ boundary)."""
        return self.arq.boundary


def review(model: Model | None, layer: Layer, scale_w: npt.ArrayLike, *, bits: int = 8, fold: bool = True,
           waste: float = DEFAULT_WASTE, dialect: str | None = None, balance: Balance | None = None) -> Review:
    """Compare a record's scale_w of `layer` with the ARQ value of its weights.

    One scale_w value is compared with the per-tensor ARQ, several with the per-channel one
    (their number must be the layer's output channel count). Raises ModelError when the
    weights are unavailable or the lengths disagree.
    """
    values = np.asarray(scale_w, dtype=np.float32).ravel()
    if values.size == 0:
        raise ModelError(translate("models", "layer {label} has no scale_w to compare").format(label=layer.label))
    if not layer.takes_weights:
        raise ModelError(translate("models", "layer {label} ({op}) has no weights AMCT quantizes").format(
            label=layer.label, op=layer.op_type))
    arq = layer_arq(model, layer, bits=bits, fold=fold, channel_wise=values.size > 1, dialect=dialect,
                    balance=balance)
    return compare(layer, values, arq, waste)


def compare(layer: Layer, scale_w: npt.ArrayLike, arq: Arq, waste: float = DEFAULT_WASTE) -> Review:
    """A record's `scale_w` against the `arq` of the layer's weights, channel by channel."""
    values = np.asarray(scale_w, dtype=np.float32).ravel()
    if arq.scale.size != values.size:
        raise ModelError(translate("models", "scale_w has {values} values, layer {label} has {outputs} output channels").format(
            values=values.size, label=layer.label, outputs=arq.scale.size))
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = values.astype(np.float64) / arq.scale.astype(np.float64)
    finite = np.isfinite(ratio)
    clipped = ~finite | (ratio < 1.0 - CLIP_TOLERANCE)
    wasted = finite & (ratio > waste)
    return Review(layer, values, arq, ratio, clipped, wasted, waste)


def refit(review_: Review) -> tuple[Float32Array, npt.NDArray[np.intp]]:
    """(new scale_w = the ARQ values, indices whose float32 bits change)."""
    new = review_.arq.scale.astype(np.float32)
    if not np.isfinite(new).all() or not (new > 0).all():
        # never written into a record: ARQ of finite weights is always finite and positive
        raise ModelError(translate("models", "layer {label}: the weights give no valid scale_w").format(
            label=review_.layer.label))
    changed = np.nonzero(new.view(np.uint32) != review_.scale_w.astype(np.float32).view(np.uint32))[0]
    return new, changed
