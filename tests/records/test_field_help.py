"""Field help: every field of every dialect has it in English and Chinese, what it states
about values is what the rules accept, dialect differences show, and the Chinese uses the
terms docs/GLOSSARY.md lists for a native reader's check."""
from __future__ import annotations

import math
import re
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from google.protobuf.descriptor import FieldDescriptor

from editor.records import quant
from editor.records.dialects import DIALECTS, Dialect
from editor.records.field_help import (
    EN,
    LANGUAGES,
    ZH,
    FieldHelp,
    attr_help,
    attr_names,
    field_help,
    help_for,
    language_of,
    prune_help,
    wrap,
)
from editor.records.messages import message_type_of
from editor.records.rules import validate_prune_value, validate_value
from editor.records.rules.catalog_values import type_values
from editor.records.rules.layer_types import PER_CHANNEL_DOC

DOCS = Path(__file__).resolve().parents[2] / "docs"


#: three English words in a row: prose, not a field name or value
_ENGLISH_PHRASE = re.compile(r"\b[A-Za-z]+ [a-z]+ [a-z]+\b")


def _cjk(text: str) -> int:
    return sum(1 for c in text if unicodedata.east_asian_width(c) == "W" and c.isalpha())


def _known(h: FieldHelp | None) -> FieldHelp:
    """The help of a name the test knows has some (the lookups return None for other names)."""
    assert h is not None
    return h


def _all_fields() -> list[tuple[Dialect, FieldDescriptor]]:
    return [(d, f) for d in DIALECTS.values() for m in d.messages for f in m.fields]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_field_of_every_dialect_has_help(language):
    for d, f in _all_fields():
        h = help_for(f, language)
        assert h is not None, f"{d.name}: {f.full_name} has no help"
        assert h.name == f.name and h.language == language
        assert h.summary and h.meaning and h.default, f"{d.name}: {f.full_name}"
        text = h.text()
        if language == ZH:
            # written in Chinese, not the English left in place: field names and values
            # stay as AMCT writes them (its messages are quoted “…”), but no English phrase remains
            assert _cjk(h.meaning) >= 4 and _cjk(h.summary) >= 2, f"{f.full_name}: {h.meaning}"
            unquoted = re.sub(r"“[^”]*”", "", h.text(width=10**6))
            assert not _ENGLISH_PHRASE.search(unquoted), f"{f.full_name}: {unquoted}"
            assert "取值范围" in text or not h.values
            assert "默认值" in text
        else:
            assert _cjk(text) == 0, f"{f.full_name}: {text}"
            assert "Default" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_attribute_amct_uses_has_help_with_its_usual_type(language):
    from editor.records.attrs import AMCT_ATTR_TYPES, type_name
    assert set(AMCT_ATTR_TYPES) | {"selective_mask"} == set(attr_names())
    for name, kind in AMCT_ATTR_TYPES.items():
        h = attr_help(name, language)
        assert h is not None and h.summary and h.meaning
        assert type_name(kind) in h.meaning  # "Type INT." / "类型为INT。"
    assert attr_help("no_such_attr", language) is None


def test_the_two_languages_say_different_words_for_the_same_field():
    for _d, f in _all_fields():
        en, zh = help_for(f, EN), help_for(f, ZH)
        assert en is not None and zh is not None
        assert en.meaning != zh.meaning and en.summary != zh.summary
        assert en.ranges == zh.ranges and en.choices == zh.choices  # the same facts


def test_language_of_follows_the_locale_name():
    for name in ("zh_CN", "zh-Hans-CN", "zh_CN.UTF-8", "zh", "zh_TW"):
        assert language_of(name) == ZH
    for locale in ("C", "en_US", "", None, "de_DE", "POSIX"):
        assert language_of(locale) == EN
    assert _known(field_help("tf-inner", "scale_d", "zh_CN.UTF-8")).language == ZH


# ---------------------------------------------------------------------- what the help states

def test_dialect_differences_show_in_the_help():
    for d in DIALECTS.values():
        en = field_help(d, "skip_fusion", EN)
        zh = field_help(d, "skip_fusion", ZH)
        assert en is not None and zh is not None
        default = d.default("skip_fusion")
        assert en.default.startswith("true" if default else "false"), (d.name, en.default)
        assert zh.default.startswith("true" if default else "false")
        if d.name == "onnx":
            assert "ONNX" in en.default and "ONNX" in zh.default
        offset = _known(field_help(d, "offset_d", EN))
        assert ("INT16" in offset.values) == d.has_value_field("act_type"), d.name
        assert len(offset.ranges) == (2 if d.has_value_field("act_type") else 1)
        # per-channel scale_w: the layer types the rules name for this dialect
        assert PER_CHANNEL_DOC[d.name] in _known(field_help(d, "scale_w", EN)).meaning
    assert "reserved" in _known(field_help("tf-convert", "shift_bit", EN)).note.lower()
    assert "预留字段" in _known(field_help("tf-convert", "shift_bit", ZH)).note
    assert "joint_quant" in _known(field_help("tf-inner", "shift_bit", EN)).note
    assert _known(field_help("onnx", "shift_bit", EN)).note == ""
    assert "PyTorch" in _known(field_help("pytorch", "dst_type", EN)).note
    assert "convert_model" in _known(field_help("tf-convert", "wts_type", EN)).note
    assert "convert_model" not in _known(field_help("tf-inner", "wts_type", EN)).note


def test_defaults_come_from_each_dialects_schema():
    for d in DIALECTS.values():
        for name in ("act_type", "wts_type", "dst_type", "fakequant_precision_mode"):
            if d.has_value_field(name):
                default = d.default(name)
                assert default, (d.name, name)
                for lang in LANGUAGES:
                    assert default in _known(field_help(d, name, lang)).default
    assert "false" in _known(field_help("onnx", "is_tensor_quantize", EN)).default
    assert _known(field_help("tf-inner", "scale_w", EN)).default.startswith("none (empty).")
    assert _known(field_help("tf-inner", "scale_w", ZH)).default.startswith("无（为空）。")


def test_choices_are_the_rules_accepted_values():
    for d in DIALECTS.values():
        for name in ("act_type", "wts_type", "dst_type", "op_data_type", "fakequant_precision_mode"):
            if not d.has_value_field(name):
                continue
            h = _known(field_help(d, name, EN))
            assert h.choices == type_values(name)
            for c in h.choices:
                assert c in h.values and c in _known(field_help(d, name, ZH)).values


def _layer(d: Dialect, name: str, act_type: str | None = None):
    """An entry that breaks no rule, with `name` among its fields where it needs company."""
    msg = d.new_message()
    entry = msg.record.add(key="net/conv1/Conv2D")
    v = entry.value
    v.scale_d, v.offset_d = 0.02, 0
    v.scale_w.extend([0.01, 0.02])
    v.offset_w.extend([0, 0])
    if d.has_value_field("channels"):
        v.channels, v.height, v.width = 3, 8, 8
    if act_type is not None:
        v.act_type = act_type
    if name in ("scale_h", "offset_h", "scale_r", "offset_r"):  # the RNN factors come as a set
        v.scale_h, v.offset_h = 0.02, 0
        v.scale_r.extend([0.01])
        v.offset_r.extend([0])
    if name == "tensor_balance_factor":
        v.tensor_balance_factor.extend([1.0, 1.0])
    if name.startswith("kv_cache_value."):
        entry.kv_cache_value.scale.extend([0.5])
        entry.kv_cache_value.offset.extend([0])
    return entry


def _set(d: Dialect, name: str, value, act_type: str | None = None):
    """The error setting one element of `name` (every element, for shift_bit and cluster,
    whose rules judge the vector) to `value` gives, or None."""
    entry = _layer(d, name, act_type)
    if name == "shift_bit":
        return validate_value(d, entry, name, [value, value])
    if name == "cluster":
        return validate_value(d, entry, name, [value] * 16)
    if name.startswith("kv_cache_value."):
        kv_cache = message_type_of(d.entry_descriptor.fields_by_name["kv_cache_value"])
        fd = kv_cache.fields_by_name[name.split(".")[1]]
    else:
        fd = d.value_fields[name]
    return validate_value(d, entry, name, value, index=0 if fd.is_repeated else None)


def _past(r, end: str):
    """The nearest value past one end of a range."""
    x = r.lo if end == "lo" else r.hi
    if r.integer:
        return x - 1 if end == "lo" else x + 1
    if end == "hi" and x >= quant.FLT_MAX:
        return math.inf
    return float(np.nextafter(np.float32(x), np.float32(-np.inf if end == "lo" else np.inf)))


def _ranged_fields():
    for d in DIALECTS.values():
        for name in d.value_fields:
            h = _known(field_help(d, name, EN))
            if h.ranges:
                yield d, name, h
        if "kv_cache_value" in d.entry_descriptor.fields_by_name:
            for name in ("scale", "offset"):
                fd = message_type_of(d.entry_descriptor.fields_by_name["kv_cache_value"]).fields_by_name[name]
                yield d, f"kv_cache_value.{name}", _known(help_for(fd, EN))


@pytest.mark.parametrize(("dialect", "name", "help_"),
                         [pytest.param(d, n, h, id=f"{d.name}-{n}") for d, n, h in _ranged_fields()])
def test_stated_ranges_are_what_the_rules_accept(dialect, name, help_: FieldHelp):
    """Each end of a range the help states is accepted; the value just past it is refused
    (unless another stated range takes it, as shift_bit's 0 and 1 to 16)."""
    def inside(x, act):
        return any((r.lo < x if r.lo_open else r.lo <= x) and x <= r.hi
                   for r in help_.ranges if r.act_type == act or (r.act_type is None and act != "INT16")
                   or (r.act_type is None and not any(q.act_type == act for q in help_.ranges)))

    for r in help_.ranges:
        act = r.act_type
        if act is not None and not dialect.has_value_field("act_type"):
            continue
        ends = [] if r.lo_open else [r.lo]
        ends.append(r.hi)
        for x in ends:
            value = int(x) if r.integer else float(x)
            assert _set(dialect, name, value, act) is None, f"{name} = {value} (act_type {act}) refused"
        for end in ("lo", "hi"):
            past = _past(r, end)
            if r.lo_open and end == "lo":
                past = r.lo  # the open end itself
            if inside(past, act):
                continue
            if isinstance(past, int) and past >= 2**32 and name in ("channels", "height", "width"):
                continue  # beyond uint32: the type refuses it, not a rule
            refused = _set(dialect, name, past, act)
            assert refused is not None, f"{dialect.name}: {name} = {past} (act_type {act}) accepted"


def test_prune_attribute_ranges_are_what_the_rules_accept():
    from editor.records.attrs import AttrProto
    d = DIALECTS["tf-inner"]
    msg = d.new_message()
    rec = msg.prune_record.add()
    node = rec.producer.add(name="conv1")
    node.attr.add(name="begin", type=AttrProto.INT, i=0)
    node.attr.add(name="end", type=AttrProto.INT, i=64)
    for name in ("begin", "end"):
        (r,) = _known(attr_help(name, EN)).ranges
        other = {"begin": 0, "end": 64}
        lo_ok = validate_prune_value(d, rec, "producer[0]", name, int(r.lo))
        assert lo_ok is None, (name, r.lo, lo_ok)
        assert validate_prune_value(d, rec, "producer[0]", name, int(r.lo) - 1) is not None
        assert other  # begin 0 < end 64 stays valid at either lower bound


def test_prune_help_covers_records_and_nodes():
    for name in ("producer", "consumer", "selective_prune", "name", "attr"):
        for lang in LANGUAGES:
            assert prune_help(name, lang) is not None
    assert "4选2" in _known(prune_help("selective_prune", ZH)).summary
    assert prune_help("scale_d", EN) is None


# ---------------------------------------------------------------------- wrapping

@pytest.mark.parametrize("language", LANGUAGES)
def test_help_lines_fit_a_tooltip_and_break_where_a_reader_expects(language):
    no_start = set("，。、；：？！）")
    for _d, f in _all_fields():
        for line in _known(help_for(f, language)).text(width=60).splitlines():
            width = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
            longest_word = max((len(w) for w in line.split(" ")), default=0)
            assert width <= 62 or longest_word > 40, f"{f.name}: {line!r}"
            assert line[:1] not in no_start, f"{f.name}: {line!r}"
            assert line[-1:] not in set("（“"), f"{f.name}: {line!r}"
            assert line == line.strip()


def test_wrap_keeps_words_and_breaks_chinese_between_characters():
    assert wrap("alpha beta gamma", 11) == "alpha beta\ngamma"
    assert wrap("round(x / scale_d + offset_d)", 12) == "round(x /\nscale_d +\noffset_d)"
    zh = wrap("数据量化scale因子，仅支持对数据进行统一量化。", 16)
    assert zh.replace("\n", "") == "数据量化scale因子，仅支持对数据进行统一量化。"
    assert all(not line.startswith(("，", "。")) for line in zh.splitlines())
    assert "sc\nale" not in zh and "scale" in zh


# ---------------------------------------------------------------------- the glossary

def _glossary_rows() -> list[tuple[list[str], list[str]]]:
    text = (DOCS / "GLOSSARY.md").read_text(encoding="utf-8")
    heading = "## Field help: native-reader check"
    section = re.split(r"\n#{1,3} ", text[text.index(heading) + len(heading):])[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0] not in ("term", "---") and not cells[0].startswith("-"):
            fields = re.findall(r"`([a-z_]+)`", cells[2])
            rows.append(([t.strip() for t in cells[0].split(",")], fields))
    return rows


def _zh_texts(field_name: str) -> list[str]:
    texts = [_known(help_for(f, ZH)).text(width=10**6) for _, f in _all_fields() if f.name == field_name]
    h = attr_help(field_name, ZH)
    return texts + ([h.text(width=10**6)] if h is not None else [])


def test_the_chinese_help_uses_the_terms_the_glossary_lists():
    rows = _glossary_rows()
    assert len(rows) >= 30
    for terms, fields in rows:
        assert fields, terms
        for name in fields:
            texts = _zh_texts(name)
            assert texts, f"no field {name}"
            assert any(t in text for t in terms for text in texts), f"{name} does not use {terms}"
        for t in terms:
            assert any(t in text for name in fields for text in _zh_texts(name)), t


def test_without_a_language_the_help_follows_the_interface_language():
    from editor import i18n
    before = i18n.language()
    try:
        i18n.set_language("zh_CN")
        assert _known(field_help("onnx", "skip_fusion")).default.startswith("true（ONNX的默认值）")
        assert _known(attr_help("prune_index")).summary == "被裁剪的通道"
        assert _known(field_help("onnx", "skip_fusion", EN)).language == EN  # an explicit one wins
        i18n.set_language("en")
        assert _known(field_help("onnx", "skip_fusion")).summary == "skip fusion for this layer"
        assert _known(prune_help("consumer")).language == EN
    finally:
        i18n.set_language(before)
