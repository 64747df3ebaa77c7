"""A non-editable install carries the samples, icons and .proto sources."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_wheel_contains_resources_and_protos(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-q", "-w", str(tmp_path), str(REPO)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    (wheel,) = tmp_path.glob("amct_record_editor-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for sample in (REPO / "resources" / "samples").glob("*.txt"):
        assert f"editor/resources/samples/{sample.name}" in names
    for icon in (REPO / "resources").rglob("*.svg"):
        assert f"editor/resources/{icon.relative_to(REPO / 'resources').as_posix()}" in names
    for proto in (REPO / "proto").glob("*.proto"):
        assert f"editor/proto/{proto.name}" in names
    code = {p.relative_to(REPO).as_posix() for p in (REPO / "editor").rglob("*.py")}
    assert code - names == set(), "packages missing from pyproject.toml's [tool.setuptools] packages"
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "record-editor = editor.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
