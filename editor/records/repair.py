"""Explicit repair of record text pasted from AMCT's documentation.

The published examples contain things no protobuf reader accepts: `// comment` after a
value (text format comments start with `#`), comments wrapped onto following lines, and
quoted text broken over several lines (seed 002: `key: "` / `conv2d/Conv2D` / `"`).
Repair is never silent: every change is returned as a Repair naming its line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from editor.i18n import translate


@dataclass(frozen=True)
class Repair:
    line: int  # 1-based line of the original text
    message: str

    def format(self, path: str | None = None) -> str:
        return f"{path + ':' if path else ''}{self.line}: repaired: {self.message}"


_STATEMENT = re.compile(r"^\s*(?:[A-Za-z_][\w]*\s*(?::|\{|<)|[}>\]]|#|$)")


def _scan(line: str) -> tuple[int | None, int | None]:
    """(offset of a quote left open at the end of `line`, offset of a `//` comment), both
    looked for outside quoted text and before any `#` comment."""
    in_str = None
    start = None
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if in_str:
            if c == "\\":
                i += 2
                continue
            if c == in_str:
                in_str = None
        elif c in "\"'":
            in_str, start = c, i
        elif c == "#":
            break
        elif c == "/" and i + 1 < n and line[i + 1] == "/":
            return None, i
        i += 1
    return (start if in_str else None), None


def needs_repair(text: str) -> bool:
    """Whether `repair_text` would change anything."""
    return bool(repair_text(text)[1])


_NEAR = 4096  # bytes either side of an error that `needs_repair_near` looks at


def needs_repair_near(text: str | bytes, offset: int | None) -> bool:
    """Whether `repair_text` would change the lines at byte `offset` (an error's place), the
    two lines before it or (quoted text broken over lines) the few after it. A documentation artefact is where reading stops (protobuf's reader
    fails on the first one), so after an error only its neighbourhood is looked at: a few
    kilobytes, whatever the size of the file.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    if data.startswith(b"\xef\xbb\xbf"):
        return True
    if offset is None:
        return False
    offset = max(0, min(offset, len(data)))
    start = max(0, offset - _NEAR)
    begin = offset
    for _ in range(3):  # back to the start of the line two above
        nl = data.rfind(b"\n", start, begin)
        if nl < 0:
            begin = start
            break
        begin = nl
    end = offset
    limit = min(len(data), offset + _NEAR)
    for _ in range(10):  # quoted text broken over lines is joined over up to 8 more lines
        nl = data.find(b"\n", end, limit)
        if nl < 0:
            end = limit
            break
        end = nl + 1
    window = data[begin:end]
    return needs_repair(window.decode("utf-8", errors="replace"))


def repair_text(text: str) -> tuple[str, list[Repair]]:
    """The repaired text and what was changed, line by line."""
    repairs: list[Repair] = []
    if text.startswith("\ufeff"):
        text = text[1:]
        repairs.append(Repair(1, translate("reading", "removed the UTF-8 byte order mark, which protobuf readers reject")))
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    in_comment = False
    while i < len(lines):
        line = lines[i]
        number = i + 1
        if in_comment and not _STATEMENT.match(line):
            out.append("# " + line.lstrip())
            repairs.append(Repair(number, translate("reading", "comment text carried over from the line above made a comment")))
            i += 1
            continue
        in_comment = False
        open_quote, cpp_comment = _scan(line)
        if open_quote is not None:
            # quoted text broken over lines: join until the closing quote (at most 8 lines)
            j = i + 1
            joined = None
            while j < len(lines) and j - i <= 8:
                joined = _join_broken([piece.rstrip("\r") for piece in lines[i:j + 1]])
                if joined is not None:
                    break
                j += 1
            if joined is not None:
                out.append(joined + ("\r" if line.endswith("\r") else ""))
                repairs.append(Repair(number, translate(
                    "reading", "quoted text broken over lines {first}-{last} joined: {text}").format(
                    first=number, last=j + 1, text=joined.strip())))
                i = j + 1
                continue
        if cpp_comment is not None:
            out.append(line[:cpp_comment] + "#" + line[cpp_comment + 2:])
            repairs.append(Repair(number, translate("reading", "'//' comment changed to a '#' comment")))
            in_comment = True
            i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out), repairs


def _join_broken(pieces: list[str]) -> str | None:
    """Join a statement whose quoted value was broken over lines, or None if still open."""
    first = pieces[0]
    q, _ = _scan(first)
    if q is None:
        return None
    head, quote = first[:q], first[q]
    inner = [first[q + 1:].strip()]
    for k, piece in enumerate(pieces[1:], start=1):
        end = piece.find(quote)
        if end >= 0:
            inner.append(piece[:end].strip())
            tail = piece[end + 1:]
            if k != len(pieces) - 1:
                return None
            return head + quote + "".join(inner) + quote + tail
        inner.append(piece.strip())
    return None
