"""GraphView: the attached model's network, drawn in layers and coloured by a figure of the
record — the Graph tab beside the overview.

When a network is attached (`session.networkChanged`), a `LayoutWorker` thread picks the
layers to draw and lays them out (`editor.graph`); the boxes are then put on the scene a
slice at a time, so that a 700-layer network never holds the window up. Each box is coloured
by the figure chosen above the graph, out of the overview's (`ModelOverview.layer_figures`:
the problems, the outliers, the spread of scale_w and every per-layer series — the weights
review's scale_w/ARQ, a comparison's changes, anything added there later), with a legend;
a layer no record entry names is grey (it stays float).

A click on a box selects its layer everywhere (the shared selection); a layer selected
elsewhere is centred. Find (/) marks the layers whose name holds the text, Return walks them.
Zoom with the wheel or +/−, pan by dragging or with the arrows, Home fits. Export writes the
whole graph as PNG or SVG, or the figure as Model Explorer's node data
(`editor.graph.model_explorer`).
"""
from __future__ import annotations

import html
import math
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QRectF, QSize, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QTextDocument
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QGraphicsPathItem,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.graph import model_explorer
from editor.graph.figures import (
    NO_RECORD,
    NO_VALUE,
    RAMP,
    LayerFigure,
    Legend,
    NodeFigure,
    Paint,
    node_entries,
    node_figure,
    paint,
)
from editor.i18n import translate
from editor.models import Model
from editor.records.paths import FieldPath
from editor.ui.graph.canvas import GraphCanvas
from editor.ui.graph.items import NodeItem, node_fonts
from editor.ui.graph.worker import LaidOut, LayoutWorker
from editor.ui.plots._export import ask_path, caption_document
from editor.ui.plots._labels import text_label
from editor.ui.plots._menus import make_action, menu_action
from editor.ui.session import EditSession

if TYPE_CHECKING:
    from editor.ui.plots.overview import ModelOverview

#: boxes put on the scene per turn of the event loop
SLICE = 50
#: a box's height
NODE_HEIGHT = 34.0
#: the longest side of an exported PNG, in pixels (a 700-layer network is tens of thousands
#: of scene units tall)
PNG_LIMIT = 16000
#: the figure shown when none was chosen: the first of these the overview offers
DEFAULT_FIGURES = ("severity", "problems")


def _swatch(colour: str, frame: str = "#808080") -> str:
    return (f"<span style='background-color:{colour}; color:{colour}; border:1px solid {frame}'>"
            "&nbsp;&nbsp;&nbsp;</span>")


class GraphView(QWidget):
    """The Graph tab (module docstring). `laidOut` follows each finished drawing (all boxes
    on the scene); `recoloured` each colouring."""

    laidOut = Signal()
    recoloured = Signal()

    def __init__(self, session: EditSession, overview: ModelOverview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.overview = overview
        self.laid: LaidOut | None = None
        self.items: list[NodeItem] = []
        self.figures: list[LayerFigure] = []
        self.figure_key = ""
        self.node_figure = NodeFigure(None, np.zeros(0))
        self.painted = Paint([], np.zeros(0), Legend())
        self._entry_node: dict[int, int] = {}
        self._worker: LayoutWorker | None = None
        self._pending: list[int] = []
        self._matches: list[int] = []
        self._match_at = -1
        self._selected = -1
        self._fonts = node_fonts(QFont(self.font()))
        self._build()
        session.networkChanged.connect(self._network_changed)
        overview.refreshed.connect(self._refresh_figures)
        session.selection.changed.connect(self._on_selection)
        self._refresh_figures()
        self._network_changed(session.network)

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        self.scene = QGraphicsScene(self)
        self.scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.canvas = GraphCanvas(self.scene)
        self.canvas.setBackgroundBrush(QColor("#ffffff"))
        self.canvas.nodeClicked.connect(self.click_node)
        self.canvas.nodeHovered.connect(self._on_hover)
        #: the edges' path items (lines and arrowheads, by band)
        self.edge_items: list[QGraphicsPathItem] = []

        self.empty = QLabel()
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty)
        self.stack.addWidget(self.canvas)

        self.title = text_label()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.chooser = QComboBox()
        self.chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.chooser.setToolTip(translate("GraphView", "The figure of the record the layers are coloured by"))
        self.chooser.activated.connect(self._chosen)
        self.search = QLineEdit()
        self.search.setPlaceholderText(translate("GraphView", "Find layer (/)"))
        self.search.setClearButtonEnabled(True)
        self.search.setMaximumWidth(220)
        self.search.textChanged.connect(self.find_layers)
        self.search.returnPressed.connect(lambda: self.next_match(1))
        self.completer = QCompleter([], self.search)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.search.setCompleter(self.completer)

        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.setIconSize(QSize(1, 1))
        self.toolbar = bar
        self.act_fit = make_action(self, translate("GraphView", "Fit"), self.canvas.fit, "Home",
                                   tip=translate("GraphView", "Show the whole graph (Home)"))
        self.act_zoom_in = make_action(self, translate("GraphView", "Zoom In"), lambda: self.canvas.zoom_by(1.25), "+")
        self.act_zoom_out = make_action(self, translate("GraphView", "Zoom Out"), lambda: self.canvas.zoom_by(0.8), "-")
        self.act_find = make_action(self, translate("GraphView", "Find Layer"), self._focus_search, "/",
                                    tip=translate("GraphView", "Find a layer of the graph by name (/)"))
        self.act_image = make_action(self, translate("GraphView", "Export Graph (PNG/SVG)…"), self._export_image_dialog)
        self.act_explorer = make_action(self, translate("GraphView", "Export to Model Explorer…"),
                                        self._export_explorer_dialog,
                                        tip=translate("GraphView", "Write the figure shown as node data for Google "
                                                                   "Model Explorer"))
        bar.addAction(self.act_fit)
        menu = QMenu(translate("GraphView", "Export"), self)
        menu.addAction(self.act_image)
        menu.addAction(self.act_explorer)
        self.act_export = menu_action(bar, translate("GraphView", "Export"), menu)
        for action in (self.act_zoom_in, self.act_zoom_out, self.act_find):
            self.addAction(action)

        self.legend = text_label(rich=True)
        self.legend.setWordWrap(True)
        self.info = text_label(" ")
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.info.setWordWrap(True)

        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addWidget(QLabel(translate("GraphView", "Colour by")))
        head.addWidget(self.chooser)
        head.addWidget(self.search)
        head.addStretch(1)
        head.addWidget(bar)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(head)
        box.addWidget(self.legend)
        box.addWidget(self.stack, 1)
        box.addWidget(self.info)

    def actions_list(self) -> list:
        """The view's actions, for the window's Plot menu."""
        return [self.act_fit, self.act_zoom_in, self.act_zoom_out, self.act_find, None, self.act_image,
                self.act_explorer]

    # ------------------------------------------------------------------ the network

    @property
    def model(self) -> Model | None:
        return self.laid.model if self.laid is not None else None

    @property
    def busy(self) -> bool:
        """A layout or a drawing is under way."""
        return self._worker is not None or bool(self._pending)

    def _network_changed(self, model: object) -> None:
        self._stop_worker()
        self._pending = []
        if not isinstance(model, Model):
            self._clear()
            self.empty.setText(translate("GraphView", "Attach the model the record belongs to (File ▸ Attach "
                                                      "Model…) to see its network here."))
            self.stack.setCurrentWidget(self.empty)
            self.title.setText(translate("GraphView", "Graph"))
            return
        if self.laid is not None and self.laid.model is model:
            return
        self._clear()
        self.empty.setText(translate("GraphView", "Laying out the network of {model}…").format(model=model.path.name))
        self.stack.setCurrentWidget(self.empty)
        self.title.setText(translate("GraphView", "Graph of {model}").format(model=model.path.name))
        worker = LayoutWorker(model, self._fonts, NODE_HEIGHT, self)
        worker.done.connect(self._laid_out)
        worker.failed.connect(self._failed)
        worker.finished.connect(lambda w=worker: self._worker_finished(w))
        self._worker = worker
        worker.start()

    def _stop_worker(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()
            worker.done.disconnect(self._laid_out)
            worker.failed.disconnect(self._failed)
            worker.wait()
            worker.deleteLater()

    def _worker_finished(self, worker: LayoutWorker) -> None:
        if self._worker is worker:
            self._worker = None
            worker.deleteLater()

    def _failed(self, message: str) -> None:
        self.empty.setText(message)
        self.stack.setCurrentWidget(self.empty)

    def _clear(self) -> None:
        self.scene.clear()
        self.edge_items = []
        self.items = []
        self.laid = None
        self._entry_node = {}
        self._matches = []
        self._selected = -1
        self.completer.setModel(QStringListModel([], self.completer))
        self.node_figure = NodeFigure(None, np.zeros(0))
        self.info.setText(" ")

    def _laid_out(self, laid: LaidOut) -> None:
        if laid.model is not self.session.network:
            return  # attached and detached again meanwhile
        self._clear()
        self.laid = laid
        lay = laid.layout
        colour = QColor("#8c8c8c")
        line_pen, head_pen = _cosmetic(colour, 1.2), _cosmetic(colour, 0.8)
        for lines, heads in laid.paths:
            for path, pen, fill in ((lines, line_pen, False), (heads, head_pen, True)):
                item = QGraphicsPathItem(path)
                item.setPen(pen)
                if fill:
                    item.setBrush(colour)
                item.setZValue(-1)
                self.scene.addItem(item)
                self.edge_items.append(item)
        margin = 40.0
        self.scene.setSceneRect(QRectF(-margin, -margin, lay.width + 2 * margin, lay.total_height + 2 * margin))
        self.items = []
        self._pending = list(range(len(laid.graph)))
        self.completer.setModel(QStringListModel(sorted({laid.graph.layer(k).label for k in range(len(laid.graph))}),
                                                 self.completer))
        self.stack.setCurrentWidget(self.canvas)
        self.canvas.fit()
        self._add_slice()

    def _add_slice(self) -> None:
        laid = self.laid
        if laid is None or not self._pending:
            return
        lay = laid.layout
        batch, self._pending = self._pending[:SLICE], self._pending[SLICE:]
        h = lay.height
        for k in batch:
            layer = laid.graph.layer(k)
            w = float(lay.widths[k])
            rect = QRectF(float(lay.x[k]) - w / 2, float(lay.y[k]) - h / 2, w, h)
            item = NodeItem(k, rect, layer.op_type, layer.label, self._fonts)
            item.set_look(NO_RECORD, False)
            self.scene.addItem(item)
            self.items.append(item)
        if self._pending:
            QTimer.singleShot(0, self, self._add_slice)
            return
        self._recolour()
        self._show_selection(centre=True)
        if self.search.text():
            self.find_layers(self.search.text())
        self.laidOut.emit()

    # ------------------------------------------------------------------ figures and colours

    def _refresh_figures(self) -> None:
        self.figures = self.overview.layer_figures()
        keys = [f.key for f in self.figures]
        if self.figure_key not in keys:
            self.figure_key = next((k for k in (*DEFAULT_FIGURES, *keys) if k in keys), "")
        names = [f.name for f in self.figures]
        if [self.chooser.itemText(k) for k in range(self.chooser.count())] != names:
            self.chooser.blockSignals(True)
            self.chooser.clear()
            for f in self.figures:
                self.chooser.addItem(f.name, f.key)
            self.chooser.blockSignals(False)
        if self.figure_key in keys:
            self.chooser.setCurrentIndex(keys.index(self.figure_key))
        self._recolour()

    def _chosen(self, index: int) -> None:
        key = self.chooser.itemData(index)
        if key:
            self.set_figure(str(key))

    def set_figure(self, key: str) -> None:
        """Colour the layers by the figure `key` (`LayerFigure.key`): it stays chosen while the
        overview's figures change (another record, another model)."""
        keys = [f.key for f in self.figures]
        if key not in keys:
            raise KeyError(key)
        self.figure_key = key
        self.chooser.setCurrentIndex(keys.index(key))
        self._recolour()

    @property
    def figure(self) -> LayerFigure | None:
        return next((f for f in self.figures if f.key == self.figure_key), None)

    def _recolour(self) -> None:
        laid = self.laid
        if laid is None or len(self.items) != len(laid.graph):
            return
        keys = self.overview.data.keys
        entries = node_entries(laid.graph, keys)
        self._entry_node = {i: node for node, es in enumerate(entries) for i in es}
        self.node_figure = node_figure(laid.graph, entries, self.figure)
        self.painted = paint(self.node_figure)
        for item, colour, es in zip(self.items, self.painted.colours, entries, strict=True):
            item.set_look(colour, bool(es))
        self.legend.setText(self._legend_html())
        recorded = sum(1 for es in entries if es)
        self.title.setText(translate("GraphView", "Graph of {model} — {n} layers, {recorded} with a record").format(
            model=laid.model.path.name, n=len(laid.graph), recorded=recorded))
        self._show_selection(centre=False)
        self.recoloured.emit()

    def _legend_html(self) -> str:
        legend = self.painted.legend
        parts = []
        if legend.ramp:
            ramp = "".join(_swatch(c, c) for c in RAMP)
            if legend.low_text or legend.high_text:
                parts.append(translate("GraphView", "{low} {ramp} {high} (worse)").format(
                    low=html.escape(legend.low_text), ramp=ramp, high=html.escape(legend.high_text)))
        for colour, words in legend.items:
            parts.append(f"{_swatch(colour)}&nbsp;{html.escape(words)}")
        parts.append(f"{_swatch(NO_VALUE)}&nbsp;" + html.escape(translate("GraphView", "no value")))
        parts.append(f"{_swatch(NO_RECORD, '#b0b0b0')}&nbsp;" + html.escape(
            translate("GraphView", "no record (stays float)")))
        return "&nbsp;&nbsp; ".join(parts)

    # ------------------------------------------------------------------ selection

    def entries_of(self, node: int) -> list[int]:
        """The record entries that name node `node`'s layer."""
        es = self.node_figure.entries
        return es[node] if 0 <= node < len(es) else []

    def node_of_entry(self, index: int) -> int | None:
        """The node of the layer record entry `index` names (None: none drawn)."""
        return self._entry_node.get(index)

    def click_node(self, node: int) -> None:
        """What a click on node `node` does: its layer selected everywhere (a layer without a
        record has nothing to select: the line under the graph says so)."""
        entries = self.entries_of(node)
        if entries:
            self.session.selection.select(("record", entries[0]), source=self)
        self.info.setText(self.describe(node))

    def _on_selection(self, path: FieldPath, source: object) -> None:
        self._show_selection(centre=source is not self)

    def _show_selection(self, centre: bool) -> None:
        i = self.session.selection.record_index
        node = self.node_of_entry(i) if i is not None else None
        if self._selected != (node if node is not None else -1):
            if 0 <= self._selected < len(self.items):
                self.items[self._selected].set_marks(selected=False)
            self._selected = node if node is not None else -1
            if node is not None and node < len(self.items):
                self.items[node].set_marks(selected=True)
        if node is not None and node < len(self.items):
            if centre:
                self.canvas.centre_on(self.items[node].rect)
            self.info.setText(self.describe(node))

    def describe(self, node: int) -> str:
        """What the line under the graph says about node `node`."""
        laid = self.laid
        if laid is None or not 0 <= node < len(laid.graph):
            return ""
        layer = laid.graph.layer(node)
        text = translate("GraphView", "{name} ({op})").format(name=layer.label, op=layer.op_type)
        entries = self.entries_of(node)
        if not entries:
            return text + translate("GraphView", " — no record: this layer stays float")
        keys = self.overview.data.keys
        i = entries[0]
        text += translate("GraphView", " — record entry {index} {key}").format(
            index=i, key=repr(keys[i]) if i < len(keys) else "")
        fig = self.figure
        if fig is not None:
            value = float(self.node_figure.values[node])
            shown = fig.text(i) if len(entries) == 1 else ("" if math.isnan(value) else fig.fmt(value))
            text += f": {fig.name} {shown}" if shown else translate("GraphView", ": no {figure}").format(figure=fig.name)
            more = fig.explain(i) if fig.explain is not None and shown else ""
            if more:
                text += f" ({more})"
        if len(entries) > 1:
            text += translate("GraphView", " (worst of {n} entries)").format(n=len(entries))
        return text

    def _on_hover(self, node: int) -> None:
        if node >= 0:
            self.info.setText(self.describe(node))

    # ------------------------------------------------------------------ search

    def _focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def find_layers(self, text: str) -> list[int]:
        """Mark the layers whose name holds `text` (any case); returns their nodes."""
        laid = self.laid
        for k in self._matches:
            if k < len(self.items):
                self.items[k].set_marks(matched=False)
        self._matches = []
        self._match_at = -1
        needle = text.strip().lower()
        if laid is None or not needle:
            return []
        self._matches = [k for k in range(len(laid.graph)) if needle in laid.graph.layer(k).label.lower()]
        for k in self._matches:
            if k < len(self.items):
                self.items[k].set_marks(matched=True)
        n = len(self._matches)
        self.info.setText(translate("GraphView", "No layer's name holds {text}").format(text=repr(text)) if n == 0 else
                          (translate("GraphView", "1 layer's name holds {text}: Return goes to it") if n == 1 else
                           translate("GraphView", "{n} layers' names hold {text}: Return goes to each")).format(
                              n=n, text=repr(text)))
        return self._matches

    def next_match(self, step: int = 1) -> int | None:
        """Go to the next (or previous) layer `find` marked: centred, and selected everywhere
        when it has a record."""
        if not self._matches:
            return None
        self._match_at = (self._match_at + step) % len(self._matches)
        node = self._matches[self._match_at]
        if node < len(self.items):
            self.canvas.centre_on(self.items[node].rect)
        entries = self.entries_of(node)
        if entries:
            self.session.selection.select(("record", entries[0]), source=self)
        self.info.setText(self.describe(node) + translate("GraphView", " — match {k} of {n}").format(
            k=self._match_at + 1, n=len(self._matches)))
        return node

    # ------------------------------------------------------------------ export

    def caption(self) -> str:
        """What an exported picture says above the graph: its title, figure and legend."""
        fig = self.figure
        words = html.escape(self.title.text())
        if fig is not None:
            words += "<br>" + html.escape(translate("GraphView", "Coloured by {figure}").format(figure=fig.name))
        return f"<b>{words}</b><br>{self._legend_html()}"

    def export_image(self, path: str | Path, caption: bool = True) -> Path:
        """Save the whole graph as PNG or SVG (by the suffix of `path`), under its caption."""
        path = Path(path)
        rect = self.scene.sceneRect()
        width = max(rect.width(), 640.0) if caption else rect.width()
        doc = caption_document(self.caption(), width - 12) if caption else None
        top = math.ceil(doc.size().height()) + 12 if doc is not None else 0
        if path.suffix.lower() == ".svg":
            gen = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)
            gen.setFileName(str(path))
            size = QSize(math.ceil(width), math.ceil(rect.height()) + top)
            gen.setSize(size)
            gen.setViewBox(QRectF(0, 0, size.width(), size.height()))
            gen.setTitle(self.title.text())
            painter = QPainter()
            if not painter.begin(gen):
                raise OSError(translate("GraphView", "could not write {path}").format(path=path))
            try:
                self._paint_export(painter, rect, width, doc, top, 1.0)
            finally:
                painter.end()
            if not path.is_file():
                raise OSError(translate("GraphView", "could not write {path}").format(path=path))
            return path
        scale = min(2.0, PNG_LIMIT / max(width, rect.height() + top, 1.0))
        image = QImage(math.ceil(width * scale), math.ceil((rect.height() + top) * scale),
                       QImage.Format.Format_ARGB32)
        image.fill(QColor("#ffffff"))
        painter = QPainter(image)
        try:
            painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            self._paint_export(painter, rect, width, doc, top, scale)
        finally:
            painter.end()
        if not image.save(str(path)):
            raise OSError(translate("GraphView", "could not write {path}").format(path=path))
        return path

    def _paint_export(self, painter: QPainter, rect: QRectF, width: float, doc: QTextDocument | None, top: float,
                      scale: float) -> None:
        painter.scale(scale, scale)
        if doc is not None:
            painter.save()
            painter.translate(6, 6)
            doc.drawContents(painter)
            painter.restore()
        left = (width - rect.width()) / 2
        self.scene.render(painter, QRectF(left, top, rect.width(), rect.height()), rect)

    def _export_image_dialog(self) -> None:
        title = translate("GraphView", "Export graph")
        path = ask_path(self, title, f"{self._stem()}-graph.png",
                        translate("GraphView", "PNG image (*.png);;SVG drawing (*.svg)"))
        if path:
            try:
                self.export_image(path)
            except OSError as e:
                QMessageBox.warning(self, title, translate("GraphView", "Could not write {path}: {reason}").format(
                    path=path, reason=e.strerror or e))

    def _stem(self) -> str:
        model = self.model
        return model.path.stem if model is not None else "model"

    def export_model_explorer(self, path: str | Path) -> Path:
        """Write the figure shown as Model Explorer node data (`editor.graph.model_explorer`)."""
        laid = self.laid
        if laid is None:
            raise ValueError(translate("GraphView", "no model is attached"))
        data = model_explorer.node_data(laid.graph, self.node_figure, self.painted)
        return model_explorer.write_node_data(path, data)

    def _export_explorer_dialog(self) -> None:
        title = translate("GraphView", "Export to Model Explorer")
        if self.laid is None:
            QMessageBox.information(self, title, translate("GraphView", "Attach a model first: the node data "
                                                                        "names its layers."))
            return
        fig = self.figure
        name = f"{self._stem()}-{fig.key.replace(':', '-') if fig is not None else 'figure'}.json"
        path = ask_path(self, title, name, translate("GraphView", "Model Explorer node data (*.json)"))
        if path:
            try:
                self.export_model_explorer(path)
            except (OSError, ValueError) as e:
                QMessageBox.warning(self, title, translate("GraphView", "Could not write {path}: {reason}").format(
                    path=path, reason=getattr(e, "strerror", None) or e))

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._stop_worker()
        super().closeEvent(event)


def _cosmetic(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)  # the same thickness at every zoom
    return pen
