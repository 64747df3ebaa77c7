"""`record-editor diff A B`: compare two records layer by layer, channel by channel."""
from __future__ import annotations

import argparse
import json

from editor.cli._common import EXIT_OK, EXIT_PROBLEMS, UsageError, add_common, load
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.problems import shown_path


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("diff", help="compare two records layer by layer, channel by channel")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    add_common(p)
    p.add_argument("--dialect-b", choices=list(DIALECTS), help="dialect of B, when it differs from --dialect")
    p.add_argument("--rtol", type=float, default=0.0, help="relative tolerance for numbers (default: exact)")
    p.add_argument("--atol", type=float, default=0.0, help="absolute tolerance for numbers (default: exact)")
    p.add_argument("--json", action="store_true", help="print JSON")
    return p


def run(args) -> int:
    from editor.records.diff import diff_records

    if args.rtol < 0 or args.atol < 0:
        raise UsageError("tolerances cannot be negative")
    a = load(args.a, args)
    b = RecordDocument.load(args.b, args.dialect_b or args.dialect, repair=args.repair, keep_original=False)
    result = diff_records(a.message, b.message, rtol=args.rtol, atol=args.atol)
    if args.json:
        print(json.dumps({"a": args.a, "b": args.b, "dialect_a": a.dialect.name,
                          "dialect_b": b.dialect.name, **result.to_json()}, indent=2, default=str))
    else:
        print(f"A: {shown_path(args.a)} ({a.dialect.name})\nB: {shown_path(args.b)} ({b.dialect.name})")
        for line in result.lines():
            print(line)
    return EXIT_OK if result.equal else EXIT_PROBLEMS
