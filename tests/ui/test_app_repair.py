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
    assert window.document is not None
    assert window.document.path == path and window.document.repairs
    assert not [q for q in prompter.asked if q.startswith("Open with repairs?")] and not prompter.errors
    assert window.isWindowModified()  # saving writes the repaired text: that is a change


def _reads(monkeypatch) -> list[bool]:
    """The `repair` argument of every RecordDocument.load the loader makes."""
    from editor.records.document import RecordDocument

    calls: list[bool] = []
    real = vars(RecordDocument)["load"].__func__  # the function under the classmethod

    def counting(cls, path, dialect=None, **kw):
        calls.append(kw.get("repair", False))
        return real(cls, path, dialect, **kw)

    monkeypatch.setattr(RecordDocument, "load", classmethod(counting))
    return calls


def test_a_broken_file_is_read_once_when_repair_could_not_help(qtbot, tmp_path, monkeypatch):
    """Failing costs no more than reading: the loader reads the file again with repair only
    when the reader saw, at the error, what repair fixes."""
    from editor.ui.loader import LoadWorker

    calls = _reads(monkeypatch)
    path = tmp_path / "cut.txt"
    path.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5\n    offset_d: 3\n')
    worker = LoadWorker(path)
    with qtbot.waitSignal(worker.failed, timeout=10000) as failed:
        worker.start()
    worker.wait()
    assert calls == [False]
    assert "cut.txt:5:15" in failed.args[0] and "ends inside record" in failed.args[0]


def test_a_pasted_documentation_example_is_read_again_with_repair(qtbot, tmp_path, monkeypatch):
    from editor.ui.loader import LoadWorker

    calls = _reads(monkeypatch)
    path = tmp_path / "from_docs.txt"
    path.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5  // the data scale\n'
                    '    offset_d: 3\n  }\n}\n')
    worker = LoadWorker(path)
    with qtbot.waitSignal(worker.repairable, timeout=10000) as offered:
        worker.start()
    worker.wait()
    assert calls == [False, True]
    assert offered.args[0].message.record[0].value.scale_d == 0.5
