"""TensorFlow frozen graphs: ``GraphDef`` in binary (``.pb``) or text (``.pbtxt``) format.

Weights are ``Const`` nodes (also behind ``Identity``); a binary graph's tensor contents stay
on disk until asked for (`_wire`). Kernel layouts: Conv2D HWIO (output channels = dim 3),
DepthwiseConv2dNative H×W×in×multiplier (output channels = in · multiplier, channel
``i·multiplier + m``), Conv2DBackpropInput H×W×out×in, Conv3D DHWIO, MatMul K×N (N×K with
``transpose_b``). The fusions AMCT TensorFlow documents (a FusedBatchNorm or a Mul by a
scalar after a convolution, directly or through a BiasAdd) are recorded for folding
(`editor.models.fusion`).
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt
from google.protobuf.message import DecodeError

from editor.i18n import translate
from editor.models import _wire
from editor.models._pb import tf_graph_pb2 as pb
from editor.models._text import check_file, read_text_message
from editor.models._tf_graph import BN_OPS, Graph, attr, source_name
from editor.models.base import (
    ACTIVATION,
    QUANTIZABLE,
    FileSlice,
    Float32Array,
    Layer,
    LoadCancelled,
    Model,
    ModelError,
    Progress,
    TensorArray,
    TensorRef,
    checked_shape,
    constant_loader,
    file_stamp,
    open_regular,
)
from editor.models.tf_fusions import link_fusions

_DT = pb.DataType
_DTYPES: dict[int, np.dtype[np.generic]] = {
    _DT.DT_FLOAT: np.dtype("<f4"), _DT.DT_DOUBLE: np.dtype("<f8"), _DT.DT_HALF: np.dtype("<f2"),
    _DT.DT_INT8: np.dtype("i1"), _DT.DT_UINT8: np.dtype("u1"), _DT.DT_INT16: np.dtype("<i2"),
    _DT.DT_UINT16: np.dtype("<u2"), _DT.DT_INT32: np.dtype("<i4"), _DT.DT_INT64: np.dtype("<i8"),
    _DT.DT_UINT32: np.dtype("<u4"), _DT.DT_UINT64: np.dtype("<u8"), _DT.DT_BOOL: np.dtype("u1"),
    _DT.DT_BFLOAT16: np.dtype("<u2"), _DT.DT_QINT8: np.dtype("i1"), _DT.DT_QUINT8: np.dtype("u1"),
    _DT.DT_QINT32: np.dtype("<i4"),
}
# the repeated *_val field of TensorProto holding each type (for tensors without tensor_content)
_VAL_FIELD = {
    _DT.DT_FLOAT: "float_val", _DT.DT_DOUBLE: "double_val", _DT.DT_HALF: "half_val",
    _DT.DT_BFLOAT16: "half_val", _DT.DT_INT32: "int_val", _DT.DT_INT16: "int_val", _DT.DT_INT8: "int_val",
    _DT.DT_UINT8: "int_val", _DT.DT_UINT16: "int_val", _DT.DT_QINT8: "int_val", _DT.DT_QUINT8: "int_val",
    _DT.DT_QINT32: "int_val", _DT.DT_INT64: "int64_val", _DT.DT_BOOL: "bool_val",
    _DT.DT_UINT32: "uint32_val", _DT.DT_UINT64: "uint64_val",
}
#: op types whose second input is a weight AMCT quantizes
_WEIGHTED = frozenset({"Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv3D", "MatMul", "BatchMatMul",
                       "BatchMatMulV2"})


def _map_key(entry: bytes) -> str:
    """The key of a map<string, AttrValue> entry (field 1), from its bytes."""
    for number, wire_type, _, start, end in _wire.iter_fields(entry, 0, len(entry)):
        if number == 1 and wire_type == _wire.LENGTH:
            return bytes(entry[start:end]).decode("utf-8", "replace")
    return ""


# GraphDef.node = 1; NodeDef.attr = 5 (map entry: key = 1, value = 2); AttrValue.tensor = 8;
# TensorProto.tensor_content = 4, .float_val = 5, .double_val = 6
_TENSOR = _wire.Spec({4: _wire.PAYLOAD, 5: _wire.PAYLOAD, 6: _wire.PAYLOAD})
SPEC = _wire.Spec({1: _wire.Spec({5: _wire.Spec({2: _wire.Spec({8: _TENSOR})}, label=_map_key)})})
_PAYLOAD_DTYPE = {4: None, 5: np.dtype("<f4"), 6: np.dtype("<f8")}


def _bfloat16(a: npt.NDArray[np.uint16]) -> Float32Array:
    return (a.astype(np.uint32) << 16).view(np.float32)


def _splat(read: Callable[[], TensorArray], size: int, source: str) -> Callable[[], TensorArray]:
    """TensorFlow fills a tensor whose *_val list is shorter than its shape with the last value
    (a list of one value is a `TensorRef.filled` instead: never materialised)."""
    def load() -> TensorArray:
        a = read().ravel()
        if a.size == size:
            return a
        if 0 < a.size < size:
            return np.concatenate([a, np.full(size - a.size, a[-1], dtype=a.dtype)])
        raise ModelError(translate("models", "{source}: {values} values for {size} elements").format(
            source=source, values=f"{a.size:,}", size=f"{size:,}"))
    return load


def _held_values(t: pb.TensorProto, dtype: np.dtype[np.generic]) -> TensorArray:
    """The values of a tensor's *_val list, as `dtype` (16-bit floats from their bit patterns;
    integers wrapped into the type as TensorFlow stores them)."""
    values = getattr(t, _VAL_FIELD.get(t.dtype, "float_val"))
    if t.dtype in (_DT.DT_HALF, _DT.DT_BFLOAT16):
        arr = np.asarray(values, dtype=np.int64).astype(np.uint16)
        return arr.view(np.float16) if t.dtype == _DT.DT_HALF else arr
    if dtype.kind in "iub":
        return np.asarray(values, dtype=np.int64 if dtype.kind != "u" else np.uint64).astype(dtype)
    return np.asarray(values, dtype=dtype)


class _Consts:
    def __init__(self, path: Path | None, payloads: list[_wire.Payload]):
        self.file = FileSlice(path, file_stamp(path)) if path is not None and payloads else None
        self.moved: dict[tuple[int, str | None], dict[int, _wire.Payload]] = {}
        for p in payloads:
            node_index, attr_key = p.path[0][1], p.path[1][2]
            self.moved.setdefault((node_index, attr_key), {})[p.number] = p

    def ref(self, node_index: int, node: pb.NodeDef) -> TensorRef | None:
        """The Const node's tensor, checked against its shape before anything is read
        (ModelError naming the node: a shape beyond any tensor, data of another size)."""
        if "value" not in node.attr or not node.attr["value"].HasField("tensor"):
            return None
        t = node.attr["value"].tensor
        source = f"Const node {node.name!r}"
        dims = [int(d.size) for d in t.tensor_shape.dim]
        if any(d < 0 for d in dims):
            return None  # a shape TensorFlow leaves open: not a constant the editor can read
        shape = checked_shape(dims, source)
        size = math.prod(shape)
        dtype = _DTYPES.get(t.dtype)
        out_dtype = np.dtype(np.float32) if t.dtype == _DT.DT_BFLOAT16 else dtype
        if dtype is None:
            name = _DT.Name(t.dtype) if t.dtype in _DT.values() else str(t.dtype)

            def unsupported() -> TensorArray:
                raise ModelError(translate("models", "{source}: tensors of type {type} are not supported").format(
                    source=source, type=name))
            return TensorRef(shape, None, unsupported, source)
        moved = self.moved.get((node_index, "value"), {})

        def wrong(count: int, unit: str) -> ModelError:
            return ModelError(translate("models", "{source}: {count} {unit} of data for the {size} {type} values of its "
                                        "shape {shape}").format(source=source, count=f"{count:,}", unit=unit,
                                                               size=f"{size:,}", type=_DT.Name(t.dtype),
                                                               shape=list(shape)))
        read: Callable[[], TensorArray] | None = None
        splat = False
        for number, fixed in _PAYLOAD_DTYPE.items():
            if number in moved and self.file is not None:
                p = moved[number]
                item = (fixed or dtype).itemsize
                if number == 4 and p.length != size * item:
                    raise wrong(p.length, translate("models", "bytes"))
                if number != 4 and p.length // item > size:
                    raise wrong(p.length // item, translate("models", "values"))
                read = self.file.reader(p.offset, p.length, fixed or dtype, source)
                splat = number != 4
                break
        else:
            if t.tensor_content:
                content = bytes(t.tensor_content)
                if len(content) != size * dtype.itemsize:
                    raise wrong(len(content), translate("models", "bytes"))
                read = constant_loader(np.frombuffer(content, dtype=dtype))
            else:
                count = len(getattr(t, _VAL_FIELD.get(t.dtype, "float_val")))
                if count > size:
                    raise wrong(count, translate("models", "values"))
                arr = _held_values(t, dtype)
                if count <= 1 and size != count:
                    # one value (or none: zeros) for the whole shape: a splat, never materialised
                    value = arr[0] if count else np.zeros(1, dtype=arr.dtype)[0]
                    if t.dtype == _DT.DT_BFLOAT16:
                        value = _bfloat16(np.asarray([value]).astype(np.uint16))[0]
                    assert out_dtype is not None
                    return TensorRef.filled(shape, value, out_dtype.newbyteorder("="), source)
                read = constant_loader(arr)
                splat = True
        assert read is not None
        if splat:
            read = _splat(read, size, source)
        if t.dtype == _DT.DT_BFLOAT16:
            def widened(r: Callable[[], TensorArray] = read) -> TensorArray:
                return _bfloat16(np.asarray(r()).astype(np.uint16))
            read = widened
        return TensorRef(shape, out_dtype.newbyteorder("=") if out_dtype is not None else None, read, source)


def read_tf(path: str | os.PathLike[str], progress: Progress | None = None, *, text: bool | None = None) -> Model:
    """Read a frozen GraphDef (binary unless `text`, or by extension when None)."""
    p = check_file(path)
    if text is None:
        text = p.suffix.lower() in (".pbtxt", ".txt", ".prototxt")
    payloads: list[_wire.Payload] = []
    if text:
        graph = read_text_message(p, pb.GraphDef(), "TensorFlow GraphDef")
    else:
        with open_regular(p) as f:
            try:
                skeleton, payloads = _wire.split_open(f, SPEC, progress)
                graph = pb.GraphDef()
                graph.ParseFromString(skeleton)
            except _wire.Cancelled:
                raise LoadCancelled() from None
            except DecodeError as e:
                raise ModelError(translate("models", "not a TensorFlow GraphDef (binary protobuf expected): {error}").format(
                    error=e), p) from None
            except OSError as e:
                raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e),
                                 p) from None
    if not graph.node or not any(n.op for n in graph.node):
        raise ModelError(translate("models", "not a TensorFlow GraphDef: it has no nodes"), p)
    try:
        return _build(p, graph, _Consts(p if not text else None, payloads), "pbtxt" if text else "pb")
    except ModelError as e:
        if e.path is None:
            e.path = str(p)
        raise


def _attr_list(node: pb.NodeDef, name: str) -> list[int]:
    got = attr(node, name, "list")
    return list(got.i) if got is not None else []


def _build(path: Path, graph_def: pb.GraphDef, consts_of: _Consts, fmt: str) -> Model:
    graph = Graph(list(graph_def.node), consts_of.ref)
    layers = []
    for i, n in enumerate(graph.nodes):
        inputs = tuple(source_name(x) for x in n.input if not x.startswith("^"))
        layer = Layer(name=n.name, op_type=n.op, index=i, framework="tensorflow", inputs=inputs,
                      outputs=(n.name,))
        _describe(layer, n, graph.const)
        layers.append(layer)
    link_fusions(graph, layers)
    return Model(path, "tensorflow", layers, format=fmt)


def _describe(layer: Layer, n: pb.NodeDef, const: Callable[[str], TensorRef | None]) -> None:
    op = n.op
    if op not in QUANTIZABLE["tensorflow"] and op not in BN_OPS and op not in _WEIGHTED:
        return  # other ops' attributes are theirs to type (custom ops reuse the names)
    w = const(n.input[1]) if len(n.input) > 1 else None
    if w is not None and 0 in w.shape and op in _WEIGHTED:
        raise ModelError(translate("models", "node {node}: its weight {source} has the shape {shape}, with a zero-sized "
                                   "dimension").format(node=repr(n.name), source=w.source, shape=list(w.shape)))
    for key in ("strides", "dilations"):
        if key in n.attr:
            layer.attrs[key] = _attr_list(n, key)
    padding = attr(n, "padding", "s")
    if padding is not None:
        layer.attrs["padding"] = padding.decode("utf-8", "replace")
    if op in ("Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv3D"):
        if w is None:
            layer.weight_note = translate("models", "the filter of {name} is not a Const node").format(name=repr(n.name))
            return
        s = w.shape
        rank = 5 if op == "Conv3D" else 4
        if len(s) != rank:
            layer.weight_note = translate("models", "the filter of {name} has shape {shape}, not {rank}-D").format(
                name=repr(n.name), shape=list(s), rank=rank)
            return
        layer.weight = w
        if op == "Conv2D":
            layer.out_channels, layer.in_channels = s[3], s[2]
            layer.to_rows = lambda a, o=s[3]: a.reshape(-1, o).T
            layer.in_axis = 2
        elif op == "Conv3D":
            layer.out_channels, layer.in_channels = s[4], s[3]
            layer.to_rows = lambda a, o=s[4]: a.reshape(-1, o).T
            layer.in_axis = 3
        elif op == "DepthwiseConv2dNative":
            layer.out_channels, layer.in_channels, layer.group = s[2] * s[3], s[2], s[2]
            layer.to_rows = lambda a, o=s[2] * s[3]: a.reshape(-1, o).T
            layer.in_axis = 2
        else:
            layer.out_channels, layer.in_channels = s[2], s[3]
            layer.to_rows = lambda a, o=s[2]: a.transpose(2, 0, 1, 3).reshape(o, -1)
            layer.in_axis = 3
            if any(d != 1 for d in _attr_list(n, "dilations")):
                layer.restriction = translate("models", "dilations are not 1 (AMCT quantizes Conv2DBackpropInput only with "
                                              "dilation 1)")
    elif op in ("MatMul", "BatchMatMul", "BatchMatMulV2"):
        trans_a = "transpose_a" if op == "MatMul" else "adj_x"
        trans_b = "transpose_b" if op == "MatMul" else "adj_y"
        if attr(n, trans_a, "b"):
            layer.restriction = translate("models", "{attr} is set (AMCT quantizes {op} only with {attr} = false)").format(
                attr=trans_a, op=op)
        if w is None or len(w.shape) != 2:
            if op == "MatMul":
                layer.restriction = layer.restriction or translate("models", "its weight is not a 2-D Const node")
            else:
                layer.quant_override = ACTIVATION  # two tensors: activations only
            return
        layer.weight = w
        tb = bool(attr(n, trans_b, "b"))
        n_out, k = (w.shape[0], w.shape[1]) if tb else (w.shape[1], w.shape[0])
        layer.out_channels, layer.in_channels = n_out, k
        layer.to_rows = (lambda a: a) if tb else (lambda a: a.T)
        layer.in_axis = 1 if tb else 0
        if tb and op == "MatMul":
            # AMCT's own documents disagree: the 6.3.RC2 "layers that support quantization"
            # table (hiascend.com/doc_center/source/zh/canncommercial/63RC2/devtools/
            # auxiliarydevtool/atlasamctacl_16_0021.html) asks for transpose_b = False, the
            # later TensorFlow guides only for transpose_a
            layer.caution = translate("models", "transpose_b is set: AMCT's documentation disagrees between "
                                      "versions on whether such a MatMul is quantized (CANN 6.3.RC2 requires "
                                      "transpose_b = false, later versions only transpose_a = false); check with "
                                      "your AMCT version")
    elif op in BN_OPS and len(n.input) > 1:
        scale = const(n.input[1])
        if scale is not None and len(scale.shape) == 1:
            layer.out_channels = layer.in_channels = scale.shape[0]
