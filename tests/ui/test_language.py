"""The window's language: translators installed from the .qm files, View ▸ Language
remembered and applied by a restart."""
from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMainWindow

from editor import i18n
from editor.ui import i18n as ui_i18n
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait


@pytest.fixture
def chinese(qapp):
    """The application speaking zh_CN for one test (English again afterwards)."""
    loaded = ui_i18n.install_language("zh_CN")
    yield loaded
    ui_i18n.uninstall_language()


def test_zh_cn_installs_every_translated_area_and_qts_own(chinese):
    names = {p.name for p in chinese}
    assert "window_zh_CN.qm" in names
    assert "qtbase_zh_CN.qm" in names  # Qt's standard buttons: 取消, not Cancel
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"
    assert i18n.translate("LanguageMenu", "Language") == "语言"
    assert i18n.language() == "zh_CN"


def test_uninstalling_goes_back_to_english(qapp):
    ui_i18n.install_language("zh_CN")
    ui_i18n.uninstall_language()
    assert i18n.translate("LanguageMenu", "Language") == "Language"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_the_setting_picks_the_language_system_by_default(qapp, tmp_path, monkeypatch):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(ui_i18n, "system_language", lambda: "zh_CN")
    try:
        assert ui_i18n.chosen_language(settings) == ui_i18n.SYSTEM
        assert ui_i18n.install_from_settings(settings) == "zh_CN"
        settings.setValue(ui_i18n.SETTINGS_KEY, "en")
        assert ui_i18n.install_from_settings(settings) == "en"
        assert i18n.translate("LanguageMenu", "Language") == "Language"
        settings.setValue(ui_i18n.SETTINGS_KEY, "klingon")  # another version's value
        assert ui_i18n.chosen_language(settings) == ui_i18n.SYSTEM
    finally:
        ui_i18n.uninstall_language()


def _language_menu(window):
    (menu,) = [a.menu() for a in window.menus.view_menu.actions() if a.menu() is window.menus.language_menu]
    return menu


def test_view_language_menu_in_chinese(chinese, env):
    window = env()
    menu = _language_menu(window)
    assert menu.title() == "语言(&L)"
    texts = [a.text() for a in menu.actions()]
    assert texts[1:] == ["English", "简体中文"] and texts[0].startswith("跟随系统")
    assert menu.choice_actions["zh_CN"].isCheckable()


def test_choosing_a_language_is_remembered_and_restarts_on_the_open_file(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_pytorch.txt")
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 7)
    launched: list[tuple[str, list[str]]] = []
    menu = _language_menu(window)
    menu.launch = lambda program, args: launched.append((program, list(args)))
    assert menu.running == "en"

    # restart now, but cancel at the unsaved-changes question: the editor keeps running
    prompter.confirm_answers.append(True)
    prompter.save_answers.append("cancel")
    menu.choose("zh_CN")
    assert "简体中文" in prompter.questions[-1][1]
    assert window.isVisible() and launched == []
    assert window.settings.value(ui_i18n.SETTINGS_KEY) == "zh_CN"

    # back to English (what runs): no question; then Chinese again, discarding the edit
    menu.choose("en")
    assert len(prompter.questions) == 1
    prompter.confirm_answers.append(True)
    prompter.save_answers.append("discard")
    menu.choose("zh_CN")
    assert not window.isVisible()
    assert launched == [(sys.executable, ["-m", "editor", str(path)])]
    assert "offset_d: 7" not in path.read_text()


def test_later_keeps_the_window_and_the_next_window_shows_the_choice(tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    menu = _language_menu(window)
    menu.launch = lambda *_: pytest.fail("no restart was asked for")
    prompter.confirm_answers.append(False)
    menu.choose("zh_CN")
    assert window.isVisible()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert ui_i18n.chosen_language(settings) == "zh_CN"
    assert _language_menu(env()).choice_actions["zh_CN"].isChecked()


def test_a_rule_message_in_the_problems_dock_is_chinese(chinese, qtbot, tmp_path, env):
    """Under the zh_CN translators, the checks word their messages in Chinese (same rule id,
    same field); the dock's Problem column shows that message without the layer's name,
    which its Where column holds (as in English)."""
    path = tmp_path / "bad.txt"
    path.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5\n    offset_d: 300\n'
                    '    scale_w: 0.1\n    offset_w: 0\n  }\n}\n', encoding="utf-8")
    window = env()
    open_and_wait(qtbot, window, path)
    window.session.problems.flush()
    pm = window.rules_dock.problems_model
    errors = pm.index(0, 0)
    rows = [pm.index(r, 0, errors) for r in range(pm.rowCount(errors))]
    (row,) = [ix for ix in rows if pm.problem(ix).rule == "offset-d-range"]
    assert pm.problem(row).field == "offset_d"
    assert pm.problem(row).message == '层 "conv1"：offset_d = 300 超出 [-128, 127]（未设置 act_type，按 INT8）'
    assert pm.data(row) == 'offset_d = 300 超出 [-128, 127]（未设置 act_type，按 INT8）'


def test_without_a_cjk_font_the_chinese_interface_falls_back_to_english_and_says_why(qapp, tmp_path, monkeypatch,
                                                                                       qtbot):
    """With no font for Chinese every text drew as empty boxes."""
    from PySide6.QtGui import QFontDatabase

    from editor.ui.app import tell_font_fallback

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(ui_i18n.SETTINGS_KEY, "zh_CN")
    installed = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    try:
        # the fonts this machine has: a Chinese one among them, the Chinese interface
        assert ui_i18n.can_show("zh_CN") == bool(installed) and ui_i18n.can_show("en")
        if installed:
            assert ui_i18n.install_from_settings(settings) == "zh_CN" and ui_i18n.fell_back_from is None
        # none: English, and the note says how to install one
        monkeypatch.setattr(QFontDatabase, "families", staticmethod(
            lambda system=QFontDatabase.WritingSystem.Any: [] if system == QFontDatabase.WritingSystem.SimplifiedChinese
            else installed))
        assert not ui_i18n.can_show("zh_CN")
        assert ui_i18n.install_from_settings(settings) == "en" and ui_i18n.fell_back_from == "zh_CN"
        assert i18n.language() == "en" and i18n.translate("LanguageMenu", "Language") == "Language"
        note = ui_i18n.font_note("zh_CN")
        assert note.startswith("The Chinese interface needs a font") and "fonts-noto-cjk" in note
        window = QMainWindow()
        qtbot.addWidget(window)
        box = tell_font_fallback(window)
        assert box is not None and box.text() == note and box.isVisible()
        box.close()
    finally:
        ui_i18n.uninstall_language()
        ui_i18n.fell_back_from = None
