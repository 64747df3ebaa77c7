"""`--lang zh_CN` / RECORD_EDITOR_LANG: the command line in Chinese — the same rule ids, exit
codes and JSON keys, the messages and the summary in Chinese; English by default."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from editor import i18n
from editor.cli import main

RULES = Path(__file__).resolve().parent / "data" / "rules"
BAD = [str(RULES / "offset-d-range.bad.txt"), str(RULES / "prune-width.bad.txt")]
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def _check(capsys, *args: str) -> tuple[int, list[str], str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_check_speaks_chinese_with_the_same_rules_lines_and_exit_code(capsys):
    code_en, en, _ = _check(capsys, *BAD)
    code_zh, zh, _ = _check(capsys, "--lang", "zh_CN", *BAD)
    assert code_en == code_zh == 1
    assert len(en) == len(zh)
    # FILE:LINE:COL: severity [rule] stay as they are (editors link them); the message is Chinese
    problems = [(e, z) for e, z in zip(en, zh, strict=True) if "] " in e]
    assert len(problems) == 9
    for e, z in problems:
        assert e.split("] ")[0] == z.split("] ")[0]
        assert HAN.search(z.split("] ", 1)[1])
    assert not any(HAN.search(line) for line in en)
    assert '层 "unset/Conv2D"：offset_d = 200 超出 [-128, 127]（未设置 act_type，按 INT8）' in zh[0]
    assert zh[-2].endswith("prune-width.bad.txt：tf-inner，2 个错误，1 个警告，0 个提示")  # then the total


def test_the_environment_variable_asks_for_chinese_and_lang_overrides_it(capsys, monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "zh_CN.UTF-8")
    _, zh, _ = _check(capsys, BAD[0])
    assert HAN.search(zh[0])
    _, en, _ = _check(capsys, "--lang", "en", BAD[0])
    assert not HAN.search(en[0])


def test_an_unknown_language_in_the_environment_is_said_and_english_spoken(capsys, monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "klingon")
    code, out, err = _check(capsys, BAD[0])
    assert code == 1 and not HAN.search("\n".join(out))
    assert "RECORD_EDITOR_LANG=klingon" in err


def test_an_unknown_lang_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "--lang", "fr", BAD[0]])
    assert stop.value.code == 2
    assert "unknown language 'fr'" in capsys.readouterr().err


def _keys(value) -> object:
    if isinstance(value, dict):
        return {k: _keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys(v) for v in value]
    return None


def test_json_keys_and_rule_ids_stay_english(capsys):
    code_en, en, _ = _check(capsys, "--json", *BAD)
    code_zh, zh, _ = _check(capsys, "--json", "--lang", "zh_CN", *BAD)
    a, b = json.loads("\n".join(en)), json.loads("\n".join(zh))
    assert code_en == code_zh == 1
    assert _keys(a) == _keys(b)
    problems_a = [p for f in a["files"] for p in f["problems"]]
    problems_b = [p for f in b["files"] for p in f["problems"]]
    assert [(p["rule"], p["severity"], p.get("field")) for p in problems_a] == \
        [(p["rule"], p["severity"], p.get("field")) for p in problems_b]
    assert all(HAN.search(p["message"]) for p in problems_b)


def test_chinese_check_imports_no_qt():
    script = ("import sys\nfrom editor.cli import main\n"
              f"code = main(['check', '--lang', 'zh_CN', {BAD[0]!r}])\n"
              "print(code, 'PySide6' in sys.modules, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, encoding="utf-8")
    assert proc.stderr.strip().splitlines()[-1] == "1 False"
    assert "超出" in proc.stdout


def test_english_info_reads_no_translation_file():
    from editor.paths import samples_dir

    script = ("import sys\nfrom editor.cli import main\n"
              f"code = main(['info', {str(samples_dir() / 'resnet_tf_inner_prune.txt')!r}])\n"
              "print(code, 'xml.etree.ElementTree' in sys.modules, file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert proc.stderr.strip().splitlines()[-1] == "0 False"


def test_info_and_set_speak_chinese_too(capsys, tmp_path):
    from editor.paths import samples_dir

    assert main(["info", "--lang", "zh_CN", str(samples_dir() / "resnet_tf_inner_prune.txt")]) == 0
    out = capsys.readouterr().out
    assert "稀疏记录：28" in out and "字节" in out
    target = tmp_path / "r.txt"
    target.write_bytes((samples_dir() / "resnet_pytorch.txt").read_bytes())
    # a usage error: exit 2, said in Chinese
    assert main(["set", "--lang", "zh_CN", str(target), "no/such/layer", "offset_d=1"]) == 2
    assert "没有 key 为 'no/such/layer' 的层" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_a_refused_save_is_said_in_chinese(capsys, tmp_path):
    import os

    from editor.paths import samples_dir
    from editor.records.filewrite import unchanged_said

    target = tmp_path / "r.txt"
    target.write_bytes((samples_dir() / "resnet_pytorch.txt").read_bytes())
    os.chmod(target, 0o444)
    key = "layer1.0.conv1"
    assert main(["set", "--lang", "zh_CN", str(target), key, "offset_d=1"]) == 2
    err = capsys.readouterr().err
    assert "是只读文件（权限 0444）；没有保存任何内容" in err, err
    assert "read-only" not in err
    # the window's save dialog tells whether the message already says the file is unchanged
    assert unchanged_said("无法保存（磁盘已满）；磁盘上的文件未作改动")
    i18n.set_language(i18n.SOURCE_LANGUAGE)
    assert unchanged_said("could not save (the disk is full); the file on disk is unchanged")
    assert not unchanged_said("无法保存（磁盘已满）；磁盘上的文件未作改动")
