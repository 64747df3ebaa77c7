"""Copy rows of a record as protobuf text format; paste text format back in as one undo step.

Copying a layer gives exactly what a record file holds (`record { key: … value { … } }`),
so it can be pasted into a file, another window, or this one. Pasting parses the text into
the message that fits it — the top-level record for `record { }`/`prune_record { }` blocks,
read by the project's reader as a file would be (errors with line and column, a field given
twice, Python-only spellings and duplicate keys reported, doc-example artefacts repaired),
or the message around the current row for smaller pieces (`producer { }`, `scale_w: 0.5`),
read strictly by protobuf's parser — and inserts repeated entries after the current one of
their list, or at its end. `plan_paste` also checks the pasted entries against AMCT's rules
in the record they land in, so the caller can ask before pasting what breaks a hard rule.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field as dc_field

from google.protobuf import text_format
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from editor.i18n import translate
from editor.records.dialects import Dialect
from editor.records.editing import RecordEditor
from editor.records.edits.commands import (
    EditCommand,
    InsertElementsCommand,
    MacroCommand,
    ReplaceMessageCommand,
    SetValueCommand,
    element_noun,
)
from editor.records.messages import RootMessage, copy_of, descriptor_of
from editor.records.paths import FieldPath, PathError, format_path, outermost, resolve
from editor.records.problems import Problem, Severity
from editor.records.repair import Repair, repair_text
from editor.records.rules import CheckContext, check_entry, check_prune_record
from editor.records.textread import TextParseError, parse_text, reading_problems
from editor.records.values import is_message


class PasteError(ValueError):
    """Text that cannot be pasted; the message says where and why."""


def copy_message(editor: RecordEditor, paths: Iterable[FieldPath]) -> list[tuple[FieldPath, Message]]:
    """The selected rows as messages of their parents' types: [(parent path, message)].

    Each message holds just the selected fields or elements of that parent.
    """
    groups: dict[FieldPath, Message] = {}
    order: list[FieldPath] = []
    for path in outermost(paths):
        if not path:
            continue
        if isinstance(path[-1], int):
            parent_path, name = path[:-2], path[-2]
        else:
            parent_path, name = path[:-1], path[-1]
        if not isinstance(name, str):
            raise PathError(f"{format_path(path)}: no such field")
        parent = editor.message_at(parent_path)
        holder = groups.get(parent_path)
        if holder is None:
            holder = GetMessageClass(descriptor_of(parent))()
            groups[parent_path] = holder
            order.append(parent_path)
        field = descriptor_of(parent).fields_by_name[name]
        if isinstance(path[-1], int):
            item = getattr(parent, name)[path[-1]]
            if is_message(field):
                getattr(holder, name).add().CopyFrom(item)
            else:
                getattr(holder, name).append(item)
        elif field.is_repeated:
            getattr(holder, name).extend(getattr(parent, name))
        elif is_message(field):
            if parent.HasField(name):
                getattr(holder, name).CopyFrom(getattr(parent, name))
        else:
            setattr(holder, name, getattr(parent, name))
    return [(p, groups[p]) for p in order]


def copy_text(editor: RecordEditor, paths: Iterable[FieldPath]) -> str:
    """The selected rows as text format (what a record file would say for them)."""
    return "".join(text_format.MessageToString(msg, as_utf8=True) for _p, msg in copy_message(editor, paths))


def _candidates(editor: RecordEditor, anchor: FieldPath | None) -> list[FieldPath]:
    """Messages around the anchor, innermost first, ending with the top-level record."""
    found: list[FieldPath] = []
    anchor = anchor or ()
    for end in range(len(anchor), -1, -1):
        prefix = anchor[:end]
        try:
            obj = editor.message_at(prefix)
        except PathError:
            continue
        if isinstance(obj, Message) and prefix not in found:
            found.append(prefix)
    return found


def _position(anchor: FieldPath, parent: FieldPath, name: str, length: int) -> int:
    """Insert after the anchor's element of that list, else at the end."""
    depth = len(parent)
    if anchor[:depth] == parent and len(anchor) > depth + 1 and anchor[depth] == name:
        at = anchor[depth + 1]
        if isinstance(at, int):
            return at + 1
    return length


@dataclass
class PastePlan:
    """What pasting a text would do, and what the user should hear about it first."""

    command: EditCommand
    #: hard-rule errors (rules.ERROR) the pasted entries would have in this record, and
    #: reading errors of the text; pasting anyway is the user's choice
    errors: list[Problem] = dc_field(default_factory=list)
    #: what else the reader found or changed (given twice, Python-only syntax, duplicate keys, repairs)
    notes: list[str] = dc_field(default_factory=list)

    def question(self) -> str:
        """What to ask before pasting text that breaks AMCT's rules."""
        listed = "\n".join(f"• {p.message}" for p in self.errors[:8])
        more = ("\n" + translate("Paste", "… and {n} more").format(n=len(self.errors) - 8)
                if len(self.errors) > 8 else "")
        notes = "".join(f"\n• {n}" for n in self.notes[:4])
        n = len(self.errors)
        head = (translate("Paste", "The pasted text breaks AMCT's rules (1 error):") if n == 1
                else translate("Paste", "The pasted text breaks AMCT's rules ({n} errors):").format(n=n))
        return (f"{head}\n{listed}{more}"
                + ("\n\n" + translate("Paste", "Also:") + notes if notes else "")
                + "\n\n" + translate("Paste", "Paste it anyway? The errors will be listed under Problems."))

    def outcome(self, duplicates: list[str]) -> str:
        """What to say once pasted (`duplicates`: keys the paste made occur twice)."""
        words = [self.command.text]
        if duplicates:
            words = [translate("Paste", "Pasted; {n} layer key(s) now occur twice, e.g. {key} — AMCT uses only "
                                        "the first of them").format(n=len(duplicates), key=repr(duplicates[0]))]
        if self.errors:
            words.append(translate("Paste", "1 rule error pasted") if len(self.errors) == 1
                         else translate("Paste", "{n} rule errors pasted").format(n=len(self.errors)))
        if self.notes:
            more = (translate("Paste", " (and {n} more)").format(n=len(self.notes) - 1)
                    if len(self.notes) > 1 else "")
            words.append(self.notes[0] + more)
        return translate("Paste", "; ").join(words)


def paste_command(editor: RecordEditor, text: str, anchor: FieldPath | None = None,
                  dialect: Dialect | None = None) -> EditCommand:
    """One undo step that pastes `text` at `anchor` (the current row); PasteError if it cannot."""
    return plan_paste(editor, text, anchor, dialect).command


def plan_paste(editor: RecordEditor, text: str, anchor: FieldPath | None = None,
               dialect: Dialect | None = None) -> PastePlan:
    """Read `text` for pasting at `anchor` of a record of `dialect`: the undo step, and the
    problems it would bring. Without a dialect, pieces are read with protobuf's parser and
    no rule is checked.

    Raises PasteError (naming line and column) for text that cannot be pasted here.
    """
    if editor.message is None:
        raise PasteError(translate("Paste", "no record is open"))
    if not text.strip():
        raise PasteError(translate("Paste", "the clipboard holds no text"))
    anchor = tuple(anchor or ())
    for parent_path in _candidates(editor, anchor):
        notes: list[str] = []
        errors: list[Problem] = []
        if parent_path == () and dialect is not None:
            target, errors, notes = _read_record_text(text, dialect)
        else:
            target = GetMessageClass(descriptor_of(editor.message_at(parent_path)))()
            try:
                text_format.Parse(text, target, allow_unknown_field=False)
            except text_format.ParseError as e:
                if parent_path == ():
                    raise PasteError(translate("Paste", "Not record text: {where}{what}").format(
                        where=_where(e.GetLine(), e.GetColumn()), what=str(e).split(" : ", 1)[-1])) from None
                continue
        if not target.ListFields():
            continue
        command = _commands_for(editor, parent_path, target, anchor)
        record = editor.record
        if dialect is not None and record is not None:
            errors += rule_errors_after_paste(record, dialect, parent_path, target, anchor)
        return PastePlan(command, errors, notes)
    raise PasteError(translate("Paste", "the text holds nothing that can be pasted here"))


def _where(line: int | None, column: int | None) -> str:
    if not line:
        return ""
    if column:
        return translate("Paste", "line {line}, column {column}: ").format(line=line, column=column)
    return translate("Paste", "line {line}: ").format(line=line)


def _read_record_text(text: str, dialect: Dialect) -> tuple[Message, list[Problem], list[str]]:
    """The text read as a record file is: (message, reading errors, notes); PasteError if unreadable."""
    repairs: list[Repair] = []
    try:
        parsed = parse_text(text, dialect)
    except TextParseError as e:
        fixed, repairs = repair_text(text)
        if not repairs:
            raise PasteError(translate("Paste", "Not record text: {where}{what}").format(
                where=_where(e.line, e.column), what=e.message)) from None
        try:  # text copied from a document: // comments, quoted text broken over lines
            parsed = parse_text(fixed, dialect)
        except TextParseError:
            raise PasteError(translate("Paste", "Not record text: {where}{what}").format(
                where=_where(e.line, e.column), what=e.message)) from None
    found = reading_problems(parsed)
    # a key given twice is reported after pasting, with the keys already in the record
    errors = [p for p in found if p.severity is Severity.ERROR and p.rule != "duplicate-key"]
    notes = [translate("Paste", "line {line}: repaired: {what}").format(line=r.line, what=r.message) for r in repairs]
    notes += [p.message for p in found if p not in errors]
    return parsed.message, errors, notes


def _apply_plain(message: Message, parent_path: FieldPath, parsed: Message, anchor: FieldPath) -> dict[str, range]:
    """What the paste's undo step does, on a plain message; {top-level list: new indices}."""
    parent = resolve(message, parent_path)
    inserted: dict[str, range] = {}
    for fd, value in parsed.ListFields():
        if fd.is_repeated:
            container = getattr(parent, fd.name)
            at = _position(anchor, parent_path, fd.name, len(container))
            for k, item in enumerate(value):
                container.insert(at + k, item)
            if parent_path == ():
                inserted[fd.name] = range(at, at + len(value))
        elif is_message(fd):
            getattr(parent, fd.name).CopyFrom(value)
        else:
            setattr(parent, fd.name, value)
    return inserted


def rule_errors_after_paste(message: RootMessage, dialect: Dialect, parent_path: FieldPath, parsed: Message,
                            anchor: FieldPath) -> list[Problem]:
    """Hard-rule errors the pasted entries would have in `message` (which is left alone).

    Pasted layers and prune records are checked where they would land, with the record's
    other keys and prune nodes around them; a piece pasted into an entry counts only with
    the errors it adds to that entry. Duplicate keys are left out: the paste reports them.
    """
    scratch = copy_of(message)
    inserted = _apply_plain(scratch, parent_path, parsed, anchor)
    after_ctx = CheckContext.build(scratch, dialect)
    errors = [Severity.ERROR]
    found: list[Problem] = []
    if parent_path == ():
        for i in inserted.get("record", ()):
            found += check_entry(scratch, dialect, i, after_ctx, severities=errors)
        if dialect.has_prune:
            for j in inserted.get("prune_record", ()):
                found += check_prune_record(scratch, dialect, j, after_ctx, severities=errors)
    elif len(parent_path) >= 2 and parent_path[0] in ("record", "prune_record") and isinstance(parent_path[1], int):
        index = parent_path[1]
        check = check_entry if parent_path[0] == "record" else check_prune_record
        before_ctx = CheckContext.build(message, dialect)
        before = {(p.rule, p.field) for p in check(message, dialect, index, before_ctx, severities=errors)}
        found = [p for p in check(scratch, dialect, index, after_ctx, severities=errors)
                 if (p.rule, p.field) not in before]
    return [p for p in found if p.rule != "duplicate-key"]


def _commands_for(editor: RecordEditor, parent_path: FieldPath, parsed: Message, anchor: FieldPath) -> EditCommand:
    commands: list[EditCommand] = []
    described: list[str] = []
    for field, value in parsed.ListFields():
        path = parent_path + (field.name,)
        if field.is_repeated:
            at = _position(anchor, parent_path, field.name, editor.element_count(path))
            items = [m.SerializePartialToString() for m in value] if is_message(field) else list(value)
            commands.append(InsertElementsCommand(editor, path, at, items))
            one, many = element_noun(path)
            described.append(translate("Commands", "{n} {things}").format(n=len(items),
                                                                          things=one if len(items) == 1 else many))
        elif is_message(field):
            commands.append(ReplaceMessageCommand(editor, path, value.SerializePartialToString()))
            described.append(field.name)
        else:
            commands.append(SetValueCommand(editor, path, value))
            described.append(field.name)
    return MacroCommand(editor, translate("Paste", "Paste {what}").format(what=translate("Paste", ", ").join(described)),
                        commands)


def duplicate_keys_after_paste(editor: RecordEditor, before: Iterable[str] | None = None) -> list[str]:
    """Layer keys the paste made occur twice (worth a warning after pasting layers).

    `before` is the list of keys before the paste (`editor.keys()` then): a key counts only
    when it occurs more often than it did, and now more than once — a file that already
    held a duplicate is not blamed on the paste. Without `before`, every duplicate counts.
    """
    had = Counter(before if before is not None else ())
    now = Counter(editor.keys())  # in file order: the first duplicate is the first named
    return [key for key, n in now.items() if n > 1 and n > had[key]]
