"""Prune panel: nodes as rows, validated edits, width mismatches refused or flagged."""
from __future__ import annotations

from PySide6.QtCore import Qt

from editor.records.edits.commands import SetValueCommand
from editor.records.messages import prune_records
from editor.ui.panels.prune_panel import PrunePanel, PruneTableModel
from tests.ui.kit import make_session, small_record, snapshot

P = PruneTableModel


def panel_for(qtbot, message=None, dialect="tf-inner"):
    """A prune panel over a session of `small_record`, showing prune record 0; the panel's
    messages (the status bar's words) are collected in the returned list."""
    session = make_session(message, dialect)
    panel = PrunePanel(session)
    qtbot.addWidget(panel)
    messages: list[str] = []
    panel.message.connect(messages.append)
    session.selection.select(("prune_record", 0), source="tree")
    return session, panel, panel.table_model, messages


def row_text(tm, row):
    return [tm.data(tm.index(row, c)) for c in range(tm.columnCount())]


def test_nodes_are_rows_with_their_range_and_width(qtbot, qtmodeltester):
    session, panel, tm, _messages = panel_for(qtbot)
    assert tm.rowCount() == 3
    assert row_text(tm, 0) == ["producer[0]", "net/conv1/Conv2D", "Conv2D", "0", "8", "8", ""]
    assert row_text(tm, 2) == ["consumer[1]", "net/conv2/Conv2D", "Conv2D", "0", "8", "8", "prune_axis=2"]
    assert "1 producer(s), 2 consumer(s), 8 channels" in panel.title.text()
    qtmodeltester.check(tm, force_py=True)
    assert panel.add_node("consumer")
    session.undo_stack.undo()


def test_a_width_mismatch_or_inverted_range_is_refused(qtbot):
    session, _panel, tm, messages = panel_for(qtbot)
    before = snapshot(session)
    assert not tm.setData(tm.index(2, P.END), "7")
    assert "covers [0, 7) (7 channels)" in messages[-1] and "must have the same width" in messages[-1]
    assert not tm.setData(tm.index(1, P.BEGIN), "8")
    assert "not below end" in messages[-1]
    assert not tm.setData(tm.index(1, P.BEGIN), "-1")
    assert not tm.setData(tm.index(1, P.BEGIN), "two")
    assert "whole number" in messages[-1]
    assert not tm.setData(tm.index(1, P.NAME), "")
    assert "empty name" in messages[-1]
    assert snapshot(session) == before and session.undo_stack.count() == 0


def test_valid_edits_are_undo_steps(qtbot):
    session, _panel, tm, _messages = panel_for(qtbot)
    assert tm.setData(tm.index(1, P.NAME), "net/bn1b/FusedBatchNormV3")
    assert tm.setData(tm.index(2, P.TYPE), "DepthwiseConv2dNative")
    assert session.message.prune_record[0].consumer[0].name == "net/bn1b/FusedBatchNormV3"
    assert session.message.prune_record[0].consumer[1].attr[0].s == b"DepthwiseConv2dNative"
    assert session.undo_stack.count() == 2
    session.undo_stack.undo()
    assert tm.data(tm.index(2, P.TYPE)) == "Conv2D"


def test_a_missing_attribute_is_added_with_amcts_type(qtbot):
    session, _panel, tm, _messages = panel_for(qtbot)
    assert tm.setData(tm.index(1, P.TYPE), "BatchNorm")  # consumer[0] has a type attr; drop it first
    node = session.message.prune_record[0].consumer[0]
    del node.attr[0]
    session.problems.recheck_all()
    tm.refresh()
    assert tm.data(tm.index(1, P.TYPE)) == ""
    assert tm.setData(tm.index(1, P.TYPE), "FusedBatchNormV3")
    assert node.attr[-1].name == "type" and node.attr[-1].type == 3 and node.attr[-1].s == b"FusedBatchNormV3"


def test_set_range_of_all_nodes_is_one_checked_step(qtbot):
    session, panel, tm, messages = panel_for(qtbot)
    before = snapshot(session)
    assert panel.set_range_all(0, 16)
    assert session.undo_stack.count() == 1
    assert [tm.data(tm.index(r, P.WIDTH)) for r in range(3)] == ["16", "16", "16"]
    session.undo_stack.undo()
    assert snapshot(session) == before
    assert not panel.set_range_all(5, 5)
    assert "not below end" in messages[-1] and snapshot(session) == before


def test_a_file_with_a_mismatch_shows_it_flagged(qtbot):
    msg = small_record()
    prune_records(msg)[0].consumer[1].attr[2].i = 6
    session, panel, tm, _messages = panel_for(qtbot, msg)
    bad = tm.index(2, P.WIDTH)
    assert tm.data(bad) == "6" and tm.data(bad, Qt.ItemDataRole.BackgroundRole) is not None
    assert "differs from the producer's 8" in tm.data(bad, Qt.ItemDataRole.ToolTipRole)
    assert tm.data(tm.index(1, P.WIDTH), Qt.ItemDataRole.BackgroundRole) is None
    assert "covers [0, 6) (6 channels)" in panel.problem_list.item(0).text()
    # fixing it is allowed: it removes an error rather than adding one
    assert tm.setData(bad.siblingAtColumn(P.END), "8")
    session.problems.flush()
    assert panel.problem_list.count() == 0


def test_add_and_delete_nodes(qtbot):
    session, panel, tm, _messages = panel_for(qtbot)
    assert panel.add_node("consumer")
    assert tm.rowCount() == 4 and row_text(tm, 3)[:6] == ["consumer[2]", "new_consumer", "", "0", "8", "8"]
    panel.view.setCurrentIndex(tm.index(3, 1))
    assert session.selection.path == ("prune_record", 0, "consumer", 2)
    assert panel.delete_current()
    assert tm.rowCount() == 3 and session.undo_stack.count() == 2


def test_panel_follows_selection_and_undo(qtbot):
    session, panel, tm, _messages = panel_for(qtbot)
    session.selection.select(("prune_record", 0, "consumer", 1, "attr", 2), source="tree")
    current = panel.view.currentIndex()
    assert (current.row(), current.column()) == (2, P.END)
    session.push(SetValueCommand(session.editor, ("prune_record", 0, "consumer", 1, "name"), "x"))
    assert tm.data(tm.index(2, P.NAME)) == "x"
    session.undo_stack.undo()
    assert tm.data(tm.index(2, P.NAME)) == "net/conv2/Conv2D"


def test_dialects_without_prune_records_show_nothing(qtbot):
    session = make_session(dialect="onnx")
    panel = PrunePanel(session)
    qtbot.addWidget(panel)
    panel.show_prune(0)
    assert panel.prune is None and not panel.body.isVisibleTo(panel)
