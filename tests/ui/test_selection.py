"""The shared selection: one path, a signal, and helpers for what is selected."""
from __future__ import annotations

from editor.ui.selection import Selection


def test_select_emits_once_with_source(qtbot):
    sel = Selection()
    seen = []
    sel.changed.connect(lambda path, source: seen.append((path, source)))
    sel.select(["record", 3, "value", "scale_w", 5], source="plot")
    sel.select(("record", 3, "value", "scale_w", 5), source="tree")  # same path: no signal
    assert seen == [(("record", 3, "value", "scale_w", 5), "plot")]
    assert sel.record_index == 3 and sel.channel == ("scale_w", 5) and sel.prune_index is None
    sel.select(("prune_record", 1, "consumer", 0))
    assert sel.prune_index == 1 and sel.record_index is None and sel.channel is None
