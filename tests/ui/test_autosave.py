"""The recovery file is written in slices on the GUI thread and by a writer thread."""
from __future__ import annotations

import threading

import pytest

from editor.ui import autosave as autosave_mod
from editor.ui.main_window import Banner
from editor.ui.recovery import RecoveryStore
from tests.ui.kit import big_record_text, open_and_wait, settle


def big_window(qtbot, tmp_path, env, **kwargs):
    path = tmp_path / "big.txt"
    path.write_text(big_record_text("pytorch", layers=800, channels=256))
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


def test_an_edit_during_a_snapshot_abandons_it_and_the_next_one_has_the_edit(qtbot, tmp_path, env,
                                                                             monkeypatch):
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=60000)
    window.tree.select_path(("record", 5))
    window.tree.set_field_on_selected("offset_d", 3)
    writes: list[bytes] = []
    real_write = RecoveryStore.write

    def spy(store, key, path, dialect, binary, data):
        writes.append(b"".join(data))
        return real_write(store, key, path, dialect, binary, data)

    with monkeypatch.context() as patched:
        patched.setattr(RecoveryStore, "write", spy)
        window.documents._snapshot_for_recovery()
        assert window.documents.autosave.busy()
        window.tree.set_field_on_selected("offset_d", 4)  # while the snapshot is under way
        qtbot.waitUntil(lambda: not window.documents.autosave.busy(), timeout=20000)
        assert writes == []  # the old snapshot was dropped, not written
        window.documents._autosave_timer.setInterval(10)
        window.documents._autosave_timer.start()
        qtbot.waitUntil(lambda: len(writes) == 1 and not window.documents.autosave.busy(), timeout=20000)
    assert window.document is not None
    assert writes[0] == window.document.message.SerializePartialToString()
    assert window.documents.recovery.list()[0].data() == writes[0]


def test_saving_while_the_writer_runs_leaves_no_recovery_file(qtbot, tmp_path, env, monkeypatch):
    window, path = big_window(qtbot, tmp_path, env, autosave_ms=20)
    started, release = threading.Event(), threading.Event()
    real_write = RecoveryStore.write

    def slow(store, *args):  # a write that lasts until the test lets it finish
        started.set()
        release.wait(20)
        return real_write(store, *args)

    monkeypatch.setattr(RecoveryStore, "write", slow)
    window.tree.select_path(("record", 1))
    window.tree.set_field_on_selected("offset_d", 6)
    qtbot.waitUntil(started.is_set, timeout=20000)
    assert window.documents.save()
    release.set()  # the recovery file is written after the save
    qtbot.waitUntil(lambda: not window.documents.autosave.busy(), timeout=10000)
    assert recovery_files(tmp_path) == []
    assert "offset_d: 6" in path.read_text()


def test_closing_while_the_writer_runs_leaves_no_recovery_file(qtbot, tmp_path, env, monkeypatch):
    window, _path = big_window(qtbot, tmp_path, env, autosave_ms=20)
    started, release = threading.Event(), threading.Event()
    real_write = RecoveryStore.write

    def slow(store, *args):  # a write that lasts until the test lets it finish
        started.set()
        release.wait(20)
        return real_write(store, *args)

    monkeypatch.setattr(RecoveryStore, "write", slow)
    autosave = window.documents.autosave
    real_wait = autosave.wait

    def wait_for_writer(*args):  # the closing window waits for the writer: now it writes its file
        release.set()
        real_wait(*args)

    monkeypatch.setattr(autosave, "wait", wait_for_writer)
    window.tree.select_path(("record", 1))
    window.tree.set_field_on_selected("offset_d", 6)
    qtbot.waitUntil(started.is_set, timeout=20000)
    window.prompter.save_answers.append("discard")
    assert window.close()
    release.set()  # (a window that did not wait for the writer: it puts the file back now)
    real_wait()
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



def _recovered(qtbot, tmp_path, env):
    """A window that crashed with an edit kept in its recovery file; (path, recovery file)."""
    from tests.ui.kit import copy_sample

    first = env(autosave_ms=20)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, first, path)
    first.tree.select_path(("record", 2))
    first.tree.set_field_on_selected("offset_d", 11)
    qtbot.waitUntil(lambda: bool(recovery_files(tmp_path)) and not first.documents.autosave.busy(),
                    timeout=20000)
    first.documents._autosave_timer.stop()
    first.documents.autosave.discard(None)  # "crashes": its file stays
    return path, recovery_files(tmp_path)[0]


def _cut_at_an_entry(file):
    """Shorten the record in a recovery file to its first entries: still a valid message."""
    raw = file.read_bytes()
    cut = raw.index(b"\n") + 1
    from editor.records.dialects import DIALECTS

    msg = DIALECTS["caffe"].new_message()
    msg.ParseFromString(raw[cut:])
    del msg.record[5:]
    file.write_bytes(raw[:cut] + msg.SerializePartialToString())


@pytest.mark.parametrize("damage", ["cut at an entry", "a flipped bit", "header"])
def test_a_damaged_recovery_file_is_set_aside_and_never_offered(qtbot, tmp_path, env, damage):
    _path, file = _recovered(qtbot, tmp_path, env)
    if damage == "cut at an entry":
        _cut_at_an_entry(file)
    elif damage == "a flipped bit":
        raw = bytearray(file.read_bytes())
        raw[-20] ^= 0x04
        file.write_bytes(bytes(raw))
    else:
        file.write_bytes(b"{not json\n" + file.read_bytes().split(b"\n", 1)[1])
    second = env()
    assert second.banners.offer_recovery() == []
    texts = [b.label.text() for b in second.findChildren(Banner)]
    assert not any(t.startswith("Unsaved edits of") for t in texts)
    assert any(t.startswith("Unsaved edits could not be recovered:") and "set aside as" in t for t in texts)
    assert not file.exists() and file.with_name(file.name + ".damaged").exists()


def test_a_recovery_file_damaged_after_it_was_offered_is_not_applied(qtbot, tmp_path, env):
    path, file = _recovered(qtbot, tmp_path, env)
    second = env()
    found = second.banners.offer_recovery()
    assert len(found) == 1
    open_and_wait(qtbot, second, path)
    before = second.document.message.SerializePartialToString()
    _cut_at_an_entry(file)
    second.documents.restore_recovery(found[0])
    assert not second.documents.is_loading  # refused at once: no load that could apply the edits later
    settle()  # nor anything queued
    assert second.prompter.errors and second.prompter.errors[-1][0] == "Cannot restore"
    assert "cut short" in second.prompter.errors[-1][1] and "set aside" in second.prompter.errors[-1][1]
    assert second.document.message.SerializePartialToString() == before
    assert second.session.undo_stack.count() == 0
    assert file.with_name(file.name + ".damaged").exists()
