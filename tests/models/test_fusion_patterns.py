"""The fusions AMCT documents beyond Conv+BN (issue 21's follow-up): ONNX BN+Add and BN+Mul,
TensorFlow Conv2D+BatchToSpace+BN, Split+Conv+Concat (Group_conv+BN), MatMul+BN through
Reshapes, and Keras' BatchNorm of small operators. Each is folded exactly where the documents
give the arithmetic (the expected scale_w from `amct_ref`, written independently of the
editor), or its layer is "not compared: … is fused by AMCT and not computed here" — a note,
never flagged, never refit.

AMCT's ONNX and TensorFlow flavours are closed source: the patterns come from their *Fusion
Support* pages (editor/models/fusion.py, SOURCES), the arithmetic is assumed to be the PyTorch
flavour's Conv+BN (``fuse_conv_bn_weights``). These tests check the editor follows that reading.
"""
from __future__ import annotations

import numpy as np
import pytest
from onnx import helper

from editor.cli import main
from editor.models import NotCompared, load_model
from editor.records.model_review import entry_weights, review_entry
from tests.models import amct_ref as ref
from tests.models.kit import (
    F32,
    fitted,
    int_const,
    refit_file,
    same_bits,
    save_onnx,
    tf_graph,
    weights_findings,
    write,
)

EPS = float(F32(0.001))


def not_compared(tmp_path, capsys, message, model_path, model, dialect: str, words: str) -> None:
    """The entry is not compared (`words` in the reason): a note from check, nothing refit."""
    with pytest.raises(NotCompared, match=words):
        entry_weights(message.record[0], model)
    (finding,) = weights_findings(message, dialect, model)
    assert finding.severity.value == "info" and "is fused by AMCT and not computed here" in finding.message
    path = write(tmp_path, message, "nc.txt")
    before = path.read_bytes()
    key = message.record[0].key
    assert main(["refit", str(path), key, "--dialect", dialect, "--model", str(model_path)]) == 1
    err = capsys.readouterr().err
    assert f"cannot refit {key!r}: not compared: " in err and path.read_bytes() == before


# --- ONNX: BN+Add, BN+Mul ----------------------------------------------------------------------

def onnx_conv_bn_then(tmp_path, rng, op: str | None):
    w = rng.normal(0, 0.3, (6, 3, 3, 3)).astype(F32)
    bn = {"g": rng.uniform(0.5, 1.5, 6).astype(F32), "b": np.zeros(6, F32), "m": np.zeros(6, F32),
          "v": rng.uniform(0.2, 2.0, 6).astype(F32)}
    nodes = [helper.make_node("Conv", ["x", "w"], ["c"], name="conv"),
             helper.make_node("BatchNormalization", ["c", "g", "b", "m", "v"], ["n"], name="bn", epsilon=1e-5)]
    inits = {"w": w, **bn}
    if op is not None:
        nodes.append(helper.make_node(op, ["n", "k"], ["y"], name=op.lower()))
        inits["k"] = rng.uniform(0.5, 2.0, (1, 6, 1, 1)).astype(F32)
    return save_onnx(tmp_path / f"{op}.onnx", nodes, inits, {"x": [1, 3, 8, 8]}), w, bn


def test_onnx_bn_add_changes_only_the_bias_so_conv_bn_folds_as_before(tmp_path):
    rng = np.random.default_rng(31)
    path, w, bn = onnx_conv_bn_then(tmp_path, rng, "Add")
    expected = ref.arq(ref.fuse_bn(w, bn["v"], bn["g"], 1e-5))
    model = load_model(path)
    good = fitted("onnx", "conv", expected, skip_fusion=False)
    p = entry_weights(good.record[0], model)
    assert p.fusions == ("Conv+BN", "BN+Add") and p.fused_layers == ("bn", "add")
    assert same_bits(p.arq().scale, expected)
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


def test_onnx_bn_mul_is_not_compared_in_the_onnx_flavour(tmp_path, capsys):
    rng = np.random.default_rng(32)
    path, w, bn = onnx_conv_bn_then(tmp_path, rng, "Mul")
    model = load_model(path)
    folded = ref.arq(ref.fuse_bn(w, bn["v"], bn["g"], 1e-5))
    # the values a Conv+BN fold alone gives would be flagged if the Mul were ignored: never
    not_compared(tmp_path, capsys, fitted("onnx", "conv", folded / 4, skip_fusion=False), path, model, "onnx",
                 r"BN\+Mul \(mul\) is fused by AMCT and not computed here")
    # AMCT PyTorch fuses Conv+BN only (optimizer/conv_bn_fusion_pass.py): exact there
    pt = fitted("pytorch", "conv", folded)
    assert entry_weights(pt.record[0], model).fusions == ("Conv+BN",)
    assert same_bits(review_entry(pt.record[0], model).arq.scale, folded)
    # ONNX's default skip_fusion: the BatchNorm stays out of the weights, and the Mul with it
    raw = fitted("onnx", "conv", ref.arq(w))
    assert entry_weights(raw.record[0], model).fusions == ()
    assert weights_findings(raw, "onnx", model) == []


# --- TensorFlow: Conv2D+BatchToSpace+BN ---------------------------------------------------------

def bn_consts(const, rng, n: int, prefix: str = "bn") -> dict[str, np.ndarray]:
    got = {"gamma": rng.uniform(0.5, 1.5, n).astype(F32), "beta": np.zeros(n, F32), "mean": np.zeros(n, F32),
           "var": rng.uniform(0.2, 2.0, n).astype(F32)}
    for k, v in got.items():
        const(f"{prefix}/{k}", v)
    return got


def fused_bn(g, name: str, x: str, prefix: str = "bn", **attrs) -> None:
    bn = g.node.add(name=name, op="FusedBatchNormV3",
                    input=[x, f"{prefix}/gamma", f"{prefix}/beta", f"{prefix}/mean", f"{prefix}/var"])
    bn.attr["epsilon"].f = 0.001
    for k, v in attrs.items():
        bn.attr[k].s = v


def dilated_conv(tmp_path, rng, *, bias: bool = False, bn_channels: int = 5):
    w = rng.normal(0, 0.3, (3, 3, 4, 5)).astype(F32)
    box: dict = {}

    def build(g, const):
        const("w", w)
        const("b", np.zeros(5, F32))
        box["bn"] = bn_consts(const, rng, bn_channels)
        int_const(g, "block", [2, 2])
        int_const(g, "crops", [0, 0, 0, 0])
        g.node.add(name="conv/Conv2D", op="Conv2D", input=["input", "w"])
        x = "conv/Conv2D"
        if bias:
            g.node.add(name="conv/BiasAdd", op="BiasAdd", input=[x, "b"])
            x = "conv/BiasAdd"
        g.node.add(name="conv/BatchToSpaceND", op="BatchToSpaceND", input=[x, "block", "crops"])
        fused_bn(g, "bn/FusedBatchNormV3", "conv/BatchToSpaceND")
    path = tf_graph(tmp_path / f"b2s{int(bias)}{bn_channels}.pb", build)
    return path, w, box["bn"]


def test_tf_conv2d_batchtospace_bn_is_folded_as_conv_bn(tmp_path):
    rng = np.random.default_rng(33)
    path, w, bn = dilated_conv(tmp_path, rng)
    out_first = np.transpose(w, (3, 0, 1, 2))
    expected = ref.arq(ref.fuse_bn(out_first, bn["var"], bn["gamma"], EPS))
    model = load_model(path)
    good = fitted("tf-inner", "conv/Conv2D", expected)
    p = entry_weights(good.record[0], model)
    assert p.fusions == ("Conv+BN (Conv2D+BatchToSpace+BN)",)
    assert p.fused_layers == ("conv/BatchToSpaceND", "bn/FusedBatchNormV3")
    assert same_bits(p.arq().scale, expected)
    assert weights_findings(good, "tf-inner", model) == []
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


@pytest.mark.parametrize("bias,channels,words", [
    (True, 5, r"Conv\+BN \(conv/BiasAdd \+ conv/BatchToSpaceND \+ bn/FusedBatchNormV3\) is fused by AMCT and not "
              r"computed here: a FusedBatchNorm follows it through BiasAdd → BatchToSpaceND"),
    (False, 1, r"the BatchNorm has 1 channels, the Conv2D 5"),
])
def test_tf_batchtospace_patterns_the_documents_leave_open_are_not_compared(tmp_path, capsys, bias, channels, words):
    rng = np.random.default_rng(34)
    path, w, _ = dilated_conv(tmp_path, rng, bias=bias, bn_channels=channels)
    model = load_model(path)
    raw = ref.arq(np.transpose(w, (3, 0, 1, 2)))
    not_compared(tmp_path, capsys, fitted("tf-inner", "conv/Conv2D", raw), path, model, "tf-inner", words)


# --- TensorFlow: Split + Conv2D… + ConcatV2 + BN (Group_conv+BN) --------------------------------

def group_conv(tmp_path, rng, *, axis: int | None = 3):
    ws = [rng.normal(0, 0.3, (3, 3, 2, 3)).astype(F32), rng.normal(0, 0.3, (3, 3, 2, 5)).astype(F32)]
    box: dict = {}

    def build(g, const):
        const("a/w", ws[0])
        const("b/w", ws[1])
        const("b/bias", np.zeros(5, F32))
        box["bn"] = bn_consts(const, rng, 8)
        int_const(g, "split_dim", [3], scalar=True)
        split = g.node.add(name="split", op="Split", input=["split_dim", "input"])
        split.attr["num_split"].i = 2
        g.node.add(name="a/Conv2D", op="Conv2D", input=["split", "a/w"])
        g.node.add(name="b/Conv2D", op="Conv2D", input=["split:1", "b/w"])
        g.node.add(name="b/BiasAdd", op="BiasAdd", input=["b/Conv2D", "b/bias"])
        if axis is None:
            g.node.add(name="concat/axis", op="Placeholder")
        else:
            int_const(g, "concat/axis", [axis], scalar=True)
        g.node.add(name="concat", op="ConcatV2", input=["a/Conv2D", "b/BiasAdd", "concat/axis"])
        fused_bn(g, "bn/FusedBatchNormV3", "concat")
    return tf_graph(tmp_path / f"group{axis}.pb", build), ws, box["bn"]


def test_tf_split_conv_concat_bn_folds_each_convolutions_own_channels(tmp_path):
    rng = np.random.default_rng(35)
    path, ws, bn = group_conv(tmp_path, rng)
    model = load_model(path)
    start = 0
    for key, w in zip(("a/Conv2D", "b/Conv2D"), ws, strict=True):
        n = w.shape[3]
        out_first = np.transpose(w, (3, 0, 1, 2))
        expected = ref.arq(ref.fuse_bn(out_first, bn["var"][start:start + n], bn["gamma"][start:start + n], EPS))
        assert not same_bits(expected, ref.arq(out_first))
        good = fitted("tf-inner", key, expected)
        p = entry_weights(good.record[0], model)
        assert p.fusions == ("Group_conv+BN",) and p.fused_layers == ("concat", "bn/FusedBatchNormV3")
        assert same_bits(p.arq().scale, expected), key
        assert weights_findings(good, "tf-inner", model) == []
        start += n
    second = ref.arq(ref.fuse_bn(np.transpose(ws[1], (3, 0, 1, 2)), bn["var"][3:], bn["gamma"][3:], EPS))
    assert same_bits(refit_file(tmp_path, fitted("tf-inner", "b/Conv2D", second), ["--model", str(path)]), second)


def test_tf_group_conv_concatenated_elsewhere_or_on_an_unknown_axis(tmp_path, capsys):
    rng = np.random.default_rng(36)
    path, ws, _ = group_conv(tmp_path, rng, axis=1)  # on H: not a Group_conv, nothing folded
    raw = ref.arq(np.transpose(ws[0], (3, 0, 1, 2)))
    model = load_model(path)
    assert entry_weights(fitted("tf-inner", "a/Conv2D", raw).record[0], model).fusions == ()
    path, ws, _ = group_conv(tmp_path, rng, axis=None)
    not_compared(tmp_path, capsys, fitted("tf-inner", "a/Conv2D", raw), path, load_model(path), "tf-inner",
                 r"Group_conv\+BN \(concat \+ bn/FusedBatchNormV3\) is fused by AMCT and not computed here: the "
                 r"Concat's axis is not a constant")


# --- TensorFlow: MatMul (+BiasAdd) + Reshape + BN + Reshape --------------------------------------

def matmul_bn(tmp_path, rng, *, fmt: bytes = b"NHWC", target: list[int] | None = None, channels: int = 6):
    w = rng.normal(0, 0.3, (10, 6)).astype(F32)  # K × N
    box: dict = {}

    def build(g, const):
        const("fc/w", w)
        const("fc/b", np.zeros(6, F32))
        box["bn"] = bn_consts(const, rng, channels)
        g.node.add(name="fc/MatMul", op="MatMul", input=["input", "fc/w"])
        g.node.add(name="fc/BiasAdd", op="BiasAdd", input=["fc/MatMul", "fc/b"])
        if target is None:  # a shape computed in the graph ("shape not fixed")
            g.node.add(name="to4d/shape", op="Pack", input=["input", "input", "input", "input"])
        else:
            int_const(g, "to4d/shape", target)
        g.node.add(name="to4d", op="Reshape", input=["fc/BiasAdd", "to4d/shape"])
        fused_bn(g, "bn/FusedBatchNormV3", "to4d", data_format=fmt)
        int_const(g, "back/shape", [-1, 6])
        g.node.add(name="back", op="Reshape", input=["bn/FusedBatchNormV3", "back/shape"])
    return tf_graph(tmp_path / f"mm{fmt.decode()}{target}{channels}.pb", build), w, box["bn"]


@pytest.mark.parametrize("fmt,target", [(b"NHWC", None), (b"NHWC", [-1, 1, 1, 6]), (b"NCHW", [-1, 6, 1, 1])])
def test_tf_matmul_reshape_bn_reshape_is_folded_where_the_channels_are_matmuls_outputs(tmp_path, fmt, target):
    rng = np.random.default_rng(37)
    path, w, bn = matmul_bn(tmp_path, rng, fmt=fmt, target=target)
    out_first = w.T  # N × K: one row per output n
    expected = ref.arq(ref.fuse_bn(out_first, bn["var"], bn["gamma"], EPS), channel_wise=False)
    model = load_model(path)
    good = fitted("tf-inner", "fc/MatMul", expected)
    p = entry_weights(good.record[0], model)
    assert p.fusions == ("MatMul+BN",) and p.fused_layers == ("to4d", "bn/FusedBatchNormV3", "back")
    assert same_bits(p.arq().scale, expected)
    assert weights_findings(good, "tf-inner", model) == []
    assert weights_findings(fitted("tf-inner", "fc/MatMul", ref.arq(out_first, channel_wise=False)), "tf-inner", model)


@pytest.mark.parametrize("fmt,target,channels,words", [
    (b"NCHW", None, 6, "the BatchNorm is NCHW and the Reshape before it is not a fixed N×6×1×1"),
    (b"NCHW", [-1, 3, 2, 1], 3, "the BatchNorm has 3 channels, the MatMul 6 outputs"),
])
def test_tf_matmul_bn_whose_channels_are_not_known_is_not_compared(tmp_path, capsys, fmt, target, channels, words):
    rng = np.random.default_rng(38)
    path, w, _ = matmul_bn(tmp_path, rng, fmt=fmt, target=target, channels=channels)
    raw = ref.arq(w.T, channel_wise=False)
    not_compared(tmp_path, capsys, fitted("tf-inner", "fc/MatMul", raw), path, load_model(path), "tf-inner", words)


# --- TensorFlow: Keras BatchNormalization(fused=False): small operators --------------------------

def keras_bn(tmp_path, rng, *, scale: bool = True, folded: bool = False, op: str = "Conv2D"):
    """What tf.keras.layers.BatchNormalization(fused=False) leaves in a frozen graph after a
    convolution: x · (Rsqrt(var + ε) · γ) + (β − mean · Rsqrt(var + ε) · γ)."""
    shape = (3, 3, 4, 5) if op == "Conv2D" else (3, 3, 5, 1)
    w = rng.normal(0, 0.3, shape).astype(F32)
    gamma, var = rng.uniform(0.5, 1.5, 5).astype(F32), rng.uniform(0.2, 2.0, 5).astype(F32)

    def build(g, const):
        const("conv/kernel", w)
        g.node.add(name="conv/kernel/read", op="Identity", input=["conv/kernel"])
        g.node.add(name="conv/op", op=op, input=["input", "conv/kernel/read"])
        const("bn/moving_variance", var)
        const("bn/gamma", gamma)
        const("bn/sub", np.zeros(5, F32))
        if folded:
            const("bn/batchnorm/mul", gamma / np.sqrt(var + F32(EPS)))
        else:
            const("bn/batchnorm/add/y", np.array(EPS, F32))
            g.node.add(name="bn/batchnorm/add", op="AddV2", input=["bn/moving_variance", "bn/batchnorm/add/y"])
            g.node.add(name="bn/batchnorm/Rsqrt", op="Rsqrt", input=["bn/batchnorm/add"])
            if scale:
                g.node.add(name="bn/batchnorm/mul", op="Mul", input=["bn/batchnorm/Rsqrt", "bn/gamma"])
            else:
                g.node.add(name="bn/batchnorm/mul", op="Identity", input=["bn/batchnorm/Rsqrt"])
        g.node.add(name="bn/batchnorm/mul_1", op="Mul", input=["conv/op", "bn/batchnorm/mul"])
        g.node.add(name="bn/batchnorm/add_1", op="AddV2", input=["bn/batchnorm/mul_1", "bn/sub"])
    path = tf_graph(tmp_path / f"keras{int(scale)}{int(folded)}{op}.pb", build)
    return path, w, gamma if scale else np.ones(5, F32), var


@pytest.mark.parametrize("scale", [True, False])
def test_tf_keras_small_op_batchnorm_is_folded_as_conv_bn(tmp_path, scale):
    rng = np.random.default_rng(39)
    path, w, gamma, var = keras_bn(tmp_path, rng, scale=scale)
    out_first = np.transpose(w, (3, 0, 1, 2))
    expected = ref.arq(ref.fuse_bn(out_first, var, gamma, EPS))
    model = load_model(path)
    good = fitted("tf-inner", "conv/op", expected)
    p = entry_weights(good.record[0], model)
    assert p.fusions == ("Conv+BN (small BN ops)",) and p.fused_layers == ("bn/batchnorm/mul_1", "bn/batchnorm/add_1")
    assert same_bits(p.arq().scale, expected)
    assert weights_findings(good, "tf-inner", model) == []
    assert same_bits(refit_file(tmp_path, good, ["--model", str(path)]), expected)


@pytest.mark.parametrize("folded,op,words", [
    (True, "Conv2D", "the graph holds the BatchNorm's multiplier as one constant"),
    (False, "DepthwiseConv2dNative", "the documents name Conv\\+BN and Conv\\+BiasAdd\\+BN, and whether "
                                     "DepthwiseConv2dNative is one of them is not said"),
])
def test_tf_keras_batchnorm_that_cannot_be_computed_is_not_compared(tmp_path, capsys, folded, op, words):
    rng = np.random.default_rng(40)
    path, w, _, _ = keras_bn(tmp_path, rng, folded=folded, op=op)
    model = load_model(path)
    raw = ref.arq(np.transpose(w, (3, 0, 1, 2)).reshape(5, -1) if op == "Conv2D" else w.reshape(-1, 5).T)
    not_compared(tmp_path, capsys, fitted("tf-inner", "conv/op", raw), path, model, "tf-inner",
                 r"Conv\+BN \(small BN ops\) \(bn/batchnorm/mul_1 \+ bn/batchnorm/add_1\) is fused by AMCT and not "
                 r"computed here: " + words)
