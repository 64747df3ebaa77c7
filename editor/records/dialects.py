"""The registry of AMCT record dialects: one protobuf schema per AMCT flavour.

Text format only cares about field names, binary only about field numbers, and both
differ between flavours (docs/RECORD-FORMAT.md §3), so every file is read with one dialect.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import overload

from google.protobuf import descriptor as _descriptor
from google.protobuf.message import DecodeError, Message
from google.protobuf.unknown_fields import UnknownFieldSet

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records._pb import (
    caffe_record_pb2,
    inner_scale_offset_record_tf_pb2,
    scale_offset_record_mindspore_pb2,
    scale_offset_record_onnx_pb2,
    scale_offset_record_pytorch_pb2,
    scale_offset_record_tf_pb2,
)
from editor.records.messages import EntryMessage, RootMessage, descriptor_of, enum_type_of, message_type_of

FieldDescriptor = _descriptor.FieldDescriptor


@dataclass(frozen=True)
class Dialect:
    """One AMCT flavour: its top-level message class and what it means for the UI and rules."""

    name: str
    title: str
    proto_file: str
    message_class: type[RootMessage] = field(repr=False)
    description: str = ""

    def new_message(self) -> RootMessage:
        return self.message_class()

    @property
    def shown_title(self) -> str:
        """`title` in the language in use (`title` itself stays English: JSON, scripts)."""
        return translate("dialects", self.title)

    @property
    def shown_description(self) -> str:
        """`description` in the language in use."""
        return translate("dialects", self.description) if self.description else ""

    @property
    def descriptor(self) -> _descriptor.Descriptor:
        return descriptor_of(self.message_class)

    @property
    def full_name(self) -> str:
        return self.descriptor.full_name

    @cached_property
    def entry_descriptor(self) -> _descriptor.Descriptor:
        """The `record` entry message (`MapFiledEntry` and its kin)."""
        return message_type_of(self.descriptor.fields_by_name["record"])

    @cached_property
    def entry_class(self) -> type[EntryMessage]:
        """The generated class of a `record` entry (the class protobuf gives an added one)."""
        return type(self.new_message().record.add())

    @cached_property
    def value_descriptor(self) -> _descriptor.Descriptor:
        """The per-layer factors message (`SingleLayerRecord` and its kin)."""
        return message_type_of(self.entry_descriptor.fields_by_name["value"])

    @cached_property
    def value_fields(self) -> dict[str, FieldDescriptor]:
        return dict(self.value_descriptor.fields_by_name)

    @property
    def has_prune(self) -> bool:
        return "prune_record" in self.descriptor.fields_by_name

    @cached_property
    def messages(self) -> tuple[_descriptor.Descriptor, ...]:
        """Every message type reachable from the top-level message, top first."""
        seen: dict[str, _descriptor.Descriptor] = {}
        todo = [self.descriptor]
        while todo:
            desc = todo.pop(0)
            if desc.full_name in seen:
                continue
            seen[desc.full_name] = desc
            todo.extend(f.message_type for f in desc.fields if f.message_type is not None)
        return tuple(seen.values())

    @cached_property
    def field_names(self) -> frozenset[str]:
        """Every field name used anywhere in the schema (text format is name-based)."""
        return frozenset(f.name for d in self.messages for f in d.fields)

    def has_value_field(self, name: str) -> bool:
        return name in self.value_fields

    def default(self, name: str) -> bool | int | float | str | bytes | None:
        """The schema default of a per-layer field (e.g. ONNX's skip_fusion is true; None for a
        message field)."""
        value: bool | int | float | str | bytes | None = self.value_fields[name].default_value
        return value


_ALL = (
    Dialect(
        "tf-inner",
        QT_TRANSLATE_NOOP("dialects", "TensorFlow (PTQ / QAT / sparsity)"),
        "inner_scale_offset_record_tf.proto",
        inner_scale_offset_record_tf_pb2.InnerScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "AMCTTensorflow.InnerScaleOffsetRecord: what AMCT TensorFlow writes; prune records"),
    ),
    Dialect(
        "pytorch",
        "PyTorch",  # a name: the same in every language
        "scale_offset_record_pytorch.proto",
        scale_offset_record_pytorch_pb2.ScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "AMCTPytorchProto.ScaleOffsetRecord: RNN factors, KV-cache records, prune records"),
    ),
    Dialect(
        "tf-convert",
        "TensorFlow convert_model",  # a name: the same in every language
        "scale_offset_record_tf.proto",
        scale_offset_record_tf_pb2.ScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "AMCTTensorflow.ScaleOffsetRecord: input of convert_model; shift_bit reserved"),
    ),
    Dialect(
        "onnx",
        "ONNX",  # a name: the same in every language
        "scale_offset_record_onnx.proto",
        scale_offset_record_onnx_pb2.ScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "AMCT ONNX ScaleOffsetRecord: skip_fusion defaults to true; op_data_type"),
    ),
    Dialect(
        "mindspore",
        "MindSpore",  # a name: the same in every language
        "scale_offset_record_mindspore.proto",
        scale_offset_record_mindspore_pb2.ScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "AMCT MindSpore ScaleOffsetRecord: the basic factors only"),
    ),
    Dialect(
        "caffe",
        "Caffe",  # a name: the same in every language
        "caffe_record.proto",
        caffe_record_pb2.ScaleOffsetRecord,
        QT_TRANSLATE_NOOP("dialects", "caffe.ScaleOffsetRecord: channels/height/width input shape per layer"),
    ),
)

#: Dialects by name, in detection priority order (tf-inner is the design card's primary).
DIALECTS: dict[str, Dialect] = {d.name: d for d in _ALL}
PRIMARY = DIALECTS["tf-inner"]


class UnknownDialectError(ValueError):
    pass


def get_dialect(name: str | Dialect) -> Dialect:
    if isinstance(name, Dialect):
        return name
    try:
        return DIALECTS[name]
    except KeyError:
        raise UnknownDialectError(
            f"unknown dialect {name!r}; choose one of: {', '.join(DIALECTS)}"
        ) from None


def dialects_with_field(name: str) -> list[str]:
    """Names of the dialects whose schema has a field called `name` (anywhere)."""
    return [d.name for d in _ALL if name in d.field_names]


@dataclass(frozen=True)
class Detection:
    dialect: Dialect
    candidates: tuple[str, ...]
    #: field names no dialect that fits all others knows, mapped to the dialects that have them
    unknown: dict[str, list[str]]


def detect_from_names(names: Iterable[str]) -> Detection:
    """Pick the dialect for a text file from the field names it uses.

    A file valid in several dialects gets tf-inner (else the first in priority order);
    one using a name no dialect has gets the dialect that knows most of its names, and
    `unknown` says which names are missing and where they exist.
    """
    names = set(names)
    candidates = tuple(d.name for d in _ALL if names <= d.field_names)
    if candidates:
        return Detection(DIALECTS[candidates[0]], candidates, {})
    best = max(_ALL, key=lambda d: len(names & d.field_names))
    unknown = {n: dialects_with_field(n) for n in sorted(names - best.field_names)}
    return Detection(best, (), unknown)


def unknown_fields(message: Message) -> list[str]:
    """Paths of messages in `message` that carry unknown fields (empty: clean parse)."""
    return _scan(message).unknown


class _Scan:
    """What a parsed binary record holds: the field numbers present (by path of field numbers
    from the top), messages with unknown fields, and string fields that are not UTF-8 (each as
    a readable path and a path of (field number, index or None))."""

    __slots__ = ("present", "unknown", "bad_strings")

    def __init__(self) -> None:
        self.present: dict[tuple[int, ...], set[int]] = {}
        self.unknown: list[str] = []
        self.bad_strings: list[tuple[str, tuple[tuple[int, int | None], ...]]] = []


def _scan(message: Message) -> _Scan:
    """One walk over `message` (parsed from binary) that finds what `_Scan` holds."""
    out = _Scan()

    def walk(msg: Message, numbers: tuple[int, ...], where: tuple[tuple[int, int | None], ...],
             shown: str) -> None:
        if len(UnknownFieldSet(msg)):
            out.unknown.append(shown or "<top>")
        present = out.present.setdefault(numbers, set())
        for fd, value in msg.ListFields():
            present.add(fd.number)
            name = f"{shown}{'.' if shown else ''}{fd.name}"
            if fd.message_type is not None:
                if fd.is_repeated:
                    for i, sub in enumerate(value):
                        walk(sub, (*numbers, fd.number), (*where, (fd.number, i)), f"{name}[{i}]")
                else:
                    walk(value, (*numbers, fd.number), (*where, (fd.number, None)), name)
            elif fd.type == FieldDescriptor.TYPE_STRING:
                # protobuf's Python reader hands over a string that is not UTF-8 as bytes
                if fd.is_repeated:
                    out.bad_strings.extend((f"{name}[{i}]", (*where, (fd.number, i)))
                                           for i, s in enumerate(value) if isinstance(s, bytes))
                elif isinstance(value, bytes):
                    out.bad_strings.append((name, (*where, (fd.number, None))))

    walk(message, (), (), "")
    return out


def _field_at(desc: _descriptor.Descriptor, numbers: tuple[int, ...]) -> _descriptor.Descriptor | None:
    for number in numbers:
        fd = desc.fields_by_number.get(number)
        if fd is None or fd.message_type is None:
            return None
        desc = fd.message_type
    return desc


_WIRE_TYPES = {
    FieldDescriptor.TYPE_DOUBLE: 1, FieldDescriptor.TYPE_FIXED64: 1, FieldDescriptor.TYPE_SFIXED64: 1,
    FieldDescriptor.TYPE_FLOAT: 5, FieldDescriptor.TYPE_FIXED32: 5, FieldDescriptor.TYPE_SFIXED32: 5,
    FieldDescriptor.TYPE_STRING: 2, FieldDescriptor.TYPE_BYTES: 2, FieldDescriptor.TYPE_MESSAGE: 2,
    FieldDescriptor.TYPE_GROUP: 3,
}


def _wire_type(fd: FieldDescriptor) -> int:
    return _WIRE_TYPES.get(fd.type, 0)


def _compare(scan: _Scan, ours: Dialect, other: Dialect) -> str:
    """How `other` reads a binary record `ours` read cleanly, judged from the fields present:
    "same" (every field present is the same field there: the same record), "no" (some field
    is unknown or of another wire type there: it does not read cleanly), or "maybe" (it may
    read cleanly with another meaning; only parsing tells)."""
    verdict = "same"
    for numbers, present in scan.present.items():
        mine, theirs = _field_at(ours.descriptor, numbers), _field_at(other.descriptor, numbers)
        if mine is None:
            continue
        if theirs is None:
            return "no"
        for number in present:
            a, b = mine.fields_by_number[number], theirs.fields_by_number.get(number)
            if b is None:
                return "no"
            if (a.name, a.type, a.is_repeated) == (b.name, b.type, b.is_repeated) and (
                    a.enum_type is None or a.enum_type.full_name == enum_type_of(b).full_name):
                continue  # a message field: what it holds is compared at its own path
            packed_maybe = a.is_repeated and _wire_type(a) != 2  # written packed or not
            if _wire_type(a) != _wire_type(b) and not packed_maybe and not (b.is_repeated and _wire_type(b) != 2):
                return "no"
            verdict = "maybe"
    return verdict


class BinaryRead:
    """A binary record read with a dialect: `unknown` lists the messages with fields the
    schema does not know (empty: a clean read), `others` the dialects that also read it
    cleanly but as a different record, `bad_strings` the string fields that are not UTF-8
    (see `_Scan`)."""

    __slots__ = ("dialect", "message", "unknown", "others", "bad_strings")

    def __init__(self, dialect: Dialect, message: RootMessage, scan: _Scan, others: list[str]):
        self.dialect = dialect
        self.message = message
        self.unknown = scan.unknown
        self.others = others
        self.bad_strings = scan.bad_strings


@overload
def read_binary(data: bytes, dialect: Dialect) -> BinaryRead: ...
@overload
def read_binary(data: bytes, dialect: None = None) -> BinaryRead | None: ...


def read_binary(data: bytes, dialect: Dialect | None = None) -> BinaryRead | None:
    """Read `data` with `dialect` (errors of the binary format are raised; unknown fields are
    in the result), or else with the first dialect, in priority order, whose schema parses it
    with no unknown field (None if none does).

    Which other dialects read it as a different record is decided from the field numbers
    present, without reading it again: only a dialect whose schema gives a present number
    another field of a compatible wire type is tried.
    """
    if dialect is not None:
        msg = dialect.new_message()
        msg.ParseFromString(data)
        return BinaryRead(dialect, msg, _scan(msg), [])
    for i, d in enumerate(_ALL):
        msg = d.new_message()
        try:
            msg.ParseFromString(data)
        except (DecodeError, RuntimeError, ValueError):
            continue
        scan = _scan(msg)
        if scan.unknown:
            continue
        others: list[str] = []
        if dialect is None:
            for other in _ALL[i + 1:]:
                verdict = _compare(scan, d, other)
                if verdict == "maybe":
                    again = other.new_message()
                    try:
                        again.ParseFromString(data)
                    except (DecodeError, RuntimeError, ValueError):
                        continue
                    if not _scan(again).unknown:
                        others.append(other.name)
        return BinaryRead(d, msg, scan, others)
    return None


def detect_binary(data: bytes) -> list[tuple[Dialect, RootMessage]]:
    """Every dialect whose schema parses `data` with no unknown fields, in priority order."""
    clean = []
    for dialect in _ALL:
        msg = dialect.new_message()
        try:
            msg.ParseFromString(data)
        except (DecodeError, RuntimeError, ValueError):
            continue
        if not unknown_fields(msg):
            clean.append((dialect, msg))
    return clean


def dialect_of_message(message: Message | None) -> Dialect | None:
    """The dialect whose top-level message type `message` is (each dialect has its own type);
    None for None or a message of no dialect."""
    if message is None:
        return None
    name = message.DESCRIPTOR.full_name
    return next((d for d in DIALECTS.values() if d.full_name == name), None)


def _varint(data: bytes, p: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if p >= len(data) or shift > 63:
            raise ValueError("truncated varint")
        b = data[p]
        value |= (b & 0x7F) << shift
        p += 1
        if b < 0x80:
            return value, p
        shift += 7


def _occurrences(data: bytes, start: int, end: int, number: int) -> list[tuple[int, int]]:
    """(start, end) of each length-delimited occurrence of field `number` in data[start:end]."""
    found = []
    p = start
    while p < end:
        key, p = _varint(data, p)
        wire = key & 7
        if wire == 0:
            _, p = _varint(data, p)
        elif wire == 1:
            p += 8
        elif wire == 5:
            p += 4
        elif wire == 2:
            length, p = _varint(data, p)
            if key >> 3 == number:
                found.append((p, p + length))
            p += length
        else:
            raise ValueError("group or bad wire type")
    return found


def wire_offset(data: bytes, where: tuple[tuple[int, int | None], ...]) -> tuple[int, int] | None:
    """(start, end) in `data` of the length-delimited value at `where` — (field number, index
    in a repeated field or None for the last occurrence) from the top — or None."""
    start, end = 0, len(data)
    try:
        for number, index in where:
            found = _occurrences(data, start, end, number)
            if not found:
                return None
            start, end = found[index if index is not None and index < len(found) else -1]
    except (ValueError, IndexError):
        return None
    return start, end
