"""Translations for every part of the editor, the Qt-free ones included. No Qt here.

A user-visible string goes through `translate(context, text)`: the context names where the
string belongs (``"rules"``, ``"reading"``, ``"cli"``…), the text is the English source.
A message with values is a template, filled in after translation::

    translate("rules", "{name} = {value} is outside [{lo}, {hi}]").format(name=..., ...)

never an f-string inside `translate`: ``pyside6-lupdate`` extracts only literal texts (and only
a literal context), so a string built before the call is never offered for translation.
A string that must be defined where it cannot be translated yet (a table at import time) is
marked with `QT_TRANSLATE_NOOP` and translated where it is shown: ``translate("rules", RULE_TEXT)``.

Where translations come from:

- In the window, `set_backend` makes `translate` call ``QCoreApplication.translate``: the
  QTranslators `editor.ui.i18n` installs (the compiled ``.qm`` files) answer.
- Elsewhere (the command line), `set_language` picks the language and the ``.ts`` sources
  in ``resources/i18n`` are read here with ``xml.etree`` the first time a text is asked for,
  only when the language is not English.

English is the source language: with it, `translate` returns the text as given.
See docs/ARCHITECTURE.md, "Translations".
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

#: The languages the editor speaks: code -> its name in that language.
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
#: The source language of every text (what `translate` returns without a translation).
SOURCE_LANGUAGE = "en"
#: The environment variable the command line reads its language from.
LANGUAGE_ENV = "RECORD_EDITOR_LANG"

Backend = Callable[[str, str], str]

_language = SOURCE_LANGUAGE
_catalog: dict[tuple[str, str], str] | None = None  # None: English, or not read yet
_backend: Backend | None = None


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - Qt's name, lupdate's keyword
    """Mark `text` for translation in `context` where it is defined; returns it unchanged.

    ``pyside6-lupdate`` extracts it; translate it where it is shown with
    ``translate(context, text)``."""
    return text


def translate(context: str, text: str) -> str:
    """`text` (an English source text of `context`) in the active language.

    The text itself when there is no translation for it (or the language is English)."""
    if _backend is not None:
        return _backend(context, text)
    if _language == SOURCE_LANGUAGE:
        return text
    catalog = _catalog if _catalog is not None else _load()
    return catalog.get((context, text), text)


def language() -> str:
    """The active language's code (``"en"``, ``"zh_CN"``)."""
    return _language


def normalize(name: str | None) -> str | None:
    """The code of the language a locale or language name asks for, or None when the
    editor does not speak it.

    ``zh_CN``, ``zh-CN``, ``zh_CN.UTF-8``, ``zh``, ``zh_Hans_CN`` -> ``zh_CN`` (every Chinese
    locale: Simplified Chinese is the translation there is); ``en_US``, ``C``, ``POSIX`` -> ``en``.
    """
    if not name:
        return None
    base = name.strip().split(".")[0].split("@")[0].replace("-", "_")
    if base in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    lang = base.split("_")[0].lower()
    if lang == "zh":
        return "zh_CN"
    if lang == "en":
        return "en"
    return None


def set_language(code: str) -> None:
    """Make `code` (a key of `LANGUAGES`) the language `translate` answers in.

    Its translations are read on first use, not here (the command line's start-up stays light)."""
    global _language, _catalog
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; the editor speaks {', '.join(LANGUAGES)}")
    if code != _language:
        _language = code
        _catalog = None


def set_backend(backend: Backend | None) -> None:
    """Let `backend` (``QCoreApplication.translate``) answer every `translate`; None goes back
    to reading the ``.ts`` files. The window sets it where it installs its translators."""
    global _backend
    _backend = backend


def translations_dir() -> Path:
    """The folder of the ``.ts`` sources and compiled ``.qm`` files (``resources/i18n``)."""
    from editor.paths import resources_dir

    return resources_dir() / "i18n"


def catalog_files(code: str, suffix: str = ".ts") -> list[Path]:
    """Every area's translation file of language `code` (``records_zh_CN.ts``…), sorted."""
    return sorted(translations_dir().glob(f"*_{code}{suffix}"))


def read_ts(path: Path) -> dict[tuple[str, str], str]:
    """The finished translations of one ``.ts`` file: (context, source) -> translation.

    Unfinished, empty, obsolete and vanished entries are left out (their source text is
    shown instead, as QTranslator does)."""
    from xml.etree import ElementTree

    out: dict[tuple[str, str], str] = {}
    root = ElementTree.parse(path).getroot()
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            if source is None or translation is None or translation.get("type") is not None:
                continue
            if translation.text:
                out[(name, source)] = translation.text
    return out


def _load() -> dict[tuple[str, str], str]:
    global _catalog
    catalog: dict[tuple[str, str], str] = {}
    for path in catalog_files(_language):
        catalog.update(read_ts(path))
    _catalog = catalog
    return catalog


def language_from_environment(environ: os._Environ[str] | dict[str, str] | None = None) -> str | None:
    """The language `LANGUAGE_ENV` asks for: a code, None when unset or empty; raises
    ValueError for one the editor does not speak."""
    value = (os.environ if environ is None else environ).get(LANGUAGE_ENV, "").strip()
    if not value:
        return None
    code = normalize(value)
    if code is None:
        raise ValueError(value)
    return code
