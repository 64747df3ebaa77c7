"""Benchmark: `record-editor analyze` on a real network against a plain onnxruntime run of the
same model on the same inputs.

The network is PP-OCRv4's text detector from the rapidocr_onnxruntime wheel (62 Conv and 2
ConvTranspose: 64 quantized layers; scripts/realnets.py fetches it). The record is made here
from the weights (AMCT's ARQ) and from each layer's input range on the samples; the samples
are generated images. Rounds are interleaved (plain, analysis, plain, analysis…) and each
figure is the median [min–max] over rounds:

- end to end: reading the model, building the session(s), running every sample — for the
  plain run an onnxruntime session of the model and one run per sample; for the analysis
  `Analyzer.run()` (weights, the analysis's two models, their sessions, two runs per sample,
  side by side);
- runs per sample: from the first run's start to the last run's end, over the samples (the
  analysis's runs overlap, so one run's own time would say little);
- CPU time end to end (the process's, all its threads): steadier than wall time on a shared
  machine, and with ``--threads 1`` the work itself;
- a layer's re-run after an edit: with its inputs kept (`prepare_layer` done), and cold;
- a layer's weight figures after an edit;
- peak memory (VmHWM) of a fresh process doing each, once.

`--floor` prints instead what the analysis's onnxruntime work costs (its two models built,
prepared and run side by side, as the analysis does) with and without the branches'
statistics: the model passes themselves (float model, twins, quantized model) are the floor
no change to the statistics can go below.

`--profile` prints instead where the time goes: onnxruntime's own per-node times (one thread,
from its profiler) of the plain model and of the analysis's two models — the float model with
the twins (its own nodes, the twins' operators, their fake quantization and sums, NCHWc layout
changes) and the quantized model of the whole-model check — against the plain run's.

    python -m scripts.bench_analysis [--samples 4] [--size 640] [--rounds 5] [--threads N] [--spin]
    python -m scripts.bench_analysis --profile [--rounds 3]
    python -m scripts.bench_analysis --floor [--rounds 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from scripts import realnets

if TYPE_CHECKING:
    import onnx

    from editor.analysis.analyzer import Analyzer
    from editor.analysis.graph import LayerPlan
    from editor.records.messages import RootMessage

ROOT = Path(__file__).resolve().parents[1]


def make_case(folder: Path, samples: int, size: int) -> tuple[Path, Path, Path]:
    """(model, record, samples folder): the record from ARQ and the samples' ranges."""
    import onnx
    import onnxruntime as ort

    from editor.models import load_model
    from editor.models.weights import layer_arq
    from editor.records import quant
    from editor.records.dialects import get_dialect

    model_path = realnets.fetch("det")
    inputs = folder / "inputs"
    inputs.mkdir()
    rng = np.random.default_rng(0)
    xs = []
    for i in range(samples):
        # smooth shapes over noise, normalised as PP-OCR does ((x/255 - mean)/std)
        yy, xx = np.mgrid[0:size, 0:size] / size
        img = 128 + 100 * np.sin(2 * np.pi * (rng.uniform(1, 6) * xx + rng.uniform(1, 6) * yy))[None]
        img = img + rng.normal(0, 20, (3, size, size))
        x = ((np.clip(img, 0, 255) / 255 - 0.45) / 0.23).astype(np.float32)[None]
        np.save(inputs / f"image{i}.npy", x)
        xs.append(x)
    model = load_model(model_path)
    layers = model.quantizable_layers(weighted_only=True)
    proto = onnx.load(str(model_path))
    proto.graph.output.extend(onnx.ValueInfoProto(name=layer.inputs[0]) for layer in layers)
    session = ort.InferenceSession(proto.SerializeToString(), providers=["CPUExecutionProvider"])
    names = [layer.inputs[0] for layer in layers]
    lo = dict.fromkeys(names, np.inf)
    hi = dict.fromkeys(names, -np.inf)
    for x in xs:
        for n, a in zip(names, session.run(names, {"x": x}), strict=True):
            lo[n], hi[n] = min(lo[n], float(a.min())), max(hi[n], float(a.max()))
    message: RootMessage = get_dialect("pytorch").message_class()
    for layer in layers:
        e = message.record.add()
        e.key = layer.name
        arq = layer_arq(model, layer, fold=True, channel_wise=True)
        e.value.scale_w.extend(arq.scale.tolist())
        e.value.offset_w.extend([0] * arq.scale.size)
        s, o = quant.scale_offset_from_range(lo[layer.inputs[0]], hi[layer.inputs[0]])
        e.value.scale_d, e.value.offset_d = s, o
    record = folder / "record.txt"
    record.write_text(str(message))
    return model_path, record, inputs


def plain(model_path: Path, inputs: Path, threads: int | None = None, spin: bool = True) -> tuple[float, float, float]:
    """(end-to-end seconds, seconds of the runs per sample, end-to-end CPU seconds) of onnxruntime alone,
    its idle threads spinning (its default) or, `spin` false, sleeping as the analysis's do."""
    import onnxruntime as ort

    c0 = time.process_time()
    t0 = time.perf_counter()
    options = ort.SessionOptions()
    if threads is not None:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    if not spin:
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
    files = sorted(inputs.glob("*.npy"))
    t = time.perf_counter()
    for f in files:
        session.run(None, {"x": np.load(f)})
    runs = time.perf_counter() - t
    return time.perf_counter() - t0, runs / len(files), time.process_time() - c0


def analysis(model_path: Path, record: Path, inputs: Path, whole_model: bool = True,
             threads: int | None = None, spin: bool = False) -> tuple[float, float, Analyzer, float]:
    """(end-to-end seconds, seconds of the runs per sample, the analyzer, end-to-end CPU seconds);
    `spin`: onnxruntime's idle threads spin (its default) instead of sleeping. The runs per
    sample: from the first run's start to the last one's end, over the number of samples (runs
    go side by side, so one run's own time says little)."""
    from editor.analysis import run as run_module
    from editor.analysis.analyzer import analyzer_for
    from editor.models import load_model
    from editor.records.document import RecordDocument

    spans: list[tuple[float, float]] = []
    original = run_module._Runner._run

    def timed(self, *args, **kwargs):
        t = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            spans.append((t, time.perf_counter()))

    c0 = time.process_time()
    t0 = time.perf_counter()
    message = RecordDocument.load(record, "pytorch").message
    analyzer = analyzer_for(message, load_model(model_path), [inputs], whole_model=whole_model, threads=threads)
    run_module._Runner._run = timed  # type: ignore[method-assign]
    run_module.SPIN = spin
    try:
        result = analyzer.run()
    finally:
        run_module._Runner._run = original  # type: ignore[method-assign]
        run_module.SPIN = False
    elapsed = time.perf_counter() - t0
    cpu = time.process_time() - c0
    assert all(r.activations is not None for r in result.layers)
    runs = max(e for _, e in spans) - min(s for s, _ in spans)
    return elapsed, runs / len(analyzer.samples), analyzer, cpu


def _node_times(model_bytes: bytes, xs: list[np.ndarray], prefix: str, analysis: bool) -> dict[str, float]:
    """Per-sample onnxruntime kernel time (ms) by part of the graph and (as "op:<type>" keys, the
    analysis's own nodes) by operator, one thread, from its profile."""
    import onnxruntime as ort

    from editor.analysis.run import session_options

    if analysis:
        options = session_options(1)  # the analysis's own settings
    else:
        options = ort.SessionOptions()
        options.log_severity_level = 3
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
    options.enable_profiling = True
    options.profile_file_prefix = prefix
    session = ort.InferenceSession(model_bytes, options, providers=["CPUExecutionProvider"])
    for x in xs:
        session.run(None, {"x": x})
    parts: dict[str, float] = {}
    with open(session.end_profiling()) as f:
        events = json.load(f)
    for e in events:
        if e.get("cat") != "Node" or not e["name"].endswith("_kernel_time"):
            continue
        name, op = e["name"][: -len("_kernel_time")], e["args"]["op_name"]
        ms = e["dur"] / 1000 / len(xs)
        if op.startswith("Reorder"):
            part = "layout changes (NCHWc reorders)"
        elif name.startswith("__rq"):
            part = "quantized model: fake quantization"
        elif name.startswith("__ra"):
            part = "twins: the layer's own operator" if op in ("Conv", "ConvTranspose", "Gemm", "MatMul") and \
                name.endswith(("_q", "_q_nchwc", "_yq_nchwc")) else "twins: fake quantization and sums"
            if part.endswith("sums"):
                parts["op:" + op] = parts.get("op:" + op, 0.0) + ms
        else:
            part = "the model's own nodes"
        parts[part] = parts.get(part, 0.0) + ms
    return parts


def profile(model_path: Path, record: Path, inputs: Path, rounds: int) -> None:
    """Where the time goes: onnxruntime's per-node times of the plain model and of the
    analysis's two models (the float model with the twins, the quantized model), one thread."""
    import onnx

    from editor.analysis import run as run_module
    from editor.analysis.analyzer import analyzer_for
    from editor.analysis.graph import analysis_model
    from editor.models import load_model
    from editor.records.document import RecordDocument

    captured = {}
    original = run_module.ActivationRun.run

    def capture(self, progress=None, meanwhile=None):
        captured["plans"], captured["model"] = self.plans, self.model
        return original(self, progress, meanwhile)

    message = RecordDocument.load(record, "pytorch").message
    analyzer = analyzer_for(message, load_model(model_path), [inputs])
    run_module.ActivationRun.run = capture  # type: ignore[method-assign]
    try:
        analyzer.run()
    finally:
        run_module.ActivationRun.run = original  # type: ignore[method-assign]
    xs = [np.load(f) for f in sorted(inputs.glob("*.npy"))]
    graph = analysis_model(captured["model"], captured["plans"])
    assert graph.quantized is not None
    models = {"plain": onnx.load(str(model_path)).SerializeToString(),
              "float model with the twins": graph.model.SerializeToString(),
              "quantized model (the whole-model check)": graph.quantized.SerializeToString()}
    tables: dict[str, dict[str, list[float]]] = {k: {} for k in models}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):  # interleaved: the machine's load shifts between them alike
            for k, (name, model) in enumerate(models.items()):
                got = _node_times(model, xs, f"{tmp}/{r}_{k}", name != "plain")
                got["total"] = sum(v for p, v in got.items() if not p.startswith("op:"))
                for part, v in got.items():
                    tables[name].setdefault(part, []).append(v)
    base = statistics.median(tables["plain"]["total"])
    both = sum(statistics.median(t["total"]) for name, t in tables.items() if name != "plain")
    print(f"onnxruntime kernel time per sample, one thread, median of {rounds} interleaved rounds "
          f"(x the plain run's total); the analysis's two models: {both / base:.2f}x")
    for name, table in tables.items():
        print(f" {name}:")
        rows = sorted(((k, statistics.median(v)) for k, v in table.items() if not k.startswith("op:")),
                      key=lambda kv: -kv[1])
        for part, ms in rows:
            print(f"  {part:40s} {ms:7.0f} ms  {ms / base:5.2f}x")
        ops = sorted(((k[3:], statistics.median(v)) for k, v in table.items() if k.startswith("op:")),
                     key=lambda kv: -kv[1])
        if ops:
            print("   the twins' fake quantization and sums by operator: " +
                  ", ".join(f"{op} {ms / base:.2f}x" for op, ms in ops[:8]))


def _passes(model_path: Path, record: Path, inputs: Path, statistics: str) -> float:
    """Seconds of the analysis's onnxruntime work alone: its two models built, their sessions made
    and run side by side on every sample as `ActivationRun` does, with each branch's
    `statistics`:

    - ``"all"``: the analysis's own;
    - ``"minimal"``: one sum over the whole tensor of each of x, y and y', onnxruntime's quickest
      reduction: what a kernel computing every statistic in one read of each tensor would cost
      at best (a compiled one-pass kernel, the only way left to make the statistics cheaper);
    - ``"none"``: only what the passes themselves need: the fake quantization and the twin (one
      sum of its output keeps it in the graph)."""
    from concurrent.futures import ThreadPoolExecutor

    from editor.analysis import graph as graph_module
    from editor.analysis import run as run_module

    plans, model = _plans(model_path, record, inputs)
    xs = [np.load(f) for f in sorted(inputs.glob("*.npy"))]
    full_branch = graph_module.add_branch

    def twin_only(b, plan, f, weight, bias, balance, y):
        xb = graph_module.balanced(b, plan.x, balance)
        xq = graph_module.fake_quant(b, xb, f)[0]
        out = {"x2": b.reduce("ReduceSumSquare", xb, None, "x2")} if statistics == "minimal" else {}
        if y is None:
            return out or {"min": b.reduce("ReduceMin", xq, None, "min")}
        out["qq"] = b.reduce("ReduceSumSquare", graph_module.layer_op(b, plan, xq, weight, bias, "yq"), None, "qq")
        if statistics == "minimal":
            out["yy"] = b.reduce("ReduceSumSquare", y, None, "yy")
        return out

    t0 = time.perf_counter()
    graph_module.add_branch = full_branch if statistics == "all" else twin_only
    try:
        graph = graph_module.analysis_model(model, plans, whole_model=False)
    finally:
        graph_module.add_branch = full_branch
    outputs = graph_module.float_outputs(model)
    names = [n for d in graph.layers for n in d.values()] + outputs
    with ThreadPoolExecutor(2) as pool:
        sessions = [pool.submit(run_module.make_session, graph.model, 1)]
        sessions.append(pool.submit(run_module.make_session, graph_module.quantized_model(model, plans), 1))
        wanted = [names, outputs]
        runs = [pool.submit(lambda k, x: sessions[k].result().run(wanted[k], {"x": x}), k, x)
                for x in xs for k in (1, 0)]
        for r in runs:
            r.result()
    return time.perf_counter() - t0


def _plans(model_path: Path, record: Path, inputs: Path) -> tuple[list[LayerPlan], onnx.ModelProto]:
    """The layer plans and the model `ActivationRun` gets (an analysis run stopped before it runs)."""
    from editor.analysis import run as run_module
    from editor.analysis.analyzer import analyzer_for
    from editor.models import load_model
    from editor.records.document import RecordDocument

    captured: dict[str, Any] = {}

    class Stop(Exception):
        pass

    original = run_module.ActivationRun.run

    def capture(self, progress=None, meanwhile=None):
        captured["plans"], captured["model"] = self.plans, self.model
        raise Stop

    run_module.ActivationRun.run = capture  # type: ignore[method-assign]
    try:
        analyzer_for(RecordDocument.load(record, "pytorch").message, load_model(model_path), [inputs]).run()
    except Stop:
        pass
    finally:
        run_module.ActivationRun.run = original  # type: ignore[method-assign]
    return captured["plans"], captured["model"]


def floor(model_path: Path, record: Path, inputs: Path, rounds: int) -> None:
    """What the analysis's three model passes cost by themselves, against the plain run."""
    full, minimal, bare, whole = [], [], [], []
    start = measure_start()
    for _ in range(rounds):
        pt, _, _ = plain(model_path, inputs)
        full.append(_passes(model_path, record, inputs, "all") / pt)
        minimal.append(_passes(model_path, record, inputs, "minimal") / pt)
        bare.append(_passes(model_path, record, inputs, "none") / pt)
        whole.append(analysis(model_path, record, inputs)[0] / pt)
    print(f"x the plain run end to end, {rounds} interleaved rounds: the analysis {fmt(whole, 'x')}; its onnxruntime "
          f"work alone {fmt(full, 'x')}; the same with one quickest sum per tensor instead of the statistics "
          f"(a one-pass kernel's best case) {fmt(minimal, 'x')}; without any statistics (float model, twins, "
          f"quantized model) {fmt(bare, 'x')}")
    print(f"other processes used {others_share(start):.0%} of the CPUs during the run")


def _busy_jiffies() -> tuple[int, int]:
    """(CPU time every process used, this process's), in clock ticks, from /proc (Linux)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    with open("/proc/self/stat") as f:
        mine = f.read().rsplit(")", 1)[1].split()
    # busy: all but idle and iowait (steal included: another VM's work is load too)
    return sum(v) - v[3] - v[4], sum(int(x) for x in mine[11:15])


def others_share(start: tuple[int, int, float]) -> float:
    """The share of the machine's CPUs other processes used since `start` (`measure_start`)."""
    import os

    total, mine = _busy_jiffies()
    seconds = time.perf_counter() - start[2]
    return ((total - start[0]) - (mine - start[1])) / os.sysconf("SC_CLK_TCK") / (seconds * (os.cpu_count() or 1))


def measure_start() -> tuple[int, int, float]:
    return (*_busy_jiffies(), time.perf_counter())


def fmt(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    v = [x * scale for x in values]
    return f"{statistics.median(v):.3g} {unit} [{min(v):.3g}–{max(v):.3g}]"


def peak(kind: str, args: list[str], threads: int | None) -> int:
    """Peak resident memory (KB, VmHWM) of a fresh process doing one `kind` run. (Not
    ru_maxrss: Linux keeps that across exec, so a child would start from its parent's.)"""
    code = ("from scripts import bench_analysis as b\n"
            "from pathlib import Path\n"
            "a = [Path(x) for x in %r]\n"
            "(b.plain(*a, threads=%r) if %r == 'plain' else b.analysis(*a, threads=%r))\n"
            "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))\n"
            ) % (args, threads, kind, threads)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return int(out.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--samples", type=int, default=4)
    p.add_argument("--size", type=int, default=640, help="image side in pixels")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--threads", type=int, help="onnxruntime threads of both (default: its own, one per core)")
    p.add_argument("--spin", action="store_true",
                   help="also time the analysis with onnxruntime's threads spinning (its default) between nodes, "
                        "and the plain run with them sleeping")
    p.add_argument("--floor", action="store_true",
                   help="only print what the model passes cost without the statistics, against the plain run")
    p.add_argument("--profile", action="store_true",
                   help="only print where the time goes: onnxruntime's per-node times by part of the graph")
    args = p.parse_args()
    th = args.threads
    with tempfile.TemporaryDirectory() as tmp:
        model_path, record, inputs = make_case(Path(tmp), args.samples, args.size)
        if args.profile:
            profile(model_path, record, inputs, args.rounds)
            return
        if args.floor:
            floor(model_path, record, inputs, args.rounds)
            return
        print(f"model: {model_path.name}, 64 quantized layers; {args.samples} samples of 1x3x{args.size}x{args.size}; "
              f"onnxruntime threads: {th or 'default'}")
        plain_kb = peak("plain", [str(model_path), str(inputs)], th)
        analysis_kb = peak("analysis", [str(model_path), str(record), str(inputs)], th)
        print(f"peak memory (VmHWM of a fresh process): plain {plain_kb / 1024:.0f} MB, "
              f"analysis {analysis_kb / 1024:.0f} MB")
        plain(model_path, inputs, th)  # warm the page cache and onnxruntime's first-use costs
        p_total, p_run, a_total, a_run, n_total, ratio, run_ratio, n_ratio, cpu_ratio, s_ratio, s_cpu = (
            [] for _ in range(11))
        q_ratio: list[float] = []
        q_cpu: list[float] = []
        analyzer = None
        load = measure_start()
        for _ in range(args.rounds):
            pt, pr, pc = plain(model_path, inputs, th)
            at, ar, analyzer, ac = analysis(model_path, record, inputs, threads=th)
            nt, _, _, _ = analysis(model_path, record, inputs, whole_model=False, threads=th)
            if args.spin:
                st, _, _, sc = analysis(model_path, record, inputs, threads=th, spin=True)
                s_ratio.append(st / pt)
                s_cpu.append(sc / pc)
                qt, _, qc = plain(model_path, inputs, th, spin=False)
                q_ratio.append(at / qt)
                q_cpu.append(ac / qc)
            cpu_ratio.append(ac / pc)
            p_total.append(pt)
            p_run.append(pr)
            a_total.append(at)
            a_run.append(ar)
            n_total.append(nt)
            ratio.append(at / pt)
            run_ratio.append(ar / pr)
            n_ratio.append(nt / pt)
        print(f"other processes used {others_share(load):.0%} of the CPUs meanwhile")
        print(f"plain onnxruntime, end to end: {fmt(p_total)}; runs per sample: {fmt(p_run, 'ms', 1000)}")
        print(f"analysis, end to end:          {fmt(a_total)}; runs per sample: {fmt(a_run, 'ms', 1000)}")
        print(f"  ratio end to end: {fmt(ratio, 'x')}; runs per sample: {fmt(run_ratio, 'x')}; "
              f"CPU time end to end: {fmt(cpu_ratio, 'x')}")
        print(f"analysis without the whole-model check, end to end: {fmt(n_total)}; ratio {fmt(n_ratio, 'x')}")
        if args.spin:
            print(f"analysis with spinning threads, end to end: ratio {fmt(s_ratio, 'x')}; CPU time {fmt(s_cpu, 'x')}")
            print(f"analysis against a plain run whose threads sleep too: ratio {fmt(q_ratio, 'x')}; "
                  f"CPU time {fmt(q_cpu, 'x')}")
        assert analyzer is not None
        indices = analyzer.entries()
        mid = indices[len(indices) // 2]
        cold, warm, weights = [], [], []
        for _ in range(args.rounds):
            analyzer._probes.clear()
            t = time.perf_counter()
            analyzer.rerun_layer(mid)
            cold.append(time.perf_counter() - t)
            value = analyzer.message.record[mid].value
            value.scale_d = value.scale_d * 0.5
            t = time.perf_counter()
            analyzer.rerun_layer(mid)
            warm.append(time.perf_counter() - t)
            value.scale_w[0] = value.scale_w[0] * 2
            t = time.perf_counter()
            analyzer.layer_weights(mid)
            weights.append(time.perf_counter() - t)
        key = analyzer.message.record[mid].key
        print(f"one layer ({key}) re-run after an edit, inputs kept: {fmt(warm, 'ms', 1000)}; "
              f"cold (run up to the layer first): {fmt(cold, 'ms', 1000)}")
        print(f"one layer's weight figures after an edit: {fmt(weights, 'ms', 1000)}")
        print(json.dumps({"ratio_end_to_end": statistics.median(ratio), "ratio_per_run": statistics.median(run_ratio),
                          "cpu_ratio_end_to_end": statistics.median(cpu_ratio),
                          "ratio_without_model_check": statistics.median(n_ratio)}))


if __name__ == "__main__":
    main()
