"""Shared test fixtures: Qt runs offscreen; files from ../shared are used when present."""
from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]

def _find_shared() -> Path:
    """The project's shared folder (real files, seeds): $AMCT_SHARED, ../shared, /work/shared."""
    for candidate in (os.environ.get("AMCT_SHARED"), REPO.parent / "shared", "/work/shared"):
        if candidate and (Path(candidate) / "realworld").is_dir():
            return Path(candidate)
    return REPO.parent / "shared"


SHARED = _find_shared()
REALWORLD = SHARED / "realworld"
SEEDS = SHARED / "seeds"
DATA = Path(__file__).resolve().parent / "data"


def realworld_files() -> list[Path]:
    return sorted(REALWORLD.glob("*.txt")) if REALWORLD.is_dir() else []


needs_shared = pytest.mark.skipif(not REALWORLD.is_dir(), reason="../shared/realworld not present")

#: real records copied into the repository (tests/data/realworld/README.md): always present
RESNET50_CAFFE = DATA / "realworld" / "resnet50_caffe_record.txt"
MOBILENET_V2_TF = DATA / "realworld" / "mobilenet_v2_tf_record.txt"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `slow` run first. `./dev test` runs two workers that steal each other's
    pending tests (`--dist worksteal`); a long test that starts last is a tail the other worker
    cannot share, while short tests at the end let both finish together."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: file order kept


@pytest.fixture(autouse=True)
def _language_restored():
    """A test that speaks another language (the command line's --lang sets it for the
    process) leaves the next test in English: under xdist the next one may be any test."""
    from editor import i18n

    before = i18n.language()
    yield
    if i18n.language() != before:
        i18n.set_language(before)


@pytest.fixture
def gui_calls(monkeypatch) -> list[dict[str, object]]:
    """The window's entry point replaced: `editor.ui.app` becomes a module whose run_gui records
    each call's arguments (path, dialect and the keywords) and returns 0, so the command
    line's editor form is tested without opening a window."""
    calls: list[dict[str, object]] = []

    def run_gui(path, dialect, **keywords) -> int:
        calls.append({"path": path, "dialect": dialect, **keywords})
        return 0

    fake = types.ModuleType("editor.ui.app")
    fake.__dict__["run_gui"] = run_gui  # the module's namespace (ModuleType declares no run_gui)
    monkeypatch.setitem(sys.modules, "editor.ui.app", fake)
    return calls
