"""Render the comparison of two records offscreen into docs/compare-*.png.

A is the real ResNet-50 Caffe record (tests/data/realworld); B is a copy "calibrated
again": every scale_d moved by a few parts in a million (float noise a tolerance hides),
and real changes in a few layers — res2a_branch2c's scale_w channel 210 back to a typical
value, a span of res4a_branch1's scale_w scaled by 1.3, res3a_branch2a's scale_d up 8 %,
fc1000 left out. Shots, at the window's first-start size (1280×820):

- docs/compare-differences.png: the Differences tab at rtol 1e-5, a row selected (the tree
  and the Edit dock follow it);

Run after changing the comparison's views: `.venv/bin/python -m scripts.screenshot_compare [OUT_DIR]`.
"""
from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]

import numpy as np  # noqa: E402
from google.protobuf import text_format  # noqa: E402
from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402

from editor.records.document import RecordDocument  # noqa: E402
from editor.records.messages import EntryMessage  # noqa: E402
from editor.ui.app import application  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

RECORD = REPO / "tests" / "data" / "realworld" / "resnet50_caffe_record.txt"


def calibrated_again(path: Path) -> str:
    """B's text: A with noise on every scale_d and a few real changes."""
    message = RecordDocument.load(path).message
    rng = np.random.default_rng(12)
    by_key = {e.key: e for e in message.record}
    for entry in message.record:
        entry.value.scale_d *= float(1 + rng.normal(0, 3e-6))
    w = by_key["res2a_branch2c"].value.scale_w
    w[210] = float(np.median(np.asarray(w)))
    w = by_key["res4a_branch1"].value.scale_w
    for c in range(300, 340):
        w[c] *= 1.3
    by_key["res3a_branch2a"].value.scale_d *= 1.08
    entries: Sequence[EntryMessage] = message.record
    fc = [i for i, e in enumerate(entries) if e.key == "fc1000"]
    if fc:
        del message.record[fc[0]]
    return text_format.MessageToString(message)


def spin(app, seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def render(out_dir: Path) -> list[Path]:
    app = application()
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        b = Path(tmp) / "resnet50_recalibrated.txt"
        b.write_text(calibrated_again(RECORD), encoding="utf-8")
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, recovery_dir=Path(tmp) / "recovery")
        window.resize(1280, 820)
        window.show()
        loop = QEventLoop()
        window.loadFinished.connect(lambda _ok: loop.quit())
        window.open_path(RECORD)
        loop.exec()
        c = window.compare.controller
        loop = QEventLoop()
        c.opened.connect(lambda _doc: loop.quit())
        window.compare.compare_with(b)
        loop.exec()
        window.compare.view.set_tolerance(1e-5, 0)
        while not c.current:
            spin(app, 0.05)
        view = window.compare.view
        view.view.selectRow(1)
        view.view.setFocus()
        spin(app, 0.5)
        window.statusBar().clearMessage()
        spin(app, 0.2)
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / "compare-differences.png"
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        print(f"wrote {path} ({len(c.rows)} rows at rtol 1e-5)")
        written.append(path)
        # the same comparison in the record's views: B over A in Channels, the tree's marks,
        # a layer whose scale_w B changed
        row = next(r for r in view.model.shown if r.field == "scale_w" and r.kind.value == "field")
        window.compare.open_row(row)
        spin(app, 0.5)
        window.statusBar().clearMessage()
        spin(app, 0.2)
        path = out_dir / "compare-channels.png"
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        print(f"wrote {path} (layer {row.layer!r})")
        written.append(path)
        window.plots.show_overview()
        spin(app, 0.5)
        path = out_dir / "compare-overview.png"
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        print(f"wrote {path}")
        written.append(path)
        window.session.undo_stack.setClean()
        window.close()
    return written


if __name__ == "__main__":
    render(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs")
