"""Live checking for the GUI: the problems of one live message, kept current edit by edit."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from editor.defaults import DEFAULT_OUTLIER_K
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import RootMessage, prune_records
from editor.records.problems import Problem, Severity
from editor.records.rules.catalog_outliers import OUTLIER_RULES
from editor.records.rules.context import CheckContext
from editor.records.rules.engine import _document_problems, _entry_problems, _prune_problems, _select

if TYPE_CHECKING:
    from editor.models import Model


class LiveChecker:
    """The problems of one live message, kept current edit by edit.

    Call the matching method after each change to the message; only what the change can
    affect is re-checked (the edited entry, entries sharing its old or new key, entries
    of renamed/retyped prune nodes). Whole-file rules walk every entry, so they run when
    the problems are next read, once for a whole bulk edit, not once per edited entry.

    `model` attaches the network the record belongs to (the ``model-`` rules, layer types
    from the model); `set_model` attaches another or detaches it (None) and re-checks all.
    """

    def __init__(self, message: RootMessage, dialect: str | Dialect, *, rules: Iterable[str] | None = None,
                 severities: Iterable[Severity | str] | None = None, model: Model | None = None,
                 outlier_k: float = DEFAULT_OUTLIER_K):
        self.message = message
        self.dialect = get_dialect(dialect)
        self._sel = _select(self.dialect, rules, severities)
        self._document: list[Problem] | None = None
        self._outlier_k = float(outlier_k)
        self.model = model
        self.context = CheckContext(self.dialect, model, outlier_k=outlier_k)  # built by recheck_all
        self.recheck_all()

    def set_model(self, model: Model | None) -> None:
        """Attach `model` (None detaches) and re-check everything."""
        self.model = model
        self.recheck_all()

    @property
    def outlier_k(self) -> float:
        """The IQR fence factor of the ``scale-w-outlier`` rule (`set_outlier_k` changes it)."""
        return self._outlier_k

    def set_outlier_k(self, k: float) -> bool:
        """Judge outliers at fence factor `k` from now on; when it changed, every entry is
        checked again by the rules that read k (returns whether it changed). Raises
        ValueError for a negative or nan `k`."""
        if not k >= 0:
            raise ValueError(f"the outlier fence factor k must be ≥ 0, not {k}")
        if float(k) == self._outlier_k:
            return False
        self._outlier_k = self.context.outlier_k = float(k)
        # only those rules' findings change: re-run them alone and put their findings back in
        # rule order among the others (an entry's problems are listed rule by rule)
        order = {r.id: n for n, (r, _fn) in enumerate(self._sel.entry)}
        chosen = [r for r in OUTLIER_RULES if r in order]
        if not chosen:
            return True
        sel = replace(self._sel, entry=tuple(pair for pair in self._sel.entry if pair[0].id in chosen))
        for i in range(len(self._entries)):
            fresh = _entry_problems(self.message, self.dialect, i, self.context, sel)
            old = self._entries[i]
            if not fresh and not any(p.rule in chosen for p in old):
                continue
            merged = [p for p in old if p.rule not in chosen] + fresh
            merged.sort(key=lambda p: order[p.rule])  # stable: each rule's findings keep their order
            self._entries[i] = merged
        return True

    def recheck_all(self) -> None:
        waste = self.context.waste  # a threshold the user set survives a re-check
        self.context = CheckContext.build(self.message, self.dialect, self.model, outlier_k=self._outlier_k)
        self.context.waste = waste
        self._entries = [self._check_entry(i) for i in range(len(self.message.record))]
        n = len(prune_records(self.message))
        self._prunes = [self._check_prune(j) for j in range(n)]
        self._recheck_document()

    @property
    def problems(self) -> list[Problem]:
        """All current problems, in `check_message` order."""
        out = [p for ps in self._entries for p in ps]
        out += [p for ps in self._prunes for p in ps]
        if self._document is None:
            self._document = _document_problems(self.message, self.dialect, self.context, self._sel)
        return out + self._document

    def entry_problems(self, index: int) -> list[Problem]:
        return list(self._entries[index])

    def prune_problems(self, index: int) -> list[Problem]:
        return list(self._prunes[index])

    def entry_changed(self, index: int) -> None:
        """Entry `index` was edited (any field, its key included)."""
        others = self.context.update_entry(self.message, index)
        for i in {index} | others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def entries_inserted(self, index: int, count: int = 1) -> None:
        """`count` entries were inserted at `index`."""
        self._entries[index:index] = [[] for _ in range(count)]
        others = self.context.insert_entries(self.message, index, count)
        self._shifted(index + count)
        for i in set(range(index, index + count)) | others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def entries_removed(self, index: int, count: int = 1) -> None:
        """Entries [index, index + count) were removed."""
        del self._entries[index:index + count]
        others = self.context.remove_entries(self.message, index, count)
        self._shifted(index)
        for i in others:
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def _shifted(self, start: int) -> None:
        """Entries from `start` on moved: renumber their problems, re-check those naming indices."""
        keys = self.context.entry_keys
        for i in range(start, len(self._entries)):
            ps = self._entries[i]
            if not keys[i] or any(p.rule == "duplicate-key" for p in ps):
                self._entries[i] = self._check_entry(i)
            elif ps:
                self._entries[i] = [replace(p, record_index=i) for p in ps]

    def prune_changed(self, index: int) -> None:
        """Prune record `index` was edited."""
        self._prune_context_changed()
        self._prunes[index] = self._check_prune(index)

    def prune_inserted(self, index: int, count: int = 1) -> None:
        self._prune_context_changed()
        self._prunes[index:index] = [self._check_prune(j) for j in range(index, index + count)]
        self._renumber_prunes(index + count)

    def prune_removed(self, index: int, count: int = 1) -> None:
        self._prune_context_changed()
        del self._prunes[index:index + count]
        self._renumber_prunes(index)

    def _renumber_prunes(self, start: int) -> None:
        # messages name the prune record's index: re-check rather than patch them
        for j in range(start, len(self._prunes)):
            self._prunes[j] = self._check_prune(j)

    def _prune_context_changed(self) -> None:
        for i in self.context.update_prune(self.message):
            self._entries[i] = self._check_entry(i)
        self._recheck_document()

    def _check_entry(self, i: int) -> list[Problem]:
        return _entry_problems(self.message, self.dialect, i, self.context, self._sel)

    def _check_prune(self, j: int) -> list[Problem]:
        return _prune_problems(self.message, self.dialect, j, self.context, self._sel)

    def _recheck_document(self) -> None:
        self._document = None  # found again when `problems` is read
