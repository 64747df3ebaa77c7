"""Every real file and every documented example: loads, right dialect, lossless, protoc-exact."""
from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import text_format

from editor.cli import main
from editor.records.document import RecordDocument
from tests.conftest import DATA, REALWORLD, SEEDS, needs_shared, realworld_files
from tests.records.compat import changed_lines, protoc_encode

SEED_EXAMPLES = sorted((DATA / "seeds").glob("*.txt"))
# 002 (the newest Chinese doc) renders keys broken over lines and //-comments: repair needed
REPAIRED = {"002_example1.txt", "002_example2.txt", "002_example3.txt",
            "002_example5.txt", "004_example1.txt"}
EXPECTED_DIALECT = {"000_example1.txt": "caffe",
                    "Ascend_samples__9_amct__amct_caffe__resnet50__model__record.txt": "caffe"}


def _cases():
    cases = [pytest.param(p, id=p.name) for p in SEED_EXAMPLES]
    cases += [pytest.param(p, id=p.name[:60], marks=needs_shared) for p in realworld_files()]
    return cases


def _open(path: Path) -> RecordDocument:
    return RecordDocument.load(path, repair=path.name in REPAIRED)


@pytest.mark.parametrize("path", _cases())
def test_loads_with_the_right_dialect_and_renders_unchanged(path):
    doc = _open(path)
    assert doc.dialect.name == EXPECTED_DIALECT.get(path.name, "tf-inner")
    if path.name in REPAIRED:
        assert doc.repairs, "a repair was needed and must be reported"
    else:
        assert doc.render_text() == path.read_text(encoding="utf-8")
        assert not doc.repairs


def test_repair_is_only_done_when_asked():
    from editor.records.document import RecordError
    with pytest.raises(RecordError) as err:
        RecordDocument.load(DATA / "seeds" / "002_example2.txt")
    assert "--repair" in str(err.value) and ":2:" in str(err.value)


@pytest.mark.parametrize("path", _cases())
def test_binary_is_what_protoc_encodes_and_text_comes_back_equal(path, tmp_path):
    doc = _open(path)
    source = doc.source_text
    assert source is not None
    out = tmp_path / "out.pb"
    assert main(["convert", str(path), "-o", str(out), "--to", "binary"]
                + (["--repair"] if path.name in REPAIRED else [])) == 0
    assert out.read_bytes() == protoc_encode(source, doc.dialect)
    back = tmp_path / "back.txt"
    assert main(["convert", str(out), "-o", str(back), "--to", "text", "--dialect", doc.dialect.name]) == 0
    again = doc.dialect.new_message()
    text_format.Parse(back.read_text(encoding="utf-8"), again)
    assert again.SerializePartialToString() == doc.message.SerializePartialToString()
    assert back.read_text(encoding="utf-8") == text_format.MessageToString(doc.message, as_utf8=True)


def _has_layers(param) -> bool:
    return any(line.startswith("record") for line in param.values[0].read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("path", [p for p in _cases() if _has_layers(p)])
def test_set_one_field_changes_exactly_one_line(path, tmp_path):
    doc = _open(path)
    work = tmp_path / "work.txt"
    work.write_text(doc.source_text, encoding="utf-8")
    before = work.read_text(encoding="utf-8")
    entries = doc.message.record
    entry = entries[len(entries) // 2]
    field = "scale_d" if entry.value.HasField("scale_d") else "scale_w[0]"
    assert main(["set", str(work), entry.key, f"{field}=0.125"]) == 0
    diff = changed_lines(before, work.read_text(encoding="utf-8"))
    assert len(diff) == 2 and diff[0].startswith("-") and diff[1].endswith(": 0.125"), diff


@needs_shared
def test_seed_fixtures_are_current():
    from scripts import extract_seed_examples as mod
    expected = {}
    for seed in sorted(SEEDS.glob("*.txt")):
        for n, ex in enumerate(mod.examples(seed.read_text(encoding="utf-8")), start=1):
            expected[f"{seed.stem[:3]}_example{n}.txt"] = ex
    assert {p.name: p.read_text(encoding="utf-8") for p in SEED_EXAMPLES} == expected
    assert REALWORLD.is_dir()
