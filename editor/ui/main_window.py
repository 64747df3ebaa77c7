"""The editor window: menus, the record tree, the panels, plots and docks around it.

One window edits one record at a time: its `session` (`editor.ui.session`) holds the
document, the editor, the undo stack, the selection and the live problems, and every
widget takes that session. File operations — open, save, reload, read as another dialect,
disk watching, crash recovery — are the `documents` controller's
(`editor.ui.document_controller`); the window lays out what they report (status messages,
progress, banners). Panels and plots plug in beside the tree with `add_side_widget`.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QSettings, QSize, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QIcon,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyle,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.paths import resources_dir
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.editing import RecordChange
from editor.ui.dialogs import Prompter
from editor.ui.document_controller import DocumentController
from editor.ui.key_labels import KeyLabels
from editor.ui.recovery import RecoveryInfo, RecoveryStore
from editor.ui.session import EditSession
from editor.ui.shortcuts import Shortcut, ShortcutsDialog, window_shortcuts
from editor.ui.status_bar import StatusBar
from editor.ui.tree_keys import TREE_KEYS
from editor.ui.tree_view import RecordTreeWidget
from editor.ui.window_layout import DockFolder, WindowLayout

APP_NAME = "AMCT Record Editor"
MAX_RECENT = 10


def default_size(screen: QSize | None) -> tuple[int, int]:
    """The window's size on a first start (no saved geometry): 1280×820, less on a smaller
    screen, up to 1680×1000 (nine tenths of the screen) where the screen is big enough, so
    the plots beside the tree have room."""
    if screen is None or screen.width() < 1024:
        return 1280, 820  # no real desktop to fit (offscreen, a tiny VNC): the usual size
    if screen.width() < 1440 or screen.height() < 900:
        # a laptop (1366×768): fit inside it rather than run past its bottom edge
        return min(1280, int(screen.width() * 0.95)), min(820, int(screen.height() * 0.92))
    return min(1680, int(screen.width() * 0.9)), min(1000, int(screen.height() * 0.9))


def _with_platform_keys(standard: QKeySequence.StandardKey, *extra: str) -> list[QKeySequence]:
    """The platform's keys for a standard action (none on some), then `extra` ones not among them."""
    keys = [k for k in QKeySequence.keyBindings(standard) if not k.isEmpty()]
    for text in extra:
        key = QKeySequence(text)
        if key not in keys:
            keys.append(key)
    return keys


def default_recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".amct-record-editor") / "recovery"


def _icon(widget: QWidget, name: str, fallback: QStyle.StandardPixmap) -> QIcon:
    path = resources_dir() / "icons" / f"{name}.svg"
    if path.is_file():
        icon = QIcon(str(path))
        if not icon.isNull():
            return icon
    return widget.style().standardIcon(fallback)


class Banner(QFrame):
    """A message across the top of the window with a few buttons (file changed, recovery…)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#banner { background: #fff4ce; border: 1px solid #e0c060; }"
                           "#banner QLabel { color: #3b2f00; }")
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.label, 1)
        self.buttons: dict[str, QPushButton] = {}

    def add_button(self, text: str, slot: Callable[[], None], *, closes: bool = True) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda: self._clicked(slot, closes))
        self._layout.addWidget(button)
        self.buttons[text] = button
        return button

    def _clicked(self, slot: Callable[[], None], closes: bool) -> None:
        if closes:
            self.hide()
            self.deleteLater()
        slot()


class MainWindow(QMainWindow):
    """The editor window over one record session.

    `settings` holds geometry, splitter sizes and recent files (tests pass a QSettings on
    a temporary file); `prompter` asks every question; `recovery_dir` is where unsaved
    edits are kept `autosave_ms` after a change.
    """

    #: a document was installed (or None after Close)
    documentChanged = Signal(object)
    #: a load ended: True when a document was installed
    loadFinished = Signal(bool)

    def __init__(self, settings: QSettings | None = None, *, prompter: Prompter | None = None,
                 recovery_dir: Path | None = None, autosave_ms: int = 3000,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        self.prompter = prompter or Prompter(self)
        #: the record this window edits (laid out at once when a file opens: small fetch chunks)
        self.session = EditSession(self, element_chunk=200)
        self.documents = DocumentController(
            self.session, self.prompter,
            RecoveryStore(recovery_dir if recovery_dir is not None else default_recovery_dir()),
            self, autosave_ms=autosave_ms)
        self.documents.default_directory = self._last_dir
        self._disk_banner: Banner | None = None

        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.setWindowIcon(_icon(self, "app", QStyle.StandardPixmap.SP_FileDialogDetailedView))

        # central area: banners above a splitter with the tree and the side panels
        self.tree = RecordTreeWidget(self.session, self.prompter)
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.setTabBarAutoHide(True)  # one tab (the plots) needs no tab bar
        self.side_tabs.hide()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.side_tabs)
        # a wider window widens the plots; the tree keeps what its keys need
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setCollapsible(1, False)
        central = QWidget()
        self._central_layout = QVBoxLayout(central)
        self._central_layout.setContentsMargins(4, 4, 4, 4)
        self._banner_area = QVBoxLayout()
        self._central_layout.addLayout(self._banner_area)
        self._central_layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self._make_status_bar()
        self._make_actions()
        self._make_menus()
        self._install_panels()
        self._install_plots()
        self._install_layout()
        self._make_plot_menu()
        self._install_compare()
        self._make_help_menu()

        documents = self.documents
        documents.status.connect(self._show_status)
        documents.progress.connect(self.progress.setValue)
        documents.loadingChanged.connect(self._loading_ui)
        documents.loadFinished.connect(self.loadFinished)
        documents.diskChanged.connect(self._show_disk_banner)
        documents.titleChanged.connect(self._update_title)
        documents.pathChanged.connect(self._saved_as)
        self.session.documentChanged.connect(self._document_changed)
        self.session.recordChanged.connect(self._record_changed)
        self.tree.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tree.selectionPathsChanged.connect(self._update_selection_label)
        self._wire_messages()
        self._install_model()

        self._restore_settings()
        self._update_title()
        self._update_status()

    # ------------------------------------------------------------------ the record

    @property
    def document(self) -> RecordDocument | None:
        """The open document (None when no record is open)."""
        return self.session.document

    def open_path(self, path: str | os.PathLike, dialect=None, *, repair: bool = False,
                  ask_unsaved: bool = True) -> bool:
        """Open `path` in the background (see `DocumentController.open_path`)."""
        return self.documents.open_path(path, dialect, repair=repair, ask_unsaved=ask_unsaved)

    def read_as(self, dialect) -> None:
        """File ▸ Read As Dialect: read the file again with another dialect's schema."""
        self.documents.read_as(dialect)
        self._update_read_as()

    # ------------------------------------------------------------------ building

    def _make_status_bar(self) -> None:
        bar = StatusBar(self)  # messages never cut by the labels on its right
        self.setStatusBar(bar)
        self.dialect_label = QLabel()
        self.counts_label = QLabel()
        self.selection_label = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self._cancel_loading)
        for widget in (self.progress, self.cancel_button):
            widget.hide()
            bar.addPermanentWidget(widget)
        for label in (self.selection_label, self.counts_label, self.dialect_label):
            bar.addPermanentWidget(label)

    def _action(self, text: str, slot: Callable[[], object], shortcuts=(), tip: str = "",
                icon: QIcon | None = None) -> QAction:
        action = QAction(text, self)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.setStatusTip(tip)
        if icon is not None:
            action.setIcon(icon)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def _show_status(self, text: str, timeout: int) -> None:
        self.statusBar().showMessage(text, timeout)

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        sp = QStyle.StandardPixmap
        self.act_open = self._action("&Open…", self.documents.open_file, [std.Open], "Open a record file",
                                     _icon(self, "open", sp.SP_DialogOpenButton))
        self.act_save = self._action("&Save", self.documents.save, [std.Save], "Save the record to its file",
                                     _icon(self, "save", sp.SP_DialogSaveButton))
        self.act_save_as = self._action("Save &As…", self.documents.save_as, [std.SaveAs],
                                        "Save under another name, as text or binary, in any dialect")
        self.act_reload = self._action("&Reload from Disk", self.documents.reload, ["F5"], "Read the file again")
        self.act_close = self._action("&Close", self.documents.close_document, (), "Close the record")
        self.act_close.setShortcuts(_with_platform_keys(std.Close, "Ctrl+W"))
        self.act_quit = self._action("&Quit", self.close, (), "Quit the editor")
        self.act_quit.setShortcuts(_with_platform_keys(std.Quit, "Ctrl+Q"))
        self.act_undo = self.session.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcuts([QKeySequence(std.Undo)])
        self.act_undo.setIcon(_icon(self, "undo", sp.SP_ArrowBack))
        self.act_redo = self.session.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_redo.setIcon(_icon(self, "redo", sp.SP_ArrowForward))
        self.act_find = self._action("&Find…", self.find, [std.Find], "Filter the tree by layer key or node name",
                                     _icon(self, "find", sp.SP_FileDialogContentsView))
        self.act_goto = self._action("&Go to Layer…", self.tree.go_to_layer, ["Ctrl+L"],
                                     "Jump to a layer by (part of) its key")
        for action in (self.act_open, self.act_save, self.act_save_as, self.act_reload, self.act_close,
                       self.act_quit, self.act_undo, self.act_redo, self.act_find, self.act_goto):
            self.addAction(action)

    def _make_menus(self) -> None:
        menu = self.menuBar()
        file_menu = self.file_menu = menu.addMenu("&File")
        file_menu.addAction(self.act_open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.act_save)
        file_menu.addAction(self.act_save_as)
        file_menu.addAction(self.act_reload)
        self.read_as_menu = file_menu.addMenu("Read As &Dialect")
        self.read_as_menu.setToolTipsVisible(True)
        self.read_as_group = QActionGroup(self)
        self.read_as_actions: dict[str, QAction] = {}
        for d in DIALECTS.values():
            action = QAction(f"{d.title} ({d.name})", self, checkable=True)
            action.setToolTip(d.description)
            action.setStatusTip(f"Read the file again with the {d.title} schema and its rules")
            action.triggered.connect(lambda _checked=False, n=d.name: self.read_as(n))
            self.read_as_group.addAction(action)
            self.read_as_menu.addAction(action)
            self.read_as_actions[d.name] = action
        self.read_as_menu.setEnabled(False)
        file_menu.addSeparator()
        file_menu.addAction(self.act_close)
        file_menu.addAction(self.act_quit)

        edit_menu = menu.addMenu("&Edit")
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

        view_menu = menu.addMenu("&View")
        view_menu.addAction(a["expand_all"])
        view_menu.addAction(a["collapse_all"])
        view_menu.addSeparator()
        self.view_menu = view_menu

        self.help_menu = menu.addMenu("&Help")  # filled by _make_help_menu, once every action exists

        toolbar = QToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        for tool in (self.act_open, self.act_save, None, self.act_undo, self.act_redo, None, self.act_find):
            if tool is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(tool)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _make_plot_menu(self) -> None:
        """Plot: every plot action with its shortcut, by view (`PlotsPanel.plot_actions`),
        filled again each time it opens (the prune view comes and goes with the dialect)."""
        self.plot_menu = QMenu("&Plot", self)
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

    def _install_compare(self) -> None:
        """File ▸ Compare With… and the Compare menu: another record read-only beside this one
        (`editor.ui.compare`)."""
        from editor.ui.compare import CompareUi

        self.compare = CompareUi(self)
        self.file_menu.insertAction(self.act_close, self.compare.act_compare)
        self.file_menu.insertAction(self.act_close, self.compare.act_close)
        self.file_menu.insertSeparator(self.act_close)
        self.menuBar().insertMenu(self.plot_menu.menuAction(), self.compare.menu)

    def _make_help_menu(self) -> None:
        self.act_shortcuts = self._action("&Keyboard Shortcuts", self.show_shortcuts,
                                          [QKeySequence.StandardKey.HelpContents],
                                          "Every key of the window and what it does")
        self.addAction(self.act_shortcuts)
        self.help_menu.addAction(self.act_shortcuts)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self._action("&About", self._about))

    def shortcut_places(self) -> dict[QObject, str]:
        """Widgets by the words that say a key works in them (Help ▸ Keyboard Shortcuts)."""
        places: dict[QObject, str] = {self.tree: "the record tree"}
        places.update(self.plots.places().items())
        places[self.edit_dock] = "the Edit dock"
        places[self.rules_dock] = "the Problems dock"
        return places

    def shortcuts(self) -> list[Shortcut]:
        """Every shortcut of the window (what Help ▸ Keyboard Shortcuts lists)."""
        self._fill_plot_menu()
        return window_shortcuts(self, self.shortcut_places(),
                                [("Record tree", "in the record tree", TREE_KEYS)])

    def show_shortcuts(self) -> ShortcutsDialog:
        """Help ▸ Keyboard Shortcuts: a window listing every key (it stays open beside the editor)."""
        dialog = ShortcutsDialog(self.shortcuts(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _wire_messages(self) -> None:
        """A refused value stays in the status bar until a value is accepted (or the text
        being typed is one the record may take), not beyond; the Problems dock's lines are
        looked up in an index built on the loader thread."""
        from editor.ui.panels.problems_dock import ProblemsModel

        self.documents.add_load_step(ProblemsModel.prepare_lines, lambda _document, _none: None)
        bar = self.statusBar()
        assert isinstance(bar, StatusBar)
        self.tree.delegate.message.connect(bar.mark_refusal)
        self.tree.delegate.textAcceptable.connect(bar.forget_refusal)
        self.record_panels.message.connect(bar.mark_refusal)
        self.session.recordChanged.connect(lambda _change: bar.forget_refusal())

    def add_side_widget(self, widget: QWidget, title: str) -> None:
        """Put a panel or plot in the tabs beside the tree (shown once it holds something)."""
        first = self.side_tabs.count() == 0
        self.side_tabs.addTab(widget, title)
        self.side_tabs.show()
        if first:
            self.window_layout.fit_tree()

    def _install_panels(self) -> None:
        """The layer/prune editing panels and the live problems, as docks tabbed along the
        bottom (the plots keep the width), with the problem counts in the status bar."""
        from editor.ui.live_problems import LiveProblems
        from editor.ui.panels import ProblemsDock, RecordPanels

        problems = self.session.problems
        self.record_panels = RecordPanels(self.session)
        self.record_panels.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.edit_dock = QDockWidget("Edit", self)
        self.edit_dock.setObjectName("editDock")
        self.edit_dock.setWidget(self.record_panels)
        self.rules_dock = ProblemsDock(self.session, self)
        #: where the tree, plots and docks go (focus, the plots' own window, reset, settings)
        self.window_layout = WindowLayout(self)
        self.window_layout.dock_defaults()
        self.view_menu.addAction(self.edit_dock.toggleViewAction())
        self.view_menu.addAction(self.rules_dock.toggleViewAction())
        self.problem_counts_label = QLabel()
        self.problem_counts_label.setToolTip("What AMCT's rules find in the record; details in the Problems dock")
        self.statusBar().addPermanentWidget(self.problem_counts_label)
        problems.problemsChanged.connect(lambda: self.problem_counts_label.setText(
            self.rules_dock.summary() if self.document is not None else ""))
        # the first full rule check of a new file runs on the loader thread
        self.documents.add_load_step(LiveProblems.prepare, problems.adopt)
        # a dock with nothing to say (no layer selected, no problem found) folds away
        self.dock_folder = DockFolder(self, {
            self.edit_dock: lambda: self.record_panels.current_panel() is not self.record_panels.hint,
            self.rules_dock: lambda: sum(self.rules_dock.counts().values()) > 0,
        }, folded={self.edit_dock: lambda: self.record_panels.hint.sizeHint().height() + 8})
        self.record_panels.currentChanged.connect(lambda _i: self.dock_folder.refresh())
        self.rules_dock.countsChanged.connect(lambda *_counts: self.dock_folder.refresh())

    def _install_plots(self) -> None:
        """The plots (model overview, per-channel factors, prune ranges) beside the tree."""
        from editor.ui.plots import PlotsPanel

        self.plots = PlotsPanel(self.session)
        self.add_side_widget(self.plots, "Plots")
        self.plots.follow_filter(self.tree.proxy, self.tree.filter_bar.applied)  # Ctrl+F: the Layers table too
        self.plots.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.documents.add_load_step(PlotsPanel.prepare, self.plots.adopt)  # the overview's numbers, off the GUI thread
        # the short labels of the layer keys, for the tree and the prune ranges (off the GUI
        # thread too: the tree's first paint of a big record needs them; `labels_for` keeps
        # them until the tree and the prune view ask)
        self.documents.add_load_step(KeyLabels.prepare, lambda _document, _labels: None)

    def _install_layout(self) -> None:
        """View ▸ Focus Plots, Plots in Own Window and Reset Layout (`WindowLayout`)."""
        layout = self.window_layout
        self.act_focus_plots, self.act_detach_plots = layout.act_focus, layout.act_detach
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_focus)
        self.view_menu.addAction(layout.act_detach)
        self.view_menu.addSeparator()
        self.view_menu.addAction(layout.act_reset)

    def _document_changed(self, document: RecordDocument | None) -> None:
        self._close_disk_banner()
        if document is not None and document.path is not None:
            self._add_recent(document.path)
        if document is not None and document.problems:
            self.rules_dock.show()  # the reader's findings (overrides, duplicates, repairs) are there
            self.rules_dock.raise_()
        self._update_title()
        self._update_status()
        if document is not None:  # a file was opened: the model overview is the first thing shown
            self.side_tabs.setCurrentWidget(self.plots)
            self.plots.show_first_view()
        self.window_layout.document_changed()
        self.documentChanged.emit(document)

    def _saved_as(self, path: Path) -> None:
        self.models.saved_as(path)
        self._add_recent(path)
        self._update_title()
        self._update_status()

    def _loading_ui(self, loading: bool) -> None:
        # a model attaching shows the progress too, but leaves the record to edit
        busy = loading or self.models.is_loading
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.tree.setEnabled(not loading)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # the docks fold once the window has its size (folding sizes them against it)
        QTimer.singleShot(0, self.dock_folder.refresh)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.documents.can_close():
            event.ignore()
            return
        self.models.cancel(wait=True)
        self.compare.controller.shutdown()
        self._save_settings()
        if self.window_layout.plots_window is not None:
            self.window_layout.plots_window.hide()
        event.accept()

    # ------------------------------------------------------------------ the model

    def _install_model(self) -> None:
        """File ▸ Attach Model… / Detach Model, the model's place in the status bar, its marks
        in the tree (`editor.ui.model_attach`, `editor.ui.model_marks`)."""
        from editor.ui.model_attach import ModelController
        from editor.ui.model_marks import ModelMarks

        self.models = ModelController(self.session, self.prompter, self.settings, self)
        self.model_marks = ModelMarks(self.session)
        self.act_attach_model = self._action("Attach &Model…", self.models.choose_and_attach, ["Ctrl+Shift+M"],
                                             "Check the record against the network it belongs to (ONNX, "
                                             "Caffe, TensorFlow) and review scale_w against its weights")
        self.act_detach_model = self._action("&Detach Model", self.models.detach, (),
                                             "Check the record on its own again")
        self.act_fill_shapes = self._action("Fill Input &Shapes from Model", self._fill_shapes, (),
                                            "Caffe: set channels, height and width of every layer to "
                                            "the input shape the model gives it (one undo step)")
        self.addAction(self.act_attach_model)
        for action in (self.act_attach_model, self.act_detach_model, self.act_fill_shapes):
            self.file_menu.insertAction(self.act_close, action)
        self.file_menu.insertSeparator(self.act_close)
        self.model_label = QLabel()
        self.statusBar().insertPermanentWidget(1, self.model_label)  # after the message (0)
        models = self.models
        models.status.connect(self._show_status)
        models.progress.connect(self.progress.setValue)
        models.loadingChanged.connect(lambda _loading: self._loading_ui(self.documents.is_loading))
        # the counts walk every key: once per turn of the event loop, however many signals
        self._model_label_due = False
        for signal in (self.session.networkChanged, self.session.problems.problemsChanged,
                       self.session.documentChanged):
            signal.connect(self._model_label_later)
        self._update_model_label()

    def _model_label_later(self, *_args: object) -> None:
        self._update_model_actions()
        if not self._model_label_due:
            self._model_label_due = True
            QTimer.singleShot(0, self, self._update_model_label)

    def _update_model_actions(self) -> None:
        self.act_attach_model.setEnabled(self.document is not None)
        self.act_detach_model.setEnabled(self.session.network is not None)
        message = self.session.message
        self.act_fill_shapes.setEnabled(
            self.session.network is not None and not self.session.read_only and message is not None
            and "record" in message.DESCRIPTOR.fields_by_name and len(message.record) > 0
            and "channels" in message.record[0].value.DESCRIPTOR.fields_by_name)

    def _update_model_label(self) -> None:
        self._model_label_due = False
        model = self.session.network
        self._update_model_actions()
        found = self.models.matches()
        self.model_label.setText(self.models.summary(found))
        self.model_label.setToolTip(self.models.details(found))
        self.model_label.setVisible(model is not None)

    def _fill_shapes(self) -> None:
        from editor.ui.shape_fill import shape_fill_command

        got = shape_fill_command(self.session)
        if isinstance(got, str):
            self.statusBar().showMessage(got, 5000)
            return
        self.session.push(got)
        self.statusBar().showMessage(got.text(), 5000)

    def attach_model(self, model: str | os.PathLike, weights: str | os.PathLike | None = None) -> bool:
        """Attach `model` (a Caffe .prototxt's `weights` too) to the open record, in the
        background (see `ModelController.attach`)."""
        return self.models.attach(model, weights)

    def drop_model(self, path: str) -> bool:
        """A file dropped on the window: attach it if it is a model and a record is open
        (True), else leave it to be opened as a record (False)."""
        from editor.ui.model_attach import is_model_file

        if not Path(path).is_file():
            return False
        model = is_model_file(path)
        if model is False:
            return False
        if self.document is None:
            if model:
                self.statusBar().showMessage(f"{Path(path).name} is a model: open the record it belongs to "
                                             "first, then drop the model on the window", 10000)
                return True
            return False
        if model is None and not self.prompter.confirm(
                "Model or record?", f"{Path(path).name} may be a frozen TensorFlow graph or a binary record. "
                f"Attach it to {self.documents.display_name()} as its model?", "Attach as Model"):
            return False
        from editor.ui.model_attach import caffe_weights_beside

        self.models.attach(path, caffe_weights_beside(Path(path)))
        return True

    def _cancel_loading(self) -> None:
        self.documents.cancel_load()
        self.models.cancel()

    # ------------------------------------------------------------------ drag and drop

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            if not self.drop_model(files[0]):
                self.documents.open_path(files[0])

    # ------------------------------------------------------------------ banners

    def _show_disk_banner(self, what: str) -> None:
        doc = self.document
        if doc is None or doc.path is None:
            return
        self._close_disk_banner()
        if what == "deleted":
            banner = Banner(f"{doc.path.name} was deleted or moved on disk. Your copy is still open; "
                            "Save writes it back.")
            banner.add_button("OK", lambda: None)
        else:
            edits = "" if self.session.undo_stack.isClean() else " Reloading drops your unsaved edits."
            banner = Banner(f"{doc.path.name} changed on disk (was AMCT run again?).{edits}")
            banner.add_button("Reload", self._reload_from_banner)
            banner.add_button("Keep Mine", self._keep_mine)
        self._disk_banner = banner
        self._banner_area.addWidget(banner)

    def _reload_from_banner(self) -> None:
        self._disk_banner = None
        self.documents.reload_from_disk()

    def _keep_mine(self) -> None:
        self._disk_banner = None
        # the next Save still asks before overwriting the newer file
        self.statusBar().showMessage("Kept your version; Save will ask before overwriting the file", 8000)

    def _close_disk_banner(self) -> None:
        if self._disk_banner is not None:
            self._disk_banner.hide()
            self._disk_banner.deleteLater()
            self._disk_banner = None

    def offer_recovery(self) -> list[RecoveryInfo]:
        """Show a banner for each record whose unsaved edits survived a crash."""
        found = self.documents.recovery.list()
        for _file, why in self.documents.recovery.set_aside:  # damaged: never applied, but said
            banner = Banner(f"Unsaved edits could not be recovered: {why}")
            banner.add_button("Dismiss", lambda: None)
            self._banner_area.addWidget(banner)
        for info in found:
            note = " The file changed on disk since then." if info.source_changed() else ""
            banner = Banner(f"Unsaved edits of {info.describe()} were kept when the editor did not close "
                            f"normally.{note}")
            banner.add_button("Restore", partial(self.documents.restore_recovery, info))
            banner.add_button("Discard", partial(self.documents.discard_recovery, info))
            banner.setObjectName("banner")
            banner.setProperty("recovery", str(info.file))
            self._banner_area.addWidget(banner)
        return found

    # ------------------------------------------------------------------ find

    def find(self) -> None:  # type: ignore[override]  # not QWidget.find(id), a static lookup
        self.tree.filter_edit.setFocus()
        self.tree.filter_edit.selectAll()

    # ------------------------------------------------------------------ status and title

    def _update_title(self) -> None:
        doc = self.document
        if doc is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            self.setWindowFilePath("")
            return
        self.setWindowTitle(f"{self.documents.display_name()}[*] — {APP_NAME}")
        self.setWindowFilePath(str(doc.path) if doc.path is not None else "")
        self.setWindowModified(not self.session.undo_stack.isClean())

    def _record_changed(self, _change: RecordChange) -> None:
        # the selection's words follow the tree's selectionPathsChanged, which a bulk edit
        # (one change per layer) sends once
        self._update_status(selection=False)

    def _update_status(self, *, selection: bool = True) -> None:
        doc = self.document
        self.act_save.setEnabled(doc is not None)
        self.act_save_as.setEnabled(doc is not None)
        self.act_close.setEnabled(doc is not None)
        self.act_reload.setEnabled(doc is not None and doc.path is not None)
        self._update_read_as()
        if doc is None:
            self.dialect_label.setText("")
            self.counts_label.setText("No record open")
            self.selection_label.setText("")
            return
        self.dialect_label.setText(doc.dialect.name)
        self.dialect_label.setToolTip(f"{doc.dialect.title}: {doc.dialect.description}\n"
                                      "(File ▸ Read As Dialect to read the file as another one)")
        msg = doc.message
        fields = msg.DESCRIPTOR.fields_by_name
        layers = len(msg.record) if "record" in fields else 0
        text = f"{layers} layer{'s' if layers != 1 else ''}"
        if "prune_record" in fields:
            n = len(msg.prune_record)
            text += f" · {n} prune record{'s' if n != 1 else ''}"
        self.counts_label.setText(text)
        if selection:
            self._update_selection_label()

    def _update_selection_label(self) -> None:
        self.selection_label.setText(self.tree.selection_summary() if self.document is not None else "")

    def _update_read_as(self) -> None:
        doc = self.document
        self.read_as_menu.setEnabled(doc is not None and doc.path is not None)
        for name, action in self.read_as_actions.items():
            action.setChecked(doc is not None and doc.dialect.name == name)

    # ------------------------------------------------------------------ settings, recent files

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else []

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
            action = self.recent_menu.addAction("No recent files")
            action.setEnabled(False)
            return
        for i, name in enumerate(files, 1):
            action = self.recent_menu.addAction(f"&{i % 10} {Path(name).name}  —  {Path(name).parent}")
            action.setEnabled(Path(name).exists())
            action.triggered.connect(lambda _c=False, n=name: self.open_path(n))
        self.recent_menu.addSeparator()
        self.recent_menu.addAction("Clear List", lambda: self.settings.setValue("recentFiles", []))

    def _last_dir(self) -> str:
        return str(self.settings.value("lastDir", str(Path.home())))

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(*default_size(self.screen().availableGeometry().size() if self.screen() else None))
        self.window_layout.restore(self.settings)  # docks, splitter, the plots' own window

    def _save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.window_layout.save(self.settings)
        self.settings.sync()

    def _about(self) -> None:
        self.prompter.info(f"About {APP_NAME}",
                           f"{APP_NAME}\n\nView, check and edit Ascend AMCT quantization and sparsity "
                           "record files in every AMCT dialect.")
