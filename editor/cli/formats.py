"""Machine formats for CI: SARIF 2.1.0, JUnit XML and GitHub workflow annotations.

The commands gather what they found as `FileResult`s (a record file: its problems, or why it
could not be read) or as `Case`s (one named check with a verdict: a layer of `analyze`, a
layer of `diff`), and these functions write them:

- `sarif`: one run; the rule catalogue (AMCT's rules, the reading rules, ``read-error``) as
  ``tool.driver.rules`` with their help text, each problem a result with its level
  (error/warning/note) and physical location (file, line, column), the layer as a logical
  location. Valid against the SARIF 2.1.0 schema (tests/data/schemas).
- `junit`: a ``<testsuites>`` with a ``<testsuite>`` per record file and a ``<testcase>`` per
  rule that applies to it, failing where the rule finds an error; warnings and notes go to
  the suite's ``system-out``. Valid against Apache Ant's JUnit schema, which CI dashboards read.
- `github`: ``::error file=F,line=L,col=C,title=RULE::message`` lines (``warning``, ``notice``),
  escaped as GitHub's workflow commands require.

Nothing here imports numpy or Qt; `json` and `xml` only when their format is asked for.
"""
from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from editor import __version__
from editor.cli._args import Arguments
from editor.i18n import translate
from editor.records.problems import READING_RULES, Problem, Severity

FORMATS = ("text", "json", "sarif", "junit", "github")
#: the rule id of a file that could not be read (SARIF, JUnit, GitHub)
READ_ERROR = "read-error"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
_GITHUB = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


class SarifText(TypedDict):
    """A SARIF message string object."""

    text: str


class SarifDefault(TypedDict):
    """A SARIF reportingConfiguration: the level a rule reports at."""

    level: str


class SarifRule(TypedDict):
    """A SARIF reportingDescriptor: one rule of the catalogue (``tool.driver.rules``)."""

    id: str
    name: str
    shortDescription: SarifText
    fullDescription: SarifText
    help: SarifText
    defaultConfiguration: SarifDefault


@dataclass
class FileResult:
    """One record file as a command saw it: its problems, or the error that stopped its reading
    (`error`, with `line`/`column` where the reader knows them). `rules`: the rule ids that
    applied to it (its dialect's; the ``model-`` ones with a model), for JUnit's test cases."""

    path: str
    dialect: str | None
    problems: list[Problem] = field(default_factory=list)
    error: str | None = None
    line: int | None = None
    column: int | None = None
    rules: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class Case:
    """One named check with a verdict (a layer of `analyze` or `diff`): failed with `message`
    (None: passed), at `line` of `path` where known, with `severity` for SARIF and GitHub."""

    suite: str
    name: str
    message: str | None
    path: str
    line: int | None = None
    severity: Severity = Severity.ERROR
    rule: str = ""
    detail: str = ""


def add_format_arg(p: Arguments, formats: Sequence[str] = FORMATS, extra_help: str = "") -> None:
    """--format FMT (and --json, kept as its alias) on a command's parser."""
    p.add_argument("--format", choices=list(formats), default=None, metavar="FMT",
                   help="output format: " + ", ".join(formats) + " (sarif: SARIF 2.1.0 for code scanning; junit: "
                        "JUnit XML for test dashboards; github: GitHub workflow annotations)" + extra_help)


def output_format(args: argparse.Namespace) -> str:
    """The format asked for: --format, else json with --json, else text."""
    fmt: str | None = getattr(args, "format", None)
    if fmt is not None:
        return fmt
    return "json" if getattr(args, "json", False) else "text"


# --------------------------------------------------------------------------- where

def uri(path: str) -> str:
    """A SARIF artifact URI: a relative path as a relative reference (forward slashes,
    percent-encoded), an absolute one as a file: URI."""
    from urllib.parse import quote

    p = Path(path)
    if p.is_absolute():
        return p.as_uri()
    return quote(p.as_posix(), safe="/")


def _rule_catalogue(ids_seen: Iterable[str], extra: Sequence[SarifRule] = ()) -> list[SarifRule]:
    """Every rule the engine knows, the reading rules, read-error, the command's own rules
    (`extra`, SARIF reportingDescriptor objects) and any other id seen."""
    from editor.records import rules

    out: list[SarifRule] = []
    seen: set[str] = set()

    def add(rule_id: str, description: str, level: str, full: str | None = None) -> None:
        if rule_id in seen:
            return
        seen.add(rule_id)
        out.append({"id": rule_id, "name": rule_id,
                    "shortDescription": {"text": description},
                    "fullDescription": {"text": full or description},
                    "help": {"text": full or description},
                    "defaultConfiguration": {"level": level}})

    for r in rules.RULES.values():
        description = translate("rule-descriptions", r.description)
        levels = " / ".join(s.value for s in r.severities)
        dialects = ", ".join(sorted(r.dialects))
        full = translate("cli", "{description} (severity: {levels}; dialects: {dialects}; see docs/RECORD-FORMAT.md "
                         "§7)").format(description=description, levels=levels, dialects=dialects)
        add(r.id, description, _LEVELS[r.severity], full)
    for rule_id, text in READING_RULES.items():
        add(rule_id, text, "warning")
    add(READ_ERROR, translate("cli", "the file could not be read as a record (it names the line and column)"),
        "error")
    for rule in extra:
        if rule["id"] not in seen:
            seen.add(rule["id"])
            out.append(rule)
    for rule_id in ids_seen:
        add(rule_id, rule_id, "warning")
    return out


# --------------------------------------------------------------------------- SARIF

def _location(path: str, line: int | None, column: int | None, key: str | None = None) -> dict[str, object]:
    physical: dict[str, object] = {"artifactLocation": {"uri": uri(path)}}
    if line is not None:
        region = {"startLine": line}
        if column is not None:
            region["startColumn"] = column
        physical["region"] = region
    loc: dict[str, object] = {"physicalLocation": physical}
    if key:
        loc["logicalLocations"] = [{"name": key, "kind": "object"}]
    return loc


def sarif(files: Sequence[FileResult], cases: Sequence[Case] = (), extra_rules: Sequence[SarifRule] = ()
          ) -> dict[str, object]:
    """The SARIF 2.1.0 log of `files` (and failed `cases`) as a JSON-ready dict."""
    ids = [p.rule for f in files for p in f.problems] + [c.rule for c in cases if c.rule]
    catalogue = _rule_catalogue(ids, extra_rules)
    index = {r["id"]: i for i, r in enumerate(catalogue)}
    results: list[dict[str, object]] = []
    artifacts: list[dict[str, object]] = []
    seen_paths: dict[str, int] = {}

    def artifact(path: str) -> int:
        if path not in seen_paths:
            seen_paths[path] = len(artifacts)
            artifacts.append({"location": {"uri": uri(path)}})
        return seen_paths[path]

    for f in files:
        artifact(f.path)
        if f.error is not None:
            results.append({"ruleId": READ_ERROR, "ruleIndex": index[READ_ERROR], "level": "error",
                            "message": {"text": f.error}, "locations": [_location(f.path, f.line, f.column)]})
        for p in f.problems:
            results.append({"ruleId": p.rule, "ruleIndex": index[p.rule], "level": _LEVELS[p.severity],
                            "message": {"text": p.message},
                            "locations": [_location(f.path, p.line, p.column, p.key)]})
    for c in cases:
        if c.message is None:
            continue
        artifact(c.path)
        results.append({"ruleId": c.rule, "ruleIndex": index[c.rule], "level": _LEVELS[c.severity],
                        "message": {"text": c.message}, "locations": [_location(c.path, c.line, None, c.name)]})
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "record-editor", "fullName": "AMCT Record Editor",
                                          "version": __version__, "semanticVersion": __version__,
                                          "rules": catalogue}},
                      "artifacts": artifacts, "results": results, "columnKind": "unicodeCodePoints"}]}


# --------------------------------------------------------------------------- JUnit

def _timestamp() -> str:
    """Now in UTC as the JUnit schema wants it (SOURCE_DATE_EPOCH, where set, for
    reproducible output)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        when = float(epoch) if epoch else time.time()
    except ValueError:
        when = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(when))


def _hostname() -> str:
    import socket

    try:
        return socket.gethostname() or "localhost"
    except OSError:
        return "localhost"


def _xml_text(text: str) -> str:
    """Text an XML 1.0 document may hold: characters XML forbids (most control characters)
    written as \\xNN."""
    return "".join(c if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd")
                   or c >= "\U00010000" else f"\\x{ord(c):02x}" for c in text)


def junit(files: Sequence[FileResult], cases: Sequence[Case] = (), name: str = "record-editor check") -> str:
    """JUnit XML: a test suite per record file (per suite of `cases`), a test case per rule."""
    from xml.etree import ElementTree as ET

    root = ET.Element("testsuites")
    stamp, host = _timestamp(), _hostname()
    suites: list[tuple[str, list[tuple[str, str, str | None, str | None]], list[str], float]] = []
    for f in files:
        tests: list[tuple[str, str, str | None, str | None]] = []  # (name, classname, failure, error)
        out: list[str] = []
        if f.error is not None:
            where = f.path + (f":{f.line}" if f.line is not None else "") + (
                f":{f.column}" if f.line is not None and f.column is not None else "")
            tests.append((READ_ERROR, f.path, None, f"{where}: {f.error}"))
        else:
            by_rule: dict[str, list[Problem]] = {}
            for p in f.problems:
                by_rule.setdefault(p.rule, []).append(p)
            for rule_id in dict.fromkeys([*f.rules, *by_rule]):
                found = by_rule.get(rule_id, [])
                errors = [p for p in found if p.severity is Severity.ERROR]
                failure = "\n".join(p.format(f.path) for p in errors) if errors else None
                tests.append((rule_id, f.path, failure, None))
                out.extend(p.format(f.path) for p in found if p.severity is not Severity.ERROR)
        suites.append((f.path, tests, out, f.seconds))
    by_suite: dict[str, list[Case]] = {}
    for c in cases:
        by_suite.setdefault(c.suite, []).append(c)
    for suite, members in by_suite.items():
        tests = [(c.name, c.path, (c.message + (f"\n{c.detail}" if c.detail else "")) if c.message is not None
                  and c.severity is Severity.ERROR else None, None) for c in members]
        out = [f"{c.name}: {c.message}" for c in members if c.message is not None and c.severity is not Severity.ERROR]
        suites.append((suite, tests, out, 0.0))
    for k, (suite_name, tests, out, seconds) in enumerate(suites):
        n_failures = sum(1 for t in tests if t[2] is not None)
        n_errors = sum(1 for t in tests if t[3] is not None)
        s = ET.SubElement(root, "testsuite", {
            "name": _xml_text(suite_name), "package": name, "id": str(k), "timestamp": stamp, "hostname": host,
            "tests": str(len(tests)), "failures": str(n_failures), "errors": str(n_errors), "skipped": "0",
            "time": f"{seconds:.3f}"})
        ET.SubElement(s, "properties")
        for test_name, classname, failure, error in tests:
            case = ET.SubElement(s, "testcase", {"name": _xml_text(test_name), "classname": _xml_text(classname),
                                                 "time": "0"})
            if failure is not None:
                first = failure.splitlines()[0] if failure else ""
                el = ET.SubElement(case, "failure", {"message": _xml_text(first[:500]), "type": "error"})
                el.text = _xml_text(failure)
            elif error is not None:
                el = ET.SubElement(case, "error", {"message": _xml_text(error[:500]), "type": READ_ERROR})
                el.text = _xml_text(error)
        ET.SubElement(s, "system-out").text = _xml_text("\n".join(out))
        ET.SubElement(s, "system-err").text = ""
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --------------------------------------------------------------------------- GitHub

def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(level: str, message: str, path: str | None = None, line: int | None = None,
               column: int | None = None, title: str | None = None) -> str:
    """One GitHub workflow command: ``::error file=…,line=…,col=…,title=…::message``."""
    props = []
    if path is not None:
        props.append(f"file={_gh_property(Path(path).as_posix())}")
    if line is not None:
        props.append(f"line={line}")
        if column is not None:
            props.append(f"col={column}")
    if title:
        props.append(f"title={_gh_property(title)}")
    return f"::{level}{' ' + ','.join(props) if props else ''}::{_gh_data(message)}"


def github(files: Sequence[FileResult], cases: Sequence[Case] = ()) -> list[str]:
    """One annotation per problem (and per failed case), in the order found."""
    lines = []
    for f in files:
        if f.error is not None:
            lines.append(annotation("error", f.error, f.path, f.line, f.column, READ_ERROR))
        for p in f.problems:
            lines.append(annotation(_GITHUB[p.severity], p.message, f.path, p.line, p.column, p.rule))
    for c in cases:
        if c.message is not None:
            lines.append(annotation(_GITHUB[c.severity], c.message, c.path, c.line, None, c.rule or c.name))
    return lines


def print_document(fmt: str, files: Sequence[FileResult], cases: Sequence[Case] = (), name: str = "record-editor",
                   extra_rules: Sequence[SarifRule] = ()) -> None:
    """Print `files`/`cases` on standard output as `fmt` (sarif, junit or github)."""
    if fmt == "sarif":
        import json

        print(json.dumps(sarif(files, cases, extra_rules), indent=2, ensure_ascii=False))
    elif fmt == "junit":
        print(junit(files, cases, name), end="")
    elif fmt == "github":
        for line in github(files, cases):
            print(line)
    else:
        raise ValueError(f"not a machine format: {fmt}")
