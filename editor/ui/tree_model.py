"""RecordTreeModel: a Qt item model over the live protobuf message of a record.

The model is generic over protobuf descriptors: every dialect, any nesting. It wraps the
message of a `RecordEditor` (`editor.records.editing`) without copying it and never
changes it: edits go through the editor (the undo commands in `editor.ui.commands` call
it), and the model translates the editor's announcements — `about_to_change`/`edited` for
each elementary step — into Qt's begin/end row signals and `dataChanged`, then re-emits
the editor's `changed` as `recordChanged` for whoever prefers a Qt signal.

Addressing. Everything is addressed by a *path* (`editor.records.paths`): a tuple of field
names and element indices from the top-level message, e.g. ``("record", 3, "value",
"scale_w", 5)``. `path_for_index` and `index_for_path` convert between rows and paths.

Rows. Each message shows one row per field of its descriptor (set or not; unset fields are
greyed and show their default). A repeated field is one row with a summary (`2048 values,
min … max`) whose children are its elements, fetched lazily in chunks
(`canFetchMore`/`fetchMore`). Elements of repeated message fields (layer entries, prune
records, prune nodes, attrs) are labelled by their `key` or `name`; element indices are
not part of the data (the delegate draws them).

Item ids. `createIndex` gets an integer: the id of the *parent* row's node in a registry
(see docs/ARCHITECTURE.md, "Known traps"). Nodes exist only for rows that have children
(messages and repeated fields); leaves are addressed by (parent node, row), so a 30 000-value
field costs no per-value objects.
"""
from __future__ import annotations

import itertools
from enum import IntEnum
from typing import Any, ClassVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.editing import Edit, EditKind, RecordEditor
from editor.records.messages import descriptor_of, message_type_of
from editor.records.paths import FieldPath, PathError, format_path, resolve
from editor.records.summaries import element_label, label_field, message_summary, repeated_summary
from editor.records.values import default_value, format_value, is_message, shown_text, shown_value, type_name
from editor.ui.annotations import Annotation, TreeAnnotations
from editor.ui.field_tips import above, attr_tip, field_tip
from editor.ui.qt_types import AnyIndex


class RowKind(IntEnum):
    """What one row of the tree stands for."""

    ROOT = 0      #: the top-level message (the invisible root)
    FIELD = 1     #: a singular scalar field of a message (leaf)
    MESSAGE = 2   #: a singular message field (e.g. `value`, `selective_prune`)
    REPEATED = 3  #: a repeated field as a whole; its children are the elements
    ELEMENT = 4   #: one element of a repeated message field (layer entry, prune node, attr…)
    ITEM = 5      #: one element of a repeated scalar field (leaf)


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

    # For code that knows the node's kind, which the type checker does not:
    @property
    def fd(self) -> FieldDescriptor:
        """`field` of a node below the root (the root has none)."""
        assert self.field is not None, "the root has no field"
        return self.field

    @property
    def message_desc(self) -> Descriptor:
        """`desc` of a message node (root, message field, element)."""
        assert self.desc is not None, "a repeated field's node has no message type"
        return self.desc

    @property
    def up(self) -> _Node:
        """`parent` of a node below the root."""
        assert self.parent is not None, "the root has no parent"
        return self.parent

    @property
    def rows(self) -> list[_Node | None]:
        """`children` of a node whose rows were built (see `RecordTreeModel._built`)."""
        assert self.children is not None, "rows not built yet"
        return self.children


class RecordTreeModel(QAbstractItemModel):
    """Tree model over the live message of a `RecordEditor`, following its announcements.

    Columns: 0 field name or element label (layer key, node name), 1 value, 2 type.
    Extra item data roles: `KIND_ROLE` (a `RowKind`), `FIELD_ROLE` (the FieldDescriptor),
    `IS_SET_ROLE` (False for unset optional fields), `ANNOTATIONS_ROLE` (the row's
    `Annotation`s from `annotations`, a `TreeAnnotations`, whose tooltip lines the
    row's tooltip ends with). `setData` is not used: edits are undo commands, which call
    the editor.
    """

    #: the editor's `changed`, as a Qt signal: a `RecordChange` after every edit (and on reset)
    recordChanged = Signal(object)

    FIELD_COLUMN, VALUE_COLUMN, TYPE_COLUMN = 0, 1, 2
    HEADERS = (QT_TRANSLATE_NOOP("RecordTreeModel", "Field"), QT_TRANSLATE_NOOP("RecordTreeModel", "Value"),
               QT_TRANSLATE_NOOP("RecordTreeModel", "Type"))

    KIND_ROLE = Qt.ItemDataRole.UserRole + 1
    FIELD_ROLE = Qt.ItemDataRole.UserRole + 2
    IS_SET_ROLE = Qt.ItemDataRole.UserRole + 3
    ANNOTATIONS_ROLE = Qt.ItemDataRole.UserRole + 4

    def __init__(self, editor: RecordEditor | Message | None = None, parent: QObject | None = None, *,
                 item_chunk: int = 512, element_chunk: int = 500) -> None:
        """`editor` is the record's editor; a bare message (or None) gets an editor of its own."""
        super().__init__(parent)
        #: elements of a repeated scalar field fetched per `fetchMore`
        self.item_chunk = item_chunk
        #: elements of a repeated message field fetched per `fetchMore`
        self.element_chunk = element_chunk
        self.editor = editor if isinstance(editor, RecordEditor) else RecordEditor(editor)
        #: per-row marks and tooltip lines by key (the session sets its `TreeAnnotations`)
        self.annotations: TreeAnnotations | None = None
        self._ids = itertools.count(1)
        self._updating = 0
        self._steps: list[tuple[list[_Node], _Node | None, bool]] = []
        self._nodes: dict[int, _Node] = {}
        self._root = self._new_root(self.editor.message)
        self.editor.about_to_change.connect(self._about_to_change)
        self.editor.edited.connect(self._edited)
        self.editor.changed.connect(self.recordChanged.emit)

    @property
    def message(self) -> Message | None:
        """The editor's live message (read it freely; change it through the editor)."""
        return self.editor.message

    @property
    def editing(self) -> bool:
        """True while the rows of an edit are moving (no lazy fetching meanwhile); the
        editor's `changed` follows when done. Not during a reset: the rows are all new."""
        return self._updating > 0

    # ------------------------------------------------------------------ the editor's announcements

    def _about_to_change(self, step: Edit) -> None:
        """Before the message changes: begin the Qt row operation the step needs."""
        self._updating += 1
        kind = step.kind
        if kind is EditKind.RESET:
            self.beginResetModel()
            return
        if kind in (EditKind.SET, EditKind.SYNC):
            return
        chain, _ = self._locate(step.path)
        node = chain[-1] if len(chain) == len(step.path) + 1 else None
        begun = False
        if node is not None:
            parent_index = self._index_of(node)
            if kind is EditKind.INSERT:
                begun = step.index < node.fetched or node.fetched == node.known_len
                if begun:
                    self.beginInsertRows(parent_index, step.index, step.index + step.count - 1)
            elif kind is EditKind.REMOVE:
                begun = step.index < node.fetched
                if begun:
                    end = min(step.index + step.count, node.fetched)
                    self.beginRemoveRows(parent_index, step.index, end - 1)
                    if is_message(node.field):
                        for child in node.rows[step.index:end]:
                            self._purge(child)
                        del node.rows[step.index:end]
                        self._renumber(node, step.index)
                    node.fetched -= end - step.index
            elif kind is EditKind.MOVE:
                begun = max(step.index, step.to) + step.count <= node.fetched
                if begun:
                    dest = step.to if step.to < step.index else step.to + step.count
                    self.beginMoveRows(parent_index, step.index, step.index + step.count - 1,
                                       parent_index, dest)
        self._steps.append((chain, node, begun))

    def _edited(self, step: Edit) -> None:
        """After the message changed: end the row operation, refresh what reads differently."""
        try:
            kind = step.kind
            if kind is EditKind.RESET:
                self._root = self._new_root(self.editor.message)
                self._updating -= 1  # views lay the new rows out (and fetch) from endResetModel
                try:
                    self.endResetModel()
                finally:
                    self._updating += 1
            elif kind is EditKind.SET:
                chain, leaf = self._locate(step.path)
                if leaf is not None:
                    self._emit_rows(leaf[0], leaf[1], leaf[1])
                renames = isinstance(step.path[-1], str) and step.path[-1] in ("key", "name")
                self._emit_chain(chain, value_only=not renames)
            elif kind is EditKind.SYNC:
                if not step.path:
                    self._sync(self._root)
                else:
                    chain, _ = self._locate(step.path)
                    if len(chain) == len(step.path) + 1:
                        self._sync(chain[-1])
                    self._emit_chain(chain)
            else:
                self._end_rows(step, *self._steps.pop())
        finally:
            self._updating -= 1

    def _end_rows(self, step: Edit, chain: list[_Node], node: _Node | None, begun: bool) -> None:
        kind = step.kind
        if node is not None:
            if kind is EditKind.INSERT:
                node.known_len += step.count
                if begun:
                    if is_message(node.field):
                        fresh = [self._new_node(RowKind.ELEMENT, node, 0, node.fd, node.fd.message_type)
                                 for _ in range(step.count)]
                        node.rows[step.index:step.index] = fresh
                        self._renumber(node, step.index)
                    node.fetched += step.count
                    self.endInsertRows()
            elif kind is EditKind.REMOVE:
                node.known_len -= step.count
                if begun:
                    self.endRemoveRows()
            elif kind is EditKind.MOVE:
                lo = min(step.index, step.to)
                if begun:
                    if is_message(node.field):
                        moved = node.rows[step.index:step.index + step.count]
                        del node.rows[step.index:step.index + step.count]
                        node.rows[step.to:step.to] = moved
                        self._renumber(node, lo)
                    self.endMoveRows()
                elif lo < node.fetched:
                    # part of the range is not fetched yet: refresh the visible rows in place
                    for child in (node.children or [])[lo:node.fetched]:
                        if child is not None:
                            self._sync(child)
                    self._emit_rows(node, lo, node.fetched - 1)
        self._emit_chain(chain)

    # ------------------------------------------------------------------ index <-> path

    def path_for_index(self, index: AnyIndex) -> FieldPath:
        """The path of the row `index` stands for (an index of this model, not of a proxy)."""
        if not index.isValid():
            return ()
        parent = self._nodes.get(index.internalId())
        if parent is None:
            raise PathError("stale index")
        base = self._node_path(parent)
        if parent.kind == RowKind.REPEATED:
            return base + (index.row(),)
        return base + (parent.message_desc.fields[index.row()].name,)

    def child_path(self, parent: AnyIndex, row: int) -> FieldPath:
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

    def index_for_path(self, path: FieldPath, column: int = 0) -> QModelIndex:
        """The index of the row at `path`, fetching lazily loaded rows on the way.

        Raises PathError for a path that names nothing.
        """
        resolve(self.editor.message, path)  # validates
        node = self._root
        index = QModelIndex()
        for step in path:
            children = self._built(node)
            if node.kind == RowKind.REPEATED:
                if not isinstance(step, int):
                    raise PathError(f"{format_path(path)}: expected an index after {node.fd.name}")
                if step >= node.fetched:
                    chunk = self.element_chunk if is_message(node.field) else self.item_chunk
                    self._fetch_to(node, min(node.known_len, max(step + 1, node.fetched + chunk)))
                    children = node.rows
                row = step
            else:
                if not isinstance(step, str):
                    raise PathError(f"{format_path(path)}: expected a field name in {node.message_desc.name}")
                row = self._field_row(node.message_desc, step)
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
        if self.editing or not parent.isValid() or parent.column():
            return False
        node = self._child_node(parent)
        return node is not None and node.kind == RowKind.REPEATED and node.fetched < node.known_len

    def fetchMore(self, parent: AnyIndex) -> None:
        if self.editing or not parent.isValid() or parent.column():
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

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008 - Qt overloads parent()
        node = self._nodes.get(index.internalId()) if index.isValid() else None
        if node is None or node.kind == RowKind.ROOT:
            return QModelIndex()
        return self.createIndex(node.row, 0, node.up.id)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < 3:
            return translate("RecordTreeModel", self.HEADERS[section])
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
                and label_field(message_type_of(field)) is not None:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.editor.message is None:
            return None
        try:
            return self._data(index, role)
        except (IndexError, KeyError, AttributeError, PathError):
            # a view asking between two signals of one edit: the next signal corrects it
            return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Not used: edits are undo commands (editor.ui.commands), which call the editor."""
        return False

    # ------------------------------------------------------------------ internals: data

    def _data(self, index: AnyIndex, role: int) -> Any:
        if role not in _TEXT_ROLES and role not in (self.KIND_ROLE, self.FIELD_ROLE, self.IS_SET_ROLE,
                                                     self.ANNOTATIONS_ROLE):
            return None
        if role == self.ANNOTATIONS_ROLE:
            return self._annotations(index)
        info = self._row_info(index)
        if info is None:
            return None
        kind, field, node = info
        if role == self.KIND_ROLE:
            return int(kind)
        if role == self.FIELD_ROLE:
            return field
        row, col = index.row(), index.column()
        # the parent row's message (or, for elements and items, its repeated container)
        holder = self._resolve_node(self._nodes[index.internalId()])
        is_set = _is_set(holder, kind, field)
        if role == self.IS_SET_ROLE:
            return is_set
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(_GREY) if col == self.TYPE_COLUMN or not is_set else None
        if role == Qt.ItemDataRole.FontRole:
            if not is_set and col != self.TYPE_COLUMN:
                font = QFont()
                font.setItalic(True)
                return font
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            # hovering a field's name: what it means, above the schema line
            tip = (_tooltip if col == self.FIELD_COLUMN else _schema_tooltip)(holder, row, kind, field, is_set)
            notes = [a.tooltip for a in self._annotations(index) if a.tooltip]
            return "\n".join([tip, *notes]) if notes else tip
        if col == self.TYPE_COLUMN:
            return type_name(field, element=kind in (RowKind.ELEMENT, RowKind.ITEM)) \
                if role == Qt.ItemDataRole.DisplayRole else None
        if role == Qt.ItemDataRole.EditRole:
            return _edit_value(holder, row, kind, field, col)
        if col == self.FIELD_COLUMN:
            if kind == RowKind.ELEMENT:
                return element_label(holder[row])
            return "" if kind == RowKind.ITEM else field.name
        if kind == RowKind.REPEATED and node is not None:
            if node.cache is None:  # a summary walks the whole vector: kept until it changes
                node.cache = repeated_summary(field, getattr(holder, field.name))
            return node.cache
        return _display_value(holder, row, kind, field)

    def _annotations(self, index: AnyIndex) -> list[Annotation]:
        if self.annotations is None:
            return []
        return self.annotations.for_path(self.path_for_index(index))

    # ------------------------------------------------------------------ internals: nodes

    def _new_root(self, message: Message | None) -> _Node:
        self._nodes = {}
        root = _Node(0, RowKind.ROOT, None, 0, None, descriptor_of(message) if message is not None else None)
        root.fetched = len(root.desc.fields) if root.desc is not None else 0
        self._nodes[0] = root
        return root

    def _new_node(self, kind: RowKind, parent: _Node, row: int, field: FieldDescriptor,
                  desc: Descriptor | None) -> _Node:
        node = _Node(next(self._ids), kind, parent, row, field, desc)
        if kind != RowKind.REPEATED and desc is not None:
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
        if node.desc is not None and self.editor.message is not None:
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
            field = parent.fd
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

    def _fetch_to(self, node: _Node, n: int) -> None:
        self._built(node)
        if n <= node.fetched:
            return
        self._updating += 1  # views ask to fetch from inside the insert signals
        try:
            self._fetch_rows(node, n)
        finally:
            self._updating -= 1

    def _fetch_rows(self, node: _Node, n: int) -> None:
        self.beginInsertRows(self._index_of(node), node.fetched, n - 1)
        if is_message(node.field):
            for row in range(node.fetched, n):
                node.rows.append(self._new_node(RowKind.ELEMENT, node, row, node.fd,
                                                     node.fd.message_type))
        node.fetched = n
        self.endInsertRows()

    def _purge(self, node: _Node | None) -> None:
        todo = [node] if node is not None else []
        while todo:
            n = todo.pop()
            self._nodes.pop(n.id, None)
            if n.children:
                todo.extend(c for c in n.children if c is not None)

    @staticmethod
    def _renumber(node: _Node, start: int) -> None:
        for row, child in enumerate(node.rows[start:], start):
            if child is not None:
                child.row = row

    def _index_of(self, node: _Node) -> QModelIndex:
        if node.kind == RowKind.ROOT:
            return QModelIndex()
        return self.createIndex(node.row, 0, node.up.id)

    def _node_path(self, node: _Node) -> FieldPath:
        steps: list[str | int] = []
        while node.kind != RowKind.ROOT:
            steps.append(node.row if node.kind == RowKind.ELEMENT else node.fd.name)
            node = node.up
        return tuple(reversed(steps))

    def _resolve_node(self, node: _Node) -> Any:
        """The message (message-like node) or repeated container (REPEATED node) of a node."""
        chain = []
        while node.kind != RowKind.ROOT:
            chain.append(node)
            node = node.up
        obj: Any = self.editor.message
        for n in reversed(chain):
            obj = obj[n.row] if n.kind == RowKind.ELEMENT else getattr(obj, n.fd.name)
        return obj

    _row_cache: ClassVar[dict[str, dict[str | int, int]]] = {}  # an index names no field

    @classmethod
    def _field_row(cls, desc: Descriptor, name: str | int) -> int:
        rows = cls._row_cache.get(desc.full_name)
        if rows is None:
            rows = {fd.name: i for i, fd in enumerate(desc.fields)}
            cls._row_cache[desc.full_name] = rows
        try:
            return rows[name]
        except KeyError:
            raise PathError(f"{desc.name} has no field {name!r}") from None

    def _locate(self, path: FieldPath) -> tuple[list[_Node], tuple[_Node, int] | None]:
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
                row = self._field_row(node.message_desc, step)
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
            self._emit_rows(node.up, node.row, node.row)

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


# ---------------------------------------------------------------------- what a row says

_TEXT_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ForegroundRole,
               Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole)
_VALUE_COLUMN, _FIELD_COLUMN = RecordTreeModel.VALUE_COLUMN, RecordTreeModel.FIELD_COLUMN


def _is_set(holder: Any, kind: RowKind, field: FieldDescriptor) -> bool:
    """Whether the row's field is set; `holder` is the parent row's message or container."""
    if kind in (RowKind.FIELD, RowKind.MESSAGE):
        return holder.HasField(field.name) if field.has_presence else True
    if kind == RowKind.REPEATED:
        return len(getattr(holder, field.name)) > 0
    return True


def _edit_value(holder: Any, row: int, kind: RowKind, field: FieldDescriptor, col: int) -> Any:
    """The raw value an editor starts from (the value of a scalar, the key of an element)."""
    if kind == RowKind.FIELD and col == _VALUE_COLUMN:
        return getattr(holder, field.name)
    if kind == RowKind.ITEM and col == _VALUE_COLUMN:
        return holder[row]
    if kind == RowKind.ELEMENT and col == _FIELD_COLUMN:
        label = label_field(message_type_of(field))
        if label is not None:
            return getattr(holder[row], label.name)
    return None


def _display_value(holder: Any, row: int, kind: RowKind, field: FieldDescriptor) -> str:
    """The value column's text of a row other than a repeated field's."""
    if kind == RowKind.FIELD:
        return shown_value(field, getattr(holder, field.name))
    if kind == RowKind.ITEM:
        return shown_value(field, holder[row])
    if kind == RowKind.REPEATED:
        return repeated_summary(field, getattr(holder, field.name))
    if kind == RowKind.MESSAGE:
        if field.has_presence and not holder.HasField(field.name):
            return "not set"
        return message_summary(getattr(holder, field.name))
    label = label_field(message_type_of(field))
    return message_summary(holder[row], skip=label.name if label is not None else None)


def _tooltip(holder: Any, row: int, kind: RowKind, field: FieldDescriptor, is_set: bool) -> str:
    """The Field column's tooltip: the schema's words on the row under the field's help, in
    the interface language (`editor.records.field_help`)."""
    if kind in (RowKind.FIELD, RowKind.MESSAGE, RowKind.REPEATED):
        return above(field_tip(field), _schema_tooltip(holder, row, kind, field, is_set))
    if kind == RowKind.ELEMENT and field.message_type is not None and field.message_type.name == "AttrProto":
        return above(attr_tip(holder[row].name), _schema_tooltip(holder, row, kind, field, is_set))
    return _schema_tooltip(holder, row, kind, field, is_set)


def _schema_tooltip(holder: Any, row: int, kind: RowKind, field: FieldDescriptor, is_set: bool) -> str:
    what = f"{field.full_name} — {type_name(field)}, field number {field.number}"
    if kind == RowKind.ITEM:
        return f"{field.name}[{row}] — {type_name(field, element=True)}"
    if kind == RowKind.ELEMENT:
        label = label_field(message_type_of(field))
        if label is not None:
            return f"{field.name}[{row}] {label.name}: \"{shown_text(getattr(holder[row], label.name))}\""
        return f"{field.name}[{row}] — {message_type_of(field).name}"
    if kind == RowKind.FIELD and not is_set:
        return (f"{what}\nNot set: reads as the default "
                f"{format_value(field, default_value(field))}. Edit the value to set it.")
    if kind == RowKind.MESSAGE and not is_set:
        return f"{what}\nNot set."
    return what
