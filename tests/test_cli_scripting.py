"""`record-editor` as scripts use it: what convert and set report, --json everywhere,
refusals, mistyped commands (see also test_cli.py)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from editor.paths import samples_dir
from editor.records.document import RecordDocument

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

#: a pasted doc example (// comment), a field given twice and a duplicate key
PASTED = ('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5  // from the docs\n    offset_d: 1\n'
          '    offset_d: 2\n  }\n}\nrecord {\n  key: "conv1"\n  value {\n    scale_d: 0.25\n  }\n}\n')
PLAIN = 'record {\n  key: "conv1"\n  value {\n    scale_d: 0.5\n    offset_d: 1\n  }\n}\n'


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True, text=True)


@pytest.fixture
def pasted(tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_text(PASTED)
    return path


@pytest.mark.parametrize("command", ["convert", "set"])
def test_convert_and_set_report_repairs_and_reading_problems_line_by_line(pasted, tmp_path, capsys, command):
    out = tmp_path / "out.txt"
    args = (["convert", str(pasted), "-o", str(out)] if command == "convert" else
            ["set", str(pasted), "conv1", "scale_d=0.75", "-o", str(out)])
    assert main([*args, "--repair"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert f"{pasted}:4: repaired: '//' comment changed to a '#' comment" in err
    assert any(line.startswith(f"{pasted}:6:") and "[field-override]" in line for line in err)
    assert any(line.startswith(f"{pasted}:9:") and "[duplicate-key]" in line for line in err)
    # and in --json, as data
    assert main([*args, "--repair", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["repairs"] == [{"line": 4, "message": "'//' comment changed to a '#' comment"}]
    assert {p["rule"] for p in report["problems"]} == {"field-override", "duplicate-key"}


def test_convert_to_onnx_writes_unset_skip_fusion_explicitly_and_says_so(tmp_path, capsys):
    src = tmp_path / "tf.txt"
    src.write_text(PLAIN)
    out = tmp_path / "onnx.txt"
    assert main(["convert", str(src), "-o", str(out), "--to-dialect", "onnx"]) == 0
    err = capsys.readouterr().err
    assert ("explicit: record.value.skip_fusion: wrote false explicitly on 1 layer that left it unset "
            "(unset means false in tf-inner but true in onnx)") in err
    onnx = RecordDocument.load(out, "onnx").message.record[0].value
    assert onnx.HasField("skip_fusion") and onnx.skip_fusion is False
    assert main(["convert", str(src), "-o", str(tmp_path / "onnx.pb"), "--to-dialect", "onnx", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] and report["dialect"] == "onnx" and report["format"] == "binary"
    assert report["records"] == 1 and report["dropped"] == [] and report["source_dialect"] == "tf-inner"
    [explicit] = report["explicit_defaults"]
    assert (explicit["field"], explicit["value"], explicit["count"]) == ("record.value.skip_fusion", False, 1)


def test_convert_json_when_fields_are_dropped_or_the_conversion_stops(tmp_path, capsys):
    caffe = samples_dir() / "resnet_caffe.txt"
    out = tmp_path / "tf.txt"
    assert main(["convert", str(caffe), "-o", str(out), "--to-dialect", "tf-inner", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["written"] is False and "channels" in report["error"] and not out.exists()
    assert main(["convert", str(caffe), "-o", str(out), "--to-dialect", "tf-inner", "--drop-unsupported",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert any(d.startswith("record.value.channels") for d in report["dropped"])


def test_set_json_says_what_was_written(tmp_path, capsys):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    assert main(["set", str(path), "conv1", "scale_d=0.25", "offset_d=3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] and report["output"] == str(path) and report["fields"] == ["scale_d", "offset_d"]
    assert report["dialect"] == "tf-inner" and report["record_index"] == 0 and report["rule_error"] is None
    assert "scale_d: 0.25" in path.read_text()


@pytest.mark.parametrize("command", ["info", "convert", "set", "diff"])
def test_json_commands_report_an_unreadable_file_as_json(tmp_path, command):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    args = {"info": ["info", str(junk)], "convert": ["convert", str(junk), "-o", str(tmp_path / "o.txt")],
            "set": ["set", str(junk), "k", "scale_d=1"], "diff": ["diff", str(junk), str(junk)]}[command]
    proc = run(*args, "--json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    report = json.loads(proc.stdout)
    assert report["path"] == str(junk) and report["dialect"] is None
    assert report["error"].startswith(f"{junk}:") and "not a record file" in report["error"]


@pytest.mark.parametrize("args", [
    ["set", "{r}", "nokey", "scale_d=1"],                      # no such layer
    ["set", "{r}", "conv1", "scale_d=1e-50"],                  # a value float32 stores as 0
    ["set", "{r}", "conv1", "bogus=1"],                        # no such field
    ["set", "{r}", "conv1"],                                   # argparse: no FIELD=VALUE
    ["convert", "{r}", "-o", "{d}/o.bin", "--drop-unsupported"],
    ["convert", "{r}", "-o", "-"],                             # the record and the JSON on stdout
    ["info", "{r}", "--dialect", "nosuch"],                    # argparse: bad choice
    ["diff", "{r}", "{r}", "--rtol", "-1"],
    ["check", "{r}", "--rule", "no-such-rule"],
])
def test_json_usage_errors_come_as_json_on_stdout_too(tmp_path, args):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    proc = run(*[a.format(r=path, d=tmp_path) for a in args], "--json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.strip()
    report = json.loads(proc.stdout)
    assert report["error"] and report["error"] in proc.stderr and report.get("written", False) is False
    assert path.read_text() == PLAIN


def test_set_refused_by_a_rule_says_why_in_json(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    proc = run("set", str(path), "conv1", "offset_d=200", "--json")
    report = json.loads(proc.stdout)
    assert proc.returncode == 1 and not report["written"] and "[offset-d-range]" in report["error"]


def _run_in(folder: Path, *args: str, text: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True, text=text,
                          cwd=folder, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_dash_output_is_standard_output_for_convert_and_set(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    proc = _run_in(tmp_path, "convert", str(path), "-o", "-")
    assert proc.returncode == 0 and proc.stdout == PLAIN  # canonical text, by default
    assert "standard output: text" in proc.stderr
    proc = _run_in(tmp_path, "convert", str(path), "-o", "-", "--to", "binary", text=False)
    assert proc.returncode == 0
    assert RecordDocument.from_binary(proc.stdout, "tf-inner").message == RecordDocument.load(path).message
    proc = _run_in(tmp_path, "set", str(path), "conv1", "scale_d=0.25", "-o", "-")
    assert proc.returncode == 0 and proc.stdout == PLAIN.replace("0.5", "0.25")
    proc = _run_in(tmp_path, "set", str(path), "conv1", "scale_d=0.25", "-o", "-", "--to", "binary", text=False)
    assert proc.returncode == 0 and RecordDocument.from_binary(proc.stdout, "tf-inner").message.record[0].value.scale_d == 0.25
    assert not (tmp_path / "-").exists() and path.read_text() == PLAIN


def test_binary_to_a_terminal_is_refused(tmp_path, capsys, monkeypatch):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    for args in (["convert", str(path), "-o", "-", "--to", "binary"],
                 ["set", str(path), "conv1", "scale_d=0.25", "-o", "-", "--to", "binary"]):
        assert main(args) == 2
        out, err = capsys.readouterr()
        assert out == "" and "refusing to write a binary record to a terminal" in err
    assert path.read_text() == PLAIN


@pytest.mark.parametrize("out,binary", [("out.txt", False), ("out.pbtxt", False), ("out.bin", True),
                                        ("out.pb", True), ("out", True)])
def test_set_output_format_follows_the_extension_as_convert_does(tmp_path, out, binary):
    source = tmp_path / "r.bin"
    RecordDocument.from_text(PLAIN, "tf-inner").save(source, binary=True)
    assert main(["set", str(source), "conv1", "scale_d=0.25", "-o", str(tmp_path / out)]) == 0
    written = RecordDocument.load(tmp_path / out)
    assert written.binary is binary and written.message.record[0].value.scale_d == 0.25
    # from a text file, an extension that says nothing keeps the file's own format (text)
    text = tmp_path / "r.txt"
    text.write_text(PLAIN)
    assert main(["set", str(text), "conv1", "scale_d=0.25", "-o", str(tmp_path / ("t_" + out))]) == 0
    assert RecordDocument.load(tmp_path / ("t_" + out)).binary is (binary and out != "out")
    # in place: the file's own format, whatever its name
    assert main(["set", str(source), "conv1", "scale_d=0.125"]) == 0
    assert RecordDocument.load(source).binary


@pytest.mark.parametrize("assignment,rule", [
    ("act_type=BOGUS", "type-values"),
    ("offset_d=200", "offset-d-range"),
    ("scale_d=-1", "scale-positive"),
    ("key=", "empty-key"),
    ("key=conv2", "duplicate-key"),
])
def test_set_refuses_what_breaks_a_hard_rule_and_writes_nothing(tmp_path, assignment, rule):
    path = tmp_path / "r.txt"
    text = PLAIN + PLAIN.replace("conv1", "conv2")
    path.write_text(text)
    proc = run("set", str(path), "conv1", assignment)
    assert proc.returncode == 1, proc.stderr
    assert f"nothing written: error [{rule}]" in proc.stderr and "Traceback" not in proc.stderr
    assert path.read_text() == text
    proc = run("set", str(path), "conv1", assignment, "--json")
    assert proc.returncode == 1 and json.loads(proc.stdout)["rule_error"]["rule"] == rule
    assert path.read_text() == text


def test_set_force_writes_a_rule_breaking_value_but_never_an_empty_key(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    proc = run("set", str(path), "conv1", "act_type=BOGUS", "--force")
    assert proc.returncode == 0 and "written despite error [type-values]" in proc.stderr
    assert 'act_type: "BOGUS"' in path.read_text()
    before = path.read_text()
    proc = run("set", str(path), "conv1", "key=", "--force")
    assert proc.returncode == 1 and "cannot be empty, even with --force" in proc.stderr
    assert path.read_text() == before


def test_set_through_a_symlink_keeps_the_link(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text(PLAIN)
    link = tmp_path / "link.txt"
    link.symlink_to(target.name)
    assert run("set", str(link), "conv1", "scale_d=0.25").returncode == 0
    assert link.is_symlink() and "scale_d: 0.25" in target.read_text()


def test_set_refuses_a_float_that_float32_would_store_as_zero(tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(PLAIN)
    proc = run("set", str(path), "conv1", "scale_d=1e-50")
    assert proc.returncode == 2 and "below its smallest value" in proc.stderr
    assert path.read_text() == PLAIN


def test_a_mistyped_command_is_a_usage_error_without_starting_qt(tmp_path):
    record = tmp_path / "r.txt"
    record.write_text(PLAIN)
    script = f"""
import sys
from editor.cli import main
codes = [main(["chek"]), main(["chek", {str(record)!r}]), main(["infoo", "--json"])]
print(codes, "PySide6" in sys.modules)
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip().splitlines()[-1] == "[2, 2, 2] False"
    assert "unknown command 'chek' (did you mean 'check'?)" in proc.stderr
    assert "unknown command 'infoo' (did you mean 'info'?)" in proc.stderr


def test_a_file_named_like_a_command_still_opens_in_the_editor(tmp_path, monkeypatch, gui_calls):
    """Only a word that is not an existing path counts as a mistyped command."""
    monkeypatch.chdir(tmp_path)
    Path("chek").write_text(PLAIN)
    assert main(["chek"]) == 0 and gui_calls[-1]["path"] == "chek"


def test_the_editor_form_accepts_repair(gui_calls, pasted):
    """`record-editor --repair FILE` opens FILE with the reader's repair, as README says."""
    assert main(["--repair", str(pasted)]) == 0
    assert gui_calls == [{"path": str(pasted), "dialect": None, "repair": True}]


def test_the_editor_form_accepts_compare(gui_calls, tmp_path):
    """`record-editor A --compare B` opens A compared with B (README, Comparing two records)."""
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(PLAIN)
    b.write_text(PLAIN)
    assert main([str(a), "--compare", str(b)]) == 0
    assert gui_calls == [{"path": str(a), "dialect": None, "repair": False, "compare": str(b)}]


def test_info_counts_per_channel_values_only(tmp_path, capsys):
    """Per-tensor layers (one scale_w) are not per-channel values."""
    path = tmp_path / "r.txt"
    path.write_text('record {\n  key: "fc"\n  value {\n    scale_d: 0.5\n    offset_d: 0\n    scale_w: 0.1\n'
                    '    offset_w: 0\n  }\n}\nrecord {\n  key: "conv"\n  value {\n    scale_d: 0.5\n    offset_d: 0\n'
                    '    scale_w: [0.1, 0.2, 0.3]\n    offset_w: [0, 0, 0]\n  }\n}\n')
    assert main(["info", str(path), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["per_channel_values"], info["per_channel_layers"]) == (3, 1)
    assert main(["info", str(path)]) == 0
    assert "per-channel scale_w values: 3 in 1 layer" in capsys.readouterr().out


def test_samples_readme_says_which_samples_info_detects_as_another_dialect(capsys):
    readme = (samples_dir() / "README.md").read_text(encoding="utf-8")
    for line in readme.splitlines():
        m = re.match(r"- `([^`]+)` \(([\w-]+)\)", line)
        if not m:
            continue
        name, labelled = m.groups()
        assert main(["info", str(samples_dir() / name), "--json"]) == 0
        detected = json.loads(capsys.readouterr().out)["dialect"]
        if detected != labelled:
            assert f"reports it as {detected}" in line and f"--dialect {labelled}" in line, name
            assert main(["info", str(samples_dir() / name), "--dialect", labelled, "--json"]) == 0
            assert json.loads(capsys.readouterr().out)["dialect"] == labelled


def test_readme_describes_check_json_for_an_unreadable_file_as_it_is(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    proc = run("check", str(junk), "--json")
    entry = json.loads(proc.stdout)["files"][0]
    assert proc.returncode == 2 and entry["dialect"] is None and entry["problems"] == [] and entry["error"]
    assert '"dialect": null, "error": MESSAGE, "problems": []' in README


def test_readme_states_the_exit_codes_of_check_and_every_flag_it_documents(tmp_path):
    warn = tmp_path / "warn.txt"
    warn.write_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    offset_d: 1\n    scale_w: 0.1\n'
                    '    offset_w: 0\n    scale_d: 0.5\n  }\n}\n')  # only a field-override warning
    proc = run("check", str(warn))
    assert proc.returncode == 0 and "1 warning" in proc.stdout  # warnings alone: exit 0
    assert "warnings and notes alone exit 0" in README
    for flag in ("--force", "--json", "--repair"):
        assert flag in README
    assert "set FILE KEY FIELD=VALUE... [-o OUT [--to text\\|binary]] [--force] [--json]" in README
    assert "convert IN -o OUT" in README and re.search(r"convert IN -o OUT[^\n]*\[--json\]", README)


@pytest.mark.skipif(os.name != "posix", reason="FIFOs are POSIX")
def test_info_on_a_fifo_exits_2_at_once(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "editor", "info", str(fifo)], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "not a regular file" in proc.stderr


def test_set_judges_kv_cache_fields_of_the_pytorch_flavour_too(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes((samples_dir() / "resnet_pytorch.txt").read_bytes())
    before = path.read_text()
    proc = run("set", str(path), "seq_head.attn.v_proj", "kv_cache_value.scale[0]=-1")
    assert proc.returncode == 1 and "[kv-cache-factors]" in proc.stderr and path.read_text() == before
    assert run("set", str(path), "seq_head.attn.v_proj", "kv_cache_value.scale[0]=0.5").returncode == 0


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize("command", ["set", "convert"])
def test_a_read_only_output_needs_force(tmp_path, capsys, command):
    src = tmp_path / "r.txt"
    src.write_text(PLAIN)
    target = src if command == "set" else tmp_path / "out.txt"
    if command == "convert":
        target.write_text("# an older conversion\n")
    os.chmod(target, 0o444)
    before = target.read_bytes()
    args = (["set", str(src), "conv1", "scale_d=0.75"] if command == "set" else
            ["convert", str(src), "-o", str(target), "--to", "text", "--to-dialect", "pytorch"])
    assert main(args) == 2
    assert f"{target}: is read-only (mode 0444); nothing was saved (--force overwrites it)" in capsys.readouterr().err
    assert main([*args, "--json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["written"] is False and "read-only" in report["error"]
    assert target.read_bytes() == before
    assert main([*args, "--force"]) == 0
    assert target.read_bytes() != before and os.stat(target).st_mode & 0o777 == 0o444
