"""`record-editor check FILE... [--model MODEL [--weights W]]`: reading problems and AMCT's
rules (with a model, also the record against its network); exit 1 on any error."""
from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from editor.cli import _many, _model, formats
from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._outliers import add_outlier_k, add_strong_fence
from editor.cli._record_io import load
from editor.cli._reporting import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, err, print_json
from editor.defaults import DEFAULT_OUTLIER_K
from editor.i18n import translate
from editor.records.document import RecordDocument
from editor.records.errors import RecordError
from editor.records.problems import READING_RULES, Problem, Severity, shown_path

if TYPE_CHECKING:
    from editor.models import Model


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("check", help="report reading problems and AMCT rule violations")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files, folders or globs")
    add_common(p)
    p.add_argument("--json", action="store_true", help="print JSON (the same as --format json)")
    formats.add_format_arg(p)
    _many.add_many_args(p)
    p.add_argument("--severity", choices=[s.value for s in Severity],
                   help="report only problems of this severity or worse")
    p.add_argument("--rule", action="append", metavar="ID", help="report only this rule (repeatable)")
    _model.add_model_args(p)
    add_outlier_k(p)
    add_strong_fence(p)
    p.add_argument("--verbose", "-v", action="store_true",
                   help="list every scale_w outlier, the mild ones too (default: mild ones summed up per "
                        "layer; --json always lists them all)")
    return p


def take_positionals(args: argparse.Namespace, rest: list[str]) -> None:
    """Files given after the options (``check A --model M B``)."""
    args.files = [*args.files, *rest]


def document_problems(doc: RecordDocument, model: Model | None = None, outlier_k: float = DEFAULT_OUTLIER_K,
                      strong_fence: float | None = None) -> list[Problem]:
    """Reading problems plus every rule, one list (`rules.document_problems`, as the GUI lists
    them); with a `model` (`editor.models.Model`) the ``model-`` rules too; outliers judged at
    fence factor `outlier_k`; with a `strong_fence`, mild outliers summed up per layer."""
    from editor.records import rules

    context = rules.CheckContext.build(doc.message, doc.dialect, model, outlier_k=outlier_k)
    if strong_fence is not None:
        context.strong_fence = strong_fence
        context.list_mild = False
    return rules.document_problems(doc, model, context=context)


def summary_line(path: str, dialect: str, problems: list[Problem]) -> str:
    """``FILE: DIALECT, 1 error, 2 warnings, 0 notes``, in the active language."""
    counts = {s: sum(p.severity is s for p in problems) for s in Severity}
    e, w, n = counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO]
    return translate("cli", "{path}: {dialect}, {errors}, {warnings}, {notes}").format(
        path=path, dialect=dialect,
        errors=(translate("cli", "{n} error") if e == 1 else translate("cli", "{n} errors")).format(n=f"{e:,}"),
        warnings=(translate("cli", "{n} warning") if w == 1 else translate("cli", "{n} warnings")).format(n=f"{w:,}"),
        notes=(translate("cli", "{n} note") if n == 1 else translate("cli", "{n} notes")).format(n=f"{n:,}"))


def filter_problems(problems: list[Problem], args: argparse.Namespace) -> list[Problem]:
    if args.severity:
        limit = Severity(args.severity).rank
        problems = [p for p in problems if p.severity.rank <= limit]
    if args.rule:
        wanted = set(args.rule)
        problems = [p for p in problems if p.rule in wanted]
    return problems


def check_rule_ids(ids: list[str] | None) -> None:
    """Refuse --rule ids the engine does not know (a typo would otherwise pass every check)."""
    if not ids:
        return
    from editor.records import rules

    known = list(dict.fromkeys([*rules.RULES, *READING_RULES]))
    unknown = [r for r in ids if r not in known]
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], known, n=1)
        hint = translate("cli", " (did you mean {name}?)").format(name=close[0]) if close else ""
        text = (translate("cli", "unknown rule id {ids}{hint}; known rule ids: {known}") if len(unknown) == 1
                else translate("cli", "unknown rule ids {ids}{hint}; known rule ids: {known}"))
        raise UsageError(text.format(ids=", ".join(unknown), hint=hint, known=", ".join(known)))


def _rule_ids(doc: RecordDocument, model: Model | None) -> list[str]:
    """The rules that apply to `doc` (its dialect's; the ``model-`` ones only with a model),
    JUnit's test cases."""
    from editor.records import rules

    return [r.id for r in rules.RULES.values()
            if r.applies_to(doc.dialect) and (model is not None or not r.id.startswith("model-"))]


def run(args: argparse.Namespace) -> int:
    check_rule_ids(args.rule)
    fmt = formats.output_format(args)
    text = fmt == "text"
    models = _many.Models(args)
    model = models.common()
    results: list[dict[str, object]] = []
    files: list[formats.FileResult] = []
    codes: list[int] = []
    if model is not None and text:
        if not model.has_weights:
            err(_model.no_weights_text(model))
        for note in model.notes:
            err(translate("cli", "model note: {note}").format(note=note))
    targets = _many.expand(args.files, args.recursive)
    progress = _many.Progress(len(targets))
    totals = dict.fromkeys(Severity, 0)
    for target in targets:
        path = target.path
        progress.step(path)
        started = time.monotonic()
        try:
            if target.error is not None:
                raise RecordError(target.error, path)
            doc = load(path, args, stream=True)
            model = models.for_record(path)
            doc, followed = _model.follow_model(doc, path, args, model, stream=True)
            if followed is not None and model is not None and text:
                progress.clear()
                err(_model.follow_text(path, followed, model))
            # locating reads the text again (a big file's, from the file): it may have changed
            found = document_problems(doc, model, args.outlier_k,
                                      None if args.verbose or fmt != "text" else args.strong_fence)
        except RecordError as e:
            codes.append(EXIT_USAGE)
            results.append({"path": path, "dialect": None, "error": str(e), "problems": []})
            files.append(formats.FileResult(shown_path(path), None, error=e.message, line=e.line, column=e.column,
                                            seconds=time.monotonic() - started))
            if text:
                progress.clear()
                print(str(e), file=sys.stderr)
            progress.advance()
            continue
        problems = filter_problems(found, args)
        problems.sort(key=lambda p: (p.line if p.line is not None else 1 << 60, p.severity.rank))
        codes.append(EXIT_PROBLEMS if any(p.severity is Severity.ERROR for p in problems) else EXIT_OK)
        for p in problems:
            totals[p.severity] += 1
        # JSON of each problem only for --format json (a thousand notes: a twentieth of a 50 MB check)
        result: dict[str, object] = {"path": path, "dialect": doc.dialect.name,
                                  "problems": [p.to_json() for p in problems] if fmt == "json" else []}
        if followed is not None:
            result["dialect_from_model"] = followed
        if model is not None:
            from editor.models.match import module_matches

            by_module = module_matches((e.key for e in doc.message.record), model)
            if by_module:
                result["keys_by_module"] = by_module
        results.append(result)
        files.append(formats.FileResult(shown_path(path), doc.dialect.name, problems, rules=_rule_ids(doc, model),
                                        seconds=time.monotonic() - started))
        if text:
            progress.clear()
            for p in problems:
                print(p.format(path))
            print(summary_line(shown_path(path), doc.dialect.name, problems))
        progress.advance()
    progress.clear()
    worst = _many.worst(codes)
    if text and len(targets) > 1:
        unreadable = sum(1 for c in codes if c == EXIT_USAGE)
        print(translate("cli", "{files} files, {unreadable} unreadable: {errors}, {warnings}, {notes}").format(
            files=len(targets), unreadable=unreadable,
            errors=(translate("cli", "{n} error") if totals[Severity.ERROR] == 1 else translate(
                "cli", "{n} errors")).format(n=f"{totals[Severity.ERROR]:,}"),
            warnings=(translate("cli", "{n} warning") if totals[Severity.WARNING] == 1 else translate(
                "cli", "{n} warnings")).format(n=f"{totals[Severity.WARNING]:,}"),
            notes=(translate("cli", "{n} note") if totals[Severity.INFO] == 1 else translate(
                "cli", "{n} notes")).format(n=f"{totals[Severity.INFO]:,}")))
    if fmt == "json":
        report: dict[str, object] = {"files": results}
        model = models.common()
        if model is not None:
            report["model"] = {**_model.model_summary(model), "weights_reviewed": model.has_weights}
        print_json(report)
    elif not text:
        formats.print_document(fmt, files, name="record-editor check")
    return worst
