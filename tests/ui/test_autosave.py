"""The recovery file is written in slices on the GUI thread and by a writer thread."""
from __future__ import annotations

import threading
import time

from editor.records.synth import make_big, to_text
from editor.ui import autosave as autosave_mod
from editor.ui.recovery import RecoveryStore
from tests.ui.kit import open_and_wait


def big_window(qtbot, tmp_path, env, **kwargs):
    path = tmp_path / "big.txt"
    path.write_text(to_text(make_big("pytorch", layers=800, channels=256)))
    window = env(**kwargs)
    open_and_wait(qtbot, window, path)
    return window, path


def recovery_files(tmp_path):
    return sorted((tmp_path / "recovery").glob("*.recovery"))


def test_an_edit_is_kept_in_slices_and_restores_exactly(qtbot, tmp_path, env, monkeypatch):
    monkeypatch.setattr(autosave_mod, "BUDGET_MS", 0.0)  # one batch of entries per turn
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=50)
    window.tree.select_path(("record", 700))
    window.tree.set_field_on_selected("offset_d", 9)
    qtbot.waitUntil(lambda: bool(recovery_files(tmp_path)) and not window.documents.autosave.busy(), timeout=20000)
    info = window.documents.recovery.list()[0]
    assert info.data() == window.document.message.SerializePartialToString()
    entries = len(window.document.message.record) + len(window.document.message.prune_record)
    # a turn per batch, one for the end of the entries, one that finds the iterator exhausted
    assert len(window.documents.autosave.turns) == entries // autosave_mod.PER_STEP + 2


def test_an_edit_during_a_snapshot_abandons_it_and_the_next_one_has_the_edit(qtbot, tmp_path, env):
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=60000)
    window.tree.select_path(("record", 5))
    window.tree.set_field_on_selected("offset_d", 3)
    writes = []
    real_write = RecoveryStore.write

    def spy(store, key, path, dialect, binary, data):
        writes.append(b"".join(data))
        return real_write(store, key, path, dialect, binary, data)

    RecoveryStore.write = spy
    try:
        window.documents._snapshot_for_recovery()
        assert window.documents.autosave.busy()
        window.tree.set_field_on_selected("offset_d", 4)  # while the snapshot is under way
        qtbot.wait(200)
        assert writes == []  # the old snapshot was dropped, not written
        window.documents._autosave_timer.setInterval(10)
        window.documents._autosave_timer.start()
        qtbot.waitUntil(lambda: len(writes) == 1 and not window.documents.autosave.busy(), timeout=20000)
    finally:
        RecoveryStore.write = real_write
    assert writes[0] == window.document.message.SerializePartialToString()
    assert window.documents.recovery.list()[0].data() == writes[0]


def test_saving_while_the_writer_runs_leaves_no_recovery_file(qtbot, tmp_path, env, monkeypatch):
    window, path = big_window(qtbot, tmp_path, env, autosave_ms=20)
    started = threading.Event()
    real_write = RecoveryStore.write

    def slow(store, *args):
        started.set()
        time.sleep(0.5)
        return real_write(store, *args)

    monkeypatch.setattr(RecoveryStore, "write", slow)
    window.tree.select_path(("record", 1))
    window.tree.set_field_on_selected("offset_d", 6)
    qtbot.waitUntil(started.is_set, timeout=20000)
    assert window.documents.save()
    qtbot.waitUntil(lambda: not window.documents.autosave.busy(), timeout=10000)
    assert recovery_files(tmp_path) == []
    assert "offset_d: 6" in path.read_text()


def test_closing_while_the_writer_runs_leaves_no_recovery_file(qtbot, tmp_path, env, monkeypatch):
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=20)
    started = threading.Event()
    real_write = RecoveryStore.write

    def slow(store, *args):
        started.set()
        time.sleep(0.5)
        return real_write(store, *args)

    monkeypatch.setattr(RecoveryStore, "write", slow)
    window.tree.select_path(("record", 1))
    window.tree.set_field_on_selected("offset_d", 6)
    qtbot.waitUntil(started.is_set, timeout=20000)
    window.prompter.save_answers.append("discard")
    assert window.close()
    assert recovery_files(tmp_path) == []


def test_a_failed_write_is_reported_in_the_status_bar(qtbot, tmp_path, env, monkeypatch):
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=20)

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(RecoveryStore, "write", refuse)
    window.tree.select_path(("record", 1))
    window.tree.set_field_on_selected("offset_d", 6)
    qtbot.waitUntil(lambda: "recovery" in window.statusBar().currentMessage(), timeout=20000)
    assert "No space left" in window.statusBar().currentMessage()
    assert recovery_files(tmp_path) == []

