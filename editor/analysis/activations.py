"""Activation figures of a layer, gathered sample by sample from the sums the analysis graph
returns (`graph.STAT_NAMES`): memory stays bounded whatever the number of samples — a few
numbers per sample and a bounded sample of values for the histogram. Qt-free, numpy only.

- clipped fraction: values whose level ``round(x/scale_d + offset_d)`` lies outside
  [-2^(b-1), 2^(b-1) - 1], over every value of every sample;
- SQNR ``10·log10(Σx² / Σ(x - x')²)``, both sums over every value of every sample;
- AMCT's similarity: the mean over samples of ``0.5 + 0.5·cos(y, y')``;
- the observed range and the scale_d/offset_d AMCT would compute from it (a suggestion:
  nothing applies it);
- a histogram of the input values, estimated from a fixed random sample of each run's values
  (each standing for its share of that run's values); the clipped counts beside it are exact.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from editor.analysis.metrics import similarity_of_difference, sqnr_db, suggest_activation
from editor.records import quant

#: values of a layer's input kept for its histogram, over all samples
MAX_KEPT = 1 << 16


@dataclass(frozen=True)
class ActivationSample:
    """Input values of a layer kept for its histogram, each with the number of values it stands
    for (`weights`). `values` holds at most MAX_KEPT values."""

    values: np.ndarray
    weights: np.ndarray

    def histogram(self, bins: int | np.ndarray = 128, range: tuple[float, float] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """(estimated counts, edges), as ``np.histogram`` takes `bins` and `range`."""
        v = self.values[np.isfinite(self.values)]
        w = self.weights[np.isfinite(self.values)]
        if not v.size:
            edges = np.linspace(0.0, 1.0, bins + 1) if isinstance(bins, int) else np.asarray(bins, dtype=np.float64)
            return np.zeros(edges.size - 1), edges
        return np.histogram(v, bins=bins, range=range, weights=w)


@dataclass(frozen=True)
class ActivationFigures:
    """A layer's activation error with the record's factors, over every sample."""

    bits: int
    scale_d: float
    offset_d: int
    balanced: bool
    values: int
    clipped_low: int
    clipped_high: int
    sqnr_db: float
    #: mean over samples of AMCT's similarity; None for a ``layer:input`` key
    similarity: float | None
    per_sample: tuple[float, ...]
    min: float
    max: float
    suggested_scale_d: float
    suggested_offset_d: int
    sample: ActivationSample

    @property
    def clipped(self) -> float:
        """The fraction of the input values the factors clip."""
        return (self.clipped_low + self.clipped_high) / self.values if self.values else 0.0

    @property
    def clip_range(self) -> tuple[float, float]:
        """The float range the factors keep: ``[-(2^(b-1) + offset)·scale, (2^(b-1) - 1 - offset)·scale]``."""
        lo, hi = quant.clip_range(self.scale_d, self.offset_d, self.bits)
        return float(lo), float(hi)


def total_of(partial: ArrayLike) -> float:
    """A float64 total of partial sums (the graph sums over the last axis only)."""
    return float(np.sum(np.asarray(partial), dtype=np.float64))


class Accumulator:
    """Sums of one layer's statistics over samples (see the module docstring)."""

    def __init__(self, bits: int, scale_d: float, offset_d: int, balanced: bool, has_output: bool):
        self.bits, self.scale_d, self.offset_d, self.balanced = bits, scale_d, offset_d, balanced
        self.has_output = has_output
        self.values = 0
        self.clip = 0
        self.net = 0
        self.x2 = 0.0
        self.e2 = 0.0
        self.min = math.inf
        self.max = -math.inf
        self.similarities: list[float] = []
        self._kept: list[tuple[np.ndarray, float]] = []
        self._kept_n = 0

    def add(self, stats: dict[str, np.ndarray]) -> None:
        """One sample's numbers, by `graph.STAT_NAMES`."""
        size = int(stats["size"])
        self.values += size
        # counts: sums of ±1 over the last axis, exact in float32; the rest added in float64
        self.clip += round(total_of(stats["clip"]))
        self.net += round(total_of(stats["net"]))
        self.x2 += total_of(stats["x2"])
        self.e2 += total_of(stats["e2"])
        lo, hi = float(stats["min"]), float(stats["max"])
        self.min = lo if math.isnan(lo) else min(self.min, lo)
        self.max = hi if math.isnan(hi) else max(self.max, hi)
        if self.has_output:
            self.similarities.append(similarity_of_difference(total_of(stats["yy"]), total_of(stats["qq"]),
                                                              total_of(stats["dd"])))
        sample = np.asarray(stats["sample"], dtype=np.float32).reshape(-1)
        if sample.size and size:
            self._keep(sample, size / sample.size)

    def _keep(self, values: np.ndarray, weight: float) -> None:
        self._kept.append((values, weight))
        self._kept_n += values.size
        while self._kept_n > MAX_KEPT:
            # thin every sample evenly: half its values, each standing for twice as many
            self._kept = [(v[::2], w * 2.0) for v, w in self._kept]
            self._kept_n = sum(v.size for v, _ in self._kept)

    def figures(self) -> ActivationFigures:
        lo = self.min if math.isfinite(self.min) else 0.0
        hi = self.max if math.isfinite(self.max) else 0.0
        try:
            s, o = suggest_activation(lo, hi, self.bits)
        except ValueError:
            s, o = math.nan, 0
        if self._kept:
            values = np.concatenate([v for v, _ in self._kept])
            weights = np.concatenate([np.full(v.size, w) for v, w in self._kept])
        else:
            values, weights = np.zeros(0, np.float32), np.zeros(0)
        sims = tuple(self.similarities)
        return ActivationFigures(
            self.bits, self.scale_d, self.offset_d, self.balanced, self.values,
            (self.clip - self.net) // 2, (self.clip + self.net) // 2, sqnr_db(self.x2, self.e2),
            (sum(sims) / len(sims) if sims else math.nan) if self.has_output else None, sims,
            self.min, self.max, float(s), int(o), ActivationSample(values, weights))


@dataclass(frozen=True)
class OutputCheck:
    """One model output with every analysed layer fake-quantized, against the float model:
    the cosine (mean and lowest over samples) and the largest absolute difference."""

    name: str
    cosine: float
    min_cosine: float
    max_abs_error: float
    per_sample: tuple[float, ...]
