"""The Differences table: every difference between A and B, one row per field of a layer.

Columns: layer, field, channels differing, largest change, A, B (a per-channel field
shows its values at the largest change). Rows come ready-made from the comparison's worker
thread (`rows.build_rows`); `DifferencesModel` sorts and filters them itself, in Python
over plain attributes (a click on a header of 10 000 rows costs a few milliseconds, no
call into the model's `data`). Above the table: B's name, the tolerance (rtol, atol), a
filter by layer (text, or a regular expression), *Take from B* and *Close*. A click
selects the field in A (the shared selection: tree, panels and plots follow), a double
click (or Return) opens the layer in Channels; `takeRequested` asks for the selected rows.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
    QWidgetAction,
)

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.diff.rows import DiffRow, RowKind, dialect_lines
from editor.records.paths import FieldPath
from editor.ui.compare.controller import CompareController
from editor.ui.qt_types import AnyIndex

#: (header, tooltip), English: shown through translate("DifferencesModel", …)
COLUMNS: list[tuple[str, str]] = [
    (QT_TRANSLATE_NOOP("DifferencesModel", "layer"),
     QT_TRANSLATE_NOOP("DifferencesModel", "The layer's key (a prune row: the node and its prune record)")),
    (QT_TRANSLATE_NOOP("DifferencesModel", "field"),
     QT_TRANSLATE_NOOP("DifferencesModel", "The field that differs (a prune row: the attribute)")),
    (QT_TRANSLATE_NOOP("DifferencesModel", "channels differing"),
     QT_TRANSLATE_NOOP("DifferencesModel", "How many of the channels both records have differ, and a change of length")),
    (QT_TRANSLATE_NOOP("DifferencesModel", "largest change"),
     QT_TRANSLATE_NOOP("DifferencesModel", "The largest relative change (B − A) / |A| and its channel; ×N for N times or more")),
    ("A", QT_TRANSLATE_NOOP("DifferencesModel", "The open record's value (a per-channel field: at the largest change)")),
    ("B", QT_TRANSLATE_NOOP("DifferencesModel", "The compared record's value (a per-channel field: at the largest change)")),
]
LAYER, FIELD, CHANNELS, CHANGE, A, B = range(len(COLUMNS))
_ONLY = QColor(120, 120, 120)


def _number(text: str, name: str) -> float:
    """A tolerance typed above the table ("" is 0); ValueError saying which one is not a number."""
    try:
        return float(text or 0)
    except ValueError:
        raise ValueError(translate("DifferencesView", "{name} {text} is not a number").format(name=name, text=repr(text))) from None


def _nan_last(x: float, descending: bool) -> tuple[bool, float]:
    """A numeric sort key that leaves numberless rows at the end whichever way it sorts."""
    missing = x < 0 or math.isnan(x)
    return (missing, -x if descending and not missing else x)


class DifferencesModel(QAbstractTableModel):
    """The rows of one comparison result, sorted and filtered by the model itself."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.all_rows: list[DiffRow] = []
        self.shown: list[DiffRow] = []
        self._sort: tuple[int, Qt.SortOrder] = (-1, Qt.SortOrder.AscendingOrder)
        self._match: Callable[[str], bool] | None = None
        self._by_path: dict[FieldPath, int] = {}

    # ------------------------------------------------------------------ content

    def set_rows(self, rows: list[DiffRow]) -> None:
        self.beginResetModel()
        self.all_rows = rows
        self._arrange()
        self.endResetModel()

    def set_filter(self, match: Callable[[str], bool] | None) -> None:
        self.beginResetModel()
        self._match = match
        self._arrange()
        self.endResetModel()

    def _arrange(self) -> None:
        match = self._match
        rows = [r for r in self.all_rows if match(r.layer)] if match is not None else list(self.all_rows)
        column, order = self._sort
        descending = order == Qt.SortOrder.DescendingOrder
        if column == LAYER:
            rows.sort(key=lambda r: r.order, reverse=descending)
        elif column == FIELD:
            rows.sort(key=lambda r: (r.field, r.order), reverse=descending)
        elif column == CHANNELS:
            rows.sort(key=lambda r: (_nan_last(r.n_channels, descending), r.order))
        elif column == CHANGE:
            rows.sort(key=lambda r: (_nan_last(r.magnitude, descending), r.order))
        elif column in (A, B):
            rows.sort(key=lambda r: (_nan_last(abs(r.value_a if column == A else r.value_b), descending),
                                     r.a if column == A else r.b, r.order))
        self.shown = rows
        self._by_path = {r.path_a: k for k, r in reversed(list(enumerate(rows))) if r.path_a is not None}

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.layoutAboutToBeChanged.emit()
        self._sort = (column, order)
        self._arrange()
        self.layoutChanged.emit()

    def row_at(self, row: int) -> DiffRow | None:
        return self.shown[row] if 0 <= row < len(self.shown) else None

    def row_of_path(self, path: FieldPath) -> int | None:
        """The shown row whose place in A is `path` or holds it (a channel of a differing field)."""
        path = tuple(path)
        for n in range(len(path), 0, -1):  # the deepest row holding it
            k = self._by_path.get(path[:n])
            if k is not None:
                return k
        return None

    # ------------------------------------------------------------------ Qt

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("DifferencesModel", COLUMNS[section][0])
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("DifferencesModel", COLUMNS[section][1])
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.shown[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (r.layer, r.field, r.channels, r.change, r.a, r.b)[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(r, col)
        if role == Qt.ItemDataRole.ForegroundRole and r.kind in (RowKind.ONLY_A, RowKind.ONLY_B):
            return QBrush(_ONLY)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (CHANNELS, CHANGE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    @staticmethod
    def tooltip(r: DiffRow, col: int) -> str:
        if r.kind is RowKind.ONLY_A:
            return translate("DifferencesModel", "{layer}: a layer only A has (Take from B deletes it from A)").format(layer=r.layer)
        if r.kind is RowKind.ONLY_B:
            return translate("DifferencesModel", "{layer}: a layer only B has (Take from B adds it to A)").format(layer=r.layer)
        if r.kind is RowKind.PRUNE:
            return f"{r.layer}: {r.field} {r.a} → {r.b}" if r.field else r.layer
        text = f"{r.layer}: {r.field}"
        if r.vector and r.diff is not None and len(r.diff.channels):
            d = r.diff
            first = ", ".join(str(int(c)) for c in d.channels[:12])
            if len(d.channels) > 12:
                first = translate("DifferencesModel", "{channels} … ({n} more)").format(channels=first, n=len(d.channels) - 12)
            text += "\n" + translate("DifferencesModel", "channels differing: {channels}").format(channels=first)
        text += f"\nA: {r.a}\nB: {r.b}"
        if r.change:
            text += "\n" + translate("DifferencesModel", "largest change: {change}").format(change=r.change)
        return text + "\n" + translate("DifferencesModel", "(double-click: open in Channels)")


class DifferencesView(QWidget):
    """The Differences tab: B's name, tolerance and filter above the sortable table."""

    #: a row was double-clicked (or Return): show it in detail
    rowActivated = Signal(object)
    #: Take from B on the selected rows
    takeRequested = Signal()

    def __init__(self, controller: CompareController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.session = controller.session
        self.model = DifferencesModel(self)
        self._syncing = False
        self._build()
        controller.updated.connect(self.refresh)
        controller.busyChanged.connect(lambda _busy: self._update_note())
        controller.closed.connect(self.refresh)
        self.session.selection.changed.connect(self._on_selection)
        self.refresh()

    def _build(self) -> None:
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setMinimumWidth(1)
        self.summary = QLabel()
        self.summary.setMinimumWidth(1)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #555;")
        self.notes.hide()

        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        self.rtol_edit = self._number_edit("rtol", translate("DifferencesView", "Relative tolerance: float values differ when "
                                                             "|a − b| > atol + rtol·|b| (0: exactly)"))
        self.atol_edit = self._number_edit("atol", translate("DifferencesView", "Absolute tolerance: float values differ when "
                                                             "|a − b| > atol + rtol·|b| (0: exactly)"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(translate("DifferencesView", "Filter layers (text or regex)"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(translate("DifferencesView", "Show the rows whose layer matches: a part of the key, or a regular expression"))
        self.filter_edit.textChanged.connect(self._filter_changed)
        self.filter_edit.setMinimumWidth(120)
        for label, widget in (("rtol", self.rtol_edit), ("atol", self.atol_edit), (None, self.filter_edit)):
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(2, 0, 2, 0)
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget)
            action = QWidgetAction(bar)
            action.setDefaultWidget(holder)
            action.setText(label or translate("DifferencesView", "Filter"))
            bar.addAction(action)
        self.act_take = QAction(translate("DifferencesView", "Take from B"), self)
        tip = translate("DifferencesView", "Make A equal to B in the selected rows (one undo step)")
        self.act_take.setToolTip(tip)
        self.act_take.setStatusTip(tip)
        self.act_take.triggered.connect(lambda _checked=False: self.takeRequested.emit())
        bar.addAction(self.act_take)
        self.close_action = QAction(translate("DifferencesView", "Close"), self)
        self.close_action.setToolTip(translate("DifferencesView", "Close the comparison (A stays as it is)"))
        self.close_action.triggered.connect(lambda _checked=False: self.controller.close())
        bar.addAction(self.close_action)

        view = QTableView()
        view.setModel(self.model)
        view.setSortingEnabled(True)
        view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # A's order first
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setWordWrap(False)
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(20)
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(100)
        header.setStretchLastSection(True)
        self.model.modelReset.connect(view.resizeColumnsToContents)
        view.selectionModel().currentRowChanged.connect(self._on_current_row)
        view.activated.connect(self._on_activated)
        view.doubleClicked.connect(self._on_activated)
        view.addAction(self.act_take)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.view = view

        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(bar)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(head)
        box.addWidget(self.summary)
        box.addWidget(self.notes)
        box.addWidget(view, 1)
        self.setFocusProxy(view)

    def _number_edit(self, name: str, tip: str) -> QLineEdit:
        edit = QLineEdit("0")
        edit.setObjectName(name)
        edit.setToolTip(tip)
        edit.setMaximumWidth(80)
        edit.editingFinished.connect(self._tolerance_edited)
        return edit

    # ------------------------------------------------------------------ tolerance and filter

    def _tolerance_edited(self) -> None:
        try:
            rtol = _number(self.rtol_edit.text(), "rtol")
            atol = _number(self.atol_edit.text(), "atol")
            self.controller.set_tolerance(rtol, atol)
        except ValueError as e:
            self.summary.setText(translate("DifferencesView", "Not changed: {why} (write e.g. 0, 1e-6 or 0.01)").format(why=e))
            self.rtol_edit.setText(f"{self.controller.rtol:g}")
            self.atol_edit.setText(f"{self.controller.atol:g}")

    def set_tolerance(self, rtol: float, atol: float) -> None:
        """Ask for another tolerance (as if typed above the table)."""
        self.rtol_edit.setText(f"{rtol:g}")
        self.atol_edit.setText(f"{atol:g}")
        self._tolerance_edited()

    def _filter_changed(self, text: str) -> None:
        text = text.strip()
        if not text:
            self.model.set_filter(None)
        else:
            try:
                pattern = re.compile(text, re.IGNORECASE)
                self.model.set_filter(lambda key: pattern.search(key) is not None)
            except re.error:
                lowered = text.lower()
                self.model.set_filter(lambda key: lowered in key.lower())
        self._update_note()
        self._on_selection(self.session.selection.path, None)

    # ------------------------------------------------------------------ following

    def refresh(self) -> None:
        c = self.controller
        self.model.set_rows(c.rows)
        doc = c.document_b
        if doc is None:
            self.title.setText(translate("DifferencesView", "Differences"))
        else:
            self.title.setText(translate("DifferencesView", "Differences — B: {name} ({dialect}, read-only)")
                               .format(name=c.name_b(), dialect=doc.dialect.name))
            self.title.setToolTip(str(doc.path) if doc.path is not None else "")
        d = c.differences
        lines = dialect_lines(d) if d is not None else []
        self.notes.setText("\n".join(lines))
        self.notes.setVisible(bool(lines))
        self._update_note()
        self._on_selection(self.session.selection.path, None)

    def _update_note(self) -> None:
        c = self.controller
        if c.differences is None:
            self.summary.setText(translate("DifferencesView", "No comparison: File ▸ Compare With… opens a record to compare with."))
            return
        shown, n = self.model.rowCount(), len(self.model.all_rows)
        text = c.summary()
        if shown != n:
            text += translate("DifferencesView", " — {k} of {n} rows shown").format(k=shown, n=n)
        if c.rtol or c.atol:
            text += translate("DifferencesView", " (rtol {rtol}, atol {atol})").format(rtol=f"{c.rtol:g}", atol=f"{c.atol:g}")
        if c.busy:
            text += translate("DifferencesView", " — comparing again…")
        self.summary.setText(text)

    # ------------------------------------------------------------------ selection

    def selected_rows(self) -> list[DiffRow]:
        """The selected rows, in the table's order."""
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        return [r for r in (self.model.row_at(k) for k in rows) if r is not None]

    def select_rows(self, rows: list[int]) -> None:
        sm = self.view.selectionModel()
        sm.clearSelection()
        for k in rows:
            sm.select(self.model.index(k, 0), QItemSelectionModel.SelectionFlag.Select
                      | QItemSelectionModel.SelectionFlag.Rows)

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        row = self.model.row_at(current.row())
        if row is not None and row.path_a is not None and self.session.message is not None:
            self.session.selection.select(row.path_a, source=self)

    def _on_activated(self, index: QModelIndex) -> None:
        row = self.model.row_at(index.row()) if index.isValid() else None
        if row is not None:
            self.rowActivated.emit(row)

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if source is self:
            return
        k = self.model.row_of_path(path) if path else None
        sm = self.view.selectionModel()
        self._syncing = True
        try:
            if k is None:
                sm.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
            else:
                index = self.model.index(k, 0)
                if sm.currentIndex().row() != k:
                    sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                       | QItemSelectionModel.SelectionFlag.Rows)
                self.view.scrollTo(index)
        finally:
            self._syncing = False
