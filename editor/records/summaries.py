"""What a row of the record tree says about a message or field, as text. No Qt.

The tree's value column, the clipboard and the editing panels describe messages the same
way: an element by its `key` or `name` (`element_label`), a message by its set fields
(`message_summary`), a repeated field by its length and range (`repeated_summary`), an
AttrProto-like prune attribute by the value its type selects (`attr_text`).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.i18n import translate
from editor.records.messages import descriptor_of, enum_type_of, message_type_of
from editor.records.values import format_float32, format_value, is_message, shown_text, shown_value


def label_field(desc: Descriptor) -> FieldDescriptor | None:
    """The field that names an element of this type: `key` for layer entries, else `name`."""
    for name in ("key", "name"):
        fd = desc.fields_by_name.get(name)
        if fd is not None and not fd.is_repeated and fd.type in (fd.TYPE_STRING, fd.TYPE_BYTES):
            return fd
    return None


def is_attr_like(desc: Descriptor) -> bool:
    """AttrProto-like: a name, an enum `type`, and value fields chosen by that type."""
    fd = desc.fields_by_name.get("type")
    return label_field(desc) is not None and fd is not None and fd.type == fd.TYPE_ENUM


def _short(values: Iterable[str], limit: int = 4) -> str:
    items = list(itertools.islice(values, limit + 1))
    more = "…" if len(items) > limit else ""
    return ", ".join(items[:limit]) + (", " + more if more else "")


def attr_text(msg: Message) -> str:
    """The value an AttrProto-like message carries, by its set fields (`Conv`, `160`, `3, 3, 32`)."""
    parts = []
    for fd, value in msg.ListFields():
        if fd.name in ("name", "type"):
            continue
        if fd.is_repeated:
            parts.append(_short((format_value(fd, v) for v in value), 6))
        elif not is_message(fd):
            parts.append(format_value(fd, value))
    return "; ".join(parts)


def element_label(msg: Message) -> str:
    """The text a repeated-message element shows in the field column (its key or name)."""
    desc = descriptor_of(msg)
    label = label_field(desc)
    if label is not None:
        return shown_text(getattr(msg, label.name)) if msg.HasField(label.name) else ""
    for fd in desc.fields:
        sub_label = label_field(message_type_of(fd)) if fd.is_repeated and is_message(fd) else None
        if sub_label is not None:
            names = [shown_text(getattr(m, sub_label.name)) for m in getattr(msg, fd.name)]
            if names:
                return _short(names, 3)
    return desc.name


def message_summary(msg: Message, *, skip: str | None = None, limit: int = 5) -> str:
    """One line describing a message's set fields (the value column of message rows)."""
    desc = descriptor_of(msg)
    if is_attr_like(desc):
        type_field = desc.fields_by_name["type"]
        kind = getattr(msg, type_field.name) if msg.HasField("type") else None
        text = attr_text(msg)
        name = enum_type_of(type_field).values_by_number.get(kind) if kind is not None else None
        return f"{name.name if name else ''} {text}".strip()
    parts: list[str] = []
    for fd, value in msg.ListFields():
        if fd.name == skip:
            continue
        if fd.is_repeated:
            if is_message(fd) and value and is_attr_like(message_type_of(fd)):
                parts.append(_short((f"{a.name}={attr_text(a)}" for a in value), limit))
            else:
                parts.append(f"{fd.name} ×{len(value)}")
        elif is_message(fd):
            inner = message_summary(value, limit=limit)
            parts.append(inner if fd.name == "value" else f"{fd.name} {{{inner}}}")
        else:
            parts.append(f"{fd.name} {shown_value(fd, value)}")
    if not parts:
        return "empty"
    return " · ".join(parts[:limit]) + (" · …" if len(parts) > limit else "")


def repeated_summary(field: FieldDescriptor, values: Sequence[Any]) -> str:
    """`2048 values, min 0.00014840205 … max 0.0053863642` for a repeated field's row."""
    n = len(values)
    if n == 0:
        return translate("summaries", "empty")
    if is_message(field):
        return (translate("summaries", "{n} entry") if n == 1 else translate("summaries", "{n} entries")).format(n=n)
    if n == 1:
        return translate("summaries", "1 value: {value}").format(value=shown_value(field, values[0]))
    many = translate("summaries", "{n} values").format(n=n)
    t = field.type
    if t in (field.TYPE_FLOAT, field.TYPE_DOUBLE):
        finite = [v for v in values if math.isfinite(v)]
        bad = n - len(finite)
        fmt = format_float32 if t == field.TYPE_FLOAT else repr
        text = many
        if finite:
            text += translate("summaries", ", min {min} … max {max}").format(min=fmt(min(finite)), max=fmt(max(finite)))
        if bad:
            text += translate("summaries", ", {count} not finite").format(count=bad)
        return text
    if t in (field.TYPE_STRING, field.TYPE_BYTES, field.TYPE_ENUM, field.TYPE_BOOL):
        return translate("summaries", "{values}: {shown}").format(
            values=many, shown=_short(format_value(field, v) for v in values))
    return many + translate("summaries", ", min {min} … max {max}").format(min=min(values), max=max(values))
