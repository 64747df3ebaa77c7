"""`load_model`: read a model file of any supported framework, told by extension or content."""
from __future__ import annotations

import os
from pathlib import Path

from editor.i18n import translate
from editor.models import _wire
from editor.models._text import check_file
from editor.models.base import Model, ModelError, Progress, open_regular

#: extensions the editor offers in a file dialog, with what they hold
MODEL_EXTENSIONS = {
    ".onnx": "ONNX model",
    ".prototxt": "Caffe network definition",
    ".caffemodel": "Caffe weights",
    ".pb": "TensorFlow frozen graph (binary GraphDef)",
    ".pbtxt": "TensorFlow frozen graph (text GraphDef)",
}


def _looks_like_text(head: bytes) -> bool:
    if b"\x00" in head:
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as e:
        return e.start > len(head) - 4  # a character cut at the end of the sample
    return True


def _text_framework(head: str) -> str | None:
    stripped = "\n".join(line.split("#", 1)[0] for line in head.splitlines())
    if "node {" in stripped or "node{" in stripped:
        return "tensorflow"
    if any(w in stripped for w in ("layer {", "layer{", "layers {", "layers{", "input:", "input_shape")):
        return "caffe"
    return None


def _binary_framework(path: Path) -> str | None:
    with open_regular(path) as f:
        fields = _wire.top_level_fields_open(f)
    if not fields:
        return None
    numbers = {n for n, _ in fields}
    if (7, _wire.LENGTH) in fields or (1, _wire.VARINT) in fields:
        return "onnx"
    if 100 in numbers or (3, _wire.LENGTH) in fields or (4, _wire.VARINT) in fields:
        return "caffe"
    if sum(n == 1 for n, _ in fields) > 1 or (4, _wire.LENGTH) in fields or (3, _wire.VARINT) in fields:
        return "tensorflow"
    if numbers <= {1, 2}:
        return "tensorflow"
    return None


def detect(path: str | os.PathLike[str]) -> tuple[str, bool]:
    """(framework, is text) of a model file, from its extension, else its content."""
    p = check_file(path)
    ext = p.suffix.lower()
    if ext == ".onnx":
        return "onnx", False
    if ext == ".caffemodel":
        return "caffe", False
    with open_regular(p) as f:
        head = f.read(1 << 16)
    text = _looks_like_text(head)
    if text:
        found = _text_framework(head.decode("utf-8", "replace"))
        if found is not None:
            return found, True
        if ext == ".prototxt":
            return "caffe", True
        if ext == ".pbtxt":
            return "tensorflow", True
    found = _binary_framework(p) if not text or ext == ".pb" else None
    if found is not None:
        return found, False
    # a text definition with a stray binary byte: its reader says where
    if ext == ".prototxt":
        return "caffe", True
    if ext == ".pbtxt":
        return "tensorflow", True
    raise ModelError(translate("models", "not a model file the editor reads (ONNX .onnx, Caffe .prototxt/.caffemodel, "
                               "TensorFlow frozen .pb/.pbtxt)"), p)


def load_model(path: str | os.PathLike[str], weights: str | os.PathLike[str] | None = None,
               progress: Progress | None = None) -> Model:
    """Read a model: ONNX, Caffe (definition `path`, weights `weights`) or TensorFlow.

    `progress(done, total)` is called while big binary files are read; returning False
    raises `LoadCancelled`. Every failure is a `ModelError` naming the file.
    """
    framework, text = detect(path)
    if weights is not None and framework != "caffe":
        raise ModelError(translate("models", "a separate weights file goes with a Caffe .prototxt; ONNX and TensorFlow "
                                   "models carry their own weights"), weights)
    if framework == "onnx":
        from editor.models.onnx_reader import read_onnx

        return read_onnx(path, progress)
    if framework == "caffe":
        from editor.models.caffe_reader import read_caffe

        if text:
            return read_caffe(path, weights, progress)
        if weights is not None:
            raise ModelError(translate("models", "two binary Caffe files: give the .prototxt as the model and the "
                                       ".caffemodel as its weights"), path)
        return read_caffe(None, path, progress)
    from editor.models.tf_reader import read_tf

    return read_tf(path, progress, text=text)
