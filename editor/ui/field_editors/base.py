"""What every field editor shares: the spec it is built from, the protocol its callers use,
and how a refused or marked value looks.

An editor never decides on its own whether the record may take a value: its `FieldSpec`
brings the check (the rule engine's reason against a value, or a table model's check of a
typed text). A refused value turns the editor red with the reason in its tooltip; a value
the record already holds that a rule flags is *marked* (red for an error, amber for a
warning) without refusing anything.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QWidget

from editor.i18n import translate
from editor.records.problems import Severity
from editor.records.values import parse_value

#: ``check(text) -> (value, None) | (None, reason)``
TextCheck = Callable[[str], tuple[Any, str | None]]
#: ``check(value) -> reason or None``
ValueCheck = Callable[[Any], str | None]
#: what the record's problems say about a field's current value: (severity, message)
Mark = tuple[Severity, str]

INVALID_STYLE = "background-color: #fde2e2; border: 1px solid #d33; border-radius: 2px;"
WARNING_STYLE = "background-color: #fff3d6; border: 1px solid #d99a00; border-radius: 2px;"


class Place(Enum):
    """Where an editor sits. The place decides how the editor looks and when it commits,
    never which editor a field gets (that is `editor_kind` and the registry)."""

    #: a row of a panel's form: framed; checks and commits by itself (Enter, leaving the
    #: box, a choice); a refused value stays red until fixed, Escape reverts it
    FORM = "form"
    #: a cell of a panel's table: frameless; the view's delegate commits and checks on Enter
    CELL = "cell"
    #: the record tree's value or name column: frameless; a typed text that does not fit
    #: turns red (text colour) and is said at once, and Enter does not take it
    TREE = "tree"


@dataclass(frozen=True)
class FieldSpec:
    """What an editor needs to know about the field it edits."""

    #: the field (for a list element's name: its ``key`` or ``name`` field)
    field: FieldDescriptor
    #: the rules' reason against a value (None: no rule is asked); in a cell, editors that
    #: commit at once leave this to the view's delegate
    check: ValueCheck | None = None
    #: replaces parsing a typed text plus `check` (a table model that checks its cells' text)
    text_check: TextCheck | None = None
    place: Place = Place.FORM
    #: the tooltip while nothing is wrong (None: a hint on what the field's type accepts)
    tooltip: str | None = None
    #: AMCT may go without the field: an empty box unsets it, "not set" is offered
    optional: bool = False
    #: grey text in an empty box
    placeholder: str = ""
    #: how `show_value` turns a value into text (None: as the record's text format writes
    #: it); a table whose model hands out its cells as text passes `str`
    format: Callable[[Any], str] | None = None
    #: what the rules accept for the field now, in words that follow "takes" (``a whole
    #: number from -128 to 127 (act_type INT8)``; None: what the type allows): the tooltip's
    #: words and what a text that is no value of the field is met with
    hint: Callable[[], str | None] | None = None


class FieldEditor(Protocol):
    """What callers use of any registered editor (no caller needs to know its class).

    Editors are QWidgets; `commit(value)` carries a value the record may take (None: unset
    the field), `refused(reason)` a value it may not.
    """

    commit: SignalInstance
    refused: SignalInstance
    #: the editor shows the field's name itself (a check box's text): a form row gives it no label
    shows_label: bool

    def show_value(self, value: Any, *, is_set: bool = True, force: bool = False) -> None:
        """Show the record's `value` (`is_set` False: the field is absent). A pending edit
        survives when the value is unchanged, unless `force` (another layer is shown)."""

    def entered(self) -> Any:
        """What the user entered: a text (for the receiver to parse and check) or a value."""

    def edited(self) -> bool:
        """Whether `entered` differs from the value shown last (an edit not committed yet)."""

    def pending_reason(self) -> str | None:
        """Why the edit not committed yet is refused (checked again now); None if it is not."""

    def revalidate(self) -> None:
        """Check a pending edit again (something it depends on changed)."""

    def set_mark(self, mark: Mark | None) -> None:
        """What the record's problems say about the shown value (None: nothing)."""


class EditorClass(Protocol):
    """What the registry holds for a kind: a class that builds an editor from a spec."""

    def for_field(self, kind: str, spec: FieldSpec, parent: QWidget | None = None) -> FieldEditor:
        """An editor of `kind` for `spec` (a class may build another widget for a place)."""
        ...


def field_text_check(field: FieldDescriptor, check: ValueCheck | None = None, *,
                     optional: bool = False, hint: Callable[[], str | None] | None = None) -> TextCheck:
    """A text check for `field`: the text must parse as the field's type (`parse_value`),
    then `check` must find no reason against the value. With `optional`, an empty box
    stands for "unset" (value None), which `check` is asked about too. A text that does not
    parse is met with `hint`'s words where it has some (the range the rules allow, not
    the type's)."""
    def text_check(text: str) -> tuple[Any, str | None]:
        if optional and text.strip() == "":
            value = None
        else:
            try:
                value = parse_value(field, text)
            except ValueError as e:
                # the type's words ("takes a whole number between -2147483648 and …") give way
                # to the rules'; a precise complaint (float32 underflow, a bad escape) stays
                words = hint() if hint is not None and " takes " in str(e) else None
                return None, (translate("FieldEditors", "{name} takes {words}, not {text}").format(
                    name=field.name, words=words, text=repr(text.strip())) if words else str(e))
        reason = check(value) if check is not None else None
        return (value, None) if reason is None else (None, reason)
    return text_check


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
