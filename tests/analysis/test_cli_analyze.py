"""`record-editor analyze`: the ranked table, --json, --csv, the roll-back config, imports, exit
codes, and the messages for input that cannot be used."""
from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest

from editor.cli import main
from tests.analysis import kit

LAYERS = ("conv1", "dw", "deconv", "pool", "fc", "fc2", "proj")


@pytest.fixture(scope="module")
def case(zoo, tmp_path_factory):
    """(model, record with dw's scale_d planted / 8, a folder of samples, the folder)."""
    path, arrays = zoo
    folder = tmp_path_factory.mktemp("cli")
    samples = folder / "inputs"
    samples.mkdir()
    rng = np.random.default_rng(5)
    xs = [(rng.standard_normal((1, 3, 12, 12)) * 1.5).astype(np.float32) for _ in range(4)]
    for i, x in enumerate(xs):
        np.save(samples / f"{i}.npy", x)
    names = sorted({t for pair in kit.ZOO_TENSORS.values() for t in pair})
    tensors = [kit.capture(path, names, {"x": x}) for x in xs]
    entries = {}
    for name in LAYERS:
        x_name, _ = kit.ZOO_TENSORS[name]
        lo = min(float(t[x_name].min()) for t in tensors)
        hi = max(float(t[x_name].max()) for t in tensors)
        scale, offset = kit.calibrate(lo, hi)
        if name == "dw":
            scale = float(np.float32(scale / 8))
        f: dict[str, object] = {"scale_d": scale, "offset_d": offset}
        if name in kit.ZOO_LAYERS:
            op, weight, _, attrs = kit.ZOO_LAYERS[name]
            s = kit.arq(kit.rows_of(op, arrays[weight], attrs), 8, op in ("Conv", "ConvTranspose"))
            f.update({"scale_w": s, "offset_w": [0] * s.size})
        entries[name] = f
    record = folder / "record.txt"
    record.write_text(kit.record_text(entries))
    return str(path), str(record), str(samples), folder


def _json(capsys, *args) -> tuple[int, dict]:
    code = main(["analyze", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_without_inputs_it_measures_the_weights_and_says_so(case, capsys):
    model, record, _, _ = case
    code = main(["analyze", record, "--model", model, "--dialect", "onnx"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "weights only" in err
    assert out.splitlines()[0].split()[:3] == ["#", "LAYER", "OP"]
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx")
    assert code == 0 and report["inputs"] is None and report["model_check"] is None
    layers = {r["key"]: r for r in report["layers"]}
    assert set(layers) == set(LAYERS)
    for key in kit.ZOO_LAYERS:
        assert layers[key]["weight_sqnr_db"] > 30
        for field in ("activation_clipped", "activation_sqnr_db", "similarity"):
            assert layers[key][field] is None
    assert layers["pool"]["weight_sqnr_db"] is None and "no weights" in layers["pool"]["weight_note"]


def test_with_inputs_the_planted_layer_ranks_first_and_the_exit_code_says_so(case, capsys):
    model, record, samples, _ = case
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--inputs", samples)
    assert code == 1
    assert report["inputs"] == ["0.npy", "1.npy", "2.npy", "3.npy"]
    first = report["layers"][0]
    assert first["key"] == "dw" and first["similarity"] < 0.99 and first["activation_clipped"] > 0.05
    assert report["below"] == ["dw"]
    assert all(r["similarity"] >= 0.99 for r in report["layers"][1:])
    assert first["suggested_scale_d"] > first["scale_d"] * 4
    assert len(first["similarity_per_input"]) == 4
    (check,) = report["model_check"]
    assert check["output"] == "y" and 0.5 < check["cosine"] < 1.0
    # a threshold under every layer: exit 0
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--inputs", samples, "--min-similarity",
                         str(first["similarity"] - 1e-6))
    assert code == 0 and report["below"] == []


def test_the_text_table_is_ranked_worst_first(case, capsys):
    model, record, samples, _ = case
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", "--inputs", samples]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:2] == ["1", "dw"]
    sims = [float(line.split()[-1]) for line in out[1:len(LAYERS) + 1]]
    assert sims == sorted(sims)
    assert any(line.startswith("model output 'y'") for line in out)
    assert any(line.startswith("dw: inputs seen in") and "not applied" in line for line in out)


def test_csv_lists_the_same_ranking(case, capsys):
    model, record, samples, _ = case
    main(["analyze", record, "--model", model, "--dialect", "onnx", "--inputs", samples, "--csv"])
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["key"] == "dw" and len(rows) == len(LAYERS)
    assert float(rows[0]["similarity"]) < 0.99


def test_write_config_names_exactly_the_layers_below_and_keeps_the_rest(case, capsys, tmp_path):
    model, record, samples, _ = case
    given = {"version": 1, "batch_num": 4, "dw": {"quant_enable": True, "activation_quant_params": {"num_bits": 8}},
             "other_layer": {"quant_enable": False}}
    src = tmp_path / "quant.json"
    src.write_text(json.dumps(given))
    out = tmp_path / "rollback.json"
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--inputs", samples, "--write-config", str(out),
                         "--config", str(src))
    assert code == 1
    config = json.loads(out.read_text())
    assert [k for k, v in config.items() if isinstance(v, dict) and v.get("quant_enable") is False] == \
        ["dw", "other_layer"]
    assert config["dw"]["activation_quant_params"] == {"num_bits": 8}
    assert config["version"] == 1 and config["batch_num"] == 4
    assert all(config[k]["quant_enable"] for k in LAYERS if k != "dw")
    assert report["config"] == {"path": str(out), "disabled": ["dw"]}


def test_imports_become_columns_and_unmatched_names_are_listed(case, capsys, tmp_path):
    model, record, _, _ = case
    ranking = tmp_path / "accuracy_based_auto_calibration_ranking_information.json"
    ranking.write_text(json.dumps([["dw", 0.8], ["not_in_record", 0.9], ["fc", 0.999]]))
    kv = tmp_path / "mse.csv"
    kv.write_text("layer,mse\nconv1,0.5\n")
    code = main(["analyze", record, "--model", model, "--dialect", "onnx", "--import", str(ranking), "--import", str(kv)])
    out, err = capsys.readouterr()
    assert code == 0
    assert out.splitlines()[0].split()[-2:] == ["amct_similarity", "mse"]
    assert "1 names match no layer of the record: 'not_in_record'" in err
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--import", str(ranking))
    layers = {r["key"]: r for r in report["layers"]}
    assert layers["dw"]["imported"] == {"amct_similarity": 0.8}
    assert layers["conv1"]["imported"] == {"amct_similarity": None}
    assert report["imported"][0]["unmatched"] == ["not_in_record"]


def test_an_input_that_does_not_fit_exits_2_naming_file_and_shapes(case, capsys, tmp_path):
    model, record, _, _ = case
    bad = tmp_path / "bad.npy"
    np.save(bad, np.zeros((1, 3, 12), np.float64))
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", "--inputs", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: [1, 3, 12] float64 does not fit input 'x' of the model, [?, 3, 12, 12] float32" in err
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--inputs", str(bad))
    assert code == 2 and "does not fit" in report["error"]


def test_a_sample_the_model_cannot_run_on_exits_2(case, capsys, tmp_path):
    model, record, _, _ = case
    odd = tmp_path / "zero_batch.npy"
    np.save(odd, np.zeros((0, 3, 12, 12), np.float32))
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", "--inputs", str(odd)]) == 2
    assert str(odd) in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--config", "x.json"], "--config needs --write-config"),
    (["--write-config", "out.json"], "--write-config needs --inputs"),
    (["--min-similarity", "1.5"], "lies in [0, 1]"),
])
def test_usage_mistakes_exit_2(case, capsys, args, message):
    model, record, _, _ = case
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", *args]) == 2
    assert message in capsys.readouterr().err


def test_unreadable_imports_and_configs_exit_2(case, capsys, tmp_path):
    model, record, samples, _ = case
    broken = tmp_path / "r.json"
    broken.write_text("[[1, 2]]")
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", "--import", str(broken)]) == 2
    assert f"{broken}: item 0 is not a [layer, similarity] pair" in capsys.readouterr().err
    cfg = tmp_path / "c.json"
    cfg.write_text('{"a": 1, "a": 2}')
    assert main(["analyze", record, "--model", model, "--dialect", "onnx", "--inputs", samples, "--write-config",
                 str(tmp_path / "o.json"), "--config", str(cfg)]) == 2
    assert "appears twice" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()


def test_min_weight_sqnr_counts_weak_weights(case, capsys):
    model, record, _, _ = case
    code, report = _json(capsys, record, "--model", model, "--dialect", "onnx", "--min-weight-sqnr", "200")
    assert code == 1 and set(report["weight_below"]) == set(kit.ZOO_LAYERS)
    code, _ = _json(capsys, record, "--model", model, "--dialect", "onnx", "--min-weight-sqnr", "10")
    assert code == 0


def test_a_caffe_model_gets_its_weights_analysed_and_inputs_are_said_to_need_onnx(tmp_path, capsys):
    from editor.models import load_model
    from editor.models import synth as model_synth
    from editor.records import synth

    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    model_synth.caffe_net(proto, weights, seed=3)
    message = synth.build_record("caffe", synth.layers_from_model(load_model(proto, weights)), seed=1)
    record = tmp_path / "record.txt"
    record.write_text(str(message))
    np.save(tmp_path / "x.npy", np.zeros((1, 3, 8, 8), np.float32))
    code = main(["analyze", str(record), "--model", str(proto), "--weights", str(weights), "--inputs",
                 str(tmp_path / "x.npy"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["inputs"] is None
    assert any("ONNX models" in n and "Caffe" in n for n in report["notes"])
    assert any(r["weight_sqnr_db"] is not None for r in report["layers"])
