"""The type checker passes over editor/ and scripts/ (configuration: [tool.mypy] in pyproject.toml).

It runs as part of the test suite so that a change that breaks a type fails like a broken
test does. mypy's cache lives in the system's temporary folder, one per checkout, so a run
after a small change re-checks only what changed (a few seconds; about 15 s from cold).
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cache_dir() -> Path:
    tag = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"amct-record-editor-mypy-{tag}"


def test_mypy_finds_no_errors_in_editor_and_scripts():
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(_cache_dir())],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"mypy reports:\n{done.stdout}{done.stderr}"
