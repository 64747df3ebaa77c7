"""PruneRangesView: the channel ranges of the prune records as horizontal bars.

One row per producer and consumer, grouped per prune record under a header row; a bar
spans the node's ``[begin, end)``. Colours: producer blue, consumer sky blue; width
different from the record's first producer orange; inverted or empty range (begin ≥ end,
or negative) red, hatched; consumer range overlapping the same node's range under other
producers purple; no begin/end grey at the axis. Hover explains, a click selects the node
(the tree follows), and a node selected elsewhere is outlined here.
"""
from __future__ import annotations

import html
import math
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.figures.prune import (
    BAR_INVERTED,
    BAR_MISMATCH,
    BAR_NO_RANGE,
    BAR_OK,
    BAR_OVERLAP,
    PruneBar,
    PruneLayout,
    bar_status_text,
    prune_layout,
)
from editor.i18n import translate
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import FieldPath
from editor.ui.key_labels import labels_for, record_names
from editor.ui.plots._colors import BLACK, BLUE, GREY, ORANGE, PURPLE, RED, SKY, faded
from editor.ui.plots._export import export_image, export_plot_dialog
from editor.ui.plots._labels import text_label
from editor.ui.plots._menus import extend_view_menu, make_action, menu_action
from editor.ui.session import EditSession

#: Pixels the row labels get on the left, at most; a narrow view gives them less (see
#: `label_width`) so the bars keep most of the room.
LABEL_WIDTH = 330
#: ... and at least.
MIN_LABEL_WIDTH = 120


def label_width(view_width: int) -> int:
    """Pixels for the row labels in a view `view_width` wide: 40 % of it, within
    [MIN_LABEL_WIDTH, LABEL_WIDTH]."""
    return int(min(LABEL_WIDTH, max(MIN_LABEL_WIDTH, 0.4 * view_width)))


#: Rows shown when a file opens (more are a scroll away), at most: enough to read every label.
FIRST_ROWS = 28


def bar_colour(bar: PruneBar) -> QColor:
    """The colour a bar is drawn in: by its role while its range is fine, else by what is wrong."""
    if bar.status == BAR_OK:
        return BLUE if bar.role == "producer" else SKY
    return {BAR_MISMATCH: ORANGE, BAR_INVERTED: RED, BAR_OVERLAP: PURPLE, BAR_NO_RANGE: GREY}[bar.status]


def _legend_html() -> str:
    items = [(BLUE, translate("PruneRangesView", "producer")), (SKY, translate("PruneRangesView", "consumer")),
             (ORANGE, translate("PruneRangesView", "width mismatch")),
             (RED, translate("PruneRangesView", "inverted / empty")), (PURPLE, translate("PruneRangesView", "overlap")),
             (GREY, translate("PruneRangesView", "no range (×)"))]
    # a narrow panel wraps the legend between its items, never inside one
    squares = "&nbsp;&nbsp; ".join(f"<span style='color:{c.name()}'>■</span>&nbsp;{t.replace(' ', '&nbsp;')}"
                                   for c, t in items)
    rows = translate("PruneRangesView", "rows: P producer, C consumer, S selective prune")
    return squares + "&nbsp;&nbsp; " + rows.replace(" ", "&nbsp;").replace(",&nbsp;", ", ")


class _RowAxis(pg.AxisItem):
    """Left axis naming each row; thins labels out when rows are too close to read."""

    def __init__(self) -> None:
        super().__init__("left")
        #: row -> (prefix kept whole, texts from the longest to the shortest): a node's name,
        #: without the scope all names share, its unique label (`KeyLabels`, as the tree's);
        #: the first that fits is drawn, else the last cut on the left (a name's end tells
        #: it apart). A header has one text, cut on the right.
        self.labels: dict[int, tuple[str, list[str]]] = {}
        self.headers: set[int] = set()
        self.label_width = LABEL_WIDTH
        self.setWidth(LABEL_WIDTH)
        self._fm = QFontMetrics(QFont())

    def set_labels(self, labels: dict[int, tuple[str, list[str]]], headers: Iterable[int] = ()) -> None:
        self.labels = labels
        self.headers = set(headers)
        self.picture = None
        self.update()

    def set_label_width(self, width: int) -> None:
        if width != self.label_width:
            self.label_width = width
            self.setWidth(width)
            self.picture = None
            self.update()

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[int]]]:
        minVal, maxVal = sorted((minVal, maxVal))  # an inverted axis gives them the other way
        lo, hi = math.ceil(minVal), math.floor(maxVal)
        if hi < lo or not self.labels:
            return []
        px_per_row = size / max(maxVal - minVal, 1e-9)
        stride = max(1, math.ceil(14 / px_per_row))
        rows = [r for r in range(max(lo, 0), hi + 1) if r in self.labels and r % stride == 0] \
            if hi - lo < 20000 else []
        return [(float(stride), rows)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        out = []
        for v in values:
            row = round(v)
            prefix, texts = self.labels.get(row, ("", [""]))
            room = self.label_width - 16 - self._fm.horizontalAdvance(prefix)
            text = next((t for t in texts if self._fm.horizontalAdvance(t) <= room), texts[-1])
            # a header keeps its start ("prune record 27 — …"). A label wider than the axis
            # would not be drawn at all.
            mode = Qt.TextElideMode.ElideRight if row in self.headers else Qt.TextElideMode.ElideLeft
            out.append(prefix + self._fm.elidedText(text, mode, room))
        return out


class PruneRangesView(QWidget):
    """Bars of the prune records' channel ranges; follows the session's record, problems and
    selection."""

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.layout_data = PruneLayout([], {}, {}, 0)
        self._only_selected = False
        self._stale = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._refresh_if_shown)
        self._build()
        session.recordChanged.connect(self._on_record_changed)
        session.problems.problemsChanged.connect(self._timer.start)
        self.session.selection.changed.connect(self._on_selection)
        self.refresh(autorange=True)

    def _build(self) -> None:
        self.title = text_label(translate("PruneRangesView", "Prune ranges"))
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.summary = text_label()
        self.legend = text_label(_legend_html(), rich=True)
        self.legend.setWordWrap(True)
        self.info = text_label(" ")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.axis = _RowAxis()
        self.plot_widget = pg.PlotWidget(axisItems={"left": self.axis})
        self.plot = self.plot_widget.getPlotItem()
        self.plot.hideButtons()
        self.plot.invertY(True)
        self.plot.showGrid(x=True, y=False, alpha=0.25)
        self.plot.setLabel("bottom", translate("PruneRangesView", "channel"))
        self.plot.getAxis("bottom").setZValue(1)
        self.bars = pg.BarGraphItem(x0=[], width=[], y=[], height=0.7, pen=None, brush=None)
        self.plot.addItem(self.bars)
        self.outline = pg.BarGraphItem(x0=[], width=[], y=[], height=0.9, brush=None,
                                       pen=pg.mkPen(BLACK, width=2.5))
        self.outline.setZValue(2)
        self.plot.addItem(self.outline)
        self.group_band = pg.LinearRegionItem(values=(0, 1), orientation="horizontal", movable=False,
                                              brush=faded(PURPLE, 30), pen=pg.mkPen(None))
        self.group_band.setZValue(-10)
        self.group_band.hide()
        self.plot.addItem(self.group_band, ignoreBounds=True)
        self.missing = pg.ScatterPlotItem(symbol="x", size=10, brush=GREY, pen=pg.mkPen(GREY, width=2))
        self.plot.addItem(self.missing)
        scene = self.plot_widget.scene()
        scene.sigMouseMoved.connect(self._on_mouse_moved)
        scene.sigMouseClicked.connect(self._on_mouse_clicked)

        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.plot_widget)

        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        # actions only, no bare widgets: a narrow toolbar offers what it cannot show in its » menu
        self.act_only = make_action(self, translate("PruneRangesView", "Selected prune record only"),
                                    self.set_only_selected, "S", checkable=True,
                                    tip=translate("PruneRangesView", "Show only the prune record selected in the tree (S)"))
        self.act_view_all = make_action(self, translate("PruneRangesView", "View all rows"), self.view_all, "Home")
        self.act_next = make_action(self, translate("PruneRangesView", "Next problem"),
                                    lambda: self._jump_problem(1), "N")
        self.act_prev = make_action(self, translate("PruneRangesView", "Previous problem"),
                                    lambda: self._jump_problem(-1), "Shift+N")
        self.act_png = make_action(self, translate("PruneRangesView", "Export plot (PNG/SVG)…"),
                                   lambda: export_plot_dialog(self, self, "prune_ranges"))
        bar.addAction(self.act_only)
        bar.addAction(self.act_prev)
        bar.addAction(self.act_next)
        bar.addAction(self.act_view_all)
        menu = QMenu(translate("PruneRangesView", "Export"), self)
        menu.addAction(self.act_png)
        self.act_export = menu_action(bar, translate("PruneRangesView", "Export"), menu)
        extend_view_menu(self.plot, [self.act_only, self.act_next, self.act_prev, None, self.act_png])

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
        if self._timer.isActive() or self._stale:
            self.refresh()

    def _refresh_if_shown(self) -> None:
        # a tab the user is not looking at redraws when it is shown: laying out the bars of
        # 500 prune records takes a noticeable moment right when a big file has opened
        if self.window().isVisible() and not self.isVisible():
            self._stale = True
        else:
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()
            self._show_selected(scroll=True)  # what was selected while this tab was hidden

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.axis.set_label_width(label_width(event.size().width()))

    def _on_record_changed(self, change: RecordChange) -> None:
        # a layer edit cannot move a bar; its findings come with the prune records' own
        if change.kind is ChangeKind.RESET:
            self.info.setText(" ")  # it spoke of the record that was open before
        if change.kind is ChangeKind.RESET or change.field == "prune_record":
            self._timer.start()

    def refresh(self, autorange: bool = False) -> None:
        """Recompute the bars from the record and update the items in place."""
        self._timer.stop()
        self._stale = False
        msg = self.session.message
        if msg is None or "prune_record" not in msg.DESCRIPTOR.fields_by_name:
            self._empty(translate("PruneRangesView", "This dialect has no prune records.") if msg is not None
                        else translate("PruneRangesView", "No record is open."))
            return
        if not len(msg.prune_record):
            self._empty(translate("PruneRangesView", "This record has no prune records."))
            return
        records = None
        j = self.session.selection.prune_index
        if self._only_selected and j is not None and 0 <= j < len(msg.prune_record):
            records = [j]
        before = self.layout_data.rows
        problems = [p for p in self.session.problems.problems if p.prune_index is not None]
        lay = prune_layout(msg, records, problems)
        self.layout_data = lay
        self.stack.setCurrentWidget(self.plot_widget)
        drawn = [b for b in lay.bars if b.drawn]
        x0, width = [], []
        for b in drawn:
            lo, hi = b.extent
            # an empty range still needs a visible mark
            left, right = (lo - 0.15, hi + 0.15) if lo == hi else (lo, hi)
            x0.append(left)
            width.append(right - left)
        brushes = [QBrush(bar_colour(b), Qt.BrushStyle.BDiagPattern) if b.status == BAR_INVERTED
                   else QBrush(bar_colour(b)) for b in drawn]
        pens = [pg.mkPen(bar_colour(b).darker(140), width=1) for b in drawn]
        # (pyqtgraph 0.14 fails on empty per-bar lists: give None then)
        self.bars.setOpts(x0=np.array(x0, dtype=np.float64), width=np.array(width, dtype=np.float64),
                          y=np.array([b.row for b in drawn], dtype=np.float64), height=0.7,
                          brushes=brushes or None, pens=pens or None)
        missing = [b for b in lay.bars if b.status == BAR_NO_RANGE]  # an × at channel 0
        self.missing.setData(x=np.zeros(len(missing)), y=np.array([b.row for b in missing], dtype=np.float64))
        labels: dict[int, tuple[str, list[str]]] = {r: ("", [t]) for r, t in lay.headers.items()}
        # the names shortened as the tree shortens them: the same labels, as unique
        short = labels_for(record_names(msg))
        for b in lay.bars:
            typed = f" · {b.op_type}" if b.op_type and not b.name.endswith(b.op_type) else ""
            texts = list(dict.fromkeys(t + typed for t in (b.name, short.scoped(b.name), short.label(b.name))))
            labels[b.row] = ({"producer": "P  ", "consumer": "C  "}.get(b.role, "S  "), texts)
        self.axis.set_labels(labels, set(lay.headers))
        counts = lay.counts()
        bad = [translate("PruneRangesView", "{n} {status}").format(n=counts[s], status=bar_status_text(s))
               for s in (BAR_MISMATCH, BAR_INVERTED, BAR_OVERLAP, BAR_NO_RANGE) if counts[s]]
        n = len(msg.prune_record)
        if records is not None:
            head = translate("PruneRangesView", "1 of {n} prune records, {nodes} nodes — ")
        elif n == 1:
            head = translate("PruneRangesView", "{n} prune record, {nodes} nodes — ")
        else:
            head = translate("PruneRangesView", "{n} prune records, {nodes} nodes — ")
        self.summary.setText("   " + head.format(n=n, nodes=len(lay.bars))
                             + (", ".join(bad) if bad else translate("PruneRangesView", "no range problems")))
        ends = [b.extent[1] for b in drawn]
        self.plot.vb.setLimits(yMin=-1.5, yMax=lay.rows + 1.5, xMin=-max(ends or [1]) * 0.5,
                               xMax=max(ends or [1]) * 1.5 + 1)
        self._show_selected(scroll=False)
        if autorange or before != lay.rows:
            self.view_all()

    def _empty(self, text: str) -> None:
        self.layout_data = PruneLayout([], {}, {}, 0)
        self.empty.setText(text)
        self.stack.setCurrentWidget(self.empty)
        self.summary.setText("")

    def view_all(self) -> None:
        """Show every channel and the first rows (all of them when few)."""
        lay = self.layout_data
        ends = [b.extent[1] for b in lay.bars if b.drawn]
        right = max(ends) if ends else 1
        self.plot.setXRange(0, right, padding=0.02)
        self.plot.setYRange(-0.6, min(lay.rows, self.first_rows()) + 0.6, padding=0)

    def first_rows(self) -> int:
        """Rows a fresh view shows: FIRST_ROWS, fewer where the plot is too short to label
        each of them (16 pixels a row)."""
        height = self.plot.vb.height()
        if height <= 0:
            return FIRST_ROWS
        # (the view adds 0.6 of a row above and below)
        return max(6, min(FIRST_ROWS, int(height / 16 - 1.2)))

    def set_only_selected(self, on: bool) -> None:
        """Show only the selected prune record (True) or all of them."""
        on = bool(on)
        if self.act_only.isChecked() != on:
            self.act_only.setChecked(on)  # comes back here through toggled
            return
        self._only_selected = on
        self.refresh(autorange=True)

    # ------------------------------------------------------------------ interaction

    def _row_at(self, scene_pos: QPointF) -> int | None:
        vb = self.plot.vb
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        return round(vb.mapSceneToView(scene_pos).y())

    def describe(self, bar: PruneBar) -> str:
        """What hovering a bar shows: the node, its range and what is wrong with it."""
        role = bar.role if bar.role == "selective_prune" else f"{bar.role} {bar.node_index}"
        text = translate("PruneRangesView", "prune record {index}, {role}: {name}").format(
            index=bar.prune_index, role=role, name=repr(bar.name))
        if bar.op_type:
            text += f" ({bar.op_type})"
        if bar.begin is not None and bar.end is not None:
            text += translate("PruneRangesView", " — channels [{begin}, {end}), {width} wide").format(
                begin=bar.begin, end=bar.end, width=bar.end - bar.begin)
        if bar.notes:
            text += "\n" + "\n".join(f"• {n}" for n in bar.notes)
        return text

    def _on_mouse_moved(self, pos: QPointF) -> None:
        row = self._row_at(pos)
        if row is None:
            return
        bar = self.layout_data.bar_at(row)
        if bar is not None:
            self.info.setText(self.describe(bar))
        elif row in self.layout_data.headers:
            self.info.setText(self.layout_data.headers[row])

    def _on_mouse_clicked(self, ev: MouseClickEvent) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        row = self._row_at(ev.scenePos())
        if row is None:
            return
        bar = self.layout_data.bar_at(row)
        if bar is not None:
            self.session.selection.select(bar.path, source=self)
            return
        for j, (first, _last) in self.layout_data.groups.items():
            if row == first:
                self.session.selection.select(("prune_record", j), source=self)

    def _jump_problem(self, step: int) -> None:
        bars = [b for b in self.layout_data.bars if b.status != BAR_OK]
        if not bars:
            self.info.setText(translate("PruneRangesView", "No range problems in the prune records shown."))
            return
        path = self.session.selection.path
        current = next((i for i, b in enumerate(bars) if b.path == tuple(path)), None)
        i = (0 if step > 0 else len(bars) - 1) if current is None else (current + step) % len(bars)
        self.session.selection.select(bars[i].path, source=None)

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if self._only_selected and self.session.selection.prune_index is not None:
            shown = [b.prune_index for b in self.layout_data.bars[:1]]
            if shown != [self.session.selection.prune_index]:
                self.refresh(autorange=True)
                return
        self._show_selected(scroll=source is not self)

    def _selected_bars(self) -> list[PruneBar]:
        path = tuple(self.session.selection.path)
        lay = self.layout_data
        if len(path) >= 3 and path[0] == "prune_record" and path[2] == "selective_prune":
            return [b for b in lay.bars if b.path == path[:3]]
        if len(path) >= 4 and path[0] == "prune_record":
            return [b for b in lay.bars if b.path == path[:4]]
        if len(path) >= 2 and path[0] == "record" and isinstance(path[1], int):
            try:
                key = self.session.editor.value(("record", path[1], "key"))
            except LookupError:
                return []
            return [b for b in lay.bars if b.name == key]
        return []

    def _show_selected(self, scroll: bool) -> None:
        selected = self._selected_bars()
        bars = [b for b in selected if b.drawn]
        x0, width = [], []
        for b in bars:
            lo, hi = b.extent
            x0.append(lo - 0.15 if lo == hi else lo)
            width.append(0.3 if lo == hi else hi - lo)
        self.outline.setOpts(x0=np.array(x0, dtype=np.float64), width=np.array(width, dtype=np.float64),
                             y=np.array([b.row for b in bars], dtype=np.float64), height=0.9)
        j = self.session.selection.prune_index
        group = self.layout_data.groups.get(j) if j is not None else None
        if group is not None:
            self.group_band.setRegion((group[0] - 0.5, group[1] + 0.5))
            self.group_band.show()
        else:
            self.group_band.hide()
        rows = [b.row for b in selected]
        if group is not None and not rows:
            rows = [group[0], group[1]]
        if rows and scroll:
            y0, y1 = self.plot.vb.viewRange()[1]
            if min(rows) < y0 or max(rows) > y1:
                height = y1 - y0
                top = max(min(rows) - 2, -0.6)
                self.plot.setYRange(top, top + height, padding=0)
        if len(selected) == 1:
            self.info.setText(self.describe(selected[0]))

    def export_image(self, path: str | Path, caption: bool = True) -> None:
        """Save the bars as PNG or SVG (by the suffix of `path`), under the view's title,
        summary and legend (unless `caption` is False)."""
        self.flush()
        text = (f"<b>{html.escape(self.title.text())}</b>{html.escape(self.summary.text())}<br>"
                f"{self.legend.text()}")
        export_image(self.plot_widget.scene(), path, text if caption else None)
