"""Recovery files are untrusted too: only a regular file, of a bounded size, whose header
gives the size and checksum of a complete record, is ever offered or applied; anything
else is set aside with a clear reason — never read without end, never waited on."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from editor.paths import samples_dir
from editor.records.document import RecordDocument
from editor.ui import recovery as recovery_mod
from editor.ui.recovery import DAMAGED, RecoveryStore

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, /dev/zero")
SAMPLE = samples_dir() / "resnet_caffe.txt"


@pytest.fixture
def store(tmp_path):
    return RecoveryStore(tmp_path / "recovery")


def valid(store, name="good") -> bytes:
    """A recovery file as the editor writes it; returns the record it holds."""
    doc = RecordDocument.load(SAMPLE)
    doc.message.record[2].value.offset_d = 11
    data = doc.message.SerializePartialToString()
    store.write(name, SAMPLE, "caffe", False, data)
    return data


def earlier_format(store, name: str, data: bytes) -> None:
    """A recovery file in the header format of earlier versions: no size, no crc32."""
    header = {"path": str(SAMPLE), "dialect": "caffe", "binary": False, "written": 1.7e9,
              "source_size": None, "source_mtime_ns": None}
    store.folder.mkdir(parents=True, exist_ok=True)
    (store.folder / f"{name}.recovery").write_bytes(json.dumps(header).encode() + b"\n" + data)


def reasons(store) -> dict[str, str]:
    return {file.name: why for file, why in store.set_aside}


def test_a_cut_file_in_the_earlier_header_format_is_never_applied(store):
    data = valid(store)
    doc = RecordDocument.load(SAMPLE)
    del doc.message.record[5:]  # cut at an entry: still a record that reads cleanly
    earlier_format(store, "cut", doc.message.SerializePartialToString())
    earlier_format(store, "whole", data)  # complete, but nothing can tell that
    found = store.list()
    assert [info.file.name for info in found] == ["good.recovery"] and found[0].data() == data
    why = reasons(store)
    assert set(why) == {"cut.recovery", "whole.recovery"}
    for name in why:
        assert "written by an earlier version of the editor, without the size and checksum" in why[name]
        assert "set aside as" in why[name]
        assert (store.folder / (name + DAMAGED)).exists() and not (store.folder / name).exists()


def test_headers_that_lie_are_refused_before_the_record_is_read(store, monkeypatch):
    data = valid(store, "x")
    raw = (store.folder / "x.recovery").read_bytes()
    header, body = raw.split(b"\n", 1)
    fields = json.loads(header)
    cases = {
        "longer": {**fields, "size": 1 << 40},  # a size far beyond the file: no allocation of it
        "shorter": {**fields, "size": len(body) - 1},
        "when": {**fields, "written": 1e300},  # a time that cannot be shown
        "nul": {**fields, "path": "a\0b"},
        "crc": {**fields, "crc32": fields["crc32"] ^ 1},
    }
    for name, head in cases.items():
        (store.folder / f"{name}.recovery").write_bytes(json.dumps(head).encode() + b"\n" + body)
    (store.folder / "x.recovery").unlink()
    biggest = max(p.stat().st_size for p in store.folder.iterdir())
    reads: list[int] = []
    real = recovery_mod._read_exactly

    def read_exactly(fd, size, at):
        reads.append(size)
        return real(fd, size, at)

    monkeypatch.setattr(recovery_mod, "_read_exactly", read_exactly)
    assert store.list() == []
    why = reasons(store)
    assert f"holds {len(data):,} bytes of the record, not the {1 << 40:,} written" in why["longer.recovery"]
    assert "cut short" in why["shorter.recovery"]
    assert "its header cannot be read" in why["when.recovery"] and "its header cannot be read" in why["nul.recovery"]
    assert "checksum does not match" in why["crc.recovery"]
    assert max(reads) <= biggest  # nothing beyond what the files hold was ever asked for


def test_a_file_too_big_to_be_a_recovery_file_is_not_read(store, monkeypatch):
    store.folder.mkdir(parents=True)
    huge = store.folder / "huge.recovery"
    with open(huge, "wb") as fh:
        fh.truncate(recovery_mod.MOST + 1)  # sparse: no disk used
    monkeypatch.setattr(recovery_mod.os, "open", lambda *a, **k: pytest.fail("opened"))
    assert store.list() == []
    assert "more than a recovery file can hold" in reasons(store)["huge.recovery"]


LIST_IN_A_CHILD = textwrap.dedent("""
    import json, resource, sys
    from pathlib import Path
    # a reader that regresses to reading /dev/zero fails here at 1 GB, not at the machine's end
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    from editor.ui.recovery import RecoveryStore
    store = RecoveryStore(Path(sys.argv[1]))
    found = store.list()
    print(json.dumps({"found": [str(i.file) for i in found], "aside": {f.name: why for f, why in store.set_aside}}))
""")


@posix_only
def test_a_fifo_and_a_link_to_dev_zero_are_set_aside_without_reading(store):
    data = valid(store)
    os.mkfifo(store.folder / "pipe.recovery")  # opening it to read would wait for a writer forever
    os.symlink("/dev/zero", store.folder / "zero.recovery")  # reading it never ends
    os.symlink(store.folder / "good.recovery", store.folder / "alias.recovery")  # even to a good one
    # in a child with a time and a memory limit: a regression fails the test, not the machine
    proc = subprocess.run([sys.executable, "-c", LIST_IN_A_CHILD, str(store.folder)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout)
    assert got["found"] == [str(store.folder / "good.recovery")]
    aside = got["aside"]
    assert "it is a named pipe (FIFO), not a regular file as the editor writes" in aside["pipe.recovery"]
    assert "it is a symbolic link, not a regular file" in aside["zero.recovery"]
    assert "it is a symbolic link" in aside["alias.recovery"]
    assert all("set aside as" in why for why in aside.values())
    left = sorted(p.name for p in store.folder.iterdir())
    assert left == ["alias.recovery.damaged", "good.recovery", "pipe.recovery.damaged", "zero.recovery.damaged"]
    assert store.list()[0].data() == data


@posix_only
def test_a_file_swapped_for_a_fifo_after_it_was_offered_is_not_read(store):
    valid(store)
    info, = store.list()
    os.replace(info.file, store.folder / "elsewhere")
    os.mkfifo(info.file)
    with pytest.raises(ValueError, match="named pipe"):
        info.data()
    assert (store.folder / ("good.recovery" + DAMAGED)).exists()


@posix_only
def test_the_window_starts_with_hostile_recovery_files_and_offers_only_the_good_one(qtbot, tmp_path, env):
    from editor.ui.main_window import Banner

    store = RecoveryStore(tmp_path / "recovery")
    valid(store)
    os.mkfifo(store.folder / "pipe.recovery")
    os.symlink("/dev/zero", store.folder / "zero.recovery")
    doc = RecordDocument.load(SAMPLE)
    del doc.message.record[5:]
    earlier_format(store, "cut", doc.message.SerializePartialToString())
    for i in range(20):  # many broken files: a few lines about them, not a window full of banners
        (store.folder / f"junk{i:02}.recovery").write_bytes(b"\x00" * 100)
    window = env()
    found = window.banners.offer_recovery()
    assert [info.file.name for info in found] == ["good.recovery"]
    texts = [b.label.text() for b in window.findChildren(Banner)]
    assert sum(t.startswith("Unsaved edits of") for t in texts) == 1
    assert sum(t.startswith("Unsaved edits could not be recovered:") for t in texts) == 3
    assert any(t.startswith("20 more recovery files could not be used; they were set aside in") for t in texts)
    assert len(texts) == 5
