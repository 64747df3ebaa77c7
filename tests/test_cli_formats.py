"""check's CI formats (SARIF 2.1.0, JUnit XML, GitHub annotations) validated against their
schemas (tests/data/schemas), and many records at once."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from editor.cli import main
from editor.records.document import RecordDocument

SCHEMAS = Path("tests/data/schemas")
SAMPLE = Path("resources/samples/resnet_caffe.txt")
GITHUB = re.compile(r"^::(error|warning|notice)(?: ([^:]*))?::(.*)$")


@pytest.fixture
def folder(tmp_path):
    """Two good records (one with an error AMCT's rules find) and a broken one."""
    from google.protobuf import text_format

    runs = tmp_path / "runs"
    (runs / "sub").mkdir(parents=True)
    shutil.copy(SAMPLE, runs / "good.txt")
    doc = RecordDocument.load(SAMPLE)
    doc.message.record[1].value.offset_d = 300  # outside int8: an error
    (runs / "sub" / "bad_offset.txt").write_text(text_format.MessageToString(doc.message), encoding="utf-8")
    (runs / "broken.txt").write_text('record {\n  key: "x"\n  value { scale_d: }\n', encoding="utf-8")
    return runs


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_sarif_validates_and_has_every_problem(folder, capsys):
    import jsonschema

    code, out, _ = _run(capsys, "check", str(folder), "--recursive", "--format", "sarif")
    assert code == 2
    log = json.loads(out)
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
    run = log["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert "offset-d-range" in rules or any("offset" in r for r in rules)
    assert all(r["help"]["text"] for r in rules.values())
    results = run["results"]
    broken = [r for r in results if r["ruleId"] == "read-error"]
    assert len(broken) == 1 and broken[0]["level"] == "error"
    assert broken[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("broken.txt")
    assert broken[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 3
    errors = [r for r in results if r["level"] == "error" and r["ruleId"] != "read-error"]
    assert errors and all(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("sub/bad_offset.txt") for r in errors)
    assert all(r["ruleIndex"] == list(rules).index(r["ruleId"]) for r in results)
    # the same problems as the JSON output
    _code, out, _ = _run(capsys, "check", str(folder), "--recursive", "--json")
    assert sum(len(f["problems"]) for f in json.loads(out)["files"]) == len(results) - 1


def test_junit_validates_one_suite_per_file_failures_for_errors(folder, capsys):
    import xmlschema

    code, out, _ = _run(capsys, "check", str(folder), "-r", "--format", "junit")
    assert code == 2
    xmlschema.XMLSchema(str(SCHEMAS / "JUnit.xsd")).validate(out)
    from xml.etree import ElementTree as ET

    suites = ET.fromstring(out).findall("testsuite")
    by_name = {Path(s.attrib["name"]).name: s for s in suites}
    assert set(by_name) == {"good.txt", "bad_offset.txt", "broken.txt"}
    assert by_name["good.txt"].get("failures") == "0" and int(by_name["good.txt"].attrib["tests"]) > 1
    failed = [c.get("name") for c in by_name["bad_offset.txt"].iter("testcase") if c.find("failure") is not None]
    assert failed and int(by_name["bad_offset.txt"].attrib["failures"]) == len(failed)
    assert by_name["broken.txt"].get("errors") == "1"


def test_github_annotations_parse(folder, capsys):
    code, out, _ = _run(capsys, "check", str(folder), "-r", "--format", "github")
    assert code == 2
    lines = out.splitlines()
    assert lines
    levels = set()
    for line in lines:
        m = GITHUB.match(line)
        assert m, line
        levels.add(m.group(1))
        props = dict(kv.split("=", 1) for kv in m.group(2).split(","))
        assert props["file"].endswith(".txt") and int(props["line"]) >= 1 and int(props.get("col", "1")) >= 1
        assert "\n" not in m.group(3)
    assert "error" in levels


def test_github_escapes_newlines_and_separators():
    from editor.cli.formats import annotation

    line = annotation("warning", "a\nb % c", "dir/a,b:c.txt", 3, 4, "rule")
    assert line == "::warning file=dir/a%2Cb%3Ac.txt,line=3,col=4,title=rule::a%0Ab %25 c"


def test_a_folder_with_one_broken_and_two_good_records(folder, capsys):
    code, out, err = _run(capsys, "check", str(folder), "--recursive")
    assert code == 2  # the worst: unreadable
    summaries = [line for line in out.splitlines() if re.match(r"^\S+\.txt: ", line) and "error" in line
                 and "note" in line]
    assert len(summaries) == 2
    assert "broken.txt" in err
    assert out.splitlines()[-1].startswith("3 files, 1 unreadable")
    # without the broken one: the error found decides
    (folder / "broken.txt").unlink()
    code, out, _ = _run(capsys, "check", str(folder), "--recursive")
    assert code == 1
    assert out.splitlines()[-1].startswith("2 files, 0 unreadable")


def test_globs_and_folders_without_recursive(folder, capsys):
    code, out, err = _run(capsys, "check", str(folder))  # not recursive: good.txt and broken.txt
    assert code == 2 and "bad_offset" not in out
    code, out, _ = _run(capsys, "check", str(folder / "**" / "bad_*.txt"))
    assert code == 1 and "bad_offset.txt" in out
    code, _out, err = _run(capsys, "check", str(folder / "nothing*.txt"))
    assert code == 2 and "no file matches" in err


def test_model_map_pairs_records_with_models(tmp_path, capsys):
    """--model-map: each record checked against the model its pattern names."""
    from editor.models import load_model
    from editor.models import synth as model_synth
    from editor.records import synth

    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    model_synth.caffe_net(proto, weights, seed=3)
    model = load_model(proto, weights)
    from google.protobuf import text_format

    message = synth.build_record("caffe", synth.layers_from_model(model), seed=1)
    (tmp_path / "a.txt").write_text(text_format.MessageToString(message), encoding="utf-8")
    (tmp_path / "map.json").write_text(json.dumps({"a*.txt": {"model": "net.prototxt",
                                                             "weights": "net.caffemodel"}}), encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(tmp_path / "a.txt"), "--model-map", str(tmp_path / "map.json"),
                        "--json")
    assert code in (0, 1) and json.loads(out)["files"][0]["dialect"] == "caffe"
    # the pattern decides which model a record gets: a missing one is the record's error
    (tmp_path / "b.txt").write_text(text_format.MessageToString(message), encoding="utf-8")
    (tmp_path / "map2.json").write_text(json.dumps({"b.txt": "missing.prototxt"}), encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--model-map",
                        str(tmp_path / "map2.json"), "--json")
    files = {Path(f["path"]).name: f for f in json.loads(out)["files"]}
    assert code == 2
    assert "error" not in files["a.txt"] and "missing.prototxt" in files["b.txt"]["error"]
    (tmp_path / "bad_map.json").write_text("[1, 2]", encoding="utf-8")
    code, _out, err = _run(capsys, "check", str(tmp_path / "a.txt"), "--model-map", str(tmp_path / "bad_map.json"))
    assert code == 2 and "model map" in err


@pytest.fixture
def analysed(tmp_path):
    """A Caffe net with weights and a record for it (every layer's weights analysable)."""
    from google.protobuf import text_format

    from editor.models import load_model
    from editor.models import synth as model_synth
    from editor.records import synth

    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    model_synth.caffe_net(proto, weights, seed=5)
    message = synth.build_record("caffe", synth.layers_from_model(load_model(proto, weights)), seed=2)
    record = tmp_path / "rec.txt"
    record.write_text(text_format.MessageToString(message), encoding="utf-8")
    return record, proto, weights, [e.key for e in message.record]


def test_analyze_formats_validate_and_fail_the_layers_below_the_threshold(analysed, capsys):
    import jsonschema
    import xmlschema

    record, proto, weights, _keys = analysed
    base = ["analyze", str(record), "--model", str(proto), "--weights", str(weights)]
    code, out, _ = _run(capsys, *base, "--min-weight-sqnr", "1000", "--json")
    analysed_keys = [x["key"] for x in json.loads(out)["layers"] if x.get("weight_sqnr_db") is not None]
    assert code == 1 and analysed_keys
    code, out, _ = _run(capsys, *base, "--min-weight-sqnr", "1000", "--format", "sarif")
    assert code == 1
    log = json.loads(out)
    jsonschema.validate(log, json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")),
                        cls=jsonschema.Draft4Validator)
    results = log["runs"][0]["results"]
    assert sorted(r["locations"][0]["logicalLocations"][0]["name"] for r in results) == sorted(analysed_keys)
    assert {r["ruleId"] for r in results} == {"analyze-weight-sqnr"}
    text = record.read_text(encoding="utf-8").splitlines()
    for r in results:  # the line of the layer's entry: its key is on the next line or this one
        line = r["locations"][0]["physicalLocation"]["region"]["startLine"]
        key = r["locations"][0]["logicalLocations"][0]["name"]
        assert any(f'"{key}"' in x for x in text[line - 1:line + 1])
    code, out, _ = _run(capsys, *base, "--min-weight-sqnr", "1000", "--format", "junit")
    xmlschema.XMLSchema(str(SCHEMAS / "JUnit.xsd")).validate(out)
    assert out.count("<failure") == len(analysed_keys)
    code, out, _ = _run(capsys, *base, "--min-weight-sqnr", "0", "--format", "github")
    assert code == 0 and out == ""


def test_diff_formats_fail_each_differing_layer_at_its_line(tmp_path, capsys):
    import jsonschema
    import xmlschema
    from google.protobuf import text_format

    doc = RecordDocument.load(SAMPLE)
    doc.message.record[2].value.scale_d *= 2
    key = doc.message.record[2].key
    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(doc.message), encoding="utf-8")
    code, out, _ = _run(capsys, "diff", str(SAMPLE), str(b), "--format", "sarif")
    assert code == 1
    log = json.loads(out)
    jsonschema.validate(log, json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")),
                        cls=jsonschema.Draft4Validator)
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "diff-layer" and "scale_d" in result["message"]["text"]
    line = result["locations"][0]["physicalLocation"]["region"]["startLine"]
    where = RecordDocument.load(SAMPLE).locate(record_index=2)
    assert where is not None and where[0] == line
    assert result["locations"][0]["logicalLocations"][0]["name"] == key
    code, out, _ = _run(capsys, "diff", str(SAMPLE), str(b), "--format", "junit")
    xmlschema.XMLSchema(str(SCHEMAS / "JUnit.xsd")).validate(out)
    assert out.count("<failure") == 1
    code, out, _ = _run(capsys, "diff", str(SAMPLE), str(SAMPLE), "--format", "junit")
    xmlschema.XMLSchema(str(SCHEMAS / "JUnit.xsd")).validate(out)
    assert code == 0 and "<failure" not in out and "<testcase" in out
    code, out, _ = _run(capsys, "diff", str(SAMPLE), str(b), "--format", "github")
    assert code == 1 and GITHUB.match(out.strip()) and f"line={line}" in out
