"""Layer types for the per-channel and AvgPool rules: the op-type tables and what a key says.

With a model attached, a layer's type is the model's (see `CheckContext.layer_type`) and the
findings say it came from the model. Without one it comes from the prune records' ``type``
attributes when the file gives one for that layer name; otherwise from the key, which is a
guess and the finding says so. A key whose last component is an op type (``…/Conv2D``, ``…/MatMul``,
``…/AvgPool``, TF's ``…/depthwise``) is trusted as much as the file; looser naming
conventions (``fc1000``, ``pool5``, ``conv_bn1``) only give warnings. Decision on pooling: in
a record a pooling layer can only be average pooling — AMCT quantizes no other kind (max
pooling needs no requantization) — so a key naming a pool (Caffe's ``pool1``/``pool5``,
``avgpool``, ``global_pool``) is read as AvgPool unless it says ``max``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from editor.i18n import QT_TRANSLATE_NOOP, translate

CONV_TYPES = frozenset({
    "Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv3D",  # TensorFlow/MindSpore
    "Convolution", "Deconvolution",  # Caffe
    "Conv", "ConvTranspose",  # ONNX (and AMCT PyTorch's exported graph)
    "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d",
})
FC_TYPES = frozenset({"MatMul", "BatchMatMul", "BatchMatMulV2", "Gemm", "Linear", "InnerProduct"})
AVGPOOL_TYPES = frozenset({"AvgPool", "AveragePool", "AvgPool3D", "AvgPool2d", "AdaptiveAvgPool2d",
                           "GlobalAveragePool"})
RNN_GATES = {"LSTM": 4, "GRU": 3}

#: What each dialect's docs allow per-channel scale_w for (the message's wording).
#: (English; shown through ``translate("rules", …)``)
PER_CHANNEL_DOC = {
    "tf-inner": QT_TRANSLATE_NOOP("rules", "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput"),
    "tf-convert": QT_TRANSLATE_NOOP("rules", "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput"),
    "mindspore": QT_TRANSLATE_NOOP("rules", "Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput"),
    "caffe": QT_TRANSLATE_NOOP("rules", "Convolution and Deconvolution"),
    "onnx": QT_TRANSLATE_NOOP("rules", "Conv and ConvTranspose"),
    "pytorch": QT_TRANSLATE_NOOP("rules", "convolutions and Linear"),
}

# The last component of a TF-style key names the op type ("scope/Conv2D", "scope/MatMul_1").
_KEY_OP_TYPES = {
    "Conv2D": "Conv2D", "Conv2DBackpropInput": "Conv2DBackpropInput", "Conv3D": "Conv3D",
    "DepthwiseConv2dNative": "DepthwiseConv2dNative", "depthwise": "DepthwiseConv2dNative",
    "conv2d_transpose": "Conv2DBackpropInput", "MatMul": "MatMul", "BatchMatMul": "BatchMatMul",
    "BatchMatMulV2": "BatchMatMulV2", "AvgPool": "AvgPool", "AvgPool3D": "AvgPool3D",
    "AveragePool": "AveragePool",
}
_SUFFIX = re.compile(r"_\d+$")
_TENSOR_KEY = re.compile(r"^(.+):(\d+)$")
_TOKEN_SPLIT = re.compile(r"[/._:\-\s]+")
_FC_TOKEN = re.compile(r"(fc|ip|dense|linear|gemm|matmul|innerproduct)\d*")
_POOL_TOKEN = re.compile(r"(pool|pooling|gap)\d*")
_AVG_POOL = re.compile(r"(avg|ave|average|global)_?pool")
_MAX_POOL = re.compile(r"max_?pool")


@dataclass(frozen=True)
class LayerType:
    """A layer's op type and where it came from.

    `source`: ``"model"`` (the attached model), ``"file"`` (a prune record's ``type``
    attribute), ``"key"`` (the key's last component is an op type), ``"name"`` (a naming
    convention), ``"none"`` (unknown).
    `kind`: ``conv``, ``fc``, ``avgpool``, ``rnn``, ``other`` or ``unknown``.
    `channel_wise`: from a model, whether AMCT takes a per-channel scale_w for this weighted
    layer in that framework (None when the type does not come from a model, or the layer
    has no weights AMCT quantizes).
    """

    name: str | None
    kind: str
    source: str
    channel_wise: bool | None = None

    @property
    def known(self) -> bool:
        return self.kind != "unknown"

    @property
    def guessed(self) -> bool:
        return self.source in ("key", "name")

    @property
    def confident(self) -> bool:
        """Good enough for an error: the model or the file says it, or the key is the op type itself."""
        return self.source in ("model", "file", "key")

    @property
    def note(self) -> str:
        """Where the type came from, in words appended to a finding (`` (type Conv2D from the model)``)."""
        if self.source == "model":
            text = translate("rules", " (type {type} from the model)")
        elif self.source == "file":
            text = translate("rules", " (type {type} from its prune record)")
        elif self.guessed:
            text = translate("rules", " (layer type {type} guessed from its name)")
        else:
            return ""
        return text.format(type=self.shown_name)

    @property
    def shown_name(self) -> str:
        """The type's name as a message shows it (the kinds a name only suggests, in words)."""
        if self.name == "fully-connected":
            return translate("rules", "fully-connected")
        if self.name == "convolution":
            return translate("rules", "convolution")
        return self.name or ""


UNKNOWN_TYPE = LayerType(None, "unknown", "none")


def type_kind(type_name: str) -> str:
    """The kind of an op type name as written in a file or key."""
    if type_name in CONV_TYPES:
        return "conv"
    if type_name in FC_TYPES:
        return "fc"
    if type_name in AVGPOOL_TYPES:
        return "avgpool"
    if type_name in RNN_GATES:
        return "rnn"
    return "other"


@lru_cache(maxsize=65536)
def guess_layer_type(key: str | None) -> LayerType:
    """The layer type a key suggests, or UNKNOWN_TYPE. See the module docstring."""
    if not key:
        return UNKNOWN_TYPE
    m = _TENSOR_KEY.match(key)
    name = m.group(1) if m else key
    leaf = _SUFFIX.sub("", name.rsplit("/", 1)[-1])
    if leaf in _KEY_OP_TYPES:
        t = _KEY_OP_TYPES[leaf]
        return LayerType(t, type_kind(t), "key")
    low = name.lower()
    if _MAX_POOL.search(low):
        return UNKNOWN_TYPE
    tokens = [t for t in _TOKEN_SPLIT.split(low) if t]
    if _AVG_POOL.search(low) or any(_POOL_TOKEN.fullmatch(t) for t in tokens):
        return LayerType("AvgPool", "avgpool", "name")
    if any(_FC_TOKEN.fullmatch(t) for t in tokens):
        return LayerType("fully-connected", "fc", "name")
    if "conv" in low or "depthwise" in low:
        return LayerType("convolution", "conv", "name")
    return UNKNOWN_TYPE


def is_tensor_key(key: str | None) -> bool:
    """``layer:input_index`` keys quantize one input tensor: activation factors only."""
    return bool(key) and _TENSOR_KEY.match(key) is not None  # type: ignore[arg-type]
