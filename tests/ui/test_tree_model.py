"""RecordTreeModel: rows, display, lazy fetching, edit methods and their signals."""
from __future__ import annotations

import re
import struct

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt
from PySide6.QtWidgets import QTreeView

from editor.records.dialects import DIALECTS
from editor.records.editing import ChangeKind, RecordChange
from editor.records.paths import PathError, format_path, parse_path
from editor.ui.tree_model import RecordTreeModel, RowKind
from tests.conftest import realworld_files
from tests.ui.kit import tree_record as small_record

DISPLAY = Qt.ItemDataRole.DisplayRole


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def cell(model: RecordTreeModel, path, column: int = 1, role=DISPLAY):
    return model.data(model.index_for_path(path, column), role)


def test_model_tester_passes_on_every_sample(qtmodeltester, sample):
    message, _dialect = sample
    model = RecordTreeModel(message, item_chunk=64)
    qtmodeltester.check(model)


def test_layer_rows_show_key_and_summary():
    model = RecordTreeModel(small_record())
    top = model.index(0, 0)
    assert model.data(top) == "record"
    assert model.data(top.siblingAtColumn(1)) == "3 entries"
    assert cell(model, ("record", 1), 0) == "conv2"
    assert "scale_d 0.2" in cell(model, ("record", 1))
    assert cell(model, ("record", 1), 2) == "InnerMapFiledEntry"
    assert model.row_kind(model.index_for_path(("record", 1))) == RowKind.ELEMENT


def test_repeated_scalar_summary_and_float32_text():
    model = RecordTreeModel(small_record())
    assert cell(model, ("record", 0, "value", "scale_w")) == "4 values, min 0.01 … max 0.04"
    # float32 shown with full precision: the shortest text that reads back as the same float32
    assert cell(model, ("record", 0, "value", "scale_d")) == "0.1"
    assert cell(model, ("record", 2, "value", "scale_w")) == "empty"
    assert cell(model, ("record", 0, "value", "scale_w"), 2) == "repeated float"
    assert cell(model, ("record", 0, "value", "scale_w", 2), 0) == ""  # no "[2]" from data()
    assert cell(model, ("record", 0, "value", "scale_w", 2)) == "0.03"


def test_unset_field_is_greyed_with_its_default():
    model = RecordTreeModel(small_record())
    path = ("record", 0, "value", "dst_type")
    assert cell(model, path) == "INT8"
    assert cell(model, path, role=model.IS_SET_ROLE) is False
    assert cell(model, path, role=Qt.ItemDataRole.ForegroundRole) is not None
    assert cell(model, path, role=Qt.ItemDataRole.FontRole).italic()
    assert "default" in cell(model, path, role=Qt.ItemDataRole.ToolTipRole)
    assert cell(model, ("record", 0, "value", "scale_d"), role=Qt.ItemDataRole.ForegroundRole) is None
    assert cell(model, ("prune_record", 0, "selective_prune")) == "not set"


def test_enum_by_name_and_bytes_as_text():
    model = RecordTreeModel(small_record())
    attr = ("prune_record", 0, "producer", 0, "attr", 0)
    assert cell(model, attr, 0) == "type"
    assert cell(model, attr) == "STRING Conv2D"
    assert cell(model, attr + ("type",)) == "STRING"
    assert cell(model, attr + ("s",)) == "Conv2D"
    assert cell(model, attr + ("s",), 2) == "bytes"
    assert cell(model, ("prune_record", 0, "producer", 0), 0) == "conv1"
    assert cell(model, ("prune_record", 0), 0) == "conv1"


def test_invisible_characters_in_keys_are_shown_escaped():
    msg = small_record()
    msg.record[0].key = "conv1\n"
    model = RecordTreeModel(msg)
    assert cell(model, ("record", 0), 0) == "conv1\\n"


def test_long_repeated_field_is_fetched_lazily():
    msg = DIALECTS["tf-inner"].new_message()
    msg.record.add().value.scale_w.extend([0.5] * 30000)
    model = RecordTreeModel(msg, item_chunk=1000)
    scale_w = model.index_for_path(("record", 0, "value", "scale_w"))
    assert model.hasChildren(scale_w)
    assert model.rowCount(scale_w) == 0
    assert model.canFetchMore(scale_w)
    model.fetchMore(scale_w)
    assert model.rowCount(scale_w) == 1000
    deep = model.index_for_path(("record", 0, "value", "scale_w", 4321))
    assert deep.row() == 4321 and model.rowCount(scale_w) >= 4322
    assert model.data(deep.siblingAtColumn(1)) == "0.5"


def test_paths_round_trip():
    model = RecordTreeModel(small_record())
    for path in [("record",), ("record", 2), ("record", 0, "value", "scale_w", 3),
                 ("prune_record", 0, "producer", 0, "attr", 1, "i"), ("prune_record", 0, "selective_prune")]:
        assert model.path_for_index(model.index_for_path(path)) == path
    assert parse_path(format_path(("consumer", 1, "attr", 2, "i"))) == ("consumer", 1, "attr", 2, "i")
    assert format_path(("record", 3, "value", "scale_w", 5)) == "record[3].value.scale_w[5]"
    for typed in ("value..scale_w", ".scale_w", "scale_w.", "scale_w[x]"):  # a step missing or wrong
        with pytest.raises(PathError, match="bad path"):
            parse_path(typed)
    assert parse_path("") == ()
    with pytest.raises(PathError):
        model.index_for_path(("record", 7))
    with pytest.raises(PathError):
        model.index_for_path(("record", 0, "nonsense"))


def test_set_value_stores_float32_and_signals_row_ancestors_and_entry(qtbot):
    msg = small_record()
    model = RecordTreeModel(msg)
    view = QTreeView()
    view.setModel(model)
    view.expandAll()
    path = ("record", 1, "value", "scale_w", 2)
    leaf = QPersistentModelIndex(model.index_for_path(path, 1))
    summary = QPersistentModelIndex(model.index_for_path(path[:-1], 1))
    changed_rows = []
    model.dataChanged.connect(lambda a, b: changed_rows.append((model.path_for_index(a), a.row(), b.row())))
    announced: list[RecordChange] = []
    model.editor.changed.connect(announced.append)
    model.editor.set_value(path, 0.1)
    assert bits(msg.record[1].value.scale_w[2]) == bits(struct.unpack("<f", struct.pack("<f", 0.1))[0])
    (change,) = announced
    assert (change.kind, change.field, change.first, change.subpath) == \
        (ChangeKind.CHANGED, "record", 1, ("value", "scale_w", 2))
    assert change.touches("record", 1) and not change.touches("record", 0)
    assert any(p == path for p, *_ in changed_rows)
    assert any(p == path[:-1] for p, *_ in changed_rows)  # the summary row
    assert any(p == ("record", 1) for p, *_ in changed_rows)  # the layer row
    assert model.data(leaf) == "0.1"
    assert model.data(summary) == "4 values, min 0.01 … max 0.1"
    with pytest.raises(ValueError, match="int32"):
        model.editor.set_value(("record", 1, "value", "offset_d"), 2**31)
    with pytest.raises(ValueError, match="float32"):
        model.editor.set_value(("record", 1, "value", "scale_d"), 1e39)


def test_insert_and_remove_keep_persistent_indexes_on_their_layers(qtbot):
    msg = small_record()
    model = RecordTreeModel(msg)
    pool = QPersistentModelIndex(model.index_for_path(("record", 2)))
    conv1 = QPersistentModelIndex(model.index_for_path(("record", 0)))
    data = msg.record[0].SerializePartialToString()
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        model.editor.insert_elements(("record",), 1, [data, data])
    assert inserted.args[1:] == [1, 2]
    assert pool.row() == 4 and model.data(pool) == "pool"
    removed = model.editor.remove_elements(("record",), 0, 2)
    assert removed == [data, data]
    assert conv1.isValid() is False
    assert pool.row() == 2 and model.data(pool) == "pool"
    assert [e.key for e in msg.record] == ["conv1", "conv2", "pool"]


def test_clearing_a_message_removes_its_rows_and_sets_show_again(qtbot, qtmodeltester):
    msg = small_record()
    model = RecordTreeModel(msg)
    qtmodeltester.check(model)
    view = QTreeView()
    view.setModel(model)
    view.expandAll()
    scale_w = model.index_for_path(("record", 0, "value", "scale_w"))
    assert model.rowCount(scale_w) == 4
    model.editor.clear_field(("record", 0, "value"))
    assert not msg.record[0].HasField("value")
    assert model.rowCount(scale_w) == 0
    assert cell(model, ("record", 0, "value")) == "not set"
    model.editor.set_value(("record", 0, "value", "scale_d"), 2.0)
    assert msg.record[0].HasField("value") and msg.record[0].value.scale_d == 2.0
    model.editor.replace_message(("record", 0), msg.record[1].SerializePartialToString())
    assert model.rowCount(scale_w) == 4
    assert cell(model, ("record", 0), 0) == "conv2"


def test_move_signals_a_row_move_and_keeps_expansion_on_the_moved_layer(qtbot, qtmodeltester):
    msg = small_record()
    model = RecordTreeModel(msg)
    qtmodeltester.check(model)
    view = QTreeView()
    view.setModel(model)
    view.expand(model.index_for_path(("record",)))
    view.expand(model.index_for_path(("record", 0)))
    with qtbot.waitSignal(model.rowsMoved):
        model.editor.move_elements(("record",), 0, 1, 2)
    assert [e.key for e in msg.record] == ["conv2", "pool", "conv1"]
    assert view.isExpanded(model.index_for_path(("record", 2)))
    assert not view.isExpanded(model.index_for_path(("record", 0)))


def test_move_into_unfetched_rows_refreshes_in_place(qtmodeltester):
    msg = DIALECTS["tf-inner"].new_message()
    msg.record.add().value.scale_w.extend(float(i) for i in range(100))
    model = RecordTreeModel(msg, item_chunk=10)
    qtmodeltester.check(model)
    path = ("record", 0, "value", "scale_w")
    model.editor.move_elements(path, 0, 1, 50)
    assert cell(model, path + (0,)) == "1"
    assert msg.record[0].value.scale_w[50] == 0.0


def test_set_message_resets_and_announces(qtbot):
    model = RecordTreeModel(small_record())
    other = DIALECTS["pytorch"].new_message()
    other.record.add().key = "fc"
    announced: list[RecordChange] = []
    model.editor.changed.connect(announced.append)
    with qtbot.waitSignal(model.modelReset):
        model.editor.set_message(other)
    assert [c.kind for c in announced] == [ChangeKind.RESET]
    assert cell(model, ("record", 0), 0) == "fc"
    assert model.editor.keys() == ["fc"]


def test_set_data_does_not_bypass_the_undo_stack():
    msg = small_record()
    model = RecordTreeModel(msg)
    index = model.index_for_path(("record", 0, "value", "scale_d"), 1)
    assert model.flags(index) & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, 5.0) is False
    assert msg.record[0].value.scale_d == pytest.approx(0.1)


@pytest.mark.parametrize("path", realworld_files(), ids=lambda p: p.name[:40])
def test_model_tester_passes_on_real_files(qtmodeltester, path):
    from google.protobuf import text_format

    from editor.records.dialects import detect_from_names

    text = path.read_text(encoding="utf-8")
    names = set(re.findall(r"^\s*([A-Za-z_]\w*)\s*[:{]", text, flags=re.MULTILINE))
    message = detect_from_names(names).dialect.new_message()
    text_format.Merge(text, message)
    model = RecordTreeModel(message, item_chunk=16, element_chunk=16)
    qtmodeltester.check(model)
    top = "record" if message.record else "prune_record"
    n = len(getattr(message, top))
    assert model.data(model.index_for_path((top,), 1)) == f"{n} {'entry' if n == 1 else 'entries'}"
