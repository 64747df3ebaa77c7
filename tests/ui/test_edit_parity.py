"""The window and the command line edit through one path: the same edit commands
(`editor.records.edits`), judged by the same check, written by the same save — so the same
edit gives the same bytes: `set` and the window's field edits (fixed and random ones), `refit`
and the window's Reset from Weights (on a layer with 32 scale_w and 31 offset_w values)."""
from __future__ import annotations

import random
import shutil
import struct

import numpy as np
import pytest

from editor.cli import main
from editor.cli.edit import parse_assignment
from editor.models import load_model
from editor.models import synth as model_synth
from editor.models.weights import layer_arq
from editor.records import synth
from editor.records.document import RecordDocument
from editor.records.editing import RecordEditor
from editor.records.edits.assignments import plan_assignments
from editor.records.edits.check import EditCheck
from editor.records.rules import CheckContext
from editor.ui.session import EditSession
from tests.models.kit import layer_of
from tests.ui.kit import sample_path

SAMPLE = "resnet_tf_inner_prune.txt"
ASSIGNMENTS = ["scale_d=0.5", "scale_w[3]=0.125", "act_type=INT16", "offset_w=0,0,0", "scale_w=0.25,0.5,1",
               "dst_type="]


def window_edit(path, index: int, texts: list[str], out) -> EditSession:
    """What the window does for `set FILE KEY TEXTS...`: the record opened in a session, the
    same plan pushed as one undo step, saved to `out`."""
    doc = RecordDocument.load(path)
    session = EditSession()
    session.set_document(doc)
    scratch = type(doc.message.record[index])()
    scratch.CopyFrom(doc.message.record[index])
    edits = []
    for text in texts:
        edit = parse_assignment(scratch, doc.dialect, text)
        edit.apply(RecordEditor(scratch))
        edits.append((edit.path, edit.index, edit.value))
    session.push(plan_assignments(session.editor, ("record", index), edits))
    doc.save(out, adopt=False)
    return session


def test_set_and_the_window_write_the_same_bytes(qtbot, tmp_path):
    path = tmp_path / SAMPLE
    shutil.copy(sample_path(SAMPLE), path)
    index = 3
    key = RecordDocument.load(path).message.record[index].key
    assert main(["set", str(path), key, "dst_type=INT4"]) == 0  # something for dst_type= to clear
    original = path.read_bytes()
    as_read = RecordDocument.load(path).message.SerializePartialToString(deterministic=True)
    window_out = tmp_path / "window.txt"
    session = window_edit(path, index, ASSIGNMENTS, window_out)
    # (3 scale_w values break prune-quant-length here: --force, as the window's tree does not refuse them)
    assert main(["set", str(path), key, *ASSIGNMENTS, "--force"]) == 0
    assert path.read_bytes() == window_out.read_bytes() != original
    # one undo step in the window, and undoing it gives the record as read
    assert session.undo_stack.count() == 1
    session.undo_stack.undo()
    assert session.message.SerializePartialToString(deterministic=True) == as_read
    assert RecordDocument.load(path).message.record[index].value.scale_d == 0.5


def test_set_and_the_window_refuse_alike(qtbot, tmp_path):
    """The one check: what `set` refuses the window's session refuses with the same words."""
    path = tmp_path / SAMPLE
    shutil.copy(sample_path(SAMPLE), path)
    doc = RecordDocument.load(path)
    session = EditSession()
    session.set_document(doc)
    scratch = doc.message.record[0]
    edit = parse_assignment(scratch, doc.dialect, "offset_d=500")
    problem = session.validate(plan_assignments(session.editor, ("record", 0), [(edit.path, edit.index, edit.value)]))
    assert problem is not None and problem.rule == "offset-d-range"
    before = path.read_bytes()
    assert main(["set", str(path), scratch.key, "offset_d=500", "--json"]) == 1
    assert path.read_bytes() == before


def _random_assignments(rng: random.Random, entry) -> list[str]:
    """A few FIELD=VALUE of kinds `set` takes, on fields of this entry."""
    value = entry.value
    n = len(value.scale_w)
    out = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["scale_d", "offset_d", "act_type", "element", "vector", "clear"])
        if kind == "scale_d":
            out.append(f"scale_d={struct.unpack('<f', struct.pack('<f', rng.uniform(1e-4, 2)))[0]!r}")
        elif kind == "offset_d":
            out.append(f"offset_d={rng.randint(-128, 127)}")
        elif kind == "act_type":
            out.append(f"act_type={rng.choice(['INT8', 'INT16'])}")
        elif kind == "element" and n:
            out.append(f"scale_w[{rng.randrange(n)}]={rng.uniform(1e-4, 1):.6g}")
        elif kind == "vector" and n:
            out.append("offset_w=" + ",".join("0" for _ in range(n)))
        elif kind == "clear":
            out.append("dst_type=")
    return out or ["scale_d=0.25"]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_sets_give_the_same_bytes_in_the_window_and_on_the_command_line(qtbot, tmp_path, seed):
    rng = random.Random(seed)
    path = tmp_path / SAMPLE
    shutil.copy(sample_path(SAMPLE), path)
    message = RecordDocument.load(path).message
    for step in range(6):
        index = rng.randrange(len(message.record))
        entry = message.record[index]
        if [e.key for e in message.record].index(entry.key) != index:
            continue  # `set` edits the first of a duplicated key
        texts = _random_assignments(rng, entry)
        window_out = tmp_path / f"window{step}.txt"
        window_edit(path, index, texts, window_out)
        assert main(["set", str(path), entry.key, *texts, "--force"]) == 0, texts
        assert path.read_bytes() == window_out.read_bytes(), texts
        message = RecordDocument.load(path).message


def test_refit_and_reset_from_weights_write_the_same_bytes_on_32_scale_w_and_31_offset_w(qtbot, tmp_path):
    """AMCT's ARQ gives one offset_w of 0 per scale_w (docs/RECORD-FORMAT.md §6.7): a layer whose
    offset_w is one short is written with scale_w's length of zeros, by both."""
    model_path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(model_path, seed=2)
    model = load_model(model_path)
    message = synth.build_record("pytorch", synth.layers_from_model(model), seed=1)
    index, entry = next((i, e) for i, e in enumerate(message.record) if len(e.value.scale_w) > 1)
    arq = layer_arq(model, layer_of(model, entry.key), fold=not entry.value.skip_fusion, channel_wise=True)
    n = arq.scale.size
    entry.value.scale_w[:] = (arq.scale * 3).tolist()  # wastes levels: flagged
    del entry.value.offset_w[:]
    entry.value.offset_w.extend([0] * (n - 1))  # one short
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message))

    # the window: the record in a session with the network attached, Reset from Weights
    doc = RecordDocument.load(record)
    session = EditSession()
    session.set_document(doc)
    session.set_network(model)
    command = session.weights.reset_command(index)
    assert not isinstance(command, str), command
    session.push(command)
    window_out = tmp_path / "window.txt"
    doc.save(window_out, adopt=False)

    assert main(["refit", str(record), entry.key, "--model", str(model_path)]) == 0
    assert record.read_bytes() == window_out.read_bytes()
    written = RecordDocument.load(record).message.record[index].value
    assert list(written.offset_w) == [0] * n
    expected = np.asarray(arq.scale, np.float32)  # AMCT's values, from the weights
    assert np.asarray(written.scale_w, np.float32).view(np.uint32).tolist() == expected.view(np.uint32).tolist()


def test_the_window_and_the_command_line_judge_a_key_alike(qtbot, tmp_path):
    """The command line builds its check from the file as read; the window's session from its
    live problems: for the record as read they judge alike."""
    path = tmp_path / SAMPLE
    shutil.copy(sample_path(SAMPLE), path)
    doc = RecordDocument.load(path)
    session = EditSession()
    session.set_document(doc)
    cli = EditCheck(RecordEditor(doc.message), doc.dialect, CheckContext.build(doc.message, doc.dialect))
    first, second = doc.message.record[0].key, doc.message.record[1].key
    for value in (second, first + "_new"):
        window = session.check
        assert window is not None
        edit = parse_assignment(doc.message.record[0], doc.dialect, f"key={value}")
        step_w = plan_assignments(session.editor, ("record", 0), [(edit.path, edit.index, edit.value)])
        step_c = plan_assignments(cli.editor, ("record", 0), [(edit.path, edit.index, edit.value)])
        got_w, got_c = window.validate(step_w), cli.validate(step_c)
        assert (got_w is None) == (got_c is None) == (value != second)
        if got_w is not None and got_c is not None:
            assert (got_w.rule, got_w.message) == (got_c.rule, got_c.message)
