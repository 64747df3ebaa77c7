#!/usr/bin/env python3
"""What one edit costs the problems dock on a big record, next to a full check of it.

Builds ``synth.make_big`` (5 000 layers by default, prune records included), opens it in
an `EditSession` as a window does (tree model, undo stack, live problems) with the problems
dock's model and the layer panel showing the edited layer, under the offscreen Qt
platform, and times in the same run:

- ``rules.check_message`` on the whole record (what re-checking everything would cost),
- per edit, the rule engine's share (``LiveProblems.last_recheck``: only the touched
  entry, plus whole-file rules) and the whole undo step as the user waits for it
  (``EditSession.push``: model signals, re-check, dock rows and counts, panel refresh),
- the same for undo, and for an edit of a prune record.

Edits alternate between making and fixing a problem, so the dock's rows really change.
Prints medians and ratios; no thresholds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from scripts import _bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from editor.records.dialects import DIALECTS
from editor.records.edits.commands import SetValueCommand
from editor.records.messages import prune_records
from editor.records.rules import check_message
from editor.records.synth import make_big
from editor.ui.panels import LayerPanel, ProblemsModel
from editor.ui.session import EditSession


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1e3


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=5000)
    ap.add_argument("--channels", type=int, default=256)
    ap.add_argument("--dialect", default="tf-inner", choices=list(DIALECTS))
    ap.add_argument("--edits", type=int, default=200, help="edits timed (each also undone)")
    ap.add_argument("--repeat", type=int, default=3, help="full checks timed (median)")
    args = ap.parse_args(argv)
    print(_bench.conditions())  # the machine's load: these figures are timed on it

    app = QApplication.instance() or QApplication([])
    t = time.perf_counter()
    message = make_big(args.dialect, args.layers, args.channels)
    print(f"record: {args.layers} layers x {args.channels} channels, {len(prune_records(message))} prune "
          f"records, {args.dialect} (built in {time.perf_counter() - t:.1f} s)")

    full = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        check_message(message, args.dialect)
        full.append(time.perf_counter() - t)

    session = EditSession()
    t = time.perf_counter()
    session.set_message(message, args.dialect)  # the full check of a newly shown record
    dock = ProblemsModel(session)
    setup = time.perf_counter() - t
    panel = LayerPanel(session)
    live, stack, selection = session.problems, session.undo_stack, session.selection

    step = max(1, args.layers // args.edits)
    engine, push, engine_undo, undo = [], [], [], []
    for k in range(args.edits):
        i = (k * step) % args.layers
        selection.select(("record", i))  # the panel shows the layer being edited, as in use
        path = ("record", i, "value", "offset_d") if k % 2 else ("record", i, "value", "scale_w", k % args.channels)
        bad = 300 if k % 2 else -1.0  # an error the dock must add (and remove on undo)
        t = time.perf_counter()
        session.push(SetValueCommand(session.editor, path, bad))
        push.append(time.perf_counter() - t)
        engine.append(live.last_recheck)
        t = time.perf_counter()
        stack.undo()
        undo.append(time.perf_counter() - t)
        engine_undo.append(live.last_recheck)
    assert sum(dock.counts().values()) == len(check_message(message, args.dialect))

    prune_push, prune_engine = [], []
    if prune_records(message):
        for k in range(min(args.edits, len(prune_records(message)))):
            end = ("prune_record", k, "consumer", 1, "attr", 2, "i")  # the conv consumer's end
            t = time.perf_counter()
            session.push(SetValueCommand(session.editor, end, args.channels - 1))
            prune_push.append(time.perf_counter() - t)
            prune_engine.append(live.last_recheck)
            stack.undo()

    full_ms = median_ms(full)
    print(f"full check_message:                    {full_ms:9.1f} ms")
    print(f"session + dock set-up:                 {setup * 1e3:9.1f} ms (once per document)")
    print(f"per edit, rule engine (touched entry): {median_ms(engine):9.3f} ms")
    print(f"per edit, whole undo step (push):      {median_ms(push):9.3f} ms "
          "(signals, re-check, dock rows, panel)")
    print(f"per undo, rule engine:                 {median_ms(engine_undo):9.3f} ms")
    print(f"per undo, whole step:                  {median_ms(undo):9.3f} ms")
    if prune_push:
        print(f"per prune-record edit, rule engine:    {median_ms(prune_engine):9.3f} ms "
              "(re-reads every prune record: CheckContext.update_prune)")
        print(f"per prune-record edit, whole step:     {median_ms(prune_push):9.3f} ms")
    print(f"ratio full check / engine per edit:    {full_ms / median_ms(engine):9.0f}")
    print(f"ratio full check / whole undo step:    {full_ms / median_ms(push):9.0f}")
    del panel, dock, session, app
    return 0


if __name__ == "__main__":
    sys.exit(main())
