"""The channel plot's toolbar: its actions, the outlier fence box, the right-click menus.

`build_toolbar` gives a `ChannelPlot` its ``toolbar`` and ``act_*`` actions; the span
edits' actions come from `SpanEdits.build_actions`. Labels and tips are translated here,
where they are set (context ``"ChannelPlot"``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDoubleSpinBox, QMenu, QToolBar, QWidget

from editor.i18n import translate
from editor.ui.plots._export import export_csv_dialog, export_plot_dialog
from editor.ui.plots._menus import SpinAction, extend_view_menu, make_action, menu_action

if TYPE_CHECKING:
    from editor.ui.plots.channel_plot import ChannelPlot


class FenceAction(SpinAction):
    """The outlier fence factor k as a toolbar action (see `SpinAction`)."""

    LOW, HIGH = 0.0, 20.0

    def __init__(self, parent: QWidget, value: float) -> None:
        super().__init__(parent, value, translate("ChannelPlot", "Outlier fence k"),
                         translate("ChannelPlot",
                                   "Channels outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values) are outliers"))

    def box_in(self, bar: QToolBar) -> QDoubleSpinBox:
        """The spin box this action shows in `bar`."""
        widget = bar.widgetForAction(self)
        spin = widget.findChild(QDoubleSpinBox) if widget is not None else None
        assert spin is not None
        return spin


def build_toolbar(plot: ChannelPlot) -> None:
    """Build the channel plot's toolbar (`plot.toolbar`), its actions (`plot.act_*`, the
    span edits' through `plot.spans`) and the plots' right-click menus."""
    bar = QToolBar()
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    plot.toolbar = bar
    plot.act_weight = make_action(plot, translate("ChannelPlot", "Weight range"), plot._relayout,
                                  checkable=True,
                                  tip=translate("ChannelPlot", "Show ±(2^(b−1)−1)·scale_w, b from wts_type"))
    plot.act_shift = make_action(plot, "shift_bit", plot._relayout, checkable=True,
                                 tip=translate("ChannelPlot", "Show shift_bit by output channel"))
    plot.act_tbf = make_action(plot, translate("ChannelPlot", "Balance factor"), plot._relayout,
                               checkable=True,
                               tip=translate("ChannelPlot", "Show tensor_balance_factor by input channel"))
    plot.act_tbf.setChecked(True)
    plot.act_log = make_action(plot, translate("ChannelPlot", "Log y"), plot.set_log, "L", checkable=True,
                               tip=translate("ChannelPlot", "Logarithmic y axis for scales (L)"))
    for a in (plot.act_weight, plot.act_shift, plot.act_tbf):
        bar.addAction(a)
    bar.addSeparator()
    bar.addAction(plot.act_log)
    bar.addSeparator()
    # an action, not a bare widget: where the toolbar is too narrow, the » menu offers it too
    plot.act_k = FenceAction(plot, plot._k)
    plot.act_k.setToolTip(translate("ChannelPlot", "Channels outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values) "
                                    "are outliers; the overview, the Layers table and the rule "
                                    "scale-w-outlier use the same k"))
    plot.act_k.valueChanged.connect(plot._on_k_box)
    bar.addAction(plot.act_k)
    plot.k_box = plot.act_k.box_in(bar)
    bar.addSeparator()

    plot.spans.build_actions(bar)
    bar.addSeparator()

    # on the plot only: the tables and the spin box keep their own arrow keys
    plot.act_prev = make_action(plot.graphics, translate("ChannelPlot", "Previous channel"),
                                lambda: plot._step_channel(-1), QKeySequence(Qt.Key.Key_Left))
    plot.act_next = make_action(plot.graphics, translate("ChannelPlot", "Next channel"),
                                lambda: plot._step_channel(1), QKeySequence(Qt.Key.Key_Right))
    plot.act_view_all = make_action(plot, translate("ChannelPlot", "View all"), plot.view_all,
                                    QKeySequence(Qt.Key.Key_Home))
    plot.act_png = make_action(plot, translate("ChannelPlot", "Export plot (PNG/SVG)…"),
                               lambda: export_plot_dialog(plot, plot, plot._file_stem()))
    plot.act_csv = make_action(plot, translate("ChannelPlot", "Export channel table (CSV)…"),
                               lambda: export_csv_dialog(plot, plot._file_stem() + "_channels",
                                                         plot.channel_table))
    plot.act_csv_in = make_action(plot, translate("ChannelPlot", "Export input-channel table (CSV)…"),
                                  lambda: export_csv_dialog(plot, plot._file_stem() + "_input_channels",
                                                            plot.input_channel_table))
    export_menu = QMenu(translate("ChannelPlot", "Export"), plot)
    for a in (plot.act_png, plot.act_csv, plot.act_csv_in):
        export_menu.addAction(a)
    plot.act_export = menu_action(bar, translate("ChannelPlot", "Export"), export_menu)
    plot.act_tables = make_action(plot, translate("ChannelPlot", "Tables"), plot.set_tables_shown,
                                  checkable=True,
                                  tip=translate("ChannelPlot", "Show the outliers and channel tables beside the plot"))
    blocked = plot.act_tables.blockSignals(True)  # the tables are built next, shown
    plot.act_tables.setChecked(True)
    plot.act_tables.blockSignals(blocked)
    bar.addAction(plot.act_tables)


def extend_row_menus(plot: ChannelPlot) -> None:
    """The plot's own entries on its rows' right-click menus (when the rows are made)."""
    for row in (plot.main, plot.tbf):
        extend_view_menu(row.plot, [plot.act_log, plot.spans.act_span, *plot.spans.edit_actions, None,
                                    plot.act_png, plot.act_csv])
    for other in (plot.weight, plot.shift):
        extend_view_menu(other.plot, [plot.act_log, None, plot.act_png, plot.act_csv])
