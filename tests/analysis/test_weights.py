"""Weight error against a numpy re-derivation of AMCT's quantization (tests/analysis/kit.py):
every weighted operator, INT8 and INT4, with and without BatchNorm folding and DMQ balance."""
from __future__ import annotations

import numpy as np
import pytest

from editor.analysis.analyzer import Analyzer
from editor.analysis.weights import WeightAnalysis, channel_histogram
from editor.models import ModelError, load_model
from editor.records.model_review import entry_weights
from tests.analysis import kit

PER_CHANNEL = {"conv1", "dw", "deconv"}


def _rows(arrays, name: str, fold: bool) -> np.ndarray:
    op, weight, _, attrs = kit.ZOO_LAYERS[name]
    rows = kit.rows_of(op, arrays[weight], attrs)
    if fold:
        rows = rows * kit.fold_multiplier(arrays["bn1.gamma"], arrays["bn1.var"])[:, None]
    return rows.astype(np.float32)


def _scales(rows: np.ndarray, bits: int, per_channel: bool, rng) -> np.ndarray:
    """ARQ, then some channels narrower (they clip) and some wider."""
    s = kit.arq(rows, bits, per_channel)
    return (s * rng.choice([0.5, 0.8, 1.0, 1.0, 1.7], size=s.size)).astype(np.float32)


@pytest.mark.parametrize("bits", [8, 4])
@pytest.mark.parametrize("fold", [False, True])
def test_every_layer_and_channel_agrees_with_the_reference(zoo, record, bits, fold):
    path, arrays = zoo
    rng = np.random.default_rng(bits * 10 + fold)
    entries, expected = {}, {}
    for name in kit.ZOO_LAYERS:
        rows = _rows(arrays, name, fold and name == "conv1")
        s = _scales(rows, bits, name in PER_CHANNEL, rng)
        entries[name] = {"scale_d": 0.05, "offset_d": 0, "scale_w": s, "offset_w": [0] * s.size,
                         "skip_fusion": not (fold and name == "conv1"), "wts_type": f"INT{bits}"}
        expected[name] = kit.weight_reference(rows, s, bits)
    result = Analyzer(record(entries), load_model(path)).run()
    assert not result.samples and any("weights only" in n for n in result.notes)
    for r in result.layers:
        ref, w = expected[r.key], r.weights
        assert w is not None, (r.key, r.weights_note)
        assert w.bits == bits and w.folded == (fold and r.key == "conv1")
        assert w.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01), r.key
        assert w.clipped == pytest.approx(ref["clipped"], abs=1e-12), r.key
        assert w.rmse_over_scale == pytest.approx(ref["rmse"], rel=1e-6), r.key
        assert w.channels.sqnr_db == pytest.approx(ref["channel_sqnr"], abs=0.01), r.key
        assert w.channels.clipped == pytest.approx(ref["channel_clipped"], abs=1e-12), r.key
        assert w.channels.rmse_over_scale == pytest.approx(ref["channel_rmse"], rel=1e-6), r.key
    # the narrowed channels clip
    assert any(r.weights is not None and r.weights.clipped > 0 for r in result.layers)


def test_rounding_alone_gives_rmse_near_a_twelfth_root(zoo, record):
    path, arrays = zoo
    rows = _rows(arrays, "fc", False)
    s = kit.arq(rows, 8, True)
    w = Analyzer(record({"fc": {"scale_d": 0.1, "offset_d": 0, "scale_w": s}}), load_model(path)).run().layers[0].weights
    assert w is not None and w.clipped == 0
    assert w.rmse_over_scale == pytest.approx(1 / np.sqrt(12), abs=0.01)


def test_doubling_a_channels_scale_costs_about_six_db_and_is_recomputed_at_once(zoo, record):
    """A per-channel Linear (the PyTorch flavour allows it) with 864 weights a channel; the edit
    goes into the record message, and the figures of that layer come again without preparing
    the weights again."""
    path, arrays = zoo
    rows = _rows(arrays, "fc", False)
    s = kit.arq(rows, 8, True)
    message = record({"fc": {"scale_d": 0.1, "offset_d": 0, "scale_w": s}})
    calls = []

    def prepare(entry, model):
        calls.append(entry.key)
        return entry_weights(entry, model)

    analyzer = Analyzer(message, load_model(path))
    analyzer.weights = WeightAnalysis(analyzer.model, prepare=prepare)
    before = analyzer.layer_weights(0)
    message.record[0].value.scale_w[5] = float(s[5] * 2)
    after = analyzer.layer_weights(0)
    assert calls == ["fc"]
    drop = before.channels.sqnr_db[5] - after.channels.sqnr_db[5]
    assert drop == pytest.approx(6.02, abs=0.5)
    others = np.arange(16) != 5
    assert np.array_equal(before.channels.sqnr_db[others], after.channels.sqnr_db[others])
    assert after.sqnr_db < before.sqnr_db
    message.record[0].value.scale_w[5] = float(s[5])
    assert np.array_equal(analyzer.layer_weights(0).channels.sqnr_db, before.channels.sqnr_db)
    message.record[0].value.wts_type = "INT4"  # a new bit width prepares again
    assert analyzer.layer_weights(0).bits == 4 and calls == ["fc", "fc"]


def test_balance_factors_multiply_the_weights_of_their_input_channel(zoo, record):
    path, arrays = zoo
    rng = np.random.default_rng(3)
    tbf_conv = rng.uniform(0.5, 2.0, 3).astype(np.float32)
    tbf_fc = rng.uniform(0.5, 2.0, 864).astype(np.float32)
    w_conv = arrays["conv1.w"] * tbf_conv[None, :, None, None]
    w_fc = arrays["fc.w"] * tbf_fc[None, :]
    rows_conv, rows_fc = w_conv.reshape(8, -1), w_fc
    s_conv, s_fc = kit.arq(rows_conv, 8, True), kit.arq(rows_fc, 8, False) * np.float32(0.7)
    message = record({"conv1": {"scale_d": 0.1, "offset_d": 0, "scale_w": s_conv, "tensor_balance_factor": tbf_conv},
                      "fc": {"scale_d": 0.1, "offset_d": 0, "scale_w": s_fc, "tensor_balance_factor": tbf_fc}})
    result = Analyzer(message, load_model(path)).run()
    for r, rows, s in zip(result.layers, (rows_conv, rows_fc), (s_conv, s_fc), strict=True):
        ref = kit.weight_reference(rows.astype(np.float32), s, 8)
        assert r.weights is not None and r.weights.balanced
        assert r.weights.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
        assert r.weights.clipped == pytest.approx(ref["clipped"], abs=1e-12)


def test_entries_without_weight_figures_say_why(zoo, record):
    path, _ = zoo
    message = record({"nothing": {"scale_d": 0.1, "offset_d": 0, "scale_w": [0.1]},
                      "pool": {"scale_d": 0.1, "offset_d": 0},
                      "conv1": {"scale_d": 0.1, "offset_d": 0, "scale_w": [0.1, 0.2]}})
    notes = {r.key: r.weights_note or "" for r in Analyzer(message, load_model(path)).run().layers}
    assert "no layer" in notes["nothing"]
    assert "no weights" in notes["pool"]
    assert "2 values" in notes["conv1"] and "8 output channels" in notes["conv1"]


def test_a_bad_balance_factor_length_is_refused(zoo, record):
    path, _ = zoo
    message = record({"conv1": {"scale_d": 0.1, "offset_d": 0, "scale_w": [0.1], "tensor_balance_factor": [1.0, 2.0]}})
    with pytest.raises(ModelError, match="3 input channels"):
        entry_weights(message.record[0], load_model(path))


def test_channel_histogram_marks_the_grid_and_the_clipped_tails():
    values = np.concatenate([np.linspace(-1, 1, 201), [3.0, -4.0, 5.0]]).astype(np.float32)
    h = channel_histogram(values, 1.0 / 127, 8, bins=50)
    assert h.counts.sum() == values.size
    assert h.grid == pytest.approx((-128 / 127, 1.0))
    assert (h.clipped_low, h.clipped_high) == (1, 2)
    assert h.edges[0] == pytest.approx(-4.0) and h.edges[-1] == pytest.approx(5.0)


def test_a_channels_histogram_follows_the_record_as_it_is_now(zoo, record):
    path, arrays = zoo
    rows = _rows(arrays, "dw", False)
    s = kit.arq(rows, 8, True)
    message = record({"dw": {"scale_d": 0.1, "offset_d": 0, "scale_w": s}})
    analyzer = Analyzer(message, load_model(path))
    h = analyzer.weight_histogram(0, 3, bins=16)
    assert h.counts.sum() == 9 and (h.clipped_low, h.clipped_high) == (0, 0)
    assert h.grid == pytest.approx((-128 * float(s[3]), 127 * float(s[3])), rel=1e-6)
    message.record[0].value.scale_w[3] = float(s[3] / 4)
    h = analyzer.weight_histogram(0, 3, bins=16)
    expected = np.rint(rows[3] / np.float32(s[3] / 4))
    assert (h.clipped_low, h.clipped_high) == (int((expected < -128).sum()), int((expected > 127).sum()))
    assert h.clipped_low + h.clipped_high > 0
