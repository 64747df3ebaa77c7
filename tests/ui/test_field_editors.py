"""The field-editor registry: one decision of a field's kind, one table from kind to editor,
shared by the record tree and the panels."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QTreeView

from editor.records.dialects import DIALECTS
from editor.records.problems import Severity
from editor.ui import field_editors
from editor.ui.delegates import ValueDelegate
from editor.ui.field_editors import (
    WARNING_STYLE,
    FieldEdit,
    FieldSpec,
    FlagBox,
    TypeCombo,
    create_editor,
    editor_kind,
    register_editor,
)
from editor.ui.panels.layer_panel import LayerPanel
from tests.ui.kit import make_session, small_record, widget_as


def test_editor_kind_of_every_field_type():
    tf = DIALECTS["tf-inner"].value_fields
    caffe = DIALECTS["caffe"].value_fields
    node = DIALECTS["tf-inner"].messages[-1].fields_by_name  # AttrProto
    assert editor_kind(tf["skip_fusion"]) == "bool"
    assert editor_kind(node["type"]) == "enum"
    assert editor_kind(tf["offset_d"]) == "int"
    assert editor_kind(caffe["channels"]) == "int"  # uint32
    assert editor_kind(node["i"]) == "int"  # int64
    assert editor_kind(tf["scale_d"]) == "float"
    assert editor_kind(node["f"]) == "float"
    assert editor_kind(node["s"]) == "text"  # bytes
    assert editor_kind(tf["prune_producer"]) == "text"  # a string without a fixed set of values


def test_choice_only_where_a_form_offers_the_allowed_values():
    tf = DIALECTS["tf-inner"].value_fields
    for name in ("act_type", "wts_type", "dst_type"):
        assert editor_kind(tf[name]) == "text"  # the tree: any text may be typed
        assert editor_kind(tf[name], choices=True) == "choice"  # a panel's form
    assert editor_kind(tf["prune_producer"], choices=True) == "text"
    assert editor_kind(DIALECTS["pytorch"].value_fields["fakequant_precision_mode"], choices=True) == "choice"


def test_the_name_of_a_list_element_is_a_key():
    entry = DIALECTS["tf-inner"].entry_descriptor
    assert editor_kind(entry.fields_by_name["key"], label=True) == "key"
    assert editor_kind(entry.fields_by_name["key"]) == "text"  # as a plain field in the value column


def test_registering_checks_the_kind_and_refuses_a_silent_replacement():
    with pytest.raises(ValueError, match="unknown editor kind"):
        register_editor("colour", FieldEdit)
    with pytest.raises(ValueError, match="registered already"):
        register_editor("float", FieldEdit)
    with pytest.raises(ValueError, match="no editor is registered"):
        create_editor("colour", FieldSpec(DIALECTS["tf-inner"].value_fields["scale_d"]))


class MarkedEdit(FieldEdit):
    """A float editor registered instead of the built-in one."""


def open_tree_editor(qtbot, session, path):
    view = QTreeView()
    view.setModel(session.model)
    view.setItemDelegate(ValueDelegate(session, view))
    qtbot.addWidget(view)
    view.show()
    index = session.model.index_for_path(path, session.model.VALUE_COLUMN)
    view.scrollTo(index)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.indexWidget(index)
    assert editor is not None, f"no editor for {path}"
    return view, editor


def test_tree_and_panel_take_their_editors_from_the_same_registry_entry(qtbot, monkeypatch):
    monkeypatch.setitem(field_editors.EDITORS, "float", MarkedEdit)
    session = make_session(small_record())
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0), source="tree")
    # every float gets the registered class, in the form, the table cells and the tree
    assert type(panel.fields["scale_d"]) is MarkedEdit
    assert type(panel.fields["offset_d"]) is FieldEdit  # an int: its own entry
    table = panel.weights
    table.view.edit(table.table_model.index(0, 0))  # scale_w[0]
    assert isinstance(table.view.findChild(FieldEdit), MarkedEdit)
    view, editor = open_tree_editor(qtbot, session, ("record", 0, "value", "scale_d"))
    assert type(editor) is MarkedEdit
    view.close()
    _, editor = open_tree_editor(qtbot, session, ("record", 0, "value", "offset_d"))
    assert type(editor) is FieldEdit
    # the registered class edits: typed in the tree, it commits an undo step
    session2 = make_session(small_record())
    _, editor = open_tree_editor(qtbot, session2, ("record", 0, "value", "scale_d"))
    editor.selectAll()
    qtbot.keyClicks(editor, "0.5")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session2.editor.value(("record", 0, "value", "scale_d")) == 0.5)
    assert session2.undo_stack.count() == 1


def test_act_type_is_typed_in_the_tree_and_chosen_in_the_panel(qtbot):
    session = make_session(small_record())
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0), source="tree")
    assert isinstance(panel.fields["act_type"], TypeCombo)
    assert isinstance(widget_as(panel.fields["skip_fusion"], FlagBox).box, QCheckBox)
    _, editor = open_tree_editor(qtbot, session, ("record", 0, "value", "act_type"))
    assert isinstance(editor, QLineEdit) and editor.text() == "INT8"
    _, editor = open_tree_editor(qtbot, session, ("record", 0, "value", "skip_fusion"))
    assert isinstance(editor, QCheckBox)  # in a cell the bool kind is the bare check box
    _, editor = open_tree_editor(qtbot, session, ("prune_record", 0, "producer", 0, "attr", 0, "type"))
    assert isinstance(editor, QComboBox)


def test_a_flag_is_marked_like_any_field_when_a_problem_names_it(qtbot):
    session = make_session(small_record())
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0), source="tree")
    flag = widget_as(panel.fields["skip_fusion"], FlagBox)
    flag.set_mark((Severity.WARNING, "skip_fusion looks odd"))
    assert WARNING_STYLE in flag.box.styleSheet() and "skip_fusion looks odd" in flag.box.toolTip()
    flag.set_mark(None)
    assert flag.box.styleSheet() == ""


def test_a_form_editor_refuses_what_its_check_refuses_and_commits_the_rest(qtbot):
    field = DIALECTS["tf-inner"].value_fields["offset_d"]
    edit = create_editor("int", FieldSpec(field, lambda v: "too big" if v is not None and v > 127 else None,
                                          optional=True))
    assert isinstance(edit, FieldEdit)
    qtbot.addWidget(edit)
    committed: list[object] = []
    refused: list[str] = []
    edit.commit.connect(committed.append)
    edit.refused.connect(refused.append)
    edit.show_value(None, is_set=False)
    assert edit.placeholderText() == "not set (default 0)" and edit.text() == ""
    edit.show_value(5)
    assert edit.text() == "5" and not edit.edited()
    for text in ("200", "x", "-3", ""):
        edit.setText(text)
        edit.editingFinished.emit()
    assert refused[0] == "too big" and "whole number" in refused[1]
    assert committed == [-3, None]  # an empty box unsets the field
