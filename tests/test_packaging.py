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
    """The wheel of this checkout, built once per run: under xdist every worker asks for it,
    and two pip builds of one checkout at once share its build/ and *.egg-info folders and
    break each other, so the first worker builds it (under a lock) where the others find it."""
    import fcntl
    import os

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # this run's folder
    folder = shared / "wheel"
    with open(shared / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = sorted(folder.glob("amct_record_editor-*.whl"))
        if not built:
            folder.mkdir(exist_ok=True)
            proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                                   "-q", "-w", str(folder), str(REPO)], capture_output=True, text=True)
            assert proc.returncode == 0, proc.stderr
            built = sorted(folder.glob("amct_record_editor-*.whl"))
    (wheel_file,) = built
    return wheel_file


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


def test_wheel_declares_the_window_launcher_and_ships_the_desktop_files(wheel):
    z = zipfile.ZipFile(wheel)
    names = set(z.namelist())
    entry_points = z.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "[gui_scripts]" in entry_points and "record-editor-gui = editor.cli:gui_main" in entry_points
    for name in ("amct-record-editor.desktop", "amct-record-editor.xml", "amct-record-editor.svg"):
        assert f"editor/resources/desktop/{name}" in names
    desktop = z.read("editor/resources/desktop/amct-record-editor.desktop").decode()
    assert "Exec=record-editor-gui %f" in desktop and "MimeType=text/x-amct-record;application/x-amct-record;" \
        in desktop


@pytest.mark.slow
def test_wheel_installed_in_a_fresh_environment_runs_version_check_and_report(wheel, tmp_path):
    """The wheel in a new virtual environment (its dependencies borrowed from this one, the
    project itself only from the wheel): --version, check and report work from there."""
    import site
    import venv

    env = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env)  # ensurepip: offline, from Python's own wheel
    python = env / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    # this environment's packages for the dependencies; a .pth in a site folder is read, the
    # editable install's own .pth (in the folder it names) is not: editor comes from the wheel
    (purelib / "deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    proc = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    bin_dir = env / "bin"
    assert (bin_dir / "record-editor-gui").exists()
    run_env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", "QT_QPA_PLATFORM": "offscreen",
               "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share")}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(bin_dir / "record-editor"), *args], capture_output=True, text=True,
                              cwd=tmp_path, env=run_env)

    where = subprocess.run([str(python), "-c", "import editor; print(editor.__file__)"], capture_output=True,
                           text=True, cwd=tmp_path, env=run_env)
    assert Path(where.stdout.strip()).is_relative_to(env), where.stdout + where.stderr
    from editor import __version__

    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"record-editor {__version__}"
    sample = REPO / "resources" / "samples" / "resnet_caffe.txt"
    check = run("check", str(sample), "--format", "github")
    assert check.returncode in (0, 1), check.stderr
    assert all(line.startswith("::") for line in check.stdout.splitlines())
    report = run("report", str(sample), "-o", "r.html")
    assert report.returncode in (0, 1), report.stderr
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    desktop = run("--install-desktop")
    assert desktop.returncode == 0, desktop.stderr
    assert (tmp_path / "share" / "applications" / "amct-record-editor.desktop").exists()
    assert (tmp_path / "share" / "mime" / "packages" / "amct-record-editor.xml").exists()
