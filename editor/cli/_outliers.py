"""`--outlier-k` (check, info) and `info --outliers`: numpy is imported only to count."""
from __future__ import annotations

import argparse
import math

from editor.defaults import DEFAULT_OUTLIER_K, DEFAULT_STRONG_FENCE
from editor.records.document import RecordDocument


def outlier_k(text: str) -> float:
    """argparse type of --outlier-k: a finite number ≥ 0."""
    try:
        k = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(k) and k >= 0):
        raise argparse.ArgumentTypeError(f"must be a finite number ≥ 0, not {text}")
    return k


def add_outlier_k(p: argparse.ArgumentParser, default: float | None = DEFAULT_OUTLIER_K) -> None:
    """--outlier-k K: the IQR fence factor that decides which scale_w channels are outliers."""
    p.add_argument("--outlier-k", type=outlier_k, default=default, metavar="K",
                   help="a scale_w channel outside [Q1 - K*IQR, Q3 + K*IQR] of its layer's log10 "
                        f"values is an outlier (rule scale-w-outlier; default {DEFAULT_OUTLIER_K:g})")


def strong_fence(text: str) -> float:
    """argparse type of --strong-fence: a finite number ≥ 1."""
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not (math.isfinite(s) and s >= 1):
        raise argparse.ArgumentTypeError(f"must be a finite number ≥ 1, not {text}")
    return s


def add_strong_fence(p: argparse.ArgumentParser) -> None:
    """--strong-fence S: outliers at least S times beyond the IQR fence are strong."""
    p.add_argument("--strong-fence", type=strong_fence, default=DEFAULT_STRONG_FENCE, metavar="S",
                   help="an outlier at least S times beyond its fence is strong; without --verbose only strong "
                        f"outliers are listed, mild ones summed up per layer (default {DEFAULT_STRONG_FENCE:g})")


def scale_w_outliers(doc: RecordDocument, k: float) -> tuple[int, int]:
    """(channels, layers) whose scale_w values are outliers at fence factor `k` (`quant.outliers`,
    as the rule scale-w-outlier and the editor judge them)."""
    from editor.records import quant

    vectors = [quant.as_f32_array(e.value.scale_w) for e in doc.message.record if len(e.value.scale_w)]
    counts = quant.outlier_counts(vectors, k)
    return int(counts.sum()), int((counts > 0).sum())
