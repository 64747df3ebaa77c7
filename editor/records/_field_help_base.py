"""The parts of the field help (`editor.records.field_help`) its text modules share: the
languages, a help entry and its ranges, the registries the texts fill, the wrapping of
Chinese and English text. No Qt here.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from editor import i18n
from editor.records import quant
from editor.records.dialects import Dialect

EN = "en"
ZH = "zh_CN"
#: The languages help is written in.
LANGUAGES: tuple[str, ...] = (EN, ZH)

#: shift_bit: all 0, or each in this range (the rule `shift-bit-range`)
SHIFT_BIT_RANGE: tuple[int, int] = (1, 16)
#: the KV cache is INT8 only (the rule `kv-cache-factors`)
KV_OFFSET_RANGE: tuple[int, int] = quant.int_range(8)
#: the documented INT4 activation range, outside which `offset-d-range` warns
INT4_RANGE: tuple[int, int] = quant.int_range(4)


def language_of(locale_name: str | None) -> str:
    """The help language for a locale or language name: ``zh_CN``, ``zh-Hans-CN``,
    ``zh_CN.UTF-8`` or any other Chinese one give ``zh_CN`` (as `editor.i18n.normalize`
    reads them); everything else English."""
    return ZH if i18n.normalize(locale_name) == ZH else EN


def _language(language: str | None) -> str:
    """`language` as a help language; None: the interface language (`editor.i18n`)."""
    return language_of(i18n.language() if language is None else language)


@dataclass(frozen=True)
class ValueRange:
    """A numeric range one element of a field takes, as the help states it (both ends
    inclusive unless `lo_open`); `act_type` names the activation type it applies under
    (None: always, or whenever no other range's type is set)."""

    lo: float
    hi: float
    integer: bool = True
    lo_open: bool = False
    act_type: str | None = None


@dataclass(frozen=True)
class FieldHelp:
    """Help for one field (or prune attribute) in one language."""

    name: str
    language: str
    #: a few words: what the field is (``activation quantization scale``)
    summary: str
    #: what it means and what it is for
    meaning: str
    #: the values it takes ("" when its type says all)
    values: str
    #: what holds when it is not set
    default: str
    #: what AMCT does with it that is worth knowing ("" when nothing)
    note: str = ""
    #: the numeric ranges `values` states, for tests and callers that check
    ranges: tuple[ValueRange, ...] = ()
    #: the words `values` allows, for a text field with a fixed set
    choices: tuple[str, ...] = ()

    def text(self, width: int = 76) -> str:
        """The help as a tooltip shows it: a title line, the meaning, then the values, the
        default and the note, each wrapped to `width` columns (CJK characters count two)."""
        # cached: a view asks for a row's tooltip over and over, and wrapping takes milliseconds
        return _text(self, width)


@cache
def _text(found: FieldHelp, width: int) -> str:
    zh = found.language == ZH
    colon = "：" if zh else ": "
    labels = ("取值范围", "默认值", "注意") if zh else ("Values", "Default", "Note")
    parts = [f"{found.name}{colon}{found.summary}", found.meaning]
    for label, body in zip(labels, (found.values, found.default, found.note), strict=True):
        if body:
            parts.append(f"{label}{colon}{body}")
    return "\n".join(wrap(p, width) for p in parts if p)


# ---------------------------------------------------------------------- wrapping

#: may not start a line (Chinese line-breaking rules, and ASCII punctuation)
_NO_START = set("，。、；：？！）」』”’》〉】…,.;:)]!?%")
#: may not end a line
_NO_END = set("（「『“‘《〈【([")


def _cell_width(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _chunks(text: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a blank came before it: a
    line breaks at a blank, or between two characters one of which is wide (CJK) — but
    never before a closing mark (，。）…) or after an opening one (（“ …)."""
    out: list[tuple[str, bool]] = []
    blank = False
    prev = ""
    for ch in text:
        if ch == " ":
            blank = True
            continue
        wide = _cell_width(ch) == 2 or _cell_width(prev or " ") == 2
        if not out or blank or (wide and ch not in _NO_START and prev not in _NO_END):
            out.append((ch, blank and bool(out)))
        else:
            out[-1] = (out[-1][0] + ch, out[-1][1])
        blank = False
        prev = ch
    return out


def _width(text: str) -> int:
    return sum(_cell_width(c) for c in text)


def wrap(text: str, width: int = 76) -> str:
    """`text` broken into lines of at most `width` columns (a wide character counts two):
    English at blanks, Chinese between characters, never before a closing mark (，。）…) or
    after an opening one. A piece longer than a line keeps a line of its own."""
    lines: list[str] = []
    line = ""
    for chunk, blank in _chunks(text):
        gap = " " if blank and line else ""
        if line and _width(line) + len(gap) + _width(chunk) > width:
            lines.append(line)
            line, gap = "", ""
        line += gap + chunk
    if line:
        lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------------- the texts

@dataclass(frozen=True)
class _T:
    """One text in both languages."""

    en: str
    zh: str

    def get(self, language: str) -> str:
        return self.zh if language == ZH else self.en

    def __add__(self, other: _T) -> _T:
        return _T(_join(self.en, other.en, " "), _join(self.zh, other.zh, ""))


def _join(a: str, b: str, sep: str) -> str:
    if not (a and b):
        return a or b
    return a + b if b[0] in ";,.:)；，。：）" else a + sep + b


_NONE = _T("", "")


@dataclass(frozen=True)
class _Entry:
    summary: _T
    meaning: _T
    values: _T = _NONE
    #: replaces the default derived from the schema
    default: _T | None = None
    #: added after the default derived from the schema
    default_extra: _T = _NONE
    note: _T = _NONE
    ranges: tuple[ValueRange, ...] = ()
    choices: tuple[str, ...] = ()


_Builder = Callable[[Dialect | None], _Entry]
#: (message role, field name) → its help; roles: top, entry, value, kv, prune_record,
#: prune_node, attr_proto
_FIELDS: dict[tuple[str, str], _Builder] = {}
#: prune-node attribute name → its help
_ATTRS: dict[str, _Entry] = {}


def _field(role: str, *names: str) -> Callable[[_Builder], _Builder]:
    def register(fn: _Builder) -> _Builder:
        for n in names:
            _FIELDS[(role, n)] = fn
        return fn
    return register


def _has(d: Dialect | None, name: str) -> bool:
    return d is not None and d.has_value_field(name)


def _eps_text() -> tuple[str, str]:
    """FLT_EPSILON and its inverse as a reader copies them (the inverse is 2^23, exactly)."""
    return quant.f32_str(quant.FLT_EPSILON), str(int(1 / quant.FLT_EPSILON))


_POSITIVE = _T("a finite number > 0 (stored as float32)", "大于0的有限浮点数（按float32存储）")
_POSITIVE_RANGE = ValueRange(0.0, quant.FLT_MAX, integer=False, lo_open=True)
_NEEDED = _T("AMCT needs it on every layer it quantizes.", "AMCT量化的每一层都必须配置。")


def _int_range(lo: int, hi: int) -> _T:
    return _T(f"a whole number from {lo} to {hi}", f"{lo}～{hi}的整数")




def _fixed(entry: Callable[[str], _Entry], name: str) -> _Builder:
    """The builder of `entry(name)`, the same in every dialect."""
    def build(d: Dialect | None) -> _Entry:
        return entry(name)
    return build

