"""The rule registry: `Rule`, the `rule()` that registers one, `RULES` in registration order,
the `Finding` rule functions yield, and the dialect sets rules are declared for."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.problems import Severity

if TYPE_CHECKING:
    from editor.records.rules.views import DocumentView, EntryView, PruneView

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


def _dialects_with(*names: str) -> frozenset[str]:
    """The dialects whose value message has any of the fields `names`."""
    return frozenset(d.name for d in DIALECTS.values() if any(d.has_value_field(n) for n in names))


ALL = frozenset(DIALECTS)
PRUNE = frozenset(d.name for d in DIALECTS.values() if d.has_prune)
WITH_ACT_TYPE = _dialects_with("act_type")


@dataclass(frozen=True, slots=True)
class Finding:
    """What a rule function yields; the engine turns it into a located `Problem`.

    `severity` None means the rule's own; `entry` lets a whole-file rule point at an entry.
    """

    message: str
    field: str | None = None
    severity: Severity | None = None
    entry: int | None = None


EntryFn = Callable[["EntryView"], Iterable[Finding]]
PruneFn = Callable[["PruneView"], Iterable[Finding]]
DocumentFn = Callable[["DocumentView"], Iterable[Finding]]


class Rule:
    """One rule: metadata plus the functions that check an entry, a prune record or the file.

    `severity` is the most severe level it reports; `also` lists the other levels some of
    its findings have (e.g. type-values warns where the docs say "only INT8 today").
    """

    __slots__ = ("id", "severity", "dialects", "description", "also", "entry", "prune", "document")

    def __init__(self, id: str, severity: Severity, dialects: Iterable[str], description: str,
                 also: tuple[Severity, ...] = ()) -> None:
        self.id = id
        self.severity = severity
        self.dialects = frozenset(dialects)
        self.description = description
        self.also = also
        self.entry: EntryFn | None = None
        self.prune: PruneFn | None = None
        self.document: DocumentFn | None = None

    @property
    def severities(self) -> tuple[Severity, ...]:
        return (self.severity, *self.also)

    def applies_to(self, dialect: str | Dialect) -> bool:
        return get_dialect(dialect).name in self.dialects

    def on_entry(self, fn: EntryFn) -> EntryFn:
        self.entry = fn
        return fn

    def on_prune(self, fn: PruneFn) -> PruneFn:
        self.prune = fn
        return fn

    def on_document(self, fn: DocumentFn) -> DocumentFn:
        self.document = fn
        return fn

    def __repr__(self) -> str:
        return f"Rule({self.id!r}, {self.severity.value})"


#: Every rule by id, in the order they are checked and listed (the order the catalogs are
#: imported in by ``editor.records.rules``, then their order inside each catalog).
RULES: dict[str, Rule] = {}


def rule(id: str, severity: Severity, dialects: Iterable[str], description: str,
         also: tuple[Severity, ...] = ()) -> Rule:
    """Register a rule; attach its functions with ``@r.on_entry`` / ``on_prune`` / ``on_document``."""
    if id in RULES:
        raise ValueError(f"rule {id!r} registered twice")
    r = Rule(id, severity, dialects, description, also)
    RULES[id] = r
    return r


def rules_table() -> str:
    """A Markdown table of every rule (id, severity, dialects, description) for the README."""
    order = list(DIALECTS)
    lines = ["| rule | severity | dialects | what it checks |", "|---|---|---|---|"]
    for r in RULES.values():
        sev = " / ".join(s.value for s in r.severities)
        dia = "all" if r.dialects == ALL else ", ".join(n for n in order if n in r.dialects)
        desc = r.description.replace("|", "\\|")
        lines.append(f"| `{r.id}` | {sev} | {dia} | {desc} |")
    return "\n".join(lines) + "\n"
