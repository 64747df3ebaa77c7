"""The graph's pieces on a QGraphicsScene: a box per layer, and all edges as one path.

A box (`NodeItem`) paints itself: its fill (the figure's colour, grey without a record),
its op type and name, and a frame that says more (thick purple: the selected layer;
dashed blue: a search match). Zoomed far out its words are left out (Qt's level of detail):
unreadable, and the most expensive part of a repaint of hundreds of boxes. All edges are
one `QGraphicsPathItem` (drawn by Qt in C++ in one go), their arrowheads another.
"""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

#: the frames: a recorded layer, a float one, the selected one, a search match
FRAME = QColor("#4a4a4a")
FRAME_FLOAT = QColor("#b0b0b0")
SELECTED = QColor("#7b2d8e")
MATCH = QColor("#1f6fd1")
TEXT_FLOAT = QColor("#8a8a8a")
#: below this scale the boxes' words are not drawn
WORDS_LOD = 0.3
#: a box's padding around its words, and the longest name it shows in full
PAD = 8.0
MAX_NAME_PX = 200.0


def node_fonts(base: QFont) -> tuple[QFont, QFont]:
    """The fonts of a box: its op type (bold) and its name."""
    small = QFont(base)
    small.setPointSizeF(max(base.pointSizeF() * 0.85, 6.0))
    bold = QFont(small)
    bold.setBold(True)
    return bold, small


def node_width(op_type: str, name: str, bold: QFont, small: QFont) -> float:
    """How wide the box of a layer is drawn (its longer word, a long name cut)."""
    return PAD * 2 + max(QFontMetricsF(bold).horizontalAdvance(op_type),
                         min(QFontMetricsF(small).horizontalAdvance(name), MAX_NAME_PX), 36.0)


class NodeItem(QGraphicsItem):
    """One layer's box; `node` is its index in the graph."""

    def __init__(self, node: int, rect: QRectF, op_type: str, name: str, fonts: tuple[QFont, QFont]) -> None:
        super().__init__()
        self.node = node
        self.rect = rect
        self.op_type = op_type
        self.name = name
        self.fonts = fonts
        self.fill = QColor("#ffffff")
        self.recorded = False
        self.selected = False
        self.matched = False
        self._elided: str | None = None
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-3, -3, 3, 3)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect)
        return path

    def set_look(self, fill: str, recorded: bool) -> None:
        self.fill = QColor(fill)
        self.recorded = recorded
        self.update()

    def set_marks(self, selected: bool | None = None, matched: bool | None = None) -> None:
        if selected is not None:
            self.selected = selected
        if matched is not None:
            self.matched = matched
        self.setZValue(2 if self.selected else 1 if self.matched else 0)
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if self.selected:
            pen = QPen(SELECTED, 3.0)
        elif self.matched:
            pen = QPen(MATCH, 2.0, Qt.PenStyle.DashLine)
        else:
            pen = QPen(FRAME if self.recorded else FRAME_FLOAT, 1.0)
        pen.setCosmetic(lod < 1.0)  # zoomed out, a frame stays a visible line
        painter.setPen(pen)
        painter.setBrush(QBrush(self.fill))
        if lod < WORDS_LOD:
            painter.drawRect(self.rect)
            return
        painter.drawRoundedRect(self.rect, 4.0, 4.0)
        bold, small = self.fonts
        dark = self.fill.lightnessF() < 0.45
        painter.setPen(QColor("#ffffff") if dark else (TEXT_FLOAT if not self.recorded else QColor("#1a1a1a")))
        top = QRectF(self.rect.left(), self.rect.top() + 1, self.rect.width(), self.rect.height() / 2)
        bottom = QRectF(self.rect.left(), self.rect.center().y() - 1, self.rect.width(), self.rect.height() / 2)
        painter.setFont(bold)
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, self.op_type)
        painter.setFont(small)
        if self._elided is None:
            self._elided = QFontMetricsF(small).elidedText(self.name, Qt.TextElideMode.ElideMiddle,
                                                            self.rect.width() - PAD)
        painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, self._elided)


def edge_paths(edges: list[np.ndarray], reversed_edges: frozenset[int] = frozenset(),
               arrow: float = 6.0) -> tuple[QPainterPath, QPainterPath]:
    """(the lines, the arrowheads) of all edges: each polyline through its bend points,
    rounded at them, and a filled arrowhead where it meets its target."""
    lines = QPainterPath()
    heads = QPainterPath()
    for pts in edges:
        if len(pts) < 2:
            continue
        lines.moveTo(QPointF(pts[0][0], pts[0][1]))
        if len(pts) == 2:
            lines.lineTo(QPointF(pts[1][0], pts[1][1]))
        else:
            # a smooth curve through the bend points: midpoints joined by quadratic arcs
            for k in range(1, len(pts) - 1):
                mid = (pts[k] + pts[k + 1]) / 2 if k < len(pts) - 2 else pts[k + 1]
                lines.quadTo(QPointF(pts[k][0], pts[k][1]), QPointF(mid[0], mid[1]))
        tip, prev = pts[-1], pts[-2]
        angle = math.atan2(tip[1] - prev[1], tip[0] - prev[0])
        a1, a2 = angle + math.pi * 0.85, angle - math.pi * 0.85
        heads.addPolygon(QPolygonF([QPointF(tip[0], tip[1]),
                                    QPointF(tip[0] + arrow * math.cos(a1), tip[1] + arrow * math.sin(a1)),
                                    QPointF(tip[0] + arrow * math.cos(a2), tip[1] + arrow * math.sin(a2))]))
        heads.closeSubpath()
    return lines, heads
