"""Counts read as English: one key, one layer (not "1 keys name no layer")."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel

from editor.ui.dialogs import GoToLayerDialog


def _count(dialog: GoToLayerDialog) -> str:
    return dialog.findChildren(QLabel)[0].text()


def test_the_go_to_layer_dialog_counts_one_layer_in_the_singular(qtbot):
    one = GoToLayerDialog(["conv1"])
    qtbot.addWidget(one)
    assert _count(one) == "1 layer"
    two = GoToLayerDialog(["conv1", "conv2"])
    qtbot.addWidget(two)
    assert _count(two) == "2 layers"


# ---------------------------------------------------------------------------- compare rows

def _rows_of(a, b):
    from editor.records.diff import diff_records
    from editor.records.diff.rows import build_rows, entry_descriptor

    return build_rows(diff_records(a, b), entry_descriptor(a))


def test_a_vector_one_value_long_reads_one_value_in_the_compare_rows():
    from editor.records.messages import copy_of
    from tests.ui.kit import small_record

    a = small_record()
    b = copy_of(a)
    del b.record[0].value.scale_w[1:]  # 8 values in A, 1 in B
    row = next(r for r in _rows_of(a, b) if r.field == "scale_w" and r.index_a == 0)
    assert row.channels == "8 → 1 value"
    assert (row.a, row.b) == ("8 values", "1 value")
    row = next(r for r in _rows_of(b, a) if r.field == "scale_w" and r.index_a == 0)
    assert row.channels == "1 → 8 values"
    assert (row.a, row.b) == ("1 value", "8 values")


# ---------------------------------------------------------------------------- prune panel

def _set_ends(message, end: int) -> None:
    for node in (*message.prune_record[0].producer, *message.prune_record[0].consumer):
        for attr in node.attr:
            if attr.name == "end":
                attr.i = end


def test_the_prune_panel_title_counts_one_channel_in_the_singular(qtbot):
    from editor.ui.panels.prune_panel import PrunePanel
    from tests.ui.kit import make_session, small_record

    for end, words in ((1, ", 1 channel"), (2, ", 2 channels")):
        message = small_record()
        _set_ends(message, end)
        session = make_session(message)
        panel = PrunePanel(session)
        qtbot.addWidget(panel)
        session.selection.select(("prune_record", 0), source="tree")
        assert panel.title.text().endswith(words), panel.title.text()


# ---------------------------------------------------------------------------- N: the walk

def test_the_walk_through_one_layer_with_outliers_says_one_layer(qtbot):
    from PySide6.QtCore import Qt

    from editor.records.synth import make_big
    from editor.ui.plots import PlotsPanel
    from tests.ui.kit import make_session

    # three layers of 64 channels; layer 1's channel 5 10⁸ times the others'
    session = make_session(make_big("tf-inner", layers=3, channels=64, seed=4, outlier=(1, 5),
                                    outlier_factor=1e8))
    session.problems.set_outlier_k(10.0)  # only the planted outlier lies beyond the fence
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
    messages: list[str] = []
    panel.message.connect(messages.append)
    panel.overview.flush()
    panel.setCurrentWidget(panel.layers)
    panel.show()
    qtbot.waitExposed(panel)
    panel.layers.view.setFocus()
    qtbot.waitUntil(panel.layers.view.hasFocus)
    qtbot.keyClick(panel.layers.view, Qt.Key.Key_N)
    assert session.selection.record_index == 1
    assert messages[-1].startswith("Layer 1 ") and " — 1 of 1 layer with outliers" in messages[-1], messages
