"""The real exit path: `python -m editor` opens a record, its window is closed, the process
ends cleanly — with nothing left for the interpreter's teardown, where a pyqtgraph widget can
crash PySide6 6.12."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.kit import sample_path

HELPER = Path(__file__).with_name("close_after_load.py")
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("args", [[], [str(sample_path("resnet_caffe.txt"))]],
                         ids=["bundled sample", "caffe record"])
def test_closing_the_window_ends_the_process_cleanly(tmp_path, args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    result = subprocess.run([sys.executable, "-X", "faulthandler", str(HELPER), *args], cwd=tmp_path,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Segmentation fault" not in result.stderr and "Fatal Python error" not in result.stderr
    name = Path(args[0]).name if args else "resnet_tf_inner_prune.txt"
    assert f"shown: {name}" in result.stdout
    assert "widgets left: 0 " in result.stdout, result.stdout  # all destroyed before the teardown
