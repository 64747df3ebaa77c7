"""Texts on the plots: severities in words, labels that never widen their window, elided keys."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from editor.records.problems import Severity


def severity_text(severity: Severity) -> str:
    """`severity` in words, translated (`Severity.word`; the rule ids and messages are the rules' own)."""
    return severity.word


def text_label(text: str = "", *, rich: bool = False) -> QLabel:
    """A one-line label that never makes its window wider: long text is cut at the edge.

    (A QLabel's minimum width is its whole text, so a long layer key or legend would set
    the smallest width of the whole window.)
    """
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    label.setMinimumWidth(1)  # an explicit minimum overrides the label's whole-text minimum
    return label


def elide(text: str, pixels: int, widget: QWidget | None = None) -> str:
    """`text` shortened in the middle to fit `pixels` in the widget's (or default) font."""
    fm = QFontMetrics(widget.font()) if widget is not None else QFontMetrics(pg.QtGui.QFont())
    if len(text) > 2 * pixels + 1:  # no character is narrower than a pixel: Qt measures only what may show
        text = text[:pixels] + "\u2026" + text[-pixels:]
    return fm.elidedText(text, Qt.TextElideMode.ElideMiddle, pixels)
