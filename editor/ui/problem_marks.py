"""The record's errors and warnings in the record tree: a mark on each row they concern.

`ProblemMarks` installs the ``"problems"`` provider on `session.annotations` (see
`editor.ui.annotations`): a layer or prune-record row with errors gets a red ``2 errors``
mark (orange ``1 warning`` when it has warnings only), and so does each row on the way to
the field a problem names (``value``, ``offset_d``), so a collapsed layer and the field
itself both say it; the row's tooltip lists the problems. Information notes (outliers)
get no mark: most layers of a real record have some, and a mark on every row says nothing.

The marks are worked out once per change of the problems (`problemsChanged`), the first
time a row asks: the tree asks for every visible row on every paint.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from editor.i18n import translate
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import FieldPath, problem_path
from editor.records.problems import Problem, Severity
from editor.ui.annotations import Annotation
from editor.ui.session import EditSession

KEY = "problems"
#: the marks' colours, as the Problems dock's
ERROR_COLOR = QColor("#C0392B")
WARNING_COLOR = QColor("#B8860B")
#: at most this many problems are listed in a row's tooltip
TOOLTIP_PROBLEMS = 5


@dataclass
class _Row:
    errors: int = 0
    warnings: int = 0
    problems: list[Problem] = field(default_factory=list)


def mark_text(errors: int, warnings: int) -> str:
    """``2 errors`` (errors first), else ``1 warning``; "" with neither."""
    if errors:
        return (translate("ProblemMarks", "1 error") if errors == 1
                else translate("ProblemMarks", "{n} errors").format(n=errors))
    if warnings:
        return (translate("ProblemMarks", "1 warning") if warnings == 1
                else translate("ProblemMarks", "{n} warnings").format(n=warnings))
    return ""


def _signature(rows: dict[FieldPath, _Row]) -> dict[FieldPath, tuple]:
    """What the marks of `rows` show: per row, its counts and the problems its tooltip lists."""
    return {path: (row.errors, row.warnings, len(row.problems),
                   tuple((p.severity, p.message) for p in row.problems[:TOOLTIP_PROBLEMS]))
            for path, row in rows.items()}


class ProblemMarks(QObject):
    """Marks the session's errors and warnings put on its tree rows (see the module docstring)."""

    def __init__(self, session: EditSession) -> None:
        super().__init__(session)
        self.session = session
        #: path -> what is wrong there or below; None: to be worked out on the next request
        self._rows: dict[FieldPath, _Row] | None = None
        #: what the marks say (`_signature`) as the tree was last told: no marks at first
        self._shown: dict[FieldPath, tuple] = {}
        session.problems.problemsChanged.connect(self._changed)
        session.recordChanged.connect(self._record_changed)
        session.annotations.set(KEY, self.annotate)

    def _record_changed(self, change: RecordChange) -> None:
        """A new record: the old one's problems mark none of its rows (the model's reset
        repaints the tree), and the check of the new one says what to mark."""
        if change.kind is ChangeKind.RESET:
            self._rows, self._shown = {}, {}

    def _changed(self) -> None:
        """The problems changed: the tree is told only when the marks did (a new record
        with notes alone, or an edit that keeps the same errors, repaints nothing)."""
        self._rows = None
        shown = _signature(self.rows())
        if shown != self._shown:
            self._shown = shown
            self.session.annotations.refresh(KEY)

    def rows(self) -> dict[FieldPath, _Row]:
        """Each row path with errors or warnings at it or below (the row of the entry, of
        ``value``, of the field)."""
        if self._rows is None:
            rows: dict[FieldPath, _Row] = {}
            message = self.session.message
            for p in self.session.problems.problems:
                if p.severity not in (Severity.ERROR, Severity.WARNING):
                    continue
                path = problem_path(message, p)
                for depth in range(2, len(path) + 1):
                    row = rows.setdefault(path[:depth], _Row())
                    if p.severity is Severity.ERROR:
                        row.errors += 1
                    else:
                        row.warnings += 1
                    row.problems.append(p)
            self._rows = rows
        return self._rows

    def annotate(self, path: FieldPath) -> Annotation | None:
        """What is wrong at the tree row at `path` or below it (None: nothing)."""
        if len(path) < 2 or not isinstance(path[1], int):
            return None
        row = self.rows().get(tuple(path))
        if row is None:
            return None
        lines = [translate("ProblemMarks", "{severity}: {message}").format(
                    severity=translate("ProblemMarks", "error") if p.severity is Severity.ERROR
                    else translate("ProblemMarks", "warning"), message=p.message)
                 for p in row.problems[:TOOLTIP_PROBLEMS]]
        if len(row.problems) > TOOLTIP_PROBLEMS:
            lines.append(translate("ProblemMarks", "… and {n} more in the Problems dock").format(
                n=len(row.problems) - TOOLTIP_PROBLEMS))
        return Annotation(mark_text(row.errors, row.warnings), "\n".join(lines),
                          ERROR_COLOR if row.errors else WARNING_COLOR)
