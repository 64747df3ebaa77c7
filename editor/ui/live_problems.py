"""LiveProblems: the problems of a session's record, kept current edit by edit.

A service of the `EditSession` (`session.problems`). The session hands it every
`RecordChange` before anyone else hears of it (`take`), so the problems are current when
the views redraw; it tells the rule engine's `LiveChecker` exactly what the edit touched
(one entry, inserted/removed entries, one prune record) and announces `problemsChanged`
once per undo step: right after the step (the undo stack's `indexChanged`), else on the
next turn of the event loop. The panels read their validation context from it (prune
types, other keys), the problems dock and the plots read the list, and the tree's editors
ask `validate_edit` (the session's one check) before a typed value becomes an undo command.

The first full check of a newly opened file is the slow part (about a second for 5 000
layers): a window runs `LiveProblems.prepare` on its loader thread and hands the result
over with `adopt`, so the reset that shows the file does not check it again.
"""
from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from editor.records import quant
from editor.records.dialects import Dialect
from editor.records.editing import ChangeKind, RecordChange
from editor.records.messages import EntryMessage
from editor.records.paths import FieldPath, PathError
from editor.records.problems import Problem
from editor.records.rules import (
    CheckContext,
    LiveChecker,
    accepted_values,
    merge_problems,
)

if TYPE_CHECKING:
    from editor.models import Model
    from editor.records.document import RecordDocument
    from editor.ui.session import EditSession

class LiveProblems(QObject):
    """Rule problems of the model's message plus the document's reading problems.

    `problems` is reading problems first (they carry line numbers and describe the file as
    read), then rule problems in `check_message` order, merged as ``record-editor check``
    merges them (`rules.merge_problems`): a finding both report is listed once, and a reading
    problem the rules judge too (a duplicate key) goes once an edit fixes it. `last_recheck`
    is how long the rule engine took for the last edit, in seconds (the benchmark reports it).
    """

    #: emitted once the problems reflect the latest edit (coalesced per undo step)
    problemsChanged = Signal()
    #: the outlier fence factor k changed (`set_outlier_k`); the problems follow
    outlierKChanged = Signal(float)

    def __init__(self, session: EditSession) -> None:
        super().__init__(session)
        self.session = session
        self.checker: LiveChecker | None = None
        self.last_recheck = 0.0
        self._reading: list[Problem] = []
        self._rule_cache: list[Problem] | None = None
        self._merged: list[Problem] | None = None
        self._prepared: LiveChecker | None = None
        self._outlier_k = quant.DEFAULT_OUTLIER_K
        self._pending = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.flush)
        self._rebuild(announce=False)  # nobody has read the problems yet
        # after a whole undo step (a macro emits several changes): announce at once
        session.undo_stack.indexChanged.connect(self.flush)

    # ------------------------------------------------------------------ reading

    @property
    def dialect(self) -> Dialect | None:
        """The session's dialect (the rules the problems come from)."""
        return self.session.dialect

    @property
    def context(self) -> CheckContext | None:
        """What the whole file says (keys, prune types): give it to the validators."""
        return self.checker.context if self.checker is not None else None

    @property
    def reading_problems(self) -> list[Problem]:
        """The problems found when reading the file, as read (`problems` drops those edits fixed)."""
        return self._reading

    @reading_problems.setter
    def reading_problems(self, problems: list[Problem]) -> None:
        self._reading = problems
        self._merged = None

    @property
    def problems(self) -> list[Problem]:
        """Reading and rule problems, each finding once (what `check` lists for the record)."""
        if self._merged is None:
            self._merged = merge_problems(self.reading_problems, self.rule_problems)
        return self._merged

    @property
    def rule_problems(self) -> list[Problem]:
        """Rule problems only, in `check_message` order (cached until the next edit)."""
        if self._rule_cache is None:
            self._rule_cache = self.checker.problems if self.checker is not None else []
        return self._rule_cache

    @property
    def outlier_k(self) -> float:
        """The window's outlier fence factor k: the ``scale-w-outlier`` rule judges with it, and
        the plots (Channels, overview, Layers table) mark outliers with it."""
        return self._outlier_k

    def set_outlier_k(self, k: float) -> None:
        """Judge outliers at fence factor `k` (≥ 0) from now on: every layer is checked again
        and `outlierKChanged`, then `problemsChanged`, are announced."""
        if not (0 <= k < float("inf")):
            raise ValueError(f"the outlier fence factor k must be a number ≥ 0, not {k}")
        k = float(k)
        if k == self._outlier_k:
            return
        self._outlier_k = k
        if self.checker is not None:
            start = time.perf_counter()
            self.checker.set_outlier_k(k)
            self.last_recheck = time.perf_counter() - start
            self._schedule()
        self.outlierKChanged.emit(k)

    def validate_edit(self, path: FieldPath, value: Any) -> Problem | None:
        """The hard-rule error that setting the field at model `path` to `value` would cause,
        or None: what the tree's editors ask, through the session's one check
        (`EditCheck.validate_value`)."""
        check = self.session.check
        return None if check is None else check.validate_value(path, value)

    def accepted_values(self, path: FieldPath) -> str | None:
        """What the rules accept for the layer value field at model `path` (or one element of
        it), in words (`rules.accepted_values`); None where no rule narrows its type."""
        dialect = self.session.dialect
        if dialect is None or self.session.editor.message is None or len(path) < 4 \
                or path[0] != "record" or path[2] != "value":
            return None
        rest = tuple(path[3:])
        if not (len(rest) == 1 or (len(rest) == 2 and isinstance(rest[1], int))):
            return None
        try:
            entry = self.session.editor.message_at(("record", path[1]))
        except (PathError, IndexError):
            return None
        return accepted_values(dialect, entry, str(rest[0])) if isinstance(entry, EntryMessage) else None

    def entry_problems(self, index: int) -> list[Problem]:
        """Rule problems of layer entry `index`, whole-file findings that point at it included."""
        return [p for p in self.rule_problems if p.record_index == index]

    def prune_problems(self, index: int) -> list[Problem]:
        """Rule problems of prune record `index`."""
        return [p for p in self.rule_problems if p.prune_index == index]

    # ------------------------------------------------------------------ documents

    @staticmethod
    def prepare(document: RecordDocument) -> LiveChecker:
        """The full rule check of a newly read `RecordDocument`, made off the GUI thread.

        Qt-free, for `MainWindow.add_load_step`; give the result to `adopt`.
        """
        return LiveChecker(document.message, document.dialect)

    def adopt(self, document: RecordDocument, checker: LiveChecker | None) -> None:
        """Use `checker` (from `prepare`) when the session next shows `document`'s message,
        instead of checking the whole file again on the GUI thread."""
        ok = checker is not None and checker.message is document.message
        self._prepared = checker if ok else None

    def set_document(self, document: RecordDocument) -> None:
        """Take the reading problems of the session's newly shown `RecordDocument` (the
        session calls this once its message is installed and checked)."""
        self.reading_problems = list(document.problems)
        self._schedule()
        self.flush()

    def set_reading_problems(self, problems: Iterable[Problem]) -> None:
        """Replace the reading problems (e.g. after saving, when the file says what the record says)."""
        self.reading_problems = list(problems)
        self._schedule()

    def set_model(self, model: Model | None, prepared: LiveChecker | None = None) -> None:
        """Check the record against `model` from now on (None: without one), with the
        ``model-`` rules. `prepared` is the whole check with `model` made off the GUI thread;
        it replaces the checker when it is still of this record and model, else the record
        is checked again here."""
        checker = self.checker
        if checker is None:
            return
        start = time.perf_counter()
        if prepared is not None and prepared.message is checker.message and prepared.dialect is checker.dialect \
                and prepared.model is model:
            prepared.context.waste = checker.context.waste
            self.checker = prepared
        else:
            checker.set_model(model)
        self.last_recheck = time.perf_counter() - start
        self._schedule()

    def recheck_all(self) -> None:
        start = time.perf_counter()
        if self.checker is not None:
            self.checker.recheck_all()
        self.last_recheck = time.perf_counter() - start
        self._schedule()

    # ------------------------------------------------------------------ following edits

    @Slot()  # a declared slot: found even on an object the garbage collector is clearing
    def flush(self) -> None:
        """Announce pending changes now (tests and the undo stack call this)."""
        if "_timer" not in self.__dict__:
            # a QUndoStack's destructor emits indexChanged; when the garbage collector
            # breaks a cycle holding both, this object may already have been cleared
            return
        self._timer.stop()
        if self._pending:
            self._pending = False
            self.problemsChanged.emit()

    def _schedule(self) -> None:
        self._rule_cache = self._merged = None
        self._pending = True
        self._timer.start()

    def _rebuild(self, *, announce: bool = True) -> None:
        message = self.session.editor.record
        dialect = self.session.dialect
        if self.checker is None or self.checker.message is not message:
            self.reading_problems = []  # they belonged to the file shown before
        prepared, self._prepared = self._prepared, None  # good for this reset only
        start = time.perf_counter()
        if prepared is not None and message is not None and prepared.message is message \
                and prepared.dialect is dialect:
            self.checker = prepared  # checked on the loader thread (`adopt`)
            self.checker.set_outlier_k(self._outlier_k)  # prepared at the default k: rare
        else:
            self.checker = LiveChecker(message, dialect, outlier_k=self._outlier_k,
                                       model=self.session.network) \
                if message is not None and dialect is not None else None
        self.last_recheck = time.perf_counter() - start
        self._rule_cache = self._merged = None
        if announce:
            self._schedule()

    def take(self, change: RecordChange) -> None:
        """Bring the problems up to date with an edit (the session calls this first)."""
        checker = self.checker
        message = self.session.editor.message
        if change.kind is ChangeKind.RESET or checker is None or checker.message is not message \
                or checker.dialect is not self.session.dialect:
            if checker is not None and checker.message is message and checker.dialect is self.session.dialect:
                self.recheck_all()  # the same message, replaced as a whole (undo of a big edit)
            else:
                self._rebuild()
            return
        start = time.perf_counter()
        follow_change(checker, change)
        self.last_recheck = time.perf_counter() - start
        self._schedule()


def follow_change(checker: LiveChecker, change: RecordChange) -> None:
    """Tell `checker` exactly what an edit touched."""
    first, count = change.first, change.count
    if change.field == "record" and first is not None:
        if change.kind is ChangeKind.CHANGED:
            checker.entry_changed(first)
        elif change.kind is ChangeKind.INSERTED:
            checker.entries_inserted(first, count)
        elif change.kind is ChangeKind.REMOVED:
            checker.entries_removed(first, count)
        else:  # moves are rare and renumber many entries: a full pass is simplest
            checker.recheck_all()
    elif change.field == "prune_record" and first is not None and checker.dialect.has_prune:
        if change.kind is ChangeKind.CHANGED:
            checker.prune_changed(first)
        elif change.kind is ChangeKind.INSERTED:
            checker.prune_inserted(first, count)
        elif change.kind is ChangeKind.REMOVED:
            checker.prune_removed(first, count)
        else:
            checker.recheck_all()
    else:
        checker.recheck_all()
