"""Rules for a reviewer rather than for AMCT: channels whose factor is far off the layer's own
distribution. The outlier definition is `quant.outliers`, the one the Channels plot, the
overview and the Layers table use; the fence factor k comes from the check's context
(``CheckContext.outlier_k``: ``check --outlier-k``, in the window the Channels plot's k)."""
from __future__ import annotations

import math
from collections.abc import Iterator

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant_core as quant
from editor.records.rules import _vectors
from editor.records.rules._registry import INFO, Finding, _dialects_with, rule
from editor.records.rules._vectors import Vector
from editor.records.rules._wording import _fmt
from editor.records.rules.views import EntryView

#: A finding names at most this many channels, the farthest out first; the Channels plot
#: (and its CSV export) lists every one.
LISTED = 32

SCALE_W_OUTLIER = rule(
    "scale-w-outlier", INFO, _dialects_with("scale_w"), QT_TRANSLATE_NOOP(
        "rule-descriptions",
        "scale_w channels far off the layer's own values: not finite or ≤ 0, below FLT_EPSILON, or "
        "outside [Q1 − k·IQR, Q3 + k·IQR] of log10(scale_w) (k = 1.5, `check --outlier-k`)"))

#: the rules whose findings depend on ``CheckContext.outlier_k`` (re-run alone when it changes)
OUTLIER_RULES = (SCALE_W_OUTLIER.id,)


def outlier_words(value: float, kind: int, factor: float) -> str:
    """How one outlier is out: its kind, or how many times below or above the fence."""
    if kind == quant.INVALID:
        return translate("rules", "not finite or ≤ 0")
    if kind == quant.DEGENERATE:
        return translate("rules", "below FLT_EPSILON")
    times = f"{factor:.2f}" if factor < 10 else f"{factor:.3g}"
    if kind == quant.LOW:
        return translate("rules", "{times}× below").format(times=times)
    return translate("rules", "{times}× above").format(times=times)


def outlier_findings(values: Vector, k: float, field: str = "scale_w",
                     found: tuple[list[int], list[int], tuple[float, float] | None] | None = None,
                     strong: float | None = None, verbose_hint: bool = True) -> Iterator[Finding]:
    """The finding for the outliers of one scale vector at fence factor `k` (none if none).

    It names the channels and their values, the farthest outside the fence first (not finite
    or ≤ 0, then below FLT_EPSILON, then by how many times outside), up to `LISTED` of them;
    the finding's field points at the first. `found`: ``_vectors.outliers(values, k)`` when
    already known. With a `strong` fence (``check`` without ``--verbose``) only the strong
    outliers, at least `strong` times beyond the fence, are listed; the mild ones are summed
    up (how many, the farthest), so a layer takes one line.
    """
    bad, kinds, fence = found if found is not None else _vectors.outliers(values, k)
    if not bad:
        return
    ordered = quant.rank_outliers(values, bad, kinds, fence)
    if strong is not None and len(bad) > 1:
        ranked = [(-_how_far(kind, factor), c, value, kind, factor) for c, value, kind, factor in ordered]
        yield _summed_up(values, ranked, fence, k, field, strong, verbose_hint)
        return
    shown = ordered[:LISTED]
    first = shown[0][0]
    fence_text = "" if fence is None else translate(
        "rules", "fence [{lo}, {hi}]: Q1 − {k}·IQR, Q3 + {k}·IQR of log10").format(
        lo=f"{fence[0]:.6g}", hi=f"{fence[1]:.6g}", k=f"{k:g}")
    if len(values) == 1:
        msg = translate("rules", "{name} = {value} is an outlier: {how}").format(
            name=field, value=_fmt(values[0]), how=outlier_words(*shown[0][1:]))
    elif len(bad) == 1:
        c, value, kind, f = shown[0]
        msg = translate("rules", "{name} = {value} is an outlier: {how}").format(
            name=f"{field}[{c}]", value=quant.f32_str(value), how=outlier_words(value, kind, f))
        if kind in (quant.LOW, quant.HIGH):
            msg += translate("rules", " the {fence} over {count} values").format(fence=fence_text, count=len(values))
    else:
        listed = translate("rules", ", ").join(
            translate("rules", "{name} = {value} ({how})").format(
                name=f"{field}[{c}]", value=quant.f32_str(value), how=outlier_words(value, kind, f))
            for c, value, kind, f in shown)
        more = translate("rules", " and {count} more").format(count=len(bad) - LISTED) if len(bad) > LISTED else ""
        where = f" ({fence_text})" if fence_text else ""
        msg = translate("rules", "{count} of {total} {name} values are outliers{where}: {listed}").format(
            count=len(bad), total=len(values), name=field, where=where, listed=listed + more)
    yield Finding(msg, f"{field}[{first}]" if len(values) > 1 else field)


def _how_far(kind: int, factor: float) -> float:
    """How far beyond the fence, for ordering: not finite or ≤ 0 first, then below FLT_EPSILON."""
    if kind == quant.INVALID:
        return math.inf
    if kind == quant.DEGENERATE:
        return 1e300
    return factor


def _summed_up(values: Vector, ranked: list[tuple[float, int, float, int, float]],
               fence: tuple[float, float] | None, k: float, field: str, strong: float,
               verbose_hint: bool = True) -> Finding:
    """The finding of several outliers with the mild ones summed up: the strong ones (at least
    `strong` times beyond the fence, or not usable) listed, then how many mild ones and the
    farthest of them. `ranked` is farthest first."""
    strong_ones = [(c, value, kind, f) for far, c, value, kind, f in ranked if -far >= strong][:LISTED]
    n_strong = sum(1 for far, *_rest in ranked if -far >= strong)
    mild = [(c, value, kind, f) for far, c, value, kind, f in ranked if -far < strong]
    fence_text = translate("rules", "fence") if fence is None else translate("rules", "fence [{lo}, {hi}] at k = {k}").format(
        lo=f"{fence[0]:.6g}", hi=f"{fence[1]:.6g}", k=f"{k:g}")
    total = len(ranked)
    parts = []
    if strong_ones:
        parts.append(translate("rules", ", ").join(
            translate("rules", "{name} = {value} ({how})").format(
                name=f"{field}[{c}]", value=quant.f32_str(value), how=outlier_words(value, kind, f))
            for c, value, kind, f in strong_ones))
        if n_strong > LISTED:
            parts[-1] += translate("rules", " and {count} more").format(count=n_strong - LISTED)
    if mild:
        c, value, kind, f = mild[0]
        parts.append(translate("rules", "{count} mild, the farthest {name} ({how})").format(
            count=len(mild), name=f"{field}[{c}]", how=outlier_words(value, kind, f)))
    if not n_strong:  # mild ones only: one short line
        c, value, kind, f = mild[0]
        # the hint names check's option; a report (no such option) leaves it out
        text = (translate("rules", "{count} of {total} {name} values are mild outliers (< {fence}× beyond the "
                                   "{where}), the farthest {channel} ({how}); --verbose lists them") if verbose_hint
                else translate("rules", "{count} of {total} {name} values are mild outliers (< {fence}× beyond the "
                                        "{where}), the farthest {channel} ({how})")).format(
            count=total, total=len(values), name=field, fence=f"{strong:g}", where=fence_text,
            channel=f"{field}[{c}]", how=outlier_words(value, kind, f))
        return Finding(text, f"{field}[{ranked[0][1]}]")
    head = translate("rules", "{count} of {total} {name} values are outliers, {strong} of them strong "
                              "(≥ {fence}× beyond the {where})").format(
        count=total, total=len(values), name=field, strong=n_strong, fence=f"{strong:g}", where=fence_text)
    first = ranked[0][1]
    return Finding(head + translate("rules", ": ") + translate("rules", "; ").join(parts), f"{field}[{first}]")


@SCALE_W_OUTLIER.on_entry
def _scale_w_outlier(e: EntryView) -> Iterator[Finding]:
    if e.n("scale_w"):
        yield from outlier_findings(e.f32("scale_w"), e.ctx.outlier_k, found=e.outliers("scale_w"),
                                    strong=None if e.ctx.list_mild else e.ctx.strong_fence,
                                    verbose_hint=e.ctx.verbose_hint)
