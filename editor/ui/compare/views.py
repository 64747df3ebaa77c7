"""The comparison in the record's own views: marks in the tree, B over A in Channels, and
per-layer changes in the overview.

While a record B is compared with the edited record A (`CompareController`), this puts
what the comparison found where the user already looks, through the views' extension
points (each under the key ``"compare"``):

- the tree (`session.annotations`): a layer row that differs from B gets a mark naming how
  many fields differ, a layer only A has ``only in A``, each differing field row ``≠ B``
  with B's value (or the channels that differ and the largest change) in its tooltip;
- Channels (`ChannelPlot.set_overlay`): B's scale_w over A's bars (a dashed orange line,
  in the legend), the channels that differ beyond the tolerance marked, and B / A per
  channel on a strip of its own (log, a line at 1); hovering a channel says B's value;
- the overview (`ModelOverview.set_layer_series`): per layer the largest factor between
  A's and B's scale_w channels (max(b/a, a/b), from the comparison's |ln(b/a)|) and
  scale_d's B / A, each on a row of its own, layers that differ flagged.

The tree marks and the overview rows come from the last comparison (made again 150 ms
after each edit of A); each mark checks that its row still holds the layer it was made
for. The Channels overlay compares A's values as they are now with B's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QColor

from editor.i18n import translate
from editor.records import quant
from editor.records.diff.rows import RowKind
from editor.records.paths import FieldPath
from editor.ui.annotations import Annotation
from editor.ui.plots.channel_overlays import ChannelMarks, ChannelOverlay, OverlayData, OverlayStrip
from editor.ui.plots.layer_values import LayerValues

if TYPE_CHECKING:
    from editor.figures.series import LayerSeries
    from editor.ui.compare.controller import CompareController
    from editor.ui.plots.panel import PlotsPanel
    from editor.ui.session import EditSession

KEY = "compare"
SCALE_W_SERIES = "compare-scale_w"
SCALE_D_SERIES = "compare-scale_d"
#: both comparison series share one overview row: two ratios around 1 (the largest factor is ≥ 1)
COMPARE_ROW = "compare"
#: B's colour everywhere: an orange apart from A's blue bars and the weights' black line
B_COLOR = QColor("#D35400")
DIFF_COLOR = QColor("#8E44AD")
ONLY_COLOR = QColor("#C0392B")


class CompareViews(QObject):
    """Shows the controller's comparison in the tree, Channels and the overview."""

    def __init__(self, controller: CompareController, session: EditSession, plots: PlotsPanel) -> None:
        super().__init__(controller)
        self.controller = controller
        self.session = session
        self.channels = plots.channels
        self.overview = plots.overview
        #: tree row path -> (the key its entry must hold, the annotation)
        self._marks: dict[FieldPath, tuple[str, Annotation]] = {}
        self._shown = False
        controller.opened.connect(lambda _doc: self.update())
        controller.updated.connect(self.update)
        controller.closed.connect(self.update)

    # ------------------------------------------------------------------ following the comparison

    def update(self) -> None:
        """Show the controller's current result (or take everything away when closed)."""
        c = self.controller
        result = c.result if c.is_open else None
        if result is None:
            if self._shown:
                self._shown = False
                self._marks = {}
                self.session.annotations.set(KEY, None)
                self.channels.set_overlay(KEY, None)
                self.overview.set_layer_series(SCALE_W_SERIES, None)
                self.overview.set_layer_series(SCALE_D_SERIES, None)
            return
        self._marks = self._tree_marks(result)
        name = c.name_b()
        if not self._shown:
            self._shown = True
            self.session.annotations.set(KEY, self.annotate)
            self.channels.set_overlay(KEY, ChannelOverlay(translate("CompareViews", "B: {name}").format(name=name), B_COLOR,
                                                          self.overlay_data,
                                                          style=Qt.PenStyle.DashLine))
        else:
            self.session.annotations.refresh(KEY)
            self.channels.refresh_overlays()
        # the overview's rows later, each on a turn of its own: a new row builds a plot (tens
        # of milliseconds each) and the window stays responsive in between
        QTimer.singleShot(0, self, self._overview_rows)

    def _tree_marks(self, result: Any) -> dict[FieldPath, tuple[str, Annotation]]:
        comparison = result.comparison
        keys = {i: key for key, i, _j, _copy in comparison.pairs}
        keys.update((ref.index, ref.key) for ref in comparison.only_in_a)
        marks: dict[FieldPath, tuple[str, Annotation]] = {}
        by_layer: dict[int, list[str]] = {}
        for row in result.rows:
            i = row.index_a
            if i is None or row.path_a is None or i not in keys:
                continue
            key = keys[i]
            if row.kind is RowKind.ONLY_A:
                marks[row.path_a] = (key, Annotation(
                    translate("CompareViews", "only in A"),
                    translate("CompareViews", "compared: B ({name}) has no layer {key}").format(
                        name=self.controller.name_b(), key=repr(key)), ONLY_COLOR))
            elif row.kind is RowKind.FIELD:
                by_layer.setdefault(i, []).append(row.field)
                if row.vector:
                    tip = translate("CompareViews", "compared with B: {channels} channels differ, the largest change "
                                    "{change} (A {a}, B {b})").format(channels=row.channels, change=row.change,
                                                                        a=row.a, b=row.b)
                else:
                    tip = translate("CompareViews", "compared with B: B has {b} (A {a})").format(a=row.a, b=row.b)
                marks[row.path_a] = (key, Annotation("≠ B", tip, DIFF_COLOR))
        for i, fields in by_layer.items():
            label = (translate("CompareViews", "≠ B: {n} fields") if len(fields) != 1
                     else translate("CompareViews", "≠ B: 1 field")).format(n=len(fields))
            marks[("record", i)] = (keys[i], Annotation(
                label, translate("CompareViews", "compared with B: {fields} differ").format(fields=", ".join(fields)),
                DIFF_COLOR))
        return marks

    def annotate(self, path: FieldPath) -> Annotation | None:
        """The comparison's word on the tree row at `path` (None: nothing)."""
        found = self._marks.get(tuple(path))
        if found is None:
            return None
        key, annotation = found
        if self.session.editor.value(("record", path[1], "key")) != key:
            return None  # A changed since the comparison: the row holds another layer now
        return annotation

    # ------------------------------------------------------------------ Channels

    def _entry_b(self, index: int, key: str) -> Any | None:
        """B's entry paired with A's entry `index` (holding `key`), or None."""
        result = self.controller.result
        message_b = self.controller.message_b
        if result is None or message_b is None:
            return None
        comparison = result.comparison
        row = comparison.row_of_a(index)
        if row is None:
            return None
        pair_key, _i, j, _copy = comparison.pairs[row]
        if pair_key != key or not 0 <= j < len(message_b.record):
            return None
        return message_b.record[j]

    def overlay_data(self, index: int, series: LayerSeries) -> OverlayData | None:
        """B's scale_w over A's entry `index` (None where B has no such layer or no scale_w)."""
        entry_b = self._entry_b(index, series.key)
        if entry_b is None or "scale_w" not in entry_b.value.DESCRIPTOR.fields_by_name:
            return None
        b_all = np.asarray(entry_b.value.scale_w, dtype=np.float32)
        a = np.asarray(series.scale_w, dtype=np.float32)
        n = a.size
        if b_all.size == 0 or n == 0:
            return None
        m = min(n, b_all.size)
        b = np.full(n, np.nan, dtype=np.float64)
        b[:m] = b_all[:m]
        a64 = a.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            ratio = np.where(a64 > 0, b / a64, np.nan)
        c = self.controller
        with np.errstate(invalid="ignore"):
            differ = np.abs(a64[:m] - b[:m]) > c.atol + c.rtol * np.abs(b[:m])
        channels = np.flatnonzero(differ)
        length = "" if b_all.size == n else translate("CompareViews", "; B has {b} values, A {a}").format(b=b_all.size, a=n)
        no_value = translate("CompareViews", "B: no value")
        value = translate("CompareViews", "B {b}, B / A ×{ratio}")

        def describe(ch: int) -> str:
            if not 0 <= ch < m:
                return no_value if 0 <= ch < n else ""
            return value.format(b=quant.f32_str(b[ch]), ratio=f"{ratio[ch]:.6g}")

        tolerance = (translate("CompareViews", " beyond rtol {rtol}, atol {atol}").format(rtol=f"{c.rtol:g}", atol=f"{c.atol:g}")
                     if c.rtol or c.atol else "")
        note = (translate("CompareViews", "B: {k} of {n} channels differ{tolerance}{length}") if m != 1
                else translate("CompareViews", "B: {k} of 1 channel differ{tolerance}{length}")).format(
            k=channels.size, n=m, tolerance=tolerance, length=length)
        marks = ((ChannelMarks(translate("CompareViews", "differs from B"), channels, DIFF_COLOR, "t"),)
                 if channels.size else ())
        return OverlayData(values=b, marks=marks, strip=OverlayStrip("B / A", ratio, log=True, lines=(1.0,)),
                           describe=describe, note=note)

    # ------------------------------------------------------------------ the overview

    def _overview_rows(self, now: bool = False) -> None:
        c = self.controller
        result = c.result if c.is_open else None
        message = self.session.message
        if result is None or message is None:
            return
        comparison = result.comparison
        n = len(message.record) if message is not None and "record" in message.DESCRIPTOR.fields_by_name else 0
        w = np.full(n, np.nan)
        d = np.full(n, np.nan)
        overview = comparison.overview
        rel_d = overview.scale_d_b / np.where(overview.scale_d_a != 0, overview.scale_d_a, np.nan)
        for row, (_key, i, _j, _copy) in enumerate(comparison.pairs):
            if 0 <= i < n:
                w[i] = np.exp(overview.scale_w_log_ratio[row])
                d[i] = rel_d[row]
        w_flags = np.zeros(n, bool)
        d_flags = np.zeros(n, bool)
        for layer in result.differences.layers:
            if 0 <= layer.index_a < n:
                w_flags[layer.index_a] = layer.field("scale_w") is not None
                d_flags[layer.index_a] = layer.field("scale_d") is not None
        name = c.name_b()
        self.overview.set_layer_series(SCALE_W_SERIES, LayerValues(
            translate("CompareViews", "scale_w A↔B, largest factor"), w, B_COLOR, log=True,
            lines=(1.0,), flags=w_flags, fmt=lambda v: f"×{v:.4g}", axis="B ↔ A", row=COMPARE_ROW,
            explain=lambda i: translate("CompareViews", "B: {name}").format(name=name), worse="away"))
        scale_d = LayerValues(translate("CompareViews", "scale_d B / A"), d, DIFF_COLOR, log=True, lines=(1.0,),
                              flags=d_flags, fmt=lambda v: f"×{v:.6g}", axis="B ↔ A", row=COMPARE_ROW,
                              worse="away")
        if not now and self.overview.layer_series(SCALE_D_SERIES) is None:
            QTimer.singleShot(0, self, lambda: self._second_row(scale_d))
        else:
            self.overview.set_layer_series(SCALE_D_SERIES, scale_d)

    def _second_row(self, series: LayerValues) -> None:
        if self._shown and self.overview.layer_series(SCALE_D_SERIES) is None:
            self.overview.set_layer_series(SCALE_D_SERIES, series)

    def flush(self) -> None:
        """Set the overview's rows now (scripts and tests; the event loop does otherwise)."""
        self._overview_rows(now=True)
        self.overview.flush()
