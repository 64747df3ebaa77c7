"""The type checker passes over editor/, scripts/ and tests/ (configuration: [tool.mypy] in
pyproject.toml; test functions go unannotated, their bodies are checked all the same).

It runs as part of the test suite so that a change that breaks a type fails like a broken
test does, and a test that misuses the code's types fails too. mypy's cache lives in the
system's temporary folder, one per checkout (one SQLite file: `sqlite_cache` in pyproject.toml),
so a run after a small change re-checks only what changed: a second or two after an edit inside one module, longer when a module's interface
changes and its importers are checked again. From cold the tests make the run about 1.5 times
as long as editor/ and scripts/ alone.
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _cache_dir() -> Path:
    tag = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"amct-record-editor-mypy-{tag}"


@pytest.mark.slow
def test_mypy_finds_no_errors_in_editor_scripts_and_tests():
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(_cache_dir())],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"mypy reports:\n{done.stdout}{done.stderr}"
