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
