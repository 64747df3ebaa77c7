"""The Qt-free edit commands and the one check (`editor.records.edits`), without a window."""
from __future__ import annotations

import struct

import numpy as np
import pytest

from editor.records.editing import RecordEditor
from editor.records.edits.check import EditCheck
from editor.records.edits.commands import (
    ClearFieldCommand,
    InsertElementsCommand,
    MacroCommand,
    RemoveElementsCommand,
    ReplaceMessageCommand,
    SetValueCommand,
    rename_entry,
)
from editor.records.edits.span import SetSpanCommand
from editor.records.edits.weights import reset_from_weights
from editor.records.rules import CheckContext
from editor.records.synth import make_big


def record():
    message = make_big("tf-inner", layers=4, channels=8, prune_records=1, seed=3)
    for entry in message.record:
        entry.value.act_type = "INT8"
    return message


def ser(message) -> bytes:
    return message.SerializePartialToString(deterministic=True)


def check_for(message) -> EditCheck:
    from editor.records.dialects import DIALECTS

    dialect = DIALECTS["tf-inner"]
    return EditCheck(RecordEditor(message), dialect, CheckContext.build(message, dialect))


@pytest.mark.parametrize("make", [
    lambda e: SetValueCommand(e, ("record", 1, "value", "scale_d"), 0.1),
    lambda e: SetValueCommand(e, ("record", 1, "value", "scale_w", 2), struct.unpack("<f", b"\x01\x00\xc0\x7f")[0]),
    lambda e: ClearFieldCommand(e, ("record", 2, "value", "scale_w")),
    lambda e: InsertElementsCommand(e, ("record", 0, "value", "offset_w"), 3, [0, 0]),
    lambda e: RemoveElementsCommand(e, ("record",), [0, 2]),
    lambda e: ReplaceMessageCommand(e, ("record", 3), e.message_bytes(("record", 0))),
    lambda e: rename_entry(e, ("record", 1), "renamed"),
    lambda e: SetSpanCommand(e, 0, "scale_w", 2, [0.5, 0.25], "span"),
])
def test_apply_is_its_calls_and_revert_is_bit_exact(make):
    message = record()
    before = ser(message)
    editor = RecordEditor(message)
    command = make(editor)
    copy = type(message).FromString(before)
    for call in command.calls():  # what the check replays
        call.run(RecordEditor(copy))
    command.apply()
    assert ser(message) == ser(copy) != before
    command.revert()
    assert ser(message) == before


def test_set_value_merges_and_disappears_when_back_where_it_started():
    editor = RecordEditor(record())
    path = ("record", 0, "value", "offset_d")
    old = editor.value(path)
    first = SetValueCommand(editor, path, 5)
    assert first.merge(SetValueCommand(editor, path, 6)) and not first.obsolete and first.new == 6
    assert first.merge(SetValueCommand(editor, path, old)) and first.obsolete
    assert not first.merge(SetValueCommand(editor, ("record", 1, "value", "offset_d"), 1))


def test_the_check_refuses_what_breaks_a_hard_rule_and_passes_the_rest():
    message = record()
    check = check_for(message)
    editor = check.editor
    assert check.validate(SetValueCommand(editor, ("record", 1, "value", "offset_d"), 5)) is None
    bad = check.validate(MacroCommand(editor, "two", [SetValueCommand(editor, ("record", 1, "value", "scale_d"), 0.5),
                                                      SetValueCommand(editor, ("record", 1, "value", "offset_d"), 500)]))
    assert bad is not None and bad.rule == "offset-d-range" and bad.record_index == 1
    clash = check.validate(rename_entry(editor, ("record", 2), message.record[0].key))
    assert clash is not None and clash.rule == "duplicate-key"
    # typed values, before any command: the same rules
    problem = check.validate_value(("record", 1, "value", "offset_d"), 500)
    assert problem is not None and problem.rule == "offset-d-range"
    problem = check.validate_value(("record", 1, "value", "offset_d"), "x")
    assert problem is not None and problem.rule == "value-type"
    assert ser(message) == ser(record())  # nothing was changed


def test_judged_alone_a_span_cannot_hide_a_new_broken_channel_behind_an_old_one():
    message = record()
    message.record[0].value.scale_w[0] = -1.0  # already broken
    check = check_for(message)
    new = [-2.0, 0.5]  # breaks channel 3 too
    span = SetSpanCommand(check.editor, 0, "scale_w", 3, new, "span")
    # the rule names one channel of a vector: the first broken one, channel 0, broken before
    assert check.validate(span) is None
    alone = check.validate(span, alone=True)
    assert alone is not None and alone.field == "scale_w[3]"
    fine = SetSpanCommand(check.editor, 0, "scale_w", 3, [0.5, 0.25], "span")
    assert check.validate(fine, alone=True) is None


def test_reset_from_weights_gives_offset_w_the_length_of_scale_w():
    message = record()
    value = message.record[1].value
    n = len(value.scale_w)
    del value.offset_w[1:]  # one value beside eight scale_w
    editor = RecordEditor(message)
    arq = np.asarray(value.scale_w, np.float32) * np.float32(2)
    got = reset_from_weights(editor, 1, arq, channels=[3])
    assert not isinstance(got, str) and got.channels == [3] and got.offsets == n
    got.command.apply()
    value = message.record[1].value  # the layer's value was replaced as a whole
    assert list(value.offset_w) == [0] * n
    assert struct.pack("<f", value.scale_w[3]) == arq[3].tobytes()
    assert reset_from_weights(editor, 1, arq, channels=[3]) == \
        "scale_w already has the values of the weights there"
