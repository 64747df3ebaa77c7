#!/usr/bin/env python3
"""Print the Markdown table of all validity rules, generated from editor.records.rules.RULES.

    python -m scripts.rules_table                   # print it
    python -m scripts.rules_table --update README.md  # replace the table between the markers
    python -m scripts.rules_table --check README.md   # exit 1 if the README's table is stale

The README holds the table between ``<!-- rules-table:start -->`` and
``<!-- rules-table:end -->``.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.records.rules import rules_table

START, END = "<!-- rules-table:start -->", "<!-- rules-table:end -->"


def replace_table(text: str, table: str) -> str:
    if START not in text or END not in text:
        raise ValueError(f"no {START} … {END} markers")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--update", metavar="FILE", type=Path, help="rewrite the table inside FILE")
    group.add_argument("--check", metavar="FILE", type=Path, help="exit 1 if FILE's table is stale")
    args = ap.parse_args(argv)
    table = rules_table()
    target = args.update or args.check
    if target is None:
        sys.stdout.write(table)
        return 0
    try:
        text = target.read_text(encoding="utf-8")
        new = replace_table(text, table)
    except (OSError, ValueError) as e:
        print(f"{target}: {e}", file=sys.stderr)
        return 2
    if args.check:
        if new != text:
            print(f"{target}: the rules table is stale; run scripts/rules_table.py --update {target}",
                  file=sys.stderr)
            return 1
        return 0
    if new != text:
        target.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
