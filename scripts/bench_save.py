"""Benchmark saving against loading and against protobuf's own writer, in one run.

    python scripts/bench_save.py [--sizes 10,50,200] [--repeat 3] [--dir DIR]

For records of about 10, 50 and 200 MB of text (synth.make_big, tf-inner, AMCT's layout)
it measures whole processes (interpreter start-up included, best of --repeat, the commands
taking turns), each with its peak memory (RSS) from the kernel:

- `load`: a process that only opens the file (`RecordDocument.load`) — the reference;
- `info`: `record-editor info FILE`;
- `set`: `record-editor set FILE KEY scale_d=0.5` (open, one edit, verified atomic save),
  on a fresh copy each time: the ratio set / load is what a save after one edit costs on
  top of opening;
- `convert` binary -> text: `record-editor convert FILE.pb -o OUT.txt --dialect tf-inner`
  (the dialect given, so that only the writing is measured, not the binary dialect
  detection), against a process doing what protobuf offers for it: ParseFromString,
  `text_format.MessageToString(as_utf8=True)`, write;
- in-process: writing canonical text (`RecordDocument.save` of a binary document) against
  `MessageToString` alone, on the same message.

Prints seconds, ratios to the reference measured in the same run (for `set`, also the
median of its ratio to the load that ran just before it, round by round), and RSS as a
multiple of the file (or output) size. No timing is asserted anywhere.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from google.protobuf import text_format

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big, to_text

#: bytes of text per 1 024-channel layer in AMCT's layout (about)
LAYER_BYTES = 42_800
PY = sys.executable
KEY = "net/block0/conv1/Conv2D"


#: runs a command and prints its seconds and peak RSS. A small process of its own: on Linux a
#: child's peak RSS starts from its parent's at fork, and this script holds whole records
LAUNCHER = """
import os, sys, time
t = time.perf_counter()
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - t, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def compile_sources() -> None:
    """Byte-compile the editor's modules before any process is timed, as an installed package
    has them (pip compiles on install; a checkout compiles on first run unless
    PYTHONDONTWRITEBYTECODE is set, as it is on some CI machines): start-up is then the
    interpreter's, not the compiler's (~75 ms of the editor's sources). protoc's Python
    wrapper and numpy come compiled from their wheels."""
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "editor"), quiet=1)


def run(args: list[str], before=None) -> tuple[float, int]:
    """(seconds, peak RSS in bytes) of one child process; `before()` runs first, untimed."""
    if before is not None:
        before()
    done = subprocess.run([PY, "-c", LAUNCHER, *args], capture_output=True, text=True)
    try:
        elapsed, maxrss, code = done.stdout.split()
    except ValueError:
        raise SystemExit(f"{' '.join(args[:4])}… could not be measured: {done.stderr[-500:]}") from None
    if int(code) != 0:
        raise SystemExit(f"{' '.join(args[:4])}… failed ({code}): {done.stderr[-500:]}")
    return float(elapsed), int(maxrss) * (1 if sys.platform == "darwin" else 1024)


def best(args: list[str], repeat: int, before=None) -> tuple[float, int]:
    results = [run(args, before) for _ in range(repeat)]
    return min(r[0] for r in results), max(r[1] for r in results)


def rounds(commands: list[tuple[list[str], object]], repeat: int) -> list[list[tuple[float, int]]]:
    """Every (seconds, RSS) of each (args, before) command, run in turns (A B C, A B C, …): a
    slow spell of a shared machine then falls on every command of a round, not on one
    command's runs."""
    results: list[list[tuple[float, int]]] = [[] for _ in commands]
    for _ in range(repeat):
        for i, (args, before) in enumerate(commands):
            results[i].append(run(args, before))
    return results


def best_of_rounds(commands: list[tuple[list[str], object]], repeat: int) -> list[tuple[float, int]]:
    """The best time and the highest RSS of each command over `rounds`."""
    return [(min(r[0] for r in rs), max(r[1] for r in rs)) for rs in rounds(commands, repeat)]


def paired(a: list[tuple[float, int]], b: list[tuple[float, int]]) -> str:
    """a/b round by round (each pair ran one after the other): median and range. On a VM
    whose speed drifts by 20-30% between minutes, this is steadier than best/best."""
    ratios = sorted(x[0] / y[0] for x, y in zip(a, b, strict=True))
    return f"median {statistics.median(ratios):4.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"


def in_process(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,50,200", help="MB of text, comma separated")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dir", help="where to write the files (default: a temporary folder)")
    args = ap.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench_save."))
    folder.mkdir(parents=True, exist_ok=True)
    dialect = DIALECTS["tf-inner"]
    load_py = "import sys\nfrom editor.records.document import RecordDocument\nRecordDocument.load(sys.argv[1])\n"
    mts_py = ("import sys\nfrom google.protobuf import text_format\n"
              "from editor.records.dialects import DIALECTS\n"
              "m = DIALECTS['tf-inner'].new_message()\n"
              "m.ParseFromString(open(sys.argv[1], 'rb').read())\n"
              "open(sys.argv[2], 'wb').write(text_format.MessageToString(m, as_utf8=True).encode())\n")
    compile_sources()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs; best of {args.repeat}; files in {folder}")
    _, base_rss = best([PY, "-c", "import editor.cli, editor.records.document"], args.repeat)
    print(f"RSS of the interpreter with the editor's modules imported: {base_rss / 1e6:.0f} MB "
          f"(in brackets below: RSS above it, as a multiple)")
    try:
        for mb in sizes:
            layers = max(2, int(mb * 1e6 / LAYER_BYTES))
            msg = make_big("tf-inner", layers, 1024, seed=1)
            text = to_text(msg).encode()
            src = folder / f"r{mb:g}.txt"
            src.write_bytes(text)
            work = folder / f"w{mb:g}.txt"
            binary = folder / f"r{mb:g}.pb"
            binary.write_bytes(msg.SerializeToString())
            out, ref_out = folder / f"c{mb:g}.txt", folder / f"m{mb:g}.txt"
            size = len(text)
            print(f"\n{size / 1e6:.1f} MB of text ({layers} layers x 1024 channels, "
                  f"{len(msg.prune_record)} prune records); binary {binary.stat().st_size / 1e6:.1f} MB")

            timed = rounds([
                ([PY, "-c", load_py, str(src)], None),
                ([PY, "-m", "editor", "info", str(src)], None),
                ([PY, "-m", "editor", "set", str(work), KEY, "scale_d=0.5"],
                 lambda src=src, work=work: shutil.copyfile(src, work))], args.repeat)
            (load_s, load_rss), (info_s, info_rss), (set_s, set_rss) = [
                (min(r[0] for r in rs), max(r[1] for r in rs)) for rs in timed]
            (conv_s, conv_rss), (mts_s, mts_rss) = best_of_rounds([
                ([PY, "-m", "editor", "convert", str(binary), "-o", str(out), "--to", "text", "--dialect", "tf-inner"],
                 None),
                ([PY, "-c", mts_py, str(binary), str(ref_out)], None)], args.repeat)
            same = out.read_bytes() == ref_out.read_bytes()

            def rss(value: int, size: int = size) -> str:
                return f"RSS {value / size:4.1f}x ({(value - base_rss) / size:4.1f}x)"

            print(f"  load   (process)        {load_s:6.2f} s  {rss(load_rss)} the file")
            print(f"  info   (process)        {info_s:6.2f} s  {rss(info_rss)}")
            print(f"  set    (process)        {set_s:6.2f} s  {rss(set_rss)}   "
                  f"set/load {set_s / load_s:4.2f}x   set/info {set_s / info_s:4.2f}x")
            print(f"         set/load round by round: {paired(timed[2], timed[0])}")
            print(f"  convert .pb -> text     {conv_s:6.2f} s  {rss(conv_rss)} the output   "
                  f"{mts_s / conv_s:4.2f}x the speed of ParseFromString+MessageToString+write "
                  f"({mts_s:.2f} s, {rss(mts_rss)}); output identical: {same}")

            doc = RecordDocument.load(binary, "tf-inner")
            target = folder / "inproc.txt"

            def ours(doc=doc, target=target):
                RecordDocument(doc.message, dialect).save(target, adopt=False)

            ours_s = in_process(ours, args.repeat)
            mts_only = in_process(lambda doc=doc: text_format.MessageToString(doc.message, as_utf8=True), 1)
            print(f"  in-process canonical save (format, check each batch, write, compare) {ours_s:6.2f} s vs "
                  f"MessageToString alone {mts_only:6.2f} s: {mts_only / ours_s:4.2f}x its speed")

            text_doc = RecordDocument.load(src)
            text_doc.message.record[layers // 2].value.scale_w[3] = 0.5
            shutil.copyfile(src, work)
            text_doc.path = work
            save_s = in_process(lambda text_doc=text_doc: text_doc.save(adopt=False), args.repeat)
            loaded = in_process(lambda src=src: RecordDocument.load(src), 1)
            print(f"  in-process save after one edit {save_s:6.2f} s = {save_s / loaded:4.2f}x an in-process load "
                  f"({loaded:.2f} s)")
            for p in (src, work, binary, out, ref_out, target):
                p.unlink(missing_ok=True)
            del msg, text, doc, text_doc
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
