"""Fixtures of the graph tests: real network definitions and small generated models."""
from __future__ import annotations

from pathlib import Path

import pytest

from editor.models import load_model

MODELS = Path(__file__).resolve().parents[1] / "data" / "models"
RESNET101 = MODELS / "ResNet-101-deploy.prototxt"


@pytest.fixture(scope="session")
def resnet101():
    return load_model(RESNET101)


def light_model(name: str) -> Path:
    """One of the onnx package's own real topologies (``light_resnet50`` …)."""
    import onnx

    return Path(onnx.__file__).parent / "backend" / "test" / "data" / "light" / f"{name}.onnx"
