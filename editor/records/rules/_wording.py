"""How findings word values: quoted names, float32 spelling, "3 of 64 scale_w values…"."""
from __future__ import annotations

import numbers
from collections.abc import Iterator
from typing import TYPE_CHECKING

from editor.i18n import translate
from editor.records import quant_core
from editor.records.problems import Severity, quoted
from editor.records.rules._registry import Finding

if TYPE_CHECKING:
    from editor.records.dialects import Dialect
    from editor.records.rules._vectors import Indices
    from editor.records.rules.views import EntryView


def _q(text: str) -> str:
    """A name quoted for a message: control characters visible, at most ~80 characters."""
    return quoted(text)


def _fmt(v: object) -> str:
    """A vector element or factor as a message shows it: an integer as itself, a float as the
    shortest text of its float32 (every float of a record is one)."""
    if isinstance(v, numbers.Integral):
        return str(int(v))
    return quant_core.f32_str(v) if isinstance(v, numbers.Real) else str(v)


def _examples(name: str, values: quant_core.Numbers, bad: Indices, first: int, limit: int = 3) -> str:
    order = [first] + [int(i) for i in bad[:limit] if int(i) != first][:limit - 1]
    text = translate("rules", ", ").join(f"{name}[{i}] = {_fmt(values[i])}" for i in order)
    if len(bad) > limit:
        text += translate("rules", " and {count} more").format(count=len(bad) - limit)
    return text


def _vector(e: EntryView, label: str, values: quant_core.Numbers, bad: Indices, must: str,
            are_not: str, severity: Severity | None = None) -> Iterator[Finding]:
    """One finding for the bad elements `bad` (positions) of a vector; its field names the first
    (or focused) one.

    `must` words one bad value ("must be 0"), `are_not` several ("are not 0"), both already
    translated.
    """
    if not len(bad):
        return
    first = e.pick(label, bad)
    if len(values) == 1:
        msg = translate("rules", "{name} = {value} {must}").format(
            name=label, value=_fmt(values[0]), must=must)
    elif len(bad) == 1:
        msg = translate("rules", "{name} = {value} {must}").format(
            name=f"{label}[{first}]", value=_fmt(values[first]), must=must)
    else:
        msg = translate("rules", "{count} of {total} {name} values {are_not}: {examples}").format(
            count=len(bad), total=len(values), name=label, are_not=are_not,
            examples=_examples(label, values, bad, first))
    yield Finding(msg, f"{label}[{first}]", severity)


def _an(word: str) -> str:
    """``a FLOAT``, ``an INT``: the article a type name takes (none in Chinese)."""
    if word[:1].upper() in "AEIOU":
        return translate("rules", "an {word}").format(word=word)
    return translate("rules", "a {word}").format(word=word)


def _act_desc(e: EntryView, act: str | None) -> str:
    return act_words(e.dialect, act)


def act_words(dialect: Dialect, act: str | None) -> str:
    """The activation type an entry's offset_d is judged by, in words (``act_type INT8``,
    ``act_type unset, so INT8``)."""
    if act is None:
        if dialect.has_value_field("act_type"):
            return translate("rules", "act_type unset, so INT8")
        return "INT8"
    if act not in quant_core.BIT_WIDTHS:
        return translate("rules", "act_type {type} is not a known type, so INT8").format(type=_q(act))
    return translate("rules", "act_type {type}").format(type=act)
