"""Comparing the open record with another one in the window: File ▸ Compare With…, the
Differences table, Next/Previous Difference, Take from B, the tolerance, closing."""
from __future__ import annotations

import math
import struct

import pytest
from google.protobuf import text_format
from PySide6.QtCore import QSettings, Qt

from editor.records.attrs import AttrProto
from editor.records.dialects import DIALECTS
from editor.records.diff.rows import RowKind, step
from editor.records.document import RecordDocument, convert_message
from editor.records.edits.takes import TakeField, TakeRefused, plan_take
from editor.records.messages import RecordMessage
from editor.ui.session import ReadOnlyError
from tests.ui.kit import ScriptedPrompter, copy_sample, document_of, open_and_wait, snapshot

SAMPLE = "resnet_tf_inner_prune.txt"
CHANGED = (2, 5, 9)  # the layers B changes


def _write(path, message) -> None:
    path.write_text(text_format.MessageToString(message), encoding="utf-8")


def _b_of(a_path, tmp_path, edit, name="b.txt"):
    """B: the record at `a_path` with `edit(message)` applied, written next to it."""
    message = RecordDocument.load(a_path).message
    edit(message)
    b = tmp_path / name
    _write(b, message)
    return b


def _three_layers(message) -> None:
    message.record[2].value.scale_w[1] *= 2
    message.record[5].value.scale_d *= 1.5
    message.record[9].value.scale_w[3] = 0.123
    message.record[9].value.scale_w[4] = 0.125


def _compare(qtbot, window, b_path):
    c = window.compare.controller
    with qtbot.waitSignal(c.opened, timeout=30000):
        assert window.compare.compare_with(b_path)
    qtbot.waitUntil(lambda: c.current, timeout=10000)
    return c


def _settle(qtbot, c) -> None:
    """Wait until the comparison has caught up with A's last edit."""
    qtbot.waitUntil(lambda: c.current, timeout=10000)


@pytest.fixture
def compared(qtbot, tmp_path, env):
    """A window with the sample open as A, compared with a copy that differs in three layers."""
    window = env()
    a = copy_sample(tmp_path, SAMPLE)
    open_and_wait(qtbot, window, a)
    b = _b_of(a, tmp_path, _three_layers)
    return window, _compare(qtbot, window, b)


def test_compare_with_opens_b_read_only_and_the_table_lists_exactly_the_changed_layers(qtbot, compared):
    window, c = compared
    before = snapshot(window.session)
    message_b = c.message_b
    keys = [window.session.message.record[i].key for i in CHANGED]
    rows = window.compare.view.model.shown
    assert [(r.layer, r.field) for r in rows] == [(keys[0], "scale_w"), (keys[1], "scale_d"), (keys[2], "scale_w")]
    last = rows[2]
    assert last.channels == "2 of 16" and last.b in ("[3] 0.123", "[4] 0.125")
    assert rows[1].change == "+50%"
    # the Differences tab is up, and the status bar says what is compared
    plots = window.plots
    assert plots.currentWidget() is window.compare.view and plots.isTabVisible(plots.indexOf(window.compare.view))
    assert window.compare.label.text() == "⇄ b.txt: 3 layers of 55 differ"
    assert "B: b.txt (tf-inner, read-only)" in window.compare.view.title.text()
    # B is read-only; A was not touched by opening it
    assert c.session_b.read_only
    with pytest.raises(ReadOnlyError):
        from editor.records.edits.commands import SetValueCommand
        c.session_b.push(SetValueCommand(c.session_b.editor, ("record", 0, "value", "scale_d"), 1.0))
    assert snapshot(window.session) == before and window.session.undo_stack.count() == 0
    assert c.message_b is message_b


def test_next_difference_visits_the_three_layers_in_order_and_wraps(qtbot, compared):
    window, _c = compared
    window.tree.view.setFocus()
    visited = []
    for _ in range(3):
        qtbot.keyClick(window.tree.view, Qt.Key.Key_F7)
        visited.append(window.session.selection.path)
    expected = [("record", 2, "value", "scale_w"), ("record", 5, "value", "scale_d"),
                ("record", 9, "value", "scale_w")]
    assert visited == expected
    assert window.tree.current_path() == expected[-1]  # the tree follows
    qtbot.keyClick(window.tree.view, Qt.Key.Key_F7)
    assert window.session.selection.path == expected[0]
    assert "wrapped around" in window.statusBar().currentMessage()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
    assert window.session.selection.path == expected[-1]
    # from inside a differing field (one of its channels), Previous goes to the field before
    window.session.selection.select(("record", 9, "value", "scale_w", 3))
    assert window.compare.step_difference(False) == expected[1]
    # the table's row follows the selection
    assert window.compare.view.view.currentIndex().row() == 1


def test_take_span_from_b_makes_a_equal_there_and_one_undo_restores_it_bit_exactly(qtbot, compared):
    window, c = compared
    a = window.session.message
    b = c.message_b
    before = snapshot(window.session)
    plots = window.plots
    window.compare.open_row(window.compare.view.model.shown[2])  # layer 9's scale_w: into Channels
    assert plots.currentWidget() is plots.channels and plots.channels.layer_index == 9
    assert window.session.selection.path == ("record", 9, "value", "scale_w", 3)  # the largest change
    plots.channels.set_span(2, 4)
    window.compare.act_take.trigger()  # Ctrl+Shift+B: the span, since Channels is up with one
    assert list(a.record[9].value.scale_w[2:5]) == list(b.record[9].value.scale_w[2:5])
    assert a.record[9].value.scale_w[3] == struct.unpack("<f", struct.pack("<f", 0.123))[0]
    assert window.session.undo_stack.count() == 1
    assert window.session.undo_stack.text(0) == (f"Take scale_w[2–4] of layer {a.record[9].key!r} from B")
    _settle(qtbot, c)
    assert [r.layer for r in c.rows] == [a.record[2].key, a.record[5].key]
    window.tree.view.setFocus()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert snapshot(window.session) == before
    _settle(qtbot, c)
    assert len(c.rows) == 3


def test_take_selected_rows_field_and_layer_one_step_each(qtbot, compared):
    window, c = compared
    a, b = window.session.message, c.message_b
    view = window.compare.view
    view.view.setFocus()
    view.select_rows([0, 1])
    qtbot.keyClick(view.view, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert a.record[2].value.scale_w[1] == b.record[2].value.scale_w[1]
    assert a.record[5].value.scale_d == b.record[5].value.scale_d
    assert window.session.undo_stack.count() == 1
    assert window.session.undo_stack.text(0) == "Take 2 differences from B"
    _settle(qtbot, c)
    assert [r.layer for r in c.rows] == [a.record[9].key]
    # a layer, from the tree's selection
    window.tree.select_path(("record", 9))
    assert window.compare.take_layer()
    assert a.record[9].SerializeToString() == b.record[9].SerializeToString()
    _settle(qtbot, c)
    assert c.rows == [] and window.compare.label.text() == "⇄ b.txt: no differences"
    assert window.session.undo_stack.count() == 2
    window.session.undo_stack.undo()
    _settle(qtbot, c)
    assert len(c.rows) == 1


def test_take_is_refused_with_the_rule_it_would_break(qtbot, tmp_path, env):
    window = env()
    a = copy_sample(tmp_path, SAMPLE)
    open_and_wait(qtbot, window, a)

    def bad(message):
        message.record[3].value.offset_d = 200  # outside INT8's [-128, 127]
        message.record[4].value.scale_w[0] = 0.0  # scale_w must be > 0
        message.record[4].value.scale_w[5] *= 3

    c = _compare(qtbot, window, _b_of(a, tmp_path, bad))
    before = snapshot(window.session)
    rows = window.compare.view.model.shown
    assert [(r.index_a, r.field) for r in rows] == [(3, "offset_d"), (4, "scale_w")]
    assert not window.compare.take_rows([rows[0]])
    message = window.statusBar().currentMessage()
    assert message.startswith("Not taken: layer ") and "offset_d" in message and "200" in message
    assert not window.compare.take_selection([("record", 4, "value", "scale_w")])
    assert "scale_w" in window.statusBar().currentMessage()
    assert snapshot(window.session) == before and window.session.undo_stack.count() == 0
    # channel 5 alone breaks nothing: taken
    assert window.compare.take_selection([("record", 4, "value", "scale_w", 5)])
    assert window.session.message.record[4].value.scale_w[5] == c.message_b.record[4].value.scale_w[5]
    assert window.session.message.record[4].value.scale_w[0] != 0


def test_layers_only_in_one_record_are_listed_deleted_and_added(qtbot, tmp_path, env):
    window = env()
    a = copy_sample(tmp_path, SAMPLE)
    open_and_wait(qtbot, window, a)
    keys = list(window.session.editor.keys())

    def edit(message):
        del message.record[7]
        extra = message.record.add()
        extra.CopyFrom(message.record[0])
        extra.key = "net/extra/Conv2D"

    c = _compare(qtbot, window, _b_of(a, tmp_path, edit))
    rows = window.compare.view.model.shown
    assert [(r.kind, r.layer) for r in rows] == [(RowKind.ONLY_A, keys[7]), (RowKind.ONLY_B, "net/extra/Conv2D")]
    assert window.compare.step_difference(True) == ("record", 7)  # only A's can be visited
    assert window.compare.take_rows(rows)
    assert window.session.editor.keys() == [e.key for e in c.message_b.record]
    assert window.session.undo_stack.count() == 1
    _settle(qtbot, c)
    assert c.rows == []
    window.session.undo_stack.undo()
    assert window.session.editor.keys() == keys


def test_tolerance_and_layer_filter(qtbot, compared):
    window, c = compared
    view = window.compare.view
    view.set_tolerance(0.4, 0)
    qtbot.waitUntil(lambda: c.current and c.rtol == 0.4, timeout=10000)
    # |a - b| <= 0.4 |b|: scale_d × 1.5 is within, a channel × 2 is not
    assert [r.field for r in view.model.shown] == ["scale_w", "scale_w"]
    assert "(rtol 0.4, atol 0)" in view.summary.text()
    view.rtol_edit.setText("-1")
    view._tolerance_edited()
    assert "Not changed" in view.summary.text() and c.rtol == 0.4
    view.set_tolerance(0, 0)
    qtbot.waitUntil(lambda: c.current and c.rtol == 0, timeout=10000)
    assert len(view.model.shown) == 3
    key9 = window.session.message.record[9].key
    view.filter_edit.setText(key9.split("/")[2] + "/bottleneck_v1/conv2")  # a part of one key
    assert [r.layer for r in view.model.shown] == [key9]
    assert "1 of 3 rows shown" in view.summary.text()
    view.filter_edit.setText("unit_[12]/")  # a regular expression
    assert len(view.model.shown) == 2
    view.filter_edit.setText("")
    # sorting by the largest change: the biggest first when descending
    view.view.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    assert view.model.shown[0].layer == key9  # 0.123 over a scale of about 0.01
    view.view.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    assert view.model.shown[0].field == "scale_d"


def test_the_comparison_follows_edits_of_a(qtbot, compared):
    window, c = compared
    from editor.records.edits.commands import SetValueCommand

    b = c.message_b
    window.session.push(SetValueCommand(window.session.editor, ("record", 5, "value", "scale_d"),
                                        b.record[5].value.scale_d))
    assert c.busy
    _settle(qtbot, c)
    assert [(r.index_a, r.field) for r in c.rows] == [(2, "scale_w"), (9, "scale_w")]
    window.session.push(SetValueCommand(window.session.editor, ("record", 0, "value", "offset_d"), 3))
    _settle(qtbot, c)
    assert (0, "offset_d") in [(r.index_a, r.field) for r in c.rows]


def test_closing_the_comparison_leaves_a_and_another_file_closes_it(qtbot, tmp_path, compared):
    window, c = compared
    window.compare.take_rows([window.compare.view.model.shown[1]])
    kept = snapshot(window.session)
    window.compare.act_close.trigger()
    assert not c.is_open and c.session_b.document is None
    plots = window.plots
    assert not plots.isTabVisible(plots.indexOf(window.compare.view))
    assert snapshot(window.session) == kept and window.session.undo_stack.count() == 1
    assert not window.compare.label.isVisible() and not window.compare.act_next.isEnabled()
    # compare again; A saved under another name is still compared, reloaded too
    c2 = _compare(qtbot, window, c_path := tmp_path / "b.txt")
    assert c2 is c and c.is_open and c_path.exists()
    from editor.ui.dialogs import SaveAsChoice

    renamed = tmp_path / "a_renamed.txt"
    assert window.documents.save_to(SaveAsChoice(renamed, False, window.document.dialect))
    with qtbot.waitSignal(window.loadFinished, timeout=30000):
        window.documents.reload()
    assert window.document.path == renamed
    _settle(qtbot, c)
    assert c.is_open and [r.field for r in c.rows] == ["scale_w", "scale_w"]
    # another record: the comparison goes
    window.prompter.save_answers.append("discard")
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_onnx.txt"))
    assert not c.is_open and c.session_b.document is None


def test_across_dialects_the_fields_one_has_are_listed_apart_and_not_taken(qtbot, tmp_path, env):
    window = env()
    a = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, a)
    onnx: RecordMessage  # read by field name
    onnx, _ = convert_message(RecordDocument.load(a).message, DIALECTS["onnx"], drop_unsupported=True)
    onnx.record[4].value.scale_w[2] *= 1.5
    b = tmp_path / "b_onnx.txt"
    _write(b, onnx)  # its text uses only names tf-inner has too: read as tf-inner first
    c = _compare(qtbot, window, b)
    assert c.document_b.dialect.name == "tf-inner" and window.compare.read_b_actions["tf-inner"].isChecked()
    with qtbot.waitSignal(c.opened, timeout=30000):  # Compare ▸ Read B As Dialect ▸ ONNX
        window.compare.read_b_actions["onnx"].trigger()
    _settle(qtbot, c)
    assert c.document_b.dialect.name == "onnx" and window.compare.read_b_actions["onnx"].isChecked()
    notes = window.compare.view.notes.text()
    assert "A is caffe, B is onnx" in notes
    assert "Only in caffe (A), not compared and not taken: channels" in notes
    rows = c.rows
    assert [(r.index_a, r.field) for r in rows] == [(4, "scale_w")]
    assert not window.compare.take_selection([("record", 4, "value", "channels")])
    assert "channels is a field only caffe has" in window.statusBar().currentMessage()
    before_channels = window.session.message.record[4].value.channels
    window.session.selection.select(("record", 4))
    assert window.compare.take_layer()  # the fields both have
    assert window.session.message.record[4].value.scale_w[2] == onnx.record[4].value.scale_w[2]
    assert window.session.message.record[4].value.channels == before_channels  # caffe's own field kept
    _settle(qtbot, c)
    assert c.rows == []


def test_prune_changes_are_listed_and_taken_attribute_by_attribute(qtbot, tmp_path, env):
    window = env()
    a = copy_sample(tmp_path, SAMPLE)
    open_and_wait(qtbot, window, a)

    def edit(message):
        node = message.prune_record[1].consumer[0]
        for attr in node.attr:
            if attr.name in ("begin", "end"):
                attr.i += 1  # the same width, one channel on
        extra = message.prune_record[1].consumer.add()
        extra.name = "net/new/Conv2D"
        extra.attr.add(name="begin", type=AttrProto.INT, i=0)  # no end: breaks prune-range

    c = _compare(qtbot, window, _b_of(a, tmp_path, edit))
    rows = [r for r in c.rows if r.kind is RowKind.PRUNE]
    assert [(r.field, r.change, r.a, r.b) for r in rows] == [
        ("begin", "Δ +1", "0", "1"), ("end", "Δ +1", "16", "17"), ("(node)", "only in B", "—", "begin 0")]
    assert rows[0].layer.startswith("consumer 'resnet_v1_50/block1/unit_1/bottleneck_v1/conv2/BatchNorm")
    before = snapshot(window.session)
    # begin alone would make the consumer one channel narrower than the producer: refused
    assert not window.compare.take_rows(rows[:1])
    assert "prune record 1 would break a rule" in window.statusBar().currentMessage()
    assert not window.compare.take_rows(rows)  # the new node has no end
    assert snapshot(window.session) == before
    assert window.compare.take_rows(rows[:2])  # begin and end together keep the width
    node_a = window.session.message.prune_record[1].consumer[0]
    assert node_a.SerializeToString() == c.message_b.prune_record[1].consumer[0].SerializeToString()
    assert len(window.session.message.prune_record[1].consumer) == 2
    _settle(qtbot, c)
    assert [r.field for r in c.rows] == ["(node)"]


def test_command_line_compare_opens_both(qtbot, tmp_path):
    from editor.ui.app import create_window

    a = copy_sample(tmp_path, SAMPLE)
    b = _b_of(a, tmp_path, _three_layers)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = create_window(str(a), None, settings=settings, compare=str(b), prompter=ScriptedPrompter(),
                           recovery_dir=tmp_path / "rec")
    qtbot.addWidget(window, before_close_func=lambda w: w.prompter.save_answers.append("discard"))
    qtbot.waitUntil(lambda: window.compare.controller.is_open, timeout=30000)
    document_b = window.compare.controller.document_b
    assert document_of(window).path == a and document_b is not None and document_b.path == b
    assert len(window.compare.controller.rows) == 3


def test_compare_with_asks_for_the_file_and_reports_a_broken_one(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    assert not window.compare.act_compare.isEnabled()  # nothing open to compare
    a = copy_sample(tmp_path, SAMPLE)
    open_and_wait(qtbot, window, a)
    broken = tmp_path / "broken.txt"
    broken.write_text("record {\n  key: \"x\"\n  value { scale_d: oops }\n}\n")
    prompter.open_answers.append(str(broken))
    c = window.compare.controller
    with qtbot.waitSignal(c.loadingChanged, check_params_cb=lambda on: not on, timeout=20000):
        assert window.compare.compare_with_dialog()
    assert prompter.errors and prompter.errors[0][0] == "Cannot compare"
    assert "broken.txt:3:" in prompter.errors[0][1]
    assert not c.is_open and window.document.path == a


def test_the_compare_menu_and_its_keys_are_listed(qtbot, compared):
    window, _c = compared
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles[titles.index("View") + 1] == "Compare"
    listed = {(s.section, s.command, s.keys) for s in window.menus.shortcuts()}
    assert {("Compare", "Next Difference", "F7"), ("Compare", "Previous Difference", "Shift+F7"),
            ("Compare", "Take from B", "Ctrl+Shift+B")} <= listed
    file_menu = window.menus.file_menu.actions()
    texts = [a.text().replace("&", "") for a in file_menu]
    assert texts.index("Compare With…") < texts.index("Close")


def test_step_walks_targets_in_tree_order():
    targets = [("record", 2, "value", "scale_w"), ("record", 5, "value", "scale_d"), ("record", 7)]
    assert step(targets, (), True) == (0, False)
    assert step(targets, ("record", 5), True) == (1, False)
    assert step(targets, ("record", 5, "value", "scale_d", ), True) == (2, False)
    assert step(targets, ("record", 7, "value", "offset_d"), True) == (0, True)
    assert step(targets, ("record", 2, "value", "scale_w", 9), False) == (2, True)
    assert step(targets, ("record", 6), False) == (1, False)
    assert step([], ("record", 1), True) is None


def test_plan_take_on_a_bare_session_refuses_what_b_lacks():
    from tests.ui.kit import make_session, small_record

    session = make_session()
    b = small_record()
    b.record[1].value.scale_d = 0.25
    del b.record[2]
    assert session.check is not None
    command = plan_take(session.check, b, [TakeField(1, "scale_d")])
    session.push(command)
    assert session.message.record[1].value.scale_d == 0.25
    with pytest.raises(TakeRefused, match="only in A"):
        plan_take(session.check, b, [TakeField(2, "scale_d")])
    with pytest.raises(TakeRefused, match="nothing to take"):
        plan_take(session.check, b, [TakeField(1, "scale_d")])
    with pytest.raises(TakeRefused, match="not in both"):
        plan_take(session.check, b, [TakeField(0, "scale_w", (6, 9))])
    assert not math.isnan(session.message.record[0].value.scale_w[0])


def test_the_tree_marks_exactly_the_layers_and_fields_that_differ(qtbot, compared):
    window, c = compared
    annotations = window.session.annotations
    n = len(window.session.message.record)

    def marks(path):
        return [a for a in annotations.for_path(path) if "B" in a.mark]

    assert [i for i in range(n) if marks(("record", i))] == list(CHANGED)
    assert marks(("record", 2))[0].mark == "≠ B: 1 field"
    w = marks(("record", 9, "value", "scale_w"))[0]
    assert w.mark == "≠ B" and "2 of" in w.tooltip and "0.123" in w.tooltip
    d = marks(("record", 5, "value", "scale_d"))[0]
    b_value = c.message_b.record[5].value.scale_d
    assert "B has" in d.tooltip and format(b_value, ".6g")[:5] in d.tooltip
    assert not marks(("record", 5, "value", "scale_w"))
    # the tooltip of the row says it too, beside the schema line
    index = window.session.model.index_for_path(("record", 9, "value", "scale_w"))
    assert "compared with B" in window.session.model.data(index, Qt.ItemDataRole.ToolTipRole)
    window.compare.act_close.trigger()
    qtbot.waitUntil(lambda: not c.is_open, timeout=5000)
    assert not [i for i in range(n) if marks(("record", i))]


def test_channels_overlays_b_and_the_overview_has_its_rows(qtbot, compared):
    import numpy as np

    window, c = compared
    plot = window.plots.channels
    window.session.selection.select(("record", 9, "value", "scale_w", 3))
    plot.flush()
    data = plot.overlay_data("compare")
    assert data is not None
    b = np.asarray(c.message_b.record[9].value.scale_w, np.float32)
    assert data.values.astype(np.float32).tobytes() == b.tobytes()
    assert [m.channels.tolist() for m in data.marks] == [[3, 4]]
    assert data.strip is not None and data.strip.label == "B / A"
    assert "B 0.123" in plot.describe("scale_w", 3)
    assert "B: 2 of" in plot.details.text()
    # an edit of A that makes channel 3 equal to B's: the overlay follows A as it is now
    from editor.records.edits.commands import SetValueCommand

    window.session.push(SetValueCommand(window.session.editor, ("record", 9, "value", "scale_w", 3), float(b[3])))
    plot.flush()
    assert [m.channels.tolist() for m in plot.overlay_data("compare").marks] == [[4]]
    overview = window.plots.overview
    _settle(qtbot, c)
    window.compare.views.flush()
    series_w = overview.layer_series("compare-scale_w")
    series_d = overview.layer_series("compare-scale_d")
    n = len(window.session.message.record)
    assert series_w.flags.tolist() == [i in (2, 9) for i in range(n)]
    assert series_d.flags.tolist() == [i == 5 for i in range(n)]
    assert series_w.values[2] == pytest.approx(2.0, rel=1e-6)
    assert series_d.values[5] == pytest.approx(1.5, rel=1e-6)
    assert series_w.values[0] == 1.0
