from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AttrProto(_message.Message):
    __slots__ = ("name", "type", "f", "i", "s", "floats", "ints", "strings")
    class AttrType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        UNDEFINED: _ClassVar[AttrProto.AttrType]
        FLOAT: _ClassVar[AttrProto.AttrType]
        INT: _ClassVar[AttrProto.AttrType]
        STRING: _ClassVar[AttrProto.AttrType]
        FLOATS: _ClassVar[AttrProto.AttrType]
        INTS: _ClassVar[AttrProto.AttrType]
        STRINGS: _ClassVar[AttrProto.AttrType]
    UNDEFINED: AttrProto.AttrType
    FLOAT: AttrProto.AttrType
    INT: AttrProto.AttrType
    STRING: AttrProto.AttrType
    FLOATS: AttrProto.AttrType
    INTS: AttrProto.AttrType
    STRINGS: AttrProto.AttrType
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    F_FIELD_NUMBER: _ClassVar[int]
    I_FIELD_NUMBER: _ClassVar[int]
    S_FIELD_NUMBER: _ClassVar[int]
    FLOATS_FIELD_NUMBER: _ClassVar[int]
    INTS_FIELD_NUMBER: _ClassVar[int]
    STRINGS_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: AttrProto.AttrType
    f: float
    i: int
    s: bytes
    floats: _containers.RepeatedScalarFieldContainer[float]
    ints: _containers.RepeatedScalarFieldContainer[int]
    strings: _containers.RepeatedScalarFieldContainer[bytes]
    def __init__(self, name: _Optional[str] = ..., type: _Optional[_Union[AttrProto.AttrType, str]] = ..., f: _Optional[float] = ..., i: _Optional[int] = ..., s: _Optional[bytes] = ..., floats: _Optional[_Iterable[float]] = ..., ints: _Optional[_Iterable[int]] = ..., strings: _Optional[_Iterable[bytes]] = ...) -> None: ...
