#!/usr/bin/env python3
"""How fast reading is, against protobuf's own readers measured in the same run.

    python scripts/bench_read.py [--sizes 10,50,200] [--no-merge-above 60] [--repeat 3]

Builds records in AMCT's layout (``text_format.MessageToString`` of synthetic ResNet-like
layers with 1 024 channels) of about 10, 50 and 200 MB and prints, per size:

- load in this process (``parse_text``) against ``text_format.Merge`` (what AMCT reads with)
  and against ``protoc --encode`` (C++ text parser, grpcio-tools, a whole process);
- ``record-editor info FILE`` and ``record-editor check FILE`` as whole processes against
  ``protoc --encode FILE``, with their peak RSS as a multiple of the file's size;

then start-up (``info``/``check``/protoc on a one-layer file), every layout the fast path
reads (one-line files, ``< >``, comments, separators, lists, ``0.5f``...) against Merge, and
binary input: ``info FILE.pb`` against ``info`` of the same record as text, and reading it
(``RecordDocument.from_binary``) against ``text_format.MessageToString`` of the message.

Times are the best of --repeat runs (Merge: one run); ratios are what to compare across
machines. No thresholds: this script measures, it does not judge.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from google.protobuf import text_format

from editor.paths import proto_dir
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big
from editor.records.textread import parse_text
from editor.records.textwrite import format_float_py

DIALECT = DIALECTS["tf-inner"]
CHANNELS = 1024
BYTES_PER_LAYER = 42_800  # of text, at 1 024 channels in AMCT's layout


def compile_sources() -> None:
    """Byte-compile the editor's modules before any process is timed, as an installed package
    has them (pip compiles on install; a checkout compiles on first run unless
    PYTHONDONTWRITEBYTECODE is set, as it is on some CI machines): start-up is then the
    interpreter's, not the compiler's (~75 ms of the editor's sources). protoc's Python
    wrapper and numpy come compiled from their wheels."""
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "editor"), quiet=1)


def best(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def command() -> list[str]:
    """``record-editor`` as installed next to this Python (else ``python -m editor``)."""
    exe = Path(sys.executable).with_name("record-editor")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("record-editor")
    return [found] if found else [sys.executable, "-m", "editor"]


# A child's peak RSS as the kernel counts it includes the memory of the process that forked
# it (the bench itself, holding the records): a small launcher forks the measured command,
# so the count starts from the launcher's size, and reports the command's time and peak.
_LAUNCH = """
import os, sys, time
t = time.perf_counter()
pid = os.fork()
if pid == 0:
    if sys.argv[1] != "-":
        os.dup2(os.open(sys.argv[1], os.O_RDONLY), 0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - t, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def process(argv: list[str], stdin: Path | None = None) -> tuple[float, int, int]:
    """(seconds, peak RSS in bytes, exit code) of one run of `argv` as a process of its own."""
    out = subprocess.run([sys.executable, "-c", _LAUNCH, str(stdin) if stdin else "-", *argv],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]) * 1024, int(out[2])


def best_of_rounds(commands: list[tuple[list[str], Path | None]], repeat: int) -> list[tuple[float, int, int]]:
    """(best seconds, peak RSS, last exit code) of each (argv, stdin) process, run in turns
    (A B C, A B C, …): a slow spell of a shared machine then falls on every command of a
    round, not on one command's runs."""
    runs: list[list[tuple[float, int, int]]] = [[] for _ in commands]
    for _ in range(repeat):
        for i, (argv, stdin) in enumerate(commands):
            runs[i].append(process(argv, stdin))
    return [(min(r[0] for r in rs), max(r[1] for r in rs), rs[-1][2]) for rs in runs]


def protoc(path: Path) -> list[str]:
    return [sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir()}", f"--encode={DIALECT.full_name}",
            DIALECT.proto_file]


def has_protoc() -> bool:
    try:
        import grpc_tools  # noqa: F401
    except ImportError:
        return False
    return True


def merge(text: bytes) -> None:
    text_format.Merge(text.decode("utf-8"), DIALECT.new_message())


def sizes_section(folder: Path, sizes: list[int], merge_limit: int, repeat: int, cpp: bool) -> None:
    print("\n== AMCT's layout: load in this process, and whole processes")
    print(f"{'MB':>6} {'load s':>8} {'MB/s':>6} {'Merge s':>8} {'x Merge':>8} {'protoc s':>9} {'load/protoc':>12}"
          f" {'info s':>7} {'info/protoc':>12} {'RSS/file':>9} {'check s':>8} {'check/protoc':>13} {'RSS/file':>9}")
    for mb in sizes:
        layers = max(1, round(mb * 1e6 / BYTES_PER_LAYER))
        path = folder / f"record_{mb}mb.txt"
        if not path.exists():
            path.write_text(text_format.MessageToString(make_big(DIALECT, layers, CHANNELS, seed=1)))
        data = path.read_bytes()
        size = len(data) / 1e6
        load = best(lambda data=data: parse_text(data, DIALECT), repeat)
        merge_s = best(lambda data=data: merge(data), 1) if mb <= merge_limit else None
        timed = best_of_rounds([([*command(), "info", str(path)], None), ([*command(), "check", str(path)], None)]
                               + ([(protoc(path), path)] if cpp else []), repeat)
        (info_s, info_rss, _), (check_s, check_rss, _) = timed[:2]
        cpp_s = timed[2][0] if cpp else None
        del data

        def ratio(a: float | None, b: float | None) -> str:
            return f"{a / b:.2f}" if a is not None and b is not None else "-"

        print(f"{size:6.1f} {load:8.3f} {size / load:6.0f} "
              f"{merge_s if merge_s is not None else float('nan'):8.2f} {ratio(merge_s, load):>8} "
              f"{cpp_s if cpp_s is not None else float('nan'):9.3f} {ratio(load, cpp_s):>12} "
              f"{info_s:7.3f} {ratio(info_s, cpp_s):>12} {info_rss / len(path.read_bytes()):9.2f} "
              f"{check_s:8.3f} {ratio(check_s, cpp_s):>13} {check_rss / len(path.read_bytes()):9.2f}")
    print("  load/protoc, info/protoc, check/protoc: time as a multiple of protoc's (below 1: faster); "
          "x Merge: how many times faster than Merge")


def startup_section(folder: Path, repeat: int, cpp: bool) -> None:
    path = folder / "one_layer.txt"
    path.write_text(text_format.MessageToString(make_big(DIALECT, 1, 8, seed=1)))
    timed = best_of_rounds([([*command(), "info", str(path)], None), ([*command(), "check", str(path)], None)]
                           + ([(protoc(path), path)] if cpp else []), repeat)
    (info_s, info_rss, _), (check_s, check_rss, _) = timed[:2]
    print("\n== start-up: a one-layer file, whole process")
    print(f"info   {info_s:7.3f} s  peak RSS {info_rss / 1e6:6.1f} MB")
    print(f"check  {check_s:7.3f} s  peak RSS {check_rss / 1e6:6.1f} MB")
    if cpp:
        cpp_s, cpp_rss, _ = timed[2]
        print(f"protoc {cpp_s:7.3f} s  peak RSS {cpp_rss / 1e6:6.1f} MB   "
              f"info/protoc {info_s / cpp_s:.2f}   check/protoc {check_s / cpp_s:.2f}")


def layouts(msg) -> dict[str, str]:
    """Every layout the fast path reads, of the same record."""
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
        "one line, < >": one_line.replace("{", "<").replace("}", ">"),
        "< > brackets": pretty.replace("{", "<").replace("}", ">"),
        "# comment after values": pretty.replace("\n", "  # note\n"),
        "; after fields": pretty.replace("\n", ";\n").replace("{;", "{").replace("};", "}"),
        ", after fields": pretty.replace("\n", ",\n").replace("{,", "{").replace("},", "}"),
        "0.5f suffixes": "\n".join(line + "f" if "scale" in line else line for line in pretty.splitlines()),
        "[a, b, ...] lists": lists(),
        "value: { (colon)": pretty.replace(" {", ": {"),
    }


def layouts_section(mb: float, repeat: int) -> None:
    msg = make_big(DIALECT, max(1, round(mb * 1e6 / BYTES_PER_LAYER)), CHANNELS, seed=2)
    print(f"\n== layouts, about {mb:g} MB each: load in this process against Merge")
    print(f"{'layout':26} {'MB':>5} {'ours s':>7} {'Merge s':>8} {'x Merge':>8} {'fast entries':>13}")
    for name, text in layouts(msg).items():
        data = text.encode()
        ours = best(lambda data=data: parse_text(data, DIALECT), repeat)
        ref = best(lambda data=data: merge(data), 1)
        parsed = parse_text(data, DIALECT)
        fast = sum(1 for item in parsed.items if item.children is None)
        print(f"{name:26} {len(data) / 1e6:5.1f} {ours:7.3f} {ref:8.3f} {ref / ours:8.1f} "
              f"{fast:>6}/{len(parsed.items):<6}")


def binary_section(folder: Path, mb: int, repeat: int) -> None:
    msg = make_big(DIALECT, max(1, round(mb * 1e6 / BYTES_PER_LAYER)), CHANNELS, seed=3)
    text_path, bin_path = folder / "binary_ref.txt", folder / "binary.pb"
    text_path.write_text(text_format.MessageToString(msg))
    bin_path.write_bytes(msg.SerializeToString())
    data = bin_path.read_bytes()
    read = best(lambda: RecordDocument.from_binary(data), repeat)
    printed = best(lambda: text_format.MessageToString(msg), 1)
    (info_bin, _, _), (info_text, _, _) = best_of_rounds([([*command(), "info", str(bin_path)], None),
                                                          ([*command(), "info", str(text_path)], None)], repeat)
    print(f"\n== binary input: the same record, {len(data) / 1e6:.1f} MB binary, "
          f"{text_path.stat().st_size / 1e6:.1f} MB as text")
    print(f"from_binary (dialect detection included) {read:7.3f} s   MessageToString {printed:7.3f} s   "
          f"ratio {printed / read:.1f}x faster")
    print(f"info FILE.pb {info_bin:7.3f} s   info FILE.txt {info_text:7.3f} s   "
          f"binary/text {info_bin / info_text:.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,50,200", help="record sizes in MB (AMCT's layout)")
    ap.add_argument("--no-merge-above", type=int, default=250, metavar="MB",
                    help="skip text_format.Merge above this size (it takes ~15 s per 50 MB)")
    ap.add_argument("--layout-mb", type=float, default=4.0, help="size of each layout's file")
    ap.add_argument("--binary-mb", type=int, default=50, help="size of the binary record (as text)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", metavar="DIR", help="build the files here and keep them for the next run")
    ap.add_argument("--only", choices=["sizes", "startup", "layouts", "binary"], action="append")
    args = ap.parse_args(argv)
    sections = set(args.only or ["sizes", "startup", "layouts", "binary"])
    compile_sources()
    cpp = has_protoc()
    if not cpp:
        print("protoc (grpcio-tools) is not installed: no C++ reference")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        if "sizes" in sections:
            sizes_section(folder, [int(s) for s in args.sizes.split(",")], args.no_merge_above, args.repeat, cpp)
        if "startup" in sections:
            startup_section(folder, max(args.repeat, 5), cpp)
        if "layouts" in sections:
            layouts_section(args.layout_mb, args.repeat)
        if "binary" in sections:
            binary_section(folder, args.binary_mb, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
