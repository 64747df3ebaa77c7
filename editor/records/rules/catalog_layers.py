"""Rules on what a kind of layer or an AMCT flavour lets an entry carry: AvgPool (outside
PyTorch) and ``layer:input_index`` keys take no weights, Caffe needs the input shape, reserved fields, the
PyTorch KV cache."""
from __future__ import annotations

from collections.abc import Iterator

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.messages import KVCacheEntryMessage
from editor.records.problems import printable
from editor.records.read_errors import clip
from editor.records.rules import _vectors
from editor.records.rules._registry import ALL, ERROR, INFO, WARNING, Finding, _dialects_with, rule
from editor.records.rules._wording import _fmt, _vector
from editor.records.rules.layer_types import is_tensor_key
from editor.records.rules.views import EntryView, pytorch_avgpool

AVGPOOL_WEIGHTS = rule(
    "avgpool-weights", ERROR, ALL, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "AvgPool has no weights: no scale_w/offset_w/shift_bit/tensor_balance_factor, and dst_type not "
        "INT4 — except in PyTorch, whose AMCT writes (and requires) scale_w 1.0 and offset_w 0 for "
        "AveragePool; warning when the type is only guessed"), also=(WARNING,))


@AVGPOOL_WEIGHTS.on_entry
def _avgpool_weights(e: EntryView) -> Iterator[Finding]:
    lt = e.layer_type
    if e.get("dst_type") == "INT4":
        amct_says = e.key is not None and "AvgPool" in e.key  # AMCT's own test is on the key text
        if amct_says or lt.kind == "avgpool":
            yield Finding(translate("rules", "dst_type INT4 is not supported for AvgPool (AMCT: 'AvgPool in "
                                    "INT4 not supported'){note}").format(note="" if amct_says else lt.note),
                          "dst_type", ERROR if amct_says or lt.confident else WARNING)
    if lt.kind != "avgpool":
        return
    sev = ERROR if lt.confident else WARNING
    pytorch = pytorch_avgpool(e)
    if pytorch and e.has("scale_w"):
        values = list(e.value.scale_w)
        if values != [1.0]:
            yield Finding(translate("rules", "scale_w is {values}, but AMCT PyTorch writes scale_w: 1.0 for an "
                                    "AveragePool, which has no weights{note}").format(
                values=", ".join(_fmt(v) for v in values[:4]) + (" …" if len(values) > 4 else ""), note=lt.note),
                "scale_w", WARNING)
    for f in ("scale_w", "offset_w", "shift_bit", "tensor_balance_factor"):
        if not e.has(f) or (pytorch and f in ("scale_w", "offset_w")):
            continue
        if f == "tensor_balance_factor":
            text = translate("rules", "tensor_balance_factor is set, but AvgPool has no weights to balance (AMCT "
                             "stops with 'tensor_balance_factor is not support, please delete "
                             "tensor_balance_factor'){note}").format(note=lt.note)
        else:
            text = translate("rules", "{field} is set, but AvgPool has no weights (AMCT stops with 'find "
                             "undesirable {field}'){note}").format(field=f, note=lt.note)
        yield Finding(text, f, sev)


TENSOR_QUANT_WEIGHTS = rule(
    "tensor-quant-weights", ERROR, ALL, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "a 'layer:input_index' key quantizes one input tensor: activation factors only, no "
        "scale_w/offset_w/shift_bit"))


@TENSOR_QUANT_WEIGHTS.on_entry
def _tensor_quant_weights(e: EntryView) -> Iterator[Finding]:
    if is_tensor_key(e.key):
        for f in ("scale_w", "offset_w", "shift_bit"):
            if e.has(f):
                yield Finding(translate("rules", "{field} is set, but a 'layer:input_index' key quantizes an "
                                        "input tensor and takes activation factors only (AMCT: 'find "
                                        "undesirable {field}')").format(field=f), f)


CAFFE_SHAPE = rule("caffe-shape-required", ERROR, _dialects_with("channels"), QT_TRANSLATE_NOOP(
    "rule-descriptions", "Caffe: channels, height and width (the input shape) on every quantized layer"))


@CAFFE_SHAPE.on_entry
def _caffe_shape(e: EntryView) -> Iterator[Finding]:
    if not e.has_factors:
        return
    for f in ("channels", "height", "width"):
        if not e.has(f):
            yield Finding(translate("rules", "{field} is missing; AMCT Caffe cannot infer shapes and needs the "
                                    "layer's input shape (channels, height, width) on every quantized "
                                    "layer").format(field=f), f)
        elif getattr(e.value, f) == 0:
            yield Finding(translate("rules", "{field} = 0 is not a valid input shape; channels, height and "
                                    "width must each be ≥ 1").format(field=f), f)


RESERVED_FIELD = rule(
    "reserved-field", WARNING, frozenset({"tf-convert", "tf-inner", "caffe"}), QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "fields documented as unsupported: shift_bit in TF convert_model (reserved), cluster (NUQ); "
        "info for shift_bit in Caffe, whose documentation both reserves and requires it"), also=(INFO,))

#: Seed 000 (AMCT Caffe) on shift_bit, in its own two places (the field table; the record section).
#: (English; shown through ``translate("rules", CAFFE_SHIFT_BIT)``)
CAFFE_SHIFT_BIT = QT_TRANSLATE_NOOP(
    "rules",
    "shift_bit is set, and AMCT Caffe's documentation contradicts itself about it: its field table "
    "says shift_bit is reserved for convert_model, not supported and not to be configured, while its "
    "record section says a quantized layer's config needs shift_bit among its fields, and its example "
    "sets it; which of the two applies is not documented, so this is a note, not a warning")


@RESERVED_FIELD.on_entry
def _reserved_field(e: EntryView) -> Iterator[Finding]:
    if e.has("shift_bit"):
        if e.dialect.name == "tf-convert":
            yield Finding(translate("rules", "shift_bit is reserved for convert_model and not supported; "
                                    "remove it (AMCT may stop with 'shift_bit is not support')"), "shift_bit")
        elif e.dialect.name == "caffe":
            yield Finding(translate("rules", CAFFE_SHIFT_BIT), "shift_bit", INFO)
    if e.has("cluster"):
        yield Finding(translate("rules", "cluster (NUQ centres) is documented as not supported"), "cluster")


PYTORCH_SHIFT_BIT = rule("pytorch-shift-bit", ERROR, frozenset({"pytorch"}), QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "PyTorch: AMCT refuses a record whose layer sets shift_bit ('shift_bit is not support')"))


@PYTORCH_SHIFT_BIT.on_entry
def _pytorch_shift_bit(e: EntryView) -> Iterator[Finding]:
    # AMCT PyTorch's RecordManager.get_shift_n: no PyTorch layer type takes shift_bit (its
    # capacity lists no SHIFT_N_TYPES), so a value there stops the conversion
    if e.has("shift_bit"):
        yield Finding(translate("rules", "shift_bit is set, and AMCT PyTorch refuses it: \"shift_bit is not "
                                "support, please delete shift_bit of layer {key} in record_file\"").format(
                          key=printable(clip(e.key or ""))), "shift_bit")


KV_CACHE = rule("kv-cache-factors", ERROR, frozenset({"pytorch"}), QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "kv_cache_value needs scale and offset of equal length; scale finite > 0, offset in [-128, 127] "
    "(KV cache is INT8 only)"))


@KV_CACHE.on_entry
def _kv_cache(e: EntryView) -> Iterator[Finding]:
    entry = e.entry
    if not isinstance(entry, KVCacheEntryMessage) or not entry.HasField("kv_cache_value"):
        return
    kv = entry.kv_cache_value
    s = _vectors.vector(kv.scale, e.ctx, floats=True)
    o = _vectors.vector(kv.offset, e.ctx, floats=False)
    for name, a in (("scale", s), ("offset", o)):
        if len(a) == 0:
            yield Finding(translate("rules", "kv_cache_value has no {name}; AMCT stops with 'Cannot find "
                                    "{name} of layer'").format(name=name), f"kv_cache_value.{name}")
    if len(s) and len(o) and len(s) != len(o):
        yield Finding(translate("rules", "kv_cache_value has {scales} scale but {offsets} offset values; they "
                                "must be the same length").format(scales=len(s), offsets=len(o)),
                      "kv_cache_value.offset")
    yield from _vector(e, "kv_cache_value.scale", s, _vectors.not_positive(s), translate("rules", "must be finite and > 0"),
                       translate("rules", "are not finite and > 0"))
    yield from _vector(e, "kv_cache_value.offset", o, _vectors.outside(o, -128, 127),
                       translate("rules", "is outside [-128, 127] (KV cache is INT8)"),
                       translate("rules", "are outside [-128, 127] (KV cache is INT8)"))
