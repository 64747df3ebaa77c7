"""Tables whose cells are checked before they change the record: the model's `setData`
(check, then an undo command) and the delegate that checks while the user types.

A `CheckedTableModel` says of each cell whether it may take a value (`check`) and which
undo command sets it (`command_for`); `setData` does the rest, once for every table: a
refused value changes nothing and its reason goes out as `message(str)`. The
`CheckedDelegate` edits such a table with the editors the registry gives the cells'
fields (`editor.ui.field_editors`).
"""
from __future__ import annotations

from typing import Any, cast

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QEvent,
    QObject,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from editor.records.edits.commands import EditCommand
from editor.ui.field_editors import FieldEditor, FieldSpec, Place, create_editor, editor_kind
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession


class CheckedTableModel(QAbstractTableModel):
    """A table over the session's record whose editable cells are checked, then set by an
    undo command. Subclasses say how (`check`, `command_for`) and of which field each cell
    is a value (`cell_field`); `message(str)` carries refusals for the status bar."""

    message = Signal(str)

    def __init__(self, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session

    def check(self, index: AnyIndex, value: Any) -> tuple[Any, str | None]:
        """(value, None) if cell `index` may take `value` (a typed text or a value), else
        (None, reason)."""
        raise NotImplementedError

    def command_for(self, index: AnyIndex, value: Any) -> EditCommand | None:
        """The undo command that sets cell `index` to `value` (checked already); None: nothing to do."""
        raise NotImplementedError

    def cell_field(self, index: AnyIndex) -> FieldDescriptor:
        """The field cell `index` shows a value of (it decides the cell's editor)."""
        raise NotImplementedError

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Commit typed text (or a value) as an undo step if the rules accept it; else say why."""
        if role != Qt.ItemDataRole.EditRole or not (self.flags(index) & Qt.ItemFlag.ItemIsEditable):
            return False
        parsed, reason = self.check(index, value)
        if reason is not None:
            self.message.emit(reason)
            return False
        command = self.command_for(index, parsed)
        if command is not None:
            self.session.push(command)
        return True


class CheckedDelegate(QStyledItemDelegate):
    """Cell editor that checks while typing: red with the reason, and Enter refuses to commit.

    For a view over a `CheckedTableModel`; a cell gets the editor the registry has for its
    field's kind, fed the model's text of the cell (its EditRole) and its check."""

    refused = Signal(str)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex) -> QWidget:
        model = cast(CheckedTableModel, index.model())
        row, col = index.row(), index.column()

        def check(text: str) -> tuple[Any, str | None]:
            return model.check(model.index(row, col), text)

        field = model.cell_field(index)
        spec = FieldSpec(field, text_check=check, place=Place.CELL, tooltip="", format=str)
        editor = create_editor(editor_kind(field), spec, parent)
        editor.commit.connect(lambda _value, e=editor: self._commit_now(cast(QWidget, e)))
        return cast(QWidget, editor)

    def _commit_now(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        cast(FieldEditor, editor).show_value(index.data(Qt.ItemDataRole.EditRole))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        edit = cast(FieldEditor, editor)
        if edit.edited():
            model.setData(index, edit.entered(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress \
                and cast(QKeyEvent, event).key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            reason = cast(FieldEditor, obj).pending_reason()
            if reason is not None:
                self.refused.emit(reason)
                return True  # stay in the editor, red, until the value is fixed or Escape
        return super().eventFilter(obj, event)
