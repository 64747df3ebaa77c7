"""A file that fails to open is not a dead end: the failure dialog.

It shows the reader's message with the file, line and column, and offers *Show Source* (the
file's text, the line marked, `SourceWindow`), *Read as Dialect…* for that very file,
*Open in External Editor* and Close. The record open before stays as it was: nothing here
touches the session. The dialog is not modal, so the source window, the window and the
dialog can all be looked at together.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.records.dialects import DIALECTS, Dialect
from editor.records.document import RecordError
from editor.records.problems import shown_path
from editor.records.read_errors import listed_names
from editor.ui.source_view import SourceWindow


@dataclass(frozen=True)
class OpenFailure:
    """What the reader said about a file it could not open."""

    path: Path
    #: the reader's words, without the file and place
    message: str
    line: int | None = None
    column: int | None = None
    #: the dialect it was read as (asked for, or told from the file; None: not known)
    dialect: str | None = None
    #: per dialect, the field names the file uses that it lacks (None: not known, e.g. a
    #: binary file): a dialect that lacks one cannot read the file
    lacking: Mapping[str, Sequence[str]] | None = None

    @classmethod
    def from_error(cls, path: Path, error: RecordError | None, text: str,
                   dialect: str | None = None) -> OpenFailure:
        """From the reader's RecordError (None: only `text` is known, e.g. out of memory);
        `dialect`: the one asked for (the error says which it was read as otherwise)."""
        if error is None:  # the loader's own words start with the file
            prefix = f"{path}: "
            return cls(Path(path), text[len(prefix):] if text.startswith(prefix) else text, dialect=dialect)
        return cls(Path(error.path or path), error.message, error.line, error.column, dialect or error.dialect,
                   error.lacking)

    def cannot_read(self, dialect: str) -> list[str]:
        """The field names of the file `dialect` lacks (empty: it may read the file)."""
        return list(self.lacking.get(dialect, ())) if self.lacking is not None else []

    @property
    def place(self) -> str:
        """`FILE:LINE:COL` (or less, as known)."""
        where = shown_path(self.path)
        if self.line is not None:
            where += f":{self.line}" + (f":{self.column}" if self.column is not None else "")
        return where

    @property
    def text(self) -> str:
        """`FILE:LINE:COL: message`, as the command line says it."""
        return f"{self.place}: {self.message}"

    @property
    def readable(self) -> bool:
        """The file is there to look at (Show Source, Read as, an external editor)."""
        return self.path.is_file()


class OpenFailureDialog(QDialog):
    """The message, and what can be done about it (see the module's docstring).

    `read_as(path, dialect)` reads the file again as `dialect`; `open_external(path)`
    hands it to the desktop's editor (both injected: the window's controller and prompter).
    """

    def __init__(self, failure: OpenFailure, *, read_as: Callable[[Path, Dialect], object],
                 open_external: Callable[[Path], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.failure = failure
        self._read_as = read_as
        self._open_external = open_external
        self.source_window: SourceWindow | None = None
        self.setWindowTitle(translate("OpenFailure", "Cannot open record"))
        self.setObjectName("openFailureDialog")

        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical).pixmap(40, 40))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.place_label = QLabel(f"<b>{_html(failure.place)}</b>")
        self.place_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.place_label.setWordWrap(True)
        self.message_label = QLabel(failure.message)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setWordWrap(True)
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_label.setMinimumWidth(460)
        hint = translate("OpenFailure", "Show Source shows the file with the line marked. Read as Dialect… "
                         "reads this file again with another dialect's schema. The record that was open "
                         "stays open.")
        self.hint_label = QLabel(hint if failure.readable else
                                 translate("OpenFailure", "The file cannot be looked at."))
        self.hint_label.setWordWrap(True)
        self.hint_label.setEnabled(False)  # greyed: an explanation, not the message
        words = QVBoxLayout()
        words.addWidget(self.place_label)
        words.addWidget(self.message_label)
        words.addWidget(self.hint_label)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addLayout(words, 1)

        self.buttons = QDialogButtonBox()
        self.source_button = self._button(translate("OpenFailure", "&Show Source"), self.show_source)
        self.read_as_button = self._button(translate("OpenFailure", "&Read as Dialect…"), None)
        self.read_as_menu = QMenu(self.read_as_button)
        self.read_as_menu.setToolTipsVisible(True)
        self.read_as_actions: dict[str, QAction] = {}
        for d in DIALECTS.values():
            title = f"{d.shown_title} ({d.name})"
            lacks = failure.cannot_read(d.name)
            # offered: the dialects that may read the file, not the one that just failed, nor
            # one that lacks a field the file uses (it would fail on that field)
            if d.name == failure.dialect:
                title = translate("OpenFailure", "{dialect} — just failed").format(dialect=title)
            elif lacks:
                title = translate("OpenFailure", "{dialect} — has no {fields}").format(
                    dialect=title, fields=listed_names(lacks))
            action = self.read_as_menu.addAction(title)
            action.setToolTip(d.shown_description)
            action.triggered.connect(lambda _checked=False, d=d: self.read_as(d))
            action.setEnabled(d.name != failure.dialect and not lacks)
            self.read_as_actions[d.name] = action
        self.read_as_button.setMenu(self.read_as_menu)
        #: the dialects the file may be read as (those the menu offers)
        self.offered = [name for name, action in self.read_as_actions.items() if action.isEnabled()]
        self.external_button = self._button(translate("OpenFailure", "Open in &External Editor"), self.open_external)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.reject)
        for button in (self.source_button, self.read_as_button, self.external_button):
            button.setEnabled(failure.readable)
        if not self.offered:
            self.read_as_button.setEnabled(False)
            self.read_as_button.setToolTip(translate(
                "OpenFailure", "No dialect has every field this file uses: it mixes the fields of several"))
        self.source_button.setDefault(failure.readable)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.buttons)

    def _button(self, text: str, slot: Callable[[], object] | None) -> QPushButton:
        button = QPushButton(text)
        button.setAutoDefault(False)
        self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        if slot is not None:
            button.clicked.connect(lambda _checked=False: slot())
        return button

    def show_source(self) -> SourceWindow:
        """The file's text in a window of its own, scrolled to the error, the line marked
        (it outlives this dialog)."""
        f = self.failure
        window = SourceWindow(f.path, f.line, f.column, self.parentWidget())
        window.show()
        self.source_window = window
        return window

    def read_as(self, dialect: Dialect) -> None:
        """Read this file again as `dialect` (the dialog closes; a failure opens a new one)."""
        self.accept()
        self._read_as(self.failure.path, dialect)

    def open_external(self) -> bool:
        """Hand the file to the desktop's editor for it."""
        return self._open_external(self.failure.path)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
