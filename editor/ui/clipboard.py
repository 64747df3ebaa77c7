"""Copy rows of a record as protobuf text format; paste text format back in as one undo step.

Copying a layer gives exactly what a record file holds (`record { key: … value { … } }`),
so it can be pasted into a file, another window, or this one. Pasting parses the text
strictly (protobuf's text parser: unknown fields, wrong types and a field given twice are
errors with line and column) into the message that fits it — the top-level record for
`record { }`/`prune_record { }` blocks, or the message around the current row for smaller
pieces (`producer { }`, `scale_w: 0.5`) — and inserts repeated entries after the current
one of their list, or at its end.
"""
from __future__ import annotations

from collections.abc import Iterable

from google.protobuf import text_format
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from editor.records.values import is_message
from editor.ui.commands import (
    InsertElementsCommand,
    MacroCommand,
    RecordCommand,
    ReplaceMessageCommand,
    SetValueCommand,
    element_noun,
)
from editor.ui.tree_model import Path, PathError, RecordTreeModel


class PasteError(ValueError):
    """Text that cannot be pasted; the message says where and why."""


def _outermost(paths: Iterable[Path]) -> list[Path]:
    """Sorted paths without those inside another selected path."""
    chosen: list[Path] = []
    for path in sorted(set(paths), key=_sort_key):
        if not any(path[:len(p)] == p for p in chosen):
            chosen.append(path)
    return chosen


def _sort_key(path: Path) -> tuple:
    return tuple((0, s, "") if isinstance(s, int) else (1, 0, s) for s in path)


def copy_message(model: RecordTreeModel, paths: Iterable[Path]) -> list[tuple[Path, Message]]:
    """The selected rows as messages of their parents' types: [(parent path, message)].

    Each message holds just the selected fields or elements of that parent.
    """
    groups: dict[Path, Message] = {}
    order: list[Path] = []
    for path in _outermost(paths):
        if not path:
            continue
        if isinstance(path[-1], int):
            parent_path, name = path[:-2], path[-2]
        else:
            parent_path, name = path[:-1], path[-1]
        parent = model.message_at(parent_path)
        holder = groups.get(parent_path)
        if holder is None:
            holder = GetMessageClass(parent.DESCRIPTOR)()
            groups[parent_path] = holder
            order.append(parent_path)
        field = parent.DESCRIPTOR.fields_by_name[name]
        if isinstance(path[-1], int):
            item = getattr(parent, name)[path[-1]]
            if is_message(field):
                getattr(holder, name).add().CopyFrom(item)
            else:
                getattr(holder, name).append(item)
        elif field.is_repeated:
            getattr(holder, name).extend(getattr(parent, name))
        elif is_message(field):
            if parent.HasField(name):
                getattr(holder, name).CopyFrom(getattr(parent, name))
        else:
            setattr(holder, name, getattr(parent, name))
    return [(p, groups[p]) for p in order]


def copy_text(model: RecordTreeModel, paths: Iterable[Path]) -> str:
    """The selected rows as text format (what a record file would say for them)."""
    return "".join(text_format.MessageToString(msg, as_utf8=True) for _p, msg in copy_message(model, paths))


def _candidates(model: RecordTreeModel, anchor: Path | None) -> list[Path]:
    """Messages around the anchor, innermost first, ending with the top-level record."""
    found: list[Path] = []
    anchor = anchor or ()
    for end in range(len(anchor), -1, -1):
        prefix = anchor[:end]
        try:
            obj = model.message_at(prefix)
        except PathError:
            continue
        if isinstance(obj, Message) and prefix not in found:
            found.append(prefix)
    return found


def _position(anchor: Path, parent: Path, name: str, length: int) -> int:
    """Insert after the anchor's element of that list, else at the end."""
    depth = len(parent)
    if anchor[:depth] == parent and len(anchor) > depth + 1 and anchor[depth] == name \
            and isinstance(anchor[depth + 1], int):
        return anchor[depth + 1] + 1
    return length


def paste_command(model: RecordTreeModel, text: str, anchor: Path | None = None) -> RecordCommand:
    """One undo step that pastes `text` at `anchor` (the current row); PasteError if it cannot."""
    if model.message is None:
        raise PasteError("no record is open")
    if not text.strip():
        raise PasteError("the clipboard holds no text")
    anchor = tuple(anchor or ())
    first_error: text_format.ParseError | None = None
    candidates = _candidates(model, anchor)
    for parent_path in candidates:
        target = GetMessageClass(model.message_at(parent_path).DESCRIPTOR)()
        try:
            text_format.Parse(text, target, allow_unknown_field=False)
        except text_format.ParseError as e:
            if parent_path == ():
                first_error = e
            continue
        if not target.ListFields():
            continue
        return _commands_for(model, parent_path, target, anchor)
    if first_error is not None:
        line, column = first_error.GetLine(), first_error.GetColumn()
        reason = str(first_error).split(" : ", 1)[-1]
        where = f"line {line}, column {column}: " if line else ""
        raise PasteError(f"Not record text: {where}{reason}")
    raise PasteError("the text holds nothing that can be pasted here")


def _commands_for(model: RecordTreeModel, parent_path: Path, parsed: Message, anchor: Path) -> RecordCommand:
    commands: list[RecordCommand] = []
    described: list[str] = []
    for field, value in parsed.ListFields():
        path = parent_path + (field.name,)
        if field.is_repeated:
            at = _position(anchor, parent_path, field.name, model.element_count(path))
            items = [m.SerializePartialToString() for m in value] if is_message(field) else list(value)
            commands.append(InsertElementsCommand(model, path, at, items))
            one, many = element_noun(path)
            described.append(f"{len(items)} {one if len(items) == 1 else many}")
        elif is_message(field):
            commands.append(ReplaceMessageCommand(model, path, value.SerializePartialToString()))
            described.append(field.name)
        else:
            commands.append(SetValueCommand(model, path, value))
            described.append(field.name)
    return MacroCommand(model, "Paste " + ", ".join(described), commands)


def duplicate_keys_after_paste(model: RecordTreeModel) -> list[str]:
    """Layer keys that occur more than once (worth a warning after pasting layers)."""
    seen: set[str] = set()
    dupes: list[str] = []
    for key in model.keys():
        if key in seen and key not in dupes:
            dupes.append(key)
        seen.add(key)
    return dupes
