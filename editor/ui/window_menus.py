"""The editor window's menus, tool bar and their actions (`WindowMenus`, a part of the
window): File, Edit, View, Plot, Help and the recent files, Help ▸ Keyboard Shortcuts and About.

`WindowMenus` is given what it works with — the window (only what every `QMainWindow` has:
its menu bar, tool bars, actions), the session, the documents controller, the record tree,
the settings and the prompter — and never reads the window's own attributes; the window
adds the other parts' actions and menus through it (`add_file_section`, `add_menu`,
`view_menu`, `install_layout`, `install_plot_menu`, `install_help`).

Every text is translated where it is set (`editor.i18n.translate`, context ``MainWindow``);
switching the language builds the window again, so nothing here is retranslated live.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar, QWidget

from editor.i18n import translate
from editor.paths import resources_dir
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.ui.dialogs import Prompter
from editor.ui.document_controller import DocumentController
from editor.ui.session import EditSession
from editor.ui.shortcuts import Shortcut, ShortcutsDialog, typed_on_a_keyboard, window_shortcuts
from editor.ui.tree_keys import TREE_KEYS
from editor.ui.tree_view import RecordTreeWidget

if TYPE_CHECKING:
    from editor.ui.i18n import LanguageMenu
    from editor.ui.plots import PlotsPanel
    from editor.ui.window_layout import WindowLayout

APP_NAME = "AMCT Record Editor"
MAX_RECENT = 10


def with_platform_keys(standard: QKeySequence.StandardKey, *preferred: str) -> list[QKeySequence]:
    """`preferred` keys first (the menu shows the first, the README names it), then the
    platform's keys for a standard action (none on some) that a keyboard has: not the
    dedicated keys some platforms add (X11 binds Close to a "Close" key, which the list of
    shortcuts would show as a word)."""
    keys = [QKeySequence(text) for text in preferred]
    for key in QKeySequence.keyBindings(standard):
        if not key.isEmpty() and key not in keys and typed_on_a_keyboard(key):
            keys.append(key)
    return keys


def window_action(parent: QObject, text: str, slot: Callable[[], object],
                  shortcuts: Iterable[str | QKeySequence | QKeySequence.StandardKey] = (), tip: str = "",
                  icon: QIcon | None = None) -> QAction:
    """An action of the window: `text` in menus, `tip` in the status bar, `slot` when triggered."""
    action = QAction(text, parent)
    if shortcuts:
        action.setShortcuts([QKeySequence(s) for s in shortcuts])
    action.setStatusTip(tip)
    if icon is not None:
        action.setIcon(icon)
    action.triggered.connect(lambda _checked=False: slot())
    return action


def window_icon(widget: QWidget, name: str, fallback: QStyle.StandardPixmap) -> QIcon:
    """The icon `name` of resources/icons, else the style's `fallback`."""
    path = resources_dir() / "icons" / f"{name}.svg"
    if path.is_file():
        icon = QIcon(str(path))
        if not icon.isNull():
            return icon
    return widget.style().standardIcon(fallback)


class WindowMenus(QObject):
    """The menus, tool bar and actions of the editor window.

    `window` holds them (their keys work anywhere in it); `session` gives Undo and Redo
    and tells when a record opens, closes or changes its dialect; `documents` opens, saves,
    reloads and reads the file as another dialect; `tree` has the Edit menu's actions,
    Find and Go to Layer; `settings` keeps the recent files; `prompter` shows About.
    """

    def __init__(self, window: QMainWindow, session: EditSession, documents: DocumentController,
                 tree: RecordTreeWidget, settings: QSettings, prompter: Prompter) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.documents = documents
        self.tree = tree
        self.settings = settings
        self.prompter = prompter
        #: the plots the Plot menu lists (`install_plots`)
        self._plots: PlotsPanel | None = None
        self._places: Callable[[], Mapping[QObject, str]] = dict
        self._make_actions()
        self._make_menus()
        session.documentChanged.connect(self._document_changed)
        session.dialectChanged.connect(lambda _dialect: self.update_actions())
        documents.pathChanged.connect(self._saved_as)
        self.update_actions()

    def _action(self, text: str, slot: Callable[[], object],
                shortcuts: Iterable[str | QKeySequence | QKeySequence.StandardKey] = (), tip: str = "",
                icon: QIcon | None = None) -> QAction:
        return window_action(self.window, text, slot, shortcuts, tip, icon)

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        sp = QStyle.StandardPixmap
        w = self.window
        self.act_open = self._action(translate("MainWindow", "&Open…"), self.documents.open_file, [std.Open],
                                     translate("MainWindow", "Open a record file"),
                                     window_icon(w, "open", sp.SP_DialogOpenButton))
        self.act_save = self._action(translate("MainWindow", "&Save"), self.documents.save, [std.Save],
                                     translate("MainWindow", "Save the record to its file"),
                                     window_icon(w, "save", sp.SP_DialogSaveButton))
        self.act_save_as = self._action(translate("MainWindow", "Save &As…"), self.documents.save_as, [std.SaveAs],
                                        translate("MainWindow", "Save under another name, as text or binary, "
                                                         "in any dialect"))
        self.act_reload = self._action(translate("MainWindow", "&Reload from Disk"), self.documents.reload, ["F5"],
                                       translate("MainWindow", "Read the file again"))
        self.act_close = self._action(translate("MainWindow", "&Close"), self.documents.close_document, (),
                                      translate("MainWindow", "Close the record"))
        self.act_close.setShortcuts(with_platform_keys(std.Close, "Ctrl+W"))
        self.act_quit = self._action(translate("MainWindow", "&Quit"), w.close, (), translate("MainWindow", "Quit the editor"))
        self.act_quit.setShortcuts(with_platform_keys(std.Quit, "Ctrl+Q"))
        # Edit ▸ Undo/Redo read "Undo <the command's text>": the commands' texts are translated too
        self.act_undo = self.session.undo_stack.createUndoAction(w, translate("MainWindow", "&Undo"))
        self.act_undo.setShortcuts([QKeySequence(std.Undo)])
        self.act_undo.setIcon(window_icon(w, "undo", sp.SP_ArrowBack))
        self.act_redo = self.session.undo_stack.createRedoAction(w, translate("MainWindow", "&Redo"))
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_redo.setIcon(window_icon(w, "redo", sp.SP_ArrowForward))
        self.act_find = self._action(translate("MainWindow", "&Find…"), self.tree.find, [std.Find],
                                     translate("MainWindow", "Filter the tree by layer key or node name"),
                                     window_icon(w, "find", sp.SP_FileDialogContentsView))
        self.act_goto = self._action(translate("MainWindow", "&Go to Layer…"), self.tree.go_to_layer, ["Ctrl+L"],
                                     translate("MainWindow", "Jump to a layer by (part of) its key"))
        for action in (self.act_open, self.act_save, self.act_save_as, self.act_reload, self.act_close,
                       self.act_quit, self.act_undo, self.act_redo, self.act_find, self.act_goto):
            w.addAction(action)

    def _make_menus(self) -> None:
        menu = self.window.menuBar()
        file_menu = self.file_menu = menu.addMenu(translate("MainWindow", "&File"))
        file_menu.addAction(self.act_open)
        self.recent_menu = file_menu.addMenu(translate("MainWindow", "Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.act_save)
        file_menu.addAction(self.act_save_as)
        file_menu.addAction(self.act_reload)
        self.read_as_menu = file_menu.addMenu(translate("MainWindow", "Read As &Dialect"))
        self.read_as_menu.setToolTipsVisible(True)
        self.read_as_group = QActionGroup(self)
        self.read_as_actions: dict[str, QAction] = {}
        for d in DIALECTS.values():
            action = QAction(f"{d.shown_title} ({d.name})", self.window, checkable=True)
            action.setToolTip(d.shown_description)
            action.setStatusTip(translate("MainWindow", "Read the file again with the {title} schema and "
                                                        "its rules").format(title=d.shown_title))
            action.triggered.connect(lambda _checked=False, n=d.name: self.read_as(n))
            self.read_as_group.addAction(action)
            self.read_as_menu.addAction(action)
            self.read_as_actions[d.name] = action
        self.read_as_menu.setEnabled(False)
        file_menu.addSeparator()
        file_menu.addAction(self.act_close)
        file_menu.addAction(self.act_quit)

        edit_menu = menu.addMenu(translate("MainWindow", "&Edit"))
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        a = self.tree.actions
        for name in ("cut", "copy", "paste", "delete"):
            edit_menu.addAction(a[name])
        edit_menu.addSeparator()
        for name in ("add", "insert_before", "duplicate", "rename", "move_up", "move_down"):
            edit_menu.addAction(a[name])
        edit_menu.addSeparator()
        for name in ("set_field", "clear_field", "set_on_selected"):
            edit_menu.addAction(a[name])
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_find)
        edit_menu.addAction(self.act_goto)

        view_menu = menu.addMenu(translate("MainWindow", "&View"))
        view_menu.addAction(a["expand_all"])
        view_menu.addAction(a["collapse_all"])
        view_menu.addSeparator()
        self.view_menu = view_menu

        # Plot: every plot action with its shortcut, by view (`PlotsPanel.plot_actions`),
        # filled again each time it opens (the prune view comes and goes with the dialect)
        self.plot_menu = menu.addMenu(translate("MainWindow", "&Plot"))
        self.plot_menu.setObjectName("plotMenu")
        self.plot_menu.setToolTipsVisible(True)
        self.plot_menu.aboutToShow.connect(self._fill_plot_menu)

        # filled by install_help, once every action exists
        self.help_menu = menu.addMenu(translate("MainWindow", "&Help"))

        toolbar = QToolBar(translate("MainWindow", "Main"))
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        for tool in (self.act_open, self.act_save, None, self.act_undo, self.act_redo, None, self.act_find):
            if tool is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(tool)
        self.window.addToolBar(toolbar)
        self.toolbar = toolbar

    # ------------------------------------------------------------------ what the other parts add

    def add_file_section(self, *actions: QAction) -> None:
        """`actions` in the File menu before Close, a separator after them."""
        for action in actions:
            self.file_menu.insertAction(self.act_close, action)
        self.file_menu.insertSeparator(self.act_close)

    def add_menu(self, menu: QMenu) -> None:
        """`menu` in the menu bar, before Plot (which stays next to Help)."""
        self.window.menuBar().insertMenu(self.plot_menu.menuAction(), menu)

    def install_layout(self, layout: WindowLayout) -> None:
        """View ▸ Focus Plots, Plots in Own Window and Reset Layout (`WindowLayout`)."""
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_focus)
        self.view_menu.addAction(layout.act_detach)
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_reset)

    def install_language_menu(self) -> LanguageMenu:
        """View ▸ Language (`editor.ui.i18n.LanguageMenu`): remembered, applied at the next start."""
        from editor.ui.i18n import LanguageMenu

        session = self.session
        self.language_menu = LanguageMenu(
            self.window, self.settings, self.prompter.confirm,
            lambda: session.document.path if session.document is not None else None)
        self.view_menu.addSeparator()
        self.view_menu.addMenu(self.language_menu)
        return self.language_menu

    def install_plots(self, plots: PlotsPanel) -> None:
        """The Plot menu lists the actions of `plots`, by view."""
        self._plots = plots
        self._fill_plot_menu()

    def _fill_plot_menu(self) -> None:
        menu, plots = self.plot_menu, self._plots
        if plots is None:
            return
        menu.clear()  # the actions are the plots'; only the section titles go
        for title, actions in plots.plot_actions():
            menu.addSection(title)
            for action in actions:
                if action is None:
                    menu.addSeparator()
                else:
                    menu.addAction(action)

    def install_help(self, places: Callable[[], Mapping[QObject, str]]) -> None:
        """Help ▸ Keyboard Shortcuts (the keys said to work in the widgets `places` names:
        "the record tree", "the Edit dock", …) and Help ▸ About."""
        self._places = places
        self.act_shortcuts = self._action(translate("MainWindow", "&Keyboard Shortcuts"), self.show_shortcuts,
                                          [QKeySequence.StandardKey.HelpContents],
                                          translate("MainWindow", "Every key of the window and what it does"))
        self.window.addAction(self.act_shortcuts)
        self.help_menu.addAction(self.act_shortcuts)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self._action(translate("MainWindow", "&About"), self._about))

    def shortcuts(self) -> list[Shortcut]:
        """Every shortcut of the window (what Help ▸ Keyboard Shortcuts lists)."""
        self._fill_plot_menu()
        tree_keys = [(translate("TreeKeys", keys), translate("TreeKeys", what)) for keys, what in TREE_KEYS]
        return window_shortcuts(self.window, self._places(),
                                [(translate("MainWindow", "Record tree"),
                                  translate("MainWindow", "in the record tree"), tree_keys)])

    def show_shortcuts(self) -> ShortcutsDialog:
        """Help ▸ Keyboard Shortcuts: a window listing every key (it stays open beside the editor)."""
        dialog = ShortcutsDialog(self.shortcuts(), self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    # ------------------------------------------------------------------ following the record

    def update_actions(self) -> None:
        """Save, Save As, Close and Read As Dialect with a record open; Reload with one that
        has a file; the dialect it is read as checked."""
        doc = self.session.document
        for action in (self.act_save, self.act_save_as, self.act_close):
            action.setEnabled(doc is not None)
        self.act_reload.setEnabled(doc is not None and doc.path is not None)
        self.read_as_menu.setEnabled(doc is not None and doc.path is not None)
        for name, action in self.read_as_actions.items():
            action.setChecked(doc is not None and doc.dialect.name == name)

    def read_as(self, dialect: str) -> None:
        """File ▸ Read As Dialect: read the file again with another dialect's schema."""
        self.documents.read_as(dialect)
        self.update_actions()  # the dialect read until the file is read again

    def _document_changed(self, document: RecordDocument | None) -> None:
        if document is not None and document.path is not None:
            self.add_recent(document.path)
        self.update_actions()

    def _saved_as(self, path: Path) -> None:
        self.add_recent(path)
        self.update_actions()

    # ------------------------------------------------------------------ recent files

    def recent_files(self) -> list[str]:
        """The files opened last, newest first (at most `MAX_RECENT`)."""
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list | tuple) else []

    def add_recent(self, path: Path) -> None:
        """Put `path` first in File ▸ Open Recent (and its folder where the next dialog starts)."""
        text = str(Path(path).resolve())
        files = [f for f in self.recent_files() if f != text]
        files.insert(0, text)
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("lastDir", str(Path(text).parent))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        if not files:
            action = self.recent_menu.addAction(translate("MainWindow", "No recent files"))
            action.setEnabled(False)
            return
        for i, name in enumerate(files, 1):
            action = self.recent_menu.addAction(f"&{i % 10} {Path(name).name}  —  {Path(name).parent}")
            action.setEnabled(Path(name).exists())
            action.triggered.connect(lambda _c=False, n=name: self.documents.open_path(n))
        self.recent_menu.addSeparator()
        self.recent_menu.addAction(translate("MainWindow", "Clear List"),
                                   lambda: self.settings.setValue("recentFiles", []))

    def _about(self) -> None:
        self.prompter.info(translate("MainWindow", "About {app}").format(app=APP_NAME),
                           translate("MainWindow", "{app}\n\nView, check and edit Ascend AMCT quantization and "
                                                   "sparsity record files in every AMCT dialect.").format(app=APP_NAME))
