"""Network models a record belongs to (ONNX, Caffe, TensorFlow), read for cross-checking the
record against the network and reviewing scale_w against the weights. No Qt here.

`load_model(path, weights=None, progress=None)` reads any of them into a framework-neutral
`Model` (`base`); `shapes` propagates Caffe blob shapes; `weights` computes AMCT's ARQ
scale_w from the weights (BatchNorm folded) and compares a record with it.
"""
from editor.models.base import (
    ACTIVATION,
    FRAMEWORKS,
    WEIGHTS,
    BatchNormFold,
    Layer,
    LoadCancelled,
    Model,
    ModelError,
    Progress,
    TensorRef,
)
from editor.models.load import MODEL_EXTENSIONS, detect, load_model

__all__ = [
    "ACTIVATION", "FRAMEWORKS", "MODEL_EXTENSIONS", "WEIGHTS", "BatchNormFold", "Layer", "LoadCancelled",
    "Model", "ModelError", "Progress", "TensorRef", "detect", "load_model",
]
