"""The user's inputs for running a model: ``.npz`` files (arrays by input name), ``.npy``
files, raw ``.bin`` files (shaped and typed as the model's input, as ATC and msprobe take
them), and folders of those. Each file (or, for a model of several inputs, each set of
files) is one *sample*: one run of the model. Samples are listed first and read one at a
time while the model runs, so memory holds one sample at a time. Qt-free, numpy only.

A folder gives its ``.npz``/``.npy``/``.bin`` files in name order. For a model of several
inputs, a folder holds either ``.npz`` files or one subfolder per input, named after it,
whose files pair up in name order.
"""
from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import DTypeLike

from editor.i18n import translate

#: file extensions a sample is read from
SAMPLE_EXTENSIONS = (".npz", ".npy", ".bin")


class InputError(Exception):
    """An input file that cannot be used: str() is ``FILE: message``."""

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None):
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


@dataclass(frozen=True)
class InputSpec:
    """One input of the model: its name, shape (None for a dimension of any size) and dtype."""

    name: str
    shape: tuple[int | None, ...]
    dtype: np.dtype

    @property
    def static(self) -> bool:
        return all(d is not None for d in self.shape)

    def describe(self) -> str:
        """``[1, 3, ?, ?] float32``."""
        return describe(self.shape, self.dtype)

    def fits(self, array: np.ndarray) -> bool:
        return array.dtype == self.dtype and array.ndim == len(self.shape) and all(
            d is None or d == n for d, n in zip(self.shape, array.shape, strict=True))


def describe(shape: Sequence[int | None], dtype: DTypeLike) -> str:
    dims = ", ".join("?" if d is None else str(d) for d in shape)
    return f"[{dims}] {np.dtype(dtype).name}"


@dataclass(frozen=True)
class Sample:
    """One run's inputs: a file per model input (one .npz holds them all)."""

    label: str
    paths: tuple[Path, ...]

    def load(self, specs: Sequence[InputSpec]) -> dict[str, np.ndarray]:
        """The arrays by input name, checked against `specs` (InputError naming the file)."""
        if len(self.paths) == 1 and self.paths[0].suffix.lower() == ".npz":
            return _load_npz(self.paths[0], specs)
        out: dict[str, np.ndarray] = {}
        for path, spec in zip(self.paths, specs, strict=True):
            out[spec.name] = _load_array(path, spec)
        return out


def discover(paths: Sequence[str | os.PathLike[str]], specs: Sequence[InputSpec]) -> list[Sample]:
    """The samples the given files and folders hold, in order (InputError when a path
    cannot be used). Nothing is read beyond folder listings."""
    if not specs:
        raise InputError(translate("analysis", "the model has no inputs to feed"))
    samples: list[Sample] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            samples.extend(_folder(p, specs))
        elif p.is_file():
            samples.append(_file_sample(p, specs))
        elif not p.exists():
            raise InputError(translate("analysis", "no such file or folder"), p)
        else:
            raise InputError(translate("analysis", "not a file or folder"), p)
    if not samples:
        raise InputError(translate("analysis", "no input files found (.npz, .npy or .bin)"),
                         paths[0] if len(paths) == 1 else None)
    return samples


def _file_sample(p: Path, specs: Sequence[InputSpec]) -> Sample:
    ext = p.suffix.lower()
    if ext not in SAMPLE_EXTENSIONS:
        raise InputError(translate("analysis", "not an input file the editor reads (.npz, .npy, .bin, or a folder "
                                   "of them)"), p)
    if ext != ".npz" and len(specs) != 1:
        raise InputError(translate("analysis", "a {ext} file holds one array, the model has {count} inputs ({names}): "
                                   "give .npz files or one folder per input").format(
            ext=ext, count=len(specs), names=", ".join(s.name for s in specs)), p)
    return Sample(p.name, (p,))


def _listing(folder: Path) -> list[Path]:
    try:
        entries = sorted(folder.iterdir())
    except OSError as e:
        raise InputError(translate("analysis", "cannot list the folder: {reason}").format(
            reason=e.strerror or e), folder) from None
    return [e for e in entries if not e.name.startswith(".")]


def _folder(folder: Path, specs: Sequence[InputSpec]) -> list[Sample]:
    entries = _listing(folder)
    subfolders = {e.name: e for e in entries if e.is_dir()}
    if len(specs) > 1 and all(s.name in subfolders for s in specs):
        columns = [[f for f in _listing(subfolders[s.name])
                    if f.is_file() and f.suffix.lower() in (".npy", ".bin")] for s in specs]
        counts = {len(c) for c in columns}
        if len(counts) != 1:
            raise InputError(translate("analysis", "the input folders hold different numbers of files ({counts})").format(
                counts=", ".join(f"{s.name}: {len(c)}" for s, c in zip(specs, columns, strict=True))), folder)
        return [Sample(" + ".join(f.name for f in files), tuple(files))
                for files in zip(*columns, strict=True)]
    files = [e for e in entries if e.is_file() and e.suffix.lower() in SAMPLE_EXTENSIONS]
    return [_file_sample(f, specs) for f in files]


def _mismatch(path: Path, array: np.ndarray, spec: InputSpec) -> InputError:
    return InputError(translate("analysis", "{found} does not fit input {name} of the model, {expected}").format(
        found=describe(array.shape, array.dtype), name=repr(spec.name), expected=spec.describe()), path)


def _load_array(path: Path, spec: InputSpec) -> np.ndarray:
    if path.suffix.lower() == ".bin":
        return _load_raw(path, spec)
    try:
        a = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError) as e:
        raise InputError(translate("analysis", "cannot read the array: {reason}").format(
            reason=getattr(e, "strerror", None) or e), path) from None
    if not isinstance(a, np.ndarray):
        raise InputError(translate("analysis", "not a .npy array"), path)
    if not spec.fits(a):
        raise _mismatch(path, a, spec)
    return a


def _load_raw(path: Path, spec: InputSpec) -> np.ndarray:
    if not spec.static:
        raise InputError(translate("analysis", "a raw .bin file needs an input of fixed shape; input {name} of the "
                                   "model is {expected} (give .npy or .npz files)").format(
            name=repr(spec.name), expected=spec.describe()), path)
    shape = tuple(int(d) for d in spec.shape if d is not None)
    expected = int(np.prod(shape, dtype=np.int64)) * spec.dtype.itemsize
    try:
        size = path.stat().st_size
        if size != expected:
            raise InputError(translate("analysis", "holds {size} bytes, input {name} of the model ({shape}) takes "
                                       "{expected}").format(size=f"{size:,}", name=repr(spec.name),
                                                            shape=spec.describe(), expected=f"{expected:,}"), path)
        data = np.fromfile(path, dtype=spec.dtype)
    except OSError as e:
        raise InputError(translate("analysis", "cannot read the file: {reason}").format(
            reason=e.strerror or e), path) from None
    return data.reshape(shape)


def _load_npz(path: Path, specs: Sequence[InputSpec]) -> dict[str, np.ndarray]:
    try:
        with np.load(path, allow_pickle=False) as npz:
            names = list(npz.files)
            if len(specs) == 1 and len(names) == 1:
                chosen = {specs[0].name: names[0]}  # one array for the one input, whatever its name
            else:
                missing = [s.name for s in specs if s.name not in names]
                if missing:
                    raise InputError(translate("analysis", "holds no array named {missing} (it holds: {names})").format(
                        missing=", ".join(repr(m) for m in missing), names=", ".join(repr(n) for n in names) or "-"),
                        path)
                chosen = {s.name: s.name for s in specs}
            out = {}
            for spec in specs:
                a = npz[chosen[spec.name]]
                if not spec.fits(a):
                    raise InputError(translate("analysis", "array {array}: {found} does not fit input {name} of the "
                                               "model, {expected}").format(
                        array=repr(chosen[spec.name]), found=describe(a.shape, a.dtype), name=repr(spec.name),
                        expected=spec.describe()), path)
                out[spec.name] = a
            return out
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
        raise InputError(translate("analysis", "cannot read the arrays: {reason}").format(
            reason=getattr(e, "strerror", None) or e), path) from None
