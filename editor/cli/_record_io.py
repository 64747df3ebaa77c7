"""Reading a record for a command, and writing the result to a file or to standard output."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.cli._args import UsageError
from editor.i18n import translate
from editor.records.document import ReadOnlyError, RecordDocument
from editor.records.errors import RecordError
from editor.records.problems import shown_path


def load(path: str, args: argparse.Namespace, *, edit: bool = False, stream: bool = False) -> RecordDocument:
    """Read `path` with the --dialect and --repair the command line gave; `edit` for a
    document that will be changed and saved (it keeps a copy of the record as read);
    `stream` for one that is only read and reported on (a big file is read in pieces)."""
    doc = RecordDocument.load(path, args.dialect, repair=args.repair, keep_original=edit,
                              stream=stream and not edit)
    for note in doc.notes:  # an interrupted save finished (or set aside) on the way: said, on stderr
        print(f"{shown_path(path)}: {note}", file=sys.stderr)
    return doc


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


def check_stdout(args: argparse.Namespace, to: str) -> None:
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
