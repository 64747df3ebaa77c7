#!/usr/bin/env python3
"""How fast the plots follow edits on big records, against references measured in the same run.

Per-channel plot of a CHANNELS-channel layer (default 30 000):
- redraw after an edit: one scale_w value set through the undo stack, the plot brought up to
  date (`flush`) and painted (`grab`) — what a user waits for after an edit;
- a span edit of 1 000 channels (validation by the rules, one undo step, redraw, paint);
- reference: building the same plot from scratch (widget, items, first paint);
- reference: numpy alone — `quant.outliers` on the layer (the statistics every redraw needs).

Model overview of a LAYERS-layer file (default 5 000 × 256 channels):
- drawing it: reading every layer, per-layer stats, all items, first paint;
- updating it after an edit of one layer (flush + paint);
- reference: numpy's min/median/max over the same values already in one 2-D array, and
  reading the vectors out of the message (`np.array(repeated field)` per layer).

Runs offscreen. Prints times and ratios; no thresholds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import cast

from scripts import _bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6.QtWidgets import QApplication

import editor.ui  # noqa: F401  (pins singletons first)
from editor.records import quant
from editor.records.edits.commands import SetValueCommand
from editor.records.synth import make_big
from editor.ui.plots import ChannelPlot, ModelOverview
from editor.ui.session import EditSession

SIZE = (1400, 800)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:9.2f} ms"


def bench_channels(app: QApplication, channels: int, repeat: int) -> None:
    message = make_big("tf-inner", layers=2, channels=channels, prune_records=0, outlier=(1, 123))
    session = EditSession()
    session.set_message(message)

    def build() -> ChannelPlot:
        plot = ChannelPlot(session)
        plot.resize(*SIZE)
        plot.show_layer(1)
        plot.grab()
        return plot

    plots = []
    scratch = median_time(lambda: plots.append(build()), max(3, repeat // 4))
    plot = plots[-1]
    for p in plots[:-1]:
        p.deleteLater()
    app.processEvents()

    values = iter(np.linspace(0.001, 0.002, 10_000).tolist())

    def edit_and_redraw() -> None:
        session.push(SetValueCommand(session.editor, ("record", 1, "value", "scale_w", 4242 % channels),
                                     next(values)))
        plot.flush()
        plot.grab()

    redraw = median_time(edit_and_redraw, repeat)
    paint = median_time(plot.grab, repeat)
    assert plot.main.curve.getOriginalDataset()[1][4242 % channels] == np.float32(message.record[1].value.scale_w[4242 % channels])

    span = min(1000, channels)

    def span_edit() -> None:
        plot.set_span(0, span - 1)
        reason = plot.multiply_span(1.0001)
        assert reason is None, reason
        plot.flush()
        plot.grab()

    span_time = median_time(span_edit, max(3, repeat // 4))
    w = np.array(message.record[1].value.scale_w, dtype=np.float32)
    numpy_ref = median_time(lambda: quant.outliers(w, 1.5), repeat)

    print(f"Per-channel plot, one layer of {channels} channels ({SIZE[0]}×{SIZE[1]} px, offscreen)")
    print(f"  redraw after an edit (flush + paint)      {ms(redraw)}")
    print(f"  span edit of {span} channels + redraw       {ms(span_time)}")
    print(f"  reference: painting it alone, no change   {ms(paint)}   "
          f"edit redraw = {redraw / paint:.2f}× of it")
    print(f"  reference: build the plot from scratch    {ms(scratch)}   "
          f"edit redraw = {redraw / scratch:.2f}× of it")
    print(f"  reference: numpy quant.outliers alone     {ms(numpy_ref)}   "
          f"edit redraw = {redraw / numpy_ref:.1f}× of it")
    print(f"  curve draws {'bars' if plot.main.bars else 'a peak-downsampled, clipped line'}: "
          f"{len(plot.main.curve.curve.getData()[0])} points on screen for {channels} channels")
    plot.deleteLater()
    app.processEvents()


def bench_overview(app: QApplication, layers: int, channels: int, repeat: int) -> None:
    message = make_big("tf-inner", layers=layers, channels=channels)
    session = EditSession()
    session.set_message(message)
    rules_time = session.problems.last_recheck  # the session's first full rule check

    def build() -> ModelOverview:
        view = ModelOverview(session)
        view.resize(*SIZE)
        view.grab()
        return view

    views = []
    draw = median_time(lambda: views.append(build()), max(3, repeat // 4))
    view = views[-1]
    for v in views[:-1]:
        v.deleteLater()
    app.processEvents()

    values = iter(np.linspace(0.01, 0.02, 10_000).tolist())

    def edit_and_redraw() -> None:
        session.push(SetValueCommand(session.editor, ("record", 1234 % layers, "value", "scale_d"), next(values)))
        view.flush()
        view.grab()

    update = median_time(edit_and_redraw, repeat)
    paint = median_time(view.grab, repeat)

    def read() -> list[np.ndarray]:
        return [np.array(e.value.scale_w, dtype=np.float32) for e in message.record]

    read_time = median_time(read, 3)
    block = np.stack(read()).astype(np.float64)

    def numpy_stats() -> None:
        block.min(axis=1)
        np.percentile(block, 50.0, axis=1)
        block.max(axis=1)

    stats_time = median_time(numpy_stats, 5)
    print(f"Model overview, {layers} layers × {channels} channels ({SIZE[0]}×{SIZE[1]} px, offscreen)")
    print(f"  draw the overview (read, stats, items, paint) {ms(draw)}")
    print(f"  update after an edit of one layer            {ms(update)}   "
          f"= {update / draw:.3f}× of a full draw")
    print(f"  reference: painting it alone, no change       {ms(paint)}   "
          f"update = {update / paint:.2f}× of it")
    print(f"  reference: numpy min/median/max on a 2-D array {ms(stats_time)}   "
          f"draw = {draw / stats_time:.1f}× of it")
    print(f"  reference: reading the vectors out (np.array)  {ms(read_time)}   "
          f"draw = {draw / read_time:.1f}× of it")
    print(f"  (not in the draw: the live rule check of the file, {ms(rules_time)}, shared with the "
          "problems panel)")
    view.deleteLater()
    app.processEvents()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--channels", type=int, default=30_000, help="channels of the per-channel layer")
    ap.add_argument("--layers", type=int, default=5_000, help="layers of the overview file")
    ap.add_argument("--overview-channels", type=int, default=256, help="channels per overview layer")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    print(_bench.conditions())  # the machine's load: these figures are timed on it
    app = cast(QApplication, QApplication.instance() or QApplication([]))
    bench_channels(app, args.channels, args.repeat)
    print()
    bench_overview(app, args.layers, args.overview_channels, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
