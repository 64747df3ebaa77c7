"""`record-editor diff A B`: what differs between two records, down to the channel.

Text: a header, then one line per differing layer (its summary) followed by one line per
differing field and, for a repeated field, its differing channels with A's and B's values
(`--max-channels`); entries only in one record; prune records by node and attribute; the
order of entries; what comparing two dialects leaves out. `--json` carries the same.
Exit 0 equal, 1 different (within what --fields/--layers narrow to), 2 usage or unreadable.
"""
from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import numpy as np
from google.protobuf.descriptor import FieldDescriptor

from editor.cli import formats
from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._record_io import load
from editor.cli._reporting import EXIT_OK, EXIT_PROBLEMS, plural
from editor.i18n import translate
from editor.records.dialects import DIALECTS
from editor.records.diff import (
    Differences,
    FieldDiff,
    LayerDiff,
    PruneChange,
    PruneRecordRef,
    RecordComparison,
    compare_records,
    display_name,
    field_paths,
)
from editor.records.diff.text import change_text, copy_suffix, float32_texts, plain_text, value_text
from editor.records.document import RecordDocument
from editor.records.problems import Severity, shown_path
from editor.records.values import escape_text, format_value

FD = FieldDescriptor
_T = TypeVar("_T")
PRUNE = "prune_record"
DEFAULT_MAX_CHANNELS = 10


def _max_channels(text: str) -> int | None:
    if text == "all":
        return None
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0 or 'all', not {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0 or 'all', not {text!r}")
    return n


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "diff", help="compare two records layer by layer, channel by channel",
        description="Compare two records: layers matched by key, fields by name (so two dialects "
                    "compare on the fields both have), channels by index, prune records by node and "
                    "attribute. Exit 0 when equal, 1 when they differ, 2 on a usage error or an "
                    "unreadable file. The order of entries alone is no difference (AMCT looks layers "
                    "up by key).")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    add_common(p)
    p.add_argument("--dialect-b", choices=list(DIALECTS), help="dialect of B, when it differs from --dialect")
    p.add_argument("--rtol", type=float, default=0.0,
                   help="relative tolerance for float fields: |a - b| <= atol + rtol * |b| (default: exact)")
    p.add_argument("--atol", type=float, default=0.0, help="absolute tolerance for float fields (default: exact)")
    p.add_argument("--fields", metavar="F,...",
                   help="only these fields (e.g. scale_w,scale_d; 'prune_record' for prune records)")
    p.add_argument("--layers", metavar="REGEX",
                   help="only layers whose key matches REGEX (searched anywhere in the key); prune "
                        "records: only nodes whose name matches")
    p.add_argument("--max-channels", type=_max_channels, default=DEFAULT_MAX_CHANNELS, metavar="N",
                   help=f"list the first N differing channels of a field (default {DEFAULT_MAX_CHANNELS}; "
                        "'all' for every one), then how many more")
    p.add_argument("--summary", action="store_true",
                   help="one line per layer and prune record, no channels (with --json: no channel lists)")
    p.add_argument("--json", action="store_true", help="print JSON")
    formats.add_format_arg(p, extra_help="; each differing layer, and each layer only one record has, is a "
                                         "failed test case")
    return p


# ---------------------------------------------------------------------------------------
# Values as a user copies them
# ---------------------------------------------------------------------------------------

def _float_json(value: float) -> float | str:
    """A float32 as a JSON number that reads back as the same float32 (shortest digits);
    "nan", "inf", "-inf" as strings, which JSON has no numbers for."""
    v = float(value)
    if not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return float(str(np.float32(v)))


def real_json(x: float | None) -> float | str | None:
    """A derived number (relative change, |Δ|, log ratio): null when undefined (NaN),
    "inf"/"-inf" as strings; JSON has no numbers for them."""
    if x is None or math.isnan(x):
        return None
    return x if math.isfinite(x) else ("inf" if x > 0 else "-inf")


# the value is whatever protobuf holds for `fd` (the comparison's fields carry it untyped):
# which conversion applies is told by the descriptor, not by the value
def value_json(fd: FieldDescriptor, value: Any) -> bool | int | float | str | None:
    """A field value (`fd`'s) as a JSON value: float32 shortest, a sub-message's presence as a
    bool, an enum by name, text escaped."""
    if value is None:
        return None
    if fd.message_type is not None:
        return bool(value)  # a sub-message's presence
    if fd.cpp_type == FD.CPPTYPE_FLOAT:
        return _float_json(value)
    if fd.cpp_type == FD.CPPTYPE_DOUBLE:
        v = float(value)
        return v if math.isfinite(v) else _float_json(v)
    if fd.cpp_type == FD.CPPTYPE_BOOL:
        return bool(value)
    if fd.cpp_type == FD.CPPTYPE_ENUM:
        return format_value(fd, int(value))
    if fd.type in (FD.TYPE_STRING, FD.TYPE_BYTES):
        return escape_text(value)
    return int(value)


def _plain_json(value: object) -> object:
    """Prune attribute values: float32 numbers shortest, bytes escaped, the rest as is."""
    if isinstance(value, float):
        return _float_json(value)
    if isinstance(value, bytes):
        return escape_text(value)
    if isinstance(value, list):
        return [_plain_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain_json(v) for k, v in value.items()}
    return value


def _key(key: str) -> str:
    return escape_text(key)


# ---------------------------------------------------------------------------------------
# Narrowing
# ---------------------------------------------------------------------------------------

class Narrowing:
    """--fields and --layers: which differences the report shows (and the exit code counts)."""

    def __init__(self, comparison: RecordComparison, fields: str | None, layers: str | None) -> None:
        self.fields: set[str] | None = None
        if fields is not None:
            names = [f.strip() for f in fields.split(",") if f.strip()]
            known = set(comparison.field_order) | {PRUNE}
            known |= {f.field for f in comparison.dialects.only_in_a + comparison.dialects.only_in_b}
            unknown = [n for n in names if n not in known]
            if not names:
                raise UsageError(translate("cli", "--fields needs at least one field name"))
            if unknown:
                dialects = comparison.dialects.a if comparison.dialects.same else translate(
                    "cli", "{a} or {b}").format(a=comparison.dialects.a, b=comparison.dialects.b)
                raise UsageError(translate("cli", "--fields: no field {names} in {dialects}; fields: {known}").format(
                    names=", ".join(unknown), dialects=dialects, known=", ".join(sorted(known))))
            self.fields = set(names)
        self.pattern: re.Pattern[str] | None = None
        if layers is not None:
            try:
                self.pattern = re.compile(layers)
            except re.error as e:
                raise UsageError(_not_a_regex(layers, e)) from None

    def key(self, key: str) -> bool:
        return self.pattern is None or self.pattern.search(key) is not None

    def field(self, name: str) -> bool:
        return self.fields is None or name in self.fields

    @property
    def prune(self) -> bool:
        return self.fields is None or PRUNE in self.fields

    @property
    def entries(self) -> bool:
        """Whole entries (only in A/B, order) are shown unless --fields names prune records only."""
        return self.fields is None or bool(self.fields - {PRUNE})

    def layer(self, layer: LayerDiff) -> LayerDiff | None:
        if not self.key(layer.key):
            return None
        fields = [f for f in layer.fields if self.field(f.field)]
        if not fields:
            return None
        if len(fields) == len(layer.fields):
            return layer
        return LayerDiff(layer.key, layer.index_a, layer.index_b, layer.copy, fields, layer.row)

    def prune_change(self, c: PruneChange) -> bool:
        return self.prune and self.key(c.node)

    def prune_ref(self, r: PruneRecordRef) -> bool:
        names = [*r.producers, *([r.selective] if r.selective else [])]
        return self.prune and (self.pattern is None or any(self.key(n) for n in names))


def _prune_record(a: int, b: int) -> str:
    """``prune record 3``, ``prune record 3 (B 4)`` when B's has another index."""
    text = translate("cli", "prune record {index}").format(index=a)
    return text + (f" (B {b})" if b != a else "")


class Report:
    """The differences a run shows, narrowed; rendered as text or JSON."""

    def __init__(self, d: Differences, narrow: Narrowing, max_channels: int | None) -> None:
        c = d.comparison
        self.d, self.c, self.narrow, self.max_channels = d, c, narrow, max_channels
        self.layers = [x for x in (narrow.layer(layer) for layer in d.layers) if x is not None]
        entries = narrow.entries
        self.only_in_a = [e for e in c.only_in_a if entries and narrow.key(e.key)]
        self.only_in_b = [e for e in c.only_in_b if entries and narrow.key(e.key)]
        self.moved = [m for m in c.moved if entries and narrow.key(m.key)]
        self.duplicates = [k for k in c.duplicates if entries and narrow.key(k.key)]
        self.prune = [p for p in d.prune if narrow.prune_change(p)]
        self.prune_only_in_a = [r for r in c.prune_only_in_a if narrow.prune_ref(r)]
        self.prune_only_in_b = [r for r in c.prune_only_in_b if narrow.prune_ref(r)]
        self.defaults = [x for x in c.dialects.defaults if narrow.field(x.field)]

    @property
    def equal(self) -> bool:
        return not (self.layers or self.only_in_a or self.only_in_b or self.prune or self.prune_only_in_a
                    or self.prune_only_in_b or self.defaults)

    def _channels(self, f: FieldDiff) -> tuple[list[int], int]:
        """Positions in f.channels to list, and how many are left out."""
        n = len(f.channels)
        shown = n if self.max_channels is None else min(n, self.max_channels)
        return list(range(shown)), n - shown

    # -- text ------------------------------------------------------------------------

    def layer_line(self, layer: LayerDiff) -> str:
        """The summary of one layer: each differing field with its largest change."""
        parts: list[str] = []
        for f in layer.fields:
            if f.vector:
                text = (translate("cli", "{field} {count} of {total} channel") if f.compared == 1 else
                        translate("cli", "{field} {count} of {total} channels")).format(
                    field=f.field, count=f.differing, total=f.compared)
                if f.len_a != f.len_b:
                    text = translate("cli", "{field} {a} -> {b} values").format(field=f.field, a=f.len_a, b=f.len_b)
                    if f.differing:
                        text += translate("cli", ", {count} of {total} differ").format(
                            count=f.differing, total=f.compared)
                if f.max_rel is not None:
                    text += translate("cli", " (largest {change})").format(change=change_text(f.max_rel, self._at_a(f)))
            else:
                text = f"{f.field} {self._single(f)}"
            parts.append(text)
        copy = translate("cli", " (copy {n} of the key)").format(n=layer.copy + 1) if layer.copy else ""
        return f"~ {_key(layer.key)}{copy}: " + translate("cli", ", ").join(parts)

    @staticmethod
    def _single(f: FieldDiff) -> str:
        """`-128 -> 3`, `0.02 -> 0.5 (×24.56)`, `unset (INT8) -> "INT16"`."""
        fd = f.descriptor
        a = value_text(fd, f.a) + (f" ({value_text(fd, f.default_a)})" if f.a is None and f.default_a is not None else "")
        b = value_text(fd, f.b) + (f" ({value_text(fd, f.default_b)})" if f.b is None and f.default_b is not None else "")
        rel = change_text(f.max_rel, f.a) if f.is_float else ""
        return f"{a} -> {b}" + (f" ({rel})" if rel else "")

    def field_lines(self, f: FieldDiff) -> list[str]:
        fd = f.descriptor
        if not f.vector:
            return [f"    {f.field}: {self._single(f)}"]
        head = []
        if f.len_a != f.len_b:
            head.append(translate("cli", "{a} -> {b} values").format(a=f.len_a, b=f.len_b))
        if f.differing:
            head.append((translate("cli", "{count} of {total} channel differ") if f.compared == 1 else
                         translate("cli", "{count} of {total} channels differ")).format(
                count=f.differing, total=f.compared))
        if f.differing and f.at is not None and f.max_rel is not None:
            head.append(translate("cli", "largest change {change} at [{at}]").format(
                change=change_text(f.max_rel, self._at_a(f)), at=f.at))
        out = [f"    {f.field}: " + translate("cli", "; ").join(head)]
        positions, left = self._channels(f)
        rels = f.rel
        shown = len(positions)
        if fd.cpp_type == FD.CPPTYPE_FLOAT:
            texts_a, texts_b = float32_texts(f.values_a[:shown]), float32_texts(f.values_b[:shown])
        else:
            texts_a = [value_text(fd, v) for v in f.values_a[:shown]]
            texts_b = [value_text(fd, v) for v in f.values_b[:shown]]
        for k in positions:
            r = change_text(float(rels[k]), float(f.values_a[k])) if f.is_float else ""
            out.append(f"      [{int(f.channels[k])}] {texts_a[k]} -> {texts_b[k]}" + (f" ({r})" if r else ""))
        if left:
            out.append("      … " + plural(left, translate("cli", "{n} more channel"),
                                            translate("cli", "{n} more channels")))
        return out

    @staticmethod
    def _at_a(f: FieldDiff) -> float | None:
        hit = np.flatnonzero(f.channels == f.at)
        return float(f.values_a[hit[0]]) if len(hit) else None

    def prune_line(self, p: PruneChange) -> str:
        where = _prune_record(p.prune_record, p.prune_record_b)
        node = f'{p.role} "{escape_text(p.node)}"' + copy_suffix(p.copy)
        if p.attr is None:
            side, attrs = ("A", p.a) if p.a is not None else ("B", p.b)
            return f"~ {where}: " + translate("cli", "{node} only in {side}").format(node=node, side=side) + (
                f" ({plain_text(attrs)})" if attrs else "")
        a = translate("cli", "unset") if p.a is None else plain_text(p.a)
        b = translate("cli", "unset") if p.b is None else plain_text(p.b)
        return f"~ {where}: {node}: {p.attr}: {a} -> {b}"

    @staticmethod
    def _producers(r: PruneRecordRef) -> str:
        names = ", ".join(f'"{escape_text(n)}"' for n in r.producers)
        text = translate("cli", "producers {names}").format(names=names) if r.producers else translate(
            "cli", "no producer")
        return text + (f', selective_prune "{escape_text(r.selective)}"' if r.selective else "")

    def lines(self, summary: bool) -> list[str]:
        c = self.c
        common = len(c.pairs)
        out = [translate("cli", "{layers} in both, {only_a} only in A, {only_b} only in B; {differ} differ").format(
            layers=plural(common, translate("cli", "{n} layer"), translate("cli", "{n} layers")),
            only_a=len(c.only_in_a), only_b=len(c.only_in_b), differ=len(self.layers))
               + ("" if not (self.d.rtol or self.d.atol) else f" (rtol {self.d.rtol:g}, atol {self.d.atol:g})")]
        out += ["- " + translate("cli", "only in A: {key}").format(key=_key(e.key)) + copy_suffix(e.copy)
                for e in self.only_in_a]
        out += ["+ " + translate("cli", "only in B: {key}").format(key=_key(e.key)) + copy_suffix(e.copy)
                for e in self.only_in_b]
        for layer in self.layers:
            out.append(self.layer_line(layer))
            if not summary:
                for f in layer.fields:
                    out += self.field_lines(f)
        if self.moved:
            shown = ", ".join(f"{_key(m.key)} (A #{m.index_a}, B #{m.index_b})" for m in self.moved[:10])
            more = translate("cli", " and {count} more").format(count=len(self.moved) - 10) if len(self.moved) > 10 else ""
            out.append(translate("cli", "order: {layers} in another place: {shown} (AMCT looks layers up by key: the "
                                 "order alone changes nothing)").format(
                layers=plural(len(self.moved), translate("cli", "{n} layer"), translate("cli", "{n} layers")),
                shown=shown + more))
        for k in self.duplicates:
            text = translate("cli", 'duplicate key "{key}": {a} in A, {b} in B (AMCT uses the first)').format(
                key=_key(k.key), a=len(k.indices_a), b=len(k.indices_b))
            if k.reordered:
                text += translate("cli", "; the same copies in another order, so AMCT reads other values")
            out.append(text)
        if self.narrow.prune and (c.prune_a or c.prune_b):
            n = len({(p.prune_record, p.prune_record_b) for p in self.prune})
            out.append(translate("cli", "prune records: {a} in A, {b} in B; {n} differ").format(
                a=c.prune_a, b=c.prune_b, n=n))
            if summary:
                by_record: dict[tuple[int, int], list[PruneChange]] = {}
                for p in self.prune:
                    by_record.setdefault((p.prune_record, p.prune_record_b), []).append(p)
                for (i, j), changes in by_record.items():
                    what = ", ".join(dict.fromkeys(f'{p.role} "{escape_text(p.node)}"' + (f" {p.attr}" if p.attr else "")
                                                   for p in changes))
                    out.append(f"~ {_prune_record(i, j)}: {what}")
            else:
                out += [self.prune_line(p) for p in self.prune]
            out += ["- " + translate("cli", "prune record {index} only in A ({producers})").format(
                index=r.index, producers=self._producers(r)) for r in self.prune_only_in_a]
            out += ["+ " + translate("cli", "prune record {index} only in B ({producers})").format(
                index=r.index, producers=self._producers(r)) for r in self.prune_only_in_b]
            if c.prune_moved and not summary:
                out.append(translate("cli", "prune order: {records} in another place (the order alone changes "
                                     "nothing)").format(records=plural(
                    len(c.prune_moved), translate("cli", "{n} record"), translate("cli", "{n} records"))))
        out += self.dialect_lines()
        return out

    def dialect_lines(self) -> list[str]:
        notes = self.c.dialects
        if notes.same:
            return []
        out = [translate("cli", "dialects: A is {a}, B is {b}; compared the fields both have").format(
            a=notes.a, b=notes.b)]

        def layers(n: int) -> str:
            return plural(n, translate("cli", "{n} layer"), translate("cli", "{n} layers"))

        for side, fields in (("A", notes.only_in_a), ("B", notes.only_in_b)):
            shown = [f for f in fields if self.narrow.field(f.field)]
            if shown:
                out.append(translate("cli", "  only in {dialect} ({side}), not compared: {fields}").format(
                    dialect=fields[0].dialect, side=side, fields=", ".join(
                        translate("cli", "{field} (set on {layers})").format(field=f.field, layers=layers(f.layers))
                        for f in shown)))
        for x in self.defaults:
            out.append(translate("cli", "  {field} is unset on {layers} in both: that means {a} in {dialect_a}, "
                                 "{b} in {dialect_b}").format(
                field=x.field, layers=layers(x.layers),
                a=plain_text(x.a) if not isinstance(x.a, bool) else str(x.a).lower(), dialect_a=notes.a,
                b=plain_text(x.b) if not isinstance(x.b, bool) else str(x.b).lower(), dialect_b=notes.b))
        if notes.prune_only_in:
            out.append(translate("cli", "  only {dialect} has prune records: not compared").format(
                dialect=notes.prune_only_in))
        return out

    # -- JSON ------------------------------------------------------------------------

    def field_json(self, f: FieldDiff) -> dict[str, object]:
        fd = f.descriptor
        if not f.vector:
            return {"field": f.field, "kind": "single", "a": value_json(fd, f.a), "b": value_json(fd, f.b),
                    "a_set": f.a is not None, "b_set": f.b is not None,
                    "default_a": value_json(fd, f.default_a), "default_b": value_json(fd, f.default_b),
                    "rel": real_json(f.max_rel) if f.is_float else None}
        positions, left = self._channels(f)
        rel = f.rel
        channels = [{"index": int(f.channels[k]), "a": value_json(fd, f.values_a[k]),
                     "b": value_json(fd, f.values_b[k]),
                     "rel": real_json(float(rel[k]))} for k in positions]
        return {"field": f.field, "kind": "repeated", "len_a": f.len_a, "len_b": f.len_b,
                "compared": f.compared, "differing": f.differing, "at": f.at,
                "max_abs": real_json(f.max_abs), "max_rel": real_json(f.max_rel),
                "channels": channels, "channels_left_out": left}

    def layer_json(self, layer: LayerDiff) -> dict[str, object]:
        ov = self.c.overview
        return {"key": layer.key, "index_a": layer.index_a, "index_b": layer.index_b, "copy": layer.copy,
                "scale_w_max_abs_log_ratio": real_json(float(ov.scale_w_log_ratio[layer.row])),
                "scale_d_rel": real_json(float(ov.scale_d_rel[layer.row])),
                "fields": [self.field_json(f) for f in layer.fields]}

    @staticmethod
    def prune_json(p: PruneChange) -> dict[str, object]:
        return {"prune_record": p.prune_record, "prune_record_b": p.prune_record_b, "role": p.role,
                "node": p.node, "copy": p.copy, "attr": p.attr, "a": _plain_json(p.a), "b": _plain_json(p.b)}

    def to_json(self) -> dict[str, object]:
        c, notes = self.c, self.c.dialects

        def refs(items: Iterable[_T], fn: Callable[[_T], dict[str, object]]) -> list[dict[str, object]]:
            return [fn(x) for x in items]

        return {
            "equal": self.equal, "rtol": self.d.rtol, "atol": self.d.atol,
            "layers_a": c.layers_a, "layers_b": c.layers_b, "layers_in_both": len(c.pairs),
            "layers_differing": len(self.layers),
            "only_in_a": refs(self.only_in_a, lambda e: {"key": e.key, "index": e.index, "copy": e.copy}),
            "only_in_b": refs(self.only_in_b, lambda e: {"key": e.key, "index": e.index, "copy": e.copy}),
            "changed": [self.layer_json(layer) for layer in self.layers],
            "order": {"differs": bool(self.moved),
                      "moved": refs(self.moved, lambda m: {"key": m.key, "index_a": m.index_a,
                                                           "index_b": m.index_b, "copy": m.copy})},
            "duplicate_keys": refs(self.duplicates, lambda k: {"key": k.key, "indices_a": list(k.indices_a),
                                                                "indices_b": list(k.indices_b),
                                                                "reordered": k.reordered}),
            "prune": {
                "records_a": c.prune_a, "records_b": c.prune_b,
                "changes": [self.prune_json(p) for p in self.prune],
                "only_in_a": refs(self.prune_only_in_a, lambda r: {"prune_record": r.index, "producers": list(r.producers),
                                                                   "selective_prune": r.selective}),
                "only_in_b": refs(self.prune_only_in_b, lambda r: {"prune_record": r.index, "producers": list(r.producers),
                                                                   "selective_prune": r.selective}),
                "moved": [{"prune_record": i, "prune_record_b": j} for i, j in c.prune_moved] if self.narrow.prune else [],
            },
            "dialects": {
                "a": notes.a, "b": notes.b,
                "only_in_a": [{"field": f.field, "layers": f.layers} for f in notes.only_in_a if self.narrow.field(f.field)],
                "only_in_b": [{"field": f.field, "layers": f.layers} for f in notes.only_in_b if self.narrow.field(f.field)],
                "defaults": [{"field": x.field, "a": _plain_json(x.a), "b": _plain_json(x.b), "layers": x.layers}
                             for x in self.defaults],
                "prune_only_in": notes.prune_only_in,
            },
        }


def _not_a_regex(text: str, e: re.error) -> str:
    return translate("cli", "--layers: not a regular expression: {text} ({error})").format(text=repr(text), error=e)


def _rules() -> list[formats.SarifRule]:
    """The diff's own rules for SARIF's catalogue."""
    return [{"id": rule, "name": rule, "shortDescription": {"text": text}, "fullDescription": {"text": text},
             "help": {"text": text}, "defaultConfiguration": {"level": "error"}}
            for rule, text in (("diff-layer", translate("cli", "a layer both records have differs")),
                               ("diff-only-in-a", translate("cli", "a layer only record A has")),
                               ("diff-only-in-b", translate("cli", "a layer only record B has")))]


def _cases(args: argparse.Namespace, a: RecordDocument, b: RecordDocument, report: Report) -> list[formats.Case]:
    """The differences as test cases (SARIF, JUnit, GitHub): a failed one per differing layer
    (at its line in A) and per layer only one record has (at its line there); one passing
    case when the records are equal."""
    suite = f"{shown_path(args.a)} vs {shown_path(args.b)}"
    cases: list[formats.Case] = []

    def line(doc: RecordDocument, index: int) -> int | None:
        where = doc.locate(record_index=index)
        return where[0] if where is not None else None

    for layer in report.layers:
        cases.append(formats.Case(suite, layer.key, report.layer_line(layer), shown_path(args.a),
                                  line(a, layer.index_a), Severity.ERROR, "diff-layer"))
    for e in report.only_in_a:
        cases.append(formats.Case(suite, e.key, translate("cli", "only in A: {key}").format(key=_key(e.key)),
                                  shown_path(args.a), line(a, e.index), Severity.ERROR, "diff-only-in-a"))
    for e in report.only_in_b:
        cases.append(formats.Case(suite, e.key, translate("cli", "only in B: {key}").format(key=_key(e.key)),
                                  shown_path(args.b), line(b, e.index), Severity.ERROR, "diff-only-in-b"))
    if not cases:
        cases.append(formats.Case(suite, translate("cli", "the records are equal"), None, shown_path(args.a)))
    return cases


def run(args: argparse.Namespace) -> int:
    if not (args.rtol >= 0 and args.atol >= 0) or math.isinf(args.rtol) or math.isinf(args.atol):
        raise UsageError(translate("cli", "tolerances are numbers of at least 0 (--rtol, --atol)"))
    # mistakes a user can see without the files are reported before reading two big ones
    if args.layers is not None:
        try:
            re.compile(args.layers)
        except re.error as e:
            raise UsageError(_not_a_regex(args.layers, e)) from None
    if args.fields is not None:
        anywhere = {display_name(p) for d in DIALECTS.values() for p in field_paths(d.entry_descriptor)}
        unknown = [f for f in (x.strip() for x in args.fields.split(",")) if f and f not in anywhere | {PRUNE}]
        if unknown:
            raise UsageError(translate("cli", "--fields: no dialect has a field {names}; fields: {known}").format(
                names=", ".join(unknown), known=", ".join(sorted(anywhere | {PRUNE}))))
    a = load(args.a, args)
    b = RecordDocument.load(args.b, args.dialect_b or args.dialect, repair=args.repair, keep_original=False)
    comparison = compare_records(a.message, b.message)
    report = Report(comparison.differences(args.rtol, args.atol),
                    Narrowing(comparison, args.fields, args.layers), 0 if args.summary else args.max_channels)
    fmt = formats.output_format(args)
    if fmt in ("sarif", "junit", "github"):
        formats.print_document(fmt, [], _cases(args, a, b, report), name="record-editor diff", extra_rules=_rules())
        return EXIT_OK if report.equal else EXIT_PROBLEMS
    if fmt == "json":
        print(json.dumps({"a": args.a, "b": args.b, "dialect_a": a.dialect.name, "dialect_b": b.dialect.name,
                          **report.to_json()}, indent=2, ensure_ascii=False))
    else:
        print(f"A: {shown_path(args.a)} ({a.dialect.name})\nB: {shown_path(args.b)} ({b.dialect.name})")
        print("\n".join(report.lines(args.summary)))
    return EXIT_OK if report.equal else EXIT_PROBLEMS
