"""What the commands that take a model share: --model/--weights, reading the model (a model
that cannot be read ends like an unreadable record: exit 2, the error as JSON with --json),
and the model's summary for JSON output."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, NotRequired, TypedDict

from editor.records.document import RecordDocument
from editor.records.errors import RecordError

if TYPE_CHECKING:
    from editor.models import Model


def add_model_args(p: argparse.ArgumentParser, required: bool = False) -> None:
    p.add_argument("--model", metavar="MODEL", required=required,
                   help="the network the record belongs to: ONNX .onnx, Caffe .prototxt (or .caffemodel), "
                        "TensorFlow frozen .pb/.pbtxt")
    p.add_argument("--weights", metavar="WEIGHTS",
                   help="with a Caffe .prototxt: its .caffemodel (ONNX and TensorFlow models carry their weights)")


def load(args: argparse.Namespace) -> Model | None:
    """The model the command line names, or None; a ModelError becomes a RecordError (the
    commands' "unreadable input", exit 2)."""
    if getattr(args, "model", None) is None:
        if getattr(args, "weights", None) is not None:
            raise RecordError("--weights needs --model (the .prototxt the weights belong to)", args.weights)
        return None
    from editor.models import ModelError, load_model  # only a command given a model reads one

    try:
        return load_model(args.model, args.weights)
    except ModelError as e:
        raise RecordError(e.message, e.path or args.model, e.line, e.column) from None


class ModelSummary(TypedDict):
    """A model as the commands' --json reports describe it."""

    path: str
    weights_path: str | None
    framework: str
    format: str
    layers: int
    quantizable: int
    weighted: int
    with_weights: int
    notes: list[str]


class FollowNote(TypedDict):
    """What `follow_model` did (``dialect_from_model`` in the --json reports): the dialect
    the record's fields suggested, the model's, the one it was read as, and why not the
    model's where it could not be."""

    detected: str
    model_dialect: str
    read_as: str
    error: NotRequired[str]


def model_summary(model: Model) -> ModelSummary:
    """The model's description for JSON output."""
    counts = model.counts()
    return {"path": str(model.path), "weights_path": str(model.weights_path) if model.weights_path else None,
            "framework": model.framework, "format": model.format, "layers": counts["layers"],
            "quantizable": counts["quantizable"], "weighted": counts["weighted"],
            "with_weights": counts["with_weights"], "notes": list(model.notes)}


def follow_model(doc: RecordDocument, path: str, args: argparse.Namespace, model: Model | None, *,
                 edit: bool = False, stream: bool = False) -> tuple[RecordDocument, FollowNote | None]:
    """The dialect follows the model: a record whose dialect was told from its fields alone
    (no --dialect) and is not an AMCT flavour of the model's framework is read again as the
    model's (`model_review.model_dialect`). Returns the document to use and what happened
    (None: nothing to follow): ``detected``, ``model_dialect``, ``read_as`` and, when the
    record does not read as the model's dialect, ``error``."""
    if model is None or getattr(args, "dialect", None) is not None:
        return doc, None
    from editor.records.model_review import model_dialect

    target = model_dialect(doc.dialect, model.framework, (e.key for e in doc.message.record))
    if target is None:
        return doc, None
    detected = doc.dialect.name
    if doc.binary:  # read by field numbers: another schema reads other fields, not the same ones
        from editor.i18n import translate

        return doc, {"detected": detected, "model_dialect": target, "read_as": detected, "error": translate(
            "cli", "a binary record is read by field numbers; give --dialect {dialect} to read it so").format(
            dialect=target)}
    try:
        again = RecordDocument.load(path, target, repair=args.repair, keep_original=edit, stream=stream and not edit)
    except RecordError as e:
        return doc, {"detected": detected, "model_dialect": target, "read_as": detected, "error": e.message}
    return again, {"detected": detected, "model_dialect": target, "read_as": target}


def follow_text(path: str, note: FollowNote, model: Model) -> str:
    """What `follow_model` did, in words (a line for standard error)."""
    from editor.i18n import translate

    if "error" in note:
        return translate("cli", "{path}: the model {model} is {framework}, but the record does not read as {dialect} "
                         "({error}); read as {detected}").format(
            path=path, model=model.path.name, framework=model.title, dialect=note["model_dialect"],
            error=note["error"], detected=note["detected"])
    return translate("cli", "{path}: read as {dialect}, the dialect of the model {model} ({framework}); its fields alone "
                     "suggested {detected} (--dialect chooses another)").format(
        path=path, dialect=note["read_as"], model=model.path.name, framework=model.title, detected=note["detected"])


def no_weights_text(model: Model) -> str:
    """Said once when a model carries no weights: the weights review did not run."""
    from editor.i18n import translate

    if model.framework == "caffe" and model.weights_path is None:
        return translate("cli", "the model {model} carries no weights (give its .caffemodel with --weights): scale_w "
                         "is not reviewed against the weights").format(model=model.path.name)
    return translate("cli", "the model {model} carries no weights: scale_w is not reviewed against the weights").format(
        model=model.path.name)
