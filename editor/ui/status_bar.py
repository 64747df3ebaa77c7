"""The window's status bar: messages that are read in full, and refusals that go once fixed.

`QStatusBar.showMessage` draws its text in whatever room the permanent labels (counts,
dialect, selection) leave, and cuts the rest. `StatusBar` shows messages in a label of its
own instead: a message too long for one line takes a second one, one too long for two is
elided, and the whole text is always in the label's tooltip. The Qt names
(`showMessage`, `currentMessage`, `clearMessage`) keep working for the window's code; Qt's
own status tips (a menu item under the mouse) still use Qt's drawing for the moment they
show.

A *refusal* (a value the rules or the type refused) is marked with `mark_refusal`; once a
value is accepted (`forget_refusal`, on every change of the record) it goes, instead of
staying up for its timeout beside a record that is fine.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

#: lines a message may take before the rest is elided
MAX_LINES = 2


class MessageLabel(QLabel):
    """A message in one line, or two when it does not fit; the full text in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statusMessage")
        # the label takes the room the permanent widgets leave, and never asks for more
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.full_text = ""
        self.lines = 1
        self._fit()

    def set_message(self, text: str) -> None:
        self.full_text = text
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def _fit(self) -> None:
        text, width = self.full_text, max(self.width() - 4, 40)
        metrics = QFontMetrics(self.font())
        lines = 1
        shown = text
        if metrics.horizontalAdvance(text) > width:
            lines = MAX_LINES
            shown = self._wrapped(text, width, metrics)
        self.setWordWrap(lines > 1)
        self.setText(shown)
        self.setToolTip(text if shown != text or lines > 1 else "")
        if lines != self.lines or self.minimumHeight() == 0:
            self.lines = lines
            self.setFixedHeight(metrics.lineSpacing() * lines + 2)

    @staticmethod
    def _wrapped(text: str, width: int, metrics: QFontMetrics) -> str:
        """`text`, or its longest start (with "…") that word-wraps into `MAX_LINES` lines."""
        flags = int(Qt.TextFlag.TextWordWrap)
        room = metrics.lineSpacing() * MAX_LINES

        def fits(candidate: str) -> bool:
            return metrics.boundingRect(QRect(0, 0, width, 10_000), flags, candidate).height() <= room

        if fits(text):
            return text
        lo, hi = 0, len(text)
        while lo < hi:  # the longest start that fits, found by halving
            mid = (lo + hi + 1) // 2
            if fits(text[:mid].rstrip() + "…"):
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "…"


class StatusBar(QStatusBar):
    """A status bar whose messages are never cut by the permanent widgets (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message_label = MessageLabel()
        self.addWidget(self.message_label, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        #: the message on show is a refusal (`mark_refusal`)
        self._refusal = False
        #: a refusal announced before (or after) its text was shown
        self._refusal_text: str | None = None

    def showMessage(self, text: str, timeout: int | None = 0) -> None:  # noqa: N802  (Qt's name)
        """Show `text` (for `timeout` ms; 0 or None: until the next message)."""
        self.message_label.set_message(text)
        self._refusal = text == self._refusal_text
        if timeout:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self.messageChanged.emit(text)

    def currentMessage(self) -> str:  # noqa: N802
        """The message on show, in full (the label may show it elided)."""
        return self.message_label.full_text

    def clearMessage(self) -> None:  # noqa: N802
        self._timer.stop()
        self._refusal = False
        self._refusal_text = None
        if self.message_label.full_text:
            self.message_label.set_message("")
            self.messageChanged.emit("")

    def mark_refusal(self, text: str) -> None:
        """`text` (shown or about to be) says a value was refused: `forget_refusal` takes it away."""
        self._refusal_text = text
        if self.currentMessage() == text:
            self._refusal = True

    @property
    def showing_refusal(self) -> bool:
        """The message on show is a refusal not yet forgotten."""
        return self._refusal

    def forget_refusal(self) -> None:
        """A value was accepted: a refusal on show is out of date; other messages stay."""
        if self._refusal:
            self.clearMessage()
        self._refusal_text = None
