from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SingleLayerRecord(_message.Message):
    __slots__ = ("scale_d", "offset_d", "scale_w", "offset_w", "shift_bit", "channels", "height", "width", "skip_fusion")
    SCALE_D_FIELD_NUMBER: _ClassVar[int]
    OFFSET_D_FIELD_NUMBER: _ClassVar[int]
    SCALE_W_FIELD_NUMBER: _ClassVar[int]
    OFFSET_W_FIELD_NUMBER: _ClassVar[int]
    SHIFT_BIT_FIELD_NUMBER: _ClassVar[int]
    CHANNELS_FIELD_NUMBER: _ClassVar[int]
    HEIGHT_FIELD_NUMBER: _ClassVar[int]
    WIDTH_FIELD_NUMBER: _ClassVar[int]
    SKIP_FUSION_FIELD_NUMBER: _ClassVar[int]
    scale_d: float
    offset_d: int
    scale_w: _containers.RepeatedScalarFieldContainer[float]
    offset_w: _containers.RepeatedScalarFieldContainer[int]
    shift_bit: _containers.RepeatedScalarFieldContainer[int]
    channels: int
    height: int
    width: int
    skip_fusion: bool
    def __init__(self, scale_d: _Optional[float] = ..., offset_d: _Optional[int] = ..., scale_w: _Optional[_Iterable[float]] = ..., offset_w: _Optional[_Iterable[int]] = ..., shift_bit: _Optional[_Iterable[int]] = ..., channels: _Optional[int] = ..., height: _Optional[int] = ..., width: _Optional[int] = ..., skip_fusion: _Optional[bool] = ...) -> None: ...

class ScaleOffsetRecord(_message.Message):
    __slots__ = ("record",)
    class MapFiledEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: SingleLayerRecord
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[SingleLayerRecord, _Mapping]] = ...) -> None: ...
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _containers.RepeatedCompositeFieldContainer[ScaleOffsetRecord.MapFiledEntry]
    def __init__(self, record: _Optional[_Iterable[_Union[ScaleOffsetRecord.MapFiledEntry, _Mapping]]] = ...) -> None: ...
