"""The fusions AMCT TensorFlow documents, found in a frozen graph and attached to the layers
whose weights they change (`editor.models.fusion`). No Qt here.

AMCT TensorFlow is closed source; its *Fusion Support* pages (`fusion.SOURCES`) list:

- Conv+BN: Conv2D/Conv3D (+BiasAdd) + FusedBatchNorm; Depthwise_Conv+BN; Conv2DBackpropInput+BN;
  and "Conv2D+BatchToSpace+BN", moved to Conv2D+BN+BatchToSpace when the channels agree;
- OP+(BiasAdd)+Mul: a Mul by a Const of empty shape after Conv2D/Conv3D/MatMul/Depthwise/
  Conv2DBackpropInput (+BiasAdd);
- Group_conv+BN: Split + several Conv2D/Conv3D (+BiasAdd) + ConcatV2 (on the channel axis) +
  FusedBatchNorm: each convolution takes its own channels of the BatchNorm;
- MatMul+BN: MatMul (+BiasAdd) + Reshape + FusedBatchNorm + Reshape, the second Reshape giving
  MatMul's output shape back;
- the small operators of ``tf.keras.layers.BatchNormalization(fused=False)`` after a Conv
  (+BiasAdd) on 4-D tensors, replaced by a FusedBatchNormV3 and then folded as Conv+BN:
  ``x · (rsqrt(var + ε) · γ) + …``.

Each is folded with the arithmetic of Conv+BN where the documents leave no doubt about it.
Where they do — a BatchNorm reached through another arrangement of BiasAdd, BatchToSpaceND and
Identity, a MatMul+BN in NCHW whose Reshape is not fixed, a Keras BatchNorm whose variance is
folded away in the graph, channels that do not agree — the layer gets a `NotComputed` fusion:
"not compared", never flagged or refit from the wrong weights.
"""
from __future__ import annotations

import math

import numpy as np

from editor.i18n import translate
from editor.models._pb import tf_graph_pb2 as pb
from editor.models._tf_graph import BN_OPS, PASS_THROUGH, Graph, attr, source_name
from editor.models.base import Layer, ModelError, TensorRef
from editor.models.fusion import PATTERNS, BatchNormFold, NotComputed, ScalarFold

#: op types AMCT TensorFlow folds a following FusedBatchNorm into, and the pattern's key
BN_FUSIONS = {"Conv2D": "tf-conv-bn", "Conv3D": "tf-conv-bn", "DepthwiseConv2dNative": "tf-depthwise-bn",
              "Conv2DBackpropInput": "tf-deconv-bn"}
#: op types AMCT TensorFlow folds a following Mul by a scalar constant into (OP+(BiasAdd)+Mul)
MUL_FUSIONS = frozenset({"Conv2D", "Conv3D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "MatMul"})
#: ops between a layer and a BatchNorm that keep its channels where they are
_BETWEEN = frozenset({"BiasAdd", "BatchToSpaceND"}) | PASS_THROUGH
_GROUP_CONVS = frozenset({"Conv2D", "Conv3D"})


def link_fusions(graph: Graph, layers: list[Layer]) -> None:
    """Attach every documented fusion to the layers (in graph order) whose weights it changes."""
    for i, n in enumerate(graph.nodes):
        if n.op in MUL_FUSIONS:
            _after(graph, n, layers[i])
    for n in graph.nodes:
        if n.op in ("ConcatV2", "Concat"):
            _group_conv(graph, n, layers)


def _inference_bn(node: pb.NodeDef | None) -> bool:
    return node is not None and node.op in BN_OPS and len(node.input) >= 5 and not attr(node, "is_training", "b")


def _eps(bn: pb.NodeDef) -> float:
    eps = attr(bn, "epsilon", "f")
    return 1e-4 if eps is None else float(eps)  # FusedBatchNorm's default epsilon


def _bn_fold(graph: Graph, bn: pb.NodeDef, names: tuple[str, ...], key: str, *, start: int = 0,
             count: int | None = None) -> BatchNormFold:
    """The fold of BatchNorm `bn` (its channels `start` … `start + count` where the layer makes
    only those: one convolution of a Group_conv+BN)."""
    return BatchNormFold(names, var=graph.const(bn.input[4]), eps=_eps(bn), gamma=graph.const(bn.input[1]),
                         pattern=PATTERNS[key], start=start, count=count)


def _channels(ref: TensorRef | None) -> int | None:
    return ref.size if ref is not None else None


def _after(graph: Graph, n: pb.NodeDef, layer: Layer) -> None:
    """The fusions of what follows layer `n`: through BiasAdd, BatchToSpaceND and Identity
    (each read only by the next) to a FusedBatchNorm, a Mul, or (MatMul) a Reshape."""
    chain: list[pb.NodeDef] = []
    prev, nxt = n, graph.only_user(n.name)
    while nxt is not None and nxt.op in _BETWEEN and len(chain) < 4:
        chain.append(nxt)
        prev, nxt = nxt, graph.only_user(nxt.name)
    if nxt is None:
        return
    ops = [c.op for c in chain]
    names = tuple(c.name for c in chain)
    if _inference_bn(nxt):
        if n.op in BN_FUSIONS and ops in ([], ["BiasAdd"]):
            layer.fusions.append(_bn_fold(graph, nxt, (nxt.name,), BN_FUSIONS[n.op]))
        elif n.op == "Conv2D" and ops == ["BatchToSpaceND"]:
            got = _channels(graph.const(nxt.input[4]))
            if got is not None and got == layer.out_channels:
                layer.fusions.append(_bn_fold(graph, nxt, (*names, nxt.name), "tf-batchtospace-bn"))
            else:
                layer.fusions.append(NotComputed((*names, nxt.name), pattern=PATTERNS["tf-batchtospace-bn"], why=translate(
                    "models", "the BatchNorm has {got} channels, the Conv2D {channels}: AMCT moves the BatchNorm "
                    "before the BatchToSpace only when they agree").format(got=got, channels=layer.out_channels)))
        elif n.op in BN_FUSIONS:
            layer.fusions.append(NotComputed((*names, nxt.name), pattern=PATTERNS[BN_FUSIONS[n.op]], why=translate(
                "models", "a FusedBatchNorm follows it through {ops}; AMCT documents Conv+BN, Conv+BiasAdd+BN and "
                "Conv2D+BatchToSpace+BN, and whether it folds this one is not known").format(ops=" → ".join(ops))))
        return
    if ops not in ([], ["BiasAdd"]):
        return
    if nxt.op == "Mul" and len(graph.data_inputs(nxt)) == 2:
        others = [x for x in graph.data_inputs(nxt) if source_name(x) != prev.name]
        if len(others) != 1:
            return
        scalar = graph.const(others[0])
        if scalar is not None and scalar.shape == () and layer.out_channels:
            layer.fusions.append(ScalarFold((nxt.name,), scalar, channels=layer.out_channels,
                                            pattern=PATTERNS["tf-mul"]))
        elif n.op in BN_FUSIONS:
            _keras_bn(graph, n, layer, nxt, others[0])
    elif n.op == "MatMul" and nxt.op == "Reshape":
        _matmul_bn(graph, layer, nxt)


def _through(graph: Graph, inp: str) -> pb.NodeDef | None:
    """The node an input comes from, past Identity-like nodes."""
    node = graph.node(inp)
    for _ in range(8):
        if node is None or node.op not in PASS_THROUGH or not node.input:
            return node
        node = graph.node(node.input[0])
    return node


def _keras_parts(graph: Graph, inp: str) -> tuple[TensorRef, TensorRef, TensorRef | None] | None:
    """(variance, epsilon, gamma or None) of a Keras BatchNorm's multiplier — ``Rsqrt(var + ε)``
    or ``Rsqrt(var + ε) · γ`` with Consts — or None when `inp` is not one."""
    node = _through(graph, inp)
    gamma = None
    if node is not None and node.op == "Mul" and len(graph.data_inputs(node)) == 2:
        a, b = graph.data_inputs(node)
        rsqrt = next((x for x in (a, b) if (r := _through(graph, x)) is not None and r.op == "Rsqrt"), None)
        if rsqrt is None:
            return None
        gamma = graph.const(b if rsqrt == a else a)
        if gamma is None:
            return None
        node = _through(graph, rsqrt)
    if node is None or node.op != "Rsqrt" or not node.input:
        return None
    add = _through(graph, node.input[0])
    if add is None or add.op not in ("Add", "AddV2") or len(graph.data_inputs(add)) != 2:
        return None
    x, y = (graph.const(i) for i in graph.data_inputs(add))
    if x is None or y is None:
        return None
    # epsilon is the scalar; with one channel both are, and the scalar of empty shape is ε
    if y.size == 1 and (x.size != 1 or y.shape == ()):
        return x, y, gamma
    if x.size == 1:
        return y, x, gamma
    return None


def _on_channels(ref: TensorRef, channels: int | None, axis: int, rank: int) -> bool:
    """`ref` (broadcast against a tensor of `rank` dimensions) holds one value per channel of
    axis `axis` and nothing else."""
    if channels is None or ref.size != channels or len(ref.shape) > rank:
        return False
    shape = (1,) * (rank - len(ref.shape)) + ref.shape
    return all(d == (channels if k == axis else 1) or (d == 1 and channels == 1) for k, d in enumerate(shape))


def _keras_bn(graph: Graph, n: pb.NodeDef, layer: Layer, mul: pb.NodeDef, factor: str) -> None:
    """A Keras BatchNorm made of small operators after a convolution: ``Mul`` by its
    multiplier, then ``Add``. Folded for a Conv2D (the documents' Conv+BN on 4-D inputs),
    from the variance, epsilon and gamma it is computed from; not compared otherwise."""
    add = graph.only_user(mul.name)
    if add is None or add.op not in ("Add", "AddV2"):
        return
    names = (mul.name, add.name)
    parts = _keras_parts(graph, factor)
    folded = graph.const(factor)
    fmt = attr(n, "data_format", "s") or b"NHWC"
    axis = 1 if fmt.startswith(b"NC") else 3
    if parts is not None and n.op == "Conv2D":
        var, eps, gamma = parts
        fits = _on_channels(var, layer.out_channels, axis, 4) and (
            gamma is None or _on_channels(gamma, layer.out_channels, axis, 4))
        try:
            eps_value = float(np.asarray(eps.values(), dtype=np.float32).ravel()[0]) if fits else None
        except ModelError:
            eps_value = None
        if eps_value is not None:
            layer.fusions.append(BatchNormFold(names, var=var, eps=eps_value, gamma=gamma, has_gamma=gamma is not None,
                                               pattern=PATTERNS["tf-keras-bn"]))
            return
        why = translate("models", "its variance or scale do not hold one value per output channel, or its epsilon "
                        "cannot be read")
    elif parts is not None:
        why = translate("models", "the documents name Conv+BN and Conv+BiasAdd+BN, and whether {op} is one of them "
                        "is not said").format(op=n.op)
    elif folded is not None and folded.size == layer.out_channels and folded.size > 1:
        why = translate("models", "the graph holds the BatchNorm's multiplier as one constant: the variance and "
                        "epsilon the fold needs are folded away")
    else:
        return
    layer.fusions.append(NotComputed(names, pattern=PATTERNS["tf-keras-bn-folded"], why=why))


def _small_ints(ref: TensorRef | None) -> list[int] | None:
    if ref is None or ref.size > 8 or ref.dtype is None or ref.dtype.kind not in "iu":
        return None
    try:
        return [int(v) for v in np.asarray(ref.values()).ravel()]
    except ModelError:
        return None


def _matmul_bn(graph: Graph, layer: Layer, reshape: pb.NodeDef) -> None:
    """MatMul (+BiasAdd) + Reshape + FusedBatchNorm + Reshape: the BatchNorm's channels are
    MatMul's outputs n when its channel axis holds them (NHWC: the last axis, whatever the
    Reshape; NCHW: a fixed Reshape to N×n×1×1)."""
    bn = graph.only_user(reshape.name)
    if not _inference_bn(bn):
        return
    assert bn is not None
    back = graph.only_user(bn.name)
    if back is None or back.op != "Reshape":
        return
    names = (reshape.name, bn.name, back.name)
    n_out = layer.out_channels
    back_shape = _small_ints(graph.const(back.input[1])) if len(back.input) > 1 else None
    if back_shape is not None and (len(back_shape) != 2 or back_shape[1] not in (n_out, -1)):
        return  # the second Reshape does not give MatMul's shape back: not the documented pattern
    got = _channels(graph.const(bn.input[4]))

    def not_computed(why: str) -> None:
        layer.fusions.append(NotComputed(names, pattern=PATTERNS["tf-matmul-bn"], why=why))
    if got != n_out:
        not_computed(translate("models", "the BatchNorm has {got} channels, the MatMul {channels} outputs").format(
            got=got, channels=n_out))
        return
    fmt = attr(bn, "data_format", "s") or b"NHWC"
    if fmt.startswith(b"NC"):
        target = _small_ints(graph.const(reshape.input[1])) if len(reshape.input) > 1 else None
        if target is None or len(target) != 4 or target[1] != n_out or math.prod(target[2:]) != 1:
            not_computed(translate("models", "the BatchNorm is NCHW and the Reshape before it is not a fixed N×{n}×1×1: "
                                   "which channel each output lands on is not known").format(n=n_out))
            return
    layer.fusions.append(_bn_fold(graph, bn, names, "tf-matmul-bn"))


def _group_conv(graph: Graph, concat: pb.NodeDef, layers: list[Layer]) -> None:
    """Split + Conv2D/Conv3D… (+BiasAdd) + ConcatV2 on the channel axis + FusedBatchNorm: each
    convolution folds its own channels of the BatchNorm."""
    bn = graph.only_user(concat.name)
    if not _inference_bn(bn):
        return
    assert bn is not None
    inputs = graph.data_inputs(concat)
    if len(inputs) < 3:
        return
    values, axis_input = (inputs[:-1], inputs[-1]) if concat.op == "ConcatV2" else (inputs[1:], inputs[0])
    convs: list[pb.NodeDef] = []
    splits = set()
    for v in values:
        node: pb.NodeDef | None = graph.node(v)
        reader = concat
        if node is not None and node.op == "BiasAdd":
            if graph.only_user(node.name) is not concat:
                return
            reader = node
            node = graph.node(node.input[0])
        if node is None or node.op not in _GROUP_CONVS or graph.only_user(node.name) is not reader or not node.input:
            return
        source = graph.node(node.input[0])
        if source is None or source.op not in ("Split", "SplitV"):
            return
        convs.append(node)
        splits.add(source.name)
    if len(splits) != 1 or len({c.name for c in convs}) != len(convs):
        return
    group = [layers[graph.index[c.name]] for c in convs]
    names = (concat.name, bn.name)
    rank = 5 if convs[0].op == "Conv3D" else 4
    fmt = attr(convs[0], "data_format", "s") or b"NHWC"
    channel_axis = 1 if fmt.startswith(b"NC") else rank - 1
    axis = _small_ints(graph.const(axis_input))
    why = None
    if axis is None or len(axis) != 1:
        why = translate("models", "the Concat's axis is not a constant: whether it joins the channels is not known")
    elif axis[0] % rank != channel_axis:
        return  # not joined on the channels: not a Group_conv
    elif any(layer.out_channels is None for layer in group):
        why = translate("models", "the channels of a convolution of the group are not known")
    elif sum(layer.out_channels or 0 for layer in group) != _channels(graph.const(bn.input[4])):
        why = translate("models", "the BatchNorm has {got} channels, the convolutions {total} together").format(
            got=_channels(graph.const(bn.input[4])), total=sum(layer.out_channels or 0 for layer in group))
    if why is not None:
        for layer in group:
            layer.fusions.append(NotComputed(names, pattern=PATTERNS["tf-group-conv-bn"], why=why))
        return
    start = 0
    for layer in group:
        assert layer.out_channels is not None
        layer.fusions.append(_bn_fold(graph, bn, names, "tf-group-conv-bn", start=start, count=layer.out_channels))
        start += layer.out_channels
