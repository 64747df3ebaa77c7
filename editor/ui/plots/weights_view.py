"""The weights review in the plots: scale_w against AMCT's ARQ value from the attached
network's weights (`session.weights`), and resetting scale_w from it.

While a network with weights is attached:
- the Channels plot overlays the ARQ scale_w per channel (a black stair line over the
  bars), marks the channels whose scale_w clips the weights (red ✕: below the ARQ value,
  the range ±(2^(b−1)−1)·scale_w is narrower than the weights) or wastes levels (blue ◆:
  above `waste` times it), plots the ratio scale_w / ARQ on a strip under scale_w (log,
  lines at 1 and at the threshold), and draws the weights' own max and min on the weight
  range row, against the band the record allows;
- the overview has a row with each layer's worst ratio (the channel furthest from 1),
  flagged layers in red;
- *Reset scale_w from weights* sets the selected channel, the span, the shown layer or
  every flagged layer to the ARQ values (offset_w to 0 there, as ARQ gives): one undo step
  each, refused with the reason where a rule refuses the result.
The waste threshold is a spin box in the Channels plot's toolbar.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant, severity
from editor.records.edits.commands import EditCommand
from editor.ui.plots._colors import BLACK, RED, SKY
from editor.ui.plots._menus import SpinAction, extend_view_menu, make_action, menu_action
from editor.ui.plots.channel_overlays import ChannelMarks, ChannelOverlay, OverlayData, OverlayStrip
from editor.ui.plots.layer_values import LayerValues

if TYPE_CHECKING:
    from editor.figures.series import LayerSeries
    from editor.ui.plots.channel_plot import ChannelPlot
    from editor.ui.plots.overview import ModelOverview
    from editor.ui.session import EditSession

#: the key of the weights review in the plots' overlays and series
KEY = "weights"
ARQ_COLOR = BLACK
CLIP_COLOR = RED
WASTE_COLOR = SKY
OVERLAY_NAME = QT_TRANSLATE_NOOP("WeightsView", "ARQ scale_w from the weights")
SERIES_NAME = QT_TRANSLATE_NOOP("WeightsView", "worst scale_w / ARQ")
#: the review follows the waste threshold's spin box this long after its last change
WASTE_DELAY_MS = 300


class WasteAction(SpinAction):
    """The waste threshold as a toolbar action (see `SpinAction`)."""

    LOW, HIGH = 1.01, 1000.0

    def __init__(self, parent: QWidget, value: float) -> None:
        super().__init__(parent, value, translate("WeightsView", "Wastes above ×"),
                         translate("WeightsView", "A channel whose scale_w is more than this many times AMCT's "
                                                  "ARQ value from the weights wastes levels (2: one bit unused); "
                                                  "below 1 it clips the weights"))


class WeightsPlots(QObject):
    """The weights review's overlay, overview series and reset actions over one session's plots."""

    #: a reset was refused, or done: a sentence for the status bar
    message = Signal(str)

    def __init__(self, session: EditSession, channels: ChannelPlot, overview: ModelOverview) -> None:
        super().__init__(channels)
        self.session = session
        self.channels = channels
        self.overview = overview
        self.overlay = ChannelOverlay(translate("WeightsView", OVERLAY_NAME), ARQ_COLOR, self.overlay_data)
        self._shown = False
        # the review changes with every edit: the overview's row is set again once per turn
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.update)
        # a new threshold checks every layer again: once the spin box rests
        self._waste_timer = QTimer(self)
        self._waste_timer.setSingleShot(True)
        self._waste_timer.setInterval(WASTE_DELAY_MS)
        self._waste_timer.timeout.connect(self._apply_waste)
        self._build_actions()
        session.weights.changed.connect(self._timer.start)
        session.networkChanged.connect(lambda _model: self._timer.start())
        self.update()

    # ------------------------------------------------------------------ actions

    def _build_actions(self) -> None:
        plot = self.channels
        self.act_reset_channel = make_action(plot, translate("WeightsView", "Reset channel's scale_w from weights"),
                                             self.reset_channel, "W")
        self.act_reset_span = make_action(plot, translate("WeightsView", "Reset span's scale_w from weights"),
                                          self.reset_span, "Shift+W")
        self.act_reset_layer = make_action(plot, translate("WeightsView", "Reset layer's scale_w from weights"),
                                           self.reset_layer)
        self.act_reset_flagged = make_action(plot, translate("WeightsView", "Reset all flagged layers from weights"),
                                             self.reset_flagged)
        tips = {self.act_reset_channel: translate("WeightsView", "Set the selected channel's scale_w to AMCT's ARQ "
                                                                 "value from the weights"),
                self.act_reset_span: translate("WeightsView", "Set the span's scale_w to AMCT's ARQ values from the "
                                                              "weights"),
                self.act_reset_layer: translate("WeightsView", "Set the whole scale_w of the shown layer to AMCT's "
                                                               "ARQ values"),
                self.act_reset_flagged: translate("WeightsView", "Set scale_w of every layer that clips its weights "
                                                                 "or wastes levels to AMCT's ARQ values (one undo "
                                                                 "step)")}
        for action, tip in tips.items():
            action.setStatusTip(tip)
            action.setToolTip(tip)
        self.act_overlay = make_action(plot, translate("WeightsView", "Weights overlay"), self._toggle_overlay,
                                       checkable=True,
                                       tip=translate("WeightsView", "Show AMCT's ARQ scale_w from the attached "
                                                                    "model's weights, and the ratio of scale_w to it"))
        blocked = self.act_overlay.blockSignals(True)  # no update before everything is built
        self.act_overlay.setChecked(True)
        self.act_overlay.blockSignals(blocked)
        self.act_waste = WasteAction(plot, self.session.weights.waste)
        self.act_waste.valueChanged.connect(self._waste_changed)
        self.menu = QMenu(translate("WeightsView", "Weights"), plot)
        self.menu.setToolTipsVisible(True)
        self.menu.addAction(self.act_overlay)
        self.menu.addSeparator()
        for action in self.reset_actions:
            self.menu.addAction(action)
        bar = plot.toolbar
        bar.addSeparator()
        self.act_menu = menu_action(bar, translate("WeightsView", "Weights"), self.menu)
        bar.addAction(self.act_waste)
        plot.when_rows(self._extend_row_menus)  # the rows are made when a layer is first drawn

    def _extend_row_menus(self) -> None:
        for row in (self.channels.main, self.channels.strip):
            extend_view_menu(row.plot, [*self.reset_actions])

    @property
    def reset_actions(self) -> list[QAction]:
        return [self.act_reset_channel, self.act_reset_span, self.act_reset_layer, self.act_reset_flagged]

    @property
    def actions(self) -> list[QAction | None]:
        """What the Plot menu lists (None: a separator)."""
        return [self.act_overlay, *self.reset_actions]

    # ------------------------------------------------------------------ following the review

    def flush(self) -> None:
        """Apply a pending update now (scripts and tests; the event loop does it otherwise)."""
        if self._waste_timer.isActive():
            self._apply_waste()
        if self._timer.isActive():
            self.update()
        self._update_series()

    def update(self) -> None:
        """Show or hide the overlay and the overview's row, and draw them again."""
        self._timer.stop()
        weights = self.session.weights
        active = weights.active
        for action in (*self.reset_actions, self.act_overlay, self.act_menu, self.act_waste):
            action.setEnabled(active)
        self.act_waste.setVisible(active)
        self.act_menu.setVisible(active)
        show = active and self.act_overlay.isChecked()
        if show != self._shown:
            self._shown = show
            self.channels.set_overlay(KEY, self.overlay if show else None)
        elif show:
            self.channels.refresh_overlays()
        # the overview's row on a turn of its own: each keeps the window responsive
        QTimer.singleShot(0, self, self._update_series)

    def _update_series(self) -> None:
        weights = self.session.weights
        if not weights.active:
            self.overview.set_layer_series(KEY, None)
            return
        ratios, flagged = weights.worst()
        self.overview.set_layer_series(KEY, LayerValues(
            translate("WeightsView", SERIES_NAME), ratios, ARQ_COLOR, log=True, lines=(1.0, weights.waste), flags=flagged,
            fmt=lambda v: f"×{v:.3g}", explain=self._explain, axis="scale_w/ARQ", worse="away",
            # clipping (below 1) or wasting levels (above the threshold) counts towards the severity
            severity=functools.partial(severity.arq_severity, waste=weights.waste), severity_source=severity.ARQ))
        self.overview.flush()  # drawn with its new row now: the overview repaints once

    def _explain(self, i: int) -> str:
        r = self.session.weights.review(i)
        if r is None:
            return ""
        words = []
        if r.clipped.any():
            words.append(translate("WeightsView", "clips the weights in {n}").format(n=int(r.clipped.sum())))
        if r.wasted.any():
            words.append(translate("WeightsView", "wastes levels in {n}").format(n=int(r.wasted.sum())))
        where = (translate("WeightsView", "channel {c}").format(c=r.worst_index) if r.channel_wise
                 else translate("WeightsView", "per tensor"))
        return where + (translate("WeightsView", "; {what} of {n}").format(what=", ".join(words), n=r.scale_w.size)
                        if words else "")

    def _toggle_overlay(self, _on: bool) -> None:
        self.update()

    def _waste_changed(self, _value: float) -> None:
        self._waste_timer.start()  # restarted by each step of the spin box

    def _apply_waste(self) -> None:
        self._waste_timer.stop()
        try:
            self.session.weights.set_waste(self.act_waste.value())
        except ValueError as e:
            self.message.emit(str(e))

    def overlay_data(self, index: int, series: LayerSeries) -> OverlayData | None:
        """The weights overlay of layer entry `index` (None where it has no review)."""
        r = self.session.weights.review(index)
        if r is None or r.scale_w.size != series.scale_w.size:
            return None
        arq = r.arq
        clipped, wasted = np.flatnonzero(r.clipped), np.flatnonzero(r.wasted)
        bits = arq.bits
        q = (1 << (bits - 1)) - 1

        def clip_reason(c: int) -> str:
            return translate("WeightsView", "clips the weights: its range ±{q}·scale_w = ±{range} is narrower "
                                            "than the weights' {boundary}").format(
                q=q, range=f"{r.weight_range[c]:.6g}", boundary=f"{float(arq.boundary[c]):.6g}")

        def waste_reason(c: int) -> str:
            return translate("WeightsView", "wastes levels: {ratio}× the ARQ value (above {waste}×)").format(
                ratio=f"{r.ratio[c]:.3g}", waste=f"{r.waste:g}")

        def describe(c: int) -> str:
            if not 0 <= c < arq.scale.size:
                return ""
            return translate("WeightsView", "ARQ from the weights {arq} (largest |w| {boundary}), "
                                            "scale_w / ARQ ×{ratio}").format(
                arq=quant.f32_str(arq.scale[c]), boundary=quant.f32_str(arq.boundary[c]), ratio=f"{r.ratio[c]:.4g}")

        marks = (ChannelMarks(translate("WeightsView", "clips the weights"), clipped, CLIP_COLOR, "x", clip_reason),
                 ChannelMarks(translate("WeightsView", "wastes levels"), wasted, WASTE_COLOR, "d", waste_reason))
        how = translate("WeightsView", "INT{bits}").format(bits=bits)
        if arq.fusions:
            how += translate("WeightsView", ", {fusions} folded").format(fusions=", ".join(arq.fusions))
        if arq.balanced:
            how += translate("WeightsView", ", tensor_balance_factor applied")
        note = translate("WeightsView", "weights: {clip} clip, {waste} waste ({how})").format(
            clip=clipped.size, waste=wasted.size, how=how)
        return OverlayData(values=arq.scale.astype(np.float64), marks=marks,
                           strip=OverlayStrip("scale_w / ARQ", r.ratio.astype(np.float64), log=True,
                                              lines=(1.0, r.waste)),
                           weight=(arq.wmax.astype(np.float64), arq.wmin.astype(np.float64)),
                           describe=describe, note=note)

    # ------------------------------------------------------------------ resets

    def reset_channel(self) -> str | None:
        """Reset the selected channel's scale_w from the weights; None when done, else why not."""
        plot = self.channels
        channel = plot.selected_channel
        if plot.layer_index is None:
            return self._refused(translate("WeightsView", "no layer is shown"))
        if channel is None or channel[0] not in ("scale_w", "offset_w", "shift_bit"):
            return self._refused(translate("WeightsView", "select a channel of scale_w first (click it in the plot "
                                                          "or the table)"))
        return self._push(self.session.weights.reset_command(plot.layer_index, [channel[1]]))

    def reset_span(self) -> str | None:
        """Reset the span's scale_w from the weights; None when done, else why not."""
        plot = self.channels
        span = plot.span()
        if plot.layer_index is None:
            return self._refused(translate("WeightsView", "no layer is shown"))
        if span is None or plot.span_field != "scale_w":
            return self._refused(translate("WeightsView", "no span on scale_w: show one with Span (R) and drag it "
                                                          "over the channels"))
        return self._push(self.session.weights.reset_command(plot.layer_index, range(span[0], span[1] + 1)))

    def reset_layer(self) -> str | None:
        """Reset the shown layer's whole scale_w from the weights; None when done, else why not."""
        index = self.channels.layer_index
        if index is None:
            return self._refused(translate("WeightsView", "no layer is shown"))
        return self._push(self.session.weights.reset_command(index))

    def reset_flagged(self) -> str | None:
        """Reset every flagged layer's scale_w from the weights in one step; None when done
        (some may have been refused: said in the message), else why not."""
        command, refusals = self.session.weights.reset_all_command()
        if command is None:
            return self._refused("; ".join(refusals) if refusals else
                                 translate("WeightsView", "no layer's scale_w clips its weights or wastes levels"))
        self.session.push(command)
        done = command.text
        if refusals:
            done += translate("WeightsView", " — {n} refused: {reasons}").format(
                n=len(refusals), reasons="; ".join(refusals[:3]))
        self.message.emit(done)
        return None

    def _push(self, got: EditCommand | str) -> str | None:
        if isinstance(got, str):
            return self._refused(got)
        self.session.push(got)
        self.channels.info.setText(translate("WeightsView", "Done: {what}").format(what=got.text))
        self.message.emit(got.text)
        return None

    def _refused(self, reason: str) -> str:
        text = translate("WeightsView", "Not changed: {reason}").format(reason=reason)
        self.channels.info.setText(text)
        self.channels.editRefused.emit(reason)
        self.message.emit(text)
        return reason
