"""The analysis in the window (`editor.ui.analysis`): Tools ▸ Analyze… on a worker thread, the
figures as Layers table columns and an overview row, N walking worst first, the weight SQNR
per channel, the histograms, what-if after an edit, the roll-back config and imported
results. Expected numbers come from tests/analysis/kit.py (numpy, AMCT's formulas)."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from PySide6.QtCore import QSettings

from editor.models import load_model
from editor.records.document import RecordDocument
from editor.records.edits.commands import SetValueCommand
from editor.ui.analysis import plots as ap
from editor.ui.analysis.controller import AnalysisController
from editor.ui.analysis.dialogs import AnalyzeDialog, RollbackDialog
from editor.ui.plots import PlotsPanel
from tests.analysis import kit
from tests.ui.kit import make_session

LAYERS = ("conv1", "dw", "deconv", "fc", "fc2", "proj")
PLANTED = "dw"


@pytest.fixture(scope="module")
def case(tmp_path_factory):
    """(model path, samples folder, record entries, weight rows by layer): the zoo network, three
    samples, a record from ARQ and the samples' ranges, with scale_d / 8 planted on `dw`."""
    folder = tmp_path_factory.mktemp("analysis_window")
    model = folder / "zoo.onnx"
    arrays = kit.zoo_model(model)
    samples = folder / "samples"
    samples.mkdir()
    rng = np.random.default_rng(3)
    xs = []
    for i in range(3):
        x = (rng.standard_normal((2, 3, 12, 12)) * 1.5).astype(np.float32)
        np.save(samples / f"s{i}.npy", x)
        xs.append(x)
    names = [kit.ZOO_TENSORS[n][0] for n in LAYERS]
    seen = [kit.capture(model, names, {"x": x}) for x in xs]
    entries, rows = {}, {}
    for name in LAYERS:
        op, weight, _, attrs = kit.ZOO_LAYERS[name]
        rows[name] = kit.rows_of(op, arrays[weight], attrs).astype(np.float32)
        s = kit.arq(rows[name], 8, op in ("Conv", "ConvTranspose"))
        x_name = kit.ZOO_TENSORS[name][0]
        lo = min(float(t[x_name].min()) for t in seen)
        hi = max(float(t[x_name].max()) for t in seen)
        scale, offset = kit.calibrate(lo, hi, 8)
        if name == PLANTED:
            scale = float(np.float32(scale / 8))
        entries[name] = {"scale_d": scale, "offset_d": offset, "act_type": "INT8", "scale_w": s,
                         "offset_w": [0] * s.size, "skip_fusion": True}
    return model, samples, entries, rows


@pytest.fixture
def window(qtbot, tmp_path, case):
    """(session, plots panel, controller) over the case's record with its model attached."""
    model, _samples, entries, _rows = case
    path = tmp_path / "record.txt"
    path.write_text(kit.record_text(entries))
    session = make_session(RecordDocument.load(path, "onnx").message, "onnx")
    session.set_network(load_model(model))
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1000, 760)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    controller = AnalysisController(session, panel, settings, panel)
    return session, panel, controller


def _run(qtbot, controller, inputs) -> None:
    with qtbot.waitSignal(controller.analysis.busyChanged, timeout=120_000, check_params_cb=lambda busy: not busy):
        assert controller.run(inputs)
    controller.plots.flush()


def _column(panel, key: str) -> dict[str, str]:
    """The Layers table's texts of the series `key`, by layer key."""
    model = panel.layers.model
    column = model.column_of(key)
    assert column is not None
    return {model.numbers.keys[i]: model.series_at(column).text(i) for i in range(len(model.numbers))}


def _table_order(panel) -> list[str]:
    model = panel.layers.model
    return [model.numbers.keys[model._order[r]] for r in range(model.rowCount())]


def test_analyze_fills_the_columns_and_sorts_worst_first(qtbot, window, case):
    session, panel, controller = window
    _, samples, entries, rows = case
    assert controller.act_analyze.isEnabled() and not controller.act_export.isEnabled()
    _run(qtbot, controller, [samples])
    a = controller.analysis
    assert a.activations_run and not a.busy
    # the whole-model check in the status bar's sentence
    (out,) = a.result.outputs
    assert out.name == "y" and f"output y: cosine {out.cosine:.5f}" in a.summary()
    # weight SQNR per layer: the record's scale_w against a numpy re-derivation
    texts = _column(panel, ap.WEIGHT_SQNR)
    for name in LAYERS:
        ref = kit.weight_reference(rows[name], entries[name]["scale_w"], 8)
        assert a.figures(name).weights.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
        assert texts[name] == f"{ref['sqnr']:.2f}"
    # the planted scale_d / 8 is the worst by similarity: first in the table and in the walk
    sims = {k: a.figures(k).similarity for k in LAYERS}
    assert min(sims, key=lambda k: sims[k]) == PLANTED
    assert _table_order(panel)[0] == PLANTED
    assert panel.walk_by == ap.SIMILARITY
    # the similarity counts towards the layer's severity: (1 − s)/(1 − threshold) below it
    sev, planted = panel.overview.severities, list(entries).index(PLANTED)
    threshold = controller.plots.threshold
    assert sims[PLANTED] < threshold
    assert sev.values[planted] >= (1 - sims[PLANTED]) / (1 - threshold) * (1 - 1e-9)
    assert ap.SIMILARITY in panel.overview.series_rows.rows  # the overview's similarity row
    for key in (ap.WEIGHT_SQNR, ap.WEIGHT_CLIPPED, ap.ACT_CLIPPED, ap.ACT_SQNR):
        assert key not in panel.overview.series_rows.rows and panel.layers.model.column_of(key) is not None
    # N walks worst first from the worst layer
    session.selection.select(("record", list(entries).index(PLANTED)))
    ranked = sorted(LAYERS, key=lambda k: sims[k])
    panel.act_next_outliers.trigger()
    assert session.selection.record_index == list(entries).index(ranked[1])
    assert controller.act_export.isEnabled() and controller.act_rerun.isEnabled()


def test_without_inputs_only_the_weights_and_weight_sqnr_leads(qtbot, window, case):
    _session, panel, controller = window
    _run(qtbot, controller, [])
    a = controller.analysis
    assert not a.activations_run and "no inputs" in a.summary()
    assert panel.layers.model.column_of(ap.SIMILARITY) is None
    assert ap.WEIGHT_SQNR in panel.overview.series_rows.rows  # the row the overview has then
    db = {k: a.figures(k).weights.sqnr_db for k in LAYERS}
    assert _table_order(panel)[0] == min(db, key=lambda k: db[k])
    assert not controller.act_rerun.isEnabled()


def test_a_cancelled_run_keeps_nothing(qtbot, window, case):
    _session, panel, controller = window
    said: list[str] = []
    controller.status.connect(said.append)
    with qtbot.waitSignal(controller.analysis.busyChanged, timeout=120_000, check_params_cb=lambda busy: not busy):
        controller.run([case[1]])
        controller.analysis.cancel()
    assert not controller.analysis.has_result and said[-1] == "Analysis cancelled"
    assert panel.layers.model.column_of(ap.WEIGHT_SQNR) is None


def test_what_if_an_edit_changes_the_weight_sqnr_and_undo_brings_it_back(qtbot, window, case):
    session, panel, controller = window
    _, samples, entries, rows = case
    _run(qtbot, controller, [samples])
    a = controller.analysis
    i = list(entries).index("conv1")
    before = a.figures("conv1").weights.sqnr_db
    sim_before = a.figures("conv1").similarity
    scale = np.array(entries["conv1"]["scale_w"], dtype=np.float32)
    c = int(np.argmax(kit.weight_reference(rows["conv1"], scale, 8)["channel_sqnr"]))
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", c), float(scale[c] * 2)))
    controller.plots.flush()
    doubled = scale.copy()
    doubled[c] *= 2
    ref = kit.weight_reference(rows["conv1"], doubled, 8)
    f = a.figures("conv1")
    assert f.weights.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
    assert f.weights.channels.sqnr_db[c] == pytest.approx(ref["channel_sqnr"][c], abs=0.01)
    assert f.weights.channels.sqnr_db[c] < before  # its step doubled: that channel lost
    assert f.stale and panel.overview.layer_series(ap.SIMILARITY).is_stale(i)
    assert _column(panel, ap.WEIGHT_SQNR)["conv1"] == f"{ref['sqnr']:.2f}"
    session.undo_stack.undo()
    controller.plots.flush()
    f = a.figures("conv1")
    assert f.weights.sqnr_db == before and f.similarity == sim_before and not f.stale
    # Reset from weights (the record's scale_w were ARQ's): back to the figures measured
    session.undo_stack.redo()
    controller.plots.flush()
    assert a.figures("conv1").stale
    panel.channels.show_layer(i)
    panel.weights.reset_layer()
    controller.plots.flush()
    f = a.figures("conv1")
    assert f.weights.sqnr_db == pytest.approx(before, abs=1e-9) and f.similarity == sim_before and not f.stale


def test_rerun_of_one_layer_measures_its_new_factors(qtbot, window, case):
    session, panel, controller = window
    _, samples, entries, _ = case
    _run(qtbot, controller, [samples])
    a = controller.analysis
    i = list(entries).index(PLANTED)
    worst = a.figures(PLANTED).similarity
    # the shown layer's inputs are kept in the background, ahead of an edit
    with qtbot.waitSignal(a.prepared, timeout=60_000, check_params_cb=lambda index: index == i):
        panel.channels.show_layer(i)
        controller.plots.flush()
    fixed = entries[PLANTED]["scale_d"] * 8
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_d"), fixed))
    controller.plots.flush()
    assert a.figures(PLANTED).stale
    with qtbot.waitSignal(a.busyChanged, timeout=60_000, check_params_cb=lambda busy: not busy):
        assert controller.rerun_shown()
    controller.plots.flush()
    f = a.figures(PLANTED)
    assert not f.stale and f.activations.scale_d == pytest.approx(fixed)
    assert f.similarity > worst and f.activations.clipped < 0.01
    assert panel.overview.layer_series(ap.SIMILARITY).values[i] == f.similarity


def test_histograms_show_the_grid_and_the_clip_range(qtbot, window, case):
    session, panel, controller = window
    _, samples, entries, rows = case
    _run(qtbot, controller, [samples])
    i = list(entries).index("dw")
    c = 3
    panel.setCurrentWidget(panel.channels)
    session.selection.select(("record", i, "value", "scale_w", c))
    controller.plots.flush()
    assert panel.channels.detail is controller.plots.histograms
    h = controller.plots.histograms.weight_hist
    s = float(np.float32(entries["dw"]["scale_w"][c]))
    assert h is not None and int(h.counts.sum()) == rows["dw"].shape[1]
    assert h.grid == pytest.approx((-128 * s, 127 * s))
    q = np.rint(rows["dw"][c] / np.float32(s))
    assert (h.clipped_low, h.clipped_high) == (int((q < -128).sum()), int((q > 127).sum()))
    scale_d, offset_d = entries["dw"]["scale_d"], entries["dw"]["offset_d"]
    lo, hi = controller.plots.histograms.act_range
    assert lo == pytest.approx(-(128 + offset_d) * scale_d) and hi == pytest.approx((127 - offset_d) * scale_d)
    # the per-channel SQNR strip of the Channels plot
    data = panel.channels.overlay_data(ap.OVERLAY)
    ref = kit.weight_reference(rows["dw"], entries["dw"]["scale_w"], 8)
    assert np.allclose(data.strip.values, ref["channel_sqnr"], atol=0.01)
    # a new scale_d moves the clip range at once
    session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_d"), scale_d * 4))
    controller.plots.flush()
    assert controller.plots.histograms.act_range[1] == pytest.approx((127 - offset_d) * scale_d * 4, rel=1e-6)
    assert "stale" in controller.plots.histograms.acts.getPlotItem().titleLabel.text


def test_rollback_config_names_the_chosen_layers_and_keeps_a_given_config(qtbot, window, case, tmp_path):
    _session, _panel, controller = window
    _run(qtbot, controller, [case[1]])
    a = controller.analysis
    sims = {k: a.figures(k).similarity for k in LAYERS}
    ordered = sorted(sims.values())
    threshold = round((ordered[1] + ordered[2]) / 2, 5)  # the two worst below it (the spin box has 5 decimals)
    assert ordered[1] < threshold < ordered[2]
    rows, by_sim = controller.rollback_rows()
    assert by_sim and [k for k, _ in rows] == sorted(LAYERS, key=lambda k: sims[k])
    dialog = RollbackDialog(rows, by_sim, threshold, lambda t: a.below(t), None)
    qtbot.addWidget(dialog)
    expected = sorted(LAYERS, key=lambda k: sims[k])[:2]
    assert dialog.chosen() == expected
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"conv1": {"quant_enable": True, "dmq_balancer_param": 0.5}, "other": {"x": 1}}))
    out = tmp_path / "out.json"
    assert controller.export_rollback(out, dialog.chosen(), str(base))
    config = json.loads(out.read_text())
    assert {k for k, v in config.items() if v.get("quant_enable") is False} == set(expected)
    assert config["other"] == {"x": 1} and config["conv1"]["dmq_balancer_param"] == 0.5
    assert {k for k, v in config.items() if v.get("quant_enable") is True} == set(LAYERS) - set(expected)


def test_imported_results_are_columns_and_unmatched_names_are_said(qtbot, window, case, tmp_path, monkeypatch):
    _session, panel, controller = window
    shown = []
    monkeypatch.setattr("editor.ui.analysis.controller.QMessageBox.information",
                        lambda _parent, _title, text: shown.append(text))
    ranking = tmp_path / "accuracy_based_auto_calibration_ranking_information.json"
    ranking.write_text(json.dumps([["fc", 0.91], ["nosuch", 0.5], ["dw", 0.97]]))
    notes = controller.import_results([ranking])
    controller.plots.flush()
    assert len(notes) == 1 and "nosuch" in notes[0] and shown == notes
    texts = _column(panel, ap.IMPORTED + "amct_similarity")
    assert texts["fc"] == "0.91" and texts["dw"] == "0.97" and texts["conv1"] == ""
    # a saved `analyze --json` result: its figures as columns, the walk can follow them
    saved = tmp_path / "analysis.json"
    saved.write_text(json.dumps({"layers": [{"key": "proj", "similarity": 0.5, "weight_sqnr_db": 20.0},
                                            {"key": "conv1", "similarity": 0.98, "weight_sqnr_db": None}]}))
    assert controller.import_results([saved]) == []
    controller.plots.flush()
    assert _column(panel, ap.IMPORTED + "saved similarity")["proj"] == "0.5"
    assert _column(panel, ap.IMPORTED + "saved weight_sqnr_db") == {**dict.fromkeys(LAYERS, ""), "proj": "20"}
    panel.set_walk(ap.IMPORTED + "saved similarity")
    assert panel.walk_by == ap.IMPORTED + "saved similarity"
    panel.layers.sort_worst_first(ap.IMPORTED + "saved similarity")
    assert _table_order(panel)[:2] == ["proj", "conv1"]


def test_the_analyze_dialog_offers_the_remembered_inputs(qtbot, window, case, tmp_path):
    session, _panel, controller = window
    path = tmp_path / "record.txt"
    session.document = RecordDocument.load(path, "onnx")  # a record with a file: inputs remembered by it
    controller.run([str(case[1])], whole_model=False)
    controller.analysis.wait()
    qtbot.waitUntil(lambda: not controller.analysis.busy, timeout=120_000)
    assert controller.remembered_inputs() == ([str(case[1])], False)
    inputs, _ = controller.remembered_inputs()
    dialog = AnalyzeDialog(inputs, onnx=True, whole_model=False)
    qtbot.addWidget(dialog)
    assert dialog.inputs() == [str(case[1])] and not dialog.whole_model.isChecked()
    dialog.add([str(case[1]), "more.npz"])
    assert dialog.inputs() == [str(case[1]), "more.npz"]
    assert math.isfinite(controller.analysis.figures("conv1").weights.sqnr_db)


def test_the_suggested_factors_are_offered_not_applied_and_undo_takes_them_back(qtbot, window, case):
    session, panel, controller = window
    _, samples, entries, _ = case
    _run(qtbot, controller, [samples])
    i = list(entries).index(PLANTED)
    value = session.message.record[i].value
    assert value.scale_d == pytest.approx(entries[PLANTED]["scale_d"])  # the run changed nothing
    panel.channels.show_layer(i)
    assert controller.act_suggest.isEnabled() and controller.use_suggested()
    # the range the samples span, as the fixture's calibration computed it before the planted / 8
    assert value.scale_d == pytest.approx(entries[PLANTED]["scale_d"] * 8, rel=1e-5)
    assert value.offset_d == entries[PLANTED]["offset_d"]
    controller.plots.flush()
    assert controller.analysis.figures(PLANTED).stale
    session.undo_stack.undo()
    assert value.scale_d == pytest.approx(entries[PLANTED]["scale_d"])


def test_tools_menu_in_the_window(qtbot, env, case, tmp_path):
    from tests.ui.kit import open_and_wait

    model, samples, entries, _ = case
    record = tmp_path / "record.txt"
    record.write_text(kit.record_text(entries))
    window = env()
    open_and_wait(qtbot, window, record)
    texts = [a.text() for a in window.tools_menu.actions() if not a.isSeparator()]
    assert texts[0] == "&Analyze…" and "&Export Roll-back Config…" in texts
    assert not window.analysis.act_analyze.isEnabled()  # no model yet
    with qtbot.waitSignal(window.models.attachFinished, timeout=30_000):
        assert window.attach_model(model)
    assert window.analysis.act_analyze.isEnabled()
    with qtbot.waitSignal(window.analysis.analysis.busyChanged, timeout=120_000,
                          check_params_cb=lambda busy: not busy):
        window.analysis.run([samples])
    window.analysis.plots.flush()
    assert window.plots.layers.model.column_of(ap.SIMILARITY) is not None
    assert window.analysis.remembered_inputs() == ([str(samples)], True)
