"""The record checked against the network it belongs to: real ResNet-101/152 definitions with
records generated for them, planted faults, layer types from the model, live checking."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from editor.cli import main
from editor.models import load_model
from editor.models import synth as model_synth
from editor.models.weights import Review, layer_arq
from editor.records import synth
from editor.records.rules import RULES, LiveChecker
from editor.records.rules import check_message as _check_message
from tests.models.conftest import RESNET101, RESNET152
from tests.models.kit import layer_of

#: every rule but scale-w-outlier: the generated (lognormal) scales have a few outliers by chance
RULES_BUT_OUTLIERS = [r for r in RULES if r != "scale-w-outlier"]


def check_message(message, dialect, **kwargs):
    return _check_message(message, dialect, rules=RULES_BUT_OUTLIERS, **kwargs)


@pytest.fixture(scope="module", params=[RESNET101, RESNET152], ids=["resnet101", "resnet152"])
def resnet(request):
    return load_model(request.param)


def record_for(model):
    """A Caffe record with one entry per layer AMCT quantizes with weights, as AMCT writes them."""
    return synth.build_record("caffe", synth.layers_from_model(model), seed=7)


def entry(message, key):
    return next(e for e in message.record if e.key == key)


def layers_named(model, problems) -> set[str]:
    """Every layer of the model whose name appears (as a whole word) in the problems' messages."""
    text = "\n".join(p.message for p in problems)
    words = set(re.findall(r"[A-Za-z0-9_/.:-]+", text))
    return {name for name in model.by_name if name in words}


def test_a_clean_record_checks_clean(resnet):
    message = record_for(resnet)
    assert len(message.record) == len(resnet.quantizable_layers(weighted_only=True))
    assert check_message(message, "caffe", model=resnet) == []


def rename(message):
    entry(message, "res3a_branch2b").key = "res3a_branch2x"
    return "res3a_branch2x", {"res3a_branch2x", "res3a_branch2b"}


def drop_channel(message):
    value = entry(message, "res4a_branch1").value
    del value.scale_w[-1]
    del value.offset_w[-1]
    return "res4a_branch1", {"res4a_branch1"}


def wrong_height(message):
    entry(message, "res5a_branch2b").value.height = 14
    return "res5a_branch2b", {"res5a_branch2b"}


def missing_fc(message):
    message.record.remove(entry(message, "fc1000"))
    return None, {"fc1000"}


@pytest.mark.parametrize("plant,rule,field,numbers", [
    (rename, "model-unknown-key", "key", ["res3a_branch2b"]),
    (drop_channel, "model-channels", "scale_w", ["1023", "1024"]),
    (wrong_height, "model-input-shape", "height", ["14", "7"]),
    (missing_fc, "model-missing-record", "record", ["fc1000", "InnerProduct"]),
])
def test_a_planted_fault_is_reported_once_naming_the_layer_and_both_numbers(resnet, plant, rule, field, numbers):
    message = record_for(resnet)
    key, touched = plant(message)
    problems = check_message(message, "caffe", model=resnet)
    assert [(p.rule, p.key, p.field) for p in problems] == [(rule, key, field)], [p.message for p in problems]
    text = problems[0].message
    for n in numbers:
        assert re.search(rf"\b{re.escape(n)}\b", text), (n, text)
    assert layers_named(resnet, problems) <= touched  # an untouched layer is never named


def test_all_four_faults_together_each_once(resnet):
    message = record_for(resnet)
    touched: set[str] = set()
    for plant in (rename, drop_channel, wrong_height, missing_fc):
        touched |= plant(message)[1]
    problems = check_message(message, "caffe", model=resnet)
    assert sorted(p.rule for p in problems) == sorted(
        ["model-unknown-key", "model-channels", "model-input-shape", "model-missing-record"])
    assert layers_named(resnet, problems) <= touched
    missing = next(p for p in problems if p.rule == "model-missing-record")
    assert "res3a_branch2b" not in missing.message  # reported with the renamed key instead


def test_messages_quote_amct(resnet):
    message = record_for(resnet)
    drop_channel(message)
    rename(message)
    by_rule = {p.rule: p.message for p in check_message(message, "caffe", model=resnet)}
    assert "should be equal to the 1024 when channel_wise be True" in by_rule["model-channels"]
    assert "did you mean \"res3a_branch2b\"? That layer has no record" in by_rule["model-unknown-key"]
    assert "find res3a_branch2x failure in" in by_rule["model-unknown-key"]


def test_layer_types_come_from_the_model_and_say_so(resnet):
    message = record_for(resnet)
    fc = entry(message, "fc1000").value
    fc.scale_w.extend([fc.scale_w[0]] * 999)
    fc.offset_w.extend([0] * 999)
    pool = message.record.add(key="pool5")
    pool.value.scale_d, pool.value.offset_d = 0.05, -128
    pool.value.channels, pool.value.height, pool.value.width = 2048, 7, 7
    pool.value.scale_w.append(0.01)
    pool.value.offset_w.append(0)
    guessed = {p.rule: p for p in check_message(message, "caffe")}
    assert guessed["per-channel-type"].severity.value == "warning"
    assert "guessed from its name" in guessed["per-channel-type"].message
    known = {p.rule: p for p in check_message(message, "caffe", model=resnet)}
    assert known["per-channel-type"].severity.value == "error"
    assert "(type InnerProduct from the model)" in known["per-channel-type"].message
    assert known["avgpool-weights"].severity.value == "error"
    assert "(type Pooling from the model)" in known["avgpool-weights"].message
    assert "model-channels" not in known  # the per-channel finding is per-channel-type's alone


def test_not_quantizable_and_tensor_keys(resnet):
    message = record_for(resnet)
    relu = message.record.add(key="res2a_relu")
    relu.value.scale_d, relu.value.offset_d = 0.05, -128
    relu.value.channels, relu.value.height, relu.value.width = 256, 56, 56
    problems = check_message(message, "caffe", model=resnet)
    assert [(p.rule, p.key) for p in problems] == [("model-not-quantizable", "res2a_relu")]
    assert "is a ReLU" in problems[0].message and "res2a_relu cannot be quantized" in problems[0].message


def test_live_checker_attaches_and_detaches_a_model(resnet):
    message = record_for(resnet)
    wrong_height(message)
    live = LiveChecker(message, "caffe", rules=RULES_BUT_OUTLIERS)
    assert live.problems == []
    live.set_model(resnet)
    assert [p.rule for p in live.problems] == ["model-input-shape"]
    index = next(i for i, e in enumerate(message.record) if e.key == "res5a_branch2b")
    message.record[index].value.height = 7
    live.entry_changed(index)
    assert live.problems == []
    message.record[index].key = "res5a_branch2z"
    live.entry_changed(index)
    assert sorted(p.rule for p in live.problems) == ["model-unknown-key"]
    live.set_model(None)
    assert live.problems == []


def test_tf_depthwise_channels_and_weights(tmp_path):
    path = tmp_path / "frozen.pb"
    model_synth.tf_graph(path, seed=3)
    model = load_model(path)
    message = synth.build_record("tf-inner", synth.layers_from_model(model), seed=2)
    for e in message.record:
        layer = layer_of(model, e.key)
        e.value.scale_w[:] = layer_arq(model, layer, channel_wise=len(e.value.scale_w) > 1).scale.tolist()
    assert [len(e.value.scale_w) for e in message.record] == [8, 16, 1]
    assert check_message(message, "tf-inner", model=model) == []
    dw = entry(message, "dw/depthwise").value
    dw.scale_w[5] = dw.scale_w[5] * 4
    (p,) = check_message(message, "tf-inner", model=model)
    assert (p.rule, p.field, p.severity.value) == ("model-scale-w-weights", "scale_w[5]", "warning")
    assert "wastes levels in 1 of 16 channels (5)" in p.message and "is 4×" in p.message
    del dw.scale_w[-1]
    del dw.offset_w[-1]
    (p,) = check_message(message, "tf-inner", model=model)
    assert p.rule == "model-channels" and "takes 16" in p.message and "DepthwiseConv2dNative, 8 → 16" in p.message
    # skip_fusion: the weights review compares with the unfolded weights then
    conv = entry(message, "conv/Conv2D").value
    conv.skip_fusion = True
    flagged = [p for p in check_message(message, "tf-inner", model=model) if p.rule == "model-scale-w-weights"]
    assert flagged and flagged[0].key == "conv/Conv2D" and "folded" not in flagged[0].message


def test_check_command_with_a_model(tmp_path, capsys):
    model = load_model(RESNET101)
    message = record_for(model)
    wrong_height(message)
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))
    assert main(["check", str(record), "--model", str(RESNET101), "--json", "--severity", "warning"]) == 1
    out = json.loads(capsys.readouterr().out)
    (p,) = out["files"][0]["problems"]
    assert p["rule"] == "model-input-shape" and p["record"] == "res5a_branch2b" and p["line"]
    assert out["model"]["framework"] == "caffe" and out["model"]["layers"] == 449
    assert main(["check", str(record)]) == 0  # without the model nothing is wrong
    capsys.readouterr()
    missing = tmp_path / "nope.prototxt"
    assert main(["check", str(record), "--model", str(missing), "--json"]) == 2
    assert "no such file" in json.loads(capsys.readouterr().out)["error"]


def test_check_command_reports_the_weights_rule(tmp_path, capsys):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path, seed=4)
    model = load_model(path)
    message = synth.build_record("pytorch", synth.layers_from_model(model), seed=1)
    for e in message.record:
        layer = layer_of(model, e.key)
        e.value.scale_w[:] = layer_arq(model, layer, channel_wise=len(e.value.scale_w) > 1).scale.tolist()
    entry(message, "conv2").value.scale_w[7] *= np.float32(0.25)
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))
    assert main(["check", str(record), "--model", str(path)]) == 0  # warnings alone
    out = capsys.readouterr().out
    assert "warning [model-scale-w-weights] layer \"conv2\": scale_w clips the weights in 1 of 32 channels (7)" in out


def test_live_suggestions_follow_other_keys(resnet):
    message = record_for(resnet)
    rename(message)  # res3a_branch2b -> res3a_branch2x
    live = LiveChecker(message, "caffe", model=resnet, rules=RULES_BUT_OUTLIERS)
    (p,) = live.problems
    assert "did you mean \"res3a_branch2b\"? That layer has no record" in p.message
    added = message.record.add(key="res3a_branch2b")
    added.CopyFrom(entry(message, "res3a_branch2x"))
    added.key = "res3a_branch2b"
    live.entries_inserted(len(message.record) - 1)
    (p,) = live.problems  # no longer suggested as a layer without a record
    assert p.rule == "model-unknown-key" and "has no record" not in p.message
    assert p.message == check_message(message, "caffe", model=resnet)[0].message


def test_review_record_gives_every_entry_a_review_or_a_reason(tmp_path):
    from editor.models import LoadCancelled, ModelError
    from editor.records.model_review import review_record

    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path, seed=6)
    model = load_model(path)
    message = synth.build_record("onnx", synth.layers_from_model(model), seed=3)
    tensor = message.record.add(key="conv2:0")
    tensor.value.scale_d, tensor.value.offset_d = 0.1, 0
    reviews = review_record(message, "onnx", model)
    assert isinstance(reviews[len(message.record) - 1], ModelError)
    conv1 = reviews[0]
    assert isinstance(conv1, Review)
    # ONNX leaves skip_fusion true by default: no BatchNorm folding
    assert conv1.layer.name == "conv1" and not conv1.arq.folded and conv1.scale_w.size == 16
    assert all(not isinstance(r, ModelError) for i, r in reviews.items() if i < len(message.record) - 1)
    worst = {message.record[i].key: r.worst_ratio for i, r in reviews.items() if not isinstance(r, ModelError)}
    assert set(worst) == {"conv1", "conv2", "deconv", "fc", "proj"}
    with pytest.raises(LoadCancelled):
        review_record(message, "onnx", model, progress=lambda done, total: done < 2)


def test_shape_fixes_write_back_exactly_the_planted_wrong_and_missing_shapes():
    from editor.records.model_review import shape_fixes

    model = load_model(RESNET101)
    message = record_for(model)
    assert shape_fixes(message, model) == {}
    entry(message, "res5a_branch2b").value.height = 14
    entry(message, "fc1000").value.ClearField("channels")
    index = {e.key: i for i, e in enumerate(message.record)}
    fixes = shape_fixes(message, model)
    assert fixes == {index["res5a_branch2b"]: {"height": 7}, index["fc1000"]: {"channels": 2048}}
    assert shape_fixes(message, model, [index["fc1000"]]) == {index["fc1000"]: {"channels": 2048}}
    for i, fields in fixes.items():
        for f, v in fields.items():
            setattr(message.record[i].value, f, v)
    assert check_message(message, "caffe", model=model) == []
