"""The tree's filter: RecordFilterProxy (layers by key, prune nodes by name) and the
FilterBar above the tree (the box, Regex, the match count)."""
from __future__ import annotations

import re

from PySide6.QtCore import QSortFilterProxyModel, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from editor.i18n import translate
from editor.records.messages import PruneRootMessage, RootMessage
from editor.records.paths import PathError
from editor.ui.qt_types import AnyIndex
from editor.ui.tree_model import RecordTreeModel

#: the filter applies this long after the last keystroke (at once on Enter): on a big
#: record one pass over the rows takes a noticeable moment, and each key would cost one
FILTER_DELAY_MS = 200



class RecordFilterProxy(QSortFilterProxyModel):
    """Shows the layers whose key and the prune nodes whose name match a pattern.

    A matching row is shown with its ancestors and everything below it; other layers and
    prune nodes are hidden. Substring (case-insensitive by default) or regular expression.
    With no pattern every row is shown.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._pattern: re.Pattern[str] | None = None
        self.setDynamicSortFilter(True)

    # --------------------------------------------------------------- pattern

    def set_pattern(self, text: str, *, regex: bool = False, case_sensitive: bool = False) -> None:
        """Filter by `text`; raises ValueError (with the reason) for a bad regular expression."""
        pattern: re.Pattern[str] | None = None
        if text:
            flags = 0 if case_sensitive else re.IGNORECASE
            try:
                pattern = re.compile(text if regex else re.escape(text), flags)
            except re.error as e:
                raise ValueError(translate("FilterBar", "not a valid regular expression: {error}").format(error=e)) from None
        self.beginFilterChange()
        self._pattern = pattern
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    @property
    def active(self) -> bool:
        return self._pattern is not None

    def matches(self, text: str) -> bool:
        return self._pattern is None or self._pattern.search(text) is not None

    def match_count(self) -> tuple[int, int]:
        """(matching layers, matching prune nodes) in the whole record."""
        model = self._model()
        if model is None or model.message is None or self._pattern is None:
            return 0, 0
        msg = model.message
        layers = sum(1 for e in msg.record if self.matches(e.key)) if isinstance(msg, RootMessage) else 0
        nodes = 0
        if isinstance(msg, PruneRootMessage):
            for prune in msg.prune_record:
                nodes += sum(1 for n in prune.producer if self.matches(n.name))
                nodes += sum(1 for n in prune.consumer if self.matches(n.name))
                if prune.HasField("selective_prune") and self.matches(prune.selective_prune.name):
                    nodes += 1
        return layers, nodes

    # --------------------------------------------------------------- filtering

    def _model(self) -> RecordTreeModel | None:
        model = self.sourceModel()
        return model if isinstance(model, RecordTreeModel) else None

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        if self._pattern is None:
            return True
        model = self._model()
        if model is None or model.message is None:
            return True
        try:
            path = model.child_path(source_parent, source_row)
        except PathError:
            return False
        msg = model.message
        head = path[0] if path else None
        if head == "record" and isinstance(msg, RootMessage):  # a path into a whole record
            if len(path) == 1:
                return any(self.matches(e.key) for e in msg.record)
            index = path[1]
            assert isinstance(index, int)  # an entry of the record
            return len(path) > 2 or self.matches(msg.record[index].key)
        if head == "prune_record" and isinstance(msg, PruneRootMessage):
            if len(path) == 1:
                return any(self._prune_matches(p) for p in msg.prune_record)
            index = path[1]
            assert isinstance(index, int)  # a prune record
            prune = msg.prune_record[index]
            if len(path) == 2:
                return self._prune_matches(prune)
            side = path[2]
            if side in ("producer", "consumer"):
                nodes = getattr(prune, side)
                if len(path) == 3:
                    return any(self.matches(n.name) for n in nodes)
                return len(path) > 4 or self.matches(nodes[path[3]].name)
            if side == "selective_prune":
                return prune.HasField("selective_prune") and self.matches(prune.selective_prune.name)
            return False
        return False

    def _prune_matches(self, prune) -> bool:
        return (any(self.matches(n.name) for n in prune.producer)
                or any(self.matches(n.name) for n in prune.consumer)
                or (prune.HasField("selective_prune") and self.matches(prune.selective_prune.name)))


class FilterBar(QWidget):
    """The filter box with its Regex switch and match count, applying the pattern to a
    `RecordFilterProxy` once typing pauses (at once on Enter or when cleared).

    `applied(text)` follows each application of a valid pattern (the tree expands its
    layers then); `message` carries why a regular expression is refused.
    """

    applied = Signal(str)
    message = Signal(str)

    def __init__(self, model: RecordTreeModel, proxy: RecordFilterProxy, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = proxy
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(translate("FilterBar", "Filter layers and prune nodes"))
        self.edit.setClearButtonEnabled(True)
        self.regex_check = QCheckBox(translate("FilterBar", "Regex"))
        self.regex_check.setToolTip(translate("FilterBar", "Treat the filter as a regular expression"))
        self.count_label = QLabel()
        self.count_label.setMinimumWidth(120)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.regex_check)
        layout.addWidget(self.count_label)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FILTER_DELAY_MS)
        self._timer.timeout.connect(self.apply)
        self.edit.textChanged.connect(self._typed)
        self.edit.returnPressed.connect(self.apply_now)
        self.regex_check.toggled.connect(self.apply_now)

    @property
    def pending(self) -> bool:
        """True between a keystroke in the box and the filter's application."""
        return self._timer.isActive()

    def _typed(self, text: str) -> None:
        if text:
            self._timer.start()  # restarted by every key: applied once typing pauses
        else:
            self.apply_now()  # cleared: everything shows again at once (go-to relies on it)

    def apply_now(self) -> None:
        """Filter by the box's text now instead of after the typing pause."""
        self._timer.stop()
        self.apply()

    def apply(self) -> None:
        self._timer.stop()
        text = self.edit.text()
        try:
            self.proxy.set_pattern(text, regex=self.regex_check.isChecked())
        except ValueError as e:
            self.count_label.setText(translate("FilterBar", "bad regex"))
            self.count_label.setToolTip(str(e))
            self.count_label.setStyleSheet("color: #b00020")
            self.message.emit(str(e))
            return
        self.count_label.setStyleSheet("")
        self.count_label.setToolTip("")
        if text:
            self.fetch_all()
        self.applied.emit(text)
        self.update_count()

    def has_top(self, name: str) -> bool:
        msg = self.model.message
        return msg is not None and name in msg.DESCRIPTOR.fields_by_name

    def fetch_all(self) -> None:
        """The filter must see every layer and prune record, fetched by the view or not."""
        for name in ("record", "prune_record"):
            if self.has_top(name):
                n = self.model.editor.element_count((name,))
                if n:
                    self.model.index_for_path((name, n - 1))

    def update_count(self) -> None:
        if not self.proxy.active:
            self.count_label.setText("")
            return
        layers, nodes = self.proxy.match_count()
        text = (translate("FilterBar", "1 layer") if layers == 1
                else translate("FilterBar", "{n} layers").format(n=layers))
        if self.has_top("prune_record"):
            text += translate("FilterBar", ", ") + (translate("FilterBar", "1 node") if nodes == 1
                                                    else translate("FilterBar", "{n} nodes").format(n=nodes))
        self.count_label.setText(text)
