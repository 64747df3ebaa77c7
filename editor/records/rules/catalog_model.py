"""Rules that check a record against the network it belongs to: the ``model-`` family.

They run only when a model is attached (``CheckContext.model``, an `editor.models.Model`);
without one they find nothing. AMCT finds most of these only at conversion time, one error
at a time, in the words the findings quote (``parse_record_file.py`` of ``hicann/amct``);
some it never reports: a quantizable layer without a record silently stays float.

A renamed key is reported once: the suggestion for an unknown key prefers a layer that has
no record, and that layer is then not listed again among the layers without a record
(`editor.models.match`, which `info --model` and the window count with too).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant_core
from editor.records.rules._registry import ALL, ERROR, INFO, PRUNE, WARNING, Finding, _dialects_with, rule
from editor.records.rules._wording import _fmt, _q
from editor.records.rules.context import CheckContext, _attr_by_name, _node_range
from editor.records.rules.views import DocumentView, EntryView, PruneView

if TYPE_CHECKING:  # numpy and the model come with a model: a check without one imports neither
    import numpy as np

_SHAPE_FIELDS = ("channels", "height", "width")


def _model_file(ctx: CheckContext) -> str:
    assert ctx.model is not None
    return ctx.model.path.name


def _suggestion(ctx: CheckContext, key: str) -> tuple[list[str], bool]:
    """(layer names to suggest for an unknown key, whether it is a layer without a record):
    the layer `editor.models.match` assigns the key, else the closest names of the model."""
    assert ctx.model is not None
    found = ctx.key_match()
    if found is not None and key in found.suggested:
        return [found.suggested[key]], True
    return ctx.model.closest_names(key, 3), False


MODEL_UNKNOWN_KEY = rule(
    "model-unknown-key", ERROR, ALL,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model: each key names a layer (node) of the model, a 'layer:input_index' key an input "
        "the layer has (AMCT: 'find KEY failure in MODEL'); the closest layer names are suggested"))


@MODEL_UNKNOWN_KEY.on_entry
def _model_unknown_key(e: EntryView) -> Iterator[Finding]:
    ctx = e.ctx
    if ctx.model is None or not e.key:
        return
    layer, index = ctx.model.find(e.key)
    if layer is None:
        close, without = _suggestion(ctx, e.key)
        if close and without:
            hint = translate("rules", "; did you mean {name}? That layer has no record").format(name=_q(close[0]))
        elif close:
            hint = translate("rules", "; the closest layer names are {names}").format(
                names=", ".join(_q(c) for c in close))
        else:
            hint = ""
        m = _model_file(ctx)
        yield Finding(translate("rules", "the model {model} has no layer {key}{hint} (AMCT stops with "
                                "'find {raw_key} failure in {model}. Please match {model} and the record')").format(
            model=m, key=_q(e.key), hint=hint, raw_key=e.key), "key")
    elif index is not None and index >= len(layer.inputs):
        n = len(layer.inputs)
        text = (translate("rules", "the key quantizes input {index} of {name}, but the model's {type} has "
                          "{count} input") if n == 1 else
                translate("rules", "the key quantizes input {index} of {name}, but the model's {type} has "
                          "{count} inputs"))
        yield Finding(text.format(index=index, name=_q(layer.name), type=layer.op_type, count=n), "key")


MODEL_NOT_QUANTIZABLE = rule(
    "model-not-quantizable", ERROR, ALL,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model: a key names a layer whose type (and settings) AMCT can quantize in that framework "
        "(AMCT: 'layer X cannot be quantized'); a warning where AMCT's documentation leaves it open"),
    also=(WARNING,))


@MODEL_NOT_QUANTIZABLE.on_entry
def _model_not_quantizable(e: EntryView) -> Iterator[Finding]:
    ctx = e.ctx
    if ctx.model is None or not e.key:
        return
    layer, index = ctx.model.find(e.key)
    if layer is None or index is not None:
        return
    if layer.quantizable:
        if layer.caution is not None:
            yield Finding(translate("rules", "the model's {name} is a {type}: {why}").format(
                name=_q(layer.name), type=layer.op_type, why=layer.caution), "key", WARNING)
        return
    why = layer.restriction or translate("rules", "AMCT quantizes no {type} layer of a {framework} model").format(
        type=layer.op_type, framework=ctx.model.title)
    yield Finding(translate("rules", "the model's {name} is a {type}: {why} (AMCT stops with 'layer {raw_name} "
                            "cannot be quantized')").format(
        name=_q(layer.name), type=layer.op_type, why=why, raw_name=layer.name), "key")


MODEL_CHANNELS = rule(
    "model-channels", ERROR, ALL,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model: scale_w has one value or one per output channel of the layer (Conv: weight dim 0; "
        "ConvTranspose: dim 1 × group; depthwise: in × multiplier); tensor_balance_factor one per "
        "input channel; a layer without weights takes no weight factors"))


@MODEL_CHANNELS.on_entry
def _model_channels(e: EntryView) -> Iterator[Finding]:
    ctx = e.ctx
    if ctx.model is None or not e.key:
        return
    layer, index = ctx.model.find(e.key)
    if layer is None or index is not None or not layer.quantizable:
        return
    if not layer.takes_weights:
        if layer.kind != "avgpool":  # avgpool-weights says it for average pooling
            for f in ("scale_w", "offset_w", "shift_bit", "tensor_balance_factor"):
                if e.has(f):
                    yield Finding(translate("rules", "{field} is set, but the model's {type} has no weights "
                                            "AMCT quantizes (AMCT stops with 'find undesirable {field}')").format(
                        field=f, type=layer.op_type), f)
        return
    # AMCT compares scale_w's length (offset_w's and shift_bit's must equal it: length-mismatch),
    # and an RNN's scale_r the same way (parse_quant_value_rnn)
    vectors = ["scale_w" if e.n("scale_w") else "offset_w" if e.n("offset_w") else None]
    if layer.kind == "rnn":
        vectors.append("scale_r" if e.n("scale_r") else "offset_r" if e.n("offset_r") else None)
    for vector in vectors:
        if vector is None:
            continue
        n = e.n(vector)
        expected, channel_wise = layer.expected_scale_w_length(n)
        # per-channel values on a type AMCT quantizes per tensor only: per-channel-type says it
        if expected is not None and n != expected and (layer.channel_wise or not channel_wise):
            per = (translate("rules", "one per output channel") if channel_wise
                   else translate("rules", "one value, per tensor"))
            # AMCT's own words, quoted as it prints them (it checks scale_r with the same
            # function, so the same words)
            shift = " and shift_bit's length" if e.n("shift_bit") and vector in ("scale_w", "offset_w") else ""
            lengths = "scale_w's length, offset_w's length" + shift
            text = (translate("rules", "{field} has {count} value, but the model's {name} ({layer}) takes "
                              "{expected} ({per}) — AMCT stops with \"{amct}\"") if n == 1 else
                    translate("rules", "{field} has {count} values, but the model's {name} ({layer}) takes "
                              "{expected} ({per}) — AMCT stops with \"{amct}\""))
            amct = f"{lengths}({n}) should be equal to the {expected} when channel_wise be {channel_wise}"
            yield Finding(text.format(field=vector, count=n, name=layer.name, layer=layer.describe(),
                                      expected=expected, per=per, amct=amct), vector)
    n = e.n("tensor_balance_factor")
    if n and layer.in_channels is not None and n != layer.in_channels:
        amct = (f"tensor_balance_factor's length: {n} should be equal to the channel length of inputs of "
                f"layer {layer.name}: {layer.in_channels}")
        yield Finding(translate("rules", "tensor_balance_factor has {count} values, but the model's {name} "
                                "({layer}) has {channels} input channels — AMCT stops with \"{amct}\"").format(
            count=n, name=layer.name, layer=layer.describe(), channels=layer.in_channels, amct=amct),
            "tensor_balance_factor")


MODEL_INPUT_SHAPE = rule(
    "model-input-shape", ERROR, _dialects_with("channels"),
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a Caffe model: channels/height/width are the layer's input shape (C, H, W), propagated "
        "from the net's input with Caffe's output-size formulas"))


@MODEL_INPUT_SHAPE.on_entry
def _model_input_shape(e: EntryView) -> Iterator[Finding]:
    ctx = e.ctx
    if ctx.model is None or not e.key or not any(e.has(f) for f in _SHAPE_FIELDS):
        return  # caffe-shape-required reports the fields missing
    layer, index = ctx.model.find(e.key)
    if layer is None or index is not None or layer.input_shape is None:
        return
    given = tuple(int(e.get(f, 0)) for f in _SHAPE_FIELDS)
    pairs = list(zip(_SHAPE_FIELDS, given, layer.input_shape, strict=True))
    wrong = [(f, g, m) for f, g, m in pairs if g != m]
    if not wrong:
        return
    detail = translate("rules", ", ").join(
        translate("rules", "{field} {value} (the model: {model})").format(field=f, value=g, model=m)
        for f, g, m in wrong)
    shown = "×".join(str(v) for v in given)
    model = "×".join(str(v) for v in layer.input_shape)
    yield Finding(translate("rules", "{detail}: channels×height×width is {shape}, but the model's input to "
                            "{name} ({type}) is {model}").format(
        detail=detail, shape=shown, name=layer.name, type=layer.op_type, model=model), wrong[0][0])


MODEL_MISSING_RECORD = rule(
    "model-missing-record", WARNING, ALL,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model: layers whose weights AMCT quantizes but that have no record stay float (AMCT "
        "says nothing); listed once"))


@MODEL_MISSING_RECORD.on_document
def _model_missing_record(d: DocumentView) -> Iterator[Finding]:
    ctx = d.ctx
    found = ctx.key_match()
    if found is None or not found.without_record:
        return
    # a layer an unknown key's suggestion names is reported there, with that key (and is not
    # counted here: `info --model` counts the same)
    missing = found.without_record
    shown = ", ".join(f"{_q(layer.name)} ({layer.op_type})" for layer in missing[:8])
    more = translate("rules", " and {count} more").format(count=len(missing) - 8) if len(missing) > 8 else ""
    text = (translate("rules", "{count} layer of the model {model} that AMCT quantizes has no record and "
                      "stays float: {layers}") if len(missing) == 1 else
            translate("rules", "{count} layers of the model {model} that AMCT quantizes have no record and "
                      "stay float: {layers}"))
    yield Finding(text.format(count=len(missing), model=_model_file(ctx), layers=shown + more), "record")


MODEL_SCALE_W_WEIGHTS = rule(
    "model-scale-w-weights", WARNING, ALL,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model's weights: scale_w against AMCT's ARQ value from the weights as AMCT quantizes "
        "them (the fusions folded unless skip_fusion, tensor_balance_factor applied), per channel: "
        "below it the range clips the weights, far above it (default 2×) levels are wasted; weights "
        "holding inf or nan are a warning"), also=(INFO,))


def _channel_list(idx: np.ndarray, limit: int = 8) -> str:
    shown = ", ".join(str(int(i)) for i in idx[:limit])
    more = translate("rules", " and {count} more").format(count=idx.size - limit) if idx.size > limit else ""
    return shown + more


@MODEL_SCALE_W_WEIGHTS.on_entry
def _model_scale_w_weights(e: EntryView) -> Iterator[Finding]:
    ctx = e.ctx
    n = e.n("scale_w")
    if ctx.model is None or not e.key or not n:
        return
    layer, index = ctx.model.find(e.key)
    if layer is None or index is not None or not layer.takes_weights:
        return
    if not layer.has_weight_values:
        # a model without any weights is said once by the command or the window, not per layer
        if layer.weight_note is not None and (ctx.model.has_weights or ctx.model.weights_path is not None):
            yield Finding(translate("rules", "scale_w is not compared with the weights: {reason}").format(
                reason=layer.weight_note), "scale_w", INFO)
        return
    if n != 1 and n != layer.out_channels:
        return  # model-channels says it
    if e.has("wts_type") and e.get("wts_type") not in quant_core.BIT_WIDTHS:
        return  # type-values says it
    import numpy as np

    from editor.models import ModelError, NotCompared
    from editor.records.model_review import review_entry

    try:
        r = review_entry(e.entry, ctx.model, ctx.waste)
    except ModelError as err:
        reason = err.reason if isinstance(err, NotCompared) else err.message
        blocking = isinstance(err, NotCompared) and err.blocking
        yield Finding(translate("rules", "scale_w is not compared with the weights: {reason}").format(
            reason=reason), "scale_w", WARNING if blocking else INFO)
        return
    bits = r.arq.bits
    flagged = r.flagged
    if not flagged.any():
        return
    with np.errstate(divide="ignore", invalid="ignore"):
        distance = np.where(np.isfinite(r.ratio) & (r.ratio > 0), np.abs(np.log(r.ratio)), np.inf)
    parts = []
    first: int | None = None
    for mask, text in ((r.clipped, translate("rules", "scale_w clips the weights{where}: {name} = {value} is "
                                                 "{ratio}× the {arq} AMCT's ARQ gives from the weights "
                                                 "(largest |w| {largest})")),
                       (r.wasted, translate("rules", "scale_w wastes levels{where}: {name} = {value} is "
                                            "{ratio}× the {arq} AMCT's ARQ gives from the weights "
                                            "(largest |w| {largest})"))):
        bad = np.flatnonzero(mask)
        if not bad.size:
            continue
        worst = int(bad[np.argmax(distance[bad])])
        first = worst if first is None else first
        where = translate("rules", " in {count} of {total} channels ({channels})").format(
            count=bad.size, total=n, channels=_channel_list(bad)) if n > 1 else ""
        name = f"scale_w[{worst}]" if n > 1 else "scale_w"
        parts.append(text.format(where=where, name=name, value=_fmt(r.scale_w[worst]),
                                 ratio=f"{r.ratio[worst]:.3g}", arq=_fmt(r.arq.scale[worst]),
                                 largest=_fmt(r.arq.boundary[worst])))
    how = translate("rules", "INT{bits}").format(bits=bits)
    if r.arq.fusions:
        how += translate("rules", ", {fusions} folded").format(fusions=translate("rules", ", ").join(r.arq.fusions))
    if r.arq.balanced:
        how += translate("rules", ", tensor_balance_factor applied")
    assert first is not None
    yield Finding(translate("rules", "{findings} ({how})").format(
        findings=translate("rules", "; ").join(parts), how=how), f"scale_w[{first}]" if n > 1 else "scale_w")


MODEL_PRUNE_NODE = rule(
    "model-prune-node", ERROR, PRUNE,
    QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "with a model: prune producers and consumers name nodes of the model (AMCT: 'find NAME failure "
        "in MODEL'), and each [begin, end) lies inside the node's output (producer) or input (consumer) "
        "channels"))


@MODEL_PRUNE_NODE.on_prune
def _model_prune_node(p: PruneView) -> Iterator[Finding]:
    ctx = p.ctx
    if ctx.model is None:
        return
    m = _model_file(ctx)
    for path, role, node in p.nodes:
        if role == "selective_prune" or not node.name:
            continue
        layer = ctx.model.layer(node.name)
        if layer is None:
            close = ctx.model.closest_names(node.name, 1)
            hint = translate("rules", "; did you mean {name}?").format(name=_q(close[0])) if close else ""
            yield Finding(translate("rules", "{node}: the model {model} has no node {name}{hint} (AMCT stops "
                                    "with 'find {raw_name} failure in {model}')").format(
                node=path, model=m, name=_q(node.name), hint=hint, raw_name=node.name), f"{path}.name")
            continue
        r = _node_range(node)
        count = layer.out_channels if role == "producer" else layer.in_channels
        if r is None or count is None or r[1] <= count:
            continue
        text = (translate("rules", "{node} {name}: [begin, end) = [{begin}, {end}) runs past the {count} output "
                          "channels of the model's {type}") if role == "producer" else
                translate("rules", "{node} {name}: [begin, end) = [{begin}, {end}) runs past the {count} input "
                          "channels of the model's {type}"))
        end_index = _attr_by_name(node)["end"][0]
        yield Finding(text.format(node=path, name=_q(node.name), begin=r[0], end=r[1], count=count,
                                  type=layer.op_type), f"{path}.attr[{end_index}]")
