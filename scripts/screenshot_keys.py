#!/usr/bin/env python3
"""Render the keyboard's side of the window offscreen, as PNGs.

- ``docs/plot-menu.png``: the *Plot* menu — every plot action with its key, by view.
- ``docs/keyboard-shortcuts.png``: *Help ▸ Keyboard Shortcuts*.
- ``docs/tree-editing.png``: the window while a value typed in the tree (the current cell
  on scale_d's Field column, then typing) is refused: the editor beside the name of what
  it edits, the reason in the status bar.

Usage: ``python -m scripts.screenshot_keys [OUT_DIR]`` (default ``docs``).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]

from PySide6.QtCore import QPoint, QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor.paths import samples_dir  # noqa: E402
from editor.ui.dialogs import Prompter  # noqa: E402
from editor.ui.main_window import MainWindow  # noqa: E402

SAMPLE = "resnet_tf_inner_prune.txt"
SCALE_D = ("record", 1, "value", "scale_d")


class _Discard(Prompter):
    def ask_save_changes(self, name: str) -> str:
        return "discard"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else ROOT / "docs"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=_Discard(), recovery_dir=Path(tmp) / "recovery")
        window.resize(1280, 820)
        window.show()
        loaded: list[bool] = []
        window.loadFinished.connect(loaded.append)
        window.open_path(samples_dir() / SAMPLE)
        while not loaded:
            app.processEvents()
        for _ in range(10):
            app.processEvents()

        window.menus.plot_menu.aboutToShow.emit()
        window.menus.plot_menu.popup(QPoint(0, 0))
        app.processEvents()
        window.menus.plot_menu.grab().save(str(out / "plot-menu.png"))
        window.menus.plot_menu.hide()

        dialog = window.menus.show_shortcuts()
        dialog.resize(900, 900)
        app.processEvents()
        dialog.grab().save(str(out / "keyboard-shortcuts.png"))
        dialog.close()

        tree, view = window.tree, window.tree.view
        window.activateWindow()
        tree.select_path(SCALE_D, column=0)
        view.setFocus()
        QTest.keyClick(view, Qt.Key.Key_Minus)  # typing on the row starts editing its value
        editor = view.indexWidget(view.currentIndex())
        QTest.keyClicks(editor, "0.5")
        for _ in range(10):
            app.processEvents()
        window.grab().save(str(out / "tree-editing.png"))
        QTest.keyClick(editor, Qt.Key.Key_Escape)
        print(f"wrote {out / 'plot-menu.png'}, {out / 'keyboard-shortcuts.png'}, {out / 'tree-editing.png'} "
              f"({window.statusBar().currentMessage()})")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
