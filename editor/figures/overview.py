"""Per-layer numbers of the whole record in file order, Qt-free: the window's overview and
Layers table show them, the HTML report prints and draws them.

`batch_stats` is `quant.channel_stats` for many vectors at once (the overview of a 5 000-layer
file), tested to agree with it value for value.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from editor.records import quant, severity
from editor.records.messages import EntryMessage, RootMessage, TypedValueMessage, ValueMessage
from editor.records.problems import Problem, Severity


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


def act_bits(value: ValueMessage) -> int:
    """Activation bit width of a layer's value message: its act_type, else INT8."""
    if isinstance(value, TypedValueMessage) and value.HasField("act_type"):
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
    #: per layer, how many times beyond the fence its farthest outlier lies (0: none; inf: a
    #: channel not finite, ≤ 0 or degenerate), and how many of its channels are strong
    #: outliers (`editor.records.severity`)
    reach: np.ndarray = field(default_factory=lambda: np.zeros(0))
    strong: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
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
    def build(cls, message: RootMessage | None, k: float = quant.DEFAULT_OUTLIER_K) -> OverviewData:
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
        entries: Sequence[EntryMessage] = message.record
        for i, entry in enumerate(entries):
            vectors.append(data._read_row(entry, i))
        data.w_min, data.w_median, data.w_max = batch_stats(vectors)
        data.outliers = quant.outlier_counts(vectors, data.k)
        data.reach, data.strong = severity.outlier_reaches(vectors, data.k)
        data._clip(slice(None))
        return data

    def set_k(self, message: RootMessage | None, k: float) -> None:
        """Count the outliers again at fence factor `k` (the record's vectors are read again)."""
        self.k = float(k)
        if message is not None and len(message.record) == len(self):
            vectors = [quant.as_f32_array(e.value.scale_w) for e in message.record]
            self.outliers = quant.outlier_counts(vectors, self.k)
            self.reach, self.strong = severity.outlier_reaches(vectors, self.k)

    def _read_row(self, entry: EntryMessage, i: int) -> np.ndarray:
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

    def update_row(self, message: RootMessage, i: int) -> None:
        """Re-read layer `i` after an edit of that entry."""
        w = self._read_row(message.record[i], i)
        mn, md, mx = batch_stats([w])
        self.w_min[i], self.w_median[i], self.w_max[i] = mn[0], md[0], mx[0]
        self.outliers[i] = _outlier_count(w, self.k)
        reach, strong = severity.outlier_reaches([w], self.k)
        self.reach[i], self.strong[i] = reach[0], strong[0]
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




def layer_severities(data: OverviewData, problems: Mapping[int, Sequence[Problem]],
                     extra: Sequence[tuple[str, np.ndarray]] = ()) -> severity.Severities:
    """Each layer's severity (`editor.records.severity.combine`): its outliers' reach, its
    problems by layer index (the outlier notes left out: the reach counts them) and the
    `extra` figures already written as severities (scale_w/ARQ, weight SQNR, similarity).
    The window's overview, Layers table and tree and the HTML report all rank by it."""
    from editor.figures.columns import OUTLIER_RULE

    n = len(data)
    errors = np.zeros(n)
    warnings = np.zeros(n)
    for i, ps in problems.items():
        if not 0 <= i < n:
            continue
        for p in ps:
            if p.rule == OUTLIER_RULE:
                continue
            if p.severity is Severity.ERROR:
                errors[i] += 1
            elif p.severity is Severity.WARNING:
                warnings[i] += 1
    extra = [(name, v) for name, v in extra if np.asarray(v).size == n]
    return severity.combine(data.reach if data.reach.size == n else np.zeros(n), errors, warnings, extra)
