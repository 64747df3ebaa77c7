"""The translation files (resources/i18n): up to date with the code, every text translated,
every {placeholder} kept; the Qt-free reader the command line uses."""
from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path

import pytest

from editor import i18n

REPO = Path(__file__).resolve().parents[1]
updater = importlib.import_module("scripts.update_translations")


def _ts_files() -> list[Path]:
    return [updater.ts_path(area, language) for area in updater.AREAS for language in updater.LANGUAGES]


def _fields(text: str) -> list[str]:
    """The {placeholder} names of a template, sorted, repeats kept ({{ }} are not fields)."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError as e:  # an unbalanced brace: never valid in a template
        return [f"<unparsable: {e}>"]


@pytest.fixture
def english():
    yield
    i18n.set_language(i18n.SOURCE_LANGUAGE)


def test_every_area_has_its_files():
    for ts in _ts_files():
        assert ts.is_file(), f"{ts.name} is missing: run python -m scripts.update_translations"
        assert ts.with_suffix(".qm").is_file(), f"{ts.with_suffix('.qm').name} is missing"


def test_every_source_file_with_texts_belongs_to_one_area():
    """A module that marks texts for translation is in exactly one area's .ts (else its texts
    are never offered for translation, or two areas' files fight over them)."""
    marked = re.compile(r"\b(translate|QT_TRANSLATE_NOOP|self\.tr)\(")
    owners: dict[Path, list[str]] = {}
    for area in updater.AREAS:
        for path in updater.area_sources(area):
            owners.setdefault(path, []).append(area)
    assert {p: a for p, a in owners.items() if len(a) > 1} == {}
    for path in (REPO / "editor").rglob("*.py"):
        if "_pb" in path.parts or not marked.search(path.read_text(encoding="utf-8")):
            continue
        assert path in owners, f"{path.relative_to(REPO)} marks texts but is in no area of scripts/update_translations.py"


def test_ts_and_qm_are_up_to_date():
    """Running lupdate over each area's sources gives the texts its .ts holds, and each .qm
    is its .ts compiled (the drift test of the generated protobuf modules, for translations)."""
    pytest.importorskip("PySide6")
    assert updater.stale() == [], "run: python -m scripts.update_translations (then translate the new texts)"


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_every_text_is_translated(ts):
    unfinished = [(e.context, e.source) for e in updater.ts_entries(ts) if e.state is not None or not e.translation]
    assert unfinished == [], f"{ts.name}: texts without a finished translation (pyside6-linguist {ts.name})"


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_translations_keep_every_placeholder(ts):
    wrong = [(e.source, e.translation) for e in updater.ts_entries(ts)
             if e.translation and _fields(e.translation) != _fields(e.source)]
    assert wrong == [], f"{ts.name}: a translation drops, adds or renames a {{placeholder}} of its source"


def test_placeholder_check_catches_a_renamed_field():
    assert _fields("{label}: {value} is outside [{lo}, {hi}]") != _fields("{label}：{valeur} 超出 [{lo}, {hi}]")
    assert _fields("{a} {{literal}}") == ["a"]


# ---------------------------------------------------------------------------- alignment
# A union merge of two .ts files (both sides' lines kept) can leave a message with two
# sources or two translations, or pair a source with a neighbour's translation. Such a
# translation is usually caught by what it must carry over from its own source: the
# {placeholders} (above), Qt's %n, and the code words — field names, types, key names.

#: a code word: a name with "_" or a digit, an upper-case abbreviation, a camelCase name
_CODE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:[.\-+][A-Za-z0-9_]+)*")
#: code words a translation may leave out: abbreviations and column headers it spells out
#: in Chinese (PTQ 训练后量化, NUQ 非均匀量化, LAYER 层, OK 确定, …)
_SPELLED_OUT = {"PTQ", "QAT", "N-D", "NUQ", "LAYER", "OP", "W-SQNR", "A-SQNR", "W-CLIP", "A-CLIP",
                "SIMILARITY", "OK", "ViewBox"}
#: code words a translation may add: the usual Chinese way of writing these terms
_ADDED = {"BOM", "ID", "SQNR"}


def _code_words(text: str) -> set[str]:
    text = re.sub(r"\{[^{}]*\}", " ", text)  # placeholders are checked on their own
    text = re.sub(r"<[^<>]+>", " ", text)  # rich-text tags
    words = set()
    for word in _CODE_WORD.findall(text):
        if "_" in word or re.search(r"\d", word) or (word.isupper() and len(word) >= 2) \
                or re.search(r"[a-z][A-Z]", word):
            words.add(word)
    return words


def _misaligned(source: str, translation: str) -> list[str]:
    """Why `translation` cannot be the translation of `source` (empty: nothing found)."""
    why = []
    if _fields(translation) != _fields(source):
        why.append(f"placeholders {_fields(source)} → {_fields(translation)}")
    if ("%n" in source) != ("%n" in translation):
        why.append("%n in one of them only")
    a, b = _code_words(source), _code_words(translation)
    missing, added = a - b - _SPELLED_OUT, b - a - _ADDED
    if missing:
        why.append(f"drops {sorted(missing)}")
    if added:
        why.append(f"adds {sorted(added)}")
    return why


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_every_message_has_one_source_and_one_translation(ts):
    from xml.etree import ElementTree

    root = ElementTree.parse(ts).getroot()
    doubled = [(context.findtext("name"), [s.text for s in m.findall("source")])
               for context in root.iter("context") for m in context.iter("message")
               if len(m.findall("source")) != 1 or len(m.findall("translation")) != 1]
    assert doubled == [], f"{ts.name}: messages a merge left with two sources or translations"


@pytest.mark.parametrize("ts", _ts_files(), ids=lambda p: p.name)
def test_translations_belong_to_their_sources(ts):
    """Each translation keeps its source's placeholders, %n and code words (checked on
    every message, numerus forms each on their own)."""
    from xml.etree import ElementTree

    wrong: list[tuple[object, ...]] = []  # (context, source, [form,] why)
    for context in ElementTree.parse(ts).getroot().iter("context"):
        for m in context.iter("message"):
            source = m.findtext("source") or ""
            translation = m.find("translation")
            if translation is None:
                continue
            forms = [f.text or "" for f in translation.findall("numerusform")] if m.get("numerus") == "yes" \
                else [translation.text or ""]
            if m.get("numerus") == "yes" and "%n" not in source:
                wrong.append((context.findtext("name"), source, "a numerus message without %n"))
            for form in forms:
                why = _misaligned(source, form) if form else []
                if why:
                    wrong.append((context.findtext("name"), source[:80], form[:80], why))
    assert wrong == [], f"{ts.name}: translations that do not match their source (misaligned?)"


def test_the_alignment_check_catches_a_swapped_translation():
    # two neighbours of records_zh_CN.ts, their translations swapped as a bad merge would
    a = ("{field} is missing; AMCT Caffe cannot infer shapes", "缺少 {field}；AMCT Caffe 无法推断形状")
    b = ("scale_w has {n} values, the weights {m} channels", "scale_w 有 {n} 个值，权重有 {m} 个通道")
    assert _misaligned(*a) == [] and _misaligned(*b) == []
    assert _misaligned(a[0], b[1]) and _misaligned(b[0], a[1])
    # the same placeholders, but another field named: still caught
    assert _misaligned("shift_bit must be 0 to 16", "scale_d 必须在 0 到 16 之间") == \
        ["drops ['shift_bit']", "adds ['scale_d']"]
    assert _misaligned("%n layers", "层") == ["%n in one of them only"]


def test_english_is_the_text_itself(english):
    assert i18n.translate("rules", "no such text anywhere") == "no such text anywhere"
    i18n.set_language("zh_CN")
    assert i18n.translate("rules", "no such text anywhere") == "no such text anywhere"


def test_command_line_reader_uses_the_ts_files(english):
    """Without Qt, zh_CN texts come from the .ts sources (finished translations only)."""
    entries = [e for ts in _ts_files() for e in updater.ts_entries(ts) if e.state is None and e.translation]
    if not entries:
        pytest.skip("no translated text yet")
    sample = entries[0]
    assert i18n.translate(sample.context, sample.source) == sample.source
    i18n.set_language("zh_CN")
    assert i18n.translate(sample.context, sample.source) == sample.translation


def test_read_ts_skips_unfinished(tmp_path):
    ts = tmp_path / "x_zh_CN.ts"
    ts.write_text('<?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="zh_CN">'
                  "<context><name>rules</name>"
                  "<message><source>done</source><translation>完成</translation></message>"
                  '<message><source>todo</source><translation type="unfinished">半</translation></message>'
                  "</context></TS>", encoding="utf-8")
    assert i18n.read_ts(ts) == {("rules", "done"): "完成"}


@pytest.mark.parametrize(("name", "code"), [("zh_CN.UTF-8", "zh_CN"), ("zh-CN", "zh_CN"), ("zh_Hans_CN", "zh_CN"),
                                            ("en_US", "en"), ("C", "en"), ("fr_FR", None), ("", None)])
def test_normalize(name, code):
    assert i18n.normalize(name) == code


def test_unknown_language_is_refused():
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_path_errors_the_window_shows_are_translated(english):
    """Set Field and Paste show these when a typed path names nothing."""
    from editor.records.dialects import DIALECTS
    from editor.records.paths import PathError, resolve, target

    message = DIALECTS["tf-inner"].new_message()
    message.record.add().key = "conv1"
    said = []
    calls = [lambda: resolve(message, ("record", 3)), lambda: resolve(message, ("record", 0, "nope")),
             lambda: target(message, ()), lambda: target(message, ("record", 0, 1))]
    for call in calls:
        for language in ("en", "zh_CN"):
            i18n.set_language(language)
            with pytest.raises(PathError) as e:
                call()
            said.append(str(e.value))
    assert said[0::2] == ["record[3]: no such element", "record[0].nope: no such field", "the path is empty",
                          "record[0][1]: an index must follow a repeated field"]
    assert said[1::2] == ["record[3]：没有这个元素", "record[0].nope：没有这个字段", "路径为空",
                          "record[0][1]：下标只能跟在重复字段之后"]
