"""`record-editor --repair FILE`: the editor opens a pasted documentation example repaired."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from editor.ui.app import create_window
from tests.ui.kit import ScriptedPrompter

SEED = Path(__file__).resolve().parents[1] / "data" / "seeds" / "004_example1.txt"


def test_create_window_with_repair_opens_the_repaired_record_without_asking(qtbot, tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_bytes(SEED.read_bytes())
    prompter = ScriptedPrompter()  # no answers queued: a question would fail the test
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = create_window(str(path), None, settings=settings, prompter=prompter,
                           recovery_dir=tmp_path / "rec", repair=True)
    qtbot.addWidget(window, before_close_func=lambda w: w.prompter.save_answers.extend(["discard"] * 3))
    qtbot.waitUntil(lambda: window.document is not None, timeout=20000)
    assert window.document.path == path and window.document.repairs
    assert not [q for q in prompter.asked if q.startswith("Open with repairs?")] and not prompter.errors
    assert window.isWindowModified()  # saving writes the repaired text: that is a change
