"""Problems found in a record: reading problems and rule violations share one shape."""
from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from editor.i18n import translate


class Severity(StrEnum):
    """error: AMCT rejects the file or builds a wrong model; warning: legal but suspicious."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]

    @property
    def word(self) -> str:
        """The severity in words, in the interface language (``error``, ``警告``); `value`
        is the word of the command line's reports and JSON, never translated."""
        if self is Severity.ERROR:
            return translate("problems", "error")
        if self is Severity.WARNING:
            return translate("problems", "warning")
        return translate("problems", "info")


def ordinal(n: int) -> str:
    """``2nd``, ``3rd``, ``11th``, ``21st`` (``第 3`` in Chinese)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        text = translate("problems", "{n}th")
    elif n % 10 == 1:
        text = translate("problems", "{n}st")
    elif n % 10 == 2:
        text = translate("problems", "{n}nd")
    else:
        text = translate("problems", "{n}rd")
    return text.format(n=n)


#: Characters a message never passes on as they are: C0 and C1 controls (a terminal obeys
#: ESC, CSI, BEL...), line and paragraph separators, and the invisible marks that reorder text.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: How much of a layer key (or any name from the file) a message quotes.
KEY_LIMIT = 80


def _escape_char(m: re.Match[str]) -> str:
    code = ord(m.group())
    return {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}.get(code) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """`text` with control characters and invisible reordering marks written as escapes
    (``\\x1b``, ``\\n``, ``\\u202e``): text from a file can go into a message, a terminal
    or a log without acting on it."""
    return _UNPRINTABLE.sub(_escape_char, text)


def clip(text: str, limit: int = KEY_LIMIT) -> str:
    """`text`, or its first `limit` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(text: str, limit: int = KEY_LIMIT) -> str:
    """A name from the file in double quotes for a message: at most `limit` characters of it,
    with backslashes and quotes escaped and control characters made visible (``"conv\\n1"``)."""
    return '"' + printable(clip(text, limit).replace("\\", "\\\\").replace('"', '\\"')) + '"'


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file name as messages show it: bytes that are not UTF-8 as ``\\xNN``, control
    characters escaped, so printing it works on any terminal and cannot act on it."""
    text = path if isinstance(path, str) else os.fsdecode(path)
    if any(0xDC80 <= ord(c) <= 0xDCFF for c in text):  # undecodable bytes of the name
        text = "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else c for c in text)
    return printable(text)


@dataclass(frozen=True)
class Problem:
    """One finding, located as precisely as it can be.

    `key` is the layer key (None for prune or file-level problems), `record_index` the
    entry's position, `prune_index` the prune record's index, `field` a dotted path inside
    the entry such as ``scale_w[3]`` or ``consumer[1].attr[2].i``; `line`/`column` are
    1-based positions in the file the record was read from, when known.
    """

    severity: Severity
    rule: str
    message: str
    key: str | None = None
    record_index: int | None = None
    prune_index: int | None = None
    field: str | None = None
    line: int | None = None
    column: int | None = None

    def with_location(self, line: int | None, column: int | None = None) -> Problem:
        return replace(self, line=line, column=column)

    def to_json(self) -> dict[str, Any]:
        """The problem as `check --json` prints it (the JSON names are an interface: the
        layer key is "record", the prune record's index "prune_record")."""
        data = asdict(self)
        data["severity"] = self.severity.value
        return {("record" if k == "key" else "prune_record" if k == "prune_index" else k): v
                for k, v in data.items()}

    def format(self, path: str | None = None) -> str:
        """`FILE:LINE:COL: severity [rule] message` — the compiler-style line editors link."""
        where = shown_path(path) if path else ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        prefix = f"{where}: " if where else ""
        return f"{prefix}{self.severity.value} [{self.rule}] {self.message}"


#: Rule ids of the problems found while reading a file (not by the rule engine): what
#: ``record-editor check --rule`` accepts besides the engine's rules.
READING_RULES = {
    "field-override": "a non-repeated field given twice (Python keeps the last, C++ readers reject it)",
    "python-only-syntax": "a number spelling only Python's text_format accepts (+1, 1_0)",
    "duplicate-key": "a layer key given twice (also a rule)",
    "repaired": "a documentation artefact fixed by --repair",
    "binary-dialect-guess": "a binary file that reads cleanly as more than one dialect",
}
