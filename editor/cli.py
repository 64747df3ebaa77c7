"""`record-editor`: the editor (default) and subcommands for scripts and CI.

Exit codes: 0 = fine, 1 = problems or differences found, 2 = usage error or unreadable input.
`--json` prints machine-readable output on stdout, failures included (an object with "error").
`-o -` (convert, set) writes the record to standard output.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import sys
from pathlib import Path

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument, RecordError
from editor.records.problems import READING_RULES, Problem, Severity

SUBCOMMANDS = ("info", "check", "convert", "set", "diff")
EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A mistake in the command line itself (exit 2)."""


class _JsonErrorParser(argparse.ArgumentParser):
    """For a command line with --json: argparse's usage errors also come as JSON on stdout
    (then as usual on stderr, exit 2), so a script reading stdout always gets an object."""

    def error(self, message: str):
        print(json.dumps({"error": f"{self.prog}: error: {message}"}, indent=2))
        sys.stdout.flush()
        super().error(message)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dialect", choices=list(DIALECTS), help="read with this dialect instead of detecting it")
    p.add_argument("--repair", action="store_true",
                   help="fix artefacts of pasted documentation examples (// comments, quoted text "
                        "broken over lines) and report each change")


def build_parser(json_errors: bool = False) -> argparse.ArgumentParser:
    parser = (_JsonErrorParser if json_errors else argparse.ArgumentParser)(
        prog="record-editor",
        description="View, check, edit and convert Ascend AMCT quantization/sparsity record files. "
                    "Without a subcommand, opens the editor window.",
        epilog="Exit codes: 0 fine, 1 problems or differences found, 2 usage error or unreadable input.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("info", help="dialect, entry counts and size of a record file")
    p.add_argument("file")
    _common(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("check", help="report reading problems and AMCT rule violations")
    p.add_argument("files", nargs="+", metavar="FILE")
    _common(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--severity", choices=[s.value for s in Severity],
                   help="report only problems of this severity or worse")
    p.add_argument("--rule", action="append", metavar="ID", help="report only this rule (repeatable)")

    p = sub.add_parser("convert", help="text <-> binary, canonical formatting, dialect conversion")
    p.add_argument("input", metavar="IN")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the file to write; - writes to standard output (text unless --to binary)")
    p.add_argument("--to", choices=["text", "binary"],
                   help="output format (default: from OUT's extension, else the other one)")
    _common(p)
    p.add_argument("--to-dialect", choices=list(DIALECTS), help="convert to another dialect")
    p.add_argument("--drop-unsupported", action="store_true",
                   help="with --to-dialect: drop (and list) fields the target lacks instead of stopping")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")

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
    _common(p)
    p.add_argument("--force", action="store_true",
                   help="write even when a value breaks one of AMCT's rules (an empty key is always refused)")
    p.add_argument("--json", action="store_true", help="print what was written as JSON")
    p = sub.add_parser("diff", help="compare two records layer by layer, channel by channel")
    p.add_argument("a", metavar="A")
    p.add_argument("b", metavar="B")
    _common(p)
    p.add_argument("--dialect-b", choices=list(DIALECTS), help="dialect of B, when it differs from --dialect")
    p.add_argument("--rtol", type=float, default=0.0, help="relative tolerance for numbers (default: exact)")
    p.add_argument("--atol", type=float, default=0.0, help="absolute tolerance for numbers (default: exact)")
    p.add_argument("--json", action="store_true", help="print JSON")
    return parser


def gui_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="record-editor", description="Open the editor window "
                                "(the bundled sample when no FILE is given). Subcommands: "
                                + ", ".join(SUBCOMMANDS) + " (see record-editor COMMAND --help).")
    p.add_argument("file", nargs="?")
    p.add_argument("--dialect", choices=list(DIALECTS))
    p.add_argument("--repair", action="store_true",
                   help="open FILE with the documentation-artefact repair (each change is listed)")
    return p


# --------------------------------------------------------------------------- helpers


def _load(path: str, args) -> RecordDocument:
    return RecordDocument.load(path, args.dialect, repair=args.repair)


def _err(msg: str) -> None:
    print(f"record-editor: {msg}", file=sys.stderr)


def _count(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``, ``0 notes``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _per_channel(doc: RecordDocument) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in doc.message.record:
        for fd, value in entry.value.ListFields():
            if fd.is_repeated and fd.cpp_type != fd.CPPTYPE_STRING:
                counts[fd.name] = counts.get(fd.name, 0) + len(value)
    return counts


def _per_channel_scale_w(doc: RecordDocument) -> tuple[int, int]:
    """(scale_w values, layers) of the per-channel layers: those with more than one scale_w
    (a single value is per-tensor)."""
    lengths = [len(e.value.scale_w) for e in doc.message.record if len(e.value.scale_w) > 1]
    return sum(lengths), len(lengths)


def _report_reading(doc: RecordDocument, path: str) -> None:
    """Every repair and reading problem (overrides, duplicate keys…) on stderr, one a line,
    as FILE:LINE: — a command that writes never passes over them silently."""
    for r in doc.repairs:
        print(r.format(path), file=sys.stderr)
    for p in doc.problems:
        if p.rule != "repaired":  # the repairs, listed above
            print(p.format(path), file=sys.stderr)


def _reading_json(doc: RecordDocument) -> dict:
    return {"repairs": [{"line": r.line, "message": r.message} for r in doc.repairs],
            "problems": [p.to_json() for p in doc.problems if p.rule != "repaired"]}


# --------------------------------------------------------------------------- info


def cmd_info(args) -> int:
    doc = _load(args.file, args)
    counts = _per_channel(doc)
    per_channel, per_channel_layers = _per_channel_scale_w(doc)
    prune = len(doc.message.prune_record) if doc.dialect.has_prune else 0
    info = {
        "path": str(doc.path),
        "dialect": doc.dialect.name,
        "schema": doc.dialect.full_name,
        "format": "binary" if doc.binary else "text",
        "size": Path(args.file).stat().st_size,
        "records": len(doc.message.record),
        "prune_records": prune,
        "per_channel_values": per_channel,
        "per_channel_layers": per_channel_layers,
        "repeated_values": counts,
        "reading_problems": len(doc.problems),
        "repairs": [r.format() for r in doc.repairs],
    }
    if args.json:
        print(json.dumps(info, indent=2))
    else:
        print(f"{info['path']}: {doc.dialect.name} ({doc.dialect.title}, {info['schema']}), {info['format']}, "
              f"{info['size']:,} bytes")
        print(f"  records: {info['records']:,}   prune records: {prune:,}   "
              f"per-channel scale_w values: {per_channel:,} in {_count(per_channel_layers, 'layer')}")
        if counts:
            print("  repeated values: " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())))
        for r in doc.repairs:
            print("  " + r.format())
        if doc.problems:
            print(f"  reading problems: {len(doc.problems)} (see record-editor check)")
    return EXIT_OK


# --------------------------------------------------------------------------- check


def document_problems(doc: RecordDocument) -> list[Problem]:
    """Reading problems plus every rule, one list (`rules.document_problems`, as the GUI lists them)."""
    from editor.records import rules

    return rules.document_problems(doc)


def _filter(problems: list[Problem], args) -> list[Problem]:
    if args.severity:
        limit = Severity(args.severity).rank
        problems = [p for p in problems if p.severity.rank <= limit]
    if args.rule:
        wanted = set(args.rule)
        problems = [p for p in problems if p.rule in wanted]
    return problems


def _check_rule_ids(ids: list[str] | None) -> None:
    """Refuse --rule ids the engine does not know (a typo would otherwise pass every check)."""
    if not ids:
        return
    from editor.records import rules

    known = list(dict.fromkeys([*rules.RULES, *READING_RULES]))
    unknown = [r for r in ids if r not in known]
    if unknown:
        close = difflib.get_close_matches(unknown[0], known, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UsageError(f"unknown rule id{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}{hint}; known rule ids: {', '.join(known)}")


def cmd_check(args) -> int:
    _check_rule_ids(args.rule)
    results = []
    worst = EXIT_OK
    for path in args.files:
        try:
            doc = _load(path, args)
        except RecordError as e:
            worst = EXIT_USAGE
            results.append({"path": path, "dialect": None, "error": str(e), "problems": []})
            if not args.json:
                print(str(e), file=sys.stderr)
            continue
        problems = _filter(document_problems(doc), args)
        problems.sort(key=lambda p: (p.line if p.line is not None else 1 << 60, p.severity.rank))
        if any(p.severity is Severity.ERROR for p in problems) and worst == EXIT_OK:
            worst = EXIT_PROBLEMS
        results.append({"path": path, "dialect": doc.dialect.name,
                        "problems": [p.to_json() for p in problems]})
        if not args.json:
            for p in problems:
                print(p.format(path))
            counts = {s: sum(p.severity is s for p in problems) for s in Severity}
            print(f"{path}: {doc.dialect.name}, {_count(counts[Severity.ERROR], 'error')}, "
                  f"{_count(counts[Severity.WARNING], 'warning')}, {_count(counts[Severity.INFO], 'note')}")
    if args.json:
        print(json.dumps({"files": results}, indent=2))
    return worst


# --------------------------------------------------------------------------- convert

_TEXT_EXT = {".txt", ".pbtxt", ".prototxt", ".textproto", ".record"}
_BINARY_EXT = {".pb", ".bin", ".binpb", ".proto_bin"}
STDOUT = "-"  # -o -: standard output


def _output_format(output: str, to: str | None, otherwise: str) -> str:
    """"text" or "binary" for writing to `output`: `to` when given; for standard output, text;
    else by the file name's extension, and `otherwise` when it says nothing (convert: the
    other format than the input's; set: the file's own)."""
    if to is not None:
        return to
    if output == STDOUT:
        return "text"
    ext = Path(output).suffix.lower()
    return "text" if ext in _TEXT_EXT else "binary" if ext in _BINARY_EXT else otherwise


def _check_stdout(args, to: str) -> None:
    """Refuse `-o -` where the record and the JSON would share stdout, or binary to a terminal."""
    if args.output != STDOUT:
        return
    if args.json:
        raise UsageError("-o - writes the record to standard output; --json cannot share it "
                         "(write to a file to get the JSON report)")
    if to == "binary" and sys.stdout.isatty():
        raise UsageError("refusing to write a binary record to a terminal; redirect standard output "
                         "(or write text: --to text)")


def _write(doc: RecordDocument, output: str | None, binary: bool | None = None) -> str:
    """Save `doc` (to its own file when `output` is None), or write it to standard output for
    `-`; returns the name of where it went, for messages."""
    if output != STDOUT:
        return str(doc.save(output, binary=binary) if output is not None else doc.save())
    data = doc.encode_binary() if binary else doc.encode_text()
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    return "standard output"


def cmd_convert(args) -> int:
    to = _output_format(args.output, args.to, "?")
    _check_stdout(args, to)
    doc = _load(args.input, args)
    if to == "?":
        to = "text" if doc.binary else "binary"
    if args.drop_unsupported and not args.to_dialect:
        raise UsageError("--drop-unsupported only makes sense with --to-dialect")
    report = {"input": args.input, "output": args.output, "source_dialect": doc.dialect.name,
              **_reading_json(doc)}
    if not args.json:
        _report_reading(doc, args.input)
    out, dropped = doc, []
    if args.to_dialect and args.to_dialect != doc.dialect.name:
        try:
            out, dropped = doc.convert(args.to_dialect, drop_unsupported=args.drop_unsupported)
        except RecordError as e:  # the target lacks fields: a finding about the content
            if args.json:
                print(json.dumps({**report, "written": False, "error": f"not converted: {e}"}, indent=2))
            else:
                _err(f"{args.input}: not converted: {e}")
            return EXIT_PROBLEMS
    if not args.json:
        for d in dropped:
            print(f"dropped: {d}", file=sys.stderr)
        for x in out.explicit_defaults:
            print(f"explicit: {x.message}", file=sys.stderr)
    # canonical text (protobuf's own formatting, as AMCT writes it), or binary
    fresh = RecordDocument(out.message, out.dialect)
    shown = _write(fresh, args.output, binary=(to == "binary"))
    prune = len(fresh.message.prune_record) if fresh.dialect.has_prune else 0
    if args.json:
        print(json.dumps({**report, "written": True, "format": to, "dialect": fresh.dialect.name,
                          "records": len(fresh.message.record), "prune_records": prune,
                          "dropped": dropped, "explicit_defaults": [x.to_json() for x in out.explicit_defaults]},
                         indent=2))
    else:
        print(f"{shown}: {to}, {fresh.dialect.name}, {_count(len(fresh.message.record), 'record')}",
              file=sys.stderr)
    return EXIT_OK


# --------------------------------------------------------------------------- set

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


def cmd_set(args) -> int:
    if args.to is not None and args.output is None:
        raise UsageError("--to needs -o OUT (a file changed in place keeps its own format)")
    to = _output_format(args.output, args.to, "?") if args.output is not None else "?"
    _check_stdout(args, to)
    doc = _load(args.file, args)
    if to == "?":
        to = "binary" if doc.binary else "text"
    entries = doc.message.record
    matches = [i for i, e in enumerate(entries) if e.key == args.key]
    if not matches:
        close = difflib.get_close_matches(args.key, [e.key for e in entries], n=3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise UsageError(f"{args.file}: no layer with key {args.key!r}{hint}")
    if not args.json:
        _report_reading(doc, args.file)
        if len(matches) > 1:
            _err(f"warning: key {args.key!r} appears {len(matches)} times; setting the first "
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
              "fields": [c[0] if c[1] is None else f"{c[0]}[{c[1]}]" for c in changes], **_reading_json(doc),
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
            _err(f"{args.file}: nothing written: {problem.severity.value} [{problem.rule}] {why}")
        return EXIT_PROBLEMS
    target = _write(doc, args.output, binary=(to == "binary"))
    if args.json:
        print(json.dumps({**report, "output": target, "written": True, "format": to,
                          "forced": problem is not None}, indent=2))
    else:
        if problem is not None:
            _err(f"warning: written despite {problem.severity.value} [{problem.rule}] {problem.message} (--force)")
        print(f"{target}: set {_count(len(args.assignments), 'field')} of {args.key!r}", file=sys.stderr)
    return EXIT_OK


# --------------------------------------------------------------------------- diff


def cmd_diff(args) -> int:
    from editor.records.diff import diff_records

    if args.rtol < 0 or args.atol < 0:
        raise UsageError("tolerances cannot be negative")
    a = _load(args.a, args)
    b = RecordDocument.load(args.b, args.dialect_b or args.dialect, repair=args.repair)
    result = diff_records(a.message, b.message, rtol=args.rtol, atol=args.atol)
    if args.json:
        print(json.dumps({"a": args.a, "b": args.b, "dialect_a": a.dialect.name,
                          "dialect_b": b.dialect.name, **result.to_json()}, indent=2, default=str))
    else:
        print(f"A: {args.a} ({a.dialect.name})\nB: {args.b} ({b.dialect.name})")
        for line in result.lines():
            print(line)
    return EXIT_OK if result.equal else EXIT_PROBLEMS


# --------------------------------------------------------------------------- main


def run_gui(argv: list[str]) -> int:
    args = gui_parser().parse_args(argv)
    try:
        from editor.ui.app import run_gui as _run
    except ImportError as e:
        _err(f"the editor window is not available in this build ({e})")
        return EXIT_USAGE
    return _run(args.file, args.dialect, repair=args.repair)


def _mistyped_command(word: str) -> str | None:
    """The message for a first argument that is neither a command nor a file but looks like
    a command word (no path separator, no dot), else None."""
    if word.startswith("-") or "/" in word or os.sep in word or "." in word or os.path.lexists(word):
        return None
    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return (f"unknown command {word!r}{hint}; commands: {', '.join(SUBCOMMANDS)}. "
            f"To open a file in the editor, give its path (e.g. ./{word})")


def _not_written(args) -> dict:
    """`"written": false` for the commands that write (their JSON always says whether)."""
    return {"written": False} if args.command in ("convert", "set") else {}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in SUBCOMMANDS and argv[0] not in ("-h", "--help")):
        mistyped = _mistyped_command(argv[0]) if argv else None
        if mistyped is not None:
            _err(mistyped)
            return EXIT_USAGE
        return run_gui(argv)
    args = build_parser(json_errors="--json" in argv).parse_args(argv)
    handler = {"info": cmd_info, "check": cmd_check, "convert": cmd_convert, "set": cmd_set,
               "diff": cmd_diff}[args.command]
    try:
        return handler(args)
    except RecordError as e:
        if getattr(args, "json", False):  # scripts read stdout: the error comes as JSON too
            print(json.dumps({"path": e.path, "dialect": None, "error": str(e),
                              **_not_written(args)}, indent=2))
        else:
            print(str(e), file=sys.stderr)
        return EXIT_USAGE
    except UsageError as e:
        if getattr(args, "json", False):
            print(json.dumps({"error": str(e), **_not_written(args)}, indent=2))
        _err(str(e))
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
