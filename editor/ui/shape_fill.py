"""Fill a Caffe record's input shapes (channels, height, width) in from the attached model.

AMCT Caffe cannot infer a layer's input shape and reads it from the record; the rule
``model-input-shape`` reports where the record disagrees with the shape the model propagates
from its input (`editor.records.model_review.shape_fixes` finds the values). This is the
window's offer to write them: one undo step for every layer chosen.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from editor.records.model_review import shape_fixes
from editor.ui.commands import MacroCommand, RecordCommand, SetValueCommand

if TYPE_CHECKING:
    from editor.ui.session import EditSession


def shape_fill_command(session: EditSession, entries: Iterable[int] | None = None) -> RecordCommand | str:
    """The undo step setting channels/height/width of `entries` (default: every layer entry)
    to the model's input shape of their layers, or why there is nothing to do."""
    model = session.network
    message = session.message
    if model is None or message is None:
        return "no model is attached"
    if "record" not in message.DESCRIPTOR.fields_by_name or not len(message.record) \
            or "channels" not in message.record[0].value.DESCRIPTOR.fields_by_name:
        return "only Caffe records hold input shapes (channels, height, width)"
    fixes = shape_fixes(message, model, entries)
    if not fixes:
        return "the input shapes already agree with the model"
    editor = session.editor
    commands = [SetValueCommand(editor, ("record", i, "value", field), value)
                for i, fields in sorted(fixes.items()) for field, value in fields.items()]
    if len(fixes) == 1:
        (i, _fields), = fixes.items()
        what = f"of {message.record[i].key!r}" if message.record[i].key else f"of record {i}"
    else:
        what = f"of {len(fixes)} layers"
    return MacroCommand(editor, f"Fill input shapes {what} from the model", commands)
