"""Issue 4's "Done means" through the main window, driven offscreen as a user would."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit

from editor.records.problems import Severity
from editor.records.rules import check_message
from editor.ui.field_editors import FieldEdit
from editor.ui.main_window import MainWindow
from tests.ui.kit import (
    ScriptedPrompter,
    copy_sample,
    open_and_wait,
    select_in_tree,
    settle,
    type_and_enter,
    view_index,
)

#: notes the rules give on the TF-inner sample as it is: its layers with scale_w outliers
SAMPLE_NOTES = 18


@pytest.fixture
def window(tmp_path, qtbot):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings, prompter=ScriptedPrompter(), recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(w, before_close_func=lambda win: win.prompter.save_answers.extend(["discard"] * 3))
    w.resize(1400, 900)
    w.show()
    return w


def test_offset_d_200_is_refused_with_int8_and_accepted_with_int16(qtbot, tmp_path, window):
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    open_and_wait(qtbot, window, path)
    select_in_tree(qtbot, window, ("record", 0))  # conv1: act_type "INT8" in the file
    panels = window.record_panels
    assert window.edit_dock.isVisible() and panels.current_panel() is panels.layer_panel
    panel = panels.layer_panel
    assert panel.combos["act_type"].currentData() == "INT8"
    offset = panel.edits["offset_d"]
    before = window.document.message.SerializeToString()
    type_and_enter(qtbot, offset, "200")
    # nothing changed; the field is red and says why; so does the status bar
    assert window.document.message.SerializeToString() == before
    assert window.session.undo_stack.count() == 0 and not window.isWindowModified()
    assert "offset_d = 200 is outside [-128, 127] (act_type INT8)" in offset.toolTip()
    assert "offset_d = 200 is outside [-128, 127]" in window.statusBar().currentMessage()
    # INT16 (this dialect has act_type) makes 200 acceptable
    panel.combos["act_type"].choose("INT16")
    assert offset.reason is None and offset.text() == "200"
    offset.setFocus()
    qtbot.keyClick(offset, Qt.Key.Key_Return)
    assert window.document.message.record[0].value.offset_d == 200
    assert window.document.message.record[0].value.act_type == "INT16"
    assert window.session.undo_stack.count() == 2 and window.isWindowModified()
    # the tree shows it too, and the only new finding is the INT16 documentation warning
    tree_text = window.session.model.data(window.session.model.index_for_path(("record", 0, "value", "offset_d"), 1))
    assert tree_text == "200"
    assert window.rules_dock.counts() == {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: SAMPLE_NOTES}
    assert window.problem_counts_label.text() == f"0 errors, 1 warning, {SAMPLE_NOTES} info"


def test_scale_w_5_edited_in_the_table_and_undone_from_the_tree(qtbot, tmp_path, window):
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    lines = path.read_text().splitlines(keepends=True)
    sixth = [i for i, line in enumerate(lines) if "scale_w:" in line][5]  # conv1's scale_w[5]
    lines[sixth] = "    scale_w: 0\n"  # a degenerate channel the reviewer will fix
    path.write_text("".join(lines))
    open_and_wait(qtbot, window, path)
    model, message = window.session.model, window.document.message
    cell_path = ("record", 0, "value", "scale_w", 5)

    def agree(text: str) -> None:
        """Record, tree row, panel cell and problems say the same."""
        assert message.record[0].value.scale_w[5] == float(np.float32(text))
        assert model.data(model.index_for_path(cell_path, 1)) == text
        tm = window.record_panels.layer_panel.weights_model
        assert tm.data(tm.index(5, tm.column_of("scale_w"))) == text
        shown = sorted(map(repr, window.rules_dock.problems_model.shown()))
        assert shown == sorted(map(repr, check_message(message, "tf-inner")))
        errors = sum(p.severity is Severity.ERROR for p in check_message(message, "tf-inner"))
        assert window.rules_dock.counts()[Severity.ERROR] == errors
        assert window.problem_counts_label.text() == window.rules_dock.summary()

    select_in_tree(qtbot, window, ("record", 0))
    agree("0")
    assert window.rules_dock.counts()[Severity.ERROR] == 1
    panel = window.record_panels.layer_panel
    view = panel.weights.view
    index = panel.weights_model.index(5, 0)
    view.scrollTo(index)
    pos = view.visualRect(index).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.session.selection.path == cell_path  # the tree follows the table
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    editor = view.findChild(FieldEdit)
    assert editor is not None
    editor.selectAll()
    qtbot.keyClicks(editor, "0.0123456789")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.undo_stack.count() == 1)
    agree("0.012345679")
    assert window.rules_dock.counts()[Severity.ERROR] == 0
    # undo from the tree: focus it and press Ctrl+Z
    tree = window.tree.view
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    agree("0")
    assert window.rules_dock.counts()[Severity.ERROR] == 1
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    agree("0.012345679")


def test_double_click_in_the_problems_dock_selects_row_and_field(qtbot, tmp_path, window):
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    text = path.read_text().replace("offset_w: 0", "offset_w: 3", 1)  # conv1's offset_w[0]
    path.write_text(text)
    open_and_wait(qtbot, window, path)
    dock = window.rules_dock
    assert dock.isVisible() and dock.summary() == f"1 error, 0 warnings, {SAMPLE_NOTES} info"
    pm = dock.problems_model
    index = pm.index(0, 0, pm.index(0, 0))
    dock.view.scrollTo(index)
    pos = dock.view.visualRect(index).center()
    qtbot.mouseClick(dock.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(dock.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.session.selection.path == ("record", 0, "value", "offset_w", 0)
    assert window.tree.current_path() == ("record", 0, "value", "offset_w", 0)
    panel = window.record_panels.layer_panel
    assert window.record_panels.current_panel() is panel and panel.entry == 0
    current = panel.weights.view.currentIndex()
    assert (current.row(), current.column()) == (0, panel.weights_model.column_of("offset_w"))


def test_a_click_in_the_problems_dock_selects_the_row_and_leaves_the_focus_there(qtbot, tmp_path, window):
    """The issue: "clicking one selects the row". A single click did nothing."""
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    text = path.read_text().replace("offset_w: 0", "offset_w: 3", 1)  # conv1's offset_w[0]
    at = text.index("offset_w: 0", text.index("record {", text.index("record {") + 1))
    path.write_text(text[:at] + "offset_w: 4" + text[at + len("offset_w: 0"):])  # record 1's offset_w[0]
    open_and_wait(qtbot, window, path)
    window.activateWindow()
    dock = window.rules_dock
    assert dock.summary() == f"2 errors, 0 warnings, {SAMPLE_NOTES} info"
    pm = dock.problems_model
    first, _second = (pm.index(r, 0, pm.index(0, 0)) for r in (0, 1))
    dock.view.scrollTo(first)
    qtbot.mouseClick(dock.view.viewport(), Qt.MouseButton.LeftButton, pos=dock.view.visualRect(first).center())
    assert window.tree.current_path() == ("record", 0, "value", "offset_w", 0)
    assert window.record_panels.layer_panel.entry == 0
    qtbot.waitUntil(dock.view.hasFocus)  # still in the list: the next key moves through it
    qtbot.keyClick(dock.view, Qt.Key.Key_Down)
    assert window.tree.current_path() == ("record", 1, "value", "offset_w", 0)
    assert dock.view.hasFocus()
    # Enter (as a double-click) jumps: the field takes the focus
    qtbot.keyClick(dock.view, Qt.Key.Key_Return)
    panel = window.record_panels.layer_panel
    qtbot.waitUntil(lambda: panel.weights.view.hasFocus())
    current = panel.weights.view.currentIndex()
    assert (panel.entry, current.row(), current.column()) == (1, 0, panel.weights_model.column_of("offset_w"))
    # the list changing under an edit (its current row goes) does not move the tree
    window.tree.select_path(("record", 5))
    window.tree.view.setFocus()
    from editor.records.edits.commands import SetValueCommand
    window.session.undo_stack.push(SetValueCommand(window.session.editor, ("record", 1, "value", "offset_w", 0), 0))
    qtbot.waitUntil(lambda: dock.summary() == f"1 error, 0 warnings, {SAMPLE_NOTES} info")
    assert window.tree.current_path() == ("record", 5)


def test_prune_records_open_the_prune_panel(qtbot, tmp_path, window):
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    open_and_wait(qtbot, window, path)
    select_in_tree(qtbot, window, ("prune_record", 0))
    panels = window.record_panels
    assert panels.current_panel() is panels.prune_panel
    tm = panels.prune_panel.table_model
    before = window.document.message.SerializeToString()
    end = tm.index(1, tm.END)
    assert not tm.setData(end, str(int(tm.data(end)) - 1))
    assert "must have the same width" in window.statusBar().currentMessage()
    assert window.document.message.SerializeToString() == before


@pytest.mark.parametrize("second", ["resnet_caffe.txt", "resnet_pytorch.txt", "resnet_tf_inner_prune.txt"])
def test_opening_another_file_with_a_channel_selected(qtbot, tmp_path, window, second):
    """A channel clicked in the Edit dock's table, then another file (of another dialect or
    the same one): no error, nothing of the old file stays selected, the panels show the
    new record."""
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    select_in_tree(qtbot, window, ("record", 4))
    panel = window.record_panels.layer_panel
    view = panel.weights.view
    index = panel.weights_model.index(2, 0)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    assert window.session.selection.path == ("record", 4, "value", "scale_w", 2)
    assert window.plots.currentWidget() is window.plots.channels
    other = tmp_path / "other"
    other.mkdir()
    open_and_wait(qtbot, window, copy_sample(other, second))
    window.grab()  # paint every widget, the Edit dock's old tables included
    settle()  # and let deferred deletions and timers run
    window.grab()
    assert window.session.selection.path == ()
    assert window.record_panels.current_panel() is window.record_panels.hint
    assert panel.entry is None and window.tree.current_path() is None
    assert window.plots.currentWidget() is window.plots.overview
    # the panels edit the new record
    message = window.document.message
    select_in_tree(qtbot, window, ("record", 4))
    panel = window.record_panels.layer_panel
    assert window.record_panels.current_panel() is panel and panel.entry == 4
    assert panel.key_edit.text() == message.record[4].key
    assert ("channels" in panel.edits) == (second == "resnet_caffe.txt")
    tm = panel.weights_model
    assert tm.rowCount() == len(message.record[4].value.scale_w)
    assert tm.data(tm.index(2, tm.column_of("scale_w"))) == window.session.model.data(
        window.session.model.index_for_path(("record", 4, "value", "scale_w", 2), 1))


def type_in_tree(qtbot, window: MainWindow, path, text: str, column: int = 1) -> QLineEdit:
    """Double-click the cell of `path` in the tree, type `text` and press Enter."""
    view = window.tree.view
    cell = view_index(window, path, column)
    rect = view.visualRect(cell)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editor = view.indexWidget(cell)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    return editor


def test_the_tree_refuses_offset_d_200_with_int8_and_takes_it_with_int16(qtbot, tmp_path, window):
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    message = window.document.message
    assert message.record[0].value.act_type == "INT8"
    before = message.SerializeToString()
    offset_d = ("record", 0, "value", "offset_d")

    def editor_of(path):
        return window.tree.view.indexWidget(view_index(window, path, 1))

    editor = type_in_tree(qtbot, window, offset_d, "200")
    settle()  # an accepted value would be committed on the next turn of the event loop
    # Enter did nothing: the editor stays open, red, and says why, as the layer panel does
    reason = "offset_d = 200 is outside [-128, 127] (act_type INT8)"
    assert editor_of(offset_d) is editor
    assert reason in editor.toolTip()
    assert reason in window.statusBar().currentMessage()
    assert message.SerializeToString() == before and window.session.undo_stack.count() == 0
    # leaving the editor with the refused text in it changes nothing either
    window.tree.view.setFocus()
    qtbot.waitUntil(lambda: editor_of(offset_d) is None)
    assert message.SerializeToString() == before and window.session.undo_stack.count() == 0
    assert reason in window.statusBar().currentMessage()
    # act_type INT16 (typed in the tree too) makes 200 acceptable
    type_in_tree(qtbot, window, ("record", 0, "value", "act_type"), "INT16")
    qtbot.waitUntil(lambda: message.record[0].value.act_type == "INT16")
    type_in_tree(qtbot, window, offset_d, "200")
    qtbot.waitUntil(lambda: message.record[0].value.offset_d == 200)
    assert window.session.undo_stack.count() == 2
    # and INT16's own range holds
    editor = type_in_tree(qtbot, window, offset_d, "40000")
    settle()
    assert message.record[0].value.offset_d == 200 and editor_of(offset_d) is editor
    assert "offset_d = 40000 is outside [-32768, 32767] (act_type INT16)" in editor.toolTip()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: editor_of(offset_d) is None)
    assert message.record[0].value.offset_d == 200 and window.session.undo_stack.count() == 2


def test_the_tree_refuses_a_duplicate_key_and_an_empty_prune_range(qtbot, tmp_path, window):
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    message = window.document.message
    before = message.SerializeToString()
    editor = type_in_tree(qtbot, window, ("record", 1), message.record[0].key, column=0)
    qtbot.waitUntil(lambda: "already used by record 0" in editor.toolTip())
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    settle()  # the window re-lays out as the editor closes: the next cell is found where it is shown
    node = message.prune_record[0].producer[0]
    j = next(k for k, a in enumerate(node.attr) if a.name == "end")
    begin = next(a.i for a in node.attr if a.name == "begin")
    editor = type_in_tree(qtbot, window, ("prune_record", 0, "producer", 0, "attr", j, "i"), str(begin))
    qtbot.waitUntil(lambda: f"begin = {begin}" in editor.toolTip() and f"end = {begin}" in editor.toolTip())
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    settle()
    assert message.SerializeToString() == before and window.session.undo_stack.count() == 0


def test_set_field_on_selected_layers_refuses_what_breaks_a_hard_rule(qtbot, tmp_path, window):
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    message = window.document.message
    before = message.SerializeToString()
    window.tree.select_paths([("record", 1), ("record", 2)])
    assert window.tree.selection_summary() == "2 layers selected"
    for field, value, reason in (("offset_d", 200, "offset_d = 200 is outside [-128, 127]"),
                                 ("scale_d", -1.0, "scale_d")):
        assert not window.tree.set_field_on_selected(field, value)
        title, text = window.prompter.errors[-1]
        assert title == "Set field" and "Nothing was changed" in text and reason in text
        assert "2 of 2 selected layer(s)" in text
        assert message.SerializeToString() == before and window.session.undo_stack.count() == 0
    # an allowed value goes through, as one undo step
    assert window.tree.set_field_on_selected("offset_d", -100)
    assert [message.record[i].value.offset_d for i in (1, 2)] == [-100, -100]
    assert window.session.undo_stack.count() == 1


def duplicated_first_record(tmp_path):
    """The TF-inner sample with its first record (conv1) appended again at the end."""
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    text = path.read_text()
    start = text.index("record {")
    end = text.index("\nrecord {", start + 1) + 1
    first_prune = text.index("prune_record {")
    path.write_text(text[:first_prune] + text[start:end] + text[first_prune:])
    return path


def test_a_duplicate_key_is_listed_once_as_check_lists_it_and_goes_when_renamed(qtbot, tmp_path, window):
    from editor.records.document import RecordDocument
    from editor.records.rules import document_problems

    path = duplicated_first_record(tmp_path)
    open_and_wait(qtbot, window, path)
    message = window.document.message
    last = len(message.record) - 1
    assert message.record[last].key == message.record[0].key
    dock = window.rules_dock
    # what the dock lists is what `record-editor check` lists: the duplicate once, with its line
    expected = document_problems(RecordDocument.load(path))
    expected = [p for p in expected if p.rule != "scale-w-outlier"]  # the sample's notes, located only by check
    assert [p.rule for p in expected] == ["duplicate-key"]
    shown = [p for p in dock.problems_model.shown() if p.rule != "scale-w-outlier"]
    assert sorted(map(repr, shown)) == sorted(map(repr, expected))
    assert dock.summary() == f"1 error, 0 warnings, {SAMPLE_NOTES} info"
    assert window.problem_counts_label.text() == f"1 error, 0 warnings, {SAMPLE_NOTES} info"
    # rename the second conv1 in the panel's key field: the reader's finding goes too
    select_in_tree(qtbot, window, ("record", last))
    key = window.record_panels.layer_panel.key_edit
    type_and_enter(qtbot, key, "resnet_v1_50/conv1/Conv2D_copy")
    assert message.record[last].key == "resnet_v1_50/conv1/Conv2D_copy"
    assert dock.summary() == f"0 errors, 0 warnings, {SAMPLE_NOTES} info"
    assert [p for p in dock.problems_model.shown() if p.rule != "scale-w-outlier"] == []
    assert window.problem_counts_label.text() == window.rules_dock.summary()
    # undo brings the duplicate back, once, still with its line from the file
    window.session.undo_stack.undo()
    (dup,) = [p for p in dock.problems_model.shown() if p.rule != "scale-w-outlier"]
    assert dup.rule == "duplicate-key" and dup.line == expected[0].line and dup.record_index == last


def _inside(widget, container) -> bool:
    """Whether `widget` is shown whole inside `container` (no part cut off or scrolled away)."""
    rect = widget.rect().translated(widget.mapTo(container, widget.rect().topLeft()))
    return widget.isVisible() and container.rect().contains(rect)


def _columns_fit(view) -> bool:
    """Every shown column of a table lies inside its viewport: nothing to scroll sideways to."""
    header = view.horizontalHeader()
    right = max(header.sectionViewportPosition(c) + header.sectionSize(c)
                for c in range(header.count()) if not view.isColumnHidden(c))
    return view.horizontalScrollBar().maximum() == 0 and right <= view.viewport().width()


def test_the_prune_panel_fits_the_edit_dock(qtbot, tmp_path, window):
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    dock = window.edit_dock
    panel = window.record_panels.prune_panel
    tm = panel.table_model
    for j in (0, 2, 27):  # plain; nodes with other attributes; a selective_prune node only
        select_in_tree(qtbot, window, ("prune_record", j))
        settle()
        # the dock along the window's bottom keeps its height: the plots keep theirs
        assert dock.height() <= window.dock_folder.opened_height() + 4
        for button in (panel.range_button, panel.add_consumer_button, panel.delete_button):
            assert _inside(button, dock), (j, button.text())
        assert _columns_fit(panel.view), j
        for c in (tm.NAME, tm.TYPE, tm.BEGIN, tm.END, tm.WIDTH):
            assert not panel.view.isColumnHidden(c)
        assert panel.view.columnWidth(tm.NAME) >= 100
        full = window.document.message.prune_record[j]
        name = full.producer[0].name if full.producer else full.selective_prune.name
        assert tm.data(tm.index(0, tm.NAME), Qt.ItemDataRole.ToolTipRole) == name
        if j == 2:  # other attributes: a column when the name keeps room, else listed for the current node
            panel.view.setCurrentIndex(tm.index(0, tm.NAME))
            if panel.view.isColumnHidden(tm.OTHER):
                assert "producer[0]: " in panel.other_label.text() and "group=1" in panel.other_label.text()
                assert _inside(panel.other_label, dock)
            else:
                assert panel.other_label.isHidden()


def test_the_layer_panel_shows_its_problems_and_every_column_at_the_default_size(qtbot, tmp_path, window):
    path = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    text = path.read_text().replace("offset_w: 0", "offset_w: 3", 1)  # conv1: one error
    path.write_text(text.replace("scale_d: 1.0749822", "scale_d: 1e-09", 1))  # and one warning
    open_and_wait(qtbot, window, path)
    select_in_tree(qtbot, window, ("record", 0))
    settle()
    dock = window.edit_dock
    panel = window.record_panels.layer_panel
    assert panel.problem_list.count() == 2
    assert _inside(panel.problems_title, dock) and _inside(panel.problem_list, dock)
    view = panel.problem_list
    for r in range(view.count()):  # each problem whole, without scrolling the list
        assert view.viewport().rect().contains(view.visualItemRect(view.item(r))), r
    table = panel.weights.view
    assert _columns_fit(table)
    assert not table.isColumnHidden(panel.weights_model.column_of("dequant scale"))
    assert _inside(panel.edits["scale_d"], dock) and _inside(panel.edits["offset_d"], dock)
    assert _inside(table, dock)


def test_a_warning_marks_its_field_amber_and_an_error_red_without_refusing(qtbot, tmp_path, window):
    from editor.ui.field_editors import WARNING_STYLE

    path = duplicated_first_record(tmp_path)
    path.write_text(path.read_text().replace("scale_d: 1.0749822", "scale_d: 1e-09", 1))  # conv1
    open_and_wait(qtbot, window, path)
    message = window.document.message
    select_in_tree(qtbot, window, ("record", 0))
    panel = window.record_panels.layer_panel
    scale_d, offset_d = panel.edits["scale_d"], panel.edits["offset_d"]
    assert scale_d.property("mark") == "warning" and scale_d.reason is None
    assert WARNING_STYLE in scale_d.styleSheet()
    assert scale_d.toolTip().startswith("warning: ") and "below FLT_EPSILON" in scale_d.toolTip()
    assert offset_d.property("mark") == "" and offset_d.styleSheet() == ""
    assert panel.key_edit.property("mark") == ""  # the first conv1 is the one AMCT uses
    # a legal value replaces it: taken at once, and the mark goes
    type_and_enter(qtbot, scale_d, "0.5")
    assert message.record[0].value.scale_d == 0.5 and window.session.undo_stack.count() == 1
    assert scale_d.property("mark") == "" and scale_d.styleSheet() == ""
    window.session.undo_stack.undo()
    assert scale_d.property("mark") == "warning"
    # the warning value itself can be typed again: marked, not refused
    type_and_enter(qtbot, scale_d, "2e-09")
    assert message.record[0].value.scale_d == float(np.float32(2e-09)) and scale_d.reason is None
    assert scale_d.property("mark") == "warning"
    # the second conv1's key is an error: red, the reason in the tooltip
    select_in_tree(qtbot, window, ("record", len(message.record) - 1))
    assert panel.key_edit.property("mark") == "error" and "appears again" in panel.key_edit.toolTip()
