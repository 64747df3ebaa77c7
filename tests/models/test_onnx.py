"""ONNX models: the onnx package's real light_* topologies (shapes from ConstantOfShape
weights) and generated models with real weights, embedded or external."""
from __future__ import annotations

import numpy as np
import onnx
import pytest

from editor.models import LoadCancelled, ModelError, load_model, synth
from editor.models.weights import weight_rows
from tests.models.kit import layer_of

from .conftest import light_models

LIGHT = light_models()


def test_the_light_models_are_there():
    assert len(LIGHT) >= 9


@pytest.mark.parametrize("path", LIGHT, ids=lambda p: p.stem)
def test_light_model_channels_come_from_the_weight_shapes(path):
    m = load_model(path)
    proto = onnx.load(str(path), load_external_data=False)
    convs = [n for n in proto.graph.node if n.op_type == "Conv"]
    model_convs = [layer for layer in m.layers if layer.op_type == "Conv"]
    assert len(model_convs) == len(convs) > 0
    for layer in model_convs:
        shape = layer.weight_shape
        assert shape is not None and len(shape) == 4, layer.label
        assert layer.out_channels == shape[0]
        assert layer.in_channels == shape[1] * layer.group
        assert layer.quant == "weights" and layer.channel_wise
        # ConstantOfShape: one repeated value, so every output channel has the same range
        rows = layer.weight_rows()
        assert rows.shape == (shape[0], int(np.prod(shape[1:])))
        assert np.all(rows == rows.flat[0])


def test_light_resnet50_layers():
    m = load_model(next(p for p in LIGHT if p.stem == "light_resnet50"))
    weighted = m.quantizable_layers(weighted_only=True)
    assert [layer.op_type for layer in weighted].count("Conv") == 53
    fc = weighted[-1]
    assert (fc.op_type, fc.out_channels, fc.in_channels, fc.channel_wise) == ("Gemm", 1000, 2048, False)
    assert fc.expected_scale_w_length(1) == (1, False) and fc.expected_scale_w_length(1000) == (1, True)
    first = weighted[0]
    assert (first.out_channels, first.in_channels, first.weight_shape) == (64, 3, (64, 3, 7, 7))
    assert sum(layer.fold is not None for layer in weighted) == 53  # every Conv feeds a BatchNormalization
    assert m.layer("n0") is first


def test_light_shufflenet_grouped_convolutions():
    m = load_model(next(p for p in LIGHT if p.stem == "light_shufflenet"))
    grouped = [layer for layer in m.layers if layer.op_type == "Conv" and layer.group > 1]
    assert grouped
    for layer in grouped:
        assert layer.weight_shape is not None
        assert layer.in_channels == layer.weight_shape[1] * layer.group


def test_generated_model_weights_layouts_and_fold(tmp_path):
    path = tmp_path / "net.onnx"
    arrays = synth.onnx_convnet(path, seed=5)
    m = load_model(path)
    conv1, conv2, deconv, fc, proj = (layer_of(m, n) for n in ("conv1", "conv2", "deconv", "fc", "proj"))
    np.testing.assert_array_equal(conv1.weight_rows(), arrays["conv1.weight"].reshape(16, -1))
    assert (conv2.out_channels, conv2.in_channels, conv2.group) == (32, 16, 4)
    # ConvTranspose weight is in × (out/group) × k: output channel g·(out/group)+j
    w = arrays["deconv.weight"]
    assert (deconv.out_channels, deconv.in_channels) == (8, 32)
    rows = deconv.weight_rows()
    np.testing.assert_array_equal(rows[5], w[16:32, 1].ravel())  # group 1, its 2nd output channel
    np.testing.assert_array_equal(rows[2], w[0:16, 2].ravel())
    assert (fc.out_channels, fc.in_channels) == (10, 128)
    np.testing.assert_array_equal(fc.weight_rows(), arrays["fc.weight"])
    assert (proj.out_channels, proj.in_channels) == (6, 10)
    np.testing.assert_array_equal(proj.weight_rows(), arrays["proj.weight"].T)
    assert conv1.fold is not None and conv1.fold.names == ("bn1",) and conv2.fold is None
    folded, did = weight_rows(conv1, fold=True)
    mult = arrays["bn1.gamma"] / np.sqrt(arrays["bn1.var"] + np.float32(1e-5))
    assert did
    np.testing.assert_allclose(folded, arrays["conv1.weight"].reshape(16, -1) * mult[:, None], rtol=1e-6)
    assert layer_of(m, "pool").quant == "activation" and layer_of(m, "flatten").quant is None


def test_weights_stay_on_disk_until_asked(tmp_path):
    path = tmp_path / "net.onnx"
    synth.onnx_convnet(path, seed=1)
    m = load_model(path)
    weight = layer_of(m, "conv2").weight
    assert weight is not None
    source = weight.source
    assert "conv2.weight" in source
    data = bytearray(path.read_bytes())
    path.write_bytes(bytes(data) + b"\n")  # appended bytes: same offsets, but the file changed
    with pytest.raises(ModelError, match="changed on disk"):
        layer_of(m, "conv2").weight_rows()


def test_external_data_beside_the_model(tmp_path):
    path = tmp_path / "ext.onnx"
    arrays = synth.onnx_convnet(path, seed=2, external=True)
    assert (tmp_path / "ext.onnx.data").exists()
    m = load_model(path)
    np.testing.assert_array_equal(layer_of(m, "conv2").weight_rows(), arrays["conv2.weight"].reshape(32, -1))


def test_external_data_outside_the_model_folder_is_refused(tmp_path):
    path = tmp_path / "ext.onnx"
    synth.onnx_convnet(path, external=True)
    proto = onnx.load(str(path), load_external_data=False)
    for t in proto.graph.initializer:
        for e in t.external_data:
            if e.key == "location":
                e.value = "../../etc/passwd"
    onnx.save(proto, str(path))
    # refused when the model is read, as onnx.load refuses it: nothing outside is ever opened
    with pytest.raises(ModelError, match="not a file inside the model's folder"):
        load_model(path)


def test_progress_and_cancel(tmp_path):
    path = tmp_path / "net.onnx"
    synth.onnx_convnet(path)
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        return True

    load_model(path, progress=progress)
    assert seen and seen[-1][0] == seen[-1][1] == path.stat().st_size
    with pytest.raises(LoadCancelled):
        load_model(path, progress=lambda done, total: False)


@pytest.mark.parametrize("data,match", [
    (b"", "no graph nodes"),
    (b"\x08\x07\x3a\xff\xff\xff\xff\x0f", "not an ONNX model"),
    (b"\x08\x07", "no graph"),
])
def test_broken_onnx_files(tmp_path, data, match):
    path = tmp_path / "bad.onnx"
    path.write_bytes(data)
    with pytest.raises(ModelError, match=match) as e:
        load_model(path)
    assert str(e.value).startswith(str(path))


def test_weights_argument_is_only_for_caffe(tmp_path):
    path = tmp_path / "net.onnx"
    synth.onnx_convnet(path)
    with pytest.raises(ModelError, match="Caffe"):
        load_model(path, weights=path)


def test_reading_and_reviewing_onnx_never_imports_the_onnx_package(tmp_path):
    """The window attaches a model on a worker thread: `import onnx` there held the GIL for
    0.5-1 s (issue 26 §3), so the readers parse ONNX with the project's schema. A fresh
    process reads a model with external weights and computes every layer's ARQ."""
    import subprocess
    import sys

    path = tmp_path / "ext.onnx"
    synth.onnx_convnet(path, seed=3, external=True)
    code = (
        "import sys\n"
        "from editor.models import load_model\n"
        "from editor.models.weights import layer_arq\n"
        "m = load_model(sys.argv[1])\n"
        "n = sum(1 for layer in m.layers if layer.weight_shape is not None\n"
        "        and layer_arq(m, layer).scale.size > 0)\n"
        "print(n, 'onnx' in sys.modules, 'onnx.onnx_ml_pb2' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    count, imported, imported_pb = out.stdout.split()
    assert int(count) == 5  # conv1 (with its BatchNorm), conv2, deconv, fc, proj
    assert (imported, imported_pb) == ("False", "False")
