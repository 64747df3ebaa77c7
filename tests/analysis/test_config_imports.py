"""The roll-back plan as AMCT's quant config, and other tools' per-layer results."""
from __future__ import annotations

import json
from typing import Any

import pytest

from editor.analysis.config import ConfigError, config_text, read_config, rollback_config, write_config
from editor.analysis.imports import ResultsError, read_results

KEYS = ["conv1", "conv2", "fc"]


def test_the_plan_disables_exactly_the_layers_below():
    config = rollback_config(["conv2"], KEYS)
    assert config == {"conv1": {"quant_enable": True}, "conv2": {"quant_enable": False}, "fc": {"quant_enable": True}}


def test_merging_keeps_every_other_field_and_the_order(tmp_path):
    base: dict[str, Any] = {
        "version": 1, "batch_num": 2, "activation_offset": True, "do_fusion": True, "skip_fusion_layers": [],
        "conv1": {"quant_enable": True, "activation_quant_params": {"num_bits": 8, "max_percentile": 0.999999},
                  "weight_quant_params": {"wts_algo": "arq_quantize", "channel_wise": True}},
        "untouched": {"quant_enable": True, "weight_quant_params": {"num_bits": 8}},
        "conv2": {"quant_enable": True, "weight_quant_params": {"num_bits": 4}}}
    path = tmp_path / "in.json"
    path.write_text(json.dumps(base, indent=4))
    merged = rollback_config(["conv2", "fc"], KEYS, read_config(path))
    assert list(merged) == [*base, "fc"]
    assert merged["conv2"] == {"quant_enable": False, "weight_quant_params": {"num_bits": 4}}
    assert merged["conv1"] == base["conv1"]
    assert merged["untouched"] == base["untouched"] and merged["batch_num"] == 2
    assert merged["fc"] == {"quant_enable": False}
    out = write_config(tmp_path / "out.json", merged)
    assert json.loads(out.read_text()) == merged
    assert out.read_text() == config_text(merged)
    assert base["conv2"]["quant_enable"] is True  # the given config is not changed in memory


def test_a_config_amct_would_refuse_is_refused(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('{"conv1": {"quant_enable": true}, "conv1": {"quant_enable": false}}')
    with pytest.raises(ConfigError, match="'conv1' appears twice"):
        read_config(path)
    path.write_text("[1, 2]")
    with pytest.raises(ConfigError, match="JSON object"):
        read_config(path)
    path.write_text("{broken")
    with pytest.raises(ConfigError, match=r"not JSON: .*line 1, column 2"):
        read_config(path)


def test_amcts_ranking_file_is_a_column(tmp_path):
    path = tmp_path / "accuracy_based_auto_calibration_ranking_information.json"
    path.write_text(json.dumps([["conv2", 0.91], ["ghost", 0.95], ["conv1", 0.999]], indent=4, separators=(",", ":")))
    (col,) = read_results(path, KEYS)
    assert col.name == "amct_similarity"
    assert col.values == {"conv2": 0.91, "conv1": 0.999}
    assert col.unmatched == ["ghost"]
    path.write_text('[["conv1", "high"]]')
    with pytest.raises(ResultsError, match=r"item 0 is not a \[layer, similarity\] pair"):
        read_results(path, KEYS)


MSIT = """Index,OpType,NPUDump,DataType,Address,GroundTruth,DataType,TensorIndex,Shape,OverFlow,CosineSimilarity,\
RelativeEuclideanDistance,KullbackLeiblerDivergence,RootMeanSquareError,MeanRelativeError,AccumulatedRelativeError,\
MaxAbsoluteError,MaxRelativeError
0,Conv2D,conv1conv2,float16,NaN,"conv1,conv2",float32,conv1conv2:input:0,"[1,3,8,8]",NO,1.0,0.0,0,0,0,0,0.0,0
1,Conv2D,conv1conv2,float16,NaN,"conv1,conv2",float32,conv1conv2:output:0,"[1,8,8,8]",NO,0.9981,0.061,0,0,0,0,0.25,0
2,MatMul,fc,float16,NaN,fc,float32,fc:output:0,"[1,10]",NO,0.97,0.2,0,0,0,0,1.5,0
3,Add,extra_add,float16,NaN,extra_add,float32,extra_add:output:0,"[1,10]",NO,0.99,0.1,0,0,0,0,0.1,0
4,Relu,*,float16,NaN,*,float32,*,[],NO,NaN,NaN,0,0,0,0,NaN,0
"""


def test_a_comparison_csv_gives_its_three_columns_by_op_name(tmp_path):
    path = tmp_path / "result_20240101.csv"
    path.write_text(MSIT)
    cols = {c.name: c for c in read_results(path, KEYS)}
    assert set(cols) == {"cosine", "max_abs_error", "relative_euclidean_distance"}
    assert cols["cosine"].values == {"conv1": 0.9981, "conv2": 0.9981, "fc": 0.97}
    assert cols["max_abs_error"].values["fc"] == 1.5
    assert cols["relative_euclidean_distance"].values["conv2"] == 0.061
    assert cols["cosine"].unmatched == ["conv1conv2", "extra_add"]


def test_a_key_value_csv_with_or_without_a_header(tmp_path):
    path = tmp_path / "kv.csv"
    path.write_text("layer,mse\nconv1,0.5\nfc,0.25\nnobody,1\n")
    (col,) = read_results(path, KEYS)
    assert (col.name, col.values, col.unmatched) == ("mse", {"conv1": 0.5, "fc": 0.25}, ["nobody"])
    path.write_text("conv2,3\n")
    (col,) = read_results(path, KEYS)
    assert (col.name, col.values) == ("imported", {"conv2": 3.0})
    path.write_text("conv2,3\nconv1,three\n")
    with pytest.raises(ResultsError, match="row 2: 'three' is not a number"):
        read_results(path, KEYS)
    path.write_text("layer,mse\n")
    with pytest.raises(ResultsError, match="no key,value rows"):
        read_results(path, KEYS)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ResultsError, match="not UTF-8"):
        read_results(path, KEYS)
    with pytest.raises(ResultsError, match="cannot read the file"):
        read_results(tmp_path / "missing.csv", KEYS)


def test_a_saved_analysis_gives_its_figures_as_columns(tmp_path):
    path = tmp_path / "analysis.json"
    path.write_text(json.dumps({"path": "r.txt", "layers": [
        {"key": "conv2", "weight_sqnr_db": 31.5, "weight_clipped": 0.0, "activation_clipped": 0.25,
         "activation_sqnr_db": 12.0, "similarity": 0.93},
        {"key": "conv1", "weight_sqnr_db": 40.25, "weight_clipped": 0.001, "activation_clipped": None,
         "activation_sqnr_db": None, "similarity": None},
        {"key": "ghost", "weight_sqnr_db": 10.0},
    ], "below": ["conv2"]}))
    columns = {c.name: c for c in read_results(path, KEYS)}
    assert set(columns) == {"saved similarity", "saved weight_sqnr_db", "saved weight_clipped",
                            "saved activation_clipped", "saved activation_sqnr_db"}
    assert columns["saved weight_sqnr_db"].values == {"conv2": 31.5, "conv1": 40.25}
    assert columns["saved weight_sqnr_db"].unmatched == ["ghost"]
    assert columns["saved similarity"].values == {"conv2": 0.93}  # null: no figure for conv1
    path.write_text(json.dumps({"layers": [{"weight_sqnr_db": 3}]}))
    with pytest.raises(ResultsError, match="layer 0 of the saved analysis has no key"):
        read_results(path, KEYS)
