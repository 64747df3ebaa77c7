#!/usr/bin/env python3
"""How fast reading is, against protobuf's own readers measured in the same run.

    python -m scripts.bench_read [--sizes 10,50,200] [--rounds 5] [--merge-up-to 60]

Builds records in AMCT's layout (``text_format.MessageToString`` of synthetic ResNet-like
layers with 1 024 channels) of about 10, 50 and 200 MB and prints, per size, each figure as
median [min–max] over --rounds rounds taken in turns:

- load in this process (``parse_text``) against ``text_format.Merge`` (what AMCT reads with),
  the two in turns, Merge as often as the load (up to --merge-up-to MB: it takes ~15 s per
  50 MB);
- ``record-editor info FILE`` and ``record-editor check FILE`` as whole processes against the
  native ``protoc --encode`` (Debian's protobuf-compiler: the C++ text parser, with its own
  process start), with peak RSS as a multiple of the file; the ratios are taken round by round;

then start-up (a one-layer file: ``info``, ``check``, protoc, and a minimal Python process that
imports protobuf and the schema and parses the file), every layout the fast path reads (one
line, ``< >``, comments, separators, lists, ``0.5f``, a one-line file with escapes...) against
Merge, and binary input.

The native protoc is installed with apt-get when missing (see ``_bench.protoc``). No
thresholds: this script measures, it does not judge. The first line says the machine's load.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from google.protobuf import text_format

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big
from editor.records.textread import parse_text
from editor.records.textwrite import format_float_py
from scripts import _bench
from scripts._bench import cpu, peak, ratios, rounds, seconds, spread

DIALECT = DIALECTS["tf-inner"]
CHANNELS = 1024
BYTES_PER_LAYER = 42_800  # of text, at 1 024 channels in AMCT's layout

#: the least a Python program that reads a record pays: the interpreter, protobuf, the schema,
#: `text_format.Parse` of the file (what "a one-layer info <= 2x a minimal process" is against)
MINIMAL = """
import sys
from google.protobuf import text_format
from editor.records._pb import inner_scale_offset_record_tf_pb2 as pb
with open(sys.argv[1], encoding="utf-8") as f:
    text_format.Parse(f.read(), pb.InnerScaleOffsetRecord())
"""


def merge(text: bytes) -> None:
    text_format.Merge(text.decode("utf-8"), DIALECT.new_message())


def sizes_section(folder: Path, sizes: list[int], merge_limit: int, n: int, protoc: str | None) -> None:
    print(f"\n== AMCT's layout: load in this process, and whole processes ({n} rounds in turns; "
          "median [min–max])")
    for mb in sizes:
        layers = max(1, round(mb * 1e6 / BYTES_PER_LAYER))
        path = folder / f"record_{mb}mb.txt"
        if not path.exists():
            path.write_text(text_format.MessageToString(make_big(DIALECT, layers, CHANNELS, seed=1)))
        size = path.stat().st_size
        data = path.read_bytes()
        fns: list[Callable[[], object]] = [partial(parse_text, data, DIALECT)]
        if mb <= merge_limit:
            fns.append(partial(merge, data))
        timed = _bench.in_turns(fns, n)
        del data
        commands: list[_bench.Command] = [([*_bench.editor_command(), "info", str(path)], None, None),
                                          ([*_bench.editor_command(), "check", str(path)], None, None)]
        if protoc:
            commands.append((_bench.protoc_encode(protoc, DIALECT), path, None))
        runs = rounds(commands, n)
        info, check = runs[0], runs[1]
        print(f"{size / 1e6:.1f} MB ({layers} layers)")
        load = timed[0]
        print(f"  load in this process  {spread(load)} s  ({size / 1e6 / _bench.median(load):.0f} MB/s)")
        if len(timed) > 1:
            print(f"  text_format.Merge     {spread(timed[1])} s   load is {ratios(timed[1], load, '.1f')}x faster")
        print(f"  info  (process)       {spread(seconds(info))} s   peak RSS {peak(info) / size:.2f}x the file")
        print(f"  check (process)       {spread(seconds(check))} s   peak RSS {peak(check) / size:.2f}x the file   "
              f"check/info {ratios(seconds(check), seconds(info))}")
        if protoc:
            ref = runs[2]
            print(f"  protoc --encode       {spread(seconds(ref))} s   info/protoc {ratios(seconds(info), seconds(ref))}"
                  f"   check/protoc {ratios(seconds(check), seconds(ref))}   "
                  f"load/protoc {_bench.median(load) / _bench.median(seconds(ref)):.2f} (medians)")
        print(f"  CPU time (user + system): info {spread(cpu(info))} s, check {spread(cpu(check))} s; "
              f"check/info {ratios(cpu(check), cpu(info))}"
              + (f", info/protoc {ratios(cpu(info), cpu(runs[2]))}" if protoc else ""))
    print("  x/protoc: time as a multiple of protoc's (below 1: faster), round by round; CPU time is the "
          "steadier on a busy machine")


def startup_section(folder: Path, n: int, protoc: str | None) -> None:
    path = folder / "one_layer.txt"
    path.write_text(text_format.MessageToString(make_big(DIALECT, 1, 8, seed=1)))
    commands: list[_bench.Command] = [([*_bench.editor_command(), "info", str(path)], None, None),
                                      ([*_bench.editor_command(), "check", str(path)], None, None),
                                      ([sys.executable, "-c", MINIMAL, str(path)], None, None)]
    if protoc:
        commands.append((_bench.protoc_encode(protoc, DIALECT), path, None))
    runs = rounds(commands, n)
    info, check, minimal = (seconds(r) for r in runs[:3])
    print(f"\n== start-up: a one-layer file, whole processes ({n} rounds in turns)")
    print(f"info     {spread(info)} s  peak RSS {peak(runs[0]) / 1e6:5.1f} MB   "
          f"info/minimal {ratios(info, minimal)} (CPU time: {ratios(cpu(runs[0]), cpu(runs[2]))})")
    print(f"check    {spread(check)} s  peak RSS {peak(runs[1]) / 1e6:5.1f} MB   "
          f"check/minimal {ratios(check, minimal)}")
    print(f"minimal  {spread(minimal)} s  peak RSS {peak(runs[2]) / 1e6:5.1f} MB   "
          "(python: import protobuf and the schema, text_format.Parse the file)")
    if protoc:
        ref = seconds(runs[3])
        print(f"protoc   {spread(ref)} s  peak RSS {peak(runs[3]) / 1e6:5.1f} MB   "
              f"info/protoc {ratios(info, ref)}   check/protoc {ratios(check, ref)}")


def escaped(msg):
    """`msg` with keys that protobuf's printer escapes (non-ASCII, quotes, backslashes)."""
    out = type(msg)()
    out.CopyFrom(msg)
    for i, entry in enumerate(out.record):
        entry.key = entry.key + ("/é\"q'\\" if i % 2 else "/层")
    return out


def layouts(msg) -> dict[str, str]:
    """Every layout the fast path reads, of the same record, and the one-line file with
    escapes that only the careful path reads."""
    pretty = text_format.MessageToString(msg)
    one_line = text_format.MessageToString(msg, as_one_line=True)

    def lists() -> str:
        out = []
        for e in msg.record:
            v = e.value
            out.append(f'record {{\n  key: "{e.key}"\n  value {{\n    scale_d: {v.scale_d!r}\n'
                       f"    offset_d: {v.offset_d}\n"
                       f"    scale_w: [{', '.join(format_float_py(x) for x in v.scale_w)}]\n"
                       f"    offset_w: [{', '.join(str(x) for x in v.offset_w)}]\n  }}\n}}\n")
        return "".join(out)

    return {
        "AMCT (MessageToString)": pretty,
        "one line (as_one_line)": one_line,
        "one line, escapes": text_format.MessageToString(escaped(msg), as_one_line=True),
        "one line, < >": one_line.replace("{", "<").replace("}", ">"),
        "< > brackets": pretty.replace("{", "<").replace("}", ">"),
        "# comment after values": pretty.replace("\n", "  # note\n"),
        "; after fields": pretty.replace("\n", ";\n").replace("{;", "{").replace("};", "}"),
        ", after fields": pretty.replace("\n", ",\n").replace("{,", "{").replace("},", "}"),
        "0.5f suffixes": "\n".join(line + "f" if "scale" in line else line for line in pretty.splitlines()),
        "[a, b, ...] lists": lists(),
        "value: { (colon)": pretty.replace(" {", ": {"),
    }


def layouts_section(mb: float, n: int) -> None:
    msg = make_big(DIALECT, max(1, round(mb * 1e6 / BYTES_PER_LAYER)), CHANNELS, seed=2)
    print(f"\n== layouts, about {mb:g} MB each: load in this process against Merge ({n} rounds in turns)")
    print(f"{'layout':26} {'MB':>5} {'ours s':>22} {'Merge s':>22} {'Merge/ours':>18} {'fast entries':>13}")
    for name, text in layouts(msg).items():
        data = text.encode()
        ours, ref = _bench.in_turns([partial(parse_text, data, DIALECT), partial(merge, data)], n)
        parsed = parse_text(data, DIALECT)
        fast = sum(1 for item in parsed.items if item.children is None)
        print(f"{name:26} {len(data) / 1e6:5.1f} {spread(ours):>22} {spread(ref):>22} "
              f"{ratios(ref, ours, '.1f'):>18} {fast:>6}/{len(parsed.items):<6}")


def binary_section(folder: Path, mb: int, n: int) -> None:
    msg = make_big(DIALECT, max(1, round(mb * 1e6 / BYTES_PER_LAYER)), CHANNELS, seed=3)
    text_path, bin_path = folder / "binary_ref.txt", folder / "binary.pb"
    text_path.write_text(text_format.MessageToString(msg))
    bin_path.write_bytes(msg.SerializeToString())
    data = bin_path.read_bytes()
    read, printed = _bench.in_turns([lambda: RecordDocument.from_binary(data),
                                     lambda: text_format.MessageToString(msg)], n)
    runs = rounds([([*_bench.editor_command(), "info", str(bin_path)], None, None),
                   ([*_bench.editor_command(), "info", str(text_path)], None, None)], n)
    print(f"\n== binary input: the same record, {len(data) / 1e6:.1f} MB binary, "
          f"{text_path.stat().st_size / 1e6:.1f} MB as text ({n} rounds in turns)")
    print(f"from_binary (dialect detection included) {spread(read)} s   MessageToString {spread(printed)} s   "
          f"MessageToString/from_binary {ratios(printed, read, '.0f')}")
    print(f"info FILE.pb {spread(seconds(runs[0]))} s   info FILE.txt {spread(seconds(runs[1]))} s   "
          f"binary/text {ratios(seconds(runs[0]), seconds(runs[1]))}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,50,200", help="record sizes in MB (AMCT's layout)")
    ap.add_argument("--merge-up-to", type=int, default=60, metavar="MB",
                    help="time text_format.Merge up to this size (it takes ~15 s per 50 MB)")
    ap.add_argument("--layout-mb", type=float, default=4.0, help="size of each layout's file")
    ap.add_argument("--binary-mb", type=int, default=50, help="size of the binary record (as text)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds in turns per figure (median [min–max])")
    ap.add_argument("--keep", metavar="DIR", help="build the files here and keep them for the next run")
    ap.add_argument("--only", choices=["sizes", "startup", "layouts", "binary"], action="append")
    args = ap.parse_args(argv)
    sections = set(args.only or ["sizes", "startup", "layouts", "binary"])
    print(_bench.conditions())
    _bench.compile_sources()
    protoc = _bench.protoc()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if "sizes" in sections:
            sizes_section(folder, [int(s) for s in args.sizes.split(",")], args.merge_up_to, args.rounds, protoc)
        if "startup" in sections:
            startup_section(folder, max(args.rounds, 8), protoc)
        if "layouts" in sections:
            layouts_section(args.layout_mb, args.rounds)
        if "binary" in sections:
            binary_section(folder, args.binary_mb, args.rounds)
    print(f"\nload average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
