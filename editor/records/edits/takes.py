"""*Take from B*: edits of A that make a field, a channel span, a layer, a prune node or
whole entries equal to B's — one undo step each, refused with the rule's reason where the
result would break one of AMCT's hard rules.

`plan_take(session, message_b, takes)` returns the undo command (push it on A's session) or
raises `TakeRefused`. Layers are matched live, by key and copy number (the k-th entry of a
key in A with the k-th in B, as the comparison matches them), so a plan never depends on a
comparison made before A's last edit. Every layer (and prune record) the plan changes is
rewritten once, from a copy with all its takes applied (`ReplaceMessageCommand`), so undo
puts back its serialized original bit for bit. Across dialects only the fields both schemas
have are taken; the others are refused by name (`DialectNotes` lists them apart).
"""
from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import Descriptor
from google.protobuf.message_factory import GetMessageClass

from editor.i18n import translate
from editor.records.diff import PruneChange, dialect_name, display_name, field_paths
from editor.records.editing import RecordEditor
from editor.records.edits.commands import (
    EditCommand,
    MacroCommand,
    RemoveElementsCommand,
    ReplaceMessageCommand,
)
from editor.records.messages import RecordMessage, message_type_of
from editor.records.paths import Path, entry_field_text
from editor.records.problems import Problem, Severity
from editor.records.rules import (
    CheckContext,
    check_entry,
    check_prune_record,
    validate_changes,
    validate_entry,
)
from editor.ui.compare.rows import DiffRow, RowKind, entry_descriptor
from editor.ui.session import EditSession

ERROR = Severity.ERROR
#: a field below a layer entry, by name: ("value", "scale_w"), ("kv_cache_value", "scale")
Steps = tuple[str, ...]


class TakeRefused(Exception):
    """Nothing was taken: the message says why (a rule the result would break, a field only
    one dialect has, a layer B does not have)."""


@dataclass(frozen=True)
class Take:
    """One thing to take from B.

    - `index_a` and `field`: that field of A's layer (`span` (first, last): only those
      channels of a per-channel field); `field` None: the whole layer;
    - `index_b` alone: B's layer that A does not have, added to A;
    - `delete_a`: A's layer that B does not have, deleted from A;
    - `prune`: a change inside a pair of prune records (the node is made B's);
      `prune_record_a` / `prune_record_b` alone: a prune record only A has (deleted) or
      only B has (added).
    """

    index_a: int | None = None
    field: str | None = None
    span: tuple[int, int] | None = None
    index_b: int | None = None
    delete_a: bool = False
    prune: PruneChange | None = None
    prune_record_a: int | None = None
    prune_record_b: int | None = None


def takes_for_rows(rows: Iterable[DiffRow]) -> list[Take]:
    """The takes that make A equal to B on the rows of the Differences table."""
    out: list[Take] = []
    for row in rows:
        if row.kind is RowKind.FIELD and row.index_a is not None:
            out.append(Take(index_a=row.index_a, field=row.field))
        elif row.kind is RowKind.ONLY_A and row.index_a is not None:
            out.append(Take(index_a=row.index_a, delete_a=True))
        elif row.kind is RowKind.ONLY_B and row.index_b is not None:
            out.append(Take(index_b=row.index_b))
        elif row.kind is RowKind.PRUNE:
            if row.prune is not None:
                out.append(Take(prune=row.prune))
            elif row.index_a is not None:
                out.append(Take(prune_record_a=row.index_a))
            elif row.index_b is not None:
                out.append(Take(prune_record_b=row.index_b))
    return out


def _walk(message: RecordMessage, path: Steps, create: bool) -> RecordMessage | None:
    """The message holding the last step of `path` (None where a part is unset and not `create`)."""
    node = message
    for step in path[:-1]:
        if not create and not node.HasField(step):
            return None
        node = getattr(node, step)
    return node


def _read(entry: RecordMessage, path: Steps) -> tuple[bool, Any]:
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

    def __init__(self, session: EditSession, message_b: RecordMessage) -> None:
        editor = session.editor
        if editor.message is None or session.dialect is None:
            raise TakeRefused(translate("TakeFromB", "no record is open"))
        self.session = session
        self.editor: RecordEditor = editor
        self.a: RecordMessage = editor.message
        self.b = message_b
        self.dialect = session.dialect
        self.context = session.problems.context
        self.name_a, self.name_b = dialect_name(self.a), dialect_name(self.b)
        self.entry_a = entry_descriptor(self.a)
        self.entry_b = entry_descriptor(self.b)
        self.paths_a = self._paths(self.entry_a)
        self.paths_b = self._paths(self.entry_b)
        self.keys_a = [e.key for e in self.a.record] if self.entry_a is not None else []
        self.keys_b = [e.key for e in self.b.record] if self.entry_b is not None else []
        self._where_a = self._where(self.keys_a)
        self._where_b = self._where(self.keys_b)
        #: A's layer -> its new content (a copy of it with the takes applied), and the changes to validate
        self.layers: dict[int, RecordMessage] = {}
        self.changes: dict[int, list[tuple[str, int | None, Any]]] = {}
        #: A's layer -> the fields replaced whole (judged on the edited copy, `validate_entry`)
        self.whole: dict[int, set[str]] = {}
        self.deletes: set[int] = set()
        self.inserts: dict[int, bytes] = {}  # B's layer -> A's bytes for it
        self.prune: dict[int, RecordMessage] = {}
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

    def _layer_copy(self, i: int) -> RecordMessage:
        new = self.layers.get(i)
        if new is None:
            shown = self.a.record[i]
            new = self.layers[i] = type(shown)()
            new.CopyFrom(shown)
            self.changes[i] = []
            self.whole[i] = set()
        return new

    def _entry_b(self, i: int) -> RecordMessage:
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
                self.whole[i].add(label)
                return
            lo, hi = sorted(span)
            n = min(len(current), len(values))
            if lo < 0 or hi >= n:
                raise TakeRefused(translate("TakeFromB", "channels {lo}–{hi} are not in both records' {field} "
                                            "(A has {a} values, B {b})")
                                  .format(lo=lo, hi=hi, field=label, a=len(current), b=len(values)))
            before = list(current[lo:hi + 1])
            try:
                current[lo:hi + 1] = values[lo:hi + 1]
            except (TypeError, ValueError) as e:
                raise TakeRefused(translate("TakeFromB", "{field} of B does not fit A's {field} ({error})")
                                      .format(field=label, error=e)) from e
            after = list(current[lo:hi + 1])
            self.changes[i].extend((label, lo + k, v) for k, (u, v) in enumerate(zip(before, after, strict=True))
                                   if not _same(u, v))
            return
        try:
            if set_b:
                setattr(parent, leaf, value_b)
            else:
                parent.ClearField(leaf)
        except (TypeError, ValueError) as e:
            raise TakeRefused(translate("TakeFromB", "{field} of B ({value}) does not fit A's {field} ({error})")
                              .format(field=label, value=repr(value_b), error=e)) from e
        self.whole[i].add(label)

    def take_layer(self, i: int) -> None:
        eb = self._entry_b(i)
        if self.entry_a is self.entry_b:
            new = self._layer_copy(i)
            old = type(new)()
            old.CopyFrom(new)
            new.CopyFrom(eb)
            for path in self.paths_a.values():
                if self._is_value(path) and _read(old, path) != _read(new, path):
                    self.whole[i].add(entry_field_text(path))
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
            new = type(eb)()
            new.CopyFrom(eb)
        else:
            new = _new_entry(self.a)
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
        problem = validate_changes(self.dialect, new, [("key", None, new.key)], context=self.context)
        if problem is None:
            scratch = self.dialect.new_message()
            scratch.record.add().CopyFrom(new)
            errors = check_entry(scratch, self.dialect, 0, CheckContext(self.dialect), severities=[ERROR])
            problem = errors[0] if errors else None
        if problem is not None:
            raise TakeRefused(translate("TakeFromB", "B's layer {name} would break a rule in A: {problem}")
                              .format(name=repr(eb.key), problem=problem.message))
        self.inserts[j] = new.SerializePartialToString()

    # ------------------------------------------------------------------ prune records

    def _prune_copy(self, index: int) -> RecordMessage:
        new = self.prune.get(index)
        if new is None:
            shown = self.a.prune_record[index]
            new = self.prune[index] = type(shown)()
            new.CopyFrom(shown)
        return new

    def take_prune(self, change: PruneChange) -> None:
        if "prune_record" not in self.a.DESCRIPTOR.fields_by_name or "prune_record" not in self.b.DESCRIPTOR.fields_by_name:
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

    def _validate_prune(self) -> None:
        for i, new in self.prune.items():
            before = {(p.rule, p.field) for p in self._prune_errors(self.a.prune_record[i])}
            for p in self._prune_errors(new):
                if (p.rule, p.field) not in before:
                    raise TakeRefused(translate("TakeFromB", "prune record {n} would break a rule: {problem}")
                                      .format(n=i, problem=p.message))

    def _prune_errors(self, record: RecordMessage) -> list[Problem]:
        """The hard-rule errors of one prune record on its own."""
        scratch = self.dialect.new_message()
        scratch.prune_record.add().CopyFrom(record)
        return check_prune_record(scratch, self.dialect, 0, CheckContext(self.dialect), severities=[ERROR])

    # ------------------------------------------------------------------ the step

    def validate(self) -> None:
        for i, new in self.layers.items():
            whole, changes = self.whole[i], self.changes[i]
            if whole:  # judged on the edited copy: no vector is assigned again
                fields = whole | {name for name, _index, _value in changes}
                problem = validate_entry(self.dialect, self.a.record[i], new, fields, context=self.context,
                                         entry_index=i)
            elif changes:
                problem = validate_changes(self.dialect, self.a.record[i], changes, context=self.context,
                                           entry_index=i)
            else:
                continue
            if problem is not None:
                raise TakeRefused(f"{self._label(i)}: {problem.message}")
        self._validate_prune()

    def command(self, text: str) -> EditCommand:
        editor = self.editor
        commands: list[EditCommand] = []
        for i in sorted(self.layers):
            commands.append(ReplaceMessageCommand(editor, ("record", i), self.layers[i].SerializePartialToString()))
        for i in sorted(self.prune):
            commands.append(ReplaceMessageCommand(editor, ("prune_record", i), self.prune[i].SerializePartialToString()))
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
                commands.append(_Insert(editor, ("record",), at + k, data))
        n_prune = len(self.a.prune_record) - len(self.prune_deletes) if self.prune_inserts else 0
        for k, j in enumerate(self.prune_inserts):
            commands.append(_Insert(editor, ("prune_record",), n_prune + k,
                                    self.b.prune_record[j].SerializePartialToString()))
        return MacroCommand(editor, text, commands)


class _Insert(EditCommand):
    """Insert one serialized element at `index` (valid once the commands before it in its step ran)."""

    def __init__(self, editor: RecordEditor, path: Path, index: int, data: bytes) -> None:
        super().__init__(editor, "insert")
        self.path, self.index, self.data = path, index, data

    def redo(self) -> None:
        self.editor.insert_elements(self.path, self.index, [self.data])

    def undo(self) -> None:
        self.editor.remove_elements(self.path, self.index, 1)


def _same(u: Any, v: Any) -> bool:
    """Equal to the bit (a float: the same float32, NaN payload included)."""
    if isinstance(u, float) and isinstance(v, float):
        return struct.pack("<d", u) == struct.pack("<d", v)
    return bool(u == v)


def _new_entry(message: RecordMessage) -> RecordMessage:
    """An empty layer entry of `message`'s schema."""
    return GetMessageClass(message.DESCRIPTOR.fields_by_name["record"].message_type)()


def _take_attr(node_a: RecordMessage, node_b: RecordMessage, name: str) -> None:
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


def _find_node(record: RecordMessage, role: str, name: str, copy: int) -> RecordMessage | None:
    if role == "selective_prune":
        return record.selective_prune if record.HasField("selective_prune") and copy == 0 \
            and record.selective_prune.name == name else None
    at = _node_index(record, role, name, copy)
    return None if at is None else getattr(record, role)[at]


def _node_index(record: RecordMessage, role: str, name: str, copy: int) -> int | None:
    if role == "selective_prune":
        return 0 if record.HasField("selective_prune") and record.selective_prune.name == name else None
    seen = 0
    for k, node in enumerate(getattr(record, role)):
        if node.name == name:
            if seen == copy:
                return k
            seen += 1
    return None


def plan_take(session: EditSession, message_b: RecordMessage, takes: Sequence[Take], text: str | None = None) -> EditCommand:
    """The one undo step that takes `takes` from B into A's session, or `TakeRefused`."""
    if not takes:
        raise TakeRefused(translate("TakeFromB", "nothing to take: select a difference, a field, a span or a layer"))
    plan = _Plan(session, message_b)
    for t in takes:
        if t.prune is not None:
            plan.take_prune(t.prune)
        elif t.prune_record_a is not None:
            plan.prune_deletes.add(t.prune_record_a)
        elif t.prune_record_b is not None:
            plan.prune_inserts.append(t.prune_record_b)
        elif t.index_a is None and t.index_b is not None:
            plan.insert_layer(t.index_b)
        elif t.index_a is None:
            continue
        elif t.delete_a:
            plan.delete_layer(t.index_a)
        elif t.field is None:
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
    if t.prune is not None:
        return translate("TakeFromB", "Take {role} {node} of prune record {n} from B").format(
            role=t.prune.role, node=repr(t.prune.node), n=t.prune.prune_record)
    if t.prune_record_a is not None:
        return translate("TakeFromB", "Delete prune record {n} (B has none like it)").format(n=t.prune_record_a)
    if t.prune_record_b is not None:
        return translate("TakeFromB", "Add B's prune record {n}").format(n=t.prune_record_b)
    if t.index_a is None and t.index_b is not None:
        return translate("TakeFromB", "Add B's layer {name}").format(name=repr(plan.keys_b[t.index_b]))
    assert t.index_a is not None
    layer = plan._label(t.index_a)
    if t.delete_a:
        return translate("TakeFromB", "Delete {layer} (B has no such layer)").format(layer=layer)
    if t.field is None:
        return translate("TakeFromB", "Take {layer} from B").format(layer=layer)
    if t.span is not None:
        lo, hi = sorted(t.span)
        where = f"{t.field}[{lo}–{hi}]" if hi > lo else f"{t.field}[{lo}]"
        return translate("TakeFromB", "Take {field} of {layer} from B").format(field=where, layer=layer)
    return translate("TakeFromB", "Take {field} of {layer} from B").format(field=t.field, layer=layer)
