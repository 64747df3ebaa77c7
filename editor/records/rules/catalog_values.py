"""Rules on factor values: scales, offsets, vector lengths, shift_bit, NUQ clusters, the
type fields (act_type…) and tensor_balance_factor."""
from __future__ import annotations

import math
from collections.abc import Iterator

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant_core as quant
from editor.records.rules import _vectors
from editor.records.rules._registry import ALL, ERROR, WARNING, Finding, _dialects_with, rule
from editor.records.rules._wording import _act_desc, _fmt, _q, _vector
from editor.records.rules.layer_types import PER_CHANNEL_DOC, RNN_GATES
from editor.records.rules.views import EntryView

_F32_EPS = quant.FLT_EPSILON


SCALE_POSITIVE = rule("scale-positive", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions", "scale_d, scale_w (and RNN scale_h/scale_r) must be finite and > 0"))


@SCALE_POSITIVE.on_entry
def _scale_positive(e: EntryView) -> Iterator[Finding]:
    for name in ("scale_d", "scale_h"):
        if e.has(name):
            v = quant.f32(getattr(e.value, name))
            if not (v > 0 and v < math.inf):  # finite and > 0; nan fails
                yield Finding(translate("rules", "{name} = {value} must be finite and > 0").format(
                    name=name, value=_fmt(v)), name)
    for name in ("scale_w", "scale_r"):
        if e.n(name):
            a = e.f32(name)
            yield from _vector(e, name, a, e.not_positive(name), translate("rules", "must be finite and > 0"),
                               translate("rules", "are not finite and > 0"))


DEGENERATE_SCALE = rule("degenerate-scale", WARNING, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions", "scale_d below FLT_EPSILON: a degenerate calibration, AMCT substitutes 1.0"))


@DEGENERATE_SCALE.on_entry
def _degenerate_scale(e: EntryView) -> Iterator[Finding]:
    if e.has("scale_d"):
        v = quant.f32(e.value.scale_d)
        if 0 < v < _F32_EPS:
            yield Finding(translate("rules", "scale_d = {value} is below FLT_EPSILON ({eps}); AMCT replaces "
                                    "it with 1.0 — the calibration saw (nearly) constant activations").format(
                value=_fmt(v), eps=_fmt(_F32_EPS)), "scale_d")


OFFSET_D_RANGE = rule("offset-d-range", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "offset_d (and RNN offset_h) in [-128, 127], or [-32768, 32767] when act_type is INT16; warning "
    "when outside an INT4 act_type's [-8, 7]"), also=(WARNING,))


@OFFSET_D_RANGE.on_entry
def _offset_d_range(e: EntryView) -> Iterator[Finding]:
    act = e.get("act_type")
    lo, hi = quant.amct_offset_check_range(act)
    for name in ("offset_d", "offset_h"):
        if not e.has(name):
            continue
        v = getattr(e.value, name)
        if not lo <= v <= hi:
            yield Finding(translate("rules", "{name} = {value} is outside [{lo}, {hi}] ({act})").format(
                name=name, value=v, lo=lo, hi=hi, act=_act_desc(e, act)), name)
        elif act in quant.BIT_WIDTHS and quant.BIT_WIDTHS[act] < 8:
            qlo, qhi = quant.int_range(quant.BIT_WIDTHS[act])
            if not qlo <= v <= qhi:
                yield Finding(translate("rules", "{name} = {value} is outside [{lo}, {hi}], the range of "
                                        "act_type {act}; AMCT accepts it (it checks the INT8 range) but the "
                                        "clip range is off").format(
                    name=name, value=v, lo=qlo, hi=qhi, act=act), name, WARNING)


OFFSET_W_ZERO = rule("offset-w-zero", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions", "every offset_w (and RNN offset_r) must be 0: weight offsets are not supported"))


@OFFSET_W_ZERO.on_entry
def _offset_w_zero(e: EntryView) -> Iterator[Finding]:
    for name in ("offset_w", "offset_r"):
        if e.n(name):
            a = e.ints(name)
            yield from _vector(e, name, a, e.nonzero(name),
                               translate("rules", "must be 0 (AMCT supports no weight offset)"),
                               translate("rules", "are not 0 (AMCT supports no weight offset)"))


LENGTH_MISMATCH = rule("length-mismatch", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "offset_w and shift_bit (RNN: offset_r) must have as many values as scale_w (scale_r)"))


@LENGTH_MISMATCH.on_entry
def _length_mismatch(e: EntryView) -> Iterator[Finding]:
    for other, base in (("offset_w", "scale_w"), ("shift_bit", "scale_w"), ("offset_r", "scale_r")):
        a, b = e.n(other), e.n(base)
        if a and b and a != b:
            yield Finding(translate("rules", "{name} has {count} values but {base} has {base_count}; they "
                                    "must be the same length (one per channel, or one for the whole layer)").format(
                name=other, count=a, base=base, base_count=b), other)


PER_CHANNEL_TYPE = rule(
    "per-channel-type", ERROR, ALL, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "per-channel scale_w only on convolution-like layers (PyTorch: also Linear); warning when the "
        "layer type is only guessed from a naming convention"), also=(WARNING,))


@PER_CHANNEL_TYPE.on_entry
def _per_channel_type(e: EntryView) -> Iterator[Finding]:
    n = e.n("scale_w")
    if n <= 1:
        return
    lt = e.layer_type
    if lt.kind == "rnn" and lt.name is not None and n == RNN_GATES[lt.name]:
        return
    if lt.source == "model":
        # the model's type: AMCT's own per-framework list (capacity tables) decides; a layer
        # without weights or that AMCT cannot quantize is the model rules' finding
        if lt.channel_wise is not False:
            return
        yield Finding(translate("rules", "scale_w has {count} values (per-channel), but AMCT quantizes a "
                                "{type} layer of this model per tensor: it takes one scale_w{note}").format(
            count=n, type=lt.shown_name, note=lt.note), "scale_w", ERROR)
        return
    if lt.kind in ("unknown", "conv", "avgpool"):
        return
    if lt.kind == "fc" and e.dialect.name == "pytorch":
        return
    yield Finding(translate("rules", "scale_w has {count} values (per-channel), but per-channel quantization "
                            "is only for {types}; a {type} layer takes one scale_w{note}").format(
        count=n, types=translate("rules", PER_CHANNEL_DOC[e.dialect.name]), type=lt.shown_name, note=lt.note),
        "scale_w", ERROR if lt.confident else WARNING)


SHIFT_BIT_RANGE = rule("shift-bit-range", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions", "shift_bit values all 0, or each in [1, 16]"))


@SHIFT_BIT_RANGE.on_entry
def _shift_bit_range(e: EntryView) -> Iterator[Finding]:
    if e.n("shift_bit"):
        a = e.ints("shift_bit")
        if len(_vectors.nonzero(a)):
            yield from _vector(e, "shift_bit", a, _vectors.outside(a, 1, 16),
                               translate("rules", "breaks the rule: all 0, or each in [1, 16]"),
                               translate("rules", "break the rule: all 0, or each in [1, 16]"))


CLUSTER_SHAPE = rule("cluster-shape", ERROR, _dialects_with("cluster"), QT_TRANSLATE_NOOP(
    "rule-descriptions", "NUQ cluster centres: 16 or 32 values, each in [-128, 127]"))


@CLUSTER_SHAPE.on_entry
def _cluster_shape(e: EntryView) -> Iterator[Finding]:
    n = e.n("cluster")
    if n:
        if n not in (16, 32):
            yield Finding(translate("rules", "cluster has {count} values; AMCT wants 16 or 32 cluster "
                                    "centres").format(count=n), "cluster")
        a = e.ints("cluster")
        yield from _vector(e, "cluster", a, _vectors.outside(a, -128, 127), translate("rules", "is outside [-128, 127]"),
                           translate("rules", "are outside [-128, 127]"))


_TYPE_VALUES = {
    "act_type": ("INT4", "INT8", "INT16"),
    "wts_type": ("INT4", "INT6", "INT7", "INT8"),
    "dst_type": ("INT8", "INT4"),
    "op_data_type": ("FLOAT32", "FLOAT16"),
    "fakequant_precision_mode": ("DEFAULT", "FORCE_FP16_QUANT"),
}


def type_values(field_name: str) -> tuple[str, ...] | None:
    """The values AMCT accepts for a type field (``act_type``, ``wts_type``…); None for others."""
    return _TYPE_VALUES.get(field_name)


TYPE_VALUES = rule(
    "type-values", ERROR, _dialects_with(*_TYPE_VALUES), QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "act_type ∈ {INT4, INT8, INT16}, wts_type ∈ {INT4, INT6, INT7, INT8}, dst_type ∈ {INT8, INT4}, "
        "op_data_type, fakequant_precision_mode; warning where the docs say only INT8 works today"),
    also=(WARNING,))


@TYPE_VALUES.on_entry
def _type_values(e: EntryView) -> Iterator[Finding]:
    for name, allowed in _TYPE_VALUES.items():
        if not e.has(name):
            continue
        v = getattr(e.value, name)
        if v not in allowed:
            yield Finding(translate("rules", "{name} = {value} is not one of {allowed}; AMCT stops with "
                                    "'Do not support {name} …'").format(
                name=name, value=_q(v), allowed=", ".join(allowed)), name)
        elif name == "act_type" and v != "INT8":
            yield Finding(translate("rules", "act_type = {value}: the documentation says only INT8 activation "
                                    "quantization is supported today").format(value=v), name, WARNING)
        elif name == "wts_type" and v != "INT8" and e.dialect.name == "tf-convert":
            yield Finding(translate("rules", "wts_type = {value}: convert_model documents only INT8 "
                                    "weights").format(value=v), name, WARNING)


TBF_RANGE = rule("tbf-range", ERROR, _dialects_with("tensor_balance_factor"), QT_TRANSLATE_NOOP(
    "rule-descriptions", "each tensor_balance_factor in [FLT_EPSILON, 1/FLT_EPSILON]"))


@TBF_RANGE.on_entry
def _tbf_range(e: EntryView) -> Iterator[Finding]:
    if e.n("tensor_balance_factor"):
        a = e.f32("tensor_balance_factor")
        bounds = {"lo": _fmt(_F32_EPS), "hi": _fmt(1 / _F32_EPS)}
        yield from _vector(e, "tensor_balance_factor", a, _vectors.outside(a, _F32_EPS, 1 / _F32_EPS),
                           translate("rules", "is outside [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]").format(
                               **bounds),
                           translate("rules", "are outside [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]").format(
                               **bounds))
