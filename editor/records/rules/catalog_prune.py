"""Rules on prune records (the sparsity flavours): node names, attribute types, channel ranges
and widths, and the entries that depend on them (prune references, pruned vector lengths)."""
from __future__ import annotations

import numpy as np

from editor.records.attrs import AMCT_ATTR_TYPES, VALUE_FIELD, AttrProto, set_value_fields, type_name
from editor.records.rules._registry import ERROR, PRUNE, WARNING, Finding, _dialects_with, rule
from editor.records.rules._wording import _an, _q
from editor.records.rules.context import ChannelSpan, _attr_by_name, _node_range
from editor.records.rules.views import EntryView, PruneView

PRUNE_NAME = rule("prune-name-required", ERROR, PRUNE,
                  "PruneNode.name is required and not empty (without it the record cannot be serialized)")


@PRUNE_NAME.on_prune
def _prune_name(p: PruneView):
    for path, _, node in p.nodes:
        if not node.HasField("name"):
            yield Finding(f"{path} has no name; PruneNode.name is required (the record cannot be saved "
                          "as binary, and AMCT cannot match the node)", path)
        elif node.name == "":
            yield Finding(f"{path} has an empty name; it matches no node", f"{path}.name")


PRUNE_ATTR_TYPE = rule(
    "prune-attr-type", ERROR, PRUNE,
    "a prune attr's type matches the value field it sets (INT → i, STRING → s, INTS → ints, …) and "
    "AMCT's attrs have their usual types", also=(WARNING,))


@PRUNE_ATTR_TYPE.on_prune
def _prune_attr_type(p: PruneView):
    for path, _, node in p.nodes:
        seen: dict[str, int] = {}
        for j, attr in enumerate(node.attr):
            apath = f"{path}.attr[{j}]"
            name = attr.name
            if not name:
                yield Finding(f"{apath} has no name", apath)
            elif name in seen:
                yield Finding(f"{path} has attr {_q(name)} twice (attr[{seen[name]}] and attr[{j}]); "
                              "readers take the first", apath)
            else:
                seen[name] = j
            label = f"{apath} {_q(name)}" if name else apath
            present = set_value_fields(attr)
            t = attr.type if attr.HasField("type") else AttrProto.UNDEFINED
            if t == AttrProto.UNDEFINED:
                yield Finding(f"{label} has no type" + (f" ({', '.join(present)} set)" if present else ""),
                              apath)
                continue
            expected = VALUE_FIELD[t]
            wrong = [f for f in present if f != expected]
            if wrong:
                yield Finding(f"{label} has type {type_name(t)} but sets {', '.join(wrong)}; "
                              f"{_an(type_name(t))} attr carries its value in {expected}", apath)
            elif not present:
                yield Finding(f"{label} has type {type_name(t)} but no {expected} value (it reads as "
                              "empty/0)", apath, WARNING)
            usual = AMCT_ATTR_TYPES.get(name)
            if usual is not None and t != usual:
                yield Finding(f"{label} must have type {type_name(usual)}, not "
                              f"{type_name(t)} (AMCT reads .{VALUE_FIELD[usual]})", apath)


PRUNE_RANGE = rule("prune-range", ERROR, PRUNE,
                   "producers and consumers have begin/end attrs with 0 ≤ begin < end; prune_index "
                   "values unique and inside [begin, end)")


@PRUNE_RANGE.on_prune
def _prune_range(p: PruneView):
    for path, role, node in p.nodes:
        if role == "selective_prune":
            continue
        attrs = _attr_by_name(node)
        label = f"{path} {_q(node.name)}"
        missing = [a for a in ("begin", "end") if a not in attrs]
        if missing:
            yield Finding(f"{label} has no {' and no '.join(missing)} attribute; a {role} needs its "
                          "channel range [begin, end)", path)
            continue
        (jb, b), (je, e) = attrs["begin"], attrs["end"]
        if b.i < 0:
            yield Finding(f"{label}: begin = {b.i} must be ≥ 0", f"{path}.attr[{jb}]")
        if e.i < 0:
            yield Finding(f"{label}: end = {e.i} must be ≥ 0", f"{path}.attr[{je}]")
        if b.i >= e.i:
            yield Finding(f"{label}: begin = {b.i} is not below end = {e.i}; the channel range "
                          "[begin, end) is empty or inverted", f"{path}.attr[{je}]")
            continue
        if "prune_index" in attrs:
            jp, pi = attrs["prune_index"]
            idx = np.array(pi.ints, dtype=np.int64)
            outside = idx[(idx < b.i) | (idx >= e.i)]
            if outside.size:
                yield Finding(f"{label}: prune_index {', '.join(map(str, outside[:5]))} outside the "
                              f"channel range [{b.i}, {e.i})", f"{path}.attr[{jp}]")
            values, counts = np.unique(idx, return_counts=True)
            twice = values[counts > 1]
            if twice.size:
                listed = ", ".join(f"{int(v)} ({int(n)} times)" for v, n in
                                   zip(twice[:5], counts[counts > 1][:5], strict=True))
                more = f" and {twice.size - 5} more" if twice.size > 5 else ""
                yield Finding(f"{label}: prune_index lists channel{'s' if twice.size > 1 else ''} "
                              f"{listed}{more} more than once; each pruned channel is listed once",
                              f"{path}.attr[{jp}]")


PRUNE_WIDTH = rule("prune-width", ERROR, PRUNE,
                   "every producer and consumer of a prune record covers as many channels (and prunes "
                   "the same ones) as the first producer", also=(WARNING,))


@PRUNE_WIDTH.on_prune
def _prune_width(p: PruneView):
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
            yield Finding("has consumers but no producer; nothing decides which channels they lose",
                          "consumer[0]", WARNING)
        return
    ref_path, _, ref_node, (rb, re_, ridx), _ = producers[0]
    width = re_ - rb
    ref_rel = sorted(i - rb for i in ridx)
    for path, role, node, (b, e, idx), attrs in spans:
        if path == ref_path:
            continue
        if e - b != width:
            yield Finding(f"{role} {_q(node.name)} covers [{b}, {e}) ({e - b} channels) but producer "
                          f"{_q(ref_node.name)} covers [{rb}, {re_}) ({width}); every node of a prune "
                          "record must have the same width", f"{path}.attr[{attrs['end'][0]}]")
        elif ridx and idx and sorted(i - b for i in idx) != ref_rel:
            yield Finding(f"{role} {_q(node.name)} prunes other channels (prune_index, relative to begin) "
                          f"than producer {_q(ref_node.name)}", f"{path}.attr[{attrs['prune_index'][0]}]")


PRUNE_REFERENCE = rule("prune-reference", WARNING, _dialects_with("prune_producer"),
                       "value.prune_producer/prune_consumer name prune nodes that exist in the file")


@PRUNE_REFERENCE.on_entry
def _prune_reference(e: EntryView):
    for field, names, role in (("prune_producer", e.ctx.producer_names, "producer"),
                               ("prune_consumer", e.ctx.consumer_names, "consumer")):
        for i, name in enumerate(getattr(e.value, field)):
            if name not in names:
                yield Finding(f"{field}[{i}] = {_q(name)} names no prune {role} in this file", f"{field}[{i}]")


PRUNE_QUANT_LENGTH = rule(
    "prune-quant-length", ERROR, PRUNE,
    "per-channel scale_w of a pruned producer, and tensor_balance_factor of a consumer, match the "
    "channel counts its prune records give")


def _span_text(span: ChannelSpan) -> str:
    return ", ".join(f"[{b}, {e})" for b, e in sorted(span.ranges))


@PRUNE_QUANT_LENGTH.on_entry
def _prune_quant_length(e: EntryView):
    if not e.key:
        return
    span = e.ctx.producer_spans.get(e.key)
    n = e.n("scale_w")
    if span is not None and n > 1:
        full, left = span.end, span.end - len(span.pruned)
        ok = n in (full, left) if span.contiguous else (n >= full or n == left)
        if not ok:
            expect = f"{full}" + (f" (or {left} once the {len(span.pruned)} pruned channels are removed)"
                                  if span.pruned else "")
            yield Finding(f"scale_w has {n} values but its prune records give it output channels "
                          f"{_span_text(span)}: expected {expect}", "scale_w")
    span = e.ctx.consumer_spans.get(e.key)
    m = e.n("tensor_balance_factor")
    if span is not None and m:
        full, left = span.end, span.end - len(span.pruned)
        if not (m >= full or m == left):
            yield Finding(f"tensor_balance_factor has {m} values but its prune records give it input "
                          f"channels {_span_text(span)}: expected at least {full}"
                          + (f" (or {left} after pruning)" if span.pruned else ""),
                          "tensor_balance_factor")
