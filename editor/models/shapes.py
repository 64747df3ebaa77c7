"""Caffe blob shapes, propagated from the net's input through its layers, as Caffe's own
``Reshape`` methods compute them — AMCT's Caffe record wants each quantized layer's **input**
shape in ``channels``/``height``/``width`` and has no shape inference of its own.

Formulas (Caffe's layer sources): convolution ``floor((H + 2p - d(k-1) - 1) / s) + 1``;
deconvolution ``s(H - 1) + d(k-1) + 1 - 2p``; pooling ``ceil((H + 2p - k) / s) + 1`` (floor
with ``round_mode: FLOOR`` or AMCT Caffe's ``ceil_mode: false``), then, when padded, the last
window must start inside the image (else one fewer); global pooling gives 1×1; InnerProduct
flattens everything from its axis into ``num_output``; Eltwise keeps the shape; Concat adds
up the concatenated axis; Flatten, Reshape, Slice and Split as documented in caffe.proto; the
element-wise layers (ReLU, BatchNorm, Scale, Dropout, Softmax, …) keep their input's shape.
A layer type not known here leaves its outputs unknown (and so everything after it).
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeAlias, TypedDict

from google.protobuf.message import Message

from editor.models._pb import caffe_model_pb2 as pb

Shape = tuple[int, ...]
#: a layer message of either format (``layer`` or the old V1 ``layers``): the V1 one lacks the
#: ``*_param`` fields of the layers that came later (Flatten, Reshape, Input, BatchNorm, Scale)
LayerParam: TypeAlias = pb.LayerParameter | pb.V1LayerParameter


class CaffeLayer(Protocol):
    """What the propagation reads of a layer (the Caffe reader's layers of either format)."""

    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def bottom(self) -> Sequence[str]: ...
    @property
    def top(self) -> Sequence[str]: ...
    @property
    def param(self) -> LayerParam: ...

#: layers whose output has their (first) input's shape
SAME_SHAPE = frozenset({
    "ReLU", "PReLU", "ELU", "Sigmoid", "TanH", "AbsVal", "BNLL", "Power", "Exp", "Log", "Threshold",
    "Clip", "Swish", "BatchNorm", "Scale", "Bias", "Dropout", "Softmax", "LRN", "MVN", "Eltwise",
    "Normalize", "Silence",
})


def conv_output(size: int, kernel: int, pad: int = 0, stride: int = 1, dilation: int = 1) -> int:
    """Convolution output length along one axis (Caffe's ``compute_output_shape``)."""
    extent = dilation * (kernel - 1) + 1
    return (size + 2 * pad - extent) // stride + 1


def deconv_output(size: int, kernel: int, pad: int = 0, stride: int = 1, dilation: int = 1) -> int:
    """Deconvolution output length along one axis."""
    return stride * (size - 1) + dilation * (kernel - 1) + 1 - 2 * pad


def pool_output(size: int, kernel: int, pad: int = 0, stride: int = 1, ceil: bool = True) -> int:
    """Pooling output length along one axis, with Caffe's rounding and clipping."""
    span = (size + 2 * pad - kernel) / stride
    out = (math.ceil(span) if ceil else math.floor(span)) + 1
    if pad and (out - 1) * stride >= size + pad:
        out -= 1  # the last window must start inside the image, not in the padding
    return out


@dataclass
class Shapes:
    """Result of a propagation: per layer index its input (first bottom) and output (first
    top) shapes, batch axis included, where known; `notes` say where and why it stopped."""

    inputs: dict[int, Shape] = field(default_factory=dict)
    outputs: dict[int, Shape] = field(default_factory=dict)
    blobs: dict[str, Shape] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def chw(shape: Shape | None) -> tuple[int, int, int] | None:
    """(C, H, W) of an N×C×H×W shape (missing trailing axes count as 1)."""
    if shape is None or len(shape) < 2:
        return None
    rest = list(shape[1:]) + [1, 1]
    return rest[0], rest[1], rest[2]


def _has(msg: Message, name: str) -> bool:
    try:
        return msg.HasField(name)
    except ValueError:
        return False


def _spatial(values: Sequence[int], h_field: int | None, w_field: int | None, n: int, default: int) -> list[int]:
    """One value per spatial axis from Caffe's `x` list and `x_h`/`x_w` fields."""
    if h_field is not None and w_field is not None:
        return [h_field, w_field] if n == 2 else [h_field] * n
    if not values:
        return [default] * n
    if len(values) == 1:
        return [values[0]] * n
    return list(values[:n]) + [values[-1]] * (n - len(values))


def _conv_geometry(p: pb.ConvolutionParameter, n: int) -> tuple[list[int], list[int], list[int], list[int]]:
    kh = p.kernel_h if _has(p, "kernel_h") else None
    kw = p.kernel_w if _has(p, "kernel_w") else None
    kernel = _spatial(list(p.kernel_size), kh, kw, n, 1)
    ph = p.pad_h if _has(p, "pad_h") else None
    pw = p.pad_w if _has(p, "pad_w") else None
    pad = _spatial(list(p.pad), ph, pw, n, 0)
    sh = p.stride_h if _has(p, "stride_h") else None
    sw = p.stride_w if _has(p, "stride_w") else None
    stride = _spatial(list(p.stride), sh, sw, n, 1)
    dilation = _spatial(list(p.dilation), None, None, n, 1)
    return kernel, pad, stride, dilation


class ConvGeometry(TypedDict):
    """A convolution's geometry, one value per spatial axis."""

    kernel: list[int]
    pad: list[int]
    stride: list[int]
    dilation: list[int]


def conv_geometry(param: pb.ConvolutionParameter, spatial_axes: int = 2) -> ConvGeometry:
    """kernel/pad/stride/dilation of a ConvolutionParameter, one value per spatial axis."""
    k, p, s, d = _conv_geometry(param, spatial_axes)
    return {"kernel": k, "pad": p, "stride": s, "dilation": d}


def _pool_shape(layer_name: str, p: pb.PoolingParameter, shape: Shape) -> Shape:
    if len(shape) != 4:
        raise ValueError(f"pooling needs a 4-D input, not {list(shape)}")
    h, w = shape[2], shape[3]
    if p.global_pooling:
        return (shape[0], shape[1], 1, 1)
    kh = p.kernel_h if _has(p, "kernel_h") else p.kernel_size
    kw = p.kernel_w if _has(p, "kernel_w") else p.kernel_size
    if not kh or not kw:
        raise ValueError("no kernel size")
    ph = p.pad_h if _has(p, "pad_h") else p.pad
    pw = p.pad_w if _has(p, "pad_w") else p.pad
    sh = p.stride_h if _has(p, "stride_h") else p.stride
    sw = p.stride_w if _has(p, "stride_w") else p.stride
    if not sh or not sw:
        raise ValueError("stride 0")
    ceil = p.round_mode == p.CEIL and p.ceil_mode
    return (shape[0], shape[1], pool_output(h, kh, ph, sh, ceil), pool_output(w, kw, pw, sw, ceil))


def _axis(axis: int, ndim: int) -> int:
    a = axis + ndim if axis < 0 else axis
    if not 0 <= a < ndim:
        raise ValueError(f"axis {axis} outside a {ndim}-D blob")
    return a


def layer_output_shapes(type_: str, param: LayerParam, bottoms: list[Shape]) -> list[Shape | None]:
    """Output shapes of one layer (one per top; None where unknown). Raises ValueError for a
    geometry Caffe itself would refuse (a kernel larger than the padded input, …)."""
    if not bottoms:
        return []
    x = bottoms[0]
    if type_ in ("Convolution", "Deconvolution"):
        p = param.convolution_param
        axis = _axis(p.axis, len(x))
        spatial = list(x[axis + 1:])
        kernel, pad, stride, dilation = _conv_geometry(p, len(spatial))
        if any(s <= 0 for s in stride) or any(k <= 0 for k in kernel):
            raise ValueError("kernel size and stride must be positive")
        fn = conv_output if type_ == "Convolution" else deconv_output
        out = [fn(n, k, pd, s, d) for n, k, pd, s, d in zip(spatial, kernel, pad, stride, dilation, strict=True)]
        if any(o <= 0 for o in out):
            raise ValueError(f"output size {out} from input {spatial} (kernel {kernel}, pad {pad}, "
                             f"stride {stride}) is not positive")
        shape = (*x[:axis], int(p.num_output), *out)
        return [shape] * max(1, len(bottoms))
    if type_ == "Pooling":
        return [_pool_shape("", param.pooling_param, x)]
    if type_ == "InnerProduct":
        ip = param.inner_product_param
        axis = _axis(ip.axis, len(x))
        return [(*x[:axis], int(ip.num_output))]
    if type_ in SAME_SHAPE:
        return [x]
    if type_ == "Split":
        return [x] * 64
    if type_ == "Concat":
        cat = param.concat_param
        axis = _axis(cat.axis if _has(cat, "axis") or not _has(cat, "concat_dim") else cat.concat_dim, len(x))
        for b in bottoms[1:]:
            if len(b) != len(x) or any(b[i] != x[i] for i in range(len(x)) if i != axis):
                raise ValueError(f"inputs {list(x)} and {list(b)} cannot be concatenated on axis {axis}")
        return [(*x[:axis], sum(b[axis] for b in bottoms), *x[axis + 1:])]
    if type_ == "Flatten":
        flat = param.flatten_param if isinstance(param, pb.LayerParameter) and _has(param, "flatten_param") else None
        start = _axis(flat.axis if flat is not None else 1, len(x))
        end = _axis(flat.end_axis if flat is not None else -1, len(x))
        return [(*x[:start], math.prod(x[start:end + 1]), *x[end + 1:])]
    if type_ == "Reshape" and isinstance(param, pb.LayerParameter) and _has(param, "reshape_param"):
        return [_reshape(param.reshape_param, x)]
    if type_ == "Slice":
        sl = param.slice_param
        axis = _axis(sl.axis if _has(sl, "axis") or not _has(sl, "slice_dim") else sl.slice_dim, len(x))
        points = [0, *sl.slice_point, x[axis]]
        return [(*x[:axis], b - a, *x[axis + 1:]) for a, b in itertools.pairwise(points)]
    return [None]


def _reshape(p: pb.ReshapeParameter, x: Shape) -> Shape:
    dims = list(p.shape.dim)
    start = _axis(p.axis, len(x) + 1) if p.axis >= 0 else len(x) + 1 + p.axis
    end = len(x) if p.num_axes == -1 else start + p.num_axes
    head, tail, middle = list(x[:start]), list(x[end:]), list(x[start:end])
    out = []
    for i, d in enumerate(dims):
        out.append(middle[i] if d == 0 and i < len(middle) else d)
    if out.count(-1) > 1:
        raise ValueError("more than one -1 in a Reshape")
    if -1 in out:
        known = math.prod(d for d in out if d != -1)
        if known == 0 or math.prod(middle) % known:
            raise ValueError("the -1 of a Reshape does not divide the input")
        out[out.index(-1)] = math.prod(middle) // known
    return (*head, *out, *tail)


def propagate(layers: Sequence[CaffeLayer], inputs: dict[str, Shape]) -> Shapes:
    """Shapes of every blob, layer by layer in file order (Caffe runs them in that order).

    `layers` have ``name``, ``type``, ``bottom``, ``top`` and ``param`` (the Caffe layer
    message holding the ``*_param`` fields); `inputs` maps the net's input blobs to shapes.
    """
    result = Shapes(blobs=dict(inputs))
    blobs = result.blobs
    for i, layer in enumerate(layers):
        if layer.type == "Input" and isinstance(layer.param, pb.LayerParameter) and _has(layer.param, "input_param"):
            shapes = list(layer.param.input_param.shape)
            for k, top in enumerate(layer.top):
                if shapes:
                    blobs[top] = tuple(int(d) for d in shapes[min(k, len(shapes) - 1)].dim)
            if layer.top and layer.top[0] in blobs:
                result.outputs[i] = blobs[layer.top[0]]
            continue
        bottoms = [blobs.get(b) for b in layer.bottom]
        if bottoms and bottoms[0] is not None:
            result.inputs[i] = bottoms[0]
        known = [b for b in bottoms if b is not None]
        if not layer.bottom or len(known) != len(bottoms):
            for top in layer.top:
                if top not in layer.bottom:
                    blobs.pop(top, None)
            continue
        try:
            outs = layer_output_shapes(layer.type, layer.param, known)
        except (ValueError, ZeroDivisionError) as e:
            result.notes.append(f"layer {layer.name!r} ({layer.type}): {e}; shapes after it are unknown")
            outs = []
        if outs == [None] and layer.type not in SAME_SHAPE:
            result.notes.append(f"layer {layer.name!r}: shapes through type {layer.type!r} are not "
                                f"computed; shapes after it are unknown")
        for k, top in enumerate(layer.top):
            shape = outs[k] if k < len(outs) else None
            if shape is None:
                blobs.pop(top, None)
            else:
                blobs[top] = tuple(int(d) for d in shape)
        if layer.top and layer.top[0] in blobs:
            result.outputs[i] = blobs[layer.top[0]]
    return result
