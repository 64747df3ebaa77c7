"""What the whole file says, built once per document and updated per edit: `CheckContext`
(keys, prune node names and types, channel spans of pruned layers, the attached model) and
the prune-record helpers it and the prune rules share."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from editor.defaults import DEFAULT_OUTLIER_K, DEFAULT_STRONG_FENCE, DEFAULT_WASTE
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import (
    AttrMessage,
    EntryMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    PruneValueMessage,
    RootMessage,
    prune_records,
)
from editor.records.rules import _vectors
from editor.records.rules.layer_types import _TENSOR_KEY, LayerType, guess_layer_type, type_kind

if TYPE_CHECKING:
    from editor.models import Layer, Model
    from editor.models.match import KeyMatch

#: how the record rules name a model layer's kind (`editor.models` knows a few more)
_RULE_KINDS = {"conv": "conv", "fc": "fc", "avgpool": "avgpool", "rnn": "rnn"}


@dataclass
class ChannelSpan:
    """Channels the prune records give one node in one role (producer: outputs, consumer: inputs)."""

    ranges: list[tuple[int, int]]
    pruned: set[int]

    @property
    def end(self) -> int:
        return max(e for _, e in self.ranges)

    @property
    def contiguous(self) -> bool:
        """The ranges cover exactly [0, end)."""
        reach = 0
        for b, e in sorted(self.ranges):
            if b > reach:
                return False
            reach = max(reach, e)
        return True


def _attr_by_name(node: PruneNodeMessage) -> dict[str, tuple[int, AttrMessage]]:
    found: dict[str, tuple[int, AttrMessage]] = {}
    for j, a in enumerate(node.attr):
        found.setdefault(a.name, (j, a))
    return found


def _prune_nodes(pr: PruneRecordMessage) -> Iterator[tuple[str, str, PruneNodeMessage]]:
    """(path, role, node) of every node of a prune record, in file order."""
    producers: Sequence[PruneNodeMessage] = pr.producer
    consumers: Sequence[PruneNodeMessage] = pr.consumer
    for i, n in enumerate(producers):
        yield f"producer[{i}]", "producer", n
    for i, n in enumerate(consumers):
        yield f"consumer[{i}]", "consumer", n
    if pr.HasField("selective_prune"):
        yield "selective_prune", "selective_prune", pr.selective_prune


def _node_range(node: PruneNodeMessage) -> tuple[int, int, list[int]] | None:
    attrs = _attr_by_name(node)
    if "begin" not in attrs or "end" not in attrs:
        return None
    b, e = attrs["begin"][1].i, attrs["end"][1].i
    if b < 0 or b >= e:
        return None
    idx = list(attrs["prune_index"][1].ints) if "prune_index" in attrs else []
    return b, e, idx


def _names_prune_nodes(entry: EntryMessage) -> bool:
    """Whether a layer's value names prune nodes (`prune_producer`, `prune_consumer`)."""
    value = entry.value
    return isinstance(value, PruneValueMessage) and bool(value.prune_producer or value.prune_consumer)


class CheckContext:
    """Cross-entry facts the rules need, built once per document and updated per edit.

    Keys → entry indices (duplicates), prune node names, op types from prune ``type``
    attributes, channel spans of pruned layers, entries that name prune nodes. Update it
    after an edit (`update_entry`, `insert_entries`, `remove_entries`, `update_prune`);
    each returns the entry indices whose findings may have changed besides the edited ones.

    Settings of a check live here too: `outlier_k`, the IQR fence factor of the
    ``scale-w-outlier`` rule (``check --outlier-k``; in the window, the Channels plot's k);
    `strong_fence` and `list_mild`, whether its findings list mild outliers one by one.

    `model` is the network the record belongs to (`editor.models.Model`), or None: the
    ``model-`` rules run only with one, and layer types then come from it. `waste` is the
    ratio scale_w / ARQ above which the weights rule says a channel wastes levels.
    """

    def __init__(self, dialect: str | Dialect, model: Model | None = None, *,
                 outlier_k: float = DEFAULT_OUTLIER_K):
        self.dialect = get_dialect(dialect)
        self.model = model
        self.waste = DEFAULT_WASTE
        #: vector elements this check may still judge in plain Python (`_vectors.use_numpy`)
        self.python_budget = _vectors.PYTHON_BUDGET
        if not outlier_k >= 0:
            raise ValueError(f"the outlier fence factor k must be ≥ 0, not {outlier_k}")
        self.outlier_k = float(outlier_k)
        #: the second fence (`editor.records.severity`): outliers at least this many times
        #: beyond the IQR fence are strong
        self.strong_fence = DEFAULT_STRONG_FENCE
        #: list every outlier (True, the window) or only the strong ones, the mild ones summed
        #: up in the layer's line (``check`` without ``--verbose``)
        self.list_mild = True
        #: whether the summed-up line says ``--verbose`` lists them (check has the option, a
        #: report has not)
        self.verbose_hint = True
        self.entry_keys: list[str | None] = []
        self.key_index: dict[str, list[int]] = {}
        self.node_types: dict[str, str] = {}
        self.producer_names: set[str] = set()
        self.consumer_names: set[str] = set()
        self.producer_spans: dict[str, ChannelSpan] = {}
        self.consumer_spans: dict[str, ChannelSpan] = {}
        self.referencing: set[int] = set()
        self._has_refs = self.dialect.has_value_field("prune_producer")
        self._key_match: KeyMatch | None = None

    @classmethod
    def build(cls, message: RootMessage, dialect: str | Dialect, model: Model | None = None, *,
              outlier_k: float = DEFAULT_OUTLIER_K) -> CheckContext:
        ctx = cls(dialect, model, outlier_k=outlier_k)
        ctx._rebuild_keys(message)
        if ctx.dialect.has_prune:
            ctx._rebuild_prune(message)
        return ctx

    # keys
    def first_index(self, key: str) -> int | None:
        idx = self.key_index.get(key)
        return idx[0] if idx else None

    def key_match(self) -> KeyMatch | None:
        """How the keys meet the attached model's layers (`editor.models.match`), worked out
        once per set of keys: what the unknown-key and missing-record rules say; None
        without a model."""
        if self.model is None:
            return None
        if self._key_match is None:
            from editor.models.match import match_keys

            self._key_match = match_keys(self.entry_keys, self.model)
        return self._key_match

    def _rebuild_keys(self, message: RootMessage) -> None:
        self._key_match = None
        self.entry_keys = [e.key if e.HasField("key") else None for e in message.record]
        self.key_index = {}
        for i, k in enumerate(self.entry_keys):
            if k is not None:
                self.key_index.setdefault(k, []).append(i)
        if self._has_refs:
            entries: Sequence[EntryMessage] = message.record
            self.referencing = {i for i, e in enumerate(entries) if _names_prune_nodes(e)}

    def update_entry(self, message: RootMessage, index: int) -> set[int]:
        """Re-read entry `index` after an edit; returns other entries to re-check (duplicates)."""
        entry = message.record[index]
        new = entry.key if entry.HasField("key") else None
        old = self.entry_keys[index]
        if self._has_refs:
            if _names_prune_nodes(entry):
                self.referencing.add(index)
            else:
                self.referencing.discard(index)
        if new == old:
            return set()
        self._key_match = None
        affected = set(self.key_index.get(old, [])) if old is not None else set()
        if old is not None:
            lst = self.key_index[old]
            lst.remove(index)
            if not lst:
                del self.key_index[old]
        self.entry_keys[index] = new
        if new is not None:
            lst = self.key_index.setdefault(new, [])
            lst.append(index)
            lst.sort()
            affected |= set(lst)
        affected |= self._unknown_to_model()
        affected.discard(index)
        return affected

    def _unknown_to_model(self) -> set[int]:
        """Entries whose key names no layer of the model: what they are told ("did you mean X?
        That layer has no record") depends on the other keys."""
        if self.model is None:
            return set()
        find = self.model.find
        return {i for i, k in enumerate(self.entry_keys) if k and find(k)[0] is None}

    def insert_entries(self, message: RootMessage, index: int, count: int = 1) -> set[int]:
        """Entries were inserted at `index`; returns others to re-check (new duplicates)."""
        self._rebuild_keys(message)
        new = set(range(index, index + count))
        keys = {k for i in new if (k := self.entry_keys[i]) is not None}
        return ({i for k in keys for i in self.key_index[k]} | self._unknown_to_model()) - new

    def remove_entries(self, message: RootMessage, index: int, count: int = 1) -> set[int]:
        """Entries [index, index+count) were removed; returns entries (new indices) to re-check."""
        removed = {k for k in self.entry_keys[index:index + count] if k is not None}
        self._rebuild_keys(message)
        return {i for k in removed for i in self.key_index.get(k, [])} | self._unknown_to_model()

    # prune
    def _rebuild_prune(self, message: RootMessage) -> None:
        self.node_types, self.producer_spans, self.consumer_spans = {}, {}, {}
        self.producer_names, self.consumer_names = set(), set()
        for pr in prune_records(message):
            for _, role, node in _prune_nodes(pr):
                name = node.name
                attrs = _attr_by_name(node)
                if "type" in attrs and name not in self.node_types:
                    t = attrs["type"][1].s.decode("utf-8", "replace")
                    if t:
                        self.node_types[name] = t
                if role == "selective_prune":
                    continue
                (self.producer_names if role == "producer" else self.consumer_names).add(name)
                r = _node_range(node)
                if r is None:
                    continue
                spans = self.producer_spans if role == "producer" else self.consumer_spans
                span = spans.setdefault(name, ChannelSpan([], set()))
                span.ranges.append((r[0], r[1]))
                span.pruned.update(r[2])

    def update_prune(self, message: RootMessage) -> set[int]:
        """Re-read all prune records after an edit of any; returns entries to re-check."""
        before: tuple[Any, ...] = (dict(self.node_types), self.producer_names, self.consumer_names,
                  {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.producer_spans.items()},
                  {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.consumer_spans.items()})
        self._rebuild_prune(message)
        after: tuple[Any, ...] = (self.node_types, self.producer_names, self.consumer_names,
                 {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.producer_spans.items()},
                 {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.consumer_spans.items()})
        names: set[str] = set()
        for old, new in zip(before, after, strict=True):
            if isinstance(old, set):
                names |= old ^ new
            else:
                names |= {k for k in old.keys() | new.keys() if old.get(k) != new.get(k)}
        if not names:
            return set()
        affected = {i for n in names for i in self.key_index.get(n, [])}
        for k, idx in self.key_index.items():  # "layer:input_index" keys take their layer's type
            m = _TENSOR_KEY.match(k)
            if m and m.group(1) in names:
                affected.update(idx)
        return affected | self.referencing

    def model_layer(self, key: str | None) -> Layer | None:
        """The model's layer a key names (the layer of a ``layer:input_index`` key too)."""
        if self.model is None or not key:
            return None
        return self.model.find(key)[0]

    def layer_type(self, key: str | None) -> LayerType:
        """The type of the layer `key`: from the attached model, else from a prune ``type``
        attribute, else guessed from the key."""
        if self.model is not None and key:
            layer, index = self.model.find(key)
            if layer is not None:
                weighted = index is None and layer.takes_weights
                return LayerType(layer.op_type, _RULE_KINDS.get(layer.kind, "other"), "model",
                                 layer.channel_wise if weighted else None)
        if key:
            name = _TENSOR_KEY.sub(r"\1", key)
            t = self.node_types.get(key) or self.node_types.get(name)
            if t:
                return LayerType(t, type_kind(t), "file")
        return guess_layer_type(key)


def layer_type(key: str | None, context: CheckContext | None = None) -> LayerType:
    """A layer's type as the rules see it (prune ``type`` attribute first, else the key)."""
    return context.layer_type(key) if context is not None else guess_layer_type(key)
