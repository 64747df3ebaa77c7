"""The model in the window: File ▸ Attach Model…, the status bar, the model rules in the
Problems dock, the weights overlay and Reset scale_w from weights, remembering the model per
record, broken and missing model files, drag and drop, and ``--model`` on the command line."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from editor.models import load_model
from editor.models import synth as model_synth
from editor.models.weights import Review, layer_arq
from editor.records import synth
from editor.records.model_review import review_record
from editor.records.problems import Severity
from editor.ui.dialogs import SaveAsChoice
from tests.models.kit import layer_of
from tests.ui.kit import (
    PLANTED,
    WASTEFUL,
    ScriptedPrompter,
    bits,
    document_of,
    fitted_record,
    open_and_wait,
    settle,
)


@pytest.fixture
def onnx_case(tmp_path):
    """(record file, model file): the generated ONNX convnet with weights and a record for it
    whose conv1 has one clipping and one wasteful channel, the rest exactly ARQ's."""
    model_path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(model_path, seed=2)
    model = load_model(model_path)
    message = fitted_record(model)
    conv1 = next(e for e in message.record if e.key == "conv1")
    conv1.value.scale_w[PLANTED] = conv1.value.scale_w[PLANTED] / 4
    conv1.value.scale_w[WASTEFUL] = conv1.value.scale_w[WASTEFUL] * 3
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(message))
    return record, model_path


def attach_and_wait(qtbot, window, model, weights=None) -> None:
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        assert window.attach_model(model, weights)
    assert blocker.args == [True], window.prompter.errors
    settle()  # the views take in what was installed on the next turns of the event loop


def layer_index(window, key: str) -> int:
    return next(i for i, e in enumerate(window.session.message.record) if e.key == key)


def test_attaching_a_model_shows_it_checks_with_it_and_reviews_the_weights(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    assert not window.model_label.isVisible() and not window.act_detach_model.isEnabled()
    attach_and_wait(qtbot, window, model_path)
    session = window.session
    assert session.network is not None and session.network.path == model_path
    # the status bar: the model, the keys it matches (all five: no unmatched key, every layer recorded)
    assert window.model_label.isVisible() and window.model_label.text() == "model net.onnx · 5 matched"
    assert "5 keys name a layer" in window.model_label.toolTip()
    assert window.statusBar().currentMessage().startswith("Attached model net.onnx: 5 of 5 keys name a layer")
    # the weights rule found the planted channels of conv1, and nothing else
    session.problems.flush()
    found = [p for p in session.problems.problems if p.rule.startswith("model-")]
    assert [(p.rule, p.key) for p in found] == [("model-scale-w-weights", "conv1")]
    assert f"scale_w[{PLANTED}]" in found[0].message and f"({PLANTED})" in found[0].message
    # the tree and the Edit panel say what the model says of the layer
    i = layer_index(window, "conv1")
    model = session.model
    tip = model.data(model.index_for_path(("record", i), 1), Qt.ItemDataRole.ToolTipRole)
    assert "model: Conv, 3 → 16 channels" in tip
    marks = model.data(model.index_for_path(("record", i), 1), model.ANNOTATIONS_ROLE)
    # its problem first, its severity (a quarter clips: 4×), then the model's word
    assert [a.mark for a in marks] == ["1 warning", "4.00×", "Conv 3→16"]
    scale_w = model.index_for_path(("record", i, "value", "scale_w"), 1)
    assert [a.mark for a in model.data(scale_w, model.ANNOTATIONS_ROLE)] == ["1 warning", "clips ×0.25"]
    assert ("clips the weights in 1 of 16 channels, wastes levels in 1 of 16; lowest ratio ×0.25 at "
            f"[{PLANTED}]") in model.data(scale_w, Qt.ItemDataRole.ToolTipRole)
    session.selection.select(("record", i))
    panel = window.record_panels.layer_panel
    assert panel.model_label.text().startswith("Conv, 3 → 16 channels; scale_w / ARQ from the weights: worst "
                                               f"[{PLANTED}] ×0.25")
    # Detach: checked on its own again
    window.act_detach_model.trigger()
    settle()
    session.problems.flush()
    assert session.network is None and not window.model_label.isVisible()
    assert not [p for p in session.problems.problems if p.rule.startswith("model-")]
    assert "model:" not in model.data(model.index_for_path(("record", i), 1), Qt.ItemDataRole.ToolTipRole)


def test_the_overlay_shows_amcts_values_and_flags_the_planted_channels(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    attach_and_wait(qtbot, window, model_path)
    session = window.session
    i = layer_index(window, "conv1")
    session.selection.select(("record", i, "value", "scale_w", PLANTED))
    plot = window.plots.channels
    assert window.plots.currentWidget() is plot
    data = plot.overlay_data("weights")
    assert data is not None
    # the overlay's values are review_record's ARQ values, bit for bit
    expected = review_record(session.message, session.dialect, load_model(model_path))[i]
    assert isinstance(expected, Review)
    assert bits(data.values) == bits(expected.arq.scale)
    drawn = plot.overlays._items["weights"].main.getOriginalDataset()[1]
    assert bits(drawn) == bits(expected.arq.scale)
    marks = {m.name: m.channels.tolist() for m in data.marks}
    assert marks == {"clips the weights": [PLANTED], "wastes levels": [WASTEFUL]}
    assert "clips the weights" in plot.describe("scale_w", PLANTED)
    assert plot.strip.plot.isVisible()
    assert "weights: 1 clip, 1 waste" in plot.details.text()
    # the overview: the worst ratio of each layer, conv1 flagged at a quarter
    overview = window.plots.overview
    overview.flush()
    series = overview.layer_series("weights")
    assert series is not None and series.values[i] == pytest.approx(0.25, rel=1e-5)
    assert series.flags.tolist() == [k == i for k in range(len(session.message.record))]
    # the ratio counts towards conv1's severity: a quarter clips, 4× beyond the acceptable band
    from editor.records import severity
    from editor.ui.plots.layers_table import KEY, SEVERITY

    sev = overview.severities
    assert sev.values[i] == pytest.approx(4.0, rel=1e-4) and sev.sources[i] == severity.ARQ
    layers = window.plots.layers
    layers.refresh()
    assert layers.proxy.data(layers.proxy.index(0, KEY)) == "conv1"
    assert layers.proxy.data(layers.proxy.index(0, SEVERITY)) == "4.00×"
    assert "scale_w/ARQ: 4.00× beyond" in layers.model.severity_tip(i)
    # a lower waste threshold flags more: the Channels toolbar's spin box
    window.plots.weights.act_waste.set_value(1.01)
    window.plots.weights.flush()
    assert session.weights.waste == 1.01
    plot.flush()
    assert plot.overlay_data("weights").marks[1].channels.tolist() == [WASTEFUL]  # the rest are exact


def test_reset_from_weights_on_one_channel_is_exact_and_one_undo_restores_it(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    attach_and_wait(qtbot, window, model_path)
    session = window.session
    i = layer_index(window, "conv1")
    before = session.message.SerializeToString()
    old = np.float32(session.message.record[i].value.scale_w[PLANTED])
    session.selection.select(("record", i, "value", "scale_w", PLANTED))
    plot = window.plots.channels
    plot.graphics.setFocus()
    qtbot.keyClick(plot.graphics, Qt.Key.Key_W)  # Reset channel's scale_w from weights
    model = load_model(model_path)
    arq = layer_arq(model, layer_of(model, "conv1"), fold=True)
    new = np.float32(session.message.record[i].value.scale_w[PLANTED])
    assert new.tobytes() == arq.scale[PLANTED].tobytes() and new != old
    assert bits(session.message.record[i].value.scale_w)[WASTEFUL] != bits(arq.scale)[WASTEFUL]  # only that one
    assert session.undo_stack.count() == 1
    session.problems.flush()
    problem = next(p for p in session.problems.problems if p.rule == "model-scale-w-weights")
    assert "clips" not in problem.message  # the wasteful channel is left to say
    window.menus.act_undo.trigger()
    assert session.message.SerializeToString() == before
    # the whole layer, then every flagged layer: one step each
    assert window.plots.weights.reset_layer() is None
    assert bits(session.message.record[i].value.scale_w) == bits(arq.scale)
    window.menus.act_undo.trigger()
    assert window.plots.weights.reset_flagged() is None
    assert bits(session.message.record[i].value.scale_w) == bits(arq.scale)
    assert session.weights.flagged_entries() == []
    window.menus.act_undo.trigger()
    assert session.message.SerializeToString() == before
    # a span: channels 4..6
    plot.set_span(4, 6)
    assert window.plots.weights.reset_span() is None
    got = bits(session.message.record[i].value.scale_w)
    assert got[4:7] == bits(arq.scale)[4:7] and got[WASTEFUL] != bits(arq.scale)[WASTEFUL]


def test_reset_is_refused_with_the_reason_where_there_is_nothing_to_compare(qtbot, env, onnx_case):
    record, model_path = onnx_case
    record.write_text(record.read_text().replace('key: "proj"', 'key: "relu1"'))  # a Relu: no weights
    window = env()
    open_and_wait(qtbot, window, record)
    session = window.session
    attach_and_wait(qtbot, window, model_path)
    session.selection.select(("record", layer_index(window, "relu1")))
    weights = window.plots.weights
    reason = weights.reset_layer()
    assert reason == "Relu has no weights AMCT quantizes"
    assert window.plots.channels.info.text() == f"Not changed: {reason}"
    assert session.undo_stack.count() == 0
    conv1 = layer_index(window, "conv1")
    session.selection.select(("record", conv1))
    assert "select a channel" in weights.reset_channel()


def test_a_model_rule_problem_in_the_dock_selects_its_row(qtbot, env, onnx_case):
    record, model_path = onnx_case
    text = record.read_text().replace('key: "conv2"', 'key: "conv_2"')
    record.write_text(text)
    window = env()
    open_and_wait(qtbot, window, record)
    attach_and_wait(qtbot, window, model_path)
    session = window.session
    session.problems.flush()
    dock = window.rules_dock
    pm = dock.problems_model
    errors = pm.index(0, 0)
    rows = [pm.index(r, 0, errors) for r in range(pm.rowCount(errors))]
    unknown = next(ix for ix in rows if pm.problem(ix).rule == "model-unknown-key")
    assert 'did you mean "conv2"? That layer has no record' in pm.problem(unknown).message
    model = session.model
    row = model.index_for_path(("record", layer_index(window, "conv_2")), 1)
    assert [a.mark for a in model.data(row, model.ANNOTATIONS_ROLE)] == ["1 error", "not in model"]
    # as `info --model` and `check` count them: the renamed key, whose layer conv2 is told with it
    # (not counted again among the layers without a record)
    assert window.model_label.text() == "model net.onnx · 4 matched · 1 unmatched key"
    assert "conv_2 → conv2" in window.model_label.toolTip()
    # one key: said in the singular (it read "1 keys name no layer")
    assert "\n1 key names no layer: conv_2\n" in window.model_label.toolTip()
    assert "\n4 keys name a layer of the model\n" in window.model_label.toolTip()
    dock.show()
    dock.raise_()
    dock.view.scrollTo(unknown)
    qtbot.mouseClick(dock.view.viewport(), Qt.MouseButton.LeftButton, pos=dock.view.visualRect(unknown).center())
    i = layer_index(window, "conv_2")
    assert session.selection.path[:2] == ("record", i)
    assert window.tree.current_path()[:2] == ("record", i)


def test_the_model_is_remembered_per_record_and_attached_again(qtbot, env, onnx_case, tmp_path):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    attach_and_wait(qtbot, window, model_path)
    window.documents.close_document()
    assert window.session.network is None
    # a new window with the same settings: opening the record attaches its model again
    again = env()
    with qtbot.waitSignal(again.models.attachFinished, timeout=30000) as blocker:
        open_and_wait(qtbot, again, record)
    assert blocker.args == [True]
    assert again.session.network is not None and again.session.network.path == model_path.resolve()
    assert again.statusBar().currentMessage().startswith("Re-attached model net.onnx")
    # reloading the record keeps the model as it was read (its weights are not read again)
    network = again.session.network
    with qtbot.waitSignal(again.models.attachFinished, timeout=30000):
        again.documents.reload()
    assert again.session.network is network
    # saved under another name, the record keeps its model there too
    copy = tmp_path / "copy.txt"
    assert again.documents.save_to(SaveAsChoice(copy, False, again.document.dialect))
    assert again.models.remembered_for(copy.resolve()) == again.models.files
    # another record is not given that model
    other = tmp_path / "other.txt"
    other.write_text(record.read_text())
    open_and_wait(qtbot, again, other)
    assert again.session.network is None and not again.models.is_loading
    # Detach forgets it for the record
    open_and_wait(qtbot, again, record)
    qtbot.waitUntil(lambda: again.session.network is not None, timeout=30000)
    settle()
    again.act_detach_model.trigger()
    open_and_wait(qtbot, again, record)
    assert not again.models.is_loading and again.session.network is None


def test_a_remembered_model_gone_is_a_note_not_an_error(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    attach_and_wait(qtbot, window, model_path)
    model_path.unlink()
    window.documents.reload()
    qtbot.waitUntil(lambda: "no longer there" in window.statusBar().currentMessage())
    assert window.session.network is None and window.prompter.errors == []
    message = window.statusBar().currentMessage()
    assert "is no longer there" in message and str(model_path.resolve()) in message


def test_a_broken_model_file_says_which_file_and_what_is_wrong(qtbot, env, onnx_case, tmp_path):
    record, _model_path = onnx_case
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"\x08\x07\x12\x04trunc")  # a field cut short
    window = env()
    open_and_wait(qtbot, window, record)
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        window.attach_model(broken)
    assert blocker.args == [False]
    assert window.session.network is None
    [(title, text)] = window.prompter.errors
    assert title == "Cannot attach model" and text.startswith(str(broken)) and len(text) > len(str(broken)) + 5
    assert "Traceback" not in text


def test_attach_model_menu_takes_a_caffe_net_with_its_weights_beside_it(qtbot, env, tmp_path):
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    model_synth.caffe_net(proto, weights, seed=11)
    model = load_model(proto, weights)
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(fitted_record(model, "caffe")))
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, record)
    prompter.model_answers.append(str(proto))
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        window.act_attach_model.trigger()
    assert blocker.args == [True] and prompter.weights_answers == []  # the .caffemodel beside it: not asked
    network = window.session.network
    assert network.framework == "caffe" and network.weights_path == weights and network.has_weights
    window.session.problems.flush()
    assert not [p for p in window.session.problems.problems if p.rule.startswith("model-")]
    assert window.session.weights.flagged_entries() == []


def test_cancel_leaves_the_record_as_it_was(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        window.attach_model(model_path)
        assert window.cancel_button.isVisible()
        window.cancel_button.click()
    assert blocker.args == [False]
    assert window.session.network is None and "cancelled" in window.statusBar().currentMessage()
    assert not window.cancel_button.isVisible()


def test_an_edit_while_the_model_attaches_is_checked_with_it(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    open_and_wait(qtbot, window, record)
    session = window.session
    i = layer_index(window, "conv2")
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000):
        window.attach_model(model_path)
        from editor.records.edits.commands import SetValueCommand

        session.push(SetValueCommand(session.editor, ("record", i, "value", "scale_w", 0), 1e-6))
    session.problems.flush()
    flagged = {p.key for p in session.problems.problems if p.rule == "model-scale-w-weights"}
    assert flagged == {"conv1", "conv2"}
    assert session.weights.review(i).clipped[0]


def drop(window, path) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    pos = QPointF(window.width() / 2, window.height() / 2)
    event = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)


def test_dropping_a_model_on_the_window_attaches_it(qtbot, env, onnx_case):
    record, model_path = onnx_case
    window = env()
    drop(window, model_path)  # no record open: a model alone is not opened as a record
    assert window.document is None and "open the record it belongs to first" in window.statusBar().currentMessage()
    open_and_wait(qtbot, window, record)
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        drop(window, model_path)
    assert blocker.args == [True] and window.session.network is not None
    assert document_of(window).path == record  # still the record: the model was attached, not opened


def test_model_on_the_command_line_is_attached_once_the_record_is_open(qtbot, tmp_path, onnx_case):
    from PySide6.QtCore import QSettings

    from editor.cli import gui_parser
    from editor.ui.app import create_window

    record, model_path = onnx_case
    args = gui_parser().parse_args([str(record), "--model", str(model_path)])
    assert (args.file, args.model, args.weights) == (str(record), str(model_path), None)
    settings = QSettings(str(tmp_path / "cli.ini"), QSettings.Format.IniFormat)
    window = create_window(args.file, model=args.model, weights=args.weights, settings=settings,
                           prompter=ScriptedPrompter(), recovery_dir=tmp_path / "recovery")
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.session.network is not None, timeout=30000)
    assert window.session.network is not None
    assert document_of(window).path == record and window.session.network.path == model_path
    window.session.problems.flush()
    model_rules = [p for p in window.session.problems.rule_problems if p.rule.startswith("model-")]
    assert model_rules and model_rules[0].severity is Severity.WARNING


def test_the_editor_form_hands_model_and_weights_to_the_window(gui_calls, tmp_path):
    from editor.cli import main

    record = tmp_path / "r.txt"
    record.write_text("")
    assert main([str(record), "--model", "net.prototxt", "--weights", "net.caffemodel"]) == 0
    assert gui_calls == [{"path": str(record), "dialect": None, "repair": False,
                          "model": "net.prototxt", "weights": "net.caffemodel"}]


def test_weights_without_model_on_the_command_line_is_a_usage_error(capsys):
    from editor.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["record.txt", "--weights", "w.caffemodel"])
    assert exit_.value.code == 2 and "--weights needs --model" in capsys.readouterr().err


def test_attach_model_asks_for_the_weights_of_a_caffe_net_without_them_beside_it(qtbot, env, tmp_path):
    net = tmp_path / "net"
    net.mkdir()
    proto, weights = net / "tiny.prototxt", tmp_path / "elsewhere.caffemodel"
    model_synth.caffe_net(proto, weights, seed=11)
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(fitted_record(load_model(proto, weights), "caffe")))
    prompter = ScriptedPrompter()
    window = env(prompter)
    open_and_wait(qtbot, window, record)
    prompter.model_answers.append(str(proto))
    prompter.weights_answers.append(None)  # Cancel: the structure alone
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000):
        window.act_attach_model.trigger()
    assert window.session.network.weights_path is None and not window.session.weights.active
    assert "no weights: scale_w is not reviewed" in window.statusBar().currentMessage()
    prompter.model_answers.append(str(proto))
    prompter.weights_answers.append(str(weights))
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000):
        window.act_attach_model.trigger()
    assert window.session.network.weights_path == weights and window.session.weights.active


def test_fill_input_shapes_from_the_model_is_one_undo_step(qtbot, env, tmp_path):
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    model_synth.caffe_net(proto, weights, seed=11)
    model = load_model(proto, weights)
    message = fitted_record(model, "caffe")
    wrong = next(i for i, e in enumerate(message.record) if layer_of(model, e.key).input_shape is not None)
    right = tuple(message.record[wrong].value.channels for _ in (0,)) + (message.record[wrong].value.height,)
    message.record[wrong].value.height += 3
    message.record[wrong].value.channels += 1
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(message))
    window = env(ScriptedPrompter())
    open_and_wait(qtbot, window, record)
    assert not window.act_fill_shapes.isEnabled()  # no model yet
    attach_and_wait(qtbot, window, proto, weights)
    window.session.problems.flush()
    assert [p.rule for p in window.session.problems.problems if p.rule.startswith("model-")] == ["model-input-shape"]
    assert window.act_fill_shapes.isEnabled()
    window.act_fill_shapes.trigger()
    value = window.session.message.record[wrong].value
    assert (value.channels, value.height) == right
    assert window.session.undo_stack.count() == 1
    assert "from the model" in window.session.undo_stack.undoText()
    window.session.problems.flush()
    assert not [p for p in window.session.problems.problems if p.rule.startswith("model-")]
    window.session.undo_stack.undo()
    assert (value.channels, value.height) == (right[0] + 1, right[1] + 3)
    window.act_fill_shapes.trigger()  # again; then nothing left to do says so
    window.act_fill_shapes.trigger()
    assert window.session.undo_stack.count() == 1
    assert "already agree" in window.statusBar().currentMessage()
