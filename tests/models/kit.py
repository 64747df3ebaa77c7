"""Building small models and records for the model tests (not a test module): ONNX with the
onnx package, TensorFlow graphs with the project's schema, records with fitted scale_w, and
running ``refit`` on a file."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
from google.protobuf import text_format
from onnx import TensorProto, helper, numpy_helper

from editor.cli import main
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.models.base import Layer, Model
from editor.records.dialects import DIALECTS
from editor.records.rules import check_message

F32 = np.float32


def save_onnx(path: Path, nodes, inits: dict[str, np.ndarray], inputs: dict[str, list[int]]) -> Path:
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs.items()],
        [helper.make_tensor_value_info(nodes[-1].output[0], TensorProto.FLOAT, None)],
        [numpy_helper.from_array(a, n) for n, a in inits.items()])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    return path


def tf_graph(path: Path, build) -> Path:
    """A binary GraphDef with an ``input`` Placeholder; `build(graph, const)` adds the rest
    (`const(name, array)` adds a float Const, `int_const(name, values)` an int32 one)."""
    g = tf_pb.GraphDef()
    g.node.add(name="input", op="Placeholder").attr["dtype"].type = tf_pb.DT_FLOAT

    def const(name: str, a) -> None:
        a = np.asarray(a, F32)
        t = g.node.add(name=name, op="Const").attr["value"].tensor
        t.dtype = tf_pb.DT_FLOAT
        t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in a.shape)
        t.tensor_content = a.astype("<f4").tobytes()

    build(g, const)
    path.write_bytes(g.SerializeToString())
    return path


def int_const(g: tf_pb.GraphDef, name: str, values: list[int], scalar: bool = False) -> None:
    t = g.node.add(name=name, op="Const").attr["value"].tensor
    t.dtype = tf_pb.DT_INT32
    if not scalar:
        t.tensor_shape.dim.add(size=len(values))
    t.int_val.extend(values)


def record(dialect: str, entries: dict[str, dict]):
    """A record message with one entry per key: scale_d/offset_d and the fields given."""
    message = DIALECTS[dialect].new_message()
    for key, fields in entries.items():
        e = message.record.add(key=key)
        e.value.scale_d, e.value.offset_d = 0.02, -128
        for name, v in fields.items():
            if isinstance(v, (list, tuple, np.ndarray)):
                getattr(e.value, name).extend([x.item() if hasattr(x, "item") else x for x in v])
            else:
                setattr(e.value, name, v)
    return message


def fitted(dialect: str, key: str, scale: np.ndarray, **fields):
    return record(dialect, {key: {"scale_w": scale, "offset_w": [0] * len(scale), **fields}})


def write(tmp_path: Path, message, name: str = "record.txt") -> Path:
    path = tmp_path / name
    path.write_text(text_format.MessageToString(message), encoding="utf-8")
    return path


def dialect_name(message) -> str:
    full = type(message).DESCRIPTOR.full_name
    return next(d.name for d in DIALECTS.values() if d.full_name == full)


def refit_file(tmp_path: Path, message, model_args: list[str], *, plant: int = 1) -> np.ndarray:
    """Write `message` with scale_w[plant] a quarter of what it is, run ``refit`` and return the
    scale_w it wrote (the file's values as float32)."""
    entry = message.record[0]
    entry.value.scale_w[plant] = float(F32(entry.value.scale_w[plant]) / F32(4))
    path = write(tmp_path, message)
    name = dialect_name(message)
    assert main(["refit", str(path), "--dialect", name, *model_args]) == 0
    again = DIALECTS[name].new_message()
    text_format.Merge(path.read_text(encoding="utf-8"), again)
    return np.asarray(again.record[0].value.scale_w, dtype=F32)


def same_bits(a, b) -> bool:
    return np.asarray(a, F32).tobytes() == np.asarray(b, F32).tobytes()


def weights_findings(message, dialect, model):
    return [p for p in check_message(message, dialect, model=model) if p.rule == "model-scale-w-weights"]


def layer_of(model: Model, name: str) -> Layer:
    """`model.layer(name)` of a layer the test knows the model has (the lookup's None fails)."""
    layer = model.layer(name)
    assert layer is not None, f"the model has no layer {name!r}"
    return layer
