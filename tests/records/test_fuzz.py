"""Differential fuzzing of the reader: thousands of mutated records, three readers side by side.

Each input is a real record (the bundled samples, and the real files in ../shared when it
exists) cut down to a few entries, in AMCT's layout or another legal one, then mutated by a
seeded mutator (insertions of tokens and characters that matter to a tokenizer, deletions,
duplications, swaps, truncation). For every input:

- our reader accepts exactly what `text_format.Merge` accepts, reads the same message, and
  refuses the rest at Merge's line and column, never with another exception;
- where Merge accepts and C++ protobuf (protoc's parser, run in this process) refuses or reads
  otherwise, a reading problem says so (`python-only-syntax` or `field-override`); where both
  read the same, none does;
- `record-editor check --json` (for a share of them) exits 0, 1 or 2 and prints a JSON object.

The seed is fixed so a failure reproduces; FUZZ_SEED and FUZZ_CASES in the environment run
other or more cases.
"""
from __future__ import annotations

import json
import os
import random
import re
import warnings

import pytest
from google.protobuf import text_format

from editor.cli import main
from editor.records.dialects import DIALECTS
from editor.records.textread import TextParseError, parse_text, reading_problems
from tests.records.compat import protoc_reads
from tests.records.mutations import corpus, mutate

# Merge (and so the reader) warns about the escapes only Python reads, which the mutator makes.
pytestmark = pytest.mark.filterwarnings("ignore:invalid escape sequence:DeprecationWarning")

SEED = int(os.environ.get("FUZZ_SEED", "13"))
CASES = int(os.environ.get("FUZZ_CASES", "2500"))

def merge(text: str, dialect: str):
    msg = DIALECTS[dialect].new_message()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Merge on escapes only Python knows
        text_format.Merge(text, msg)
    return msg


_CPP_REFUSES_CONTENT = re.compile(r"missing required fields")


@pytest.mark.slow
def test_mutated_records_read_as_merge_reads_them_and_cpp_differences_are_reported(tmp_path, capsys):
    rng = random.Random(SEED)
    seeds = corpus()
    assert len(seeds) >= 36
    stats = {"accepted": 0, "refused": 0, "cpp_differs": 0, "cli": 0}
    for case in range(CASES):
        dialect, original = seeds[case % len(seeds)]
        text = mutate(rng, original)
        where = f"case {case} (seed {SEED}, {dialect}): {text[:200]!r}"
        try:
            want = merge(text, dialect)
        except text_format.ParseError as e:
            stats["refused"] += 1
            with pytest.raises(TextParseError) as err:
                parse_text(text, dialect)
            assert (err.value.line, err.value.column) == (e.GetLine(), e.GetColumn()), where
            assert not any(ord(c) < 32 for c in err.value.message), where
        else:
            stats["accepted"] += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                parsed = parse_text(text, dialect)
            assert parsed.message.SerializePartialToString() == want.SerializePartialToString(), where
            flagged = {p.rule for p in reading_problems(parsed)} & {"python-only-syntax", "field-override"}
            ok, encoded, error = protoc_reads(text.encode("utf-8"), DIALECTS[dialect])
            same = ok and encoded == want.SerializePartialToString()
            if not same and not _CPP_REFUSES_CONTENT.search(error):
                stats["cpp_differs"] += 1
                assert flagged, f"C++ refuses or reads otherwise ({error.strip()!r}), nothing reported: {where}"
            elif same:
                assert not flagged, f"reported, but C++ reads it alike: {where}"
        if case % 5 == 0:
            stats["cli"] += 1
            path = tmp_path / f"case{case % 7}.txt"
            path.write_text(text, encoding="utf-8")
            code = main(["check", "--json", str(path)])
            out = capsys.readouterr().out
            assert code in (0, 1, 2), where
            report = json.loads(out)
            assert report["files"][0]["path"] == str(path), where
    # the mutator must reach every kind of outcome, or the test proves little
    assert stats["accepted"] > CASES // 10 and stats["refused"] > CASES // 3, stats
    assert stats["cpp_differs"] > CASES // 25, stats
