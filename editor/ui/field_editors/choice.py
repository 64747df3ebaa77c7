"""A choice among the values AMCT allows for a string field (act_type, wts_type, …): the
editor of the choice kind."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from editor.i18n import translate
from editor.records.rules import type_values
from editor.ui.field_editors.base import FieldSpec, Mark, Place, ValueCheck, set_invalid


class TypeCombo(QComboBox):
    """A choice among the values a dialect allows for a string field, or "not set".

    A value the record holds that is not allowed is shown too (marked), so the panel never
    hides what the file says. Choosing an entry asks `check`; a refused choice snaps back.
    """

    commit = Signal(object)  # the chosen value, None for "not set"
    refused = Signal(str)
    shows_label = False

    def __init__(self, allowed: Sequence[str], default: str, check: ValueCheck | None, *,
                 tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._allowed = list(allowed)
        self._default = default
        self._check = check
        self._tooltip = tooltip
        self._current: str | None = None
        self.reason: str | None = None
        self.mark: Mark | None = None
        self.setToolTip(tooltip)
        self.activated.connect(self._on_activated)
        self._fill(None)

    @classmethod
    def for_field(cls, kind: str, spec: FieldSpec, parent: QWidget | None = None) -> TypeCombo:
        """The values `rules.type_values` allows for the field, and "not set (its default)"."""
        fd = spec.field
        return cls(type_values(fd.name) or (), fd.default_value or "empty",
                   spec.check if spec.place is Place.FORM else None, tooltip=spec.tooltip or "", parent=parent)

    def _fill(self, current: str | None) -> None:
        self.blockSignals(True)
        self.clear()
        self.addItem(translate("FieldEditors", "not set ({value})").format(value=self._default), None)
        for v in self._allowed:
            self.addItem(v, v)
        if current is not None and current not in self._allowed:
            self.addItem(translate("FieldEditors", "{value} (not allowed)").format(value=repr(current)), current)
        self.setCurrentIndex(self.findData(current) if current is not None else 0)
        self.blockSignals(False)

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        """Show the record's value (not `is_set`: unset)."""
        self._current = value if is_set else None
        self._fill(self._current)
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
        """What the record's problems say about the chosen value: red for an error, amber for a
        warning, the problem in the tooltip."""
        if mark != self.mark:
            self.mark = mark
            set_invalid(self, self.reason, self._tooltip, self.mark)

    def choose(self, value: str | None) -> None:
        """Choose `value` as a user would (tests, keyboard shortcuts)."""
        i = self.findData(value) if value is not None else 0
        if i < 0:
            raise ValueError(f"{value!r} is not one of the choices")
        self.setCurrentIndex(i)
        self._on_activated(i)

    def _on_activated(self, index: int) -> None:
        value = self.itemData(index)
        if value == self._current:
            return
        reason = self._check(value) if self._check is not None else None
        if reason is not None:
            self._fill(self._current)
            self._set_reason(reason)
            self.refused.emit(reason)
            return
        self._set_reason(None)
        self.commit.emit(value)

    def _set_reason(self, reason: str | None) -> None:
        self.reason = reason
        set_invalid(self, reason, self._tooltip, self.mark)
