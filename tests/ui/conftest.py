"""Fixtures for the Qt layer: sample messages, isolated settings and recovery folders."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from google.protobuf import text_format
from google.protobuf.message import Message

import editor.ui  # noqa: F401  (first: pins singletons against PySide refcount bugs)
from editor.paths import samples_dir
from editor.records.dialects import DIALECTS, Dialect

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: bundled sample file -> dialect name
SAMPLE_DIALECTS = {
    "resnet_tf_inner_prune.txt": "tf-inner",
    "resnet_tf_convert.txt": "tf-convert",
    "resnet_pytorch.txt": "pytorch",
    "resnet_onnx.txt": "onnx",
    "resnet_mindspore.txt": "mindspore",
    "resnet_caffe.txt": "caffe",
}


def sample_path(name: str) -> Path:
    return samples_dir() / name


def load_sample(name: str) -> tuple[Message, Dialect]:
    """A sample parsed with protobuf's own text parser (independent of the record core)."""
    dialect = DIALECTS[SAMPLE_DIALECTS[name]]
    message = dialect.new_message()
    text_format.Merge(sample_path(name).read_text(encoding="utf-8"), message)
    return message, dialect


def available_samples() -> list[str]:
    return [n for n in SAMPLE_DIALECTS if sample_path(n).is_file()]


@pytest.fixture(params=available_samples() or [pytest.param(None, marks=pytest.mark.skip("no samples"))])
def sample(request) -> tuple[Message, Dialect]:
    return load_sample(request.param)


@pytest.fixture
def env(tmp_path, qtbot):
    """A factory of main windows with their own settings file, recovery folder and prompter."""
    from PySide6.QtCore import QSettings

    from editor.ui.main_window import MainWindow
    from tests.ui.kit import ScriptedPrompter

    def make(prompter: ScriptedPrompter | None = None, **kwargs) -> MainWindow:
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=prompter or ScriptedPrompter(),
                            recovery_dir=tmp_path / "recovery", **kwargs)
        # whatever the test left unsaved is discarded when pytest-qt closes the window
        qtbot.addWidget(window, before_close_func=lambda w: w.prompter.save_answers.extend(["discard"] * 3))
        window.show()
        return window

    return make
