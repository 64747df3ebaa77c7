"""Issue 10, items 1 and 4: the plot gets the room, with the real ResNet-50 record.

Measured on the channel plot's ViewBox (the plotting area, axes excluded) of a 1024-channel
layer, at the window's first-start size (1280×820) and on a full-HD screen (1920×1080),
beside the tree and the docks, and with the plots focused; docks that have nothing to say
fold away; every toolbar control is reachable; the layout is remembered and reset.
"""
from __future__ import annotations

import shutil
from collections.abc import Sequence

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QToolBar, QToolButton, QWidget

from editor.records.document import RecordDocument
from editor.records.messages import EntryMessage
from editor.ui.main_window import MainWindow
from editor.ui.tree_view import VALUE_PEEK
from tests.conftest import MOBILENET_V2_TF, RESNET50_CAFFE
from tests.ui.kit import ScriptedPrompter, copy_sample, document_of, open_and_wait, select_in_tree, settle


@pytest.fixture
def make_window(tmp_path, qtbot):
    """A factory of windows sharing one settings file (a second window is the next start)."""

    def make(width: int, height: int) -> MainWindow:
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings, prompter=ScriptedPrompter(), recovery_dir=tmp_path / "recovery")
        qtbot.addWidget(window, before_close_func=lambda w: w.prompter.save_answers.extend(["discard"] * 3))
        window.resize(width, height)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


def _open(qtbot, tmp_path, window: MainWindow, source=RESNET50_CAFFE) -> None:
    path = tmp_path / source.name
    if not path.exists():
        shutil.copy(source, path)
    open_and_wait(qtbot, window, path)
    settle()


def _show_layer(qtbot, window: MainWindow, channels: int) -> int:
    """Select the first layer with `channels` output channels in the tree, open its channel
    plot (the Channels tab) and return its index."""
    entries: Sequence[EntryMessage] = document_of(window).message.record
    index = next(i for i, e in enumerate(entries) if len(e.value.scale_w) == channels)
    select_in_tree(qtbot, window, ("record", index))
    plots = window.plots
    plots.tabBar().setCurrentIndex(plots.indexOf(plots.channels))
    plots.channels.flush()
    settle()
    series = plots.channels.series
    assert plots.channels.layer_index == index and series is not None and series.scale_w.size == channels
    return index


def _viewbox_width(window: MainWindow) -> float:
    return window.plots.channels.main.plot.getViewBox().width()


def test_a_1024_channel_layer_gets_530_px_at_the_first_start_size(qtbot, tmp_path, make_window):
    """It got about 120 px: the tree kept 55 % of the width and the Edit dock 480 px."""
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window)
    _show_layer(qtbot, window, 1024)
    width = _viewbox_width(window)
    # measured: 536 px (620 before the fence labels moved off the bars onto an axis of
    # their own right of the plot, `_channel_rows.FenceAxis`; 120 before the layout fix)
    assert width >= 530, width
    # the tree is as wide as its keys need, with the values starting in view
    assert window.tree.width() < 0.3 * window.width()
    view = window.tree.view
    assert view.viewport().width() - view.header().sectionPosition(1) >= VALUE_PEEK - 4
    # the Edit dock shows the layer along the bottom: the width stays the plot's
    assert window.dockWidgetArea(window.edit_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert window.edit_dock.isVisible() and not window.dock_folder.folded(window.edit_dock)
    panel = window.record_panels.layer_panel
    assert panel.isVisible() and panel.weights.isVisible()
    # the outliers beside the plot: every column in view (no sideways scrolling), a cut
    # "why" whole in its tooltip
    outliers = window.plots.channels.tables.outlier_view
    assert outliers.isVisible() and outliers.horizontalScrollBar().maximum() == 0
    model = outliers.model()
    assert model.data(model.index(0, 3), Qt.ItemDataRole.ToolTipRole).endswith("IQR fence")


def test_at_1920x1080_the_focused_plot_takes_the_whole_width(qtbot, tmp_path, make_window):
    window = make_window(1920, 1080)
    _open(qtbot, tmp_path, window)
    _show_layer(qtbot, window, 1024)
    beside = _viewbox_width(window)
    assert beside >= 0.6 * window.width(), beside  # measured: 1260 of 1920 px (66 %)
    tree_width = window.tree.width()

    window.window_layout.act_focus.trigger()  # F11 / Ctrl+Shift+F
    settle()
    assert window.window_layout.focus_plots() and window.window_layout.act_focus.isChecked()
    assert not window.tree.isVisible() or window.tree.width() == 0
    assert not any(d.isVisible() for d in window.findChildren(QDockWidget))
    assert not window.menus.toolbar.isVisible() and not window.plots.channels.tables.isVisible()
    focused = _viewbox_width(window)
    plot = window.plots.channels.main.plot
    axis = plot.getAxis("left").width() + plot.getAxis("right").width()  # y values, fence labels
    # all of the window's width but the axes and a few margins (measured: 1741 px)
    assert focused >= window.width() - axis - 50, (focused, axis)

    window.window_layout.act_focus.trigger()  # and back, as it was
    settle()
    assert not window.window_layout.focus_plots() and not window.window_layout.act_focus.isChecked()
    assert window.tree.width() == tree_width and window.menus.toolbar.isVisible()
    assert window.edit_dock.isVisible() and window.plots.channels.tables.isVisible()
    assert abs(_viewbox_width(window) - beside) <= 2


def test_docks_with_nothing_to_say_fold_away(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    # the record's notes are its scale_w outliers: at a fence this wide there are none, and
    # the Problems dock has nothing to say
    window.session.problems.set_outlier_k(100.0)
    _open(qtbot, tmp_path, window)
    edit, problems = window.edit_dock, window.rules_dock
    # the overview's title whole ("Model overview — 54 laye" was cut)
    title = window.plots.overview.title
    assert "54 layers" in title.text()
    qtbot.waitUntil(lambda: title.width() >= title.fontMetrics().horizontalAdvance(title.text()), timeout=2000)
    # nothing selected: the Edit dock is a line saying so, the plots have the height
    assert window.session.selection.record_index is None
    assert window.dock_folder.folded(edit) and edit.height() < 70, edit.height()
    plots_height = window.plots.height()
    _show_layer(qtbot, window, 1024)
    assert not window.dock_folder.folded(edit)
    assert edit.height() >= window.dock_folder.opened_height() - 4
    assert window.plots.height() < plots_height
    # the Problems tab with no problem: its counts line alone
    problems.raise_()
    settle()
    assert sum(problems.counts().values()) == 0 and not problems.view.isVisible()
    assert window.dock_folder.folded(problems) and problems.height() < 80, problems.height()
    assert "0 errors" in problems.toggles[next(iter(problems.toggles))].text()
    # the user's own height for the open docks is kept
    edit.raise_()
    settle()
    window.resizeDocks([edit], [250], Qt.Orientation.Vertical)
    settle()
    assert window.dock_folder.open_height == edit.height()


def test_a_file_with_problems_opens_the_problems_dock(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    path.write_text(path.read_text().replace("offset_w: 0", "offset_w: 3", 1))  # one error
    _open(qtbot, tmp_path, window, path)
    problems = window.rules_dock
    problems.raise_()
    settle()
    assert problems.counts() and problems.view.isVisible()
    assert not window.dock_folder.folded(problems)
    assert problems.height() >= window.dock_folder.opened_height() - 4


def _overflow_texts(bar: QToolBar) -> set[str]:
    """The texts the toolbar's » menu offers (it lists what the toolbar cannot show)."""
    button = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    if button is None or not button.isVisible():
        return set()
    button.click()
    QApplication.processEvents()
    menus = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMenu) and w.isVisible()]
    texts = {a.text() for m in menus for a in m.actions() if not a.isSeparator()}
    for m in menus:
        m.hide()
    return texts


def _unreachable(window: MainWindow) -> list[str]:
    """Every toolbar control of the window that is neither shown whole in its toolbar nor
    offered in its » menu, as "toolbar: text"; each plot tab is made current in turn."""
    missing = []
    plots = window.plots
    for tab in range(plots.count()):
        if not plots.isTabVisible(tab):
            continue
        plots.setCurrentIndex(tab)
        QApplication.processEvents()
        for bar in window.findChildren(QToolBar):
            if not bar.isVisible():
                continue
            offered = None
            for action in bar.actions():
                if action.isSeparator() or not action.isVisible():
                    continue
                widget: QWidget | None = bar.widgetForAction(action)
                shown = widget is not None and widget.isVisible() \
                    and bar.rect().contains(widget.geometry())
                if shown:
                    continue
                if offered is None:
                    offered = _overflow_texts(bar)
                if not action.text() or action.text() not in offered:
                    missing.append(f"{bar.objectName() or type(bar.parent()).__name__}: {action.text()!r}")
    return missing


# popping the » menus up offscreen: the plugin says it cannot raise them or grab the keys
@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing the keyboard)")
def test_every_toolbar_control_is_reachable(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    _show_layer(qtbot, window, 64)
    assert _unreachable(window) == []
    channel_bar = window.plots.channels.toolbar
    window.plots.setCurrentWidget(window.plots.channels)
    QApplication.processEvents()
    # at the first start size the channel toolbar shows all: the fence k, Edit span, Export
    assert window.plots.channels.k_box.isVisible() and _overflow_texts(channel_bar) == set()
    # the plots squeezed (the user widens the tree): what the toolbars cannot show, their
    # » menus offer, the fence k, Edit span and Export included
    window.splitter.setSizes([900, window.splitter.width() - 900])
    settle()
    window.plots.setCurrentWidget(window.plots.channels)
    QApplication.processEvents()
    offered = _overflow_texts(channel_bar)
    assert {"Outlier fence k", "Edit span", "Export"} <= offered, offered
    assert _unreachable(window) == []


def test_the_layout_is_remembered_and_reset_layout_restores_it(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window)
    default_tree = window.tree.width()
    # the user moves the Problems dock beside the plots, widens the tree, hides the tables
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.rules_dock)
    window.splitter.setSizes([500, window.splitter.width() - 500])
    window.splitter.splitterMoved.emit(500, 1)  # as a drag of the handle says
    window.plots.channels.act_tables.trigger()
    assert window.close()

    again = make_window(1280, 820)
    _open(qtbot, tmp_path, again)  # the next start, another file opened: the user's tree width stays
    assert again.dockWidgetArea(again.rules_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert abs(again.tree.width() - 500) <= 8, again.tree.width()
    assert not again.plots.channels.tables_shown()

    view_menu = next(a.menu() for a in again.menuBar().actions() if a.text() == "&View")
    reset = next(a for a in view_menu.actions() if a.text() == "&Reset Layout")
    reset.trigger()
    settle()
    assert again.dockWidgetArea(again.rules_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    assert again.edit_dock in again.tabifiedDockWidgets(again.rules_dock)
    assert abs(again.tree.width() - default_tree) <= 8, (again.tree.width(), default_tree)
    assert again.plots.channels.tables_shown() and again.menus.toolbar.isVisible()
    assert again.settings.value("window/state") is None  # forgotten until the next close
    assert again.close()
    third = make_window(1280, 820)
    assert third.dockWidgetArea(third.rules_dock) == Qt.DockWidgetArea.BottomDockWidgetArea


def test_the_plots_detach_into_their_own_window(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window)
    index = _show_layer(qtbot, window, 1024)
    window.window_layout.act_detach.trigger()  # View ▸ Plots in Own Window
    settle()
    plots_window = window.window_layout.plots_window
    assert plots_window is not None and plots_window.isVisible()
    assert window.plots.window() is plots_window and window.splitter.count() == 1
    assert "resnet50_caffe_record.txt" in plots_window.windowTitle()
    # the plots still follow the selection, and the window's shortcuts work over there
    select_in_tree(qtbot, window, ("record", index + 1))
    window.plots.channels.flush()
    assert window.plots.channels.layer_index == index + 1
    assert window.window_layout.act_focus in plots_window.actions() and window.menus.act_undo in plots_window.actions()
    window.window_layout.act_focus.trigger()  # detached: Focus Plots fills its screen
    assert plots_window.isFullScreen()
    window.window_layout.act_focus.trigger()
    assert not plots_window.isFullScreen()
    assert window.close()  # remembered: the next start detaches them again

    again = make_window(1280, 820)
    assert again.window_layout.plots_window is not None and again.plots.window() is again.window_layout.plots_window
    again.window_layout.plots_window.close()  # closing their window brings them back
    settle()
    assert again.window_layout.plots_window is None and again.plots.window() is again
    assert again.splitter.indexOf(again.side_tabs) == 1 and again.side_tabs.isVisible()


def test_tree_labels_of_mobilenet_are_unique_and_whole_on_a_wide_screen(qtbot, tmp_path, make_window):
    """Eleven MobileNetV2 depthwise layers all read ".../expanded.../depthwise" in the tree."""
    window = make_window(1920, 1080)
    _open(qtbot, tmp_path, window, MOBILENET_V2_TF)
    tree = window.tree
    width = tree.view.columnWidth(0)
    metrics = tree.view.fontMetrics()
    keys = tree.editor.keys()
    room = width - 2 * tree.view.indentation() - metrics.horizontalAdvance(f"[{len(keys) - 1}] ") - 12
    shown = [tree.delegate.shown_label(k, metrics, room) for k in keys]
    assert len(set(shown)) == len(keys)  # every row names its layer
    assert not any(s.startswith("…") and not s.startswith("…/") for s in shown)  # none cut
    depthwise = [s for k, s in zip(keys, shown, strict=True) if k.endswith("/depthwise/depthwise")]
    assert "…/expanded_conv_10/…/depthwise" in depthwise
    assert tree.width() < 0.25 * window.width()


def test_the_channel_plot_opens_on_a_log_axis_for_a_layer_spanning_decades(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window, MOBILENET_V2_TF)
    message = window.document.message
    channels = window.plots.channels

    def span(i: int) -> float:
        v = [x for x in message.record[i].value.scale_w if x > 0]
        return max(v) / min(v)

    wide = next(i for i, e in enumerate(message.record) if len(e.value.scale_w) > 1 and span(i) > 10)
    narrow = next(i for i, e in enumerate(message.record) if len(e.value.scale_w) > 1 and span(i) < 10)
    channels.show_layer(wide)
    assert channels.act_log.isChecked() and channels.main.plot.vb.state["logMode"][1]
    channels.show_layer(narrow)
    assert not channels.act_log.isChecked() and not channels.main.plot.vb.state["logMode"][1]
    channels.act_log.trigger()  # the user's choice (L) holds for the layers shown next
    channels.show_layer(wide)
    channels.show_layer(narrow)
    assert channels.act_log.isChecked() and channels.main.plot.vb.state["logMode"][1]


def test_a_file_of_prune_records_only_opens_on_the_prune_ranges(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    message = RecordDocument.load(copy_sample(tmp_path, "resnet_tf_inner_prune.txt")).message
    del message.record[:]
    path = tmp_path / "prune_only.txt"
    from google.protobuf import text_format

    path.write_text(text_format.MessageToString(message))
    _open(qtbot, tmp_path, window, path)
    assert window.plots.currentWidget() is window.plots.prune
    _open(qtbot, tmp_path, window, RESNET50_CAFFE)  # a record with layers: the overview
    assert window.plots.currentWidget() is window.plots.overview


def test_prune_range_labels_are_the_trees_short_labels(qtbot, tmp_path, make_window):
    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    view = window.plots.prune
    window.plots.setCurrentWidget(view)
    view.flush()
    axis = view.axis
    labels = window.tree.delegate.key_labels
    nodes = {b.row: b.name for b in view.layout_data.bars}
    # each node is labelled as the tree labels it, so distinct nodes read differently
    rows = sorted(nodes)
    strings = axis.tickStrings([float(r) for r in rows], 1.0, 1.0)
    by_name: dict[str, set[str]] = {}
    for row, text in zip(rows, strings, strict=True):
        name = nodes[row]
        assert labels.label(name) in text or labels.scoped(name) in text or name in text, (name, text)
        by_name.setdefault(text, set()).add(name)
    assert all(len(names) == 1 for names in by_name.values()), [n for n in by_name.values() if len(n) > 1]


@pytest.mark.parametrize("source", [RESNET50_CAFFE, MOBILENET_V2_TF], ids=["caffe", "tf-inner"])
def test_the_edit_dock_shows_the_whole_form_at_the_first_start_size(qtbot, tmp_path, make_window, source):
    """At 1280×820 the Edit dock cut off the clip-range row, Set from range… and width."""
    from PySide6.QtCore import QPoint, QRect

    window = make_window(1280, 820)
    _open(qtbot, tmp_path, window, source)
    select_in_tree(qtbot, window, ("record", 2))
    panel = window.record_panels.layer_panel
    dock = window.edit_dock
    qtbot.waitUntil(lambda: panel.entry == 2 and panel.clip_label.text() != "")
    # a layer to show: the dock opens to its height (folded while nothing was selected)
    folder = window.dock_folder
    qtbot.waitUntil(lambda: not folder.folded(dock) and dock.height() == folder.opened_height())
    shown = [panel.clip_label, panel.range_button] + [panel.fields[n] for n in ("scale_d", "offset_d", "channels",
                                                                                  "height", "width")
                                                      if n in panel.fields]
    assert panel.range_button.isVisible()
    for w in shown:
        # in the dock's own rectangle, and not scrolled away (its visible part is all of it)
        assert dock.rect().contains(QRect(w.mapTo(dock, QPoint(0, 0)), w.size())), w
        assert w.visibleRegion().boundingRect().size() == w.size(), w
