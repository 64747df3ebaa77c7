"""How long does the GUI freeze while the window opens a big record?

Writes a record of LAYERS x CHANNELS (default 5 000 x 1 024, tf-inner with prune
records) to a temporary file, then:

1. reference: `RecordDocument.load` on the main thread, no GUI — the plain load time;
2. the main window opens the same file (loader thread, progress bar) while a 10 ms QTimer
   records when the event loop gets to run; the longest gap between two ticks is the
   longest stall the user would feel. Measured from `open_path` until one second after
   the document is shown (model reset, tree, panels, plots and problems included), and
   broken down by what the loader thread was doing when the stall began: reading the
   file, running the window's load steps (first rule check, overview numbers, key
   labels: timed each), or done (the record is being shown);
3. An edit, and the crash-recovery snapshot it causes a few seconds later (longest stall);
   save after that edit: the same save on the GUI thread (reference: the window frozen that
   long) and through the window (save thread, progress dialog), with the longest stall;
4. Cancel: a second open is cancelled 0.3 s in; how long until the window says so.

1-2 are repeated --rounds times (plain load, then the window, in turns) and said as median
[min–max], the ratio round by round; then selecting a layer of CHANNELS channels (the Edit
dock, Channels and the plots follow it): the longest event-loop gap, median [min–max] over
--rounds layers; and the window's peak memory (RSS) as a multiple of the file, from a fresh
process that only opens the file in the window.

The first line says the machine's load: stalls are the GUI thread waiting, on a shared
machine for other processes too. Prints the figures and their ratios to the reference
(never asserts; the design card asks benchmarks to be scripts). `--events` also lists every GUI-thread event that took over
20 ms once the file was read (what the stalls are made of; timing each event costs a little).
Usage:
    .venv/bin/python -m scripts.bench_open_stalls [--layers N] [--channels N] [--problems] [--keep FILE]
        [--events] [--rounds N]
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import ClassVar

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from editor.records.document import RecordDocument
from editor.records.synth import make_big, to_text
from editor.ui.app import application, freeze_startup_objects
from editor.ui.key_labels import KeyLabels
from editor.ui.live_problems import LiveProblems
from editor.ui.main_window import MainWindow
from editor.ui.plots import PlotsPanel
from scripts import _bench
from scripts._bench import ratios, spread
from scripts._window import QuietPrompter

TICK_MS = 10


class StallMeter:
    """Records the gaps between ticks of a 10 ms timer on the GUI thread."""

    def __init__(self) -> None:
        self.clock = QElapsedTimer()
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[tuple[float, float]] = []  # (gap ms, at ms)
        self._last = 0.0

    def start(self) -> None:
        self.clock.start()
        self.t0 = time.perf_counter()  # the same origin for times taken on other threads
        self._last = 0.0
        self.gaps.clear()
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed() / 1e6
        self.gaps.append((now - self._last, now))
        self._last = now

    def stop(self) -> None:
        self.timer.stop()
        self._tick()

    def worst(self) -> tuple[float, float]:
        return max(self.gaps) if self.gaps else (0.0, 0.0)

    def over(self, limit_ms: float) -> int:
        return sum(1 for gap, _ in self.gaps if gap > limit_ms)

    def ms(self, perf: float) -> float:
        """A `time.perf_counter()` reading in the meter's milliseconds."""
        return (perf - self.t0) * 1000

    def worst_between(self, lo_ms: float, hi_ms: float) -> tuple[float, float]:
        """The longest stall that began in [lo_ms, hi_ms) (a gap begins up to a tick after its
        last tick)."""
        return max(((g, at) for g, at in self.gaps if lo_ms <= at - g + TICK_MS < hi_ms),
                   default=(0.0, 0.0))


class LoaderTimes:
    """When the loader thread finished reading, and how long each load step took there.

    Wraps `RecordDocument.load` and the window's load steps (`LiveProblems.prepare`,
    `PlotsPanel.prepare`, `KeyLabels.prepare`) before the window registers them.
    """

    def __init__(self) -> None:
        self.read_done: float | None = None
        #: when the loader thread handed the document over (after reading and the steps)
        self.ready: float | None = None
        self.steps: dict[str, float] = {}
        load = RecordDocument.load

        def timed_load(*args, **kwargs):
            document = load(*args, **kwargs)
            self.read_done = self.ready = time.perf_counter()
            return document

        RecordDocument.load = timed_load  # type: ignore[method-assign]  # timed on purpose; the loader calls RecordDocument.load(path, …)
        for owner, label in ((LiveProblems, "first rule check"), (PlotsPanel, "overview numbers"),
                             (KeyLabels, "key labels")):
            if hasattr(owner, "prepare"):
                owner.prepare = staticmethod(self._timed(owner.prepare, label))  # type: ignore[method-assign]

    def _timed(self, step, label: str):
        def run(document):
            start = time.perf_counter()
            try:
                return step(document)
            finally:
                self.ready = time.perf_counter()
                self.steps[label] = self.ready - start
        return run


class TimedApplication(QApplication):
    """Times every event delivered on the GUI thread while `on` (for `--events`), and every
    garbage collection (any thread: it holds the GIL, so the GUI thread waits for it too)."""

    on = False
    slow: ClassVar[list[tuple[float, float, str, str]]] = []  # (took ms, began at perf_counter, receiver, event)
    _gc_start = 0.0

    @classmethod
    def gc_callback(cls, phase: str, info: dict) -> None:
        if phase == "start":
            cls._gc_start = time.perf_counter()
        elif cls.on:
            took = (time.perf_counter() - cls._gc_start) * 1000
            if took > 5:
                cls.slow.append((took, cls._gc_start, f"generation {info['generation']}",
                                 "garbage collection"))

    def notify(self, receiver, event) -> bool:
        if not TimedApplication.on:
            return super().notify(receiver, event)
        start = time.perf_counter()
        try:
            return super().notify(receiver, event)
        finally:
            took = (time.perf_counter() - start) * 1000
            if took > 20:
                name = type(receiver).__name__ + (f"({receiver.objectName()})" if receiver.objectName() else "")
                owner = receiver.parent() if hasattr(receiver, "parent") else None
                if owner is not None:
                    name += f" of {type(owner).__name__}"
                TimedApplication.slow.append((took, start, name, event.type().name))


def wait(window: MainWindow, timeout_s: float) -> bool:
    loop = QEventLoop()
    result: list[bool] = []
    def finished(ok: bool) -> None:
        result.append(ok)
        loop.quit()

    window.loadFinished.connect(finished)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    loop.exec()
    return bool(result and result[0])


def spin(seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=5000)
    parser.add_argument("--channels", type=int, default=1024)
    parser.add_argument("--keep", type=Path, help="write the generated record here (and reuse it if present)")
    parser.add_argument("--events", action="store_true", help="list GUI-thread events over 20 ms after reading")
    parser.add_argument("--problems", action="store_true",
                        help="generate a record with an error in every layer (problems dock and overview marks)")
    parser.add_argument("--rounds", type=int, default=3, help="opens and selections to take the median of")
    parser.add_argument("--memory-only", action="store_true", help=argparse.SUPPRESS)  # the fresh process
    args = parser.parse_args()
    if args.memory_only:
        return window_memory(args.keep)
    print(_bench.conditions())

    if args.events:
        TimedApplication(sys.argv[:1])
        gc.callbacks.append(TimedApplication.gc_callback)
    app = application()
    freeze_startup_objects()  # as run_gui does
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "big.txt"
        if not path.exists():
            t = time.perf_counter()
            message = make_big("tf-inner", args.layers, args.channels)
            if args.problems:
                for entry in message.record:
                    entry.value.offset_d = 200  # outside INT8's [-128, 127]: an error per layer
            path.write_text(to_text(message), encoding="utf-8")
            print(f"generated {path.name}: {args.layers} layers x {args.channels} channels, "
                  f"{path.stat().st_size / 1e6:.0f} MB in {time.perf_counter() - t:.1f} s")
        size_mb = path.stat().st_size / 1e6

        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        times = LoaderTimes()
        window = MainWindow(settings, prompter=QuietPrompter(), recovery_dir=Path(tmp) / "recovery")
        window.resize(1360, 860)
        window.show()
        spin(0.3)

        plains: list[float] = []
        opens: list[float] = []
        worsts: list[float] = []
        meter = StallMeter()
        for _ in range(max(args.rounds, 1)):
            gc.collect()
            t = time.perf_counter()
            doc = RecordDocument.load(path)
            plains.append(time.perf_counter() - t)
            layers = len(doc.message.record)
            del doc
            gc.collect()
            meter.start()
            t = time.perf_counter()
            TimedApplication.on = args.events
            TimedApplication.slow.clear()
            window.open_path(path)
            ok = wait(window, 600)
            opens.append(time.perf_counter() - t)
            shown_at = meter.clock.nsecsElapsed() / 1e6
            read_at = meter.ms(times.read_done) if times.read_done is not None else shown_at
            ready_at = meter.ms(times.ready) if times.ready is not None else shown_at
            spin(1.0)
            meter.stop()
            TimedApplication.on = False
            if not ok:
                print("the window did not open the file", file=sys.stderr)
                return 1
            worsts.append(meter.worst()[0])
        plain = _bench.median(plains)
        print(f"plain load (main thread, no GUI): {spread(plains, '.2f')} s ({size_mb / plain:.0f} MB/s, "
              f"{layers} layers)")
        print(f"window open (loader thread until shown): {spread(opens, '.2f')} s = {ratios(opens, plains)} x the "
              f"plain load (round by round, {len(opens)} rounds in turns)")
        print(f"longest event-loop stall of each open: {spread(worsts, '.0f')} ms; the last open in detail:")
        worst, at = meter.worst()
        during = max((g for g, when in meter.gaps if when <= shown_at), default=0.0)
        after = max((g for g, when in meter.gaps if when > shown_at), default=0.0)
        print(f"longest event-loop stall: {worst:.0f} ms (at {at / 1000:.2f} s; tick {TICK_MS} ms; "
              f"budget 100 ms -> {worst / 100:.2f} x budget)")
        print(f"  while loading: {during:.0f} ms; after the record is shown: {after:.0f} ms; "
              f"gaps over 100 ms: {meter.over(100)} of {len(meter.gaps)}")
        print(f"  stall / plain load time: {worst / 1000 / plain:.3f}")
        phases = [("reading the file (loader thread)", 0.0, read_at),
                  ("load steps (loader thread)", read_at, ready_at),
                  ("showing the record (GUI thread)", ready_at, float("inf"))]
        print("longest stall by what was going on when it began:")
        for label, lo, hi in phases:
            gap, at = meter.worst_between(lo, hi)
            print(f"  {label:34s} {gap:5.0f} ms (at {at / 1000:.2f} s; phase {lo / 1000:.2f}-"
                  f"{min(hi, meter.gaps[-1][1]) / 1000:.2f} s)")
        beyond = max(meter.worst_between(read_at, float("inf"))[0], 0.0)
        print(f"  excluding the reading: {beyond:.0f} ms -> {beyond / 100:.2f} x budget")
        steps = ", ".join(f"{k} {v:.2f} s" for k, v in times.steps.items()) or "none ran"
        print(f"load steps on the loader thread: {steps}")
        if args.events:
            print("GUI-thread events over 20 ms (and garbage collections over 5 ms) after reading "
                  "(an event inside another counts in both):")
            for took, began, name, kind in TimedApplication.slow:
                if meter.ms(began) >= read_at:
                    print(f"  {meter.ms(began) / 1000:6.2f} s  {took:5.0f} ms  {kind} to {name}")

        # Save after one edit: on the GUI thread (as the window did before it saved big
        # records on a thread) it freezes the window for the whole save; now measured as stalls.
        reference = RecordDocument.load(path)
        reference.message.record[0].value.offset_d += 1
        t = time.perf_counter()
        reference.save(Path(tmp) / "reference.txt")
        plain_save = time.perf_counter() - t
        del reference
        window.tree.select_path(("record", 0))
        spin(0.5)  # the first selection opens the Edit dock: the window lays out anew, not the edit
        meter.start()
        # a real edit even on a --keep file an earlier run saved with offset_d 5
        assert window.document is not None
        edited = window.tree.set_field_on_selected("offset_d", 6 if window.document.message.record[0].value.offset_d == 5 else 5)
        if not edited:
            print("the edit was not made", file=sys.stderr)
            return 1
        spin(window.documents._autosave_timer.interval() / 1000 + 1.5)  # the recovery snapshot after the edit
        while window.documents.autosave.busy():
            spin(0.1)
        meter.stop()
        worst, at = meter.worst()
        turns = window.documents.autosave.turns
        print(f"edit, then the recovery file {window.documents._autosave_timer.interval() / 1000:.0f} s later: longest stall "
              f"{worst:.0f} ms (budget 100 ms -> {worst / 100:.2f} x); snapshot in {len(turns)} turns, "
              f"longest {max(turns, default=0):.1f} ms, {sum(turns):.0f} ms in all on the GUI thread")
        spin(0.3)
        meter.start()
        TimedApplication.slow.clear()
        TimedApplication.on = args.events
        t = time.perf_counter()
        saved = window.documents.save()
        windowed_save = time.perf_counter() - t
        spin(0.5)
        meter.stop()
        TimedApplication.on = False
        worst, at = meter.worst()
        print(f"save after one edit: on the GUI thread {plain_save:.2f} s (the window frozen that long); "
              f"in the window (thread, progress dialog) {windowed_save:.2f} s, saved: {saved}")
        print(f"  longest event-loop stall during the save: {worst:.0f} ms "
              f"({worst / 1000 / plain_save:.3f} x the GUI-thread save; budget 100 ms -> {worst / 100:.2f} x)")
        if args.events:
            print("GUI-thread events over 20 ms (and garbage collections over 5 ms) during the save:")
            for took, began, name, kind in TimedApplication.slow:
                print(f"  {meter.ms(began) / 1000:6.2f} s  {took:5.0f} ms  {kind} to {name}")

        t = time.perf_counter()
        window.open_path(path)
        spin(0.3)
        window.documents.cancel_load()
        cancelled = not wait(window, 120)
        print(f"cancel 0.3 s into a second open: {'stopped' if cancelled else 'NOT stopped'} "
              f"{(time.perf_counter() - t - 0.3) * 1000:.0f} ms after Cancel; the shown record stayed: "
              f"{window.document is not None and len(window.document.message.record) == layers}")
        # Selecting a layer: the tree, the Edit dock, Channels and the plots follow it.
        spin(0.5)
        selects: list[float] = []
        for k in range(max(args.rounds, 1)):
            meter.start()
            window.tree.select_path(("record", (k * 7919 + 1) % layers))
            spin(0.6)
            meter.stop()
            selects.append(meter.worst()[0])
        print(f"selecting a layer of {args.channels} channels: longest event-loop stall {spread(selects, '.0f')} ms "
              f"({len(selects)} layers; budget 100 ms)")
        window.session.undo_stack.setClean()
        window.close()
        app.processEvents()
        print(window_peak(path))
    print(f"load average at the end: {_bench.load_now()} (1 min)")
    return 0


def window_peak(path: Path) -> str:
    """The window's peak memory with `path` open, in words: a fresh process (through
    `_bench.process`, whose small launcher keeps this process's memory out of the count: on
    Linux a child's peak RSS starts from its parent's at fork and survives exec)."""
    seconds, rss, code, _ = _bench.process([sys.executable, "-m", "scripts.bench_open_stalls", "--memory-only", "--keep", str(path)])
    if code:
        return f"window memory: not measured (exit {code})"
    size = path.stat().st_size
    return (f"window peak memory (fresh process: the window opens the file and shows it, {seconds:.0f} s): "
            f"{rss / 1e6:.0f} MB = {rss / size:.2f} x the file ({size / 1e6:.0f} MB)")


def window_memory(path: Path | None) -> int:
    """In a fresh process: open `path` in the window and wait until it is shown and a second
    more (`window_peak` reads the peak)."""
    if path is None or not path.exists():
        return 2
    app = application()
    freeze_startup_objects()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=QuietPrompter(), recovery_dir=Path(tmp) / "recovery")
        window.resize(1360, 860)
        window.show()
        spin(0.3)
        window.open_path(path)
        if not wait(window, 600):
            return 1
        spin(1.0)
        window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
