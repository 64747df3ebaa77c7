"""The tables beside the channel plot: the shown layer's outliers, output and input channels."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QColor, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTabWidget, QWidget

from editor.figures.series import OUTPUT_FIELDS, LayerSeries, outlier_rows
from editor.i18n import translate
from editor.records import quant
from editor.ui.plots._channel_texts import kind_text
from editor.ui.plots._colors import ORANGE, RED
from editor.ui.plots._columns import Column, ColumnsModel


def _bad_colour(kind: int) -> QColor:
    return RED if kind in (quant.INVALID, quant.DEGENERATE) else ORANGE


def _kind_text(kind: int) -> str:
    return "" if kind == quant.OK else kind_text(kind)


def _fit_columns(view: QTableView) -> None:
    """Every column but the last as wide as its contents; the last stretches to the edge."""
    header = view.horizontalHeader()
    for c in range(header.count() - 1):
        view.resizeColumnToContents(c)


class ChannelTables(QTabWidget):
    """Outliers, Channels and Input channels tabs over one `LayerSeries`.

    The row of the selected channel is made current in each table (`show_channel`); a row
    the user makes current is announced as `channelPicked(field, channel)`.
    """

    #: the user made a row current: (field, channel) — scale_w or tensor_balance_factor
    channelPicked = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self.outlier_model = ColumnsModel(self)
        self.channel_model = ColumnsModel(self)
        self.input_model = ColumnsModel(self)
        self.outlier_view = self._table(self.outlier_model, self._on_outlier_row)
        self.channel_view = self._table(self.channel_model, self._on_channel_row)
        self.input_view = self._table(self.input_model, self._on_input_row)
        self.addTab(self.outlier_view, translate("ChannelTables", "Outliers"))
        self.addTab(self.channel_view, translate("ChannelTables", "Channels"))
        self.addTab(self.input_view, translate("ChannelTables", "Input channels"))
        #: tables given new rows or columns while hidden: fitted when shown (`_fit_shown`)
        self._unfitted: set[QTableView] = set()
        self.currentChanged.connect(lambda _i: self._fit_shown())

    def _table(self, model: ColumnsModel, on_row: Callable[[QModelIndex], None]) -> QTableView:
        view = QTableView()
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(20)
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(100)  # look at a few rows, not 30 000
        header.setStretchLastSection(True)
        header.setDefaultSectionSize(48)  # also the least the stretched last column keeps
        # fit the columns when the table gets new columns or rows, not on every edit; the
        # last one takes what is left (its text cut with "…", whole in the tooltip) rather
        # than pushing the table into sideways scrolling
        # (a hidden table waits until it is shown: on a layer of thousands of channels the
        # fitting was a sixth of a layer change, for tables nobody looked at)
        model.modelReset.connect(lambda v=view: self._fit(v))
        view.selectionModel().currentRowChanged.connect(lambda cur, _prev: on_row(cur))
        return view

    def _fit(self, view: QTableView) -> None:
        """Fit `view`'s columns now if it shows, else when it is next shown."""
        if view.isVisible():
            self._unfitted.discard(view)
            _fit_columns(view)
        else:
            self._unfitted.add(view)

    def _fit_shown(self) -> None:
        view = self.currentWidget()
        if isinstance(view, QTableView) and view in self._unfitted and view.isVisible():
            self._unfitted.discard(view)
            _fit_columns(view)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fit_shown()

    def add_export_actions(self, channels: QAction, inputs: QAction) -> None:
        """Offer the CSV exports on the right-click menus of the channel tables."""
        self.channel_view.addAction(channels)
        self.input_view.addAction(inputs)
        self.channel_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.input_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # ------------------------------------------------------------------ content

    def fill(self, s: LayerSeries) -> None:
        """Show the numbers of `s` (rows stay in place when their count is unchanged)."""
        rows = outlier_rows(s)
        # "balance" stays the series' key (show_channel matches it); its text is translated
        names = {"scale_w": "scale_w", "tensor_balance_factor": "balance"}
        shown = {"scale_w": "scale_w", "balance": translate("ChannelTables", "balance")}
        channel = translate("ChannelTables", "channel")
        self.outlier_model.set_columns(
            [(translate("ChannelTables", "series"), [names[r[0]] for r in rows], lambda n: shown[n]),
             (channel, [r[1] for r in rows], str),
             (translate("ChannelTables", "value"), [r[2] for r in rows], quant.f32_str),
             (translate("ChannelTables", "why"), [r[3] for r in rows], kind_text)],
            colours=lambda r: _bad_colour(rows[r][3]))
        self.setTabText(0, translate("ChannelTables", "Outliers ({n})").format(n=len(rows)))
        # the series column says something only when the balance factor has outliers too
        self.outlier_view.setColumnHidden(0, all(r[0] == "scale_w" for r in rows))
        n = s.scale_w.size
        cols: list[Column] = [
            (channel, np.arange(n), str), ("scale_w", s.scale_w, quant.f32_str),
            (translate("ChannelTables", "weight range"), s.weight_range, lambda v: f"±{v:.6g}")]
        dq = s.dequant
        if dq is not None:
            cols.append((translate("ChannelTables", "dequant"), dq, lambda v: f"{v:.6g}"))
        if s.shift_bit.size == n and n:
            cols.append(("shift_bit", s.shift_bit, str))
        kinds = s.outliers.kind
        outlier = translate("ChannelTables", "outlier")
        cols.append((outlier, kinds, _kind_text))
        self.channel_model.set_columns(
            cols, colours=lambda r: None if kinds[r] == quant.OK else _bad_colour(int(kinds[r])))
        t = s.tensor_balance_factor
        tk = s.tbf_outliers.kind
        self.input_model.set_columns(
            [(translate("ChannelTables", "input channel"), np.arange(t.size), str),
             (translate("ChannelTables", "balance factor"), t, quant.f32_str),
             (outlier, tk, _kind_text)],
            colours=lambda r: None if tk[r] == quant.OK else _bad_colour(int(tk[r])))
        self.setTabVisible(2, t.size > 0)

    def clear(self) -> None:
        """Empty every table (no layer, or one without per-channel factors)."""
        for m in (self.outlier_model, self.channel_model, self.input_model):
            m.set_columns([])
        self.setTabText(0, translate("ChannelTables", "Outliers"))

    # ------------------------------------------------------------------ the selected channel

    def show_channel(self, channel: tuple[str, int] | None) -> None:
        """Make the row of `channel` (field, index) current in each table that lists it."""
        field, c = channel if channel is not None else ("", -1)
        self._select_row(self.channel_view, self.channel_model, c if field in OUTPUT_FIELDS else None)
        self._select_row(self.input_view, self.input_model, c if field == "tensor_balance_factor" else None)
        match = None
        if channel is not None:
            name = "balance" if field == "tensor_balance_factor" else "scale_w"
            for r in range(self.outlier_model.rowCount()):
                if self.outlier_model.raw(r, 0) == name and self.outlier_model.raw(r, 1) == c:
                    match = r
                    break
        self._select_row(self.outlier_view, self.outlier_model, match)

    def _select_row(self, view: QTableView, model: ColumnsModel, row: int | None) -> None:
        self._syncing = True
        try:
            sm = view.selectionModel()
            if row is None or row >= model.rowCount():
                sm.clearSelection()
                sm.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
                return
            index = model.index(row, 0)
            sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                               | QItemSelectionModel.SelectionFlag.Rows)
            view.scrollTo(index)
        finally:
            self._syncing = False

    def _on_outlier_row(self, index: QModelIndex) -> None:
        if self._syncing or not index.isValid():
            return
        series = self.outlier_model.raw(index.row(), 0)
        field = "tensor_balance_factor" if series == "balance" else "scale_w"
        self.channelPicked.emit(field, int(self.outlier_model.raw(index.row(), 1)))

    def _on_channel_row(self, index: QModelIndex) -> None:
        if not self._syncing and index.isValid():
            self.channelPicked.emit("scale_w", index.row())

    def _on_input_row(self, index: QModelIndex) -> None:
        if not self._syncing and index.isValid():
            self.channelPicked.emit("tensor_balance_factor", index.row())
