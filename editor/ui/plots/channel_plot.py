"""ChannelPlot: the per-channel factors of the selected layer, with outliers and span edits.

Rows (one pyqtgraph scene, so one picture exports them all):
- ``scale_w`` by output channel — bars up to `BAR_LIMIT` channels (`_channel_rows`), a
  peak-downsampled and clipped-to-view line beyond; outliers marked (red triangles: not
  finite, ≤ 0 or below FLT_EPSILON; orange dots: outside the log-IQR fence, drawn as
  dashed lines);
- weight range ±(2^(b−1)−1)·scale_w, b from ``wts_type`` (output channels, x linked);
- ``shift_bit`` (output channels, x linked);
- ``tensor_balance_factor`` by **input** channel: its own x axis, since a layer has as
  many of those as it has input channels, not output channels.

Overlays (`channel_overlays`, `set_overlay`): named per-channel series by key, drawn over
scale_w in their own colour with their marks, in the legend above the plot, and on an
extra strip row under scale_w where they give one (the attached model's ARQ scale_w and
the ratio to it; a compared record's values; the analysis's weight SQNR per channel, on a
second strip row: `strips`).

Under the rows, a detail widget others put there (`set_detail_widget`: the analysis's
histograms of the selected channel's weights and of the layer's input), in a splitter.

Next to the plot: the outliers, every output channel and every input channel as tables
(`_channel_tables`). The span (a `LinearRegionItem`, key R) selects channels for an edit —
multiply, clamp, set to the layer median, set to another channel's value — pushed as one
undo step after `rules.validate_changes` has had its say; a refused edit shows the reason
(`_span_edits`).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QByteArray, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.figures.series import OUTPUT_FIELDS, LayerSeries, channel_table, input_channel_table, read_layer
from editor.i18n import translate
from editor.records.editing import ChangeKind, RecordChange, follow_entry
from editor.records.paths import FieldPath
from editor.ui.plots._channel_rows import STRIP_ROWS, ChannelRow, ScaleRow
from editor.ui.plots._channel_tables import ChannelTables
from editor.ui.plots._channel_texts import caption_html, describe, details_text, layer_title
from editor.ui.plots._channel_toolbar import FenceAction, build_toolbar, extend_row_menus
from editor.ui.plots._colors import BLUE, GREEN, GREY, ORANGE, PURPLE, tint
from editor.ui.plots._export import export_image
from editor.ui.plots._labels import elide, text_label
from editor.ui.plots._span_edits import SpanEdits
from editor.ui.plots.channel_overlays import ChannelOverlay, ChannelOverlays, OverlayData
from editor.ui.session import EditSession

#: the window's k follows the k box this long after its last change
K_DELAY_MS = 300

#: pixels the tables beside the plot start with (they keep it as the window widens)
TABLES_WIDTH = 250
#: the most pixels an overlay's strip row takes (the scale_w row keeps the rest)
STRIP_HEIGHT = 150


def spans_decade(values: np.ndarray) -> bool:
    """Whether the positive finite `values` span more than a factor of ten."""
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v) & (v > 0)]
    return v.size >= 2 and float(v.max()) > 10.0 * float(v.min())


class _Rows:
    """The plot rows of a `ChannelPlot`'s scene, made together (`ChannelPlot._make_rows`)."""

    def __init__(self, layout: pg.GraphicsLayout) -> None:
        out_axis = translate("ChannelPlot", "output channel")
        self.main = ScaleRow(layout, 0, "scale_w", out_axis, BLUE)
        # overlays' own series (a ratio, an SQNR, …) under scale_w: each row shown while one
        # gives it; strips of one kind share a row (`OverlayStrip.row`)
        self.strips = [ChannelRow(layout, 1 + k, "", out_axis, GREY, fill=False) for k in range(STRIP_ROWS)]
        for strip in self.strips:
            strip.plot.setMaximumHeight(STRIP_HEIGHT)
        self.weight = ChannelRow(layout, 1 + STRIP_ROWS, translate("ChannelPlot", "weight range"), out_axis, GREEN)
        # −range filled up to 0 and +range down to 0: the band, without a FillBetweenItem
        # (which rebuilds a path over every channel on each change)
        self.weight_neg = self.weight.plot.plot(pen=pg.mkPen(GREEN, width=1.5), brush=tint(GREEN, 0.3),
                                                fillLevel=0.0, connect="finite")
        self.shift = ChannelRow(layout, 2 + STRIP_ROWS, "shift_bit", out_axis, PURPLE)
        self.tbf = ScaleRow(layout, 3 + STRIP_ROWS, translate("ChannelPlot", "balance factor"),
                            translate("ChannelPlot", "input channel"), ORANGE)
        for row in (*self.strips, self.weight, self.shift):
            # followers: x comes from the scale_w row only, or hidden rows would pull it around
            row.follow(self.main.plot)
        self.by_field: dict[str, ChannelRow] = {"scale_w": self.main, "weight": self.weight,
                                                "shift_bit": self.shift, "tensor_balance_factor": self.tbf}


class ChannelPlot(QWidget):
    """Per-channel factors of the selected layer; follows the session's record and selection.

    Public helpers for scripts and tests: `show_layer`, `flush`, `set_span`/`span`, the span
    edits (`multiply_span`, `clamp_span`, `median_span`, `copy_channel_span`, each returning
    None or the reason it was refused; `spans` holds their actions), `export_image` and the
    CSV exports.
    """

    #: a span edit was refused; the text says why
    editRefused = Signal(str)

    # made by `_channel_toolbar.build_toolbar`
    toolbar: QToolBar
    act_weight: QAction
    act_shift: QAction
    act_tbf: QAction
    act_log: QAction
    act_k: FenceAction
    k_box: QDoubleSpinBox
    act_prev: QAction
    act_next: QAction
    act_view_all: QAction
    act_png: QAction
    act_csv: QAction
    act_csv_in: QAction
    act_export: QAction
    act_tables: QAction

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.series: LayerSeries | None = None
        self._index: int | None = None
        self._channel: tuple[str, int] | None = None
        self._log = False
        #: the user's choice of log or linear y (None: each layer's own, see `_fit_log`)
        self._log_chosen: bool | None = None
        #: the window's outlier fence factor (`session.problems.outlier_k`), which the k box sets
        self._k = session.problems.outlier_k
        self._following = False  # the k box is being set to the window's k
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        # the whole window follows a new k (every layer checked again): once the box rests
        self._k_timer = QTimer(self)
        self._k_timer.setSingleShot(True)
        self._k_timer.setInterval(K_DELAY_MS)
        self._k_timer.timeout.connect(self._push_k)
        session.problems.outlierKChanged.connect(self._on_k_changed)
        self._build()
        self.spans.update_text()  # no span yet: its edits are greyed out
        session.recordChanged.connect(self._on_record_changed)
        self.session.selection.changed.connect(self._on_selection)
        self._on_selection(self.session.selection.path, None)

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        self.title = text_label()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.details = text_label()
        self.info = text_label(" ")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.ci.setSpacing(4)
        # the rows (six pyqtgraph plots, a fifth of the window's start-up) are made when a
        # layer is first drawn or a row is first asked for (`rows_built`, `main`, …)
        self._rows: _Rows | None = None
        #: what others do to the rows once they exist (`when_rows`)
        self._row_hooks: list[Callable[[], object]] = []
        self.spans = SpanEdits(self)
        self.overlays = ChannelOverlays(self)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.graphics.scene().sigMouseClicked.connect(self._on_mouse_clicked)

        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.graphics)

        build_toolbar(self)
        self._build_tables()

        # the rows above, a detail widget others may put below them (`set_detail_widget`)
        self.column = QSplitter(Qt.Orientation.Vertical)
        self.column.setChildrenCollapsible(False)
        self.column.addWidget(self.stack)
        self.detail: QWidget | None = None
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.column)
        split.addWidget(self.tables)
        # a wider plot panel widens the plot; the tables keep their width
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setCollapsible(0, False)
        split.setSizes([780, TABLES_WIDTH])
        self.splitter = split

        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addWidget(self.details, 1)
        # the layer's name first: the details take what room is left (cut at the edge)
        self.details.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(head)
        box.addWidget(self.toolbar)
        # the overlays' legend, above the plot where it hides no channel
        self.legend = text_label("", rich=True)
        self.legend.setWordWrap(True)
        self.legend.hide()
        box.addWidget(self.legend)
        box.addWidget(split, 1)
        box.addWidget(self.info)

    def _build_tables(self) -> None:
        self.tables = ChannelTables()
        self.tables.add_export_actions(self.act_csv, self.act_csv_in)
        self.tables.channelPicked.connect(self.select_channel)

    # ------------------------------------------------------------------ the rows, made on first use

    @property
    def rows_built(self) -> bool:
        """Whether the plot rows exist yet (they are made when first needed)."""
        return self._rows is not None

    def _made_rows(self) -> _Rows:
        """The plot rows, made now if they were not yet: the rows, their menus' entries, the
        span's handles, the overlays' items, and what others asked for (`when_rows`)."""
        if self._rows is None:
            rows = self._rows = _Rows(self.graphics.ci)
            extend_row_menus(self)
            self.spans.attach_rows()
            if self._log:
                self._set_log_mode(True)
            self._relayout()
            hooks, self._row_hooks = self._row_hooks, []
            for hook in hooks:
                hook()
            return rows
        return self._rows

    def when_rows(self, hook: Callable[[], object]) -> None:
        """Call `hook` once the plot rows exist (now, if they do): to add entries to a row's
        menu, say, without making the rows before they are needed."""
        if self._rows is not None:
            hook()
        else:
            self._row_hooks.append(hook)

    @property
    def main(self) -> ScaleRow:
        """The scale_w row (the rows are made if they were not yet)."""
        return self._made_rows().main

    @property
    def strips(self) -> list[ChannelRow]:
        """The overlays' strip rows under scale_w."""
        return self._made_rows().strips

    @property
    def strip(self) -> ChannelRow:
        """The first strip row."""
        return self._made_rows().strips[0]

    @property
    def weight(self) -> ChannelRow:
        """The weight range row."""
        return self._made_rows().weight

    @property
    def weight_neg(self) -> pg.PlotDataItem:
        """The weight range's negative half, on the weight row."""
        return self._made_rows().weight_neg

    @property
    def shift(self) -> ChannelRow:
        """The shift_bit row."""
        return self._made_rows().shift

    @property
    def tbf(self) -> ScaleRow:
        """The tensor_balance_factor row (by input channel)."""
        return self._made_rows().tbf

    @property
    def rows(self) -> dict[str, ChannelRow]:
        """The rows by the field they draw: scale_w, weight, shift_bit, tensor_balance_factor."""
        return self._made_rows().by_field

    # ------------------------------------------------------------------ following the record

    @property
    def layer_index(self) -> int | None:
        return self._index

    @property
    def selected_channel(self) -> tuple[str, int] | None:
        """(field, channel) of the selected channel of the shown layer, if one is."""
        return self._channel

    def show_layer(self, index: int | None) -> None:
        """Plot layer entry `index` (None: nothing)."""
        if index != self._index:
            self._index = index
            self._channel = None
            self.spans.forget_note()
            self.info.setText(" ")  # what it said was about the layer shown before
            self.spans.hide()
            self.refresh(autorange=True)

    def flush(self) -> None:
        """Apply a pending redraw (and a pending new k) now (scripts and tests; the event loop
        does it otherwise)."""
        if self._k_timer.isActive():
            self._push_k()
        if self._timer.isActive():
            self._timer.stop()
            self.refresh()

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self.spans.forget_note()
            self.info.setText(" ")  # it spoke of the record that was open before
        if self._index is None:
            return
        if change.kind is ChangeKind.RESET:
            self._index = None
            self._channel = None
            self.refresh(autorange=True)
            self._on_selection(self.session.selection.path, None)
            return
        moved = follow_entry(change, self._index)  # layers added or removed above: keep ours
        if moved != self._index:
            self._index = moved
            self._timer.start()
        elif change.touches("record", self._index):
            self._timer.start()

    def _on_selection(self, path: FieldPath, source: object) -> None:
        index = self.session.selection.record_index
        if index is None and self.session.selection.prune_index is not None and len(path) >= 4:
            index = self._layer_of_prune_node(path)
        if index is not None and index != self._index:
            self.show_layer(index)
        ch = self.session.selection.channel
        if ch is not None and self.session.selection.record_index == self._index:
            self._channel = ch
        elif index is not None and index == self._index and len(path) < 5:
            self._channel = None
        self._show_channel()

    def _layer_of_prune_node(self, path: FieldPath) -> int | None:
        """The first layer named like the prune node at `path` (the node's own layer)."""
        context = self.session.problems.context
        try:
            name = self.session.editor.value(tuple(path[:4]) + ("name",))
        except LookupError:
            return None
        if context is None or not isinstance(name, str):
            return None
        return context.first_index(name)

    def refresh(self, autorange: bool = False) -> None:
        """Re-read the shown layer from the record and update every item in place."""
        self._timer.stop()
        msg = self.session.message
        index = self._index
        if msg is None or index is None or "record" not in msg.DESCRIPTOR.fields_by_name \
                or not 0 <= index < len(msg.record):
            self.series = None
            self._show_empty(translate("ChannelPlot", "Select a layer to plot its per-channel factors.")
                             if msg is not None else translate("ChannelPlot", "No record is open."))
            return
        s = read_layer(msg, index, self._k)
        self.series = s
        if autorange:  # another layer: its own y scale, unless the user chose one
            self._fit_log(s)
        self.title.setText(elide(layer_title(s.key, index), 520, self.title))
        self.title.setToolTip(s.key)
        if not s.scale_w.size and not s.tensor_balance_factor.size:
            self._show_empty(translate("ChannelPlot", "Layer {key} has no per-channel factors (no scale_w, no "
                                       "tensor_balance_factor) — nothing to plot.").format(key=repr(s.key)))
            self.tables.fill(s)
            return
        self._made_rows()  # the first layer drawn: the rows are made now
        self.stack.setCurrentWidget(self.graphics)
        self._relayout()  # first: items of a hidden row would not take new label text
        log = self._log
        if s.scale_w.size:
            self.main.set_series(s.scale_w, log)
            self.main.set_outliers(s.scale_w, s.outliers, log)
        if s.tensor_balance_factor.size:
            self.tbf.set_series(s.tensor_balance_factor, log)
            self.tbf.set_outliers(s.tensor_balance_factor, s.tbf_outliers, log)
        self._stale = {"weight", "shift_bit"}
        self._draw_optional()
        self._draw_overlays()
        self._update_details(s)
        self.tables.fill(s)
        self._show_channel()
        self.spans.update_text()
        if autorange:
            self.view_all()

    def _show_empty(self, text: str) -> None:
        self.overlays.update(None, None, self._log)
        self._show_legend()
        self.title.setText("")
        self.details.setText("")
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)
        self.tables.clear()

    def _update_details(self, s: LayerSeries) -> None:
        self.details.setText(details_text(s, self._k, self.overlays.notes()))

    def _draw_optional(self) -> None:
        """Bring the weight range and shift_bit rows up to date if shown (hidden ones wait)."""
        s = self.series
        if s is None or self._rows is None:
            return
        if "weight" in self._stale and self.weight.plot.isVisible() and s.scale_w.size:
            wr = s.weight_range
            self.weight.set_series(wr, self._log)
            self.weight.draw(self.weight_neg, -wr, 0.0)
            self.weight.plot.setLabel("left", f"±{(1 << (s.wts_bits - 1)) - 1}·scale_w")
            self._stale.discard("weight")
        if "shift_bit" in self._stale and self.shift.plot.isVisible() and s.shift_bit.size:
            self.shift.set_series(s.shift_bit.astype(np.float64), False)
            self._stale.discard("shift_bit")

    def _relayout(self, *args: object) -> None:
        if self._rows is None:
            return  # nothing drawn yet: the rows are laid out when they are made
        s = self.series
        has_w = s is not None and s.scale_w.size > 0
        # never hide every row: an empty layout caps the scene's size until the next resize
        self.main.plot.setVisible(has_w or s is None)
        self.weight.plot.setVisible(has_w and self.act_weight.isChecked())
        has_shift = s is not None and s.shift_bit.size > 0
        self.act_shift.setEnabled(has_shift)
        self.shift.plot.setVisible(has_shift and self.act_shift.isChecked())
        has_tbf = s is not None and s.tensor_balance_factor.size > 0
        self.act_tbf.setEnabled(has_tbf)
        self.tbf.plot.setVisible(has_tbf and self.act_tbf.isChecked())
        used = self.overlays.strip_rows()
        for k, strip in enumerate(self.strips):
            strip.plot.setVisible(has_w and k in used)
        self.weight_neg.setVisible(not self._log)
        self.graphics.ci.layout.invalidate()
        if args:  # a row was switched on (an action's toggled): draw it now if it missed edits
            self._draw_optional()
            self._show_channel()

    def channel_table(self) -> tuple[list[str], list[list[str]]]:
        """The per-output-channel table (header, rows) as exported to CSV."""
        if self.series is None:
            return [], []
        return channel_table(self.series)

    def input_channel_table(self) -> tuple[list[str], list[list[str]]]:
        """The per-input-channel table (header, rows) as exported to CSV."""
        if self.series is None:
            return [], []
        return input_channel_table(self.series)

    # ------------------------------------------------------------------ channels

    def select_channel(self, field: str, channel: int) -> None:
        """Select one channel of the shown layer (in the shared selection: tree, tables, plots)."""
        if self._index is None:
            return
        self.session.selection.select(("record", self._index, "value", field, int(channel)), source=self)

    def _show_channel(self) -> None:
        s = self.series
        ch = self._channel
        out_c = ch[1] if ch is not None and ch[0] in OUTPUT_FIELDS else None
        in_c = ch[1] if ch is not None and ch[0] == "tensor_balance_factor" else None
        if self._rows is not None:  # (no rows yet: nothing drawn to mark)
            for row in (self.main, *self.strips, self.weight, self.shift):
                row.highlight(out_c, self._log and row in (self.main, self.weight))
            self.tbf.highlight(in_c, self._log)
        if s is None:
            return
        self.tables.show_channel(ch)
        if ch is not None:
            self.info.setText(self.describe(ch[0] if ch[0] != "offset_w" else "scale_w", ch[1]))

    def _step_channel(self, delta: int) -> None:
        s = self.series
        if s is None:
            return
        field, c = self._channel if self._channel is not None else ("scale_w", -delta)
        if field not in ("scale_w", "tensor_balance_factor", "shift_bit"):
            field = "scale_w"
        n = s.vector(field).size
        if n:
            self.select_channel(field, min(max(c + delta, 0), n - 1))

    def describe(self, field: str, c: int) -> str:
        """What hovering channel `c` of `field` shows: the exact float32 value and derived numbers."""
        s = self.series
        if s is None:
            return ""
        return describe(s, field, c, self.overlays.describe(c) if field != "tensor_balance_factor" else "")

    def _row_at(self, scene_pos: QPointF) -> tuple[str, ChannelRow, int] | None:
        if self._rows is None:
            return None
        rows = [("scale_w", self.main), *(("scale_w", strip) for strip in self.strips), ("scale_w", self.weight),
                ("shift_bit", self.shift), ("tensor_balance_factor", self.tbf)]
        for field, row in rows:
            c = row.channel_at(scene_pos)
            if c is not None:
                return field, row, c
        return None

    def _on_mouse_moved(self, pos: QPointF) -> None:
        hit = self._row_at(pos)
        if self._rows is None:
            return
        for row in self.rows.values():
            if hit is None or row is not hit[1]:
                row.hover_point.setData([], [])
        if hit is None or self.series is None:
            return
        field, row, c = hit
        v = float(row.y[c])
        log_row = self._log and row in (self.main, self.weight, self.tbf)
        if math.isfinite(v) and (v > 0 or not log_row):
            row.hover_point.setData([c], [v])
        else:
            row.hover_point.setData([], [])
        self.info.setText(self.describe(field, c))

    def _on_mouse_clicked(self, ev: MouseClickEvent) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        hit = self._row_at(ev.scenePos())
        if hit is not None:
            field, _row, c = hit
            self.select_channel(field, c)

    # ------------------------------------------------------------------ view options

    def set_log(self, on: bool) -> None:
        """Logarithmic y for the scale rows (scale_w, weight range, balance factor): the
        user's choice (L), kept for every layer shown after it."""
        on = bool(on)
        if self.act_log.isChecked() != on:
            self.act_log.setChecked(on)  # comes back here through toggled
            return
        self._log_chosen = on
        self._set_log_mode(on)
        self.refresh()
        if self._rows is not None:
            for row in (self.main, self.weight, self.tbf):
                row.plot.enableAutoRange(axis=pg.ViewBox.YAxis)

    def _set_log_mode(self, on: bool) -> None:
        self._log = on
        if self._rows is None:
            return  # the rows take it when they are made
        for row in (self.main, self.weight, self.tbf):
            row.set_log_y(on)
            # ScaleAxis puts every label worth reading on level 0; the rest are bare ticks
            row.plot.getAxis("left").setStyle(maxTextLevel=0 if on else 2)

    def _fit_log(self, s: LayerSeries) -> None:
        """Until the user chooses (L), a layer whose values span more than a decade is shown
        on a log axis, where outliers are judged; one within a decade on a linear one."""
        if self._log_chosen is not None:
            return
        want = spans_decade(s.scale_w if s.scale_w.size else s.tensor_balance_factor)
        if want != self._log:
            blocked = self.act_log.blockSignals(True)  # not the user's choice: no set_log
            self.act_log.setChecked(want)
            self.act_log.blockSignals(blocked)
            self._set_log_mode(want)

    # ------------------------------------------------------------------ layout (the window's)

    def tables_shown(self) -> bool:
        """Whether the outliers and channel tables are shown beside the plot."""
        return self.act_tables.isChecked()

    def set_tables_shown(self, on: bool) -> None:
        """Show the tables beside the plot, or give the plot their room (Focus Plots)."""
        on = bool(on)
        if self.act_tables.isChecked() != on:
            self.act_tables.setChecked(on)  # comes back here through toggled
            return
        self.tables.setVisible(on)

    def restore_layout(self, state: object, tables: bool) -> None:
        """The splitter's state as `QSplitter.saveState` gave it (None or empty: the
        default widths) and whether the tables are shown."""
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.splitter.restoreState(state)
        else:
            total = sum(self.splitter.sizes()) or 1080
            self.splitter.setSizes([total - TABLES_WIDTH, TABLES_WIDTH])
        self.set_tables_shown(tables)

    def set_k(self, k: float) -> None:
        """Outlier fence factor: outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values). The window
        follows at once: overview, Layers table, the rule scale-w-outlier in the problems."""
        self.act_k.set_value(float(k))  # the boxes follow (and may round it)
        if self.act_k.value() != self._k:
            self._on_k_box(self.act_k.value())
        self._push_k()

    def _on_k_box(self, k: float) -> None:
        self._k = float(k)
        self.refresh()
        if not self._following:
            self._k_timer.start()  # restarted by each step: the window follows once it rests

    def _push_k(self) -> None:
        self._k_timer.stop()
        self.session.problems.set_outlier_k(self._k)

    def _on_k_changed(self, k: float) -> None:
        """The window's k changed (here or elsewhere): show it and mark with it."""
        if self._k_timer.isActive():
            return  # the box is being turned here: its value wins once it rests
        if k != self._k or self.act_k.value() != k:
            self._following = True
            try:
                self.act_k.set_value(k)
            finally:
                self._following = False
            if self._k != k:
                self._k = k
                self.refresh()

    def view_all(self) -> None:
        """Show every channel of every row (Home)."""
        # auto range (not autoRange(), which fixes the range for the current size)
        if self._rows is None:
            return  # rows are made auto-ranging
        for row in (self.main, self.tbf):
            row.plot.enableAutoRange()
        for follower in (*self.strips, self.weight, self.shift):
            follower.plot.vb.enableAutoRange(x=False, y=True)

    # ------------------------------------------------------------------ span edits (`SpanEdits`)

    def set_span(self, lo: int, hi: int, field: str = "scale_w") -> None:
        """Show the span over channels lo..hi (inclusive) of `field` (scale_w or tensor_balance_factor)."""
        self.spans.set(lo, hi, field)

    def span(self) -> tuple[int, int] | None:
        """(first, last) channel of the span, or None when no span is shown."""
        return self.spans.span()

    @property
    def span_field(self) -> str:
        """The vector the span lies on: scale_w or tensor_balance_factor."""
        return self.spans.field

    def multiply_span(self, k: float) -> str | None:
        """Multiply the span's values by `k`; None when done, else why not."""
        return self.spans.multiply(k)

    def clamp_span(self, a: float, b: float) -> str | None:
        """Clamp the span's values to [a, b]; None when done, else why not."""
        return self.spans.clamp(a, b)

    def median_span(self) -> str | None:
        """Set the span to the layer's median value; None when done, else why not."""
        return self.spans.median()

    def copy_channel_span(self, source: int) -> str | None:
        """Set the span to the value of channel `source`; None when done, else why not."""
        return self.spans.copy_channel(source)

    # ------------------------------------------------------------------ export

    def _file_stem(self) -> str:
        s = self.series
        key = (s.key if s is not None and s.key else "layer").replace("/", "_").replace(":", "_")
        return f"{key}_channels"

    def export_image(self, path: str | Path, caption: bool = True) -> None:
        """Save the plot rows as PNG or SVG (by the suffix of `path`), under a caption naming
        the layer and the marks (unless `caption` is False)."""
        self.flush()
        self._made_rows()  # (with no layer drawn yet: the empty rows, as before they were lazy)
        export_image(self.graphics.scene(), path, self.caption_html() if caption else None)

    def caption_html(self) -> str | None:
        """What an exported picture says above the plot: the layer, its numbers, the marks."""
        s = self.series
        if s is None:
            return None
        return caption_html(s, self._index, self._k, self.details.text(), self.overlays.legend_html())

    # ------------------------------------------------------------------ overlays (`channel_overlays`)

    def set_overlay(self, key: str, overlay: ChannelOverlay | None) -> None:
        """Draw `overlay` over the layers' scale_w (replacing the one under `key`); None
        removes it. The shown layer is drawn again at once."""
        self.overlays.set(key, overlay)
        self.refresh()

    def refresh_overlays(self) -> None:
        """An overlay's numbers changed (a review finished, a threshold moved): draw again."""
        if self.overlays.overlays:
            self.refresh()

    def overlay_data(self, key: str) -> OverlayData | None:
        """What the overlay under `key` shows for the shown layer (None: nothing)."""
        self.flush()
        return self.overlays.data.get(key)

    def _draw_overlays(self) -> None:
        self.overlays.update(self._index, self.series, self._log)
        self._relayout()
        for strip, label in zip(self.strips, self.overlays.strip_labels, strict=True):
            if label:  # once shown: a hidden row's axis ignores new text
                strip.plot.setLabel("left", label)
        self._show_legend()

    # ------------------------------------------------------------------ the detail under the rows

    def set_detail_widget(self, widget: QWidget | None) -> None:
        """Put `widget` under the plot rows (the splitter between them the user's to move),
        replacing the one there; None takes it away (it is not deleted)."""
        if self.detail is widget:
            return
        if self.detail is not None:
            self.detail.hide()
            self.detail.setParent(None)
        self.detail = widget
        if widget is not None:
            self.column.addWidget(widget)
            self.column.setStretchFactor(0, 3)
            self.column.setStretchFactor(1, 2)
            widget.show()
            # the rows keep most of the height (the widget's size hint would take half)
            height = self.column.height() if self.column.height() > 200 else 800
            self.column.setSizes([height * 5 // 8, height * 3 // 8])

    def _show_legend(self) -> None:
        text = self.overlays.legend_html()
        self.legend.setText(text)
        self.legend.setVisible(bool(text))
