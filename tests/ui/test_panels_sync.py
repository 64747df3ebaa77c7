"""Panel, tree and problems agree after every edit, undo and redo, whoever made it."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeView

from editor.records.edits.commands import SetValueCommand
from editor.records.problems import Severity
from editor.records.rules import check_message
from editor.ui.field_editors import FieldEdit
from editor.ui.panels import LayerPanel, ProblemsDock, PrunePanel, RecordPanels
from editor.ui.session import EditSession
from tests.ui.kit import make_session, small_record, snapshot

CELL = ("record", 1, "value", "scale_w", 5)


@pytest.fixture
def window(qtbot):
    msg = small_record()
    msg.record[1].value.scale_w[5] = 0.0  # an error the edit fixes
    session = make_session(msg)
    tree = QTreeView()
    tree.setModel(session.model)
    panel = LayerPanel(session)
    prune = PrunePanel(session)
    dock = ProblemsDock(session)
    for w in (tree, panel, prune, dock):
        qtbot.addWidget(w)
    session.selection.select(("record", 1), source=tree)
    return session, tree, panel, dock


def agree(session: EditSession, panel: LayerPanel, dock: ProblemsDock, text: str, errors: int) -> None:
    """The record, the tree's row, the panel's cell and the problems all say the same."""
    model = session.model
    assert session.editor.value(CELL) == float(np.float32(text))
    tree_text = model.data(model.index_for_path(CELL, model.VALUE_COLUMN))
    tm = panel.weights_model
    assert tree_text == tm.data(tm.index(5, tm.column_of("scale_w"))) == text
    assert dock.counts()[Severity.ERROR] == errors
    assert sum(p.severity is Severity.ERROR for p in check_message(session.message, "tf-inner")) == errors
    marked = tm.data(tm.index(5, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert marked == (errors > 0)


def test_edit_scale_w_5_in_the_table_then_undo_and_redo_from_the_shared_stack(qtbot, window):
    session, tree, panel, dock = window
    panel.show()
    agree(session, panel, dock, "0", 1)
    view = panel.weights.view
    index = panel.weights_model.index(5, 0)
    view.setCurrentIndex(index)
    assert session.selection.path == CELL  # the tree and plots follow the table
    view.edit(index)
    editor = view.findChild(FieldEdit)
    editor.setFocus()
    editor.selectAll()
    qtbot.keyClicks(editor, "0.0123456789")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.undo_stack.count() == 1)
    agree(session, panel, dock, "0.012345679", 0)
    undo = session.undo_stack.createUndoAction(tree)  # what the tree's Edit menu triggers
    redo = session.undo_stack.createRedoAction(tree)
    undo.trigger()
    agree(session, panel, dock, "0", 1)
    redo.trigger()
    agree(session, panel, dock, "0.012345679", 0)


def test_edits_made_through_the_tree_reach_the_panel_and_problems(qtbot, window):
    session, _tree, panel, dock = window
    session.push(SetValueCommand(session.editor, CELL, 0.5))  # as the tree's delegate does
    agree(session, panel, dock, "0.5", 0)
    session.push(SetValueCommand(session.editor, ("record", 1, "value", "offset_d"), 500))
    assert panel.edits["offset_d"].text() == "500"
    assert dock.counts()[Severity.ERROR] == 1
    assert "offset_d = 500" in panel.problem_list.item(0).text()
    session.undo_stack.undo()
    assert panel.edits["offset_d"].text() == "-3" and dock.counts()[Severity.ERROR] == 0


def test_a_refused_panel_edit_leaves_tree_stack_and_problems_alone(qtbot, window):
    session, _tree, panel, dock = window
    before = snapshot(session)
    tm = panel.weights_model
    assert not tm.setData(tm.index(2, tm.column_of("offset_w")), "1")
    assert snapshot(session) == before and session.undo_stack.count() == 0
    assert dock.counts()[Severity.ERROR] == 1


def test_record_panels_show_the_panel_for_the_selection(qtbot):
    session = make_session()
    panels = RecordPanels(session)
    qtbot.addWidget(panels)
    seen: list[str] = []
    panels.message.connect(seen.append)
    assert panels.current_panel() is panels.hint
    session.selection.select(("record", 2, "value", "scale_d"), source="tree")
    assert panels.current_panel() is panels.layer_panel and panels.layer_panel.entry == 2
    session.selection.select(("prune_record", 0, "consumer", 1), source="tree")
    assert panels.current_panel() is panels.prune_panel
    tm = panels.prune_panel.table_model
    assert not tm.setData(tm.index(2, tm.END), "3")
    assert seen and "3 channels" in seen[-1]
    session.selection.select((), source="tree")
    assert panels.current_panel() is panels.hint


def test_panels_built_before_any_record_is_open_take_the_first_one(qtbot):
    session = EditSession()  # as a window starts: no record yet
    panels = RecordPanels(session)
    dock = ProblemsDock(session)
    qtbot.addWidget(panels)
    qtbot.addWidget(dock)
    # compared as a pair: `session.dialect is None` would keep it None to the checker after set_message
    assert (session.dialect, dock.summary()) == (None, "no problems")
    msg = small_record("pytorch")
    msg.record[0].value.offset_w[1] = 4
    session.set_message(msg)
    session.problems.flush()
    assert session.dialect is not None and session.dialect.name == "pytorch"
    assert dock.summary() == "1 error, 0 warnings, 0 info"
    session.selection.select(("record", 0, "value", "offset_w", 1), source="tree")
    assert panels.current_panel() is panels.layer_panel
    assert "fakequant_precision_mode" in panels.layer_panel.combos


def test_validate_edit_checks_tree_paths_with_the_rules_of_the_panels():
    session = make_session()
    live = session.problems
    rec = session.message.prune_record[0]
    end = next(k for k, a in enumerate(rec.consumer[1].attr) if a.name == "end")

    def rule(path, value):
        problem = live.validate_edit(path, value)
        return None if problem is None else problem.rule

    assert rule(("record", 0, "value", "offset_d"), 200) == "offset-d-range"
    assert rule(("record", 0, "value", "offset_d"), 100) is None
    assert rule(("record", 0, "value", "offset_w", 3), 5) == "offset-w-zero"
    assert rule(("record", 0, "value", "scale_w", 2), -1.0) == "scale-positive"
    assert rule(("record", 2, "key"), "net/conv1/Conv2D") == "duplicate-key"
    assert rule(("prune_record", 0, "consumer", 1, "attr", end, "i"), 4) == "prune-width"
    assert rule(("prune_record", 0, "consumer", 1, "name"), "") == "prune-name-required"
    assert rule(("prune_record", 0, "consumer", 1, "attr", end, "name"), "x") is None  # left to the list
    assert rule(("prune_record", 0, "consumer", 1, "attr", end, "f"), 1.0) is None  # not what INT reads
    assert rule(("record", 9, "value", "offset_d"), 200) is None  # no such layer
