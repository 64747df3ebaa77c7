"""Benchmark reading and saving records against protobuf's own readers, in one run.

    python scripts/bench_io.py [--layers 1000] [--channels 1024] [--repeat 3]

Prints MB/s and ratios: our reader vs text_format.Merge (what AMCT uses), vs
`protoc --encode` (C++ text parser; includes its process start) and vs binary
ParseFromString; a save after one edit vs text_format.MessageToString of the same message.
No timings are asserted anywhere; compare the ratios across runs and machines.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from google.protobuf import text_format

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from editor.paths import proto_dir
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big, to_text
from editor.records.textread import parse_text


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=1000)
    ap.add_argument("--channels", type=int, default=1024)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    dialect = DIALECTS["tf-inner"]
    msg = make_big("tf-inner", args.layers, args.channels, seed=1)
    text = to_text(msg)
    mb = len(text.encode()) / 1e6
    print(f"record: {args.layers} layers x {args.channels} channels, "
          f"{len(msg.prune_record)} prune records, {mb:.1f} MB of text")

    ours = best(lambda: parse_text(text, dialect), args.repeat)

    def merge():
        m = dialect.new_message()
        text_format.Merge(text, m)

    ref = best(merge, 1)
    binary = msg.SerializeToString()
    parse_bin = best(lambda: dialect.new_message().ParseFromString(binary), args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "r.txt"
        src.write_text(text)

        def protoc():
            with open(src, "rb") as fh:
                subprocess.run([sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir()}",
                                f"--encode={dialect.full_name}", dialect.proto_file],
                               stdin=fh, stdout=subprocess.DEVNULL, check=True)
        try:
            cpp = best(protoc, 1)
        except (OSError, subprocess.CalledProcessError):
            cpp = None

        from editor.cli import document_problems

        check = best(lambda: document_problems(RecordDocument.load(src)), 1)
        doc = RecordDocument.load(src)
        doc.message.record[args.layers // 2].value.scale_w[3] = 0.5
        save = best(doc.render_bytes, args.repeat)
        canonical = best(lambda: text_format.MessageToString(doc.message, as_utf8=True), 1)
        full_save = best(lambda: doc.save(), 1)

    print(f"read   ours                 {ours:7.3f} s  {mb / ours:6.1f} MB/s")
    print(f"read   text_format.Merge    {ref:7.3f} s  {mb / ref:6.1f} MB/s   ours is {ref / ours:5.1f}x faster")
    if cpp is not None:
        print(f"read   protoc --encode (C++){cpp:7.3f} s  {mb / cpp:6.1f} MB/s   ours is {cpp / ours:5.1f}x "
              f"{'faster' if cpp > ours else 'as fast'}")
    print(f"read   binary ParseFromString{parse_bin:6.3f} s  {len(binary) / 1e6 / parse_bin:6.1f} MB/s "
          f"  ours takes {ours / parse_bin:5.1f}x as long")
    print(f"check  read + every rule    {check:7.3f} s  {mb / check:6.1f} MB/s   "
          f"{ref / check:5.1f}x faster than text_format.Merge alone")
    print(f"write  render after 1 edit  {save:7.3f} s  vs MessageToString {canonical:.3f} s "
          f"({canonical / save:.1f}x faster)")
    print(f"save   verified + atomic    {full_save:7.3f} s  (render, read back what changed, write, compare, "
          f"fsync, rename)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
