"""Prune-node attributes (``AMCTProto.AttrProto``): which field carries an attribute's value.

An attribute says its kind in ``type`` and keeps its value in the one field that kind
reads: FLOAT → ``f``, INT → ``i``, STRING → ``s``, FLOATS → ``floats``, INTS → ``ints``,
STRINGS → ``strings`` (``s``/``strings`` are bytes). This table is the only copy; the rules
and the editor's panels read it from here. No Qt here.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from editor.records._pb import basic_info_pb2
from editor.records.messages import AttrMessage

AttrProto = basic_info_pb2.AttrProto
AttrType = basic_info_pb2.AttrProto.AttrType

#: The field that carries an attribute's value, by its ``type``.
VALUE_FIELD: Mapping[int, str] = MappingProxyType({
    AttrProto.FLOAT: "f", AttrProto.INT: "i", AttrProto.STRING: "s",
    AttrProto.FLOATS: "floats", AttrProto.INTS: "ints", AttrProto.STRINGS: "strings",
})
#: The singular value fields (presence is tracked) and the repeated ones (set when non-empty).
SCALAR_FIELDS: tuple[str, ...] = ("f", "i", "s")
LIST_FIELDS: tuple[str, ...] = ("floats", "ints", "strings")
VALUE_FIELDS: tuple[str, ...] = SCALAR_FIELDS + LIST_FIELDS

#: The type AMCT gives the attributes it writes and reads (seen in its prune records).
AMCT_ATTR_TYPES: Mapping[str, AttrType] = MappingProxyType({
    "type": AttrProto.STRING, "begin": AttrProto.INT, "end": AttrProto.INT, "prune_axis": AttrProto.INT,
    "group": AttrProto.INT, "prune_group": AttrProto.INT, "prune_index": AttrProto.INTS,
    "mask_shape": AttrProto.INTS,
})


def type_name(attr_type: int) -> str:
    """The enum name of an attribute type (``INT``, ``STRINGS``…)."""
    return AttrProto.AttrType.Name(attr_type)


def set_value_fields(attr: AttrMessage) -> list[str]:
    """The value fields `attr` sets, singular ones first (more than one means a broken attr)."""
    return ([f for f in SCALAR_FIELDS if attr.HasField(f)]
            + [f for f in LIST_FIELDS if len(getattr(attr, f))])


def clear_value(attr: AttrMessage) -> None:
    """Clear every value field of `attr`, keeping its name and type."""
    for f in SCALAR_FIELDS:
        attr.ClearField(f)
    for f in LIST_FIELDS:
        del getattr(attr, f)[:]
