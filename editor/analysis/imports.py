"""Other tools' per-layer results, read as extra columns beside the analysis's own: AMCT's
ranking file, msit/msprobe comparison CSVs, and any ``key,value`` CSV. Names that match no
layer of the record are listed, never dropped silently. Qt-free, standard library only.

- AMCT's ``accuracy_based_auto_calibration_ranking_information.json``: a JSON list of
  ``[layer, similarity]`` pairs, lowest first (what its auto-calibration writes).
- A msit / msprobe (and Ascend's older ``msaccucmp``) comparison result CSV: one row per
  compared tensor, with the op names in ``GroundTruth`` (the original model's; several may
  be joined by commas) and ``NPUDump``; its ``CosineSimilarity``, ``MaxAbsoluteError`` and
  ``RelativeEuclideanDistance`` columns become columns here. Where a ``TensorIndex`` column
  tells outputs from inputs, the first output row of an op is taken.
- A CSV of ``key,value`` rows, with or without a header line (a header names the column).
- A saved analysis: what ``record-editor analyze --json`` prints (an object with ``layers``),
  its per-layer figures (`SAVED_COLUMNS`) as columns named ``saved <figure>`` — a run made
  elsewhere (a server with the inputs) seen beside the record.
"""
from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from editor.i18n import translate

#: the comparison CSV columns taken, and the names they get here
COMPARE_COLUMNS = {"CosineSimilarity": "cosine", "MaxAbsoluteError": "max_abs_error",
                   "RelativeEuclideanDistance": "relative_euclidean_distance"}

#: the per-layer figures of a saved analysis (``analyze --json``) taken as columns
SAVED_COLUMNS = ("similarity", "weight_sqnr_db", "weight_clipped", "activation_clipped", "activation_sqnr_db")

#: a file bigger than this is refused (these files are per layer: small)
MAX_BYTES = 64 << 20


class ResultsError(Exception):
    """A results file that cannot be read: str() is ``FILE: message``."""

    def __init__(self, message: str, path: str | os.PathLike[str]):
        super().__init__(message)
        self.message = message
        self.path = str(path)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class ImportedColumn:
    """One imported column: its name, the file, values by layer key, and the names in the
    file that no layer of the record has."""

    name: str
    path: str
    values: dict[str, float] = field(default_factory=dict)
    unmatched: list[str] = field(default_factory=list)


def read_results(path: str | os.PathLike[str], keys: Iterable[str]) -> list[ImportedColumn]:
    """The columns a results file gives, matched against the record's layer `keys`."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_BYTES:
            raise ResultsError(translate("analysis", "the file is over {size} MB; a per-layer results file is "
                                         "smaller").format(size=MAX_BYTES >> 20), p)
        raw = p.read_bytes()
    except OSError as e:
        raise ResultsError(translate("analysis", "cannot read the file: {reason}").format(
            reason=e.strerror or e), p) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ResultsError(translate("analysis", "not UTF-8 text (byte {offset})").format(offset=e.start), p) from None
    known = list(dict.fromkeys(keys))
    if p.suffix.lower() == ".json" or text.lstrip().startswith(("[", "{")):
        columns = _json(text, p)
    else:
        columns = _csv(text, p)
    return [_matched(c, known) for c in columns]


def _matched(column: ImportedColumn, keys: list[str]) -> ImportedColumn:
    known = set(keys)
    values = {k: v for k, v in column.values.items() if k in known}
    unmatched = [k for k in column.values if k not in known] + column.unmatched
    return ImportedColumn(column.name, column.path, values, unmatched)


def _number(text: str) -> float | None:
    try:
        v = float(text.strip())
    except ValueError:
        return None
    return v if not math.isnan(v) else None


def _json(text: str, path: Path) -> list[ImportedColumn]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ResultsError(translate("analysis", "not JSON: {reason} (line {line}, column {column})").format(
            reason=e.msg, line=e.lineno, column=e.colno), path) from None
    if isinstance(data, dict) and "layers" in data:
        return _saved(data["layers"], path)
    return [_ranking(data, path)]


def _saved(layers: object, path: Path) -> list[ImportedColumn]:
    """The columns of a saved ``analyze --json`` result (a null figure: none for that layer)."""
    if not isinstance(layers, list):
        raise ResultsError(translate("analysis", "not a saved analysis: \"layers\" is not a list"), path)
    columns = {name: ImportedColumn(f"saved {name}", str(path)) for name in SAVED_COLUMNS}
    for i, layer in enumerate(layers):
        if not (isinstance(layer, dict) and isinstance(layer.get("key"), str)):
            raise ResultsError(translate("analysis", "layer {index} of the saved analysis has no key").format(
                index=i), path)
        for name, column in columns.items():
            v = layer.get(name)
            if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v):
                column.values.setdefault(layer["key"], float(v))
    return [c for c in columns.values() if c.values]


def _ranking(data: object, path: Path) -> ImportedColumn:
    if not isinstance(data, list):
        raise ResultsError(translate("analysis", "not AMCT's ranking file: a list of [layer, similarity] pairs was "
                                     "expected"), path)
    column = ImportedColumn("amct_similarity", str(path))
    for i, item in enumerate(data):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and isinstance(item[1], int | float) and not isinstance(item[1], bool)):
            raise ResultsError(translate("analysis", "item {index} is not a [layer, similarity] pair").format(
                index=i), path)
        column.values.setdefault(item[0], float(item[1]))
    return column


def _csv(text: str, path: Path) -> list[ImportedColumn]:
    try:
        rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    except csv.Error as e:
        raise ResultsError(translate("analysis", "not a CSV file: {reason}").format(reason=e), path) from None
    if not rows:
        raise ResultsError(translate("analysis", "the file holds no rows"), path)
    header = [c.strip() for c in rows[0]]
    if any(h in COMPARE_COLUMNS for h in header):
        return _compare(header, rows[1:], path)
    return [_key_value(rows, path)]


def _compare(header: list[str], rows: list[list[str]], path: Path) -> list[ImportedColumn]:
    # the tool writes "DataType" twice: the first name of a column wins
    where: dict[str, int] = {}
    for i, h in enumerate(header):
        where.setdefault(h, i)
    names = [where[h] for h in ("GroundTruth", "NPUDump", "OpName", "Name") if h in where]
    if not names:
        raise ResultsError(translate("analysis", "a comparison CSV needs a GroundTruth or NPUDump column"), path)
    tensor = where.get("TensorIndex")
    columns = {h: ImportedColumn(name, str(path)) for h, name in COMPARE_COLUMNS.items() if h in where}
    for row in rows:
        cells = row + [""] * (len(header) - len(row))
        if tensor is not None and "output" not in cells[tensor].lower():
            continue  # an op's input tensor: its output is what the record's layer changes
        ops: list[str] = []
        for i in names:
            ops += [n.strip() for n in cells[i].split(",") if n.strip() not in ("", "*", "NaN")]
        for op in dict.fromkeys(ops):
            for h, column in columns.items():
                v = _number(cells[where[h]])
                if v is not None:
                    column.values.setdefault(op, v)
    return list(columns.values())


def _key_value(rows: list[list[str]], path: Path) -> ImportedColumn:
    first = rows[0]
    name = "imported"
    body = rows
    if len(first) >= 2 and _number(first[1]) is None:
        name = first[1].strip() or name
        body = rows[1:]
    if not body:
        raise ResultsError(translate("analysis", "the file holds a header line but no key,value rows"), path)
    column = ImportedColumn(name, str(path))
    for line, row in enumerate(body, start=len(rows) - len(body) + 1):
        if len(row) < 2:
            raise ResultsError(translate("analysis", "row {line} has no value: key,value rows expected").format(
                line=line), path)
        v = _number(row[1])
        if v is None:
            raise ResultsError(translate("analysis", "row {line}: {value} is not a number").format(
                line=line, value=repr(row[1])), path)
        column.values.setdefault(row[0].strip(), v)
    return column
