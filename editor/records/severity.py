"""One severity figure per layer: where a reviewer should look first.

Counting outliers ranks a layer whose channel lies 500× below the IQR fence with layers whose
outliers are 1.01× out. The *severity* of a layer is instead the worst of its findings, each
written as "how many times beyond what is acceptable" (×, the unit of an outlier's distance
from its fence), so that they compare:

- **outliers**: how far the layer's farthest scale_w outlier lies beyond the fence of
  `quant.outliers` at fence factor k (``fence_low / value`` below, ``value / fence_high``
  above); a channel that is not finite, ≤ 0 or below FLT_EPSILON is infinitely far;
- **scale_w / ARQ** (weights known): a ratio below 1 clips the weights, above the waste
  threshold (``DEFAULT_WASTE``) it wastes levels; the severity is ``1 / ratio`` below 1 and
  ``ratio / waste`` above the threshold;
- **weight SQNR** (the analysis ran): below ``DEFAULT_MIN_SQNR_DB`` the quantization noise
  amplitude is ``10^((min − SQNR) / 20)`` times the acceptable one;
- **similarity** (AMCT's ``0.5 + 0.5·cos``, the analysis ran): ``(1 − s) / (1 − min)`` with
  the analyze command's minimum similarity;
- **problems**: a layer with an error from the rules is infinitely severe (ranked first), a
  warning counts as a strong finding (the strong fence).

0 means nothing found. Between 1 and the *strong fence* (``DEFAULT_STRONG_FENCE``, 3×) a finding
is *mild*; at or beyond it, *strong*. The same fence separates strong outliers (at least 3×
beyond the IQR fence) from mild ones: ``check`` lists strong outliers channel by channel and
sums mild ones up in a line per layer.

Qt-free (the command line and the window use it); numpy is imported here.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from editor.defaults import DEFAULT_STRONG_FENCE, DEFAULT_WASTE
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant

#: The weight SQNR (dB) below which the severity counts it (8-bit per-channel weights of a
#: healthy layer reach 35–45 dB; 30 dB is a quarter of a bit of noise more than that).
DEFAULT_MIN_SQNR_DB: float = 30.0
#: The similarity below which the severity counts it (the analyze command's default).
DEFAULT_MIN_SIMILARITY: float = 0.99

#: the sources of a severity, in the order they are named
OUTLIERS, ARQ, SQNR, SIMILARITY, ERRORS, WARNINGS = "outliers", "scale_w/ARQ", "weight SQNR", "similarity", \
    "errors", "warnings"

_SOURCE_WORDS = {
    OUTLIERS: QT_TRANSLATE_NOOP("severity", "outliers"),
    ARQ: QT_TRANSLATE_NOOP("severity", "scale_w/ARQ"),
    SQNR: QT_TRANSLATE_NOOP("severity", "weight SQNR"),
    SIMILARITY: QT_TRANSLATE_NOOP("severity", "similarity"),
    ERRORS: QT_TRANSLATE_NOOP("severity", "errors"),
    WARNINGS: QT_TRANSLATE_NOOP("severity", "warnings"),
}


def source_text(source: str) -> str:
    """A severity source's name in the interface's language (unknown names as they are)."""
    words = _SOURCE_WORDS.get(source)
    return translate("severity", words) if words is not None else source


def outlier_reach(values: object, k: float) -> float:
    """How many times beyond the IQR fence (at fence factor `k`) the farthest outlier of the
    scale vector `values` lies: 0 without outliers, inf for a channel that is not finite, ≤ 0
    or below FLT_EPSILON."""
    return float(outlier_factors(values, k).max(initial=0.0))


def outlier_factors(values: object, k: float) -> np.ndarray:
    """Per channel, how many times beyond the fence it lies (0: inside; inf: not finite, ≤ 0
    or degenerate), by `quant.outliers` at fence factor `k`."""
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    out = quant.outliers(a, k)
    f = np.zeros(a.size)
    f[(out.kind == quant.INVALID) | (out.kind == quant.DEGENERATE)] = math.inf
    if out.fence is not None:
        low, high = out.kind == quant.LOW, out.kind == quant.HIGH
        f[low] = out.fence[0] / a[low]
        f[high] = a[high] / out.fence[1]
    return f


def outlier_reaches(vectors: Sequence[np.ndarray], k: float,
                    strong: float = DEFAULT_STRONG_FENCE) -> tuple[np.ndarray, np.ndarray]:
    """For each vector: (how far its farthest outlier lies beyond the fence, how many of its
    channels are strong outliers, at least `strong` times beyond it)."""
    reach = np.zeros(len(vectors))
    strong_n = np.zeros(len(vectors), np.int64)
    for i, v in enumerate(vectors):
        if v.size:
            f = outlier_factors(v, k)
            reach[i] = f.max()
            strong_n[i] = int(np.count_nonzero(f >= strong))
    return reach, strong_n


def arq_severity(ratio: np.ndarray, waste: float = DEFAULT_WASTE) -> np.ndarray:
    """scale_w / ARQ ratios as severities: ``1/ratio`` below 1 (clipping), ``ratio/waste``
    above `waste` (wasted levels), 0 between; nan stays nan (no figure)."""
    r = np.asarray(ratio, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(r < 1.0, 1.0 / r, np.where(r > waste, r / waste, 0.0))
    return np.where(np.isnan(r), np.nan, s)


def sqnr_severity(sqnr_db: np.ndarray, minimum: float = DEFAULT_MIN_SQNR_DB) -> np.ndarray:
    """Weight SQNRs (dB) as severities: below `minimum`, the noise amplitude over the
    acceptable one, ``10^((minimum − SQNR)/20)``; 0 at or above it; nan stays nan."""
    q = np.asarray(sqnr_db, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        s = np.where(q < minimum, np.power(10.0, (minimum - q) / 20.0), 0.0)
    return np.where(np.isnan(q), np.nan, s)


def similarity_severity(similarity: np.ndarray, minimum: float = DEFAULT_MIN_SIMILARITY) -> np.ndarray:
    """Similarities as severities: below `minimum`, ``(1 − s)/(1 − minimum)``; 0 at or above."""
    s = np.asarray(similarity, dtype=np.float64)
    out = np.where(s < minimum, (1.0 - s) / (1.0 - minimum), 0.0)
    return np.where(np.isnan(s), np.nan, out)


@dataclass(frozen=True)
class Severities:
    """Per layer (file order): the severity figure and which source gave it ("" for none)."""

    values: np.ndarray
    sources: list[str]
    strong: float = DEFAULT_STRONG_FENCE

    def __len__(self) -> int:
        return int(self.values.size)

    def ranking(self) -> np.ndarray:
        """Layer indices worst first (file order among equals), layers with nothing found last."""
        v = self.values
        idx = np.arange(v.size)
        return idx[np.lexsort((idx, -np.nan_to_num(v, nan=0.0, posinf=np.finfo(np.float64).max)))]

    def level(self, i: int) -> str:
        """"strong", "mild" or "" (nothing found) for layer `i`."""
        v = float(self.values[i])
        return "strong" if v >= self.strong else "mild" if v > 0 else ""


def combine(reach: np.ndarray, errors: np.ndarray, warnings: np.ndarray,
            extra: Sequence[tuple[str, np.ndarray]] = (),
            strong: float = DEFAULT_STRONG_FENCE) -> Severities:
    """The severity of each layer: the worst of its outliers' `reach`, the `extra` figures
    already written as severities (``(source, values)``: `arq_severity`, `sqnr_severity`,
    `similarity_severity`; nan for none), its error count (inf) and warning count (`strong`)."""
    n = int(np.asarray(reach).size)
    columns: list[tuple[str, np.ndarray]] = [(OUTLIERS, np.asarray(reach, dtype=np.float64))]
    columns += [(name, np.asarray(v, dtype=np.float64)) for name, v in extra if np.asarray(v).size == n]
    columns.append((WARNINGS, np.where(np.asarray(warnings) > 0, float(strong), 0.0)))
    columns.append((ERRORS, np.where(np.asarray(errors) > 0, math.inf, 0.0)))
    if n == 0:
        return Severities(np.zeros(0), [], strong)
    block = np.vstack([c for _n, c in columns])
    block = np.where(np.isnan(block), 0.0, block)  # nan: no figure (inf stays: an unusable channel, an error)
    # the last column of the highest value wins ties: errors over warnings over figures
    which = block.shape[0] - 1 - np.argmax(block[::-1], axis=0)
    values = block[which, np.arange(n)]
    sources = [columns[int(w)][0] if values[i] > 0 else "" for i, w in enumerate(which)]
    return Severities(values, sources, strong)


def severity_text(value: float) -> str:
    """A severity as written: ``536×``, ``1.99×``, ``error`` for infinite (empty for 0)."""
    if not value > 0:
        return ""
    if math.isinf(value):
        return "∞"
    return f"{value:.3g}×" if value >= 10 else f"{value:.2f}×"
