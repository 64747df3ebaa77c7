"""A non-editable install carries the samples, icons, .proto sources and translations."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-q", "-w", str(folder), str(REPO)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    (built,) = folder.glob("amct_record_editor-*.whl")
    return built


def test_wheel_contains_resources_and_protos(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for sample in (REPO / "resources" / "samples").glob("*.txt"):
        assert f"editor/resources/samples/{sample.name}" in names
    for icon in (REPO / "resources").rglob("*.svg"):
        assert f"editor/resources/{icon.relative_to(REPO / 'resources').as_posix()}" in names
    for proto in (REPO / "proto").glob("*.proto"):
        assert f"editor/proto/{proto.name}" in names
    for translation in [*(REPO / "resources" / "i18n").glob("*.qm"), *(REPO / "resources" / "i18n").glob("*.ts")]:
        assert f"editor/resources/i18n/{translation.name}" in names
    code = {p.relative_to(REPO).as_posix() for p in (REPO / "editor").rglob("*.py")}
    assert code - names == set(), "packages missing from pyproject.toml's [tool.setuptools] packages"
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "record-editor = editor.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_installed_package_finds_its_translations(wheel, tmp_path):
    """The package as installed from the wheel (unpacked, first on the path) finds the .qm
    files the window loads and speaks Chinese from its .ts files, away from the checkout."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = ("import editor, editor.i18n as t; "
             "print(editor.__file__); print(len(t.catalog_files('zh_CN', '.qm'))); "
             "t.set_language('zh_CN'); print(t.translate('LanguageMenu', 'Language'))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path,
                          env={"PYTHONPATH": str(site), "PATH": "", "PYTHONIOENCODING": "utf-8"})
    assert proc.returncode == 0, proc.stderr
    where, qm_count, word = proc.stdout.splitlines()
    assert Path(where).is_relative_to(site)
    assert int(qm_count) == len(list((REPO / "resources" / "i18n").glob("*_zh_CN.qm"))) > 0
    assert word == "语言"
