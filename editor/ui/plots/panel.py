"""PlotsPanel: the plot views of one edit session as tabs, and the walk through the layers
with outliers."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget

from editor.records.document import RecordDocument
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import Path
from editor.ui.plots._common import extend_view_menu
from editor.ui.plots._data import OverviewData
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.layers_table import LayersTable, Matcher
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.prune_view import PruneRangesView
from editor.ui.session import EditSession


class PlotsPanel(QTabWidget):
    """Overview, Layers, Channels and Prune ranges tabs over one session's record.

    The overview is shown whenever a record is opened (the record is reset), whatever gets
    selected while the file loads. Selecting one channel elsewhere (tree, channel table)
    brings up the channel plot, a prune node the prune ranges; selecting a whole layer
    only moves the marks (the channel plot follows it in the background), and a double
    click (or Return) in the overview or the Layers table opens the layer in the channel plot.

    *Next/Previous Layer with Outliers* (N, Shift+N in the overview, the Layers table and the
    channel plot) select the next layer, in file order, whose scale_w has outliers at the
    window's fence factor k, wrapping around; `message` says where the walk is.
    """

    #: a line for the status bar (where the outlier walk is, or why it cannot go on)
    message = Signal(str)

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setDocumentMode(True)
        # a side panel: let the window's splitter shrink it as far as the user likes (the
        # toolbars fold into their » menus); the tree beside it keeps its room
        self.setMinimumSize(60, 80)
        self.overview = ModelOverview(session)
        self.layers = LayersTable(session, self.overview)
        self.channels = ChannelPlot(session)
        self.prune = PruneRangesView(session)
        self.addTab(self.overview, "Overview")
        self.addTab(self.layers, "Layers")
        self.addTab(self.channels, "Channels")
        self.addTab(self.prune, "Prune ranges")
        self._update_prune_tab()
        self._make_outlier_actions()
        self.overview.layerActivated.connect(self._open_layer)
        self.layers.layerActivated.connect(self._open_layer)
        session.recordChanged.connect(self._on_record_changed)
        self.session.selection.changed.connect(self._on_selection)

    def _make_outlier_actions(self) -> None:
        def make(text: str, key: str, step: int, tip: str) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            # a single letter: only while the focus is in a view that walks layers (the prune
            # ranges view has its own N)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{tip} ({key})")
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False: self.step_outlier_layer(step))
            for view in (self.overview, self.layers, self.channels):
                view.addAction(action)
            return action

        self.act_next_outliers = make("Next Layer with Outliers", "N", 1,
                                      "Select the next layer whose scale_w has outliers")
        self.act_prev_outliers = make("Previous Layer with Outliers", "Shift+N", -1,
                                      "Select the previous layer whose scale_w has outliers")
        walk = self.outlier_actions()
        # on the views' right-click menus too (the window's Plot menu lists them as well)
        for plot in (self.overview.p_scale, self.overview.p_clip, self.overview.p_prob,
                     self.channels.main.plot, self.channels.tbf.plot):
            extend_view_menu(plot, walk)
        self.layers.view.insertActions(self.layers.act_csv, walk)

    def outlier_actions(self) -> list[QAction]:
        """Next/Previous Layer with Outliers (for the window's Plot menu)."""
        return [self.act_next_outliers, self.act_prev_outliers]

    @staticmethod
    def prepare(document: RecordDocument) -> OverviewData:
        """Whole-file work for a newly read document, off the GUI thread (the numbers of the
        overview and the Layers table); hand the result to `adopt` (see
        `DocumentController.add_load_step`)."""
        return ModelOverview.prepare(document)

    def adopt(self, document: RecordDocument, prepared: OverviewData) -> None:
        """Use `prepared` (from `prepare`) when the session next shows `document`."""
        self.overview.adopt(document, prepared)

    def follow_filter(self, matcher: Matcher, applied: SignalInstance) -> None:
        """Filter the Layers table as the tree is filtered: `matcher` is the tree's filter
        (`RecordFilterProxy`), `applied(text)` announces each new pattern (`FilterBar.applied`)."""
        self.layers.follow_filter(matcher, applied)

    def show_overview(self) -> None:
        """Bring the model overview to the front."""
        self.setCurrentWidget(self.overview)

    # ------------------------------------------------------------------ the outlier walk

    def step_outlier_layer(self, step: int = 1) -> int | None:
        """Select the next (`step` 1) or previous (-1) layer with scale_w outliers after the
        selected one, in file order, wrapping around; returns its index (None: there is none)."""
        self.overview.flush()
        data = self.overview.data
        layers = data.with_outliers
        k = f"k = {data.k:g}"
        if self.session.message is None:
            return None
        if layers.size == 0:
            self.message.emit(f"No layer has scale_w outliers at {k}")
            return None
        current = self.session.selection.record_index
        if step > 0:
            ahead = layers[layers > current] if current is not None else layers
            target, wrapped = (int(ahead[0]), False) if ahead.size else (int(layers[0]), current is not None)
        else:
            behind = layers[layers < current] if current is not None else layers[-1:]
            target, wrapped = (int(behind[-1]), False) if behind.size else (int(layers[-1]), True)
        self.session.selection.select(("record", target), source=self)
        n = int(data.outliers[target])
        position = int(np.searchsorted(layers, target)) + 1
        self.message.emit(f"Layer {target} {data.keys[target]!r}: {n} scale_w outlier{'s' if n != 1 else ''} "
                          f"({k}) — {position} of {layers.size} layers with outliers"
                          + (" (wrapped around)" if wrapped else ""))
        return target

    # ------------------------------------------------------------------ following

    def _open_layer(self, index: int) -> None:
        self.channels.show_layer(index)
        self.setCurrentWidget(self.channels)

    def _update_prune_tab(self) -> None:
        dialect = self.session.dialect
        self.setTabVisible(self.indexOf(self.prune), dialect is not None and dialect.has_prune)

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self._update_prune_tab()
            self.show_overview()

    def _on_selection(self, path: Path, source: object) -> None:
        if source in (self.overview, self.layers, self.channels, self.prune, self):
            return
        if self.session.selection.channel is not None:
            self.setCurrentWidget(self.channels)
        elif self.session.selection.prune_index is not None and len(path) >= 3 \
                and self.isTabVisible(self.indexOf(self.prune)):
            self.setCurrentWidget(self.prune)
