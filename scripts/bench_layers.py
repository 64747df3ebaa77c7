#!/usr/bin/env python3
"""How fast the outliers across the model are on a big record, against references measured in
the same run.

A LAYERS-layer record (default 5 000 × 256 channels, synth.make_big):

- the rule scale-w-outlier: a full check with every rule against the same check without it
  (what the rule adds to `record-editor check` and to opening a file), `quant.outliers`
  against the plain np.percentile version of the same definition, and the batched counts
  (`quant.outlier_counts`, what the overview and the Layers table use);
- the overview's numbers with the outlier counts (`OverviewData.build`, on the loader thread)
  against numpy's min/median/max over the same values in one 2-D array;
- the Layers table: building it and its first paint; sorting by a numeric column and by the
  key (model sort + paint) against numpy's argsort of that column and against painting alone;
  filtering by a substring of the keys; following an edit of one layer (overview flush, table
  update, paint) against a full refresh;
- Next Layer with Outliers (one step) and a new fence factor k (every layer checked and
  counted again) against the live checker's full re-check.

Runs offscreen. Prints times and ratios; no thresholds.
"""
from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time
from typing import cast

from scripts import _bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import editor.ui  # noqa: F401  (pins singletons first)
from editor.figures.overview import OverviewData
from editor.records import quant
from editor.records.edits.commands import SetValueCommand
from editor.records.rules import RULES, LiveChecker, check_message
from editor.records.synth import make_big
from editor.ui.plots import PlotsPanel
from editor.ui.plots.layers_table import KEY, OUTLIERS, W_MIN
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


def percentile_outliers(values: np.ndarray, k: float) -> np.ndarray:
    """The definition with np.percentile, as the editor computed it before (the reference)."""
    a = np.asarray(values, dtype=np.float64)
    kind = np.zeros(a.size, dtype=np.int8)
    with np.errstate(invalid="ignore"):
        invalid = ~np.isfinite(a) | (a <= 0)
    kind[invalid] = quant.INVALID
    kind[~invalid & (a < quant.FLT_EPSILON)] = quant.DEGENERATE
    usable = np.flatnonzero(kind == quant.OK)
    if usable.size >= quant.MIN_FENCE_VALUES:
        logs = np.log10(a[usable])
        q1, q3 = np.percentile(logs, [25.0, 75.0])
        kind[usable[logs < q1 - k * (q3 - q1)]] = quant.LOW
        kind[usable[logs > q3 + k * (q3 - q1)]] = quant.HIGH
    return kind


def bench_rule(message, repeat: int) -> None:
    others = [r for r in RULES if r != "scale-w-outlier"]
    with_rule = median_time(lambda: check_message(message, "tf-inner"), repeat)
    without = median_time(lambda: check_message(message, "tf-inner", rules=others), repeat)
    vectors = [np.array(e.value.scale_w, dtype=np.float32) for e in message.record]
    fast = median_time(lambda: [quant.outliers(v) for v in vectors], repeat)
    batch = median_time(lambda: quant.outlier_counts(vectors), repeat)
    plain = median_time(lambda: [percentile_outliers(v, 1.5) for v in vectors], repeat)
    found = sum(1 for p in check_message(message, "tf-inner", rules=["scale-w-outlier"]))
    n = len(message.record)
    print(f"Rule scale-w-outlier, {n} layers ({found} with outliers)")
    print(f"  full check, every rule                    {ms(with_rule)}")
    print(f"  reference: the same check without it      {ms(without)}   "
          f"with = {with_rule / without:.2f}× of it")
    print(f"  quant.outliers on every layer             {ms(fast)}   ({fast / n * 1e6:.1f} µs a layer)")
    print(f"  reference: the np.percentile version      {ms(plain)}   "
          f"quant.outliers = {fast / plain:.2f}× of it")
    print(f"  counts only, all layers at once           {ms(batch)}   (quant.outlier_counts: "
          f"{batch / fast:.2f}× of one by one)")


def bench_table(app: QApplication, message, repeat: int) -> None:
    n = len(message.record)
    session = EditSession()
    session.set_message(message)
    build = median_time(lambda: OverviewData.build(message), 3)
    block = np.stack([np.array(e.value.scale_w, dtype=np.float32) for e in message.record]).astype(np.float64)

    def numpy_stats() -> None:
        block.min(axis=1)
        np.percentile(block, 50.0, axis=1)
        block.max(axis=1)

    stats = median_time(numpy_stats, 5)

    def make_panel() -> PlotsPanel:
        panel = PlotsPanel(session)
        panel.resize(*SIZE)
        panel.show()  # a shown table paints its rows (a hidden one paints nothing)
        panel.overview.flush()
        panel.setCurrentWidget(panel.layers)
        app.processEvents()
        panel.grab()
        return panel

    panels: list[PlotsPanel] = []
    first = median_time(lambda: panels.append(make_panel()), 3)
    panel = panels[-1]
    for p in panels[:-1]:
        p.hide()
        p.deleteLater()
    app.processEvents()
    table = panel.layers
    paint = median_time(table.grab, repeat)
    flips = itertools.cycle([Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder])

    def sort_by(column: int):
        def go() -> None:
            table.view.sortByColumn(column, next(flips))
            table.grab()
        return go

    sort_num = median_time(sort_by(W_MIN), repeat)
    sort_out = median_time(sort_by(OUTLIERS), repeat)
    sort_key = median_time(sort_by(KEY), repeat)
    argsort = median_time(lambda: np.lexsort((np.arange(n), -panel.overview.data.w_min)), repeat)

    class Substring:
        def __init__(self, text: str) -> None:
            self.text, self.active = text, True

        def matches(self, key: str) -> bool:
            return self.text in key

    table._tree_filter = Substring("block3")
    def refilter() -> None:
        table.proxy.refilter()
        table.grab()

    filtering = median_time(refilter, repeat)
    shown = table.proxy.rowCount()
    table._tree_filter = None
    table.proxy.refilter()

    values = iter(np.linspace(0.001, 0.002, 10_000).tolist())
    layer = 1234 % n

    def edit() -> None:
        session.push(SetValueCommand(session.editor, ("record", layer, "value", "scale_w", 3), next(values)))
        panel.overview.flush()
        table.grab()

    update = median_time(edit, repeat)
    def refresh() -> None:
        table.model.refresh()
        table.grab()

    full = median_time(refresh, repeat)
    step = median_time(lambda: panel.step_outlier_layer(1), repeat)
    ks = itertools.cycle([2.0, 1.5])
    def set_k() -> None:
        session.problems.set_outlier_k(next(ks))
        panel.overview.flush()
        table.grab()

    new_k = median_time(set_k, max(3, repeat // 4))
    live = LiveChecker(message, "tf-inner")
    recheck = median_time(live.recheck_all, 3)

    print(f"Layers table, {n} layers × {block.shape[1]} channels ({SIZE[0]}×{SIZE[1]} px, offscreen)")
    print(f"  per-layer numbers with outlier counts      {ms(build)}   (loader thread)")
    print(f"  reference: numpy min/median/max, 2-D array {ms(stats)}   numbers = {build / stats:.1f}× of it")
    print(f"  panel built, overview drawn, table painted {ms(first)}")
    print(f"  reference: painting the table alone        {ms(paint)}")
    print(f"  sort by scale_w min (+ paint)              {ms(sort_num)}   = {sort_num / paint:.2f}× a paint, "
          f"{sort_num / argsort:.0f}× numpy's lexsort ({ms(argsort).strip()})")
    print(f"  sort by outliers (+ paint)                 {ms(sort_out)}   = {sort_out / paint:.2f}× a paint")
    print(f"  sort by key, text (+ paint)                {ms(sort_key)}   = {sort_key / paint:.2f}× a paint")
    print(f"  filter by a key substring (+ paint)        {ms(filtering)}   = {filtering / paint:.2f}× a paint "
          f"({shown} rows shown)")
    print(f"  after an edit of one layer (flush + paint) {ms(update)}   = {update / paint:.2f}× a paint")
    print(f"  reference: full table refresh (+ paint)    {ms(full)}   edit = {update / full:.2f}× of it")
    print(f"  Next Layer with Outliers, one step         {ms(step)}")
    print(f"  new k: re-check, recount, repaint          {ms(new_k)}")
    print(f"  reference: the live checker's full check   {ms(recheck)}   new k = {new_k / recheck:.2f}× of it")
    panel.deleteLater()
    app.processEvents()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, default=5_000)
    ap.add_argument("--channels", type=int, default=256)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args(argv)
    print(_bench.conditions())  # the machine's load: these figures are timed on it
    app = cast(QApplication, QApplication.instance() or QApplication([]))
    message = make_big("tf-inner", layers=args.layers, channels=args.channels, prune_records=0)
    bench_rule(message, max(3, args.repeat // 3))
    print()
    bench_table(app, message, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
