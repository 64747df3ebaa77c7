"""Problems found in a record: reading problems and rule violations share one shape."""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from enum import StrEnum


class Severity(StrEnum):
    """error: AMCT rejects the file or builds a wrong model; warning: legal but suspicious."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


def ordinal(n: int) -> str:
    """``2nd``, ``3rd``, ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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

    def to_json(self) -> dict:
        """The problem as `check --json` prints it (the JSON names are an interface: the
        layer key is "record", the prune record's index "prune_record")."""
        data = asdict(self)
        data["severity"] = self.severity.value
        return {("record" if k == "key" else "prune_record" if k == "prune_index" else k): v
                for k, v in data.items()}

    def format(self, path: str | None = None) -> str:
        """`FILE:LINE:COL: severity [rule] message` — the compiler-style line editors link."""
        where = path or ""
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
