"""The registry of AMCT record dialects: one protobuf schema per AMCT flavour.

Text format only cares about field names, binary only about field numbers, and both
differ between flavours (docs/RECORD-FORMAT.md §3), so every file is read with one dialect.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from google.protobuf import descriptor as _descriptor
from google.protobuf.message import DecodeError, Message
from google.protobuf.unknown_fields import UnknownFieldSet

from editor.records._pb import (
    caffe_record_pb2,
    inner_scale_offset_record_tf_pb2,
    scale_offset_record_mindspore_pb2,
    scale_offset_record_onnx_pb2,
    scale_offset_record_pytorch_pb2,
    scale_offset_record_tf_pb2,
)

FieldDescriptor = _descriptor.FieldDescriptor


@dataclass(frozen=True)
class Dialect:
    """One AMCT flavour: its top-level message class and what it means for the UI and rules."""

    name: str
    title: str
    proto_file: str
    message_class: type[Message] = field(repr=False)
    description: str = ""

    def new_message(self) -> Message:
        return self.message_class()

    @property
    def descriptor(self) -> _descriptor.Descriptor:
        return self.message_class.DESCRIPTOR

    @property
    def full_name(self) -> str:
        return self.descriptor.full_name

    @cached_property
    def entry_descriptor(self) -> _descriptor.Descriptor:
        """The `record` entry message (`MapFiledEntry` and its kin)."""
        return self.descriptor.fields_by_name["record"].message_type

    @cached_property
    def value_descriptor(self) -> _descriptor.Descriptor:
        """The per-layer factors message (`SingleLayerRecord` and its kin)."""
        return self.entry_descriptor.fields_by_name["value"].message_type

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

    def default(self, name: str):
        """The schema default of a per-layer field (e.g. ONNX's skip_fusion is true)."""
        return self.value_fields[name].default_value


_ALL = (
    Dialect(
        "tf-inner",
        "TensorFlow (PTQ / QAT / sparsity)",
        "inner_scale_offset_record_tf.proto",
        inner_scale_offset_record_tf_pb2.InnerScaleOffsetRecord,
        "AMCTTensorflow.InnerScaleOffsetRecord: what AMCT TensorFlow writes; prune records",
    ),
    Dialect(
        "pytorch",
        "PyTorch",
        "scale_offset_record_pytorch.proto",
        scale_offset_record_pytorch_pb2.ScaleOffsetRecord,
        "AMCTPytorchProto.ScaleOffsetRecord: RNN factors, KV-cache records, prune records",
    ),
    Dialect(
        "tf-convert",
        "TensorFlow convert_model",
        "scale_offset_record_tf.proto",
        scale_offset_record_tf_pb2.ScaleOffsetRecord,
        "AMCTTensorflow.ScaleOffsetRecord: input of convert_model; shift_bit reserved",
    ),
    Dialect(
        "onnx",
        "ONNX",
        "scale_offset_record_onnx.proto",
        scale_offset_record_onnx_pb2.ScaleOffsetRecord,
        "AMCT ONNX ScaleOffsetRecord: skip_fusion defaults to true; op_data_type",
    ),
    Dialect(
        "mindspore",
        "MindSpore",
        "scale_offset_record_mindspore.proto",
        scale_offset_record_mindspore_pb2.ScaleOffsetRecord,
        "AMCT MindSpore ScaleOffsetRecord: the basic factors only",
    ),
    Dialect(
        "caffe",
        "Caffe",
        "caffe_record.proto",
        caffe_record_pb2.ScaleOffsetRecord,
        "caffe.ScaleOffsetRecord: channels/height/width input shape per layer",
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
    found: list[str] = []

    def walk(msg: Message, path: str) -> None:
        if len(UnknownFieldSet(msg)):
            found.append(path or "<top>")
        for fd, value in msg.ListFields():
            if fd.message_type is None:
                continue
            if fd.is_repeated:
                for i, sub in enumerate(value):
                    walk(sub, f"{path}{'.' if path else ''}{fd.name}[{i}]")
            else:
                walk(value, f"{path}{'.' if path else ''}{fd.name}")

    walk(message, "")
    return found


def detect_binary(data: bytes) -> list[tuple[Dialect, Message]]:
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
