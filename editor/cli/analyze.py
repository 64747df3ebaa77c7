"""`record-editor analyze RECORD --model M [--inputs PATH...]`: which layer costs accuracy —
the weight error of every layer under the record's scale_w, and with inputs (ONNX models)
the activation error, AMCT's similarity and the whole-model check; a ranked table, worst
first. Exit 0 when every layer is at or above the thresholds, 1 when some are below, 2 on
input that cannot be used."""
from __future__ import annotations

import argparse
import csv
import math
import sys
from typing import TYPE_CHECKING, SupportsFloat

from editor.cli import _model, formats
from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._record_io import load
from editor.cli._reporting import (
    EXIT_OK,
    EXIT_PROBLEMS,
    err,
    plural,
    print_json,
    reading_json,
    report_reading,
)
from editor.i18n import translate
from editor.records.document import RecordDocument
from editor.records.errors import RecordError
from editor.records.problems import Severity, shown_path

if TYPE_CHECKING:
    from editor.analysis.analyzer import AnalysisResult, LayerResult
    from editor.models import Progress

#: AMCT similarity 0.5 + 0.5·cos below which a layer is listed for roll-back (cos 0.98)
DEFAULT_MIN_SIMILARITY = 0.99


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("analyze", help="rank layers by quantization error (weights; with inputs, activations "
                                       "and AMCT's similarity)",
                       description="Measure how much error each layer's factors cause: the weights quantized with "
                                   "the record's scale_w (SQNR, clipped fraction), and with --inputs (an ONNX "
                                   "model) the activations on those inputs (clipped fraction, SQNR, AMCT's "
                                   "similarity 0.5 + 0.5*cos of each layer's float and fake-quantized output) and "
                                   "the model's outputs with every layer fake-quantized. Prints a table, worst "
                                   "layer first. Exit 0 when every layer is at or above the thresholds, 1 when "
                                   "some are below.")
    p.add_argument("file", metavar="RECORD")
    _model.add_model_args(p, required=True)
    p.add_argument("--inputs", nargs="+", metavar="PATH",
                   help="inputs to run the model on: .npz files (arrays by input name), .npy files, raw .bin "
                        "files (shaped and typed as the model's input), or folders of them (a model of several "
                        "inputs: .npz files, or one subfolder per input named after it). Without: weights only")
    p.add_argument("--import", dest="imports", action="append", metavar="FILE", default=[],
                   help="another tool's per-layer results as extra columns: AMCT's "
                        "accuracy_based_auto_calibration_ranking_information.json, a msit/msprobe comparison "
                        "CSV, or a key,value CSV (repeatable)")
    p.add_argument("--min-similarity", type=float, default=DEFAULT_MIN_SIMILARITY, metavar="T",
                   help=f"layers whose similarity is below T are listed for roll-back (default "
                        f"{DEFAULT_MIN_SIMILARITY:g})")
    p.add_argument("--min-weight-sqnr", type=float, metavar="DB",
                   help="also count layers whose weight SQNR is below DB dB as below the threshold")
    p.add_argument("--write-config", metavar="OUT.json",
                   help="write the roll-back plan as AMCT's quant config: quant_enable false for the layers "
                        "below --min-similarity, true for the other measured layers")
    p.add_argument("--config", metavar="IN.json",
                   help="with --write-config: merge into this AMCT quant config, keeping its other fields")
    p.add_argument("--no-model-check", action="store_true",
                   help="skip running the whole model with every layer fake-quantized")
    add_common(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the figures as JSON")
    out.add_argument("--csv", action="store_true", help="print the ranked table as CSV")
    formats.add_format_arg(out, extra_help="; a layer below --min-similarity or --min-weight-sqnr is an error, "
                                           "one test case per analysed layer")
    return p


#: the rule ids the CI formats give a layer below a threshold
SIMILARITY_RULE = "analyze-similarity"
WEIGHT_SQNR_RULE = "analyze-weight-sqnr"


def _cases(doc: RecordDocument, path: str, result: AnalysisResult, below: list[LayerResult],
           weak: list[LayerResult], min_similarity: float, min_sqnr: float | None) -> list[formats.Case]:
    """One case per analysed layer for SARIF, JUnit and GitHub: failed where it is below a
    threshold, at the entry's line in the record."""
    cases = []
    low = {r.key for r in below}
    weak_keys = {r.key for r in weak}
    for r in result.ranked():
        if r.similarity is None and r.weights is None:
            continue
        where = doc.locate(record_index=r.index)
        line = where[0] if where is not None else None
        message, rule = None, SIMILARITY_RULE
        if r.key in low:
            message = translate("cli", "layer \"{key}\": similarity {value} below {threshold}").format(
                key=r.key, value=f"{r.similarity:.6f}", threshold=f"{min_similarity:g}")
        elif r.key in weak_keys and r.weights is not None:
            rule = WEIGHT_SQNR_RULE
            message = translate("cli", "layer \"{key}\": weight SQNR {value} dB below {threshold} dB").format(
                key=r.key, value=f"{r.weights.sqnr_db:.2f}", threshold=f"{min_sqnr:g}")
        cases.append(formats.Case(shown_path(path), r.key, message, shown_path(path), line, Severity.ERROR, rule))
    return cases


def _rules() -> list[formats.SarifRule]:
    return [{"id": rule, "name": rule, "shortDescription": {"text": text}, "fullDescription": {"text": text},
             "help": {"text": text}, "defaultConfiguration": {"level": "error"}}
            for rule, text in ((SIMILARITY_RULE, translate("cli", "AMCT's similarity of the layer's float and "
                                                                  "fake-quantized output is below --min-similarity")),
                               (WEIGHT_SQNR_RULE, translate("cli", "the SQNR of the layer's weights under the "
                                                                   "record's scale_w is below --min-weight-sqnr")))]


def _num(x: SupportsFloat | None) -> float | None:
    """A finite float for JSON, else None (JSON has no inf or nan)."""
    if x is None:
        return None
    v = float(x)
    return v if math.isfinite(v) else None


def _db(x: float | None) -> str:
    if x is None or math.isnan(x):
        return "-"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:.2f}"


def _pct(x: float | None) -> str:
    if x is None:
        return "-"
    if x == 0:
        return "0"
    return f"{100 * x:.3g}%"


def _sim(x: float | None) -> str:
    return "-" if x is None else f"{x:.6f}"


def _progress_printer() -> Progress | None:
    """A progress callback writing one line on a terminal's stderr (nothing otherwise)."""
    if not sys.stderr.isatty():
        return None

    def report(done: int, total: int) -> bool:
        sys.stderr.write("\r" + translate("cli", "analysing: {done}/{total}").format(done=done, total=total))
        if done >= total:
            sys.stderr.write("\r\033[K")
        sys.stderr.flush()
        return True
    return report


def _layer_json(r: LayerResult, imported_names: list[str]) -> dict[str, object]:
    w, a = r.weights, r.activations
    out = {"key": r.key, "record_index": r.index, "op_type": r.op_type,
           "weight_sqnr_db": _num(w.sqnr_db) if w else None,
           "weight_clipped": _num(w.clipped) if w else None,
           "weight_rmse_over_scale": _num(w.rmse_over_scale) if w else None,
           "weight_worst_channel": w.worst_channel if w else None,
           "weight_worst_channel_sqnr_db": _num(w.channels.sqnr_db[w.worst_channel]) if w else None,
           "weight_bits": w.bits if w else None, "folded": w.folded if w else None,
           "balanced": w.balanced if w else None, "weight_note": r.weights_note,
           "activation_clipped": _num(a.clipped) if a else None,
           "activation_clipped_low": a.clipped_low if a else None,
           "activation_clipped_high": a.clipped_high if a else None,
           "activation_sqnr_db": _num(a.sqnr_db) if a else None,
           "similarity": _num(r.similarity),
           "similarity_per_input": [_num(s) for s in a.per_sample] if a else None,
           "activation_min": _num(a.min) if a else None, "activation_max": _num(a.max) if a else None,
           "act_bits": a.bits if a else None, "scale_d": _num(a.scale_d) if a else None,
           "offset_d": a.offset_d if a else None,
           "suggested_scale_d": _num(a.suggested_scale_d) if a else None,
           "suggested_offset_d": a.suggested_offset_d if a else None,
           "activation_note": r.activations_note,
           "imported": {n: _num(r.imported.get(n)) for n in imported_names}}
    return out


def run(args: argparse.Namespace) -> int:
    if args.config is not None and args.write_config is None:
        raise UsageError(translate("cli", "--config needs --write-config OUT.json (the config to merge the plan into)"))
    if args.write_config is not None and not args.inputs:
        raise UsageError(translate("cli", "--write-config needs --inputs: the roll-back plan is made from the "
                                   "similarity, which is measured on inputs"))
    if not 0.0 <= args.min_similarity <= 1.0:
        raise UsageError(translate("cli", "--min-similarity {value}: AMCT's similarity lies in [0, 1]").format(
            value=f"{args.min_similarity:g}"))
    from editor.analysis.analyzer import analyzer_for
    from editor.analysis.config import ConfigError, read_config, rollback_config, write_config
    from editor.analysis.imports import ResultsError, read_results
    from editor.analysis.inputs import InputError
    from editor.analysis.run import AnalysisError
    from editor.models import ModelError

    doc = load(args.file, args, stream=False)
    model = _model.load(args)
    assert model is not None
    if formats.output_format(args) == "text":
        report_reading(doc, args.file)
    base = None
    try:
        if args.config is not None:
            base = read_config(args.config)
        analyzer = analyzer_for(doc.message, model, args.inputs or (), whole_model=not args.no_model_check)
        keys = [e.key for e in doc.message.record]
        columns = [c for path in args.imports for c in read_results(path, keys)]
        result = analyzer.run(_progress_printer())
    except (InputError, ConfigError, ResultsError) as e:
        raise RecordError(e.message, e.path) from None
    except ModelError as e:
        raise RecordError(e.message, e.path or args.model, e.line, e.column) from None
    except AnalysisError as e:
        raise RecordError(str(e), args.model) from None
    result.imported = columns
    by_key = {r.key: r for r in result.layers}
    for c in columns:
        for k, v in c.values.items():
            if k in by_key:
                by_key[k].imported[c.name] = v
    below = result.below(args.min_similarity)
    weak = result.weight_below(args.min_weight_sqnr) if args.min_weight_sqnr is not None else []
    written = None
    if args.write_config is not None:
        measured = [r.key for r in result.layers if r.similarity is not None]
        config = rollback_config([r.key for r in below], measured, base)
        try:
            written = str(write_config(args.write_config, config))
        except ConfigError as e:
            raise RecordError(e.message, e.path) from None
    failing = bool(below) or bool(weak)
    names = list(dict.fromkeys(c.name for c in columns))
    ranked = result.ranked()
    fmt = formats.output_format(args)
    if fmt in ("sarif", "junit", "github"):
        cases = _cases(doc, args.file, result, below, weak, args.min_similarity, args.min_weight_sqnr)
        formats.print_document(fmt, [], cases, name="record-editor analyze", extra_rules=_rules())
        return EXIT_PROBLEMS if failing else EXIT_OK
    if fmt == "json":
        print_json({
            "path": args.file, "dialect": doc.dialect.name, "model": _model.model_summary(model),
            "inputs": result.samples or None, "min_similarity": args.min_similarity,
            "min_weight_sqnr_db": args.min_weight_sqnr,
            "layers": [_layer_json(r, names) for r in ranked],
            "below": [r.key for r in below], "weight_below": [r.key for r in weak],
            "model_check": [{"output": o.name, "cosine": _num(o.cosine), "min_cosine": _num(o.min_cosine),
                             "max_abs_error": _num(o.max_abs_error)} for o in result.outputs]
            if result.activations_run and not args.no_model_check else None,
            "imported": [{"column": c.name, "path": c.path, "matched": len(c.values), "unmatched": c.unmatched}
                         for c in columns],
            "config": {"path": written, "disabled": [r.key for r in below]} if written else None,
            "notes": result.notes, **reading_json(doc)})
        return EXIT_PROBLEMS if failing else EXIT_OK
    if args.csv:
        _print_csv(ranked, names)
    else:
        _print_table(ranked, names, result)
    for c in columns:
        if c.unmatched:
            shown = ", ".join(repr(k) for k in c.unmatched[:10]) + (translate("cli", " and {count} more").format(
                count=len(c.unmatched) - 10) if len(c.unmatched) > 10 else "")
            err(translate("cli", "{path}: {count} names match no layer of the record: {names}").format(
                path=c.path, count=len(c.unmatched), names=shown))
    for note in result.notes:
        err(note)
    if written:
        layers = plural(len(below), translate("cli", "{n} layer"), translate("cli", "{n} layers"))
        print(translate("cli", "{path}: roll-back config written ({layers} with quant_enable false)").format(
            path=written, layers=layers), file=sys.stderr)
    return EXIT_PROBLEMS if failing else EXIT_OK


def _rows(ranked: list[LayerResult], names: list[str]) -> list[list[str]]:
    rows = []
    for rank, r in enumerate(ranked, start=1):
        w, a = r.weights, r.activations
        rows.append([str(rank), r.key, r.op_type or "-", _db(w.sqnr_db) if w else "-", _pct(w.clipped) if w else "-",
                     _pct(a.clipped) if a else "-", _db(a.sqnr_db) if a else "-", _sim(r.similarity)]
                    + [f"{r.imported[n]:.6g}" if n in r.imported else "-" for n in names])
    return rows


def _print_table(ranked: list[LayerResult], names: list[str], result: AnalysisResult) -> None:
    header = [translate("cli", "#"), translate("cli", "LAYER"), translate("cli", "OP"), translate("cli", "W-SQNR dB"),
              translate("cli", "W-CLIP"), translate("cli", "A-CLIP"), translate("cli", "A-SQNR dB"),
              translate("cli", "SIMILARITY")] + names
    rows = _rows(ranked, names)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    widths[1] = min(widths[1], 48)

    def line(cells: list[str]) -> str:
        out = []
        for i, (c, wdt) in enumerate(zip(cells, widths, strict=True)):
            if i == 1 and len(c) > wdt:
                c = "…" + c[-(wdt - 1):]
            out.append(c.ljust(wdt) if i in (1, 2) else c.rjust(wdt))
        return "  ".join(out).rstrip()
    print(line(header))
    for row in rows:
        print(line(row))
    for r in ranked:
        reasons = [n for n in (r.weights_note, r.activations_note) if n]
        if reasons and (r.weights is None or (result.activations_run and r.activations is None)):
            print(translate("cli", "{key}: not analysed: {reasons}").format(key=r.key, reasons="; ".join(reasons)))
    for o in result.outputs:
        print(translate("cli", "model output {name} with every layer fake-quantized: cosine {cosine} (lowest "
                        "{lowest}), max abs error {error}").format(
            name=repr(o.name), cosine=f"{o.cosine:.6f}", lowest=f"{o.min_cosine:.6f}", error=f"{o.max_abs_error:.6g}"))
    for r in ranked:
        a = r.activations
        if a is not None and a.similarity is not None and a.clipped > 0 and \
                (a.suggested_scale_d, a.suggested_offset_d) != (a.scale_d, a.offset_d):
            lo, hi = a.clip_range
            if a.min < lo or a.max > hi:
                print(translate("cli", "{key}: inputs seen in [{min}, {max}], the factors keep [{lo}, {hi}]; from the "
                                "range seen AMCT would compute scale_d={scale} offset_d={offset} (not applied)").format(
                    key=r.key, min=f"{a.min:.6g}", max=f"{a.max:.6g}", lo=f"{lo:.6g}", hi=f"{hi:.6g}",
                    scale=f"{a.suggested_scale_d:.9g}", offset=a.suggested_offset_d))


def _print_csv(ranked: list[LayerResult], names: list[str]) -> None:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["rank", "key", "op_type", "weight_sqnr_db", "weight_clipped", "weight_rmse_over_scale",
                     "activation_clipped", "activation_sqnr_db", "similarity", "suggested_scale_d",
                     "suggested_offset_d", *names])
    for rank, r in enumerate(ranked, start=1):
        w, a = r.weights, r.activations

        def v(x: object) -> str:
            return "" if x is None or (isinstance(x, float) and math.isnan(x)) else repr(float(x)) \
                if isinstance(x, float) else str(x)
        writer.writerow([rank, r.key, r.op_type or "", v(w.sqnr_db) if w else "", v(w.clipped) if w else "",
                         v(w.rmse_over_scale) if w else "", v(a.clipped) if a else "", v(a.sqnr_db) if a else "",
                         v(r.similarity), v(a.suggested_scale_d) if a else "", v(a.suggested_offset_d) if a else "",
                         *[v(r.imported.get(n)) for n in names]])
