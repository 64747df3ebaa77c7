"""Where run-time files live, both in a source checkout and in an installed package."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

_REPO_ROOT = Path(__file__).resolve().parents[1]


def _package_dir(package: str, fallback: Path) -> Path:
    try:
        path = Path(str(resources.files(package)))
        if path.is_dir():
            return path
    except (ModuleNotFoundError, TypeError):
        pass
    return fallback


def resources_dir() -> Path:
    """The `resources/` folder (icons, bundled samples)."""
    return _package_dir("editor.resources", _REPO_ROOT / "resources")


def samples_dir() -> Path:
    """Bundled sample records."""
    return resources_dir() / "samples"


def proto_dir() -> Path:
    """The `.proto` sources of every dialect."""
    return _package_dir("editor.proto", _REPO_ROOT / "proto")


DEFAULT_SAMPLE = "resnet_tf_inner_prune.txt"


def default_sample() -> Path:
    """The sample the editor opens when started without a file (named in the README)."""
    return samples_dir() / DEFAULT_SAMPLE
