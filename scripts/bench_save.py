"""Benchmark saving against loading and against protobuf's own writer, in one run.

    python -m scripts.bench_save [--sizes 10,50,200] [--rounds 5] [--dir DIR]

For records of about 10, 50 and 200 MB of text (synth.make_big, tf-inner, AMCT's layout)
it measures whole processes (interpreter start-up included), all of them in turns round
after round, each with its peak memory (RSS) from the kernel:

- `load`: a process that only opens the file (`RecordDocument.load`);
- `info`: `record-editor info FILE` — the reference of the targets (set <= 1.25x info,
  convert binary -> text <= 1.5x info);
- `set`: `record-editor set FILE KEY scale_d=0.5` (open, one edit, verified atomic save),
  on a fresh copy each time;
- `convert` binary -> text: `record-editor convert FILE.pb -o OUT.txt --dialect tf-inner`
  (the dialect given, so that only the writing is measured, not the binary dialect
  detection), against a process doing what protobuf offers for it: ParseFromString,
  `text_format.MessageToString(as_utf8=True)`, write;
- in-process: writing canonical text (`RecordDocument.save` of a binary document) against
  `MessageToString` alone, on the same message; a save after one edit against a load.

Every figure is median [min–max] over --rounds rounds; ratios are taken round by round (the
two ran back to back). RSS is a multiple of the file (or output) size. The first line says
the machine's load. No timing is asserted anywhere.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

from google.protobuf import text_format

from editor.records.dialects import DIALECTS, Dialect
from editor.records.document import RecordDocument
from editor.records.messages import prune_records
from editor.records.synth import make_big, to_text
from scripts import _bench
from scripts._bench import cpu, peak, ratios, seconds, spread

#: bytes of text per 1 024-channel layer in AMCT's layout (about)
LAYER_BYTES = 42_800
PY = sys.executable
KEY = "net/block0/conv1/Conv2D"



def _save_copy(doc: RecordDocument, dialect: Dialect, target: Path) -> None:
    """A new document over `doc`'s message saved to `target` (the document made in the timing)."""
    RecordDocument(doc.message, dialect).save(target, adopt=False)

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,50,200", help="MB of text, comma separated")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--dir", help="where to write the files (default: a temporary folder)")
    args = ap.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    folder = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench_save."))
    folder.mkdir(parents=True, exist_ok=True)
    dialect = DIALECTS["tf-inner"]
    n = args.rounds
    load_py = "import sys\nfrom editor.records.document import RecordDocument\nRecordDocument.load(sys.argv[1])\n"
    mts_py = ("import sys\nfrom google.protobuf import text_format\n"
              "from editor.records.dialects import DIALECTS\n"
              "m = DIALECTS['tf-inner'].new_message()\n"
              "m.ParseFromString(open(sys.argv[1], 'rb').read())\n"
              "open(sys.argv[2], 'wb').write(text_format.MessageToString(m, as_utf8=True).encode())\n")
    print(_bench.conditions())
    _bench.compile_sources()
    cli = _bench.editor_command()
    print(f"{n} rounds in turns; median [min–max]; files in {folder}")
    base_rss = peak(_bench.rounds([([PY, "-c", "import editor.cli, editor.records.document"], None, None)], n)[0])
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
                  f"{len(prune_records(msg))} prune records); binary {binary.stat().st_size / 1e6:.1f} MB")

            runs = _bench.rounds([
                ([PY, "-c", load_py, str(src)], None, None),
                ([*cli, "info", str(src)], None, None),
                ([*cli, "set", str(work), KEY, "scale_d=0.5"], None,
                 partial(shutil.copyfile, src, work)),
                ([*cli, "convert", str(binary), "-o", str(out), "--to", "text", "--dialect", "tf-inner"], None, None),
                ([PY, "-c", mts_py, str(binary), str(ref_out)], None, None)], n)
            for r, name in zip(runs, ("load", "info", "set", "convert", "MessageToString"), strict=True):
                if any(run[2] for run in r):
                    raise SystemExit(f"{name} failed: exit {[run[2] for run in r]}")
            load, info, set_, conv, mts = (seconds(r) for r in runs)
            same = out.read_bytes() == ref_out.read_bytes()
            out_size = out.stat().st_size

            def rss(value: int, size: int = size) -> str:
                return f"RSS {value / size:4.1f}x ({(value - base_rss) / size:4.1f}x)"

            print(f"  load   (process)        {spread(load, '.2f')} s  {rss(peak(runs[0]))} the file")
            print(f"  info   (process)        {spread(info, '.2f')} s  {rss(peak(runs[1]))}")
            print(f"  set    (process)        {spread(set_, '.2f')} s  {rss(peak(runs[2]))}   "
                  f"set/info {ratios(set_, info)}   set/load {ratios(set_, load)}")
            print(f"  convert .pb -> text     {spread(conv, '.2f')} s  {rss(peak(runs[3]), out_size)} the output   "
                  f"convert/info {ratios(conv, info)}")
            print(f"  CPU time (user + system): set/info {ratios(cpu(runs[2]), cpu(runs[1]))}, convert/info "
                  f"{ratios(cpu(runs[3]), cpu(runs[1]))}, info {spread(cpu(runs[1]), '.2f')} s")
            print(f"         ParseFromString+MessageToString+write {spread(mts, '.2f')} s ({rss(peak(runs[4]), out_size)})"
                  f"   its time / convert's {ratios(mts, conv)}; output identical: {same}")

            doc = RecordDocument.load(binary, "tf-inner")
            target = folder / "inproc.txt"
            text_doc = RecordDocument.load(src)
            text_doc.message.record[layers // 2].value.scale_w[3] = 0.5
            ours, mts_only, save, loaded = _bench.in_turns([
                partial(_save_copy, doc, dialect, target),
                partial(text_format.MessageToString, doc.message, as_utf8=True),
                # to a copy's name, the source kept as read: a save to the document's own file
                # after the first round would find it changed on disk (FileChangedError)
                partial(text_doc.save, work, adopt=False),
                partial(RecordDocument.load, src)], n)
            print(f"  in-process canonical save (format, check each batch, write, compare) {spread(ours, '.2f')} s vs "
                  f"MessageToString alone {spread(mts_only, '.2f')} s: {ratios(mts_only, ours)}x its speed")
            print(f"  in-process save after one edit {spread(save, '.2f')} s = {ratios(save, loaded)}x an in-process "
                  f"load ({spread(loaded, '.2f')} s)")
            for p in (src, work, binary, out, ref_out, target):
                p.unlink(missing_ok=True)
            del msg, text, doc, text_doc
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\nload average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
