"""The command line on hostile input: an answer for every file, exit 0/1/2, JSON under --json."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from editor.cli import main
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True,
                          env={**os.environ, **env})


def test_a_huge_integer_gives_json_and_exit_2_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "r.txt"
    path.write_text('record {\n  key: "a"\n  value {\n    offset_d: 1' + "0" * 5000 + "\n  }\n}\n")
    assert main(["check", "--json", str(path)]) == 2
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["error"].startswith(f"{path}:4:15: Couldn't parse integer") and len(entry["error"]) < 300
    assert main(["info", "--json", str(path)]) == 2
    assert json.loads(capsys.readouterr().out)["error"].startswith(f"{path}:4:15:")


def test_a_binary_key_that_is_not_utf8_is_reported_by_every_command(tmp_path, capsys):
    msg = DIALECTS["tf-inner"].new_message()
    entry = msg.record.add()
    entry.key = "abc"
    entry.value.scale_d = 0.5
    path = tmp_path / "r.pb"
    path.write_bytes(msg.SerializeToString().replace(b"abc", b"a\xffc"))
    out = str(tmp_path / "o.txt")
    for argv in (["check", str(path)], ["info", str(path)], ["convert", str(path), "-o", out],
                 ["convert", str(path), "-o", out, "--to-dialect", "pytorch"],
                 ["set", str(path), "abc", "scale_d=1"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "record[0].key is not UTF-8 text (byte 0xff at offset 5 of the file)" in err, argv
    assert not os.path.exists(out)


def test_control_bytes_under_dialect_read_as_text(tmp_path, capsys):
    path = tmp_path / "r.txt"
    path.write_bytes(b'record {\n  key: "conv\x011"\n  value {\n    scale_d: 0.5\n  }\n}\n')
    assert main(["info", "--json", "--dialect", "tf-inner", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "text"


@pytest.mark.skipif(sys.platform == "win32", reason="file names as bytes are POSIX")
def test_a_file_name_that_is_not_utf8_prints_under_a_strict_utf8_terminal(tmp_path):
    name = os.fsencode(tmp_path) + b"/r\xff\x1b.txt"
    with open(name, "wb") as fh:
        fh.write(b'record {\n  key: "a"\n  value {\n    scale_d: 0.5 bogus\n  }\n}\n')
    shown = os.fsdecode(name)
    for args in (("check", shown), ("info", shown), ("check", "--json", shown)):
        proc = run(*args, PYTHONIOENCODING="utf-8:strict")
        assert proc.returncode == 2, proc.stderr
        assert b"Traceback" not in proc.stderr and b"\x1b" not in proc.stderr + proc.stdout
        if "--json" in args:
            assert json.loads(proc.stdout)["files"][0]["error"]
        else:
            assert b"r\\xff\\x1b.txt:4:18: unknown field" in proc.stderr


def test_terminal_escapes_in_a_file_do_not_reach_the_terminal(tmp_path):
    path = tmp_path / "r.txt"
    path.write_bytes(b'record {\n  key: "a"\n  value {\n    scale_d: \x1b[2J \x1b]0;PWNED\x07\n  }\n}\n')
    proc = run("check", str(path))
    assert proc.returncode == 2 and b"\x1b" not in proc.stderr and b"\\x1b" in proc.stderr


def test_a_long_key_does_not_make_the_json_report_long(tmp_path, capsys):
    key = "k" * 1_000_000
    entry = 'record {\n  key: "%s"\n  value {\n    scale_d: -1\n    offset_d: 900\n  }\n}\n' % key
    path = tmp_path / "r.txt"
    path.write_text(entry * 2)
    assert main(["check", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    problems = report["files"][0]["problems"]
    assert len(problems) >= 3
    assert all(len(p["message"]) < 500 for p in problems)


def test_info_starts_without_numpy_the_rules_or_the_model_readers():
    """Start-up is most of `info` on a small file: it must not pay for what only other
    commands use (numpy alone takes longer to import than protoc takes to run), nor for
    saving (read-back, text writing, OpenSSL for hashlib, tempfile), nor shutil (argparse
    imports it to size its help unless told the width: `_args.Formatter`)."""
    assert _heavy_after("info") == "0 []"


def _heavy_after(command: str, *args: str, path: str | None = None, saving: bool = False) -> str:
    from editor.paths import samples_dir

    path = path or str(samples_dir() / 'resnet_tf_inner_prune.txt')
    savers = () if saving else ('editor.records.editing', 'editor.records.readback', 'editor.records.textwrite')
    script = ("import sys\nfrom editor.cli import main\n"
              f"command = {command!r}\n"
              f"code = main([{command!r}, {path!r}, *{list(args)!r}])\n"
              "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'PySide6', 'pyqtgraph',\n"
              "                                                             'hashlib', 'tempfile', 'shutil',\n"
              "                                                             'difflib', 'json', 'random')\n"
              "               or m.startswith(('editor.models', 'editor.analysis', 'onnxruntime',\n"
              "                                'editor.records.diff', 'editor.records.repair',\n"
              f"                                *{savers!r}))\n"
              "               or m.startswith('editor.records.rules') and command == 'info')\n"
              "print(code, heavy, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    return proc.stderr.strip().splitlines()[-1]


def test_check_starts_without_numpy_the_edit_api_or_the_savers():
    """A small record's check runs its rules in plain Python (`rules/_vectors.py`); the
    rules package leaves validation (and with it the edit API) to the first use."""
    assert _heavy_after("check") == "0 []"


def test_set_saves_without_numpy_tempfile_json_or_shutil(tmp_path):
    """A save after one edit is mostly fixed costs on a small file: the edit is judged in
    plain Python, the temporary made without tempfile (which brings shutil, random, bz2 and
    lzma), and json is imported only for --json."""
    from editor.paths import samples_dir

    path = tmp_path / "r.txt"
    path.write_bytes((samples_dir() / "resnet_tf_inner_prune.txt").read_bytes())
    key = RecordDocument.load(path).message.record[0].key
    assert _heavy_after("set", key, "scale_d=0.5", path=str(path), saving=True) == "0 []"
    assert RecordDocument.load(path).message.record[0].value.scale_d == 0.5


def test_help_is_sized_to_columns_without_shutil(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    narrow = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 60 for line in narrow if "{" not in line)  # a choice list cannot wrap
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    wide = capsys.readouterr().out.splitlines()
    assert len(wide) < len(narrow) and max(len(line) for line in wide if "{" not in line) > 60
