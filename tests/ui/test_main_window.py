"""The main window driven offscreen as a user would: open, edit, undo, save, ask, recover."""
from __future__ import annotations

import difflib
import struct

from google.protobuf import text_format
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QLineEdit

from editor.records.dialects import DIALECTS
from editor.records.edits.commands import SetValueCommand
from editor.ui.dialogs import SaveAsChoice
from editor.ui.main_window import Banner, MainWindow
from tests.ui.kit import (
    ScriptedPrompter,
    copy_sample,
    f32,
    open_and_wait,
    settle,
    view_index,
    wait_for_disk_check,
)


def test_edit_undo_redo_save_changes_one_line(qtbot, tmp_path, env):
    window = env()
    path = copy_sample(tmp_path, "resnet_pytorch.txt")
    original = path.read_text()
    open_and_wait(qtbot, window, path)
    assert "resnet_pytorch.txt" in window.windowTitle() and not window.isWindowModified()
    assert window.dialect_label.text() == "pytorch"
    assert window.counts_label.text() == "57 layers · 28 prune records"
    view = window.tree.view
    # expand layer conv1 with the keyboard, as a user would
    layer = view_index(window, ("record", 0))
    assert layer.data() == "conv1"
    view.setFocus()
    view.setCurrentIndex(layer)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.isExpanded(layer)
    # double-click the scale_d value, type, Enter
    cell = view_index(window, ("record", 0, "value", "scale_d"), 1)
    rect = view.visualRect(cell)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editor = view.indexWidget(cell)
    assert isinstance(editor, QLineEdit)
    old = window.document.message.record[0].value.scale_d
    editor.selectAll()
    qtbot.keyClicks(editor, "0.0123456789")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    message = window.document.message
    qtbot.waitUntil(lambda: message.record[0].value.scale_d == f32(0.0123456789))
    assert window.isWindowModified()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert struct.pack("<f", message.record[0].value.scale_d) == struct.pack("<f", old)
    assert not window.isWindowModified()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert message.record[0].value.scale_d == f32(0.0123456789)
    qtbot.keyClick(view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    diff = [line for line in difflib.unified_diff(original.splitlines(), path.read_text().splitlines(), n=0)
            if line.startswith(("+", "-")) and not line.startswith(("+++", "---"))]
    assert diff == [f"-    scale_d: {original.splitlines()[3].split(': ')[1]}", "+    scale_d: 0.012345679"]


def test_ctrl_y_redoes_too(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    window.tree.select_paths([("record", 0), ("record", 1)])
    window.tree.set_field_on_selected("offset_d", 3)
    window.tree.view.setFocus()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.document.message.record[0].value.offset_d != 3
    qtbot.keyClick(window.tree.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert [e.value.offset_d for e in window.document.message.record[:2]] == [3, 3]


def test_delete_three_selected_layers_and_undo(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    message = window.document.message
    before = message.SerializePartialToString()
    keys = [e.key for e in message.record]
    view = window.tree.view
    view.setFocus()
    for i, row in enumerate((1, 4, 7)):
        rect = view.visualRect(view_index(window, ("record", row)))
        modifier = Qt.KeyboardModifier.ControlModifier if i else Qt.KeyboardModifier.NoModifier
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())
    assert window.selection_label.text() == "3 layers selected"
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert [e.key for e in message.record] == [k for i, k in enumerate(keys) if i not in (1, 4, 7)]
    assert window.counts_label.text().startswith("52 layers")
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert message.SerializePartialToString() == before


def test_unsaved_changes_save_discard_cancel_on_close_and_open(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_mindspore.txt")
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 7)
    prompter.save_answers.append("cancel")
    assert window.close() is False and window.isVisible()
    prompter.save_answers.append("cancel")
    other = copy_sample(tmp_path, "resnet_caffe.txt")
    assert window.open_path(other) is False
    assert window.document.path == path
    prompter.save_answers.append("save")
    open_and_wait(qtbot, window, other)
    assert "offset_d: 7" in path.read_text()
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 9)
    prompter.save_answers.append("discard")
    assert window.close() is True
    assert "offset_d: 9" not in other.read_text()


def test_save_as_binary_and_dialect_change(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    expected = window.document.message.SerializeToString()
    prompter.save_as_answers.append(SaveAsChoice(tmp_path / "out.pb", True, DIALECTS["tf-inner"]))
    assert window.documents.save_as()
    assert (tmp_path / "out.pb").read_bytes() == expected
    assert "out.pb" in window.windowTitle()
    # the caffe schema has no prune records: refused with the list of fields
    prompter.save_as_answers.append(SaveAsChoice(tmp_path / "caffe.txt", False, DIALECTS["caffe"]))
    assert not window.documents.save_as()
    _title, text = prompter.errors[-1]
    assert "prune_record" in text and "Caffe" in text
    assert not (tmp_path / "caffe.txt").exists()


def test_save_as_compatible_dialect_converts(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_mindspore.txt"))
    layers = len(window.document.message.record)
    prompter.save_as_answers.append(SaveAsChoice(tmp_path / "tf.txt", False, DIALECTS["tf-convert"]))
    assert window.documents.save_as()
    assert window.document.dialect.name == "tf-convert"
    assert window.dialect_label.text() == "tf-convert"
    reread = DIALECTS["tf-convert"].new_message()
    text_format.Parse((tmp_path / "tf.txt").read_text(), reread)
    assert len(reread.record) == layers


def test_failed_save_keeps_file_and_edits(qtbot, tmp_path, env, monkeypatch):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    original = path.read_bytes()
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 5)

    def refuse(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("editor.records.document.os.replace", refuse)
    assert not window.documents.save()
    text = prompter.errors[-1][1]
    assert "disk is full" in text or "No space left" in text
    assert "resnet_caffe.txt" in text and "Traceback" not in text
    assert path.read_bytes() == original
    assert window.isWindowModified()
    assert window.document.message.record[0].value.offset_d == 5


def test_recent_files_geometry_and_splitter_persist(qtbot, tmp_path, env):
    window = env()
    a = copy_sample(tmp_path, "resnet_caffe.txt")
    b = copy_sample(tmp_path, "resnet_onnx.txt")
    open_and_wait(qtbot, window, a)
    open_and_wait(qtbot, window, b)
    assert window.menus.recent_files()[:2] == [str(b.resolve()), str(a.resolve())]
    window.resize(640, 480)
    window.add_side_widget(QLineEdit("panel"), "Panel")
    window.splitter.setSizes([600, 400])
    sizes = window.splitter.sizes()
    assert window.close()
    again = env()
    again.add_side_widget(QLineEdit("panel"), "Panel")
    again._restore_settings()
    assert (again.size().width(), again.size().height()) == (640, 480)
    restored = again.splitter.sizes()
    assert all(abs(x - y) <= 4 for x, y in zip(restored, sizes, strict=True)), (restored, sizes)
    assert again.menus.recent_files()[0] == str(b.resolve())
    again.menus.recent_menu.aboutToShow.emit()
    texts = [a.text() for a in again.menus.recent_menu.actions()]
    assert any("resnet_onnx.txt" in t for t in texts)


def test_file_changed_on_disk_offers_reload(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    # AMCT rewrites the file
    text = path.read_text().replace('key: "conv1"', 'key: "conv1_rerun"', 1)
    path.write_text(text)
    qtbot.waitUntil(lambda: window.banners.disk_banner is not None, timeout=5000)
    assert "changed on disk" in window.banners.disk_banner.label.text()
    with qtbot.waitSignal(window.loadFinished, timeout=10000):
        window.banners.disk_banner.buttons["Reload"].click()
    assert window.document.message.record[0].key == "conv1_rerun"
    # with unsaved edits: keep mine, and Save asks before overwriting
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 4)
    path.write_text(text.replace("conv1_rerun", "conv1_third"))
    qtbot.waitUntil(lambda: window.banners.disk_banner is not None, timeout=5000)
    assert "drops your unsaved edits" in window.banners.disk_banner.label.text()
    window.banners.disk_banner.buttons["Keep Mine"].click()
    prompter.confirm_answers.append(False)
    assert not window.documents.save()
    assert "conv1_third" in path.read_text()
    prompter.confirm_answers.append(True)
    assert window.documents.save()
    assert "offset_d: 4" in path.read_text()


def test_own_save_is_not_reported_as_a_change(qtbot, tmp_path, env):
    window = env()
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, path)
    window.tree.select_path(("record", 0))
    window.tree.set_field_on_selected("offset_d", 4)
    assert window.documents.save()
    wait_for_disk_check(qtbot, window)
    assert window.banners.disk_banner is None


def test_reading_problems_are_listed_and_select_the_row(qtbot, tmp_path, env):
    window = env()
    path = tmp_path / "dupes.txt"
    path.write_text('record {\n  key: "a"\n  value { scale_d: 0.5 offset_d: 1 offset_d: 2 }\n}\n'
                    'record {\n  key: "b"\n}\nrecord {\n  key: "a"\n}\n')
    open_and_wait(qtbot, window, path)
    dock = window.rules_dock
    assert dock.isVisible()
    reading = window.document.problems
    assert len(reading) >= 2 and any("line" in p.message or p.line for p in reading)
    model = dock.problems_model
    shown = model.shown()
    assert all(p in shown for p in reading)
    # double-clicking the override (a reading problem with a line) selects that layer's field
    override = next(p for p in reading if p.record_index == 0)
    found = None
    for group in range(model.rowCount()):
        parent = model.index(group, 0)
        for row in range(model.rowCount(parent)):
            if model.problem(model.index(row, 0, parent)) == override:
                found = model.index(row, 0, parent)
    assert found is not None
    dock.view.doubleClicked.emit(found)
    assert window.tree.current_path()[:2] == ("record", 0)


def test_open_errors_are_messages_and_the_record_stays(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    good = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, good)
    bad = tmp_path / "bad.txt"
    bad.write_text('record {\n  key: "x"\n  value { scale_d: abc }\n}\n')
    with qtbot.waitSignal(window.loadFinished, timeout=10000) as blocker:
        window.open_path(bad)
    assert blocker.args == [False]
    _title, text = prompter.errors[-1]
    assert "bad.txt:3:" in text
    assert window.document.path == good
    with qtbot.waitSignal(window.loadFinished, timeout=10000):
        window.open_path(tmp_path / "missing.txt")
    assert "missing.txt" in prompter.errors[-1][1]
    assert "Traceback" not in prompter.errors[-1][1]


def test_repair_is_offered_and_marks_the_record_modified(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = tmp_path / "from_docs.txt"
    path.write_text('record {\n  key: "conv1"\n  value {\n    scale_d: 0.5  // the data scale\n'
                    '    offset_d: 3\n  }\n}\n')
    prompter.confirm_answers.append(True)
    with qtbot.waitSignal(window.loadFinished, timeout=10000) as blocker:
        window.open_path(path)
    assert blocker.args == [True], prompter.errors
    assert "repair" in prompter.asked[-1].lower()
    assert window.document.message.record[0].value.scale_d == 0.5
    assert window.isWindowModified()
    assert window.rules_dock.isVisible()
    # read again as another dialect: still the repaired text, still a change to save
    prompter.confirm_answers.append(True)  # the repair counts as an unsaved edit
    with qtbot.waitSignal(window.loadFinished, timeout=10000) as blocker:
        window.menus.read_as_actions["mindspore"].trigger()
    assert blocker.args == [True], prompter.errors
    assert window.document.dialect.name == "mindspore" and window.document.repairs
    assert window.isWindowModified()


def test_crash_recovery_offered_and_restored(qtbot, tmp_path, env):
    first = env(autosave_ms=50)
    path = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, first, path)
    first.tree.select_path(("record", 2))
    first.tree.set_field_on_selected("offset_d", 11)
    edited = first.document.message.SerializePartialToString()
    recovery = tmp_path / "recovery"
    qtbot.waitUntil(lambda: any(recovery.glob("*.recovery")), timeout=5000)
    # the editor "crashes": nothing removes the file; the next start offers it
    second = env()
    found = second.banners.offer_recovery()
    assert len(found) == 1 and found[0].path == path
    banners = [b for b in second.findChildren(Banner) if "Unsaved edits" in b.label.text()]
    assert len(banners) == 1 and "resnet_caffe.txt" in banners[0].label.text()
    with qtbot.waitSignal(second.loadFinished, timeout=10000):
        second.documents.restore_recovery(found[0])
    assert second.document.message.SerializePartialToString() == edited
    assert second.isWindowModified()
    assert second.session.undo_stack.count() == 1 and second.session.undo_stack.undoText() == "Restore recovered edits"
    assert not found[0].file.exists()
    second.session.undo_stack.undo()
    assert second.document.message.record[2].value.offset_d != 11
    # a clean state removes the recovery file for good
    first.session.undo_stack.undo()
    qtbot.waitUntil(lambda: not any(recovery.glob("*.recovery")), timeout=5000)


def test_cancel_stops_a_big_load_and_keeps_the_record(qtbot, tmp_path, env):
    from editor.records.synth import make_big, to_text

    big = tmp_path / "big.txt"
    big.write_text(to_text(make_big("tf-inner", layers=600, channels=256)))
    window = env()
    small = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, small)
    with qtbot.waitSignal(window.loadFinished, timeout=60000) as blocker:
        window.open_path(big)
        assert window.progress.isVisible() and window.cancel_button.isVisible()
        qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert blocker.args == [False]
    assert window.document.path == small
    assert "cancelled" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not window.documents.is_loading)
    assert window.tree.isEnabled()


def test_drop_a_file_opens_it(qtbot, tmp_path, env):
    window = env()
    path = copy_sample(tmp_path, "resnet_onnx.txt")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.loadFinished, timeout=10000):
        window.dropEvent(event)
    assert window.document.path == path
    assert window.dialect_label.text() == "onnx"


def test_find_and_go_to_layer_shortcuts(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    window.tree.view.setFocus()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.tree.filter_edit.hasFocus()
    qtbot.keyClicks(window.tree.filter_edit, "res3")
    qtbot.waitUntil(lambda: window.tree.count_label.text().endswith("layers"))
    window.prompter.ask_layer_key = lambda keys: "fc1000"
    qtbot.keyClick(window.tree.view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.tree.current_path() == ("record", len(window.document.message.record) - 1)


def test_close_document_and_title(qtbot, tmp_path, env):
    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    assert window.documents.close_document()
    assert window.document is None and window.windowTitle() == "AMCT Record Editor"
    assert window.counts_label.text() == "No record open"
    assert not window.menus.act_save.isEnabled()


def test_create_window_opens_the_bundled_sample(qtbot, tmp_path, monkeypatch):
    from editor.ui.app import create_window

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = create_window(None, None, settings=settings, prompter=ScriptedPrompter(),
                           recovery_dir=tmp_path / "rec")
    qtbot.addWidget(window, before_close_func=lambda w: w.prompter.save_answers.append("discard"))
    qtbot.waitUntil(lambda: window.document is not None, timeout=20000)
    assert window.document is not None and window.document.path is not None
    assert window.document.path.name == "resnet_tf_inner_prune.txt"
    assert window.dialect_label.text() == "tf-inner"


def test_command_line_opens_the_file(qtbot, tmp_path, monkeypatch):
    """`record-editor FILE` runs the GUI on FILE until the window closes."""
    from PySide6.QtCore import QStandardPaths, QTimer

    import editor.cli

    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    path = copy_sample(tmp_path, "resnet_onnx.txt")
    seen = {}

    def check():
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        if not windows or windows[-1].document is None:
            QTimer.singleShot(50, check)
            return
        seen["path"] = windows[-1].document.path
        windows[-1].close()
        QApplication.exit(0)

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    quit_on_close = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)  # other tests' windows may exist: quit exactly once
    try:
        QTimer.singleShot(50, check)
        assert editor.cli.main([str(path)]) == 0
    finally:
        app.setQuitOnLastWindowClosed(quit_on_close)
    assert seen["path"] == path


def test_load_steps_run_on_the_loader_thread_and_hand_over_before_showing(qtbot, tmp_path, env):
    import threading

    window = env()
    seen: dict[str, object] = {}

    def prepare(document):
        seen["thread"] = threading.current_thread() is not threading.main_thread()
        return len(document.message.record)

    def apply(document, result):
        seen["result"] = result
        seen["shown_yet"] = window.document is document

    def broken(document):
        raise RuntimeError("a bug in an extra")

    window.documents.add_load_step(broken, lambda d, r: seen.setdefault("broken_applied", True))
    window.documents.add_load_step(prepare, apply)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    assert seen == {"thread": True, "result": 55, "shown_yet": False}
    assert window.document.path.name == "resnet_caffe.txt"


def test_opening_checks_the_rules_and_reads_the_overview_on_the_loader_thread(qtbot, tmp_path, env,
                                                                             monkeypatch):
    """The two whole-file jobs of a new file run once each, off the GUI thread, and the window
    uses what they made: no second full check or overview read when the file is shown."""
    import threading

    from editor.figures.overview import OverviewData
    from editor.ui import live_problems as _live

    on_gui_thread = threading.current_thread
    gui = threading.main_thread()
    checks: list[tuple[object, bool]] = []

    class CountingChecker(_live.LiveChecker):
        def recheck_all(self):
            checks.append((self, on_gui_thread() is gui))
            super().recheck_all()

    builds: list[tuple[object, OverviewData, bool]] = []
    build = vars(OverviewData)["build"].__func__  # the function under the classmethod

    def counting_build(cls, message, *args):
        data = build(cls, message, *args)
        builds.append((message, data, on_gui_thread() is gui))
        return data

    monkeypatch.setattr(_live, "LiveChecker", CountingChecker)
    monkeypatch.setattr(OverviewData, "build", classmethod(counting_build))
    window = env()
    window.resize(1400, 800)
    # what the new window set going for itself runs first, so only the opening is counted:
    # the weights row's first update (a turn after the window is built) redraws the empty
    # overview, and run while the loader still reads it would count as a build on the GUI
    # thread (of no record), run after the file is shown it builds nothing
    settle()
    checks.clear()
    builds.clear()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_pytorch.txt"))
    overview = window.plots.overview
    qtbot.waitUntil(lambda: len(overview.data) == len(window.document.message.record), timeout=3000)
    settle()  # whatever else the reset set going
    assert [(c is window.session.problems.checker, gui_side) for c, gui_side in checks] == [(True, False)]
    assert window.session.problems.checker.message is window.document.message
    assert [(m is window.document.message, d is overview.data, gui_side)
            for m, d, gui_side in builds] == [(True, True, False)]
    # edits are still followed entry by entry, on the GUI thread, without a full check
    select = ("record", 3, "value", "scale_d")
    window.session.undo_stack.push(SetValueCommand(window.session.editor, select, 0.5))
    overview.flush()
    assert len(checks) == 1 and len(builds) == 1
    assert overview.data.scale_d[3] == 0.5


def test_cancel_while_the_load_steps_run_keeps_the_record_and_what_was_made_for_it(qtbot, tmp_path, env):
    import threading

    window = env()
    small = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, small)
    checker, data = window.session.problems.checker, window.plots.overview.data
    started, release = threading.Event(), threading.Event()

    def slow(document):  # after the window's own steps
        started.set()
        release.wait(10)

    window.documents.add_load_step(slow, lambda document, result: None)
    with qtbot.waitSignal(window.loadFinished, timeout=20000) as blocker:
        window.open_path(copy_sample(tmp_path, "resnet_pytorch.txt"))
        qtbot.waitUntil(started.is_set, timeout=10000)
        qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
        release.set()
    assert blocker.args == [False]
    assert window.document.path == small and "cancelled" in window.statusBar().currentMessage()
    assert window.session.problems.checker is checker and checker.message is window.document.message
    window.plots.overview.flush()
    assert window.plots.overview.data is data
    # the next file is not shown with what was made for the cancelled one
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_onnx.txt"))
    assert window.session.problems.checker.message is window.document.message


def test_bulk_edits_read_the_selection_a_constant_number_of_times(qtbot, tmp_path, env, monkeypatch):
    """Set Field on N selected layers sent N record changes; the tree's actions and the
    status bar re-read the whole selection (a flags() call per cell) at each, and the live
    check ran the whole-file rules (a walk over every layer) at each: quadratic, 56 s for
    500 layers. Reads are counted, not timed: they must not grow with N."""
    from editor.records.rules import engine, live
    from editor.records.synth import make_big, to_text

    walks: list[int] = []
    real_walk = engine._document_problems  # what live checks the whole file with

    def document_problems(*a):
        walks.append(1)
        return real_walk(*a)

    monkeypatch.setattr(live, "_document_problems", document_problems)

    path = tmp_path / "big.txt"
    path.write_text(to_text(make_big("tf-inner", 120, 4, prune_records=0)))
    window = env()
    open_and_wait(qtbot, window, path)
    tree = window.tree
    selection_model = tree.view.selectionModel()
    reads: list[str] = []

    def counted(name, real):
        def read(*a):
            reads.append(name)
            return real(*a)
        return read

    for name in ("selectedRows", "selectedIndexes", "selection"):
        setattr(selection_model, name, counted(name, getattr(selection_model, name)))
    changes: list[int] = []
    selection_model.selectionChanged.connect(lambda *_: changes.append(1))

    tree.select_paths([("record", i) for i in range(120)])
    assert len(changes) == 1 and len(reads) <= 2
    assert window.selection_label.text() == "120 layers selected"
    for step in (lambda: tree.set_field_on_selected("offset_d", 3), window.session.undo_stack.undo,
                 window.session.undo_stack.redo, tree.duplicate_selected, window.session.undo_stack.undo):
        reads.clear()
        walks.clear()
        step()
        settle()  # the coalesced update
        window.session.problems.flush()
        window.session.problems.problems  # noqa: B018 (read, as the dock and the status bar do)
        assert len(reads) <= 2, reads
        assert len(walks) <= 2, len(walks)
    message = window.document.message
    assert [e.value.offset_d for e in message.record] == [3] * 120
    assert window.selection_label.text() == "120 layers selected"
    assert tree.actions["set_on_selected"].isEnabled() and tree.actions["move_down"].isEnabled()
    # after a structural change the actions and the words catch up once the loop is idle
    tree.select_paths([("record", 118), ("record", 119)])
    tree.delete_selected()
    qtbot.waitUntil(lambda: window.selection_label.text() == "record[117]")
    assert window.counts_label.text().startswith("118 layers")


def test_values_are_in_view_at_the_first_start_size(qtbot, tmp_path, env):
    """At 1280x820 the key column took 458 of the tree's 414 px: Value and Type were off-screen."""
    from editor.paths import default_sample
    from editor.ui.tree_view import VALUE_PEEK

    window = env()
    window.resize(1280, 820)
    open_and_wait(qtbot, window, copy_sample(tmp_path, default_sample().name))
    view = window.tree.view
    # the tree is as wide as its keys' labels need, and the values start in view
    qtbot.waitUntil(lambda: view.viewport().width() - view.header().sectionPosition(1) >= VALUE_PEEK - 4)
    room = view.viewport().width()
    assert room < 0.3 * window.width()
    # the scope all keys share is what a shortened key drops first
    assert window.tree.delegate.key_labels.scope == "resnet_v1_50/"
    # the tree narrows (the user drags the splitter): the values stay in view
    window.splitter.setSizes([300, window.splitter.width() - 300])
    qtbot.waitUntil(lambda: view.viewport().width() - view.header().sectionPosition(1) >= VALUE_PEEK - 4)
    # once the user sets the key column's width, it is theirs
    view.header().resizeSection(0, 250)
    window.splitter.setSizes([600, window.splitter.width() - 600])
    settle()  # the tree's resize has been handled: the width must stay as the user set it
    assert view.columnWidth(0) == 250


def test_rename_layer_close_and_quit_have_their_keys(qtbot, tmp_path, env):
    from PySide6.QtGui import QKeySequence

    window = env()
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_caffe.txt"))
    close_keys = window.menus.act_close.shortcuts()
    assert QKeySequence("Ctrl+W") in close_keys and QKeySequence(QKeySequence.StandardKey.Close) in close_keys
    assert QKeySequence("Ctrl+Q") in window.menus.act_quit.shortcuts()
    rename = window.tree.actions["rename"]
    assert rename.shortcut() == QKeySequence("F2") and rename.text() == "&Rename Layer…"
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert rename in edit_menu.actions()
    tree, view = window.tree, window.tree.view
    message = window.document.message
    # F2 on a layer row: its key cell opens for editing
    tree.select_path(("record", 1))
    assert rename in tree.context_menu().actions() and rename.isEnabled()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    assert tree.current_path() == ("record", 1)
    editor = view.indexWidget(view.currentIndex())
    assert isinstance(editor, QLineEdit) and editor.text() == message.record[1].key
    editor.selectAll()
    qtbot.keyClicks(editor, "renamed_layer")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: message.record[1].key == "renamed_layer")
    # F2 on a value row edits the value, whichever cell is current (tests/ui/test_tree_keys.py)
    tree.select_path(("record", 1, "value", "scale_d"))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    cell = view_index(window, ("record", 1, "value", "scale_d"), 1)
    assert isinstance(view.indexWidget(cell), QLineEdit)
    qtbot.keyClick(view.indexWidget(cell), Qt.Key.Key_Escape)
    # the menu item renames the layer the current row is in, from any of its rows
    tree.select_path(("record", 2, "value", "offset_d"))
    assert tree.rename_current_layer()
    assert isinstance(view.indexWidget(view_index(window, ("record", 2))), QLineEdit)
    # Ctrl+W closes the record
    qtbot.keyClick(view.indexWidget(view_index(window, ("record", 2))), Qt.Key.Key_Escape)
    window.prompter.save_answers.append("discard")
    qtbot.keyClick(view, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert window.document is None


def test_read_as_dialect_reads_the_file_again_with_the_chosen_schema(qtbot, tmp_path, env):
    """A MindSpore record uses only field names TF-inner has too, so it opens as TF-inner;
    File ▸ Read As Dialect is how its user says what it is."""
    prompter = ScriptedPrompter()
    window = env(prompter)
    path = copy_sample(tmp_path, "resnet_mindspore.txt")
    open_and_wait(qtbot, window, path)
    assert window.dialect_label.text() == "tf-inner"
    actions = window.menus.read_as_actions
    assert window.menus.read_as_menu.isEnabled() and set(actions) == set(DIALECTS)
    assert actions["tf-inner"].isChecked() and not actions["mindspore"].isChecked()
    with qtbot.waitSignal(window.loadFinished, timeout=30000) as blocker:
        actions["mindspore"].trigger()
    assert blocker.args == [True]
    assert window.document.dialect.name == "mindspore" and window.dialect_label.text() == "mindspore"
    assert actions["mindspore"].isChecked() and not actions["tf-inner"].isChecked()

    # unsaved edits: asked first; No keeps everything as it is
    window.session.undo_stack.push(SetValueCommand(window.session.editor, ("record", 0, "value", "offset_d"), 3))
    prompter.confirm_answers.append(False)
    actions["tf-convert"].trigger()
    assert "drops your unsaved edits" in prompter.asked[-1]
    assert window.document.dialect.name == "mindspore" and actions["mindspore"].isChecked()
    assert window.document.message.record[0].value.offset_d == 3


def test_read_as_a_dialect_that_cannot_read_the_file_keeps_the_record(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_tf_inner_prune.txt"))
    with qtbot.waitSignal(window.loadFinished, timeout=30000) as blocker:
        window.menus.read_as_actions["caffe"].trigger()  # caffe has no prune_record
    assert blocker.args == [False]
    assert prompter.errors and "not part of the caffe schema" in prompter.errors[-1][1]
    assert window.document.dialect.name == "tf-inner" and window.menus.read_as_actions["tf-inner"].isChecked()


def test_save_as_another_dialect_says_which_defaults_it_wrote_out(qtbot, tmp_path, env):
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, copy_sample(tmp_path, "resnet_mindspore.txt"), dialect="mindspore")
    prompter.save_as_answers.append(SaveAsChoice(tmp_path / "onnx.txt", False, DIALECTS["onnx"]))
    assert window.documents.save_as()
    assert window.document.dialect.name == "onnx"
    said = [a for a in prompter.asked if "skip_fusion" in a]
    assert said and "written out" in said[-1] and "onnx.txt" in said[-1]
    assert "skip_fusion: false" in (tmp_path / "onnx.txt").read_text()
