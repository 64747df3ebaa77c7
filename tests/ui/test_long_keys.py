"""A record with a key of a few hundred kilobytes (files are untrusted): the window shows a
clipped key everywhere and keeps the whole one for editing and saving.

Issue 26: opening a record with a 1 MB key stalled the window for a second, and selecting
that layer for many more: Qt measured and laid out the whole key on every paint (the tree,
the Layers table, the overview's line about the hovered layer). What reaches Qt for display
is counted here, not timed.
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt

from editor.records.values import SHOWN_LIMIT, clip_middle, escape_text, shown_text
from tests.ui.kit import open_and_wait, select_in_tree

KEY = "net/" + "k" * 300_000 + "/Conv2D"
ENTRY = 'record {\n  key: "%s"\n  value {\n    scale_d: 0.5\n    offset_d: 3\n    scale_w: 0.1\n    offset_w: 0\n  }\n}\n'


def _texts(model: QAbstractItemModel, parent: QModelIndex | None = None, depth: int = 0):
    """Every display and tooltip text of `model` (rows below `parent`, three levels deep)."""
    parent = parent if parent is not None else QModelIndex()
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = index.data(role)
                if isinstance(value, str):
                    yield value
        first = model.index(row, 0, parent)
        if depth < 3 and model.rowCount(first):
            yield from _texts(model, first, depth + 1)


def test_a_long_key_is_shown_clipped_and_kept_whole(qtbot, tmp_path, env):
    path = tmp_path / "r.txt"
    path.write_text(ENTRY % KEY + ENTRY % "short")
    window = env()
    open_and_wait(qtbot, window, path)
    select_in_tree(qtbot, window, ("record", 0))
    shown = [*_texts(window.session.model), *_texts(window.plots.layers.model),
             window.plots.overview.describe(0)]
    assert any("k" * 400 in t for t in shown)  # the key is shown...
    longest = max(map(len, shown))
    assert longest < SHOWN_LIMIT + 400, longest  # ...clipped, with the words around it
    # the whole key where it is edited, and in the record
    index = window.session.model.index_for_path(("record", 0, "key"), 1)
    assert index.data(Qt.ItemDataRole.EditRole) == KEY
    assert window.session.message.record[0].key == KEY


def test_clipping_keeps_start_and_end_and_short_texts_as_they_are():
    assert clip_middle("abc") == "abc" and shown_text("a\nb") == escape_text("a\nb") == "a\\nb"
    long = "s" * 700 + "\t" + "e" * 700
    clipped = shown_text(long, 100)
    assert clipped == "s" * 50 + "\u2026" + "e" * 50
    assert clip_middle(KEY, 100).startswith("net/k") and clip_middle(KEY, 100).endswith("k/Conv2D")
    assert len(clip_middle(KEY)) == SHOWN_LIMIT + 1
