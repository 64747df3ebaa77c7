"""The record tree: errors and warnings marked on their rows, the Value column's width."""
from __future__ import annotations

from PySide6.QtCore import Qt

from editor.records.edits.commands import SetValueCommand
from editor.records.problems import Severity
from editor.ui.problem_marks import ERROR_COLOR, KEY, WARNING_COLOR
from editor.ui.tree_view import VALUE_PEEK, VALUE_WIDTH, RecordTreeWidget
from tests.ui.kit import ScriptedPrompter, make_session, small_record


def _tree(qtbot, width: int):
    session = make_session(small_record())
    w = RecordTreeWidget(session, ScriptedPrompter())
    w.resize(width, 500)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return session, w


def _marks(session, path):
    model = session.model
    return [(a.mark, a.color) for a in model.data(model.index_for_path(path, 1), model.ANNOTATIONS_ROLE) or []]


def test_a_row_with_an_error_carries_an_error_mark(qtbot):
    """Only "not in model" was marked: a layer with errors looked like any other."""
    session, _w = _tree(qtbot, 800)
    assert session.annotations.provider(KEY) is not None
    assert _marks(session, ("record", 0)) == []
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "offset_w", 3), 5))
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "scale_d"), -1.0))
    session.problems.flush()
    errors = [p for p in session.problems.problems if p.record_index == 0 and p.severity is Severity.ERROR]
    assert {p.field.split("[")[0] for p in errors} == {"offset_w", "scale_d"}
    # the layer and its value message count both; each field its own
    assert _marks(session, ("record", 0)) == [("2 errors", ERROR_COLOR)]
    assert _marks(session, ("record", 0, "value")) == [("2 errors", ERROR_COLOR)]
    assert _marks(session, ("record", 0, "value", "scale_d")) == [("1 error", ERROR_COLOR)]
    assert _marks(session, ("record", 0, "value", "offset_d")) == []
    assert _marks(session, ("record", 1)) == []
    model = session.model
    tip = model.data(model.index_for_path(("record", 0), 1), Qt.ItemDataRole.ToolTipRole)
    assert "error: " + next(p for p in errors if p.field == "scale_d").message in tip
    # undone: the marks go with the errors
    session.undo_stack.undo()
    session.problems.flush()
    assert _marks(session, ("record", 0)) == [("1 error", ERROR_COLOR)]
    assert _marks(session, ("record", 0, "value", "scale_d")) == []


def test_a_new_record_keeps_no_stale_marks_and_gets_its_own(qtbot):
    """A record replaced: the old one's marks go at once, the new one's come with its check,
    and a new record with nothing to mark asks the tree for nothing more."""
    session, _w = _tree(qtbot, 800)
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "scale_d"), -1.0))
    session.problems.flush()
    assert _marks(session, ("record", 0)) == [("1 error", ERROR_COLOR)]
    told: list[str] = []
    session.annotations.changed.connect(told.append)
    clean = small_record()
    session.set_message(clean)
    assert _marks(session, ("record", 0)) == []  # before the new check reports
    session.problems.flush()
    assert _marks(session, ("record", 0)) == [] and KEY not in told
    broken = small_record()
    broken.record[1].value.scale_d = -1.0
    session.set_message(broken)
    session.problems.flush()
    assert _marks(session, ("record", 1)) == [("1 error", ERROR_COLOR)] and KEY in told


def test_a_warning_is_marked_in_its_colour(qtbot):
    session, _w = _tree(qtbot, 800)
    session.push(SetValueCommand(session.editor, ("record", 2, "value", "act_type"), "INT16"))
    session.problems.flush()
    assert any(p.record_index == 2 and p.severity is Severity.WARNING for p in session.problems.problems)
    assert _marks(session, ("record", 2)) == [("1 warning", WARNING_COLOR)]


def test_the_value_column_takes_the_spare_width_and_keeps_room_when_narrow(qtbot):
    """The Value column was ~90 px in the window (every layer read "scale_d 0.0…") and kept
    360 px of a wide tree, the Type column taking the rest."""
    session, w = _tree(qtbot, 1250)
    header = w.view.header()
    qtbot.waitUntil(lambda: header.sectionSize(1) > VALUE_WIDTH)
    room = w.view.viewport().width()
    assert header.sectionSize(2) < header.sectionSize(1)
    assert header.sectionSize(0) + header.sectionSize(1) + header.sectionSize(2) <= room + 1
    type_text = w.view.fontMetrics().horizontalAdvance("repeated MapFiledEntry")
    assert header.sectionSize(2) >= type_text  # the types still read whole
    # a narrow tree: the values keep VALUE_PEEK, which shows a layer's scale_d to three digits
    w.resize(330, 500)
    qtbot.waitUntil(lambda: header.sectionSize(1) <= VALUE_WIDTH)
    assert header.sectionSize(1) >= VALUE_PEEK
    scale_d = f"scale_d {session.message.record[0].value.scale_d:.3g}…"
    assert w.view.fontMetrics().horizontalAdvance(scale_d) + 12 <= VALUE_PEEK  # the cell's margins
