"""Activation error on real inputs against independent references (tests/analysis/kit.py):
each layer's float input captured by onnxruntime, fake-quantized with numpy as AMCT does,
its output computed by single-node onnxruntime models; the whole-model check by running the
network node by node with numpy fake quantization between."""
from __future__ import annotations

import math
import threading

import numpy as np
import pytest

from editor.analysis.activations import MAX_KEPT
from editor.analysis.analyzer import Analyzer
from editor.analysis.inputs import discover
from editor.analysis.plans import NotAnalysed
from editor.analysis.run import AnalysisCancelled
from editor.models import load_model
from tests.analysis import kit

LAYERS = ("conv1", "dw", "deconv", "pool", "fc", "fc2", "proj")


@pytest.fixture(scope="module")
def samples(tmp_path_factory):
    """Three .npy samples of batch 2."""
    folder = tmp_path_factory.mktemp("samples")
    rng = np.random.default_rng(7)
    for i in range(3):
        np.save(folder / f"s{i}.npy", (rng.standard_normal((2, 3, 12, 12)) * 1.5).astype(np.float32))
    return folder


def _inputs(folder) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(folder.glob("*.npy"))]


def _float_tensors(path, folder) -> list[dict[str, np.ndarray]]:
    names = sorted({t for pair in kit.ZOO_TENSORS.values() for t in pair} | {"b1", "r3"})
    return [kit.capture(path, names, {"x": x}) for x in _inputs(folder)]


class Setup:
    """The record the tests analyse, and what the reference needs to know about it."""

    def __init__(self, arrays, tensors, *, act_bits=8, fold=False, balance=False, planted=None, margin=0.9):
        self.arrays, self.tensors = arrays, tensors
        self.act_bits, self.fold = act_bits, fold
        rng = np.random.default_rng(act_bits + 2 * fold)
        self.balance = {"fc": rng.uniform(0.5, 2.0, 864).astype(np.float32)} if balance else {}
        self.entries: dict[str, dict] = {}
        self.rows: dict[str, np.ndarray] = {}
        for name in LAYERS:
            x_name, _ = kit.ZOO_TENSORS[name]
            xs = [t[x_name] / self._tbf_shape(name) for t in tensors]
            lo, hi = min(float(x.min()) for x in xs), max(float(x.max()) for x in xs)
            # a little inside the range seen (margin < 1), so that a few values clip as after IFMR
            scale, offset = kit.calibrate(lo * margin, hi * margin, act_bits)
            if name == planted:
                scale = float(np.float32(scale / 8))
            f = {"scale_d": scale, "offset_d": offset, "act_type": f"INT{act_bits}"}
            if name in kit.ZOO_LAYERS:
                op, weight, _, attrs = kit.ZOO_LAYERS[name]
                w = arrays[weight]
                if name in self.balance:
                    w = w * self.balance[name][None, :]
                rows = kit.rows_of(op, w, attrs).astype(np.float32)
                if name == "conv1" and fold:
                    rows = (rows * kit.fold_multiplier(arrays["bn1.gamma"], arrays["bn1.var"])[:, None])
                self.rows[name] = rows.astype(np.float32)
                s = kit.arq(self.rows[name], 8, op in ("Conv", "ConvTranspose"))
                f.update({"scale_w": s, "offset_w": [0] * s.size, "skip_fusion": not (fold and name == "conv1")})
                if name in self.balance:
                    f["tensor_balance_factor"] = self.balance[name]
            self.entries[name] = f

    def _tbf_shape(self, name):
        return self.balance[name].reshape(1, -1) if name in self.balance else np.float32(1)

    def quantized_weight(self, name: str) -> np.ndarray:
        op, weight, _, attrs = kit.ZOO_LAYERS[name]
        wq, _ = kit.quantize_rows(self.rows[name], self.entries[name]["scale_w"], 8)
        return kit.weight_from_rows(op, wq, self.arrays[weight].shape, attrs)

    def bias(self, name: str) -> np.ndarray | None:
        _, _, b, _ = kit.ZOO_LAYERS[name]
        a = self.arrays
        if name == "conv1" and self.fold:
            return kit.folded_bias(a["conv1.b"], a["bn1.gamma"], a["bn1.beta"], a["bn1.mean"], a["bn1.var"])
        return a[b] if b else None

    def output_name(self, name: str) -> str:
        return "b1" if name == "conv1" and self.fold else kit.ZOO_TENSORS[name][1]

    def layer_op(self, name: str, xq: np.ndarray) -> np.ndarray:
        if name == "pool":
            return kit.run_node("AveragePool", xq, None, None, {"kernel_shape": [2, 2], "strides": [2, 2]})
        op, _, _, attrs = kit.ZOO_LAYERS[name]
        return kit.run_node(op, xq, self.quantized_weight(name), self.bias(name), attrs)

    def reference(self, name: str, factors: dict | None = None) -> dict:
        """clipped fraction, SQNR and similarity of one layer, from the captured tensors."""
        f = factors or self.entries[name]
        x_name, _ = kit.ZOO_TENSORS[name]
        clipped = values = 0
        x2 = e2 = 0.0
        sims = []
        for t in self.tensors:
            x = (t[x_name] / self._tbf_shape(name)).astype(np.float32)
            xq, c = kit.fake_quant(x, f["scale_d"], f["offset_d"], self.act_bits)
            clipped += int(c.sum())
            values += x.size
            x2 += float((x.astype(np.float64) ** 2).sum())
            e2 += float(((x.astype(np.float64) - xq) ** 2).sum())
            sims.append(kit.amct_similarity(t[self.output_name(name)], self.layer_op(name, xq)))
        return {"clipped": clipped / values, "sqnr": 10 * math.log10(x2 / e2), "similarity": float(np.mean(sims)),
                "count": clipped}


@pytest.fixture(scope="module")
def tensors(zoo, samples):
    return _float_tensors(zoo[0], samples)


def _analyse(zoo, samples, record, setup, **kwargs):
    model = load_model(zoo[0])
    analyzer = Analyzer(record(setup.entries), model, **kwargs)
    analyzer.samples = discover([samples], analyzer.input_specs())
    return analyzer, analyzer.run()


@pytest.mark.parametrize(("act_bits", "fold"), [(8, False), (8, True), (4, False), (4, True)])
def test_every_layer_agrees_with_the_reference(zoo, samples, tensors, record, act_bits, fold):
    setup = Setup(zoo[1], tensors, act_bits=act_bits, fold=fold)
    _, result = _analyse(zoo, samples, record, setup)
    assert result.samples == ["s0.npy", "s1.npy", "s2.npy"]
    for r in result.layers:
        a = r.activations
        assert a is not None, (r.key, r.activations_note)
        ref = setup.reference(r.key)
        assert a.values == sum(t[kit.ZOO_TENSORS[r.key][0]].size for t in tensors)
        assert a.clipped_low + a.clipped_high == ref["count"], r.key
        assert a.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01), r.key
        assert a.similarity == pytest.approx(ref["similarity"], abs=1e-5), r.key
        assert len(a.per_sample) == 3
    assert sum(r.activations.clipped_low + r.activations.clipped_high for r in result.layers) > 0


@pytest.mark.parametrize("act_bits", [8, 4])
def test_factors_from_the_whole_range_clip_nothing(zoo, samples, tensors, record, act_bits):
    """No value clips: the analysis skips counting (an If on the extreme levels) and says 0."""
    setup = Setup(zoo[1], tensors, act_bits=act_bits, margin=1.0)
    _, result = _analyse(zoo, samples, record, setup)
    for r in result.layers:
        ref = setup.reference(r.key)
        assert ref["count"] == 0
        assert (r.activations.clipped_low, r.activations.clipped_high) == (0, 0)
        assert r.activations.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01), r.key
        assert r.activations.similarity == pytest.approx(ref["similarity"], abs=1e-5), r.key


def test_balanced_activations_are_divided_by_their_factor(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors, balance=True)
    _, result = _analyse(zoo, samples, record, setup)
    fc = next(r for r in result.layers if r.key == "fc")
    ref = setup.reference("fc")
    assert fc.activations.balanced and fc.weights.balanced
    assert fc.activations.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
    assert fc.activations.similarity == pytest.approx(ref["similarity"], abs=1e-5)
    assert fc.activations.clipped_low + fc.activations.clipped_high == ref["count"]


@pytest.mark.parametrize("planted", ["dw", "fc2"])
def test_a_planted_scale_d_over_eight_is_the_worst_layer(zoo, samples, tensors, record, planted):
    setup = Setup(zoo[1], tensors, planted=planted)
    _, result = _analyse(zoo, samples, record, setup)
    ranked = result.ranked()
    assert ranked[0].key == planted
    assert ranked[0].activations.clipped > 0.1
    below = result.below(ranked[1].similarity)
    assert [r.key for r in below] == [planted]


def _fake_quant_network(setup: Setup, x: np.ndarray) -> np.ndarray:
    """The zoo run node by node, every analysed layer's input and weights fake-quantized."""
    a = setup.arrays

    def fq(name, v):
        f = setup.entries[name]
        return kit.fake_quant(v, f["scale_d"], f["offset_d"], setup.act_bits)[0]

    h = setup.layer_op("conv1", fq("conv1", x))
    if not setup.fold:  # the BatchNorm stays a layer of its own
        c = (None, slice(None), None, None)
        h = (h - a["bn1.mean"][c]) / np.sqrt(a["bn1.var"][c] + np.float32(1e-5)) * a["bn1.gamma"][c] + a["bn1.beta"][c]
    h = np.maximum(h, 0)
    h = np.maximum(setup.layer_op("dw", fq("dw", h)), 0)
    h = setup.layer_op("deconv", fq("deconv", h))
    h = setup.layer_op("pool", fq("pool", h)).reshape(h.shape[0], -1)
    h = np.maximum(setup.layer_op("fc", fq("fc", h)), 0)
    h = setup.layer_op("fc2", fq("fc2", h))
    return setup.layer_op("proj", fq("proj", h))


@pytest.mark.parametrize("fold", [False, True])
def test_the_whole_model_check_agrees_with_a_node_by_node_run(zoo, samples, tensors, record, fold):
    setup = Setup(zoo[1], tensors, fold=fold)
    _, result = _analyse(zoo, samples, record, setup)
    (check,) = result.outputs
    coss, errs = [], []
    for x, t in zip(_inputs(samples), tensors, strict=True):
        yq = _fake_quant_network(setup, x).astype(np.float64)
        y = t["y"].astype(np.float64)
        coss.append(float(y.ravel() @ yq.ravel() / (np.linalg.norm(y) * np.linalg.norm(yq))))
        errs.append(float(np.abs(y - yq).max()))
    assert check.name == "y"
    assert check.cosine == pytest.approx(np.mean(coss), abs=1e-5)
    assert check.min_cosine == pytest.approx(min(coss), abs=1e-5)
    assert check.max_abs_error == pytest.approx(max(errs), rel=1e-3)
    assert check.cosine < 1.0


def test_runs_side_by_side_give_the_figures_of_runs_one_after_another(zoo, samples, tensors, record, monkeypatch):
    """Two runs at a time (the default on several cores) or one (threads=1, as a window keeping
    a core for itself runs it): the same numbers, in the same sample order."""
    from editor.analysis import run as run_module

    setup = Setup(zoo[1], tensors)
    made: list[int] = []
    original = run_module._Jobs.__init__

    def jobs(self, workers, runner):
        made.append(workers)
        original(self, workers, runner)

    monkeypatch.setattr(run_module, "side_by_side", lambda runs, threads: min(runs, threads or 2))
    monkeypatch.setattr(run_module._Jobs, "__init__", jobs)
    _, apart = _analyse(zoo, samples, record, setup)
    _, alone = _analyse(zoo, samples, record, setup, threads=1)
    assert made == [2, 1]
    for a, b in zip(apart.layers, alone.layers, strict=True):
        assert a.activations.per_sample == b.activations.per_sample, a.key
        assert (a.activations.sqnr_db, a.activations.clipped) == (b.activations.sqnr_db, b.activations.clipped)
        assert np.array_equal(a.activations.sample.values, b.activations.sample.values)
    assert apart.outputs[0].per_sample == alone.outputs[0].per_sample


def test_suggestions_are_amct_factors_of_the_range_seen(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors, planted="dw")
    _, result = _analyse(zoo, samples, record, setup)
    dw = next(r for r in result.layers if r.key == "dw").activations
    xs = [t["r1"] for t in tensors]
    lo, hi = min(float(x.min()) for x in xs), max(float(x.max()) for x in xs)
    assert (dw.min, dw.max) == (lo, hi)
    scale, offset = kit.calibrate(lo, hi, 8)
    assert dw.suggested_scale_d == pytest.approx(scale, rel=1e-6) and dw.suggested_offset_d == offset
    # the record is unchanged: a suggestion is never applied
    assert dw.scale_d == pytest.approx(setup.entries["dw"]["scale_d"])


def test_the_histogram_sample_is_bounded_and_stands_for_every_value(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    _, result = _analyse(zoo, samples, record, setup)
    for r in result.layers:
        a = r.activations
        sample = a.sample
        assert 0 < sample.values.size <= MAX_KEPT
        assert sample.weights.sum() == pytest.approx(a.values)
        assert a.min <= sample.values.min() and sample.values.max() <= a.max
        counts, edges = sample.histogram(32)
        assert counts.sum() == pytest.approx(a.values) and edges.size == 33


def test_a_layer_reruns_alone_with_its_new_factors(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    analyzer, result = _analyse(zoo, samples, record, setup)
    index = next(r.index for r in result.layers if r.key == "deconv")
    full = result.layer(index).activations
    again = analyzer.rerun_layer(index)
    assert again.similarity == pytest.approx(full.similarity, abs=1e-9)
    assert (again.clipped_low, again.clipped_high) == (full.clipped_low, full.clipped_high)
    # edit the record as a window would, and measure the layer again
    value = analyzer.message.record[index].value
    value.scale_d = float(np.float32(value.scale_d / 3))
    value.offset_d = 5
    edited = analyzer.rerun_layer(index)
    ref = setup.reference("deconv", {"scale_d": value.scale_d, "offset_d": 5})
    assert edited.scale_d == pytest.approx(value.scale_d) and edited.offset_d == 5
    assert edited.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
    assert edited.similarity == pytest.approx(ref["similarity"], abs=1e-5)
    assert edited.clipped_low + edited.clipped_high == ref["count"]
    assert edited.similarity < full.similarity


def test_a_rerun_follows_a_new_scale_w(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    analyzer, result = _analyse(zoo, samples, record, setup)
    index = next(r.index for r in result.layers if r.key == "fc2")
    analyzer.prepare_layer(index)
    value = analyzer.message.record[index].value
    value.scale_w[0] = value.scale_w[0] * 16
    setup.entries["fc2"]["scale_w"] = np.asarray(value.scale_w, np.float32)
    again = analyzer.rerun_layer(index)
    assert again.similarity == pytest.approx(setup.reference("fc2")["similarity"], abs=1e-5)
    assert again.similarity < result.layer(index).activations.similarity


def test_a_tensor_key_measures_that_input_only(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    f = setup.entries["fc"]
    entries = {"fc:0": {"scale_d": f["scale_d"], "offset_d": f["offset_d"]}, "conv1": setup.entries["conv1"]}
    model = load_model(zoo[0])
    analyzer = Analyzer(record(entries), model)
    analyzer.samples = discover([samples], analyzer.input_specs())
    result = analyzer.run()
    tensor = result.layers[0]
    assert tensor.activations is not None
    assert tensor.activations.similarity is None and tensor.similarity is None
    ref = setup.reference("fc")
    assert tensor.activations.sqnr_db == pytest.approx(ref["sqnr"], abs=0.01)
    assert tensor.activations.clipped_low + tensor.activations.clipped_high == ref["count"]
    assert result.ranked()[0].key == "conv1"  # a layer with a similarity ranks before one without


def test_layers_that_cannot_run_say_why(zoo, samples, record):
    model = load_model(zoo[0])
    entries = {"relu1": {"scale_d": 0.1, "offset_d": 0}, "ghost": {"scale_d": 0.1, "offset_d": 0},
               "fc": {"scale_w": [0.01]}}
    analyzer = Analyzer(record(entries), model)
    analyzer.samples = discover([samples], analyzer.input_specs())
    notes = {r.key: r.activations_note or "" for r in analyzer.run().layers}
    assert "Relu layers are not analysed" in notes["relu1"]
    assert "no layer" in notes["ghost"]
    assert "no scale_d" in notes["fc"]
    with pytest.raises(NotAnalysed):
        analyzer.rerun_layer(0)


def test_progress_returning_false_cancels(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    model = load_model(zoo[0])
    analyzer = Analyzer(record(setup.entries), model)
    analyzer.samples = discover([samples], analyzer.input_specs())
    seen = []

    def progress(done, total):
        seen.append((done, total))
        return done < len(LAYERS) + 2  # stop after the first sample

    with pytest.raises(AnalysisCancelled):
        analyzer.run(progress)
    assert seen[-1] == (len(LAYERS) + 2, len(LAYERS) + 4)


def test_cancel_from_another_thread_stops_the_run(zoo, samples, tensors, record):
    setup = Setup(zoo[1], tensors)
    model = load_model(zoo[0])
    analyzer = Analyzer(record(setup.entries), model)
    analyzer.samples = discover([samples], analyzer.input_specs())
    started = threading.Event()
    release = threading.Event()

    def progress(done, total):
        if done == len(LAYERS) + 1:  # the session is built: let the other thread cancel
            started.set()
            release.wait(10)
        return True

    errors = []

    def work():
        try:
            analyzer.run(progress)
        except AnalysisCancelled as e:
            errors.append(e)

    t = threading.Thread(target=work)
    t.start()
    assert started.wait(30)
    analyzer.cancel()
    release.set()
    t.join(30)
    assert len(errors) == 1


def test_a_layer_prepared_again_after_a_cancelled_prepare(zoo, samples, tensors, record):
    """A window cancels a layer's preparation when another layer is selected; asked again
    later, the layer is prepared (its kept probe does not stay cancelled)."""
    setup = Setup(zoo[1], tensors)
    analyzer, result = _analyse(zoo, samples, record, setup)
    index = next(r.index for r in result.layers if r.key == "fc2")

    def cancel_on_first_sample(done, total):
        if done == 2:
            analyzer.cancel()  # as from the GUI thread while the worker runs
        return True

    with pytest.raises(AnalysisCancelled):
        analyzer.prepare_layer(index, cancel_on_first_sample)
    analyzer.prepare_layer(index)
    again = analyzer.rerun_layer(index)
    assert again.similarity == pytest.approx(result.layer(index).activations.similarity, abs=1e-6)
