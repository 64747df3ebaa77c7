"""The editor window: menus, the record tree, the panels, plots and docks around it.

One window edits one record at a time: its `session` (`editor.ui.session`) holds the
document, the editor, the undo stack, the selection and the live problems, and every
widget takes that session. File operations — open, save, reload, read as another dialect,
disk watching, crash recovery — are the `documents` controller's
(`editor.ui.document_controller`); the window lays out what they report (status messages,
progress, banners). Panels and plots plug in beside the tree with `add_side_widget`.

The window is made of parts — `menus` (`WindowMenus`), `banners` (`WindowBanners`),
`window_layout` (`WindowLayout`), `compare` (`CompareUi`), `report_export`, `models`,
`analysis` — each given the collaborators it works with (the session, the documents, the
plots, …) when it is built, never the window's attributes; what a part has to say comes
back as signals the window lays out. This module is the only one that knows every part.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QSettings, QSize, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.records.document import RecordDocument
from editor.records.editing import RecordChange
from editor.ui.banners import Banner, WindowBanners
from editor.ui.dialogs import Prompter
from editor.ui.document_controller import DocumentController
from editor.ui.key_labels import KeyLabels
from editor.ui.recovery import RecoveryStore
from editor.ui.session import EditSession
from editor.ui.source_dock import EntrySourceDock
from editor.ui.status_bar import StatusBar
from editor.ui.tree_view import RecordTreeWidget
from editor.ui.window_layout import DockFolder, LayoutParts, WindowLayout
from editor.ui.window_menus import APP_NAME, MAX_RECENT, WindowMenus, window_action, window_icon

__all__ = ["APP_NAME", "MAX_RECENT", "Banner", "MainWindow", "default_recovery_dir", "default_size"]


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


def default_recovery_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".amct-record-editor") / "recovery"


class MainWindow(QMainWindow):
    """The editor window over one record session (its menus: `menus`, its banners:
    `banners`, where its tree, plots and docks go: `window_layout`).

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

        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.setWindowIcon(window_icon(self, "app", QStyle.StandardPixmap.SP_FileDialogDetailedView))

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
        #: the file changed on disk, edits kept by crash recovery (in the banner area)
        self.banners = WindowBanners(self.session, self.documents, self._banner_area, self)
        self.banners.status.connect(self._show_status)

        self._make_status_bar()
        #: File, Edit, View, Help and the tool bar; the other parts' menus go in through it
        self.menus = WindowMenus(self, self.session, self.documents, self.tree, self.settings, self.prompter)
        self._install_panels()
        self._install_plots()
        self._install_layout()
        self.source_dock = EntrySourceDock.install(  # View ▸ Source (Ctrl+U)
            self, self.session, self.menus.view_menu, self.rules_dock.toggleViewAction())
        self.menus.install_plots(self.plots)
        self._install_compare()
        self._install_report()
        self.menus.install_help(self.shortcut_places)
        self.menus.install_language_menu()

        documents = self.documents
        documents.status.connect(self._show_status)
        documents.progress.connect(self.progress.setValue)
        documents.loadingChanged.connect(self._loading_ui)
        documents.loadFinished.connect(self.loadFinished)
        documents.titleChanged.connect(self._update_title)
        documents.pathChanged.connect(self._saved_as)
        self.session.documentChanged.connect(self._document_changed)
        self.session.recordChanged.connect(self._record_changed)
        self.tree.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tree.selectionPathsChanged.connect(self._update_selection_label)
        self._wire_messages()
        self._install_model()
        self._install_analysis()

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
        self.cancel_button = QPushButton(translate("MainWindow", "Cancel"))
        self.cancel_button.clicked.connect(self._cancel_loading)
        for widget in (self.progress, self.cancel_button):
            widget.hide()
            bar.addPermanentWidget(widget)
        for label in (self.selection_label, self.counts_label, self.dialect_label):
            bar.addPermanentWidget(label)

    def _show_status(self, text: str, timeout: int) -> None:
        self.statusBar().showMessage(text, timeout)

    def _install_compare(self) -> None:
        """File ▸ Compare With… and the Compare menu: another record read-only beside this one
        (`editor.ui.compare`)."""
        from editor.ui.compare import CompareUi

        compare = self.compare = CompareUi(self.session, self.documents, self.prompter, self.plots,
                                           self.tree.selected_paths, self)
        for widget in compare.status_widgets:
            self.statusBar().addPermanentWidget(widget)
        compare.controller.status.connect(self._show_status)
        compare.message.connect(lambda text: self._show_status(text, 8000))
        self.menus.add_file_section(compare.act_compare, compare.act_close)
        self.menus.add_menu(compare.menu)

    def _install_report(self) -> None:
        """File ▸ Export Report…: the review as one HTML file (`editor.ui.report_export`)."""
        from editor.ui.report_export import ReportExport

        self.report_export = ReportExport(self.session, self.compare.controller, self.prompter, self)
        self.report_export.status.connect(self._show_status)
        self.act_export_report = window_action(
            self, translate("MainWindow", "Export &Report…"), self.report_export.choose_and_export, (),
            translate("MainWindow", "Write the review of the record as it is open (problems, layers, plots, "
                                    "differences) as one HTML file to hand on"))
        self.addAction(self.act_export_report)
        self.menus.add_file_section(self.act_export_report)

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

    def shortcut_places(self) -> dict[QObject, str]:
        """Widgets by the words that say a key works in them (Help ▸ Keyboard Shortcuts)."""
        places: dict[QObject, str] = {self.tree: translate("MainWindow", "the record tree")}
        places.update(self.plots.places().items())
        places[self.edit_dock] = translate("MainWindow", "the Edit dock")
        places[self.rules_dock] = translate("MainWindow", "the Problems dock")
        return places

    def _install_panels(self) -> None:
        """The layer/prune editing panels and the live problems, as docks (tabbed along the
        bottom by `_install_layout`), with the problem counts in the status bar."""
        from editor.ui.live_problems import LiveProblems
        from editor.ui.panels import ProblemsDock, RecordPanels

        problems = self.session.problems
        self.record_panels = RecordPanels(self.session)
        self.record_panels.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.edit_dock = QDockWidget(translate("MainWindow", "Edit"), self)
        self.edit_dock.setObjectName("editDock")
        self.edit_dock.setWidget(self.record_panels)
        self.rules_dock: ProblemsDock = ProblemsDock(self.session, self)
        self.menus.view_menu.addAction(self.edit_dock.toggleViewAction())
        self.menus.view_menu.addAction(self.rules_dock.toggleViewAction())
        self.problem_counts_label = QLabel()
        self.problem_counts_label.setToolTip(
            translate("MainWindow", "What AMCT's rules find in the record; details in the Problems dock"))
        self.statusBar().addPermanentWidget(self.problem_counts_label)
        problems.problemsChanged.connect(lambda: self.problem_counts_label.setText(
            self.rules_dock.summary() if self.document is not None else ""))
        # the first full rule check of a new file runs on the loader thread
        self.documents.add_load_step(LiveProblems.prepare, problems.adopt)

    def _install_plots(self) -> None:
        """The plots (model overview, per-channel factors, prune ranges), put beside the tree
        by `_install_layout`."""
        from editor.ui.plots import PlotsPanel

        self.plots = PlotsPanel(self.session)
        self.plots.follow_filter(self.tree.proxy, self.tree.filter_bar.applied)  # Ctrl+F: the Layers table too
        self.plots.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.documents.add_load_step(PlotsPanel.prepare, self.plots.adopt)  # the overview's numbers, off the GUI thread
        # the short labels of the layer keys, for the tree and the prune ranges (off the GUI
        # thread too: the tree's first paint of a big record needs them; `labels_for` keeps
        # them until the tree and the prune view ask)
        self.documents.add_load_step(KeyLabels.prepare, lambda _document, _labels: None)

    def _install_layout(self) -> None:
        """Where the tree, plots and docks go (`WindowLayout`: focus, the plots' own window,
        reset, settings): the Edit and Problems docks tabbed along the bottom, folded while
        they have nothing to say, the plots beside the tree; View ▸ Focus Plots, Plots in
        Own Window and Reset Layout."""
        # a dock with nothing to say (no layer selected, no problem found) folds away
        self.dock_folder = DockFolder(self, {
            self.edit_dock: lambda: self.record_panels.current_panel() is not self.record_panels.hint,
            self.rules_dock: lambda: sum(self.rules_dock.counts().values()) > 0,
        }, folded={self.edit_dock: lambda: self.record_panels.hint.sizeHint().height() + 8})
        self.record_panels.currentChanged.connect(lambda _i: self.dock_folder.refresh())
        self.rules_dock.countsChanged.connect(lambda *_counts: self.dock_folder.refresh())
        #: where the tree, plots and docks go (focus, the plots' own window, reset, settings)
        self.window_layout = WindowLayout(self, LayoutParts(
            splitter=self.splitter, side=self.side_tabs, tree=self.tree, plots=self.plots,
            bottom_docks=(self.edit_dock, self.rules_dock), folder=self.dock_folder, settings=self.settings,
            record_name=lambda: self.documents.display_name() if self.document is not None else None))
        self.window_layout.status.connect(self._show_status)
        self.window_layout.dock_defaults()
        self.add_side_widget(self.plots, translate("MainWindow", "Plots"))
        self.menus.install_layout(self.window_layout)

    def _document_changed(self, document: RecordDocument | None) -> None:
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
        self.analysis.analysis.cancel(wait=True)
        self.compare.controller.shutdown()
        self._save_settings()
        if self.window_layout.plots_window is not None:
            self.window_layout.plots_window.hide()
        event.accept()

    # ------------------------------------------------------------------ the analysis

    def _install_analysis(self) -> None:
        """Tools ▸ Analyze…, Re-run Layer Analysis, Import Analysis Results…, Export Roll-back
        Config… (`editor.ui.analysis`)."""
        from editor.ui.analysis.controller import AnalysisController

        self.analysis = AnalysisController(self.session, self.plots, self.settings, self)
        self.analysis.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tools_menu = QMenu(translate("MainWindow", "&Tools"), self)
        self.tools_menu.setObjectName("toolsMenu")
        self.tools_menu.setToolTipsVisible(True)
        self.menus.add_menu(self.tools_menu)  # before Plot, which stays next to Help
        for action in self.analysis.actions:
            if action is None:
                self.tools_menu.addSeparator()
            else:
                self.tools_menu.addAction(action)

    # ------------------------------------------------------------------ the model

    def _install_model(self) -> None:
        """File ▸ Attach Model… / Detach Model, the model's place in the status bar, its marks
        in the tree (`editor.ui.model_attach`, `editor.ui.model_marks`)."""
        from editor.ui.model_attach import ModelController
        from editor.ui.model_marks import ModelMarks

        self.models = ModelController(self.session, self.prompter, self.settings, self)
        self.model_marks = ModelMarks(self.session)
        self.act_attach_model = window_action(
            self, translate("MainWindow", "Attach &Model…"), self.models.choose_and_attach, ["Ctrl+Shift+M"],
            translate("MainWindow", "Check the record against the network it belongs to (ONNX, Caffe, "
                                    "TensorFlow) and review scale_w against its weights"))
        self.act_detach_model = window_action(self, translate("MainWindow", "&Detach Model"), self.models.detach, (),
                                              translate("MainWindow", "Check the record on its own again"))
        self.act_fill_shapes = window_action(
            self, translate("MainWindow", "Fill Input &Shapes from Model"), self._fill_shapes, (),
            translate("MainWindow", "Caffe: set channels, height and width of every layer to the input shape "
                                    "the model gives it (one undo step)"))
        self.addAction(self.act_attach_model)
        self.menus.add_file_section(self.act_attach_model, self.act_detach_model, self.act_fill_shapes)
        self.model_label = QLabel()
        self.statusBar().insertPermanentWidget(1, self.model_label)  # after the message (0)
        models = self.models
        models.status.connect(self._show_status)
        models.progress.connect(self.progress.setValue)
        models.loadingChanged.connect(lambda _loading: self._loading_ui(self.documents.is_loading))
        # the counts walk every key: once per turn of the event loop, however many signals
        self._model_label_due = False
        for signal in (self.session.networkChanged, self.session.problems.problemsChanged,
                       self.session.documentChanged, self.session.dialectChanged):
            signal.connect(self._model_label_later)
        self._update_model_label()
        # the record's dialect follows the model: a banner offers it, accepting is one undo step
        from editor.ui.dialect_follow import DialectOffer

        self.dialect_offer = DialectOffer(self.session, self._banner_area, self.statusBar().showMessage, self)
        self.session.dialectChanged.connect(self._dialect_changed)

    def _dialect_changed(self, _dialect: object) -> None:
        self._update_title()
        self._update_status()

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
        self.statusBar().showMessage(got.text, 5000)

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
                self.statusBar().showMessage(
                    translate("MainWindow", "{name} is a model: open the record it belongs to first, then drop "
                                            "the model on the window").format(name=Path(path).name), 10000)
                return True
            return False
        if model is None and not self.prompter.confirm(
                translate("MainWindow", "Model or record?"),
                translate("MainWindow", "{name} may be a frozen TensorFlow graph or a binary record. Attach it "
                                        "to {record} as its model?").format(
                    name=Path(path).name, record=self.documents.display_name()),
                translate("MainWindow", "Attach as Model")):
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
        self.act_export_report.setEnabled(doc is not None)
        if doc is None:
            self.dialect_label.setText("")
            self.counts_label.setText(translate("MainWindow", "No record open"))
            self.selection_label.setText("")
            return
        self.dialect_label.setText(doc.dialect.name)
        self.dialect_label.setToolTip(f"{doc.dialect.shown_title}: {doc.dialect.shown_description}\n" + translate(
            "MainWindow", "(File ▸ Read As Dialect to read the file as another one)"))
        msg = doc.message
        fields = msg.DESCRIPTOR.fields_by_name
        layers = len(msg.record) if "record" in fields else 0
        text = (translate("MainWindow", "1 layer") if layers == 1
                else translate("MainWindow", "{n} layers").format(n=layers))
        if "prune_record" in fields:
            n = len(msg.prune_record)
            text += " · " + (translate("MainWindow", "1 prune record") if n == 1
                             else translate("MainWindow", "{n} prune records").format(n=n))
        self.counts_label.setText(text)
        if selection:
            self._update_selection_label()

    def _update_selection_label(self) -> None:
        self.selection_label.setText(self.tree.selection_summary() if self.document is not None else "")

    # ------------------------------------------------------------------ settings, recent files

    def _last_dir(self) -> str:
        return str(self.settings.value("lastDir", str(Path.home())))

    def _restore_settings(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(*default_size(self.screen().availableGeometry().size() if self.screen() else None))
        self.window_layout.restore()  # docks, splitter, the plots' own window

    def _save_settings(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.window_layout.save()
        self.settings.sync()
