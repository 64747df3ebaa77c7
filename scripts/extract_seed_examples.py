"""Copy every record example out of the seed documents into tests/data/seeds/.

Run when ../shared/seeds changes: python -m scripts.extract_seed_examples
tests/records/test_compat.py checks that the copies still equal what this extracts.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
OUT = ROOT / "tests" / "data" / "seeds"

_START = re.compile(r"^[ \t]*(record|prune_record)\s*\{")


def examples(text: str) -> list[str]:
    """Runs of top-level `record {}`/`prune_record {}` blocks, matched by brace depth."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _START.match(lines[i]):
            i += 1
            continue
        block: list[str] = []
        depth = 0
        while i < len(lines):
            line = lines[i]
            if depth == 0 and block and not _START.match(line):
                if line.strip() == "" and i + 1 < len(lines) and _START.match(lines[i + 1]):
                    block.append(line)
                    i += 1
                    continue
                break
            block.append(line)
            depth += line.count("{") - line.count("}")
            i += 1
        out.append("\n".join(block).rstrip() + "\n")
    return out


def main() -> int:
    if not SEEDS.is_dir():
        print(f"no seeds at {SEEDS}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for seed in sorted(SEEDS.glob("*.txt")):
        for n, ex in enumerate(examples(seed.read_text(encoding="utf-8")), start=1):
            target = OUT / f"{seed.stem[:3]}_example{n}.txt"
            target.write_text(ex, encoding="utf-8")
            print(target.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
