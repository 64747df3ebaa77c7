"""What the plots show, computed from a record message without Qt.

The views in this package draw these numbers; tests check them directly. Formulas come
from `editor.records.quant` (weight range, dequant scale, clip range, outliers, stats);
`batch_stats` is `quant.channel_stats` for many vectors at once (the overview of a
5 000-layer file), tested to agree with it value for value.
"""
from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import paths, quant
from editor.records.messages import RecordMessage
from editor.records.problems import Problem, Severity

#: Per-layer vectors the channel plot can edit on its span, with the axis they run along.
EDITABLE = {"scale_w": "output channel", "tensor_balance_factor": "input channel"}
#: Per-layer vectors that run along output channels: the channel plot highlights the
#: channel the selection points at in any of them.
OUTPUT_FIELDS = ("scale_w", "offset_w", "shift_bit")


def _has(value: RecordMessage, name: str) -> bool:
    return name in value.DESCRIPTOR.fields_by_name


# --------------------------------------------------------------------------- one layer

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


def wts_bits(value: RecordMessage) -> tuple[int, str]:
    """Weight bit width of a layer's value message and a note saying where it came from."""
    if not _has(value, "wts_type"):
        return 8, translate("PlotData", "INT8 (no wts_type in this dialect)")
    if not value.HasField("wts_type"):
        return 8, translate("PlotData", "wts_type unset: INT8")
    name = value.wts_type
    try:
        return quant.bit_width(name), f"wts_type {name}"
    except ValueError:
        return 8, translate("PlotData", "wts_type {name} unknown: INT8 assumed").format(name=repr(name))


def read_layer(message: RecordMessage, index: int, k: float = 1.5) -> LayerSeries:
    """The series of `message.record[index]` with outliers at fence factor `k`."""
    entry = message.record[index]
    value = entry.value
    scale_w = quant.as_f32_array(value.scale_w)
    has_tbf = _has(value, "tensor_balance_factor")
    has_shift = _has(value, "shift_bit")
    tbf = quant.as_f32_array(value.tensor_balance_factor) if has_tbf else np.zeros(0, np.float32)
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


def write_csv(path: str | Path, header: Sequence[str], rows: Iterable[Sequence[str]]) -> Path:
    """Write a table as UTF-8 CSV (RFC 4180 quoting); returns the path."""
    path = Path(path)
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path


# --------------------------------------------------------------------------- span edits

def span_values(op: str, values: np.ndarray, lo: int, hi: int, *, k: float | None = None,
                a: float | None = None, b: float | None = None, source: int | None = None
                ) -> np.ndarray:
    """New float32 values of channels lo..hi (inclusive) for a span edit of a scale vector.

    `op` is ``multiply`` (by `k`), ``clamp`` (to [`a`, `b`]), ``median`` (the layer's median
    over its finite values, `quant.channel_stats`) or ``copy`` (the value of channel
    `source`). Raises ValueError with the reason for a request that cannot be carried out;
    whether the result breaks a rule is for `rules.validate_changes` to say.
    """
    n = values.size
    if not (0 <= lo <= hi < n):
        raise ValueError(translate("PlotData", "the span {lo}–{hi} is outside channels 0–{last}").format(
            lo=lo, hi=hi, last=n - 1))
    old = values[lo:hi + 1].astype(np.float64)
    if op == "multiply":
        if k is None or not np.isfinite(k):
            raise ValueError(translate("PlotData", "the factor must be a finite number"))
        new = old * float(k)
    elif op == "clamp":
        if a is None or b is None or not (np.isfinite(a) and np.isfinite(b)):
            raise ValueError(translate("PlotData", "both clamp bounds must be finite numbers"))
        lo_b, hi_b = float(quant.to_f32(a)), float(quant.to_f32(b))
        if lo_b > hi_b:
            raise ValueError(translate("PlotData", "the lower bound {a} is above the upper bound {b}").format(
                a=quant.f32_str(a), b=quant.f32_str(b)))
        new = np.clip(old, lo_b, hi_b)  # nan stays nan: the rules then refuse it
    elif op == "median":
        stats = quant.channel_stats(values)
        if stats.finite == 0:
            raise ValueError(translate("PlotData", "the layer has no finite value to take the median of"))
        new = np.full(old.shape, stats.median)
    elif op == "copy":
        if source is None or not 0 <= source < n:
            raise ValueError(translate("PlotData", "there is no channel {source}; channels are 0–{last}").format(
                source=source, last=n - 1))
        new = np.full(old.shape, float(values[source]))
    else:
        raise ValueError(f"unknown span edit {op!r}")
    with np.errstate(over="ignore", invalid="ignore"):
        return new.astype(np.float32)


# --------------------------------------------------------------------------- overview

def batch_stats(vectors: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """min, median and max over the finite values of each vector (nan where there are none).

    The same numbers as `quant.channel_stats` gives one vector at a time; vectors of equal
    length are stacked and reduced together, which is what makes 5 000 layers fast.
    """
    m = len(vectors)
    mins, meds, maxs = (np.full(m, np.nan) for _ in range(3))
    by_len: dict[int, list[int]] = {}
    for i, v in enumerate(vectors):
        if v.size:
            by_len.setdefault(int(v.size), []).append(i)
    for idx in by_len.values():
        block = np.stack([vectors[i] for i in idx]).astype(np.float64)
        finite = np.isfinite(block).all(axis=1)
        rows = np.asarray(idx)
        if finite.any():
            # np.percentile, as channel_stats uses: its median of an even count can differ
            # from np.median's in the last bit
            full = block[finite]
            mins[rows[finite]] = full.min(axis=1)
            meds[rows[finite]] = np.percentile(full, 50.0, axis=1)
            maxs[rows[finite]] = full.max(axis=1)
        for i in rows[~finite]:  # rare: vectors with nan or inf, one at a time
            st = quant.channel_stats(vectors[i])
            mins[i], meds[i], maxs[i] = st.min, st.median, st.max
    return mins, meds, maxs


def act_bits(value: RecordMessage) -> int:
    if _has(value, "act_type") and value.HasField("act_type"):
        try:
            return quant.bit_width(value.act_type)
        except ValueError:
            return 8
    return 8


@dataclass
class OverviewData:
    """Per-layer numbers of the overview and the Layers table, in file order; nan where a
    layer lacks the field. `outliers` counts each layer's scale_w outliers at fence factor
    `k` (`quant.outliers`, the definition the rule scale-w-outlier uses)."""

    keys: list[str] = field(default_factory=list)
    scale_d: np.ndarray = field(default_factory=lambda: np.zeros(0))
    offset_d: np.ndarray = field(default_factory=lambda: np.zeros(0))
    bits: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    channels: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    w_min: np.ndarray = field(default_factory=lambda: np.zeros(0))
    w_median: np.ndarray = field(default_factory=lambda: np.zeros(0))
    w_max: np.ndarray = field(default_factory=lambda: np.zeros(0))
    clip_lo: np.ndarray = field(default_factory=lambda: np.zeros(0))
    clip_hi: np.ndarray = field(default_factory=lambda: np.zeros(0))
    outliers: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    k: float = quant.DEFAULT_OUTLIER_K

    def __len__(self) -> int:
        return len(self.keys)

    @property
    def w_ratio(self) -> np.ndarray:
        """max/min of each layer's scale_w (nan without a positive minimum)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(self.w_min > 0, self.w_max / self.w_min, np.nan)

    @property
    def with_outliers(self) -> np.ndarray:
        """Indices of the layers with at least one scale_w outlier, in file order."""
        return np.flatnonzero(self.outliers > 0)

    @classmethod
    def build(cls, message: RecordMessage | None, k: float = quant.DEFAULT_OUTLIER_K) -> OverviewData:
        data = cls(k=float(k))
        if message is None or "record" not in message.DESCRIPTOR.fields_by_name:
            return data
        n = len(message.record)
        data.keys = [""] * n
        data.scale_d = np.full(n, np.nan)
        data.offset_d = np.full(n, np.nan)
        data.bits = np.full(n, 8, np.int64)
        data.channels = np.zeros(n, np.int64)
        vectors = []
        for i, entry in enumerate(message.record):
            vectors.append(data._read_row(entry, i))
        data.w_min, data.w_median, data.w_max = batch_stats(vectors)
        data.outliers = quant.outlier_counts(vectors, data.k)
        data._clip(slice(None))
        return data

    def set_k(self, message: RecordMessage | None, k: float) -> None:
        """Count the outliers again at fence factor `k` (the record's vectors are read again)."""
        self.k = float(k)
        if message is not None and len(message.record) == len(self):
            self.outliers = quant.outlier_counts([quant.as_f32_array(e.value.scale_w) for e in message.record],
                                                 self.k)

    def _read_row(self, entry: RecordMessage, i: int) -> np.ndarray:
        self.keys[i] = entry.key
        value = entry.value
        if value.HasField("scale_d"):
            self.scale_d[i] = value.scale_d
            self.offset_d[i] = value.offset_d  # unset offset_d reads 0, as AMCT would
        else:
            self.scale_d[i] = np.nan
            self.offset_d[i] = np.nan
        self.bits[i] = act_bits(value)
        w = quant.as_f32_array(value.scale_w)
        self.channels[i] = w.size
        return w

    def _clip(self, rows: slice | np.ndarray) -> None:
        sd, od, bits = self.scale_d[rows], self.offset_d[rows], np.atleast_1d(self.bits[rows])
        lo = np.full(np.shape(sd), np.nan)
        hi = np.full(np.shape(sd), np.nan)
        for b in np.unique(bits):
            sel = bits == b
            lo[sel], hi[sel] = quant.clip_range(sd[sel], od[sel], int(b))
        if isinstance(rows, slice):
            self.clip_lo, self.clip_hi = lo, hi
        else:
            self.clip_lo[rows], self.clip_hi[rows] = lo, hi

    def update_row(self, message: RecordMessage, i: int) -> None:
        """Re-read layer `i` after an edit of that entry."""
        w = self._read_row(message.record[i], i)
        mn, md, mx = batch_stats([w])
        self.w_min[i], self.w_median[i], self.w_max[i] = mn[0], md[0], mx[0]
        self.outliers[i] = _outlier_count(w, self.k)
        self._clip(np.array([i]))

    def table(self, problems: Mapping[int, Sequence[Problem]] | None = None
              ) -> tuple[list[str], list[list[str]]]:
        """The overview as a table (header, rows) for CSV export; `problems` by layer index."""
        header = ["layer", "key", "scale_d", "offset_d", "act_bits", "clip_lo", "clip_hi",
                  "scale_w_count", "scale_w_min", "scale_w_median", "scale_w_max", "scale_w_outliers",
                  "errors", "warnings", "first_problem"]
        rows = []
        for i, key in enumerate(self.keys):
            sd = self.scale_d[i]
            ps = list(problems.get(i, ())) if problems is not None else []
            errs = sum(p.severity == Severity.ERROR for p in ps)
            warns = sum(p.severity == Severity.WARNING for p in ps)
            rows.append([
                str(i), key,
                "" if np.isnan(sd) else quant.f32_str(sd),
                "" if np.isnan(sd) else str(int(self.offset_d[i])),
                str(int(self.bits[i])),
                "" if np.isnan(self.clip_lo[i]) else repr(float(self.clip_lo[i]) + 0.0),
                "" if np.isnan(self.clip_hi[i]) else repr(float(self.clip_hi[i]) + 0.0),
                str(int(self.channels[i])),
                # min and max are stored float32 values; the median may fall between two
                "" if np.isnan(self.w_min[i]) else quant.f32_str(self.w_min[i]),
                "" if np.isnan(self.w_median[i]) else repr(float(self.w_median[i])),
                "" if np.isnan(self.w_max[i]) else quant.f32_str(self.w_max[i]),
                str(int(self.outliers[i])),
                str(errs), str(warns), ps[0].message if ps else "",
            ])
        return header, rows


def _outlier_count(values: np.ndarray, k: float) -> int:
    return int(quant.outliers(values, k).indices.size) if values.size else 0


def problems_by_entry(problems: Iterable[Problem], n: int) -> dict[int, list[Problem]]:
    """Problems grouped by the layer entry they concern (record position → its problems)."""
    out: dict[int, list[Problem]] = {}
    for p in problems:
        if p.record_index is not None and 0 <= p.record_index < n:
            out.setdefault(p.record_index, []).append(p)
    return out


def worst_severity(problems: Sequence[Problem]) -> Severity | None:
    if not problems:
        return None
    return min((p.severity for p in problems), key=lambda s: s.rank)


# --------------------------------------------------------------------------- prune ranges

#: Status of a prune bar, worst first after OK.
BAR_OK, BAR_NO_RANGE, BAR_INVERTED, BAR_MISMATCH, BAR_OVERLAP = range(5)
BAR_STATUS = {BAR_OK: QT_TRANSLATE_NOOP("PlotData", "ok"),
              BAR_NO_RANGE: QT_TRANSLATE_NOOP("PlotData", "no channel range"),
              BAR_INVERTED: QT_TRANSLATE_NOOP("PlotData", "inverted range"),
              BAR_MISMATCH: QT_TRANSLATE_NOOP("PlotData", "width mismatch"),
              BAR_OVERLAP: QT_TRANSLATE_NOOP("PlotData", "overlap")}


def bar_status_text(status: int) -> str:
    """A prune bar's status (`BAR_OK` …) in words, translated."""
    return translate("PlotData", BAR_STATUS[status])


@dataclass
class PruneBar:
    """One producer or consumer of a prune record: a horizontal bar over [begin, end)."""

    row: int
    prune_index: int
    role: str
    node_index: int
    name: str
    op_type: str
    begin: int | None
    end: int | None
    status: int = BAR_OK
    notes: list[str] = field(default_factory=list)

    @property
    def path(self) -> paths.FieldPath:
        if self.role == "selective_prune":
            return ("prune_record", self.prune_index, "selective_prune")
        return ("prune_record", self.prune_index, self.role, self.node_index)

    @property
    def drawn(self) -> bool:
        """Whether the bar has a range to draw (else only its row label shows)."""
        return self.begin is not None and self.end is not None

    @property
    def width(self) -> int | None:
        return None if self.begin is None or self.end is None else self.end - self.begin

    @property
    def extent(self) -> tuple[int, int]:
        """(lower, upper) bound of a drawn bar's range, in order (an inverted range too)."""
        if self.begin is None or self.end is None:
            raise ValueError(f"{self.role} {self.name!r} has no channel range")
        return (self.begin, self.end) if self.begin <= self.end else (self.end, self.begin)

    def flag(self, status: int, note: str) -> None:
        if self.status == BAR_OK or status < self.status:
            self.status = status
        self.notes.append(note)


@dataclass
class PruneLayout:
    """Bars grouped per prune record, one row each, with a header row per record."""

    bars: list[PruneBar]
    #: row -> text for the rows that are group headers
    headers: dict[int, str]
    #: prune record index -> (first row, last row) of its group, header included
    groups: dict[int, tuple[int, int]]
    rows: int

    def bar_at(self, row: int) -> PruneBar | None:
        return self._by_row().get(row)

    def _by_row(self) -> dict[int, PruneBar]:
        cache = getattr(self, "_rows_cache", None)
        if cache is None:
            cache = {b.row: b for b in self.bars}
            self._rows_cache = cache
        return cache

    def counts(self) -> dict[int, int]:
        out = dict.fromkeys(BAR_STATUS, 0)
        for b in self.bars:
            out[b.status] += 1
        return out


def _attrs(node: RecordMessage) -> dict[str, RecordMessage]:
    found: dict[str, RecordMessage] = {}
    for a in node.attr:
        found.setdefault(a.name, a)
    return found


def _q(name: str) -> str:
    return f"'{name}'"


def _node_of(path: paths.FieldPath) -> paths.FieldPath:
    """The node a path inside a prune record names: ``("consumer", 1)`` for
    ``consumer[1].attr[2].i``, ``("selective_prune",)`` for ``selective_prune.name``."""
    return path[:2] if len(path) >= 2 and isinstance(path[1], int) else path[:1]


def _nodes(record: RecordMessage) -> list[tuple[str, int, RecordMessage]]:
    return ([("producer", k, n) for k, n in enumerate(record.producer)]
            + [("consumer", k, n) for k, n in enumerate(record.consumer)])


def prune_layout(message: RecordMessage | None, records: Iterable[int] | None = None,
                 problems: Iterable[Problem] = ()) -> PruneLayout:
    """Bars for the producers and consumers of the given prune records (all by default).

    Marks, with an explanation each: a node without begin/end; an inverted or empty range
    (begin ≥ end, or a negative bound); a width different from the record's first
    producer; a consumer whose range overlaps the range the same node has as consumer of
    another prune record with other producers (two producers claiming the same input
    channels). Rule findings on a node other than those (e.g. a wrongly typed attr) are
    added to its notes.
    """
    if message is None or "prune_record" not in message.DESCRIPTOR.fields_by_name:
        return PruneLayout([], {}, {}, 0)
    all_records = message.prune_record
    chosen = list(range(len(all_records))) if records is None else [j for j in records
                                                                     if 0 <= j < len(all_records)]
    extra: dict[tuple[int, paths.FieldPath], list[str]] = {}
    for p in problems:
        if p.prune_index is None or p.rule in ("prune-width", "prune-range") or not p.field:
            continue
        try:
            node = _node_of(paths.parse_path(p.field))
        except paths.PathError:
            continue
        extra.setdefault((p.prune_index, node), []).append(p.message)

    overlaps = _overlaps(all_records)
    bars: list[PruneBar] = []
    headers: dict[int, str] = {}
    groups: dict[int, tuple[int, int]] = {}
    row = 0
    for j in chosen:
        record = all_records[j]
        first = row
        nodes = _nodes(record)
        np_, nc = len(record.producer), len(record.consumer)
        producers = (translate("PlotData", "{n} producer") if np_ == 1
                     else translate("PlotData", "{n} producers")).format(n=np_)
        consumers = (translate("PlotData", "{n} consumer") if nc == 1
                     else translate("PlotData", "{n} consumers")).format(n=nc)
        headers[row] = (translate("PlotData", "prune record {index} — {producers}, {consumers}").format(
            index=j, producers=producers, consumers=consumers)
            + (translate("PlotData", ", selective") if record.HasField("selective_prune") else ""))
        row += 1
        ref: PruneBar | None = None
        group: list[PruneBar] = []
        for role, k, node in nodes:
            attrs = _attrs(node)
            op = attrs["type"].s.decode("utf-8", "replace") if "type" in attrs else ""
            b = attrs["begin"].i if "begin" in attrs else None
            e = attrs["end"].i if "end" in attrs else None
            bar = PruneBar(row, j, role, k, node.name, op, b, e)
            row += 1
            if b is None or e is None:
                missing = translate("PlotData", " and ").join(a for a in ("begin", "end") if a not in attrs)
                bar.flag(BAR_NO_RANGE, translate("PlotData", "no {missing} attribute: a {role} needs its channel "
                                                             "range [begin, end)").format(missing=missing, role=role))
            elif b < 0 or e < 0 or b >= e:
                if b == e:
                    why = translate("PlotData", "begin = {b} is not below end = {e}: the range [begin, end) is "
                                                "empty").format(b=b, e=e)
                elif b > e:
                    why = translate("PlotData", "begin = {b} is not below end = {e}: the range [begin, end) is "
                                                "inverted").format(b=b, e=e)
                else:
                    why = translate("PlotData", "a negative bound ({b}, {e}); channels start at 0").format(b=b, e=e)
                bar.flag(BAR_INVERTED, why)
            elif ref is None and role == "producer":
                ref = bar
            group.append(bar)
            for note in extra.get((j, (role, k)), []):
                bar.notes.append(note)
        if record.HasField("selective_prune"):
            node = record.selective_prune
            attrs = _attrs(node)
            op = attrs["type"].s.decode("utf-8", "replace") if "type" in attrs else ""
            bar = PruneBar(row, j, "selective_prune", 0, node.name, op, None, None)
            shape = (", ".join(map(str, attrs["mask_shape"].ints)) if "mask_shape" in attrs
                     else translate("PlotData", "none"))
            bar.notes.append(translate("PlotData", "structured (2:4) sparsity of the weights, mask_shape {shape}; "
                                                   "no channel range").format(shape=shape))
            for note in extra.get((j, ("selective_prune",)), []):
                bar.notes.append(note)
            row += 1
            group.append(bar)
        if ref is not None:
            for bar in group:
                if bar is ref or bar.status in (BAR_NO_RANGE, BAR_INVERTED) or not bar.drawn:
                    continue
                if bar.width != ref.width:
                    bar.flag(BAR_MISMATCH, translate(
                        "PlotData", "covers [{begin}, {end}) = {width} channels but producer {producer} covers "
                                    "[{ref_begin}, {ref_end}) = {ref_width}; every node of a prune record must "
                                    "have the same width").format(
                        begin=bar.begin, end=bar.end, width=bar.width, producer=_q(ref.name),
                        ref_begin=ref.begin, ref_end=ref.end, ref_width=ref.width))
        for bar in group:
            for other_j, other_k, lo, hi, other_producers in overlaps.get((j, bar.node_index), []) \
                    if bar.role == "consumer" else []:
                bar.flag(BAR_OVERLAP, translate(
                    "PlotData", "channels [{lo}, {hi}) are also consumed from {producers} (prune record "
                                "{record}, consumer {consumer}); two producers cannot both decide those "
                                "input channels").format(
                    lo=lo, hi=hi, producers=", ".join(map(_q, other_producers))
                    or translate("PlotData", "no producer"), record=other_j, consumer=other_k))
        bars.extend(group)
        groups[j] = (first, row - 1)
        row += 1  # a blank row between groups
    return PruneLayout(bars, headers, groups, max(row - 1, 0))


def _overlaps(records: Sequence[RecordMessage]) -> dict[tuple[int, int], list[tuple[int, int, int, int, list[str]]]]:
    """(record, consumer index) -> overlapping ranges the same node has under other producers."""
    by_name: dict[str, list[tuple[int, int, int, int, frozenset[str]]]] = {}
    for j, record in enumerate(records):
        producers = frozenset(n.name for n in record.producer)
        for k, node in enumerate(record.consumer):
            attrs = _attrs(node)
            if "begin" not in attrs or "end" not in attrs:
                continue
            b, e = attrs["begin"].i, attrs["end"].i
            if 0 <= b < e:
                by_name.setdefault(node.name, []).append((b, e, j, k, producers))
    out: dict[tuple[int, int], list] = {}
    for spans in by_name.values():
        if len(spans) < 2:
            continue
        spans.sort()
        for x in range(len(spans)):
            b1, e1, j1, k1, p1 = spans[x]
            for y in range(x + 1, len(spans)):
                b2, e2, j2, k2, p2 = spans[y]
                if b2 >= e1:
                    break  # sorted by begin: no later span reaches back into this one
                if p1 == p2:
                    continue
                lo, hi = max(b1, b2), min(e1, e2)
                out.setdefault((j1, k1), []).append((j2, k2, lo, hi, sorted(p2)))
                out.setdefault((j2, k2), []).append((j1, k1, lo, hi, sorted(p1)))
    return out
