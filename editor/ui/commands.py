"""The window's undo commands: a thin Qt adapter over the Qt-free edit commands.

Every change the window makes to a record is an `EditCommand` (`editor.records.edits`):
it applies and reverts itself through the record's `RecordEditor`, merges with the next
and describes itself. `RecordCommand` puts one on a `QUndoStack`: `redo` applies it,
`undo` reverts it, `id`/`mergeWith` let consecutive edits of one value merge, and the stack
drops a step that changes nothing. `EditSession.push` wraps the commands it is given.
"""
from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.records.edits.commands import EditCommand


class RecordCommand(QUndoCommand):
    """An `EditCommand` as one step of a `QUndoStack`."""

    def __init__(self, edit: EditCommand) -> None:
        super().__init__(edit.text)
        self.edit = edit
        self.setObsolete(edit.obsolete)

    def redo(self) -> None:
        self.edit.apply()

    def undo(self) -> None:
        self.edit.revert()

    def id(self) -> int:
        return self.edit.merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, RecordCommand) or not self.edit.merge(other.edit):
            return False
        self.setText(self.edit.text)
        self.setObsolete(self.edit.obsolete)
        return True


def undo_command(command: EditCommand | QUndoCommand) -> QUndoCommand:
    """`command` as a QUndoCommand (an `EditCommand` wrapped in a `RecordCommand`)."""
    return RecordCommand(command) if isinstance(command, EditCommand) else command


class EditStack(QUndoStack):
    """The window's undo stack: it takes `EditCommand`s (each in its `RecordCommand`) as well
    as QUndoCommands."""

    def push(self, cmd: EditCommand | QUndoCommand) -> None:
        super().push(undo_command(cmd))
