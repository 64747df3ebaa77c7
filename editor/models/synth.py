"""Synthetic model files with real weights, for tests and benchmarks: small networks of each
framework that exercise what the readers handle (BatchNorm folding, grouped and transposed
convolutions, depthwise kernels, per-tensor fully-connected layers), and big ONNX models of
a chosen weight size. Deterministic from a seed; Qt-free.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from editor.models._pb import caffe_model_pb2 as caffe_pb
from editor.models._pb import tf_graph_pb2 as tf_pb
from editor.models.base import Float32Array


def _weights(rng: np.random.Generator, shape: tuple[int, ...], fan_in: int) -> Float32Array:
    """He-initialised float32 weights with per-output-channel spread (as trained nets have)."""
    w = rng.normal(0.0, np.sqrt(2.0 / max(fan_in, 1)), size=shape)
    spread = np.exp(rng.normal(0.0, 0.4, size=shape[0])).reshape((-1,) + (1,) * (len(shape) - 1))
    return (w * spread).astype(np.float32)


def _bn(rng: np.random.Generator, n: int) -> dict[str, Float32Array]:
    return {"gamma": rng.uniform(0.5, 1.5, n).astype(np.float32),
            "beta": rng.normal(0.0, 0.1, n).astype(np.float32),
            "mean": rng.normal(0.0, 0.2, n).astype(np.float32),
            "var": rng.uniform(0.2, 2.0, n).astype(np.float32)}


# --- ONNX ----------------------------------------------------------------------------------

def onnx_convnet(path: str | os.PathLike[str], seed: int = 0, *, external: bool = False) -> dict[str, Float32Array]:
    """A small ONNX network with weights; returns the arrays by initializer name.

    x[1,3,16,16] → conv1 (3→16, 3×3) → bn1 → relu → conv2 (16→32, group 4) → deconv
    (ConvTranspose 32→8, group 2) → pool (AveragePool) → flatten → fc (Gemm, transB) → proj
    (MatMul). `external` stores the initializers in ``<name>.data`` beside the model.
    """
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    arrays = {
        "conv1.weight": _weights(rng, (16, 3, 3, 3), 27),
        "conv2.weight": _weights(rng, (32, 4, 3, 3), 36),
        "deconv.weight": _weights(rng, (32, 4, 2, 2), 64),
        "fc.weight": _weights(rng, (10, 8 * 4 * 4), 128),
        "proj.weight": _weights(rng, (6, 10), 10).T.copy(),
    }
    bn = _bn(rng, 16)
    arrays.update({f"bn1.{k}": v for k, v in bn.items()})
    nodes = [
        helper.make_node("Conv", ["x", "conv1.weight"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c1", "bn1.gamma", "bn1.beta", "bn1.mean", "bn1.var"], ["b1"],
                         name="bn1", epsilon=1e-5),
        helper.make_node("Relu", ["b1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "conv2.weight"], ["c2"], name="conv2", group=4, strides=[2, 2],
                         pads=[1, 1, 1, 1]),
        helper.make_node("ConvTranspose", ["c2", "deconv.weight"], ["d1"], name="deconv", group=2,
                         strides=[1, 1]),
        helper.make_node("AveragePool", ["d1"], ["p1"], name="pool", kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Flatten", ["p1"], ["f1"], name="flatten"),
        helper.make_node("Gemm", ["f1", "fc.weight"], ["g1"], name="fc", transB=1),
        helper.make_node("MatMul", ["g1", "proj.weight"], ["y"], name="proj"),
    ]
    inits = [numpy_helper.from_array(a, name) for name, a in arrays.items()]
    graph = helper.make_graph(nodes, "convnet", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 16, 16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 6])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    if external:
        onnx.save(model, path, save_as_external_data=True, all_tensors_to_one_file=True,
                  location=Path(path).name + ".data", size_threshold=0)
    else:
        onnx.save(model, path)
    return arrays


def onnx_big(path: str | os.PathLike[str], weight_bytes: int, seed: int = 0, channels: int = 512) -> int:
    """A chain of 3×3 convolutions (`channels` → `channels`, each with a BatchNorm) whose float32
    weights add up to at least `weight_bytes`; returns the number of convolutions.

    Written a layer at a time into the file, so generating it needs little memory.
    """
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    per_layer = channels * channels * 9 * 4
    count = max(1, -(-weight_bytes // per_layer))
    nodes, inits = [], []
    prev = "x"
    for i in range(count):
        w = f"conv{i}.weight"
        inits.append(numpy_helper.from_array(
            rng.standard_normal((channels, channels, 3, 3), dtype=np.float32) * np.float32(0.05), w))
        bn = _bn(rng, channels)
        for k, v in bn.items():
            inits.append(numpy_helper.from_array(v, f"bn{i}.{k}"))
        nodes.append(helper.make_node("Conv", [prev, w], [f"c{i}"], name=f"conv{i}", pads=[1, 1, 1, 1]))
        nodes.append(helper.make_node("BatchNormalization",
                                      [f"c{i}", f"bn{i}.gamma", f"bn{i}.beta", f"bn{i}.mean", f"bn{i}.var"],
                                      [f"b{i}"], name=f"bn{i}"))
        nodes.append(helper.make_node("Relu", [f"b{i}"], [f"r{i}"], name=f"relu{i}"))
        prev = f"r{i}"
    graph = helper.make_graph(nodes, "big", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, channels, 14, 14])],
                              [helper.make_tensor_value_info(prev, TensorProto.FLOAT, None)], inits)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    return count


# --- Caffe ---------------------------------------------------------------------------------

CAFFE_NET = """\
name: "tiny"
input: "data"
input_shape { dim: 1 dim: 3 dim: 32 dim: 32 }
layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1"
  convolution_param { num_output: 8 kernel_size: 3 pad: 1 stride: 2 bias_term: false } }
layer { name: "bn1" type: "BatchNorm" bottom: "conv1" top: "conv1" batch_norm_param { use_global_stats: true } }
layer { name: "scale1" type: "Scale" bottom: "conv1" top: "conv1" scale_param { bias_term: true } }
layer { name: "relu1" type: "ReLU" bottom: "conv1" top: "conv1" }
layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1"
  pooling_param { pool: MAX kernel_size: 3 stride: 2 pad: 1 } }
layer { name: "conv2" type: "Convolution" bottom: "pool1" top: "conv2"
  convolution_param { num_output: 16 kernel_size: 3 group: 2 } }
layer { name: "pool2" type: "Pooling" bottom: "conv2" top: "pool2" pooling_param { pool: AVE global_pooling: true } }
layer { name: "fc" type: "InnerProduct" bottom: "pool2" top: "fc" inner_product_param { num_output: 10 } }
layer { name: "prob" type: "Softmax" bottom: "fc" top: "prob" }
"""


def _blob(a: Float32Array) -> caffe_pb.BlobProto:
    b = caffe_pb.BlobProto()
    b.shape.dim.extend(a.shape)
    b.data.extend(a.astype(np.float32).ravel().tolist())
    return b


def caffe_net(prototxt: str | os.PathLike[str], caffemodel: str | os.PathLike[str] | None, seed: int = 0) -> dict[str, list[Float32Array]]:
    """Write `CAFFE_NET` and (if asked) a .caffemodel with its blobs; returns the blobs by layer."""
    rng = np.random.default_rng(seed)
    Path(prototxt).write_text(CAFFE_NET, encoding="utf-8")
    bn = _bn(rng, 8)
    blobs = {
        "conv1": [_weights(rng, (8, 3, 3, 3), 27)],
        # Caffe's BatchNorm stores running sums and their normaliser
        "bn1": [bn["mean"] * np.float32(7.0), bn["var"] * np.float32(7.0), np.array([7.0], np.float32)],
        "scale1": [bn["gamma"], bn["beta"]],
        "conv2": [_weights(rng, (16, 4, 3, 3), 36), rng.normal(0, 0.1, 16).astype(np.float32)],
        "fc": [_weights(rng, (10, 16), 16), np.zeros(10, np.float32)],
    }
    if caffemodel is not None:
        net = caffe_pb.NetParameter(name="tiny")
        for name, arrays in blobs.items():
            layer = net.layer.add(name=name)
            layer.blobs.extend(_blob(a) for a in arrays)
        Path(caffemodel).write_bytes(net.SerializeToString())
    return blobs


# --- TensorFlow ----------------------------------------------------------------------------

def _const(graph: tf_pb.GraphDef, name: str, a: Float32Array) -> None:
    node = graph.node.add(name=name, op="Const")
    node.attr["dtype"].type = tf_pb.DT_FLOAT
    t = node.attr["value"].tensor
    t.dtype = tf_pb.DT_FLOAT
    t.tensor_shape.dim.extend(tf_pb.TensorShapeProto.Dim(size=d) for d in a.shape)
    t.tensor_content = a.astype("<f4").tobytes()


def tf_graph(path: str | os.PathLike[str], seed: int = 0, *, text: bool = False) -> dict[str, Float32Array]:
    """A frozen GraphDef: input → conv (Conv2D, HWIO) → FusedBatchNormV3 → Relu → dw
    (DepthwiseConv2dNative, multiplier 2) → pool (AvgPool) → Reshape → logits (MatMul)."""
    rng = np.random.default_rng(seed)
    arrays = {
        "conv/weights": _weights(rng, (8, 3, 3, 3), 27).transpose(2, 3, 1, 0).copy(),  # HWIO
        "dw/depthwise_weights": _weights(rng, (16, 3, 3), 9).reshape(8, 2, 3, 3).transpose(2, 3, 0, 1).copy(),
        "logits/weights": _weights(rng, (5, 16), 16).T.copy(),
    }
    bn = _bn(rng, 8)
    arrays.update({f"bn/{k}": v for k, v in bn.items()})
    g = tf_pb.GraphDef()
    x = g.node.add(name="input", op="Placeholder")
    x.attr["dtype"].type = tf_pb.DT_FLOAT
    for name, a in arrays.items():
        _const(g, name, a)
    ident = g.node.add(name="conv/weights/read", op="Identity", input=["conv/weights"])
    ident.attr["T"].type = tf_pb.DT_FLOAT
    conv = g.node.add(name="conv/Conv2D", op="Conv2D", input=["input", "conv/weights/read"])
    conv.attr["strides"].list.i.extend([1, 1, 1, 1])
    conv.attr["padding"].s = b"SAME"
    bn_node = g.node.add(name="bn/FusedBatchNormV3", op="FusedBatchNormV3",
                         input=["conv/Conv2D", "bn/gamma", "bn/beta", "bn/mean", "bn/var"])
    bn_node.attr["epsilon"].f = 0.001
    bn_node.attr["is_training"].b = False
    g.node.add(name="relu", op="Relu", input=["bn/FusedBatchNormV3"])
    dw = g.node.add(name="dw/depthwise", op="DepthwiseConv2dNative", input=["relu", "dw/depthwise_weights"])
    dw.attr["strides"].list.i.extend([1, 2, 2, 1])
    dw.attr["padding"].s = b"SAME"
    pool = g.node.add(name="pool/AvgPool", op="AvgPool", input=["dw/depthwise"])
    pool.attr["ksize"].list.i.extend([1, 8, 8, 1])
    shape = g.node.add(name="flat/shape", op="Const")
    shape.attr["value"].tensor.dtype = tf_pb.DT_INT32
    shape.attr["value"].tensor.tensor_shape.dim.add(size=2)
    shape.attr["value"].tensor.int_val.extend([1, 16])
    g.node.add(name="flat", op="Reshape", input=["pool/AvgPool", "flat/shape"])
    g.node.add(name="logits/MatMul", op="MatMul", input=["flat", "logits/weights"])
    if text:
        from google.protobuf import text_format

        Path(path).write_text(text_format.MessageToString(g), encoding="utf-8")
    else:
        Path(path).write_bytes(g.SerializeToString())
    return arrays


# --- ResNet-50 (Caffe), for the real ResNet-50 record ----------------------------------------

#: ResNet-50's stages: (name, blocks, bottleneck width, output width, stride of the first block)
RESNET50_STAGES = (("2", 3, 64, 256, 1), ("3", 4, 128, 512, 2), ("4", 6, 256, 1024, 2), ("5", 3, 512, 2048, 2))


def _caffe_conv(name: str, bottom: str, out: int, k: int, stride: int, bn: str) -> str:
    """A convolution without bias followed by its BatchNorm and Scale (Kaiming He's layout)."""
    return (f'layer {{ name: "{name}" type: "Convolution" bottom: "{bottom}" top: "{name}"\n'
            f"  convolution_param {{ num_output: {out} kernel_size: {k} pad: {k // 2} stride: {stride} "
            f"bias_term: false }} }}\n"
            f'layer {{ name: "bn{bn}" type: "BatchNorm" bottom: "{name}" top: "{name}" '
            f"batch_norm_param {{ use_global_stats: true }} }}\n"
            f'layer {{ name: "scale{bn}" type: "Scale" bottom: "{name}" top: "{name}" '
            f"scale_param {{ bias_term: true }} }}\n")


def resnet50_prototxt() -> str:
    """ResNet-50's Caffe deploy definition as Kaiming He released it (layer names, kernels,
    strides, BatchNorm + Scale after each convolution, fc1000), input 1×3×224×224."""
    out = ['name: "ResNet-50"\ninput: "data"\ninput_shape { dim: 1 dim: 3 dim: 224 dim: 224 }\n',
           _caffe_conv("conv1", "data", 64, 7, 2, "_conv1").replace('"bn_conv1"', '"bn_conv1"'),
           'layer { name: "conv1_relu" type: "ReLU" bottom: "conv1" top: "conv1" }\n'
           'layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1" '
           "pooling_param { kernel_size: 3 stride: 2 pool: MAX } }\n"]
    bottom = "pool1"
    for stage, blocks, width, wide, stride in RESNET50_STAGES:
        for b in range(blocks):
            block = f"{stage}{'abcdef'[b]}"
            s = stride if b == 0 else 1
            shortcut = bottom
            if b == 0:
                out.append(_caffe_conv(f"res{block}_branch1", bottom, wide, 1, s, f"{block}_branch1"))
                shortcut = f"res{block}_branch1"
            prev = bottom
            for part, (n, k, st) in zip("abc", ((width, 1, s), (width, 3, 1), (wide, 1, 1)), strict=True):
                name = f"res{block}_branch2{part}"
                out.append(_caffe_conv(name, prev, n, k, st, f"{block}_branch2{part}"))
                if part != "c":
                    out.append(f'layer {{ name: "{name}_relu" type: "ReLU" bottom: "{name}" top: "{name}" }}\n')
                prev = name
            out.append(f'layer {{ name: "res{block}" type: "Eltwise" bottom: "{shortcut}" bottom: "{prev}" '
                       f'top: "res{block}" }}\n'
                       f'layer {{ name: "res{block}_relu" type: "ReLU" bottom: "res{block}" top: "res{block}" }}\n')
            bottom = f"res{block}"
    out.append(f'layer {{ name: "pool5" type: "Pooling" bottom: "{bottom}" top: "pool5" '
               "pooling_param { kernel_size: 7 stride: 1 pool: AVE } }\n"
               'layer { name: "fc1000" type: "InnerProduct" bottom: "pool5" top: "fc1000" '
               "inner_product_param { num_output: 1000 } }\n"
               'layer { name: "prob" type: "Softmax" bottom: "fc1000" top: "prob" }\n')
    return "".join(out)


def _packed_blob(a: Float32Array) -> bytes:
    """A BlobProto (shape, packed float data) encoded directly: as fast for 2 million values
    as for ten."""
    from editor.models._wire import encode_varint

    shape = b"".join(b"\x08" + encode_varint(int(d)) for d in a.shape)
    data = np.ascontiguousarray(a, dtype="<f4").tobytes()
    return (b"\x3a" + encode_varint(len(shape)) + shape  # shape = 7
            + b"\x2a" + encode_varint(len(data)) + data)  # data = 5, packed


def caffe_resnet50(prototxt: str | os.PathLike[str], caffemodel: str | os.PathLike[str] | None,
                   scale_w: dict[str, list[float]] | None = None, seed: int = 0) -> None:
    """Write ResNet-50's deploy definition (`resnet50_prototxt`) and, if asked, a .caffemodel.

    The weights are He-initialised; where `scale_w` gives a layer's values (a record's, by
    key) each output channel is scaled so that AMCT's ARQ of the weights as AMCT quantizes
    them — BatchNorm and Scale folded in — is that scale_w (its largest weight positive, at
    127·scale_w): the weights the record was calibrated from, as far as the record tells.
    BatchNorm holds mean 0 and variance 1 − eps, Scale gamma 1 and beta 0, so folding leaves
    the weights as they are (to float32 rounding).
    """
    text = resnet50_prototxt()
    Path(prototxt).write_text(text, encoding="utf-8")
    if caffemodel is None:
        return
    from google.protobuf import text_format

    net = caffe_pb.NetParameter()
    text_format.Merge(text, net)
    rng = np.random.default_rng(seed)
    shapes: dict[str, int] = {"data": 3}
    eps = np.float32(1e-5)
    chunks: list[bytes] = []

    def layer_bytes(name: str, blobs: list[Float32Array]) -> bytes:
        from editor.models._wire import encode_varint

        body = b"\x0a" + encode_varint(len(name.encode())) + name.encode()
        for a in blobs:
            blob = _packed_blob(a)
            body += b"\x3a" + encode_varint(len(blob)) + blob  # blobs = 7
        return b"\xa2\x06" + encode_varint(len(body)) + body  # layer = 100

    for layer in net.layer:
        top = layer.top[0] if layer.top else layer.name
        cin = shapes.get(layer.bottom[0], 0) if layer.bottom else 0
        if layer.type in ("Convolution", "InnerProduct"):
            param = layer.convolution_param if layer.type == "Convolution" else layer.inner_product_param
            cout = param.num_output
            k = layer.convolution_param.kernel_size[0] if layer.type == "Convolution" else 1
            fan_in = cin * k * k if layer.type == "Convolution" else 2048
            shape = (cout, cin, k, k) if layer.type == "Convolution" else (cout, fan_in)
            w = _weights(rng, shape, fan_in).reshape(cout, -1).astype(np.float64)
            wanted = (scale_w or {}).get(layer.name)
            if wanted is not None:
                target = np.asarray(wanted, dtype=np.float64)
                # each channel's (or the tensor's) largest magnitude positive, so that ARQ
                # divides by 127 (a larger negative side divides by 128)
                if target.size > 1:
                    w *= np.sign(w[np.arange(cout), np.abs(w).argmax(axis=1)])[:, None]
                    w *= (127.0 * target / np.abs(w).max(axis=1))[:, None]
                else:
                    w *= np.sign(w.flat[np.abs(w).argmax()]) * 127.0 * float(target[0]) / np.abs(w).max()
            blobs = [w.astype(np.float32).reshape(shape)]
            if layer.type == "InnerProduct":
                blobs.append(np.zeros(cout, np.float32))
            chunks.append(layer_bytes(layer.name, blobs))
            shapes[top] = cout
        elif layer.type == "BatchNorm":
            n = shapes[layer.bottom[0]]
            chunks.append(layer_bytes(layer.name, [np.zeros(n, np.float32), np.full(n, 1 - eps, np.float32),
                                                   np.ones(1, np.float32)]))
        elif layer.type == "Scale":
            n = shapes[layer.bottom[0]]
            chunks.append(layer_bytes(layer.name, [np.ones(n, np.float32), np.zeros(n, np.float32)]))
        else:
            shapes[top] = cin if layer.type != "Eltwise" else shapes[layer.bottom[0]]
    name = b"ResNet-50"
    Path(caffemodel).write_bytes(b"\x0a" + bytes([len(name)]) + name + b"".join(chunks))
