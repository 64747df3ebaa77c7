"""`record-editor convert IN -o OUT`: text <-> binary, canonical formatting, dialect conversion."""
from __future__ import annotations

import argparse
import sys

from editor.cli._args import Subcommands, UsageError, add_common
from editor.cli._record_io import check_stdout, load, output_format, write_record
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
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.errors import RecordError
from editor.records.problems import shown_path


def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
    p = sub.add_parser("convert", help="text <-> binary, canonical formatting, dialect conversion")
    p.add_argument("input", metavar="IN")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the file to write; - writes to standard output (text unless --to binary)")
    p.add_argument("--to", choices=["text", "binary"],
                   help="output format (default: from OUT's extension, else the other one)")
    add_common(p)
    p.add_argument("--to-dialect", choices=list(DIALECTS), help="convert to another dialect")
    p.add_argument("--drop-unsupported", action="store_true",
                   help="with --to-dialect: drop (and list) fields the target lacks instead of stopping")
    p.add_argument("--force", action="store_true", help="overwrite OUT even if it is read-only")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    return p


def run(args: argparse.Namespace) -> int:
    to = output_format(args.output, args.to, "?")
    check_stdout(args, to)
    doc = load(args.input, args)
    if to == "?":
        to = "text" if doc.binary else "binary"
    if args.drop_unsupported and not args.to_dialect:
        raise UsageError(translate("cli", "--drop-unsupported only makes sense with --to-dialect"))
    report = {"input": args.input, "output": args.output, "source_dialect": doc.dialect.name,
              **reading_json(doc)}
    if not args.json:
        report_reading(doc, args.input)
    out = doc
    dropped: list[str] = []
    if args.to_dialect and args.to_dialect != doc.dialect.name:
        try:
            out, dropped = doc.convert(args.to_dialect, drop_unsupported=args.drop_unsupported)
        except RecordError as e:  # the target lacks fields: a finding about the content
            if args.json:
                print_json({**report, "written": False,
                             "error": translate("cli", "not converted: {error}").format(error=e)})
            else:
                err(translate("cli", "{path}: not converted: {error}").format(path=shown_path(args.input), error=e))
            return EXIT_PROBLEMS
    if not args.json:
        for d in dropped:
            print(translate("cli", "dropped: {field}").format(field=d), file=sys.stderr)
        for x in out.explicit_defaults:
            print(translate("cli", "explicit: {message}").format(message=x.message), file=sys.stderr)
    # canonical text (protobuf's own formatting, as AMCT writes it), or binary
    fresh = RecordDocument(out.message, out.dialect)
    fresh.path, fresh.stamp = doc.path, doc.stamp  # written over its input: only over the version read
    shown = write_record(fresh, args.output, binary=(to == "binary"), force=args.force)
    prune = len(fresh.message.prune_record) if fresh.dialect.has_prune else 0
    if args.json:
        print_json({**report, "written": True, "format": to, "dialect": fresh.dialect.name,
                     "records": len(fresh.message.record), "prune_records": prune,
                     "dropped": dropped, "explicit_defaults": [x.to_json() for x in out.explicit_defaults]})
    else:
        records = plural(len(fresh.message.record), translate("cli", "{n} record"), translate("cli", "{n} records"))
        print(translate("cli", "{path}: {format}, {dialect}, {records}").format(
            path=shown_path(shown), format=translate("cli", "binary") if to == "binary" else translate("cli", "text"),
            dialect=fresh.dialect.name, records=records), file=sys.stderr)
    return EXIT_OK
