"""ONNX models (``.onnx``): nodes by name, op type, weights, ``group`` — also the PyTorch
flavour's models, whose record keys name nodes of the ONNX graph AMCT exports.

The file is read with `_wire` so weight data stays on disk: the model's structure is parsed
with the project's own schema (``proto/models/onnx_model.proto``: the onnx package is not
imported, so attaching a model costs no ``import onnx`` while the window waits) from a
skeleton without the big tensor payloads (``raw_data``, ``float_data``, ``double_data`` of
initializers and Constant nodes), and each weight is a `TensorRef` that reads its bytes when
asked. Weights may also be produced by ``Constant`` nodes, ``ConstantOfShape`` (shape known,
one repeated value — the onnx package's ``light_*`` models — never materialised),
``Identity``, ``Reshape`` or ``Transpose`` of those, or live in external data files in the
model's folder. Only the main graph's nodes are layers: the bodies of ``If``/``Loop``/``Scan``
nodes are not read (their nodes are not offered as layers). A node without a name is a layer
no key can name (`Layer.unnamed`).

A file that breaks the format is refused when it is read (`ModelError` naming the node or
tensor): a tensor whose data does not match its shape, external data the onnx package would
not read either (outside the model's folder, a link, not a regular file, past the file's
end), an attribute of the wrong type, a ``group`` that does not divide the channels, a
weight with a zero-sized dimension.
"""
from __future__ import annotations

import math
import os
import stat
from collections.abc import Callable
from pathlib import Path

import numpy as np
from google.protobuf.message import DecodeError

from editor.i18n import translate
from editor.models import _wire
from editor.models._pb import onnx_model_pb2 as pb
from editor.models.base import (
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
    reshaper,
    transposer,
)
from editor.models.fusion import PATTERNS, BatchNormFold, BiasOnly, NotComputed

_T = pb.TensorProto
_A = pb.AttributeProto
# dtypes readable straight from raw bytes (little-endian, as ONNX stores them)
_RAW_DTYPES: dict[int, np.dtype[np.generic]] = {
    _T.FLOAT: np.dtype("<f4"), _T.DOUBLE: np.dtype("<f8"), _T.FLOAT16: np.dtype("<f2"),
    _T.INT8: np.dtype("i1"), _T.UINT8: np.dtype("u1"), _T.INT16: np.dtype("<i2"), _T.UINT16: np.dtype("<u2"),
    _T.INT32: np.dtype("<i4"), _T.UINT32: np.dtype("<u4"), _T.INT64: np.dtype("<i8"), _T.UINT64: np.dtype("<u8"),
    _T.BOOL: np.dtype("u1"), _T.BFLOAT16: np.dtype("<u2"),
}
# where a tensor without raw_data keeps its values, per type (onnx.proto's comments on each
# field): 16-bit floats as their bit patterns in int32_data
_TYPED_FIELD: dict[int, str] = {
    _T.FLOAT: "float_data", _T.DOUBLE: "double_data", _T.INT64: "int64_data",
    _T.UINT32: "uint64_data", _T.UINT64: "uint64_data",
    _T.INT32: "int32_data", _T.INT16: "int32_data", _T.INT8: "int32_data", _T.UINT16: "int32_data",
    _T.UINT8: "int32_data", _T.BOOL: "int32_data", _T.FLOAT16: "int32_data", _T.BFLOAT16: "int32_data",
}
_PAYLOAD_DTYPES: dict[int, np.dtype[np.generic] | None] = {9: None, 4: np.dtype("<f4"), 10: np.dtype("<f8")}  # raw_data, float_data, double_data

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


def _bfloat16_to_f32(a: TensorArray) -> Float32Array:
    return (a.astype(np.uint32) << 16).view(np.float32)


def _typed_values(t: pb.TensorProto, source: str) -> TensorArray:
    """The values of a tensor held in its typed field (float_data, int32_data, …), as the
    onnx package's ``to_array`` reads them (16-bit floats from their bit patterns)."""
    dt = t.data_type
    values = getattr(t, _TYPED_FIELD[dt])
    if dt == _T.FLOAT16:
        return np.asarray(values, dtype=np.int64).astype(np.uint16).view(np.float16)
    if dt == _T.BFLOAT16:
        return _bfloat16_to_f32(np.asarray(values, dtype=np.int64).astype(np.uint16))
    if dt == _T.BOOL:
        return np.asarray(values, dtype=np.int64).astype(bool)
    target = _RAW_DTYPES[dt].newbyteorder("=")
    try:
        return np.asarray(values).astype(target, casting="unsafe") if len(values) else np.zeros(0, target)
    except (OverflowError, ValueError):
        raise ModelError(translate("models", "{source}: values out of the range of {type}").format(
            source=source, type=_dtype_name(dt))) from None


def _attr_problem(node_label: str, a: pb.AttributeProto, wanted: str) -> ModelError:
    got = _A.AttributeType.Name(a.type) if a.type in _A.AttributeType.values() else str(a.type)
    return ModelError(translate("models", "node {node}: attribute {name} is of type {got}, {wanted} expected").format(
        node=node_label, name=a.name, got=got, wanted=wanted))


class _Attrs:
    """A node's attributes by name, each read as the type its use needs: a value of another
    type is a ModelError naming the node (the onnx package raises ValueError or TypeError)."""

    def __init__(self, node: pb.NodeProto, label: str):
        self.label = label
        self.by_name = {a.name: a for a in node.attribute}

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def get_int(self, name: str, default: int | None = None) -> int | None:
        a = self.by_name.get(name)
        if a is None:
            return default
        if a.type != _A.INT:
            raise _attr_problem(self.label, a, "INT")
        return int(a.i)

    def get_float(self, name: str, default: float) -> float:
        a = self.by_name.get(name)
        if a is None:
            return default
        if a.type != _A.FLOAT:
            raise _attr_problem(self.label, a, "FLOAT")
        return float(a.f)

    def get_ints(self, name: str) -> list[int] | None:
        a = self.by_name.get(name)
        if a is None:
            return None
        if a.type != _A.INTS:
            raise _attr_problem(self.label, a, "INTS")
        return [int(x) for x in a.ints]

    def value(self, name: str) -> float | int | bytes | list[float] | list[int] | list[bytes] | None:
        """The attribute's value by its declared type (None: absent or a type not read here)."""
        a = self.by_name.get(name)
        if a is None:
            return None
        if a.type == _A.FLOAT:
            return float(a.f)
        if a.type == _A.INT:
            return int(a.i)
        if a.type == _A.STRING:
            return bytes(a.s)
        if a.type == _A.FLOATS:
            return list(a.floats)
        if a.type == _A.INTS:
            return list(a.ints)
        if a.type == _A.STRINGS:
            return list(a.strings)
        return None


def _inside(base: Path, location: str) -> bool:
    """`location` (relative, either slash) stays inside `base` when its ``..`` are resolved:
    the onnx package's rule for external data."""
    depth = 0
    for part in location.replace("\\", "/").split("/"):
        if part == "..":
            depth -= 1
            if depth < 0:
                return False
        elif part not in ("", "."):
            depth += 1
    return True


class _Tensors:
    """Turns TensorProtos of this model into lazy `TensorRef`s, checking each against its
    shape before anything is read."""

    def __init__(self, path: Path, payloads: list[_wire.Payload]):
        self.path = path
        self.file = FileSlice(path, file_stamp(path))
        self.by_path: dict[_wire.Where, dict[int, _wire.Payload]] = {}
        for p in payloads:
            key = tuple((n, i) for n, i, _ in p.path)
            self.by_path.setdefault(key, {})[p.number] = p
        self._external: dict[Path, FileSlice] = {}

    def ref(self, t: pb.TensorProto, where: _wire.Where, source: str) -> TensorRef:
        shape = checked_shape(t.dims, source)
        size = math.prod(shape)
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
                if p.length != size * dtype.itemsize:
                    raise ModelError(translate("models", "{source}: {length} bytes of data for the {count} {type} values "
                                               "of its shape {shape} ({need} bytes)").format(
                        source=source, length=f"{p.length:,}", count=f"{size:,}", type=_dtype_name(t.data_type),
                        shape=list(shape), need=f"{size * dtype.itemsize:,}"), self.path)
                read = self.file.reader(p.offset, p.length, dtype, source)
                return self._typed(t, shape, dtype, read, source)
        if raw is None:
            return self._unsupported(t, shape, source)
        if t.HasField("raw_data"):
            data = bytes(t.raw_data)
            if len(data) != size * raw.itemsize:
                raise ModelError(translate("models", "{source}: {length} bytes of data for the {count} {type} values of "
                                           "its shape {shape} ({need} bytes)").format(
                    source=source, length=f"{len(data):,}", count=f"{size:,}", type=_dtype_name(t.data_type),
                    shape=list(shape), need=f"{size * raw.itemsize:,}"), self.path)
            def held(d: bytes = data, r: np.dtype[np.generic] = raw) -> TensorArray:
                return np.frombuffer(d, dtype=r)
            return self._typed(t, shape, raw, held, source)
        count = len(getattr(t, _TYPED_FIELD[t.data_type]))
        if count != size:
            raise ModelError(translate("models", "{source}: {count} values for its shape {shape} ({size} values)").format(
                source=source, count=f"{count:,}", shape=list(shape), size=f"{size:,}"), self.path)
        values = _typed_values(t, source)
        return TensorRef(shape, values.dtype, constant_loader(values), source)

    def _typed(self, t: pb.TensorProto, shape: tuple[int, ...], dtype: np.dtype[np.generic],
               read: Callable[[], TensorArray], source: str) -> TensorRef:
        if t.data_type == _T.BFLOAT16:
            return TensorRef(shape, np.dtype(np.float32), lambda: _bfloat16_to_f32(read()), source)
        if t.data_type == _T.BOOL:
            return TensorRef(shape, np.dtype(bool), lambda: read().astype(bool), source)
        return TensorRef(shape, dtype.newbyteorder("="), read, source)

    def _unsupported(self, t: pb.TensorProto, shape: tuple[int, ...], source: str) -> TensorRef:
        def fail() -> TensorArray:
            raise ModelError(translate("models", "{source}: tensors of type {type} are not supported").format(
                source=source, type=_dtype_name(t.data_type)))
        return TensorRef(shape, None, fail, source)

    def _external_ref(self, t: pb.TensorProto, shape: tuple[int, ...], dtype: np.dtype[np.generic] | None,
                      source: str) -> TensorRef:
        """External data, read as the onnx package would read it or refused as it refuses it:
        a relative location inside the model's folder, not a link, a regular file, offset
        and length whole numbers within the file."""
        info = {e.key: e.value for e in t.external_data}
        location = info.get("location", "")

        def refuse(why: str) -> ModelError:
            return ModelError(translate("models", "{source}: external data {location}: {why}").format(
                source=source, location=repr(location), why=why), self.path)

        if not location:
            raise refuse(translate("models", "no location"))
        if "\x00" in location:
            raise refuse(translate("models", "the location contains a NUL byte"))
        if location.startswith(("/", "\\")) or (len(location) > 1 and location[1] == ":") or not _inside(
                self.path.parent, location):
            raise refuse(translate("models", "not a file inside the model's folder (the onnx package refuses it too)"))
        target = self.path.parent / location.replace("\\", "/")
        try:
            st = os.lstat(target)
        except OSError as e:
            raise refuse(translate("models", "cannot read it: {reason}").format(reason=e.strerror or e)) from None
        if stat.S_ISLNK(st.st_mode):
            raise refuse(translate("models", "a symbolic link (the onnx package refuses it too)"))
        if not stat.S_ISREG(st.st_mode):
            raise refuse(translate("models", "not a regular file (a pipe, device or folder cannot hold tensor data)"))
        numbers: dict[str, int] = {}
        for key in ("offset", "length"):
            if key not in info:
                continue
            try:
                numbers[key] = int(info[key])
            except ValueError:
                raise refuse(translate("models", "its {key} {value} is not a whole number").format(
                    key=key, value=repr(info[key]))) from None
        offset, length = numbers.get("offset", 0), numbers.get("length")
        if dtype is None:
            return self._unsupported(t, shape, source)
        need = math.prod(shape) * dtype.itemsize
        if length is None:  # the rest of the file, as the onnx package reads it
            length = max(st.st_size - offset, 0)
        fs = self._external.get(target)
        if fs is None:
            fs = self._external[target] = FileSlice(target, (st.st_size, st.st_mtime_ns), follow_links=False)
        problem = fs.check(offset, length, source)
        if problem is not None:
            raise ModelError(problem, self.path)
        if length != need:
            raise refuse(translate("models", "{length} bytes for the {count} {type} values of its shape {shape} "
                                   "({need} bytes)").format(length=f"{length:,}", count=f"{math.prod(shape):,}",
                                                            type=_dtype_name(t.data_type), shape=list(shape),
                                                            need=f"{need:,}"))
        return self._typed(t, shape, dtype, fs.reader(offset, length, dtype, source), source)


def _reshape_to(shape: tuple[int, ...], target: list[int]) -> tuple[int, ...]:
    """ONNX Reshape's output shape: 0 copies the input's dimension, -1 is inferred."""
    out = [shape[i] if d == 0 and i < len(shape) else d for i, d in enumerate(target)]
    total = math.prod(shape)
    if out.count(-1) > 1 or any(d < -1 for d in out):
        raise ValueError(f"invalid Reshape target {target}")
    if -1 in out:
        known = math.prod(d for d in out if d != -1)
        if known == 0 or total % known:
            raise ValueError(f"cannot reshape {list(shape)} to {target}")
        out[out.index(-1)] = total // known
    if math.prod(out) != total:
        raise ValueError(f"cannot reshape {list(shape)} to {target}")
    return tuple(out)


#: the longest shape vector read from a constant (a Reshape target, a ConstantOfShape shape)
_MAX_RANK = 64


def _small_ints(ref: TensorRef, what: str) -> list[int]:
    """The values of a small integer constant (a shape vector); ModelError if it is not one."""
    if ref.size > _MAX_RANK:
        raise ModelError(translate("models", "{what} has {count} values, not a shape").format(what=what, count=f"{ref.size:,}"))
    a = np.asarray(ref.values()).ravel()
    if a.dtype.kind not in "iu":
        raise ModelError(translate("models", "{what} is of type {type}, not integers").format(what=what, type=a.dtype))
    return [int(d) for d in a]


def read_onnx(path: str | os.PathLike[str], progress: Progress | None = None) -> Model:
    """Read an ONNX model file; weights stay on disk until asked for."""
    p = Path(path)
    with open_regular(p) as f:
        try:
            skeleton, payloads = _wire.split_open(f, SPEC, progress)
        except _wire.Cancelled:
            raise LoadCancelled() from None
        except DecodeError as e:
            raise ModelError(translate("models", "not an ONNX model (binary protobuf expected): {error}").format(
                error=e), p) from None
        except OSError as e:
            raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e),
                             p) from None
    model = pb.ModelProto()
    try:
        model.ParseFromString(skeleton)
    except DecodeError as e:
        raise ModelError(translate("models", "not an ONNX model: {error}").format(error=e), p) from None
    if not model.HasField("graph") or not model.graph.node:
        raise ModelError(translate("models", "not an ONNX model: it has no graph nodes"), p)
    try:
        return _build(p, model, _Tensors(p, payloads))
    except ModelError as e:
        if e.path is None:
            e.path = str(p)
        raise


def _node_label(j: int, node: pb.NodeProto) -> str:
    return repr(node.name) if node.name else f"#{j} {node.op_type}"


def _node_consts(graph: pb.GraphProto, tensors: _Tensors, consts: dict[str, TensorRef], notes: list[str]) -> None:
    """The constants nodes produce (Constant, ConstantOfShape, Identity, Reshape, Transpose of
    constants), in graph order (ONNX requires a topological order), added to `consts`."""
    for j, node in enumerate(graph.node):
        if not node.output:
            continue
        out = node.output[0]
        label = _node_label(j, node)
        src = f"output of node {label}"
        op = node.op_type
        if op == "Constant":
            attrs = _Attrs(node, label)
            for k, a in enumerate(node.attribute):
                if a.name == "value":
                    if a.type != _A.TENSOR or not a.HasField("t"):
                        raise _attr_problem(label, a, "TENSOR")
                    consts[out] = tensors.ref(a.t, ((7, 0), (1, j), (5, k), (5, 0)), src)
                elif a.name in ("value_float", "value_int"):
                    v = attrs.get_float(a.name, 0.0) if a.name == "value_float" else attrs.get_int(a.name)
                    consts[out] = TensorRef.of(np.asarray(v, dtype=np.float32 if "float" in a.name else np.int64), src)
                elif a.name in ("value_floats", "value_ints"):
                    wanted, field = (_A.FLOATS, "floats") if a.name == "value_floats" else (_A.INTS, "ints")
                    if a.type != wanted:
                        raise _attr_problem(label, a, _A.AttributeType.Name(wanted))
                    consts[out] = TensorRef.of(np.asarray(list(getattr(a, field)),
                                                          dtype=np.float32 if "float" in a.name else np.int64), src)
        elif op == "ConstantOfShape" and node.input and node.input[0] in consts:
            try:
                dims = _small_ints(consts[node.input[0]], translate("models", "the shape of node {node}").format(node=label))
            except ModelError as e:
                notes.append(f"node {label}: shape unknown ({e.message})")
                continue
            shape = checked_shape(dims, translate("models", "node {node} (ConstantOfShape)").format(node=label))
            value: float | np.generic = 0.0
            dtype: np.dtype[np.generic] = np.dtype(np.float32)
            for k, a in enumerate(node.attribute):
                if a.name != "value":
                    continue
                if a.type != _A.TENSOR or not a.HasField("t"):
                    raise _attr_problem(label, a, "TENSOR")
                held = tensors.ref(a.t, ((7, 0), (1, j), (5, k), (5, 0)),
                                   translate("models", "the value of node {node}").format(node=label))
                if held.size != 1:
                    raise ModelError(translate("models", "node {node}: its value holds {count} values; ConstantOfShape "
                                               "takes one").format(node=label, count=f"{held.size:,}"))
                got = held.values().ravel()
                value, dtype = got[0], got.dtype
            consts[out] = TensorRef.filled(shape, value, dtype, src)
        elif op == "Identity" and node.input and node.input[0] in consts:
            consts[out] = consts[node.input[0]]
        elif op == "Reshape" and len(node.input) > 1 and node.input[0] in consts and node.input[1] in consts:
            base = consts[node.input[0]]
            try:
                target = _small_ints(consts[node.input[1]], translate("models", "the target shape of node {node}").format(
                    node=label))
                new_shape = _reshape_to(base.shape, target)
            except ModelError as e:
                notes.append(f"node {label}: shape unknown ({e.message})")
                continue
            except ValueError as e:
                notes.append(f"node {label}: shape unknown ({e})")
                continue
            consts[out] = base.transformed(new_shape, reshaper(new_shape), src)
        elif op == "Transpose" and node.input and node.input[0] in consts:
            base = consts[node.input[0]]
            perm = _Attrs(node, label).get_ints("perm") or list(range(len(base.shape)))[::-1]
            if sorted(perm) == list(range(len(base.shape))):
                consts[out] = base.transformed(tuple(base.shape[k] for k in perm), transposer(perm), src)


def _build(path: Path, model: pb.ModelProto, tensors: _Tensors) -> Model:
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
    _node_consts(graph, tensors, consts, notes)

    layers: list[Layer] = []
    for j, node in enumerate(graph.node):
        layer = Layer(name=node.name, op_type=node.op_type, index=j, framework="onnx",
                      inputs=tuple(node.input), outputs=tuple(node.output), unnamed=not node.name)
        _describe(layer, node, consts, _Attrs(node, _node_label(j, node)))
        if node.op_type in _BN_FUSIONS:
            _link_fusions(graph, node, layer, consumers, graph_outputs, consts)
        layers.append(layer)
    _rnn_limits(graph, layers)
    _shared_weights(layers)
    initializers = {t.name for t in graph.initializer}
    inputs = [i.name for i in graph.input if i.name and i.name not in initializers]
    return Model(path, "onnx", layers, format="onnx", notes=notes, name=graph.name, inputs=inputs)


def _link_fusions(graph: pb.GraphProto, node: pb.NodeProto, layer: Layer, consumers: dict[str, list[int]],
                  graph_outputs: set[str], consts: dict[str, TensorRef]) -> None:
    """The fusions AMCT documents for a Conv or ConvTranspose (`editor.models.fusion`): the
    BatchNormalization that alone reads its output, and after that BatchNormalization a Mul
    or Add by a constant (AMCT ONNX's BN+Mul and BN+Add: the Add changes only the bias; in
    which order the Mul joins the BatchNorm and the BatchNorm the weights is not documented,
    so a Mul leaves the layer not compared)."""

    def only_user(name: str) -> tuple[int, pb.NodeProto] | None:
        users = consumers.get(name, [])
        if len(users) != 1 or name in graph_outputs:
            return None
        return users[0], graph.node[users[0]]

    if len(node.output) != 1:
        return
    found = only_user(node.output[0])
    if found is None:
        return
    k, bn = found
    if bn.op_type != "BatchNormalization" or len(bn.input) < 5 or bn.input[0] != node.output[0]:
        return
    eps = _Attrs(bn, _node_label(k, bn)).get_float("epsilon", 1e-5)
    layer.fusions.append(BatchNormFold((bn.name or f"#{k} BatchNormalization",), var=consts.get(bn.input[4]),
                                       gamma=consts.get(bn.input[1]), eps=eps,
                                       pattern=PATTERNS[_BN_FUSIONS[node.op_type]]))
    after = bn
    for _ in range(4):  # a chain of Mul/Add by constants after the BatchNorm
        found = only_user(after.output[0]) if after.output else None
        if found is None:
            return
        k, op = found
        others = [x for x in op.input if x != after.output[0]]
        if op.op_type not in ("Mul", "Add") or len(op.input) != 2 or len(others) != 1 or others[0] not in consts:
            return
        name = (op.name or f"#{k} {op.op_type}",)
        if op.op_type == "Mul":
            layer.fusions.append(NotComputed(name, pattern=PATTERNS["onnx-bn-mul"], why=translate(
                "models", "AMCT ONNX folds a Mul by a constant after a BatchNormalization into its scale (BN+Mul); "
                "whether before or after Conv+BN, which decides whether the Mul reaches these weights, is not "
                "documented")))
            return
        layer.fusions.append(BiasOnly(name, pattern=PATTERNS["onnx-bn-add"]))
        after = op


#: the op types AMCT folds a following BatchNormalization into (`editor.models.fusion`)
_BN_FUSIONS = {"Conv": "onnx-conv-bn", "ConvTranspose": "onnx-convtranspose-bn"}
#: types whose weights AMCT quantizes, for the shared-weight check
_WEIGHTED = frozenset({"Conv", "ConvTranspose", "Gemm", "MatMul", "LSTM", "GRU"})
# AMCT's limits on recurrent layers (hicann/amct, amct_pytorch/classic/graph_based/common/utils/
# vars_util.py: LSTM_ATTRS_LIMIT_MAP, GRU_ATTRS_LIMIT_MAP; None: the attribute must not be set)
_RNN_ATTRS: dict[str, dict[str, str | int | None]] = {
    "LSTM": {"activation_alpha": None, "activation_beta": None, "activations": None, "clip": None,
             "direction": "forward", "input_forget": 0, "layout": 0},
    "GRU": {"activation_alpha": None, "activation_beta": None, "activations": None, "direction": "forward",
            "layout": 0},
}
_RNN_H, _LSTM_C, _LSTM_P = 5, 6, 7
_RNN_OUTPUTS = {"LSTM": 3, "GRU": 2}


def _rnn_limits(graph: pb.GraphProto, layers: list[Layer]) -> None:
    """Mark the LSTM/GRU nodes AMCT does not quantize (``configuration/check.py`` of hicann/amct:
    ``check_lstm_limit``, ``check_gru_limit``): attributes off their limits, no initial_h (and
    for LSTM initial_c) computed from the graph's input, an LSTM peephole input P, fewer
    outputs, more than one direction, a GRU without linear_before_reset."""
    initializers = {t.name for t in graph.initializer}
    live = {i.name for i in graph.input if i.name not in initializers}
    for node in graph.node:
        if any(name in live for name in node.input if name):
            live.update(o for o in node.output if o)
    for j, (layer, node) in enumerate(zip(layers, graph.node, strict=True)):
        op = node.op_type
        if op not in _RNN_ATTRS or layer.restriction is not None:
            continue
        attrs = _Attrs(node, _node_label(j, node))
        why = None
        for name, limit in _RNN_ATTRS[op].items():
            raw = attrs.value(name)
            if raw is None:
                continue
            value = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
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
        if why is None and op == "GRU" and not attrs.get_int("linear_before_reset", 0):
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


def _kernel_limits(layer: Layer, node: pb.NodeProto, attrs: _Attrs, rank: int) -> None:
    """AMCT quantizes 1-, 2- and 3-D convolutions only, and a 3-D one only with a depth
    dilation of 1 (``configuration/check.py`` of hicann/amct: ``check_kernel_shape`` with
    [1, 2, 3], ``check_dilation`` of Conv3d)."""
    if rank not in (1, 2, 3):
        layer.restriction = translate("models", "its kernel has {rank} dimensions (AMCT quantizes 1-, 2- and 3-D "
                                      "kernels)").format(rank=rank)
        return
    dilations = attrs.get_ints("dilations")
    if node.op_type == "Conv" and rank == 3 and dilations and dilations[0] != 1:
        layer.restriction = translate("models", "a 3-D convolution with depth dilation {dilation} (AMCT quantizes "
                                      "Conv3d only with dilation_d = 1)").format(dilation=dilations[0])


def _weight_problem(label: str, what: str, w: TensorRef) -> ModelError:
    return ModelError(translate("models", "node {node}: {what} has the shape {shape}, with a zero-sized dimension").format(
        node=label, what=what, shape=list(w.shape)))


def _describe(layer: Layer, node: pb.NodeProto, consts: dict[str, TensorRef], attrs: _Attrs) -> None:
    """Channels, weight and layout of a node, from its op type and weight shape (ModelError
    for attributes of the wrong type, a ``group`` the weight's channels do not allow, a weight
    with a zero-sized dimension)."""
    op = node.op_type
    w = consts.get(node.input[1]) if len(node.input) > 1 else None
    if op in _WEIGHTED and w is not None and 0 in w.shape:
        raise _weight_problem(attrs.label, translate("models", "its weight {source}").format(source=w.source), w)
    if op in ("Conv", "ConvTranspose"):
        group = attrs.get_int("group", 1)
        assert group is not None
        if group < 1:
            raise ModelError(translate("models", "node {node}: group is {group}; it must be at least 1").format(
                node=attrs.label, group=group))
        layer.group = group
        for key in ("kernel_shape", "strides", "pads", "dilations"):
            listed = attrs.get_ints(key)
            if listed is not None:
                layer.attrs[key] = listed
        if w is None:
            layer.weight_note = translate("models", "the weight of {label} is not a constant of the model").format(label=layer.label)
            return
        shape = w.shape
        if len(shape) < 3:
            layer.weight_note = translate("models", "the weight of {label} has shape {shape}, not N-D").format(
                label=layer.label, shape=list(shape))
            return
        divided = shape[0]  # Conv: output channels (out, in/g, …); ConvTranspose: input channels (in, out/g, …)
        if divided % group:
            raise ModelError(translate("models", "node {node}: group {group} does not divide the {count} {what} of its "
                                       "weight {shape}").format(
                node=attrs.label, group=group, count=divided, shape=list(shape),
                what=translate("models", "output channels") if op == "Conv" else translate("models", "input channels")))
        layer.weight = w
        _kernel_limits(layer, node, attrs, len(shape) - 2)
        if op == "Conv":
            layer.out_channels, layer.in_channels = shape[0], shape[1] * group
            layer.to_rows = lambda a, m=shape[0]: a.reshape(m, -1)
            layer.in_axis, layer.grouped_in = 1, True
        else:
            layer.out_channels, layer.in_channels = shape[1] * group, shape[0]
            layer.in_axis = 0
            layer.to_rows = lambda a, g=group, s=shape: (
                a.reshape(g, s[0] // g, s[1], -1).transpose(0, 2, 1, 3).reshape(g * s[1], -1))
    elif op == "Gemm":
        if attrs.get_int("transA", 0):
            layer.restriction = translate("models", "transA is set (AMCT quantizes Gemm only with transpose_a = false)")
        trans_b = bool(attrs.get_int("transB", 0))
        if w is None:
            layer.weight_note = translate("models", "the weight of {label} is not a constant of the model").format(label=layer.label)
            return
        layer.weight = w
        if len(w.shape) != 2:
            return
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
