"""Typed values from user input: float32 range at both ends."""
from __future__ import annotations

import pytest

from editor.records.dialects import DIALECTS
from editor.records.values import FLOAT32_TRUE_MIN, coerce_value, parse_value, to_float32

SCALE_D = DIALECTS["tf-inner"].value_fields["scale_d"]


@pytest.mark.parametrize("text", ["1e-50", "-1e-50", "5e-46"])
def test_a_value_that_would_be_stored_as_zero_is_refused(text):
    with pytest.raises(ValueError) as err:
        parse_value(SCALE_D, text)
    assert "below its smallest value 1e-45" in str(err.value) and "stored as 0" in str(err.value)
    with pytest.raises(ValueError):
        coerce_value(SCALE_D, float(text))


@pytest.mark.parametrize("text", ["1e-40", "1.4e-45", "0", "-0", "1e-38"])
def test_subnormals_and_zero_are_kept(text):
    value = parse_value(SCALE_D, text)
    assert value == to_float32(float(text))
    assert value != 0 or float(text) == 0
    assert parse_value(SCALE_D, "1.4e-45") == FLOAT32_TRUE_MIN


def test_beyond_the_largest_float32_is_still_refused():
    with pytest.raises(ValueError, match="beyond its largest value"):
        parse_value(SCALE_D, "1e39")


def test_flt_max_as_amct_writes_it_is_accepted_and_just_beyond_is_refused():
    import pytest as _pytest

    from editor.records.dialects import DIALECTS
    from editor.records.values import FLOAT32_MAX, parse_value
    field = DIALECTS["tf-inner"].new_message().record.add().value.DESCRIPTOR.fields_by_name["scale_d"]
    for text in ("3.4028235e38", "3.4028235e+38", "3.40282347e38"):
        assert parse_value(field, text) == FLOAT32_MAX
    with _pytest.raises(ValueError, match="beyond its largest value"):
        parse_value(field, "3.4028236e38")
