"""pyqtgraph views of a record: per-channel factors, prune ranges, the whole-model overview.

Each view is a self-contained widget built from the window's `RecordTreeModel`, undo
stack and shared `Selection`; it follows `recordChanged` (through one `PlotContext`, which
keeps the live rule findings) and updates its pyqtgraph items in place. `PlotsPanel` puts
the three together as tabs.
"""
from editor.ui.plots._live import PlotContext
from editor.ui.plots.channel_plot import ChannelPlot
from editor.ui.plots.overview import ModelOverview
from editor.ui.plots.panel import PlotsPanel
from editor.ui.plots.prune_view import PruneRangesView

__all__ = ["ChannelPlot", "ModelOverview", "PlotContext", "PlotsPanel", "PruneRangesView"]
