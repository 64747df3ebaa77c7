"""AMCT's validity rules as data: each rule is an id, a severity, the dialects it applies to,
a one-line description and pure functions that yield findings. No Qt here.

Where the rules come from: RECORDS.md ("Validity rules AMCT applies"), the seeds, and the
checks of AMCT's own record parser (``parse_record_file.py`` in ``hicann/amct``), whose
error messages the findings quote where AMCT stops on them.

Severities: **error** — AMCT rejects the file or builds a wrong model; **warning** — legal
but suspicious, or documented as unsupported; **info** — worth knowing.

Using it
--------
- ``check_message(message, dialect)`` → every problem, in file order: entries first (each
  in rule order), then prune records, then whole-file findings.
- ``check_document(doc)`` does the same for a `RecordDocument` and fills line/column from
  ``doc.locate()`` where it knows them.
- Incremental (the GUI): build a ``CheckContext`` once per document, then
  ``check_entry(message, dialect, i, ctx)`` / ``check_prune_record(message, dialect, j, ctx)``
  re-check one entry or prune record; ``ctx.update_entry(message, i)`` /
  ``ctx.update_prune(message)`` say which other entries an edit touched.
  ``LiveChecker`` wraps all of that and keeps the current problem list.
  ``check_file_rules`` runs the few rules that look across the whole file (cheap).
- Before committing an edit: ``validate_value(dialect, value_or_entry, field, new_value,
  index=…)`` returns the error the new value would cause, or None; ``validate_changes``
  checks several edits made as one step (a channel added to every vector);
  ``validate_prune_value`` does the same for prune attributes.

Problem locations: ``record`` is the key and ``record_index`` the entry's position; ``field``
is a path inside the entry — value fields bare (``offset_d``, ``scale_w[3]``), ``key``,
``value`` (the block itself), ``kv_cache_value.scale[2]``. Prune problems set
``prune_record`` and ``record=None``, with paths like ``consumer[1].attr[2]``.

Layer types (for the per-channel and AvgPool rules) come from the prune records' ``type``
attributes when the file gives one for that layer name; otherwise from the key, which is a
guess and the finding says so. A key whose last component is an op type
(``…/Conv2D``, ``…/MatMul``, ``…/AvgPool``, TF's ``…/depthwise``) is trusted as much as
the file; looser naming conventions (``fc1000``, ``pool5``, ``conv_bn1``) only give
warnings. Decision on pooling: in a record a pooling layer can only be average pooling —
AMCT quantizes no other kind (max pooling needs no requantization) — so a key naming a
pool (Caffe's ``pool1``/``pool5``, ``avgpool``, ``global_pool``) is read as AvgPool unless
it says ``max``.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
from google.protobuf import message_factory
from google.protobuf.message import Message

from editor.records import quant
from editor.records._pb import basic_info_pb2
from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.problems import Problem, Severity, ordinal, quoted

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO
_ATTR = basic_info_pb2.AttrProto
_F32_EPS = np.float32(quant.FLT_EPSILON)


def _dialects_with(*names: str) -> frozenset[str]:
    return frozenset(d.name for d in DIALECTS.values() if any(d.has_value_field(n) for n in names))


ALL = frozenset(DIALECTS)
PRUNE = frozenset(d.name for d in DIALECTS.values() if d.has_prune)
WITH_ACT_TYPE = _dialects_with("act_type")


# --- registry ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule function yields; the engine turns it into a located `Problem`.

    `severity` None means the rule's own; `entry` lets a whole-file rule point at an entry.
    """

    message: str
    field: str | None = None
    severity: Severity | None = None
    entry: int | None = None


EntryFn = Callable[["EntryView"], Iterable[Finding]]
PruneFn = Callable[["PruneView"], Iterable[Finding]]
DocumentFn = Callable[["DocumentView"], Iterable[Finding]]


class Rule:
    """One rule: metadata plus the functions that check an entry, a prune record or the file.

    `severity` is the most severe level it reports; `also` lists the other levels some of
    its findings have (e.g. type-values warns where the docs say "only INT8 today").
    """

    __slots__ = ("id", "severity", "dialects", "description", "also", "entry", "prune", "document")

    def __init__(self, id: str, severity: Severity, dialects: Iterable[str], description: str,
                 also: tuple[Severity, ...] = ()):
        self.id = id
        self.severity = severity
        self.dialects = frozenset(dialects)
        self.description = description
        self.also = also
        self.entry: EntryFn | None = None
        self.prune: PruneFn | None = None
        self.document: DocumentFn | None = None

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)

    def applies_to(self, dialect: str | Dialect) -> bool:
        return get_dialect(dialect).name in self.dialects

    def on_entry(self, fn: EntryFn) -> EntryFn:
        self.entry = fn
        return fn

    def on_prune(self, fn: PruneFn) -> PruneFn:
        self.prune = fn
        return fn

    def on_document(self, fn: DocumentFn) -> DocumentFn:
        self.document = fn
        return fn

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.severity.value})"


#: Every rule by id, in the order they are checked and listed.
RULES: dict[str, Rule] = {}


def rule(id: str, severity: Severity, dialects: Iterable[str], description: str,
         also: tuple[Severity, ...] = ()) -> Rule:
    """Register a rule; attach its functions with ``@r.on_entry`` / ``on_prune`` / ``on_document``."""
    if id in RULES:
        raise ValueError(f"rule {id!r} registered twice")
    r = Rule(id, severity, dialects, description, also)
    RULES[id] = r
    return r


# --- layer types ------------------------------------------------------------------------

CONV_TYPES = frozenset({
    "Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv3D",  # TensorFlow/MindSpore
    "Convolution", "Deconvolution",  # Caffe
    "Conv", "ConvTranspose",  # ONNX (and AMCT PyTorch's exported graph)
    "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d",
})
FC_TYPES = frozenset({"MatMul", "BatchMatMul", "BatchMatMulV2", "Gemm", "Linear", "InnerProduct"})
AVGPOOL_TYPES = frozenset({"AvgPool", "AveragePool", "AvgPool3D", "AvgPool2d", "AdaptiveAvgPool2d",
                           "GlobalAveragePool"})
RNN_GATES = {"LSTM": 4, "GRU": 3}

#: What each dialect's docs allow per-channel scale_w for (the message's wording).
PER_CHANNEL_DOC = {
    "tf-inner": "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput",
    "tf-convert": "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput",
    "mindspore": "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput",
    "caffe": "Convolution and Deconvolution",
    "onnx": "Conv and ConvTranspose",
    "pytorch": "convolutions and Linear",
}

# The last component of a TF-style key names the op type ("scope/Conv2D", "scope/MatMul_1").
_KEY_OP_TYPES = {
    "Conv2D": "Conv2D", "Conv2DBackpropInput": "Conv2DBackpropInput", "Conv3D": "Conv3D",
    "DepthwiseConv2dNative": "DepthwiseConv2dNative", "depthwise": "DepthwiseConv2dNative",
    "conv2d_transpose": "Conv2DBackpropInput", "MatMul": "MatMul", "BatchMatMul": "BatchMatMul",
    "BatchMatMulV2": "BatchMatMulV2", "AvgPool": "AvgPool", "AvgPool3D": "AvgPool3D",
    "AveragePool": "AveragePool",
}
_SUFFIX = re.compile(r"_\d+$")
_TENSOR_KEY = re.compile(r"^(.+):(\d+)$")
_TOKEN_SPLIT = re.compile(r"[/._:\-\s]+")
_FC_TOKEN = re.compile(r"(fc|ip|dense|linear|gemm|matmul|innerproduct)\d*")
_POOL_TOKEN = re.compile(r"(pool|pooling|gap)\d*")
_AVG_POOL = re.compile(r"(avg|ave|average|global)_?pool")
_MAX_POOL = re.compile(r"max_?pool")


@dataclass(frozen=True)
class LayerType:
    """A layer's op type and where it came from.

    `source`: ``"file"`` (a prune record's ``type`` attribute), ``"key"`` (the key's last
    component is an op type), ``"name"`` (a naming convention), ``"none"`` (unknown).
    `kind`: ``conv``, ``fc``, ``avgpool``, ``rnn``, ``other`` or ``unknown``.
    """

    name: str | None
    kind: str
    source: str

    @property
    def known(self) -> bool:
        return self.kind != "unknown"

    @property
    def guessed(self) -> bool:
        return self.source in ("key", "name")

    @property
    def confident(self) -> bool:
        """Good enough for an error: the file says it, or the key is the op type itself."""
        return self.source in ("file", "key")

    @property
    def note(self) -> str:
        if self.source == "file":
            return f" (type {self.name} from its prune record)"
        if self.guessed:
            return f" (layer type {self.name} guessed from its name)"
        return ""


UNKNOWN_TYPE = LayerType(None, "unknown", "none")


def type_kind(type_name: str) -> str:
    """The kind of an op type name as written in a file or key."""
    if type_name in CONV_TYPES:
        return "conv"
    if type_name in FC_TYPES:
        return "fc"
    if type_name in AVGPOOL_TYPES:
        return "avgpool"
    if type_name in RNN_GATES:
        return "rnn"
    return "other"


@lru_cache(maxsize=65536)
def guess_layer_type(key: str | None) -> LayerType:
    """The layer type a key suggests, or UNKNOWN_TYPE. See the module docstring."""
    if not key:
        return UNKNOWN_TYPE
    m = _TENSOR_KEY.match(key)
    name = m.group(1) if m else key
    leaf = _SUFFIX.sub("", name.rsplit("/", 1)[-1])
    if leaf in _KEY_OP_TYPES:
        t = _KEY_OP_TYPES[leaf]
        return LayerType(t, type_kind(t), "key")
    low = name.lower()
    if _MAX_POOL.search(low):
        return UNKNOWN_TYPE
    tokens = [t for t in _TOKEN_SPLIT.split(low) if t]
    if _AVG_POOL.search(low) or any(_POOL_TOKEN.fullmatch(t) for t in tokens):
        return LayerType("AvgPool", "avgpool", "name")
    if any(_FC_TOKEN.fullmatch(t) for t in tokens):
        return LayerType("fully-connected", "fc", "name")
    if "conv" in low or "depthwise" in low:
        return LayerType("convolution", "conv", "name")
    return UNKNOWN_TYPE


def is_tensor_key(key: str | None) -> bool:
    """``layer:input_index`` keys quantize one input tensor: activation factors only."""
    return bool(key) and _TENSOR_KEY.match(key) is not None  # type: ignore[arg-type]


# --- context: what the whole file says, built once, updated per edit ---------------------

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


def _attr_by_name(node) -> dict[str, tuple[int, object]]:
    found: dict[str, tuple[int, object]] = {}
    for j, a in enumerate(node.attr):
        found.setdefault(a.name, (j, a))
    return found


def _prune_nodes(pr) -> Iterator[tuple[str, str, object]]:
    """(path, role, node) of every node of a prune record, in file order."""
    for i, n in enumerate(pr.producer):
        yield f"producer[{i}]", "producer", n
    for i, n in enumerate(pr.consumer):
        yield f"consumer[{i}]", "consumer", n
    if pr.HasField("selective_prune"):
        yield "selective_prune", "selective_prune", pr.selective_prune


def _node_range(node) -> tuple[int, int, list[int]] | None:
    attrs = _attr_by_name(node)
    if "begin" not in attrs or "end" not in attrs:
        return None
    b, e = attrs["begin"][1].i, attrs["end"][1].i
    if b < 0 or b >= e:
        return None
    idx = list(attrs["prune_index"][1].ints) if "prune_index" in attrs else []
    return b, e, idx


class CheckContext:
    """Cross-entry facts the rules need, built once per document and updated per edit.

    Keys → entry indices (duplicates), prune node names, op types from prune ``type``
    attributes, channel spans of pruned layers, entries that name prune nodes. Update it
    after an edit (`update_entry`, `insert_entries`, `remove_entries`, `update_prune`);
    each returns the entry indices whose findings may have changed besides the edited ones.
    """

    def __init__(self, dialect: str | Dialect):
        self.dialect = get_dialect(dialect)
        self.entry_keys: list[str | None] = []
        self.key_index: dict[str, list[int]] = {}
        self.node_types: dict[str, str] = {}
        self.producer_names: set[str] = set()
        self.consumer_names: set[str] = set()
        self.producer_spans: dict[str, ChannelSpan] = {}
        self.consumer_spans: dict[str, ChannelSpan] = {}
        self.referencing: set[int] = set()
        self._has_refs = self.dialect.has_value_field("prune_producer")

    @classmethod
    def build(cls, message: Message, dialect: str | Dialect) -> CheckContext:
        ctx = cls(dialect)
        ctx._rebuild_keys(message)
        if ctx.dialect.has_prune:
            ctx._rebuild_prune(message)
        return ctx

    # keys
    def first_index(self, key: str) -> int | None:
        idx = self.key_index.get(key)
        return idx[0] if idx else None

    def _rebuild_keys(self, message: Message) -> None:
        self.entry_keys = [e.key if e.HasField("key") else None for e in message.record]
        self.key_index = {}
        for i, k in enumerate(self.entry_keys):
            if k is not None:
                self.key_index.setdefault(k, []).append(i)
        if self._has_refs:
            self.referencing = {i for i, e in enumerate(message.record)
                                if e.value.prune_producer or e.value.prune_consumer}

    def update_entry(self, message: Message, index: int) -> set[int]:
        """Re-read entry `index` after an edit; returns other entries to re-check (duplicates)."""
        entry = message.record[index]
        new = entry.key if entry.HasField("key") else None
        old = self.entry_keys[index]
        if self._has_refs:
            if entry.value.prune_producer or entry.value.prune_consumer:
                self.referencing.add(index)
            else:
                self.referencing.discard(index)
        if new == old:
            return set()
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
        affected.discard(index)
        return affected

    def insert_entries(self, message: Message, index: int, count: int = 1) -> set[int]:
        """Entries were inserted at `index`; returns others to re-check (new duplicates)."""
        self._rebuild_keys(message)
        new = set(range(index, index + count))
        keys = {self.entry_keys[i] for i in new} - {None}
        return {i for k in keys for i in self.key_index[k]} - new

    def remove_entries(self, message: Message, index: int, count: int = 1) -> set[int]:
        """Entries [index, index+count) were removed; returns entries (new indices) to re-check."""
        removed = {k for k in self.entry_keys[index:index + count] if k is not None}
        self._rebuild_keys(message)
        return {i for k in removed for i in self.key_index.get(k, [])}

    # prune
    def _rebuild_prune(self, message: Message) -> None:
        self.node_types, self.producer_spans, self.consumer_spans = {}, {}, {}
        self.producer_names, self.consumer_names = set(), set()
        for pr in message.prune_record:
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

    def update_prune(self, message: Message) -> set[int]:
        """Re-read all prune records after an edit of any; returns entries to re-check."""
        before = (dict(self.node_types), self.producer_names, self.consumer_names,
                  {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.producer_spans.items()},
                  {k: (sorted(v.ranges), set(v.pruned)) for k, v in self.consumer_spans.items()})
        self._rebuild_prune(message)
        after = (self.node_types, self.producer_names, self.consumer_names,
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

    def layer_type(self, key: str | None) -> LayerType:
        """The type of the layer `key`: from a prune ``type`` attribute, else guessed from the key."""
        if key:
            name = _TENSOR_KEY.sub(r"\1", key)
            t = self.node_types.get(key) or self.node_types.get(name)
            if t:
                return LayerType(t, type_kind(t), "file")
        return guess_layer_type(key)


def layer_type(key: str | None, context: CheckContext | None = None) -> LayerType:
    """A layer's type as the rules see it (prune ``type`` attribute first, else the key)."""
    return context.layer_type(key) if context is not None else guess_layer_type(key)


# --- views the rule functions read ------------------------------------------------------

_QUANT_FACTORS = ("scale_d", "offset_d", "scale_w", "offset_w", "shift_bit")
_RNN_FACTORS = ("scale_h", "offset_h", "scale_r", "offset_r")


class EntryView:
    """One `record` entry as the rule functions see it, with cached numpy views of vectors.

    `focus` maps a vector field to an element index: findings about that vector then name
    that element when it is bad (the validator asks "is *this* element wrong", not "is some
    element wrong").
    """

    __slots__ = ("entry", "index", "dialect", "ctx", "key", "has_value", "value", "focus",
                 "_set", "_arrays", "_type")

    def __init__(self, entry: Message, index: int, dialect: Dialect, ctx: CheckContext,
                 focus: dict[str, int] | None = None):
        self.entry = entry
        self.index = index
        self.dialect = dialect
        self.ctx = ctx
        self.key: str | None = entry.key if entry.HasField("key") else None
        self.has_value = entry.HasField("value")
        self.value = entry.value
        self.focus = focus
        # one C call finds every set field (repeated ones only when non-empty)
        self._set = {fd.name: v for fd, v in self.value.ListFields()} if self.has_value else {}
        self._arrays: dict[str, np.ndarray] = {}
        self._type: LayerType | None = None

    def has(self, name: str) -> bool:
        """Whether the value sets `name` (non-empty for a repeated field); False if no such field."""
        return name in self._set

    def get(self, name: str, default=None):
        """The value of a singular field if set, else `default`."""
        return self._set.get(name, default)

    def n(self, name: str) -> int:
        """How many values a repeated field has (0 when unset or not in this dialect)."""
        v = self._set.get(name)
        return 0 if v is None else len(v)

    def f32(self, name: str) -> np.ndarray:
        a = self._arrays.get(name)
        if a is None:
            a = np.array(self._set.get(name, ()), dtype=np.float32)
            self._arrays[name] = a
        return a

    def ints(self, name: str) -> np.ndarray:
        a = self._arrays.get(name)
        if a is None:
            a = np.array(self._set.get(name, ()), dtype=np.int64)
            self._arrays[name] = a
        return a

    @property
    def layer_type(self) -> LayerType:
        if self._type is None:
            self._type = self.ctx.layer_type(self.key)
        return self._type

    @property
    def has_factors(self) -> bool:
        return self.has_value and any(self.has(f) for f in _QUANT_FACTORS + _RNN_FACTORS)

    @property
    def takes_weights(self) -> bool:
        return not is_tensor_key(self.key) and self.layer_type.kind != "avgpool"

    def pick(self, name: str, bad: np.ndarray) -> int:
        """The element of `bad` (indices) a finding names: the focused one if bad, else the first."""
        if self.focus and name in self.focus and np.any(bad == self.focus[name]):
            return int(self.focus[name])
        return int(bad[0])

    def label(self) -> str:
        if self.key:
            return f"layer {_q(self.key)}"
        return f"record {self.index} (no key)" if self.index >= 0 else "this record (no key)"


class PruneView:
    """One `prune_record` as the rule functions see it."""

    __slots__ = ("record", "index", "dialect", "ctx", "nodes")

    def __init__(self, record: Message, index: int, dialect: Dialect, ctx: CheckContext):
        self.record = record
        self.index = index
        self.dialect = dialect
        self.ctx = ctx
        self.nodes = list(_prune_nodes(record))


class DocumentView:
    """The whole message, for rules that look across entries."""

    __slots__ = ("message", "dialect", "ctx")

    def __init__(self, message: Message, dialect: Dialect, ctx: CheckContext):
        self.message = message
        self.dialect = dialect
        self.ctx = ctx


# --- formatting helpers -----------------------------------------------------------------

def _q(text: str) -> str:
    """A name quoted for a message: control characters visible, at most ~80 characters."""
    return quoted(text)


def _fmt(v) -> str:
    if isinstance(v, np.floating):
        return quant.f32_str(v)
    return str(int(v)) if isinstance(v, np.integer | int) else str(v)


def _examples(name: str, values: np.ndarray, bad: np.ndarray, first: int, limit: int = 3) -> str:
    order = [first] + [int(i) for i in bad if int(i) != first][:limit - 1]
    text = ", ".join(f"{name}[{i}] = {_fmt(values[i])}" for i in order)
    if bad.size > limit:
        text += f" and {bad.size - limit} more"
    return text


def _vector(e: EntryView, label: str, values: np.ndarray, bad_mask: np.ndarray, must: str,
            are_not: str, severity: Severity | None = None) -> Iterator[Finding]:
    """One finding for the bad elements of a vector; its field names the first (or focused) one.

    `must` words one bad value ("must be 0"), `are_not` several ("are not 0").
    """
    if not bad_mask.any():
        return
    bad = np.flatnonzero(bad_mask)
    first = e.pick(label, bad)
    if values.size == 1:
        msg = f"{label} = {_fmt(values[0])} {must}"
    elif bad.size == 1:
        msg = f"{label}[{first}] = {_fmt(values[first])} {must}"
    else:
        msg = f"{bad.size} of {values.size} {label} values {are_not}: " + _examples(label, values, bad, first)
    yield Finding(msg, f"{label}[{first}]", severity)


def _an(word: str) -> str:
    """``a FLOAT``, ``an INT``: the article a type name takes."""
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


def _act_desc(e: EntryView, act: str | None) -> str:
    if act is None:
        if e.dialect.has_value_field("act_type"):
            return "act_type unset, so INT8"
        return "INT8"
    if act not in quant.BIT_WIDTHS:
        return f"act_type {_q(act)} is not a known type, so INT8"
    return f"act_type {act}"


# --- the rules --------------------------------------------------------------------------
# Keys and structure

EMPTY_KEY = rule("empty-key", ERROR, ALL,
                 "every record needs a non-empty key, the layer name (AMCT: 'Cannot find \"key\"')")


@EMPTY_KEY.on_entry
def _empty_key(e: EntryView):
    if e.key is None:
        yield Finding("the key is missing; AMCT stops with 'Cannot find \"key\" in record file'", "key")
    elif e.key == "":
        yield Finding("the key is empty; it matches no layer", "key")


KEY_WHITESPACE = rule("key-whitespace", ERROR, ALL,
                      "a key or prune node name with leading/trailing whitespace or a line break "
                      "never matches a layer name")
_BREAKS = ("\n", "\r", "\t", "\v", "\f")


def _whitespace_problem(text: str) -> str | None:
    what = []
    if text != text.strip():
        what.append("leading or trailing whitespace")
    if any(c in text.strip() for c in _BREAKS):
        what.append("a line break or tab inside")
    return " and ".join(what) or None


@KEY_WHITESPACE.on_entry
def _key_whitespace(e: EntryView):
    if e.key and (what := _whitespace_problem(e.key)):
        yield Finding(f"the key has {what}, so it never matches a layer name "
                      f"(did you mean {_q(e.key.strip())}?)", "key")


@KEY_WHITESPACE.on_prune
def _prune_name_whitespace(p: PruneView):
    for path, _, node in p.nodes:
        if node.name and (what := _whitespace_problem(node.name)):
            yield Finding(f"{path} name {_q(node.name)} has {what}, so it never matches a node "
                          f"(did you mean {_q(node.name.strip())}?)", f"{path}.name")


DUPLICATE_KEY = rule("duplicate-key", ERROR, ALL,
                     "a key given twice: AMCT silently uses the first entry and ignores the others")


@DUPLICATE_KEY.on_entry
def _duplicate_key(e: EntryView):
    if e.key:
        first = e.ctx.first_index(e.key)
        if first is not None and first < e.index:
            # the how-many-th entry with this key this one is (it may be an edit not yet indexed)
            nth = bisect.bisect_left(e.ctx.key_index[e.key], e.index) + 1
            again = "again" if nth == 2 else f"again, a {ordinal(nth)} time"
            yield Finding(f"the key appears {again} (first at record {first}); AMCT uses the first "
                          "entry and silently ignores this one", "key")


MISSING_FACTORS = rule(
    "missing-factors", ERROR, ALL,
    "a layer with any factor needs scale_d and offset_d, and scale_w/offset_w unless it takes no "
    "weights; an entry without factors is skipped (info)", also=(INFO,))


@MISSING_FACTORS.on_entry
def _missing_factors(e: EntryView):
    has_kv = "kv_cache_value" in e.dialect.entry_descriptor.fields_by_name \
        and e.entry.HasField("kv_cache_value")
    if not e.has_value:
        if not has_kv:
            yield Finding("the entry has no value { } block; AMCT stops with \"cannot find 'value'\"",
                          "value")
        return
    if not e.has_factors:
        # AMCT still reads skip_fusion and tensor_balance_factor of such an entry
        if not (has_kv or e.has("tensor_balance_factor") or e.has("skip_fusion")):
            yield Finding("the entry has no quantization factors; AMCT skips this layer", "value", INFO)
        return
    for f in ("scale_d", "offset_d"):
        if not e.has(f):
            yield Finding(f"{f} is missing; a layer with any factor needs scale_d and offset_d "
                          f"(AMCT: 'cannot find {f} of layer …, please check data calibration process')", f)
    if e.takes_weights:
        for f in ("scale_w", "offset_w"):
            if not e.has(f):
                yield Finding(f"{f} is missing; a layer with weights needs scale_w and offset_w "
                              f"(AMCT: 'cannot find {f} of layer …'){e.layer_type.note}", f)
    if any(e.has(f) for f in _RNN_FACTORS):
        for f in _RNN_FACTORS:
            if not e.has(f):
                yield Finding(f"{f} is missing; RNN factors come as a set: scale_h, offset_h, "
                              "scale_r, offset_r", f)


# Values

SCALE_POSITIVE = rule("scale-positive", ERROR, ALL,
                      "scale_d, scale_w (and RNN scale_h/scale_r) must be finite and > 0")


@SCALE_POSITIVE.on_entry
def _scale_positive(e: EntryView):
    for name in ("scale_d", "scale_h"):
        if e.has(name):
            v = np.float32(getattr(e.value, name))
            if not (np.isfinite(v) and v > 0):
                yield Finding(f"{name} = {_fmt(v)} must be finite and > 0", name)
    for name in ("scale_w", "scale_r"):
        if e.n(name):
            a = e.f32(name)
            with np.errstate(invalid="ignore"):
                bad = ~(np.isfinite(a) & (a > 0))
            yield from _vector(e, name, a, bad, "must be finite and > 0", "are not finite and > 0")


DEGENERATE_SCALE = rule("degenerate-scale", WARNING, ALL,
                        "scale_d below FLT_EPSILON: a degenerate calibration, AMCT substitutes 1.0")


@DEGENERATE_SCALE.on_entry
def _degenerate_scale(e: EntryView):
    if e.has("scale_d"):
        v = np.float32(e.value.scale_d)
        if 0 < v < _F32_EPS:
            yield Finding(f"scale_d = {_fmt(v)} is below FLT_EPSILON ({_fmt(_F32_EPS)}); AMCT replaces it "
                          "with 1.0 — the calibration saw (nearly) constant activations", "scale_d")


OFFSET_D_RANGE = rule("offset-d-range", ERROR, ALL,
                      "offset_d (and RNN offset_h) in [-128, 127], or [-32768, 32767] when act_type is "
                      "INT16; warning when outside an INT4 act_type's [-8, 7]", also=(WARNING,))


@OFFSET_D_RANGE.on_entry
def _offset_d_range(e: EntryView):
    act = e.get("act_type")
    lo, hi = quant.amct_offset_check_range(act)
    for name in ("offset_d", "offset_h"):
        if not e.has(name):
            continue
        v = getattr(e.value, name)
        if not lo <= v <= hi:
            yield Finding(f"{name} = {v} is outside [{lo}, {hi}] ({_act_desc(e, act)})", name)
        elif act in quant.BIT_WIDTHS and quant.BIT_WIDTHS[act] < 8:
            qlo, qhi = quant.int_range(quant.BIT_WIDTHS[act])
            if not qlo <= v <= qhi:
                yield Finding(f"{name} = {v} is outside [{qlo}, {qhi}], the range of act_type {act}; "
                              "AMCT accepts it (it checks the INT8 range) but the clip range is off",
                              name, WARNING)


OFFSET_W_ZERO = rule("offset-w-zero", ERROR, ALL,
                     "every offset_w (and RNN offset_r) must be 0: weight offsets are not supported")


@OFFSET_W_ZERO.on_entry
def _offset_w_zero(e: EntryView):
    for name in ("offset_w", "offset_r"):
        if e.n(name):
            a = e.ints(name)
            yield from _vector(e, name, a, a != 0, "must be 0 (AMCT supports no weight offset)",
                               "are not 0 (AMCT supports no weight offset)")


LENGTH_MISMATCH = rule("length-mismatch", ERROR, ALL,
                       "offset_w and shift_bit (RNN: offset_r) must have as many values as scale_w "
                       "(scale_r)")


@LENGTH_MISMATCH.on_entry
def _length_mismatch(e: EntryView):
    for other, base in (("offset_w", "scale_w"), ("shift_bit", "scale_w"), ("offset_r", "scale_r")):
        a, b = e.n(other), e.n(base)
        if a and b and a != b:
            yield Finding(f"{other} has {a} values but {base} has {b}; they must be the same length "
                          "(one per channel, or one for the whole layer)", other)


PER_CHANNEL_TYPE = rule(
    "per-channel-type", ERROR, ALL,
    "per-channel scale_w only on convolution-like layers (PyTorch: also Linear); warning when the "
    "layer type is only guessed from a naming convention", also=(WARNING,))


@PER_CHANNEL_TYPE.on_entry
def _per_channel_type(e: EntryView):
    n = e.n("scale_w")
    if n <= 1:
        return
    lt = e.layer_type
    if lt.kind in ("unknown", "conv", "avgpool"):
        return
    if lt.kind == "fc" and e.dialect.name == "pytorch":
        return
    if lt.kind == "rnn" and n == RNN_GATES[lt.name]:
        return
    yield Finding(f"scale_w has {n} values (per-channel), but per-channel quantization is only for "
                  f"{PER_CHANNEL_DOC[e.dialect.name]}; a {lt.name} layer takes one scale_w{lt.note}",
                  "scale_w", ERROR if lt.confident else WARNING)


SHIFT_BIT_RANGE = rule("shift-bit-range", ERROR, ALL, "shift_bit values all 0, or each in [1, 16]")


@SHIFT_BIT_RANGE.on_entry
def _shift_bit_range(e: EntryView):
    if e.n("shift_bit"):
        a = e.ints("shift_bit")
        if not (a == 0).all():
            yield from _vector(e, "shift_bit", a, (a < 1) | (a > 16),
                               "breaks the rule: all 0, or each in [1, 16]",
                               "break the rule: all 0, or each in [1, 16]")


CLUSTER_SHAPE = rule("cluster-shape", ERROR, _dialects_with("cluster"),
                     "NUQ cluster centres: 16 or 32 values, each in [-128, 127]")


@CLUSTER_SHAPE.on_entry
def _cluster_shape(e: EntryView):
    n = e.n("cluster")
    if n:
        if n not in (16, 32):
            yield Finding(f"cluster has {n} values; AMCT wants 16 or 32 cluster centres", "cluster")
        a = e.ints("cluster")
        yield from _vector(e, "cluster", a, (a < -128) | (a > 127), "is outside [-128, 127]",
                           "are outside [-128, 127]")


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
    "type-values", ERROR, _dialects_with(*_TYPE_VALUES),
    "act_type ∈ {INT4, INT8, INT16}, wts_type ∈ {INT4, INT6, INT7, INT8}, dst_type ∈ {INT8, INT4}, "
    "op_data_type, fakequant_precision_mode; warning where the docs say only INT8 works today",
    also=(WARNING,))


@TYPE_VALUES.on_entry
def _type_values(e: EntryView):
    for name, allowed in _TYPE_VALUES.items():
        if not e.has(name):
            continue
        v = getattr(e.value, name)
        if v not in allowed:
            yield Finding(f"{name} = {_q(v)} is not one of {', '.join(allowed)}; AMCT stops with "
                          f"'Do not support {name} …'", name)
        elif name == "act_type" and v != "INT8":
            yield Finding(f"act_type = {v}: the documentation says only INT8 activation quantization "
                          "is supported today", name, WARNING)
        elif name == "wts_type" and v != "INT8" and e.dialect.name == "tf-convert":
            yield Finding(f"wts_type = {v}: convert_model documents only INT8 weights", name, WARNING)


TBF_RANGE = rule("tbf-range", ERROR, _dialects_with("tensor_balance_factor"),
                 "each tensor_balance_factor in [FLT_EPSILON, 1/FLT_EPSILON]")


@TBF_RANGE.on_entry
def _tbf_range(e: EntryView):
    if e.n("tensor_balance_factor"):
        a = e.f32("tensor_balance_factor")
        with np.errstate(invalid="ignore"):
            ok = (a >= _F32_EPS) & (a <= np.float32(1) / _F32_EPS)
        bounds = f"[FLT_EPSILON, 1/FLT_EPSILON] = [{_fmt(_F32_EPS)}, {_fmt(np.float32(1) / _F32_EPS)}]"
        yield from _vector(e, "tensor_balance_factor", a, ~ok, f"is outside {bounds}",
                           f"are outside {bounds}")


AVGPOOL_WEIGHTS = rule(
    "avgpool-weights", ERROR, ALL,
    "AvgPool has no weights: no scale_w/offset_w/shift_bit/tensor_balance_factor, and dst_type not "
    "INT4; warning when the type is only guessed", also=(WARNING,))


@AVGPOOL_WEIGHTS.on_entry
def _avgpool_weights(e: EntryView):
    lt = e.layer_type
    if e.has("dst_type") and e.value.dst_type == "INT4":
        amct_says = bool(e.key) and "AvgPool" in e.key  # AMCT's own test is on the key text
        if amct_says or lt.kind == "avgpool":
            yield Finding("dst_type INT4 is not supported for AvgPool (AMCT: 'AvgPool in INT4 not "
                          f"supported'){'' if amct_says else lt.note}", "dst_type",
                          ERROR if amct_says or lt.confident else WARNING)
    if lt.kind != "avgpool":
        return
    sev = ERROR if lt.confident else WARNING
    for f in ("scale_w", "offset_w", "shift_bit", "tensor_balance_factor"):
        if e.has(f):
            yield Finding(f"{f} is set, but AvgPool has no weights (AMCT stops with 'find undesirable "
                          f"{f}'){lt.note}", f, sev)


TENSOR_QUANT_WEIGHTS = rule(
    "tensor-quant-weights", ERROR, ALL,
    "a 'layer:input_index' key quantizes one input tensor: activation factors only, no "
    "scale_w/offset_w/shift_bit")


@TENSOR_QUANT_WEIGHTS.on_entry
def _tensor_quant_weights(e: EntryView):
    if is_tensor_key(e.key):
        for f in ("scale_w", "offset_w", "shift_bit"):
            if e.has(f):
                yield Finding(f"{f} is set, but a 'layer:input_index' key quantizes an input tensor "
                              f"and takes activation factors only (AMCT: 'find undesirable {f}')", f)


CAFFE_SHAPE = rule("caffe-shape-required", ERROR, _dialects_with("channels"),
                   "Caffe: channels, height and width (the input shape) on every quantized layer")


@CAFFE_SHAPE.on_entry
def _caffe_shape(e: EntryView):
    if not e.has_factors:
        return
    for f in ("channels", "height", "width"):
        if not e.has(f):
            yield Finding(f"{f} is missing; AMCT Caffe cannot infer shapes and needs the layer's input "
                          "shape (channels, height, width) on every quantized layer", f)
        elif getattr(e.value, f) == 0:
            yield Finding(f"{f} = 0 is not a valid input shape; channels, height and width must each "
                          "be ≥ 1", f)


RESERVED_FIELD = rule(
    "reserved-field", WARNING, frozenset({"tf-convert", "tf-inner", "caffe"}),
    "fields documented as unsupported: shift_bit in TF convert_model (reserved), cluster (NUQ); "
    "info for shift_bit in Caffe, whose documentation both reserves and requires it", also=(INFO,))

#: Seed 000 (AMCT Caffe) on shift_bit, in its own two places (the field table; the record section).
CAFFE_SHIFT_BIT = (
    "shift_bit is set, and AMCT Caffe's documentation contradicts itself about it: its field table "
    "says shift_bit is reserved for convert_model, not supported and not to be configured, while its "
    "record section says a quantized layer's config needs shift_bit among its fields, and its example "
    "sets it; which of the two applies is not documented, so this is a note, not a warning")


@RESERVED_FIELD.on_entry
def _reserved_field(e: EntryView):
    if e.has("shift_bit"):
        if e.dialect.name == "tf-convert":
            yield Finding("shift_bit is reserved for convert_model and not supported; remove it "
                          "(AMCT may stop with 'shift_bit is not support')", "shift_bit")
        elif e.dialect.name == "caffe":
            yield Finding(CAFFE_SHIFT_BIT, "shift_bit", INFO)
    if e.has("cluster"):
        yield Finding("cluster (NUQ centres) is documented as not supported", "cluster")


KV_CACHE = rule("kv-cache-factors", ERROR, frozenset({"pytorch"}),
                "kv_cache_value needs scale and offset of equal length; scale finite > 0, offset in "
                "[-128, 127] (KV cache is INT8 only)")


@KV_CACHE.on_entry
def _kv_cache(e: EntryView):
    if not e.entry.HasField("kv_cache_value"):
        return
    kv = e.entry.kv_cache_value
    s = np.array(kv.scale, dtype=np.float32)
    o = np.array(kv.offset, dtype=np.int64)
    for name, a in (("scale", s), ("offset", o)):
        if a.size == 0:
            yield Finding(f"kv_cache_value has no {name}; AMCT stops with 'Cannot find {name} of layer'",
                          f"kv_cache_value.{name}")
    if s.size and o.size and s.size != o.size:
        yield Finding(f"kv_cache_value has {s.size} scale but {o.size} offset values; they must be the "
                      "same length", "kv_cache_value.offset")
    with np.errstate(invalid="ignore"):
        bad = ~(np.isfinite(s) & (s > 0))
    yield from _vector(e, "kv_cache_value.scale", s, bad, "must be finite and > 0", "are not finite and > 0")
    yield from _vector(e, "kv_cache_value.offset", o, (o < -128) | (o > 127),
                       "is outside [-128, 127] (KV cache is INT8)", "are outside [-128, 127] (KV cache is INT8)")


SKIP_FUSION_DEFAULT = rule(
    "skip-fusion-default", INFO, frozenset({"onnx"}),
    "ONNX: skip_fusion defaults to true (every other flavour: false); layers that leave it unset "
    "skip Conv+BN fusion")


@SKIP_FUSION_DEFAULT.on_document
def _skip_fusion_default(d: DocumentView):
    relying = [i for i, en in enumerate(d.message.record)
               if en.HasField("value") and not en.value.HasField("skip_fusion")
               and (en.value.HasField("scale_d") or en.value.HasField("offset_d") or len(en.value.scale_w))]
    if relying:
        more = f" (so do {len(relying) - 1} more layers)" if len(relying) > 1 else ""
        yield Finding("skip_fusion is unset, so the ONNX default true applies: AMCT ONNX skips Conv+BN "
                      "fusion for this layer, unlike the other AMCT flavours (default false); write "
                      f"skip_fusion explicitly if the record came from another flavour{more}",
                      "skip_fusion", entry=relying[0])


BIT_WIDTH_HINT = rule(
    "bit-width-hint", INFO, WITH_ACT_TYPE,
    "all offset_d values fit INT4 (some at -8) but no act_type is set, so AMCT and the clip ranges "
    "assume INT8")


@BIT_WIDTH_HINT.on_document
def _bit_width_hint(d: DocumentView):
    count, at_min, first = 0, 0, None
    for i, en in enumerate(d.message.record):  # stops at the first sign of a wider type
        v = en.value
        if v.HasField("act_type"):
            return
        if v.HasField("offset_d"):
            o = v.offset_d
            if not -8 <= o <= 7:
                return
            count += 1
            if o == -8:
                at_min += 1
                if first is None:
                    first = i
    if count >= 2 and first is not None:
        yield Finding(f"all {count} offset_d values lie in INT4's range [-8, 7] ({at_min} "
                      "at -8, its minimum) but no layer sets act_type, so AMCT reads them as INT8 and the "
                      "clip ranges shown assume INT8; if this record is INT4, set act_type: \"INT4\"",
                      "act_type", entry=first)


# Prune records

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


_VALUE_FIELD = {_ATTR.FLOAT: "f", _ATTR.INT: "i", _ATTR.STRING: "s", _ATTR.FLOATS: "floats",
                _ATTR.INTS: "ints", _ATTR.STRINGS: "strings"}
_KNOWN_ATTRS = {"type": _ATTR.STRING, "begin": _ATTR.INT, "end": _ATTR.INT, "prune_axis": _ATTR.INT,
                "group": _ATTR.INT, "prune_group": _ATTR.INT, "prune_index": _ATTR.INTS,
                "mask_shape": _ATTR.INTS}
_TYPE_NAME = _ATTR.AttrType.Name


def _set_value_fields(attr) -> list[str]:
    return ([f for f in ("f", "i", "s") if attr.HasField(f)]
            + [f for f in ("floats", "ints", "strings") if len(getattr(attr, f))])


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
            present = _set_value_fields(attr)
            t = attr.type if attr.HasField("type") else _ATTR.UNDEFINED
            if t == _ATTR.UNDEFINED:
                yield Finding(f"{label} has no type" + (f" ({', '.join(present)} set)" if present else ""),
                              apath)
                continue
            expected = _VALUE_FIELD[t]
            wrong = [f for f in present if f != expected]
            if wrong:
                yield Finding(f"{label} has type {_TYPE_NAME(t)} but sets {', '.join(wrong)}; "
                              f"{_an(_TYPE_NAME(t))} attr carries its value in {expected}", apath)
            elif not present:
                yield Finding(f"{label} has type {_TYPE_NAME(t)} but no {expected} value (it reads as "
                              "empty/0)", apath, WARNING)
            if name in _KNOWN_ATTRS and t != _KNOWN_ATTRS[name]:
                yield Finding(f"{label} must have type {_TYPE_NAME(_KNOWN_ATTRS[name])}, not "
                              f"{_TYPE_NAME(t)} (AMCT reads .{_VALUE_FIELD[_KNOWN_ATTRS[name]]})", apath)


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


# --- the engine -------------------------------------------------------------------------

@dataclass(frozen=True)
class _Selection:
    entry: tuple[Rule, ...]
    prune: tuple[Rule, ...]
    document: tuple[Rule, ...]
    severities: frozenset[Severity] | None


def _select(dialect: Dialect, rules: Iterable[str] | None,
            severities: Iterable[Severity | str] | None) -> _Selection:
    if rules is None:
        chosen = list(RULES.values())
    else:
        ids = list(rules)
        unknown = [r for r in ids if r not in RULES]
        if unknown:
            raise ValueError(f"unknown rule id(s): {', '.join(unknown)}; known: {', '.join(RULES)}")
        chosen = [RULES[r] for r in RULES if r in set(ids)]
    chosen = [r for r in chosen if dialect.name in r.dialects]
    sev = None if severities is None else frozenset(Severity(s) for s in severities)
    return _Selection(tuple(r for r in chosen if r.entry), tuple(r for r in chosen if r.prune),
                      tuple(r for r in chosen if r.document), sev)


def _entry_problems(message: Message, dialect: Dialect, index: int, ctx: CheckContext,
                    sel: _Selection, focus: dict[str, int] | None = None,
                    entry: Message | None = None) -> list[Problem]:
    view = EntryView(entry if entry is not None else message.record[index], index, dialect, ctx, focus)
    out: list[Problem] = []
    for r in sel.entry:
        for f in r.entry(view):
            sev = f.severity or r.severity
            if sel.severities is None or sev in sel.severities:
                out.append(Problem(sev, r.id, f"{view.label()}: {f.message}", view.key, index, None, f.field))
    return out


def _prune_problems(message: Message, dialect: Dialect, index: int, ctx: CheckContext,
                    sel: _Selection, record: Message | None = None) -> list[Problem]:
    view = PruneView(record if record is not None else message.prune_record[index], index, dialect, ctx)
    out: list[Problem] = []
    for r in sel.prune:
        for f in r.prune(view):
            sev = f.severity or r.severity
            if sel.severities is None or sev in sel.severities:
                out.append(Problem(sev, r.id, f"{_prune_label(index)}: {f.message}", None, None, index, f.field))
    return out


def _prune_label(index: int) -> str:
    return f"prune record {index}" if index >= 0 else "this prune record"


def _document_problems(message: Message, dialect: Dialect, ctx: CheckContext,
                       sel: _Selection) -> list[Problem]:
    view = DocumentView(message, dialect, ctx)
    out: list[Problem] = []
    for r in sel.document:
        for f in r.document(view):
            sev = f.severity or r.severity
            if sel.severities is not None and sev not in sel.severities:
                continue
            if f.entry is not None:
                key = ctx.entry_keys[f.entry]
                label = f"layer {_q(key)}" if key else f"record {f.entry} (no key)"
                out.append(Problem(sev, r.id, f"{label}: {f.message}", key, f.entry, None, f.field))
            else:
                out.append(Problem(sev, r.id, f.message, None, None, None, f.field))
    return out


def check_message(message: Message, dialect: str | Dialect, *, rules: Iterable[str] | None = None,
                  severities: Iterable[Severity | str] | None = None,
                  context: CheckContext | None = None) -> list[Problem]:
    """Every problem the rules find in `message`: entries, then prune records, then whole-file.

    `rules` limits the check to those ids; `severities` keeps only those levels; pass a
    `context` already built for this message to skip building one.
    """
    d = get_dialect(dialect)
    sel = _select(d, rules, severities)
    ctx = context or CheckContext.build(message, d)
    out: list[Problem] = []
    if sel.entry:
        for i in range(len(message.record)):
            out += _entry_problems(message, d, i, ctx, sel)
    if sel.prune and d.has_prune:
        for j in range(len(message.prune_record)):
            out += _prune_problems(message, d, j, ctx, sel)
    out += _document_problems(message, d, ctx, sel)
    return out


def check_entry(message: Message, dialect: str | Dialect, index: int, context: CheckContext, *,
                rules: Iterable[str] | None = None,
                severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Problems of entry `index` alone (entry rules; whole-file rules are `check_file_rules`)."""
    d = get_dialect(dialect)
    return _entry_problems(message, d, index, context, _select(d, rules, severities))


def check_prune_record(message: Message, dialect: str | Dialect, index: int, context: CheckContext, *,
                       rules: Iterable[str] | None = None,
                       severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Problems of `prune_record[index]` alone."""
    d = get_dialect(dialect)
    return _prune_problems(message, d, index, context, _select(d, rules, severities))


def check_file_rules(message: Message, dialect: str | Dialect, context: CheckContext, *,
                     rules: Iterable[str] | None = None,
                     severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Findings of the rules that look across the whole file (cheap: re-run after every edit)."""
    d = get_dialect(dialect)
    return _document_problems(message, d, context, _select(d, rules, severities))


def check_document(doc, *, rules: Iterable[str] | None = None,
                   severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """`check_message` on a `RecordDocument`, with line/column from ``doc.locate`` where known.

    Only rule findings: the document's reading problems are in ``doc.problems``.
    """
    problems = check_message(doc.message, doc.dialect, rules=rules, severities=severities)
    return [locate(doc, p) for p in problems]


#: Reading problems the rule engine judges too. Such a reading problem stands only while the
#: rules still find the same thing (same rule, entry and key): it keeps its line numbers and
#: its words about the file, but follows edits, so fixing the record clears it.
REJUDGED = frozenset({"duplicate-key"})


def _same_finding(p: Problem) -> tuple:
    return (p.rule, p.record_index, p.prune_index, p.key)


def merge_problems(reading: Iterable[Problem], found: Iterable[Problem]) -> list[Problem]:
    """Reading problems then rule problems, each finding listed once: what `check` prints and
    the problems dock lists.

    A rule problem that a reading problem already reports (same rule, entry and key; e.g. the
    reader's duplicate key) is dropped; a reading problem of a `REJUDGED` rule is dropped when
    the rules no longer find it (the record was edited since it was read).
    """
    found = list(found)
    confirmed = {_same_finding(p) for p in found if p.rule in REJUDGED}
    out = [p for p in reading if p.rule not in REJUDGED or _same_finding(p) in confirmed]
    seen = {_same_finding(p) for p in out}
    out += [p for p in found if _same_finding(p) not in seen]
    return out


def document_problems(doc) -> list[Problem]:
    """Everything wrong with a `RecordDocument` as read: reading problems and every rule,
    merged by `merge_problems` (what ``record-editor check`` reports before filtering)."""
    return merge_problems(doc.problems, check_document(doc))


def locate(doc, p: Problem) -> Problem:
    """`p` with line/column from ``doc.locate`` (the field's own place, else its entry's)."""
    if p.record_index is None and p.prune_index is None:
        return p
    where = doc.locate(record_index=p.record_index, prune_index=p.prune_index, field=p.field)
    if where is None and p.field is not None:
        where = doc.locate(record_index=p.record_index, prune_index=p.prune_index)
    return p.with_location(*where) if where else p


# --- live checking for the GUI ----------------------------------------------------------

class LiveChecker:
    """The problems of one live message, kept current edit by edit.

    Call the matching method after each change to the message; only what the change can
    affect is re-checked (the edited entry, entries sharing its old or new key, entries
    of renamed/retyped prune nodes). Whole-file rules walk every entry, so they run when
    the problems are next read, once for a whole bulk edit, not once per edited entry.
    """

    def __init__(self, message: Message, dialect: str | Dialect, *, rules: Iterable[str] | None = None,
                 severities: Iterable[Severity | str] | None = None):
        self.message = message
        self.dialect = get_dialect(dialect)
        self._sel = _select(self.dialect, rules, severities)
        self.recheck_all()

    def recheck_all(self) -> None:
        self.context = CheckContext.build(self.message, self.dialect)
        self._entries = [self._check_entry(i) for i in range(len(self.message.record))]
        n = len(self.message.prune_record) if self.dialect.has_prune else 0
        self._prunes = [self._check_prune(j) for j in range(n)]
        self._recheck_document()

    @property
    def problems(self) -> list[Problem]:
        """All current problems, in `check_message` order."""
        out = [p for ps in self._entries for p in ps]
        out += [p for ps in self._prunes for p in ps]
        if self._document is None:
            self._document = _document_problems(self.message, self.dialect, self.context, self._sel)
        return out + self._document

    def entry_problems(self, index: int) -> list[Problem]:
        return list(self._entries[index])

    def prune_problems(self, index: int) -> list[Problem]:
        return list(self._prunes[index])

    def entry_changed(self, index: int) -> None:
        """Entry `index` was edited (any field, its key included)."""
        others = self.context.update_entry(self.message, index)
        for i in {index} | others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def entries_inserted(self, index: int, count: int = 1) -> None:
        """`count` entries were inserted at `index`."""
        self._entries[index:index] = [[] for _ in range(count)]
        others = self.context.insert_entries(self.message, index, count)
        self._shifted(index + count)
        for i in set(range(index, index + count)) | others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def entries_removed(self, index: int, count: int = 1) -> None:
        """Entries [index, index + count) were removed."""
        del self._entries[index:index + count]
        others = self.context.remove_entries(self.message, index, count)
        self._shifted(index)
        for i in others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def _shifted(self, start: int) -> None:
        """Entries from `start` on moved: renumber their problems, re-check those naming indices."""
        keys = self.context.entry_keys
        for i in range(start, len(self._entries)):
            ps = self._entries[i]
            if not keys[i] or any(p.rule == "duplicate-key" for p in ps):
                self._entries[i] = self._check_entry(i)
            elif ps:
                self._entries[i] = [replace(p, record_index=i) for p in ps]

    def prune_changed(self, index: int) -> None:
        """Prune record `index` was edited."""
        self._prune_context_changed()
        self._prunes[index] = self._check_prune(index)

    def prune_inserted(self, index: int, count: int = 1) -> None:
        self._prune_context_changed()
        self._prunes[index:index] = [self._check_prune(j) for j in range(index, index + count)]
        self._renumber_prunes(index + count)

    def prune_removed(self, index: int, count: int = 1) -> None:
        self._prune_context_changed()
        del self._prunes[index:index + count]
        self._renumber_prunes(index)

    def _renumber_prunes(self, start: int) -> None:
        # messages name the prune record's index: re-check rather than patch them
        for j in range(start, len(self._prunes)):
            self._prunes[j] = self._check_prune(j)

    def _prune_context_changed(self) -> None:
        for i in self.context.update_prune(self.message):
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def _check_entry(self, i: int) -> list[Problem]:
        return _entry_problems(self.message, self.dialect, i, self.context, self._sel)

    def _check_prune(self, j: int) -> list[Problem]:
        return _prune_problems(self.message, self.dialect, j, self.context, self._sel)

    def _recheck_document(self) -> None:
        self._document: list[Problem] | None = None  # found again when `problems` is read


# --- validation before an edit is committed ---------------------------------------------

def _entry_class(dialect: Dialect):
    return message_factory.GetMessageClass(dialect.entry_descriptor)


def validate_value(dialect: str | Dialect, value_or_entry: Message, field_name: str, new_value, *,
                   index: int | None = None, context: CheckContext | None = None,
                   entry_index: int | None = None) -> Problem | None:
    """The error that setting `field_name` to `new_value` would cause, or None if it is fine.

    `value_or_entry` is a layer's value message (``SingleLayerRecord`` and kin) or its whole
    entry (then `field_name` may also be ``key`` or ``kv_cache_value.scale``/``.offset``).
    For a repeated field give `index` to set one element (``index == len`` appends), or a
    sequence as `new_value` to replace them all; None clears the field (or deletes element
    `index`). `context` and the entry's `entry_index` add what the file knows: prune types,
    the other keys. Nothing is changed: the check runs on a copy. A value of the wrong type
    or outside the field's integer range is reported with rule id ``value-type``.

    An error about the edited field wins; otherwise any error the edit newly causes
    elsewhere in the entry (e.g. act_type INT16 → INT8 with offset_d = 200).
    """
    return validate_changes(dialect, value_or_entry, [(field_name, index, new_value)],
                            context=context, entry_index=entry_index)


def validate_changes(dialect: str | Dialect, value_or_entry: Message,
                     changes: Iterable[tuple[str, int | None, object]], *,
                     context: CheckContext | None = None,
                     entry_index: int | None = None) -> Problem | None:
    """Like `validate_value` for several edits applied together, as one undo step does.

    `changes` are ``(field, index, new_value)`` triples, e.g. adding channel 64 to every
    vector: ``[("scale_w", 64, 0.01), ("offset_w", 64, 0), ("shift_bit", 64, 0)]``.
    """
    d = get_dialect(dialect)
    changes = list(changes)
    entry = _entry_class(d)()
    if value_or_entry.DESCRIPTOR is d.entry_descriptor:
        entry.CopyFrom(value_or_entry)
    elif value_or_entry.DESCRIPTOR is d.value_descriptor:
        entry.value.CopyFrom(value_or_entry)
    else:
        raise TypeError(f"expected a {d.entry_descriptor.name} or {d.value_descriptor.name}, "
                        f"not {value_or_entry.DESCRIPTOR.full_name}")
    ctx = context if context is not None else CheckContext(d)
    pos = entry_index if entry_index is not None else -1
    key = entry.key if entry.HasField("key") else None
    label = f"layer {_q(key)}" if key else "this layer"
    focus = {f: i for f, i, _ in changes if i is not None}
    sel = _ERRORS_ONLY[d.name]
    before = {(p.rule, p.field) for p in _entry_problems(entry, d, pos, ctx, sel, focus, entry=entry)}
    for field_name, index, new_value in changes:
        path = field_name if index is None else f"{field_name}[{index}]"
        if field_name == "key" and isinstance(new_value, str) and context is not None:
            clash = [i for i in context.key_index.get(new_value, []) if i != entry_index]
            if clash:
                return Problem(ERROR, "duplicate-key", f"{label}: the key {_q(new_value)} is already used "
                               f"by record {clash[0]}; AMCT would use only the first", key, entry_index,
                               None, "key")
        try:
            _assign(entry, d, field_name, new_value, index)
        except (TypeError, ValueError, IndexError, AttributeError, KeyError) as e:
            return Problem(ERROR, "value-type", f"{label}: {path} cannot be {new_value!r}: {e}",
                           key, entry_index, None, path)
    after = _entry_problems(entry, d, pos, ctx, sel, focus, entry=entry)
    edited = {f if i is None else f"{f}[{i}]" for f, i, _ in changes}
    whole = {f for f, i, _ in changes if i is None}
    for p in after:
        if p.field in edited or (p.field and p.field.split("[")[0] in whole):
            return replace(p, record_index=entry_index)
    for p in after:
        if (p.rule, p.field) not in before:
            return replace(p, record_index=entry_index)
    return None


def _assign(entry: Message, d: Dialect, field_name: str, new_value, index: int | None) -> None:
    parts = field_name.split(".")
    if parts[0] == "key" and len(parts) == 1:
        target, name = entry, "key"
    elif parts[0] in ("kv_cache_value", "value") and len(parts) == 2 \
            and parts[0] in entry.DESCRIPTOR.fields_by_name:
        target, name = getattr(entry, parts[0]), parts[1]
    elif len(parts) == 1 and d.has_value_field(field_name):
        target, name = entry.value, field_name
    else:
        raise KeyError(f"{d.name} records have no field {field_name!r}")
    fd = target.DESCRIPTOR.fields_by_name.get(name)
    if fd is None:
        raise KeyError(f"no field {field_name!r}")
    if new_value is None:
        if index is not None and fd.is_repeated:
            del getattr(target, name)[index]
        else:
            target.ClearField(name)
        return
    if fd.is_repeated:
        rep = getattr(target, name)
        if index is None:
            del rep[:]
            rep.extend(list(new_value))
        elif index == len(rep):
            rep.append(new_value)
        elif 0 <= index < len(rep):
            rep[index] = new_value
        else:
            raise IndexError(f"index {index} is outside 0..{len(rep)}")
    else:
        setattr(target, name, new_value)


def validate_prune_value(dialect: str | Dialect, prune_record: Message, node: str, attr_name: str,
                         new_value, *, prune_index: int | None = None) -> Problem | None:
    """The error that setting an attribute of a prune node would cause, or None.

    `node` is ``producer[i]``, ``consumer[i]`` or ``selective_prune``; `attr_name` ``name``
    (the node's name) or an attribute name (``begin``, ``end``, ``type``…). An attribute that
    does not exist yet is added, with AMCT's usual type for known names. Checks a copy.
    """
    d = get_dialect(dialect)
    rec = type(prune_record)()
    rec.CopyFrom(prune_record)
    ctx = CheckContext(d)
    sel = _ERRORS_ONLY[d.name]
    pos = prune_index if prune_index is not None else -1
    before = {(p.rule, p.field) for p in _prune_problems(rec, d, pos, ctx, sel, record=rec)}
    try:
        target = _resolve_node(rec, node)
        if attr_name == "name":
            target.name = new_value
            edited = {node, f"{node}.name"}
        else:
            edited = {f"{node}.attr[{_set_attr(target, attr_name, new_value)}]"}
    except (TypeError, ValueError, IndexError, KeyError) as e:
        return Problem(ERROR, "value-type", f"{_prune_label(pos)}: {node} {attr_name} cannot be "
                       f"{new_value!r}: {e}", None, None, prune_index, node)
    after = _prune_problems(rec, d, pos, ctx, sel, record=rec)
    for p in after:
        if p.field in edited:
            return replace(p, prune_index=prune_index)
    for p in after:
        if (p.rule, p.field) not in before:
            return replace(p, prune_index=prune_index)
    return None


_NODE_PATH = re.compile(r"^(producer|consumer)\[(\d+)\]$")


def _resolve_node(rec: Message, node: str):
    if node == "selective_prune":
        return rec.selective_prune
    m = _NODE_PATH.match(node)
    if not m:
        raise KeyError(f"no prune node {node!r}")
    nodes = getattr(rec, m.group(1))
    return nodes[int(m.group(2))]


def _set_attr(target, attr_name: str, value) -> int:
    """Set (or add) the attribute `attr_name` of a prune node; returns its index."""
    j = next((k for k, a in enumerate(target.attr) if a.name == attr_name), None)
    if j is not None:
        attr = target.attr[j]
    else:
        j = len(target.attr)
        attr = target.attr.add()
        attr.name = attr_name
        attr.type = _KNOWN_ATTRS.get(attr_name, _ATTR.INT if isinstance(value, int) else _ATTR.STRING)
    t = attr.type
    for f in ("f", "i", "s"):
        attr.ClearField(f)
    for f in ("floats", "ints", "strings"):
        del getattr(attr, f)[:]
    field = _VALUE_FIELD.get(t, "i")
    if field == "s":
        attr.s = value.encode("utf-8") if isinstance(value, str) else value
    elif field == "strings":
        attr.strings.extend(v.encode("utf-8") if isinstance(v, str) else v for v in value)
    elif field in ("floats", "ints"):
        getattr(attr, field).extend(value)
    else:
        setattr(attr, field, value)
    return j


_ERRORS_ONLY = {name: _select(d, None, (ERROR,)) for name, d in DIALECTS.items()}


def rules_table() -> str:
    """A Markdown table of every rule (id, severity, dialects, description) for the README."""
    order = list(DIALECTS)
    lines = ["| rule | severity | dialects | what it checks |", "|---|---|---|---|"]
    for r in RULES.values():
        sev = " / ".join(s.value for s in r.severities)
        dia = "all" if r.dialects == ALL else ", ".join(n for n in order if n in r.dialects)
        desc = r.description.replace("|", "\\|")
        lines.append(f"| `{r.id}` | {sev} | {dia} | {desc} |")
    return "\n".join(lines) + "\n"
