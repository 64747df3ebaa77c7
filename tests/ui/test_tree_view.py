"""The tree widget: filter and match count, go to layer, copy/paste, structural actions."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.ui.session import EditSession
from editor.ui.tree_view import RecordTreeWidget
from tests.ui.kit import ScriptedPrompter, load_sample, make_session, settle
from tests.ui.kit import tree_record as small_record


@pytest.fixture
def widget(qtbot):
    session = make_session(small_record())
    prompter = ScriptedPrompter()
    w = RecordTreeWidget(session, prompter)
    w.resize(800, 600)
    qtbot.addWidget(w)
    w.show()
    return w, session.model, session.undo_stack, prompter, session.selection


def visible_keys(w: RecordTreeWidget) -> list[str]:
    proxy = w.proxy
    top = proxy.mapFromSource(w.model.index_for_path(("record",)))
    if not top.isValid():
        return []
    return [proxy.index(r, 0, top).data() for r in range(proxy.rowCount(top))]


def test_filter_by_substring_and_regex_with_count(qtbot, widget):
    w, model, _stack, _p, _s = widget
    qtbot.keyClicks(w.filter_edit, "CONV")
    qtbot.waitUntil(lambda: visible_keys(w) == ["conv1", "conv2"])
    assert w.count_label.text() == "2 layers, 2 nodes"
    w.filter_edit.setText("^c.*2$")
    qtbot.keyClick(w.filter_edit, Qt.Key.Key_Return)
    assert visible_keys(w) == []  # not a regex yet: literal text
    w.regex_check.setChecked(True)
    assert visible_keys(w) == ["conv2"]
    assert w.count_label.text() == "1 layer, 1 node"
    w.filter_edit.setText("(")
    w.apply_filter_now()
    assert w.count_label.text() == "bad regex" and "regular expression" in w.count_label.toolTip()
    w.filter_edit.setText("pool")
    w.apply_filter_now()
    assert visible_keys(w) == ["pool"]
    # a renamed layer follows the filter
    model.editor.set_value(("record", 0, "key"), "pool_a")
    assert visible_keys(w) == ["pool_a", "pool"]
    qtbot.waitUntil(lambda: w.count_label.text().startswith("2 layers"))
    w.filter_edit.clear()
    assert len(visible_keys(w)) == 3


def test_filter_shows_matching_prune_nodes_with_ancestors(qtbot, widget):
    w, model, _stack, _p, _s = widget
    w.filter_edit.setText("conv2")
    w.apply_filter_now()
    proxy = w.proxy
    prune = proxy.mapFromSource(model.index_for_path(("prune_record", 0)))
    assert prune.isValid()
    producers = proxy.mapFromSource(model.index_for_path(("prune_record", 0, "producer")))
    consumers = proxy.mapFromSource(model.index_for_path(("prune_record", 0, "consumer", 0)))
    assert not producers.isValid()  # conv1 only
    assert consumers.isValid() and consumers.data() == "conv2"
    # everything below a match is shown
    assert proxy.rowCount(consumers) == 2


def test_go_to_layer_with_partial_key(qtbot, widget):
    w, _model, _stack, prompter, selection = widget
    w.filter_edit.setText("pool")
    w.apply_filter_now()
    prompter.answers.append("onv2")
    w.go_to_layer()
    assert w.current_path() == ("record", 1)
    assert w.filter_edit.text() == ""  # the filter hid it, so it was cleared
    assert selection.path == ("record", 1)
    assert not w.go_to_key("nothing-like-this")


def test_shared_selection_moves_the_tree(qtbot, widget):
    w, _model, _stack, _p, selection = widget
    selection.select(("record", 0, "value", "scale_w", 3), source="plot")
    assert w.current_path() == ("record", 0, "value", "scale_w", 3)


def test_delete_three_layers_and_undo_restores_positions_bit_exact(qtbot, widget):
    w, model, stack, _p, _s = widget
    for key in ("a", "b"):
        model.editor.insert_elements(("record",), 3, [model.message.record[0].SerializePartialToString()])
        model.editor.set_value(("record", 3, "key"), key)
    before = model.message.SerializePartialToString(deterministic=True)
    w.select_paths([("record", 0), ("record", 2), ("record", 4)])
    assert w.selection_summary() == "3 layers selected"
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Delete)
    assert model.editor.keys() == ["conv2", "b"]
    stack.undo()
    assert model.message.SerializePartialToString(deterministic=True) == before


def test_copy_paste_layers_round_trip(qtbot, widget):
    w, model, stack, _prompter, _s = widget
    w.select_paths([("record", 0), ("record", 1)])
    w.copy_selected()
    text = QApplication.clipboard().text()
    assert text.startswith('record {\n  key: "conv1"')
    w.select_path(("record", 2))
    assert w.paste()
    assert model.editor.keys() == ["conv1", "conv2", "pool", "conv1", "conv2"]
    assert model.message.record[3] == model.message.record[0]
    assert stack.count() == 1
    stack.undo()
    assert model.editor.keys() == ["conv1", "conv2", "pool"]


def test_paste_errors_name_line_and_column(qtbot, widget):
    w, _model, stack, prompter, _s = widget
    w.select_path(("record", 0))
    assert not w.paste('record {\n  key: "x"\n  valu { }\n}\n')
    _title, text = prompter.errors[-1]
    assert "line 3" in text and "valu" in text
    assert not w.paste("")
    assert stack.count() == 0


def test_paste_a_smaller_piece_where_it_fits(qtbot, widget):
    w, model, _stack, prompter, _s = widget
    w.select_path(("prune_record", 0, "producer", 0))
    prompter.confirm_answers.append(True)  # a producer without its channel range breaks a rule
    assert w.paste('producer { name: "conv0" }')
    assert "conv0" in prompter.questions[-1][1] and prompter.questions[-1][2] == "Paste anyway"
    assert [n.name for n in model.message.prune_record[0].producer] == ["conv1", "conv0"]
    w.select_path(("record", 0, "value", "scale_w", 1))
    prompter.confirm_answers.append(True)  # scale_w now longer than offset_w
    assert w.paste("scale_w: 0.5\nscale_w: 0.25")
    assert "offset_w has 4 values but scale_w has 6" in prompter.questions[-1][1]
    assert list(model.message.record[0].value.scale_w) == pytest.approx([0.01, 0.02, 0.5, 0.25, 0.03, 0.04])
    w.select_path(("record", 0, "value", "scale_d"))
    assert w.paste("scale_d: 2.5")
    assert model.message.record[0].value.scale_d == 2.5


def test_duplicate_move_add_and_set_on_selected(qtbot, widget):
    w, model, stack, prompter, _s = widget
    w.select_path(("record", 0))
    w.actions["duplicate"].trigger()
    assert model.editor.keys() == ["conv1", "conv1_copy", "conv2", "pool"]
    w.select_paths([("record", 1), ("record", 2)])
    w.actions["move_down"].trigger()
    assert model.editor.keys() == ["conv1", "pool", "conv1_copy", "conv2"]
    assert w.selected_paths() == [("record", 2), ("record", 3)]
    prompter.answers.append(("act_type", "INT16"))
    w.actions["set_on_selected"].trigger()
    assert [e.value.act_type for e in model.message.record] == ["INT8", "INT8", "INT16", "INT16"]
    w.select_path(("prune_record", 0))
    w.add_child(("prune_record", 0, "consumer"))
    assert model.message.prune_record[0].consumer[-1].name == "new_node"
    assert w.current_path() == ("prune_record", 0, "consumer", 1)
    w.select_path(("record", 3, "value", "scale_w", 0))
    w.actions["add"].trigger()
    assert len(model.message.record[3].value.scale_w) == 5
    assert model.message.record[3].value.scale_w[1] == 0.0
    count = stack.count()
    for _ in range(count):
        stack.undo()
    assert model.editor.keys() == ["conv1", "conv2", "pool"]


def test_clear_and_set_optional_fields(qtbot, widget):
    w, model, stack, _p, _s = widget
    w.select_path(("record", 0, "value", "dst_type"))
    assert w.actions["set_field"].isEnabled() and not w.actions["clear_field"].isEnabled()
    w.actions["set_field"].trigger()
    assert model.message.record[0].value.HasField("dst_type")
    assert w.actions["clear_field"].isEnabled()
    w.actions["clear_field"].trigger()
    assert not model.message.record[0].value.HasField("dst_type")
    assert stack.count() == 2


def test_expanding_a_layer_expands_its_value(qtbot, widget):
    w, model, _stack, _p, _s = widget
    w.view.expand(w.proxy.mapFromSource(model.index_for_path(("record", 1))))
    assert w.view.isExpanded(w.proxy.mapFromSource(model.index_for_path(("record", 1, "value"))))


def test_big_sample_filter_counts_everything(qtbot):
    message, _ = load_sample("resnet_tf_inner_prune.txt")
    session = EditSession(element_chunk=10)
    session.set_message(message)
    w = RecordTreeWidget(session, ScriptedPrompter())
    qtbot.addWidget(w)
    w.filter_edit.setText("conv")
    w.apply_filter_now()
    expected = sum(1 for e in message.record if "conv" in e.key.lower())
    assert w.count_label.text().startswith(f"{expected} layers")
    assert len(visible_keys(w)) == expected


def test_a_new_record_is_laid_out_and_painted_once(qtbot, widget):
    """A reset lays the rows out at once: left to the first paint, the layout shows the
    scroll bar, which narrows the viewport and repaints the whole tree (as does the key
    column's new width) — twice the paint just as a big file opens."""
    from PySide6.QtCore import QEvent, QObject

    from editor.records.synth import make_big

    w, _model, *_ = widget
    qtbot.waitExposed(w)
    settle()  # the first paints are done before the counting starts

    class Paints(QObject):
        count = 0

        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                Paints.count += 1
            return False

    paints = Paints()
    w.view.viewport().installEventFilter(paints)
    big = make_big("tf-inner", layers=300, channels=4, prune_records=0)
    big.record[7].key = "net/a/rather/long/scope/name/for/one/layer/conv7/Conv2D"
    w.session.set_message(big)
    assert w.view.verticalScrollBar().maximum() > 0  # before any paint
    settle()  # every paint and layout the new record set going, and what they set going
    assert Paints.count == 1
    assert w.view.columnWidth(0) > 340  # the long key fits


def test_typing_in_the_filter_box_filters_once_typing_pauses(qtbot, widget):
    """Each key used to filter the whole record at once (150-510 ms a key on 5 000 layers)."""
    w, _model, _stack, _p, _s = widget
    passes: list[str] = []
    real = w.proxy.set_pattern

    def set_pattern(*a, **k):
        passes.append(a[0])
        return real(*a, **k)

    w.proxy.set_pattern = set_pattern
    qtbot.keyClicks(w.filter_edit, "conv")
    assert passes == [] and w.filter_pending and len(visible_keys(w)) == 3
    qtbot.waitUntil(lambda: not w.filter_pending)
    assert passes == ["conv"] and visible_keys(w) == ["conv1", "conv2"]
    qtbot.keyClicks(w.filter_edit, "1")
    qtbot.keyClick(w.filter_edit, Qt.Key.Key_Return)  # Enter does not wait
    assert passes == ["conv", "conv1"] and visible_keys(w) == ["conv1"] and not w.filter_pending
    w.filter_edit.clear()  # clearing shows everything at once
    assert passes[-1] == "" and len(visible_keys(w)) == 3


def test_paste_reads_like_a_file_and_asks_before_pasting_what_breaks_a_hard_rule(qtbot, widget):
    """Paste used protobuf's parser without a word: 1e40 became inf, offset_d 200 with INT8
    went in, while every other edit path refuses them."""
    w, model, stack, prompter, _s = widget
    said: list[str] = []
    w.message.connect(said.append)
    before = model.message.SerializePartialToString()
    w.select_path(("record", 2))
    layer = ('record {{ key: "{key}" value {{ scale_d: {scale_d} offset_d: {offset_d} '
             'scale_w: 0.1 offset_w: 0 }} }}\n')
    # a value float32 cannot hold, and an offset outside INT8: asked, and Cancel pastes nothing
    prompter.confirm_answers.append(False)
    assert not w.paste(layer.format(key="big", scale_d="1e40", offset_d=200))
    title, question, yes = prompter.questions[-1]
    assert (title, yes) == ("Paste", "Paste anyway")
    assert "scale_d = inf must be finite and > 0" in question and "offset_d = 200 is outside [-128, 127]" in question
    assert model.message.SerializePartialToString() == before and stack.count() == 0
    # Paste anyway pastes it, as one undo step
    prompter.confirm_answers.append(True)
    assert w.paste(layer.format(key="big", scale_d="1e40", offset_d=200))
    assert model.editor.keys()[3] == "big" and stack.count() == 1
    stack.undo()
    # a layer that keeps the rules goes in without a question; a warning does not ask either
    asked = len(prompter.questions)
    assert w.paste(layer.format(key="fine", scale_d="0.5", offset_d=3).replace("offset_w: 0", "offset_w: 0 "
                                                                                "act_type: \"INT16\""))
    assert len(prompter.questions) == asked and model.editor.keys()[3] == "fine"
    # the reader's findings: line and column of an error, a field given twice is reported
    assert not w.paste('record {\n  key: "x"\n  value { scale_d: 1e40e }\n}\n')
    assert "line 3, column" in prompter.errors[-1][1]
    assert w.paste('record { key: "twice" value { scale_d: 0.5 scale_d: 0.25 offset_d: 1 '
                   'scale_w: 0.1 offset_w: 0 } }')
    assert "given twice (line 1 and line 1)" in said[-1]
    # text copied from a document is repaired as `--repair` does, and the repair is reported
    assert w.paste('record {\n  key: "doc"  // the first conv\n  value { scale_d: 0.5 offset_d: 1 '
                   'scale_w: 0.1 offset_w: 0 }\n}\n')
    assert "line 2: repaired: '//' comment changed to a '#' comment" in said[-1]
    # a piece pasted into a layer is judged by what it adds: offset_d 200 under INT8
    w.select_path(("record", 0, "value", "offset_d"))
    prompter.confirm_answers.append(False)
    assert not w.paste("offset_d: 200")
    assert "offset_d = 200" in prompter.questions[-1][1]
    assert len(prompter.questions) == asked + 1


def test_paste_warns_only_of_duplicate_keys_the_paste_made(qtbot):
    from editor.records.edits.paste import copy_text, duplicate_keys_after_paste

    record = small_record()
    record.record[2].key = "conv1"  # the file already holds a duplicate key
    session = make_session(record)
    model = session.model
    w = RecordTreeWidget(session, ScriptedPrompter())
    qtbot.addWidget(w)
    said: list[str] = []
    w.message.connect(said.append)
    conv2 = copy_text(model.editor, [("record", 1)])
    w.select_path(("record", 2))
    before = model.editor.keys()
    assert w.paste(conv2.replace('"conv2"', '"fresh"'))
    assert model.editor.keys() == ["conv1", "conv2", "conv1", "fresh"]
    assert duplicate_keys_after_paste(model.editor, before) == []
    assert "occur twice" not in said[-1]
    assert w.paste(conv2)
    assert "1 layer key(s) now occur twice, e.g. 'conv2'" in said[-1]
    # a new key pasted twice at once is a duplicate the paste made as well
    before = model.editor.keys()
    assert w.paste(conv2.replace('"conv2"', '"twin"') * 2)
    assert duplicate_keys_after_paste(model.editor, before) == ["twin"]
    assert duplicate_keys_after_paste(model.editor) == ["conv1", "conv2", "twin"]  # without `before`: all


def test_another_record_opens_scrolled_to_its_top(qtbot, widget):
    w, _model, _stack, _p, _s = widget
    big, _dialect = load_sample("resnet_caffe.txt")
    w.session.set_message(big)
    bar = w.view.verticalScrollBar()
    assert w.select_path(("record", 40))
    assert bar.value() > 0
    other, _dialect = load_sample("resnet_pytorch.txt")
    w.session.set_message(other)
    assert bar.value() == 0
    assert w.view.indexAt(w.view.viewport().rect().topLeft()).data() == "record"
