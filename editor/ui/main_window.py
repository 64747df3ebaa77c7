"""The editor window: file handling, menus, the record tree, reading problems, crash recovery.

One window edits one record document at a time. Everything the window changes in the
record goes through `undo_stack` (commands over `model`); the window's title and the
unsaved-changes questions follow the stack's clean state. Panels and plots plug in beside
the tree with `add_side_widget` and share `model`, `undo_stack` and `selection`.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QByteArray,
    QFileSystemWatcher,
    QSettings,
    QSize,
    QStandardPaths,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QIcon,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
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
from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.document import ReadOnlyError, RecordDocument, RecordError, SaveCancelled
from editor.ui.autosave import Autosave
from editor.ui.commands import ReplaceMessageCommand
from editor.ui.dialogs import Prompter, SaveAsChoice
from editor.ui.loader import LoadWorker
from editor.ui.recovery import RecoveryInfo, RecoveryStore
from editor.ui.saver import BACKGROUND_BYTES, save_document
from editor.ui.selection import Selection
from editor.ui.tree_model import RecordChange, RecordTreeModel
from editor.ui.tree_view import RecordTreeWidget

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
    """The editor window over one record document.

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
        self.recovery = RecoveryStore(recovery_dir if recovery_dir is not None else default_recovery_dir())
        self.document: RecordDocument | None = None
        self.model = RecordTreeModel(None, self, element_chunk=200)  # laid out at once when a file opens
        self.undo_stack = QUndoStack(self)
        self.selection = Selection(self)
        self.selection.follow(self.model)  # another file clears it before the views see the file
        self._worker: LoadWorker | None = None
        self._load_steps: list[tuple[Callable[[RecordDocument], object],
                                     Callable[[RecordDocument, object], None]]] = []
        self._after_load: Callable[[], None] | None = None
        self._disk_signature: tuple[int, int] | None = None
        self._recovery_key: str | None = None
        self._saving = False
        #: documents bigger than this are saved on a thread behind a progress dialog
        self.background_save_bytes = BACKGROUND_BYTES
        self._token = f"{id(self):x}"

        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.setWindowIcon(_icon(self, "app", QStyle.StandardPixmap.SP_FileDialogDetailedView))

        # central area: banners above a splitter with the tree and the side panels
        self.tree = RecordTreeWidget(self.model, self.undo_stack, self.selection, self.prompter)
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.hide()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
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

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self._disk_timer = QTimer(self)
        self._disk_timer.setSingleShot(True)
        self._disk_timer.setInterval(300)
        self._disk_timer.timeout.connect(self._check_disk)
        self._disk_banner: Banner | None = None

        self._autosave = QTimer(self)
        self._autosave.setSingleShot(True)
        self._autosave.setInterval(autosave_ms)
        self._autosave.timeout.connect(self._snapshot_for_recovery)
        self._edit_version = 0
        self.autosave = Autosave(self.recovery, lambda: self._edit_version, self)
        self.autosave.failed.connect(self._recovery_failed)

        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.undo_stack.indexChanged.connect(self._stack_changed)
        self.model.recordChanged.connect(self._record_changed)
        self.tree.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tree.selectionPathsChanged.connect(self._update_selection_label)

        self._restore_settings()
        self._update_title()
        self._update_status()

    # ------------------------------------------------------------------ building

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.dialect_label = QLabel()
        self.counts_label = QLabel()
        self.selection_label = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel_load)
        for widget in (self.progress, self.cancel_button):
            widget.hide()
            bar.addPermanentWidget(widget)
        for widget in (self.selection_label, self.counts_label, self.dialect_label):
            bar.addPermanentWidget(widget)

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

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        sp = QStyle.StandardPixmap
        self.act_open = self._action("&Open…", self.open_file, [std.Open], "Open a record file",
                                     _icon(self, "open", sp.SP_DialogOpenButton))
        self.act_save = self._action("&Save", self.save, [std.Save], "Save the record to its file",
                                     _icon(self, "save", sp.SP_DialogSaveButton))
        self.act_save_as = self._action("Save &As…", self.save_as, [std.SaveAs],
                                        "Save under another name, as text or binary, in any dialect")
        self.act_reload = self._action("&Reload from Disk", self.reload, ["F5"], "Read the file again")
        self.act_close = self._action("&Close", self.close_document, (), "Close the record")
        self.act_close.setShortcuts(_with_platform_keys(std.Close, "Ctrl+W"))
        self.act_quit = self._action("&Quit", self.close, (), "Quit the editor")
        self.act_quit.setShortcuts(_with_platform_keys(std.Quit, "Ctrl+Q"))
        self.act_undo = self.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcuts([QKeySequence(std.Undo)])
        self.act_undo.setIcon(_icon(self, "undo", sp.SP_ArrowBack))
        self.act_redo = self.undo_stack.createRedoAction(self, "&Redo")
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
        file_menu = menu.addMenu("&File")
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

        help_menu = menu.addMenu("&Help")
        help_menu.addAction(self._action("&About", self._about))

        toolbar = QToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        toolbar.setMovable(False)
        for action in (self.act_open, self.act_save, None, self.act_undo, self.act_redo, None, self.act_find):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def add_load_step(self, prepare: Callable[[RecordDocument], object],
                      apply: Callable[[RecordDocument, object], None]) -> None:
        """Have work for each newly read document done on the loader thread, off the GUI thread.

        `prepare(document)` runs on the loader thread right after reading (Qt-free code
        only: it must not touch widgets or the model); `apply(document, result)` runs on
        the GUI thread just before the document is shown (before the model reset), with
        what `prepare` returned. A `prepare` that raises is skipped (`apply` is not
        called), and so is everything for a repaired file opened after asking, so `apply`'s
        owner must still cope with a reset it was not prepared for. Use it for whole-file
        work that would freeze the window on a big record (e.g. the first rule check).
        """
        self._load_steps.append((prepare, apply))

    def add_side_widget(self, widget: QWidget, title: str) -> None:
        """Put a panel or plot in the tabs beside the tree (shown once it holds something)."""
        first = self.side_tabs.count() == 0
        self.side_tabs.addTab(widget, title)
        self.side_tabs.show()
        if first:
            total = max(self.splitter.width(), 800)
            self.splitter.setSizes([total * 11 // 20, total * 9 // 20])  # the tree keeps its values in view

    def _install_panels(self) -> None:
        """The layer/prune editing panels (a dock beside the tree, so the plots stay in view)
        and the live problems dock with its counts in the status bar."""
        from editor.ui.panels import LiveProblems, ProblemsDock, RecordPanels

        self.live_problems = LiveProblems(self.model, None, self.undo_stack, parent=self)
        self.record_panels = RecordPanels(self.model, self.undo_stack, self.selection, self.live_problems)
        self.record_panels.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.edit_dock = QDockWidget("Edit", self)
        self.edit_dock.setObjectName("editDock")
        self.edit_dock.setWidget(self.record_panels)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.edit_dock)
        self.view_menu.addAction(self.edit_dock.toggleViewAction())
        self.rules_dock = ProblemsDock(self.live_problems, self.selection, self)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.rules_dock)
        self.resizeDocks([self.edit_dock], [480], Qt.Orientation.Horizontal)
        self.resizeDocks([self.rules_dock], [170], Qt.Orientation.Vertical)
        self.view_menu.addAction(self.rules_dock.toggleViewAction())
        self.problem_counts_label = QLabel()
        self.problem_counts_label.setToolTip("What AMCT's rules find in the record; details in the Problems dock")
        self.statusBar().addPermanentWidget(self.problem_counts_label)
        self.live_problems.problemsChanged.connect(lambda: self.problem_counts_label.setText(
            self.rules_dock.summary() if self.document is not None else ""))
        self.documentChanged.connect(lambda doc: doc is not None and self.live_problems.set_document(doc))
        # the first full rule check of a new file runs on the loader thread
        self.add_load_step(LiveProblems.prepare, self.live_problems.adopt)
        # the tree refuses what the panels refuse, with the same words
        self.tree.delegate.validate = self.live_problems.validate_edit

    def _install_plots(self) -> None:
        """The plots (model overview, per-channel factors, prune ranges) beside the tree."""
        from editor.ui.plots import PlotsPanel

        # the window's live problems when it keeps them (one rule check for docks and plots)
        self.plots = PlotsPanel(self.model, self.undo_stack, self.selection,
                                getattr(self, "live_problems", None))
        self.add_side_widget(self.plots, "Plots")
        self.documentChanged.connect(self._show_overview)
        self.add_load_step(PlotsPanel.prepare, self.plots.adopt)  # the overview's numbers, off the GUI thread

    def _show_overview(self, document: RecordDocument | None) -> None:
        """A file was opened: the model overview is the first thing shown."""
        if document is not None:
            self.side_tabs.setCurrentWidget(self.plots)
            self.plots.show_overview()

    # ------------------------------------------------------------------ opening

    @property
    def is_loading(self) -> bool:
        return self._worker is not None

    def open_file(self) -> None:
        """Ask for a file and open it (after the unsaved-changes question)."""
        if not self.maybe_save():
            return
        path = self.prompter.open_file_name(self._last_dir())
        if path:
            self.open_path(path, ask_unsaved=False)

    def open_path(self, path: str | os.PathLike, dialect: str | Dialect | None = None, *,
                  repair: bool = False, ask_unsaved: bool = True) -> bool:
        """Start loading `path` in the background; False if the user kept the current record."""
        if ask_unsaved and not self.maybe_save():
            return False
        if self._worker is not None:
            self.cancel_load(wait=True)
        worker = LoadWorker(Path(path), dialect, repair=repair,
                            steps=[prepare for prepare, _apply in self._load_steps], parent=self)
        worker.progress.connect(self.progress.setValue)
        worker.loaded.connect(self._loaded)
        worker.repairable.connect(self._repairable)
        worker.failed.connect(self._load_failed)
        worker.cancelled.connect(self._load_cancelled)
        worker.finished.connect(self._worker_finished)
        self._worker = worker
        self.progress.setValue(0)
        self._loading_ui(True)
        self.statusBar().showMessage(f"Opening {Path(path).name}…")
        worker.start()
        return True

    def cancel_load(self, wait: bool = False) -> None:
        """Stop the load in progress; the current record stays."""
        worker = self._worker
        if worker is None:
            return
        worker.cancel()
        if wait:
            worker.wait()
            self._worker = None
            self._loading_ui(False)

    def _loading_ui(self, loading: bool) -> None:
        self.progress.setVisible(loading)
        self.cancel_button.setVisible(loading)
        self.tree.setEnabled(not loading)

    def _worker_finished(self) -> None:
        worker = self.sender()
        if isinstance(worker, LoadWorker):
            worker.deleteLater()
        if worker is self._worker:
            self._worker = None
            self._loading_ui(False)

    def _current_worker(self) -> LoadWorker | None:
        """The worker that sent this result, if it is still the one wanted (and done with it)."""
        sender = self.sender()
        if not isinstance(sender, LoadWorker) or sender is not self._worker:
            return None
        self._worker = None
        self._loading_ui(False)
        return sender

    def _loaded(self, document: RecordDocument, results: list[object]) -> None:
        worker = self._current_worker()
        if worker is None:
            return
        if worker.cancel_requested:  # finished reading just as Cancel was pressed
            self._cancelled_message()
            return
        for (_prepare, apply), result in zip(self._load_steps, results, strict=False):
            if not isinstance(result, Exception):
                apply(document, result)
        self.set_document(document)
        if document.repairs:  # opened with --repair or read again as another dialect
            self.undo_stack.resetClean()  # saving writes the repaired text: that is a change
        self.statusBar().showMessage(f"Opened {document.path}", 5000)
        self.loadFinished.emit(True)
        after, self._after_load = self._after_load, None
        if after is not None:
            after()

    def _repairable(self, document: RecordDocument, error: str) -> None:
        if self._current_worker() is None:
            return
        n = len(document.repairs)
        text = (f"{error}\n\nThe reader can open it by repairing {n} place{'s' if n != 1 else ''} "
                "(typically // comments or keys broken over lines, as pasted from AMCT's "
                "documentation). Each repair is listed under Reading problems. Open the repaired record?")
        if self.prompter.confirm("Open with repairs?", text, "Open Repaired"):
            self.set_document(document)
            self.undo_stack.resetClean()  # saving writes the repaired text: that is a change
            self.rules_dock.show()  # each repair is listed there
            self.loadFinished.emit(True)
        else:
            self.loadFinished.emit(False)

    def _load_failed(self, message: str) -> None:
        if self._current_worker() is None:
            return
        self._after_load = None
        self.statusBar().showMessage("Could not open the file", 5000)
        self.prompter.error("Cannot open record", message)
        self.loadFinished.emit(False)

    def _load_cancelled(self) -> None:
        if self._current_worker() is None:
            return
        self._cancelled_message()

    def _cancelled_message(self) -> None:
        self._after_load = None
        self.statusBar().showMessage("Opening cancelled; nothing changed", 5000)
        self.loadFinished.emit(False)

    def set_document(self, document: RecordDocument | None) -> None:
        """Show `document` (None: nothing open); the undo history starts afresh."""
        self._autosave.stop()
        self.autosave.discard(self._recovery_key)
        self.document = document
        self.undo_stack.clear()
        self.model.set_message(document.message if document is not None else None)
        self.undo_stack.setClean()
        files = self.watcher.files()
        if files:
            self.watcher.removePaths(files)
        self._disk_signature = None
        self._recovery_key = None
        self._close_disk_banner()
        if document is not None:
            self._recovery_key = self.recovery.key_for(document.path, self._token)
            if document.path is not None:
                self._disk_signature = self._signature(document.path)
                if document.path.exists():
                    self.watcher.addPath(str(document.path))
                self._add_recent(document.path)
        if document is not None and document.problems:
            self.rules_dock.show()  # the reader's findings (overrides, duplicates, repairs) are there
        self._update_title()
        self._update_status()
        self.documentChanged.emit(document)

    # ------------------------------------------------------------------ saving and closing

    def maybe_save(self) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved edits; True to go on."""
        if self.document is None or self.undo_stack.isClean():
            return True
        answer = self.prompter.ask_save_changes(self._display_name())
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.autosave.discard(self._recovery_key)
            return True
        return False

    def save(self) -> bool:
        """Save to the document's file (Save As when it has none)."""
        doc = self.document
        if doc is None:
            return False
        if doc.path is None:
            return self.save_as()
        if self._changed_on_disk() and not self.prompter.confirm(
                "File changed on disk",
                f"{doc.path} changed on disk after it was opened (was AMCT run again?). "
                "Saving replaces that version with yours.", "Overwrite"):
            return False
        return self._write(doc, doc.path, doc.binary)

    def save_as(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        directory = str(doc.path.parent) if doc.path is not None else self._last_dir()
        name = doc.path.name if doc.path is not None else "record.txt"
        choice = self.prompter.save_as(directory, name, doc.dialect, doc.binary)
        if choice is None:
            return False
        return self.save_to(choice)

    def save_to(self, choice: SaveAsChoice) -> bool:
        """Save As: another file, text or binary, and possibly another dialect."""
        doc = self.document
        if doc is None:
            return False
        if choice.dialect.name != doc.dialect.name:
            try:
                converted, _dropped = doc.convert(choice.dialect)
            except RecordError as e:
                self.prompter.error("Cannot convert", self._conversion_refusal(choice.dialect, e))
                return False
            if not self._write(converted, choice.path, choice.binary):
                return False
            self.set_document(converted)
            kept = "".join(f"\n• {x.message}" for x in converted.explicit_defaults)
            if kept:  # the file now says what unset used to mean: tell the user why it changed
                self.prompter.info("Saved as " + choice.dialect.title,
                                   f"Saved {choice.path.name} as {choice.dialect.title}. Fields whose default "
                                   f"differs between the two dialects were written out:{kept}")
            self.statusBar().showMessage(
                f"Saved as {choice.dialect.title}; the undo history starts here", 8000)
            return True
        old_key = self._recovery_key
        if not self._write(doc, choice.path, choice.binary):
            return False
        self.autosave.discard(old_key)
        self._recovery_key = self.recovery.key_for(doc.path, self._token)
        files = self.watcher.files()
        if files:
            self.watcher.removePaths(files)
        self.watcher.addPath(str(doc.path))
        self._add_recent(doc.path)
        self._update_title()
        self._update_status()
        return True

    @staticmethod
    def _conversion_refusal(dialect: Dialect, error: RecordError) -> str:
        detail = error.message.split("no field for: ", 1)[-1].split(" (use --drop-unsupported")[0]
        return (f"Not saved: the {dialect.title} schema ({dialect.name}) has no place for these fields "
                f"of this record: {detail}.\n\nRemove them first, or choose a dialect that has them.")

    def _write(self, doc: RecordDocument, path: Path, binary: bool) -> bool:
        self._saving = True
        self._autosave.stop()  # the save makes the recovery file moot (restarted if it fails)
        read_only: ReadOnlyError | None = None
        try:
            save_document(doc, path, binary, self, background_bytes=self.background_save_bytes)
        except ReadOnlyError as e:  # as editors do: not overwritten unasked, saved elsewhere
            read_only = e
        except SaveCancelled:
            self.statusBar().showMessage(f"Save cancelled; {Path(path).name} on disk was left as it was", 8000)
            return False
        except RecordError as e:
            text = str(e)
            if "unchanged" not in text and "left as it was" not in text:
                text += "\n\nThe file on disk was left as it was."
            self.prompter.error("Not saved", text + "\nYour edits are still here.")
            return False
        except Exception as e:  # noqa: BLE001 - a failed save must end in a message, edits kept
            self.prompter.error("Not saved", f"{path}: could not be saved ({type(e).__name__}: {e}).\n\n"
                                "The file on disk was left as it was; your edits are still here.")
            return False
        finally:
            self._saving = False
            if self.document is not None and not self.undo_stack.isClean():
                self._autosave.start()  # not saved (or saved elsewhere, clean below stops it)
        if read_only is not None:
            return self.prompter.confirm(
                "Read-only file", f"{Path(path).name} {read_only.message.split(';')[0]}. It was left as it "
                "was. Save your edits under another name?", "Save As…") and self.save_as()
        if doc is self.document:
            self.undo_stack.setClean()
        self._disk_signature = self._signature(Path(path))
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def close_document(self) -> bool:
        if not self.maybe_save():
            return False
        self.set_document(None)
        return True

    def reload(self) -> None:
        """Read the document's file again (asks before dropping unsaved edits)."""
        doc = self.document
        if doc is None or doc.path is None:
            return
        if not self.undo_stack.isClean() and not self.prompter.confirm(
                "Reload", f"Reloading {doc.path.name} drops your unsaved edits.", "Reload"):
            return
        self.open_path(doc.path, doc.dialect, ask_unsaved=False)

    def read_as(self, dialect: str | Dialect) -> None:
        """Read the document's file again as `dialect` (a text file's dialect is told from its
        field names, and a MindSpore or TF convert_model file uses only names TF-inner has
        too, so it opens as TF-inner: this is how its user says what it is). Asks before
        dropping unsaved edits; a file the dialect cannot read leaves the record as it is."""
        doc = self.document
        d = get_dialect(dialect)
        if doc is None or doc.path is None or d.name == doc.dialect.name:
            self._update_read_as()
            return
        if not self.undo_stack.isClean() and not self.prompter.confirm(
                "Read as another dialect",
                f"Reading {doc.path.name} again as {d.title} drops your unsaved edits.", "Read Again"):
            self._update_read_as()
            return
        self.open_path(doc.path, d, repair=bool(doc.repairs), ask_unsaved=False)
        self._update_read_as()

    def _update_read_as(self) -> None:
        doc = self.document
        self.read_as_menu.setEnabled(doc is not None and doc.path is not None)
        for name, action in self.read_as_actions.items():
            action.setChecked(doc is not None and doc.dialect.name == name)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._saving:  # a save on its thread: its dialog offers Cancel; close after it
            event.ignore()
            return
        if not self.maybe_save():
            event.ignore()
            return
        if self._worker is not None:
            self.cancel_load(wait=True)
        self._autosave.stop()
        self.autosave.discard(self._recovery_key)
        self.autosave.wait()  # a write still running must not put the file back after we go
        if self._recovery_key is not None:
            self.recovery.remove(self._recovery_key)
        self._save_settings()
        event.accept()

    # ------------------------------------------------------------------ drag and drop

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.open_path(files[0])

    # ------------------------------------------------------------------ disk changes

    @staticmethod
    def _signature(path: Path) -> tuple[int, int] | None:
        try:
            st = Path(path).stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    def _changed_on_disk(self) -> bool:
        doc = self.document
        if doc is None or doc.path is None or self._disk_signature is None:
            return False
        return self._signature(doc.path) != self._disk_signature

    def _file_changed(self, _path: str) -> None:
        self._disk_timer.start()

    def _check_disk(self) -> None:
        if self._saving:  # our own write; look again once the save is over
            self._disk_timer.start()
            return
        doc = self.document
        if doc is None or doc.path is None:
            return
        if doc.path.exists() and str(doc.path) not in self.watcher.files():
            self.watcher.addPath(str(doc.path))  # a replaced file drops out of the watch list
        signature = self._signature(doc.path)
        if signature == self._disk_signature:
            return
        self._close_disk_banner()
        if signature is None:
            banner = Banner(f"{doc.path.name} was deleted or moved on disk. Your copy is still open; "
                            "Save writes it back.")
            banner.add_button("OK", lambda: None)
        else:
            edits = "" if self.undo_stack.isClean() else " Reloading drops your unsaved edits."
            banner = Banner(f"{doc.path.name} changed on disk (was AMCT run again?).{edits}")
            banner.add_button("Reload", self._reload_from_banner)
            banner.add_button("Keep Mine", self._keep_mine)
        self._disk_banner = banner
        self._banner_area.addWidget(banner)

    def _reload_from_banner(self) -> None:
        self._disk_banner = None
        doc = self.document
        if doc is not None and doc.path is not None:
            self.open_path(doc.path, doc.dialect, ask_unsaved=False)

    def _keep_mine(self) -> None:
        self._disk_banner = None
        # the next Save still asks before overwriting the newer file
        self.statusBar().showMessage("Kept your version; Save will ask before overwriting the file", 8000)

    def _close_disk_banner(self) -> None:
        if self._disk_banner is not None:
            self._disk_banner.hide()
            self._disk_banner.deleteLater()
            self._disk_banner = None

    # ------------------------------------------------------------------ crash recovery

    def _clean_changed(self, clean: bool) -> None:
        self._update_title()
        if clean:
            self._autosave.stop()
            self.autosave.discard(self._recovery_key)

    def _stack_changed(self, _index: int) -> None:
        self._edit_version += 1  # a snapshot under way is abandoned; the timer takes a new one
        if self.document is not None and not self.undo_stack.isClean() and not self._autosave.isActive():
            self._autosave.start()

    def _snapshot_for_recovery(self) -> None:
        """The autosave timer: snapshot the unsaved record in slices, written on a thread."""
        doc = self.document
        if doc is None or self.undo_stack.isClean() or self._recovery_key is None or self._saving:
            return
        self.autosave.start(doc, self._recovery_key)

    def _recovery_failed(self, message: str) -> None:
        self.statusBar().showMessage(f"Could not write the recovery file: {message}", 8000)

    def write_recovery(self) -> Path | None:
        """Write the unsaved record to the recovery folder now, in one go (the autosave
        timer does it in slices instead, see `Autosave`)."""
        doc = self.document
        if doc is None or self.undo_stack.isClean() or self._recovery_key is None:
            return None
        try:
            return self.recovery.write(self._recovery_key, doc.path, doc.dialect.name, doc.binary,
                                       doc.message.SerializePartialToString())
        except (OSError, RecordError) as e:
            self._recovery_failed(str(e))
            return None

    def offer_recovery(self) -> list[RecoveryInfo]:
        """Show a banner for each record whose unsaved edits survived a crash."""
        found = self.recovery.list()
        for _file, why in self.recovery.set_aside:  # damaged: never applied, but said
            banner = Banner(f"Unsaved edits could not be recovered: {why}")
            banner.add_button("Dismiss", lambda: None)
            self._banner_area.addWidget(banner)
        for info in found:
            note = " The file changed on disk since then." if info.source_changed() else ""
            banner = Banner(f"Unsaved edits of {info.describe()} were kept when the editor did not close "
                            f"normally.{note}")
            banner.add_button("Restore", lambda i=info: self.restore_recovery(i))
            banner.add_button("Discard", lambda i=info: self._discard_recovery(i))
            banner.setObjectName("banner")
            banner.setProperty("recovery", str(info.file))
            self._banner_area.addWidget(banner)
        return found

    def _discard_recovery(self, info: RecoveryInfo) -> None:
        try:
            info.file.unlink()
        except OSError:
            pass

    def restore_recovery(self, info: RecoveryInfo) -> None:
        """Open the record the edits belong to and apply them as one undoable step."""
        try:
            data = info.data()
            dialect = get_dialect(info.dialect)
        except (OSError, ValueError) as e:
            self.prompter.error("Cannot restore", f"{info.file}: {e}")
            return

        def apply() -> None:
            self.undo_stack.push(ReplaceMessageCommand(self.model, (), data, text="Restore recovered edits"))
            self._discard_recovery(info)
            self.statusBar().showMessage("Recovered edits restored; Undo shows the file as saved", 8000)

        if info.path is not None and info.path.exists():
            self._after_load = apply
            if not self.open_path(info.path, dialect):
                self._after_load = None
            return
        if not self.maybe_save():
            return
        document = RecordDocument(dialect.new_message(), dialect, None, binary=info.binary)
        self.set_document(document)
        apply()

    # ------------------------------------------------------------------ find

    def find(self) -> None:
        self.tree.filter_edit.setFocus()
        self.tree.filter_edit.selectAll()

    # ------------------------------------------------------------------ status and title

    def _display_name(self) -> str:
        doc = self.document
        if doc is None:
            return ""
        return doc.path.name if doc.path is not None else "Untitled"

    def _update_title(self) -> None:
        doc = self.document
        if doc is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            self.setWindowFilePath("")
            return
        self.setWindowTitle(f"{self._display_name()}[*] — {APP_NAME}")
        self.setWindowFilePath(str(doc.path) if doc.path is not None else "")
        self.setWindowModified(not self.undo_stack.isClean())

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

    # ------------------------------------------------------------------ settings, recent files

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

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
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        splitter = self.settings.value("window/splitter")
        if isinstance(splitter, QByteArray) and not splitter.isEmpty():
            self.splitter.restoreState(splitter)

    def _save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("window/splitter", self.splitter.saveState())
        self.settings.sync()

    def _about(self) -> None:
        self.prompter.info(f"About {APP_NAME}",
                           f"{APP_NAME}\n\nView, check and edit Ascend AMCT quantization and sparsity "
                           "record files in every AMCT dialect.")
