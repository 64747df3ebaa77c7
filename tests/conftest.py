"""Shared test fixtures: Qt runs offscreen; files from ../shared are used when present."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("AMCT_SHARED", REPO.parent / "shared"))
REALWORLD = SHARED / "realworld"
SEEDS = SHARED / "seeds"
DATA = Path(__file__).resolve().parent / "data"


def realworld_files() -> list[Path]:
    return sorted(REALWORLD.glob("*.txt")) if REALWORLD.is_dir() else []


needs_shared = pytest.mark.skipif(not REALWORLD.is_dir(), reason="../shared/realworld not present")
