"""The review window at 1280×820 (issue 25 item 3): the overview with a model's weights
attached (four rows: the labels stay apart, the scale row keeps its height, names on the x
axis where they fit), the Layers table's severity and problems in view. Screenshots go to
``$REVIEW_SHOTS`` when set (to look at them)."""
from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF

from editor.models import synth as model_synth
from editor.records import synth
from editor.records.messages import EntryMessage
from editor.ui.plots.layers_table import PROBLEMS, SEVERITY
from tests.ui.kit import open_and_wait


def shoot(widget, name: str) -> None:
    folder = os.environ.get("REVIEW_SHOTS")
    if folder:
        assert widget.grab().save(str(Path(folder) / name))


@pytest.fixture
def weights_window(qtbot, env, tmp_path):
    """A window at 1280×820 with a generated ONNX convnet's record and the model attached."""
    from editor.models import load_model

    model_path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(model_path, seed=2)
    message = synth.build_record("pytorch", synth.layers_from_model(load_model(model_path)), seed=1)
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(message))
    window = env()
    window.resize(1280, 820)
    open_and_wait(qtbot, window, record)
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000):
        assert window.attach_model(model_path)
    overview = window.plots.overview
    qtbot.waitUntil(lambda: overview.layer_series("weights") is not None, timeout=10000)
    window.plots.show_overview()
    overview.flush()
    qtbot.waitUntil(lambda: overview.series_rows.columns() != [], timeout=5000)
    return window


def _label_rect(plot) -> QRectF:
    axis = plot.getAxis("left")
    return axis.label.mapRectToScene(axis.label.boundingRect())


def test_overview_with_weights_keeps_its_rows_readable_at_1280(weights_window, qtbot):
    overview = weights_window.plots.overview
    qtbot.waitUntil(lambda: overview.p_scale.vb.height() > 0)
    shoot(weights_window, "window_1280x820_weights.png")
    shoot(overview, "overview_1280x820_weights.png")
    rows = [overview.p_scale, overview.p_clip, overview.p_prob, *(r.plot for r in overview.series_rows.rows.values())]
    # each axis title fits its row: none runs into the next
    rects = [_label_rect(p) for p in rows]
    for a, b in itertools.pairwise(rects):
        assert not a.intersects(b), (a, b)
    for p, r in zip(rows, rects, strict=True):
        assert r.height() <= p.sceneBoundingRect().height() + 1
    # the scale row, the one most looked at, keeps room
    assert overview.p_scale.vb.height() >= 150
    # the problems strip's three names do not overlap
    assert overview.p_prob.vb.height() >= 3 * 15


def test_layers_table_shows_severity_and_problems_at_1280(weights_window, qtbot):
    plots = weights_window.plots
    plots.setCurrentWidget(plots.layers)
    view = plots.layers.view
    qtbot.waitUntil(lambda: view.viewport().width() > 0)
    shoot(weights_window, "layers_1280x820.png")
    for column in (SEVERITY, PROBLEMS):
        x = view.columnViewportPosition(column)
        assert x >= 0 and x + min(view.columnWidth(column), 60) <= view.viewport().width()


def test_overview_x_axis_names_layers_where_they_fit_and_never_halves(weights_window):
    overview = weights_window.plots.overview
    axis = overview.p_prob.getAxis("bottom")
    levels = axis.tickValues(-0.2, 4.2, axis.width())
    values = [v for _spacing, vs in levels for v in vs]
    assert values and all(float(v).is_integer() for v in values)
    assert len(values) == len(set(values))
    keys = [e.key for e in weights_window.session.message.record]
    assert axis.tickStrings([0.0, 1.0], 1.0, 1.0) == keys[:2]  # five layers on 1 000 px: names fit
    axis.linkedView().setXRange(-0.5, 4000.5, padding=0)  # as if thousands: indices
    assert axis.tickStrings([0.0, 1.0], 1.0, 1.0) == ["0", "1"]


def test_log_tick_labels_share_one_notation():
    from editor.ui.plots._axes import log_tick_strings

    assert log_tick_strings([-3.0, -4.0, -5.0]) == ["10⁻³", "10⁻⁴", "10⁻⁵"]
    assert log_tick_strings([-3.0, -2.0, -3 + 0.30103]) == ["0.001", "0.01", "0.002"]
    assert log_tick_strings([-4.0, -4 + 0.69897]) == ["10⁻⁴", "5·10⁻⁴"]
    assert log_tick_strings([0.0, 3.0]) == ["1", "1000"]


def test_compare_channels_of_a_1024_channel_layer_keep_the_changed_channel_in_view(qtbot, env, tmp_path):
    """Comparing, selecting a 1024-channel layer shows every channel, the changed 210 among them."""
    import shutil

    from google.protobuf import text_format

    from editor.records.document import RecordDocument
    from tests.conftest import RESNET50_CAFFE

    a = tmp_path / "a.txt"
    shutil.copyfile(RESNET50_CAFFE, a)
    message = RecordDocument.load(a).message
    entries: Sequence[EntryMessage] = message.record
    i = next(k for k, e in enumerate(entries) if len(e.value.scale_w) == 1024)
    message.record[i].value.scale_w[210] *= 4
    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(message), encoding="utf-8")
    window = env()
    window.resize(1280, 820)
    open_and_wait(qtbot, window, a)
    c = window.compare.controller
    with qtbot.waitSignal(c.opened, timeout=30000):
        assert window.compare.compare_with(b)
    qtbot.waitUntil(lambda: c.current, timeout=10000)
    window.session.selection.select(("record", i))
    plot = window.plots.channels
    window.plots.setCurrentWidget(plot)
    plot.flush()
    qtbot.waitUntil(lambda: plot.overlay_data("compare") is not None, timeout=10000)
    plot.flush()
    window.grab()  # pyqtgraph ranges lazily, before painting
    shoot(window, "compare_channels_1280x820.png")
    x0, x1 = plot.main.plot.vb.viewRange()[0]
    assert x0 <= 210 <= x1
    assert x1 - x0 >= 1000  # the whole layer, not a handful of channels
