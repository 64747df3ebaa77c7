"""What a report says, gathered from a record (and its model, analysis, comparison): Qt-free.

`ReportRequest` is what the caller knows — the command line reads the files, the window hands
over the record as it is open (unsaved edits included), its live problems, the attached model
and the compared record. `gather(request)` computes everything else once: the problems (the
same `rules.document_problems` as ``check``), the per-layer figures (`editor.figures`), the
weights review and the weight analysis where the model has weights, the flagged layers worst
first, the prune bars, the differences. `editor.report.html` only lays them out.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from editor.defaults import DEFAULT_OUTLIER_K
from editor.figures.columns import OUTLIER_RULE, FigureSource, LayerFigure, layer_figures
from editor.figures.overview import OverviewData, layer_severities, problems_by_entry
from editor.figures.prune import PruneLayout, prune_layout
from editor.figures.review import reviews_of, worst_ratios
from editor.i18n import translate
from editor.records.document import RecordDocument
from editor.records.messages import prune_records
from editor.records.problems import Problem, Severity
from editor.records.severity import ARQ as ARQ_SOURCE
from editor.records.severity import (
    DEFAULT_MIN_SQNR_DB,
    SIMILARITY,
    SQNR,
    Severities,
    arq_severity,
    combine,
    similarity_severity,
    sqnr_severity,
)

if TYPE_CHECKING:
    from editor.analysis.analyzer import AnalysisResult
    from editor.analysis.weights import WeightAnalysis
    from editor.models import Model, ModelError
    from editor.models.weights import Review
    from editor.records.diff import Differences

#: AMCT similarity below which a layer is flagged (analyze's default: cosine 0.98)
DEFAULT_MIN_SIMILARITY = 0.99
#: flagged layers drawn in full (channel plot, histograms); the others are listed
DEFAULT_MAX_LAYERS = 200

Progress = Callable[[int, int], bool]


@dataclass
class ReportRequest:
    """What the report is about. `path` is the record's name as the report shows it.

    `analysis`: a result the caller already has (the window's, or ``report --inputs``');
    without one, a model with weights gets the weight analysis run here (`analyse`).
    `problems`: the problems as the caller has them (the window's live problems, located in
    the record as it is); None: checked here. `edited`: the record has unsaved edits.
    """

    document: RecordDocument
    path: str
    model: Model | None = None
    analysis: AnalysisResult | None = None
    analyse: bool = True
    compare: RecordDocument | None = None
    compare_path: str | None = None
    rtol: float = 0.0
    atol: float = 0.0
    problems: list[Problem] | None = None
    outlier_k: float = DEFAULT_OUTLIER_K
    waste: float | None = None
    min_similarity: float = DEFAULT_MIN_SIMILARITY
    edited: bool = False
    #: what following the model's dialect did (`cli._model.follow_model`), in words
    notes: list[str] = field(default_factory=list)
    max_layers: int = DEFAULT_MAX_LAYERS
    #: the file's size in bytes (None: not a file on disk, or unknown)
    size: int | None = None


@dataclass
class Check:
    """One thing a review can look at, whether it ran, and in a few words what it found or
    why it did not run."""

    name: str
    ran: bool
    detail: str


@dataclass
class Flagged:
    """A layer the report shows in full, with why (worst reason first)."""

    index: int
    reasons: list[str]
    #: the layer's place in the severity ranking (0: the worst)
    rank: int


@dataclass
class ModelMatch:
    matched: int
    unmatched: list[str]
    without_record: list[str]


@dataclass
class ReportData:
    """Everything the HTML shows (see `gather`)."""

    request: ReportRequest
    problems: list[Problem]
    overview: OverviewData
    source: FigureSource
    figures: list[LayerFigure]
    checks: list[Check]
    flagged: list[Flagged]
    prune: PruneLayout | None
    reviews: dict[int, Review | ModelError] = field(default_factory=dict)
    arq_ratios: np.ndarray | None = None
    arq_flagged: np.ndarray | None = None
    match: ModelMatch | None = None
    differences: Differences | None = None
    #: the model's weights as AMCT quantizes them, prepared once (histograms)
    weights: WeightAnalysis | None = None
    #: each layer's severity, as the window's Layers table has it (`layer_severities`)
    severities: Severities = field(default_factory=lambda: combine(np.zeros(0), np.zeros(0), np.zeros(0)))

    def strong_outlier_layers(self) -> int:
        """How many layers have a strong outlier (at least the strong fence beyond the IQR fence)."""
        return int(np.count_nonzero(self.overview.strong > 0))

    @property
    def document(self) -> RecordDocument:
        return self.request.document

    def counts(self) -> dict[Severity, int]:
        return {s: sum(p.severity is s for p in self.problems) for s in Severity}


def _steps(progress: Progress | None, total: int) -> Callable[[], None]:
    """A step counter over `progress` (cancellation: the caller's progress raises)."""
    done = [0]

    def step() -> None:
        done[0] += 1
        if progress is not None:
            progress(min(done[0], total), total)
    return step


def gather(request: ReportRequest, progress: Progress | None = None) -> ReportData:
    """Compute what the report shows. `progress(done, total)` is told each step."""
    from editor.records import rules

    doc = request.document
    message = doc.message
    model = request.model
    step = _steps(progress, 6)
    waste = request.waste
    if waste is None:
        from editor.models.weights import DEFAULT_WASTE

        waste = DEFAULT_WASTE
    # the weights review first: it leaves AMCT's ARQ values cached on the model for the rule
    reviews: dict = {}
    if model is not None and model.has_weights and "record" in message.DESCRIPTOR.fields_by_name:
        from editor.records.model_review import review_record

        reviews = review_record(message, doc.dialect, model, waste=waste)
    step()
    context = rules.CheckContext.build(message, doc.dialect, model, outlier_k=request.outlier_k)
    if waste is not None:
        context.waste = waste
    # as `check` without --verbose: strong outliers listed, mild ones summed up per layer
    context.list_mild = False
    context.verbose_hint = False
    if request.problems is None:
        problems = rules.document_problems(doc, model, context=context)
    else:  # the window's live problems list every outlier: its outlier notes summed up the same way
        problems = [p for p in request.problems if p.rule != OUTLIER_RULE]
        problems += rules.check_document(doc, rules=[OUTLIER_RULE], context=context)
    problems.sort(key=lambda p: (p.severity.rank, p.line if p.line is not None else 1 << 60,
                                 p.record_index if p.record_index is not None else -1, p.rule))
    step()
    overview = OverviewData.build(message, request.outlier_k)
    analysis = request.analysis
    weights = None
    if model is not None and model.has_weights:
        from editor.analysis.weights import WeightAnalysis

        weights = WeightAnalysis(model)
        if analysis is None and request.analyse and len(overview):
            from editor.analysis.analyzer import Analyzer

            analyzer = Analyzer(message, model)
            analyzer.weights = weights  # the rows it prepares serve the histograms too
            analysis = analyzer.run()
    step()
    n = len(overview)
    by_entry = problems_by_entry(problems, n)
    review = reviews_of(reviews)
    source = FigureSource(message, overview, by_entry, lambda i: context.layer_type(overview.keys[i]),
                          review if reviews else None, reviewed=bool(reviews), analysis=analysis,
                          imported=list(dict.fromkeys(c.name for c in analysis.imported)) if analysis else ())
    ratios, flagged_arq = worst_ratios(n, review) if reviews else (None, None)
    differences = None
    if request.compare is not None:
        from editor.records.diff import compare_records

        differences = compare_records(message, request.compare.message).differences(request.rtol, request.atol)
    step()
    severities = layer_severities(overview, by_entry, _severity_figures(request, waste, ratios, analysis, n))
    flagged = _flagged(source, request, severities)
    has_prune = len(prune_records(message)) > 0
    prune = prune_layout(message, problems=problems) if has_prune else None
    step()
    match = None
    if model is not None:
        from editor.models.match import match_keys

        m = match_keys((e.key for e in message.record), model)
        match = ModelMatch(len(m.matched), list(m.unmatched), [layer.name for layer in m.without_record])
    data = ReportData(request, problems, overview, source, layer_figures(source), [], flagged, prune, reviews,
                      ratios, flagged_arq, match, differences, weights, severities)
    data.checks = _checks(data, analysis)
    step()
    return data


def _severity_figures(request: ReportRequest, waste: float, ratios: np.ndarray | None,
                      analysis: AnalysisResult | None, n: int) -> list[tuple[str, np.ndarray]]:
    """The figures that count towards a layer's severity besides its outliers and problems, as
    the window's overview rows give them: scale_w/ARQ (weights reviewed), weight SQNR (the
    analysis ran), similarity (activations ran)."""
    extra: list[tuple[str, np.ndarray]] = []
    if ratios is not None:
        extra.append((ARQ_SOURCE, arq_severity(ratios, waste)))
    if analysis is not None and n:
        results = [analysis.layer(i) for i in range(n)]
        if any(r is not None and r.weights is not None for r in results):
            sqnr = np.array([r.weights.sqnr_db if r is not None and r.weights is not None else np.nan
                             for r in results], dtype=np.float64)
            extra.append((SQNR, sqnr_severity(sqnr, DEFAULT_MIN_SQNR_DB)))
        if analysis.activations_run:
            sim = np.array([r.similarity if r is not None and r.similarity is not None else np.nan
                            for r in results], dtype=np.float64)
            extra.append((SIMILARITY, similarity_severity(sim, request.min_similarity)))
    return extra


def _flagged(source: FigureSource, request: ReportRequest, severities: Severities) -> list[Flagged]:
    """The layers worth a look — errors, warnings, scale_w clipping the weights or wasting
    levels, low similarity or weight SQNR, outliers — ordered by severity, worst first (as the
    window's Layers table)."""
    out = []
    place = np.empty(len(severities), np.int64)
    place[severities.ranking()] = np.arange(len(severities))
    for i in range(len(source)):
        e, w, _n = source.counts(i)
        reasons: list[str] = []
        if e:
            reasons.append((translate("report", "{n} error") if e == 1 else translate("report", "{n} errors")).format(n=e))
        if w:
            reasons.append((translate("report", "{n} warning") if w == 1
                            else translate("report", "{n} warnings")).format(n=w))
        r = source.review(i) if source.review is not None else None
        if r is not None and r.flagged.any():
            clips, wastes = int(r.clipped.sum()), int(r.wasted.sum())
            if clips:
                reasons.append((translate("report", "scale_w clips the weights in {n} channel") if clips == 1 else
                                translate("report", "scale_w clips the weights in {n} channels")).format(n=clips))
            if wastes:
                reasons.append((translate("report", "scale_w wastes levels in {n} channel") if wastes == 1 else
                                translate("report", "scale_w wastes levels in {n} channels")).format(n=wastes))
        sim = source.result(i).similarity if source.result(i) is not None else None  # type: ignore[union-attr]
        if sim is not None and sim < request.min_similarity:
            reasons.append(translate("report", "similarity {value} below {threshold}").format(
                value=f"{sim:.6f}", threshold=f"{request.min_similarity:g}"))
        worst = source.worst_outlier(i)
        if worst is not None:
            reasons.append((translate("report", "{n} scale_w outlier, {worst}") if worst.count == 1 else
                            translate("report", "{n} scale_w outliers, worst {worst}")).format(
                n=worst.count, worst=worst.text()))
        if not reasons and severities.sources[i] == SQNR:
            sqnr = source.result(i).weights.sqnr_db  # type: ignore[union-attr]
            reasons.append(translate("report", "weight SQNR {value} dB below {threshold} dB").format(
                value=f"{sqnr:.2f}", threshold=f"{DEFAULT_MIN_SQNR_DB:g}"))
        if reasons:
            out.append(Flagged(i, reasons, int(place[i])))
    out.sort(key=lambda f: f.rank)
    return out


def _checks(data: ReportData, analysis: AnalysisResult | None) -> list[Check]:
    """What was and was not checked, in words."""
    req = data.request
    model = req.model
    c = data.counts()
    checks = [Check(translate("report", "AMCT's rules"), True, translate(
        "report", "{errors} errors, {warnings} warnings, {notes} notes").format(
        errors=c[Severity.ERROR], warnings=c[Severity.WARNING], notes=c[Severity.INFO]))]
    if model is None:
        checks.append(Check(translate("report", "The record against its model"), False,
                            translate("report", "not run: no model given")))
        checks.append(Check(translate("report", "Weights review (scale_w against ARQ)"), False,
                            translate("report", "not run: no model given")))
    else:
        m = data.match
        checks.append(Check(translate("report", "The record against its model"), True, translate(
            "report", "{matched} of {records} keys name a layer of the model; {unmatched} do not; "
                      "{without} layers AMCT quantizes have no record").format(
            matched=m.matched if m else 0, records=len(data.overview), unmatched=len(m.unmatched) if m else 0,
            without=len(m.without_record) if m else 0)))
        if not model.has_weights:
            checks.append(Check(translate("report", "Weights review (scale_w against ARQ)"), False,
                                translate("report", "not run: the model has no weights")))
        else:
            reviewed = sum(1 for r in data.reviews.values() if not isinstance(r, Exception))
            flagged = int(data.arq_flagged.sum()) if data.arq_flagged is not None else 0
            checks.append(Check(translate("report", "Weights review (scale_w against ARQ)"), True, translate(
                "report", "{reviewed} layers reviewed, {flagged} with channels that clip the weights or waste "
                          "levels (above {waste}×)").format(
                reviewed=reviewed, flagged=flagged, waste=f"{req.waste or 2.0:g}")))
    if analysis is None:
        why = (translate("report", "not run: no model given") if model is None
               else translate("report", "not run: the model has no weights") if not model.has_weights
               else translate("report", "not run"))
        checks.append(Check(translate("report", "Weight error analysis"), False, why))
    else:
        done = sum(1 for r in analysis.layers if r.weights is not None)
        checks.append(Check(translate("report", "Weight error analysis"), done > 0, translate(
            "report", "{done} of {total} layers: SQNR of the weights under the record's scale_w").format(
            done=done, total=len(analysis.layers))))
    if analysis is not None and analysis.activations_run:
        measured = sum(1 for r in analysis.layers if r.similarity is not None)
        below = sum(1 for r in analysis.layers if r.similarity is not None and r.similarity < req.min_similarity)
        checks.append(Check(translate("report", "Activation analysis"), True, translate(
            "report", "{samples} samples, {measured} layers measured, {below} below similarity {threshold}").format(
            samples=len(analysis.samples), measured=measured, below=below, threshold=f"{req.min_similarity:g}")))
    else:
        if model is None:
            why = translate("report", "not run: no model given")
        elif model.framework != "onnx":
            why = translate("report", "not run: it runs ONNX models, this model is {framework}").format(
                framework=model.title)
        else:
            why = translate("report", "not run: no inputs given (report --inputs)")
        checks.append(Check(translate("report", "Activation analysis"), False, why))
    if req.compare is None:
        checks.append(Check(translate("report", "Comparison with another record"), False,
                            translate("report", "not asked (report --compare B)")))
    else:
        d = data.differences
        assert d is not None
        checks.append(Check(translate("report", "Comparison with another record"), True, translate(
            "report", "{changed} layers differ, {only_a} only in this record, {only_b} only in {other}").format(
            changed=len(d.layers), only_a=len(d.only_in_a), only_b=len(d.only_in_b),
            other=Path(req.compare_path or "B").name)))
    return checks


__all__ = ["DEFAULT_MAX_LAYERS", "DEFAULT_MIN_SIMILARITY", "OUTLIER_RULE", "Check", "Flagged", "ReportData",
           "ReportRequest", "gather"]
