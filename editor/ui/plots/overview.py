"""ModelOverview: every layer of the record in file order, at a glance.

Rows, x linked (layer index in file order):
- scales (log y): per layer a bar from min to max of ``scale_w`` with its median as a tick,
  and ``scale_d`` as a line with dots;
- the activation clip range ``[-(2^(b-1) + offset_d)·scale_d, (2^(b-1) - 1 - offset_d)·scale_d]``
  per layer (b from ``act_type``);
- problems: a red triangle over each layer with an error, an orange dot for a warning
  (from the live rule check), a blue diamond for a layer with scale_w outliers (at the
  window's fence factor k, `session.problems.outlier_k`); ticks beyond `DOT_LIMIT` layers.
Hover names the layer, its numbers and its outlier count; a click selects the layer, a double
click opens it in the channel plot (`layerActivated`). `refreshed` follows every redraw: the
Layers table shows the same numbers (`data`, `problems`). Other sources add per-layer values
of their own (`set_layer_series`, `layer_values.LayerValues`: the attached model's worst
scale_w/ARQ ratio, a comparison's largest change), each on a row under the clip range and in
the hover.

Reading the numbers of a 5 000-layer file takes over half a second: a window computes them
on its loader thread (`prepare`) and hands them over (`adopt`) before the file is shown.
"""
from __future__ import annotations

import html
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.defaults import DEFAULT_STRONG_FENCE
from editor.figures.overview import OverviewData, layer_severities, problems_by_entry
from editor.graph.figures import LayerFigure
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant, severity
from editor.records.document import RecordDocument
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import FieldPath
from editor.records.problems import Problem, Severity
from editor.records.values import clip_middle
from editor.ui.annotations import Annotation
from editor.ui.plots._axes import ScaleAxis
from editor.ui.plots._colors import BLUE, GREEN, GREY, ORANGE, PURPLE, RED, SKY, tint
from editor.ui.plots._export import export_csv_dialog, export_image, export_plot_dialog
from editor.ui.plots._labels import severity_text, text_label
from editor.ui.plots._menus import extend_view_menu, make_action, menu_action
from editor.ui.plots.layer_values import LayerValues, SeriesRows
from editor.ui.session import EditSession

#: the rule whose findings the outlier marks and counts show
OUTLIER_RULE = "scale-w-outlier"
#: Up to this many layers get dots on their lines and symbols for their problems; beyond,
#: lines and ticks stay readable (and pyqtgraph draws thousands of symbols slowly).
DOT_LIMIT = 400
#: A layer needs this many pixels for its bars to be drawn wide (narrower, they merge anyway,
#: and wide lines take twice as long to draw).
WIDE_BAR_PX = 4


def _pairs(x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x, y of vertical segments lo..hi at each x, for a ``connect="pairs"`` curve (nan rows left out)."""
    ok = np.isfinite(lo) & np.isfinite(hi)
    return np.repeat(x[ok], 2), np.column_stack([lo[ok], hi[ok]]).reshape(-1)


def _legend_html(symbols: bool = True) -> str:
    def span(colour: QColor, glyph: str) -> str:
        return f"<span style='color:{colour.name()}; font-weight:bold'>{glyph}</span>"
    items = [(span(tint(BLUE, 0.55), "┃"), translate("ModelOverview", "scale_w min–max")),
             (span(BLUE, "▬"), translate("ModelOverview", "scale_w median")),
             (span(ORANGE, "●"), "scale_d"),
             (span(tint(GREEN, 0.6), "┃"), translate("ModelOverview", "activation clip range")),
             (span(RED, "▼" if symbols else "┃"), translate("ModelOverview", "layer with an error")),
             (span(ORANGE, "●" if symbols else "┃"), translate("ModelOverview", "with a warning")),
             (span(MILD_COLOR, "◆" if symbols else "┃"), translate("ModelOverview", "mild outliers")),
             (span(STRONG_COLOR, "◆" if symbols else "┃"),
              translate("ModelOverview", "strong (≥ {fence}× beyond the fence; larger: farther)").format(
                  fence=f"{DEFAULT_STRONG_FENCE:g}"))]
    # a narrow panel wraps the legend between its items, never inside one
    return "&nbsp;&nbsp; ".join(f"{g}&nbsp;{t.replace(' ', '&nbsp;')}" for g, t in items)


#: the key of the tree's severity marks (`session.annotations`)
SEVERITY_MARKS = "severity"
#: the outlier marks of layers whose severity is mild, and strong (`editor.records.severity`)
MILD_COLOR = tint(SKY, 0.45)
STRONG_COLOR = QColor("#1f4e9c")

#: the problems figure's levels (`layer_figures`): value, words, colour
_PROBLEM_LEVELS = ((0.0, QT_TRANSLATE_NOOP("ModelOverview", "no problem"), "#d9efd3"),
                   (1.0, QT_TRANSLATE_NOOP("ModelOverview", "a note"), "#c6dbef"),
                   (2.0, QT_TRANSLATE_NOOP("ModelOverview", "a warning"), "#fdae61"),
                   (3.0, QT_TRANSLATE_NOOP("ModelOverview", "an error"), "#d7191c"))
_PROBLEM_LEVEL = {Severity.INFO: 1.0, Severity.WARNING: 2.0, Severity.ERROR: 3.0}

#: y of each row of the problems strip
ERROR_Y, WARNING_Y, OUTLIER_Y = 1.0, 0.0, -1.0
_ROW_NAMES = {ERROR_Y: QT_TRANSLATE_NOOP("ModelOverview", "errors"),
              WARNING_Y: QT_TRANSLATE_NOOP("ModelOverview", "warnings"),
              OUTLIER_Y: QT_TRANSLATE_NOOP("ModelOverview", "outliers")}
#: y range of the problems strip: its three rows with a margin
_PROB_RANGE = (OUTLIER_Y - 0.6, ERROR_Y + 0.6)


class _ProblemAxis(pg.AxisItem):
    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        return [(1.0, [v for v in _ROW_NAMES if minVal - 0.5 <= v <= maxVal + 0.5])]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [translate("ModelOverview", _ROW_NAMES[round(v)]) if round(v) in _ROW_NAMES else ""
                for v in values]


class _LayerAxis(pg.AxisItem):
    """The overview's x axis: whole layer indices only (never 0.5), and the layers' keys
    where every label has room for its key."""

    def __init__(self, keys: Callable[[], list[str]]) -> None:
        super().__init__("bottom")
        self._keys = keys

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        seen: set[float] = set()
        levels = []
        for spacing, values in super().tickValues(minVal, maxVal, size):
            whole = [float(v) for v in values if float(v).is_integer() and v not in seen]
            seen.update(whole)
            if whole:
                levels.append((max(float(spacing), 1.0), whole))
        return levels

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        keys = self._keys()
        at = [int(v) for v in values]
        if not at or not all(0 <= i < len(keys) for i in at):
            return [str(i) for i in at]
        view = self.linkedView()
        if view is None:
            return [str(i) for i in at]
        x0, x1 = view.viewRange()[0]
        px = self.width() * max(spacing, 1.0) / max(x1 - x0, 1e-9)  # pixels between two labels
        metrics = QFontMetrics(self.style.get("tickFont") or self.font())
        if all(metrics.horizontalAdvance(keys[i]) + 12 <= px for i in at):
            return [keys[i] for i in at]
        return [str(i) for i in at]


class ModelOverview(QWidget):
    """One plot across all layers; follows the session's record, problems and selection."""

    #: a layer was double-clicked: show it in detail
    layerActivated = Signal(int)
    #: `data` and `problems` were brought up to date and drawn
    refreshed = Signal()

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.data = OverviewData()
        self._prepared: tuple[object, OverviewData] | None = None
        #: layer index -> its problems (layers without problems are absent)
        self.problems: dict[int, list[Problem]] = {}
        #: each layer's severity (`editor.records.severity`), brought up to date with `problems`
        self.severities = severity.Severities(np.zeros(0), [])
        self._rows: set[int] = set()
        self._full = True
        self._autorange = False
        self._recount = False
        self._log = True
        self._k = session.problems.outlier_k
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self._build()
        session.recordChanged.connect(self._on_record_changed)
        session.problems.problemsChanged.connect(self._timer.start)
        session.problems.outlierKChanged.connect(self._on_k_changed)
        self.session.selection.changed.connect(self._on_selection)
        # the tree marks each layer whose severity is strong (`severity_annotation`)
        session.annotations.set(SEVERITY_MARKS, self.severity_annotation)
        self.refresh(autorange=True)

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        self.title = text_label()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.summary = text_label()
        # the legend above the plot, where it hides no layer
        self.legend = text_label(_legend_html(), rich=True)
        self.legend.setWordWrap(True)
        self.info = text_label(" ")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setWordWrap(True)

        g = pg.GraphicsLayoutWidget()
        g.ci.setSpacing(2)
        self.graphics = g
        self.p_scale = g.addPlot(row=0, col=0, axisItems={"left": ScaleAxis("left")})
        self.p_scale.getAxis("left").setStyle(maxTextLevel=0)  # log: ScaleAxis labels what fits
        self.p_clip = g.addPlot(row=1, col=0)
        self.p_prob = g.addPlot(row=2, col=0, axisItems={"left": _ProblemAxis("left"),
                                                         "bottom": _LayerAxis(lambda: self.data.keys)})
        for p in (self.p_scale, self.p_clip, self.p_prob):
            p.hideButtons()
            p.getAxis("left").setWidth(78)
            p.showGrid(x=True, y=p is not self.p_prob, alpha=0.2)
        for p in (self.p_clip, self.p_prob):
            p.setXLink(self.p_scale)
        self.p_scale.setLabel("left", translate("ModelOverview", "scale (log)"))
        self.p_clip.setLabel("left", translate("ModelOverview", "clip range"))
        self.p_prob.setLabel("bottom", translate("ModelOverview", "layer (file order)"))
        self.p_scale.hideAxis("bottom")
        self.p_clip.hideAxis("bottom")
        self.p_prob.setMaximumHeight(96)
        # the record's own rows keep some room however many series rows others add below
        self.p_scale.setMinimumHeight(80)
        self.p_clip.setMinimumHeight(44)
        self.p_prob.setMinimumHeight(52)
        self.p_prob.setMouseEnabled(x=True, y=False)
        self.p_prob.setYRange(*_PROB_RANGE, padding=0)
        self.p_prob.vb.setLimits(yMin=_PROB_RANGE[0] - 0.4, yMax=_PROB_RANGE[1] + 0.4)
        # the scales, the row most looked at, take the most height beside the model's rows
        g.ci.layout.setRowStretchFactor(0, 5)
        g.ci.layout.setRowStretchFactor(1, 2)
        self.p_clip.setMaximumHeight(160)
        #: each row axis's (full title, title shown): titles are cut to their row's height
        self._titles: dict[int, tuple[str, str]] = {}
        for p in (self.p_scale, self.p_clip, self.p_prob):
            p.vb.sigResized.connect(self._fit_axis_titles)
        self.p_scale.setLogMode(False, True)

        self.w_band = self.p_scale.plot(pen=pg.mkPen(tint(BLUE, 0.55), width=3), connect="pairs")
        self.w_median = self.p_scale.plot(pen=None, symbol="_", symbolSize=11, symbolPen=pg.mkPen(BLUE, width=2),
                                          symbolBrush=BLUE, connect="finite")
        self.scale_d = self.p_scale.plot(pen=pg.mkPen(ORANGE, width=1.5), symbol="o", symbolSize=4,
                                         symbolPen=None, symbolBrush=ORANGE, connect="finite")
        for line in (self.w_median, self.scale_d):
            # thousands of layers on a few hundred pixels: min and max per pixel look the same
            # and draw several times faster
            line.setDownsampling(auto=True, method="peak")
            line.setClipToView(True)
        self.clip_band = self.p_clip.plot(pen=pg.mkPen(tint(GREEN, 0.6), width=3), connect="pairs")
        zero = pg.InfiniteLine(pos=0.0, angle=0, pen=pg.mkPen(GREY, width=1))
        self.p_clip.addItem(zero, ignoreBounds=True)
        self.errors = pg.ScatterPlotItem(symbol="t", size=10, brush=RED, pen=pg.mkPen("k", width=0.6))
        self.warnings = pg.ScatterPlotItem(symbol="o", size=7, brush=ORANGE, pen=pg.mkPen("k", width=0.6))
        self.outlier_marks = pg.ScatterPlotItem(symbol="d", size=8, brush=SKY, pen=pg.mkPen("k", width=0.6))
        self.p_prob.addItem(self.errors)
        self.p_prob.addItem(self.warnings)
        self.p_prob.addItem(self.outlier_marks)
        self.error_ticks = self.p_prob.plot(pen=pg.mkPen(RED, width=1), connect="pairs")
        self.warning_ticks = self.p_prob.plot(pen=pg.mkPen(ORANGE, width=1), connect="pairs")
        self.outlier_ticks = self.p_prob.plot(pen=pg.mkPen(SKY, width=1), connect="pairs")
        self._bar_width = 3
        self.p_scale.sigXRangeChanged.connect(self._fit_bar_width)
        self.sel_lines = []
        for p in (self.p_scale, self.p_clip, self.p_prob):
            line = pg.InfiniteLine(angle=90, movable=False,
                                   pen=pg.mkPen(PURPLE, width=1.5, style=Qt.PenStyle.DashLine))
            line.hide()
            p.addItem(line, ignoreBounds=True)
            self.sel_lines.append(line)
        g.scene().sigMouseMoved.connect(self._on_mouse_moved)
        g.scene().sigMouseClicked.connect(self._on_mouse_clicked)
        #: per-layer values of other sources, by key (`set_layer_series`)
        self.series_rows = SeriesRows(self)

        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(g)

        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        self.act_log = make_action(self, translate("ModelOverview", "Log y"), self.set_log, "L", checkable=True,
                                   tip=translate("ModelOverview", "Logarithmic y axis for the scales (L)"))
        self.act_log.setChecked(True)
        self.act_view_all = make_action(self, translate("ModelOverview", "View all"), self.view_all, "Home")
        self.act_open = make_action(self, translate("ModelOverview", "Open layer in channel plot"),
                                    self._open_selected, "Return")
        self.act_png = make_action(self, translate("ModelOverview", "Export plot (PNG/SVG)…"),
                                   lambda: export_plot_dialog(self, self, "overview"))
        self.act_csv = make_action(self, translate("ModelOverview", "Export overview table (CSV)…"),
                                   lambda: export_csv_dialog(self, "overview", self.table))
        bar.addAction(self.act_log)
        bar.addAction(self.act_view_all)
        menu = QMenu(translate("ModelOverview", "Export"), self)
        menu.addAction(self.act_png)
        menu.addAction(self.act_csv)
        # an action, not a bare button: a narrow toolbar offers it in its » menu
        self.act_export = menu_action(bar, translate("ModelOverview", "Export"), menu)
        for p in (self.p_scale, self.p_clip, self.p_prob):
            extend_view_menu(p, [self.act_open, self.act_log, None, self.act_png, self.act_csv])

        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addWidget(self.summary, 1)
        head.addWidget(bar)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(head)
        box.addWidget(self.legend)
        box.addWidget(self.stack, 1)
        box.addWidget(self.info)

    # ------------------------------------------------------------------ data

    def flush(self) -> None:
        """Apply a pending redraw now (scripts and tests; the event loop does it otherwise)."""
        if self._timer.isActive():
            self.refresh()

    @staticmethod
    def prepare(document: RecordDocument) -> OverviewData:
        """The overview's numbers for a newly read `RecordDocument` (Qt-free: for the loader
        thread, see `MainWindow.add_load_step`) at the default fence factor k (counted again
        when the window's k differs); give them to `adopt`."""
        return OverviewData.build(document.message)

    @property
    def outlier_k(self) -> float:
        """The fence factor the outlier marks and counts are at (the window's)."""
        return self._k

    def _on_k_changed(self, k: float) -> None:
        self._k = k
        self._recount = True
        self._timer.start()

    def adopt(self, document: RecordDocument, data: OverviewData) -> None:
        """Draw `data` (from `prepare`) when the session next shows `document`'s message,
        instead of reading every layer again on the GUI thread."""
        self._prepared = (document.message, data)

    def _on_record_changed(self, change: RecordChange) -> None:
        prepared, self._prepared = self._prepared, None  # good for the reset that shows it only
        if change.kind is ChangeKind.RESET:
            self.info.setText(" ")  # it spoke of the record that was open before
        if change.kind is ChangeKind.RESET and prepared is not None and prepared[0] is self.session.message:
            self.data = prepared[1]
            self._full = False
            self._rows.clear()
            self._autorange = True
            self._recount = self.data.k != self._k
        elif change.kind is ChangeKind.CHANGED and change.field == "record" and change.first is not None \
                and change.first < len(self.data):
            self._rows.add(change.first)
        elif change.kind is ChangeKind.CHANGED and change.field == "prune_record":
            pass  # only findings change: redrawn below
        else:
            self._full = True
        self._timer.start()

    def refresh(self, autorange: bool = False) -> None:
        """Bring the numbers up to date (changed rows only, when that is all) and redraw."""
        self._timer.stop()
        msg = self.session.message
        if self._full or msg is None or len(self.data) != (len(msg.record) if msg is not None else 0):
            self.data = OverviewData.build(msg, self._k)
            autorange = autorange or self._full
        else:
            if self._recount:
                self.data.set_k(msg, self._k)
            for i in self._rows:
                self.data.update_row(msg, i)
        autorange = autorange or self._autorange
        self._full = self._autorange = self._recount = False
        self._rows.clear()
        n = len(self.data)
        if msg is None or n == 0:
            self.empty.setText(translate("ModelOverview", "No record is open.") if msg is None
                               else translate("ModelOverview", "This record has no layer entries."))
            self.stack.setCurrentWidget(self.empty)
            self.title.setText(translate("ModelOverview", "Model overview"))
            self.summary.setText("")
            self.problems = {}
            self.severities = severity.Severities(np.zeros(0), [])
            self.refreshed.emit()
            return
        self.stack.setCurrentWidget(self.graphics)
        self.problems = problems_by_entry(self.session.problems.problems, n)
        self.severities = self._severities()
        self.session.annotations.refresh(SEVERITY_MARKS)
        self._draw()
        if autorange:
            self.view_all()
        self.refreshed.emit()

    def severity_annotation(self, path: FieldPath) -> Annotation | None:
        """The tree's mark on a layer row whose severity is strong and finite (its figure),
        with what it comes from in the tooltip; mild ones stay unmarked, and so do errors
        (the tree marks those itself)."""
        if len(path) != 2 or path[0] != "record" or not isinstance(path[1], int):
            return None
        i = path[1]
        sev = self.severities
        if not 0 <= i < len(sev) or sev.level(i) != "strong" or math.isinf(sev.values[i]):
            return None  # an error's row carries the tree's own error mark
        v = float(sev.values[i])
        text = severity.severity_text(v)
        return Annotation(text, translate("ModelOverview", "severity {value}: strong, from {source} (the Layers "
                                                          "table sorts by it)").format(value=text,
                                                                                       source=severity.source_text(sev.sources[i])),
                          STRONG_COLOR)

    def _severities(self) -> severity.Severities:
        """Each layer's severity (`layer_severities`): its outliers' reach, its problems and the
        series that count towards it (`LayerValues.severity`)."""
        n = len(self.data)
        extra = [(s.severity_source or s.name, s.severity(s.values)) for s in self.series_rows.series.values()
                 if s.severity is not None and s.values.size == n]
        return layer_severities(self.data, self.problems, extra)

    def _draw(self) -> None:
        d = self.data
        n = len(d)
        x = np.arange(n, dtype=np.float64)
        dots = n <= DOT_LIMIT
        self.w_band.setData(*_pairs(x, d.w_min, d.w_max))
        ok = np.isfinite(d.w_median)
        if dots:  # a tick per layer
            self.w_median.setData(x[ok], d.w_median[ok], pen=None, symbol="_")
        else:  # thousands of ticks would smear into a band: a line reads better
            self.w_median.setData(x, d.w_median, pen=pg.mkPen(BLUE, width=1.5), symbol=None)
        self.scale_d.setData(x, d.scale_d, symbol="o" if dots else None)
        self.clip_band.setData(*_pairs(x, d.clip_lo, d.clip_hi))
        err_rows, warn_rows = [], []
        for i, ps in self.problems.items():  # the worst severity of each layer (thousands of them)
            found = {p.severity for p in ps}
            if Severity.ERROR in found:
                err_rows.append(i)
            elif Severity.WARNING in found:
                warn_rows.append(i)
        err = np.array(sorted(err_rows), dtype=np.float64)
        warn = np.array(sorted(warn_rows), dtype=np.float64)
        out = d.with_outliers.astype(np.float64)
        empty = np.zeros(0)
        marks = ((self.errors, self.error_ticks, err, ERROR_Y), (self.warnings, self.warning_ticks, warn, WARNING_Y),
                 (self.outlier_marks, self.outlier_ticks, out, OUTLIER_Y))
        for scatter, ticks, xs, y in marks:
            if dots and scatter is self.outlier_marks:
                # size and colour by the layer's severity: mild ones small and pale, strong ones
                # larger and dark, the farthest largest (log of how far beyond the fence)
                sizes, brushes = self._outlier_styles(xs.astype(np.int64))
                scatter.setData(x=xs, y=np.full(xs.size, y), size=sizes, brush=brushes)
                ticks.setData(empty, empty)
            elif dots:
                scatter.setData(x=xs, y=np.full(xs.size, y))
                ticks.setData(empty, empty)
            else:  # pyqtgraph styles each symbol in Python: thousands of them take a while
                scatter.setData(x=empty, y=empty)
                ticks.setData(*_pairs(xs, np.full(xs.size, y - 0.35), np.full(xs.size, y + 0.35)))
        self.series_rows.draw(n, dots)
        self._fit_axis_titles()
        self.legend.setText(_legend_html(symbols=dots) + self._series_legend())
        self._fit_bar_width()
        self.title.setText((translate("ModelOverview", "Model overview — {n} layer") if n == 1
                            else translate("ModelOverview", "Model overview — {n} layers")).format(n=n))
        parts = []
        if err.size:
            parts.append(translate("ModelOverview", "{n} with errors").format(n=len(err)))
        if warn.size:
            parts.append(translate("ModelOverview", "{n} with warnings (only)").format(n=len(warn)))
        problems = ", ".join(parts) if parts else translate("ModelOverview", "no errors or warnings from the rules")
        per_channel = int(np.count_nonzero(d.channels > 1))
        outliers = (translate("ModelOverview", "{n} of {total} per-channel layers with scale_w outliers (k = {k})")
                    .format(n=out.size, total=per_channel, k=f"{self._k:g}") if per_channel else "")
        self.summary.setText("   " + translate("ModelOverview", "; ").join(t for t in (problems, outliers) if t))
        self._show_selected(scroll=False)

    def _fit_axis_titles(self, *_args: object) -> None:
        """Cut each row's axis title to the row's height (the whole title in its tooltip): in
        four short rows "scale_w/ARQ" would run into the next row's title."""
        for plot in (self.p_scale, self.p_clip, *(r.plot for r in self.series_rows.rows.values()), self.p_prob):
            axis = plot.getAxis("left")
            full, shown = self._titles.get(id(axis), ("", ""))
            if axis.labelText != shown:  # set anew by its owner
                full = axis.labelText
            if not full:
                continue
            room = int(plot.vb.height()) - 12  # the label item's own margins
            font = QFont(axis.label.font())
            size = max(font.pointSizeF(), 1.0)
            style = {}
            if QFontMetrics(font).horizontalAdvance(full) > room:  # a smaller font first, then cut
                size = max(size - 2.0, 7.0)
                font.setPointSizeF(size)
                style = {"font-size": f"{size:g}pt"}
            text = QFontMetrics(font).elidedText(full, Qt.TextElideMode.ElideRight, room) if room > 0 else full
            self._titles[id(axis)] = (full, text)
            if text != axis.labelText or axis.labelStyle != style:
                axis.setLabel(text, **style)
            axis.setToolTip(full)

    def _outlier_styles(self, layers: np.ndarray) -> tuple[np.ndarray, list[QColor]]:
        """Marker sizes and colours of the outlier marks of `layers`, by each one's severity."""
        v = self.severities.values
        reach = np.where(layers < v.size, v[np.minimum(layers, max(v.size - 1, 0))], 0.0) if v.size \
            else np.zeros(layers.size)
        strong = reach >= self.severities.strong
        far = np.log10(np.clip(np.where(np.isinf(reach), 1e3, reach), 1.0, 1e3))  # 0 … 3
        sizes = np.where(strong, 9.0 + 3.0 * far, 6.0)
        return sizes, [STRONG_COLOR if s else MILD_COLOR for s in strong]

    def _fit_bar_width(self, *_args: object) -> None:
        """Wide bars while each layer has room for one, thin ones when thousands share the width."""
        x0, x1 = self.p_scale.vb.viewRange()[0]
        width = 3 if self.p_scale.vb.width() / max(x1 - x0, 1.0) >= WIDE_BAR_PX else 1
        if width != self._bar_width:
            self._bar_width = width
            self.w_band.setPen(pg.mkPen(tint(BLUE, 0.55), width=width))
            self.clip_band.setPen(pg.mkPen(tint(GREEN, 0.6), width=width))

    def table(self) -> tuple[list[str], list[list[str]]]:
        """The overview as exported to CSV: one row per layer (and a column per series)."""
        self.flush()
        header, rows = self.data.table(self.problems)
        for s in self.series_rows.series.values():
            header.append(s.name)
            for i, row in enumerate(rows):
                row.append(s.text(i))
        return header, rows

    # ------------------------------------------------------------------ per-layer series (`layer_values`)

    def set_layer_series(self, key: str, series: LayerValues | None) -> None:
        """Draw `series` (one value per layer entry) on a row of its own, in the hover and the
        CSV export, replacing the one under `key`; None removes it. Set it again when its
        values change: it is drawn on the next turn of the event loop (`flush` draws now)."""
        if series is None and key not in self.series_rows.series:
            return  # nothing to remove: no redraw (a window without a model asks at start-up)
        self.series_rows.set(key, series)
        self._timer.start()

    def layer_series(self, key: str) -> LayerValues | None:
        return self.series_rows.series.get(key)

    # ------------------------------------------------------------------ figures (the graph's colours)

    def layer_figures(self) -> list[LayerFigure]:
        """Every per-layer figure the overview knows, for the graph to colour the network by
        (`editor.graph.figures`): the severity (`editor.records.severity`), the problems' worst severity, the scale_w outliers at the
        window's k, the spread of scale_w, then each per-layer series (`set_layer_series`) —
        a series added there is offered by the graph as it is. One value per layer entry,
        in file order, as drawn now (`flush` first for the latest)."""
        d = self.data
        n = len(d)
        worst = np.zeros(n)
        for i, ps in self.problems.items():
            ranks = [_PROBLEM_LEVEL[p.severity] for p in ps if p.rule != OUTLIER_RULE]
            if ranks and 0 <= i < n:
                worst[i] = max(ranks)
        sev = self.severities.values if len(self.severities) == n else np.zeros(n)
        finite = sev[np.isfinite(sev)]
        top = max(float(finite.max()) if finite.size else 1.0, 100.0) * 10.0
        # on a log scale from 1 (nothing found) up; an error (∞) just beyond the worst figure
        shown = np.where(np.isinf(sev), top, np.maximum(sev, 1.0))
        figures = [
            LayerFigure("severity", translate("ModelOverview", "severity"), shown, log=True,
                        fmt=lambda v: "∞" if v >= top else severity.severity_text(v) if v > 1.0 else "0",
                        explain=lambda i: translate("ModelOverview", "from {source}").format(
                            source=severity.source_text(self.severities.sources[i])) if i < len(self.severities)
                        and self.severities.sources[i] else ""),
            LayerFigure("problems", translate("ModelOverview", "problems (worst)"), worst, levels=tuple(
                (level, translate("ModelOverview", words), colour) for level, words, colour in _PROBLEM_LEVELS)),
            LayerFigure("outliers", translate("ModelOverview", "scale_w outliers (k = {k})").format(k=f"{d.k:g}"),
                        d.outliers.astype(np.float64), fmt=lambda v: f"{v:.0f}"),
            LayerFigure("spread", translate("ModelOverview", "scale_w max/min"), d.w_ratio, log=True,
                        fmt=lambda v: f"×{v:.3g}"),
        ]
        for key, series in self.series_rows.series.items():
            if series.values.size == n:
                figures.append(series.figure(f"series:{key}"))
        return figures

    def _series_legend(self) -> str:
        items = self.series_rows.legend_items()
        return "".join(f"&nbsp;&nbsp; <span style='color:{c.name()}; font-weight:bold'>{g}</span>&nbsp;"
                       + html.escape(t).replace(" ", "&nbsp;") for c, g, t in items)

    # ------------------------------------------------------------------ interaction

    def set_log(self, on: bool) -> None:
        """Logarithmic y for the scales (L)."""
        on = bool(on)
        if self.act_log.isChecked() != on:
            self.act_log.setChecked(on)
            return
        self._log = on
        self.p_scale.setLogMode(False, on)
        self.p_scale.getAxis("left").setStyle(maxTextLevel=0 if on else 2)
        self.p_scale.setLabel("left", translate("ModelOverview", "scale (log)") if on
                              else translate("ModelOverview", "scale"))
        self.p_scale.enableAutoRange(axis=pg.ViewBox.YAxis)

    def view_all(self) -> None:
        """Show every layer (Home); the axes follow size and data until the user zooms."""
        for p in (self.p_scale, self.p_clip):
            p.enableAutoRange()  # follows size and data until the user zooms
        for p in self.series_rows.plots():
            p.vb.enableAutoRange(x=False, y=True)
        self.p_prob.setYRange(*_PROB_RANGE, padding=0)

    def _layer_at(self, scene_pos: QPointF) -> int | None:
        for p in (self.p_scale, self.p_clip, *self.series_rows.plots(), self.p_prob):
            if p.vb.sceneBoundingRect().contains(scene_pos):
                i = round(p.vb.mapSceneToView(scene_pos).x())
                return i if 0 <= i < len(self.data) else None
        return None

    def describe(self, i: int) -> str:
        """What hovering layer `i` shows."""
        d = self.data
        # clipped: a word-wrapped label of a megabyte took Qt seconds to lay out
        text = translate("ModelOverview", "layer {index} {key}: ").format(index=i, key=repr(clip_middle(d.keys[i])))
        sd = d.scale_d[i]
        if math.isnan(sd):
            text += translate("ModelOverview", "no scale_d")
        else:
            text += translate("ModelOverview", "scale_d {scale_d}, offset_d {offset_d}, clip range [{lo}, {hi}] "
                                               "(INT{bits})").format(
                scale_d=quant.f32_str(sd), offset_d=int(d.offset_d[i]), lo=f"{d.clip_lo[i] + 0.0:.6g}",
                hi=f"{d.clip_hi[i] + 0.0:.6g}", bits=int(d.bits[i]))  # + 0.0: no "-0"
        c = int(d.channels[i])
        if c:
            text += translate("ModelOverview", "; scale_w ×{n}: min {min}, median {median}, max {max}").format(
                n=c, min=quant.f32_str(d.w_min[i]), median=f"{d.w_median[i]:.8g}", max=quant.f32_str(d.w_max[i]))
            n = int(d.outliers[i])
            outliers = (translate("ModelOverview", ", no outliers (k = {k})") if n == 0
                        else translate("ModelOverview", ", {n} outlier (k = {k})") if n == 1
                        else translate("ModelOverview", ", {n} outliers (k = {k})"))
            text += outliers.format(n=n, k=f"{d.k:g}")
        else:
            text += translate("ModelOverview", "; no scale_w")
        extra = self.series_rows.describe(i)
        if extra:
            text += f"; {extra}"
        ps = [p for p in self.problems.get(i, []) if p.rule != OUTLIER_RULE]  # counted above
        if ps:
            first = (translate("ModelOverview", " — {n} problem: {severity} {message}") if len(ps) == 1
                     else translate("ModelOverview", " — {n} problems: {severity} {message}"))
            text += first.format(n=len(ps), severity=severity_text(ps[0].severity), message=ps[0].message)
            if len(ps) > 1:
                text += translate("ModelOverview", " (+{n} more)").format(n=len(ps) - 1)
        return text

    def _on_mouse_moved(self, pos: QPointF) -> None:
        i = self._layer_at(pos)
        if i is not None:
            self.info.setText(self.describe(i))

    def _on_mouse_clicked(self, ev: MouseClickEvent) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        i = self._layer_at(ev.scenePos())
        if i is None:
            return
        self.select_layer(i)
        if ev.double():
            self.layerActivated.emit(i)

    def select_layer(self, i: int) -> None:
        """Select layer `i` (in the shared selection: the tree and the other views follow)."""
        self.session.selection.select(("record", i), source=self)

    def _open_selected(self) -> None:
        i = self.session.selection.record_index
        if i is not None and 0 <= i < len(self.data):
            self.layerActivated.emit(i)

    def _on_selection(self, path: FieldPath, source: object) -> None:
        self._show_selected(scroll=source is not self)

    def _show_selected(self, scroll: bool) -> None:
        i = self.session.selection.record_index
        if i is None or not 0 <= i < len(self.data):
            for line in self.sel_lines:
                line.hide()
            self.series_rows.select(None)
            return
        for line in self.sel_lines:
            line.setPos(i)
            line.show()
        self.series_rows.select(i)
        self.info.setText(self.describe(i))
        if scroll and not self.p_scale.vb.autoRangeEnabled()[0]:  # zoomed in: bring it into view
            x0, x1 = self.p_scale.vb.viewRange()[0]
            if not x0 <= i <= x1:
                half = (x1 - x0) / 2
                self.p_scale.setXRange(i - half, i + half, padding=0)

    def export_image(self, path: str | Path, caption: bool = True) -> None:
        """Save the overview as PNG or SVG (by the suffix of `path`), under its title, summary
        and legend (unless `caption` is False)."""
        self.flush()
        text = (f"<b>{html.escape(self.title.text())}</b>{html.escape(self.summary.text())}<br>"
                f"{self.legend.text()}")
        export_image(self.graphics.scene(), path, text if caption else None)
