"""The command line's argument parsing: parsers sized to the terminal, the usage error,
and the options every command takes (--lang, --dialect, --repair)."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn, TypeAlias

from editor.cli._reporting import print_json
from editor.records.dialects import DIALECTS


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
        stdout = sys.__stdout__  # None under pythonw
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns if stdout is not None else 0
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

    # the arguments are ArgumentParser's, passed on as given: argparse's subcommands make their
    # parsers with keywords that differ between Python versions
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)


#: the subcommands of a `Parser` (``parser.add_subparsers()``): each command's module adds its
#: own parser to it (``add_parser(sub)``)
Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"
#: what options are added to: a parser, or a group of its options (mutually exclusive ones)
Arguments: TypeAlias = argparse._ActionsContainer


class JsonErrorParser(Parser):
    """For a command line with --json: argparse's usage errors also come as JSON on stdout
    (then as usual on stderr, exit 2), so a script reading stdout always gets an object."""

    def error(self, message: str) -> NoReturn:
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
