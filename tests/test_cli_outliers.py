"""`check --rule scale-w-outlier` and `--outlier-k` for scripts and CI; `info` counts outliers."""
from __future__ import annotations

import json
import re

import pytest

from editor.cli import main
from tests.conftest import RESNET50_CAFFE

RULE = "scale-w-outlier"


def _layer_named(line: str) -> str:
    """The layer a finding's line names (``layer "NAME"``)."""
    m = re.search(r'layer "([^"]+)"', line)
    assert m is not None, line
    return m.group(1)


def test_check_rule_lists_the_resnet50_layers_with_outliers_and_their_channels(capsys):
    assert main(["check", "--rule", RULE, str(RESNET50_CAFFE)]) == 0  # notes alone exit 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{RESNET50_CAFFE}: caffe, 0 errors, 0 warnings, 46 notes"
    findings = lines[:-1]
    assert len(findings) == 46
    assert all(re.match(rf"{re.escape(str(RESNET50_CAFFE))}:\d+:\d+: info \[{RULE}\] layer \"", f)
               for f in findings)
    res2a = [f for f in findings if 'layer "res2a_branch2c":' in f]
    assert len(res2a) == 1
    assert "12 of 256 scale_w values are outliers" in res2a[0]
    assert "scale_w[210] = 9.2789895e-07 (197× below)" in res2a[0]


def test_check_json_with_another_k(capsys):
    assert main(["check", "--rule", RULE, "--outlier-k", "3", "--json", str(RESNET50_CAFFE)]) == 0
    problems = json.loads(capsys.readouterr().out)["files"][0]["problems"]
    assert 0 < len(problems) < 46
    assert {p["rule"] for p in problems} == {RULE} and {p["severity"] for p in problems} == {"info"}
    res2a = next(p for p in problems if p["record"] == "res2a_branch2c")
    assert res2a["field"] == "scale_w[210]" and res2a["line"] is not None
    assert "Q3 + 3·IQR" in res2a["message"]


@pytest.mark.parametrize("k", ["-1", "nan", "inf", "lots"])
def test_a_bad_k_is_a_usage_error_with_json_on_stdout(k, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "--json", "--outlier-k", k, str(RESNET50_CAFFE)])
    assert stop.value.code == 2
    out = capsys.readouterr()
    assert "--outlier-k" in json.loads(out.out)["error"]
    assert "--outlier-k" in out.err


def test_info_counts_the_outliers_when_asked(capsys):
    assert main(["info", "--outliers", str(RESNET50_CAFFE)]) == 0
    out = capsys.readouterr().out
    assert "scale_w outliers (k = 1.5): 740 channels in 46 layers (record-editor check --rule " \
           "scale-w-outlier lists them)" in out
    assert main(["info", "--json", "--outlier-k", "3", str(RESNET50_CAFFE)]) == 0  # K asks too
    info = json.loads(capsys.readouterr().out)
    assert info["scale_w_outliers"]["k"] == 3.0
    assert 0 < info["scale_w_outliers"]["layers"] < 46
    assert info["scale_w_outliers"]["channels"] < 740
    # unasked, info stays quick (no numpy): it says how to count them
    assert main(["info", str(RESNET50_CAFFE)]) == 0
    assert "scale_w outliers: not counted (info --outliers counts them" in capsys.readouterr().out
    assert main(["info", "--json", str(RESNET50_CAFFE)]) == 0
    assert json.loads(capsys.readouterr().out)["scale_w_outliers"] is None


def test_check_sums_up_mild_outliers_in_one_short_line_per_layer(capsys):
    assert main(["check", str(RESNET50_CAFFE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    findings = [f for f in lines if f"[{RULE}]" in f]
    assert len(findings) == 46 and len({_layer_named(f) for f in findings}) == 46
    mild_only = [f for f in findings if "mild outliers (< 3× beyond" in f]
    assert mild_only and all(len(re.findall(r"scale_w\[\d+\] =", f)) == 0 for f in mild_only)
    assert all(len(f) < 300 for f in mild_only)
    # res2a_branch2c: its 5 strong channels listed one by one (the farthest first), 7 mild ones summed up
    res2a = next(f for f in findings if 'layer "res2a_branch2c":' in f)
    assert "12 of 256 scale_w values are outliers, 5 of them strong" in res2a
    assert "scale_w[210] = 9.2789895e-07 (197× below)" in res2a
    assert len(re.findall(r"scale_w\[\d+\] =", res2a)) == 5 and "7 mild, the farthest" in res2a
    assert "(536× below)" in next(f for f in findings if 'layer "res2c_branch2a":' in f)


def test_check_verbose_and_a_strong_fence_of_its_own(capsys):
    assert main(["check", "--verbose", str(RESNET50_CAFFE)]) == 0
    verbose = capsys.readouterr().out
    assert "mild outliers" not in verbose
    assert len(re.findall(r"scale_w\[\d+\] =", verbose)) > 500  # every outlier (up to 32 a layer) listed
    assert main(["check", "--strong-fence", "100", str(RESNET50_CAFFE)]) == 0
    out = capsys.readouterr().out
    strong = [f for f in out.splitlines() if "of them strong" in f]
    # beyond 100× among layers of several outliers: res2c_branch2a (536×), res2a_branch1 (241×),
    # res2a_branch2c (197×); res3b_branch2a (320×) has a single outlier, named in its own line
    assert sorted(_layer_named(f) for f in strong) == [
        "res2a_branch1", "res2a_branch2c", "res2c_branch2a"]
    assert "is an outlier: 320× below" in next(f for f in out.splitlines() if 'layer "res3b_branch2a"' in f)
    with pytest.raises(SystemExit) as stop:
        main(["check", "--strong-fence", "0.5", str(RESNET50_CAFFE)])
    assert stop.value.code == 2
