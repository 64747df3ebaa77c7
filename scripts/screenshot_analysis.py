#!/usr/bin/env python3
"""Render the analysis in the window, offscreen, into docs/analysis-*.png.

The network is PP-OCRv4's text detector (64 quantized layers, real trained weights;
scripts/realnets.py fetches it into a cache once). The record is made as
`scripts/bench_analysis.py` makes it — AMCT's ARQ scale_w of the weights, scale_d/offset_d
from each layer's input range on 4 generated 320×320 images — with two planted faults the
pictures show: the 12th layer's scale_d divided by 8 (its input clips: the worst similarity)
and the 5th layer's channel 3 at 0.3× its scale_w (its weights clip). Then Tools ▸ Analyze…
runs (`AnalysisController.run`) and:

- ``analysis-layers.png``: the Layers table sorted by similarity, worst first (the columns
  between *type* and the analysis's are hidden for the picture);
- ``analysis-channels.png``: the Channels plot of the layer with the clipped channel: the
  weight SQNR per channel on its strip, and under it the channel's weight histogram with
  the INT8 grid (clipped tails red) and the layer's input histogram with its clip range;
- ``analysis-input.png``: the same for the layer with scale_d / 8 (most of the input
  clipped, the suggested range dotted);
- ``analysis-overview.png``: the overview with its similarity row;
- ``analysis-dialog.png``, ``analysis-rollback.png``: the two dialogs.

Usage: ``python -m scripts.screenshot_analysis [OUT_DIR]`` (default ``docs/``).
"""
from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import editor.ui  # noqa: E402, F401  (pins singletons first)
from editor.models import load_model  # noqa: E402
from editor.records.document import RecordDocument  # noqa: E402

PLANTED_ACT, PLANTED_WEIGHT, CHANNEL = 11, 4, 3


def _bench():
    spec = importlib.util.spec_from_file_location("bench_analysis", REPO / "scripts" / "bench_analysis.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(out: Path) -> None:
    from editor.ui.analysis import plots as ap
    from editor.ui.analysis.controller import AnalysisController
    from editor.ui.analysis.dialogs import AnalyzeDialog, RollbackDialog
    from editor.ui.plots import PlotsPanel
    from editor.ui.session import EditSession

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        model_path, record_path, inputs = _bench().make_case(folder, samples=4, size=320)
        message = RecordDocument.load(record_path, "pytorch").message
        act, weight = message.record[PLANTED_ACT], message.record[PLANTED_WEIGHT]
        act.value.scale_d = act.value.scale_d / 8
        weight.value.scale_w[CHANNEL] = weight.value.scale_w[CHANNEL] * 0.3
        record_path.write_text(str(message))
        session = EditSession()
        session.set_message(RecordDocument.load(record_path, "pytorch").message, "pytorch")
        session.set_network(load_model(model_path))
        panel = PlotsPanel(session)
        panel.resize(1200, 820)
        panel.show()
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        controller = AnalysisController(session, panel, settings, panel)
        controller.run([inputs])
        controller.analysis.wait(600_000)
        for _ in range(3):
            app.processEvents()
        controller.plots.flush()
        print(controller.analysis.summary())

        table = panel.layers
        model = table.model
        first = model.column_of(ap.WEIGHT_SQNR)
        assert first is not None
        for column in range(2, first):
            table.view.hideColumn(column)
        panel.setCurrentWidget(table)
        app.processEvents()
        panel.grab().save(str(out / "analysis-layers.png"))

        for index, name in ((PLANTED_WEIGHT, "analysis-channels.png"), (PLANTED_ACT, "analysis-input.png")):
            panel.setCurrentWidget(panel.channels)
            session.selection.select(("record", index, "value", "scale_w", CHANNEL))
            controller.plots.flush()
            app.processEvents()
            panel.grab().save(str(out / name))

        panel.setCurrentWidget(panel.overview)
        controller.plots.flush()
        app.processEvents()
        panel.grab().save(str(out / "analysis-overview.png"))

        dialog = AnalyzeDialog([str(inputs)], onnx=True)
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(out / "analysis-dialog.png"))
        rows, by_sim = controller.rollback_rows()
        rollback = RollbackDialog(rows, by_sim, ap.DEFAULT_THRESHOLD, controller.analysis.below)
        rollback.show()
        app.processEvents()
        rollback.grab().save(str(out / "analysis-rollback.png"))
        controller.analysis.cancel(wait=True)
    print(f"wrote {out}/analysis-*.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs")
