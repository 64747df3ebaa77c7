"""Inline SVG drawn from the numbers, without Qt: scales with ticks, rows of a chart, marks.

Small on purpose. Every coordinate is written with one decimal in a fixed view box, so the
same numbers give the same bytes; nothing depends on fonts being measured (text is placed,
never sized), dates, random ids or dictionary order. A row of many values is drawn as one
path (stems ``M x y V y``, lines ``L``), and where there are more values than pixel columns
each column draws the minimum to the maximum of its values — what is seen is exact, and the
size of a plot stays bounded by its width, not by its number of channels.
"""
from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

#: colours of the window's plots (editor/ui/plots/_colors.py), as CSS
RED, ORANGE, BLUE, GREEN, GREY, PURPLE, SKY, BLACK = (
    "#d62728", "#ff7f0e", "#1f77b4", "#2ca02c", "#7f7f7f", "#9467bd", "#17becf", "#222")


def esc(text: str) -> str:
    """Text for SVG and HTML content and attributes."""
    return html.escape(text, quote=True)


def n1(x: float) -> str:
    """A coordinate: one decimal, no trailing zero, never ``-0``."""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def number(x: float, digits: int = 3) -> str:
    """A tick label: `digits` significant digits, exponent form outside [1e-3, 1e4)."""
    if x == 0:
        return "0"
    a = abs(x)
    if a < 1e-3 or a >= 1e4:
        mant, exp = f"{x:.{max(digits - 1, 0)}e}".split("e")
        mant = mant.rstrip("0").rstrip(".")
        return f"{mant}e{int(exp)}"
    return f"{x:.{digits}g}"


@dataclass(frozen=True)
class Scale:
    """Data → pixels along one axis, linear or log10; `lo`..`hi` map to `a`..`b`."""

    lo: float
    hi: float
    a: float
    b: float
    log: bool = False

    def _t(self, v):
        if self.log:
            with np.errstate(divide="ignore", invalid="ignore"):
                v = np.log10(v)
            lo, hi = math.log10(self.lo), math.log10(self.hi)
        else:
            lo, hi = self.lo, self.hi
        return (np.asarray(v, dtype=np.float64) - lo) / ((hi - lo) or 1.0)

    def __call__(self, v) -> np.ndarray:
        """Pixel positions of `v` (clipped to the axis; nan stays nan)."""
        t = np.clip(self._t(v), 0.0, 1.0)
        return self.a + t * (self.b - self.a)

    def at(self, v: float) -> float:
        return float(self(np.asarray([v]))[0])

    def inside(self, v) -> np.ndarray:
        t = self._t(v)
        return (t >= -1e-9) & (t <= 1 + 1e-9)

    def ticks(self, count: int = 5) -> list[float]:
        """Tick values inside the axis: decades (and 2, 5 between when few) on a log axis,
        1-2-5 steps on a linear one."""
        if self.log:
            k0, k1 = math.floor(math.log10(self.lo) + 1e-9), math.ceil(math.log10(self.hi) - 1e-9)
            steps = max(1, math.ceil((k1 - k0) / count))
            out = [10.0 ** k for k in range(k0, k1 + 1, steps)]
            if k1 - k0 <= 1:
                out = sorted({m * 10.0 ** k for k in range(k0 - 1, k1 + 1) for m in (1, 2, 5)})
            return [v for v in out if self.lo * (1 - 1e-9) <= v <= self.hi * (1 + 1e-9)]
        span = self.hi - self.lo
        if not span > 0:
            return [self.lo]
        raw = span / max(count, 1)
        mag = 10.0 ** math.floor(math.log10(raw))
        step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
        first = math.ceil(self.lo / step - 1e-9)
        out = []
        k = first
        while k * step <= self.hi + step * 1e-9:
            out.append(0.0 if abs(k * step) < step * 1e-9 else k * step)
            k += 1
        return out


def data_range(values: Iterable[np.ndarray], log: bool, pad: float = 0.05) -> tuple[float, float]:
    """A range holding the finite values (positive ones on a log axis), padded a little."""
    parts = [np.asarray(v, dtype=np.float64).ravel() for v in values]
    allv = np.concatenate(parts) if parts else np.zeros(0)
    allv = allv[np.isfinite(allv)]
    if log:
        allv = allv[allv > 0]
    if not allv.size:
        return (0.1, 10.0) if log else (0.0, 1.0)
    lo, hi = float(allv.min()), float(allv.max())
    if log:
        if hi <= lo:
            lo, hi = lo / 2, hi * 2
        f = (hi / lo) ** pad
        return lo / f, hi * f
    if hi <= lo:
        d = abs(lo) * 0.5 or 1.0
        return lo - d, hi + d
    d = (hi - lo) * pad
    return lo - d, hi + d


class Svg:
    """One SVG picture, built from parts in the order added."""

    def __init__(self, width: float, height: float, label: str) -> None:
        self.width, self.height, self.label = width, height, label
        self.parts: list[str] = []

    def add(self, part: str) -> None:
        self.parts.append(part)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = GREY, width: float = 1,
             dash: str | None = None, cls: str | None = None) -> None:
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' class="{cls}"' if cls else ""
        self.add(f'<line x1="{n1(x1)}" y1="{n1(y1)}" x2="{n1(x2)}" y2="{n1(y2)}" stroke="{stroke}" '
                 f'stroke-width="{n1(width)}"{extra}/>')

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None,
             title: str | None = None, opacity: float | None = None) -> None:
        extra = f' stroke="{stroke}"' if stroke else ""
        extra += f' fill-opacity="{opacity:g}"' if opacity is not None else ""
        body = f"<title>{esc(title)}</title>" if title else ""
        tag = f'<rect x="{n1(x)}" y="{n1(y)}" width="{n1(max(w, 0))}" height="{n1(max(h, 0))}" fill="{fill}"{extra}'
        self.add(f"{tag}>{body}</rect>" if body else f"{tag}/>")

    def path(self, d: str, stroke: str = "none", fill: str = "none", width: float = 1,
             dash: str | None = None, opacity: float | None = None) -> None:
        if not d:
            return
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        extra += f' fill-opacity="{opacity:g}"' if opacity is not None else ""
        self.add(f'<path d="{d}" stroke="{stroke}" fill="{fill}" stroke-width="{n1(width)}"{extra}/>')

    def text(self, x: float, y: float, text: str, anchor: str = "start", size: float = 11,
             fill: str = BLACK, cls: str | None = None, bold: bool = False) -> None:
        extra = f' class="{cls}"' if cls else ""
        extra += ' font-weight="bold"' if bold else ""
        self.add(f'<text x="{n1(x)}" y="{n1(y)}" font-size="{n1(size)}" text-anchor="{anchor}" '
                 f'fill="{fill}"{extra}>{esc(text)}</text>')

    def mark(self, shape: str, x: float, y: float, colour: str, title: str | None = None, r: float = 3.5) -> None:
        """A marker centred at (x, y): ``circle``, ``diamond``, ``triangle``, ``cross``."""
        if shape == "circle":
            tag = f'<circle cx="{n1(x)}" cy="{n1(y)}" r="{n1(r)}" fill="{colour}"'
        elif shape == "diamond":
            tag = (f'<path d="M{n1(x)} {n1(y - r - 0.5)}l{n1(r + 0.5)} {n1(r + 0.5)}l-{n1(r + 0.5)} {n1(r + 0.5)}'
                   f'l-{n1(r + 0.5)} -{n1(r + 0.5)}z" fill="{colour}"')
        elif shape == "triangle":
            tag = (f'<path d="M{n1(x)} {n1(y - r - 1)}l{n1(r + 1)} {n1(2 * r + 1)}h-{n1(2 * r + 2)}z" '
                   f'fill="{colour}"')
        else:  # cross
            tag = (f'<path d="M{n1(x - r)} {n1(y - r)}l{n1(2 * r)} {n1(2 * r)}m0 -{n1(2 * r)}'
                   f'l-{n1(2 * r)} {n1(2 * r)}" stroke="{colour}" stroke-width="1.6" fill="none"')
        self.add(f"{tag}><title>{esc(title)}</title></{tag.split()[0][1:]}>" if title else f"{tag}/>")

    def link(self, href: str, inner: Sequence[str]) -> None:
        """Parts inside an in-page link (``#layer-3``)."""
        self.add(f'<a href="{esc(href)}">{"".join(inner)}</a>')

    def render(self) -> str:
        return (f'<svg viewBox="0 0 {n1(self.width)} {n1(self.height)}" '
                f'role="img" aria-label="{esc(self.label)}" font-family="sans-serif">'
                + "".join(self.parts) + "</svg>")


@dataclass
class Row:
    """One horizontal band of a chart: its top and bottom in pixels, its y scale, its title."""

    top: float
    bottom: float
    y: Scale
    title: str


def y_axis(svg: Svg, row: Row, left: float, right: float, grid: bool = True) -> None:
    """Tick labels on the left of `row`, light grid lines across, the row's title above it."""
    for v in row.y.ticks(4 if row.bottom - row.top > 80 else 3):
        y = row.y.at(v)
        if grid:
            svg.line(left, y, right, y, stroke="#e4e4e4", width=1)
        svg.text(left - 4, y + 3.5, number(v), anchor="end", size=10, fill="#555")
    svg.line(left, row.top, left, row.bottom, stroke="#999")
    svg.text(left, row.top - 4, row.title, size=11, bold=True)


def x_axis(svg: Svg, x: Scale, y: float, label: str, integer: bool = True) -> None:
    """Ticks and labels along the bottom at pixel height `y`."""
    svg.line(x.a, y, x.b, y, stroke="#999")
    for v in x.ticks(8):
        if integer and v != int(v):
            continue
        px = x.at(v)
        svg.line(px, y, px, y + 4, stroke="#999")
        svg.text(px, y + 15, number(v, 6) if not integer else str(int(v)), anchor="middle", size=10, fill="#555")
    svg.text((x.a + x.b) / 2, y + 30, label, anchor="middle", size=11, fill="#333")


def columns(xs: np.ndarray, values: np.ndarray, x_lo: float, x_hi: float, limit: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pixel columns of at most `limit` over [x_lo, x_hi]: (x, min, max) of the finite
    `values` whose pixel position `xs` falls in each (columns without any value left out).
    Where there are no more values than `limit`, each value is its own column."""
    finite = np.isfinite(values)
    xs, values = xs[finite], values[finite]
    if xs.size <= limit:
        return xs, values, values
    width = (x_hi - x_lo) / limit
    col = np.clip(((xs - x_lo) / width).astype(np.int64), 0, limit - 1)
    order = np.argsort(col, kind="stable")
    col, v = col[order], values[order]
    starts = np.flatnonzero(np.r_[True, col[1:] != col[:-1]])
    mins = np.minimum.reduceat(v, starts)
    maxs = np.maximum.reduceat(v, starts)
    centre = x_lo + (col[starts] + 0.5) * width
    return centre, mins, maxs


def stems(x: np.ndarray, y0: float, y: np.ndarray) -> str:
    """``M x y0 V y`` for each column: bars from a base line (a pixel height) to each value."""
    return "".join(f"M{n1(a)} {n1(y0)}V{n1(b)}" for a, b in zip(x.tolist(), y.tolist(), strict=True))


def spans(x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> str:
    """``M x lo V hi`` for each column (a vertical span; at least a pixel tall)."""
    out = []
    for a, b, c in zip(x.tolist(), lo.tolist(), hi.tolist(), strict=True):
        if abs(b - c) < 1.0:
            b, c = (b + c) / 2 + 0.5, (b + c) / 2 - 0.5
        out.append(f"M{n1(a)} {n1(b)}V{n1(c)}")
    return "".join(out)


def polyline(x: np.ndarray, y: np.ndarray) -> str:
    """A line through the points, broken where y is nan."""
    out = []
    pen = False
    for a, b in zip(x.tolist(), y.tolist(), strict=True):
        if b != b:  # nan
            pen = False
            continue
        out.append(f"{'L' if pen else 'M'}{n1(a)} {n1(b)}")
        pen = True
    return "".join(out)


def stairs(edges: np.ndarray, y: np.ndarray) -> str:
    """A step line: value y[i] over [edges[i], edges[i+1]] (nan breaks it)."""
    out = []
    pen = False
    for i, b in enumerate(y.tolist()):
        if b != b:
            pen = False
            continue
        x0, x1 = float(edges[i]), float(edges[i + 1])
        out.append(f"{'L' if pen else 'M'}{n1(x0)} {n1(b)}H{n1(x1)}")
        pen = True
    return "".join(out)
