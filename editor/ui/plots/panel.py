"""PlotsPanel: the plot views of one edit session as tabs, and the walk through the layers
with outliers."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QTabWidget, QWidget

from editor.figures.overview import OverviewData
from editor.i18n import translate
from editor.records.document import RecordDocument
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import FieldPath
from editor.ui.plots._menus import extend_view_menu
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.layer_values import LayerValues
from editor.ui.plots.layers_table import LayersTable, Matcher
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.prune_view import PruneRangesView
from editor.ui.plots.weights_view import WeightsPlots
from editor.ui.session import EditSession


class PlotsPanel(QTabWidget):
    """Overview, Layers, Channels, Prune ranges and Graph tabs over one session's record.

    The overview is shown whenever a record is opened (the record is reset), whatever gets
    selected while the file loads — the prune ranges for a file of prune records only.
    Selecting one channel elsewhere (tree, channel table) brings up the channel plot, a
    prune node the prune ranges; selecting a whole layer only moves the marks (the channel
    plot follows it in the background), and a double click (or Return) in the overview or
    the Layers table opens the layer in the channel plot.

    *Next/Previous Layer with Outliers* (N, Shift+N in the overview, the Layers table and the
    channel plot) select the next layer, in file order, whose scale_w has outliers at the
    window's fence factor k, wrapping around; `message` says where the walk is. *Walk Layers
    By* chooses another walk: worst first by a per-layer series that says which way is worse
    (`LayerValues.worse`: the analysis's similarity, weight SQNR, …), N going to the next
    worse-ranked layer after the selected one.

    Others add their actions to a view's section of the Plot menu with `add_actions`.
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
        #: the attached network's weights review: overlay, overview row, resets
        self.weights = WeightsPlots(session, self.channels, self.overview)
        self.addTab(self.overview, translate("PlotsPanel", "Overview"))
        self.addTab(self.layers, translate("PlotsPanel", "Layers"))
        self.addTab(self.channels, translate("PlotsPanel", "Channels"))
        self.addTab(self.prune, translate("PlotsPanel", "Prune ranges"))
        # (imported here: the graph view uses this package's shared pieces, so a module-level
        # import would be circular when the graph view is imported first)
        from editor.ui.graph.view import GraphView

        #: the attached network's graph, coloured by a figure of the overview's (without a
        #: network, it says how to attach one)
        self.graph = GraphView(session, self.overview)
        self.addTab(self.graph, translate("PlotsPanel", "Graph"))
        self._update_prune_tab()
        #: actions others add to a view's section of the Plot menu (`add_actions`)
        self._extra: dict[QWidget, list[QAction | None]] = {}
        #: the walk of N / Shift+N: None, layers with outliers in the Layers table's order; else a series' key
        self.walk_by: str | None = None
        self._make_outlier_actions()
        self._make_walk_menu()
        self.overview.refreshed.connect(self._follow_series)
        self.overview.layerActivated.connect(self._open_layer)
        self.layers.layerActivated.connect(self._open_layer)
        session.recordChanged.connect(self._on_record_changed)
        self.session.selection.changed.connect(self._on_selection)
        # an action chosen from a menu brings its view up, with the focus its keys need; the
        # walk through the layers with outliers works in whichever view is up
        stay = {self.overview.act_open, *self.outlier_actions(), self.act_walk}  # act_open opens Channels
        for view, _title, actions in self._sections():
            for action in actions:
                if action is not None and action not in stay:
                    action.triggered.connect(lambda _checked=False, v=view: self._bring_up(v))

    # ------------------------------------------------------------------ actions

    def _sections(self) -> list[tuple[QWidget, str, list[QAction | None]]]:
        """(view, its title, its actions) for every view; None in a list: a separator."""
        o, c, p, t = self.overview, self.channels, self.prune, self.layers
        s = c.spans
        sections: list[tuple[QWidget, str, list[QAction | None]]] = [
            (o, translate("PlotsPanel", "Overview"), [o.act_open, o.act_view_all, o.act_log, None, o.act_png, o.act_csv]),
            (t, translate("PlotsPanel", "Layers"),
             [*self.outlier_actions(), self.act_walk, None, t.act_outliers_only, t.act_csv]),
            (c, translate("PlotsPanel", "Channels"),
             [c.act_prev, c.act_next, c.act_view_all, c.act_log, c.act_weight, c.act_shift,
              c.act_tbf, c.act_tables, None, s.act_span, *s.edit_actions, s.act_hide, None,
              *self.weights.actions, None, c.act_png, c.act_csv, c.act_csv_in]),
            (p, translate("PlotsPanel", "Prune ranges"), [p.act_only, p.act_next, p.act_prev, p.act_view_all, None, p.act_png]),
            (self.graph, translate("PlotsPanel", "Graph"), self.graph.actions_list()),
        ]
        return [(view, title, actions + ([None, *self._extra[view]] if self._extra.get(view) else []))
                for view, title, actions in sections]

    def add_actions(self, view: QWidget, actions: list[QAction | None]) -> None:
        """List `actions` in `view`'s section of the Plot menu (after its own; None: a
        separator); chosen from the menu, each brings the view up as the view's own do."""
        self._extra.setdefault(view, []).extend(actions)
        for action in actions:
            if action is not None:
                action.triggered.connect(lambda _checked=False, v=view: self._bring_up(v))

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

    def places(self) -> dict[QWidget, str]:
        """Where a plot key works, in words, by widget (Help ▸ Keyboard Shortcuts): each view,
        and the panel itself for the walk through the layers with outliers."""
        words: dict[QWidget, str] = {
            self.overview: translate("PlotsPanel", "the Overview plot"),
            self.channels: translate("PlotsPanel", "the Channels plot"),
            self.layers: translate("PlotsPanel", "the Layers table"),
            self.prune: translate("PlotsPanel", "the Prune ranges view"),
            self.graph: translate("PlotsPanel", "the Graph view"),
            self: translate("PlotsPanel", "the Overview, the Layers table or the Channels plot"),
        }
        return words

    def _bring_up(self, view: QWidget) -> None:
        if self.indexOf(view) >= 0 and self.isTabVisible(self.indexOf(view)):
            self.setCurrentWidget(view)
        focus = self.window().focusWidget() if self.window() is not None else None
        if focus is None or not view.isAncestorOf(focus):
            plot = getattr(view, "graphics", None) or getattr(view, "plot_widget", None) or getattr(view, "canvas", None)
            if plot is not None and plot.isVisible():
                plot.setFocus()  # the arrow keys (channel by channel) are the plot's own
            else:  # nothing plotted yet: the view's keys still work with the focus in it
                view.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
                view.setFocus()

    def _make_outlier_actions(self) -> None:
        def make(text: str, key: str, step: int, tip: str) -> QAction:
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            # a single letter: only while the focus is in a view that walks layers (the prune
            # ranges view has its own N)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{tip} ({key})")  # the key as Qt writes it, not translated
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False: self.step_outlier_layer(step))
            for view in (self.overview, self.layers, self.channels):
                view.addAction(action)
            return action

        self.act_next_outliers = make(translate("PlotsPanel", "Next Layer with Outliers"), "N", 1,
                                      translate("PlotsPanel", "Select the next layer whose scale_w has outliers"))
        self.act_prev_outliers = make(translate("PlotsPanel", "Previous Layer with Outliers"), "Shift+N", -1,
                                      translate("PlotsPanel",
                                                "Select the previous layer whose scale_w has outliers"))
        walk = self.outlier_actions()
        # on the views' right-click menus too (the window's Plot menu lists them as well)
        for plot in (self.overview.p_scale, self.overview.p_clip, self.overview.p_prob):
            extend_view_menu(plot, walk)
        self.channels.when_rows(self._extend_channel_menus)  # its rows are made when a layer is first drawn
        self.layers.view.insertActions(self.layers.act_csv, walk)

    def _extend_channel_menus(self) -> None:
        for row in (self.channels.main, self.channels.tbf):
            extend_view_menu(row.plot, self.outlier_actions())

    def outlier_actions(self) -> list[QAction]:
        """Next/Previous Layer with Outliers — or by the metric *Walk Layers By* chose — (for
        the window's Plot menu)."""
        return [self.act_next_outliers, self.act_prev_outliers]

    # ------------------------------------------------------------------ what N walks by

    def _make_walk_menu(self) -> None:
        self.walk_menu = QMenu(translate("PlotsPanel", "Walk Layers By"), self)
        self.walk_menu.setToolTipsVisible(True)
        self.walk_menu.aboutToShow.connect(self._fill_walk_menu)
        # an action of the panel's own: a menu's menuAction() is deleted when the Plot menu,
        # which lists it, is cleared to be filled again
        self.act_walk = QAction(translate("PlotsPanel", "Walk Layers By"), self)
        self.act_walk.setMenu(self.walk_menu)
        self.act_walk.setStatusTip(translate("PlotsPanel", "What N and Shift+N walk through: the layers with "
                                                           "outliers in the Layers table's order, or every layer worst first by "
                                                           "a figure"))
        self._walk_group = QActionGroup(self)
        self._walk_group.setExclusive(True)
        self._fill_walk_menu()

    def walk_choices(self) -> list[tuple[str | None, str]]:
        """(series key or None, words) of each walk N can take: the layers with outliers, then
        every series that says which way is worse."""
        out: list[tuple[str | None, str]] = [(None, translate("PlotsPanel", "Layers with outliers (the Layers table's order)"))]
        for key, series in self.overview.series_rows.columns():
            if series.worse:
                out.append((key, translate("PlotsPanel", "{name}, worst first").format(name=series.name)))
        return out

    def _fill_walk_menu(self) -> None:
        menu = self.walk_menu
        for action in self._walk_group.actions():
            self._walk_group.removeAction(action)
        menu.clear()
        for key, words in self.walk_choices():
            action = QAction(words, menu)
            action.setCheckable(True)
            action.setChecked(key == self.walk_by)
            action.triggered.connect(lambda _checked=False, k=key: self.set_walk(k))
            self._walk_group.addAction(action)
            menu.addAction(action)

    def set_walk(self, key: str | None) -> None:
        """Let N / Shift+N walk by the series under `key`, worst first (None: the layers with
        outliers in the Layers table's order); a key of no such series falls back to the outliers."""
        series = self.overview.layer_series(key) if key is not None else None
        if series is None or not series.worse:
            key = None
        self.walk_by = key
        if series is None or key is None:
            self.act_next_outliers.setText(translate("PlotsPanel", "Next Layer with Outliers"))
            self.act_prev_outliers.setText(translate("PlotsPanel", "Previous Layer with Outliers"))
            tips = (translate("PlotsPanel", "Select the next layer whose scale_w has outliers"),
                    translate("PlotsPanel", "Select the previous layer whose scale_w has outliers"))
        else:
            self.act_next_outliers.setText(translate("PlotsPanel", "Next Worse Layer by {name}").format(
                name=series.name))
            self.act_prev_outliers.setText(translate("PlotsPanel", "Previous Worse Layer by {name}").format(
                name=series.name))
            tips = (translate("PlotsPanel", "Select the layer ranked next, worst first by {name}").format(
                        name=series.name),
                    translate("PlotsPanel", "Select the layer ranked before, worst first by {name}").format(
                        name=series.name))
        for action, tip, key_text in zip(self.outlier_actions(), tips, ("N", "Shift+N"), strict=True):
            action.setToolTip(f"{tip} ({key_text})")
            action.setStatusTip(tip)
        for action, (k, _words) in zip(self._walk_group.actions(), self.walk_choices(), strict=False):
            action.setChecked(k == self.walk_by)

    def _follow_series(self) -> None:
        """The series changed: a walk by one that is gone goes back to the outliers."""
        if self.walk_by is not None and self.overview.layer_series(self.walk_by) is None:
            self.set_walk(None)

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

    # ------------------------------------------------------------------ the outlier walk

    def step_outlier_layer(self, step: int = 1) -> int | None:
        """Select the next (`step` 1) or previous (-1) layer with scale_w outliers after the
        selected one, in the Layers table's order (worst first by severity unless sorted by
        another column), wrapping around — or, when *Walk Layers By* chose a
        series, the next worse-ranked layer (`step_ranked`); returns its index (None: there
        is none)."""
        self.overview.flush()
        series = self.overview.layer_series(self.walk_by) if self.walk_by is not None else None
        if series is not None:
            return self.step_ranked(series, step)
        data = self.overview.data
        # in the Layers table's order: worst first until the reviewer sorts by another column
        order = self.layers.layer_order()
        if order.size != len(data):  # the table has yet to follow the numbers
            order = np.arange(len(data))
        has = data.outliers[order] > 0
        layers = order[has]
        k = f"k = {data.k:g}"
        if self.session.message is None:
            return None
        if layers.size == 0:
            self.message.emit(translate("PlotsPanel", "No layer has scale_w outliers at {k}").format(k=k))
            return None
        current = self.session.selection.record_index
        at = np.flatnonzero(order == current) if current is not None else np.zeros(0, np.int64)
        wrapped = False
        if at.size == 0:  # from no layer: the first (the last going back)
            position = 0 if step > 0 else layers.size - 1
        else:
            before = int(np.count_nonzero(has[:at[0]]))  # layers with outliers ranked before the current one
            position = before + (int(has[at[0]]) if step > 0 else -1)
            wrapped = not 0 <= position < layers.size
            position %= layers.size
        target = int(layers[position])
        self.session.selection.select(("record", target), source=self)
        n = int(data.outliers[target])
        position += 1
        text = (translate("PlotsPanel", "Layer {index} {key}: {n} scale_w outlier ({k})") if n == 1 else
                translate("PlotsPanel", "Layer {index} {key}: {n} scale_w outliers ({k})"))
        text = text.format(index=target, key=repr(data.keys[target]), n=n, k=k)
        where = (translate("PlotsPanel", " — {position} of {count} layer with outliers") if layers.size == 1 else
                 translate("PlotsPanel", " — {position} of {count} layers with outliers"))
        text += where.format(position=position, count=layers.size)
        self.message.emit(text + (translate("PlotsPanel", " (wrapped around)") if wrapped else ""))
        return target

    def step_ranked(self, series: LayerValues, step: int = 1) -> int | None:
        """Select the layer ranked after (`step` 1) or before (-1) the selected one, worst
        first by `series`, wrapping around (from no ranked layer: the worst, or the best going
        back); returns its index (None: no layer has a value)."""
        if self.session.message is None:
            return None
        n = len(self.overview.data)
        ranking = series.ranking() if series.values.size == n else np.zeros(0, np.int64)
        if ranking.size == 0:
            self.message.emit(translate("PlotsPanel", "No layer has a value of {name}").format(name=series.name))
            return None
        current = self.session.selection.record_index
        where = np.flatnonzero(ranking == current) if current is not None else np.zeros(0, np.int64)
        if where.size:
            position = int(where[0]) + step
            wrapped = not 0 <= position < ranking.size
            position %= ranking.size
        else:
            position, wrapped = (0 if step > 0 else ranking.size - 1), False
        target = int(ranking[position])
        self.session.selection.select(("record", target), source=self)
        text = translate("PlotsPanel", "Layer {index} {key}: {name} {value} — {position} of {count}, worst "
                                       "first").format(index=target, key=repr(self.overview.data.keys[target]),
                                                       name=series.name, value=series.text(target),
                                                       position=position + 1, count=ranking.size)
        if series.is_stale(target):
            text += translate("PlotsPanel", " (out of date: the layer was edited since)")
        self.message.emit(text + (translate("PlotsPanel", " (wrapped around)") if wrapped else ""))
        return target

    # ------------------------------------------------------------------ following

    def _open_layer(self, index: int) -> None:
        self.channels.show_layer(index)
        self.setCurrentWidget(self.channels)

    def show_graph(self) -> None:
        """Bring the graph of the attached network to the front."""
        self.setCurrentWidget(self.graph)

    def _update_prune_tab(self) -> None:
        dialect = self.session.dialect
        self.setTabVisible(self.indexOf(self.prune), dialect is not None and dialect.has_prune)

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET:
            self._update_prune_tab()
            self.show_first_view()

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if source in (self.overview, self.layers, self.channels, self.prune, self.graph, self):
            return
        if self.session.selection.channel is not None:
            self.setCurrentWidget(self.channels)
        elif self.session.selection.prune_index is not None and len(path) >= 3 \
                and self.isTabVisible(self.indexOf(self.prune)):
            self.setCurrentWidget(self.prune)
