"""Garbage collection happens on the GUI thread only.

Python's cyclic collector runs on whichever thread happens to allocate when a threshold is
crossed. When that is the loader thread (`LoadWorker`, which allocates millions of objects
while it reads and checks a record), the collector may free Qt wrappers that were waiting
in reference cycles -- widgets of a closed dialog, a replaced plot -- on that thread, and
destroying a QObject off the thread it lives in crashes PySide6 (seen: a segmentation fault
"Garbage-collecting" inside the rule engine's first check on the loader thread).

So, as pyqtgraph recommends for programs with threads, automatic collection is switched off
and pyqtgraph's `GarbageCollector` collects on a GUI-thread timer, by generation and with
the interpreter's own thresholds. Objects freed by reference counting (almost all) are not
affected; only cycles wait for the timer.
"""
from __future__ import annotations

import gc

from pyqtgraph.util.garbage_collector import GarbageCollector
from PySide6.QtCore import QCoreApplication

#: seconds between the GUI thread's checks of the collector's counts
INTERVAL = 0.5

_collector: GarbageCollector | None = None


def collect_on_gui_thread() -> GarbageCollector:
    """Switch automatic garbage collection off and collect on a GUI-thread timer instead.

    Idempotent; must be called on the GUI thread (the timer belongs to the thread that
    creates it) with a QCoreApplication existing. Everything that starts a Python thread
    calls it first.
    """
    global _collector
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("collect_on_gui_thread needs a QApplication")
    if not app.thread().isCurrentThread():
        raise RuntimeError("collect_on_gui_thread must be called on the GUI thread")
    if _collector is None or not _collector.timer.isActive():
        _collector = GarbageCollector(interval=INTERVAL)
    gc.disable()   # again: something may have re-enabled it since
    return _collector
