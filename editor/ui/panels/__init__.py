"""Editing panels and the problems dock: widgets over one record that check every value with
the rule engine before it becomes an undo command, and follow the record and the selection.

Each takes the window's `EditSession` (`editor.ui.session`)::

    panels = RecordPanels(session)  # LayerPanel or PrunePanel, by the selection
    problems = ProblemsDock(session)
    panels.message.connect(status_bar.showMessage)
    problems.countsChanged.connect(lambda *_: counts_label.setText(problems.summary()))
"""
from editor.ui.panels.channel_table import ChannelTable, ChannelTableModel
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.problems_dock import ProblemsDock, ProblemsModel
from editor.ui.panels.prune_panel import PrunePanel
from editor.ui.panels.stack import RecordPanels

__all__ = ["ChannelTable", "ChannelTableModel", "LayerPanel", "ProblemsDock", "ProblemsModel",
           "PrunePanel", "RecordPanels"]
