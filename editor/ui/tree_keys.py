"""RecordTreeView: the record tree's QTreeView, and what its keys do.

The tree selects whole rows, yet a row has two cells a user works with: the Field (a name)
and the Value. The keys act on the row as a user means it, whatever cell is current:

- **F2, Return and typing** on a value row (a field, or an element of a list of numbers)
  edit its value; typing starts the edit with what is typed. F2 on a list element's row
  (a layer, a prune node) edits its name; on other rows it is the window's *Rename Layer*.
- **Right/Left** move between the Field and the Value cell (Right on a row with children
  still expands it, Left still collapses it or goes up from the Field cell).
- **Tab/Shift+Tab** move to the next/previous value that can be edited; in an editor they
  commit and edit that one (a refused value stays). Past the last one, the focus leaves
  the tree as usual.
- Scrolling to a cell (a click, an editor, the keys) never moves the Field column out of
  view to show the Value cell: the value is always next to the name it belongs to.

`TREE_KEYS` says so in words for *Help ▸ Keyboard Shortcuts* (the tree's actions, such as
Delete or Ctrl+D, are listed from the actions themselves).
"""
from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QTreeView, QWidget

from editor.i18n import QT_TRANSLATE_NOOP
from editor.ui.delegates import source_index
from editor.ui.field_editors import editor_kind
from editor.ui.qt_types import AnyIndex
from editor.ui.tree_model import RecordTreeModel, RowKind

Trigger = QAbstractItemView.EditTrigger
Cursor = QAbstractItemView.CursorAction

FIELD, VALUE = RecordTreeModel.FIELD_COLUMN, RecordTreeModel.VALUE_COLUMN
#: editor kinds typing into a row starts (a check box or a list of choices is not typed into)
TYPED_KINDS = ("int", "float", "text")
#: visible rows Tab looks through for the next value before giving the focus away
TAB_REACH = 2000
#: pixels of the Value cell that must show without scrolling for the Field column to stay put
MIN_VALUE_SHOWN = 60

#: keys of the tree that are no action (actions are listed from themselves): (keys, what),
#: both shown through translate("TreeKeys", ...) (key names stay as Qt writes them)
TREE_KEYS: list[tuple[str, str]] = [
    ("F2", QT_TRANSLATE_NOOP("TreeKeys", "Edit the current row's value (on a layer or node row: its name)")),
    ("Return", QT_TRANSLATE_NOOP("TreeKeys", "Edit the current row's value")),
    (QT_TRANSLATE_NOOP("TreeKeys", "0–9, −, letters"), QT_TRANSLATE_NOOP("TreeKeys", "Start editing the current row's value with what is typed")),
    ("Right, Left", QT_TRANSLATE_NOOP("TreeKeys", "Move between the Field and the Value cell; expand or collapse a row")),
    ("Tab, Shift+Tab", QT_TRANSLATE_NOOP("TreeKeys", "Next / previous value (in an editor: commit, then edit that one)")),
    ("Escape", QT_TRANSLATE_NOOP("TreeKeys", "Cancel an edit; a refused value is reverted and the status bar says so")),
    ("+, −, *", QT_TRANSLATE_NOOP("TreeKeys", "Expand, collapse, expand everything below the current row")),
    ("Up, Down, Page Up/Down, Home, End", QT_TRANSLATE_NOOP("TreeKeys", "Move through the rows")),
]

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class RecordTreeView(QTreeView):
    """The record tree's view: row-wise selection, cell-wise keys (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Tab moves through the values (`moveCursor`); past the last one it leaves the tree
        self.setTabKeyNavigation(True)
        self.setEditTriggers(Trigger.DoubleClicked | Trigger.EditKeyPressed | Trigger.SelectedClicked
                             | Trigger.AnyKeyPressed)

    # ------------------------------------------------------------------ what a row holds

    def _row_kind(self, index: AnyIndex) -> RowKind | None:
        model, src = source_index(index)
        return None if model is None or not src.isValid() else model.row_kind(src)

    def value_cell(self, index: AnyIndex) -> QModelIndex | None:
        """The Value cell of `index`'s row when the row holds a value one can edit, else None."""
        if not index.isValid() or self._row_kind(index) not in (RowKind.FIELD, RowKind.ITEM):
            return None
        cell = index.sibling(index.row(), VALUE)
        return cell if cell.flags() & Qt.ItemFlag.ItemIsEditable else None

    def edit_target(self, index: AnyIndex) -> QModelIndex | None:
        """The cell F2 edits on `index`'s row: a value row's value, a list element's name;
        None for other rows (a message, a list as a whole)."""
        cell = self.value_cell(index)
        if cell is not None:
            return cell
        if index.isValid() and self._row_kind(index) == RowKind.ELEMENT:
            name = index.sibling(index.row(), FIELD)
            if name.flags() & Qt.ItemFlag.ItemIsEditable:
                return name
        return None

    def _typed_into(self, cell: QModelIndex, event: QEvent | None) -> bool:
        """Whether a key press starts editing `cell` (a number or a text, with a visible key)."""
        if not isinstance(event, QKeyEvent) or not event.text().strip():
            return False
        model, src = source_index(cell)
        field = model.data(src, RecordTreeModel.FIELD_ROLE) if model is not None else None
        return field is not None and editor_kind(field) in TYPED_KINDS

    # ------------------------------------------------------------------ editing

    def edit(self, index: AnyIndex,  # type: ignore[override]  # the slot and the virtual in one
             trigger: QAbstractItemView.EditTrigger = Trigger.AllEditTriggers,
             event: QEvent | None = None) -> bool:
        """Start editing at `index`, as the row means it: on a value row, its Value cell
        (whatever cell F2, Return, typing or a double-click came from); F2 on a list
        element's other cells, its name."""
        if index.isValid() and trigger not in (Trigger.SelectedClicked, Trigger.CurrentChanged):
            target = index.sibling(index.row(), index.column())  # a QModelIndex, also of a persistent one
            cell = self.value_cell(index)
            if cell is not None:
                if trigger == Trigger.AnyKeyPressed and not self._typed_into(cell, event):
                    return False
                target = cell
            elif trigger == Trigger.AnyKeyPressed:
                return False  # typing on other rows searches the keys, as in any tree
            elif trigger == Trigger.EditKeyPressed:
                target = self.edit_target(index) or target
            if target != self.currentIndex():
                # the row stays selected; the cell being edited becomes current, so Tab
                # moves on from it
                self.selectionModel().setCurrentIndex(target, self.selectionModel().SelectionFlag.NoUpdate)
            index = target
        return super().edit(index, trigger, cast(QEvent, event))  # Qt takes no event as None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and event.key() == Qt.Key.Key_F2 and event.modifiers() == Qt.KeyboardModifier.NoModifier \
                and self.state() != QAbstractItemView.State.EditingState \
                and self.edit_target(self.currentIndex()) is not None:
            event.accept()  # F2 is the view's here (edit this row), not Rename Layer's
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        plain = (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier) == Qt.KeyboardModifier.NoModifier
        editing = self.state() == QAbstractItemView.State.EditingState
        if key in _ENTER and plain and not editing:
            cell = self.value_cell(self.currentIndex())
            if cell is not None and self.edit(cell, Trigger.EditKeyPressed, event):
                event.accept()
                return
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not editing:
            back = key == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            target = self.moveCursor(Cursor.MovePrevious if back else Cursor.MoveNext, event.modifiers())
            if target.isValid():
                self.setCurrentIndex(target)
                event.accept()
            else:
                event.ignore()  # no value further on: the focus moves on to the next widget
            return
        super().keyPressEvent(event)

    # ------------------------------------------------------------------ moving

    def moveCursor(self, action: QAbstractItemView.CursorAction,
                   modifiers: Qt.KeyboardModifier) -> QModelIndex:
        current = self.currentIndex()
        if not current.isValid():
            return super().moveCursor(action, modifiers)
        column = current.column()
        if action == Cursor.MoveRight:
            first = current.siblingAtColumn(FIELD)
            if column == FIELD and self.model().hasChildren(first):
                return super().moveCursor(action, modifiers)  # expand, then go into the row
            # the Value cell; nothing further right (the tree scrolled sideways here before)
            return current.siblingAtColumn(VALUE) if column == FIELD else QModelIndex(current)
        if action == Cursor.MoveLeft and column != FIELD:
            return current.siblingAtColumn(FIELD)
        if action == Cursor.MoveNext:
            return self._next_value(current, forward=True)
        if action == Cursor.MovePrevious:
            return self._next_value(current, forward=False)
        return super().moveCursor(action, modifiers)

    def _next_value(self, current: QModelIndex, *, forward: bool) -> QModelIndex:
        """The next (previous) editable Value cell among the rows shown, from `current`; an
        invalid index when there is none within `TAB_REACH` rows."""
        if forward and current.column() == FIELD:
            cell = self.value_cell(current)
            if cell is not None:
                return cell  # first the value of the row the Field cell names
        row = current.siblingAtColumn(FIELD)
        for _ in range(TAB_REACH):
            row = self.indexBelow(row) if forward else self.indexAbove(row)
            if not row.isValid():
                break
            cell = self.value_cell(row)
            if cell is not None:
                return cell
        return QModelIndex()

    def scrollTo(self, index: AnyIndex,
                 hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible) -> None:
        """Scroll as QTreeView does, except sideways to a Value cell that already starts in
        view: the Field column that names the value stays where it is."""
        bar = self.horizontalScrollBar()
        before = bar.value()
        super().scrollTo(index, hint)
        if index.isValid() and index.column() != FIELD and bar.value() > before:
            start = self.header().sectionPosition(index.column()) - before
            if 0 <= start <= self.viewport().width() - MIN_VALUE_SHOWN:
                bar.setValue(before)
