"""Prune records compared: paired by producers, nodes by role and name, attributes by name."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from editor.records.attrs import VALUE_FIELD, AttrProto
from editor.records.diff._values import _close, _float32, _scalar_close
from editor.records.diff.results import PruneChange
from editor.records.messages import AttrMessage, PruneNodeMessage, PruneRecordMessage

_FLOAT_ATTRS = (AttrProto.FLOAT, AttrProto.FLOATS)


def attr_value(attr: AttrMessage) -> Any:
    """An AttrProto's value as its type says (bytes as text where they are UTF-8); an
    attribute without a type, or with other fields set too, as a dict of what is set."""
    present = {fd.name: value for fd, value in attr.ListFields() if fd.name not in ("name", "type")}
    typed = VALUE_FIELD.get(attr.type) if attr.HasField("type") else None
    if typed is not None and set(present) <= {typed}:
        return _plain(getattr(attr, typed))
    return {k: _plain(v) for k, v in present.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    if isinstance(value, str | int | float):
        return value
    return [_plain(v) for v in value]


def _nodes(record: PruneRecordMessage) -> list[tuple[str, str, PruneNodeMessage]]:
    """(role, name, node) of a prune record's nodes in file order."""
    out: list[tuple[str, str, PruneNodeMessage]] = [("producer", n.name, n) for n in record.producer]
    out += [("consumer", n.name, n) for n in record.consumer]
    if record.HasField("selective_prune"):
        out.append(("selective_prune", record.selective_prune.name, record.selective_prune))
    return out


def _signature(record: PruneRecordMessage) -> tuple[tuple[str, ...], str | None]:
    sel = record.selective_prune.name if record.HasField("selective_prune") else None
    return tuple(n.name for n in record.producer), sel


def _attrs(node: PruneNodeMessage) -> dict[tuple[str, int], AttrMessage]:
    seen: dict[str, int] = {}
    out: dict[tuple[str, int], AttrMessage] = {}
    for attr in node.attr:
        c = seen.get(attr.name, 0)
        seen[attr.name] = c + 1
        out[(attr.name, c)] = attr
    return out


def _attr_floats(attr: AttrMessage | None) -> bool:
    return attr is not None and attr.type in _FLOAT_ATTRS


def _node_changes(i: int, j: int, ra: PruneRecordMessage, rb: PruneRecordMessage) -> list[PruneChange]:
    changes: list[PruneChange] = []

    def keyed(record: PruneRecordMessage) -> dict[tuple[str, str, int], PruneNodeMessage]:
        seen: dict[tuple[str, str], int] = {}
        out: dict[tuple[str, str, int], PruneNodeMessage] = {}
        for role, name, node in _nodes(record):
            c = seen.get((role, name), 0)
            seen[(role, name)] = c + 1
            out[(role, name, c)] = node
        return out

    na, nb = keyed(ra), keyed(rb)
    for key in dict.fromkeys([*na, *nb]):
        role, name, copy = key
        a, b = na.get(key), nb.get(key)
        if a is None or b is None:
            node = a if a is not None else b
            assert node is not None
            shown = {attr.name: attr_value(attr) for attr in node.attr}
            changes.append(PruneChange(i, j, role, name, None, shown if a is not None else None,
                                       shown if b is not None else None, copy))
            continue
        if a.SerializePartialToString() == b.SerializePartialToString():
            continue
        aa, ab = _attrs(a), _attrs(b)
        for akey in dict.fromkeys([*aa, *ab]):
            x, y = aa.get(akey), ab.get(akey)
            vx = None if x is None else attr_value(x)
            vy = None if y is None else attr_value(y)
            tx = None if x is None else x.type
            ty = None if y is None else y.type
            if vx == vy and tx == ty:
                continue
            floats = _attr_floats(x) and _attr_floats(y) and tx == ty
            if floats:
                vx = _float32(vx) if isinstance(vx, float) else [_float32(v) for v in vx] if isinstance(vx, list) else vx
                vy = _float32(vy) if isinstance(vy, float) else [_float32(v) for v in vy] if isinstance(vy, list) else vy
            changes.append(PruneChange(i, j, role, name, akey[0], vx, vy, copy, floats))
    return changes


def _float_change_within(change: PruneChange, rtol: float, atol: float) -> bool:
    a, b = change.a, change.b
    if isinstance(a, float) and isinstance(b, float):
        return _scalar_close(a, b, rtol, atol)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return bool(np.all(_close(np.asarray(a, np.float64), np.asarray(b, np.float64), rtol, atol)))
    return False


def _match_prune(pa: Sequence[PruneRecordMessage], pb: Sequence[PruneRecordMessage]) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Pairs of prune records: same producers (and selective node) in order, then the left
    ones by the most nodes in common."""
    sig_b: dict[tuple[tuple[str, ...], str | None], list[int]] = {}
    for j, r in enumerate(pb):
        sig_b.setdefault(_signature(r), []).append(j)
    pairs: list[tuple[int, int]] = []
    left_a: list[int] = []
    for i, r in enumerate(pa):
        js = sig_b.get(_signature(r))
        if js:
            pairs.append((i, js.pop(0)))
        else:
            left_a.append(i)
    left_b = sorted(j for js in sig_b.values() for j in js)
    if left_a and left_b:
        names_b = {j: {(role, name) for role, name, _ in _nodes(pb[j])} for j in left_b}
        still_a: list[int] = []
        for i in left_a:
            names = {(role, name) for role, name, _ in _nodes(pa[i])}
            best, shared = None, 0
            for j in left_b:
                n = len(names & names_b[j])
                if n > shared:
                    best, shared = j, n
            if best is None:
                still_a.append(i)
            else:
                pairs.append((i, best))
                left_b.remove(best)
        left_a = still_a
    pairs.sort()
    return pairs, left_a, left_b
