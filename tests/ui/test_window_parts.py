"""The window's parts built without a `MainWindow`, from what each declares it needs.

Each part (`WindowMenus`, `WindowBanners`, `WindowLayout`, `CompareUi`, `ReportExport`) is
given its collaborators when it is built — the session, the documents controller, the plots,
a plain `QMainWindow` or `QWidget` to hold its actions — and never the editor window. Here
each is built from those alone, on a bare `QMainWindow` that has none of the editor window's
attributes, and driven: a part that read one (`window.plots`, `window.statusBar()` of the
editor's, …) fails here with an AttributeError, and `./dev mypy` refuses it where the part's
parameter types do not have it. Only `editor/ui/app.py`, which opens the window, imports it.
"""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest
from google.protobuf import text_format
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import editor.ui
from editor.records.document import RecordDocument
from editor.ui.banners import WindowBanners
from editor.ui.compare.controller import CompareController
from editor.ui.compare.window import CompareUi
from editor.ui.document_controller import DocumentController
from editor.ui.recovery import RecoveryStore
from editor.ui.report_export import ReportExport
from editor.ui.session import EditSession
from editor.ui.tree_view import RecordTreeWidget
from editor.ui.window_layout import SETTINGS, DockFolder, LayoutParts, WindowLayout
from editor.ui.window_menus import APP_NAME, WindowMenus
from tests.ui.kit import ScriptedPrompter, copy_sample

SAMPLE = "resnet_tf_inner_prune.txt"
UI = Path(editor.ui.__file__).parent


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, at the top, in functions or under TYPE_CHECKING."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_only_the_launcher_knows_the_main_window():
    """No part is typed against the editor window, not even for the type checker."""
    knowing = sorted(str(path.relative_to(UI)) for path in UI.rglob("*.py")
                     if "editor.ui.main_window" in _imports(path))
    assert knowing == ["app.py"]


@pytest.fixture
def host(qtbot):
    """A bare main window: Qt's docks, tool bars, menu bar and actions, nothing of the editor's."""
    window = QMainWindow()
    window.resize(1200, 800)
    qtbot.addWidget(window)
    return window


@pytest.fixture
def prompter():
    return ScriptedPrompter()


@pytest.fixture
def documents(host, prompter, tmp_path):
    session = EditSession(host)
    return DocumentController(session, prompter, RecoveryStore(tmp_path / "recovery"), host)


def _open(qtbot, documents: DocumentController, path: Path) -> None:
    with qtbot.waitSignal(documents.loadFinished, timeout=30000) as blocker:
        assert documents.open_path(path)
    assert blocker.args == [True], getattr(documents.prompter, "errors", None)


def test_menus_follow_the_session_and_take_the_other_parts(qtbot, host, documents, prompter, tmp_path):
    session = documents.session
    tree = RecordTreeWidget(session, prompter)
    host.setCentralWidget(tree)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    menus = WindowMenus(host, session, documents, tree, settings, prompter)
    assert not menus.act_save.isEnabled() and not menus.read_as_menu.isEnabled()
    assert menus.act_save in host.actions()  # its keys work anywhere in the window

    path = copy_sample(tmp_path, SAMPLE)
    _open(qtbot, documents, path)
    assert menus.act_save.isEnabled() and menus.act_reload.isEnabled() and menus.read_as_menu.isEnabled()
    assert menus.read_as_actions["tf-inner"].isChecked()
    assert menus.recent_files() == [str(path.resolve())]

    # what the other parts bring: File entries before Close, menus before Plot
    extra = QAction("Extra", host)
    menus.add_file_section(extra)
    entries = menus.file_menu.actions()
    at = entries.index(extra)
    assert entries[at + 1].isSeparator() and entries[at + 2] is menus.act_close
    menus.add_menu(QMenu("Other", host))
    assert [a.text() for a in host.menuBar().actions()] == ["&File", "&Edit", "&View", "Other", "&Plot", "&Help"]

    menus.install_help(lambda: {tree: "the record tree"})
    listed = {s.command: s.where for s in menus.shortcuts()}
    assert listed["Save"] == "anywhere in the window" and "Keyboard Shortcuts" in listed

    with qtbot.waitSignal(session.documentChanged):
        assert documents.close_document()
    assert not menus.act_save.isEnabled() and not menus.read_as_actions["tf-inner"].isChecked()


def test_banners_follow_the_documents(qtbot, host, documents, tmp_path):
    session = documents.session
    top = QWidget()
    area = QVBoxLayout(top)
    host.setCentralWidget(top)
    banners = WindowBanners(session, documents, area, host)
    documents.diskChanged.emit("changed")
    assert banners.disk_banner is None  # no file open: nothing changed
    assert banners.offer_recovery() == []

    _open(qtbot, documents, copy_sample(tmp_path, SAMPLE))
    documents.diskChanged.emit("changed")
    banner = banners.disk_banner
    assert banner is not None and area.indexOf(banner) >= 0
    assert banner.label.text() == f"{SAMPLE} changed on disk (was AMCT run again?)."
    with qtbot.waitSignal(banners.status) as said:
        banner.buttons["Keep Mine"].click()
    assert said.args == ["Kept your version; Save will ask before overwriting the file", 8000]
    assert banners.disk_banner is None

    documents.diskChanged.emit("deleted")
    assert banners.disk_banner is not None and "was deleted or moved on disk" in banners.disk_banner.label.text()
    with qtbot.waitSignal(session.documentChanged):
        assert documents.close_document()
    assert banners.disk_banner is None  # another document (none): the banner goes


def _layout(host, documents, prompter, tmp_path):
    from editor.ui.plots import PlotsPanel

    session = documents.session
    tree = RecordTreeWidget(session, prompter)
    plots = PlotsPanel(session)
    side = QTabWidget()
    side.addTab(plots, "Plots")
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(tree)
    splitter.addWidget(side)
    host.setCentralWidget(splitter)
    docks = []
    for name in ("Edit", "Problems"):
        dock = QDockWidget(name, host)
        dock.setObjectName(f"{name}Dock")  # a saved state names its docks
        dock.setWidget(QLabel(name))
        docks.append(dock)
    folder = DockFolder(host, {dock: (lambda: True) for dock in docks})
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    parts = LayoutParts(splitter=splitter, side=side, tree=tree, plots=plots, bottom_docks=tuple(docks),
                        folder=folder, settings=settings, record_name=lambda: "a.txt")
    return WindowLayout(host, parts), parts


def test_window_layout_arranges_what_it_is_given(qtbot, host, documents, prompter, tmp_path):
    layout, parts = _layout(host, documents, prompter, tmp_path)
    edit, problems = parts.bottom_docks
    layout.dock_defaults()
    host.show()
    qtbot.waitExposed(host)
    assert host.dockWidgetArea(edit) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert host.tabifiedDockWidgets(edit) == [problems]
    assert {layout.act_focus, layout.act_detach, layout.act_reset} <= set(host.actions())

    channels = parts.plots.channels
    tree_width = parts.splitter.sizes()[0]
    assert tree_width > 0 and channels.tables_shown()
    layout.act_focus.trigger()  # Focus Plots: the tree, the docks and the channel tables out of the way
    assert layout.focus_plots() and parts.splitter.sizes()[0] == 0
    assert not edit.isVisible() and not problems.isVisible() and not channels.tables_shown()
    assert parts.folder.paused
    layout.act_focus.trigger()  # and back
    assert not layout.focus_plots() and parts.splitter.sizes()[0] == tree_width
    assert edit.isVisible() and channels.tables_shown() and not parts.folder.paused

    layout.act_detach.trigger()  # Plots in Own Window, named after the record
    detached = layout.plots_window
    assert detached is not None and parts.side.window() is detached
    assert detached.windowTitle() == f"Plots — a.txt — {APP_NAME}"
    layout.save()
    settings = parts.settings
    assert str(settings.value("layout/plotsDetached")).lower() == "true"
    layout.act_detach.trigger()
    assert layout.plots_window is None and parts.splitter.indexOf(parts.side) == 1

    with qtbot.waitSignal(layout.status) as said:
        layout.act_reset.trigger()
    assert said.args == ["Layout reset to the defaults", 5000]
    assert not any(settings.contains(key) for key in SETTINGS)


def test_window_layout_restores_what_it_saved(qtbot, host, documents, prompter, tmp_path):
    layout, parts = _layout(host, documents, prompter, tmp_path)
    layout.dock_defaults()
    host.show()
    qtbot.waitExposed(host)
    parts.folder.open_height = 250
    layout.set_plots_detached(True)
    layout.save()
    layout.set_plots_detached(False)
    parts.folder.open_height = None
    layout.restore()  # from the same settings
    assert layout.plots_window is not None and parts.folder.open_height == 250
    layout.set_plots_detached(False)


def _b_copy(a: Path, tmp_path: Path) -> tuple[Path, float]:
    """B: A with layer 2's scale_d half as big again; the new value as float32."""
    message = RecordDocument.load(a).message
    message.record[2].value.scale_d *= 1.5
    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(message), encoding="utf-8")
    return b, float(np.float32(message.record[2].value.scale_d))


def test_compare_ui_works_with_what_it_declares(qtbot, host, documents, prompter, tmp_path):
    from editor.ui.plots import PlotsPanel

    session = documents.session
    plots = PlotsPanel(session)
    holder = QWidget()  # CompareUi's actions need a widget, not a main window
    QVBoxLayout(holder).addWidget(plots)
    host.setCentralWidget(holder)
    selected: list = []
    ui = CompareUi(session, documents, prompter, plots, lambda: list(selected), holder)
    said: list[str] = []
    ui.message.connect(said.append)
    assert not ui.act_compare.isEnabled()  # nothing open to compare
    assert not plots.isTabVisible(plots.indexOf(ui.view))
    assert {ui.act_compare, ui.act_next, ui.act_take} <= set(holder.actions())

    a = copy_sample(tmp_path, SAMPLE)
    b, taken = _b_copy(a, tmp_path)
    ui.compare_after_load(b)  # the command line's --compare: once A is open
    with qtbot.waitSignal(ui.controller.opened, timeout=30000):
        _open(qtbot, documents, a)
    qtbot.waitUntil(lambda: ui.controller.current, timeout=10000)
    assert ui.act_compare.isEnabled() and ui.act_next.isEnabled()
    assert plots.isTabVisible(plots.indexOf(ui.view)) and plots.currentWidget() is ui.view
    assert ui.label in ui.status_widgets and ui.label.text() == "⇄ b.txt: 1 layer of 55 differ"

    ui.act_next.trigger()  # F7: the difference selected in A
    assert session.selection.path == ("record", 2, "value", "scale_d")
    assert said[-1].startswith("Difference 1 of 1: ")

    selected.append(("record", 2))  # Take from B takes what the tree has selected
    assert ui.take_selection()
    assert session.message.record[2].value.scale_d == taken
    assert said[-1].startswith("Done: ")
    qtbot.waitUntil(lambda: ui.controller.current, timeout=10000)
    assert ui.label.text() == "⇄ b.txt: no differences"

    ui.act_close.trigger()
    assert not plots.isTabVisible(plots.indexOf(ui.view)) and not ui.act_next.isEnabled()
    ui.controller.shutdown()


def test_report_export_works_from_the_session(qtbot, host, documents, prompter, tmp_path):
    session = documents.session
    compare = CompareController(session, prompter, host)
    report = ReportExport(session, compare, prompter, QWidget(host))
    assert report.request() is None  # nothing open
    _open(qtbot, documents, copy_sample(tmp_path, SAMPLE))
    request = report.request()
    assert request is not None and request.compare is None and request.model is None
    out = tmp_path / "review.html"
    with qtbot.waitSignal(report.status) as said:
        assert report.export(out) == out
    assert said.args == [f"Report written to {out}", 8000]
    assert SAMPLE in out.read_text(encoding="utf-8")
    compare.shutdown()
