"""Model Explorer node data: the ids its adapters give the nodes, and the JSON it reads."""
from __future__ import annotations

import json

import numpy as np
import onnx
from onnx import TensorProto, helper

from editor.graph import model_explorer
from editor.graph.figures import LayerFigure, node_entries, node_figure, paint
from editor.graph.network import network_graph
from editor.models import load_model
from editor.models import synth as model_synth


def test_onnx_ids_are_the_node_names_made_unique_as_onnx_ir_does(tmp_path):
    # unnamed nodes become node, node_1, …; a name taken before gets _1, _2 (NameFixPass)
    nodes = [helper.make_node("Relu", ["x"], ["a"], name="relu"),
             helper.make_node("Relu", ["a"], ["b"]),
             helper.make_node("Relu", ["b"], ["c"], name="relu"),
             helper.make_node("Relu", ["c"], ["d"]),
             helper.make_node("Relu", ["d"], ["e"], name="node_2"),
             helper.make_node("Relu", ["e"], ["f"])]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
                              [helper.make_tensor_value_info("f", TensorProto.FLOAT, [1])])
    path = tmp_path / "n.onnx"
    onnx.save(helper.make_model(graph), path)
    ids = model_explorer.node_ids(load_model(path))
    assert ids == ["relu", "node", "relu_1", "node_1", "node_2", "node_3"]


def test_tensorflow_ids_are_positions_and_caffe_ids_names(tmp_path):
    pb = tmp_path / "frozen.pb"
    model_synth.tf_graph(pb)
    model = load_model(pb)
    assert model_explorer.node_ids(model) == [str(k) for k in range(len(model.layers))]
    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    model_synth.caffe_net(proto, weights)
    caffe = load_model(proto, weights)
    assert model_explorer.node_ids(caffe) == [layer.name for layer in caffe.layers]


def test_node_data_holds_each_recorded_layer_with_its_value_and_colour(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    model = load_model(path)
    graph = network_graph(model)
    keys = ["conv1", "conv2", "fc", "nowhere"]
    fig = LayerFigure("outliers", "outliers", np.array([2.0, 0.0, np.nan, 5.0]))
    nf = node_figure(graph, node_entries(graph, keys), fig)
    painted = paint(nf)
    data = model_explorer.node_data(graph, nf, painted)
    out = tmp_path / "nd.json"
    model_explorer.write_node_data(out, data)
    read = json.loads(out.read_text(encoding="utf-8"))
    # the form Model Explorer applies to the graph on screen: "results" by node id
    assert set(read) == {"results"}
    node_names = {n.name for n in onnx.load(str(path)).graph.node}
    assert set(read["results"]) == {"conv1", "conv2"} <= node_names  # fc has no value, the rest no record
    assert read["results"]["conv1"]["value"] == 2 and read["results"]["conv2"]["value"] == 0
    colours = dict(zip([graph.layer(k).name for k in range(len(graph))], painted.colours, strict=True))
    assert read["results"]["conv1"]["bgColor"] == colours["conv1"]


def test_levels_are_written_as_thresholds(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    graph = network_graph(load_model(path))
    levels = ((0.0, "none", "#aaaaaa"), (2.0, "warning", "#ffaa00"), (3.0, "error", "#ff0000"))
    fig = LayerFigure("problems", "problems", np.array([3.0, 0.0]), levels=levels)
    nf = node_figure(graph, node_entries(graph, ["conv1", "fc"]), fig)
    data = model_explorer.node_data(graph, nf, paint(nf))
    assert data["thresholds"] == [{"value": 0.0, "bgColor": "#aaaaaa"}, {"value": 2.0, "bgColor": "#ffaa00"},
                                  {"value": 3.0, "bgColor": "#ff0000"}]
    assert data["results"] == {"conv1": {"value": 3, "bgColor": "#ff0000"}, "fc": {"value": 0, "bgColor": "#aaaaaa"}}
