"""Caffe models: the real ResNet-101/152 definitions (shapes computed by hand for several
layers), generated nets with a .caffemodel, the old V1 format, phases, and broken files."""
from __future__ import annotations

import numpy as np
import pytest

from editor.models import ModelError, load_model, synth
from editor.models._pb import caffe_model_pb2 as pb
from editor.models.weights import weight_rows
from tests.conftest import REALWORLD
from tests.models.kit import layer_of

from .conftest import RESNET101, RESNET152

# (layer, input C×H×W) computed by hand from the definitions: conv1 reads the 3×224×224 image;
# conv1 (7×7, pad 3, stride 2) gives floor((224 + 6 - 7) / 2) + 1 = 112; pool1 (3×3, stride 2)
# gives ceil((112 - 3) / 2) + 1 = 56; res3a_branch2a is the stride-2 1×1 conv of the first
# bottleneck of stage 3: it reads 256×56×56 and gives floor((56 - 1) / 2) + 1 = 28, so
# res3a_branch2b reads 128×28×28; stage 5 ends at 7×7, pool5 (7×7) gives 1×1 for fc1000.
HAND = {
    "conv1": (3, 224, 224),
    "res2a_branch2a": (64, 56, 56),
    "res2a_branch1": (64, 56, 56),
    "res3a_branch2a": (256, 56, 56),
    "res3a_branch1": (256, 56, 56),
    "res3a_branch2b": (128, 28, 28),
    "res3b1_branch2a": (512, 28, 28),
    "res4a_branch2a": (512, 28, 28),
    "res4a_branch2b": (256, 14, 14),
    "res5a_branch2b": (512, 7, 7),
    "res5c_branch2c": (512, 7, 7),
    "pool5": (2048, 7, 7),
    "fc1000": (2048, 1, 1),
}


@pytest.mark.parametrize("fixture", ["resnet101", "resnet152"])
def test_resnet_input_shapes_match_hand_computed_values(fixture, request):
    model = request.getfixturevalue(fixture)
    for name, shape in HAND.items():
        assert model.layer(name).input_shape == shape, name
    assert model.notes == []


def test_resnet101_layers_types_and_channels(resnet101):
    m = resnet101
    assert m.framework == "caffe" and m.name == "ResNet-101"
    weighted = m.quantizable_layers(weighted_only=True)
    assert len(weighted) == 104 + 1  # every Convolution and fc1000
    conv1, fc = m.layer("conv1"), m.layer("fc1000")
    assert (conv1.op_type, conv1.kind, conv1.out_channels, conv1.in_channels) == ("Convolution", "conv", 64, 3)
    assert conv1.weight_shape == (64, 3, 7, 7) and conv1.weight is None and conv1.channel_wise
    assert (fc.kind, fc.out_channels, fc.in_channels, fc.weight_shape) == ("fc", 1000, 2048, (1000, 2048))
    assert not fc.channel_wise and fc.expected_scale_w_length(1000) == (1, True)
    assert m.layer("res3a_branch2a").attrs["stride"] == [2, 2]
    assert m.layer("pool5").kind == "avgpool" and m.layer("pool1").kind == "pool"
    assert m.layer("conv1").fold.names == ("bn_conv1", "scale_conv1")
    assert m.layer("res2a").quant == "activation" and not m.layer("res2a").takes_weights  # Eltwise SUM
    assert m.layer("prob").quant is None and m.layer("bn_conv1").quant is None
    assert not m.has_weights


def test_resnet152_counts(resnet152):
    assert len(resnet152.quantizable_layers(weighted_only=True)) == 155 + 1
    assert resnet152.layer("res4b35_branch2c").input_shape == (256, 14, 14)


def test_closest_names_suggest_the_layer_meant(resnet101):
    assert resnet101.closest_names("res3a_branch2x")[0] in ("res3a_branch2a", "res3a_branch2b", "res3a_branch2c")
    assert resnet101.closest_names("fc100")[0] == "fc1000"


def test_caffemodel_weights_are_read_lazily_and_folded(tmp_path):
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    blobs = synth.caffe_net(proto, weights, seed=3)
    m = load_model(proto, weights)
    assert m.format == "prototxt+caffemodel" and m.has_weights
    conv1 = layer_of(m, "conv1")
    assert conv1.input_shape == (3, 32, 32) and layer_of(m, "conv2").input_shape == (8, 9, 9)
    assert layer_of(m, "fc").input_shape == (16, 1, 1)
    np.testing.assert_array_equal(conv1.weight_rows(), blobs["conv1"][0].reshape(8, -1))
    rows, folded = weight_rows(conv1, fold=True)
    _mean_sum, var_sum, factor = blobs["bn1"]
    gamma = blobs["scale1"][0]
    mult = gamma / np.sqrt(var_sum / factor[0] + np.float32(1e-5))
    assert folded
    np.testing.assert_allclose(rows, blobs["conv1"][0].reshape(8, -1) * mult[:, None], rtol=1e-6)
    # grouped conv: 16 outputs of 4 input channels each
    assert layer_of(m, "conv2").weight_shape == (16, 4, 3, 3) and layer_of(m, "conv2").group == 2
    # the file is read when asked; a file changed since is refused, not read at stale offsets
    weights.write_bytes(weights.read_bytes() + b"\x00")
    with pytest.raises(ModelError, match="changed on disk"):
        layer_of(m, "conv2").weight_rows()


def test_caffemodel_alone_gives_structure_and_blobs(tmp_path):
    proto, weights = tmp_path / "tiny.prototxt", tmp_path / "tiny.caffemodel"
    synth.caffe_net(proto, weights)
    net = pb.NetParameter()
    net.ParseFromString(weights.read_bytes())
    for layer in net.layer:
        layer.type = {"conv1": "Convolution", "conv2": "Convolution", "fc": "InnerProduct"}.get(layer.name, "X")
        layer.convolution_param.num_output = len(layer.blobs[0].data) // 27 if layer.name == "conv1" else 16
    weights.write_bytes(net.SerializeToString())
    m = load_model(weights)
    assert m.format == "caffemodel" and layer_of(m, "conv1").out_channels == 8
    assert layer_of(m, "conv1").weight_rows().shape == (8, 27)


V1_NET = """
name: "old"
input: "data"
input_dim: 1 input_dim: 3 input_dim: 20 input_dim: 20
layers { name: "conv" type: CONVOLUTION bottom: "data" top: "conv"
  convolution_param { num_output: 6 kernel_size: 5 stride: 1 } }
layers { name: "pool" type: POOLING bottom: "conv" top: "pool" pooling_param { pool: AVE kernel_size: 2 stride: 2 } }
layers { name: "ip" type: INNER_PRODUCT bottom: "pool" top: "ip" inner_product_param { num_output: 4 } }
"""


def test_v1_layers_and_legacy_input_dim(tmp_path):
    p = tmp_path / "old.prototxt"
    p.write_text(V1_NET)
    m = load_model(p)
    assert [(lay.name, lay.op_type) for lay in m.layers] == [
        ("conv", "Convolution"), ("pool", "Pooling"), ("ip", "InnerProduct")]
    assert layer_of(m, "pool").input_shape == (6, 16, 16) and layer_of(m, "pool").kind == "avgpool"
    assert layer_of(m, "ip").input_shape == (6, 8, 8) and layer_of(m, "ip").in_channels == 6 * 8 * 8


TRAIN_VAL = """
name: "tv"
layer { name: "data" type: "Data" top: "data" include { phase: TRAIN } }
layer { name: "data" type: "Input" top: "data" include { phase: TEST }
  input_param { shape { dim: 1 dim: 1 dim: 28 dim: 28 } } }
layer { name: "conv" type: "Convolution" bottom: "data" top: "conv"
  convolution_param { num_output: 20 kernel_size: 5 weight_filler { type: "xavier" } } }
layer { name: "loss" type: "SoftmaxWithLoss" bottom: "conv" top: "loss" exclude { phase: TEST } }
future_field: 3
"""


def test_train_val_keeps_the_test_phase_and_skips_unknown_fields(tmp_path):
    p = tmp_path / "tv.prototxt"
    p.write_text(TRAIN_VAL)
    m = load_model(p)
    assert [lay.op_type for lay in m.layers] == ["Input", "Convolution"]
    assert layer_of(m, "conv").input_shape == (1, 28, 28) and layer_of(m, "conv").output_shape == (20, 24, 24)


@pytest.mark.parametrize("text,match", [
    ('layer { name: "a" type: "Convolution" convolution_param { num_output: x } }', r":1:\d+: not a valid Caffe"),
    ("layer {\n  name: \"a\"\n", r":2:\d+: not a valid Caffe .*Expected \"}\""),
])
def test_broken_prototxt_names_line_and_column(tmp_path, text, match):
    p = tmp_path / "bad.prototxt"
    p.write_text(text)
    with pytest.raises(ModelError, match=match) as e:
        load_model(p)
    assert str(e.value).startswith(str(p))


def test_binary_junk_and_missing_files_are_clear_errors(tmp_path):
    p = tmp_path / "x.prototxt"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff")
    with pytest.raises(ModelError, match=r"binary|not a model"):
        load_model(p)
    with pytest.raises(ModelError, match="no such file"):
        load_model(tmp_path / "missing.prototxt")
    with pytest.raises(ModelError, match="directory"):
        load_model(tmp_path)
    good = tmp_path / "good.prototxt"
    synth.caffe_net(good, None)
    broken = tmp_path / "broken.caffemodel"
    broken.write_bytes(b"\xa2\x06\xff\xff\xff\x0f")  # layer field with a length past the end
    with pytest.raises(ModelError, match="caffemodel"):
        load_model(good, broken)
    with pytest.raises(ModelError, match="Caffe"):
        load_model(RESNET101.parent / "README.md")


def test_a_kernel_larger_than_its_input_is_noted_not_fatal(tmp_path):
    p = tmp_path / "k.prototxt"
    p.write_text('input: "d" input_shape { dim: 1 dim: 3 dim: 4 dim: 4 }\n'
                 'layer { name: "c" type: "Convolution" bottom: "d" top: "c" convolution_param { num_output: 2 kernel_size: 7 } }\n'
                 'layer { name: "f" type: "InnerProduct" bottom: "c" top: "f" inner_product_param { num_output: 2 } }\n')
    m = load_model(p)
    assert layer_of(m, "c").input_shape == (3, 4, 4) and layer_of(m, "f").input_shape is None
    assert any("'c'" in n and "not positive" in n for n in m.notes)


def test_resnet152_loads_from_the_shared_copy_too():
    shared = REALWORLD / "models" / RESNET152.name
    if not shared.exists():
        pytest.skip("../shared not present")
    assert shared.read_bytes() == RESNET152.read_bytes()


def test_a_weights_file_naming_a_layer_twice_gives_it_the_last_ones_blobs_as_caffe_does(tmp_path):
    # Net::CopyTrainedLayersFrom copies each source layer of a name in turn: the last one stays,
    # and Caffe refuses its blobs when their shapes do not fit (found by the model fuzz)
    proto, weights = tmp_path / "net.prototxt", tmp_path / "net.caffemodel"
    synth.caffe_net(proto, weights)
    net = pb.NetParameter.FromString(weights.read_bytes())
    twice = net.layer.add(name="conv1")
    twice.blobs.add(data=[0.5] * 8).shape.dim.append(8)
    weights.write_bytes(net.SerializeToString())
    conv1 = layer_of(load_model(proto, weights), "conv1")
    assert conv1.weight is None and conv1.weight_note is not None
    assert "blob 0 of layer conv1 has shape 8, the net needs 8×3×3×3" in conv1.weight_note
