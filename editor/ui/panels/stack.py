"""RecordPanels: the layer panel or the prune panel, whichever the selection is in."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QStackedWidget, QWidget

from editor.i18n import translate
from editor.records.paths import FieldPath
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.prune_panel import PrunePanel
from editor.ui.session import EditSession


class RecordPanels(QStackedWidget):
    """Shows the layer panel for a selection inside a layer, the prune panel inside a prune
    record, and a hint otherwise. `message(str)` carries both panels' words for the status bar."""

    message = Signal(str)

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.hint = QLabel(translate("RecordPanels", "Select a layer or a prune record in the tree to edit it here."))
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: gray;")
        self.layer_panel = LayerPanel(session)
        self.prune_panel = PrunePanel(session)
        self.addWidget(self.hint)
        self._pages: dict[QWidget, QScrollArea] = {}
        for panel in (self.layer_panel, self.prune_panel):
            # a narrow side area scrolls the panel instead of forcing the window wider
            area = QScrollArea()
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidget(panel)
            # the stack is as short as its shown page may be: the hint alone folds the dock
            area.setMinimumSize(1, 1)
            self._pages[panel] = area
            self.addWidget(area)
        self.layer_panel.message.connect(self.message)
        self.prune_panel.message.connect(self.message)
        session.selection.changed.connect(self._on_selection)
        self._on_selection(session.selection.path, None)

    def _on_selection(self, _path: FieldPath, _source: object) -> None:
        selection = self.session.selection
        if selection.record_index is not None and self.layer_panel.entry is not None:
            self.setCurrentWidget(self._pages[self.layer_panel])
        elif selection.prune_index is not None and self.prune_panel.prune is not None:
            self.setCurrentWidget(self._pages[self.prune_panel])
        else:
            self.setCurrentWidget(self.hint)

    def current_panel(self) -> QWidget | None:
        """The layer panel, the prune panel or the hint, whichever is shown."""
        page = self.currentWidget()
        return next((p for p, area in self._pages.items() if area is page), page)
