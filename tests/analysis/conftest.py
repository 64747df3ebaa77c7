"""Fixtures of the analysis tests: a generated network with every weighted operator AMCT
quantizes, and records read from text."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from editor.records.document import RecordDocument
from tests.analysis import kit


@pytest.fixture(scope="session")
def zoo(tmp_path_factory) -> tuple[Path, dict]:
    """(the zoo network's path, its arrays by initializer name) — see kit.zoo_model."""
    folder = tmp_path_factory.mktemp("zoo")
    path = folder / "zoo.onnx"
    return path, kit.zoo_model(path)


@pytest.fixture
def record(tmp_path):
    """record(entries) -> the message of an ONNX-dialect record with those entries."""
    def make(entries: dict[str, dict], dialect: str = "onnx"):
        path = tmp_path / "record.txt"
        path.write_text(kit.record_text(entries))
        return RecordDocument.load(path, dialect).message
    return make


def _realnets():
    """scripts/realnets.py, which fetches the PP-OCR models (the benchmarks use it too)."""
    return importlib.import_module("scripts.realnets")


@pytest.fixture(scope="session")
def ppocr():
    """ppocr(name) -> the path of a PP-OCR model (det, rec, cls) from the rapidocr_onnxruntime wheel,
    downloaded into ~/.cache/amct-record-editor once; skips when the registry cannot be reached."""
    realnets = _realnets()

    def get(name: str) -> Path:
        try:
            return realnets.fetch(name)
        except realnets.Unavailable as e:
            pytest.skip(str(e))
    return get
