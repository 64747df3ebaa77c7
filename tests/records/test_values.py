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
    from editor.records.messages import descriptor_of
    from editor.records.values import FLOAT32_MAX, parse_value
    field = descriptor_of(DIALECTS["tf-inner"].new_message().record.add().value).fields_by_name["scale_d"]
    for text in ("3.4028235e38", "3.4028235e+38", "3.40282347e38"):
        assert parse_value(field, text) == FLOAT32_MAX
    with _pytest.raises(ValueError, match="beyond its largest value"):
        parse_value(field, "3.4028236e38")


def _float32_cases(n: int, seed: int) -> list[float]:
    """Random float32 bit patterns, record-like scales, doubles that are no float32, every
    power of two with its neighbours (lopsided rounding intervals), short decimals in every
    decade, integers around 2**24, and the edges (zeros, subnormals, FLT_MAX and beyond)."""
    import math

    import numpy as np

    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    with np.errstate(invalid="ignore"):
        bits = bits.astype(np.float64)  # NaN patterns stay NaN
    signs = rng.choice([-1.0, 1.0], n)
    real = rng.lognormal(-5, 4, n).astype(np.float32).astype(np.float64) * signs
    doubles = rng.lognormal(0, 30, n) * signs
    twos = np.ldexp(np.float32(1), np.arange(-149, 128)).astype(np.float32)
    near = np.concatenate([twos, np.nextafter(twos, np.float32(np.inf)), np.nextafter(twos, np.float32(0))])
    k, e = np.meshgrid(np.arange(1, 40), np.arange(-45, 39))
    short = (k * 10.0 ** e).ravel()
    ints = np.arange(2**24 - 300, 2**24 + 300, dtype=np.float64)
    edges = np.array([0.0, -0.0, math.inf, -math.inf, math.nan, 3.4028234663852886e38, 3.4028235677973366e38,
                      3.5e38, -1e39, 1e300, 1.401298464324817e-45, 7e-46, 1e-300, 5e-324, 1e-14, 1e22])
    return np.concatenate([bits, real, doubles, near, -near, short, -short, ints, edges]).tolist()


def test_float32_texts_in_bulk_are_the_one_by_one_texts():
    # format_float32 tries 1 to 9 digits until the text reads back: the reference here;
    # 1.1 million such values agreed too when this was written (a one-off run, too slow here)
    from editor.records.values import format_float32, format_float32_many

    values = _float32_cases(4000, seed=26)
    assert format_float32_many(values) == [format_float32(v) for v in values]
    assert format_float32_many([]) == []
    assert format_float32_many([0.5, -0.0, 100.0, 0.1]) == ["0.5", "-0", "1e+02", "0.1"]
