"""The plots inside the main window: the overview first on open, one undo stack with the window."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt

from editor.ui.main_window import MainWindow
from tests.ui.kit import ScriptedPrompter, copy_sample, open_and_wait


@pytest.fixture
def window(tmp_path, qtbot) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings, prompter=ScriptedPrompter(), recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(win, before_close_func=lambda w: w.prompter.save_answers.extend(["discard"] * 3))
    win.resize(1400, 800)
    win.show()
    return win


def bits(values) -> list[int]:
    return np.asarray(values, dtype=np.float32).view(np.uint32).tolist()


def test_overview_first_on_open_and_plot_edits_undo_with_ctrl_z(qtbot, tmp_path, window):
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    plots = window.plots
    assert window.side_tabs.currentWidget() is plots and plots.currentWidget() is plots.overview
    message = window.document.message
    qtbot.waitUntil(lambda: len(plots.overview.data) == len(message.record), timeout=2000)

    window.session.selection.select(("record", 4, "value", "scale_w", 2), source=window.tree)
    assert plots.currentWidget() is plots.channels and plots.channels.layer_index == 4
    old = np.array(message.record[4].value.scale_w, dtype=np.float32)
    plots.channels.set_span(3, 7)
    assert plots.channels.multiply_span(2) is None
    assert window.isWindowModified() and window.session.undo_stack.count() == 1
    changed = np.array(window.document.message.record[4].value.scale_w, dtype=np.float32)
    assert bits(changed[3:8]) == bits((old[3:8].astype(np.float64) * 2).astype(np.float32))
    window.activateWindow()
    plots.channels.graphics.setFocus()
    qtbot.keyClick(plots.channels.graphics, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert bits(window.document.message.record[4].value.scale_w) == bits(old)
    assert not window.isWindowModified()
    qtbot.waitUntil(lambda: bits(plots.channels.main.curve.getOriginalDataset()[1]) == bits(old), timeout=2000)

    # another file, with a channel still selected: the overview again, whatever was shown before
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    assert plots.currentWidget() is plots.overview
    qtbot.waitUntil(lambda: len(plots.overview.data) == len(window.document.message.record), timeout=2000)
    assert not plots.isTabVisible(plots.indexOf(plots.prune))  # caffe has no prune records
