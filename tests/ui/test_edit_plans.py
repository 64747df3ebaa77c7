"""Edit planning without a view: selections of paths become one undo command, or refusals."""
from __future__ import annotations

from editor.records.editing import RecordEditor
from editor.records.edits.selection import (
    contiguous,
    path_after_delete,
    plan_delete,
    plan_duplicate,
    plan_set_on_layers,
)
from editor.records.problems import Problem, Severity
from editor.ui.commands import EditStack
from tests.ui.kit import small_record


def ser(editor: RecordEditor) -> bytes:
    assert editor.message is not None
    return editor.message.SerializePartialToString(deterministic=True)


def test_delete_plans_one_step_for_a_mixed_selection_and_undoes_it_exactly():
    editor = RecordEditor(small_record())
    stack = EditStack()
    before = ser(editor)
    keys = editor.keys()
    # a layer, a field of a later layer, and a field inside the deleted layer (covered by it)
    command = plan_delete(editor, [("record", 0), ("record", 2, "value", "scale_d"),
                                   ("record", 0, "value", "offset_d")])
    assert command is not None
    stack.push(command)
    assert editor.keys() == keys[1:]
    assert not editor.has_field(("record", 1, "value", "scale_d"))
    assert editor.has_field(("record", 0, "value", "scale_d"))
    assert stack.count() == 1
    stack.undo()
    assert ser(editor) == before
    assert plan_delete(editor, []) is None


def test_after_a_delete_the_selection_moves_to_a_neighbour():
    editor = RecordEditor(small_record())
    editor.remove_elements(("record",), 2)
    assert path_after_delete(editor, ("record", 2)) == ("record", 1)  # the last one went: the one before
    assert path_after_delete(editor, ("record", 0)) == ("record", 0)  # the next one moved up
    editor.clear_field(("record", 0, "value", "scale_w"))
    assert path_after_delete(editor, ("record", 0, "value", "scale_w", 0)) == ("record", 0, "value", "scale_w")
    assert path_after_delete(editor, ("record", 0, "value", "scale_d")) == ("record", 0, "value", "scale_d")


def test_duplicate_puts_each_copy_after_its_original_with_a_unique_key():
    editor = RecordEditor(small_record())
    stack = EditStack()
    command = plan_duplicate(editor, [("record", 0), ("record", 2), ("record", 2, "key")])
    assert command is not None
    stack.push(command)
    assert editor.keys() == ["net/conv1/Conv2D", "net/conv1/Conv2D_copy", "net/conv3/Conv2D",
                             "net/fc/MatMul", "net/fc/MatMul_copy"]
    assert plan_duplicate(editor, [("record", 0, "key")]) is None  # no element selected


def test_contiguous_elements_of_one_list():
    assert contiguous([("record", 3), ("record", 2)]) == (("record",), [2, 3])
    assert contiguous([("record", 1), ("record", 3)]) is None
    assert contiguous([("record", 1), ("prune_record", 2)]) is None
    assert contiguous([("record", 1, "key")]) is None


def test_set_on_layers_lists_the_layers_a_hard_rule_refuses():
    editor = RecordEditor(small_record())

    def validate(path, value) -> Problem | None:
        if path[1] == 1 and value == 300:
            return Problem(Severity.ERROR, "offset-d-range", "offset_d = 300 is outside [-128, 127]")
        return None

    command, refusals = plan_set_on_layers(editor, [0, 1, 2], "offset_d", 300, validate)
    assert [(r, p.rule) for r, p in refusals] == [(1, "offset-d-range")]
    command.apply()  # the caller would not push it; what it would do is still one step over all three
    assert [editor.value(("record", r, "value", "offset_d")) for r in range(3)] == [300, 300, 300]
    command, refusals = plan_set_on_layers(editor, [0, 2], "offset_d", 5, validate)
    assert refusals == []
