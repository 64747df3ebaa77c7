"""Fill a Caffe record's input shapes (channels, height, width) in from the attached model.

AMCT Caffe cannot infer a layer's input shape and reads it from the record; the rule
``model-input-shape`` reports where the record disagrees with the shape the model propagates
from its input (`editor.records.model_review.shape_fixes` finds the values). This is the
window's offer to write them: one undo step for every layer chosen.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from editor.i18n import translate
from editor.records.edits.commands import EditCommand, MacroCommand, SetValueCommand
from editor.records.model_review import shape_fixes

if TYPE_CHECKING:
    from editor.ui.session import EditSession


def shape_fill_command(session: EditSession, entries: Iterable[int] | None = None) -> EditCommand | str:
    """The undo step setting channels/height/width of `entries` (default: every layer entry)
    to the model's input shape of their layers, or why there is nothing to do."""
    model = session.network
    message = session.message
    if model is None or message is None:
        return translate("ShapeFill", "no model is attached")
    if "record" not in message.DESCRIPTOR.fields_by_name or not len(message.record) \
            or "channels" not in message.record[0].value.DESCRIPTOR.fields_by_name:
        return translate("ShapeFill", "only Caffe records hold input shapes (channels, height, width)")
    fixes = shape_fixes(message, model, entries)
    if not fixes:
        return translate("ShapeFill", "the input shapes already agree with the model")
    editor = session.editor
    commands = [SetValueCommand(editor, ("record", i, "value", field), value)
                for i, fields in sorted(fixes.items()) for field, value in fields.items()]
    if len(fixes) == 1:
        (i, _fields), = fixes.items()
        key = message.record[i].key
        text = (translate("ShapeFill", "Fill input shapes of {key} from the model").format(key=repr(key)) if key
                else translate("ShapeFill", "Fill input shapes of record {index} from the model").format(index=i))
    else:
        text = translate("ShapeFill", "Fill input shapes of {n} layers from the model").format(n=len(fixes))
    return MacroCommand(editor, text, commands)
