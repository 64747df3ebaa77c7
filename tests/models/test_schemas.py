"""The checked-in model schema modules match proto/models/*.proto, and the field numbers are
the real ones (files written by Caffe and TensorFlow parse)."""
from __future__ import annotations

import importlib
import subprocess
import sys

import numpy as np
import pytest
from google.protobuf import descriptor_pb2

from editor.models._pb import caffe_model_pb2 as caffe
from editor.models._pb import onnx_model_pb2 as onnx_schema
from editor.models._pb import tf_graph_pb2 as tf
from editor.paths import proto_dir


def test_generated_model_modules_match_proto_sources(tmp_path):
    pytest.importorskip("grpc_tools")
    src = proto_dir() / "models"
    out = tmp_path / "set.pb"
    protos = sorted(p.name for p in src.glob("*.proto"))
    assert protos == ["caffe_model.proto", "onnx_model.proto", "tf_graph.proto"]
    subprocess.run([sys.executable, "-m", "grpc_tools.protoc", f"-I{src}", f"--descriptor_set_out={out}",
                    *protos], check=True)
    fresh = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    for fdp in fresh.file:
        for msg in _all_messages(fdp.message_type):
            for f in msg.field:
                f.ClearField("json_name")
        module = importlib.import_module(f"editor.models._pb.{fdp.name[:-6]}_pb2")
        checked_in = descriptor_pb2.FileDescriptorProto.FromString(module.DESCRIPTOR.serialized_pb)
        _same_float_defaults(checked_in)
        _same_float_defaults(fdp)
        assert checked_in == fdp, f"{fdp.name} drifted: run python -m scripts.gen_protos"


def _same_float_defaults(fdp) -> None:
    """Python gencode spells float defaults as float32 does (0.999 -> 0.999000013)."""
    for msg in _all_messages(fdp.message_type):
        for f in msg.field:
            if f.type == f.TYPE_FLOAT and f.HasField("default_value"):
                f.default_value = repr(float(np.float32(float(f.default_value))))


def _all_messages(messages):
    for m in messages:
        yield m
        yield from _all_messages(m.nested_type)


@pytest.mark.parametrize("message,field,number", [
    (caffe.NetParameter, "layer", 100), (caffe.NetParameter, "layers", 2), (caffe.NetParameter, "input_shape", 8),
    (caffe.NetParameter, "input_dim", 4), (caffe.LayerParameter, "blobs", 7),
    (caffe.LayerParameter, "convolution_param", 106), (caffe.LayerParameter, "inner_product_param", 117),
    (caffe.LayerParameter, "pooling_param", 121), (caffe.LayerParameter, "batch_norm_param", 139),
    (caffe.LayerParameter, "scale_param", 142), (caffe.LayerParameter, "input_param", 143),
    (caffe.V1LayerParameter, "blobs", 6), (caffe.V1LayerParameter, "convolution_param", 10),
    (caffe.BlobProto, "data", 5), (caffe.BlobProto, "shape", 7), (caffe.ConvolutionParameter, "dilation", 18),
    (caffe.PoolingParameter, "global_pooling", 12), (caffe.PoolingParameter, "ceil_mode", 13),
    (caffe.PoolingParameter, "round_mode", 14),
    (tf.GraphDef, "node", 1), (tf.GraphDef, "versions", 4), (tf.NodeDef, "attr", 5), (tf.AttrValue, "tensor", 8),
    (tf.AttrValue, "list", 1), (tf.TensorProto, "tensor_content", 4), (tf.TensorProto, "float_val", 5),
    (tf.TensorProto, "half_val", 13), (tf.TensorShapeProto, "dim", 2),
])
def test_real_field_numbers(message, field, number):
    assert message.DESCRIPTOR.fields_by_name[field].number == number


def test_defaults_caffe_relies_on():
    p = caffe.PoolingParameter()
    assert (p.pool, p.stride, p.ceil_mode, p.round_mode) == (p.MAX, 1, True, p.CEIL)
    c = caffe.ConvolutionParameter()
    assert (c.group, c.bias_term, c.axis) == (1, True, 1)
    assert caffe.BatchNormParameter().eps == pytest.approx(1e-5)
    assert tf.DataType.Value("DT_HALF") == 19 and tf.DataType.Value("DT_BFLOAT16") == 14


def _messages_of(descriptor):
    yield descriptor
    for nested in descriptor.nested_types:
        yield from _messages_of(nested)


def test_onnx_schema_is_a_subset_of_the_onnx_package():
    """Every message, field and enum value of proto/models/onnx_model.proto is the onnx
    package's own: the same number, type and label (the editor reads ONNX without it)."""
    onnx = pytest.importorskip("onnx")
    checked = 0
    for top in onnx_schema.DESCRIPTOR.message_types_by_name.values():
        for ours in _messages_of(top):
            theirs = getattr(onnx, ours.full_name.split(".", 2)[2].split(".")[0]).DESCRIPTOR
            for part in ours.full_name.split(".")[3:]:
                theirs = theirs.nested_types_by_name[part]
            for f in ours.fields:
                real = theirs.fields_by_name[f.name]
                assert (f.number, f.type, f.is_repeated) == (real.number, real.type, real.is_repeated), \
                    f"{ours.full_name}.{f.name}"
                checked += 1
            for enum in ours.enum_types:
                real_enum = theirs.enum_types_by_name[enum.name]
                for v in enum.values:
                    assert real_enum.values_by_name[v.name].number == v.number, f"{enum.full_name}.{v.name}"
    assert checked >= 50
    # a real model reads alike with both schemas
    from tests.models.conftest import light_models

    path = light_models()[0]
    mine = onnx_schema.ModelProto.FromString(path.read_bytes())
    real = onnx.load(str(path), load_external_data=False)
    assert [(n.name, n.op_type, list(n.input)) for n in mine.graph.node] == \
        [(n.name, n.op_type, list(n.input)) for n in real.graph.node]
