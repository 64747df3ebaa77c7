"""A figure of the record as Google Model Explorer's node data, so that a team that looks at
its models in Model Explorer sees the record's findings on them there. No Qt here.

Model Explorer (``google-ai-edge/model-explorer``) colours a graph's nodes by a *node data*
JSON file (``model_explorer.node_data_builder``): for one graph,
``{"results": {NODE_ID: {"value": NUMBER, "bgColor": "#rrggbb"}}, "thresholds": [...]}``, the
form without a graph id that it applies to the graph on screen (its UI's
``getNodeDataProviderData``). A result's ``bgColor`` wins over the colour Model Explorer
would compute from ``thresholds`` or ``gradient``; every result carries the colour the
editor's graph shows, so the two pictures agree. Only layers with a record and a value are
written; the others stay uncoloured there as they are grey here.

The node ids are the ones Model Explorer's adapters give (`node_ids`):
- ONNX (the ``model-explorer-onnx`` adapter): the node's name, after onnx_ir's
  ``NameFixPass``: an unnamed node is ``node``, ``node_1``, ``node_2``… and a name taken by
  an earlier node gets ``_1``, ``_2``… in file order (nodes inside If/Loop bodies, which the
  editor does not read, would shift that numbering).
- TensorFlow GraphDef (its built-in adapter, graph ``main``): the node's position in the
  GraphDef, ``"0"``, ``"1"``…
- Caffe: Model Explorer reads no Caffe model; the layer names are written, as an adapter for
  it would name them.
"""
from __future__ import annotations

import json
import math
import os
from collections import Counter
from pathlib import Path
from typing import Any

from editor.graph.figures import NodeFigure, Paint
from editor.graph.network import NetworkGraph
from editor.models.base import Model


def _unique(preferred: str, used: set[str], counter: Counter[str]) -> str:
    name = preferred
    while name in used:
        counter[preferred] += 1
        name = f"{preferred}_{counter[preferred]}"
    used.add(name)
    return name


def node_ids(model: Model) -> list[str]:
    """Model Explorer's id of each layer of `model`, in model order (module docstring)."""
    if model.framework == "tensorflow":
        return [str(k) for k in range(len(model.layers))]
    if model.framework != "onnx":
        return [layer.name for layer in model.layers]
    used: set[str] = set()
    counter: Counter[str] = Counter()
    out = []
    for layer in model.layers:
        name = layer.name if not layer.unnamed and layer.name else "node"
        out.append(_unique(name, used, counter))
    return out


def node_data(graph: NetworkGraph, nf: NodeFigure, painted: Paint) -> dict[str, Any]:
    """The node data of figure `nf` on `graph`, coloured as `painted` (module docstring)."""
    ids = node_ids(graph.model)
    results: dict[str, dict[str, Any]] = {}
    for node, li in enumerate(graph.layers):
        v = float(nf.values[node])
        if not nf.recorded(node) or not math.isfinite(v):
            continue
        value: int | float = int(v) if v.is_integer() and abs(v) < 2 ** 53 else v
        results[ids[li]] = {"value": value, "bgColor": painted.colours[node]}
    data: dict[str, Any] = {"results": results}
    fig = nf.figure
    if fig is not None and fig.levels:
        # Model Explorer's legend: a value up to each level has that level's colour
        data["thresholds"] = [{"value": level, "bgColor": colour} for level, _words, colour in fig.levels]
    return data


def write_node_data(path: str | os.PathLike, data: dict[str, Any]) -> Path:
    """Write node data as JSON (UTF-8); OSError when the file cannot be written."""
    p = Path(path)
    text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False)
    p.write_text(text + "\n", encoding="utf-8")
    return p
