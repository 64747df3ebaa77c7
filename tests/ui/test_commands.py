"""Undo commands: each edit is one undo step, merges where it should, and undo is bit-exact."""
from __future__ import annotations

import math
import struct

import pytest

from editor.records.dialects import DIALECTS
from editor.records.edits.commands import (
    ClearFieldCommand,
    InsertElementsCommand,
    RemoveElementsCommand,
    ReplaceMessageCommand,
    SetPresentCommand,
    SetValueCommand,
    add_element,
    duplicate_elements,
    move_by,
    rename_entry,
    set_field_on_entries,
)
from editor.records.paths import PathError
from editor.ui.commands import EditStack
from editor.ui.tree_model import RecordTreeModel
from tests.ui.kit import tree_record as small_record


def snapshot(model: RecordTreeModel) -> bytes:
    assert model.message is not None
    return model.message.SerializePartialToString(deterministic=True)


@pytest.fixture
def setup():
    model = RecordTreeModel(small_record())
    stack = EditStack()
    return model, stack


def test_set_value_undo_redo_is_bit_exact(setup):
    model, stack = setup
    path = ("record", 0, "value", "scale_d")
    model.editor.set_value(path, struct.unpack("<f", struct.pack("<I", 0x3DCCCCCD + 1))[0])  # an odd float32
    before = snapshot(model)
    stack.push(SetValueCommand(model.editor, path, "0.25"))
    assert model.editor.value(path) == 0.25
    stack.undo()
    assert snapshot(model) == before
    stack.redo()
    assert model.editor.value(path) == 0.25


def test_consecutive_edits_of_one_cell_merge_and_vanish_when_back_to_start(setup):
    model, stack = setup
    path = ("record", 0, "value", "offset_d")
    stack.push(SetValueCommand(model.editor, path, 5))
    stack.push(SetValueCommand(model.editor, path, 6))
    assert stack.count() == 1 and model.editor.value(path) == 6
    stack.push(SetValueCommand(model.editor, ("record", 1, "value", "offset_d"), 1))
    assert stack.count() == 2  # another cell: its own step
    stack.undo()
    stack.undo()
    assert model.editor.value(path) == -128
    stack.push(SetValueCommand(model.editor, path, 1))
    stack.push(SetValueCommand(model.editor, path, -128))
    assert stack.count() == 0


def test_setting_the_same_value_adds_no_step(setup):
    model, stack = setup
    stack.push(SetValueCommand(model.editor, ("record", 0, "value", "offset_d"), -128))
    assert stack.count() == 0
    # -0.0 and 0.0 are different float32 bit patterns, so that is a change
    model.editor.set_value(("record", 0, "value", "scale_w", 0), 0.0)
    stack.push(SetValueCommand(model.editor, ("record", 0, "value", "scale_w", 0), -0.0))
    assert stack.count() == 1 and math.copysign(1, model.editor.value(("record", 0, "value", "scale_w", 0))) < 0


def test_undo_of_a_set_inside_an_unset_message_unsets_the_message_again(setup):
    model, stack = setup
    before = snapshot(model)
    stack.push(SetValueCommand(model.editor, ("record", 2, "value", "scale_d"), 1.5))
    stack.push(SetValueCommand(model.editor, ("prune_record", 0, "selective_prune", "name"), "conv1"))
    stack.push(InsertElementsCommand(model.editor, ("prune_record", 0, "selective_prune", "attr"), 0,
                                     [b"\n\x04mask"]))
    assert model.message.prune_record[0].selective_prune.attr[0].name == "mask"
    stack.undo()
    stack.undo()
    assert not model.message.prune_record[0].HasField("selective_prune")
    stack.undo()
    assert not model.message.record[2].HasField("value")
    assert snapshot(model) == before


def test_bad_values_are_refused_with_a_reason(setup):
    model, _stack = setup
    with pytest.raises(ValueError, match="between -2147483648 and 2147483647"):
        SetValueCommand(model.editor, ("record", 0, "value", "offset_d"), "3000000000")
    with pytest.raises(ValueError, match="true or false"):
        SetValueCommand(model.editor, ("record", 0, "value", "skip_fusion"), "maybe")
    with pytest.raises(ValueError, match="one of UNDEFINED, FLOAT, INT"):
        SetValueCommand(model.editor, ("prune_record", 0, "producer", 0, "attr", 0, "type"), "DOUBLE")
    with pytest.raises(PathError):
        SetValueCommand(model.editor, ("record", 0, "value"), 1)


def test_deleting_three_layers_and_undo_restores_them_in_place(setup):
    model, stack = setup
    msg = model.message
    for key in ("a", "b", "c"):
        stack.push(add_element(model.editor, ("record",), name=key))
    stack.push(SetValueCommand(model.editor, ("record", 4, "value", "scale_d"), 3.0e-7))
    before = snapshot(model)
    cmd = RemoveElementsCommand(model.editor, ("record",), [0, 2, 4])
    assert cmd.text == "Delete 3 layers"
    stack.push(cmd)
    assert [e.key for e in msg.record] == ["conv2", "a", "c"]
    stack.undo()
    assert snapshot(model) == before
    assert [e.key for e in msg.record] == ["conv1", "conv2", "pool", "a", "b", "c"]


def test_set_field_on_selected_layers_is_one_step(setup):
    model, stack = setup
    entries = [("record", 0), ("record", 1), ("record", 2)]
    before = snapshot(model)
    stack.push(set_field_on_entries(model.editor, entries, ("value", "act_type"), "INT16"))
    assert stack.count() == 1
    assert [e.value.act_type for e in model.message.record] == ["INT16"] * 3
    assert "3 layers" in stack.undoText()
    stack.undo()
    assert snapshot(model) == before


def test_duplicate_gets_a_unique_key_and_lands_after_the_original(setup):
    model, stack = setup
    stack.push(duplicate_elements(model.editor, ("record",), [0, 1]))
    assert [e.key for e in model.message.record] == ["conv1", "conv1_copy", "conv2", "conv2_copy", "pool"]
    assert model.message.record[1].value == model.message.record[0].value
    stack.push(duplicate_elements(model.editor, ("record",), [0]))
    assert model.message.record[1].key == "conv1_copy_2"
    stack.undo()
    stack.undo()
    assert [e.key for e in model.message.record] == ["conv1", "conv2", "pool"]


def test_rename_move_clear_present_replace(setup):
    model, stack = setup
    msg = model.message
    before = snapshot(model)
    stack.push(rename_entry(model.editor, ("record", 1), "conv2_renamed"))
    stack.push(move_by(model.editor, ("record",), [1], -1))
    assert [e.key for e in msg.record] == ["conv2_renamed", "conv1", "pool"]
    assert move_by(model.editor, ("record",), [0], -1) is None
    stack.push(ClearFieldCommand(model.editor, ("record", 1, "value", "scale_w")))
    assert len(msg.record[1].value.scale_w) == 0
    stack.push(SetPresentCommand(model.editor, ("record", 1, "value", "dst_type")))
    assert msg.record[1].value.HasField("dst_type") and msg.record[1].value.dst_type == "INT8"
    stack.push(ReplaceMessageCommand(model.editor, ("record", 2), msg.record[0]))
    assert msg.record[2].key == "conv2_renamed"
    stack.push(ClearFieldCommand(model.editor, ("prune_record", 0, "producer", 0, "attr")))
    assert stack.count() == 6
    while stack.canUndo():
        stack.undo()
    assert snapshot(model) == before
    while stack.canRedo():
        stack.redo()
    assert msg.record[2].key == "conv2_renamed" and len(msg.prune_record[0].producer[0].attr) == 0


def test_add_prune_parts(setup):
    model, stack = setup
    msg = model.message
    stack.push(add_element(model.editor, ("prune_record",)))
    stack.push(add_element(model.editor, ("prune_record", 1, "producer"), name="conv9"))
    stack.push(add_element(model.editor, ("prune_record", 1, "consumer")))
    stack.push(add_element(model.editor, ("prune_record", 1, "producer", 0, "attr")))
    assert msg.prune_record[1].producer[0].name == "conv9"
    assert msg.prune_record[1].consumer[0].name == "new_node"  # `name` is required
    assert msg.prune_record[1].producer[0].attr[0].name == "new_attr"
    assert msg.IsInitialized()
    for _ in range(4):
        stack.undo()
    assert len(msg.prune_record) == 1


def test_elements_of_repeated_scalars_insert_append_delete(setup):
    model, stack = setup
    path = ("record", 0, "value", "scale_w")
    stack.push(InsertElementsCommand(model.editor, path, 1, [0.5]))
    stack.push(add_element(model.editor, path))
    assert list(model.editor.value(path)) == pytest.approx([0.01, 0.5, 0.02, 0.03, 0.04, 0.0])
    stack.push(RemoveElementsCommand(model.editor, path, [0, 5, 2]))
    assert list(model.editor.value(path)) == pytest.approx([0.5, 0.03, 0.04])
    stack.undo()
    assert list(model.editor.value(path)) == pytest.approx([0.01, 0.5, 0.02, 0.03, 0.04, 0.0])


def test_commands_survive_garbage_collection_on_the_stack(setup):
    import gc

    model, stack = setup
    stack.push(SetValueCommand(model.editor, ("record", 0, "value", "offset_d"), 3))
    gc.collect()
    stack.undo()
    assert model.editor.value(("record", 0, "value", "offset_d")) == -128


def test_pytorch_kv_cache_value_created_and_undone():
    msg = DIALECTS["pytorch"].new_message()
    msg.record.add().key = "attn"
    model = RecordTreeModel(msg)
    stack = EditStack()
    stack.push(InsertElementsCommand(model.editor, ("record", 0, "kv_cache_value", "scale"), 0, [0.5, 0.25]))
    assert msg.record[0].HasField("kv_cache_value")
    stack.undo()
    assert not msg.record[0].HasField("kv_cache_value")
