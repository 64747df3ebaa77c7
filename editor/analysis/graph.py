"""The ONNX graphs the activation analysis runs: the float model with, beside it, each
analysed layer's fake-quantized twin and the reductions that measure it; and the model with
every analysed layer fake-quantized, for the whole-model check. Built with the `onnx`
package only; `run` hands them to onnxruntime, which prepares and runs the two side by side.

Why in the graph: the statistics of a layer's input are sums over millions of values per
sample. Asking onnxruntime for those tensors as outputs copies them out of its memory and
stops it fusing the nodes they come from (on PP-OCRv4 det that alone took longer than the
whole run); reduced by onnxruntime itself, a handful of numbers per layer come back.

Each analysed layer gets a *branch* reading its float input ``x`` (and, where it has one,
its float output ``y``):

- the level ``q = clamp(round(x / scale_d) + offset_d)``: x / scale_d divided in float32 and
  rounded half to even, then the offset added — the order of AMCT's fake-quantization module
  (``custom_op/fake_quant``). It equals ``round(x / scale_d + offset_d)`` except where that
  float32 sum rounds onto a half (about one value in 10^5 for INT8, which then lands one
  level over). For INT8 (an offset in int8's range) ``QuantizeLinear(x, scale_d, offset_d)``
  is exactly this, and ``DequantizeLinear(q, scale_d, offset_d)`` gives
  ``x' = (q - offset_d)·scale_d``: two quick nodes. Otherwise ``u = x / scale_d + 1.5·2^23``
  rounds to an integer, halves to even, exactly (float32 has no fraction bits there) for
  every |x / scale_d| < 2^22 — beyond, the value clips whatever the rounding; ``uc`` is u
  clamped to the levels that do not clip, ``x' = (uc - 1.5·2^23)·scale_d``;
- clipped values: ``d = u - uc`` is a whole number, zero where nothing clipped, and the sums
  of ``clamp(d, -1, 1)`` and of its absolute value count the values clipped above and below.
  The level is a non-decreasing function of x, so this runs (an ``If``) only when the min or
  the max of x lies beyond the float32 thresholds `clip_thresholds` finds;
- ``Σx²``, ``Σ(x - x')²``, min, max, and a fixed random sample of x (for a histogram);
- ``y'`` = the layer's own operator on x' and the fake-quantized weights (bias float), and
  ``Σy²``, ``Σy'²``, ``Σ(y - y')²`` for AMCT's similarity.

``Σx²`` and ``Σ(x - x')²`` are taken over the last axis in float32 and returned as such; the
caller adds them up in float64 (a float32 sum of millions of values drifts by up to 10^-3,
these partial sums do not). The three sums of the similarity are onnxruntime's float32 totals,
several times quicker: `metrics.cosine_of_difference` makes the cosine from them so that an
error in the sums moves it by that error times ‖y - y'‖/‖y‖ only (10^-7 on PP-OCRv4 det).
With a DMQ tensor_balance_factor, x is first divided by it along its channels, as AMCT's
quantization module does; the statistics are those of the balanced activations.
"""
from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

#: adding this to a float32 |t| < 2^22 rounds it to an integer, halves to even
MAGIC = np.float32(1.5 * 2**23)

#: values of each layer's input kept per sample for its histogram
SAMPLE_SIZE = 4096


def default_opset(model: onnx.ModelProto) -> int:
    """The model's version of the default ONNX domain."""
    for op in model.opset_import:
        if op.domain in ("", "ai.onnx"):
            return int(op.version)
    return 1


@dataclass
class LayerPlan:
    """What the analysis runs for one record entry (see the module docstring).

    `x`: the input tensor quantized; `y`: the float output compared (None for a
    ``layer:input`` key: statistics of the input only); `node`: the layer's node, whose
    operator and attributes y' uses; `weight`: its fake-quantized weights in the node's own
    layout (None for a pooling layer); `bias`: a tensor name of the model, a folded bias,
    or None; `balance`: the tensor_balance_factor shaped to divide x with.
    """

    index: int
    key: str
    x: str
    y: str | None
    node: onnx.NodeProto
    act_bits: int
    scale_d: float
    offset_d: int
    weight: np.ndarray | None = None
    bias: str | np.ndarray | None = None
    balance: np.ndarray | None = None
    #: the folded BatchNorm's node name: the quantized copy of the model replaces it
    folded_bn: str | None = None
    #: the input of `node` that `x` feeds (0, or the index of a ``layer:input`` key)
    input_index: int = 0
    #: fixed sample positions: random non-negative int64, taken modulo the tensor's size
    sample_at: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))


def level(x: float | np.floating[Any], scale: np.float32) -> np.float32:
    """u(x) = x / scale + 1.5·2^23 in float32, as the graph computes it: round(x / scale) + 1.5·2^23."""
    with np.errstate(all="ignore"):
        return np.float32(np.float32(np.float32(x) / scale) + MAGIC)


def _ordered(x: np.float32) -> int:
    """An integer that orders float32 values as they compare (-0 and +0 apart, no nan)."""
    i = int(np.asarray(x, np.float32).view(np.int32))
    return i if i >= 0 else -(i & 0x7FFFFFFF) - 1


def _unordered(k: int) -> np.float32:
    i = k if k >= 0 else -(k + 1) | -0x80000000
    return np.float32(np.asarray(i, np.int32).view(np.float32).item())


def clip_thresholds(bits: int, scale: np.float32, offset: np.float32) -> tuple[np.float32, np.float32]:
    """(the smallest x that does not clip below, the largest that does not clip above), as
    float32. The level is non-decreasing in x for a positive scale, so an input clips iff its
    min is below the first or its max above the second; a scale that is not positive and
    finite gives (inf, -inf): every input counts as clipping and is counted."""
    return _clip_thresholds(bits, float(np.float32(scale)), float(np.float32(offset)))


@functools.lru_cache(maxsize=4096)
def _clip_thresholds(bits: int, scale_f: float, offset_f: float) -> tuple[np.float32, np.float32]:
    scale, offset = np.float32(scale_f), np.float32(offset_f)
    if not (np.isfinite(scale) and scale > 0 and np.isfinite(offset)):
        return np.float32(np.inf), np.float32(-np.inf)
    lo_u, hi_u = level_bounds(bits, offset)
    neg_inf, pos_inf = _ordered(np.float32(-np.inf)), _ordered(np.float32(np.inf))

    def near(x: float) -> int:
        """The ordered integer of x as float32 (the infinities where it overflows)."""
        with np.errstate(over="ignore"):
            return _ordered(np.float32(x)) if math.isfinite(x) else (pos_inf if x > 0 else neg_inf)

    def first(pred: Callable[[np.float32], bool | np.bool_], guess: int) -> int:
        """The first k in [neg_inf, pos_inf] where pred (non-decreasing) holds, pos_inf + 1 for
        none: a bracket galloping from `guess` (a few ulps off the answer), then halving it."""
        a, b = neg_inf, pos_inf + 1
        k, step = min(max(guess, neg_inf), pos_inf), 1
        if pred(level(_unordered(k), scale)):
            b = k
            while k - step >= neg_inf and pred(level(_unordered(k - step), scale)):
                k, b, step = k - step, k - step, step * 2
            a = max(neg_inf, k - step + 1) if k - step >= neg_inf else neg_inf
        else:
            a = k + 1
            while k + step <= pos_inf and not pred(level(_unordered(k + step), scale)):
                k, a, step = k + step, k + step + 1, step * 2
            b = k + step if k + step <= pos_inf else pos_inf + 1
        while a < b:
            m = (a + b) // 2
            if pred(level(_unordered(m), scale)):
                b = m
            else:
                a = m + 1
        return a

    s64 = float(scale)
    k_lo = first(lambda u: u >= lo_u, near((float(lo_u - MAGIC) - 0.5) * s64))
    k_hi = first(lambda u: u > hi_u, near((float(hi_u - MAGIC) + 0.5) * s64)) - 1
    x_lo = _unordered(k_lo) if k_lo <= pos_inf else np.float32(np.inf)
    x_hi = _unordered(k_hi) if k_hi >= neg_inf else np.float32(-np.inf)
    return np.float32(x_lo), np.float32(x_hi)


def level_bounds(bits: int, offset: np.float32) -> tuple[np.float32, np.float32]:
    """The levels u that do not clip: [-2^(b-1) - offset, 2^(b-1) - 1 - offset] + 1.5·2^23, as
    float32 (whole numbers, exact for any offset within ±2^22)."""
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return np.float32(np.float32(lo) - offset) + MAGIC, np.float32(np.float32(hi) - offset) + MAGIC


def int8_path(bits: int, offset_d: int) -> bool:
    """Whether onnxruntime's int8 QuantizeLinear/DequantizeLinear can do the fake quantization
    (INT8 with an offset in int8's range): the same numbers as the float chain in two nodes."""
    return bits == 8 and -128 <= offset_d <= 127


def factor_values(bits: int, scale_d: float, offset_d: int) -> dict[str, np.ndarray]:
    """The scalars a branch takes for one set of activation factors (by FACTOR_NAMES, plus
    FACTOR_NAMES_INT8 where `int8_path`)."""
    s = np.float32(scale_d)
    o = np.float32(offset_d)
    x_lo, x_hi = clip_thresholds(bits, s, o)
    lo_u, hi_u = level_bounds(bits, o)
    out = {"scale": np.asarray(s), "magic": np.asarray(MAGIC), "lo": np.asarray(lo_u), "hi": np.asarray(hi_u),
           "x_lo": np.asarray(x_lo), "x_hi": np.asarray(x_hi)}
    if int8_path(bits, offset_d):
        out["offset_i8"] = np.asarray(np.int8(offset_d))
    return out


FACTOR_NAMES = ("scale", "magic", "lo", "hi", "x_lo", "x_hi")
FACTOR_NAMES_INT8 = ("offset_i8",)


class Builder:
    """Adds nodes and constants to a graph under unique names, for the model's opset."""

    def __init__(self, graph: onnx.GraphProto, opset: int, taken: set[str], prefix: str = "ra"):
        self.graph = graph
        self.opset = opset
        self.taken = taken
        self.prefix = prefix
        self._n = 0
        #: constants made so far, by value: the same value is one initializer (scalars by their
        #: bytes, arrays by identity), which spares onnxruntime sharing them itself
        self._consts: dict[object, tuple[str, np.ndarray]] = {}

    def sub(self, graph: onnx.GraphProto) -> Builder:
        """A builder adding nodes to a subgraph (an If's branch); its constants go to this graph."""
        child = Builder(graph, self.opset, self.taken, self.prefix)
        child._n = 0
        child.const = self.const  # type: ignore[method-assign]
        child.name = self.name  # type: ignore[method-assign]
        return child

    def name(self, hint: str) -> str:
        while True:
            self._n += 1
            candidate = f"__{self.prefix}{self._n}_{hint}"
            if candidate not in self.taken:
                self.taken.add(candidate)
                return candidate

    def const(self, value: np.ndarray, hint: str = "c") -> str:
        value = np.asarray(value)
        key: object = (value.dtype.str, value.shape, value.tobytes()) if value.size <= 16 else id(value)
        known = self._consts.get(key)
        if known is not None:
            return known[0]
        name = self.name(hint)
        self.graph.initializer.append(numpy_helper.from_array(value, name))
        self._consts[key] = (name, value)  # the value kept: its id stays its own
        return name

    def node(self, op: str, inputs: list[str], hint: str = "", n_out: int = 1, **attrs: Any) -> str:
        outs = [self.name(hint or op) for _ in range(n_out)]
        node = self.graph.node.add(op_type=op, name=self.name(op + "_node"), input=inputs, output=outs)
        if attrs:
            node.attribute.extend(helper.make_attribute(k, v) for k, v in sorted(attrs.items()))
        return outs[0]

    def reduce(self, op: str, x: str, axes: list[int] | None, hint: str = "") -> str:
        """A reduction over `axes` (all when None), keepdims 0, axes as the opset wants them."""
        as_input = self.opset >= (13 if op == "ReduceSum" else 18)
        if axes is None:
            return self.node(op, [x], hint, keepdims=0)
        if as_input:
            return self.node(op, [x, self.const(np.asarray(axes, np.int64), "axes")], hint, keepdims=0)
        return self.node(op, [x], hint, keepdims=0, axes=axes)

    def partial(self, op: str, x: str, hint: str = "") -> str:
        """`op` over the last axis in float32: the partial sums the caller adds up in float64."""
        return self.reduce(op, x, [-1], hint)


def fake_quant(b: Builder, x: str, f: dict[str, str]) -> tuple[str, str | None, str | None, str | None]:
    """(x', v, u, uc) for activations x and factor tensors `f` (module docstring). On the int8
    path (`f` has FACTOR_NAMES_INT8) only x' is made: ``QuantizeLinear(x, scale_d, offset_d)``
    rounds x / scale_d half to even, adds the offset and saturates to int8,
    ``DequantizeLinear(q, scale_d, offset_d)`` is ``(q - offset_d)·scale_d``."""
    if "offset_i8" in f:
        q = b.node("QuantizeLinear", [x, f["scale"], f["offset_i8"]], "q")
        return b.node("DequantizeLinear", [q, f["scale"], f["offset_i8"]], "xq"), None, None, None
    v = b.node("Div", [x, f["scale"]], "v")
    u, uc = levels(b, v, f)
    xq = b.node("Mul", [b.node("Sub", [uc, f["magic"]], "lv"), f["scale"]], "xq")
    return xq, v, u, uc


def levels(b: Builder, v: str, f: dict[str, str]) -> tuple[str, str]:
    """(u, uc): v rounded half to even, plus 1.5·2^23, and that clamped to the levels that do
    not clip."""
    u = b.node("Add", [v, f["magic"]], "u")
    return u, b.node("Clip", [u, f["lo"], f["hi"]], "uc")


def clip_counts(b: Builder, x: str, u: str | None, uc: str | None, low: str, high: str,
                f: dict[str, str]) -> tuple[str, str]:
    """(Σ|sign|, Σsign) partial sums counting the values clipped below and above, computed only
    when some value clips (an ``If``): the level is a non-decreasing function of x, so some
    value clips iff the min is below `clip_thresholds`' first or the max above its second."""
    clips = b.node("Or", [b.node("Less", [low, f["x_lo"]], "below"), b.node("Greater", [high, f["x_hi"]], "above")],
                   "clips")
    then = helper.make_graph([], b.name("clipping"), [], [])
    sub = b.sub(then)
    if u is None or uc is None:
        u, uc = levels(sub, sub.node("Div", [x, f["scale"]], "v"), f)
    signs = sub.node("Clip", [sub.node("Sub", [u, uc], "d"), f["minus_one"], f["plus_one"]], "sign")
    clip, net = sub.partial("ReduceL1", signs, "clip"), sub.partial("ReduceSum", signs, "net")
    then.output.extend([helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in (clip, net)])
    zeros = helper.make_graph([], b.name("no_clipping"), [], [])
    z = b.sub(zeros)
    none = [z.node("Identity", [f["zero"]], "none"), z.node("Identity", [f["zero"]], "none")]
    zeros.output.extend([helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in none])
    outs = [b.name("clip"), b.name("net")]
    b.graph.node.append(helper.make_node("If", [clips], outs, name=b.name("If_node"),
                                         then_branch=then, else_branch=zeros))
    return outs[0], outs[1]


def balanced(b: Builder, x: str, balance: str | None) -> str:
    return x if balance is None else b.node("Div", [x, balance], "xb")


def layer_op(b: Builder, plan: LayerPlan, xq: str, weight: str | None, bias: str | None, hint: str) -> str:
    """The layer's own operator on x' (and its weights and bias), attributes as in the model."""
    node = plan.node
    if weight is None:  # pooling: the same node on x'
        inputs = list(node.input)
        inputs[plan.input_index] = xq
    else:
        inputs = [xq, weight] + ([bias] if bias is not None else [])
    out = b.name(hint)
    b.graph.node.append(helper.make_node(node.op_type, inputs, [out], name=b.name(node.op_type + "_q"),
                                         domain=node.domain or None))
    b.graph.node[-1].attribute.extend(node.attribute)
    return out


#: the per-sample numbers a branch returns
STAT_NAMES = ("size", "clip", "net", "x2", "e2", "min", "max", "sample", "yy", "qq", "dd")


def add_branch(b: Builder, plan: LayerPlan, f: dict[str, str], weight: str | None, bias: str | None,
               balance: str | None, y: str | None) -> dict[str, str]:
    """The nodes measuring one layer (module docstring); returns the output names by STAT_NAMES
    (the last three only where `y` is given)."""
    xb = balanced(b, plan.x, balance)
    xq, _, u, uc = fake_quant(b, xb, f)
    out: dict[str, str] = {}
    out["size"] = b.node("Size", [xb], "size")
    out["min"] = b.reduce("ReduceMin", xb, None, "min")
    out["max"] = b.reduce("ReduceMax", xb, None, "max")
    out["clip"], out["net"] = clip_counts(b, xb, u, uc, out["min"], out["max"], f)
    out["x2"] = b.partial("ReduceSumSquare", xb, "x2")
    out["e2"] = b.partial("ReduceSumSquare", b.node("Sub", [xb, xq], "e"), "e2")
    flat = b.node("Reshape", [xb, b.const(np.asarray([-1], np.int64), "flat")], "flat")
    # sample positions: fixed random integers modulo the tensor's size
    at = b.node("Mod", [b.const(plan.sample_at, "at"), out["size"]], "at")
    out["sample"] = b.node("Gather", [flat, at], "sample", axis=0)
    if y is not None:
        yq = layer_op(b, plan, xq, weight, bias, "yq")
        out["yy"] = b.reduce("ReduceSumSquare", y, None, "yy")
        out["qq"] = b.reduce("ReduceSumSquare", yq, None, "qq")
        out["dd"] = b.reduce("ReduceSumSquare", b.node("Sub", [y, yq], "d"), None, "dd")
    return out


def shared_constants(b: Builder) -> dict[str, str]:
    """The constants every branch uses (names by role)."""
    return {"minus_one": b.const(np.asarray(-1, np.float32), "m1"), "plus_one": b.const(np.asarray(1, np.float32), "p1"),
            "zero": b.const(np.asarray(0, np.float32), "zero")}


def _names_in(graph: onnx.GraphProto) -> set[str]:
    names = {i.name for i in graph.input} | {i.name for i in graph.initializer} | {o.name for o in graph.output}
    for node in graph.node:
        names.update(node.output)
        names.add(node.name)
        for a in node.attribute:
            for g in ([a.g] if a.HasField("g") else []) + list(a.graphs):
                names |= _names_in(g)
    return names


def float_outputs(model: onnx.ModelProto) -> list[str]:
    """The model's float32 outputs (those the whole-model check compares)."""
    return [o.name for o in model.graph.output
            if o.type.HasField("tensor_type") and o.type.tensor_type.elem_type in (TensorProto.FLOAT, 0)]


@dataclass
class AnalysisGraph:
    """The models to run, and where each number comes out: `model` is the float model with
    every plan's branch, `layers[i]` maps STAT_NAMES to its output names for plans[i];
    `quantized` is the model with every planned layer fake-quantized (None without the
    whole-model check) and `outputs` the float outputs it is compared on, which both models
    give under the same names."""

    model: onnx.ModelProto
    plans: list[LayerPlan]
    layers: list[dict[str, str]]
    outputs: list[str] = field(default_factory=list)
    quantized: onnx.ModelProto | None = None


def analysis_model(model: onnx.ModelProto, plans: list[LayerPlan], *, whole_model: bool = True) -> AnalysisGraph:
    """The model with every plan's branch, and (`whole_model`) the model with every planned
    layer fake-quantized, whose outputs are compared with the float ones (`quantized_model`).
    Two models, so that onnxruntime can prepare and run them side by side."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    b = Builder(g, default_opset(m), _names_in(g))
    layers = []
    shared = shared_constants(b)
    for plan in plans:
        f = {k: b.const(v, k) for k, v in factor_values(plan.act_bits, plan.scale_d, plan.offset_d).items()}
        f.update(shared)
        w = b.const(plan.weight, "wq") if plan.weight is not None else None
        bias = b.const(plan.bias, "bias") if isinstance(plan.bias, np.ndarray) else plan.bias
        bal = b.const(plan.balance, "tbf") if plan.balance is not None else None
        layers.append(add_branch(b, plan, f, w, bias, bal, plan.y))
    wanted = [v for d in layers for v in d.values()]
    g.output.extend(onnx.ValueInfoProto(name=n) for n in wanted)
    if not (whole_model and plans):
        return AnalysisGraph(m, plans, layers)
    return AnalysisGraph(m, plans, layers, float_outputs(model), quantized_model(model, plans))


def quantized_model(model: onnx.ModelProto, plans: list[LayerPlan]) -> onnx.ModelProto:
    """The model with every planned layer fake-quantized: its input x', its weights, a folded
    BatchNorm's bias (the BatchNorm itself an Identity). Tensors keep their names, so its
    outputs are named as the float model's."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    g = m.graph
    # its own name prefix, so that a profile tells its nodes from the branches'
    b = Builder(g, default_opset(m), _names_in(g), "rq")
    by_node = {p.node.name: p for p in plans if p.node.name}
    folded = {p.folded_bn for p in plans if p.folded_bn}
    nodes = list(g.node)
    del g.node[:]
    for node in nodes:
        plan = by_node.get(node.name) if node.name else None
        if plan is not None:
            f = {k: b.const(v, k) for k, v in factor_values(plan.act_bits, plan.scale_d, plan.offset_d).items()
                 if k not in ("x_lo", "x_hi")}
            bal = b.const(plan.balance, "tbf") if plan.balance is not None else None
            k = plan.input_index
            node.input[k] = fake_quant(b, balanced(b, node.input[k], bal), f)[0]
            if plan.weight is not None:
                node.input[1] = b.const(plan.weight, "wq")
                if plan.bias is not None:
                    bias = b.const(plan.bias, "bias") if isinstance(plan.bias, np.ndarray) else plan.bias
                    if len(node.input) > 2:
                        node.input[2] = bias
                    else:
                        node.input.append(bias)
        if node.name and node.name in folded:
            node = helper.make_node("Identity", [node.input[0]], [node.output[0]], name=node.name)
        g.node.append(node)
    # the float weights the quantized ones replace: not loaded twice
    used = {i for n in g.node for i in n.input} | {o.name for o in g.output}
    for n in g.node:
        used |= _outer_reads(n)
    kept = [t for t in g.initializer if t.name in used]
    del g.initializer[:]
    g.initializer.extend(kept)
    dropped = {t.name for t in model.graph.initializer} - used
    inputs = [i for i in g.input if i.name not in dropped]
    del g.input[:]
    g.input.extend(inputs)
    return m


def probe_model(model: onnx.ModelProto, plan: LayerPlan, x_info: onnx.ValueInfoProto,
                y_info: onnx.ValueInfoProto | None, bias: np.ndarray | None) -> tuple[onnx.ModelProto, dict[str, str]]:
    """A model of one layer's branch alone: its inputs are x (and y), the factors (FACTOR_NAMES),
    ``weight`` and ``balance`` where the layer has them, so that one session serves every
    re-run of the layer whatever its factors become."""
    g = helper.make_graph([], "probe", [], [])
    opset = default_opset(model)
    b = Builder(g, opset, set(), "p")
    g.input.append(x_info)
    plan = dataclasses.replace(plan, x=x_info.name)
    y = None
    if y_info is not None:
        g.input.append(y_info)
        y = y_info.name
    f = shared_constants(b)
    for k in FACTOR_NAMES:
        g.input.append(helper.make_tensor_value_info(k, TensorProto.FLOAT, []))
        f[k] = k
    if int8_path(plan.act_bits, plan.offset_d):
        for k in FACTOR_NAMES_INT8:
            g.input.append(helper.make_tensor_value_info(k, TensorProto.INT8, []))
            f[k] = k
    weight = None
    if plan.weight is not None:
        g.input.append(helper.make_tensor_value_info("weight", TensorProto.FLOAT, list(plan.weight.shape)))
        weight = "weight"
    bal = None
    if plan.balance is not None:
        g.input.append(helper.make_tensor_value_info("balance", TensorProto.FLOAT, list(plan.balance.shape)))
        bal = "balance"
    bias_name = b.const(bias, "bias") if bias is not None else None
    outs = add_branch(b, plan, f, weight, bias_name, bal, y)
    g.output.extend(onnx.ValueInfoProto(name=n) for n in outs.values())
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = model.ir_version
    return m, outs


def prefix_model(model: onnx.ModelProto, names: Iterable[str]) -> onnx.ModelProto:
    """The part of the model that computes `names`, which become its only outputs
    (onnxruntime runs every node of a model, whatever outputs a run asks for)."""
    wanted = list(dict.fromkeys(names))
    g = model.graph
    needed = set(wanted)
    keep = []
    for node in reversed(g.node):
        if any(o in needed for o in node.output):
            keep.append(node)
            needed.update(i for i in node.input if i)
            needed.update(_outer_reads(node))
    m = onnx.ModelProto()
    m.CopyFrom(model)
    del m.graph.node[:]
    m.graph.node.extend(reversed(keep))
    del m.graph.output[:]
    m.graph.output.extend(onnx.ValueInfoProto(name=n) for n in wanted)
    inputs = [i for i in m.graph.input if i.name in needed]
    del m.graph.input[:]
    m.graph.input.extend(inputs)
    inits = [t for t in m.graph.initializer if t.name in needed]
    del m.graph.initializer[:]
    m.graph.initializer.extend(inits)
    return m


def _outer_reads(node: onnx.NodeProto) -> set[str]:
    """Tensors of the enclosing graph that a node's subgraphs read."""
    out: set[str] = set()
    for a in node.attribute:
        for g in ([a.g] if a.HasField("g") else []) + list(a.graphs):
            local = {i.name for i in g.input} | {t.name for t in g.initializer}
            for n in g.node:
                out.update(i for i in n.input if i and i not in local)
                out.update(r for r in _outer_reads(n) if r not in local)
                local.update(n.output)
    return out
