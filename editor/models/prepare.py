"""A layer's weights exactly as AMCT quantizes them: rows per output channel in float32,
after the fusions the record allows and after the DMQ balance. No Qt here.

The steps and their order follow AMCT PyTorch (``hicann/amct``,
``amct_pytorch/classic/graph_based/amct_pytorch/``): the fusions run on the graph before
calibration (``optimizer/conv_bn_fusion_pass.py``); calibration then multiplies the weights
by ``tensor_balance_factor`` along their input channels, grouped convolutions per group
(``optimizer/weight_calibration.py``, ``apply_balance_scale_to_weight`` and
``utils/weight_quant_api.py``'s ``adjust_conv_weight_shape``), and ARQ
(``custom_op/arq/arq.py``) first refuses weights that hold inf or nan
(``custom_op/utils.py``, ``check_quant_data``). Every product is a float32 product of two
float32 values, as AMCT's torch tensors compute it, so the result is bit for bit AMCT's.
The closed-source flavours are assumed to do the same arithmetic on the patterns their
documentation lists (`editor.models.fusion`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from editor.i18n import translate
from editor.models.base import Float32Array, Layer, ModelError, NotCompared
from editor.models.fusion import INPUT, OUTPUT, Fusion, NotComputed
from editor.models.weights import FLT_EPSILON, Arq, Balance, arq_from_extrema, arq_scale

#: AMCT's tensor_balance_factor range (``parse_record_file.py``: [FLT_EPSILON, 1/FLT_EPSILON])
TBF_RANGE = (float(FLT_EPSILON), float(np.float32(1.0) / FLT_EPSILON))


@dataclass(frozen=True)
class PreparedWeights:
    """A layer's weights as AMCT quantizes them for one record entry.

    `rows`: float32, one row per output channel, after the fusions named in `fusions` (the
    layers folded in: `fused_layers`) and, when `balanced`, the tensor_balance_factor. Weights
    that are one value repeated (ONNX ConstantOfShape, a TensorFlow splat) have one column per
    output channel unless a factor along the input channels applies (`Layer.weight_rows`,
    compact): the same extremes, so the same ARQ, without materialising them.
    `bits` and `channel_wise` are what ARQ is run with (`arq`). `notes` say where AMCT's own
    behaviour was followed rather than the plain pattern (a fusion AMCT PyTorch leaves out).
    """

    layer: Layer
    rows: Float32Array
    bits: int
    channel_wise: bool
    fusions: tuple[str, ...] = ()
    fused_layers: tuple[str, ...] = ()
    balanced: bool = False
    notes: tuple[str, ...] = ()
    #: each row's max and min (what ARQ needs, found when the rows were checked)
    row_max: Float32Array | None = field(default=None, repr=False)
    row_min: Float32Array | None = field(default=None, repr=False)

    @property
    def folded(self) -> bool:
        return bool(self.fusions)

    def arq(self) -> Arq:
        """AMCT's ARQ scale_w of these weights."""
        if self.row_max is not None and self.row_min is not None:
            a = arq_from_extrema(self.row_max, self.row_min, self.bits, self.channel_wise)
        else:
            a = arq_scale(self.rows, self.bits, self.channel_wise)
        return Arq(a.scale, a.boundary, a.q, a.wmax, a.wmin, self.folded, self.bits, self.fusions, self.balanced)


def _finite_or_refuse(values: Float32Array, layer: Layer, what: str) -> None:
    bad = ~np.isfinite(values)
    if not bad.any():
        return
    first = int(np.flatnonzero(bad.any(axis=1))[0]) if values.ndim == 2 else 0
    reason = translate("models", "{what} of layer {label} hold {count} inf or nan values (the first in output "
                       "channel {channel}); AMCT stops on them: \"The weight to be quantized has invalid value inf "
                       "or nan!\"").format(what=what, label=layer.label, count=f"{int(bad.sum()):,}", channel=first)
    raise NotCompared(reason, blocking=True)


def quantized_weights(rows: Float32Array) -> tuple[int, int] | None:
    """(lowest, highest) when every weight is a whole number in the INT8 range and one is
    beyond ±1: weights AMCT has already quantized (its deploy or fake-quant model stores int8
    values as FLOAT). None for floating-point weights (and all-zero or ±1-only ones)."""
    if not rows.size:
        return None
    # float weights show it in their first few values: the full test only when those pass
    head = rows.ravel()[:256]
    if not np.array_equal(head, np.round(head)) or np.abs(head).max() > 128:
        return None
    lo, hi = float(rows.min()), float(rows.max())
    if lo < -128 or hi > 127 or max(abs(lo), abs(hi)) <= 1:
        return None
    if not np.array_equal(rows, np.round(rows)):
        return None
    return int(lo), int(hi)


def _refuse_quantized(rows: Float32Array, layer: Layer) -> None:
    got = quantized_weights(rows)
    if got is None:
        return
    raise NotCompared(translate(
        "models", "the weights of layer {label} are whole numbers from {low} to {high}: this model has already "
        "been quantized (AMCT's deploy or fake-quant model stores int8 weights as FLOAT); attach the "
        "floating-point model the record was calibrated on (for PyTorch: the model exported with "
        "torch.onnx.export before quantization)").format(label=layer.label, low=got[0], high=got[1]))


def dequantized_weights(rows: Float32Array, row_max: Float32Array, row_min: Float32Array, bits: int) -> int | None:
    """The most levels a channel uses when every weight is a whole multiple of its channel's
    ARQ step (weights quantized and dequantized: AMCT's fake-quant model), else None. Looks
    at the first channel's first values before the whole."""
    step = arq_from_extrema(row_max, row_min, bits).scale.astype(np.float32)
    usable = step > FLT_EPSILON
    if not usable.any() or not usable[0] or not rows.shape[1]:
        return None

    def on_grid(values: Float32Array, s: np.float32 | Float32Array) -> bool:
        with np.errstate(divide="ignore", invalid="ignore"):
            q = values / s
        return bool(np.all(np.abs(q - np.round(q)) < 1e-3))
    head = rows[0, :256]
    if len(np.unique(head)) < 4 or not on_grid(head, step[0]):
        return None
    if not on_grid(rows[usable], step[usable][:, None]):
        return None
    return int(np.max(np.round(np.abs(rows[usable]) / step[usable][:, None]))) + 1


def _multiply(rows: Float32Array, layer: Layer, factor: Float32Array, side: str, what: str) -> Float32Array:
    """`rows` times a per-channel float32 `factor` along `side` (one float32 product each)."""
    if side == OUTPUT:
        if factor.size != rows.shape[0]:
            raise NotCompared(translate("models", "{what} has {channels} channels, layer {label} {outputs} output "
                                        "channels").format(what=what, channels=factor.size, label=layer.label,
                                                           outputs=rows.shape[0]))
        return (rows * factor[:, None]).astype(np.float32, copy=False)
    if layer.in_channels is not None and factor.size != layer.in_channels:
        raise NotCompared(translate("models", "{what} has {channels} values, layer {label} {inputs} input channels").format(
            what=what, channels=factor.size, label=layer.label, inputs=layer.in_channels))
    if layer.in_channels is None and layer.weight is not None and layer.in_axis is not None:
        reach = layer.weight.shape[layer.in_axis] * (layer.group if layer.grouped_in else 1)
        if reach > factor.size:
            raise NotCompared(translate("models", "{what} has {channels} values, the weights of layer {label} reach "
                                        "input channel {channel}").format(what=what, channels=factor.size,
                                                                          label=layer.label, channel=reach - 1))
    try:
        spread = layer.per_input_channel(factor)
    except ModelError as e:
        raise NotCompared(e.message) from None
    except (ValueError, IndexError):  # a weight whose shape does not fit the layer's layout
        raise NotCompared(translate("models", "the input channels of layer {label}'s weights do not fit its "
                                    "layout").format(label=layer.label)) from None
    if spread.shape != rows.shape:
        raise NotCompared(translate("models", "the input channels of layer {label}'s weights do not fit its "
                                    "layout").format(label=layer.label))
    return (rows * spread).astype(np.float32, copy=False)


def _fold(rows: Float32Array, layer: Layer, fusions: Sequence[Fusion]) -> Float32Array:
    """`rows` with `fusions` folded in (their factors are checked; the result's finiteness is
    the caller's)."""
    if len({f.side for f in fusions}) > 1:
        raise NotCompared(translate("models", "layer {label} has fusions before and after it ({fusions}); in which order "
                                    "AMCT folds them is not documented").format(
            label=layer.label, fusions=", ".join(f.label for f in fusions)))
    for f in fusions:
        if isinstance(f, NotComputed):
            raise NotCompared(translate("models", "{fusion} is fused by AMCT and not computed here: {why}").format(
                fusion=f.label, why=f.why))
    for f in fusions:
        if f.problem is not None:
            raise NotCompared(translate("models", "{fusion} cannot be folded: {why}").format(fusion=f.label, why=f.problem))
        if not f.changes_weights:
            continue
        try:
            factor = f.multiplier()
        except ModelError as e:
            raise NotCompared(translate("models", "{fusion} cannot be folded: {why}").format(
                fusion=f.label, why=e.message)) from None
        with np.errstate(over="ignore", invalid="ignore"):
            rows = _multiply(rows, layer, factor, f.side, f.label)
    return rows


def _balance(rows: Float32Array, layer: Layer, tbf: Float32Array) -> Float32Array:
    if not (np.isfinite(tbf).all() and (tbf >= TBF_RANGE[0]).all() and (tbf <= TBF_RANGE[1]).all()):
        raise NotCompared(translate("models", "tensor_balance_factor has values outside [FLT_EPSILON, "
                                    "1/FLT_EPSILON], which AMCT refuses (rule tbf-range)"))
    with np.errstate(over="ignore", invalid="ignore"):
        return _multiply(rows, layer, tbf, INPUT, "tensor_balance_factor")


def _extrema(rows: Float32Array) -> tuple[Float32Array, Float32Array, bool]:
    """Each row's max and min, and whether every value is finite — one inf or nan makes its
    row's max or min inf or nan, so the extrema ARQ needs anyway tell it without another pass."""
    if rows.ndim != 2 or not rows.shape[0] or not rows.shape[1]:
        raise NotCompared(translate("models", "weights of shape {shape} cannot be quantized").format(
            shape=list(rows.shape)))
    hi, lo = rows.max(axis=1), rows.min(axis=1)
    return hi, lo, bool(np.isfinite(hi).all() and np.isfinite(lo).all())


def prepare(layer: Layer, *, bits: int = 8, channel_wise: bool = True, fuse: bool = True,
            dialect: str | None = None, balance: Balance | None = None) -> PreparedWeights:
    """`layer`'s weights as AMCT quantizes them: its raw weights (refused when they hold inf or
    nan, or are already quantized), then, when `fuse` (the record's skip_fusion is false), the
    fusions AMCT of `dialect` performs (None: every fusion of the framework), then the DMQ
    `balance` (tensor_balance_factor) along the input channels.

    Raises `NotCompared` saying why when that cannot be computed.
    """
    if not layer.takes_weights:
        raise NotCompared(translate("models", "{op} has no weights AMCT quantizes").format(op=layer.op_type))
    if layer.op_type in ("LSTM", "GRU"):
        raise NotCompared(translate("models", "the scale_w of recurrent layers is not recomputed"))
    applicable = [f for f in layer.fusions if f.applies_in(dialect)]
    if not fuse and any(f.pattern.skippable is None for f in applicable):
        unsure = next(f for f in applicable if f.pattern.skippable is None)
        raise NotCompared(translate("models", "skip_fusion is set, and whether it also skips {fusion} is not "
                                    "documented").format(fusion=unsure.label))
    done: list[Fusion] = list(applicable) if fuse else []
    tbf = None if balance is None or not len(balance) else np.asarray(balance, dtype=np.float32).ravel()
    # weights of one repeated value need only a column per output channel unless a factor
    # along the input channels makes the values of a row differ
    compact = tbf is None and all(f.side == OUTPUT for f in done)
    try:
        rows = layer.weight_rows(compact=compact)
    except NotCompared:
        raise
    except ModelError as e:
        raise NotCompared(e.message) from None
    except ValueError:  # the weight's shape does not fit the layer's layout
        raise NotCompared(translate("models", "the weights of layer {label} do not fit its layout").format(
            label=layer.label)) from None
    raw = rows
    _refuse_quantized(raw, layer)
    if done:
        rows = _fold(rows, layer, done)
    if tbf is not None:
        rows = _balance(rows, layer, tbf)
    notes: list[str] = []
    hi, lo, finite = _extrema(rows)
    if not finite:
        # where it comes from: the weights themselves (AMCT stops), or folding them
        _finite_or_refuse(raw, layer, translate("models", "the weights"))
        if done and dialect is not None and all(dialect in f.pattern.skips_nonfinite for f in done):
            notes = [translate("models", "{fusion} left out: folding it gives inf or nan, and AMCT then skips the "
                               "fusion").format(fusion=f.label) for f in done]
            done = []
            rows = raw if tbf is None else _balance(raw, layer, tbf)
            hi, lo, finite = _extrema(rows)
        if not finite and done:
            raise NotCompared(translate("models", "folding {fusion} gives inf or nan weights (a variance of -eps or "
                                        "an infinite scale)").format(fusion=", ".join(f.label for f in done)))
        if not finite:
            _finite_or_refuse(rows, layer, translate("models", "the balanced weights"))
    if not done and tbf is None:
        levels = dequantized_weights(rows, hi, lo, bits)
        if levels is not None:
            raise NotCompared(translate(
                "models", "every weight of layer {label} is a whole multiple of its channel's quantization step: "
                "this model has already been quantized and dequantized (AMCT's fake-quant model); attach the "
                "floating-point model the record was calibrated on (for PyTorch: the model exported with "
                "torch.onnx.export before quantization)").format(label=layer.label))
    return PreparedWeights(layer, rows, bits, channel_wise,
                           tuple(f.pattern.name for f in done), tuple(n for f in done for n in f.names),
                           tbf is not None, tuple(notes), hi, lo)
