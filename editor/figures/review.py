"""The attached model's weights against the record's scale_w, per layer, Qt-free: the worst
scale_w / ARQ ratio of each layer entry and whether any of its channels is flagged (clips
the weights or wastes levels). The window's overview row and the report's Layers table show
these numbers; each entry's review is `records.model_review.review_entry`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from editor.models import ModelError
from editor.models.weights import Review


def worst_ratios(n: int, review: Callable[[int], Review | None]) -> tuple[np.ndarray, np.ndarray]:
    """Per layer entry 0..n-1 (file order): the ratio of its channel furthest from 1 (nan
    where `review(i)` has none), and whether any channel is flagged."""
    ratios = np.full(n, np.nan)
    flagged = np.zeros(n, bool)
    for i in range(n):
        r = review(i)
        if r is not None:
            ratios[i] = r.worst_ratio
            flagged[i] = bool(r.flagged.any())
    return ratios, flagged


def reviews_of(found: Mapping[int, Review | ModelError]) -> Callable[[int], Review | None]:
    """`review(i)` over the result of `model_review.review_record` (a reason counts as none)."""
    def review(i: int) -> Review | None:
        r = found.get(i)
        return r if isinstance(r, Review) else None
    return review
