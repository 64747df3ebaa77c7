"""What a source view shows of a file: whole when small, lines around the error when big,
long lines cut around the column, bytes that are not UTF-8 escaped; and one entry's text."""
from __future__ import annotations

import pytest

from editor.records import source_text
from editor.records.document import RecordDocument
from editor.records.source_text import entry_source, read_region, shown_column, shown_line
from tests.conftest import RESNET50_CAFFE


def test_a_small_file_is_shown_whole_with_the_line_marked(tmp_path):
    path = tmp_path / "r.txt"
    path.write_bytes(b"a: 1\r\nb: 2\r\nc: 3\r\n")
    region = read_region(path, 2, 4)
    assert region.text == "a: 1\nb: 2\nc: 3"  # CR before the newline not shown
    assert (region.first_line, region.line, region.column, region.note) == (1, 2, 4, "")


def test_escapes_and_columns():
    assert shown_line(b"key: \"caf\xe9\"\x01\tx") == 'key: "caf\\xe9"\\x01\tx'
    assert shown_line("é".encode()) == "é"
    # a paragraph separator would be a line break in a text widget: the numbers would slip
    assert shown_line("# a\u2029b \u202e!".encode()) == "# a\\u2029b \\u202e!"
    raw = b"\xff\xfeab"
    assert shown_column(raw, 3) == 9  # two bytes shown as \xff\xfe, four characters each


def test_a_big_file_shows_lines_around_the_error(tmp_path, monkeypatch):
    monkeypatch.setattr(source_text, "WHOLE_LIMIT", 1000)
    monkeypatch.setattr(source_text, "CONTEXT_LINES", 10)
    monkeypatch.setattr(source_text, "_SLICE", 64)  # line starts found across many slices
    path = tmp_path / "big.txt"
    path.write_text("".join(f"line {i}\n" for i in range(1, 5001)))
    region = read_region(path, 2500, 3)
    assert region.first_line == 2490 and region.line == 2500 and region.column == 3
    lines = region.text.split("\n")
    assert lines[0] == "line 2490" and lines[-1] == "line 2510" and lines[10] == "line 2500"
    assert "only lines 2,490–2,510 are shown" in region.note
    region = read_region(path, 3, 1)
    assert region.first_line == 1 and region.text.split("\n")[2] == "line 3"
    region = read_region(path, 4999)
    assert region.text.split("\n")[-1] == "line 5000"


def test_a_long_line_is_cut_around_the_column(tmp_path, monkeypatch):
    monkeypatch.setattr(source_text, "LINE_LIMIT", 100)
    path = tmp_path / "one_line.txt"
    path.write_bytes(b"x" * 10_000 + b"ERROR" + b"y" * 10_000 + b"\nnext\n")
    region = read_region(path, 1, 10_001)
    first = region.text.split("\n")[0]
    assert first.endswith(" …") and len(first) <= 102
    assert region.column is not None
    assert first[region.column - 1:region.column + 4] == "ERROR"
    assert "1 line longer than 100 bytes is cut" in region.note


def test_one_huge_line_in_a_big_file(tmp_path, monkeypatch):
    monkeypatch.setattr(source_text, "WHOLE_LIMIT", 1000)
    monkeypatch.setattr(source_text, "REGION_LIMIT", 5000)
    monkeypatch.setattr(source_text, "LINE_LIMIT", 200)
    path = tmp_path / "huge.txt"
    path.write_bytes(b"a\n" + b"x" * 50_000 + b"BAD" + b"x" * 50_000 + b"\n")
    region = read_region(path, 2, 50_001)
    assert region.first_line == 2 and region.line == 2 and len(region.text) == 200
    assert region.column is not None
    assert region.text[region.column - 1:region.column + 2] == "BAD"
    assert "only 200 bytes of it, around column 50,001" in region.note


def test_an_entry_as_the_file_has_it():
    doc = RecordDocument.load(RESNET50_CAFFE)
    src = entry_source(doc, "record", 2)
    assert src is not None and src.note == ""
    where = doc.locate(record_index=2)
    assert where is not None and src.first_line == where[0]
    lines = RESNET50_CAFFE.read_text().split("\n")
    assert src.text.split("\n") == lines[src.first_line - 1:src.first_line - 1 + len(src.text.split("\n"))]
    assert src.text.endswith("}") and src.text.startswith("record {")
    assert entry_source(doc, "record", 10_000) is None


@pytest.mark.parametrize("how", ["edited", "binary"])
def test_an_entry_without_its_text_in_the_file(how):
    doc = RecordDocument.load(RESNET50_CAFFE)
    if how == "edited":
        doc.message.record[2].value.offset_d = 7
    else:
        doc = RecordDocument.from_binary(doc.message.SerializeToString(), "caffe")
    src = entry_source(doc, "record", 2)
    assert src is not None and src.first_line is None
    assert ("Edited since" if how == "edited" else "binary record has no text") in src.note
    assert src.text.startswith("record {") and f'key: "{doc.message.record[2].key}"' in src.text
