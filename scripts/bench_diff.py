"""Benchmark comparing two big records against reading one, in one run.

    python scripts/bench_diff.py [--layers 1200] [--channels 1024] [--repeat 3]

Two generated tf-inner records of about 50 MB of text (the defaults) from different seeds:
every scale_w and scale_d differs, as between two calibrations. Prints the time to read
one record (the reference) and, as ratios to it: comparing the two (match + gather +
the exact differences), asking again with another tolerance, comparing A with a copy that
differs in three layers, and the whole `record-editor diff --summary` command (which reads
both files). Each step is the best of --repeat runs (the first run also pays for fresh
memory); --cpu times CPU instead of wall-clock, for a machine others are busy on. No timings are asserted anywhere; compare the ratios across
runs and machines.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import math
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from editor.cli import main as cli_main
from editor.records.diff import compare_records
from editor.records.document import RecordDocument
from editor.records.synth import make_big, to_text

CLOCK = time.perf_counter


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """(the best time of `repeat` calls on CLOCK, the last result)."""
    best, result = math.inf, None
    for _ in range(repeat):
        t = CLOCK()
        result = fn()
        best = min(best, CLOCK() - t)
    return best, result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=1200)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu", action="store_true",
                    help="time on the process's CPU clock instead of the wall clock (steadier on a "
                         "machine others share; every step here runs on one thread)")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.cpu else time.perf_counter
    repeat = max(1, args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = Path(tmp) / "a.txt", Path(tmp) / "b.txt"
        pa.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=1)))
        pb.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=2)))
        mb = pa.stat().st_size / 1e6
        print(f"records: {args.layers} layers x {args.channels} channels, {mb:.1f} MB and "
              f"{pb.stat().st_size / 1e6:.1f} MB of text; best of {repeat}, "
              f"{'CPU' if args.cpu else 'wall-clock'} time")

        load, a = timed(lambda: RecordDocument.load(pa), repeat)
        b = RecordDocument.load(pb)
        print(f"read one record (reference):  {load * 1000:8.1f} ms  ({mb / load:.0f} MB/s)")

        def compare() -> Any:
            return compare_records(a.message, b.message).differences()

        both, d = timed(compare, repeat)
        n_fields = sum(len(layer.fields) for layer in d.layers)
        print(f"compare two calibrations:     {both * 1000:8.1f} ms  = {both / load:.3f} x reading one "
              f"({len(d.layers)} layers, {n_fields} fields differ)")
        comparison = d.comparison
        def overview() -> Any:
            comparison.__dict__.pop("overview", None)  # computed once and kept: time it afresh
            return comparison.overview

        overview_time, _ = timed(overview, repeat)
        print(f"  its overview (log ratios):  {overview_time * 1000:8.1f} ms  = {overview_time / load:.3f} x")
        tolerances = iter([0.5 / 2 ** k for k in range(repeat)])
        requery, d2 = timed(lambda: comparison.differences(rtol=next(tolerances)), repeat)
        print(f"  again with another rtol:    {requery * 1000:8.1f} ms  = {requery / load:.3f} x "
              f"({len(d2.layers)} layers differ)")

        copy = type(a.message)()
        copy.CopyFrom(a.message)
        for i in (10, args.layers // 2, args.layers - 1):
            copy.record[i].value.scale_w[3] = 0.123
        few, d3 = timed(lambda: compare_records(a.message, copy).differences(), repeat)
        print(f"compare with a 3-layer edit:  {few * 1000:8.1f} ms  = {few / load:.3f} x "
              f"({len(d3.layers)} layers differ)")

        sink = io.StringIO()
        with contextlib.redirect_stdout(sink):
            command, code = timed(lambda: cli_main(["diff", str(pa), str(pb), "--summary"]), 1)
        print(f"record-editor diff --summary A B: {command * 1000:.0f} ms = {command / load:.2f} x reading one "
              f"(it reads both; exit {code}, {len(sink.getvalue().splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
