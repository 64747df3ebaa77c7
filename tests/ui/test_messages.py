"""What the window says: a refusal goes once a value is accepted, hints name the range that
applies and no value the rules refuse, long messages are read in full, and the Problems
dock gives rule problems their line in the file, as `check` does."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from editor.records.document import RecordDocument
from editor.records.rules import check_document
from editor.ui.status_bar import StatusBar
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import copy_sample, open_and_wait, view_index

OFFSET_D = ("record", 0, "value", "offset_d")
SCALE_D = ("record", 0, "value", "scale_d")


def edit_in_tree(qtbot, window, path) -> QLineEdit:
    """Open the tree's editor of `path`'s value with F2, its text selected."""
    tree, view = window.tree, window.tree.view
    assert tree.select_path(path)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.indexWidget(view_index(window, path, 1))
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    return editor


def test_a_refusal_goes_once_a_value_is_accepted(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    bar = window.statusBar()
    assert isinstance(bar, StatusBar)
    editor = edit_in_tree(qtbot, window, OFFSET_D)
    qtbot.keyClicks(editor, "300")
    assert "outside [-128, 127]" in bar.currentMessage() and bar.showing_refusal
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)  # "30": the record may take it
    assert bar.currentMessage() == ""
    qtbot.keyClicks(editor, "0")  # refused again…
    assert "outside [-128, 127]" in bar.currentMessage()
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # …and Return does not take it
    assert bar.currentMessage() != ""
    editor.selectAll()
    qtbot.keyClicks(editor, "12")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.document.message.record[0].value.offset_d == 12)
    assert bar.currentMessage() == "" and not bar.showing_refusal
    # a refusal from the Edit dock goes the same way once an edit lands
    window.record_panels.message.emit("offset_d = 300 is outside [-128, 127]")
    window.statusBar().showMessage("offset_d = 300 is outside [-128, 127]", 8000)
    assert bar.showing_refusal
    window.tree.set_field_on_selected("offset_d", 5)
    assert bar.currentMessage() == ""
    # other messages are not refusals: an edit leaves them
    window.tree.copy_selected()
    said = bar.currentMessage()
    assert said.startswith("Copied")
    window.tree.set_field_on_selected("offset_d", 6)
    assert bar.currentMessage() == said


def test_hints_name_the_range_that_applies_and_no_value_the_rules_refuse(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    message = window.document.message
    assert message.record[0].value.act_type == "INT8"
    bar = window.statusBar()
    editor = edit_in_tree(qtbot, window, OFFSET_D)
    assert editor.toolTip() == "offset_d: a whole number from -128 to 127 (act_type INT8)"
    qtbot.keyClicks(editor, "abc")
    said = bar.currentMessage()
    assert said == "offset_d takes a whole number from -128 to 127 (act_type INT8), not 'abc'"
    assert "2147483647" not in said and editor.toolTip() == said
    editor.selectAll()
    qtbot.keyClicks(editor, "99999999999")  # beyond int32 too: still the range that applies
    assert "-128 to 127" in bar.currentMessage() and "2147483647" not in bar.currentMessage()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    # under INT16 the hint follows the layer's act_type
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("act_type", "INT16")
    editor = edit_in_tree(qtbot, window, OFFSET_D)
    assert "-32768 to 32767 (act_type INT16)" in editor.toolTip()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    # scale_d's hint suggests nothing the rules refuse (it said "inf or nan")
    editor = edit_in_tree(qtbot, window, SCALE_D)
    assert "inf" not in editor.toolTip() and "nan" not in editor.toolTip()
    assert "> 0" in editor.toolTip()
    qtbot.keyClicks(editor, "x")
    assert "inf" not in bar.currentMessage() and "> 0" in bar.currentMessage()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)


def test_a_long_message_is_not_cut_by_the_labels_beside_it(qtbot, tmp_path, env):
    window = env()
    window.resize(1280, 820)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    bar = window.statusBar()
    label = bar.message_label
    lines = label.fontMetrics().lineSpacing()
    short = "Saved resnet_tf_inner_prune.txt"
    bar.showMessage(short, 8000)
    qtbot.waitUntil(lambda: bar.height() < 2 * lines + 4)
    assert label.text() == short and label.toolTip() == ""
    long = ("Not changed: " + "layer \"resnet_v1_50/block3/unit_5/bottleneck_v1/conv2/Conv2D\": "
            "offset_d = 300 is outside [-128, 127] (act_type INT8); " * 3).strip()
    bar.showMessage(long, 8000)
    # a second line, and the whole text in the tooltip
    qtbot.waitUntil(lambda: label.height() >= 2 * lines and bar.height() >= 2 * lines)
    assert bar.currentMessage() == long and label.toolTip() == long
    shown = label.text()
    assert shown == long or (shown.endswith("…") and long.startswith(shown[:-1].rstrip()))
    # the text ends before the permanent labels begin
    permanent = [w for w in (window.selection_label, window.counts_label, window.dialect_label,
                             window.problem_counts_label) if w.isVisible() and w.text()]
    assert permanent
    assert label.geometry().right() < min(w.geometry().left() for w in permanent)
    needed = label.fontMetrics().boundingRect(label.contentsRect(), int(Qt.TextFlag.TextWordWrap), shown)
    assert needed.height() <= label.contentsRect().height() + 1
    bar.clearMessage()
    qtbot.waitUntil(lambda: bar.height() < 2 * lines + 4)


def test_the_problems_dock_gives_rule_problems_their_line_as_check_does(qtbot, tmp_path, env):
    text = RESNET50_CAFFE.read_text()
    # two rule problems in the real record: offset_d out of range, a weight offset
    text = text.replace("    offset_d: -14\n", "    offset_d: 300\n", 1)
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("    offset_w: 0") and i > 5000)
    lines[at] = "    offset_w: 2\n"
    path = tmp_path / "resnet50_caffe_record.txt"
    path.write_text("".join(lines))
    expected = {(p.rule, p.record_index, p.field): (p.line, p.column)
                for p in check_document(RecordDocument.load(path))}
    # (and the record's own notes: its layers with scale_w outliers)
    assert {rule for rule, _i, _f in expected} == {"offset-d-range", "offset-w-zero", "scale-w-outlier"}
    assert all(line is not None for line, _c in expected.values())

    window = env()
    open_and_wait(qtbot, window, path)
    dock = window.rules_dock
    model = dock.problems_model

    def shown() -> dict:
        out = {}
        for g in range(model.rowCount()):
            parent = model.index(g, 0)
            for r in range(model.rowCount(parent)):
                p = model.problem(model.index(r, 0, parent))
                out[(p.rule, p.record_index, p.field)] = model.index(r, 3, parent).data()
        return out

    qtbot.waitUntil(lambda: all(shown().values()) and len(shown()) == len(expected), timeout=30000)
    assert shown() == {k: f"{line}:{column}" for k, (line, column) in expected.items()}
    assert expected[("offset-d-range", 0, "offset_d")][0] == 5  # line 5 of the file, as typed
    # an entry edited since the file was read is no longer where the file says: no line
    window.tree.select_path(("record", 0))
    assert window.tree.set_field_on_selected("scale_d", 0.5)
    after = {k: ("" if k[1] == 0 else f"{line}:{column}") for k, (line, column) in expected.items()}
    qtbot.waitUntil(lambda: shown() == after)
