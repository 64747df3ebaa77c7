"""A read-only table model over columns of values (the plots' tables and their CSV)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QColor

from editor.ui.qt_types import AnyIndex

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
