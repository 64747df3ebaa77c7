"""The channel plot's span: a run of channels of one scale vector, and the edits made on it.

The span is a `LinearRegionItem` on the scale_w row or the balance-factor row (key R),
snapped to whole channels. Its edits — multiply, clamp, set to the layer median, set to
another channel's value — are computed by `_data.span_values`, judged by
the session's one check on the channels they change, and pushed as one `SetSpanCommand`;
a refused edit shows the reason in the plot's info line and in `ChannelPlot.editRefused`.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QToolBar

from editor.figures.series import OUTPUT_FIELDS
from editor.i18n import translate
from editor.records import quant
from editor.records.edits.span import SetSpanCommand
from editor.ui.plots._channel_rows import ScaleRow
from editor.ui.plots._data import span_values
from editor.ui.plots._menus import make_action, menu_action

if TYPE_CHECKING:
    from editor.ui.plots.channel_plot import ChannelPlot


class SpanEdits:
    """The span of a `ChannelPlot` and its edit actions (which live on the plot, so their
    shortcuts work wherever the focus is inside it)."""

    def __init__(self, plot: ChannelPlot) -> None:
        self.plot = plot
        self.field = "scale_w"
        self._on = False
        self._snapping = False
        self._note = ""  # the last span edit done, shown with the span
        self._noted_span: tuple[int, int] | None = None

    def attach_rows(self) -> None:
        """The plot's rows were made: follow their span handles."""
        plot = self.plot
        plot.main.region.sigRegionChangeFinished.connect(lambda: self._snap_region(plot.main))
        plot.tbf.region.sigRegionChangeFinished.connect(lambda: self._snap_region(plot.tbf))

    @property
    def rows(self) -> dict[str, ScaleRow]:
        """The rows a span can lie on, by their field."""
        return {"scale_w": self.plot.main, "tensor_balance_factor": self.plot.tbf}

    def build_actions(self, bar: QToolBar) -> None:
        """The span's actions on the plot, their toolbar button and menu on `bar`."""
        plot = self.plot
        self.act_span = make_action(plot, translate("SpanEdits", "Span"), self._toggle, "R", checkable=True,
                                    tip=translate("SpanEdits", "Show a channel span to edit (R); drag its edges"))
        self.act_multiply = make_action(plot, translate("SpanEdits", "Multiply span by…"), self._ask_multiply, "M")
        self.act_clamp = make_action(plot, translate("SpanEdits", "Clamp span to…"), self._ask_clamp, "C")
        self.act_median = make_action(plot, translate("SpanEdits", "Set span to layer median"), self.median, "D")
        self.act_copy = make_action(plot, translate("SpanEdits", "Set span to channel…"), self._ask_copy, "V")
        self.act_hide = make_action(plot, translate("SpanEdits", "Hide span"),
                                    lambda: self.act_span.setChecked(False), "Esc")
        bar.addAction(self.act_span)
        self.menu = QMenu(translate("SpanEdits", "Edit span"), plot)
        for a in self.edit_actions:
            self.menu.addAction(a)
        self.act_menu = menu_action(bar, translate("SpanEdits", "Edit span"), self.menu)

    @property
    def edit_actions(self) -> list[QAction]:
        """Multiply, clamp, median, copy: enabled while a span is shown."""
        return [self.act_multiply, self.act_clamp, self.act_median, self.act_copy]

    # ------------------------------------------------------------------ the span

    def _toggle(self, on: bool) -> None:
        plot = self.plot
        if not on:
            self._on = False
            if plot.rows_built:  # (else no span was ever drawn)
                plot.main.region.hide()
                plot.tbf.region.hide()
            self.update_text()
            return
        s = plot.series
        channel = plot.selected_channel
        on_inputs = (channel is not None and channel[0] == "tensor_balance_factor") \
            or (s is not None and not s.scale_w.size)
        field = "tensor_balance_factor" if on_inputs else "scale_w"
        n = s.vector(field).size if s is not None else 0
        if not n:
            self.act_span.setChecked(False)
            return
        group = ("tensor_balance_factor",) if on_inputs else OUTPUT_FIELDS
        if channel is not None and channel[0] in group:
            c = min(channel[1], n - 1)
            lo, hi = c, c
        else:
            vb = self.rows[field].plot.vb
            x0, x1 = vb.viewRange()[0]
            mid, half = (x0 + x1) / 2, max((x1 - x0) / 10, 0.5)
            lo, hi = round(mid - half), round(mid + half)
        self.set(lo, hi, field)

    def hide(self) -> None:
        """Take the span away (another layer is shown)."""
        self.act_span.setChecked(False)

    def set(self, lo: int, hi: int, field: str = "scale_w") -> None:
        """Show the span over channels lo..hi (inclusive) of `field` (scale_w or tensor_balance_factor)."""
        plot = self.plot
        s = plot.series
        n = s.vector(field).size if s is not None else 0
        if not n:
            raise ValueError(translate("SpanEdits", "the shown layer has no {field}").format(field=field))
        lo, hi = sorted((int(lo), int(hi)))
        lo, hi = max(lo, 0), min(hi, n - 1)
        self.field = field
        row = self.rows[field]
        other = plot.tbf if row is plot.main else plot.main
        other.region.hide()
        row.region.setBounds((-0.5, n - 0.5))
        self._snapping = True
        row.region.setRegion((lo - 0.5, hi + 0.5))
        self._snapping = False
        row.region.show()
        self._on = True
        if not self.act_span.isChecked():
            self.act_span.blockSignals(True)
            self.act_span.setChecked(True)
            self.act_span.blockSignals(False)
        self.update_text()

    def span(self) -> tuple[int, int] | None:
        """(first, last) channel of the span, or None when no span is shown."""
        if not self._on:
            return None
        row = self.rows[self.field]
        a, b = row.region.getRegion()
        lo, hi = math.ceil(a), math.floor(b)
        return (lo, hi) if hi >= lo else None

    def _snap_region(self, row: ScaleRow) -> None:
        if self._snapping:
            return
        a, b = row.region.getRegion()
        n = row.y.size
        lo = min(max(round(a + 0.5), 0), max(n - 1, 0))
        hi = min(max(round(b - 0.5), lo), max(n - 1, 0))
        self._snapping = True
        row.region.setRegion((lo - 0.5, hi + 0.5))
        self._snapping = False
        self.update_text()

    def forget_note(self) -> None:
        """Stop saying which edit was done last (it was said of a layer no longer shown)."""
        self._note = ""

    def update_text(self) -> None:
        """Enable the edits while there is a span, and say what it covers in the info line."""
        sp = self.span()
        for a in self.edit_actions:
            a.setEnabled(sp is not None)
        if sp != self._noted_span:
            self._note = ""  # it was said of another span
        if sp is not None:
            lo, hi = sp
            done = translate("SpanEdits", "Done: {what}. ").format(what=self._note) if self._note else ""
            where = f"{self.field}[{lo}–{hi}]"
            text = (translate("SpanEdits", "span: {where}, {n} channels — Edit span (M, C, D, V) or drag its edges")
                    if hi > lo else
                    translate("SpanEdits", "span: {where}, {n} channel — Edit span (M, C, D, V) or drag its edges"))
            self.plot.info.setText(done + text.format(where=where, n=hi - lo + 1))

    # ------------------------------------------------------------------ edits

    def multiply(self, k: float) -> str | None:
        """Multiply the span's values by `k`; None when done, else why not."""
        return self._edit("multiply", k=k)

    def clamp(self, a: float, b: float) -> str | None:
        """Clamp the span's values to [a, b]; None when done, else why not."""
        return self._edit("clamp", a=a, b=b)

    def median(self) -> str | None:
        """Set the span to the layer's median value; None when done, else why not."""
        return self._edit("median")

    def copy_channel(self, source: int) -> str | None:
        """Set the span to the value of channel `source`; None when done, else why not."""
        return self._edit("copy", source=source)

    def _edit(self, op: str, **params: Any) -> str | None:
        reason = self._try_edit(op, params)
        if reason is not None:
            self._refused(reason)
        return reason

    def _refused(self, reason: str) -> None:
        self.plot.info.setText(translate("SpanEdits", "Not changed: {reason}").format(reason=reason))
        self.plot.editRefused.emit(reason)

    def _try_edit(self, op: str, params: dict[str, Any]) -> str | None:
        plot = self.plot
        plot.flush()  # the values as they are now, not as last drawn
        s = plot.series
        index = plot.layer_index
        if s is None or index is None:
            return translate("SpanEdits", "no layer is shown")
        sp = self.span()
        if sp is None:
            return translate("SpanEdits", "no span: show one with Span (R) and drag it over the channels to change")
        field = self.field
        values = s.vector(field)
        lo, hi = sp
        try:
            new = span_values(op, values, lo, hi, **params)
        except ValueError as e:
            return str(e)
        what = f"{field}[{lo}–{hi}]" if hi > lo else f"{field}[{lo}]"
        layer = (translate("SpanEdits", "layer {key}").format(key=repr(s.key)) if s.key
                 else translate("SpanEdits", "layer {index}").format(index=index))
        # the undo command's text: Edit ▸ Undo shows it
        text = {"multiply": lambda: translate("SpanEdits", "Multiply {what} of {layer} by {k}").format(
                    what=what, layer=layer, k=f"{params['k']:g}"),
                "clamp": lambda: translate("SpanEdits", "Clamp {what} of {layer} to [{a}, {b}]").format(
                    what=what, layer=layer, a=quant.f32_str(params["a"]), b=quant.f32_str(params["b"])),
                "median": lambda: translate("SpanEdits", "Set {what} of {layer} to the median {value}").format(
                    what=what, layer=layer, value=quant.f32_str(new[0])),
                "copy": lambda: translate("SpanEdits", "Set {what} of {layer} to {source}").format(
                    what=what, layer=layer, source=f"{field}[{params['source']}]")}[op]()
        session = plot.session
        command = SetSpanCommand(session.editor, index, field, lo, new, text)
        if command.obsolete:
            plot.info.setText(translate("SpanEdits", "{what} already has these values; nothing to change").format(
                what=what))
            return None
        # judged on the channels it changes: the vector's other values count as 1.0, so a
        # problem elsewhere in it (or a broken channel the edit leaves as it was, such as a 0
        # multiplied by 2) neither hides a new one nor blocks an unrelated edit
        problem = session.push_checked(command, alone=True)
        if problem is not None:
            return problem.message
        self._note = text  # kept in the span line until the span moves or another layer shows
        self._noted_span = sp
        self.update_text()
        return None

    # ------------------------------------------------------------------ the dialogs behind the menu

    def _words(self) -> str:
        sp = self.span()
        return f"{self.field}[{sp[0]}–{sp[1]}]" if sp else self.field

    def _ask_float(self, title: str, label: str, default: str) -> list[float] | None:
        text, ok = QInputDialog.getText(self.plot, title, label, text=default)
        if not ok:
            return None
        try:
            return [float(t) for t in text.replace(";", ",").split(",") if t.strip()]
        except ValueError:
            self._refused(translate("SpanEdits", "{text} is not a number (write e.g. 2, 0.5 or 1e-3)").format(
                text=repr(text)))
            return None

    def _ask_multiply(self) -> None:
        if self.span() is None:
            self._edit("multiply", k=1.0)
            return
        got = self._ask_float(translate("SpanEdits", "Multiply span"),
                              translate("SpanEdits", "Multiply {what} by:").format(what=self._words()), "2")
        if got is not None:
            if len(got) != 1:
                self._refused(translate("SpanEdits", "give one factor"))
            else:
                self.multiply(got[0])

    def _ask_clamp(self) -> None:
        s = self.plot.series
        if self.span() is None or s is None:
            self._edit("clamp", a=0.0, b=0.0)
            return
        fence = s.outliers_of(self.field).fence
        default = f"{quant.f32_str(fence[0])}, {quant.f32_str(fence[1])}" if fence else ""
        got = self._ask_float(translate("SpanEdits", "Clamp span"),
                              translate("SpanEdits", "Clamp {what} to [a, b] (a, b):").format(what=self._words()),
                              default)
        if got is not None:
            if len(got) != 2:
                self._refused(translate("SpanEdits", "give two bounds: a, b"))
            else:
                self.clamp(got[0], got[1])

    def _ask_copy(self) -> None:
        sp = self.span()
        s = self.plot.series
        if sp is None or s is None:
            self._edit("copy", source=0)
            return
        n = s.vector(self.field).size
        default = sp[0] - 1 if sp[0] > 0 else min(sp[1] + 1, n - 1)
        c, ok = QInputDialog.getInt(self.plot, translate("SpanEdits", "Set span to a channel's value"),
                                    translate("SpanEdits", "Set {what} to the value of channel:").format(
                                        what=self._words()), default, 0, n - 1)
        if ok:
            self.copy_channel(c)

