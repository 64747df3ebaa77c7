"""`record-editor refit FILE --model MODEL [KEY...]`: recompute scale_w (and offset_w) from the
model's weights the way AMCT's ARQ does, and save losslessly — only the changed values' lines
of the file change."""
from __future__ import annotations

import argparse
import sys
from typing import TypedDict

import numpy as np

from editor.cli import _model
from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._record_io import check_stdout, load, output_format, write_record
from editor.cli._reporting import (
    EXIT_OK,
    EXIT_PROBLEMS,
    err,
    plural,
    print_json,
    reading_json,
    report_reading,
)
from editor.i18n import translate
from editor.models import ModelError, NotCompared
from editor.models.base import Float32Array
from editor.models.weights import DEFAULT_WASTE
from editor.records.editing import RecordEditor
from editor.records.edits.check import EditCheck
from editor.records.edits.weights import reset_from_weights
from editor.records.model_review import review_entry
from editor.records.rules import CheckContext


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("refit", help="recompute scale_w/offset_w from the model's weights (AMCT's ARQ)",
                       description="Recompute scale_w (and set offset_w to 0) of the named layers from the "
                                   "model's weights as AMCT's ARQ does (the fusions AMCT performs folded unless the "
                                   "layer's skip_fusion is set, tensor_balance_factor applied; bit width from "
                                   "wts_type). Without KEY: every layer "
                                   "whose scale_w clips its weights or wastes levels. Only the changed "
                                   "values' lines of the file change.")
    p.add_argument("file")
    p.add_argument("keys", nargs="*", metavar="KEY", help="layers to refit (default: every flagged layer)")
    _model.add_model_args(p, required=True)
    p.add_argument("--waste", type=float, default=DEFAULT_WASTE, metavar="RATIO",
                   help=f"without KEY: also refit layers whose scale_w exceeds the weights' ARQ value by "
                        f"more than this factor (default {DEFAULT_WASTE:g}: one bit unused)")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write here instead of changing FILE (text or binary by OUT's extension, else "
                        "FILE's format); - writes to standard output")
    p.add_argument("--to", choices=["text", "binary"], help="with -o: output format")
    add_common(p)
    p.add_argument("--json", action="store_true", help="print what was changed as JSON")
    return p


def take_positionals(args: argparse.Namespace, rest: list[str]) -> None:
    """Keys given after the options (``refit FILE --model M KEY -o OUT``, as the README shows)."""
    args.keys = [*args.keys, *rest]


class RefitLayer(TypedDict):
    """A layer refit, as --json reports it: the channels whose scale_w changed, their old and
    new values and ratio to ARQ, how many offset_w values were reset, and how ARQ prepared
    the weights."""

    key: str
    record_index: int
    channels: list[int]
    old: list[float]
    new: list[float]
    ratios: list[float]
    offset_w_reset: int
    folded: bool
    fusions: list[str]
    balanced: bool
    bits: int


class Skipped(TypedDict):
    """A layer that cannot be refit, and why."""

    key: str
    record_index: int
    reason: str


def _values(a: Float32Array) -> list[float]:
    return [float(np.float32(x)) for x in a]


def run(args: argparse.Namespace) -> int:
    if args.to is not None and args.output is None:
        raise UsageError(translate("cli", "--to needs -o OUT (a file changed in place keeps its own format)"))
    if not args.waste > 1:
        raise UsageError(translate("cli", "--waste {ratio}: the ratio must be greater than 1").format(
            ratio=f"{args.waste:g}"))
    to = output_format(args.output, args.to, "?") if args.output is not None else "?"
    check_stdout(args, to)
    doc = load(args.file, args, edit=True)
    model = _model.load(args)
    assert model is not None
    if not model.has_weights:
        raise UsageError(translate("cli", "{model}: nothing to refit from: {why}").format(
            model=args.model, why=_model.no_weights_text(model)))
    doc, followed = _model.follow_model(doc, args.file, args, model, edit=True)
    if followed is not None and not args.json:
        err(_model.follow_text(args.file, followed, model))
    if to == "?":
        to = "binary" if doc.binary else "text"
    entries = doc.message.record
    first: dict[str, int] = {}
    for i, e in enumerate(entries):
        first.setdefault(e.key, i)
    named = list(dict.fromkeys(args.keys))
    missing = [k for k in named if k not in first]
    if missing:
        raise UsageError(translate("cli", "{path}: no layer with key {key}{hint}").format(
            path=args.file, key=", ".join(repr(k) for k in missing), hint=""))
    if not args.json:
        report_reading(doc, args.file)
    targets = [first[k] for k in named] if named else sorted(first.values())
    changed_layers: list[RefitLayer] = []
    skipped: list[Skipped] = []
    # the window's Reset from Weights plan and its one check: the same bytes for the same layer
    editor = RecordEditor(doc.message)
    check = EditCheck(editor, doc.dialect, CheckContext.build(doc.message, doc.dialect, model))
    for index in targets:
        entry = entries[index]
        try:
            r = review_entry(entry, model, args.waste)
        except ModelError as e:
            # a layer named, or weights AMCT itself refuses (inf or nan): never passed over
            if named or (isinstance(e, NotCompared) and e.blocking):
                skipped.append({"key": entry.key, "record_index": index, "reason": e.message})
            continue
        if not named and not r.flagged.any():
            continue
        got = reset_from_weights(editor, index, r.arq.scale)
        if isinstance(got, str):
            continue  # nothing to change
        problem = check.validate(got.command)
        if problem is not None:
            skipped.append({"key": entry.key, "record_index": index, "reason": problem.message})
            continue
        changed = got.channels
        old = np.asarray(entry.value.scale_w, dtype=np.float32)
        got.command.apply()
        new = np.asarray(entry.value.scale_w, dtype=np.float32)
        changed_layers.append({
            "key": entry.key, "record_index": index, "channels": changed,
            "old": _values(old[changed]), "new": _values(new[changed]),
            "ratios": [float(x) for x in r.ratio[changed]], "offset_w_reset": got.offsets,
            "folded": r.arq.folded, "fusions": list(r.arq.fusions), "balanced": r.arq.balanced,
            "bits": r.arq.bits,
        })
    report: dict[str, object] = {"path": args.file, "dialect": doc.dialect.name, "model": _model.model_summary(model),
              "layers": changed_layers, "skipped": skipped, **reading_json(doc)}
    if followed is not None:
        report["dialect_from_model"] = followed
    if skipped:
        for s in skipped:
            if not args.json:
                err(translate("cli", "{path}: cannot refit {key}: {reason}").format(
                    path=args.file, key=repr(s["key"]), reason=s["reason"]))
        if args.json:
            layers = plural(len(skipped), translate("cli", "{n} layer"), translate("cli", "{n} layers"))
            print_json({**report, "output": None, "written": False,
                         "error": translate("cli", "nothing written: {layers} cannot be refit").format(
                             layers=layers)})
        else:
            err(translate("cli", "{path}: nothing written").format(path=args.file))
        return EXIT_PROBLEMS
    if not changed_layers:
        if args.json:
            print_json({**report, "output": None, "written": False})
        else:
            print((translate("cli", "{path}: nothing to refit: scale_w already matches the weights") if named else
                   translate("cli", "{path}: nothing to refit: scale_w already neither clips the weights nor "
                             "wastes levels")).format(path=args.file), file=sys.stderr)
        return EXIT_OK
    target = write_record(doc, args.output, binary=(to == "binary"))
    if args.json:
        print_json({**report, "output": target, "written": True, "format": to})
    else:
        for c in changed_layers:
            what = ", ".join(f"[{j}] {o:.9g} -> {n:.9g}" for j, o, n in zip(c["channels"][:4], c["old"][:4],
                                                                           c["new"][:4], strict=True))
            more = translate("cli", " and {count} more").format(count=len(c["channels"]) - 4) \
                if len(c["channels"]) > 4 else ""
            offs = translate("cli", "; offset_w reset on {count}").format(count=c["offset_w_reset"]) \
                if c["offset_w_reset"] else ""
            channels = plural(len(c["channels"]), translate("cli", "{n} channel"), translate("cli", "{n} channels"))
            print(translate("cli", "{key}: scale_w of {channels} refit ({changes}){offsets}").format(
                key=c["key"], channels=channels, changes=what + more, offsets=offs))
        layers = plural(len(changed_layers), translate("cli", "{n} layer"), translate("cli", "{n} layers"))
        print(translate("cli", "{path}: refit {layers}").format(path=target, layers=layers), file=sys.stderr)
    return EXIT_OK
