"""Editing panels and the problems dock: widgets over one record that check every value with
the rule engine before it becomes an undo command, and follow the record and the selection.

A window builds one `LiveProblems` and gives it to each of them::

    live = LiveProblems(model, document.dialect, undo_stack)
    panels = RecordPanels(model, undo_stack, selection, live)  # LayerPanel or PrunePanel
    problems = ProblemsDock(live, selection)
    panels.message.connect(status_bar.showMessage)
    problems.countsChanged.connect(lambda *_: counts_label.setText(problems.summary()))
"""
from editor.ui.panels._live import LiveProblems, dialect_of, problem_path
from editor.ui.panels.channel_table import ChannelTable, ChannelTableModel
from editor.ui.panels.layer_panel import LayerPanel
from editor.ui.panels.problems_dock import ProblemsDock, ProblemsModel
from editor.ui.panels.prune_panel import PrunePanel
from editor.ui.panels.stack import RecordPanels

__all__ = ["ChannelTable", "ChannelTableModel", "LayerPanel", "LiveProblems", "ProblemsDock",
           "ProblemsModel", "PrunePanel", "RecordPanels", "dialect_of", "problem_path"]
