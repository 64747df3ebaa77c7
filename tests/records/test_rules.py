"""The rule engine: every rule on its own test files, the real files, the incremental and
validation APIs the panels build on."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from google.protobuf import text_format
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.problems import Problem, Severity
from editor.records.rules import (
    RULES,
    CheckContext,
    LiveChecker,
    check_document,
    check_entry,
    check_file_rules,
    check_message,
    check_prune_record,
    guess_layer_type,
    rules_table,
    validate_changes,
    validate_prune_value,
    validate_value,
)
from tests.conftest import REALWORLD, REPO, needs_shared

RULE_DATA = Path(__file__).resolve().parents[1] / "data" / "rules"
_EXPECT = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|-?\d+|null)')
_MODELS: dict[Path, object] = {}


def rule_file_model(path: Path):
    """The model a rule test file names on a ``# model: PATH`` line (relative to the file), or
    None: the ``model-`` rules run only with one."""
    m = re.search(r"^#\s*model:\s*(\S+)", path.read_text(encoding="utf-8"), re.M)
    if m is None:
        return None
    target = (path.parent / m.group(1)).resolve()
    if target not in _MODELS:
        from editor.models import load_model

        _MODELS[target] = load_model(target)
    return _MODELS[target]


def load_rule_file(path: Path):
    """(dialect name, message, expectations) of a rule test file."""
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    m = re.match(r"#\s*dialect:\s*(\S+)", first)
    assert m, f"{path.name}: the first line must name the dialect"
    dialect = m.group(1)
    message = DIALECTS[dialect].new_message()
    text_format.Merge(text, message)
    expects = []
    for line in text.splitlines():
        if line.startswith("# expect:"):
            expects.append({k: json.loads(v) for k, v in _EXPECT.findall(line)})
    return dialect, message, expects


def parse(dialect: str, text: str):
    msg = DIALECTS[dialect].new_message()
    text_format.Merge(text, msg)
    return msg


def _matches(p: Problem, exp: dict) -> bool:
    """The expectations use the names `check --json` prints (record=, prune_record=)."""
    data = p.to_json()
    return all(str(data[k]) == str(v) for k, v in exp.items())


# --- one bad and one ok file per rule -------------------------------------------------------

#: ``RULE.bad.txt``/``RULE.ok.txt`` for every rule, and ``RULE.VARIANT.bad.txt``/``.ok.txt`` pairs
#: where a rule behaves differently in another dialect (e.g. reserved-field.caffe)
_RULE_FILE = re.compile(r"^(?P<rule>[a-z0-9-]+)(?:\.(?P<variant>[a-z0-9-]+))?\.(?P<kind>bad|ok)\.txt$")


def _variants() -> list[str]:
    """``rule`` and ``rule.variant`` stems of the rule test files, every rule's plain one first."""
    extra = sorted({p.name.rsplit(".", 2)[0] for p in RULE_DATA.glob("*.*.*.txt")})
    return list(RULES) + extra


def _rule_of(stem: str) -> str:
    return stem.split(".")[0]


def test_every_rule_has_a_bad_and_an_ok_file():
    files = {p.name for p in RULE_DATA.glob("*.txt")}
    expected = {f"{r}.{kind}.txt" for r in RULES for kind in ("bad", "ok")}
    assert expected <= files
    for name in files - expected:  # a dialect variant: a known rule, with both files
        m = _RULE_FILE.match(name)
        assert m and m["variant"] and m["rule"] in RULES, name
        other = "ok" if m["kind"] == "bad" else "bad"
        assert f"{m['rule']}.{m['variant']}.{other}.txt" in files, name


@pytest.mark.parametrize("stem", _variants())
def test_bad_file_triggers_exactly_the_expected_problems(stem):
    rule_id = _rule_of(stem)
    dialect, message, expects = load_rule_file(RULE_DATA / f"{stem}.bad.txt")
    model = rule_file_model(RULE_DATA / f"{stem}.bad.txt")
    assert expects, "a bad file lists what it expects"
    assert RULES[rule_id].applies_to(dialect)
    found = [p for p in check_message(message, dialect, model=model) if p.rule == rule_id]
    for exp in expects:
        exp.setdefault("severity", RULES[rule_id].severity.value)
        assert any(_matches(p, exp) for p in found), f"expected {exp}, got {[p.to_json() for p in found]}"
    unexpected = [p for p in found if not any(_matches(p, e) for e in expects)]
    assert not unexpected, [p.to_json() for p in unexpected]
    for p in found:  # location fields follow the Problem conventions
        if p.prune_index is not None:
            assert p.key is None and p.record_index is None
        elif p.record_index is None:  # a whole-file finding no entry is concerned by
            assert p.key is None
        else:
            assert p.record_index is not None
            assert p.key == (message.record[p.record_index].key
                                if message.record[p.record_index].HasField("key") else None)
        assert p.field, "every finding names a field"


@pytest.mark.parametrize("stem", _variants())
def test_ok_file_is_clean(stem):
    rule_id = _rule_of(stem)
    dialect, message, expects = load_rule_file(RULE_DATA / f"{stem}.ok.txt")
    assert not expects
    problems = check_message(message, dialect, model=rule_file_model(RULE_DATA / f"{stem}.ok.txt"))
    assert [p for p in problems if p.rule == rule_id] == []
    assert [p.message for p in problems if p.severity is Severity.ERROR] == []


@pytest.mark.parametrize("stem", _variants())
def test_selecting_one_rule_runs_only_that_rule(stem):
    rule_id = _rule_of(stem)
    dialect, message, _ = load_rule_file(RULE_DATA / f"{stem}.bad.txt")
    model = rule_file_model(RULE_DATA / f"{stem}.bad.txt")
    only = check_message(message, dialect, rules=[rule_id], model=model)
    assert only and {p.rule for p in only} == {rule_id}
    assert only == [p for p in check_message(message, dialect, model=model) if p.rule == rule_id]


def test_unknown_rule_id_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="offset-d-range"):
        check_message(DIALECTS["tf-inner"].new_message(), "tf-inner", rules=["no-such-rule"])


def test_severity_filter():
    dialect, message, _ = load_rule_file(RULE_DATA / "offset-d-range.bad.txt")
    warnings = check_message(message, dialect, severities=["warning"])
    assert warnings and {p.severity for p in warnings} == {Severity.WARNING}
    errors = check_message(message, dialect, severities=[Severity.ERROR])
    assert errors and {p.severity for p in errors} == {Severity.ERROR}


def test_every_finding_is_at_a_level_its_rule_declares():
    """A check for some levels only (edits are judged by errors alone) skips the rules that
    never report those levels: each rule must declare every level it reports."""
    for stem in _variants():
        for kind in ("bad", "ok"):
            path = RULE_DATA / f"{stem}.{kind}.txt"
            dialect, message, _ = load_rule_file(path)
            for p in check_message(message, dialect, model=rule_file_model(path)):
                if p.rule in RULES:
                    assert p.severity in RULES[p.rule].severities, (path.name, p.to_json())
    dialect, message, _ = load_rule_file(RULE_DATA / "offset-d-range.bad.txt")
    assert check_message(message, dialect, severities=["error"]) == [
        p for p in check_message(message, dialect) if p.severity is Severity.ERROR]


def test_rule_metadata_is_complete():
    for r in RULES.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.id)
        assert r.dialects and r.dialects <= set(DIALECTS)
        assert r.description and "\n" not in r.description
        assert r.entry or r.prune or r.document
        assert len(set(r.severities)) == len(r.severities)


# --- messages a user reads ----------------------------------------------------------------

def test_messages_name_layer_field_value_and_range():
    msg = parse("tf-inner", 'record { key: "conv1" value { scale_d: 0.1 offset_d: 200 '
                            'scale_w: 0.1 offset_w: 0 act_type: "INT8" } }')
    (p,) = check_message(msg, "tf-inner", rules=["offset-d-range"])
    assert p.message == 'layer "conv1": offset_d = 200 is outside [-128, 127] (act_type INT8)'
    assert (p.key, p.record_index, p.field) == ("conv1", 0, "offset_d")
    msg.record[0].value.ClearField("act_type")
    (p,) = check_message(msg, "tf-inner", rules=["offset-d-range"])
    assert "(act_type unset, so INT8)" in p.message


def test_vector_messages_list_bad_channels():
    msg = parse("tf-inner", 'record { key: "c/Conv2D" value { scale_d: 0.1 offset_d: 0 '
                            'scale_w: [0.1, 0, 0.2, -1, 0.3, nan, -2] offset_w: [0,0,0,0,0,0,0] } }')
    (p,) = check_message(msg, "tf-inner", rules=["scale-positive"])
    assert p.field == "scale_w[1]"
    assert p.message == ('layer "c/Conv2D": 4 of 7 scale_w values are not finite and > 0: '
                         "scale_w[1] = 0.0, scale_w[3] = -1.0, scale_w[5] = nan and 1 more")


def test_key_shown_with_its_line_breaks_visible():
    msg = parse("tf-inner", 'record { key: "\\nconv2d/Conv2D\\n" value { scale_d: 0.1 offset_d: 0 '
                            "scale_w: 0.1 offset_w: 0 } }")
    (p,) = check_message(msg, "tf-inner", rules=["key-whitespace"])
    assert p.message.startswith('layer "\\nconv2d/Conv2D\\n": ')
    assert 'did you mean "conv2d/Conv2D"' in p.message


def _prune(dialect: str, node_attrs: str) -> object:
    return parse(dialect, 'prune_record { producer { name: "a/Conv2D" attr { name: "begin" type: INT i: 0 } '
                          'attr { name: "end" type: INT i: 8 } ' + node_attrs + " } }")


def test_wording_an_int_attr_the_repeated_channel_and_the_shape_range():
    (p,) = check_message(_prune("tf-inner", 'attr { name: "group" type: INT f: 2 }'), "tf-inner",
                         rules=["prune-attr-type"])
    assert "has type INT but sets f; an INT attr carries its value in i" in p.message
    (p,) = check_message(_prune("tf-inner", 'attr { name: "prune_index" type: INTS ints: [1, 5, 5, 2] }'),
                         "tf-inner", rules=["prune-range"])
    assert "prune_index lists channel 5 (2 times) more than once" in p.message
    (p,) = check_message(_prune("tf-inner", 'attr { name: "prune_index" type: INTS ints: [3, 1, 3, 1, 3] }'),
                         "tf-inner", rules=["prune-range"])
    assert "prune_index lists channels 1 (2 times), 3 (3 times) more than once" in p.message
    caffe = parse("caffe", 'record { key: "conv1" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 offset_w: 0 '
                           "channels: 3 height: 8 width: 0 } }")
    (p,) = check_message(caffe, "caffe", rules=["caffe-shape-required"])
    assert p.message == ('layer "conv1": width = 0 is not a valid input shape; channels, height and width '
                         "must each be ≥ 1")


def test_guessed_type_is_said_in_the_message():
    msg = parse("tf-inner", 'record { key: "fc1" value { scale_d: 0.1 offset_d: 0 '
                            "scale_w: [0.1, 0.2] offset_w: [0, 0] } }")
    (p,) = check_message(msg, "tf-inner", rules=["per-channel-type"])
    assert "guessed from its name" in p.message and p.severity is Severity.WARNING


# --- dialect-dependent behaviour ------------------------------------------------------------

LINEAR = ('record { key: "fc" value { scale_d: 0.1 offset_d: 0 scale_w: [0.1, 0.2, 0.3] '
          "offset_w: [0, 0, 0] } }")


def test_per_channel_linear_allowed_only_in_pytorch():
    assert check_message(parse("pytorch", LINEAR), "pytorch", rules=["per-channel-type"]) == []
    (p,) = check_message(parse("tf-inner", LINEAR), "tf-inner", rules=["per-channel-type"])
    assert p.severity is Severity.WARNING  # "fc" is a naming convention, not an op type


def test_prune_type_attribute_beats_the_key():
    # the key says MatMul, the file's prune record says Conv2D: trust the file
    text = ('record { key: "x/MatMul" value { scale_d: 0.1 offset_d: 0 scale_w: [0.1, 0.2] '
            'offset_w: [0, 0] } } prune_record { producer { name: "x/MatMul" '
            'attr { name: "type" type: STRING s: "Conv2D" } attr { name: "begin" type: INT i: 0 } '
            'attr { name: "end" type: INT i: 2 } } }')
    msg = parse("tf-inner", text)
    assert check_message(msg, "tf-inner", rules=["per-channel-type"]) == []
    msg.prune_record[0].producer[0].attr[0].s = b"FusedBatchNormV3"
    (p,) = check_message(msg, "tf-inner", rules=["per-channel-type"])
    assert p.severity is Severity.ERROR and "from its prune record" in p.message


def test_int16_range_only_where_act_type_exists():
    ok16 = ('record { key: "a/Conv2D" value { scale_d: 0.1 offset_d: 300 scale_w: 0.1 offset_w: 0 '
            'act_type: "INT16" } }')
    assert check_message(parse("onnx", ok16), "onnx", rules=["offset-d-range"]) == []
    plain = 'record { key: "a" value { scale_d: 0.1 offset_d: 300 scale_w: 0.1 offset_w: 0 } }'
    (p,) = check_message(parse("mindspore", plain), "mindspore", rules=["offset-d-range"])
    assert "[-128, 127] (INT8)" in p.message


def test_shift_bit_reserved_only_in_tf_convert():
    text = ('record { key: "a/Conv2D" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 offset_w: 0 '
            "shift_bit: 1 } }")
    for d in DIALECTS:
        if d == "caffe":
            continue
        found = check_message(parse(d, text), d, rules=[r for r in ["reserved-field"] if RULES[r].applies_to(d)])
        assert bool(found) == (d == "tf-convert"), d


def test_shift_bit_in_caffe_is_a_note_that_names_the_contradiction():
    text = ('record { key: "conv1" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 offset_w: 0 '
            "shift_bit: 1 channels: 3 height: 8 width: 8 } }")
    (p,) = check_message(parse("caffe", text), "caffe", rules=["reserved-field"])
    assert p.severity is Severity.INFO and p.field == "shift_bit"
    assert "reserved for convert_model" in p.message and "needs shift_bit" in p.message
    assert "contradicts itself" in p.message and "example sets it" in p.message
    # TF convert_model's docs only reserve it: a warning there
    (p,) = check_message(parse("tf-convert", text.replace(" channels: 3 height: 8 width: 8", "")),
                         "tf-convert", rules=["reserved-field"])
    assert p.severity is Severity.WARNING
    assert RULES["reserved-field"].severities == (Severity.WARNING, Severity.INFO)


def test_cluster_is_documented_unsupported_in_tf_inner():
    text = ('record { key: "a/Conv2D" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 offset_w: 0 '
            "cluster: [" + ", ".join(str(i * 8 - 64) for i in range(16)) + "] } }")
    (p,) = check_message(parse("tf-inner", text), "tf-inner", rules=["reserved-field"])
    assert p.field == "cluster" and p.severity is Severity.WARNING


def test_onnx_and_pytorch_only_values():
    onnx = parse("onnx", 'record { key: "Conv_0" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 '
                         'offset_w: 0 skip_fusion: false op_data_type: "FLOAT64" } }')
    (p,) = check_message(onnx, "onnx", rules=["type-values"])
    assert p.field == "op_data_type"
    pt = parse("pytorch", 'record { key: "conv" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 '
                          'offset_w: 0 fakequant_precision_mode: "FAST" } }')
    (p,) = check_message(pt, "pytorch", rules=["type-values"])
    assert p.field == "fakequant_precision_mode"


def test_rnn_factors_use_the_activation_and_weight_rules():
    pt = parse("pytorch", 'record { key: "lstm" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 '
                          "offset_w: 0 scale_h: 0.1 offset_h: 300 scale_r: [0.1, 0.1] "
                          "offset_r: [0, 5] } }")
    fields = {(p.rule, p.field) for p in check_message(pt, "pytorch")}
    assert ("offset-d-range", "offset_h") in fields
    assert ("offset-w-zero", "offset_r[1]") in fields


def test_caffe_pool_without_weights_is_fine_and_pool_type_is_a_guess():
    assert guess_layer_type("pool5").kind == "avgpool" and guess_layer_type("pool5").source == "name"
    assert guess_layer_type("maxpool").kind == "unknown"
    assert guess_layer_type("MobilenetV2/Logits/AvgPool").source == "key"


@pytest.mark.parametrize("key,kind,source", [
    ("MobilenetV2/Conv/Conv2D", "conv", "key"),
    ("MobilenetV2/expanded_conv/depthwise/depthwise", "conv", "key"),
    ("fc4/Tensordot/MatMul", "fc", "key"),
    ("fc4/Tensordot/MatMul_1", "fc", "key"),
    ("add:1", "unknown", "none"),
    ("fc1000", "fc", "name"),
    ("fc.0", "fc", "name"),
    ("classifier.1", "unknown", "none"),
    ("res2a_branch2a", "unknown", "none"),
    ("conv_bn1.0", "conv", "name"),
    ("global_pool", "avgpool", "name"),
    ("upsample", "unknown", "none"),
])
def test_layer_type_from_key(key, kind, source):
    t = guess_layer_type(key)
    assert (t.kind, t.source) == (kind, source)


# --- the real files -------------------------------------------------------------------------

def _realworld_dialects(name: str) -> list[str]:
    if "amct_caffe" in name:
        return ["caffe"]
    if "__prune__" in name:
        return ["tf-inner", "pytorch"]
    if "mobilenet" in name:
        return ["tf-inner", "tf-convert"]
    return ["pytorch", "tf-inner", "onnx"]


def _realworld_cases():
    if not REALWORLD.is_dir():
        return []
    return [(p.name, d) for p in sorted(REALWORLD.glob("*.txt")) for d in _realworld_dialects(p.name)]


@needs_shared
@pytest.mark.parametrize("name,dialect", _realworld_cases())
def test_realworld_files(name, dialect):
    msg = parse(dialect, (REALWORLD / name).read_text(encoding="utf-8"))
    problems = check_message(msg, dialect)
    errors = {(p.rule, p.key, p.field) for p in problems if p.severity is Severity.ERROR}
    if "conv_model_w" in name:
        # weight-only factors for a custom op: AMCT's standard reader rejects it
        assert errors == {("missing-factors", k, f) for k in ("conv1", "conv2") for f in ("scale_d", "offset_d")}
    else:
        assert errors == set()
    # docs/RECORD-FORMAT.md names nothing suspicious in these files
    assert [p.message for p in problems if p.severity is Severity.WARNING] == []
    infos = {p.rule for p in problems if p.severity is Severity.INFO}
    expected_infos = set()
    if "int4_record" in name:
        expected_infos.add("bit-width-hint")
    if dialect == "onnx":
        expected_infos.add("skip-fusion-default")
    if any(part in name for part in ("resnet50", "mobilenet_v2", "auto_search_quant_bit", "quantize_tool")):
        # calibrated per-channel scales with channels far off the rest (four layers of
        # model_001 and of both auto-search records, most layers of ResNet-50 and MobileNetV2)
        expected_infos.add("scale-w-outlier")
    assert infos == expected_infos


@needs_shared
def test_realworld_int4_record_hint_points_at_an_int4_offset():
    name = "hicann_amct__single_file__utils__test_auto_search_quant_bit__int4_record.txt"
    msg = parse("pytorch", (REALWORLD / name).read_text(encoding="utf-8"))
    (p,) = check_message(msg, "pytorch", rules=["bit-width-hint"])
    assert msg.record[p.record_index].value.offset_d == -8 and p.field == "act_type"


# --- check_document: line numbers from the document -------------------------------------------

class _LocatingDoc:
    def __init__(self, message, dialect):
        self.message, self.dialect, self.calls = message, DIALECTS[dialect], []

    def locate(self, record_index=None, prune_index=None, field=None):
        self.calls.append((record_index, prune_index, field))
        if field is not None and field.startswith("scale_w"):
            return None  # not known: the entry's own position is used instead
        return (100 + (record_index or 0), 3 if field else 1)


def test_check_document_fills_line_and_column_from_locate():
    dialect, message, _ = load_rule_file(RULE_DATA / "scale-positive.bad.txt")
    doc = _LocatingDoc(message, dialect)
    problems = check_document(doc)
    assert problems and all(p.line is not None for p in problems)
    by_field = {(p.key, p.field): (p.line, p.column) for p in problems}
    assert by_field[("zero", "scale_d")] == (100, 3)
    assert by_field[("channels", "scale_w[2]")] == (101, 1)  # fell back to the entry
    assert (1, None, "scale_w[2]") in doc.calls and (1, None, None) in doc.calls


def test_duplicate_key_rule_counts_a_third_copy_as_such():
    text = 'record {\n  key: "a"\n}\n' * 3
    found = list(check_message(parse("tf-inner", text), "tf-inner", rules=["duplicate-key"]))
    assert [p.record_index for p in found] == [1, 2]
    assert "appears again (first at record 0)" in found[0].message
    assert "appears again, a 3rd time (first at record 0)" in found[1].message


def test_merge_lists_a_duplicate_key_once_and_drops_it_when_the_record_no_longer_has_it():
    from editor.records.rules import document_problems, merge_problems

    value = "value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 offset_w: 0 }"
    text = f'record {{\n  key: "a"\n  {value}\n}}\nrecord {{\n  key: "a"\n  {value}\n}}\n'
    doc = RecordDocument.from_text(text, "tf-inner")
    (read,) = doc.problems
    (rule,) = [p for p in check_document(doc) if p.rule == "duplicate-key"]
    # both report record 1: listed once, the reader's words and lines kept
    assert read.rule == rule.rule == "duplicate-key" and read.record_index == rule.record_index == 1
    merged = document_problems(doc)
    assert [p for p in merged if p.rule == "duplicate-key"] == [read] and read.line == 5
    # the record is edited: the rules no longer find it, so the reading problem goes as well
    doc.message.record[1].key = "b"
    assert [p.rule for p in merge_problems(doc.problems, check_message(doc.message, "tf-inner"))] == []
    # the twin moved (another entry inserted above): the rules' finding, not the stale one
    doc.message.record[1].key = "a"
    doc.message.record.insert(0, doc.message.record[0])
    doc.message.record[0].key = "z"
    (p,) = merge_problems(doc.problems, check_message(doc.message, "tf-inner", rules=["duplicate-key"]))
    assert p.record_index == 2 and p.line is None
    # reading problems the rules do not judge stay as read
    other = Problem(Severity.WARNING, "field-override", "x", "a", 0, field="scale_d", line=3)
    assert merge_problems([other], []) == [other]


def test_check_document_on_a_record_document(tmp_path):
    text = (RULE_DATA / "prune-width.bad.txt").read_text(encoding="utf-8")
    doc = RecordDocument.from_text(text, "tf-inner")
    problems = check_document(doc)
    assert {p.rule for p in problems} >= {"prune-width"}
    assert problems == [p.with_location(p.line, p.column) for p in problems]


# --- incremental checking ---------------------------------------------------------------------

def _pieces(message, dialect):
    ctx = CheckContext.build(message, dialect)
    out = []
    for i in range(len(message.record)):
        out += check_entry(message, dialect, i, ctx)
    for j in range(len(message.prune_record) if DIALECTS[dialect].has_prune else 0):
        out += check_prune_record(message, dialect, j, ctx)
    return out + check_file_rules(message, dialect, ctx)


@pytest.mark.parametrize("stem", _variants())
def test_pieces_add_up_to_check_message(stem):
    dialect, message, _ = load_rule_file(RULE_DATA / f"{stem}.bad.txt")
    assert _pieces(message, dialect) == check_message(message, dialect)


def test_context_update_reports_entries_sharing_a_key():
    msg = parse("tf-inner", "".join(f'record {{ key: "{k}" value {{ scale_d: 0.1 offset_d: 0 '
                                    f'scale_w: 0.1 offset_w: 0 }} }}' for k in "abca"))
    ctx = CheckContext.build(msg, "tf-inner")
    assert ctx.first_index("a") == 0
    msg.record[3].key = "b"
    assert ctx.update_entry(msg, 3) == {0, 1}  # its old twin and its new one
    assert ctx.key_index == {"a": [0], "b": [1, 3], "c": [2]}
    assert ctx.update_entry(msg, 3) == set()  # nothing changed


def test_context_update_prune_reports_entries_of_changed_nodes():
    dialect, msg, _ = load_rule_file(RULE_DATA / "prune-quant-length.bad.txt")
    ctx = CheckContext.build(msg, dialect)
    end = next(a for a in msg.prune_record[0].producer[0].attr if a.name == "end")
    end.i = 5
    assert ctx.update_prune(msg) == {0}  # "layer1.0", the producer whose range changed
    assert ctx.update_prune(msg) == set()


def _random_edit(rng: random.Random, msg, dialect: str, live: LiveChecker) -> None:
    n = len(msg.record)
    op = rng.choice(["value", "key", "insert", "remove", "prune", "prune-insert", "prune-remove"])
    if op == "value" and n:
        i = rng.randrange(n)
        v = msg.record[i].value
        choice = rng.randrange(5)
        if choice == 0:
            v.offset_d = rng.choice([-128, 0, 200, -8, 3])
        elif choice == 1:
            v.scale_d = rng.choice([0.1, 0.0, 1e-9, float("nan")])
        elif choice == 2 and len(v.scale_w):
            v.scale_w[rng.randrange(len(v.scale_w))] = rng.choice([0.1, -1.0, 0.0])
        elif choice == 3:
            v.scale_w.append(0.2)
        else:
            v.act_type = rng.choice(["INT8", "INT16", "INT4", "INT9"])
        live.entry_changed(i)
    elif op == "key" and n:
        i = rng.randrange(n)
        msg.record[i].key = rng.choice(["conv1", "conv2", "fc/MatMul", "pool/AvgPool", "", " x", "layer1.0"])
        live.entry_changed(i)
    elif op == "insert":
        i = rng.randrange(n + 1)
        e = msg.record.add()
        e.key = rng.choice(["conv1", "new", "layer1.0"])
        e.value.scale_d, e.value.offset_d = 0.1, 0
        e.value.scale_w.extend([0.1] * rng.randrange(1, 10))
        e.value.offset_w.extend([0] * len(e.value.scale_w))
        entries = list(msg.record)
        entries.insert(i, entries.pop())
        copies = [type(x)() for x in entries]
        for c, x in zip(copies, entries, strict=True):
            c.CopyFrom(x)
        del msg.record[:]
        msg.record.extend(copies)
        live.entries_inserted(i)
    elif op == "remove" and n:
        i = rng.randrange(n)
        del msg.record[i]
        live.entries_removed(i)
    elif op == "prune" and len(msg.prune_record):
        j = rng.randrange(len(msg.prune_record))
        nodes = list(msg.prune_record[j].producer) + list(msg.prune_record[j].consumer)
        if not nodes:
            return
        node = rng.choice(nodes)
        what = rng.randrange(3)
        if what == 0:
            node.name = rng.choice(["layer1.0", "conv1", "layer3.0", ""])
        else:
            for a in node.attr:
                if a.name == ("end" if what == 1 else "type"):
                    if what == 1:
                        a.i = rng.choice([8, 5, 0, 16])
                    else:
                        a.s = rng.choice([b"Conv", b"MatMul", b"AvgPool"])
        live.prune_changed(j)
    elif op == "prune-insert":
        j = rng.randrange(len(msg.prune_record) + 1)
        pr = msg.prune_record.add()
        pr.CopyFrom(msg.prune_record[0] if len(msg.prune_record) > 1 else pr)
        items = list(msg.prune_record)
        items.insert(j, items.pop())
        copies = [type(x)() for x in items]
        for c, x in zip(copies, items, strict=True):
            c.CopyFrom(x)
        del msg.prune_record[:]
        msg.prune_record.extend(copies)
        live.prune_inserted(j)
    elif op == "prune-remove" and len(msg.prune_record):
        j = rng.randrange(len(msg.prune_record))
        del msg.prune_record[j]
        live.prune_removed(j)


@pytest.mark.parametrize("seed", range(6))
def test_live_checker_matches_a_full_check_after_every_edit(seed):
    dialect, msg, _ = load_rule_file(RULE_DATA / "prune-quant-length.bad.txt")
    extra = parse(dialect, (RULE_DATA / "scale-positive.bad.txt").read_text(encoding="utf-8"))
    msg.record.extend(extra.record)
    live = LiveChecker(msg, dialect)
    rng = random.Random(seed)
    for step in range(120):
        _random_edit(rng, msg, dialect, live)
        assert live.problems == check_message(msg, dialect), f"step {step}"


def test_live_checker_respects_rule_and_severity_selection():
    dialect, msg, _ = load_rule_file(RULE_DATA / "offset-d-range.bad.txt")
    live = LiveChecker(msg, dialect, rules=["offset-d-range"], severities=["error"])
    assert live.problems == check_message(msg, dialect, rules=["offset-d-range"], severities=["error"])
    msg.record[0].value.offset_d = 0
    live.entry_changed(0)
    assert [p.key for p in live.problems] == ["int16/Conv2D", "seed004/Conv2D"]
    assert live.entry_problems(0) == []


# --- validation before committing an edit -----------------------------------------------------

def _entry(dialect: str, text: str):
    return parse(dialect, text).record[0]


CONV = ('record { key: "conv1" value { scale_d: 0.1 offset_d: 0 scale_w: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6] '
        "offset_w: [0, 0, 0, 0, 0, 0] shift_bit: [1, 1, 1, 1, 1, 1] } }")


def test_validate_offset_d_against_the_act_type():
    entry = _entry("tf-inner", CONV)
    p = validate_value("tf-inner", entry.value, "offset_d", 200)
    assert p is not None and p.rule == "offset-d-range" and p.severity is Severity.ERROR
    assert "offset_d = 200 is outside [-128, 127]" in p.message
    entry.value.act_type = "INT16"
    assert validate_value("tf-inner", entry.value, "offset_d", 200) is None
    # and the act_type switch back is refused while offset_d is 200
    entry.value.offset_d = 200
    p = validate_value("tf-inner", entry, "act_type", "INT8")
    assert p is not None and p.field == "offset_d" and 'layer "conv1"' in p.message


def test_validate_names_the_edited_element_even_when_others_are_bad():
    entry = _entry("tf-inner", CONV)
    entry.value.scale_w[2] = 0.0
    p = validate_value("tf-inner", entry, "scale_w", -1.0, index=5)
    assert p is not None and p.field == "scale_w[5]" and "scale_w[5] = -1.0" in p.message
    assert validate_value("tf-inner", entry, "scale_w", 0.7, index=5) is None  # [2] was bad before


def test_validate_does_not_touch_the_message():
    entry = _entry("tf-inner", CONV)
    before = entry.SerializeToString()
    validate_value("tf-inner", entry, "scale_w", [0.1], index=None)
    validate_value("tf-inner", entry, "offset_d", 500)
    assert entry.SerializeToString() == before


def test_validate_value_type_errors_are_messages():
    entry = _entry("tf-inner", CONV)
    p = validate_value("tf-inner", entry, "offset_d", 2 ** 40)
    assert p is not None and p.rule == "value-type" and p.field == "offset_d"
    p = validate_value("tf-inner", entry, "scale_d", "abc")
    assert p is not None and p.rule == "value-type"
    p = validate_value("tf-inner", entry, "shift_bit", -1, index=0)
    assert p is not None and p.rule == "value-type" and p.field == "shift_bit[0]"
    p = validate_value("tf-inner", entry, "no_such_field", 1)
    assert p is not None and p.rule == "value-type"


def test_validate_scale_that_rounds_to_zero_in_float32():
    """The check stores the value as every editor does (RecordEditor): a float32 cannot
    hold 1e-50, so it is refused as a value before any rule sees a 0."""
    entry = _entry("tf-inner", CONV)
    p = validate_value("tf-inner", entry, "scale_d", 1e-50)
    assert p is not None
    assert p.rule == "value-type" and "would be stored as 0" in p.message and p.field == "scale_d"
    p = validate_value("tf-inner", entry, "scale_d", 0.0)
    assert p is not None and p.rule == "scale-positive"


def test_adding_a_channel_needs_all_vectors_at_once():
    entry = _entry("tf-inner", CONV)
    p = validate_value("tf-inner", entry, "scale_w", 0.7, index=6)
    assert p is not None and p.rule == "length-mismatch"
    assert validate_changes("tf-inner", entry, [("scale_w", 6, 0.7), ("offset_w", 6, 0),
                                                ("shift_bit", 6, 1)]) is None


def test_validate_key_rename_against_the_other_keys():
    msg = parse("tf-inner", CONV + CONV.replace('"conv1"', '"conv2"'))
    ctx = CheckContext.build(msg, "tf-inner")
    p = validate_value("tf-inner", msg.record[1], "key", "conv1", context=ctx, entry_index=1)
    assert p is not None and p.rule == "duplicate-key" and p.record_index == 1
    assert validate_value("tf-inner", msg.record[1], "key", "conv3", context=ctx, entry_index=1) is None
    p = validate_value("tf-inner", msg.record[1], "key", "conv3 ", context=ctx, entry_index=1)
    assert p is not None and p.rule == "key-whitespace"


def test_validate_uses_the_file_type_from_the_context():
    text = (LINEAR.replace('"fc"', '"x"') + 'prune_record { producer { name: "x" attr { name: "type" '
            'type: STRING s: "FusedBatchNormV3" } attr { name: "begin" type: INT i: 0 } '
            'attr { name: "end" type: INT i: 3 } } }')
    msg = parse("tf-inner", text.replace("scale_w: [0.1, 0.2, 0.3]", "scale_w: 0.1").replace(
        "offset_w: [0, 0, 0]", "offset_w: 0"))
    ctx = CheckContext.build(msg, "tf-inner")
    per_channel = [("scale_w", None, [0.1, 0.2]), ("offset_w", None, [0, 0])]
    assert validate_changes("tf-inner", msg.record[0], per_channel) is None
    p = validate_changes("tf-inner", msg.record[0], per_channel, context=ctx, entry_index=0)
    assert p is not None
    assert p.field == "scale_w" and p.rule == "per-channel-type" and "FusedBatchNormV3" in p.message
    # one vector alone: its partner no longer matches
    p = validate_value("tf-inner", msg.record[0], "scale_w", [0.1, 0.2])
    assert p is not None and p.rule == "length-mismatch" and p.field == "offset_w"


def test_validate_kv_cache_fields():
    entry = _entry("pytorch", 'record { key: "k" kv_cache_value { scale: 0.1 offset: 0 } }')
    p = validate_value("pytorch", entry, "kv_cache_value.offset", 300, index=0)
    assert p is not None and p.rule == "kv-cache-factors" and p.field == "kv_cache_value.offset[0]"
    assert validate_value("pytorch", entry, "kv_cache_value.offset", 3, index=0) is None


def test_validate_prune_width_and_range():
    _, msg, _ = load_rule_file(RULE_DATA / "prune-width.ok.txt")
    pr = msg.prune_record[0]
    p = validate_prune_value("tf-inner", pr, "consumer[0]", "end", 32, prune_index=0)
    assert p is not None and p.field is not None
    assert p.rule == "prune-width" and p.field.startswith("consumer[0]") and p.prune_index == 0
    p = validate_prune_value("tf-inner", pr, "consumer[0]", "begin", 70)
    assert p is not None and p.rule == "prune-range"
    assert validate_prune_value("tf-inner", pr, "consumer[0]", "type", "BatchNorm") is None
    p = validate_prune_value("tf-inner", pr, "producer[0]", "name", " conv_1")
    assert p is not None and p.rule == "key-whitespace"
    p = validate_prune_value("tf-inner", pr, "consumer[9]", "end", 3)
    assert p is not None and p.rule == "value-type"


# --- README table -----------------------------------------------------------------------------

def test_rules_table_lists_every_rule():
    table = rules_table()
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert [m.group(1) for r in rows if (m := re.match(r"\| `([^`]+)`", r))] == list(RULES)
    assert "| `offset-d-range` | error / warning | all |" in table


def test_readme_table_is_current():
    readme = REPO / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.exists() else ""
    start, end = "<!-- rules-table:start -->", "<!-- rules-table:end -->"
    if start not in text or end not in text:
        pytest.skip("README.md has no rules-table markers yet")
    inside = text.split(start, 1)[1].split(end, 1)[0]
    assert inside.strip() == rules_table().strip(), "run: python -m scripts.rules_table --update README.md"


def test_validate_prune_ignores_unrelated_existing_problems():
    _, msg, _ = load_rule_file(RULE_DATA / "prune-width.ok.txt")
    pr = msg.prune_record[0]
    pr.consumer[0].attr[0].ClearField("type")  # BN_1's type attr now has no type: an old error
    assert validate_prune_value("tf-inner", pr, "consumer[0]", "end", 64) is None
    p = validate_prune_value("tf-inner", pr, "producer[0]", "end", 32)  # breaks both consumers
    assert p is not None and p.field is not None
    assert p.rule == "prune-width" and p.field.startswith("consumer[")
    p = validate_prune_value("tf-inner", pr, "consumer[0]", "prune_axis", "x")
    assert p is not None and p.rule == "value-type"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([None, "INT4", "INT8", "INT16", "INT9"]),
       st.integers(-2 ** 31, 2 ** 31 - 1), st.sampled_from(["tf-inner", "pytorch", "onnx", "caffe"]))
def test_validator_agrees_with_the_checker(act_type, offset, dialect):
    entry = _entry(dialect, 'record { key: "conv1" value { scale_d: 0.1 offset_d: 0 scale_w: 0.1 '
                            "offset_w: 0 } }")
    if act_type and DIALECTS[dialect].has_value_field("act_type"):
        entry.value.act_type = act_type
    verdict = validate_value(dialect, entry, "offset_d", offset)
    entry.value.offset_d = offset
    msg = DIALECTS[dialect].new_message()
    msg.record.add().CopyFrom(entry)
    errors = [p for p in check_message(msg, dialect, severities=["error"]) if p.field == "offset_d"]
    assert (verdict is None) == (errors == [])
    if verdict is not None:
        assert verdict.message == errors[0].message
