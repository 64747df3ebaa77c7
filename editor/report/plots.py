"""The report's pictures as inline SVG (`svg`): the whole-model overview, a layer's channels,
weight and activation histograms, prune ranges. The same numbers as the window's plots
(`editor.figures`), drawn in the same colours.
"""
from __future__ import annotations

import math

import numpy as np

from editor.figures.prune import BAR_INVERTED, BAR_MISMATCH, BAR_NO_RANGE, BAR_OK, BAR_OVERLAP, PruneLayout
from editor.figures.series import LayerSeries
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant
from editor.records.problems import Severity
from editor.records.values import clip_middle
from editor.report.svg import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    RED,
    SKY,
    Row,
    Scale,
    Svg,
    columns,
    data_range,
    n1,
    number,
    polyline,
    spans,
    stairs,
    stems,
    x_axis,
    y_axis,
)

WIDTH = 1000
LEFT, RIGHT = 64, 14
#: layers beyond which the overview draws no dots or median ticks (lines stay readable)
DOT_LIMIT = 400
#: layers up to which each gets a hover text (and a link to its section)
HOVER_LIMIT = 1000
#: titled marks (hover texts) per channel plot at most
MARK_LIMIT = 200


def _plot_width() -> int:
    return WIDTH - LEFT - RIGHT


def _layer_x(n: int) -> Scale:
    return Scale(-0.5, max(n, 1) - 0.5, LEFT, WIDTH - RIGHT)


def _legend(svg: Svg, x: float, y: float, items: list[tuple[str, str, str]]) -> None:
    """(shape, colour, text) items in a row from (x, y), right-aligned to the plot's edge."""
    widths = [18 + 6.5 * len(text) for _s, _c, text in items]
    pos = max(LEFT, x - sum(widths))
    for (shape, colour, text), w in zip(items, widths, strict=True):
        if shape == "line":
            svg.line(pos, y - 4, pos + 12, y - 4, stroke=colour, width=2)
        elif shape == "dash":
            svg.line(pos, y - 4, pos + 12, y - 4, stroke=colour, width=2, dash="4 3")
        else:
            svg.mark(shape, pos + 6, y - 4, colour, r=3)
        svg.text(pos + 15, y, text, size=10, fill="#333")
        pos += w


def _row_stack(heights: list[tuple[str, float]], top: float = 22, gap: float = 26) -> list[tuple[float, float]]:
    out = []
    y = top
    for _name, h in heights:
        out.append((y, y + h))
        y += h + gap
    return out


def overview_svg(data) -> str:
    """The whole record, one column per layer in file order: scale_w min–max with its median
    and scale_d (log), the activation clip range, problem marks, and — where known — each
    layer's worst scale_w / ARQ, weight SQNR, similarity, and the comparison's B / A."""
    d = data.overview
    n = len(d)
    source = data.source
    analysis = source.analysis
    rows: list[tuple[str, float]] = [("scales", 150), ("clip", 80), ("marks", 22)]
    if data.arq_ratios is not None:
        rows.append(("arq", 70))
    sqnr = None
    if analysis is not None:
        sqnr = np.full(n, np.nan)
        for r in analysis.layers:
            if r.weights is not None and 0 <= r.index < n:
                sqnr[r.index] = r.weights.sqnr_db
        if np.isfinite(sqnr).any():
            rows.append(("sqnr", 70))
        else:
            sqnr = None
    sim = None
    if analysis is not None and analysis.activations_run:
        sim = np.full(n, np.nan)
        for r in analysis.layers:
            if r.similarity is not None and 0 <= r.index < n:
                sim[r.index] = r.similarity
        rows.append(("similarity", 70))
    compare = None
    if data.differences is not None:
        compare = _compare_series(data, n)
        rows.append(("compare", 70))
    bands = _row_stack(rows)
    height = bands[-1][1] + 44
    svg = Svg(WIDTH, height, translate("report", "Overview of every layer"))
    x = _layer_x(n)
    xs = x(np.arange(n, dtype=np.float64)) if n else np.zeros(0)
    flagged = {f.index for f in data.flagged[:data.request.max_layers]}
    for (name, _h), (top, bottom) in zip(rows, bands, strict=True):
        if name == "scales":
            lo, hi = data_range([d.w_min, d.w_max, d.scale_d], log=True)
            row = Row(top, bottom, Scale(lo, hi, bottom, top, log=True), translate("report", "scale_w and scale_d"))
            y_axis(svg, row, LEFT, WIDTH - RIGHT)
            ok = np.isfinite(d.w_min) & np.isfinite(d.w_max) & (d.w_min > 0)
            cx, mn, _ = columns(xs[ok], d.w_min[ok], LEFT, WIDTH - RIGHT, _plot_width())
            _cx, _, mx = columns(xs[ok], d.w_max[ok], LEFT, WIDTH - RIGHT, _plot_width())
            if cx.size == _cx.size:
                svg.path(spans(cx, row.y(mn), row.y(mx)), stroke=SKY, width=3 if n <= 200 else 1.5)
            if n <= DOT_LIMIT:
                ym = row.y(d.w_median[ok])
                svg.path("".join(f"M{n1(a - 3)} {n1(b)}h6" for a, b in zip(xs[ok].tolist(), ym.tolist(),
                                                                              strict=True)), stroke=BLUE, width=1.5)
            sd = np.where(d.scale_d > 0, d.scale_d, np.nan)
            svg.path(polyline(xs, row.y(sd)), stroke=PURPLE, width=1.2)
            if n <= DOT_LIMIT:
                for a, b in zip(xs.tolist(), row.y(sd).tolist(), strict=True):
                    if b == b:
                        svg.mark("circle", a, b, PURPLE, r=2)
            _legend(svg, WIDTH - RIGHT, top - 4, [("line", SKY, translate("report", "scale_w min–max")),
                                                  ("line", BLUE, translate("report", "median")),
                                                  ("line", PURPLE, "scale_d")])
        elif name == "clip":
            lo, hi = data_range([d.clip_lo, d.clip_hi], log=False)
            row = Row(top, bottom, Scale(lo, hi, bottom, top), translate("report", "activation clip range"))
            y_axis(svg, row, LEFT, WIDTH - RIGHT)
            ok = np.isfinite(d.clip_lo) & np.isfinite(d.clip_hi)
            cx, mn, _ = columns(xs[ok], d.clip_lo[ok], LEFT, WIDTH - RIGHT, _plot_width())
            _cx, _, mx = columns(xs[ok], d.clip_hi[ok], LEFT, WIDTH - RIGHT, _plot_width())
            if cx.size == _cx.size:
                svg.path(spans(cx, row.y(mn), row.y(mx)), stroke=GREEN, width=3 if n <= 200 else 1.5, opacity=None)
            if lo < 0 < hi:
                svg.line(LEFT, row.y.at(0.0), WIDTH - RIGHT, row.y.at(0.0), stroke="#bbb", dash="3 3")
        elif name == "marks":
            svg.text(LEFT, top - 4, translate("report", "problems"), size=11, bold=True)
            mid = (top + bottom) / 2
            for i in range(n):
                worst = _worst(data.source.problems.get(i, ()))
                if worst is Severity.ERROR:
                    svg.mark("triangle", float(xs[i]), mid, RED, r=3.5)
                elif worst is Severity.WARNING:
                    svg.mark("circle", float(xs[i]), mid, ORANGE, r=3.5)
                elif d.outliers[i] > 0:
                    svg.mark("diamond", float(xs[i]), mid, BLUE, r=3)
            _legend(svg, WIDTH - RIGHT, top - 4, [("triangle", RED, translate("report", "error")),
                                                  ("circle", ORANGE, translate("report", "warning")),
                                                  ("diamond", BLUE, translate("report", "scale_w outliers"))])
        elif name == "arq":
            assert data.arq_ratios is not None and data.arq_flagged is not None
            _points_row(svg, xs, data.arq_ratios, top, bottom, translate("report", "worst scale_w / ARQ"), True,
                        lines=(1.0, data.request.waste or 2.0), bad=data.arq_flagged)
        elif name == "sqnr" and sqnr is not None:
            _points_row(svg, xs, sqnr, top, bottom, translate("report", "weight SQNR (dB)"), False)
        elif name == "similarity" and sim is not None:
            thr = data.request.min_similarity
            _points_row(svg, xs, sim, top, bottom, translate("report", "similarity"), False, lines=(thr,),
                        bad=np.nan_to_num(sim, nan=1.0) < thr)
        elif name == "compare" and compare is not None:
            w_factor, d_ratio = compare
            lo, hi = data_range([w_factor, d_ratio, np.array([1.0])], log=True)
            row = Row(top, bottom, Scale(lo, hi, bottom, top, log=True), translate("report", "B ↔ A"))
            y_axis(svg, row, LEFT, WIDTH - RIGHT)
            svg.line(LEFT, row.y.at(1.0), WIDTH - RIGHT, row.y.at(1.0), stroke=GREY, dash="3 3")
            one = row.y.at(1.0)
            ok = np.isfinite(w_factor)
            svg.path(stems(xs[ok], one, row.y(w_factor[ok])), stroke=ORANGE, width=2)
            ok = np.isfinite(d_ratio)
            for a, b in zip(xs[ok].tolist(), row.y(d_ratio[ok]).tolist(), strict=True):
                svg.mark("circle", a, b, PURPLE, r=2.2)
            _legend(svg, WIDTH - RIGHT, top - 4, [
                ("line", ORANGE, translate("report", "largest scale_w factor")),
                ("circle", PURPLE, translate("report", "scale_d B / A"))])
    x_axis(svg, x, bands[-1][1] + 6, translate("report", "layer (file order)"))
    if 0 < n <= HOVER_LIMIT:
        width = (WIDTH - LEFT - RIGHT) / n
        top, bottom = bands[0][0], bands[-1][1]
        for i in range(n):
            title = _layer_hover(data, i)
            rect = (f'<rect x="{n1(float(xs[i]) - width / 2)}" y="{n1(top)}" width="{n1(width)}" '
                    f'height="{n1(bottom - top)}" fill="#000" fill-opacity="0" class="hover">'
                    f"<title>{_esc(title)}</title></rect>")
            if i in flagged:
                svg.link(f"#layer-{i}", [rect])
            else:
                svg.add(rect)
    return svg.render()


def _esc(text: str) -> str:
    from editor.report.svg import esc

    return esc(text)


def _worst(problems) -> Severity | None:
    worst = None
    for p in problems:
        if p.rule == "scale-w-outlier":
            continue
        if worst is None or p.severity.rank < worst.rank:
            worst = p.severity
    return worst


def _layer_hover(data, i: int) -> str:
    """What hovering layer i in the overview says: its index and key, then its figures."""
    parts = [f"#{i} {clip_middle(data.overview.keys[i], 120)}"]
    for f in data.figures:
        if f.id in ("key", "problems"):
            continue
        text = f.text(data.source, i)
        if text:
            parts.append(f"{f.shown_header}: {text}")
    counts = data.figures[-1].text(data.source, i) if data.figures and data.figures[-1].id == "problems" else ""
    if counts:
        parts.append(counts)
    return "\n".join(parts)


def _points_row(svg: Svg, xs: np.ndarray, values: np.ndarray, top: float, bottom: float, title: str, log: bool,
                lines: tuple[float, ...] = (), bad: np.ndarray | None = None) -> None:
    v = np.where(values > 0, values, np.nan) if log else values
    lo, hi = data_range([v, np.asarray(lines, dtype=np.float64)], log=log)
    row = Row(top, bottom, Scale(lo, hi, bottom, top, log=log), title)
    y_axis(svg, row, LEFT, WIDTH - RIGHT)
    for j, value in enumerate(lines):
        svg.line(LEFT, row.y.at(value), WIDTH - RIGHT, row.y.at(value), stroke=GREY if j == 0 else ORANGE,
                 dash="3 3")
    ok = np.isfinite(v)
    ys = row.y(v)
    good = ok & ~(bad if bad is not None else np.zeros_like(ok))
    small = xs.size <= DOT_LIMIT
    for a, b in zip(xs[good].tolist(), ys[good].tolist(), strict=True):
        if small:
            svg.mark("circle", a, b, BLUE, r=2.2)
    if not small:
        svg.path("".join(f"M{n1(a)} {n1(b - 1)}v2" for a, b in zip(xs[good].tolist(), ys[good].tolist(),
                                                                  strict=True)), stroke=BLUE, width=2)
    if bad is not None:
        for a, b in zip(xs[ok & bad].tolist(), ys[ok & bad].tolist(), strict=True):
            svg.mark("circle", a, b, RED, r=2.8)


def _compare_series(data, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Per layer of A: the largest factor between A's and B's scale_w channels, and scale_d B / A."""
    comparison = data.differences.comparison
    ov = comparison.overview
    w_factor = np.full(n, np.nan)
    d_ratio = np.full(n, np.nan)
    for row, (_key, ia, _ib, _copy) in enumerate(comparison.pairs):
        if 0 <= ia < n:
            lr = ov.scale_w_log_ratio[row]
            if np.isfinite(lr):
                w_factor[ia] = math.exp(abs(float(lr)))
            a, b = ov.scale_d_a[row], ov.scale_d_b[row]
            if a > 0 and b > 0:
                d_ratio[ia] = b / a
    return w_factor, d_ratio


# --------------------------------------------------------------------------- one layer

def channel_svg(series: LayerSeries, review=None, other: np.ndarray | None = None, waste: float = 2.0) -> str:
    """A layer's scale_w by output channel: bars, the outliers marked and the fence, AMCT's
    ARQ value of the weights as a step line and scale_w / ARQ on a strip below (with a
    model's weights), B's scale_w dashed (with a comparison)."""
    values = series.scale_w.astype(np.float64)
    nch = values.size
    positive = values[np.isfinite(values) & (values > 0)]
    log = positive.size > 0 and positive.max() > 10 * positive.min()
    out = series.outliers
    fence = out.fence
    rows: list[tuple[str, float]] = [("scale_w", 170)]
    if review is not None:
        rows.append(("ratio", 70))
    bands = _row_stack(rows)
    height = bands[-1][1] + 44
    svg = Svg(WIDTH, height, translate("report", "scale_w of {key} by output channel").format(
        key=clip_middle(series.key, 120)))
    x = Scale(-0.5, max(nch, 1) - 0.5, LEFT, WIDTH - RIGHT)
    xs = x(np.arange(nch, dtype=np.float64))
    edges = x(np.arange(nch + 1, dtype=np.float64) - 0.5)
    for (name, _h), (top, bottom) in zip(rows, bands, strict=True):
        if name == "scale_w":
            extra = [positive if log else values[np.isfinite(values)]]
            if review is not None:
                extra.append(review.arq.scale.astype(np.float64))
            if other is not None:
                extra.append(np.asarray(other, dtype=np.float64))
            if fence is not None:
                extra.append(np.asarray(fence, dtype=np.float64))
            lo, hi = data_range(extra, log=log)
            if not log:
                lo = min(lo, 0.0)
            row = Row(top, bottom, Scale(lo, hi, bottom, top, log=log), "scale_w")
            y_axis(svg, row, LEFT, WIDTH - RIGHT)
            base = bottom if log else row.y.at(0.0)
            shown = np.where(np.isfinite(values) & ((values > 0) | (not log)), values, np.nan)
            cx, mn, mx = columns(xs, shown, LEFT, WIDTH - RIGHT, _plot_width())
            thick = 2.5 if nch <= 200 else 1.2 if nch <= _plot_width() else 1
            if cx.size and np.array_equal(mn, mx):
                svg.path(stems(cx, base, row.y(mx)), stroke=SKY, width=thick)
            elif cx.size:
                svg.path(spans(cx, row.y(mn), row.y(mx)), stroke=SKY, width=thick)
            if fence is not None:
                for f in fence:
                    if row.y.inside(np.asarray([f]))[0]:
                        svg.line(LEFT, row.y.at(f), WIDTH - RIGHT, row.y.at(f), stroke=ORANGE, dash="4 3")
            if review is not None:
                svg.path(stairs(edges, row.y(review.arq.scale.astype(np.float64))), stroke=BLACK, width=1.3)
            if other is not None and np.asarray(other).size == nch:
                svg.path(polyline(xs, row.y(np.where(np.asarray(other) > 0, other, np.nan) if log else other)),
                         stroke=ORANGE, width=1.2, dash="5 3")
            bad = out.indices
            marks = 0
            for c in bad.tolist():
                kind = int(out.kind[c])
                v = float(values[c])
                invalid = kind in (quant.INVALID, quant.DEGENERATE)
                y = bottom - 4 if (invalid and log) or not math.isfinite(v) else float(row.y(np.asarray([v]))[0])
                title = None
                if marks < MARK_LIMIT:
                    title = translate("report", "channel {c}: {value} ({kind})").format(
                        c=c, value=quant.f32_str(v), kind=translate("report", _KIND[kind]))
                    marks += 1
                svg.mark("circle", float(xs[c]), y, RED if invalid else ORANGE, title=title, r=3)
            items = [("line", SKY, "scale_w"), ("circle", ORANGE, translate("report", "outlier")),
                     ("dash", ORANGE, translate("report", "fence"))]
            if review is not None:
                items.append(("line", BLACK, translate("report", "ARQ from the weights")))
            if other is not None:
                items.append(("dash", ORANGE, translate("report", "B's scale_w")))
            _legend(svg, WIDTH - RIGHT, top - 4, items)
        elif name == "ratio" and review is not None:
            ratio = review.ratio.astype(np.float64)
            lo, hi = data_range([np.where(ratio > 0, ratio, np.nan), np.array([1.0, waste])], log=True)
            row = Row(top, bottom, Scale(lo, hi, bottom, top, log=True), "scale_w / ARQ")
            y_axis(svg, row, LEFT, WIDTH - RIGHT)
            one = row.y.at(1.0)
            svg.line(LEFT, one, WIDTH - RIGHT, one, stroke=GREY, dash="3 3")
            svg.line(LEFT, row.y.at(waste), WIDTH - RIGHT, row.y.at(waste), stroke=ORANGE, dash="3 3")
            r = np.where(ratio > 0, ratio, np.nan)
            cx, mn, mx = columns(xs, r, LEFT, WIDTH - RIGHT, _plot_width())
            if cx.size:
                ylo, yhi = row.y(mn), row.y(mx)
                top_y = np.minimum(np.minimum(ylo, yhi), one)
                bot_y = np.maximum(np.maximum(ylo, yhi), one)
                svg.path(spans(cx, bot_y, top_y), stroke=GREY, width=1)
            for c in np.flatnonzero(review.flagged)[:MARK_LIMIT].tolist():
                v = float(ratio[c])
                y = float(row.y(np.asarray([v if v > 0 else lo]))[0])
                clip = bool(review.clipped[c])
                title = translate("report", "channel {c}: scale_w / ARQ = {ratio}").format(c=c, ratio=f"{v:.4g}")
                svg.mark("cross" if clip else "diamond", float(xs[c]), y, RED if clip else PURPLE, title=title, r=3)
            _legend(svg, WIDTH - RIGHT, top - 4, [("cross", RED, translate("report", "clips the weights")),
                                                  ("diamond", PURPLE, translate("report", "wastes levels"))])
    x_axis(svg, x, bands[-1][1] + 6, translate("report", "output channel"))
    return svg.render()


#: why a channel is an outlier (translated where shown)
_KIND = {quant.INVALID: QT_TRANSLATE_NOOP("report", "not finite or ≤ 0"),
         quant.DEGENERATE: QT_TRANSLATE_NOOP("report", "below FLT_EPSILON"),
         quant.LOW: QT_TRANSLATE_NOOP("report", "below the fence"),
         quant.HIGH: QT_TRANSLATE_NOOP("report", "above the fence")}
#: a prune node's role (translated where shown)
_ROLES = {"producer": QT_TRANSLATE_NOOP("report", "producer"), "consumer": QT_TRANSLATE_NOOP("report", "consumer"),
          "selective_prune": QT_TRANSLATE_NOOP("report", "selective")}
HIST_W, HIST_H = 490, 190


def histogram_svg(title: str, counts: np.ndarray, edges: np.ndarray, lines: list[tuple[float, str, str]],
                  note: str) -> str:
    """Bars of `counts` over `edges` (linear), vertical `lines` (value, colour, label) and a
    note under the title."""
    left, right, top, bottom = 46, 10, 40, HIST_H - 34
    svg = Svg(HIST_W, HIST_H, title)
    lo, hi = float(edges[0]), float(edges[-1])
    x = Scale(lo, hi, left, HIST_W - right)
    cmax = float(counts.max()) if counts.size and counts.max() > 0 else 1.0
    y = Scale(0.0, cmax * 1.05, bottom, top)
    svg.text(left, 14, title, size=11, bold=True)
    svg.text(left, 28, note, size=10, fill="#555")
    for v in y.ticks(3):
        py = y.at(v)
        svg.line(left, py, HIST_W - right, py, stroke="#e4e4e4")
        svg.text(left - 4, py + 3.5, number(v), anchor="end", size=10, fill="#555")
    px = x(edges.astype(np.float64))
    d = []
    for k, c in enumerate(counts.tolist()):
        if c <= 0:
            continue
        d.append(f"M{n1(float(px[k]))} {n1(bottom)}V{n1(y.at(float(c)))}H{n1(float(px[k + 1]))}V{n1(bottom)}z")
    svg.path("".join(d), fill=SKY, stroke=BLUE, width=0.4)
    for value, colour, label in lines:
        if lo <= value <= hi:
            p = x.at(value)
            svg.line(p, top, p, bottom, stroke=colour, width=1.3, dash="4 3")
            svg.text(p + 2, top + 9, label, size=9, fill=colour)
    x_axis(svg, x, bottom, "", integer=False)
    return svg.render()


def weight_histogram_svg(hist, channel: int) -> str:
    """One output channel's weights (as AMCT quantizes them) with the range the record's
    scale_w allows, ±(2^(b−1) − 1)·scale_w."""
    lo, hi = hist.grid
    note = translate("report", "scale_w {scale}, INT{bits}: levels over [{lo}, {hi}]; clipped {low} below, "
                     "{high} above").format(scale=quant.f32_str(hist.scale), bits=hist.bits, lo=f"{lo:.4g}",
                                            hi=f"{hi:.4g}", low=hist.clipped_low, high=hist.clipped_high)
    return histogram_svg(translate("report", "weights of output channel {c}").format(c=channel), hist.counts,
                         hist.edges, [(lo, ORANGE, translate("report", "range")), (hi, ORANGE, "")], note)


def activation_histogram_svg(figures) -> str:
    """A layer's input values over every sample (estimated from the kept sample) with the clip
    range scale_d/offset_d keep."""
    lo, hi = figures.clip_range
    a = min(float(figures.min), lo)
    b = max(float(figures.max), hi)
    if not (math.isfinite(a) and math.isfinite(b)) or b <= a:
        a, b = lo - 1.0, hi + 1.0
    counts, edges = figures.sample.histogram(64, (a, b))
    note = translate("report", "clip range [{lo}, {hi}]; seen [{min}, {max}]; clipped {clipped}").format(
        lo=f"{lo:.4g}", hi=f"{hi:.4g}", min=f"{figures.min:.4g}", max=f"{figures.max:.4g}",
        clipped=f"{100 * figures.clipped:.3g}%")
    return histogram_svg(translate("report", "input values (activations)"), np.asarray(counts), np.asarray(edges),
                         [(lo, ORANGE, translate("report", "clip")), (hi, ORANGE, "")], note)


# --------------------------------------------------------------------------- prune records

_BAR_COLOURS = {BAR_OK: GREEN, BAR_NO_RANGE: GREY, BAR_INVERTED: RED, BAR_MISMATCH: RED, BAR_OVERLAP: ORANGE}


def prune_svg(layout: PruneLayout, labels: dict[tuple[int, str, int], str] | None = None) -> str:
    """Each producer's and consumer's [begin, end) as a bar, grouped per prune record, coloured
    by what is wrong with it (green: fine)."""
    row_h = 15.0
    label_w = 260.0
    top = 10.0
    height = top + (layout.rows + 1) * row_h + 40
    svg = Svg(WIDTH, height, translate("report", "Prune ranges"))
    ends = [b.extent[1] for b in layout.bars if b.drawn] or [1]
    starts = [b.extent[0] for b in layout.bars if b.drawn] or [0]
    x = Scale(min(0, min(starts)), max(ends), label_w + 10, WIDTH - RIGHT)
    for row, text in sorted(layout.headers.items()):
        svg.text(4, top + row * row_h + 11, clip_middle(text, 110), size=10.5, bold=True)
    for bar in layout.bars:
        y = top + bar.row * row_h
        name = (labels or {}).get((bar.prune_index, bar.role, bar.node_index)) or bar.name
        role = translate("report", _ROLES.get(bar.role, _ROLES["selective_prune"]))
        svg.text(12, y + 11, f"{role}: {clip_middle(name, 34)}", size=10, fill="#333")
        if bar.drawn:
            b0, b1 = bar.extent
            title = f"{bar.name} [{bar.begin}, {bar.end})" + ("\n" + "\n".join(bar.notes) if bar.notes else "")
            svg.rect(x.at(b0), y + 2, max(x.at(b1) - x.at(b0), 1.5), row_h - 4, _BAR_COLOURS[bar.status],
                     title=title)
    x_axis(svg, x, top + (layout.rows + 1) * row_h, translate("report", "channel"))
    return svg.render()
