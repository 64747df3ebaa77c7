"""What the window makes only when it is needed (its start-up and open stay quick:
`scripts/bench_window.py`) appears and works when the user gets to it: the channel plot's
rows when a layer is first drawn, the analysis's histograms with an analysis, the Layers
table's column widths when the tab is first shown."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QColor

from editor.records.edits.commands import SetValueCommand
from editor.records.quant import f32_str
from editor.ui.plots.channel_overlays import ChannelOverlay, OverlayData
from editor.ui.plots.layers_table import KEY, SCALE_D
from tests.ui.kit import copy_sample, open_and_wait, select_in_tree

SAMPLE = "resnet_tf_inner_prune.txt"


@pytest.fixture
def window(env, qtbot, tmp_path):
    w = env()
    open_and_wait(qtbot, w, copy_sample(tmp_path, SAMPLE))
    return w


def _layer_with_channels(window) -> int:
    message = window.session.message
    return next(i for i, e in enumerate(message.record) if len(e.value.scale_w) > 1)


def test_channel_rows_appear_when_a_layer_is_first_drawn(window, qtbot):
    plots = window.plots
    channels = plots.channels
    assert not channels.rows_built  # built and opened: no layer drawn yet
    i = _layer_with_channels(window)
    select_in_tree(qtbot, window, ("record", i))
    channels.flush()
    assert channels.rows_built
    expected = np.array(window.session.message.record[i].value.scale_w, dtype=np.float32)
    np.testing.assert_array_equal(channels.main.y.astype(np.float32), expected)
    # shown, the rows are laid out and drawn
    plots.setCurrentWidget(channels)
    qtbot.waitUntil(lambda: channels.main.plot.vb.height() > 50)
    assert channels.stack.currentWidget() is channels.graphics
    # the right-click menus carry what the panel, the weights review and the plot put there,
    # in the order they were added before the rows were made lazily: the last added on top
    main_menu = channels.main.plot.vb.menu.actions()
    walk, reset, log = (main_menu.index(a) for a in (plots.act_next_outliers, plots.weights.act_reset_channel,
                                                        channels.act_log))
    assert walk < reset < log
    assert plots.act_prev_outliers in channels.tbf.plot.vb.menu.actions()
    assert channels.act_log in channels.weight.plot.vb.menu.actions()
    assert plots.weights.act_reset_span in channels.strip.plot.vb.menu.actions()


def test_channel_plot_keys_work_on_rows_made_by_the_selection(window, qtbot):
    channels = window.plots.channels
    i = _layer_with_channels(window)
    window.session.selection.select(("record", i, "value", "scale_w", 1))
    window.plots.setCurrentWidget(channels)
    channels.graphics.setFocus()
    qtbot.waitUntil(channels.graphics.hasFocus)
    channels.act_next.trigger()  # → (the plot's own key)
    assert window.session.selection.channel == ("scale_w", 2)
    channels.spans.act_span.trigger()  # R: a span on the selected channel
    assert channels.span() == (2, 2)
    assert channels.main.region.isVisible()


def test_choices_made_before_the_rows_exist_apply_to_them(env, qtbot, tmp_path):
    window = env()
    channels = window.plots.channels
    assert not channels.rows_built
    channels.set_log(True)
    seen: list[int] = []

    def data(index: int, series) -> OverlayData:
        seen.append(index)
        return OverlayData(values=np.asarray(series.scale_w, dtype=np.float64) * 2)

    channels.set_overlay("double", ChannelOverlay("twice scale_w", QColor("red"), data))
    assert not channels.rows_built  # neither makes the rows
    open_and_wait(qtbot, window, copy_sample(tmp_path, SAMPLE))
    i = _layer_with_channels(window)
    channels.show_layer(i)
    assert channels.rows_built and seen[-1] == i
    assert channels.main.plot.ctrl.logYCheck.isChecked()  # the log axis the user chose
    overlay = channels.overlay_data("double")
    assert overlay is not None and overlay.values is not None
    np.testing.assert_allclose(overlay.values, 2 * np.array(window.session.message.record[i].value.scale_w))
    assert "twice&nbsp;scale_w" in channels.legend.text()


def test_analysis_histograms_wait_for_an_analysis(env):
    window = env()
    assert window.analysis.plots._histograms is None  # made when an analysis first shows them
    assert window.plots.channels.detail is None
    # (tests/ui/test_analysis_window.py shows them at work once an analysis ran)


def test_layers_columns_are_fitted_when_the_tab_is_first_shown(window, qtbot):
    plots = window.plots
    table = plots.layers
    assert plots.currentWidget() is plots.overview  # the table was reset while hidden
    plots.setCurrentWidget(table)
    qtbot.waitExposed(table.view)
    view, header = table.view, table.view.horizontalHeader()
    for column in range(table.model.columnCount() - 1):  # (the last one stretches)
        assert view.columnWidth(column) == max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
    assert view.columnWidth(KEY) > 100  # the keys are longer than a default column


def test_layers_cells_follow_an_edit(window, qtbot):
    table = window.plots.layers
    window.plots.setCurrentWidget(table)
    qtbot.waitExposed(table.view)
    model = table.model
    layer = model.layer_at(0)
    index = model.index(0, SCALE_D)
    before = index.data()
    value = float(np.float32(0.0123456))
    window.session.push(SetValueCommand(window.session.editor, ("record", layer, "value", "scale_d"), value))
    window.plots.overview.flush()
    row = model.row_of(layer)
    assert row is not None
    after = model.index(row, SCALE_D).data()
    assert after == f32_str(value) != before
    window.session.undo_stack.undo()
    window.plots.overview.flush()
    assert model.index(model.row_of(layer), SCALE_D).data() == before
