"""RecordDocument: untrusted input ends in clear messages; saving is lossless and atomic."""
from __future__ import annotations

import os
import stat

import pytest

from editor.paths import samples_dir
from editor.records import document as document_mod
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument, RecordError, SaveCancelled, convert_message
from editor.records.messages import RecordMessage
from tests.records.compat import changed_lines
from tests.records.texts import NAMELESS_PRUNE

SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "record.txt"
    path.write_bytes(SAMPLE.read_bytes())
    return path


def test_open_and_save_without_edits_writes_the_same_bytes(sample):
    before = sample.read_bytes()
    RecordDocument.load(sample).save()
    assert sample.read_bytes() == before


def test_only_the_edited_entry_changes_and_comments_survive(sample):
    text = "# calibrated 2026-11-30\n" + sample.read_text() + "\n# trailing note\n"
    sample.write_text(text)
    doc = RecordDocument.load(sample)
    doc.message.record[3].value.scale_w[5] = 0.5
    doc.message.record[10].value.ClearField("offset_d")
    doc.save()
    diff = changed_lines(text, sample.read_text())
    assert diff[0].startswith("-    scale_w:") and diff[1] == "+    scale_w: 0.5"
    assert len(diff) == 3 and diff[2].startswith("-    offset_d:")
    assert sample.read_text().startswith("# calibrated") and sample.read_text().endswith("# trailing note\n")


def test_structural_edits_keep_everything_else(sample):
    doc = RecordDocument.load(sample)
    before = sample.read_text()
    removed = doc.message.record[2].key
    del doc.message.record[2]
    new = doc.message.record.add()
    new.key = "added/Conv2D"
    new.value.scale_d = 0.25
    doc.save()
    after = sample.read_text()
    diff = changed_lines(before, after)
    assert all(line.startswith("-") for line in diff if removed in line)
    assert 'key: "added/Conv2D"' in after
    again = RecordDocument.load(sample)
    assert again.message.SerializeToString() == doc.message.SerializeToString()


def test_edit_on_a_file_in_another_layout_follows_its_style(tmp_path):
    path = tmp_path / "doc.txt"
    text = ('record {\n    key: "conv1"\n    value: {\n        scale_d: 0.01424\n        offset_d: -128\n'
            '        channels:3\n    }\n}\n')
    path.write_text(text)
    doc = RecordDocument.load(path)
    doc.message.record[0].value.height = 144
    e = doc.message.record.add()
    e.key = "pool1"
    e.value.scale_d = 0.5
    doc.save()
    out = path.read_text()
    assert "        channels:3\n        height: 144\n" in out
    assert 'record {\n    key: "pool1"\n    value: {\n        scale_d: 0.5\n    }\n}\n' in out


def test_float32_values_are_bit_exact_through_a_save(sample):
    doc = RecordDocument.load(sample)
    before = [list(e.value.scale_w) for e in doc.message.record]
    doc.message.record[0].value.scale_d = 1.4e-45  # the smallest subnormal float32
    doc.save()
    again = RecordDocument.load(sample)
    assert [list(e.value.scale_w) for e in again.message.record] == before
    assert again.message.record[0].value.scale_d == doc.message.record[0].value.scale_d


def test_a_failing_replace_leaves_the_original_untouched(sample, monkeypatch):
    before = sample.read_bytes()
    doc = RecordDocument.load(sample)
    doc.message.record[0].value.scale_d = 0.5

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(document_mod.os, "replace", broken_replace)
    with pytest.raises(RecordError) as err:
        doc.save()
    assert "disk is full" in str(err.value) and "unchanged" in str(err.value)
    assert sample.read_bytes() == before
    assert [p.name for p in sample.parent.iterdir()] == [sample.name]  # no temporary left behind


def test_a_failing_fsync_leaves_the_original_untouched(sample, monkeypatch):
    before = sample.read_bytes()
    doc = RecordDocument.load(sample)
    doc.message.record[0].value.scale_d = 0.5
    monkeypatch.setattr(document_mod.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "I/O error")))
    with pytest.raises(RecordError):
        doc.save()
    assert sample.read_bytes() == before


def test_save_reports_progress_over_writing_and_reading_back(sample):
    doc = RecordDocument.load(sample)
    doc.message.record[0].value.scale_d = 0.5
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return True

    doc.save(progress=progress)
    size = sample.stat().st_size
    assert calls and all(total == 2 * size for _, total in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == 2 * size
    assert any(d <= size for d in done) and any(d > size for d in done)  # both phases report
    assert RecordDocument.load(sample).message.record[0].value.scale_d == 0.5


@pytest.mark.parametrize("phase", ["writing", "reading back"])
def test_a_cancelled_save_leaves_the_original_untouched(tmp_path, phase):
    from editor.records.synth import make_big, to_text
    sample = tmp_path / "big.txt"  # a few MB: the reader reports progress every MB
    sample.write_text(to_text(make_big("tf-inner", layers=120, channels=1024)))
    before = sample.read_bytes()
    doc = RecordDocument.load(sample)
    doc.message.record[0].value.scale_d = 0.5
    size = len(doc.render_bytes())

    def progress(done, total):
        return done < size if phase == "reading back" else False

    with pytest.raises(SaveCancelled):
        doc.save(progress=progress)
    assert sample.read_bytes() == before
    assert [p.name for p in sample.parent.iterdir()] == [sample.name]
    doc.save()  # and the document can still be saved afterwards
    assert RecordDocument.load(sample).message.record[0].value.scale_d == 0.5


def test_binary_save_reports_progress_and_can_be_cancelled(sample, tmp_path):
    doc = RecordDocument.load(sample)
    target = tmp_path / "record.pb"
    calls: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return True

    doc.save(target, binary=True, progress=progress)
    assert calls[-1] == (target.stat().st_size, target.stat().st_size)
    before = target.read_bytes()
    doc.message.record[0].value.scale_d = 0.5
    with pytest.raises(SaveCancelled):
        doc.save(target, binary=True, progress=lambda d, t: False)
    assert target.read_bytes() == before


def test_save_keeps_the_file_permissions(sample):
    os.chmod(sample, 0o640)
    doc = RecordDocument.load(sample)
    doc.message.record[0].value.scale_d = 0.5
    doc.save()
    assert stat.S_IMODE(sample.stat().st_mode) == 0o640


def test_binary_round_trip_and_detection(sample, tmp_path):
    doc = RecordDocument.load(sample)
    out = tmp_path / "record.pb"
    doc.save(out, binary=True)
    again = RecordDocument.load(out)
    assert again.binary and again.dialect.name == "tf-inner"
    assert again.message.SerializeToString() == doc.message.SerializeToString()


def test_binary_pytorch_is_not_mistaken_for_tf_inner(tmp_path):
    doc = RecordDocument.load(samples_dir() / "resnet_pytorch.txt")
    out = tmp_path / "torch.pb"
    doc.save(out, binary=True)
    assert RecordDocument.load(out).dialect.name == "pytorch"
    with pytest.raises(RecordError) as err:
        RecordDocument.load(out, "tf-convert")
    assert "does not know" in str(err.value) and "pytorch" in str(err.value)


def test_binary_with_a_missing_required_name_is_refused_with_a_reason(sample, tmp_path):
    doc = RecordDocument.load(sample)
    doc.message.prune_record[0].producer[0].ClearField("name")
    with pytest.raises(RecordError) as err:
        doc.save(tmp_path / "x.pb", binary=True)
    assert "required" in str(err.value)


@pytest.mark.parametrize("content,expect", [
    (b"\xff\xfe\x00\x01garbage\x00\x9c", "not a record file"),
    (b'record {\n  key: "caf\xe9"\n}\n', "not UTF-8"),
    (b'record {\n  key: "a"\n  value {\n    scale_d: 0.5\n', 'the file ends inside record 0 (layer "a"), opened at line 1'),
    (b"record {\n  key: 'a\n}\n", "missing ending quote"),
])
def test_broken_files_give_file_line_column_messages(tmp_path, content, expect):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    text = str(err.value)
    assert text.startswith(f"{path}:") and expect in text
    assert err.value.line is not None and err.value.column is not None


def test_utf8_error_position(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b'record {\n  key: "caf\xe9"\n}\n')
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    assert (err.value.line, err.value.column) == (2, 12)


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_missing_and_directory(tmp_path, kind):
    path = tmp_path / "x"
    if kind == "directory":
        path.mkdir()
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    assert str(err.value) == f"{path}: " + ("no such file" if kind == "missing" else
                                            "is a directory, not a record file")


def test_unreadable(tmp_path, monkeypatch):
    path = tmp_path / "x.txt"
    path.write_text("")
    real_open = os.open

    def deny(p, *a, **k):  # the reader opens with os.open (O_NONBLOCK: see test_files)
        if str(p) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(p, *a, **k)

    monkeypatch.setattr(os, "open", deny)
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    assert "permission denied" in str(err.value)


def test_empty_file_is_an_empty_record(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    doc = RecordDocument.load(path)
    assert len(doc.message.record) == 0 and doc.dialect.name == "tf-inner"
    doc.message.record.add().key = "a"
    doc.save()
    assert path.read_text() == 'record {\n  key: "a"\n}\n'


def test_locate_finds_fields_of_unedited_entries(sample):
    doc = RecordDocument.load(sample)
    lines = sample.read_text().splitlines()
    where = doc.locate(record_index=4, field="scale_w[3]")
    assert where is not None
    line, _col = where
    assert lines[line - 1].strip().startswith("scale_w:")
    assert str(doc.message.record[4].value.scale_w[3])[:6] in lines[line - 1].replace("e-0", "e-")
    where = doc.locate(record_index=4)
    assert where is not None and lines[where[0] - 1].startswith("record {")
    where = doc.locate(prune_index=1, field="consumer[0].attr[1]")
    assert where is not None and "attr" in lines[where[0] - 1]
    doc.message.record[4].value.scale_d = 9.0
    assert doc.locate(record_index=4, field="scale_d") is None  # edited: the file no longer says


def test_convert_message_lists_fields_the_target_lacks():
    doc = RecordDocument.load(samples_dir() / "resnet_caffe.txt")
    with pytest.raises(RecordError) as err:
        convert_message(doc.message, DIALECTS["tf-inner"])
    assert "record.value.channels" in str(err.value)
    msg: RecordMessage  # read by field name
    msg, dropped = convert_message(doc.message, DIALECTS["tf-inner"], drop_unsupported=True)
    assert any(d.startswith("record.value.height") for d in dropped)
    assert len(msg.record) == len(doc.message.record)
    assert not msg.record[0].value.HasField("height") if "height" in msg.record[0].value.DESCRIPTOR.fields_by_name \
        else msg.record[0].value.scale_d == doc.message.record[0].value.scale_d


def test_a_prune_node_without_its_required_name_saves_losslessly(tmp_path):
    """Text files may leave out the required PruneNode.name (the rules say so); saving must
    not need it: no edit writes the same bytes, an edit changes one line."""
    path = tmp_path / "nameless.txt"
    path.write_text(NAMELESS_PRUNE)
    doc = RecordDocument.load(path)
    doc.save()
    assert path.read_text() == NAMELESS_PRUNE
    doc.message.record[0].value.offset_d = 5
    doc.save()
    assert changed_lines(NAMELESS_PRUNE, path.read_text()) == ["-    offset_d: -128", "+    offset_d: 5"]
    doc.message.prune_record[0].producer[0].attr[0].i = 3
    doc.save()
    assert RecordDocument.load(path).message.prune_record[0].producer[0].attr[0].i == 3


CPP_LISTS = """record {
  key: "conv1"
  value {
    scale_d: 0.0235294122  # relu6
    offset_d: -128
    scale_w: [0.0123456791, 0.00987654366, 0.0456789508]
    offset_w: [0, 0, 0]
  }
}
"""


def test_style_is_told_from_floats_with_comments_and_in_lists():
    from editor.records.textwrite import detect_style
    assert detect_style(CPP_LISTS).floats == "cpp"
    assert detect_style(CPP_LISTS.replace("0.0235294122", "0.023529412")
                        .replace("[0.0123456791, 0.00987654366, 0.0456789508]",
                                 "[0.012345679, 0.009876544, 0.04567895]")).floats == "py"


def test_list_syntax_edits_stay_on_their_line(tmp_path):
    path = tmp_path / "lists.txt"
    path.write_text(CPP_LISTS)
    doc = RecordDocument.load(path)
    value = doc.message.record[0].value
    value.scale_w[1] = 0.5
    doc.save()
    assert changed_lines(CPP_LISTS, path.read_text()) == [
        "-    scale_w: [0.0123456791, 0.00987654366, 0.0456789508]",
        "+    scale_w: [0.0123456791, 0.5, 0.0456789508]"]
    # a channel fewer: the list is written again inside its brackets, in the file's float style
    del value.scale_w[0]
    del value.offset_w[0]
    doc.save()
    assert changed_lines(CPP_LISTS, path.read_text()) == [
        "-    scale_w: [0.0123456791, 0.00987654366, 0.0456789508]",
        "-    offset_w: [0, 0, 0]",
        "+    scale_w: [0.5, 0.0456789508]",
        "+    offset_w: [0, 0]"]
    assert "scale_d: 0.0235294122  # relu6" in path.read_text()  # the comment stays
    # emptied: the statement goes
    del value.offset_w[:]
    doc.save()
    assert "offset_w" not in path.read_text()
    assert RecordDocument.load(path).message == doc.message


def test_converting_to_onnx_keeps_the_meaning_of_an_unset_skip_fusion():
    """skip_fusion unset means false in TF but true in ONNX: the conversion writes it out."""
    doc = RecordDocument.from_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n  }\n}\n'
                                   'record {\n  key: "b"\n  value {\n    skip_fusion: true\n  }\n}\n'
                                   'record {\n  key: "c"\n  value {\n    offset_d: 1\n  }\n}\n')
    onnx, dropped = doc.convert("onnx")
    values = [e.value for e in onnx.message.record]
    assert dropped == [] and [v.HasField("skip_fusion") for v in values] == [True, True, True]
    assert [v.skip_fusion for v in values] == [False, True, False]
    [explicit] = onnx.explicit_defaults
    assert (explicit.field, explicit.value, explicit.count) == ("record.value.skip_fusion", False, 2)
    assert "unset means false in tf-inner but true in onnx" in explicit.message
    # and back: ONNX's unset (true) becomes an explicit true in TF
    back, _ = RecordDocument.from_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n  }\n}\n',
                                       "onnx").convert("tf-inner")
    assert back.message.record[0].value.HasField("skip_fusion") and back.message.record[0].value.skip_fusion
    # between schemas with the same defaults nothing is added
    same, _ = doc.convert("pytorch")
    assert same.explicit_defaults == [] and not same.message.record[0].value.HasField("skip_fusion")


def test_saving_onto_a_fifo_or_device_is_refused_and_leaves_it(tmp_path):
    import os
    import stat

    import pytest as _pytest

    from editor.records.document import RecordError, atomic_write
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for target in (fifo, link):
        with _pytest.raises(RecordError, match="not a regular file"):
            atomic_write(target, b"record {}\n")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and link.is_symlink()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_block_heads_are_found_as_the_line_by_line_search_finds_them():
    """`_block_heads` tries only lines with a brace; it finds what trying every line finds."""
    import random

    from editor.records.textwrite import _BLOCK_HEAD, _block_heads
    from tests.conftest import realworld_files

    rng = random.Random(5)
    texts = [p.read_bytes()[:1 << 18] for p in sorted(samples_dir().glob("*.txt")) + realworld_files()[:20]]
    texts.append(CPP_LISTS.encode())
    tried = 0
    for text in texts:
        for variant in [text] + [text.replace(b"{", rng.choice([b" {", b": {", b"{ # c", b"{\r", b"{}\n{"]), 5)
                                 for _ in range(4)]:
            assert [m.span() for m in _block_heads(variant)] == [m.span() for m in _BLOCK_HEAD.finditer(variant)]
            tried += 1
    assert tried >= 30
