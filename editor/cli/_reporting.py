"""What a command says: exit codes, its errors on standard error, --json reports on standard
output, counted nouns, and the repairs and problems met while reading."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from editor.records.document import RecordDocument


EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def print_json(report: object) -> None:
    """Print a --json report on standard output (json imported here: only --json needs it)."""
    import json

    print(json.dumps(report, indent=2))


def err(msg: str) -> None:
    print(f"record-editor: {msg}", file=sys.stderr)


def plural(n: int, one: str, many: str) -> str:
    """`one` or `many` (translated templates with ``{n}``) for `n`, filled with ``1,234``:
    ``plural(n, translate("cli", "{n} layer"), translate("cli", "{n} layers"))``."""
    return (one if n == 1 else many).format(n=f"{n:,}")


def count(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``, ``0 notes``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def report_reading(doc: RecordDocument, path: str) -> None:
    """Every repair and reading problem (overrides, duplicate keys…) on stderr, one a line,
    as FILE:LINE: — a command that writes never passes over them silently."""
    for r in doc.repairs:
        print(r.format(path), file=sys.stderr)
    for p in doc.problems:
        if p.rule != "repaired":  # the repairs, listed above
            print(p.format(path), file=sys.stderr)


class RepairJson(TypedDict):
    """A repair of the text as --json reports it."""

    line: int
    message: str


class ReadingJson(TypedDict):
    """What reading a record met, in every command's --json report: the repairs of the text
    and the reading problems (`Problem.to_json`)."""

    repairs: list[RepairJson]
    problems: list[dict[str, object]]


def reading_json(doc: RecordDocument) -> ReadingJson:
    """The repairs and reading problems of `doc` for a --json report."""
    return {"repairs": [{"line": r.line, "message": r.message} for r in doc.repairs],
            "problems": [p.to_json() for p in doc.problems if p.rule != "repaired"]}
