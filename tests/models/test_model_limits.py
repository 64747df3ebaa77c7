"""What AMCT can quantize in a model, and how keys meet its layers: the quantizability limits of
``configuration/check.py`` (hicann/amct), the TensorFlow documentation's per-channel list, a
Caffe weights file Caffe itself would refuse, PyTorch module names against the node names of a
plain ``torch.onnx.export``, and "did you mean" suggestions. Models are built here."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

from editor.cli import main
from editor.models import load_model
from editor.models._pb import caffe_model_pb2 as caffe_pb
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.models.match import match_keys, suggest
from editor.records import synth
from editor.records.dialects import DIALECTS
from editor.records.rules import check_message
from tests.models.kit import layer_of

F32 = np.float32


def save_onnx(path: Path, nodes, inits: dict[str, np.ndarray], inputs: dict[str, list[int]],
              outputs: list[str] | None = None) -> Path:
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs.items()],
        [helper.make_tensor_value_info(o, TensorProto.FLOAT, None) for o in (outputs or [nodes[-1].output[0]])],
        [numpy_helper.from_array(a, n) for n, a in inits.items()])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]), path)
    return path


def entries(dialect: str, spec: dict[str, dict]):
    message = DIALECTS[dialect].new_message()
    for key, fields in spec.items():
        e = message.record.add(key=key)
        e.value.scale_d, e.value.offset_d = 0.02, -128
        for name, v in fields.items():
            if isinstance(v, list):
                getattr(e.value, name).extend(v)
            else:
                setattr(e.value, name, v)
    return message


def problems(message, dialect, model, rule):
    return [p for p in check_message(message, dialect, model=model) if p.rule == rule]


def w(*shape) -> np.ndarray:
    return np.random.default_rng(len(shape)).normal(0, 0.3, shape).astype(F32)


# --- limits ------------------------------------------------------------------------------------

def test_conv_kernel_rank_and_conv3d_depth_dilation(tmp_path):
    path = save_onnx(tmp_path / "c.onnx", [
        helper.make_node("Conv", ["x", "w3"], ["a"], name="conv3d_dilated", dilations=[2, 1, 1]),
        helper.make_node("Conv", ["x", "w3b"], ["b"], name="conv3d", dilations=[1, 2, 2]),
        helper.make_node("Conv", ["x4", "w4"], ["c"], name="conv4d"),
    ], {"w3": w(4, 2, 3, 3, 3), "w3b": w(4, 2, 3, 3, 3), "w4": w(4, 2, 1, 1, 1, 1)}, {"x": [1, 2, 8, 8, 8], "x4": [1, 2, 4, 4, 4, 4]},
        outputs=["a", "b", "c"])
    model = load_model(path)
    assert layer_of(model, "conv3d").quantizable
    message = entries("pytorch", {k: {"scale_w": [0.01], "offset_w": [0]} for k in ("conv3d_dilated", "conv4d")})
    found = {p.key: p.message for p in problems(message, "pytorch", model, "model-not-quantizable")}
    assert "dilation_d = 1" in found["conv3d_dilated"]
    assert "4 dimensions" in found["conv4d"]


def lstm_model(tmp_path, name: str, **attrs) -> Path:
    hidden, inp = 3, 4
    inits = {"W": w(1, 4 * hidden, inp), "R": w(1, 4 * hidden, hidden)}
    inputs = {"x": [5, 1, inp], "h0": [1, 1, hidden], "c0": [1, 1, hidden]}
    node_inputs = ["x", "W", "R", "", "", "h0", "c0"]
    if attrs.pop("constant_h", False):
        inits["h0c"] = np.zeros((1, 1, hidden), F32)
        node_inputs[5] = "h0c"
    node = helper.make_node("LSTM", node_inputs, ["y", "yh", "yc"], name=name, hidden_size=hidden, **attrs)
    return save_onnx(tmp_path / f"{name}.onnx", [node], inits, inputs, outputs=["y", "yh", "yc"])


@pytest.mark.parametrize("attrs,words", [
    ({}, None),
    ({"direction": "bidirectional"}, "direction is bidirectional"),
    ({"clip": 5.0}, "clip is 5.0"),
    ({"constant_h": True}, "initial_h (input 5) is not computed from the graph's input"),
])
def test_lstm_limits(tmp_path, attrs, words):
    model = load_model(lstm_model(tmp_path, "lstm", **attrs))
    layer = layer_of(model, "lstm")
    message = entries("pytorch", {"lstm": {"scale_w": [0.01] * 4, "offset_w": [0] * 4}})
    found = problems(message, "pytorch", model, "model-not-quantizable")
    if words is None:
        assert layer.quantizable and not found
        # the RNN factors AMCT reads for every LSTM it quantizes (parse_quant_value_rnn)
        missing = {p.field for p in problems(message, "pytorch", model, "missing-factors")}
        assert missing == {"scale_h", "offset_h", "scale_r", "offset_r"}
    else:
        assert not layer.quantizable and words in found[0].message


def test_gru_needs_linear_before_reset(tmp_path):
    hidden, inp = 3, 4
    inits = {"W": w(1, 3 * hidden, inp), "R": w(1, 3 * hidden, hidden)}

    def gru(lbr: int) -> Path:
        node = helper.make_node("GRU", ["x", "W", "R", "", "", "h0"], ["y", "yh"], name="gru",
                                hidden_size=hidden, linear_before_reset=lbr)
        return save_onnx(tmp_path / f"gru{lbr}.onnx", [node], inits, {"x": [5, 1, inp], "h0": [1, 1, hidden]},
                         outputs=["y", "yh"])
    assert layer_of(load_model(gru(1)), "gru").quantizable
    restriction = layer_of(load_model(gru(0)), "gru").restriction
    assert restriction is not None and "linear_before_reset" in restriction


def test_scale_r_length_is_checked_like_scale_w(tmp_path):
    model = load_model(lstm_model(tmp_path, "lstm"))
    factors = {"scale_w": [0.01] * 4, "offset_w": [0] * 4, "scale_h": 0.01, "offset_h": 0,
               "scale_r": [0.01] * 5, "offset_r": [0] * 5}
    (p,) = problems(entries("pytorch", {"lstm": factors}), "pytorch", model, "model-channels")
    assert p.field == "scale_r" and "scale_r has 5 values" in p.message


def test_shared_weights_are_not_quantized(tmp_path):
    path = save_onnx(tmp_path / "s.onnx", [
        helper.make_node("Conv", ["x", "w"], ["a"], name="first"),
        helper.make_node("Conv", ["a", "w"], ["b"], name="second"),
    ], {"w": w(3, 3, 1, 1)}, {"x": [1, 3, 4, 4]})
    model = load_model(path)
    message = entries("pytorch", {"first": {"scale_w": [0.01], "offset_w": [0]}})
    (p,) = problems(message, "pytorch", model, "model-not-quantizable")
    assert "shared with 'second'" in p.message and "Not support shared weight" in p.message


def tf_model(path: Path, build) -> Path:
    g = tf_pb.GraphDef()
    g.node.add(name="input", op="Placeholder").attr["dtype"].type = tf_pb.DT_FLOAT

    def const(name: str, a: np.ndarray) -> None:
        t = g.node.add(name=name, op="Const").attr["value"].tensor
        t.dtype = tf_pb.DT_FLOAT
        t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in a.shape)
        t.tensor_content = np.asarray(a, "<f4").tobytes()
    build(g, const)
    path.write_bytes(g.SerializeToString())
    return path


def test_tf_conv3d_is_per_tensor_and_matmul_transpose_b_is_a_doubt(tmp_path):
    def build(g, const):
        const("w3", w(3, 3, 3, 2, 4))
        const("wm", w(6, 10))
        g.node.add(name="c3/Conv3D", op="Conv3D", input=["input", "w3"])
        mm = g.node.add(name="fc/MatMul", op="MatMul", input=["input", "wm"])
        mm.attr["transpose_b"].b = True
    model = load_model(tf_model(tmp_path / "t.pb", build))
    message = entries("tf-inner", {"c3/Conv3D": {"scale_w": [0.01] * 4, "offset_w": [0] * 4},
                                   "fc/MatMul": {"scale_w": [0.01], "offset_w": [0]}})
    found = check_message(message, "tf-inner", model=model)
    # AMCT TensorFlow's documents allow per-channel scale_w for Conv2D, depthwise and Conv2DBackpropInput only
    (per_channel,) = [p for p in found if p.rule == "per-channel-type"]
    assert per_channel.key == "c3/Conv3D" and per_channel.severity.value == "error"
    (doubt,) = [p for p in found if p.rule == "model-not-quantizable"]
    assert doubt.key == "fc/MatMul" and doubt.severity.value == "warning" and "transpose_b" in doubt.message


# --- Caffe weights Caffe refuses ---------------------------------------------------------------

def test_a_caffemodel_blob_of_the_wrong_shape_is_reported_and_not_used(tmp_path):
    proto = tmp_path / "net.prototxt"
    proto.write_text('name: "net"\ninput: "data"\ninput_shape { dim: 1 dim: 20 dim: 7 dim: 7 }\n'
                     'layer { name: "fc1" type: "InnerProduct" bottom: "data" top: "fc1"\n'
                     '  inner_product_param { num_output: 10 } }\n', encoding="utf-8")
    net = caffe_pb.NetParameter(name="net")
    layer = net.layer.add(name="fc1")
    for a in (w(10, 245), np.zeros(10, F32)):  # the net needs 10×980
        b = layer.blobs.add()
        b.shape.dim.extend(a.shape)
        b.data.extend(a.ravel().tolist())
    weights = tmp_path / "net.caffemodel"
    weights.write_bytes(net.SerializeToString())
    model = load_model(proto, weights)
    fc1 = layer_of(model, "fc1")
    assert fc1.weight is None and not fc1.has_weight_values
    assert any("blob 0 of layer fc1 has shape 10×245, the net needs 10×980" in n for n in model.notes)
    message = entries("caffe", {"fc1": {"scale_w": [0.01], "offset_w": [0], "channels": 20, "height": 7,
                                        "width": 7}})
    (p,) = problems(message, "caffe", model, "model-scale-w-weights")
    assert p.severity.value == "info" and "shape mismatch" in p.message


# --- PyTorch module names ----------------------------------------------------------------------

def test_pytorch_module_names_match_the_nodes_of_a_plain_export(tmp_path, capsys):
    path = save_onnx(tmp_path / "exported.onnx", [
        helper.make_node("Conv", ["x", "conv1.weight"], ["a"], name="/conv1/Conv"),
        helper.make_node("Relu", ["a"], ["b"], name="/relu/Relu"),
        helper.make_node("Conv", ["b", "l.weight"], ["c"], name="/layer1/layer1.0/conv1/Conv"),
        helper.make_node("Conv", ["c", "d.weight"], ["d"], name="/layer1/layer1.0/downsample/downsample.0/Conv"),
    ], {"conv1.weight": w(4, 3, 3, 3), "l.weight": w(4, 4, 1, 1), "d.weight": w(5, 4, 1, 1)}, {"x": [1, 3, 8, 8]})
    model = load_model(path)
    for key, name in [("layer1.0.conv1", "/layer1/layer1.0/conv1/Conv"),
                      ("layer1.0.downsample.0", "/layer1/layer1.0/downsample/downsample.0/Conv"),
                      ("/conv1/Conv", "/conv1/Conv")]:  # an exact name still matches first
        layer, _ = model.find(key)
        assert layer is not None and layer.name == name
    keys = ["conv1", "layer1.0.conv1", "layer1.0.downsample.0"]
    found = match_keys(keys, model)
    assert found.unmatched == [] and found.without_record == []
    assert found.by_module == {"conv1": "/conv1/Conv", "layer1.0.conv1": "/layer1/layer1.0/conv1/Conv",
                               "layer1.0.downsample.0": "/layer1/layer1.0/downsample/downsample.0/Conv"}
    message = entries("pytorch", {k: {"scale_w": [0.01] * (5 if "down" in k else 4),
                                      "offset_w": [0] * (5 if "down" in k else 4)} for k in keys})
    rec = tmp_path / "r.txt"
    rec.write_text(synth.to_text(message), encoding="utf-8")
    assert main(["check", str(rec), "--dialect", "pytorch", "--model", str(path), "--rule", "model-unknown-key"]) == 0
    assert main(["info", str(rec), "--dialect", "pytorch", "--model", str(path)]) == 0
    out = capsys.readouterr().out
    assert "keys naming a PyTorch module, matched to the node torch.onnx.export made of it: 3" in out
    assert "layer1.0.conv1 → /layer1/layer1.0/conv1/Conv" in out
    assert main(["info", str(rec), "--dialect", "pytorch", "--model", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["model"]["keys_by_module"]["conv1"] == "/conv1/Conv"


# --- did you mean --------------------------------------------------------------------------------

def test_suggestions_prefer_the_stage_and_the_lowest_index_and_each_layer_once():
    without = [f"res3b{i}" for i in range(1, 4)] + [f"res4b{i}" for i in range(1, 23)]
    got = suggest(["res3b", "res4b", "res4c", "res4d", "res4e", "res4f"], without)
    assert got["res3b"] == "res3b1"
    assert [got[k] for k in ("res4b", "res4c", "res4d", "res4e", "res4f")] == [
        "res4b1", "res4b2", "res4b3", "res4b4", "res4b5"]
    assert len(set(got.values())) == len(got)


def test_a_resnet50_style_record_against_resnet101_gets_distinct_suggestions(resnet101):
    message = synth.build_record("caffe", synth.layers_from_model(resnet101), seed=1)
    keep = [e for e in message.record if not e.key.startswith(("res4b", "res3b"))]
    del message.record[:]
    message.record.extend(keep)
    for name in ("res3b_branch2a", "res4b_branch2a", "res4c_branch2a", "res4d_branch2a"):
        e = message.record.add(key=name)
        e.CopyFrom(keep[1])
        e.key = name
    found = {p.key: p.message for p in check_message(message, "caffe", model=resnet101)
             if p.rule == "model-unknown-key"}
    assert 'did you mean "res3b1_branch2a"?' in found["res3b_branch2a"]
    assert [next(n for n in (f"res4b{i}_branch2a" for i in range(1, 23)) if f'"{n}"' in found[k])
            for k in ("res4b_branch2a", "res4c_branch2a", "res4d_branch2a")] == [
        "res4b1_branch2a", "res4b2_branch2a", "res4b3_branch2a"]

