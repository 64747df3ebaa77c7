"""Benchmark reading and saving records against protobuf's own readers, in one run.

    python -m scripts.bench_io [--layers 1000] [--channels 1024] [--rounds 5]

Prints MB/s and ratios, each median [min–max] of --rounds rounds taken in turns (ratios
round by round): our reader vs text_format.Merge (what AMCT uses), vs the native
`protoc --encode` (C++ text parser, Debian's protobuf-compiler, with its process start;
installed when missing, see `_bench.protoc`) and vs binary ParseFromString; a save after one
edit vs text_format.MessageToString of the same message. The first line says the machine's
load. No timings are asserted anywhere; compare the ratios across runs and machines.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from google.protobuf import text_format

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.messages import prune_records
from editor.records.synth import make_big, to_text
from editor.records.textread import parse_text
from scripts import _bench
from scripts._bench import ratios, spread


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=1000)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(_bench.conditions())
    dialect = DIALECTS["tf-inner"]
    msg = make_big("tf-inner", args.layers, args.channels, seed=1)
    text = to_text(msg)
    mb = len(text.encode()) / 1e6
    n = args.rounds
    print(f"record: {args.layers} layers x {args.channels} channels, "
          f"{len(prune_records(msg))} prune records, {mb:.1f} MB of text; {n} rounds in turns, median [min–max]")

    def merge():
        m = dialect.new_message()
        text_format.Merge(text, m)

    binary = msg.SerializeToString()
    ours, ref, parse_bin = _bench.in_turns([lambda: parse_text(text, dialect), merge,
                                           lambda: dialect.new_message().ParseFromString(binary)], n)
    protoc = _bench.protoc()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "r.txt"
        src.write_text(text)

        def protoc_run() -> None:
            assert protoc is not None
            code = _bench.process(_bench.protoc_encode(protoc, dialect), src)[2]
            if code:
                raise SystemExit(f"protoc failed ({code})")

        from editor.cli import document_problems

        doc = RecordDocument.load(src)
        doc.message.record[args.layers // 2].value.scale_w[3] = 0.5
        fns = [lambda: parse_text(text, dialect), lambda: document_problems(RecordDocument.load(src)),
               doc.render_bytes, lambda: text_format.MessageToString(doc.message, as_utf8=True), lambda: doc.save()]
        if protoc:
            fns.append(protoc_run)
        timed = _bench.in_turns(fns, n)
    ours2, check, save, canonical, full_save = timed[:5]

    def rate(times: list[float], size: float = mb) -> str:
        return f"{size / _bench.median(times):6.1f} MB/s"

    print(f"read   ours                  {spread(ours)} s  {rate(ours)}")
    print(f"read   text_format.Merge     {spread(ref)} s  {rate(ref)}   ours is {ratios(ref, ours, '.1f')}x faster")
    if protoc:
        cpp = timed[5]
        print(f"read   protoc --encode (C++) {spread(cpp)} s  {rate(cpp)}   ours takes {ratios(ours2, cpp)}x its time "
              "(protoc: a whole process)")
    print(f"read   binary ParseFromString {spread(parse_bin)} s  {rate(parse_bin, len(binary) / 1e6)} "
          f"  ours takes {ratios(ours, parse_bin, '.1f')}x as long")
    print(f"check  read + every rule     {spread(check)} s  {rate(check)}   "
          f"{ratios(ref, check, '.1f')}x faster than text_format.Merge alone")
    print(f"write  render after 1 edit   {spread(save)} s  vs MessageToString {spread(canonical)} s "
          f"({ratios(canonical, save, '.1f')}x faster)")
    print(f"save   verified + atomic     {spread(full_save)} s  (render, read back what changed, write, compare, "
          f"fsync, rename)")
    print(f"load average at the end: {_bench.load_now()} (1 min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
