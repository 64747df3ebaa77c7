"""The problems of the layer or prune record a panel shows: a list under its name, worst
first, and the title line that counts them.

`ProblemList` fills itself from `Problem`s (each item carries its problem in
``Qt.ItemDataRole.UserRole``) and, when given `fit_lines`, is as tall as its wrapped
problems, up to that many lines, so a short list takes no room from the form below it.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.i18n import translate
from editor.records.problems import Problem, Severity
from editor.ui.panels._widgets import ERROR_COLOR, WARNING_COLOR, count_text, problem_line, without_label


def problems_title(problems: Sequence[Problem], *, prune: bool) -> str:
    """``Problems of this layer: 1 error, 0 warnings, 0 info`` (counts coloured), or that
    there are none; `prune`: of a prune record rather than a layer."""
    if not problems:
        return translate("PanelProblems", "No problems in this prune record.") if prune \
            else translate("PanelProblems", "No problems in this layer.")
    errors, warnings, infos = (sum(p.severity is s for p in problems) for s in Severity)
    template = translate("PanelProblems", "Problems of this prune record: {errors}, {warnings}, {infos}") \
        if prune else translate("PanelProblems", "Problems of this layer: {errors}, {warnings}, {infos}")
    return template.format(
        errors=f"<span style='color:{ERROR_COLOR}'>{count_text(errors, Severity.ERROR)}</span>",
        warnings=f"<span style='color:{WARNING_COLOR}'>{count_text(warnings, Severity.WARNING)}</span>",
        infos=count_text(infos, Severity.INFO))


class ProblemList(QListWidget):
    """One line per problem (severity, message, rule id), coloured by severity; the whole
    message in the tooltip. `fit_lines`: fit the height to the problems, at most that many
    lines (None: the height is the owner's business)."""

    def __init__(self, fit_lines: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fit_lines = fit_lines
        self.setWordWrap(True)
        self._fitted_width = -1
        if fit_lines is not None:
            self.setResizeMode(QListWidget.ResizeMode.Adjust)  # re-wrap when the dock resizes

    def show_problems(self, problems: Sequence[Problem], *, strip_layer: bool = False) -> None:
        """List `problems` in the given order; `strip_layer`: the panel names the layer
        already, so a message's leading ``layer "conv1": `` is left off its line."""
        self.clear()
        for p in problems:
            text = without_label(p) if strip_layer and p.key is not None else p.message
            item = QListWidgetItem(problem_line(p.severity, text, p.rule))
            item.setForeground(Qt.GlobalColor.red if p.severity is Severity.ERROR else
                               Qt.GlobalColor.darkYellow if p.severity is Severity.WARNING else
                               Qt.GlobalColor.darkGray)
            item.setData(Qt.ItemDataRole.UserRole, p)
            item.setToolTip(p.message)
            self.addItem(item)
        self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.width() != self._fitted_width:
            self.fit()  # another width: the problems wrap to other heights

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.width() != self._fitted_width:
            self.fit()

    def fit(self) -> None:
        """As tall as the problems (wrapped to the list's width), at most `fit_lines` lines."""
        if self.fit_lines is None:
            return
        self._fitted_width = self.width()
        frame = 2 * self.frameWidth()
        fm = self.fontMetrics()
        cap = self.fit_lines * fm.lineSpacing() + frame + 6
        width = max(self.width() - frame - self.verticalScrollBar().sizeHint().width() - 8, 80)
        height = 0
        for r in range(self.count()):  # whole problems only, unless the first alone is taller
            row = fm.boundingRect(QRect(0, 0, width, 1 << 16), Qt.TextFlag.TextWordWrap,
                                  self.item(r).text()).height() + 2
            if height and height + row + frame + 2 > cap:
                break
            height += row
        self.setFixedHeight(min(cap, height + frame + 2))
