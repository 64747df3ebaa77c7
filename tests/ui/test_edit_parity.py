"""The command line's `set` and the window's undo commands edit through one Qt-free API:
the same edit gives the same message and the same announced RecordChanges."""
from __future__ import annotations

import shutil

from editor.cli import main
from editor.cli.edit import parse_assignment
from editor.records.document import RecordDocument
from editor.records.editing import RecordEditor
from editor.records.edits.commands import (
    ClearFieldCommand,
    InsertElementsCommand,
    MacroCommand,
    SetValueCommand,
)
from tests.ui.conftest import sample_path
from tests.ui.kit import make_session

SAMPLE = "resnet_tf_inner_prune.txt"
ASSIGNMENTS = ["scale_d=0.5", "scale_w[3]=0.125", "act_type=INT16", "offset_w=0,0,0", "scale_w=0.25,0.5,1",
               "dst_type="]


def gui_commands(editor: RecordEditor, entry) -> list:
    """What a user does in the window for ASSIGNMENTS, as undo commands."""
    value = entry + ("value",)
    return [
        SetValueCommand(editor, value + ("scale_d",), 0.5),
        SetValueCommand(editor, value + ("scale_w", 3), 0.125),
        SetValueCommand(editor, value + ("act_type",), "INT16"),
        MacroCommand(editor, "offset_w", [ClearFieldCommand(editor, value + ("offset_w",)),
                                          InsertElementsCommand(editor, value + ("offset_w",), 0, [0, 0, 0])]),
        MacroCommand(editor, "scale_w", [ClearFieldCommand(editor, value + ("scale_w",)),
                                         InsertElementsCommand(editor, value + ("scale_w",), 0, [0.25, 0.5, 1])]),
        ClearFieldCommand(editor, value + ("dst_type",)),
    ]


def test_set_and_the_undo_commands_give_the_same_message_and_changes(qtbot, tmp_path):
    doc = RecordDocument.load(sample_path(SAMPLE))
    index = 3
    key = doc.message.record[index].key
    doc.message.record[index].value.dst_type = "INT4"  # something for dst_type= to clear

    # the command line's way: parse each FIELD=VALUE, apply through a RecordEditor
    cli_doc = RecordDocument(type(doc.message).FromString(doc.message.SerializePartialToString()), doc.dialect)
    cli_editor = RecordEditor(cli_doc.message)
    cli_changes: list = []
    cli_editor.changed.connect(cli_changes.append)
    scratch = type(cli_doc.message.record[index])()
    scratch.CopyFrom(cli_doc.message.record[index])
    for text in ASSIGNMENTS:
        edit = parse_assignment(scratch, doc.dialect, text)
        edit.apply(RecordEditor(scratch))
        edit.apply(cli_editor, ("record", index))

    # the window's way: undo commands on a session
    session = make_session(type(doc.message).FromString(doc.message.SerializePartialToString()))
    gui_changes: list = []
    session.editor.changed.connect(gui_changes.append)
    for command in gui_commands(session.editor, ("record", index)):
        session.push(command)

    assert session.message.SerializePartialToString(deterministic=True) == \
        cli_doc.message.SerializePartialToString(deterministic=True)
    assert gui_changes == cli_changes
    assert {(c.kind.value, c.field, c.first) for c in cli_changes} == {("changed", "record", index)}
    assert ("value", "scale_w", 3) in [c.subpath for c in cli_changes]

    # and `record-editor set` itself writes that message
    path = tmp_path / SAMPLE
    shutil.copy(sample_path(SAMPLE), path)
    assert main(["set", str(path), key, "dst_type=INT4"]) == 0
    # (3 scale_w values break prune-quant-length here: --force, as the window does not refuse commands)
    assert main(["set", str(path), key, *ASSIGNMENTS, "--force"]) == 0
    written = RecordDocument.load(path).message
    assert written.SerializePartialToString(deterministic=True) == \
        session.message.SerializePartialToString(deterministic=True)
    # one undo step each in the window: undoing all of them gives the record as read
    while session.undo_stack.canUndo():
        session.undo_stack.undo()
    assert session.message.SerializePartialToString(deterministic=True) == \
        doc.message.SerializePartialToString(deterministic=True)
