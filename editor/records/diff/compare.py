"""RecordComparison: two records matched once, queried with any tolerance."""
from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property

import numpy as np
from google.protobuf.descriptor import FieldDescriptor

from editor.records.diff._columns import _Column, _GenericVector, _NumericVector, _Scalar
from editor.records.diff._prune import _float_change_within, _match_prune, _node_changes, _signature
from editor.records.diff._values import (
    _VALUE,
    Array,
    _entry_leaves,
    _is_float,
    _vector_dtype,
    dialect_name,
    display_name,
    field_paths,
)
from editor.records.diff.results import (
    DefaultDifference,
    DialectField,
    DialectNotes,
    Differences,
    DuplicateKey,
    EntryRef,
    FieldDiff,
    LayerDiff,
    LayerOverview,
    MovedEntry,
    PruneChange,
    PruneRecordRef,
)
from editor.records.messages import (
    EntryMessage,
    PruneRecordMessage,
    RootMessage,
    descriptor_of,
    message_type_of,
    prune_records,
)


def _match_keys(keys_a: Sequence[str], keys_b: Sequence[str]
                ) -> tuple[list[tuple[int, int, int]], list[EntryRef], list[EntryRef]]:
    """Pairs (index_a, index_b, copy): the k-th copy of a key in A with its k-th copy in B."""
    where_b: dict[str, list[int]] = {}
    for j, k in enumerate(keys_b):
        where_b.setdefault(k, []).append(j)
    seen: dict[str, int] = {}
    pairs: list[tuple[int, int, int]] = []
    only_a: list[EntryRef] = []
    for i, k in enumerate(keys_a):
        c = seen.get(k, 0)
        seen[k] = c + 1
        js = where_b.get(k)
        if js is not None and c < len(js):
            pairs.append((i, js[c], c))
        else:
            only_a.append(EntryRef(k, i, c))
    only_b: list[EntryRef] = []
    copies_b: dict[str, int] = {}
    for j, k in enumerate(keys_b):
        c = copies_b.get(k, 0)
        copies_b[k] = c + 1
        if c >= seen.get(k, 0):
            only_b.append(EntryRef(k, j, c))
    return pairs, only_a, only_b


def _longest_increasing(seq: Sequence[int]) -> set[int]:
    """Positions in `seq` of one longest strictly increasing subsequence (O(n log n))."""
    tails: list[int] = []
    tail_pos: list[int] = []
    parent = [-1] * len(seq)
    for pos, v in enumerate(seq):
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tail_pos.append(pos)
        else:
            tails[k] = v
            tail_pos[k] = pos
        parent[pos] = tail_pos[k - 1] if k else -1
    keep: set[int] = set()
    pos = tail_pos[-1] if tail_pos else -1
    while pos >= 0:
        keep.add(pos)
        pos = parent[pos]
    return keep


# ---------------------------------------------------------------------------------------
# The comparison
# ---------------------------------------------------------------------------------------

class RecordComparison:
    """Two records matched and gathered for comparison (A and B are not kept or changed).

    `pairs[row]` is (key, index_a, index_b, copy) for every layer both have, in A's order;
    `overview` holds per-row values that do not depend on the tolerance; `differences()`
    applies one.
    """

    def __init__(self, a: RootMessage, b: RootMessage) -> None:
        entries_a: list[EntryMessage] = list(a.record)
        entries_b: list[EntryMessage] = list(b.record)
        keys_a = [e.key for e in entries_a]
        keys_b = [e.key for e in entries_b]
        matched, self.only_in_a, self.only_in_b = _match_keys(keys_a, keys_b)
        self.layers_a, self.layers_b = len(entries_a), len(entries_b)
        self.pairs: list[tuple[str, int, int, int]] = [(keys_a[i], i, j, c) for i, j, c in matched]
        self.index_a = np.fromiter((i for i, _, _ in matched), np.int64, len(matched))
        self.index_b = np.fromiter((j for _, j, _ in matched), np.int64, len(matched))
        self._row_of_a = {i: row for row, (i, _, _) in enumerate(matched)}
        self._row_of_b = {j: row for row, (_, j, _) in enumerate(matched)}
        keep = _longest_increasing([j for _, j, _ in matched])
        self.moved = [MovedEntry(keys_a[i], i, j, c) for pos, (i, j, c) in enumerate(matched) if pos not in keep]

        da, db = dialect_name(a), dialect_name(b)
        same_schema = a.DESCRIPTOR is b.DESCRIPTOR
        paths_a = field_paths(message_type_of(descriptor_of(a).fields_by_name["record"]))
        paths_b = field_paths(message_type_of(descriptor_of(b).fields_by_name["record"]))
        self.field_order = [display_name(p) for p in dict.fromkeys([*paths_a, *paths_b]) if p in paths_a and p in paths_b]
        self.dialects = DialectNotes(da, db)

        # the layers that may differ: with one schema, equal bytes are equal fields
        if same_schema:
            candidates = [row for row, (i, j, _) in enumerate(matched)
                          if entries_a[i].SerializePartialToString() != entries_b[j].SerializePartialToString()]
        else:
            candidates = list(range(len(matched)))
        self.columns: dict[str, _Column] = {}
        for row in candidates:
            i, j, _ = matched[row]
            la, lb = _entry_leaves(entries_a[i]), _entry_leaves(entries_b[j])
            for path in dict.fromkeys([*la, *lb]):
                column = self.columns.get(path)
                if column is None:
                    fa, fb = paths_a.get(path), paths_b.get(path)
                    if fa is None or fb is None:
                        continue  # one dialect's field: listed apart
                    column = self.columns[path] = self._column(path, fa, fb)
                column.add(row, la.get(path), lb.get(path))
        for column in self.columns.values():
            column.finish()
        self._order = {name: k for k, name in enumerate(self.field_order)}

        if not same_schema:
            self._dialect_notes(entries_a, entries_b, matched, paths_a, paths_b)
        self._overview_inputs(entries_a, entries_b, matched)
        self._prune(a, b)
        self._cache: dict[tuple[float, float], Differences] = {}
        self.duplicates = self._duplicates(keys_a, keys_b, entries_a, entries_b)

    @staticmethod
    def _column(path: str, fa: FieldDescriptor, fb: FieldDescriptor) -> _Column:
        if fa.is_repeated != fb.is_repeated or (fa.message_type is None) != (fb.message_type is None):
            return _GenericVector(path, fa)  # shapes the schemas disagree on: compared as lists
        if not fa.is_repeated:
            return _Scalar(path, fa, fb)
        dtype = _vector_dtype(fa, fb)
        if dtype is None:
            return _GenericVector(path, fa)
        return _NumericVector(path, fa, dtype, _is_float(fa) or _is_float(fb))

    def _dialect_notes(self, entries_a: list[EntryMessage], entries_b: list[EntryMessage],
                       matched: list[tuple[int, int, int]], paths_a: dict[str, FieldDescriptor],
                       paths_b: dict[str, FieldDescriptor]) -> None:
        notes = self.dialects
        for entries, mine, other, out, name in ((entries_a, paths_a, paths_b, notes.only_in_a, notes.a),
                                                (entries_b, paths_b, paths_a, notes.only_in_b, notes.b)):
            counts: dict[str, int] = {}
            for entry in entries:
                for path in _entry_leaves(entry):
                    if path not in other:
                        counts[path] = counts.get(path, 0) + 1
            out.extend(DialectField(display_name(p), name, counts[p]) for p in mine if p in counts)
        for path, fa in paths_a.items():
            fb = paths_b.get(path)
            if fb is None or fa.message_type is not None or fa.is_repeated or fb.is_repeated:
                continue
            if fa.default_value == fb.default_value:
                continue
            parent, _, leaf = path.rpartition(".")
            unset = 0
            for i, j, _ in matched:
                ma, mb = entries_a[i], entries_b[j]
                for part in parent.split(".") if parent else ():
                    ma, mb = getattr(ma, part), getattr(mb, part)
                if not ma.HasField(leaf) and not mb.HasField(leaf):
                    unset += 1
            if unset:
                notes.defaults.append(DefaultDifference(display_name(path), fa.default_value, fb.default_value, unset))

    def _overview_inputs(self, entries_a: list[EntryMessage], entries_b: list[EntryMessage],
                         matched: list[tuple[int, int, int]]) -> None:
        """What `overview` needs from the messages (read now: A and B are not kept)."""
        n = len(matched)
        self._has_w = np.zeros(n, bool)
        if n and all("scale_w" in e.value.DESCRIPTOR.fields_by_name for e in (entries_a[0], entries_b[0])):
            self._has_w = np.fromiter((len(entries_a[i].value.scale_w) > 0 and len(entries_b[j].value.scale_w) > 0
                                       for i, j, _ in matched), bool, n)

        def scale_d(entries: list[EntryMessage], which: int) -> Array:
            out = np.full(n, np.nan)
            if n and "scale_d" in entries[0].value.DESCRIPTOR.fields_by_name:
                for row, pair in enumerate(matched):
                    value = entries[pair[which]].value
                    if value.HasField("scale_d"):
                        out[row] = value.scale_d
            return out

        self._scale_d = scale_d(entries_a, 0), scale_d(entries_b, 1)

    @cached_property
    def overview(self) -> LayerOverview:
        """Per layer both have: the largest |ln(b/a)| of scale_w and scale_d on both sides."""
        log_ratio = np.full(len(self.pairs), np.nan)
        log_ratio[self._has_w] = 0.0  # equal unless the scale_w column says otherwise
        column = self.columns.get(_VALUE + "scale_w")
        if isinstance(column, _NumericVector):
            rows, values = column.log_ratio_max()
            log_ratio[rows] = values
        return LayerOverview(log_ratio, *self._scale_d)

    def _prune(self, a: RootMessage, b: RootMessage) -> None:
        pa: list[PruneRecordMessage] = list(prune_records(a))
        pb: list[PruneRecordMessage] = list(prune_records(b))
        self.prune_a, self.prune_b = len(pa), len(pb)
        has_a = "prune_record" in a.DESCRIPTOR.fields_by_name
        has_b = "prune_record" in b.DESCRIPTOR.fields_by_name
        if has_a != has_b and (pa or pb):
            self.dialects.prune_only_in = self.dialects.a if has_a else self.dialects.b
        pairs, left_a, left_b = _match_prune(pa, pb) if has_a and has_b else ([], [], [])
        self.prune_pairs = pairs
        self.prune_only_in_a = [PruneRecordRef(i, *_signature(pa[i])) for i in left_a]
        self.prune_only_in_b = [PruneRecordRef(j, *_signature(pb[j])) for j in left_b]
        keep = _longest_increasing([j for _, j in pairs])
        self.prune_moved = [(i, j) for pos, (i, j) in enumerate(pairs) if pos not in keep]
        self._prune_changes: list[PruneChange] = []
        for i, j in pairs:
            if pa[i].SerializePartialToString() != pb[j].SerializePartialToString() or \
                    pa[i].DESCRIPTOR is not pb[j].DESCRIPTOR:
                self._prune_changes.extend(_node_changes(i, j, pa[i], pb[j]))

    @staticmethod
    def _duplicates(keys_a: list[str], keys_b: list[str], entries_a: list[EntryMessage],
                    entries_b: list[EntryMessage]) -> list[DuplicateKey]:
        where_a: dict[str, list[int]] = {}
        where_b: dict[str, list[int]] = {}
        for i, k in enumerate(keys_a):
            where_a.setdefault(k, []).append(i)
        for j, k in enumerate(keys_b):
            where_b.setdefault(k, []).append(j)
        out: list[DuplicateKey] = []
        for k in dict.fromkeys([*keys_a, *keys_b]):
            ia, ib = where_a.get(k, []), where_b.get(k, [])
            if len(ia) < 2 and len(ib) < 2:
                continue
            sa = [entries_a[i].SerializePartialToString() for i in ia]
            sb = [entries_b[j].SerializePartialToString() for j in ib]
            out.append(DuplicateKey(k, tuple(ia), tuple(ib), sa != sb and sorted(sa) == sorted(sb)))
        return out

    # -- queries ---------------------------------------------------------------------

    def row_of_a(self, index: int) -> int | None:
        """The pair row of A's entry `index` (None when B has no match for it)."""
        return self._row_of_a.get(index)

    def row_of_b(self, index: int) -> int | None:
        return self._row_of_b.get(index)

    def differences(self, rtol: float = 0.0, atol: float = 0.0) -> Differences:
        """The differences within |a - b| <= atol + rtol * |b| (float fields; others exact)."""
        if rtol < 0 or atol < 0 or math.isnan(rtol) or math.isnan(atol):
            raise ValueError("tolerances are numbers of at least 0")
        cached = self._cache.get((rtol, atol))
        if cached is not None:
            return cached
        by_row: dict[int, list[FieldDiff]] = {}
        for column in self.columns.values():
            for row, diff in column.query(rtol, atol):
                by_row.setdefault(row, []).append(diff)
        layers: list[LayerDiff] = []
        order = self._order
        for row in sorted(by_row):
            key, i, j, c = self.pairs[row]
            fields = sorted(by_row[row], key=lambda f: order.get(f.field, len(order)))
            layers.append(LayerDiff(key, i, j, c, fields, row))
        prune = [p for p in self._prune_changes if not (p.floats and _float_change_within(p, rtol, atol))]
        result = Differences(self, rtol, atol, layers, prune)
        if len(self._cache) > 16:
            self._cache.clear()
        self._cache[(rtol, atol)] = result
        return result


def compare_records(a: RootMessage, b: RootMessage) -> RecordComparison:
    """Match two records (any dialects) for comparison; query it with `.differences()`."""
    return RecordComparison(a, b)


def diff_records(a: RootMessage, b: RootMessage, *, rtol: float = 0.0, atol: float = 0.0) -> Differences:
    """Compare two records (any dialects) layer by layer, channel by channel, at one tolerance."""
    return compare_records(a, b).differences(rtol, atol)
