"""Overlays of the channel plot: named per-channel series drawn over a layer's scale_w, by key.

Something that knows more about a layer than its record — the attached model (AMCT's ARQ
scale_w recomputed from the weights), a second record to compare with (its scale_w) —
shows it in the Channels plot as an overlay::

    plot.set_overlay("weights", ChannelOverlay("ARQ scale_w from the weights", BLACK, data))

`data(layer_index, series)` is called whenever the plot draws a layer (another layer
selected, an edit of the shown one, `ChannelPlot.refresh_overlays()`) and returns an
`OverlayData` for that layer, or None when the overlay has nothing to say about it. An
overlay's data may hold:

- `values`: one number per output channel, drawn over the scale_w bars in the overlay's
  colour (a stair line over bars, a line over a wide layer; nan: no value there);
- `marks`: channels to mark (`ChannelMarks`: its own colour and symbol, a name in the
  legend, and the reason a hovered marked channel gives);
- `strip`: a series of its own on an extra row under the scale_w row (`OverlayStrip`: its
  label, a log or linear axis, reference lines — a ratio against 1, say). Strips of the same
  `row` share one (two ratios around 1); a strip of another row gets the next strip row of
  the plot (`ChannelPlot.strips`: a linear SQNR in dB beside the log ratios), the last one
  shared beyond;
- `weight`: series drawn on the weight-range row (the weights' own extent against the
  ±(2^(b−1)−1)·scale_w band the record allows);
- `describe(c)`: what hovering channel `c` adds, and `note`: what the plot's details line adds.

Each overlay is in the legend above the plot and in the caption of an exported picture.
`set_overlay(key, None)` removes one. The plot owns the pyqtgraph items; an overlay only
supplies numbers.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.i18n import translate
from editor.ui.plots._channel_rows import BAR_LIMIT, STRIP_ROWS
from editor.ui.plots._colors import BLUE, GREY, tint

if TYPE_CHECKING:
    from editor.figures.series import LayerSeries
    from editor.ui.plots._channel_rows import ChannelRow
    from editor.ui.plots.channel_plot import ChannelPlot


@dataclass(frozen=True)
class ChannelMarks:
    """Channels an overlay marks on the scale_w row, with why.

    `channels` are output-channel indices; `reason(c)` is what hovering a marked channel
    says (None: only `name`). Marks sit on top of the channel's scale_w bar.
    """

    name: str
    channels: np.ndarray
    color: QColor
    symbol: str = "x"
    reason: Callable[[int], str] | None = None


@dataclass(frozen=True)
class OverlayStrip:
    """An overlay's own series on a row under the scale_w row (x linked to it).

    `label` names the axis; `log` puts it on a logarithmic axis (values ≤ 0 are left out);
    `lines` are y values marked with a dashed reference line (a ratio's 1, a threshold);
    strips of the same `row` share a strip row (the first one's label and axis).
    """

    label: str
    values: np.ndarray
    log: bool = False
    lines: tuple[float, ...] = ()
    row: str = ""


@dataclass(frozen=True)
class OverlayData:
    """What an overlay shows for one layer (see the module docstring)."""

    values: np.ndarray | None = None
    marks: tuple[ChannelMarks, ...] = ()
    strip: OverlayStrip | None = None
    weight: tuple[np.ndarray, ...] = ()
    describe: Callable[[int], str] | None = None
    note: str = ""

    def marked(self, c: int) -> list[ChannelMarks]:
        """The marks that mark channel `c`."""
        return [m for m in self.marks if np.any(np.asarray(m.channels) == c)]


#: data(layer index, the layer's series) -> the overlay's numbers for it, or None
OverlaySource = Callable[[int, "LayerSeries"], "OverlayData | None"]


@dataclass(frozen=True)
class ChannelOverlay:
    """A named overlay of the channel plot: its legend name, colour and data source."""

    name: str
    color: QColor
    data: OverlaySource
    #: the pen's dash: a solid line by default
    style: Qt.PenStyle = Qt.PenStyle.SolidLine


class _Items:
    """The pyqtgraph items of one overlay, created once and updated in place (a strip curve
    and its reference lines on each strip row; `row` is the one its strip is drawn on)."""

    def __init__(self, plot: ChannelPlot, overlay: ChannelOverlay) -> None:
        self.plot = plot
        pen = pg.mkPen(overlay.color, width=1.6, style=overlay.style)
        self.main = plot.main.plot.plot(pen=pen, connect="finite")
        self.main.setZValue(4)  # over the bars, under the outlier marks
        self.strips = [row.plot.plot(pen=pg.mkPen(overlay.color, width=1.5), connect="finite")
                       for row in plot.strips]
        self.row_lines: list[list[pg.InfiniteLine]] = [[] for _ in plot.strips]
        self.row = 0
        self.weight: list[pg.PlotDataItem] = []
        self.marks: dict[str, pg.PlotDataItem] = {}
        self.overlay = overlay

    @property
    def strip(self) -> pg.PlotDataItem:
        """The curve of the overlay's strip (on its strip row)."""
        return self.strips[self.row]

    @property
    def lines(self) -> list[pg.InfiniteLine]:
        """The strip's reference lines (on its strip row)."""
        return self.row_lines[self.row]

    def remove(self) -> None:
        p = self.plot
        p.main.plot.removeItem(self.main)
        for row, curve, lines in zip(p.strips, self.strips, self.row_lines, strict=True):
            row.plot.removeItem(curve)
            for line in lines:
                row.plot.removeItem(line)
        for item in self.weight:
            p.weight.plot.removeItem(item)
        for item in self.marks.values():
            p.main.plot.removeItem(item)

    def clear_strips(self, but: int | None = None) -> None:
        empty = np.zeros(0)
        for k, (curve, lines) in enumerate(zip(self.strips, self.row_lines, strict=True)):
            if k == but:
                continue
            curve.setData(empty, empty)
            for line in lines:
                line.hide()

    def clear(self) -> None:
        empty = np.zeros(0)
        self.main.setData(empty, empty)
        self.clear_strips()
        for item in self.weight:
            item.setData(empty, empty)
        for item in self.marks.values():
            item.setData(empty, empty)


def _draw_on(row: ChannelRow, curve: pg.PlotDataItem, y: np.ndarray) -> None:
    """Put `y` on `curve` as `row` draws its own series (bars up to BAR_LIMIT channels), even
    if the row has not drawn a series of that length yet (a hidden row)."""
    if row.x.size != y.size:
        row.x = np.arange(y.size, dtype=np.float64)
    row.bars = y.size <= BAR_LIMIT
    row.draw(curve, y, None)


def _positive(y: np.ndarray, log: bool) -> np.ndarray:
    """`y` as float64, with what a log axis cannot show (≤ 0, not finite) as nan."""
    out = np.asarray(y, dtype=np.float64).copy()
    if log:
        with np.errstate(invalid="ignore"):
            out[~(out > 0)] = np.nan
    return out


class ChannelOverlays:
    """The overlays of one `ChannelPlot`, by key, in the order they were set."""

    def __init__(self, plot: ChannelPlot) -> None:
        self.plot = plot
        self.overlays: dict[str, ChannelOverlay] = {}
        self.data: dict[str, OverlayData] = {}
        self._items: dict[str, _Items] = {}
        self._strip_logs: list[bool] = [False] * STRIP_ROWS
        #: each strip row's axis label (the first overlay's on it; empty: the row is unused)
        self.strip_labels: list[str] = [""] * STRIP_ROWS

    def set(self, key: str, overlay: ChannelOverlay | None) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            old.remove()
        self.data.pop(key, None)
        if overlay is None:
            self.overlays.pop(key, None)
            return
        self.overlays[key] = overlay
        if self.plot.rows_built:  # (else made with the rows' first drawing: `update`)
            self._items[key] = _Items(self.plot, overlay)

    @property
    def has_strip(self) -> bool:
        return any(d.strip is not None for d in self.data.values())

    @property
    def strip_label(self) -> str:
        """The first strip row's axis label."""
        return self.strip_labels[0]

    def update(self, index: int | None, series: LayerSeries | None, log: bool) -> None:
        """Ask every overlay for the shown layer's numbers and draw them (None: none shown)."""
        self.data = {}
        if not self.plot.rows_built:  # nothing was drawn yet: nothing to clear either
            self.strip_labels = [""] * STRIP_ROWS
            return
        labels = [""] * len(self.plot.strips)
        logs = list(self._strip_logs)
        rows: dict[str, int] = {}
        for key, overlay in self.overlays.items():
            items = self._items.get(key)
            if items is None:  # set before the rows were made
                items = self._items[key] = _Items(self.plot, overlay)
            d = overlay.data(index, series) if index is not None and series is not None else None
            if d is None:
                items.clear()
                continue
            self.data[key] = d
            if d.strip is not None:
                if d.strip.row not in rows:  # the next strip row (the last one shared beyond)
                    rows[d.strip.row] = min(len(rows), len(labels) - 1)
                items.row = rows[d.strip.row]
                if not labels[items.row]:
                    labels[items.row], logs[items.row] = d.strip.label, d.strip.log
            self._draw(items, d, series, log, logs)
        self.strip_labels = labels
        for k, strip in enumerate(self.plot.strips):
            if labels[k] and self._strip_logs[k] != logs[k]:
                self._strip_logs[k] = logs[k]
                strip.set_log_y(logs[k])
                strip.plot.getAxis("left").setStyle(maxTextLevel=0 if logs[k] else 2)

    def strip_rows(self) -> list[int]:
        """The strip rows an overlay draws on for the shown layer."""
        return [k for k, label in enumerate(self.strip_labels) if label]

    def _draw(self, items: _Items, d: OverlayData, series: LayerSeries | None, log: bool,
              strip_logs: list[bool]) -> None:
        plot = self.plot
        main = plot.main
        n = series.scale_w.size if series is not None else 0
        empty = np.zeros(0)
        if d.values is not None and d.values.size == n and n:
            _draw_on(main, items.main, _positive(d.values, log))
        else:
            items.main.setData(empty, empty)
        shown = main.shown(series.scale_w, log) if series is not None and n else np.zeros(0)
        names = set()
        for m in d.marks:
            names.add(m.name)
            item = items.marks.get(m.name)
            if item is None:
                item = main.plot.plot(pen=None, symbol=m.symbol, symbolSize=12, symbolBrush=m.color,
                                      symbolPen=pg.mkPen(m.color.darker(140), width=1.2))
                item.setZValue(7)
                items.marks[m.name] = item
            c = np.asarray(m.channels, dtype=np.int64)
            c = c[(c >= 0) & (c < shown.size)]
            y = _positive(shown[c], log) if c.size else empty
            if log and c.size:  # a mark of a value the axis cannot show sits on the base line
                y[np.isnan(y)] = 10.0 ** main.baseline(series.scale_w, True) if series is not None else 1.0
            item.setData(c.astype(np.float64), y)
        for name, item in items.marks.items():
            if name not in names:
                item.setData(empty, empty)
        # the weight-range row: as many curves as the overlay gives
        while len(items.weight) < len(d.weight):
            curve = plot.weight.plot.plot(pen=pg.mkPen(items.overlay.color, width=1.3), connect="finite")
            curve.setZValue(4)
            items.weight.append(curve)
        for k, curve in enumerate(items.weight):
            if k < len(d.weight) and d.weight[k].size == n and n:
                _draw_on(plot.weight, curve, _positive(d.weight[k], log))
            else:
                curve.setData(empty, empty)
        strip = d.strip
        if strip is not None and strip.values.size and n:
            row = plot.strips[items.row]
            items.clear_strips(but=items.row)  # it may have been on another row before
            axis_log = strip_logs[items.row]  # the row's axis: its first strip's
            row.y = np.asarray(strip.values, dtype=np.float64)  # what hovering reads
            _draw_on(row, items.strip, _positive(strip.values, axis_log))
            while len(items.lines) < len(strip.lines):
                line = pg.InfiniteLine(angle=0, movable=False,
                                       pen=pg.mkPen(GREY, width=1, style=Qt.PenStyle.DashLine))
                row.plot.addItem(line, ignoreBounds=True)
                items.lines.append(line)
            for k, line in enumerate(items.lines):
                if k < len(strip.lines) and (strip.lines[k] > 0 or not axis_log):
                    v = strip.lines[k]
                    line.setPos(float(np.log10(v)) if axis_log else v)
                    line.show()
                else:
                    line.hide()
        else:
            items.clear_strips()

    # ------------------------------------------------------------------ words

    def describe(self, c: int) -> str:
        """What the overlays add to the hover text of output channel `c`."""
        parts = []
        for key, d in self.data.items():
            if d.describe is not None:
                text = d.describe(c)
                if text:
                    parts.append(text)
            for m in d.marked(c):
                parts.append(m.reason(c) if m.reason is not None else f"{self.overlays[key].name}: {m.name}")
        return "; ".join(parts)

    def notes(self) -> list[str]:
        """What the overlays add to the plot's details line."""
        return [d.note for d in self.data.values() if d.note]

    def legend_html(self) -> str:
        """The overlays' legend (empty without one): the record's scale_w, each overlay in its
        colour, each kind of mark it draws."""
        if not self.overlays:
            return ""

        def entry(colour: QColor, glyph: str, text: str) -> str:
            return (f"<span style='color:{colour.name()}; font-weight:bold'>{glyph}</span>"
                    f"&nbsp;{html.escape(text).replace(' ', '&nbsp;')}")

        items = [entry(tint(BLUE, 0.55), "▮", translate("ChannelOverlays", "scale_w (record)"))]
        for key, overlay in self.overlays.items():
            items.append(entry(overlay.color, "▬", overlay.name))
            d = self.data.get(key)
            for m in d.marks if d is not None else ():
                glyph = {"x": "✕", "d": "◆", "t": "▼", "o": "●", "s": "■", "+": "+"}.get(m.symbol, "●")
                items.append(entry(m.color, glyph, f"{m.name} ({len(m.channels)})"))
        return "&nbsp;&nbsp; ".join(items)
