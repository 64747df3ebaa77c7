"""The plots' colours (Okabe–Ito: told apart with the common colour-vision deficiencies,
readable on white) and their lighter or translucent forms."""
from __future__ import annotations

from PySide6.QtGui import QColor

BLUE = QColor("#0072B2")
SKY = QColor("#56B4E9")
GREEN = QColor("#009E73")
ORANGE = QColor("#E69F00")
RED = QColor("#D55E00")
PURPLE = QColor("#CC79A7")
YELLOW = QColor("#F0E442")
GREY = QColor("#7f7f7f")
BLACK = QColor("#000000")


def faded(color: QColor, alpha: int) -> QColor:
    c = QColor(color)
    c.setAlpha(alpha)
    return c


def tint(color: QColor, amount: float) -> QColor:
    """`color` mixed with white (`amount` of the colour kept), opaque.

    Opaque thick pens let pyqtgraph draw line segments instead of one stroked path, which
    is what keeps 5 000 bars fast.
    """
    return QColor(*(round(255 - (255 - c) * amount) for c in (color.red(), color.green(), color.blue())))
