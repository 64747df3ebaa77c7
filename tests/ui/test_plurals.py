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
