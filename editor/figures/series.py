"""One layer's per-channel vectors and what the views derive from them, Qt-free: the
Channels plot draws these numbers, its tables list them, and the HTML report draws them again.

Formulas come from `editor.records.quant` (weight range, dequant scale, outliers).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from editor.i18n import translate
from editor.records import quant
from editor.records.messages import RootMessage, TypedValueMessage, ValueMessage, WideValueMessage

#: Per-layer vectors the channel plot can edit on its span, with the axis they run along.
EDITABLE = {"scale_w": "output channel", "tensor_balance_factor": "input channel"}
#: Per-layer vectors that run along output channels: the channel plot highlights the
#: channel the selection points at in any of them.
OUTPUT_FIELDS = ("scale_w", "offset_w", "shift_bit")


def _has(value: ValueMessage, name: str) -> bool:
    return name in value.DESCRIPTOR.fields_by_name


@dataclass(frozen=True)
class LayerSeries:
    """The per-channel vectors of one layer entry and what the plots derive from them.

    `scale_w`, `shift_bit` run along output channels, `tensor_balance_factor` along input
    channels. Fields the dialect does not have are empty arrays with `has_*` False.
    """

    index: int
    key: str
    scale_w: np.ndarray
    tensor_balance_factor: np.ndarray
    shift_bit: np.ndarray
    scale_d: float | None
    wts_bits: int
    #: how the bit width was found: `wts_type "INT4"`, `wts_type unset (INT8)`, …
    wts_note: str
    k: float
    outliers: quant.Outliers
    tbf_outliers: quant.Outliers
    has_shift_bit: bool = False
    has_tbf: bool = False

    @property
    def channels(self) -> int:
        return int(self.scale_w.size)

    @property
    def weight_range(self) -> np.ndarray:
        """(2^(b-1) − 1)·scale_w per channel: weights span ± this."""
        return np.asarray(quant.weight_range(self.scale_w, self.wts_bits), dtype=np.float64).reshape(-1)

    @property
    def dequant(self) -> np.ndarray | None:
        """scale_d·scale_w per channel (None without scale_d)."""
        if self.scale_d is None:
            return None
        return np.asarray(quant.dequant_scale(self.scale_d, self.scale_w), dtype=np.float64).reshape(-1)

    def vector(self, name: str) -> np.ndarray:
        return {"scale_w": self.scale_w, "tensor_balance_factor": self.tensor_balance_factor,
                "shift_bit": self.shift_bit}[name]

    def outliers_of(self, name: str) -> quant.Outliers:
        return self.tbf_outliers if name == "tensor_balance_factor" else self.outliers


def wts_bits(value: ValueMessage) -> tuple[int, str]:
    """Weight bit width of a layer's value message and a note saying where it came from."""
    if not isinstance(value, TypedValueMessage):
        return 8, translate("PlotData", "INT8 (no wts_type in this dialect)")
    if not value.HasField("wts_type"):
        return 8, translate("PlotData", "wts_type unset: INT8")
    name = value.wts_type
    try:
        return quant.bit_width(name), f"wts_type {name}"
    except ValueError:
        return 8, translate("PlotData", "wts_type {name} unknown: INT8 assumed").format(name=repr(name))


def read_layer(message: RootMessage, index: int, k: float = 1.5) -> LayerSeries:
    """The series of `message.record[index]` with outliers at fence factor `k`."""
    entry = message.record[index]
    value = entry.value
    scale_w = quant.as_f32_array(value.scale_w)
    has_tbf = isinstance(value, WideValueMessage)
    has_shift = _has(value, "shift_bit")
    tbf = (quant.as_f32_array(value.tensor_balance_factor) if isinstance(value, WideValueMessage)
           else np.zeros(0, np.float32))
    shift = np.array(value.shift_bit, dtype=np.int64) if has_shift else np.zeros(0, np.int64)
    bits, note = wts_bits(value)
    scale_d = float(value.scale_d) if value.HasField("scale_d") else None
    return LayerSeries(index, entry.key, scale_w, tbf, shift, scale_d, bits, note, float(k),
                       quant.outliers(scale_w, k), quant.outliers(tbf, k), has_shift, has_tbf)


def outlier_rows(series: LayerSeries) -> list[tuple[str, int, float, int]]:
    """(field, channel, value, kind) of every outlier of scale_w, then of tensor_balance_factor."""
    rows = []
    for name in ("scale_w", "tensor_balance_factor"):
        out = series.outliers_of(name)
        values = series.vector(name)
        for c in out.indices:
            rows.append((name, int(c), float(values[c]), int(out.kind[c])))
    return rows


def _num(x: float) -> str:
    """A float64 for a CSV cell: shortest round-trip text, empty for none."""
    return repr(float(x)) if np.isfinite(x) else quant.f32_str(x)


def channel_table(series: LayerSeries) -> tuple[list[str], list[list[str]]]:
    """The per-output-channel table: header and rows as text (float32 values round-trip)."""
    header = ["channel", "scale_w", "weight_range", "dequant_scale", "shift_bit", "outlier"]
    wr = series.weight_range
    dq = series.dequant
    rows = []
    shift = series.shift_bit if series.shift_bit.size == series.channels else None
    for c in range(series.channels):
        rows.append([str(c), quant.f32_str(series.scale_w[c]), _num(wr[c]),
                     "" if dq is None else _num(dq[c]),
                     "" if shift is None else str(int(shift[c])),
                     "" if series.outliers.kind[c] == quant.OK
                     else quant.KIND_NAMES[int(series.outliers.kind[c])]])
    return header, rows


def input_channel_table(series: LayerSeries) -> tuple[list[str], list[list[str]]]:
    """The per-input-channel table (tensor_balance_factor)."""
    header = ["input_channel", "tensor_balance_factor", "outlier"]
    kinds = series.tbf_outliers.kind
    rows = [[str(c), quant.f32_str(v), "" if kinds[c] == quant.OK else quant.KIND_NAMES[int(kinds[c])]]
            for c, v in enumerate(series.tensor_balance_factor)]
    return header, rows




@dataclass(frozen=True)
class WorstOutlier:
    """A layer's scale_w outlier farthest out (`quant_core.rank_outliers`' first), and how
    many outliers the layer has at fence factor `k`."""

    channel: int
    value: float
    kind: int
    #: times below (LOW) or above (HIGH) the fence; 0 for values not finite, ≤ 0 or degenerate
    factor: float
    count: int

    def words(self) -> str:
        """How far out, as the rule scale-w-outlier says it: ``4.41× below``, ``not finite or ≤ 0``."""
        from editor.records.rules.catalog_outliers import outlier_words

        return outlier_words(self.value, self.kind, self.factor)

    def text(self) -> str:
        """``ch 232: 4.41× below`` (what the Layers figures show)."""
        return translate("LayerFigures", "ch {channel}: {how}").format(channel=self.channel, how=self.words())


def worst_outlier(values: np.ndarray, k: float) -> WorstOutlier | None:
    """The outlier of `values` (a scale vector) farthest out at fence factor `k`, or None."""
    if not values.size:
        return None
    out = quant.outliers(values, k)
    bad = out.indices
    if not bad.size:
        return None
    c, value, kind, factor = quant.rank_outliers(values, bad.tolist(), out.kind[bad].tolist(), out.fence)[0]
    return WorstOutlier(int(c), float(value), int(kind), float(factor), int(bad.size))
