"""Rules on prune records (the sparsity flavours): node names, attribute types, channel ranges
and widths, and the entries that depend on them (prune references, pruned vector lengths)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.attrs import AMCT_ATTR_TYPES, VALUE_FIELD, AttrProto, set_value_fields, type_name
from editor.records.rules._registry import ERROR, PRUNE, WARNING, Finding, _dialects_with, rule
from editor.records.rules._wording import _an, _q
from editor.records.rules.context import ChannelSpan, _attr_by_name, _node_range
from editor.records.rules.views import EntryView, PruneView

PRUNE_NAME = rule("prune-name-required", ERROR, PRUNE, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "PruneNode.name is required and not empty (without it the record cannot be serialized)"))


@PRUNE_NAME.on_prune
def _prune_name(p: PruneView) -> Iterator[Finding]:
    for path, _, node in p.nodes:
        if not node.HasField("name"):
            yield Finding(translate("rules", "{node} has no name; PruneNode.name is required (the record cannot "
                                    "be saved as binary, and AMCT cannot match the node)").format(node=path), path)
        elif node.name == "":
            yield Finding(translate("rules", "{node} has an empty name; it matches no node").format(node=path),
                          f"{path}.name")


PRUNE_ATTR_TYPE = rule(
    "prune-attr-type", ERROR, PRUNE, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "a prune attr's type matches the value field it sets (INT → i, STRING → s, INTS → ints, …) and "
        "AMCT's attrs have their usual types"), also=(WARNING,))


@PRUNE_ATTR_TYPE.on_prune
def _prune_attr_type(p: PruneView) -> Iterator[Finding]:
    for path, _, node in p.nodes:
        seen: dict[str, int] = {}
        for j, attr in enumerate(node.attr):
            apath = f"{path}.attr[{j}]"
            name = attr.name
            if not name:
                yield Finding(translate("rules", "{attr} has no name").format(attr=apath), apath)
            elif name in seen:
                yield Finding(translate("rules", "{node} has attr {name} twice (attr[{first}] and attr[{again}]); "
                                        "readers take the first").format(
                    node=path, name=_q(name), first=seen[name], again=j), apath)
            else:
                seen[name] = j
            label = f"{apath} {_q(name)}" if name else apath
            present = set_value_fields(attr)
            t = attr.type if attr.HasField("type") else AttrProto.UNDEFINED
            if t == AttrProto.UNDEFINED:
                if present:
                    text = translate("rules", "{attr} has no type ({fields} set)")
                else:
                    text = translate("rules", "{attr} has no type")
                yield Finding(text.format(attr=label, fields=", ".join(present)), apath)
                continue
            expected = VALUE_FIELD[t]
            wrong = [f for f in present if f != expected]
            if wrong:
                yield Finding(translate("rules", "{attr} has type {type} but sets {fields}; {a_type} attr "
                                        "carries its value in {expected}").format(
                    attr=label, type=type_name(t), fields=", ".join(wrong), a_type=_an(type_name(t)),
                    expected=expected), apath)
            elif not present:
                yield Finding(translate("rules", "{attr} has type {type} but no {expected} value (it reads as "
                                        "empty/0)").format(attr=label, type=type_name(t), expected=expected),
                              apath, WARNING)
            usual = AMCT_ATTR_TYPES.get(name)
            if usual is not None and t != usual:
                yield Finding(translate("rules", "{attr} must have type {usual}, not {type} (AMCT reads "
                                        ".{field})").format(
                    attr=label, usual=type_name(usual), type=type_name(t), field=VALUE_FIELD[usual]), apath)


PRUNE_RANGE = rule("prune-range", ERROR, PRUNE, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "producers and consumers have begin/end attrs with 0 ≤ begin < end; prune_index values unique and "
    "inside [begin, end)"))


@PRUNE_RANGE.on_prune
def _prune_range(p: PruneView) -> Iterator[Finding]:
    for path, role, node in p.nodes:
        if role == "selective_prune":
            continue
        attrs = _attr_by_name(node)
        label = f"{path} {_q(node.name)}"
        missing = [a for a in ("begin", "end") if a not in attrs]
        if missing:
            if len(missing) == 2:
                text = translate("rules", "{node} has no begin and no end attribute; a {role} needs its "
                                 "channel range [begin, end)")
            else:
                text = translate("rules", "{node} has no {attr} attribute; a {role} needs its channel range "
                                 "[begin, end)")
            yield Finding(text.format(node=label, attr=missing[0], role=_role(role)), path)
            continue
        (jb, b), (je, e) = attrs["begin"], attrs["end"]
        if b.i < 0:
            yield Finding(translate("rules", "{node}: begin = {value} must be ≥ 0").format(node=label, value=b.i),
                          f"{path}.attr[{jb}]")
        if e.i < 0:
            yield Finding(translate("rules", "{node}: end = {value} must be ≥ 0").format(node=label, value=e.i),
                          f"{path}.attr[{je}]")
        if b.i >= e.i:
            yield Finding(translate("rules", "{node}: begin = {begin} is not below end = {end}; the channel "
                                    "range [begin, end) is empty or inverted").format(
                node=label, begin=b.i, end=e.i), f"{path}.attr[{je}]")
            continue
        if "prune_index" in attrs:
            jp, pi = attrs["prune_index"]
            idx = list(pi.ints)  # few values (the pruned channels): plain Python is quick
            outside = [c for c in idx if not b.i <= c < e.i]
            if outside:
                yield Finding(translate("rules", "{node}: prune_index {values} outside the channel range "
                                        "[{begin}, {end})").format(
                    node=label, values=", ".join(map(str, outside[:5])), begin=b.i, end=e.i),
                    f"{path}.attr[{jp}]")
            twice = sorted((c, n) for c, n in Counter(idx).items() if n > 1)
            if twice:
                listed = translate("rules", ", ").join(
                    translate("rules", "{channel} ({count} times)").format(channel=c, count=n) for c, n in twice[:5])
                if len(twice) > 5:
                    listed += translate("rules", " and {count} more").format(count=len(twice) - 5)
                if len(twice) > 1:
                    text = translate("rules", "{node}: prune_index lists channels {channels} more than once; "
                                     "each pruned channel is listed once")
                else:
                    text = translate("rules", "{node}: prune_index lists channel {channels} more than once; "
                                     "each pruned channel is listed once")
                yield Finding(text.format(node=label, channels=listed), f"{path}.attr[{jp}]")


PRUNE_WIDTH = rule("prune-width", ERROR, PRUNE, QT_TRANSLATE_NOOP(
    "rule-descriptions",
    "every producer and consumer of a prune record covers as many channels (and prunes the same ones) "
    "as the first producer"), also=(WARNING,))


@PRUNE_WIDTH.on_prune
def _prune_width(p: PruneView) -> Iterator[Finding]:
    spans = []
    for path, role, node in p.nodes:
        if role == "selective_prune":
            continue
        r = _node_range(node)
        if r is not None:
            attrs = _attr_by_name(node)
            spans.append((path, role, node, r, attrs))
    producers = [s for s in spans if s[1] == "producer"]
    if not producers:
        if p.record.consumer and not p.record.producer:
            yield Finding(translate("rules", "has consumers but no producer; nothing decides which channels "
                                    "they lose"), "consumer[0]", WARNING)
        return
    ref_path, _, ref_node, (rb, re_, ridx), _ = producers[0]
    width = re_ - rb
    ref_rel = sorted(i - rb for i in ridx)
    for path, role, node, (b, e, idx), attrs in spans:
        if path == ref_path:
            continue
        if e - b != width:
            yield Finding(translate("rules", "{role} {name} covers [{begin}, {end}) ({count} channels) but "
                                    "producer {producer} covers [{producer_begin}, {producer_end}) ({width}); "
                                    "every node of a prune record must have the same width").format(
                role=_role(role), name=_q(node.name), begin=b, end=e, count=e - b, producer=_q(ref_node.name),
                producer_begin=rb, producer_end=re_, width=width), f"{path}.attr[{attrs['end'][0]}]")
        elif ridx and idx and sorted(i - b for i in idx) != ref_rel:
            yield Finding(translate("rules", "{role} {name} prunes other channels (prune_index, relative to "
                                    "begin) than producer {producer}").format(
                role=_role(role), name=_q(node.name), producer=_q(ref_node.name)),
                f"{path}.attr[{attrs['prune_index'][0]}]")


PRUNE_REFERENCE = rule("prune-reference", WARNING, _dialects_with("prune_producer"), QT_TRANSLATE_NOOP(
    "rule-descriptions", "value.prune_producer/prune_consumer name prune nodes that exist in the file"))


@PRUNE_REFERENCE.on_entry
def _prune_reference(e: EntryView) -> Iterator[Finding]:
    for field, names, role in (("prune_producer", e.ctx.producer_names, "producer"),
                               ("prune_consumer", e.ctx.consumer_names, "consumer")):
        for i, name in enumerate(getattr(e.value, field)):
            if name not in names:
                yield Finding(translate("rules", "{field} = {name} names no prune {role} in this file").format(
                    field=f"{field}[{i}]", name=_q(name), role=_role(role)), f"{field}[{i}]")


PRUNE_QUANT_LENGTH = rule(
    "prune-quant-length", ERROR, PRUNE, QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "per-channel scale_w of a pruned producer, and tensor_balance_factor of a consumer, match the "
        "channel counts its prune records give"))


def _role(role: str) -> str:
    """A prune node's role in words (``producer``, ``consumer``)."""
    if role == "producer":
        return translate("rules", "producer")
    if role == "consumer":
        return translate("rules", "consumer")
    return role


def _span_text(span: ChannelSpan) -> str:
    return ", ".join(f"[{b}, {e})" for b, e in sorted(span.ranges))


@PRUNE_QUANT_LENGTH.on_entry
def _prune_quant_length(e: EntryView) -> Iterator[Finding]:
    if not e.key:
        return
    span = e.ctx.producer_spans.get(e.key)
    n = e.n("scale_w")
    if span is not None and n > 1:
        full, left = span.end, span.end - len(span.pruned)
        ok = n in (full, left) if span.contiguous else (n >= full or n == left)
        if not ok:
            if span.pruned:
                text = translate("rules", "scale_w has {count} values but its prune records give it output "
                                 "channels {ranges}: expected {full} (or {left} once the {pruned} pruned "
                                 "channels are removed)")
            else:
                text = translate("rules", "scale_w has {count} values but its prune records give it output "
                                 "channels {ranges}: expected {full}")
            yield Finding(text.format(count=n, ranges=_span_text(span), full=full, left=left,
                                      pruned=len(span.pruned)), "scale_w")
    span = e.ctx.consumer_spans.get(e.key)
    m = e.n("tensor_balance_factor")
    if span is not None and m:
        full, left = span.end, span.end - len(span.pruned)
        if not (m >= full or m == left):
            if span.pruned:
                text = translate("rules", "tensor_balance_factor has {count} values but its prune records give "
                                 "it input channels {ranges}: expected at least {full} (or {left} after pruning)")
            else:
                text = translate("rules", "tensor_balance_factor has {count} values but its prune records give "
                                 "it input channels {ranges}: expected at least {full}")
            yield Finding(text.format(count=m, ranges=_span_text(span), full=full, left=left),
                          "tensor_balance_factor")
