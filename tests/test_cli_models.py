"""The command line with a model attached: `info --model`, `refit`, and their errors."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from editor.cli import main
from editor.models import load_model
from editor.models import synth as model_synth
from editor.models.weights import layer_arq
from editor.records import synth
from tests.records.compat import changed_lines

RESNET101 = "tests/data/models/ResNet-101-deploy.prototxt"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "editor", *args], capture_output=True, text=True)


def fitted_record(model, dialect: str):
    """A record for `model` whose scale_w are exactly AMCT's ARQ values of its weights."""
    message = synth.build_record(dialect, synth.layers_from_model(model), seed=1)
    for entry in message.record:
        layer = model.layer(entry.key)
        fold = not entry.value.skip_fusion
        arq = layer_arq(model, layer, fold=fold, channel_wise=len(entry.value.scale_w) > 1)
        entry.value.scale_w[:] = arq.scale.tolist()
    return message


@pytest.fixture
def caffe_case(tmp_path):
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    blobs = model_synth.caffe_net(proto, weights, seed=11)
    model = load_model(proto, weights)
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(fitted_record(model, "caffe")))
    return record, proto, weights, blobs


def amct_arq_conv1(blobs) -> np.ndarray:
    """AMCT's formula, written out independently: fold BatchNorm + Scale into conv1's weights in
    float32, then per output channel boundary / q (q = 127, or 128 when |min| > |max|)."""
    w = blobs["conv1"][0].reshape(8, -1)
    _mean_sum, var_sum, factor = blobs["bn1"]
    gamma = blobs["scale1"][0]
    var = (var_sum * (np.float32(1) / factor[0])).astype(np.float32)
    mult = (gamma * (np.float32(1) / np.sqrt(var + np.float32(1e-5)))).astype(np.float32)
    rows = (w * mult[:, None]).astype(np.float32)
    mx, mn = rows.max(1), rows.min(1)
    q = np.where(np.abs(mx) < np.abs(mn), np.float32(128), np.float32(127))
    return (np.maximum(np.abs(mx), np.abs(mn)) / q).astype(np.float32)


def test_refit_rewrites_exactly_the_planted_line_to_amcts_value(caffe_case):
    record, proto, weights, blobs = caffe_case
    text = record.read_text()
    lines = text.splitlines()
    # plant a quarter of the ARQ value on channel 5 of conv1 (the 6th scale_w line of the file)
    at = [i for i, line in enumerate(lines) if line.strip().startswith("scale_w:")][5]
    good = np.float32(lines[at].split(":")[1])
    lines[at] = f"    scale_w: {np.float32(good / np.float32(4))}"
    record.write_text("\n".join(lines) + "\n")
    planted = record.read_text()
    proc = run("refit", str(record), "--model", str(proto), "--weights", str(weights))
    assert proc.returncode == 0, proc.stderr
    assert "conv1: scale_w of 1 channel refit ([5]" in proc.stdout
    after = record.read_text()
    diff = changed_lines(planted, after)
    assert len(diff) == 2 and diff[0] == "-" + lines[at]
    new = np.float32(diff[1].split(":")[1])
    expected = amct_arq_conv1(blobs)[5]
    assert new.tobytes() == expected.tobytes() == good.tobytes()
    assert after == text


def test_refit_of_a_clean_record_changes_nothing(caffe_case, capsys):
    record, proto, weights, _ = caffe_case
    before = record.read_bytes()
    assert main(["refit", str(record), "--model", str(proto), "--weights", str(weights)]) == 0
    assert "nothing to refit" in capsys.readouterr().err
    assert record.read_bytes() == before


def test_refit_named_layers_json_and_output_file(tmp_path, capsys):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path, seed=2)
    model = load_model(path)
    message = fitted_record(model, "pytorch")
    conv2 = next(e for e in message.record if e.key == "conv2")
    conv2.value.scale_w[1] *= 3   # three times the weights' range: wastes levels, flagged
    conv2.value.offset_w[2] = 4   # an offset ARQ never gives
    fc = next(e for e in message.record if e.key == "fc")
    fc.value.scale_w[0] *= 1.5    # within the default waste threshold: refit only when named
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))
    before = record.read_text()
    out = tmp_path / "out.txt"
    assert main(["refit", str(record), "conv2", "fc", "--model", str(path), "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] and report["output"] == str(out) and record.read_text() == before
    layers = {lay["key"]: lay for lay in report["layers"]}
    assert layers["conv2"]["channels"] == [1] and layers["conv2"]["offset_w_reset"] == 1
    assert layers["conv2"]["ratios"] == [pytest.approx(3.0)] and layers["fc"]["channels"] == [0]
    assert report["model"]["framework"] == "onnx"
    assert len(changed_lines(before, out.read_text())) == 6  # two scale_w lines and one offset_w, - and +
    # by default only what the review flags: fc's 1.5 stays
    assert main(["refit", str(record), "--model", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [lay["key"] for lay in report["layers"]] == ["conv2"]


def test_refit_refuses_a_layer_it_cannot_refit_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path)
    message = fitted_record(load_model(path), "pytorch")
    extra = message.record.add(key="not_in_model")
    extra.value.scale_d, extra.value.offset_d = 0.1, 0
    extra.value.scale_w.append(0.1)
    extra.value.offset_w.append(0)
    pool = message.record.add(key="pool")
    pool.value.scale_d, pool.value.offset_d = 0.1, 0
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))
    before = record.read_bytes()
    assert main(["refit", str(record), "not_in_model", "pool", "--model", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["written"] and [s["key"] for s in report["skipped"]] == ["not_in_model", "pool"]
    assert "no layer 'not_in_model'" in report["skipped"][0]["reason"]
    assert record.read_bytes() == before
    assert main(["refit", str(record), "nosuchkey", "--model", str(path)]) == 2


@pytest.mark.parametrize("command", ["info", "refit"])
def test_an_unreadable_model_is_exit_2_with_json(tmp_path, command):
    record = tmp_path / "r.txt"
    record.write_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    offset_d: 0\n  }\n}\n')
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"\x08\x07\x3a\xff\xff\xff\xff\x0f")
    proc = run(command, str(record), "--model", str(junk), "--json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    report = json.loads(proc.stdout)
    assert report["path"] == str(junk) and report["error"].startswith(f"{junk}:")
    assert "not an ONNX model" in report["error"]
    proc = run(command, str(record), "--model", str(junk))
    assert proc.returncode == 2 and "not an ONNX model" in proc.stderr and "Traceback" not in proc.stderr


def test_weights_without_model_is_refused(tmp_path):
    record = tmp_path / "r.txt"
    record.write_text('record {\n  key: "a"\n}\n')
    proc = run("info", str(record), "--weights", str(record))
    assert proc.returncode == 2 and "--weights needs --model" in proc.stderr


def test_info_and_check_agree_on_the_layers_without_a_record(tmp_path, capsys):
    model = load_model(RESNET101)
    message = synth.build_record("caffe", synth.layers_from_model(model), seed=1)
    message.record[3].key = "res2a_branch2x"
    del message.record[-1]  # fc1000
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))
    assert main(["info", str(record), "--model", RESNET101, "--json"]) == 0
    info = json.loads(capsys.readouterr().out)["model"]
    assert info["framework"] == "caffe" and info["layers"] == 449 and info["weighted"] == 105
    assert info["matched"] == 103 and info["unmatched_keys"] == ["res2a_branch2x"]
    # the renamed key's layer is told with that key, and counted once: not among those without a record
    assert info["suggested"] == {"res2a_branch2x": "res2a_branch2b"}
    assert info["without_record"] == ["fc1000"]
    assert main(["info", str(record), "--model", RESNET101]) == 0
    out = capsys.readouterr().out
    assert "keys matching a model layer: 103 of 104; unmatched keys: 1 (res2a_branch2x)" in out
    assert "model layers without a record: 1 (fc1000)" in out
    assert "probably meant for a layer without a record: res2a_branch2x → res2a_branch2b" in out
    # check says the same number of layers
    main(["check", str(record), "--model", RESNET101, "--json", "--rule", "model-missing-record"])
    (missing,) = json.loads(capsys.readouterr().out)["files"][0]["problems"]
    assert missing["message"].startswith("1 layer of the model ResNet-101-deploy.prototxt")
    assert "fc1000" in missing["message"] and "res2a_branch2b" not in missing["message"]


def test_a_model_that_cannot_be_read_is_said_in_chinese(tmp_path):
    record = tmp_path / "r.txt"
    record.write_text('record {\n  key: "a"\n  value {\n    scale_d: 0.5\n    offset_d: 0\n  }\n}\n')
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"\x08\x07\x3a\xff\xff\xff\xff\x0f")
    proc = run("info", str(record), "--model", str(junk), "--lang", "zh_CN")
    assert proc.returncode == 2 and "不是 ONNX 模型" in proc.stderr, proc.stderr
    text = tmp_path / "net.prototxt"
    text.write_text('name: "x"\nlayer {\n  name: "a"\n  type: \n')
    proc = run("info", str(record), "--model", str(text), "--lang", "zh_CN")
    assert proc.returncode == 2 and "不是有效的" in proc.stderr, proc.stderr
    assert "此处应为" in proc.stderr or "无法解析" in proc.stderr, proc.stderr  # protobuf's words too
