"""Comparing two records: layers by key, channels by index, tolerance, across dialects."""
from __future__ import annotations

import json
import math

from editor.cli import main
from editor.paths import samples_dir
from editor.records.dialects import DIALECTS
from editor.records.diff import diff_records
from editor.records.document import RecordDocument

SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"


def _pair():
    a = RecordDocument.load(SAMPLE).message
    b = type(a)()
    b.CopyFrom(a)
    return a, b


def test_identical_records_are_equal():
    a, b = _pair()
    assert diff_records(a, b).equal


def test_channel_and_scalar_changes_are_located():
    a, b = _pair()
    b.record[3].value.scale_w[5] *= 2
    b.record[3].value.scale_w[9] *= 1.5
    b.record[4].value.offset_d = 7
    d = diff_records(a, b)
    assert not d.equal and [c.key for c in d.changed] == [a.record[3].key, a.record[4].key]
    (w,) = d.changed[0].fields
    assert (w.field, w.differing, w.at) == ("scale_w", 2, 5)
    assert math.isclose(w.max_rel, 1.0, rel_tol=1e-6)
    (o,) = d.changed[1].fields
    assert (o.field, o.a, o.b) == ("offset_d", a.record[4].value.offset_d, 7)


def test_tolerance_and_nan():
    a, b = _pair()
    b.record[0].value.scale_w[0] *= 1.000001
    assert not diff_records(a, b).equal
    assert diff_records(a, b, rtol=1e-5).equal
    a.record[1].value.scale_w[0] = b.record[1].value.scale_w[0] = math.nan
    assert diff_records(a, b, rtol=1e-5).equal


def test_added_removed_reordered_layers_and_lengths():
    a, b = _pair()
    removed = b.record[2].key
    del b.record[2]
    extra = b.record.add()
    extra.key = "new/Conv2D"
    b.record[0].value.scale_w.append(0.1)
    first = b.record[1].SerializeToString()
    del b.record[1]
    b.record.add().MergeFromString(first)
    d = diff_records(a, b)
    assert d.only_in_a == [removed] and d.only_in_b == ["new/Conv2D"] and d.order_differs
    w = d.changed[0].fields[0]
    assert (w.len_a + 1, w.len_b) == (w.len_b, w.len_b)


def test_across_dialects_by_field_name():
    tf = RecordDocument.load(samples_dir() / "resnet_tf_convert.txt", "tf-convert").message
    ms = DIALECTS["mindspore"].new_message()
    for e in tf.record:
        n = ms.record.add()
        n.key = e.key
        n.value.scale_d = e.value.scale_d
    d = diff_records(tf, ms)
    assert d.layers_a == d.layers_b and not d.only_in_a
    assert {f.field for layer in d.changed for f in layer.fields} <= {
        "offset_d", "scale_w", "offset_w", "act_type", "wts_type", "shift_bit", "skip_fusion"}


def test_cli_diff_exit_codes_and_json(tmp_path, capsys):
    b = tmp_path / "b.txt"
    b.write_text(SAMPLE.read_text())
    assert main(["diff", str(SAMPLE), str(b)]) == 0
    key = RecordDocument.load(b).message.record[2].key
    assert main(["set", str(b), key, "scale_w[1]=0.5"]) == 0
    capsys.readouterr()
    assert main(["diff", str(SAMPLE), str(b), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["equal"] is False and out["changed"][0]["key"] == key
    assert out["changed"][0]["fields"][0]["at"] == 1
    assert main(["diff", str(SAMPLE), str(b)]) == 1
    assert f"~ {key}: scale_w: 1 of" in capsys.readouterr().out
