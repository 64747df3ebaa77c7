"""Big records are saved on a thread behind a modal progress dialog, with Cancel."""
from __future__ import annotations

import threading

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QPushButton

from editor.records.document import RecordDocument, SaveCancelled
from editor.ui import saver
from tests.records.compat import changed_lines
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait, wait_for_disk_check


def background(window):
    window.documents.background_save_bytes = 0  # every save goes through the thread, as a big one does
    return window


def test_a_big_save_runs_on_a_thread_and_changes_one_line(qtbot, tmp_path, env, monkeypatch):
    window = background(env())
    path = copy_sample(tmp_path, "resnet_pytorch.txt")
    original = path.read_text()
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 7)
    threads, dialogs = [], []
    real_save = RecordDocument.save

    def spy(self, *args, **kwargs):  # runs on the save thread: no Qt widget calls here
        threads.append(threading.get_ident())
        return real_save(self, *args, **kwargs)

    class Dialog(QProgressDialog):
        def showEvent(self, event):
            dialogs.append((self.windowModality(), self.labelText()))
            super().showEvent(event)

    monkeypatch.setattr(RecordDocument, "save", spy)
    monkeypatch.setattr(saver, "QProgressDialog", Dialog)
    assert window.documents.save()
    assert threads and threads[0] != threading.get_ident()
    assert dialogs == [(Qt.WindowModality.WindowModal, "Saving resnet_pytorch.txt…")]
    assert not window.isWindowModified()
    assert changed_lines(original, path.read_text()) == ["-    offset_d: -14", "+    offset_d: 7"]
    wait_for_disk_check(qtbot, window)
    assert window.banners.disk_banner is None  # our own write is not "changed on disk"
    assert not any(d.isVisible() for d in window.findChildren(QProgressDialog))


def test_cancel_leaves_the_file_and_the_edits(qtbot, tmp_path, env, monkeypatch):
    window = background(env())
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    original = path.read_bytes()
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 5)

    pressed = threading.Event()  # the test pressed Cancel

    def slow_save(self, path=None, *, binary=None, progress=None, **_options):
        # a long write, until Cancel is pressed: its next progress report must say stop
        assert pressed.wait(20), "Cancel was never pressed"
        assert progress(1, 2) is False, "Cancel never reached the save"
        raise SaveCancelled()

    monkeypatch.setattr(RecordDocument, "save", slow_save)

    def press_cancel():
        dialogs = [d for d in window.findChildren(QProgressDialog) if d.isVisible()]
        if not dialogs:
            QTimer.singleShot(20, press_cancel)
            return
        button = dialogs[0].findChild(QPushButton)
        assert button.text() == "Cancel"
        button.click()
        pressed.set()

    closed_during_save = []
    QTimer.singleShot(50, lambda: closed_during_save.append(window.close()))
    QTimer.singleShot(100, press_cancel)
    assert not window.documents.save()
    assert closed_during_save == [False] and window.isVisible()  # no closing under a save
    assert "cancelled" in window.statusBar().currentMessage()
    assert path.read_bytes() == original
    assert window.isWindowModified()
    assert window.document.message.record[0].value.offset_d == 5


def test_a_failure_on_the_thread_is_reported_and_keeps_file_and_edits(qtbot, tmp_path, env, monkeypatch):
    prompter = ScriptedPrompter()
    window = background(env(prompter))
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    original = path.read_bytes()
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 5)
    monkeypatch.setattr("editor.records.document.os.replace",
                        lambda *_a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    assert not window.documents.save()
    title, text = prompter.errors[-1]
    assert title == "Not saved" and "disk is full" in text and "Traceback" not in text
    assert path.read_bytes() == original
    assert window.isWindowModified()


def test_small_documents_are_saved_in_place(qtbot, tmp_path, env, monkeypatch):
    window = env()
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    assert window.document.size_hint < saver.BACKGROUND_BYTES
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 5)
    threads: list[int] = []
    real_save = RecordDocument.save

    def save(self, *a, **k):
        threads.append(threading.get_ident())
        return real_save(self, *a, **k)

    monkeypatch.setattr(RecordDocument, "save", save)
    assert window.documents.save()
    assert threads == [threading.get_ident()]


def test_a_read_only_file_is_left_and_save_as_offered(qtbot, tmp_path, env):
    import os

    from editor.records.dialects import DIALECTS
    from editor.ui.dialogs import SaveAsChoice

    window = env()
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    os.chmod(path, 0o444)
    original = path.read_bytes()
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 5)
    elsewhere = tmp_path / "mine.txt"
    window.prompter.confirm_answers.append(True)
    window.prompter.save_as_answers.append(SaveAsChoice(elsewhere, False, DIALECTS["caffe"]))
    assert window.documents.save()
    assert window.prompter.asked[-1].startswith(
        "Read-only file: resnet_caffe.txt is read-only (mode 0444). It was left as it was.")
    assert path.read_bytes() == original
    assert RecordDocument.load(elsewhere).message.record[0].value.offset_d == 5
    assert window.document.path == elsewhere and not window.isWindowModified()
    # declining leaves the edits unsaved
    window.tree.set_field_on_selected("offset_d", 6)
    os.chmod(elsewhere, 0o444)
    window.prompter.confirm_answers.append(False)
    assert not window.documents.save()
    assert window.isWindowModified()
