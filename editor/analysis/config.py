"""The roll-back plan as AMCT's quantization config: the JSON object, keyed by layer name, that
AMCT's ``create_quant_config`` writes and its calibration reads, in which a layer with
``"quant_enable": false`` stays in float. AMCT's accuracy-based auto-calibration writes its
result the same way: it loads the config, sets each layer's ``quant_enable`` and keeps every
other field (``save_final_config`` in ``accuracy_based_auto_calibration_base.py``).

Here: every layer the analysis measured a similarity for gets ``quant_enable`` false when it
is below the threshold and true otherwise; merged into a given config, each such layer's
other fields and every other key of the config are kept as they were, in their order. A
config whose keys repeat is refused, as AMCT refuses it. Qt-free.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from editor.i18n import translate


class ConfigError(Exception):
    """A config that cannot be read or written: str() is ``FILE: message``."""

    def __init__(self, message: str, path: str | os.PathLike[str]):
        super().__init__(message)
        self.message = message
        self.path = str(path)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def _no_repeats(path: Path) -> Callable[[list[tuple[str, object]]], dict[str, Any]]:
    def hook(pairs: list[tuple[str, object]]) -> dict[str, Any]:
        seen: dict[str, object] = {}
        for k, v in pairs:
            if k in seen:
                raise ConfigError(translate("analysis", "the key {key} appears twice (AMCT refuses such a "
                                            "config)").format(key=repr(k)), path)
            seen[k] = v
        return seen
    return hook


def read_config(path: str | os.PathLike[str]) -> dict[str, Any]:
    """An AMCT quant config (a JSON object); ConfigError says why not."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(translate("analysis", "cannot read the file: {reason}").format(reason=e.strerror or e),
                          p) from None
    except UnicodeDecodeError as e:
        raise ConfigError(translate("analysis", "not UTF-8 text (byte {offset})").format(offset=e.start), p) from None
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats(p))
    except json.JSONDecodeError as e:
        raise ConfigError(translate("analysis", "not JSON: {reason} (line {line}, column {column})").format(
            reason=e.msg, line=e.lineno, column=e.colno), p) from None
    if not isinstance(data, dict):
        raise ConfigError(translate("analysis", "not an AMCT quant config: a JSON object keyed by layer name was "
                                    "expected"), p)
    return data


def rollback_config(disabled: Iterable[str], measured: Iterable[str], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The config that rolls back `disabled` layers: ``quant_enable`` false for them and true
    for the other `measured` layers, merged into `base` (kept otherwise) when given."""
    off = set(disabled)
    out: dict[str, Any] = dict(base) if base is not None else {}
    for key in dict.fromkeys([*measured, *off]):
        layer = out.get(key)
        fields = dict(layer) if isinstance(layer, dict) else {}
        fields["quant_enable"] = key not in off
        out[key] = fields
    return out


def config_text(config: dict[str, Any]) -> str:
    """The config as AMCT writes it (four-space indent, non-ASCII kept)."""
    return json.dumps(config, indent=4, separators=(",", ":"), ensure_ascii=False) + "\n"


def write_config(path: str | os.PathLike[str], config: dict[str, Any]) -> Path:
    """Write the config (replacing a file safely: the old one stays if writing fails)."""
    from editor.records.filewrite import WriteError, write_file

    p = Path(path)
    try:
        write_file(p, [config_text(config).encode("utf-8")])
    except WriteError as e:
        raise ConfigError(str(e), p) from None
    return p
