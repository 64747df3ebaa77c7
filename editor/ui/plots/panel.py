"""PlotsPanel: the three plot views of one edit session as tabs."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QTabWidget, QWidget

from editor.records.document import RecordDocument
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import Path
from editor.ui.plots._data import OverviewData
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.prune_view import PruneRangesView
from editor.ui.plots.weights_view import WeightsPlots
from editor.ui.session import EditSession


class PlotsPanel(QTabWidget):
    """Overview, Channels and Prune ranges tabs over one session's record.

    The overview is shown whenever a record is opened (the record is reset), whatever gets
    selected while the file loads — the prune ranges for a file of prune records only.
    Selecting one channel elsewhere (tree, channel table) brings up the channel plot, a
    prune node the prune ranges; selecting a whole layer only moves the marks (the channel
    plot follows it in the background), and a double click (or Return) in the overview
    opens the layer in the channel plot.
    """

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setDocumentMode(True)
        # a side panel: let the window's splitter shrink it as far as the user likes (the
        # toolbars fold into their » menus); the tree beside it keeps its room
        self.setMinimumSize(60, 80)
        self.overview = ModelOverview(session)
        self.channels = ChannelPlot(session)
        self.prune = PruneRangesView(session)
        #: the attached network's weights review: overlay, overview row, resets
        self.weights = WeightsPlots(session, self.channels, self.overview)
        self.addTab(self.overview, "Overview")
        self.addTab(self.channels, "Channels")
        self.addTab(self.prune, "Prune ranges")
        self._update_prune_tab()
        self.overview.layerActivated.connect(self._open_layer)
        session.recordChanged.connect(self._on_record_changed)
        self.session.selection.changed.connect(self._on_selection)
        # an action chosen from a menu brings its view up, with the focus its keys need
        for view, _title, actions in self._sections():
            for action in actions:
                if action is not None and action is not self.overview.act_open:  # that one opens Channels
                    action.triggered.connect(lambda _checked=False, v=view: self._bring_up(v))

    # ------------------------------------------------------------------ actions

    def _sections(self) -> list[tuple[QWidget, str, list[QAction | None]]]:
        """(view, its title, its actions) for every view; None in a list: a separator."""
        o, c, p = self.overview, self.channels, self.prune
        s = c.spans
        return [
            (o, "Overview", [o.act_open, o.act_view_all, o.act_log, None, o.act_png, o.act_csv]),
            (c, "Channels", [c.act_prev, c.act_next, c.act_view_all, c.act_log, c.act_weight, c.act_shift,
                             c.act_tbf, c.act_tables, None, s.act_span, *s.edit_actions, s.act_hide, None,
                             *self.weights.actions, None, c.act_png, c.act_csv, c.act_csv_in]),
            (p, "Prune ranges", [p.act_only, p.act_next, p.act_prev, p.act_view_all, None, p.act_png]),
        ]

    def plot_actions(self) -> list[tuple[str, list[QAction | None]]]:
        """Every plot action, with its shortcut, by view (None: a separator): what the window's
        Plot menu lists. A view whose tab is hidden (Prune ranges, for a dialect without prune
        records) is left out. A shortcut works while the focus is in its view (a single
        letter cannot be the whole window's); chosen from a menu, an action brings its view
        up and gives it the focus, so its keys work next."""
        return [(title, actions) for view, title, actions in self._sections()
                if self.isTabVisible(self.indexOf(view))]

    def view_titles(self) -> dict[QWidget, str]:
        """The plot views by the title their actions are listed under."""
        return {view: title for view, title, _actions in self._sections()}

    def _bring_up(self, view: QWidget) -> None:
        if self.indexOf(view) >= 0 and self.isTabVisible(self.indexOf(view)):
            self.setCurrentWidget(view)
        focus = self.window().focusWidget() if self.window() is not None else None
        if focus is None or not view.isAncestorOf(focus):
            plot = getattr(view, "graphics", None) or getattr(view, "plot_widget", None)
            if plot is not None and plot.isVisible():
                plot.setFocus()  # the arrow keys (channel by channel) are the plot's own
            else:  # nothing plotted yet: the view's keys still work with the focus in it
                view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
                view.setFocus()

    @staticmethod
    def prepare(document: RecordDocument) -> OverviewData:
        """Whole-file work for a newly read document, off the GUI thread (the overview's
        numbers); hand the result to `adopt` (see `MainWindow.add_load_step`)."""
        return ModelOverview.prepare(document)

    def adopt(self, document: RecordDocument, prepared: OverviewData) -> None:
        """Use `prepared` (from `prepare`) when the session next shows `document`."""
        self.overview.adopt(document, prepared)

    def show_overview(self) -> None:
        """Bring the model overview to the front."""
        self.setCurrentWidget(self.overview)

    def show_first_view(self) -> None:
        """Bring the view a newly opened record is best seen in to the front: the model
        overview, or the prune ranges for a record with prune records and no layer."""
        msg = self.session.message
        fields = msg.DESCRIPTOR.fields_by_name if msg is not None else {}
        prune_only = "prune_record" in fields and len(msg.prune_record) > 0 \
            and ("record" not in fields or len(msg.record) == 0)
        if prune_only and self.isTabVisible(self.indexOf(self.prune)):
            self.setCurrentWidget(self.prune)
        else:
            self.show_overview()

    def _open_layer(self, index: int) -> None:
        self.channels.show_layer(index)
        self.setCurrentWidget(self.channels)

    def _update_prune_tab(self) -> None:
        dialect = self.session.dialect
        self.setTabVisible(self.indexOf(self.prune), dialect is not None and dialect.has_prune)

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self._update_prune_tab()
            self.show_first_view()

    def _on_selection(self, path: Path, source: object) -> None:
        if source in (self.overview, self.channels, self.prune):
            return
        if self.session.selection.channel is not None:
            self.setCurrentWidget(self.channels)
        elif self.session.selection.prune_index is not None and len(path) >= 3 \
                and self.isTabVisible(self.indexOf(self.prune)):
            self.setCurrentWidget(self.prune)
