"""The window's weights review is the rule's and refit's computation: on a DMQ layer its
*Reset from weights* writes AMCT's value (the weights times tensor_balance_factor first)."""
from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from editor.records import synth
from editor.records._pb import scale_offset_record_pytorch_pb2
from tests.models import amct_ref as ref
from tests.ui.kit import ScriptedPrompter, open_and_wait

F32 = np.float32


def test_reset_from_weights_on_a_balanced_layer_is_amcts_value(qtbot, env, tmp_path):
    rng = np.random.default_rng(31)
    w = rng.normal(0, 0.3, (6, 2, 3, 3)).astype(F32)  # 6 out, 4 in, group 2
    graph = helper.make_graph([helper.make_node("Conv", ["x", "w"], ["y"], name="conv", group=2)], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 8, 8])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              [numpy_helper.from_array(w, "w")])
    model_path = tmp_path / "m.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), model_path)
    tbf = np.array([0.25, 1.0, 4.0, 2.0], F32)
    expected = ref.arq(ref.apply_balance(w, tbf, cin_axis=1, conv_groups=2))
    message = scale_offset_record_pytorch_pb2.ScaleOffsetRecord()
    e = message.record.add(key="conv")
    e.value.scale_d, e.value.offset_d = 0.02, -128
    e.value.scale_w.extend(ref.arq(w).tolist())  # the unbalanced values: what the editor used to give
    e.value.offset_w.extend([0] * 6)
    e.value.tensor_balance_factor.extend(tbf.tolist())
    record = tmp_path / "r.txt"
    record.write_text(synth.to_text(message), encoding="utf-8")
    window = env(ScriptedPrompter())
    open_and_wait(qtbot, window, record, dialect="pytorch")
    with qtbot.waitSignal(window.models.attachFinished, timeout=30000) as blocker:
        assert window.attach_model(model_path)
    assert blocker.args == [True]
    review = window.session.weights.review(0)
    assert review is not None and review.arq.balanced and review.flagged.any()
    assert review.arq.scale.tobytes() == expected.tobytes()
    command = window.session.weights.reset_command(0)
    window.session.push(command)
    written = np.asarray(window.session.message.record[0].value.scale_w, dtype=F32)
    assert written.tobytes() == expected.tobytes()
