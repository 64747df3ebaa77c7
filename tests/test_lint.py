"""ruff passes over editor/, tests/ and scripts/ (rules: [tool.ruff] in pyproject.toml)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "editor", "tests", "scripts"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"ruff reports:\n{done.stdout}{done.stderr}"
