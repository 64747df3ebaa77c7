"""A network model attached to a record, framework-neutral: its layers by name, what AMCT can
quantize among them, their channel counts and (lazily) their weights. No Qt here.

The readers (`onnx_reader`, `caffe_reader`, `tf_reader`) build a `Model`; the record rules
and the weights review (`weights`) read it. A key of a record names a layer (an ONNX node, a
Caffe layer, a TensorFlow node); ``layer:input_index`` keys name one input tensor of a node.

What AMCT quantizes, per framework (`QUANTIZABLE`): from AMCT's capacity table
(``amct_pytorch/classic/graph_based/amct_pytorch/capacity/capacity_config.csv`` in
``hicann/amct``: QUANTIZABLE_ONNX_TYPES, CHANNEL_WISE_ONNX_TYPES, RNN types for INT16) for
ONNX (and so the PyTorch flavour, whose keys name nodes of the ONNX model AMCT exports), and
from the "layers that support quantization" table of the Ascend documentation for Caffe and
TensorFlow (whose AMCT is not open source). A type quantized only as a tensor (activations,
no weights: average pooling, TF MaxPool/Add, Caffe Eltwise) is `ACTIVATION`; one whose
weights AMCT quantizes as well is `WEIGHTS`.
"""
from __future__ import annotations

import difflib
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, TypeAlias

import numpy as np
import numpy.typing as npt

from editor.i18n import translate

if TYPE_CHECKING:
    from editor.models.fusion import Fusion
    from editor.models.weights import Arq, ArqKey

#: progress(done, total) -> False to cancel (same contract as the record loader's)
Progress = Callable[[int, int], bool]
#: float32 arrays: a layer's weights as rows, the factors folded into them, scales — what
#: AMCT computes in
Float32Array: TypeAlias = npt.NDArray[np.float32]
#: a tensor's values as the model file holds them: of whatever numeric type the file says
TensorArray: TypeAlias = npt.NDArray[np.generic]

FRAMEWORKS = ("onnx", "caffe", "tensorflow")
FRAMEWORK_TITLES = {"onnx": "ONNX", "caffe": "Caffe", "tensorflow": "TensorFlow"}
#: the record dialects (names) of AMCT flavours that quantize a model of each framework, the
#: usual one first: an attached model tells which of them a record can be
FRAMEWORK_DIALECTS: dict[str, tuple[str, ...]] = {
    "onnx": ("pytorch", "onnx"), "caffe": ("caffe",), "tensorflow": ("tf-inner", "tf-convert")}

#: AMCT quantizes weights and activations / activations only
WEIGHTS, ACTIVATION = "weights", "activation"

QUANTIZABLE: dict[str, dict[str, str]] = {
    "onnx": {"Conv": WEIGHTS, "ConvTranspose": WEIGHTS, "Gemm": WEIGHTS, "MatMul": WEIGHTS,
             "LSTM": WEIGHTS, "GRU": WEIGHTS, "AveragePool": ACTIVATION},
    "tensorflow": {"Conv2D": WEIGHTS, "DepthwiseConv2dNative": WEIGHTS, "Conv2DBackpropInput": WEIGHTS,
                   "Conv3D": WEIGHTS, "MatMul": WEIGHTS, "BatchMatMulV2": WEIGHTS,
                   "AvgPool": ACTIVATION, "MaxPool": ACTIVATION, "Add": ACTIVATION, "AddV2": ACTIVATION},
    "caffe": {"Convolution": WEIGHTS, "Deconvolution": WEIGHTS, "InnerProduct": WEIGHTS,
              "Pooling": ACTIVATION, "Eltwise": ACTIVATION},
}

#: Types whose scale_w may be per output channel ("channel_wise"); the others take one value.
CHANNEL_WISE: dict[str, frozenset[str]] = {
    "onnx": frozenset({"Conv", "ConvTranspose", "LSTM", "GRU"}),
    # the documentation allows per-channel scale_w for these three only (not Conv3D)
    "tensorflow": frozenset({"Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput"}),
    "caffe": frozenset({"Convolution", "Deconvolution"}),
}

#: Per-tensor scale_w length of recurrent layers: one per gate weight (AMCT's RNN_TENSOR_NUM).
RNN_TENSORS = {"LSTM": 4, "GRU": 3}

_KINDS = {
    "conv": {"Conv", "ConvTranspose", "Conv2D", "DepthwiseConv2dNative", "Conv2DBackpropInput", "Conv3D",
             "Convolution", "Deconvolution"},
    "fc": {"Gemm", "MatMul", "BatchMatMul", "BatchMatMulV2", "InnerProduct"},
    "avgpool": {"AveragePool", "GlobalAveragePool", "AvgPool", "AvgPool3D"},
    "pool": {"MaxPool", "MaxPoolV2", "MaxPool3D", "GlobalMaxPool"},
    "rnn": {"LSTM", "GRU"},
    "batchnorm": {"BatchNormalization", "FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3",
                  "BatchNorm"},
}
_KIND_OF = {t: k for k, types in _KINDS.items() for t in types}


def op_kind(op_type: str) -> str:
    """conv, fc, avgpool, pool, rnn, batchnorm or other (the same words as the record rules)."""
    return _KIND_OF.get(op_type, "other")


class ModelError(Exception):
    """A model file that cannot be read; str() is ``FILE[:LINE[:COL]]: message``."""

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None,
                 line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}" if where else self.message


class NotCompared(ModelError):
    """A layer's weights cannot be prepared the way AMCT quantizes them: `reason` says why in
    words; `blocking` when AMCT itself stops on these weights (inf or nan in them), rather
    than the editor lacking something (no weights, a fusion it cannot compute)."""

    def __init__(self, reason: str, *, blocking: bool = False):
        super().__init__(translate("models", "not compared: {reason}").format(reason=reason))
        self.reason = reason
        self.blocking = blocking


class LoadCancelled(Exception):
    """A progress callback asked to stop reading the model."""


# --- files and sizes ----------------------------------------------------------------------

#: The most values the editor reads into memory for one tensor (a layer's weights, a
#: BatchNorm's variances): 2^28, 1 GiB as float32. The weights review holds a few arrays of
#: this size at once (the rows, the folded rows); a larger tensor is not compared, and a
#: tensor of one repeated value (`TensorRef.fill`) is never materialised at all.
MAX_TENSOR_VALUES = 1 << 28
#: The most values a tensor's shape may declare at all (2^40): beyond it a shape is not a
#: tensor any file or memory holds, and sizes computed from it would overflow int64.
MAX_DECLARED_VALUES = 1 << 40


def describe_bytes(n: int) -> str:
    """``18.0 GiB``, ``600.0 MiB``, ``288 bytes``: a size for messages."""
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.1f} {unit}"
    return translate("models", "{count} bytes").format(count=n)


def limit_text() -> str:
    """The per-tensor limit in words, for messages."""
    return translate("models", "{count} values ({size} as float32)").format(
        count=f"{MAX_TENSOR_VALUES:,}", size=describe_bytes(MAX_TENSOR_VALUES * 4))


def checked_shape(dims: Iterable[int], what: str) -> tuple[int, ...]:
    """`dims` as a shape, or ModelError naming `what` when a dimension is negative or the
    shape declares more than `MAX_DECLARED_VALUES` values (checked before anything is
    allocated or multiplied in int64)."""
    shape = tuple(int(d) for d in dims)
    if any(d < 0 for d in shape):
        raise ModelError(translate("models", "{what} has the shape {shape}, with a negative dimension").format(
            what=what, shape=list(shape)))
    count = math.prod(shape)
    if count > MAX_DECLARED_VALUES:
        raise ModelError(translate("models", "{what} has the shape {shape}: {count} values, more than any tensor can "
                                   "hold (the editor reads shapes of at most 2^40 values)").format(
            what=what, shape=list(shape), count=f"{count:.3g}"))
    return shape


def open_regular(path: str | os.PathLike[str], what: str | None = None, *, follow_links: bool = True) -> BinaryIO:
    """`path` opened for reading in binary if it is a regular file, else ModelError.

    Opened without blocking and checked on the open descriptor: a FIFO, device or socket
    (or a link to one, such as ``/dev/zero``) is refused without waiting for a writer and
    without reading it, and nothing can swap the file between the check and the read.
    `follow_links` False refuses a symbolic link too (ONNX external data)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise ModelError(translate("models", "no such file"), path) from None
    except OSError as e:
        raise ModelError(translate("models", "cannot read the file: {reason}").format(reason=e.strerror or e), path) from None
    except ValueError:  # a NUL byte in the name
        raise ModelError(translate("models", "the file name contains a NUL byte"), what or repr(str(path))) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ModelError(translate("models", "is a directory, not a model file"), path)
        if not stat.S_ISREG(st.st_mode):
            raise ModelError(translate("models", "not a regular file (a pipe, device or socket cannot be read as a "
                                       "model)"), path)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


# --- tensors ------------------------------------------------------------------------------

class TensorRef:
    """A tensor of the model whose values are read only when asked for (`values`).

    `shape` and `dtype` are known up front; `values()` returns a numpy array of that shape
    (read from the file, filled from a constant or held in memory) or raises ModelError
    (unsupported data type, file changed since it was read, more values than
    `MAX_TENSOR_VALUES`). `fill` is the value of a tensor that is one value repeated (ONNX
    ConstantOfShape, a TensorFlow splat constant): its consumers can use it without
    materialising the tensor.
    """

    __slots__ = ("shape", "dtype", "_load", "source", "fill")

    def __init__(self, shape: Sequence[int], dtype: np.dtype[np.generic] | None, load: Callable[[], TensorArray],
                 source: str = "", fill: np.generic | None = None):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype
        self._load = load
        #: where the values come from, for messages: "initializer conv1.weight", "blob 0 of conv1"
        self.source = source
        self.fill = fill

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.size * (self.dtype.itemsize if self.dtype is not None else 0)

    def values(self) -> TensorArray:
        if self.size > MAX_TENSOR_VALUES:
            raise ModelError(translate("models", "{source} holds {count} values ({size} as float32), more than the "
                                       "{limit} the editor reads into memory for one tensor").format(
                source=self.source or translate("models", "a tensor"), count=f"{self.size:,}",
                size=describe_bytes(self.size * 4), limit=limit_text()))
        a = self._load()
        if a.size != self.size:
            raise ModelError(translate("models", "{source} holds {values} values, its shape {shape} needs {size}").format(
                source=self.source or translate("models", "a tensor"), values=f"{a.size:,}",
                shape=list(self.shape), size=f"{self.size:,}"))
        return a.reshape(self.shape)

    @classmethod
    def of(cls, array: TensorArray, source: str = "") -> TensorRef:
        """A tensor held in memory."""
        a = np.asarray(array)
        return cls(a.shape, a.dtype, constant_loader(a), source)

    @classmethod
    def filled(cls, shape: Sequence[int], value: float | np.generic, dtype: npt.DTypeLike = np.float32,
               source: str = "") -> TensorRef:
        """A tensor of one repeated value (ONNX ConstantOfShape, TF splat constants): `fill`
        tells it; `values()` materialises it only within `MAX_TENSOR_VALUES`."""
        dt: np.dtype[np.generic] = np.dtype(dtype)
        shp = tuple(int(d) for d in shape)
        v: np.generic = dt.type(value)
        return cls(shp, dt, lambda: np.full(shp, v, dtype=dt), source, fill=v)

    def transformed(self, shape: Sequence[int], fn: Callable[[TensorArray], TensorArray], source: str = "") -> TensorRef:
        """A lazy function of this tensor (a Transpose node in front of a weight). A reshape
        or transpose of one repeated value is that value again: `fill` carries over."""
        if self.fill is not None:
            assert self.dtype is not None
            return TensorRef.filled(shape, self.fill, self.dtype, source or self.source)
        return TensorRef(shape, self.dtype, lambda: fn(self.values()), source or self.source)

    def __repr__(self) -> str:
        return f"TensorRef({list(self.shape)}, {self.dtype}, {self.source!r})"


def constant_loader(a: TensorArray) -> Callable[[], TensorArray]:
    """A loader returning an array already in memory."""
    def load() -> TensorArray:
        return a
    return load


def reshaper(shape: Sequence[int]) -> Callable[[TensorArray], TensorArray]:
    """A function reshaping an array to `shape` (for `TensorRef.transformed`)."""
    target = tuple(shape)

    def fn(a: TensorArray) -> TensorArray:
        return a.reshape(target)
    return fn


def transposer(perm: Sequence[int]) -> Callable[[TensorArray], TensorArray]:
    """A function transposing an array by `perm`."""
    axes = tuple(perm)

    def fn(a: TensorArray) -> TensorArray:
        return np.transpose(a, axes)
    return fn


class FileSlice:
    """Reads one tensor's bytes from a model file on demand (the file is not kept open).

    The file's size and modification time are remembered when the model is read; a file that
    changed since then is refused rather than read at stale offsets. Only a regular file is
    read (`open_regular`), and a slice is checked against the file's size before anything is
    allocated for it.
    """

    def __init__(self, path: Path, stamp: tuple[int, int], *, follow_links: bool = True):
        self.path = path
        self.stamp = stamp
        self.follow_links = follow_links

    def check(self, offset: int, length: int, source: str) -> str | None:
        """Why the slice [offset, offset + length) cannot be in this file, or None."""
        size = self.stamp[0]
        if offset < 0 or length < 0:
            return translate("models", "{source}: a negative offset or length").format(source=source)
        if offset + length > size:
            return translate("models", "{source}: {length} bytes from offset {offset} run past the end of {file} "
                             "({size})").format(source=source, length=f"{length:,}", offset=f"{offset:,}",
                                                file=self.path.name, size=describe_bytes(size))
        return None

    def reader(self, offset: int, length: int, dtype: np.dtype[np.generic], source: str) -> Callable[[], TensorArray]:
        def read() -> TensorArray:
            problem = self.check(offset, length, source)
            if problem is not None:
                raise ModelError(problem, self.path)
            if length % dtype.itemsize:
                raise ModelError(translate("models", "{source}: {length} bytes are not a whole number of {type} values").format(
                    source=source, length=length, type=dtype), self.path)
            if length // dtype.itemsize > MAX_TENSOR_VALUES:
                raise ModelError(translate("models", "{source} holds {count} values, more than the {limit} the editor "
                                           "reads into memory for one tensor").format(
                    source=source, count=f"{length // dtype.itemsize:,}", limit=limit_text()), self.path)
            with open_regular(self.path, follow_links=self.follow_links) as f:
                st = os.fstat(f.fileno())
                if (st.st_size, st.st_mtime_ns) != self.stamp:
                    raise ModelError(translate("models", "the file changed on disk since the model was attached; "
                                               "attach it again"), self.path)
                try:
                    data = os.pread(f.fileno(), length, offset) if length else b""
                except OSError as e:
                    raise ModelError(translate("models", "cannot read {source}: {reason}").format(
                        source=source, reason=e.strerror or e), self.path) from None
            if len(data) != length:
                raise ModelError(translate("models", "{source}: the file ends early").format(source=source), self.path)
            return np.frombuffer(data, dtype=dtype)
        return read


def file_stamp(path: str | os.PathLike[str]) -> tuple[int, int]:
    """(size, modification time in ns) of a file (OSError if it cannot be stat'ed)."""
    st = os.stat(path)
    return st.st_size, st.st_mtime_ns


# --- layers -------------------------------------------------------------------------------

@dataclass(eq=False)
class Layer:
    """One layer (node) of a model, with what the record rules need to know about it.

    `out_channels` is the per-channel scale_w length AMCT expects when it quantizes the layer
    channel-wise (Conv: weight dim 0; ConvTranspose: dim 1 × group; TF depthwise: in ×
    multiplier; LSTM/GRU: weight dim 1); `in_channels` the tensor_balance_factor length.
    `input_shape` is the (C, H, W) of the layer's first input where the reader knows it
    (Caffe's shape propagation). `weight` is the weight tensor (None when the layer has none
    or the model carries no weights); `weight_shape` is known even then where the definition
    implies it.
    """

    name: str
    op_type: str
    index: int
    framework: str
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()
    out_channels: int | None = None
    in_channels: int | None = None
    group: int = 1
    input_shape: tuple[int, ...] | None = None
    output_shape: tuple[int, ...] | None = None
    weight: TensorRef | None = None
    declared_weight_shape: tuple[int, ...] | None = None
    #: rearranges the weight into (out_channels, -1) rows, AMCT's channel-first layout
    to_rows: Callable[[Float32Array], Float32Array] | None = field(default=None, repr=False)
    #: what AMCT folds into the weights before quantizing them (`editor.models.fusion`)
    fusions: list[Fusion] = field(default_factory=list)
    #: how to tell each weight element's input channel (see `input_channels`): the weight's
    #: axis of input channels, and whether it holds only a group's share of them (a grouped
    #: Conv's (out, in / group, …) weight)
    in_axis: int | None = None
    grouped_in: bool = False
    #: kind of op where the framework's type name does not tell (Caffe Pooling: AVE or MAX)
    kind_override: str | None = None
    attrs: dict[str, object] = field(default_factory=dict)
    #: the model gives the node no name (ONNX allows it): no key can name it
    unnamed: bool = False
    #: why the weight is unavailable although the layer has one (unsupported data type, …)
    weight_note: str | None = None
    #: an AMCT restriction this layer breaks, making a quantizable type unquantizable here
    #: ("transpose_a is set", "pool: STOCHASTIC")
    restriction: str | None = None
    #: what AMCT quantizes where the type alone does not tell (a BatchMatMulV2 of two tensors)
    quant_override: str | None = None
    #: a doubt about AMCT quantizing this layer that its documentation leaves open (a warning)
    caution: str | None = None

    @property
    def fold(self) -> Fusion | None:
        """The first fusion folded into the layer's output channels (a BatchNorm after it), if any."""
        return next((f for f in self.fusions if f.side == "output"), None)

    @property
    def kind(self) -> str:
        return self.kind_override or op_kind(self.op_type)

    @property
    def label(self) -> str:
        """The name, or ``#index op_type`` for an unnamed node."""
        return self.name if not self.unnamed else f"#{self.index} {self.op_type}"

    @property
    def quant(self) -> str | None:
        """`WEIGHTS`, `ACTIVATION` or None: what AMCT quantizes in a layer of this type."""
        if self.restriction is not None:
            return None
        if self.quant_override is not None:
            return self.quant_override
        return QUANTIZABLE.get(self.framework, {}).get(self.op_type)

    @property
    def quantizable(self) -> bool:
        return self.quant is not None

    @property
    def takes_weights(self) -> bool:
        return self.quant == WEIGHTS

    @property
    def channel_wise(self) -> bool:
        """AMCT accepts a per-output-channel scale_w for this layer's type."""
        return self.op_type in CHANNEL_WISE.get(self.framework, frozenset())

    @property
    def per_tensor_length(self) -> int:
        return RNN_TENSORS.get(self.op_type, 1)

    def expected_scale_w_length(self, length: int) -> tuple[int | None, bool]:
        """(the length AMCT expects for a scale_w of `length` values, channel_wise) — AMCT's
        ``adjust_scale_offset_shiftn``: one value is per-tensor; more is channel-wise (except
        an RNN's one-per-gate), which only channel-wise types allow. None when the channel
        count is unknown."""
        if length == 1 or (self.op_type in RNN_TENSORS and length == self.per_tensor_length):
            return self.per_tensor_length, False
        if self.channel_wise:
            return self.out_channels, True
        return self.per_tensor_length, True

    @property
    def weight_shape(self) -> tuple[int, ...] | None:
        if self.weight is not None:
            return self.weight.shape
        return self.declared_weight_shape

    @property
    def has_weight_values(self) -> bool:
        return self.weight is not None and self.to_rows is not None

    def weight_rows(self, *, compact: bool = False) -> Float32Array:
        """The weights as float32 rows, one per output channel (ModelError if unavailable).

        `compact`: weights of one repeated value (`TensorRef.fill`) come as one column per
        output channel instead (every row of the full array holds that value only), so a
        review that needs each row's extremes never materialises them."""
        if self.weight is None or self.to_rows is None:
            raise ModelError(self.weight_note or translate("models", "layer {label} has no weights in the model").format(
                label=self.label))
        fill = self.weight.fill
        dtype = self.weight.dtype
        if compact and fill is not None and dtype is not None and dtype.kind in "fiu" and self.out_channels \
                and self.weight.size % self.out_channels == 0:
            if self.out_channels > MAX_TENSOR_VALUES:
                raise ModelError(translate("models", "layer {label} has {count} output channels, more than the {limit} "
                                           "the editor reads into memory for one tensor").format(
                    label=self.label, count=f"{self.out_channels:,}", limit=limit_text()))
            return np.full((self.out_channels, 1 if self.weight.size else 0), fill, dtype=np.float32)
        w = self.weight.values()
        if w.dtype.kind not in "fiu":
            raise ModelError(translate("models", "layer {label}: weights of type {type} are not supported").format(
                label=self.label, type=w.dtype))
        rows = self.to_rows(np.asarray(w, dtype=np.float32))
        return np.ascontiguousarray(rows, dtype=np.float32)

    def per_input_channel(self, values: npt.ArrayLike) -> Float32Array:
        """`values` (one per input channel) laid out as `weight_rows()`: each element of the
        weights gets the value of the input channel it multiplies (float32, the rows' shape).
        A grouped weight (out, in / group, …) holds each group's own share of the input
        channels (AMCT's ``adjust_conv_weight_shape``). Built from a small broadcast array, so
        it costs one array the size of the weights."""
        if self.weight is None or self.to_rows is None or self.in_axis is None:
            raise ModelError(translate("models", "layer {label}: the input channels of its weights are not known").format(
                label=self.label))
        shape = self.weight.shape
        axis = self.in_axis
        along = np.arange(shape[axis], dtype=np.int64)
        if self.grouped_in and axis == 1 and self.group > 1:
            per_group = shape[0] // self.group
            group_of = np.arange(shape[0], dtype=np.int64) // max(per_group, 1)
            index = group_of[:, None] * shape[1] + along[None, :]
            index = index.reshape(index.shape + (1,) * (len(shape) - 2))
        else:
            index = along.reshape((1,) * axis + (-1,) + (1,) * (len(shape) - axis - 1))
        compact = np.asarray(values, dtype=np.float32)[index]
        return np.ascontiguousarray(self.to_rows(np.broadcast_to(compact, shape)), dtype=np.float32)

    def describe(self) -> str:
        """``Convolution, 64 → 256 channels`` — the type and channel counts, for messages."""
        parts = [self.op_type]
        if self.in_channels is not None and self.out_channels is not None:
            parts.append(translate("models", "{inputs} → {outputs} channels").format(
                inputs=self.in_channels, outputs=self.out_channels))
        elif self.out_channels is not None:
            parts.append(translate("models", "{count} output channels").format(count=self.out_channels))
        return translate("models", ", ").join(parts)


_TENSOR_KEY = re.compile(r"^(.+):(\d+)$")


def module_of_node(name: str) -> str | None:
    """The PyTorch module name a ``torch.onnx.export`` node name carries, or None.

    The exporter names a node by its module scopes and op type: ``/layer1/layer1.0/conv1/Conv``
    for module ``layer1.0.conv1`` — each scope is the module's attribute name, a child of a
    container written with its parent's name in front (``layer1.0``); the last segment is
    the op type (``Conv``, ``Conv_1`` for a second one in the scope)."""
    if not name.startswith("/") or name.count("/") < 2:
        return None
    scopes = name[1:].split("/")[:-1]
    if not scopes or any(not s for s in scopes):
        return None
    parts: list[str] = []
    previous = None
    for scope in scopes:
        if previous is not None and scope.startswith(previous + "."):
            parts.append(scope[len(previous) + 1:])
        else:
            parts.append(scope)
        previous = scope
    return ".".join(parts)


class Model:
    """A model file read for cross-checking records: layers in file order, by name.

    `framework` is one of FRAMEWORKS; `path` the model file, `weights_path` the separate
    weights file (Caffe's .caffemodel) if any. `notes` are things the reader noticed but
    could live with (a layer whose output shape it could not compute, …); `inputs` the
    network's input tensors, where the reader knows them.
    """

    def __init__(self, path: str | os.PathLike[str], framework: str, layers: Iterable[Layer], *,
                 weights_path: str | os.PathLike[str] | None = None, format: str = "",
                 notes: Iterable[str] = (), name: str = "", inputs: Iterable[str] = ()):
        self.path = Path(path)
        self.framework = framework
        self.weights_path = Path(weights_path) if weights_path is not None else None
        self.format = format
        self.name = name
        self.layers: list[Layer] = list(layers)
        self.notes: list[str] = list(notes)
        #: the network's input tensors where the reader knows them (ONNX graph inputs that are
        #: not initializers); empty: any tensor no layer writes is an input
        self.inputs: tuple[str, ...] = tuple(inputs)
        self.by_name: dict[str, Layer] = {}
        for layer in self.layers:
            if not layer.unnamed:
                self.by_name.setdefault(layer.name, layer)
        self._names_sorted: list[str] | None = None
        self._modules: dict[str, Layer] | None = None
        #: AMCT's ARQ of each layer's weights per setting, filled by the weights review
        #: (`editor.models.weights.layer_arq`, `editor.records.model_review`): weights are
        #: read once per setting
        self._arq_cache: dict[ArqKey, Arq] = {}

    @property
    def title(self) -> str:
        return FRAMEWORK_TITLES.get(self.framework, self.framework)

    @property
    def has_weights(self) -> bool:
        """At least one quantizable layer's weight values are available."""
        return any(layer.has_weight_values for layer in self.layers if layer.takes_weights)

    def layer(self, name: str) -> Layer | None:
        return self.by_name.get(name)

    def find(self, key: str | None) -> tuple[Layer | None, int | None]:
        """The layer a record key names and, for a ``layer:input_index`` key, the index.

        A key that is itself a layer name wins over the ``name:index`` reading (TensorFlow
        tensor names look alike), as AMCT's own lookup tries the whole key first. Then, in an
        ONNX model, a PyTorch module name (``layer1.0.conv1``) names the node a plain
        ``torch.onnx.export`` made of that module (``/layer1/layer1.0/conv1/Conv``,
        `module_nodes`): AMCT PyTorch keys its records by module name.
        """
        if not key:
            return None, None
        layer = self.by_name.get(key)
        if layer is not None:
            return layer, None
        m = _TENSOR_KEY.match(key)
        if m is not None:
            found = self.by_name.get(m.group(1))
            if found is None:
                found = self.module_nodes().get(m.group(1))
            return found, int(m.group(2))
        return self.module_nodes().get(key), None

    def module_nodes(self) -> dict[str, Layer]:
        """PyTorch module name → the node ``torch.onnx.export`` made of it, for the nodes of an
        ONNX model named by their scope path (``/layer1/layer1.0/conv1/Conv``). A module that
        made several nodes names the first whose type AMCT quantizes (else the first)."""
        if self._modules is None:
            found: dict[str, Layer] = {}
            if self.framework == "onnx":
                for layer in self.layers:
                    module = module_of_node(layer.name)
                    if module is None or module in self.by_name:
                        continue
                    held = found.get(module)
                    if held is None or (not held.quantizable and layer.quantizable):
                        found[module] = layer
            self._modules = found
        return self._modules

    def quantizable_layers(self, *, weighted_only: bool = False) -> list[Layer]:
        """Named layers AMCT can quantize, in model order."""
        return [layer for layer in self.layers if not layer.unnamed and layer.quantizable
                and (layer.takes_weights or not weighted_only)]

    def closest_names(self, name: str, n: int = 3) -> list[str]:
        """Layer names most like `name` (for "did you mean"), best first."""
        if not name:
            return []
        names = list(self.by_name)
        close = difflib.get_close_matches(name, names, n=n, cutoff=0.6)
        if close:
            return close
        # a key from another export of the same net often differs by a prefix or suffix
        low = name.lower()
        leaf = re.split(r"[/.:]", low.rstrip("/"))[-1]
        return [c for c in names if leaf and leaf in c.lower()][:n]

    def counts(self) -> dict[str, int]:
        """Layer counts for summaries: all, named quantizable, with weights available."""
        q = self.quantizable_layers()
        return {"layers": len(self.layers), "quantizable": len(q),
                "weighted": sum(layer.takes_weights for layer in q),
                "with_weights": sum(layer.has_weight_values for layer in q if layer.takes_weights)}

    def __repr__(self) -> str:
        return f"Model({str(self.path)!r}, {self.framework}, {len(self.layers)} layers)"
