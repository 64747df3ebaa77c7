"""`record-editor info FILE`: dialect, entry counts and size of a record file."""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from editor.cli import _model
from editor.cli._common import EXIT_OK, add_common, count, load, per_channel_scale_w, repeated_value_counts
from editor.cli._outliers import add_outlier_k, scale_w_outliers
from editor.records.defaults import DEFAULT_OUTLIER_K
from editor.records.problems import shown_path


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("info", help="dialect, entry counts and size of a record file")
    p.add_argument("file")
    add_common(p)
    _model.add_model_args(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--outliers", action="store_true",
                   help="also count the scale_w channels that are outliers, and their layers "
                        "(check --rule scale-w-outlier lists them)")
    add_outlier_k(p, default=None)  # giving K asks for the count too
    return p


def _model_info(doc, model) -> dict:
    """How the record's keys meet the model's layers."""
    from editor.models.match import match_keys

    m = match_keys((e.key for e in doc.message.record), model)
    return {**_model.model_summary(model), "matched": len(m.matched), "unmatched_keys": m.unmatched,
            "without_record": [layer.name for layer in m.without_record]}


def _names(names: list[str], limit: int = 5) -> str:
    shown = ", ".join(names[:limit])
    return f" ({shown}{', …' if len(names) > limit else ''})" if names else ""


def run(args) -> int:
    doc = load(args.file, args)
    model = _model.load(args)
    counts = repeated_value_counts(doc)
    per_channel, per_channel_layers = per_channel_scale_w(doc)
    k = args.outlier_k if args.outlier_k is not None else DEFAULT_OUTLIER_K
    counted = args.outliers or args.outlier_k is not None  # counting needs numpy: only when asked
    out_channels, out_layers = scale_w_outliers(doc, k) if counted else (0, 0)
    prune = len(doc.message.prune_record) if doc.dialect.has_prune else 0
    info: dict[str, Any] = {
        "path": str(doc.path),
        "dialect": doc.dialect.name,
        "schema": doc.dialect.full_name,
        "format": "binary" if doc.binary else "text",
        "size": Path(args.file).stat().st_size,
        "records": len(doc.message.record),
        "prune_records": prune,
        "per_channel_values": per_channel,
        "per_channel_layers": per_channel_layers,
        "scale_w_outliers": {"k": k, "channels": out_channels, "layers": out_layers} if counted else None,
        "repeated_values": counts,
        "reading_problems": len(doc.problems),
        "repairs": [r.format() for r in doc.repairs],
    }
    mi = _model_info(doc, model) if model is not None else None
    if mi is not None:
        info["model"] = mi
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        print(f"{shown_path(info['path'])}: {doc.dialect.name} ({doc.dialect.title}, {info['schema']}), {info['format']}, "
              f"{info['size']:,} bytes")
        print(f"  records: {info['records']:,}   prune records: {prune:,}   "
              f"per-channel scale_w values: {per_channel:,} in {count(per_channel_layers, 'layer')}")
        if counted:
            print(f"  scale_w outliers (k = {k:g}): {out_channels:,} channel"
                  f"{'s' if out_channels != 1 else ''} in {count(out_layers, 'layer')} "
                  "(record-editor check --rule scale-w-outlier lists them)")
        elif per_channel_layers:
            print("  scale_w outliers: not counted (info --outliers counts them, "
                  "check --rule scale-w-outlier lists them)")
        if counts:
            print("  repeated values: " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())))
        for r in doc.repairs:
            print("  " + r.format())
        if doc.problems:
            print(f"  reading problems: {len(doc.problems)} (see record-editor check)")
        if model is not None and mi is not None:
            weights = f", weights for {mi['with_weights']:,} of them" if mi["with_weights"] else ", no weights"
            print(f"  model: {mi['path']} ({model.title}, {mi['format']}), {count(mi['layers'], 'layer')}, "
                  f"{mi['weighted']:,} with weights AMCT quantizes{weights}")
            print(f"  keys matching a model layer: {mi['matched']:,} of {info['records']:,}; "
                  f"unmatched keys: {len(mi['unmatched_keys']):,}{_names(mi['unmatched_keys'])}; "
                  f"model layers without a record: {len(mi['without_record']):,}{_names(mi['without_record'])}")
            for note in model.notes:
                print(f"  model note: {note}")
    return EXIT_OK
