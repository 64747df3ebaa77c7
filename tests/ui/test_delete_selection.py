"""Delete on any mix of selected rows: whole entries, fields of later entries, repeated
elements, prune nodes and attrs, parents together with their children.

The oracle rebuilds the message without the selected parts (no model, no commands, no
paths shifting under it); the live message must equal it byte for byte, and one undo
must give back the original bytes.
"""
from __future__ import annotations

import random

import pytest
from google.protobuf.message import Message
from PySide6.QtCore import Qt

from editor.ui.dialogs import Prompter
from editor.ui.tree_view import RecordTreeWidget
from tests.ui.kit import load_sample, make_session


def ser(msg: Message) -> bytes:
    return msg.SerializePartialToString(deterministic=True)


def without(msg: Message, selected: set[tuple], prefix: tuple = ()) -> Message:
    """A copy of `msg` with every selected field cleared and every selected element left out."""
    out = type(msg)()
    for field, value in msg.ListFields():
        path = prefix + (field.name,)
        if path in selected:
            continue
        if field.is_repeated:
            target = getattr(out, field.name)
            for i, item in enumerate(value):
                if path + (i,) in selected:
                    continue
                if field.message_type is not None:
                    target.add().CopyFrom(without(item, selected, path + (i,)))
                else:
                    target.append(item)
        elif field.message_type is not None:
            getattr(out, field.name).CopyFrom(without(value, selected, path))
            getattr(out, field.name).SetInParent()
        else:
            setattr(out, field.name, value)
    return out


def all_paths(msg: Message, prefix: tuple = ()) -> list[tuple]:
    """Every row path below `msg`: set fields, unset optional fields, elements."""
    found = []
    for field in msg.DESCRIPTOR.fields:
        path = prefix + (field.name,)
        found.append(path)
        if field.is_repeated:
            for i, item in enumerate(getattr(msg, field.name)):
                found.append(path + (i,))
                if field.message_type is not None:
                    found.extend(all_paths(item, path + (i,)))
        elif field.message_type is not None and msg.HasField(field.name):
            found.extend(all_paths(getattr(msg, field.name), path))
    return found


def random_selection(rng: random.Random, paths: list[tuple]) -> list[tuple]:
    """A mix weighted towards the hard cases: entries with fields of later entries,
    elements of several lists, a parent with some of its children."""
    entries = [p for p in paths if len(p) == 2]
    fields = [p for p in paths if len(p) > 2 and isinstance(p[-1], str)]
    elements = [p for p in paths if len(p) > 2 and isinstance(p[-1], int)]
    chosen = set(rng.sample(entries, rng.randint(0, min(4, len(entries)))))
    chosen |= set(rng.sample(fields, rng.randint(1, min(4, len(fields)))))
    chosen |= set(rng.sample(elements, rng.randint(0, min(4, len(elements)))))
    for p in list(chosen):
        if rng.random() < 0.3:  # a child of an already selected row as well
            below = [q for q in paths if len(q) > len(p) and q[:len(p)] == p]
            if below:
                chosen.add(rng.choice(below))
    return sorted(chosen, key=repr)


@pytest.fixture
def tree(qtbot, request):
    message, _dialect = load_sample(request.param)
    session = make_session(message)
    model, stack = session.model, session.undo_stack
    w = RecordTreeWidget(session, Prompter(None))
    w.resize(900, 700)
    qtbot.addWidget(w)
    w.show()
    return w, model, stack


@pytest.mark.parametrize("tree", ["resnet_caffe.txt"], indirect=True)
def test_delete_an_entry_and_a_field_of_a_later_entry(qtbot, tree):
    """The audit's case: layer [1] and scale_d of layer [3]; record [4] kept its value."""
    w, model, stack = tree
    original = type(model.message).FromString(ser(model.message))
    before = ser(model.message)
    w.select_paths([("record", 1), ("record", 3, "value", "scale_d")])
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Delete)
    expected = without(original, {("record", 1), ("record", 3, "value", "scale_d")})
    assert model.message.record[2].key == original.record[3].key
    assert not model.message.record[2].value.HasField("scale_d")
    assert model.message.record[3].value.scale_d == original.record[4].value.scale_d
    assert ser(model.message) == ser(expected)
    assert stack.count() == 1
    stack.undo()
    assert ser(model.message) == before


@pytest.mark.slow
@pytest.mark.parametrize("tree", ["resnet_caffe.txt", "resnet_tf_inner_prune.txt"], indirect=True)
def test_delete_any_mixed_selection_matches_a_plain_copy_and_undoes_exactly(qtbot, tree):
    w, model, stack = tree
    before = ser(model.message)
    original = type(model.message).FromString(before)
    paths = all_paths(original)
    rng = random.Random(3)
    for round_ in range(40):
        chosen = random_selection(rng, paths)
        w.select_paths(chosen)
        assert set(w.selected_paths()) == set(chosen), round_
        w.delete_selected()
        expected = ser(without(original, set(chosen)))
        assert ser(model.message) == expected, (round_, chosen)
        if expected == before:  # only unset fields were selected: nothing to undo
            assert stack.count() == 0
            continue
        assert stack.count() == 1
        stack.undo()
        assert ser(model.message) == before, (round_, chosen)
        stack.redo()
        assert ser(model.message) == expected, (round_, chosen)
        stack.undo()
        stack.clear()
