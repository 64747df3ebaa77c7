"""PlotsPanel: the three plot views as tabs, sharing one PlotContext."""
from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QTabWidget, QWidget

from editor.ui.plots._live import PlotContext
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.prune_view import PruneRangesView
from editor.ui.selection import Selection
from editor.ui.tree_model import ChangeKind, RecordChange, RecordTreeModel


class PlotsPanel(QTabWidget):
    """Overview, Channels and Prune ranges tabs over one model, undo stack and selection.

    `problems` is the window's live problems source (see `PlotContext`), if it has one.
    The overview is shown whenever a record is opened (the model is reset), whatever gets
    selected while the file loads. Selecting one channel elsewhere (tree, channel table)
    brings up the channel plot, a prune node the prune ranges; selecting a whole layer
    only moves the marks (the channel plot follows it in the background), and a double
    click (or Return) in the overview opens the layer in the channel plot.
    """

    def __init__(self, model: RecordTreeModel, undo_stack: QUndoStack, selection: Selection,
                 problems: QObject | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        # a side panel: let the window's splitter shrink it as far as the user likes (the
        # toolbars fold into their » menus); the tree beside it keeps its room
        self.setMinimumSize(60, 80)
        self.context = PlotContext(model, problems, self)
        self.overview = ModelOverview(model, undo_stack, selection, self.context)
        self.channels = ChannelPlot(model, undo_stack, selection, self.context)
        self.prune = PruneRangesView(model, undo_stack, selection, self.context)
        self.addTab(self.overview, "Overview")
        self.addTab(self.channels, "Channels")
        self.addTab(self.prune, "Prune ranges")
        self.selection = selection
        self._update_prune_tab()
        self.overview.layerActivated.connect(self._open_layer)
        self.context.changed.connect(self._on_record_changed)
        selection.changed.connect(self._on_selection)

    @staticmethod
    def prepare(document) -> object:
        """Whole-file work for a newly read document, off the GUI thread (the overview's
        numbers); hand the result to `adopt` (see `MainWindow.add_load_step`)."""
        return ModelOverview.prepare(document)

    def adopt(self, document, prepared: object) -> None:
        self.overview.adopt(document, prepared)

    def show_overview(self) -> None:
        self.setCurrentWidget(self.overview)

    def _open_layer(self, index: int) -> None:
        self.channels.show_layer(index)
        self.setCurrentWidget(self.channels)

    def _update_prune_tab(self) -> None:
        dialect = self.context.dialect
        self.setTabVisible(self.indexOf(self.prune), dialect is not None and dialect.has_prune)

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self._update_prune_tab()
            self.show_overview()

    def _on_selection(self, path, source) -> None:
        if source in (self.overview, self.channels, self.prune):
            return
        if self.selection.channel is not None:
            self.setCurrentWidget(self.channels)
        elif self.selection.prune_index is not None and len(path) >= 3 \
                and self.isTabVisible(self.indexOf(self.prune)):
            self.setCurrentWidget(self.prune)
