"""Per-row annotations of the record tree, by key: a short mark drawn in the row and a line
added to its tooltip.

A session holds one `TreeAnnotations` (`session.annotations`). Whoever knows something
about a row that the record itself does not say — the attached model (a layer's type and
channel counts), a comparison with another record (a difference mark per entry and field)
— installs a *provider* under a key of its own::

    session.annotations.set("model", lambda path: Annotation("Conv 3→16", "model: Conv, …"))

A provider is called with a row's path (`editor.records.paths`, e.g. ``("record", 3)`` for
a layer row, ``("record", 3, "value", "scale_w")`` for a field of it) whenever the tree
paints or explains that row, and returns an `Annotation` or None. It must be cheap (the
tree calls it for every visible row on every paint) and must answer from the record as it
is now: entry indices move when layers are added or removed, so a provider that keeps
results by index has to follow `session.recordChanged` itself. Call `refresh(key)` when
what a provider would say has changed for reasons the tree cannot see (a model attached,
a tolerance changed); `set(key, None)` removes it.

The tree's delegate draws each mark as a small tinted chip before the row's value, in
the order the keys were first installed; the tree model adds each tooltip line to the
row's tooltip (`RecordTreeModel.ANNOTATIONS_ROLE` gives the list).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor

from editor.records.paths import FieldPath

#: the colour of a mark whose annotation names none: the tree's muted grey-blue
DEFAULT_MARK_COLOR = QColor("#505a64")


@dataclass(frozen=True)
class Annotation:
    """What a provider says about one tree row.

    `mark`: short text drawn in the row, before its value (empty: no mark); `tooltip`: a
    line added to the row's tooltip (empty: none); `color`: the mark's colour (its text and
    a light tint of it behind).
    """

    mark: str = ""
    tooltip: str = ""
    color: QColor | None = None

    @property
    def mark_color(self) -> QColor:
        return self.color if self.color is not None else DEFAULT_MARK_COLOR


#: provider(path) -> what to show on the row at `path`, or None
Provider = Callable[[FieldPath], "Annotation | None"]


class TreeAnnotations(QObject):
    """The annotation providers of one session's tree, by key (see the module docstring)."""

    #: a provider was installed, removed or refreshed: the key (the tree repaints)
    changed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._providers: dict[str, Provider] = {}

    def set(self, key: str, provider: Provider | None) -> None:
        """Install `provider` under `key` (replacing the one there), or remove it (None)."""
        if provider is None:
            if self._providers.pop(key, None) is None:
                return
        else:
            self._providers[key] = provider
        self.changed.emit(key)

    def refresh(self, key: str) -> None:
        """What the provider under `key` says has changed: the tree asks again."""
        if key in self._providers:
            self.changed.emit(key)

    def keys(self) -> list[str]:
        """The installed keys, in the order their marks are drawn."""
        return list(self._providers)

    def provider(self, key: str) -> Provider | None:
        return self._providers.get(key)

    def for_path(self, path: FieldPath) -> list[Annotation]:
        """Every annotation of the row at `path`, in key order. A provider that fails on a
        path it did not expect (a row between two signals of one edit) says nothing."""
        if not self._providers:
            return []
        found: list[Annotation] = []
        for provider in list(self._providers.values()):
            try:
                a = provider(tuple(path))
            except (LookupError, ValueError, AttributeError):
                continue
            if a is not None and (a.mark or a.tooltip):
                found.append(a)
        return found
