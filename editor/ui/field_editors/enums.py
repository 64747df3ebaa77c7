"""A choice among the names of a protobuf enum: the editor of the enum kind."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from editor.records.messages import enum_type_of
from editor.ui.field_editors.base import FieldSpec, Mark, Place, ValueCheck, set_invalid


class EnumCombo(QComboBox):
    """The enum's value names, by number. Choosing one commits it at once; with a `check`
    (in a form) a refused choice snaps back and says why."""

    commit = Signal(object)  # the chosen number
    refused = Signal(str)
    shows_label = False

    def __init__(self, names: list[tuple[str, int]], check: ValueCheck | None = None, *,
                 tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._check = check
        self._tooltip = tooltip
        self._current: int | None = None
        self.reason: str | None = None
        self.mark: Mark | None = None
        for name, number in names:
            self.addItem(name, number)
        if tooltip:
            self.setToolTip(tooltip)
        self.activated.connect(self._on_activated)

    @classmethod
    def for_field(cls, kind: str, spec: FieldSpec, parent: QWidget | None = None) -> EnumCombo:
        """A combo box of the field's enum values; in a cell the view's delegate checks them."""
        names = [(v.name, v.number) for v in enum_type_of(spec.field).values]
        return cls(names, spec.check if spec.place is Place.FORM else None,
                   tooltip=spec.tooltip or "", parent=parent)

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        self._current = value
        self.setCurrentIndex(max(0, self.findData(value)))
        self._set_reason(None)

    def entered(self) -> Any:
        return self.currentData()

    def edited(self) -> bool:
        return self.currentData() != self._current

    def pending_reason(self) -> str | None:
        return None  # a choice is committed (or refused) as it is made

    def revalidate(self) -> None:
        pass  # nothing is pending

    def set_mark(self, mark: Mark | None) -> None:
        if mark != self.mark:
            self.mark = mark
            set_invalid(self, self.reason, self._tooltip, self.mark)

    def _on_activated(self, index: int) -> None:
        value = self.itemData(index)
        reason = self._check(value) if self._check is not None else None
        if reason is not None:
            self.setCurrentIndex(max(0, self.findData(self._current)))
            self._set_reason(reason)
            self.refused.emit(reason)
            return
        self.commit.emit(value)

    def _set_reason(self, reason: str | None) -> None:
        if reason is None and self.reason is None and self.mark is None:
            return  # never styled: leave the style alone (a cell looks as it always did)
        self.reason = reason
        set_invalid(self, reason, self._tooltip, self.mark)
