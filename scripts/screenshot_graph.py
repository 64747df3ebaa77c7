#!/usr/bin/env python3
"""Render the Graph tab on real networks, offscreen, into docs/graph-*.png.

- ``graph-window.png``: the real ResNet-50 record (AMCT Caffe's sample,
  tests/data/realworld/resnet50_caffe_record.txt) with its network, the window at 1280×820,
  the graph coloured by each layer's severity (its default colouring: the worst of how far
  its farthest scale_w outlier lies beyond the fence and its problems) with res2c_branch2a
  selected (the
  docks along the bottom closed). The
  network is ResNet-101's public deploy definition (tests/data/models/) cut to ResNet-50's
  depth: the two differ only in the number of blocks of stages 3 and 4 (4 and 6 against 4
  and 23, named ``b``, ``c``… in ResNet-50 and ``b1``, ``b2``… in ResNet-101), so stage 3's
  ``b1``–``b3`` are renamed ``b``–``d``, stage 4's ``b1``–``b5`` ``b``–``f``, and ``b6``–``b22``
  dropped (`resnet50_prototxt`).
- ``graph-ppocr.png``: the PP-OCRv4 text detector of the ``rapidocr_onnxruntime==1.4.4``
  wheel (real trained weights; fetched with ``pip download --no-deps`` into a cache folder,
  never into the repository) with a record computed from its weights — scale_w AMCT's ARQ
  values, then a few layers calibrated off as a real calibration can be (`ppocr_record`) —
  coloured by severity, which here counts the weights review's worst scale_w / ARQ too.

Usage: ``python -m scripts.screenshot_graph [OUT_DIR] [--cache DIR] [--lang zh_CN]`` (default
``docs/``). With ``--lang`` the window speaks that language (installed as the editor does,
`editor.ui.i18n.install_language`) and the files are named after it (``graph-window-zh_CN.png``).
"""
from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]

import numpy as np  # noqa: E402
from google.protobuf import text_format  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import editor.ui  # noqa: E402, F401  (pins singletons first)
from editor.i18n import LANGUAGES, SOURCE_LANGUAGE  # noqa: E402
from editor.models import load_model  # noqa: E402
from editor.models._pb import caffe_model_pb2 as caffe_pb  # noqa: E402
from editor.models.weights import Review  # noqa: E402
from editor.records import synth  # noqa: E402
from editor.ui.app import application  # noqa: E402
from editor.ui.dialogs import Prompter  # noqa: E402
from editor.ui.i18n import install_language  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

RECORD = REPO / "tests" / "data" / "realworld" / "resnet50_caffe_record.txt"
RESNET101 = REPO / "tests" / "data" / "models" / "ResNet-101-deploy.prototxt"
SHOWN = "res2c_branch2a"
#: the layers of the PP-OCR record calibrated off, and by how much (scale_w × factor)
PPOCR_OFF = {"p2o.Conv.4": 0.3, "p2o.Conv.20": 3.0, "p2o.Conv.41": 0.5, "p2o.Conv.57": 2.2}

_BLOCK = re.compile(r"([34])b(\d+)")


def resnet50_prototxt(out: Path) -> Path:
    """ResNet-101's definition cut to ResNet-50's depth (see the module docstring)."""
    net = caffe_pb.NetParameter()
    text_format.Merge(RESNET101.read_text(encoding="utf-8"), net)

    def rename(name: str) -> str | None:
        def sub(m: re.Match) -> str:
            stage, k = m.group(1), int(m.group(2))
            if (stage == "3" and k > 3) or (stage == "4" and k > 5):
                raise KeyError(name)
            return f"{stage}{'bcdef'[k - 1]}"
        try:
            return _BLOCK.sub(sub, name)
        except KeyError:
            return None

    def blob(name: str) -> str:
        # stage 5 reads the output of stage 4's last block: ResNet-50's res4f
        return "res4f" if name == "res4b22" else rename(name) or name

    kept = []
    for layer in net.layer:
        name = rename(layer.name)
        if name is None:
            continue
        layer.name = name
        layer.bottom[:] = [blob(b) for b in layer.bottom]
        layer.top[:] = [blob(t) for t in layer.top]
        kept.append(layer)
    del net.layer[:]
    net.layer.extend(kept)
    net.name = "ResNet-50"
    out.write_text(text_format.MessageToString(net), encoding="utf-8")
    return out


def ppocr_record(model, out: Path) -> Path:
    """A record for the PP-OCR model: every weighted layer's scale_w AMCT's ARQ value of its
    weights as the weights review computes them (`review_record`), then the layers of
    `PPOCR_OFF` scaled off."""
    from editor.records.dialects import get_dialect
    from editor.records.messages import EntryMessage
    from editor.records.model_review import review_record

    message = synth.build_record("onnx", synth.layers_from_model(model), seed=4)
    reviews = review_record(message, get_dialect("onnx"), model, waste=2.0)
    entries: Sequence[EntryMessage] = message.record
    for i, entry in enumerate(entries):
        review = reviews.get(i)
        if isinstance(review, Review):
            factor = PPOCR_OFF.get(entry.key, 1.0)
            entry.value.scale_w[:] = (np.asarray(review.arq.scale, dtype=np.float64) * factor).tolist()
    out.write_text(synth.to_text(message), encoding="utf-8")
    return out


def settle(app: QApplication, seconds: float = 0.4) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def shoot(widget, path: Path) -> Path:
    widget.grab()  # lay out once, then draw
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path


def _node(graph, entry: int) -> int:
    """The graph's node of record entry `entry` (the pictures need it drawn)."""
    node = graph.node_of_entry(entry)
    assert node is not None, entry
    return node


def show_at(graph, node: int, zoom: float) -> None:
    """Centre the graph on `node` at `zoom` pixels per scene unit."""
    graph.canvas.zoom_by(zoom / graph.canvas.zoom)
    graph.canvas.centerOn(graph.items[node].rect.center())


def open_with_model(app, window: MainWindow, record: Path, model: Path, dialect: str | None = None) -> None:
    window.open_path(record, dialect)
    while window.document is None:
        app.processEvents()
    graph = window.plots.graph
    window.attach_model(model)
    while window.models.is_loading or window.session.network is None or graph.busy or graph.laid is None:
        app.processEvents()
        time.sleep(0.01)
    settle(app)


def render(out_dir: Path, cache: Path, suffix: str = "") -> list[Path]:
    from scripts.bench_graph import fetch_pp_ocr

    app = application()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=Prompter(), recovery_dir=folder / "recovery")
        window.resize(1280, 820)
        window.show()
        # the real ResNet-50 record and its network
        record = folder / RECORD.name
        record.write_bytes(RECORD.read_bytes())
        open_with_model(app, window, record, resnet50_prototxt(folder / "ResNet-50-deploy.prototxt"))
        plots, graph, session = window.plots, window.plots.graph, window.session
        plots.show_graph()
        graph.set_figure("severity")
        # the docks along the bottom closed (View menu): the tree and the graph take the height
        window.edit_dock.hide()
        window.rules_dock.hide()
        window.splitter.setSizes([300, 980])
        settle(app)
        shown = next(i for i, e in enumerate(session.message.record) if e.key == SHOWN)
        session.selection.select(("record", shown))
        show_at(graph, _node(graph, shown), 0.62)
        settle(app)
        written.append(shoot(window, out_dir / f"graph-window{suffix}.png"))

        # PP-OCR's detector, coloured by severity (the weights review counts towards it)
        models = fetch_pp_ocr(cache)
        det = next((p for p in models if "det" in p.name), None)
        if det is None:
            print("PP-OCR not available: graph-ppocr.png not made", file=sys.stderr)
        else:
            session.undo_stack.clear()
            window.close()
            window = MainWindow(settings, prompter=Prompter(), recovery_dir=folder / "recovery2")
            window.resize(1280, 820)
            window.show()
            rec = ppocr_record(load_model(det), folder / "ppocr_det_record.txt")
            open_with_model(app, window, rec, det, "onnx")
            plots, graph = window.plots, window.plots.graph
            while window.session.weights.active and plots.overview.layer_series("weights") is None:
                app.processEvents()
            plots.overview.flush()
            plots.show_graph()
            window.window_layout.act_focus.trigger()  # the plots in a window of their own
            settle(app)
            graph.set_figure("severity")  # the worst of its outliers and scale_w / ARQ
            sev = plots.overview.severities.values  # the worst finite severity, selected
            worst = max((i for i in range(len(sev)) if math.isfinite(sev[i])), key=lambda i: sev[i])
            window.session.selection.select(("record", worst))
            show_at(graph, _node(graph, worst), 0.36)
            settle(app)
            written.append(shoot(plots, out_dir / f"graph-ppocr{suffix}.png"))
            window.window_layout.act_focus.trigger()
        window.session.undo_stack.clear()
        window.close()
    return written


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path, default=REPO / "docs")
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "amct-record-editor")
    ap.add_argument("--lang", choices=sorted(LANGUAGES), default=SOURCE_LANGUAGE)
    args = ap.parse_args()
    suffix = ""
    if args.lang != SOURCE_LANGUAGE:
        application()
        install_language(args.lang)
        suffix = f"-{args.lang}"
    for p in render(args.out, args.cache, suffix):
        print(p)
