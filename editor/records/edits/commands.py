"""Edit commands: every undoable change to a record is one of these (no Qt).

A command holds *paths* (`editor.records.paths`), never protobuf objects, and changes the
message only through the record's `RecordEditor` (`editor.records.editing`), so whatever
shows the record follows every apply and revert through its announcements. Each command
knows how to

- **apply** itself: `calls()` lists the `RecordEditor` calls it makes, computed against the
  record as it is before it runs; `apply()` makes them, and the one check
  (`editor.records.edits.check`) replays them on a copy of the entries they touch;
- **revert** itself bit for bit: whatever it removes or overwrites is kept as values or
  serialized bytes, float32 values and NaN payloads included;
- **merge** with the next one (`merge_id`, `merge`): consecutive edits of one value become
  one step, which disappears when the value is back where it started;
- **describe** itself: `text`, the words an Undo menu shows.

Constructors check their arguments against the current message and raise ValueError (a
value that does not fit the field, with a message for the user) or PathError; a command
that would change nothing is `obsolete`, and an undo stack drops it.

The window pushes these on its undo stack through a thin Qt adapter (`editor.ui.commands`);
the command line applies them itself (`record-editor set`, `refit`). Typical use::

    session.push(SetValueCommand(session.editor, ("record", 3, "value", "scale_d"), 0.5))
    session.push(set_field_on_entries(session.editor, [("record", 1), ("record", 4)],
                                      ("value", "act_type"), "INT16"))
    step = InsertElementsCommand(editor, ("record", 3, "value", "scale_w"), 16, [0.01])
    step.apply(); step.revert()
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.editing import RecordEditor
from editor.records.messages import AttrMessage, EntryMessage, PruneNodeMessage, message_type_of
from editor.records.paths import FieldPath, PathError, format_path
from editor.records.values import coerce_value, format_value, is_message, same_value, zero_value

#: `merge_id` of SetValueCommand: consecutive edits of the same cell merge
SET_VALUE_ID = 0x5E7


def describe(editor: RecordEditor, path: FieldPath) -> str:
    """Words for a location in undo texts: `scale_d of conv1`, `producer 2 of prune record 0`."""
    if not path:
        return translate("Commands", "the record")
    head = ""
    if len(path) >= 2 and path[0] == "record" and isinstance(path[1], int):
        try:
            key = editor.value(("record", path[1], "key"))
        except PathError:
            key = ""
        head = (translate("Commands", "layer {key}").format(key=repr(key)) if key
                else translate("Commands", "layer {index}").format(index=path[1]))
        rest = path[2:]
        if rest and rest[0] == "value":
            rest = rest[1:]
    elif len(path) >= 2 and path[0] == "prune_record" and isinstance(path[1], int):
        head = translate("Commands", "prune record {index}").format(index=path[1])
        rest = path[2:]
    else:
        return format_path(path)
    if not rest:
        return head
    return translate("Commands", "{part} of {whole}").format(part=format_path(rest), whole=head)


def _plural(n: int, one: str, many: str | None = None) -> str:
    """`n` things in words: "1 layer", "3 layers" (`one`, `many`: nouns already translated)."""
    return translate("Commands", "{n} {things}").format(n=n, things=one if n == 1 else (many or one + "s"))


#: (singular, plural) nouns of the elements of each repeated field (translated where shown)
_NOUNS: dict[str, tuple[str, str]] = {
    "record": (QT_TRANSLATE_NOOP("Commands", "layer"), QT_TRANSLATE_NOOP("Commands", "layers")),
    "prune_record": (QT_TRANSLATE_NOOP("Commands", "prune record"), QT_TRANSLATE_NOOP("Commands", "prune records")),
    "producer": (QT_TRANSLATE_NOOP("Commands", "producer"), QT_TRANSLATE_NOOP("Commands", "producers")),
    "consumer": (QT_TRANSLATE_NOOP("Commands", "consumer"), QT_TRANSLATE_NOOP("Commands", "consumers")),
    "attr": (QT_TRANSLATE_NOOP("Commands", "attribute"), QT_TRANSLATE_NOOP("Commands", "attributes")),
}
#: the repeated fields whose elements have a noun of their own (others' are "values")
NAMED_ELEMENTS = frozenset(_NOUNS)
_VALUE_NOUNS = (QT_TRANSLATE_NOOP("Commands", "value"), QT_TRANSLATE_NOOP("Commands", "values"))


def element_noun(path: FieldPath) -> tuple[str, str]:
    """(singular, plural) for elements of the repeated field at `path`, in the interface's language."""
    name = path[-1] if path and isinstance(path[-1], str) else ""
    one, many = _NOUNS.get(name, _VALUE_NOUNS)
    return translate("Commands", one), translate("Commands", many)


def first_unset_message(editor: RecordEditor, path: FieldPath) -> FieldPath | None:
    """The outermost unset singular message field on the way to `path`, if any.

    Setting anything below it sets it too (protobuf semantics), so the command's undo must
    unset it again for the message to be exactly as before.
    """
    for end in range(1, len(path)):
        prefix = tuple(path[:end])
        if isinstance(prefix[-1], int):
            continue
        field = editor.field_descriptor(prefix)
        if field is not None and is_message(field) and not field.is_repeated and not editor.has_field(prefix):
            return prefix
    return None


@dataclass(frozen=True)
class Call:
    """One `RecordEditor` call an edit makes: the method's name, the path, the other arguments."""

    method: str
    path: FieldPath
    args: tuple[Any, ...] = ()

    def run(self, editor: RecordEditor, path: FieldPath | None = None) -> None:
        """Make the call on `editor` (at `path` instead of the call's own, e.g. on a copy of one entry)."""
        getattr(editor, self.method)(self.path if path is None else path, *self.args)


class EditCommand:
    """Base of all edit commands: an undoable step over one record's `RecordEditor`."""

    #: commands with the same id ≥ 0 are offered to `merge`; -1 never merges
    merge_id = -1

    def __init__(self, editor: RecordEditor, text: str) -> None:
        self.editor = editor
        #: what the step does, in words (the Undo menu's text)
        self.text = text
        #: True when the step changes nothing (an undo stack drops it)
        self.obsolete = False

    def calls(self) -> list[Call]:
        """The `RecordEditor` calls `apply` makes, against the record as it is now."""
        raise NotImplementedError

    def apply(self) -> None:
        """Do the edit (again)."""
        for call in self.calls():
            call.run(self.editor)

    def revert(self) -> None:
        """Undo the edit: the record is again as before `apply`, bit for bit."""
        raise NotImplementedError

    def merge(self, other: EditCommand) -> bool:
        """Take `other`, made right after this one, into this step; False when it cannot."""
        return False

    def _unset_created(self, created: FieldPath | None) -> None:
        """Undo the implicit setting of a message field that the apply caused."""
        if created is not None and self.editor.has_field(created):
            self.editor.clear_field(created)


class SetValueCommand(EditCommand):
    """Set a singular scalar field or one element of a repeated scalar field.

    Consecutive SetValueCommands on the same path merge into one undo step; when the
    merged value equals the original again the step disappears. Undo of a field that was
    unset unsets it again.
    """

    def __init__(self, editor: RecordEditor, path: FieldPath, value: Any, text: str | None = None) -> None:
        field = editor.field_descriptor(path)
        if field is None or is_message(field) or (field.is_repeated and not isinstance(path[-1], int)):
            raise PathError(f"{format_path(path)} is not a single value")
        self.path = tuple(path)
        self.field = field
        self.new = coerce_value(field, value)
        self.had = editor.has_field(path)
        self.old = editor.value(path)
        self.created = first_unset_message(editor, self.path)
        EditCommand.__init__(self, editor, text or translate("Commands", "Set {what} to {value}").format(
            what=describe(editor, path), value=format_value(field, self.new)))
        if self.had and same_value(field, self.old, self.new):
            self.obsolete = True

    merge_id = SET_VALUE_ID

    def calls(self) -> list[Call]:
        return [Call("set_value", self.path, (self.new,))]

    def revert(self) -> None:
        if self.had:
            self.editor.set_value(self.path, self.old)
        else:
            self.editor.clear_field(self.path)
        self._unset_created(self.created)

    def merge(self, other: EditCommand) -> bool:
        if not isinstance(other, SetValueCommand) or other.path != self.path or other.editor is not self.editor:
            return False
        self.new = other.new
        self.text = other.text
        self.obsolete = self.had and same_value(self.field, self.old, self.new)
        return True


class ClearFieldCommand(EditCommand):
    """Unset a singular field (scalar or message) or empty a repeated field; undo restores it."""

    def __init__(self, editor: RecordEditor, path: FieldPath, text: str | None = None) -> None:
        field = editor.field_descriptor(path)
        if field is None or isinstance(path[-1], int):
            raise PathError(f"{format_path(path)} is not a field")
        self.path = tuple(path)
        self.field = field
        if field.is_repeated:
            n = editor.element_count(path)
            self.old: Any = ([editor.message_bytes(self.path + (i,)) for i in range(n)]
                             if is_message(field) else editor.value(path))
            changes = n > 0
        elif is_message(field):
            self.old = editor.message_bytes(path)
            changes = self.old is not None
        else:
            self.old = editor.value(path)
            changes = editor.has_field(path)
        EditCommand.__init__(self, editor, text or translate("Commands", "Clear {what}").format(what=describe(editor, path)))
        if not changes:
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("clear_field", self.path)]

    def revert(self) -> None:
        if self.field.is_repeated:
            self.editor.insert_elements(self.path, 0, self.old)
        elif is_message(self.field):
            self.editor.replace_message(self.path, self.old)
        else:
            self.editor.set_value(self.path, self.old)


class SetPresentCommand(EditCommand):
    """Set an unset optional field: a scalar to its default, a message to empty."""

    def __init__(self, editor: RecordEditor, path: FieldPath, text: str | None = None) -> None:
        field = editor.field_descriptor(path)
        if field is None or field.is_repeated or isinstance(path[-1], int):
            raise PathError(f"{format_path(path)} is not an optional field")
        self.path = tuple(path)
        self.created = first_unset_message(editor, self.path)
        EditCommand.__init__(self, editor, text or translate("Commands", "Set {what}").format(what=describe(editor, path)))
        if editor.has_field(path):
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("set_present", self.path)]

    def revert(self) -> None:
        self.editor.clear_field(self.path)
        self._unset_created(self.created)


class InsertElementsCommand(EditCommand):
    """Insert elements into a repeated field before `index` (index = length appends).

    `items` are values for a scalar field, serialized messages (bytes) or messages for a
    message field (layer entries, prune records, producers, consumers, attrs).
    """

    def __init__(self, editor: RecordEditor, path: FieldPath, index: int, items: Sequence[Any],
                 text: str | None = None) -> None:
        field = editor.field_descriptor(path)
        if field is None or not field.is_repeated or isinstance(path[-1], int):
            raise PathError(f"{format_path(path)} is not a repeated field")
        n = editor.element_count(path)
        if not 0 <= index <= n:
            raise PathError(f"cannot insert at {index} into {format_path(path)} ({n} elements)")
        self.path = tuple(path)
        self.index = index
        self.created = first_unset_message(editor, self.path)
        if is_message(field):
            self.items: list[Any] = [m.SerializePartialToString() if isinstance(m, Message) else bytes(m)
                                     for m in items]
        else:
            self.items = [coerce_value(field, v) for v in items]
        one, many = element_noun(path)
        where = describe(editor, path[:-1]) if len(path) > 1 else ""
        default = (translate("Commands", "Add {what} to {where}") if where else translate("Commands", "Add {what}")
                   ).format(what=_plural(len(self.items), one, many), where=where)
        EditCommand.__init__(self, editor, text or default)
        if not self.items:
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("insert_elements", self.path, (self.index, self.items))]

    def revert(self) -> None:
        self.editor.remove_elements(self.path, self.index, len(self.items))
        self._unset_created(self.created)


class RemoveElementsCommand(EditCommand):
    """Remove elements (any selection of indices) from one repeated field; undo puts them back."""

    def __init__(self, editor: RecordEditor, path: FieldPath, indices: Iterable[int],
                 text: str | None = None) -> None:
        field = editor.field_descriptor(path)
        if field is None or not field.is_repeated or isinstance(path[-1], int):
            raise PathError(f"{format_path(path)} is not a repeated field")
        n = editor.element_count(path)
        rows = sorted(set(indices))
        if rows and not (rows[0] >= 0 and rows[-1] < n):
            raise PathError(f"no element {rows[-1]} in {format_path(path)} ({n} elements)")
        self.path = tuple(path)
        #: contiguous runs (start, items), ascending
        self.runs: list[tuple[int, list[Any]]] = []
        for row in rows:
            item = editor.message_bytes(self.path + (row,)) if is_message(field) else editor.value(self.path + (row,))
            if self.runs and self.runs[-1][0] + len(self.runs[-1][1]) == row:
                self.runs[-1][1].append(item)
            else:
                self.runs.append((row, [item]))
        self.count = len(rows)
        one, many = element_noun(path)
        if self.count == 1 and path[-1] == "record":
            default = translate("Commands", "Delete {what}").format(what=describe(editor, path + (rows[0],)))
        else:
            where = describe(editor, path[:-1]) if len(path) > 1 else ""
            default = (translate("Commands", "Delete {what} of {where}") if where
                       else translate("Commands", "Delete {what}")).format(what=_plural(self.count, one, many),
                                                                            where=where)
        EditCommand.__init__(self, editor, text or default)
        if not rows:
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("remove_elements", self.path, (start, len(items))) for start, items in reversed(self.runs)]

    def revert(self) -> None:
        for start, items in self.runs:
            self.editor.insert_elements(self.path, start, items)


class MoveElementsCommand(EditCommand):
    """Move elements [index, index+count) of a repeated field so the first lands at `to`."""

    def __init__(self, editor: RecordEditor, path: FieldPath, index: int, count: int, to: int,
                 text: str | None = None) -> None:
        n = editor.element_count(path)
        if count <= 0 or not (index >= 0 and index + count <= n and 0 <= to <= n - count):
            raise PathError(f"cannot move {count} from {index} to {to} in {format_path(path)} ({n})")
        self.path, self.index, self.count, self.to = tuple(path), index, count, to
        one, many = element_noun(path)
        what = describe(editor, self.path + (index,)) if count == 1 and path[-1] == "record" \
            else _plural(count, one, many)
        words = translate("Commands", "Move {what} up") if to < index else translate("Commands", "Move {what} down")
        EditCommand.__init__(self, editor, text or words.format(what=what))
        if to == index:
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("move_elements", self.path, (self.index, self.count, self.to))]

    def revert(self) -> None:
        self.editor.move_elements(self.path, self.to, self.count, self.index)


class ReplaceMessageCommand(EditCommand):
    """Replace one message (an entry, a singular message field, or the whole record, path ())
    with serialized content; None unsets a singular message field."""

    def __init__(self, editor: RecordEditor, path: FieldPath, data: bytes | Message | None,
                 text: str | None = None) -> None:
        self.path = tuple(path)
        self.old = editor.message_bytes(self.path)
        self.created = first_unset_message(editor, self.path)
        self.new = data.SerializePartialToString() if isinstance(data, Message) else data
        EditCommand.__init__(self, editor, text or translate("Commands", "Replace {what}").format(what=describe(editor, path)))
        if self.old == self.new:
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("replace_message", self.path, (self.new,))]

    def revert(self) -> None:
        self.editor.replace_message(self.path, self.old)
        self._unset_created(self.created)


class MacroCommand(EditCommand):
    """Several commands as one undo step (applied in order, reverted in reverse)."""

    def __init__(self, editor: RecordEditor, text: str, commands: Iterable[EditCommand]) -> None:
        super().__init__(editor, text)
        self.commands = [c for c in commands if not c.obsolete]
        if not self.commands:
            self.obsolete = True

    def calls(self) -> list[Call]:
        """Every call of every command in order (a command's calls may depend on the state the
        ones before it leave: those compute them when asked, `apply` asks each in turn)."""
        return [call for command in self.commands for call in command.calls()]

    def apply(self) -> None:
        for command in self.commands:
            command.apply()

    def revert(self) -> None:
        for command in reversed(self.commands):
            command.revert()


# ---------------------------------------------------------------------- factories

def set_field_on_entries(editor: RecordEditor, entries: Iterable[FieldPath], subpath: FieldPath, value: Any,
                         text: str | None = None) -> MacroCommand:
    """One undo step setting `subpath` (e.g. ``("value", "act_type")``) on every entry path."""
    entries = list(entries)
    commands = [SetValueCommand(editor, tuple(e) + tuple(subpath), value) for e in entries]
    field = editor.field_descriptor(tuple(entries[0]) + tuple(subpath)) if entries else None
    shown = format_value(field, commands[0].new) if commands and field is not None else str(value)
    field_words = format_path(subpath[1:] if subpath[:1] == ("value",) else subpath)
    layers = _plural(len(entries), translate("Commands", "layer"), translate("Commands", "layers"))
    return MacroCommand(editor, text or translate("Commands", "Set {field} to {value} on {layers}").format(
        field=field_words, value=shown, layers=layers), commands)


def unique_key(editor: RecordEditor, base: str, taken: set[str] | None = None) -> str:
    """`base` if no layer has that key, else `base_2`, `base_3`, …"""
    keys = set(editor.keys()) | (taken or set())
    if base not in keys:
        return base
    n = 2
    while f"{base}_{n}" in keys:
        n += 1
    return f"{base}_{n}"


def new_element_bytes(editor: RecordEditor, path: FieldPath, *, name: str | None = None) -> bytes:
    """A fresh element for the repeated message field at `path` (a new layer gets a unique
    key and an empty `value`; a prune node gets a name, which the schema requires)."""
    field = editor.field_descriptor(path)
    if field is None or not is_message(field) or not field.is_repeated:
        raise PathError(f"{format_path(path)} is not a repeated message field")
    msg = GetMessageClass(message_type_of(field))()
    if isinstance(msg, EntryMessage):
        msg.key = name or unique_key(editor, "new_layer")
        msg.value.SetInParent()
    elif isinstance(msg, PruneNodeMessage | AttrMessage):
        msg.name = name if name is not None else ("new_attr" if isinstance(msg, AttrMessage) else "new_node")
    return msg.SerializePartialToString()


def add_element(editor: RecordEditor, path: FieldPath, index: int | None = None, *,
                name: str | None = None) -> InsertElementsCommand:
    """Add a new (default) element to a repeated field: a layer, prune record, node, attr or value."""
    field = editor.field_at(path)
    n = editor.element_count(path)
    at = n if index is None else index
    if is_message(field):
        item: Any = new_element_bytes(editor, path, name=name)
    else:
        item = zero_value(field)
    return InsertElementsCommand(editor, path, at, [item])


def duplicate_elements(editor: RecordEditor, path: FieldPath, indices: Iterable[int]) -> EditCommand:
    """Copy elements of a repeated field; each copy goes right after its original.

    Copies of layer entries get a unique key (`conv1_copy`), since AMCT uses only the first
    entry of a duplicated key.
    """
    rows = sorted(set(indices))
    field = editor.field_at(path)
    taken: set[str] = set()
    commands: list[EditCommand] = []
    for shift, row in enumerate(rows):
        if is_message(field):
            msg = GetMessageClass(message_type_of(field))()
            msg.MergeFromString(editor.message_at(tuple(path) + (row,)).SerializePartialToString())
            if isinstance(msg, EntryMessage):
                msg.key = unique_key(editor, f"{msg.key}_copy", taken)
                taken.add(msg.key)
            item: Any = msg.SerializePartialToString()
        else:
            item = editor.value(tuple(path) + (row,))
        commands.append(DeferredInsert(editor, tuple(path), row + shift + 1, item))
    one, many = element_noun(path)
    if len(rows) == 1 and path[-1] == "record":
        text = translate("Commands", "Duplicate {what}").format(what=describe(editor, tuple(path) + (rows[0],)))
    else:
        text = translate("Commands", "Duplicate {what}").format(what=_plural(len(rows), one, many))
    return MacroCommand(editor, text, commands)


class DeferredInsert(EditCommand):
    """Insert one element (a value, or a serialized message) at `index`, a position valid once the
    commands before it in its step ran."""

    def __init__(self, editor: RecordEditor, path: FieldPath, index: int, item: Any) -> None:
        super().__init__(editor, "insert")
        self.path, self.index, self.item = path, index, item

    def calls(self) -> list[Call]:
        return [Call("insert_elements", self.path, (self.index, [self.item]))]

    def revert(self) -> None:
        self.editor.remove_elements(self.path, self.index, 1)


def rename_entry(editor: RecordEditor, path: FieldPath, name: str) -> SetValueCommand:
    """Rename a layer (its `key`) or a prune node / attr (its `name`); path is the element."""
    fields = editor.message_at(path).DESCRIPTOR.fields_by_name
    label = "key" if "key" in fields else "name"
    what = describe(editor, path)
    return SetValueCommand(editor, tuple(path) + (label,), name,
                           text=translate("Commands", "Rename {what} to {name}").format(what=what, name=repr(name)))


def move_by(editor: RecordEditor, path: FieldPath, indices: Sequence[int], delta: int) -> MoveElementsCommand | None:
    """Move a contiguous selection of elements up (delta < 0) or down; None at the edge."""
    rows = sorted(set(indices))
    if not rows or rows[-1] - rows[0] + 1 != len(rows):
        raise PathError("only a contiguous selection can be moved")
    n = editor.element_count(path)
    to = rows[0] + delta
    if to < 0 or to + len(rows) > n:
        return None
    return MoveElementsCommand(editor, path, rows[0], len(rows), to)
