"""The reader agrees with google.protobuf.text_format.Merge, and the writer round-trips."""
from __future__ import annotations

import math
import struct

import pytest
from google.protobuf import text_format
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.records.dialects import DIALECTS
from editor.records.textread import TextParseError, parse_text, read_text, reading_problems
from editor.records.textwrite import (
    detect_style,
    format_float_cpp,
    format_float_py,
    format_message,
    render,
    to_f32,
)
from tests.records.textgen import any_f32, record_texts

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def merged(name: str, text: str | bytes):
    msg = DIALECTS[name].new_message()
    text_format.Merge(text, msg)
    return msg


def wire(msg) -> bytes:
    return msg.SerializePartialToString()


@SETTINGS
@given(record_texts())
def test_reader_agrees_with_text_format_merge(case):
    name, text = case
    want = merged(name, text)
    got = parse_text(text, name)
    assert wire(got.message) == wire(want)


@SETTINGS
@given(record_texts())
def test_unedited_document_renders_the_same_text(case):
    name, text = case
    parsed = parse_text(text, name)
    original = DIALECTS[name].new_message()
    original.CopyFrom(parsed.message)
    assert render(parsed, original, parsed.message) == text.encode("utf-8")


@SETTINGS
@given(record_texts(), st.data())
def test_edits_render_to_text_that_reads_back_bit_exact(case, data):
    name, text = case
    parsed = parse_text(text, name)
    original = DIALECTS[name].new_message()
    original.CopyFrom(parsed.message)
    live = parsed.message
    records = live.record
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["scale", "append", "delete-el", "add", "remove", "clear", "key", "move"]))
        if op == "add" or not len(records):
            e = records.add()
            e.key = data.draw(st.sampled_from(["new", "conv9", "x y"]))
            e.value.scale_d = data.draw(any_f32)
            e.value.scale_w.extend(data.draw(st.lists(any_f32, max_size=3)))
            continue
        i = data.draw(st.integers(0, len(records) - 1))
        v = records[i].value
        if op == "scale":
            v.scale_d = data.draw(any_f32)
        elif op == "append":
            v.scale_w.append(data.draw(any_f32))
            v.offset_w.append(0)
        elif op == "delete-el" and len(v.scale_w):
            del v.scale_w[data.draw(st.integers(0, len(v.scale_w) - 1))]
        elif op == "remove":
            del records[i]
        elif op == "clear":
            records[i].ClearField("value")
        elif op == "key":
            records[i].key = data.draw(st.text(max_size=5))
        elif op == "move" and len(records) > 1:
            e = records[i].SerializePartialToString()
            del records[i]
            moved = records.add()
            moved.MergeFromString(e)
    out = render(parsed, original, live)
    again = merged(name, out)
    assert wire(again) == wire(live)


@SETTINGS
@given(record_texts(), st.integers(0, 10_000), st.sampled_from(["}", "{", ":", '"', "[", "?", "\n}"]))
def test_broken_text_fails_like_text_format_at_the_same_place(case, where, junk):
    name, text = case
    if not text:
        return
    pos = where % len(text)
    bad = text[:pos] + junk + text[pos:]
    try:
        want = merged(name, bad)
    except text_format.ParseError as e:
        with pytest.raises(TextParseError) as err:
            parse_text(bad, name)
        assert (err.value.line, err.value.column) == (e.GetLine(), e.GetColumn())
    else:
        assert wire(parse_text(bad, name).message) == wire(want)


@settings(max_examples=2000, deadline=None)
@given(any_f32)
def test_both_float_styles_read_back_bit_exact(v):
    for spelled in (format_float_py(v), format_float_cpp(v)):
        assert struct.pack("<f", to_f32(float(spelled))) == struct.pack("<f", v)
        msg = merged("tf-inner", f'record {{ value {{ scale_d: {spelled} }} }}')
        assert struct.pack("<f", msg.record[0].value.scale_d) == struct.pack("<f", v)


def test_float_styles_match_cpp_and_python_protobuf():
    msg = DIALECTS["tf-inner"].new_message()
    v = msg.record.add().value
    v.scale_w.extend([6 / 255, 0.00430654, 1.0, 1e-05, 0.1])
    assert [format_float_py(x) for x in v.scale_w] == ["0.023529412", "0.00430654", "1.0", "1e-05", "0.1"]
    # upb's C printer (str(message)) spells floats as C++ protobuf does
    cpp_tokens = [line.split(": ")[1] for line in str(msg).splitlines() if "scale_w" in line]
    assert [format_float_cpp(x) for x in v.scale_w] == cpp_tokens
    assert format_float_cpp(to_f32(6 / 255)) == "0.0235294122"
    assert format_float_py(math.inf) == "inf" and format_float_cpp(-math.inf) == "-inf"


@SETTINGS
@given(record_texts())
def test_canonical_format_is_what_amct_writes(case):
    name, text = case
    msg = merged(name, text)
    assert format_message(msg) == text_format.MessageToString(msg, as_utf8=True)


def test_overrides_are_reported_with_both_lines():
    text = 'record {\n  key: "a"\n  value {\n    scale_d: 1\n    scale_d: 2\n  }\n}\n'
    parsed = parse_text(text, "tf-inner")
    assert parsed.message.record[0].value.scale_d == 2.0  # last wins, as text_format.Merge
    (p,) = reading_problems(parsed)
    assert p.rule == "field-override" and p.key == "a" and p.field == "value.scale_d"
    assert "line 4 and line 5" in p.message and p.line == 5
    assert p.severity.value == "warning"
    caffe = reading_problems(parse_text(text, "caffe"))
    assert caffe[0].severity.value == "error"  # AMCT Caffe parses strictly


def test_two_value_blocks_merge_and_are_reported():
    text = 'record {\n  key: "a"\n  value { scale_d: 1 }\n  value { offset_d: 3 }\n}\n'
    parsed = parse_text(text, "tf-inner")
    v = parsed.message.record[0].value
    assert (v.scale_d, v.offset_d) == (1.0, 3)
    (p,) = reading_problems(parsed)
    assert p.rule == "field-override" and "line 3 and line 4" in p.message


def test_duplicate_keys_are_reported_with_both_lines():
    text = 'record {\n  key: "a"\n}\nrecord {\n  key: "b"\n}\nrecord {\n  key: "a"\n}\n'
    (p,) = reading_problems(parse_text(text, "tf-inner"))
    assert p.rule == "duplicate-key" and p.record_index == 2
    assert "line 1" in p.message and "line 7" in p.message and p.severity.value == "error"


def test_a_key_given_three_times_is_counted_right():
    text = 'record {\n  key: "a"\n}\n' * 3 + 'record {\n  key: "a"\n}\n'
    problems = reading_problems(parse_text(text, "tf-inner"))
    assert [p.record_index for p in problems] == [1, 2, 3]
    assert 'appears twice (record 0 at line 1 and record 1 at line 4)' in problems[0].message
    assert 'appears a 3rd time (record 2 at line 7; first as record 0 at line 1)' in problems[1].message
    assert 'appears a 4th time (record 3 at line 10;' in problems[2].message
    assert not any("twice" in p.message for p in problems[1:])


def test_python_only_numbers_are_reported():
    text = "record {\n  value {\n    offset_d: +3\n    scale_d: 1_0\n  }\n}\n"
    problems = reading_problems(parse_text(text, "tf-inner"))
    assert {p.rule for p in problems} == {"python-only-syntax"}
    assert [p.line for p in problems] == [3, 4]


def test_unknown_field_names_dialects_that_have_it():
    text = 'record {\n  key: "a"\n  value {\n    channels: 3\n  }\n}\nprune_record {\n}\n'
    with pytest.raises(TextParseError) as err:
        read_text(text)
    assert (err.value.line, err.value.column) == (4, 5)
    assert '"channels"' in err.value.message and "caffe" in err.value.message
    with pytest.raises(TextParseError) as err:
        read_text('record { value { bogus_field: 3 } }')
    assert "no AMCT dialect has a field of that name" in err.value.message


@pytest.mark.parametrize("names,dialect", [
    ("channels: 3", "caffe"),
    ("scale_h: 0.5", "pytorch"),
    ("op_data_type: \"float16\"", "onnx"),
    ("scale_d: 0.5", "tf-inner"),
])
def test_dialect_detection_from_field_names(names, dialect):
    assert read_text(f'record {{\n  key: "x"\n  value {{\n    {names}\n  }}\n}}\n').dialect.name == dialect


def test_kv_cache_value_detects_pytorch_even_late_in_the_file():
    filler = 'record {\n  key: "x"\n  value {\n    scale_d: 0.5\n  }\n}\n' * 3
    text = filler + 'record {\n  key: "k"\n  kv_cache_value {\n    scale: 1\n  }\n}\n'
    assert read_text(text).dialect.name == "pytorch"


def test_style_detection():
    assert detect_style("record {\n    key: \"a\"\n}\n").indent == "    "
    assert detect_style("record {\nkey: \"a\"\n}\n").indent == ""
    assert detect_style("record {\n  value: {\n    scale_d: 0.0235294122\n  }\n}\n").colon_before_brace
    assert detect_style("a {\n  scale_d: 0.0235294122\n}\n").floats == "cpp"
    assert detect_style("a {\n  scale_d: 0.023529412\n}\n").floats == "py"
    assert detect_style("a {\r\n  b: 1\r\n}\r\n").newline == "\r\n"


@pytest.mark.parametrize("text,where,belongs", [
    ('record {\n  key: "a"\n  scale_d: 0.5\n}\n', "in a record entry",
     "scale_d belongs inside value { … } of a record entry"),
    ("scale_d: 0.5\n", "in the top level of the file", "scale_d belongs inside value { … } of a record entry"),
    ('record {\n  value {\n    key: "a"\n  }\n}\n', "in value { … } of a record entry",
     "key belongs inside a record entry"),
    ("record {\n  value {\n    record {\n    }\n  }\n}\n", "in value { … } of a record entry",
     "record belongs at the top level of the file"),
])
def test_a_misplaced_field_says_where_it_belongs(text, where, belongs):
    """Every dialect has scale_d, inside value { }: the message says so instead of naming
    other dialects as if they accepted it there."""
    with pytest.raises(TextParseError) as err:
        read_text(text)
    message = err.value.message
    assert where in message and belongs in message
    assert "dialects that have" not in message and "not part of the" not in message


def test_other_dialects_are_named_only_where_they_accept_the_field_at_that_place():
    # channels inside value { }: Caffe has it right there
    with pytest.raises(TextParseError) as err:
        parse_text('record {\n  value {\n    channels: 3\n  }\n}\n', "tf-inner")
    assert "dialects that have it here: caffe" in err.value.message
    assert "(choose one with --dialect, or File ▸ Read As Dialect in the editor)" in err.value.message
    # channels in the entry itself: no dialect has it there, so none is offered as an answer,
    # only said where the dialect that has it puts it
    for dialect in ("tf-inner", "pytorch"):
        with pytest.raises(TextParseError) as err:
            parse_text('record {\n  key: "a"\n  channels: 3\n}\n', dialect)
        message = err.value.message
        assert "dialects that have" not in message and "--dialect" not in message
        assert "no AMCT dialect has it here (caffe has it inside value { … } of a record entry)" in message


@pytest.mark.parametrize("text", [
    'record {\n  key: "' + "a" * 100_000 + "\n}\n",  # an unterminated string: the rest of the line
    "record {\n  key: a" + "b" * 100_000 + "\n}\n",
    "record {\n  value {\n    scale_d: 1" + "e" * 100_000 + "\n  }\n}\n",
    "record {\n  " + "x" * 100_000 + ": 1\n}\n",
    'record {\n  key: "' + "a b " * 30_000 + "\n}\n",
])
def test_a_syntax_error_quotes_a_short_snippet_not_the_whole_line(text):
    with pytest.raises(TextParseError) as err:
        read_text(text)
    assert len(err.value.message) < 300 and "…" in err.value.message
    assert err.value.line in (2, 3) and err.value.column is not None


def _counted(data: bytes, offset: int) -> tuple[int, int]:
    offset = max(0, min(offset, len(data)))
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[start:offset].decode("utf-8", errors="replace")) + 1


@pytest.mark.parametrize("newline_share", [0.3, 0.0])
def test_line_index_answers_as_counting_does(newline_share):
    """Line and column (in characters) of any offset, multi-byte text, a line longer than a
    block (one-line files), offsets inside a character and past the end included."""
    import random

    from editor.records.textread import LineIndex

    rng = random.Random(5)
    pieces = [b"ab", b"\xc3\xa9x", b"zz", b"\r", b"\xe4\xb8\xad", b"\xf0\x9f\x98\x80"]
    data = b"".join(b"\n" if rng.random() < newline_share else rng.choice(pieces) for _ in range(120_000))
    index = LineIndex(data)
    block = LineIndex._BLOCK  # noqa: SLF001
    offsets = [*rng.sample(range(len(data) + 1), 3000), 0, 1, len(data), len(data) + 10,
               *range(block - 3, block + 3), *range(2 * block - 3, 2 * block + 3)]
    for off in offsets:
        assert index.line_col(off) == _counted(data, off), off


def test_line_index_of_a_long_one_line_file_reads_one_block_per_look_up(monkeypatch):
    """A file on one line: each look-up counts the characters of at most one block (it
    decoded from the line's start each time: quadratic, minutes for 1 000 notes at 50 MB)."""
    from editor.records import textread
    from editor.records.textread import LineIndex

    data = "x: é ".encode() * 400_000
    index = LineIndex(data)
    index.line_col(0)  # the one pass over the data
    counted: list[int] = []
    real = textread._chars  # noqa: SLF001

    def spy(part: bytes) -> int:
        counted.append(len(part))
        return real(part)

    monkeypatch.setattr(textread, "_chars", spy)
    step = len(data) // 500
    got = [index.line_col(off) for off in range(0, len(data), step)]
    assert max(counted) <= LineIndex._BLOCK  # noqa: SLF001
    assert got[-1] == _counted(data, step * 499)
