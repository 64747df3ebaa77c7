"""Render the main window with a bundled sample offscreen into docs/screenshot-main.png.

Run after any change to the window: `.venv/bin/python scripts/screenshot.py [OUT.png]`.
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

from editor.paths import default_sample  # noqa: E402
from editor.ui.app import application  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

#: the layer shown expanded, and the cell shown selected
LAYER = 3


def render(out: Path, sample: Path | None = None) -> Path:
    sample = sample or default_sample()
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, recovery_dir=Path(tmp) / "recovery")
        window.resize(1680, 940)
        window.show()
        loop = QEventLoop()
        window.loadFinished.connect(lambda _ok: loop.quit())
        QTimer.singleShot(60000, loop.quit)
        window.open_path(sample)
        loop.exec()
        if window.document is None:
            raise SystemExit(f"could not open {sample}")
        tree = window.tree
        path = ("record", LAYER, "value", "scale_w")
        tree.select_path(path + (2,))
        tree.view.expand(tree.proxy.mapFromSource(window.session.model.index_for_path(("record", LAYER))))
        tree.select_path(("record", LAYER, "value", "scale_d"), column=0)
        tree.view.scrollTo(tree.proxy.mapFromSource(window.session.model.index_for_path(("record", LAYER - 2))),
                           tree.view.ScrollHint.PositionAtTop)
        width = window.splitter.width()
        if window.side_tabs.count():
            window.splitter.setSizes([width * 11 // 20, width * 9 // 20])
        window.tree.view.setFocus()
        for _ in range(5):
            app.processEvents()
        out.parent.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(out))
        window.session.undo_stack.setClean()
        window.close()
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "screenshot-main.png"
    print(render(target))
