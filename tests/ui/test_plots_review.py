"""What a reviewer sees in the plots, beyond the numbers: labels that can be read at the
sizes the window gives them, lines that describe what is shown, exports that say what they
show, and span edits that do not trip over channels they leave alone."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QSize
from PySide6.QtGui import QFontMetrics, QImage

from editor.records.edits.commands import SetValueCommand
from editor.records.messages import EntryMessage
from editor.records.synth import make_big
from editor.ui.plots.prune_view import LABEL_WIDTH, MIN_LABEL_WIDTH, label_width
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
)


@pytest.fixture
def session():
    return sample_session()


@pytest.fixture
def outliers():
    return make_session(make_big("tf-inner", layers=20, channels=300, seed=7, outlier=(1, 5),
                                 prune_mismatch=True))


def scale_w(session, i) -> np.ndarray:
    return np.array(session.message.record[i].value.scale_w, dtype=np.float32)


# ---------------------------------------------------------------------------- fence labels

def _fence_labels(plot, row):
    """The fence labels' scene rectangles by text, as last painted."""
    plot.flush()
    plot.grab()
    axis = row.fence_axis
    return {text[:2]: axis.mapRectToScene(rect) for rect, text in axis.text_rects}


def _bars_right_edge(row) -> float:
    """The scene x where the last channel's bar ends (bars span c − 0.5 … c + 0.5)."""
    vb = row.plot.vb
    last = vb.mapViewToScene(QPointF(row.y.size - 0.5, 0.0)).x()
    return min(last, vb.sceneBoundingRect().right())


def test_fence_labels_sit_beside_the_bars_level_with_their_lines(qtbot, outliers):
    plot = channel_plot(qtbot, outliers)
    plot.resize(900, 600)
    plot.show()
    qtbot.waitExposed(plot)
    outliers.selection.select(("record", 2))  # no planted outlier: room between the fences
    row = plot.main
    vb = row.plot.vb

    def line_y(line) -> float:
        return vb.mapViewToScene(QPointF(0.0, line.value())).y()

    for log in (False, True):
        plot.set_log(log)
        labels = _fence_labels(plot, row)
        assert set(labels) == {"Q3", "Q1"}
        hi, lo = labels["Q3"], labels["Q1"]
        bars = vb.sceneBoundingRect()
        for rect in (hi, lo):
            assert rect.left() >= _bars_right_edge(row)  # right of every bar ...
            assert not rect.intersects(bars)  # ... outside the plot area altogether
            assert plot.graphics.sceneRect().contains(rect)  # and not cut off
        # level with its own line
        assert abs(hi.center().y() - line_y(row.fence_hi)) <= 1
        assert abs(lo.center().y() - line_y(row.fence_lo)) <= 1
        assert [text for _y, text in row.fence_axis.fences] == ["Q3 +\n1.5·IQR", "Q1 −\n1.5·IQR"]


def test_fence_labels_never_cover_each_other_when_an_outlier_squeezes_the_band(qtbot, outliers):
    plot = channel_plot(qtbot, outliers)
    plot.resize(900, 600)
    plot.show()
    qtbot.waitExposed(plot)
    outliers.selection.select(("record", 2))
    plot.set_log(False)
    row = plot.main
    vb = row.plot.vb
    # one channel a million times the largest stretches the axis: the band is a pixel high
    far = float(scale_w(outliers, 2).max()) * 1e6
    outliers.push(SetValueCommand(outliers.editor, ("record", 2, "value", "scale_w", 9), far))
    labels = _fence_labels(plot, row)
    hi, lo = labels["Q3"], labels["Q1"]
    y_hi = vb.mapViewToScene(QPointF(0.0, row.fence_hi.value())).y()
    y_lo = vb.mapViewToScene(QPointF(0.0, row.fence_lo.value())).y()
    assert abs(y_lo - y_hi) < lo.height()  # the squeeze happened
    assert not hi.intersects(lo)
    assert hi.bottom() <= lo.top() + 0.01  # Q3's above Q1's ...
    assert hi.top() <= y_hi and lo.bottom() >= y_lo  # ... each still touching its line's height
    for rect in (hi, lo):
        assert rect.left() >= _bars_right_edge(row) and not rect.intersects(vb.sceneBoundingRect())
        assert row.fence_axis.sceneBoundingRect().contains(rect)  # pushed apart, not off the axis

    outliers.undo_stack.undo()
    labels = _fence_labels(plot, row)
    assert not labels["Q3"].intersects(labels["Q1"])


def test_every_channel_row_lines_up_with_the_scale_w_row(qtbot, outliers):
    """Each row has the fence axis's width on its right, so channel c sits at one x in all."""
    plot = channel_plot(qtbot, outliers)
    plot.resize(900, 700)
    plot.show()
    qtbot.waitExposed(plot)
    plot.act_weight.setChecked(True)
    outliers.selection.select(("record", 2))
    plot.flush()
    plot.grab()
    main = plot.main.plot.vb.sceneBoundingRect()
    weight = plot.weight.plot.vb.sceneBoundingRect()
    assert abs(main.left() - weight.left()) <= 1 and abs(main.right() - weight.right()) <= 1


def test_log_axis_starts_at_the_usual_values_not_at_a_degenerate_one(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[0]
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", 2), 1e-12))
    session.selection.select(("record", i))
    plot.set_log(True)
    plot.flush()
    values = scale_w(session, i)
    usual = np.delete(values, 2)
    base = math.floor(math.log10(float(usual.min())))
    assert plot.main.baseline(values, True) == base
    drawn = plotted(plot)
    assert drawn[2] == 10.0 ** base  # sits on the base line ...
    assert bits(np.delete(drawn, 2)) == bits(usual)  # ... and nothing else moved
    assert bits(plot.main.y) == bits(values)  # hover and tables keep the exact value
    bad_x, bad_y = plot.main.bad_points.getOriginalDataset()
    assert bad_x.tolist() == [2.0] and bad_y.tolist() == [10.0 ** base]  # marked in red there
    plot.set_log(False)
    assert bits(plotted(plot)) == bits(values)


# ---------------------------------------------------------------------------- x range

def test_a_wide_layer_keeps_every_channel_in_view_through_log_and_rows(qtbot):
    """A follower row (weight range, strips) never ranges x itself: switching the y axis to
    log turns pyqtgraph's auto range back on for it, and a wide layer's line is clipped to
    the view, so its x range would pull the scale_w row in to a handful of channels."""
    wide = make_session(make_big("tf-inner", layers=3, channels=1024, seed=3))
    plot = channel_plot(qtbot, wide)
    plot.resize(900, 600)
    plot.show()
    qtbot.waitExposed(plot)
    plot.act_weight.setChecked(True)
    wide.selection.select(("record", 1))
    for log in (True, False, True):
        plot.set_log(log)
        plot.flush()
        plot.grab()  # pyqtgraph ranges lazily, before painting
        for row in (plot.main, plot.weight):
            x0, x1 = row.plot.vb.viewRange()[0]
            assert x0 <= 0 and x1 >= 1023, (log, row.plot.getAxis("left").labelText, x0, x1)
        assert not plot.weight.plot.vb.autoRangeEnabled()[0]


# ---------------------------------------------------------------------------- the info line

def test_info_line_forgets_the_channel_of_the_layer_shown_before(qtbot, session):
    plot = channel_plot(qtbot, session)
    a, b = per_channel_layers(session.message)[:2]
    session.selection.select(("record", a, "value", "scale_w", 7))
    assert plot.info.text().startswith("channel 7:")
    session.selection.select(("record", b))
    assert plot.layer_index == b
    assert "channel 7" not in plot.info.text()


def test_span_edit_says_what_it_did_and_leaves_a_broken_channel_alone(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[1]
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", 5), 0.0))
    session.selection.select(("record", i))
    old = scale_w(session, i)
    plot.set_span(3, 7)
    # channel 5 is 0 before and after: not a reason to refuse doubling the others
    assert plot.multiply_span(2.0) is None
    new = scale_w(session, i)
    expect = old.copy()
    expect[[3, 4, 6, 7]] = (old[[3, 4, 6, 7]].astype(np.float64) * 2).astype(np.float32)
    assert bits(new) == bits(expect)
    plot.flush()
    assert plot.info.text().startswith("Done: Multiply scale_w[3–7]")
    plot.set_span(1, 2)
    assert "Done" not in plot.info.text() and "span: scale_w[1–2]" in plot.info.text()
    # a change that does touch it is still judged: 0 clamped into [0, 1] stays 0, but -1 ...
    plot.set_span(5, 5)
    got = plot.clamp_span(-1.0, -0.5)
    assert got is not None and "scale_w[5]" in got


# ---------------------------------------------------------------------------- prune view

def test_prune_labels_fit_a_narrow_view_and_headers_keep_their_start(qtbot, session):
    assert label_width(2000) == LABEL_WIDTH and label_width(100) == MIN_LABEL_WIDTH
    view = prune_view(qtbot, session)
    view.resize(420, 600)
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    assert view.axis.label_width == label_width(420) < LABEL_WIDTH
    assert view.plot.vb.width() > 150  # the bars keep room
    fm = QFontMetrics(view.axis.font())
    headers = sorted(view.layout_data.headers)
    strings = view.axis.tickStrings([float(r) for r in headers], 1.0, 1.0)
    for row, text in zip(headers, strings, strict=True):
        assert text.startswith("prune record ")
        assert fm.horizontalAdvance(text) <= view.axis.label_width - 16
        assert view.layout_data.headers[row].startswith(text.rstrip("…"))
    # a fresh view shows only as many rows as it can label
    view.view_all()
    y0, y1 = view.plot.vb.viewRange()[1]
    assert (y1 - y0) * 16 <= view.plot.vb.height() + 2 * 16


# ---------------------------------------------------------------------------- exports

def test_overview_csv_writes_no_negative_zero(qtbot, session):
    assert any(e.value.offset_d == -128 for e in session.message.record)  # clip_lo = -0.0 there
    _, rows = overview(qtbot, session).table()
    assert not any(cell == "-0.0" for row in rows for cell in row)


def test_exported_pictures_say_what_they_show(qtbot, session, tmp_path):
    plot = channel_plot(qtbot, session)
    plot.resize(700, 500)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i))
    plot.grab()
    plot.export_image(tmp_path / "bare.png", caption=False)
    plot.export_image(tmp_path / "c.png")
    bare, captioned = QImage(str(tmp_path / "bare.png")), QImage(str(tmp_path / "c.png"))
    assert captioned.width() == bare.width() and captioned.height() > bare.height() + 40
    # the plot itself is drawn unchanged under the caption
    top = captioned.height() - bare.height()
    assert captioned.copy(0, top, bare.width(), bare.height()).convertToFormat(bare.format()) == bare
    plot.export_image(tmp_path / "c.svg")
    texts = "".join(t.text or "" for t in ET.parse(tmp_path / "c.svg").getroot().iter()
                    if t.tag.endswith("text") or t.tag.endswith("tspan"))
    key = session.message.record[i].key
    assert key.split("/")[-1] in texts and "FLT_EPSILON" in texts


def test_first_start_window_size_follows_the_screen():
    from editor.ui.main_window import default_size  # the window's, not the plots': load it here only

    assert default_size(None) == (1280, 820)
    assert default_size(QSize(800, 600)) == (1280, 820)
    assert default_size(QSize(1366, 728)) == (1280, 669)
    assert default_size(QSize(1280, 760)) == (1216, 699)
    assert default_size(QSize(1920, 1040)) == (1680, 936)
    assert default_size(QSize(2560, 1400)) == (1680, 1000)


def test_overview_log_axis_has_no_si_prefix_with_a_tiny_scale(qtbot, session):
    """scale_d = 1e-9 pulled the axis into pyqtgraph's SI-prefix mode: the label read
    "(x0.001)" and 0.1 was ticked as "10²"."""
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "scale_d"), 1e-9))
    view = overview(qtbot, session)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    axis = view.p_scale.getAxis("left")
    assert axis.autoSIPrefixScale == 1.0 and "x0.001" not in axis.labelString()
    ticks = axis.tickStrings([-1.0, 0.0], 1.0, 1.0)
    assert ticks[0] in ("0.1", "10⁻¹", "1e-01", "1e-1") and ticks[1] in ("1", "10⁰", "1e+00")


def test_a_short_log_axis_labels_every_kth_decade_apart():
    from editor.ui.plots._axes import ScaleAxis
    axis = ScaleAxis("left")
    levels = axis.logTickValues(-9.2, 0.2, 62, [])  # 0.1 … 1e-9 in 62 pixels
    labelled = levels[0][1]
    assert len(labelled) >= 2
    gaps = np.diff(sorted(labelled)) * 62 / 9.4
    assert (gaps >= ScaleAxis.MIN_GAP).all()
    assert set(range(-9, 1)) <= {round(t) for t in labelled + levels[1][1]}  # the rest still ticked


def test_plot_info_lines_forget_the_record_that_was_open_before(qtbot, session):
    plot = channel_plot(qtbot, session)
    i = per_channel_layers(session.message)[0]
    session.selection.select(("record", i, "value", "scale_w", 3))
    assert plot.info.text().startswith("channel 3:")
    view = overview(qtbot, session)
    view.info.setText("layer 3 of the old file")
    pv = prune_view(qtbot, session)
    pv.info.setText("prune record 0 of the old file")
    other, _ = load_sample("resnet_caffe.txt")
    session.set_message(other)
    assert plot.info.text().strip() == "" and view.info.text().strip() == "" and pv.info.text().strip() == ""


def test_a_one_channel_layer_has_whole_channel_numbers(qtbot):
    message, _ = load_sample("resnet_caffe.txt")
    session = make_session(message)
    entries: Sequence[EntryMessage] = message.record
    i = next(k for k, e in enumerate(entries) if len(e.value.scale_w) == 1)
    plot = channel_plot(qtbot, session)
    plot.resize(800, 500)
    session.selection.select(("record", i))
    plot.show()
    qtbot.waitExposed(plot)
    plot.grab()
    axis = plot.main.plot.getAxis("bottom")
    assert axis.autoSIPrefixScale == 1.0
    lo, hi = plot.main.plot.vb.viewRange()[0]
    assert hi - lo >= 4.99
