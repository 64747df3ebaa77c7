"""`record-editor set FILE KEY FIELD=VALUE...`: a scripted edit of one layer; only that entry's
lines of the file change."""
from __future__ import annotations

import argparse
import difflib
import json
import re
import sys

from editor.cli._common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_common,
    check_stdout,
    count,
    err,
    load,
    output_format,
    reading_json,
    report_reading,
    write_record,
)
from editor.records.document import RecordDocument
from editor.records.problems import Problem


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("set", help="set fields of one layer; only that entry of the file changes")
    p.add_argument("file")
    p.add_argument("key", help="the layer key (record key)")
    p.add_argument("assignments", nargs="+", metavar="FIELD=VALUE",
                   help="scale_d=0.5, act_type=INT8, scale_w=0.1,0.2,0.3, scale_w[2]=0.3, "
                        "kv_cache_value.scale[0]=1; FIELD= clears the field")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write here instead of changing FILE, text or binary by OUT's extension as "
                        "convert does (else FILE's format); - writes to standard output (text "
                        "unless --to binary)")
    p.add_argument("--to", choices=["text", "binary"],
                   help="with -o: output format (default: from OUT's extension, else FILE's format)")
    add_common(p)
    p.add_argument("--force", action="store_true",
                   help="write even when a value breaks one of AMCT's rules (an empty key is always "
                        "refused), or when the file written is read-only")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    return p


_ASSIGN = re.compile(r"^([A-Za-z_][\w.]*?)(?:\[(\d+)\])?=(.*)$", re.S)


def _resolve(entry, dialect, dotted: str):
    """(message holding the field, field descriptor) for a FIELD of a layer entry."""
    parts = dotted.split(".")
    if parts[0] not in entry.DESCRIPTOR.fields_by_name:
        parts = ["value", *parts]
    msg = entry
    for name in parts[:-1]:
        fd = msg.DESCRIPTOR.fields_by_name.get(name)
        if fd is None or fd.message_type is None or fd.is_repeated:
            raise UsageError(f"{dotted}: {name!r} is not a sub-message of {msg.DESCRIPTOR.name}")
        msg = getattr(msg, name)
    fd = msg.DESCRIPTOR.fields_by_name.get(parts[-1])
    if fd is None or fd.message_type is not None:
        known = sorted(f.name for f in msg.DESCRIPTOR.fields if f.message_type is None)
        close = difflib.get_close_matches(parts[-1], known, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; fields: {', '.join(known)}"
        raise UsageError(f"{msg.DESCRIPTOR.name} ({dialect.name}) has no value field {parts[-1]!r}{hint}")
    return msg, fd


def _apply_assignment(entry, dialect, text: str) -> tuple[str, int | None, object]:
    """Apply one FIELD=VALUE to `entry`; return the change as `rules.validate_changes` takes
    it: (field relative to the entry, element index or None, new value; None clears)."""
    from editor.records.values import parse_value  # Qt-free value parsing shared with the editor

    m = _ASSIGN.match(text)
    if m is None:
        raise UsageError(f"{text!r}: write FIELD=VALUE, FIELD[INDEX]=VALUE or FIELD=V1,V2,...")
    dotted, index, raw = m.group(1), m.group(2), m.group(3)
    msg, fd = _resolve(entry, dialect, dotted)
    # relative to the entry, `value.` left out: scale_d, key, kv_cache_value.scale
    field = dotted[len("value."):] if dotted.startswith("value.") else dotted
    try:
        if index is not None:
            if not fd.is_repeated:
                raise UsageError(f"{fd.name} is not a repeated field; write {fd.name}={raw}")
            values = getattr(msg, fd.name)
            i = int(index)
            if i >= len(values):
                raise UsageError(f"{fd.name}[{i}]: the layer has {len(values)} {fd.name} values "
                                 f"(indices 0..{len(values) - 1})")
            values[i] = parse_value(fd, raw)
            return field, i, values[i]
        if fd.is_repeated:
            items = [] if raw.strip() == "" else [parse_value(fd, x) for x in raw.split(",")]
            msg.ClearField(fd.name)
            getattr(msg, fd.name).extend(items)
            return field, None, list(getattr(msg, fd.name))
        if raw == "":
            msg.ClearField(fd.name)
            return field, None, None
        setattr(msg, fd.name, parse_value(fd, raw))
        return field, None, getattr(msg, fd.name)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _judge(doc: RecordDocument, index: int, changes: list) -> Problem | None:
    """The error AMCT's rules find in these changes to entry `index` (as the editor's panels
    judge an edit), or None. Call before the changes are applied."""
    from editor.records import rules

    context = rules.CheckContext.build(doc.message, doc.dialect)
    return rules.validate_changes(doc.dialect, doc.message.record[index], changes,
                                  context=context, entry_index=index)


def run(args) -> int:
    if args.to is not None and args.output is None:
        raise UsageError("--to needs -o OUT (a file changed in place keeps its own format)")
    to = output_format(args.output, args.to, "?") if args.output is not None else "?"
    check_stdout(args, to)
    doc = load(args.file, args)
    if to == "?":
        to = "binary" if doc.binary else "text"
    entries = doc.message.record
    matches = [i for i, e in enumerate(entries) if e.key == args.key]
    if not matches:
        close = difflib.get_close_matches(args.key, [e.key for e in entries], n=3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise UsageError(f"{args.file}: no layer with key {args.key!r}{hint}")
    if not args.json:
        report_reading(doc, args.file)
        if len(matches) > 1:
            err(f"warning: key {args.key!r} appears {len(matches)} times; setting the first "
                 f"(the one AMCT uses)")
    index = matches[0]
    entry = entries[index]
    before = type(entry)()
    before.CopyFrom(entry)
    changes = [_apply_assignment(entry, doc.dialect, assignment) for assignment in args.assignments]
    scratch = type(entry)()
    scratch.CopyFrom(entry)
    entry.CopyFrom(before)  # judged against the file as read, as the editor judges an edit
    problem = _judge(doc, index, changes)
    entry.CopyFrom(scratch)
    report = {"path": args.file, "dialect": doc.dialect.name, "key": args.key, "record_index": index,
              "fields": [c[0] if c[1] is None else f"{c[0]}[{c[1]}]" for c in changes], **reading_json(doc),
              "rule_error": problem.to_json() if problem is not None else None}
    # a key set to nothing leaves a layer no one can address, AMCT included: never written
    empty_key = any(field == "key" for field, _, _ in changes) and not entry.key
    if problem is not None and (not args.force or empty_key):
        why = problem.message + ("; a layer key cannot be empty, even with --force" if empty_key
                                 else "; --force writes it anyway")
        if args.json:
            print(json.dumps({**report, "output": None, "written": False,
                              "error": f"nothing written: {problem.severity.value} [{problem.rule}] {why}"},
                             indent=2))
        else:
            err(f"{args.file}: nothing written: {problem.severity.value} [{problem.rule}] {why}")
        return EXIT_PROBLEMS
    target = write_record(doc, args.output, binary=(to == "binary"), force=args.force)
    if args.json:
        print(json.dumps({**report, "output": target, "written": True, "format": to,
                          "forced": problem is not None}, indent=2))
    else:
        if problem is not None:
            err(f"warning: written despite {problem.severity.value} [{problem.rule}] {problem.message} (--force)")
        print(f"{target}: set {count(len(args.assignments), 'field')} of {args.key!r}", file=sys.stderr)
    return EXIT_OK
