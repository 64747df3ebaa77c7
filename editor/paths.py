"""Where run-time files live, both in a source checkout and in an installed package.

An installed package carries them inside (`editor/resources`, `editor/proto`, see
pyproject.toml's package-dir); a source checkout or editable install has them at the top
of the repository.
"""
from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    installed = _PKG / name
    return installed if installed.is_dir() else _PKG.parent / name


def resources_dir() -> Path:
    """The `resources/` folder (icons, bundled samples)."""
    return _data_dir("resources")


def samples_dir() -> Path:
    """Bundled sample records."""
    return resources_dir() / "samples"


def proto_dir() -> Path:
    """The `.proto` sources of every dialect."""
    return _data_dir("proto")


DEFAULT_SAMPLE = "resnet_tf_inner_prune.txt"


def default_sample() -> Path:
    """The sample the editor opens when started without a file (named in the README)."""
    return samples_dir() / DEFAULT_SAMPLE
