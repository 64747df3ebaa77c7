"""The shared selection: one path, a signal, and helpers for what is selected."""
from __future__ import annotations

from typing import cast

from editor.records.paths import FieldPath
from editor.ui.selection import Selection


def test_select_emits_once_with_source(qtbot):
    sel = Selection()
    seen: list[tuple[FieldPath, object]] = []
    sel.changed.connect(lambda path, source: seen.append((path, source)))
    # a list on purpose (not the declared tuple): the selection keeps and announces a tuple
    sel.select(cast(FieldPath, ["record", 3, "value", "scale_w", 5]), source="plot")
    sel.select(("record", 3, "value", "scale_w", 5), source="tree")  # same path: no signal
    assert seen == [(("record", 3, "value", "scale_w", 5), "plot")]
    assert sel.record_index == 3 and sel.channel == ("scale_w", 5) and sel.prune_index is None
    sel.select(("prune_record", 1, "consumer", 0))
    assert sel.prune_index == 1 and sel.record_index is None and sel.channel is None


def test_a_session_clears_it_on_another_record_and_trims_it_on_a_replaced_one(qtbot):
    from editor.records.edits.commands import ReplaceMessageCommand
    from tests.ui.kit import make_session, path_now, small_record

    session = make_session(small_record())
    model, sel, stack = session.model, session.selection, session.undo_stack
    seen_during_reset: list[FieldPath] = []
    model.modelReset.connect(lambda: seen_during_reset.append(sel.path))
    # the whole record replaced by one with a single layer: the path keeps what still exists
    sel.select(("record", 2, "value", "scale_w", 0), source="tree")
    shorter = small_record()
    del shorter.record[1:]
    stack.push(ReplaceMessageCommand(model.editor, (), shorter))
    assert path_now(sel) == ("record",)
    stack.undo()
    assert path_now(sel) == ("record",)  # no guessing which layer was meant
    sel.select(("record", 0, "value", "scale_w", 3), source="tree")
    stack.push(ReplaceMessageCommand(model.editor, (), shorter))
    assert path_now(sel) == ("record", 0, "value", "scale_w", 3)
    # another record: cleared before the model resets, so no view reads the old path in it
    session.set_message(small_record("caffe"))
    assert seen_during_reset == [()] and path_now(sel) == ()
