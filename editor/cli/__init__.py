"""`record-editor`: the editor (default) and subcommands for scripts and CI.

One module per command (`info`, `check`, `convert`, `edit` for `set`, `diff`, `refit`, `analyze`,
`report`), each with
`add_parser(subparsers)` and `run(args) -> exit code`. What they share: `_args` (parsing),
`_reporting` (exit codes, messages, --json), `_record_io` (reading the record, writing it).
Exit codes: 0 = fine, 1 = problems or differences found, 2 = usage error or unreadable input.
`--json` prints machine-readable output on stdout, failures included (an object with "error").
`-o -` (convert, set) writes the record to standard output.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, NoReturn, TypedDict

from editor.cli._args import JsonErrorParser, Parser, UsageError
from editor.cli._reporting import EXIT_OK, EXIT_USAGE, err, print_json
from editor.i18n import translate
from editor.records.dialects import DIALECTS
from editor.records.document import FileChangedError
from editor.records.errors import RecordError
from editor.records.problems import shown_path

if TYPE_CHECKING:  # at run time loaded when asked for (`__getattr__`)
    from editor.cli.check import document_problems

__all__ = ["SUBCOMMANDS", "build_parser", "document_problems", "gui_main", "gui_parser", "main", "run_gui",
           "version_text"]

#: command word -> the name of its module. A run imports only its own command's module:
#: some bring numpy, the model readers or the comparison engine, which `info` does not need.
COMMANDS = {"info": "info", "check": "check", "convert": "convert", "set": "edit", "diff": "diff",
            "refit": "refit", "analyze": "analyze", "report": "report"}
SUBCOMMANDS = tuple(COMMANDS)
#: the commands that may write over the file they read: (its argument, the output's);
#: in place (no output, or the same file) they hold the file's exclusive lock from before
#: the read to after the write, so that two of them (two `set`s) take turns
WRITE_IN_PLACE = {"set": ("file", "output"), "refit": ("file", "output"), "convert": ("input", "output")}
#: commands run again from the start, at most this many times in all, when the file they
#: change in place was saved by a program that takes no lock (AMCT) between their read and
#: their write: each run reads, edits and writes the file whole, so running again applies
#: the same edits to the new version — as if the command had started after that save
RERUN_WHEN_CHANGED = {"set": 20}


def command_module(word: str) -> ModuleType:
    """The module of the command `word` (imported on first use)."""
    return importlib.import_module(f"editor.cli.{COMMANDS[word]}")


#: a command's `run(args) -> exit code`
Handler = Callable[[argparse.Namespace], int]


def __getattr__(name: str) -> object:
    if name == "document_problems":  # kept importable from here, loaded when asked for
        return command_module("check").document_problems
    raise AttributeError(name)


def build_parser(json_errors: bool = False, only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or with `only`, just that one (what a run of
    that command needs)."""
    parser = (JsonErrorParser if json_errors else Parser)(
        prog="record-editor",
        description="View, check, edit and convert Ascend AMCT quantization/sparsity record files. "
                    "Without a subcommand, opens the editor window.",
        epilog="Exit codes: 0 fine, 1 problems or differences found, 2 usage error or unreadable input.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for word in (only,) if only is not None else COMMANDS:
        command_module(word).add_parser(sub)
    return parser


def gui_parser() -> argparse.ArgumentParser:
    p = Parser(prog="record-editor", description="Open the editor window "
                                "(the bundled sample when no FILE is given). Subcommands: "
                                + ", ".join(SUBCOMMANDS) + " (see record-editor COMMAND --help).")
    p.add_argument("file", nargs="?")
    p.add_argument("-V", "--version", action="version", version=version_text())
    p.add_argument("--install-desktop", action="store_true",
                   help="install the Linux desktop entry, the record MIME types and the icon for this user "
                        "(under $XDG_DATA_HOME, by default ~/.local/share) and exit")
    p.add_argument("--dialect", choices=list(DIALECTS))
    p.add_argument("--repair", action="store_true",
                   help="open FILE with the documentation-artefact repair (each change is listed)")
    p.add_argument("--model", metavar="MODEL",
                   help="attach the network FILE belongs to once it is open (ONNX .onnx, Caffe .prototxt, "
                        "TensorFlow frozen .pb/.pbtxt): the model rules and the weights review")
    p.add_argument("--weights", metavar="WEIGHTS", help="with a Caffe .prototxt: its .caffemodel")
    p.add_argument("--compare", metavar="B",
                   help="compare FILE with record B, opened read-only beside it (File > Compare With…)")
    return p


class _WindowOptions(TypedDict, total=False):
    """What `run_gui` passes on to the window only when given."""

    model: str
    weights: str | None
    compare: str


def run_gui(argv: list[str]) -> int:
    parser = gui_parser()
    args = parser.parse_args(argv)
    if args.weights is not None and args.model is None:
        parser.error("--weights needs --model (the .prototxt the weights belong to)")
    try:
        from editor.ui.app import run_gui as _run
    except ImportError as e:
        err(f"the editor window is not available in this build ({e})")
        return EXIT_USAGE
    extra: _WindowOptions = {"model": args.model, "weights": args.weights} if args.model is not None else {}
    if args.compare:
        extra["compare"] = args.compare
    return _run(args.file, args.dialect, repair=args.repair, **extra)


def _mistyped_command(word: str) -> str | None:
    """The message for a first argument that is neither a command nor a file but looks like
    a command word (no path separator, no dot), else None."""
    if word.startswith("-") or "/" in word or os.sep in word or "." in word or os.path.lexists(word):
        return None
    import difflib

    close = difflib.get_close_matches(word, SUBCOMMANDS, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return (f"unknown command {word!r}{hint}; commands: {', '.join(SUBCOMMANDS)}. "
            f"To open a file in the editor, give its path (e.g. ./{word})")


def _not_written(args: argparse.Namespace) -> dict[str, bool]:
    """`"written": false` for the commands that write (their JSON always says whether)."""
    return {"written": False} if args.command in ("convert", "set", "refit") else {}


def _tolerant_streams() -> None:
    """Make stdout and stderr escape what their encoding cannot write (a file name with bytes
    that are not UTF-8, under a strict UTF-8 terminal) instead of failing with a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure") and getattr(stream, "errors", "strict") == "strict":
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot change: leave it
                stream.reconfigure(errors="backslashreplace")


class Terminated(BaseException):
    """SIGTERM arrived: unwound like Ctrl+C, so that a save under way removes its temporary
    file and leaves the original as it was."""


def _terminate(signum: int, _frame: FrameType | None) -> NoReturn:
    raise Terminated(signum)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _tolerant_streams()
    if argv and argv[0] in SUBCOMMANDS and threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, _terminate)
        try:
            return _main(argv)
        finally:
            signal.signal(signal.SIGTERM, previous)
    return _main(argv)


def _choose_language(code: str | None) -> None:
    """Speak `code` (--lang), else what RECORD_EDITOR_LANG asks for, else English. A value of
    the variable the editor does not know is said and passed over: it is set for a whole
    session, a script should not fail for it."""
    from editor import i18n

    if code is None:
        try:
            code = i18n.language_from_environment()
        except ValueError as e:
            err(f"{i18n.LANGUAGE_ENV}={e} is not a language the editor speaks "
                f"({', '.join(i18n.LANGUAGES)}); messages stay in English")
    i18n.set_language(code or i18n.SOURCE_LANGUAGE)


def _in_place(args: argparse.Namespace) -> str | None:
    """The file the command will write over, if it will (see WRITE_IN_PLACE)."""
    names = WRITE_IN_PLACE.get(args.command)
    if names is None:
        return None
    source, output = getattr(args, names[0], None), getattr(args, names[1], None)
    if not isinstance(source, str) or source == "-":
        return None
    if output is None or output == source or os.path.realpath(output) == os.path.realpath(source):
        return source
    return None


def _run(handler: Handler, args: argparse.Namespace) -> int:
    """`handler(args)`, under its file's lock (WRITE_IN_PLACE), and run again as
    RERUN_WHEN_CHANGED says when its file changed on disk."""
    from editor.records.filelock import LockTimeout, hold

    runs = RERUN_WHEN_CHANGED.get(args.command, 1)
    target = _in_place(args)
    for run in range(1, runs + 1):
        try:
            if target is None:
                return handler(args)
            with contextlib.ExitStack() as stack:
                try:
                    stack.enter_context(hold(target, exclusive=True))
                except LockTimeout as e:
                    raise RecordError(translate("cli", "not changed: {reason}").format(reason=e.strerror),
                                      target) from None
                except OSError:
                    pass  # cannot be opened: the command's read says why
                return handler(args)
        except FileChangedError as e:
            if run == runs:
                raise
            err(translate("cli", "{path} changed on disk while {command} ran (another program saved it); "
                          "applying the edits again to the new version").format(
                path=shown_path(e.path or ""), command=args.command))
    raise AssertionError("unreachable")


def version_text() -> str:
    """``record-editor 0.1.0`` (what --version prints)."""
    from editor import __version__

    return f"record-editor {__version__}"


def gui_main() -> int:
    """The window's launcher without a console (``[project.gui-scripts]``: on Windows,
    ``record-editor-gui.exe`` runs under pythonw, where standard output goes nowhere):
    the editor with the files given, never a subcommand."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # pythonw: no console; messages are dropped, not fatal
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (lives as long as the process)
    return run_gui(sys.argv[1:])


def _main(argv: list[str]) -> int:
    if argv and argv[0] in ("--version", "-V"):
        print(version_text())
        return EXIT_OK
    if argv and argv[0] == "--install-desktop":
        from editor.desktop import install

        for path in install():
            print(path)
        return EXIT_OK
    if not argv or (argv[0] not in SUBCOMMANDS and argv[0] not in ("-h", "--help")):
        mistyped = _mistyped_command(argv[0]) if argv else None
        if mistyped is not None:
            err(mistyped)
            return EXIT_USAGE
        return run_gui(argv)
    only = argv[0] if argv[0] in SUBCOMMANDS else None  # -h/--help lists every command
    parser = build_parser(json_errors="--json" in argv, only=only)
    args, rest = parser.parse_known_args(argv)
    if rest:
        # a command whose positional arguments may also follow its options (refit FILE
        # --model M KEY) takes them; anything else is what argparse would refuse
        take: Callable[[argparse.Namespace, list[str]], None] | None = getattr(
            command_module(args.command), "take_positionals", None)
        unknown = rest if take is None else [x for x in rest if x.startswith("-")]
        if unknown or take is None:
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        take(args, rest)
    _choose_language(getattr(args, "lang", None))
    handler: Handler = command_module(args.command).run
    try:
        return _run(handler, args)
    except RecordError as e:
        if getattr(args, "json", False):  # scripts read stdout: the error comes as JSON too
            print_json({"path": e.path, "dialect": None, "error": str(e), **_not_written(args),
                        **({"damaged": True} if getattr(e, "damaged", False) else {})})
        else:
            print(str(e), file=sys.stderr)
        return EXIT_USAGE
    except UsageError as e:
        if getattr(args, "json", False):
            print_json({"error": str(e), **_not_written(args)})
        err(str(e))
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
    except Terminated:
        return 128 + signal.SIGTERM


if __name__ == "__main__":
    sys.exit(main())
