#!/usr/bin/env python3
"""Render each plot view offscreen with real-looking data into docs/plot-*.png.

The data is the bundled default sample (a quarter-width ResNet-50 record, tf-inner) with
a few planted problems, so that the pictures show what the views mark:
- layer 45 (128 output and 128 input channels) gets an outlier channel (scale_w[77] × 40)
  and a zero scale (scale_w[30] = 0, an error), layer 30 a degenerate scale_d (a warning);
- prune record 0 gets a consumer one channel narrower than its producer, prune record 1 an
  inverted range, and a new prune record claims channels another producer already feeds;
- a generated 30 000-channel layer (synth.make_big) shows the downsampled wide-layer plot;
- the Layers table of the same record as it opens, sorted by severity, worst first.

Usage: ``python -m scripts.screenshot_plots [OUT_DIR]`` (default ``docs/``).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

import editor.ui  # noqa: E402, F401  (pins singletons first)
from editor.paths import default_sample  # noqa: E402
from editor.records.document import RecordDocument  # noqa: E402
from editor.records.messages import PruneRootMessage  # noqa: E402
from editor.records.synth import add_prune_node, make_big  # noqa: E402
from editor.ui.plots import ChannelPlot, ModelOverview, PruneRangesView  # noqa: E402
from editor.ui.plots.layers_table import LayersTable  # noqa: E402
from editor.ui.session import EditSession  # noqa: E402

OUTLIER_LAYER, OUTLIER_CHANNEL, ZERO_CHANNEL, DEGENERATE_LAYER = 45, 77, 30, 30


def sample_with_problems():
    message = RecordDocument.load(default_sample()).message
    value = message.record[OUTLIER_LAYER].value
    value.scale_w[OUTLIER_CHANNEL] *= 40
    value.scale_w[ZERO_CHANNEL] = 0.0
    message.record[DEGENERATE_LAYER].value.scale_d = 1e-9
    assert isinstance(message, PruneRootMessage)  # the default sample is tf-inner, with prune records
    prune = message.prune_record
    end = next(a for a in prune[0].consumer[1].attr if a.name == "end")
    end.i -= 1
    begin = next(a for a in prune[1].consumer[1].attr if a.name == "begin")
    begin.i = 20
    shared = prune[2].consumer[1]
    width = next(a for a in shared.attr if a.name == "end").i
    extra = prune.add()
    add_prune_node(extra.producer, "resnet_v1_50/block1/unit_1/bottleneck_v1/extra/Conv2D", "Conv2D", 0, width)
    add_prune_node(extra.consumer, shared.name, "FusedBatchNormV3", width // 2, width + width // 2)
    return message


def shoot(widget, path: Path, size: tuple[int, int]) -> None:
    widget.resize(*size)
    widget.grab()  # lay out once, then draw
    QApplication.processEvents()
    image = widget.grab()
    if not image.save(str(path)):
        raise OSError(f"could not write {path}")
    print(f"wrote {path} ({image.width()}×{image.height()})")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else REPO / "docs"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    widgets: list[QWidget] = []

    session = EditSession()
    session.set_message(sample_with_problems())
    sel = session.selection

    overview = ModelOverview(session)
    widgets.append(overview)
    sel.select(("record", OUTLIER_LAYER), source="script")
    overview.info.setText(overview.describe(DEGENERATE_LAYER))
    shoot(overview, out / "plot-overview.png", (1280, 640))

    layers = LayersTable(session, overview)
    widgets.append(layers)
    # as it opens: worst first by the layers' severity
    sel.select(("record", OUTLIER_LAYER), source="script")
    shoot(layers, out / "plot-layers.png", (1280, 560))

    channels = ChannelPlot(session)
    widgets.append(channels)
    channels.act_weight.setChecked(True)
    channels.set_log(True)
    sel.select(("record", OUTLIER_LAYER, "value", "scale_w", OUTLIER_CHANNEL), source="script")
    channels.set_span(100, 111)
    channels.info.setText(channels.describe("scale_w", OUTLIER_CHANNEL))
    shoot(channels, out / "plot-channels.png", (1280, 760))

    prune = PruneRangesView(session)
    widgets.append(prune)
    sel.select(("prune_record", 0, "consumer", 1), source="script")
    shoot(prune, out / "plot-prune.png", (1280, 640))

    wide = make_big("tf-inner", layers=2, channels=30000, seed=5, prune_records=0, outlier=(1, 21000),
                    outlier_factor=60.0)
    wide.record[1].value.scale_w[7000] = 0.0
    wide_session = EditSession()
    wide_session.set_message(wide)
    wide_sel = wide_session.selection
    big = ChannelPlot(wide_session)
    widgets.append(big)
    big.set_log(True)
    big.set_k(3.0)
    wide_sel.select(("record", 1, "value", "scale_w", 7000), source="script")
    shoot(big, out / "plot-channels-wide.png", (1280, 560))

    for w in widgets:
        w.deleteLater()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
