"""Network models a record belongs to (ONNX, Caffe, TensorFlow), read for cross-checking the
record against the network and reviewing scale_w against the weights. No Qt here.

`load_model(path, weights=None, progress=None)` reads any of them into a framework-neutral
`Model` (`base`); `shapes` propagates Caffe blob shapes; `fusion` names the layer fusions
AMCT folds into weights; `prepare` gives a layer's weights as AMCT quantizes them (fusions,
DMQ balance); `weights` computes AMCT's ARQ scale_w from them and compares a record with it.
"""
from editor.models.base import (
    ACTIVATION,
    FRAMEWORKS,
    WEIGHTS,
    Layer,
    LoadCancelled,
    Model,
    ModelError,
    NotCompared,
    Progress,
    TensorRef,
)
from editor.models.fusion import BatchNormFold, Fusion
from editor.models.load import MODEL_EXTENSIONS, detect, load_model

__all__ = [
    "ACTIVATION", "FRAMEWORKS", "MODEL_EXTENSIONS", "WEIGHTS", "BatchNormFold", "Fusion", "Layer", "LoadCancelled",
    "Model", "ModelError", "NotCompared", "Progress", "TensorRef", "detect", "load_model",
]
