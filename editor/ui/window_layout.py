"""How the editor window shares its room: docks that fold away when they have nothing to
say, and the plots in a window of their own.

`DockFolder` watches docks (the Edit and Problems docks, tabbed along the bottom by
default): while the one in view has nothing to show — no layer selected, no problems — its
dock area shrinks to the dock's smallest height (the Problems dock's counts line), and it
opens again to the height the user last gave it when something comes. Docks the user put
beside the plots or floated are left as they are.

`PlotsWindow` holds the plots when they are detached (View ▸ Plots in Own Window), for a
second screen; closing it puts them back beside the tree.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

#: how tall the bottom docks open on a first start, as a share of the window's height ...
BOTTOM_SHARE = 0.36
#: ... within these pixels
BOTTOM_MIN, BOTTOM_MAX = 200, 320


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
            dock.visibilityChanged.connect(lambda _visible: self.refresh())
            dock.dockLocationChanged.connect(lambda _area: self.refresh())
            dock.topLevelChanged.connect(lambda _floating: self.refresh())

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
