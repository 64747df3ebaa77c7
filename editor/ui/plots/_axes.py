"""Axes: a log-scale axis whose ticks read as plain numbers."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg


class ScaleAxis(pg.AxisItem):
    """A y axis for scales: on a log axis, decades are labelled, and when fewer than two
    decades are in view the 2s and 5s (then other steps) between them, kept at least
    `MIN_GAP` pixels apart — pyqtgraph's own labels run into each other within a decade."""

    MIN_GAP = 18

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "0.001", never "(x0.001)": on a log axis the prefix turned 0.1 into a "10²" tick
        self.enableAutoSIPrefix(False)

    def logTickValues(self, minVal: float, maxVal: float, size: float, stdTicks: object
                      ) -> list[tuple[float | None, list[float]]]:
        lo, hi = math.floor(minVal), math.ceil(maxVal)
        px = size / max(maxVal - minVal, 1e-12)
        decades = [float(v) for v in range(lo, hi + 1) if minVal <= v <= maxVal]
        step = max(1, math.ceil(self.MIN_GAP / px)) if px > 0 else 1  # a short plot: every k-th decade
        unlabelled = [v for v in decades if int(v) % step != 0]
        decades = [v for v in decades if int(v) % step == 0]
        minors = [v + math.log10(m) for v in range(lo, hi) for m in range(2, 10)
                  if minVal < v + math.log10(m) < maxVal]
        labelled = list(decades)
        if len(decades) < 2:
            preferred = sorted(minors, key=lambda t: _STEP_RANK.get(round(10 ** (t - math.floor(t))), 9))
            for t in preferred:
                if all(abs(t - u) * px >= self.MIN_GAP for u in labelled):
                    labelled.append(t)
        labelled.sort()
        rest = [t for t in minors if t not in labelled] + unlabelled
        return [(1.0, labelled), (None, rest)]

    def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """One notation for every label: plain decimals while every value in view lies within
        0.001 … 9999, else powers of ten (``10⁻⁵``, ``2·10⁻⁴``) for all of them — never
        ``0.001`` beside ``0.0001`` beside ``10⁻⁵``."""
        return log_tick_strings([v + math.log10(scale) if scale > 0 else v for v in values])


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def log_tick_strings(exponents: Sequence[float]) -> list[str]:
    """Labels of log-axis ticks at 10^e for each e of `exponents`, all in one notation (see
    `ScaleAxis.logTickStrings`)."""
    parts = []
    for e in exponents:
        d = math.floor(e + 1e-9)
        m = round(10 ** (e - d))
        if m == 10:
            d, m = d + 1, 1
        parts.append((d, m))
    if all(-3 <= d <= 3 for d, _m in parts):
        return [f"{m * 10.0 ** d:.{max(0, -d)}f}" for d, m in parts]
    return [("" if m == 1 else f"{m}·") + "10" + str(d).translate(_SUPERSCRIPT) for d, m in parts]


_STEP_RANK = {2: 0, 5: 1, 3: 2, 4: 3, 6: 4, 8: 5, 7: 6, 9: 7}
