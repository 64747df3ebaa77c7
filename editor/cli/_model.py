"""What the commands that take a model share: --model/--weights, reading the model (a model
that cannot be read ends like an unreadable record: exit 2, the error as JSON with --json),
and the model's summary for JSON output."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from editor.records.document import RecordError

if TYPE_CHECKING:
    from editor.models import Model


def add_model_args(p: argparse.ArgumentParser, required: bool = False) -> None:
    p.add_argument("--model", metavar="MODEL", required=required,
                   help="the network the record belongs to: ONNX .onnx, Caffe .prototxt (or .caffemodel), "
                        "TensorFlow frozen .pb/.pbtxt")
    p.add_argument("--weights", metavar="WEIGHTS",
                   help="with a Caffe .prototxt: its .caffemodel (ONNX and TensorFlow models carry their weights)")


def load(args) -> Model | None:
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


def model_summary(model: Model) -> dict:
    """The model's description for JSON output."""
    counts = model.counts()
    return {"path": str(model.path), "weights_path": str(model.weights_path) if model.weights_path else None,
            "framework": model.framework, "format": model.format, "layers": counts["layers"],
            "quantizable": counts["quantizable"], "weighted": counts["weighted"],
            "with_weights": counts["with_weights"], "notes": list(model.notes)}
