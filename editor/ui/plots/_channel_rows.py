"""The plot rows of the channel plot: one PlotItem each, its items created once.

`ChannelRow` draws one per-channel vector (bars up to `BAR_LIMIT` channels, a
peak-downsampled line beyond) with the marks of the selected and the hovered channel;
`ScaleRow` adds what a scale vector needs: outlier symbols, the fences and their labels,
and the span (a `LinearRegionItem`) the span edits act on.

The fences' labels sit on a narrow axis right of the plot (`FenceAxis`), level with their
lines, never over the bars; every row has that axis, so the rows' channels line up.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from editor.records import quant
from editor.ui.plots._axes import ScaleAxis
from editor.ui.plots._colors import GREY, ORANGE, PURPLE, RED, YELLOW, faded, tint

#: Layers with at most this many channels draw as bars; wider ones as a downsampled line.
BAR_LIMIT = 512
#: strip rows of the channel plot for the overlays' own series (those of one kind share one)
STRIP_ROWS = 2

#: the widest line of a fence label `FenceAxis` makes room for (k ≤ 20, two decimals)
WIDEST_FENCE_LABEL = "88.88·IQR"
#: pixels between a fence axis's line and its labels (past the tick)
FENCE_TEXT_GAP = 3
FENCE_TICK = 5


def fence_label(quartile: str, k: float) -> str:
    """The label of a fence line: ``Q1 − 1.5·IQR`` (quartile "Q1") or ``Q3 + 1.5·IQR``, on
    two lines (the axis beside the plot stays narrow)."""
    sign = "−" if quartile == "Q1" else "+"
    return f"{quartile} {sign}\n{k:g}·IQR"


class FenceAxis(pg.AxisItem):
    """The right-hand axis of a channel row: a tick and a label level with each fence line,
    outside the plot so no label covers a bar. Labels too close to each other are pushed
    apart (the upper one up, the lower one down) and kept inside the axis's height; a fence
    outside the y range in view has no label.

    Every row has one (without fences on the others) so the rows' plots are equally wide and
    their channels line up.
    """

    def __init__(self) -> None:
        super().__init__("right")
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)  # a narrow axis: the plot keeps its width
        self.setStyle(showValues=False, tickLength=-FENCE_TICK, tickFont=font)  # texts: generateDrawSpecs
        self.setTicks([[]])
        #: (y in view coordinates — log10 on a log axis —, label) per fence
        self.fences: list[tuple[float, str]] = []
        #: where the labels were last drawn, in this item's coordinates (tests look)
        self.text_rects: list[tuple[QRectF, str]] = []
        self._updateWidth()

    def _updateWidth(self) -> None:
        # always the room of the widest label, shown or not yet: pyqtgraph's own sizing
        # gives an axis 0 px while its row is hidden and keeps that once the row shows
        font = self.style["tickFont"] or self.font()
        w = math.ceil(FENCE_TICK + FENCE_TEXT_GAP + QFontMetricsF(font).horizontalAdvance(WIDEST_FENCE_LABEL) + 4)
        self.setMaximumWidth(w)
        self.setMinimumWidth(w)
        self.picture = None

    def set_fences(self, fences: list[tuple[float, str]]) -> None:
        """Label these fences: (y in view coordinates, text) each."""
        if fences == self.fences:
            return
        self.fences = list(fences)
        self.setTicks([[(y, "") for y, _text in self.fences]])  # clears the cached picture

    def generateDrawSpecs(self, p: QPainter) -> tuple[object, list[object], list[object]] | None:
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return None
        axis_spec, tick_specs, _texts = specs
        self.text_rects = self._place(p)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        return axis_spec, tick_specs, [(rect, flags, text) for rect, text in self.text_rects]

    def _place(self, p: QPainter) -> list[tuple[QRectF, str]]:
        bounds = self.mapRectFromParent(self.geometry())
        lo, hi = self.range
        if not self.fences or hi <= lo or bounds.height() <= 0:
            return []
        placed: list[tuple[float, QRectF, str]] = []
        p.setFont(self.style["tickFont"])
        for value, text in self.fences:
            if not lo <= value <= hi:
                continue  # its line is not in view either
            centre = bounds.top() + (hi - value) / (hi - lo) * bounds.height()
            rect = p.boundingRect(QRectF(0, 0, 1000, 100), int(Qt.AlignmentFlag.AlignLeft), text)
            rect.setHeight(rect.height() * 0.9)  # Qt's line height leaves room to spare
            rect.moveTo(bounds.left() + FENCE_TICK + FENCE_TEXT_GAP, centre - rect.height() / 2)
            placed.append((centre, rect, text))
        placed.sort(key=lambda t: t[0])  # top to bottom
        rects = [r for _c, r, _t in placed]
        for a, b in itertools.pairwise(rects):
            overlap = a.bottom() - b.top()
            if overlap > 0:  # apart around the middle of the two
                a.translate(0, -overlap / 2)
                b.translate(0, overlap / 2)
        # inside the axis's height: shift the whole stack back where it runs past an end
        if rects:
            if rects[-1].bottom() > bounds.bottom():
                dy = bounds.bottom() - rects[-1].bottom()
                for r in rects:
                    r.translate(0, dy)
            if rects[0].top() < bounds.top():
                dy = bounds.top() - rects[0].top()
                for r in rects:
                    r.translate(0, dy)
        return [(r, t) for _c, r, t in placed]


class ChannelRow:
    """One plot row of the scene: a PlotItem with the items drawn on it, created once."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, left: str, bottom: str, colour: QColor,
                 *, fill: bool = True) -> None:
        self.fill = fill
        self.fence_axis = FenceAxis()
        self.plot: pg.PlotItem = layout.addPlot(row=row, col=0, axisItems={"left": ScaleAxis("left"),
                                                                           "right": self.fence_axis})
        self.plot.showAxis("right")
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
        #: x linked to another row's (`follow`): never ranges x itself
        self.follows = False

    def follow(self, leader: pg.PlotItem) -> None:
        """Take x from `leader` only: linked, and never auto-ranging x itself (a follower's
        x range spreads to the leader, and a wide layer's line is clipped to the view, so a
        follower ranging x over its clipped data would pull the leader in to a few channels)."""
        self.follows = True
        self.plot.setXLink(leader)
        self.plot.vb.enableAutoRange(x=False)

    def set_log_y(self, on: bool) -> None:
        """A logarithmic (or linear) y axis; a follower's x stays its leader's."""
        vb = self.plot.vb
        leader = vb.linkedView(pg.ViewBox.XAxis) if self.follows else None
        if leader is None:
            self.plot.setLogMode(False, on)
            return
        # setLogMode turns auto range on for both axes: the follower would range x over its
        # own (clipped) data and push that range to the leader, unless the leader ignores it
        leader.blockLink(True)
        try:
            self.plot.setLogMode(False, on)
            vb.enableAutoRange(x=False)
        finally:
            leader.blockLink(False)
        vb.linkedViewChanged(leader, pg.ViewBox.XAxis)  # and take x from the leader again

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
        c = round(vb.mapSceneToView(scene_pos).x())
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


class ScaleRow(ChannelRow):
    """A row of a scale vector (scale_w, tensor_balance_factor): outliers, fences, a span."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, left: str, bottom: str, colour: QColor) -> None:
        super().__init__(layout, row, left, bottom, colour)
        # one style per item: a thousand outliers of a wide layer draw from one cached symbol
        self.fence_points = self.plot.plot(pen=None, symbol="o", symbolSize=9, symbolBrush=ORANGE,
                                           symbolPen=pg.mkPen("k", width=0.8))
        self.bad_points = self.plot.plot(pen=None, symbol="t", symbolSize=12, symbolBrush=RED,
                                         symbolPen=pg.mkPen("k", width=0.8))
        self.fence_points.setZValue(5)
        self.bad_points.setZValue(6)
        dash = pg.mkPen(GREY, width=1, style=Qt.PenStyle.DashLine)
        # labelled on the fence axis right of the plot (`FenceAxis`), not over the bars
        self.fence_hi = pg.InfiniteLine(angle=0, movable=False, pen=dash)
        self.fence_lo = pg.InfiniteLine(angle=0, movable=False, pen=dash)
        for line in (self.fence_hi, self.fence_lo):
            line.hide()
            self.plot.addItem(line, ignoreBounds=True)
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
            self.fence_axis.set_fences([])
            return
        lo, hi = out.fence
        labels: list[tuple[float, str]] = []
        for line, v, text in ((self.fence_hi, hi, fence_label("Q3", out.k)),
                              (self.fence_lo, lo, fence_label("Q1", out.k))):
            if v > 0 and math.isfinite(v):
                pos = math.log10(v) if log else v
                line.setPos(pos)
                line.show()
                labels.append((pos, text))
            else:
                line.hide()
        self.fence_axis.set_fences(labels)
