"""The rows of the window's Differences table and the walk through them, from a comparison's
results; values and changes read as `record-editor diff` prints them (`diff.text`).

Qt-free: built on the comparison's worker thread (formatting a few thousand rows is tens of
milliseconds), read on the GUI thread. A row is one differing field of a layer both records
have, a layer only one of them has, or one change inside a pair of prune records. Each row
knows where it is in A (`path_a`: what a click selects, what *Next Difference* visits) and
carries sort keys, so the table sorts and filters without asking a model for text.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np
from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from editor.i18n import translate
from editor.records.diff.results import Differences, FieldDiff, LayerDiff, PruneChange
from editor.records.diff.text import change_text, copy_suffix, plain_text, value_text
from editor.records.messages import descriptor_of
from editor.records.paths import FieldPath, in_entry, sort_key


class RowKind(Enum):
    """What a row of the Differences table stands for."""

    FIELD = "field"    #: a field of a layer both records have differs
    ONLY_A = "only_a"  #: a layer only A has
    ONLY_B = "only_b"  #: a layer only B has
    PRUNE = "prune"    #: a change inside a pair of prune records (or a prune record only one has)


@dataclass(eq=False)
class DiffRow:
    """One row: texts for the six columns, numbers to sort by, and where it is in A and B."""

    kind: RowKind
    layer: str                 #: the layer key (a prune row: the node and its record)
    field: str                 #: the differing field (prune: the attribute), "" for a whole layer
    channels: str              #: "3 of 64", "64 → 65 values", "" for a single value
    change: str                #: the largest change, "+12.5% at [3]"
    a: str                     #: A's value (a vector: at the largest change)
    b: str
    index_a: int | None = None  #: A's entry (prune: A's prune record)
    index_b: int | None = None
    copy: int = 0
    path_a: FieldPath | None = None  #: what a click selects in A (None: nothing in A, e.g. only in B)
    #: sort keys: position in A's order (B's for a layer only B has), channels differing,
    #: |largest relative change| (inf for a change from 0, -1 where there is no number)
    order: tuple[float, ...] = ()
    n_channels: float = -1.0
    magnitude: float = -1.0
    value_a: float = math.nan   #: the numbers behind `a` and `b` (NaN where not a number)
    value_b: float = math.nan
    diff: FieldDiff | None = None
    prune: PruneChange | None = None

    @property
    def vector(self) -> bool:
        return self.diff is not None and self.diff.vector

    @property
    def at(self) -> int | None:
        """The channel of the largest change (vector fields)."""
        return self.diff.at if self.diff is not None and self.diff.vector else None


def _values(n: int | None) -> str:
    """A vector's length in a row: "1 value", "64 values"."""
    return (translate("DiffRows", "{n} value") if n == 1 else translate("DiffRows", "{n} values")).format(n=n)


def field_path(entry: Descriptor, name: str) -> FieldPath:
    """The path below a layer entry of a field as the comparison names it (`scale_w` ->
    ``("value", "scale_w")``, `kv_cache_value.scale` -> ``("kv_cache_value", "scale")``)."""
    return in_entry(entry, name)


def _number(value: Any) -> float:
    if isinstance(value, bool | np.bool_):
        return float(value)
    if isinstance(value, int | float | np.integer | np.floating):
        return float(value)
    return math.nan


def _field_row(layer: LayerDiff, f: FieldDiff, entry: Descriptor | None) -> DiffRow:
    fd = f.descriptor
    key = layer.key + copy_suffix(layer.copy)
    path = ("record", layer.index_a) + field_path(entry, f.field) if entry is not None else ("record", layer.index_a)
    row = DiffRow(RowKind.FIELD, key, f.field, "", "", "", "", layer.index_a, layer.index_b, layer.copy,
                  path, (0, layer.index_a), diff=f)
    if f.vector:
        compared = f.compared or 0
        parts = []
        if f.len_a != f.len_b:
            parts.append((translate("DiffRows", "{a} → {b} value") if f.len_b == 1
                          else translate("DiffRows", "{a} → {b} values")).format(a=f.len_a, b=f.len_b))
        if f.differing or f.len_a == f.len_b:
            parts.append(translate("DiffRows", "{k} of {n}").format(k=f.differing, n=compared))
        row.channels = ", ".join(parts)
        row.n_channels = float(f.differing or 0)
        at = f.at
        if at is not None:
            k = int(np.flatnonzero(f.channels == at)[0])
            va, vb = f.values_a[k], f.values_b[k]
            row.a, row.b = f"[{at}] {value_text(fd, va)}", f"[{at}] {value_text(fd, vb)}"
            row.value_a, row.value_b = _number(va), _number(vb)
            rel = f.max_rel
            if f.is_float:
                text = change_text(rel, float(va))
                if not text and f.max_abs is not None:  # from 0 or NaN: no relative change
                    text = translate("DiffRows", "from 0") if float(va) == 0 else translate("DiffRows", "not a number")
                row.change = translate("DiffRows", "{change} at [{at}]").format(change=text, at=at)
                row.magnitude = math.inf if rel is None else abs(rel)
            elif f.max_abs is not None:
                row.change = translate("DiffRows", "{change} at [{at}]").format(change=f"Δ {f.max_abs:g}", at=at)
                row.magnitude = f.max_abs
            else:
                row.change = translate("DiffRows", "at [{at}]").format(at=at)
        else:
            row.a, row.b = _values(f.len_a), _values(f.len_b)
            row.value_a, row.value_b = float(f.len_a or 0), float(f.len_b or 0)
            row.change = translate("DiffRows", "length")
            row.magnitude = math.inf
    else:
        row.a = value_text(fd, f.a) + (f" ({value_text(fd, f.default_a)})" if f.a is None and f.default_a is not None else "")
        row.b = value_text(fd, f.b) + (f" ({value_text(fd, f.default_b)})" if f.b is None and f.default_b is not None else "")
        row.value_a, row.value_b = _number(f.a), _number(f.b)
        if f.is_float and f.a is not None and f.b is not None:
            rel = f.max_rel
            row.change = change_text(rel, float(f.a)) or (translate("DiffRows", "from 0") if float(f.a) == 0
                                                          else translate("DiffRows", "not a number"))
            row.magnitude = math.inf if rel is None else abs(rel)
        elif f.a is None or f.b is None:
            row.change = translate("DiffRows", "set in A only") if f.b is None else translate("DiffRows", "set in B only")
            row.magnitude = math.inf
        elif f.max_abs is not None:
            row.change = f"Δ {f.max_abs:g}"
            row.magnitude = f.max_abs
    return row


def _prune_row(p: PruneChange) -> DiffRow:
    where = (translate("DiffRows", "prune record {n}").format(n=p.prune_record) if p.prune_record_b == p.prune_record
             else translate("DiffRows", "prune record {n} (B: {m})").format(n=p.prune_record, m=p.prune_record_b))
    node = f"{p.role} {p.node!r}" + copy_suffix(p.copy)
    row = DiffRow(RowKind.PRUNE, f"{node} · {where}", p.attr or "", "", "", "", "", p.prune_record,
                  p.prune_record_b, p.copy, ("prune_record", p.prune_record), (1, p.prune_record), prune=p)
    if p.attr is None:
        row.field = translate("DiffRows", "(node)")
        row.change = translate("DiffRows", "only in A") if p.a is not None else translate("DiffRows", "only in B")
        row.a = plain_text(p.a) if p.a is not None else "—"
        row.b = plain_text(p.b) if p.b is not None else "—"
        row.magnitude = math.inf
    else:
        row.a, row.b = plain_text(p.a), plain_text(p.b)
        row.value_a, row.value_b = _number(p.a), _number(p.b)
        if isinstance(p.a, int | float) and isinstance(p.b, int | float) and not isinstance(p.a, bool):
            delta = float(p.b) - float(p.a)
            row.change = f"Δ {delta:+g}"
            row.magnitude = abs(delta)
    return row


def build_rows(d: Differences, entry_a: Descriptor | None) -> list[DiffRow]:
    """Every row of the Differences table for `d`, in A's order: changed fields, then layers
    only A has and only B has (by their place), then prune changes. `entry_a` is A's entry
    message type (to turn field names into paths; None when A has no layers)."""
    c = d.comparison
    rows = [_field_row(layer, f, entry_a) for layer, f in d.rows()]
    for ref in c.only_in_a:
        key = ref.key + copy_suffix(ref.copy)
        rows.append(DiffRow(RowKind.ONLY_A, key, "", "", translate("DiffRows", "only in A"), translate("DiffRows", "present"), "—", ref.index, None, ref.copy,
                            ("record", ref.index), (0, ref.index), magnitude=math.inf))
    for ref in c.only_in_b:
        key = ref.key + copy_suffix(ref.copy)
        # placed after the layer both have that comes before it in B
        rows.append(DiffRow(RowKind.ONLY_B, key, "", "", translate("DiffRows", "only in B"), "—", translate("DiffRows", "present"), None, ref.index, ref.copy,
                            None, (0, _place_in_a(c, ref.index), 1, ref.index), magnitude=math.inf))
    for p in d.prune:
        rows.append(_prune_row(p))
    for r in c.prune_only_in_a:
        rows.append(DiffRow(RowKind.PRUNE, translate("DiffRows", "prune record {n}").format(n=r.index),
                            translate("DiffRows", "(record)"), "", translate("DiffRows", "only in A"),
                            _producers(r.producers), "—", r.index, None, 0, ("prune_record", r.index),
                            (1, r.index), magnitude=math.inf))
    for r in c.prune_only_in_b:
        rows.append(DiffRow(RowKind.PRUNE, translate("DiffRows", "prune record {n} of B").format(n=r.index),
                            translate("DiffRows", "(record)"), "", translate("DiffRows", "only in B"), "—",
                            _producers(r.producers), None, r.index, 0, None, (1, math.inf, r.index),
                            magnitude=math.inf))
    rows.sort(key=lambda r: r.order)
    return rows


def _producers(names: Sequence[str]) -> str:
    if not names:
        return translate("DiffRows", "no producer")
    return translate("DiffRows", "producers {names}").format(names=", ".join(repr(n) for n in names))



def _place_in_a(c: Any, index_b: int) -> float:
    """Where a layer only B has would sit in A: just after the layer both have before it."""
    before = [i for _key, i, j, _copy in c.pairs if j < index_b]
    return (max(before) + 0.5) if before else -0.5


def summary(d: Differences) -> str:
    """One line: how many layers differ, only on one side, prune changes (or "no differences")."""
    c = d.comparison
    parts = []
    if d.layers:
        parts.append((translate("DiffRows", "{n} layers of {total} differ") if len(d.layers) != 1
                      else translate("DiffRows", "1 layer of {total} differ")).format(n=len(d.layers), total=len(c.pairs)))
    if c.only_in_a:
        parts.append(translate("DiffRows", "{n} only in A").format(n=len(c.only_in_a)))
    if c.only_in_b:
        parts.append(translate("DiffRows", "{n} only in B").format(n=len(c.only_in_b)))
    prune = len(d.prune) + len(c.prune_only_in_a) + len(c.prune_only_in_b)
    if prune:
        parts.append((translate("DiffRows", "{n} prune changes") if prune != 1
                      else translate("DiffRows", "1 prune change")).format(n=prune))
    if not parts:
        return (translate("DiffRows", "no differences (the order of layers differs)") if c.moved
                else translate("DiffRows", "no differences"))
    return translate("DiffRows", ", ").join(parts)


def dialect_lines(d: Differences) -> list[str]:
    """What comparing across two dialects leaves out (fields only one schema has): listed apart,
    never compared or taken."""
    notes = d.comparison.dialects
    if notes.same:
        return []
    out = [translate("DiffRows", "A is {a}, B is {b}: the fields both have are compared.").format(a=notes.a, b=notes.b)]
    for side, fields, name in (("A", notes.only_in_a, notes.a), ("B", notes.only_in_b, notes.b)):
        if fields:
            listed = translate("DiffRows", ", ").join(
                (translate("DiffRows", "{field} (set on {n} layers)") if f.layers != 1
                 else translate("DiffRows", "{field} (set on 1 layer)")).format(field=f.field, n=f.layers)
                for f in fields)
            out.append(translate("DiffRows", "Only in {dialect} ({side}), not compared and not taken: {fields}.")
                       .format(dialect=name, side=side, fields=listed))
    for default in notes.defaults:
        out.append(translate("DiffRows", "{field} left unset on {n} layers means {a} in {dialect_a} "
                             "and {b} in {dialect_b}: listed as differences.")
                   .format(field=default.field, n=default.layers, a=default.a, dialect_a=notes.a,
                           b=default.b, dialect_b=notes.b))
    if notes.prune_only_in:
        out.append(translate("DiffRows", "Only {dialect} has prune records: they are not compared.")
                   .format(dialect=notes.prune_only_in))
    return out


def walk_targets(rows: Iterable[DiffRow]) -> list[FieldPath]:
    """The paths in A that *Next/Previous Difference* visit, in the tree's order: each
    differing field, each layer only A has, each prune record that differs (once each)."""
    seen: set[FieldPath] = set()
    out: list[FieldPath] = []
    for row in rows:
        if row.path_a is not None and row.path_a not in seen:
            seen.add(row.path_a)
            out.append(row.path_a)
    out.sort(key=sort_key)
    return out


def step(targets: Sequence[FieldPath], current: FieldPath, forward: bool) -> tuple[int, bool] | None:
    """(index into `targets` of the next (or previous) difference from `current`, wrapped
    around) — None when there is none. Being inside a target (a channel of a differing
    field) counts as being at it."""
    if not targets:
        return None
    keys = [sort_key(t) for t in targets]
    here = sort_key(tuple(current))
    at = next((k for k, t in enumerate(targets) if tuple(current[:len(t)]) == t), None)
    if forward:  # a target the current path lies in sorts before it: not ahead
        ahead = [k for k in range(len(targets)) if keys[k] > here]
        return (ahead[0], False) if ahead else (0, bool(current))
    if at is not None:
        here = keys[at]
    behind = [k for k in range(len(targets)) if keys[k] < here]
    return (behind[-1], False) if behind else (len(targets) - 1, bool(current))


def entry_descriptor(message: Message | None) -> Descriptor | None:
    """The entry (layer) message type of a record, None when it has no layers field."""
    if message is None or "record" not in message.DESCRIPTOR.fields_by_name:
        return None
    return descriptor_of(message).fields_by_name["record"].message_type
