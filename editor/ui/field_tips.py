"""Field help as tooltips, in the interface language (`editor.records.field_help` writes it).

The widgets that name a field — the tree's rows, the Edit panel's labels and column headers,
the prune table's headers — ask here; the text itself lives in the Qt-free module. Without a
`language` every function answers in the interface language, `editor.i18n.language()`.
"""
from __future__ import annotations

from collections.abc import Sequence

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from editor.records.field_help import FieldHelp, attr_help, help_for, prune_help


def _text(found: FieldHelp | None) -> str:
    return found.text() if found is not None else ""


def field_tip(field: FieldDescriptor, language: str | None = None) -> str:
    """Help for a record field ("" for a field of no record schema)."""
    return _text(help_for(field, language))


def path_tip(message: Descriptor, path: Sequence[str | int]) -> str:
    """Help for the field at `path` below `message` (``("value", "scale_w")`` below a layer
    entry; indices are skipped); "" when there is no such field."""
    names = [str(p) for p in path if not isinstance(p, int)]
    desc: Descriptor | None = message
    field: FieldDescriptor | None = None
    for name in names:
        field = desc.fields_by_name.get(name) if desc is not None else None
        if field is None:
            return ""
        desc = field.message_type
    return field_tip(field) if field is not None else ""


def attr_tip(name: str, language: str | None = None) -> str:
    """Help for a prune-node attribute name ("" for a name AMCT does not use)."""
    return _text(attr_help(name, language))


def attr_summary(name: str, language: str | None = None) -> str:
    """A few words on a prune-node attribute ("" for a name AMCT does not use)."""
    found = attr_help(name, language)
    return found.summary if found is not None else ""


def prune_tip(name: str, language: str | None = None) -> str:
    """Help for a prune record's ``producer``/``consumer``/``selective_prune`` or a node's
    ``name``/``attr``."""
    return _text(prune_help(name, language))


def prune_summary(name: str, language: str | None = None) -> str:
    """A few words on a prune record's or prune node's field (`prune_tip`'s title)."""
    found = prune_help(name, language)
    return found.summary if found is not None else ""


def above(help_text: str, rest: str) -> str:
    """`help_text` with `rest` (what the widget said before) under it, a blank line between."""
    if not help_text:
        return rest
    return f"{help_text}\n\n{rest}" if rest else help_text
