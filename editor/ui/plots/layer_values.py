"""Per-layer values another source adds to the overview (and the Layers table), by key.

Something that knows a number per layer the record does not hold — the attached model
(the worst ratio of scale_w to AMCT's ARQ value from the weights), a second record to
compare with (the largest |log ratio| of scale_w) — shows it as `LayerValues`::

    overview.set_layer_series("weights", LayerValues("scale_w / ARQ (worst)", ratios, BLACK, log=True))

In the overview each series gets a row under the clip range (its own, or one it shares with
the series of the same `row`; x linked: a dot
per layer, a line beyond `DOT_LIMIT` layers; flagged layers marked in red; dashed
reference lines) and a phrase in the hover; `set_layer_series(key, None)` removes it. The
values are in file order, one per layer entry (nan: none for that layer); when layers are
added or removed the owner sets them again (a series of another length is not drawn).

Every series is also a column of the Layers table (sortable; `worse` says which way is
worst first, which the table's default sort and the N / Shift+N walk follow) and of the CSV
exports; a series with a `severity` counts towards each layer's severity (the Layers
table's default order, the overview's marks, N / Shift+N); a series with `overview` false is a column and a hover phrase only, without a row
of its own (a figure that needs no picture across the model). `stale` marks values that
are out of date (the table greys them and says so).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.graph.figures import HIGH, LayerFigure
from editor.i18n import translate
from editor.ui.plots._axes import ScaleAxis
from editor.ui.plots._colors import GREY, PURPLE, RED

if TYPE_CHECKING:
    from editor.ui.plots.overview import ModelOverview


def _default_format(v: float) -> str:
    return f"{v:.4g}"


@dataclass(frozen=True)
class LayerValues:
    """One number per layer entry, in file order, with how to show it.

    `name` is the legend's and the hover's words and the Layers table's column header
    (`axis`, if given, labels the overview row's axis instead); `log` puts the overview row on a log axis (values ≤ 0 left
    out); `lines` are reference values drawn dashed (a ratio's 1, a threshold); `flags`
    marks layers (True) in red; `fmt` writes one value; `explain(i)` says more about
    layer `i` (the hover, a table cell's tooltip). `worse` says which values are bad, for
    the graph that colours the network by the series (`figure`): ``"high"`` (the default: a
    count, an error), ``"low"`` (an SQNR, a similarity) or ``"away"`` from the first of
    `lines` (a ratio whose good value is 1).
    """

    name: str
    values: np.ndarray
    color: QColor
    log: bool = False
    lines: tuple[float, ...] = ()
    flags: np.ndarray | None = None
    fmt: Callable[[float], str] = _default_format
    explain: Callable[[int], str] | None = None
    #: a short label for the overview row's axis (default: `name`), which has little height
    axis: str = ""
    #: series with the same `row` share one overview row (on one axis, the first one's label):
    #: two ratios around 1 need not take the height of two rows
    row: str = ""
    #: which values are bad: "high", "low" or "away" from ``lines[0]`` (see above): the
    #: graph's colours, the worst-first sorts and N's walk follow it
    worse: str = HIGH
    #: a row in the overview (False: a Layers table column and a hover phrase only)
    overview: bool = True
    #: per layer, True where the value is out of date (greyed in the Layers table)
    stale: np.ndarray | None = None
    #: what the figure is (the Layers table's header tooltip)
    tip: str = ""
    #: the values as severities (`editor.records.severity`: × beyond what is acceptable, 0
    #: fine, nan none), when the figure counts towards a layer's severity (scale_w/ARQ, weight
    #: SQNR, similarity); None: it does not
    severity: Callable[[np.ndarray], np.ndarray] | None = None
    #: the severity source's name (`severity.ARQ`, `severity.SQNR`, `severity.SIMILARITY`)
    severity_source: str = ""

    def figure(self, key: str) -> LayerFigure:
        """The series as a figure the graph can colour the network by (`editor.graph.figures`)."""
        return LayerFigure(key, self.name, np.asarray(self.values, dtype=np.float64), worse=self.worse,
                           centre=self.lines[0] if self.lines else 1.0, log=self.log, fmt=self.fmt,
                           explain=self.explain)

    def text(self, i: int) -> str:
        """Layer `i`'s value as written (empty for none)."""
        if not 0 <= i < self.values.size:
            return ""
        v = float(self.values[i])
        return "" if math.isnan(v) else self.fmt(v)

    def flagged(self, i: int) -> bool:
        return self.flags is not None and 0 <= i < self.flags.size and bool(self.flags[i])

    def is_stale(self, i: int) -> bool:
        """Whether layer `i`'s value is out of date."""
        return self.stale is not None and 0 <= i < self.stale.size and bool(self.stale[i])

    def ranking(self) -> np.ndarray:
        """The layers that have a value, worst first as `worse` says (file order among equals)."""
        figure = self.figure("")
        bad = np.array([figure.badness(float(v)) for v in self.values.astype(np.float64)], dtype=np.float64)
        ok = np.flatnonzero(~np.isnan(bad))
        return ok[np.lexsort((ok, -bad[ok]))]


class _Row:
    """The plot row of one or more series in the overview, its items created once
    (`SeriesRows` places it in the overview's layout)."""

    def __init__(self, overview: ModelOverview) -> None:
        self.overview = overview
        self.plot: pg.PlotItem = pg.PlotItem(axisItems={"left": ScaleAxis("left")})
        self.plot.hideButtons()
        self.plot.getAxis("left").setWidth(78)
        self.plot.getAxis("left").enableAutoSIPrefix(False)
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        self.plot.hideAxis("bottom")
        self.plot.setXLink(overview.p_scale)
        # room for a short axis label; the record's own rows above keep theirs (ModelOverview)
        self.plot.setMinimumHeight(56)
        self.plot.setMaximumHeight(140)
        self.plot.vb.enableAutoRange(x=False)
        #: per series key: its curve and its flagged layers' marks
        self.parts: dict[str, tuple[pg.PlotDataItem, pg.PlotDataItem]] = {}
        self.lines: list[pg.InfiniteLine] = []
        self.sel_line = pg.InfiniteLine(angle=90, movable=False,
                                        pen=pg.mkPen(PURPLE, width=1.5, style=Qt.PenStyle.DashLine))
        self.sel_line.hide()
        self.plot.addItem(self.sel_line, ignoreBounds=True)
        self._log: bool | None = None

    @property
    def curve(self) -> pg.PlotDataItem:
        """The first series' curve (most rows have one series)."""
        return next(iter(self.parts.values()))[0]

    @property
    def flagged(self) -> pg.PlotDataItem:
        """The first series' flagged layers."""
        return next(iter(self.parts.values()))[1]

    def add(self, key: str) -> None:
        if key not in self.parts:
            curve = self.plot.plot(connect="finite")
            flagged = self.plot.plot(pen=None, symbol="o", symbolSize=7, symbolBrush=RED,
                                     symbolPen=pg.mkPen("k", width=0.6))
            flagged.setZValue(5)
            self.parts[key] = (curve, flagged)

    def remove(self, key: str) -> None:
        for item in self.parts.pop(key, ()):
            self.plot.removeItem(item)

    def draw(self, series: dict[str, LayerValues], n: int, dots: bool) -> None:
        first = series[next(iter(self.parts))]
        self.plot.setLabel("left", first.axis or first.name)
        if self._log != first.log:
            self._log = first.log
            self.plot.setLogMode(False, first.log)
            self.plot.getAxis("left").setStyle(maxTextLevel=0 if first.log else 2)
        for key, (curve, flagged) in self.parts.items():
            self._draw_one(series[key], curve, flagged, n, dots)
        lines = sorted({v for key in self.parts for v in series[key].lines})
        while len(self.lines) < len(lines):
            line = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(GREY, width=1, style=Qt.PenStyle.DashLine))
            self.plot.addItem(line, ignoreBounds=True)
            self.lines.append(line)
        for k, line in enumerate(self.lines):
            if k < len(lines) and (lines[k] > 0 or not first.log):
                line.setPos(math.log10(lines[k]) if first.log else lines[k])
                line.show()
            else:
                line.hide()

    def _draw_one(self, series: LayerValues, curve: pg.PlotDataItem, flagged: pg.PlotDataItem,
                  n: int, dots: bool) -> None:
        empty = np.zeros(0)
        if series.values.size != n:  # the owner has yet to catch up with added or removed layers
            curve.setData(empty, empty)
            flagged.setData(empty, empty)
            return
        y = series.values.astype(np.float64)
        if series.log:
            with np.errstate(invalid="ignore"):
                y = np.where(y > 0, y, np.nan)
        x = np.arange(n, dtype=np.float64)
        ok = np.isfinite(y)
        if dots:
            curve.setData(x[ok], y[ok], pen=None, symbol="o", symbolSize=5, symbolPen=None,
                          symbolBrush=series.color)
        else:
            curve.setData(x, y, pen=pg.mkPen(series.color, width=1.2), symbol=None)
        flags = series.flags if series.flags is not None and series.flags.size == n else np.zeros(n, bool)
        sel = flags & ok
        flagged.setData(x[sel], y[sel])

    def select(self, i: int | None) -> None:
        if i is None:
            self.sel_line.hide()
        else:
            self.sel_line.setPos(i)
            self.sel_line.show()


class SeriesRows:
    """The `LayerValues` rows of one `ModelOverview`, by key, between its clip-range row and
    its problems row."""

    def __init__(self, overview: ModelOverview) -> None:
        self.overview = overview
        self.series: dict[str, LayerValues] = {}
        #: rows by their name (`LayerValues.row`, else the series' own key)
        self.rows: dict[str, _Row] = {}

    def set(self, key: str, series: LayerValues | None) -> None:
        o = self.overview
        if series is None:
            old = self.series.pop(key, None)
            if old is None:
                return
            name = old.row or key
            row = self.rows.get(name)
            if row is not None and key in row.parts:
                row.remove(key)
                if not row.parts:
                    del self.rows[name]
                    o.graphics.ci.removeItem(row.plot)
                    self._place()
            return
        old = self.series.get(key)
        if old is not None and ((old.row or key) != (series.row or key) or old.overview != series.overview):
            self.set(key, None)  # moves to another row, or leaves the overview (or comes to it)
        self.series[key] = series
        if not series.overview:
            return  # a column and a hover phrase: no row
        name = series.row or key
        if name not in self.rows:
            self.rows[name] = _Row(o)
            self.rows[name].add(key)
            self._place()
        else:
            self.rows[name].add(key)

    def _place(self) -> None:
        """Series rows under the clip range in key order, the problems row last."""
        ci = self.overview.graphics.ci
        prob = self.overview.p_prob
        for item in [row.plot for row in self.rows.values()] + [prob]:
            if item in ci.items:
                ci.removeItem(item)
        for k, row in enumerate(self.rows.values()):
            ci.addItem(row.plot, row=2 + k, col=0)
            ci.layout.setRowStretchFactor(2 + k, 1)
        ci.addItem(prob, row=2 + len(self.rows), col=0)
        ci.layout.setRowStretchFactor(2 + len(self.rows), 0)

    def draw(self, n: int, dots: bool) -> None:
        for row in self.rows.values():
            row.draw(self.series, n, dots)

    def columns(self) -> list[tuple[str, LayerValues]]:
        """Every series by key, in the order they were set (the Layers table's extra columns)."""
        return list(self.series.items())

    def plots(self) -> list[pg.PlotItem]:
        return [row.plot for row in self.rows.values()]

    def select(self, i: int | None) -> None:
        for row in self.rows.values():
            row.select(i)

    def describe(self, i: int) -> str:
        """What the series add to the hover of layer `i`."""
        parts = []
        for s in self.series.values():
            text = s.text(i)
            if not text:
                continue
            more = s.explain(i) if s.explain is not None else ""
            parts.append(f"{s.name} {text}" + (f" ({more})" if more else ""))
        return "; ".join(parts)

    def legend_items(self) -> list[tuple[QColor, str, str]]:
        """(colour, glyph, words) of each series for the overview's legend."""
        out: list[tuple[QColor, str, str]] = []
        for s in self.series.values():
            if not s.overview:
                continue
            out.append((s.color, "●", s.name))
            if s.flags is not None and s.flags.any():
                out.append((RED, "●", translate("LayerValues", "{name}: flagged layer").format(name=s.name)))
        return out
