"""The prune panel: one prune record's producers and consumers as a table.

Rows are nodes (producers, then consumers, then the selective_prune node if any); columns
name, type, begin, end, width and the other attributes. Name, type, begin and end are
editable; every edit is checked by the rule engine first (`rules.validate_prune_value`),
so an inverted range or a width that no longer matches the producer is refused with the
reason. Changing the width of a whole prune record is one step: "Set channel range…"
sets begin/end on every producer and consumer at once, checked as a whole.
"""
from __future__ import annotations

from typing import Any, ClassVar

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message_factory import GetMessageClass
from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records._pb import basic_info_pb2
from editor.records.editing import ChangeKind, RecordChange, RecordEditor, follow_entry
from editor.records.edits.commands import (
    ClearFieldCommand,
    EditCommand,
    InsertElementsCommand,
    MacroCommand,
    RemoveElementsCommand,
    SetValueCommand,
)
from editor.records.messages import (
    AttrMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    descriptor_of,
    message_type_of,
)
from editor.records.paths import FieldPath, PathError, format_path, problem_path
from editor.records.summaries import attr_text
from editor.records.values import escape_text, parse_value
from editor.ui.field_tips import attr_summary, attr_tip, prune_summary, prune_tip
from editor.ui.panels.checked_table import CheckedDelegate, CheckedTableModel
from editor.ui.panels.problem_list import ProblemList, problems_title
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession

Attr = basic_info_pb2.AttrProto

#: the value field an attribute of each AttrType keeps a scalar in
_SCALAR_FIELD = {Attr.FLOAT: "f", Attr.INT: "i", Attr.STRING: "s"}
#: the type AMCT gives the attributes this panel edits
_EDITED = {"type": Attr.STRING, "begin": Attr.INT, "end": Attr.INT}
_VALUE_FIELDS = ("f", "i", "s", "floats", "ints", "strings")
_FLAG_BG = QBrush(QColor("#fde2e2"))
_DERIVED_FG = QBrush(QColor("#505a64"))


def _attr(node: PruneNodeMessage, name: str) -> tuple[int, AttrMessage] | None:
    """(index, attr) of the first attribute called `name` (the one readers use)."""
    for j, a in enumerate(node.attr):
        if a.name == name:
            return j, a
    return None


def _attr_value(node: PruneNodeMessage, name: str) -> Any:
    found = _attr(node, name)
    if found is None:
        return None
    a = found[1]
    field = _SCALAR_FIELD.get(a.type)
    if field == "s":
        return a.s.decode("utf-8", "replace")
    if field is not None and a.HasField(field):
        return getattr(a, field)
    return None


def _attr_line(attr: Any) -> str:
    """``prune_index = 3, 7 — removed channels``: an attribute, and what it is when AMCT uses it."""
    summary = attr_summary(attr.name)
    return f"{attr.name} = {attr_text(attr)}" + (f" — {summary}" if summary else "")


def set_attr(node: PruneNodeMessage, name: str, value: Any) -> None:
    """Set (or add) a scalar attribute on a node copy, the way the commands below do."""
    found = _attr(node, name)
    if found is None:
        a = node.attr.add()
        a.name = name
        a.type = _EDITED.get(name, Attr.INT if isinstance(value, int) else Attr.STRING)
    else:
        a = found[1]
    field = _SCALAR_FIELD.get(a.type, "i")
    for f in _VALUE_FIELDS:
        a.ClearField(f)
    setattr(a, field, value.encode("utf-8") if field == "s" and isinstance(value, str) else value)


class PruneTableModel(CheckedTableModel):
    """The nodes of one prune record, read through the session's editor; edits become undo commands."""

    COLUMNS = (QT_TRANSLATE_NOOP("PrunePanel", "Role"), QT_TRANSLATE_NOOP("PrunePanel", "Name"),
               QT_TRANSLATE_NOOP("PrunePanel", "Type"), QT_TRANSLATE_NOOP("PrunePanel", "Begin"),
               QT_TRANSLATE_NOOP("PrunePanel", "End"), QT_TRANSLATE_NOOP("PrunePanel", "Width"),
               QT_TRANSLATE_NOOP("PrunePanel", "Other attributes"))
    NAME, TYPE, BEGIN, END, WIDTH, OTHER = 1, 2, 3, 4, 5, 6
    _EDIT_ATTR: ClassVar[dict[int, str]] = {TYPE: "type", BEGIN: "begin", END: "end"}

    def __init__(self, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        self.prune: int | None = None
        self._rows: list[tuple[str, int | None]] = []

    # ------------------------------------------------------------------ record access

    def set_prune(self, prune: int | None) -> None:
        self.beginResetModel()
        self.prune = prune
        self._rows = self._read_rows()
        self.endResetModel()

    def refresh(self) -> None:
        """Re-read the nodes (rows added or removed at the end, cells updated)."""
        new = self._read_rows()
        old = len(self._rows)
        if len(new) > old:
            self.beginInsertRows(QModelIndex(), old, len(new) - 1)
            self._rows = new
            self.endInsertRows()
        elif len(new) < old:
            self.beginRemoveRows(QModelIndex(), len(new), old - 1)
            self._rows = new
            self.endRemoveRows()
        self._rows = new
        if new:
            self.dataChanged.emit(self.index(0, 0), self.index(len(new) - 1, len(self.COLUMNS) - 1))

    def record_path(self) -> FieldPath:
        assert self.prune is not None, "no prune record is shown"
        return ("prune_record", self.prune)

    def record(self) -> PruneRecordMessage:
        found = self.session.editor.message_at(self.record_path())
        assert isinstance(found, PruneRecordMessage)
        return found

    def _read_rows(self) -> list[tuple[str, int | None]]:
        if self.prune is None:
            return []
        rec = self.record()
        rows: list[tuple[str, int | None]] = [("producer", k) for k in range(len(rec.producer))]
        rows += [("consumer", k) for k in range(len(rec.consumer))]
        if rec.HasField("selective_prune"):
            rows.append(("selective_prune", None))
        return rows

    def row_node(self, row: int) -> tuple[str, int | None]:
        """(role, index) of a row: ("consumer", 2), ("selective_prune", None)."""
        return self._rows[row]

    def node_label(self, row: int) -> str:
        """``producer[0]``, ``consumer[2]`` or ``selective_prune`` (the rules' node paths)."""
        role, k = self._rows[row]
        return format_path((role,) if k is None else (role, k))

    def node_path(self, row: int) -> FieldPath:
        role, k = self._rows[row]
        return self.record_path() + ((role,) if k is None else (role, k))

    def row_of(self, role: str, k: int | None) -> int | None:
        try:
            return self._rows.index((role, k))
        except ValueError:
            return None

    def node(self, row: int) -> PruneNodeMessage:
        found = self.session.editor.message_at(self.node_path(row))
        assert isinstance(found, PruneNodeMessage)
        return found

    def reference_width(self) -> int | None:
        """Width of the first producer with a valid range: every node must match it."""
        rec = self.record()
        for n in rec.producer:
            b, e = _attr_value(n, "begin"), _attr_value(n, "end")
            if isinstance(b, int) and isinstance(e, int) and 0 <= b < e:
                return e - b
        return None

    def _flag(self, row: int) -> str | None:
        """Why a node's range is wrong (inverted, or another width than the producer's)."""
        role, _ = self._rows[row]
        if role == "selective_prune":
            return None
        node = self.node(row)
        b, e = _attr_value(node, "begin"), _attr_value(node, "end")
        if not (isinstance(b, int) and isinstance(e, int)):
            return translate("PrunePanel", "{node} has no channel range [begin, end)").format(node=self.node_label(row))
        if b >= e:
            return translate("PrunePanel", "begin {begin} is not below end {end}: the range is empty or inverted"
                             ).format(begin=b, end=e)
        ref = self.reference_width()
        if ref is not None and e - b != ref:
            return translate("PrunePanel", "width {width} differs from the producer's {reference}; every node must "
                             "cover as many channels").format(width=e - b, reference=ref)
        return None

    # ------------------------------------------------------------------ Qt model

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return translate("PrunePanel", self.COLUMNS[section])
            if role == Qt.ItemDataRole.ToolTipRole:
                return self._header_tip(section)
        return None

    def _header_tip(self, section: int) -> str | None:
        """The field help (interface language) of what a column shows."""
        if section == 0:
            return "\n".join(f"{r}: {prune_summary(r)}" for r in ("producer", "consumer", "selective_prune"))
        if section == self.NAME:
            return prune_tip("name")
        if section in self._EDIT_ATTR:
            return attr_tip(self._EDIT_ATTR[section])
        if section == self.OTHER:
            return prune_tip("attr")
        if section == self.WIDTH:
            return "end − begin: must be the same for every node of the record"
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        col = index.column()
        sel = self._rows[index.row()][0] == "selective_prune"
        if col == self.NAME or col == self.TYPE or (col in (self.BEGIN, self.END) and not sel):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row, col = index.row(), index.column()
        try:
            node = self.node(row)
        except PathError:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if col == 0:
                return self.node_label(row)
            if col == self.NAME:
                return escape_text(node.name) if node.HasField("name") else ""
            if col in self._EDIT_ATTR:
                v = _attr_value(node, self._EDIT_ATTR[col])
                return "" if v is None else str(v)
            if col == self.WIDTH:
                b, e = _attr_value(node, "begin"), _attr_value(node, "end")
                return str(e - b) if isinstance(b, int) and isinstance(e, int) else ""
            if col == self.OTHER:
                return "; ".join(f"{a.name}={attr_text(a)}" for a in node.attr if a.name not in _EDITED)
            return None
        if role == Qt.ItemDataRole.ForegroundRole and col in (0, self.WIDTH, self.OTHER):
            return _DERIVED_FG
        if col == self.WIDTH and role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ToolTipRole):
            reason = self._flag(row)
            if role == Qt.ItemDataRole.BackgroundRole:
                return _FLAG_BG if reason else None
            return reason or translate("PrunePanel", "end − begin")
        if role == Qt.ItemDataRole.ToolTipRole and col == 0:
            return prune_tip(self._rows[row][0])
        if role == Qt.ItemDataRole.ToolTipRole and col == self.NAME:
            return escape_text(node.name) if node.HasField("name") else translate("PrunePanel", "no name (required)")
        if role == Qt.ItemDataRole.ToolTipRole and col == self.OTHER:
            return "\n".join(_attr_line(a) for a in node.attr if a.name not in _EDITED) or None
        return None

    # ------------------------------------------------------------------ checks and edits

    def check(self, index: AnyIndex, value: Any) -> tuple[Any, str | None]:
        """(value, None) when cell `index` may take `value` (text or value), else (None, reason)."""
        row, col = index.row(), index.column()
        label = self.node_label(row)
        if col == self.NAME:
            attr_name = "name"
            try:
                parsed = parse_value(descriptor_of(self.node(row)).fields_by_name["name"], value) \
                    if isinstance(value, str) else value
            except ValueError as e:
                return None, translate("PrunePanel", "{node} name: {reason}").format(node=label, reason=e)
        else:
            attr_name = self._EDIT_ATTR[col]
            parsed = value
            if isinstance(value, str):
                if attr_name == "type":
                    parsed = value
                else:
                    try:
                        parsed = parse_value(descriptor_of(Attr).fields_by_name["i"], value)
                    except ValueError:
                        return None, translate("PrunePanel", "{node} {attr} takes a whole number (a channel index), "
                                               "not {value}").format(node=label, attr=attr_name, value=repr(value))
        check = self.session.check
        problem = None if check is None or self.prune is None \
            else check.validate_prune_attr(self.prune, label, attr_name, parsed)
        return (parsed, None) if problem is None else (None, problem.message)

    def cell_field(self, index: AnyIndex) -> FieldDescriptor:
        if index.column() == self.NAME:
            return descriptor_of(self.node(index.row())).fields_by_name["name"]
        # type is kept as text (`s`), begin and end as whole numbers (`i`)
        return descriptor_of(Attr).fields_by_name["s" if index.column() == self.TYPE else "i"]

    def command_for(self, index: AnyIndex, value: Any) -> EditCommand:
        row, col = index.row(), index.column()
        path = self.node_path(row)
        label = self.node_label(row)
        if col == self.NAME:
            text = translate("PrunePanel", "Rename {node} of prune record {index} to {name}").format(
                node=label, index=self.prune, name=repr(value))
            return SetValueCommand(self.session.editor, path + ("name",), value, text=text)
        text = translate("PrunePanel", "Set {attr} of {node} of prune record {index} to {value}").format(
            attr=self._EDIT_ATTR[col], node=label, index=self.prune, value=value)
        return attr_command(self.session.editor, path, self._EDIT_ATTR[col], value, text)


def attr_command(editor: RecordEditor, node_path: FieldPath, name: str, value: Any, text: str) -> EditCommand:
    """The undo command that sets scalar attribute `name` of the node at `node_path` (adding it
    when missing, clearing stray value fields), mirroring `set_attr`."""
    node = editor.message_at(node_path)
    assert isinstance(node, PruneNodeMessage)
    found = _attr(node, name)
    if found is None:
        a = Attr(name=name, type=_EDITED.get(name, Attr.INT if isinstance(value, int) else Attr.STRING))
        setattr(a, _SCALAR_FIELD[a.type], value.encode("utf-8") if isinstance(value, str) else value)
        return InsertElementsCommand(editor, node_path + ("attr",), len(node.attr), [a], text=text)
    j, a = found
    field = _SCALAR_FIELD.get(a.type, "i")
    apath = node_path + ("attr", j)
    commands: list[EditCommand] = [ClearFieldCommand(editor, apath + (f,)) for f in _VALUE_FIELDS
                                     if f != field and editor.has_field(apath + (f,))]
    commands.append(SetValueCommand(editor, apath + (field,),
                                    value.encode("utf-8") if field == "s" and isinstance(value, str) else value))
    return commands[0] if len(commands) == 1 and isinstance(commands[0], SetValueCommand) and \
        commands[0].text == text else MacroCommand(editor, text, commands)


class RangeDialog(QDialog):
    """Asks for a channel range [begin, end) to give every producer and consumer."""

    def __init__(self, begin: int, end: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("PrunePanel", "Set channel range of all nodes"))
        self.begin = QSpinBox()
        self.end = QSpinBox()
        for box, v in ((self.begin, begin), (self.end, end)):
            box.setRange(0, 2**31 - 1)
            box.setValue(v)
        form = QFormLayout(self)
        form.addRow(QLabel(translate("PrunePanel", "Every producer and consumer of this prune record gets this range.")))
        for name, box in (("begin", self.begin), ("end", self.end)):
            label = QLabel(name)
            label.setToolTip(attr_tip(name))
            form.addRow(label, box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class PrunePanel(QWidget):
    """Edits one prune record (`Selection.prune_index`) of the session's record; every edit
    is an undo step."""

    message = Signal(str)

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.prune: int | None = None
        self._message = session.message
        self.table_model = PruneTableModel(session, self)
        self.view = QTableView()
        self.view.setModel(self.table_model)
        self.delegate = CheckedDelegate(self.view)
        self.view.setItemDelegate(self.delegate)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 8)
        # long node names keep their end (".../conv1/Conv2D"), the part that tells them apart
        self.view.setTextElideMode(Qt.TextElideMode.ElideLeft)
        self.view.setWordWrap(False)
        hh = self.view.horizontalHeader()
        hh.setStretchLastSection(False)
        hh.setMinimumSectionSize(36)
        for col in range(PruneTableModel.OTHER + 1):
            hh.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(PruneTableModel.NAME, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(PruneTableModel.OTHER, QHeaderView.ResizeMode.Interactive)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.empty = QLabel(translate("PrunePanel", "Select a prune record in the tree to edit its producers and "
                                      "consumers."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: gray;")
        self.range_button = QPushButton(translate("PrunePanel", "Set channel range…"))
        self.range_button.setToolTip(translate("PrunePanel", "Give every producer and consumer the same "
                                               "[begin, end), in one undo step"))
        self.range_button.clicked.connect(self.open_range_dialog)
        self.add_consumer_button = QPushButton(translate("PrunePanel", "Add consumer"))
        self.add_consumer_button.setToolTip(translate("PrunePanel", "Add a consumer with the first producer's "
                                                      "channel range"))
        self.add_consumer_button.clicked.connect(lambda: self.add_node("consumer"))
        self.delete_button = QPushButton(translate("PrunePanel", "Delete node"))
        self.delete_button.clicked.connect(self.delete_current)
        self.problem_list = ProblemList()
        self.problem_list.setMaximumHeight(96)
        self.problem_list.itemDoubleClicked.connect(self._on_problem_clicked)
        self.problems_title = QLabel()
        # the title on a line of its own, the actions under it: all visible in a narrow dock
        bar = QHBoxLayout()
        bar.addWidget(self.range_button)
        bar.addWidget(self.add_consumer_button)
        bar.addWidget(self.delete_button)
        bar.addStretch(1)
        self.body = QWidget()
        lay = QVBoxLayout(self.body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.title)
        lay.addLayout(bar)
        lay.addWidget(self.view, 1)
        self.other_label = QLabel()  # a node's other attributes, when their column does not fit
        self.other_label.setWordWrap(True)
        self.other_label.setStyleSheet("color: #505a64;")
        self.other_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.other_label)
        lay.addWidget(self.problems_title)
        lay.addWidget(self.problem_list)
        outer = QVBoxLayout(self)
        outer.addWidget(self.empty)
        outer.addWidget(self.body, 1)
        self.table_model.message.connect(self.message)
        self.delegate.refused.connect(self.message)
        self.view.selectionModel().currentChanged.connect(self._on_current)
        self.view.viewport().installEventFilter(self)  # a resized dock: fit the columns again
        session.recordChanged.connect(self._on_record_changed)
        session.problems.problemsChanged.connect(self._on_problems)
        session.selection.changed.connect(self._on_selection)
        self.show_prune(session.selection.prune_index)

    # ------------------------------------------------------------------ showing

    def show_prune(self, prune: int | None) -> None:
        dialect = self.session.dialect
        has = dialect is not None and dialect.has_prune
        editor = self.session.editor
        if prune is not None and not (has and 0 <= prune < editor.element_count(("prune_record",))):
            prune = None
        self.prune = prune
        self._message = self.session.message  # the record `prune` is a prune record of
        self.empty.setVisible(prune is None)
        self.body.setVisible(prune is not None)
        self.table_model.set_prune(prune)
        self._fit_columns()
        self._refresh_title()
        self._on_problems()

    #: the widest the "Other attributes" column starts (the rest is in its tooltip)
    OTHER_WIDTH = 180
    #: the name column keeps at least this much before "Other attributes" gives way
    NAME_MIN = 180

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and obj is self.view.viewport():
            self._fit_columns()
        return super().eventFilter(obj, event)

    def _fit_columns(self) -> None:
        """Fit the table to the panel's width: role, type and the numbers as wide as their
        contents, the name the rest. "Other attributes" is a column only when some node has
        them and the name keeps `NAME_MIN`; otherwise the current node's are listed under the
        table."""
        tm = self.table_model
        view = self.view
        others = [tm.data(tm.index(r, tm.OTHER)) for r in range(tm.rowCount())]
        show = any(others)
        if show:
            fm = view.fontMetrics()
            header = view.horizontalHeader()
            want = max([fm.horizontalAdvance(t) for t in others if t]
                       + [header.fontMetrics().horizontalAdvance(str(tm.headerData(tm.OTHER, Qt.Orientation.Horizontal)))])
            want += 16
            want = min(want, self.OTHER_WIDTH)
            fixed = sum(max(header.sectionSizeFromContents(c).width(), view.sizeHintForColumn(c))
                        for c in (0, tm.TYPE, tm.BEGIN, tm.END, tm.WIDTH))
            show = view.viewport().width() - fixed - want >= self.NAME_MIN
        if view.isColumnHidden(tm.OTHER) == show:
            view.setColumnHidden(tm.OTHER, not show)
        if show:
            view.setColumnWidth(tm.OTHER, want)
        self._show_other(any(others) and not show)

    def _show_other(self, wanted: bool) -> None:
        """List the current node's other attributes under the table (their column is hidden)."""
        tm = self.table_model
        index = self.view.currentIndex()
        text = tip = ""
        if wanted:
            if index.isValid():
                other = tm.data(tm.index(index.row(), tm.OTHER))
                text = f"{tm.node_label(index.row())}: " + (other or translate("PrunePanel", "no other attributes"))
                tip = tm.data(tm.index(index.row(), tm.OTHER), Qt.ItemDataRole.ToolTipRole) or ""
            else:
                text = translate("PrunePanel", "Select a node to see its other attributes (prune_axis, group, …).")
        self.other_label.setText(text)
        self.other_label.setToolTip(tip)  # what each attribute is, as the hidden column says
        self.other_label.setVisible(bool(text))

    def _refresh_title(self) -> None:
        if self.prune is None:
            return
        rec = self.table_model.record()
        width = self.table_model.reference_width()
        text = translate("PrunePanel", "<b>Prune record {index}</b>: {producers} producer(s), {consumers} consumer(s)"
                         ).format(index=self.prune, producers=len(rec.producer), consumers=len(rec.consumer))
        if width is not None:
            text += (translate("PrunePanel", ", {n} channel") if width == 1
                     else translate("PrunePanel", ", {n} channels")).format(n=width)
        self.title.setText(text)

    def _on_problems(self) -> None:
        self.problem_list.clear()
        if self.prune is None:
            return
        problems = self.session.problems.prune_problems(self.prune)
        self.problem_list.show_problems(problems)
        self.problems_title.setText(problems_title(problems, prune=True))
        self.problem_list.setVisible(bool(problems))

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET and self.session.message is not self._message:
            self.show_prune(None)  # another record: its prune record indices mean nothing here
            return
        if self.prune is None:
            return
        moved = follow_entry(change, self.prune, "prune_record")
        if moved is None or moved >= self.session.editor.element_count(("prune_record",)):
            self.show_prune(None)
            return
        if moved != self.prune:
            self.prune = moved
            self.table_model.prune = moved
            self._refresh_title()
            return
        if change.touches("prune_record", self.prune):
            self.table_model.refresh()
            self._fit_columns()
            self._refresh_title()

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if source is self:
            return
        j = self.session.selection.prune_index
        if j is None:
            return
        if j != self.prune:
            self.show_prune(j)
        self.reveal(path)

    def reveal(self, path: FieldPath) -> None:
        """Make the node (and attribute column) a path names current."""
        rest = tuple(path[2:])
        if not rest:
            return
        if rest[0] == "selective_prune":
            row, rest = self.table_model.row_of("selective_prune", None), rest[1:]
        elif len(rest) >= 2 and isinstance(rest[0], str) and isinstance(rest[1], int):
            row, rest = self.table_model.row_of(rest[0], rest[1]), rest[2:]
        else:
            return
        if row is None:
            return
        col = PruneTableModel.NAME
        if len(rest) >= 2 and rest[0] == "attr" and isinstance(rest[1], int):
            try:
                name = self.session.editor.value(self.table_model.node_path(row) + ("attr", rest[1], "name"))
            except PathError:
                name = ""
            col = {"type": PruneTableModel.TYPE, "begin": PruneTableModel.BEGIN,
                   "end": PruneTableModel.END}.get(name, PruneTableModel.OTHER)
        index = self.table_model.index(row, col)
        self._quiet = True
        try:
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index)
        finally:
            self._quiet = False

    _quiet = False

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.other_label.isVisible():
            self._show_other(True)
        if self._quiet or not current.isValid() or self.prune is None:
            return
        self.session.selection.select(self.table_model.node_path(current.row()), source=self)

    def _on_problem_clicked(self, item: QListWidgetItem) -> None:
        path = problem_path(self.session.message, item.data(Qt.ItemDataRole.UserRole))
        if path:
            self.session.selection.select(path, source=self)
            self.reveal(path)

    # ------------------------------------------------------------------ whole-record edits

    def set_range_all(self, begin: int, end: int) -> bool:
        """Give every producer and consumer the range [begin, end) in one undo step."""
        if self.prune is None:
            return False
        rec = self.table_model.record()
        nodes = [("producer", k) for k in range(len(rec.producer))] + \
                [("consumer", k) for k in range(len(rec.consumer))]
        base = ("prune_record", self.prune)
        commands: list[EditCommand] = []
        for role, k in nodes:
            for name, value in (("begin", begin), ("end", end)):
                commands.append(attr_command(self.session.editor, base + (role, k), name, value, name))
        text = translate("PrunePanel", "Set channel range of prune record {index} to [{begin}, {end})").format(
            index=self.prune, begin=begin, end=end)
        problem = self.session.push_checked(MacroCommand(self.session.editor, text, commands))
        if problem is not None:
            self.message.emit(translate("PrunePanel", "Cannot set the range: {reason}").format(reason=problem.message))
            return False
        return True

    def open_range_dialog(self) -> None:
        if self.prune is None:
            return
        rec = self.table_model.record()
        b = _attr_value(rec.producer[0], "begin") if rec.producer else 0
        e = _attr_value(rec.producer[0], "end") if rec.producer else 0
        dialog = RangeDialog(b if isinstance(b, int) else 0, e if isinstance(e, int) else 0, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_range_all(dialog.begin.value(), dialog.end.value())

    def add_node(self, role: str) -> bool:
        """Add a producer or consumer covering the first producer's range, in one undo step."""
        if self.prune is None:
            return False
        rec = self.table_model.record()
        taken = {n.name for n in rec.producer} | {n.name for n in rec.consumer}
        name, n = f"new_{role}", 2
        while name in taken:
            name, n = f"new_{role}_{n}", n + 1
        msg = GetMessageClass(message_type_of(descriptor_of(rec).fields_by_name[role]))()
        assert isinstance(msg, PruneNodeMessage)
        msg.name = name
        if rec.producer:
            for attr_name in ("begin", "end"):
                v = _attr_value(rec.producer[0], attr_name)
                if isinstance(v, int):
                    set_attr(msg, attr_name, v)
        path = ("prune_record", self.prune, role)
        editor = self.session.editor
        problem = self.session.push_checked(InsertElementsCommand(
            editor, path, editor.element_count(path), [msg],
            text=translate("PrunePanel", "Add {role} {name} to prune record {index}").format(
                role=role, name=repr(name), index=self.prune)))
        if problem is not None:
            self.message.emit((translate("PrunePanel", "Cannot add a producer: {reason}") if role == "producer"
                               else translate("PrunePanel", "Cannot add a consumer: {reason}")).format(
                reason=problem.message))
            return False
        return True

    def delete_current(self) -> bool:
        """Delete the node of the current row."""
        index = self.view.currentIndex()
        if self.prune is None or not index.isValid():
            self.message.emit(translate("PrunePanel", "Select a node to delete first"))
            return False
        role, k = self.table_model.row_node(index.row())
        if k is None:
            self.message.emit(translate("PrunePanel", "selective_prune is not a list element; clear it in the tree"))
            return False

        problem = self.session.push_checked(
            RemoveElementsCommand(self.session.editor, ("prune_record", self.prune, role), [k]))
        if problem is not None:
            self.message.emit(translate("PrunePanel", "Cannot delete {node}: {reason}").format(
                node=format_path((role, k)), reason=problem.message))
            return False
        return True
