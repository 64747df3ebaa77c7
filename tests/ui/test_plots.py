"""The plot views: what they draw equals the record, they follow edits and the selection,
span edits are one undo step (refused with a reason when they would break a rule)."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QKeySequence
from PySide6.QtWidgets import QMainWindow

from editor.figures.prune import BAR_MISMATCH
from editor.records import quant
from editor.records.editing import RecordChange
from editor.records.edits.commands import InsertElementsCommand, RemoveElementsCommand, SetValueCommand
from editor.records.edits.span import SetSpanCommand
from editor.records.problems import Problem, Severity
from editor.records.synth import make_big
from editor.ui.plots import ChannelPlot, ModelOverview, PlotsPanel
from editor.ui.plots._axes import ScaleAxis
from editor.ui.plots._colors import ORANGE, RED
from tests.ui.kit import (
    bits,
    channel_plot,
    load_sample,
    make_session,
    overview,
    per_channel_layers,
    plotted,
    prune_view,
    sample_session,
    settle,
    snapshot,
    tf_inner,
)


@pytest.fixture
def session():
    return sample_session()


@pytest.fixture
def outliers():
    """A 300-channel record with an outlier planted at layer 1, channel 5, and a prune width mismatch."""
    return make_session(make_big("tf-inner", layers=20, channels=300, seed=7, outlier=(1, 5),
                                 prune_mismatch=True))


def xs(item) -> list[float]:
    """The x values a PlotDataItem holds ([] when it holds nothing)."""
    x = item.getOriginalDataset()[0]
    return [] if x is None else x.tolist()


# ---------------------------------------------------------------------------- channel plot

def test_selecting_a_layer_plots_exactly_its_scale_w(qtbot, session):
    plot = channel_plot(qtbot, session)
    layers = per_channel_layers(session.message)
    for i in layers[:3] + layers[-2:]:
        session.selection.select(("record", i))
        assert plot.layer_index == i
        assert bits(plotted(plot)) == bits(session.message.record[i].value.scale_w)
        assert plot.title.toolTip() == session.message.record[i].key


def test_balance_factor_is_plotted_by_input_channel(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = next(i for i, e in enumerate(session.message.record) if len(e.value.tensor_balance_factor) > 1)
    session.selection.select(("record", i))
    tbf = session.message.record[i].value.tensor_balance_factor
    assert bits(plot.tbf.curve.getOriginalDataset()[1]) == bits(tbf)
    assert plot.tbf.plot.getAxis("bottom").labelText == "input channel"
    assert plot.main.plot.getAxis("bottom").labelText == "output channel"


def test_a_30000_channel_layer_is_plotted_whole_and_downsampled(qtbot):
    session = make_session(make_big("tf-inner", layers=2, channels=30000, prune_records=0))
    plot = channel_plot(qtbot, session)
    session.selection.select(("record", 1))
    assert bits(plotted(plot)) == bits(session.message.record[1].value.scale_w)
    assert not plot.main.bars
    assert plot.main.curve.opts["autoDownsample"] and plot.main.curve.opts["clipToView"]
    assert plot.main.curve.opts["downsampleMethod"] == "peak"


def test_an_edit_in_the_tree_changes_the_plotted_value_in_place(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[2]
    session.selection.select(("record", i))
    curve, items = plot.main.curve, list(plot.main.plot.vb.addedItems)
    path = ("record", i, "value", "scale_w", 5)
    session.push(SetValueCommand(session.editor, path, "0.0123456789"))  # what the tree pushes
    qtbot.waitUntil(lambda: plotted(plot)[5] == np.float32(0.0123456789), timeout=2000)
    assert plot.main.curve is curve and list(plot.main.plot.vb.addedItems) == items
    session.undo_stack.undo()
    qtbot.waitUntil(lambda: bits(plotted(plot)) == bits(session.message.record[i].value.scale_w),
                    timeout=2000)


def test_an_edit_of_another_layer_does_not_redraw(qtbot, session):
    plot = channel_plot(qtbot, session)
    a, b = per_channel_layers(session.message)[:2]
    session.selection.select(("record", a))
    session.push(SetValueCommand(session.editor, ("record", b, "value", "scale_w", 0), 0.5))
    assert not plot._timer.isActive()


def test_region_multiply_by_2_on_channels_3_to_7_and_ctrl_z(qtbot, session):
    window = QMainWindow()
    qtbot.addWidget(window)
    plot = ChannelPlot(session)
    window.setCentralWidget(plot)
    undo = session.undo_stack.createUndoAction(window)
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    window.addAction(undo)
    window.resize(1000, 600)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()

    i = per_channel_layers(session.message)[1]
    session.selection.select(("record", i))
    before = snapshot(session)
    old = np.array(session.message.record[i].value.scale_w, dtype=np.float32)
    plot.set_span(3, 7)
    assert plot.span() == (3, 7)
    assert plot.main.region.getRegion() == (2.5, 7.5)
    assert plot.multiply_span(2) is None
    assert session.undo_stack.count() == 1
    new = np.array(session.message.record[i].value.scale_w, dtype=np.float32)
    expect = old.copy()
    expect[3:8] = (old[3:8].astype(np.float64) * 2).astype(np.float32)
    assert bits(new) == bits(expect)
    qtbot.waitUntil(lambda: bits(plotted(plot)) == bits(expect), timeout=2000)

    plot.graphics.setFocus()
    qtbot.keyClick(plot.graphics, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert snapshot(session) == before
    qtbot.waitUntil(lambda: bits(plotted(plot)) == bits(old), timeout=2000)


def test_span_edits_clamp_median_copy_are_one_step_each(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[3]
    session.selection.select(("record", i))
    def scale_w():  # read afresh: an edit replaces the layer's value message
        return np.array(session.message.record[i].value.scale_w, dtype=np.float32)

    old = scale_w()
    plot.set_span(0, 3)
    a, b = (float(v) for v in np.sort(old[:4])[1:3])  # the smallest and largest of 0–3 change
    assert plot.clamp_span(a, b) is None
    clamped = scale_w()
    assert bits(clamped[:4]) == bits(np.clip(old[:4], np.float32(a), np.float32(b)))
    plot.set_span(4, 5)
    assert plot.median_span() is None  # right after the clamp: the median includes it
    median = np.float32(quant.channel_stats(clamped).median)
    assert bits(scale_w()[4:6]) == bits([median, median])
    plot.set_span(6, 6)
    assert plot.copy_channel_span(0) is None
    assert scale_w()[6] == scale_w()[0]
    assert session.undo_stack.count() == 3
    assert session.undo_stack.text(0).startswith("Clamp scale_w[0–3] of layer")
    for _ in range(3):
        session.undo_stack.undo()
    assert bits(scale_w()) == bits(old)


@pytest.mark.parametrize("edit, reason", [
    (lambda p: p.multiply_span(0.0), "finite and > 0"),
    (lambda p: p.multiply_span(-1.0), "finite and > 0"),
    (lambda p: p.multiply_span(1e42), "finite and > 0"),  # overflows float32
    (lambda p: p.clamp_span(0.5, 0.1), "above the upper bound"),
    (lambda p: p.clamp_span(-1.0, 0.0), "finite and > 0"),
    (lambda p: p.copy_channel_span(10_000), "no channel 10000"),
])
def test_span_edits_that_break_a_rule_are_refused_with_the_reason(qtbot, session, edit, reason):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    plot.set_span(3, 7)
    before = snapshot(session)
    with qtbot.waitSignal(plot.editRefused) as refused:
        got = edit(plot)
    assert reason in got and refused.args == [got]
    assert session.undo_stack.count() == 0 and snapshot(session) == before
    assert plot.info.text() == f"Not changed: {got}"


def test_refusal_names_the_channel_and_a_bad_value_elsewhere_does_not_block(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", 0), math.nan))
    plot.set_span(3, 4)
    got = plot.multiply_span(0.0)
    assert got is not None and "scale_w[" in got and "scale_w[0]" not in got
    assert plot.multiply_span(2.0) is None  # channel 0 stays nan; channels 3–4 are fine
    assert session.undo_stack.count() == 2


def test_balance_factor_span_refused_beyond_its_range(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = next(i for i, e in enumerate(session.message.record) if len(e.value.tensor_balance_factor) > 1)
    session.selection.select(("record", i))
    plot.set_span(0, 1, "tensor_balance_factor")
    assert plot.span_field == "tensor_balance_factor"
    got = plot.multiply_span(1e9)
    assert got is not None and "tensor_balance_factor" in got
    assert plot.multiply_span(2.0) is None
    assert session.undo_stack.count() == 1


def test_no_span_no_edit(qtbot, session):
    plot = channel_plot(qtbot, session)
    session.selection.select(("record", per_channel_layers(session.message)[0]))
    said = plot.multiply_span(2.0)
    assert said is not None and "no span" in said


def test_planted_outlier_is_marked_in_the_plot_and_listed(qtbot, outliers):
    plot = channel_plot(qtbot, outliers)
    outliers.selection.select(("record", 1))
    assert 5.0 in xs(plot.main.fence_points) and plot.main.fence_points.opts["symbolBrush"] == ORANGE
    rows = [(plot.tables.outlier_model.raw(r, 0), plot.tables.outlier_model.raw(r, 1), plot.tables.outlier_model.raw(r, 3))
            for r in range(plot.tables.outlier_model.rowCount())]
    assert ("scale_w", 5, quant.HIGH) in rows
    assert plot.tables.tabText(0) == f"Outliers ({len(rows)})"
    # a non-finite value is marked too, in red, whatever k says
    outliers.push(SetValueCommand(outliers.editor, ("record", 1, "value", "scale_w", 9), math.inf))
    plot.flush()
    plot.set_k(20.0)
    assert xs(plot.main.bad_points) == [9.0] and plot.main.bad_points.opts["symbolBrush"] == RED
    assert xs(plot.main.fence_points) == []
    assert plot.k_box.value() == 20.0


def test_k_moves_the_fence(qtbot, outliers):
    plot = channel_plot(qtbot, outliers)
    outliers.selection.select(("record", 1))
    many = plot.tables.outlier_model.rowCount()
    hi = plot.main.fence_hi.value()
    plot.set_k(3.0)
    assert plot.tables.outlier_model.rowCount() < many and plot.main.fence_hi.value() > hi
    assert plot.main.fence_axis.fences[0][1] == "Q3 +\n3·IQR"


def test_log_scale_toggle(qtbot, outliers):
    plot = channel_plot(qtbot, outliers)
    plot.show()
    qtbot.waitExposed(plot)
    plot.activateWindow()
    qtbot.waitUntil(plot.isActiveWindow)
    outliers.selection.select(("record", 1))
    assert plot.series is not None
    fence = plot.series.outliers.fence
    assert fence is not None
    # its scales span more than a decade: the plot opens on a log axis, where outliers are judged
    assert plot.act_log.isChecked()
    plot.graphics.setFocus()
    qtbot.waitUntil(plot.graphics.hasFocus)
    qtbot.keyClick(plot.graphics, Qt.Key.Key_L)  # the shortcut
    assert not plot.act_log.isChecked() and plot.main.plot.vb.state["logMode"] == [False, False]
    qtbot.keyClick(plot.graphics, Qt.Key.Key_L)
    assert plot.act_log.isChecked()
    assert plot.main.plot.vb.state["logMode"] == [False, True]
    assert plot.main.fence_hi.value() == pytest.approx(math.log10(fence[1]))
    assert bits(plotted(plot)) == bits(outliers.message.record[1].value.scale_w)
    plot.set_log(False)
    assert plot.main.fence_hi.value() == pytest.approx(fence[1])


def test_hover_shows_channel_and_exact_float32(qtbot, session):
    plot = channel_plot(qtbot, session)
    plot.resize(1000, 600)
    plot.set_log(False)  # a linear axis: the values below are positions
    i = per_channel_layers(session.message)[0]
    path = ("record", i, "value", "scale_w", 4)
    tricky = float(np.float32(0.1) + np.float32(2.0 ** -27))  # needs 9 digits, not 6
    session.push(SetValueCommand(session.editor, path, tricky))
    session.selection.select(("record", i))
    plot.flush()
    plot.grab()  # lays the scene out
    vb = plot.main.plot.vb
    scene_pos = vb.mapViewToScene(QPointF(4.2, float(np.float32(tricky)) / 2))
    plot._on_mouse_moved(scene_pos)
    text = plot.info.text()
    assert text.startswith("channel 4: scale_w = ") and quant.f32_str(tricky) in text
    assert len(quant.f32_str(tricky).split(".")[1]) > 6
    assert xs(plot.main.hover_point) == [4.0]


def test_clicking_a_channel_selects_it_and_selection_highlights(qtbot, session):
    plot = channel_plot(qtbot, session)
    plot.resize(1000, 600)
    plot.set_log(False)  # a linear axis: the values below are positions
    plot.show()
    qtbot.waitExposed(plot)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    settle()  # the plot page was just shown: let it lay out
    vb = plot.main.plot.vb
    y = float(np.float32(session.message.record[i].value.scale_w[6])) / 2
    pos = plot.graphics.mapFromScene(vb.mapViewToScene(QPointF(6.1, y)))
    qtbot.mouseClick(plot.graphics.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert session.selection.path == ("record", i, "value", "scale_w", 6)
    assert plot.tables.channel_view.currentIndex().row() == 6
    assert plot.main.sel_line.value() == 6 and plot.main.sel_line.isVisible()
    # selected elsewhere (tree, table): highlighted here
    session.selection.select(("record", i, "value", "scale_w", 9), source="tree")
    assert plot.main.sel_line.value() == 9 and plot.tables.channel_view.currentIndex().row() == 9
    # a table row selects too
    plot.tables.channel_view.setCurrentIndex(plot.tables.channel_model.index(2, 0))
    assert session.selection.path == ("record", i, "value", "scale_w", 2)
    plot.graphics.setFocus()
    qtbot.keyClick(plot.graphics, Qt.Key.Key_Right)
    assert session.selection.path == ("record", i, "value", "scale_w", 3)


def test_weight_range_and_shift_bit_series(qtbot):
    message = tf_inner(make_big("tf-inner", layers=2, channels=40, prune_records=0))
    value = message.record[0].value
    value.shift_bit.extend([3] * 40)
    value.wts_type = "INT4"
    session = make_session(message)
    plot = channel_plot(qtbot, session)
    session.selection.select(("record", 0))
    plot.act_weight.setChecked(True)
    plot.act_shift.setChecked(True)
    assert plot.weight.plot.isVisible() and plot.shift.plot.isVisible()
    w = np.array(value.scale_w, dtype=np.float64) * 7
    np.testing.assert_array_equal(plot.weight.curve.getOriginalDataset()[1], w)
    np.testing.assert_array_equal(plot.weight_neg.getOriginalDataset()[1], -w)
    assert plot.shift.curve.getOriginalDataset()[1].tolist() == [3.0] * 40
    assert "wts_type INT4" in plot.details.text()
    plot.act_shift.setChecked(False)
    assert not plot.shift.plot.isVisible()


def test_layer_without_per_channel_factors_says_so(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = next(i for i, e in enumerate(session.message.record)
             if not len(e.value.scale_w) and not len(e.value.tensor_balance_factor))
    session.selection.select(("record", i))
    assert plot.stack.currentWidget() is plot.empty and "nothing to plot" in plot.empty.text()


def test_exports(qtbot, session, tmp_path):
    plot = channel_plot(qtbot, session)
    plot.resize(900, 500)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    plot.export_image(tmp_path / "c.png")
    plot.export_image(tmp_path / "c.svg")
    image = QImage(str(tmp_path / "c.png"))
    assert image.width() > 500 and image.height() > 200
    assert "<svg" in (tmp_path / "c.svg").read_text(encoding="utf-8")[:2000]
    header, rows = plot.channel_table()
    assert header[:2] == ["channel", "scale_w"] and len(rows) == len(session.message.record[i].value.scale_w)


def test_set_span_command_undo_is_bit_exact_with_nan_payloads():
    message = make_big("tf-inner", layers=1, channels=8, prune_records=0)
    odd_nan = np.array([0x7FC01234], dtype=np.uint32).view(np.float32)[0]
    message.record[0].value.scale_w[2] = float(odd_nan)
    session = make_session(message)
    before = snapshot(session)
    changes: list[RecordChange] = []
    session.recordChanged.connect(changes.append)
    session.push(SetSpanCommand(session.editor, 0, "scale_w", 1, [0.5, 0.25, 0.125], "span"))
    assert list(message.record[0].value.scale_w[1:4]) == [0.5, 0.25, 0.125]
    assert len(changes) == 1 and changes[0].first == 0
    session.undo_stack.undo()
    assert snapshot(session) == before
    same = SetSpanCommand(session.editor, 0, "scale_w", 3, [message.record[0].value.scale_w[3]], "same")
    assert same.obsolete


# ---------------------------------------------------------------------------- overview


def test_overview_plots_every_layer_in_file_order(qtbot, session):
    view = overview(qtbot, session)
    msg = session.message
    n = len(msg.record)
    x, y = view.scale_d.getOriginalDataset()
    assert x.tolist() == list(range(n))
    expect = [e.value.scale_d if e.value.HasField("scale_d") else math.nan for e in msg.record]
    np.testing.assert_array_equal(y, np.array(expect))
    i = per_channel_layers(msg)[0]
    w = np.array(msg.record[i].value.scale_w, dtype=np.float32)
    bx, by = view.w_band.getOriginalDataset()
    k = bx.tolist().index(float(i))
    assert (by[k], by[k + 1]) == (w.min(), w.max())
    assert view.p_scale.vb.state["logMode"][1]
    lo, hi = view.clip_band.getOriginalDataset()[1][:2]
    e0 = msg.record[0].value
    assert (lo, hi) == quant.clip_range(e0.scale_d, e0.offset_d)
    assert view.title.text() == f"Model overview — {n} layers"


def test_overview_marks_layers_with_problems_and_follows_edits(qtbot, session):
    view = overview(qtbot, session)
    assert view.errors.data.size == 0
    scatter = view.scale_d
    path = ("record", 4, "value", "scale_d")
    session.push(SetValueCommand(session.editor, path, 0.0))
    qtbot.waitUntil(lambda: view.errors.data.size == 1, timeout=2000)
    assert view.errors.data["x"].tolist() == [4.0]
    assert view.scale_d is scatter and view.scale_d.getOriginalDataset()[1][4] == 0.0
    assert "1 with errors" in view.summary.text()
    assert "scale_d = 0.0 must be finite and > 0" in view.describe(4)
    assert "clip range [0, 0]" in view.describe(4)
    session.undo_stack.undo()
    qtbot.waitUntil(lambda: view.errors.data.size == 0, timeout=2000)


def test_overview_of_thousands_of_layers_marks_problems_with_ticks_and_thins_its_bars(qtbot):
    from editor.ui.plots.overview import DOT_LIMIT

    message = tf_inner(make_big("tf-inner", layers=DOT_LIMIT + 600, channels=4, prune_records=0))
    for i in (3, 700, 950):
        message.record[i].value.offset_d = 200  # an error each
    message.record[5].value.act_type = "INT16"  # a warning
    session = make_session(message)
    view = ModelOverview(session)
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.grab()
    assert view.errors.data.size == 0 and view.warnings.data.size == 0  # no symbol per layer
    x, y = view.error_ticks.getOriginalDataset()
    assert x.tolist() == [3.0, 3.0, 700.0, 700.0, 950.0, 950.0] and set(y.tolist()) == {0.65, 1.35}
    assert view.warning_ticks.getOriginalDataset()[0].tolist() == [5.0, 5.0]
    assert "┃</span>&nbsp;layer&nbsp;with&nbsp;an&nbsp;error" in view.legend.text()
    assert "3 with errors, 1 with warnings (only)" in view.summary.text()
    assert view.w_band.opts["pen"].width() == 1  # a thousand layers across 900 pixels
    view.p_scale.setXRange(690, 710, padding=0)  # zoomed in: room for wide bars again
    assert view.w_band.opts["pen"].width() == 3 and view.clip_band.opts["pen"].width() == 3


def test_overview_click_selects_layer_and_follows_selection(qtbot, session):
    view = overview(qtbot, session)
    view.resize(1000, 500)
    view.grab()
    vb = view.p_scale.vb
    ev = SimpleNamespace(button=lambda: Qt.MouseButton.LeftButton, double=lambda: True,
                         scenePos=lambda: vb.mapViewToScene(QPointF(7.2, -2.0)))
    with qtbot.waitSignal(view.layerActivated) as opened:
        view._on_mouse_clicked(ev)
    assert session.selection.path == ("record", 7) and opened.args == [7]
    session.selection.select(("record", 12, "value", "scale_d"), source="tree")
    assert all(line.value() == 12 and line.isVisible() for line in view.sel_lines)


def test_overview_csv_and_image(qtbot, session, tmp_path):
    view = overview(qtbot, session)
    view.resize(900, 500)
    _header, rows = view.table()
    assert len(rows) == len(session.message.record)
    assert rows[0][1] == session.message.record[0].key
    view.export_image(tmp_path / "o.png")
    assert QImage(str(tmp_path / "o.png")).width() > 500


def test_overview_of_an_empty_record(qtbot):
    session = make_session(make_big("tf-inner", layers=0, channels=4, prune_records=0))
    view = overview(qtbot, session)
    assert view.stack.currentWidget() is view.empty


# ---------------------------------------------------------------------------- prune ranges


def test_planted_prune_mismatch_is_marked(qtbot, outliers):
    view = prune_view(qtbot, outliers)
    bar = next(b for b in view.layout_data.bars if b.status == BAR_MISMATCH)
    assert bar.path == ("prune_record", 0, "consumer", 1)
    drawn = list(view.layout_data.bars)
    k = drawn.index(bar)
    assert view.bars.opts["brushes"][k].color() == ORANGE
    assert "1 width mismatch" in view.summary.text()
    assert "299 channels" in view.describe(bar)


def test_prune_bars_follow_edits_in_place_and_clicks_select(qtbot, session):
    view = prune_view(qtbot, session)
    view.resize(1000, 600)
    view.grab()
    bars_item = view.bars
    rec = session.message.prune_record[0]
    j = next(k for k, a in enumerate(rec.consumer[1].attr) if a.name == "end")
    path = ("prune_record", 0, "consumer", 1, "attr", j, "i")
    session.push(SetValueCommand(session.editor, path, 3))
    qtbot.waitUntil(lambda: any(b.status == BAR_MISMATCH for b in view.layout_data.bars), timeout=2000)
    assert view.bars is bars_item
    bar = next(b for b in view.layout_data.bars if b.status == BAR_MISMATCH)
    k = view.layout_data.bars.index(bar)
    assert view.bars.opts["width"][k] == 3
    vb = view.plot.vb
    ev = SimpleNamespace(button=lambda: Qt.MouseButton.LeftButton,
                         scenePos=lambda: vb.mapViewToScene(QPointF(1.0, bar.row + 0.1)))
    view._on_mouse_clicked(ev)
    assert session.selection.path == ("prune_record", 0, "consumer", 1)
    assert view.outline.opts["y"].tolist() == [bar.row]
    view._on_mouse_moved(vb.mapViewToScene(QPointF(1.0, bar.row)))
    assert "same width" in view.info.text()


def test_prune_only_selected_record(qtbot, session):
    view = prune_view(qtbot, session)
    session.selection.select(("prune_record", 3))
    view.set_only_selected(True)
    assert {b.prune_index for b in view.layout_data.bars} == {3}
    session.selection.select(("prune_record", 5, "producer", 0))
    assert {b.prune_index for b in view.layout_data.bars} == {5}
    view.set_only_selected(False)
    assert len({b.prune_index for b in view.layout_data.bars}) == len(session.message.prune_record)


def test_prune_view_without_prune_records(qtbot):
    message, _ = load_sample("resnet_mindspore.txt")
    session = make_session(message)
    view = prune_view(qtbot, session)
    assert view.stack.currentWidget() is view.empty and "no prune records" in view.empty.text()


# ---------------------------------------------------------------------------- the panel

def test_panel_opens_on_the_overview_and_follows_selection(qtbot, session):
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    assert panel.currentWidget() is panel.overview
    session.selection.select(("record", 3), source="tree")  # a layer: marked, the tab stays
    assert panel.currentWidget() is panel.overview and panel.channels.layer_index == 3
    assert panel.overview.sel_lines[0].value() == 3
    session.selection.select(("record", 3, "value", "scale_w", 2), source="tree")  # a channel
    assert panel.currentWidget() is panel.channels
    session.selection.select(("prune_record", 1, "consumer", 0), source="tree")
    assert panel.currentWidget() is panel.prune
    other, _ = load_sample("resnet_tf_convert.txt")
    session.set_message(other)  # a file opened
    assert panel.currentWidget() is panel.overview
    assert not panel.isTabVisible(panel.indexOf(panel.prune))
    assert len(panel.overview.data) == len(other.record)
    panel.overview.layerActivated.emit(2)
    assert panel.currentWidget() is panel.channels and panel.channels.layer_index == 2


def test_a_hidden_prune_tab_lays_its_bars_out_when_it_is_shown(qtbot, session, monkeypatch):
    """Behind the overview, the prune ranges do not recompute 500 prune records' bars after
    every reset or edit; they catch up when their tab is shown."""
    from editor.ui.plots import prune_view

    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(900, 600)
    panel.show()
    assert panel.currentWidget() is panel.overview
    layouts: list[int] = []
    real = prune_view.prune_layout

    def prune_layout(*a, **k):
        layouts.append(1)
        return real(*a, **k)

    monkeypatch.setattr(prune_view, "prune_layout", prune_layout)
    rec = session.message.prune_record[0]
    j = next(k for k, a in enumerate(rec.consumer[1].attr) if a.name == "end")
    session.push(SetValueCommand(session.editor, ("prune_record", 0, "consumer", 1, "attr", j, "i"), 3))
    settle()  # the views' redraws after the edit have run
    assert layouts == []
    session.selection.select(("prune_record", 0, "consumer", 1), source="tree")  # brings the tab up
    assert panel.currentWidget() is panel.prune and layouts == [1]
    assert any(b.status == BAR_MISMATCH for b in panel.prune.layout_data.bars)
    assert panel.prune.outline.opts["y"].size == 1  # the selected node is outlined


def test_channel_plot_keeps_its_layer_when_layers_are_added_above(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[4]
    key = session.message.record[i].key
    session.selection.select(("record", i))
    new = session.message.record[0].__class__(key="inserted/Conv2D")
    session.push(InsertElementsCommand(session.editor, ("record",), 0, [new]))
    plot.flush()
    assert plot.layer_index == i + 1 and plot.series is not None and plot.series.key == key
    session.push(RemoveElementsCommand(session.editor, ("record",), [i + 1]))
    plot.flush()
    assert plot.layer_index is None and plot.stack.currentWidget() is plot.empty


def test_views_show_the_sessions_problems_and_check_nothing_themselves(qtbot, session, monkeypatch):
    """One rule check per record: the plots read `session.problems`, findings that arrive
    without an edit (a file's reading problems) included."""
    from editor.records.rules import LiveChecker

    checks: list[int] = []
    real_init = LiveChecker.__init__

    def init(self, *a, **k):
        checks.append(1)
        real_init(self, *a, **k)

    monkeypatch.setattr(LiveChecker, "__init__", init)
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    assert checks == []
    assert panel.overview.errors.data.size == 0
    session.problems.set_reading_problems([Problem(Severity.ERROR, "x", "planted", "k", 7)])
    qtbot.waitUntil(lambda: panel.overview.errors.data["x"].tolist() == [7.0], timeout=2000)
    assert checks == []


def test_log_axis_labels_stay_apart(qtbot):
    axis = ScaleAxis("left")
    levels = axis.logTickValues(-1.05, 0.15, 150, [])
    labelled = levels[0][1]
    assert 0.0 in labelled and -1.0 in labelled
    gaps = np.diff(sorted(labelled)) * 150 / 1.2
    assert (gaps >= ScaleAxis.MIN_GAP).all()
    one_decade = axis.logTickValues(-0.9, -0.1, 300, [])[0][1]  # 0.13 … 0.79: no decade in view
    for step in (0.2, 0.5):
        assert any(abs(t - math.log10(step)) < 1e-12 for t in one_decade)


def test_every_sample_and_layer_draws(qtbot, sample):
    message, dialect = sample
    session = make_session(message)
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    assert len(panel.overview.data) == len(message.record)
    assert panel.isTabVisible(panel.indexOf(panel.prune)) == dialect.has_prune
    for i, entry in enumerate(message.record):
        session.selection.select(("record", i), source="tree")
        if len(entry.value.scale_w):
            assert bits(plotted(panel.channels)) == bits(entry.value.scale_w)
    panel.channels.set_log(True)
    panel.grab()


def test_right_click_menus_and_shortcuts(qtbot, session):
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    ch = panel.channels
    menu = ch.main.plot.vb.menu.actions()
    for action in (ch.act_log, ch.spans.act_span, ch.spans.act_multiply, ch.spans.act_clamp,
                   ch.spans.act_median, ch.spans.act_copy, ch.act_png, ch.act_csv):
        assert action in menu
    assert menu.index(ch.act_log) < menu.index(next(a for a in menu if a.text() == "View All"))
    assert panel.overview.act_csv in panel.overview.p_scale.vb.menu.actions()
    assert panel.prune.act_next in panel.prune.plot.vb.menu.actions()
    keys = {a.text(): a.shortcut().toString() for a in ch.actions()}
    assert keys["Log y"] == "L" and keys["Span"] == "R" and keys["Multiply span by…"] == "M"
    assert not ch.spans.act_multiply.isEnabled()  # no span yet
    session.selection.select(("record", per_channel_layers(session.message)[0]))
    ch.spans.act_span.trigger()
    assert ch.span() is not None and ch.spans.act_multiply.isEnabled()


def test_a_channel_table_hidden_behind_its_tab_is_fitted_when_shown(qtbot, session):
    plot = channel_plot(qtbot, session)
    plot.resize(1000, 600)
    plot.show()
    qtbot.waitExposed(plot)
    tables = plot.tables
    assert tables.currentWidget() is tables.outlier_view
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    settle()
    view = tables.channel_view
    unfitted = [view.columnWidth(c) for c in range(2)]
    wanted = [max(view.sizeHintForColumn(c), view.horizontalHeader().sectionSizeHint(c)) for c in range(2)]
    assert unfitted != wanted  # hidden: not fitted on the layer change
    tables.setCurrentWidget(view)
    assert [view.columnWidth(c) for c in range(2)] == wanted
    # shown, a new layer fits it at once
    session.selection.select(("record", per_channel_layers(session.message)[1]))
    wanted = [max(view.sizeHintForColumn(c), view.horizontalHeader().sectionSizeHint(c)) for c in range(2)]
    assert [view.columnWidth(c) for c in range(2)] == wanted
