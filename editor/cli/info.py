"""`record-editor info FILE...`: dialect, entry counts and size of record files (folders and
globs too, `_many`; --json prints one object for one file, ``{"files": [...]}`` for several)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NotRequired, TypedDict

from editor.cli import _many, _model
from editor.cli._args import Subcommands, add_common
from editor.cli._outliers import add_outlier_k, scale_w_outliers
from editor.cli._record_io import load
from editor.cli._reporting import EXIT_OK, EXIT_USAGE, plural, print_json
from editor.defaults import DEFAULT_OUTLIER_K
from editor.i18n import translate
from editor.records.errors import RecordError
from editor.records.problems import shown_path

if TYPE_CHECKING:
    from editor.models import Model
    from editor.records.document import RecordDocument


class ModelInfo(_model.ModelSummary):
    """The model in `info --json`, and how the record's keys meet its layers (`match_keys`)."""

    matched: int
    unmatched_keys: list[str]
    suggested: dict[str, str]
    without_record: list[str]
    keys_by_module: dict[str, str]
    weights_reviewed: bool


class OutlierCount(TypedDict):
    """The scale_w outliers counted (`--outliers`): the fence factor, channels and layers."""

    k: float
    channels: int
    layers: int


class RecordInfo(TypedDict):
    """The facts of one record, as `info --json` prints them."""

    path: str
    dialect: str
    schema: str
    format: str
    size: int
    records: int
    prune_records: int
    per_channel_values: int
    per_channel_layers: int
    scale_w_outliers: OutlierCount | None
    repeated_values: dict[str, int]
    reading_problems: int
    repairs: list[str]
    model: NotRequired[ModelInfo]
    dialect_from_model: NotRequired[_model.FollowNote]


class Unreadable(TypedDict):
    """A file `info` could not read (among several), as --json lists it."""

    path: str
    error: str


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("info", help="dialect, entry counts and size of a record file")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files, folders or globs")
    add_common(p)
    _many.add_many_args(p)
    _model.add_model_args(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--outliers", action="store_true",
                   help="also count the scale_w channels that are outliers, and their layers "
                        "(check --rule scale-w-outlier lists them)")
    add_outlier_k(p, default=None)  # giving K asks for the count too
    return p


def _model_info(doc: RecordDocument, model: Model) -> ModelInfo:
    """How the record's keys meet the model's layers."""
    from editor.models.match import match_keys

    m = match_keys((e.key for e in doc.message.record), model)
    return {**_model.model_summary(model), "matched": len(m.matched), "unmatched_keys": m.unmatched,
            "suggested": m.suggested, "without_record": [layer.name for layer in m.without_record],
            "keys_by_module": m.by_module, "weights_reviewed": model.has_weights}


def _layers(n: int) -> str:
    return plural(n, translate("cli", "{n} layer"), translate("cli", "{n} layers"))


def _names(names: list[str], limit: int = 5) -> str:
    shown = ", ".join(names[:limit])
    return translate("cli", " ({names})").format(names=shown + (", …" if len(names) > limit else "")) if names else ""


def _one(path: str, args: argparse.Namespace, model: Model | None) -> RecordInfo:
    """The facts of one record (printed unless --json); a RecordError for an unreadable one."""
    doc = load(path, args, stream=True)
    doc, followed = _model.follow_model(doc, path, args, model, stream=True)
    counts = repeated_value_counts(doc)
    per_channel, per_channel_layers = per_channel_scale_w(doc)
    k = args.outlier_k if args.outlier_k is not None else DEFAULT_OUTLIER_K
    counted = args.outliers or args.outlier_k is not None  # counting needs numpy: only when asked
    out_channels, out_layers = scale_w_outliers(doc, k) if counted else (0, 0)
    prune = len(doc.message.prune_record) if doc.dialect.has_prune else 0
    info: RecordInfo = {
        "path": str(doc.path),
        "dialect": doc.dialect.name,
        "schema": doc.dialect.full_name,
        "format": "binary" if doc.binary else "text",
        "size": Path(path).stat().st_size,
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
    if followed is not None:
        info["dialect_from_model"] = followed
    if not args.json:
        fmt = translate("cli", "binary") if doc.binary else translate("cli", "text")
        print(translate("cli", "{path}: {dialect} ({title}, {schema}), {format}, {size} bytes").format(
            path=shown_path(info["path"]), dialect=doc.dialect.name, title=doc.dialect.shown_title,
            schema=info["schema"], format=fmt, size=f"{info['size']:,}"))
        if followed is not None and model is not None:
            print("  " + _model.follow_text(shown_path(info["path"]), followed, model))
        print(translate("cli", "  records: {records}   prune records: {prune}   per-channel scale_w values: "
                        "{values} in {layers}").format(
            records=f"{info['records']:,}", prune=f"{prune:,}", values=f"{per_channel:,}",
            layers=_layers(per_channel_layers)))
        if counted:
            print(translate("cli", "  scale_w outliers (k = {k}): {channels} in {layers} (record-editor check "
                            "--rule scale-w-outlier lists them)").format(
                k=f"{k:g}", channels=plural(out_channels, translate("cli", "{n} channel"),
                                            translate("cli", "{n} channels")),
                layers=_layers(out_layers)))
        elif per_channel_layers:
            print(translate("cli", "  scale_w outliers: not counted (info --outliers counts them, "
                            "check --rule scale-w-outlier lists them)"))
        if counts:
            print(translate("cli", "  repeated values: {counts}").format(
                counts=", ".join(f"{k} {v:,}" for k, v in sorted(counts.items()))))
        for r in doc.repairs:
            print("  " + r.format())
        if doc.problems:
            print(translate("cli", "  reading problems: {count} (see record-editor check)").format(
                count=len(doc.problems)))
        if model is not None and mi is not None:
            weights = (translate("cli", ", weights for {count} of them").format(count=f"{mi['with_weights']:,}")
                       if mi["with_weights"] else translate("cli", ", no weights"))
            print(translate("cli", "  model: {path} ({title}, {format}), {layers}, {weighted} with weights AMCT "
                            "quantizes{weights}").format(
                path=mi["path"], title=model.title, format=mi["format"], layers=_layers(mi["layers"]),
                weighted=f"{mi['weighted']:,}", weights=weights))
            print(translate("cli", "  keys matching a model layer: {matched} of {records}; unmatched keys: "
                            "{unmatched}{unmatched_names}; model layers without a record: {without}"
                            "{without_names}").format(
                matched=f"{mi['matched']:,}", records=f"{info['records']:,}",
                unmatched=f"{len(mi['unmatched_keys']):,}", unmatched_names=_names(mi["unmatched_keys"]),
                without=f"{len(mi['without_record']):,}", without_names=_names(mi["without_record"])))
            if mi["suggested"]:
                pairs = [f"{k} → {v}" for k, v in mi["suggested"].items()]
                print(translate("cli", "  unmatched keys probably meant for a layer without a record: {pairs}").format(
                    pairs=", ".join(pairs[:5]) + (", …" if len(pairs) > 5 else "")))
            if mi["keys_by_module"]:
                pairs = [f"{k} → {v}" for k, v in mi["keys_by_module"].items()]
                print(translate("cli", "  keys naming a PyTorch module, matched to the node torch.onnx.export made of "
                                "it: {count} ({pairs})").format(
                    count=f"{len(pairs):,}", pairs=", ".join(pairs[:3]) + (", …" if len(pairs) > 3 else "")))
            if not model.has_weights:
                print("  " + _model.no_weights_text(model))
            for note in model.notes:
                print(translate("cli", "  model note: {note}").format(note=note))
    return info


def run(args: argparse.Namespace) -> int:
    models = _many.Models(args)
    models.common()  # a --model that cannot be read stops here
    targets = _many.expand(args.files, args.recursive)
    infos: list[RecordInfo | Unreadable] = []
    codes: list[int] = []
    for target in targets:
        try:
            if target.error is not None:
                raise RecordError(target.error, target.path)
            infos.append(_one(target.path, args, models.for_record(target.path)))
            codes.append(EXIT_OK)
        except RecordError as e:
            if len(targets) == 1:
                raise
            codes.append(EXIT_USAGE)
            infos.append({"path": target.path, "error": str(e)})
            if not args.json:
                print(str(e), file=sys.stderr)
    if args.json:
        print_json(infos[0] if len(targets) == 1 else {"files": infos})
    elif len(targets) > 1:
        print(translate("cli", "{files} files, {unreadable} unreadable").format(
            files=len(targets), unreadable=codes.count(EXIT_USAGE)))
    return _many.worst(codes)


def repeated_value_counts(doc: RecordDocument) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in doc.message.record:
        for fd, value in entry.value.ListFields():
            if fd.is_repeated and fd.cpp_type != fd.CPPTYPE_STRING:
                counts[fd.name] = counts.get(fd.name, 0) + len(value)
    return counts


def per_channel_scale_w(doc: RecordDocument) -> tuple[int, int]:
    """(scale_w values, layers) of the per-channel layers: those with more than one scale_w
    (a single value is per-tensor)."""
    lengths = [len(e.value.scale_w) for e in doc.message.record if len(e.value.scale_w) > 1]
    return sum(lengths), len(lengths)
