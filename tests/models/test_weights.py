"""AMCT's ARQ scale_w from weights (hicann/amct's calculate_scale_offset), and the review of a
record's scale_w against it."""
from __future__ import annotations

import numpy as np
import pytest

from editor.models import load_model, synth
from editor.models.base import TensorRef
from editor.models.fusion import PATTERNS, BatchNormFold
from editor.models.weights import DEFAULT_WASTE, arq_scale, fold_multiplier, layer_arq, refit, review


def f32(x) -> np.float32:
    return np.float32(x)


def test_arq_formula_per_channel():
    rows = np.array([[0.5, -0.25, 1.0],     # |max| wins: 1.0 / 127
                     [0.5, -2.0, 1.0],      # |min| wins: 2.0 / 128 (the negative side has 128 levels)
                     [0.0, 0.0, 0.0],       # all zero: scale < FLT_EPSILON -> 1.0
                     [1e-7, -1e-7, 0.0],    # tiny: 1e-7 / 127 < FLT_EPSILON -> 1.0
                     [-3.0, 3.0, 0.0]],     # a tie counts as positive: 3 / 127
                    dtype=np.float32)
    arq = arq_scale(rows, bits=8)
    expected = [f32(1.0) / f32(127), f32(2.0) / f32(128), f32(1.0), f32(1.0), f32(3.0) / f32(127)]
    assert arq.scale.dtype == np.float32
    assert arq.scale.tobytes() == np.array(expected, np.float32).tobytes()
    assert arq.q.tolist() == [127, 128, 127, 127, 127]
    assert arq.boundary.tolist() == [1.0, 2.0, 0.0, pytest.approx(1e-7), 3.0]


def test_arq_is_computed_in_float32():
    # a value whose float64 quotient rounds differently from the float32 one would show here;
    # the result must equal float32(boundary) / float32(q) bit for bit
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(64, 9)).astype(np.float32)
    arq = arq_scale(rows)
    b = np.maximum(np.abs(rows.max(1)), np.abs(rows.min(1))).astype(np.float32)
    q = np.where(np.abs(rows.max(1)) < np.abs(rows.min(1)), 128, 127).astype(np.float32)
    assert arq.scale.tobytes() == (b / q).astype(np.float32).tobytes()


def test_arq_per_tensor_and_other_bit_widths():
    rows = np.array([[0.5, -0.25], [1.5, -0.1]], dtype=np.float32)
    assert arq_scale(rows, channel_wise=False).scale.tolist() == [f32(1.5) / f32(127)]
    assert arq_scale(rows, bits=4).scale.tolist() == [f32(0.5) / f32(7), f32(1.5) / f32(7)]


def test_fold_multiplier_caffe_and_onnx():
    var = TensorRef.of(np.array([4.0, 9.0], np.float32) * 10)
    factor = TensorRef.of(np.array([10.0], np.float32))
    gamma = TensorRef.of(np.array([2.0, 3.0], np.float32))
    pattern = PATTERNS["caffe-conv-bn-scale"]
    caffe = BatchNormFold(("bn", "scale"), var, eps=0.0, gamma=gamma, var_scale=factor, pattern=pattern)
    assert fold_multiplier(caffe).tolist() == [1.0, 1.0]
    no_scale = BatchNormFold(("bn",), var, eps=0.0, var_scale=factor, has_gamma=False, pattern=pattern)
    assert fold_multiplier(no_scale).tolist() == [0.5, pytest.approx(1 / 3)]
    missing = BatchNormFold(("bn",), None, eps=1e-5, pattern=PATTERNS["onnx-conv-bn"])
    with pytest.raises(Exception, match="cannot be folded"):
        fold_multiplier(missing)


@pytest.fixture
def convnet(tmp_path):
    path = tmp_path / "net.onnx"
    synth.onnx_convnet(path, seed=7)
    return load_model(path)


def test_review_of_amcts_own_values_is_clean(convnet):
    layer = convnet.layer("conv2")
    arq = layer_arq(convnet, layer)
    r = review(convnet, layer, arq.scale)
    assert not r.flagged.any() and r.worst_ratio == 1.0


def test_review_flags_a_clipping_and_a_wasteful_channel(convnet):
    layer = convnet.layer("conv2")
    scale = layer_arq(convnet, layer).scale.copy()
    scale[3] = scale[3] / 4          # range a quarter of the weights': clips
    scale[9] = scale[9] * 3          # range three times the weights': wastes levels
    scale[11] = scale[11] * 1.5      # wider, but under the threshold
    r = review(convnet, layer, scale)
    assert np.nonzero(r.clipped)[0].tolist() == [3]
    assert np.nonzero(r.wasted)[0].tolist() == [9]
    assert r.worst_index == 3 and r.worst_ratio == pytest.approx(0.25)
    assert review(convnet, layer, scale, waste=1.2).wasted.sum() == 2
    new, changed = refit(r)
    assert changed.tolist() == [3, 9, 11]
    assert new.tobytes() == layer_arq(convnet, layer).scale.tobytes()
    assert DEFAULT_WASTE == 2.0


def test_review_per_tensor_and_length_mismatch(convnet):
    fc = convnet.layer("fc")
    one = layer_arq(convnet, fc, channel_wise=False).scale
    assert review(convnet, fc, one).ratio.tolist() == [1.0]
    with pytest.raises(Exception, match="scale_w has 3 values, layer fc has 10 output channels"):
        review(convnet, fc, [0.1, 0.2, 0.3])


def test_fold_changes_the_arq_of_a_conv_followed_by_batchnorm(convnet):
    layer = convnet.layer("conv1")
    plain, folded = layer_arq(convnet, layer, fold=False), layer_arq(convnet, layer, fold=True)
    assert folded.folded and not plain.folded
    assert not np.array_equal(plain.scale, folded.scale)
