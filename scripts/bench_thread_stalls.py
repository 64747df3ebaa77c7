"""How long can the record core hold the GIL while a loader/saver thread works?

    python -m scripts.bench_thread_stalls [--layers 5000] [--channels 1024] [--file F]

A GUI reads and saves big records on a worker thread; every long call that holds the GIL
freezes the window for that long. This runs load, check and save of one record on a
thread while the main thread wakes every 2 ms, and prints the longest gap next to the
total time of the same operation (the ratio is what matters across machines).
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from editor.records.document import RecordDocument
from editor.records.rules import check_document
from editor.records.synth import make_big, to_text
from scripts import _bench


def stalls(fn) -> tuple[float, float]:
    """(total seconds of fn on a thread, longest main-thread gap in seconds)."""
    done = threading.Event()
    box: dict[str, float] = {}

    def work() -> None:
        t = time.perf_counter()
        fn()
        box["t"] = time.perf_counter() - t
        done.set()

    worst = 0.0
    thread = threading.Thread(target=work)
    thread.start()
    last = time.perf_counter()
    while not done.is_set():
        time.sleep(0.002)
        now = time.perf_counter()
        worst = max(worst, now - last)
        last = now
    thread.join()
    return box["t"], worst


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=5000)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--file", help="use this record instead of generating one")
    args = ap.parse_args()
    print(_bench.conditions())  # the machine's load: these figures are timed on it
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.txt"
        if args.file:
            shutil.copy(args.file, path)
        else:
            path.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=7)))
        print(f"{path.stat().st_size / 1e6:.0f} MB record; main thread wakes every 2 ms")
        box: dict[str, RecordDocument] = {}
        rows: list[tuple[str, Callable[[], object]]] = [
            ("load", lambda: box.__setitem__("doc", RecordDocument.load(path)))]
        rows.append(("check (all rules)", lambda: check_document(box["doc"])))

        def edit_and_save() -> None:
            box["doc"].message.record[7].value.scale_w[3] = 0.5
            box["doc"].save()

        rows.append(("save after one edit", edit_and_save))
        for label, fn in rows:
            total, worst = stalls(fn)
            print(f"{label:22s} {total:7.2f} s   longest GIL hold seen {worst * 1000:6.1f} ms "
                  f"({worst / total:.1%} of the operation)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
