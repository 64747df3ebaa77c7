"""The level of an activation is round(x / scale_d) + offset_d, rounded in float32 half to even
and then offset — the order of AMCT's fake-quantization module — on both of the analysis's
paths (int8 QuantizeLinear/DequantizeLinear, and the float chain other widths take), with
the clipped values counted on the same levels. Values are planted where rounding
x / scale_d + offset_d as one float32 sum would land on a half instead."""
from __future__ import annotations

import math

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper

from editor.analysis.analyzer import Analyzer
from editor.analysis.graph import clip_thresholds, level, level_bounds
from editor.analysis.inputs import discover
from editor.models import load_model
from tests.analysis import kit

F32 = np.float32


def _pool_model(path, n: int) -> None:
    """x[1, 1, 1, n] → AveragePool 1×1 (the identity, a layer AMCT quantizes) → y."""
    node = helper.make_node("AveragePool", ["x"], ["y"], name="pool", kernel_shape=[1, 1])
    graph = helper.make_graph([node], "pool", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 1, n])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 1, 1, n])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, str(path))


def _up(x: float) -> float:
    return float(np.nextafter(F32(x), F32(np.inf)))


def _down(x: float) -> float:
    return float(np.nextafter(F32(x), F32(-np.inf)))


# (bits, scale_d, offset_d, values): INT8 takes the int8 nodes, INT4 and an INT8 offset outside
# int8's range (a broken record, still analysed) take the float chain
CASES = [
    (8, 1.0, 100, [_up(0.5), _up(3.5), _down(27.5), 27.5, 2.5, -228.5, _down(-228.5), 1000.0, -1000.0, 0.0]),
    (4, 1.0, 2, [_up(0.5), _up(1.5), _down(5.5), 5.5, -10.5, _down(-10.5), 40.0, -0.25, 3.0]),
    (8, 0.5, 200, [_up(0.25), -10.0, -164.25, -164.0, _down(-164.25), 3.0, 0.0]),
]


@pytest.mark.parametrize(("bits", "scale", "offset", "values"), CASES)
def test_levels_round_then_offset(tmp_path, record, bits, scale, offset, values):
    x = np.asarray(values, dtype=F32).reshape(1, 1, 1, -1)
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    q = np.rint(x / F32(scale)) + offset
    # the planted values: one float32 sum x/scale + offset rounds differently
    assert not np.array_equal(np.rint((x / F32(scale)).astype(F32) + F32(offset)), q)
    xq, clipped = kit.fake_quant(x, scale, offset, bits)
    assert np.array_equal(xq, ((np.clip(q, lo, hi) - offset) * F32(scale)).astype(F32))
    path = tmp_path / "pool.onnx"
    _pool_model(path, x.size)
    np.save(tmp_path / "x.npy", x)
    analyzer = Analyzer(record({"pool": {"scale_d": scale, "offset_d": offset, "act_type": f"INT{bits}"}}),
                        load_model(path))
    analyzer.samples = discover([tmp_path / "x.npy"], analyzer.input_specs())
    a = analyzer.run().layers[0].activations
    assert a is not None
    assert (a.clipped_low, a.clipped_high) == (int((q < lo).sum()), int((q > hi).sum()))
    assert (a.clipped_low, a.clipped_high) == (int((clipped & (q < lo)).sum()), int(clipped.sum() - (q < lo).sum()))
    x64, e64 = x.astype(np.float64), x.astype(np.float64) - xq
    assert a.sqnr_db == pytest.approx(10 * math.log10((x64 ** 2).sum() / (e64 ** 2).sum()), abs=1e-6)
    assert a.similarity == pytest.approx(kit.amct_similarity(x, xq), abs=1e-7)
    again = analyzer.rerun_layer(0)
    assert (again.clipped_low, again.clipped_high, again.sqnr_db) == (a.clipped_low, a.clipped_high, a.sqnr_db)


@pytest.mark.parametrize("bits", [4, 8, 16])
def test_clip_thresholds_are_the_last_floats_that_do_not_clip(bits):
    rng = np.random.default_rng(bits)
    for _ in range(300):
        scale = F32(10 ** rng.uniform(-30, 30)) if rng.random() < 0.2 else F32(10 ** rng.uniform(-5, 2))
        offset = F32(rng.integers(-(2 ** (bits - 1)), 2 ** (bits - 1)))
        x_lo, x_hi = clip_thresholds(bits, scale, offset)
        lo_u, hi_u = level_bounds(bits, offset)
        assert lo_u - hi_u == F32(-(2 ** bits - 1))
        # the level of x_lo does not clip, the float below it does; the same above x_hi
        assert level(x_lo, scale) >= lo_u and level(np.nextafter(x_lo, F32(-np.inf)), scale) < lo_u
        assert level(x_hi, scale) <= hi_u and level(np.nextafter(x_hi, F32(np.inf)), scale) > hi_u
