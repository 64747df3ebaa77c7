"""`record-editor set FILE KEY FIELD=VALUE...`: a scripted edit of one layer; only that entry's
lines of the file change."""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass

from google.protobuf.descriptor import FieldDescriptor

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
from editor.records.dialects import Dialect
from editor.records.editing import RecordEditor
from editor.records.edits.assignments import assignment_command, plan_assignments
from editor.records.edits.check import EditCheck
from editor.records.edits.commands import EditCommand
from editor.records.messages import RecordMessage
from editor.records.paths import FieldPath, entry_field_text, in_entry
from editor.records.problems import quoted, shown_path
from editor.records.rules import CheckContext
from editor.records.values import coerce_value, parse_value


def _close_matches(word: str, known: list[str]) -> list[str]:
    """Up to three of `known` like `word` (a "did you mean"; difflib loads only for one)."""
    import difflib

    return difflib.get_close_matches(word, known)

def add_parser(sub: Subcommands) -> argparse.ArgumentParser:
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


@dataclass(frozen=True)
class Assignment:
    """One FIELD=VALUE as an edit of a layer entry: the field's path below the entry, the
    element index (FIELD[i]=) or None, and the value — a list for a whole vector, None to
    clear the field."""

    path: FieldPath
    index: int | None
    value: object

    @property
    def change(self) -> tuple[str, int | None, object]:
        """The edit as `rules.validate_changes` takes it (the field named relative to the
        entry, `value.` left out)."""
        return entry_field_text(self.path), self.index, self.value

    def command(self, editor: RecordEditor, entry: FieldPath = ()) -> EditCommand:
        """The edit as the window's edit command on the entry at `entry` of `editor`'s record
        (a copy of the entry itself when ()): `edits.assignments.assignment_command`."""
        return assignment_command(editor, entry + self.path, self.index, self.value)

    def apply(self, editor: RecordEditor, entry: FieldPath = ()) -> None:
        """Make the edit through `editor`, on the entry at `entry`."""
        self.command(editor, entry).apply()


def _field(entry: RecordMessage, dialect: Dialect, dotted: str) -> tuple[FieldPath, FieldDescriptor]:
    """The path of a FIELD below a layer entry (value fields named bare) and its descriptor;
    UsageError naming the field and the closest names when there is none."""
    path = in_entry(entry.DESCRIPTOR, dotted)
    msg = entry
    for name in path[:-1]:
        fd = msg.DESCRIPTOR.fields_by_name.get(str(name))
        if fd is None or fd.message_type is None or fd.is_repeated:
            raise UsageError(translate("cli", "{path}: {name} is not a sub-message of {message}").format(
                path=dotted, name=repr(name), message=msg.DESCRIPTOR.name))
        msg = getattr(msg, str(name))
    fd = msg.DESCRIPTOR.fields_by_name.get(str(path[-1]))
    if fd is None or fd.message_type is not None:
        known = sorted(f.name for f in msg.DESCRIPTOR.fields if f.message_type is None)
        close = _close_matches(str(path[-1]), known)
        hint = (translate("cli", "; did you mean {names}?").format(names=", ".join(close)) if close
                else translate("cli", "; fields: {names}").format(names=", ".join(known)))
        raise UsageError(translate("cli", "{message} ({dialect}) has no value field {name}{hint}").format(
            message=msg.DESCRIPTOR.name, dialect=dialect.name, name=repr(path[-1]), hint=hint))
    return path, fd


def parse_assignment(entry: RecordMessage, dialect: Dialect, text: str) -> Assignment:
    """One FIELD=VALUE, FIELD[INDEX]=VALUE or FIELD=V1,V2,... of `set`, checked against
    `entry` as it stands; UsageError says what is wrong."""
    m = _ASSIGN.match(text)
    if m is None:
        raise UsageError(translate("cli", "{text}: write FIELD=VALUE, FIELD[INDEX]=VALUE or FIELD=V1,V2,...").format(
            text=repr(text)))
    dotted, index, raw = m.group(1), m.group(2), m.group(3)
    path, fd = _field(entry, dialect, dotted)
    try:
        if index is not None:
            if not fd.is_repeated:
                raise UsageError(translate("cli", "{name} is not a repeated field; write {name}={value}").format(
                    name=fd.name, value=raw))
            i = int(index)
            n = RecordEditor(entry).element_count(path)
            if i >= n:
                raise UsageError(translate("cli", "{name}[{index}]: the layer has {count} {name} values (indices "
                                           "0..{last})").format(name=fd.name, index=i, count=n, last=n - 1))
            return Assignment(path, i, coerce_value(fd, parse_value(fd, raw)))
        if fd.is_repeated:
            items = [] if raw.strip() == "" else [coerce_value(fd, parse_value(fd, x)) for x in raw.split(",")]
            return Assignment(path, None, items)
        if raw == "":
            return Assignment(path, None, None)
        return Assignment(path, None, coerce_value(fd, parse_value(fd, raw)))
    except ValueError as e:
        raise UsageError(str(e)) from None


def run(args: argparse.Namespace) -> int:
    if args.to is not None and args.output is None:
        raise UsageError(translate("cli", "--to needs -o OUT (a file changed in place keeps its own format)"))
    to = output_format(args.output, args.to, "?") if args.output is not None else "?"
    check_stdout(args, to)
    doc = load(args.file, args, edit=True)
    if to == "?":
        to = "binary" if doc.binary else "text"
    entries = doc.message.record
    matches = [i for i, e in enumerate(entries) if e.key == args.key]
    if not matches:
        close = _close_matches(args.key, [e.key for e in entries])
        hint = translate("cli", "; did you mean {names}?").format(
            names=", ".join(quoted(c) for c in close)) if close else ""
        raise UsageError(translate("cli", "{path}: no layer with key {key}{hint}").format(
            path=shown_path(args.file), key=repr(args.key), hint=hint))
    if not args.json:
        report_reading(doc, args.file)
        if len(matches) > 1:
            err(translate("cli", "warning: key {key} appears {count} times; setting the first (the one AMCT "
                          "uses)").format(key=repr(args.key), count=len(matches)))
    index = matches[0]
    # each assignment is read against the entry as the ones before it left it (a copy)
    scratch = type(entries[index])()
    scratch.CopyFrom(entries[index])
    on_scratch = RecordEditor(scratch)
    edits = []
    for text in args.assignments:
        edit = parse_assignment(scratch, doc.dialect, text)
        edit.apply(on_scratch)
        edits.append(edit)
    changes = [e.change for e in edits]
    # the edit commands the window would push for these edits, as one step, and the window's
    # one check of it against the file as read
    editor = RecordEditor(doc.message)
    step = plan_assignments(editor, ("record", index), [(e.path, e.index, e.value) for e in edits])
    problem = EditCheck(editor, doc.dialect, CheckContext.build(doc.message, doc.dialect)).validate(step)
    report = {"path": args.file, "dialect": doc.dialect.name, "key": args.key, "record_index": index,
              "fields": [c[0] if c[1] is None else f"{c[0]}[{c[1]}]" for c in changes], **reading_json(doc),
              "rule_error": problem.to_json() if problem is not None else None}
    # a key set to nothing leaves a layer no one can address, AMCT included: never written
    empty_key = any(field == "key" for field, _, _ in changes) and not scratch.key
    if problem is not None and (not args.force or empty_key):
        why = problem.message + (translate("cli", "; a layer key cannot be empty, even with --force") if empty_key
                                 else translate("cli", "; --force writes it anyway"))
        nothing = translate("cli", "nothing written: {severity} [{rule}] {why}").format(
            severity=problem.severity.value, rule=problem.rule, why=why)
        if args.json:
            print_json({**report, "output": None, "written": False, "error": nothing})
        else:
            err(f"{shown_path(args.file)}: {nothing}")
        return EXIT_PROBLEMS
    step.apply()
    target = write_record(doc, args.output, binary=(to == "binary"), force=args.force)
    if args.json:
        print_json({**report, "output": target, "written": True, "format": to,
                     "forced": problem is not None})
    else:
        if problem is not None:
            err(translate("cli", "warning: written despite {severity} [{rule}] {message} (--force)").format(
                severity=problem.severity.value, rule=problem.rule, message=problem.message))
        fields = plural(len(args.assignments), translate("cli", "{n} field"), translate("cli", "{n} fields"))
        print(translate("cli", "{path}: set {fields} of {key}").format(
            path=shown_path(target), fields=fields, key=repr(args.key)), file=sys.stderr)
    return EXIT_OK
