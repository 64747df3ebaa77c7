"""Comparing two records: layers by key, channels by index, tolerance, prune nodes, dialects,
and the `diff` command that reports it."""
from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest

from editor.cli import main
from editor.paths import samples_dir
from editor.records.dialects import DIALECTS
from editor.records.diff import compare_records, diff_records
from editor.records.document import RecordDocument, convert_message
from editor.records.messages import RecordMessage
from editor.records.synth import make_big, to_text
from editor.records.values import format_float32, to_float32
from tests.conftest import REALWORLD, needs_shared

SAMPLE = samples_dir() / "resnet_tf_inner_prune.txt"
MOBILENET = REALWORLD / "Ascend_samples__9_amct__amct_tensorflow__mobilenet_v2__data__record_quantized.txt"
PRUNE_FILE = REALWORLD / "hicann_amct__prune__utils__records__record_EltwiseConv.txt"


def _pair():
    a = RecordDocument.load(SAMPLE).message
    b = type(a)()
    b.CopyFrom(a)
    return a, b


def _swap(message, i, j):
    first, second = type(message.record[i])(), type(message.record[j])()
    first.CopyFrom(message.record[i])
    second.CopyFrom(message.record[j])
    message.record[i].CopyFrom(second)
    message.record[j].CopyFrom(first)


# ---------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------

def test_identical_records_are_equal():
    a, b = _pair()
    d = diff_records(a, b)
    assert d.equal and not d.layers and not d.prune and not d.comparison.moved


def test_channel_and_scalar_changes_are_located_with_both_values():
    a, b = _pair()
    b.record[3].value.scale_w[5] *= 2
    b.record[3].value.scale_w[9] *= 1.5
    b.record[4].value.offset_d = 7
    d = diff_records(a, b)
    assert not d.equal and [c.key for c in d.changed] == [a.record[3].key, a.record[4].key]
    (w,) = d.changed[0].fields
    assert (w.field, w.differing, w.at, w.compared) == ("scale_w", 2, 5, len(a.record[3].value.scale_w))
    assert w.channels.tolist() == [5, 9]
    assert w.values_a.tolist() == [a.record[3].value.scale_w[5], a.record[3].value.scale_w[9]]
    assert w.values_b.tolist() == [b.record[3].value.scale_w[5], b.record[3].value.scale_w[9]]
    assert np.allclose(w.rel, [1.0, 0.5], rtol=1e-6)
    assert w.max_rel is not None and math.isclose(w.max_rel, 1.0, rel_tol=1e-6)
    (o,) = d.changed[1].fields
    assert (o.field, o.a, o.b, o.vector) == ("offset_d", a.record[4].value.offset_d, 7, False)


def test_one_comparison_answers_any_tolerance():
    a, b = _pair()
    b.record[0].value.scale_w[0] *= 1.000001
    b.record[2].value.scale_d *= 1.01
    c = compare_records(a, b)
    exact = c.differences()
    assert [(layer.index_a, [f.field for f in layer.fields]) for layer in exact.layers] == [
        (0, ["scale_w"]), (2, ["scale_d"])]
    assert [layer.index_a for layer in c.differences(rtol=1e-5).layers] == [2]
    assert c.differences(rtol=0.02).equal
    assert c.differences(atol=1.0).equal
    assert not c.differences().equal  # asking again with the first tolerance still finds both
    a.record[1].value.scale_w[0] = b.record[1].value.scale_w[0] = math.nan
    assert diff_records(a, b, rtol=0.02).equal  # NaN equals NaN
    b.record[1].value.scale_w[1] = math.nan
    layer = diff_records(a, b, rtol=0.02).for_a(1)
    assert layer is not None
    w = layer.field("scale_w")
    assert w is not None and w.channels.tolist() == [1] and math.isnan(w.values_b[0]) and w.at == 1
    with pytest.raises(ValueError):
        c.differences(rtol=-1)


def test_integers_compare_exactly_whatever_the_tolerance():
    a, b = _pair()
    b.record[4].value.offset_d += 1
    layer = diff_records(a, b, rtol=0.5, atol=10).for_a(4)
    assert layer is not None and [f.field for f in layer.fields] == ["offset_d"]


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
    assert [e.key for e in d.only_in_a] == [removed] and [(e.key, e.index) for e in d.only_in_b] == [
        ("new/Conv2D", len(b.record) - 2)]
    assert d.order_differs and [m.key for m in d.comparison.moved] == [a.record[1].key]
    w = d.changed[0].fields[0]
    assert w.len_a is not None
    assert (w.len_a + 1, w.len_b, w.differing) == (w.len_b, w.len_b, 0)


def test_reordering_alone_is_no_difference_and_results_follow_each_side():
    a, b = _pair()
    _swap(b, 3, 7)
    d = diff_records(a, b)
    assert d.equal and not d.layers and d.order_differs
    b.record[7].value.scale_d *= 2  # A's entry 3, now B's entry 7
    d = diff_records(a, b)
    layer = d.for_a(3)
    assert not d.equal and layer is not None and layer is d.for_b(7) and layer.key == a.record[3].key
    assert d.for_a(7) is None and d.for_b(3) is None
    assert d.comparison.row_of_a(3) == layer.row and d.comparison.row_of_b(7) == layer.row


def test_duplicate_keys_pair_copy_by_copy_and_their_order_matters():
    a, b = _pair()
    for m in (a, b):
        dup = m.record.add()
        dup.CopyFrom(m.record[0])
        dup.value.scale_d = 0.5
    d = diff_records(a, b)
    assert d.equal and d.comparison.duplicates[0].reordered is False
    _swap(b, 0, len(b.record) - 1)  # B's first copy is now the one with scale_d 0.5
    d = diff_records(a, b)
    (dup,) = d.comparison.duplicates
    assert dup.key == a.record[0].key and dup.reordered and not d.equal
    assert [(layer.copy, layer.fields[0].field) for layer in d.layers] == [(0, "scale_d"), (1, "scale_d")]
    assert d.layers[0].fields[0].b == 0.5
    extra = b.record.add()
    extra.CopyFrom(b.record[0])
    d = diff_records(a, b)
    assert [(e.key, e.copy) for e in d.only_in_b] == [(a.record[0].key, 2)]


def test_overview_gives_the_largest_log_ratio_of_scale_w_and_the_change_of_scale_d():
    a, b = _pair()
    b.record[3].value.scale_w[2] *= 4
    b.record[3].value.scale_w[4] /= 8
    b.record[5].value.scale_d *= 1.5
    c = compare_records(a, b)
    ov = c.overview
    row3, row5 = c.row_of_a(3), c.row_of_a(5)
    assert math.isclose(ov.scale_w_log_ratio[row3], math.log(8), rel_tol=1e-6)
    assert ov.scale_w_log_ratio[row5] == 0 and ov.scale_w_log_ratio[c.row_of_a(0)] == 0
    assert math.isclose(ov.scale_d_rel[row5], 0.5, rel_tol=1e-6) and ov.scale_d_rel[row3] == 0
    assert ov.scale_d_a[row5] == a.record[5].value.scale_d and ov.scale_d_b[row5] == b.record[5].value.scale_d


def _naive(a, b, rtol, atol):
    """The differences a reader would list by hand: (key, field, channel or None)."""
    found: set[tuple[str, str, int | str | None]] = set()
    eb = {e.key: e for e in b.record}
    for ea in a.record:
        if ea.key not in eb:
            continue
        va, vb = ea.value, eb[ea.key].value
        for fd in va.DESCRIPTOR.fields:
            x, y = getattr(va, fd.name), getattr(vb, fd.name)
            if fd.is_repeated:
                if len(x) != len(y):
                    found.add((ea.key, fd.name, "len"))
                for k, (p, q) in enumerate(zip(x, y, strict=False)):
                    same = p == q or (isinstance(p, float) and (
                        (math.isnan(p) and math.isnan(q)) or abs(p - q) <= atol + rtol * abs(q)))
                    if not same:
                        found.add((ea.key, fd.name, k))
            elif (va.HasField(fd.name) != vb.HasField(fd.name) or x != y) and (
                    not (isinstance(x, float) and abs(x - y) <= atol + rtol * abs(y))
                    or va.HasField(fd.name) != vb.HasField(fd.name)):
                found.add((ea.key, fd.name, None))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_vectorised_comparison_agrees_with_a_channel_by_channel_one(seed):
    rng = np.random.default_rng(seed)
    a = make_big("tf-inner", 40, 24, seed=seed, prune_records=0)
    b = type(a)()
    b.CopyFrom(a)
    for _ in range(30):
        e = b.record[int(rng.integers(40))].value
        what = rng.integers(6)
        k = int(rng.integers(len(e.scale_w))) if len(e.scale_w) else 0
        if what == 0 and len(e.scale_w):
            e.scale_w[k] *= float(rng.choice([1 + 1e-7, 1.001, 1.1, 3.0]))
        elif what == 1:
            e.scale_d *= float(rng.choice([1 + 1e-7, 1.01]))
        elif what == 2:
            e.offset_d = int(rng.integers(-128, 128))
        elif what == 3:
            e.offset_w[min(k, len(e.offset_w) - 1)] = 1
        elif what == 4:
            e.scale_w.append(0.25)
        elif len(e.scale_w):
            e.scale_w[k] = math.nan
    c = compare_records(a, b)
    for rtol, atol in ((0, 0), (1e-6, 0), (1e-2, 0), (0, 1e-3), (0.5, 0.5)):
        found: set[tuple[str, str, int | str | None]] = set()
        for layer, f in c.differences(rtol, atol).rows():
            if f.vector:
                found |= {(layer.key, f.field, int(k)) for k in f.channels}
                if f.len_a != f.len_b:
                    found.add((layer.key, f.field, "len"))
            else:
                found.add((layer.key, f.field, None))
        assert found == _naive(a, b, rtol, atol), (rtol, atol)


def test_across_dialects_compares_the_fields_both_have_and_lists_the_others_apart():
    caffe = RecordDocument.load(samples_dir() / "resnet_caffe.txt").message
    onnx: RecordMessage  # read by field name
    onnx, _ = convert_message(caffe, DIALECTS["onnx"], drop_unsupported=True)
    for entry in onnx.record:
        entry.value.ClearField("skip_fusion")
    onnx.record[4].value.scale_w[2] *= 1.5
    onnx.record[6].value.act_type = "INT16"
    onnx.record[7].value.act_type = "INT8"  # the default, said explicitly: means the same
    d = diff_records(caffe, onnx)
    assert [(layer.key, [f.field for f in layer.fields]) for layer in d.layers] == [
        (caffe.record[4].key, ["scale_w"])]
    notes = d.comparison.dialects
    assert (notes.a, notes.b) == ("caffe", "onnx")
    assert [(f.field, f.layers) for f in notes.only_in_a] == [(n, len(caffe.record)) for n in ("channels", "height", "width")]
    assert [(f.field, f.layers) for f in notes.only_in_b] == [("act_type", 2)]
    (default,) = notes.defaults
    assert (default.field, default.a, default.b, default.layers) == ("skip_fusion", False, True, len(caffe.record))
    assert not d.equal  # unset skip_fusion means false in one and true in the other
    for entry in onnx.record:
        entry.value.skip_fusion = False  # what convert writes to keep the meaning
    onnx.record[4].value.scale_w[2] = caffe.record[4].value.scale_w[2]
    d = diff_records(caffe, onnx)
    assert d.equal and not d.layers and not d.comparison.dialects.defaults


def test_a_factor_set_on_one_side_only_differs():
    a, b = _pair()
    b.record[2].value.ClearField("offset_d")
    b.record[3].value.ClearField("scale_d")
    d = diff_records(a, b, rtol=1.0, atol=1.0)
    assert [(f.field, f.b) for layer in d.layers for f in layer.fields] == [("offset_d", None), ("scale_d", None)]


def _prune_pair():
    a = RecordDocument.load(SAMPLE).message
    b = type(a)()
    b.CopyFrom(a)
    return a, b


def test_prune_records_compare_by_node_and_attribute():
    a, b = _prune_pair()
    node = b.prune_record[2].consumer[1]
    end = next(attr for attr in node.attr if attr.name == "end")
    end.i -= 4
    b.prune_record[3].consumer[0].name = "renamed"
    del b.prune_record[5]  # later records still pair with their own
    d = diff_records(a, b)
    assert not d.equal and not d.layers
    changes = [(p.prune_record, p.prune_record_b, p.role, p.node, p.attr, p.a, p.b) for p in d.prune]
    old = a.prune_record[3].consumer[0]
    shown = {"type": "FusedBatchNormV3", "begin": 0, "end": next(x.i for x in old.attr if x.name == "end")}
    assert changes == [
        (2, 2, "consumer", node.name, "end", end.i + 4, end.i),
        (3, 3, "consumer", old.name, None, shown, None),
        (3, 3, "consumer", "renamed", None, None, shown),
    ]
    assert [(r.index, r.producers) for r in d.comparison.prune_only_in_a] == [
        (5, tuple(n.name for n in a.prune_record[5].producer))]
    assert d.comparison.prune_pairs[5] == (6, 5)


def test_prune_records_in_another_order_are_no_difference():
    a, b = _prune_pair()
    last = type(b.prune_record[0])()
    last.CopyFrom(b.prune_record[0])
    del b.prune_record[0]
    b.prune_record.add().CopyFrom(last)
    d = diff_records(a, b)
    assert d.equal and d.comparison.prune_moved == [(0, len(b.prune_record) - 1)]


def test_big_records_compare_only_the_entries_whose_bytes_differ():
    a = make_big("tf-inner", 200, 64, seed=3, prune_records=0)
    b = type(a)()
    b.CopyFrom(a)
    b.record[150].value.scale_w[7] = 0.123
    c = compare_records(a, b)
    assert c.columns["value.scale_w"].rows.tolist() == [150]
    (layer,) = c.differences().layers
    assert layer.fields[0].channels.tolist() == [7] and layer.fields[0].values_b[0] == to_float32(0.123)
    other = make_big("tf-inner", 200, 64, seed=4, prune_records=0)
    d = compare_records(a, other).differences()
    fields = [layer.field("scale_w") for layer in d.layers]
    assert len(d.layers) == 200 and all(f is not None and f.differing == 64 for f in fields)


# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------

def _json(capsys, *args) -> tuple[int, dict]:
    code = main(["diff", *map(str, args), "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture
def real_record():
    """The real MobileNetV2 record when ../shared is there, else the bundled sample."""
    return MOBILENET if MOBILENET.is_file() else SAMPLE


def test_cli_names_the_layer_field_channel_and_both_values(tmp_path, capsys, real_record):
    b = tmp_path / "b.txt"
    b.write_bytes(real_record.read_bytes())
    doc = RecordDocument.load(real_record)
    index = next(i for i, e in enumerate(doc.message.record) if len(e.value.scale_w) > 3)
    entry = doc.message.record[index]
    assert main(["diff", str(real_record), str(b)]) == 0
    assert main(["set", str(b), entry.key, "scale_w[3]=0.123"]) == 0
    capsys.readouterr()
    code, out = _json(capsys, real_record, b)
    assert code == 1 and out["equal"] is False and out["layers_differing"] == 1
    (layer,) = out["changed"]
    assert (layer["key"], layer["index_a"], layer["index_b"]) == (entry.key, index, index)
    (field,) = layer["fields"]
    assert (field["field"], field["differing"], field["at"], field["len_a"]) == ("scale_w", 1, 3, len(entry.value.scale_w))
    old = entry.value.scale_w[3]
    assert field["channels"] == [{"index": 3, "a": float(format_float32(old)), "b": 0.123,
                                  "rel": pytest.approx((to_float32(0.123) - old) / old)}]
    assert main(["diff", str(real_record), str(b)]) == 1
    text = capsys.readouterr().out
    assert f"      [3] {format_float32(old)} -> 0.123 (" in text
    assert f"~ {entry.key}: scale_w 1 of {len(entry.value.scale_w)} channels (largest " in text


def test_cli_reordering_two_entries_alone_is_no_factor_difference(tmp_path, capsys, real_record):
    doc = RecordDocument.load(real_record)
    _swap(doc.message, 1, 2)
    b = tmp_path / "b.txt"
    b.write_text(to_text(doc.message))
    code, out = _json(capsys, real_record, b)
    assert code == 0 and out["equal"] and out["changed"] == []
    assert out["order"]["differs"] and out["order"]["moved"][0]["key"] in (doc.message.record[1].key,
                                                                          doc.message.record[2].key)
    assert main(["diff", str(real_record), str(b)]) == 0
    assert "the order alone changes nothing" in capsys.readouterr().out


@needs_shared
def test_cli_names_a_prune_attribute_change_on_a_real_file(tmp_path, capsys):
    text = PRUNE_FILE.read_text()
    match = re.search(r'(name: "end"\s+type: INT\s+i: )(\d+)', text)
    assert match is not None
    b = tmp_path / "b.txt"
    b.write_text(text[:match.start(2)] + "96" + text[match.end(2):])
    code, out = _json(capsys, PRUNE_FILE, b)
    a = RecordDocument.load(PRUNE_FILE).message
    node = a.prune_record[0].producer[0]
    assert code == 1 and out["prune"]["changes"] == [
        {"prune_record": 0, "prune_record_b": 0, "role": "producer", "node": node.name, "copy": 0,
         "attr": "end", "a": int(match.group(2)), "b": 96}]
    assert main(["diff", str(PRUNE_FILE), str(b)]) == 1
    assert f'~ prune record 0: producer "{node.name}": end: {match.group(2)} -> 96' in capsys.readouterr().out


def test_cli_lists_the_first_channels_then_a_count(tmp_path, capsys):
    a, b = _pair()
    index = next(i for i, e in enumerate(a.record) if len(e.value.scale_w) >= 20)
    for k in range(15):
        b.record[index].value.scale_w[k] *= 2
    pa, pb = tmp_path / "a.txt", tmp_path / "b.txt"
    pa.write_text(to_text(a))
    pb.write_text(to_text(b))
    assert main(["diff", str(pa), str(pb)]) == 1
    out = capsys.readouterr().out
    assert len(re.findall(r"^      \[\d+\] ", out, re.M)) == 10 and "      … 5 more channels" in out
    assert main(["diff", str(pa), str(pb), "--max-channels", "all"]) == 1
    assert len(re.findall(r"^      \[\d+\] ", capsys.readouterr().out, re.M)) == 15
    _code, out = _json(capsys, pa, pb, "--max-channels", "3")
    field = out["changed"][0]["fields"][0]
    assert [c["index"] for c in field["channels"]] == [0, 1, 2] and field["channels_left_out"] == 12
    assert field["differing"] == 15 and field["channels"][0]["rel"] == pytest.approx(1.0)
    with pytest.raises(SystemExit) as usage:
        main(["diff", str(pa), str(pb), "--max-channels", "-1"])
    assert usage.value.code == 2


def test_cli_fields_layers_and_summary_narrow_the_report(tmp_path, capsys):
    a, b = _pair()
    b.record[3].value.scale_w[0] *= 2
    b.record[3].value.offset_d = 5
    b.record[9].value.scale_d *= 3
    pa, pb = tmp_path / "a.txt", tmp_path / "b.txt"
    pa.write_text(to_text(a))
    pb.write_text(to_text(b))
    assert main(["diff", str(pa), str(pb), "--summary"]) == 1
    out = capsys.readouterr().out.splitlines()
    layer_lines = [line for line in out if line.startswith("~ ")]
    assert len(layer_lines) == 2 and not any(line.startswith("    ") for line in out)
    assert layer_lines[0].startswith(f"~ {a.record[3].key}: offset_d -128 -> 5, scale_w 1 of")
    code, out = _json(capsys, pa, pb, "--fields", "scale_d")
    assert code == 1 and [x["key"] for x in out["changed"]] == [a.record[9].key]
    code, out = _json(capsys, pa, pb, "--fields", "offset_d,scale_w", "--layers", re.escape(a.record[3].key))
    assert code == 1 and [f["field"] for f in out["changed"][0]["fields"]] == ["offset_d", "scale_w"]
    code, out = _json(capsys, pa, pb, "--layers", "^no such layer$")
    assert code == 0 and out["equal"] and out["changed"] == []
    code, out = _json(capsys, pa, pb, "--fields", "prune_record")
    assert code == 0 and out["changed"] == []
    code, out = _json(capsys, pa, pb, "--layers", "(")
    assert code == 2 and "--layers" in out["error"]
    code, out = _json(capsys, pa, pb, "--fields", "scale_x")
    assert code == 2 and "scale_x" in out["error"] and "scale_w" in out["error"]


def test_cli_across_dialects(tmp_path, capsys):
    caffe_path = samples_dir() / "resnet_caffe.txt"
    caffe = RecordDocument.load(caffe_path).message
    onnx: RecordMessage  # read by field name
    onnx, _ = convert_message(caffe, DIALECTS["onnx"], drop_unsupported=True)
    onnx.record[4].value.scale_w[2] = 0.5
    path = tmp_path / "onnx.txt"
    path.write_text(to_text(onnx))
    code, out = _json(capsys, caffe_path, path, "--dialect-b", "onnx")
    assert code == 1 and (out["dialect_a"], out["dialect_b"]) == ("caffe", "onnx")
    assert [(x["key"], x["fields"][0]["field"]) for x in out["changed"]] == [(caffe.record[4].key, "scale_w")]
    assert [f["field"] for f in out["dialects"]["only_in_a"]] == ["channels", "height", "width"]
    assert main(["diff", str(caffe_path), str(path), "--dialect-b", "onnx"]) == 1
    out = capsys.readouterr().out
    assert "dialects: A is caffe, B is onnx; compared the fields both have" in out
    assert "only in caffe (A), not compared: channels (set on 55 layers)" in out


def test_cli_tolerance_and_exit_codes(tmp_path, capsys):
    b = tmp_path / "b.txt"
    b.write_text(SAMPLE.read_text())
    key = RecordDocument.load(b).message.record[2].key
    old = RecordDocument.load(b).message.record[2].value.scale_d
    assert main(["set", str(b), key, f"scale_d={old * 1.001!r}"]) == 0
    capsys.readouterr()
    assert main(["diff", str(SAMPLE), str(b)]) == 1
    assert main(["diff", str(SAMPLE), str(b), "--rtol", "0.01"]) == 0
    assert "0 differ (rtol 0.01, atol 0)" in capsys.readouterr().out
    assert main(["diff", str(SAMPLE), str(b), "--atol", "nan"]) == 2


def test_cli_json_stays_strict_json_with_nan_and_infinity(tmp_path, capsys):
    a, b = _pair()
    b.record[3].value.scale_w[0] = math.nan
    b.record[3].value.scale_w[1] = math.inf
    b.record[4].value.scale_d = -math.inf
    pa, pb = tmp_path / "a.txt", tmp_path / "b.txt"
    pa.write_text(to_text(a))
    pb.write_text(to_text(b))
    assert main(["diff", str(pa), str(pb), "--json"]) == 1

    def refuse(name):
        raise AssertionError(f"{name} is not JSON")

    out = json.loads(capsys.readouterr().out, parse_constant=refuse)
    w = out["changed"][0]["fields"][0]
    assert [(c["index"], c["b"]) for c in w["channels"]] == [(0, "nan"), (1, "inf")]
    assert w["max_abs"] == "inf"
    assert out["changed"][1]["fields"][0]["b"] == "-inf"


def test_nested_and_rnn_fields_of_pytorch_records():
    a = RecordDocument.load(samples_dir() / "resnet_pytorch.txt").message
    b = type(a)()
    b.CopyFrom(a)
    kv = next(i for i, e in enumerate(b.record) if e.HasField("kv_cache_value"))
    rnn = next(i for i, e in enumerate(b.record) if len(e.value.scale_r))
    b.record[kv].kv_cache_value.scale[1] *= 2
    b.record[rnn].value.scale_h *= 3
    d = diff_records(a, b)
    kv_layer, rnn_layer = d.for_a(kv), d.for_a(rnn)
    assert kv_layer is not None and rnn_layer is not None
    assert [(f.field, f.channels.tolist() if f.vector else None) for f in kv_layer.fields] == [
        ("kv_cache_value.scale", [1])]
    (h,) = rnn_layer.fields
    assert h.field == "scale_h" and h.max_rel is not None and math.isclose(h.max_rel, 2.0, rel_tol=1e-6)


def test_channel_values_print_as_format_float32_does():
    from editor.records.diff.text import float32_texts

    rng = np.random.default_rng(7)
    values = rng.integers(0, 2**32, 20000, dtype=np.uint64).astype(np.uint32).view(np.float32)
    values = np.concatenate([values, rng.lognormal(-5, 3, 5000).astype(np.float32),
                             np.array([0, -0.0, 1, 0.1, 100, 440790, 1e-9, 16777216, 3.4028235e38, 1e-45,
                                       math.nan, math.inf, -math.inf], dtype=np.float32)])
    assert float32_texts(values) == [format_float32(v) for v in values.tolist()]
