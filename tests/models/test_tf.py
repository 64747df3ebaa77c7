"""TensorFlow frozen graphs, binary and text, generated with our own schema (real field
numbers): HWIO kernels, a depthwise conv with a channel multiplier, MatMul, BatchNorm fold."""
from __future__ import annotations

import numpy as np
import pytest

from editor.models import ModelError, load_model, synth
from editor.models._pb import tf_graph_pb2 as pb
from editor.models.fusion import BatchNormFold
from editor.models.weights import weight_rows
from tests.models.kit import layer_of


@pytest.fixture(params=["pb", "pbtxt"])
def graph(request, tmp_path):
    path = tmp_path / f"frozen.{request.param}"
    arrays = synth.tf_graph(path, seed=4, text=request.param == "pbtxt")
    return load_model(path), arrays


def test_layers_channels_and_layouts(graph):
    m, arrays = graph
    assert m.framework == "tensorflow"
    conv, dw, fc = m.layer("conv/Conv2D"), m.layer("dw/depthwise"), m.layer("logits/MatMul")
    # Conv2D HWIO: 3×3×3×8 -> 8 output channels of 3 inputs, the weight reached through Identity
    assert (conv.out_channels, conv.in_channels, conv.weight_shape) == (8, 3, (3, 3, 3, 8))
    hwio = arrays["conv/weights"]
    np.testing.assert_array_equal(conv.weight_rows()[5], hwio[..., 5].ravel())
    # depthwise H×W×in×multiplier: 8 inputs × 2 = 16 output channels, channel i·2+m
    assert (dw.out_channels, dw.in_channels, dw.group) == (16, 8, 8)
    w = arrays["dw/depthwise_weights"]
    np.testing.assert_array_equal(dw.weight_rows()[7], w[:, :, 3, 1].ravel())
    assert dw.channel_wise and dw.expected_scale_w_length(16) == (16, True)
    # MatMul K×N: 5 outputs, per tensor only
    assert (fc.out_channels, fc.in_channels, fc.channel_wise) == (5, 16, False)
    np.testing.assert_array_equal(fc.weight_rows(), arrays["logits/weights"].T)
    assert m.layer("pool/AvgPool").quant == "activation" and m.layer("relu").quant is None
    assert m.layer("bn/FusedBatchNormV3").out_channels == 8


def test_batchnorm_is_folded_with_its_epsilon(graph):
    m, arrays = graph
    conv = layer_of(m, "conv/Conv2D")
    assert isinstance(conv.fold, BatchNormFold)
    assert conv.fold.names == ("bn/FusedBatchNormV3",) and conv.fold.eps == pytest.approx(0.001)
    rows, folded = weight_rows(conv, fold=True)
    mult = arrays["bn/gamma"] / np.sqrt(arrays["bn/var"] + np.float32(0.001))
    assert folded
    np.testing.assert_allclose(rows, conv.weight_rows() * mult[:, None], rtol=1e-6)


def test_a_splat_constant_fills_its_shape(tmp_path):
    g = pb.GraphDef()
    c = g.node.add(name="w", op="Const")
    t = c.attr["value"].tensor
    t.dtype = pb.DT_FLOAT
    t.tensor_shape.dim.extend(pb.TensorShapeProto.Dim(size=d) for d in (1, 1, 4, 3))
    t.float_val.extend([0.5, 0.25])
    g.node.add(name="x", op="Placeholder")
    g.node.add(name="conv", op="Conv2D", input=["x", "w:0", "^x"])
    path = tmp_path / "splat.pb"
    path.write_bytes(g.SerializeToString())
    conv = layer_of(load_model(path), "conv")
    assert conv.out_channels == 3 and conv.inputs == ("x", "w")
    rows = conv.weight_rows()
    assert rows.shape == (3, 4) and rows[0, 0] == 0.5 and np.all(rows.ravel()[1:] == 0.25)


def test_broken_graphs(tmp_path):
    path = tmp_path / "bad.pb"
    path.write_bytes(b"\x0a\x05\x0a\x03ab")  # a node whose name runs past its end
    with pytest.raises(ModelError, match=r"not a TensorFlow GraphDef|not a model file"):
        load_model(path)
    text = tmp_path / "bad.pbtxt"
    text.write_text('node { name: "a" op: "Const" attr { key: "value" value { tensor { dtype: DT_NOPE } } } }\n')
    with pytest.raises(ModelError, match=r"bad.pbtxt:1:\d+: not a valid TensorFlow GraphDef"):
        load_model(text)
