"""Validation before an edit is committed: the error a new value would cause, checked on a
copy of the entry or prune record (the panels, the clipboard and ``record-editor set``)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from typing import Any

from editor.i18n import translate
from editor.records import attrs
from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.editing import RecordEditor
from editor.records.messages import (
    EntryMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    ValueMessage,
    copy_into,
    copy_of,
    descriptor_of,
)
from editor.records.paths import PathError, in_entry, parse_path, resolve
from editor.records.problems import Problem
from editor.records.rules._registry import ERROR
from editor.records.rules._wording import _q
from editor.records.rules.context import CheckContext
from editor.records.rules.engine import _entry_problems, _prune_label, _prune_problems, _select, _Selection


@cache
def _errors_only(dialect: str) -> _Selection:
    """The rules of `dialect`, keeping error findings only: what an edit is judged by.

    Built on first use, when every catalog has registered its rules."""
    return _select(DIALECTS[dialect], None, (ERROR,))


def validate_value(dialect: str | Dialect, value_or_entry: EntryMessage | ValueMessage, field_name: str,
                   new_value: Any, *,
                   index: int | None = None, context: CheckContext | None = None,
                   entry_index: int | None = None) -> Problem | None:
    """The error that setting `field_name` to `new_value` would cause, or None if it is fine.

    `value_or_entry` is a layer's value message (``SingleLayerRecord`` and kin) or its whole
    entry (then `field_name` may also be ``key`` or ``kv_cache_value.scale``/``.offset``).
    For a repeated field give `index` to set one element (``index == len`` appends), or a
    sequence as `new_value` to replace them all; None clears the field (or deletes element
    `index`). `context` and the entry's `entry_index` add what the file knows: prune types,
    the other keys. Nothing is changed: the check runs on a copy. A value of the wrong type
    or outside the field's integer range is reported with rule id ``value-type``.

    An error about the edited field wins; otherwise any error the edit newly causes
    elsewhere in the entry (e.g. act_type INT16 → INT8 with offset_d = 200).
    """
    return validate_changes(dialect, value_or_entry, [(field_name, index, new_value)],
                            context=context, entry_index=entry_index)


def validate_changes(dialect: str | Dialect, value_or_entry: EntryMessage | ValueMessage,
                     changes: Iterable[tuple[str, int | None, object]], *,
                     context: CheckContext | None = None,
                     entry_index: int | None = None) -> Problem | None:
    """Like `validate_value` for several edits applied together, as one undo step does.

    `changes` are ``(field, index, new_value)`` triples, e.g. adding channel 64 to every
    vector: ``[("scale_w", 64, 0.01), ("offset_w", 64, 0), ("shift_bit", 64, 0)]``.
    """
    d = get_dialect(dialect)
    changes = list(changes)
    entry = d.entry_class()
    if value_or_entry.DESCRIPTOR is d.entry_descriptor:
        copy_into(entry, value_or_entry)
    elif value_or_entry.DESCRIPTOR is d.value_descriptor:
        copy_into(entry.value, value_or_entry)
    else:
        raise TypeError(f"expected a {d.entry_descriptor.name} or {d.value_descriptor.name}, "
                        f"not {value_or_entry.DESCRIPTOR.full_name}")
    old = copy_of(entry)
    key = entry.key if entry.HasField("key") else None
    label = _layer_label(key)
    for field_name, index, new_value in changes:
        path = field_name if index is None else f"{field_name}[{index}]"
        if field_name == "key" and isinstance(new_value, str):
            clash = duplicate_key(new_value, key, context, entry_index)
            if clash is not None:
                return clash
        try:
            _assign(entry, field_name, new_value, index)
        except (TypeError, ValueError, IndexError, AttributeError, KeyError, PathError) as e:
            return Problem(ERROR, "value-type", translate("rules", "{label}: {field} cannot be {value}: {reason}").format(
                label=label, field=path, value=repr(new_value), reason=e), key, entry_index, None, path)
    return judge_entry(d, old, entry, edited={f if i is None else f"{f}[{i}]" for f, i, _ in changes},
                       whole={f for f, i, _ in changes if i is None},
                       focus={f: i for f, i, _ in changes if i is not None},
                       context=context, entry_index=entry_index)


def _layer_label(key: str | None) -> str:
    return translate("rules", "layer {key}").format(key=_q(key)) if key else translate("rules", "this layer")


def duplicate_key(new_key: str, key: str | None, context: CheckContext | None,
                  entry_index: int | None) -> Problem | None:
    """The error of giving entry `entry_index` (key `key` so far) the key `new_key` that
    another entry of the file (`context`) already has; None when no other has it."""
    if context is None:
        return None
    clash = [i for i in context.key_index.get(new_key, []) if i != entry_index]
    if not clash:
        return None
    return Problem(ERROR, "duplicate-key", translate(
        "rules", "{label}: the key {key} is already used by record {index}; AMCT would use only the "
        "first").format(label=_layer_label(key), key=_q(new_key), index=clash[0]), key, entry_index, None, "key")


def judge_entry(dialect: str | Dialect, old_entry: EntryMessage, new_entry: EntryMessage, *,
                edited: Iterable[str] = (), whole: Iterable[str] = (), focus: dict[str, int] | None = None,
                context: CheckContext | None = None, entry_index: int | None = None) -> Problem | None:
    """The error an edit that turned `old_entry` into `new_entry` causes, or None: an error
    about an edited field wins (`edited`: entry-relative names of fields and elements,
    ``scale_d``, ``scale_w[3]``; `whole`: fields changed as a whole, any of whose elements
    counts), else any error the edit newly causes in the entry. `focus` (a vector field ->
    an element) makes findings about that vector name that element when it is bad."""
    d = get_dialect(dialect)
    ctx = context if context is not None else CheckContext(d)
    pos = entry_index if entry_index is not None else -1
    sel = _errors_only(d.name)
    focus = focus or None
    before = {(p.rule, p.field) for p in _entry_problems(None, d, pos, ctx, sel, focus, entry=old_entry)}
    after = _entry_problems(None, d, pos, ctx, sel, focus, entry=new_entry)
    edited, whole = set(edited), set(whole)
    for p in after:
        if p.field in edited or (p.field and p.field.split("[")[0] in whole):
            return replace(p, record_index=entry_index)
    for p in after:
        if (p.rule, p.field) not in before:
            return replace(p, record_index=entry_index)
    return None


def validate_entry(dialect: str | Dialect, old_entry: EntryMessage, new_entry: EntryMessage, fields: Iterable[str], *,
                   context: CheckContext | None = None, entry_index: int | None = None) -> Problem | None:
    """Like `validate_changes` for an entry already edited: `new_entry` is a copy of
    `old_entry` whose `fields` (entry-relative names, ``scale_w``, ``kv_cache_value.scale``)
    were replaced whole, e.g. taken from another record. No value is assigned again, so a
    whole layer of long vectors is judged in the time the rules take. An error about an
    edited field wins; otherwise any error the edit newly causes in the entry."""
    return judge_entry(dialect, old_entry, new_entry, whole=fields, context=context, entry_index=entry_index)


def _assign(entry: EntryMessage, field_name: str, new_value: Any, index: int | None) -> None:
    """Make one of `validate_changes`' edits on the entry copy, through the edit API the
    window and ``record-editor set`` use (so the check judges exactly what they store)."""
    editor = RecordEditor(entry)
    path = in_entry(descriptor_of(entry), field_name)
    field = editor.field_descriptor(path)
    if field is None or field.message_type is not None:
        raise KeyError(f"no value field {field_name!r}")
    if not field.is_repeated:
        if new_value is None:
            editor.clear_field(path)
        else:
            editor.set_value(path, new_value)
        return
    n = editor.element_count(path)
    if index is None:
        editor.clear_field(path)
        if new_value is not None:
            editor.insert_elements(path, 0, list(new_value))
    elif not 0 <= index <= n or (index == n and new_value is None):
        raise IndexError(f"index {index} is outside 0..{n}")
    elif new_value is None:
        editor.remove_elements(path, index)
    elif index == n:
        editor.insert_elements(path, n, [new_value])
    else:
        editor.set_value(path + (index,), new_value)


def validate_prune_value(dialect: str | Dialect, prune_record: PruneRecordMessage, node: str, attr_name: str,
                         new_value: Any, *, prune_index: int | None = None) -> Problem | None:
    """The error that setting an attribute of a prune node would cause, or None.

    `node` is ``producer[i]``, ``consumer[i]`` or ``selective_prune``; `attr_name` ``name``
    (the node's name) or an attribute name (``begin``, ``end``, ``type``…). An attribute that
    does not exist yet is added, with AMCT's usual type for known names. Checks a copy.
    """
    d = get_dialect(dialect)
    rec = copy_of(prune_record)
    pos = prune_index if prune_index is not None else -1
    try:
        found = resolve(rec, parse_path(node))
        if not isinstance(found, PruneNodeMessage):
            raise KeyError(f"no prune node {node!r}")
        target = found
        if attr_name == "name":
            target.name = new_value
            edited = {node, f"{node}.name"}
        else:
            edited = {f"{node}.attr[{_set_attr(target, attr_name, new_value)}]"}
    except (TypeError, ValueError, IndexError, KeyError, PathError) as e:
        return Problem(ERROR, "value-type", translate("rules", "{label}: {field} cannot be {value}: {reason}").format(
            label=_prune_label(pos), field=f"{node} {attr_name}", value=repr(new_value), reason=e),
            None, None, prune_index, node)
    return judge_prune(d, prune_record, rec, edited=edited, prune_index=prune_index)


def judge_prune(dialect: str | Dialect, old_record: PruneRecordMessage, new_record: PruneRecordMessage, *,
                edited: Iterable[str] = (), prune_index: int | None = None) -> Problem | None:
    """The error an edit that turned prune record `old_record` into `new_record` causes, judged
    on the record alone, or None: an error about an edited part wins (`edited`: ``producer[0]``,
    ``consumer[1].attr[2]``), else any error the edit newly causes in the record."""
    d = get_dialect(dialect)
    ctx = CheckContext(d)
    sel = _errors_only(d.name)
    pos = prune_index if prune_index is not None else -1
    before = {(p.rule, p.field) for p in _prune_problems(None, d, pos, ctx, sel, record=old_record)}
    after = _prune_problems(None, d, pos, ctx, sel, record=new_record)
    edited = set(edited)
    for p in after:
        if p.field in edited:
            return replace(p, prune_index=prune_index)
    for p in after:
        if (p.rule, p.field) not in before:
            return replace(p, prune_index=prune_index)
    return None


def _set_attr(target: PruneNodeMessage, attr_name: str, value: Any) -> int:
    """Set (or add) the attribute `attr_name` of a prune node; returns its index."""
    j = next((k for k, a in enumerate(target.attr) if a.name == attr_name), None)
    if j is not None:
        attr = target.attr[j]
    else:
        j = len(target.attr)
        attr = target.attr.add()
        attr.name = attr_name
        attr.type = attrs.AMCT_ATTR_TYPES.get(
            attr_name, attrs.AttrProto.INT if isinstance(value, int) else attrs.AttrProto.STRING)
    t = attr.type
    attrs.clear_value(attr)
    field = attrs.VALUE_FIELD.get(t, "i")
    if field == "s":
        attr.s = value.encode("utf-8") if isinstance(value, str) else value
    elif field == "strings":
        attr.strings.extend(v.encode("utf-8") if isinstance(v, str) else v for v in value)
    elif field in ("floats", "ints"):
        getattr(attr, field).extend(value)
    else:
        setattr(attr, field, value)
    return j

