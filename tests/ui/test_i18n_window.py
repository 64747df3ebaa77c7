"""The window area in Chinese (issue 14): under the zh_CN translators, every text a user
reads in the window's own widgets — menus, actions and their status tips, the tool bar, the
tree's header, context menu and filter bar, the status bar, the banners, the dialogs, Help ▸
Keyboard Shortcuts, the undo texts — is Chinese. A text is accepted without Chinese
characters only when it is a name the record or the platform gives (a field name, a dialect,
a key sequence, a number). The panels, plots and comparison widgets are other areas' and are
checked by their own tests."""
from __future__ import annotations

import re
from collections.abc import Set

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QDialog, QLabel, QMenu, QWidget

from editor.records.dialects import DIALECTS
from editor.ui import i18n as ui_i18n
from editor.ui.banners import Banner
from editor.ui.dialogs import GoToLayerDialog, SaveAsDialog, SetFieldDialog
from editor.ui.shortcuts import ShortcutsDialog
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import ScriptedPrompter, open_and_wait

CJK = re.compile(r"[\u4e00-\u9fff]")


def chinese(text: str) -> bool:
    return bool(CJK.search(text))


def untranslated(texts: dict[str, str], allowed: Set[str] = frozenset()) -> dict[str, str]:
    """The texts (by where they were found) a user reads that are not Chinese."""
    return {where: text for where, text in texts.items()
            if text.replace("&", "").strip() and text not in allowed and not chinese(text)}


@pytest.fixture
def zh(qapp):
    """The application speaking zh_CN (the window area's .qm, Qt's own qtbase_zh_CN) for one test."""
    loaded = ui_i18n.install_language("zh_CN")
    assert "window_zh_CN.qm" in {p.name for p in loaded}
    yield
    ui_i18n.uninstall_language()


@pytest.fixture
def window(zh, env, qtbot):
    """A window in Chinese with a real record open (ResNet-50, Caffe)."""
    if not RESNET50_CAFFE.is_file():
        pytest.skip("the real-world Caffe record is not available")
    window = env(ScriptedPrompter())
    open_and_wait(qtbot, window, RESNET50_CAFFE)
    return window


def _others_actions(window) -> set[QAction]:
    """Actions in the window's menus that belong to other areas (the comparison's, the
    Problems dock's toggle) or name the record's own things (dialects, files)."""
    others = {window.compare.act_compare, window.compare.act_close, window.rules_dock.toggleViewAction()}
    others.update(window.menus.read_as_actions.values())  # "Caffe (caffe)": the dialects' own names
    return others


def _menu_texts(menu: QMenu, skip: set[QAction], prefix: str) -> dict[str, str]:
    texts = {f"{prefix} (title)": menu.title()}
    for action in menu.actions():
        if action.isSeparator() or action in skip:
            continue
        where = f"{prefix} ▸ {action.text()}"
        sub = action.menu()
        if sub is not None:
            assert isinstance(sub, QMenu)
            if sub is not getattr(menu.window(), "recent_menu", None):
                texts.update(_menu_texts(sub, skip, where))
            continue
        texts[where] = action.text()
        if action.statusTip():
            texts[f"{where} (status tip)"] = action.statusTip()
    return texts


def test_menus_actions_and_status_tips_are_chinese(window):
    skip = _others_actions(window)
    texts: dict[str, str] = {}
    for menu in (window.menus.file_menu, window.menuBar().actions()[1].menu(), window.menus.view_menu, window.menus.help_menu):
        texts.update(_menu_texts(menu, skip, menu.title()))
    texts["Plot (title)"] = window.menus.plot_menu.title()
    window.menus.recent_menu.aboutToShow.emit()  # filled as it opens: the file just opened
    texts["Open Recent (title)"] = window.menus.recent_menu.title()
    texts["Clear List"] = window.menus.recent_menu.actions()[-1].text()
    for action in window.menus.read_as_actions.values():
        texts[f"Read As ▸ {action.text()} (status tip)"] = action.statusTip()
    assert untranslated(texts, {"English"}) == {}  # View ▸ Language names each language in itself
    # the English names stay in the translations' places: accelerators the Chinese way
    assert window.menus.file_menu.title() == "文件(&F)"
    assert window.menus.act_save_as.text() == "另存为(&A)…"
    assert window.tree.actions["set_on_selected"].text() == "为所选层设置字段(&L)…"
    # dialects by their names; the one described in words, in Chinese, with its tool tip
    assert [a.text() for a in window.menus.read_as_actions.values()][1:] == [
        f"{d.title} ({d.name})" for d in list(DIALECTS.values())[1:]]
    tf_inner = window.menus.read_as_actions["tf-inner"]
    assert tf_inner.text() == "TensorFlow（训练后量化 / 量化感知训练 / 稀疏） (tf-inner)"
    assert all(untranslated({d: a.toolTip()}, set()) == {} for d, a in window.menus.read_as_actions.items())


def test_tree_status_bar_and_docks_are_chinese(window, qtbot):
    tree = window.tree
    header = tree.view.model()
    horizontal = Qt.Orientation.Horizontal
    texts = {f"tree header {c}": header.headerData(c, horizontal) for c in range(3)}
    texts["filter placeholder"] = tree.filter_edit.placeholderText()
    texts["tool bar"] = window.menus.toolbar.windowTitle()
    texts["Edit dock"] = window.edit_dock.windowTitle()
    texts["side tab"] = window.side_tabs.tabText(window.side_tabs.indexOf(window.plots))
    texts["cancel loading"] = window.cancel_button.text()
    texts["problem counts (tool tip)"] = window.problem_counts_label.toolTip()
    texts["layer count"] = window.counts_label.text()
    texts["dialect (tool tip)"] = window.dialect_label.toolTip()
    for button in tree.filter_bar.findChildren(QAbstractButton):
        texts[f"filter bar {button.text()}"] = button.text()
        texts[f"filter bar {button.text()} (tool tip)"] = button.toolTip()
    tree.filter_edit.setText("res2a")
    tree.filter_bar.apply()
    texts["filter count"] = tree.filter_bar.count_label.text()
    tree.select_path(("record", 0))
    menu = tree.context_menu()
    texts.update({f"context ▸ {a.text()}": a.text() for a in menu.actions() if not a.isSeparator()})
    assert untranslated(texts) == {}
    assert texts["layer count"].endswith("层") and window.dialect_label.text() == "caffe"  # a dialect name stays
    assert [header.headerData(c, horizontal) for c in range(3)] == ["字段", "值", "类型"]


def test_undo_texts_and_messages_are_chinese(window, qtbot):
    tree = window.tree
    key = window.session.editor.value(("record", 0, "key"))
    tree.select_path(("record", 0))
    assert tree.set_field_on_selected("offset_d", 3)
    assert window.menus.act_undo.text() == "撤销(&U) 将 1 个层的 offset_d 设为 3"
    shown: list[str] = []
    tree.message.connect(shown.append)
    tree.copy_selected()
    assert shown[-1] == "已将 1 行复制为记录文本"
    assert tree.go_to_key("no such layer at all") is False
    assert shown[-1] == "没有层名包含 'no such layer at all'"
    tree.select_paths([("record", 0), ("record", 1)])
    assert tree.selection_summary() == "已选 2 层"
    window.session.undo_stack.undo()
    tree.select_path(("record", 0, "value", "scale_d"))
    tree.clear_current_field()
    assert window.menus.act_undo.text() == f"撤销(&U) 清除 层 {key!r} 的 scale_d"


def test_banners_are_chinese_and_keep_their_english_names(window):
    window.banners.show_disk_banner("changed")
    banner = window.banners.disk_banner
    assert isinstance(banner, Banner)
    texts = {"banner": banner.label.text()}
    texts.update({f"button {name}": b.text() for name, b in banner.buttons.items()})
    assert untranslated(texts) == {}
    assert set(banner.buttons) == {"Reload", "Keep Mine"}  # what scripts and tests ask for
    assert banner.buttons["Keep Mine"].text() == "保留我的版本"


def _dialog_texts(dialog: QWidget) -> dict[str, str]:
    texts = {"title": dialog.windowTitle()}
    for label in dialog.findChildren(QLabel):
        if label.text():
            texts[f"label {label.text()}"] = label.text()
    for button in dialog.findChildren(QAbstractButton):
        if button.text():
            texts[f"button {button.text()}"] = button.text()
    return texts


def test_dialogs_are_chinese(window):
    doc = window.document
    save_as = SaveAsDialog("/tmp", "record.txt", doc.dialect, False, window)
    set_field = SetFieldDialog(window.tree.layer_fields(), 3, window)
    go_to = GoToLayerDialog(window.session.editor.keys(), window)
    dialogs: list[QDialog] = [save_as, set_field, go_to]
    found: dict[str, str] = {}
    for dialog in dialogs:
        found.update({f"{type(dialog).__name__}: {k}": v for k, v in _dialog_texts(dialog).items()})
    found["SetFieldDialog: placeholder"] = set_field.value_edit.placeholderText()
    found["GoToLayerDialog: placeholder"] = go_to.edit.placeholderText()
    # the dialect list names the dialects as AMCT does; Qt's own buttons come from qtbase_zh_CN
    assert untranslated(found) == {}
    assert {b.text() for b in save_as.findChildren(QAbstractButton)} >= {"保存", "取消", "浏览…"}


def test_keyboard_shortcuts_are_chinese(window):
    dialog = window.menus.show_shortcuts()
    assert isinstance(dialog, ShortcutsDialog)
    header = dialog.tree.headerItem()
    texts = {"title": dialog.windowTitle(), "filter": dialog.filter_edit.placeholderText()}
    texts.update({f"header {c}": header.text(c) for c in range(3)})
    mine = {"文件", "编辑", "视图", "帮助", "记录树"}
    rows = [r for r in dialog.rows() if r[0].split(" ▸ ")[0] in mine]
    assert len(rows) > 20
    for section, keys, command, where in rows:
        texts[f"{section} ▸ {keys}"] = command
        texts[f"{section} ▸ {keys} (where)"] = where
    assert untranslated(texts) == {}
    tree_rows = {command for section, _keys, command, _where in rows if section == "记录树"}
    assert "编辑当前行的值" in tree_rows
    dialog.close()
