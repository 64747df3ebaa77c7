#!/usr/bin/env python3
"""What bulk edits of N selected layers cost in the real window, next to a plain protobuf copy.

For each N, builds ``synth.make_big`` with N layers, shows it in a MainWindow (tree,
panels, plots, live problems: everything that follows an edit) under the offscreen Qt
platform, and times in the same run:

- ``select_paths`` of all N layers (what Move Up/Down does with its block afterwards),
- "Set Field on Selected Layers" (offset_d on all N, one undo step) until the event loop
  is idle again, then its undo,
- the reference: the same N field changes and their reversal on a plain protobuf copy
  (no Qt, no model, no commands).

Prints milliseconds and ratios to the reference. Every step is linear in N when the
ratios stay flat as N grows (they were quadratic: 56 s for 500 layers); no thresholds.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

from scripts import _bench

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import editor.ui  # noqa: F401  (first: pins singletons against PySide refcount bugs)
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big
from editor.ui.dialogs import Prompter
from editor.ui.main_window import MainWindow


class Silent(Prompter):
    """Never shows a dialog; discards unsaved edits when the window closes."""

    def error(self, title, text):
        print(f"  ! {title}: {text.splitlines()[0]}")

    def ask_save_changes(self, name):
        return "discard"


def timed(fn, app: QApplication) -> float:
    start = time.perf_counter()
    fn()
    app.processEvents()  # the coalesced updates are part of what the user waits for
    return time.perf_counter() - start


def plain_edit(message, n: int) -> tuple[float, float]:
    """Seconds to set offset_d on n entries of a plain copy, and to put the old values back."""
    copy = type(message)()
    copy.CopyFrom(message)
    start = time.perf_counter()
    old = [(e.value.HasField("offset_d"), e.value.offset_d) for e in copy.record[:n]]
    for e in copy.record[:n]:
        e.value.offset_d = 3
    middle = time.perf_counter()
    for e, (had, value) in zip(copy.record[:n], old, strict=True):
        if had:
            e.value.offset_d = value
        else:
            e.value.ClearField("offset_d")
    return middle - start, time.perf_counter() - middle


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,500,1000,5000", help="layer counts, comma-separated")
    ap.add_argument("--channels", type=int, default=16)
    ap.add_argument("--dialect", default="tf-inner", choices=list(DIALECTS))
    args = ap.parse_args(argv)
    print(_bench.conditions())  # the machine's load: these figures are timed on it

    app = cast(QApplication, QApplication.instance() or QApplication([]))
    dialect = DIALECTS[args.dialect]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            message = make_big(dialect, n, args.channels)
            settings = QSettings(str(Path(tmp) / f"settings{n}.ini"), QSettings.Format.IniFormat)
            window = MainWindow(settings, prompter=Silent(None), recovery_dir=Path(tmp) / "recovery")
            window.resize(1280, 820)
            window.show()
            window.documents.set_document(RecordDocument(message, dialect, None))
            app.processEvents()
            tree = window.tree
            select = timed(lambda: tree.select_paths([("record", i) for i in range(n)]), app)  # noqa: B023
            assert tree.selection_summary() == f"{n} layers selected", tree.selection_summary()
            set_all = timed(lambda: tree.set_field_on_selected("offset_d", 3), app)  # noqa: B023
            assert all(e.value.offset_d == 3 for e in message.record)
            undo = timed(window.session.undo_stack.undo, app)
            ref_set, ref_undo = plain_edit(message, n)
            reads = tree.selection_reads
            rows.append((n, select, set_all, undo, ref_set, ref_undo, reads))
            window.close()
            window.deleteLater()
            app.processEvents()

    print(f"{args.dialect}, {args.channels} channels a layer; times in ms; ratio = window / plain protobuf copy")
    print(f"{'N':>6} {'select_paths':>13} {'set field':>10} {'ratio':>7} {'undo':>9} {'ratio':>7} "
          f"{'plain set':>10} {'selection reads':>16}")
    for n, select, set_all, undo, ref_set, ref_undo, reads in rows:
        print(f"{n:>6} {select * 1e3:>13.0f} {set_all * 1e3:>10.0f} {set_all / ref_set:>7.0f} "
              f"{undo * 1e3:>9.0f} {undo / ref_undo:>7.0f} {ref_set * 1e3:>10.2f} {reads:>16}")
    first = rows[0]
    print("growth of the cost per layer from the smallest N (1.0 = linear):")
    for n, select, set_all, undo, *_ in rows[1:]:
        scale = n / first[0]
        print(f"{n:>6}  select_paths {select / first[1] / scale:.2f}  set field {set_all / first[2] / scale:.2f}"
              f"  undo {undo / first[3] / scale:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
