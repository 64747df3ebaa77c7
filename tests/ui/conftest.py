"""Fixtures for the Qt layer: sample messages, isolated settings and recovery folders."""
from __future__ import annotations

import os

import pytest

import editor.ui  # noqa: F401  (first: pins singletons against PySide refcount bugs)
from editor.records.dialects import Dialect
from editor.records.messages import RecordMessage
from tests.ui.kit import available_samples, load_sample

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: the bundled samples, or one skipped parameter when none is present
_SAMPLES: list[object] = [*available_samples()] or [pytest.param(None, marks=pytest.mark.skip("no samples"))]


@pytest.fixture(params=_SAMPLES)
def sample(request) -> tuple[RecordMessage, Dialect]:
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
