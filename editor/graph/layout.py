"""A layered (Sugiyama) drawing of a directed graph, top to bottom, in pure Python with numpy.
No Qt here.

`layered_layout(n, edges, widths, ...)` places `n` boxes of the given widths (one height) on
rows so that every edge points down, and routes each edge through the rows it crosses:

1. **Cycles** are broken by turning round the edges a depth-first search meets going back
   (a network graph rarely has any: a TensorFlow loop's ``NextIteration``). They are drawn
   pointing up again.
2. **Rows** by the longest path from a source; a source then moves down to the row above its
   first reader, so that a second input sits beside the layer that takes it.
3. **Long edges** (a residual connection across a block) get a bend point on each row they
   cross, which takes part in the ordering and placement like a thin node.
4. **Order in a row** by barycentre sweeps, down and up, keeping the order with the fewest
   crossings (counted exactly, by inversions).
5. **x** by repeated passes that pull each box towards the mean of its neighbours on the row
   above or below, at the least squared distance that keeps the row's order and the gaps
   between boxes (pool-adjacent-violators regression, exact per row), bend points weighted
   more so that long edges run straight.

The result is a `GraphLayout`: box centres, the polyline of each edge, the drawing's size.
How long each step took is in `timings` (the benchmark, ``scripts/bench_graph.py``, prints them).
docs/ARCHITECTURE.md §3 ("The model's graph") says why this and not Graphviz or a library.
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

#: progress check: returns False to stop (the layout then raises `LayoutCancelled`)
KeepGoing = Callable[[], bool]


class LayoutCancelled(Exception):
    """The caller asked the layout to stop."""


@dataclass
class GraphLayout:
    """Where each box and edge of a graph is drawn (y grows downwards).

    `x`, `y`: centre of each box; `widths`, `height`: their size; `edges[k]`: the (x, y)
    points of edge k of the input from its source's bottom to its target's top (through its
    bend points), `reversed_edges`: the edges turned round to break a cycle (their points
    still run from source to target); `rank`: each box's row.
    """

    x: np.ndarray
    y: np.ndarray
    widths: np.ndarray
    height: float
    rank: np.ndarray
    edges: list[np.ndarray]
    width: float
    total_height: float
    reversed_edges: frozenset[int] = frozenset()
    timings: dict[str, float] = field(default_factory=dict)
    engine: str = "layered"

    def __len__(self) -> int:
        return int(self.x.size)


def _check(keep_going: KeepGoing | None) -> None:
    if keep_going is not None and not keep_going():
        raise LayoutCancelled


def _break_cycles(n: int, succ: list[list[int]]) -> set[tuple[int, int]]:
    """Edges (u, v) a depth-first search meets going back to a node on its path."""
    state = [0] * n  # 0 new, 1 on the path, 2 done
    back: set[tuple[int, int]] = set()
    for root in range(n):
        if state[root]:
            continue
        stack = [(root, 0)]
        state[root] = 1
        while stack:
            u, k = stack[-1]
            if k < len(succ[u]):
                stack[-1] = (u, k + 1)
                v = succ[u][k]
                if state[v] == 0:
                    state[v] = 1
                    stack.append((v, 0))
                elif state[v] == 1:
                    back.add((u, v))
            else:
                state[u] = 2
                stack.pop()
    return back


def _ranks(n: int, edges: Sequence[tuple[int, int]]) -> np.ndarray:
    """Longest-path rows of a DAG, then each source moved down to just above its first reader."""
    succ: list[list[int]] = [[] for _ in range(n)]
    indeg = [0] * n
    for u, v in edges:
        succ[u].append(v)
        indeg[v] += 1
    rank = [0] * n
    order: list[int] = [i for i in range(n) if indeg[i] == 0]
    head = 0
    while head < len(order):
        u = order[head]
        head += 1
        for v in succ[u]:
            if rank[u] + 1 > rank[v]:
                rank[v] = rank[u] + 1
            indeg[v] -= 1
            if indeg[v] == 0:
                order.append(v)
    has_pred = [False] * n
    for _u, v in edges:
        has_pred[v] = True
    for u in reversed(order):
        if not has_pred[u] and succ[u]:
            rank[u] = min(rank[v] for v in succ[u]) - 1
    return np.asarray(rank, dtype=np.int64)


def _inversions(seq: list[int]) -> int:
    """How many pairs of `seq` are out of order (merge sort)."""
    if len(seq) < 2:
        return 0
    count = 0
    width = 1
    a = list(seq)
    n = len(a)
    while width < n:
        merged: list[int] = []
        for lo in range(0, n, 2 * width):
            mid, hi = min(lo + width, n), min(lo + 2 * width, n)
            i, j = lo, mid
            while i < mid and j < hi:
                if a[j] < a[i]:
                    merged.append(a[j])
                    count += mid - i
                    j += 1
                else:
                    merged.append(a[i])
                    i += 1
            merged.extend(a[i:mid])
            merged.extend(a[j:hi])
        a = merged
        width *= 2
    return count


def _crossings(rows: list[list[int]], pos: list[int], down: list[list[int]]) -> int:
    """Edge crossings between each pair of neighbouring rows for the order `pos`."""
    total = 0
    for r in range(len(rows) - 1):
        row = rows[r]
        if len(row) < 2 and len(rows[r + 1]) < 2:
            continue  # one box above or below and one edge at most between them: no crossing
        pairs = sorted((pos[u], pos[v]) for u in row for v in down[u])
        total += _inversions([p[1] for p in pairs])
    return total


def _pav(target: list[float], weight: list[float]) -> list[float]:
    """The non-decreasing sequence closest to `target` in weighted least squares."""
    if len(target) == 1:
        return target
    vals: list[float] = []
    wts: list[float] = []
    lens: list[int] = []
    for t, w in zip(target, weight, strict=True):
        vals.append(t)
        wts.append(w)
        lens.append(1)
        while len(vals) > 1 and vals[-2] > vals[-1]:
            w2 = wts[-2] + wts[-1]
            v2 = (vals[-2] * wts[-2] + vals[-1] * wts[-1]) / w2
            n2 = lens[-2] + lens[-1]
            del vals[-1], wts[-1], lens[-1]
            vals[-1], wts[-1], lens[-1] = v2, w2, n2
    out: list[float] = []
    for v, k in zip(vals, lens, strict=True):
        out.extend([v] * k)
    return out


def layered_layout(n: int, edges: Sequence[tuple[int, int]], widths: Sequence[float] | np.ndarray,
                   height: float = 30.0, *, hgap: float = 16.0, vgap: float = 34.0, dummy_width: float = 6.0,
                   sweeps: int = 12, passes: int = 8, keep_going: KeepGoing | None = None) -> GraphLayout:
    """Place `n` boxes of `widths` × `height` in rows, edges pointing down (module docstring).

    `edges` are (source, target) pairs of box indices; self-loops and repeats are ignored.
    `keep_going` is asked between steps; when it returns False the layout raises
    `LayoutCancelled`.
    """
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    w = np.asarray(widths, dtype=np.float64).reshape(-1)
    if w.size != n:
        raise ValueError(f"{w.size} widths for {n} boxes")
    if n == 0:
        return GraphLayout(np.zeros(0), np.zeros(0), w, height, np.zeros(0, np.int64), [], 0.0, 0.0)
    clean: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for u, v in edges:
        if u != v and (u, v) not in seen and 0 <= u < n and 0 <= v < n:
            seen.add((u, v))
            clean.append((u, v))
    succ: list[list[int]] = [[] for _ in range(n)]
    for u, v in clean:
        succ[u].append(v)
    back = _break_cycles(n, succ)
    dag = [(v, u) if (u, v) in back else (u, v) for u, v in clean]
    rank = _ranks(n, dag)
    timings["rows"] = time.perf_counter() - t0
    _check(keep_going)

    # bend points: node ids n, n+1, … ; chains[k] is edge k's nodes from top to bottom
    t = time.perf_counter()
    node_rank = rank.tolist()
    node_w = w.tolist()
    down: list[list[int]] = [[] for _ in range(n)]
    up: list[list[int]] = [[] for _ in range(n)]
    chains: list[list[int]] = []
    for u, v in dag:
        chain = [u]
        for r in range(node_rank[u] + 1, node_rank[v]):
            d = len(node_rank)
            node_rank.append(r)
            node_w.append(dummy_width)
            down.append([])
            up.append([])
            chain.append(d)
        chain.append(v)
        for a, b in itertools.pairwise(chain):
            down[a].append(b)
            up[b].append(a)
        chains.append(chain)
    total = len(node_rank)
    n_rows = max(node_rank) + 1 if node_rank else 0
    rows: list[list[int]] = [[] for _ in range(n_rows)]
    # initial order: depth-first from the sources, so that a chain stays in one column
    visited = [False] * total
    order_seen: list[int] = []
    for root in sorted(range(n), key=lambda i: (node_rank[i], i)):
        if visited[root]:
            continue
        stack = [root]
        while stack:
            u = stack.pop()
            if visited[u]:
                continue
            visited[u] = True
            order_seen.append(u)
            stack.extend(reversed(down[u]))
    for u in order_seen:
        rows[node_rank[u]].append(u)
    pos = [0] * total
    for row in rows:
        for k, u in enumerate(row):
            pos[u] = k
    timings["bends"] = time.perf_counter() - t
    _check(keep_going)

    # order in each row: barycentre sweeps, the best order kept
    t = time.perf_counter()
    best = _crossings(rows, pos, down)
    best_rows = [list(r) for r in rows]
    for sweep in range(sweeps):
        if best == 0:
            break
        going_down = sweep % 2 == 0
        seq = range(1, n_rows) if going_down else range(n_rows - 2, -1, -1)
        for r in seq:
            row = rows[r]
            if len(row) < 2:
                continue
            nbrs = up if going_down else down
            keys = []
            for u in row:
                ps = [pos[x] for x in nbrs[u]]
                keys.append((sum(ps) / len(ps)) if ps else float(pos[u]))
            ranked = sorted(range(len(row)), key=lambda k: (keys[k], k))
            rows[r] = [row[k] for k in ranked]
            for k, u in enumerate(rows[r]):
                pos[u] = k
        c = _crossings(rows, pos, down)
        if c < best:
            best = c
            best_rows = [list(r) for r in rows]
        _check(keep_going)
    rows = best_rows
    for row in rows:
        for k, u in enumerate(row):
            pos[u] = k
    timings["order"] = time.perf_counter() - t

    # x: pulled towards the neighbours, keeping order and gaps (PAV per row); plain lists:
    # most rows hold one to three boxes, too few for numpy to pay
    t = time.perf_counter()
    x = [0.0] * total
    seps: list[list[float]] = []
    for row in rows:
        offs = [0.0]
        for a, b in itertools.pairwise(row):
            offs.append(offs[-1] + (node_w[a] + node_w[b]) / 2 + hgap)
        seps.append(offs)
        mid = offs[-1] / 2 if row else 0.0
        for u, o in zip(row, offs, strict=False):
            x[u] = o - mid
    # boxes count more than bend points: a chain of layers stays straight and a long edge
    # bends round it (with equal weights the chain would drift a little at every residual block)
    pull = [1.0 if u >= n else 10.0 for u in range(total)]
    lean = [0.1 if u >= n else 1.0 for u in range(total)]
    for p in range(passes):
        before = list(x)
        directions = (up, down) if p % 2 == 0 else (down, up)
        for nbrs in directions:
            seq = range(n_rows) if nbrs is up else range(n_rows - 1, -1, -1)
            for r in seq:
                row = rows[r]
                if not row:
                    continue
                offs = seps[r]
                target: list[float] = []
                weight: list[float] = []
                for u, o in zip(row, offs, strict=True):
                    vs = nbrs[u]
                    if len(vs) == 1:
                        target.append(x[vs[0]] - o)
                        weight.append(pull[u] * pull[vs[0]])
                    elif vs:
                        # a box where a long edge joins (a residual sum) follows its short
                        # edges: a mean over all would shift the chain a little at every block
                        ws = [lean[v] if u < n else 1.0 for v in vs]
                        target.append(sum(x[v] * c for v, c in zip(vs, ws, strict=True)) / sum(ws) - o)
                        weight.append(pull[u])
                    else:
                        target.append(x[u] - o)
                        weight.append(0.05)  # keeps its place, unless pushed
                for u, o, placed in zip(row, offs, _pav(target, weight), strict=True):
                    x[u] = placed + o
        _check(keep_going)
        if max(abs(a - b) for a, b in zip(x, before, strict=True)) < 0.5:
            break  # settled: no box moves by half a unit any more
    left = min(x[u] - node_w[u] / 2 for u in range(total))
    xs = np.asarray(x) - left
    right = float(np.max(xs + np.asarray(node_w) / 2))
    timings["place"] = time.perf_counter() - t

    row_step = height + vgap
    y_of = np.asarray(node_rank, dtype=np.float64) * row_step + height / 2
    paths: list[np.ndarray] = []
    for (u, v), chain in zip(dag, chains, strict=True):
        pts = [(xs[u], y_of[u] + height / 2)]
        pts.extend((xs[d], y_of[d]) for d in chain[1:-1])
        pts.append((xs[v], y_of[v] - height / 2))
        path = np.asarray(pts, dtype=np.float64)
        paths.append(path)
    reversed_edges = frozenset(k for k, (u, v) in enumerate(clean) if (u, v) in back)
    # a turned-round edge was laid out from its target: its points run back from source to target
    for k in reversed_edges:
        paths[k] = paths[k][::-1].copy()
    # edges in the order they were given, repeats and self-loops left out: map back
    by_pair = {e: paths[k] for k, e in enumerate(clean)}
    out_edges = [by_pair.get((u, v), np.zeros((0, 2))) for u, v in edges]
    out_reversed = frozenset(k for k, (u, v) in enumerate(edges) if (u, v) in back)
    timings["total"] = time.perf_counter() - t0
    return GraphLayout(xs[:n].copy(), y_of[:n].copy(), w, float(height), rank.copy(), out_edges,
                       right, n_rows * row_step - vgap, out_reversed, timings)
