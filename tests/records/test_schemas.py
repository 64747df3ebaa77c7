"""The checked-in generated modules match proto/*.proto, field for field."""
from __future__ import annotations

import importlib
import subprocess
import sys

import pytest
from google.protobuf import descriptor_pb2

from editor.paths import proto_dir
from editor.records.dialects import DIALECTS
from editor.records.messages import message_type_of


def test_generated_modules_match_proto_sources(tmp_path):
    pytest.importorskip("grpc_tools")
    out = tmp_path / "set.pb"
    protos = sorted(p.name for p in proto_dir().glob("*.proto"))
    subprocess.run([sys.executable, "-m", "grpc_tools.protoc", f"-I{proto_dir()}",
                    f"--descriptor_set_out={out}", *protos], check=True)
    fresh = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    assert len(fresh.file) == len(protos)
    for fdp in fresh.file:
        # descriptor sets carry json_name, which Python gencode leaves out
        for msg in _all_messages(fdp.message_type):
            for f in msg.field:
                f.ClearField("json_name")
        module = importlib.import_module(f"editor.records._pb.{fdp.name[:-6]}_pb2")
        checked_in = descriptor_pb2.FileDescriptorProto.FromString(module.DESCRIPTOR.serialized_pb)
        assert checked_in == fdp, f"{fdp.name} drifted: run python -m scripts.gen_protos"


def _all_messages(messages):
    for m in messages:
        yield m
        yield from _all_messages(m.nested_type)


@pytest.mark.parametrize(
    "dialect,field,number,default",
    [
        ("tf-inner", "tensor_balance_factor", 13, None),
        ("tf-inner", "act_type", 14, "INT8"),
        ("tf-convert", "wts_type", 15, "INT8"),
        ("pytorch", "tensor_balance_factor", 6, None),
        ("pytorch", "act_type", 11, "INT8"),
        ("pytorch", "fakequant_precision_mode", 13, "DEFAULT"),
        ("pytorch", "offset_r", 24, None),
        ("onnx", "skip_fusion", 6, True),
        ("onnx", "act_type", 20, "INT8"),
        ("onnx", "op_data_type", 15, ""),
        ("mindspore", "skip_fusion", 9, False),
        ("caffe", "width", 8, 0),
    ],
)
def test_field_numbers_and_defaults_as_in_records_md(dialect, field, number, default):
    fd = DIALECTS[dialect].value_fields[field]
    assert fd.number == number
    if default is not None:
        assert fd.default_value == default


def test_attr_bytes_and_prune_node_name_required():
    d = DIALECTS["tf-inner"]
    prune_record = message_type_of(d.descriptor.fields_by_name["prune_record"])
    node = message_type_of(prune_record.fields_by_name["producer"])
    assert node.fields_by_name["name"].is_required
    attr = message_type_of(node.fields_by_name["attr"])
    assert attr.full_name == "AMCTProto.AttrProto"
    assert attr.fields_by_name["s"].type == attr.fields_by_name["s"].TYPE_BYTES
    assert [v.name for v in attr.enum_types_by_name["AttrType"].values] == [
        "UNDEFINED", "FLOAT", "INT", "STRING", "FLOATS", "INTS", "STRINGS"]
    kv = DIALECTS["pytorch"].entry_descriptor.fields_by_name["kv_cache_value"]
    assert kv.number == 3 and message_type_of(kv).name == "SingleLayerKVCacheRecord"
