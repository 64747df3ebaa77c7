"""What the commands share: exit codes, errors, reading a file, reporting, writing output."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from editor.i18n import translate
from editor.records.dialects import DIALECTS
from editor.records.document import ReadOnlyError, RecordDocument, RecordError
from editor.records.problems import shown_path

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A mistake in the command line itself (exit 2)."""


def terminal_width() -> int:
    """The terminal's columns as `shutil.get_terminal_size` finds them: ``$COLUMNS``, else
    standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Formatter(argparse.HelpFormatter):
    """argparse's help formatter, sized without importing shutil: argparse makes one for every
    argument it adds (to check its metavar), and shutil's import (~3 ms, with bz2 and lzma)
    was a tenth of a small `info`'s whole run."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_width() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """The command line's parsers (the subcommands' too): `Formatter` unless told otherwise."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)


class JsonErrorParser(Parser):
    """For a command line with --json: argparse's usage errors also come as JSON on stdout
    (then as usual on stderr, exit 2), so a script reading stdout always gets an object."""

    def error(self, message: str):
        print_json({"error": f"{self.prog}: error: {message}"})
        sys.stdout.flush()
        super().error(message)


def language_arg(value: str) -> str:
    """--lang's value as a language code (``zh_CN``, ``zh-CN``, ``zh``, ``en``…)."""
    from editor.i18n import LANGUAGES, normalize

    code = normalize(value)
    if code is None:
        raise argparse.ArgumentTypeError(f"unknown language {value!r} (known: {', '.join(LANGUAGES)})")
    return code


def add_common(p: argparse.ArgumentParser) -> None:
    """--dialect, --repair and --lang, which every command takes (the first two the editor form too)."""
    p.add_argument("--lang", type=language_arg, metavar="LANG",
                   help="language of the messages: en (the default) or zh_CN; or set RECORD_EDITOR_LANG. "
                        "--json keys, rule ids and field names stay as they are")
    p.add_argument("--dialect", choices=list(DIALECTS), help="read with this dialect instead of detecting it")
    p.add_argument("--repair", action="store_true",
                   help="fix artefacts of pasted documentation examples (// comments, quoted text "
                        "broken over lines) and report each change")


def load(path: str, args, *, edit: bool = False, stream: bool = False) -> RecordDocument:
    """Read `path` with the --dialect and --repair the command line gave; `edit` for a
    document that will be changed and saved (it keeps a copy of the record as read);
    `stream` for one that is only read and reported on (a big file is read in pieces)."""
    doc = RecordDocument.load(path, args.dialect, repair=args.repair, keep_original=edit,
                              stream=stream and not edit)
    for note in doc.notes:  # an interrupted save finished (or set aside) on the way: said, on stderr
        print(f"{shown_path(path)}: {note}", file=sys.stderr)
    return doc


def print_json(report: object) -> None:
    """Print a --json report on standard output (json imported here: only --json needs it)."""
    import json

    print(json.dumps(report, indent=2))


def err(msg: str) -> None:
    print(f"record-editor: {msg}", file=sys.stderr)


def plural(n: int, one: str, many: str) -> str:
    """`one` or `many` (translated templates with ``{n}``) for `n`, filled with ``1,234``:
    ``plural(n, translate("cli", "{n} layer"), translate("cli", "{n} layers"))``."""
    return (one if n == 1 else many).format(n=f"{n:,}")


def count(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``, ``0 notes``."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def repeated_value_counts(doc: RecordDocument) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in doc.message.record:
        for fd, value in entry.value.ListFields():
            if fd.is_repeated and fd.cpp_type != fd.CPPTYPE_STRING:
                counts[fd.name] = counts.get(fd.name, 0) + len(value)
    return counts


def per_channel_scale_w(doc: RecordDocument) -> tuple[int, int]:
    """(scale_w values, layers) of the per-channel layers: those with more than one scale_w
    (a single value is per-tensor)."""
    lengths = [len(e.value.scale_w) for e in doc.message.record if len(e.value.scale_w) > 1]
    return sum(lengths), len(lengths)


def report_reading(doc: RecordDocument, path: str) -> None:
    """Every repair and reading problem (overrides, duplicate keys…) on stderr, one a line,
    as FILE:LINE: — a command that writes never passes over them silently."""
    for r in doc.repairs:
        print(r.format(path), file=sys.stderr)
    for p in doc.problems:
        if p.rule != "repaired":  # the repairs, listed above
            print(p.format(path), file=sys.stderr)


def reading_json(doc: RecordDocument) -> dict:
    return {"repairs": [{"line": r.line, "message": r.message} for r in doc.repairs],
            "problems": [p.to_json() for p in doc.problems if p.rule != "repaired"]}


TEXT_EXT = {".txt", ".pbtxt", ".prototxt", ".textproto", ".record"}
BINARY_EXT = {".pb", ".bin", ".binpb", ".proto_bin"}
STDOUT = "-"  # -o -: standard output


def output_format(output: str, to: str | None, otherwise: str) -> str:
    """"text" or "binary" for writing to `output`: `to` when given; for standard output, text;
    else by the file name's extension, and `otherwise` when it says nothing (convert: the
    other format than the input's; set: the file's own)."""
    if to is not None:
        return to
    if output == STDOUT:
        return "text"
    ext = Path(output).suffix.lower()
    return "text" if ext in TEXT_EXT else "binary" if ext in BINARY_EXT else otherwise


def check_stdout(args, to: str) -> None:
    """Refuse `-o -` where the record and the JSON would share stdout, or binary to a terminal."""
    if args.output != STDOUT:
        return
    if args.json:
        raise UsageError(translate("cli", "-o - writes the record to standard output; --json cannot share it "
                                   "(write to a file to get the JSON report)"))
    if to == "binary" and sys.stdout.isatty():
        raise UsageError(translate("cli", "refusing to write a binary record to a terminal; redirect standard "
                                   "output (or write text: --to text)"))


def write_record(doc: RecordDocument, output: str | None, binary: bool | None = None,
                 force: bool | None = None) -> str:
    """Save `doc` (to its own file when `output` is None), or write it to standard output for
    `-`; returns the name of where it went, for messages. A read-only file is overwritten
    only with `force` (None: the command has no --force to offer). Writing over the file
    `doc` was read from replaces only the version read: FileChangedError (nothing written)
    when another program saved it meanwhile."""
    if output != STDOUT:
        try:
            # adopt=False: the command ends here, the written text need not stay in memory
            return str(doc.save(output, binary=binary, force=bool(force), adopt=False))
        except ReadOnlyError as e:
            hint = translate("cli", " (--force overwrites it)") if force is not None else ""
            raise RecordError(e.message + hint, e.path) from None
    sys.stdout.flush()
    if binary:
        sys.stdout.buffer.write(doc.encode_binary())
    else:
        doc.write_text(sys.stdout.buffer)  # verified part by part, never held whole
    sys.stdout.buffer.flush()
    return "standard output"
