"""Render the main window offscreen, as a reviewer sees it, into docs/screenshot-*.png.

The real ResNet-50 Caffe record (tests/data/realworld) with a 1024-channel layer in the
channel plot and its factors in the Edit dock, at the window's first-start size (1280×820,
docs/screenshot-main.png) and on a full-HD screen (1920×1080, docs/screenshot-main-1920.png),
and the same layer with the plots focused (View ▸ Focus Plots, docs/screenshot-focus.png).

Run after any change to the window: `.venv/bin/python scripts/screenshot.py [OUT_DIR] [RECORD]`.
The window uses a throwaway settings file and recovery folder, so it looks the same for
everyone and touches nothing of the user's.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402

from editor.ui.app import application  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

RECORD = REPO / "tests" / "data" / "realworld" / "resnet50_caffe_record.txt"
#: the layer shown: ResNet-50's first 1024-channel layer
LAYER_KEY = "res4a_branch1"
#: (file name, window size, plots focused)
SHOTS = [("screenshot-main.png", (1280, 820), False),
         ("screenshot-main-1920.png", (1920, 1080), False),
         ("screenshot-focus.png", (1920, 1080), True)]


def render(out_dir: Path, record: Path = RECORD) -> list[Path]:
    app = application()
    written = []
    for name, (width, height), focus in SHOTS:
        with tempfile.TemporaryDirectory() as tmp:
            settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
            window = MainWindow(settings, recovery_dir=Path(tmp) / "recovery")
            window.resize(width, height)
            window.show()
            loop = QEventLoop()
            window.loadFinished.connect(lambda _ok, done=loop: done.quit())
            QTimer.singleShot(60000, loop.quit)
            window.open_path(record)
            loop.exec()
            if window.document is None:
                raise SystemExit(f"could not open {record}")
            keys = window.session.editor.keys()
            index = keys.index(LAYER_KEY) if LAYER_KEY in keys else 0
            window.tree.select_path(("record", index))
            plots = window.plots
            plots.setCurrentWidget(plots.channels)
            window.tree.view.setFocus()
            if focus:
                window.window_layout.set_focus_plots(True)
            for _ in range(10):
                app.processEvents()
            plots.channels.flush()
            window.statusBar().clearMessage()  # "Opened /home/…": the path of whoever ran it
            for _ in range(5):
                app.processEvents()
            out_dir.mkdir(parents=True, exist_ok=True)
            path = out_dir / name
            if not window.grab().save(str(path)):
                raise OSError(f"could not write {path}")
            viewbox = plots.channels.main.plot.getViewBox().width()
            print(f"wrote {path} ({width}×{height}; channel plot {viewbox:.0f} px wide)")
            written.append(path)
            window.session.undo_stack.setClean()
            window.close()
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs"
    render(target, Path(sys.argv[2]) if len(sys.argv) > 2 else RECORD)
