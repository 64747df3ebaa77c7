"""The `record-editor` command line: what scripts and CI rely on."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from editor.cli import main
from editor.paths import samples_dir
from editor.records.document import RecordDocument
from editor.records.messages import prune_records
from tests.records.compat import changed_lines

SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True, text=True)


def test_info_json(capsys):
    assert main(["info", str(SAMPLE), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    doc = RecordDocument.load(SAMPLE)
    assert info["dialect"] == "tf-inner"
    assert info["records"] == len(doc.message.record)
    assert info["prune_records"] == len(prune_records(doc.message))
    # per-channel: layers with more than one scale_w (a single value is per-tensor)
    assert info["per_channel_values"] == sum(len(e.value.scale_w) for e in doc.message.record
                                             if len(e.value.scale_w) > 1)
    assert info["size"] == SAMPLE.stat().st_size and info["format"] == "text"


def test_check_json_shape_and_exit_codes(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    offset_d: 3\n    offset_d: 200\n'
                   '  }\n}\nrecord {\n  key: "a"\n}\n')
    code = main(["check", str(bad), str(SAMPLE), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    first, second = out["files"]
    assert first["path"] == str(bad) and first["dialect"] == "tf-inner"
    rules = {p["rule"] for p in first["problems"]}
    assert {"field-override", "duplicate-key"} <= rules
    for p in first["problems"]:
        assert set(p) >= {"severity", "rule", "record", "prune_record", "field", "line", "message"}
        assert p["severity"] in ("error", "warning", "info")
    dup = next(p for p in first["problems"] if p["rule"] == "duplicate-key")
    assert dup["record"] == "a" and dup["line"] == 9
    assert not [p for p in second["problems"] if p["severity"] == "error"]


def test_check_filters(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text('record {\n  key: "a"\n}\nrecord {\n  key: "a"\n}\n')
    assert main(["check", str(bad), "--json", "--rule", "field-override"]) == 0
    assert json.loads(capsys.readouterr().out)["files"][0]["problems"] == []
    assert main(["check", str(bad), "--json", "--severity", "error"]) == 1
    problems = json.loads(capsys.readouterr().out)["files"][0]["problems"]
    assert problems and all(p["severity"] == "error" for p in problems)


def test_unreadable_input_exits_2_without_traceback(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    for args in (["info", str(junk)], ["check", str(junk)], ["info", str(tmp_path)],
                 ["info", str(tmp_path / "missing.txt")], ["convert", str(junk), "-o", str(tmp_path / "o")]):
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert "Traceback" not in proc.stderr and str(args[1]) in proc.stderr


def test_usage_errors_exit_2():
    assert run("info").returncode == 2
    assert run("convert", str(SAMPLE)).returncode == 2  # -o is required
    assert run("check", str(SAMPLE), "--dialect", "bogus").returncode == 2


def test_an_unknown_rule_or_severity_is_a_usage_error():
    proc = run("check", "--rule", "no-such-rule", str(SAMPLE))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "unknown rule id no-such-rule" in proc.stderr
    # the message lists the ids check knows: the engine's rules and the reading problems'
    assert "duplicate-key" in proc.stderr and "offset-d-range" in proc.stderr and "field-override" in proc.stderr
    proc = run("check", "--rule", "duplicate-kye", "--rule", "offset-d-range", str(SAMPLE))
    assert proc.returncode == 2 and "did you mean duplicate-key?" in proc.stderr
    proc = run("check", "--severity", "fatal", str(SAMPLE))
    assert proc.returncode == 2 and "error" in proc.stderr and "warning" in proc.stderr
    # known ids still pass (the sample is clean)
    assert run("check", "--rule", "duplicate-key", "--rule", "field-override", str(SAMPLE)).returncode == 0


def test_check_summary_counts_are_pluralised(tmp_path):
    one_each = tmp_path / "one.txt"
    one_each.write_text('record {\n  key: "conv/Conv2D"\n  value {\n    scale_d: 1e-09\n    offset_d: 0\n'
                        '    scale_w: 0.5\n    offset_w: 3\n  }\n}\n')
    proc = run("check", str(one_each))
    assert proc.stdout.splitlines()[-1] == f"{one_each}: tf-inner, 1 error, 1 warning, 0 notes"
    proc = run("check", "--severity", "warning", str(SAMPLE))  # the sample's notes are outliers
    assert proc.stdout.splitlines()[-1] == f"{SAMPLE}: tf-inner, 0 errors, 0 warnings, 0 notes"
    proc = run("diff", str(one_each), str(one_each))
    assert "1 layer in both, 0 only in A, 0 only in B; 0 differ" in proc.stdout


def test_convert_dialect_conversion_stops_or_drops(tmp_path, capsys):
    caffe = samples_dir() / "resnet_caffe.txt"
    out = tmp_path / "tf.txt"
    assert main(["convert", str(caffe), "-o", str(out), "--to-dialect", "tf-inner"]) == 1
    assert "channels" in capsys.readouterr().err and not out.exists()
    assert main(["convert", str(caffe), "-o", str(out), "--to-dialect", "tf-inner", "--drop-unsupported"]) == 0
    err = capsys.readouterr().err
    assert "dropped: record.value.channels" in err
    converted = RecordDocument.load(out)
    assert converted.dialect.name == "tf-inner" and "channels" not in out.read_text()


def test_convert_picks_the_format_from_the_extension(tmp_path):
    pb = tmp_path / "r.pb"
    assert main(["convert", str(SAMPLE), "-o", str(pb)]) == 0
    assert RecordDocument.load(pb).binary
    txt = tmp_path / "r.txt"
    assert main(["convert", str(pb), "-o", str(txt)]) == 0
    assert not RecordDocument.load(txt).binary


@pytest.mark.parametrize("assignment,line", [
    ("scale_d=0.5", "    scale_d: 0.5"),
    ("act_type=INT16", '    act_type: "INT16"'),
    ("scale_w[2]=0.3", "    scale_w: 0.3"),
])
def test_set_changes_one_line(tmp_path, assignment, line):
    work = tmp_path / "r.txt"
    work.write_text(SAMPLE.read_text())
    key = RecordDocument.load(work).message.record[5].key
    assert main(["set", str(work), key, assignment]) == 0
    diff = changed_lines(SAMPLE.read_text(), work.read_text())
    assert diff[-1] == "+" + line and len(diff) in (1, 2)


def test_set_whole_vector_and_output_file(tmp_path):
    out = tmp_path / "out.txt"
    doc = RecordDocument.load(SAMPLE)
    key = doc.message.record[1].key
    # as many channels as the layer's prune records give it (else a rule refuses the edit)
    n = len(doc.message.record[1].value.scale_w)
    want = [round(0.01 * (i + 1), 6) for i in range(n)]
    assert main(["set", str(SAMPLE), key, "scale_w=" + ",".join(map(str, want)), "offset_w=" + ",".join(["0"] * n),
                 "-o", str(out)]) == 0
    got = RecordDocument.load(out).message.record[1].value
    assert [round(x, 6) for x in got.scale_w] == want and list(got.offset_w) == [0] * n
    # a vector of another length breaks AMCT's prune-quant-length rule: refused, nothing written
    out2 = tmp_path / "out2.txt"
    assert main(["set", str(SAMPLE), key, "scale_w=0.1,0.2,0.3", "offset_w=0,0,0", "-o", str(out2)]) == 1
    assert not out2.exists()


@pytest.mark.parametrize("args,expect", [
    (["no/such/layer", "scale_d=1"], "no layer with key"),
    (["{key}", "offset_d=1.5"], "whole number"),
    (["{key}", "scale_d=abc"], "takes a number"),
    (["{key}", "scale_w[99999]=1"], "indices 0.."),
    (["{key}", "bogus=1"], "has no value field"),
    (["{key}", "scale_d"], "FIELD=VALUE"),
])
def test_set_refuses_bad_input_and_leaves_the_file(tmp_path, args, expect):
    work = tmp_path / "r.txt"
    work.write_text(SAMPLE.read_text())
    key = RecordDocument.load(work).message.record[0].key
    proc = run("set", str(work), *[a.format(key=key) for a in args])
    assert proc.returncode == 2 and expect in proc.stderr and "Traceback" not in proc.stderr
    assert work.read_text() == SAMPLE.read_text()


def test_the_command_line_never_loads_qt(tmp_path):
    """Scripts and CI machines run info/check/convert/set/diff without Qt (and its start-up)."""
    record = tmp_path / "r.txt"
    record.write_bytes((samples_dir() / "resnet_pytorch.txt").read_bytes())
    script = f"""
import sys
from editor.cli import main
path = {str(record)!r}
codes = [main(["info", path]), main(["check", path]), main(["convert", path, "-o", path + ".pb", "--to", "binary"]),
         main(["set", path, "conv1", "scale_d=0.5"]), main(["diff", path, path + ".pb"])]
print(codes, "PySide6" in sys.modules, "pyqtgraph" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[0, 0, 0, 0, 1] False False"


def test_set_on_a_file_whose_prune_node_has_no_name(tmp_path):
    from tests.records.texts import NAMELESS_PRUNE

    path = tmp_path / "nameless.txt"
    path.write_text(NAMELESS_PRUNE)
    result = run("set", str(path), "conv1", "scale_d=0.5")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert changed_lines(NAMELESS_PRUNE, path.read_text()) == ["-    scale_d: 0.0235294122", "+    scale_d: 0.5"]
