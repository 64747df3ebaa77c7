"""The numbers behind the plots (Qt-free): stats, outliers, span edits, prune bars, tables."""
from __future__ import annotations

import csv

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.figures.overview import OverviewData, batch_stats
from editor.figures.prune import BAR_INVERTED, BAR_MISMATCH, BAR_NO_RANGE, BAR_OK, BAR_OVERLAP, prune_layout
from editor.figures.series import channel_table, input_channel_table, read_layer
from editor.records import quant
from editor.records.problems import Problem, Severity
from editor.records.rules import check_message
from editor.records.synth import add_prune_node, make_big
from editor.ui.plots._data import span_values, write_csv
from tests.ui.kit import load_sample, tf_inner

f32 = st.floats(width=32, allow_nan=True, allow_infinity=True)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(f32, min_size=0, max_size=9), min_size=1, max_size=12))
def test_batch_stats_agree_with_channel_stats(vectors):
    arrays = [np.array(v, dtype=np.float32) for v in vectors]
    mins, meds, maxs = batch_stats(arrays)
    for a, mn, md, mx in zip(arrays, mins, meds, maxs, strict=True):
        s = quant.channel_stats(a)
        np.testing.assert_array_equal([mn, md, mx], [s.min, s.median, s.max])


def test_overview_rows_follow_the_record_and_update_row_equals_rebuild():
    message = tf_inner(load_sample("resnet_tf_inner_prune.txt")[0])
    data = OverviewData.build(message)
    assert data.keys == [e.key for e in message.record]
    for i, e in enumerate(message.record):
        w = np.array(e.value.scale_w, dtype=np.float32)
        if w.size:
            s = quant.channel_stats(w)
            assert (data.w_min[i], data.w_median[i], data.w_max[i]) == (s.min, s.median, s.max)
        if e.value.HasField("scale_d"):
            assert (data.clip_lo[i], data.clip_hi[i]) == quant.clip_range(e.value.scale_d, e.value.offset_d, 8)
    message.record[3].value.scale_w[2] = 123.0
    message.record[3].value.scale_d = 0.5
    data.update_row(message, 3)
    fresh = OverviewData.build(message)
    for name in ("scale_d", "w_min", "w_median", "w_max", "clip_lo", "clip_hi"):
        np.testing.assert_array_equal(getattr(data, name), getattr(fresh, name))
    assert data.w_max[3] == 123.0


def test_layer_series_weight_range_uses_wts_type_bits():
    message = tf_inner(load_sample("resnet_tf_inner_prune.txt")[0])
    i = next(i for i, e in enumerate(message.record) if len(e.value.scale_w) > 1)
    s = read_layer(message, i)
    np.testing.assert_array_equal(s.weight_range, s.scale_w.astype(np.float64) * 127)
    message.record[i].value.wts_type = "INT4"
    s4 = read_layer(message, i)
    assert s4.wts_bits == 4 and s4.wts_note == "wts_type INT4"
    np.testing.assert_array_equal(s4.weight_range, s4.scale_w.astype(np.float64) * 7)


def test_planted_outlier_is_found_at_its_channel():
    message = tf_inner(make_big("tf-inner", layers=4, channels=256, seed=3, outlier=(2, 17)))
    s = read_layer(message, 2)
    assert 17 in s.outliers.of_kind(quant.HIGH)
    assert read_layer(message, 2, k=50.0).outliers.indices.size == 0


@pytest.mark.parametrize("op, params, expect", [
    ("multiply", {"k": 2.0}, lambda v: (v.astype(np.float64) * 2).astype(np.float32)),
    ("clamp", {"a": 0.002, "b": 0.004}, lambda v: np.clip(v.astype(np.float64), np.float32(0.002),
                                                          np.float32(0.004)).astype(np.float32)),
])
def test_span_values_compute_in_float64_and_round_to_float32(op, params, expect):
    values = np.array([0.001, 0.0015, 0.003, 0.005, 0.0071], dtype=np.float32)
    got = span_values(op, values, 1, 3, **params)
    np.testing.assert_array_equal(got, expect(values[1:4]))
    assert got.dtype == np.float32


def test_span_values_median_and_copy_and_reasons():
    values = np.array([1.0, np.nan, 3.0, 4.0], dtype=np.float32)
    assert span_values("median", values, 0, 1).tolist() == [3.0, 3.0]  # median of the finite ones
    assert span_values("copy", values, 2, 3, source=0).tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="no channel 9"):
        span_values("copy", values, 0, 0, source=9)
    with pytest.raises(ValueError, match="above the upper bound"):
        span_values("clamp", values, 0, 0, a=2.0, b=1.0)
    with pytest.raises(ValueError, match="outside channels 0–3"):
        span_values("multiply", values, 2, 4, k=2.0)


def _bars(message):
    lay = prune_layout(message, problems=check_message(message, "tf-inner"))
    return {(b.prune_index, b.role, b.node_index): b for b in lay.bars}, lay


def test_planted_prune_mismatch_inverted_range_and_overlap_are_marked():
    message = tf_inner(make_big("tf-inner", layers=40, channels=64, prune_mismatch=True))
    bad = message.prune_record[1].consumer[1]
    next(a for a in bad.attr if a.name == "begin").i = 70  # inverted: [70, 64)
    shared = message.prune_record[2].consumer[1].name
    extra = message.prune_record.add()  # another producer claims [32, 96) of the same node
    add_prune_node(extra.producer, "other/Conv2D", "Conv2D", 0, 64)
    add_prune_node(extra.consumer, shared, "Conv2D", 32, 96)
    bars, lay = _bars(message)
    assert bars[(0, "consumer", 1)].status == BAR_MISMATCH
    assert "63 channels" in bars[(0, "consumer", 1)].notes[0]
    assert bars[(1, "consumer", 1)].status == BAR_INVERTED
    assert bars[(2, "consumer", 1)].status == BAR_OVERLAP
    assert bars[(len(message.prune_record) - 1, "consumer", 0)].status == BAR_OVERLAP
    assert "[32, 64)" in bars[(2, "consumer", 1)].notes[0]
    ok = [b for b in lay.bars if b.prune_index == 3]
    assert ok and all(b.status == BAR_OK for b in ok)
    assert lay.counts()[BAR_MISMATCH] == 1 and lay.counts()[BAR_INVERTED] == 1


def test_no_overlap_for_adjacent_ranges_or_the_same_producers():
    message = tf_inner(make_big("tf-inner", layers=8, channels=32, prune_records=0))
    for j, (b, e) in enumerate(((0, 32), (32, 64))):  # concat of two producers: adjacent, fine
        r = message.prune_record.add()
        add_prune_node(r.producer, f"p{j}", "Conv2D", 0, 32)
        add_prune_node(r.consumer, "concat_conv", "Conv2D", b, e)
    r = message.prune_record.add()  # same producer again over the same range: not an overlap
    add_prune_node(r.producer, "p0", "Conv2D", 0, 32)
    add_prune_node(r.consumer, "concat_conv", "Conv2D", 0, 32)
    bars, _ = _bars(message)
    assert all(b.status == BAR_OK for b in bars.values())


def test_node_without_range_and_layout_rows():
    message = tf_inner(make_big("tf-inner", layers=8, channels=16, prune_records=2))
    node = message.prune_record[1].consumer[0]
    keep = [a for a in node.attr if a.name != "end"]
    del node.attr[:]
    node.attr.extend(keep)
    bars, lay = _bars(message)
    assert bars[(1, "consumer", 0)].status == BAR_NO_RANGE
    assert "no end attribute" in bars[(1, "consumer", 0)].notes[0]
    assert lay.headers[0].startswith("prune record 0") and lay.groups[0] == (0, 3)
    assert lay.groups[1] == (5, 8)  # a blank row between groups
    only = prune_layout(message, [1])
    assert [b.prune_index for b in only.bars] == [1, 1, 1]


def test_rule_findings_on_a_node_are_added_to_its_notes():
    message = tf_inner(make_big("tf-inner", layers=8, channels=16, prune_records=2))
    message.prune_record.add().selective_prune.name = "net/sparse/Conv2D"

    def planted(text: str, j: int, field: str, rule: str = "planted") -> Problem:
        return Problem(Severity.ERROR, rule, text, prune_index=j, field=field)

    lay = prune_layout(message, problems=[
        planted("on an attr of consumer 0", 1, "consumer[0].attr[1].i"),
        planted("on producer 0 itself", 0, "producer[0]"),
        planted("on the selective node", 2, "selective_prune.name"),
        planted("said by the bar already", 1, "consumer[0].attr[2]", rule="prune-range"),
        planted("not a path", 1, "consumer[x].attr"),
        planted("on no node", 1, ""),
    ])
    notes = {(b.prune_index, b.role, b.node_index): b.notes for b in lay.bars}
    assert notes[(1, "consumer", 0)] == ["on an attr of consumer 0"]
    assert notes[(0, "producer", 0)] == ["on producer 0 itself"]
    assert notes[(2, "selective_prune", 0)][-1] == "on the selective node"
    assert all(not ns for key, ns in notes.items()
               if key not in ((1, "consumer", 0), (0, "producer", 0), (2, "selective_prune", 0)))


def test_channel_tables_round_trip_float32(tmp_path):
    message = tf_inner(load_sample("resnet_tf_inner_prune.txt")[0])
    i = next(i for i, e in enumerate(message.record) if len(e.value.tensor_balance_factor) > 1)
    s = read_layer(message, i)
    header, rows = channel_table(s)
    path = write_csv(tmp_path / "ch.csv", header, rows)
    with path.open(encoding="utf-8") as f:
        back = list(csv.reader(f))
    assert back[0] == header and len(back) == s.channels + 1
    got = np.array([float(r[1]) for r in back[1:]], dtype=np.float32)
    assert got.view(np.uint32).tolist() == s.scale_w.view(np.uint32).tolist()
    header, rows = input_channel_table(s)
    got = np.array([float(r[1]) for r in rows], dtype=np.float32)
    assert got.view(np.uint32).tolist() == s.tensor_balance_factor.view(np.uint32).tolist()


def test_overview_table_lists_problems():
    message = tf_inner(make_big("tf-inner", layers=6, channels=8, prune_records=0))
    message.record[4].value.scale_d = 0.0
    problems = check_message(message, "tf-inner")
    from editor.figures.overview import problems_by_entry
    header, rows = OverviewData.build(message).table(problems_by_entry(problems, 6))
    assert len(rows) == 6 and header[0] == "layer"
    row = dict(zip(header, rows[4], strict=True))
    assert row["errors"] == "1" and "scale_d" in row["first_problem"]
    assert dict(zip(header, rows[0], strict=True))["errors"] == "0"
