"""Edit planning: what a selection-wide edit means, as undo commands or refusals.

The tree (and any other view) maps its selection to record paths and asks a function here
for the command; the widget then asks the user where needed and pushes it. Nothing here
touches a widget, so each plan is testable on a bare `RecordEditor`. Paste planning, which
reads text, is `editor.records.edits.paste.plan_paste`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from editor.i18n import translate
from editor.records.editing import RecordEditor
from editor.records.edits.commands import (
    ClearFieldCommand,
    EditCommand,
    MacroCommand,
    RemoveElementsCommand,
    duplicate_elements,
    set_field_on_entries,
)
from editor.records.paths import FieldPath, outermost, sort_key
from editor.records.problems import Problem
from editor.records.values import coerce_value

#: the hard-rule check of one edit: (path, value) -> the error it would cause, or None
Validate = Callable[[FieldPath, Any], Problem | None]


def plan_delete(editor: RecordEditor, paths: Iterable[FieldPath]) -> EditCommand | None:
    """Delete the selected entries and values and clear the selected fields, as one step;
    None when nothing is selected. A path inside another selected one is covered by it."""
    chosen = [p for p in outermost(paths) if p]
    if not chosen:
        return None
    by_container: dict[FieldPath, list[int]] = {}
    fields: list[FieldPath] = []
    for path in chosen:
        if isinstance(path[-1], int):
            by_container.setdefault(path[:-1], []).append(path[-1])
        else:
            fields.append(path)
    # Each command keeps the paths and old contents it saw when it was built, before any
    # of them ran, so none may run after a change that moves what its path points to.
    # Clearing a field moves nothing: clears go first. A removal moves only the later
    # elements of its own list and what lies below them, i.e. paths deeper than the
    # list's elements; with the deepest lists first, all of those have been dealt with.
    # (No chosen path lies inside another: `outermost` dropped those.)
    commands: list[EditCommand] = [ClearFieldCommand(editor, path) for path in fields]
    for container in sorted(by_container, key=lambda p: (len(p), sort_key(p)), reverse=True):
        commands.append(RemoveElementsCommand(editor, container, by_container[container]))
    if len(commands) == 1:
        return commands[0]
    return MacroCommand(editor, translate("Commands", "Delete {n} rows").format(n=len(chosen)), commands)


def path_after_delete(editor: RecordEditor, deleted: FieldPath) -> FieldPath:
    """Where the selection goes after deleting `deleted`: the element now at its place,
    else the one before it, else its list; a cleared field stays selected."""
    if not deleted or not isinstance(deleted[-1], int):
        return deleted
    n = editor.element_count(deleted[:-1])
    return deleted[:-1] + (min(deleted[-1], n - 1),) if n else deleted[:-1]


def plan_duplicate(editor: RecordEditor, paths: Iterable[FieldPath]) -> EditCommand | None:
    """Copy the selected elements, each right after its original (layer copies get a
    unique key); None when no element is selected."""
    groups: dict[FieldPath, list[int]] = {}
    for p in outermost(paths):
        if p and isinstance(p[-1], int):
            groups.setdefault(p[:-1], []).append(p[-1])
    commands = [duplicate_elements(editor, container, rows) for container, rows in
                sorted(groups.items(), key=lambda kv: (len(kv[0]), sort_key(kv[0])), reverse=True)]
    if not commands:
        return None
    return commands[0] if len(commands) == 1 else MacroCommand(editor, translate("Commands", "Duplicate"), commands)


def contiguous(paths: Iterable[FieldPath]) -> tuple[FieldPath, list[int]] | None:
    """(list, rows) when the paths are adjacent elements of one list, else None."""
    elements = [p for p in paths if p and isinstance(p[-1], int)]
    if not elements:
        return None
    container = elements[0][:-1]
    if any(p[:-1] != container for p in elements):
        return None
    rows = sorted(int(p[-1]) for p in elements)
    if rows[-1] - rows[0] + 1 != len(rows):
        return None
    return container, rows


def plan_set_on_layers(editor: RecordEditor, rows: list[int], field_name: str, value: Any,
                       validate: Validate | None = None) -> tuple[EditCommand, list[tuple[int, Problem]]]:
    """(the command setting `field_name` of every layer in `rows` to `value`, the layers
    where that breaks a hard rule with the rule's finding). Raises ValueError for a value
    the field cannot hold. The caller pushes the command only when there is no refusal."""
    command = set_field_on_entries(editor, [("record", r) for r in rows], ("value", field_name), value)
    if validate is None or not rows:
        return command, []
    field = editor.field_at(("record", rows[0], "value", field_name))
    typed = coerce_value(field, value)
    refusals = []
    for r in rows:
        problem = validate(("record", r, "value", field_name), typed)
        if problem is not None:
            refusals.append((r, problem))
    return command, refusals
