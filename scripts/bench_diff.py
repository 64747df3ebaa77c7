"""Benchmark comparing two big records against reading one, in one run.

    python -m scripts.bench_diff [--layers 1200] [--channels 1024] [--rounds 5]

Two generated tf-inner records of about 50 MB of text (the defaults) from different seeds:
every scale_w and scale_d differs, as between two calibrations. Prints the time to read
one record (the reference) and, as ratios to it: comparing the two (match + gather +
the exact differences), asking again with another tolerance, comparing A with a copy that
differs in three layers, and the whole `record-editor diff --summary` command (which reads
both files). The steps run in turns, --rounds times, each said as median [min–max] and its
ratio round by round; the first line says the machine's load; --cpu times CPU instead of
wall-clock, for a machine others are busy on. No timings are asserted anywhere; compare the
ratios across runs and machines.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from editor.cli import main as cli_main
from editor.records.diff import compare_records
from editor.records.document import RecordDocument
from editor.records.messages import copy_of
from editor.records.synth import make_big, to_text
from scripts import _bench
from scripts._bench import ratios, spread


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=1200)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cpu", action="store_true",
                    help="time on the process's CPU clock instead of the wall clock (steadier on a "
                         "machine others share; every step here runs on one thread)")
    args = ap.parse_args()
    print(_bench.conditions())
    clock = time.process_time if args.cpu else time.perf_counter
    n = max(1, args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        pa, pb = Path(tmp) / "a.txt", Path(tmp) / "b.txt"
        pa.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=1)))
        pb.write_text(to_text(make_big("tf-inner", args.layers, args.channels, seed=2)))
        mb = pa.stat().st_size / 1e6
        print(f"records: {args.layers} layers x {args.channels} channels, {mb:.1f} MB and "
              f"{pb.stat().st_size / 1e6:.1f} MB of text; {n} rounds in turns, median [min–max], ratios round "
              f"by round; {'CPU' if args.cpu else 'wall-clock'} time")
        a = RecordDocument.load(pa)
        b = RecordDocument.load(pb)
        copy = copy_of(a.message)
        for i in (10, args.layers // 2, args.layers - 1):
            copy.record[i].value.scale_w[3] = 0.123
        got: dict[str, Any] = {}
        comparison = compare_records(a.message, b.message).differences().comparison
        tolerances = iter([0.5 / 2 ** k for k in range(n)])
        sink = io.StringIO()

        def overview() -> Any:
            comparison.__dict__.pop("overview", None)  # computed once and kept: time it afresh
            return comparison.overview

        def command() -> Any:
            with contextlib.redirect_stdout(sink):
                got["code"] = cli_main(["diff", str(pa), str(pb), "--summary"])

        steps: list[Callable[[], Any]] = [
            lambda: RecordDocument.load(pa),
            lambda: got.__setitem__("d", compare_records(a.message, b.message).differences()),
            overview,
            lambda: got.__setitem__("d2", comparison.differences(rtol=next(tolerances))),
            lambda: got.__setitem__("d3", compare_records(a.message, copy).differences()),
            command]
        times: list[list[float]] = [[] for _ in steps]
        for _ in range(n):
            for i, fn in enumerate(steps):
                t = clock()
                fn()
                times[i].append(clock() - t)
        load, both, over, requery, few, whole = times
        d, d2, d3 = got["d"], got["d2"], got["d3"]
        ms = [[t * 1000 for t in ts] for ts in times]
        n_fields = sum(len(layer.fields) for layer in d.layers)
        print(f"read one record (reference):  {spread(ms[0], '.1f')} ms  ({mb / _bench.median(load):.0f} MB/s)")
        print(f"compare two calibrations:     {spread(ms[1], '.1f')} ms  = {ratios(both, load, '.3f')} x reading one "
              f"({len(d.layers)} layers, {n_fields} fields differ)")
        print(f"  its overview (log ratios):  {spread(ms[2], '.1f')} ms  = {ratios(over, load, '.3f')} x")
        print(f"  again with another rtol:    {spread(ms[3], '.1f')} ms  = {ratios(requery, load, '.3f')} x "
              f"({len(d2.layers)} layers differ)")
        print(f"compare with a 3-layer edit:  {spread(ms[4], '.1f')} ms  = {ratios(few, load, '.3f')} x "
              f"({len(d3.layers)} layers differ)")
        print(f"record-editor diff --summary A B: {spread(ms[5], '.0f')} ms = {ratios(whole, load)} x reading one "
              f"(it reads both; exit {got['code']})")
    print(f"load average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
