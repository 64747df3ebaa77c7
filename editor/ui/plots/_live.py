"""PlotContext: what every plot needs besides the model — dialect and live rule findings."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from editor.records.dialects import Dialect
from editor.records.problems import Problem
from editor.records.rules import LiveChecker
from editor.ui.plots._data import dialect_of
from editor.ui.tree_model import ChangeKind, RecordChange, RecordTreeModel


class PlotContext(QObject):
    """Follows `model.recordChanged`, keeps the rule findings current, then re-emits the change.

    Views connect to `changed` instead of the model's signal. The findings come from a
    `problems` source when one is given — an object with `checker` (a `LiveChecker`),
    `dialect`, `problems` and a `problemsChanged` signal, such as the window's
    `LiveProblems` — else from a `LiveChecker` of the context's own. One context serves
    all plots of a window.
    """

    #: the model's RecordChange, after the findings have taken it in
    changed = Signal(object)
    #: the findings changed without an edit (a file's reading problems arrived)
    problemsChanged = Signal()

    def __init__(self, model: RecordTreeModel, problems: QObject | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.source = problems
        self._dialect: Dialect | None = None
        self._checker: LiveChecker | None = None
        if problems is None:
            self._reset()
        else:
            problems.problemsChanged.connect(self.problemsChanged)
        model.recordChanged.connect(self._on_change)

    @property
    def dialect(self) -> Dialect | None:
        if self.source is not None:
            return self.source.dialect
        return self._dialect

    @property
    def checker(self) -> LiveChecker | None:
        return self.source.checker if self.source is not None else self._checker

    @property
    def problems(self) -> list[Problem]:
        if self.source is not None:
            return list(self.source.problems)
        return self._checker.problems if self._checker is not None else []

    def entry_problems(self, index: int) -> list[Problem]:
        """Problems of layer entry `index`, whole-file findings that point at it included."""
        return [p for p in self.problems if p.record_index == index]

    def prune_problems(self) -> list[Problem]:
        return [p for p in self.problems if p.prune_index is not None]

    def _reset(self) -> None:
        message = self.model.message
        self._dialect = dialect_of(message)
        self._checker = LiveChecker(message, self._dialect) if self._dialect is not None else None

    def _on_change(self, change: RecordChange) -> None:
        if self.source is None:
            self._update_checker(change)
        self.changed.emit(change)

    def _update_checker(self, change: RecordChange) -> None:
        checker = self._checker
        if change.kind is ChangeKind.RESET or checker is None or checker.message is not self.model.message:
            self._reset()
        elif change.field == "record" and change.first is not None:
            if change.kind is ChangeKind.CHANGED:
                checker.entry_changed(change.first)
            elif change.kind is ChangeKind.INSERTED:
                checker.entries_inserted(change.first, change.count)
            elif change.kind is ChangeKind.REMOVED:
                checker.entries_removed(change.first, change.count)
            else:
                checker.recheck_all()
        elif change.field == "prune_record" and change.first is not None and checker.dialect.has_prune:
            if change.kind is ChangeKind.CHANGED:
                checker.prune_changed(change.first)
            elif change.kind is ChangeKind.INSERTED:
                checker.prune_inserted(change.first, change.count)
            elif change.kind is ChangeKind.REMOVED:
                checker.prune_removed(change.first, change.count)
            else:
                checker.recheck_all()
        else:
            checker.recheck_all()


def follow_entry(change: RecordChange, index: int | None) -> int | None:
    """Where layer entry `index` is after `change` (None once removed): a view keeps its layer."""
    return change.follow("record", index)
