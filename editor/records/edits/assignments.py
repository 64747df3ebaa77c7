"""Field assignments as edit commands: what `record-editor set FIELD=VALUE` does, as the window does it.

An assignment sets one element (`index`), a whole vector (a list), a single value, or clears
the field (None). `assignment_command` gives the edit command the window makes for it (a
vector is cleared, then its values inserted, in one step); `plan_assignments` gives several
as one step, each built on the record as the ones before it leave it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from editor.i18n import translate
from editor.records.editing import RecordEditor
from editor.records.edits.commands import (
    ClearFieldCommand,
    EditCommand,
    InsertElementsCommand,
    MacroCommand,
    SetValueCommand,
    describe,
)
from editor.records.paths import FieldPath


def assignment_command(editor: RecordEditor, path: FieldPath, index: int | None, value: Any) -> EditCommand:
    """The command setting the field at `path`: element `index` of it, the whole vector (a
    list), a single value, or clearing it (None)."""
    if index is not None:
        return SetValueCommand(editor, tuple(path) + (index,), value)
    if value is None:
        return ClearFieldCommand(editor, path)
    if isinstance(value, list):
        text = translate("Commands", "Set {what}").format(what=describe(editor, path))
        return MacroCommand(editor, text, [ClearFieldCommand(editor, path),
                                           InsertElementsCommand(editor, path, 0, value)])
    return SetValueCommand(editor, path, value)


def plan_assignments(editor: RecordEditor, entry: FieldPath, assignments: Iterable[tuple[FieldPath, int | None, Any]],
                     text: str | None = None) -> MacroCommand:
    """One step making `assignments` ((path below `entry`, index, value) each) in order.

    Each command is built on the record as the ones before it leave it (an element of a
    vector the step has just replaced), so they are applied while the step is built and
    reverted, bit for bit, before it is returned: the record is as it was, the step not yet
    applied."""
    commands: list[EditCommand] = []
    try:
        for path, index, value in assignments:
            command = assignment_command(editor, tuple(entry) + tuple(path), index, value)
            if not command.obsolete:
                command.apply()
                commands.append(command)
    finally:
        for command in reversed(commands):
            command.revert()
    words = text or (commands[0].text if len(commands) == 1 else
                     translate("Commands", "Set {n} fields of {what}").format(n=len(commands),
                                                                             what=describe(editor, entry)))
    return MacroCommand(editor, words, commands)
