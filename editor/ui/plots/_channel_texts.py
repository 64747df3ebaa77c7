"""What the channel plot says in words: the details line, the hover text, an export's caption.

Every text goes through `translate` (context ``"ChannelPlot"``) as a template filled in
after translation; numbers and field names (scale_w, shift_bit …) are values, never words.
"""
from __future__ import annotations

import html

from editor.figures.series import LayerSeries
from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import quant
from editor.ui.plots._colors import ORANGE, RED

#: why a channel is an outlier, as the tables and the hover text say it (`quant` kinds)
KIND_TEXTS: dict[int, str] = {
    quant.OK: QT_TRANSLATE_NOOP("PlotOutliers", "ok"),
    quant.INVALID: QT_TRANSLATE_NOOP("PlotOutliers", "not finite or ≤ 0"),
    quant.DEGENERATE: QT_TRANSLATE_NOOP("PlotOutliers", "below FLT_EPSILON"),
    quant.LOW: QT_TRANSLATE_NOOP("PlotOutliers", "below the IQR fence"),
    quant.HIGH: QT_TRANSLATE_NOOP("PlotOutliers", "above the IQR fence"),
}


def kind_text(kind: int) -> str:
    """Why a channel of kind `kind` (`quant.OK` … `quant.HIGH`) is an outlier, translated."""
    return translate("PlotOutliers", KIND_TEXTS[int(kind)])


def layer_title(key: str, index: int | None) -> str:
    """The layer's key, or what names an entry without one."""
    if key:
        return key
    return translate("ChannelPlot", "record {index} (no key)").format(index=index)


def details_text(s: LayerSeries, k: float, notes: list[str]) -> str:
    """The line beside the layer's name: its channels, scale_d, bit width, outliers."""
    parts = []
    n = int(s.scale_w.size)
    if n:
        parts.append((translate("ChannelPlot", "{n} output channel") if n == 1
                      else translate("ChannelPlot", "{n} output channels")).format(n=n))
    if s.tensor_balance_factor.size:
        parts.append(translate("ChannelPlot", "{n} input channels").format(n=s.tensor_balance_factor.size))
    if s.scale_d is not None:
        parts.append(translate("ChannelPlot", "scale_d {value}").format(value=quant.f32_str(s.scale_d)))
    parts.append(s.wts_note)
    n_out = int(s.outliers.indices.size + s.tbf_outliers.indices.size)
    parts.append((translate("ChannelPlot", "{n} outlier (k = {k})") if n_out == 1
                  else translate("ChannelPlot", "{n} outliers (k = {k})")).format(n=n_out, k=f"{k:g}"))
    parts.extend(notes)
    return "   ·   ".join(parts)


def describe(s: LayerSeries, field: str, c: int, extra: str = "") -> str:
    """What hovering channel `c` of `field` shows: the exact float32 value and derived
    numbers (`extra`: what the overlays add)."""
    if field == "tensor_balance_factor":
        v = s.tensor_balance_factor
        if not 0 <= c < v.size:
            return ""
        kind = int(s.tbf_outliers.kind[c])
        text = translate("ChannelPlot", "input channel {c}: tensor_balance_factor = {value}").format(
            c=c, value=quant.f32_str(v[c]))
    else:
        if not 0 <= c < s.scale_w.size:
            return ""
        kind = int(s.outliers.kind[c])
        text = translate("ChannelPlot", "channel {c}: scale_w = {value}, weight range ±{range}").format(
            c=c, value=quant.f32_str(s.scale_w[c]), range=f"{s.weight_range[c]:.9g}")
        dq = s.dequant
        if dq is not None:
            text += translate("ChannelPlot", ", dequant scale {value}").format(value=f"{dq[c]:.9g}")
        if s.shift_bit.size == s.scale_w.size:
            text += translate("ChannelPlot", ", shift_bit {value}").format(value=int(s.shift_bit[c]))
        if extra:
            text += f"; {extra}"
    if kind != quant.OK:
        text += translate("ChannelPlot", "  — outlier: {why}").format(why=kind_text(kind))
    return text


def caption_html(s: LayerSeries, index: int | None, k: float, details: str, legend: str) -> str:
    """What an exported picture says above the plot: the layer, its numbers, the marks."""
    key = html.escape(layer_title(s.key, index))
    kk = f"{k:g}"
    # nbsp: a mark and its words stay on one line
    bad = html.escape(translate("ChannelPlot", "not finite, ≤ 0 or below FLT_EPSILON")).replace(" ", "&nbsp;")
    far = html.escape(translate("ChannelPlot", "outside Q1 − {k}·IQR … Q3 + {k}·IQR of log10 values "
                                               "(dashed lines)").format(k=kk))
    marks = (f"<span style='color:{RED.name()}'>▼</span>&nbsp;{bad}&nbsp;&nbsp; "
             f"<span style='color:{ORANGE.name()}'>●</span>&nbsp;{far}")
    return (f"<b>{key}</b><br>{html.escape(details)}<br>{marks}"
            + (f"<br>{legend}" if legend else ""))
