"""The attribute value-field table agrees with the AttrProto schema it describes."""
from __future__ import annotations

from editor.records import attrs
from editor.records.attrs import VALUE_FIELD, AttrProto


def test_every_attr_type_has_its_value_field_in_the_schema():
    fields = AttrProto.DESCRIPTOR.fields_by_name
    types = {v.number for v in AttrProto.DESCRIPTOR.enum_types_by_name["AttrType"].values}
    assert set(VALUE_FIELD) == types - {AttrProto.UNDEFINED}
    for t, name in VALUE_FIELD.items():
        plural = attrs.type_name(t).endswith("S")
        assert fields[name].is_repeated == plural, name
    assert sorted(attrs.VALUE_FIELDS) == sorted(VALUE_FIELD.values())
    for name, t in attrs.AMCT_ATTR_TYPES.items():
        assert t in VALUE_FIELD, name


def test_set_value_fields_and_clear_value():
    a = AttrProto(name="begin", type=AttrProto.INT, i=0)
    assert attrs.set_value_fields(a) == ["i"]  # an explicit 0 counts: presence, not truthiness
    a.ints.extend([1, 2])
    assert attrs.set_value_fields(a) == ["i", "ints"]
    attrs.clear_value(a)
    assert attrs.set_value_fields(a) == [] and a.name == "begin" and a.type == AttrProto.INT
