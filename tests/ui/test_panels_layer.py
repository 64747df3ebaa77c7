"""Layer panel: values are checked by the rules before they reach the record, and the panel
shows what a reviewer needs (clip range, allowed offsets, types the dialect allows)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from editor.records import quant
from editor.records.edits.commands import InsertElementsCommand, SetValueCommand, new_element_bytes
from editor.ui.panels.layer_panel import LayerPanel, SetFromRangeDialog
from tests.ui.kit import RELU6_SCALE, make_session, small_record, snapshot, widget_as

OFFSET = ("record", 0, "value", "offset_d")


def panel_for(qtbot, dialect="tf-inner", message=None, layer=0):
    """A layer panel over a session of `small_record`, showing layer `layer`; the panel's
    messages (the status bar's words) are collected in the returned list."""
    session = make_session(message, dialect)
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    messages: list[str] = []
    panel.message.connect(messages.append)
    session.selection.select(("record", layer), source="tree")
    return session, panel, messages


def type_into(qtbot, edit, text):
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def test_out_of_range_offset_is_refused_with_the_reason_then_int16_accepts_it(qtbot):
    session, panel, messages = panel_for(qtbot)
    panel.show()
    before = snapshot(session)
    offset = panel.edits["offset_d"]
    type_into(qtbot, offset, "200")
    # nothing changed in the record, no undo step, and the user is told why
    assert snapshot(session) == before and session.undo_stack.count() == 0
    assert offset.reason is not None and "[-128, 127]" in offset.reason
    assert offset.toolTip() == offset.reason and offset.property("invalid")
    assert messages and "offset_d = 200" in messages[-1] and "[-128, 127]" in messages[-1]
    assert "allowed [-128, 127]" in panel.offset_hint.text()
    # act_type INT16 widens the range; the pending 200 is re-checked and no longer red
    panel.combos["act_type"].choose("INT16")
    assert session.editor.value(("record", 0, "value", "act_type")) == "INT16"
    assert offset.text() == "200" and offset.reason is None and not offset.property("invalid")
    assert "allowed [-32768, 32767]" in panel.offset_hint.text()
    offset.setFocus()
    qtbot.keyClick(offset, Qt.Key.Key_Return)  # the pending text is committed now
    assert session.editor.value(OFFSET) == 200
    assert session.undo_stack.count() == 2


def test_pending_200_commits_after_switching_to_int16(qtbot):
    session, panel, _messages = panel_for(qtbot)
    panel.show()
    offset = panel.edits["offset_d"]
    type_into(qtbot, offset, "200")
    assert session.editor.value(OFFSET) == -128
    panel.combos["act_type"].choose("INT16")
    offset.setFocus()
    qtbot.keyClick(offset, Qt.Key.Key_Return)
    assert session.editor.value(OFFSET) == 200
    session.undo_stack.undo()
    assert session.editor.value(OFFSET) == -128 and offset.text() == "-128"


def test_act_type_back_to_int8_is_refused_while_offset_needs_int16(qtbot):
    session, panel, messages = panel_for(qtbot)
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "act_type"), "INT16"))
    session.push(SetValueCommand(session.editor, OFFSET, 200))
    combo = panel.combos["act_type"]
    assert combo.currentData() == "INT16"
    combo.choose("INT8")
    assert session.editor.value(("record", 0, "value", "act_type")) == "INT16"
    assert combo.currentData() == "INT16"  # snapped back
    assert combo.reason is not None and "offset_d = 200" in combo.reason
    assert "offset_d = 200" in messages[-1]


def test_type_combos_offer_only_what_the_dialect_allows(qtbot):
    _, panel, _ = panel_for(qtbot, "tf-inner")
    items = lambda c: [c.itemData(i) for i in range(c.count())]  # noqa: E731
    assert items(panel.combos["act_type"]) == [None, "INT4", "INT8", "INT16"]
    assert items(panel.combos["wts_type"]) == [None, "INT4", "INT6", "INT7", "INT8"]
    assert items(panel.combos["dst_type"]) == [None, "INT8", "INT4"]
    _, ms, _ = panel_for(qtbot, "mindspore")
    assert ms.combos == {}  # MindSpore records have no type fields
    _, tfc, _ = panel_for(qtbot, "tf-convert")
    assert set(tfc.combos) == {"act_type", "wts_type"}
    _, caffe, _ = panel_for(qtbot, "caffe")
    assert {"channels", "height", "width"} <= set(caffe.edits) and caffe.combos == {}
    assert caffe.edits["channels"].text() == "3"


def test_a_value_the_file_has_but_the_rules_forbid_is_shown_marked(qtbot):
    session = make_session()
    session.message.record[0].value.act_type = "INT9"
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0))
    combo = widget_as(panel.combos["act_type"], QComboBox)
    assert combo.currentData() == "INT9" and "not allowed" in combo.currentText()
    assert "act_type 'INT9' unknown, so INT8" in panel.offset_hint.text()


@pytest.mark.parametrize("text, words", [
    ("abc", "takes a finite number > 0, such as 0.0235 or 1e-3, not 'abc'"),  # no "inf or nan"
    ("0", "must be finite and > 0"),
    ("-0.5", "must be finite and > 0"),
    ("nan", "must be finite and > 0"),
    ("", "scale_d is missing"),
])
def test_bad_scale_d_is_refused(qtbot, text, words):
    session, panel, _messages = panel_for(qtbot)
    panel.show()
    before = snapshot(session)
    edit = panel.edits["scale_d"]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert snapshot(session) == before
    assert edit.reason is not None and words in edit.reason, edit.reason
    qtbot.keyClick(edit, Qt.Key.Key_Escape)  # back to the record's value
    assert edit.text() == "0.023529412" and edit.reason is None


def test_scale_d_keeps_full_float32_precision(qtbot):
    session, panel, _messages = panel_for(qtbot)
    panel.show()
    edit = panel.edits["scale_d"]
    assert edit.text() == "0.023529412"  # shortest text that reads back as the same float32
    type_into(qtbot, edit, "0.0123456789")
    stored = session.editor.value(("record", 0, "value", "scale_d"))
    assert stored == float(np.float32(0.0123456789))
    assert edit.text() == "0.012345679" and float(np.float32(edit.text())) == stored


def test_clip_range_and_set_from_range_in_one_undo_step(qtbot):
    session, panel, _messages = panel_for(qtbot, layer=1)
    assert panel.clip_label.text().startswith("[")
    before = snapshot(session)
    assert panel.set_from_range(0.0, 6.0)  # ReLU6
    assert session.undo_stack.count() == 1
    assert session.editor.value(("record", 1, "value", "scale_d")) == RELU6_SCALE
    assert session.editor.value(("record", 1, "value", "offset_d")) == -128
    assert panel.clip_label.text() == "[0, 6]  at 8 bits"
    assert panel.edits["scale_d"].text() == "0.023529412"
    session.undo_stack.undo()
    assert snapshot(session) == before
    assert panel.edits["offset_d"].text() == "-3"


def test_set_from_range_follows_act_type_and_forces_zero(qtbot):
    session, panel, messages = panel_for(qtbot)
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "act_type"), "INT16"))
    assert panel.set_from_range(1.0, 3.0)  # forced through zero: [0, 3]
    scale, offset = quant.scale_offset_from_range(0.0, 3.0, 16)
    assert session.editor.value(("record", 0, "value", "scale_d")) == scale
    assert session.editor.value(OFFSET) == offset == -32768
    assert not panel.set_from_range(5.0, 1.0)
    assert "above max" in messages[-1]


def test_range_dialog_previews_amct_factors(qtbot):
    _, panel, _ = panel_for(qtbot)
    dialog = SetFromRangeDialog(panel)
    qtbot.addWidget(dialog)
    assert dialog.values() == pytest.approx((0.0, 6.0), abs=1e-6)  # starts at the current clip range
    dialog.lo.setText("-1")
    dialog.hi.setText("1")
    assert "offset_d = -1" in dialog.preview.text()
    dialog.hi.setText("x")
    assert not dialog.buttons.buttons()[0].isEnabled()


def test_key_edits_are_checked_against_the_other_keys(qtbot):
    session, panel, _messages = panel_for(qtbot)
    panel.show()
    before = snapshot(session)
    type_into(qtbot, panel.key_edit, "net/fc/MatMul")
    assert snapshot(session) == before and "already used by record 2" in panel.key_edit.reason
    panel.key_edit.selectAll()
    type_into(qtbot, panel.key_edit, "net/conv1/Conv2D ")
    assert snapshot(session) == before and "whitespace" in panel.key_edit.reason
    type_into(qtbot, panel.key_edit, "")
    panel.key_edit.selectAll()
    qtbot.keyClicks(panel.key_edit, "net/conv1b/Conv2D")
    qtbot.keyClick(panel.key_edit, Qt.Key.Key_Return)
    assert session.editor.value(("record", 0, "key")) == "net/conv1b/Conv2D"


def test_skip_fusion_shows_the_dialect_default_and_can_be_unset(qtbot):
    session, panel, _messages = panel_for(qtbot, "onnx")
    flag = panel.flags["skip_fusion"]
    assert flag.box.isChecked() and "default true" in flag.state.text() and not flag.unset.isVisibleTo(panel)
    flag.box.click()  # explicit false
    assert session.editor.has_field(("record", 0, "value", "skip_fusion"))
    assert session.editor.value(("record", 0, "value", "skip_fusion")) is False
    assert not flag.box.isChecked() and flag.unset.isVisibleTo(panel)
    flag.unset.click()
    assert not session.editor.has_field(("record", 0, "value", "skip_fusion"))
    assert flag.box.isChecked()
    assert session.undo_stack.count() == 2
    _, tf, _ = panel_for(qtbot, "tf-inner")
    assert not tf.flags["skip_fusion"].box.isChecked()
    assert "default false" in tf.flags["skip_fusion"].state.text()


def test_panel_follows_undo_and_edits_made_elsewhere(qtbot):
    session, panel, _messages = panel_for(qtbot)
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "scale_d"), 0.5))
    assert panel.edits["scale_d"].text() == "0.5"
    assert panel.clip_label.text() == "[0, 127.5]  at 8 bits"
    session.undo_stack.undo()
    assert panel.edits["scale_d"].text() == "0.023529412"


def test_panel_stays_on_its_layer_when_one_is_inserted_above(qtbot):
    session, panel, _messages = panel_for(qtbot, layer=1)
    data = new_element_bytes(session.editor, ("record",), name="net/new")
    session.push(InsertElementsCommand(session.editor, ("record",), 0, [data]))
    assert panel.entry == 2 and panel.key_edit.text() == "net/conv3/Conv2D"
    session.push(SetValueCommand(session.editor, ("record", 2, "value", "offset_d"), 7))
    assert panel.edits["offset_d"].text() == "7"
    session.undo_stack.undo()
    session.undo_stack.undo()
    assert panel.entry == 1 and panel.edits["offset_d"].text() == "-3"


def test_layer_type_and_problems_of_the_layer_are_shown(qtbot):
    session, panel, _messages = panel_for(qtbot)
    assert panel.type_label.text() == "Conv2D (from its prune record)"
    assert panel.problems_title.text() == "No problems in this layer."
    session.editor.set_value(("record", 0, "value", "offset_w", 3), 5)  # as if read from a file
    session.problems.flush()
    assert "offset_w[3] = 5 must be 0" in panel.problem_list.item(0).text()
    assert "1 error</span>" in panel.problems_title.text() and "0 warnings</span>" in panel.problems_title.text()
    panel.problem_list.itemDoubleClicked.emit(panel.problem_list.item(0))
    assert session.selection.path == ("record", 0, "value", "offset_w", 3)


def test_selecting_a_channel_elsewhere_shows_it_in_the_table(qtbot):
    session, panel, _messages = panel_for(qtbot)
    session.selection.select(("record", 1, "value", "scale_w", 6), source="tree")
    assert panel.entry == 1
    current = panel.weights.view.currentIndex()
    assert (current.row(), current.column()) == (6, 0)
    panel.weights.view.setCurrentIndex(panel.weights_model.index(2, 1))
    assert session.selection.path == ("record", 1, "value", "offset_w", 2)


def test_pytorch_rnn_and_kv_cache_tabs_appear_where_present(qtbot):
    session = make_session(dialect="pytorch")
    v = session.message.record[2].value
    v.scale_h, v.offset_h = 0.02, 3
    v.scale_r.extend([0.1, 0.2, 0.3, 0.4])
    v.offset_r.extend([0, 0, 0, 0])
    kv = session.message.record[1].kv_cache_value
    kv.scale.extend([0.5, 0.25])
    kv.offset.extend([0, 1])
    session.problems.recheck_all()
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    messages: list[str] = []
    panel.message.connect(messages.append)
    tabs = lambda: [panel.tabs.tabText(i) for i in range(panel.tabs.count())]  # noqa: E731
    session.selection.select(("record", 0))
    assert tabs() == ["Per-channel weights"]
    session.selection.select(("record", 2))
    assert tabs() == ["Per-channel weights", "RNN"]
    assert widget_as(panel.edits["offset_h"], QLineEdit).text() == "3"
    assert panel.rnn_table.table_model.rowCount() == 4
    session.selection.select(("record", 1))
    assert tabs() == ["Per-channel weights", "KV cache"]
    assert panel.kv_table is not None
    kv_model = panel.kv_table.table_model
    assert kv_model.data(kv_model.index(1, 1)) == "1"
    assert not kv_model.setData(kv_model.index(1, 1), "300")
    assert "kv_cache_value.offset[1] = 300" in messages[-1] and "[-128, 127]" in messages[-1]


def test_opening_a_record_of_another_dialect_rebuilds_the_form(qtbot):
    session, panel, messages = panel_for(qtbot, "tf-inner")
    panel.show()
    panel.grab()  # the per-channel table has read its cells
    assert "act_type" in panel.combos and "channels" not in panel.edits
    session.set_message(small_record("caffe"))
    panel.grab()  # the old form is painted once more before it is deleted: it shows nothing
    assert panel.entry is None and panel.combos == {} and "channels" in panel.edits
    session.selection.select(("record", 2), source="tree")
    assert panel.edits["channels"].text() == "8"
    type_into_hidden = panel.edits["height"]
    type_into_hidden.setText("0")
    type_into_hidden.editingFinished.emit()
    assert "height = 0 is not a valid input shape" in messages[-1]


def test_a_kv_cache_value_the_file_has_wrong_is_marked_in_its_cell(qtbot):
    session = make_session(dialect="pytorch")
    kv = session.message.record[1].kv_cache_value
    kv.scale.extend([0.5, 0.25])
    kv.offset.extend([0, 300])  # as read from a file
    session.problems.recheck_all()
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 1, "kv_cache_value", "offset", 1), source="tree")
    assert panel.kv_table is not None
    kv_model = panel.kv_table.table_model
    assert panel.tabs.tabText(panel.tabs.currentIndex()) == "KV cache"
    current = panel.kv_table.view.currentIndex()
    assert (current.row(), current.column()) == (1, kv_model.column_of("kv_cache_value.offset"))
    bad, good = kv_model.index(1, 1), kv_model.index(0, 1)
    assert kv_model.data(bad, Qt.ItemDataRole.BackgroundRole) is not None
    tip = kv_model.data(bad, Qt.ItemDataRole.ToolTipRole)
    assert "kv_cache_value.offset[1] = 300 is outside [-128, 127]" in tip
    assert kv_model.data(good, Qt.ItemDataRole.BackgroundRole) is None
    assert kv_model.data(good, Qt.ItemDataRole.ToolTipRole) == "kv_cache_value.offset[0]"
