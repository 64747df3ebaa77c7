"""The per-layer figures, as one list of columns: what the HTML report's Layers table shows
(and its JSON of figures), Qt-free.

A `LayerFigure` reads one number (or text) of one layer entry from a `FigureSource` — the
record's numbers (`overview.OverviewData`), its problems, the layer types the rules see, and
whatever else is known: the attached model's weights review (`review`), the quantization-error
analysis (`editor.analysis`), other tools' imported columns. `LAYER_FIGURES` lists them in the
order they are shown; `layer_figures(source)` keeps those the source can fill and appends one
column per imported result. **Adding a per-layer figure is one entry in `LAYER_FIGURES`**
(its id, header, tooltip, value and text): the report picks it up, ordered and sortable.

Texts are the window's: scale_w values as float32 spelling, the median and ratios to 6
significant digits, the worst outlier as the rule scale-w-outlier words it (``ch 232: 4.41×
below``), problems counted without the outlier notes (the outlier columns show those).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from editor.figures.overview import OverviewData
from editor.figures.series import WorstOutlier, worst_outlier
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant
from editor.records.problems import Problem, Severity
from editor.records.rules import UNKNOWN_TYPE, LayerType, guess_layer_type

if TYPE_CHECKING:
    from editor.analysis.analyzer import AnalysisResult, LayerResult
    from editor.models.weights import Review
    from editor.records.messages import RootMessage

#: the rule whose findings the outlier columns show (left out of the problems column)
OUTLIER_RULE = "scale-w-outlier"

Value = float | int | str | None


@dataclass
class FigureSource:
    """Everything the per-layer figures are read from, for one record as it is now.

    `overview` holds the record's per-layer numbers (and keys) in file order; `problems` the
    problems by entry index; `layer_type(i)` the type the rules see; `review(i)` entry i's
    scale_w against the model's weights (None: no model with weights, or no review for it);
    `analysis` the analysis result, if one ran; `imported` the names of imported columns.
    """

    message: RootMessage | None
    overview: OverviewData
    problems: Mapping[int, Sequence[Problem]] = field(default_factory=dict)
    layer_type: Callable[[int], LayerType] | None = None
    review: Callable[[int], Review | None] | None = None
    #: a model with weights is attached (the review columns have something to say)
    reviewed: bool = False
    analysis: AnalysisResult | None = None
    imported: Sequence[str] = ()
    _worst: dict[int, WorstOutlier | None] = field(default_factory=dict, repr=False)

    def __len__(self) -> int:
        return len(self.overview)

    def key(self, i: int) -> str:
        return self.overview.keys[i]

    def type_of(self, i: int) -> LayerType:
        return self.layer_type(i) if self.layer_type is not None else guess_layer_type(self.key(i))

    def worst_outlier(self, i: int) -> WorstOutlier | None:
        """Layer i's scale_w outlier farthest out at the overview's fence factor k."""
        if i not in self._worst:
            found = None
            if self.overview.outliers[i] > 0 and self.message is not None:
                found = worst_outlier(quant.as_f32_array(self.message.record[i].value.scale_w), self.overview.k)
            self._worst[i] = found
        return self._worst[i]

    def result(self, i: int) -> LayerResult | None:
        return self.analysis.layer(i) if self.analysis is not None else None

    def counts(self, i: int) -> tuple[int, int, int]:
        """(errors, warnings, notes) of layer i, the outlier notes left out."""
        e = w = n = 0
        for p in self.problems.get(i, ()):
            if p.rule == OUTLIER_RULE:
                continue
            if p.severity is Severity.ERROR:
                e += 1
            elif p.severity is Severity.WARNING:
                w += 1
            else:
                n += 1
        return e, w, n


@dataclass(frozen=True)
class LayerFigure:
    """One per-layer figure: `id` names it in CSV and JSON, `header` and `tip` (English
    sources, translated where shown) head its column; `value(source, i)` is what it sorts by
    (None: nothing to say), `text(source, i)` what it shows; `available(source)` whether the
    source can fill it at all; `mark(source, i)` how a cell stands out (a Severity, or None)."""

    id: str
    header: str
    tip: str
    value: Callable[[FigureSource, int], Value]
    text: Callable[[FigureSource, int], str]
    available: Callable[[FigureSource], bool] = lambda _s: True
    numeric: bool = True
    mark: Callable[[FigureSource, int], Severity | None] | None = None

    @property
    def shown_header(self) -> str:
        return translate("LayerFigures", self.header)

    @property
    def shown_tip(self) -> str:
        return translate("LayerFigures", self.tip)


def _nan(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def _f32(x: float) -> str:
    return "" if np.isnan(x) else quant.f32_str(x)


def _g(x: float | None, digits: int = 6) -> str:
    return "" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}g}"


def _db(x: float | None) -> str:
    if x is None or math.isnan(x):
        return ""
    return ("∞" if x > 0 else "−∞") if math.isinf(x) else f"{x:.2f}"


def _pct(x: float | None) -> str:
    if x is None or math.isnan(x):
        return ""
    return "0" if x == 0 else f"{100 * x:.3g}%"


def _type_text(t: LayerType) -> str:
    return "—" if t is UNKNOWN_TYPE or t.name is None else t.name + ("?" if t.source == "name" else "")


#: (one, many) of each count the problems column shows: errors, warnings, notes
_COUNT_TEXTS = ((QT_TRANSLATE_NOOP("LayerFigures", "{n} error"), QT_TRANSLATE_NOOP("LayerFigures", "{n} errors")),
                (QT_TRANSLATE_NOOP("LayerFigures", "{n} warning"), QT_TRANSLATE_NOOP("LayerFigures", "{n} warnings")),
                (QT_TRANSLATE_NOOP("LayerFigures", "{n} note"), QT_TRANSLATE_NOOP("LayerFigures", "{n} notes")))


def counts_text(counts: tuple[int, int, int]) -> str:
    """``1 error, 2 warnings`` (zero counts left out)."""
    return translate("LayerFigures", ", ").join(
        translate("LayerFigures", texts[0] if n == 1 else texts[1]).format(n=n)
        for n, texts in zip(counts, _COUNT_TEXTS, strict=True) if n)


def _problems_mark(s: FigureSource, i: int) -> Severity | None:
    e, w, _n = s.counts(i)
    return Severity.ERROR if e else Severity.WARNING if w else None


def _outlier_factor(s: FigureSource, i: int) -> float | None:
    """How far out the worst outlier is, as a number to sort by: the factor outside the fence;
    a value not finite, ≤ 0 or below FLT_EPSILON counts as farther than any."""
    w = s.worst_outlier(i)
    if w is None:
        return None
    return w.factor if w.kind in (quant.LOW, quant.HIGH) else math.inf


def _review_ratio(s: FigureSource, i: int) -> float | None:
    r = s.review(i) if s.review is not None else None
    return None if r is None else r.worst_ratio


def _review_text(s: FigureSource, i: int) -> str:
    r = s.review(i) if s.review is not None else None
    if r is None:
        return ""
    ratio = f"{r.worst_ratio:.3g}×"
    if not r.channel_wise:
        return ratio
    return translate("LayerFigures", "{ratio} (ch {channel})").format(ratio=ratio, channel=r.worst_index)


def _review_mark(s: FigureSource, i: int) -> Severity | None:
    r = s.review(i) if s.review is not None else None
    if r is None or not r.flagged.any():
        return None
    return Severity.WARNING if r.clipped.any() else Severity.INFO


def _weights(s: FigureSource, i: int):
    r = s.result(i)
    return r.weights if r is not None else None


def _acts(s: FigureSource, i: int):
    r = s.result(i)
    return r.activations if r is not None else None


def _has_weights_analysis(s: FigureSource) -> bool:
    return s.analysis is not None and any(r.weights is not None for r in s.analysis.layers)


def _has_activations(s: FigureSource) -> bool:
    return s.analysis is not None and s.analysis.activations_run


def _sim(s: FigureSource, i: int) -> float | None:
    r = s.result(i)
    return r.similarity if r is not None else None


#: Every per-layer figure, in the order the report's Layers table shows them.
LAYER_FIGURES: tuple[LayerFigure, ...] = (
    LayerFigure("key", "key", QT_TRANSLATE_NOOP("LayerFigures", "The layer's key"),
                lambda s, i: s.key(i), lambda s, i: s.key(i), numeric=False),
    LayerFigure("type", QT_TRANSLATE_NOOP("LayerFigures", "type"),
                QT_TRANSLATE_NOOP("LayerFigures", "The layer type as the rules see it: the model's, a prune record's "
                                                  "type attribute, else what the key says (?: guessed)"),
                lambda s, i: s.type_of(i).name, lambda s, i: _type_text(s.type_of(i)), numeric=False),
    LayerFigure("channels", QT_TRANSLATE_NOOP("LayerFigures", "channels"),
                QT_TRANSLATE_NOOP("LayerFigures", "Values of scale_w: output channels (1: per-tensor)"),
                lambda s, i: int(s.overview.channels[i]), lambda s, i: str(int(s.overview.channels[i]))),
    LayerFigure("scale_d", "scale_d", QT_TRANSLATE_NOOP("LayerFigures", "Activation scale"),
                lambda s, i: _nan(s.overview.scale_d[i]), lambda s, i: _f32(s.overview.scale_d[i])),
    LayerFigure("offset_d", "offset_d", QT_TRANSLATE_NOOP("LayerFigures", "Activation offset"),
                lambda s, i: None if np.isnan(s.overview.scale_d[i]) else int(s.overview.offset_d[i]),
                lambda s, i: "" if np.isnan(s.overview.scale_d[i]) else str(int(s.overview.offset_d[i]))),
    LayerFigure("scale_w_min", QT_TRANSLATE_NOOP("LayerFigures", "scale_w min"),
                QT_TRANSLATE_NOOP("LayerFigures", "Smallest finite scale_w"),
                lambda s, i: _nan(s.overview.w_min[i]), lambda s, i: _f32(s.overview.w_min[i])),
    LayerFigure("scale_w_median", QT_TRANSLATE_NOOP("LayerFigures", "median"),
                QT_TRANSLATE_NOOP("LayerFigures", "Median of the finite scale_w values"),
                lambda s, i: _nan(s.overview.w_median[i]), lambda s, i: _g(_nan(s.overview.w_median[i]))),
    LayerFigure("scale_w_max", QT_TRANSLATE_NOOP("LayerFigures", "max"),
                QT_TRANSLATE_NOOP("LayerFigures", "Largest finite scale_w"),
                lambda s, i: _nan(s.overview.w_max[i]), lambda s, i: _f32(s.overview.w_max[i])),
    LayerFigure("scale_w_max_over_min", QT_TRANSLATE_NOOP("LayerFigures", "max/min"),
                QT_TRANSLATE_NOOP("LayerFigures", "Largest over smallest scale_w: how far the channels spread"),
                lambda s, i: _nan(s.overview.w_ratio[i]), lambda s, i: _g(_nan(s.overview.w_ratio[i]))),
    LayerFigure("scale_w_outliers", QT_TRANSLATE_NOOP("LayerFigures", "outliers"),
                QT_TRANSLATE_NOOP("LayerFigures", "scale_w channels that are outliers at fence factor k: not finite or "
                                                  "≤ 0, below FLT_EPSILON, or outside [Q1 − k·IQR, Q3 + k·IQR] of "
                                                  "log10"),
                lambda s, i: int(s.overview.outliers[i]) if s.overview.channels[i] else None,
                lambda s, i: str(int(s.overview.outliers[i])) if s.overview.channels[i] else ""),
    LayerFigure("worst_outlier", QT_TRANSLATE_NOOP("LayerFigures", "worst outlier"),
                QT_TRANSLATE_NOOP("LayerFigures", "The scale_w channel farthest outside the fence, and how many times "
                                                  "below or above it"),
                _outlier_factor, lambda s, i: w.text() if (w := s.worst_outlier(i)) is not None else "",
                mark=lambda s, i: Severity.INFO if s.worst_outlier(i) is not None else None),
    LayerFigure("scale_w_over_arq", QT_TRANSLATE_NOOP("LayerFigures", "scale_w / ARQ"),
                QT_TRANSLATE_NOOP("LayerFigures", "The channel whose scale_w is furthest from AMCT's ARQ value of the "
                                                  "model's weights: below 1 its range clips the weights, far above 1 "
                                                  "levels are wasted"),
                _review_ratio, _review_text, available=lambda s: s.reviewed, mark=_review_mark),
    LayerFigure("weight_sqnr_db", QT_TRANSLATE_NOOP("LayerFigures", "W-SQNR dB"),
                QT_TRANSLATE_NOOP("LayerFigures", "The weights quantized with the record's scale_w: signal over "
                                                  "quantization noise, in dB (doubling a scale costs about 6 dB)"),
                lambda s, i: _nan(w.sqnr_db) if (w := _weights(s, i)) is not None else None,
                lambda s, i: _db(w.sqnr_db) if (w := _weights(s, i)) is not None else "",
                available=_has_weights_analysis),
    LayerFigure("weight_clipped", QT_TRANSLATE_NOOP("LayerFigures", "W-clip"),
                QT_TRANSLATE_NOOP("LayerFigures", "The fraction of weights the quantization's clamp cuts"),
                lambda s, i: w.clipped if (w := _weights(s, i)) is not None else None,
                lambda s, i: _pct(w.clipped) if (w := _weights(s, i)) is not None else "",
                available=_has_weights_analysis),
    LayerFigure("activation_clipped", QT_TRANSLATE_NOOP("LayerFigures", "A-clip"),
                QT_TRANSLATE_NOOP("LayerFigures", "The fraction of the layer's input values outside the clip range, "
                                                  "over every sample"),
                lambda s, i: a.clipped if (a := _acts(s, i)) is not None else None,
                lambda s, i: _pct(a.clipped) if (a := _acts(s, i)) is not None else "",
                available=_has_activations),
    LayerFigure("activation_sqnr_db", QT_TRANSLATE_NOOP("LayerFigures", "A-SQNR dB"),
                QT_TRANSLATE_NOOP("LayerFigures", "The layer's input quantized with scale_d/offset_d: signal over "
                                                  "quantization noise, in dB"),
                lambda s, i: _nan(a.sqnr_db) if (a := _acts(s, i)) is not None else None,
                lambda s, i: _db(a.sqnr_db) if (a := _acts(s, i)) is not None else "",
                available=_has_activations),
    LayerFigure("similarity", QT_TRANSLATE_NOOP("LayerFigures", "similarity"),
                QT_TRANSLATE_NOOP("LayerFigures", "AMCT's similarity of the layer's float and fake-quantized output, "
                                                  "0.5 + 0.5·cos, averaged over the samples"),
                _sim, lambda s, i: "" if (x := _sim(s, i)) is None else f"{x:.6f}", available=_has_activations),
    LayerFigure("problems", QT_TRANSLATE_NOOP("LayerFigures", "problems"),
                QT_TRANSLATE_NOOP("LayerFigures", "What the rules find in the layer (its outliers are in the outlier "
                                                  "columns)"),
                lambda s, i: (lambda c: c[0] * 1e12 + c[1] * 1e6 + c[2])(s.counts(i)),
                lambda s, i: counts_text(s.counts(i)), numeric=False, mark=_problems_mark),
)


def _imported(name: str) -> LayerFigure:
    def value(s: FigureSource, i: int) -> float | None:
        r = s.result(i)
        return r.imported.get(name) if r is not None else None
    return LayerFigure(f"imported:{name}", name,
                       QT_TRANSLATE_NOOP("LayerFigures", "A column imported from another tool's per-layer results"),
                       value, lambda s, i: _g(value(s, i)))


def layer_figures(source: FigureSource) -> list[LayerFigure]:
    """The figures `source` can fill, in `LAYER_FIGURES`' order, the imported columns before
    the problems."""
    shown = [f for f in LAYER_FIGURES if f.available(source)]
    extra = [_imported(name) for name in source.imported]
    return [*shown[:-1], *extra, shown[-1]] if shown and shown[-1].id == "problems" else [*shown, *extra]
