"""Problems dock: grouped by severity with counts, current after each edit (re-checking only
what the edit touched), filters, and double-click selects the offending field."""
from __future__ import annotations

from PySide6.QtCore import QPersistentModelIndex, QRect, Qt

from editor.records.document import RecordDocument
from editor.records.edits.commands import RemoveElementsCommand, SetValueCommand, add_element
from editor.records.problems import Severity
from editor.records.rules import check_message
from editor.ui import live_problems
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.problems_dock import LINE_WIDEST, ProblemsDock, ProblemsModel
from tests.ui.kit import make_session, small_record


def broken_record():
    """small_record with an error (offset_w[3] = 5), a warning (act_type INT16) and a bad prune end."""
    msg = small_record()
    msg.record[0].value.offset_w[3] = 5
    msg.record[2].value.act_type = "INT16"
    msg.prune_record[0].consumer[1].attr[2].i = 6
    return msg


def dock_for(qtbot, message=None):
    session = make_session(message if message is not None else broken_record())
    dock = ProblemsDock(session)
    qtbot.addWidget(dock)
    return session, dock, dock.problems_model


def children(pm, group_row):
    parent = pm.index(group_row, 0)
    return [pm.problem(pm.index(r, 0, parent)) for r in range(pm.rowCount(parent))]


def test_problems_are_grouped_by_severity_with_counts(qtbot, qtmodeltester):
    session, dock, pm = dock_for(qtbot)
    assert pm.rowCount() == 3
    assert [pm.data(pm.index(g, 0)) for g in range(3)] == ["2 errors", "1 warning", "0 info"]
    assert {p.rule for p in children(pm, 0)} == {"offset-w-zero", "prune-width"}
    assert [p.rule for p in children(pm, 1)] == ["type-values"]
    assert dock.summary() == "2 errors, 1 warning, 0 info"
    assert dock.toggles[Severity.ERROR].text() == "2 errors"
    expected = check_message(session.message, "tf-inner")
    assert sorted(map(repr, pm.shown())) == sorted(map(repr, expected))
    qtmodeltester.check(pm, force_py=True)


def test_an_edit_updates_counts_and_rows_at_once_and_undo_brings_them_back(qtbot, qtmodeltester):
    session, dock, pm = dock_for(qtbot)
    qtmodeltester.check(pm, force_py=True)  # keeps watching the signals below
    seen = []
    dock.countsChanged.connect(lambda *c: seen.append(c))
    kept = QPersistentModelIndex(pm.index(0, 0, pm.index(1, 0)))  # the warning row
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "offset_w", 3), 0))
    assert seen[-1] == (1, 1, 0)  # no waiting: the undo step itself announces the problems
    assert [p.rule for p in children(pm, 0)] == ["prune-width"]
    assert kept.isValid() and pm.problem(kept).rule == "type-values"  # untouched rows stay
    session.undo_stack.undo()
    assert seen[-1] == (2, 1, 0) and children(pm, 0)[0].field == "offset_w[3]"
    session.undo_stack.redo()
    assert dock.summary() == "1 error, 1 warning, 0 info"


def test_only_the_edited_entry_is_rechecked(qtbot, monkeypatch):
    session, _dock, pm = dock_for(qtbot)
    checker = session.problems.checker
    calls: list[object] = []
    monkeypatch.setattr(checker, "recheck_all", lambda: calls.append("all"))
    real = checker.entry_changed

    def entry_changed(i):
        calls.append(("entry", i))
        return real(i)

    monkeypatch.setattr(checker, "entry_changed", entry_changed)
    session.push(SetValueCommand(session.editor, ("record", 2, "value", "act_type"), "INT8"))
    assert calls == [("entry", 2)]
    assert pm.counts()[Severity.WARNING] == 0


def test_inserting_and_removing_layers_keeps_problems_on_their_layers(qtbot):
    session, _dock, pm = dock_for(qtbot)
    session.push(add_element(session.editor, ("record",), 0))  # a new empty layer above all
    errors = children(pm, 0)
    assert {(p.rule, p.record_index) for p in errors} >= {("offset-w-zero", 1)}
    session.push(RemoveElementsCommand(session.editor, ("record",), [1]))  # the broken layer
    assert "offset-w-zero" not in {p.rule for p in children(pm, 0)}
    session.undo_stack.undo()
    session.undo_stack.undo()
    fresh = check_message(session.message, "tf-inner")
    assert sorted(map(repr, pm.shown())) == sorted(map(repr, fresh))


def test_filters_by_severity_and_rule(qtbot):
    _session, dock, pm = dock_for(qtbot)
    dock.toggles[Severity.ERROR].setChecked(False)
    assert [pm.data(pm.index(g, 0)) for g in range(pm.rowCount())] == ["1 warning", "0 info"]
    assert dock.summary() == "2 errors, 1 warning, 0 info"  # the status bar counts everything
    dock.toggles[Severity.ERROR].setChecked(True)
    rules = [dock.rule_combo.itemData(i) for i in range(dock.rule_combo.count())]
    assert rules == [None, "offset-w-zero", "prune-width", "type-values"]
    dock.rule_combo.setCurrentIndex(2)
    dock.rule_combo.activated.emit(2)
    assert [p.rule for p in pm.shown()] == ["prune-width"]
    assert pm.data(pm.index(0, 0)) == "2 errors (1 shown)"
    dock.set_rule(None)
    assert len(pm.shown()) == 3


def test_double_click_selects_the_offending_field_and_the_panel_follows(qtbot):
    session, dock, pm = dock_for(qtbot)
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    parent = pm.index(0, 0)
    first = pm.index(0, 0, parent)
    assert pm.problem(first).field == "offset_w[3]"
    dock.view.doubleClicked.emit(first)
    assert session.selection.path == ("record", 0, "value", "offset_w", 3)
    assert panel.entry == 0
    current = panel.weights.view.currentIndex()
    assert (current.row(), current.column()) == (3, panel.weights_model.column_of("offset_w"))
    prune = pm.index(1, 0, parent)
    dock.view.doubleClicked.emit(prune)
    assert session.selection.path == ("prune_record", 0, "consumer", 1, "attr", 2)


def test_reading_problems_come_first_with_their_lines(qtbot):
    text = 'record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    scale_d: 0.25\n    offset_d: 0\n  }\n}\n'
    doc = RecordDocument.from_text(text, "tf-inner")
    session = make_session(small_record())
    session.set_document(doc)
    dock = ProblemsDock(session)
    qtbot.addWidget(dock)
    pm = dock.problems_model
    warnings = children(pm, 1)
    assert warnings[0].rule == "field-override" and warnings[0].line == 5
    assert pm.data(pm.index(0, 3, pm.index(1, 0))).startswith("5")
    assert "line 5" in pm.data(pm.index(0, 0, pm.index(1, 0)), Qt.ItemDataRole.ToolTipRole)


def test_a_new_document_replaces_everything(qtbot):
    session, dock, _pm = dock_for(qtbot)
    session.set_message(small_record("mindspore"))
    session.problems.flush()
    assert dock.summary() == "no problems" and session.problems.dialect.name == "mindspore"


def test_model_survives_filter_changes_under_the_tester(qtbot, qtmodeltester):
    session = make_session(broken_record())
    pm = ProblemsModel(session)
    qtmodeltester.check(pm, force_py=True)
    pm.set_severities(["warning"])
    pm.set_rule("type-values")
    session.push(SetValueCommand(session.editor, ("record", 1, "value", "act_type"), "INT4"))
    assert len(pm.shown()) == 2


def test_reading_problems_belong_to_their_file(qtbot, monkeypatch):
    text = 'record {\n  key: "a"\n  value {\n    offset_d: 1\n    offset_d: 2\n    scale_d: 0.5\n  }\n}\n'
    doc = RecordDocument.from_text(text, "tf-inner")
    session = make_session(small_record())
    problems = session.problems
    checked = []

    class CountingChecker(live_problems.LiveChecker):
        def __init__(self, message, dialect, **kwargs):
            checked.append(message)
            super().__init__(message, dialect, **kwargs)

    monkeypatch.setattr(live_problems, "LiveChecker", CountingChecker)
    session.set_document(doc)  # the reading problems come after the reset: no second full check
    assert problems.checker is not None
    assert checked == [doc.message] and problems.checker.message is doc.message
    assert [p.rule for p in problems.problems][:1] == ["field-override"]
    assert [p.rule for p in problems.reading_problems] == ["field-override"]
    session.set_message(small_record())  # another file: its reading problems are gone
    assert problems.problems == []
    session.set_document(None)  # nothing open
    assert problems.problems == [] and problems.checker is None


def many_errors(layers: int = 500):
    """A record whose every layer has offset_d = 200 under INT8 (one error each) and whose
    first layer also has a warning."""
    from editor.records.synth import make_big

    msg = make_big("tf-inner", layers=layers, channels=4, prune_records=0)
    for entry in msg.record:
        entry.value.offset_d = 200
        del entry.value.scale_w[1:]  # per-tensor: no outlier notes among the errors
        del entry.value.offset_w[1:]
    msg.record[0].value.act_type = "INT16"  # warning: documented as unsupported
    return msg


def test_thousands_of_problems_are_listed_a_chunk_at_a_time(qtbot, qtmodeltester):
    from editor.ui.panels.problems_dock import CHUNK

    session, dock, pm = dock_for(qtbot, many_errors())
    errors = pm.index(0, 0)
    assert pm.data(errors) == "499 errors" and len(pm.shown()) == 500  # layer 0 is fine in INT16
    assert pm.rowCount(errors) == CHUNK and pm.has_more(0)
    assert pm.rowCount(pm.index(1, 0)) == 1  # the warning is listed at once, below
    qtmodeltester.check(pm, force_py=True)  # and keeps watching
    # an edit that fixes the first listed error: the rows move up, the list stays full
    second = pm.problem(pm.index(1, 0, errors))
    session.push(SetValueCommand(session.editor, ("record", 1, "value", "offset_d"), 0))
    assert pm.rowCount(errors) == CHUNK and pm.problem(pm.index(0, 0, errors)) == second
    # a new error below the listed rows is counted, and listed when scrolled to
    session.push(SetValueCommand(session.editor, ("record", 450, "value", "offset_w", 0), 1))
    assert pm.rowCount(errors) == CHUNK and pm.data(errors) == "499 errors"
    assert any(p.rule == "offset-w-zero" for p in pm.shown())
    # the rest comes as the user scrolls through the errors
    dock.resize(900, 300)
    dock.show()
    view = dock.view
    for _ in range(20):
        if not pm.has_more(0):
            break
        shown = pm.rowCount(errors)
        view.scrollTo(pm.index(shown - 1, 0, errors))
        qtbot.waitUntil(lambda shown=shown: pm.rowCount(errors) > shown or not pm.has_more(0))
    assert not pm.has_more(0) and pm.rowCount(errors) == 499
    assert [pm.problem(pm.index(r, 0, errors)) for r in range(499)] == pm.shown()[:499]
    # filters list from the top again
    pm.set_rule("offset-d-range")
    assert pm.rowCount(pm.index(0, 0)) == CHUNK and pm.data(pm.index(0, 0)) == "499 errors (498 shown)"
    # another record with hundreds of other problems: listed from the top, a chunk
    session.set_message(many_errors(700))
    session.problems.flush()
    pm.set_rule(None)
    assert pm.data(pm.index(0, 0)) == "699 errors" and pm.rowCount(pm.index(0, 0)) == CHUNK
    # the shown view fetches the next chunk of the new list as it lays out: let it, inside the
    # test, under the tester (not during teardown, where the tester's output is not captured)
    qtbot.waitUntil(lambda: pm.rowCount(pm.index(0, 0)) > CHUNK, timeout=2000)
    dock.hide()


def test_where_tells_apart_two_records_with_the_same_key(qtbot):
    msg = small_record()
    twin = msg.record.add()
    twin.CopyFrom(msg.record[0])  # record 3: conv1 again
    for i in (0, 3):
        msg.record[i].value.offset_w[2] = 1
    _session, _dock, pm = dock_for(qtbot, msg)
    errors = pm.index(0, 0)
    rows = {(pm.problem(pm.index(r, 0, errors)).rule, pm.data(pm.index(r, 1, errors)))
            for r in range(pm.rowCount(errors))}
    assert rows == {("offset-w-zero", "record 0 · net/conv1/Conv2D › offset_w[2]"),
                    ("offset-w-zero", "record 3 · net/conv1/Conv2D › offset_w[2]"),
                    ("duplicate-key", "record 3 · net/conv1/Conv2D › key")}


def test_a_long_message_wraps_whole_and_the_line_column_fits_big_files(qtbot):
    """Messages were elided in the middle, hiding their useful end (…did you mean "…"), and the
    Line column showed 12…15 for line 12345."""
    _session, dock, pm = dock_for(qtbot)
    dock.resize(900, 400)
    dock.show()
    qtbot.waitExposed(dock)
    view = dock.view
    view.expandAll()
    errors = pm.index(0, 0)
    index = max((pm.index(r, 0, errors) for r in range(pm.rowCount(errors))),
                key=lambda ix: len(pm.data(ix)))
    text = pm.data(index)
    fm = view.fontMetrics()
    width = view.header().sectionSize(0) - 2 * view.indentation() - 16
    assert fm.horizontalAdvance(text) > width  # the message is longer than its column: it wraps
    wrapped = fm.boundingRect(QRect(0, 0, width, 10000), Qt.TextFlag.TextWordWrap, text).height()
    assert 2 * fm.lineSpacing() <= wrapped <= 4 * fm.lineSpacing()  # all of it shows
    qtbot.waitUntil(lambda: view.visualRect(index).height() >= wrapped)
    # the dock (and the Problem column) widens: the message needs fewer lines, the row follows
    narrow = view.visualRect(index).height()
    dock.resize(1600, 400)
    qtbot.waitUntil(lambda: view.visualRect(index).height() < narrow)
    # the Line column fits a line:column of a file of millions of lines
    assert view.header().sectionSize(3) >= fm.horizontalAdvance("1234567:123") == fm.horizontalAdvance(LINE_WIDEST)


def test_a_looked_up_line_changes_only_its_own_row(qtbot):
    """Lines are looked up for the rows asked for; the views hear of those rows only (a view
    lays out every row a change names again: naming all listed rows after each lookup held
    the window for a quarter of a second at a time on a big record)."""
    from editor.records.synth import to_text

    text = to_text(many_errors(40))
    session = make_session(many_errors(40))
    session.set_document(RecordDocument.from_text(text, "tf-inner"))
    session.problems.flush()
    pm = ProblemsModel(session)
    errors = pm.index(0, 0)
    assert pm.rowCount(errors) == 39
    changed: list[tuple[int, int, int, int]] = []
    pm.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), b.row(), a.column(), b.column())))
    line = pm.index(7, 3, errors)
    assert pm.data(line) == ""  # being looked up
    pm.data(pm.index(8, 3, errors))
    pm.data(pm.index(20, 3, errors))
    qtbot.waitUntil(lambda: pm.data(line) != "")
    assert sorted(changed) == [(7, 8, 3, 3), (20, 20, 3, 3)]
    # the line is right: where that layer's offset_d is in the text
    p = pm.problem(pm.index(7, 0, errors))
    assert p is not None
    row = text.splitlines().index(f'  key: "{p.key}"') + 1
    number = int(pm.data(line).split(":")[0])
    assert row < number and "offset_d: 200" in text.splitlines()[number - 1]
