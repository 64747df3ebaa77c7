"""Actions and menus of the plots' toolbars and right-click menus (pyqtgraph's own entries
translated too), and a spin box that sits in a menu."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolBar,
    QToolButton,
    QWidget,
    QWidgetAction,
)

from editor.i18n import QT_TRANSLATE_NOOP

#: The entries pyqtgraph puts on every plot's right-click menu: pyqtgraph passes them through
#: ``QCoreApplication.translate`` under these contexts itself, so listing them here brings them
#: into this area's .ts and the window's translator answers for them. (The dialogs inside its
#: axis and plot-options submenus stay pyqtgraph's English.)
PYQTGRAPH_TEXTS = (
    QT_TRANSLATE_NOOP("ViewBox", "ViewBox options"),
    QT_TRANSLATE_NOOP("ViewBox", "View All"),
    QT_TRANSLATE_NOOP("ViewBox", "axis"),
    QT_TRANSLATE_NOOP("ViewBox", "Mouse Mode"),
    QT_TRANSLATE_NOOP("ViewBox", "3 button"),
    QT_TRANSLATE_NOOP("ViewBox", "1 button"),
    QT_TRANSLATE_NOOP("PlotItem", "Plot Options"),
    QT_TRANSLATE_NOOP("PlotItem", "Transforms"),
    QT_TRANSLATE_NOOP("PlotItem", "Downsample"),
    QT_TRANSLATE_NOOP("PlotItem", "Average"),
    QT_TRANSLATE_NOOP("PlotItem", "Alpha"),
    QT_TRANSLATE_NOOP("PlotItem", "Grid"),
    QT_TRANSLATE_NOOP("PlotItem", "Points"),
    QT_TRANSLATE_NOOP("GraphicsScene", "Export..."),
)


def make_action(parent: QWidget, text: str, slot: Callable, shortcut: str | QKeySequence | None = None,
                *, checkable: bool = False, tip: str | None = None) -> QAction:
    """An action living on `parent`; its shortcut works while focus is inside `parent`."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.setCheckable(checkable)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    if checkable:
        action.toggled.connect(slot)
    else:
        action.triggered.connect(lambda _checked=False: slot())
    parent.addAction(action)
    return action


def menu_action(bar: QToolBar, text: str, menu: QMenu) -> QAction:
    """An action on `bar` that pops `menu` up at a click, and is a submenu in the bar's »
    menu when the bar is too narrow to show it (a bare tool button would be left out)."""
    action = QAction(text, bar)
    action.setMenu(menu)
    bar.addAction(action)
    button = bar.widgetForAction(action)
    if isinstance(button, QToolButton):
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    return action


def extend_view_menu(plot_item: pg.PlotItem, actions: Sequence[QAction | None]) -> None:
    """Put our actions (None: a separator) above pyqtgraph's own entries of a plot's right-click menu."""
    menu = plot_item.vb.menu
    first = menu.actions()[0] if menu.actions() else None
    for action in [*actions, None]:
        if action is None:
            menu.insertSeparator(first)
        else:
            menu.insertAction(first, action)


class SpinAction(QWidgetAction):
    """A number as a toolbar action: a labelled spin box in the toolbar, and another in the
    toolbar's » menu when the toolbar is too narrow (every spin box follows `set_value`).
    Subclasses give the label, the tooltip and the range (`LOW`, `HIGH`)."""

    #: the user set another value
    valueChanged = Signal(float)
    LOW, HIGH = 0.0, 20.0

    def __init__(self, parent: QWidget, value: float, text: str, tip: str) -> None:
        super().__init__(parent)
        self._value = float(value)
        self.setText(text)
        self.setToolTip(tip)

    def value(self) -> float:
        return self._value

    def set_value(self, value: float) -> None:
        """Set the value (every spin box follows); `valueChanged` says so when it changed."""
        value = float(value)
        if value != self._value:
            self._value = value
            self.valueChanged.emit(value)

    def createWidget(self, parent: QWidget) -> QWidget:
        box = QWidget(parent)
        lay = QHBoxLayout(box)
        lay.setContentsMargins(4, 0, 4, 0)
        lay.addWidget(QLabel(self.text()))
        spin = QDoubleSpinBox()
        spin.setRange(self.LOW, self.HIGH)
        spin.setSingleStep(0.5)
        spin.setDecimals(2)
        spin.setValue(self._value)
        spin.setToolTip(self.toolTip())
        spin.valueChanged.connect(self.set_value)
        self.valueChanged.connect(spin.setValue)
        lay.addWidget(spin)
        return box
