#!/usr/bin/env python3
"""How fast `check` is on a big record, against references measured in the same run.

Builds a record of LAYERS layers × CHANNELS channels with numpy (per-channel scale_w and
offset_w as AMCT writes them; shift_bit and tensor_balance_factor with --shift-bit/--tbf;
a few planted problems), renders it as text (``str(message)``, upb's C printer) and times:

- ``rules.check_message`` (all rules, context included),
- ``text_format.Parse`` of the same text (what reading costs at least, pure Python),
- ``SerializeToString`` + ``ParseFromString`` (binary round trip, the C floor),
- re-checking one edited entry with ``LiveChecker.entry_changed`` (what the GUI pays per edit),
- the real command a CI job runs, ``record-editor check FILE``, as a subprocess on the text
  written to a file (process start, reading, every rule, printing), against the reference
  ``python -m grpc_tools.protoc --encode=<message>`` reading the same file (C++ text parser,
  also with its process start) and ``text_format.Parse`` above.

Prints times and ratios; no thresholds. Defaults give the 5 000 × 1 024 case (about 190 MB
of text: some 37 bytes per channel); ``--channels 256`` gives about 50 MB.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from google.protobuf import text_format

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from editor.paths import proto_dir
from editor.records.dialects import DIALECTS
from editor.records.rules import LiveChecker, check_message


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
        if tbf and DIALECTS[dialect].has_value_field("tensor_balance_factor"):
            v.tensor_balance_factor.extend(rng.uniform(0.5, 2, channels).astype(np.float32).tolist())
    # a few problems, so the messages are built too
    for i in range(0, layers, max(1, layers // 10)):
        msg.record[i].value.scale_w[i % channels] = 0.0
        msg.record[i].value.offset_d = 300
    return msg


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def check_command() -> list[str]:
    """``record-editor`` as installed next to this Python (else ``python -m editor``)."""
    exe = Path(sys.executable).with_name("record-editor")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("record-editor")
    return [found] if found else [sys.executable, "-m", "editor"]


def time_commands(path: Path, dialect: str, repeat: int) -> tuple[float, float | None, int]:
    """(record-editor check, protoc --encode or None, check's exit code) on the file `path`."""
    d = DIALECTS[dialect]
    cli = [*check_command(), "check", "--dialect", dialect, str(path)]
    codes: list[int] = []

    def run_check() -> None:
        codes.append(subprocess.run(cli, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode)

    check_s = timed(run_check, repeat)
    if codes[-1] not in (0, 1):
        raise SystemExit(f"record-editor check failed (exit {codes[-1]}): {' '.join(cli)}")

    def protoc() -> None:
        with open(path, "rb") as fh:
            subprocess.run([sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir()}",
                            f"--encode={d.full_name}", d.proto_file],
                           stdin=fh, stdout=subprocess.DEVNULL, check=True)

    try:
        protoc_s: float | None = timed(protoc, repeat)
    except (OSError, subprocess.CalledProcessError):
        protoc_s = None  # grpcio-tools not installed: no C++ reference
    return check_s, protoc_s, codes[-1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=5000)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--dialect", default="tf-inner", choices=list(DIALECTS))
    ap.add_argument("--shift-bit", action="store_true", help="add shift_bit to every layer")
    ap.add_argument("--tbf", action="store_true", help="add tensor_balance_factor to every layer")
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    args = ap.parse_args(argv)

    t = time.perf_counter()
    msg = build(args.dialect, args.layers, args.channels, shift_bit=args.shift_bit, tbf=args.tbf)
    build_s = time.perf_counter() - t
    text = str(msg)
    mb = len(text) / 1e6  # ASCII
    print(f"record: {args.layers} layers x {args.channels} channels, {args.dialect}, "
          f"{mb:.1f} MB of text (built in {build_s:.1f} s)")

    problems = check_message(msg, args.dialect)
    check_s = timed(lambda: check_message(msg, args.dialect), args.repeat)
    parse_s = timed(lambda: text_format.Parse(text, DIALECTS[args.dialect].new_message()), 1)
    data = msg.SerializeToString()

    def binary():
        DIALECTS[args.dialect].new_message().ParseFromString(msg.SerializeToString())

    binary_s = timed(binary, args.repeat)
    live = LiveChecker(msg, args.dialect)
    mid = args.layers // 2

    def edit():
        msg.record[mid].value.scale_w[0] = float(np.float32(msg.record[mid].value.scale_w[0] * 1.5))
        live.entry_changed(mid)

    edit_s = timed(edit, max(args.repeat, 20))

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.txt"
        path.write_text(text, encoding="ascii")
        cli_s, protoc_s, code = time_commands(path, args.dialect, args.repeat)

    print(f"problems found:                  {len(problems)}")
    print(f"check_message:                   {check_s:8.3f} s  ({mb / check_s:6.1f} MB/s)")
    print(f"text_format.Parse (same text):   {parse_s:8.3f} s  ({mb / parse_s:6.1f} MB/s)")
    print(f"Serialize+ParseFromString:       {binary_s:8.3f} s  ({len(data) / 1e6:.1f} MB binary)")
    print(f"re-check one edited entry:       {edit_s * 1e3:8.2f} ms (LiveChecker.entry_changed)")
    print(f"ratio check / text_format.Parse: {check_s / parse_s:8.3f}")
    print(f"ratio check / binary round trip: {check_s / binary_s:8.2f}")
    print(f"ratio full check / one entry:    {check_s / edit_s:8.0f}")
    print(f"record-editor check FILE:        {cli_s:8.3f} s  ({mb / cli_s:6.1f} MB/s, a subprocess, "
          f"exit {code})")
    if protoc_s is not None:
        print(f"protoc --encode FILE (C++):      {protoc_s:8.3f} s  ({mb / protoc_s:6.1f} MB/s, a subprocess)")
        print(f"ratio CLI check / protoc:        {cli_s / protoc_s:8.2f}")
    else:
        print("protoc --encode:                 not available (pip install grpcio-tools)")
    print(f"ratio CLI check / text_format:   {cli_s / parse_s:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
