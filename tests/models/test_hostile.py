"""Hostile model files (issue 26 §1): each case is built here, then read by `check --model` and
`refit` — a message naming the file, the node or layer and what is wrong, exit 2, never a
traceback, a hang or memory the review does not need. Shapes are checked before anything is
allocated; a tensor of one repeated value is never materialised; no file is opened that is
not a regular file inside the model's folder."""
from __future__ import annotations

import os
import threading
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np
import onnx
import pytest
from onnx import AttributeProto, TensorProto, helper, numpy_helper

from editor.cli import main
from editor.models import ModelError, NotCompared, load_model
from editor.models import base as model_base
from editor.models._pb import caffe_model_pb2 as caffe_pb
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.models.prepare import prepare
from editor.records.dialects import DIALECTS
from tests.models import amct_ref as ref
from tests.models.kit import layer_of

F32 = np.float32
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
T = TypeVar("T")


def record(tmp_path: Path, dialect: str, keys: list[str], scale_w: float = 0.01) -> Path:
    message = DIALECTS[dialect].new_message()
    for key in keys:
        e = message.record.add(key=key)
        e.value.scale_d, e.value.offset_d = 0.02, 0
        e.value.scale_w.append(scale_w)
        e.value.offset_w.append(0)
    path = tmp_path / f"{dialect}.txt"
    from google.protobuf import text_format

    path.write_text(text_format.MessageToString(message))
    return path


def refused(capsys, rec: Path, model: Path, *words: str) -> str:
    """`check` and `refit` both exit 2 with one message naming the model file and `words`."""
    for argv in (["check", str(rec), "--model", str(model)], ["refit", str(rec), "--model", str(model)]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "Traceback" not in err and str(model) in err, err
        for w in words:
            assert w in err, (w, err)
    return err


def in_time(fn, seconds: float = 20.0, release: Path | None = None):
    """fn() in a thread that must finish within `seconds` (a FIFO left waiting for a writer
    is released afterwards so the test process can end)."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - handed to the test
            out["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    hung = t.is_alive()
    if hung and release is not None:
        fd = os.open(release, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        t.join(5)
    assert not hung, "the reader waited on a file that is not a regular file"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def peak_bytes(fn: Callable[[], T]) -> tuple[T, int]:
    """fn()'s result and the peak of memory allocated meanwhile (numpy reports to tracemalloc)."""
    tracemalloc.start()
    try:
        got = fn()
        return got, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --- ONNX ------------------------------------------------------------------------------------

def save_onnx(path: Path, nodes, inits=(), out: str = "y") -> Path:
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4])],
                              [helper.make_tensor_value_info(out, TensorProto.FLOAT, None)], list(inits))
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)]), path)
    return path


def constant_of_shape(path: Path, shape: list[int], value: TensorProto) -> Path:
    return save_onnx(path, [
        helper.make_node("ConstantOfShape", ["shp"], ["w"], name="fill", value=value),
        helper.make_node("Conv", ["x", "w"], ["y"], name="conv"),
    ], [numpy_helper.from_array(np.array(shape, np.int64), "shp")])


def test_constant_of_shape_whose_value_bytes_do_not_fit_its_type(tmp_path, capsys):
    bad = TensorProto(data_type=TensorProto.FLOAT, dims=[1], raw_data=b"\x00\x00\x80")
    model = constant_of_shape(tmp_path / "m.onnx", [4, 2, 3, 3], bad)
    with pytest.raises(ValueError):  # what the onnx package itself makes of it
        numpy_helper.to_array(bad)
    refused(capsys, record(tmp_path, "onnx", ["conv"]), model, "node 'fill'", "3 bytes", "(4 bytes)")


@pytest.mark.parametrize("shape,gib", [([1 << 20, 2, 48, 48], 18.0), ([4096, 2, 140, 140], 0.6)])
def test_constant_of_shape_weights_are_never_materialised(tmp_path, capsys, shape, gib):
    model_path = constant_of_shape(tmp_path / "m.onnx", shape, numpy_helper.from_array(np.array([-0.5], F32)))
    assert np.prod(shape, dtype=np.int64) * 4 / 2 ** 30 == pytest.approx(gib, rel=0.01)
    model = load_model(model_path)
    layer = layer_of(model, "conv")
    prepare(layer, channel_wise=True)  # once untraced: modules it imports on first use are not counted
    prepared, peak = peak_bytes(lambda: prepare(layer, channel_wise=True))
    assert peak < 64 * shape[0] + (1 << 20)  # a column per output channel, not the weights
    # AMCT's ARQ of the same values, laid out in full on a few channels
    expected = ref.arq(np.full((3, int(np.prod(shape[1:]))), -0.5, F32))[0]
    np.testing.assert_array_equal(prepared.arq().scale, np.full(shape[0], expected, F32))
    rec = record(tmp_path, "onnx", ["conv"], scale_w=float(expected))
    assert main(["check", str(rec), "--model", str(model_path)]) in (0, 1)
    assert "Traceback" not in capsys.readouterr().err


def test_a_factor_along_the_input_channels_of_a_huge_splat_is_not_compared_within_the_limit(tmp_path):
    model = load_model(constant_of_shape(tmp_path / "m.onnx", [1 << 20, 2, 48, 48],
                                         numpy_helper.from_array(np.array([0.5], F32))))
    with pytest.raises(NotCompared, match=r"4,831,838,208 values \(18.0 GiB as float32\), more than the "
                                          r"268,435,456 values \(1.0 GiB as float32\)"):
        prepare(layer_of(model, "conv"), balance=np.ones(2, F32))


def test_the_per_tensor_limit_is_stated_and_nothing_above_it_is_read(tmp_path, monkeypatch):
    w = np.random.default_rng(0).normal(0, 0.1, (4, 2, 3, 3)).astype(F32)
    model = load_model(save_onnx(tmp_path / "m.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                                 [numpy_helper.from_array(w, "w")]))
    monkeypatch.setattr(model_base, "MAX_TENSOR_VALUES", 50)
    with pytest.raises(NotCompared, match=r"initializer 'w' holds 72 values .* more than the 50 values \(200 bytes as "
                                          r"float32\) the editor reads into memory for one tensor"):
        prepare(layer_of(model, "conv"))


def external(tmp_path: Path, name: str, **info) -> Path:
    t = TensorProto(name="w", data_type=TensorProto.FLOAT, dims=[4, 2, 3, 3])
    t.data_location = TensorProto.EXTERNAL
    for k, v in info.items():
        t.external_data.add(key=k, value=str(v))
    (tmp_path / "w.bin").write_bytes(np.ones(72, F32).tobytes())
    return save_onnx(tmp_path / name, [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")], [t])


@pytest.mark.parametrize("info,words", [
    ({"location": "w.bin", "length": 2 ** 40}, ["initializer 'w'", "1,099,511,627,776 bytes from offset 0 run past the "
                                                "end of w.bin (288 bytes)"]),
    ({"location": "w.bin", "length": 10 ** 16}, ["10,000,000,000,000,000 bytes from offset 0 run past the end"]),
    ({"location": "w.bin", "length": "1e16"}, ["initializer 'w'", "its length '1e16' is not a whole number"]),
    ({"location": "w.bin", "offset": -4}, ["initializer 'w'", "a negative offset or length"]),
    ({"location": "w.bin", "length": 16}, ["16 bytes for the 72 FLOAT values of its shape [4, 2, 3, 3] (288 bytes)"]),
    ({"location": "w\x00.bin"}, ["initializer 'w'", "the location contains a NUL byte"]),
    ({"location": "../w.bin"}, ["not a file inside the model's folder"]),
    ({"location": "sub/../../w.bin"}, ["not a file inside the model's folder"]),
    ({"location": "sub\\..\\..\\w.bin"}, ["not a file inside the model's folder"]),
    ({"location": "/etc/passwd"}, ["not a file inside the model's folder"]),
    ({"location": "gone.bin"}, ["external data 'gone.bin': cannot read it: No such file"]),
])
def test_external_data_is_read_only_as_the_onnx_package_allows(tmp_path, capsys, info, words):
    folder = tmp_path / "model"
    (folder / "sub").mkdir(parents=True)
    path = external(folder, "m.onnx", **info)
    refused(capsys, record(tmp_path, "onnx", ["conv"]), path, *words)


def test_external_data_that_is_a_link_is_refused_even_inside_the_folder(tmp_path, capsys):
    path = external(tmp_path, "m.onnx", location="link.bin")
    (tmp_path / "link.bin").symlink_to(tmp_path / "w.bin")
    refused(capsys, record(tmp_path, "onnx", ["conv"]), path, "external data 'link.bin': a symbolic link")


@POSIX
def test_external_data_in_a_fifo_is_refused_without_waiting(tmp_path, capsys):
    path = external(tmp_path, "m.onnx", location="pipe.bin")
    os.mkfifo(tmp_path / "pipe.bin")
    rec = record(tmp_path, "onnx", ["conv"])
    assert in_time(lambda: main(["check", str(rec), "--model", str(path)]), release=tmp_path / "pipe.bin") == 2
    assert "external data 'pipe.bin': not a regular file" in capsys.readouterr().err


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_model_that_is_not_a_regular_file_is_refused_without_reading_it(tmp_path, capsys, kind):
    path = tmp_path / "m.onnx"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    rec = record(tmp_path, "onnx", ["conv"])
    assert in_time(lambda: main(["check", str(rec), "--model", str(path)]), release=path if kind == "fifo" else None) == 2
    err = capsys.readouterr().err
    assert str(path) in err and ("not a regular file" in err or "is a directory" in err), err


def conv_with_group(tmp_path: Path, **kind) -> Path:
    node = helper.make_node("Conv", ["x", "w"], ["y"], name="conv")
    a = node.attribute.add(name="group")
    if "s" in kind:
        a.type, a.s = AttributeProto.STRING, kind["s"]
    elif "ints" in kind:
        a.type = AttributeProto.INTS
        a.ints.extend(kind["ints"])
    else:
        a.type, a.i = AttributeProto.INT, kind["i"]
    return save_onnx(tmp_path / "m.onnx", [node], [numpy_helper.from_array(np.ones((4, 2, 3, 3), F32), "w")])


@pytest.mark.parametrize("kind,words", [
    ({"s": b"abc"}, "node 'conv': attribute group is of type STRING, INT expected"),
    ({"ints": [1, 2]}, "node 'conv': attribute group is of type INTS, INT expected"),
    ({"i": 0}, "node 'conv': group is 0; it must be at least 1"),
    ({"i": -2}, "node 'conv': group is -2; it must be at least 1"),
    ({"i": 3}, "node 'conv': group 3 does not divide the 4 output channels of its weight [4, 2, 3, 3]"),
])
def test_a_group_of_the_wrong_type_or_value(tmp_path, capsys, kind, words):
    path = conv_with_group(tmp_path, **kind)
    if "i" not in kind:
        with pytest.raises((ValueError, TypeError)):  # what the onnx package makes of it
            int(helper.get_attribute_value(onnx.load(str(path)).graph.node[0].attribute[0]))
    refused(capsys, record(tmp_path, "onnx", ["conv"]), path, words)


@pytest.mark.parametrize("shape", [(0, 2, 3, 3), (4, 0, 3, 3), (4, 2, 0, 3)])
def test_a_weight_with_a_zero_sized_dimension(tmp_path, capsys, shape):
    path = save_onnx(tmp_path / "m.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")],
                     [numpy_helper.from_array(np.ones(shape, F32), "w")])
    refused(capsys, record(tmp_path, "onnx", ["conv"]), path,
            f"node 'conv': its weight initializer 'w' has the shape {list(shape)}, with a zero-sized dimension")


def test_raw_data_of_an_initializer_that_does_not_fit_its_shape(tmp_path, capsys):
    t = numpy_helper.from_array(np.ones((4, 2, 3, 3), F32), "w")
    t.raw_data = t.raw_data[:-8]
    path = save_onnx(tmp_path / "m.onnx", [helper.make_node("Conv", ["x", "w"], ["y"], name="conv")], [t])
    refused(capsys, record(tmp_path, "onnx", ["conv"]), path,
            "initializer 'w': 280 bytes of data for the 72 FLOAT values of its shape [4, 2, 3, 3] (288 bytes)")


# --- text models: nesting ----------------------------------------------------------------------

@pytest.mark.parametrize("name,dialect,text", [
    ("deep.prototxt", "caffe", "layer { name: 'a' type: 'Convolution' convolution_param { "
     + "x { " * 3000 + "}" * 3000 + " } }\n"),
    ("deep.pbtxt", "tf-inner", "node { name: 'a' op: 'Const' attr { key: 'value' value { "
     + "list { " * 3000 + "}" * 3000 + " } } }\n"),
])
def test_text_nested_thousands_of_levels_deep(tmp_path, capsys, name, dialect, text):
    path = tmp_path / name
    path.write_text(text)
    err = refused(capsys, record(tmp_path, dialect, ["a"]), path, "messages nest more than 100 levels deep")
    assert f"{path}:1:" in err


def test_text_nested_as_deep_as_protobufs_own_limit_still_reads(tmp_path):
    path = tmp_path / "ok.prototxt"
    # 99 unknown messages inside a layer (skipped by the reader) plus the layer itself: depth 100
    path.write_text("layer { name: 'a' type: 'ReLU' " + "x { " * 99 + "}" * 99 + " }\n")
    assert load_model(path).layer("a") is not None


# --- TensorFlow --------------------------------------------------------------------------------

def tf_graph(path: Path, filter_tensor: tf_pb.TensorProto, **bn_attrs) -> Path:
    g = tf_pb.GraphDef()
    g.node.add(name="x", op="Placeholder")
    w = g.node.add(name="w", op="Const")
    w.attr["value"].tensor.CopyFrom(filter_tensor)
    g.node.add(name="conv", op="Conv2D", input=["x", "w"])
    if bn_attrs:
        for k in ("gamma", "beta", "mean", "var"):
            c = g.node.add(name=k, op="Const")
            c.attr["value"].tensor.CopyFrom(splat([4], 1.0))
        bn = g.node.add(name="bn", op="FusedBatchNormV3", input=["conv", "gamma", "beta", "mean", "var"])
        for k, v in bn_attrs.items():
            bn.attr[k].CopyFrom(v)
    path.write_bytes(g.SerializeToString())
    return path


def splat(shape: list[int], value: float) -> tf_pb.TensorProto:
    t = tf_pb.TensorProto(dtype=tf_pb.DT_FLOAT, float_val=[value])
    t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in shape)
    return t


def test_a_splat_beyond_any_tensor_is_refused_by_its_node(tmp_path, capsys):
    path = tf_graph(tmp_path / "g.pb", splat([2 ** 31, 2 ** 31, 1, 8], 0.5))
    refused(capsys, record(tmp_path, "tf-inner", ["conv"]), path,
            "Const node 'w' has the shape [2147483648, 2147483648, 1, 8]: 3.69e+19 values")


def test_a_144_gib_splat_filter_is_reviewed_without_materialising_it(tmp_path, capsys):
    shape = [3, 3, 1 << 16, 1 << 16]  # HWIO: 65,536 output channels
    assert np.prod(shape, dtype=np.int64) * 4 == 144 * 2 ** 30
    path = tf_graph(tmp_path / "g.pb", splat(shape, 0.25))
    layer = layer_of(load_model(path), "conv")
    prepared, peak = peak_bytes(lambda: prepare(layer))
    assert peak < (4 << 20)
    expected = ref.arq(np.full((2, 3 * 3 * (1 << 16)), 0.25, F32))[0]
    np.testing.assert_array_equal(prepared.arq().scale, np.full(1 << 16, expected, F32))
    rec = record(tmp_path, "tf-inner", ["conv"], scale_w=0.25 / 127)
    assert main(["check", str(rec), "--model", str(path)]) in (0, 1)
    assert "Traceback" not in capsys.readouterr().err


def test_tensor_content_that_does_not_fit_its_shape(tmp_path, capsys):
    t = tf_pb.TensorProto(dtype=tf_pb.DT_FLOAT, tensor_content=np.ones(10, F32).tobytes())
    t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in (3, 3, 2, 4))
    refused(capsys, record(tmp_path, "tf-inner", ["conv"]), tf_graph(tmp_path / "g.pb", t),
            "Const node 'w': 40 bytes of data for the 72 DT_FLOAT values of its shape [3, 3, 2, 4]")


def test_an_attribute_of_the_wrong_kind(tmp_path, capsys):
    t = splat([3, 3, 2, 4], 0.5)
    path = tf_graph(tmp_path / "g.pb", t, epsilon=tf_pb.AttrValue(s=b"0.001"))
    refused(capsys, record(tmp_path, "tf-inner", ["conv"]), path,
            "node 'bn': attribute epsilon holds string, float expected")


def test_a_tf_filter_with_a_zero_sized_dimension(tmp_path, capsys):
    empty = tf_pb.TensorProto(dtype=tf_pb.DT_FLOAT)
    empty.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in (3, 3, 0, 4))
    refused(capsys, record(tmp_path, "tf-inner", ["conv"]), tf_graph(tmp_path / "g.pb", empty),
            "node 'conv': its weight Const node 'w' has the shape [3, 3, 0, 4], with a zero-sized dimension")


# --- Caffe -------------------------------------------------------------------------------------

def caffe_net(tmp_path: Path, conv: str, blob: caffe_pb.BlobProto | None = None) -> tuple[Path, Path | None]:
    proto = tmp_path / "net.prototxt"
    proto.write_text("input: 'data'\ninput_shape { dim: 1 dim: 4 dim: 8 dim: 8 }\n"
                     f"layer {{ name: 'conv' type: 'Convolution' bottom: 'data' top: 'c' convolution_param {{ {conv} }} }}\n")
    if blob is None:
        return proto, None
    weights = tmp_path / "net.caffemodel"
    net = caffe_pb.NetParameter()
    net.layer.add(name="conv").blobs.append(blob)
    weights.write_bytes(net.SerializeToString())
    return proto, weights


@pytest.mark.parametrize("conv,words", [
    ("num_output: 6 kernel_size: 3 group: 4", "layer 'conv': num_output 6 is not a multiple of group 4"),
    ("num_output: 8 kernel_size: 3 group: 3", "layer 'conv': num_output 8 is not a multiple of group 3"),
    ("num_output: 6 kernel_size: 3 group: 3", "layer 'conv': its 4 input channels are not a multiple of group 3"),
    ("num_output: 8 kernel_size: 3 group: 0", "layer 'conv': group is 0; it must be at least 1"),
    ("num_output: 0 kernel_size: 3", "layer 'conv': num_output is 0"),
])
def test_a_caffe_group_caffe_itself_refuses(tmp_path, capsys, conv, words):
    proto, _ = caffe_net(tmp_path, conv)
    refused(capsys, record(tmp_path, "caffe", ["conv"]), proto, words)


def test_a_caffe_blob_whose_data_does_not_fill_its_shape(tmp_path, capsys):
    blob = caffe_pb.BlobProto(data=np.ones(100, F32).tolist())
    blob.shape.dim.extend([8, 4, 3, 3])
    proto, weights = caffe_net(tmp_path, "num_output: 8 kernel_size: 3", blob)
    rec = record(tmp_path, "caffe", ["conv"])
    for argv in (["check", str(rec), "--model", str(proto), "--weights", str(weights)],
                 ["refit", str(rec), "--model", str(proto), "--weights", str(weights)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{weights}: blob 0 of layer 'conv' holds 100 values, its shape 8×4×3×3 needs 288" in err, err


def test_every_reading_error_is_a_model_error_naming_the_file(tmp_path):
    path = conv_with_group(tmp_path, s=b"abc")
    with pytest.raises(ModelError) as e:
        load_model(path)
    assert e.value.path == str(path) and str(e.value).startswith(f"{path}: node 'conv'")


def test_external_data_swapped_for_a_link_after_the_model_was_read_is_not_followed(tmp_path):
    path = external(tmp_path, "m.onnx", location="w.bin")
    model = load_model(path)
    (tmp_path / "elsewhere.bin").write_bytes((tmp_path / "w.bin").read_bytes())
    (tmp_path / "w.bin").unlink()
    (tmp_path / "w.bin").symlink_to(tmp_path / "elsewhere.bin")
    with pytest.raises(NotCompared, match="cannot read the file"):
        prepare(layer_of(model, "conv"))
