"""Read-only views of record text with line numbers: a file that failed to open (its
`SourceWindow`, from the failure dialog's Show Source) and the code view both use.

`CodeView` is Qt's "code editor" pattern: a QPlainTextEdit with a line-number area in its
left margin, numbering from the file's line of its first block, and one marked line (an
extra selection over the full width) with the cursor placed at a column.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QApplication, QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from editor.i18n import translate
from editor.records.source_text import SourceRegion, read_region

#: the marked line's background (a pale red: the place a reading error points at)
MARK_COLOR = QColor(255, 214, 214)


class _LineNumbers(QWidget):
    """The left margin of a `CodeView`, painted by the view."""

    def __init__(self, view: CodeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(self.view.number_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        self.view.paint_numbers(event)


class CodeView(QPlainTextEdit):
    """Read-only text with line numbers starting at `first_line` and one marked line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.first_line = 1
        self._marked: int | None = None
        self._numbers = _LineNumbers(self)
        self.blockCountChanged.connect(self._update_margin)
        self.updateRequest.connect(self._scrolled)
        self._update_margin()

    # ------------------------------------------------------------------ content

    def show_text(self, text: str, first_line: int = 1) -> None:
        """Show `text`, its first line numbered `first_line`; no line marked."""
        self.first_line = first_line
        self._marked = None
        self.setExtraSelections([])
        self.setPlainText(text)
        self._update_margin()

    def mark(self, line: int | None, column: int | None = None) -> None:
        """Mark file line `line` (the full width), put the cursor at `column` (1-based, in
        characters) and scroll it to the middle; None marks nothing."""
        block = self.document().findBlockByNumber(line - self.first_line) if line is not None else None
        if block is None or not block.isValid():
            self._marked = None
            self.setExtraSelections([])
            return
        self._marked = block.blockNumber()
        cursor = QTextCursor(block)
        if column is not None:
            cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                                min(max(column - 1, 0), block.length() - 1))
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(MARK_COLOR)
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        selection.cursor = QTextCursor(block)
        self.setExtraSelections([selection])
        self.setTextCursor(cursor)
        self.centerCursor()

    @property
    def marked_block(self) -> int | None:
        """The block number (0-based, in the text shown) of the marked line."""
        return self._marked

    def marked_line(self) -> int | None:
        """The file's number of the marked line."""
        return None if self._marked is None else self._marked + self.first_line

    # ------------------------------------------------------------------ the margin

    def number_width(self) -> int:
        last = self.first_line + max(self.blockCount(), 1) - 1
        return 12 + self.fontMetrics().horizontalAdvance("9") * len(str(last))

    def _update_margin(self, *_args: object) -> None:
        self.setViewportMargins(self.number_width(), 0, 0, 0)

    def _scrolled(self, rect: QRect, dy: int) -> None:
        if dy:
            self._numbers.scroll(0, dy)
        else:
            self._numbers.update(0, rect.y(), self._numbers.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        r = self.contentsRect()
        self._numbers.setGeometry(QRect(r.left(), r.top(), self.number_width(), r.height()))

    def paint_numbers(self, event: QPaintEvent) -> None:
        painter = QPainter(self._numbers)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.alternateBase())
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        width = self._numbers.width() - 6
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                number = block.blockNumber()
                font = painter.font()
                font.setBold(number == self._marked)
                painter.setFont(font)
                painter.setPen(palette.text().color() if number == self._marked else palette.mid().color())
                painter.drawText(0, top, width, height, Qt.AlignmentFlag.AlignRight,
                                 str(number + self.first_line))
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
        painter.end()


class SourceWindow(QWidget):
    """A file's text in a window of its own, a line marked: Show Source of a file that
    failed to open. Big files show the lines around the line (the note says so)."""

    def __init__(self, path: str | Path, line: int | None = None, column: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.path = Path(path)
        self.setWindowTitle(translate("SourceWindow", "{name} — source (read-only)").format(name=self.path.name))
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.view = CodeView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.note)
        layout.addWidget(self.view, 1)
        self.resize(900, 640)
        self.region: SourceRegion | None = None
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # a big file: counting its lines
        try:
            self.region = read_region(self.path, line, column)
        except OSError as e:
            self.note.setText(translate("SourceWindow", "{path} cannot be read: {reason}").format(
                path=self.path, reason=e.strerror or e))
            return
        finally:
            QApplication.restoreOverrideCursor()
        self.view.show_text(self.region.text, self.region.first_line)
        if line and column is not None:
            where = translate("SourceWindow", " — the reader stopped at line {line}, column {column} (marked)")
        elif line:
            where = translate("SourceWindow", " — the reader stopped at line {line} (marked)")
        else:
            where = ""
        words = [f"{self.path}" + where.format(line=line, column=column)]
        if self.region.note:
            words.append(self.region.note)
        self.note.setText("\n".join(words))
        self.view.mark(self.region.line, self.region.column)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self.view.marked_block is not None:
            self.view.centerCursor()  # the viewport has its size only now
