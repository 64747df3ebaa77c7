"""The formulas of docs/RECORD-FORMAT.md §8: bit widths, ranges, scale/offset from a range, outliers."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from editor.records import quant


def test_float32_constants():
    assert quant.FLT_EPSILON == 2.0 ** -23
    assert float(np.finfo(np.float32).max) == quant.FLT_MAX
    assert quant.to_f32(0.1) == float(np.float32(0.1)) != 0.1
    assert quant.to_f32(1e39) == math.inf
    assert quant.to_f32([0.1, 0.2]).dtype == np.float32


def test_f32_str_is_the_shortest_round_trip():
    assert quant.f32_str(0.0235294122) == "0.023529412"
    assert np.float32(quant.f32_str(0.0235294122)) == np.float32(0.0235294122)
    assert quant.f32_str(float("nan")) == "nan"


@pytest.mark.parametrize("name,bits", [(None, 8), ("", 8), ("INT4", 4), ("INT6", 6), ("INT7", 7),
                                       ("INT8", 8), ("INT16", 16)])
def test_bit_width(name, bits):
    assert quant.bit_width(name) == bits


@pytest.mark.parametrize("name", ["INT9", "int8", " INT8", "\nINT8\n", "FLOAT16"])
def test_bit_width_refuses_unknown_names(name):
    with pytest.raises(ValueError, match="unknown quantization type"):
        quant.bit_width(name)


def test_ranges():
    assert quant.int_range(8) == (-128, 127)
    assert quant.offset_range(4) == (-8, 7)
    assert quant.int_range(16) == (-32768, 32767)
    with pytest.raises(ValueError):
        quant.int_range(1)
    # what AMCT's parser checks: INT16's range for INT16, INT8's for everything else
    assert quant.amct_offset_check_range("INT16") == (-32768, 32767)
    for t in (None, "INT4", "INT6", "INT7", "INT8", "INT9"):
        assert quant.amct_offset_check_range(t) == (-128, 127)


def test_relu6_example_of_records_md():
    scale, offset = quant.scale_offset_from_range(0.0, 6.0)
    assert scale == quant.to_f32(6 / 255) == float(np.float32(0.0235294122))
    assert offset == -128
    lo, hi = quant.clip_range(scale, offset)
    assert lo == 0.0 and hi == pytest.approx(6.0, rel=1e-7)


def test_clip_range_formula():
    # [-(2^(b-1) + offset) * scale, (2^(b-1) - 1 - offset) * scale]
    assert quant.clip_range(0.5, 0, 8) == (-64.0, 63.5)
    assert quant.clip_range(1.0, -8, 4) == (0.0, 15.0)
    lo, hi = quant.clip_range(np.array([1.0, 2.0]), np.array([0, 10]))
    assert lo.tolist() == [-128.0, -276.0] and hi.tolist() == [127.0, 234.0]


def test_scale_offset_forced_through_zero():
    # a range not containing 0 is widened to reach it
    assert quant.scale_offset_from_range(2.0, 4.0) == quant.scale_offset_from_range(0.0, 4.0)
    assert quant.scale_offset_from_range(-4.0, -2.0) == quant.scale_offset_from_range(-4.0, 0.0)
    scale, offset = quant.scale_offset_from_range(-4.0, 0.0)
    assert offset == 127
    # the offset comes from the stored float32 scale: float32(2/255) is a hair above 2/255,
    # so -128 + 1/scale is just below -0.5 and rounds to -1
    scale, offset = quant.scale_offset_from_range(-1.0, 1.0)
    assert scale > 2 / 255 and offset == -1


def test_degenerate_range_gets_scale_one():
    assert quant.scale_offset_from_range(0.0, 0.0) == (1.0, -128)
    assert quant.scale_offset_from_range(0.0, 1e-6)[0] == 1.0


def test_scale_offset_vectorised():
    scale, offset = quant.scale_offset_from_range(np.array([0.0, -1.0]), np.array([6.0, 1.0]), bits=8)
    assert scale.dtype == np.float32 and offset.tolist() == [-128, -1]
    with pytest.raises(ValueError):
        quant.scale_offset_from_range(0.0, math.inf)


finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
@given(finite, finite, st.sampled_from([4, 6, 7, 8, 16]))
def test_scale_offset_from_range_properties(a, b, bits):
    lo, hi = min(a, b), max(a, b)
    scale, offset = quant.scale_offset_from_range(lo, hi, bits)
    qmin, qmax = quant.int_range(bits)
    assert qmin <= offset <= qmax
    assert scale > 0 and math.isfinite(scale)
    clo, chi = quant.clip_range(scale, offset, bits)
    assert clo <= 0.0 <= chi
    # the clip range holds the (zero-extended) input range, up to one quantization step
    assert clo <= min(lo, 0.0) + scale
    assert chi >= max(hi, 0.0) - scale
    if scale != 1.0:  # not the degenerate substitute: the width is the range's
        assert chi - clo == pytest.approx(max(hi, 0) - min(lo, 0), rel=1e-5, abs=scale)


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=1e-3, max_value=1e3), st.integers(-128, 127),
       st.floats(min_value=0, max_value=1))
def test_quantize_dequantize_round_trip_within_half_a_step(scale, offset, t):
    lo, hi = quant.clip_range(scale, offset)
    x = lo + t * (hi - lo)
    q = quant.quantize(x, scale, offset)
    assert -128 <= q <= 127
    assert abs(quant.dequantize(q, scale, offset) - x) <= scale / 2 * (1 + 1e-9)


def test_quantize_clamps():
    assert quant.quantize(1e9, 0.1, 0) == 127
    assert quant.quantize(-1e9, 0.1, 0, bits=4) == -8
    assert quant.quantize(np.array([0.0, 0.1]), 0.1, 3).tolist() == [3, 4]


def test_weight_formulas():
    assert quant.weight_range(0.01) == pytest.approx(1.27)
    assert quant.weight_range(0.5, bits=4) == 3.5
    np.testing.assert_allclose(quant.weight_range(np.array([1.0, 2.0])), [127.0, 254.0])


def test_dequant_scale_and_shift():
    np.testing.assert_allclose(quant.dequant_scale(0.5, np.array([0.1, 0.2])), [0.05, 0.1])
    assert quant.dequant_scale(2.0, 3.0) == 6.0
    assert quant.shift_accumulator_limit(0) == 32767.0
    assert quant.shift_accumulator_limit(3) == 32767.0 * 8


# --- per-channel statistics and outliers ------------------------------------------------------

def test_channel_stats():
    s = quant.channel_stats([1.0, 2.0, 3.0, 4.0, float("nan")])
    assert (s.count, s.finite, s.min, s.max, s.median, s.mean) == (5, 4, 1.0, 4.0, 2.5, 2.5)
    assert (s.q1, s.q3) == (1.75, 3.25)
    empty = quant.channel_stats([])
    assert empty.count == 0 and math.isnan(empty.median)


def test_outliers_find_planted_channels():
    rng = np.random.default_rng(7)
    scales = (0.002 * rng.uniform(0.8, 1.25, 1024)).astype(np.float32)
    scales[17] = 0.2  # a channel 100x its neighbours
    scales[300] = 1e-5
    scales[400] = 0.0
    scales[401] = np.nan
    scales[500] = 1e-9  # below FLT_EPSILON
    o = quant.outliers(scales)
    assert o.of_kind(quant.HIGH).tolist() == [17]
    assert o.of_kind(quant.LOW).tolist() == [300]
    assert o.of_kind(quant.INVALID).tolist() == [400, 401]
    assert o.of_kind(quant.DEGENERATE).tolist() == [500]
    assert o.indices.tolist() == [17, 300, 400, 401, 500]
    assert o.fence is not None
    lo, hi = o.fence
    assert lo < 0.002 < hi


def test_outlier_fence_k_is_adjustable():
    rng = np.random.default_rng(1)
    # log10 quartiles near -0.5 and 0.5 (IQR 1 decade), tails at 3, 5 and 8 decades
    scales = 10.0 ** np.concatenate([rng.uniform(-1, 1, 4000), [3, -3, 5, -5, 8, -8]])

    def fenced(k):
        o = quant.outliers(scales, k=k)
        return o.of_kind(quant.LOW).size + o.of_kind(quant.HIGH).size

    assert (fenced(1.5), fenced(3.0), fenced(1000)) == (5, 3, 0)  # 1e-8 is DEGENERATE at any k
    assert quant.outliers(scales, k=1000).fence == (0.0, math.inf)
    with pytest.raises(ValueError):
        quant.outliers(scales, k=-1)


def test_outliers_need_a_few_values_for_a_fence():
    o = quant.outliers([0.1, 10.0, 0.0])
    assert o.fence is None and o.kind.tolist() == [quant.OK, quant.OK, quant.INVALID]
    assert quant.outliers([]).kind.size == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(width=32), min_size=0, max_size=60), st.floats(0, 5))
def test_outlier_kinds_are_consistent(values, k):
    o = quant.outliers(values, k=k)
    a = np.array(values, dtype=np.float64)
    assert o.kind.shape == a.shape
    invalid = ~np.isfinite(a) | (a <= 0)
    assert ((o.kind == quant.INVALID) == invalid).all()
    assert ((o.kind == quant.DEGENERATE) == (~invalid & (a < quant.FLT_EPSILON))).all()
    if o.fence is not None:
        lo, hi = o.fence
        inside = (o.kind == quant.OK)
        assume(inside.any())
        assert (a[inside] >= lo * (1 - 1e-9)).all() and (a[inside] <= hi * (1 + 1e-9)).all()


def test_outliers_are_vectorised():
    big = np.full(30000, 0.01, dtype=np.float32)
    big[12345] = 10.0
    assert quant.outliers(big).indices.tolist() == [12345]
    assert quant.as_f32_array([0.5, 1]).dtype == np.float32
