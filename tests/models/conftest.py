"""Fixtures of the model tests: the real ResNet definitions and generated models with weights."""
from __future__ import annotations

from pathlib import Path

import pytest

from editor.models import load_model

MODELS = Path(__file__).resolve().parents[1] / "data" / "models"
RESNET101 = MODELS / "ResNet-101-deploy.prototxt"
RESNET152 = MODELS / "ResNet-152-deploy.prototxt"


@pytest.fixture(scope="session")
def resnet101():
    return load_model(RESNET101)


@pytest.fixture(scope="session")
def resnet152():
    return load_model(RESNET152)


def light_models() -> list[Path]:
    """The onnx package's own real topologies (weights are ConstantOfShape nodes)."""
    import onnx

    return sorted((Path(onnx.__file__).parent / "backend" / "test" / "data" / "light").glob("light_*.onnx"))
