"""Shared pieces of the plot views: colours, export, a table model over columns, actions."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import pyqtgraph as pg
import pyqtgraph.exporters  # registers the exporters
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFont,
    QFontInfo,
    QFontMetrics,
    QImage,
    QKeySequence,
    QPainter,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFileDialog,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QWidget,
    QWidgetAction,
)

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.problems import Severity
from editor.ui.plots._data import write_csv
from editor.ui.plots._svg import export_svg
from editor.ui.qt_types import AnyIndex

pg.setConfigOptions(background="w", foreground="k", antialias=False)

#: The entries pyqtgraph puts on every plot's right-click menu: pyqtgraph passes them through
#: ``QCoreApplication.translate`` under these contexts itself, so listing them here brings them
#: into this area's .ts and the window's translator answers for them. (The dialogs inside its
#: axis and plot-options submenus stay pyqtgraph's English.)
PYQTGRAPH_TEXTS = (
    QT_TRANSLATE_NOOP("ViewBox", "ViewBox options"),
    QT_TRANSLATE_NOOP("ViewBox", "View All"),
    QT_TRANSLATE_NOOP("ViewBox", "axis"),
    QT_TRANSLATE_NOOP("ViewBox", "Mouse Mode"),
    QT_TRANSLATE_NOOP("ViewBox", "3 button"),
    QT_TRANSLATE_NOOP("ViewBox", "1 button"),
    QT_TRANSLATE_NOOP("PlotItem", "Plot Options"),
    QT_TRANSLATE_NOOP("PlotItem", "Transforms"),
    QT_TRANSLATE_NOOP("PlotItem", "Downsample"),
    QT_TRANSLATE_NOOP("PlotItem", "Average"),
    QT_TRANSLATE_NOOP("PlotItem", "Alpha"),
    QT_TRANSLATE_NOOP("PlotItem", "Grid"),
    QT_TRANSLATE_NOOP("PlotItem", "Points"),
    QT_TRANSLATE_NOOP("GraphicsScene", "Export..."),
)

# Okabe–Ito colours: told apart with the common colour-vision deficiencies, readable on white.
BLUE = QColor("#0072B2")
SKY = QColor("#56B4E9")
GREEN = QColor("#009E73")
ORANGE = QColor("#E69F00")
RED = QColor("#D55E00")
PURPLE = QColor("#CC79A7")
YELLOW = QColor("#F0E442")
GREY = QColor("#7f7f7f")
BLACK = QColor("#000000")


def severity_text(severity: Severity) -> str:
    """`severity` in words, translated (`Severity.word`; the rule ids and messages are the rules' own)."""
    return severity.word


def faded(color: QColor, alpha: int) -> QColor:
    c = QColor(color)
    c.setAlpha(alpha)
    return c


def tint(color: QColor, amount: float) -> QColor:
    """`color` mixed with white (`amount` of the colour kept), opaque.

    Opaque thick pens let pyqtgraph draw line segments instead of one stroked path, which
    is what keeps 5 000 bars fast.
    """
    return QColor(*(round(255 - (255 - c) * amount) for c in (color.red(), color.green(), color.blue())))


def text_label(text: str = "", *, rich: bool = False) -> QLabel:
    """A one-line label that never makes its window wider: long text is cut at the edge.

    (A QLabel's minimum width is its whole text, so a long layer key or legend would set
    the smallest width of the whole window.)
    """
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    label.setMinimumWidth(1)  # an explicit minimum overrides the label's whole-text minimum
    return label


def elide(text: str, pixels: int, widget: QWidget | None = None) -> str:
    """`text` shortened in the middle to fit `pixels` in the widget's (or default) font."""
    fm = QFontMetrics(widget.font()) if widget is not None else QFontMetrics(pg.QtGui.QFont())
    if len(text) > 2 * pixels + 1:  # no character is narrower than a pixel: Qt measures only what may show
        text = text[:pixels] + "\u2026" + text[-pixels:]
    return fm.elidedText(text, Qt.TextElideMode.ElideMiddle, pixels)


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


def make_action(parent: QWidget, text: str, slot: Callable, shortcut: str | QKeySequence | None = None,
                *, checkable: bool = False, tip: str | None = None) -> QAction:
    """An action living on `parent`; its shortcut works while focus is inside `parent`."""
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.setCheckable(checkable)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    if checkable:
        action.toggled.connect(slot)
    else:
        action.triggered.connect(lambda _checked=False: slot())
    parent.addAction(action)
    return action


def menu_action(bar: QToolBar, text: str, menu: QMenu) -> QAction:
    """An action on `bar` that pops `menu` up at a click, and is a submenu in the bar's »
    menu when the bar is too narrow to show it (a bare tool button would be left out)."""
    action = QAction(text, bar)
    action.setMenu(menu)
    bar.addAction(action)
    button = bar.widgetForAction(action)
    if isinstance(button, QToolButton):
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    return action


def extend_view_menu(plot_item: pg.PlotItem, actions: Sequence[QAction | None]) -> None:
    """Put our actions (None: a separator) above pyqtgraph's own entries of a plot's right-click menu."""
    menu = plot_item.vb.menu
    first = menu.actions()[0] if menu.actions() else None
    for action in [*actions, None]:
        if action is None:
            menu.insertSeparator(first)
        else:
            menu.insertAction(first, action)


class ScaleAxis(pg.AxisItem):
    """A y axis for scales: on a log axis, decades are labelled, and when fewer than two
    decades are in view the 2s and 5s (then other steps) between them, kept at least
    `MIN_GAP` pixels apart — pyqtgraph's own labels run into each other within a decade."""

    MIN_GAP = 18

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "0.001", never "(x0.001)": on a log axis the prefix turned 0.1 into a "10²" tick
        self.enableAutoSIPrefix(False)

    def logTickValues(self, minVal: float, maxVal: float, size: float, stdTicks: object
                      ) -> list[tuple[float | None, list[float]]]:
        lo, hi = math.floor(minVal), math.ceil(maxVal)
        px = size / max(maxVal - minVal, 1e-12)
        decades = [float(v) for v in range(lo, hi + 1) if minVal <= v <= maxVal]
        step = max(1, math.ceil(self.MIN_GAP / px)) if px > 0 else 1  # a short plot: every k-th decade
        unlabelled = [v for v in decades if int(v) % step != 0]
        decades = [v for v in decades if int(v) % step == 0]
        minors = [v + math.log10(m) for v in range(lo, hi) for m in range(2, 10)
                  if minVal < v + math.log10(m) < maxVal]
        labelled = list(decades)
        if len(decades) < 2:
            preferred = sorted(minors, key=lambda t: _STEP_RANK.get(round(10 ** (t - math.floor(t))), 9))
            for t in preferred:
                if all(abs(t - u) * px >= self.MIN_GAP for u in labelled):
                    labelled.append(t)
        labelled.sort()
        rest = [t for t in minors if t not in labelled] + unlabelled
        return [(1.0, labelled), (None, rest)]

    def logTickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """One notation for every label: plain decimals while every value in view lies within
        0.001 … 9999, else powers of ten (``10⁻⁵``, ``2·10⁻⁴``) for all of them — never
        ``0.001`` beside ``0.0001`` beside ``10⁻⁵``."""
        return log_tick_strings([v + math.log10(scale) if scale > 0 else v for v in values])


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def log_tick_strings(exponents: Sequence[float]) -> list[str]:
    """Labels of log-axis ticks at 10^e for each e of `exponents`, all in one notation (see
    `ScaleAxis.logTickStrings`)."""
    parts = []
    for e in exponents:
        d = math.floor(e + 1e-9)
        m = round(10 ** (e - d))
        if m == 10:
            d, m = d + 1, 1
        parts.append((d, m))
    if all(-3 <= d <= 3 for d, _m in parts):
        return [f"{m * 10.0 ** d:.{max(0, -d)}f}" for d, m in parts]
    return [("" if m == 1 else f"{m}·") + "10" + str(d).translate(_SUPERSCRIPT) for d, m in parts]


_STEP_RANK = {2: 0, 5: 1, 3: 2, 4: 3, 6: 4, 8: 5, 7: 6, 9: 7}

#: a table column: header, values (a list or a numpy array), and how a value reads as text
Column = tuple[str, Sequence[Any] | np.ndarray, Callable[[Any], str]]


class ColumnsModel(QAbstractTableModel):
    """A read-only table over parallel columns (numpy arrays or lists) with text formatters.

    `set_columns` keeps rows in place when the shape is unchanged (dataChanged), so a view
    keeps its scroll position and current row across edits.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers: list[str] = []
        self._columns: list[Sequence[Any] | np.ndarray] = []
        self._formats: list[Callable[[Any], str]] = []
        self._rows = 0
        self._colours: Callable[[int], QColor | None] | None = None

    def set_columns(self, columns: Sequence[Column],
                    colours: Callable[[int], QColor | None] | None = None) -> None:
        headers = [c[0] for c in columns]
        rows = len(columns[0][1]) if columns else 0
        same = headers == self._headers and rows == self._rows
        if not same:
            self.beginResetModel()
        self._headers = headers
        self._columns = [c[1] for c in columns]
        self._formats = [c[2] for c in columns]
        self._rows = rows
        self._colours = colours
        if same:
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(headers) - 1))
        else:
            self.endResetModel()

    def raw(self, row: int, column: int) -> Any:
        return self._columns[column][row]

    def table(self) -> tuple[list[str], list[list[str]]]:
        return list(self._headers), [[f(col[r]) for col, f in zip(self._columns, self._formats, strict=True)]
                                     for r in range(self._rows)]

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
                   ) -> str | None:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self._headers[section] if 0 <= section < len(self._headers) else None
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self._rows:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            # the tooltip: the whole text of a cell a narrow column cuts
            return self._formats[index.column()](self._columns[index.column()][index.row()])
        if role == Qt.ItemDataRole.ForegroundRole and self._colours is not None:
            return self._colours(index.row())
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() != len(self._headers) - 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class SpinAction(QWidgetAction):
    """A number as a toolbar action: a labelled spin box in the toolbar, and another in the
    toolbar's » menu when the toolbar is too narrow (every spin box follows `set_value`).
    Subclasses give the label, the tooltip and the range (`LOW`, `HIGH`)."""

    #: the user set another value
    valueChanged = Signal(float)
    LOW, HIGH = 0.0, 20.0

    def __init__(self, parent: QWidget, value: float, text: str, tip: str) -> None:
        super().__init__(parent)
        self._value = float(value)
        self.setText(text)
        self.setToolTip(tip)

    def value(self) -> float:
        return self._value

    def set_value(self, value: float) -> None:
        """Set the value (every spin box follows); `valueChanged` says so when it changed."""
        value = float(value)
        if value != self._value:
            self._value = value
            self.valueChanged.emit(value)

    def createWidget(self, parent: QWidget) -> QWidget:
        box = QWidget(parent)
        lay = QHBoxLayout(box)
        lay.setContentsMargins(4, 0, 4, 0)
        lay.addWidget(QLabel(self.text()))
        spin = QDoubleSpinBox()
        spin.setRange(self.LOW, self.HIGH)
        spin.setSingleStep(0.5)
        spin.setDecimals(2)
        spin.setValue(self._value)
        spin.setToolTip(self.toolTip())
        spin.valueChanged.connect(self.set_value)
        self.valueChanged.connect(spin.setValue)
        lay.addWidget(spin)
        return box
