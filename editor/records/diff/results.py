"""What a comparison query returns: differing fields and layers, entries only on one side,
moves, prune changes, dialect notes, the per-layer overview."""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
from google.protobuf.descriptor import FieldDescriptor

from editor.records.diff._values import Array, _is_float, _is_numeric

if TYPE_CHECKING:
    from editor.records.diff.compare import RecordComparison

@dataclass(eq=False)
class FieldDiff:
    """One field of one layer that differs.

    A singular field has `a` and `b` (None when unset; `default_a`/`default_b` then say
    what the schema means by it). A repeated field has its lengths and the channels (over
    the common length) that differ, with A's and B's values there; a length change alone
    differs with no channel.
    """

    field: str
    descriptor: FieldDescriptor
    vector: bool
    a: Any = None
    b: Any = None
    default_a: Any = None
    default_b: Any = None
    len_a: int | None = None
    len_b: int | None = None
    channels: Array = dc_field(default_factory=lambda: np.zeros(0, np.int64))
    values_a: Array = dc_field(default_factory=lambda: np.zeros(0))
    values_b: Array = dc_field(default_factory=lambda: np.zeros(0))

    @property
    def is_float(self) -> bool:
        return _is_float(self.descriptor)

    @property
    def differing(self) -> int | None:
        """How many channels differ (None for a singular field)."""
        return len(self.channels) if self.vector else None

    @property
    def compared(self) -> int | None:
        """The channels both have (None for a singular field)."""
        if not self.vector or self.len_a is None or self.len_b is None:
            return None
        return min(self.len_a, self.len_b)

    @cached_property
    def rel(self) -> Array:
        """(b - a) / |a| per differing channel of a float field (NaN where a is 0 or the field
        holds no floats); for a singular field, an array of one."""
        if not self.is_float:
            return np.full(len(self.channels) if self.vector else 1, np.nan)
        if self.vector:
            a, b = self.values_a.astype(np.float64), self.values_b.astype(np.float64)
        else:
            a = np.array([np.nan if self.a is None else self.a], np.float64)
            b = np.array([np.nan if self.b is None else self.b], np.float64)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            return np.where(a != 0, (b - a) / np.abs(a), np.nan)

    @cached_property
    def _largest(self) -> tuple[int | None, float | None, float | None]:
        """(channel, |Δ| there, relative change there) of the largest change: by relative
        change for float fields (a change from 0 counts as the largest), else by |Δ|."""
        numeric = _is_numeric(self.descriptor)
        if not self.vector:
            if not numeric or self.a is None or self.b is None:
                return None, None, None
            rel = float(self.rel[0])
            return None, abs(float(self.b) - float(self.a)), None if math.isnan(rel) else rel
        if not len(self.channels):
            return None, None, None
        if not numeric:
            return int(self.channels[0]), None, None
        a, b = self.values_a.astype(np.float64), self.values_b.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore"):
            delta = np.abs(b - a)
        delta = np.where(np.isnan(delta), np.inf, delta)
        order = np.where(np.isnan(self.rel), np.inf, np.abs(self.rel)) if self.is_float else delta
        k = int(np.argmax(order))
        rel = float(self.rel[k])
        return int(self.channels[k]), float(delta.max()), None if math.isnan(rel) else rel

    @property
    def at(self) -> int | None:
        """The channel of the largest change."""
        return self._largest[0]

    @property
    def max_abs(self) -> float | None:
        """The largest |b - a| over the differing channels (NaN counts as the largest)."""
        return self._largest[1]

    @property
    def max_rel(self) -> float | None:
        """The relative change (b - a) / |a| at `at` (None when a is 0 or not a float)."""
        return self._largest[2]


@dataclass(eq=False)
class LayerDiff:
    """A layer (entry) in both records that differs in at least one field.

    `copy` is 0 for the first entry of its key (the one AMCT uses), k for the k-th copy.
    """

    key: str
    index_a: int
    index_b: int
    copy: int
    fields: list[FieldDiff]
    row: int  # its row in RecordComparison's pairs / overview

    def field(self, name: str) -> FieldDiff | None:
        for f in self.fields:
            if f.field == name:
                return f
        return None


@dataclass(frozen=True)
class EntryRef:
    """An entry only one record has: its key, index and copy number."""

    key: str
    index: int
    copy: int = 0


@dataclass(frozen=True)
class MovedEntry:
    """A layer whose place among the layers both records have is not the same."""

    key: str
    index_a: int
    index_b: int
    copy: int = 0


@dataclass(frozen=True)
class DuplicateKey:
    """A key given more than once in A or B. `reordered`: both hold the same copies, in
    another order (AMCT uses the first, so the order matters here)."""

    key: str
    indices_a: tuple[int, ...]
    indices_b: tuple[int, ...]
    reordered: bool


@dataclass(frozen=True)
class PruneRecordRef:
    """A prune record only one side has, named by its producers."""

    index: int
    producers: tuple[str, ...]
    selective: str | None = None


@dataclass(frozen=True)
class PruneChange:
    """One difference inside a pair of matched prune records.

    `attr` None: the node itself is only in one of them (`a` or `b` is then None and the
    other holds its attributes as a dict). Else `a`/`b` are the attribute's values (None
    where one node lacks the attribute).
    """

    prune_record: int
    prune_record_b: int
    role: str
    node: str
    attr: str | None
    a: Any
    b: Any
    copy: int = 0
    floats: bool = False  # values are float32: the tolerance applies


@dataclass(frozen=True)
class DialectField:
    """A field only one of the two schemas has, and on how many entries that side sets it."""

    field: str
    dialect: str
    layers: int


@dataclass(frozen=True)
class DefaultDifference:
    """A field both schemas have with different defaults, unset in both on `layers` of the
    layers both records have: the two records mean different values there."""

    field: str
    a: Any
    b: Any
    layers: int


@dataclass
class DialectNotes:
    """What comparing across two dialects leaves out or reads differently."""

    a: str
    b: str
    only_in_a: list[DialectField] = dc_field(default_factory=list)
    only_in_b: list[DialectField] = dc_field(default_factory=list)
    defaults: list[DefaultDifference] = dc_field(default_factory=list)
    prune_only_in: str | None = None  # the dialect that alone has prune records, when it has some

    @property
    def same(self) -> bool:
        return self.a == self.b


@dataclass(frozen=True)
class LayerOverview:
    """Per layer both records have (rows as in `RecordComparison.pairs`), independent of
    the tolerance: the largest |ln(b/a)| over the channels of scale_w where both are
    positive and finite (NaN where no channel is), and scale_d on both sides (NaN unset)."""

    scale_w_log_ratio: Array
    scale_d_a: Array
    scale_d_b: Array

    @property
    def scale_d_rel(self) -> Array:
        """(b - a) / |a| of scale_d per layer (NaN where either is unset or a is 0)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.scale_d_a != 0, (self.scale_d_b - self.scale_d_a) / np.abs(self.scale_d_a),
                            np.nan)


class Differences:
    """What differs between A and B at one tolerance (see `RecordComparison.differences`)."""

    def __init__(self, comparison: RecordComparison, rtol: float, atol: float,
                 layers: list[LayerDiff], prune: list[PruneChange]) -> None:
        self.comparison = comparison
        self.rtol, self.atol = rtol, atol
        self.layers = layers
        self.prune = prune
        self._by_a = {layer.index_a: layer for layer in layers}
        self._by_b = {layer.index_b: layer for layer in layers}

    # what does not depend on the tolerance, passed through for convenience
    @property
    def only_in_a(self) -> list[EntryRef]:
        return self.comparison.only_in_a

    @property
    def only_in_b(self) -> list[EntryRef]:
        return self.comparison.only_in_b

    @property
    def changed(self) -> list[LayerDiff]:
        return self.layers

    @property
    def order_differs(self) -> bool:
        return bool(self.comparison.moved)

    def for_a(self, index: int) -> LayerDiff | None:
        """The differences of A's entry `index` (None when it equals its match or has none)."""
        return self._by_a.get(index)

    def for_b(self, index: int) -> LayerDiff | None:
        """The differences of B's entry `index`."""
        return self._by_b.get(index)

    def rows(self) -> Iterator[tuple[LayerDiff, FieldDiff]]:
        """Every differing (layer, field), layers in A's order: a differences table's rows."""
        for layer in self.layers:
            for f in layer.fields:
                yield layer, f

    @property
    def prune_equal(self) -> bool:
        c = self.comparison
        return not (self.prune or c.prune_only_in_a or c.prune_only_in_b)

    @property
    def equal(self) -> bool:
        """No difference AMCT would notice in the fields both dialects have (the order of
        entries alone is none)."""
        c = self.comparison
        return not (self.layers or c.only_in_a or c.only_in_b or not self.prune_equal
                    or c.dialects.defaults)
