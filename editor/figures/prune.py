"""Prune records as bars over their channel ranges, Qt-free: the window's Prune ranges view
draws them, the HTML report draws and lists them.

Marks, each with its explanation: a node without begin/end, an inverted or empty range, a
width different from the record's first producer, consumers of one node claimed by two
producers (`prune_layout`).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records import paths
from editor.records.messages import (
    AttrMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    PruneRootMessage,
    RootMessage,
)
from editor.records.problems import Problem

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


def _attrs(node: PruneNodeMessage) -> dict[str, AttrMessage]:
    found: dict[str, AttrMessage] = {}
    for a in node.attr:
        found.setdefault(a.name, a)
    return found


def _q(name: str) -> str:
    return f"'{name}'"


def _node_of(path: paths.FieldPath) -> paths.FieldPath:
    """The node a path inside a prune record names: ``("consumer", 1)`` for
    ``consumer[1].attr[2].i``, ``("selective_prune",)`` for ``selective_prune.name``."""
    return path[:2] if len(path) >= 2 and isinstance(path[1], int) else path[:1]


def _nodes(record: PruneRecordMessage) -> list[tuple[str, int, PruneNodeMessage]]:
    producers: Sequence[PruneNodeMessage] = record.producer
    consumers: Sequence[PruneNodeMessage] = record.consumer
    return ([("producer", k, n) for k, n in enumerate(producers)]
            + [("consumer", k, n) for k, n in enumerate(consumers)])


def prune_layout(message: RootMessage | None, records: Iterable[int] | None = None,
                 problems: Iterable[Problem] = ()) -> PruneLayout:
    """Bars for the producers and consumers of the given prune records (all by default).

    Marks, with an explanation each: a node without begin/end; an inverted or empty range
    (begin ≥ end, or a negative bound); a width different from the record's first
    producer; a consumer whose range overlaps the range the same node has as consumer of
    another prune record with other producers (two producers claiming the same input
    channels). Rule findings on a node other than those (e.g. a wrongly typed attr) are
    added to its notes.
    """
    if not isinstance(message, PruneRootMessage):  # none, or a dialect without prune records
        return PruneLayout([], {}, {}, 0)
    all_records: Sequence[PruneRecordMessage] = message.prune_record
    chosen = list(range(len(all_records))) if records is None else [j for j in records
                                                                     if 0 <= j < len(all_records)]
    extra: dict[tuple[int, paths.FieldPath], list[str]] = {}
    for p in problems:
        if p.prune_index is None or p.rule in ("prune-width", "prune-range") or not p.field:
            continue
        try:
            where = _node_of(paths.parse_path(p.field))
        except paths.PathError:
            continue
        extra.setdefault((p.prune_index, where), []).append(p.message)

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


def _overlaps(records: Sequence[PruneRecordMessage]) -> dict[tuple[int, int], list[tuple[int, int, int, int, list[str]]]]:
    """(record, consumer index) -> overlapping ranges the same node has under other producers."""
    by_name: dict[str, list[tuple[int, int, int, int, frozenset[str]]]] = {}
    for j, record in enumerate(records):
        producers = frozenset(n.name for n in record.producer)
        consumers: Sequence[PruneNodeMessage] = record.consumer
        for k, node in enumerate(consumers):
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
