#!/usr/bin/env python3
"""How long the Graph tab takes to draw a real network, and how long it holds the window up.

    python -m scripts.bench_graph [--runs 5] [--cache DIR] [MODEL ...]

For each network (by default: the ResNet-101/152 prototxts in tests/data/models/, the
PP-OCR ONNX models of the ``rapidocr_onnxruntime==1.4.4`` wheel — fetched with
``pip download --no-deps`` into ``--cache`` (default: ~/.cache/amct-record-editor) when not
there yet, never into the repository — and DenseNet-121 and Inception v1 from the ``onnx``
package's own test models), it prints, as median [min–max] of `--runs` runs interleaved
across the networks:

- **layout**: `network_graph` + `layered_layout` alone (what the worker thread does), and
  its ratio to reading the same model (`load_model`, measured in the same run) — the
  reference that travels across machines. Where Graphviz's ``dot`` is installed, its time
  for the same graph (boxes of the same sizes, ``-Tplain``) and our ratio to it.
- **drawn**: from attaching the model to a shown `GraphView` to its `laidOut` (the layout on
  its thread, the boxes put on the scene in slices, the first colouring), with the
  **longest stall** of the event loop meanwhile: the largest gap between the ticks of a 5 ms
  timer (docs/ARCHITECTURE.md §4: no stall over about 50 ms), and beside it the **idle
  stall**: the longest gap of the same loop doing nothing for as long, right after — on a
  machine others are busy on, the part of a stall that is the machine's, not the drawing's.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]

import numpy as np  # noqa: E402
from PySide6.QtCore import QElapsedTimer, QTimer  # noqa: E402

import editor.ui  # noqa: E402, F401  (pins singletons first)
from editor.graph.layout import layered_layout  # noqa: E402
from editor.graph.network import network_graph  # noqa: E402
from editor.models import load_model  # noqa: E402
from editor.ui.app import application  # noqa: E402

WHEEL = "rapidocr_onnxruntime==1.4.4"
PP_OCR = ("ch_ppocr_mobile_v2.0_cls_infer.onnx", "ch_PP-OCRv4_det_infer.onnx", "ch_PP-OCRv4_rec_infer.onnx")
TICK_MS = 5


def fetch_pp_ocr(cache: Path) -> list[Path]:
    """The PP-OCR models of the rapidocr wheel, unpacked into `cache` (downloaded once)."""
    models = cache / "rapidocr-1.4.4"
    wanted = [models / name for name in PP_OCR]
    if all(p.is_file() for p in wanted):
        return wanted
    models.mkdir(parents=True, exist_ok=True)
    wheels = list(cache.glob("rapidocr_onnxruntime-1.4.4-*.whl"))
    if not wheels:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(cache), WHEEL],
                           capture_output=True, text=True)
        wheels = list(cache.glob("rapidocr_onnxruntime-1.4.4-*.whl"))
        if r.returncode != 0 or not wheels:
            print(f"(PP-OCR left out: pip download {WHEEL} failed: {r.stderr.strip()[-200:]})")
            return []
    with zipfile.ZipFile(wheels[0]) as z:
        for name in PP_OCR:
            with z.open(f"rapidocr_onnxruntime/models/{name}") as src, (models / name).open("wb") as dst:
                shutil.copyfileobj(src, dst)
    return wanted


def default_models(cache: Path) -> list[Path]:
    import onnx

    light = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light"
    return ([REPO / "tests/data/models/ResNet-101-deploy.prototxt", REPO / "tests/data/models/ResNet-152-deploy.prototxt"]
            + fetch_pp_ocr(cache) + [light / "light_inception_v1.onnx", light / "light_densenet121.onnx"])


def widths_of(model) -> np.ndarray:
    """Box widths as the view measures them, without a font: ~7 px a character."""
    return np.array([16 + 7.0 * max(len(layer.op_type), min(len(layer.label), 28), 5) for layer in model.layers])


def dot_seconds(n: int, edges: list[tuple[int, int]], widths: np.ndarray, height: float) -> float | None:
    """Graphviz's dot on the same graph, or None where it is not installed."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    lines = ["digraph G {", f"node [shape=box, fixedsize=true, height={height / 72:.3f}];"]
    lines += [f"n{k} [width={widths[k] / 72:.3f}];" for k in range(n)]
    lines += [f"n{a} -> n{b};" for a, b in edges]
    lines.append("}")
    t = time.perf_counter()
    r = subprocess.run([exe, "-Tplain"], input="\n".join(lines), capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return None
    return time.perf_counter() - t


class Stalls:
    """The largest gap between ticks of a `TICK_MS` timer on the GUI thread."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.worst = 0.0
        self._last = 0.0

    def start(self) -> None:
        self.clock.start()
        self._last = 0.0
        self.worst = 0.0
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed() / 1e6
        self.worst = max(self.worst, now - self._last)
        self._last = now

    def stop(self) -> float:
        self.timer.stop()
        self._tick()
        return self.worst


def drawn(app, view, session, model, stalls: Stalls) -> tuple[float, float]:
    """(seconds from attaching `model` to the drawing finished, the longest stall in ms)."""
    done = []
    view.laidOut.connect(lambda: done.append(1))
    session.set_network(None)
    app.processEvents()
    stalls.start()
    t = time.perf_counter()
    session.set_network(model)
    while not done:
        app.processEvents()
        time.sleep(0.0005)
    seconds = time.perf_counter() - t
    worst = stalls.stop()
    view.laidOut.disconnect()
    return seconds, worst


def idle(app, stalls: Stalls, seconds: float) -> float:
    """The longest stall of the same loop doing nothing for `seconds`: what the machine's load
    alone costs (the reference the drawing's stall is read against)."""
    stalls.start()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.0005)
    return stalls.stop()


def summary(values: list[float], scale: float = 1.0, fmt: str = "{:.0f}") -> str:
    v = [x * scale for x in values]
    return f"{fmt.format(statistics.median(v))} [{fmt.format(min(v))}–{fmt.format(max(v))}]"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("models", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "amct-record-editor")
    args = ap.parse_args()
    paths = args.models or default_models(args.cache)
    app = application()
    from editor.ui.graph.view import NODE_HEIGHT, GraphView
    from editor.ui.plots.overview import ModelOverview
    from editor.ui.session import EditSession

    session = EditSession()
    overview = ModelOverview(session)
    view = GraphView(session, overview)
    view.resize(1000, 800)
    view.show()
    stalls = Stalls()
    rows: dict[Path, dict[str, list[float]]] = {p: {"read": [], "layout": [], "dot": [], "drawn": [], "stall": [], "idle": []} for p in paths}
    models = {}
    for run in range(args.runs):
        for p in paths:  # interleaved: a machine busy for a while touches every network alike
            t = time.perf_counter()
            model = load_model(p)
            rows[p]["read"].append(time.perf_counter() - t)
            models[p] = model
            widths = widths_of(model)
            t = time.perf_counter()
            g = network_graph(model)
            layered_layout(len(g), g.edges, widths[g.layers], NODE_HEIGHT)
            rows[p]["layout"].append(time.perf_counter() - t)
            if run == 0 or rows[p]["dot"]:
                d = dot_seconds(len(g), g.edges, widths[g.layers], NODE_HEIGHT)
                if d is not None:
                    rows[p]["dot"].append(d)
            seconds, worst = drawn(app, view, session, model, stalls)
            rows[p]["drawn"].append(seconds)
            rows[p]["stall"].append(worst)
            rows[p]["idle"].append(idle(app, stalls, seconds))
    print(f"Graph tab, {args.runs} interleaved runs each, median [min–max]; "
          f"stalls: largest gap between ticks of a {TICK_MS} ms timer")
    head = f"{'network':40s} {'nodes':>5s} {'edges':>5s}  {'read model ms':>16s}  {'layout ms':>16s}  {'layout/read':>16s}"
    head += f"  {'dot ms':>16s}  {'layout/dot':>16s}" if any(r["dot"] for r in rows.values()) else ""
    head += f"  {'drawn ms':>16s}  {'longest stall ms':>16s}  {'idle stall ms':>16s}"
    print(head)
    for p in paths:
        r = rows[p]
        g = network_graph(models[p])
        ratio = [a / b for a, b in zip(r["layout"], r["read"], strict=True)]
        line = (f"{p.name[:40]:40s} {len(g):5d} {len(g.edges):5d}  {summary(r['read'], 1000):>16s}  "
                f"{summary(r['layout'], 1000):>16s}  {summary(ratio, 1, '{:.2f}'):>16s}")
        if any(x["dot"] for x in rows.values()):
            if r["dot"]:
                dot_ratio = [a / b for a, b in zip(r["layout"], r["dot"], strict=False)]
                line += f"  {summary(r['dot'], 1000):>16s}  {summary(dot_ratio, 1, '{:.2f}'):>16s}"
            else:
                line += f"  {'-':>16s}  {'-':>16s}"
        line += (f"  {summary(r['drawn'], 1000):>16s}  {summary(r['stall'], 1, '{:.0f}'):>16s}"
                 f"  {summary(r['idle'], 1, '{:.0f}'):>16s}")
        print(line)
    if not shutil.which("dot"):
        print("(Graphviz's dot is not installed: no comparison with it)")
    view.close()
    return 0


if __name__ == "__main__":
    with tempfile.TemporaryDirectory():
        sys.exit(main())
