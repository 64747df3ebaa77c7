"""Per-channel table: lazy over the live message, validated cell edits, vectors kept in step."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView

from editor.records import quant
from editor.records.edits.commands import SetValueCommand
from editor.records.paths import FieldPath
from editor.ui.field_editors import FieldEdit
from editor.ui.panels.channel_table import ChannelTable, ChannelTableModel, weights_columns
from editor.ui.panels.layer_panel import LayerPanel
from tests.ui.kit import RELU6_SCALE, SCALES, make_session, settle, small_record, snapshot


def table_for(qtbot, entry=1, dialect="tf-inner", message=None):
    """The weights table of layer `entry` of a session of `small_record`; its messages (the
    status bar's words) are collected in the returned list."""
    session = make_session(message, dialect)
    assert session.dialect is not None
    tm = ChannelTableModel(session, weights_columns(session.dialect))
    messages: list[str] = []
    tm.message.connect(messages.append)
    tm.set_entry(entry)
    return session, tm, messages


def cell(tm, name, row):
    return tm.data(tm.index(row, tm.column_of(name)))


def test_model_passes_the_model_tester_while_channels_come_and_go(qtbot, qtmodeltester):
    session, tm, _messages = table_for(qtbot)
    qtmodeltester.check(tm, force_py=True)
    assert tm.add_channel("output")
    session.undo_stack.undo()
    assert tm.remove_channels([0, 7], ["output", "input"])
    session.undo_stack.undo()
    tm.set_entry(2)
    qtmodeltester.check(tm, force_py=True)


def test_cells_show_exact_float32_text_and_blank_beyond_a_vector(qtbot):
    _session, tm, _messages = table_for(qtbot)
    assert [cell(tm, "scale_w", r) for r in range(8)] == [str(np.float32(s)) for s in SCALES]
    assert tm.rowCount() == 8 and tm.length("tensor_balance_factor") == 4
    assert cell(tm, "tensor_balance_factor", 3) == "2"
    assert cell(tm, "tensor_balance_factor", 4) is None
    assert not tm.flags(tm.index(4, tm.column_of("tensor_balance_factor"))) & Qt.ItemFlag.ItemIsEditable
    assert tm.headerData(0, Qt.Orientation.Horizontal) == "scale_w (8)"
    assert tm.headerData(5, Qt.Orientation.Vertical) == "5"  # channels count from 0


def test_edit_is_one_undo_step_and_a_refused_value_changes_nothing(qtbot):
    session, tm, messages = table_for(qtbot)
    col = tm.column_of("scale_w")
    assert tm.setData(tm.index(5, col), "0.25")
    assert session.editor.value(("record", 1, "value", "scale_w", 5)) == 0.25
    assert session.undo_stack.count() == 1
    before = snapshot(session)
    for text, words in (("-1", "must be finite and > 0"), ("x", "takes a number"), ("0", "> 0")):
        assert not tm.setData(tm.index(5, col), text)
        assert words in messages[-1]
    assert not tm.setData(tm.index(2, tm.column_of("offset_w")), "3")
    assert "must be 0" in messages[-1]
    assert not tm.setData(tm.index(2, tm.column_of("shift_bit")), "17")
    assert "[1, 16]" in messages[-1]
    assert snapshot(session) == before and session.undo_stack.count() == 1


def test_adding_a_channel_extends_every_vector_of_its_kind_in_one_step(qtbot):
    session, tm, _messages = table_for(qtbot)
    before = snapshot(session)
    assert tm.add_channel("output")
    assert session.undo_stack.count() == 1
    assert (tm.length("scale_w"), tm.length("offset_w"), tm.length("shift_bit")) == (9, 9, 9)
    assert tm.length("tensor_balance_factor") == 4  # input channels are another kind
    assert cell(tm, "scale_w", 8) == cell(tm, "scale_w", 7) and cell(tm, "offset_w", 8) == "0"
    assert tm.rowCount() == 9
    session.undo_stack.undo()
    assert snapshot(session) == before and tm.rowCount() == 8
    assert tm.add_channel("input")
    assert tm.length("tensor_balance_factor") == 5 and tm.length("scale_w") == 8


def test_an_absent_optional_vector_stays_absent(qtbot):
    session, tm, messages = table_for(qtbot, entry=0)
    assert tm.add_channel("output") is False  # conv1 is a pruned producer of 8 channels
    assert "prune records give it output channels [0, 8)" in messages[-1]
    session.push(SetValueCommand(session.editor, ("prune_record", 0, "producer", 0, "attr", 2, "i"), 9))
    tm2 = ChannelTableModel(session, weights_columns(session.dialect))
    tm2.set_entry(2)  # fc: per-tensor, no shift_bit
    assert tm2.length("shift_bit") == 0


def test_deleting_channels_keeps_the_vectors_in_step(qtbot):
    session, tm, _messages = table_for(qtbot)
    assert tm.remove_channels([2, 3], ["output"])
    v = session.message.record[1].value
    assert (len(v.scale_w), len(v.offset_w), len(v.shift_bit), len(v.tensor_balance_factor)) == (6, 6, 6, 4)
    assert list(v.scale_w) == [float(np.float32(s)) for s in SCALES[:2] + SCALES[4:]]
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert len(v.scale_w) == 8 and list(v.scale_w)[2] == float(np.float32(SCALES[2]))


def test_derived_columns_use_the_quant_formulas(qtbot):
    session = make_session()
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0))
    tm = panel.weights_model
    s = float(np.float32(SCALES[3]))
    assert cell(tm, "weight range", 3) == "±" + str(np.float32(quant.weight_range(s, 8)))
    assert cell(tm, "dequant scale", 3) == str(np.float32(quant.dequant_scale(RELU6_SCALE, s)))
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "wts_type"), "INT4"))
    assert cell(tm, "weight range", 3) == "±" + str(np.float32(7 * s))
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "wts_type"), "INT6"))
    assert cell(tm, "weight range", 3) == "±" + str(np.float32(127 * s))  # stored as INT8


def test_the_length_note_says_input_channels_may_differ(qtbot):
    _session, tm, _messages = table_for(qtbot)
    table = ChannelTable(tm)
    qtbot.addWidget(table)
    assert "tensor_balance_factor: 4 values, one per input channel" in table.note.text()
    assert "scale_w has 8, one per output channel; they need not match" in table.note.text()
    tm.set_entry(2)
    assert table.note.text() == "scale_w, offset_w: per-tensor (one value)"
    assert table.view.isColumnHidden(tm.column_of("shift_bit"))


def test_typing_into_a_cell_checks_as_you_type_and_enter_refuses_a_bad_value(qtbot):
    session, tm, messages = table_for(qtbot)
    table = ChannelTable(tm)
    qtbot.addWidget(table)
    table.message.connect(messages.append)
    table.show()
    index = tm.index(5, 0)
    table.view.setCurrentIndex(index)
    table.view.edit(index)
    editor = table.view.findChild(FieldEdit)
    assert editor is not None and editor.text() == str(np.float32(SCALES[5]))
    editor.setFocus()
    editor.selectAll()
    qtbot.keyClicks(editor, "-2")
    assert editor.reason is not None and "must be finite and > 0" in editor.reason
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    settle()  # (an accepted value would be committed on the next turn of the event loop)
    assert table.view.state() == QAbstractItemView.State.EditingState  # still editing, still red
    assert session.undo_stack.count() == 0 and "must be finite" in messages[-1]
    editor.selectAll()
    qtbot.keyClicks(editor, "0.5")
    assert editor.reason is None
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # Qt commits on the next turn of the event loop
    qtbot.waitUntil(lambda: session.editor.value(("record", 1, "value", "scale_w", 5)) == 0.5)
    assert session.undo_stack.count() == 1 and tm.data(index) == "0.5"


def test_thirty_thousand_channels_are_read_lazily(qtbot, monkeypatch):
    msg = small_record()
    v = msg.record[1].value
    n = 30_000
    del v.scale_w[:], v.offset_w[:], v.shift_bit[:]
    v.scale_w.extend(np.linspace(0.001, 0.01, n, dtype=np.float32).tolist())
    v.offset_w.extend([0] * n)
    session = make_session(msg)
    assert session.dialect is not None
    tm = ChannelTableModel(session, weights_columns(session.dialect))
    table = ChannelTable(tm)
    qtbot.addWidget(table)
    reads: list[FieldPath] = []
    original = session.editor.value

    def value(path):
        reads.append(path)
        return original(path)

    monkeypatch.setattr(session.editor, "value", value)
    tm.set_entry(1)
    table.resize(600, 400)
    table.show()
    table.grab()
    assert tm.rowCount() == n
    assert 0 < len(reads) < 2000  # the visible rows, not 30 000 × 3 cells
    assert all(isinstance(p[-1], int) for p in reads)  # element by element, never the whole list
    assert tm.add_channel("output")
    assert tm.rowCount() == n + 1 and tm.length("offset_w") == n + 1


def test_fitting_the_columns_reads_each_vector_once_and_shows_what_the_cells_show(qtbot, monkeypatch):
    """Fitting the columns to their numbers (every selection of a layer) takes the first
    rows' texts in bulk: the same texts the cells show, with one look-up of each vector, not
    one path resolved per cell (256 rows x 8 columns held the GUI thread, issue 26)."""
    session = make_session()
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0))
    session.push(SetValueCommand(session.editor, ("record", 0, "value", "wts_type"), "INT4"))
    tm = panel.weights_model
    rows = tm.rowCount()
    assert rows > 3 and tm.columnCount() >= 5
    for c in range(tm.columnCount()):
        one_by_one = [str(t) for t in (tm.data(tm.index(r, c)) for r in range(rows)) if t]
        assert tm.column_texts(c, rows) == one_by_one, tm.headerData(c, Qt.Orientation.Horizontal)
        assert tm.column_texts(c, 2) == one_by_one[:2]
    cells: list[tuple[int, int]] = []
    data = type(tm).data

    def counted(self, index, role=Qt.ItemDataRole.DisplayRole):
        cells.append((index.row(), index.column()))
        return data(self, index, role)

    monkeypatch.setattr(type(tm), "data", counted)
    panel.weights.fit_columns()
    assert cells == []
