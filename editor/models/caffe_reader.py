"""Caffe models: the network definition (``.prototxt``, text ``NetParameter``) and,
optionally, its weights (``.caffemodel``, binary ``NetParameter`` whose layers carry blobs).

Layers are read from ``layer`` (or the old V1 ``layers``), keeping those of the TEST phase
(a train_val file's TRAIN-only data layers drop out, as in Caffe's deploy net). The input
shape (``input``/``input_shape``/``input_dim`` or an ``Input`` layer) is propagated through
the net (`shapes`) so each layer knows its input (C, H, W) — what AMCT's Caffe record
stores in ``channels``/``height``/``width``. Blob data of a .caffemodel stays on disk until
asked for. Convolution → BatchNorm (→ Scale) chains are recorded for the weights review,
which folds them the way AMCT does unless the record says ``skip_fusion``.
"""
from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

import numpy as np
from google.protobuf.message import DecodeError

from editor.i18n import translate
from editor.models import _wire
from editor.models._pb import caffe_model_pb2 as pb
from editor.models._text import check_file, read_text_message
from editor.models.base import (
    FileSlice,
    Layer,
    LoadCancelled,
    Model,
    ModelError,
    Progress,
    TensorRef,
    checked_shape,
    constant_loader,
    file_stamp,
    open_regular,
    reshaper,
)
from editor.models.fusion import PATTERNS, BatchNormFold
from editor.models.shapes import LayerParam, Shapes, chw, conv_geometry, propagate

# V1 (``layers``) type enum -> the type string of ``layer`` (Caffe's UpgradeV1LayerType)
_V1_TYPES = {
    "ABSVAL": "AbsVal", "ACCURACY": "Accuracy", "ARGMAX": "ArgMax", "BNLL": "BNLL", "CONCAT": "Concat",
    "CONTRASTIVE_LOSS": "ContrastiveLoss", "CONVOLUTION": "Convolution", "DATA": "Data",
    "DECONVOLUTION": "Deconvolution", "DROPOUT": "Dropout", "DUMMY_DATA": "DummyData",
    "EUCLIDEAN_LOSS": "EuclideanLoss", "ELTWISE": "Eltwise", "EXP": "Exp", "FLATTEN": "Flatten",
    "HDF5_DATA": "HDF5Data", "HDF5_OUTPUT": "HDF5Output", "HINGE_LOSS": "HingeLoss", "IM2COL": "Im2col",
    "IMAGE_DATA": "ImageData", "INFOGAIN_LOSS": "InfogainLoss", "INNER_PRODUCT": "InnerProduct",
    "LRN": "LRN", "MEMORY_DATA": "MemoryData", "MULTINOMIAL_LOGISTIC_LOSS": "MultinomialLogisticLoss",
    "MVN": "MVN", "POOLING": "Pooling", "POWER": "Power", "RELU": "ReLU", "SIGMOID": "Sigmoid",
    "SIGMOID_CROSS_ENTROPY_LOSS": "SigmoidCrossEntropyLoss", "SILENCE": "Silence", "SOFTMAX": "Softmax",
    "SOFTMAX_LOSS": "SoftmaxWithLoss", "SPLIT": "Split", "SLICE": "Slice", "TANH": "TanH",
    "WINDOW_DATA": "WindowData", "THRESHOLD": "Threshold", "QUANT": "Quant", "DEQUANT": "DeQuant",
}

# BlobProto.data = 5, .diff = 6, .double_data = 8, .double_diff = 9 (packed); LayerParameter.blobs
# = 7 inside NetParameter.layer = 100; V1LayerParameter.blobs = 6 inside NetParameter.layers = 2
_BLOB = _wire.Spec({5: _wire.PAYLOAD, 6: _wire.PAYLOAD, 8: _wire.PAYLOAD, 9: _wire.PAYLOAD})
SPEC = _wire.Spec({100: _wire.Spec({7: _BLOB}), 2: _wire.Spec({6: _BLOB})})
_FLOAT, _DOUBLE = np.dtype("<f4"), np.dtype("<f8")


@dataclass
class _CaffeLayer:
    """A layer of either format, as the shape propagation and the model builder read it."""

    name: str
    type: str
    bottom: list[str]
    top: list[str]
    param: LayerParam
    blobs: list[TensorRef] = field(default_factory=list)
    #: a blob whose shape the net does not accept (Caffe refuses to load it): in words
    blob_problem: str | None = None


def _blob_problem(lay: _CaffeLayer) -> str | None:
    return lay.blob_problem


def _check_blobs(lay: _CaffeLayer, expected: Sequence[tuple[int, ...] | None]) -> str | None:
    """Why Caffe refuses `lay`'s blobs (one whose element count differs from the shape the
    net gives it: Caffe's "Cannot copy param K weights from layer L; shape mismatch"), or
    None. A blob with the legacy 4-D shape of the same count is accepted, as Caffe does."""
    for k, (blob, need) in enumerate(zip(lay.blobs, expected, strict=False)):
        if need is None or math.prod(blob.shape) == math.prod(need):
            continue
        lay.blob_problem = translate(
            "models", "blob {index} of layer {name} has shape {got}, the net needs {need}; Caffe refuses it: "
            "\"Cannot copy param {index} weights from layer {name}; shape mismatch\"").format(
            index=k, name=lay.name, got="×".join(map(str, blob.shape)) or "()", need="×".join(map(str, need)))
        return lay.blob_problem
    return None


def _in_test_phase(layer: LayerParam) -> bool:
    """Caffe's NetState filter for the TEST phase (levels and stages are not considered)."""
    test = pb.TEST
    if any(r.HasField("phase") and r.phase == test for r in layer.exclude):
        return False
    if layer.include:
        return any(not r.HasField("phase") or r.phase == test for r in layer.include)
    return True


def _layers_of(net: pb.NetParameter) -> list[_CaffeLayer]:
    if net.layer:
        return [_CaffeLayer(lp.name, lp.type, list(lp.bottom), list(lp.top), lp)
                for lp in net.layer if _in_test_phase(lp)]
    out = []
    for lp in net.layers:
        if not _in_test_phase(lp):
            continue
        type_name = pb.V1LayerParameter.LayerType.Name(lp.type) if lp.HasField("type") else "NONE"
        out.append(_CaffeLayer(lp.name, _V1_TYPES.get(type_name, type_name), list(lp.bottom), list(lp.top), lp))
    return out


def _net_inputs(net: pb.NetParameter) -> dict[str, tuple[int, ...]]:
    shapes: dict[str, tuple[int, ...]] = {}
    for i, name in enumerate(net.input):
        if i < len(net.input_shape):
            shapes[name] = tuple(int(d) for d in net.input_shape[i].dim)
        elif len(net.input_dim) >= 4 * (i + 1):
            shapes[name] = tuple(int(d) for d in net.input_dim[4 * i: 4 * i + 4])
    return shapes


def _blob_shape(blob: pb.BlobProto, source: str) -> tuple[int, ...]:
    """The blob's shape (its ``shape``, else the legacy num/channels/height/width), checked
    (ModelError naming the blob: a negative dimension, more values than any tensor holds)."""
    if blob.HasField("shape"):
        return checked_shape(blob.shape.dim, source)
    legacy = (blob.num, blob.channels, blob.height, blob.width)
    return checked_shape(legacy, source) if any(legacy) else ()


def _blob_refs(layer_msg: LayerParam, where: _wire.Where, moved: dict[_wire.Where, dict[int, _wire.Payload]],
               file: FileSlice | None, layer_name: str) -> list[TensorRef]:
    refs = []
    for k, blob in enumerate(layer_msg.blobs):
        source = f"blob {k} of layer {layer_name!r}"
        shape = _blob_shape(blob, source)
        payload = moved.get((*where, (layer_msg.DESCRIPTOR.fields_by_name["blobs"].number, k)), {})

        def counted(count: int, source: str = source, shape: tuple[int, ...] = shape) -> tuple[int, ...]:
            # Caffe refuses a blob whose data does not fill its shape ("Incorrect data field size")
            if shape and math.prod(shape) != count:
                raise ModelError(translate("models", "{source} holds {count} values, its shape {shape} needs {size}").format(
                    source=source, count=f"{count:,}", shape="×".join(map(str, shape)), size=f"{math.prod(shape):,}"))
            return shape or (count,)
        if file is not None and 5 in payload:
            p = payload[5]
            refs.append(TensorRef(counted(p.length // 4), np.dtype(np.float32),
                                  file.reader(p.offset, p.length, _FLOAT, source), source))
        elif file is not None and 8 in payload:
            p = payload[8]
            refs.append(TensorRef(counted(p.length // 8), np.dtype(np.float64),
                                  file.reader(p.offset, p.length, _DOUBLE, source), source))
        elif len(blob.data) or not len(blob.double_data):
            data = np.asarray(blob.data, dtype=np.float32)
            refs.append(TensorRef(counted(data.size), data.dtype, constant_loader(data), source))
        else:
            data = np.asarray(blob.double_data, dtype=np.float64)
            refs.append(TensorRef(counted(data.size), data.dtype, constant_loader(data), source))
    return refs


def _reshaped(ref: TensorRef, shape: tuple[int, ...]) -> TensorRef:
    """A blob stored with the legacy 4-D shape (1×1×N×K for a weight matrix), seen with the
    shape the layer defines, as Caffe itself accepts when the counts agree."""
    if ref.shape == shape or math.prod(ref.shape) != math.prod(shape):
        return ref
    return ref.transformed(shape, reshaper(shape))


def _read_weights(path: Path, progress: Progress | None
                  ) -> tuple[pb.NetParameter, dict[_wire.Where, dict[int, _wire.Payload]], FileSlice]:
    try:
        with open_regular(path) as f:
            skeleton, payloads = _wire.split_open(f, SPEC, progress)
        net = pb.NetParameter()
        net.ParseFromString(skeleton)
    except _wire.Cancelled:
        raise LoadCancelled() from None
    except DecodeError as e:
        raise ModelError(translate("models", "not a Caffe .caffemodel (binary NetParameter expected): {error}").format(
            error=e), path) from None
    except OSError as e:
        raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e), path) from None
    moved: dict[_wire.Where, dict[int, _wire.Payload]] = {}
    for p in payloads:
        moved.setdefault(tuple((n, i) for n, i, _ in p.path), {})[p.number] = p
    return net, moved, FileSlice(path, file_stamp(path))


def read_caffe(definition: str | os.PathLike[str] | None, weights: str | os.PathLike[str] | None = None,
               progress: Progress | None = None) -> Model:
    """Read a Caffe net from a .prototxt and/or a .caffemodel (at least one)."""
    if definition is None and weights is None:
        raise ModelError(translate("models", "a Caffe model needs a .prototxt or a .caffemodel"))
    net_text = None
    if definition is not None:
        path = check_file(definition)
        net_text = read_text_message(path, pb.NetParameter(), "Caffe .prototxt (NetParameter)")
    by_name: dict[str, list[TensorRef]] = {}
    net_bin = None
    if weights is not None:
        wpath = check_file(weights)
        net_bin, moved, file = _read_weights(wpath, progress)
        field = 100 if net_bin.layer else 2
        stored: Sequence[pb.LayerParameter | pb.V1LayerParameter] = net_bin.layer or net_bin.layers
        with _naming(wpath):
            for i, lp in enumerate(stored):
                if lp.blobs:
                    # Caffe copies every source layer of a name in turn: the last one's blobs stay
                    by_name[lp.name] = _blob_refs(lp, ((field, i),), moved, file, lp.name)
    with _naming(definition if definition is not None else weights):
        return _build(definition, weights, net_text, net_bin, by_name)


@contextmanager
def _naming(path: str | os.PathLike[str] | None) -> Iterator[None]:
    """A ModelError raised inside names `path` when it names no file yet."""
    try:
        yield
    except ModelError as e:
        if e.path is None and path is not None:
            e.path = str(path)
        raise


def _build(definition: str | os.PathLike[str] | None, weights: str | os.PathLike[str] | None, net_text: pb.NetParameter | None,
           net_bin: pb.NetParameter | None, by_name: dict[str, list[TensorRef]]) -> Model:
    net = net_text if net_text is not None else net_bin
    assert net is not None
    layers = _layers_of(net)
    if not layers:
        raise ModelError(translate("models", "not a Caffe network: it has no layers"),
                         definition if definition is not None else weights)
    for layer in layers:
        if layer.name in by_name:
            layer.blobs = by_name[layer.name]
        elif layer.param.blobs:  # blobs in the text file itself
            layer.blobs = _blob_refs(layer.param, (), {}, None, layer.name)
    shapes = propagate(layers, _net_inputs(net))
    notes = list(shapes.notes)
    if weights is not None and definition is not None:
        missing = [lay.name for lay in layers if lay.type in ("Convolution", "Deconvolution", "InnerProduct")
                   and lay.name not in by_name]
        if missing:
            notes.append(f"the weights file has no blobs for {len(missing)} weighted layer(s): "
                         + ", ".join(missing[:5]) + (" …" if len(missing) > 5 else ""))
    model_layers = [_make_layer(i, lay, shapes, weights is not None, net_text is not None)
                    for i, lay in enumerate(layers)]
    notes.extend(lay.blob_problem for lay in layers if lay.blob_problem is not None)
    _link_folds(layers, model_layers)
    fmt = "+".join(x for x, given in (("prototxt", definition), ("caffemodel", weights)) if given is not None)
    source = definition if definition is not None else weights
    assert source is not None
    return Model(source, "caffe", model_layers,
                 weights_path=weights, format=fmt, notes=notes, name=net.name)


def _check_groups(lay: _CaffeLayer, outputs: int, group: int, c_in: int | None) -> None:
    """Caffe's own checks of a convolution's group (``BaseConvolutionLayer::LayerSetUp``):
    ModelError naming the layer where Caffe refuses the net."""
    why = None
    if outputs <= 0:
        why = translate("models", "num_output is 0 (Caffe needs at least one output)")
    elif group < 1:
        why = translate("models", "group is {group}; it must be at least 1").format(group=group)
    elif outputs % group:
        why = translate("models", "num_output {outputs} is not a multiple of group {group} (Caffe: \"Number of output "
                        "should be multiples of group.\")").format(outputs=outputs, group=group)
    elif c_in is not None and c_in % group:
        why = translate("models", "its {channels} input channels are not a multiple of group {group}").format(
            channels=c_in, group=group)
    if why is not None:
        raise ModelError(translate("models", "layer {name}: {why}").format(name=repr(lay.name), why=why))


def _make_layer(i: int, lay: _CaffeLayer, shapes: Shapes, with_weights_file: bool, definition: bool) -> Layer:
    in_shape = shapes.inputs.get(i)
    out_shape = shapes.outputs.get(i)
    layer = Layer(name=lay.name, op_type=lay.type, index=i, framework="caffe",
                  inputs=tuple(lay.bottom), outputs=tuple(lay.top),
                  input_shape=chw(in_shape), output_shape=chw(out_shape))
    p = lay.param
    if lay.type in ("Convolution", "Deconvolution"):
        cp = p.convolution_param
        group = int(cp.group)
        c_in = in_shape[1] if in_shape is not None and len(in_shape) > 1 else None
        if definition:
            _check_groups(lay, int(cp.num_output), group, c_in)
        else:  # a .caffemodel alone may leave the parameters out: the blobs tell
            group = max(group, 1)
        layer.group = group
        spatial = len(in_shape) - 2 if in_shape is not None else 2
        geometry = conv_geometry(cp, spatial)
        layer.attrs = {"num_output": cp.num_output, **geometry, "group": group}
        layer.out_channels = int(cp.num_output)
        if lay.type == "Convolution":
            declared = (layer.out_channels, c_in // group, *geometry["kernel"]) if c_in else None
        else:
            declared = (c_in, layer.out_channels // group, *geometry["kernel"]) if c_in else None
            if any(d != 1 for d in geometry["dilation"]):
                layer.restriction = translate("models", "dilation is not 1 (AMCT quantizes Deconvolution only with dilation 1)")
        if spatial != 2:
            layer.restriction = translate("models", "its filter is {dims}-D (AMCT quantizes only 4-D filters)").format(
                dims=spatial + 2)
        layer.declared_weight_shape = declared
        bias = (layer.out_channels,) if cp.bias_term else None
        if lay.blobs and _check_blobs(lay, (declared, bias)) is not None:
            layer.in_channels = c_in
            layer.weight_note = lay.blob_problem
        elif lay.blobs:
            w = lay.blobs[0]
            if declared is not None:
                w = _reshaped(w, declared)
            layer.weight = w
            shape = w.shape
            if len(shape) >= 3:
                if lay.type == "Convolution":
                    layer.in_channels = c_in if c_in is not None else shape[1] * group
                    layer.to_rows = lambda a, m=shape[0]: a.reshape(m, -1)
                    layer.in_axis, layer.grouped_in = 1, True
                else:
                    layer.in_channels = c_in if c_in is not None else shape[0]
                    layer.in_axis = 0
                    if shape[0] % group == 0:
                        layer.to_rows = lambda a, g=group, s=shape: (
                            a.reshape(g, s[0] // g, s[1], -1).transpose(0, 2, 1, 3).reshape(g * s[1], -1))
        else:
            layer.in_channels = c_in
            if with_weights_file:
                layer.weight_note = translate("models", "the weights file has no blobs for layer {name}").format(name=repr(lay.name))
    elif lay.type == "InnerProduct":
        ip = p.inner_product_param
        if definition and not ip.num_output:
            raise ModelError(translate("models", "layer {name}: num_output is 0 (Caffe needs at least one output)").format(
                name=repr(lay.name)))
        layer.out_channels = int(ip.num_output)
        axis = ip.axis
        if ip.transpose or axis != 1:
            layer.restriction = translate("models", "transpose is set or axis is not 1 (AMCT quantizes InnerProduct "
                                          "only with transpose = false, axis = 1)")
        k = None
        if in_shape is not None and len(in_shape) > 1:
            k = math.prod(in_shape[axis if axis >= 0 else axis + len(in_shape):])
        layer.in_channels = k
        declared = ((k, layer.out_channels) if ip.transpose else (layer.out_channels, k)) if k else None
        layer.declared_weight_shape = declared
        layer.attrs = {"num_output": ip.num_output, "transpose": ip.transpose}
        bias = (layer.out_channels,) if ip.bias_term else None
        if lay.blobs and _check_blobs(lay, (declared, bias)) is not None:
            layer.weight_note = lay.blob_problem
        elif lay.blobs:
            w = lay.blobs[0]
            if declared is not None:
                w = _reshaped(w, declared)
            layer.weight = w
            if len(w.shape) == 2:
                if layer.in_channels is None:
                    layer.in_channels = w.shape[0] if ip.transpose else w.shape[1]
                layer.to_rows = (lambda a: a.T) if ip.transpose else (lambda a: a)
                layer.in_axis = 0 if ip.transpose else 1
        elif with_weights_file:
            layer.weight_note = translate("models", "the weights file has no blobs for layer {name}").format(name=repr(lay.name))
    elif lay.type == "Pooling":
        pp = p.pooling_param
        method = pb.PoolingParameter.PoolMethod.Name(pp.pool)
        layer.kind_override = "avgpool" if method == "AVE" else "pool"
        layer.attrs = {"pool": method, "global_pooling": pp.global_pooling}
        if method == "STOCHASTIC":
            layer.restriction = translate("models", "pool: STOCHASTIC (AMCT quantizes average and max pooling only)")
        if in_shape is not None and len(in_shape) > 1:
            layer.in_channels = layer.out_channels = in_shape[1]
    elif lay.type == "Eltwise":
        op = pb.EltwiseParameter.EltwiseOp.Name(p.eltwise_param.operation) if p.HasField("eltwise_param") else "SUM"
        layer.attrs = {"operation": op}
        if op != "SUM":
            layer.restriction = translate("models", "operation: {op} (AMCT quantizes Eltwise only with operation SUM)").format(
                op=op)
    elif in_shape is not None and len(in_shape) > 1:
        layer.in_channels = layer.out_channels = in_shape[1]
        c = in_shape[1]
        if lay.type == "BatchNorm":
            _check_blobs(lay, ((c,), (c,), (1,)))
        elif lay.type == "Scale" and len(lay.bottom) == 1:
            _check_blobs(lay, ((c,), (c,)))
    return layer


class _BnParams(TypedDict):
    """What a Caffe BatchNorm gives its fold: the variance and its normaliser (blobs 1 and 2),
    and epsilon."""

    var: TensorRef | None
    var_scale: TensorRef | None
    eps: float


def _link_folds(layers: list[_CaffeLayer], model_layers: list[Layer]) -> None:
    """Attach the fusions AMCT Caffe documents (`editor.models.fusion`): Convolution,
    Deconvolution or InnerProduct → BatchNorm → Scale whose outputs nothing else reads, and
    BatchNorm → Scale → Convolution (blobs are versioned: an in-place layer makes a new
    version of its top). A BatchNorm without a Scale is a fusion AMCT does not document."""
    producer: dict[str, int] = {}
    consumers: dict[int, list[int]] = {}
    made_from: dict[int, list[int]] = {}
    for i, lay in enumerate(layers):
        for b in lay.bottom:
            if b in producer:
                consumers.setdefault(producer[b], []).append(i)
                made_from.setdefault(i, []).append(producer[b])
        for t in lay.top:
            producer[t] = i

    def only_user(i: int) -> int | None:
        users = consumers.get(i, [])
        return users[0] if len(users) == 1 and len(layers[i].top) == 1 else None

    def bn_params(bn: _CaffeLayer) -> _BnParams:
        p = bn.param
        return {"var": bn.blobs[1] if len(bn.blobs) >= 3 else None,
                "var_scale": bn.blobs[2] if len(bn.blobs) >= 3 else None,
                "eps": float(p.batch_norm_param.eps if isinstance(p, pb.LayerParameter) and p.HasField("batch_norm_param")
                             else 1e-5)}

    after = {"Convolution": "caffe-conv-bn-scale", "Deconvolution": "caffe-deconv-bn-scale",
             "InnerProduct": "caffe-fc-bn-scale"}
    for i, lay in enumerate(layers):
        if lay.type in after:
            j = only_user(i)
            if j is not None and layers[j].type == "BatchNorm" and len(layers[j].bottom) == 1:
                bn = layers[j]
                k = only_user(j)
                pattern = PATTERNS[after[lay.type]]
                if k is not None and layers[k].type == "Scale" and len(layers[k].bottom) == 1:
                    scale = layers[k]
                    model_layers[i].fusions.append(BatchNormFold(
                        (bn.name, scale.name), gamma=scale.blobs[0] if scale.blobs else None,
                        pattern=pattern, problem=_blob_problem(scale) or _blob_problem(bn), **bn_params(bn)))
                else:
                    model_layers[i].fusions.append(BatchNormFold(
                        (bn.name,), has_gamma=False, pattern=pattern, **bn_params(bn),
                        problem=translate("models", "the BatchNorm has no Scale after it; AMCT documents "
                                          "{pattern} and says nothing of a BatchNorm alone").format(pattern=pattern.name)))
        if lay.type == "Convolution" and len(lay.bottom) == 1:
            k = next(iter(made_from.get(i, [])), None)
            if k is None or layers[k].type != "Scale" or only_user(k) != i or len(layers[k].bottom) != 1:
                continue
            j = next(iter(made_from.get(k, [])), None)
            if j is None or layers[j].type != "BatchNorm" or only_user(j) != k:
                continue
            bn, scale = layers[j], layers[k]
            model_layers[i].fusions.append(BatchNormFold(
                (bn.name, scale.name), gamma=scale.blobs[0] if scale.blobs else None,
                pattern=PATTERNS["caffe-bn-scale-conv"], problem=_blob_problem(scale) or _blob_problem(bn),
                **bn_params(bn)))
