"""Field help where a user hovers a field's name: the tree's Field column, the Edit panel's
labels and column headers, the prune table's headers and cells — in the interface language."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from editor import i18n
from editor.ui.field_editors import FlagBox
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.prune_panel import PrunePanel, PruneTableModel
from editor.ui.tree_model import RecordTreeModel
from tests.ui.kit import make_session, small_record, tree_record, widget_as

TIP = Qt.ItemDataRole.ToolTipRole
HEADER = Qt.Orientation.Horizontal


@pytest.fixture
def chinese() -> Iterator[None]:
    """The interface in Chinese for one test."""
    before = i18n.language()
    i18n.set_language("zh_CN")
    try:
        yield
    finally:
        i18n.set_language(before)


def tree_tip(model: RecordTreeModel, path, column: int = 0) -> str:
    return model.data(model.index_for_path(path, column), TIP)


def test_the_field_column_shows_the_help_above_the_schema_line():
    model = RecordTreeModel(tree_record())
    tip = tree_tip(model, ("record", 0, "value", "offset_d"))
    help_part, schema = tip.split("\n\n")
    assert help_part.startswith("offset_d: activation quantization offset")
    assert "Values: a whole number from -128 to 127" in help_part
    assert "field number" in schema  # the schema line is kept, under the help
    # the value column is about the value, not the field: no help there
    assert "activation quantization offset" not in tree_tip(model, ("record", 0, "value", "offset_d"), 1)
    # an attribute row: the help of the attribute it is, not of AttrProto
    assert tree_tip(model, ("prune_record", 0, "producer", 0, "attr", 1)).startswith(
        "end: end of the channel range")


def test_the_tree_help_follows_the_interface_language(chinese):
    model = RecordTreeModel(tree_record())
    tip = tree_tip(model, ("record", 0, "value", "scale_d"))
    assert tip.startswith("scale_d：数据量化scale因子")
    assert "取值范围：大于0的有限浮点数" in tip and "默认值" in tip
    assert "field number 1" in tip


def _labels(panel: LayerPanel) -> dict[str, QLabel]:
    return {w.text(): w for w in panel.findChildren(QLabel) if w.toolTip()}


def test_the_edit_panels_labels_and_headers_carry_the_help(qtbot):
    session = make_session(small_record("onnx"), "onnx")
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0), source="tree")
    labels = _labels(panel)
    # ONNX's own default, not the one other flavours have (a check box: its own label)
    assert "skip_fusion" not in labels
    assert "Default: true (ONNX's default)" in widget_as(panel.fields["skip_fusion"], FlagBox).box.toolTip()
    assert labels["key"].toolTip().startswith("key: layer name")
    assert "from -128 to 127" in labels["offset_d"].toolTip()
    wm = panel.weights_model
    headers = [wm.headerData(c, HEADER, TIP) or "" for c in range(wm.columnCount())]
    assert any(h.startswith("scale_w: weight quantization scale") for h in headers)
    assert any(h.startswith("offset_w: weight quantization offset") for h in headers)


def test_the_edit_panels_labels_speak_chinese_in_a_chinese_interface(qtbot, chinese):
    session = make_session(small_record("caffe"), "caffe")
    panel = LayerPanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("record", 0), source="tree")
    labels = _labels(panel)
    assert labels["channels"].toolTip().startswith("channels：输入的channel大小")
    assert "infer_shape" in labels["channels"].toolTip()


def test_the_prune_table_explains_its_columns_and_attributes(qtbot):
    session = make_session(None, "tf-inner")
    panel = PrunePanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("prune_record", 0), source="tree")
    tm = panel.table_model
    P = PruneTableModel
    assert tm.headerData(P.BEGIN, HEADER, TIP).startswith("begin: first channel of the range")
    assert tm.headerData(P.TYPE, HEADER, TIP).startswith("type: operator type")
    assert "producer: sparsity producer" in tm.headerData(0, HEADER, TIP)
    assert tm.data(tm.index(0, 0), TIP).startswith("producer: sparsity producer")
    # consumer[1] has prune_axis: its other-attributes tooltip says what that is
    assert tm.data(tm.index(2, P.OTHER), TIP) == "prune_axis = 2 — pruned weight axis"


def test_the_prune_table_speaks_chinese_in_a_chinese_interface(qtbot, chinese):
    session = make_session(None, "tf-inner")
    panel = PrunePanel(session)
    qtbot.addWidget(panel)
    session.selection.select(("prune_record", 0), source="tree")
    tm = panel.table_model
    assert tm.headerData(PruneTableModel.END, HEADER, TIP).startswith("end：通道范围的结束位置")
    assert tm.data(tm.index(1, 0), TIP).startswith("consumer：稀疏的consumer")


def test_the_range_dialog_and_the_other_attributes_line_explain_themselves(qtbot):
    from editor.ui.panels.prune_panel import RangeDialog

    dialog = RangeDialog(0, 8)
    qtbot.addWidget(dialog)
    tips = {w.text(): w.toolTip() for w in dialog.findChildren(QLabel)}
    assert tips["begin"].startswith("begin: first channel of the range")
    assert tips["end"].startswith("end: end of the channel range")
    # a dock too narrow for the "Other attributes" column lists them under the table
    session = make_session(None, "tf-inner")
    panel = PrunePanel(session)
    qtbot.addWidget(panel)
    panel.resize(320, 400)
    panel.show()
    session.selection.select(("prune_record", 0), source="tree")
    tm = panel.table_model
    panel.view.setCurrentIndex(tm.index(2, tm.NAME))
    qtbot.waitUntil(lambda: panel.other_label.isVisible())
    assert panel.view.isColumnHidden(tm.OTHER)
    assert "prune_axis=2" in panel.other_label.text()
    assert panel.other_label.toolTip() == "prune_axis = 2 — pruned weight axis"
