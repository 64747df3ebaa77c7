"""pyqtgraph views of a record: per-channel factors, prune ranges, the whole-model overview.

Each view is a self-contained widget over one `EditSession`: it reads the record through
the session, pushes its edits on the session's undo stack, follows `session.recordChanged`
and the shared selection, reads the rule findings from `session.problems`, and updates its
pyqtgraph items in place. `PlotsPanel` puts the three together as tabs.
"""
import pyqtgraph as pg

# Before any view exists (every module of the package is imported after this): white plots,
# black text, lines drawn without antialiasing (thousands of bars stay fast).
pg.setConfigOptions(background="w", foreground="k", antialias=False)

from editor.ui.plots.channel_plot import ChannelPlot  # noqa: E402
from editor.ui.plots.overview import ModelOverview  # noqa: E402
from editor.ui.plots.panel import PlotsPanel  # noqa: E402
from editor.ui.plots.prune_view import PruneRangesView  # noqa: E402

__all__ = ["ChannelPlot", "ModelOverview", "PlotsPanel", "PruneRangesView"]
