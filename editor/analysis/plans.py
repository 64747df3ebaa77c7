"""From a record entry to what the activation analysis runs for it (`graph.LayerPlan`): which
tensor is quantized with which factors, which float output it is compared with, and the
layer's operator with its fake-quantized weights. Qt-free; onnx and numpy.

Which entries: a layer whose weights AMCT quantizes (Conv, ConvTranspose, Gemm, MatMul), an
AveragePool (activations only), and a ``layer:input`` key (the statistics of that input,
no similarity). The weights are `model_review.entry_weights`' (folded, balanced), quantized
with the entry's scale_w and put back in the node's layout. Where the entry folds a
BatchNorm, the float output compared is the BatchNorm's and the bias is the folded one,
``(b - mean)·gamma/sqrt(var + eps) + beta`` (PyTorch's ``fuse_conv_bn_weights``, which AMCT
calls). Anything else gets a reason it is not analysed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict, cast

import numpy as np
import onnx
from onnx import TensorProto, numpy_helper

from editor.analysis.graph import SAMPLE_SIZE, LayerPlan
from editor.analysis.metrics import fake_quant_rows
from editor.analysis.weights import WeightAnalysis
from editor.i18n import translate
from editor.models import Layer, Model, ModelError
from editor.records import quant_core
from editor.records.messages import EntryMessage, TypedValueMessage, ValueMessage, WideValueMessage

#: where each layer's input is sampled for its histogram: fixed random integers taken modulo its
#: size (uniform to within size/2^62), the same for every layer (one constant in the graph)
SAMPLE_AT = np.random.default_rng(0).integers(0, 1 << 62, SAMPLE_SIZE, dtype=np.int64)
SAMPLE_AT.flags.writeable = False

#: operators whose weights the analysis puts back in the node's layout
WEIGHTED_OPS = ("Conv", "ConvTranspose", "Gemm", "MatMul")


class _Common(TypedDict):
    """The `LayerPlan` fields every kind of plan fills alike."""

    index: int
    key: str
    node: onnx.NodeProto
    act_bits: int
    scale_d: float
    offset_d: int
    sample_at: np.ndarray


class NotAnalysed(Exception):
    """Why an entry's activations are not analysed (a user-facing message)."""


def activation_bits(value: ValueMessage) -> int:
    """Bit width of an entry's activations: its act_type where the dialect has one, else INT8."""
    name = value.act_type if isinstance(value, TypedValueMessage) else None
    try:
        return quant_core.bit_width(name)
    except ValueError:
        return quant_core.bit_width(None)


class ModelTensors:
    """What the plans need to know about an ONNX model's tensors: constant values (initializers
    and Constant nodes), element types where known, and who reads each tensor."""

    def __init__(self, model: onnx.ModelProto):
        self.model = model
        g = model.graph
        self._init = {t.name: t for t in g.initializer}
        self._const: dict[str, onnx.TensorProto] = {}
        self.consumers: dict[str, list[onnx.NodeProto]] = {}
        for node in g.node:
            if node.op_type == "Constant" and node.output:
                for a in node.attribute:
                    if a.name == "value" and a.HasField("t"):
                        self._const[node.output[0]] = a.t
            for name in node.input:
                if name:
                    self.consumers.setdefault(name, []).append(node)
        self.types: dict[str, int] = {}
        for vi in list(g.input) + list(g.value_info) + list(g.output):
            if vi.type.HasField("tensor_type") and vi.type.tensor_type.elem_type:
                self.types[vi.name] = vi.type.tensor_type.elem_type
        for t in g.initializer:
            self.types[t.name] = t.data_type
        self.graph_outputs = {o.name for o in g.output}

    def is_constant(self, name: str) -> bool:
        return name in self._init or name in self._const

    def value(self, name: str) -> np.ndarray | None:
        t = self._init.get(name) or self._const.get(name)
        if t is None:
            return None
        return numpy_helper.to_array(t)


def rows_to_weight(layer: Layer, node: onnx.NodeProto, rows: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Weights given as rows per output channel, back in the node's own layout (the inverse
    of the model reader's `Layer.to_rows`)."""
    op = node.op_type
    if op == "Conv":
        return rows.reshape(shape)
    if op == "ConvTranspose":
        g = max(layer.group, 1)
        per = shape[1]
        return rows.reshape(g, per, shape[0] // g, -1).transpose(0, 2, 1, 3).reshape(shape)
    if op == "Gemm":
        trans_b = any(a.name == "transB" and a.i for a in node.attribute)
        return rows.reshape(shape) if trans_b else rows.T.reshape(shape)
    if op == "MatMul":
        return rows.T.reshape(shape)
    raise NotAnalysed(translate("analysis", "{op} weights are not analysed").format(op=op))


@dataclass(frozen=True)
class Planned:
    """A plan, or why there is none (`reason`)."""

    plan: LayerPlan | None
    reason: str | None = None


def plan_entry(index: int, entry: EntryMessage, model: Model, tensors: ModelTensors,
               weights: WeightAnalysis) -> Planned:
    """The plan of one record entry (or the reason it has none)."""
    try:
        return Planned(_plan(index, entry, model, tensors, weights))
    except (NotAnalysed, ModelError) as e:
        return Planned(None, e.message if isinstance(e, ModelError) else str(e))


def _plan(index: int, entry: EntryMessage, model: Model, tensors: ModelTensors,
          weights: WeightAnalysis) -> LayerPlan:
    value = entry.value
    layer, input_index = model.find(entry.key)
    if layer is None:
        raise NotAnalysed(translate("analysis", "the model has no layer {key}").format(key=repr(entry.key)))
    if not value.HasField("scale_d"):
        raise NotAnalysed(translate("analysis", "the entry has no scale_d"))
    node = tensors.model.graph.node[layer.index]
    bits = activation_bits(value)
    common: _Common = {"index": index, "key": entry.key, "node": node, "act_bits": bits,
                       "scale_d": float(value.scale_d), "offset_d": int(value.offset_d), "sample_at": SAMPLE_AT}
    if input_index is not None:
        if input_index >= len(node.input) or not node.input[input_index]:
            raise NotAnalysed(translate("analysis", "{op} {name} has no input {index}").format(
                op=node.op_type, name=repr(node.name), index=input_index))
        x = node.input[input_index]
        _check_activation(x, tensors)
        return LayerPlan(x=x, y=None, input_index=input_index, **common)
    x = node.input[0] if node.input else ""
    _check_activation(x, tensors)
    if layer.kind == "avgpool" and layer.quantizable:
        return LayerPlan(x=x, y=node.output[0], **common)
    if node.op_type not in WEIGHTED_OPS or not layer.takes_weights:
        raise NotAnalysed(translate("analysis", "{op} layers are not analysed").format(op=node.op_type))
    prepared = weights.prepared(entry)
    wq, _ = fake_quant_rows(prepared.rows, np.asarray(value.scale_w, dtype=np.float32), prepared.bits)
    weight_ref = layer.weight
    assert weight_ref is not None  # prepared weights exist
    weight = rows_to_weight(layer, node, wq, weight_ref.shape).astype(np.float32)
    bias: str | np.ndarray | None = node.input[2] if len(node.input) > 2 and node.input[2] else None
    y = node.output[0]
    folded_bn = None
    if prepared.folded:
        bn = _following_batchnorm(node, tensors)
        b = tensors.value(bias) if isinstance(bias, str) else None
        if isinstance(bias, str) and b is None:
            raise NotAnalysed(translate("analysis", "the bias of {name} is not a constant, so the BatchNorm cannot be "
                                        "folded").format(name=repr(node.name)))
        bias = _folded_bias(bn, b, weight.shape[1] if node.op_type == "ConvTranspose" else weight.shape[0],
                            tensors, layer)
        y = bn.output[0]
        folded_bn = bn.name or None
        if folded_bn is None:
            raise NotAnalysed(translate("analysis", "the BatchNorm after {name} has no name").format(name=repr(node.name)))
    balance = None
    if prepared.balanced and isinstance(value, WideValueMessage):  # balanced: the dialect has it
        tbf = np.asarray(value.tensor_balance_factor, dtype=np.float32)
        rank = len(weight.shape) if node.op_type in ("Conv", "ConvTranspose") else 1
        balance = tbf.reshape((1, -1) + (1,) * (rank - 2)) if rank > 2 else tbf
    return LayerPlan(x=x, y=y, weight=weight, bias=bias, balance=balance, folded_bn=folded_bn, **common)


def _check_activation(name: str, tensors: ModelTensors) -> None:
    if not name:
        raise NotAnalysed(translate("analysis", "the layer has no input tensor"))
    if tensors.is_constant(name):
        raise NotAnalysed(translate("analysis", "its input {name} is a constant of the model").format(name=repr(name)))
    elem = tensors.types.get(name)
    if elem is not None and elem != TensorProto.FLOAT:
        raise NotAnalysed(translate("analysis", "its input {name} is {type}, not float32").format(
            name=repr(name), type=TensorProto.DataType.Name(elem)))


def _following_batchnorm(node: onnx.NodeProto, tensors: ModelTensors) -> onnx.NodeProto:
    users = tensors.consumers.get(node.output[0], [])
    for u in users:
        if u.op_type == "BatchNormalization" and u.input and u.input[0] == node.output[0]:
            return u
    raise NotAnalysed(translate("analysis", "no BatchNormalization follows {name}").format(name=repr(node.name)))


def _folded_bias(bn: onnx.NodeProto, bias: np.ndarray | None, channels: int, tensors: ModelTensors,
                 layer: Layer) -> np.ndarray:
    params = [tensors.value(n) if n else None for n in list(bn.input[1:5])]
    if len(params) < 4 or any(p is None for p in params):
        raise NotAnalysed(translate("analysis", "the parameters of {name} are not constants").format(name=repr(bn.name)))
    gamma, beta, mean, var = (np.asarray(p, dtype=np.float32).reshape(-1) for p in params)
    eps = np.float32(next((a.f for a in bn.attribute if a.name == "epsilon"), 1e-5))
    b = np.zeros(channels, np.float32) if bias is None else np.asarray(bias, dtype=np.float32).reshape(-1)
    if not (gamma.size == beta.size == mean.size == var.size == b.size == channels):
        raise NotAnalysed(translate("analysis", "{name} does not have {channels} channels like {layer}").format(
            name=repr(bn.name), channels=channels, layer=repr(layer.label)))
    rsqrt = np.float32(1.0) / np.sqrt(var + eps)
    return cast(np.ndarray, ((b - mean) * rsqrt * gamma + beta).astype(np.float32))
