"""Render the main window offscreen, as a reviewer sees it, into docs/screenshot-*.png.

The real ResNet-50 Caffe record (tests/data/realworld) with a 1024-channel layer in the
channel plot and its factors in the Edit dock, at the window's first-start size (1280×820,
docs/screenshot-main.png) and on a full-HD screen (1920×1080, docs/screenshot-main-1920.png),
and the same layer with the plots focused (View ▸ Focus Plots, docs/screenshot-focus.png).

Run after any change to the window: `.venv/bin/python -m scripts.screenshot [OUT_DIR] [RECORD]`.
With `--lang zh_CN` the window speaks that language (installed as the editor installs the
one View ▸ Language holds, `editor.ui.i18n.install_language`) and only the main window at
its first-start size is rendered, into docs/screenshot-main-zh_CN.png (README.zh-CN.md
shows it).
The window uses a throwaway settings file and recovery folder, so it looks the same for
everyone and touches nothing of the user's.
"""
from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parents[1]

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402

from editor import i18n  # noqa: E402
from editor.ui.app import application  # noqa: E402
from editor.ui.i18n import install_language  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

RECORD = REPO / "tests" / "data" / "realworld" / "resnet50_caffe_record.txt"
#: the layer shown: ResNet-50's first 1024-channel layer
LAYER_KEY = "res4a_branch1"
#: (file name, window size, plots focused)
SHOTS = [("screenshot-main.png", (1280, 820), False),
         ("screenshot-main-1920.png", (1920, 1080), False),
         ("screenshot-focus.png", (1920, 1080), True)]


def shots(language: str) -> list[tuple[str, tuple[int, int], bool]]:
    """What to render: every shot in English; in another language the main window at its
    first-start size, named after the language (``screenshot-main-zh_CN.png``)."""
    if language == i18n.SOURCE_LANGUAGE:
        return SHOTS
    return [(f"screenshot-main-{language}.png", (1280, 820), False)]


def render(out_dir: Path, record: Path = RECORD, language: str = i18n.SOURCE_LANGUAGE) -> list[Path]:
    """Render the shots of `language` into `out_dir`; the files written."""
    app = application()
    install_language(language)  # before the window: widgets take their texts when built
    written = []
    for name, (width, height), focus in shots(language):
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=REPO / "docs")
    parser.add_argument("record", nargs="?", type=Path, default=RECORD)
    parser.add_argument("--lang", choices=sorted(i18n.LANGUAGES), default=i18n.SOURCE_LANGUAGE,
                        help="the interface language (zh_CN: docs/screenshot-main-zh_CN.png only)")
    args = parser.parse_args(argv)
    render(args.out_dir, args.record, args.lang)


if __name__ == "__main__":
    main()
