"""The fusions AMCT performs before it quantizes a layer's weights, per framework and record
dialect: which patterns fold, on which side of the weights, and the factor they multiply by.
No Qt here.

A `Fusion` is attached to the layer whose weights it changes (`Layer.fusions`) by the model
readers; `editor.models.prepare` applies the ones the record entry's dialect and
``skip_fusion`` allow. Where the PyTorch flavour's code is public (``hicann/amct``) the
pattern follows it (``optimizer/conv_bn_fusion_pass.py``, which calls PyTorch's
``fuse_conv_bn_weights``); the Caffe, TensorFlow and ONNX flavours are closed source, so
their patterns are those their documentation lists (the *Fusion Support* pages cited in
`SOURCES`, and the record documents' description of ``skip_fusion``), with the same
arithmetic. docs/RECORD-FORMAT.md has the table (`PATTERNS`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from editor.i18n import translate
from editor.models.base import Float32Array, ModelError, TensorRef

#: a fusion multiplies each output channel's weights / each input channel's weights
OUTPUT, INPUT = "output", "input"

CAFFE_DIALECTS = frozenset({"caffe"})
TF_DIALECTS = frozenset({"tf-inner", "tf-convert"})

#: where AMCT says what it fuses (the closed-source flavours: their documentation)
SOURCES = {
    "pytorch": "hicann/amct: amct_pytorch/classic/graph_based/amct_pytorch/optimizer/conv_bn_fusion_pass.py",
    "caffe": "AMCT Caffe documentation, Fusion Support "
             "(https://www.hiascend.com/document/detail/en/canncommercial/850/devaids/amct/atlasamct_16_0287.html); "
             "the record's skip_fusion field (AMCT Caffe's record document)",
    "tensorflow": "AMCT TensorFlow documentation, Fusion Support "
                  "(https://www.hiascend.com/document/detail/en/canncommercial/850/devaids/amct/atlasamct_16_0243.html)",
    "graph": "Ascend Graph developer guide, Supported Fusion Features "
             "(https://www.hiascend.com/document/detail/zh/canncommercial/latest/programug/graphdevg/atlasag_25_0046.html)",
    "onnx": "AMCT ONNX documentation, Fusion Support "
            "(https://www.hiascend.com/document/detail/en/canncommercial/800/devaids/amct/atlasamct_16_0162.html)",
    "tensorflow-matmul": "AMCT TensorFlow documentation (Chinese), 工具实现的融合功能, MatMul+BN "
                         "(https://hiascend.com/document/detail/zh/CANNCommunityEdition/80RC3alpha002/devaids/"
                         "auxiliarydevtool/atlasamcttf_16_0141.html)",
    "tensorflow-keras": "AMCT TensorFlow documentation, Fusion Support: small BN operators into FusedBatchNormV3 "
                        "(https://www.hiascend.com/document/detail/en/canncommercial/850/devaids/amct/atlasamct_16_0333.html)",
}


@dataclass(frozen=True)
class Pattern:
    """One fusion AMCT documents: its name (AMCT's), the op types it matches, the framework
    and the record dialects whose AMCT performs it, the side of the weights it multiplies, the formula, where it is documented,
    and whether the record's ``skip_fusion`` is documented to skip it (None: not said)."""

    #: AMCT's own name of the fusion ("Conv+BN+Scale"), what messages say
    name: str
    #: the op types it matches, in the framework's words
    layers: str
    framework: str
    dialects: frozenset[str]
    side: str
    formula: str
    source: str
    skippable: bool | None = True
    #: dialects whose AMCT leaves the fusion out when it would give inf or nan weights
    #: (AMCT PyTorch: "Conv+BN fusion for … skipped because data is non-finite after fusion")
    skips_nonfinite: frozenset[str] = frozenset()


_BN_AFTER = "W'[o,…] = W[o,…] · γ[o] / √(σ²[o] + ε)"
_BN_AFTER_CAFFE = "W'[o,…] = W[o,…] · γ[o] / √(σ²[o] + ε), σ² = BatchNorm blob 1 / blob 2, γ = Scale blob 0"
_BN_BEFORE_CAFFE = "W'[o,i,…] = W[o,i,…] · γ[i] / √(σ²[i] + ε), i the input channel (per group)"

#: Every fusion the editor folds, by key (docs/RECORD-FORMAT.md shows this table).
PATTERNS: dict[str, Pattern] = {
    "onnx-conv-bn": Pattern("Conv+BN", "Conv+BatchNormalization", "onnx", frozenset({"onnx", "pytorch"}), OUTPUT, _BN_AFTER,
                            f"{SOURCES['pytorch']}; {SOURCES['graph']}", skips_nonfinite=frozenset({"pytorch"})),
    "onnx-convtranspose-bn": Pattern("ConvTranspose+BN", "ConvTranspose+BatchNormalization", "onnx", frozenset({"onnx"}), OUTPUT,
                                     _BN_AFTER, SOURCES["graph"]),
    "caffe-conv-bn-scale": Pattern("Conv+BN+Scale", "Convolution+BatchNorm+Scale", "caffe", CAFFE_DIALECTS, OUTPUT, _BN_AFTER_CAFFE,
                                   SOURCES["caffe"]),
    "caffe-deconv-bn-scale": Pattern("Deconv+BN+Scale", "Deconvolution+BatchNorm+Scale", "caffe", CAFFE_DIALECTS, OUTPUT,
                                     _BN_AFTER_CAFFE, SOURCES["caffe"]),
    "caffe-fc-bn-scale": Pattern("FC+BN+Scale", "InnerProduct+BatchNorm+Scale", "caffe", CAFFE_DIALECTS, OUTPUT, _BN_AFTER_CAFFE,
                                 SOURCES["caffe"]),
    "caffe-bn-scale-conv": Pattern("BN+Scale+Conv", "BatchNorm+Scale+Convolution", "caffe", CAFFE_DIALECTS, INPUT, _BN_BEFORE_CAFFE,
                                   SOURCES["caffe"]),
    "tf-conv-bn": Pattern("Conv+BN", "Conv2D/Conv3D(+BiasAdd)+FusedBatchNorm", "tensorflow", TF_DIALECTS, OUTPUT, _BN_AFTER,
                          SOURCES["tensorflow"]),
    "tf-depthwise-bn": Pattern("Depthwise_Conv+BN", "DepthwiseConv2dNative(+BiasAdd)+FusedBatchNorm", "tensorflow", TF_DIALECTS, OUTPUT,
                               _BN_AFTER, SOURCES["tensorflow"]),
    "tf-deconv-bn": Pattern("Conv2DBackpropInput+BN", "Conv2DBackpropInput(+BiasAdd)+FusedBatchNorm", "tensorflow", TF_DIALECTS, OUTPUT,
                            _BN_AFTER, SOURCES["graph"]),
    "tf-mul": Pattern("OP+(BiasAdd)+Mul", "Conv2D/Conv3D/DepthwiseConv2dNative/Conv2DBackpropInput/MatMul(+BiasAdd)+Mul",
                      "tensorflow",
                      TF_DIALECTS, OUTPUT, "W' = W · s, s the Mul's other input: a Const of empty shape",
                      SOURCES["tensorflow"], skippable=None),
    "onnx-bn-add": Pattern("BN+Add", "Conv/ConvTranspose+BatchNormalization+Add (a constant)", "onnx", frozenset({"onnx"}),
                           OUTPUT, "W' as Conv+BN: the Add joins the BatchNorm's bias, the weights do not change",
                           SOURCES["onnx"]),
    "onnx-bn-mul": Pattern("BN+Mul", "Conv/ConvTranspose+BatchNormalization+Mul (a constant)", "onnx", frozenset({"onnx"}),
                           OUTPUT, "not computed: the Mul joins the BatchNorm's scale, and whether before or after "
                           "Conv+BN is not documented", SOURCES["onnx"]),
    "tf-batchtospace-bn": Pattern("Conv+BN (Conv2D+BatchToSpace+BN)", "Conv2D+BatchToSpaceND+FusedBatchNorm", "tensorflow",
                                  TF_DIALECTS, OUTPUT, "as Conv+BN, when the BatchNorm has the Conv2D's channels",
                                  SOURCES["tensorflow"]),
    "tf-group-conv-bn": Pattern("Group_conv+BN", "Split+Conv2D/Conv3D…(+BiasAdd)+ConcatV2 (on C)+FusedBatchNorm",
                                "tensorflow", TF_DIALECTS, OUTPUT,
                                "W_k'[…,o] = W_k[…,o] · γ[c_k+o] / √(σ²[c_k+o] + ε), c_k the channels of the "
                                "convolutions before k in the Concat", SOURCES["tensorflow"]),
    "tf-matmul-bn": Pattern("MatMul+BN", "MatMul(+BiasAdd)+Reshape+FusedBatchNorm+Reshape", "tensorflow", TF_DIALECTS,
                            OUTPUT, "W'[k,n] = W[k,n] · γ[n] / √(σ²[n] + ε), when the BatchNorm's channel axis holds "
                            "MatMul's n (NHWC; NCHW with a fixed Reshape to N×n×1×1)", SOURCES["tensorflow-matmul"],
                            skippable=None),
    "tf-keras-bn": Pattern("Conv+BN (small BN ops)", "Conv2D(+BiasAdd)+Mul(Rsqrt(var+ε)(·γ))+Add: "
                           "tf.keras BatchNormalization(fused=False)", "tensorflow", TF_DIALECTS, OUTPUT,
                           "as Conv+BN, with σ², ε and γ read from the small operators", SOURCES["tensorflow-keras"]),
    "tf-keras-bn-folded": Pattern("Conv+BN (small BN ops)", "Conv…(+BiasAdd)+Mul (a per-channel Const)+Add (a Const)",
                                  "tensorflow", TF_DIALECTS, OUTPUT,
                                  "not computed: the variance and ε are folded away in the graph, or the convolution "
                                  "is not one the documents name", SOURCES["tensorflow-keras"]),
}


@dataclass(eq=False)
class Fusion:
    """One fusion found in a model: the layers it folds away (`names`) into the weights of the
    layer holding it. `problem` says why it cannot be computed (weights missing, a pattern
    AMCT does not document); the weights review then compares nothing for that layer."""

    names: tuple[str, ...]
    pattern: Pattern = field(kw_only=True)
    problem: str | None = field(default=None, kw_only=True)

    @property
    def side(self) -> str:
        return self.pattern.side

    @property
    def label(self) -> str:
        """``Conv+BN+Scale (bn1 + scale1)``."""
        return f"{self.pattern.name} ({' + '.join(self.names)})"

    #: whether folding it multiplies the weights (a bias-only fusion does not)
    changes_weights = True

    def applies_in(self, dialect: str | None) -> bool:
        """AMCT of `dialect` performs this fusion (None: the dialect is not known; every
        fusion of the model's framework applies)."""
        return dialect is None or dialect in self.pattern.dialects

    def multiplier(self) -> Float32Array:
        """The float32 factor per channel (of the `side`) the weights are multiplied by."""
        raise NotImplementedError


@dataclass(eq=False)
class NotComputed(Fusion):
    """A fusion AMCT performs whose arithmetic the editor does not compute here (`why`): the
    layer's weights are not compared (a note), never flagged or refit from other weights."""

    why: str = ""

    def multiplier(self) -> Float32Array:
        raise ModelError(self.why)


@dataclass(eq=False)
class BiasOnly(Fusion):
    """A fusion that changes only the bias of the layer it joins (ONNX BN+Add: the Add joins
    the BatchNorm's bias): listed among the layer's fusions, the weights stay as they are."""

    changes_weights = False

    def multiplier(self) -> Float32Array:
        raise ModelError("a bias-only fusion has no multiplier")


@dataclass(eq=False)
class BatchNormFold(Fusion):
    """A BatchNorm (with Caffe's Scale) folded into the layer's weights: each channel is
    multiplied by ``gamma / sqrt(var + eps)`` (`multiplier`).

    `var_scale` is Caffe BatchNorm's third blob (the moving-average normaliser the stored
    mean and variance are divided by); `gamma` is None where the BatchNorm has none. A layer
    that makes only some of the BatchNorm's channels (one convolution of a TensorFlow
    Split+Conv+Concat group) takes `count` of them from `start`.
    """

    var: TensorRef | None
    eps: float
    gamma: TensorRef | None = None
    var_scale: TensorRef | None = None
    #: a gamma belongs to the fold (False for a Caffe BatchNorm with no Scale after it)
    has_gamma: bool = True
    start: int = 0
    count: int | None = None

    def multiplier(self) -> Float32Array:
        """gamma / sqrt(var + eps) in float32, in AMCT's (PyTorch's ``fuse_conv_bn_weights``)
        order: ``1 / sqrt(var + eps)`` first, then times gamma."""
        if self.var is None or (self.has_gamma and self.gamma is None):
            raise ModelError(translate("models", "the weights of {names} are not in the model, so the BatchNorm cannot be "
                                       "folded (set skip_fusion, or give the weights)").format(names=" + ".join(self.names)))
        var = np.asarray(self.var.values(), dtype=np.float32).ravel()
        if self.var_scale is not None:
            s = np.asarray(self.var_scale.values(), dtype=np.float32).ravel()
            # Caffe stores running sums; the third blob is their normaliser (0 means none yet)
            factor = np.float32(0.0) if not s.size or s[0] == 0 else np.float32(1.0) / s[0]
            var = (var * factor).astype(np.float32)
        with np.errstate(divide="ignore", invalid="ignore"):
            mult: Float32Array = (np.float32(1.0) / np.sqrt(var + np.float32(self.eps))).astype(np.float32)
        if self.has_gamma:
            assert self.gamma is not None
            gamma = np.asarray(self.gamma.values(), dtype=np.float32).ravel()
            if gamma.size != mult.size:
                raise ModelError(translate("models", "{names}: {scales} scales for {variances} variances").format(
                    names=" + ".join(self.names), scales=gamma.size, variances=mult.size))
            mult = (gamma * mult).astype(np.float32)
        if self.count is not None:
            if self.start + self.count > mult.size:
                raise ModelError(translate("models", "{names} has {channels} channels, the layer takes {count} from "
                                           "channel {start}").format(names=" + ".join(self.names), channels=mult.size,
                                                                     count=self.count, start=self.start))
            mult = mult[self.start:self.start + self.count]
        return mult


@dataclass(eq=False)
class ScalarFold(Fusion):
    """A Mul by a constant scalar after the layer (TensorFlow's OP+(BiasAdd)+Mul fusion):
    every weight is multiplied by it. `channels` is the layer's output channel count."""

    scalar: TensorRef | None
    channels: int = 1

    def multiplier(self) -> Float32Array:
        if self.scalar is None:
            raise ModelError(translate("models", "the constant of {names} is not in the model").format(
                names=" + ".join(self.names)))
        s = np.asarray(self.scalar.values(), dtype=np.float32).ravel()
        if s.size != 1:
            raise ModelError(translate("models", "{names} multiplies by {count} values, not one").format(
                names=" + ".join(self.names), count=s.size))
        return np.full(self.channels, s[0], dtype=np.float32)
