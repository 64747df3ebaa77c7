"""Run `python -m editor [ARGS]` as a user would and close every window once the record is shown.

The exit test starts this in a subprocess, so the real exit path runs: `run_gui` returns when
the last window is closed, then the interpreter tears everything down (PySide6 widgets,
pyqtgraph's plot widgets, the model) — where a crash would show as a signal, not a message.
Before closing, every plot tab is shown once and a channel is selected, so each plot widget
has drawn. Prints ``shown: NAME`` on stdout when it closes the windows, and when `run_gui`
has returned, ``widgets left: N …``: the widgets the interpreter's teardown would destroy.

Usage: python tests/ui/close_after_load.py [FILE] [--dialect D]
"""
from __future__ import annotations

import os
import runpy
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer

from editor.ui.app import application
from editor.ui.main_window import MainWindow

app = application()  # run_gui takes this one


def windows() -> list[MainWindow]:
    return [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]


def visit_plots() -> None:
    for window in windows():
        plots = window.plots
        for i in range(plots.count()):
            plots.setCurrentIndex(i)
            plots.currentWidget().grab()
        assert window.document is not None
        message = window.document.message
        layer = next((i for i, e in enumerate(message.record) if len(e.value.scale_w) > 1), None)
        if layer is not None:
            window.session.selection.select(("record", layer, "value", "scale_w", 0), source="exit test")
        window.grab()
    QTimer.singleShot(100, close)


def close() -> None:
    document = windows()[0].document
    assert document is not None and document.path is not None
    print(f"shown: {document.path.name}", flush=True)
    app.closeAllWindows()


def when_shown() -> None:
    shown = windows()
    if shown and all(w.document is not None and not w.documents.is_loading for w in shown):
        visit_plots()
    else:
        QTimer.singleShot(50, when_shown)


QTimer.singleShot(50, when_shown)
sys.argv = ["editor", *sys.argv[1:]]
try:
    runpy.run_module("editor", run_name="__main__", alter_sys=True)
except SystemExit:
    # what the interpreter's teardown would still have to destroy
    left = sorted({type(w).__name__ for w in app.allWidgets()})
    print(f"widgets left: {len(app.allWidgets())} {' '.join(left)}", flush=True)
    raise
