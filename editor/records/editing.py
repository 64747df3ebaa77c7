"""RecordEditor: the one way a record message changes, and the announcement of every change.

No Qt here. The window's undo commands, the command line's ``set``, the rules' pre-edit
checks and the tests all change a record through a `RecordEditor`: `set_value`,
`clear_field`, `set_present`, `insert_elements`, `remove_elements`, `move_elements`,
`replace_message` and `set_message`, each addressed by a path (`editor.records.paths`).

Announcements, for whoever shows the message:

- `about_to_change(Edit)` right before the message changes and `edited(Edit)` right after,
  for each elementary step. An adapter such as the Qt tree model turns the pair into
  begin/end row signals (`Edit` says what kind of step, where, how many elements).
- `changed(RecordChange)` once the outermost edit is complete: one per elementary step,
  held back while an edit is still running (clearing a repeated field removes its
  elements: one `changed` after it). Panels, plots, the selection and the live rule
  checker follow `changed`: it says which top-level entry changed, or which entries were
  inserted, removed or moved.

Listeners are plain callables (`Announcement.connect`); they run synchronously, in the
order they connected.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from editor.records.messages import EntryMessage, PruneRecordMessage, RootMessage, message_type_of
from editor.records.paths import FieldPath, PathError, format_path, resolve, target
from editor.records.values import coerce_value, default_value, is_message

T = TypeVar("T")


class Announcement(Generic[T]):
    """A list of listeners called with one value, in the order they connected."""

    __slots__ = ("_listeners",)

    def __init__(self) -> None:
        self._listeners: list[Callable[[T], object]] = []

    def connect(self, listener: Callable[[T], object]) -> None:
        self._listeners.append(listener)

    def disconnect(self, listener: Callable[[T], object]) -> None:
        self._listeners.remove(listener)

    def emit(self, value: T) -> None:
        for listener in tuple(self._listeners):
            listener(value)


class ChangeKind(Enum):
    """How the top level of the record changed."""

    CHANGED = "changed"    #: something inside one entry (or a top-level singular field) changed
    INSERTED = "inserted"  #: entries were inserted into a top-level repeated field
    REMOVED = "removed"    #: entries were removed from a top-level repeated field
    MOVED = "moved"        #: a block of entries moved within a top-level repeated field
    RESET = "reset"        #: the whole message was replaced


@dataclass(frozen=True)
class RecordChange:
    """What an edit changed, at the granularity of top-level entries.

    `field` is the top-level field (`"record"`, `"prune_record"`); `first`/`count` the
    entries concerned — for CHANGED the entry index, for INSERTED the indices of the new
    entries, for REMOVED and MOVED the indices *before* the change; `to` (MOVED) is the
    index of the first moved entry afterwards. `subpath` (CHANGED) is the path inside the
    entry, e.g. ``("value", "scale_w")`` — ``()`` when the whole entry was replaced.
    `path` is the full path the edit was addressed to. RESET has `field` None.
    """

    kind: ChangeKind
    field: str | None = None
    first: int | None = None
    count: int = 1
    subpath: FieldPath = ()
    to: int | None = None
    path: FieldPath = ()

    def touches(self, field: str, index: int) -> bool:
        """True when entry `index` of top-level `field` may read differently after this change."""
        if self.kind is ChangeKind.RESET:
            return True
        if self.field != field or self.first is None:
            return False
        if self.kind is ChangeKind.CHANGED:
            return index == self.first
        if self.kind is ChangeKind.MOVED:
            lo = min(self.first, self.to if self.to is not None else self.first)
            hi = max(self.first, self.to if self.to is not None else self.first) + self.count
            return lo <= index < hi
        return index >= self.first  # inserted/removed entries shift everything after them

    def follow(self, field: str, index: int | None) -> int | None:
        """Where entry `index` of top-level `field` is after this change; None once removed.

        A view showing entry 7 keeps the same entry when one above it is inserted, removed
        or moved. CHANGED and RESET keep the index (after a reset the caller checks that it
        still exists).
        """
        if index is None or self.kind in (ChangeKind.RESET, ChangeKind.CHANGED) \
                or self.field != field or self.first is None:
            return index
        first, count = self.first, self.count
        if self.kind is ChangeKind.INSERTED:
            return index + count if index >= first else index
        if self.kind is ChangeKind.REMOVED:
            if first <= index < first + count:
                return None
            return index - count if index >= first + count else index
        to = self.to if self.to is not None else first  # MOVED
        if first <= index < first + count:
            return to + (index - first)
        rest = index - count if index >= first + count else index
        return rest + count if rest >= to else rest


def follow_entry(change: RecordChange, index: int | None, field: str = "record") -> int | None:
    """Where entry `index` of top-level `field` (a layer by default) is after `change`; None
    once it is gone. The one remapping the selection, the panels and the plots share."""
    return change.follow(field, index)


def make_change(message: Message, path: FieldPath, kind: ChangeKind, first: int | None = None,
                count: int = 1, to: int | None = None) -> RecordChange:
    """The `RecordChange` for an edit at `path` (structural kinds count at the top level only)."""
    top = path[0] if path else None
    top_name = top if isinstance(top, str) else None
    top_field = message.DESCRIPTOR.fields_by_name.get(top_name) if top_name is not None else None
    if top_name is not None and top_field is not None and top_field.is_repeated:
        if len(path) == 1 and kind is not ChangeKind.CHANGED:
            return RecordChange(kind, top_name, first, count, (), to, path)
        if len(path) >= 2 and isinstance(path[1], int):
            return RecordChange(ChangeKind.CHANGED, top_name, path[1], 1, path[2:], None, path)
    return RecordChange(ChangeKind.CHANGED, top_name, None, 1, path[1:], None, path)


class EditKind(Enum):
    """One elementary step of an edit, as `about_to_change`/`edited` announce it."""

    SET = "set"        #: a scalar field or one element of a repeated scalar field set or cleared
    INSERT = "insert"  #: `count` elements inserted into the repeated field at `path` before `index`
    REMOVE = "remove"  #: `count` elements removed from the repeated field at `path` from `index`
    MOVE = "move"      #: elements [index, index+count) moved so that the first is at `to`
    SYNC = "sync"      #: the content of the message at `path` replaced (rows below follow by position)
    RESET = "reset"    #: another message, or none, installed as a whole


@dataclass(frozen=True)
class Edit:
    """One elementary step: what kind, at which path, which elements."""

    kind: EditKind
    path: FieldPath = ()
    index: int = 0
    count: int = 0
    to: int = 0


class RecordEditor:
    """Applies edits to one live message (or none) and announces each of them.

    The message is a whole record (`record` gives it typed, `entry_at` one of its entries) or
    any message inside one, such as a copy of an entry that an edit is tried on first: the
    editor works by paths and descriptors, so `message` is protobuf's `Message`.

    Read freely through `message` and the read methods; change it only through the edit
    methods, so every view hears of the change. Values are checked and converted as
    protobuf stores them (floats become float32); ValueError says why a value does not fit,
    PathError why a path names nothing (the message is unchanged in both cases).
    """

    def __init__(self, message: Message | None = None) -> None:
        self._message = message
        self._depth = 0
        self._pending: list[RecordChange] = []
        #: (Edit) right before the message changes
        self.about_to_change: Announcement[Edit] = Announcement()
        #: (Edit) right after the message changed
        self.edited: Announcement[Edit] = Announcement()
        #: (RecordChange) once the outermost edit is complete
        self.changed: Announcement[RecordChange] = Announcement()

    # ------------------------------------------------------------------ reading

    @property
    def message(self) -> Message | None:
        """The live message (read it freely; change it only through the edit methods)."""
        return self._message

    @property
    def record(self) -> RootMessage | None:
        """The live message when it is a whole record (None: none is open, or this editor edits
        one entry, a copy an edit is tried on first)."""
        return self._message if isinstance(self._message, RootMessage) else None

    @property
    def editing(self) -> bool:
        """True while an edit runs (between its first announcement and its `changed`)."""
        return self._depth > 0

    def value(self, path: FieldPath) -> Any:
        """The value at `path`: a scalar, a list for a repeated field, a Message for a message.

        For an unset optional scalar this is its default (see `has_field`).
        """
        obj = resolve(self._message, path)
        if isinstance(obj, Message):
            return obj
        if hasattr(obj, "__len__") and not isinstance(obj, (str, bytes)):
            return list(obj)
        return obj

    def exists(self, path: FieldPath) -> bool:
        """True when `path` names something in the message."""
        try:
            resolve(self._message, tuple(path))
        except PathError:
            return False
        return True

    def message_at(self, path: FieldPath) -> Message:
        """The message at `path` (for reading only; an unset message field reads as empty)."""
        obj = resolve(self._message, path)
        if not isinstance(obj, Message):
            raise PathError(f"{format_path(path)} is not a message")
        return obj

    def entry_at(self, index: int) -> EntryMessage:
        """Layer entry `index` of the record (`message_at(("record", index))`, typed)."""
        found = self.message_at(("record", index))
        if not isinstance(found, EntryMessage):
            raise PathError(f"record[{index}] is not a layer entry")
        return found

    def prune_record_at(self, index: int) -> PruneRecordMessage:
        """Prune record `index` of the record (`message_at(("prune_record", index))`, typed)."""
        found = self.message_at(("prune_record", index))
        if not isinstance(found, PruneRecordMessage):
            raise PathError(f"prune_record[{index}] is not a prune record")
        return found

    def has_field(self, path: FieldPath) -> bool:
        """Whether a singular field is set (repeated fields: whether they have elements)."""
        if not path:
            return True
        parent, field, index = target(self._message, path)
        if index is not None:
            return True
        if field.is_repeated:
            return len(getattr(parent, field.name)) > 0
        return parent.HasField(field.name) if field.has_presence else True

    def field_descriptor(self, path: FieldPath) -> FieldDescriptor | None:
        """The field a path ends in (for an element, the repeated field); None for ()."""
        if not path:
            return None
        return target(self._message, path)[1]

    def field_at(self, path: FieldPath) -> FieldDescriptor:
        """The field a non-empty path ends in (for an element, the repeated field)."""
        if not path:
            raise PathError("the whole record is no field")
        return target(self._message, path)[1]

    def element_count(self, path: FieldPath) -> int:
        """Number of elements of the repeated field at `path`."""
        parent, field, index = target(self._message, path)
        if not field.is_repeated or index is not None:
            raise PathError(f"{format_path(path)} is not a repeated field")
        return len(getattr(parent, field.name))

    def message_bytes(self, path: FieldPath) -> bytes | None:
        """Serialized content of the message at `path`; None for an unset message field.

        Bit-exact (binary wire format) and partial: a message missing a required field
        (a prune node without `name`) serializes too.
        """
        if path:
            parent, field, index = target(self._message, path)
            if not is_message(field):
                raise PathError(f"{format_path(path)} is not a message")
            if index is None and field.is_repeated:
                raise PathError(f"{format_path(path)} is a repeated field, not one message")
            if index is None and not parent.HasField(field.name):
                return None
        return self.message_at(path).SerializePartialToString()

    def keys(self) -> list[str]:
        """Layer keys in file order (for completion and "go to layer")."""
        record = self.record
        return [] if record is None else [e.key for e in record.record]

    # ------------------------------------------------------------------ edits

    def set_message(self, message: Message | None) -> None:
        """Install another message (a file opened or closed): a RESET."""
        with self._step(Edit(EditKind.RESET), RecordChange(ChangeKind.RESET)):
            self._message = message

    def set_value(self, path: FieldPath, value: Any) -> None:
        """Set a singular scalar field, or one element of a repeated scalar field."""
        parent, field, index = target(self._message, path)
        if is_message(field):
            raise PathError(f"{format_path(path)} is a message; use replace_message")
        if field.is_repeated and index is None:
            raise PathError(f"{format_path(path)} is a repeated field; address one element")
        stored = coerce_value(field, value)
        with self._step(Edit(EditKind.SET, tuple(path)), self._change(path, ChangeKind.CHANGED)):
            if index is None:
                setattr(parent, field.name, stored)
            else:
                getattr(parent, field.name)[index] = stored

    def clear_field(self, path: FieldPath) -> None:
        """Unset a singular field (scalar or message) or empty a repeated field."""
        parent, field, index = target(self._message, path)
        if index is not None:
            raise PathError(f"{format_path(path)} is an element; use remove_elements")
        if field.is_repeated:
            count = len(getattr(parent, field.name))
            if count:
                self.remove_elements(path, 0, count)
            return
        if is_message(field):
            self.replace_message(path, None)
            return
        with self._step(Edit(EditKind.SET, tuple(path)), self._change(path, ChangeKind.CHANGED)):
            parent.ClearField(field.name)

    def set_present(self, path: FieldPath) -> None:
        """Mark an unset optional field as set: a scalar gets its default, a message becomes empty."""
        parent, field, index = target(self._message, path)
        if index is not None or field.is_repeated:
            raise PathError(f"{format_path(path)} is not a singular field")
        if parent.HasField(field.name):
            return
        kind = EditKind.SYNC if is_message(field) else EditKind.SET
        with self._step(Edit(kind, tuple(path)), self._change(path, ChangeKind.CHANGED)):
            if is_message(field):
                getattr(parent, field.name).SetInParent()
            else:
                setattr(parent, field.name, default_value(field))

    def insert_elements(self, path: FieldPath, index: int, items: Sequence[Any]) -> None:
        """Insert elements into the repeated field at `path`, before position `index`.

        Items are values for a scalar field and serialized messages (bytes, as from
        `message_bytes`/`remove_elements`) for a message field.
        """
        container, field = self._repeated(path)
        n = len(container)
        if not 0 <= index <= n:
            raise PathError(f"cannot insert at {index} into {format_path(path)} of {n} elements")
        if not items:
            return
        new = self._elements(field, items)
        k = len(new)
        with self._step(Edit(EditKind.INSERT, tuple(path), index, k),
                        self._change(path, ChangeKind.INSERTED, index, k)):
            if is_message(field):
                for j, msg in enumerate(new):
                    container.insert(index + j, msg)
            else:
                container[index:index] = new

    def remove_elements(self, path: FieldPath, index: int, count: int = 1) -> list[Any]:
        """Remove `count` elements from position `index`; returns what was removed.

        Values for a scalar field, serialized messages (bytes) for a message field — exactly
        what `insert_elements` takes to put them back bit for bit.
        """
        container, field = self._repeated(path)
        n = len(container)
        if count <= 0:
            return []
        if not (index >= 0 and index + count <= n):
            raise PathError(f"cannot remove {count} from {index} of {format_path(path)} ({n} elements)")
        removed = self._block(container, field, index, count)
        with self._step(Edit(EditKind.REMOVE, tuple(path), index, count),
                        self._change(path, ChangeKind.REMOVED, index, count)):
            del container[index:index + count]
        return removed

    def move_elements(self, path: FieldPath, index: int, count: int, to: int) -> None:
        """Move elements [index, index+count) so that the first of them ends up at `to`."""
        container, field = self._repeated(path)
        n = len(container)
        if count <= 0 or not (index >= 0 and index + count <= n and 0 <= to <= n - count):
            raise PathError(f"cannot move {count} from {index} to {to} in {format_path(path)} ({n})")
        if to == index:
            return
        block = self._block(container, field, index, count)
        moved = self._elements(field, block) if is_message(field) else block
        with self._step(Edit(EditKind.MOVE, tuple(path), index, count, to),
                        self._change(path, ChangeKind.MOVED, index, count, to)):
            del container[index:index + count]
            if is_message(field):
                for j, msg in enumerate(moved):
                    container.insert(to + j, msg)
            else:
                container[to:to] = moved

    def replace_message(self, path: FieldPath, data: bytes | None) -> None:
        """Replace the content of the message at `path` with serialized `data`.

        `path` may be () (the whole record: announced as a RESET), an element
        (`("record", 3)`), or a singular message field, where None unsets it.
        """
        step = Edit(EditKind.SYNC, tuple(path))
        if not path:
            if data is None:
                raise PathError("the top-level message cannot be unset")
            if self._message is None:
                raise PathError("no record is open")
            with self._step(step, RecordChange(ChangeKind.RESET, path=())):
                self._message.Clear()
                self._message.MergeFromString(data)
            return
        parent, field, index = target(self._message, path)
        if not is_message(field) or (field.is_repeated and index is None):
            raise PathError(f"{format_path(path)} is not a message")
        if index is not None and data is None:
            raise PathError(f"{format_path(path)} is an element; use remove_elements")
        with self._step(step, self._change(path, ChangeKind.CHANGED)):
            if index is not None:
                element = getattr(parent, field.name)[index]
                element.Clear()
                element.MergeFromString(data)
            else:
                parent.ClearField(field.name)
                if data is not None:
                    sub = getattr(parent, field.name)
                    sub.SetInParent()
                    sub.MergeFromString(data)

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _step(self, step: Edit, change: RecordChange) -> Iterator[None]:
        """Announce `step` around the code that changes the message; `change` once the
        outermost edit is done. `edited` follows even when the change fails half way, so
        an adapter never stays between its begin and end."""
        self._depth += 1
        try:
            self.about_to_change.emit(step)
            try:
                yield
            finally:
                self._pending.append(change)
                self.edited.emit(step)
        finally:
            self._depth -= 1
        self._flush()

    def _flush(self) -> None:
        """Announce the held-back changes once no edit is running any more."""
        while not self._depth and self._pending:
            change = self._pending.pop(0)
            self.changed.emit(change)

    def _change(self, path: FieldPath, kind: ChangeKind, first: int | None = None, count: int = 1,
                to: int | None = None) -> RecordChange:
        assert self._message is not None
        return make_change(self._message, tuple(path), kind, first, count, to)

    def _repeated(self, path: FieldPath) -> tuple[Any, FieldDescriptor]:
        parent, field, at = target(self._message, path)
        if at is not None or not field.is_repeated:
            raise PathError(f"{format_path(path)} is not a repeated field")
        return getattr(parent, field.name), field

    @staticmethod
    def _block(container: Any, field: FieldDescriptor, index: int, count: int) -> list[Any]:
        if is_message(field):
            return [container[i].SerializePartialToString() for i in range(index, index + count)]
        return list(container[index:index + count])

    @staticmethod
    def _elements(field: FieldDescriptor, items: Sequence[Any]) -> list[Any]:
        if not is_message(field):
            return [coerce_value(field, v) for v in items]
        cls = GetMessageClass(message_type_of(field))
        out = []
        for data in items:
            msg = cls()
            msg.MergeFromString(data)
            out.append(msg)
        return out
