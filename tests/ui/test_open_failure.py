"""A file that fails to open is not a dead end: the failure dialog (Show Source at the error,
Read as Dialect… for that file, Open in External Editor), the record open before kept;
View ▸ Source shows the selected entry's text with the file's line numbers."""
from __future__ import annotations

import re

import pytest
import shiboken6

from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait


def _fail(qtbot, window, path, **kwargs):
    """Open `path`, which must fail; the failure dialog it showed."""
    with qtbot.waitSignal(window.loadFinished, timeout=30000) as blocker:
        assert window.open_path(path, **kwargs)
    assert blocker.args == [False]
    dialog = window.prompter.failure_dialogs[-1]
    assert dialog.isVisible()
    return dialog


@pytest.fixture
def shown(env):
    """A window whose prompter shows the real failure dialog."""
    prompter = ScriptedPrompter()
    prompter.show_failure_dialog = True
    return env(prompter)


def test_a_truncated_real_record_opens_the_failure_dialog_at_the_end(qtbot, tmp_path, shown):
    window = shown
    good = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, good)
    before = window.document
    data = RESNET50_CAFFE.read_bytes()
    cut = data[:len(data) * 2 // 3]
    bad = tmp_path / "resnet50_cut.txt"
    bad.write_bytes(cut)
    dialog = _fail(qtbot, window, bad)
    last = cut.rstrip().count(b"\n") + 1
    opened = cut.count(b"\n", 0, cut.rfind(b"\nrecord {") + 1) + 1
    failure = dialog.failure
    assert failure.line == last and failure.path == bad
    assert f"opened at line {opened}" in dialog.message_label.text()
    assert "file ends inside record" in dialog.message_label.text()
    assert f"resnet50_cut.txt:{last}:" in dialog.place_label.text()
    # the record open before is still there, untouched
    assert window.document is before and window.document.path == good
    assert not window.isWindowModified()
    source = dialog.source_button
    assert source.isEnabled()
    source.click()
    view = dialog.source_window.view
    assert view.first_line == 1 and view.blockCount() == last
    assert view.marked_block == last - 1
    assert view.textCursor().blockNumber() == last - 1
    assert view.document().findBlockByNumber(last - 1).text().strip() == cut.rstrip().rsplit(b"\n", 1)[1].decode().strip()
    assert dialog.source_window.isVisible()
    assert "the reader stopped at line" in dialog.source_window.note.text()


def test_an_unknown_field_shows_its_line_and_column(qtbot, tmp_path, shown):
    window = shown
    bad = tmp_path / "unknown.txt"
    bad.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5\n    bogus_factor: 2\n  }\n}\n')
    dialog = _fail(qtbot, window, bad)
    assert (dialog.failure.line, dialog.failure.column) == (5, 5)
    assert 'unknown field "bogus_factor"' in dialog.message_label.text()
    assert window.document is None  # nothing was open, nothing is
    view = dialog.show_source().view
    assert view.marked_block == 4
    cursor = view.textCursor()
    assert (cursor.blockNumber(), cursor.positionInBlock()) == (4, 4)
    assert view.extraSelections()[0].cursor.blockNumber() == 4


def test_read_as_dialect_reads_the_file_that_failed(qtbot, tmp_path, shown):
    window = shown
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    prune = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    dialog = _fail(qtbot, window, prune, dialect="caffe")  # caffe has no prune_record
    assert window.document.path.name == "resnet_caffe.txt"
    assert not dialog.read_as_actions["caffe"].isEnabled()  # what it was just read as
    with qtbot.waitSignal(window.loadFinished, timeout=30000) as blocker:
        dialog.read_as_actions["tf-inner"].trigger()
    assert blocker.args == [True], window.prompter.errors
    assert window.document.path == prune and window.document.dialect.name == "tf-inner"
    assert len(window.document.message.prune_record) > 0
    assert not shiboken6.isValid(dialog) or not dialog.isVisible()  # closed (and deleted)


def test_read_as_dialect_offers_neither_the_dialect_that_failed_nor_those_that_would(qtbot, tmp_path, shown):
    # the dialect told from the file failed: not offered again (it was, when told rather than asked)
    mixed = tmp_path / "mixed.txt"
    mixed.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.1\n    channels: 3\n'
                     '    height: 4\n    width: 4\n    dst_type: "INT8"\n  }\n}\n')
    dialog = _fail(qtbot, shown, mixed)
    assert dialog.failure.dialect == "caffe"
    actions = dialog.read_as_actions
    assert not actions["caffe"].isEnabled() and actions["caffe"].text().endswith(" — just failed")
    # tf-inner has dst_type but not channels: it would fail too, and says why
    assert not actions["tf-inner"].isEnabled()
    assert actions["tf-inner"].text().endswith(" — has no channels, height, width")
    assert dialog.offered == [] and not dialog.read_as_button.isEnabled()
    assert "no AMCT dialect has every field this file uses" in dialog.message_label.text()
    dialog.close()
    # a file one other dialect reads: that one alone is offered
    channels = tmp_path / "channels.txt"
    channels.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.1\n    channels: 3\n  }\n}\n')
    dialog = _fail(qtbot, shown, channels, dialect="tf-inner")
    assert dialog.offered == ["caffe"] and dialog.read_as_button.isEnabled()
    with qtbot.waitSignal(shown.loadFinished, timeout=30000) as blocker:
        dialog.read_as_actions["caffe"].trigger()
    assert blocker.args == [True] and shown.document.dialect.name == "caffe"


def test_open_in_external_editor_goes_through_the_prompter(qtbot, tmp_path, shown):
    bad = tmp_path / "bad.txt"
    bad.write_text('record {\n  key: "a"\n  value { scale_d: abc }\n}\n')
    dialog = _fail(qtbot, shown, bad)
    dialog.external_button.click()
    assert shown.prompter.external == [bad]


def test_a_missing_file_offers_nothing_to_look_at(qtbot, tmp_path, shown):
    dialog = _fail(qtbot, shown, tmp_path / "missing.txt")
    assert "no such file" in dialog.message_label.text()
    assert not dialog.source_button.isEnabled() and not dialog.read_as_button.isEnabled()
    assert not dialog.external_button.isEnabled()


def test_bytes_that_are_not_utf8_are_shown_escaped(qtbot, tmp_path, shown):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b'record {\n  key: "caf\xe9"\n}\n')
    dialog = _fail(qtbot, shown, bad)
    view = dialog.show_source().view
    assert dialog.failure.line == 2 and view.marked_block == 1
    assert view.document().findBlockByNumber(1).text() == '  key: "caf\\xe9"'


def test_line_breaks_of_other_kinds_do_not_shift_the_numbers(qtbot, tmp_path, shown):
    bad = tmp_path / "separators.txt"
    bad.write_text('# a\u2029b\u2028c\x0cd\nrecord {\n  bogus: 1\n}\n', encoding="utf-8")
    dialog = _fail(qtbot, shown, bad, dialect="caffe")
    view = dialog.show_source().view
    assert dialog.failure.line == 3 and view.marked_block == 2 and view.blockCount() == 4
    assert view.document().findBlockByNumber(2).text() == "  bogus: 1"


def test_view_source_follows_the_selection(qtbot, tmp_path, env):
    window = env()
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    dock = window.source_dock
    assert dock.isHidden()
    dock.act_toggle.trigger()
    assert dock.isVisible()
    lines = path.read_text().split("\n")
    starts = [i + 1 for i, text in enumerate(lines) if text.startswith("record {")]
    window.session.selection.select(("record", 3))
    view = dock.view
    assert view.first_line == starts[3]
    assert view.document().firstBlock().text() == "record {"
    assert view.blockCount() == starts[4] - starts[3]
    assert view.marked_line() == starts[3]
    # a field of it: its own line marked
    window.session.selection.select(("record", 3, "value", "offset_d"))
    assert view.first_line == starts[3]
    assert lines[view.marked_line() - 1].strip().startswith("offset_d:")
    # another layer
    window.session.selection.select(("record", 5, "key"))
    assert view.first_line == starts[5] and lines[view.marked_line() - 1].strip().startswith("key:")
    # edited: shown as it would be written, and said so
    window.tree.select_path(("record", 5))
    window.tree.set_field_on_selected("offset_d", 7)
    assert "Edited since the file was read" in dock.note.text()
    assert "offset_d: 7" in view.toPlainText()
    window.session.undo_stack.undo()
    assert view.first_line == starts[5] and "Edited" not in dock.note.text()


def test_view_source_of_a_binary_record_says_it_has_no_text(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    pb = tmp_path / "r.pb"
    pb.write_bytes(window.document.message.SerializeToString())
    open_and_wait(qtbot, window, pb)
    window.source_dock.act_toggle.trigger()
    window.session.selection.select(("record", 0))
    assert "binary record has no text" in window.source_dock.note.text()
    assert re.match(r'record \{\n  key: "', window.source_dock.view.toPlainText())


def test_help_lists_the_source_key(env):
    window = env()
    found = [s for s in window.menus.shortcuts() if s.command == "Source"]
    assert found and found[0].keys == "Ctrl+U" and found[0].section == "View"
