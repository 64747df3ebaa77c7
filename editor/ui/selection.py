"""The one current selection shared by the tree, the editing panels and the plots.

Every view that can select something (a layer, a field, one channel of a per-channel
vector, a prune record or node) calls `select(path, source=self)`; every view follows
`changed(path, source)` and ignores changes it made itself. Paths are RecordTreeModel
paths: ``("record", 3)``, ``("record", 3, "value", "scale_w", 5)``,
``("prune_record", 2, "consumer", 1)``.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from editor.ui.tree_model import Path


class Selection(QObject):
    """Current path plus a signal; no Qt selection model, so any widget can take part."""

    changed = Signal(object, object)  # (path, source)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._path: Path = ()

    @property
    def path(self) -> Path:
        return self._path

    def select(self, path: Path, source: object = None) -> None:
        path = tuple(path)
        if path == self._path:
            return
        self._path = path
        self.changed.emit(path, source)

    # convenience views of the path -------------------------------------------------
    @property
    def record_index(self) -> int | None:
        """Index of the selected layer entry, if the selection is inside one."""
        p = self._path
        return p[1] if len(p) >= 2 and p[0] == "record" and isinstance(p[1], int) else None

    @property
    def prune_index(self) -> int | None:
        p = self._path
        return p[1] if len(p) >= 2 and p[0] == "prune_record" and isinstance(p[1], int) else None

    @property
    def channel(self) -> tuple[str, int] | None:
        """(field, channel) when one element of a per-layer vector is selected."""
        p = self._path
        if len(p) == 5 and p[0] == "record" and p[2] == "value" and isinstance(p[4], int):
            return p[3], p[4]
        return None
