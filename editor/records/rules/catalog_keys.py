"""Rules on keys and an entry's structure: the key is there, clean and unique; the factors a
layer needs are all there."""
from __future__ import annotations

import bisect
from collections.abc import Iterator

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.problems import ordinal
from editor.records.rules._registry import ALL, ERROR, INFO, WARNING, Finding, rule
from editor.records.rules._wording import _q
from editor.records.rules.layer_types import is_tensor_key
from editor.records.rules.views import _RNN_FACTORS, EntryView, PruneView, pytorch_avgpool

EMPTY_KEY = rule("empty-key", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "every record needs a non-empty key, the layer name (AMCT: 'Cannot find \"key\"')"))


@EMPTY_KEY.on_entry
def _empty_key(e: EntryView) -> Iterator[Finding]:
    if e.key is None:
        yield Finding(translate("rules", "the key is missing; AMCT stops with 'Cannot find \"key\" in "
                                "record file'"), "key")
    elif e.key == "":
        yield Finding(translate("rules", "the key is empty; it matches no layer"), "key")


KEY_WHITESPACE = rule("key-whitespace", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "a key or prune node name with leading/trailing whitespace or a line break never matches a "
    "layer name"))
_BREAKS = ("\n", "\r", "\t", "\v", "\f")


def _whitespace_problem(text: str) -> str | None:
    outside = text != text.strip()
    inside = any(c in text.strip() for c in _BREAKS)
    if outside and inside:
        return translate("rules", "leading or trailing whitespace and a line break or tab inside")
    if outside:
        return translate("rules", "leading or trailing whitespace")
    if inside:
        return translate("rules", "a line break or tab inside")
    return None


@KEY_WHITESPACE.on_entry
def _key_whitespace(e: EntryView) -> Iterator[Finding]:
    if e.key and (what := _whitespace_problem(e.key)):
        yield Finding(translate("rules", "the key has {what}, so it never matches a layer name "
                                "(did you mean {key}?)").format(what=what, key=_q(e.key.strip())), "key")


@KEY_WHITESPACE.on_prune
def _prune_name_whitespace(p: PruneView) -> Iterator[Finding]:
    for path, _, node in p.nodes:
        if node.name and (what := _whitespace_problem(node.name)):
            yield Finding(translate("rules", "{node} name {name} has {what}, so it never matches a node "
                                    "(did you mean {fixed}?)").format(
                node=path, name=_q(node.name), what=what, fixed=_q(node.name.strip())), f"{path}.name")


DUPLICATE_KEY = rule("duplicate-key", ERROR, ALL, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "a key given twice: AMCT silently uses one of the entries (the first where it looks a layer "
    "up, the last where parse_quant reads the whole file) and drops the others"))


@DUPLICATE_KEY.on_entry
def _duplicate_key(e: EntryView) -> Iterator[Finding]:
    if e.key:
        first = e.ctx.first_index(e.key)
        if first is not None and first < e.index:
            # the how-many-th entry with this key this one is (it may be an edit not yet indexed)
            nth = bisect.bisect_left(e.ctx.key_index[e.key], e.index) + 1
            if nth == 2:
                text = translate("rules", "the key appears again (first at record {first}); AMCT uses one "
                                 "entry per key and drops the others without a word: the first where it "
                                 "looks a layer up, the last where parse_quant reads the whole file")
            else:
                text = translate("rules", "the key appears again, a {nth} time (first at record {first}); "
                                 "AMCT uses one entry per key and drops the others without a word: the "
                                 "first where it looks a layer up, the last where parse_quant reads the "
                                 "whole file")
            yield Finding(text.format(first=first, nth=ordinal(nth)), "key")


def _quantized(e: EntryView) -> bool:
    """Whether AMCT quantizes the entry's layer, as far as is known (a model may say it does not:
    model-not-quantizable says that, not this)."""
    layer = e.ctx.model_layer(e.key)
    return layer is None or layer.quantizable


MISSING_FACTORS = rule(
    "missing-factors", ERROR, ALL, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "a layer with any factor needs scale_d and offset_d, and scale_w/offset_w unless it takes no "
        "weights (PyTorch's AveragePool too); an entry without factors is skipped (info)"), also=(WARNING, INFO))


@MISSING_FACTORS.on_entry
def _missing_factors(e: EntryView) -> Iterator[Finding]:
    has_kv = "kv_cache_value" in e.dialect.entry_descriptor.fields_by_name \
        and e.entry.HasField("kv_cache_value")
    if not e.has_value:
        if not has_kv:
            yield Finding(translate("rules", "the entry has no value {{ }} block; AMCT stops with "
                                    "\"cannot find 'value'\"").format(), "value")
        return
    if not e.has_factors:
        # AMCT still reads skip_fusion and tensor_balance_factor of such an entry
        if not (has_kv or e.has("tensor_balance_factor") or e.has("skip_fusion")):
            yield Finding(translate("rules", "the entry has no quantization factors; AMCT skips this layer"),
                          "value", INFO)
        return
    for f in ("scale_d", "offset_d"):
        if not e.has(f):
            yield Finding(translate("rules", "{field} is missing; a layer with any factor needs scale_d and "
                                    "offset_d (AMCT: 'cannot find {field} of layer …, please check data "
                                    "calibration process')").format(field=f), f)
    if e.takes_weights:
        for f in ("scale_w", "offset_w"):
            if not e.has(f):
                yield Finding(translate("rules", "{field} is missing; a layer with weights needs scale_w and "
                                        "offset_w (AMCT: 'cannot find {field} of layer …'){note}").format(
                    field=f, note=e.layer_type.note), f)
    elif pytorch_avgpool(e):
        for f in ("scale_w", "offset_w"):
            if not e.has(f):
                yield Finding(translate("rules", "{field} is missing; AMCT PyTorch writes scale_w: 1.0 and "
                                        "offset_w: 0 for an AveragePool and stops without them ('cannot find "
                                        "{field} of layer …'){note}").format(field=f, note=e.layer_type.note),
                              f, ERROR if e.layer_type.confident else WARNING)
    if any(e.has(f) for f in _RNN_FACTORS):
        for f in _RNN_FACTORS:
            if not e.has(f):
                yield Finding(translate("rules", "{field} is missing; RNN factors come as a set: scale_h, "
                                        "offset_h, scale_r, offset_r").format(field=f), f)
    elif e.layer_type.kind == "rnn" and e.dialect.has_value_field("scale_h") and not is_tensor_key(e.key) \
            and _quantized(e):
        # AMCT PyTorch's parse_quant_value_rnn reads them for every LSTM/GRU it quantizes
        # (parse_record_file.py of hicann/amct: "cannot find scale_h of layer …")
        for f in _RNN_FACTORS:
            yield Finding(translate("rules", "{field} is missing; AMCT quantizes an {type} with scale_h, "
                                    "offset_h, scale_r and offset_r too (AMCT: 'cannot find {field} of layer "
                                    "…'){note}").format(field=f, type=e.layer_type.shown_name,
                                                        note=e.layer_type.note),
                          f, ERROR if e.layer_type.confident else WARNING)
