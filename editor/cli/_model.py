"""What the commands that take a model share: --model/--weights, reading the model (a model
that cannot be read ends like an unreadable record: exit 2, the error as JSON with --json),
and the per-entry settings the weights review needs."""
from __future__ import annotations

import argparse

from editor.models import Model, ModelError, load_model
from editor.records import quant
from editor.records.document import RecordError


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
    try:
        return load_model(args.model, args.weights)
    except ModelError as e:
        raise RecordError(e.message, e.path or args.model, e.line, e.column) from None


def weight_bits(value) -> int:
    """Bit width of a record entry's weights: its wts_type where the dialect has one, else INT8."""
    fields = value.DESCRIPTOR.fields_by_name
    name = value.wts_type if "wts_type" in fields else None
    try:
        return quant.bit_width(name)
    except ValueError:
        return quant.bit_width(None)


def folds(value) -> bool:
    """AMCT folds BatchNorm into the weights unless the entry's skip_fusion is true (the
    dialect's default where unset: false, true for ONNX)."""
    return not value.skip_fusion if "skip_fusion" in value.DESCRIPTOR.fields_by_name else True


def model_summary(model: Model) -> dict:
    """The model's description for JSON output."""
    counts = model.counts()
    return {"path": str(model.path), "weights_path": str(model.weights_path) if model.weights_path else None,
            "framework": model.framework, "format": model.format, "layers": counts["layers"],
            "quantizable": counts["quantizable"], "weighted": counts["weighted"],
            "with_weights": counts["with_weights"], "notes": list(model.notes)}
