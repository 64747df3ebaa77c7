"""ChannelPlot: the per-channel factors of the selected layer, with outliers and span edits.

Rows (one pyqtgraph scene, so one picture exports them all):
- ``scale_w`` by output channel — bars up to `BAR_LIMIT` channels, a peak-downsampled and
  clipped-to-view line beyond; outliers marked (red triangles: not finite, ≤ 0 or below
  FLT_EPSILON; orange dots: outside the log-IQR fence, drawn as dashed lines);
- weight range ±(2^(b−1)−1)·scale_w, b from ``wts_type`` (output channels, x linked);
- ``shift_bit`` (output channels, x linked);
- ``tensor_balance_factor`` by **input** channel: its own x axis, since a layer has as
  many of those as it has input channels, not output channels.

Next to the plot: the outliers, every output channel and every input channel as tables.
The span (a `LinearRegionItem`, key R) selects channels for an edit — multiply, clamp,
set to the layer median, set to another channel's value — pushed as one undo step after
`rules.validate_changes` has had its say; a refused edit shows the reason.
"""
from __future__ import annotations

import html
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QItemSelectionModel, QModelIndex, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMenu,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.records import quant
from editor.records.rules import validate_changes
from editor.ui.plots._commands import SetSpanCommand
from editor.ui.plots._common import (
    BLUE,
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    ColumnsModel,
    ScaleAxis,
    elide,
    export_csv_dialog,
    export_image,
    export_plot_dialog,
    extend_view_menu,
    faded,
    make_action,
    text_label,
    tint,
)
from editor.ui.plots._data import (
    LayerSeries,
    channel_table,
    input_channel_table,
    outlier_rows,
    read_layer,
    span_values,
)
from editor.ui.plots._live import PlotContext, follow_entry
from editor.ui.selection import Selection
from editor.ui.tree_model import ChangeKind, RecordChange, RecordTreeModel

#: Layers with at most this many channels draw as bars; wider ones as a downsampled line.
BAR_LIMIT = 512
#: Fields whose channel the plot highlights when the selection points at one.
OUTPUT_FIELDS = ("scale_w", "offset_w", "shift_bit")


def _bad_colour(kind: int):
    return RED if kind in (quant.INVALID, quant.DEGENERATE) else ORANGE


class _Row:
    """One plot row of the scene: a PlotItem with the items drawn on it, created once."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, left: str, bottom: str, colour,
                 *, fill: bool = True) -> None:
        self.fill = fill
        self.plot: pg.PlotItem = layout.addPlot(row=row, col=0, axisItems={"left": ScaleAxis("left")})
        self.plot.setLabel("left", left)
        self.plot.setLabel("bottom", bottom)
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setMenuEnabled(True)
        self.plot.hideButtons()
        self.plot.getAxis("left").setWidth(72)
        self.plot.getAxis("left").enableAutoSIPrefix(False)  # 0.001, not "(x0.001)"
        # channel numbers: a one-channel layer's axis would read "(x0.001)" from -500 to 500
        self.plot.getAxis("bottom").enableAutoSIPrefix(False)
        self.plot.vb.setLimits(minXRange=5)  # ... and whole channel numbers under a lone bar
        self.curve = self.plot.plot(pen=pg.mkPen(colour, width=1.5), brush=tint(colour, 0.3),
                                    fillLevel=0.0 if fill else None, connect="finite")
        self.sel_line = pg.InfiniteLine(angle=90, movable=False,
                                        pen=pg.mkPen(PURPLE, width=1.5, style=Qt.PenStyle.DashLine))
        self.sel_line.hide()
        self.plot.addItem(self.sel_line, ignoreBounds=True)
        self.sel_point = self.plot.plot(pen=None, symbol="o", symbolSize=13, symbolBrush=None,
                                        symbolPen=pg.mkPen(PURPLE, width=2.5))
        self.hover_point = self.plot.plot(pen=None, symbol="+", symbolSize=14,
                                          symbolPen=pg.mkPen("k", width=1.5), symbolBrush=None)
        self.x = np.zeros(0)
        self.y = np.zeros(0)
        self.bars = True

    def set_series(self, y: np.ndarray, log: bool) -> None:
        """Show `y` by channel: update the curve in place, bars or a downsampled line."""
        n = y.size
        self.y = y
        if self.x.size != n:
            self.x = np.arange(n, dtype=np.float64)
        self.bars = n <= BAR_LIMIT
        base = self.baseline(y, log) if self.fill else None
        self.draw(self.curve, self.shown(y, log), base)

    def draw(self, curve: pg.PlotDataItem, y: np.ndarray, base: float | None) -> None:
        """Put `y` on `curve` as this row draws it (bars up to BAR_LIMIT channels, else a line)."""
        if self.bars:
            curve.setDownsampling(auto=False)
            curve.setClipToView(False)
            curve.setData(x=np.arange(y.size + 1, dtype=np.float64) - 0.5, y=y, stepMode="center",
                          fillLevel=base)
        else:
            # wide layers: draw what the pixels can show (max and min per pixel column)
            curve.setDownsampling(auto=True, method="peak")
            curve.setClipToView(True)
            # one bin per pixel column: 'peak' keeps its max and min, so no spike is lost
            curve.setData(x=self.x, y=y, stepMode=None, fillLevel=base, autoDownsampleFactor=1.0)

    @staticmethod
    def baseline(y: np.ndarray, log: bool) -> float:
        """Where bars start: 0, or in log mode the decade below the smallest positive value
        that is not degenerate (a single 1e-12 would squeeze every other bar to the top)."""
        if not log:
            return 0.0
        with np.errstate(invalid="ignore"):
            pos = y[np.isfinite(y) & (y > 0)]
            usual = pos[pos >= quant.FLT_EPSILON]
        pos = usual if usual.size else pos
        return float(math.floor(math.log10(float(pos.min())))) if pos.size else 0.0

    @classmethod
    def shown(cls, y: np.ndarray, log: bool) -> np.ndarray:
        """`y` as drawn: on a log axis, positive values below the base line sit on it (their
        red marks say they are degenerate; hover and the tables give the exact value)."""
        if not log:
            return y
        floor = 10.0 ** cls.baseline(y, True)
        with np.errstate(invalid="ignore"):
            low = np.isfinite(y) & (y > 0) & (y < floor)
        if not low.any():
            return y
        out = y.astype(np.float64)
        out[low] = floor
        return out

    def channel_at(self, scene_pos: QPointF) -> int | None:
        vb = self.plot.vb
        if not self.plot.isVisible() or not vb.sceneBoundingRect().contains(scene_pos):
            return None
        c = int(round(vb.mapSceneToView(scene_pos).x()))
        return c if 0 <= c < self.y.size else None

    def highlight(self, c: int | None, log: bool) -> None:
        if c is None or not 0 <= c < self.y.size:
            self.sel_line.hide()
            self.sel_point.setData([], [])
            return
        self.sel_line.setPos(c)
        self.sel_line.show()
        v = float(self.y[c])
        if log and not (math.isfinite(v) and v > 0):
            self.sel_point.setData([], [])
            return
        if log:
            v = max(v, 10.0 ** self.baseline(self.y, True))
        self.sel_point.setData([c], [v if math.isfinite(v) else 0.0])


class _ScaleRow(_Row):
    """A row of a scale vector (scale_w, tensor_balance_factor): outliers, fences, a span."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, left: str, bottom: str, colour) -> None:
        super().__init__(layout, row, left, bottom, colour)
        # one style per item: a thousand outliers of a wide layer draw from one cached symbol
        self.fence_points = self.plot.plot(pen=None, symbol="o", symbolSize=9, symbolBrush=ORANGE,
                                           symbolPen=pg.mkPen("k", width=0.8))
        self.bad_points = self.plot.plot(pen=None, symbol="t", symbolSize=12, symbolBrush=RED,
                                         symbolPen=pg.mkPen("k", width=0.8))
        self.fence_points.setZValue(5)
        self.bad_points.setZValue(6)
        dash = pg.mkPen(GREY, width=1, style=Qt.PenStyle.DashLine)
        # Q3's label on the right, Q1's on the left, so the two never cover each other;
        # inside the band between the fences while it has room for them (never cut off at
        # the plot's edge), outside it when outliers squeeze the band (see place_fence_labels);
        # on a light backing so the bars behind do not garble them
        label_opts = {"color": (70, 70, 70), "fill": (255, 255, 255, 200)}
        self.fence_hi = pg.InfiniteLine(angle=0, movable=False, pen=dash, label="",
                                        labelOpts={**label_opts, "position": 0.98,
                                                   "anchors": [(1, 0), (1, 0)]})
        self.fence_lo = pg.InfiniteLine(angle=0, movable=False, pen=dash, label="",
                                        labelOpts={**label_opts, "position": 0.02,
                                                   "anchors": [(0, 1), (0, 1)]})
        for line in (self.fence_hi, self.fence_lo):
            line.hide()
            self.plot.addItem(line, ignoreBounds=True)
        self.fence_labels_inside = True
        self.plot.vb.sigResized.connect(self.place_fence_labels)
        self.plot.vb.sigYRangeChanged.connect(self.place_fence_labels)
        self.region = pg.LinearRegionItem(values=(-0.5, 0.5), brush=faded(YELLOW, 110),
                                          pen=pg.mkPen(ORANGE, width=2), swapMode="sort")
        self.region.setZValue(-5)
        self.region.hide()
        self.plot.addItem(self.region, ignoreBounds=True)

    def set_outliers(self, values: np.ndarray, out: quant.Outliers, log: bool) -> None:
        bad = np.flatnonzero((out.kind == quant.INVALID) | (out.kind == quant.DEGENERATE))
        far = np.flatnonzero((out.kind == quant.LOW) | (out.kind == quant.HIGH))
        # values the axis cannot show (nan, inf; ≤ 0 on a log axis) sit on the base line
        base = 10.0 ** self.baseline(values, True) if log else 0.0
        y = values[bad].astype(np.float64)
        with np.errstate(invalid="ignore"):
            y[~np.isfinite(y) | ((y < base) if log else False)] = base
        self.bad_points.setData(x=bad.astype(np.float64), y=y)
        self.fence_points.setData(x=far.astype(np.float64), y=values[far].astype(np.float64))
        if out.fence is None:
            self.fence_lo.hide()
            self.fence_hi.hide()
            return
        lo, hi = out.fence
        k = f"{out.k:g}"
        for line, v, text in ((self.fence_lo, lo, f"Q1 − {k}·IQR"),
                              (self.fence_hi, hi, f"Q3 + {k}·IQR")):
            if v > 0 and math.isfinite(v):
                line.setPos(math.log10(v) if log else v)
                line.show()
                line.label.setFormat(text)  # after show(): a hidden label ignores new text
            else:
                line.hide()
        self.place_fence_labels()

    def place_fence_labels(self, *_) -> None:
        """Put the fence labels inside the band between the fences when it is at least a
        label high on screen, else outside it (Q3's above its line, Q1's below), so a label
        never sits across the other fence's line."""
        hi, lo = self.fence_hi, self.fence_lo
        inside = True
        if hi.isVisible() and lo.isVisible():
            vb = self.plot.vb
            y_hi = vb.mapViewToScene(QPointF(0.0, hi.value())).y()
            y_lo = vb.mapViewToScene(QPointF(0.0, lo.value())).y()
            inside = abs(y_lo - y_hi) >= 1.15 * lo.label.boundingRect().height()
        self.fence_labels_inside = inside
        for line, anchor in ((hi, (1, 0) if inside else (1, 1)), (lo, (0, 1) if inside else (0, 0))):
            if line.label.anchors[0] != anchor:
                line.label.anchors = [anchor, anchor]
                if line.isVisible():
                    line.label.updatePosition()


class ChannelPlot(QWidget):
    """Per-channel factors of the selected layer; follows the model and the shared selection.

    Construct with the window's model, undo stack and selection (and the `PlotContext` the
    other plots use, if any). Public helpers for scripts and tests: `show_layer`, `flush`,
    `set_span`/`span`, the span edits (`multiply_span`, `clamp_span`, `median_span`,
    `copy_channel_span`, each returning None or the reason it was refused), `export_image`
    and the CSV exports.
    """

    #: a span edit was refused; the text says why
    editRefused = Signal(str)

    def __init__(self, model: RecordTreeModel, undo_stack: QUndoStack, selection: Selection,
                 context: PlotContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._note = ""  # the last span edit done, shown with the span
        self._noted_span: tuple[int, int] | None = None
        self.model = model
        self.undo_stack = undo_stack
        self.selection = selection
        self.context = context if context is not None else PlotContext(model, parent=self)
        self.series: LayerSeries | None = None
        self._index: int | None = None
        self._channel: tuple[str, int] | None = None
        self._log = False
        self._k = 1.5
        self._span_field = "scale_w"
        self._span_on = False
        self._snapping = False
        self._syncing_tables = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self._build()
        self._update_span_text()  # no span yet: its edits are greyed out
        self.context.changed.connect(self._on_record_changed)
        self.selection.changed.connect(self._on_selection)
        self._on_selection(self.selection.path, None)

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
        layout = self.graphics.ci
        self.main = _ScaleRow(layout, 0, "scale_w", "output channel", BLUE)
        self.weight = _Row(layout, 1, "weight range", "output channel", GREEN)
        # −range filled up to 0 and +range down to 0: the band, without a FillBetweenItem
        # (which rebuilds a path over every channel on each change)
        self.weight_neg = self.weight.plot.plot(pen=pg.mkPen(GREEN, width=1.5), brush=tint(GREEN, 0.3),
                                                fillLevel=0.0, connect="finite")
        self._stale: set[str] = set()
        self.shift = _Row(layout, 2, "shift_bit", "output channel", PURPLE)
        self.tbf = _ScaleRow(layout, 3, "balance factor", "input channel", ORANGE)
        for row in (self.weight, self.shift):
            # followers: x comes from the scale_w row only, or hidden rows would pull it around
            row.plot.setXLink(self.main.plot)
            row.plot.vb.enableAutoRange(x=False)
        self.rows = {"scale_w": self.main, "weight": self.weight, "shift_bit": self.shift,
                     "tensor_balance_factor": self.tbf}
        self.main.region.sigRegionChangeFinished.connect(lambda: self._snap_region(self.main))
        self.tbf.region.sigRegionChangeFinished.connect(lambda: self._snap_region(self.tbf))
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.graphics.scene().sigMouseClicked.connect(self._on_mouse_clicked)

        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.graphics)

        self._build_actions()
        self._build_tables()

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.stack)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([780, 300])
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
        box.addWidget(split, 1)
        box.addWidget(self.info)

    def _build_actions(self) -> None:
        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        self.act_weight = make_action(self, "Weight range", self._relayout, checkable=True,
                                      tip="Show ±(2^(b−1)−1)·scale_w, b from wts_type")
        self.act_shift = make_action(self, "shift_bit", self._relayout, checkable=True,
                                     tip="Show shift_bit by output channel")
        self.act_tbf = make_action(self, "Balance factor", self._relayout, checkable=True,
                                   tip="Show tensor_balance_factor by input channel")
        self.act_tbf.setChecked(True)
        self.act_log = make_action(self, "Log y", self.set_log, "L", checkable=True,
                                   tip="Logarithmic y axis for scales (L)")
        for a in (self.act_weight, self.act_shift, self.act_tbf):
            bar.addAction(a)
        bar.addSeparator()
        bar.addAction(self.act_log)
        bar.addSeparator()
        bar.addWidget(QLabel(" Outlier fence k "))
        self.k_box = QDoubleSpinBox()
        self.k_box.setRange(0.0, 20.0)
        self.k_box.setSingleStep(0.5)
        self.k_box.setDecimals(2)
        self.k_box.setValue(self._k)
        self.k_box.setToolTip("Channels outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values) are outliers")
        self.k_box.valueChanged.connect(self.set_k)
        bar.addWidget(self.k_box)
        bar.addSeparator()

        self.act_span = make_action(self, "Span", self._toggle_span, "R", checkable=True,
                                    tip="Show a channel span to edit (R); drag its edges")
        self.act_multiply = make_action(self, "Multiply span by…", self._ask_multiply, "M")
        self.act_clamp = make_action(self, "Clamp span to…", self._ask_clamp, "C")
        self.act_median = make_action(self, "Set span to layer median", self.median_span, "D")
        self.act_copy = make_action(self, "Set span to channel…", self._ask_copy, "V")
        self.act_hide_span = make_action(self, "Hide span", lambda: self.act_span.setChecked(False),
                                         "Esc")
        bar.addAction(self.act_span)
        self.span_menu = QMenu("Edit span", self)
        for a in (self.act_multiply, self.act_clamp, self.act_median, self.act_copy):
            self.span_menu.addAction(a)
        edit_button = QToolButton()
        edit_button.setText("Edit span")
        edit_button.setMenu(self.span_menu)
        edit_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        bar.addWidget(edit_button)
        bar.addSeparator()

        # on the plot only: the tables and the spin box keep their own arrow keys
        self.act_prev = make_action(self.graphics, "Previous channel", lambda: self._step_channel(-1),
                                    QKeySequence(Qt.Key.Key_Left))
        self.act_next = make_action(self.graphics, "Next channel", lambda: self._step_channel(1),
                                    QKeySequence(Qt.Key.Key_Right))
        self.act_view_all = make_action(self, "View all", self.view_all, QKeySequence(Qt.Key.Key_Home))
        self.act_png = make_action(self, "Export plot (PNG/SVG)…",
                                   lambda: export_plot_dialog(self, self, self._file_stem()))
        self.act_csv = make_action(self, "Export channel table (CSV)…",
                                   lambda: export_csv_dialog(self, self._file_stem() + "_channels",
                                                             self.channel_table))
        self.act_csv_in = make_action(self, "Export input-channel table (CSV)…",
                                      lambda: export_csv_dialog(self, self._file_stem() + "_input_channels",
                                                                self.input_channel_table))
        export_menu = QMenu("Export", self)
        for a in (self.act_png, self.act_csv, self.act_csv_in):
            export_menu.addAction(a)
        export_button = QToolButton()
        export_button.setText("Export")
        export_button.setMenu(export_menu)
        export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        bar.addWidget(export_button)

        for row in (self.main, self.tbf):
            extend_view_menu(row.plot, [self.act_log, self.act_span, self.act_multiply, self.act_clamp,
                                        self.act_median, self.act_copy, None, self.act_png, self.act_csv])
        for row in (self.weight, self.shift):
            extend_view_menu(row.plot, [self.act_log, None, self.act_png, self.act_csv])

    def _build_tables(self) -> None:
        self.tabs = QTabWidget()
        self.outlier_model = ColumnsModel(self)
        self.channel_model = ColumnsModel(self)
        self.input_model = ColumnsModel(self)
        self.outlier_view = self._table(self.outlier_model, self._on_outlier_row)
        self.channel_view = self._table(self.channel_model, self._on_channel_row)
        self.input_view = self._table(self.input_model, self._on_input_row)
        self.tabs.addTab(self.outlier_view, "Outliers")
        self.tabs.addTab(self.channel_view, "Channels")
        self.tabs.addTab(self.input_view, "Input channels")
        self.channel_view.addAction(self.act_csv)
        self.input_view.addAction(self.act_csv_in)
        self.channel_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.input_view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def _table(self, model: ColumnsModel, on_row) -> QTableView:
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
        # fit the columns when the table gets new columns or rows, not on every edit
        model.modelReset.connect(view.resizeColumnsToContents)
        view.selectionModel().currentRowChanged.connect(lambda cur, _prev: on_row(cur))
        return view

    # ------------------------------------------------------------------ following the model

    @property
    def layer_index(self) -> int | None:
        return self._index

    def show_layer(self, index: int | None) -> None:
        """Plot layer entry `index` (None: nothing)."""
        if index != self._index:
            self._index = index
            self._channel = None
            self._note = ""
            self.info.setText(" ")  # what it said was about the layer shown before
            self.act_span.setChecked(False)
            self.refresh(autorange=True)

    def flush(self) -> None:
        """Apply a pending redraw now (scripts and tests; the event loop does it otherwise)."""
        if self._timer.isActive():
            self._timer.stop()
            self.refresh()

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self._note = ""
            self.info.setText(" ")  # it spoke of the record that was open before
        if self._index is None:
            return
        if change.kind is ChangeKind.RESET:
            self._index = None
            self._channel = None
            self.refresh(autorange=True)
            self._on_selection(self.selection.path, None)
            return
        moved = follow_entry(change, self._index)  # layers added or removed above: keep ours
        if moved != self._index:
            self._index = moved
            self._timer.start()
        elif change.touches("record", self._index):
            self._timer.start()

    def _on_selection(self, path, source) -> None:
        index = self.selection.record_index
        if index is None and self.selection.prune_index is not None and len(path) >= 4:
            index = self._layer_of_prune_node(path)
        if index is not None and index != self._index:
            self.show_layer(index)
        ch = self.selection.channel
        if ch is not None and self.selection.record_index == self._index:
            self._channel = ch
        elif index is not None and index == self._index and len(path) < 5:
            self._channel = None
        self._show_channel()

    def _layer_of_prune_node(self, path) -> int | None:
        checker = self.context.checker
        try:
            name = self.model.value(tuple(path[:4]) + ("name",))
        except LookupError:
            return None
        if checker is None or not isinstance(name, str):
            return None
        return checker.context.first_index(name)

    def refresh(self, autorange: bool = False) -> None:
        """Re-read the shown layer from the model and update every item in place."""
        self._timer.stop()
        msg = self.model.message
        index = self._index
        if msg is None or index is None or "record" not in msg.DESCRIPTOR.fields_by_name \
                or not 0 <= index < len(msg.record):
            self.series = None
            self._show_empty("Select a layer to plot its per-channel factors." if msg is not None
                             else "No record is open.")
            return
        s = read_layer(msg, index, self._k)
        self.series = s
        self.title.setText(elide(s.key or f"record {index} (no key)", 520, self.title))
        self.title.setToolTip(s.key)
        if not s.scale_w.size and not s.tensor_balance_factor.size:
            self._show_empty(f"Layer {s.key!r} has no per-channel factors (no scale_w, no "
                             "tensor_balance_factor) — nothing to plot.")
            self._fill_tables()
            return
        self.stack.setCurrentWidget(self.graphics)
        self._update_details()
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
        self._fill_tables()
        self._show_channel()
        self._update_span_text()
        if autorange:
            self.view_all()

    def _show_empty(self, text: str) -> None:
        self.title.setText("")
        self.details.setText("")
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)
        for m in (self.outlier_model, self.channel_model, self.input_model):
            m.set_columns([])
        self.tabs.setTabText(0, "Outliers")

    def _update_details(self) -> None:
        s = self.series
        parts = []
        if s.scale_w.size:
            parts.append(f"{s.scale_w.size} output channel{'s' if s.scale_w.size != 1 else ''}")
        if s.tensor_balance_factor.size:
            parts.append(f"{s.tensor_balance_factor.size} input channels")
        if s.scale_d is not None:
            parts.append(f"scale_d {quant.f32_str(s.scale_d)}")
        parts.append(s.wts_note)
        n_out = s.outliers.indices.size + s.tbf_outliers.indices.size
        parts.append(f"{n_out} outlier{'s' if n_out != 1 else ''} (k = {self._k:g})")
        self.details.setText("   ·   ".join(parts))

    def _draw_optional(self) -> None:
        """Bring the weight range and shift_bit rows up to date if shown (hidden ones wait)."""
        s = self.series
        if s is None:
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

    def _relayout(self, *_args) -> None:
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
        self.weight_neg.setVisible(not self._log)
        self.graphics.ci.layout.invalidate()
        if _args:  # a row was switched on: draw it now if it missed edits
            self._draw_optional()
            self._show_channel()

    # ------------------------------------------------------------------ tables

    def _fill_tables(self) -> None:
        s = self.series
        if s is None:
            return
        rows = outlier_rows(s)
        names = {"scale_w": "scale_w", "tensor_balance_factor": "balance"}
        self.outlier_model.set_columns(
            [("series", [names[r[0]] for r in rows], str),
             ("channel", [r[1] for r in rows], str),
             ("value", [r[2] for r in rows], quant.f32_str),
             ("why", [r[3] for r in rows], lambda k: quant.KIND_NAMES[k])],
            colours=lambda r, rows=rows: _bad_colour(rows[r][3]))
        self.tabs.setTabText(0, f"Outliers ({len(rows)})")
        n = s.scale_w.size
        cols = [("channel", np.arange(n), str), ("scale_w", s.scale_w, quant.f32_str),
                ("weight range", s.weight_range, lambda v: f"±{v:.6g}")]
        dq = s.dequant
        if dq is not None:
            cols.append(("dequant", dq, lambda v: f"{v:.6g}"))
        if s.shift_bit.size == n and n:
            cols.append(("shift_bit", s.shift_bit, str))
        kinds = s.outliers.kind
        cols.append(("outlier", kinds, lambda k: "" if k == quant.OK else quant.KIND_NAMES[int(k)]))
        self.channel_model.set_columns(
            cols, colours=lambda r, kinds=kinds: None if kinds[r] == quant.OK else _bad_colour(int(kinds[r])))
        t = s.tensor_balance_factor
        tk = s.tbf_outliers.kind
        self.input_model.set_columns(
            [("input channel", np.arange(t.size), str), ("balance factor", t, quant.f32_str),
             ("outlier", tk, lambda k: "" if k == quant.OK else quant.KIND_NAMES[int(k)])],
            colours=lambda r, tk=tk: None if tk[r] == quant.OK else _bad_colour(int(tk[r])))
        self.tabs.setTabVisible(2, t.size > 0)

    def channel_table(self) -> tuple[list[str], list[list[str]]]:
        """The per-output-channel table (header, rows) as exported to CSV."""
        if self.series is None:
            return [], []
        return channel_table(self.series)

    def input_channel_table(self) -> tuple[list[str], list[list[str]]]:
        if self.series is None:
            return [], []
        return input_channel_table(self.series)

    def _select_row(self, view: QTableView, model: ColumnsModel, row: int | None) -> None:
        self._syncing_tables = True
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
            self._syncing_tables = False

    def _on_outlier_row(self, index: QModelIndex) -> None:
        if self._syncing_tables or not index.isValid():
            return
        series = self.outlier_model.raw(index.row(), 0)
        field = "tensor_balance_factor" if series == "balance" else "scale_w"
        self.select_channel(field, int(self.outlier_model.raw(index.row(), 1)))

    def _on_channel_row(self, index: QModelIndex) -> None:
        if not self._syncing_tables and index.isValid():
            self.select_channel("scale_w", index.row())

    def _on_input_row(self, index: QModelIndex) -> None:
        if not self._syncing_tables and index.isValid():
            self.select_channel("tensor_balance_factor", index.row())

    # ------------------------------------------------------------------ channels

    def select_channel(self, field: str, channel: int) -> None:
        """Select one channel of the shown layer (in the shared selection: tree, tables, plots)."""
        if self._index is None:
            return
        self.selection.select(("record", self._index, "value", field, int(channel)), source=self)

    def _show_channel(self) -> None:
        s = self.series
        ch = self._channel
        out_c = ch[1] if ch is not None and ch[0] in OUTPUT_FIELDS else None
        in_c = ch[1] if ch is not None and ch[0] == "tensor_balance_factor" else None
        for row in (self.main, self.weight, self.shift):
            row.highlight(out_c, self._log and row is not self.shift)
        self.tbf.highlight(in_c, self._log)
        if s is None:
            return
        self._select_row(self.channel_view, self.channel_model, out_c)
        self._select_row(self.input_view, self.input_model, in_c)
        match = None
        if ch is not None:
            for r in range(self.outlier_model.rowCount()):
                name = "balance" if ch[0] == "tensor_balance_factor" else "scale_w"
                if self.outlier_model.raw(r, 0) == name and self.outlier_model.raw(r, 1) == ch[1]:
                    match = r
                    break
        self._select_row(self.outlier_view, self.outlier_model, match)
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
        if field == "tensor_balance_factor":
            v = s.tensor_balance_factor
            if not 0 <= c < v.size:
                return ""
            kind = int(s.tbf_outliers.kind[c])
            text = f"input channel {c}: tensor_balance_factor = {quant.f32_str(v[c])}"
        else:
            if not 0 <= c < s.scale_w.size:
                return ""
            kind = int(s.outliers.kind[c])
            text = (f"channel {c}: scale_w = {quant.f32_str(s.scale_w[c])}, weight range "
                    f"±{s.weight_range[c]:.9g}")
            dq = s.dequant
            if dq is not None:
                text += f", dequant scale {dq[c]:.9g}"
            if s.shift_bit.size == s.scale_w.size:
                text += f", shift_bit {int(s.shift_bit[c])}"
        if kind != quant.OK:
            text += f"  — outlier: {quant.KIND_NAMES[kind]}"
        return text

    def _row_at(self, scene_pos) -> tuple[str, _Row, int] | None:
        for field, row in (("scale_w", self.main), ("scale_w", self.weight), ("shift_bit", self.shift),
                           ("tensor_balance_factor", self.tbf)):
            c = row.channel_at(scene_pos)
            if c is not None:
                return field, row, c
        return None

    def _on_mouse_moved(self, pos) -> None:
        hit = self._row_at(pos)
        for row in self.rows.values():
            if hit is None or row is not hit[1]:
                row.hover_point.setData([], [])
        if hit is None or self.series is None:
            return
        field, row, c = hit
        v = float(row.y[c])
        if math.isfinite(v) and (v > 0 or not (self._log and row is not self.shift)):
            row.hover_point.setData([c], [v])
        else:
            row.hover_point.setData([], [])
        self.info.setText(self.describe(field, c))

    def _on_mouse_clicked(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        hit = self._row_at(ev.scenePos())
        if hit is not None:
            field, _row, c = hit
            self.select_channel(field, c)

    # ------------------------------------------------------------------ view options

    def set_log(self, on: bool) -> None:
        """Logarithmic y for the scale rows (scale_w, weight range, balance factor)."""
        on = bool(on)
        if self.act_log.isChecked() != on:
            self.act_log.setChecked(on)  # comes back here through toggled
            return
        self._log = on
        for row in (self.main, self.weight, self.tbf):
            row.plot.setLogMode(False, on)
            # ScaleAxis puts every label worth reading on level 0; the rest are bare ticks
            row.plot.getAxis("left").setStyle(maxTextLevel=0 if on else 2)
        self.refresh()
        for row in (self.main, self.weight, self.tbf):
            row.plot.enableAutoRange(axis=pg.ViewBox.YAxis)

    def set_k(self, k: float) -> None:
        """Outlier fence factor: outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values)."""
        k = float(k)
        if self.k_box.value() != k:
            self.k_box.setValue(k)  # comes back here through valueChanged
            return
        self._k = k
        self.refresh()

    def view_all(self) -> None:
        """Show every channel of every row (Home)."""
        # auto range (not autoRange(), which fixes the range for the current size)
        for row in (self.main, self.tbf):
            row.plot.enableAutoRange()
        for row in (self.weight, self.shift):
            row.plot.vb.enableAutoRange(x=False, y=True)

    # ------------------------------------------------------------------ span edits

    def _toggle_span(self, on: bool) -> None:
        if not on:
            self._span_on = False
            self.main.region.hide()
            self.tbf.region.hide()
            self._update_span_text()
            return
        s = self.series
        on_inputs = (self._channel is not None and self._channel[0] == "tensor_balance_factor") \
            or (s is not None and not s.scale_w.size)
        field = "tensor_balance_factor" if on_inputs else "scale_w"
        n = s.vector(field).size if s is not None else 0
        if not n:
            self.act_span.setChecked(False)
            return
        group = ("tensor_balance_factor",) if on_inputs else OUTPUT_FIELDS
        if self._channel is not None and self._channel[0] in group:
            c = min(self._channel[1], n - 1)
            lo, hi = c, c
        else:
            vb = self.rows[field].plot.vb
            x0, x1 = vb.viewRange()[0]
            mid, half = (x0 + x1) / 2, max((x1 - x0) / 10, 0.5)
            lo, hi = int(round(mid - half)), int(round(mid + half))
        self.set_span(lo, hi, field)

    def set_span(self, lo: int, hi: int, field: str = "scale_w") -> None:
        """Show the span over channels lo..hi (inclusive) of `field` (scale_w or tensor_balance_factor)."""
        s = self.series
        n = s.vector(field).size if s is not None else 0
        if not n:
            raise ValueError(f"the shown layer has no {field}")
        lo, hi = sorted((int(lo), int(hi)))
        lo, hi = max(lo, 0), min(hi, n - 1)
        self._span_field = field
        row = self.rows[field]
        other = self.tbf if row is self.main else self.main
        other.region.hide()
        row.region.setBounds((-0.5, n - 0.5))
        self._snapping = True
        row.region.setRegion((lo - 0.5, hi + 0.5))
        self._snapping = False
        row.region.show()
        self._span_on = True
        if not self.act_span.isChecked():
            self.act_span.blockSignals(True)
            self.act_span.setChecked(True)
            self.act_span.blockSignals(False)
        self._update_span_text()

    def span(self) -> tuple[int, int] | None:
        """(first, last) channel of the span, or None when no span is shown."""
        if not self._span_on:
            return None
        row = self.rows[self._span_field]
        a, b = row.region.getRegion()
        lo, hi = int(math.ceil(a)), int(math.floor(b))
        return (lo, hi) if hi >= lo else None

    @property
    def span_field(self) -> str:
        return self._span_field

    def _snap_region(self, row: _ScaleRow) -> None:
        if self._snapping:
            return
        a, b = row.region.getRegion()
        n = row.y.size
        lo = min(max(int(round(a + 0.5)), 0), max(n - 1, 0))
        hi = min(max(int(round(b - 0.5)), lo), max(n - 1, 0))
        self._snapping = True
        row.region.setRegion((lo - 0.5, hi + 0.5))
        self._snapping = False
        self._update_span_text()

    def _update_span_text(self) -> None:
        sp = self.span()
        for a in (self.act_multiply, self.act_clamp, self.act_median, self.act_copy):
            a.setEnabled(sp is not None)
        if sp != self._noted_span:
            self._note = ""  # it was said of another span
        if sp is not None:
            lo, hi = sp
            done = f"Done: {self._note}. " if self._note else ""
            self.info.setText(f"{done}span: {self._span_field}[{lo}–{hi}], {hi - lo + 1} channel"
                              f"{'s' if hi > lo else ''} — Edit span (M, C, D, V) or drag its edges")

    def multiply_span(self, k: float) -> str | None:
        """Multiply the span's values by `k`; None when done, else why not."""
        return self._edit("multiply", k=k)

    def clamp_span(self, a: float, b: float) -> str | None:
        """Clamp the span's values to [a, b]; None when done, else why not."""
        return self._edit("clamp", a=a, b=b)

    def median_span(self) -> str | None:
        """Set the span to the layer's median value; None when done, else why not."""
        return self._edit("median")

    def copy_channel_span(self, source: int) -> str | None:
        """Set the span to the value of channel `source`; None when done, else why not."""
        return self._edit("copy", source=source)

    def _edit(self, op: str, **params) -> str | None:
        reason = self._try_edit(op, params)
        if reason is not None:
            self.info.setText(f"Not changed: {reason}")
            self.editRefused.emit(reason)
        return reason

    def _try_edit(self, op: str, params: dict) -> str | None:
        self.flush()  # the values as they are now, not as last drawn
        s = self.series
        if s is None or self._index is None:
            return "no layer is shown"
        sp = self.span()
        if sp is None:
            return "no span: show one with Span (R) and drag it over the channels to change"
        field = self._span_field
        values = s.vector(field)
        lo, hi = sp
        try:
            new = span_values(op, values, lo, hi, **params)
        except ValueError as e:
            return str(e)
        problem = self._validate(field, lo, new, values[lo:hi + 1])
        if problem is not None:
            return problem
        what = f"{field}[{lo}–{hi}]" if hi > lo else f"{field}[{lo}]"
        layer = f"layer {s.key!r}" if s.key else f"layer {self._index}"
        text = {"multiply": lambda: f"Multiply {what} of {layer} by {params['k']:g}",
                "clamp": lambda: f"Clamp {what} of {layer} to [{quant.f32_str(params['a'])}, "
                                 f"{quant.f32_str(params['b'])}]",
                "median": lambda: f"Set {what} of {layer} to the median {quant.f32_str(new[0])}",
                "copy": lambda: f"Set {what} of {layer} to {field}[{params['source']}]"}[op]()
        command = SetSpanCommand(self.model, self._index, field, lo, new, text)
        if command.isObsolete():
            self.info.setText(f"{what} already has these values; nothing to change")
            return None
        self.undo_stack.push(command)
        self._note = text  # kept in the span line until the span moves or another layer shows
        self._noted_span = sp
        self._update_span_text()
        return None

    def _validate(self, field: str, lo: int, new: np.ndarray, old: np.ndarray) -> str | None:
        """The rule a span edit would break (its message), judged on the values it changes.

        The other channels of a copy are set to 1.0, which every rule accepts, so a problem
        elsewhere in the vector (or a broken channel the edit leaves as it was, such as a 0
        multiplied by 2) neither hides a new one nor blocks an unrelated edit.
        """
        ctx = self.context
        if ctx.dialect is None:
            return None
        entry = type(self.model.message.record[self._index])()
        entry.CopyFrom(self.model.message.record[self._index])
        vec = getattr(entry.value, field)
        n = len(vec)
        del vec[:]
        vec.extend([1.0] * n)
        same = np.asarray(new, np.float32).view(np.uint32) == np.asarray(old, np.float32).view(np.uint32)
        changes = [(field, lo + j, float(v)) for j, v in enumerate(new) if not same[j]]
        problem = validate_changes(ctx.dialect, entry, changes,
                                   context=ctx.checker.context if ctx.checker else None,
                                   entry_index=self._index)
        return None if problem is None else problem.message

    # the dialogs behind the menu entries -----------------------------------------------

    def _span_words(self) -> str:
        sp = self.span()
        return f"{self._span_field}[{sp[0]}–{sp[1]}]" if sp else self._span_field

    def _ask_float(self, title: str, label: str, default: str) -> list[float] | None:
        text, ok = QInputDialog.getText(self, title, label, text=default)
        if not ok:
            return None
        try:
            return [float(t) for t in text.replace(";", ",").split(",") if t.strip()]
        except ValueError:
            self._edit_refused_text(f"{text!r} is not a number (write e.g. 2, 0.5 or 1e-3)")
            return None

    def _edit_refused_text(self, reason: str) -> None:
        self.info.setText(f"Not changed: {reason}")
        self.editRefused.emit(reason)

    def _ask_multiply(self) -> None:
        if self.span() is None:
            self._edit("multiply", k=1.0)
            return
        got = self._ask_float("Multiply span", f"Multiply {self._span_words()} by:", "2")
        if got is not None:
            if len(got) != 1:
                self._edit_refused_text("give one factor")
            else:
                self.multiply_span(got[0])

    def _ask_clamp(self) -> None:
        s = self.series
        if self.span() is None or s is None:
            self._edit("clamp", a=0.0, b=0.0)
            return
        fence = s.outliers_of(self._span_field).fence
        default = f"{quant.f32_str(fence[0])}, {quant.f32_str(fence[1])}" if fence else ""
        got = self._ask_float("Clamp span", f"Clamp {self._span_words()} to [a, b] (a, b):", default)
        if got is not None:
            if len(got) != 2:
                self._edit_refused_text("give two bounds: a, b")
            else:
                self.clamp_span(got[0], got[1])

    def _ask_copy(self) -> None:
        sp = self.span()
        if sp is None or self.series is None:
            self._edit("copy", source=0)
            return
        n = self.series.vector(self._span_field).size
        default = sp[0] - 1 if sp[0] > 0 else min(sp[1] + 1, n - 1)
        c, ok = QInputDialog.getInt(self, "Set span to a channel's value",
                                    f"Set {self._span_words()} to the value of channel:", default, 0, n - 1)
        if ok:
            self.copy_channel_span(c)

    # ------------------------------------------------------------------ export

    def _file_stem(self) -> str:
        s = self.series
        key = (s.key if s is not None and s.key else "layer").replace("/", "_").replace(":", "_")
        return f"{key}_channels"

    def export_image(self, path, caption: bool = True) -> None:
        """Save the plot rows as PNG or SVG (by the suffix of `path`), under a caption naming
        the layer and the marks (unless `caption` is False)."""
        self.flush()
        export_image(self.graphics.scene(), path, self.caption_html() if caption else None)

    def caption_html(self) -> str | None:
        """What an exported picture says above the plot: the layer, its numbers, the marks."""
        s = self.series
        if s is None:
            return None
        key = html.escape(s.key or f"record {self._index} (no key)")
        k = f"{self._k:g}"
        marks = (f"<span style='color:{RED.name()}'>▼</span>&nbsp;not&nbsp;finite, ≤&nbsp;0 or "
                 f"below&nbsp;FLT_EPSILON&nbsp;&nbsp; <span style='color:{ORANGE.name()}'>●</span>&nbsp;outside "
                 f"Q1&nbsp;−&nbsp;{k}·IQR … Q3&nbsp;+&nbsp;{k}·IQR of log10 values (dashed lines)")
        return (f"<b>{key}</b><br>{html.escape(self.details.text())}<br>{marks}")


