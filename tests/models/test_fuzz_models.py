"""Differential fuzzing of the model readers: mutated real model files, each read by the editor
and by a reference parser, side by side.

Seeds: the onnx package's real ``light_*`` ONNX topologies and ONNX models with real weights
(embedded, and in an external data file), the real ResNet-101 Caffe definition (cut to its
first layers) and Caffe/TensorFlow models written here with weights big enough to be read
lazily from the file (no real frozen TensorFlow graph is bundled; these follow the layout of
one: Identity-read Consts, BiasAdd, FusedBatchNormV3, splat constants). Each seed is mutated
by a seeded mutator: bytes flipped, inserted, deleted, duplicated or cut, varints made huge,
and — through the schema — fields set to extreme or hostile values (shapes, types, groups,
external data locations naming a FIFO, a link to ``/dev/zero``, ``..``, a NUL byte).

For every input the editor either returns a model or raises ModelError naming the file —
never another exception — in bounded time and memory (the per-tensor limit is lowered to
2^20 values here, so a reader that allocated by a declared shape instead would show), and:

- a file protobuf itself refuses (the whole file parsed with the same schema; text with
  ``text_format.Merge``) is refused, a text one at Merge's line and column;
- where both read it, the layers are the reference's nodes (name, type, inputs), and every
  weight the editor reads lazily from the file equals the reference's (ONNX: the onnx
  package's ``numpy_helper.to_array``, which refuses what the editor must refuse too;
  Caffe: the blob parsed whole; TensorFlow: the same Const parsed whole, in memory);
- the weights review of every weighted layer gives weights or a "not compared" reason.

The seed is fixed so a failure reproduces; MODEL_FUZZ_SEED and MODEL_FUZZ_CASES in the
environment run other or more cases (the suite runs a few seconds' worth).
"""
from __future__ import annotations

import math
import os
import random
import time
import tracemalloc
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import pytest
from google.protobuf import text_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import DecodeError
from onnx import numpy_helper

from editor.models import ModelError, load_model, synth
from editor.models import base as model_base
from editor.models._pb import caffe_model_pb2 as caffe_pb
from editor.models._pb import onnx_model_pb2 as onnx_pb
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.models._text import MAX_DEPTH
from editor.models.prepare import prepare
from editor.records.messages import enum_type_of
from tests.models.conftest import RESNET101, light_models

SEED = int(os.environ.get("MODEL_FUZZ_SEED", "26"))
CASES = int(os.environ.get("MODEL_FUZZ_CASES", "80"))
#: one case in TRACED has its allocations traced (all of them: MODEL_FUZZ_TRACED=1)
TRACED = int(os.environ.get("MODEL_FUZZ_TRACED", "8"))
#: the per-tensor limit during the fuzz, and the memory a case may take beyond its file
LIMIT = 1 << 20
MEMORY = 48 << 20
SECONDS = 10.0

F32 = np.float32

# --- seeds -------------------------------------------------------------------------------------


def _tf_seed() -> bytes:
    """A frozen graph laid out as TensorFlow writes one (weights behind Identity reads, a
    FusedBatchNormV3 and a BiasAdd, a splat constant), big enough that its filters are read
    lazily from the file."""
    rng = np.random.default_rng(5)
    g = tf_pb.GraphDef()
    g.node.add(name="input", op="Placeholder").attr["dtype"].type = tf_pb.DT_FLOAT

    def const(name: str, a: np.ndarray | None = None, *, fill: float | None = None, shape=()) -> None:
        t = g.node.add(name=name, op="Const").attr["value"].tensor
        t.dtype = tf_pb.DT_FLOAT
        dims = a.shape if a is not None else shape
        t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in dims)
        if a is not None:
            t.tensor_content = a.astype("<f4").tobytes()
        else:
            assert fill is not None, "a splat constant needs its fill value"
            t.float_val.append(fill)
    const("conv/kernel", rng.normal(0, 0.2, (3, 3, 8, 32)))
    g.node.add(name="conv/kernel/read", op="Identity", input=["conv/kernel"])
    conv = g.node.add(name="conv/Conv2D", op="Conv2D", input=["input", "conv/kernel/read"])
    conv.attr["strides"].list.i.extend([1, 1, 1, 1])
    conv.attr["padding"].s = b"SAME"
    for k in ("gamma", "beta", "mean"):
        const(f"bn/{k}", rng.uniform(0.5, 1.5, 32))
    const("bn/var", fill=0.5, shape=(32,))
    bn = g.node.add(name="bn/FusedBatchNormV3", op="FusedBatchNormV3",
                    input=["conv/Conv2D", "bn/gamma", "bn/beta", "bn/mean", "bn/var"])
    bn.attr["epsilon"].f = 0.001
    bn.attr["is_training"].b = False
    g.node.add(name="relu", op="Relu", input=["bn/FusedBatchNormV3"])
    const("dw/depthwise_kernel", rng.normal(0, 0.2, (3, 3, 32, 2)))
    g.node.add(name="dw/depthwise", op="DepthwiseConv2dNative", input=["relu", "dw/depthwise_kernel"])
    const("fc/kernel", rng.normal(0, 0.1, (64, 40)))
    const("fc/bias", rng.normal(0, 0.1, (40,)))
    g.node.add(name="fc/MatMul", op="MatMul", input=["dw/depthwise", "fc/kernel"])
    g.node.add(name="fc/BiasAdd", op="BiasAdd", input=["fc/MatMul", "fc/bias"])
    const("scale", fill=2.0)
    g.node.add(name="scaled", op="Mul", input=["fc/BiasAdd", "scale"])
    return g.SerializeToString()


def _caffe_seed() -> tuple[str, bytes]:
    """A Caffe definition and its .caffemodel with blobs read lazily (Convolution, BatchNorm,
    Scale, InnerProduct)."""
    rng = np.random.default_rng(6)
    text = ("name: 'n'\ninput: 'data'\ninput_shape { dim: 1 dim: 16 dim: 8 dim: 8 }\n"
            "layer { name: 'conv' type: 'Convolution' bottom: 'data' top: 'c' convolution_param { num_output: 32 "
            "kernel_size: 3 group: 2 } }\n"
            "layer { name: 'bn' type: 'BatchNorm' bottom: 'c' top: 'c' }\n"
            "layer { name: 'sc' type: 'Scale' bottom: 'c' top: 'c' scale_param { bias_term: true } }\n"
            "layer { name: 'fc' type: 'InnerProduct' bottom: 'c' top: 'f' inner_product_param { num_output: 10 } }\n")
    net = caffe_pb.NetParameter(name="n")

    def blob(a: np.ndarray) -> caffe_pb.BlobProto:
        b = caffe_pb.BlobProto(data=a.astype(F32).ravel().tolist())
        b.shape.dim.extend(a.shape)
        return b
    net.layer.add(name="conv").blobs.extend([blob(rng.normal(0, 0.2, (32, 8, 3, 3))), blob(np.zeros(32))])
    net.layer.add(name="bn").blobs.extend([blob(rng.normal(0, 1, 32)), blob(rng.uniform(1, 2, 32)), blob(np.ones(1))])
    net.layer.add(name="sc").blobs.extend([blob(rng.uniform(0.5, 1.5, 32)), blob(np.zeros(32))])
    net.layer.add(name="fc").blobs.extend([blob(rng.normal(0, 0.1, (10, 32 * 6 * 6))), blob(np.zeros(10))])
    return text, net.SerializeToString()


def _resnet_head(layers: int = 14) -> str:
    """The real ResNet-101 definition, its input and first `layers` layers."""
    text = RESNET101.read_text(encoding="utf-8")
    out, depth, seen = [], 0, 0
    for line in text.splitlines(keepends=True):
        out.append(line)
        depth += line.count("{") - line.count("}")
        if depth == 0 and line.strip() == "}":
            seen += 1
            if seen >= layers:
                break
    return "".join(out)


def seeds(folder: Path) -> list[tuple[str, str, bytes]]:
    """(kind, name, bytes) of every seed; files a seed needs beside it go into `folder`."""
    out: list[tuple[str, str, bytes]] = [("onnx", p.stem, p.read_bytes()) for p in light_models()]
    synth.onnx_convnet(folder / "embedded.onnx")
    out.append(("onnx", "convnet", (folder / "embedded.onnx").read_bytes()))
    synth.onnx_convnet(folder / "case.onnx", external=True)  # its data file, case.onnx.data, stays
    out.append(("onnx", "convnet-external", (folder / "case.onnx").read_bytes()))
    text, weights = _caffe_seed()
    out += [("prototxt", "resnet101", _resnet_head().encode()), ("prototxt", "tiny", synth.CAFFE_NET.encode()),
            ("prototxt", "grouped", text.encode()), ("caffemodel", "grouped", weights)]
    graph = _tf_seed()
    out += [("pb", "convnet", graph),
            ("pbtxt", "convnet", text_format.MessageToString(tf_pb.GraphDef.FromString(graph)).encode())]
    (folder / "grouped.prototxt").write_text(text)
    return out


# --- mutations ---------------------------------------------------------------------------------

#: strings a schema mutation writes (names, op types, external data locations: ``pipe`` is a
#: FIFO and ``zero`` a link to /dev/zero in the case's folder, ``sub`` a folder)
STRINGS = ["", "x", "conv", "Conv", "ConstantOfShape", "BatchNormalization", "Identity", "Reshape", "Transpose",
           "Const", "Conv2D", "FusedBatchNormV3", "Convolution", "BatchNorm", "Scale", "location", "offset", "length",
           "pipe", "zero", "sub", "../case.onnx.data", "/etc/passwd", "a\x00b", "case.onnx.data", "sub/../case.onnx.data",
           "value", "group", "epsilon", "\xff", "é" * 40]
INTS = [-(2 ** 62), -(2 ** 31), -1, 0, 1, 2, 3, 4, 7, 16, 255, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 1, 2 ** 40, 2 ** 62]
FLOATS = [0.0, -0.0, 1.0, -1.0, 1e-45, 3.4e38, float("inf"), float("-inf"), float("nan")]
_INT_RANGES = {
    FieldDescriptor.TYPE_INT32: (-(2 ** 31), 2 ** 31 - 1), FieldDescriptor.TYPE_SINT32: (-(2 ** 31), 2 ** 31 - 1),
    FieldDescriptor.TYPE_UINT32: (0, 2 ** 32 - 1), FieldDescriptor.TYPE_INT64: (-(2 ** 63), 2 ** 63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2 ** 63), 2 ** 63 - 1), FieldDescriptor.TYPE_UINT64: (0, 2 ** 64 - 1),
}


def _value(rng: random.Random, fd: FieldDescriptor):
    if fd.type == FieldDescriptor.TYPE_BOOL:
        return rng.random() < 0.5
    if fd.type in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
        return rng.choice(FLOATS)
    if fd.type == FieldDescriptor.TYPE_ENUM:
        return rng.choice(enum_type_of(fd).values).number
    if fd.type == FieldDescriptor.TYPE_STRING:
        return rng.choice(STRINGS)
    if fd.type == FieldDescriptor.TYPE_BYTES:
        return rng.choice([b"", b"\x00\x00\x80", b"abc", bytes(rng.randrange(256) for _ in range(rng.randrange(64))),
                           s.encode("utf-8", "surrogatepass") if (s := rng.choice(STRINGS)) else b""])
    lo, hi = _INT_RANGES.get(fd.type, (-(2 ** 31), 2 ** 31 - 1))
    return min(max(rng.choice(INTS), lo), hi)


def _places(msg, out: list, depth: int = 0) -> None:
    """Every (message, field) a mutation can touch, set fields first (recursively)."""
    for fd in msg.DESCRIPTOR.fields:
        out.append((msg, fd))
        if fd.message_type is None or depth > 12:
            continue
        value = getattr(msg, fd.name)
        if fd.message_type.GetOptions().map_entry:
            for key in list(value)[:8]:
                inner = value[key]
                if hasattr(inner, "DESCRIPTOR"):
                    _places(inner, out, depth + 1)
        elif fd.is_repeated:
            for item in list(value)[:32]:
                _places(item, out, depth + 1)
        elif msg.HasField(fd.name):
            _places(value, out, depth + 1)


def mutate_schema(rng: random.Random, msg) -> None:
    places: list = []
    _places(msg, places)
    msg_, fd = rng.choice(places)
    value = getattr(msg_, fd.name)
    if fd.message_type is not None and fd.message_type.GetOptions().map_entry:
        keys = list(value)
        if keys and rng.random() < 0.5:
            del value[rng.choice(keys)]
        elif keys and fd.message_type.fields_by_name["value"].message_type is not None:
            value[rng.choice(STRINGS)].CopyFrom(value[rng.choice(keys)])
        return
    if fd.is_repeated:
        if fd.message_type is not None:
            if len(value) and rng.random() < 0.5:
                del value[rng.randrange(len(value))]
            elif len(value):
                value.add().CopyFrom(value[rng.randrange(len(value))])
            return
        op = rng.random()
        if op < 0.3 and len(value):
            del value[rng.randrange(len(value))]
        elif op < 0.6 and len(value):
            value[rng.randrange(len(value))] = _value(rng, fd)
        else:
            value.append(_value(rng, fd))
        return
    if fd.message_type is not None:
        msg_.ClearField(fd.name) if rng.random() < 0.5 else getattr(msg_, fd.name).SetInParent()
        return
    setattr(msg_, fd.name, _value(rng, fd))


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.choice((1, 1, 2, 3))):
        n = len(data)
        pos = rng.randrange(n + 1)
        op = rng.random()
        if op < 0.25 and n:
            i = min(pos, n - 1)
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        elif op < 0.4:
            data = data[:pos] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[pos:]
        elif op < 0.55 and n:
            data = data[:pos] + data[pos + rng.randint(1, 64):]
        elif op < 0.7 and n:
            data = data[:pos] + data[pos:pos + rng.randint(1, 200)] + data[pos:]
        elif op < 0.8:
            data = data[:pos] + b"\xff" * rng.randint(1, 9) + bytes([rng.randrange(1, 128)]) + data[pos + 1:]
        elif op < 0.9:
            data = data[:pos]
        elif n:
            i = min(pos, n - 1)
            data = data[:i] + bytes([rng.choice((0x0a, 0x12, 0x08, 0x22, 0x2a, 0x3a, 0x42, 0x4a))]) + data[i + 1:]
    return data


PIECES = ["{", "}", "<", ">", ":", '"', "'", "#", "\n", " ", "-1", "0", "2147483648", "99999999999999999999",
          "1e39", "nan", "inf", "group: 0", "group: 3", "num_output: 0", "dim: -1", "dim: 0", "dim: 4294967296",
          "kernel_size: 0", "stride: 0", "pad: 99999", "bottom: 'c'", "top: 'c'", "type: 'Scale'",
          "type: 'BatchNorm'", "layer {", "x { " * 120, "} " * 120, "op: 'Conv2D'", "op: 'Const'",
          "tensor_shape { dim { size: -2 } }", "float_val: 1", "int_val: 70000", "dtype: DT_HALF", "\x00", "é"]


def mutate_text(rng: random.Random, text: str) -> str:
    for _ in range(rng.choice((1, 1, 2, 3))):
        n = len(text)
        pos = rng.randrange(n + 1)
        op = rng.random()
        if op < 0.45:
            text = text[:pos] + rng.choice(PIECES) + text[pos:]
        elif op < 0.6 and n:
            text = text[:pos] + text[pos + rng.randint(1, 12):]
        elif op < 0.75 and n:
            text = text[:pos] + text[pos:pos + rng.randint(1, 120)] + text[pos:]
        elif op < 0.9:
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[:pos]
    return text


_SCHEMA = {"onnx": onnx_pb.ModelProto, "caffemodel": caffe_pb.NetParameter, "pb": tf_pb.GraphDef,
           "prototxt": caffe_pb.NetParameter, "pbtxt": tf_pb.GraphDef}


def mutate(rng: random.Random, kind: str, data: bytes) -> bytes:
    if rng.random() < 0.5:  # through the schema: a file that parses, with hostile values in it
        msg = _SCHEMA[kind]()
        if kind in ("prototxt", "pbtxt"):
            text_format.Merge(data.decode(), msg, allow_unknown_field=True)
        else:
            msg.ParseFromString(data)
        for _ in range(rng.choice((1, 1, 2, 3))):
            mutate_schema(rng, msg)
        if kind in ("prototxt", "pbtxt"):
            return text_format.MessageToString(msg).encode("utf-8", "surrogatepass")
        return msg.SerializeToString()
    if kind in ("prototxt", "pbtxt"):
        return mutate_text(rng, data.decode()).encode("utf-8", "surrogatepass")
    return mutate_bytes(rng, data)


# --- the readers and their references -----------------------------------------------------------

_NAMES = {"onnx": "case.onnx", "prototxt": "case.prototxt", "caffemodel": "case.caffemodel", "pb": "case.pb",
          "pbtxt": "case.pbtxt"}


def reference(kind: str, data: bytes):
    """The reference parse: the whole file with the same schema (text: Merge). Returns the
    message, or the exception it raised."""
    msg = _SCHEMA[kind]()
    try:
        if kind in ("prototxt", "pbtxt"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                text_format.Merge(data.decode("utf-8"), msg, allow_unknown_field=True)
        else:
            msg.ParseFromString(data)
    except (DecodeError, text_format.ParseError, UnicodeDecodeError, RecursionError) as e:
        return e
    return msg


def our_read(kind: str, path: Path, folder: Path):
    if kind == "caffemodel":
        return load_model(folder / "grouped.prototxt", path)
    return load_model(path)


def _nodes(kind: str, ref) -> list[tuple[str, str]]:
    """(name, type) of the reference's nodes/layers in file order, as the editor lists them."""
    if kind == "onnx":
        return [(n.name, n.op_type) for n in ref.graph.node]
    if kind in ("pb", "pbtxt"):
        return [(n.name, n.op) for n in ref.node]
    return []


def _check_values(kind: str, model, data: bytes, folder: Path, ref) -> None:
    """Every weight the editor reads equals the reference's, or both refuse it."""
    if kind == "onnx":
        real = onnx.ModelProto()
        try:
            real.ParseFromString(data)
        except DecodeError:
            return
        inits = {t.name: t for t in real.graph.initializer}
        for layer in model.layers:
            w = layer.weight
            if w is None or not w.source.startswith("initializer ") or layer.inputs[1] not in inits:
                continue
            try:
                want = numpy_helper.to_array(inits[layer.inputs[1]], str(folder))
            except Exception:  # noqa: BLE001 - the onnx package refuses it: the editor must too
                want = None
            try:
                got = w.values()
            except ModelError:
                continue
            assert want is not None, f"the editor read {w.source}, the onnx package refuses it"
            if want.dtype == np.uint16 and got.dtype == np.float32:  # bfloat16 as its bits
                want = (want.astype(np.uint32) << 16).view(np.float32)
            np.testing.assert_array_equal(np.asarray(got).view(np.uint8), np.asarray(want, got.dtype).view(np.uint8))
    elif kind == "caffemodel":
        blobs = {lp.name: lp.blobs for lp in ref.layer}
        for layer in model.layers:
            if layer.weight is None or layer.name not in blobs or not blobs[layer.name]:
                continue
            try:
                got = layer.weight.values()
            except ModelError:
                continue
            b = blobs[layer.name][0]
            want = np.asarray(b.data if len(b.data) or not len(b.double_data) else b.double_data)
            np.testing.assert_array_equal(got.ravel().astype(want.dtype), want)
    elif kind == "pb":
        from editor.models.tf_reader import _build, _Consts

        try:
            whole = _build(Path("whole.pb"), ref, _Consts(None, []), "pb")
        except ModelError:
            return
        for mine, theirs in zip(model.layers, whole.layers, strict=True):
            if mine.weight is None or theirs.weight is None:
                assert (mine.weight is None) == (theirs.weight is None), mine.name
                continue
            try:
                got = mine.weight.values()
            except ModelError:
                continue
            np.testing.assert_array_equal(got.view(np.uint8), theirs.weight.values().view(np.uint8))


def run_case(kind: str, data: bytes, folder: Path) -> str:
    path = folder / _NAMES[kind]
    path.write_bytes(data)
    ref = reference(kind, data)
    try:
        model = our_read(kind, path, folder)
    except ModelError as e:
        assert e.message and str(e).startswith(str(e.path)) and e.path in (str(path), str(folder / "grouped.prototxt")), \
            str(e)
        assert not any(ord(c) < 32 and c not in "\n\t" for c in e.message), repr(e.message)
        if kind in ("prototxt", "pbtxt") and isinstance(ref, text_format.ParseError):
            # the checks before Merge (nesting, NUL bytes, UTF-8) say where they stop themselves
            checked = any(w in e.message for w in ("nest more than", "NUL bytes", "is not UTF-8"))
            assert checked or (e.line, e.column) == (ref.GetLine(), ref.GetColumn()), (str(e), str(ref))
        return "refused"
    assert not isinstance(ref, Exception) or (kind in ("prototxt", "pbtxt") and isinstance(ref, RecursionError)), \
        f"read what protobuf refuses: {ref}"
    if kind in ("prototxt", "pbtxt"):
        text = data.decode("utf-8")
        from editor.models._text import nesting_error

        assert nesting_error(text, MAX_DEPTH) is None
    nodes = _nodes(kind, ref)
    if nodes:
        assert [(layer.name, layer.op_type) for layer in model.layers] == nodes
    _check_values(kind, model, data, folder, ref)
    reviewed = 0
    for layer in model.layers:
        if layer.takes_weights and layer.has_weight_values:
            try:
                prepare(layer)
                reviewed += 1
            except ModelError:
                pass
    return "model" if reviewed else "model, nothing reviewed"


def resident_peak() -> int:
    """This process's peak resident memory in bytes (VmHWM; ru_maxrss elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@pytest.fixture
def fuzz_folder(tmp_path):
    (tmp_path / "sub").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
    (tmp_path / "zero").symlink_to("/dev/zero")
    return tmp_path


def test_mutated_models_are_read_or_refused_as_the_reference_parsers_read_them(fuzz_folder, monkeypatch):
    monkeypatch.setattr(model_base, "MAX_TENSOR_VALUES", LIMIT)
    rng = random.Random(SEED)
    corpus = seeds(fuzz_folder)
    resident_before = resident_peak()
    assert {kind for kind, _, _ in corpus} == set(_NAMES)
    outcomes: Counter = Counter()
    kinds: Counter = Counter()
    slowest = 0.0
    for case in range(CASES):
        kind, name, original = corpus[case % len(corpus)]
        data = mutate(rng, kind, original)
        where = f"case {case} (seed {SEED}, {kind} {name})"
        # every case's memory with tracemalloc would take five times as long: a share of
        # them, and the process's peak resident memory over all of them
        traced = case % TRACED == 0
        if traced:
            tracemalloc.start()
        start = time.perf_counter()
        try:
            outcome = run_case(kind, data, fuzz_folder)
        except AssertionError as e:
            raise AssertionError(f"{where}: {e}") from None
        except Exception as e:
            raise AssertionError(f"{where}: {type(e).__name__}: {e}") from e
        finally:
            elapsed = time.perf_counter() - start
            peak = tracemalloc.get_traced_memory()[1] if traced else 0
            if traced:
                tracemalloc.stop()
        slowest = max(slowest, elapsed)
        assert elapsed < SECONDS * (3 if traced else 1), f"{where}: {elapsed:.1f} s"
        assert peak < MEMORY + 16 * len(data), f"{where}: {peak / 2 ** 20:.0f} MiB"
        outcomes[outcome] += 1
        kinds[kind, outcome] += 1
    grown = resident_peak() - resident_before
    assert grown < 4 * MEMORY, f"the process's peak resident memory grew by {grown / 2 ** 20:.0f} MiB"
    print(f"\nmodel fuzz: seed {SEED}, {CASES} cases of {len(corpus)} seeds: {dict(outcomes)}; "
          f"by kind {dict(sorted(kinds.items()))}; slowest case {slowest:.2f} s; peak resident memory "
          f"+{max(grown, 0) / 2 ** 20:.0f} MiB")
    # the mutator must reach both outcomes, or the test proves little
    assert outcomes["refused"] > CASES // 5 and outcomes["model"] > CASES // 5, outcomes
    assert math.isfinite(slowest)
