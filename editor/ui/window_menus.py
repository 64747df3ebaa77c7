"""The editor window's menus, tool bar and their actions (a mixin of `MainWindow`): File,
Edit, View, Plot, Help and the recent files, Help ▸ Keyboard Shortcuts and About.

Every text is translated where it is set (`editor.i18n.translate`, context ``MainWindow``);
switching the language builds the window again, so nothing here is retranslated live.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QStyle, QToolBar, QWidget

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
    from editor.ui.plots import PlotsPanel
    from editor.ui.window_layout import WindowLayout

    _Window = QMainWindow  # what the mixin is mixed into, for the type checker
else:
    _Window = object

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


def window_icon(widget: QWidget, name: str, fallback: QStyle.StandardPixmap) -> QIcon:
    """The icon `name` of resources/icons, else the style's `fallback`."""
    path = resources_dir() / "icons" / f"{name}.svg"
    if path.is_file():
        icon = QIcon(str(path))
        if not icon.isNull():
            return icon
    return widget.style().standardIcon(fallback)


class WindowMenus(_Window):
    """The menus and actions of the editor window (mixed into `MainWindow`, whose parts they
    reach: the documents, the tree, the plots, the docks)."""

    settings: QSettings
    prompter: Prompter
    session: EditSession
    documents: DocumentController
    tree: RecordTreeWidget
    plots: PlotsPanel
    edit_dock: QDockWidget
    rules_dock: QDockWidget
    view_menu: QMenu
    help_menu: QMenu
    window_layout: WindowLayout

    if TYPE_CHECKING:  # the window's own (the mixin adds nothing of them at run time)
        @property
        def document(self) -> RecordDocument | None: ...

        def find(self) -> None: ...  # type: ignore[override]  # MainWindow's Find, not QWidget.find

        def read_as(self, dialect: str) -> None: ...

        def open_path(self, path: str, dialect: str | None = None) -> bool: ...

    def _action(self, text: str, slot: Callable[[], object], shortcuts: Iterable[str | QKeySequence.StandardKey] = (), tip: str = "",
                icon: QIcon | None = None) -> QAction:
        action = QAction(text, self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.setStatusTip(tip)
        if icon is not None:
            action.setIcon(icon)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        sp = QStyle.StandardPixmap
        self.act_open = self._action(translate("MainWindow", "&Open…"), self.documents.open_file, [std.Open],
                                     translate("MainWindow", "Open a record file"),
                                     window_icon(self, "open", sp.SP_DialogOpenButton))
        self.act_save = self._action(translate("MainWindow", "&Save"), self.documents.save, [std.Save],
                                     translate("MainWindow", "Save the record to its file"),
                                     window_icon(self, "save", sp.SP_DialogSaveButton))
        self.act_save_as = self._action(translate("MainWindow", "Save &As…"), self.documents.save_as, [std.SaveAs],
                                        translate("MainWindow", "Save under another name, as text or binary, "
                                                         "in any dialect"))
        self.act_reload = self._action(translate("MainWindow", "&Reload from Disk"), self.documents.reload, ["F5"],
                                       translate("MainWindow", "Read the file again"))
        self.act_close = self._action(translate("MainWindow", "&Close"), self.documents.close_document, (),
                                      translate("MainWindow", "Close the record"))
        self.act_close.setShortcuts(with_platform_keys(std.Close, "Ctrl+W"))
        self.act_quit = self._action(translate("MainWindow", "&Quit"), self.close, (), translate("MainWindow", "Quit the editor"))
        self.act_quit.setShortcuts(with_platform_keys(std.Quit, "Ctrl+Q"))
        # Edit ▸ Undo/Redo read "Undo <the command's text>": the commands' texts are translated too
        self.act_undo = self.session.undo_stack.createUndoAction(self, translate("MainWindow", "&Undo"))
        self.act_undo.setShortcuts([QKeySequence(std.Undo)])
        self.act_undo.setIcon(window_icon(self, "undo", sp.SP_ArrowBack))
        self.act_redo = self.session.undo_stack.createRedoAction(self, translate("MainWindow", "&Redo"))
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_redo.setIcon(window_icon(self, "redo", sp.SP_ArrowForward))
        self.act_find = self._action(translate("MainWindow", "&Find…"), self.find, [std.Find],
                                     translate("MainWindow", "Filter the tree by layer key or node name"),
                                     window_icon(self, "find", sp.SP_FileDialogContentsView))
        self.act_goto = self._action(translate("MainWindow", "&Go to Layer…"), self.tree.go_to_layer, ["Ctrl+L"],
                                     translate("MainWindow", "Jump to a layer by (part of) its key"))
        for action in (self.act_open, self.act_save, self.act_save_as, self.act_reload, self.act_close,
                       self.act_quit, self.act_undo, self.act_redo, self.act_find, self.act_goto):
            self.addAction(action)

    def _make_menus(self) -> None:
        menu = self.menuBar()
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
            action = QAction(f"{d.shown_title} ({d.name})", self, checkable=True)
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

        # filled by _make_help_menu, once every action exists
        self.help_menu = menu.addMenu(translate("MainWindow", "&Help"))

        toolbar = QToolBar(translate("MainWindow", "Main"))
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        for tool in (self.act_open, self.act_save, None, self.act_undo, self.act_redo, None, self.act_find):
            if tool is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(tool)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _install_layout(self) -> None:
        """View ▸ Focus Plots, Plots in Own Window and Reset Layout (`WindowLayout`)."""
        layout = self.window_layout
        self.act_focus_plots, self.act_detach_plots = layout.act_focus, layout.act_detach
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_focus)
        self.view_menu.addAction(layout.act_detach)
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_reset)

    def _install_language_menu(self) -> None:
        """View ▸ Language (`editor.ui.i18n.LanguageMenu`): remembered, applied at the next start."""
        from editor.ui.i18n import LanguageMenu

        self.language_menu = LanguageMenu(
            self, self.settings, self.prompter.confirm,
            lambda: self.document.path if self.document is not None else None)
        self.view_menu.addSeparator()
        self.view_menu.addMenu(self.language_menu)

    def _make_plot_menu(self) -> None:
        """Plot: every plot action with its shortcut, by view (`PlotsPanel.plot_actions`),
        filled again each time it opens (the prune view comes and goes with the dialect)."""
        self.plot_menu = QMenu(translate("MainWindow", "&Plot"), self)
        self.plot_menu.setObjectName("plotMenu")
        self.plot_menu.setToolTipsVisible(True)
        self.menuBar().insertMenu(self.help_menu.menuAction(), self.plot_menu)
        self.plot_menu.aboutToShow.connect(self._fill_plot_menu)
        self._fill_plot_menu()

    def _fill_plot_menu(self) -> None:
        menu = self.plot_menu
        menu.clear()  # the actions are the plots'; only the section titles go
        for title, actions in self.plots.plot_actions():
            menu.addSection(title)
            for action in actions:
                if action is None:
                    menu.addSeparator()
                else:
                    menu.addAction(action)

    def _make_help_menu(self) -> None:
        self.act_shortcuts = self._action(translate("MainWindow", "&Keyboard Shortcuts"), self.show_shortcuts,
                                          [QKeySequence.StandardKey.HelpContents],
                                          translate("MainWindow", "Every key of the window and what it does"))
        self.addAction(self.act_shortcuts)
        self.help_menu.addAction(self.act_shortcuts)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self._action(translate("MainWindow", "&About"), self._about))

    def shortcut_places(self) -> dict[QObject, str]:
        """Widgets by the words that say a key works in them (Help ▸ Keyboard Shortcuts)."""
        places: dict[QObject, str] = {self.tree: translate("MainWindow", "the record tree")}
        places.update(self.plots.places().items())
        places[self.edit_dock] = translate("MainWindow", "the Edit dock")
        places[self.rules_dock] = translate("MainWindow", "the Problems dock")
        return places

    def shortcuts(self) -> list[Shortcut]:
        """Every shortcut of the window (what Help ▸ Keyboard Shortcuts lists)."""
        self._fill_plot_menu()
        tree_keys = [(translate("TreeKeys", keys), translate("TreeKeys", what)) for keys, what in TREE_KEYS]
        return window_shortcuts(self, self.shortcut_places(),
                                [(translate("MainWindow", "Record tree"),
                                  translate("MainWindow", "in the record tree"), tree_keys)])

    def show_shortcuts(self) -> ShortcutsDialog:
        """Help ▸ Keyboard Shortcuts: a window listing every key (it stays open beside the editor)."""
        dialog = ShortcutsDialog(self.shortcuts(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    # ------------------------------------------------------------------ recent files

    def recent_files(self) -> list[str]:
        """The files opened last, newest first (at most `MAX_RECENT`)."""
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in value] if isinstance(value, list | tuple) else []

    def _add_recent(self, path: Path) -> None:
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
            action.triggered.connect(lambda _c=False, n=name: self.open_path(n))
        self.recent_menu.addSeparator()
        self.recent_menu.addAction(translate("MainWindow", "Clear List"),
                                   lambda: self.settings.setValue("recentFiles", []))

    def _about(self) -> None:
        self.prompter.info(translate("MainWindow", "About {app}").format(app=APP_NAME),
                           translate("MainWindow", "{app}\n\nView, check and edit Ascend AMCT quantization and "
                                                   "sparsity record files in every AMCT dialect.").format(app=APP_NAME))
