"""`record-editor report RECORD... [--model M [--weights W]] [--inputs …] [--compare B] -o OUT`:
the review as one self-contained HTML file (`editor.report`), to attach to a merge request,
a hand-over or a CI run.

One record: ``-o REPORT.html``. Several records (files, folders, globs; `_many`): ``-o`` names
a folder, which gets one ``NAME.html`` per record. Exit status: 0 written and no error
found, 1 a record has errors (the report is written all the same), 2 usage or unreadable
input (the other records are still reported on).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from editor.cli import _many, _model
from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._outliers import add_outlier_k
from editor.cli._record_io import load
from editor.cli._reporting import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, err
from editor.i18n import translate
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.errors import RecordError
from editor.records.problems import Severity, shown_path


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("report", help="write the review of a record as one self-contained HTML file",
                       description="Write the review of a record — summary, problems, Layers table, overview, "
                                   "each flagged layer's plots, prune records, differences — as one HTML file "
                                   "with everything inline (no external URL): it opens from a mail attachment "
                                   "or a CI artifact. The same inputs give the same bytes.")
    p.add_argument("files", nargs="+", metavar="RECORD", help="record files, folders or globs")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the HTML file to write; with several records, a folder (one NAME.html per record)")
    add_common(p)
    _model.add_model_args(p)
    _many.add_many_args(p)
    p.add_argument("--inputs", nargs="+", metavar="PATH",
                   help="inputs to run an ONNX model on (as for analyze): the activation figures and histograms")
    p.add_argument("--compare", metavar="B", help="another record: the differences, and B's scale_w in the plots")
    p.add_argument("--dialect-b", choices=list(DIALECTS), help="dialect of B, when it differs from --dialect")
    p.add_argument("--rtol", type=float, default=0.0, help="relative tolerance of the comparison (default: exact)")
    p.add_argument("--atol", type=float, default=0.0, help="absolute tolerance of the comparison (default: exact)")
    p.add_argument("--max-layers", type=int, default=None, metavar="N",
                   help="draw at most N flagged layers in full (default 200); the rest are listed")
    add_outlier_k(p)
    return p


def take_positionals(args: argparse.Namespace, rest: list[str]) -> None:
    """Records given after the options (``report A -o R.html B``)."""
    args.files = [*args.files, *rest]


def _outputs(targets: list[_many.Target], output: str) -> list[Path]:
    """Where each record's report goes: `output` itself for one record, else NAME.html in the
    folder `output` (NAME-2.html… where two records share a name)."""
    if len(targets) == 1:
        return [Path(output)]
    folder = Path(output)
    if folder.exists() and not folder.is_dir():
        raise UsageError(translate("cli", "-o {path}: with several records, -o names a folder (one report per "
                                   "record)").format(path=output))
    taken: dict[str, int] = {}
    out = []
    for t in targets:
        stem = Path(t.path).stem or "record"
        n = taken.get(stem, 0) + 1
        taken[stem] = n
        out.append(folder / (f"{stem}.html" if n == 1 else f"{stem}-{n}.html"))
    return out


def _report_one(path: str, out: Path, args: argparse.Namespace, models: _many.Models,
                compare: RecordDocument | None) -> int:
    """Write the report of `path` to `out`; the exit status for it."""
    from editor.report import ReportRequest, gather, write_report
    from editor.report.html import render

    doc = load(path, args, stream=False)
    model = models.for_record(path)
    doc, followed = _model.follow_model(doc, path, args, model)
    notes: list[str] = []
    if followed is not None and model is not None:
        notes.append(_model.follow_text(path, followed, model))
    analysis = None
    if model is not None and model.has_weights and args.inputs:
        from editor.analysis.analyzer import analyzer_for
        from editor.analysis.inputs import InputError
        from editor.analysis.run import AnalysisError
        from editor.models import ModelError

        try:
            analysis = analyzer_for(doc.message, model, args.inputs).run()
        except InputError as e:
            raise RecordError(e.message, e.path) from None
        except ModelError as e:
            raise RecordError(e.message, e.path or str(model.path), e.line, e.column) from None
        except AnalysisError as e:
            raise RecordError(str(e), str(model.path)) from None
    try:
        size: int | None = os.path.getsize(path)
    except OSError:
        size = None
    request = ReportRequest(doc, shown_path(path), model=model, analysis=analysis, compare=compare,
                            compare_path=shown_path(args.compare) if args.compare else None, rtol=args.rtol,
                            atol=args.atol, outlier_k=args.outlier_k, notes=notes, size=size)
    if args.max_layers is not None:
        request.max_layers = args.max_layers
    data = gather(request)  # once, for the page and the exit status
    from editor.records.filewrite import WriteError

    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write_report(out, render(data))
    except OSError as e:
        raise RecordError(translate("cli", "cannot write the report: {reason}").format(
            reason=e.strerror or e), str(out)) from None
    except WriteError as e:
        raise RecordError(e.message, str(out)) from None
    counts = data.counts()
    print(translate("cli", "{path}: report written to {output} ({errors} errors, {warnings} warnings, "
                    "{flagged} flagged layers)").format(
        path=shown_path(path), output=shown_path(str(out)), errors=counts[Severity.ERROR],
        warnings=counts[Severity.WARNING], flagged=len(data.flagged)))
    return EXIT_PROBLEMS if counts[Severity.ERROR] else EXIT_OK


def run(args: argparse.Namespace) -> int:
    if args.max_layers is not None and args.max_layers < 0:
        raise UsageError(translate("cli", "--max-layers {value}: a count, 0 or more").format(value=args.max_layers))
    models = _many.Models(args)
    models.common()  # a --model that cannot be read stops here, before any record
    targets = _many.expand(args.files, args.recursive)
    outputs = _outputs(targets, args.output)
    compare = None
    if args.compare is not None:
        compare = RecordDocument.load(args.compare, args.dialect_b or args.dialect)
    codes: list[int] = []
    progress = _many.Progress(len(targets))
    for target, out in zip(targets, outputs, strict=True):
        progress.step(target.path)
        if target.error is not None:
            progress.clear()
            err(f"{shown_path(target.path)}: {target.error}")
            codes.append(EXIT_USAGE)
            continue
        try:
            codes.append(_report_one(target.path, out, args, models, compare))
        except RecordError as e:
            progress.clear()
            print(str(e), file=sys.stderr)
            codes.append(EXIT_USAGE)
        progress.advance()
    progress.clear()
    if len(targets) > 1:
        written = sum(1 for c in codes if c != EXIT_USAGE)
        print(translate("cli", "{written} of {total} reports written to {folder}").format(
            written=written, total=len(targets), folder=shown_path(args.output)))
    return _many.worst(codes)
