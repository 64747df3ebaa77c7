#!/usr/bin/env python3
"""Render the window with a model attached, offscreen, into docs/model-*.png.

Generates an ONNX network with weights (24 convolutions of 32 to 256 channels, each followed
by a BatchNorm and a ReLU, then global pooling and a Gemm) and a record for it whose scale_w
are AMCT's ARQ values of the (BatchNorm-folded) weights, calibrated a little off here and
there (within the waste threshold), with planted faults the pictures show: conv6's channel
37 at 0.3× its ARQ value (its range clips the weights) and channel 90 at 3.5× (wastes
levels), conv14's channels all at 2.6× (a layer calibrated on the wrong data), conv19's
channel 5 at half. Then:

- ``model-channels.png``: the Channels plot of conv6 with the weights overlay (ARQ stair
  line, the clipping and wasting channels marked, the scale_w / ARQ strip);
- ``model-window.png``: the whole window at 1280×820 (the tree's model marks, the Edit
  dock's model line, the status bar's counts);
- ``model-overview.png``: the overview with each layer's worst scale_w / ARQ.

Usage: ``python -m scripts.screenshot_model [OUT_DIR]`` (default ``docs/``).
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]

import numpy as np  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import editor.ui  # noqa: E402, F401  (pins singletons first)
from editor.models import load_model  # noqa: E402
from editor.models.weights import layer_arq  # noqa: E402
from editor.records import synth  # noqa: E402
from editor.ui.app import application  # noqa: E402
from editor.ui.dialogs import Prompter  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

SHOWN, CLIP_CHANNEL, WASTE_CHANNEL = "conv6", 37, 90
WIDTHS = (32, 64, 64, 64, 128, 128, 128, 128, 128, 128, 128, 128, 256, 256, 256, 256, 256, 256, 256, 256,
          256, 256, 128, 128)


def make_net(path: Path, seed: int = 3) -> None:
    """A chain of convolutions of `WIDTHS` output channels (3×3 on the narrower, 1×1 on the
    wider ones; each with a BatchNorm and a ReLU), global average pooling, fc → 10:
    He-initialised weights with a spread per output channel."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    nodes, inits = [], []
    prev, cin = "x", 3
    for i, cout in enumerate(WIDTHS, 1):
        k = 3 if cout <= 128 else 1
        fan_in = cin * k * k
        w = rng.normal(0.0, np.sqrt(2.0 / fan_in), (cout, cin, k, k))
        w *= np.exp(rng.normal(0.0, 0.45, cout)).reshape(-1, 1, 1, 1)
        inits.append(numpy_helper.from_array(w.astype(np.float32), f"conv{i}.weight"))
        bn = {"gamma": rng.uniform(0.5, 1.5, cout), "beta": rng.normal(0, 0.1, cout),
              "mean": rng.normal(0, 0.2, cout), "var": rng.uniform(0.2, 2.0, cout)}
        for name, v in bn.items():
            inits.append(numpy_helper.from_array(v.astype(np.float32), f"bn{i}.{name}"))
        nodes.append(helper.make_node("Conv", [prev, f"conv{i}.weight"], [f"c{i}"], name=f"conv{i}",
                                      pads=[k // 2] * 4))
        nodes.append(helper.make_node("BatchNormalization", [f"c{i}"] + [f"bn{i}.{n}" for n in bn], [f"b{i}"],
                                      name=f"bn{i}", epsilon=1e-5))
        nodes.append(helper.make_node("Relu", [f"b{i}"], [f"r{i}"], name=f"relu{i}"))
        prev, cin = f"r{i}", cout
    nodes.append(helper.make_node("GlobalAveragePool", [prev], ["p"], name="gap"))
    nodes.append(helper.make_node("Flatten", ["p"], ["f"], name="flatten"))
    fc = rng.normal(0.0, np.sqrt(2.0 / cin), (10, cin)).astype(np.float32)
    inits.append(numpy_helper.from_array(fc, "fc.weight"))
    nodes.append(helper.make_node("Gemm", ["f", "fc.weight"], ["y"], name="fc", transB=1))
    graph = helper.make_graph(nodes, "screenshot", [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                                                                  [1, 3, 32, 32])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 10])], inits)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)


def make_record(model_path: Path, path: Path) -> None:
    """A record whose scale_w are the weights' ARQ values, a little off, with planted faults."""
    model = load_model(model_path)
    message = synth.build_record("pytorch", synth.layers_from_model(model), seed=5)
    rng = np.random.default_rng(9)
    for entry in message.record:
        layer = model.layer(entry.key)
        assert layer is not None, entry.key
        arq = layer_arq(model, layer, fold=not entry.value.skip_fusion, channel_wise=len(entry.value.scale_w) > 1)
        scale = arq.scale.astype(np.float64)
        if scale.size > 1:
            # a calibration a little off here and there: within the threshold, not flagged
            off = rng.choice(scale.size, max(scale.size // 10, 1), replace=False)
            scale[off] *= rng.uniform(1.05, 1.6, off.size)
        if entry.key == SHOWN:
            scale[CLIP_CHANNEL] = arq.scale[CLIP_CHANNEL] * 0.3
            scale[WASTE_CHANNEL] = arq.scale[WASTE_CHANNEL] * 3.5
        elif entry.key == "conv14":
            scale[:] = arq.scale * 2.6
        elif entry.key == "conv19":
            scale[5] = arq.scale[5] * 0.5
        entry.value.scale_w[:] = scale.astype(np.float32).tolist()
    path.write_text(synth.to_text(message), encoding="utf-8")


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


def render(out_dir: Path) -> list[Path]:
    app = application()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        model_path, record = folder / "resnet_tiny.onnx", folder / "record.txt"
        make_net(model_path)
        make_record(model_path, record)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=Prompter(), recovery_dir=folder / "recovery")
        window.resize(1280, 820)
        window.show()
        window.open_path(record, "pytorch")  # the record is AMCT PyTorch's (it reads as tf-inner alone)
        while window.document is None:
            app.processEvents()
        window.attach_model(model_path)
        while window.models.is_loading or window.session.network is None:
            app.processEvents()
            time.sleep(0.01)
        settle(app)
        session = window.session
        shown = next(i for i, e in enumerate(session.message.record) if e.key == SHOWN)
        session.selection.select(("record", shown, "value", "scale_w", CLIP_CHANNEL))
        plots = window.plots
        plots.setCurrentWidget(plots.channels)
        plots.channels.flush()
        settle(app)
        # the tree a little wider than its keys need: the value column shows the model's marks
        window.splitter.setSizes([330, 950])
        # the layers' model marks above the shown layer, and its scale_w mark
        view = window.tree.view
        view.scrollTo(window.tree.proxy.mapFromSource(session.model.index_for_path(("record", shown - 4))),
                      view.ScrollHint.PositionAtTop)
        settle(app)
        plots.channels.info.setText(plots.channels.describe("scale_w", CLIP_CHANNEL))
        written.append(shoot(window, out_dir / "model-window.png"))

        # the plots alone, wider: the channel plot, then the overview
        window.window_layout.act_focus.trigger()
        settle(app)
        plots.channels.set_tables_shown(False)
        plots.channels.info.setText(plots.channels.describe("scale_w", CLIP_CHANNEL))
        settle(app)
        written.append(shoot(plots, out_dir / "model-channels.png"))
        plots.setCurrentWidget(plots.overview)
        session.selection.select(("record", shown))
        plots.overview.flush()
        settle(app)
        written.append(shoot(plots, out_dir / "model-overview.png"))
        window.window_layout.act_focus.trigger()
        session.undo_stack.clear()
        window.close()
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs"
    for p in render(out):
        print(p)
