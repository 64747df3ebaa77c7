"""A message's binary encoding produced a few entries at a time.

`encode_steps` gives the same bytes as `message.SerializePartialToString()`, but serializes
the top-level repeated entries (`record`, `prune_record`) one by one and pauses between
batches, so a GUI thread can serialize a 200 MB record for crash recovery in slices of a
few milliseconds instead of one 100 ms call. Each entry is encoded by protobuf itself; this
module only writes the field tag and length in front of it (the protobuf wire format's
length-delimited field: varint(number << 3 | 2), varint(length), bytes) and encodes any
other top-level field through protobuf as well, in field-number order as protobuf does.
"""
from __future__ import annotations

from collections.abc import Iterator

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from editor.records.messages import descriptor_of

_LENGTH_DELIMITED = 2


def varint(n: int) -> bytes:
    """Protobuf's base-128 varint of a non-negative integer."""
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if n:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def encode_steps(message: Message, pieces: list[bytes], per_step: int = 64) -> Iterator[int]:
    """Append `message`'s binary encoding to `pieces`; yield the number of entries done after
    every `per_step` top-level entries (and once at the end).

    `b"".join(pieces)` equals `message.SerializePartialToString()` once the iterator is
    exhausted. The message must not change while the iterator runs.
    """
    done = 0
    for fd in sorted(descriptor_of(message).fields, key=lambda f: f.number):
        if fd.is_repeated and fd.message_type is not None and not fd.message_type.GetOptions().map_entry:
            tag = varint((fd.number << 3) | _LENGTH_DELIMITED)
            for entry in getattr(message, fd.name):
                body = entry.SerializePartialToString()
                pieces.append(tag + varint(len(body)))
                pieces.append(body)
                done += 1
                if done % per_step == 0:
                    yield done
        elif _is_set(message, fd):
            only = type(message)()
            value = getattr(message, fd.name)
            if fd.is_repeated:
                getattr(only, fd.name).extend(value)
            elif fd.message_type is not None:
                getattr(only, fd.name).CopyFrom(value)
            else:
                setattr(only, fd.name, value)
            pieces.append(only.SerializePartialToString())
    yield done


def _is_set(message: Message, fd: FieldDescriptor) -> bool:
    if fd.is_repeated:
        return len(getattr(message, fd.name)) > 0
    if fd.has_presence:
        return message.HasField(fd.name)
    return bool(getattr(message, fd.name) != fd.default_value)
