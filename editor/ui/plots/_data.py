"""What only the window's plots do with the numbers, Qt-free: span edits of a scale vector
and writing a table as CSV. The numbers themselves (a layer's series, the per-layer overview,
prune bars) are computed in `editor.figures`, which the HTML report shares.
"""
from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from editor.i18n import translate
from editor.records import quant


def write_csv(path: str | Path, header: Sequence[str], rows: Iterable[Sequence[str]]) -> Path:
    """Write a table as UTF-8 CSV (RFC 4180 quoting); returns the path."""
    path = Path(path)
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


def span_values(op: str, values: np.ndarray, lo: int, hi: int, *, k: float | None = None,
                a: float | None = None, b: float | None = None, source: int | None = None
                ) -> np.ndarray:
    """New float32 values of channels lo..hi (inclusive) for a span edit of a scale vector.

    `op` is ``multiply`` (by `k`), ``clamp`` (to [`a`, `b`]), ``median`` (the layer's median
    over its finite values, `quant.channel_stats`) or ``copy`` (the value of channel
    `source`). Raises ValueError with the reason for a request that cannot be carried out;
    whether the result breaks a rule is for `rules.validate_changes` to say.
    """
    n = values.size
    if not (0 <= lo <= hi < n):
        raise ValueError(translate("PlotData", "the span {lo}–{hi} is outside channels 0–{last}").format(
            lo=lo, hi=hi, last=n - 1))
    old = values[lo:hi + 1].astype(np.float64)
    if op == "multiply":
        if k is None or not np.isfinite(k):
            raise ValueError(translate("PlotData", "the factor must be a finite number"))
        new = old * float(k)
    elif op == "clamp":
        if a is None or b is None or not (np.isfinite(a) and np.isfinite(b)):
            raise ValueError(translate("PlotData", "both clamp bounds must be finite numbers"))
        lo_b, hi_b = float(quant.to_f32(a)), float(quant.to_f32(b))
        if lo_b > hi_b:
            raise ValueError(translate("PlotData", "the lower bound {a} is above the upper bound {b}").format(
                a=quant.f32_str(a), b=quant.f32_str(b)))
        new = np.clip(old, lo_b, hi_b)  # nan stays nan: the rules then refuse it
    elif op == "median":
        stats = quant.channel_stats(values)
        if stats.finite == 0:
            raise ValueError(translate("PlotData", "the layer has no finite value to take the median of"))
        new = np.full(old.shape, stats.median)
    elif op == "copy":
        if source is None or not 0 <= source < n:
            raise ValueError(translate("PlotData", "there is no channel {source}; channels are 0–{last}").format(
                source=source, last=n - 1))
        new = np.full(old.shape, float(values[source]))
    else:
        raise ValueError(f"unknown span edit {op!r}")
    with np.errstate(over="ignore", invalid="ignore"):
        return new.astype(np.float32)


