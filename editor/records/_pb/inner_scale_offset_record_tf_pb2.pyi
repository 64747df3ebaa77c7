from . import basic_info_pb2 as _basic_info_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class InnerSingleLayerRecord(_message.Message):
    __slots__ = ("scale_d", "offset_d", "scale_w", "offset_w", "shift_bit", "cluster", "skip_fusion", "dst_type", "prune_producer", "prune_consumer", "tensor_balance_factor", "act_type", "wts_type")
    SCALE_D_FIELD_NUMBER: _ClassVar[int]
    OFFSET_D_FIELD_NUMBER: _ClassVar[int]
    SCALE_W_FIELD_NUMBER: _ClassVar[int]
    OFFSET_W_FIELD_NUMBER: _ClassVar[int]
    SHIFT_BIT_FIELD_NUMBER: _ClassVar[int]
    CLUSTER_FIELD_NUMBER: _ClassVar[int]
    SKIP_FUSION_FIELD_NUMBER: _ClassVar[int]
    DST_TYPE_FIELD_NUMBER: _ClassVar[int]
    PRUNE_PRODUCER_FIELD_NUMBER: _ClassVar[int]
    PRUNE_CONSUMER_FIELD_NUMBER: _ClassVar[int]
    TENSOR_BALANCE_FACTOR_FIELD_NUMBER: _ClassVar[int]
    ACT_TYPE_FIELD_NUMBER: _ClassVar[int]
    WTS_TYPE_FIELD_NUMBER: _ClassVar[int]
    scale_d: float
    offset_d: int
    scale_w: _containers.RepeatedScalarFieldContainer[float]
    offset_w: _containers.RepeatedScalarFieldContainer[int]
    shift_bit: _containers.RepeatedScalarFieldContainer[int]
    cluster: _containers.RepeatedScalarFieldContainer[int]
    skip_fusion: bool
    dst_type: str
    prune_producer: _containers.RepeatedScalarFieldContainer[str]
    prune_consumer: _containers.RepeatedScalarFieldContainer[str]
    tensor_balance_factor: _containers.RepeatedScalarFieldContainer[float]
    act_type: str
    wts_type: str
    def __init__(self, scale_d: _Optional[float] = ..., offset_d: _Optional[int] = ..., scale_w: _Optional[_Iterable[float]] = ..., offset_w: _Optional[_Iterable[int]] = ..., shift_bit: _Optional[_Iterable[int]] = ..., cluster: _Optional[_Iterable[int]] = ..., skip_fusion: _Optional[bool] = ..., dst_type: _Optional[str] = ..., prune_producer: _Optional[_Iterable[str]] = ..., prune_consumer: _Optional[_Iterable[str]] = ..., tensor_balance_factor: _Optional[_Iterable[float]] = ..., act_type: _Optional[str] = ..., wts_type: _Optional[str] = ...) -> None: ...

class InnerMapFiledEntry(_message.Message):
    __slots__ = ("key", "value")
    KEY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    key: str
    value: InnerSingleLayerRecord
    def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[InnerSingleLayerRecord, _Mapping]] = ...) -> None: ...

class InnerScaleOffsetRecord(_message.Message):
    __slots__ = ("record", "prune_record")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    PRUNE_RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _containers.RepeatedCompositeFieldContainer[InnerMapFiledEntry]
    prune_record: _containers.RepeatedCompositeFieldContainer[PruneRecord]
    def __init__(self, record: _Optional[_Iterable[_Union[InnerMapFiledEntry, _Mapping]]] = ..., prune_record: _Optional[_Iterable[_Union[PruneRecord, _Mapping]]] = ...) -> None: ...

class PruneRecord(_message.Message):
    __slots__ = ("producer", "consumer", "selective_prune")
    PRODUCER_FIELD_NUMBER: _ClassVar[int]
    CONSUMER_FIELD_NUMBER: _ClassVar[int]
    SELECTIVE_PRUNE_FIELD_NUMBER: _ClassVar[int]
    producer: _containers.RepeatedCompositeFieldContainer[PruneNode]
    consumer: _containers.RepeatedCompositeFieldContainer[PruneNode]
    selective_prune: PruneNode
    def __init__(self, producer: _Optional[_Iterable[_Union[PruneNode, _Mapping]]] = ..., consumer: _Optional[_Iterable[_Union[PruneNode, _Mapping]]] = ..., selective_prune: _Optional[_Union[PruneNode, _Mapping]] = ...) -> None: ...

class PruneNode(_message.Message):
    __slots__ = ("name", "attr")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ATTR_FIELD_NUMBER: _ClassVar[int]
    name: str
    attr: _containers.RepeatedCompositeFieldContainer[_basic_info_pb2.AttrProto]
    def __init__(self, name: _Optional[str] = ..., attr: _Optional[_Iterable[_Union[_basic_info_pb2.AttrProto, _Mapping]]] = ...) -> None: ...
