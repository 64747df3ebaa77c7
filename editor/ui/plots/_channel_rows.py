"""The plot rows of the channel plot: one PlotItem each, its items created once.

`ChannelRow` draws one per-channel vector (bars up to `BAR_LIMIT` channels, a
peak-downsampled line beyond) with the marks of the selected and the hovered channel;
`ScaleRow` adds what a scale vector needs: outlier symbols, the fences and their labels,
and the span (a `LinearRegionItem`) the span edits act on.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from editor.records import quant
from editor.ui.plots._common import GREY, ORANGE, PURPLE, RED, YELLOW, ScaleAxis, faded, tint

#: Layers with at most this many channels draw as bars; wider ones as a downsampled line.
BAR_LIMIT = 512


class ChannelRow:
    """One plot row of the scene: a PlotItem with the items drawn on it, created once."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, left: str, bottom: str, colour: QColor,
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

    def place_fence_labels(self, *_: object) -> None:
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
