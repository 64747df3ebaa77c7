"""The one current selection shared by the tree, the editing panels and the plots.

Every view that can select something (a layer, a field, one channel of a per-channel
vector, a prune record or node) calls `select(path, source=self)`; every view follows
`changed(path, source)` and ignores changes it made itself. Paths are record paths
(`editor.records.paths`): ``("record", 3)``, ``("record", 3, "value", "scale_w", 5)``,
``("prune_record", 2, "consumer", 1)``. The session keeps it bound to the same thing
while the record changes (`about_to_reset`, `take`).
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from editor.records.editing import ChangeKind, RecordChange, RecordEditor
from editor.records.paths import FieldPath


class Selection(QObject):
    """Current path plus a signal; no Qt selection model, so any widget can take part."""

    changed = Signal(object, object)  # (path, source)

    def __init__(self, editor: RecordEditor | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._path: FieldPath = ()
        self._editor = editor

    def about_to_reset(self) -> None:
        """Another message is about to be shown (a file opened or closed): clear the path
        before the views see the new record, so none reads a path of the old one in it."""
        self.select((), source=self._editor)

    def take(self, change: RecordChange) -> None:
        """Keep the path bound to the same thing after `change`.

        The same message replaced as a whole (restoring recovered edits, its undo) keeps the
        longest part of the path that still exists. Entries inserted, removed or moved in a
        top-level list (a layer moved up, a delete above, its undo) renumber the path so that
        it names the same entry; that is no new selection, so `changed` is not emitted (the
        views follow the entry themselves, from the same change). When the selected entry
        itself is removed the path is cleared, and `changed` emitted.
        """
        if not self._path or self._editor is None:
            return
        path = self._path
        if change.kind in (ChangeKind.INSERTED, ChangeKind.REMOVED, ChangeKind.MOVED):
            if len(path) < 2 or path[0] != change.field or not isinstance(path[1], int):
                return
            index = change.follow(change.field, path[1])
            if index is None:
                self.select((), source=self._editor)
            else:
                self._path = (path[0], index) + path[2:]
            return
        # a reset, or a change inside an entry (a node of the selected one removed): keep
        # the longest part of the path that still exists
        while path and not self._editor.exists(path):
            path = path[:-1]
        if path != self._path:
            self.select(path, source=self._editor)

    @property
    def path(self) -> FieldPath:
        return self._path

    def select(self, path: FieldPath, source: object = None, *, again: bool = False) -> None:
        """Make `path` current; `again` tells the views even when it already is (a jump to
        the field a click in a list selected a moment ago)."""
        path = tuple(path)
        if path == self._path and not again:
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
        if len(p) == 5 and p[0] == "record" and p[2] == "value" and isinstance(p[3], str) \
                and isinstance(p[4], int):
            return p[3], p[4]
        return None
