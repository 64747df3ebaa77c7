"""The words of reading errors: what a message quotes from the file, where an unknown
field belongs, and a file that ends inside an entry.

Qt-free and free of the reader itself (`textread` builds its errors with these), so the
wording of every reading error lives in one place.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from google.protobuf import descriptor as _descriptor

from editor.i18n import translate
from editor.records.dialects import DIALECTS, Dialect
from editor.records.problems import printable, quoted

#: How much of the file's text an error message quotes (a 10 MB line must not come back).
ECHO_LIMIT = 60
# compiled when first used (re keeps them): most runs never build an error message
_QUOTED = r"""(['"])(.*)\1"""
_LONG_RUN = r"\S{%d,}" % (ECHO_LIMIT + 1)


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text`, or its first `limit` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def clip_echo(msg: str) -> str:
    """protobuf's message with the text it quotes from the file shortened and its control
    characters escaped (a file cannot send escape sequences to a terminal through it)."""
    def runs(text: str) -> str:
        return re.sub(_LONG_RUN, lambda m: clip(m.group(0)), text)

    out: list[str] = []
    pos = 0
    for m in re.finditer(_QUOTED, msg, re.S):
        out += [runs(msg[pos:m.start()]), m.group(1), clip(m.group(2)), m.group(1)]
        pos = m.end()
    out.append(runs(msg[pos:]))
    return printable(clip("".join(out), 4 * ECHO_LIMIT))


def place_words(path: tuple[str, ...]) -> str:
    """Words for a place in a record: ``value { … } of a record entry``."""
    if not path:
        return translate("reading", "the top level of the file")
    if path[0] == "record":
        phrase = translate("reading", "a record entry")
    elif path[0] == "prune_record":
        phrase = translate("reading", "a prune_record entry")
    else:
        phrase = f"{path[0]} {{ … }}"
    for name in path[1:]:
        phrase = translate("reading", "{name} {{ … }} of {place}").format(name=name, place=phrase)
    return phrase


def _at(path: tuple[str, ...]) -> str:
    """``at the top level of the file``, ``inside a record entry``."""
    if not path:
        return translate("reading", "at the top level of the file")
    return translate("reading", "inside {place}").format(place=place_words(path))


def descriptor_at(desc: _descriptor.Descriptor, path: tuple[str, ...]) -> _descriptor.Descriptor | None:
    for name in path:
        fd = desc.fields_by_name.get(name)
        if fd is None or fd.message_type is None:
            return None
        desc = fd.message_type
    return desc


def _places_of(desc: _descriptor.Descriptor, name: str, depth: int = 6) -> list[tuple[str, ...]]:
    """Paths (field names from the top) of the messages that have a field `name`."""
    found: list[tuple[str, ...]] = []
    todo: list[tuple[_descriptor.Descriptor, tuple[str, ...]]] = [(desc, ())]
    while todo:
        d, path = todo.pop(0)
        if name in d.fields_by_name:
            found.append(path)
        if len(path) < depth:
            todo.extend((f.message_type, (*path, f.name)) for f in d.fields if f.message_type is not None)
    return found


def lacking_names(file_names: Collection[str]) -> dict[str, list[str]]:
    """For each dialect (by name), the field names the file uses that its schema lacks (sorted;
    empty: it has them all, so it may read the file). `file_names`: `textread.field_names_in`."""
    used = set(file_names)
    return {d.name: sorted(used - d.field_names) for d in DIALECTS.values()}


def listed_names(names: Sequence[str], most: int = 3) -> str:
    """``channels, height, width`` (at most `most`, then …)."""
    shown = ", ".join(clip(n) for n in names[:most])
    return shown + (", …" if len(names) > most else "")


def unknown_field_message(name: str, path: tuple[str, ...], dialect: Dialect, message_name: str,
                          file_names: Collection[str] | None = None) -> str:
    """Why `name` is not accepted at `path`, and where it would be.

    Names the place the field does belong in this dialect, and offers other dialects only
    when they accept the field at this very place; when none does, says where the dialects
    that have the field put it (so none reads as an answer for this place). With
    `file_names`, the field names the file uses (`textread.field_names_in`), a dialect is
    offered only if it has every one of them: one that lacks another of the file's fields
    would fail on that one (a file with both `channels` and `dst_type` reads in none).
    """
    shown = clip(name)
    here = [d for d in DIALECTS.values() if d is not dialect
            and (desc := descriptor_at(d.descriptor, path)) is not None and name in desc.fields_by_name]
    lacking = lacking_names(file_names) if file_names is not None else {}
    readers = [d.name for d in here if not lacking.get(d.name)]
    own = _places_of(dialect.descriptor, name)
    notes: list[str] = []
    if own:
        where = translate("reading", " or ").join(_at(p) for p in own[:3])
        notes.append(translate("reading", "{name} belongs {where}").format(name=shown, where=where))
    if readers:
        notes.append(translate("reading", "dialects that have it here: {dialects} (choose one with --dialect, "
                               "or File ▸ Read As Dialect in the editor)").format(dialects=", ".join(readers)))
    elif here:
        # they have this field here, but each lacks another the file uses: none reads it
        groups: dict[tuple[str, ...], list[str]] = {}
        for d in here:
            groups.setdefault(tuple(lacking[d.name]), []).append(d.name)
        said = [(translate("reading", "{dialects} has it here but not {fields}") if len(names) == 1 else
                 translate("reading", "{dialects} have it here but not {fields}")).format(
                    dialects=", ".join(names), fields=listed_names(missing))
                for missing, names in groups.items()]
        notes.append(translate("reading", "no AMCT dialect has every field this file uses ({which})").format(
            which=translate("reading", "; ").join(said)))
    if not own and not here:
        # other dialects have it, but not here: say where, never offer them for this place
        places: dict[tuple[str, ...], list[str]] = {}
        for d in DIALECTS.values():
            if d is not dialect:
                for p in _places_of(d.descriptor, name):
                    places.setdefault(p, []).append(d.name)
        if places:
            said = [(translate("reading", "{dialects} has it {where}") if len(names) == 1 else
                     translate("reading", "{dialects} have it {where}")).format(
                        dialects=", ".join(names), where=_at(p))
                    for p, names in list(places.items())[:3]]
            notes.append(translate("reading", "no AMCT dialect has it here ({places})").format(
                places=translate("reading", "; ").join(said)))
        else:
            notes.append(translate("reading", "no AMCT dialect has a field of that name"))
    known = "" if own else translate("reading", "not part of the {dialect} schema; ").format(dialect=dialect.name)
    return translate("reading", 'unknown field "{name}" in {place} (message {message}): {known}{notes}').format(
        name=shown, place=place_words(path), message=message_name, known=known,
        notes=translate("reading", "; ").join(notes))


# protobuf's words for a bare word where a string goes (`op_data_type: FLOAT32`), the word kept
_UNQUOTED = r"Expected string but found: '([\w.+-]++)'\Z"
# the field name and colon just before that word
_FIELD_BEFORE = rb"(\w++)[ \t]*+:[ \t]*+\Z"


def quote_hint(protobuf: str, data: bytes, offset: int | None) -> str:
    """For text written without its quotes (`op_data_type: FLOAT32`, `key: conv1`): how to
    write it (`; text values go in double quotes: op_data_type: "FLOAT32"`); "" otherwise.
    `protobuf`: protobuf's English message; `offset`: where in `data` the word starts."""
    m = re.search(_UNQUOTED, protobuf)
    if m is None:
        return ""
    word = clip(m.group(1))
    field = None
    if offset is not None:
        f = re.search(_FIELD_BEFORE, data[max(0, offset - 200):offset])
        if f is not None:
            field = f.group(1).decode("ascii", "replace")
    example = f'{clip(field)}: "{word}"' if field else f'"{word}"'
    return translate("reading", "; text values go in double quotes: {example}").format(example=example)


# One token (a word or number, a string perhaps cut short, or one mark) and then nothing
# but whitespace and comments to the end of the text. Possessive: no backtracking on a
# long run of spaces in the middle of a file.
_LAST_TOKEN = (rb"""(?:[^\s{}<>\[\]:;,"'#]++|"[^"\n]*+"?|'[^'\n]*+'?|[{}<>\[\]:;,])?"""
               rb"(?:\s++|#[^\n]*+)*+\Z")


def at_end(data: bytes, offset: int | None) -> bool:
    """True when at most one token follows `offset` in `data`: an error there is the reader
    running out of text (checked from `offset` on only, so it costs next to nothing)."""
    return offset is not None and re.compile(_LAST_TOKEN).match(data, offset) is not None


def ends_inside_message(name: str, index: int | None, key: str | None, opened: int,
                        cut_name: str | None = None, detail: str | None = None) -> str:
    """The file ends inside top-level entry `name` `index` (0-based, as the tree numbers
    entries) that opened at line `opened`; `cut_name` is a field name cut short at the
    end, `detail` what else the reader said about the last, incomplete, value."""
    entry = f"{name} {index}" if index is not None else f"{name} {{ … }}"
    if key:
        entry = translate("reading", "{entry} (layer {key})").format(entry=entry, key=quoted(key))
    text = translate("reading", "the file ends inside {entry}, opened at line {line}: the rest of that entry "
                     "is missing (was the file cut short while it was written or copied?)").format(
        entry=entry, line=opened)
    if cut_name is not None:
        text += translate("reading", "; its last field name, {name}, is cut short too").format(name=quoted(cut_name))
    elif detail:
        text += translate("reading", "; the last value is incomplete ({detail})").format(
            detail=clip(detail, 2 * ECHO_LIMIT))
    return text
