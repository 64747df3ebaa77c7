"""Exporting a plot: its picture (PNG or SVG, with a caption) and its table (CSV), and the
file dialogs that ask where."""
from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pyqtgraph as pg
import pyqtgraph.exporters  # registers the exporters
from PySide6.QtGui import QFont, QFontInfo, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QFileDialog, QGraphicsScene, QMessageBox, QWidget

from editor.i18n import translate
from editor.ui.plots._data import write_csv
from editor.ui.plots._svg import export_svg


def caption_document(html: str, width: float, scale: float = 1.0) -> QTextDocument:
    """`html` laid out `width` pixels wide in the application's font, `scale` times the size
    it has on screen: the caption an exported picture carries above the plot."""
    font = QFont()
    font.setPixelSize(max(1, round(QFontInfo(font).pixelSize() * scale)))
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(font)
    doc.setHtml(html)
    doc.setTextWidth(max(width, 1.0))
    return doc


def export_image(scene: QGraphicsScene, path: str | Path, caption: str | None = None) -> Path:
    """Save a plot's scene as PNG (any image suffix) or SVG, by the file's suffix.

    `caption` (rich text: what is plotted, the colours' legend) is written above the plot,
    so the picture still says what it shows once it is pasted into a report.
    """
    path = Path(path)
    if path.suffix.lower() == ".svg":
        export_svg(scene, path, caption)
        return path
    exporter = pg.exporters.ImageExporter(scene)
    # twice the on-screen size: sharp enough for a report or a slide
    exporter.parameters()["width"] = int(exporter.parameters()["width"] * 2)
    if not caption:
        if not exporter.export(str(path)) and not path.is_file():
            raise OSError(translate("PlotExport", "could not write {path}").format(path=path))
        return path
    plot = exporter.export(toBytes=True)
    scale = plot.width() / max(exporter.getTargetRect().width(), 1.0)
    pad = round(6 * scale)
    doc = caption_document(caption, plot.width() - 2 * pad, scale)
    top = math.ceil(doc.size().height()) + 2 * pad
    image = QImage(plot.width(), plot.height() + top, QImage.Format.Format_ARGB32)
    image.fill(exporter.parameters()["background"])
    painter = QPainter(image)
    try:
        painter.translate(pad, pad)
        doc.drawContents(painter)
        painter.resetTransform()
        painter.drawImage(0, top, plot)
    finally:
        painter.end()
    if not image.save(str(path)):
        raise OSError(translate("PlotExport", "could not write {path}").format(path=path))
    return path


class Exportable(Protocol):
    """A view that saves its own picture (with a caption): what the export dialog calls."""

    def export_image(self, path: str | Path, caption: bool = True) -> None: ...


def ask_path(parent: QWidget, title: str, name: str, filters: str) -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, title, name, filters)
    return path or None


def export_plot_dialog(parent: QWidget, target: QGraphicsScene | Exportable, name: str) -> None:
    """Ask where to save an image of `target` (PNG or SVG by the chosen suffix) and save it
    (`target`: a scene, or a view with an `export_image(path)` of its own)."""
    title = translate("PlotExport", "Export plot")
    path = ask_path(parent, title, f"{name}.png",
                    translate("PlotExport", "PNG image (*.png);;SVG drawing (*.svg)"))
    if path:
        try:
            target.export_image(path) if hasattr(target, "export_image") else export_image(target, path)
        except OSError as e:
            QMessageBox.warning(parent, title, translate("PlotExport", "Could not write {path}: {reason}").format(
                path=path, reason=e.strerror or e))


def export_csv_dialog(parent: QWidget, name: str, table: Callable[[], tuple[list[str], list[list[str]]]]) -> None:
    title = translate("PlotExport", "Export table")
    path = ask_path(parent, title, f"{name}.csv", translate("PlotExport", "CSV table (*.csv)"))
    if path:
        try:
            write_csv(path, *table())
        except OSError as e:
            QMessageBox.warning(parent, title, translate("PlotExport", "Could not write {path}: {reason}").format(
                path=path, reason=e.strerror or e))
