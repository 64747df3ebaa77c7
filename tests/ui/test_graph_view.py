"""The Graph tab: the attached network drawn and coloured by a figure of the record; a click
selects the layer, a selection elsewhere centres it; find; zoom, pan and fit; export as PNG,
SVG and Model Explorer node data; a series added to the overview is offered as it is."""
from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import onnx
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from editor.graph.figures import NO_RECORD, RAMP, ramp
from editor.graph.network import NetworkGraph
from editor.models import load_model
from editor.models import synth as model_synth
from editor.records import synth
from editor.records.document import RecordDocument
from editor.ui.graph.view import GraphView
from editor.ui.plots.layer_values import LayerValues
from tests.ui.kit import make_session, overview

DATA = Path(__file__).resolve().parents[1] / "data"
RESNET101 = DATA / "models" / "ResNet-101-deploy.prototxt"
RESNET50_RECORD = DATA / "realworld" / "resnet50_caffe_record.txt"


def planted(model):
    """A record for the generated convnet whose scale_w outliers are known by construction:
    conv1 16 equal values but 3 (3 outliers), conv2 all equal (none), deconv one off (1)."""
    message = synth.build_record("pytorch", synth.layers_from_model(model), seed=1)
    by_key = {e.key: e for e in message.record}
    for key, n, odd in (("conv1", 16, 3), ("conv2", 32, 0), ("deconv", 8, 1)):
        values = [0.01] * n
        for c in range(odd):
            values[c] = 10.0
        by_key[key].value.scale_w[:] = values
    return message


@pytest.fixture
def convnet(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    return load_model(path)


def graph_view(qtbot, session, model=None) -> GraphView:
    """A Graph view beside an overview over `session`, shown, with `model` attached and drawn."""
    o = overview(qtbot, session)
    view = GraphView(session, o)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    if model is not None:
        with qtbot.waitSignal(view.laidOut, timeout=30000):
            session.set_network(model)
    o.flush()
    return view


def graph_of(view: GraphView) -> NetworkGraph:
    """The graph the view has laid out (None before its layout arrives)."""
    assert view.laid is not None
    return view.laid.graph


def node_named(view: GraphView, name: str) -> int:
    graph = graph_of(view)
    return next(k for k in range(len(graph)) if graph.layer(k).name == name)


def entry_of(session, key: str) -> int:
    return next(i for i, e in enumerate(session.message.record) if e.key == key)


def click(qtbot, view: GraphView, node: int) -> None:
    item = view.items[node]
    view.canvas.centre_on(item.rect, readable=1.0)
    pos = view.canvas.mapFromScene(item.rect.center())
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def centre_in_scene(view: GraphView):
    return view.canvas.mapToScene(view.canvas.viewport().rect().center())


def assert_centred(view: GraphView, rect, what="") -> None:
    """`rect` is in view, in the middle as far as the scroll bars go (a box at the graph's edge
    is as near the middle as scrolling can bring it)."""
    canvas = view.canvas
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    assert visible.contains(rect), what
    centre = centre_in_scene(view)
    for offset, bar in ((centre.x() - rect.center().x(), canvas.horizontalScrollBar()),
                        (centre.y() - rect.center().y(), canvas.verticalScrollBar())):
        at_end = bar.value() == (bar.minimum() if offset > 0 else bar.maximum())
        assert abs(offset) <= 2 or at_end, (what, offset)


def test_clicking_a_node_selects_its_layer(qtbot, convnet):
    session = make_session(planted(convnet), "pytorch")
    view = graph_view(qtbot, session, convnet)
    click(qtbot, view, node_named(view, "conv2"))
    assert session.selection.path == ("record", entry_of(session, "conv2"))
    assert view.items[node_named(view, "conv2")].selected
    assert "conv2 (Conv) — record entry" in view.info.text()
    # a layer no entry names stays float: nothing to select, and the line says so
    click(qtbot, view, node_named(view, "bn1"))
    assert session.selection.path == ("record", entry_of(session, "conv2"))
    assert view.info.text() == "bn1 (BatchNormalization) — no record: this layer stays float"


def test_selecting_a_layer_elsewhere_centres_its_node(qtbot):
    model = load_model(RESNET101)
    session = make_session()
    session.set_document(RecordDocument.load(RESNET50_RECORD))
    view = graph_view(qtbot, session, model)
    for key in ("fc1000", "res2a_branch2b", "res5c_branch2c"):
        session.selection.select(("record", entry_of(session, key)))
        node = node_named(view, key)
        assert_centred(view, view.items[node].rect, key)
        assert view.items[node].selected
        assert view.canvas.zoom >= 0.6  # its words readable
    # a key the model does not have selects no node
    session.selection.select(("record", entry_of(session, "res3b_branch2a")))
    assert not any(item.selected for item in view.items)


def test_layers_without_a_record_are_grey(qtbot):
    model = load_model(RESNET101)
    session = make_session()
    session.set_document(RecordDocument.load(RESNET50_RECORD))
    view = graph_view(qtbot, session, model)
    keys = {e.key for e in session.message.record}
    for k, item in enumerate(view.items):
        name = graph_of(view).layer(k).name
        assert (item.fill == QColor(NO_RECORD)) == (name not in keys), name
        assert item.recorded == (name in keys)
    # ResNet-50's keys name 30 of ResNet-101's layers (its stage 3 and 4 blocks are named otherwise)
    assert sum(item.recorded for item in view.items) == len(keys & {layer.name for layer in model.layers}) == 30
    assert "30 with a record" in view.title.text()


def test_the_layers_are_coloured_by_the_chosen_figure(qtbot, convnet):
    session = make_session(planted(convnet), "pytorch")
    view = graph_view(qtbot, session, convnet)
    with qtbot.waitSignal(view.recoloured):
        view.set_figure("outliers")
    fill = {graph_of(view).layer(k).name: item.fill.name() for k, item in enumerate(view.items)}
    # 3, 0 and 1 outliers on a ramp from none to the most
    assert fill["conv1"] == RAMP[-1] and fill["conv2"] == RAMP[0] and fill["deconv"] == ramp(1 / 3)
    assert fill["bn1"] == NO_RECORD
    assert view.chooser.currentText() == "scale_w outliers (k = 1.5)"
    assert "0" in view.legend.text() and "3 (worse)" in view.legend.text()


def test_a_series_added_to_the_overview_is_offered_and_colours(qtbot, convnet):
    session = make_session(planted(convnet), "pytorch")
    view = graph_view(qtbot, session, convnet)
    n = len(session.message.record)
    values = np.full(n, np.nan)
    values[entry_of(session, "conv1")] = 40.0  # a similarity in percent: low is bad
    values[entry_of(session, "fc")] = 90.0
    values[entry_of(session, "proj")] = 65.0
    with qtbot.waitSignal(view.recoloured):
        view.overview.set_layer_series("imported", LayerValues("similarity (imported)", values, QColor("black"),
                                                               worse="low"))
        view.overview.flush()
    assert "similarity (imported)" in [view.chooser.itemText(k) for k in range(view.chooser.count())]
    view.set_figure("series:imported")
    fill = {graph_of(view).layer(k).name: item.fill.name() for k, item in enumerate(view.items)}
    assert fill["conv1"] == RAMP[-1] and fill["fc"] == RAMP[0] and fill["proj"] == ramp(0.5)
    assert fill["conv2"] == "#ffffff"  # a record, no value of this figure
    # removed again: back to the default figure
    view.overview.set_layer_series("imported", None)
    view.overview.flush()
    assert view.figure is not None and view.figure.key == "severity"  # the first figure


def test_find_marks_the_layers_and_return_walks_them(qtbot):
    model = load_model(RESNET101)
    session = make_session()
    session.set_document(RecordDocument.load(RESNET50_RECORD))
    view = graph_view(qtbot, session, model)
    view.search.setText("RES2A_branch2")  # (typed, the completer's list pops up: the offscreen platform warns)
    expected = [layer.name for layer in model.layers if "res2a_branch2" in layer.name.lower()]
    marked = [graph_of(view).layer(k).name for k, item in enumerate(view.items) if item.matched]
    assert sorted(marked) == sorted(expected) and len(expected) == 5  # three convolutions, two ReLUs
    assert "5 layers' names hold" in view.info.text()
    keys = {e.key for e in session.message.record}
    seen = []
    for _ in expected:
        qtbot.keyClick(view.search, Qt.Key.Key_Return)
        node = view._matches[view._match_at]
        name = graph_of(view).layer(node).name
        seen.append(name)
        assert_centred(view, view.items[node].rect, name)
        if name in keys:  # selected everywhere; a ReLU has no record to select
            assert session.selection.path == ("record", entry_of(session, name))
        assert view.info.text().endswith(f"match {len(seen)} of 5")
    assert sorted(seen) == sorted(expected)
    view.search.clear()
    assert not any(item.matched for item in view.items)


def test_zoom_pan_and_fit(qtbot):
    model = load_model(RESNET101)
    session = make_session()
    session.set_document(RecordDocument.load(RESNET50_RECORD))
    view = graph_view(qtbot, session, model)
    canvas = view.canvas
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Home)
    fitted = canvas.zoom
    visible = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    slack = 2 / fitted  # two pixels of rounding
    assert visible.adjusted(-slack, -slack, slack, slack).contains(view.scene.itemsBoundingRect())
    assert fitted < 0.1  # a 449-layer network is tall
    qtbot.keyClick(canvas, Qt.Key.Key_Plus)
    assert canvas.zoom == pytest.approx(fitted * 1.25)
    qtbot.keyClick(canvas, Qt.Key.Key_Minus)
    assert canvas.zoom == pytest.approx(fitted)
    # the wheel zooms around the pointer
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    centre = QPointF(canvas.viewport().rect().center())
    wheel = QWheelEvent(centre, canvas.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    canvas.wheelEvent(wheel)
    assert canvas.zoom == pytest.approx(fitted * 1.25 ** 2)
    # zoomed in, the arrow keys and a drag pan
    canvas.centre_on(view.items[node_named(view, "res3a_branch1")].rect, readable=1.0)
    before = centre_in_scene(view)
    qtbot.keyClick(canvas, Qt.Key.Key_Down)
    assert centre_in_scene(view).y() > before.y()
    before = centre_in_scene(view)
    vp = canvas.viewport()
    start = vp.rect().center()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(vp, start + QPoint(0, -120))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(0, -120))
    assert centre_in_scene(view).y() > before.y() + 50
    assert session.selection.path == ()  # a drag is no click


def test_export_png_svg_and_model_explorer(qtbot, tmp_path, convnet):
    session = make_session(planted(convnet), "pytorch")
    view = graph_view(qtbot, session, convnet)
    view.set_figure("outliers")
    png = view.export_image(tmp_path / "g.png")
    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 640 and image.height() > view.scene.sceneRect().height()
    # the darkest fill of the ramp (conv1's) is in the picture
    dark = QColor(RAMP[-1]).rgb()
    assert any(image.pixel(x, y) == dark for x in range(0, image.width(), 2) for y in range(0, image.height(), 2))
    svg = view.export_image(tmp_path / "g.svg")
    root = ElementTree.parse(svg).getroot()
    texts = "".join(root.itertext())
    assert "conv1" in texts and "Coloured by scale_w outliers" in texts
    out = view.export_model_explorer(tmp_path / "nd.json")
    data = json.loads(out.read_text(encoding="utf-8"))
    names = {n.name for n in onnx.load(str(convnet.path)).graph.node}
    # every id is a node of the model as Model Explorer's ONNX adapter names it (its name here)
    assert set(data["results"]) <= names
    # the recorded layers with their outlier counts (the planted ones; the others none)
    assert {k: v["value"] for k, v in data["results"].items()} == {
        "conv1": 3, "conv2": 0, "deconv": 1, "fc": 0, "proj": 0}
    assert data["results"]["conv1"]["bgColor"] == RAMP[-1]


def test_detaching_clears_the_graph_and_another_model_replaces_it(qtbot, tmp_path, convnet):
    session = make_session(planted(convnet), "pytorch")
    view = graph_view(qtbot, session, convnet)
    assert len(view.items) == 9
    session.set_network(None)
    assert view.laid is None and view.items == [] and view.stack.currentWidget() is view.empty
    assert "Attach the model" in view.empty.text()
    other = tmp_path / "frozen.pb"
    model_synth.tf_graph(other)
    with qtbot.waitSignal(view.laidOut, timeout=30000):
        session.set_network(load_model(other))
    assert len(view.items) == 8 and not any(item.recorded for item in view.items)


def test_a_click_in_the_window_selects_the_layer_in_the_tree(qtbot, env, tmp_path, convnet):
    from tests.ui.kit import open_and_wait

    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(planted(convnet)))
    window = env()
    open_and_wait(qtbot, window, record)
    graph = window.plots.graph
    with qtbot.waitSignal(graph.laidOut, timeout=30000), \
            qtbot.waitSignal(window.models.attachFinished, timeout=30000):
        assert window.attach_model(convnet.path)
    window.plots.show_graph()
    click(qtbot, graph, node_named(graph, "deconv"))
    index = entry_of(window.session, "deconv")
    assert window.tree.selected_paths()[0] == ("record", index)
    assert window.plots.currentWidget() is graph  # the graph stays up
