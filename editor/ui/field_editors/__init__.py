"""One registry from field type to editor widget, for the record tree and the panels alike.

Two steps decide the editor of a field, and only these two:

1. `editor_kind(field, ...)` names its kind: ``bool``, ``enum``, ``int``, ``float``,
   ``text``, ``key`` (the name of a list element: a layer's key, a node's name) or
   ``choice`` (a string field AMCT allows a few values for, such as act_type).
2. `EDITORS` maps the kind to an editor class; `create_editor(kind, spec)` asks that class
   to build an editor for a `FieldSpec` (the field, the rules' check, the place: a form
   row, a table cell or the tree).

Every editor offers the same small protocol (`FieldEditor`: `show_value`, `entered`,
`commit`/`refused`, `set_mark`, …), so no caller tests its class. A new kind of editor is
one module here with one class (and its `for_field`), registered below with
`register_editor`; registering another class for a kind changes the tree and the panels
together.
"""
from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtWidgets import QWidget

from editor.records.rules import type_values
from editor.records.values import FD, INT_RANGES, is_float
from editor.ui.field_editors.base import (
    INVALID_STYLE,
    WARNING_STYLE,
    EditorClass,
    FieldEditor,
    FieldSpec,
    Mark,
    Place,
    TextCheck,
    ValueCheck,
    field_text_check,
    set_invalid,
)
from editor.ui.field_editors.choice import TypeCombo
from editor.ui.field_editors.enums import EnumCombo
from editor.ui.field_editors.flag import CheckCell, FlagBox
from editor.ui.field_editors.line import FieldEdit, FieldValidator, TextValidator, type_hint

__all__ = [
    "EDITORS", "INVALID_STYLE", "KINDS", "WARNING_STYLE", "CheckCell", "EditorClass", "EnumCombo",
    "FieldEdit", "FieldEditor", "FieldSpec", "FieldValidator", "FlagBox", "Mark", "Place", "TextCheck",
    "TextValidator", "TypeCombo", "ValueCheck", "create_editor", "editor_class", "editor_kind",
    "field_text_check", "register_editor", "set_invalid", "type_hint",
]

#: every kind `editor_kind` names
KINDS = ("bool", "enum", "int", "float", "text", "key", "choice")

#: kind → the class that builds its editors (see `register_editor`)
EDITORS: dict[str, EditorClass] = {}


def register_editor(kind: str, cls: EditorClass, *, override: bool = False) -> None:
    """Make `cls` build the editors of `kind`; replacing a registered class needs `override`."""
    if kind not in KINDS:
        raise ValueError(f"unknown editor kind {kind!r}; kinds are {', '.join(KINDS)}")
    if kind in EDITORS and not override:
        raise ValueError(f"an editor for {kind!r} is registered already")
    EDITORS[kind] = cls


def editor_class(kind: str) -> EditorClass:
    """The class registered for `kind`."""
    try:
        return EDITORS[kind]
    except KeyError:
        raise ValueError(f"no editor is registered for {kind!r}") from None


def create_editor(kind: str, spec: FieldSpec, parent: QWidget | None = None) -> FieldEditor:
    """An editor of `kind` for `spec`, built by the registered class."""
    return editor_class(kind).for_field(kind, spec, parent)


def editor_kind(field: FieldDescriptor, *, label: bool = False, choices: bool = False) -> str:
    """Which kind of editor `field` gets.

    `label`: the field is edited as the name of its list element (a layer's key, a node's
    name), kind ``key``. `choices`: offer the values AMCT allows (`rules.type_values`) as a
    ``choice`` for the string fields that have them (a panel's form); without it they are
    ``text``, so any text may be typed (the tree shows the file as it is; the rules still
    refuse what AMCT would).
    """
    if label:
        return "key"
    if field.type == FD.TYPE_BOOL:
        return "bool"
    if field.type == FD.TYPE_ENUM:
        return "enum"
    if field.type in INT_RANGES:
        return "int"
    if is_float(field):
        return "float"
    if choices and field.type == FD.TYPE_STRING and type_values(field.name) is not None:
        return "choice"
    return "text"


register_editor("bool", FlagBox)
register_editor("enum", EnumCombo)
register_editor("choice", TypeCombo)
for _kind in ("int", "float", "text", "key"):
    register_editor(_kind, FieldEdit)
