"""Small editors the panels share: each validates before anything reaches the record.

A panel gives every editor a `check` function: text or value in, ``(value, None)`` when
the record may take it, ``(None, reason)`` when it may not. The editor then turns red,
puts the reason in its tooltip and emits `refused(reason)`; only an accepted value is
emitted as `commit(value)`, which the panel turns into an undo command.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit, QToolButton, QWidget

from editor.records.problems import Severity

#: ``check(text) -> (value, None) | (None, reason)``
TextCheck = Callable[[str], tuple[Any, str | None]]
#: ``check(value) -> reason or None``
ValueCheck = Callable[[Any], str | None]

INVALID_STYLE = "background-color: #fde2e2; border: 1px solid #d33; border-radius: 2px;"
WARNING_STYLE = "background-color: #fff3d6; border: 1px solid #d99a00; border-radius: 2px;"
ERROR_COLOR = "#c62828"
WARNING_COLOR = "#a86400"

#: what the record's problems say about a field's current value: (severity, message)
Mark = tuple[Severity, str]


def counted(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def set_invalid(widget: QWidget, reason: str | None, normal_tooltip: str = "",
                mark: Mark | None = None) -> None:
    """Mark a widget red with `reason` (a refused value) as its tooltip; else, with `mark`, red
    for an error or amber for a warning the record's value has, the problem in the tooltip;
    else back to normal. A warning never refuses anything: it only marks the field."""
    widget.setProperty("invalid", reason is not None)
    widget.setProperty("mark", mark[0].value if mark is not None and reason is None else "")
    if reason:
        style, tip = INVALID_STYLE, reason
    elif mark is not None:
        style = INVALID_STYLE if mark[0] is Severity.ERROR else WARNING_STYLE
        tip = f"{mark[0].value}: {mark[1]}" + (f"\n\n{normal_tooltip}" if normal_tooltip else "")
    else:
        style, tip = "", normal_tooltip
    widget.setStyleSheet(f"{type(widget).__name__} {{ {style} }}" if style else "")
    widget.setToolTip(tip)


class FieldEdit(QLineEdit):
    """A line edit for one scalar value: validated while typing, committed on Enter or leaving.

    The record is untouched until a value passes `check`. A refused value stays in the box,
    red, with the reason in the tooltip, until it is fixed, Escape reverts it, or the record
    changes underneath. `show_value` puts the record's value in without losing a pending
    edit when only *other* fields changed (so a refused offset_d is re-checked when act_type
    changes, and becomes acceptable).
    """

    commit = Signal(object)
    refused = Signal(str)

    def __init__(self, check: TextCheck, *, tooltip: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._check = check
        self._record_text = ""
        self._tooltip = tooltip
        self.reason: str | None = None
        self.mark: Mark | None = None
        self.setToolTip(tooltip)
        self.textEdited.connect(self._on_edited)
        self.editingFinished.connect(self._on_finished)

    @property
    def dirty(self) -> bool:
        """The text differs from what the record holds (an edit not committed yet)."""
        return self.text() != self._record_text

    def set_normal_tooltip(self, tooltip: str) -> None:
        self._tooltip = tooltip
        self._show_state()

    def set_mark(self, mark: Mark | None) -> None:
        """What the record's problems say about the field's value (shown while it is not being
        edited): an error red, a warning amber, with the problem in the tooltip."""
        if mark != self.mark:
            self.mark = mark
            self._show_state()

    def show_value(self, text: str, *, placeholder: str = "", force: bool = False) -> None:
        """Show the record's value `text`; keep (and re-check) a pending edit if the value is
        unchanged, unless `force` (another layer is shown)."""
        self.setPlaceholderText(placeholder)
        if not force and self.dirty and text == self._record_text:
            self._validate(emit=False)
            return
        self._record_text = text
        self.setText(text)
        self._set_reason(None)

    def revalidate(self) -> None:
        """Check a pending edit again (something it depends on changed)."""
        if self.dirty:
            self._validate(emit=False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.dirty:
            self.setText(self._record_text)
            self._set_reason(None)
            return
        super().keyPressEvent(event)

    def _on_edited(self, _text: str) -> None:
        if self.dirty:
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
        # a pending edit is not the record's value: the record's mark waits until it is
        set_invalid(self, self.reason, self._tooltip, None if self.dirty else self.mark)


class TypeCombo(QComboBox):
    """A choice among the values a dialect allows for a string field, or "not set".

    A value the record holds that is not allowed is shown too (marked), so the panel never
    hides what the file says. Choosing an entry asks `check`; a refused choice snaps back.
    """

    commit = Signal(object)  # the chosen value, None for "not set"
    refused = Signal(str)

    def __init__(self, allowed: Sequence[str], default: str, check: ValueCheck, *,
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

    def _fill(self, current: str | None) -> None:
        self.blockSignals(True)
        self.clear()
        self.addItem(f"not set ({self._default})", None)
        for v in self._allowed:
            self.addItem(v, v)
        if current is not None and current not in self._allowed:
            self.addItem(f"{current!r} (not allowed)", current)
        self.setCurrentIndex(self.findData(current) if current is not None else 0)
        self.blockSignals(False)

    def show_value(self, current: str | None) -> None:
        """Show the record's value (None: unset)."""
        self._current = current
        self._fill(current)
        self._set_reason(None)

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
        reason = self._check(value)
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


class FlagBox(QWidget):
    """A check box for an optional bool with its schema default shown, and a button to unset it."""

    commit = Signal(object)  # True/False, None to unset
    refused = Signal(str)

    def __init__(self, label: str, default: bool, check: ValueCheck, *, tooltip: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._default = default
        self._check = check
        self._is_set = False
        self._value = default
        self._tooltip = tooltip
        self.reason: str | None = None
        self.box = QCheckBox(label)
        self.box.setToolTip(tooltip)
        self.state = QLabel()
        self.state.setStyleSheet("color: gray;")
        self.unset = QToolButton()
        self.unset.setText("Use default")
        self.unset.setToolTip(f"Remove the field from the record; AMCT then uses the default "
                              f"({'true' if default else 'false'})")
        self.unset.setAutoRaise(True)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.box)
        lay.addWidget(self.state)
        lay.addStretch(1)
        lay.addWidget(self.unset)
        self.box.clicked.connect(self._on_clicked)
        self.unset.clicked.connect(lambda: self._ask(None))

    def show_value(self, is_set: bool, value: bool) -> None:
        self._is_set, self._value = is_set, value
        self.reason = None
        set_invalid(self.box, None, self._tooltip)
        self.box.blockSignals(True)
        self.box.setChecked(value if is_set else self._default)
        self.box.blockSignals(False)
        self.state.setText("" if is_set else f"not set: default {'true' if self._default else 'false'}")
        self.unset.setVisible(is_set)

    def _on_clicked(self, checked: bool) -> None:
        self._ask(bool(checked))

    def _ask(self, value: bool | None) -> None:
        reason = self._check(value)
        if reason is not None:
            self.show_value(self._is_set, self._value)
            self.reason = reason
            set_invalid(self.box, reason, self._tooltip)
            self.refused.emit(reason)
            return
        self.commit.emit(value)
