"""The window's saves and another program's: a version saved meanwhile is never replaced
unasked, an interrupted in-place save is finished when its file is opened, and a failed
save's message says truly what state the file is in."""
from __future__ import annotations

import os

import pytest

from editor.records import inplace
from editor.records.document import RecordDocument, RecordError
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX hard links")


def failing_writes_into(monkeypatch, path, first: int = 2):
    """Make every write into `path` itself (the in-place copy, and copying the old content
    back) fail from the `first`-th on, as a failing disk would."""
    inode = path.stat().st_ino
    real = os.pwrite
    calls = []

    def pwrite(fd, data, offset):
        if os.fstat(fd).st_ino == inode:
            calls.append(offset)
            if len(calls) >= first:
                raise OSError(5, "Input/output error")
        return real(fd, data, offset)

    monkeypatch.setattr(inplace, "SLICE", 4096)
    monkeypatch.setattr(os, "pwrite", pwrite)  # the os module inplace writes with


def test_a_file_replaced_with_the_same_size_and_time_is_not_overwritten_unasked(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 4)
    # another program replaces the file by one of the same size and modification time
    # (cp -p, rsync -t): the window's watch of size and time cannot tell
    st = path.stat()
    theirs = path.read_text().replace('key: "conv1"', 'key: "convX"')
    fresh = tmp_path / "fresh.txt"
    fresh.write_text(theirs)
    os.utime(fresh, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(fresh, path)
    assert not window.documents.changed_on_disk()
    prompter.confirm_answers.append(False)
    assert not window.documents.save()
    title, text, yes = prompter.questions[-1]
    assert (title, yes) == ("File changed on disk", "Overwrite") and str(path) in text
    assert path.read_text() == theirs
    assert window.isWindowModified() and "left as it was" in window.statusBar().currentMessage()
    prompter.confirm_answers.append(True)
    assert window.documents.save()
    assert "offset_d: 4" in path.read_text() and 'key: "conv1"' in path.read_text()
    assert not window.isWindowModified()


@posix_only
def test_opening_a_file_whose_save_was_interrupted_finishes_it_and_says_so(qtbot, tmp_path, env, monkeypatch):
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    os.link(path, tmp_path / "link.txt")
    doc = RecordDocument.load(path)
    doc.message.record[0].value.offset_d = 4
    new = doc.encode_text()
    with monkeypatch.context() as m:
        failing_writes_into(m, path)
        with pytest.raises(RecordError, match="may be damaged"):
            doc.save()
    assert path.read_bytes() != new
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, path)
    assert path.read_bytes() == new and window.document.message.record[0].value.offset_d == 4
    notes = [a for a in prompter.asked if "interrupted" in a]
    assert len(notes) == 1 and str(path) in notes[0] and "finished now" in notes[0]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@posix_only
def test_a_failed_save_never_says_the_file_was_left_as_it_was_when_it_may_not_be(qtbot, tmp_path, env,
                                                                                   monkeypatch):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    os.link(path, tmp_path / "link.txt")
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 4)
    with monkeypatch.context() as m:
        failing_writes_into(m, path)
        assert not window.documents.save()
    title, text = prompter.errors[-1]
    assert title == "Not saved" and "may be damaged" in text and "left as it was" not in text
    assert "Your edits are still here." in text and window.isWindowModified()
