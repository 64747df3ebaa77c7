"""The synthetic-record generator and the bundled samples it writes."""
from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from google.protobuf import text_format
from google.protobuf.message import Message

from editor.paths import default_sample, samples_dir
from editor.records import synth
from editor.records.dialects import DIALECTS
from editor.records.messages import RecordMessage

REPO_SCRIPTS = samples_dir().parents[1] / "scripts"
SAMPLES = {s.filename: s for s in synth.SAMPLES}
FLT_MAX = float(np.finfo(np.float32).max)


def _parse(sample: synth.Sample) -> RecordMessage:
    """The committed sample file, read with the strict parser into its dialect's message."""
    text = (samples_dir() / sample.filename).read_text(encoding="utf-8")
    return text_format.Parse(text, DIALECTS[sample.dialect].new_message())


def _nodes(message: RecordMessage) -> Iterator[tuple[str, RecordMessage]]:
    for record in message.prune_record:
        for node in record.producer:
            yield "producer", node
        for node in record.consumer:
            yield "consumer", node


def _attrs(node: RecordMessage) -> dict[str, RecordMessage]:
    return {attr.name: attr for attr in node.attr}


def _has(value: Message, name: str) -> bool:
    """Whether a field is present: set if singular, non-empty if repeated."""
    if value.DESCRIPTOR.fields_by_name[name].is_repeated:
        return bool(getattr(value, name))
    return value.HasField(name)


def _width(node: RecordMessage) -> int:
    attrs = _attrs(node)
    return attrs["end"].i - attrs["begin"].i


# ---------------------------------------------------------------------------------------
# The committed samples
# ---------------------------------------------------------------------------------------

def test_samples_are_reproducible(tmp_path):
    """Regenerating gives the committed bytes (the script is seeded)."""
    subprocess.run([sys.executable, str(REPO_SCRIPTS / "make_samples.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([*SAMPLES, "README.md"])
    for name in names:
        committed = (samples_dir() / name).read_bytes()
        assert (tmp_path / name).read_bytes() == committed, f"{name} differs: run scripts/make_samples.py"


def test_building_twice_gives_identical_text():
    sample = SAMPLES["resnet_pytorch.txt"]
    assert synth.to_text(sample.build()) == synth.to_text(sample.build())


def test_default_sample_is_the_tf_inner_prune_sample():
    assert default_sample().name == "resnet_tf_inner_prune.txt"
    assert SAMPLES[default_sample().name].dialect == "tf-inner"
    assert default_sample().is_file()


@pytest.mark.parametrize("filename", SAMPLES)
def test_sample_parses_strictly_and_is_small(filename):
    sample = SAMPLES[filename]
    path = samples_dir() / filename
    assert path.stat().st_size < 400_000
    message = _parse(sample)
    assert message == sample.build()
    # exactly AMCT's writer: reading and writing again changes nothing
    assert synth.to_text(message) == path.read_text(encoding="utf-8")


# Field names that appear in at least one layer's value, per sample.
_BASIC = {"scale_d", "offset_d", "scale_w", "offset_w"}
EXPECTED_VALUE_FIELDS = {
    "resnet_tf_inner_prune.txt": _BASIC | {"tensor_balance_factor", "act_type", "wts_type",
                                           "prune_producer", "prune_consumer"},
    "resnet_tf_convert.txt": _BASIC | {"act_type", "wts_type"},
    "resnet_pytorch.txt": _BASIC | {"tensor_balance_factor", "act_type", "wts_type",
                                    "scale_h", "offset_h", "scale_r", "offset_r"},
    "resnet_onnx.txt": _BASIC | {"tensor_balance_factor", "act_type", "wts_type", "op_data_type",
                                 "is_tensor_quantize"},
    "resnet_mindspore.txt": _BASIC,
    "resnet_caffe.txt": _BASIC | {"channels", "height", "width"},
}


@pytest.mark.parametrize("filename", SAMPLES)
def test_dialect_specific_fields_appear(filename):
    message = _parse(SAMPLES[filename])
    present = {fd.name for entry in message.record for fd, _ in entry.value.ListFields()}
    assert present == EXPECTED_VALUE_FIELDS[filename]
    # the extras show on some layers, not on all: field presence is visible in the text
    for name in present - _BASIC - {"channels", "height", "width"}:
        with_field = sum(_has(entry.value, name) for entry in message.record)
        assert 0 < with_field < len(message.record), name
    assert bool(getattr(message, "prune_record", ())) == DIALECTS[SAMPLES[filename].dialect].has_prune


def test_tf_inner_sample_layout():
    message = _parse(SAMPLES["resnet_tf_inner_prune.txt"])
    keys = [entry.key for entry in message.record]
    assert len(keys) == len(set(keys)) == 55
    assert keys[0] == "resnet_v1_50/conv1/Conv2D"
    assert "resnet_v1_50/block1/unit_1/bottleneck_v1/conv1/Conv2D" in keys
    values = dict(zip(keys, (entry.value for entry in message.record), strict=True))
    pool = values["resnet_v1_50/pool5/AvgPool"]
    assert pool.HasField("scale_d") and not pool.scale_w and not pool.tensor_balance_factor
    assert len(values["resnet_v1_50/logits/MatMul"].scale_w) == 1
    selective = [r.selective_prune for r in message.prune_record if r.HasField("selective_prune")]
    assert len(selective) == 1
    mask = _attrs(selective[0])["mask_shape"]
    assert mask.type == mask.INTS and len(mask.ints) == 4
    # 2:4 sparsity mask = the HWIO weight shape of that layer
    assert mask.ints[3] == len(values[selective[0].name].scale_w)
    indexed = [node for _, node in _nodes(message) if "prune_index" in _attrs(node)]
    assert indexed and all(_attrs(n)["prune_index"].type == mask.INTS for n in indexed)
    types = {_attrs(node)["type"].s for _, node in _nodes(message)}
    assert {b"Conv2D", b"FusedBatchNormV3", b"AddV2"} == types
    grouped = [node for kind, node in _nodes(message) if kind == "producer" and "prune_group" in _attrs(node)]
    assert grouped and all({"prune_axis", "group"} <= set(_attrs(n)) for n in grouped)


def test_pytorch_sample_extras():
    message = _parse(SAMPLES["resnet_pytorch.txt"])
    entries = {entry.key: entry for entry in message.record}
    lstm = entries["seq_head.lstm"].value
    assert lstm.HasField("scale_h") and lstm.scale_h > 0 and -128 <= lstm.offset_h <= 127
    assert len(lstm.scale_r) == len(lstm.offset_r) == len(lstm.scale_w) > 1
    assert all(s > 0 for s in lstm.scale_r) and set(lstm.offset_r) == {0}
    kv = [entry for entry in message.record if entry.HasField("kv_cache_value")]
    assert [entry.key for entry in kv] == ["seq_head.attn.v_proj"]
    cache = kv[0].kv_cache_value
    assert len(cache.scale) == len(cache.offset) > 1
    assert all(s > 0 for s in cache.scale) and all(-128 <= o <= 127 for o in cache.offset)
    types = {_attrs(node)["type"].s for _, node in _nodes(message)}
    assert {b"Conv", b"BatchNormalization", b"Add"} == types
    assert sum(r.HasField("selective_prune") for r in message.prune_record) == 1


def test_onnx_tensor_quantize_entries_have_no_weights():
    message = _parse(SAMPLES["resnet_onnx.txt"])
    tensors = [entry for entry in message.record if entry.value.is_tensor_quantize]
    assert len(tensors) == 2
    for entry in tensors:
        layer, _, index = entry.key.rpartition(":")
        assert layer and index.isdigit()
        assert not entry.value.scale_w and not entry.value.offset_w


def test_caffe_sample_has_input_shapes_and_caffe_names():
    message = _parse(SAMPLES["resnet_caffe.txt"])
    keys = [entry.key for entry in message.record]
    assert keys[:3] == ["conv1", "res2a_branch1", "res2a_branch2a"]
    assert keys[-2:] == ["pool5", "fc1000"]
    for entry in message.record:
        assert all(entry.value.HasField(f) for f in ("channels", "height", "width")), entry.key
    first = message.record[0].value
    assert (first.channels, first.height, first.width) == (3, 224, 224)


# ---------------------------------------------------------------------------------------
# Clean quantization-wise: the invariants a checker would apply
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("filename", SAMPLES)
def test_samples_are_clean(filename):
    sample = SAMPLES[filename]
    message = _parse(sample)
    style = synth.DIALECT_STYLE[sample.dialect]
    specs = {layer.name: layer for layer in synth.resnet50_layers(
        style, width=synth.SAMPLE_WIDTH, max_channels=synth.SAMPLE_MAX_CHANNELS, extras=True)}
    relu_fed = 0
    for entry in message.record:
        v, spec = entry.value, specs[entry.key]
        assert math.isfinite(v.scale_d) and 0 < v.scale_d <= FLT_MAX, entry.key
        assert -128 <= v.offset_d <= 127, entry.key
        assert len(v.offset_w) == len(v.scale_w) and set(v.offset_w) <= {0}, entry.key
        assert all(math.isfinite(s) and s > 0 for s in v.scale_w), entry.key
        assert not v.shift_bit
        if spec.has_weights:
            assert len(v.scale_w) == (spec.out_channels if spec.per_channel else 1), entry.key
        elif spec.kind == "pool" and sample.dialect == "pytorch":
            assert list(v.scale_w) == [1.0], entry.key  # what AMCT PyTorch writes for an AveragePool
        else:
            assert not v.scale_w, entry.key
        balance = getattr(v, "tensor_balance_factor", ())
        if balance:
            assert spec.has_weights and len(balance) == spec.in_channels, entry.key
            assert all(1e-7 < f < 1e7 for f in balance)
        if spec.input != "image" and not spec.signed_input:
            assert v.offset_d == -128, entry.key  # behind a ReLU: [0, max]
            relu_fed += 1
        else:
            assert v.offset_d != -128, entry.key
    assert relu_fed > 40


@pytest.mark.parametrize("filename", [f for f, s in SAMPLES.items() if DIALECTS[s.dialect].has_prune])
def test_sample_prune_records_are_consistent(filename):
    message = _parse(SAMPLES[filename])
    values = {entry.key: entry.value for entry in message.record}
    nodes_seen: set[str] = set()
    for record in message.prune_record:
        if record.HasField("selective_prune"):
            assert not record.producer and not record.consumer
            continue
        widths = set()
        for kind, node in [("producer", n) for n in record.producer] + [("consumer", n) for n in record.consumer]:
            nodes_seen.add(node.name)
            attrs = _attrs(node)
            assert attrs["type"].type == attrs["type"].STRING
            begin, end = attrs["begin"].i, attrs["end"].i
            assert 0 <= begin < end
            widths.add(end - begin)
            if "prune_index" in attrs:
                assert all(begin <= i < end for i in attrs["prune_index"].ints)
            layer = values.get(node.name)
            if layer is not None and kind == "producer":
                assert len(layer.scale_w) == end - begin, node.name  # output channels
            if layer is not None and kind == "consumer" and layer.tensor_balance_factor:
                assert len(layer.tensor_balance_factor) == end - begin, node.name  # input channels
        assert len(widths) == 1, f"producer/consumer widths differ: {widths}"
    assert any(len(record.producer) > 1 for record in message.prune_record)
    for value in values.values():
        for name in [*getattr(value, "prune_producer", []), *getattr(value, "prune_consumer", [])]:
            assert name in nodes_seen


def test_activation_factors_follow_amct_formula():
    # ReLU6 -> 6/255 and -128, as in the MobileNetV2 record
    assert synth.activation_factors(0.0, 6.0) == (float(np.float32(6 / 255)), -128)
    scale, offset = synth.activation_factors(-1.0, 3.0)
    assert scale == float(np.float32(4 / 255)) and offset == round(-128 + 1 / scale)
    # the range is forced through zero
    assert synth.activation_factors(2.0, 6.0) == synth.activation_factors(0.0, 6.0)
    assert synth.activation_factors(-6.0, -2.0)[1] == 127


def test_shift_bit_only_when_asked():
    layers = synth.resnet50_layers("tf", width=0.125)
    plain = synth.build_record("tf-inner", layers, seed=1)
    joint = synth.build_record("tf-inner", layers, seed=1, shift_bit=True)
    assert not any(entry.value.shift_bit for entry in plain.record)
    for entry in joint.record:
        assert len(entry.value.shift_bit) == len(entry.value.scale_w)
        assert all(1 <= b <= 16 for b in entry.value.shift_bit)


def test_features_are_skipped_where_the_dialect_lacks_the_field():
    layers = synth.resnet50_layers("mindspore", width=0.125, extras=True)
    names = {layer.name for layer in layers}
    message = synth.build_record("mindspore", layers, balanced=names, typed=names,
                                 op_data_type=dict.fromkeys(names, "FLOAT16"))
    present = {fd.name for entry in message.record for fd, _ in entry.value.ListFields()}
    assert present == _BASIC


def test_prune_records_need_a_sparsity_dialect():
    layers = synth.resnet50_layers("tf", width=0.125)
    with pytest.raises(ValueError, match="prune_record"):
        synth.add_resnet_prune_records(synth.build_record("tf-convert", layers), layers)


# ---------------------------------------------------------------------------------------
# make_big
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("dialect", DIALECTS)
def test_make_big_gives_exact_counts(dialect):
    message = synth.make_big(dialect, 40, 48, seed=3)
    assert len(message.record) == 40
    assert len({entry.key for entry in message.record}) == 40
    for entry in message.record:
        assert len(entry.value.scale_w) == len(entry.value.offset_w) == 48
        assert -128 <= entry.value.offset_d <= 127 and entry.value.scale_d > 0
    if DIALECTS[dialect].has_prune:
        assert len(message.prune_record) == 4
        for record in message.prune_record:
            assert {_width(n) for n in [*record.producer, *record.consumer]} == {48}
    else:
        assert "prune_record" not in message.DESCRIPTOR.fields_by_name
    if dialect == "caffe":
        assert all(entry.value.channels == 48 for entry in message.record)
    assert synth.make_big(dialect, 40, 48, seed=3) == message
    assert synth.make_big(dialect, 40, 48, seed=4) != message


def test_make_big_plants_an_outlier_and_a_prune_mismatch():
    clean = synth.make_big("pytorch", 20, 64, seed=5)
    planted = synth.make_big("pytorch", 20, 64, seed=5, outlier=(7, 13), prune_mismatch=True)
    layer = np.array(planted.record[7].value.scale_w)
    assert int(np.argmax(layer)) == 13
    assert layer[13] > 20 * np.median(layer)
    assert layer[13] == pytest.approx(100 * clean.record[7].value.scale_w[13], rel=1e-6)
    first = planted.prune_record[0]
    assert _width(first.producer[0]) - _width(first.consumer[-1]) == 1
    assert all(len({_width(n) for n in [*r.producer, *r.consumer]}) == 1 for r in planted.prune_record[1:])
    with pytest.raises(ValueError):
        synth.make_big("onnx", 20, 64, prune_mismatch=True)


@pytest.mark.slow
def test_make_big_full_size():
    message = synth.make_big("tf-inner", 5000, 1024)
    assert len(message.record) == 5000
    assert sum(len(entry.value.scale_w) for entry in message.record) == 5000 * 1024
    assert len(message.prune_record) == 500
