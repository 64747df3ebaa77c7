"""The path language: how everything inside a record message is addressed. No Qt.

A *path* is a tuple of field names and element indices from the top-level message,
outermost first: ``("record", 3, "value", "scale_w", 5)``,
``("prune_record", 0, "consumer", 1, "attr", 2, "i")``. As text it reads
``record[3].value.scale_w[5]`` (`format_path` / `parse_path`).

Paths are resolved against the live message on every use (`resolve`, `target`); nothing
holds on to protobuf sub-objects, which a later edit may replace.

Inside a layer entry, problems, the command line's ``set`` and the editing panels name the
fields of the entry's ``value`` bare (``scale_w[3]``, ``offset_d``) and the others as they
are (``key``, ``kv_cache_value.scale[2]``); `in_entry` and `entry_field_text` convert
between that entry-relative form and a path below the entry.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.i18n import translate
from editor.records.messages import descriptor_of
from editor.records.problems import Problem

#: A location in the message: field names and element indices, outermost first.
FieldPath = tuple[str | int, ...]


class PathError(LookupError):
    """A path that does not name anything in the message (or text that is not a path)."""


def format_path(path: FieldPath) -> str:
    """`record[3].value.scale_w[5]` — a path as text (the form `Problem.field` uses)."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "<top>"


_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)?((?:\[\d+\])*)")
_INDEX = re.compile(r"\[(\d+)\]")


def parse_path(text: str) -> FieldPath:
    """Inverse of `format_path`: `consumer[1].attr[2].i` -> ("consumer", 1, "attr", 2, "i")."""
    steps: list[str | int] = []
    for part in text.split("."):
        match = _PATH_PART.fullmatch(part)
        if match is None or (not part and text):  # `a..b`, `.a`, `a.`: a step is missing
            raise PathError(translate("paths", "bad path {text}").format(text=repr(text)))
        if match.group(1):
            steps.append(match.group(1))
        steps.extend(int(n) for n in _INDEX.findall(match.group(2)))
    return tuple(steps)


def resolve(message: Message | None, path: FieldPath) -> Any:
    """What `path` names: a Message, a repeated container, or a scalar value.

    An unset message field resolves to its (empty) default instance; an unset scalar to
    its default value. Raises PathError naming the first step that does not exist.
    """
    if message is None:
        raise PathError(translate("paths", "no record is open"))
    obj: Any = message
    for i, step in enumerate(path):
        if isinstance(step, str):
            if not isinstance(obj, Message) or step not in obj.DESCRIPTOR.fields_by_name:
                raise PathError(translate("paths", "{path}: no such field").format(path=format_path(path[:i + 1])))
            obj = getattr(obj, step)
        else:
            if isinstance(obj, (Message, str, bytes)) or not hasattr(obj, "__len__") \
                    or not 0 <= step < len(obj):
                raise PathError(translate("paths", "{path}: no such element").format(path=format_path(path[:i + 1])))
            obj = obj[step]
    return obj


def exists(message: Message | None, path: FieldPath) -> bool:
    """True when `path` names something in `message`."""
    try:
        resolve(message, tuple(path))
    except PathError:
        return False
    return True


def target(message: Message | None, path: FieldPath) -> tuple[Message, FieldDescriptor, int | None]:
    """(message holding the field, the field, element index or None) for a non-empty path."""
    if not path:
        raise PathError(translate("paths", "the path is empty"))
    if isinstance(path[-1], int):
        if len(path) < 2 or not isinstance(path[-2], str):
            raise PathError(translate("paths", "{path}: an index must follow a repeated field").format(
                path=format_path(path)))
        parent = resolve(message, path[:-2])
        name, index = path[-2], path[-1]
    else:
        parent = resolve(message, path[:-1])
        name, index = path[-1], None
    if not isinstance(parent, Message) or name not in parent.DESCRIPTOR.fields_by_name:
        raise PathError(translate("paths", "{path}: no such field").format(path=format_path(path)))
    field = descriptor_of(parent).fields_by_name[name]
    if index is not None and (not field.is_repeated or not 0 <= index < len(getattr(parent, name))):
        raise PathError(translate("paths", "{path}: no such element").format(path=format_path(path)))
    return parent, field, index


def sort_key(path: FieldPath) -> tuple[tuple[int, int, str], ...]:
    """Orders paths as the tree shows them: element indices numerically, fields by name."""
    return tuple((0, s, "") if isinstance(s, int) else (1, 0, s) for s in path)


def outermost(paths: Iterable[FieldPath]) -> list[FieldPath]:
    """Sorted paths without those inside another of them (a layer and one of its fields
    selected together: the layer)."""
    chosen: list[FieldPath] = []
    for path in sorted(set(paths), key=sort_key):
        if not any(path[:len(p)] == p for p in chosen):
            chosen.append(path)
    return chosen


def in_entry(entry: Descriptor, relative: FieldPath | str) -> FieldPath:
    """A path below a layer entry from its entry-relative form: the `value` fields are
    named bare (``scale_w[3]`` -> ``("value", "scale_w", 3)``), the entry's own fields as
    they are (``key``, ``kv_cache_value.scale[2]``, ``value.scale_d``)."""
    rel = parse_path(relative) if isinstance(relative, str) else tuple(relative)
    if rel and isinstance(rel[0], str) and rel[0] not in entry.fields_by_name \
            and "value" in entry.fields_by_name:
        return ("value", *rel)
    return rel


def entry_field_text(subpath: FieldPath) -> str:
    """The entry-relative name of a path below a layer entry: ``("value", "scale_w", 3)``
    -> ``scale_w[3]``, ``("kv_cache_value", "scale")`` -> ``kv_cache_value.scale``."""
    rel = subpath[1:] if subpath[:1] == ("value",) and len(subpath) > 1 else subpath
    return format_path(rel) if rel else ""


def problem_path(message: Message | None, problem: Problem) -> FieldPath:
    """The path a problem points at: its field where that exists, else the nearest part of
    it that does, else its entry; () for a whole-file problem or an entry that is gone."""
    if problem.record_index is not None:
        base: FieldPath = ("record", problem.record_index)
    elif problem.prune_index is not None:
        base = ("prune_record", problem.prune_index)
    else:
        return ()
    try:
        entry = resolve(message, base)
    except PathError:
        return ()
    if not problem.field:
        return base
    try:
        rel = parse_path(problem.field)
    except PathError:
        return base
    path = base + (in_entry(entry.DESCRIPTOR, rel) if base[0] == "record" else rel)
    while len(path) > len(base) and not exists(message, path):
        path = path[:-1]
    return path
