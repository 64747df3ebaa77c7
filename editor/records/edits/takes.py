"""*Take from B*: edits of A that make a field, a channel span, a layer, a prune node or
whole entries equal to B's — one undo step each, refused with the rule's reason where the
result would break one of AMCT's hard rules.

`plan_take(check, message_b, takes)` returns the edit command (push it on A's session) or
raises `TakeRefused`; `check` is A's `EditCheck` (its editor, dialect and context), which
judges the step as it judges every edit. A `Take` is one of seven kinds, one class each. Layers are matched live, by key and copy number (the k-th entry of a
key in A with the k-th in B, as the comparison matches them), so a plan never depends on a
comparison made before A's last edit. Every layer (and prune record) the plan changes is
rewritten once, from a copy with all its takes applied (`ReplaceMessageCommand`), so revert
puts back its serialized original bit for bit. Across dialects only the fields both schemas
have are taken; the others are refused by name (`DialectNotes` lists them apart).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from editor.i18n import translate
from editor.records.diff import PruneChange, dialect_name, display_name, field_paths
from editor.records.diff.rows import DiffRow, RowKind, entry_descriptor
from editor.records.editing import RecordEditor
from editor.records.edits.check import EditCheck
from editor.records.edits.commands import (
    DeferredInsert,
    EditCommand,
    MacroCommand,
    RemoveElementsCommand,
    ReplaceMessageCommand,
)
from editor.records.messages import (
    EntryMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    PruneRootMessage,
    RootMessage,
    copy_into,
    copy_of,
    message_type_of,
    prune_records,
)
from editor.records.paths import FieldPath, entry_field_text

#: a field below a layer entry, by name: ("value", "scale_w"), ("kv_cache_value", "scale")
Steps = tuple[str, ...]


class TakeRefused(Exception):
    """Nothing was taken: the message says why (a rule the result would break, a field only
    one dialect has, a layer B does not have)."""


@dataclass(frozen=True)
class TakeField:
    """Field `field` of A's layer `index_a` made B's (`span` (first, last): only those
    channels of a per-channel field)."""

    index_a: int
    field: str
    span: tuple[int, int] | None = None


@dataclass(frozen=True)
class TakeLayer:
    """A's layer `index_a` made B's, every field both dialects have."""

    index_a: int


@dataclass(frozen=True)
class AddLayer:
    """B's layer `index_b`, which A does not have, added to A."""

    index_b: int


@dataclass(frozen=True)
class DeleteLayer:
    """A's layer `index_a`, which B does not have, deleted from A."""

    index_a: int


@dataclass(frozen=True)
class TakePrune:
    """A change inside a pair of prune records: the node (or its attribute) made B's."""

    change: PruneChange


@dataclass(frozen=True)
class DeletePruneRecord:
    """A's prune record `index_a`, which B has none like, deleted."""

    index_a: int


@dataclass(frozen=True)
class AddPruneRecord:
    """B's prune record `index_b`, which A has none like, added."""

    index_b: int


#: one thing to take from B
Take = TakeField | TakeLayer | AddLayer | DeleteLayer | TakePrune | DeletePruneRecord | AddPruneRecord


def takes_for_rows(rows: Iterable[DiffRow]) -> list[Take]:
    """The takes that make A equal to B on the rows of the Differences table."""
    out: list[Take] = []
    for row in rows:
        if row.kind is RowKind.FIELD and row.index_a is not None:
            out.append(TakeField(row.index_a, row.field))
        elif row.kind is RowKind.ONLY_A and row.index_a is not None:
            out.append(DeleteLayer(row.index_a))
        elif row.kind is RowKind.ONLY_B and row.index_b is not None:
            out.append(AddLayer(row.index_b))
        elif row.kind is RowKind.PRUNE:
            if row.prune is not None:
                out.append(TakePrune(row.prune))
            elif row.index_a is not None:
                out.append(DeletePruneRecord(row.index_a))
            elif row.index_b is not None:
                out.append(AddPruneRecord(row.index_b))
    return out


def _walk(message: Message, path: Steps, create: bool) -> Message | None:
    """The message holding the last step of `path` (None where a part is unset and not `create`)."""
    node = message
    for step in path[:-1]:
        if not create and not node.HasField(step):
            return None
        node = getattr(node, step)
    return node


def _read(entry: EntryMessage, path: Steps) -> tuple[bool, Any]:
    """(set?, value) of the field at `path` below an entry: a list for a repeated field."""
    parent = _walk(entry, path, create=False)
    name = path[-1]
    if parent is None:
        return False, None
    fd = parent.DESCRIPTOR.fields_by_name[name]
    if fd.is_repeated:
        values = list(getattr(parent, name))
        return bool(values), values
    if not parent.HasField(name):
        return False, None
    return True, getattr(parent, name)


class _Plan:
    """Takes gathered per layer and prune record, applied to copies, validated, then turned
    into one undo step."""

    def __init__(self, check: EditCheck, message_b: RootMessage) -> None:
        editor = check.editor
        a = editor.record
        if a is None:
            raise TakeRefused(translate("TakeFromB", "no record is open"))
        self.check = check
        self.editor: RecordEditor = editor
        self.a: RootMessage = a
        self.b = message_b
        self.dialect = check.dialect
        self.name_a, self.name_b = dialect_name(self.a), dialect_name(self.b)
        self.entry_a = entry_descriptor(self.a)
        self.entry_b = entry_descriptor(self.b)
        self.paths_a = self._paths(self.entry_a)
        self.paths_b = self._paths(self.entry_b)
        self.keys_a = [e.key for e in self.a.record] if self.entry_a is not None else []
        self.keys_b = [e.key for e in self.b.record] if self.entry_b is not None else []
        self._where_a = self._where(self.keys_a)
        self._where_b = self._where(self.keys_b)
        #: A's layer -> its new content (a copy of it with the takes applied)
        self.layers: dict[int, EntryMessage] = {}
        self.deletes: set[int] = set()
        self.inserts: dict[int, bytes] = {}  # B's layer -> A's bytes for it
        self.prune: dict[int, PruneRecordMessage] = {}
        self.prune_deletes: set[int] = set()
        self.prune_inserts: list[int] = []
        self.words: list[str] = []

    @staticmethod
    def _paths(entry: Descriptor | None) -> dict[str, Steps]:
        if entry is None:
            return {}
        return {display_name(p): tuple(p.split(".")) for p, fd in field_paths(entry).items()
                if not (fd.message_type is not None and fd.is_repeated)}

    @staticmethod
    def _where(keys: Sequence[str]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for i, k in enumerate(keys):
            out.setdefault(k, []).append(i)
        return out

    # ------------------------------------------------------------------ matching

    def _label(self, i: int) -> str:
        return translate("TakeFromB", "layer {name}").format(name=repr(self.keys_a[i]) if self.keys_a[i] else i)

    def match_b(self, i: int) -> int | None:
        """B's layer for A's layer `i` (the same key, the same copy of it)."""
        key = self.keys_a[i]
        copy = self._where_a[key].index(i)
        js = self._where_b.get(key, [])
        return js[copy] if copy < len(js) else None

    def match_a(self, j: int) -> int | None:
        key = self.keys_b[j]
        copy = self._where_b[key].index(j)
        iss = self._where_a.get(key, [])
        return iss[copy] if copy < len(iss) else None

    # ------------------------------------------------------------------ layers

    def _layer_copy(self, i: int) -> EntryMessage:
        new = self.layers.get(i)
        if new is None:
            new = self.layers[i] = copy_of(self.a.record[i])
        return new

    def _entry_b(self, i: int) -> EntryMessage:
        if not 0 <= i < len(self.keys_a):
            raise TakeRefused(translate("TakeFromB", "A has no layer {n}").format(n=i))
        j = self.match_b(i)
        if j is None:
            raise TakeRefused(translate("TakeFromB", "{layer} is only in A: B has nothing to take for it").format(layer=self._label(i)))
        return self.b.record[j]

    def _common(self, name: str) -> tuple[Steps, Steps]:
        pa, pb = self.paths_a.get(name), self.paths_b.get(name)
        if pa is None or pb is None:
            only = self.name_a if pb is None else self.name_b
            raise TakeRefused(translate("TakeFromB", "{field} is a field only {dialect} has: it is not compared and cannot be taken")
                              .format(field=name, dialect=only))
        return pa, pb

    def take_field(self, i: int, name: str, span: tuple[int, int] | None = None) -> None:
        eb = self._entry_b(i)
        pa, pb = self._common(name)
        new = self._layer_copy(i)
        set_b, value_b = _read(eb, pb)
        parent = _walk(new, pa, create=True)
        assert parent is not None
        leaf = pa[-1]
        fd = parent.DESCRIPTOR.fields_by_name[leaf]
        label = entry_field_text(pa)
        if fd.message_type is not None:  # a sub-message's presence (kv_cache_value itself)
            if set_b:
                sub = getattr(parent, leaf)
                sub.Clear()
                sub.SetInParent()
                sub.MergeFromString(value_b.SerializePartialToString())
            else:
                parent.ClearField(leaf)
            return
        if fd.is_repeated:
            current = getattr(parent, leaf)
            values = list(value_b or [])
            if span is None:
                try:
                    del current[:]
                    current.extend(values)
                except (TypeError, ValueError) as e:
                    raise TakeRefused(translate("TakeFromB", "{field} of B does not fit A's {field} ({error})")
                                      .format(field=label, error=e)) from e
                return
            lo, hi = sorted(span)
            n = min(len(current), len(values))
            if lo < 0 or hi >= n:
                raise TakeRefused(translate("TakeFromB", "channels {lo}–{hi} are not in both records' {field} "
                                            "(A has {a} values, B {b})")
                                  .format(lo=lo, hi=hi, field=label, a=len(current), b=len(values)))
            try:
                current[lo:hi + 1] = values[lo:hi + 1]
            except (TypeError, ValueError) as e:
                raise TakeRefused(translate("TakeFromB", "{field} of B does not fit A's {field} ({error})")
                                      .format(field=label, error=e)) from e
            return
        try:
            if set_b:
                setattr(parent, leaf, value_b)
            else:
                parent.ClearField(leaf)
        except (TypeError, ValueError) as e:
            raise TakeRefused(translate("TakeFromB", "{field} of B ({value}) does not fit A's {field} ({error})")
                              .format(field=label, value=repr(value_b), error=e)) from e

    def take_layer(self, i: int) -> None:
        eb = self._entry_b(i)
        if self.entry_a is self.entry_b:
            copy_into(self._layer_copy(i), eb)
            return
        for name, path in self.paths_a.items():  # across dialects: the fields both have
            if name in self.paths_b and self._is_value(path):
                self.take_field(i, name)

    def _is_value(self, path: Steps) -> bool:
        """A field the rules judge (not a sub-message, not the key)."""
        if self.entry_a is None:
            return False
        desc: Descriptor = self.entry_a
        for step in path[:-1]:
            desc = message_type_of(desc.fields_by_name[step])
        fd = desc.fields_by_name[path[-1]]
        return fd.message_type is None

    def delete_layer(self, i: int) -> None:
        if not 0 <= i < len(self.keys_a):
            raise TakeRefused(translate("TakeFromB", "A has no layer {n}").format(n=i))
        if self.match_b(i) is not None:
            raise TakeRefused(translate("TakeFromB", "{layer} is in B too: take it rather than delete it").format(layer=self._label(i)))
        self.deletes.add(i)

    def insert_layer(self, j: int) -> None:
        if not 0 <= j < len(self.keys_b):
            raise TakeRefused(translate("TakeFromB", "B has no layer {n}").format(n=j))
        if self.match_a(j) is not None:
            raise TakeRefused(translate("TakeFromB", "layer {name} is in A too: take it rather than add it")
                              .format(name=repr(self.keys_b[j])))
        eb = self.b.record[j]
        if self.entry_a is None:
            raise TakeRefused(translate("TakeFromB", "{dialect} records have no layers").format(dialect=self.name_a))
        if self.entry_a is eb.DESCRIPTOR:
            new = copy_of(eb)
        else:
            new = self.dialect.entry_class()  # an empty layer entry of A's schema
            new.key = eb.key
            for name, path in self.paths_a.items():
                pb = self.paths_b.get(name)
                if pb is None or not self._is_value(path):
                    continue
                set_b, value_b = _read(eb, pb)
                if not set_b:
                    continue
                parent = _walk(new, path, create=True)
                assert parent is not None
                try:
                    if isinstance(value_b, list):
                        getattr(parent, path[-1]).extend(value_b)
                    else:
                        setattr(parent, path[-1], value_b)
                except (TypeError, ValueError) as e:
                    raise TakeRefused(translate("TakeFromB", "{field} of B's layer {name} does not fit A ({error})")
                                          .format(field=name, name=repr(eb.key), error=e)) from e
        # judged as the step will insert it: its key against A's, then its rules on its own
        problem = self.check.validate(DeferredInsert(self.editor, ("record",), len(self.keys_a),
                                                     new.SerializePartialToString()))
        if problem is not None:
            raise TakeRefused(translate("TakeFromB", "B's layer {name} would break a rule in A: {problem}")
                              .format(name=repr(eb.key), problem=problem.message))
        self.inserts[j] = new.SerializePartialToString()

    # ------------------------------------------------------------------ prune records

    def _prune_copy(self, index: int) -> PruneRecordMessage:
        new = self.prune.get(index)
        if new is None:
            new = self.prune[index] = copy_of(prune_records(self.a)[index])
        return new

    def take_prune(self, change: PruneChange) -> None:
        if not isinstance(self.a, PruneRootMessage) or not isinstance(self.b, PruneRootMessage):
            raise TakeRefused(translate("TakeFromB", "only one of the two records has prune records"))
        i, j = change.prune_record, change.prune_record_b
        if not (0 <= i < len(self.a.prune_record) and 0 <= j < len(self.b.prune_record)):
            raise TakeRefused(translate("TakeFromB", "the prune records changed since they were compared: compare again"))
        new = self._prune_copy(i)
        node_b = _find_node(self.b.prune_record[j], change.role, change.node, change.copy)
        if change.attr is not None:  # one attribute of a node both have
            node_a = _find_node(new, change.role, change.node, change.copy)
            if node_a is None or node_b is None:
                raise TakeRefused(translate("TakeFromB", "the prune records changed since they were compared: compare again"))
            _take_attr(node_a, node_b, change.attr)
            return
        at = _node_index(new, change.role, change.node, change.copy)
        if change.role == "selective_prune":
            if node_b is None:
                new.ClearField("selective_prune")
            else:
                new.selective_prune.Clear()
                new.selective_prune.MergeFromString(node_b.SerializePartialToString())
            return
        nodes = getattr(new, change.role)
        if node_b is None:
            if at is not None:
                del nodes[at]
        elif at is None:
            nodes.add().MergeFromString(node_b.SerializePartialToString())
        else:
            nodes[at].Clear()
            nodes[at].MergeFromString(node_b.SerializePartialToString())

    def validate(self) -> None:
        """Each changed layer, then each changed prune record, judged by the one check as the
        step will change it; TakeRefused with the first error."""
        for i in sorted(self.layers):
            problem = self.check.validate(self._replace(("record", i), self.layers[i]))
            if problem is not None:
                raise TakeRefused(f"{self._label(i)}: {problem.message}")
        for i in sorted(self.prune):
            problem = self.check.validate(self._replace(("prune_record", i), self.prune[i]))
            if problem is not None:
                raise TakeRefused(translate("TakeFromB", "prune record {n} would break a rule: {problem}")
                                  .format(n=i, problem=problem.message))

    def _replace(self, path: FieldPath, new: Message) -> ReplaceMessageCommand:
        return ReplaceMessageCommand(self.editor, path, new.SerializePartialToString())

    def command(self, text: str) -> EditCommand:
        editor = self.editor
        commands: list[EditCommand] = []
        for i in sorted(self.layers):
            commands.append(self._replace(("record", i), self.layers[i]))
        for i in sorted(self.prune):
            commands.append(self._replace(("prune_record", i), self.prune[i]))
        if self.deletes:
            commands.append(RemoveElementsCommand(editor, ("record",), sorted(self.deletes)))
        if self.prune_deletes:
            commands.append(RemoveElementsCommand(editor, ("prune_record",), sorted(self.prune_deletes)))
        # new layers go after the layer both have that comes before them in B, counted
        # after the deletions; several at one place keep B's order
        if self.inserts:
            placed = []
            for j, data in self.inserts.items():
                at = 0
                for earlier in range(j - 1, -1, -1):
                    found = self.match_a(earlier)
                    if found is not None:
                        at = found + 1
                        break
                at -= sum(1 for d in self.deletes if d < at)
                placed.append((at, j, data))
            placed.sort()
            for k, (at, _j, data) in enumerate(placed):
                commands.append(DeferredInsert(editor, ("record",), at + k, data))
        n_prune = len(prune_records(self.a)) - len(self.prune_deletes) if self.prune_inserts else 0
        for k, j in enumerate(self.prune_inserts):
            commands.append(DeferredInsert(editor, ("prune_record",), n_prune + k,
                                           prune_records(self.b)[j].SerializePartialToString()))
        return MacroCommand(editor, text, commands)


def _take_attr(node_a: PruneNodeMessage, node_b: PruneNodeMessage, name: str) -> None:
    """Make the attributes called `name` of `node_a` B's: in place where both have as many,
    else A's go and B's come where A's first one was (or at the end)."""
    mine = [k for k, attr in enumerate(node_a.attr) if attr.name == name]
    theirs = [attr.SerializePartialToString() for attr in node_b.attr if attr.name == name]
    if len(mine) == len(theirs):
        for k, data in zip(mine, theirs, strict=True):
            node_a.attr[k].Clear()
            node_a.attr[k].MergeFromString(data)
        return
    kept = [attr.SerializePartialToString() for attr in node_a.attr]
    at = mine[0] if mine else len(kept)
    rest = [data for k, data in enumerate(kept) if k not in set(mine)]
    at -= sum(1 for k in mine if k < at)
    del node_a.attr[:]
    for data in rest[:at] + theirs + rest[at:]:
        node_a.attr.add().MergeFromString(data)


def _find_node(record: PruneRecordMessage, role: str, name: str, copy: int) -> PruneNodeMessage | None:
    if role == "selective_prune":
        return record.selective_prune if record.HasField("selective_prune") and copy == 0 \
            and record.selective_prune.name == name else None
    at = _node_index(record, role, name, copy)
    return None if at is None else getattr(record, role)[at]


def _node_index(record: PruneRecordMessage, role: str, name: str, copy: int) -> int | None:
    if role == "selective_prune":
        return 0 if record.HasField("selective_prune") and record.selective_prune.name == name else None
    seen = 0
    for k, node in enumerate(getattr(record, role)):
        if node.name == name:
            if seen == copy:
                return k
            seen += 1
    return None


def plan_take(check: EditCheck, message_b: RootMessage, takes: Sequence[Take],
              text: str | None = None) -> EditCommand:
    """The one step that takes `takes` from B into the record `check` judges (A), or
    `TakeRefused`."""
    if not takes:
        raise TakeRefused(translate("TakeFromB", "nothing to take: select a difference, a field, a span or a layer"))
    plan = _Plan(check, message_b)
    for t in takes:
        if isinstance(t, TakePrune):
            plan.take_prune(t.change)
        elif isinstance(t, DeletePruneRecord):
            plan.prune_deletes.add(t.index_a)
        elif isinstance(t, AddPruneRecord):
            plan.prune_inserts.append(t.index_b)
        elif isinstance(t, AddLayer):
            plan.insert_layer(t.index_b)
        elif isinstance(t, DeleteLayer):
            plan.delete_layer(t.index_a)
        elif isinstance(t, TakeLayer):
            plan.take_layer(t.index_a)
        else:
            plan.take_field(t.index_a, t.field, t.span)
    plan.validate()
    step = plan.command(text or describe_takes(plan, takes))
    if step.obsolete:
        raise TakeRefused(translate("TakeFromB", "A already equals B there: nothing to take"))
    return step


def describe_takes(plan: _Plan, takes: Sequence[Take]) -> str:
    """The undo step's words: `Take scale_w[3–7] of layer 'conv1' from B`, `Take 5 differences from B`."""
    if len(takes) != 1:
        return translate("TakeFromB", "Take {n} differences from B").format(n=len(takes))
    t = takes[0]
    if isinstance(t, TakePrune):
        return translate("TakeFromB", "Take {role} {node} of prune record {n} from B").format(
            role=t.change.role, node=repr(t.change.node), n=t.change.prune_record)
    if isinstance(t, DeletePruneRecord):
        return translate("TakeFromB", "Delete prune record {n} (B has none like it)").format(n=t.index_a)
    if isinstance(t, AddPruneRecord):
        return translate("TakeFromB", "Add B's prune record {n}").format(n=t.index_b)
    if isinstance(t, AddLayer):
        return translate("TakeFromB", "Add B's layer {name}").format(name=repr(plan.keys_b[t.index_b]))
    layer = plan._label(t.index_a)
    if isinstance(t, DeleteLayer):
        return translate("TakeFromB", "Delete {layer} (B has no such layer)").format(layer=layer)
    if isinstance(t, TakeLayer):
        return translate("TakeFromB", "Take {layer} from B").format(layer=layer)
    if t.span is not None:
        lo, hi = sorted(t.span)
        where = f"{t.field}[{lo}–{hi}]" if hi > lo else f"{t.field}[{lo}]"
        return translate("TakeFromB", "Take {field} of {layer} from B").format(field=where, layer=layer)
    return translate("TakeFromB", "Take {field} of {layer} from B").format(field=t.field, layer=layer)
