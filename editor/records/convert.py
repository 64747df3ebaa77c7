"""Converting a record to another dialect's schema, field by field name.

`RecordDocument.convert` and Save As in another dialect use it; `editor.records.document`
exports `convert_message` and `ExplicitDefault` as before.
"""
from __future__ import annotations

from dataclasses import dataclass

from google.protobuf.message import Message

from editor.records.dialects import DIALECTS, Dialect
from editor.records.errors import RecordError
from editor.records.messages import RootMessage


@dataclass(frozen=True)
class ExplicitDefault:
    """An unset field a conversion wrote out: the two schemas give it different defaults."""

    field: str  # dotted path, e.g. record.value.skip_fusion
    value: object  # the source schema's default, now written explicitly
    count: int  # in how many messages (layers)
    source: str  # dialect names
    target: str
    target_default: object  # what unset would have meant in the target

    @property
    def message(self) -> str:
        text = _default_text(self.value)
        unit = "layer" if self.field.startswith("record.value.") else "entry"
        return (f"{self.field}: wrote {text} explicitly on {self.count:,} {unit}{'s' if self.count != 1 else ''} "
                f"that left it unset (unset means {text} in {self.source} but "
                f"{_default_text(self.target_default)} in {self.target}), so the meaning is kept")

    def to_json(self) -> dict[str, object]:
        return {"field": self.field, "value": self.value, "count": self.count,
                "source": self.source, "target": self.target, "message": self.message}


def _default_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def convert_message(message: Message, dialect: Dialect, *, drop_unsupported: bool = False,
                    explicit: list[ExplicitDefault] | None = None) -> tuple[RootMessage, list[str]]:
    """Copy `message` into `dialect`'s schema field by field name (text-format semantics).

    Fields the target lacks stop the conversion (RecordError listing them) unless
    drop_unsupported, which drops them and returns their names with counts. A field left
    unset whose default differs between the schemas (skip_fusion: false in most flavours,
    true in ONNX) is written with the source's default, so it means what it meant; pass a
    list as `explicit` to learn which (ExplicitDefault items).
    """
    target = dialect.new_message()
    missing: dict[str, int] = {}
    kept: dict[str, tuple[object, object, int]] = {}

    def keep_defaults(src: Message, dst: Message, prefix: str) -> None:
        fields = dst.DESCRIPTOR.fields_by_name
        for fd in src.DESCRIPTOR.fields:
            if fd.is_repeated or fd.message_type is not None or not fd.has_presence or src.HasField(fd.name):
                continue
            tfd = fields.get(fd.name)
            if tfd is None or tfd.cpp_type != fd.cpp_type or tfd.is_repeated or \
                    tfd.default_value == fd.default_value:
                continue
            setattr(dst, fd.name, fd.default_value)
            where = f"{prefix}{fd.name}"
            _value, _target, count = kept.get(where, (fd.default_value, tfd.default_value, 0))
            kept[where] = (fd.default_value, tfd.default_value, count + 1)

    def copy(src: Message, dst: Message, prefix: str) -> None:
        keep_defaults(src, dst, prefix)
        fields = dst.DESCRIPTOR.fields_by_name
        for fd, value in src.ListFields():
            tfd = fields.get(fd.name)
            where = f"{prefix}{fd.name}"
            if tfd is None or tfd.cpp_type != fd.cpp_type or tfd.is_repeated != fd.is_repeated:
                missing[where] = missing.get(where, 0) + (len(value) if fd.is_repeated else 1)
                continue
            if fd.message_type is not None:
                if fd.is_repeated:
                    for item in value:
                        copy(item, getattr(dst, fd.name).add(), f"{where}.")
                else:
                    sub = getattr(dst, fd.name)
                    sub.SetInParent()
                    copy(value, sub, f"{where}.")
            elif fd.is_repeated:
                getattr(dst, fd.name).extend(value)
            else:
                setattr(dst, fd.name, value)

    copy(message, target, "")
    dropped = [f"{name} ({count}×)" for name, count in sorted(missing.items())]
    if missing and not drop_unsupported:
        raise RecordError(f"the {dialect.name} schema has no field for: {', '.join(dropped)} "
                          f"(use --drop-unsupported to drop them)")
    if explicit is not None:
        source = next((d.name for d in DIALECTS.values() if d.descriptor is message.DESCRIPTOR),
                      message.DESCRIPTOR.full_name)
        for where, (value, target_default, count) in sorted(kept.items()):
            explicit.append(ExplicitDefault(where, value, count, source, dialect.name, target_default))
    return target, dropped
