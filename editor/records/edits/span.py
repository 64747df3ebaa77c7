"""The edit behind the channel plot's span edits: a run of channels of one float vector."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from editor.records import quant
from editor.records.editing import RecordEditor
from editor.records.edits.commands import Call, EditCommand
from editor.records.paths import PathError


class SetSpanCommand(EditCommand):
    """Set channels ``lo … lo + len(values) - 1`` of one per-channel float vector of a layer.

    One undo step however many channels change, and one edit each way: the layer's
    `value` message is replaced (`RecordEditor.replace_message`) with a copy holding the
    new values, so a 30 000-channel edit is one announcement, not 30 000. Revert puts back
    the serialized original, bit for bit (nan payloads included).
    """

    def __init__(self, editor: RecordEditor, record_index: int, field: str, lo: int,
                 values: Sequence[float] | np.ndarray, text: str) -> None:
        self.value_path = ("record", record_index, "value")
        value = editor.message_at(self.value_path)
        if field not in value.DESCRIPTOR.fields_by_name:
            raise PathError(f"{value.DESCRIPTOR.name} has no field {field!r}")
        self.field = field
        self.lo = int(lo)
        self.values = np.asarray(values, dtype=np.float32).reshape(-1)
        current = quant.as_f32_array(getattr(value, field))
        if not 0 <= self.lo <= self.lo + self.values.size <= current.size:
            raise PathError(f"channels {self.lo}–{self.lo + self.values.size - 1} are outside "
                            f"{field} (0–{current.size - 1})")
        self.old = editor.message_bytes(self.value_path)
        new = type(value)()
        new.CopyFrom(value)
        getattr(new, self.field)[self.lo:self.lo + self.values.size] = self.values.tolist()
        self.new = new.SerializePartialToString()
        super().__init__(editor, text)
        span = current[self.lo:self.lo + self.values.size]
        if span.view(np.uint32).tobytes() == self.values.view(np.uint32).tobytes():
            self.obsolete = True

    def calls(self) -> list[Call]:
        return [Call("replace_message", self.value_path, (self.new,))]

    def revert(self) -> None:
        self.editor.replace_message(self.value_path, self.old)
