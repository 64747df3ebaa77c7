"""Synthetic AMCT records: the bundled samples, test inputs and big benchmark files.

Everything here is deterministic from a seed and Qt-free. `resnet50_layers` describes a
ResNet-50-like network in one framework's naming; `build_record` turns it into a record
message of any dialect with believable factors (AMCT's formulas, value distributions
like real calibrations); `add_resnet_prune_records` adds sparsity records; `make_big`
builds huge records fast; `to_text` writes text exactly as AMCT does.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

import numpy as np
from google.protobuf import text_format
from google.protobuf.internal.containers import RepeatedCompositeFieldContainer
from google.protobuf.message import Message

from editor.records._pb import (
    caffe_record_pb2,
    inner_scale_offset_record_tf_pb2,
    scale_offset_record_onnx_pb2,
    scale_offset_record_pytorch_pb2,
)
from editor.records.dialects import Dialect, get_dialect
from editor.records.messages import (
    KVCacheEntryMessage,
    PruneNodeMessage,
    PruneRootMessage,
    PruneValueMessage,
    RootMessage,
    TypedValueMessage,
    WideValueMessage,
)

if TYPE_CHECKING:
    from editor.models import Model

#: A repeated prune node field (`record.producer`, `record.consumer`) of either prune dialect.
PruneNodes: TypeAlias = (RepeatedCompositeFieldContainer[inner_scale_offset_record_tf_pb2.PruneNode]
                         | RepeatedCompositeFieldContainer[scale_offset_record_pytorch_pb2.PruneNode])
# The layer messages of the one dialect that has a field (is_tensor_quantize, channels, scale_h).
_OnnxValue = scale_offset_record_onnx_pb2.SingleLayerRecord
_CaffeValue = caffe_record_pb2.SingleLayerRecord
_PytorchValue = scale_offset_record_pytorch_pb2.SingleLayerRecord

#: Layer naming style of each dialect (both TensorFlow dialects name layers alike).
DIALECT_STYLE: dict[str, str] = {
    "tf-inner": "tf",
    "tf-convert": "tf",
    "pytorch": "pytorch",
    "onnx": "onnx",
    "mindspore": "mindspore",
    "caffe": "caffe",
}
STYLES = ("tf", "pytorch", "onnx", "mindspore", "caffe")

# Op types as each framework (and so AMCT's prune records) names them.
_CONV_OP = {"tf": "Conv2D", "pytorch": "Conv", "onnx": "Conv", "mindspore": "Conv2d", "caffe": "Convolution"}
_BN_OP = {"tf": "FusedBatchNormV3", "pytorch": "BatchNormalization"}
_ADD_OP = {"tf": "AddV2", "pytorch": "Add"}
_POOL_OP = {"tf": "AvgPool", "pytorch": "AveragePool", "onnx": "GlobalAveragePool",
            "mindspore": "AvgPool2d", "caffe": "Pooling"}
_FC_OP = {"tf": "MatMul", "pytorch": "Gemm", "onnx": "Gemm", "mindspore": "Dense", "caffe": "InnerProduct"}
# Channel axis of an activation (NHWC for TensorFlow, NCHW elsewhere), used as prune_axis.
_PRUNE_AXIS = {"tf": 3, "pytorch": 1}

_STAGE_UNITS = (3, 4, 6, 3)
_STAGE_WIDTH = (64, 128, 256, 512)
_EXPANSION = 4


@dataclass(frozen=True)
class LayerSpec:
    """One quantizable layer (or quantized tensor) of a synthetic network."""

    name: str
    #: conv, fc, pool, lstm, linear (per-channel Linear) or tensor (a quantized input tensor)
    kind: str
    op: str
    in_channels: int
    #: weight output channels (len of a per-channel scale_w); for an LSTM 4 * hidden size
    out_channels: int
    height: int = 1
    width: int = 1
    kernel: int = 1
    #: the tensor the layer reads: layers reading the same tensor share scale_d/offset_d
    input: str = ""
    #: the input can be negative (not behind a ReLU): offset_d is not -128
    signed_input: bool = False
    stage: int = 0
    unit: int = 0
    #: conv1/conv2/conv3/shortcut inside a bottleneck unit, else stem/pool/fc/head
    branch: str = ""
    #: the BatchNorm node after a conv (a prune consumer)
    bn: str = ""
    #: the residual Add this unit ends in
    add: str = ""
    #: PyTorch only: the layer also quantizes its KV cache (kv_cache_value)
    kv_cache: bool = False

    @property
    def has_weights(self) -> bool:
        return self.kind not in ("pool", "tensor")

    @property
    def per_channel(self) -> bool:
        return self.kind in ("conv", "lstm", "linear")


# ---------------------------------------------------------------------------------------
# Network description
# ---------------------------------------------------------------------------------------

def _names(style: str, stage: int, unit: int, branch: str) -> tuple[str, str]:
    """(layer name, BatchNorm name) of a bottleneck conv in one naming style."""
    k = {"conv1": 1, "conv2": 2, "conv3": 3}.get(branch, 0)
    if style == "tf":
        base = f"resnet_v1_50/block{stage}/unit_{unit + 1}/bottleneck_v1/{branch}"
        return f"{base}/Conv2D", f"{base}/BatchNorm/FusedBatchNormV3"
    if style == "caffe":
        block = f"{stage + 1}{chr(ord('a') + unit)}"
        suffix = "branch1" if branch == "shortcut" else f"branch2{'abc'[k - 1]}"
        return f"res{block}_{suffix}", f"bn{block}_{suffix}"
    module = f"layer{stage}.{unit}"
    if style == "onnx":
        if branch == "shortcut":
            return f"/layer{stage}/{module}/downsample/downsample.0/Conv", ""
        return f"/layer{stage}/{module}/conv{k}/Conv", ""
    if style == "mindspore":
        if branch == "shortcut":
            return f"{module}.down_sample.0", f"{module}.down_sample.1"
        return f"{module}.conv{k}", f"{module}.bn{k}"
    if branch == "shortcut":
        return f"{module}.downsample.0", f"{module}.downsample.1"
    return f"{module}.conv{k}", f"{module}.bn{k}"


def _add_name(style: str, stage: int, unit: int, onnx_index: int) -> str:
    if style == "tf":
        return f"resnet_v1_50/block{stage}/unit_{unit + 1}/bottleneck_v1/add"
    if style == "caffe":
        return f"res{stage + 1}{chr(ord('a') + unit)}"
    if style == "onnx":
        return f"/layer{stage}/layer{stage}.{unit}/Add"
    # the PyTorch flavour prunes through the exported ONNX graph (see realworld/ prune files)
    return f"Add_{onnx_index}"


def _stem_and_head(style: str) -> tuple[tuple[str, str], str, str]:
    """((stem conv, stem BatchNorm), pool name, classifier name)."""
    return {
        "tf": (("resnet_v1_50/conv1/Conv2D", "resnet_v1_50/conv1/BatchNorm/FusedBatchNormV3"),
               "resnet_v1_50/pool5/AvgPool", "resnet_v1_50/logits/MatMul"),
        "pytorch": (("conv1", "bn1"), "avgpool", "fc"),
        "onnx": (("/conv1/Conv", ""), "/avgpool/GlobalAveragePool", "/fc/Gemm"),
        "mindspore": (("conv1", "bn1"), "pool", "classifier"),
        "caffe": (("conv1", "bn_conv1"), "pool5", "fc1000"),
    }[style]


def resnet50_layers(
    style: str = "tf",
    *,
    width: float = 1.0,
    max_channels: int | None = None,
    min_channels: int = 8,
    extras: bool = False,
) -> list[LayerSpec]:
    """The quantizable layers of ResNet-50 in one naming style (see `STYLES`), in network order.

    `width` scales every channel count (0.25 = quarter-width ResNet-50) and `max_channels`
    caps it, to keep files small. `extras` adds what only some flavours have: ONNX tensor
    quantization entries (`layer:input_index` keys) and, for PyTorch, an LSTM and an
    attention projection with a quantized KV cache.
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; choose one of: {', '.join(STYLES)}")

    def ch(n: int) -> int:
        c = max(min_channels, round(n * width))
        return min(c, max_channels) if max_channels else c

    conv_op = _CONV_OP[style]
    (stem, stem_bn), pool, fc = _stem_and_head(style)
    layers = [LayerSpec(stem, "conv", conv_op, 3, ch(64), 224, 224, 7, "image", True,
                        branch="stem", bn=stem_bn)]
    if extras and style == "onnx":
        layers.append(LayerSpec("/maxpool/MaxPool:0", "tensor", "MaxPool", ch(64), ch(64), 112, 112,
                                input="stem"))
    onnx_index = 3  # Conv_0, Relu_1, MaxPool_2: PyTorch's exported node numbering
    size, in_ch, feature = 56, ch(64), "stem"
    last_stride_style = style == "tf"  # slim's resnet_v1 strides in the last unit of a block
    for s, (units, base) in enumerate(zip(_STAGE_UNITS, _STAGE_WIDTH, strict=True), start=1):
        mid, out = ch(base), ch(base * _EXPANSION)
        for u in range(units):
            if last_stride_style:
                stride = 2 if (u == units - 1 and s < 4) else 1
            else:
                stride = 2 if (u == 0 and s > 1) else 1
            unit_in = feature
            small = size // stride
            # Caffe's ResNet strides in branch2a and branch1, the others in the 3x3 conv
            conv2_size = small if style == "caffe" else size
            convs = [
                ("conv1", in_ch, mid, size, 1, unit_in),
                ("conv2", mid, mid, conv2_size, 3, f"{s}.{u}.conv1"),
                ("conv3", mid, out, small, 1, f"{s}.{u}.conv2"),
            ]
            if u == 0:
                shortcut = ("shortcut", in_ch, out, size, 1, unit_in)
                convs = [shortcut, *convs] if style in ("tf", "caffe") else [*convs, shortcut]
            add = _add_name(style, s, u, onnx_index + 5 + (u == 0))
            for branch, cin, cout, hw, k, src in convs:
                name, bn = _names(style, s, u, branch)
                layers.append(LayerSpec(name, "conv", conv_op, cin, cout, hw, hw, k, src,
                                        stage=s, unit=u, branch=branch, bn=bn, add=add))
            onnx_index += 7 + (u == 0)  # Conv Relu Conv Relu Conv [Conv] Add Relu
            if extras and style == "onnx" and s == 4 and u == units - 1:
                # the identity input of the last residual Add, quantized as a tensor
                layers.append(LayerSpec(f"{add}:1", "tensor", "Add", out, out, small, small,
                                        input=unit_in, stage=s, unit=u))
            size, in_ch, feature = small, out, f"{s}.{u}.out"
    layers.append(LayerSpec(pool, "pool", _POOL_OP[style], in_ch, in_ch, size, size, size, feature,
                            branch="pool"))
    layers.append(LayerSpec(fc, "fc", _FC_OP[style], in_ch, 1000, 1, 1, 1, "pooled", branch="fc"))
    if extras and style == "pytorch":
        hidden = ch(64)
        layers.append(LayerSpec("seq_head.lstm", "lstm", "LSTM", ch(128), 4 * hidden, input="tokens",
                                signed_input=True, branch="head"))
        layers.append(LayerSpec("seq_head.attn.v_proj", "linear", "Linear", hidden, hidden,
                                input="seq_head.lstm", signed_input=True, branch="head", kv_cache=True))
    return layers


def layers_from_model(model: Model, *, pools: bool = False) -> list[LayerSpec]:
    """The quantizable layers of a real model (`editor.models`), in model order: keys are the
    layer names, per-channel scale_w lengths the output channels AMCT expects, and
    channels/height/width the input shapes the model reader computed.

    Layers whose weights AMCT quantizes are included (convolutions per channel, the others
    per tensor), average pooling too when `pools` (AMCT's own ResNet records leave pool5 out).
    Layers reading one tensor share activation factors, as in a real calibration; the net's
    input counts as the image.
    """
    produced = {out for layer in model.layers for out in layer.outputs}
    specs = []
    for layer in model.quantizable_layers():
        kind = {"conv": "conv", "fc": "fc", "avgpool": "pool"}.get(layer.kind)
        if kind is None or (kind == "pool" and not pools) or layer.out_channels is None:
            continue
        if kind == "conv" and not layer.channel_wise:
            kind = "fc"  # one scale_w for a convolution AMCT quantizes per tensor only
        c, h, w = layer.input_shape if layer.input_shape is not None else (layer.in_channels or 1, 1, 1)
        source = layer.inputs[0] if layer.inputs else ""
        specs.append(LayerSpec(layer.name, kind, layer.op_type, int(c), int(layer.out_channels), int(h), int(w),
                               input="image" if source and source not in produced else source,
                               branch="stem" if source and source not in produced else ""))
    return specs


# ---------------------------------------------------------------------------------------
# Factors
# ---------------------------------------------------------------------------------------

def activation_factors(lo: float, hi: float, bits: int = 8) -> tuple[float, int]:
    """AMCT's asymmetric activation factors for a calibrated range, forced through zero."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    scale = float(np.float32((hi - lo) / (2**bits - 1)))
    offset = round(-(2 ** (bits - 1)) - lo / scale)
    return scale, int(min(max(offset, -(2 ** (bits - 1))), 2 ** (bits - 1) - 1))


def _activation_factors_vec(lo: np.ndarray, hi: np.ndarray, bits: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """`activation_factors` per channel."""
    lo, hi = np.minimum(lo, 0.0), np.maximum(hi, 0.0)
    scale = ((hi - lo) / (2**bits - 1)).astype(np.float32)
    offset = np.rint(-(2 ** (bits - 1)) - lo / scale.astype(np.float64))
    return scale, np.clip(offset, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1).astype(np.int64)


def _lognormal(rng: np.random.Generator, median: float, sigma: float, n: int) -> np.ndarray:
    """n float32 values log-normal around `median`, tails clipped to a factor 20 either side."""
    values = rng.lognormal(math.log(median), sigma, n)
    return np.clip(values, median / 20, median * 20).astype(np.float32)


class _Calibration:
    """Activation ranges per input tensor: layers reading one tensor get identical factors."""

    def __init__(self, rng: np.random.Generator, style: str) -> None:
        self.rng = rng
        self.style = style
        self.seen: dict[str, tuple[float, int]] = {}

    def factors(self, layer: LayerSpec) -> tuple[float, int]:
        key = layer.input or layer.name
        if key not in self.seen:
            self.seen[key] = self._calibrate(layer)
        return self.seen[key]

    def _calibrate(self, layer: LayerSpec) -> tuple[float, int]:
        rng = self.rng
        if layer.input == "image":
            shrink = rng.uniform(0.96, 1.0)
            if self.style in ("tf", "caffe"):  # mean-subtracted 0..255 pixels (VGG preprocessing)
                return activation_factors(-123.68 * shrink, 151.061 * shrink)
            return activation_factors(-2.1179 * shrink, 2.64 * shrink)  # ImageNet-normalized
        if layer.signed_input:
            return activation_factors(-rng.uniform(1.0, 4.0), rng.uniform(1.0, 4.0))
        # behind a ReLU: [0, max] gives offset_d = -128; scale_d between 0.01 and 0.2
        hi = float(np.clip(rng.lognormal(math.log(7.0 if layer.kind != "fc" else 4.0), 0.5), 2.6, 50.0))
        return activation_factors(0.0, hi)


def _weight_scales(rng: np.random.Generator, layer: LayerSpec) -> np.ndarray:
    """Symmetric per-channel (or per-tensor) weight scales, log-normal around a layer median."""
    if not layer.per_channel:
        return _lognormal(rng, rng.uniform(1.5e-3, 4e-3), 0.3, 1)
    if layer.branch == "stem":
        median, sigma = 3e-3, 0.8
    else:
        # deeper layers have smaller weights; the layer's median stays in 1e-3 .. 1e-2
        log_median = -2.0 - 0.22 * layer.stage + rng.uniform(-0.3, 0.3)
        median = 10 ** min(-2.0, max(-3.0, log_median))
        sigma = rng.uniform(0.55, 0.8) if layer.branch in ("conv3", "shortcut") else rng.uniform(0.25, 0.5)
    return _lognormal(rng, median, sigma, layer.out_channels)


def _shift_bits(scale_w: np.ndarray) -> list[int]:
    """Plausible joint_quant shift bits (1..16): larger for smaller weight scales."""
    bits: list[int] = np.clip(np.rint(-np.log2(scale_w.astype(np.float64)) - 4), 1, 16).astype(np.int64).tolist()
    return bits


def build_record(
    dialect: str | Dialect,
    layers: Sequence[LayerSpec],
    seed: int = 0,
    *,
    balanced: Collection[str] = (),
    typed: Collection[str] = (),
    op_data_type: Mapping[str, str] | None = None,
    shift_bit: bool = False,
) -> RootMessage:
    """A record message of `dialect` with one entry per layer and believable factors.

    `balanced` names the layers given a tensor_balance_factor (one per input channel),
    `typed` those with act_type/wts_type set explicitly, `op_data_type` maps layer names
    to ONNX op_data_type values. Each is applied only where the dialect has the field.
    shift_bit is written only when asked (AMCT writes it only with joint_quant).
    """
    dialect = get_dialect(dialect)
    rng = np.random.default_rng(seed)
    calibration = _Calibration(rng, DIALECT_STYLE[dialect.name])
    message = dialect.new_message()
    op_data_type = op_data_type or {}
    for layer in layers:
        entry = message.record.add()
        entry.key = layer.name
        value = entry.value
        value.scale_d, value.offset_d = calibration.factors(layer)
        if layer.has_weights:
            scale_w = _weight_scales(rng, layer)
            value.scale_w.extend(scale_w.tolist())
            value.offset_w.extend([0] * len(scale_w))
            if shift_bit:
                value.shift_bit.extend(_shift_bits(scale_w))
        elif layer.kind == "pool" and dialect.name == "pytorch":
            # what AMCT PyTorch writes for an AveragePool (weight_calibration.py)
            value.scale_w.append(1.0)
            value.offset_w.append(0)
        # each field below only where the dialect's schema has it (the type says which)
        if layer.kind == "tensor" and isinstance(value, _OnnxValue):
            value.is_tensor_quantize = True
        if isinstance(value, _CaffeValue):
            value.channels, value.height, value.width = layer.in_channels, layer.height, layer.width
        if layer.name in balanced and layer.has_weights and isinstance(value, WideValueMessage):
            factors = np.clip(rng.lognormal(0.0, 0.2, layer.in_channels), 0.4, 2.5).astype(np.float32)
            value.tensor_balance_factor.extend(factors.tolist())
        if layer.name in typed and isinstance(value, TypedValueMessage):
            value.act_type = "INT8"
            if layer.has_weights:
                value.wts_type = "INT8"
        if layer.name in op_data_type and isinstance(value, _OnnxValue):
            value.op_data_type = op_data_type[layer.name]
        if layer.kind == "lstm" and isinstance(value, _PytorchValue):
            value.scale_h, value.offset_h = activation_factors(-rng.uniform(0.9, 1.0), rng.uniform(0.9, 1.0))
            scale_r = _lognormal(rng, rng.uniform(2e-3, 6e-3), 0.3, layer.out_channels)
            value.scale_r.extend(scale_r.tolist())
            value.offset_r.extend([0] * layer.out_channels)
        if layer.kv_cache and isinstance(entry, KVCacheEntryMessage):
            lo = -rng.lognormal(math.log(2.0), 0.4, layer.out_channels)
            hi = rng.lognormal(math.log(2.0), 0.4, layer.out_channels)
            scale, offset = _activation_factors_vec(lo, hi)
            entry.kv_cache_value.scale.extend(scale.tolist())
            entry.kv_cache_value.offset.extend(offset.tolist())
    return message


# ---------------------------------------------------------------------------------------
# Sparsity
# ---------------------------------------------------------------------------------------

def _set_attr(node: PruneNodeMessage, name: str, value: int | str | Sequence[int]) -> None:
    attr = node.attr.add()
    attr.name = name
    if isinstance(value, str):
        attr.type = attr.STRING
        attr.s = value.encode()
    elif isinstance(value, int):
        attr.type = attr.INT
        attr.i = value
    else:
        attr.type = attr.INTS
        attr.ints.extend(value)


def add_prune_node(
    nodes: PruneNodes,
    name: str,
    op: str,
    begin: int,
    end: int,
    **extra: int | Sequence[int],
) -> PruneNodeMessage:
    """Append a PruneNode (name, type, begin/end range, extra INT/INTS attrs) to `nodes`.

    `nodes` is a repeated PruneNode field, e.g. `record.producer` or `record.consumer`.
    """
    node = nodes.add()
    node.name = name
    _set_attr(node, "type", op)
    _set_attr(node, "begin", begin)
    _set_attr(node, "end", end)
    for key, value in extra.items():
        _set_attr(node, key, value)
    return node


def add_resnet_prune_records(
    message: RootMessage,
    layers: Sequence[LayerSpec],
    seed: int = 0,
    *,
    stages: Collection[int] = (1, 2, 3),
    selective_stage: int = 4,
    link_values: bool = True,
) -> dict[str, int]:
    """Add AMCT filter-pruning records for a `resnet50_layers` network, plus one selective_prune.

    Inside every bottleneck unit of `stages`, conv1 feeds (bn1, conv2) and conv2 feeds
    (bn2, conv3), each over the producer's full channel range. The residual stream of the
    first stage is one record (all of its conv3/shortcut producers tied by the Adds, with
    prune_axis/group/prune_group). One record carries an INTS prune_index. The 3x3 conv of
    `selective_stage`'s first unit gets 2:4 structured sparsity (mask_shape = weight shape).
    With `link_values` (tf-inner only has the fields), each pruned layer's value names its
    prune_producer / prune_consumer nodes. Returns counts by kind.
    """
    if not isinstance(message, PruneRootMessage):
        raise ValueError(f"{message.DESCRIPTOR.full_name} has no prune_record")
    style = "tf" if message.DESCRIPTOR.full_name.startswith("AMCTTensorflow") else "pytorch"
    rng = np.random.default_rng(seed)
    conv_op, bn_op = _CONV_OP[style], _BN_OP[style]
    by_name = {layer.name: layer for layer in layers}
    units: dict[tuple[int, int], dict[str, LayerSpec]] = {}
    for layer in layers:
        if layer.kind == "conv" and layer.stage:
            units.setdefault((layer.stage, layer.unit), {})[layer.branch] = layer
    links: dict[str, tuple[list[str], list[str]]] = {}

    def link(producers: Sequence[str], consumers: Sequence[str]) -> None:
        for p in producers:
            links.setdefault(p, ([], []))[1].extend(c for c in consumers if c not in links[p][1])
        for c in consumers:
            if c in by_name:
                links.setdefault(c, ([], []))[0].extend(p for p in producers if p not in links[c][0])

    counts = {"filter": 0, "residual": 0, "prune_index": 0, "selective": 0}
    first_stage = min(stages, default=0)
    index_unit = (2 if 2 in stages else first_stage, 0)
    for (stage, unit), convs in sorted(units.items()):
        if stage not in stages:
            continue
        for prod, cons in (("conv1", "conv2"), ("conv2", "conv3")):
            p, c = convs[prod], convs[cons]
            record = message.prune_record.add()
            width = p.out_channels
            extra: dict[str, Sequence[int]] = {}
            if (stage, unit) == index_unit and prod == "conv1":
                pruned = rng.choice(width, size=max(1, width // 4), replace=False)
                extra["prune_index"] = sorted(int(i) for i in pruned)
                counts["prune_index"] += 1
            add_prune_node(record.producer, p.name, conv_op, 0, width, **extra)
            add_prune_node(record.consumer, p.bn, bn_op, 0, width, **extra)
            add_prune_node(record.consumer, c.name, conv_op, 0, width, **extra)
            link([p.name], [p.bn, c.name])
            counts["filter"] += 1
        if stage == first_stage and unit == 0:
            counts["residual"] += _add_residual_record(message, units, stage, style, link)
    if selective_stage in {s for s, _ in units}:
        conv = units[(selective_stage, 0)]["conv2"]
        k = conv.kernel
        shape = ([k, k, conv.in_channels, conv.out_channels] if style == "tf"
                 else [conv.out_channels, conv.in_channels, k, k])
        node = message.prune_record.add().selective_prune
        node.name = conv.name
        _set_attr(node, "mask_shape", shape)
        counts["selective"] += 1
    if link_values:
        for entry in message.record:
            value = entry.value
            if isinstance(value, PruneValueMessage):  # the dialects whose layers name prune nodes
                producers, consumers = links.get(entry.key, ([], []))
                value.prune_producer.extend(producers)
                value.prune_consumer.extend(consumers)
    return counts


def _add_residual_record(
    message: PruneRootMessage,
    units: Mapping[tuple[int, int], Mapping[str, LayerSpec]],
    stage: int,
    style: str,
    link: Callable[[Sequence[str], Sequence[str]], None],
) -> int:
    """One record for a stage's residual stream: its Adds tie every conv3 and the shortcut."""
    n_units = sum(1 for s, _ in units if s == stage)
    first = units[(stage, 0)]
    producers = [first["shortcut"]] + [units[(stage, u)]["conv3"] for u in range(n_units)]
    width = first["conv3"].out_channels
    conv_op, bn_op, add_op = _CONV_OP[style], _BN_OP[style], _ADD_OP[style]
    record = message.prune_record.add()
    for p in producers:
        add_prune_node(record.producer, p.name, conv_op, 0, width,
                       prune_axis=_PRUNE_AXIS[style], group=1, prune_group=1)
    consumers: list[tuple[str, str, bool]] = [(p.bn, bn_op, False) for p in producers]
    consumers += [(units[(stage, u)]["conv3"].add, add_op, False) for u in range(n_units)]
    consumers += [(units[(stage, u)]["conv1"].name, conv_op, True) for u in range(1, n_units)]
    following = units.get((stage + 1, 0))
    if following:
        consumers += [(following["conv1"].name, conv_op, True), (following["shortcut"].name, conv_op, True)]
    for name, op, is_conv in consumers:
        if is_conv:
            add_prune_node(record.consumer, name, op, 0, width, group=1)
        else:
            add_prune_node(record.consumer, name, op, 0, width)
    link([p.name for p in producers], [name for name, _, _ in consumers])
    return 1


# ---------------------------------------------------------------------------------------
# Big files
# ---------------------------------------------------------------------------------------

def _big_name(style: str, i: int) -> str:
    return {
        "tf": f"net/block{i // 100}/conv{i % 100}/Conv2D",
        "pytorch": f"blocks.{i // 100}.conv{i % 100}",
        "onnx": f"/blocks/blocks.{i // 100}/conv{i % 100}/Conv",
        "mindspore": f"blocks.{i // 100}.conv{i % 100}",
        "caffe": f"conv{i // 100}_{i % 100}",
    }[style]


def make_big(
    dialect: str | Dialect,
    layers: int = 5000,
    channels: int = 1024,
    seed: int = 0,
    *,
    prune_records: int | None = None,
    outlier: tuple[int, int] | None = None,
    outlier_factor: float = 100.0,
    prune_mismatch: bool = False,
) -> RootMessage:
    """A record with `layers` per-channel conv layers of `channels` channels each, built fast.

    Dialects with prune records also get `prune_records` of them (default layers // 10,
    at most 1000): layer 2k feeds its BatchNorm and layer 2k+1 over [0, channels).
    `outlier=(layer, channel)` multiplies that one scale_w by `outlier_factor`;
    `prune_mismatch` makes the first prune record's conv consumer one channel narrower
    than its producer. Everything else is clean.
    """
    dialect = get_dialect(dialect)
    style = DIALECT_STYLE[dialect.name]
    rng = np.random.default_rng(seed)
    medians = 10 ** rng.uniform(-3.0, -2.0, layers)
    scale_w = np.clip(rng.lognormal(np.log(medians)[:, None], 0.4, (layers, channels)),
                      medians[:, None] / 20, medians[:, None] * 20).astype(np.float32)
    if outlier is not None:
        scale_w[outlier] *= np.float32(outlier_factor)
    hi = np.clip(rng.lognormal(math.log(7.0), 0.5, layers), 2.6, 50.0)
    scale_d = (hi / 255).astype(np.float32).tolist()
    zeros = [0] * channels
    message = dialect.new_message()
    for i in range(layers):
        entry = message.record.add()
        entry.key = _big_name(style, i)
        value = entry.value
        value.scale_d = scale_d[i]
        value.offset_d = -128
        value.scale_w.extend(scale_w[i].tolist())
        value.offset_w.extend(zeros)
        if isinstance(value, _CaffeValue):
            value.channels, value.height, value.width = channels, 14, 14
    if prune_records is None:
        prune_records = min(layers // 10, 1000) if dialect.has_prune else 0
    if prune_records and not dialect.has_prune:
        raise ValueError(f"dialect {dialect.name} has no prune records")
    if prune_mismatch and not prune_records:
        raise ValueError("prune_mismatch needs at least one prune record")
    if prune_records > layers // 2:
        raise ValueError(f"at most {layers // 2} prune records fit in {layers} layers")
    if not isinstance(message, PruneRootMessage):
        return message  # no prune records asked for, as checked above
    conv_op, bn_op = _CONV_OP[style], _BN_OP.get(style, "BatchNorm")
    for k in range(prune_records):
        producer, consumer = _big_name(style, 2 * k), _big_name(style, 2 * k + 1)
        record = message.prune_record.add()
        add_prune_node(record.producer, producer, conv_op, 0, channels)
        add_prune_node(record.consumer, f"{producer}/BatchNorm", bn_op, 0, channels)
        end = channels - 1 if (prune_mismatch and k == 0) else channels
        add_prune_node(record.consumer, consumer, conv_op, 0, end)
    return message


# ---------------------------------------------------------------------------------------
# Text and the bundled samples
# ---------------------------------------------------------------------------------------

def to_text(message: Message) -> str:
    """The text exactly as AMCT writes it."""
    return text_format.MessageToString(message, as_utf8=True)


@dataclass(frozen=True)
class Sample:
    """One bundled sample file: its dialect, a one-line description and how to build it."""

    filename: str
    dialect: str
    description: str
    build: Callable[[], RootMessage]


#: Channel counts of the samples: quarter-width ResNet-50 (16..512 channels) keeps files small.
SAMPLE_WIDTH = 0.25
SAMPLE_MAX_CHANNELS = 512


def _sample_layers(style: str, extras: bool = False) -> list[LayerSpec]:
    return resnet50_layers(style, width=SAMPLE_WIDTH, max_channels=SAMPLE_MAX_CHANNELS, extras=extras)


def _first_units(layers: Sequence[LayerSpec], branch: str) -> set[str]:
    """The `branch` conv of each stage's first unit."""
    return {layer.name for layer in layers if layer.unit == 0 and layer.stage and layer.branch == branch}


def _head_and_stage4(layers: Sequence[LayerSpec]) -> set[str]:
    """Layers a user typically configures explicitly: stem, last stage and classifier."""
    return {layer.name for layer in layers if layer.branch in ("stem", "fc") or layer.stage == 4}


def _tf_inner_prune() -> RootMessage:
    layers = _sample_layers("tf")
    message = build_record("tf-inner", layers, seed=101, balanced=_first_units(layers, "conv2"),
                           typed=_head_and_stage4(layers))
    add_resnet_prune_records(message, layers, seed=102)
    return message


def _tf_convert() -> RootMessage:
    layers = _sample_layers("tf")
    return build_record("tf-convert", layers, seed=201, typed=_head_and_stage4(layers))


def _pytorch() -> RootMessage:
    layers = _sample_layers("pytorch", extras=True)
    balanced = _first_units(layers, "conv2") | {"seq_head.attn.v_proj"}
    message = build_record("pytorch", layers, seed=301, balanced=balanced, typed=_head_and_stage4(layers))
    add_resnet_prune_records(message, layers, seed=302)
    return message


def _onnx() -> RootMessage:
    layers = _sample_layers("onnx", extras=True)
    fp16 = {layer.name: "FLOAT16" for layer in layers if layer.stage in (1, 2) and layer.kind == "conv"}
    return build_record("onnx", layers, seed=401, balanced=_first_units(layers, "conv2"),
                        typed=_head_and_stage4(layers), op_data_type=fp16)


def _mindspore() -> RootMessage:
    return build_record("mindspore", _sample_layers("mindspore"), seed=501)


def _caffe() -> RootMessage:
    return build_record("caffe", _sample_layers("caffe"), seed=601)


SAMPLES: tuple[Sample, ...] = (
    Sample("resnet_tf_inner_prune.txt", "tf-inner",
           "TensorFlow (inner record): ResNet-50 with AvgPool, filter-pruning records, one prune_index, "
           "one selective_prune, prune_producer/consumer links, tensor_balance_factor and act/wts types "
           "on some layers. The default sample.", _tf_inner_prune),
    Sample("resnet_tf_convert.txt", "tf-convert",
           "TensorFlow convert_model input: ResNet-50 factors, act_type/wts_type on the stem, "
           "last stage and classifier.", _tf_convert),
    Sample("resnet_pytorch.txt", "pytorch",
           "PyTorch: ResNet-50 plus an LSTM (scale_h/offset_h/scale_r/offset_r) and an attention "
           "projection with kv_cache_value; prune records with ONNX op types.", _pytorch),
    Sample("resnet_onnx.txt", "onnx",
           "ONNX: ResNet-50 with exported node names, op_data_type on the first two stages and two "
           "tensor-quantized inputs (`node:input_index` keys, is_tensor_quantize).", _onnx),
    Sample("resnet_mindspore.txt", "mindspore", "MindSpore: ResNet-50 with the basic factors only.",
           _mindspore),
    Sample("resnet_caffe.txt", "caffe",
           "Caffe convert_model input: ResNet-50 layer names (conv1, res2a_branch2a, ..., pool5, fc1000) "
           "with channels/height/width on every layer.", _caffe),
)

