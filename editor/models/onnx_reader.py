"""ONNX models (``.onnx``): nodes by name, op type, weights, ``group`` — also the PyTorch
flavour's models, whose record keys name nodes of the ONNX graph AMCT exports.

The file is read with `_wire` so weight data stays on disk: the model's structure is parsed
with the `onnx` package's ModelProto from a skeleton without the big tensor payloads
(``raw_data``, ``float_data``, ``double_data`` of initializers and Constant nodes), and each
weight is a `TensorRef` that reads its bytes when asked. Weights may also be produced by
``Constant`` nodes, ``ConstantOfShape`` (shape known, one repeated value — the onnx
package's ``light_*`` models), ``Identity``, ``Reshape`` or ``Transpose`` of those, or live in
external data files in the model's folder. Only the main graph's nodes are layers: the bodies
of ``If``/``Loop``/``Scan`` nodes are not read (their nodes are not offered as layers).
A node without a name is a layer no key can name (`Layer.unnamed`).
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnx
from google.protobuf.message import DecodeError
from onnx import numpy_helper

from editor.i18n import translate
from editor.models import _wire
from editor.models.base import (
    FileSlice,
    Layer,
    LoadCancelled,
    Model,
    ModelError,
    Progress,
    TensorRef,
    file_stamp,
    reshaper,
    transposer,
)
from editor.models.fusion import PATTERNS, BatchNormFold

_T = onnx.TensorProto
# dtypes readable straight from raw bytes (little-endian, as ONNX stores them)
_RAW_DTYPES: dict[int, np.dtype] = {
    _T.FLOAT: np.dtype("<f4"), _T.DOUBLE: np.dtype("<f8"), _T.FLOAT16: np.dtype("<f2"),
    _T.INT8: np.dtype("i1"), _T.UINT8: np.dtype("u1"), _T.INT16: np.dtype("<i2"), _T.UINT16: np.dtype("<u2"),
    _T.INT32: np.dtype("<i4"), _T.UINT32: np.dtype("<u4"), _T.INT64: np.dtype("<i8"), _T.UINT64: np.dtype("<u8"),
    _T.BOOL: np.dtype("u1"), _T.BFLOAT16: np.dtype("<u2"),
}
_PAYLOAD_DTYPES = {9: None, 4: np.dtype("<f4"), 10: np.dtype("<f8")}  # raw_data, float_data, double_data

# ModelProto.graph = 7; GraphProto.node = 1, .initializer = 5; NodeProto.attribute = 5;
# AttributeProto.t = 5, .tensors = 10; TensorProto.float_data = 4, .raw_data = 9, .double_data = 10
_TENSOR = _wire.Spec({4: _wire.PAYLOAD, 9: _wire.PAYLOAD, 10: _wire.PAYLOAD})
_ATTRIBUTE = _wire.Spec({5: _TENSOR, 10: _TENSOR})
_NODE = _wire.Spec({5: _ATTRIBUTE})
_GRAPH = _wire.Spec({1: _NODE, 5: _TENSOR})
SPEC = _wire.Spec({7: _GRAPH})


def _dtype_name(data_type: int) -> str:
    try:
        return _T.DataType.Name(data_type)
    except ValueError:
        return str(data_type)


def _bfloat16_to_f32(a: np.ndarray) -> np.ndarray:
    return (a.astype(np.uint32) << 16).view(np.float32)


class _Tensors:
    """Turns TensorProtos of this model into lazy `TensorRef`s."""

    def __init__(self, path: Path, payloads: list[_wire.Payload]):
        self.path = path
        self.file = FileSlice(path, file_stamp(path))
        self.by_path: dict[tuple, dict[int, _wire.Payload]] = {}
        for p in payloads:
            key = tuple((n, i) for n, i, _ in p.path)
            self.by_path.setdefault(key, {})[p.number] = p
        self._external: dict[Path, FileSlice] = {}

    def ref(self, t: onnx.TensorProto, where: tuple, source: str) -> TensorRef:
        shape = tuple(int(d) for d in t.dims)
        moved = self.by_path.get(where, {})
        raw = _RAW_DTYPES.get(t.data_type)
        if t.data_location == _T.EXTERNAL:
            return self._external_ref(t, shape, raw, source)
        for number, fixed in _PAYLOAD_DTYPES.items():
            if number in moved:
                p = moved[number]
                dtype = fixed if fixed is not None else raw
                if dtype is None:
                    return self._unsupported(t, shape, source)
                read = self.file.reader(p.offset, p.length, dtype, source)
                return self._typed(t, shape, dtype, read, source)
        if raw is None and t.data_type not in (_T.STRING,):
            return self._unsupported(t, shape, source)

        def in_memory(t=t) -> np.ndarray:
            try:
                a = numpy_helper.to_array(t)
            except Exception as e:  # noqa: BLE001 - onnx raises many kinds for bad tensors
                raise ModelError(f"{source}: {e}") from None
            if t.data_type == _T.BFLOAT16:
                a = np.asarray(a, dtype=np.float32)
            return a

        out_dtype = np.dtype(np.float32) if t.data_type == _T.BFLOAT16 else raw
        return TensorRef(shape, out_dtype, in_memory, source)

    def _typed(self, t, shape, dtype, read: Callable[[], np.ndarray], source: str) -> TensorRef:
        if t.data_type == _T.BFLOAT16:
            return TensorRef(shape, np.dtype(np.float32), lambda: _bfloat16_to_f32(read()), source)
        return TensorRef(shape, dtype.newbyteorder("="), read, source)

    def _unsupported(self, t, shape, source: str) -> TensorRef:
        def fail() -> np.ndarray:
            raise ModelError(translate("models", "{source}: tensors of type {type} are not supported").format(
                source=source, type=_dtype_name(t.data_type)))
        return TensorRef(shape, None, fail, source)

    def _external_ref(self, t, shape, dtype, source: str) -> TensorRef:
        info = {e.key: e.value for e in t.external_data}
        location = info.get("location", "")
        base = self.path.parent
        target = (base / location).resolve()
        # a model must not make the editor read files outside its own folder
        if not location or Path(location).is_absolute() or base.resolve() not in target.parents:
            def refuse() -> np.ndarray:
                raise ModelError(translate("models", "{source}: external data location {location} is not a file in the "
                                           "model's folder").format(source=source, location=repr(location)))
            return TensorRef(shape, dtype, refuse, source)
        if dtype is None:
            return self._unsupported(t, shape, source)
        try:
            offset = int(info.get("offset", "0"))
            length = int(info["length"]) if "length" in info else int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        except ValueError:
            def bad() -> np.ndarray:
                raise ModelError(translate("models", "{source}: external data offset/length are not numbers").format(source=source))
            return TensorRef(shape, dtype, bad, source)
        fs = self._external.get(target)
        if fs is None:
            try:
                fs = FileSlice(target, file_stamp(target))
            except OSError as e:
                def missing(e=e) -> np.ndarray:
                    raise ModelError(translate("models", "{source}: cannot read external data {location}: {reason}").format(
                        source=source, location=repr(location), reason=e.strerror or e))
                return TensorRef(shape, dtype, missing, source)
            self._external[target] = fs
        return self._typed(t, shape, dtype, fs.reader(offset, length, dtype, source), source)


def _reshape_to(shape: tuple[int, ...], target: list[int]) -> tuple[int, ...]:
    """ONNX Reshape's output shape: 0 copies the input's dimension, -1 is inferred."""
    out = [shape[i] if d == 0 and i < len(shape) else d for i, d in enumerate(target)]
    total = int(np.prod(shape, dtype=np.int64))
    if out.count(-1) > 1 or any(d < -1 for d in out):
        raise ValueError(f"invalid Reshape target {target}")
    if -1 in out:
        known = int(np.prod([d for d in out if d != -1], dtype=np.int64))
        if known == 0 or total % known:
            raise ValueError(f"cannot reshape {list(shape)} to {target}")
        out[out.index(-1)] = total // known
    if int(np.prod(out, dtype=np.int64)) != total:
        raise ValueError(f"cannot reshape {list(shape)} to {target}")
    return tuple(out)


def _attr(node: onnx.NodeProto, name: str, default=None):
    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


def read_onnx(path: str | os.PathLike, progress: Progress | None = None) -> Model:
    """Read an ONNX model file; weights stay on disk until asked for."""
    p = Path(path)
    try:
        skeleton, payloads = _wire.split_file(p, SPEC, progress)
    except _wire.Cancelled:
        raise LoadCancelled() from None
    except DecodeError as e:
        raise ModelError(translate("models", "not an ONNX model (binary protobuf expected): {error}").format(error=e), p) from None
    except OSError as e:
        raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e), p) from None
    model = onnx.ModelProto()
    try:
        model.ParseFromString(skeleton)
    except DecodeError as e:
        raise ModelError(translate("models", "not an ONNX model: {error}").format(error=e), p) from None
    if not model.HasField("graph") or not model.graph.node:
        raise ModelError(translate("models", "not an ONNX model: it has no graph nodes"), p)
    return _build(p, model, _Tensors(p, payloads))


def _build(path: Path, model: onnx.ModelProto, tensors: _Tensors) -> Model:
    graph = model.graph
    notes: list[str] = []
    consts: dict[str, TensorRef] = {}
    for i, t in enumerate(graph.initializer):
        consts[t.name] = tensors.ref(t, ((7, 0), (5, i)), f"initializer {t.name!r}")
    consumers: dict[str, list[int]] = {}
    for j, node in enumerate(graph.node):
        for name in node.input:
            if name:
                consumers.setdefault(name, []).append(j)
    graph_outputs = {o.name for o in graph.output}

    def node_label(j: int, node: onnx.NodeProto) -> str:
        return repr(node.name) if node.name else f"#{j} {node.op_type}"

    # constants produced by nodes, in graph order (ONNX requires a topological order)
    for j, node in enumerate(graph.node):
        if not node.output:
            continue
        out = node.output[0]
        src = f"output of node {node_label(j, node)}"
        if node.op_type == "Constant":
            for k, a in enumerate(node.attribute):
                if a.name == "value" and a.HasField("t"):
                    consts[out] = tensors.ref(a.t, ((7, 0), (1, j), (5, k), (5, 0)), src)
                elif a.name in ("value_float", "value_floats", "value_int", "value_ints"):
                    v = onnx.helper.get_attribute_value(a)
                    consts[out] = TensorRef.of(np.asarray(v, dtype=np.float32 if "float" in a.name else np.int64), src)
        elif node.op_type == "ConstantOfShape" and node.input and node.input[0] in consts:
            try:
                shape = [int(d) for d in np.asarray(consts[node.input[0]].values()).ravel()]
            except ModelError as e:
                notes.append(f"node {node_label(j, node)}: shape unknown ({e})")
                continue
            value, dtype = 0.0, np.dtype(np.float32)
            for a in node.attribute:
                if a.name == "value" and a.HasField("t"):
                    v = numpy_helper.to_array(a.t)
                    value, dtype = (v.ravel()[0] if v.size else 0), v.dtype
            if any(d < 0 for d in shape):
                notes.append(f"node {node_label(j, node)}: negative shape {shape}")
                continue
            consts[out] = TensorRef.filled(shape, value, dtype, src)
        elif node.op_type == "Identity" and node.input and node.input[0] in consts:
            consts[out] = consts[node.input[0]]
        elif node.op_type == "Reshape" and len(node.input) > 1 and node.input[0] in consts \
                and node.input[1] in consts:
            base = consts[node.input[0]]
            try:
                target = [int(d) for d in np.asarray(consts[node.input[1]].values()).ravel()]
                new_shape = _reshape_to(base.shape, target)
            except (ModelError, ValueError) as e:
                notes.append(f"node {node_label(j, node)}: shape unknown ({e})")
                continue
            consts[out] = base.transformed(new_shape, reshaper(new_shape), src)
        elif node.op_type == "Transpose" and node.input and node.input[0] in consts:
            base = consts[node.input[0]]
            perm = _attr(node, "perm") or list(range(len(base.shape)))[::-1]
            if sorted(perm) == list(range(len(base.shape))):
                consts[out] = base.transformed(tuple(base.shape[k] for k in perm), transposer(perm), src)

    layers: list[Layer] = []
    for j, node in enumerate(graph.node):
        layer = Layer(name=node.name, op_type=node.op_type, index=j, framework="onnx",
                      inputs=tuple(node.input), outputs=tuple(node.output), unnamed=not node.name)
        _describe(layer, node, consts)
        if node.op_type in _BN_FUSIONS and len(node.output) == 1:
            users = consumers.get(node.output[0], [])
            if len(users) == 1 and node.output[0] not in graph_outputs:
                bn = graph.node[users[0]]
                if bn.op_type == "BatchNormalization" and len(bn.input) >= 5 and bn.input[0] == node.output[0]:
                    layer.fusions.append(BatchNormFold(
                        (bn.name or f"#{users[0]} BatchNormalization",),
                        var=consts.get(bn.input[4]), gamma=consts.get(bn.input[1]),
                        eps=float(_attr(bn, "epsilon", 1e-5)), pattern=PATTERNS[_BN_FUSIONS[node.op_type]]))
        layers.append(layer)
    _rnn_limits(graph, layers)
    _shared_weights(layers)
    initializers = {t.name for t in graph.initializer}
    inputs = [i.name for i in graph.input if i.name and i.name not in initializers]
    return Model(path, "onnx", layers, format="onnx", notes=notes, name=graph.name, inputs=inputs)


#: the op types AMCT folds a following BatchNormalization into (`editor.models.fusion`)
_BN_FUSIONS = {"Conv": "onnx-conv-bn", "ConvTranspose": "onnx-convtranspose-bn"}
#: types whose weights AMCT quantizes, for the shared-weight check
_WEIGHTED = frozenset({"Conv", "ConvTranspose", "Gemm", "MatMul", "LSTM", "GRU"})
# AMCT's limits on recurrent layers (hicann/amct, amct_pytorch/classic/graph_based/common/utils/
# vars_util.py: LSTM_ATTRS_LIMIT_MAP, GRU_ATTRS_LIMIT_MAP; None: the attribute must not be set)
_RNN_ATTRS: dict[str, dict[str, object]] = {
    "LSTM": {"activation_alpha": None, "activation_beta": None, "activations": None, "clip": None,
             "direction": "forward", "input_forget": 0, "layout": 0},
    "GRU": {"activation_alpha": None, "activation_beta": None, "activations": None, "direction": "forward",
            "layout": 0},
}
_RNN_H, _LSTM_C, _LSTM_P = 5, 6, 7
_RNN_OUTPUTS = {"LSTM": 3, "GRU": 2}


def _rnn_limits(graph: onnx.GraphProto, layers: list[Layer]) -> None:
    """Mark the LSTM/GRU nodes AMCT does not quantize (``configuration/check.py`` of hicann/amct:
    ``check_lstm_limit``, ``check_gru_limit``): attributes off their limits, no initial_h (and
    for LSTM initial_c) computed from the graph's input, an LSTM peephole input P, fewer
    outputs, more than one direction, a GRU without linear_before_reset."""
    initializers = {t.name for t in graph.initializer}
    live = {i.name for i in graph.input if i.name not in initializers}
    for node in graph.node:
        if any(name in live for name in node.input if name):
            live.update(o for o in node.output if o)
    for layer, node in zip(layers, graph.node, strict=True):
        op = node.op_type
        if op not in _RNN_ATTRS or layer.restriction is not None:
            continue
        why = None
        for name, limit in _RNN_ATTRS[op].items():
            value = _attr(node, name)
            if value is None:
                continue
            if isinstance(value, bytes):
                value = value.decode("utf-8", "replace")
            if limit is None or value != limit:
                why = translate("models", "its attribute {name} is {value} (AMCT quantizes {op} only with {limit})").format(
                    name=name, value=value, op=op,
                    limit=translate("models", "{name} unset").format(name=name) if limit is None else f"{name} = {limit}")
                break
        inputs = list(node.input) + [""] * 8
        if why is None and inputs[_RNN_H] not in live:
            why = translate("models", "its initial_h (input 5) is not computed from the graph's input")
        if why is None and op == "LSTM" and inputs[_LSTM_C] not in live:
            why = translate("models", "its initial_c (input 6) is not computed from the graph's input")
        if why is None and op == "LSTM" and inputs[_LSTM_P]:
            why = translate("models", "it has a peephole input P (input 7)")
        if why is None and len(node.output) < _RNN_OUTPUTS[op]:
            why = translate("models", "it has {count} outputs, AMCT needs {needed}").format(
                count=len(node.output), needed=_RNN_OUTPUTS[op])
        if why is None and layer.weight is not None and layer.weight.shape and layer.weight.shape[0] != 1:
            why = translate("models", "it runs in {count} directions (AMCT quantizes one)").format(
                count=layer.weight.shape[0])
        if why is None and op == "GRU" and not _attr(node, "linear_before_reset", 0):
            why = translate("models", "linear_before_reset is 0 (AMCT quantizes GRU only with linear_before_reset = 1)")
        if why is not None:
            layer.restriction = why


def _shared_weights(layers: list[Layer]) -> None:
    """AMCT quantizes no layer whose weight tensor another layer uses too (``check_shared_weight``,
    and a module called twice is marked ``is_reuse`` and left out: ``check_special_limit``)."""
    users: dict[int, list[Layer]] = {}
    for layer in layers:
        if layer.op_type in _WEIGHTED and layer.weight is not None:
            users.setdefault(id(layer.weight), []).append(layer)
    for group in users.values():
        if len(group) < 2:
            continue
        for layer in group:
            others = ", ".join(repr(o.label) for o in group if o is not layer)
            layer.restriction = layer.restriction or translate(
                "models", "its weights are shared with {others} (AMCT: 'Not support shared weight … do quant')").format(
                others=others)


def _kernel_limits(layer: Layer, node: onnx.NodeProto, rank: int) -> None:
    """AMCT quantizes 1-, 2- and 3-D convolutions only, and a 3-D one only with a depth
    dilation of 1 (``configuration/check.py`` of hicann/amct: ``check_kernel_shape`` with
    [1, 2, 3], ``check_dilation`` of Conv3d)."""
    if rank not in (1, 2, 3):
        layer.restriction = translate("models", "its kernel has {rank} dimensions (AMCT quantizes 1-, 2- and 3-D "
                                      "kernels)").format(rank=rank)
        return
    dilations = _attr(node, "dilations")
    if node.op_type == "Conv" and rank == 3 and dilations and dilations[0] != 1:
        layer.restriction = translate("models", "a 3-D convolution with depth dilation {dilation} (AMCT quantizes "
                                      "Conv3d only with dilation_d = 1)").format(dilation=dilations[0])


def _describe(layer: Layer, node: onnx.NodeProto, consts: dict[str, TensorRef]) -> None:
    """Channels, weight and layout of a node, from its op type and weight shape."""
    op = node.op_type
    w = consts.get(node.input[1]) if len(node.input) > 1 else None
    if op in ("Conv", "ConvTranspose"):
        group = int(_attr(node, "group", 1) or 1)
        layer.group = group
        layer.attrs = {k: _attr(node, k) for k in ("kernel_shape", "strides", "pads", "dilations")
                       if _attr(node, k) is not None}
        if w is None:
            layer.weight_note = translate("models", "the weight of {label} is not a constant of the model").format(label=layer.label)
            return
        layer.weight = w
        shape = w.shape
        if len(shape) < 3:
            layer.weight_note = translate("models", "the weight of {label} has shape {shape}, not N-D").format(
                label=layer.label, shape=list(shape))
            layer.weight = None
            return
        _kernel_limits(layer, node, len(shape) - 2)
        if op == "Conv":
            layer.out_channels, layer.in_channels = shape[0], shape[1] * group
            layer.to_rows = lambda a, m=shape[0]: a.reshape(m, -1)
            layer.in_axis, layer.grouped_in = 1, True
        else:
            layer.out_channels, layer.in_channels = shape[1] * group, shape[0]
            layer.in_axis = 0
            if group > 0 and shape[0] % group == 0:
                layer.to_rows = lambda a, g=group, s=shape: (
                    a.reshape(g, s[0] // g, s[1], -1).transpose(0, 2, 1, 3).reshape(g * s[1], -1))
    elif op == "Gemm":
        if _attr(node, "transA", 0):
            layer.restriction = translate("models", "transA is set (AMCT quantizes Gemm only with transpose_a = false)")
        if w is None:
            layer.weight_note = translate("models", "the weight of {label} is not a constant of the model").format(label=layer.label)
            return
        layer.weight = w
        if len(w.shape) != 2:
            return
        trans_b = bool(_attr(node, "transB", 0))
        n, k = (w.shape[0], w.shape[1]) if trans_b else (w.shape[1], w.shape[0])
        layer.out_channels, layer.in_channels = n, k
        layer.to_rows = (lambda a: a) if trans_b else (lambda a: a.T)
        layer.in_axis = 1 if trans_b else 0
    elif op == "MatMul":
        if w is None or len(w.shape) != 2:
            layer.restriction = translate("models", "its second input is not a 2-D constant (AMCT quantizes MatMul only "
                                          "with one)")
            return
        layer.weight = w
        layer.out_channels, layer.in_channels = w.shape[1], w.shape[0]
        layer.to_rows = lambda a: a.T
        layer.in_axis = 0
    elif op in ("LSTM", "GRU"):
        if w is None:
            layer.weight_note = translate("models", "the weight of {label} is not a constant of the model").format(label=layer.label)
            return
        layer.weight = w
        if len(w.shape) == 3:
            layer.out_channels, layer.in_channels = w.shape[1], w.shape[2]
            layer.to_rows = lambda a, n=w.shape[1]: a.transpose(1, 0, 2).reshape(n, -1)
    elif op == "BatchNormalization":
        scale = consts.get(node.input[1]) if len(node.input) > 1 else None
        if scale is not None and len(scale.shape) == 1:
            layer.out_channels = layer.in_channels = scale.shape[0]
