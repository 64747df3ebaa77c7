"""One severity figure per layer (`editor.records.severity`): the farthest outlier's distance
beyond its fence, the weights' and the analysis's figures, the problems; on the real ResNet-50
record against a plain np.percentile re-derivation."""
from __future__ import annotations

import math

import numpy as np
import pytest

from editor.records import severity
from editor.records.document import RecordDocument
from tests.conftest import RESNET50_CAFFE


def reference_reach(values, k: float) -> tuple[float, int]:
    """(farthest outlier's × beyond the fence, channels ≥ 3× beyond it), written out plainly."""
    a = np.asarray(values, dtype=np.float64)
    if (~np.isfinite(a) | (a < np.finfo(np.float32).eps)).any():
        return math.inf, -1
    logs = np.log10(a)
    q1, q3 = np.percentile(logs, [25.0, 75.0])
    lo, hi = 10 ** (q1 - k * (q3 - q1)), 10 ** (q3 + k * (q3 - q1))
    factors = [lo / x if x < lo else x / hi if x > hi else 0.0 for x in a]
    return max(factors), sum(f >= 3.0 for f in factors)


@pytest.fixture(scope="module")
def resnet50() -> RecordDocument:
    return RecordDocument.load(RESNET50_CAFFE)


def test_reaches_of_resnet50_match_the_plain_definition(resnet50):
    vectors = [np.array(e.value.scale_w, np.float32) for e in resnet50.message.record]
    reach, strong = severity.outlier_reaches(vectors, 1.5)
    for i, v in enumerate(vectors):
        if v.size < 4:
            continue
        r, s = reference_reach(v, 1.5)
        assert reach[i] == pytest.approx(r, rel=1e-9) and strong[i] == s


def test_resnet50_ranks_the_farthest_outliers_first(resnet50):
    vectors = [np.array(e.value.scale_w, np.float32) for e in resnet50.message.record]
    keys = [e.key for e in resnet50.message.record]
    reach, _ = severity.outlier_reaches(vectors, 1.5)
    n = len(keys)
    ranked = [keys[i] for i in severity.combine(reach, np.zeros(n), np.zeros(n)).ranking()]
    assert ranked[:2] == ["res2c_branch2a", "res3b_branch2a"]
    i = keys.index("res2c_branch2a")
    assert severity.severity_text(reach[i]) == "536×"
    # a layer whose outliers are 1.01× out ranks after one 197× out, whatever their counts
    assert ranked.index("res2a_branch2c") < ranked.index("res5c_branch2c")


def test_combine_takes_the_worst_source_errors_first():
    reach = np.array([0.0, 2.0, 500.0, 1.2, 0.0])
    errors = np.array([0, 0, 0, 1, 0])
    warnings = np.array([0, 1, 0, 0, 0])
    arq = severity.arq_severity(np.array([1.5, 0.25, np.nan, 1.0, 5.0]), waste=2.0)
    assert arq[0] == 0.0 and arq[1] == 4.0 and np.isnan(arq[2]) and arq[4] == 2.5
    s = severity.combine(reach, errors, warnings, [(severity.ARQ, arq)])
    assert s.values.tolist() == [0.0, 4.0, 500.0, math.inf, 2.5]
    assert s.sources == ["", severity.ARQ, severity.OUTLIERS, severity.ERRORS, severity.ARQ]
    assert s.ranking().tolist() == [3, 2, 1, 4, 0]
    assert [s.level(i) for i in range(5)] == ["", "strong", "strong", "strong", "mild"]


def test_analysis_figures_as_severities():
    # 10 dB under the minimum: the noise amplitude is 10^(10/20) times the acceptable one
    assert severity.sqnr_severity(np.array([20.0, 40.0]), 30.0).tolist() == pytest.approx([10 ** 0.5, 0.0])
    # twice the acceptable distance from 1
    assert severity.similarity_severity(np.array([0.98, 0.995]), 0.99).tolist() == pytest.approx([2.0, 0.0])
    assert np.isnan(severity.similarity_severity(np.array([np.nan]))[0])


def test_unusable_channels_are_infinitely_far():
    assert severity.outlier_reach([1e-3, 2e-3, float("nan"), 1e-3, 3e-3], 1.5) == math.inf
    assert severity.outlier_reach([1e-3, 1e-3, 1e-3], 1.5) == 0.0
    assert severity.severity_text(0.0) == "" and severity.severity_text(1.994) == "1.99×"
