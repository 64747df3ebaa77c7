"""How the editor window shares its room: the tree as wide as its keys need, docks that
fold away when they have nothing to say, the plots focused or in a window of their own, and
all of it remembered.

`WindowLayout` is the window's layout: View ▸ Focus Plots (F11, Ctrl+Shift+F: tree, docks,
toolbar and the channel tables out of the way, and back), Plots in Own Window
(Ctrl+Shift+D) and Reset Layout, the tree's width, and the layout's part of the settings.

`DockFolder` watches docks (the Edit and Problems docks, tabbed along the bottom by
default): while the one in view has nothing to show — no layer selected, no problems — its
dock area shrinks to the dock's smallest height (the Problems dock's counts line), and it
opens again to the height the user last gave it when something comes. Docks the user put
beside the plots or floated are left as they are.

`PlotsWindow` holds the plots when they are detached (View ▸ Plots in Own Window), for a
second screen; closing it puts them back beside the tree.

What the layout moves around is declared in `LayoutParts` (the window builds those parts and
hands them over); of the window it uses only what every `QMainWindow` has (docks, tool bars,
its saved state).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QSplitter, QToolBar, QWidget

from editor.i18n import translate

if TYPE_CHECKING:
    from editor.ui.plots import PlotsPanel
    from editor.ui.tree_view import RecordTreeWidget

#: the version of the saved dock layout: a state saved by another one is not restored
#: (2: Edit and Problems tabbed along the bottom)
LAYOUT_VERSION = 2
#: the tree's width with no record open, at least, and at most this share of the window
TREE_WIDTH, TREE_MIN, TREE_SHARE = 300, 220, 0.27
#: the settings the layout keeps (besides the window's geometry), forgotten by Reset Layout
SETTINGS = ("window/state", "window/splitter", "layout/treeWidthChosen", "layout/bottomHeight",
            "layout/channelSplitter", "layout/channelTables", "layout/plotsDetached",
            "layout/plotsGeometry")

#: how tall the bottom docks open on a first start, as a share of the window's height ...
BOTTOM_SHARE = 0.36
#: ... within these pixels
BOTTOM_MIN, BOTTOM_MAX = 200, 320


def _flag(value: object) -> bool:
    """A boolean kept in QSettings (an INI file gives it back as text)."""
    return value is True or str(value).lower() in ("true", "1")


def default_bottom_height(window_height: int) -> int:
    """The height the bottom docks open to before the user chooses one."""
    return int(min(BOTTOM_MAX, max(BOTTOM_MIN, window_height * BOTTOM_SHARE)))


class DockFolder(QObject):
    """Folds the window's vertical dock areas to their smallest height while the dock in
    view there has nothing to say, and opens them to `open_height` when it has.

    `has_content(dock)` tells; `refresh()` is called when that may have changed (the
    window connects the panels' signals). A height the user drags a dock to while it is
    open becomes `open_height`.
    """

    def __init__(self, window: QMainWindow, docks: dict[QDockWidget, Callable[[], bool]],
                 open_height: int | None = None,
                 folded: dict[QDockWidget, Callable[[], int]] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.docks = docks
        #: how tall a dock's content is when folded (default: its smallest height)
        self.folded_content = folded or {}
        #: the height an open dock area gets (the user's last choice; None: the default
        #: for the window's height, `default_bottom_height`)
        self.open_height = open_height
        #: folding is suspended (Focus plots hides the docks anyway; Reset Layout rebuilds)
        self.paused = False
        self._resizing = False
        self._folded: dict[QDockWidget, bool] = {}
        for dock in docks:
            dock.installEventFilter(self)
            dock.visibilityChanged.connect(self._changed)
            dock.dockLocationChanged.connect(self._changed)
            dock.topLevelChanged.connect(self._changed)

    def _changed(self, *_args: object) -> None:
        # the docks hide as the window is torn down: nothing to fold then
        if shiboken6.isValid(self.window):
            self.refresh()

    def opened_height(self) -> int:
        """The height an open dock area gets now."""
        if self.open_height is not None:
            return self.open_height
        return default_bottom_height(self.window.height())

    def folded_height(self, dock: QDockWidget) -> int:
        """The height of `dock` folded: its title bar and the content's smallest height
        (or what `folded` says of it)."""
        widget = dock.widget()
        chrome = max(dock.height() - widget.height(), 0) if widget is not None and widget.isVisible() else 0
        content = self.folded_content[dock]() if dock in self.folded_content else \
            (widget.minimumSizeHint().height() if widget is not None else 0)
        return max(chrome + content, dock.minimumSizeHint().height() if dock not in self.folded_content else 0)

    def _vertical(self, dock: QDockWidget) -> bool:
        area = self.window.dockWidgetArea(dock)
        return not dock.isFloating() and area in (Qt.DockWidgetArea.BottomDockWidgetArea,
                                                  Qt.DockWidgetArea.TopDockWidgetArea)

    def in_view(self, dock: QDockWidget) -> bool:
        """Whether `dock` is shown (not hidden, not behind another dock's tab)."""
        return dock.isVisible() and not dock.visibleRegion().isEmpty()

    def folded(self, dock: QDockWidget) -> bool:
        """Whether `dock` was last folded to its smallest height."""
        return self._folded.get(dock, False)

    def refresh(self) -> None:
        """Fold or open each vertical dock area after what its dock in view shows."""
        if self.paused or not self.window.isVisible():
            return
        for dock, has_content in self.docks.items():
            if not self._vertical(dock) or not self.in_view(dock):
                continue
            fold = not has_content()
            height = self.folded_height(dock) if fold else self.opened_height()
            self._folded[dock] = fold
            if dock.height() != height:
                self._resizing = True
                try:
                    self.window.resizeDocks([dock], [height], Qt.Orientation.Vertical)
                finally:
                    self._resizing = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and not self._resizing and not self.paused \
                and isinstance(watched, QDockWidget) and watched in self.docks \
                and self._vertical(watched) and self.in_view(watched) and not self._folded.get(watched, False) \
                and watched.height() > self.folded_height(watched) + 8:
            self.open_height = watched.height()  # the user dragged the separator
        return super().eventFilter(watched, event)


class PlotsWindow(QMainWindow):
    """The plots in a window of their own; closing it (or View ▸ Plots in Own Window
    again) brings them back to the main window."""

    #: the user closed the window: the owner takes the plots back
    closing = Signal()

    def __init__(self, owner: QMainWindow, title: str, actions: list[QAction]) -> None:
        # a window of its own, owned by the main window (closed and deleted with it)
        super().__init__(owner, Qt.WindowType.Window)
        self.setObjectName("plotsWindow")
        self.setWindowTitle(title)
        # the window's own shortcuts (save, undo, focus, …) work here too
        self.addActions(actions)

    def hold(self, widget: QWidget) -> None:
        """Show `widget` (the plots) in this window."""
        self.setCentralWidget(widget)
        widget.show()

    def release(self) -> QWidget | None:
        """Give the plots back (they are no longer this window's)."""
        return self.takeCentralWidget()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.centralWidget() is not None:
            self.closing.emit()  # the owner takes the plots back, then this window goes
        event.accept()


@dataclass(frozen=True)
class LayoutParts:
    """What `WindowLayout` arranges in its window (the window builds them)."""

    #: the tree on the left, `side` on the right
    splitter: QSplitter
    #: what is beside the tree (the plots' tabs): focused, or detached into a window of its own
    side: QWidget
    #: the record tree: as wide as its keys need (`key_column`), out of the way when focused
    tree: RecordTreeWidget
    #: the plots: their channel tables hidden while focused, kept in the settings
    plots: PlotsPanel
    #: the docks tabbed along the bottom by default, the first in front
    bottom_docks: tuple[QDockWidget, ...]
    #: folds those docks while they have nothing to say
    folder: DockFolder
    #: the settings Reset Layout forgets the layout in
    settings: QSettings
    #: the open record's name for the plots' own window (None: no record is open)
    record_name: Callable[[], str | None]


class WindowLayout(QObject):
    """The main window's layout: Focus Plots, Plots in Own Window, Reset Layout, the
    tree's width, and what of it the settings keep.

    The window builds its docks, tree and plots (`parts`); this object moves them around in
    `window`. Its actions (`act_focus`, `act_detach`, `act_reset`) go in the window's View
    menu; `status` says what it did, for the status bar.
    """

    #: a status bar message and how long to show it (ms)
    status = Signal(str, int)

    def __init__(self, window: QMainWindow, parts: LayoutParts) -> None:
        super().__init__(window)
        self.window = window
        self.parts = parts
        #: the user dragged the tree's edge: their width, not the keys', from now on
        self.tree_width_chosen = False
        #: the plots' window while they are detached (View ▸ Plots in Own Window)
        self.plots_window: PlotsWindow | None = None
        #: what Focus Plots put away: the dock state, the splitter, whether the tables showed
        self._focus_state: tuple[QByteArray, QByteArray, bool] | None = None
        self._splitter_before_detach = QByteArray()
        parts.splitter.splitterMoved.connect(self._tree_width_moved)
        self.act_focus = self._action(translate("WindowLayout", "&Focus Plots"), self.toggle_focus_plots,
                                      ["F11", "Ctrl+Shift+F"],
                                      translate("WindowLayout", "Give the plots the whole window (again: back)"),
                                      checkable=True)
        self.act_detach = self._action(translate("WindowLayout", "Plots in Own &Window"), self.toggle_plots_window,
                                       ["Ctrl+Shift+D"],
                                       translate("WindowLayout", "Show the plots in a window of their own (a second screen)"),
                                       checkable=True)
        self.act_reset = self._action(translate("WindowLayout", "&Reset Layout"), self.reset_layout, [],
                                      translate("WindowLayout", "Put the tree, plots and docks back where they start"))

    def _action(self, text: str, slot: Callable[[], None], keys: list[str], tip: str, *,
                checkable: bool = False) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setStatusTip(tip)
        action.setCheckable(checkable)
        action.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(action)
        return action

    # ------------------------------------------------------------------ docks and tree

    def dock_defaults(self) -> None:
        """The bottom docks (Edit and Problems) docked along the bottom as tabs, the first
        (Edit) in front."""
        w, docks = self.window, self.parts.bottom_docks
        for dock in docks:
            dock.setFloating(False)
            w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.show()
        for before, dock in pairwise(docks):
            w.tabifyDockWidget(before, dock)
        if docks:
            docks[0].raise_()

    def _tree_width_moved(self, _pos: int, _index: int) -> None:
        self.tree_width_chosen = True

    def fit_tree(self) -> None:
        """Give the tree what its keys need (and the plots the rest), unless the user set
        its width."""
        parts = self.parts
        splitter = parts.splitter
        if self.tree_width_chosen or splitter.count() < 2 or splitter.indexOf(parts.side) != 1:
            return
        total = sum(splitter.sizes()) or max(splitter.width(), 800)
        wanted = parts.tree.key_column.preferred_width() or TREE_WIDTH
        # the plots keep most of any window: the tree takes at most a share of it (of the
        # window, not of the splitter, which docks beside it may be squeezing for a moment)
        tree = max(TREE_MIN, min(wanted, int(self.window.width() * TREE_SHARE)))
        splitter.setSizes([tree, max(total - tree, 1)])

    def document_changed(self) -> None:
        """A record was opened or closed: the tree's width for its keys, the plots' title."""
        self.fit_tree()
        if self.plots_window is not None:
            self.plots_window.setWindowTitle(self._plots_title())

    # ------------------------------------------------------------------ focus

    def focus_plots(self) -> bool:
        """Whether the plots have the whole window (View ▸ Focus Plots)."""
        return self._focus_state is not None

    def toggle_focus_plots(self) -> None:
        """View ▸ Focus Plots: the plots take the whole window, or give it back."""
        if self.plots_window is not None:
            detached = self.plots_window  # in their own window: its whole screen
            if detached.isFullScreen():
                detached.showNormal()
            else:
                detached.showFullScreen()
            self.act_focus.setChecked(detached.isFullScreen())
            return
        self.set_focus_plots(self._focus_state is None)

    def set_focus_plots(self, on: bool) -> None:
        """Give the plots the whole window (tree, docks, toolbar and the channel tables out
        of the way), or put back what was there."""
        w, parts = self.window, self.parts
        if on == (self._focus_state is not None) or (on and self.plots_window is not None):
            self.act_focus.setChecked(self._focus_state is not None)
            return
        channels = parts.plots.channels
        parts.folder.paused = on
        if on:
            self._focus_state = (w.saveState(LAYOUT_VERSION), parts.splitter.saveState(), channels.tables_shown())
            for dock in w.findChildren(QDockWidget):
                dock.hide()
            for bar in w.findChildren(QToolBar):
                if bar.parent() is w:
                    bar.hide()
            focused = QApplication.focusWidget()
            had_focus = focused is not None and parts.tree.isAncestorOf(focused)
            # folded away rather than hidden: a hidden tree view shown again resizes its
            # columns itself, which would read as the user's choice of widths
            parts.splitter.setSizes([0, sum(parts.splitter.sizes())])
            channels.set_tables_shown(False)
            if had_focus:
                parts.plots.setFocus()
        else:
            assert self._focus_state is not None
            state, splitter, tables = self._focus_state
            self._focus_state = None
            w.restoreState(state, LAYOUT_VERSION)
            parts.splitter.restoreState(splitter)
            channels.set_tables_shown(tables)
            parts.folder.refresh()
        self.act_focus.setChecked(on)

    # ------------------------------------------------------------------ the plots' own window

    def _plots_title(self) -> str:
        from editor.ui.window_menus import APP_NAME  # (the window's modules import this one)

        name = self.parts.record_name()
        if name is None:
            name = translate("WindowLayout", "no record")
        return translate("WindowLayout", "Plots — {name} — {app}").format(name=name, app=APP_NAME)

    def toggle_plots_window(self) -> None:
        """View ▸ Plots in Own Window: detach the plots, or bring them back."""
        self.set_plots_detached(self.plots_window is None)

    def set_plots_detached(self, on: bool) -> None:
        """Show the plots in a window of their own (a second screen), or beside the tree again."""
        w, splitter = self.window, self.parts.splitter
        if on == (self.plots_window is not None):
            self.act_detach.setChecked(on)
            return
        if on:
            self.set_focus_plots(False)
            self._splitter_before_detach = splitter.saveState()
            window = PlotsWindow(w, self._plots_title(), [a for a in w.actions() if not a.shortcut().isEmpty()])
            window.closing.connect(lambda: self.set_plots_detached(False))
            window.hold(self.parts.side)
            window.resize(max(w.width() * 3 // 4, 800), max(w.height() * 3 // 4, 500))
            window.show()
            self.plots_window = window
        else:
            detached = self.plots_window
            assert detached is not None
            self.plots_window = None
            if detached.isFullScreen():
                detached.showNormal()
            widget = detached.release()
            if widget is not None:
                splitter.insertWidget(1, widget)
                widget.show()
            splitter.restoreState(self._splitter_before_detach)
            detached.hide()
            detached.deleteLater()
            self.act_focus.setChecked(False)
        self.act_detach.setChecked(on)

    # ------------------------------------------------------------------ defaults and settings

    def reset_layout(self) -> None:
        """View ▸ Reset Layout: the plots back beside the tree, out of focus, the docks
        along the bottom as tabs, the tree as wide as its keys need, the channel tables
        shown — and forget the layout the settings kept."""
        w, parts = self.window, self.parts
        self.set_plots_detached(False)
        self.set_focus_plots(False)
        parts.folder.paused = True
        try:
            for bar in w.findChildren(QToolBar):
                if bar.parent() is w:
                    w.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
                    bar.show()
            self.dock_defaults()
        finally:
            parts.folder.paused = False
        for key in SETTINGS:
            parts.settings.remove(key)
        self.tree_width_chosen = False
        parts.tree.key_column.chosen = False
        parts.tree.key_column.fit()
        self.fit_tree()
        parts.plots.channels.restore_layout(None, True)
        parts.folder.open_height = None
        parts.folder.refresh()
        self.status.emit(translate("WindowLayout", "Layout reset to the defaults"), 5000)

    def restore(self) -> None:
        """The layout the settings kept: docks, tree width, the docks' height, the channel
        tables, the plots' own window. A dock state of another `LAYOUT_VERSION` is not
        restored (the defaults stay)."""
        w, parts, settings = self.window, self.parts, self.parts.settings
        state = settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            w.restoreState(state, LAYOUT_VERSION)
        splitter = settings.value("window/splitter")
        if isinstance(splitter, QByteArray) and not splitter.isEmpty():
            parts.splitter.restoreState(splitter)
        self.tree_width_chosen = _flag(settings.value("layout/treeWidthChosen", False))
        height = settings.value("layout/bottomHeight")
        if height is not None and str(height).isdigit():
            parts.folder.open_height = int(str(height))
        parts.plots.channels.restore_layout(settings.value("layout/channelSplitter"),
                                        _flag(settings.value("layout/channelTables", True)))
        if _flag(settings.value("layout/plotsDetached", False)):
            self.set_plots_detached(True)
            geometry = settings.value("layout/plotsGeometry")
            if self.plots_window is not None and isinstance(geometry, QByteArray) and not geometry.isEmpty():
                self.plots_window.restoreGeometry(geometry)

    def save(self) -> None:
        """Keep the layout in the settings (the one Focus Plots came from, if focused)."""
        w, parts, settings = self.window, self.parts, self.parts.settings
        self.set_focus_plots(False)
        settings.setValue("window/state", w.saveState(LAYOUT_VERSION))
        settings.setValue("window/splitter", parts.splitter.saveState())
        settings.setValue("layout/treeWidthChosen", self.tree_width_chosen)
        if parts.folder.open_height is not None:
            settings.setValue("layout/bottomHeight", parts.folder.open_height)
        channels = parts.plots.channels
        settings.setValue("layout/channelSplitter", channels.splitter.saveState())
        settings.setValue("layout/channelTables", channels.tables_shown())
        settings.setValue("layout/plotsDetached", self.plots_window is not None)
        if self.plots_window is not None:
            settings.setValue("layout/plotsGeometry", self.plots_window.saveGeometry())
