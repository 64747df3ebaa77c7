"""One outlier definition across the model: `quant.outliers`, the rule ``scale-w-outlier`` built
on it, its fence factor k (CheckContext, LiveChecker), on the real ResNet-50 record."""
from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.records import quant
from editor.records.document import RecordDocument
from editor.records.problems import Severity
from editor.records.rules import RULES, CheckContext, LiveChecker, check_document, check_message
from editor.records.rules.catalog_outliers import LISTED
from tests.conftest import MOBILENET_V2_TF, RESNET50_CAFFE

RULE = "scale-w-outlier"


def reference_outliers(values, k: float) -> np.ndarray:
    """The definition written out plainly with np.percentile: the kind of every channel."""
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    kind = np.zeros(a.size, dtype=np.int8)
    with np.errstate(invalid="ignore"):
        invalid = ~np.isfinite(a) | (a <= 0)
        degenerate = ~invalid & (a < quant.FLT_EPSILON)
    kind[invalid] = quant.INVALID
    kind[degenerate] = quant.DEGENERATE
    usable = np.flatnonzero(kind == quant.OK)
    if usable.size >= 4:
        logs = np.log10(a[usable])
        q1, q3 = np.percentile(logs, [25.0, 75.0])
        kind[usable[logs < q1 - k * (q3 - q1)]] = quant.LOW
        kind[usable[logs > q3 + k * (q3 - q1)]] = quant.HIGH
    return kind


# --- the definition ---------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64), min_size=2, max_size=80))
def test_quartiles_are_numpys_bit_for_bit(values):
    x = np.array(values, dtype=np.float64)
    q1, q3 = quant.quartiles(x.copy())
    r1, r3 = np.percentile(x, [25.0, 75.0])
    assert (q1, q3) == (float(r1), float(r3)) or (np.isnan(r1) and np.isnan(q1))


_SCALE = st.one_of(st.floats(width=32), st.sampled_from([0.0, -1e-3, 1e-9, 1e-45, float("inf"), float("nan")]),
                   st.floats(0.0001220703125, 0.0078125, width=32))


@settings(max_examples=300, deadline=None)
@given(st.lists(_SCALE, min_size=0, max_size=70), st.sampled_from([0.0, 0.5, 1.5, 3.0, 10.0]))
def test_outliers_agree_with_the_definition_written_plainly(values, k):
    a = np.array(values, dtype=np.float32)
    assert quant.outliers(a, k).kind.tolist() == reference_outliers(a, k).tolist()


def test_outlier_k_must_be_a_number_at_least_zero():
    for bad in (-0.1, float("nan")):
        with pytest.raises(ValueError):
            quant.outliers([1.0, 2.0], bad)
        with pytest.raises(ValueError):
            CheckContext("tf-inner", outlier_k=bad)


# --- the rule on the real ResNet-50 record ------------------------------------------------------

@pytest.fixture(scope="module")
def resnet50() -> RecordDocument:
    return RecordDocument.load(RESNET50_CAFFE)


def test_rule_is_a_note_about_scale_w_in_every_dialect():
    r = RULES[RULE]
    assert r.severity is Severity.INFO and r.severities == (Severity.INFO,)
    assert r.applies_to("caffe") and r.applies_to("tf-inner") and r.applies_to("pytorch")


def test_rule_finds_the_46_of_53_per_channel_layers_of_resnet50(resnet50):
    found = check_document(resnet50, rules=[RULE])
    per_channel = [e for e in resnet50.message.record if len(e.value.scale_w) > 1]
    assert len(per_channel) == 53
    assert len(found) == 46 and len({p.key for p in found}) == 46
    expected = [e.key for e in resnet50.message.record
                if (reference_outliers(np.array(e.value.scale_w, np.float32), 1.5) != quant.OK).any()]
    assert [p.key for p in found] == expected
    assert all(p.severity is Severity.INFO and p.line is not None for p in found)


def test_rule_names_channel_210_of_res2a_branch2c_with_its_value(resnet50):
    p = next(p for p in check_document(resnet50, rules=[RULE]) if p.key == "res2a_branch2c")
    w = np.array(resnet50.message.record[p.record_index].value.scale_w, dtype=np.float32)
    assert p.field == "scale_w[210]"  # the farthest out: 9.3e-07 against a median near 0.001
    assert p.message.startswith('layer "res2a_branch2c": 12 of 256 scale_w values are outliers')
    assert f"scale_w[210] = {quant.f32_str(w[210])} (197× below)" in p.message
    listed = [int(c) for c in re.findall(r"scale_w\[(\d+)\] =", p.message)]
    assert sorted(listed) == np.flatnonzero(reference_outliers(w, 1.5)).tolist()
    # located at channel 210's own line of the file
    assert p.line is not None
    line = RESNET50_CAFFE.read_text().splitlines()[p.line - 1].strip()
    assert line.startswith("scale_w:") and np.float32(line.split(":")[1]) == w[210]


def test_long_lists_stop_at_the_limit_and_say_how_many_more(resnet50):
    counts = {p.key: int(m.group(1)) for p in check_document(resnet50, rules=[RULE])
              if (m := re.search(r": (\d+) of \d+ scale_w values are outliers", p.message))}
    key, n = max(counts.items(), key=lambda kv: kv[1])
    assert n > LISTED
    p = next(p for p in check_document(resnet50, rules=[RULE]) if p.key == key)
    assert len(re.findall(r"scale_w\[\d+\] =", p.message)) == LISTED
    assert p.message.endswith(f" and {n - LISTED} more")


def test_fence_k_comes_from_the_context(resnet50):
    def layers(k: float) -> int:
        ctx = CheckContext.build(resnet50.message, resnet50.dialect, outlier_k=k)
        return len(check_document(resnet50, rules=[RULE], context=ctx))

    assert layers(1.5) == 46
    wider = layers(3.0)
    assert 0 < wider < 46
    assert layers(0.0) == 53  # every layer has a channel outside its own quartiles


def test_live_checker_follows_a_new_k_and_keeps_it_across_edits():
    doc = RecordDocument.load(MOBILENET_V2_TF)
    live = LiveChecker(doc.message, doc.dialect)
    at_default = [p for p in live.problems if p.rule == RULE]
    assert live.outlier_k == quant.DEFAULT_OUTLIER_K and len(at_default) == 41
    assert live.set_outlier_k(4.0) is True
    wide = [p for p in live.problems if p.rule == RULE]
    assert len(wide) < 41
    assert live.set_outlier_k(4.0) is False  # nothing to do
    i = at_default[0].record_index
    assert i is not None
    live.entry_changed(i)  # an edit re-checks with the k in force, not the default
    assert [p for p in live.problems if p.rule == RULE] == wide
    ctx = CheckContext.build(doc.message, doc.dialect, outlier_k=4.0)
    assert wide == [p for p in check_message(doc.message, doc.dialect, context=ctx) if p.rule == RULE]
    with pytest.raises(ValueError):
        live.set_outlier_k(-1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(_SCALE, min_size=0, max_size=12), min_size=0, max_size=12),
       st.sampled_from([0.0, 1.5, 3.0]), st.integers(0, 3))
def test_counts_of_many_vectors_are_those_of_each(vectors, k, copies):
    # same-length vectors are judged together: give the batch several of each length
    arrays = [np.array(v, dtype=np.float32) for v in vectors] * (copies + 1)
    arrays += [np.abs(a) + np.float32(1e-3) for a in arrays if a.size]  # usable rows too
    expected = [quant.outliers(a, k).indices.size for a in arrays]
    assert quant.outlier_counts(arrays, k).tolist() == expected


def test_counts_of_the_real_records_are_those_of_each():
    for path in (RESNET50_CAFFE, MOBILENET_V2_TF):
        doc = RecordDocument.load(path)
        vectors = [np.array(e.value.scale_w, dtype=np.float32) for e in doc.message.record]
        for k in (0.5, 1.5, 3.0):
            assert quant.outlier_counts(vectors, k).tolist() == [quant.outliers(v, k).indices.size for v in vectors]


def test_a_new_k_keeps_the_other_findings_in_rule_order(resnet50):
    message = type(resnet50.message)()
    message.CopyFrom(resnet50.message)
    value = message.record[4].value  # res2a_branch2c, with outliers
    value.offset_w[0] = 3  # offset-w-zero: a rule listed before scale-w-outlier
    value.channels = 0  # caffe-shape-required: one listed after it
    live = LiveChecker(message, "caffe")
    assert [p.rule for p in live.entry_problems(4)] == ["offset-w-zero", RULE, "caffe-shape-required"]
    for k in (3.0, 100.0, 0.5):
        live.set_outlier_k(k)
        ctx = CheckContext.build(message, "caffe", outlier_k=k)
        assert live.problems == check_message(message, "caffe", context=ctx)
    live.entry_changed(4)
    assert live.problems == check_message(message, "caffe", context=CheckContext.build(message, "caffe", outlier_k=0.5))
