"""Comparison of two records, layer by layer and channel by channel.

Layers are matched by key (the first entry of a duplicated key, as AMCT uses), fields by
name, so two calibrations of the same model compare even across dialects. Numbers compare
as float32 (NaN equals NaN) within an optional tolerance |a - b| <= atol + rtol * |b|.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np
from google.protobuf import descriptor as _descriptor
from google.protobuf.message import Message

FD = _descriptor.FieldDescriptor
_FLOATS = (FD.CPPTYPE_FLOAT, FD.CPPTYPE_DOUBLE)
_INTS = (FD.CPPTYPE_INT32, FD.CPPTYPE_INT64, FD.CPPTYPE_UINT32, FD.CPPTYPE_UINT64)


@dataclass
class FieldDiff:
    """One field of one layer that differs.

    Singular fields set `a`/`b` (None when unset). Repeated numeric fields set the lengths,
    how many channels differ (over the common length), and the largest difference.
    """

    field: str
    a: object = None
    b: object = None
    len_a: int | None = None
    len_b: int | None = None
    differing: int | None = None
    max_abs: float | None = None
    max_rel: float | None = None
    at: int | None = None

    def describe(self) -> str:
        if self.len_a is None:
            rel = ""
            if isinstance(self.a, float) and isinstance(self.b, float) and self.a:
                rel = f" ({(self.b - self.a) / abs(self.a):+.1%})"
            return f"{self.field}: {_show(self.a)} -> {_show(self.b)}{rel}"
        parts = []
        if self.len_a != self.len_b:
            parts.append(f"{self.len_a} -> {self.len_b} values")
        if self.differing:
            n = min(self.len_a, self.len_b)
            where = f"max |Δ| {self.max_abs:.6g}" + (f" ({self.max_rel:+.1%})" if self.max_rel is not None else "")
            parts.append(f"{self.differing} of {n} differ, {where} at [{self.at}]")
        return f"{self.field}: " + "; ".join(parts)


@dataclass
class LayerDiff:
    key: str
    fields: list[FieldDiff] = field(default_factory=list)


@dataclass
class RecordDiff:
    """What differs between record A and record B."""

    layers_a: int
    layers_b: int
    only_in_a: list[str] = field(default_factory=list)
    only_in_b: list[str] = field(default_factory=list)
    changed: list[LayerDiff] = field(default_factory=list)
    order_differs: bool = False
    prune_a: int = 0
    prune_b: int = 0
    prune_changed: list[int] = field(default_factory=list)

    @property
    def equal(self) -> bool:
        return not (self.only_in_a or self.only_in_b or self.changed or self.prune_changed
                    or self.prune_a != self.prune_b)

    def to_json(self) -> dict:
        data = asdict(self)
        data["equal"] = self.equal
        return data

    def lines(self) -> list[str]:
        common = self.layers_a - len(self.only_in_a)
        out = [f"{common} layer{'' if common == 1 else 's'} in both, {len(self.only_in_a)} only in A, "
               f"{len(self.only_in_b)} only in B; "
               f"{len(self.changed)} differ" + ("; the layer order differs" if self.order_differs else "")]
        out += [f"- only in A: {k}" for k in self.only_in_a]
        out += [f"+ only in B: {k}" for k in self.only_in_b]
        for layer in self.changed:
            for f in layer.fields:
                out.append(f"~ {layer.key}: {f.describe()}")
        if self.prune_a != self.prune_b:
            out.append(f"~ prune records: {self.prune_a} -> {self.prune_b}")
        out += [f"~ prune record {i} differs" for i in self.prune_changed]
        return out


def _show(v) -> str:
    if v is None:
        return "unset"
    if isinstance(v, float):
        return f"{v:.9g}"
    return repr(v) if isinstance(v, (str, bytes)) else str(v)


def _first_by_key(message: Message) -> dict[str, Message]:
    entries: dict[str, Message] = {}
    for entry in message.record:
        entries.setdefault(entry.key, entry)
    return entries


def _vector_diff(name: str, fd: FD, a, b, rtol: float, atol: float) -> FieldDiff | None:
    if fd.cpp_type in _FLOATS or fd.cpp_type in _INTS:
        dtype = np.float32 if fd.cpp_type == FD.CPPTYPE_FLOAT else np.float64
        x, y = np.asarray(a, dtype=dtype), np.asarray(b, dtype=dtype)
        n = min(len(x), len(y))
        xs, ys = x[:n].astype(np.float64), y[:n].astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            delta = np.abs(xs - ys)
            same = (delta <= atol + rtol * np.abs(ys)) | (np.isnan(xs) & np.isnan(ys)) | (xs == ys)
        bad = np.flatnonzero(~same)
        if len(x) == len(y) and not len(bad):
            return None
        diff = FieldDiff(name, len_a=len(x), len_b=len(y), differing=int(len(bad)))
        if len(bad):
            d = np.where(np.isnan(delta[bad]), np.inf, delta[bad])
            k = int(bad[int(np.argmax(d))])
            diff.at, diff.max_abs = k, float(delta[k])
            if xs[k] != 0 and np.isfinite(xs[k]):
                diff.max_rel = float((ys[k] - xs[k]) / abs(xs[k]))
        return diff
    if list(a) == list(b):
        return None
    return FieldDiff(name, a=list(a), b=list(b), len_a=len(a), len_b=len(b),
                     differing=sum(1 for p, q in zip(a, b, strict=False) if p != q))


def _scalar_same(fd: FD, x, y, rtol: float, atol: float) -> bool:
    if fd.cpp_type in _FLOATS and x is not None and y is not None:
        if np.isnan(x) and np.isnan(y):
            return True
        return x == y or abs(x - y) <= atol + rtol * abs(y)
    return x == y


def _message_diff(a: Message, b: Message, prefix: str, rtol: float, atol: float) -> list[FieldDiff]:
    """Differences between two messages of possibly different types, by field name."""
    out: list[FieldDiff] = []
    names = dict.fromkeys([f.name for f in a.DESCRIPTOR.fields] + [f.name for f in b.DESCRIPTOR.fields])
    for name in names:
        fa = a.DESCRIPTOR.fields_by_name.get(name)
        fb = b.DESCRIPTOR.fields_by_name.get(name)
        fd = fa or fb
        path = prefix + name
        if fd.is_repeated:
            va = getattr(a, name) if fa else []
            vb = getattr(b, name) if fb else []
            if fd.message_type is not None:
                sa = [m.SerializePartialToString() for m in va]
                sb = [m.SerializePartialToString() for m in vb]
                if sa != sb:
                    out.append(FieldDiff(path, len_a=len(sa), len_b=len(sb),
                                         differing=sum(p != q for p, q in zip(sa, sb, strict=False)) + abs(len(sa) - len(sb))))
                continue
            d = _vector_diff(path, fd, va, vb, rtol, atol)
            if d is not None:
                out.append(d)
        elif fd.message_type is not None:
            has_a = bool(fa) and a.HasField(name)
            has_b = bool(fb) and b.HasField(name)
            if has_a and has_b:
                out.extend(_message_diff(getattr(a, name), getattr(b, name), path + ".", rtol, atol))
            elif has_a != has_b:
                out.append(FieldDiff(path, a="set" if has_a else None, b="set" if has_b else None))
        else:
            x = getattr(a, name) if fa and a.HasField(name) else None
            y = getattr(b, name) if fb and b.HasField(name) else None
            if not _scalar_same(fd, x, y, rtol, atol):
                out.append(FieldDiff(path, a=x, b=y))
    return out


def diff_records(a: Message, b: Message, *, rtol: float = 0.0, atol: float = 0.0) -> RecordDiff:
    """Compare two records (any dialects) layer by layer, channel by channel."""
    ea, eb = _first_by_key(a), _first_by_key(b)
    result = RecordDiff(layers_a=len(ea), layers_b=len(eb))
    result.only_in_a = [k for k in ea if k not in eb]
    result.only_in_b = [k for k in eb if k not in ea]
    common = [k for k in ea if k in eb]
    result.order_differs = common != [k for k in eb if k in ea]
    for key in common:
        fields = _message_diff(ea[key], eb[key], "", rtol, atol)
        fields = [f for f in fields if f.field != "key"]
        for f in fields:  # a layer's factors are what people mean by its fields
            f.field = f.field.removeprefix("value.")
        if fields:
            result.changed.append(LayerDiff(key, fields))
    pa = list(getattr(a, "prune_record", []))
    pb = list(getattr(b, "prune_record", []))
    result.prune_a, result.prune_b = len(pa), len(pb)
    result.prune_changed = [i for i, (x, y) in enumerate(zip(pa, pb, strict=False))
                            if x.SerializePartialToString() != y.SerializePartialToString()]
    return result
