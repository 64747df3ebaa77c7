"""RecordTreeModel: a Qt item model over the live protobuf message of a record document.

The model is generic over protobuf descriptors: every dialect, any nesting. It wraps the
message without copying it and is the only thing that changes it: the edit methods below
(`set_value`, `clear_field`, `set_present`, `insert_elements`, `remove_elements`,
`move_elements`, `replace_message`, `set_message`) change the message and emit the exact
Qt signals, then `recordChanged` with a `RecordChange` saying which top-level entry and
which field inside it changed. Undo commands (`editor.ui.commands`) call these methods;
panels and plots read through `value`/`message_at` and follow `recordChanged`.

Addressing. Everything is addressed by a *path*: a tuple of field names and element
indices from the top-level message, e.g. ``("record", 3, "value", "scale_w", 5)`` or
``("prune_record", 0, "consumer", 1, "attr", 2, "i")``. Paths are resolved against the
message on every call; nothing holds on to protobuf sub-objects.

Rows. Each message shows one row per field of its descriptor (set or not; unset fields are
greyed and show their default). A repeated field is one row with a summary (`2048 values,
min … max`) whose children are its elements, fetched lazily in chunks
(`canFetchMore`/`fetchMore`). Elements of repeated message fields (layer entries, prune
records, prune nodes, attrs) are labelled by their `key` or `name`; element indices are
not part of the data (the delegate draws them).

Item ids. `createIndex` gets an integer: the id of the *parent* row's node in a registry
(see DESIGN.md's traps). Nodes exist only for rows that have children (messages and
repeated fields); leaves are addressed by (parent node, row), so a 30 000-value field
costs no per-value objects.
"""
from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from editor.records.values import (
    coerce_value,
    default_value,
    escape_text,
    format_float32,
    format_value,
    is_message,
    type_name,
)

#: A location in the message: field names and element indices, outermost first.
Path = tuple[str | int, ...]

AnyIndex = QModelIndex | QPersistentModelIndex


class RowKind(IntEnum):
    """What one row of the tree stands for."""

    ROOT = 0      #: the top-level message (the invisible root)
    FIELD = 1     #: a singular scalar field of a message (leaf)
    MESSAGE = 2   #: a singular message field (e.g. `value`, `selective_prune`)
    REPEATED = 3  #: a repeated field as a whole; its children are the elements
    ELEMENT = 4   #: one element of a repeated message field (layer entry, prune node, attr…)
    ITEM = 5      #: one element of a repeated scalar field (leaf)


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
    subpath: Path = ()
    to: int | None = None
    path: Path = ()

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


class PathError(LookupError):
    """A path that does not name anything in the message."""


_GREY = QColor(128, 128, 128)
_CHILDLESS = (RowKind.FIELD, RowKind.ITEM)


class _Node:
    """A row that has children: a message (root, message field, element) or a repeated field.

    `children` is None until a view asks for rows; for a message it holds one entry per
    descriptor field (None for scalar rows); for a repeated message field, one element node
    per fetched element; for a repeated scalar field it stays empty (items are leaves).
    `fetched` is the number of rows shown (all fields of a message; the fetched elements
    of a repeated field) and `known_len` the repeated field's length.
    """

    __slots__ = ("id", "kind", "parent", "row", "field", "desc", "children", "fetched",
                 "known_len", "cache")

    def __init__(self, node_id: int, kind: RowKind, parent: _Node | None, row: int,
                 field: FieldDescriptor | None, desc: Descriptor | None) -> None:
        self.id = node_id
        self.kind = kind
        self.parent = parent
        self.row = row
        self.field = field
        self.desc = desc
        self.children: list[_Node | None] | None = None
        self.fetched = 0
        self.known_len = 0
        self.cache: str | None = None

    @property
    def is_message(self) -> bool:
        return self.kind in (RowKind.ROOT, RowKind.MESSAGE, RowKind.ELEMENT)


def _label_field(desc: Descriptor) -> FieldDescriptor | None:
    """The field that names an element of this type: `key` for layer entries, else `name`."""
    for name in ("key", "name"):
        fd = desc.fields_by_name.get(name)
        if fd is not None and not fd.is_repeated and fd.type in (fd.TYPE_STRING, fd.TYPE_BYTES):
            return fd
    return None


def _is_attr_like(desc: Descriptor) -> bool:
    """AttrProto-like: a name, an enum `type`, and value fields chosen by that type."""
    fd = desc.fields_by_name.get("type")
    return _label_field(desc) is not None and fd is not None and fd.type == fd.TYPE_ENUM


def _short(values: Iterable[str], limit: int = 4) -> str:
    items = list(itertools.islice(values, limit + 1))
    more = "…" if len(items) > limit else ""
    return ", ".join(items[:limit]) + (", " + more if more else "")


def attr_text(msg: Message) -> str:
    """The value an AttrProto-like message carries, by its set fields (`Conv`, `160`, `3, 3, 32`)."""
    parts = []
    for fd, value in msg.ListFields():
        if fd.name in ("name", "type"):
            continue
        if fd.is_repeated:
            parts.append(_short((format_value(fd, v) for v in value), 6))
        elif not is_message(fd):
            parts.append(format_value(fd, value))
    return "; ".join(parts)


def element_label(msg: Message) -> str:
    """The text a repeated-message element shows in the field column (its key or name)."""
    desc = msg.DESCRIPTOR
    label = _label_field(desc)
    if label is not None:
        return escape_text(getattr(msg, label.name)) if msg.HasField(label.name) else ""
    for fd in desc.fields:
        if fd.is_repeated and is_message(fd) and _label_field(fd.message_type) is not None:
            sub_label = _label_field(fd.message_type)
            names = [escape_text(getattr(m, sub_label.name)) for m in getattr(msg, fd.name)]
            if names:
                return _short(names, 3)
    return desc.name


def message_summary(msg: Message, *, skip: str | None = None, limit: int = 5) -> str:
    """One line describing a message's set fields (the value column of message rows)."""
    desc = msg.DESCRIPTOR
    if _is_attr_like(desc):
        kind = msg.type if msg.HasField("type") else None
        text = attr_text(msg)
        name = desc.fields_by_name["type"].enum_type.values_by_number.get(kind) if kind is not None else None
        return f"{name.name if name else ''} {text}".strip()
    parts: list[str] = []
    for fd, value in msg.ListFields():
        if fd.name == skip:
            continue
        if fd.is_repeated:
            if is_message(fd) and value and _is_attr_like(fd.message_type):
                parts.append(_short((f"{a.name}={attr_text(a)}" for a in value), limit))
            else:
                parts.append(f"{fd.name} ×{len(value)}")
        elif is_message(fd):
            inner = message_summary(value, limit=limit)
            parts.append(inner if fd.name == "value" else f"{fd.name} {{{inner}}}")
        else:
            parts.append(f"{fd.name} {format_value(fd, value)}")
    if not parts:
        return "empty"
    return " · ".join(parts[:limit]) + (" · …" if len(parts) > limit else "")


def repeated_summary(field: FieldDescriptor, values: Sequence[Any]) -> str:
    """`2048 values, min 0.00014840205 … max 0.0053863642` for a repeated field's row."""
    n = len(values)
    if n == 0:
        return "empty"
    if is_message(field):
        return f"{n} {'entry' if n == 1 else 'entries'}"
    noun = "value" if n == 1 else "values"
    if n == 1:
        return f"1 value: {format_value(field, values[0])}"
    t = field.type
    if t in (field.TYPE_FLOAT, field.TYPE_DOUBLE):
        finite = [v for v in values if math.isfinite(v)]
        bad = n - len(finite)
        fmt = format_float32 if t == field.TYPE_FLOAT else repr
        text = f"{n} {noun}"
        if finite:
            text += f", min {fmt(min(finite))} … max {fmt(max(finite))}"
        if bad:
            text += f", {bad} not finite"
        return text
    if t in (field.TYPE_STRING, field.TYPE_BYTES, field.TYPE_ENUM, field.TYPE_BOOL):
        return f"{n} {noun}: " + _short(format_value(field, v) for v in values)
    return f"{n} {noun}, min {min(values)} … max {max(values)}"


def _guarded(method):
    """Run an edit with lazy fetching paused: views ask to fetch from inside our signals."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        self._updating += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._updating -= 1
            if not self._updating:
                pending, self._pending = self._pending, []
                for change in pending:
                    self.recordChanged.emit(change)

    return wrapper


class RecordTreeModel(QAbstractItemModel):
    """Tree model over a live record message; its edit methods are the only way to change it.

    Columns: 0 field name or element label (layer key, node name), 1 value, 2 type.
    Extra item data roles: `KIND_ROLE` (a `RowKind`), `FIELD_ROLE` (the FieldDescriptor),
    `IS_SET_ROLE` (False for unset optional fields). `setData` is not used: edits go through
    the undo commands, which call the edit methods.
    """

    #: emitted after every edit (and on reset) with a `RecordChange`
    recordChanged = Signal(object)

    FIELD_COLUMN, VALUE_COLUMN, TYPE_COLUMN = 0, 1, 2
    HEADERS = ("Field", "Value", "Type")

    KIND_ROLE = Qt.ItemDataRole.UserRole + 1
    FIELD_ROLE = Qt.ItemDataRole.UserRole + 2
    IS_SET_ROLE = Qt.ItemDataRole.UserRole + 3

    def __init__(self, message: Message | None = None, parent: QObject | None = None, *,
                 item_chunk: int = 512, element_chunk: int = 500) -> None:
        super().__init__(parent)
        #: elements of a repeated scalar field fetched per `fetchMore`
        self.item_chunk = item_chunk
        #: elements of a repeated message field fetched per `fetchMore`
        self.element_chunk = element_chunk
        self._ids = itertools.count(1)
        self._updating = 0
        self._pending: list[RecordChange] = []
        self._message: Message | None = None
        self._nodes: dict[int, _Node] = {}
        self._root = self._new_root(message)
        self._message = message

    # ------------------------------------------------------------------ message access

    @property
    def message(self) -> Message | None:
        """The live message (read it freely; change it only through the edit methods)."""
        return self._message

    @property
    def editing(self) -> bool:
        """True while an edit method runs: rows are moving; `recordChanged` follows when done."""
        return self._updating > 0

    def set_message(self, message: Message | None) -> None:
        """Show another message (e.g. a newly opened document): a model reset."""
        self.beginResetModel()
        self._message = message
        self._root = self._new_root(message)
        self.endResetModel()
        self.recordChanged.emit(RecordChange(ChangeKind.RESET))

    def value(self, path: Path) -> Any:
        """The value at `path`: a scalar, a list for a repeated field, a Message for a message.

        For an unset optional scalar this is its default (see `has_field`).
        """
        obj = self._resolve(path)
        if isinstance(obj, Message):
            return obj
        if hasattr(obj, "__len__") and not isinstance(obj, (str, bytes)):
            return list(obj)
        return obj

    def exists(self, path: Path) -> bool:
        """True when `path` names something in the message (without reading it)."""
        try:
            self._resolve(tuple(path))
        except PathError:
            return False
        return True

    def message_at(self, path: Path) -> Message:
        """The message at `path` (for reading only; an unset message field reads as empty)."""
        obj = self._resolve(path)
        if not isinstance(obj, Message):
            raise PathError(f"{format_path(path)} is not a message")
        return obj

    def has_field(self, path: Path) -> bool:
        """Whether a singular field is set (repeated fields: whether they have elements)."""
        if not path:
            return True
        parent, field, index = self._target(path)
        if index is not None:
            return True
        if field.is_repeated:
            return len(getattr(parent, field.name)) > 0
        return parent.HasField(field.name) if field.has_presence else True

    def field_descriptor(self, path: Path) -> FieldDescriptor | None:
        """The field a path ends in (for an element, the repeated field); None for ()."""
        if not path:
            return None
        return self._target(path)[1]

    def element_count(self, path: Path) -> int:
        """Number of elements of the repeated field at `path`."""
        parent, field, index = self._target(path)
        if not field.is_repeated or index is not None:
            raise PathError(f"{format_path(path)} is not a repeated field")
        return len(getattr(parent, field.name))

    def message_bytes(self, path: Path) -> bytes | None:
        """Serialized content of the message at `path`; None for an unset message field.

        Bit-exact (binary wire format) and partial: a message missing a required field
        (a prune node without `name`) serializes too.
        """
        if path:
            parent, field, index = self._target(path)
            if not is_message(field):
                raise PathError(f"{format_path(path)} is not a message")
            if index is None and field.is_repeated:
                raise PathError(f"{format_path(path)} is a repeated field, not one message")
            if index is None and not parent.HasField(field.name):
                return None
        return self.message_at(path).SerializePartialToString()

    def keys(self) -> list[str]:
        """Layer keys in file order (for completion and "go to layer")."""
        if self._message is None or "record" not in self._message.DESCRIPTOR.fields_by_name:
            return []
        return [e.key for e in self._message.record]

    # ------------------------------------------------------------------ edits

    @_guarded
    def set_value(self, path: Path, value: Any) -> None:
        """Set a singular scalar field, or one element of a repeated scalar field.

        `value` is checked and converted as protobuf stores it (floats become float32);
        ValueError says why a value does not fit. Emits dataChanged for the row and its
        ancestors, then `recordChanged`.
        """
        parent, field, index = self._target(path)
        if is_message(field):
            raise PathError(f"{format_path(path)} is a message; use replace_message")
        if field.is_repeated and index is None:
            raise PathError(f"{format_path(path)} is a repeated field; address one element")
        stored = coerce_value(field, value)
        if index is None:
            setattr(parent, field.name, stored)
        else:
            getattr(parent, field.name)[index] = stored
        self._after_change(path)

    @_guarded
    def clear_field(self, path: Path) -> None:
        """Unset a singular field (scalar or message) or empty a repeated field."""
        parent, field, index = self._target(path)
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
        parent.ClearField(field.name)
        self._after_change(path)

    @_guarded
    def set_present(self, path: Path) -> None:
        """Mark an unset optional field as set: a scalar gets its default, a message becomes empty."""
        parent, field, index = self._target(path)
        if index is not None or field.is_repeated:
            raise PathError(f"{format_path(path)} is not a singular field")
        if parent.HasField(field.name):
            return
        if is_message(field):
            getattr(parent, field.name).SetInParent()
            self._sync_path(path)
        else:
            setattr(parent, field.name, default_value(field))
            self._after_change(path)

    @_guarded
    def insert_elements(self, path: Path, index: int, items: Sequence[Any]) -> None:
        """Insert elements into the repeated field at `path`, before position `index`.

        Items are values for a scalar field and serialized messages (bytes, as from
        `message_bytes`/`remove_elements`) for a message field.
        """
        parent, field, at = self._target(path)
        if at is not None or not field.is_repeated:
            raise PathError(f"{format_path(path)} is not a repeated field")
        container = getattr(parent, field.name)
        n = len(container)
        if not 0 <= index <= n:
            raise PathError(f"cannot insert at {index} into {format_path(path)} of {n} elements")
        if not items:
            return
        if is_message(field):
            cls = GetMessageClass(field.message_type)
            new: list[Any] = []
            for data in items:
                msg = cls()
                msg.MergeFromString(data)
                new.append(msg)
        else:
            new = [coerce_value(field, v) for v in items]
        k = len(new)
        chain, _ = self._locate(path)
        node = chain[-1] if len(chain) == len(path) + 1 else None
        visible = node is not None and (index < node.fetched or node.fetched == node.known_len)
        if visible:
            self.beginInsertRows(self._index_of(node), index, index + k - 1)
        if is_message(field):
            for j, msg in enumerate(new):
                container.insert(index + j, msg)
        else:
            container[index:index] = new
        if node is not None:
            node.known_len += k
            if visible:
                if is_message(field):
                    fresh = [self._new_node(RowKind.ELEMENT, node, 0, field, field.message_type)
                             for _ in range(k)]
                    node.children[index:index] = fresh
                    self._renumber(node, index)
                node.fetched += k
                self.endInsertRows()
        self._emit_chain(chain)
        self._announce(path, ChangeKind.INSERTED, index, k)

    @_guarded
    def remove_elements(self, path: Path, index: int, count: int = 1) -> list[Any]:
        """Remove `count` elements from position `index`; returns what was removed.

        Values for a scalar field, serialized messages (bytes) for a message field — exactly
        what `insert_elements` takes to put them back bit for bit.
        """
        parent, field, at = self._target(path)
        if at is not None or not field.is_repeated:
            raise PathError(f"{format_path(path)} is not a repeated field")
        container = getattr(parent, field.name)
        n = len(container)
        if count <= 0:
            return []
        if not (0 <= index and index + count <= n):
            raise PathError(f"cannot remove {count} from {index} of {format_path(path)} ({n} elements)")
        if is_message(field):
            removed: list[Any] = [container[i].SerializePartialToString()
                                  for i in range(index, index + count)]
        else:
            removed = list(container[index:index + count])
        chain, _ = self._locate(path)
        node = chain[-1] if len(chain) == len(path) + 1 else None
        visible = node is not None and index < node.fetched
        if visible:
            end = min(index + count, node.fetched)
            self.beginRemoveRows(self._index_of(node), index, end - 1)
            if is_message(field):
                for child in node.children[index:end]:
                    self._purge(child)
                del node.children[index:end]
                self._renumber(node, index)
            node.fetched -= end - index
        del container[index:index + count]
        if node is not None:
            node.known_len -= count
        if visible:
            self.endRemoveRows()
        self._emit_chain(chain)
        self._announce(path, ChangeKind.REMOVED, index, count)
        return removed

    @_guarded
    def move_elements(self, path: Path, index: int, count: int, to: int) -> None:
        """Move elements [index, index+count) so that the first of them ends up at `to`."""
        parent, field, at = self._target(path)
        if at is not None or not field.is_repeated:
            raise PathError(f"{format_path(path)} is not a repeated field")
        container = getattr(parent, field.name)
        n = len(container)
        if count <= 0 or not (0 <= index and index + count <= n and 0 <= to <= n - count):
            raise PathError(f"cannot move {count} from {index} to {to} in {format_path(path)} ({n})")
        if to == index:
            return
        message_field = is_message(field)
        if message_field:
            block: list[Any] = [container[i].SerializePartialToString() for i in range(index, index + count)]
        else:
            block = list(container[index:index + count])
        chain, _ = self._locate(path)
        node = chain[-1] if len(chain) == len(path) + 1 else None
        lo, hi = min(index, to), max(index, to) + count
        qt_move = node is not None and hi <= node.fetched
        if qt_move:
            dest = to if to < index else to + count
            parent_index = self._index_of(node)
            self.beginMoveRows(parent_index, index, index + count - 1, parent_index, dest)
        del container[index:index + count]
        if message_field:
            cls = GetMessageClass(field.message_type)
            for j, data in enumerate(block):
                msg = cls()
                msg.MergeFromString(data)
                container.insert(to + j, msg)
        else:
            container[to:to] = block
        if qt_move:
            if message_field:
                moved = node.children[index:index + count]
                del node.children[index:index + count]
                node.children[to:to] = moved
                self._renumber(node, lo)
            self.endMoveRows()
        elif node is not None and lo < node.fetched:
            # part of the range is not fetched yet: refresh the visible rows in place
            for child in (node.children or [])[lo:node.fetched]:
                if child is not None:
                    self._sync(child)
            self._emit_rows(node, lo, node.fetched - 1)
        self._emit_chain(chain)
        self._announce(path, ChangeKind.MOVED, index, count, to=to)

    @_guarded
    def replace_message(self, path: Path, data: bytes | None) -> None:
        """Replace the content of the message at `path` with serialized `data`.

        `path` may be () (the whole record), an element (`("record", 3)`), or a singular
        message field, where None unsets it. The rows below follow position by position.
        """
        if not path:
            if data is None:
                raise PathError("the top-level message cannot be unset")
            self._message.Clear()
            self._message.MergeFromString(data)
            self._sync(self._root)
            self._pending.append(RecordChange(ChangeKind.RESET, path=()))
            return
        parent, field, index = self._target(path)
        if not is_message(field) or (field.is_repeated and index is None):
            raise PathError(f"{format_path(path)} is not a message")
        if index is not None:
            if data is None:
                raise PathError(f"{format_path(path)} is an element; use remove_elements")
            target = getattr(parent, field.name)[index]
            target.Clear()
            target.MergeFromString(data)
        else:
            parent.ClearField(field.name)
            if data is not None:
                sub = getattr(parent, field.name)
                sub.SetInParent()
                sub.MergeFromString(data)
        self._sync_path(path)

    # ------------------------------------------------------------------ index <-> path

    def path_for_index(self, index: AnyIndex) -> Path:
        """The path of the row `index` stands for (an index of this model, not of a proxy)."""
        if not index.isValid():
            return ()
        parent = self._nodes.get(index.internalId())
        if parent is None:
            raise PathError("stale index")
        base = self._node_path(parent)
        if parent.kind == RowKind.REPEATED:
            return base + (index.row(),)
        return base + (parent.desc.fields[index.row()].name,)

    def child_path(self, parent: AnyIndex, row: int) -> Path:
        """The path of row `row` below `parent`: ``path_for_index(index(row, 0, parent))``
        without making the index (a filter asks this of every row)."""
        node = self._node_for(parent)
        if node is None:
            raise PathError("stale index")
        base = self._node_path(node)
        if node.kind == RowKind.REPEATED:
            return base + (row,)
        if node.desc is None or not 0 <= row < len(node.desc.fields):
            raise PathError(f"no row {row} below {format_path(base)}")
        return base + (node.desc.fields[row].name,)

    def index_for_path(self, path: Path, column: int = 0) -> QModelIndex:
        """The index of the row at `path`, fetching lazily loaded rows on the way.

        Raises PathError for a path that names nothing.
        """
        self._resolve(path)  # validates
        node = self._root
        index = QModelIndex()
        for step in path:
            children = self._built(node)
            if node.kind == RowKind.REPEATED:
                if not isinstance(step, int):
                    raise PathError(f"{format_path(path)}: expected an index after {node.field.name}")
                if step >= node.fetched:
                    chunk = self.element_chunk if is_message(node.field) else self.item_chunk
                    self._fetch_to(node, min(node.known_len, max(step + 1, node.fetched + chunk)))
                    children = node.children
                row = step
            else:
                if not isinstance(step, str):
                    raise PathError(f"{format_path(path)}: expected a field name in {node.desc.name}")
                row = self._field_row(node.desc, step)
            index = self.index(row, 0, index)
            child = children[row] if row < len(children) else None
            if child is None:
                break
            node = child
        return index.siblingAtColumn(column) if column else index

    def row_kind(self, index: AnyIndex) -> RowKind:
        """The kind of row an index stands for (ROOT for an invalid index)."""
        info = self._row_info(index)
        return RowKind.ROOT if info is None else info[0]

    # ------------------------------------------------------------------ Qt model interface

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 3

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return self._root.fetched
        if parent.column():
            return 0
        node = self._child_node(parent)
        return node.fetched if node is not None else 0

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        if not parent.isValid():
            return self._root.fetched > 0
        if parent.column():
            return False
        node = self._child_node(parent)
        if node is None:
            return False
        return node.known_len > 0 if node.kind == RowKind.REPEATED else node.fetched > 0

    def canFetchMore(self, parent: AnyIndex) -> bool:
        if self._updating or not parent.isValid() or parent.column():
            return False
        node = self._child_node(parent)
        return node is not None and node.kind == RowKind.REPEATED and node.fetched < node.known_len

    def fetchMore(self, parent: AnyIndex) -> None:
        if self._updating or not parent.isValid() or parent.column():
            return
        node = self._child_node(parent)
        if node is None or node.kind != RowKind.REPEATED:
            return
        chunk = self.element_chunk if is_message(node.field) else self.item_chunk
        self._fetch_to(node, min(node.known_len, node.fetched + chunk))

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid():
            if parent.column():
                return QModelIndex()
            node = self._child_node(parent)
            if node is None:
                return QModelIndex()
        else:
            node = self._root
        if 0 <= row < node.fetched and 0 <= column < 3:
            return self.createIndex(row, column, node.id)
        return QModelIndex()

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        node = self._nodes.get(index.internalId())
        if node is None or node.kind == RowKind.ROOT:
            return QModelIndex()
        return self.createIndex(node.row, 0, node.parent.id)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < 3:
            return self.HEADERS[section]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        info = self._row_info(index)
        if info is None:
            return flags
        kind, field, _node = info
        if kind in _CHILDLESS:
            flags |= Qt.ItemFlag.ItemNeverHasChildren
            if index.column() == self.VALUE_COLUMN:
                flags |= Qt.ItemFlag.ItemIsEditable
        elif kind == RowKind.ELEMENT and index.column() == self.FIELD_COLUMN \
                and _label_field(field.message_type) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._message is None:
            return None
        try:
            return self._data(index, role)
        except (IndexError, KeyError, AttributeError, PathError):
            # a view asking between two signals of one edit: the next signal corrects it
            return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Not used: edits are undo commands (editor.ui.commands), which call the edit methods."""
        return False

    # ------------------------------------------------------------------ internals: data

    def _data(self, index: AnyIndex, role: int) -> Any:
        info = self._row_info(index)
        if info is None:
            return None
        kind, field, node = info
        col = index.column()
        if role == self.KIND_ROLE:
            return int(kind)
        if role == self.FIELD_ROLE:
            return field
        parent_node = self._nodes[index.internalId()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole,
                    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole,
                    Qt.ItemDataRole.ToolTipRole, self.IS_SET_ROLE):
            is_set = self._is_set(parent_node, index.row(), kind, field)
        else:
            return None
        if role == self.IS_SET_ROLE:
            return is_set
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == self.TYPE_COLUMN or not is_set:
                return QBrush(_GREY)
            return None
        if role == Qt.ItemDataRole.FontRole:
            if not is_set and col != self.TYPE_COLUMN:
                font = QFont()
                font.setItalic(True)
                return font
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(parent_node, index.row(), kind, field, is_set)
        if col == self.TYPE_COLUMN:
            return type_name(field, element=kind in (RowKind.ELEMENT, RowKind.ITEM)) \
                if role == Qt.ItemDataRole.DisplayRole else None
        if role == Qt.ItemDataRole.EditRole:
            return self._edit_value(parent_node, index.row(), kind, field, col)
        if col == self.FIELD_COLUMN:
            if kind == RowKind.ELEMENT:
                msg = self._resolve_node(parent_node)[index.row()]
                return element_label(msg)
            if kind == RowKind.ITEM:
                return ""
            return field.name
        return self._display_value(parent_node, index.row(), kind, field, node)

    def _is_set(self, parent_node: _Node, row: int, kind: RowKind, field: FieldDescriptor) -> bool:
        if kind in (RowKind.FIELD, RowKind.MESSAGE):
            if not field.has_presence:
                return True
            return self._resolve_node(parent_node).HasField(field.name)
        if kind == RowKind.REPEATED:
            return len(getattr(self._resolve_node(parent_node), field.name)) > 0
        return True

    def _edit_value(self, parent_node: _Node, row: int, kind: RowKind, field: FieldDescriptor,
                    col: int) -> Any:
        if kind == RowKind.FIELD and col == self.VALUE_COLUMN:
            return getattr(self._resolve_node(parent_node), field.name)
        if kind == RowKind.ITEM and col == self.VALUE_COLUMN:
            return self._resolve_node(parent_node)[row]
        if kind == RowKind.ELEMENT and col == self.FIELD_COLUMN:
            label = _label_field(field.message_type)
            if label is not None:
                return getattr(self._resolve_node(parent_node)[row], label.name)
        return None

    def _display_value(self, parent_node: _Node, row: int, kind: RowKind, field: FieldDescriptor,
                       node: _Node | None) -> str:
        if kind == RowKind.FIELD:
            return format_value(field, getattr(self._resolve_node(parent_node), field.name))
        if kind == RowKind.ITEM:
            return format_value(field, self._resolve_node(parent_node)[row])
        if kind == RowKind.REPEATED:
            if node is not None and node.cache is not None:
                return node.cache
            text = repeated_summary(field, getattr(self._resolve_node(parent_node), field.name))
            if node is not None:
                node.cache = text
            return text
        if kind == RowKind.MESSAGE:
            msg = self._resolve_node(parent_node)
            if field.has_presence and not msg.HasField(field.name):
                return "not set"
            return message_summary(getattr(msg, field.name))
        msg = self._resolve_node(parent_node)[row]
        label = _label_field(field.message_type)
        return message_summary(msg, skip=label.name if label is not None else None)

    def _tooltip(self, parent_node: _Node, row: int, kind: RowKind, field: FieldDescriptor,
                 is_set: bool) -> str:
        what = f"{field.full_name} — {type_name(field)}, field number {field.number}"
        if kind == RowKind.ITEM:
            return f"{field.name}[{row}] — {type_name(field, element=True)}"
        if kind == RowKind.ELEMENT:
            label = _label_field(field.message_type)
            if label is not None:
                msg = self._resolve_node(parent_node)[row]
                return f"{field.name}[{row}] {label.name}: \"{escape_text(getattr(msg, label.name))}\""
            return f"{field.name}[{row}] — {field.message_type.name}"
        if kind == RowKind.FIELD and not is_set:
            return (f"{what}\nNot set: reads as the default "
                    f"{format_value(field, default_value(field))}. Edit the value to set it.")
        if kind == RowKind.MESSAGE and not is_set:
            return f"{what}\nNot set."
        return what

    # ------------------------------------------------------------------ internals: nodes

    def _new_root(self, message: Message | None) -> _Node:
        self._nodes = {}
        root = _Node(0, RowKind.ROOT, None, 0, None, message.DESCRIPTOR if message is not None else None)
        root.fetched = len(root.desc.fields) if root.desc is not None else 0
        self._nodes[0] = root
        return root

    def _new_node(self, kind: RowKind, parent: _Node, row: int, field: FieldDescriptor,
                  desc: Descriptor | None) -> _Node:
        node = _Node(next(self._ids), kind, parent, row, field, desc)
        if kind != RowKind.REPEATED:
            node.fetched = len(desc.fields)  # a message always shows one row per field
        self._nodes[node.id] = node
        return node

    def _built(self, node: _Node) -> list[_Node | None]:
        """The node's children, creating the row nodes of a message on first use."""
        if node.children is not None:
            return node.children
        if node.kind == RowKind.REPEATED:
            node.children = []
            node.known_len = len(self._resolve_node(node))
            return node.children
        children: list[_Node | None] = []
        if node.desc is not None and self._message is not None:
            msg = self._resolve_node(node)
            for row, fd in enumerate(node.desc.fields):
                if fd.is_repeated:
                    child = self._new_node(RowKind.REPEATED, node, row, fd, fd.message_type)
                    child.known_len = len(getattr(msg, fd.name))
                    child.children = []
                    children.append(child)
                elif is_message(fd):
                    children.append(self._new_node(RowKind.MESSAGE, node, row, fd, fd.message_type))
                else:
                    children.append(None)
        node.children = children
        return children

    def _node_for(self, index: AnyIndex) -> _Node | None:
        """The node of the row `index` stands for; root for invalid; None for leaves."""
        if not index.isValid():
            return self._root
        return self._child_node(index)

    def _child_node(self, index: AnyIndex) -> _Node | None:
        """The node of the row of a valid index (None for a leaf or a stale index)."""
        parent = self._nodes.get(index.internalId())
        if parent is None:
            return None
        children = parent.children
        if children is None:
            children = self._built(parent)
        row = index.row()
        return children[row] if row < len(children) else None

    def _row_info(self, index: AnyIndex) -> tuple[RowKind, FieldDescriptor, _Node | None] | None:
        if not index.isValid():
            return None
        parent = self._nodes.get(index.internalId())
        if parent is None:
            return None
        row = index.row()
        children = self._built(parent)
        if parent.kind == RowKind.REPEATED:
            field = parent.field
            if row >= parent.fetched:
                return None
            if is_message(field):
                return RowKind.ELEMENT, field, children[row]
            return RowKind.ITEM, field, None
        if parent.desc is None or row >= len(parent.desc.fields):
            return None
        field = parent.desc.fields[row]
        child = children[row]
        if field.is_repeated:
            return RowKind.REPEATED, field, child
        if is_message(field):
            return RowKind.MESSAGE, field, child
        return RowKind.FIELD, field, None

    @_guarded
    def _fetch_to(self, node: _Node, n: int) -> None:
        self._built(node)
        if n <= node.fetched:
            return
        self.beginInsertRows(self._index_of(node), node.fetched, n - 1)
        if is_message(node.field):
            for row in range(node.fetched, n):
                node.children.append(self._new_node(RowKind.ELEMENT, node, row, node.field,
                                                     node.field.message_type))
        node.fetched = n
        self.endInsertRows()

    def _purge(self, node: _Node) -> None:
        todo = [node]
        while todo:
            n = todo.pop()
            self._nodes.pop(n.id, None)
            if n.children:
                todo.extend(c for c in n.children if c is not None)

    @staticmethod
    def _renumber(node: _Node, start: int) -> None:
        for row in range(start, len(node.children)):
            node.children[row].row = row

    def _index_of(self, node: _Node) -> QModelIndex:
        if node.kind == RowKind.ROOT:
            return QModelIndex()
        return self.createIndex(node.row, 0, node.parent.id)

    def _node_path(self, node: _Node) -> Path:
        steps: list[str | int] = []
        while node.kind != RowKind.ROOT:
            steps.append(node.row if node.kind == RowKind.ELEMENT else node.field.name)
            node = node.parent
        return tuple(reversed(steps))

    def _resolve_node(self, node: _Node) -> Any:
        """The message (message-like node) or repeated container (REPEATED node) of a node."""
        chain = []
        while node.kind != RowKind.ROOT:
            chain.append(node)
            node = node.parent
        obj: Any = self._message
        for n in reversed(chain):
            obj = obj[n.row] if n.kind == RowKind.ELEMENT else getattr(obj, n.field.name)
        return obj

    _row_cache: dict[str, dict[str, int]] = {}

    @classmethod
    def _field_row(cls, desc: Descriptor, name: str) -> int:
        rows = cls._row_cache.get(desc.full_name)
        if rows is None:
            rows = {fd.name: i for i, fd in enumerate(desc.fields)}
            cls._row_cache[desc.full_name] = rows
        try:
            return rows[name]
        except KeyError:
            raise PathError(f"{desc.name} has no field {name!r}") from None

    # ------------------------------------------------------------------ internals: paths

    def _resolve(self, path: Path) -> Any:
        if self._message is None:
            raise PathError("no record is open")
        obj: Any = self._message
        for i, step in enumerate(path):
            if isinstance(step, str):
                if not isinstance(obj, Message) or step not in obj.DESCRIPTOR.fields_by_name:
                    raise PathError(f"{format_path(path[:i + 1])}: no such field")
                obj = getattr(obj, step)
            else:
                if isinstance(obj, (Message, str, bytes)) or not hasattr(obj, "__len__") \
                        or not 0 <= step < len(obj):
                    raise PathError(f"{format_path(path[:i + 1])}: no such element")
                obj = obj[step]
        return obj

    def _target(self, path: Path) -> tuple[Message, FieldDescriptor, int | None]:
        """(message holding the field, the field, element index or None) for a path."""
        if not path:
            raise PathError("the path is empty")
        if isinstance(path[-1], int):
            if len(path) < 2 or not isinstance(path[-2], str):
                raise PathError(f"{format_path(path)}: an index must follow a repeated field")
            parent = self._resolve(path[:-2])
            name, index = path[-2], path[-1]
        else:
            parent = self._resolve(path[:-1])
            name, index = path[-1], None
        if not isinstance(parent, Message) or name not in parent.DESCRIPTOR.fields_by_name:
            raise PathError(f"{format_path(path)}: no such field")
        field = parent.DESCRIPTOR.fields_by_name[name]
        if index is not None:
            if not field.is_repeated or not 0 <= index < len(getattr(parent, name)):
                raise PathError(f"{format_path(path)}: no such element")
        return parent, field, index

    def _locate(self, path: Path) -> tuple[list[_Node], tuple[_Node, int] | None]:
        """Nodes that exist for the prefixes of `path` (root first) and the visible leaf row.

        `chain[k]` is the node of `path[:k]`; the walk stops where rows were never shown.
        `leaf` is (parent node, row) when the whole path is a leaf row a view may show.
        """
        node = self._root
        chain = [node]
        for i, step in enumerate(path):
            if node.children is None:
                return chain, None
            if node.kind == RowKind.REPEATED:
                if not isinstance(step, int) or step >= node.fetched:
                    return chain, None
                row = step
                child = node.children[row] if is_message(node.field) else None
            else:
                row = self._field_row(node.desc, step)
                child = node.children[row]
            if child is None:
                return chain, ((node, row) if i == len(path) - 1 else None)
            chain.append(child)
            node = child
        return chain, None

    # ------------------------------------------------------------------ internals: signals

    def _emit_rows(self, parent: _Node, first: int, last: int) -> None:
        if last < first:
            return
        self.dataChanged.emit(self.createIndex(first, 0, parent.id),
                              self.createIndex(last, 2, parent.id))

    def _emit_chain(self, chain: list[_Node], *, value_only: bool = False) -> None:
        """dataChanged for the rows on the chain, whose summaries may change.

        `value_only` (a value edit that renames nothing) skips the rows of repeated message
        fields above the change: their text ("55 entries") cannot change.
        """
        last = chain[-1]
        for node in reversed(chain):
            node.cache = None
            if node.kind == RowKind.ROOT:
                continue
            if value_only and node is not last and node.kind == RowKind.REPEATED and is_message(node.field):
                continue
            self._emit_rows(node.parent, node.row, node.row)

    def _after_change(self, path: Path) -> None:
        chain, leaf = self._locate(path)
        if leaf is not None:
            self._emit_rows(leaf[0], leaf[1], leaf[1])
        renames = isinstance(path[-1], str) and path[-1] in ("key", "name")
        self._emit_chain(chain, value_only=not renames)
        self._announce(path, ChangeKind.CHANGED)

    def _sync_path(self, path: Path) -> None:
        chain, _ = self._locate(path)
        if len(chain) == len(path) + 1:
            self._sync(chain[-1])
        self._emit_chain(chain)
        self._announce(path, ChangeKind.CHANGED)

    def _sync(self, node: _Node) -> None:
        """Bring the rows below `node` in line with the message, position by position."""
        node.cache = None
        if node.children is None:
            return
        if node.kind == RowKind.REPEATED:
            n = len(self._resolve_node(node))
            parent_index = self._index_of(node)
            if node.fetched > n:
                self.beginRemoveRows(parent_index, n, node.fetched - 1)
                if is_message(node.field):
                    for child in node.children[n:]:
                        self._purge(child)
                    del node.children[n:]
                node.fetched = n
                node.known_len = n
                self.endRemoveRows()
            elif n > node.fetched and node.fetched == node.known_len:
                chunk = self.element_chunk if is_message(node.field) else self.item_chunk
                node.known_len = n
                self._fetch_to(node, min(n, max(node.fetched, chunk)))
            node.known_len = n
            for child in node.children:
                if child is not None:
                    self._sync(child)
            self._emit_rows(node, 0, node.fetched - 1)
            return
        for child in node.children:
            if child is not None:
                self._sync(child)
        self._emit_rows(node, 0, len(node.children) - 1)

    def _announce(self, path: Path, kind: ChangeKind, first: int | None = None, count: int = 1,
                  to: int | None = None) -> None:
        change = make_change(self._message, path, kind, first, count, to)
        if self._updating:
            self._pending.append(change)
        else:
            self.recordChanged.emit(change)


def make_change(message: Message, path: Path, kind: ChangeKind, first: int | None = None,
                count: int = 1, to: int | None = None) -> RecordChange:
    """The `RecordChange` for an edit at `path` (structural kinds count at the top level only)."""
    top = path[0] if path else None
    top_field = message.DESCRIPTOR.fields_by_name.get(top) if isinstance(top, str) else None
    if top_field is not None and top_field.is_repeated:
        if len(path) == 1 and kind is not ChangeKind.CHANGED:
            return RecordChange(kind, top, first, count, (), to, path)
        if len(path) >= 2:
            return RecordChange(ChangeKind.CHANGED, top, path[1], 1, path[2:], None, path)
    return RecordChange(ChangeKind.CHANGED, top, None, 1, path[1:], None, path)


def format_path(path: Path) -> str:
    """`record[3].value.scale_w[5]` — a path as text (the form Problem.field uses)."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "<top>"


def parse_path(text: str) -> Path:
    """Inverse of `format_path`: `consumer[1].attr[2].i` -> ("consumer", 1, "attr", 2, "i")."""
    steps: list[str | int] = []
    for part in text.split("."):
        match = _PATH_PART.fullmatch(part)
        if match is None:
            raise PathError(f"bad path {text!r}")
        if match.group(1):
            steps.append(match.group(1))
        steps.extend(int(n) for n in re.findall(r"\[(\d+)\]", match.group(2)))
    return tuple(steps)


_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)?((?:\[\d+\])*)")
