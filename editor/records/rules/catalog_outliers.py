"""Rules for a reviewer rather than for AMCT: channels whose factor is far off the layer's own
distribution. The outlier definition is `quant.outliers`, the one the Channels plot, the
overview and the Layers table use; the fence factor k comes from the check's context
(``CheckContext.outlier_k``: ``check --outlier-k``, in the window the Channels plot's k)."""
from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from editor.records import quant
from editor.records.rules._registry import INFO, Finding, _dialects_with, rule
from editor.records.rules._wording import _fmt
from editor.records.rules.views import EntryView

#: A finding names at most this many channels, the farthest out first; the Channels plot
#: (and its CSV export) lists every one.
LISTED = 32

SCALE_W_OUTLIER = rule(
    "scale-w-outlier", INFO, _dialects_with("scale_w"),
    "scale_w channels far off the layer's own values: not finite or ≤ 0, below FLT_EPSILON, or "
    "outside [Q1 − k·IQR, Q3 + k·IQR] of log10(scale_w) (k = 1.5, `check --outlier-k`)")


def _how_far(value: float, kind: int, fence: tuple[float, float] | None) -> tuple[float, str]:
    """(sort key, words) of one outlier: invalid values first, then the farthest out."""
    if kind == quant.INVALID:
        return math.inf, quant.KIND_NAMES[kind]
    if kind == quant.DEGENERATE:
        return 1e300, quant.KIND_NAMES[kind]
    assert fence is not None  # LOW and HIGH exist only with a fence
    factor = fence[0] / value if kind == quant.LOW else value / fence[1]
    times = f"{factor:.2f}" if factor < 10 else f"{factor:.3g}"
    return factor, f"{times}× {'below' if kind == quant.LOW else 'above'}"


def outlier_findings(values: np.ndarray, k: float, field: str = "scale_w") -> Iterator[Finding]:
    """The finding for the outliers of one scale vector at fence factor `k` (none if none).

    It names the channels and their values, the farthest outside the fence first (the
    finding's field points at that one), up to `LISTED` of them.
    """
    out = quant.outliers(values, k)
    bad = out.indices
    if bad.size == 0:
        return
    fence = out.fence
    ranked = sorted(((*_how_far(float(values[c]), int(out.kind[c]), fence), int(c)) for c in bad),
                    key=lambda t: (-t[0], t[2]))
    first = ranked[0][2]
    fence_text = "" if fence is None else \
        f"fence [{fence[0]:.6g}, {fence[1]:.6g}]: Q1 − {k:g}·IQR, Q3 + {k:g}·IQR of log10"
    if values.size == 1:
        msg = f"{field} = {_fmt(values[0])} is an outlier: {ranked[0][1]}"
    elif bad.size == 1:
        msg = f"{field}[{first}] = {_fmt(values[first])} is an outlier: {ranked[0][1]}"
        if out.kind[first] in (quant.LOW, quant.HIGH):
            msg += f" the {fence_text} over {values.size} values"
    else:
        listed = ", ".join(f"{field}[{c}] = {_fmt(values[c])} ({words})" for _, words, c in ranked[:LISTED])
        more = f" and {bad.size - LISTED} more" if bad.size > LISTED else ""
        where = f" ({fence_text})" if fence_text else ""
        msg = f"{bad.size} of {values.size} {field} values are outliers{where}: {listed}{more}"
    yield Finding(msg, f"{field}[{first}]" if values.size > 1 else field)


@SCALE_W_OUTLIER.on_entry
def _scale_w_outlier(e: EntryView) -> Iterator[Finding]:
    if e.n("scale_w"):
        yield from outlier_findings(e.f32("scale_w"), e.ctx.outlier_k)
