"""Garbage collection runs on the GUI thread only, never on the loader thread.

A collection on the loader thread can free Qt wrappers waiting in reference cycles there,
and destroying a QObject off its thread crashes PySide6 (CI saw a segmentation fault,
"Garbage-collecting" in the first rule check of a load step).
"""
from __future__ import annotations

import gc
import threading
import weakref
from typing import ClassVar

import pytest

from editor.records import synth
from editor.ui import gc_policy
from editor.ui.loader import LoadWorker


class Cycle:
    """A reference cycle that records the thread it was freed on."""

    freed_on: ClassVar[list[int]] = []

    def __init__(self):
        self.me = self

    def __del__(self):
        Cycle.freed_on.append(threading.get_ident())


@pytest.fixture
def big_file(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(synth.to_text(synth.make_big("tf-inner", layers=300, channels=256)), encoding="utf-8")
    return path


def checking_step(document):
    """A load step that allocates like the rule engine does (many short-lived containers)."""
    return sum(len([[v] for v in entry.value.scale_w]) for entry in document.message.record)


def load(qtbot, path) -> None:
    worker = LoadWorker(path, steps=[checking_step, checking_step])
    with qtbot.waitSignal(worker.loaded, timeout=60000):
        worker.start()
    worker.wait()


def test_a_load_collects_cycles_on_the_gui_thread_only(qtbot, big_file):
    gui = threading.get_ident()
    Cycle.freed_on.clear()
    garbage = [Cycle() for _ in range(2000)]
    del garbage
    load(qtbot, big_file)
    assert gc.isenabled() is False
    assert set(Cycle.freed_on) <= {gui}
    gc.collect()
    assert len(Cycle.freed_on) == 2000 and set(Cycle.freed_on) == {gui}


def test_without_the_policy_the_loader_thread_collects(qtbot, big_file, monkeypatch):
    """The test above can fail: with automatic collection on, the loader thread does collect."""
    monkeypatch.setattr("editor.ui.loader.collect_on_gui_thread", lambda: None)
    gui = threading.get_ident()
    Cycle.freed_on.clear()
    gc.enable()
    try:
        garbage = [Cycle() for _ in range(2000)]
        del garbage
        load(qtbot, big_file)
    finally:
        gc_policy.collect_on_gui_thread()
    assert set(Cycle.freed_on) - {gui}, "no cycle was freed on the loader thread"


def test_cyclic_garbage_is_collected_by_the_timer(qtbot):
    gc_policy.collect_on_gui_thread()
    assert not gc.isenabled()

    class Node:
        me: Node  # a reference cycle of one

    for _ in range(3):  # a few generations' worth, so every generation's threshold is crossed
        nodes = [Node() for _ in range(5000)]
        for node in nodes:
            node.me = node
        probe = weakref.ref(nodes[0])
        del nodes, node
        qtbot.waitUntil(lambda probe=probe: probe() is None, timeout=5000)


def test_the_policy_refuses_other_threads(qtbot):
    errors = []

    def call():
        try:
            gc_policy.collect_on_gui_thread()
        except RuntimeError as e:
            errors.append(str(e))

    thread = threading.Thread(target=call)
    thread.start()
    thread.join()
    assert errors and "GUI thread" in errors[0]
