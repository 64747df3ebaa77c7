"""Editors in the tree: the right editor per type, exact float32 text, range checks, undo."""
from __future__ import annotations

import struct

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QTreeView

from editor.records.dialects import DIALECTS
from editor.ui.delegates import ValueDelegate
from editor.ui.field_editors import FieldValidator, editor_kind
from editor.ui.tree_filter import RecordFilterProxy
from editor.ui.tree_model import RecordTreeModel
from tests.ui.kit import make_session, settle
from tests.ui.kit import tree_record as small_record


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


@pytest.fixture
def tree(qtbot):
    msg = small_record()
    msg.record[0].value.scale_d = 0.0235294122  # the MobileNetV2 ReLU6 scale, C++ spelling
    session = make_session(msg)
    model, stack = session.model, session.undo_stack
    proxy = RecordFilterProxy()
    proxy.setSourceModel(model)
    view = QTreeView()
    view.setModel(proxy)
    delegate = ValueDelegate(session, view)
    delegate.validate = None  # the editors' own checks; the rules' are tested with one given
    view.setItemDelegate(delegate)
    view.resize(700, 500)
    qtbot.addWidget(view)
    view.show()
    return model, proxy, view, stack, delegate


def open_editor(view: QTreeView, proxy: RecordFilterProxy, model: RecordTreeModel, path, column=1):
    index = proxy.mapFromSource(model.index_for_path(path, column))
    view.scrollTo(index)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert editor is not None, f"no editor for {path}"
    return index, editor


def test_float_editor_shows_full_float32_precision_and_commits_one_step(qtbot, tree):
    model, proxy, view, stack, _ = tree
    path = ("record", 0, "value", "scale_d")
    _, editor = open_editor(view, proxy, model, path)
    assert isinstance(editor, QLineEdit)
    assert editor.text() == "0.023529412"  # not 0.0235294 (6 digits would change the bits)
    editor.setText("0.1")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: model.editor.value(path) == f32(0.1))
    assert stack.count() == 1
    stack.undo()
    assert model.editor.value(path) == f32(0.0235294122)


def test_out_of_range_int_is_refused_and_explained(qtbot, tree):
    model, proxy, view, stack, delegate = tree
    path = ("record", 0, "value", "offset_d")
    _, editor = open_editor(view, proxy, model, path)
    with qtbot.waitSignal(delegate.message) as said:
        qtbot.keyClicks(editor, "3000000000")
    assert "between -2147483648 and 2147483647" in said.args[0]
    assert "-2147483648" in editor.toolTip()
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # refused: the editor stays open
    settle()  # (an accepted value would be committed on the next turn of the event loop)
    assert view.indexWidget(view.currentIndex()) is editor
    delegate.setModelData(editor, proxy, view.currentIndex())  # even if forced: nothing changes
    assert model.editor.value(path) == -128 and stack.count() == 0


def _state(validator: FieldValidator, text: str, pos: int) -> str:
    """The name of the state `validate` gives `text` (Qt's signature types its result object)."""
    result = validator.validate(text, pos)
    assert isinstance(result, tuple)
    return result[0].name


def test_uint32_refuses_negative(tree):
    validator = FieldValidator(DIALECTS["caffe"].value_fields["channels"])
    assert _state(validator, "-1", 2) == "Intermediate"
    assert "between 0 and 4294967295" in validator.error
    assert _state(validator, "4294967295", 10) == "Acceptable"
    int64 = DIALECTS["tf-inner"].messages[-1].fields_by_name["i"]
    assert _state(validator, "x", 1) == "Intermediate"
    assert _state(FieldValidator(int64), str(2**63 - 1), 3) == "Acceptable"
    assert _state(FieldValidator(int64), str(2**63), 3) == "Intermediate"


def test_editor_kinds_by_type():
    fields = DIALECTS["tf-inner"].value_fields
    attr = DIALECTS["tf-inner"].messages[-1].fields_by_name
    assert [editor_kind(f) for f in (fields["scale_d"], fields["offset_d"], fields["skip_fusion"],
                                     fields["act_type"], attr["type"], attr["s"])] == \
        ["float", "int", "bool", "text", "enum", "text"]


def test_enum_as_combo_by_name(qtbot, tree):
    model, proxy, view, stack, _ = tree
    path = ("prune_record", 0, "producer", 0, "attr", 1, "type")
    _, editor = open_editor(view, proxy, model, path)
    assert isinstance(editor, QComboBox)
    assert editor.currentText() == "INT"
    editor.setCurrentIndex(editor.findText("INTS"))
    editor.activated.emit(editor.currentIndex())
    qtbot.waitUntil(lambda: model.editor.value(path) == 5)
    assert stack.count() == 1


def test_bool_toggles_with_a_click_and_as_check_box_editor(qtbot, tree):
    model, proxy, view, stack, _ = tree
    path = ("record", 0, "value", "skip_fusion")
    index = proxy.mapFromSource(model.index_for_path(path, 1))
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 8, rect.center().y()))
    assert model.editor.value(path) is True and model.editor.has_field(path)
    assert stack.count() == 1
    _, editor = open_editor(view, proxy, model, path)
    assert isinstance(editor, QCheckBox) and editor.isChecked()
    editor.setChecked(False)
    qtbot.waitUntil(lambda: model.editor.value(path) is False)
    assert stack.count() == 1  # the same cell twice: one merged step
    stack.undo()
    assert not model.editor.has_field(path)


def test_bytes_edit_as_escaped_text(qtbot, tree):
    model, proxy, view, _stack, _ = tree
    path = ("prune_record", 0, "producer", 0, "attr", 0, "s")
    _, editor = open_editor(view, proxy, model, path)
    assert editor.text() == "Conv2D"
    editor.setText("Conv\\x00\\xff")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: model.editor.value(path) == b"Conv\x00\xff")
    assert model.data(model.index_for_path(path, 1)) == "Conv\\x00\\xff"


def test_rename_a_layer_in_place(qtbot, tree):
    model, proxy, view, stack, _ = tree
    _, editor = open_editor(view, proxy, model, ("record", 1), column=0)
    assert editor.text() == "conv2"
    editor.setText("conv2_new")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: model.message.record[1].key == "conv2_new")
    assert stack.undoText().startswith("Rename")


def test_view_paints_indices_without_putting_them_in_the_data(qtbot, tree):
    model, proxy, view, _stack, delegate = tree
    view.expandAll()
    image = view.grab()
    assert not image.isNull()
    index = proxy.mapFromSource(model.index_for_path(("record", 0, "value", "scale_w", 3), 0))
    assert index.data() == ""
    option = view.viewOptions() if hasattr(view, "viewOptions") else None
    if option is None:
        from PySide6.QtWidgets import QStyleOptionViewItem
        option = QStyleOptionViewItem()
        option.initFrom(view)
    assert delegate.sizeHint(option, index).width() > 0


def test_a_validate_function_refuses_values_of_every_editor_kind(qtbot, tree):
    """With the rule engine behind it (`validate`), no editor commits a refused value: text
    editors stay red, a combo box, a check box or a click in place say why and change nothing."""
    from editor.records.problems import Problem, Severity

    model, proxy, view, stack, delegate = tree
    seen: list[str] = []
    delegate.message.connect(seen.append)
    asked = []

    def validate(path, value):
        asked.append((path, value))
        return Problem(Severity.ERROR, "test-rule", f"{path[-1]} cannot be {value!r} here")

    delegate.validate = validate
    before = model.message.SerializeToString()
    path = ("record", 0, "value", "scale_d")
    _, editor = open_editor(view, proxy, model, path)
    editor.selectAll()
    qtbot.keyClicks(editor, "0.5")
    assert editor.toolTip() == "scale_d cannot be 0.5 here" and seen[-1] == "scale_d cannot be 0.5 here"
    delegate.setModelData(editor, proxy, proxy.mapFromSource(model.index_for_path(path, 1)))  # forced
    assert seen[-1] == "Not changed: scale_d cannot be 0.5 here (scale_d stays 0.023529412)"
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    enum = ("prune_record", 0, "producer", 0, "attr", 1, "type")
    _, combo = open_editor(view, proxy, model, enum)
    combo.setCurrentIndex(combo.findText("INTS"))
    combo.activated.emit(combo.currentIndex())
    qtbot.waitUntil(lambda: bool(seen) and seen[-1].startswith("Not changed: type cannot be 5 here"))
    flag = ("record", 0, "value", "skip_fusion")
    index = proxy.mapFromSource(model.index_for_path(flag, 1))
    view.scrollTo(index)
    rect = view.visualRect(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 8, rect.center().y()))
    assert seen[-1] == "Not changed: skip_fusion cannot be True here"
    _, key = open_editor(view, proxy, model, ("record", 1), column=0)
    key.selectAll()
    qtbot.keyClicks(key, "conv1")
    assert key.toolTip() == "key cannot be 'conv1' here"
    assert (("record", 1, "key"), "conv1") in asked
    qtbot.keyClick(key, Qt.Key.Key_Return)
    settle()  # (an accepted value would be committed on the next turn of the event loop)
    assert model.message.SerializeToString() == before and stack.count() == 0
