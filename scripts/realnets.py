"""Real networks with real trained weights, for the analysis tests and benchmarks: the PP-OCR
ONNX models inside the ``rapidocr_onnxruntime`` wheel on PyPI. Fetched with ``pip download``
into a cache folder on first use (never committed) and checked against a pinned hash.

    det  ch_PP-OCRv4_det_infer.onnx        DBNet detector, 62 Conv + 2 ConvTranspose, BN folded
    rec  ch_PP-OCRv4_rec_infer.onnx        SVTR recogniser, 38 Conv + 13 MatMul
    cls  ch_ppocr_mobile_v2.0_cls_infer.onnx  53 Conv, 35 BatchNormalization not folded, 1 MatMul

`fetch(name)` returns the model's path or raises Unavailable when the package registry cannot
be reached (tests skip then, saying so).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

PACKAGE = "rapidocr_onnxruntime"
VERSION = "1.4.4"
WHEEL = f"{PACKAGE}-{VERSION}-py3-none-any.whl"
#: sha256 of the wheel PyPI serves
WHEEL_SHA256 = "971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf"
MODELS = {"det": "ch_PP-OCRv4_det_infer.onnx", "rec": "ch_PP-OCRv4_rec_infer.onnx",
          "cls": "ch_ppocr_mobile_v2.0_cls_infer.onnx"}


class Unavailable(Exception):
    """The wheel is not in the cache and the package registry cannot be reached."""


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/amct-record-editor`` (``~/.cache/amct-record-editor`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "amct-record-editor"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def wheel() -> Path:
    """The wheel in the cache, downloaded first if need be."""
    folder = cache_dir()
    path = folder / WHEEL
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
                               "-d", str(folder), f"{PACKAGE}=={VERSION}"], capture_output=True, text=True, timeout=600)
        if proc.returncode != 0 or not path.exists():
            lines = (proc.stderr or proc.stdout).strip().splitlines()
            raise Unavailable(f"cannot download {PACKAGE}=={VERSION} from the package registry: "
                              f"{lines[-1] if lines else 'pip failed'}")
    digest = _sha256(path)
    if digest != WHEEL_SHA256:
        raise RuntimeError(f"{path}: sha256 {digest}, expected {WHEEL_SHA256}; delete it to download it again")
    return path


def fetch(name: str) -> Path:
    """The path of PP-OCR model `name` (det, rec, cls), extracted from the cached wheel."""
    target = cache_dir() / f"{PACKAGE}-{VERSION}" / MODELS[name]
    if not target.exists():
        with zipfile.ZipFile(wheel()) as z:
            data = z.read(f"{PACKAGE}/models/{MODELS[name]}")
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".part")
        tmp.write_bytes(data)
        tmp.replace(target)
    return target


if __name__ == "__main__":
    for n in sys.argv[1:] or list(MODELS):
        print(fetch(n))
