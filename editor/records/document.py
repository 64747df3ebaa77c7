"""RecordDocument: one record file — its path, dialect, live message and original source.

Reading accepts what AMCT's reader accepts and reports what strict readers reject;
saving is lossless (see textwrite) and atomic; every failure is a RecordError whose
str() is `FILE:LINE:COL: message`.
"""
from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from google.protobuf.message import EncodeError, Message

from editor.i18n import translate
from editor.records.convert import ExplicitDefault, convert_message
from editor.records.dialects import (
    PRIMARY,
    BinaryRead,
    Dialect,
    detect_binary,
    get_dialect,
    read_binary,
    wire_offset,
)
from editor.records.errors import RecordError
from editor.records.filelock import FileStamp
from editor.records.fileread import MAX_FILE_SIZE, STREAM_FROM, read_file, reading
from editor.records.filewrite import (
    settle,
)
from editor.records.messages import RootMessage
from editor.records.paths import PathError, in_entry, parse_path
from editor.records.problems import Problem, Severity, printable, quoted
from editor.records.quick_locate import child_node, quick_offset, tree_offset
from editor.records.saving import (
    FileChangedError,
    Progress,
    ReadOnlyError,
    SaveCancelled,
    SaveFailed,
    atomic_write,
    reporter,
    write_checked,
)
from editor.records.textread import (
    Cancelled,
    LineIndex,
    ParsedText,
    Stmt,
    TextParseError,
    read_text,
    reading_problems,
    record_items,
    utf8_error,
)

if TYPE_CHECKING:
    from editor.records.repair import Repair
    from editor.records.textwrite import Rendering, Style

# Saving and repairing (readback, repair, textwrite) are imported where they are used: the
# command line's info and check only read, and start-up is most of their time on small files.

__all__ = [
    "MAX_FILE_SIZE",
    "STREAM_FROM",
    "FileChangedError",
    "LoadCancelled",
    "Progress",
    "ReadOnlyError",
    "RecordDocument",
    # every failure to read or save a document is one (editor.records.errors)
    "RecordError",
    "SaveCancelled",
    "SaveFailed",
    "atomic_write",
    # what RecordDocument.convert does, for a message without a document (editor.records.convert)
    "convert_message",
    "same_message",
]


class LoadCancelled(Exception):
    """Raised when a progress callback asked to stop reading."""


class _Mismatch(Exception):
    """Written text that does not read back as the record."""


def same_message(a: Message, b: Message) -> bool:
    """Bit-exact equality (floats by bits, NaN included), compared entry by entry."""
    for fd in a.DESCRIPTOR.fields:
        if fd.is_repeated and fd.message_type is not None:
            x, y = getattr(a, fd.name), getattr(b, fd.name)
            if len(x) != len(y) or any(p.SerializePartialToString() != q.SerializePartialToString()
                                       for p, q in zip(x, y, strict=True)):
                return False
        elif fd.is_repeated:
            if getattr(a, fd.name) != getattr(b, fd.name):
                return False
        elif a.HasField(fd.name) != b.HasField(fd.name):
            return False
        elif fd.message_type is not None:
            if getattr(a, fd.name).SerializePartialToString() != getattr(b, fd.name).SerializePartialToString():
                return False
        elif a.HasField(fd.name) and getattr(a, fd.name) != getattr(b, fd.name):
            return False
    return True


_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")
M = TypeVar("M", bound=Message)


def _snapshot(message: M) -> M:
    """A copy of `message`, made entry by entry.

    One CopyFrom of a 200 MB record holds the GIL for ~0.15 s; small copies let the GUI
    thread run while a loader thread does this.
    """
    copy = type(message)()
    for fd, value in message.ListFields():
        if fd.is_repeated and fd.message_type is not None:
            target = getattr(copy, fd.name)
            for item in value:
                target.add().CopyFrom(item)
        elif fd.is_repeated:
            getattr(copy, fd.name).extend(value)
        elif fd.message_type is not None:
            getattr(copy, fd.name).CopyFrom(value)
        else:
            setattr(copy, fd.name, value)
    return copy


class _NotUtf8String(RecordError):
    """A binary record that reads, but with a string field that is not UTF-8."""


def _bad_string_message(data: bytes, got: BinaryRead) -> str:
    """Which string field of a binary record is not UTF-8, and where in the file."""
    shown, where = got.bad_strings[0]
    layer = ""
    if where and where[0][0] == 1 and where[0][1] is not None and shown.startswith("record["):
        entry = got.message.record[where[0][1]]
        key = entry.key
        if isinstance(key, str) and key:
            layer = translate("reading", " (layer {key})").format(key=quoted(key))
    span = wire_offset(data, where)
    at = ""
    if span is not None:
        raw = data[span[0]:span[1]]
        try:
            raw.decode("utf-8")
            offset = span[0]
        except UnicodeDecodeError as e:
            offset = span[0] + e.start
        at = translate("reading", " (byte {byte} at offset {offset} of the file)").format(
            byte=f"0x{data[offset]:02x}", offset=f"{offset:,}")
    more = translate("reading", " ({count} more such strings)").format(
        count=f"{len(got.bad_strings) - 1:,}") if len(got.bad_strings) > 1 else ""
    # protobuf's Python reader (7.x, upb) does read such a string, as `bytes` where `str` is
    # expected: AMCT's look-ups by name (`item.key == layer_name`) then never match it.
    return translate("reading", "binary record: {field}{layer} is not UTF-8 text{at}{more}; string fields must "
                     "be UTF-8 (protobuf's Python reader, which AMCT uses, gives such a string as bytes, "
                     "not text, and AMCT's look-ups by name never match it)").format(
        field=shown, layer=layer, at=at, more=more)


def _not_utf8(data: bytes, bad: int) -> tuple[str, int, int]:
    """(the byte as 0xNN, line, column) of the first byte of `data` that is not UTF-8."""
    line, col = LineIndex(data).line_col(bad)
    return f"0x{data[bad]:02x}", line, col


class RecordDocument:
    """A record file opened for editing. `message` is the live protobuf message.

    `problems` are the reading problems (overrides, duplicate keys, Python-only syntax);
    `repairs` what an explicit repair changed. Edit `message` in place, then `save()`.
    """

    _original_message: RootMessage | None
    _style_value: Style | None

    def __init__(self, message: RootMessage, dialect: Dialect, path: Path | None = None,
                 binary: bool = False, problems: list[Problem] | None = None, *,
                 source: ParsedText | None = None, repairs: list[Repair] | None = None,
                 keep_original: bool = True):
        self.message = message
        self.dialect = dialect
        self.path = Path(path) if path is not None else None
        self.binary = binary
        self.problems: list[Problem] = list(problems or [])
        self.repairs: list[Repair] = list(repairs or [])
        #: unset fields a dialect conversion wrote out to keep their meaning (see `convert`)
        self.explicit_defaults: list[ExplicitDefault] = []
        #: the version of `path` on disk the document stands for (read, or last saved): a save
        #: to `path` refuses to replace any other version (see `save`)
        self.stamp: FileStamp | None = None
        #: what opening the file did besides reading it (an interrupted save finished), for the user
        self.notes: list[str] = []
        self._set_source(source, keep_original=keep_original)

    def _set_source(self, source: ParsedText | None, original: RootMessage | None = None,
                    style: Style | None = None, *, keep_original: bool = True) -> None:
        self._source = source
        self._original = None
        self._style = None  # protobuf's own layout unless read from text (see _style)
        self._items: dict[int, Stmt] | None = None
        if source is not None:
            # The record as read tells edits apart when saving. A document opened only to be
            # read (info, check) keeps no copy: a save would read it again from the source.
            if original is None and keep_original:
                original = _snapshot(self.message)
            self._original = original
            self._style = style  # None: detected from the source when first needed

    @property
    def _original(self) -> RootMessage | None:
        """The record as the file says it (a snapshot taken when read, else read again)."""
        if self._original_message is None and self._source is not None:
            self._original_message = read_text(self._source.data, self.dialect).message
        return self._original_message

    @_original.setter
    def _original(self, message: RootMessage | None) -> None:
        self._original_message = message

    @property
    def _style(self) -> Style:
        if self._style_value is None:
            from editor.records.textwrite import CANONICAL, detect_style

            self._style_value = detect_style(self._source.data) if self._source is not None else CANONICAL
        return self._style_value

    @_style.setter
    def _style(self, style: Style | None) -> None:
        self._style_value = style

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, dialect: str | Dialect = PRIMARY) -> RecordDocument:
        d = get_dialect(dialect)
        return cls(d.new_message(), d)

    @classmethod
    def from_text(cls, text: str | bytes, dialect: str | Dialect | None = None, *,
                  path: str | os.PathLike[str] | None = None, repair: bool = False,
                  progress: Progress | None = None, keep_original: bool = True) -> RecordDocument:
        """Read record text (str, or UTF-8 bytes). With repair=True, doc-example artefacts
        are fixed and reported. keep_original=False saves the copy of the record that tells
        edits apart (memory as large as the record) for documents that are only read."""
        repairs: list[Repair] = []
        if repair:
            from editor.records.repair import repair_text

            fixed, repairs = repair_text(text.decode("utf-8") if isinstance(text, bytes) else text)
            if repairs:
                text = fixed
        d = get_dialect(dialect) if dialect is not None else None
        try:
            parsed = read_text(text, d, progress=progress)
        except Cancelled:
            raise LoadCancelled() from None
        except TextParseError as e:
            msg = e.message
            # only the lines at the error are looked at: a failure costs no more than reading
            from editor.records.repair import needs_repair_near

            repairable = not repair and needs_repair_near(text, e.offset)
            if repairable:
                msg += translate("reading", " — the file looks like an example pasted from AMCT's documentation "
                                 "(// comments or quoted text broken over lines); open it with repair "
                                 "(--repair) to fix that and see each change")
            raise RecordError(msg, path, e.line, e.column, repairable=repairable, dialect=e.dialect,
                              lacking=e.lacking) from None
        problems = reading_problems(parsed)
        problems += [Problem(Severity.INFO, "repaired", r.message, line=r.line) for r in repairs]
        return cls(parsed.message, parsed.dialect, Path(path) if path is not None else None,
                   problems=problems, source=parsed, repairs=repairs, keep_original=keep_original)

    @classmethod
    def from_binary(cls, data: bytes, dialect: str | Dialect | None = None, *,
                    path: str | os.PathLike[str] | None = None) -> RecordDocument:
        """Read a binary record; the dialect is the first whose schema leaves nothing unknown.

        Other dialects that read the same bytes as a different record are named in an info
        problem. A string field that is not UTF-8 makes the file unreadable (as protobuf's
        Python reader and text format say), with the field and the byte offset.
        """
        d = get_dialect(dialect) if dialect is not None else None
        got: BinaryRead | None
        if d is not None:
            try:
                got = read_binary(data, d)
            except Exception as e:  # noqa: BLE001 - DecodeError and friends from upb
                raise RecordError(translate("reading", "not a binary {dialect} record: {error}").format(
                    dialect=d.name, error=printable(str(e))), path) from None
            if got.unknown:
                clean = [c.name for c, _ in detect_binary(data)]
                hint = translate("reading", "; it reads cleanly as: {dialects}").format(
                    dialects=", ".join(clean)) if clean else ""
                raise RecordError(translate("reading", "binary record has fields the {dialect} schema does not "
                                            "know (in {fields}){hint}").format(
                    dialect=d.name, fields=", ".join(got.unknown[:5]), hint=hint), path)
        else:
            got = read_binary(data)
            if got is None:
                raise RecordError(translate("reading", "not a binary record of any AMCT dialect"), path)
        if got.bad_strings:
            raise _NotUtf8String(_bad_string_message(data, got), path)
        problems = []
        if got.others:
            problems.append(Problem(
                Severity.INFO, "binary-dialect-guess",
                translate("reading", "binary file read as {dialect}; it also reads cleanly, with a different "
                          "meaning, as {others} — choose the dialect explicitly if that is what it is").format(
                    dialect=got.dialect.name, others=", ".join(got.others))))
        return cls(got.message, got.dialect, Path(path) if path is not None else None, binary=True,
                   problems=problems)

    @classmethod
    def load(cls, path: str | os.PathLike[str], dialect: str | Dialect | None = None, *,
             repair: bool = False, progress: Progress | None = None,
             keep_original: bool = True, stream: bool = False) -> RecordDocument:
        """Open a record file (text or binary, told apart automatically); keep_original as
        for `from_text`. `stream`: for a document that is only read (info, check), read a big
        file in pieces when its layout allows, keeping only the message in memory and reading
        the text again where a location is asked (see stream_read)."""
        p = Path(path)
        notes = settle(p)  # what saves of this file killed outright left behind
        doc = cls._load(p, dialect, repair=repair, progress=progress, keep_original=keep_original, stream=stream)
        doc.notes = notes
        return doc

    @classmethod
    def _load(cls, p: Path, dialect: str | Dialect | None, *, repair: bool, progress: Progress | None,
              keep_original: bool, stream: bool) -> RecordDocument:
        if stream and not repair and progress is None:
            from editor.records.stream_read import stream_path

            with reading(p) as fd:  # not while a save writes it in place
                stamp = FileStamp.of(os.fstat(fd)) if fd is not None else None
                streamed = stream_path(p, get_dialect(dialect) if dialect is not None else None,
                                       STREAM_FROM, MAX_FILE_SIZE)
            if streamed is not None:
                doc = cls(streamed.message, streamed.dialect, p, problems=reading_problems(streamed),
                          source=streamed, keep_original=False)
                doc.stamp = stamp
                return doc
        data, stamp = read_file(p)
        doc = cls._from_data(p, data, dialect, repair=repair, progress=progress, keep_original=keep_original)
        doc.stamp = stamp
        return doc

    @classmethod
    def _from_data(cls, p: Path, data: bytes, dialect: str | Dialect | None, *, repair: bool,
                   progress: Progress | None, keep_original: bool) -> RecordDocument:
        if not data:
            d = get_dialect(dialect) if dialect is not None else PRIMARY
            return cls.from_text(b"", d, path=p)
        bad = utf8_error(data)
        if bad is not None or _CONTROL.search(data, 0, 1 << 16):
            # control bytes or bytes that are not UTF-8: binary, unless it does not read so;
            # then text, as it is read when nothing looks binary
            try:
                return cls.from_binary(data, dialect, path=p)
            except _NotUtf8String:
                raise
            except RecordError as binary_error:
                if bad is not None:
                    byte, line, col = _not_utf8(data, bad)
                    if _CONTROL.search(data, 0, 1 << 16) is None:
                        raise RecordError(translate(
                            "reading", "not UTF-8 text (byte {byte} cannot be decoded; record files are UTF-8) "
                            "and not a binary record either").format(byte=byte), p, line, col) from None
                    if dialect is None:
                        text = translate("reading", "not a record file: neither UTF-8 text (byte {byte} is not "
                                         "UTF-8) nor a binary record of any AMCT dialect")
                    else:
                        text = translate("reading", "not a record file: neither UTF-8 text (byte {byte} is not "
                                         "UTF-8) nor a binary record ({error})")
                    raise RecordError(text.format(byte=byte, error=binary_error.message), p, line, col) from None
        return cls.from_text(data, dialect, path=p, repair=repair, progress=progress,
                             keep_original=keep_original)

    # ------------------------------------------------------------------ writing
    @property
    def style(self) -> Style:
        """The layout detected from the file (protobuf's own for new and binary files)."""
        return self._style

    @property
    def size_hint(self) -> int:
        """About how many bytes a save writes: the file as read, else the encoded message."""
        return len(self._source.data) if self._source is not None else self.message.ByteSize()

    @property
    def source_text(self) -> str | None:
        """The text as read (after repair), or None for new and binary documents."""
        return self._source.data.decode("utf-8") if self._source is not None else None

    def render_chunks(self) -> list[bytes | memoryview]:
        """The live message as UTF-8 text, in pieces (see textwrite.render_chunks)."""
        from editor.records.textwrite import format_message, render_chunks

        if self._source is None:
            return [format_message(self.message, self._style).encode("utf-8")]
        original = self._original
        assert original is not None  # a document read from text has one (read again if not kept)
        return render_chunks(self._source, original, self.message, self._style)

    def render_bytes(self) -> bytes:
        """The live message as UTF-8 text: unchanged parts of the file byte for byte."""
        return b"".join(self.render_chunks())

    def render_text(self) -> str:
        return self.render_bytes().decode("utf-8")

    def _reads_back(self, data: bytes, progress: Progress | None = None) -> ParsedText:
        """The parse of written text `data`, if it reads back as the live message exactly."""
        try:
            parsed = read_text(data, self.dialect, progress=progress)
        except Cancelled:
            raise SaveCancelled() from None
        except (TextParseError, RecordError):
            raise _Mismatch() from None
        if not same_message(parsed.message, self.message):
            raise _Mismatch()
        return parsed

    def _rendering(self) -> Rendering | None:
        """The file's text patched with the edits, or None (no text, or it cannot be patched)."""
        from editor.records.textwrite import render_patch

        if self._source is None:
            return None
        original = self._original
        assert original is not None  # a document read from text has one (read again if not kept)
        return render_patch(self._source, original, self.message, self._style)

    def write_text(self, stream: BinaryIO) -> None:
        """Write the text `save` would write to `stream` (standard output), verified as `save`
        verifies it: a patched text before anything is written, text written anew batch by
        batch before each batch is written."""
        from editor.records.readback import BatchChecker, Output, check_patch
        from editor.records.textwrite import text_batches

        rendering = self._rendering()
        if rendering is not None:
            assert self._source is not None
            good = check_patch(self._source, self.message, rendering) is not None
            rendering.keys = {}
            if not good:
                try:
                    self._reads_back(Output(rendering.chunks).slice(0, rendering.size))
                    good = True
                except _Mismatch:
                    pass
            if good:
                for chunk in rendering.chunks:
                    stream.write(chunk)
                return
        checker = BatchChecker(self.message, self.dialect)
        for batch in text_batches(self.message, self._style):
            if not checker.check(batch):
                raise RecordError("internal error: the text would not read back as the record; "
                                  "the output stops here (please report this)", self.path)
            stream.write(batch.data)

    def encode_text(self) -> bytes:
        """The text `save` would write (unchanged parts of the file byte for byte), checked the
        same way: it must read back as the live message, else the whole record is formatted
        in the file's style."""
        out = io.BytesIO()
        self.write_text(out)
        return out.getvalue()

    def encode_binary(self) -> bytes:
        try:
            return self.message.SerializeToString()
        except EncodeError as e:
            raise RecordError(f"cannot write binary: a required field is missing ({e})", self.path) from None

    def save(self, path: str | os.PathLike[str] | None = None, *, binary: bool | None = None,
             progress: Progress | None = None, force: bool = False, adopt: bool = True,
             replace_changed: bool = False) -> Path:
        """Write the record (atomically); without `path`, to the file it came from.

        Text is verified before the original is replaced: the written file must read back as
        the live message, bit for bit. After a patch (only the edited entries rewritten) only
        what changed is read again, the rest compared byte for byte with the file as read
        (see `readback`); text written anew is read back batch by batch as it is written. If
        the patched text does not read back, the whole record is written in the file's style
        instead; if that fails too nothing is replaced. The bytes on disk are compared with
        the bytes meant before the file is replaced.

        A read-only file is refused (ReadOnlyError) unless `force`. With `adopt=False` the
        document stays as it was (for a script that saves once and exits: the written text
        is not kept in memory for the next save).

        Saving to the file the document was read from (or last saved to) replaces only the
        version it read: if another program saved the file meanwhile, FileChangedError and
        nothing is written — unless `replace_changed` (the user chose to overwrite it).

        `progress(done, total)` is called while writing and while verifying (the second half
        of `total`); returning False stops the save with SaveCancelled before anything
        replaced the original.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            raise RecordError("no file name given for saving")
        binary = self.binary if binary is None else binary
        stamps: list[FileStamp] = []
        opts: dict[str, Any] = {"force": force, "saved": stamps.append,
                                "expected": None if replace_changed else self._expected(target)}
        if binary:
            data = self.encode_binary()
            write_checked(target, [data], progress=reporter(progress), total=len(data), **opts)
            if adopt:
                self._set_source(None)
        else:
            rendering = self._rendering()
            saved = None
            if rendering is not None:
                try:
                    saved = self._save_patched(target, rendering, progress, opts, adopt)
                except _Mismatch:
                    saved = None
                    rendering = None
            if rendering is None:
                saved = self._save_anew(target, progress, opts, adopt)
            if adopt:
                assert saved is not None
                self._adopt(*saved)
        if adopt:
            self.path, self.binary = target, binary
            self.stamp = stamps[-1] if stamps else None
        return target

    def _expected(self, target: Path) -> FileStamp | None:
        """The version a save to `target` may replace: the one read, when `target` is the
        document's own file; None (any) for another file."""
        if self.stamp is None or self.path is None:
            return None
        if target != self.path and os.path.realpath(target) != os.path.realpath(self.path):
            return None
        return self.stamp

    def _save_patched(self, target: Path, rendering: Rendering, progress: Progress | None, opts: dict[str, Any],
                      adopt: bool) -> tuple[ParsedText, RootMessage | None] | None:
        """Save the patched text; the new source and original (None: snapshot the message)."""
        from editor.records.readback import Output, check_patch, compare_file

        out = Output(rendering.chunks)
        size = out.size
        report = reporter(progress)
        assert self._source is not None
        patched = check_patch(self._source, self.message, rendering)
        rendering.keys = {}  # a copy of the record in bytes: not needed any more

        def check(written: Path) -> tuple[ParsedText, None] | tuple[None, bytes] | None:
            keep = adopt or patched is None
            data = compare_file(written, out, keep, report and (lambda done: report(size + done, 2 * size)))
            if not keep:
                return None
            assert data is not None
            if patched is None:  # read it all back, as a load would
                read_progress = None
                if report is not None:
                    def read_progress(done: int, total: int) -> bool:
                        return report(size + done * size // max(total, 1), 2 * size)
                parsed = self._reads_back(data, read_progress)
                return (parsed, None) if adopt else None
            return None, data

        result = write_checked(target, rendering.chunks, check=check, progress=report and (
            lambda done, _total: report(done, 2 * size)), total=size, **opts)
        if result is None:
            return None
        parsed, data = result
        if parsed is not None:  # read back whole
            return parsed, None
        assert patched is not None and data is not None  # what `check` keeps for a patched text
        # only now that the file is replaced may the original follow the live message: a
        # failed save must leave the document able to patch the file as it still is
        original = self._updated_original(rendering)
        return patched.source(data, original), original

    def _save_anew(self, target: Path, progress: Progress | None, opts: dict[str, Any],
                   adopt: bool) -> tuple[ParsedText, RootMessage | None] | None:
        """Write the whole record in the document's style, verified batch by batch."""
        from editor.records.readback import BatchChecker, compare_crc
        from editor.records.textwrite import text_batches

        report = reporter(progress)
        checker = BatchChecker(self.message, self.dialect, collect=adopt)
        entries = 1 + sum(len(v) if fd.is_repeated else 1 for fd, v in self.message.ListFields())

        def pieces() -> Iterator[bytes]:
            done = 0
            for batch in text_batches(self.message, self._style):
                if not checker.check(batch):
                    raise _Mismatch()
                yield batch.data
                done += sum(count for _, _, count in batch.entries)
                if report is not None:
                    report(done, 2 * entries)

        def check(written: Path) -> tuple[ParsedText, RootMessage | None] | None:
            data = compare_crc(written, checker, adopt, report and (
                lambda done: report(entries + done * entries // max(checker.size, 1), 2 * entries)))
            return (checker.source(data), None) if data is not None else None

        try:
            return write_checked(target, pieces(), check=check, **opts)
        except _Mismatch:
            raise RecordError("internal error: the text written would not read back as the record; "
                              "nothing was saved (please report this)", target) from None

    def _adopt(self, source: ParsedText, original: RootMessage | None) -> None:
        """The document now stands for the text just written (in the style it had)."""
        self._set_source(source, original, self._style)
        said = self._original  # what the text says (a full read's own message is dropped)
        assert said is not None  # a source is set: the record as the text says it is there
        source.message = said

    def _updated_original(self, rendering: Rendering) -> RootMessage:
        """The original message brought up to the live one, changing only the entries the
        patch did not keep (a full copy when many changed)."""
        original = self._original
        if original is None:  # nothing to bring up to date: the text written says the live message
            return _snapshot(self.message)
        for name, blocks in rendering.kept.items():
            if blocks is None:
                continue
            live, old = getattr(self.message, name), getattr(original, name)
            kept_old = [False] * len(old)
            kept_new = [False] * len(live)
            for i1, i2, j1 in blocks:
                kept_old[i1:i2] = [True] * (i2 - i1)
                kept_new[j1:j1 + i2 - i1] = [True] * (i2 - i1)
            if kept_old.count(False) + kept_new.count(False) > 64:
                return _snapshot(self.message)
            for i in reversed(range(len(old))):
                if not kept_old[i]:
                    del old[i]
            for j, keep in enumerate(kept_new):
                if not keep:
                    old.insert(j, live[j])
        return original

    def convert(self, dialect: str | Dialect, *, drop_unsupported: bool = False
                ) -> tuple[RecordDocument, list[str]]:
        """This record in another dialect, and the fields dropped (see convert_message).

        The new document's `explicit_defaults` lists the unset fields written out because
        the two schemas' defaults differ (ONNX's skip_fusion), so the meaning is kept.
        """
        d = get_dialect(dialect)
        explicit: list[ExplicitDefault] = []
        msg, dropped = convert_message(self.message, d, drop_unsupported=drop_unsupported,
                                       explicit=explicit)
        converted = RecordDocument(msg, d)
        converted.explicit_defaults = explicit
        return converted, dropped

    # ------------------------------------------------------------------ locations
    def locate(self, record_index: int | None = None, prune_index: int | None = None,
               field: str | None = None) -> tuple[int, int] | None:
        """(line, column) in the file of an entry, or of a field path inside it.

        `field` is relative to the entry (`key`, `kv_cache_value.scale[2]`, `consumer[1].attr[0]`)
        or, for layer records, to its `value` (`scale_w[3]`). None when the file does not say
        (new or binary documents, or an entry edited since the file was read).
        """
        if record_index is not None:
            name, index = "record", record_index
        elif prune_index is not None:
            name, index = "prune_record", prune_index
        else:
            return None
        item = self._unedited_item(name, index)
        src = self._source
        if item is None or src is None:
            return None
        live = getattr(self.message, name)
        if not field:
            return src.lines.line_col(item.start)
        try:
            rel = parse_path(field)
        except PathError:
            return src.lines.line_col(item.start)
        if name == "record":
            rel = in_entry(live[index].DESCRIPTOR, rel)
        if item.children is None:  # read by the fast path: search its text, build no tree
            off = quick_offset(src.data, item.start, item.end, rel)
            if off is not None:
                return src.lines.line_col(off)
        src.item_node(item)
        node = child_node(item, index)
        if node is None:
            return src.lines.line_col(item.start)
        off = tree_offset(node, rel)
        return src.lines.line_col(off if off is not None else item.start)

    @property
    def has_source(self) -> bool:
        """True when the document stands for a text it was read from (or last saved as)."""
        return self._source is not None

    def entry_text(self, name: str, index: int) -> tuple[int, bytes] | None:
        """(the line it starts at, the file's text) of top-level entry `name` `index` as
        read; None when the file does not say (new or binary documents, an entry edited
        since the file was read)."""
        item = self._unedited_item(name, index)
        if item is None or self._source is None:
            return None
        return self._source.lines.line(item.start), self._source.data[item.start:item.end]

    def _unedited_item(self, name: str, index: int) -> Stmt | None:
        """The statement entry `name` `index` was read from, if the entry is as read."""
        if self._source is None:
            return None
        live = getattr(self.message, name, None)
        if live is None or not 0 <= index < len(live):
            return None
        if self._original_message is not None:  # without a snapshot (read only) nothing was edited
            orig = getattr(self._original_message, name, None)
            if orig is None or index >= len(orig):
                return None
            if live[index].SerializePartialToString() != orig[index].SerializePartialToString():
                return None
        return self._item_for(name, index)

    def _item_for(self, name: str, index: int) -> Stmt | None:
        if self._source is None:
            return None  # a new or binary document: no text to point into
        if name == "record":
            if self._items is None:
                self._items = record_items(self._source)
            return self._items.get(index)
        for item in self._source.items:
            if item.field is not None and item.field.name == name and \
                    item.first_index <= index < item.first_index + item.count:
                return item
        return None
