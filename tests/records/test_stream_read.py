"""Reading in pieces (`stream_read`) gives what reading the whole text gives, or declines.

Every input is written to a file and read both ways — with pieces of a few bytes, so that
pieces end everywhere: inside names, numbers, strings, comments, between an entry and its
`;` — and the message, the entries' places, the reading problems and the locations of fields
must be the same. Where the piece reader declines (an entry only the careful path reads, a
NUL, bytes that are not UTF-8), the whole read is what the user gets.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from google.protobuf import text_format

from editor.cli import main
from editor.records import document as document_mod
from editor.records.document import RecordDocument, RecordError
from editor.records.stream_read import FileText, stream_file
from editor.records.synth import make_big
from editor.records.textread import TextParseError, parse_text, reading_problems
from tests.records.layouts import layouts
from tests.records.mutations import corpus, mutate

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"


def _streamed(path: Path, dialect, piece: int):
    fd = os.open(path, os.O_RDONLY)
    got = stream_file(fd, path, dialect, piece=piece)
    if got is None:
        os.close(fd)
    return got


def _same(path: Path, dialect: str, piece: int) -> bool:
    """Whether the piece reader read `path`; when it did, that it read what the whole read does."""
    data = path.read_bytes()
    streamed = _streamed(path, None, piece)
    try:
        whole = parse_text(data, streamed.dialect if streamed is not None else dialect)
    except TextParseError:
        assert streamed is None
        return False
    if streamed is None:
        return False
    assert streamed.message.SerializeToString() == whole.message.SerializeToString()
    assert [(i.start, i.end, i.field, i.first_index) for i in streamed.items] == \
        [(i.start, i.end, i.field, i.first_index) for i in whole.items]
    assert [p.to_json() for p in reading_problems(streamed)] == [p.to_json() for p in reading_problems(whole)]
    for item in streamed.items[:6]:
        for off in (item.start, item.end - 1, (item.start + item.end) // 2):
            assert streamed.lines.line_col(off) == whole.lines.line_col(off)
    return True


@pytest.mark.parametrize("layout", list(layouts(make_big("tf-inner", 4, 8, seed=2, prune_records=2))))
@pytest.mark.parametrize("piece", [1, 7, 97, 4096])
def test_every_fast_layout_reads_the_same_in_pieces(tmp_path, layout, piece):
    path = tmp_path / "r.txt"
    path.write_text(layouts(make_big("tf-inner", 4, 8, seed=2, prune_records=2))[layout])
    assert _same(path, "tf-inner", piece)


def test_samples_real_records_and_mutations_read_the_same_in_pieces_or_are_declined(tmp_path):
    rng = random.Random(11)
    seeds = corpus()
    streamed = declined = 0
    path = tmp_path / "r.txt"
    for n in range(500):
        dialect, text = seeds[n] if n < len(seeds) else rng.choice(seeds)
        if n >= len(seeds):
            text = mutate(rng, text)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        if _same(path, dialect, rng.choice((3, 64, 1000, 1 << 16))):
            streamed += 1
        else:
            declined += 1
    assert streamed > 100 and declined > 50


@pytest.mark.parametrize(("text", "why"), [
    ('record {\n  key: "a\\tb"\n}\n', "an escape: the careful path reads it"),
    ('record {\n  key: "a"\n}\nrecord {\n  key: "\0"\n}\n', "a NUL"),
    (b'record {\n  key: "\xff"\n}\n', "not UTF-8"),
    ('record {\n  key: "a"\n  value {\n    scale_d: 1\n', "cut short"),
])
def test_what_only_the_careful_path_reads_is_declined(tmp_path, text, why):
    path = tmp_path / "r.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    assert _streamed(path, None, 5) is None, why


def test_the_command_line_says_the_same_reading_in_pieces(tmp_path, capsys, monkeypatch):
    """info and check on real and rule files, read whole and in pieces: the same words."""
    from tests.conftest import realworld_files

    files = [*realworld_files(), *sorted(RULES.glob("*.bad.txt"))[:40]]
    assert files
    out: dict[int, list[str]] = {}
    for threshold in (1 << 40, 0):  # never, always
        monkeypatch.setattr(document_mod, "STREAM_FROM", threshold)
        said = []
        for f in files:
            for command in (["info", str(f)], ["check", str(f)], ["check", "--json", str(f)]):
                code = main(command)
                said.append(f"{code} {capsys.readouterr().out}")
        out[threshold] = said
    assert out[0] == out[1 << 40]


def test_a_streamed_document_locates_and_shows_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(document_mod, "STREAM_FROM", 0)
    msg = make_big("tf-inner", 30, 64, seed=4)
    path = tmp_path / "r.txt"
    path.write_text(text_format.MessageToString(msg))
    whole = RecordDocument.load(path)
    doc = RecordDocument.load(path, stream=True)
    assert doc._source is not None and isinstance(doc._source.data, FileText)  # noqa: SLF001
    for i in (0, 17, 29):
        for field in (None, "key", "scale_d", "scale_w[5]", "offset_w[63]"):
            assert doc.locate(record_index=i, field=field) == whole.locate(record_index=i, field=field)
        assert doc.entry_text("record", i) == whole.entry_text("record", i)
    assert doc.source_text == whole.source_text


def test_a_file_changed_while_it_is_used_is_said_so(tmp_path, monkeypatch):
    monkeypatch.setattr(document_mod, "STREAM_FROM", 0)
    path = tmp_path / "r.txt"
    path.write_text(text_format.MessageToString(make_big("tf-inner", 5, 16, seed=4)))
    doc = RecordDocument.load(path, stream=True)
    with path.open("ab") as fh:
        fh.write(b"# appended\n")
    with pytest.raises(RecordError, match="changed on disk"):
        doc.locate(record_index=3, field="scale_w[2]")


def test_a_file_written_to_while_it_is_read_in_pieces_is_read_whole(tmp_path, monkeypatch):
    """Same size, new content (an editor saving over it): the pieces may mix two versions,
    so the piece reader declines and the caller reads the file whole."""
    from editor.records import stream_read

    path = tmp_path / "r.txt"
    path.write_text(text_format.MessageToString(make_big("tf-inner", 5, 16, seed=4)))
    real = stream_read._read  # noqa: SLF001

    def meanwhile(fd, first, dialect, piece):
        got = real(fd, first, dialect, piece)
        st = os.stat(path)
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
        return got

    monkeypatch.setattr(stream_read, "_read", meanwhile)
    fd = os.open(path, os.O_RDONLY)
    try:
        assert stream_file(fd, path, None, piece=64) is None
        os.fstat(fd)  # still open: the caller closes it
    finally:
        os.close(fd)


def test_check_says_which_file_changed_before_its_notes_were_located(tmp_path, capsys, monkeypatch):
    """The text of a big file is read again to locate each note: changed by then, that file is
    reported as such (exit 2) and the next one is still checked."""
    from editor.records import rules

    monkeypatch.setattr(document_mod, "STREAM_FROM", 0)
    changing, other = tmp_path / "a.txt", tmp_path / "b.txt"
    changing.write_text(text_format.MessageToString(make_big("tf-inner", 6, 64, seed=4)))
    other.write_text(text_format.MessageToString(make_big("tf-inner", 6, 64, seed=5)))
    real = rules.document_problems

    def meanwhile(doc, model=None, **kw):
        if doc.path == changing:
            with changing.open("ab") as fh:
                fh.write(b"# appended by someone else\n")
        return real(doc, model, **kw)

    monkeypatch.setattr(rules, "document_problems", meanwhile)
    assert main(["check", str(changing), str(other)]) == 2
    out, err = capsys.readouterr()
    assert f"{changing}: the file changed on disk while it was being read" in err
    assert f"{other}: tf-inner" in out


class _CountingSkip:
    """`stream_read._SKIP` that counts the bytes it is asked to look at."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.scanned = 0

    def match(self, data: bytes, pos: int):
        found = self.pattern.match(data, pos)
        self.scanned += found.end() - pos + 1
        return found


_ENTRY = 'record {\n  key: "a"\n  value {\n    scale_d: 0.5\n  }\n}\n'


@pytest.mark.parametrize(("name", "run"), [
    ("comment lines", "# a note about nothing in particular\n" * 3000),
    ("one comment line", "#" + "x" * 100_000 + "\n"),
    ("blank lines", "\n" * 100_000),
    ("spaces on one line", " " * 100_000),
    ("comments and spaces", "   # note\n  \n\t# more\n" * 4000),
    ("comments before a separator", "# note\n" * 5000 + ";\n"),
])
def test_a_long_run_of_comments_or_whitespace_is_read_once(tmp_path, monkeypatch, name, run):
    """Issue 26: a piece that ended inside a run of comments was read again with the next
    piece, so the run was scanned once per piece (512 MB of `#` lines: 251 s). The bytes the
    skipping looks at must stay a small multiple of the file, whatever the piece size."""
    from editor.records import stream_read

    path = tmp_path / "r.txt"
    path.write_text(_ENTRY + run + _ENTRY)
    size = path.stat().st_size
    counting = _CountingSkip(stream_read._SKIP)  # noqa: SLF001
    monkeypatch.setattr(stream_read, "_SKIP", counting)
    got = _streamed(path, None, 1000)
    assert got is not None, name
    assert len(got.message.record) == 2
    assert counting.scanned < 3 * size, f"{name}: {counting.scanned} bytes scanned for a file of {size}"
    monkeypatch.setattr(stream_read, "_SKIP", counting.pattern)
    assert _same(path, "tf-inner", 1000)


def test_a_long_entry_is_tried_a_few_times_not_once_per_piece(tmp_path, monkeypatch):
    """An entry longer than a piece (a 1 MB key) is tried again as its pieces come: with the
    length read doubling each time, a few tries, not one per piece."""
    from editor.records import _fastread

    path = tmp_path / "r.txt"
    path.write_text(_ENTRY + 'record {\n  key: "' + "k" * 200_000 + '"\n}\n' + _ENTRY)
    tries = 0
    entry = _fastread.FastReader.entry

    def counted(self, data, pos):
        nonlocal tries
        tries += 1
        return entry(self, data, pos)

    monkeypatch.setattr(_fastread.FastReader, "entry", counted)
    got = _streamed(path, None, 1000)
    assert got is not None
    assert [len(r.key) for r in got.message.record] == [1, 200_000, 1]
    assert tries < 20, tries
