"""A record's scale_w against the weights of an attached model, entry by entry: what the
``model-scale-w-weights`` rule, ``record-editor refit`` and the GUI's overlays and worst-ratio
columns share. No Qt here.

An entry is reviewed with the settings AMCT would use for it: the bit width of its
``wts_type`` (INT8 where unset or where the dialect has no such field) and BatchNorm folding
unless its ``skip_fusion`` is true (the dialect's default where unset: false, true for ONNX).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from editor.i18n import translate
from editor.models import Layer, LoadCancelled, Model, ModelError
from editor.models.weights import DEFAULT_WASTE, Review, review, weight_rows
from editor.records import quant
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import RecordMessage


def weight_bits(value: RecordMessage) -> int:
    """Bit width of an entry's weights: its wts_type where the dialect has one, else INT8.
    An unknown type name counts as INT8 (type-values reports it)."""
    name = value.wts_type if "wts_type" in value.DESCRIPTOR.fields_by_name else None
    try:
        return quant.bit_width(name)
    except ValueError:
        return quant.bit_width(None)


def folds(value: RecordMessage) -> bool:
    """Whether AMCT folds BatchNorm into this layer's weights: unless skip_fusion is true."""
    return not value.skip_fusion if "skip_fusion" in value.DESCRIPTOR.fields_by_name else True


def review_entry(entry: RecordMessage, model: Model, waste: float = DEFAULT_WASTE) -> Review:
    """The review of one record entry's scale_w against its layer's weights.

    Raises ModelError saying why there is none: the model has no such layer, the key
    quantizes an input tensor, the layer has no weights AMCT quantizes or the model carries
    none, the entry has no scale_w, or the lengths disagree.
    """
    key = entry.key
    layer, index = model.find(key)
    if layer is None:
        raise ModelError(translate("models", "the model has no layer {key}").format(key=repr(key)))
    if index is not None:
        raise ModelError(translate("models", "a tensor-quantization key (layer:input) has no weights"))
    if not layer.takes_weights:
        raise ModelError(translate("models", "{op} has no weights AMCT quantizes").format(op=layer.op_type))
    if not layer.has_weight_values:
        raise ModelError(layer.weight_note or translate("models", "the model carries no weights for this layer"))
    value = entry.value
    if not len(value.scale_w):
        raise ModelError(translate("models", "the entry has no scale_w"))
    return review(model, layer, value.scale_w, bits=weight_bits(value), fold=folds(value), waste=waste)


@dataclass(frozen=True)
class PreparedWeights:
    """One record entry's weights as AMCT quantizes them: float32 `rows`, one per output
    channel (the layer's channel-first layout), BatchNorm folded where `folded`, multiplied
    by the entry's tensor_balance_factor along the input channels where `balanced`; `bits`
    from wts_type; `channel_wise` when the entry's scale_w has one value per row."""

    layer: Layer
    rows: np.ndarray
    bits: int
    channel_wise: bool
    folded: bool
    balanced: bool


def entry_weights(entry: RecordMessage, model: Model) -> PreparedWeights:
    """The weights of one record entry as AMCT quantizes them (see `PreparedWeights`).

    Raises ModelError saying why there are none (as `review_entry`), or why the entry's
    tensor_balance_factor does not fit the layer.
    """
    key = entry.key
    layer, index = model.find(key)
    if layer is None:
        raise ModelError(translate("models", "the model has no layer {key}").format(key=repr(key)))
    if index is not None:
        raise ModelError(translate("models", "a tensor-quantization key (layer:input) has no weights"))
    if not layer.takes_weights:
        raise ModelError(translate("models", "{op} has no weights AMCT quantizes").format(op=layer.op_type))
    if not layer.has_weight_values:
        raise ModelError(layer.weight_note or translate("models", "the model carries no weights for this layer"))
    value = entry.value
    if not len(value.scale_w):
        raise ModelError(translate("models", "the entry has no scale_w"))
    rows, folded = weight_rows(layer, folds(value))
    tbf = list(value.tensor_balance_factor) if "tensor_balance_factor" in value.DESCRIPTOR.fields_by_name else []
    if tbf:
        rows = _balanced(layer, rows, np.asarray(tbf, dtype=np.float32))
    return PreparedWeights(layer, rows, weight_bits(value), len(value.scale_w) > 1, folded, bool(tbf))


def _balanced(layer: Layer, rows: np.ndarray, tbf: np.ndarray) -> np.ndarray:
    """Rows multiplied by the balance factor of the input channel each weight reads (DMQ:
    the activations are divided by it). A row of a grouped layer reads its group's channels."""
    out_ch = rows.shape[0]
    groups = max(layer.group, 1) if layer.kind == "conv" else 1
    if tbf.size != layer.in_channels or out_ch % groups or tbf.size % groups or rows.shape[1] % (tbf.size // groups):
        raise ModelError(translate("models", "tensor_balance_factor has {values} values, layer {label} has {inputs} "
                                   "input channels").format(values=tbf.size, label=layer.label,
                                                            inputs=layer.in_channels))
    per_group = tbf.reshape(groups, -1)[np.arange(out_ch) // (out_ch // groups)]
    shaped = rows.reshape(out_ch, per_group.shape[1], -1) * per_group[:, :, None]
    return shaped.reshape(rows.shape).astype(np.float32)


def review_record(message: RecordMessage, dialect: str | Dialect, model: Model, *, waste: float = DEFAULT_WASTE,
                  progress: Callable[[int, int], bool] | None = None) -> dict[int, Review | ModelError]:
    """Every entry's review (or the reason it has none), by entry index.

    Reads each weighted layer's weights once (they stay cached on the model, so the rules
    and plots reuse them): a GUI calls this on its loader thread after attaching a model.
    `progress(done, total)` returning False raises LoadCancelled.
    """
    get_dialect(dialect)
    entries = message.record
    out: dict[int, Review | ModelError] = {}
    total = len(entries)
    for i, entry in enumerate(entries):
        try:
            out[i] = review_entry(entry, model, waste)
        except ModelError as e:
            out[i] = e
        if progress is not None and not progress(i + 1, total):
            raise LoadCancelled()
    return out


#: The Caffe fields that hold a layer's input shape (C, H, W), in that order.
SHAPE_FIELDS = ("channels", "height", "width")


def shape_fixes(message: RecordMessage, model: Model, entries: Iterable[int] | None = None
                ) -> dict[int, dict[str, int]]:
    """The input-shape fields to write so that entries agree with the model: entry index ->
    {field: the model's value} for each of channels/height/width that is unset or differs
    from the (C, H, W) the model propagates to the entry's layer (rule ``model-input-shape``).

    Only dialects with those fields (Caffe) and layers whose input shape the model knows;
    `entries` limits the search (default: every entry). Entries already right are left out.
    """
    if "record" not in message.DESCRIPTOR.fields_by_name:
        return {}
    records = message.record
    fixes: dict[int, dict[str, int]] = {}
    for i in range(len(records)) if entries is None else entries:
        if not 0 <= i < len(records):
            continue
        entry = records[i]
        if "channels" not in entry.value.DESCRIPTOR.fields_by_name:
            return {}
        layer, index = model.find(entry.key)
        if layer is None or index is not None or layer.input_shape is None \
                or len(layer.input_shape) != len(SHAPE_FIELDS):
            continue
        value = entry.value
        if not value.ListFields():
            continue  # an empty entry: AMCT skips it, the rules say so; nothing to fill
        wrong = {f: int(m) for f, m in zip(SHAPE_FIELDS, layer.input_shape, strict=True)
                 if not value.HasField(f) or getattr(value, f) != m}
        if wrong:
            fixes[i] = wrong
    return fixes
