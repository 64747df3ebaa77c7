"""Files on disk: what the reader refuses before reading, and how saving treats modes and links."""
from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from editor.records import fileread
from editor.records.document import RecordDocument, RecordError, atomic_write

TEXT = 'record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    offset_d: 1\n  }\n}\n'

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and umask are POSIX")


@pytest.fixture
def umask():
    """Set the process umask for a test, restoring it afterwards."""
    old = os.umask(0o022)
    os.umask(old)
    yield lambda mask: os.umask(mask)
    os.umask(old)


def load_in_subprocess(path) -> str:
    """RecordDocument.load(path)'s error, in a child with a timeout and a memory cap: reading
    a FIFO blocks forever, reading /dev/zero never ends (as the reader did before it checked)."""
    script = ("import resource\n"
              "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
              "from editor.records.document import RecordDocument, RecordError\n"
              f"try:\n    RecordDocument.load({str(path)!r})\nexcept RecordError as e:\n    print(e)\n")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30).stdout.strip()


@posix_only
def test_a_fifo_is_refused_before_reading(tmp_path):
    fifo = tmp_path / "record.txt"
    os.mkfifo(fifo)
    assert load_in_subprocess(fifo) == f"{fifo}: is a named pipe (FIFO), not a regular file; " \
                                       "record files are regular files"


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_even_through_a_symlink(tmp_path):
    link = tmp_path / "zero.txt"
    link.symlink_to("/dev/zero")
    assert load_in_subprocess(link) == f"{link}: is a character device, not a regular file; " \
                                       "record files are regular files"


def test_a_file_above_the_size_cap_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "big.txt"
    path.write_text(TEXT)
    monkeypatch.setattr(fileread, "MAX_FILE_SIZE", 16)
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    assert "larger than the 16 bytes a record file may have" in str(err.value)


@posix_only
def test_a_new_file_gets_the_umask_mode_not_0600(tmp_path, umask):
    doc = RecordDocument.from_text(TEXT)
    umask(0o022)
    assert stat.S_IMODE(doc.save(tmp_path / "a.txt").stat().st_mode) == 0o644
    umask(0o007)
    assert stat.S_IMODE(doc.save(tmp_path / "b.pb", binary=True).stat().st_mode) == 0o660
    umask(0o022)
    atomic_write(tmp_path / "c", b"x", new_mode=0o600)  # the editor's recovery files stay private
    assert stat.S_IMODE((tmp_path / "c").stat().st_mode) == 0o600


@posix_only
def test_an_existing_file_keeps_its_mode_whatever_the_umask(tmp_path, umask):
    path = tmp_path / "r.txt"
    path.write_text(TEXT)
    os.chmod(path, 0o604)
    umask(0o077)
    doc = RecordDocument.load(path)
    doc.message.record[0].value.scale_d = 0.25
    doc.save()
    assert stat.S_IMODE(path.stat().st_mode) == 0o604


def test_saving_through_a_symlink_keeps_the_link_and_updates_its_target(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "record.txt"
    target.write_text(TEXT)
    link = tmp_path / "link.txt"
    link.symlink_to(os.path.relpath(target, tmp_path))
    doc = RecordDocument.load(link)
    doc.message.record[0].value.scale_d = 0.25
    assert doc.save() == link
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, tmp_path)
    assert "scale_d: 0.25" in target.read_text()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left over
    # binary too, and the document still knows the file by the name the user gave
    doc.save(binary=True)
    assert link.is_symlink() and RecordDocument.load(target).binary and doc.path == link


def test_random_bytes_message_has_no_double_negative(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(RecordError) as err:
        RecordDocument.load(junk)
    message = str(err.value)
    assert "nor not" not in message
    assert message.endswith("not a record file: neither UTF-8 text (byte 0x80 is not UTF-8) "
                            "nor a binary record of any AMCT dialect")
