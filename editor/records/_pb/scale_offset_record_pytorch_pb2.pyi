from . import basic_info_pb2 as _basic_info_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SingleLayerRecord(_message.Message):
    __slots__ = ("scale_d", "offset_d", "scale_w", "offset_w", "shift_bit", "tensor_balance_factor", "skip_fusion", "dst_type", "act_type", "wts_type", "fakequant_precision_mode", "scale_h", "offset_h", "scale_r", "offset_r")
    SCALE_D_FIELD_NUMBER: _ClassVar[int]
    OFFSET_D_FIELD_NUMBER: _ClassVar[int]
    SCALE_W_FIELD_NUMBER: _ClassVar[int]
    OFFSET_W_FIELD_NUMBER: _ClassVar[int]
    SHIFT_BIT_FIELD_NUMBER: _ClassVar[int]
    TENSOR_BALANCE_FACTOR_FIELD_NUMBER: _ClassVar[int]
    SKIP_FUSION_FIELD_NUMBER: _ClassVar[int]
    DST_TYPE_FIELD_NUMBER: _ClassVar[int]
    ACT_TYPE_FIELD_NUMBER: _ClassVar[int]
    WTS_TYPE_FIELD_NUMBER: _ClassVar[int]
    FAKEQUANT_PRECISION_MODE_FIELD_NUMBER: _ClassVar[int]
    SCALE_H_FIELD_NUMBER: _ClassVar[int]
    OFFSET_H_FIELD_NUMBER: _ClassVar[int]
    SCALE_R_FIELD_NUMBER: _ClassVar[int]
    OFFSET_R_FIELD_NUMBER: _ClassVar[int]
    scale_d: float
    offset_d: int
    scale_w: _containers.RepeatedScalarFieldContainer[float]
    offset_w: _containers.RepeatedScalarFieldContainer[int]
    shift_bit: _containers.RepeatedScalarFieldContainer[int]
    tensor_balance_factor: _containers.RepeatedScalarFieldContainer[float]
    skip_fusion: bool
    dst_type: str
    act_type: str
    wts_type: str
    fakequant_precision_mode: str
    scale_h: float
    offset_h: int
    scale_r: _containers.RepeatedScalarFieldContainer[float]
    offset_r: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scale_d: _Optional[float] = ..., offset_d: _Optional[int] = ..., scale_w: _Optional[_Iterable[float]] = ..., offset_w: _Optional[_Iterable[int]] = ..., shift_bit: _Optional[_Iterable[int]] = ..., tensor_balance_factor: _Optional[_Iterable[float]] = ..., skip_fusion: _Optional[bool] = ..., dst_type: _Optional[str] = ..., act_type: _Optional[str] = ..., wts_type: _Optional[str] = ..., fakequant_precision_mode: _Optional[str] = ..., scale_h: _Optional[float] = ..., offset_h: _Optional[int] = ..., scale_r: _Optional[_Iterable[float]] = ..., offset_r: _Optional[_Iterable[int]] = ...) -> None: ...

class SingleLayerKVCacheRecord(_message.Message):
    __slots__ = ("scale", "offset")
    SCALE_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    scale: _containers.RepeatedScalarFieldContainer[float]
    offset: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scale: _Optional[_Iterable[float]] = ..., offset: _Optional[_Iterable[int]] = ...) -> None: ...

class MapFiledEntry(_message.Message):
    __slots__ = ("key", "value", "kv_cache_value")
    KEY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    KV_CACHE_VALUE_FIELD_NUMBER: _ClassVar[int]
    key: str
    value: SingleLayerRecord
    kv_cache_value: SingleLayerKVCacheRecord
    def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[SingleLayerRecord, _Mapping]] = ..., kv_cache_value: _Optional[_Union[SingleLayerKVCacheRecord, _Mapping]] = ...) -> None: ...

class ScaleOffsetRecord(_message.Message):
    __slots__ = ("record", "prune_record")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    PRUNE_RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _containers.RepeatedCompositeFieldContainer[MapFiledEntry]
    prune_record: _containers.RepeatedCompositeFieldContainer[PruneRecord]
    def __init__(self, record: _Optional[_Iterable[_Union[MapFiledEntry, _Mapping]]] = ..., prune_record: _Optional[_Iterable[_Union[PruneRecord, _Mapping]]] = ...) -> None: ...

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
