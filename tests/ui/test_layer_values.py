"""Per-layer values by key in the model overview (`ModelOverview.set_layer_series`)."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from editor.records.edits.commands import InsertElementsCommand
from editor.ui.plots.layer_values import LayerValues
from tests.ui.kit import overview, sample_session

TEAL = QColor("#008080")
RED = QColor("#C0392B")


def test_a_layer_series_gets_a_row_a_hover_phrase_and_a_csv_column(qtbot):
    session = sample_session()
    view = overview(qtbot, session)
    view.resize(900, 700)
    view.show()
    n = len(session.message.record)
    values = np.linspace(0.5, 4.0, n)
    values[3] = np.nan
    flags = values > 3.5
    series = LayerValues("worst ratio", values, TEAL, log=True, lines=(1.0, 2.0), flags=flags,
                         fmt=lambda v: f"{v:.3g}×", explain=lambda i: f"channel {i % 7}")
    view.set_layer_series("ratio", series)
    view.flush()
    row = view.series_rows.rows["ratio"]
    assert row.plot.isVisible() and row.plot.getAxis("left").labelText == "worst ratio"
    # the problems row stays the last one, with the layer axis
    ci = view.graphics.ci
    assert ci.getItem(2, 0) is row.plot and ci.getItem(3, 0) is view.p_prob
    x, y = row.curve.getOriginalDataset()
    assert x.tolist() == [i for i in range(n) if i != 3] and np.allclose(y, np.delete(values, 3))
    assert row.flagged.getOriginalDataset()[0].tolist() == np.flatnonzero(flags).astype(float).tolist()
    assert f"worst ratio {values[5]:.3g}× (channel 5)" in view.describe(5)
    assert "worst ratio" not in view.describe(3)  # no value for that layer
    assert "worst&nbsp;ratio" in view.legend.text()
    header, rows = view.table()
    assert header[-1] == "worst ratio" and rows[5][-1] == f"{values[5]:.3g}×" and rows[3][-1] == ""
    # hovering or clicking the series row picks the layer under it
    session.selection.select(("record", 7))
    assert row.sel_line.isVisible() and row.sel_line.value() == 7


def test_a_series_of_another_length_waits_and_removing_it_restores_the_rows(qtbot):
    session = sample_session()
    view = overview(qtbot, session)
    n = len(session.message.record)
    view.set_layer_series("a", LayerValues("a", np.ones(n), TEAL))
    view.set_layer_series("b", LayerValues("b", np.full(n, 2.0), TEAL))
    view.flush()
    ci = view.graphics.ci
    assert [ci.getItem(r, 0) for r in (2, 3, 4)] == [view.series_rows.rows["a"].plot,
                                                   view.series_rows.rows["b"].plot, view.p_prob]
    entry = session.message.record[0].SerializeToString()
    session.push(InsertElementsCommand(session.editor, ("record",), 0, [entry]))
    view.flush()
    assert view.series_rows.rows["a"].curve.getOriginalDataset()[0] is None or \
        view.series_rows.rows["a"].curve.getOriginalDataset()[0].size == 0  # n values for n + 1 layers
    view.set_layer_series("a", LayerValues("a", np.ones(n + 1), TEAL))
    view.flush()
    assert view.series_rows.rows["a"].curve.getOriginalDataset()[0].size == n + 1
    view.set_layer_series("a", None)
    view.set_layer_series("b", None)
    view.flush()
    assert ci.getItem(2, 0) is view.p_prob and ci.getItem(3, 0) is None
    assert view.layer_series("a") is None and "worst" not in view.describe(0)


def test_series_of_one_row_share_its_plot_and_leave_it_with_the_last(qtbot):
    """Two ratios around 1 (the comparison's) take one row, each with its own curve and
    flags; the row goes when its last series does."""
    session = sample_session()
    view = overview(qtbot, session)
    n = len(session.message.record)
    flags = np.zeros(n, bool)
    flags[4] = True
    view.set_layer_series("w", LayerValues("w", np.full(n, 2.0), TEAL, log=True, lines=(1.0,), row="ab", axis="B ↔ A"))
    view.set_layer_series("d", LayerValues("d", np.full(n, 0.5), RED, log=True, lines=(1.0,), flags=flags, row="ab"))
    view.flush()
    ci = view.graphics.ci
    row = view.series_rows.rows["ab"]
    assert list(view.series_rows.rows) == ["ab"] and set(row.parts) == {"w", "d"}
    assert ci.getItem(2, 0) is row.plot and ci.getItem(3, 0) is view.p_prob
    assert row.plot.getAxis("left").labelText == "B ↔ A"
    assert np.allclose(row.parts["w"][0].getOriginalDataset()[1], 2.0)
    assert np.allclose(row.parts["d"][0].getOriginalDataset()[1], 0.5)
    assert row.parts["d"][1].getOriginalDataset()[0].tolist() == [4.0]
    assert row.parts["w"][1].getOriginalDataset()[0] is None or row.parts["w"][1].getOriginalDataset()[0].size == 0
    assert view.describe(4).endswith("; w 2; d 0.5")
    view.set_layer_series("w", None)
    view.flush()
    assert set(row.parts) == {"d"} and ci.getItem(2, 0) is row.plot
    view.set_layer_series("d", None)
    view.flush()
    assert view.series_rows.rows == {} and ci.getItem(2, 0) is view.p_prob


def _panel(qtbot, session):
    from editor.ui.plots import PlotsPanel

    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    return panel


def _column(panel, column: int) -> list[str]:
    proxy = panel.layers.proxy
    return [proxy.data(proxy.index(r, column)) for r in range(proxy.rowCount())]


def test_every_series_is_a_layers_table_column_sorted_worst_first(qtbot, qtmodeltester):
    """A series is a column of the Layers table (a series with `overview` false only that,
    no overview row), sortable, worst first as its `worse` says; stale values are greyed and
    say so; the CSV export has the column."""
    from PySide6.QtCore import Qt

    from editor.ui.plots.layers_table import COLUMNS

    session = sample_session()
    panel = _panel(qtbot, session)
    layers, view = panel.layers, panel.overview
    qtmodeltester.check(layers.model)
    n = len(session.message.record)
    rng = np.random.default_rng(1)
    sqnr = rng.uniform(20, 50, n)
    sqnr[2] = np.nan
    clipped = rng.uniform(0, 0.05, n)
    stale = np.zeros(n, bool)
    stale[5] = True
    view.set_layer_series("sqnr", LayerValues("SQNR dB", sqnr, TEAL, overview=False, worse="low", stale=stale,
                                              fmt=lambda v: f"{v:.1f}", tip="weight SQNR"))
    view.set_layer_series("clip", LayerValues("clipped %", clipped * 100, RED, overview=False, worse="high"))
    view.flush()
    assert view.series_rows.rows == {}  # no overview row for either
    model = layers.model
    assert model.columnCount() == len(COLUMNS) + 2
    sq = model.column_of("sqnr")
    assert model.column_of("clip") == sq + 1
    assert model.headerData(sq, Qt.Orientation.Horizontal) == "SQNR dB"
    assert model.headerData(sq, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == "weight SQNR"
    assert layers.sort_worst_first("sqnr") and not layers.user_sorted
    order = [layers.layer_at_row(r) for r in range(n)]
    expected = [int(i) for i in np.argsort(sqnr, kind="stable") if not np.isnan(sqnr[i])] + [2]
    assert order == expected  # lowest first, the layer without a value last
    assert _column(panel, sq)[0] == f"{np.nanmin(sqnr):.1f}"
    layers.sort_worst_first("clip")
    assert [layers.layer_at_row(r) for r in range(n)] == [int(i) for i in np.argsort(-clipped, kind="stable")]
    row5 = layers.row_of_layer(5)
    index = layers.proxy.index(row5, sq)
    assert layers.proxy.data(index, Qt.ItemDataRole.ForegroundRole) is not None
    assert "Out of date" in layers.proxy.data(index, Qt.ItemDataRole.ToolTipRole)
    header, rows = layers.table()
    assert header[-2:] == ["SQNR dB", "clipped %"]
    by_layer = {int(r[0]): r for r in rows}
    assert by_layer[3][-2] == f"{sqnr[3]:.1f}" and by_layer[2][-2] == ""
    qtmodeltester.check(layers.model)
    # a column goes: the rows stay sorted by the one left, the header's arrow follows it
    view.set_layer_series("sqnr", None)
    view.flush()
    assert model.columnCount() == len(COLUMNS) + 1 and model.column_of("clip") == len(COLUMNS)
    assert layers.view.horizontalHeader().sortIndicatorSection() == len(COLUMNS)
    assert layers.layer_at_row(0) == int(np.argmax(clipped))
    # the series sorted by goes too: file order
    view.set_layer_series("clip", None)
    view.flush()
    assert [layers.layer_at_row(r) for r in range(n)] == list(range(n))
    qtmodeltester.check(layers.model)


def test_a_click_on_a_header_is_the_users_sort(qtbot):
    from PySide6.QtCore import Qt

    session = sample_session()
    panel = _panel(qtbot, session)
    n = len(session.message.record)
    panel.overview.set_layer_series("s", LayerValues("s", np.arange(n, dtype=float), TEAL, overview=False, worse="low"))
    panel.overview.flush()
    assert not panel.layers.user_sorted
    column = panel.layers.model.column_of("s")
    panel.layers.view.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    assert panel.layers.user_sorted


def test_n_walks_worst_first_by_the_chosen_series(qtbot):
    """*Walk Layers By* a series: N selects the next layer of its ranking, worst first,
    after the selected one (wrapping around), Shift+N the one before; the actions say so;
    the walk goes back to the outliers when the series goes."""
    from PySide6.QtCore import Qt

    session = sample_session()
    panel = _panel(qtbot, session)
    n = len(session.message.record)
    values = np.random.default_rng(3).uniform(0.9, 1.0, n)
    values[1] = np.nan
    panel.overview.set_layer_series("sim", LayerValues("similarity", values, TEAL, worse="low"))
    panel.overview.flush()
    choices = panel.walk_choices()
    assert [k for k, _ in choices] == [None, "sim"]
    panel.walk_menu.aboutToShow.emit()
    texts = [a.text() for a in panel.walk_menu.actions()]
    assert texts == ["Layers with outliers (the Layers table's order)", "similarity, worst first"]
    panel.walk_menu.actions()[1].trigger()
    assert panel.walk_by == "sim" and panel.act_next_outliers.text() == "Next Worse Layer by similarity"
    ranking = [int(i) for i in np.argsort(np.where(np.isnan(values), np.inf, values), kind="stable")][: n - 1]
    messages: list[str] = []
    panel.message.connect(messages.append)
    panel.setCurrentWidget(panel.layers)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.layers.view.setFocus()
    qtbot.waitUntil(panel.layers.view.hasFocus)
    session.selection.select(("record", 1))  # a layer without a value: N goes to the worst
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
    assert session.selection.record_index == ranking[0]
    assert f"similarity {values[ranking[0]]:.4g} — 1 of {n - 1}, worst first" in messages[-1]
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
    assert session.selection.record_index == ranking[1]
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert session.selection.record_index == ranking[-1] and "wrapped around" in messages[-1]
    panel.overview.set_layer_series("sim", None)
    panel.overview.flush()
    assert panel.walk_by is None and panel.act_next_outliers.text() == "Next Layer with Outliers"


def test_removing_a_series_that_is_not_there_draws_nothing_again(qtbot):
    # a window without a model removes its weights row at start-up: that must not redraw
    session = sample_session()
    view = overview(qtbot, session)
    view.flush()
    view.set_layer_series("never set", None)
    assert not view._timer.isActive()
    view.set_layer_series("a", LayerValues("a", np.ones(len(session.message.record)), TEAL))
    view.set_layer_series("a", None)
    assert view._timer.isActive()  # removing one that is there redraws
