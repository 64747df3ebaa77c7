"""Benchmark attaching a big model (>= 100 MB of weights): what a user waits for, from a fresh
process, against the same command without the model, in interleaved runs.

    python -m scripts.bench_models [--mb 100] [--formats onnx,tf,caffe] [--runs 5] [--keep DIR]
                                    [--no-window] [--editor CHECKOUT]

For each format it generates a model whose float32 weights add up to at least --mb MB (a
chain of 512-channel 3x3 convolutions with BatchNorms) and a record for it, then runs, in
fresh processes, --runs rounds of (the order rotating from round to round):

  check        record-editor check RECORD                 - the reference
  info+model   record-editor info RECORD --model M        - reading the model's structure
  check+model  record-editor check RECORD --model M       - the weights review and the model
                                                            rules as well (BatchNorm folded)
  full read    a fresh Python process that imports the format's reader and parses the whole
               file: onnx.load (with import onnx: ~0.8 s of CPU, most of it ml_dtypes) /
               GraphDef / NetParameter.ParseFromString (what a naive tool does)
  window       a fresh editor window (offscreen) with the record open attaches the model as
               File > Attach Model does — the first attach of the process — while a 10 ms
               timer on the GUI thread records the longest event-loop stall; then the Channels
               plot draws the first layer with the weights overlay

Each process is timed from outside, from its start to its exit (imports included: what a
user waits for); its peak resident memory comes from wait4. Prints median [min-max] of the
rounds, and each task's ratio to the reference measured in the same round (median
[min-max] of those ratios), with the machine's load. No timings are asserted anywhere.
`--channels 64` makes many small layers (a 100 MB model of ~680 convolutions). `--editor`
measures another checkout of the editor (a before/after comparison in one run).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHANNELS = 512
TICK_MS = 10


def _peak_mb() -> float:
    """This process's peak resident memory. VmHWM, where Linux has it: ru_maxrss carries the
    parent's peak over fork and exec, which would hide the step's own."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # kB on Linux


def timed_wait4(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """`timed`, with the child's own peak resident memory (wait4's rusage, kB on Linux)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err, env=env)
        _pid, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(argv[:5])} failed ({proc.returncode}): {err.read().decode()[-2000:]}")
        return elapsed, usage.ru_maxrss / 1024.0, out.read().decode()


FULL_READ = {
    "onnx": "import sys, onnx; m = onnx.load(sys.argv[1]); print(len(m.graph.initializer))",
    "tf": ("import sys; from editor.models._pb import tf_graph_pb2 as pb; g = pb.GraphDef(); "
           "g.ParseFromString(open(sys.argv[1], 'rb').read()); print(len(g.node))"),
    "caffe": ("import sys; from editor.models._pb import caffe_model_pb2 as pb; n = pb.NetParameter(); "
              "n.ParseFromString(open(sys.argv[1], 'rb').read()); print(len(n.layer))"),
}


def commands(fmt: str, record: Path, model: Path, weights: Path | None) -> dict[str, list[str]]:
    """The fresh processes of one round, by task."""
    py = sys.executable
    given = ["--model", str(model)] + (["--weights", str(weights)] if weights else [])
    out = {
        "check": [py, "-m", "editor", "check", str(record)],
        "info+model": [py, "-m", "editor", "info", str(record), *given],
        "check+model": [py, "-m", "editor", "check", str(record), *given],
        "full read": [py, "-c", FULL_READ[fmt], str(weights or model)],
    }
    return out


def child_window(record: str, model: str, weights: str) -> None:
    """The --child entry: a fresh window attaching the model (prints JSON)."""
    print(json.dumps(window_attach(record, model, weights or None)))


def window_attach(record: str, model: str, weights: str | None) -> dict:
    """The window attaching the model to the open record; the longest event-loop stall."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer

    from editor.ui.app import application, freeze_startup_objects
    from editor.ui.dialogs import Prompter
    from editor.ui.main_window import MainWindow

    class Quiet(Prompter):
        def error(self, title: str, text: str) -> None:
            print(f"error: {title}: {text}", file=sys.stderr)

        def ask_save_changes(self, name: str) -> str:
            return "discard"

    _app = application()  # kept: the window needs it alive
    freeze_startup_objects()  # as run_gui does

    def spin(seconds: float) -> None:
        loop = QEventLoop()
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    def wait_for(signal, seconds: float) -> list:
        loop = QEventLoop()
        got: list = []
        def arrived(*a: object) -> None:
            got.append(a)
            loop.quit()

        signal.connect(arrived)
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()
        return got

    clock = QElapsedTimer()
    #: (gap ms, at ms, the GUI thread's own CPU ms in the gap): the CPU part tells work from
    #: waiting for a core on a busy machine
    gaps: list[tuple[float, float, float]] = []
    last = [0.0, 0.0]

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        cpu = time.thread_time() * 1000
        gaps.append((now - last[0], now, cpu - last[1]))
        last[0], last[1] = now, cpu

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=Quiet(), recovery_dir=Path(tmp) / "recovery")
        window.resize(1360, 860)
        window.show()
        window.open_path(record)
        if not wait_for(window.loadFinished, 600):
            raise SystemExit("the record did not open")
        spin(0.5)
        base = _peak_mb()
        clock.start()
        last[1] = time.thread_time() * 1000
        timer.start()
        t = time.perf_counter()
        window.attach_model(model, weights)
        done = wait_for(window.models.attachFinished, 600)
        attached = time.perf_counter() - t
        finished_at = clock.nsecsElapsed() / 1e6
        spin(1.0)  # the views draw what the attach installed
        timer.stop()
        tick()
        if not done or not done[0][0]:
            raise SystemExit("the model was not attached")
        worst, at, worst_cpu = max(gaps)
        during = max((g for g, when, _ in gaps if when <= finished_at), default=0.0)
        after = max((g for g, when, _ in gaps if when > finished_at), default=0.0)
        # the Channels plot with the weights overlay: the first weighted layer
        session = window.session
        first = next(i for i in range(len(session.message.record)) if session.weights.review(i) is not None)
        t = time.perf_counter()
        session.selection.select(("record", first, "value", "scale_w", 0))
        window.plots.channels.flush()
        channel_plot = time.perf_counter() - t
        flagged = len(session.weights.flagged_entries())
        return {"attach_s": attached, "peak_mb_attach": _peak_mb() - base, "items": len(session.message.record),
                "onnx_imported": "onnx" in sys.modules,
                "stall_ms": worst, "stall_cpu_ms": worst_cpu, "stall_at_s": at / 1000,
                "stall_while_attaching_ms": during,
                "stall_after_ms": after, "over_50ms": sum(1 for g, _, _ in gaps if g > 50),
                "ticks": len(gaps), "timings": window.models.timings, "channel_plot_s": channel_plot,
                "flagged_layers": flagged}


# --- generators ------------------------------------------------------------------------

def _count(mb: float) -> int:
    per_layer = CHANNELS * CHANNELS * 9 * 4
    return max(1, -(-int(mb * 1e6) // per_layer))


def make_tf(path: Path, mb: float, seed: int = 0) -> int:
    import numpy as np

    from editor.models._pb import tf_graph_pb2 as pb

    rng = np.random.default_rng(seed)
    count = _count(mb)
    g = pb.GraphDef()
    g.node.add(name="input", op="Placeholder")
    prev = "input"
    for i in range(count):
        w = g.node.add(name=f"conv{i}/weights", op="Const")
        t = w.attr["value"].tensor
        t.dtype = pb.DT_FLOAT
        t.tensor_shape.dim.extend(pb.TensorShapeProto.Dim(size=d) for d in (3, 3, CHANNELS, CHANNELS))
        t.tensor_content = (rng.standard_normal((3, 3, CHANNELS, CHANNELS), dtype=np.float32) * 0.05).tobytes()
        for k, lo, hi in (("gamma", 0.5, 1.5), ("beta", -0.1, 0.1), ("mean", -0.2, 0.2), ("var", 0.2, 2.0)):
            c = g.node.add(name=f"bn{i}/{k}", op="Const")
            c.attr["value"].tensor.dtype = pb.DT_FLOAT
            c.attr["value"].tensor.tensor_shape.dim.add(size=CHANNELS)
            c.attr["value"].tensor.tensor_content = rng.uniform(lo, hi, CHANNELS).astype("<f4").tobytes()
        g.node.add(name=f"conv{i}/Conv2D", op="Conv2D", input=[prev, f"conv{i}/weights"])
        g.node.add(name=f"bn{i}/FusedBatchNormV3", op="FusedBatchNormV3",
                   input=[f"conv{i}/Conv2D", f"bn{i}/gamma", f"bn{i}/beta", f"bn{i}/mean", f"bn{i}/var"])
        g.node.add(name=f"relu{i}", op="Relu", input=[f"bn{i}/FusedBatchNormV3"])
        prev = f"relu{i}"
    path.write_bytes(g.SerializeToString())
    return count


def make_caffe(path: Path, mb: float, seed: int = 0) -> int:
    """A .caffemodel written field by field (packed float blobs), and its .prototxt beside it."""
    import numpy as np

    from editor.models._pb import caffe_model_pb2 as pb
    from editor.models._wire import encode_varint

    rng = np.random.default_rng(seed)
    count = _count(mb)

    def blob(a: np.ndarray) -> bytes:
        shape = pb.BlobShape(dim=a.shape).SerializeToString()
        data = a.astype("<f4").tobytes()
        return (b"\x3a" + encode_varint(len(shape)) + shape          # shape = 7
                + b"\x2a" + encode_varint(len(data)) + data)        # data = 5, packed

    proto = ['name: "big"', 'input: "data"', f"input_shape {{ dim: 1 dim: {CHANNELS} dim: 14 dim: 14 }}"]
    prev = "data"
    with open(path, "wb") as f:
        for i in range(count):
            for name, type_, arrays in (
                (f"conv{i}", "Convolution", [rng.standard_normal((CHANNELS, CHANNELS, 3, 3), dtype=np.float32) * 0.05]),
                (f"bn{i}", "BatchNorm", [rng.normal(0, 0.2, CHANNELS), rng.uniform(0.2, 2, CHANNELS), np.ones(1)]),
                (f"scale{i}", "Scale", [rng.uniform(0.5, 1.5, CHANNELS), rng.normal(0, 0.1, CHANNELS)]),
            ):
                head = pb.LayerParameter(name=name, type=type_).SerializeToString()
                body = head + b"".join(b"\x3a" + encode_varint(len(b)) + b
                                       for b in (blob(np.asarray(a, np.float32)) for a in arrays))
                f.write(b"\xa2\x06" + encode_varint(len(body)) + body)  # layer = 100
            proto.append(f'layer {{ name: "conv{i}" type: "Convolution" bottom: "{prev}" top: "conv{i}" '
                         f"convolution_param {{ num_output: {CHANNELS} kernel_size: 3 pad: 1 bias_term: false }} }}")
            proto.append(f'layer {{ name: "bn{i}" type: "BatchNorm" bottom: "conv{i}" top: "conv{i}" }}')
            proto.append(f'layer {{ name: "scale{i}" type: "Scale" bottom: "conv{i}" top: "conv{i}" '
                         f"scale_param {{ bias_term: true }} }}")
            prev = f"conv{i}"
    path.with_suffix(".prototxt").write_text("\n".join(proto) + "\n")
    return count


def make_record(path: Path, model_path: Path, dialect: str, weights: Path | None = None) -> None:
    from editor.models import load_model
    from editor.records import synth

    model = load_model(model_path, weights)
    message = synth.build_record(dialect, synth.layers_from_model(model), seed=1)
    path.write_text(synth.to_text(message))


def stats(values: list[float]) -> str:
    """``median [min–max]``."""
    return f"{statistics.median(values):.3f} [{min(values):.3f}–{max(values):.3f}]"


def run_rounds(fmt: str, record: Path, model: Path, weights: Path | None, runs: int, editor: Path,
               window: bool) -> dict[str, list[dict]]:
    """`runs` rounds of every task, each in a fresh process, the order rotating per round."""
    env = {**os.environ, "PYTHONPATH": str(editor), "QT_QPA_PLATFORM": "offscreen"}
    cmds = commands(fmt, record, model, weights)
    if window:
        cmds["window"] = [sys.executable, str(Path(__file__).resolve()), "--child", str(record), str(model),
                          str(weights or "")]
    names = list(cmds)
    results: dict[str, list[dict]] = {name: [] for name in names}
    for r in range(runs):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            seconds, peak, out = timed_wait4(cmds[name], env)
            entry = {"seconds": seconds, "peak_mb": peak}
            if name == "window":
                entry.update(json.loads(out.strip().splitlines()[-1]))
            results[name].append(entry)
    return results


def report(fmt: str, results: dict[str, list[dict]], size_mb: float) -> None:
    ref = results["check"]
    print(f"  {'fresh process':<14}{'seconds, median [min–max]':>30}{'÷ check, same round':>24}{'peak RSS MB':>14}")
    for name, rows in results.items():
        if name == "window":
            continue
        secs = [r["seconds"] for r in rows]
        ratios = [r["seconds"] / q["seconds"] for r, q in zip(rows, ref, strict=True)]
        peak = statistics.median(r["peak_mb"] for r in rows)
        print(f"  {name:<14}{stats(secs):>30}{stats(ratios):>24}{peak:>14.0f}")
    if "window" in results:
        w = results["window"]
        print(f"  window (a fresh process: start, open the record, attach, draw; {stats([r['seconds'] for r in w])} s "
              f"in all): File > Attach Model until attached {stats([r['attach_s'] for r in w])} s; the Channels "
              f"plot with the overlay {stats([r['channel_plot_s'] for r in w])} s; {w[0]['flagged_layers']} layers "
              f"flagged; onnx imported: {sorted({r['onnx_imported'] for r in w})}")
        print(f"  window: longest event-loop stall {stats([r['stall_ms'] for r in w])} ms, of which the GUI "
              f"thread's own CPU {stats([r['stall_cpu_ms'] for r in w])} ms (while attaching "
              f"{stats([r['stall_while_attaching_ms'] for r in w])} ms, installing and drawing after "
              f"{stats([r['stall_after_ms'] for r in w])} ms; tick {TICK_MS} ms)")


def generate(fmt: str, folder: Path, mb: float) -> dict:
    """Write the model and its record (run in a child, so that the measuring parent stays a
    small process: a child's peak memory from wait4 counts the parent's at fork)."""
    from editor.models import synth as model_synth

    t = time.perf_counter()
    weights = None
    if fmt == "onnx":
        model = folder / "big.onnx"
        layers = model_synth.onnx_big(model, int(mb * 1e6), channels=CHANNELS)
        record = folder / "big_onnx_record.txt"
        make_record(record, model, "pytorch")
        definition = model
    elif fmt == "tf":
        model = folder / "big.pb"
        layers = make_tf(model, mb)
        record = folder / "big_tf_record.txt"
        make_record(record, model, "tf-inner")
        definition = model
    elif fmt == "caffe":
        model = folder / "big.caffemodel"
        layers = make_caffe(model, mb)
        record = folder / "big_caffe_record.txt"
        definition, weights = model.with_suffix(".prototxt"), model
        make_record(record, definition, "caffe", weights)
    else:
        raise SystemExit(f"unknown format {fmt}")
    return {"model": str(model), "definition": str(definition), "weights": str(weights) if weights else "",
            "record": str(record), "layers": layers, "seconds": time.perf_counter() - t}


def main() -> int:
    global CHANNELS
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_window(*sys.argv[2:5])
        return 0
    if len(sys.argv) > 1 and sys.argv[1] == "--generate":
        CHANNELS = int(sys.argv[5])
        print(json.dumps(generate(sys.argv[2], Path(sys.argv[3]), float(sys.argv[4]))))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=100.0, help="MB of float32 weights (default 100)")
    ap.add_argument("--formats", default="onnx,tf,caffe")
    ap.add_argument("--runs", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--keep", help="generate into this folder and keep the files")
    ap.add_argument("--channels", type=int, default=512, help="channels of each convolution (default 512)")
    ap.add_argument("--no-window", action="store_true", help="skip the window's attach (no Qt)")
    ap.add_argument("--editor", type=Path, default=ROOT,
                    help="the checkout of the editor to measure (default: this one)")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    folder = Path(args.keep) if args.keep else Path(tmp.name)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start; "
          f"editor measured: {args.editor.resolve()}; this process's peak {_peak_mb():.0f} MB (a child's peak "
          f"memory counts its parent's at fork)")
    for fmt in args.formats.split(","):
        made = json.loads(subprocess.run(
            [sys.executable, __file__, "--generate", fmt, str(folder), str(args.mb), str(args.channels)],
            check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])
        model, record = Path(made["model"]), Path(made["record"])
        weights = Path(made["weights"]) if made["weights"] else None
        size = model.stat().st_size / 1e6
        print(f"\n{fmt}: {made['layers']} conv layers ({args.channels}x{args.channels}x3x3) + BatchNorm, {size:.1f} MB "
              f"model file, record {record.stat().st_size / 1e6:.2f} MB (generated in {made['seconds']:.1f} s); "
              f"{args.runs} rounds")
        results = run_rounds(fmt, record, Path(made["definition"]), weights, args.runs, args.editor, not args.no_window)
        report(fmt, results, size)
    print(f"\nload average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
