"""The one check of an edit against AMCT's hard rules, for the window and the command line alike.

`EditCheck(editor, dialect, context)` judges edits of the record `editor` holds:

- `validate(command)`: the error an `EditCommand` would cause, or None. It replays the
  command's `RecordEditor` calls (`EditCommand.calls`) on copies of the layer entries and
  prune records they touch, then asks the rules (`rules.judge_entry`, `rules.judge_prune`)
  what the edit changes: an error about an edited field or channel wins, else any error the
  edit newly causes in that entry. A layer given a key another layer has is refused
  (duplicate-key, from `context`); a layer inserted whole is judged on its own. Removing and
  moving entries is not refused.
- `validate_value(path, value)`: the error setting the field at `path` to `value` (as
  typed, not yet converted) would cause — what an editor asks while a value is typed.
- `validate_prune_attr(index, node, attr, value)`: the same for a prune node's attribute
  by name (added when the node has none of that name).

The window's session hands out one (`EditSession.check`, with the live problems' context:
the keys and prune types of the record as it is now); `record-editor set` and `refit` build
one with `CheckContext.build`. Nothing is changed: every check runs on copies.
"""
from __future__ import annotations

import struct
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.records.attrs import VALUE_FIELD as _ATTR_VALUE_FIELD
from editor.records.dialects import Dialect
from editor.records.editing import RecordEditor
from editor.records.edits.commands import Call, EditCommand
from editor.records.messages import EntryMessage, PruneRecordMessage, copy_of, descriptor_of
from editor.records.paths import FieldPath, PathError, entry_field_text
from editor.records.problems import Problem
from editor.records.rules import CheckContext, check_entry
from editor.records.rules.validate import (
    duplicate_key,
    judge_entry,
    judge_prune,
    validate_prune_value,
    validate_value,
)

FD = FieldDescriptor
ERRORS = ("error",)
#: a layer entry or a prune record
E = TypeVar("E", EntryMessage, PruneRecordMessage)


@dataclass
class _Touched(Generic[E]):
    """One layer entry (or prune record) an edit touches: its copy and what changed in it."""

    old: E
    new: E
    edited: set[str] = field(default_factory=set)
    whole: set[str] = field(default_factory=set)
    focus: dict[str, int] = field(default_factory=dict)
    #: vectors changed element by element: name -> the elements changed
    elements: dict[str, set[int]] = field(default_factory=dict)

    def element(self, name: str, index: int) -> None:
        self.edited.add(f"{name}[{index}]")
        self.focus[name] = index
        self.elements.setdefault(name, set()).add(index)

    def field(self, name: str) -> None:
        self.edited.add(name)
        self.whole.add(name)


class EditCheck:
    """Edits of one record judged against AMCT's hard rules (errors only)."""

    def __init__(self, editor: RecordEditor, dialect: Dialect, context: CheckContext | None = None) -> None:
        self.editor = editor
        self.dialect = dialect
        #: what the whole file says (other keys, prune types); None judges entries on their own
        self.context = context

    # ------------------------------------------------------------------ commands

    def validate(self, command: EditCommand, *, alone: bool = False) -> Problem | None:
        """The error `command` would cause in the record as it is now, or None.

        `alone` judges the changed channels of a float vector on their own: the vector's
        other values count as 1.0, which every rule accepts, so a problem elsewhere in it
        neither hides a new one nor blocks an unrelated edit (the channel plot's span edits).
        """
        message = self.editor.message
        if message is None or command.obsolete:
            return None
        layers: dict[int, _Touched[EntryMessage]] = {}
        prunes: dict[int, _Touched[PruneRecordMessage]] = {}
        # where each entry now in the record came from (None: inserted by this edit)
        origin: dict[str, list[int | None]] = {}
        for call in command.calls():
            problem = self._replay(message, call, layers, prunes, origin)
            if problem is not None:
                return problem
        for index in sorted(layers):
            problem = self._judge_layer(index, layers[index], alone)
            if problem is not None:
                return problem
        for index in sorted(prunes):
            t = prunes[index]
            problem = judge_prune(self.dialect, t.old, t.new, edited=t.edited, prune_index=index)
            if problem is not None:
                return problem
        return None

    def _replay(self, message: Message, call: Call, layers: dict[int, _Touched[EntryMessage]],
                prunes: dict[int, _Touched[PruneRecordMessage]], origin: dict[str, list[int | None]]) -> Problem | None:
        path = call.path
        top = path[0] if path else None
        if top not in ("record", "prune_record") or top not in message.DESCRIPTOR.fields_by_name:
            return None  # the whole record replaced, or a top-level scalar: no entry rule judges it
        if len(path) == 1:  # entries inserted, removed or moved
            rows = origin.get(top)
            if rows is None:
                rows = origin[top] = list(range(len(getattr(message, top))))
            if call.method == "insert_elements":
                at, items = call.args
                rows[at:at] = [None] * len(items)
                if top == "record":
                    for data in items:
                        problem = self._judge_new_layer(data)
                        if problem is not None:
                            return problem
            elif call.method == "remove_elements":
                at, count = call.args
                del rows[at:at + count]
            elif call.method == "move_elements":
                at, count, to = call.args
                block = rows[at:at + count]
                del rows[at:at + count]
                rows[to:to] = block
            return None
        position = path[1]
        if not isinstance(position, int):
            return None
        rows = origin.get(top)
        index = rows[position] if rows is not None and position < len(rows) else position
        if index is None:
            return None  # inside an entry this edit inserted (judged when inserted)
        rest = tuple(path[2:])
        if top == "prune_record":
            p = prunes.get(index)
            if p is None:
                old_record: PruneRecordMessage = getattr(message, top)[index]
                p = prunes[index] = _Touched(old_record, copy_of(old_record))
            p.edited |= _prune_parts(rest)
            call.run(RecordEditor(p.new), rest)
            return None
        t = layers.get(index)
        if t is None:
            old: EntryMessage = getattr(message, top)[index]
            t = layers[index] = _Touched(old, copy_of(old))
        scratch = RecordEditor(t.new)
        target = _value_field(rest)
        if target is None or call.method == "replace_message":
            before = copy_of(t.new)
            call.run(scratch, rest)
            for name, k in _differences(before, t.new):
                if k is None:
                    t.field(name)
                else:
                    t.element(name, k)
            return None
        name, element = target
        vector = rest if element is None else rest[:-1]
        if call.method == "set_value" and element is not None:
            t.element(name, element)
        elif call.method == "insert_elements" and len(call.args[1]) == 1 \
                and call.args[0] == scratch.element_count(vector):
            t.element(name, call.args[0])  # one value appended: judged as that element
        elif call.method == "remove_elements":
            at, count = call.args
            for k in range(at + count - 1, at - 1, -1):
                t.element(name, k)
        else:
            t.field(name)
        call.run(scratch, rest)
        return None

    def _judge_layer(self, index: int, t: _Touched[EntryMessage], alone: bool) -> Problem | None:
        if "key" in t.whole:
            clash = duplicate_key(t.new.key, t.old.key if t.old.HasField("key") else None, self.context, index)
            if clash is not None:
                return clash
        old, new = t.old, t.new
        if alone:
            old, new = _neutral(old, t), _neutral(new, t)
        return judge_entry(self.dialect, old, new, edited=t.edited, whole=t.whole, focus=t.focus,
                           context=self.context, entry_index=index)

    def _judge_new_layer(self, data: bytes) -> Problem | None:
        """A layer inserted whole: its key against the others', then its errors on its own."""
        scratch = self.dialect.new_message()
        entry = scratch.record.add()
        entry.MergeFromString(data)
        if entry.HasField("key"):
            clash = duplicate_key(entry.key, entry.key, self.context, None)
            if clash is not None:
                return clash
        errors = check_entry(scratch, self.dialect, 0, CheckContext(self.dialect), severities=ERRORS)
        return errors[0] if errors else None

    # ------------------------------------------------------------------ values as typed

    def validate_value(self, path: FieldPath, value: Any) -> Problem | None:
        """The error setting the field at `path` to `value` would cause, or None.

        Covers a layer's key, its value fields and kv-cache vectors (one element or all), and
        a prune node's name and the value of its attributes. Other paths (an attribute's name
        or type, a whole entry) are left to the problems list.
        """
        if self.editor.message is None or len(path) < 3:
            return None
        try:
            if path[0] == "record":
                return self._layer_value(path, value)
            if path[0] == "prune_record" and self.dialect.has_prune:
                return self._prune_value(path, value)
        except (PathError, IndexError):  # nothing there (yet): nothing to check against
            return None
        return None

    def validate_prune_attr(self, index: int, node: str, attr_name: str, value: Any) -> Problem | None:
        """The error setting attribute `attr_name` (or ``name``, the node's name) of `node`
        (``producer[0]``, ``selective_prune``) in prune record `index` to `value` would cause;
        an attribute the node does not have is added with AMCT's usual type."""
        record = self.editor.prune_record_at(index)
        return validate_prune_value(self.dialect, record, node, attr_name, value, prune_index=index)

    def _layer_value(self, path: FieldPath, value: Any) -> Problem | None:
        i, rest = path[1], tuple(path[2:])
        if not isinstance(i, int):
            return None
        target = _value_field(rest)
        if target is None:
            return None
        name, index = target
        entry = self.editor.entry_at(i)
        return validate_value(self.dialect, entry, name, value, index=index, context=self.context, entry_index=i)

    def _prune_value(self, path: FieldPath, value: Any) -> Problem | None:
        j, rest = path[1], tuple(path[2:])
        if not isinstance(j, int):
            return None
        if rest[0] == "selective_prune":
            node, rest = "selective_prune", rest[1:]
        elif rest[0] in ("producer", "consumer") and len(rest) >= 2 and isinstance(rest[1], int):
            node, rest = f"{rest[0]}[{rest[1]}]", rest[2:]
        else:
            return None
        if rest == ("name",):
            return self.validate_prune_attr(j, node, "name", value)
        if len(rest) < 3 or rest[0] != "attr" or not isinstance(rest[1], int):
            return None
        attrs = self.editor.value(path[:len(path) - len(rest)] + ("attr",))
        attr = attrs[rest[1]]
        first = next(k for k, a in enumerate(attrs) if a.name == attr.name)
        if first != rest[1] or _ATTR_VALUE_FIELD.get(attr.type) != rest[2]:
            return None  # a second attr of that name, or a field its type does not read
        if len(rest) == 4 and isinstance(rest[3], int):  # one element of a list attribute: the list as it would be
            values = list(getattr(attr, rest[2]))
            values[rest[3]] = value
            value = values
        return self.validate_prune_attr(j, node, attr.name, value)


# ---------------------------------------------------------------------- what changed where

def _value_field(rest: FieldPath) -> tuple[str, int | None] | None:
    """(the field's name as the rules know it, the element or None) for a path below a layer
    entry that ends in a value field: ``("value", "scale_w", 3)`` -> ``("scale_w", 3)``,
    ``("kv_cache_value", "scale")`` -> ``("kv_cache_value.scale", None)``, ``("key",)``."""
    index = rest[-1] if rest and isinstance(rest[-1], int) else None
    names = rest[:-1] if index is not None else rest
    if names == ("key",):
        return "key", index
    if len(names) == 2 and names[0] in ("value", "kv_cache_value") and isinstance(names[1], str):
        return (names[1] if names[0] == "value" else f"kv_cache_value.{names[1]}"), index
    return None


def _prune_parts(rest: FieldPath) -> set[str]:
    """The parts of a prune record a path below it edits, as problems name them."""
    if rest[:1] == ("selective_prune",):
        node, tail = "selective_prune", rest[1:]
    elif len(rest) >= 2 and rest[0] in ("producer", "consumer") and isinstance(rest[1], int):
        node, tail = f"{rest[0]}[{rest[1]}]", rest[2:]
    else:
        return set()
    if tail == ("name",):
        return {node, f"{node}.name"}
    if len(tail) >= 2 and tail[0] == "attr" and isinstance(tail[1], int):
        return {f"{node}.attr[{tail[1]}]"}
    return set()


def _leaves(desc: Descriptor, prefix: FieldPath = (), depth: int = 0) -> Iterator[tuple[FieldPath, FieldDescriptor]]:
    """Every field below a layer entry, by path (sub-messages themselves included)."""
    for fd in desc.fields:
        path = prefix + (fd.name,)
        yield path, fd
        if fd.message_type is not None and not fd.is_repeated and depth < 4:
            yield from _leaves(fd.message_type, path, depth + 1)


def _read(entry: EntryMessage, path: FieldPath, fd: FieldDescriptor) -> tuple[bool, Any]:
    node: Message = entry
    for step in path[:-1]:
        if not node.HasField(str(step)):  # an unset sub-message: its vectors read as empty
            return False, (() if fd.is_repeated else None)
        node = getattr(node, str(step))
    if fd.is_repeated:
        return True, getattr(node, fd.name)
    if fd.has_presence and not node.HasField(fd.name):
        return False, None
    return True, getattr(node, fd.name)


def _same_bits(fd: FieldDescriptor, a: Any, b: Any) -> bool:
    if fd.cpp_type in (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE):
        return struct.pack("<d", a) == struct.pack("<d", b)
    if fd.message_type is not None:
        return bool(a.SerializePartialToString() == b.SerializePartialToString())
    return bool(a == b)


def _differences(old: EntryMessage, new: EntryMessage) -> Iterator[tuple[str, int | None]]:
    """What differs between two versions of a layer entry, bit for bit: (field, element) for
    one element of a vector both have as long, (field, None) for anything else."""
    for path, fd in _leaves(descriptor_of(old)):
        if fd.message_type is not None and fd.is_repeated:
            continue
        set_a, a = _read(old, path, fd)
        set_b, b = _read(new, path, fd)
        name = entry_field_text(path)
        if fd.message_type is not None:  # a sub-message: its presence (its fields are leaves too)
            if set_a != set_b:
                yield name, None
            continue
        if not fd.is_repeated:
            if set_a != set_b or (set_a and not _same_bits(fd, a, b)):
                yield name, None
            continue
        if len(a) != len(b):
            yield name, None
            continue
        if fd.cpp_type in (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE):
            if array("d", a).tobytes() == array("d", b).tobytes():
                continue
        elif list(a) == list(b):
            continue
        for k, (u, v) in enumerate(zip(a, b, strict=True)):
            if not _same_bits(fd, u, v):
                yield name, k


def _neutral(entry: EntryMessage, t: _Touched[EntryMessage]) -> EntryMessage:
    """A copy of `entry` whose float vectors changed element by element hold 1.0 but at the
    changed elements."""
    out = copy_of(entry)
    for name, changed in t.elements.items():
        if name in t.whole:
            continue
        path = ("key",) if name == "key" else tuple(name.split(".")) if "." in name else ("value", name)
        parent = out
        for step in path[:-1]:
            parent = getattr(parent, step)
        fd = parent.DESCRIPTOR.fields_by_name.get(path[-1])
        if fd is None or not fd.is_repeated or fd.cpp_type not in (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE):
            continue
        vector = getattr(parent, path[-1])
        values = [v if k in changed else 1.0 for k, v in enumerate(vector)]
        vector[:] = values
    return out
