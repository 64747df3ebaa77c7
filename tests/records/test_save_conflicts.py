"""Two writers of one file: a save never replaces a version it did not read without saying
so, `record-editor set` applies its edits to the newest version, and concurrent writers —
of a plain file and of a hard-linked one — leave every edit that was reported written on
disk and nothing else damaged."""
from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest

from editor.cli import main
from editor.paths import samples_dir
from editor.records.document import FileChangedError, RecordDocument, same_message
from editor.records.messages import EntryMessage
from editor.records.synth import make_big, to_text

SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX locks and hard links")


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "record.txt"
    path.write_bytes(SAMPLE.read_bytes())
    return path


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


def other_program_sets(path, index: int, value: float) -> None:
    """Another program (another editor process) saves an edit of entry `index`."""
    doc = RecordDocument.load(path)
    doc.message.record[index].value.scale_d = value
    doc.save()


# ------------------------------------------------------------------ the document


def test_a_save_refuses_to_replace_a_version_it_did_not_read(record):
    doc = RecordDocument.load(record)
    doc.message.record[0].value.scale_d = 0.5
    other_program_sets(record, 1, 0.25)
    theirs = record.read_bytes()
    with pytest.raises(FileChangedError) as err:
        doc.save()
    assert str(record) in str(err.value)
    assert "changed on disk since it was read" in str(err.value) and "nothing was saved" in str(err.value)
    assert record.read_bytes() == theirs
    assert [p.name for p in record.parent.iterdir()] == [record.name]
    doc.save(replace_changed=True)  # the user chose to overwrite it
    again = RecordDocument.load(record)
    assert again.message.record[0].value.scale_d == 0.5 and again.message.record[1].value.scale_d != 0.25


def test_a_deleted_file_is_not_silently_recreated(record):
    doc = RecordDocument.load(record)
    doc.message.record[0].value.scale_d = 0.5
    record.unlink()
    with pytest.raises(FileChangedError, match="deleted or renamed since it was read"):
        doc.save()
    assert not record.exists()


def test_the_documents_own_saves_and_saves_elsewhere_are_not_conflicts(record, tmp_path):
    doc = RecordDocument.load(record)
    for value in (0.5, 0.75):  # each save is the version the next one replaces
        doc.message.record[0].value.scale_d = value
        doc.save()
    elsewhere = tmp_path / "copy.pb"
    elsewhere.write_bytes(b"anything")
    doc.save(elsewhere, binary=True)  # Save As over another file: no version of it was read
    assert RecordDocument.load(elsewhere).message.record[0].value.scale_d == 0.75
    other_program_sets(elsewhere, 1, 0.25)
    doc.message.record[0].value.scale_d = 1.5
    with pytest.raises(FileChangedError):  # now the document stands for the binary file it saved
        doc.save()


def test_a_binary_record_is_guarded_too(record, tmp_path):
    binary = tmp_path / "record.pb"
    RecordDocument.load(record).save(binary, binary=True)
    doc = RecordDocument.load(binary)
    doc.message.record[0].value.scale_d = 0.5
    other_program_sets(binary, 1, 0.25)
    with pytest.raises(FileChangedError):
        doc.save()


@posix_only
def test_a_record_reached_through_a_symbolic_link_is_guarded_and_locked_the_same(record, tmp_path):
    from editor.records.filelock import hold

    link = tmp_path / "link.txt"
    link.symlink_to(record)
    doc = RecordDocument.load(link)
    doc.message.record[0].value.scale_d = 0.5
    with hold(link, exclusive=True) as fd:  # the lock is the file's, whichever name reached it
        assert fd is not None and os.fstat(fd).st_ino == record.stat().st_ino
    other_program_sets(record, 1, 0.25)
    with pytest.raises(FileChangedError):
        doc.save()
    assert link.is_symlink()


@posix_only
def test_reads_and_saves_wait_for_the_lock_and_say_so_when_it_is_held_too_long(record, monkeypatch, capsys):
    import threading

    from editor.records import filelock
    from editor.records.document import RecordError

    doc = RecordDocument.load(record)
    doc.message.record[0].value.scale_d = 0.5
    held, release = threading.Event(), threading.Event()

    def another_save():  # another thread's lock is another open file's: it conflicts like a process's
        with filelock.hold(record, exclusive=True):
            held.set()
            release.wait(30)

    holder = threading.Thread(target=another_save)
    holder.start()
    held.wait(30)
    try:
        monkeypatch.setattr(filelock, "LOCK_WAIT", 0.2)
        before = record.read_bytes()
        with pytest.raises(RecordError, match=r"cannot be read now: another program has been saving it for "
                                              r"over 0\.2 s \(it holds the file's lock\)"):
            RecordDocument.load(record)
        with pytest.raises(RecordError, match=r"could not save: another program has been saving it.*"
                                              r"the file on disk is unchanged"):
            doc.save()
        key = doc.message.record[0].key
        assert main(["set", str(record), key, "scale_d=0.75"]) == 2
        assert "not changed: another program has been saving it" in capsys.readouterr().err
        assert record.read_bytes() == before
        # a lock released within the wait is simply waited for
        monkeypatch.setattr(filelock, "LOCK_WAIT", 30)
        threading.Timer(0.2, release.set).start()
        doc.save()
    finally:
        release.set()
        holder.join()
    assert RecordDocument.load(record).message.record[0].value.scale_d == 0.5


# ------------------------------------------------------------------ the command line


def _interfering(monkeypatch, module, runs: int | None):
    """Have another program save the file just before the command's write, `runs` times
    (None: every time); returns the values it set."""
    real = module.write_record
    values: list[float] = []

    def write_record(doc, output, *args, **kwargs):
        if runs is None or len(values) < runs:
            values.append(0.125 * (len(values) + 1))
            other_program_sets(doc.path, 1, values[-1])
        return real(doc, output, *args, **kwargs)

    monkeypatch.setattr(module, "write_record", write_record)
    return values


def test_set_applies_its_edit_again_to_a_version_saved_meanwhile(record, monkeypatch, capsys):
    from editor.cli import edit

    theirs = _interfering(monkeypatch, edit, runs=2)
    key = RecordDocument.load(record).message.record[0].key
    assert main(["set", str(record), key, "scale_d=0.5"]) == 0
    err = capsys.readouterr().err
    assert err.count("changed on disk while set ran (another program saved it); applying the edits again") == 2
    doc = RecordDocument.load(record)
    assert doc.message.record[0].value.scale_d == 0.5  # ours
    assert doc.message.record[1].value.scale_d == theirs[-1]  # and theirs: merged, as if run one after the other
    expected = RecordDocument.load(SAMPLE)
    expected.message.record[0].value.scale_d = 0.5
    expected.message.record[1].value.scale_d = theirs[-1]
    assert same_message(doc.message, expected.message)


def test_set_that_never_finds_the_file_still_gives_up_and_says_so(record, monkeypatch, capsys):
    from editor.cli import RERUN_WHEN_CHANGED, edit

    monkeypatch.setitem(RERUN_WHEN_CHANGED, "set", 3)
    theirs = _interfering(monkeypatch, edit, runs=None)
    key = RecordDocument.load(record).message.record[0].key
    assert main(["set", str(record), key, "scale_d=0.5", "--json"]) == 2
    out, err = capsys.readouterr()
    assert len(theirs) == RERUN_WHEN_CHANGED["set"]
    assert '"written": false' in out and "changed on disk since it was read" in out
    assert err.count("applying the edits again") == RERUN_WHEN_CHANGED["set"] - 1
    doc = RecordDocument.load(record)
    assert doc.message.record[0].value.scale_d != 0.5  # the message is true: nothing of ours was written
    assert doc.message.record[1].value.scale_d == theirs[-1]


def test_convert_over_its_own_input_refuses_a_version_it_did_not_read(record, monkeypatch, capsys):
    from editor.cli import convert

    _interfering(monkeypatch, convert, runs=None)
    assert main(["convert", str(record), "-o", str(record), "--to", "binary"]) == 2
    assert "changed on disk since it was read" in capsys.readouterr().err
    assert RecordDocument.load(record).binary is False


# ------------------------------------------------------------------ writers at the same time


WRITERS = textwrap.dedent(r"""
    import io, json, os, shutil, sys
    from contextlib import redirect_stderr
    from editor.cli import main

    rounds = json.loads(sys.argv[1])
    # one set on a copy first: what `set` imports when first used is imported once, not per writer
    scratch = rounds[0][0] + ".warm-up"
    shutil.copyfile(rounds[0][0], scratch)
    with redirect_stderr(io.StringIO()):
        assert main(["set", scratch, rounds[0][1][0][0], "scale_d=0.5"]) == 0
    os.unlink(scratch)
    codes = []
    for path, edits, logs in rounds:  # one round after another
        go_r, go_w = os.pipe()
        pids = []
        for i, (key, value) in enumerate(edits):
            pid = os.fork()
            if pid == 0:
                os.close(go_w)
                err = os.open(os.path.join(logs, f"{i}.err"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(err, 2)
                os.read(go_r, 1)  # every writer waits here until all are ready: then they start at once
                code = 3
                try:
                    code = main(["set", path, key, f"scale_d={value}"])
                finally:
                    sys.stderr.flush()
                    os._exit(code)
            pids.append(pid)
        os.close(go_r)
        os.close(go_w)  # go
        codes.append([os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids])
    print(json.dumps(codes))
""")


@posix_only
@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
@pytest.mark.parametrize("linked", [False, True], ids=["plain file", "hard-linked file"])
def test_concurrent_sets_keep_every_edit_they_report(tmp_path, linked):
    """Eight processes running `record-editor set` on one file, released at the same
    instant (forked from one interpreter, which pays the start-up once), each setting one
    layer's scale_d; two rounds. Every one that reports success has its edit on disk, one
    that fails says truly that nothing was written, and the file is the original with
    exactly the reported edits (a clean merge) — its hard link intact."""
    text = to_text(make_big("tf-inner", layers=12, channels=64, seed=9))  # small: the writers' work is the point
    original = RecordDocument.from_text(text)
    entries: Sequence[EntryMessage] = original.message.record
    rounds = []
    for n in range(2):
        folder = tmp_path / f"round{n}"
        (folder / "logs").mkdir(parents=True)
        record = folder / "record.txt"
        record.write_text(text)
        if linked:
            os.link(record, tmp_path / f"link{n}.txt")
        edits = [(e.key, 0.5 + i / 16 + n / 256) for i, e in enumerate(entries[:8])]
        rounds.append((str(record), edits, str(folder / "logs")))
    inodes = [os.stat(r[0]).st_ino for r in rounds]
    proc = subprocess.run([sys.executable, "-c", WRITERS, json.dumps(rounds)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for n, ((path, edits, logs), codes) in enumerate(zip(rounds, json.loads(proc.stdout), strict=True)):
        record = Path(path)
        final = RecordDocument.load(record)
        by_key = {e.key: e for e in final.message.record}
        reported = {}
        for i, ((key, value), code) in enumerate(zip(edits, codes, strict=True)):
            err = (Path(logs) / f"{i}.err").read_text()
            if code == 0:
                reported[key] = value
                assert by_key[key].value.scale_d == f32(value), (key, err)
            else:  # a failure says the file changed and nothing was written, and it was not
                assert code == 2 and "nothing was saved" in err, (code, err)
                assert by_key[key].value.scale_d != f32(value), (key, err)
        expected = RecordDocument.from_text(text)
        for entry in expected.message.record:
            if entry.key in reported:
                entry.value.scale_d = reported[entry.key]
        assert same_message(final.message, expected.message), n
        assert len(reported) == len(edits), codes  # the writers took turns: none had to give up
        assert sorted(p.name for p in record.parent.iterdir()) == ["logs", record.name]  # nothing left over
        if linked:
            assert record.stat().st_ino == inodes[n] and record.stat().st_nlink == 2
            assert (tmp_path / f"link{n}.txt").read_bytes() == record.read_bytes()
