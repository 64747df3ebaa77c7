"""RecordPanels: the layer panel or the prune panel, whichever the selection is in."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QStackedWidget, QWidget

from editor.ui.panels._live import LiveProblems
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.prune_panel import PrunePanel
from editor.ui.selection import Selection
from editor.ui.tree_model import Path, RecordTreeModel


class RecordPanels(QStackedWidget):
    """Shows the layer panel for a selection inside a layer, the prune panel inside a prune
    record, and a hint otherwise. `message(str)` carries both panels' words for the status bar."""

    message = Signal(str)

    def __init__(self, model: RecordTreeModel, undo_stack: QUndoStack, selection: Selection,
                 live: LiveProblems, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.selection = selection
        self.hint = QLabel("Select a layer or a prune record in the tree to edit it here.")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: gray;")
        self.layer_panel = LayerPanel(model, undo_stack, selection, live)
        self.prune_panel = PrunePanel(model, undo_stack, selection, live)
        self.addWidget(self.hint)
        self._pages: dict[QWidget, QScrollArea] = {}
        for panel in (self.layer_panel, self.prune_panel):
            # a narrow side area scrolls the panel instead of forcing the window wider
            area = QScrollArea()
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidget(panel)
            self._pages[panel] = area
            self.addWidget(area)
        self.layer_panel.message.connect(self.message)
        self.prune_panel.message.connect(self.message)
        selection.changed.connect(self._on_selection)
        self._on_selection(selection.path, None)

    def _on_selection(self, _path: Path, _source: object) -> None:
        if self.selection.record_index is not None and self.layer_panel.entry is not None:
            self.setCurrentWidget(self._pages[self.layer_panel])
        elif self.selection.prune_index is not None and self.prune_panel.prune is not None:
            self.setCurrentWidget(self._pages[self.prune_panel])
        else:
            self.setCurrentWidget(self.hint)

    def current_panel(self) -> QWidget:
        """The layer panel, the prune panel or the hint, whichever is shown."""
        page = self.currentWidget()
        return next((p for p, area in self._pages.items() if area is page), page)
