"""View ▸ Source (Ctrl+U): the text of the selected entry, with the file's line numbers.

A dock beside the plots, hidden until asked for. It follows the session's selection: the
entry (layer record or prune record) the selection is in is shown as the file has it,
read-only, numbered with its real lines, and the line of the selected field is marked. An
entry the file has no text for (a binary record, an entry edited since it was read, a new
record) is shown as it would be written, and the note above the text says so.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QVBoxLayout, QWidget

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.paths import format_path
from editor.records.source_text import EntrySource, entry_of, entry_source
from editor.ui.session import EditSession
from editor.ui.source_view import CodeView

#: where the entry's text is idle: nothing selected, no record
HINT = QT_TRANSLATE_NOOP("EntrySourceDock", "Select a layer or a prune record to see its text in the file.")


class EntrySourceDock(QDockWidget):
    """The selected entry's text (see the module's docstring); `act_toggle` shows and hides it."""

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(translate("EntrySourceDock", "Source"), parent)
        self.setObjectName("sourceDock")
        self.session = session
        self.note = QLabel(translate("EntrySourceDock", HINT))
        self.note.setWordWrap(True)
        self.view = CodeView()
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.note)
        layout.addWidget(self.view, 1)
        self.setWidget(body)
        #: the entry shown, (field name, index), and its text
        self.shown: tuple[str, int] | None = None
        self.source: EntrySource | None = None
        self._stale = True
        act = self.act_toggle = self.toggleViewAction()
        act.setText(translate("EntrySourceDock", "&Source"))
        act.setShortcut(QKeySequence("Ctrl+U"))
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.setToolTip(translate("EntrySourceDock", "The selected entry's text in the file, with its line numbers "
                                 "(read-only)"))
        act.setStatusTip(act.toolTip())
        session.selection.changed.connect(lambda _path, _source: self.refresh())
        session.recordChanged.connect(self._record_changed)
        session.documentChanged.connect(self._record_changed)
        self.visibilityChanged.connect(lambda visible: self.refresh() if visible else None)

    @classmethod
    def install(cls, window: QMainWindow, session: EditSession, menu: QMenu,
                after: QAction | None = None) -> EntrySourceDock:
        """Dock it on the right of `window`, hidden, with its toggle in `menu` (after `after`)."""
        dock = cls(session, window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.hide()
        actions = menu.actions()
        follows = actions.index(after) + 1 if after in actions else len(actions)
        if follows < len(actions):
            menu.insertAction(actions[follows], dock.act_toggle)
        else:
            menu.addAction(dock.act_toggle)
        window.addAction(dock.act_toggle)  # the key works with the dock closed too
        return dock

    def _record_changed(self, *_args: object) -> None:
        self._stale = True  # the entry may be edited, moved or gone: read it again
        self.refresh()

    def refresh(self) -> None:
        """Show the entry the selection is in, its selected field's line marked (only while
        the dock is open: a closed one reads nothing)."""
        if self.isHidden():
            return
        document = self.session.document
        path = self.session.selection.path
        entry = entry_of(path) if document is not None else None
        if entry != self.shown or self._stale:
            self._stale = False
            self.shown = entry
            source = entry_source(document, *entry) if document is not None and entry is not None else None
            self.source = source
            if source is None or entry is None:
                self.shown = None
                self.view.show_text("")
                self.note.setText(translate("EntrySourceDock", HINT))
                return
            self.view.show_text(source.text, source.first_line or 1)
            name, index = entry
            head = (translate("EntrySourceDock", "prune record {index}") if name == "prune_record" else
                    translate("EntrySourceDock", "record {index}")).format(index=index)
            if source.first_line is None or source.note:
                self.note.setText(f"{head} — {source.note}")
            else:
                last = source.first_line + self.view.blockCount() - 1
                self.note.setText(translate("EntrySourceDock", "{head}, as the file has it (lines {first}–{last})").format(
                    head=head, first=source.first_line, last=last))
        if self.source is None or entry is None:
            return
        line = None
        if self.source.first_line is not None and document is not None:
            name, index = entry
            field = format_path(path[2:]) if len(path) > 2 else None
            where = document.locate(record_index=index if name == "record" else None,
                                    prune_index=index if name == "prune_record" else None, field=field)
            line = where[0] if where is not None else None
        self.view.mark(line if line is not None else self.source.first_line)
