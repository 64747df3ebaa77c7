"""The static types of record messages, from the generated stubs in `editor/records/_pb/`.

A record file is one message of one of six dialects (`dialects.DIALECTS`), each with its own
schema. The schemas share field names (`record`, `key`, `value`, `scale_w`, `prune_record`,
`producer`, `attr`, ...) but no base class that declares them: each generated class derives
straight from protobuf's `Message`. So each role a message plays in a record has an alias
here, the Union of the generated classes that play it, one per schema that has the role:

    RootMessage         the file's message: `ScaleOffsetRecord` and its kin
    EntryMessage        one `record` entry: `MapFiledEntry` (a layer's key and its factors)
    ValueMessage        an entry's `value`: `SingleLayerRecord` (a layer's factors)
    KVCacheMessage      an entry's `kv_cache_value` (PyTorch only)
    PruneRecordMessage  one `prune_record` (producers, consumers, selective_prune)
    PruneNodeMessage    a producer, consumer or selective_prune node (a name and attributes)
    AttrMessage         a node's attribute (`AttrProto`, one class that every schema imports)

mypy checks a field read on such a Union against every class in it, and the field's type is
the Union of theirs: `entry.value.scale_w` is a `RepeatedScalarFieldContainer[float]`,
`entry.value.scale_wt` is an error, and so is `value.wts_type`, because Caffe's and
MindSpore's layers have no `wts_type`. A field only some schemas have is read after narrowing
to the alias of the classes that have it (`PruneRootMessage`, `TypedValueMessage`, ...). The
aliases are union types at run time too, so `isinstance(value, TypedValueMessage)` both asks
the question and tells mypy the answer. tests/records/test_messages.py holds every alias to
the dialect registry: a role's Union has each dialect's class for the role, and a narrowed
alias exactly the classes whose schema has its field, so a dialect cannot be half added.

Two things mypy does with Unions shape the code that uses them. `a.CopyFrom(b)` of two
messages typed by one role is refused (each class takes only its own kind), so copies go
through `copy_of` (a copy of one message, of its class) and `copy_into` (protobuf checks that
the classes match). And a Union of containers passed through a generic function
(`enumerate(root.record)`, `list(...)`, `zip(...)`) comes out joined to their common base,
`Message`; such code names the sequence first: `entries: Sequence[EntryMessage] = root.record`.

Unions, not `typing.Protocol` classes that declare the shared fields. A Protocol would repeat
the `Message` methods the code calls (`HasField`, `ListFields`, `SerializePartialToString`,
...) and could not declare a repeated message field usefully: `RepeatedCompositeFieldContainer`
is invariant in its element type, so no generated class satisfies `record:
RepeatedCompositeFieldContainer[EntryProtocol]`, and a read-only `Sequence` would lose `add()`
and deletion. A field only some schemas have would need one more Protocol, checked at run
time by attribute lookups. The Unions come straight from the stubs and need none of that.

Code that works on any message by its descriptor (the record tree, the text reader and
writer, the path language, `RecordEditor` and the edit commands, the field-by-field diff)
takes protobuf's `Message`, which says so: it reads fields with `getattr(message, name)` and
leaves the name to protobuf.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, TypeVar, cast

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from editor.records._pb import (
    basic_info_pb2,
    caffe_record_pb2,
    inner_scale_offset_record_tf_pb2,
    scale_offset_record_mindspore_pb2,
    scale_offset_record_onnx_pb2,
    scale_offset_record_pytorch_pb2,
    scale_offset_record_tf_pb2,
)

_tf_inner = inner_scale_offset_record_tf_pb2
_pytorch = scale_offset_record_pytorch_pb2
_tf = scale_offset_record_tf_pb2
_onnx = scale_offset_record_onnx_pb2
_mindspore = scale_offset_record_mindspore_pb2
_caffe = caffe_record_pb2

__all__ = [
    "AttrMessage",
    "EntryMessage",
    "KVCacheEntryMessage",
    "KVCacheMessage",
    "PruneNodeMessage",
    "PruneRecordMessage",
    "PruneRootMessage",
    "PruneValueMessage",
    "RootMessage",
    "TypedValueMessage",
    "ValueMessage",
    "WideValueMessage",
    "copy_into",
    "copy_of",
    "descriptor_of",
    "enum_type_of",
    "message_type_of",
    "prune_records",
]

#: The message of a whole record file, of any dialect.
RootMessage: TypeAlias = (
    _tf_inner.InnerScaleOffsetRecord | _pytorch.ScaleOffsetRecord | _tf.ScaleOffsetRecord
    | _onnx.ScaleOffsetRecord | _mindspore.ScaleOffsetRecord | _caffe.ScaleOffsetRecord
)
#: One `record` entry: a layer's `key` and its `value`.
EntryMessage: TypeAlias = (
    _tf_inner.InnerMapFiledEntry | _pytorch.MapFiledEntry | _tf.MapFiledEntry
    | _onnx.MapFiledEntry | _mindspore.MapFiledEntry | _caffe.ScaleOffsetRecord.MapFiledEntry
)
#: An entry's `value`: the layer's quantization factors.
ValueMessage: TypeAlias = (
    _tf_inner.InnerSingleLayerRecord | _pytorch.SingleLayerRecord | _tf.SingleLayerRecord
    | _onnx.SingleLayerRecord | _mindspore.SingleLayerRecord | _caffe.SingleLayerRecord
)
#: One `prune_record` of the dialects that have them.
PruneRecordMessage: TypeAlias = _tf_inner.PruneRecord | _pytorch.PruneRecord
#: A prune record's producer, consumer or selective_prune node.
PruneNodeMessage: TypeAlias = _tf_inner.PruneNode | _pytorch.PruneNode
#: An attribute of a prune node (one class, imported by every schema that has prune nodes).
AttrMessage: TypeAlias = basic_info_pb2.AttrProto

# Narrowed roles: the classes whose schema has a field the others lack. Each is named after
# what it adds and checked against the schemas by tests/records/test_messages.py.

#: A root message with `prune_record`.
PruneRootMessage: TypeAlias = _tf_inner.InnerScaleOffsetRecord | _pytorch.ScaleOffsetRecord
#: An entry with `kv_cache_value` (PyTorch's KV-cache factors).
KVCacheEntryMessage: TypeAlias = _pytorch.MapFiledEntry
#: The KV-cache factors of an entry (`scale`, `offset`).
KVCacheMessage: TypeAlias = _pytorch.SingleLayerKVCacheRecord
#: A layer's factors with the data types `act_type` and `wts_type`.
TypedValueMessage: TypeAlias = (
    _tf_inner.InnerSingleLayerRecord | _pytorch.SingleLayerRecord | _tf.SingleLayerRecord
    | _onnx.SingleLayerRecord
)
#: A layer's factors with `tensor_balance_factor` (a per-input-channel vector).
WideValueMessage: TypeAlias = (
    _tf_inner.InnerSingleLayerRecord | _pytorch.SingleLayerRecord | _onnx.SingleLayerRecord
)
#: A layer's factors that name the prune nodes of its layer (`prune_producer`, `prune_consumer`).
PruneValueMessage: TypeAlias = _tf_inner.InnerSingleLayerRecord

M = TypeVar("M", bound=Message)


def prune_records(message: RootMessage) -> Sequence[PruneRecordMessage]:
    """`message.prune_record`; empty for a dialect without prune records."""
    return message.prune_record if isinstance(message, PruneRootMessage) else ()


def copy_of(message: M) -> M:
    """A copy of `message`, of its class (what `CopyFrom` needs: the checker cannot tell
    that `type(m)()` and `m` are one member of a role's Union)."""
    copy = type(message)()
    copy.CopyFrom(message)
    return copy


def copy_into(target: Message, source: Message) -> None:
    """`target.CopyFrom(source)` for two messages the checker knows only as a role's Union (it
    cannot tell that they are one member); protobuf raises TypeError when their classes differ."""
    target.CopyFrom(source)


def descriptor_of(message: Message | type[Message]) -> Descriptor:
    """`message.DESCRIPTOR` (of a message or its class) as the checker's one `Descriptor` type.

    The protobuf stubs type `DESCRIPTOR` as the pure-Python `Descriptor` or upb's class; the
    upb object passes `isinstance(d, Descriptor)` (protobuf's metaclass makes it so), so
    both are one type to the code.
    """
    return cast(Descriptor, message.DESCRIPTOR)


def message_type_of(field: FieldDescriptor) -> Descriptor:
    """The message type of a message field (the stubs type it Optional: None for scalars)."""
    if field.message_type is None:
        raise TypeError(f"{field.full_name} is not a message field")
    return field.message_type


def enum_type_of(field: FieldDescriptor) -> EnumDescriptor:
    """The enum type of an enum field (the stubs type it Optional: None for other fields)."""
    if field.enum_type is None:
        raise TypeError(f"{field.full_name} is not an enum field")
    return field.enum_type
