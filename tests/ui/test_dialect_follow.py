"""The record's dialect follows the attached model in the window: a banner offers it, and
reading the record in the model's dialect is one undo step that keeps the model and the edits."""
from __future__ import annotations

from editor.models import load_model
from editor.models import synth as model_synth
from editor.records import synth
from editor.records.problems import Severity
from tests.ui.kit import ScriptedPrompter, open_and_wait


def caffe_case(tmp_path):
    """A Caffe record without channels/height/width for the generated Caffe net: on its own it
    reads as tf-inner."""
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    model_synth.caffe_net(proto, weights, seed=11)
    message = synth.build_record("caffe", synth.layers_from_model(load_model(proto, weights)), seed=1)
    for e in message.record:
        for f in ("channels", "height", "width"):
            e.value.ClearField(f)
    record = tmp_path / "record.txt"
    record.write_text(synth.to_text(message), encoding="utf-8")
    return record, proto, weights, len(message.record)


def attach(qtbot, window, proto, weights) -> None:
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        assert window.attach_model(proto, weights)
    assert blocker.args == [True], window.prompter.errors


def shape_errors(window) -> int:
    window.session.problems.flush()
    return sum(p.rule == "caffe-shape-required" and p.severity is Severity.ERROR
               for p in window.session.problems.problems)


def test_a_caffe_model_offers_the_caffe_reading_as_one_undo_step(qtbot, env, tmp_path):
    record, proto, weights, n = caffe_case(tmp_path)
    window = env(ScriptedPrompter())
    open_and_wait(qtbot, window, record)
    assert window.session.dialect.name == "tf-inner"
    # an edit before the model comes: it must survive the change of reading
    first = window.session.message.record[0]
    from editor.records.edits.commands import SetValueCommand

    window.session.push(SetValueCommand(window.session.editor, ("record", 0, "value", "scale_d"), 0.5))
    attach(qtbot, window, proto, weights)
    offer = window.dialect_offer.banner
    assert offer is not None
    qtbot.waitUntil(offer.isVisible)  # a widget added to a shown window shows on the next turn
    assert "read as tf-inner" in offer.label.text() and "Read it as caffe" in offer.label.text()
    assert shape_errors(window) == 0 and not window.act_fill_shapes.isEnabled()
    offer.buttons["Read"].click()
    assert window.session.dialect.name == "caffe" and window.dialect_label.text() == "caffe"
    assert window.session.network is not None  # the model stays attached
    assert window.session.undo_stack.count() == 2 and "Read as caffe" in window.session.undo_stack.undoText()
    assert window.session.message.record[0].value.scale_d == 0.5 and first.key == window.session.message.record[0].key
    assert shape_errors(window) == 3 * n  # what --dialect caffe says: the shapes are missing
    assert window.act_fill_shapes.isEnabled()
    assert window.dialect_offer.banner is None
    # Fill Input Shapes now works, and clears those errors
    window.act_fill_shapes.trigger()
    assert shape_errors(window) == 0
    window.session.undo_stack.undo()
    window.session.undo_stack.undo()  # the change of reading
    assert window.session.dialect.name == "tf-inner" and window.session.network is not None
    assert window.session.message.record[0].value.scale_d == 0.5
    assert window.dialect_offer.banner is not None  # offered again
    window.session.undo_stack.undo()
    assert window.session.message.record[0].value.scale_d != 0.5


def test_a_record_that_does_not_read_in_the_models_dialect_says_so(qtbot, env, tmp_path):
    record, proto, weights, _ = caffe_case(tmp_path)
    text = record.read_text(encoding="utf-8").replace("scale_d:", "tensor_balance_factor: 1.0\n    scale_d:", 1)
    record.write_text(text, encoding="utf-8")
    window = env(ScriptedPrompter())
    open_and_wait(qtbot, window, record)
    attach(qtbot, window, proto, weights)
    window.dialect_offer.banner.buttons["Read"].click()
    assert window.session.dialect.name == "tf-inner" and window.session.undo_stack.count() == 0
    assert "does not read as caffe" in window.statusBar().currentMessage()
