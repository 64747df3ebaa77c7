"""Typed text: the editor of the int, float, text and key kinds, and its validator.

One check turns a typed text into a value or a reason (`field_text_check`, or the table
model's own); `FieldEdit` runs it while the user types, and in the tree a `TextValidator`
over the same check keeps Enter from taking a text that does not fit.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from editor.i18n import translate
from editor.records.values import FD, INT_RANGES, format_value
from editor.ui.field_editors.base import (
    FieldSpec,
    Mark,
    Place,
    TextCheck,
    ValueCheck,
    field_text_check,
    set_invalid,
)


def type_hint(kind: str, field: FieldDescriptor, accepted: str | None = None) -> str:
    """What a field of `kind` accepts, in words (the tooltip while nothing is wrong):
    `accepted`, what the rules accept (`FieldSpec.hint`), where given, else what its type
    allows."""
    float32 = translate("FieldEditors", " (stored as float32)") if field.type == FD.TYPE_FLOAT else ""
    if accepted:
        return f"{field.name}: {accepted}{float32}"
    if kind == "key":
        return translate("FieldEditors", "{name}: \\n, \\t and \\xNN stand for invisible characters").format(
            name=field.name)
    if kind == "int":
        lo, hi = INT_RANGES[field.type]
        return translate("FieldEditors", "{name}: a whole number from {lo} to {hi}").format(name=field.name, lo=lo, hi=hi)
    if kind == "float":
        return translate("FieldEditors", "{name}: a number such as 0.0235, 1e-3, inf or nan").format(
            name=field.name) + float32
    return translate("FieldEditors", "{name}: text; \\n, \\t, \\\\ and \\xNN stand for special characters").format(
        name=field.name)


class TextValidator(QValidator):
    """Accepts exactly the texts `check` accepts; remembers why not (`error`) and the last
    text it judged with its result, so an editor need not check the same text twice."""

    def __init__(self, check: TextCheck, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.check = check
        self.error = ""
        self.last: tuple[str, tuple[Any, str | None]] | None = None

    def validate(self, text: str, pos: int) -> object:
        result = self.check(text)
        self.last = (text, result)
        self.error = result[1] or ""
        # Intermediate lets the user keep typing ("-", "1e"); Enter is refused until the text fits
        state = QValidator.State.Intermediate if self.error else QValidator.State.Acceptable
        return state, text, pos


class FieldValidator(TextValidator):
    """Accepts exactly the texts `parse_value` accepts for one field (and, given `check`, whose
    value `check` finds no reason against); remembers why not."""

    def __init__(self, field: FieldDescriptor, parent: QObject | None = None,
                 check: ValueCheck | None = None) -> None:
        super().__init__(field_text_check(field, check), parent)
        self.field = field


class FieldEdit(QLineEdit):
    """A line edit for one scalar value: validated while typing, committed on Enter or leaving.

    The record is untouched until a value passes `check`. A refused value stays in the box,
    red, with the reason in the tooltip, until it is fixed, Escape reverts it, or the record
    changes underneath. `show_value` puts the record's value in without losing a pending
    edit when only *other* fields changed (so a refused offset_d is re-checked when act_type
    changes, and becomes acceptable). In a cell (`Place.CELL`, `Place.TREE`) the view's
    delegate commits: Enter or leaving the cell.
    """

    commit = Signal(object)
    refused = Signal(str)
    shows_label = False

    def __init__(self, check: TextCheck, *, tooltip: str = "", place: Place = Place.FORM,
                 format: Callable[[Any], str] = str, placeholder: str = "", unset_placeholder: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._check = check
        self._place = place
        self._format = format
        self._placeholder = placeholder
        self._unset_placeholder = unset_placeholder or placeholder
        self._record_text = ""
        self._tooltip = tooltip
        self.reason: str | None = None
        self.mark: Mark | None = None
        self._validator: TextValidator | None = None
        self.setToolTip(tooltip)
        self.textEdited.connect(self._on_edited)
        if place is Place.FORM:
            self.editingFinished.connect(self._on_finished)
        else:
            self.setFrame(False)
        if place is Place.TREE:
            self._validator = TextValidator(check, self)
            self.setValidator(self._validator)

    @classmethod
    def for_field(cls, kind: str, spec: FieldSpec, parent: QWidget | None = None) -> FieldEdit:
        """A line edit for `spec`'s field; its text is parsed as the field's type."""
        fd = spec.field
        check = spec.text_check or field_text_check(fd, spec.check, optional=spec.optional, hint=spec.hint)
        unset = (translate("FieldEditors", "not set (default {value})").format(
            value=format_value(fd, fd.default_value)) if spec.optional else "")
        if spec.tooltip is None:
            tooltip = type_hint(kind, fd, spec.hint() if spec.hint is not None else None)
        else:
            tooltip = spec.tooltip
        return cls(check, tooltip=tooltip, place=spec.place,
                   format=spec.format or partial(format_value, fd), placeholder=spec.placeholder,
                   unset_placeholder=unset, parent=parent)

    # ------------------------------------------------------------------ the protocol

    @property
    def dirty(self) -> bool:
        """The text differs from what the record holds (an edit not committed yet)."""
        return self.text() != self._record_text

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        """Show the record's value; keep (and re-check) a pending edit if the value is
        unchanged, unless `force` (another layer is shown)."""
        text = self._format(value) if is_set and value is not None else ""
        self.setPlaceholderText(self._placeholder if is_set else self._unset_placeholder)
        if not force and self.dirty and text == self._record_text:
            self._validate(emit=False)
            return
        self._record_text = text
        self.setText(text)
        self._set_reason(None)
        if self._place is Place.TREE:
            self.selectAll()  # typing replaces the value

    def entered(self) -> str:
        return self.text()

    def edited(self) -> bool:
        return self.dirty

    def pending_reason(self) -> str | None:
        if not self.dirty:
            return None
        self.revalidate()
        return self.reason

    def revalidate(self) -> None:
        """Check a pending edit again (something it depends on changed)."""
        if self.dirty:
            self._validate(emit=False)

    def set_mark(self, mark: Mark | None) -> None:
        """What the record's problems say about the field's value (shown while it is not being
        edited): an error red, a warning amber, with the problem in the tooltip."""
        if mark != self.mark:
            self.mark = mark
            self._show_state()

    # ------------------------------------------------------------------ typing

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.dirty:
            self.setText(self._record_text)
            self._set_reason(None)
            return
        super().keyPressEvent(event)

    def _on_edited(self, text: str) -> None:
        if self._place is Place.TREE:
            # the validator has just judged this text: its verdict, said at once
            last = self._validator.last if self._validator is not None else None
            reason = last[1][1] if last is not None and last[0] == text else self._check(text)[1]
            self._set_reason(reason)
            if reason is not None:
                self.refused.emit(reason)
        elif self.dirty:
            self._validate(emit=False)
        else:
            self._set_reason(None)

    def _on_finished(self) -> None:
        if not self.dirty:
            return
        value, reason = self._validate(emit=True)
        if reason is None:
            self.commit.emit(value)

    def _validate(self, *, emit: bool) -> tuple[Any, str | None]:
        value, reason = self._check(self.text())
        self._set_reason(reason)
        if reason is not None and emit:
            self.refused.emit(reason)
        return value, reason

    def _set_reason(self, reason: str | None) -> None:
        self.reason = reason
        self._show_state()

    def _show_state(self) -> None:
        if self._place is Place.TREE:
            # the tree's look: the text turns red, the tooltip says why (else what fits)
            self.setToolTip(self.reason or self._tooltip)
            palette = self.palette()
            role = palette.ColorRole.Text
            palette.setColor(role, Qt.GlobalColor.red if self.reason else QApplication.palette().color(role))
            self.setPalette(palette)
            return
        # a pending edit is not the record's value: the record's mark waits until it is
        set_invalid(self, self.reason, self._tooltip, None if self.dirty else self.mark)
