#!/usr/bin/env python3
"""How fast `check` is on a big record, against references measured in the same run.

Builds a record of LAYERS layers × CHANNELS channels with numpy (per-channel scale_w and
offset_w as AMCT writes them; shift_bit and tensor_balance_factor with --shift-bit/--tbf;
a few planted problems), renders it as text (``str(message)``, upb's C printer) and times:

- ``rules.check_message`` (all rules, context included),
- ``text_format.Parse`` of the same text (what reading costs at least, pure Python),
- ``SerializeToString`` + ``ParseFromString`` (binary round trip, the C floor),
- re-checking one edited entry with ``LiveChecker.entry_changed`` (what the GUI pays per edit),
- the real command a CI job runs, ``record-editor check FILE``, as a process on the text
  written to a file (process start, reading, every rule, printing), against
  ``record-editor info FILE`` and the native ``protoc --encode=<message>`` reading the same
  file (C++ text parser, also with its process start; Debian's protobuf-compiler, installed
  when missing, see ``_bench.protoc``).

Every figure is median [min–max] of --rounds rounds taken in turns, ratios round by round;
the first line says the machine's load. No thresholds. Defaults give the 5 000 × 1 024 case (about 190 MB
of text: some 37 bytes per channel); ``--channels 256`` gives about 50 MB.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from google.protobuf import text_format

from editor.records.dialects import DIALECTS
from editor.records.messages import WideValueMessage
from editor.records.rules import LiveChecker, check_message
from scripts import _bench
from scripts._bench import cpu, ratios, seconds, spread


def build(dialect: str, layers: int, channels: int, *, shift_bit: bool = False, tbf: bool = False,
          seed: int = 0):
    rng = np.random.default_rng(seed)
    msg = DIALECTS[dialect].new_message()
    zeros = np.zeros(channels, dtype=np.int64).tolist()
    shifts = np.ones(channels, dtype=np.int64).tolist()
    for i in range(layers):
        e = msg.record.add()
        e.key = f"net/block{i // 3}/conv{i % 3}/Conv2D"
        v = e.value
        v.scale_d = float(np.float32(rng.uniform(0.005, 0.05)))
        v.offset_d = int(rng.integers(-128, 20))
        v.scale_w.extend(np.exp(rng.normal(-6, 0.3, channels)).astype(np.float32).tolist())
        v.offset_w.extend(zeros)
        if shift_bit:
            v.shift_bit.extend(shifts)
        if tbf and isinstance(v, WideValueMessage):
            v.tensor_balance_factor.extend(rng.uniform(0.5, 2, channels).astype(np.float32).tolist())
    # a few problems, so the messages are built too
    for i in range(0, layers, max(1, layers // 10)):
        msg.record[i].value.scale_w[i % channels] = 0.0
        msg.record[i].value.offset_d = 300
    return msg


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=5000)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--dialect", default="tf-inner", choices=list(DIALECTS))
    ap.add_argument("--shift-bit", action="store_true", help="add shift_bit to every layer")
    ap.add_argument("--tbf", action="store_true", help="add tensor_balance_factor to every layer")
    ap.add_argument("--rounds", type=int, default=5, help="rounds in turns per figure (median [min–max])")
    args = ap.parse_args(argv)
    print(_bench.conditions())
    _bench.compile_sources()

    t = time.perf_counter()
    msg = build(args.dialect, args.layers, args.channels, shift_bit=args.shift_bit, tbf=args.tbf)
    build_s = time.perf_counter() - t
    text = str(msg)
    mb = len(text) / 1e6  # ASCII
    print(f"record: {args.layers} layers x {args.channels} channels, {args.dialect}, "
          f"{mb:.1f} MB of text (built in {build_s:.1f} s)")

    problems = check_message(msg, args.dialect)

    def binary():
        DIALECTS[args.dialect].new_message().ParseFromString(msg.SerializeToString())

    n = args.rounds
    check_t, parse_t, binary_t = _bench.in_turns(
        [lambda: check_message(msg, args.dialect),
         lambda: text_format.Parse(text, DIALECTS[args.dialect].new_message()), binary], n)
    live = LiveChecker(msg, args.dialect)
    mid = args.layers // 2

    def edit():
        msg.record[mid].value.scale_w[0] = float(np.float32(msg.record[mid].value.scale_w[0] * 1.5))
        live.entry_changed(mid)

    (edit_t,) = _bench.in_turns([edit], max(n, 20))
    data = msg.SerializeToString()

    protoc = _bench.protoc()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.txt"
        path.write_text(text, encoding="ascii")
        cli = _bench.editor_command()
        commands: list[_bench.Command] = [([*cli, "check", "--dialect", args.dialect, str(path)], None, None),
                                          ([*cli, "info", "--dialect", args.dialect, str(path)], None, None)]
        if protoc:
            commands.append((_bench.protoc_encode(protoc, DIALECTS[args.dialect]), path, None))
        runs = _bench.rounds(commands, n)
    code = runs[0][-1][2]
    if code not in (0, 1):
        raise SystemExit(f"record-editor check failed (exit {code})")
    cli_t, info_t = seconds(runs[0]), seconds(runs[1])

    print(f"problems found:                  {len(problems)}   ({n} rounds in turns; median [min–max])")
    print(f"check_message:                   {spread(check_t)} s  ({mb / _bench.median(check_t):6.1f} MB/s)")
    print(f"text_format.Parse (same text):   {spread(parse_t)} s  ({mb / _bench.median(parse_t):6.1f} MB/s)")
    print(f"Serialize+ParseFromString:       {spread(binary_t)} s  ({len(data) / 1e6:.1f} MB binary)")
    print(f"re-check one edited entry:       {spread([t * 1e3 for t in edit_t], '.2f')} ms "
          "(LiveChecker.entry_changed)")
    print(f"ratio check / text_format.Parse: {ratios(check_t, parse_t, '.3f')}")
    print(f"ratio check / binary round trip: {ratios(check_t, binary_t)}")
    print(f"ratio full check / one entry:    {_bench.median(check_t) / _bench.median(edit_t):8.0f} (medians)")
    print(f"record-editor check FILE:        {spread(cli_t)} s  ({mb / _bench.median(cli_t):6.1f} MB/s, a process, "
          f"exit {code})")
    print(f"record-editor info FILE:         {spread(info_t)} s   check/info {ratios(cli_t, info_t)}   "
          f"(CPU time: {ratios(cpu(runs[0]), cpu(runs[1]))})")
    if protoc:
        ref = seconds(runs[2])
        print(f"protoc --encode FILE (native):   {spread(ref)} s   check/protoc {ratios(cli_t, ref)}   "
              f"info/protoc {ratios(info_t, ref)}")
    print(f"load average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
