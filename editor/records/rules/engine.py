"""The engine: runs the registered rules over entries, prune records and the whole file, turns
their findings into located `Problem`s, and merges them with a document's reading problems."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from editor.i18n import translate
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import EntryMessage, PruneRecordMessage, RootMessage, prune_records
from editor.records.problems import Problem, Severity
from editor.records.rules import _vectors
from editor.records.rules._registry import RULES, DocumentFn, EntryFn, PruneFn, Rule
from editor.records.rules._wording import _q
from editor.records.rules.context import CheckContext
from editor.records.rules.views import DocumentView, EntryView, PruneView

if TYPE_CHECKING:
    from editor.models import Model
    from editor.records.document import RecordDocument


class LocatedRecord(Protocol):
    """What `check_document` reads of a document (`RecordDocument` has it): the message, its
    dialect, and where an entry or a field of it is in the file."""

    @property
    def message(self) -> RootMessage: ...
    @property
    def dialect(self) -> Dialect: ...
    def locate(self, record_index: int | None = None, prune_index: int | None = None,
               field: str | None = None) -> tuple[int, int] | None: ...


@dataclass(frozen=True)
class _Selection:
    """The rules one check runs, each with its function for that kind of target."""

    entry: tuple[tuple[Rule, EntryFn], ...]
    prune: tuple[tuple[Rule, PruneFn], ...]
    document: tuple[tuple[Rule, DocumentFn], ...]
    severities: frozenset[Severity] | None


def _select(dialect: Dialect, rules: Iterable[str] | None,
            severities: Iterable[Severity | str] | None) -> _Selection:
    if rules is None:
        chosen = list(RULES.values())
    else:
        ids = list(rules)
        unknown = [r for r in ids if r not in RULES]
        if unknown:
            raise ValueError(translate("rules", "unknown rule id(s): {unknown}; known: {known}").format(
                unknown=", ".join(unknown), known=", ".join(RULES)))
        chosen = [RULES[r] for r in RULES if r in set(ids)]
    chosen = [r for r in chosen if dialect.name in r.dialects]
    sev = None if severities is None else frozenset(Severity(s) for s in severities)
    if sev is not None:  # a rule that never reports these levels need not run (errors only: edits)
        chosen = [r for r in chosen if not sev.isdisjoint(r.severities)]
    return _Selection(tuple((r, r.entry) for r in chosen if r.entry),
                      tuple((r, r.prune) for r in chosen if r.prune),
                      tuple((r, r.document) for r in chosen if r.document), sev)


def _entry_problems(message: RootMessage | None, dialect: Dialect, index: int, ctx: CheckContext,
                    sel: _Selection, focus: dict[str, int] | None = None,
                    entry: EntryMessage | None = None, batch: _vectors.Batch | None = None) -> list[Problem]:
    """The findings about `message.record[index]`, or about `entry` (then `message` may be None)."""
    if entry is None:
        if message is None:
            raise ValueError("no entry to check")
        entry = message.record[index]
    view = EntryView(entry, index, dialect, ctx, focus, batch)
    out: list[Problem] = []
    for r, entry_fn in sel.entry:
        for f in entry_fn(view):
            sev = f.severity or r.severity
            if sel.severities is None or sev in sel.severities:
                out.append(Problem(sev, r.id, _labelled(view.label(), f.message), view.key, index, None,
                                   f.field))
    return out


def _prune_problems(message: RootMessage | None, dialect: Dialect, index: int, ctx: CheckContext,
                    sel: _Selection, record: PruneRecordMessage | None = None) -> list[Problem]:
    """The findings about `message.prune_record[index]`, or about `record` (then `message` may
    be None)."""
    if record is None:
        if message is None:
            raise ValueError("no prune record to check")
        record = prune_records(message)[index]
    view = PruneView(record, index, dialect, ctx)
    out: list[Problem] = []
    for r, prune_fn in sel.prune:
        for f in prune_fn(view):
            sev = f.severity or r.severity
            if sel.severities is None or sev in sel.severities:
                out.append(Problem(sev, r.id, _labelled(_prune_label(index), f.message), None, None, index,
                                   f.field))
    return out


def _labelled(label: str, message: str) -> str:
    """A finding's message after the name of what it is about (``layer "conv1": …``)."""
    return translate("rules", "{label}: {message}").format(label=label, message=message)


def _prune_label(index: int) -> str:
    if index >= 0:
        return translate("rules", "prune record {index}").format(index=index)
    return translate("rules", "this prune record")


def _document_problems(message: RootMessage, dialect: Dialect, ctx: CheckContext,
                       sel: _Selection) -> list[Problem]:
    view = DocumentView(message, dialect, ctx)
    out: list[Problem] = []
    for r, document_fn in sel.document:
        for f in document_fn(view):
            sev = f.severity or r.severity
            if sel.severities is not None and sev not in sel.severities:
                continue
            if f.entry is not None:
                key = ctx.entry_keys[f.entry]
                label = (translate("rules", "layer {key}").format(key=_q(key)) if key
                         else translate("rules", "record {index} (no key)").format(index=f.entry))
                out.append(Problem(sev, r.id, _labelled(label, f.message), key, f.entry, None, f.field))
            else:
                out.append(Problem(sev, r.id, f.message, None, None, None, f.field))
    return out


def check_message(message: RootMessage, dialect: str | Dialect, *, rules: Iterable[str] | None = None,
                  severities: Iterable[Severity | str] | None = None,
                  context: CheckContext | None = None, model: Model | None = None) -> list[Problem]:
    """Every problem the rules find in `message`: entries, then prune records, then whole-file.

    `rules` limits the check to those ids; `severities` keeps only those levels; pass a
    `context` already built for this message to skip building one. `model` (the network the
    record belongs to) adds the ``model-`` rules and gives layer types; a given `context`
    brings its own.
    """
    d = get_dialect(dialect)
    sel = _select(d, rules, severities)
    ctx = context or CheckContext.build(message, d, model)
    out: list[Problem] = []
    if sel.entry:
        _vectors.plan(ctx, message)
        # every entry's vectors judged at once (numpy's cost per call outweighs a layer's values)
        batch = _vectors.Batch(message, ctx.outlier_k) if _vectors.batched(ctx) and len(message.record) > 1 else None
        for i in range(len(message.record)):
            out += _entry_problems(message, d, i, ctx, sel, batch=batch)
    if sel.prune:
        for j in range(len(prune_records(message))):
            out += _prune_problems(message, d, j, ctx, sel)
    out += _document_problems(message, d, ctx, sel)
    return out


def check_entry(message: RootMessage, dialect: str | Dialect, index: int, context: CheckContext, *,
                rules: Iterable[str] | None = None,
                severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Problems of entry `index` alone (entry rules; whole-file rules are `check_file_rules`)."""
    d = get_dialect(dialect)
    return _entry_problems(message, d, index, context, _select(d, rules, severities))


def check_prune_record(message: RootMessage, dialect: str | Dialect, index: int, context: CheckContext, *,
                       rules: Iterable[str] | None = None,
                       severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Problems of `prune_record[index]` alone."""
    d = get_dialect(dialect)
    return _prune_problems(message, d, index, context, _select(d, rules, severities))


def check_file_rules(message: RootMessage, dialect: str | Dialect, context: CheckContext, *,
                     rules: Iterable[str] | None = None,
                     severities: Iterable[Severity | str] | None = None) -> list[Problem]:
    """Findings of the rules that look across the whole file (cheap: re-run after every edit)."""
    d = get_dialect(dialect)
    return _document_problems(message, d, context, _select(d, rules, severities))


def check_document(doc: LocatedRecord, *, rules: Iterable[str] | None = None,
                   severities: Iterable[Severity | str] | None = None,
                   model: Model | None = None, context: CheckContext | None = None) -> list[Problem]:
    """`check_message` on a `RecordDocument`, with line/column from ``doc.locate`` where known.

    Only rule findings: the document's reading problems are in ``doc.problems``. A `context`
    built for ``doc.message`` carries the check's settings (``CheckContext.outlier_k``).
    """
    problems = check_message(doc.message, doc.dialect, rules=rules, severities=severities, model=model,
                             context=context)
    return [locate(doc, p) for p in problems]


#: Reading problems the rule engine judges too. Such a reading problem stands only while the
#: rules still find the same thing (same rule, entry and key): it keeps its line numbers and
#: its words about the file, but follows edits, so fixing the record clears it.
REJUDGED = frozenset({"duplicate-key"})


def _same_finding(p: Problem) -> tuple[str, int | None, int | None, str | None]:
    return (p.rule, p.record_index, p.prune_index, p.key)


def merge_problems(reading: Iterable[Problem], found: Iterable[Problem]) -> list[Problem]:
    """Reading problems then rule problems, each finding listed once: what `check` prints and
    the problems dock lists.

    A rule problem that a reading problem already reports (same rule, entry and key; e.g. the
    reader's duplicate key) is dropped; a reading problem of a `REJUDGED` rule is dropped when
    the rules no longer find it (the record was edited since it was read).
    """
    found = list(found)
    confirmed = {_same_finding(p) for p in found if p.rule in REJUDGED}
    out = [p for p in reading if p.rule not in REJUDGED or _same_finding(p) in confirmed]
    seen = {_same_finding(p) for p in out}
    out += [p for p in found if _same_finding(p) not in seen]
    return out


def document_problems(doc: RecordDocument, model: Model | None = None, *, context: CheckContext | None = None) -> list[Problem]:
    """Everything wrong with a `RecordDocument` as read: reading problems and every rule (the
    ``model-`` ones too when a `model` is given), merged by `merge_problems` (what
    ``record-editor check`` reports before filtering). `context`: as for `check_document`."""
    return merge_problems(doc.problems, check_document(doc, model=model, context=context))


def locate(doc: LocatedRecord, p: Problem) -> Problem:
    """`p` with line/column from ``doc.locate`` (the field's own place, else its entry's)."""
    if p.record_index is None and p.prune_index is None:
        return p
    where = doc.locate(record_index=p.record_index, prune_index=p.prune_index, field=p.field)
    if where is None and p.field is not None:
        where = doc.locate(record_index=p.record_index, prune_index=p.prune_index)
    return p.with_location(*where) if where else p
