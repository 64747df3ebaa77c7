"""Which layers of a model are drawn and how they connect: Caffe's in-place layers chained,
ONNX and TensorFlow constants left out — checked against the files read independently."""
from __future__ import annotations

import re

import onnx

from editor.graph.network import network_graph
from editor.models import load_model
from editor.models import synth as model_synth
from tests.graph.conftest import RESNET101, light_model


def named_edges(graph) -> set[tuple[str, str]]:
    return {(graph.layer(a).name, graph.layer(b).name) for a, b in graph.edges}


def test_caffe_in_place_layers_form_a_chain(resnet101):
    g = network_graph(resnet101)
    assert g.hidden == 0 and len(g) == len(resnet101.layers)
    edges = named_edges(g)
    # conv1, bn_conv1, scale_conv1 and conv1_relu all read and write the blob "conv1"
    assert {("conv1", "bn_conv1"), ("bn_conv1", "scale_conv1"), ("scale_conv1", "conv1_relu"),
            ("conv1_relu", "pool1")} <= edges
    assert ("conv1", "scale_conv1") not in edges and ("conv1", "conv1_relu") not in edges
    # the residual sum reads both branches after their Scale layers
    assert {("scale2a_branch1", "res2a"), ("scale2a_branch2c", "res2a")} <= edges
    assert ("res2a_branch1", "res2a") not in edges
    # one edge per bottom a layer reads, except the net's input "data" (counted in the file itself)
    text = RESNET101.read_text()
    bottoms = re.findall(r'^\s*bottom:\s*"([^"]+)"', text, flags=re.MULTILINE)
    assert len(g.edges) == len([b for b in bottoms if b != "data"])


def test_onnx_constants_and_weight_nodes_are_left_out():
    path = light_model("light_resnet50")
    model = load_model(path)
    g = network_graph(model)
    # independently: the nodes reachable from the graph's inputs that are not initializers
    proto = onnx.load(str(path), load_external_data=False)
    inits = {t.name for t in proto.graph.initializer}
    live = {i.name for i in proto.graph.input if i.name not in inits}
    expected = []
    for node in proto.graph.node:
        if any(t in live for t in node.input):
            live.update(node.output)
            expected.append(node.name)
    assert [g.layer(k).name for k in range(len(g))] == expected
    assert g.hidden == len(proto.graph.node) - len(expected) > 200
    assert not any(g.layer(k).op_type == "ConstantOfShape" for k in range(len(g)))


def test_onnx_edges_follow_the_tensors(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    g = network_graph(load_model(path))
    assert [g.layer(k).name for k in range(len(g))] == ["conv1", "bn1", "relu1", "conv2", "deconv", "pool",
                                                         "flatten", "fc", "proj"]
    assert named_edges(g) == {("conv1", "bn1"), ("bn1", "relu1"), ("relu1", "conv2"), ("conv2", "deconv"),
                              ("deconv", "pool"), ("pool", "flatten"), ("flatten", "fc"), ("fc", "proj")}


def test_tensorflow_consts_and_their_reads_are_left_out(tmp_path):
    path = tmp_path / "frozen.pb"
    model_synth.tf_graph(path)
    g = network_graph(load_model(path))
    names = [g.layer(k).name for k in range(len(g))]
    assert names == ["input", "conv/Conv2D", "bn/FusedBatchNormV3", "relu", "dw/depthwise", "pool/AvgPool",
                     "flat", "logits/MatMul"]
    assert "conv/weights/read" not in names  # an Identity of a Const
    assert ("input", "conv/Conv2D") in named_edges(g) and ("flat", "logits/MatMul") in named_edges(g)


def test_a_model_with_nothing_depending_on_an_input_is_drawn_whole(tmp_path):
    from onnx import TensorProto, helper

    nodes = [helper.make_node("Constant", [], ["a"], name="a", value_float=1.0),
             helper.make_node("Neg", ["a"], ["b"], name="neg")]
    graph = helper.make_graph(nodes, "consts", [], [helper.make_tensor_value_info("b", TensorProto.FLOAT, [])])
    path = tmp_path / "c.onnx"
    onnx.save(helper.make_model(graph), path)
    g = network_graph(load_model(path))
    assert len(g) == 2 and g.hidden == 0 and named_edges(g) == {("a", "neg")}
