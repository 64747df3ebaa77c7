"""`accepted_values`: the words an editor shows for a field say what the rules accept, no more
and no less (each bound a hint names is accepted, the values just past it are refused)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from editor.records import quant
from editor.records.dialects import DIALECTS
from editor.records.rules import accepted_values, validate_value

EPS = float(np.float32(quant.FLT_EPSILON))


def layer(dialect: str = "tf-inner", act_type: str | None = None):
    d = DIALECTS[dialect]
    msg = d.new_message()
    entry = msg.record.add(key="net/conv1/Conv2D")
    v = entry.value
    v.scale_d, v.offset_d = 0.02, 0
    v.scale_w.extend([0.01, 0.02])
    v.offset_w.extend([0, 0])
    if act_type is not None:
        v.act_type = act_type
    return d, entry


@pytest.mark.parametrize(("dialect", "act_type", "lo", "hi", "words"), [
    ("tf-inner", "INT8", -128, 127, "(act_type INT8)"),
    ("tf-inner", "INT16", -32768, 32767, "(act_type INT16)"),
    ("tf-inner", None, -128, 127, "(act_type unset, so INT8)"),
    ("caffe", None, -128, 127, "(INT8)"),
])
def test_offset_d_hint_names_the_range_of_the_layers_act_type(dialect, act_type, lo, hi, words):
    d, entry = layer(dialect, act_type)
    hint = accepted_values(d, entry, "offset_d")
    assert hint == f"a whole number from {lo} to {hi} {words}"
    assert str(2**31 - 1) not in hint
    for ok in (lo, hi):
        assert validate_value(d, entry, "offset_d", ok) is None
    for bad in (lo - 1, hi + 1):
        assert validate_value(d, entry, "offset_d", bad) is not None
    # the value message alone says as much as the entry
    assert accepted_values(d, entry.value, "offset_d") == hint


def test_scale_hints_suggest_no_value_the_rules_refuse():
    d, entry = layer()
    for field, index in (("scale_d", None), ("scale_w", 0)):
        hint = accepted_values(d, entry, field)
        assert hint is not None
        assert "inf" not in hint and "nan" not in hint and "> 0" in hint
        for bad in (math.inf, math.nan, 0.0, -1.0):
            assert validate_value(d, entry, field, bad, index=index) is not None, (field, bad)
        for example in ("0.0235", "1e-3"):  # the examples the hint gives are accepted
            assert example in hint
            assert validate_value(d, entry, field, float(example), index=index) is None


def test_list_and_type_field_hints_match_their_rules():
    d, entry = layer()
    entry.value.shift_bit.extend([1, 1])
    hint = accepted_values(d, entry, "shift_bit")
    assert hint is not None and "1 to 16" in hint
    for ok in (1, 16):
        assert validate_value(d, entry, "shift_bit", ok, index=0) is None
    for bad in (17, -1):
        assert validate_value(d, entry, "shift_bit", bad, index=0) is not None
    hint = accepted_values(d, entry, "offset_w")
    assert hint is not None and hint.startswith("0 ")
    assert validate_value(d, entry, "offset_w", 1, index=0) is not None
    hint = accepted_values(d, entry, "act_type")
    assert hint == "one of INT4, INT8, INT16"
    assert validate_value(d, entry, "act_type", "INT2") is not None
    entry.value.tensor_balance_factor.extend([1.0, 1.0])
    hint = accepted_values(d, entry, "tensor_balance_factor")
    assert hint is not None and "FLT_EPSILON" in hint
    assert validate_value(d, entry, "tensor_balance_factor", EPS, index=0) is None
    assert validate_value(d, entry, "tensor_balance_factor", EPS / 2, index=0) is not None


def test_fields_no_rule_narrows_have_no_hint():
    d, entry = layer()
    assert accepted_values(d, entry, "channels") is None
    assert accepted_values(d, entry, "no_such_field") is None
