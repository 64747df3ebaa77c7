"""encode_steps gives protobuf's own bytes, a few entries at a time."""
from __future__ import annotations

import math

import pytest
from google.protobuf import text_format
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.paths import samples_dir
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.synth import make_big
from editor.records.wire import encode_steps, varint


def encoded(message, per_step=64) -> tuple[bytes, list[int]]:
    pieces: list[bytes] = []
    steps = list(encode_steps(message, pieces, per_step))
    return b"".join(pieces), steps


@pytest.mark.parametrize("path", sorted(samples_dir().glob("*.txt")), ids=lambda p: p.name)
def test_samples_encode_as_protobuf_does(path):
    message = RecordDocument.load(path).message
    data, steps = encoded(message, per_step=7)
    assert data == message.SerializePartialToString()
    entries = len(message.record) + len(getattr(message, "prune_record", []))
    assert steps[:-1] == list(range(7, entries + 1, 7)) and steps[-1] == entries


def test_a_big_record_in_steps():
    message = make_big("pytorch", layers=300, channels=512)
    data, steps = encoded(message)
    assert data == message.SerializePartialToString()
    entries = len(message.record) + len(message.prune_record)
    assert entries == 330 and steps == [64, 128, 192, 256, 320, 330]


def test_top_level_scalar_fields_and_partial_messages():
    # a message with scalars, repeated scalars and a bytes field at the top (AttrProto)
    attr_type = DIALECTS["tf-inner"].new_message().prune_record.add().producer.add().attr.add()
    text_format.Merge('name: "mask" type: INTS i: -3 ints: 1 ints: 300 ints: -2 s: "\\377x"', attr_type)
    assert encoded(attr_type)[0] == attr_type.SerializePartialToString()
    # a record entry without its required key (partial), and an empty message
    message = DIALECTS["pytorch"].new_message()
    message.record.add().value.scale_d = 0.5
    assert encoded(message)[0] == message.SerializePartialToString()
    assert encoded(DIALECTS["caffe"].new_message())[0] == b""


@pytest.mark.parametrize("n", [0, 1, 127, 128, 300, 16383, 16384, 2**31 - 1, 2**63])
def test_varint_matches_protobuf(n):
    # protobuf's own (private) encoder, the reference: its stubs do not declare it
    from google.protobuf.internal.encoder import _VarintBytes  # type: ignore[attr-defined]
    assert varint(n) == _VarintBytes(n)


floats = st.floats(width=32, allow_nan=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=12), floats, st.lists(floats, max_size=40),
                          st.integers(-2**31, 2**31 - 1)), max_size=30),
       st.integers(1, 10))
def test_generated_records(layers, per_step):
    message = DIALECTS["pytorch"].new_message()
    for key, scale_d, scale_w, offset_d in layers:
        entry = message.record.add()
        entry.key = key
        entry.value.scale_d = scale_d
        entry.value.offset_d = offset_d
        entry.value.scale_w.extend(scale_w)
    data, _steps = encoded(message, per_step)
    assert data == message.SerializePartialToString()
    back = DIALECTS["pytorch"].new_message()
    back.ParseFromString(data)
    assert [e.key for e in back.record] == [e.key for e in message.record]
    assert all((math.isnan(a) and math.isnan(b)) or a == b
               for x, y in zip(back.record, message.record, strict=True)
               for a, b in zip(x.value.scale_w, y.value.scale_w, strict=True))
