"""Many records in one command (`check`, `info`, `report`): the files, folders and globs named
on the command line, a model for each record, a progress bar on a terminal.

- `expand`: each argument is a file, a folder (its record files; with ``--recursive`` those of
  its subfolders too) or a glob (``'runs/**/record*.txt'``, for shells that do not expand
  one) — in the order given, a folder's and a glob's files sorted, each file once. A folder
  gives the files named like records (`RECORD_SUFFIXES`), never model files.
- `Models`: ``--model``/``--weights`` for every record, or ``--model-map FILE`` pairing them:
  a JSON object whose keys are glob patterns of record paths (relative to the map's folder)
  and whose values are a model path or ``{"model": …, "weights": …}`` (relative to the map's
  folder too); the first pattern that matches wins, ``--model`` serves the rest. Each model
  is read once however many records use it.
- `Progress`: a bar on standard error when it is a terminal and the work takes more than
  half a second; cleared before a line is printed and at the end.
"""
from __future__ import annotations

import argparse
import contextlib
import fnmatch
import glob
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from editor.cli._args import UsageError
from editor.cli._reporting import EXIT_OK
from editor.i18n import translate
from editor.records.errors import RecordError

if TYPE_CHECKING:
    from editor.models import Model

#: the file names a folder's record files have (models — .prototxt, .pb, .onnx — are left out)
RECORD_SUFFIXES = (".txt", ".pbtxt", ".textproto", ".record", ".bin", ".binpb", ".proto_bin")
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class Target:
    """One record file to work on, or an argument that names none (`error`)."""

    path: str
    error: str | None = None


def add_many_args(p: argparse.ArgumentParser) -> None:
    """--recursive and --model-map (the file arguments themselves are the command's)."""
    p.add_argument("-r", "--recursive", action="store_true",
                   help="a folder given also gives the record files of its subfolders")
    p.add_argument("--model-map", metavar="FILE",
                   help="a JSON file pairing records with models: {\"PATTERN\": \"MODEL\" or {\"model\": M, "
                        "\"weights\": W}}, patterns and paths relative to the file; --model serves the records "
                        "no pattern matches")


def _folder_files(folder: Path, recursive: bool) -> list[str]:
    found = []
    walker = os.walk(folder) if recursive else [(str(folder), [], [e.name for e in os.scandir(folder)
                                                                if e.is_file()])]
    for root, dirs, names in walker:
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in names:
            if not name.startswith(".") and name.lower().endswith(RECORD_SUFFIXES):
                path = os.path.join(root, name)
                if os.path.isfile(path):
                    found.append(path)
    return sorted(found)


def expand(arguments: list[str], recursive: bool = False) -> list[Target]:
    """The record files `arguments` name (see the module docstring), each once."""
    out: list[Target] = []
    seen: set[str] = set()

    def add(path: str) -> None:
        real = os.path.realpath(path)
        if real not in seen:
            seen.add(real)
            out.append(Target(path))

    for arg in arguments:
        if os.path.isdir(arg):
            files = _folder_files(Path(arg), recursive)
            if not files:
                out.append(Target(arg, translate("cli", "the folder holds no record files ({suffixes}){hint}").format(
                    suffixes=" ".join(RECORD_SUFFIXES),
                    hint="" if recursive else translate("cli", "; --recursive looks in its subfolders too"))))
            for f in files:
                add(f)
        elif not os.path.lexists(arg) and _GLOB_CHARS & set(arg):
            matches = sorted(m for m in glob.glob(arg, recursive=True) if os.path.isfile(m))
            if not matches:
                out.append(Target(arg, translate("cli", "no file matches {pattern}").format(pattern=arg)))
            for m in matches:
                add(m)
        else:
            add(arg)  # a file, or a name the reading will say is missing
    return out


def worst(codes: list[int]) -> int:
    """The exit status of several: the highest (2 unreadable > 1 problems > 0 fine)."""
    return max(codes, default=EXIT_OK)


# --------------------------------------------------------------------------- models

@dataclass(frozen=True)
class _Pairing:
    pattern: str
    model: str
    weights: str | None


class Models:
    """The model of each record: --model for all, or --model-map's pairing (see module doc)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.model_path: str | None = getattr(args, "model", None)
        self.weights_path: str | None = getattr(args, "weights", None)
        if self.weights_path is not None and self.model_path is None:
            raise RecordError("--weights needs --model (the .prototxt the weights belong to)", self.weights_path)
        self.base = Path(".")
        self.pairings: list[_Pairing] = []
        self._loaded: dict[tuple[str, str | None], Model | RecordError] = {}
        map_path = getattr(args, "model_map", None)
        if map_path is not None:
            self._read_map(map_path)

    def _read_map(self, path: str) -> None:
        import json

        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise RecordError(translate("cli", "cannot read the model map: {reason}").format(
                reason=e.strerror or e), path) from None
        except (ValueError, UnicodeDecodeError) as e:
            raise RecordError(translate("cli", "the model map is not JSON: {reason}").format(reason=e), path) from None
        if not isinstance(data, dict):
            raise RecordError(translate("cli", "the model map must be a JSON object of record patterns to models"),
                              path)
        self.base = Path(path).parent
        for pattern, value in data.items():
            if isinstance(value, str):
                model, weights = value, None
            elif isinstance(value, dict) and isinstance(value.get("model"), str) and \
                    isinstance(value.get("weights", ""), str) and set(value) <= {"model", "weights"}:
                model, weights = value["model"], value.get("weights")
            else:
                raise RecordError(translate("cli", "model map entry {pattern}: expected a model path or "
                                            "{{\"model\": …, \"weights\": …}}").format(pattern=json.dumps(pattern)),
                                  path)
            self.pairings.append(_Pairing(pattern, str(self.base / model),
                                          str(self.base / weights) if weights else None))

    @property
    def any(self) -> bool:
        return self.model_path is not None or bool(self.pairings)

    def paths_for(self, record: str) -> tuple[str, str | None] | None:
        """(model, weights) for `record`, or None."""
        names = {Path(record).as_posix(), Path(record).name}
        with contextlib.suppress(ValueError):  # another drive (Windows)
            names.add(Path(os.path.relpath(record, self.base)).as_posix())
        for pairing in self.pairings:
            if any(fnmatch.fnmatchcase(n, pairing.pattern) for n in names):
                return pairing.model, pairing.weights
        if self.model_path is not None:
            return self.model_path, self.weights_path
        return None

    def load(self, model: str, weights: str | None) -> Model:
        """The model read once (a RecordError, exit 2, for one that cannot be read)."""
        key = (model, weights)
        got = self._loaded.get(key)
        if got is None:
            from editor.models import ModelError, load_model

            try:
                got = load_model(model, weights)
            except ModelError as e:
                got = RecordError(e.message, e.path or model, e.line, e.column)
            self._loaded[key] = got
        if isinstance(got, RecordError):
            raise got
        return got

    def for_record(self, record: str) -> Model | None:
        found = self.paths_for(record)
        return None if found is None else self.load(*found)

    def common(self) -> Model | None:
        """The model every record gets (--model without a map), read now: one that cannot be
        read stops the command before any record is looked at."""
        if self.model_path is None:
            return None
        return self.load(self.model_path, self.weights_path)


# --------------------------------------------------------------------------- progress

class Progress:
    """A progress bar on standard error (a terminal only), shown once work has taken
    `delay` seconds: ``[#####-----]  3/10  name``."""

    def __init__(self, total: int, *, delay: float = 0.5, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = total > 1 and self._is_terminal()
        self.start = time.monotonic()
        self.delay = delay
        self.shown = False
        self.done = 0
        self.name = ""

    def _is_terminal(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):
            return False

    def step(self, name: str) -> None:
        """Work on `name` begins (the one before it is done)."""
        self.name = name
        self._draw()

    def advance(self) -> None:
        self.done += 1
        self._draw()

    def _draw(self) -> None:
        if not self.enabled or time.monotonic() - self.start < self.delay:
            return
        from editor.cli._args import terminal_width

        width = max(terminal_width(), 40)
        bar_w = 24
        filled = bar_w * self.done // max(self.total, 1)
        counts = f" {self.done}/{self.total} "
        room = width - bar_w - len(counts) - 4
        name = self.name if len(self.name) <= room else "…" + self.name[-(room - 1):] if room > 1 else ""
        self.stream.write(f"\r[{'#' * filled}{'-' * (bar_w - filled)}]{counts}{name}\033[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Take the bar off the line (before printing, and at the end)."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False


def progress_line(progress: Progress, text: str, stream: TextIO | None = None) -> None:
    """Print `text` (a line of the command's report) with the bar out of its way."""
    progress.clear()
    print(text, file=stream if stream is not None else sys.stdout)
    sys.stdout.flush()


__all__ = ["RECORD_SUFFIXES", "Models", "Progress", "Target", "UsageError", "add_many_args", "expand",
           "progress_line", "worst"]
