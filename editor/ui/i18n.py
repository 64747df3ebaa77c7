"""The window's language: Qt translators for every area's ``.qm``, and View ▸ Language.

`install_language` runs before the window is built (`editor.ui.app.run_gui`): it reads the
language chosen in View ▸ Language (QSettings key `SETTINGS_KEY`; "System" by default, the
system locale's language), installs one QTranslator per area (``resources/i18n/AREA_CODE.qm``)
plus Qt's own ``qtbase_CODE.qm`` (the standard buttons and dialogs) from Qt's translations
folder, and makes `editor.i18n.translate` answer through ``QCoreApplication.translate``, so
rule messages built in `editor.records` and the widgets' ``self.tr`` texts come from the
same translators.

Switching the language in the menu is remembered and takes effect when the editor starts
again: `LanguageMenu` offers to restart at once (after the unsaved-changes question), the
open file reopened. See docs/ARCHITECTURE.md, "Translations".
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QProcess, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup, QFontDatabase
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from editor import i18n
from editor.i18n import LANGUAGES, SOURCE_LANGUAGE, translate

#: QSettings key of the language chosen in View ▸ Language: `SYSTEM` or a code of `LANGUAGES`.
SETTINGS_KEY = "language"
#: The choice "follow the system locale" (the default).
SYSTEM = "system"

#: the translators `install_language` installed (removed again when it runs once more)
_installed: list[QTranslator] = []


def system_language() -> str:
    """The language of the system locale when the editor speaks it, else English."""
    for name in [QLocale.system().name(), *QLocale.system().uiLanguages()]:
        code = i18n.normalize(name)
        if code is not None:
            return code
    return SOURCE_LANGUAGE


def chosen_language(settings: QSettings) -> str:
    """What View ▸ Language holds: `SYSTEM` or a code of `LANGUAGES` (a setting the editor
    does not know, written by another version, counts as `SYSTEM`)."""
    value = settings.value(SETTINGS_KEY, SYSTEM)
    return value if isinstance(value, str) and value in LANGUAGES else SYSTEM


def resolve(choice: str) -> str:
    """The language code a choice of View ▸ Language means."""
    return system_language() if choice == SYSTEM else choice


def qt_translations_dir() -> str:
    """Qt's own translations folder (``qtbase_zh_CN.qm``…)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def _qt_translate(context: str, text: str) -> str:
    return QCoreApplication.translate(context, text)


def install_language(code: str) -> list[Path]:
    """Make the application speak `code`: translators for every area's ``.qm`` and Qt's own
    ``qtbase_CODE.qm``, replacing those installed before; `editor.i18n.translate` answers
    through them from now on. Returns the files loaded (none for English).

    Widgets built before keep their texts: call it before the window is built."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("install_language needs the QApplication")
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
    _installed.clear()
    loaded: list[Path] = []
    if code != SOURCE_LANGUAGE:
        files = [*i18n.catalog_files(code, ".qm"), Path(qt_translations_dir()) / f"qtbase_{code}.qm"]
        for path in files:
            translator = QTranslator(app)
            # an area nobody has translated yet compiles to an empty .qm: nothing to install
            if path.is_file() and translator.load(str(path)) and not translator.isEmpty():
                QCoreApplication.installTranslator(translator)
                _installed.append(translator)
                loaded.append(path)
    i18n.set_language(code)
    i18n.set_backend(_qt_translate)
    return loaded


#: the writing system each language's texts need a font for (English: any font has it)
WRITING_SYSTEMS = {"zh_CN": QFontDatabase.WritingSystem.SimplifiedChinese}
#: each language's name in English, for the note said in English
_ENGLISH_NAMES = {"zh_CN": "Chinese"}
#: the language asked for whose texts no installed font can show (set by `install_from_settings`)
fell_back_from: str | None = None


def can_show(code: str) -> bool:
    """Whether an installed font has the characters of language `code` (without one,
    Qt draws every character of it as an empty box)."""
    system = WRITING_SYSTEMS.get(code)
    return system is None or bool(QFontDatabase.families(system))


def install_from_settings(settings: QSettings) -> str:
    """Install the language View ▸ Language holds (`install_language`); returns its code.

    A language no installed font can show falls back to English (`fell_back_from` says which;
    `font_note` what to do): a window of empty boxes is no use to anyone. No CJK font is
    bundled: a subset of the characters the translations use would have to be made again
    with every translated text, and the whole font (Debian's NotoSansCJK-Regular.ttc) is 19 MB."""
    global fell_back_from
    code = resolve(chosen_language(settings))
    fell_back_from = None
    if not can_show(code):
        fell_back_from, code = code, SOURCE_LANGUAGE
    install_language(code)
    return code


def font_note(code: str) -> str:
    """What to tell a user whose language `code` fell back to English for want of a font."""
    name = _ENGLISH_NAMES.get(code, code)  # its own name would be boxes too
    return translate("LanguageMenu", "The {language} interface needs a font with its characters, and none is "
                     "installed, so the editor speaks English. Install one (Debian, Ubuntu: sudo apt install "
                     "fonts-noto-cjk; Fedora: sudo dnf install google-noto-sans-cjk-fonts; Windows and macOS "
                     "have one) and start the editor again.").format(language=name)


def uninstall_language() -> None:
    """Remove the translators and let `translate` read the ``.ts`` files again, in English
    (tests that switched the language put things back with it)."""
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
    _installed.clear()
    i18n.set_backend(None)
    i18n.set_language(SOURCE_LANGUAGE)


def restart_command(path: Path | None) -> tuple[str, list[str]]:
    """The program and arguments that start the editor again on `path` (None: no file)."""
    return sys.executable, ["-m", "editor", *([str(path)] if path is not None else [])]


Launcher = Callable[[str, Sequence[str]], object]


def _start_detached(program: str, arguments: Sequence[str]) -> object:
    return QProcess.startDetached(program, list(arguments))


class LanguageMenu(QMenu):
    """View ▸ Language: System, English, 简体中文 — remembered in `settings`.

    A different language takes effect at the next start; choosing one offers to restart now
    (closing the window asks about unsaved changes first; cancelling it keeps the editor
    running, the choice saved). `launch` starts the new process (tests replace it)."""

    def __init__(self, window: QMainWindow, settings: QSettings, confirm: Callable[[str, str, str], bool],
                 path: Callable[[], Path | None], *, launch: Launcher = _start_detached,
                 parent: QWidget | None = None) -> None:
        super().__init__(translate("LanguageMenu", "&Language"), parent or window)
        self.setObjectName("languageMenu")
        self._window = window
        self._settings = settings
        self._confirm = confirm
        self._path = path
        self.launch = launch
        #: the language the running editor speaks (what was installed at start)
        self.running = i18n.language()
        group = QActionGroup(self)
        group.setExclusive(True)
        self.choice_actions: dict[str, QAction] = {}
        system_name = LANGUAGES[system_language()]
        for choice, text in [(SYSTEM, translate("LanguageMenu", "System ({language})").format(
                                 language=system_name)),
                             *LANGUAGES.items()]:  # each language's name in that language
            action = QAction(text, self, checkable=True)
            action.setData(choice)
            group.addAction(action)
            self.addAction(action)
            self.choice_actions[choice] = action
        self.choice_actions[chosen_language(settings)].setChecked(True)
        group.triggered.connect(self._chosen)

    def choose(self, choice: str) -> None:
        """Choose `choice` (`SYSTEM` or a language code) as if from the menu."""
        self.choice_actions[choice].trigger()

    def _chosen(self, action: QAction) -> None:
        choice = str(action.data())
        self._settings.setValue(SETTINGS_KEY, choice)
        self._settings.sync()
        code = resolve(choice)
        if code == self.running:
            return
        text = translate("LanguageMenu", "The editor speaks {language} once it starts again. "
                         "Restart it now?").format(language=LANGUAGES[code])
        if self._confirm(translate("LanguageMenu", "Language"), text, translate("LanguageMenu", "Restart Now")):
            self.restart()

    def restart(self) -> bool:
        """Close the window (unsaved changes asked about) and start the editor again on the
        open file; False when the user kept the window open."""
        path = self._path()
        if not self._window.close():
            return False
        program, arguments = restart_command(path)
        self.launch(program, arguments)
        QCoreApplication.quit()
        return True
