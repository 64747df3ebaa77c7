"""Independent references for the analysis tests, written from AMCT's formulas with numpy and
single-node onnxruntime models — none of it calls editor.analysis — plus generated networks,
records and samples. Shared by the analysis tests (test modules never import each other).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F32 = np.float32


# --- a generated network --------------------------------------------------------------------

def zoo_model(path: Path, seed: int = 0, *, opset: int = 13) -> dict[str, np.ndarray]:
    """A chain of every weighted operator AMCT quantizes, plus an AveragePool:

    x[N,3,12,12] → conv1 (3→8, 3×3, bias) → bn1 → relu → dw (depthwise 8, 3×3, bias) → relu →
    deconv (ConvTranspose 8→6, group 2, stride 2) → pool (AveragePool 2×2) → flatten →
    fc (Gemm transB, 864→16, bias) → relu → fc2 (Gemm, 16→12, bias) → proj (MatMul 12→5) → y

    Returns the arrays by initializer name. The batch dimension is free ("N").
    """
    rng = np.random.default_rng(seed)

    def w(*shape, spread=True):
        a = rng.normal(0.0, 0.4, size=shape)
        if spread:
            a = a * np.exp(rng.normal(0.0, 0.5, size=shape[0])).reshape((-1,) + (1,) * (len(shape) - 1))
        return a.astype(F32)

    arrays = {
        "conv1.w": w(8, 3, 3, 3), "conv1.b": w(8, spread=False),
        "bn1.gamma": rng.uniform(0.5, 1.5, 8).astype(F32), "bn1.beta": rng.normal(0, 0.2, 8).astype(F32),
        "bn1.mean": rng.normal(0, 0.3, 8).astype(F32), "bn1.var": rng.uniform(0.3, 2.0, 8).astype(F32),
        "dw.w": w(8, 1, 3, 3), "dw.b": w(8, spread=False),
        "deconv.w": w(8, 3, 2, 2),
        "fc.w": (w(16, 864) * 0.1).astype(F32), "fc.b": w(16, spread=False),
        "fc2.w": w(16, 12, spread=False), "fc2.b": w(12, spread=False),
        "proj.w": w(12, 5, spread=False),
    }
    nodes = [
        helper.make_node("Conv", ["x", "conv1.w", "conv1.b"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("BatchNormalization", ["c1", "bn1.gamma", "bn1.beta", "bn1.mean", "bn1.var"], ["b1"],
                         name="bn1", epsilon=1e-5),
        helper.make_node("Relu", ["b1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "dw.w", "dw.b"], ["c2"], name="dw", group=8, pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c2"], ["r2"], name="relu2"),
        helper.make_node("ConvTranspose", ["r2", "deconv.w"], ["d1"], name="deconv", group=2, strides=[2, 2]),
        helper.make_node("AveragePool", ["d1"], ["p1"], name="pool", kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Flatten", ["p1"], ["f1"], name="flatten"),
        helper.make_node("Gemm", ["f1", "fc.w", "fc.b"], ["g1"], name="fc", transB=1),
        helper.make_node("Relu", ["g1"], ["r3"], name="relu3"),
        helper.make_node("Gemm", ["r3", "fc2.w", "fc2.b"], ["g2"], name="fc2"),
        helper.make_node("MatMul", ["g2", "proj.w"], ["y"], name="proj"),
    ]
    graph = helper.make_graph(nodes, "zoo", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, 12, 12])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 5])],
                              [numpy_helper.from_array(a, k) for k, a in arrays.items()])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.save(model, str(path))
    return arrays


#: the zoo's weighted layers: (op, weight, bias, attributes of the single-node reference)
ZOO_LAYERS: dict[str, tuple[str, str, str | None, dict[str, Any]]] = {
    "conv1": ("Conv", "conv1.w", "conv1.b", {"pads": [1, 1, 1, 1]}),
    "dw": ("Conv", "dw.w", "dw.b", {"group": 8, "pads": [1, 1, 1, 1]}),
    "deconv": ("ConvTranspose", "deconv.w", None, {"group": 2, "strides": [2, 2]}),
    "fc": ("Gemm", "fc.w", "fc.b", {"transB": 1}),
    "fc2": ("Gemm", "fc2.w", "fc2.b", {}),
    "proj": ("MatMul", "proj.w", None, {}),
}
#: each layer's input and output tensor in the zoo
ZOO_TENSORS = {"conv1": ("x", "c1"), "dw": ("r1", "c2"), "deconv": ("r2", "d1"), "pool": ("d1", "p1"),
               "fc": ("f1", "g1"), "fc2": ("r3", "g2"), "proj": ("g2", "y")}


# --- weights as AMCT quantizes them ---------------------------------------------------------

def rows_of(op: str, w: np.ndarray, attrs: dict) -> np.ndarray:
    """One row per output channel, AMCT's channel-first layout."""
    if op == "Conv":
        return w.reshape(w.shape[0], -1)
    if op == "ConvTranspose":  # (in, out/group, k...) → output channel o of group g reads w[g*in/g:, o]
        g = attrs.get("group", 1)
        cin, per = w.shape[0], w.shape[1]
        out = []
        for gi in range(g):
            block = w[gi * cin // g:(gi + 1) * cin // g]
            for o in range(per):
                out.append(block[:, o].reshape(-1))
        return np.stack(out)
    if op == "Gemm":
        return w if attrs.get("transB") else w.T
    if op == "MatMul":
        return w.T
    raise AssertionError(op)


def weight_from_rows(op: str, rows: np.ndarray, shape: tuple, attrs: dict) -> np.ndarray:
    """The inverse of rows_of, element by element."""
    if op == "Conv":
        return rows.reshape(shape)
    if op == "ConvTranspose":
        g = attrs.get("group", 1)
        w = np.empty(shape, F32)
        cin, per = shape[0], shape[1]
        r = 0
        for gi in range(g):
            for o in range(per):
                w[gi * cin // g:(gi + 1) * cin // g, o] = rows[r].reshape((cin // g,) + tuple(shape[2:]))
                r += 1
        return w
    if op == "Gemm":
        return rows if attrs.get("transB") else rows.T
    return rows.T


def fold_multiplier(gamma, var, eps=1e-5) -> np.ndarray:
    """PyTorch's fuse_conv_bn_weights, which AMCT calls: gamma · rsqrt(var + eps)."""
    return (gamma * (F32(1) / np.sqrt(var + F32(eps)))).astype(F32)


def folded_bias(b, gamma, beta, mean, var, eps=1e-5) -> np.ndarray:
    """(b - mean) · rsqrt(var + eps) · gamma + beta."""
    return ((b - mean) * (F32(1) / np.sqrt(var + F32(eps))) * gamma + beta).astype(F32)


def arq(rows: np.ndarray, bits: int = 8, per_channel: bool = True) -> np.ndarray:
    """AMCT's ARQ scale_w: max |w| over 2^(b-1) - 1 (one level more when the negative side wins)."""
    r = rows.astype(F32)
    if not per_channel:
        r = r.reshape(1, -1)
    hi, lo = r.max(axis=1), r.min(axis=1)
    steps = (2 ** (bits - 1) - 1) + (np.abs(hi) < np.abs(lo))
    bound = np.maximum(np.abs(hi), np.abs(lo))
    scale = (bound / steps.astype(F32)).astype(F32)
    return np.where(scale < np.finfo(F32).eps, F32(1), scale).astype(F32)


def quantize_rows(rows: np.ndarray, scale_w: np.ndarray, bits: int) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(scale_w, F32).reshape(-1, 1) if np.size(scale_w) > 1 else np.asarray(scale_w, F32).reshape(1, 1)
    q = np.rint(rows.astype(F32) / s)
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    clipped = (q < lo) | (q > hi)
    return (np.clip(q, lo, hi) * s).astype(F32), clipped


def weight_reference(rows: np.ndarray, scale_w, bits: int) -> dict:
    """Per channel and per layer: SQNR (dB), clipped fraction, rmse/scale."""
    wq, clipped = quantize_rows(rows, np.asarray(scale_w, F32), bits)
    w = rows.astype(np.float64)
    e = w - wq.astype(np.float64)
    s = np.broadcast_to(np.asarray(scale_w, np.float64).reshape(-1), (rows.shape[0],))
    return {"channel_sqnr": 10 * np.log10((w * w).sum(1) / (e * e).sum(1)),
            "channel_clipped": clipped.mean(1),
            "channel_rmse": np.sqrt((e * e).mean(1)) / s,
            "sqnr": 10 * np.log10((w * w).sum() / (e * e).sum()),
            "clipped": clipped.mean(),
            "rmse": np.sqrt(((e / s[:, None]) ** 2).mean())}


# --- activations ----------------------------------------------------------------------------

def capture(model_path: Path, names: list[str], feeds: dict) -> dict[str, np.ndarray]:
    """Tensors of the float model by name (onnxruntime with them as outputs)."""
    import onnxruntime as ort

    m = onnx.load(str(model_path))
    m.graph.output.extend(onnx.ValueInfoProto(name=n) for n in names if n not in {o.name for o in m.graph.output})
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    return dict(zip(names, s.run(names, feeds), strict=True))


def fake_quant(x: np.ndarray, scale: float, offset: int, bits: int) -> tuple[np.ndarray, np.ndarray]:
    """AMCT: q = clamp(round(x/scale) + offset), x' = (q - offset)·scale, float32, ties to even
    (the order of AMCT's fake-quantization module: round, then add the offset).
    Returns (x', the mask of clipped values)."""
    q = np.rint((x.astype(F32) / F32(scale)).astype(F32)) + F32(offset)
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    clipped = (q < lo) | (q > hi)
    return ((np.clip(q, lo, hi) - F32(offset)) * F32(scale)).astype(F32), clipped


def run_node(op: str, x: np.ndarray, w: np.ndarray | None, b: np.ndarray | None, attrs: dict,
             opset: int = 13) -> np.ndarray:
    """One node alone in onnxruntime, weights and bias as constants."""
    import onnxruntime as ort

    inputs, inits = ["x"], []
    if w is not None:
        inputs.append("w")
        inits.append(numpy_helper.from_array(np.asarray(w, F32), "w"))
    if b is not None:
        inputs.append("b")
        inits.append(numpy_helper.from_array(np.asarray(b, F32), "b"))
    g = helper.make_graph([helper.make_node(op, inputs, ["y"], **attrs)], "one",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, list(x.shape))],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    s = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"])
    return s.run(None, {"x": x})[0]


def amct_similarity(y: np.ndarray, yq: np.ndarray) -> float:
    """0.5 + 0.5·cos as AMCT's CosineSimilaritySensitivity.compare (float64 here)."""
    a, b = y.astype(np.float64).ravel(), yq.astype(np.float64).ravel()
    if np.all(a == 0):
        return 1.0
    if np.all(b == 0):
        return 0.0
    return 0.5 + 0.5 * float(a @ b) / float(np.linalg.norm(a) * np.linalg.norm(b))


def calibrate(lo: float, hi: float, bits: int = 8) -> tuple[float, int]:
    """scale_d/offset_d from a range: asymmetric, through zero (AMCT's calculate_scale_offset)."""
    lo, hi = min(float(lo), 0.0), max(float(hi), 0.0)
    scale = float(F32((hi - lo) / (2 ** bits - 1)))
    if scale < float(np.finfo(F32).eps):
        scale = 1.0
    return scale, int(np.rint(-(2 ** (bits - 1)) - lo / scale))


def sqnr(x: np.ndarray, xq: np.ndarray) -> float:
    a, e = x.astype(np.float64), x.astype(np.float64) - xq.astype(np.float64)
    return float(10 * np.log10((a * a).sum() / (e * e).sum()))


# --- records --------------------------------------------------------------------------------

def record_text(entries: dict[str, dict]) -> str:
    """An ONNX-dialect record: key -> fields (scale_d, offset_d, scale_w list, act_type, …)."""
    lines = []
    for key, f in entries.items():
        lines.append("record {")
        lines.append(f'  key: "{key}"')
        lines.append("  value {")
        for name, v in f.items():
            for item in (v if isinstance(v, list | tuple | np.ndarray) else [v]):
                if isinstance(item, str):
                    lines.append(f'    {name}: "{item}"')
                elif isinstance(item, bool | np.bool_):
                    lines.append(f"    {name}: {'true' if item else 'false'}")
                elif isinstance(item, int | np.integer):
                    lines.append(f"    {name}: {int(item)}")
                else:
                    lines.append(f"    {name}: {float(np.float32(item))!r}")
        lines.append("  }")
        lines.append("}")
    return "\n".join(lines) + "\n"


def constants(model: onnx.ModelProto) -> dict[str, np.ndarray]:
    """The model's constant tensors by name: initializers and Constant nodes' values."""
    out = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    for node in model.graph.node:
        if node.op_type == "Constant":
            for a in node.attribute:
                if a.name == "value":
                    out[node.output[0]] = numpy_helper.to_array(a.t)
    return out


def attributes(node: onnx.NodeProto) -> dict:
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}
