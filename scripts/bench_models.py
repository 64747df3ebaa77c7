"""Benchmark attaching a big model (>= 100 MB of weights) against loading the record alone.

    python -m scripts.bench_models [--mb 100] [--formats onnx,tf,caffe] [--keep DIR]

For each format it generates a model whose float32 weights add up to at least --mb MB
(a chain of 512-channel 3x3 convolutions with BatchNorms) and a record for it, then measures
in fresh processes, one step each so peak memory is that step's:

  record       RecordDocument.load(record) - the reference
  attach       load_model(model)           - structure only, weights stay on disk
  review       attach + ARQ of every layer from its weights (BatchNorm folded), as
               `check --model` and the Channels overlay need
  full read    the format's own full parse: onnx.load / GraphDef.ParseFromString /
               NetParameter.ParseFromString of the whole file (what a naive reader does)
  window       the editor window (offscreen) with the record open attaches the model as
               File > Attach Model does: reading, the weights review and the model rules
               on its thread, then the results installed and drawn (overview, tree, status),
               while a 10 ms timer on the GUI thread records the longest event-loop stall;
               then the Channels plot draws the first layer with the weights overlay

Prints wall time and peak memory above the interpreter's baseline, and ratios against the
record load measured in the same run. No timings are asserted anywhere. `--channels 64`
makes many small layers (a 100 MB model of ~680 convolutions: the record's side of the
attach, the rules and the overview's row, weighs more).
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def child(task: str, record: str, model: str, fmt: str, weights: str = "") -> dict:
    """One measured step in this (fresh) process."""
    import numpy as np  # noqa: F401 - imported before the baseline, as every step needs it
    from google.protobuf import text_format  # noqa: F401

    import editor.models.weights  # noqa: F401
    from editor.models import load_model
    from editor.records.document import RecordDocument

    if fmt == "onnx":
        import onnx
    base = _peak_mb()
    t = time.perf_counter()
    if task == "record":
        doc = RecordDocument.load(record)
        n = len(doc.message.record)
    elif task in ("attach", "review"):
        m = load_model(model, weights or None)
        n = len(m.layers)
        if task == "review":
            from editor.models.weights import layer_arq

            for layer in m.quantizable_layers(weighted_only=True):
                layer_arq(m, layer, fold=True)
    elif task == "window":
        return window_attach(record, model, weights or None)
    elif task == "full":
        data_path = Path(weights or model)
        if fmt == "onnx":
            import onnx

            n = len(onnx.load(str(data_path)).graph.initializer)
        elif fmt == "tf":
            from editor.models._pb import tf_graph_pb2

            g = tf_graph_pb2.GraphDef()
            g.ParseFromString(data_path.read_bytes())
            n = len(g.node)
        else:
            from editor.models._pb import caffe_model_pb2

            net = caffe_model_pb2.NetParameter()
            net.ParseFromString(data_path.read_bytes())
            n = len(net.layer)
    else:
        raise SystemExit(f"unknown task {task}")
    elapsed = time.perf_counter() - t
    return {"seconds": elapsed, "peak_mb": _peak_mb() - base, "items": n}


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
        signal.connect(lambda *a: (got.append(a), loop.quit()))
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()
        return got

    clock = QElapsedTimer()
    gaps: list[tuple[float, float]] = []
    last = [0.0]

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        gaps.append((now - last[0], now))
        last[0] = now

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
        worst, at = max(gaps)
        during = max((g for g, when in gaps if when <= finished_at), default=0.0)
        after = max((g for g, when in gaps if when > finished_at), default=0.0)
        # the Channels plot with the weights overlay: the first weighted layer
        session = window.session
        first = next(i for i in range(len(session.message.record)) if session.weights.review(i) is not None)
        t = time.perf_counter()
        session.selection.select(("record", first, "value", "scale_w", 0))
        window.plots.channels.flush()
        channel_plot = time.perf_counter() - t
        flagged = len(session.weights.flagged_entries())
        return {"seconds": attached, "peak_mb": _peak_mb() - base, "items": len(session.message.record),
                "stall_ms": worst, "stall_at_s": at / 1000, "stall_while_attaching_ms": during,
                "stall_after_ms": after, "over_50ms": sum(1 for g, _ in gaps if g > 50),
                "ticks": len(gaps), "timings": window.models.timings, "channel_plot_s": channel_plot,
                "flagged_layers": flagged}


def run_child(task: str, record: Path, model: Path, fmt: str, weights: Path | None = None) -> dict:
    out = subprocess.run([sys.executable, "-m", "scripts.bench_models", "--child", task, str(record), str(model), fmt,
                          str(weights or "")], check=True, capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1])
    return json.loads(out.stdout.strip().splitlines()[-1])


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


def main() -> int:
    global CHANNELS
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(child(*sys.argv[2:7])))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=100.0, help="MB of float32 weights (default 100)")
    ap.add_argument("--formats", default="onnx,tf,caffe")
    ap.add_argument("--keep", help="generate into this folder and keep the files")
    ap.add_argument("--channels", type=int, default=512, help="channels of each convolution (default 512)")
    ap.add_argument("--no-window", action="store_true", help="skip the window's attach (no Qt)")
    args = ap.parse_args()
    CHANNELS = args.channels
    tmp = tempfile.TemporaryDirectory()
    folder = Path(args.keep) if args.keep else Path(tmp.name)
    folder.mkdir(parents=True, exist_ok=True)
    from editor.models import synth as model_synth

    for fmt in args.formats.split(","):
        t = time.perf_counter()
        if fmt == "onnx":
            model = folder / "big.onnx"
            layers = model_synth.onnx_big(model, int(args.mb * 1e6), channels=CHANNELS)
            record = folder / "big_onnx_record.txt"
            make_record(record, model, "pytorch")
            definition, weights = model, None
        elif fmt == "tf":
            model = folder / "big.pb"
            layers = make_tf(model, args.mb)
            record = folder / "big_tf_record.txt"
            make_record(record, model, "tf-inner")
            definition, weights = model, None
        elif fmt == "caffe":
            model = folder / "big.caffemodel"
            layers = make_caffe(model, args.mb)
            record = folder / "big_caffe_record.txt"
            definition, weights = model.with_suffix(".prototxt"), model
            make_record(record, definition, "caffe", weights)
        else:
            print(f"unknown format {fmt}", file=sys.stderr)
            return 2
        size = model.stat().st_size / 1e6
        print(f"\n{fmt}: {layers} conv layers ({CHANNELS}x{CHANNELS}x3x3) + BatchNorm, {size:.1f} MB model file, "
              f"record {record.stat().st_size / 1e6:.2f} MB (generated in {time.perf_counter() - t:.1f} s)")
        tasks = ("record", "attach", "review", "full") + (() if args.no_window else ("window",))
        results = {task: run_child(task, record, definition, fmt, weights) for task in tasks}
        ref = results["record"]
        full = results["full"]
        print(f"  {'step':<12}{'time':>9}{'peak memory':>13}{'time/record':>13}{'peak/model size':>17}")
        for task, label in (("record", "record"), ("attach", "attach"), ("review", "review"), ("full", "full read")):
            r = results[task]
            print(f"  {label:<12}{r['seconds']:8.3f}s{r['peak_mb']:11.1f}MB{r['seconds'] / ref['seconds']:12.2f}x"
                  f"{r['peak_mb'] / size:16.2f}x")
        attach = results["attach"]
        print(f"  attach takes {attach['seconds'] / ref['seconds']:.2f}x the record's load time and "
              f"{attach['seconds'] / full['seconds']:.2f}x a full read's; its peak is {attach['peak_mb']:.1f} MB "
              f"against the full read's {full['peak_mb']:.0f} MB")
        if "window" in results:
            w = results["window"]
            steps = ", ".join(f"{k} {v:.3f} s" for k, v in w["timings"].items())
            print(f"  window: File > Attach Model until attached {w['seconds']:.3f} s = "
                  f"{w['seconds'] / ref['seconds']:.2f}x the record's load, {w['seconds'] / results['review']['seconds']:.2f}x "
                  f"the review without a window ({steps}); {w['flagged_layers']} layers flagged")
            print(f"  window: longest event-loop stall {w['stall_ms']:.0f} ms (at {w['stall_at_s']:.2f} s; "
                  f"while attaching {w['stall_while_attaching_ms']:.0f} ms, installing and drawing after "
                  f"{w['stall_after_ms']:.0f} ms; {w['over_50ms']} of {w['ticks']} ticks over 50 ms; tick {TICK_MS} ms)")
            print(f"  window: the Channels plot draws a layer with the weights overlay in {w['channel_plot_s']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
