"""The command line with a model: the record's dialect follows the model, refit's arguments and
a model without weights, what check says once."""
from __future__ import annotations

import json

import numpy as np
import pytest

from editor.cli import main
from editor.models import load_model
from editor.models import synth as model_synth
from editor.records import synth
from tests.models.conftest import RESNET101 as _RESNET101

RESNET101 = str(_RESNET101)


def caffe_record_without_shapes(tmp_path, model):
    """A Caffe record for `model` without channels/height/width: its fields are all TF-inner's
    too, so on its own it reads as tf-inner."""
    message = synth.build_record("caffe", synth.layers_from_model(model), seed=1)
    for e in message.record:
        for f in ("channels", "height", "width"):
            e.value.ClearField(f)
    path = tmp_path / "record.txt"
    path.write_text(synth.to_text(message), encoding="utf-8")
    return path, len(message.record)


@pytest.mark.slow
def test_the_dialect_follows_a_caffe_model_in_check_and_info(tmp_path, capsys):
    model = load_model(RESNET101)
    record, n = caffe_record_without_shapes(tmp_path, model)
    assert main(["info", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dialect"] == "tf-inner"
    assert main(["check", str(record), "--model", RESNET101, "--json"]) == 1
    (result,) = json.loads(capsys.readouterr().out)["files"]
    assert result["dialect"] == "caffe"
    assert result["dialect_from_model"] == {"detected": "tf-inner", "model_dialect": "caffe", "read_as": "caffe"}
    shapes = [p for p in result["problems"] if p["rule"] == "caffe-shape-required"]
    assert len(shapes) == 3 * n  # what --dialect caffe says
    main(["check", str(record), "--model", RESNET101])
    captured = capsys.readouterr()
    assert "read as caffe, the dialect of the model ResNet-101-deploy.prototxt (Caffe)" in captured.err
    assert "suggested tf-inner" in captured.err
    assert main(["info", str(record), "--model", RESNET101]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split(": ", 1)[1].startswith("caffe ")
    assert "read as caffe, the dialect of the model" in out
    # --dialect still decides
    assert main(["check", str(record), "--model", RESNET101, "--dialect", "tf-inner", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["files"][0]["dialect"] == "tf-inner"


def test_a_record_that_does_not_read_in_the_models_dialect_stays_and_says_why(tmp_path, capsys):
    record = tmp_path / "r.txt"
    record.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.1\n    offset_d: 0\n'
                      '    tensor_balance_factor: 1.0\n  }\n}\n', encoding="utf-8")
    main(["check", str(record), "--model", RESNET101])
    err = capsys.readouterr().err
    assert "does not read as caffe" in err and "read as tf-inner" in err


def onnx_case(tmp_path):
    path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(path, seed=2)
    model = load_model(path)
    message = synth.build_record("pytorch", synth.layers_from_model(model), seed=1)
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message), encoding="utf-8")
    return path, record


def test_refit_takes_keys_after_its_options(tmp_path, capsys):
    path, record = onnx_case(tmp_path)
    out = tmp_path / "out.txt"
    assert main(["refit", str(record), "--model", str(path), "conv2", "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [lay["key"] for lay in report["layers"]] == ["conv2"] and report["written"]
    with pytest.raises(SystemExit) as exited:
        main(["refit", str(record), "--model", str(path), "conv2", "--nope"])
    assert exited.value.code == 2 and "unrecognized arguments: --nope" in capsys.readouterr().err


def test_refit_with_a_model_without_weights_is_a_usage_error(tmp_path, capsys):
    model = load_model(RESNET101)
    message = synth.build_record("caffe", synth.layers_from_model(model), seed=1)
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message), encoding="utf-8")
    before = record.read_bytes()
    assert main(["refit", str(record), "--model", RESNET101]) == 2
    err = capsys.readouterr().err
    assert "carries no weights" in err and "--weights" in err and "nothing to refit" in err
    assert record.read_bytes() == before


def test_check_without_weights_says_once_that_the_weights_were_not_reviewed(tmp_path, capsys):
    model = load_model(RESNET101)
    message = synth.build_record("caffe", synth.layers_from_model(model), seed=1)
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message), encoding="utf-8")
    assert main(["check", str(record), str(record), "--model", RESNET101]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("scale_w is not reviewed against the weights") == 1
    assert "model-scale-w-weights" not in captured.out
    main(["check", str(record), "--model", RESNET101, "--json"])
    assert json.loads(capsys.readouterr().out)["model"]["weights_reviewed"] is False


def test_refit_of_the_onnx_model_record_follows_the_pytorch_dialect(tmp_path, capsys):
    # the synthetic PyTorch record reads as tf-inner on its own; with the ONNX model it is PyTorch,
    # so the Conv+BatchNormalization fusion AMCT PyTorch does is folded, as in the scale_w
    path, record = onnx_case(tmp_path)
    assert main(["refit", str(record), "--model", str(path), "conv1", "--json", "-o", str(tmp_path / "o.txt")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dialect"] == "pytorch" and report["dialect_from_model"]["detected"] == "tf-inner"
    assert report["layers"][0]["fusions"] == ["Conv+BN"]
    assert np.isfinite(report["layers"][0]["new"]).all()
