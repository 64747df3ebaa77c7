"""Outliers across the model in the window: the overview's marks and counts, the Layers table,
Next/Previous Layer with Outliers and the fence factor k, all agreeing with the rule
scale-w-outlier (and `record-editor check`) on the real ResNet-50 record."""
from __future__ import annotations

import csv
import re

import numpy as np
import pytest
from PySide6.QtCore import Qt

from editor.records import quant
from editor.records.document import RecordDocument
from editor.records.edits.commands import SetValueCommand
from editor.records.rules import CheckContext, check_document
from editor.ui.plots import PlotsPanel
from editor.ui.plots.layers_table import CHANNELS, KEY, OUTLIERS, SCALE_D, SEVERITY, W_MIN
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import copy_sample, make_session, open_and_wait, small_record

RULE = "scale-w-outlier"


def doc_index(doc: RecordDocument, key: str) -> int:
    return next(i for i, e in enumerate(doc.message.record) if e.key == key)


def rule_counts(doc: RecordDocument, k: float = 1.5) -> dict[int, int]:
    """Outlier channels per layer, as `record-editor check --rule scale-w-outlier` words them."""
    ctx = CheckContext.build(doc.message, doc.dialect, outlier_k=k)
    out: dict[int, int] = {}
    for p in check_document(doc, rules=[RULE], context=ctx):
        assert p.record_index is not None
        m = re.search(r": (\d+) of \d+ scale_w values are outliers", p.message)
        out[p.record_index] = int(m.group(1)) if m else 1  # "scale_w[c] = … is an outlier"
    return out


@pytest.fixture
def resnet(qtbot):
    doc = RecordDocument.load(RESNET50_CAFFE)
    session = make_session()
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1400, 800)
    session.set_document(doc)
    panel.overview.flush()
    return doc, session, panel


def table_column(panel: PlotsPanel, column: int) -> list[str]:
    proxy = panel.layers.proxy
    return [proxy.data(proxy.index(r, column)) for r in range(proxy.rowCount())]


def by_layer(panel: PlotsPanel, column: int) -> dict[int, str]:
    """Column `column` of the Layers table by layer index, whatever the rows' order."""
    return {panel.layers.layer_at_row(r): text for r, text in enumerate(table_column(panel, column))}


def reference_reach(values, k: float = 1.5) -> float:
    """How far the farthest outlier lies beyond the IQR fence (×), written out plainly."""
    logs = np.log10(np.asarray(values, dtype=np.float64))
    q1, q3 = np.percentile(logs, [25.0, 75.0])
    lo, hi = q1 - k * (q3 - q1), q3 + k * (q3 - q1)
    return float(max(10 ** (lo - logs.min()), 10 ** (logs.max() - hi), 0.0))


def test_overview_and_layers_table_count_what_the_rule_reports(resnet):
    doc, session, panel = resnet
    expected = rule_counts(doc)
    assert len(expected) == 46 and expected[4] == 12  # layer 4: res2a_branch2c
    data = panel.overview.data
    assert {i: int(n) for i, n in enumerate(data.outliers) if n} == expected
    # the overview: one mark per layer with outliers, its count on hover, the total in the summary
    marked = panel.overview.outlier_marks.getData()[0]
    assert sorted(int(x) for x in marked) == sorted(expected)
    assert "scale_w ×256" in panel.overview.describe(4) and "12 outliers (k = 1.5)" in panel.overview.describe(4)
    assert "46 of 53 per-channel layers with scale_w outliers (k = 1.5)" in panel.overview.summary.text()
    # the Layers table: worst first by severity until sorted otherwise
    keys = table_column(panel, KEY)
    counts = by_layer(panel, OUTLIERS)
    assert sorted(keys) == sorted(e.key for e in doc.message.record)
    assert keys[:2] == ["res2c_branch2a", "res3b_branch2a"]  # a channel 536× and one 320× below the fence
    assert by_layer(panel, SEVERITY)[doc_index(doc, "res2c_branch2a")] == "536×"
    assert {i: int(c) for i, c in counts.items() if c and int(c)} == expected
    assert "46 of 53 per-channel layers with scale_w outliers" in panel.layers.summary.text()
    # the live problems hold the same findings as check
    live = [p for p in session.problems.problems if p.rule == RULE]
    assert [(p.record_index, p.field) for p in live] == \
        [(p.record_index, p.field) for p in check_document(doc, rules=[RULE])]


def test_layers_table_sorts_with_ties_in_file_order_and_empty_cells_last(resnet, qtmodeltester):
    doc, _session, panel = resnet
    view = panel.layers.view
    view.sortByColumn(OUTLIERS, Qt.SortOrder.DescendingOrder)
    counts = [int(c) if c else -1 for c in table_column(panel, OUTLIERS)]
    assert counts == sorted(counts, reverse=True)
    assert table_column(panel, KEY)[0] == "res5a_branch1"  # 58 of 2048, the most
    zero = [panel.layers.layer_at_row(r) for r, c in enumerate(counts) if c == 0]
    assert zero == sorted(zero)  # equal counts keep file order
    view.sortByColumn(W_MIN, Qt.SortOrder.AscendingOrder)
    mins = [float(v) for v in table_column(panel, W_MIN) if v]
    assert mins == sorted(mins) and mins[0] == pytest.approx(8.862507e-07)  # res2a_branch1[210]
    view.sortByColumn(SCALE_D, Qt.SortOrder.DescendingOrder)
    scale_d = [float(v) for v in table_column(panel, SCALE_D)]
    assert scale_d == sorted(scale_d, reverse=True)
    view.sortByColumn(KEY, Qt.SortOrder.AscendingOrder)
    assert table_column(panel, KEY) == sorted(e.key for e in doc.message.record)
    qtmodeltester.check(panel.layers.model)
    qtmodeltester.check(panel.layers.proxy)


def test_click_selects_double_click_opens_channels_and_the_row_follows_the_selection(resnet, qtbot):
    _doc, session, panel = resnet
    panel.setCurrentWidget(panel.layers)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.layers.view
    view.sortByColumn(OUTLIERS, Qt.SortOrder.DescendingOrder)
    rect = view.visualRect(panel.layers.proxy.index(2, KEY))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    third = panel.layers.layer_at_row(2)
    assert session.selection.path == ("record", third)
    assert panel.currentWidget() is panel.layers
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.currentWidget() is panel.channels and panel.channels.layer_index == third
    session.selection.select(("record", 4))  # elsewhere (the tree)
    assert view.currentIndex().row() == panel.layers.row_of_layer(4)
    assert table_column(panel, KEY)[view.currentIndex().row()] == "res2a_branch2c"


def test_next_layer_with_outliers_walks_them_all_and_wraps(resnet, qtbot):
    doc, session, panel = resnet
    messages: list[str] = []
    panel.message.connect(messages.append)
    # worst first, as the table opens: by how far each layer's farthest outlier lies beyond the fence
    reach = {i: reference_reach(np.array(doc.message.record[i].value.scale_w, np.float32)) for i in rule_counts(doc)}
    expected = sorted(reach, key=lambda i: (-reach[i], i))
    panel.setCurrentWidget(panel.layers)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.layers.view.setFocus()
    qtbot.waitUntil(panel.layers.view.hasFocus)
    # the focus makes the top row, the worst layer, the current one
    assert session.selection.record_index in (None, expected[0])
    session.selection.select(("record", expected[0]))
    walked = []
    for _ in range(len(expected) - 1):
        qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
        walked.append(session.selection.record_index)
    assert walked == expected[1:]
    assert messages[0] == f"Layer {expected[1]} 'res3b_branch2a': 1 scale_w outlier (k = 1.5) — 2 of 46 " \
                          "layers with outliers"
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
    assert session.selection.record_index == expected[0] and messages[-1].endswith("(wrapped around)")
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    assert session.selection.record_index == expected[-1]
    # sorted by another column, N follows the rows: the most outliers first
    panel.layers.view.sortByColumn(OUTLIERS, Qt.SortOrder.DescendingOrder)
    session.selection.select(("record", 0))  # conv1: no outliers, at the bottom
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
    assert session.selection.record_index == doc_index(doc, "res5a_branch1")  # 58 of 2048, the most
    panel.layers.view.sortByColumn(SEVERITY, Qt.SortOrder.DescendingOrder)
    session.selection.select(("record", expected[-1]))
    # in the channel plot it walks too, showing each layer
    panel.setCurrentWidget(panel.channels)
    panel.channels.graphics.setFocus()
    panel.act_next_outliers.trigger()
    assert session.selection.record_index == expected[0] and panel.channels.layer_index == expected[0]
    assert panel.currentWidget() is panel.channels


def test_no_layer_with_outliers_says_so(qtbot):
    session = make_session(small_record())
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    messages: list[str] = []
    panel.message.connect(messages.append)
    assert panel.step_outlier_layer(1) is None
    assert messages == ["No layer has scale_w outliers at k = 1.5"]
    assert session.selection.record_index is None


def test_k_from_the_channel_plot_reaches_the_whole_window(resnet):
    doc, session, panel = resnet
    panel.channels.set_k(3.0)
    panel.overview.flush()
    at3 = rule_counts(doc, 3.0)
    assert session.problems.outlier_k == 3.0
    assert {i: int(n) for i, n in enumerate(panel.overview.data.outliers) if n} == at3
    assert {i: int(c) for i, c in by_layer(panel, OUTLIERS).items() if c and int(c)} == at3
    assert f"{len(at3)} of 53 per-channel layers with scale_w outliers (k = 3;" in panel.layers.summary.text()
    assert len([p for p in session.problems.problems if p.rule == RULE]) == len(at3) < 46
    # the box follows a k set elsewhere (another window part, a script)
    session.problems.set_outlier_k(2.0)
    assert panel.channels.k_box.value() == 2.0
    panel.overview.flush()
    assert panel.overview.data.k == 2.0


def test_k_box_steps_are_followed_once_they_rest(resnet, qtbot):
    _doc, session, panel = resnet
    box = panel.channels.k_box
    box.setValue(2.0)
    box.setValue(2.5)
    assert session.problems.outlier_k == 1.5  # still turning
    qtbot.waitUntil(lambda: session.problems.outlier_k == 2.5, timeout=3000)
    assert box.value() == 2.5


def test_an_edit_updates_the_counts_and_undo_restores_them(resnet):
    doc, session, panel = resnet
    i = 4  # res2a_branch2c: channel 210 is the farthest out
    median = float(np.median(np.array(doc.message.record[i].value.scale_w, dtype=np.float32)))
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", 210), median))
    panel.overview.flush()
    assert panel.overview.data.outliers[i] == 11
    assert table_column(panel, OUTLIERS)[panel.layers.row_of_layer(i)] == "11"
    finding = next(p for p in session.problems.problems if p.rule == RULE and p.record_index == i)
    assert finding.message.startswith('layer "res2a_branch2c": 11 of 256') and finding.field == "scale_w[250]"
    session.undo_stack.undo()
    panel.overview.flush()
    assert panel.overview.data.outliers[i] == 12 and by_layer(panel, OUTLIERS)[i] == "12"


def test_csv_export_is_what_the_table_shows(resnet, tmp_path):
    from editor.ui.plots._data import write_csv

    doc, _session, panel = resnet
    panel.layers.view.sortByColumn(OUTLIERS, Qt.SortOrder.DescendingOrder)
    panel.layers.act_outliers_only.setChecked(True)
    path = write_csv(tmp_path / "layers.csv", *panel.layers.table())
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 46 and panel.layers.proxy.rowCount() == 46
    assert [r["key"] for r in rows] == table_column(panel, KEY)
    assert [int(r["scale_w_outliers"]) for r in rows] == sorted((int(r["scale_w_outliers"]) for r in rows),
                                                                 reverse=True)
    top = rows[0]
    entry = doc.message.record[int(top["layer"])]
    assert top["key"] == entry.key and int(top["channels"]) == len(entry.value.scale_w)
    assert np.float32(top["scale_d"]) == np.float32(entry.value.scale_d)  # float32 round trip
    w = np.array(entry.value.scale_w, dtype=np.float32)
    assert np.float32(top["scale_w_min"]) == w.min() and np.float32(top["scale_w_max"]) == w.max()
    assert int(top["scale_w_outliers"]) == quant.outliers(w).indices.size
    assert "only layers with outliers: 46 of 54 layers shown" in panel.layers.filter_note.text()


def test_tree_filter_ctrl_f_filters_the_layers_table(qtbot, tmp_path, env):
    window = env()
    window.resize(1400, 800)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    layers = window.plots.layers
    total = layers.proxy.rowCount()
    assert total == len(window.document.message.record)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.tree.filter_edit.hasFocus()
    qtbot.keyClicks(window.tree.filter_edit, "res2")
    qtbot.keyClick(window.tree.filter_edit, Qt.Key.Key_Return)
    keys = [layers.proxy.data(layers.proxy.index(r, KEY)) for r in range(layers.proxy.rowCount())]
    assert keys and all("res2" in k for k in keys)
    assert sorted(keys) == sorted(e.key for e in window.document.message.record if "res2" in e.key)
    assert "'res2'" in layers.filter_note.text() and f"{len(keys)} of {total} layers shown" in layers.filter_note.text()
    window.tree.filter_edit.clear()
    assert layers.proxy.rowCount() == total and not layers.filter_note.isVisible()
    # the walk reports in the status bar
    window.plots.step_outlier_layer(1)
    assert "layers with outliers" in window.statusBar().currentMessage()
    # channels: the column says how many, per layer
    row = layers.row_of_layer(0)
    assert layers.proxy.data(layers.proxy.index(row, CHANNELS)) == str(len(window.document.message.record[0].value.scale_w))


def test_the_walk_is_on_the_views_right_click_menus(resnet):
    doc, session, panel = resnet
    walk = panel.outlier_actions()
    assert [a.text() for a in walk] == ["Next Layer with Outliers", "Previous Layer with Outliers"]
    assert [a.shortcut().toString() for a in walk] == ["N", "Shift+N"]
    assert all(a in panel.overview.p_scale.vb.menu.actions() for a in walk)
    assert all(a in panel.channels.main.plot.vb.menu.actions() for a in walk)
    assert all(a in panel.layers.view.actions() for a in walk)
    walk[1].trigger()  # from a menu: no selection yet, so the last one
    reach = {i: reference_reach(np.array(doc.message.record[i].value.scale_w, np.float32)) for i in rule_counts(doc)}
    assert session.selection.record_index == max(reach, key=lambda i: (-reach[i], i))  # the mildest


def test_plot_menu_and_help_list_the_walk_and_the_layers_table(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    menu = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Plot")
    menu.aboutToShow.emit()
    entries = menu.actions()
    start = next(i for i, a in enumerate(entries) if a.isSeparator() and a.text() == "Layers")
    section = [a.text() for a in entries[start + 1:start + 7] if not a.isSeparator()]
    assert section == ["Next Layer with Outliers", "Previous Layer with Outliers", "Walk Layers By",
                       "Only layers with outliers", "Export CSV…"]
    plots = window.plots
    plots.setCurrentWidget(plots.channels)
    plots.act_next_outliers.trigger()  # from the menu: the view that is up stays up
    assert plots.currentWidget() is plots.channels and window.session.selection.record_index is not None
    plots.layers.act_outliers_only.trigger()  # the Layers table's own entries bring it up
    assert plots.currentWidget() is plots.layers
    assert plots.layers.proxy.rowCount() == int(plots.overview.data.with_outliers.size)
    dialog = window.menus.show_shortcuts()
    qtbot.addWidget(dialog)
    rows = {(keys, command): where for _s, keys, command, where in dialog.rows()}
    assert rows[("N", "Next Layer with Outliers")] == "in the Overview, the Layers table or the Channels plot"
    assert rows[("Shift+N", "Previous Layer with Outliers")] == rows[("N", "Next Layer with Outliers")]
    dialog.close()


def test_the_tree_marks_layers_of_strong_severity_only(resnet):
    doc, session, _panel = resnet
    strong = doc_index(doc, "res2c_branch2a")  # a channel 536× below the fence
    marks = [a for a in session.annotations.for_path(("record", strong)) if a.mark]
    assert [a.mark for a in marks] == ["536×"] and "strong, from outliers" in marks[0].tooltip
    # res5c_branch2c: 33 outliers, none 3× beyond the fence: mild, no mark
    mild = doc_index(doc, "res5c_branch2c")
    assert reference_reach(np.array(doc.message.record[mild].value.scale_w, np.float32)) < 3.0
    assert not [a for a in session.annotations.for_path(("record", mild)) if a.mark]
    assert not session.annotations.for_path(("record", strong, "value", "scale_w"))
