"""pyqtgraph views of a record: per-channel factors, prune ranges, the whole-model overview.

Each view is a self-contained widget over one `EditSession`: it reads the record through
the session, pushes its edits on the session's undo stack, follows `session.recordChanged`
and the shared selection, reads the rule findings from `session.problems`, and updates its
pyqtgraph items in place. `PlotsPanel` puts the three together as tabs.
"""
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.panel import PlotsPanel
from editor.ui.plots.prune_view import PruneRangesView

__all__ = ["ChannelPlot", "ModelOverview", "PlotsPanel", "PruneRangesView"]
