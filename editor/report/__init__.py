"""The review as one HTML file to hand on: `record-editor report` and the window's *File ▸
Export Report…* (Qt-free; `record-editor report` never imports PySide6).

- `gather`: `ReportRequest` (what the caller knows: the record, its model, an analysis, a
  record to compare with, the window's live problems) and `gather`, which computes the rest
  — the problems, the per-layer figures of `editor.figures`, the weights review and weight
  analysis, the flagged layers worst first, prune bars, differences;
- `html`: lays it out as one self-contained page (CSS, SVG and a sorting script inline, no
  external URL, byte-identical for the same inputs, print CSS);
- `plots`, `svg`: the pictures, drawn from the numbers as SVG without Qt.

Its texts are translated like the rest (`editor.i18n`, context ``report``): ``--lang zh_CN``
gives the report in Chinese.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from editor.report.gather import ReportData, ReportRequest, gather

__all__ = ["ReportData", "ReportRequest", "build_report", "gather", "write_report"]


def build_report(request: ReportRequest, progress: Callable[[int, int], bool] | None = None) -> str:
    """The HTML report of `request` (see `gather` for what it computes)."""
    from editor.report.html import render

    return render(gather(request, progress))


def write_report(path: str | os.PathLike[str], text: str) -> Path:
    """Write the report to `path` safely (a temporary file renamed over it: a failed write
    leaves what was there); returns the path written."""
    from editor.records.filewrite import write_file

    target = Path(path)
    write_file(target, [text.encode("utf-8")])
    return target
