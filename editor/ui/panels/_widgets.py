"""What the panels share besides their editors (those come from `editor.ui.field_editors`):
the colours of error and warning counts, and the words for severities and their counts
(in the interface language, `editor.i18n`)."""
from __future__ import annotations

from editor.i18n import translate
from editor.records.problems import Problem, Severity, quoted

ERROR_COLOR = "#c62828"
WARNING_COLOR = "#a86400"

def severity_word(severity: Severity) -> str:
    """``error``, ``warning``, ``info`` in the interface language (`Severity.word`)."""
    return severity.word


def count_text(n: int, severity: Severity) -> str:
    """``1 error``, ``2 errors``, ``3 info`` in the interface language."""
    # one literal per form: lupdate extracts whole texts, and Chinese has a single form
    if severity is Severity.ERROR:
        text = translate("Panels", "1 error") if n == 1 else translate("Panels", "{n} errors")
    elif severity is Severity.WARNING:
        text = translate("Panels", "1 warning") if n == 1 else translate("Panels", "{n} warnings")
    else:
        text = translate("Panels", "{n} info")
    return text.format(n=n)


def problem_line(severity: Severity, message: str, rule: str) -> str:
    """A problem as a list shows it: ``error: offset_w[3] = 5 must be 0  [offset-w-zero]``."""
    return translate("Panels", "{severity}: {message}  [{rule}]").format(
        severity=severity_word(severity), message=message, rule=rule)


# How a rule message names what it is about (editor/records/rules: ``engine._labelled``,
# ``views.EntryView.label``, ``engine._prune_label``). These texts are the rules' own and
# translated there: asked for by name here, not as literals, so that lupdate leaves them to
# the rules' .ts (tests/ui/test_i18n_panels.py fails if the two drift apart).
_RULES = "rules"
_LABELLED = "{label}: {message}"
_LAYER_LABEL = "layer {key}"
_PRUNE_LABEL = "prune record {index}"


def without_label(problem: Problem) -> str:
    """The problem's message without its leading ``layer "conv1": `` or ``prune record 2: ``
    (in the interface language), where the panel or the Where column names that already."""
    labels = []
    if problem.key is not None:
        labels.append(translate(_RULES, _LAYER_LABEL).format(key=quoted(problem.key)))
    if problem.prune_index is not None:
        labels.append(translate(_RULES, _PRUNE_LABEL).format(index=problem.prune_index))
    text = problem.message
    for label in labels:
        prefix = translate(_RULES, _LABELLED).format(label=label, message="")
        if text.startswith(prefix):
            return text[len(prefix):]
    return text
