"""The shared selection stays on its entry while layers move, go and come back (main window)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit

from editor.records.edits.commands import RemoveElementsCommand
from editor.records.paths import FieldPath
from editor.ui.main_window import MainWindow
from tests.ui.kit import (
    ScriptedPrompter,
    copy_sample,
    document_of,
    open_and_wait,
    select_in_tree,
    type_and_enter,
    widget_as,
)


@pytest.fixture
def window(tmp_path, qtbot):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings, prompter=ScriptedPrompter(), recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(w, before_close_func=lambda win: win.prompter.save_answers.extend(["discard"] * 3))
    w.resize(1400, 900)
    w.show()
    open_and_wait(qtbot, w, copy_sample(tmp_path, "resnet_pytorch.txt"))
    return w


def keys(window: MainWindow) -> list[str]:
    return [r.key for r in document_of(window).message.record]


def assert_panel_on(window: MainWindow, key: str) -> None:
    """The layer panel shows layer `key` and edits that very entry; so does the selection."""
    panel = window.record_panels.layer_panel
    message = document_of(window).message
    assert panel.entry is not None and message.record[panel.entry].key == key
    assert widget_as(panel.key_edit, QLineEdit).text() == key
    assert window.session.selection.record_index == panel.entry
    assert window.plots.channels.title.text().startswith(key)


def test_a_click_after_moving_a_layer_up_shows_and_edits_the_clicked_layer(qtbot, window):
    message = window.document.message
    conv1, conv2 = message.record[5].key, message.record[6].key
    select_in_tree(qtbot, window, ("record", 6))
    assert_panel_on(window, conv2)
    window.tree.view.setFocus()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    def settled1() -> None:
        assert message.record[5].key == conv2 and message.record[6].key == conv1
        assert window.session.selection.path == ("record", 5)  # still conv2, at its new place
        assert_panel_on(window, conv2)
    qtbot.waitUntil(settled1)
    select_in_tree(qtbot, window, ("record", 6))  # now conv1: no longer a no-op
    assert_panel_on(window, conv1)
    before = message.record[5].value.offset_d
    type_and_enter(qtbot, window.record_panels.layer_panel.edits["offset_d"], "3")
    qtbot.waitUntil(lambda: message.record[6].value.offset_d == 3)
    assert message.record[6].key == conv1 and message.record[5].value.offset_d == before


def test_the_selection_follows_its_layer_when_one_above_is_deleted_undone_and_redone(qtbot, window):
    message = window.document.message
    shown = message.record[6].key
    select_in_tree(qtbot, window, ("record", 6))
    window.session.undo_stack.push(RemoveElementsCommand(window.session.editor, ("record",), [2]))
    def settled2() -> None:
        assert window.session.selection.path == ("record", 5) and message.record[5].key == shown
        assert_panel_on(window, shown)
    qtbot.waitUntil(settled2)
    select_in_tree(qtbot, window, ("record", 6))  # the layer after it, at 6 now
    assert_panel_on(window, message.record[6].key)
    select_in_tree(qtbot, window, ("record", 5))
    assert_panel_on(window, shown)
    window.session.undo_stack.undo()
    def settled3() -> None:
        assert window.session.selection.path == ("record", 6)
        assert_panel_on(window, shown)
    qtbot.waitUntil(settled3)
    window.session.undo_stack.redo()
    def settled4() -> None:
        assert window.session.selection.path == ("record", 5)
        assert_panel_on(window, shown)
    qtbot.waitUntil(settled4)


def test_deleting_the_selected_layer_leaves_no_panel_on_it_and_undo_brings_it_back(qtbot, window):
    message = window.document.message
    gone, after = message.record[6].key, message.record[7].key
    select_in_tree(qtbot, window, ("record", 6))
    window.tree.delete_selected()
    def settled5() -> None:
        assert gone not in keys(window)
    qtbot.waitUntil(settled5)
    # the tree's current row is the next layer; the selection and the panels went with it
    assert window.tree.current_path() == ("record", 6)
    assert_panel_on(window, after)
    window.session.undo_stack.undo()
    def settled6() -> None:
        assert message.record[6].key == gone
        assert_panel_on(window, after)  # the layer it was on, now back at 7
    qtbot.waitUntil(settled6)
    select_in_tree(qtbot, window, ("record", 6))
    assert_panel_on(window, gone)
    window.session.undo_stack.redo()  # deletes the layer the panel shows
    panel = window.record_panels.layer_panel

    def settled7() -> None:
        assert panel.entry is None or message.record[panel.entry].key != gone
        if panel.entry is not None:
            assert_panel_on(window, message.record[panel.entry].key)
    qtbot.waitUntil(settled7)
    # a click on the tree's current row shows that row, whatever was selected before
    current = window.tree.current_path()
    select_in_tree(qtbot, window, current[:2])
    assert_panel_on(window, message.record[current[1]].key)


def test_selection_renumbers_without_a_signal_and_clears_when_its_entry_goes(qtbot):
    from editor.records.edits.commands import MoveElementsCommand
    from tests.ui.kit import make_session, path_now

    session = make_session()
    model, sel, stack = session.model, session.selection, session.undo_stack
    seen: list[FieldPath] = []
    sel.changed.connect(lambda path, source: seen.append(path))
    sel.select(("record", 2, "value", "scale_w", 1))
    seen.clear()
    stack.push(MoveElementsCommand(model.editor, ("record",), 2, 1, 0))
    assert path_now(sel) == ("record", 0, "value", "scale_w", 1) and seen == []
    stack.undo()
    assert path_now(sel) == ("record", 2, "value", "scale_w", 1) and seen == []
    stack.push(RemoveElementsCommand(model.editor, ("record",), [0]))
    assert path_now(sel) == ("record", 1, "value", "scale_w", 1) and seen == []
    stack.push(RemoveElementsCommand(model.editor, ("record",), [1]))
    assert path_now(sel) == () and seen == [()]
