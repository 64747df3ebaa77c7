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

#: the rules whose findings depend on ``CheckContext.outlier_k`` (re-run alone when it changes)
OUTLIER_RULES = (SCALE_W_OUTLIER.id,)


def _words(value: float, kind: int, factor: float) -> str:
    """How one outlier is out: its kind, or how many times below or above the fence."""
    if kind in (quant.INVALID, quant.DEGENERATE):
        return quant.KIND_NAMES[kind]
    times = f"{factor:.2f}" if factor < 10 else f"{factor:.3g}"
    return f"{times}× {'below' if kind == quant.LOW else 'above'}"


def outlier_findings(values: np.ndarray, k: float, field: str = "scale_w") -> Iterator[Finding]:
    """The finding for the outliers of one scale vector at fence factor `k` (none if none).

    It names the channels and their values, the farthest outside the fence first (not finite
    or ≤ 0, then below FLT_EPSILON, then by how many times outside), up to `LISTED` of them;
    the finding's field points at the first.
    """
    out = quant.outliers(values, k)
    bad = out.indices
    if bad.size == 0:
        return
    fence = out.fence
    ranked = []  # (-how far out, channel, value, kind, factor): few per layer, plain Python is quickest
    for c, value, kind in zip(bad.tolist(), values[bad].tolist(), out.kind[bad].tolist(), strict=True):
        if kind == quant.INVALID:
            far, factor = math.inf, 0.0
        elif kind == quant.DEGENERATE:
            far, factor = 1e300, 0.0
        else:
            assert fence is not None  # LOW and HIGH exist only with a fence
            far = factor = fence[0] / value if kind == quant.LOW else value / fence[1]
        ranked.append((-far, c, value, kind, factor))
    ranked.sort()  # farthest first, then by channel
    shown = [(c, value, kind, factor) for _far, c, value, kind, factor in ranked[:LISTED]]
    first = shown[0][0]
    fence_text = "" if fence is None else \
        f"fence [{fence[0]:.6g}, {fence[1]:.6g}]: Q1 − {k:g}·IQR, Q3 + {k:g}·IQR of log10"
    if values.size == 1:
        msg = f"{field} = {_fmt(values[0])} is an outlier: {_words(*shown[0][1:])}"
    elif bad.size == 1:
        c, value, kind, f = shown[0]
        msg = f"{field}[{c}] = {quant.f32_str(value)} is an outlier: {_words(value, kind, f)}"
        if kind in (quant.LOW, quant.HIGH):
            msg += f" the {fence_text} over {values.size} values"
    else:
        listed = ", ".join(f"{field}[{c}] = {quant.f32_str(value)} ({_words(value, kind, f)})"
                           for c, value, kind, f in shown)
        more = f" and {bad.size - LISTED} more" if bad.size > LISTED else ""
        where = f" ({fence_text})" if fence_text else ""
        msg = f"{bad.size} of {values.size} {field} values are outliers{where}: {listed}{more}"
    yield Finding(msg, f"{field}[{first}]" if values.size > 1 else field)


@SCALE_W_OUTLIER.on_entry
def _scale_w_outlier(e: EntryView) -> Iterator[Finding]:
    if e.n("scale_w"):
        yield from outlier_findings(e.f32("scale_w"), e.ctx.outlier_k)
