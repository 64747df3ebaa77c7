"""The weights review and refit exact to AMCT: the DMQ tensor_balance_factor step, every fusion
AMCT folds, weights AMCT refuses. Each case builds its model here (ONNX with the onnx package,
Caffe and TensorFlow with the project's schemas) and derives the expected scale_w with
`amct_ref`, a numpy transliteration of AMCT's own code written independently of the editor.

The Caffe and TensorFlow flavours of AMCT are closed source: their fusion patterns come from
their documentation (*Fusion Support* pages, cited in editor/models/fusion.py), the arithmetic
is assumed to be the PyTorch flavour's. Those tests check the editor follows that reading.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from onnx import helper

from editor.cli import main
from editor.models import NotCompared, load_model
from editor.models._pb import caffe_model_pb2 as caffe_pb
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.records.model_review import entry_weights, review_entry
from tests.models import amct_ref as ref
from tests.models.kit import (
    fitted,
    record,
    refit_file,
    same_bits,
    save_onnx,
    tf_graph,
    weights_findings,
)

F32 = np.float32


# --- DMQ: tensor_balance_factor before ARQ -----------------------------------------------------

def grouped_conv(tmp_path, rng):
    w = rng.normal(0, 0.3, (8, 2, 3, 3)).astype(F32)  # 8 out, 4 in, group 2
    path = save_onnx(tmp_path / "g.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv", group=2)],
                     {"w": w}, {"x": [1, 4, 8, 8]})
    return path, w


def test_dmq_grouped_conv_is_amcts_value_bit_for_bit(tmp_path):
    rng = np.random.default_rng(3)
    path, w = grouped_conv(tmp_path, rng)
    tbf = np.array([0.25, 1.0, 4.0, 2.0], F32)
    # AMCT: apply_balance_scale_to_weight (Conv2d, groups 2, cin axis 1), then ARQ per out channel
    expected = ref.arq(ref.apply_balance(w, tbf, cin_axis=1, conv_groups=2))
    unbalanced = ref.arq(w)
    assert not same_bits(expected, unbalanced)  # the factors matter on every channel
    model = load_model(path)
    good = fitted("pytorch", "conv", expected, tensor_balance_factor=tbf)
    prepared = entry_weights(good.record[0], model)
    assert prepared.balanced and prepared.channel_wise and prepared.bits == 8 and prepared.layer.name == "conv"
    assert same_bits(prepared.rows, ref.apply_balance(w, tbf, 1, 2).reshape(8, -1))
    assert same_bits(review_entry(good.record[0], model).arq.scale, expected)
    assert weights_findings(good, "pytorch", model) == []  # AMCT's own values are not flagged
    # what the editor used to compare with (the weights without the factors) is now flagged
    stale = fitted("pytorch", "conv", unbalanced, tensor_balance_factor=tbf)
    (finding,) = weights_findings(stale, "pytorch", model)
    assert "tensor_balance_factor applied" in finding.message
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


@pytest.mark.parametrize("case", ["depthwise", "gemm", "matmul", "convtranspose"])
def test_dmq_on_every_weight_layout(tmp_path, case):
    rng = np.random.default_rng(11)
    if case == "depthwise":  # 4 in, multiplier 2: group 4
        w = rng.normal(0, 0.3, (8, 1, 3, 3)).astype(F32)
        node = helper.make_node("Conv", ["x", "w"], ["y"], name="layer", group=4)
        tbf = rng.uniform(0.3, 3.0, 4).astype(F32)
        expected = ref.arq(ref.apply_balance(w, tbf, cin_axis=1, conv_groups=4))
        x = [1, 4, 8, 8]
    elif case == "gemm":  # torch.nn.Linear exported as Gemm(transB=1): weight (out, in), cin axis 1
        w = rng.normal(0, 0.3, (6, 10)).astype(F32)
        node = helper.make_node("Gemm", ["x", "w"], ["y"], name="layer", transB=1)
        tbf = rng.uniform(0.3, 3.0, 10).astype(F32)
        expected = ref.arq(ref.apply_balance(w, tbf, cin_axis=1), channel_wise=False)
        x = [1, 10]
    elif case == "matmul":  # Linear as MatMul: ONNX holds (in, out); the module's (out, in) is its transpose
        w = rng.normal(0, 0.3, (10, 6)).astype(F32)
        node = helper.make_node("MatMul", ["x", "w"], ["y"], name="layer")
        tbf = rng.uniform(0.3, 3.0, 10).astype(F32)
        expected = ref.arq(ref.apply_balance(w.T.copy(), tbf, cin_axis=1), channel_wise=False)
        x = [1, 10]
    else:  # ConvTranspose2d, groups 2: weight (in, out/g, k, k), cin axis 0, then adjust_deconv_weight_shape
        w = rng.normal(0, 0.3, (4, 3, 2, 2)).astype(F32)
        node = helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="layer", group=2)
        tbf = rng.uniform(0.3, 3.0, 4).astype(F32)
        expected = ref.arq(ref.adjust_deconv_weight_shape(2, ref.apply_balance(w, tbf, cin_axis=0)))
        x = [1, 4, 8, 8]
    path = save_onnx(tmp_path / "m.onnx", [node], {"w": w}, {"x": x})
    model = load_model(path)
    good = fitted("pytorch", "layer", expected, tensor_balance_factor=tbf)
    assert same_bits(review_entry(good.record[0], model).arq.scale, expected)
    if expected.size > 1:
        assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


def test_dmq_after_the_conv_bn_fusion(tmp_path):
    rng = np.random.default_rng(5)
    w = rng.normal(0, 0.3, (6, 3, 3, 3)).astype(F32)
    bn = {"g": rng.uniform(0.5, 1.5, 6).astype(F32), "b": np.zeros(6, F32), "m": np.zeros(6, F32),
          "v": rng.uniform(0.2, 2.0, 6).astype(F32)}
    path = save_onnx(tmp_path / "cb.onnx", [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv"),
        helper.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["y"], name="bn", epsilon=1e-5)],
        {"w": w, **bn}, {"x": [1, 3, 8, 8]})
    tbf = rng.uniform(0.3, 3.0, 3).astype(F32)
    # AMCT: the Conv+BN fusion on the graph, then the balance at calibration
    expected = ref.arq(ref.apply_balance(ref.fuse_bn(w, bn["v"], bn["g"], 1e-5), tbf, cin_axis=1))
    model = load_model(path)
    good = fitted("pytorch", "conv", expected, tensor_balance_factor=tbf)
    p = entry_weights(good.record[0], model)
    assert p.fusions == ("Conv+BN",) and p.fused_layers == ("bn",) and p.balanced
    assert same_bits(p.arq().scale, expected)
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


# --- fusions ---------------------------------------------------------------------------------

def caffe_files(tmp_path, prototxt: str, blobs: dict[str, list[np.ndarray]]) -> list[str]:
    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    proto.write_text(prototxt, encoding="utf-8")
    net = caffe_pb.NetParameter(name="net")
    for name, arrays in blobs.items():
        layer = net.layer.add(name=name)
        for a in arrays:
            b = layer.blobs.add()
            b.shape.dim.extend(a.shape)
            b.data.extend(a.astype(F32).ravel().tolist())
    weights.write_bytes(net.SerializeToString())
    return ["--model", str(proto), "--weights", str(weights)]


def caffe_bn(rng, n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(BatchNorm blobs: running sums and their normaliser, Scale blobs: gamma and beta)."""
    return ([rng.normal(0, 0.2, n).astype(F32) * F32(5), rng.uniform(0.2, 2.0, n).astype(F32) * F32(5),
             np.array([5.0], F32)],
            [rng.uniform(0.5, 1.5, n).astype(F32), rng.normal(0, 0.1, n).astype(F32)])


def caffe_case(tmp_path, kind: str):
    """(model args, the entry's key, AMCT's scale_w of the fused weights, the unfused ARQ)."""
    rng = np.random.default_rng({"deconv": 1, "fc": 2, "bn_conv": 3}[kind])
    head = 'name: "net"\ninput: "data"\ninput_shape { dim: 1 dim: 4 dim: 6 dim: 6 }\n'
    bn_blobs, scale_blobs = caffe_bn(rng, 6 if kind != "bn_conv" else 4)
    eps = 1e-5
    mult = ref.caffe_bn_multiplier(bn_blobs[1], bn_blobs[2][0], scale_blobs[0], eps)
    if kind == "deconv":  # Deconvolution+BatchNorm+Scale, group 2: weight (in 4, out/g 3, 2, 2)
        w = rng.normal(0, 0.3, (4, 3, 2, 2)).astype(F32)
        text = head + (
            'layer { name: "up" type: "Deconvolution" bottom: "data" top: "up"\n'
            '  convolution_param { num_output: 6 kernel_size: 2 stride: 2 group: 2 bias_term: false } }\n'
            'layer { name: "bn" type: "BatchNorm" bottom: "up" top: "up" }\n'
            'layer { name: "sc" type: "Scale" bottom: "up" top: "up" scale_param { bias_term: true } }\n')
        out_first = ref.adjust_deconv_weight_shape(2, w)
        expected, plain = ref.arq((out_first * mult.reshape(-1, 1, 1, 1)).astype(F32)), ref.arq(out_first)
        key, layer_blobs = "up", {"up": [w]}
    elif kind == "fc":  # InnerProduct+BatchNorm+Scale: weight (6, 144)
        w = rng.normal(0, 0.1, (6, 144)).astype(F32)
        text = head + (
            'layer { name: "fc" type: "InnerProduct" bottom: "data" top: "fc"\n'
            '  inner_product_param { num_output: 6 bias_term: false } }\n'
            'layer { name: "bn" type: "BatchNorm" bottom: "fc" top: "fc" }\n'
            'layer { name: "sc" type: "Scale" bottom: "fc" top: "fc" scale_param { bias_term: true } }\n')
        expected, plain = ref.arq((w * mult[:, None]).astype(F32), channel_wise=False), ref.arq(w, channel_wise=False)
        key, layer_blobs = "fc", {"fc": [w]}
    else:  # BatchNorm+Scale+Convolution: the factor along the conv's input channels (group 2)
        w = rng.normal(0, 0.3, (6, 2, 3, 3)).astype(F32)
        text = head + (
            'layer { name: "bn" type: "BatchNorm" bottom: "data" top: "bn" }\n'
            'layer { name: "sc" type: "Scale" bottom: "bn" top: "bn" scale_param { bias_term: true } }\n'
            'layer { name: "conv" type: "Convolution" bottom: "bn" top: "conv"\n'
            '  convolution_param { num_output: 6 kernel_size: 3 group: 2 bias_term: false } }\n')
        in_channel = (np.arange(6) // 3)[:, None] * 2 + np.arange(2)[None, :]  # group of o, then i
        expected = ref.arq((w * mult[in_channel][:, :, None, None]).astype(F32))
        plain = ref.arq(w)
        key, layer_blobs = "conv", {"conv": [w]}
    args = caffe_files(tmp_path, text, {**layer_blobs, "bn": bn_blobs, "sc": scale_blobs})
    return args, key, expected, plain


@pytest.mark.parametrize("kind,pattern", [("deconv", "Deconv+BN+Scale"),
                                          ("fc", "FC+BN+Scale"),
                                          ("bn_conv", "BN+Scale+Conv")])
def test_caffe_fusions_are_folded(tmp_path, kind, pattern):
    # AMCT Caffe's documentation (Fusion Support) lists these; its code is closed source
    args, key, expected, plain = caffe_case(tmp_path, kind)
    model = load_model(args[1], args[3])
    fields = {"channels": 4, "height": 6, "width": 6}
    good = fitted("caffe", key, expected, **fields)
    p = entry_weights(good.record[0], model)
    assert p.fusions == (pattern,) and set(p.fused_layers) == {"bn", "sc"}
    assert same_bits(p.arq().scale, expected)
    assert weights_findings(good, "caffe", model) == []
    # the values of the unfused weights (what the editor compared with before) are flagged
    assert weights_findings(fitted("caffe", key, plain, **fields), "caffe", model)
    # skip_fusion: AMCT quantizes the weights as they are
    skipped = fitted("caffe", key, plain, skip_fusion=True, **fields)
    assert weights_findings(skipped, "caffe", model) == []
    if expected.size > 1:
        assert same_bits(refit_file(tmp_path, good, args), expected)


def test_caffe_batchnorm_without_scale_and_missing_blobs_are_not_compared(tmp_path):
    rng = np.random.default_rng(8)
    w = rng.normal(0, 0.3, (4, 4, 3, 3)).astype(F32)
    text = ('name: "net"\ninput: "data"\ninput_shape { dim: 1 dim: 4 dim: 6 dim: 6 }\n'
            'layer { name: "conv" type: "Convolution" bottom: "data" top: "conv"\n'
            '  convolution_param { num_output: 4 kernel_size: 3 bias_term: false } }\n'
            'layer { name: "bn" type: "BatchNorm" bottom: "conv" top: "conv" }\n'
            'layer { name: "conv2" type: "Convolution" bottom: "conv" top: "c2"\n'
            '  convolution_param { num_output: 4 kernel_size: 1 bias_term: false } }\n'
            'layer { name: "bn2" type: "BatchNorm" bottom: "c2" top: "c2" }\n'
            'layer { name: "sc2" type: "Scale" bottom: "c2" top: "c2" }\n')
    bn_blobs, _ = caffe_bn(rng, 4)
    args = caffe_files(tmp_path, text, {"conv": [w], "bn": bn_blobs,
                                        "conv2": [rng.normal(0, 0.3, (4, 4, 1, 1)).astype(F32)]})
    model = load_model(args[1], args[3])
    fields = {"channels": 4, "height": 6, "width": 6}
    message = record("caffe", {"conv": {"scale_w": ref.arq(w) / F32(3), "offset_w": [0] * 4, **fields},
                               "conv2": {"scale_w": [0.001] * 4, "offset_w": [0] * 4, **fields}})
    found = {p.key: p for p in weights_findings(message, "caffe", model)}
    # neither is flagged (clipping, wasting): both are said not to be compared, and why
    assert found["conv"].severity.value == "info" and "has no Scale after it" in found["conv"].message
    assert found["conv2"].severity.value == "info" and "are not in the model" in found["conv2"].message
    with pytest.raises(NotCompared, match=r"not compared: Conv\+BN\+Scale \(bn2 \+ sc2\) cannot be folded"):
        entry_weights(message.record[1], model)


def test_tf_conv_biasadd_mul_by_a_scalar_is_folded(tmp_path):
    # AMCT TensorFlow's documentation: OP+(BiasAdd)+Mul, the Mul's other input a Const of empty shape
    rng = np.random.default_rng(21)
    w = rng.normal(0, 0.3, (3, 3, 4, 5)).astype(F32)  # HWIO
    s = F32(0.37)

    def build(g, const):
        const("w", w)
        const("b", np.zeros(5, F32))
        const("s", np.array(s, F32))
        g.node.add(name="conv/Conv2D", op="Conv2D", input=["input", "w"])
        g.node.add(name="conv/BiasAdd", op="BiasAdd", input=["conv/Conv2D", "b"])
        g.node.add(name="conv/mul", op="Mul", input=["conv/BiasAdd", "s"])
    path = tf_graph(tmp_path / "m.pb", build)
    out_first = np.transpose(w, (3, 0, 1, 2))
    expected = ref.arq((out_first * s).astype(F32))
    model = load_model(path)
    good = fitted("tf-inner", "conv/Conv2D", expected)
    p = entry_weights(good.record[0], model)
    assert p.fused_layers == ("conv/mul",) and same_bits(p.arq().scale, expected)
    assert weights_findings(fitted("tf-inner", "conv/Conv2D", ref.arq(out_first)), "tf-inner", model)
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)
    # whether skip_fusion skips this fusion is not documented: not compared, never flagged
    unsure = fitted("tf-inner", "conv/Conv2D", ref.arq(out_first), skip_fusion=True)
    (finding,) = weights_findings(unsure, "tf-inner", model)
    assert finding.severity.value == "info" and "is not documented" in finding.message


def test_tf_conv2d_backprop_input_with_batchnorm_is_folded(tmp_path):
    # the Ascend fusion documentation lists Conv2DBackpropInput+BN for TensorFlow
    rng = np.random.default_rng(22)
    w = rng.normal(0, 0.3, (2, 2, 6, 4)).astype(F32)  # H, W, out 6, in 4
    gamma, var = rng.uniform(0.5, 1.5, 6).astype(F32), rng.uniform(0.2, 2.0, 6).astype(F32)

    def build(g, const):
        const("w", w)
        const("gamma", gamma)
        const("beta", np.zeros(6, F32))
        const("mean", np.zeros(6, F32))
        const("var", var)
        sizes = g.node.add(name="sizes", op="Const")
        sizes.attr["value"].tensor.dtype = tf_pb.DT_INT32
        sizes.attr["value"].tensor.tensor_shape.dim.add(size=4)
        sizes.attr["value"].tensor.int_val.extend([1, 8, 8, 6])
        g.node.add(name="up/conv2d_transpose", op="Conv2DBackpropInput", input=["sizes", "w", "input"])
        bn = g.node.add(name="up/bn", op="FusedBatchNormV3",
                        input=["up/conv2d_transpose", "gamma", "beta", "mean", "var"])
        bn.attr["epsilon"].f = 0.001
    path = tf_graph(tmp_path / "m.pb", build)
    out_first = np.transpose(w, (2, 0, 1, 3))
    expected = ref.arq(ref.fuse_bn(out_first, var, gamma, float(F32(0.001))))
    model = load_model(path)
    good = fitted("tf-inner", "up/conv2d_transpose", expected)
    assert entry_weights(good.record[0], model).fusions == ("Conv2DBackpropInput+BN",)
    assert same_bits(review_entry(good.record[0], model).arq.scale, expected)
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


def test_onnx_convtranspose_batchnorm_folds_in_the_onnx_flavour_only(tmp_path):
    rng = np.random.default_rng(23)
    w = rng.normal(0, 0.3, (4, 3, 2, 2)).astype(F32)
    bn = {"g": rng.uniform(0.5, 1.5, 3).astype(F32), "b": np.zeros(3, F32), "m": np.zeros(3, F32),
          "v": rng.uniform(0.2, 2.0, 3).astype(F32)}
    path = save_onnx(tmp_path / "t.onnx", [
        helper.make_node("ConvTranspose", ["x", "w"], ["c"], name="up"),
        helper.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["y"], name="bn", epsilon=1e-5)],
        {"w": w, **bn}, {"x": [1, 4, 4, 4]})
    out_first = ref.adjust_deconv_weight_shape(1, w)
    folded, plain = ref.arq(ref.fuse_bn(out_first, bn["v"], bn["g"], 1e-5)), ref.arq(out_first)
    model = load_model(path)
    # AMCT ONNX (the graph fusion guide lists ConvTranspose+BN): skip_fusion false folds it
    onnx_record = fitted("onnx", "up", folded, skip_fusion=False)
    assert same_bits(review_entry(onnx_record.record[0], model).arq.scale, folded)
    # AMCT PyTorch fuses Conv+BN only (conv_bn_fusion_pass.py): the weights stay as they are
    torch_record = fitted("pytorch", "up", plain)
    assert entry_weights(torch_record.record[0], model).fusions == ()
    assert same_bits(review_entry(torch_record.record[0], model).arq.scale, plain)


# --- weights AMCT refuses --------------------------------------------------------------------

def test_nan_weights_are_refused_and_never_written(tmp_path, capsys):
    w = np.random.default_rng(4).normal(0, 0.3, (4, 3, 3, 3)).astype(F32)
    w[2, 0, 1, 1] = np.nan
    path = save_onnx(tmp_path / "n.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                     {"w": w}, {"x": [1, 3, 8, 8]})
    model = load_model(path)
    message = fitted("pytorch", "conv", np.full(4, 0.01, F32))
    (finding,) = weights_findings(message, "pytorch", model)
    assert finding.severity.value == "warning"
    assert "invalid value inf or nan" in finding.message and "nan×" not in finding.message
    with pytest.raises(NotCompared) as got:
        entry_weights(message.record[0], model)
    assert got.value.blocking
    from google.protobuf import text_format

    rec = tmp_path / "r.txt"
    rec.write_text(text_format.MessageToString(message), encoding="utf-8")
    before = rec.read_bytes()
    for keys in ([], ["conv"]):
        assert main(["refit", str(rec), *keys, "--model", str(path), "--json"]) == 1
        report = json.loads(capsys.readouterr().out)
        assert not report["written"] and "inf or nan" in report["skipped"][0]["reason"]
        assert rec.read_bytes() == before


def test_already_quantized_weights_are_refused_with_the_model_to_attach(tmp_path):
    # AMCT's deploy / fake-quant ONNX stores int8 weights as FLOAT
    q = np.random.default_rng(6).integers(-128, 128, (4, 3, 3, 3)).astype(F32)
    path = save_onnx(tmp_path / "deploy.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                     {"w": q}, {"x": [1, 3, 8, 8]})
    model = load_model(path)
    message = fitted("pytorch", "conv", np.full(4, 0.0017, F32))
    (finding,) = weights_findings(message, "pytorch", model)
    assert finding.severity.value == "info"
    assert "already been quantized" in finding.message and "floating-point model" in finding.message
    assert "1.0" not in finding.message  # no ratio against a meaningless scale


def test_all_zero_and_tiny_channels_are_still_compared(tmp_path):
    w = np.random.default_rng(9).normal(0, 0.3, (4, 3, 3, 3)).astype(F32)
    w[1] = 0.0
    w[2] = F32(1e-9)
    path = save_onnx(tmp_path / "z.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                     {"w": w}, {"x": [1, 3, 8, 8]})
    expected = ref.arq(w)
    assert expected[1] == 1.0 and expected[2] == 1.0
    message = fitted("pytorch", "conv", expected)
    assert same_bits(review_entry(message.record[0], load_model(path)).arq.scale, expected)



def test_the_fusion_table_of_the_docs_lists_every_pattern():
    from editor.models.fusion import PATTERNS

    text = (Path(__file__).resolve().parents[2] / "docs" / "RECORD-FORMAT.md").read_text(encoding="utf-8")
    table = text.split("### 8.1", 1)[1].split("\n\n   Only", 1)[0]
    rows = [[c.strip() for c in line.split("|")[1:-1]] for line in table.splitlines()
            if line.strip().startswith("| ") and "---" not in line]
    documented = {(r[0], frozenset(d.strip() for d in r[2].split(","))) for r in rows[1:]}
    assert documented == {(p.name, p.dialects) for p in PATTERNS.values()}


def test_a_conv_bn_fusion_giving_inf_is_left_out_as_amct_pytorch_does(tmp_path):
    # conv_bn_fusion_pass.py: "Conv+BN fusion for … skipped because data is non-finite after fusion"
    rng = np.random.default_rng(12)
    w = rng.normal(0, 0.3, (3, 2, 3, 3)).astype(F32)
    bn = {"g": np.ones(3, F32), "b": np.zeros(3, F32), "m": np.zeros(3, F32),
          "v": np.array([1.0, -1e-5, 1.0], F32)}  # var + eps = 0: the factor is infinite
    path = save_onnx(tmp_path / "inf.onnx", [
        helper.make_node("Conv", ["x", "w"], ["c"], name="conv"),
        helper.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["y"], name="bn", epsilon=1e-5)],
        {"w": w, **bn}, {"x": [1, 2, 8, 8]})
    model = load_model(path)
    p = entry_weights(fitted("pytorch", "conv", ref.arq(w)).record[0], model)
    assert p.fusions == () and "left out" in p.notes[0] and same_bits(p.arq().scale, ref.arq(w))
    with pytest.raises(NotCompared, match="gives inf or nan weights"):
        entry_weights(fitted("onnx", "conv", ref.arq(w), skip_fusion=False).record[0], model)


@pytest.mark.parametrize("case", ["conv", "grouped", "depthwise", "convtranspose1", "convtranspose2", "gemm0",
                                  "gemm1", "matmul", "int4", "int7", "zero_and_tiny", "conv_bn"])
def test_refit_is_amcts_value_on_every_layer_kind(tmp_path, case):
    rng = np.random.default_rng(sum(map(ord, case)))  # a fixed seed per case
    fields: dict = {}
    inits: dict[str, np.ndarray] = {}
    x = [1, 4, 8, 8]
    if case in ("conv", "int4", "int7", "zero_and_tiny"):
        w = rng.normal(0, 0.3, (6, 4, 3, 3)).astype(F32)
        if case == "zero_and_tiny":
            w[1], w[4] = 0.0, F32(1e-9)
        nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="layer")]
        bits = {"int4": 4, "int7": 7}.get(case, 8)
        if bits != 8:
            fields["wts_type"] = f"INT{bits}"
        expected = ref.arq(w, num_bits=bits)
    elif case in ("grouped", "depthwise"):
        w = rng.normal(0, 0.3, (8, 2, 3, 3) if case == "grouped" else (8, 1, 3, 3)).astype(F32)
        nodes = [helper.make_node("Conv", ["x", "w"], ["y"], name="layer", group=2 if case == "grouped" else 4)]
        expected = ref.arq(w)
    elif case.startswith("convtranspose"):
        group = int(case[-1])
        w = rng.normal(0, 0.3, (4, 3, 2, 2)).astype(F32)
        nodes = [helper.make_node("ConvTranspose", ["x", "w"], ["y"], name="layer", group=group)]
        expected = ref.arq(ref.adjust_deconv_weight_shape(group, w))
    elif case.startswith("gemm"):
        trans_b = int(case[-1])
        w = rng.normal(0, 0.3, (6, 10) if trans_b else (10, 6)).astype(F32)
        nodes = [helper.make_node("Gemm", ["x", "w"], ["y"], name="layer", transB=trans_b)]
        expected = ref.arq(w if trans_b else w.T.copy(), channel_wise=False)
        x = [1, 10]
    elif case == "matmul":
        w = rng.normal(0, 0.3, (10, 6)).astype(F32)
        nodes = [helper.make_node("MatMul", ["x", "w"], ["y"], name="layer")]
        expected = ref.arq(w.T.copy(), channel_wise=False)
        x = [1, 10]
    else:  # conv_bn
        w = rng.normal(0, 0.3, (6, 4, 3, 3)).astype(F32)
        inits = {"g": rng.uniform(0.5, 1.5, 6).astype(F32), "b": np.zeros(6, F32), "m": np.zeros(6, F32),
                 "v": rng.uniform(0.2, 2.0, 6).astype(F32)}
        nodes = [helper.make_node("Conv", ["x", "w"], ["c"], name="layer"),
                 helper.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["y"], name="bn", epsilon=1e-5)]
        expected = ref.arq(ref.fuse_bn(w, inits["v"], inits["g"], 1e-5))
    path = save_onnx(tmp_path / "m.onnx", nodes, {"w": w, **inits}, {"x": x})
    message = fitted("pytorch", "layer", expected, **fields)
    assert same_bits(review_entry(message.record[0], load_model(path)).arq.scale, expected)
    if expected.size > 1:
        assert same_bits(refit_file(tmp_path, message, ["--model", str(path)], plant=2), expected)
    else:  # per tensor: plant on the only value
        assert same_bits(refit_file(tmp_path, message, ["--model", str(path)], plant=0), expected)


def test_fake_quantized_weights_are_refused_too(tmp_path):
    # AMCT's fake-quant model holds its weights quantized to INT8 and back (save_model's
    # documentation: "权重也是量化到INT8又反量化为Float32")
    w = np.random.default_rng(13).normal(0, 0.3, (4, 3, 3, 3)).astype(F32)
    step = ref.arq(w)
    fake = (np.clip(np.round(w / step[:, None, None, None]), -128, 127) * step[:, None, None, None]).astype(F32)
    path = save_onnx(tmp_path / "fake.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                     {"w": fake}, {"x": [1, 3, 8, 8]})
    model = load_model(path)
    (finding,) = weights_findings(fitted("pytorch", "conv", step), "pytorch", model)
    assert finding.severity.value == "info" and "fake-quant" in finding.message
    # the float weights themselves are compared
    path2 = save_onnx(tmp_path / "float.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                      {"w": w}, {"x": [1, 3, 8, 8]})
    assert weights_findings(fitted("pytorch", "conv", step), "pytorch", load_model(path2)) == []
