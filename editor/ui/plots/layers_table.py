"""LayersTable: every layer of the record as one sortable table, next to the overview.

Columns: key, type, channels, scale_d, offset_d, scale_w min/median/max and max/min, the
layer's scale_w outliers (at the window's fence factor k) and its problems; then a column per
per-layer series others set on the overview (`ModelOverview.set_layer_series`: the weights
review's worst ratio, a comparison's changes, the analysis's figures, imported results),
greyed where a series says its value is stale. The numbers are
the overview's own (`ModelOverview.data`, read on the loader thread for a big file, brought up
to date edit by edit), so the two always agree; the table follows `ModelOverview.refreshed`.
`sort_worst_first(key)` sorts by a series' column, worst first as the series says.

`LayersModel` is a QAbstractTableModel over those numbers that sorts itself with numpy (a
click on a header of 5 000 rows costs a few milliseconds, not 100 000 calls into Python);
`LayersProxy` only filters, by the tree's filter (Ctrl+F). A click selects the layer
everywhere, a double click (or Return) opens it in the Channels plot (`layerActivated`);
the visible rows, in their order, export as CSV.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import QAction, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor.figures.columns import counts_text
from editor.figures.overview import OverviewData
from editor.graph.figures import HIGH, LOW
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant, severity
from editor.records.paths import FieldPath
from editor.records.problems import Problem, Severity
from editor.records.rules import UNKNOWN_TYPE, LayerType, guess_layer_type
from editor.records.values import clip_middle
from editor.ui.plots._colors import GREY, ORANGE, RED
from editor.ui.plots._export import export_csv_dialog
from editor.ui.plots._labels import severity_text, text_label
from editor.ui.plots._menus import make_action
from editor.ui.plots.layer_values import LayerValues
from editor.ui.plots.overview import OUTLIER_RULE, ModelOverview
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession

#: (header, what its tooltip says), both translated where shown (field names stay as they are)
COLUMNS: list[tuple[str, str]] = [
    ("key", QT_TRANSLATE_NOOP("LayersTable", "The layer's key")),
    (QT_TRANSLATE_NOOP("LayersTable", "severity"),
     QT_TRANSLATE_NOOP("LayersTable", "The worst of the layer's findings, as times beyond what is acceptable: its "
                                      "farthest scale_w outlier beyond the fence, scale_w/ARQ with weights, the "
                                      "analysis's weight SQNR and similarity; ∞ for an error, 3× for a warning. "
                                      "Strong from 3×. The table opens sorted by it, worst first")),
    (QT_TRANSLATE_NOOP("LayersTable", "problems"),
     QT_TRANSLATE_NOOP("LayersTable", "What the rules find in the layer (its outliers are in the outliers column)")),
    (QT_TRANSLATE_NOOP("LayersTable", "type"),
     QT_TRANSLATE_NOOP("LayersTable", "The layer type as the rules see it: a prune record's type attribute, "
                                      "else what the key says")),
    (QT_TRANSLATE_NOOP("LayersTable", "channels"),
     QT_TRANSLATE_NOOP("LayersTable", "Values of scale_w: output channels (1: per-tensor)")),
    ("scale_d", QT_TRANSLATE_NOOP("LayersTable", "Activation scale")),
    ("offset_d", QT_TRANSLATE_NOOP("LayersTable", "Activation offset")),
    (QT_TRANSLATE_NOOP("LayersTable", "scale_w min"), QT_TRANSLATE_NOOP("LayersTable", "Smallest finite scale_w")),
    (QT_TRANSLATE_NOOP("LayersTable", "median"),
     QT_TRANSLATE_NOOP("LayersTable", "Median of the finite scale_w values")),
    (QT_TRANSLATE_NOOP("LayersTable", "max"), QT_TRANSLATE_NOOP("LayersTable", "Largest finite scale_w")),
    (QT_TRANSLATE_NOOP("LayersTable", "max/min"),
     QT_TRANSLATE_NOOP("LayersTable", "Largest over smallest scale_w: how far the channels spread")),
    (QT_TRANSLATE_NOOP("LayersTable", "outliers"),
     QT_TRANSLATE_NOOP("LayersTable", "scale_w channels that are outliers at the window's fence factor k (set in "
                                      "Channels): not finite or ≤ 0, below FLT_EPSILON, or outside "
                                      "[Q1 − k·IQR, Q3 + k·IQR] of log10")),
]
# severity and problems come second: at 1280 px they stay in view beside the key
KEY, SEVERITY, PROBLEMS, TYPE, CHANNELS, SCALE_D, OFFSET_D, W_MIN, W_MEDIAN, W_MAX, RATIO, OUTLIERS = range(
    len(COLUMNS))
#: numeric columns: right-aligned
_NUMERIC = frozenset((SEVERITY, *range(CHANNELS, len(COLUMNS))))

# the roles the model answers, as the numbers Qt passes (an enum's comparison costs more)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_ALIGN = int(Qt.ItemDataRole.TextAlignmentRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_ROLES = frozenset((_DISPLAY, _ALIGN, _FOREGROUND, _FONT, _TOOLTIP))
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)


class Matcher(Protocol):
    """What the table filters with: the tree's filter (`RecordFilterProxy`)."""

    @property
    def active(self) -> bool: ...

    def matches(self, text: str) -> bool: ...


def _counts(problems: list[Problem]) -> tuple[int, int, int]:
    """(errors, warnings, notes) among `problems`, the outlier notes left out."""
    e = w = n = 0
    for p in problems:
        if p.rule == OUTLIER_RULE:
            continue
        if p.severity is Severity.ERROR:
            e += 1
        elif p.severity is Severity.WARNING:
            w += 1
        else:
            n += 1
    return e, w, n


def _f32(x: float) -> str:
    return "" if np.isnan(x) else quant.f32_str(x)


def _g(x: float) -> str:
    return "" if np.isnan(x) else f"{x:.6g}"


class LayersModel(QAbstractTableModel):
    """The overview's per-layer numbers as a table; row r shows layer `layer_at(r)`.

    Sorting (`sort`) reorders rows with numpy, keeping ties in file order and empty cells
    last; the order stays applied as the numbers change (`refresh`).
    """

    def __init__(self, overview: ModelOverview, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.overview = overview
        self.session = session
        self._order = np.zeros(0, np.int64)  # row -> layer
        self._rows_of = np.zeros(0, np.int64)  # layer -> row
        #: the sorted column: a fixed column's number, or a series' key
        self._sort: tuple[int | str, Qt.SortOrder] | None = None
        self._types: dict[int, LayerType] = {}
        self._counts: dict[int, tuple[int, int, int]] = {}
        #: what each cell shows, by (layer, column), made as Qt first asks (cleared by `refresh`)
        self._texts: dict[tuple[int, int], str] = {}
        # the fonts of outlier counts and of stale values (one each, not one a cell)
        self._bold, self._italic = QFont(), QFont()
        self._bold.setBold(True)
        self._italic.setItalic(True)
        self._n = 0
        #: the overview's series shown as the columns after the fixed ones, by key
        self._series: list[tuple[str, LayerValues]] = []

    # ------------------------------------------------------------------ numbers

    @property
    def numbers(self) -> OverviewData:
        """The overview's per-layer numbers, which the table shows."""
        return self.overview.data

    def layer_at(self, row: int) -> int:
        return int(self._order[row])

    def row_of(self, layer: int) -> int | None:
        return int(self._rows_of[layer]) if 0 <= layer < self._n else None

    def layer_type(self, layer: int) -> LayerType:
        t = self._types.get(layer)
        if t is None:
            key = self.numbers.keys[layer]
            context = self.session.problems.context
            t = context.layer_type(key) if context is not None else guess_layer_type(key)
            self._types[layer] = t
        return t

    def problem_counts(self, layer: int) -> tuple[int, int, int]:
        c = self._counts.get(layer)
        if c is None:
            c = self._counts[layer] = _counts(self.overview.problems.get(layer, []))
        return c

    # ------------------------------------------------------------------ series columns

    def series_at(self, column: int) -> LayerValues | None:
        """The series column `column` shows (None: a fixed column)."""
        k = column - len(COLUMNS)
        return self._series[k][1] if 0 <= k < len(self._series) else None

    def column_of(self, key: str) -> int | None:
        """The column of the series set under `key` (None: no such series)."""
        for k, (name, _series) in enumerate(self._series):
            if name == key:
                return len(COLUMNS) + k
        return None

    def sorted_by(self) -> tuple[int | str, Qt.SortOrder] | None:
        """(fixed column number or series key, order) the rows are sorted by; None: file order."""
        return self._sort

    def _series_values(self, series: LayerValues) -> np.ndarray:
        n = len(self.numbers)
        if series.values.size != n:  # its owner has yet to catch up with added or removed layers
            return np.full(n, np.nan)
        return series.values.astype(np.float64)

    def refresh(self) -> None:
        """Follow the overview's numbers: rows in place when their count is unchanged."""
        n = len(self.numbers)
        self._types.clear()
        self._counts.clear()
        self._texts.clear()
        series = self.overview.series_rows.columns()
        if n != self._n or [k for k, _ in series] != [k for k, _ in self._series]:
            self.beginResetModel()
            self._n = n
            self._series = series
            if self._sort is not None and isinstance(self._sort[0], str) and self.column_of(self._sort[0]) is None:
                self._sort = None  # the series sorted by is gone: file order
            self._order = self._sorted_order()
            self._rows_of = np.argsort(self._order)
            self.endResetModel()
            return
        self._series = series
        if n == 0:
            return
        self._reorder()
        self.dataChanged.emit(self.index(0, 0), self.index(n - 1, self.columnCount() - 1))

    # ------------------------------------------------------------------ sorting

    def sort_key(self, column: int | str) -> np.ndarray:
        """The numbers (or texts) column `column` (or the series under that key) sorts by,
        per layer in file order."""
        d = self.numbers
        n = len(d)
        if isinstance(column, str) or column >= len(COLUMNS):
            at = self.column_of(column) if isinstance(column, str) else column
            series = self.series_at(at) if at is not None else None
            return self._series_values(series) if series is not None else np.full(n, np.nan)
        if column == KEY:
            return np.array(d.keys, dtype=object)
        if column == TYPE:
            return np.array([self.layer_type(i).name or "" for i in range(n)], dtype=object)
        if column == SEVERITY:
            v = self.overview.severities.values
            return v.astype(np.float64) if v.size == n else np.full(n, np.nan)
        if column == PROBLEMS:
            c = np.array([self.problem_counts(i) for i in range(n)], dtype=np.float64).reshape(n, 3)
            return c[:, 0] * 1e12 + c[:, 1] * 1e6 + c[:, 2]
        column_data: dict[int, np.ndarray] = {
            CHANNELS: d.channels, SCALE_D: d.scale_d, OFFSET_D: d.offset_d, W_MIN: d.w_min,
            W_MEDIAN: d.w_median, W_MAX: d.w_max, RATIO: d.w_ratio, OUTLIERS: d.outliers}
        return np.asarray(column_data[column], dtype=np.float64)

    def _sorted_order(self) -> np.ndarray:
        n = len(self.numbers)
        index = np.arange(n)
        if self._sort is None or n == 0:
            return index
        column, order = self._sort
        key = self.sort_key(column)
        if key.dtype == object:  # texts: their rank, so that descending is a negation too
            _, rank = np.unique(key.astype(str), return_inverse=True)
            values = rank.astype(np.float64)
            missing = key == ""
        else:
            values = key
            missing = np.isnan(values)
            values = np.where(missing, 0.0, values)
        if order == Qt.SortOrder.DescendingOrder:
            values = -values
        # file order among equals, empty cells last either way
        return np.lexsort((index, values, missing)).astype(np.int64)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(COLUMNS):
            self._sort = (column, order)
        elif self.series_at(column) is not None:
            self._sort = (self._series[column - len(COLUMNS)][0], order)  # by key: columns come and go
        else:
            self._sort = None
        self._reorder()

    def _reorder(self) -> None:
        new = self._sorted_order()
        if np.array_equal(new, self._order):
            return
        self.layoutAboutToBeChanged.emit()
        old = self._order
        self._order = new
        self._rows_of = np.argsort(new)
        moved_from = self.persistentIndexList()
        moved_to = [self.index(int(self._rows_of[old[p.row()]]), p.column()) for p in moved_from]
        self.changePersistentIndexList(moved_from, moved_to)
        self.layoutChanged.emit()

    # ------------------------------------------------------------------ Qt

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._n

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS) + len(self._series)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        series = self.series_at(section)
        if series is not None:
            if role == Qt.ItemDataRole.DisplayRole:
                return series.name
            if role == Qt.ItemDataRole.ToolTipRole:
                return series.tip or series.name
            return None
        if not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return translate("LayersTable", COLUMNS[section][0])
        if role == Qt.ItemDataRole.ToolTipRole:
            return translate("LayersTable", COLUMNS[section][1])
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks every cell for a dozen roles on each fitting and paint; the ones this model
        # answers are few, and a cell's text is made once per `refresh` (`_shown`)
        role = int(role)
        if role not in _ROLES or not index.isValid() or index.row() >= self._n:
            return None
        i, col = int(self._order[index.row()]), index.column()
        if role == _DISPLAY:
            return self._shown(i, col)
        if col >= len(COLUMNS):
            series = self.series_at(col)
            return self._series_data(series, i, role) if series is not None else None
        if role == _ALIGN:
            return _RIGHT if col in _NUMERIC else None
        if role == _FOREGROUND:
            if col == PROBLEMS:
                e, w, _n = self.problem_counts(i)
                return RED if e else ORANGE if w else None
            if col == SEVERITY:
                level = self.overview.severities.level(i) if i < len(self.overview.severities) else ""
                return RED if level == "strong" else None
            return None
        if role == _FONT:
            return self._bold if col == OUTLIERS and self.numbers.outliers[i] > 0 else None
        return self.tooltip(i, col)  # _TOOLTIP

    def _shown(self, i: int, col: int) -> str:
        """What cell (layer `i`, column `col`) shows: its text, made once per refresh; the
        whole key goes to the CSV, the cell shows at most SHOWN_LIMIT characters (Qt measured
        a key of a megabyte for the column's width: half a second)."""
        text = self._texts.get((i, col))
        if text is None:
            text = self._texts[i, col] = clip_middle(self.text(i, col))
        return text

    def _series_data(self, series: LayerValues, i: int, role: int) -> Any:
        if role == _ALIGN:
            return _RIGHT
        stale = series.is_stale(i)
        if role == _FOREGROUND:
            return GREY if stale else RED if series.flagged(i) else None
        if role == _FONT:
            return self._italic if stale else None
        if role == _TOOLTIP:
            more = series.explain(i) if series.explain is not None and series.text(i) else ""
            if stale:
                more = "\n".join(t for t in (more, translate("LayersTable", "Out of date: the layer was edited "
                                                                            "since this was measured")) if t)
            return more or None
        return None

    def text(self, i: int, col: int) -> str:
        """What cell (layer `i`, column `col`) shows (also what the CSV export writes)."""
        d = self.numbers
        series = self.series_at(col)
        if series is not None:
            return series.text(i) if series.values.size == len(d) else ""
        if col == KEY:
            return d.keys[i]
        if col == TYPE:
            t = self.layer_type(i)
            return "—" if t is UNKNOWN_TYPE or t.name is None else t.name + ("?" if t.source == "name" else "")
        if col == CHANNELS:
            return str(int(d.channels[i]))
        if col == SCALE_D:
            return _f32(d.scale_d[i])
        if col == OFFSET_D:
            return "" if np.isnan(d.scale_d[i]) else str(int(d.offset_d[i]))
        if col == W_MIN:
            return _f32(d.w_min[i])
        if col == W_MEDIAN:
            return _g(d.w_median[i])
        if col == W_MAX:
            return _f32(d.w_max[i])
        if col == RATIO:
            return _g(d.w_ratio[i])
        if col == OUTLIERS:
            return str(int(d.outliers[i])) if d.channels[i] else ""
        if col == SEVERITY:
            v = self.overview.severities.values
            return severity.severity_text(float(v[i])) if i < v.size else ""
        return counts_text(self.problem_counts(i))

    def tooltip(self, i: int, col: int) -> str | None:
        d = self.numbers
        if col == TYPE:
            t = self.layer_type(i)
            where = {"file": translate("LayersTable", "from a prune record's type attribute"),
                     "key": translate("LayersTable", "the key's last part"),
                     "name": translate("LayersTable", "guessed from the key's words"),
                     "none": translate("LayersTable", "the key does not say")}
            return translate("LayersTable", "{type}: {source}").format(
                type=t.name or translate("LayersTable", "unknown"), source=where.get(t.source, t.source))
        if col == OUTLIERS and d.channels[i]:
            n = int(d.outliers[i])
            return translate("LayersTable", "{n} of {total} scale_w values are outliers at k = {k}; "
                                            "double-click to see them in Channels").format(
                n=n, total=int(d.channels[i]), k=f"{d.k:g}")
        if col == PROBLEMS:
            ps = [p for p in self.overview.problems.get(i, []) if p.rule != OUTLIER_RULE]
            if ps:
                lines = [f"{severity_text(p.severity)}: {p.message}" for p in ps[:8]]
                if len(ps) > 8:
                    lines.append(translate("LayersTable", "… and {n} more (Problems dock)").format(n=len(ps) - 8))
                return "\n".join(lines)
        if col == SEVERITY:
            return self.severity_tip(i)
        if col == KEY:
            return clip_middle(d.keys[i])
        return None

    def severity_tip(self, i: int) -> str | None:
        """What layer `i`'s severity comes from, in words."""
        sev = self.overview.severities
        if i >= len(sev) or not sev.values[i] > 0:
            return None
        source = sev.sources[i]
        d = self.numbers
        if source == severity.OUTLIERS:
            strong = int(d.strong[i]) if i < d.strong.size else 0
            text = translate("LayersTable", "Its farthest scale_w outlier lies {times} beyond the fence (k = {k}); "
                                            "{strong} of its {n} outliers are strong (≥ {fence}×)").format(
                times=severity.severity_text(float(sev.values[i])), k=f"{d.k:g}", strong=strong,
                n=int(d.outliers[i]), fence=f"{sev.strong:g}")
        elif source == severity.ERRORS:
            text = translate("LayersTable", "The rules find an error in it")
        elif source == severity.WARNINGS:
            text = translate("LayersTable", "The rules warn about it")
        else:
            text = translate("LayersTable", "{source}: {times} beyond what is acceptable").format(
                source=severity.source_text(source), times=severity.severity_text(float(sev.values[i])))
        level = translate("LayersTable", "strong") if sev.level(i) == "strong" else translate("LayersTable", "mild")
        return translate("LayersTable", "{level}: {text}").format(level=level, text=text)


class LayersProxy(QSortFilterProxyModel):
    """Shows the layers `accept(layer)` lets through (the table's filters); the model sorts itself."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._accept: Callable[[int], bool] | None = None

    def set_accept(self, accept: Callable[[int], bool] | None) -> None:
        self.beginFilterChange()
        self._accept = accept
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def refilter(self) -> None:
        """The filters changed what they let through: filter again."""
        self.set_accept(self._accept)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if self._accept is None or not isinstance(model, LayersModel):
            return True
        return self._accept(model.layer_at(source_row))

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        model = self.sourceModel()
        if isinstance(model, LayersModel):
            model.sort(column, order)  # numpy, in the model; the proxy keeps its order


class LayersTable(QWidget):
    """The Layers tab: every layer with its numbers, outliers and problems; sortable, filtered
    like the tree (Ctrl+F), exported as CSV."""

    #: a layer was double-clicked (or Return pressed on it): show it in Channels
    layerActivated = Signal(int)

    def __init__(self, session: EditSession, overview: ModelOverview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.overview = overview
        self.model = LayersModel(overview, session, self)
        self.proxy = LayersProxy(self)
        self.proxy.setSourceModel(self.model)
        self._syncing = False
        self._filter_text = ""
        #: the rows were sorted by a click on a header (a default sort then leaves them be)
        self.user_sorted = False
        self._sorting = False
        self._build()
        overview.refreshed.connect(self.refresh)
        session.selection.changed.connect(self._on_selection)
        self.refresh()

    def _build(self) -> None:
        self.title = text_label()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.summary = text_label()
        self.filter_note = text_label()
        self.filter_note.setToolTip(translate("LayersTable", "The tree's filter (Ctrl+F) applies here too"))

        view = QTableView()
        view.setModel(self.proxy)
        view.setSortingEnabled(True)
        # worst first: the severity, until the reviewer sorts by another column
        self.model.sort(SEVERITY, Qt.SortOrder.DescendingOrder)
        view.horizontalHeader().setSortIndicator(SEVERITY, Qt.SortOrder.DescendingOrder)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setWordWrap(False)
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        view.verticalHeader().hide()
        view.verticalHeader().setDefaultSectionSize(20)
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setResizeContentsPrecision(100)  # look at a few rows, not 5 000
        header.setStretchLastSection(True)
        # new rows or columns: fit the columns to them — once the table is shown (a hidden
        # tab's fitting asks every cell for its text, font and size for nothing)
        self._fit_due = False
        self.model.modelReset.connect(self._fit_columns)
        self.model.modelReset.connect(self._show_sort_indicator)
        header.sortIndicatorChanged.connect(self._sort_chosen)
        view.selectionModel().currentRowChanged.connect(self._on_current_row)
        view.activated.connect(self._on_activated)
        view.doubleClicked.connect(self._on_activated)
        self.view = view

        bar = QToolBar()
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar = bar
        self.act_outliers_only = make_action(
            self, translate("LayersTable", "Only layers with outliers"), self._outliers_only_toggled,
            checkable=True, tip=translate("LayersTable", "Show only the layers with scale_w outliers"))
        self.act_csv = make_action(self, translate("LayersTable", "Export CSV…"),
                                   lambda: export_csv_dialog(self, "layers", self.table),
                                   tip=translate("LayersTable", "Save the rows shown, in their order, as CSV"))
        bar.addAction(self.act_outliers_only)
        bar.addAction(self.act_csv)
        view.addAction(self.act_csv)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(bar)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(head)
        box.addWidget(self.summary)  # a line of its own: a narrow panel keeps it in view
        box.addWidget(self.filter_note)
        box.addWidget(view, 1)
        self.setFocusProxy(view)  # focus given to the tab (its keys, N) goes to the table
        self._tree_filter: Matcher | None = None
        self.proxy.set_accept(self.accepts)

    # ------------------------------------------------------------------ following

    def _fit_columns(self) -> None:
        """Fit the columns to their contents now if the table is shown, else when it is."""
        self._fit_due = not self.isVisible()
        if not self._fit_due:
            self.view.resizeColumnsToContents()

    def showEvent(self, event: QShowEvent) -> None:
        if self._fit_due:  # before the first paint: the columns never show unfitted
            self._fit_due = False
            self.view.resizeColumnsToContents()
        super().showEvent(event)

    def refresh(self) -> None:
        """Bring the rows up to date with the overview's numbers (its `refreshed` calls this)."""
        self.model.refresh()
        if self.act_outliers_only.isChecked():
            self.proxy.refilter()  # a layer may have gained or lost its outliers
        d = self.model.numbers
        n = len(d)
        self.title.setText(translate("LayersTable", "Layers — {n}").format(n=n) if n
                           else translate("LayersTable", "Layers"))
        per_channel = int(np.count_nonzero(d.channels > 1))
        with_out = int(d.with_outliers.size)
        if n:
            summary = translate("LayersTable", "{n} of {total} per-channel layers with scale_w outliers "
                                               "(k = {k}; set in Channels)").format(
                n=with_out, total=per_channel, k=f"{d.k:g}")
        elif self.session.message is None:
            summary = translate("LayersTable", "No record is open.")
        else:
            summary = translate("LayersTable", "This record has no layer entries.")
        self.summary.setText(summary)
        self._update_filter_note()
        self._on_selection(self.session.selection.path, None)

    def follow_filter(self, matcher: Matcher, applied: SignalInstance) -> None:
        """Filter the rows by `matcher` (the tree's `RecordFilterProxy`) whenever `applied(text)`
        says it changed: Ctrl+F filters this table as it filters the tree."""
        self._tree_filter = matcher
        applied.connect(self._filter_applied)

    def _filter_applied(self, text: str) -> None:
        self._filter_text = text
        self.proxy.refilter()
        self._update_filter_note()
        self._on_selection(self.session.selection.path, None)

    def _outliers_only_toggled(self, _on: bool) -> None:
        self.proxy.refilter()
        self._update_filter_note()
        self._on_selection(self.session.selection.path, None)

    def _update_filter_note(self) -> None:
        shown, n = self.proxy.rowCount(), self.model.rowCount()
        parts = []
        tree = self._tree_filter
        if tree is not None and tree.active and self._filter_text:
            parts.append(translate("LayersTable", "Filtered by the tree's filter {text} (Ctrl+F)").format(
                text=repr(self._filter_text)))
        if self.act_outliers_only.isChecked():
            parts.append(translate("LayersTable", "only layers with outliers"))
        self.filter_note.setText(translate("LayersTable", "{filters}: {shown} of {n} layers shown").format(
            filters="; ".join(parts), shown=shown, n=n) if parts else "")
        self.filter_note.setVisible(bool(parts))

    def accepts(self, layer: int) -> bool:
        """Whether layer `layer` passes the filters (the tree's, outliers only)."""
        if self.act_outliers_only.isChecked() and not self.model.numbers.outliers[layer] > 0:
            return False
        tree = self._tree_filter
        return tree is None or not tree.active or tree.matches(self.model.numbers.keys[layer])

    # ------------------------------------------------------------------ sorting

    def sort_worst_first(self, key: str) -> bool:
        """Sort the rows by the series under `key`, worst first as its `worse` says; False when
        no such series is shown, or its worst are "away" from a centre (both ends: a column
        sorts by value, N's walk by the distance)."""
        column = self.model.column_of(key)
        series = self.model.series_at(column) if column is not None else None
        if column is None or series is None or series.worse not in (HIGH, LOW):
            return False
        order = Qt.SortOrder.DescendingOrder if series.worse == HIGH else Qt.SortOrder.AscendingOrder
        self._sorting = True
        try:
            self.view.sortByColumn(column, order)
        finally:
            self._sorting = False
        return True

    def _sort_chosen(self, _column: int, _order: Qt.SortOrder) -> None:
        if not self._sorting:
            self.user_sorted = True

    def _show_sort_indicator(self) -> None:
        """Columns came or went: the header's arrow goes where the sorted column now is."""
        by = self.model.sorted_by()
        column = -1 if by is None else by[0] if isinstance(by[0], int) else self.model.column_of(by[0])
        order = by[1] if by is not None else Qt.SortOrder.AscendingOrder
        header = self.view.horizontalHeader()
        if header.sortIndicatorSection() != (column if column is not None else -1):
            self._sorting = True
            try:
                header.setSortIndicator(column if column is not None else -1, order)
            finally:
                self._sorting = False

    # ------------------------------------------------------------------ selection

    def layer_order(self) -> np.ndarray:
        """Every layer in the order of the table's rows (the sort applied; filters ignored)."""
        return self.model._order.copy()

    def layer_at_row(self, proxy_row: int) -> int:
        """The layer shown in visible row `proxy_row`."""
        return self.model.layer_at(self.proxy.mapToSource(self.proxy.index(proxy_row, 0)).row())

    def row_of_layer(self, layer: int) -> int | None:
        """The visible row showing layer `layer` (None: filtered out, or no such layer)."""
        row = self.model.row_of(layer)
        if row is None:
            return None
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        return index.row() if index.isValid() else None

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        layer = self.layer_at_row(current.row())
        if self.session.selection.record_index != layer or len(self.session.selection.path) != 2:
            self.session.selection.select(("record", layer), source=self)

    def _on_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.layerActivated.emit(self.layer_at_row(index.row()))

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if source is self:
            return
        i = self.session.selection.record_index
        row = self.row_of_layer(i) if i is not None else None
        sm = self.view.selectionModel()
        self._syncing = True
        try:
            if row is None:
                sm.clearSelection()
                sm.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
            else:
                index = self.proxy.index(row, 0)
                if sm.currentIndex().row() != row:
                    sm.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                       | QItemSelectionModel.SelectionFlag.Rows)
                self.view.scrollTo(index)
        finally:
            self._syncing = False

    # ------------------------------------------------------------------ export

    def table(self) -> tuple[list[str], list[list[str]]]:
        """The visible rows, in their order, as exported to CSV (float32 values round-trip)."""
        self.overview.flush()
        header = ["layer", "key", "type", "channels", "scale_d", "offset_d", "scale_w_min", "scale_w_median",
                  "scale_w_max", "scale_w_max_over_min", "scale_w_outliers", "errors", "warnings", "notes",
                  "severity", "severity_from", "strong_outliers"]
        d = self.model.numbers
        sev = self.overview.severities
        extra = range(len(COLUMNS), self.model.columnCount())
        header += [self.model.headerData(c, Qt.Orientation.Horizontal) for c in extra]
        rows = []
        for r in range(self.proxy.rowCount()):
            i = self.layer_at_row(r)
            e, w, n = self.model.problem_counts(i)
            t = self.model.layer_type(i)
            rows.append([str(i), d.keys[i], t.name or "", str(int(d.channels[i])),
                         _f32(d.scale_d[i]), self.model.text(i, OFFSET_D), _f32(d.w_min[i]),
                         "" if np.isnan(d.w_median[i]) else repr(float(d.w_median[i])), _f32(d.w_max[i]),
                         "" if np.isnan(d.w_ratio[i]) else repr(float(d.w_ratio[i])),
                         self.model.text(i, OUTLIERS), str(e), str(w), str(n),
                         self._severity_csv(i), sev.sources[i] if i < len(sev) else "",
                         str(int(d.strong[i])) if i < d.strong.size and d.channels[i] else ""]
                        + [self.model.text(i, c) for c in extra])
        return header, rows

    def _severity_csv(self, i: int) -> str:
        v = self.overview.severities.values
        return "" if i >= v.size else "inf" if np.isinf(v[i]) else repr(float(v[i]))

    def actions_for_menu(self) -> list[QAction]:
        """The Layers tab's actions (for the window's Plot menu)."""
        return [self.act_outliers_only, self.act_csv]

