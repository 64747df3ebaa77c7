"""Record texts to start from and a seeded mutator of them: what the reader's differential
fuzzing (test_fuzz) and the tests of the stream reader and of quick locating share."""
from __future__ import annotations

import random
import re

from google.protobuf import text_format

from editor.paths import samples_dir
from editor.records.dialects import DIALECTS
from editor.records.textread import read_text
from tests.conftest import realworld_files

#: Pieces a mutation inserts: structure, number spellings, escapes, odd whitespace, names.
PIECES = [
    "{", "}", "<", ">", ":", '"', "'", "#", "[", "]", ",", ";", "\n", " ", "\t", "\r", "+", "-", ".",
    "0x1F", "0b101", "0o17", "017", "08", "1_0", "-0", "+1", "1e5", "1.5f", "1f", "inf", "-inf", "nan",
    "nanf", "inff", "Infinity", "1e39", "1e-50", "9" * 25, "1" + "0" * 5000, "\u0967", "\uff11", "\u0661",
    "\xa0", "\u3000", "\u2028", "\x1c", "\x1f", "\x85", "\x00", "\x01", "\x1b", "\x7f", "\ufeff", "é",
    "\\", "\\z", "\\?", "\\x41", "\\101", "\\n", "\\u00e9", '"a" "b"', "true", "t", "False", "INT8",
    "STRING", "3", "key: \"x\"", "scale_d: 1", "scale_w: [1, 2]", "offset_w: []", "value {", "value {}",
    "value: <", "record {", "attr { name: \"t\" type: INT i: 1 }", "kv_cache_value { scale: 1 }",
    "channels: 3", "bogus: 1", "# note\n", "//", "scale_w", "scale_w:", ": {", "= 1",
]


def _trimmed(text: str, entries: int, values: int) -> str:
    """The first `entries` top-level entries of `text`, each run of a repeated field cut to
    `values` lines."""
    out: list[str] = []
    previous, run, depth, seen = None, 0, 0, 0
    for line in text.splitlines(keepends=True):
        name = line.strip().split(":", 1)[0]
        run = run + 1 if name == previous else 1
        previous = name
        if run > values:
            continue
        out.append(line)
        depth += line.count("{") - line.count("}")
        if depth == 0 and line.strip() == "}":
            seen += 1
            if seen >= entries:
                break
    return "".join(out)


def _layouts(text: str, dialect: str) -> list[str]:
    msg = DIALECTS[dialect].new_message()
    text_format.Merge(text, msg)
    one_line = text_format.MessageToString(msg, as_one_line=True)
    return [text, one_line, one_line.replace("{", "<").replace("}", ">"),
            text.replace("\n", "  # c\n"), text.replace(" {", ": {"),
            "".join(line + (";" if ":" in line and "{" not in line else "") + "\n" for line in text.splitlines())]


def corpus() -> list[tuple[str, str]]:
    """(dialect, text) of the inputs the mutator starts from."""
    files = sorted(samples_dir().glob("*.txt")) + realworld_files()
    seeds: list[tuple[str, str]] = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        dialect = read_text(text.encode()).dialect.name
        small = text if len(text) < 6000 else _trimmed(text, entries=3, values=4)
        seeds += [(dialect, layout) for layout in _layouts(small, dialect)]
    return seeds


#: Spellings a value is replaced with (most of them are Merge-legal somewhere).
VALUES = [
    "0", "-0", "+0", "1", "+1", "-1", "017", "0x10", "0X1f", "0b11", "0o7", "1_000", "\u0967", "\uff12", "08",
    "1.5", "-.5", "5.", "1e5", "1E-3", "1.5f", "2F", "1.5ff", "inf", "-inf", "inff", "Infinity", "nan",
    "nanf", "-nan", "NaN", "1e39", "3.4028236e38", "1e-46", "+0.25", "0.5e", "t", "True", "f", "FALSE",
    "STRING", "INT", "+2", "0x2", "02", '"INT8"', "'INT4'", '"a\\zb"', '"a\\?"', '"\\101\\x41"', '"é"',
    '"a" "b"', '"\x00"', "[1, 2]", "[]", "[+1]", "1.f", ".5f", "1e+5f", "0f", "00f", "5.e3", "0e0",
    "1E+05F", "0x1p3", "1e", "-00", "00", "0X", "1e2", "9" * 20, "-" + "9" * 19, "0" * 30, "-", "+",
]
_VALUE_AT = re.compile(r":[ \t]*([^\s{<\[]+)")


def mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        n = len(text)
        pos = rng.randrange(n + 1)
        op = rng.random()
        if op < 0.3:
            values = list(_VALUE_AT.finditer(text))
            if values:
                m = rng.choice(values)
                text = text[:m.start(1)] + rng.choice(VALUES) + text[m.end(1):]
            continue
        if op < 0.35:
            spaces = [i for i in range(max(0, pos - 200), min(n, pos + 200)) if text[i] == " "]
            if spaces:
                i = rng.choice(spaces)
                text = text[:i] + rng.choice(("\xa0", "\u2003", "\x1c", "\x0b", "\x0c", "\r")) + text[i + 1:]
            continue
        op = (op - 0.35) / 0.65
        if op < 0.45:
            text = text[:pos] + rng.choice(PIECES) + text[pos:]
        elif op < 0.6 and n:
            text = text[:pos] + text[pos + rng.randint(1, 12):]
        elif op < 0.7 and n:
            span = text[pos:pos + rng.randint(1, 80)]
            text = text[:pos] + span + text[pos:]
        elif op < 0.8 and n:
            text = text[:pos] + chr(rng.choice((rng.randrange(32, 127), rng.randrange(0, 32),
                                                rng.randrange(0x80, 0x3100)))) + text[pos + 1:]
        elif op < 0.9:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[:pos]
    return text
