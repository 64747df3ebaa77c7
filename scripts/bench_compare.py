"""Opening a comparison in the window, against opening one record, and the stalls it causes.

Writes two generated tf-inner records of LAYERS x CHANNELS (default 1 200 x 1 024, about
50 MB of text each) from different seeds — every scale_w and scale_d differs, as between
two calibrations — then, in one run:

1. reference: the main window opens A (loader thread, progress, the window's load steps,
   until the record is shown);
2. *Compare With* B: from the call until the Differences table holds every row (B read on
   its loader thread with B's rule check and the comparison, B's session and the table
   filled on the GUI thread), as a ratio to the reference (the issue asks <= 1.5);
3. the longest event-loop stall from the call until one second after the table is full —
   a 10 ms QTimer records when the event loop gets to run, as in bench_open_stalls.py
   (the issue asks no stall over 100 ms while the table fills);
4. after one edit of A, the comparison made again (A copied on the GUI thread, compared on a
   thread): time until the table is current, longest stall;
5. another tolerance (the same comparison queried again on a thread): time and longest stall;
6. Take from B on every row of the table (one undo step, made on the GUI thread), and its
   undo: how long each froze the window.

Prints the figures; never asserts (benchmarks are scripts, see the README).
Usage:
    .venv/bin/python -m scripts.bench_compare [--layers N] [--channels N] [--keep DIR]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from scripts import _bench
from scripts._window import QuietPrompter

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer

from editor.records.edits.commands import SetValueCommand
from editor.records.synth import make_big, to_text
from editor.ui.app import application, freeze_startup_objects
from editor.ui.main_window import MainWindow

TICK_MS = 10


class StallMeter:
    """The gaps between ticks of a 10 ms timer on the GUI thread: the longest is the longest
    time the window did not respond."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[float] = []
        self._last = 0.0

    def start(self) -> None:
        self.clock.start()
        self._last = 0.0
        self.gaps.clear()
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed() / 1e6
        self.gaps.append(now - self._last)
        self._last = now

    def stop(self) -> float:
        self.timer.stop()
        self._tick()
        return max(self.gaps, default=0.0)


def spin(seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def wait_until(condition, timeout_s: float = 600) -> bool:
    """Run the event loop until `condition()` holds (checked every few ms)."""
    end = time.perf_counter() + timeout_s
    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(2)
    timer.timeout.connect(lambda: loop.quit() if condition() or time.perf_counter() > end else None)
    timer.start()
    if not condition():
        loop.exec()
    timer.stop()
    return condition()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=1200)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--keep", type=Path, help="write the generated records into this folder (reused if there)")
    args = ap.parse_args()
    print(_bench.conditions())  # the machine's load: these figures are timed on it

    app = application()
    freeze_startup_objects()  # as run_gui does
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        pa, pb = folder / f"a_{args.layers}x{args.channels}.txt", folder / f"b_{args.layers}x{args.channels}.txt"
        for path, seed in ((pa, 1), (pb, 2)):
            if not path.exists():
                path.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=seed)),
                                encoding="utf-8")
        print(f"records: {args.layers} layers x {args.channels} channels, {pa.stat().st_size / 1e6:.1f} MB and "
              f"{pb.stat().st_size / 1e6:.1f} MB of text (every scale_w and scale_d differs)")

        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=QuietPrompter(), recovery_dir=Path(tmp) / "recovery")
        window.resize(1360, 860)
        window.show()
        spin(0.3)

        # 1. the reference: opening one record in the window
        meter = StallMeter()
        meter.start()
        t = time.perf_counter()
        window.open_path(pa)
        if not wait_until(lambda: window.document is not None):
            print("the window did not open A", file=sys.stderr)
            return 1
        open_one = time.perf_counter() - t
        spin(1.0)
        open_stall = meter.stop()
        print(f"open A in the window (reference):      {open_one:6.2f} s   longest stall {open_stall:4.0f} ms")

        # 2-3. the comparison
        ui = window.compare
        c = ui.controller
        model = ui.view.model
        meter.start()
        t = time.perf_counter()
        ui.compare_with(pb)
        if not wait_until(lambda: c.is_open and model.rowCount() > 0 and len(model.all_rows) == len(c.rows)):
            print("the comparison did not open", file=sys.stderr)
            return 1
        opened = time.perf_counter() - t
        spin(1.0)
        stall = meter.stop()
        d = c.differences
        assert d is not None
        print(f"compare with B, table full:            {opened:6.2f} s = {opened / open_one:.2f} x opening one "
              f"(asked <= 1.5); {len(c.rows)} rows, {len(d.layers)} layers differ")
        print(f"  longest event-loop stall:            {stall:6.0f} ms (tick {TICK_MS} ms; asked <= 100 ms -> "
              f"{stall / 100:.2f} x)")

        # 4. an edit of A: compared again
        b = c.message_b
        assert b is not None
        spin(0.5)
        meter.start()
        t = time.perf_counter()
        window.session.push(SetValueCommand(window.session.editor, ("record", 0, "value", "scale_d"),
                                            b.record[0].value.scale_d))
        wait_until(lambda: c.busy)
        wait_until(lambda: c.current)
        again = time.perf_counter() - t
        spin(0.5)
        stall = meter.stop()
        print(f"edit A, compared again (150 ms wait):  {again:6.2f} s   longest stall {stall:4.0f} ms "
              f"({len(c.rows)} rows)")

        # 5. another tolerance: the same comparison queried again
        meter.start()
        t = time.perf_counter()
        ui.view.set_tolerance(0.5, 0.0)
        wait_until(lambda: c.current and c.result is not None and c.result.differences.rtol == 0.5)
        tol = time.perf_counter() - t
        spin(0.5)
        stall = meter.stop()
        print(f"another tolerance (rtol 0.5):          {tol:6.2f} s   longest stall {stall:4.0f} ms "
              f"({len(c.rows)} rows)")

        # 6. take every row from B, then undo it
        ui.view.set_tolerance(0.0, 0.0)
        wait_until(lambda: c.current and c.result is not None and c.result.differences.rtol == 0.0)
        rows = list(c.rows)
        meter.start()
        t = time.perf_counter()
        taken = ui.take_rows(rows)
        took = time.perf_counter() - t
        wait_until(lambda: c.current)
        left = len(c.rows)
        t = time.perf_counter()
        window.session.undo_stack.undo()
        undo = time.perf_counter() - t
        wait_until(lambda: c.current)
        spin(0.3)
        stall = meter.stop()
        print(f"take every row from B ({len(rows)}):     {took:6.2f} s on the GUI thread ({'taken' if taken else 'refused'}, "
              f"{left} rows left); undo {undo:.2f} s; longest stall {stall:4.0f} ms")

        window.session.undo_stack.setClean()
        window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
