"""RecordFilterProxy: the tree's filter by layer key or prune node name."""
from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel

from editor.records.paths import PathError
from editor.ui.tree_model import RecordTreeModel

AnyIndex = QModelIndex | QPersistentModelIndex


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
                raise ValueError(f"not a valid regular expression: {e}") from None
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
        fields = msg.DESCRIPTOR.fields_by_name
        layers = sum(1 for e in msg.record if self.matches(e.key)) if "record" in fields else 0
        nodes = 0
        if "prune_record" in fields:
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
        if head == "record":
            if len(path) == 1:
                return any(self.matches(e.key) for e in msg.record)
            return len(path) > 2 or self.matches(msg.record[path[1]].key)
        if head == "prune_record":
            if len(path) == 1:
                return any(self._prune_matches(p) for p in msg.prune_record)
            prune = msg.prune_record[path[1]]
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
