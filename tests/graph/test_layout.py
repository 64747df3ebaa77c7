"""The layered layout: every edge points down through its bend points, boxes in a row never
overlap, cycles and repeats are taken in, a chain stays straight, and it can be stopped."""
from __future__ import annotations

import numpy as np
import pytest

from editor.graph.layout import LayoutCancelled, layered_layout
from editor.graph.network import network_graph


def check_drawing(lay, edges, widths, hgap):
    n = len(lay)
    # boxes in one row keep the gap between them
    for r in np.unique(lay.rank):
        row = np.flatnonzero(lay.rank == r)
        order = row[np.argsort(lay.x[row])]
        left = lay.x[order] - widths[order] / 2
        right = lay.x[order] + widths[order] / 2
        assert np.all(left[1:] - right[:-1] >= hgap - 1e-6)
    assert np.all(lay.x - widths / 2 >= -1e-6) and np.all(lay.x + widths / 2 <= lay.width + 1e-6)
    for k, (u, v) in enumerate(edges):
        pts = lay.edges[k]
        if u == v:
            continue
        src, dst = (v, u) if k in lay.reversed_edges else (u, v)
        assert lay.rank[dst] > lay.rank[src]  # down the rows
        # from the bottom of the box it leaves to the top of the box it enters
        a, b = (pts[-1], pts[0]) if k in lay.reversed_edges else (pts[0], pts[-1])
        assert a[0] == pytest.approx(lay.x[src]) and a[1] == pytest.approx(lay.y[src] + lay.height / 2)
        assert b[0] == pytest.approx(lay.x[dst]) and b[1] == pytest.approx(lay.y[dst] - lay.height / 2)
        ys = pts[:, 1] if k not in lay.reversed_edges else pts[::-1, 1]
        assert np.all(np.diff(ys) > 0)
        assert len(pts) == lay.rank[dst] - lay.rank[src] + 1  # a bend point on each row crossed
    assert n == widths.size


def test_a_real_network_is_laid_out_in_rows(resnet101):
    g = network_graph(resnet101)
    widths = np.full(len(g), 80.0)
    widths[::3] = 140.0
    lay = layered_layout(len(g), g.edges, widths, 30.0, hgap=16.0)
    check_drawing(lay, g.edges, widths, 16.0)
    # the main chain runs straight down: conv1 … pool1 on one vertical
    names = [g.layer(k).name for k in range(len(g))]
    chain = [names.index(n) for n in ("conv1", "bn_conv1", "scale_conv1", "conv1_relu", "pool1")]
    assert np.ptp(lay.x[chain]) == pytest.approx(0.0, abs=1e-6)
    assert list(lay.rank[chain]) == [0, 1, 2, 3, 4]
    # a residual block: its branch's layers are below the fork and above the sum
    fork, total = names.index("pool1"), names.index("res2a")
    assert lay.rank[names.index("res2a_branch2b")] > lay.rank[fork]
    assert lay.rank[names.index("res2a_branch2b")] < lay.rank[total]


def test_cycles_repeats_and_self_loops():
    edges = [(0, 1), (1, 2), (2, 0), (2, 3), (1, 2), (3, 3)]
    widths = np.array([50.0, 60.0, 70.0, 40.0])
    lay = layered_layout(4, edges, widths, 20.0, hgap=10.0)
    assert len(lay.reversed_edges) == 1
    check_drawing(lay, edges, widths, 10.0)
    assert len(lay.edges[5]) == 0  # the self-loop is not drawn


def test_a_source_sits_just_above_its_reader():
    # 0 → 1 → 2 → 3, and 4 feeds 3 only: 4 goes on the row above 3, not at the top
    lay = layered_layout(5, [(0, 1), (1, 2), (2, 3), (4, 3)], np.full(5, 50.0))
    assert list(lay.rank) == [0, 1, 2, 3, 2]


def test_crossings_are_removed_where_an_order_has_none():
    # two parallel chains given crosswise: a → d, b → c with the rows' first order c, d
    edges = [(0, 3), (1, 2)]
    lay = layered_layout(4, edges, np.full(4, 50.0))
    assert (lay.x[0] < lay.x[1]) == (lay.x[3] < lay.x[2])


def test_the_layout_stops_when_asked():
    calls = []

    def keep_going() -> bool:
        calls.append(1)
        return len(calls) < 2

    with pytest.raises(LayoutCancelled):
        layered_layout(50, [(k, k + 1) for k in range(49)], np.full(50, 40.0), keep_going=keep_going)


def test_no_boxes_and_bad_widths():
    lay = layered_layout(0, [], np.zeros(0))
    assert len(lay) == 0 and lay.edges == []
    with pytest.raises(ValueError):
        layered_layout(3, [], np.zeros(2))
