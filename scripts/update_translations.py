"""Regenerate the translation files: ``pyside6-lupdate`` per area, then ``pyside6-lrelease``.

    python -m scripts.update_translations           # update every .ts, compile every .qm
    python -m scripts.update_translations --check   # exit 1 when a .ts or .qm is stale

One ``.ts`` per area and language (``resources/i18n/records_zh_CN.ts``…), so that people
converting different areas never edit the same file. An area's ``.ts`` holds the texts of
that area's source files (`AREAS`): new texts arrive unfinished (translate them with
``pyside6-linguist resources/i18n/AREA_zh_CN.ts`` or in any editor: fill <translation> and
drop ``type="unfinished"``), texts no longer in the code are dropped (``-no-obsolete``), and
no line numbers are written (``-locations none``), so a .ts changes only when its texts do.
Then each .ts is compiled to the .qm the window loads (``-nounfinished``: as the command
line's reader, an unfinished text shows its English source).

tests/test_translations.py fails when a .ts or .qm is stale, when a text has no finished
translation, and when a translation drops or renames a ``{placeholder}``.
"""
from __future__ import annotations

import argparse
import filecmp
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "resources" / "i18n"
#: Every language but English (the source language of the texts).
LANGUAGES = ("zh_CN",)

#: area -> the source files whose texts its .ts holds (globs relative to the repository).
#: Every Python file of the package with user-visible text belongs to exactly one area.
AREAS: dict[str, tuple[str, ...]] = {
    # the domain: rule messages, reading problems, values' messages, summaries
    "records": ("editor/records/**/*.py", "editor/models/**/*.py", "editor/i18n.py", "editor/protobuf_errors.py"),
    # the analysis core: which layer costs accuracy (its reasons, its files' messages)
    "analysis": ("editor/analysis/**/*.py",),
    # the command line: help, reports, its own errors
    "cli": ("editor/cli/**/*.py",),
    # the window: menus, actions, dialogs, tree, status bar (editor/ui's own modules)
    "window": ("editor/ui/*.py", "editor/ui/field_editors/**/*.py"),
    # comparing two records: the Differences tab, Take from B
    "compare": ("editor/ui/compare/**/*.py",),
    # the Edit dock's panels and the Problems dock
    "panels": ("editor/ui/panels/**/*.py",),
    # the plots, the graph view, the analysis shown in them (Tools ▸ Analyze…), and the
    # Qt-free figures behind the plots
    "plots": ("editor/ui/plots/**/*.py", "editor/ui/graph/**/*.py", "editor/graph/**/*.py",
              "editor/ui/analysis/**/*.py", "editor/figures/**/*.py"),
    # the HTML report (record-editor report, File ▸ Export Report…)
    "report": ("editor/report/**/*.py",),
}


def area_sources(area: str, root: Path = ROOT) -> list[Path]:
    """The source files of `area`, sorted (generated protobuf modules left out)."""
    found: set[Path] = set()
    for pattern in AREAS[area]:
        found.update(p for p in root.glob(pattern) if "_pb" not in p.parts)
    return sorted(found)


def ts_path(area: str, language: str, folder: Path = TS_DIR) -> Path:
    return folder / f"{area}_{language}.ts"


def _tool(name: str) -> str:
    """The Qt tool `name` (``lupdate``, ``lrelease``) PySide6 ships, else ``pyside6-NAME``."""
    import PySide6

    exe = Path(PySide6.__file__).parent / (name + (".exe" if sys.platform == "win32" else ""))
    if exe.is_file():
        return str(exe)
    wrapper = shutil.which(f"pyside6-{name}", path=str(Path(sys.executable).parent)) or shutil.which(
        f"pyside6-{name}")
    if wrapper is None:
        raise SystemExit(f"neither {exe} nor pyside6-{name} found; install PySide6")
    return wrapper


def lupdate(area: str, ts: Path, language: str, root: Path = ROOT) -> None:
    """Bring `ts` up to date with the texts of `area`'s sources (creates it if missing)."""
    sources = [str(p) for p in area_sources(area, root)]
    subprocess.run([_tool("lupdate"), "-silent", "-locations", "none", "-no-obsolete",
                    "-source-language", "en", "-target-language", language, *sources, "-ts", str(ts)],
                   check=True, capture_output=True)
    # lupdate takes a ``#:`` comment before a text for a note to translators; here ``#:``
    # documents attributes, so those notes are noise (and churn): drop them.
    text = ts.read_text(encoding="utf-8")
    cleaned = _EXTRACOMMENT.sub("", text)
    if cleaned != text:
        ts.write_text(cleaned, encoding="utf-8")


_EXTRACOMMENT = re.compile(r"\n *<extracomment>.*?</extracomment>", re.DOTALL)


def lrelease(ts: Path, qm: Path) -> None:
    """Compile `ts` into `qm` (finished translations only)."""
    subprocess.run([_tool("lrelease"), "-silent", "-nounfinished", str(ts), "-qm", str(qm)],
                   check=True, capture_output=True)


class Entry(NamedTuple):
    """One message of a .ts file."""

    context: str
    source: str
    translation: str
    #: the translation's ``type`` attribute: None when finished, else "unfinished", "vanished"…
    state: str | None


def ts_entries(ts: Path) -> list[Entry]:
    """Every message of `ts`, in file order."""
    root = ElementTree.parse(ts).getroot()
    out = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            out.append(Entry(name, message.findtext("source") or "",
                             (translation.text or "") if translation is not None else "",
                             translation.get("type") if translation is not None else "unfinished"))
    return out


def _sources(ts: Path) -> set[tuple[str, str]]:
    return {(e.context, e.source) for e in ts_entries(ts) if e.state not in ("vanished", "obsolete")}


def stale(root: Path = ROOT) -> list[str]:
    """What `update` would change, as messages (empty: every .ts and .qm is up to date).

    Runs lupdate on a copy of each .ts and compares the texts it would hold; compiles each
    checked-in .ts and compares the .qm byte for byte."""
    out: list[str] = []
    folder = root / "resources" / "i18n"
    with tempfile.TemporaryDirectory() as tmp:
        for area in AREAS:
            for language in LANGUAGES:
                ts = ts_path(area, language, folder)
                if not ts.is_file():
                    out.append(f"{ts.name} is missing")
                    continue
                fresh = Path(tmp) / ts.name
                shutil.copyfile(ts, fresh)
                lupdate(area, fresh, language, root)
                have, want = _sources(ts), _sources(fresh)
                if have != want:
                    new = sorted(want - have)[:5]
                    gone = sorted(have - want)[:5]
                    out.append(f"{ts.name} is stale: new texts {new}, texts no longer in the code {gone}")
                qm = ts.with_suffix(".qm")
                compiled = fresh.with_suffix(".qm")
                lrelease(ts, compiled)
                if not qm.is_file() or not filecmp.cmp(qm, compiled, shallow=False):
                    out.append(f"{qm.name} is stale (or missing): compile {ts.name} again")
    return out


def update(root: Path = ROOT) -> list[Path]:
    """Run lupdate and lrelease for every area and language; returns the files written."""
    folder = root / "resources" / "i18n"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for area in AREAS:
        for language in LANGUAGES:
            ts = ts_path(area, language, folder)
            lupdate(area, ts, language, root)
            qm = ts.with_suffix(".qm")
            lrelease(ts, qm)
            written += [ts, qm]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report stale files (exit 1)")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for p in problems:
            print(p)
        return 1 if problems else 0
    for path in update():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
