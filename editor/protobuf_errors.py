"""protobuf's own parse error messages, said in the language in use.

Record files (`editor.records.textread`) and text-format model files
(`editor.models._text`) are both read by google.protobuf.text_format, so both show its
messages; this module sits below both packages so that neither imports the other for it.
"""
from __future__ import annotations

import re

from editor.i18n import QT_TRANSLATE_NOOP, translate

# protobuf's own words, said in the language in use. Each pattern is the English message of
# google.protobuf.text_format (or its type checkers) and its template says it again exactly,
# so that in English nothing changes; a message not listed here is shown as protobuf wrote it.
_PROTOBUF_WORDS: tuple[tuple[str, str], ...] = (
    (r'Expected "(?P<token>[^"]*)"\.', QT_TRANSLATE_NOOP("protobuf", 'Expected "{token}".')),
    (r"Expected identifier or number, got (?P<token>.*)\.",
     QT_TRANSLATE_NOOP("protobuf", "Expected identifier or number, got {token}.")),
    (r"Expected identifier\.", QT_TRANSLATE_NOOP("protobuf", "Expected identifier.")),
    (r"Expected string but found: (?P<text>.*)", QT_TRANSLATE_NOOP("protobuf", "Expected string but found: {text}")),
    (r"String missing ending quote: (?P<text>.*)",
     QT_TRANSLATE_NOOP("protobuf", "String missing ending quote: {text}")),
    (r"Couldn't parse float: (?P<text>.*)", QT_TRANSLATE_NOOP("protobuf", "Couldn't parse float: {text}")),
    (r"Couldn't parse integer: (?P<text>.*)", QT_TRANSLATE_NOOP("protobuf", "Couldn't parse integer: {text}")),
    (r"Couldn't parse string: (?P<error>.*)", QT_TRANSLATE_NOOP("protobuf", "Couldn't parse string: {error}")),
    (r'Expected "true" or "false"\.', QT_TRANSLATE_NOOP("protobuf", 'Expected "true" or "false".')),
    (r'Enum type "(?P<enum>[^"]*)" has no value named (?P<name>.*)\.',
     QT_TRANSLATE_NOOP("protobuf", 'Enum type "{enum}" has no value named {name}.')),
    (r'Enum type "(?P<enum>[^"]*)" has no value with number (?P<number>-?\d+)\.',
     QT_TRANSLATE_NOOP("protobuf", 'Enum type "{enum}" has no value with number {number}.')),
    (r'Message type "(?P<type>[^"]*)" should not have multiple "(?P<field>[^"]*)" fields\.',
     QT_TRANSLATE_NOOP("protobuf", 'Message type "{type}" should not have multiple "{field}" fields.')),
    (r"Message too deep\. Max recursion depth is (?P<depth>\d+)",
     QT_TRANSLATE_NOOP("protobuf", "Message too deep. Max recursion depth is {depth}")),
    (r"Value out of range: (?P<value>.*)", QT_TRANSLATE_NOOP("protobuf", "Value out of range: {value}")),
    (r"Invalid field value: (?P<token>.*)", QT_TRANSLATE_NOOP("protobuf", "Invalid field value: {token}")),
)
_PROTOBUF_PATTERNS: list[tuple[re.Pattern[str], str]] = []
_QUOTED_LINE = re.compile(r"('[^'\\]*+(?:\\.[^'\\]*+)*+': )")


def protobuf_words(msg: str) -> str:
    """protobuf's English parse error `msg`, in the language in use (unchanged in English)."""
    if not _PROTOBUF_PATTERNS:
        _PROTOBUF_PATTERNS.extend((re.compile(p, re.S), t) for p, t in _PROTOBUF_WORDS)
    head = ""
    quoted_line = _QUOTED_LINE.match(msg)  # reading a whole text, Merge quotes the line first
    if quoted_line is not None:
        head, msg = quoted_line.group(1), msg[quoted_line.end():]
    for pattern, template in _PROTOBUF_PATTERNS:
        m = pattern.fullmatch(msg)
        if m is not None:
            return head + translate("protobuf", template).format(**m.groupdict())
    return head + msg
