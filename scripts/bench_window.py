#!/usr/bin/env python3
"""How quickly the editor's window is built, opens a record and refreshes its Layers table,
against references measured in the same run.

In one process (offscreen, as the window runs after `run_gui`'s start-up), ROUNDS rounds,
each step and its reference back to back:

- **build**: `MainWindow(...)`, shown, until the event loop is idle (its first layout and
  paint); reference: a bare `QMainWindow` with the same skeleton — a tree and a tab widget
  in a splitter, two docks, a menu bar, a status bar — built, shown and settled the same way;
- **open**: the bundled sample and the largest real record in `tests/data/realworld`, from
  `open_path` until `loadFinished` and an idle event loop (the tree, panels and plots shown);
  reference: `RecordDocument.load` of the same file (the plain read, no window);
- **first layer drawn**: with the real record open and the Channels tab shown, the first
  layer selected until the event loop is idle — the channel plot's rows are made then (they
  are made when first needed); reference: the next layer selected the same way (the rows
  exist);
- **Layers refresh**: `LayersTable.refresh` (what the overview's `refreshed` calls) as the
  real record opens — the rows are new: the model resets — summed over its calls during the
  open; the Layers tab shown for the first time after (the columns fitted, the rows painted);
  and again on the open window (an edit's refresh: same rows, same columns);
  reference: a `QTableView` over a minimal table model of the same rows and columns with its
  strings already made, reset and its columns fitted (what Qt itself costs for a reset).

Each figure is said as median [min–max] of the rounds in ms, with the ratio to its reference
taken round by round. `--profile STEP` (build, open, show: the Layers tab, refresh) prints where one more run of
that step spends its time (cProfile, sorted by cumulative time) instead.
No thresholds: the figures are read, never asserted.

Usage:
    ./dev python -m scripts.bench_window [--rounds N] [--profile build|open|show|refresh] [--top N]
"""
from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QSettings,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QSplitter,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)

from editor.paths import default_sample
from editor.records.document import RecordDocument
from editor.ui.app import application, freeze_startup_objects
from editor.ui.main_window import MainWindow
from editor.ui.plots.layers_table import LayersTable
from scripts import _bench
from scripts._bench import ratios, spread
from scripts._window import QuietPrompter

REAL = _bench.ROOT / "tests" / "data" / "realworld"
SIZE = (1360, 860)


class _Deliveries(QObject):
    """Counts the events Qt delivers (installed on the application, it sees every one)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.count += 1
        return False


def settle(timeout: float = 30.0) -> None:
    """Process events until a pass delivers none: layouts, paints, zero-delay timers done."""
    app = QCoreApplication.instance()
    assert app is not None
    seen = _Deliveries()
    app.installEventFilter(seen)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            seen.count = 0
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QCoreApplication.processEvents()
            if not seen.count:
                return
    finally:
        app.removeEventFilter(seen)


def quiet_qt(kind: QtMsgType, _context: object, text: str) -> None:
    """Qt's messages on stderr, without the offscreen platform's note on every dock (the
    tests ignore it too: pyproject's qt_log_ignore)."""
    if "propagateSizeHints" not in text:
        print(f"Qt {kind.name}: {text}", file=sys.stderr)


class RefreshClock:
    """The time spent in `LayersTable.refresh`, summed while `on`."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self.on = False
        inner = LayersTable.refresh

        def refresh(table: LayersTable) -> None:
            if not self.on:
                inner(table)
                return
            t = time.perf_counter()
            try:
                inner(table)
            finally:
                self.seconds += time.perf_counter() - t
                self.calls += 1

        LayersTable.refresh = refresh  # type: ignore[method-assign,assignment]

    def start(self) -> None:
        self.seconds, self.calls, self.on = 0.0, 0, True

    def stop(self) -> float:
        self.on = False
        return self.seconds


def largest_real_record() -> Path:
    return max(REAL.glob("*.txt"), key=lambda p: p.stat().st_size)


class Bench:
    """The windows, settings and recovery folder the steps share."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)

    def window(self) -> MainWindow:
        window = MainWindow(self.settings, prompter=QuietPrompter(), recovery_dir=self.tmp / "recovery")
        window.resize(*SIZE)
        window.show()
        return window

    @staticmethod
    def dispose(widget: QWidget) -> None:
        if isinstance(widget, MainWindow):
            widget.session.undo_stack.setClean()
        widget.close()
        widget.deleteLater()
        settle()
        gc.collect()

    def build(self) -> MainWindow:
        window = self.window()
        settle()
        return window

    def open(self, window: MainWindow, path: Path) -> None:
        done: list[bool] = []
        window.loadFinished.connect(done.append)
        window.open_path(path)
        deadline = time.monotonic() + 120
        while not done and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            time.sleep(0.0005)  # the loader thread reads: leave it the GIL
        if done != [True]:
            raise SystemExit(f"{path.name} did not open: {done}")
        settle()


def bare_window() -> QMainWindow:
    """The window's skeleton without the editor's parts: the reference for building it."""
    window = QMainWindow()
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.addWidget(QTreeView())
    tabs = QTabWidget()
    for title in ("Overview", "Layers", "Channels", "Prune ranges", "Graph"):
        tabs.addTab(QLabel(title), title)
    splitter.addWidget(tabs)
    window.setCentralWidget(splitter)
    for title in ("Edit", "Problems"):
        dock = QDockWidget(title, window)
        dock.setObjectName(title)
        dock.setWidget(QLabel(title))
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    for title in ("File", "Edit", "View", "Tools", "Plot", "Help"):
        menu = QMenu(title, window)
        menu.addAction(title)
        window.menuBar().addMenu(menu)
    window.statusBar().addPermanentWidget(QLabel("layers"))
    window.resize(*SIZE)
    window.show()
    settle()
    return window


class FloorModel(QAbstractTableModel):
    """Strings made beforehand: what a reset costs Qt itself."""

    def __init__(self, cells: list[list[str]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cells = cells

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.cells)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or not self.cells else len(self.cells[0])

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return self.cells[index.row()][index.column()]
        return None

    def reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()


def floor_table(window: MainWindow) -> tuple[QTableView, FloorModel]:
    """A plain table of the Layers table's rows and columns, in the same hidden tab."""
    model = window.plots.layers.model
    cells = [[model.text(model.layer_at(r), c) for c in range(model.columnCount())]
             for r in range(model.rowCount())]
    floor = FloorModel(cells)
    view = QTableView(window.plots.layers)
    view.setModel(floor)
    header = view.horizontalHeader()
    header.setResizeContentsPrecision(100)
    floor.modelReset.connect(view.resizeColumnsToContents)
    return view, floor


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def refresh_settled(refresh: Callable[[], None]) -> None:
    refresh()
    settle()


def show_settled(tabs: QTabWidget, page: QWidget) -> None:
    tabs.setCurrentWidget(page)
    settle()


def selected_settled(select: Callable[[tuple[str, int]], object], index: int) -> None:
    select(("record", index))
    settle()


def ms(values: list[float]) -> str:
    return spread([v * 1e3 for v in values], ".1f")


def profile(step: str, bench: Bench, sample: Path, real: Path, top: int) -> None:
    """One more run of `step` under cProfile (after a warm-up run outside it)."""
    profiler = cProfile.Profile()
    if step == "build":
        bench.dispose(bench.build())
        profiler.enable()
        window = bench.build()
        profiler.disable()
    elif step == "open":
        window = bench.build()
        bench.open(window, real)
        bench.dispose(window)
        window = bench.build()
        profiler.enable()
        bench.open(window, real)
        profiler.disable()
    elif step == "show":
        window = bench.build()
        bench.open(window, real)
        profiler.enable()
        show_settled(window.plots, window.plots.layers)
        profiler.disable()
        window.plots.show_overview()
    else:
        window = bench.build()
        bench.open(window, real)
        window.plots.layers.refresh()
        settle()
        profiler.enable()
        window.plots.layers.refresh()
        settle()
        profiler.disable()
    bench.dispose(window)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--profile", choices=("build", "open", "show", "refresh"))
    ap.add_argument("--top", type=int, default=45, help="lines of the profile to print")
    args = ap.parse_args(argv)
    print(_bench.conditions())
    _bench.compile_sources()
    qInstallMessageHandler(quiet_qt)
    app = application()
    freeze_startup_objects()  # as run_gui does
    clock = RefreshClock()
    sample, real = default_sample(), largest_real_record()
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(Path(tmp))
        if args.profile:
            profile(args.profile, bench, sample, real, args.top)
            return 0
        # a first window and open outside the rounds: imports, fonts, caches
        warm = bench.build()
        bench.open(warm, sample)
        bench.dispose(warm)

        names = ("build", "bare", "open sample", "load sample", "open real", "load real", "refresh at open",
                 "show layers", "refresh", "floor", "first layer", "next layer")
        times: dict[str, list[float]] = {name: [] for name in names}
        for _ in range(max(args.rounds, 1)):
            t = time.perf_counter()
            window = bench.build()
            times["build"].append(time.perf_counter() - t)
            t = time.perf_counter()
            bare = bare_window()
            times["bare"].append(time.perf_counter() - t)
            bench.dispose(bare)

            times["open sample"].append(timed(functools.partial(bench.open, window, sample)))
            gc.collect()
            times["load sample"].append(timed(functools.partial(RecordDocument.load, sample)))
            bench.dispose(window)

            window = bench.build()
            clock.start()
            times["open real"].append(timed(functools.partial(bench.open, window, real)))
            times["refresh at open"].append(clock.stop())
            gc.collect()
            times["load real"].append(timed(functools.partial(RecordDocument.load, real)))

            view, floor = floor_table(window)
            settle()
            plots = window.plots
            times["show layers"].append(timed(functools.partial(show_settled, plots, plots.layers)))
            times["refresh"].append(timed(functools.partial(refresh_settled, window.plots.layers.refresh)))
            times["floor"].append(timed(functools.partial(refresh_settled, floor.reset)))
            view.deleteLater()
            plots.show_overview()
            bench.dispose(window)

            window = bench.build()
            bench.open(window, real)
            show_settled(window.plots, window.plots.channels)
            select = window.session.selection.select
            times["first layer"].append(timed(functools.partial(selected_settled, select, 0)))
            times["next layer"].append(timed(functools.partial(selected_settled, select, 1)))
            window.plots.show_overview()
            bench.dispose(window)
        app.processEvents()

    n_real = len(RecordDocument.load(real).message.record)
    print(f"{args.rounds} rounds, each step and its reference back to back; ms as median [min–max]; "
          f"ratio round by round")
    print(f"build MainWindow (shown, idle):   {ms(times['build'])} ms = "
          f"{ratios(times['build'], times['bare'])} × a bare QMainWindow of the same skeleton "
          f"({ms(times['bare'])} ms)")
    print(f"open {sample.name} ({sample.stat().st_size / 1e3:.0f} kB): {ms(times['open sample'])} ms = "
          f"{ratios(times['open sample'], times['load sample'])} × RecordDocument.load "
          f"({ms(times['load sample'])} ms)")
    print(f"open {real.name} ({real.stat().st_size / 1e6:.2f} MB, {n_real} layers): "
          f"{ms(times['open real'])} ms = {ratios(times['open real'], times['load real'])} × "
          f"RecordDocument.load ({ms(times['load real'])} ms)")
    print(f"LayersTable.refresh as {real.name} opens (summed, {clock.calls} calls): {ms(times['refresh at open'])} ms "
          f"= {ratios(times['refresh at open'], times['floor'])} × a plain QTableView reset over ready strings")
    print(f"the Layers tab first shown ({real.name} open; shown and painted, idle after): "
          f"{ms(times['show layers'])} ms = {ratios(times['show layers'], times['floor'])} × that plain reset")
    print(f"LayersTable.refresh ({real.name} open, idle after): {ms(times['refresh'])} ms = "
          f"{ratios(times['refresh'], times['floor'])} × a plain QTableView reset over ready strings "
          f"({ms(times['floor'])} ms)")
    print(f"first layer drawn in Channels ({real.name} open, idle after): {ms(times['first layer'])} ms = "
          f"{ratios(times['first layer'], times['next layer'])} × the next layer ({ms(times['next layer'])} ms)")
    print(f"load average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
