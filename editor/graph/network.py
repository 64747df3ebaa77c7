"""The network of an attached model as a graph to draw: which layers are nodes, which
tensors connect them. No Qt here.

A `Model` (`editor.models`) lists its layers with the tensor names each reads (`inputs`) and
writes (`outputs`). An edge runs from the layer that wrote a tensor to each layer that reads
it. Two things make that less simple than it sounds:

- **In-place layers.** Caffe's ReLU, BatchNorm and Scale often read and write the same blob
  (``bottom: "res2a" top: "res2a"``). A reader takes the blob from the last layer *before it*
  that wrote it, as Caffe runs the net in file order; so conv → BatchNorm → Scale → ReLU is a
  chain, not four edges out of the convolution.
- **Constants.** An ONNX model computes its weights' shapes and values with nodes of their
  own (``Constant``, ``ConstantOfShape`` and the ``Unsqueeze``/``Reshape`` after them: about
  half the nodes of the PP-OCR and ``onnx`` test models); a TensorFlow graph holds its weights
  in ``Const`` nodes read through ``Identity``. None of them depends on the network's input,
  and a drawing of them hides the network. Only the layers that depend on an input are
  drawn (`NetworkGraph.hidden` counts the others). The inputs are the model's declared inputs
  (`Model.inputs`: ONNX graph inputs that are not initializers) where the reader knows them;
  otherwise a tensor no layer writes is an input, except that TensorFlow's ``Const`` and
  variables are constants by type. Where nothing depends on an input (a model without any),
  every layer is drawn.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from editor.models.base import Layer, Model

#: op types that hold a constant whatever their inputs (they read no tensor, or only a shape)
CONSTANT_TYPES = frozenset({
    "Constant", "ConstantOfShape",  # ONNX
    "Const", "VariableV2", "Variable", "VarHandleOp", "ReadVariableOp",  # TensorFlow
})


@dataclass
class NetworkGraph:
    """The layers of `model` that are drawn (`layers`, model indices in file order) and the
    edges between them (`edges`: pairs of positions in `layers`, from writer to reader)."""

    model: Model
    layers: list[int] = field(default_factory=list)
    edges: list[tuple[int, int]] = field(default_factory=list)
    #: layers left out as constants (see the module docstring)
    hidden: int = 0

    def __len__(self) -> int:
        return len(self.layers)

    def layer(self, node: int) -> Layer:
        """The model layer of node `node`."""
        return self.model.layers[self.layers[node]]

    def node_of(self) -> dict[int, int]:
        """Model layer index → node (for the drawn layers)."""
        return {li: n for n, li in enumerate(self.layers)}


def _readers(layers: Sequence[Layer]) -> list[list[tuple[str, int | None]]]:
    """For each layer, the tensors it reads and the layer that wrote each (None: nobody)."""
    writers: dict[str, list[int]] = {}
    for i, layer in enumerate(layers):
        for t in layer.outputs:
            if t:
                writers.setdefault(t, []).append(i)
    out: list[list[tuple[str, int | None]]] = []
    for i, layer in enumerate(layers):
        found: list[tuple[str, int | None]] = []
        for t in layer.inputs:
            if not t:
                continue  # an ONNX optional input left out
            ws = writers.get(t)
            if not ws:
                found.append((t, None))
                continue
            # the last writer before this layer (in-place layers); a graph out of order
            # (TensorFlow's need not be sorted) has only later ones: the first of them
            before = [w for w in ws if w < i]
            w = before[-1] if before else next((w for w in ws if w != i), None)
            found.append((t, w))
        out.append(found)
    return out


def network_graph(model: Model) -> NetworkGraph:
    """The graph of `model`'s layers that depend on its input (module docstring)."""
    layers = model.layers
    reads = _readers(layers)
    declared = set(model.inputs)
    is_source_input = (lambda t: t in declared) if declared else (lambda t: True)
    # which layers depend on an input: a fixed point over the edges (file order first, then
    # again for graphs out of order)
    live = [False] * len(layers)
    changed = True
    while changed:
        changed = False
        for i, layer in enumerate(layers):
            if live[i] or layer.op_type in CONSTANT_TYPES:
                continue
            if any((w is None and is_source_input(t)) or (w is not None and live[w]) for t, w in reads[i]) \
                    or (not reads[i] and layer.op_type == "Placeholder"):
                live[i] = True
                changed = True
    if not any(live):
        live = [True] * len(layers)  # nothing depends on an input: show everything
    drawn = [i for i, on in enumerate(live) if on]
    node = {li: n for n, li in enumerate(drawn)}
    edges: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for li in drawn:
        for _t, w in reads[li]:
            if w is None or w not in node or w == li:
                continue
            e = (node[w], node[li])
            if e not in seen:
                seen.add(e)
                edges.append(e)
    return NetworkGraph(model, drawn, edges, hidden=len(layers) - len(drawn))
