"""The problems dock: every problem of the open record, grouped by severity, kept current.

`ProblemsModel` turns the session's problems (`EditSession.problems`) into a two-level tree
(severity → problems) and, after each edit, changes only the rows that differ, so expansion
and scrolling survive typing.
A group lists its first `CHUNK` problems and the dock lists more as the last listed one
scrolls into view (`list_more`), so a file with thousands of problems opens without laying
out thousands of rows.
`ProblemsDock` adds filters (severity toggles with counts, a rule choice) and turns a
click (or moving through the list with the keys) into a selection of the offending row,
which the tree and panels follow while the focus stays in the list; a double-click or
Enter also takes the focus to the field.
"""
from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.document import RecordDocument
from editor.records.paths import problem_path
from editor.records.problems import Problem, Severity
from editor.records.rules import RULES, locate
from editor.ui.panels._widgets import count_text, severity_word, without_label
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession

_ORDER = (Severity.ERROR, Severity.WARNING, Severity.INFO)
#: the tooltip of each severity's toggle
_SHOW = {Severity.ERROR: QT_TRANSLATE_NOOP("ProblemsDock", "Show errors"),
         Severity.WARNING: QT_TRANSLATE_NOOP("ProblemsDock", "Show warnings"),
         Severity.INFO: QT_TRANSLATE_NOOP("ProblemsDock", "Show info")}
_COLORS = {Severity.ERROR: QColor("#c62828"), Severity.WARNING: QColor("#a86400"),
           Severity.INFO: QColor("#3b6ea5")}
_GROUP = 0  # internal id of group rows; problem rows carry 1 + their group's row
#: problem rows a group gives its views at a time (more are fetched as they come into view)
CHUNK = 100
#: seconds of looking up rule problems' lines before the event loop runs again
LINE_SLICE = 0.015


def plural(n: int, severity: Severity) -> str:
    """``1 error``, ``2 errors``, ``3 info`` (in the interface language)."""
    return count_text(n, severity)


#: the widest ``line:column`` the Line column makes room for (digits are one width)
LINE_WIDEST = "0000000:000"
#: the room a cell leaves around its text (the style's margins, both sides)
_CELL_MARGIN = 8
#: the most lines a message takes in the Problem column
_MESSAGE_LINES = 4


def where(problem: Problem) -> str:
    """Where a problem is, in words: ``record 0 · conv1 › scale_w[3]``, ``prune record 2 › consumer[1]``.

    The record's index comes first: two records with the same key (a duplicate) are told apart.
    """
    if problem.key is not None:
        head = problem.key if problem.record_index is None else \
            translate("ProblemsDock", "record {index} · {key}").format(index=problem.record_index, key=problem.key)
    elif problem.record_index is not None:
        head = translate("ProblemsDock", "record {index}").format(index=problem.record_index)
    elif problem.prune_index is not None:
        head = translate("ProblemsDock", "prune record {index}").format(index=problem.prune_index)
    else:
        head = translate("ProblemsDock", "file")
    return f"{head} › {problem.field}" if problem.field else head


def short_message(problem: Problem) -> str:
    """The message without the leading ``layer "…": `` that the Where column already shows."""
    return without_label(problem)


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """(first, last) of each run of consecutive numbers in the ascending `rows`."""
    runs: list[tuple[int, int]] = []
    for r in rows:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


class ProblemsModel(QAbstractItemModel):
    """Severity groups (rows of the root) with their problems as children.

    Columns: problem, where, rule, line. A reading problem carries its line; a rule
    problem's is found in the file as ``check`` finds it (`rules.locate`: the field's own
    line, else its entry's; none for an entry edited since the file was read). Finding it
    parses the entry's text once, so lines are looked up for the rows a view asks about, a
    few milliseconds at a time, and shown as they come. Filters: `set_severities`, `set_rule`.
    """

    COLUMNS = (QT_TRANSLATE_NOOP("ProblemsDock", "Problem"), QT_TRANSLATE_NOOP("ProblemsDock", "Where"),
               QT_TRANSLATE_NOOP("ProblemsDock", "Rule"), QT_TRANSLATE_NOOP("ProblemsDock", "Line"))
    PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 1

    #: (errors, warnings, infos) of the whole document, unfiltered
    countsChanged = Signal(int, int, int)

    def __init__(self, session: EditSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._severities: set[Severity] = set(_ORDER)
        self._rule: str | None = None
        self._groups: list[Severity] = list(_ORDER)
        self._items: dict[Severity, list[Problem]] = {s: [] for s in _ORDER}
        #: how many of each group's problems the views know about (the first ones)
        self._fetched: dict[Severity, int] = dict.fromkeys(_ORDER, 0)
        self._counts: dict[Severity, int] = dict.fromkeys(_ORDER, 0)
        self._rules_present: dict[str, int] = {}
        #: rule problem → its "line:column" in the file ("" where the file does not say)
        self._lines: dict[Problem, str] = {}
        self._wanted: dict[Problem, None] = {}  # asked for, not looked up yet (in order)
        self._line_timer = QTimer(self)
        self._line_timer.setSingleShot(True)
        self._line_timer.setInterval(0)
        self._line_timer.timeout.connect(self._locate_some)
        session.problems.problemsChanged.connect(self.refresh)
        self._load(reset=True)

    # ------------------------------------------------------------------ filters and counts

    def set_severities(self, severities) -> None:
        self._severities = {Severity(s) for s in severities}
        self._load(reset=True)

    def set_rule(self, rule: str | None) -> None:
        self._rule = rule or None
        self._load(reset=True)

    @property
    def rule(self) -> str | None:
        return self._rule

    def counts(self) -> dict[Severity, int]:
        """Problems per severity in the whole document (filters do not change them)."""
        return dict(self._counts)

    def rules_present(self) -> dict[str, int]:
        """Rule id → number of problems, for the rule filter."""
        return dict(self._rules_present)

    def summary(self) -> str:
        """``2 errors, 5 warnings, 1 info`` (or ``no problems``) for the status bar."""
        if not any(self._counts.values()):
            return translate("ProblemsDock", "no problems")
        return translate("ProblemsDock", ", ").join(plural(self._counts[s], s) for s in _ORDER)

    def shown(self) -> list[Problem]:
        """The problems the filters let through, in display order."""
        return [p for s in self._groups for p in self._items[s]]

    # ------------------------------------------------------------------ loading

    def refresh(self) -> None:
        self._forget_lines()
        self._load(reset=False)

    @staticmethod
    def prepare_lines(document: RecordDocument) -> None:
        """Qt-free, for the loader thread (`DocumentController.add_load_step`): build the
        document's index of where its entries are, most of what the first line looked up
        costs (about 0.8 s for a 200 MB file), so the dock's lines cost the GUI thread only
        the entries they are in."""
        if len(getattr(document.message, "record", ())):
            document.locate(record_index=0)

    # ------------------------------------------------------------------ lines

    def line_text(self, p: Problem, *, wait: bool = False) -> str | None:
        """``line:column`` of `p` in the file ("" where the file does not say); None while
        it is being looked up (`wait`: look it up now)."""
        if p.line is not None:
            return f"{p.line}:{p.column}" if p.column else str(p.line)
        if self.session.document is None or (p.record_index is None and p.prune_index is None):
            return ""
        text = self._lines.get(p)
        if text is None:
            if wait:
                return self._locate(p)
            self._wanted[p] = None
            self._line_timer.start()
        return text

    def _locate(self, p: Problem) -> str:
        doc = self.session.document
        found = locate(doc, p) if doc is not None else p
        text = "" if found.line is None else (f"{found.line}:{found.column}" if found.column else str(found.line))
        self._lines[p] = text
        return text

    def _locate_some(self) -> None:
        start = time.perf_counter()
        found: set[Problem] = set()
        while self._wanted and time.perf_counter() - start < LINE_SLICE:
            p = next(iter(self._wanted))
            del self._wanted[p]
            if p not in self._lines:
                self._locate(p)
            found.add(p)
        # only the rows whose line is new: a view lays out every row a change names again
        # (word-wrapped messages), and naming all listed rows after each slice held the GUI
        # thread for a quarter of a second at a time while a big record's lines came in
        last = len(self.COLUMNS) - 1
        for g, s in enumerate(self._groups):
            rows = [r for r, p in enumerate(self._items[s][:self._fetched[s]]) if p in found]
            parent = self.index(g, 0) if rows else QModelIndex()
            for first, end in _runs(rows):
                self.dataChanged.emit(self.index(first, last, parent), self.index(end, last, parent))
        if self._wanted:
            self._line_timer.start()

    def _forget_lines(self) -> None:
        """The record changed (an entry edited is no longer where the file said, a save
        moves everything): look the lines up again."""
        self._lines.clear()
        self._wanted.clear()

    def _load(self, *, reset: bool) -> None:
        problems = self.session.problems.problems
        counts = dict.fromkeys(_ORDER, 0)
        rules: dict[str, int] = {}
        items: dict[Severity, list[Problem]] = {s: [] for s in _ORDER}
        for p in problems:
            counts[p.severity] += 1
            rules[p.rule] = rules.get(p.rule, 0) + 1
            if self._rule is None or p.rule == self._rule:
                items[p.severity].append(p)
        groups = [s for s in _ORDER if s in self._severities]
        shown_before = {s: len(self._items[s]) for s in self._groups}
        # thousands of rows coming or going (another file): a reset is cheaper than the rows
        reset = reset or any(abs(len(items[s]) - len(self._items[s])) > CHUNK for s in _ORDER)
        if reset or groups != self._groups:
            self.beginResetModel()
            self._groups, self._items = groups, items
            self._fetched = {s: min(len(items[s]), CHUNK) for s in _ORDER}
            self.endResetModel()
        else:
            for g, s in enumerate(self._groups):
                self._update_group(g, items[s])
        changed = counts != self._counts
        self._counts, self._rules_present = counts, rules
        for g, s in enumerate(self._groups):  # the group rows' titles carry the counts
            if changed or shown_before.get(s) != len(self._items[s]):
                self.dataChanged.emit(self.index(g, 0), self.index(g, len(self.COLUMNS) - 1))
        if changed or reset:
            self.countsChanged.emit(*(counts[s] for s in _ORDER))

    def _update_group(self, g: int, new: list[Problem]) -> None:
        """Replace the children of group `g` by `new`, touching only the rows that differ
        (and telling the views only about the rows they were given)."""
        s = self._groups[g]
        old = self._items[s]
        if old == new:
            return
        fetched = self._fetched[s]
        everything = fetched == len(old)
        start = 0
        limit = min(len(old), len(new))
        while start < limit and old[start] == new[start]:
            start += 1
        end_old, end_new = len(old), len(new)
        while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
            end_old -= 1
            end_new -= 1
        parent = self.index(g, 0)
        common = min(end_old, end_new) - start
        if common > 0:  # rows that stay, with new content
            old[start:start + common] = new[start:start + common]
            last = min(start + common, fetched) - 1
            if last >= start:
                self.dataChanged.emit(self.index(start, 0, parent),
                                      self.index(last, len(self.COLUMNS) - 1, parent))
        at = start + common
        if end_old > at:
            known = min(end_old, fetched) - 1  # the views were told about rows at..known
            if known >= at:
                self.beginRemoveRows(parent, at, known)
                del old[at:end_old]
                self._fetched[s] = fetched - (known - at + 1)
                self.endRemoveRows()
            else:
                del old[at:end_old]
        elif end_new > at:
            if at < fetched or everything:
                self.beginInsertRows(parent, at, end_new - 1)
                old[at:at] = new[at:end_new]
                self._fetched[s] = fetched + end_new - at
                self.endInsertRows()
            else:  # below what the views have: fetched when scrolled to
                old[at:at] = new[at:end_new]
        want = min(len(old), CHUNK)  # a group that lost listed rows lists the next ones
        if self._fetched[s] < want:
            self._expose(g, want - self._fetched[s])

    def _expose(self, g: int, count: int) -> None:
        s = self._groups[g]
        first = self._fetched[s]
        count = min(count, len(self._items[s]) - first)
        if count <= 0:
            return
        self.beginInsertRows(self.index(g, 0), first, first + count - 1)
        self._fetched[s] = first + count
        self.endInsertRows()

    def _group_of(self, parent: AnyIndex) -> int | None:
        """The group row `parent` is, if it is one."""
        if parent.isValid() and parent.internalId() == _GROUP and parent.column() == 0 \
                and parent.row() < len(self._groups):
            return parent.row()
        return None

    # Not Qt's canFetchMore/fetchMore: QTreeView fetches on every expand, the expandAll that
    # follows a reset included, while the other views are still taking the reset in.
    def has_more(self, g: int) -> bool:
        """Whether group row `g` has problems it does not list yet."""
        s = self._groups[g]
        return self._fetched[s] < len(self._items[s])

    def list_more(self, g: int) -> None:
        """List the next `CHUNK` problems of group row `g`."""
        self._expose(g, CHUNK)

    # ------------------------------------------------------------------ Qt model

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(self.COLUMNS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _GROUP) if row < len(self._groups) else QModelIndex()
        if parent.internalId() != _GROUP or parent.column() != 0:
            return QModelIndex()
        g = parent.row()
        if g >= len(self._groups) or row >= self._fetched[self._groups[g]]:
            return QModelIndex()
        return self.createIndex(row, column, g + 1)

    # Qt overloads parent() (QObject's, and this one of an index); the stubs
    # cannot say a model overrides only the one
    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == _GROUP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _GROUP)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        g = self._group_of(parent)
        return self._fetched[self._groups[g]] if g is not None else 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(self.COLUMNS)

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        return self.rowCount(parent) > 0

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self.COLUMNS):
            return translate("ProblemsDock", self.COLUMNS[section])
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.internalId() != _GROUP:
            flags |= Qt.ItemFlag.ItemNeverHasChildren
        return flags

    def problem(self, index: AnyIndex) -> Problem | None:
        if not index.isValid() or index.internalId() == _GROUP:
            return None
        g = index.internalId() - 1
        if g >= len(self._groups):
            return None
        s = self._groups[g]
        return self._items[s][index.row()] if index.row() < self._fetched[s] else None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        col = index.column()
        if index.internalId() == _GROUP:
            if index.row() >= len(self._groups):
                return None
            s = self._groups[index.row()]
            if role == Qt.ItemDataRole.DisplayRole and col == 0:
                shown = len(self._items[s])
                text = plural(self._counts[s], s).capitalize()
                return text if shown == self._counts[s] else \
                    translate("ProblemsDock", "{count} ({n} shown)").format(count=text, n=shown)
            if role == Qt.ItemDataRole.ForegroundRole and col == 0:
                return QBrush(_COLORS[s])
            if role == Qt.ItemDataRole.FontRole and col == 0:
                font = QFont()
                font.setBold(True)
                return font
            return None
        p = self.problem(index)
        if p is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return short_message(p)
            if col == 1:
                return where(p)
            if col == 2:
                return p.rule
            return self.line_text(p) or ""
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 3:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            rule = RULES.get(p.rule)
            about = f"\n\n[{p.rule}] {rule.description}" if rule is not None else f"\n\n[{p.rule}]"
            if p.line is not None:
                read = "\n" + translate("ProblemsDock", "(found when reading the file, line {line})").format(
                    line=p.line)
            else:
                line = self._lines.get(p)
                read = "\n" + translate("ProblemsDock", "(line {line} of the file)").format(line=line) if line else ""
            return f"{severity_word(p.severity)}: {p.message}{about}{read}"
        if role == Qt.ItemDataRole.ForegroundRole and col == 0:
            return QBrush(_COLORS[p.severity])
        if role == self.PROBLEM_ROLE:
            return p
        return None


class _WrappedMessages(QStyledItemDelegate):
    """Messages as tall as their words wrapped to the Problem column's width need.

    Qt sizes a wrapped cell for an unknown width (one line); this measures the text at the
    column's width less the row's indentation, so the message shows up to `_MESSAGE_LINES`
    lines (the outlier notes of a wide layer list dozens of channels).
    """

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:  # noqa: N802 - Qt's name
        size = super().sizeHint(option, index)
        if index.column() != 0 or not index.parent().isValid():
            return size
        depth = 1 + (1 if self.view.rootIsDecorated() else 0)
        width = self.view.header().sectionSize(0) - depth * self.view.indentation() - 2 * _CELL_MARGIN
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        if width <= 0 or not text:
            return size
        rect = option.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextFlag.TextWordWrap, text)
        most = _MESSAGE_LINES * option.fontMetrics.lineSpacing()  # the tooltip has the rest
        return QSize(size.width(), max(size.height(), min(rect.height(), most) + 4))

    def initStyleOption(self, option: QStyleOptionViewItem, index: AnyIndex) -> None:  # noqa: N802 - Qt's name
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideRight  # beyond the lines shown (the view's is for keys)


class ProblemsDock(QDockWidget):
    """A dock with the document's problems: filters, counts; a click selects the offending
    row, a double-click (or Enter) jumps to its field."""

    #: (errors, warnings, infos) — for the status bar
    countsChanged = Signal(int, int, int)

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(translate("ProblemsDock", "Problems"), parent)
        self.setObjectName("ProblemsDock")
        self.session = session
        self.problems_model = ProblemsModel(session, self)
        self.view = QTreeView()
        self.view.setModel(self.problems_model)
        # a message wraps onto as many lines as it needs: eliding it hid its useful end
        # ("… did you mean "res2a_branch2b"")
        self.view.setUniformRowHeights(False)
        self.view.setWordWrap(True)
        self.view.setItemDelegateForColumn(0, _WrappedMessages(self.view))
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setExpandsOnDoubleClick(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # long keys: keep both ends
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for c in (1, 2, 3):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(1, 260)
        header.resizeSection(2, 130)
        # the Line column fits line:column of a file of millions of lines ("12…15" was 12345:15)
        header.resizeSection(3, self.view.fontMetrics().horizontalAdvance(LINE_WIDEST) + 2 * _CELL_MARGIN)
        # a narrower or wider Problem column changes how many lines each message takes
        header.sectionResized.connect(self._message_column_resized)
        self.toggles: dict[Severity, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        for s in _ORDER:
            b = QToolButton()
            b.setCheckable(True)
            b.setChecked(True)
            b.setAutoRaise(True)
            b.setToolTip(translate("ProblemsDock", _SHOW[s]))
            b.toggled.connect(self._on_filter)
            self.toggles[s] = b
            bar.addWidget(b)
        bar.addSpacing(12)
        bar.addWidget(QLabel(translate("ProblemsDock", "Rule:")))
        self.rule_combo = QComboBox()
        self.rule_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.rule_combo.activated.connect(self._on_rule)
        bar.addWidget(self.rule_combo)
        bar.addStretch(1)
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 2, 4, 4)
        lay.addLayout(bar)
        lay.addWidget(self.view, 1)
        self.setWidget(body)
        self.view.doubleClicked.connect(self.jump)
        self.view.activated.connect(self.jump)
        self.view.clicked.connect(self.show_problem)
        self.view.selectionModel().currentChanged.connect(self._on_current)
        self.problems_model.countsChanged.connect(self._on_counts)
        # after the model: the rules present can change while the counts do not
        session.problems.problemsChanged.connect(self._fill_rules)
        self.problems_model.modelReset.connect(self.view.expandAll)
        self.problems_model.rowsInserted.connect(lambda parent, *_: self.view.expand(parent))
        # a group's next problems are listed when its last listed one scrolls into view
        self._fetch_timer = QTimer(self)
        self._fetch_timer.setSingleShot(True)
        self._fetch_timer.setInterval(0)
        self._fetch_timer.timeout.connect(self.fetch_visible)
        for signal in (self.view.verticalScrollBar().valueChanged, self.view.verticalScrollBar().rangeChanged,
                       self.view.expanded, self.problems_model.modelReset, self.problems_model.rowsRemoved):
            signal.connect(lambda *_: self._fetch_timer.start())  # not start(msec) with their arguments
        self._on_counts(*(self.problems_model.counts()[s] for s in _ORDER))
        self.view.expandAll()


    def _message_column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == 0:  # the messages wrap to another width: rows change height
            self.view.scheduleDelayedItemsLayout()
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fetch_timer.start()

    def fetch_visible(self) -> None:
        """List more problems of each group whose last listed problem is in view."""
        pm = self.problems_model
        if not self.view.isVisible():
            return
        bottom = self.view.viewport().height()
        for g in range(pm.rowCount()):
            parent = pm.index(g, 0)
            if not pm.has_more(g) or not self.view.isExpanded(parent):
                continue
            rows = pm.rowCount(parent)
            rect = self.view.visualRect(pm.index(rows - 1, 0, parent) if rows else parent)
            if rect.top() <= bottom:
                pm.list_more(g)
                self._fetch_timer.start()  # until the viewport is full
                return

    def counts(self) -> dict[Severity, int]:
        return self.problems_model.counts()

    def summary(self) -> str:
        return self.problems_model.summary()

    def set_severities(self, severities) -> None:
        """Show only these severities (the toggles follow)."""
        wanted = {Severity(s) for s in severities}
        for s, b in self.toggles.items():
            b.blockSignals(True)
            b.setChecked(s in wanted)
            b.blockSignals(False)
        self.problems_model.set_severities(wanted)

    def set_rule(self, rule: str | None) -> None:
        """Show only problems of `rule` (None: every rule)."""
        self.problems_model.set_rule(rule)
        self._fill_rules()

    def jump(self, index: QModelIndex) -> None:
        """Select the field a problem names and take the focus there (tree and panels follow)."""
        self._select(index, source=self, again=True)

    def show_problem(self, index: QModelIndex) -> None:
        """Select the row a problem names; the focus stays in the list (a click, arrow keys)."""
        # any source but the dock itself: the panels take the focus only for a jump from it
        self._select(index, source=self.view)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        # the user moving through the list; not the current row moving as an edit changes the list
        if self.view.hasFocus():
            self.show_problem(current)

    def _select(self, index: QModelIndex, source: object, *, again: bool = False) -> None:
        p = self.problems_model.problem(index)
        if p is None:
            return
        path = problem_path(self.session.message, p)
        if path:
            self.session.selection.select(path, source=source, again=again)

    def _on_filter(self) -> None:
        self.problems_model.set_severities(s for s, b in self.toggles.items() if b.isChecked())

    def _on_rule(self, i: int) -> None:
        self.problems_model.set_rule(self.rule_combo.itemData(i))

    def _on_counts(self, errors: int, warnings: int, infos: int) -> None:
        counts = dict(zip(_ORDER, (errors, warnings, infos), strict=True))
        for s, b in self.toggles.items():
            b.setText(plural(counts[s], s).capitalize())
            b.setStyleSheet(f"color: {_COLORS[s].name()};" if counts[s] else "")
        self._fill_rules()
        total = errors + warnings + infos
        self.setWindowTitle(translate("ProblemsDock", "Problems ({n})").format(n=total) if total
                            else translate("ProblemsDock", "Problems"))
        # nothing to list: the counts line alone (the window folds the dock to it)
        self.view.setVisible(total > 0)
        self.countsChanged.emit(errors, warnings, infos)

    def _fill_rules(self) -> None:
        present = self.problems_model.rules_present()
        current = self.problems_model.rule
        self.rule_combo.blockSignals(True)
        self.rule_combo.clear()
        self.rule_combo.addItem(translate("ProblemsDock", "all rules"), None)
        for rule_id in sorted(present):
            self.rule_combo.addItem(f"{rule_id} ({present[rule_id]})", rule_id)
        if current is not None and current not in present:
            self.rule_combo.addItem(f"{current} (0)", current)
        self.rule_combo.setCurrentIndex(max(0, self.rule_combo.findData(current)) if current else 0)
        self.rule_combo.blockSignals(False)
