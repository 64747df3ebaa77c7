"""Which record keys name layers of a model, which do not, and which of the model's layers
have no record — the counts `info --model` prints and the model rules report."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from editor.models.base import Layer, Model


@dataclass
class KeyMatch:
    """`matched`: keys naming a layer (or one input of it, ``layer:index``); `unmatched`: keys
    naming nothing in the model; `without_record`: layers whose weights AMCT quantizes that
    no key names (they stay float), in model order."""

    matched: list[str] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    without_record: list[Layer] = field(default_factory=list)


def match_keys(keys: Iterable[str | None], model: Model) -> KeyMatch:
    result = KeyMatch()
    named: set[str] = set()
    for key in keys:
        if not key:
            continue
        layer, _ = model.find(key)
        if layer is None:
            result.unmatched.append(key)
        else:
            result.matched.append(key)
            if key == layer.name:
                named.add(layer.name)
    result.without_record = [layer for layer in model.quantizable_layers(weighted_only=True)
                             if layer.name not in named]
    return result
