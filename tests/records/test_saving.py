"""Saving: verified without reading the whole file again, and never unsafe on disk."""
from __future__ import annotations

import math
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from google.protobuf import text_format
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.paths import samples_dir
from editor.records import document as document_mod
from editor.records import filewrite, readback, textwrite
from editor.records.dialects import DIALECTS
from editor.records.document import ReadOnlyError, RecordDocument, RecordError, same_message
from editor.records.synth import make_big, to_text
from editor.records.textread import Stmt, parse_text
from editor.records.textwrite import (
    Style,
    format_float_cpp,
    format_float_py,
    format_floats,
    locate_simple,
    text_batches,
)
from tests.records.textgen import record_texts

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file semantics")
SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"


@pytest.fixture
def big(tmp_path):
    """A 2 MB record in AMCT's layout (60 layers x 1 024 channels, prune records)."""
    path = tmp_path / "record.txt"
    path.write_text(to_text(make_big("tf-inner", layers=60, channels=1024, seed=3)))
    return path


def reread(path) -> RecordDocument:
    return RecordDocument.load(path)


def count_parsed(monkeypatch) -> list[int]:
    """Record how many bytes each read of text during a save covers."""
    sizes: list[int] = []
    real = readback.parse_text

    def spy(text, dialect, **kwargs):
        sizes.append(len(text))
        return real(text, dialect, **kwargs)

    real_read = document_mod.read_text

    def spy_read(text, dialect=None, **kwargs):
        sizes.append(len(text))
        return real_read(text, dialect, **kwargs)

    monkeypatch.setattr(readback, "parse_text", spy)
    monkeypatch.setattr(document_mod, "read_text", spy_read)
    return sizes


# ------------------------------------------------------------------ verifying only what changed

def test_a_save_after_one_edit_reads_back_only_what_changed(big, monkeypatch):
    doc = RecordDocument.load(big)
    doc.message.record[30].value.scale_w[7] = 0.5
    sizes = count_parsed(monkeypatch)
    doc.save()
    size = big.stat().st_size
    assert sizes and sum(sizes) < size // 20  # the edited entry, not the file
    again = reread(big)
    assert same_message(again.message, doc.message)
    # and the document now stands for the new file: the next save is checked the same way
    doc.message.record[2].value.offset_d = 5
    sizes.clear()
    doc.save()
    assert sum(sizes) < size // 20
    assert same_message(reread(big).message, doc.message)


def test_adding_and_removing_entries_is_checked_in_part_too(big, monkeypatch):
    doc = RecordDocument.load(big)
    del doc.message.record[10]
    new = doc.message.record.add()
    new.key = "added/Conv2D"
    new.value.scale_d = 0.25
    doc.message.prune_record[0].producer[0].name = "renamed"
    sizes = count_parsed(monkeypatch)
    doc.save()
    assert sum(sizes) < big.stat().st_size // 10
    assert same_message(reread(big).message, doc.message)


def _edit(doc: RecordDocument, data) -> None:
    """A random edit of the kind the editor makes: values, entries added, removed, moved."""
    msg = doc.message
    kind = data.draw(st.sampled_from(["value", "vector", "add", "remove", "move", "key", "clear"]))
    records = msg.record
    if kind == "add" or not len(records):
        entry = records.add()
        entry.key = data.draw(st.sampled_from(["new", "conv9", "a b"]))
        entry.value.scale_d = data.draw(st.floats(0.0, 1.0, width=32, exclude_min=True))
        return
    i = data.draw(st.integers(0, len(records) - 1))
    value = records[i].value
    if kind == "value":
        value.scale_d = data.draw(st.floats(0.0, 10.0, width=32, exclude_min=True))
    elif kind == "vector":
        value.scale_w.extend(data.draw(st.lists(st.floats(0.0, 1.0, width=32, exclude_min=True), max_size=3)))
        if len(value.scale_w) and data.draw(st.booleans()):
            del value.scale_w[0]
    elif kind == "remove":
        del records[i]
    elif kind == "move" and len(records) > 1:
        moved = type(records[i])()
        moved.CopyFrom(records[i])
        del records[i]
        records.add().CopyFrom(moved)
    elif kind == "key":
        records[i].key = "renamed/" + records[i].key
    else:
        records[i].ClearField("value")


def _items(doc: RecordDocument) -> list[tuple]:
    src = doc._source  # noqa: SLF001 - what the next save patches must be what a load gives
    assert src is not None
    return [(it.start, it.end, it.field.name if it.field else None, it.first_index, it.count)
            for it in src.items]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(case=record_texts(), data=st.data())
def test_saves_checked_in_part_read_back_as_the_record_again_and_again(tmp_path, case, data):
    name, text = case
    path = tmp_path / "r.txt"
    path.write_text(text)
    try:
        doc = RecordDocument.load(path, name)
    except RecordError:
        return  # a text the reader refuses (e.g. a prune node without its name) is not saved here
    for _ in range(2):
        for _ in range(data.draw(st.integers(1, 3))):
            _edit(doc, data)
        try:
            doc.save()
        except RecordError as e:
            assert "required field" in str(e) or "internal error" not in str(e)
            return
        fresh = RecordDocument.load(path, name)
        assert same_message(fresh.message, doc.message)
        # the kept entries moved where a full read puts them
        assert _items(doc) == _items(fresh)


def test_a_save_that_failed_at_the_last_step_leaves_the_document_able_to_save(big, monkeypatch):
    doc = RecordDocument.load(big)
    doc.message.record[4].value.scale_d = 0.375
    with monkeypatch.context() as m:
        m.setattr(filewrite.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(5, "I/O error")))
        with pytest.raises(RecordError, match="unchanged"):
            doc.save()
    assert reread(big).message.record[4].value.scale_d != 0.375
    doc.save()  # the document still knows the file as it is on disk
    assert reread(big).message.record[4].value.scale_d == 0.375
    assert same_message(reread(big).message, doc.message)


def test_a_patch_that_lost_an_edit_is_caught_and_the_record_written_anew(big, monkeypatch):
    doc = RecordDocument.load(big)
    doc.message.record[5].value.scale_d = 0.125
    monkeypatch.setattr(textwrite._Patcher, "patch_entry", lambda *args: None)  # forgets the edit
    doc.save()
    assert reread(big).message.record[5].value.scale_d == 0.125
    assert same_message(reread(big).message, doc.message)


def test_a_patch_that_claims_an_edited_entry_unchanged_is_caught(big, monkeypatch):
    doc = RecordDocument.load(big)
    doc.message.record[5].value.scale_d = 0.125
    # the patch says nothing changed in place, and so keeps every entry as it was
    monkeypatch.setattr(textwrite, "_changed_in_place", lambda old, new: [])
    doc.save()
    assert same_message(reread(big).message, doc.message)


def test_text_that_never_reads_back_is_never_written(big, monkeypatch):
    before = big.read_bytes()
    doc = RecordDocument.load(big)
    doc.message.record[5].value.scale_d = 0.125
    monkeypatch.setattr(textwrite._Patcher, "patch_entry", lambda *args: None)
    real = textwrite.text_batches

    def wrong(msg, style=textwrite.CANONICAL, size=1 << 21):
        for batch in real(msg, style, size):
            yield textwrite.TextBatch(batch.data.replace(b"0.125", b"0.25"), batch.entries)

    monkeypatch.setattr(textwrite, "text_batches", wrong)
    with pytest.raises(RecordError, match="internal error"):
        doc.save()
    assert big.read_bytes() == before
    assert [p.name for p in big.parent.iterdir()] == [big.name]


def test_a_disk_that_does_not_keep_what_was_written_fails_the_save(big, monkeypatch):
    before = big.read_bytes()
    doc = RecordDocument.load(big)
    doc.message.record[5].value.scale_d = 0.125
    real_write = os.write
    state = {"done": False}

    def flaky(fd, data):
        if not state["done"] and len(data) > 1000:  # one byte of the first big slice flips
            state["done"] = True
            buf = bytearray(data)
            buf[500] ^= 1
            return real_write(fd, bytes(buf))
        return real_write(fd, data)

    monkeypatch.setattr(filewrite.os, "write", flaky)
    with pytest.raises(RecordError, match="does not read back as written"):
        doc.save()
    assert big.read_bytes() == before


def test_writing_to_a_stream_is_checked_the_same_way(big, monkeypatch):
    import io

    doc = RecordDocument.load(big)
    doc.message.record[3].value.offset_d = 7
    sizes = count_parsed(monkeypatch)
    out = io.BytesIO()
    doc.write_text(out)
    assert sum(sizes) < len(out.getvalue()) // 20
    assert same_message(RecordDocument.from_text(out.getvalue()).message, doc.message)


# ------------------------------------------------------------------ text written anew

def _random_f32(n: int, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    with np.errstate(invalid="ignore"):
        values = bits.view(np.float32).astype(np.float64)
    typical = (10 ** rng.uniform(-5, 2, n)).astype(np.float32).astype(np.float64)
    return [v for v in np.concatenate([values, typical]).tolist() if not math.isnan(v)]


def _edge_f32() -> list[float]:
    out = [0.0, -0.0, math.inf, -math.inf, 16777216.0, 3.4028234663852886e38, 1.401298464324817e-45]
    for e in range(-149, 128):
        out.append(math.ldexp(1.0, e))
    for k in range(-44, 39):
        for base in (1.0, 9.999999, 5.0, 2.5, 1.5, 9.5, 1.2345678):
            with np.errstate(over="ignore"):
                x = np.float32(base * 10.0 ** k)
            if not np.isfinite(x) or x == 0:
                continue
            for step in range(-3, 4):
                y = x
                for _ in range(abs(step)):
                    y = np.nextafter(y, np.float32(np.inf if step > 0 else -np.inf))
                out.append(float(y))
    return out + [-v for v in out]


@pytest.mark.parametrize("floats", ["py", "cpp"])
def test_floats_in_bulk_are_spelled_exactly_as_one_by_one(floats):
    values = _random_f32(60_000, seed=11) + _edge_f32() + [math.nan, -math.nan]
    one = format_float_py if floats == "py" else format_float_cpp
    assert format_floats(values, Style(floats=floats)) == [one(v) for v in values]


def test_canonical_batches_are_message_to_string(tmp_path):
    for path in sorted(samples_dir().glob("*.txt")):
        doc = RecordDocument.load(path)
        expected = text_format.MessageToString(doc.message, as_utf8=True).encode("utf-8")
        assert b"".join(b.data for b in text_batches(doc.message, size=4096)) == expected
    msg = make_big("pytorch", layers=20, channels=300, seed=5)
    msg.record[3].value.scale_w[0] = math.nan
    msg.record[4].value.scale_w[1] = -0.0
    msg.record[5].value.scale_w[2] = math.inf
    expected = text_format.MessageToString(msg, as_utf8=True).encode("utf-8")
    assert b"".join(b.data for b in text_batches(msg, size=10_000)) == expected


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_texts())
def test_canonical_text_of_any_record_is_message_to_string(case):
    name, text = case
    msg = DIALECTS[name].new_message()
    text_format.Merge(text, msg)
    expected = text_format.MessageToString(msg, as_utf8=True).encode("utf-8")
    assert b"".join(b.data for b in text_batches(msg, size=64)) == expected


def test_a_record_written_anew_is_written_and_checked_batch_by_batch(tmp_path, monkeypatch):
    msg = make_big("tf-inner", layers=40, channels=512, seed=2)
    doc = RecordDocument(msg, DIALECTS["tf-inner"])
    checked: list[int] = []
    real = readback.BatchChecker.check

    def spy(self, batch):
        checked.append(len(batch.data))
        return real(self, batch)

    monkeypatch.setattr(readback.BatchChecker, "check", spy)
    monkeypatch.setattr(textwrite, "text_batches",
                        lambda m, style, size=1 << 21: text_batches(m, style, size=50_000))
    out = tmp_path / "new.txt"
    doc.save(out)
    data = out.read_bytes()
    assert data == text_format.MessageToString(msg, as_utf8=True).encode()
    assert len(checked) > 10 and max(checked) < 100_000 and sum(checked) == len(data)
    # the document now patches that file: the next save reads back only the edit
    sizes = count_parsed(monkeypatch)
    doc.message.record[0].value.scale_d = 0.5
    doc.save()
    assert sum(sizes) < len(data) // 10
    assert same_message(reread(out).message, doc.message)


def _dump(x):
    if isinstance(x, Stmt):
        return (x.start, x.end, x.field.full_name if x.field else None, tuple(x.values), x.listed,
                x.first_index, x.count, None if x.children is None else tuple(map(_dump, x.children)))
    return (x.open, x.close, tuple(map(_dump, x.stmts)))


def _locate_each(name: str, text: str) -> tuple[int, int]:
    """`locate_simple` on every fast-read entry of `text`, held to protobuf's recording parser
    (`item_node`); (entries located, entries tried)."""
    parsed = parse_text(text.encode(), DIALECTS[name])
    located = tried = 0
    for item in parsed.items:
        if item.children is not None:
            continue
        mine = Stmt(start=item.start, end=item.end, field=item.field, children=None,
                    first_index=item.first_index, count=item.count)
        ok = locate_simple(parsed.data, mine)
        parsed.item_node(item)
        if ok:
            assert _dump(mine) == _dump(item)
        located += ok
        tried += 1
    return located, tried


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record_texts())
def test_plain_entries_are_located_as_protobufs_parser_locates_them(case):
    _locate_each(*case)


def test_every_entry_of_protobufs_own_layout_is_located_quickly_and_exactly():
    """The samples and a generated record with runs of vectors, an unknown-to-the-run field
    between values of one vector and a value glued to a brace: every entry is located (none
    left to the slow parser) and located as protobuf's parser does."""
    msg = make_big("tf-inner", 3, 40, seed=4)
    text = to_text(msg)
    odd = text.replace("    offset_w: 0\n", "    offset_w: 0\n    scale_w: 0.5\n", 3).replace("0\n  }", "0 }")
    for name, t in [(doc.dialect.name, p.read_text()) for p in sorted(samples_dir().glob("*.txt"))
                    for doc in [RecordDocument.load(p)]] + [("tf-inner", text), ("tf-inner", odd)]:
        located, tried = _locate_each(name, t)
        assert located == tried > 0, name


# ------------------------------------------------------------------ the file on disk

@posix_only
def test_a_read_only_file_is_refused_unless_forced(big):
    doc = RecordDocument.load(big)
    doc.message.record[0].value.scale_d = 0.5
    os.chmod(big, 0o444)
    before = big.read_bytes()
    with pytest.raises(ReadOnlyError) as err:
        doc.save()
    assert "read-only (mode 0444)" in str(err.value) and str(big) in str(err.value)
    assert big.read_bytes() == before
    doc.save(force=True)
    assert reread(big).message.record[0].value.scale_d == 0.5
    assert stat.S_IMODE(big.stat().st_mode) == 0o444


@posix_only
def test_hard_links_are_kept(big, tmp_path):
    other = tmp_path / "other-name.txt"
    os.link(big, other)
    inode = big.stat().st_ino
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    doc.save()
    assert big.stat().st_ino == inode and big.stat().st_nlink == 2
    assert reread(other).message.record[1].value.offset_d == 3
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@posix_only
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_root_saving_someone_elses_file_keeps_owner_and_group(big):
    os.chown(big, 4321, 4322)
    os.chmod(big, 0o640)
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    doc.save()
    st_ = big.stat()
    assert (st_.st_uid, st_.st_gid, stat.S_IMODE(st_.st_mode)) == (4321, 4322, 0o640)


@posix_only
def test_an_owner_the_saver_cannot_give_is_kept_by_writing_through(big, monkeypatch):
    def refuse(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(filewrite.os, "fchown", refuse)
    monkeypatch.setattr(filewrite.os, "fstat", _fake_owner(os.fstat, big.stat().st_uid + 1))
    inode = big.stat().st_ino
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    doc.save()
    assert big.stat().st_ino == inode  # the same file, so the same owner
    assert reread(big).message.record[1].value.offset_d == 3


def _fake_owner(real_fstat, uid):
    """os.fstat that says temporaries belong to another user than the file does."""
    def fstat(fd):
        st_ = real_fstat(fd)
        if stat.S_ISREG(st_.st_mode) and os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp"):
            fields = list(st_)
            fields[4] = uid
            return os.stat_result(fields)
        return st_
    return fstat


@posix_only
def test_a_write_through_that_fails_puts_the_old_content_back(big, tmp_path, monkeypatch):
    from editor.records import inplace

    os.link(big, tmp_path / "link.txt")
    before = big.read_bytes()
    inode = big.stat().st_ino
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    real = os.pwrite
    into_file = []

    def failing(fd, data, offset):
        if os.fstat(fd).st_ino == inode:
            into_file.append(offset)
            if len(into_file) == 2:  # half-way through the copy into the file itself
                raise OSError(5, "Input/output error")
        return real(fd, data, offset)

    monkeypatch.setattr(inplace, "SLICE", 1 << 16)
    monkeypatch.setattr(inplace.os, "pwrite", failing)
    with pytest.raises(RecordError, match=r"Input/output error.*the file on disk is unchanged"):
        doc.save()
    assert len(into_file) > 2  # the copy had begun, and the old content was copied back
    assert big.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@posix_only
def test_the_folder_is_fsynced_after_the_rename(big, monkeypatch):
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append("dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        return real_fsync(fd)

    def replace(a, b):
        events.append("rename")
        return real_replace(a, b)

    monkeypatch.setattr(filewrite.os, "fsync", fsync)
    monkeypatch.setattr(filewrite.os, "replace", replace)
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    doc.save()
    assert events == ["file", "rename", "dir"]


# ------------------------------------------------------------------ interrupted saves

def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@posix_only
def test_temporaries_left_by_killed_saves_go_at_the_next_open_and_only_those(big, tmp_path):
    import fcntl

    name = big.name
    dead = tmp_path / f".{name}.save-{_dead_pid()}-abcd1234.tmp"
    running = tmp_path / f".{name}.save-{os.getpid()}-efgh5678.tmp"  # held by a save under way
    unlocked_old = tmp_path / f".{name}.save-{os.getpid()}-ijkl9012.tmp"
    legacy_old = tmp_path / f".{name}.x1y2z3w4.tmp"  # the earlier naming, from hours ago
    legacy_new = tmp_path / f".{name}.a1b2c3d4.tmp"
    other_file = tmp_path / ".other.txt.save-1-abcd1234.tmp"
    for p in (dead, running, unlocked_old, legacy_old, legacy_new, other_file):
        p.write_bytes(b"x" * 100)
    hour_ago = time.time() - 7200
    os.utime(unlocked_old, (hour_ago, hour_ago))
    os.utime(legacy_old, (hour_ago, hour_ago))
    fd = os.open(running, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        RecordDocument.load(big)
    finally:
        os.close(fd)
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {name, running.name, legacy_new.name, other_file.name}


@posix_only
def test_a_save_killed_outright_leaves_a_temporary_the_next_open_removes(big, tmp_path):
    script = textwrite_script(big, "os.kill(os.getpid(), signal.SIGKILL)")
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert len(left) == 1 and filewrite._temp_pattern(big.name).match(left[0].name)
    RecordDocument.load(big)
    assert [p.name for p in tmp_path.iterdir()] == [big.name]


@posix_only
def test_sigterm_during_a_command_line_save_leaves_no_temporary(big, tmp_path):
    before = big.read_bytes()
    script = textwrite_script(big, "os.kill(os.getpid(), signal.SIGTERM)", cli=True)
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert child.returncode == 128 + signal.SIGTERM, child.stderr
    assert [p.name for p in tmp_path.iterdir()] == [big.name]
    assert big.read_bytes() == before


def textwrite_script(path, action: str, cli: bool = False) -> str:
    """A child process that saves `path` after an edit and does `action` half-way through
    writing the temporary file."""
    save = (f"from editor.cli import main\nsys.exit(main(['set', {str(path)!r}, 'net/block0/conv1/Conv2D', "
            f"'scale_d=0.5']))" if cli else
            f"doc = RecordDocument.load({str(path)!r})\ndoc.message.record[1].value.scale_d = 0.5\ndoc.save()")
    return textwrap.dedent(f"""\
        import os, signal, sys
        from editor.records import filewrite
        from editor.records.document import RecordDocument
        real = filewrite.os.write
        def write(fd, data):
            n = real(fd, data)
            {action}
            return n
        filewrite.os.write = write
    """) + save


@posix_only
def test_a_saves_temporary_is_named_for_its_file_and_held(big):
    doc = RecordDocument.load(big)
    doc.message.record[1].value.offset_d = 3
    seen: list[tuple[str, bool]] = []

    def progress(done, total):
        if not seen:
            tmp = next(p for p in big.parent.iterdir() if p.name.endswith(".tmp"))
            seen.append((tmp.name, filewrite._held(tmp)))
        return True

    doc.save(progress=progress)
    (name, held), = seen
    assert filewrite._temp_pattern(big.name).match(name) and f"-{os.getpid()}-" in name and held



@posix_only
def test_a_temporary_is_created_exclusively_private_and_not_inherited(tmp_path, monkeypatch):
    """`_create_temp` does what tempfile.mkstemp does: a name already taken (by a file or a
    link planted there) is never opened, another is drawn; the file is 0600 and close-on-exec."""
    import fcntl

    planted = tmp_path / ".r.txt.save-1-0000000000.tmp"
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    planted.symlink_to(victim)
    draws = iter([bytes(5), bytes(5), b"\x01" * 5])
    monkeypatch.setattr(filewrite.os, "urandom", lambda n: next(draws))
    old = os.umask(0)
    try:
        fd, name = filewrite._create_temp(tmp_path, ".r.txt.save-1-")
    finally:
        os.umask(old)
    try:
        assert name == str(tmp_path / ".r.txt.save-1-0101010101.tmp")
        assert stat.S_IMODE(os.fstat(fd).st_mode) == 0o600
        assert fcntl.fcntl(fd, fcntl.F_GETFD) & fcntl.FD_CLOEXEC
        assert filewrite._temp_pattern("r.txt").match(os.path.basename(name))
    finally:
        os.close(fd)
    assert victim.read_bytes() == b"keep" and planted.is_symlink()
    monkeypatch.setattr(filewrite.os, "urandom", lambda n: bytes(5))
    with pytest.raises(FileExistsError):
        filewrite._create_temp(tmp_path, ".r.txt.save-1-")


@pytest.mark.parametrize("style", [
    textwrite.CANONICAL,
    textwrite.Style(indent="    ", colon_before_brace=True, top_colon_before_brace=True, floats="cpp",
                    newline="\r\n"),
    textwrite.Style(indent="\t", floats="py", newline="\n"),
])
def test_the_batches_spell_what_format_message_spells(style):
    """text_batches builds each entry's text by joins; format_message line by line."""
    msgs = [make_big("tf-inner", layers=7, channels=33, seed=5), make_big("pytorch", layers=3, channels=64, seed=6)]
    msgs += [RecordDocument.from_text(p.read_text(encoding="utf-8")).message
             for p in sorted(samples_dir().glob("*.txt"))]
    msgs[0].record[2].value.scale_w[4] = float("nan")
    msgs[0].record[3].value.scale_w[0:3] = [1e-30, -0.0, 3.4028234663852886e38]
    for msg in msgs:
        assert msg.ListFields()
        expected = textwrite.format_message(msg, style).encode("utf-8")
        assert b"".join(b.data for b in text_batches(msg, style, size=4000)) == expected
