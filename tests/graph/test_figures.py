"""A figure on the graph's nodes: entries mapped by key, the worst of several, greyed layers
without a record, the colour ramp from the best to the worst value, category levels."""
from __future__ import annotations

import math

import numpy as np
import pytest

from editor.graph.figures import (
    AWAY,
    LOW,
    NO_RECORD,
    NO_VALUE,
    RAMP,
    LayerFigure,
    node_entries,
    node_figure,
    paint,
    ramp,
)
from editor.graph.network import network_graph
from editor.models import load_model
from editor.models import synth as model_synth


@pytest.fixture
def convnet(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    return network_graph(load_model(path))


def names(graph):
    return [graph.layer(k).name for k in range(len(graph))]


def test_entries_map_onto_nodes_by_key(convnet):
    keys = ["conv2", "nothing", "conv1", "fc:0", "fc"]
    entries = node_entries(convnet, keys)
    by_name = dict(zip(names(convnet), entries, strict=True))
    assert by_name["conv1"] == [2] and by_name["conv2"] == [0]
    assert by_name["fc"] == [3, 4]  # ``fc:0`` names fc's first input: the same layer
    assert by_name["bn1"] == [] and by_name["relu1"] == []


def test_a_node_takes_the_worst_of_its_entries(convnet):
    keys = ["fc:0", "fc", "conv1"]
    entries = node_entries(convnet, keys)
    fc = names(convnet).index("fc")
    high = LayerFigure("f", "f", np.array([3.0, 7.0, 1.0]))
    assert node_figure(convnet, entries, high).values[fc] == 7.0
    low = LayerFigure("f", "f", np.array([3.0, 7.0, 1.0]), worse=LOW)
    assert node_figure(convnet, entries, low).values[fc] == 3.0
    away = LayerFigure("f", "f", np.array([0.25, 3.0, 1.0]), worse=AWAY, log=True)
    assert node_figure(convnet, entries, away).values[fc] == 0.25  # ×4 below is further than ×3 above
    nan_first = LayerFigure("f", "f", np.array([np.nan, 2.0, 1.0]))
    assert node_figure(convnet, entries, nan_first).values[fc] == 2.0


def test_paint_greys_layers_without_a_record_and_ramps_the_rest(convnet):
    keys = ["conv1", "conv2", "deconv", "fc"]
    values = np.array([0.0, 4.0, 8.0, np.nan])
    nf = node_figure(convnet, node_entries(convnet, keys), LayerFigure("n", "count", values, fmt=lambda v: f"{v:.0f}"))
    p = paint(nf)
    colour = dict(zip(names(convnet), p.colours, strict=True))
    assert colour["bn1"] == colour["relu1"] == colour["proj"] == NO_RECORD
    assert colour["fc"] == NO_VALUE  # a record, no value
    # a count: 0 is the light end, the largest the dark end, 4 half-way along the ramp
    assert colour["conv1"] == RAMP[0] and colour["deconv"] == RAMP[-1]
    assert colour["conv2"] == RAMP[2]
    assert p.legend.ramp and (p.legend.low_text, p.legend.high_text) == ("0", "8")


def test_a_ratio_is_coloured_by_how_far_it_is_from_one(convnet):
    keys = ["conv1", "conv2", "deconv"]
    fig = LayerFigure("r", "ratio", np.array([1.0, 0.1, 10.0 ** 0.5]), worse=AWAY, log=True)
    p = paint(node_figure(convnet, node_entries(convnet, keys), fig))
    colour = dict(zip(names(convnet), p.colours, strict=True))
    assert colour["conv1"] == RAMP[0] and colour["conv2"] == RAMP[-1]
    # the dark end is as far out on both sides: ×0.1 and ×10 (the worst is ×0.1)
    assert (p.legend.low_text, p.legend.high_text) == ("1", "0.1 / 10")
    assert colour["deconv"] == ramp(0.5)  # half as far (in log) as conv2


def test_levels_colour_by_category(convnet):
    levels = ((0.0, "fine", "#00ff00"), (3.0, "bad", "#ff0000"))
    fig = LayerFigure("p", "problems", np.array([0.0, 3.0]), levels=levels)
    p = paint(node_figure(convnet, node_entries(convnet, ["conv1", "conv2"]), fig))
    colour = dict(zip(names(convnet), p.colours, strict=True))
    assert colour["conv1"] == "#00ff00" and colour["conv2"] == "#ff0000"
    assert p.legend.items == [("#00ff00", "fine"), ("#ff0000", "bad")]
    assert fig.text(1) == "bad"


def test_ramp_ends_and_middle():
    assert ramp(0.0) == RAMP[0] and ramp(1.0) == RAMP[-1] and ramp(-1) == RAMP[0] and ramp(7) == RAMP[-1]
    # half-way between the second and third stops: the mean of their channels
    a, b = RAMP[1], RAMP[2]
    mid = "#" + "".join(f"{round((int(a[k:k + 2], 16) + int(b[k:k + 2], 16)) / 2):02x}" for k in (1, 3, 5))
    assert ramp(0.375) == mid


def test_badness_leaves_out_what_a_log_scale_cannot_show():
    fig = LayerFigure("r", "r", np.zeros(0), log=True)
    assert math.isnan(fig.badness(0.0)) and math.isnan(fig.badness(-1.0)) and math.isnan(fig.badness(math.inf))
    assert fig.badness(100.0) == pytest.approx(2.0)
