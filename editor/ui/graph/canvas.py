"""GraphCanvas: the QGraphicsView the graph is drawn in — zoom, pan, fit, centre on a node."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from editor.ui.graph.items import WORDS_LOD, NodeItem

#: how far one wheel step or key press zooms, and the zoom's bounds (scene units per pixel)
STEP = 1.25
MIN_SCALE, MAX_SCALE = 0.005, 4.0


class GraphCanvas(QGraphicsView):
    """Zoom with the wheel (around the pointer) or +/−, pan by dragging or with the arrow
    keys, fit the whole graph with Home (or 0). A click on a box emits `nodeClicked(node)`,
    the pointer over one `nodeHovered(node)` (-1 when it leaves the boxes)."""

    nodeClicked = Signal(int)
    nodeHovered = Signal(int)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._press: QPointF | None = None
        self._hover = -1

    # ------------------------------------------------------------------ zoom

    @property
    def zoom(self) -> float:
        """Pixels per scene unit."""
        return self.transform().m11()

    def zoom_by(self, factor: float, anchor_under_mouse: bool = False) -> None:
        target = min(max(self.zoom * factor, MIN_SCALE), MAX_SCALE)
        if target == self.zoom:
            return
        if not anchor_under_mouse:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.scale(target / self.zoom, target / self.zoom)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        """Show the whole graph (a network of hundreds of layers as its shape and colours:
        zoom in, or find a layer, for its words)."""
        rect = self.scene().itemsBoundingRect()
        if rect.isEmpty():
            return
        self.resetTransform()
        view = self.viewport().rect()
        scale = min(view.width() / max(rect.width(), 1.0), view.height() / max(rect.height(), 1.0), 1.0)
        scale = max(scale, MIN_SCALE)
        self.scale(scale, scale)
        self.centerOn(rect.center())

    def centre_on(self, rect: QRectF, readable: float = 0.6) -> None:
        """Bring `rect` (a box) to the middle, zooming in first when the boxes' words would
        not show."""
        if self.zoom < readable:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(readable / self.zoom, readable / self.zoom)
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.centerOn(rect.center())

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        # before the items paint: they draw by the zoom, and zoomed out (hundreds of boxes of
        # a few pixels, the edges a web of lines) without antialiasing, several times faster
        NodeItem.zoom = self.zoom
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, self.zoom >= WORDS_LOD)
        super().drawBackground(painter, rect)

    # ------------------------------------------------------------------ events

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(STEP ** steps, anchor_under_mouse=True)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_by(1 / STEP)
        elif key in (Qt.Key.Key_Home, Qt.Key.Key_0):
            self.fit()
        else:
            super().keyPressEvent(event)  # the arrows and Page Up/Down scroll

    def node_at(self, pos: QPointF) -> NodeItem | None:
        for item in self.items(pos.toPoint()):
            if isinstance(item, NodeItem):
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        press, self._press = self._press, None
        if event.button() != Qt.MouseButton.LeftButton or press is None:
            return
        if (event.position() - press).manhattanLength() > 4:
            return  # a drag that panned, not a click
        item = self.node_at(event.position())
        if item is not None:
            self.nodeClicked.emit(item.node)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        if event.buttons() != Qt.MouseButton.NoButton:
            return
        item = self.node_at(event.position())
        node = item.node if item is not None else -1
        if node != self._hover:
            self._hover = node
            # a hand that points over a box (a click selects it), the open hand elsewhere
            self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if node >= 0
                                      else Qt.CursorShape.OpenHandCursor)
            self.nodeHovered.emit(node)
