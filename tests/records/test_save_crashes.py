"""A save of a hard-linked file (written in place) killed at every step: the file is the old
or the new version once the editor runs again, and nothing that holds the only complete
copy is removed.

How the kills are timed: a helper process (a fresh interpreter, no threads) loads the
record and, for each trial, forks a child that edits and saves it with the file system
calls of the save (`os.write`, `pwrite`, `fsync`, `ftruncate`, `rename`, `replace`,
`unlink`, `link`, `posix_fallocate`) counted; at call number K the child sends itself
SIGKILL — before the call, or, for a write, after writing half of its bytes. A dry run
counts the calls, then K runs over every one of them (and once past the end). The kill is
real (the process dies at once, nothing unwinds); the timing is exact, not a race, so the
test is not flaky. Then the helper runs the editor again on the file (a load, as `info`,
`check`, `set` and the window do first; every third trial through `record-editor info`)
and records what is on disk. (A power cut is not simulated: what survives it is the
order of the fsyncs, which the steps in `editor/records/inplace.py` document.)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from editor.records.document import RecordDocument, RecordError
from editor.records.synth import make_big, to_text

pytestmark = pytest.mark.skipif(os.name != "posix" or not hasattr(os, "fork"), reason="POSIX fork and SIGKILL")

HELPER = textwrap.dedent(r'''
    import contextlib, io, json, os, signal, sys
    from pathlib import Path
    from editor.cli import main
    from editor.records import filewrite, inplace, readback, textwrite  # what a save imports when first used:
    from editor.records.document import RecordDocument                 # once here, not in every child

    path, link = Path(sys.argv[1]), Path(sys.argv[2])
    HOOKED = [n for n in ("write", "pwrite", "fsync", "ftruncate", "rename", "replace", "unlink", "link",
                          "posix_fallocate") if hasattr(os, n)]
    inplace.SLICE = filewrite.SLICE = 8192  # several steps in a small file
    # A killed process's writes stay in the page cache, so fsync changes nothing this test
    # can see (it is what makes the steps durable across a power cut): a kill point, but
    # no wait for the disk
    os.fsync = lambda fd: None
    old = path.read_bytes()
    inode = path.stat().st_ino
    say = os.write  # the real one: the child's report is not a step of the save

    def edit_and_save(kill_at, partial, out):
        doc = RecordDocument.load(path)
        value = doc.message.record[1].value
        if edit == "grow":
            value.scale_w.extend([0.25] * 300)
        else:
            del value.scale_w[:]
        names = []
        def hook(name, real):
            def call(*args):
                names.append(name)
                if len(names) == kill_at:
                    if partial and name in ("write", "pwrite"):
                        data = memoryview(args[1]).cast("B")
                        real(args[0], data[:len(data) // 2], *args[2:])
                    os.kill(os.getpid(), signal.SIGKILL)
                return real(*args)
            return call
        for name in HOOKED:
            setattr(os, name, hook(name, getattr(os, name)))
        doc.save()
        say(out, json.dumps(names).encode())

    def run(kill_at, partial):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            try:
                edit_and_save(kill_at, partial, w)
            finally:
                os._exit(0)
        os.close(w)
        with os.fdopen(r, "rb") as fh:
            said = fh.read()
        _, status = os.waitpid(pid, 0)
        return status, said

    def restore():
        with open(path, "r+b") as fh:  # the same inode: the link stays
            fh.write(old)
            fh.truncate()

    def sweep():
        """Kill the save at its steps; what is on disk after the kill and after the next run."""
        restore()
        status, said = run(0, False)
        names = json.loads(said)
        new = path.read_bytes()
        assert new != old and os.WIFEXITED(status)

        def state(data):
            return "old" if data == old else "new" if data == new else "torn"

        # every step from the commit point (the rename that makes the temporary the journal)
        # on, and a write cut in half wherever there is one; before it, where the file is
        # not touched yet, a sample: the first step, a write in the middle, the last two
        commit = names.index("rename") + 1
        trials = [(k, False) for k in sorted({1, commit // 2, commit - 1, commit})]
        trials += [(commit // 2, True)] if names[commit // 2 - 1] in ("write", "pwrite") else []
        trials += [(k, False) for k in range(commit + 1, len(names) + 2)]
        trials += [(k, True) for k in range(commit + 1, len(names) + 1) if names[k - 1] in ("write", "pwrite")]
        results = []
        for i, (k, partial) in enumerate(trials):
            restore()
            status, _ = run(k, partial)
            killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
            after_kill = state(path.read_bytes())
            left_after_kill = sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
            if i % 3 == 1:
                err = io.StringIO()
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                    code = main(["info", str(path)])
                notes = [line for line in err.getvalue().splitlines() if "interrupted" in line]
                how = f"info:{code}"
            else:
                notes = RecordDocument.load(path).notes
                how = "load"
            results.append({"k": k, "call": names[k - 1] if k <= len(names) else None, "partial": partial,
                            "killed": killed, "after_kill": after_kill, "left_after_kill": left_after_kill,
                            "next_run": how, "final": state(path.read_bytes()),
                            "link": state(link.read_bytes()), "inode": path.stat().st_ino == inode,
                            "left": sorted(p.name for p in path.parent.iterdir() if p.name != path.name),
                            "notes": notes})
        return {"names": names, "results": results}

    out = {}
    for edit in ("grow", "shrink"):  # a longer file (space claimed, then written) and a shorter one (cut)
        out[edit] = sweep()
    print(json.dumps(out))
''')


def test_an_in_place_save_killed_at_any_step_is_old_or_new_at_the_next_run(tmp_path):
    folder, other = tmp_path / "out", tmp_path / "elsewhere"
    folder.mkdir()
    other.mkdir()
    path = folder / "record.txt"
    path.write_text(to_text(make_big("tf-inner", layers=3, channels=128, seed=5)))
    link = other / "same-file.txt"
    os.link(path, link)
    proc = subprocess.run([sys.executable, "-c", HELPER, str(path), str(link)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for edit, got in json.loads(proc.stdout).items():
        names, results = got["names"], got["results"]
        commit = names.index("rename")  # the temporary becomes the journal: the save is decided
        removed = len(names) - 1 - names[::-1].index("unlink")  # the journal is removed: the save is done
        assert "pwrite" in names[commit:] and "ftruncate" in names[commit:]  # it was written in place
        torn = 0
        for r in results:
            where = f"{edit}: killed at call {r['k']} ({r['call']}{', half written' if r['partial'] else ''})"
            assert r["killed"] == (r["call"] is not None), where
            torn += r["after_kill"] == "torn"
            # at the next run: the old version when killed before the commit point, else the new one
            decided = r["k"] > commit + 1 or r["call"] is None
            assert r["final"] == ("new" if decided else "old"), (where, r)
            assert r["link"] == r["final"] and r["inode"], (where, r)
            assert r["left"] == [], (where, r)  # no temporary, no journal, nothing set aside
            assert r["next_run"] in ("load", "info:0"), (where, r)
            journal = any(".inplace-" in n for n in r["left_after_kill"])
            # killed after the commit: the journal (the only complete new copy) was left for the next run
            assert journal == (commit + 1 < r["k"] <= removed + 1), (where, r)
            # which finished the write, and said so, unless the file was already whole
            finished = journal and r["after_kill"] != "new"
            assert bool(r["notes"]) == finished, (where, r)
            assert all("interrupted" in n and "finished now" in n for n in r["notes"]), (where, r)
        # the kills did land inside the in-place write: files were left half old, half new
        assert torn >= 3, [r["after_kill"] for r in results]
        print(f"{edit}: {len(results)} kill points, {torn} left the file torn; all old or new at the next run")


# ------------------------------------------------------------------ an in-place write left unfinished

@pytest.fixture
def linked(tmp_path):
    """A record with a second hard link elsewhere (so it is saved in place)."""
    folder = tmp_path / "out"
    folder.mkdir()
    path = folder / "record.txt"
    path.write_text(to_text(make_big("tf-inner", layers=3, channels=128, seed=5)))
    os.link(path, tmp_path / "link.txt")
    return path


def _cut_short(path, monkeypatch) -> bytes:
    """Save an edit of `path` whose writes into the file fail from the second on, putting
    the old content back included; return the bytes the save meant to write."""
    from editor.records import inplace

    doc = RecordDocument.load(path)
    doc.message.record[1].value.offset_d = 3
    new = doc.encode_text()
    inode = path.stat().st_ino
    real = os.pwrite
    calls = []

    def failing(fd, data, offset):
        if os.fstat(fd).st_ino == inode:
            calls.append(offset)
            if len(calls) >= 2:
                raise OSError(5, "Input/output error")
        return real(fd, data, offset)

    with monkeypatch.context() as m:
        m.setattr(inplace, "SLICE", 4096)
        m.setattr(os, "pwrite", failing)  # the os module inplace writes with
        with pytest.raises(RecordError) as err:
            doc.save()
    message = str(err.value)
    assert "unchanged" not in message  # it is not
    journal, = [p.name for p in path.parent.iterdir() if ".inplace-" in p.name]
    assert ("putting the file back as it was failed too" in message and "may be damaged" in message
            and journal in message and "the next open or save of the file finishes the save" in message)
    assert path.read_bytes() not in (new, b"")
    return new


def _others(path):
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)


def test_a_write_in_place_that_could_not_be_undone_is_finished_by_the_next_open(linked, monkeypatch):
    new = _cut_short(linked, monkeypatch)
    doc = RecordDocument.load(linked)
    assert linked.read_bytes() == new and doc.message.record[1].value.offset_d == 3
    assert len(doc.notes) == 1 and "finished now" in doc.notes[0]
    assert _others(linked) == []
    assert (linked.parent.parent / "link.txt").read_bytes() == new


def test_a_file_another_program_wrote_after_an_interrupted_save_is_left_alone(linked, monkeypatch):
    new = _cut_short(linked, monkeypatch)
    theirs = to_text(make_big("tf-inner", layers=2, channels=8, seed=1)).encode()
    with open(linked, "r+b") as fh:  # AMCT writes its record in place, on the same inode
        fh.write(theirs)
        fh.truncate()
    doc = RecordDocument.load(linked)
    notes = doc.notes
    assert len(doc.message.record) == 2
    aside, = _others(linked)
    assert aside.startswith("record.interrupted-save-") and aside.endswith(".txt")
    assert len(notes) == 1 and "another program changed the file since" in notes[0] and aside in notes[0]
    assert linked.read_bytes() == theirs
    assert (linked.parent / aside).read_bytes() == new


def test_a_file_replaced_after_an_interrupted_save_keeps_that_save_beside_it(linked, monkeypatch):
    new = _cut_short(linked, monkeypatch)
    replacement = linked.parent / "fresh.txt"
    replacement.write_text(to_text(make_big("tf-inner", layers=2, channels=8, seed=1)))
    os.replace(replacement, linked)
    doc = RecordDocument.load(linked)
    aside, = _others(linked)
    assert len(doc.notes) == 1 and "replaced or removed since" in doc.notes[0] and aside in doc.notes[0]
    assert len(doc.message.record) == 2
    assert (linked.parent / aside).read_bytes() == new


def test_a_journal_that_fails_its_checksum_is_never_applied(linked, monkeypatch):
    _cut_short(linked, monkeypatch)
    torn = linked.read_bytes()
    journal, = linked.parent.glob(".*.inplace-*.tmp")
    data = bytearray(journal.read_bytes())
    data[100] ^= 0x01
    journal.write_bytes(bytes(data))
    notes = _notes_of(linked)
    aside, = _others(linked)
    assert len(notes) == 1 and "fails its checksum" in notes[0] and aside in notes[0]
    assert linked.read_bytes() == torn  # not "finished" from damaged content
    assert (linked.parent / aside).read_bytes() == bytes(data)  # kept whole, for whoever wants to look


def test_a_file_named_like_a_journal_that_is_not_one_is_moved_aside(linked):
    planted = linked.parent / ".record.txt.inplace-0123456789.tmp"
    planted.write_bytes(b"x" * 100)
    before = linked.read_bytes()
    doc = RecordDocument.load(linked)
    aside, = _others(linked)
    assert len(doc.notes) == 1 and "is named like what an interrupted save leaves" in doc.notes[0]
    assert linked.read_bytes() == before and (linked.parent / aside).read_bytes() == b"x" * 100


def _notes_of(path) -> list[str]:
    """The notes opening `path` gives, whether or not what is left there reads as a record."""
    from editor.records.filewrite import settle

    return settle(path)
