"""The record tree's keys act on the row as a user means it, whatever cell is current: F2,
Return and typing edit a value row's value, F2 a layer's key; Right/Left move between the
Field and Value cells, Tab through the values; no editor scrolls the Field column away; a
refused value left behind (Escape, a click elsewhere) is reverted, and said so."""
from __future__ import annotations

import difflib
import shutil

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit

from editor.ui.tree_view import RecordTreeWidget
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import ScriptedPrompter, f32, make_session, open_and_wait, small_record, view_index

SCALE_D = ("record", 1, "value", "scale_d")
OFFSET_D = ("record", 1, "value", "offset_d")


@pytest.fixture
def tree(qtbot):
    """The tree alone over `small_record`, as narrow as the window's tree is at 1280×820."""
    session = make_session(small_record())
    w = RecordTreeWidget(session, ScriptedPrompter())
    w.resize(430, 600)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    said: list[str] = []
    w.message.connect(said.append)
    return w, session, said


def cell(w: RecordTreeWidget, path, column: int):
    return w.proxy.mapFromSource(w.model.index_for_path(path, column))


def current_on(w: RecordTreeWidget, path, column: int = 0) -> None:
    """Make `path`'s cell in `column` current, with the focus in the tree and nothing scrolled."""
    assert w.select_path(path, column=column)
    w.view.horizontalScrollBar().setValue(0)
    w.view.setFocus()
    assert w.view.currentIndex().column() == column


def editor_at(w: RecordTreeWidget, path, column: int = 1) -> QLineEdit | None:
    editor = w.view.indexWidget(cell(w, path, column))
    return editor if isinstance(editor, QLineEdit) else None


def open_editor(w: RecordTreeWidget, path, column: int = 1) -> QLineEdit:
    """The line editor the test opened on `path`."""
    editor = editor_at(w, path, column)
    assert editor is not None, f"no editor open on {path}"
    return editor


def field_column_in_view(w: RecordTreeWidget) -> bool:
    """The Field column is where it starts: the header has not scrolled sideways."""
    return w.view.header().offset() == 0 and w.view.header().sectionViewportPosition(0) == 0


def unified(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
            if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]


def test_f2_on_the_field_cell_of_scale_d_edits_scale_d_and_the_file_differs_in_one_line(qtbot, tmp_path, env):
    """The issue's case, on the real ResNet-50 record: the current cell on the Field column of
    scale_d, F2, type, Return. It used to rename the layer (saving ``key: "0.03125"``)."""
    path = tmp_path / RESNET50_CAFFE.name
    shutil.copyfile(RESNET50_CAFFE, path)
    before = path.read_text()
    window = env()
    open_and_wait(qtbot, window, path)
    tree, view = window.tree, window.tree.view
    message = window.document.message
    key, old = message.record[1].key, message.record[1].value.scale_d
    assert tree.select_path(SCALE_D, column=0)
    view.setFocus()
    assert view.currentIndex().column() == 0
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.indexWidget(view_index(window, SCALE_D, 1))
    assert isinstance(editor, QLineEdit) and editor.hasFocus()
    assert view.indexWidget(view_index(window, ("record", 1))) is None  # not the layer's key
    qtbot.keyClicks(editor, "0.03125")  # the old value is selected: typing replaces it
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message.record[1].value.scale_d == 0.03125)
    assert message.record[1].key == key
    qtbot.keyClick(view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    assert f32(old) != 0.03125
    assert unified(before, path.read_text()) == [f"-    scale_d: {_scale_d_text(before, key)}",
                                                 "+    scale_d: 0.03125"]

    # F2 on a layer row still renames the layer
    assert tree.select_path(("record", 2), column=1)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    key_editor = view.indexWidget(view_index(window, ("record", 2)))
    assert isinstance(key_editor, QLineEdit) and key_editor.text() == message.record[2].key
    key_editor.selectAll()
    qtbot.keyClicks(key_editor, "res2a_branch2a_renamed")
    qtbot.keyClick(key_editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message.record[2].key == "res2a_branch2a_renamed")


def _scale_d_text(text: str, key: str) -> str:
    """The scale_d line's value under the layer `key` in a record's text."""
    lines = text.splitlines()
    start = lines.index(f'  key: "{key}"')
    return next(line for line in lines[start:] if line.startswith("    scale_d: ")).split(": ")[1]


def test_return_and_typing_on_a_value_row_edit_its_value(qtbot, tree):
    w, session, _said = tree
    current_on(w, SCALE_D, 0)
    qtbot.keyClick(w.view, Qt.Key.Key_Return)
    editor = editor_at(w, SCALE_D)
    assert editor is not None and editor.hasFocus()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert editor_at(w, SCALE_D) is None
    # typing starts the edit with what is typed; the rest goes on in the editor
    current_on(w, SCALE_D, 0)
    qtbot.keyClick(w.view, Qt.Key.Key_0)
    editor = editor_at(w, SCALE_D)
    assert editor is not None and editor.text() == "0"
    qtbot.keyClicks(editor, ".25")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session.editor.value(SCALE_D) == 0.25)
    # typing on a layer row searches the keys, as in any tree; it renames nothing
    current_on(w, ("record", 2), 0)
    qtbot.keyClick(w.view, Qt.Key.Key_N)
    assert w.view.indexWidget(w.view.currentIndex()) is None
    assert session.editor.value(("record", 2, "key")) == "net/fc/MatMul"


def test_right_and_left_move_between_the_field_and_value_cells_without_scrolling(qtbot, tree):
    w, _session, _said = tree
    view = w.view
    assert view.horizontalScrollBar().maximum() > 0  # the columns are wider than the tree
    current_on(w, SCALE_D, 0)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.currentIndex() == cell(w, SCALE_D, 1) and field_column_in_view(w)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # nothing further right: it used to scroll sideways
    assert view.currentIndex() == cell(w, SCALE_D, 1) and field_column_in_view(w)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    assert editor_at(w, SCALE_D) is not None and field_column_in_view(w)
    qtbot.keyClick(editor_at(w, SCALE_D), Qt.Key.Key_Escape)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert view.currentIndex() == cell(w, SCALE_D, 0)
    # on a row with children, Right still expands and Left collapses
    layer = ("record", 2)
    current_on(w, layer, 0)
    view.collapse(cell(w, layer, 0))
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.isExpanded(cell(w, layer, 0))
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert not view.isExpanded(cell(w, layer, 0))


def test_tab_moves_through_the_values_and_commits_on_the_way(qtbot, tree):
    w, session, _said = tree
    view = w.view
    current_on(w, SCALE_D, 0)
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = open_editor(w, SCALE_D)
    editor.selectAll()
    qtbot.keyClicks(editor, "0.5")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert session.editor.value(SCALE_D) == 0.5  # committed
    offset = editor_at(w, OFFSET_D)
    assert offset is not None and offset.hasFocus()  # and on to the next value's editor
    assert field_column_in_view(w)
    # a refused value does not move on: it stays, red, with its reason
    offset.selectAll()
    qtbot.keyClicks(offset, "300")
    qtbot.keyClick(offset, Qt.Key.Key_Tab)
    assert editor_at(w, OFFSET_D) is offset and session.editor.value(OFFSET_D) == -3
    qtbot.keyClick(offset, Qt.Key.Key_Backtab)  # Shift+Tab: back, once the text is fixed
    assert editor_at(w, OFFSET_D) is offset
    offset.selectAll()
    qtbot.keyClicks(offset, "-4")
    qtbot.keyClick(offset, Qt.Key.Key_Backtab)
    assert session.editor.value(OFFSET_D) == -4
    assert editor_at(w, SCALE_D) is not None
    qtbot.keyClick(editor_at(w, SCALE_D), Qt.Key.Key_Escape)
    # without an editor, Tab moves the current cell from value to value (skipping rows that
    # hold none), and past the last one the focus leaves the tree
    current_on(w, SCALE_D, 0)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.currentIndex() == cell(w, SCALE_D, 1)
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    assert view.currentIndex() == cell(w, OFFSET_D, 1)
    for _ in range(60):
        if not view.hasFocus():
            break
        qtbot.keyClick(view, Qt.Key.Key_Tab)
        index = view.currentIndex()
        assert view.value_cell(index) == index  # only ever on a value
    assert not view.hasFocus()


def test_no_editor_scrolls_the_field_column_away(qtbot, tree):
    w, _session, _said = tree
    view = w.view
    target = cell(w, OFFSET_D, 1)
    view.scrollTo(target)
    view.horizontalScrollBar().setValue(0)
    # a click on the value, then a double-click to edit it (QTreeView scrolled to the cell)
    rect = view.visualRect(target)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert field_column_in_view(w)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(target).center())
    assert editor_at(w, OFFSET_D) is not None and field_column_in_view(w)
    editor = open_editor(w, OFFSET_D)
    # the editor sits beside the name of what it edits
    name = view.visualRect(cell(w, OFFSET_D, 0))
    assert name.left() >= 0 and abs(editor.geometry().center().y() - name.center().y()) <= 2
    qtbot.keyClick(editor, Qt.Key.Key_Escape)


def test_escape_from_a_refused_value_reverts_it_and_says_so(qtbot, tree):
    w, session, said = tree
    current_on(w, SCALE_D, 1)
    qtbot.keyClick(w.view, Qt.Key.Key_F2)
    editor = open_editor(w, SCALE_D)
    editor.selectAll()
    qtbot.keyClicks(editor, "-1")
    assert "must be finite and > 0" in said[-1]
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert editor_at(w, SCALE_D) is None and session.editor.value(SCALE_D) == f32(0.05)
    assert said[-1].startswith("Not changed: ") and "must be finite and > 0" in said[-1]
    assert said[-1].endswith("(scale_d stays 0.05)")
    # Escape on an acceptable text only cancels: nothing to say
    qtbot.keyClick(w.view, Qt.Key.Key_F2)
    open_editor(w, SCALE_D).selectAll()
    qtbot.keyClicks(editor_at(w, SCALE_D), "0.7")
    count = len(said)
    qtbot.keyClick(editor_at(w, SCALE_D), Qt.Key.Key_Escape)
    assert len(said) == count and session.editor.value(SCALE_D) == f32(0.05)


def test_clicking_away_closes_the_editor_refused_values_reverted_and_said(qtbot, env, tmp_path):
    """A click on a widget that takes no focus (the status bar) used to leave the editor open."""
    window = env()
    path = tmp_path / RESNET50_CAFFE.name
    shutil.copyfile(RESNET50_CAFFE, path)
    open_and_wait(qtbot, window, path)
    tree, view = window.tree, window.tree.view
    message = window.document.message
    old = message.record[1].value.scale_d
    bar = window.statusBar()
    for text, clicked_on in (("-1", bar), ("abc", window.record_panels)):
        assert clicked_on.focusPolicy() == Qt.FocusPolicy.NoFocus
        assert tree.select_path(SCALE_D, column=1)
        view.setFocus()
        qtbot.keyClick(view, Qt.Key.Key_F2)
        editor = view.indexWidget(view_index(window, SCALE_D, 1))
        editor.selectAll()
        qtbot.keyClicks(editor, text)
        qtbot.mouseClick(clicked_on, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
        assert view.indexWidget(view_index(window, SCALE_D, 1)) is None
        assert message.record[1].value.scale_d == old
        assert bar.currentMessage().startswith("Not changed: ") and "scale_d stays" in bar.currentMessage()
    # an acceptable value is taken, as leaving the editor with the keyboard does
    assert tree.select_path(SCALE_D, column=1)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editor = view.indexWidget(view_index(window, SCALE_D, 1))
    editor.selectAll()
    qtbot.keyClicks(editor, "0.0625")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert message.record[1].value.scale_d == 0.0625
