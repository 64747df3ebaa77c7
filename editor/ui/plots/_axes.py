"""Axes: a log-scale axis whose ticks read as plain numbers."""
from __future__ import annotations

import math
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


_STEP_RANK = {2: 0, 5: 1, 3: 2, 4: 3, 6: 4, 8: 5, 7: 6, 9: 7}
