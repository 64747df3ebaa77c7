"""A check box: the editor of the bool kind. In a form it shows the schema default and can
unset the field (`FlagBox`); in a cell it is the bare check box (`CheckCell`)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QToolButton, QWidget

from editor.i18n import translate
from editor.ui.field_editors.base import FieldEditor, FieldSpec, Mark, Place, ValueCheck, set_invalid


def _word(value: bool) -> str:
    return "true" if value else "false"


class FlagBox(QWidget):
    """A check box for an optional bool with its schema default shown, and a button to unset it."""

    commit = Signal(object)  # True/False, None to unset
    refused = Signal(str)
    shows_label = True  # the check box carries the field's name

    def __init__(self, label: str, default: bool, check: ValueCheck, *, tooltip: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._default = default
        self._check = check
        self._is_set = False
        self._value = default
        self._tooltip = tooltip
        self.reason: str | None = None
        self.mark: Mark | None = None
        self.box = QCheckBox(label)
        self.box.setToolTip(tooltip)
        self.state = QLabel()
        self.state.setStyleSheet("color: gray;")
        self.unset = QToolButton()
        self.unset.setText(translate("FieldEditors", "Use default"))
        self.unset.setToolTip(translate("FieldEditors", "Remove the field from the record; AMCT then uses the "
                                                        "default ({value})").format(value=_word(default)))
        self.unset.setAutoRaise(True)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.box)
        lay.addWidget(self.state)
        lay.addStretch(1)
        lay.addWidget(self.unset)
        self.box.clicked.connect(self._on_clicked)
        self.unset.clicked.connect(lambda: self._ask(None))

    @classmethod
    def for_field(cls, kind: str, spec: FieldSpec, parent: QWidget | None = None) -> FieldEditor:
        """In a form, a FlagBox labelled with the field's name; in a cell, a `CheckCell`."""
        if spec.place is not Place.FORM:
            return CheckCell(parent)
        fd = spec.field
        return cls(fd.name, bool(fd.default_value), spec.check or (lambda _value: None),
                   tooltip=spec.tooltip or "", parent=parent)

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        self._is_set, self._value = is_set, bool(value)
        self.reason = None
        set_invalid(self.box, None, self._tooltip, self.mark)
        self.box.blockSignals(True)
        self.box.setChecked(self._value if is_set else self._default)
        self.box.blockSignals(False)
        self.state.setText("" if is_set else translate("FieldEditors", "not set: default {value}").format(
            value=_word(self._default)))
        self.unset.setVisible(is_set)

    def entered(self) -> Any:
        return self.box.isChecked()

    def edited(self) -> bool:
        return False  # a click is committed (or refused) as it is made

    def pending_reason(self) -> str | None:
        return None

    def revalidate(self) -> None:
        pass  # nothing is pending

    def set_mark(self, mark: Mark | None) -> None:
        """What the record's problems say about the flag: its box red or amber, the problem in
        the tooltip."""
        if mark != self.mark:
            self.mark = mark
            set_invalid(self.box, self.reason, self._tooltip, self.mark)

    def _on_clicked(self, checked: bool) -> None:
        self._ask(bool(checked))

    def _ask(self, value: bool | None) -> None:
        reason = self._check(value)
        if reason is not None:
            self.show_value(self._value, is_set=self._is_set)
            self.reason = reason
            set_invalid(self.box, reason, self._tooltip)
            self.refused.emit(reason)
            return
        self.commit.emit(value)


class CheckCell(QCheckBox):
    """A bool in a view's cell: toggling it commits at once (the view's delegate checks it),
    "true" or "false" beside the box."""

    commit = Signal(object)
    refused = Signal(str)
    shows_label = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown = False
        self.setAutoFillBackground(True)
        self.toggled.connect(self._on_toggled)

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        self._shown = bool(value)
        self.blockSignals(True)
        self.setChecked(self._shown)
        self.setText(_word(self._shown))
        self.blockSignals(False)

    def entered(self) -> Any:
        return self.isChecked()

    def edited(self) -> bool:
        return self.isChecked() != self._shown

    def pending_reason(self) -> str | None:
        return None

    def revalidate(self) -> None:
        pass  # nothing is pending

    def set_mark(self, mark: Mark | None) -> None:
        pass  # the view's cell shows the record's problems, not its editor

    def _on_toggled(self, on: bool) -> None:
        self.setText(_word(on))
        self.commit.emit(on)
