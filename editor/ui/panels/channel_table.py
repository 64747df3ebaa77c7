"""The per-channel table of one layer: its vectors side by side, one row per channel.

`ChannelTableModel` reads the live message through the session's `RecordEditor` one cell
at a time (nothing is copied, so 30 000 channels cost nothing until they are scrolled to)
and writes only through undo commands after the rule engine has accepted the value.
Vectors form *groups* that must stay in step (scale_w, offset_w, shift_bit: one value per
output channel); adding or deleting a channel changes every vector of its group in one
undo step. A vector of another group (tensor_balance_factor: one per *input* channel) may
be longer or shorter; its cells past its own length are blank.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.records.dialects import Dialect
from editor.records.editing import RecordChange, follow_entry
from editor.records.edits.commands import (
    EditCommand,
    InsertElementsCommand,
    MacroCommand,
    RemoveElementsCommand,
    SetValueCommand,
)
from editor.records.paths import FieldPath, PathError, entry_field_text, format_path, parse_path, resolve
from editor.records.problems import Severity
from editor.records.values import format_float32_many, format_value, parse_value
from editor.ui.panels.checked_table import CheckedDelegate, CheckedTableModel
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession

_ERROR_BG = QBrush(QColor("#fde2e2"))
_WARNING_BG = QBrush(QColor("#fff3d6"))
_DERIVED_FG = QBrush(QColor("#505a64"))
_BLANK_BG = QBrush(QColor("#f2f2f2"))


@dataclass(frozen=True)
class VectorColumn:
    """A repeated scalar field of the entry shown as a column.

    `subpath` is relative to the entry (``("value", "scale_w")``); `group` names the vectors
    kept in step; `tooltip` explains the column in the header.
    """

    subpath: FieldPath
    group: str
    tooltip: str = ""

    @property
    def name(self) -> str:
        return entry_field_text(self.subpath)


@dataclass(frozen=True)
class DerivedColumn:
    """A read-only column computed from the channel's values (weight range, dequant scale).

    `name` identifies it (`ChannelTableModel.column_of`); `title` is its header in the
    interface language (the name when empty)."""

    name: str
    group: str
    compute: Callable[[int], str | None]
    tooltip: str = ""
    title: str = ""
    #: the first n cells at once, as `compute` gives them one by one (fitting the columns
    #: reads 256 rows: one path resolved per cell held the GUI thread on every selection)
    compute_rows: Callable[[int], list[str | None]] | None = None


def shown_dialect(session: EditSession) -> Dialect:
    """The dialect to check a shown layer or prune record with: the session's (one is shown,
    so a record is open)."""
    dialect = session.dialect
    assert dialect is not None, "no record is open"
    return dialect


def weights_columns(dialect: Dialect) -> list[VectorColumn]:
    """scale_w, offset_w, shift_bit (output channels) and tensor_balance_factor (input channels)."""
    cols = [
        VectorColumn(("value", "scale_w"), "output", "scale_w: weight scale, one per output channel "
                     "(or one for the whole layer)"),
        VectorColumn(("value", "offset_w"), "output", "offset_w: weight offset, must be 0; as many as scale_w"),
        VectorColumn(("value", "shift_bit"), "output", "shift_bit: optional; all 0 or each in [1, 16]; "
                     "as many as scale_w when present"),
    ]
    if dialect.has_value_field("tensor_balance_factor"):
        cols.append(VectorColumn(("value", "tensor_balance_factor"), "input",
                                 "tensor_balance_factor: one per INPUT channel, so its length need not "
                                 "match scale_w; each in [FLT_EPSILON, 1/FLT_EPSILON]"))
    return cols


class ChannelTableModel(CheckedTableModel):
    """Table over the vectors of one layer entry; edits become undo commands.

    Follows the record (unless `follow_record` is False and its owner does): a change of
    the entry refreshes the cells (and adds or removes rows when lengths change); inserted
    or removed layers above it keep it on the same layer. `message(str)` carries refusals
    for the status bar.
    """

    def __init__(self, session: EditSession, columns: Sequence[VectorColumn],
                 derived: Sequence[DerivedColumn] = (), *, follow_record: bool = True,
                 parent: QObject | None = None) -> None:
        super().__init__(session, parent)
        self.vectors = list(columns)
        self.derived = list(derived)
        self.entry: int | None = None
        self._lengths: list[int] = [0] * len(self.vectors)
        self._rows = 0
        self._marks: dict[tuple[str, int], tuple[Severity, str]] = {}
        if follow_record:  # a panel that tracks its layer itself calls set_entry/refresh instead
            session.recordChanged.connect(self._on_record_changed)
        session.problems.problemsChanged.connect(self._on_problems)

    # ------------------------------------------------------------------ entry

    def set_entry(self, entry: int | None) -> None:
        """Show the vectors of layer entry `entry` (None: nothing)."""
        self.beginResetModel()
        self.entry = entry
        self._read_lengths()
        self._read_marks()
        self.endResetModel()

    def entry_path(self) -> FieldPath:
        assert self.entry is not None, "no layer is shown"
        return ("record", self.entry)

    def column_texts(self, c: int, rows: int) -> list[str]:
        """What the first `rows` cells of column `c` show, empty cells left out: a vector's
        values formatted at once (`data` formats each from a path resolved from the record)."""
        if c < len(self.vectors) and self.entry is not None:
            path = self.vector_path(c)
            try:
                values = resolve(self.session.message, path)[:min(rows, self._lengths[c])]  # not all of it
                fd = self.session.editor.field_at(path)
            except (PathError, TypeError):
                values = None
            if isinstance(values, list):
                if fd.type == FieldDescriptor.TYPE_FLOAT:
                    return format_float32_many(values)  # the same texts in bulk, several times faster
                return [format_value(fd, v) for v in values]
        if c >= len(self.vectors) and self.entry is not None:
            d = self.derived[c - len(self.vectors)]
            if d.compute_rows is not None:
                try:
                    return [text for text in d.compute_rows(rows) if text]
                except (PathError, IndexError):
                    return []
        found = (self.data(self.index(r, c)) for r in range(rows))
        return [str(text) for text in found if text]

    def vector_path(self, col: int) -> FieldPath:
        return self.entry_path() + self.vectors[col].subpath

    def length(self, name: str) -> int:
        """Number of values of the vector column `name` (``scale_w``, ``tensor_balance_factor``)."""
        for i, v in enumerate(self.vectors):
            if v.name == name:
                return self._lengths[i]
        raise KeyError(name)

    def group_length(self, group: str) -> int:
        """Channels of a group: the length of its first vector."""
        return next(self._lengths[i] for i, v in enumerate(self.vectors) if v.group == group)

    def column_of(self, name: str) -> int:
        for i, v in enumerate(self.vectors):
            if v.name == name:
                return i
        for j, d in enumerate(self.derived):
            if d.name == name:
                return len(self.vectors) + j
        raise KeyError(name)

    def group_of(self, column: int) -> str:
        if column < len(self.vectors):
            return self.vectors[column].group
        return self.derived[column - len(self.vectors)].group

    def groups(self) -> list[str]:
        return list(dict.fromkeys(v.group for v in self.vectors))

    def _read_lengths(self) -> None:
        self._lengths = self._current_lengths()
        self._rows = max(self._lengths, default=0)

    def _current_lengths(self) -> list[int]:
        if self.entry is None:
            return [0] * len(self.vectors)
        try:
            return [self.session.editor.element_count(self.vector_path(c)) for c in range(len(self.vectors))]
        except PathError:  # the layer has no such block (a kv-cache table on a plain layer)
            return [0] * len(self.vectors)

    def _read_marks(self) -> None:
        """Cells a current problem names (its `field`), error beating warning."""
        self._marks = {}
        if self.entry is None:
            return
        names = {v.name for v in self.vectors}
        for p in self.session.problems.entry_problems(self.entry):
            if not p.field or p.severity is Severity.INFO:
                continue
            try:
                steps = parse_path(p.field)  # "scale_w[3]", "kv_cache_value.offset[1]"
            except PathError:
                continue
            channel = steps[-1] if steps else None
            if not isinstance(channel, int) or format_path(steps[:-1]) not in names:
                continue
            key = (format_path(steps[:-1]), channel)
            if key not in self._marks or p.severity is Severity.ERROR:
                self._marks[key] = (p.severity, p.message)

    # ------------------------------------------------------------------ following the record

    def _on_record_changed(self, change: RecordChange) -> None:
        if self.entry is None:
            return
        moved = follow_entry(change, self.entry)
        n_entries = self.session.editor.element_count(("record",))
        if moved is None or moved >= n_entries:
            self.set_entry(None)
            return
        if moved != self.entry:
            self.entry = moved  # the same layer, elsewhere: its cells read the same
            return
        if change.touches("record", self.entry):
            self.refresh()

    def refresh(self) -> None:
        """Re-read lengths and cells of the shown entry (rows added or removed at the end)."""
        old = self._rows
        lengths = self._current_lengths()
        new = max(lengths, default=0)
        if new > old:
            self.beginInsertRows(QModelIndex(), old, new - 1)
        elif new < old:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
        self._lengths, self._rows = lengths, new
        if new > old:
            self.endInsertRows()
        elif new < old:
            self.endRemoveRows()
        if new:
            self.dataChanged.emit(self.index(0, 0), self.index(new - 1, self.columnCount() - 1))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)

    def _on_problems(self) -> None:
        old = set(self._marks)
        self._read_marks()
        for name, row in old ^ set(self._marks):
            if row < self._rows:
                col = self.column_of(name)
                self.dataChanged.emit(self.index(row, col), self.index(row, col))

    # ------------------------------------------------------------------ Qt model

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.vectors) + len(self.derived)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Vertical:
            if role == Qt.ItemDataRole.DisplayRole:
                return str(section)  # channels count from 0, as in the record
            return None
        if not 0 <= section < self.columnCount():
            return None
        if section < len(self.vectors):
            v = self.vectors[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{v.name} ({self._lengths[section]})"
            if role == Qt.ItemDataRole.ToolTipRole:
                return v.tooltip
            return None
        d = self.derived[section - len(self.vectors)]
        if role == Qt.ItemDataRole.DisplayRole:
            return d.title or d.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return d.tooltip
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        c = index.column()
        if c < len(self.vectors) and index.row() < self._lengths[c]:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.entry is None:
            return None
        row, c = index.row(), index.column()
        if c >= len(self.vectors):
            d = self.derived[c - len(self.vectors)]
            if role == Qt.ItemDataRole.DisplayRole:
                try:
                    return d.compute(row)
                except (PathError, IndexError):
                    return None
            if role == Qt.ItemDataRole.ForegroundRole:
                return _DERIVED_FG
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if role == Qt.ItemDataRole.ToolTipRole:
                return d.tooltip
            return None
        v = self.vectors[c]
        if row >= self._lengths[c]:
            if role == Qt.ItemDataRole.BackgroundRole and self._lengths[c]:
                return _BLANK_BG
            if role == Qt.ItemDataRole.ToolTipRole and self._lengths[c]:
                return translate("ChannelTable", "{name} has {n} values; channel {row} has none").format(
                    name=v.name, n=self._lengths[c], row=row)
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            path = self.vector_path(c) + (row,)
            editor = self.session.editor
            try:
                return format_value(editor.field_at(path), editor.value(path))
            except PathError:
                return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        mark = self._marks.get((v.name, row))
        if role == Qt.ItemDataRole.BackgroundRole and mark is not None:
            return _ERROR_BG if mark[0] is Severity.ERROR else _WARNING_BG
        if role == Qt.ItemDataRole.ToolTipRole:
            return mark[1] if mark is not None else entry_field_text(v.subpath + (row,))
        return None

    # ------------------------------------------------------------------ checks and edits

    def cell_field(self, index: AnyIndex) -> FieldDescriptor:
        field = self.session.editor.field_descriptor(self.vector_path(index.column()))
        assert field is not None  # a vector path ends in a field
        return field

    def command_for(self, index: AnyIndex, value: Any) -> EditCommand:
        path = self.vector_path(index.column()) + (index.row(),)
        return SetValueCommand(self.session.editor, path, value)

    def check(self, index: AnyIndex, value: Any) -> tuple[Any, str | None]:
        """(value, None) if cell `index` may take `value` (text or number), else (None, reason)."""
        c, row = index.column(), index.row()
        v = self.vectors[c]
        path = self.vector_path(c) + (row,)
        field = self.session.editor.field_at(path)
        try:
            parsed = parse_value(field, value) if isinstance(value, str) else value
        except ValueError as e:
            return None, translate("ChannelTable", "{field}: {reason}").format(
                field=entry_field_text(v.subpath + (row,)), reason=e)
        check = self.session.check
        problem = None if check is None else check.validate_value(path, parsed)
        return (parsed, None) if problem is None else (None, problem.message)

    def _vectors_of(self, group: str) -> list[int]:
        return [i for i, v in enumerate(self.vectors) if v.group == group]

    def can_add(self, group: str) -> bool:
        return self.entry is not None and self.group_length(group) > 0

    def add_channel(self, group: str) -> bool:
        """Append a channel to every vector of `group` that has one value per channel, in one
        undo step: scale-like values copy the last channel, offsets get 0. False (and a
        message) when the rules refuse it."""
        if not self.can_add(group):
            self.message.emit(translate("ChannelTable", "this layer has no values of that kind to add a channel to"))
            return False
        editor = self.session.editor
        n = self.group_length(group)
        commands: list[EditCommand] = []
        for c in self._vectors_of(group):
            if self._lengths[c] != n:
                continue  # an optional vector that is absent (or already out of step) stays as is
            v = self.vectors[c]
            path = self.vector_path(c)
            last = editor.value(path + (n - 1,))
            new = 0 if v.name.endswith("offset_w") or v.name.endswith("offset_r") else last
            commands.append(InsertElementsCommand(editor, path, n, [new]))
        names = ", ".join(self.vectors[c].name for c in self._vectors_of(group) if self._lengths[c] == n)
        text = translate("ChannelTable", "Add channel {n} to {names}").format(n=n, names=names)
        problem = self.session.push_checked(MacroCommand(editor, text, commands))
        if problem is not None:
            self.message.emit(translate("ChannelTable", "Cannot add a channel: {reason}").format(reason=problem.message))
            return False
        return True

    def remove_channels(self, rows: Sequence[int], groups: Sequence[str]) -> bool:
        """Delete channels `rows` from every vector of `groups`, in one undo step."""
        if self.entry is None:
            return False
        editor = self.session.editor
        removed: set[int] = set()
        commands: list[EditCommand] = []
        for group in groups:
            for c in self._vectors_of(group):
                mine = sorted({r for r in rows if 0 <= r < self._lengths[c]}, reverse=True)
                if not mine:
                    continue
                removed.update(mine)
                commands.append(RemoveElementsCommand(editor, self.vector_path(c), mine))
        if not commands:
            return False
        count = len(removed)
        text = translate("ChannelTable", "Delete 1 channel") if count == 1 \
            else translate("ChannelTable", "Delete {n} channels").format(n=count)
        problem = self.session.push_checked(MacroCommand(editor, text, commands))
        if problem is not None:
            self.message.emit(translate("ChannelTable", "Cannot delete: {reason}").format(reason=problem.message))
            return False
        return True


class _TableView(QTableView):
    """A table view that asks for room for a few rows only: it stretches into whatever else
    there is, so a panel in a narrow or short dock keeps its other parts in view."""

    #: rows the table asks room for before the panel around it scrolls
    PREFERRED_ROWS = 4

    def sizeHint(self) -> QSize:
        rows = self.PREFERRED_ROWS * self.verticalHeader().defaultSectionSize()
        height = rows + self.horizontalHeader().sizeHint().height() + 2 * self.frameWidth() \
            + self.horizontalScrollBar().sizeHint().height()
        return QSize(super().sizeHint().width(), height)


class ChannelTable(QWidget):
    """A ChannelTableModel in a view, with add/delete buttons and a note on the lengths."""

    message = Signal(str)
    #: the user moved to cell (vector column name or derived name, channel)
    cellSelected = Signal(str, int)

    def __init__(self, table_model: ChannelTableModel, *, title: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_model = table_model
        self.view = _TableView()
        self.view.setModel(table_model)
        self.delegate = CheckedDelegate(self.view)
        self.view.setItemDelegate(self.delegate)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
        vh = self.view.verticalHeader()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        hh = self.view.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setDefaultSectionSize(118)
        hh.setStretchLastSection(True)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #505a64;")
        self.buttons: dict[str, QPushButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        if title:
            bar.addWidget(QLabel(f"<b>{title}</b>"))
        bar.addStretch(1)
        for group in table_model.groups():
            b = QPushButton(translate("ChannelTable", "Add input channel") if group == "input"
                            else translate("ChannelTable", "Add channel"))
            b.setToolTip(translate("ChannelTable", "Append a channel to every vector of this kind, in one undo "
                                   "step (scale values copy the last channel, offsets are 0)"))
            b.clicked.connect(lambda _=False, g=group: table_model.add_channel(g))
            self.buttons[group] = b
            bar.addWidget(b)
        self.delete_button = QPushButton(translate("ChannelTable", "Delete channels"))
        self.delete_button.setToolTip(translate("ChannelTable", "Delete the selected channels from every "
                                                "vector of their kind, in one undo step"))
        self.delete_button.clicked.connect(self.delete_selected)
        bar.addWidget(self.delete_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(bar)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.note)
        table_model.message.connect(self.message)
        self.delegate.refused.connect(self.message)
        table_model.modelReset.connect(self.update_state)
        table_model.rowsInserted.connect(self.update_state)
        table_model.rowsRemoved.connect(self.update_state)
        table_model.dataChanged.connect(self.update_state)
        table_model.modelReset.connect(self.fit_columns)  # another layer: its numbers' widths
        self.view.selectionModel().currentChanged.connect(self._on_current)
        self.update_state()
        self.fit_columns()

    #: rows `fit_columns` measures (a layer has up to thousands; their numbers look alike)
    FIT_ROWS = 256
    def fit_columns(self) -> None:
        """Each column as wide as its header and its numbers (the first `FIT_ROWS` channels)."""
        m = self.table_model
        header = self.view.horizontalHeader()
        cell = self.view.fontMetrics()
        head = header.fontMetrics()
        rows = min(m.rowCount(), self.FIT_ROWS)
        for c in range(m.columnCount()):
            want = head.horizontalAdvance(str(m.headerData(c, Qt.Orientation.Horizontal))) + 24
            texts = set(m.column_texts(c, rows))
            # Qt measures only the few widest by the sum of their characters' advances (kerning
            # aside, a string's width): measuring 256 rows x 8 columns of text held the GUI
            # thread for a tenth of a second every time a layer was selected
            advance = {ch: cell.horizontalAdvance(ch) for ch in set("".join(texts))}
            widest = sorted(texts, key=lambda t: sum(map(advance.__getitem__, t)), reverse=True)[:4]
            for text in widest:
                want = max(want, cell.horizontalAdvance(text) + 16)
            self.view.setColumnWidth(c, want)


    def update_state(self, *_args) -> None:
        m = self.table_model
        for group, b in self.buttons.items():
            b.setVisible(m.can_add(group))
        self.delete_button.setEnabled(m.entry is not None and m.rowCount() > 0)
        self.note.setText(self.length_note())
        # an optional vector the layer does not have gets no column (unless nothing is there)
        lengths = [m.length(v.name) for v in m.vectors]
        anything = any(lengths)
        metrics = self.view.horizontalHeader().fontMetrics()
        for c in range(m.columnCount()):
            if c < len(m.vectors):
                hidden = anything and lengths[c] == 0
            else:
                hidden = m.group_length(m.derived[c - len(m.vectors)].group) == 0
            if hidden != self.view.isColumnHidden(c):
                self.view.setColumnHidden(c, hidden)
            header = str(m.headerData(c, Qt.Orientation.Horizontal))
            want = metrics.horizontalAdvance(header) + 24  # "scale_w (1024)" after adding channels
            if self.view.columnWidth(c) < want:
                self.view.setColumnWidth(c, want)

    def length_note(self) -> str:
        """Words on how the vectors' lengths relate (shown under the table)."""
        m = self.table_model
        if m.entry is None:
            return ""
        parts = []
        for group in m.groups():
            cols = [(v.name, m.length(v.name)) for v in m.vectors if v.group == group]
            present = [(n, k) for n, k in cols if k]
            if not present:
                continue
            base = present[0][1]
            if group == "input":
                out = m.group_length("output") if "output" in m.groups() else 0
                text = translate("ChannelTable", "{name}: {n} values, one per input channel").format(
                    name=present[0][0], n=base)
                if out and out != base:
                    text += translate("ChannelTable", " (scale_w has {n}, one per output channel; they need "
                                      "not match)").format(n=out)
                parts.append(text)
            elif all(k == base for _, k in present):
                what = translate("ChannelTable", "per-tensor (one value)") if base == 1 \
                    else translate("ChannelTable", "{n} channels").format(n=base)
                parts.append(f"{', '.join(n for n, _ in present)}: {what}")
            else:
                parts.append(translate("ChannelTable", "lengths differ: {lengths}").format(
                    lengths=", ".join(f"{n} {k}" for n, k in present)))
        return translate("ChannelTable", "; ").join(parts)

    def delete_selected(self) -> bool:
        sel = self.view.selectionModel().selectedIndexes()
        if not sel and self.view.currentIndex().isValid():
            sel = [self.view.currentIndex()]
        rows = sorted({i.row() for i in sel})
        groups = sorted({self.table_model.group_of(i.column()) for i in sel})
        if not rows:
            self.message.emit(translate("ChannelTable", "Select the channels to delete first"))
            return False
        return self.table_model.remove_channels(rows, groups)

    def select_cell(self, name: str, row: int) -> None:
        """Make channel `row` of column `name` current and visible (without re-announcing it)."""
        try:
            col = self.table_model.column_of(name)
        except KeyError:
            return
        if not 0 <= row < self.table_model.rowCount():
            return
        index = self.table_model.index(row, col)
        self._quiet = True
        try:
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        finally:
            self._quiet = False

    _quiet = False

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._quiet or not current.isValid():
            return
        m = self.table_model
        c = current.column()
        name = m.vectors[c].name if c < len(m.vectors) else m.derived[c - len(m.vectors)].name
        self.cellSelected.emit(name, current.row())
