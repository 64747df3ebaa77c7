"""The graph's pieces on a QGraphicsScene: a box per layer, and all edges as one path.

A box (`NodeItem`) paints itself: its fill (the figure's colour, grey without a record),
its op type and name, and a frame that says more (thick purple: the selected layer;
dashed blue: a search match). Zoomed far out it is only its fill (and a mark's frame): its
words would be unreadable, and are the most expensive part of a repaint of hundreds of
boxes. All edges are one `QGraphicsPathItem` (drawn by Qt in C++ in one go), their
arrowheads another; their path is built on the layout thread (`edge_paths`).
"""
from __future__ import annotations

import functools
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
TEXT = QColor("#1a1a1a")
WHITE = QColor("#ffffff")
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


def node_widths(labels: list[tuple[str, str]], bold: QFont, small: QFont) -> list[float]:
    """How wide the box of each (op type, name) is drawn: its longer word, a long name cut.
    (Measuring takes ~30 µs a text: the layout thread does it.)"""
    mb, ms = QFontMetricsF(bold), QFontMetricsF(small)
    ops: dict[str, float] = {}
    out = []
    for op, name in labels:
        w = ops.get(op)
        if w is None:
            w = ops[op] = mb.horizontalAdvance(op)
        out.append(PAD * 2 + max(w, min(ms.horizontalAdvance(name), MAX_NAME_PX), 36.0))
    return out


class NodeItem(QGraphicsItem):
    """One layer's box; `node` is its index in the graph.

    Painting runs in Python for each box on screen, so it does little: zoomed out (the
    canvas sets `NodeItem.zoom` before each paint) a box is a filled rectangle; the pens and
    brush are made when the look changes, not per paint.
    """

    #: the canvas's scale, set before the items paint (`GraphCanvas.drawBackground`)
    zoom = 1.0

    def __init__(self, node: int, rect: QRectF, op_type: str, name: str, fonts: tuple[QFont, QFont]) -> None:
        super().__init__()
        self.node = node
        self.rect = rect
        self._bounds = rect.adjusted(-3, -3, 3, 3)
        self.op_type = op_type
        self.name = name
        self.fonts = fonts
        self.fill = QColor("#ffffff")
        self._fill_name = ""
        self.recorded = False
        self.selected = False
        self.matched = False
        self._elided: str | None = None
        self._brush = QBrush(self.fill)
        self._pen = QPen(FRAME_FLOAT, 1.0)
        self._far_pen = QPen(FRAME_FLOAT, 1.0)
        self._text = TEXT_FLOAT

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect)
        return path

    def set_look(self, fill: str, recorded: bool) -> None:
        if fill == self._fill_name and recorded == self.recorded:
            return
        self._fill_name = fill
        self.fill = _colour(fill)
        self.recorded = recorded
        self._restyle()

    def set_marks(self, selected: bool | None = None, matched: bool | None = None) -> None:
        if selected is not None:
            self.selected = selected
        if matched is not None:
            self.matched = matched
        self.setZValue(2 if self.selected else 1 if self.matched else 0)
        self._restyle()

    def _restyle(self) -> None:
        self._brush = _brush(self._fill_name)
        self._pen, self._far_pen = _pens(self.selected, self.matched, self.recorded)
        dark = self.fill.lightnessF() < 0.45
        self._text = WHITE if dark else (TEXT if self.recorded else TEXT_FLOAT)
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if NodeItem.zoom < WORDS_LOD:
            if self.selected or self.matched:
                painter.setPen(self._far_pen)
                painter.setBrush(self._brush)
                painter.drawRect(self.rect)
            else:
                painter.fillRect(self.rect, self._brush)
            return
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        painter.drawRoundedRect(self.rect, 4.0, 4.0)
        bold, small = self.fonts
        painter.setPen(self._text)
        r = self.rect
        half = r.height() / 2
        painter.setFont(bold)
        painter.drawText(QRectF(r.left(), r.top() + 1, r.width(), half), Qt.AlignmentFlag.AlignCenter, self.op_type)
        painter.setFont(small)
        if self._elided is None:
            self._elided = QFontMetricsF(small).elidedText(self.name, Qt.TextElideMode.ElideMiddle, r.width() - PAD)
        painter.drawText(QRectF(r.left(), r.top() + half - 1, r.width(), half), Qt.AlignmentFlag.AlignCenter,
                         self._elided)


@functools.cache
def _colour(name: str) -> QColor:
    return QColor(name)


@functools.cache
def _brush(name: str) -> QBrush:
    return QBrush(QColor(name))


@functools.cache
def _pens(selected: bool, matched: bool, recorded: bool) -> tuple[QPen, QPen]:
    """(the frame near, the frame zoomed out) of a box in each state: made once, shared."""
    if selected:
        pen = QPen(SELECTED, 3.0)
    elif matched:
        pen = QPen(MATCH, 2.0, Qt.PenStyle.DashLine)
    else:
        pen = QPen(FRAME if recorded else FRAME_FLOAT, 1.0)
    # zoomed out a frame is the same pixels whatever the zoom (cosmetic), and only a mark
    # draws one: hundreds of one-pixel frames would hide the colours
    far = QPen(pen)
    far.setCosmetic(True)
    far.setWidthF(3.0 if selected else 2.0)
    return pen, far


#: edges are drawn in bands of this many scene units (by where they start): a view zoomed in
#: on a part of a tall network strokes only the bands it shows
BAND = 1500.0


def edge_paths(edges: list[np.ndarray], arrow: float = 6.0) -> list[tuple[QPainterPath, QPainterPath]]:
    """(the lines, the arrowheads) of the edges, one pair per band of `BAND` scene units:
    each edge a curve through its bend points and a filled arrowhead where it meets its
    target."""
    bands: dict[int, tuple[QPainterPath, QPainterPath]] = {}
    for pts in edges:
        if len(pts) < 2:
            continue
        lines, heads = bands.setdefault(int(min(pts[0][1], pts[-1][1]) // BAND), (QPainterPath(), QPainterPath()))
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
    return [bands[k] for k in sorted(bands)]
