"""Read a big binary protobuf file without copying its bulk data: the message's structure is
parsed as usual, while large tensor payloads are only located (file offset and length) and
read later, on demand.

How: the file is walked with the protobuf wire format, reading little more than the headers (tag = varint
``number << 3 | wire_type``; wire type 2 is ``varint(length)`` + bytes). A `Spec` says which
length-delimited fields to descend into (sub-messages on the way to the tensors) and which
are payloads (e.g. ONNX ``TensorProto.raw_data``). Everything else is copied unchanged into a
"skeleton": the same message minus its payloads, small enough to parse with protobuf. Each
payload found is reported with its `Path` — the (field number, occurrence) steps from the
top message to the message holding it — so a reader can attach it to the parsed message.

Sub-messages shorter than `Spec.min_size` are copied whole without looking inside (their
payloads are small and stay in the skeleton), which keeps the walk to a few thousand steps
even for graphs with many small nodes.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, TypeAlias, overload

from google.protobuf.message import DecodeError

VARINT, FIXED64, LENGTH, START_GROUP, END_GROUP, FIXED32 = 0, 1, 2, 3, 4, 5

#: One step down: (field number, occurrence among that field's values in its message,
#: label). The label is what `Spec.label` made of the sub-message's skeleton (a map key),
#: None where the spec has no label.
Step: TypeAlias = tuple[int, int, str | None]
Path: TypeAlias = tuple[Step, ...]
#: a `Path` without its labels, (field number, occurrence) steps: how the readers look up
#: the payloads of one message
Where: TypeAlias = tuple[tuple[int, int], ...]


class Cancelled(Exception):
    """The progress callback asked to stop."""


@dataclass
class Spec:
    """What to do inside one message type.

    `children` maps a field number to the `Spec` of its sub-message (descend into it) or to
    `PAYLOAD` (locate it, leave it out of the skeleton). `label`, if given, is called with a
    sub-message's skeleton bytes and its result stored in the path (for map entries, whose
    order protobuf does not keep). Sub-messages shorter than `min_size` bytes are copied
    whole; payloads shorter than it stay in the skeleton.
    """

    children: dict[int, Spec | str] = field(default_factory=dict)
    label: Callable[[bytes], str] | None = None
    min_size: int = 1024


PAYLOAD = "payload"


@dataclass(frozen=True)
class Payload:
    """A field left out of the skeleton: where its bytes are in the file."""

    path: Path
    number: int
    offset: int
    length: int


def read_varint(buf: ByteSource, pos: int, end: int) -> tuple[int, int]:
    """(value, position after it) of the varint at `pos`."""
    result = 0
    shift = 0
    while True:
        if pos >= end:
            raise DecodeError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift >= 64:
            raise DecodeError("varint longer than 10 bytes")


def encode_varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if n:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def skip_value(buf: ByteSource, wire_type: int, pos: int, end: int) -> tuple[int, int]:
    """(start, end) of a field's value (for LENGTH: the bytes after the length)."""
    if wire_type == VARINT:
        _, after = read_varint(buf, pos, end)
        return pos, after
    if wire_type == FIXED64:
        after = pos + 8
    elif wire_type == FIXED32:
        after = pos + 4
    elif wire_type == LENGTH:
        length, pos = read_varint(buf, pos, end)
        after = pos + length
    else:  # groups are not used by any schema read here
        raise DecodeError(f"unsupported wire type {wire_type}")
    if after > end:
        raise DecodeError("a field runs past the end of its message")
    return pos, after


def iter_fields(buf: ByteSource, start: int, end: int) -> Iterator[tuple[int, int, int, int, int]]:
    """(number, wire type, field start, value start, value end) of each field in [start, end)."""
    pos = start
    while pos < end:
        tag, value_pos = read_varint(buf, pos, end)
        number, wire_type = tag >> 3, tag & 7
        if number == 0:
            raise DecodeError("field number 0")
        value_start, value_end = skip_value(buf, wire_type, value_pos, end)
        yield number, wire_type, pos, value_start, value_end
        pos = value_end


class _Walker:
    def __init__(self, buf: ByteSource, progress: Callable[[int, int], bool] | None, total: int):
        self.buf = buf
        self.payloads: list[Payload] = []
        self.progress = progress
        self.total = total

    def strip(self, start: int, end: int, spec: Spec, path: Path) -> bytes:
        buf = self.buf
        out: list[bytes | memoryview] = []
        pending = start  # copy untouched fields in runs, not one by one
        counts: dict[int, int] = {}
        for number, wire_type, field_start, value_start, value_end in iter_fields(buf, start, end):
            occurrence = counts.get(number, 0)
            counts[number] = occurrence + 1
            child = spec.children.get(number)
            if child is None or wire_type != LENGTH or value_end - value_start < spec.min_size:
                continue
            out.append(buf[pending:field_start])
            pending = value_end
            if child == PAYLOAD:
                self.payloads.append(Payload(path, number, value_start, value_end - value_start))
            else:
                assert isinstance(child, Spec)
                # the label needs the skeleton, the path needs the label: strip first, then
                # fix up the payloads found inside with the label
                first = len(self.payloads)
                inner = self.strip(value_start, value_end, child, (*path, (number, occurrence, None)))
                if child.label is not None:
                    label = child.label(inner)
                    depth = len(path)
                    for k in range(first, len(self.payloads)):
                        p = self.payloads[k]
                        steps = list(p.path)
                        steps[depth] = (number, occurrence, label)
                        self.payloads[k] = Payload(tuple(steps), p.number, p.offset, p.length)
                out.append(encode_varint(number << 3 | LENGTH) + encode_varint(len(inner)) + inner)
            if self.progress is not None and not self.progress(value_end, self.total):
                raise Cancelled()
        out.append(buf[pending:end])
        return b"".join(out)


class FileBuffer:
    """Byte and slice access to a file, read on demand through a small window.

    Not a memory map: mapping the file would count every page a walk touches (with large page
    cache folios, megabytes around each field header) as this process's memory.
    """

    def __init__(self, f: BinaryIO, size: int, window: int = 1 << 16):
        self._fd = f.fileno()
        self._size = size
        self._window = window
        self._start = 0
        self._data = b""

    def __len__(self) -> int:
        return self._size

    def _read(self, start: int, length: int) -> bytes:
        data = os.pread(self._fd, length, start)
        if len(data) != length:
            raise DecodeError("the file ended while it was read (did it change?)")
        return data

    @overload
    def __getitem__(self, k: int) -> int: ...
    @overload
    def __getitem__(self, k: slice) -> bytes: ...

    def __getitem__(self, k: int | slice) -> int | bytes:
        if isinstance(k, slice):
            start, stop, _ = k.indices(self._size)
            if stop <= start:
                return b""
            if self._start <= start and stop <= self._start + len(self._data):
                return self._data[start - self._start:stop - self._start]
            return self._read(start, stop - start)
        if not self._start <= k < self._start + len(self._data):
            if not 0 <= k < self._size:
                raise IndexError(k)
            self._start = k
            self._data = self._read(k, min(self._window, self._size - k))
        return self._data[k - self._start]


#: what the walk reads: a file through `FileBuffer`, or bytes already in memory
ByteSource: TypeAlias = FileBuffer | memoryview | bytes


def split_file(path: str | os.PathLike[str], spec: Spec,
               progress: Callable[[int, int], bool] | None = None) -> tuple[bytes, list[Payload]]:
    """The skeleton of the message in `path` and the payloads left out of it.

    Raises DecodeError for bytes that are not a protobuf message, OSError for an unreadable
    file and `Cancelled` when `progress(done, total)` returns False.
    """
    with open(path, "rb") as f:
        return split_open(f, spec, progress)


def split_open(f: BinaryIO, spec: Spec, progress: Callable[[int, int], bool] | None = None) -> tuple[bytes, list[Payload]]:
    """`split_file` of a file already open (binary; the readers open it with
    `editor.models.base.open_regular`)."""
    size = os.fstat(f.fileno()).st_size
    if size == 0:
        return b"", []
    walker = _Walker(FileBuffer(f, size), progress, size)
    skeleton = walker.strip(0, size, spec, ())
    if progress is not None and not progress(size, size):
        raise Cancelled()
    return skeleton, walker.payloads


def split_bytes(data: bytes, spec: Spec) -> tuple[bytes, list[Payload]]:
    """`split_file` for bytes already in memory (tests, small inputs)."""
    walker = _Walker(memoryview(data), None, len(data))
    skeleton = walker.strip(0, len(data), spec, ())
    return bytes(skeleton), walker.payloads


def top_level_fields(path: str | os.PathLike[str], limit: int = 64) -> list[tuple[int, int]]:
    """(number, wire type) of the first top-level fields of a binary file, for telling formats
    apart; stops at the first thing that is not a valid field."""
    with open(path, "rb") as f:
        return top_level_fields_open(f, limit)


def top_level_fields_open(f: BinaryIO, limit: int = 64) -> list[tuple[int, int]]:
    """`top_level_fields` of a file already open (binary)."""
    found: list[tuple[int, int]] = []
    size = os.fstat(f.fileno()).st_size
    if size == 0:
        return found
    try:
        for number, wire_type, *_ in iter_fields(FileBuffer(f, size), 0, size):
            found.append((number, wire_type))
            if len(found) >= limit:
                break
    except DecodeError:
        pass
    return found
