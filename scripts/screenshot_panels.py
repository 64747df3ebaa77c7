#!/usr/bin/env python3
"""Render the layer panel with a refused value and the problems dock, offscreen, as PNGs.

- ``docs/panel-layer-error.png``: a bundled sample's layer after typing offset_d = 200 with
  act_type INT8 — the field red, the reason in the status bar, the record unchanged.
- ``docs/problems-dock.png``: the same sample after a few edits that break rules (a weight
  offset, a zero scale, a prune range one channel short, an INT16 act_type), grouped by
  severity.

Usage: ``python -m scripts.screenshot_panels [OUT_DIR] [--lang zh_CN]`` (default ``docs``).
With ``--lang`` the panels speak that language (installed as the editor does,
`editor.ui.i18n.install_language`) and the files are named after it
(``panel-layer-error-zh_CN.png``, ``problems-dock-zh_CN.png``).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import cast

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

from editor import i18n  # noqa: E402
from editor.paths import samples_dir  # noqa: E402
from editor.records.document import RecordDocument  # noqa: E402
from editor.records.edits.commands import SetValueCommand  # noqa: E402
from editor.ui.field_editors.line import FieldEdit  # noqa: E402
from editor.ui.panels import LayerPanel, ProblemsDock  # noqa: E402
from editor.ui.session import EditSession  # noqa: E402

SAMPLE = "resnet_tf_inner_prune.txt"
LAYER = 1  # resnet_v1_50/block1/unit_1/bottleneck_v1/shortcut/Conv2D, a pruned producer


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", nargs="?", type=Path, default=ROOT / "docs")
    ap.add_argument("--lang", choices=sorted(i18n.LANGUAGES), default=i18n.SOURCE_LANGUAGE)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    suffix = ""
    if args.lang != i18n.SOURCE_LANGUAGE:
        from editor.ui.i18n import install_language

        install_language(args.lang)
        suffix = f"-{args.lang}"
    layer_png, dock_png = out / f"panel-layer-error{suffix}.png", out / f"problems-dock{suffix}.png"
    doc = RecordDocument.load(samples_dir() / SAMPLE)
    session = EditSession()
    session.set_document(doc)

    # 1. the layer panel refusing offset_d = 200 under INT8
    window = QMainWindow()
    panel = LayerPanel(session)
    status = window.statusBar()
    panel.message.connect(status.showMessage)
    window.setCentralWidget(panel)
    window.setWindowTitle("Layer")
    window.resize(1000, 720)
    session.push(SetValueCommand(session.editor, ("record", LAYER, "value", "act_type"), "INT8"))
    session.selection.select(("record", LAYER, "value", "scale_w", 3), source="tree")
    window.show()
    offset = cast(FieldEdit, panel.edits["offset_d"])  # offset_d is a number: a line edit
    offset.setFocus(Qt.FocusReason.OtherFocusReason)
    offset.selectAll()
    offset.insert("200")
    offset.textEdited.emit(offset.text())
    offset.editingFinished.emit()
    app.processEvents()
    assert offset.reason is not None and doc.message.record[LAYER].value.offset_d != 200
    window.grab().save(str(layer_png))
    window.close()

    # 2. the problems dock after a few rule-breaking edits (made as commands, as anywhere)
    for path, value in (
        (("record", 3, "value", "offset_w", 5), 2),
        (("record", 4, "value", "scale_w", 7), 0.0),
        (("record", 6, "value", "act_type"), "INT16"),
        (("prune_record", 2, "consumer", 1, "attr", 2, "i"), 63),
    ):
        session.push(SetValueCommand(session.editor, path, value))
    dock_window = QMainWindow()
    dock = ProblemsDock(session)
    dock_window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock_window.statusBar().showMessage(dock.summary())
    dock.countsChanged.connect(lambda *_: dock_window.statusBar().showMessage(dock.summary()))
    dock_window.setCentralWidget(None)  # type: ignore[arg-type]  # Qt takes None: no central widget
    dock_window.resize(1100, 330)
    dock_window.show()
    app.processEvents()
    dock_window.grab().save(str(dock_png))
    print(f"wrote {layer_png} and {dock_png} ({dock.summary()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
