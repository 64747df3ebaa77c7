"""What colours the graph: one figure per record layer entry, mapped onto the drawn layers.
No Qt here.

A `LayerFigure` is one number per layer entry of the record, in file order (nan: none for
that entry), with words and which end is bad. The window gets them from the overview
(`ModelOverview.layer_figures()`): its own numbers (the problems, the outliers at the
window's k, the spread of scale_w) and every per-layer series another source put on it
(`LayerValues`: the weights review's scale_w/ARQ, a comparison's changes, and whatever is
added there later). So a figure added to the overview is offered by the graph with no change
here.

`node_figure(graph, keys, figure)` maps the entries onto the graph's nodes by key (the
model's own lookup, `Model.find`: a layer name, a PyTorch module name, ``layer:index``); a
node several entries name takes the worst of their values. `paint(values, figure)` gives
each node its colour (``#rrggbb``) and the legend: the same colours for the window, the
exported pictures and the Model Explorer file.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from editor.graph.network import NetworkGraph

#: which end of a figure's values is bad
HIGH, LOW, AWAY = "high", "low", "away"

#: light (fine) to dark (worst): a sequential scale that reads without colour vision
#: (ColorBrewer's YlOrRd)
RAMP = ("#ffffcc", "#fed976", "#fd8d3c", "#e31a1c", "#800026")
#: a node with no record (it stays float), and a recorded one without a value for the figure
NO_RECORD = "#e4e4e4"
NO_VALUE = "#ffffff"


def _default_format(v: float) -> str:
    return f"{v:.4g}"


@dataclass(frozen=True)
class LayerFigure:
    """One number per layer entry of the record (file order; nan: none), and how to read it.

    `key` names the figure for good (the chooser remembers it), `name` says it in words;
    `worse` is `HIGH` (a count, a spread), `LOW` (an SQNR, a similarity) or `AWAY` from
    `centre` (a ratio whose good value is 1); `log` compares on a log scale (values ≤ 0 are
    none). `levels`, when given, makes the figure a category per entry (value → words,
    colour): the problems' worst severity. `fmt` writes a value, `explain(i)` says more
    about entry `i`.
    """

    key: str
    name: str
    values: np.ndarray
    worse: str = HIGH
    centre: float = 1.0
    log: bool = False
    fmt: Callable[[float], str] = _default_format
    explain: Callable[[int], str] | None = None
    levels: tuple[tuple[float, str, str], ...] = ()

    def text(self, i: int) -> str:
        """Entry `i`'s value as written (a level's words; empty for none)."""
        if not 0 <= i < self.values.size:
            return ""
        v = float(self.values[i])
        if math.isnan(v):
            return ""
        for level, words, _colour in self.levels:
            if v == level:
                return words
        return self.fmt(v)

    def badness(self, v: float) -> float:
        """How bad `v` is on this figure's own axis (higher: worse; nan: none) — before scaling."""
        if math.isnan(v):
            return math.nan
        if self.log:
            if v <= 0 or math.isinf(v):
                return math.nan
            t = math.log10(v)
            c = math.log10(self.centre) if self.centre > 0 else 0.0
        else:
            if math.isinf(v):
                return math.nan
            t, c = v, self.centre
        if self.worse == LOW:
            return -t
        if self.worse == AWAY:
            return abs(t - c)
        return t


@dataclass
class NodeFigure:
    """A figure on the graph's nodes: `values[node]` (nan: none), the record entries that
    name each node (`entries[node]`, file order; empty: no record, the layer stays float)."""

    figure: LayerFigure | None
    values: np.ndarray
    entries: list[list[int]] = field(default_factory=list)

    def recorded(self, node: int) -> bool:
        return bool(self.entries[node])


def node_entries(graph: NetworkGraph, keys: Sequence[str]) -> list[list[int]]:
    """For each node of `graph`, the record entries (by index) whose key names its layer."""
    model = graph.model
    where = {id(layer): k for k, layer in enumerate(model.layers)}
    node_of = graph.node_of()
    out: list[list[int]] = [[] for _ in range(len(graph))]
    for i, key in enumerate(keys):
        layer, _index = model.find(key)
        if layer is None:
            continue
        node = node_of.get(where.get(id(layer), -1))
        if node is not None:
            out[node].append(i)
    return out


def node_figure(graph: NetworkGraph, entries: list[list[int]], figure: LayerFigure | None) -> NodeFigure:
    """`figure`'s value on each node: the worst of the entries that name it."""
    values = np.full(len(graph), np.nan)
    if figure is not None:
        n = figure.values.size
        for node, es in enumerate(entries):
            best, worst = math.nan, -math.inf
            for i in es:
                if i >= n:
                    continue
                v = float(figure.values[i])
                b = figure.badness(v)
                if not math.isnan(b) and b > worst:
                    worst, best = b, v
                elif math.isnan(best) and not math.isnan(v) and figure.levels:
                    best = v
            values[node] = best
    return NodeFigure(figure, values, entries)


def _mix(a: str, b: str, t: float) -> str:
    ra, ga, ba = (int(a[k:k + 2], 16) for k in (1, 3, 5))
    rb, gb, bb = (int(b[k:k + 2], 16) for k in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(x + (y - x) * t) for x, y in ((ra, rb), (ga, gb), (ba, bb))))


def ramp(t: float) -> str:
    """The colour at `t` in [0, 1] along `RAMP`."""
    t = min(max(t, 0.0), 1.0) * (len(RAMP) - 1)
    k = min(int(t), len(RAMP) - 2)
    return _mix(RAMP[k], RAMP[k + 1], t - k)


@dataclass
class Legend:
    """What the colours mean: `items` (colour, words) of a category figure, or the ends of
    the ramp (`low_text` at its light end, `high_text` at its dark end) for a number."""

    title: str = ""
    items: list[tuple[str, str]] = field(default_factory=list)
    low_text: str = ""
    high_text: str = ""
    ramp: bool = False


@dataclass
class Paint:
    """Each node's fill colour, a 0..1 position on the ramp (nan: not on it), and the legend."""

    colours: list[str]
    scaled: np.ndarray
    legend: Legend


def paint(nf: NodeFigure) -> Paint:
    """Colours of the nodes for `nf`: greyed without a record, white without a value, the
    figure's level colour, or the ramp from the best to the worst value shown."""
    fig = nf.figure
    n = nf.values.size
    colours = [NO_RECORD if not nf.recorded(k) else NO_VALUE for k in range(n)]
    scaled = np.full(n, np.nan)
    if fig is None:
        return Paint(colours, scaled, Legend())
    if fig.levels:
        by_level = {level: colour for level, _words, colour in fig.levels}
        for k in range(n):
            v = float(nf.values[k])
            if nf.recorded(k) and v in by_level:
                colours[k] = by_level[v]
        return Paint(colours, scaled, Legend(fig.name, [(c, w) for _l, w, c in fig.levels]))
    bad = np.array([fig.badness(float(v)) if nf.recorded(k) else math.nan for k, v in enumerate(nf.values)])
    ok = np.isfinite(bad)
    legend = Legend(fig.name, ramp=True)
    if not ok.any():
        return Paint(colours, scaled, legend)
    lo, hi = float(bad[ok].min()), float(bad[ok].max())
    if fig.worse == HIGH and not fig.log and lo > 0:
        lo = 0.0  # a count or a spread: none is the light end, not the smallest shown
    if fig.worse == AWAY:
        lo = 0.0  # at the centre
    span = hi - lo
    scaled[ok] = (bad[ok] - lo) / span if span > 0 else 0.0
    for node in np.flatnonzero(ok).tolist():
        colours[node] = ramp(float(scaled[node]))
    best = int(np.flatnonzero(ok)[np.argmin(bad[ok])])
    worst = int(np.flatnonzero(ok)[np.argmax(bad[ok])])
    legend.low_text = fig.fmt(fig.centre) if fig.worse == AWAY else (
        fig.fmt(0.0) if lo == 0.0 and fig.worse == HIGH and not fig.log else fig.fmt(float(nf.values[best])))
    legend.high_text = _away_ends(fig, hi) if fig.worse == AWAY else fig.fmt(float(nf.values[worst]))
    return Paint(colours, scaled, legend)


def _away_ends(fig: LayerFigure, distance: float) -> str:
    """The dark end of a figure bad `AWAY` from its centre: both values that far out (×0.3 is
    as dark as ×3.3), so a value on the other side than the worst one reads right."""
    if fig.log:
        c = math.log10(fig.centre) if fig.centre > 0 else 0.0
        below, above = 10.0 ** (c - distance), 10.0 ** (c + distance)
    else:
        below, above = fig.centre - distance, fig.centre + distance
    return f"{fig.fmt(below)} / {fig.fmt(above)}"
