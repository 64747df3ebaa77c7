"""Which record keys name layers of a model, which do not, which of the model's layers have
no record, and which of those an unknown key was probably meant for — the counts `info
--model`, `check --model` (the ``model-`` rules) and the window all give, from this one place.

A renamed key is told once: the unknown key gets "did you mean X? That layer has no record",
and X is then not counted again among the layers without a record. Suggestions go one layer
per key: among equally close names the one of the key's own stage (``res4`` for ``res4c``)
and the lowest index (``res4b1`` before ``res4b9``) wins, and a layer suggested for one key
is not suggested for another.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from editor.models.base import Layer, Model

#: how alike a key and a layer name must be to suggest it (difflib's ratio; its default)
CUTOFF = 0.6

_STAGE = re.compile(r"^\D*\d+")
_DIGITS = re.compile(r"(\d+)")


def _stage(name: str) -> str:
    """The leading name and first number: ``res4`` of ``res4b12``, ``layer1`` of ``layer1.0.conv1``."""
    m = _STAGE.match(name)
    return m.group(0) if m else ""


def _natural(name: str) -> tuple[int | str, ...]:
    """Sort key reading digit runs as numbers: ``res4b2`` before ``res4b10``."""
    return tuple(int(p) if p.isdigit() else p for p in _DIGITS.split(name))


def ranked(key: str, names: Iterable[str], cutoff: float = CUTOFF) -> list[str]:
    """`names` at least `cutoff` alike `key`, best first: the closest; among equally close
    ones those of the key's stage, then the lowest index."""
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(key)
    stage = _stage(key)
    scored = []
    for name in names:
        matcher.set_seq1(name)
        if matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
            continue
        score = matcher.ratio()
        if score >= cutoff:
            scored.append((-round(score, 9), _stage(name) != stage, _natural(name), name))
    scored.sort()
    return [s[-1] for s in scored]


def suggest(unknown: Sequence[str], without: Sequence[str]) -> dict[str, str]:
    """For each unknown key (in record order), the layer without a record it was probably
    meant for, each layer given to one key at most."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for key in dict.fromkeys(unknown):
        best = next((n for n in ranked(key, without) if n not in taken), None)
        if best is not None:
            out[key] = best
            taken.add(best)
    return out


@dataclass
class KeyMatch:
    """`matched`: keys naming a layer (or one input of it, ``layer:index``); `unmatched`: keys
    naming nothing in the model; `suggested`: unknown key → the layer without a record it
    was probably meant for; `without_record`: layers whose weights AMCT quantizes that no key
    names and none is suggested for (they stay float), in model order; `by_module`: keys
    that name a PyTorch module, → the node of the exported model they matched."""

    matched: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    without_record: list[Layer] = field(default_factory=list)
    suggested: dict[str, str] = field(default_factory=dict)
    by_module: dict[str, str] = field(default_factory=dict)


def match_keys(keys: Iterable[str | None], model: Model) -> KeyMatch:
    result = KeyMatch()
    named: set[str] = set()
    for key in keys:
        if not key:
            continue
        layer, index = model.find(key)
        if layer is None:
            result.unmatched.append(key)
            continue
        result.matched.append(key)
        if index is None:
            named.add(layer.name)
            if key != layer.name:
                result.by_module[key] = layer.name
    without = [layer for layer in model.quantizable_layers(weighted_only=True) if layer.name not in named]
    result.suggested = suggest(result.unmatched, [layer.name for layer in without])
    meant = set(result.suggested.values())
    result.without_record = [layer for layer in without if layer.name not in meant]
    return result


def module_matches(keys: Iterable[str | None], model: Model) -> dict[str, str]:
    """Keys that name a PyTorch module → the node of the exported model they matched."""
    out: dict[str, str] = {}
    for key in keys:
        if key and key not in out:
            layer, index = model.find(key)
            if layer is not None and index is None and layer.name != key:
                out[key] = layer.name
    return out
