"""How findings word values: quoted names, float32 spelling, "3 of 64 scale_w values…"."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from editor.records import quant
from editor.records.problems import Severity, quoted
from editor.records.rules._registry import Finding

if TYPE_CHECKING:
    from editor.records.dialects import Dialect
    from editor.records.rules.views import EntryView


def _q(text: str) -> str:
    """A name quoted for a message: control characters visible, at most ~80 characters."""
    return quoted(text)


def _fmt(v) -> str:
    if isinstance(v, np.floating):
        return quant.f32_str(v)
    return str(int(v)) if isinstance(v, np.integer | int) else str(v)


def _examples(name: str, values: np.ndarray, bad: np.ndarray, first: int, limit: int = 3) -> str:
    order = [first] + [int(i) for i in bad if int(i) != first][:limit - 1]
    text = ", ".join(f"{name}[{i}] = {_fmt(values[i])}" for i in order)
    if bad.size > limit:
        text += f" and {bad.size - limit} more"
    return text


def _vector(e: EntryView, label: str, values: np.ndarray, bad_mask: np.ndarray, must: str,
            are_not: str, severity: Severity | None = None) -> Iterator[Finding]:
    """One finding for the bad elements of a vector; its field names the first (or focused) one.

    `must` words one bad value ("must be 0"), `are_not` several ("are not 0").
    """
    if not bad_mask.any():
        return
    bad = np.flatnonzero(bad_mask)
    first = e.pick(label, bad)
    if values.size == 1:
        msg = f"{label} = {_fmt(values[0])} {must}"
    elif bad.size == 1:
        msg = f"{label}[{first}] = {_fmt(values[first])} {must}"
    else:
        msg = f"{bad.size} of {values.size} {label} values {are_not}: " + _examples(label, values, bad, first)
    yield Finding(msg, f"{label}[{first}]", severity)


def _an(word: str) -> str:
    """``a FLOAT``, ``an INT``: the article a type name takes."""
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


def _act_desc(e: EntryView, act: str | None) -> str:
    return act_words(e.dialect, act)


def act_words(dialect: Dialect, act: str | None) -> str:
    """The activation type an entry's offset_d is judged by, in words (``act_type INT8``,
    ``act_type unset, so INT8``)."""
    if act is None:
        if dialect.has_value_field("act_type"):
            return "act_type unset, so INT8"
        return "INT8"
    if act not in quant.BIT_WIDTHS:
        return f"act_type {_q(act)} is not a known type, so INT8"
    return f"act_type {act}"
