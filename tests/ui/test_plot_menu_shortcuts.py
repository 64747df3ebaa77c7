"""The Plot menu lists every plot action with its shortcut; Help ▸ Keyboard Shortcuts lists
every shortcut of the window, read from the window (so new actions appear by themselves)."""
from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from editor.ui.shortcuts import command_text, key_text
from editor.ui.tree_keys import TREE_KEYS
from tests.ui.kit import copy_sample, open_and_wait


def menu_named(window, title: str) -> QMenu:
    return next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == title)


def opened(menu: QMenu) -> list[QAction]:
    """A menu's actions as a user sees them on opening it."""
    menu.aboutToShow.emit()
    return menu.actions()


def test_the_plot_menu_lists_every_plot_action_with_its_shortcut(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles.index("Plot") == titles.index("Help") - 1
    entries = opened(menu_named(window, "Plot"))
    sections = [a.text() for a in entries if a.isSeparator() and a.text()]
    assert sections == ["Overview", "Layers", "Channels", "Prune ranges", "Graph"]
    listed = [a for a in entries if not a.isSeparator()]
    # every action of the plots with a shortcut, whoever made it
    with_keys = [a for a in window.plots.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert with_keys and all(a in listed for a in with_keys), \
        [a.text() for a in with_keys if a not in listed]
    for _title, actions in window.plots.plot_actions():
        assert all(a in listed for a in actions if a is not None)
    # the keys the issue names: R, M, C, D, V, L, Return, ←/→
    keys = {a.shortcut().toString() for a in listed}
    assert {"R", "M", "C", "D", "V", "L", "Return", "Left", "Right"} <= keys
    # the channel plot's keys, in its section, with their words
    channels = window.plots.channels
    assert channels.spans.act_span in listed and channels.spans.act_span.shortcut() == QKeySequence("R")
    # chosen from the menu, an action brings its view up, with the focus its keys need next
    for layer in (None, 1):  # nothing plotted yet, then a layer
        if layer is not None:
            window.tree.select_path(("record", layer))
        window.plots.show_overview()
        window.tree.view.setFocus()
        channels.act_log.trigger()
        assert window.plots.currentWidget() is channels
        assert channels.isAncestorOf(window.focusWidget()) or window.focusWidget() is channels
    assert window.focusWidget() is channels.graphics  # ←/→ step through the channels now


def test_the_plot_menu_leaves_out_a_view_the_record_has_no_use_for(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    entries = opened(menu_named(window, "Plot"))
    assert [a.text() for a in entries if a.isSeparator() and a.text()] == ["Overview", "Layers", "Channels", "Graph"]
    assert window.plots.prune.act_next not in entries


def test_help_keyboard_shortcuts_lists_every_shortcut_of_the_window(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    help_menu = menu_named(window, "Help")
    assert window.menus.act_shortcuts in help_menu.actions()
    assert window.menus.act_shortcuts.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    dialog = window.menus.show_shortcuts()
    qtbot.addWidget(dialog)
    rows = dialog.rows()
    listed = {(keys, command) for _s, keys, command, _w in rows}
    every = [a for a in window.findChildren(QAction) if key_text(a)]
    assert len(every) > 30
    missing = [(key_text(a), command_text(a)) for a in every if (key_text(a), command_text(a)) not in listed]
    assert missing == []
    # grouped as the menus are, and said where they work
    by_command = {(section, command): where for section, _k, command, where in rows}
    assert by_command[("File", "Save")] == "anywhere in the window"
    assert by_command[("Edit", "Delete")] == "in the record tree"
    assert by_command[("Plot ▸ Channels", "Span")] == "in the Channels plot"
    assert by_command[("Help", "Keyboard Shortcuts")] == "anywhere in the window"
    # the tree's keys that are no action are there too
    for keys, what in TREE_KEYS:
        assert ("Record tree", keys, what, "in the record tree") in rows
    # the filter finds a key
    dialog.filter_edit.setText("Ctrl+S")
    assert {command for _s, _k, command, _w in dialog.rows()} == {"Save"}  # not Ctrl+Shift+S
    dialog.filter_edit.setText("span")
    assert {"Span", "Multiply span by…", "Hide span"} <= {c for _s, _k, c, _w in dialog.rows()}
    dialog.close()


def test_an_action_someone_adds_is_listed_without_editing_the_list(qtbot, env):
    window = env()
    extra = QAction("Next layer with outliers", window.plots)
    extra.setShortcut(QKeySequence("Ctrl+Shift+O"))
    window.plots.addAction(extra)
    dialog = window.menus.show_shortcuts()
    qtbot.addWidget(dialog)
    assert any(keys == extra.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
               and command == "Next layer with outliers" for _s, keys, command, _w in dialog.rows())
    dialog.close()


#: names of keys an ordinary keyboard has, as Qt writes them (letters, digits and F-keys aside)
KEY_CAPS = {"Return", "Enter", "Left", "Right", "Up", "Down", "Home", "End", "Del", "Ins", "Esc", "Tab",
            "Backtab", "Backspace", "PgUp", "PgDown", "Space", "Menu"}


def test_keyboard_shortcuts_list_keys_a_keyboard_has_the_readme_key_first(qtbot, env):
    window = env()
    dialog = window.menus.show_shortcuts()
    qtbot.addWidget(dialog)
    rows = dialog.rows()
    for _section, keys, command, _where in rows:
        if (keys, command) in TREE_KEYS:  # the tree's own keys, written by hand ("0–9")
            continue
        for combo in keys.split(", "):
            base = combo.split("+")[-1] or "+"  # "Ctrl++" ends in the plus key
            assert len(base) == 1 or (base[0] == "F" and base[1:].isdigit()) or base in KEY_CAPS, (combo, command)
    # File ▸ Close: Ctrl+W first (the README's key, and the one its menu item shows), no "Close" key
    close = next(keys for section, keys, command, _w in rows if (section, command) == ("File", "Close"))
    assert close.split(", ")[0] == "Ctrl+W"
    assert window.menus.act_close.shortcut() == QKeySequence("Ctrl+W")
    dialog.close()
