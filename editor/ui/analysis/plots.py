"""The analysis in the plots: per-layer figures as Layers table columns (the similarity also
as an overview row), the per-channel weight SQNR on the Channels plot, and under it the
histograms of the selected channel's weights (with the quantization grid) and of the layer's
input activations (with the scale_d/offset_d clip range).

Figures come from `SessionAnalysis` by layer key; stale activation figures (the factors were
edited since they were measured) are greyed in the table and said so in the histogram's title.
"""
from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QHBoxLayout, QWidget

from editor.analysis.metrics import int_limits
from editor.analysis.weights import ChannelHistogram, channel_histogram
from editor.graph.figures import HIGH, LOW
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant, severity
from editor.ui.plots._colors import BLUE, GREEN, GREY, ORANGE, PURPLE, RED, SKY, faded
from editor.ui.plots.channel_overlays import ChannelMarks, ChannelOverlay, OverlayData, OverlayStrip
from editor.ui.plots.layer_values import LayerValues

if TYPE_CHECKING:
    from editor.figures.series import LayerSeries
    from editor.ui.analysis.state import LayerFigures, SessionAnalysis
    from editor.ui.plots.panel import PlotsPanel

#: series keys in the overview and the Layers table
SIMILARITY = "analysis.similarity"
WEIGHT_SQNR = "analysis.weight_sqnr"
WEIGHT_CLIPPED = "analysis.weight_clipped"
ACT_CLIPPED = "analysis.act_clipped"
ACT_SQNR = "analysis.act_sqnr"
IMPORTED = "analysis.imported."
#: the channel plot's overlay
OVERLAY = "analysis"
#: the similarity below which a layer is flagged (AMCT's auto-calibration keeps layers near 1)
DEFAULT_THRESHOLD = 0.99
#: a weight SQNR below this many dB is flagged (about 5 bits' worth: 6.02 dB a bit)
WEIGHT_DB_FLAG = 30.0
HIST_BINS = 64
ACT_BINS = 96

NAMES = {
    SIMILARITY: QT_TRANSLATE_NOOP("AnalysisPlots", "similarity"),
    WEIGHT_SQNR: QT_TRANSLATE_NOOP("AnalysisPlots", "weight SQNR dB"),
    WEIGHT_CLIPPED: QT_TRANSLATE_NOOP("AnalysisPlots", "weights clipped %"),
    ACT_CLIPPED: QT_TRANSLATE_NOOP("AnalysisPlots", "input clipped %"),
    ACT_SQNR: QT_TRANSLATE_NOOP("AnalysisPlots", "input SQNR dB"),
}


def _field(value, name: str, default):
    """A factor of the record's entry as it is now (`default` where it has none)."""
    if name not in value.DESCRIPTOR.fields_by_name:
        return default
    try:
        if not value.HasField(name):
            return default
    except ValueError:  # a field without presence: its value is there
        pass
    return getattr(value, name)


def _pct(v: float) -> str:
    return f"{100 * v:.3g}"


class AnalysisHistograms(QWidget):
    """The selected channel's weights with the quantization grid, and the layer's input
    activations with the clip range the record's scale_d/offset_d keep."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.weights = pg.PlotWidget()
        self.acts = pg.PlotWidget()
        for w in (self.weights, self.acts):
            w.setBackground("w")
            w.setMinimumHeight(120)
            w.getPlotItem().hideButtons()
            w.getPlotItem().showGrid(x=True, y=True, alpha=0.15)
            w.getPlotItem().setMenuEnabled(False)
            layout.addWidget(w)
        pw, pa = self.weights.getPlotItem(), self.acts.getPlotItem()
        self.w_bars = pw.plot(stepMode="center", fillLevel=0, brush=faded(BLUE, 110), pen=pg.mkPen(BLUE, width=1))
        self.w_tails = pw.plot(stepMode="center", fillLevel=0, brush=faded(RED, 170), pen=pg.mkPen(RED, width=1))
        self.a_bars = pa.plot(stepMode="center", fillLevel=0, brush=faded(GREEN, 110), pen=pg.mkPen(GREEN, width=1))
        self.a_tails = pa.plot(stepMode="center", fillLevel=0, brush=faded(RED, 170), pen=pg.mkPen(RED, width=1))
        dash = Qt.PenStyle.DashLine
        self.w_grid = [pg.InfiniteLine(angle=90, pen=pg.mkPen(RED, width=1.5, style=dash)) for _ in range(2)]
        self.a_clip = [pg.InfiniteLine(angle=90, pen=pg.mkPen(RED, width=1.5, style=dash)) for _ in range(2)]
        self.a_suggest = [pg.InfiniteLine(angle=90, pen=pg.mkPen(ORANGE, width=1, style=Qt.PenStyle.DotLine))
                          for _ in range(2)]
        self.w_levels = pw.plot(pen=None, symbol="|", symbolSize=6, symbolPen=pg.mkPen(GREY), symbolBrush=None)
        for line in self.w_grid:
            pw.addItem(line, ignoreBounds=False)
        for line in (*self.a_clip, *self.a_suggest):
            pa.addItem(line, ignoreBounds=False)
        pw.setLabel("bottom", translate("AnalysisPlots", "weight"))
        pa.setLabel("bottom", translate("AnalysisPlots", "input value"))
        pw.setLabel("left", translate("AnalysisPlots", "count"))
        self.weight_hist: ChannelHistogram | None = None
        self.act_range: tuple[float, float] | None = None
        self.show_weights(None, "")
        self.show_activations(None, "")

    def show_weights(self, h: ChannelHistogram | None, title: str) -> None:
        """Draw a channel's weight histogram (None: nothing, `title` says why)."""
        self.weight_hist = h
        p = self.weights.getPlotItem()
        p.setTitle(title, size="9pt")
        empty = np.zeros(0)
        if h is None:
            self.w_bars.setData(empty, empty)
            self.w_tails.setData(empty, empty)
            self.w_levels.setData(empty, empty)
            for line in self.w_grid:
                line.hide()
            return
        edges = h.edges.astype(np.float64)
        counts = h.counts.astype(np.float64)
        mid = 0.5 * (edges[:-1] + edges[1:])
        lo, hi = h.grid
        # the clamp's ends are half a step beyond the outer levels: what lies past them clips
        out = (mid < lo - 0.5 * h.scale) | (mid > hi + 0.5 * h.scale)
        self.w_bars.setData(edges, np.where(out, 0.0, counts))
        self.w_tails.setData(edges, np.where(out, counts, 0.0))
        for line, x in zip(self.w_grid, (lo, hi), strict=True):
            line.setPos(x)
            line.show()
        q_lo, q_hi = int_limits(h.bits)
        if q_hi - q_lo <= 32:  # INT4 and below: every level can be told apart
            levels = np.arange(q_lo, q_hi + 1, dtype=np.float64) * h.scale
            self.w_levels.setData(levels, np.zeros_like(levels))
        else:
            self.w_levels.setData(empty, empty)

    def show_activations(self, figures, title: str, clip: tuple[float, float] | None = None,
                         suggest: tuple[float, float] | None = None) -> None:
        """Draw a layer's input histogram (an `ActivationFigures`; None: nothing) with the clip
        range `clip` (lo, hi) and the suggested one `suggest`."""
        p = self.acts.getPlotItem()
        p.setTitle(title, size="9pt")
        empty = np.zeros(0)
        self.act_range = clip
        if figures is None or clip is None:
            self.a_bars.setData(empty, empty)
            self.a_tails.setData(empty, empty)
            for line in (*self.a_clip, *self.a_suggest):
                line.hide()
            return
        lo = min(clip[0], figures.min)
        hi = max(clip[1], figures.max)
        if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
            lo, hi = -1.0, 1.0
        counts, edges = figures.sample.histogram(ACT_BINS, (lo, hi))
        mid = 0.5 * (edges[:-1] + edges[1:])
        out = (mid < clip[0]) | (mid > clip[1])
        self.a_bars.setData(edges, np.where(out, 0.0, counts))
        self.a_tails.setData(edges, np.where(out, counts, 0.0))
        for line, x in zip(self.a_clip, clip, strict=True):
            line.setPos(x)
            line.show()
        for line, x in zip(self.a_suggest, suggest or (math.nan, math.nan), strict=True):
            line.setVisible(suggest is not None)
            if suggest is not None:
                line.setPos(x)


class AnalysisPlots(QObject):
    """The analysis's columns, overview row, channel overlay and histograms over one panel."""

    def __init__(self, analysis: SessionAnalysis, panel: PlotsPanel) -> None:
        super().__init__(panel)
        self.analysis = analysis
        self.panel = panel
        self.threshold = DEFAULT_THRESHOLD
        # two pyqtgraph plots: made when an analysis first shows them (`histograms`)
        self._histograms: AnalysisHistograms | None = None
        self.overlay = ChannelOverlay(translate("AnalysisPlots", "weight SQNR per channel"), PURPLE, self.overlay_data)
        self._shown = False
        #: the analysis the Layers table was last sorted worst first for
        self._sorted_for: object = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.update)
        self._hist_timer = QTimer(self)
        self._hist_timer.setSingleShot(True)
        self._hist_timer.setInterval(0)
        self._hist_timer.timeout.connect(self.update_histograms)
        #: the layer the histograms were drawn for
        self._hist_index: int | None = None
        analysis.changed.connect(self._timer.start)
        session = analysis.session
        session.selection.changed.connect(lambda *_a: self._hist_timer.start())
        session.recordChanged.connect(lambda _c: self._hist_timer.start())

    @property
    def histograms(self) -> AnalysisHistograms:
        """The histograms under the channel plot, made on first use (an analysis to show)."""
        if self._histograms is None:
            self._histograms = AnalysisHistograms()
        return self._histograms

    # ------------------------------------------------------------------ per layer

    def flush(self) -> None:
        """Apply a pending update now (scripts and tests)."""
        self.analysis.follow_edits()
        if self._timer.isActive():
            self.update()
        if self._hist_timer.isActive():
            self.update_histograms()
        self.panel.overview.flush()
        self.panel.channels.flush()

    def _per_layer(self) -> list[LayerFigures | None]:
        message = self.analysis.session.message
        if message is None or "record" not in message.DESCRIPTOR.fields_by_name:
            return []
        return [self.analysis.figures(e.key) for e in message.record]

    def update(self) -> None:
        """Set the series, the overlay and the histograms again from the analysis."""
        self._timer.stop()
        a = self.analysis
        overview = self.panel.overview
        layers = self._per_layer() if a.has_result or a.imported else []
        have = a.has_result and bool(layers)
        n = len(layers)

        def series(get) -> np.ndarray:
            out = np.full(n, np.nan)
            for i, f in enumerate(layers):
                if f is not None:
                    v = get(f)
                    if v is not None:
                        out[i] = v
            return out

        stale = np.array([f is not None and f.stale for f in layers], dtype=bool)
        names = {k: translate("AnalysisPlots", v) for k, v in NAMES.items()}
        if have:
            w_db = series(lambda f: f.weights.sqnr_db if f.weights is not None else None)
            overview.set_layer_series(WEIGHT_SQNR, LayerValues(
                names[WEIGHT_SQNR], w_db, PURPLE, fmt=lambda v: f"{v:.2f}", overview=not a.activations_run,
                axis=translate("AnalysisPlots", "weight dB"), lines=(WEIGHT_DB_FLAG,), flags=w_db < WEIGHT_DB_FLAG,
                worse=LOW, explain=self._explain_weights,
                severity=functools.partial(severity.sqnr_severity, minimum=WEIGHT_DB_FLAG),
                severity_source=severity.SQNR,
                tip=translate("AnalysisPlots", "10·log10(Σw² / Σ(w − w′)²) over the layer's weights quantized with "
                                               "its scale_w (6.02 dB a bit)")))
            overview.set_layer_series(WEIGHT_CLIPPED, LayerValues(
                names[WEIGHT_CLIPPED], series(lambda f: f.weights.clipped if f.weights is not None else None), RED,
                fmt=_pct, overview=False, worse=HIGH,
                tip=translate("AnalysisPlots", "The share of the layer's weights beyond ±(2^(b−1)−1)·scale_w")))
        else:
            for key in (WEIGHT_SQNR, WEIGHT_CLIPPED):
                overview.set_layer_series(key, None)
        if have and a.activations_run:
            sim = series(lambda f: f.similarity)
            overview.set_layer_series(SIMILARITY, LayerValues(
                names[SIMILARITY], sim, BLUE, lines=(self.threshold,), flags=sim < self.threshold,
                fmt=lambda v: f"{v:.5f}", worse=LOW, stale=stale, explain=self._explain_activations,
                severity=functools.partial(severity.similarity_severity, minimum=self.threshold),
                severity_source=severity.SIMILARITY,
                tip=translate("AnalysisPlots", "AMCT's similarity: the mean over the inputs of 0.5 + 0.5·cos between "
                                               "the layer's float output and its output on quantized input and "
                                               "weights")))
            overview.set_layer_series(ACT_CLIPPED, LayerValues(
                names[ACT_CLIPPED], series(lambda f: f.activations.clipped if f.activations is not None else None),
                ORANGE, fmt=_pct, overview=False, worse=HIGH, stale=stale,
                tip=translate("AnalysisPlots", "The share of the layer's input values outside the range scale_d and "
                                               "offset_d keep")))
            overview.set_layer_series(ACT_SQNR, LayerValues(
                names[ACT_SQNR], series(lambda f: f.activations.sqnr_db if f.activations is not None else None),
                SKY, fmt=lambda v: f"{v:.2f}", overview=False, worse=LOW, stale=stale,
                tip=translate("AnalysisPlots", "10·log10(Σx² / Σ(x − x′)²) over the layer's inputs quantized with "
                                               "scale_d and offset_d")))
        else:
            for key in (SIMILARITY, ACT_CLIPPED, ACT_SQNR):
                overview.set_layer_series(key, None)
        self._set_imported(layers)
        show = have
        if show != self._shown:
            self._shown = show
            self.panel.channels.set_overlay(OVERLAY, self.overlay if show else None)
            self.panel.channels.set_detail_widget(self.histograms if show else None)
        elif show:
            self.panel.channels.refresh_overlays()
        if have and self._sorted_for is not a.result:  # a new analysis: the Layers table worst first
            self._sorted_for = a.result
            overview.flush()  # the table takes its columns from the overview's series
            self.panel.layers.sort_worst_first(SIMILARITY if a.activations_run else WEIGHT_SQNR)
            self.panel.set_walk(SIMILARITY if a.activations_run else WEIGHT_SQNR)
        self.update_histograms()

    def _set_imported(self, layers: list[LayerFigures | None]) -> None:
        overview = self.panel.overview
        message = self.analysis.session.message
        keys = [e.key for e in message.record] if message is not None and layers else []
        wanted = set()
        for column in self.analysis.imported:
            key = IMPORTED + column.name
            wanted.add(key)
            values = np.array([column.values.get(k, np.nan) for k in keys], dtype=np.float64)
            name = column.name.lower()
            # which way is worse, from what the column measures: a lower similarity or SQNR; else higher
            worse = LOW if any(w in name for w in ("similarity", "cosine", "sqnr")) else HIGH
            overview.set_layer_series(key, LayerValues(
                column.name, values, GREY, overview=False, worse=worse,
                tip=translate("AnalysisPlots", "Imported from {file}").format(file=column.path)))
        for key, _s in overview.series_rows.columns():
            if key.startswith(IMPORTED) and key not in wanted:
                overview.set_layer_series(key, None)

    def _figures_at(self, i: int) -> LayerFigures | None:
        message = self.analysis.session.message
        if message is None or not 0 <= i < len(message.record):
            return None
        return self.analysis.figures(message.record[i].key)

    def _explain_weights(self, i: int) -> str:
        f = self._figures_at(i)
        if f is None or f.weights is None:
            return f.weights_note or "" if f is not None else ""
        w = f.weights
        where = (translate("AnalysisPlots", "worst channel {c}").format(c=w.worst_channel) if w.channel_wise
                 else translate("AnalysisPlots", "per tensor"))
        return translate("AnalysisPlots", "{where}; rmse/scale {rel} (0.289 for an unclipped uniform error)").format(
            where=where, rel=f"{w.rmse_over_scale:.3f}")

    def _explain_activations(self, i: int) -> str:
        f = self._figures_at(i)
        if f is None:
            return ""
        if f.activations is None:
            return f.activations_note or ""
        text = translate("AnalysisPlots", "input clipped {clipped}%, SQNR {sqnr} dB").format(
            clipped=_pct(f.activations.clipped), sqnr=f"{f.activations.sqnr_db:.2f}")
        if f.stale:
            text += translate("AnalysisPlots", "; stale: the factors changed, re-run the layer")
        return text

    # ------------------------------------------------------------------ per channel

    def overlay_data(self, index: int, series: LayerSeries) -> OverlayData | None:
        """The weight SQNR per channel of layer entry `index` (a strip of its own, in dB)."""
        if index != self._hist_index:  # another layer shown (the plot asks on each redraw)
            self._hist_timer.start()
        f = self._figures_at(index)
        if f is None or f.weights is None:
            return None
        w = f.weights
        db = w.channels.sqnr_db.astype(np.float64)
        if db.size != series.scale_w.size:
            if db.size == 1:
                db = np.full(series.scale_w.size, db[0])
            else:
                return None
        worst = np.array([w.worst_channel]) if w.channel_wise else np.zeros(0, dtype=int)

        def describe(c: int) -> str:
            ch = w.channels
            k = c if w.channel_wise else 0
            if not 0 <= k < ch.sqnr_db.size:
                return ""
            return translate("AnalysisPlots", "weight SQNR {db} dB, clipped {clipped}%, rmse/scale {rel}").format(
                db=f"{ch.sqnr_db[k]:.2f}", clipped=_pct(ch.clipped[k]), rel=f"{ch.rmse_over_scale[k]:.3f}")

        note = translate("AnalysisPlots", "analysis: weight SQNR {db} dB, clipped {clipped}%").format(
            db=f"{w.sqnr_db:.2f}", clipped=_pct(w.clipped))
        return OverlayData(
            marks=(ChannelMarks(translate("AnalysisPlots", "lowest weight SQNR"), worst, PURPLE, "t",
                                lambda c: translate("AnalysisPlots", "the channel of the lowest weight SQNR")),),
            strip=OverlayStrip(translate("AnalysisPlots", "SQNR dB"), db, row="sqnr_db"),
            describe=describe, note=note)

    def update_histograms(self) -> None:
        """Draw the histograms of the shown layer and selected channel."""
        self._hist_timer.stop()
        if not self._shown:
            return
        channels = self.panel.channels
        index = channels.layer_index
        self._hist_index = index
        message = self.analysis.session.message
        h = self.histograms
        f = self._figures_at(index) if index is not None else None
        if f is None or message is None or index is None:
            h.show_weights(None, translate("AnalysisPlots", "no analysis for this layer"))
            h.show_activations(None, "")
            return
        entry = message.record[index]
        # the shown layer's inputs kept ahead of an edit: its re-run then takes a fraction of a second
        self.analysis.prepare_layer(index)
        self._draw_weights(f, entry)
        self._draw_activations(f, entry)

    def _draw_weights(self, f: LayerFigures, entry) -> None:
        h = self.histograms
        analyzer = self.analysis.analyzer
        if f.weights is None or analyzer is None:
            h.show_weights(None, f.weights_note or "")
            return
        ch = self.panel.channels.selected_channel
        scale_w = list(entry.value.scale_w)
        c = ch[1] if ch is not None and ch[0] in ("scale_w", "offset_w") else f.weights.worst_channel
        from editor.models import ModelError

        try:
            prepared = analyzer.weights.prepared(entry)
        except ModelError as e:
            h.show_weights(None, e.message)
            return
        if not scale_w or not 0 <= c < prepared.rows.shape[0]:
            h.show_weights(None, "")
            return
        scale = scale_w[c] if len(scale_w) > 1 else scale_w[0]
        hist = channel_histogram(prepared.rows[c], scale, prepared.bits, HIST_BINS)
        title = translate("AnalysisPlots", "channel {c} weights, INT{bits} grid ±{range}: clipped {low} low, "
                                           "{high} high").format(
            c=c, bits=prepared.bits, range=f"{hist.grid[1]:.4g}", low=hist.clipped_low, high=hist.clipped_high)
        h.show_weights(hist, title)

    def _draw_activations(self, f: LayerFigures, entry) -> None:
        h = self.histograms
        a = f.activations
        if a is None:
            h.show_activations(None, f.activations_note or (
                translate("AnalysisPlots", "no inputs were run: weights only") if not self.analysis.activations_run
                else ""))
            return
        # the record's factors as they are now: the clip range follows an edit at once
        scale_d = _field(entry.value, "scale_d", a.scale_d)
        offset_d = _field(entry.value, "offset_d", a.offset_d)
        lo, hi = quant.clip_range(scale_d, offset_d, a.bits)
        slo, shi = quant.clip_range(a.suggested_scale_d, a.suggested_offset_d, a.bits)
        title = translate("AnalysisPlots", "input: clipped {clipped}%, SQNR {sqnr} dB; clip range [{lo}, {hi}]").format(
            clipped=_pct(a.clipped), sqnr=f"{a.sqnr_db:.2f}", lo=f"{lo:.4g}", hi=f"{hi:.4g}")
        if f.stale:
            title = translate("AnalysisPlots", "{title} (stale: re-run the layer)").format(title=title)
        h.show_activations(a, title, (float(lo), float(hi)), (float(slo), float(shi)))
