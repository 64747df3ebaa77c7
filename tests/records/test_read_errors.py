"""A file that ends inside an entry says so: which entry, where it opened, where the text ran
out; the command line says the same (exit 2, JSON included)."""
from __future__ import annotations

import json
import re

import pytest

from editor.cli import main
from editor.records.document import RecordDocument, RecordError
from editor.records.read_errors import at_end
from editor.records.textread import TextParseError, read_text
from tests.conftest import RESNET50_CAFFE


def _truncated(tmp_path, fraction: float):
    """The real ResNet-50 Caffe record cut at `fraction` of its size, the entry it ends in
    (0-based index, key, line of its `record {`), and the line of its last token."""
    data = RESNET50_CAFFE.read_bytes()
    cut = data[:int(len(data) * fraction)]
    opens = [m.start() for m in re.finditer(rb"(?m)^record \{", cut)]
    index = len(opens) - 1
    found = re.compile(rb'key: "([^"]*)"').search(cut, opens[-1])
    assert found is not None
    key = found.group(1).decode()
    path = tmp_path / "resnet50_cut.txt"
    path.write_bytes(cut)
    return path, index, key, cut.count(b"\n", 0, opens[-1]) + 1, cut.rstrip().count(b"\n") + 1


@pytest.mark.parametrize("fraction", [0.5, 0.77, 0.999])
def test_a_truncated_real_record_names_the_entry_it_ends_in(tmp_path, fraction):
    path, index, key, opened, last = _truncated(tmp_path, fraction)
    with pytest.raises(RecordError) as err:
        RecordDocument.load(path)
    e = err.value
    assert f'file ends inside record {index} (layer "{key}"), opened at line {opened}:' in e.message
    assert "Expected" not in e.message and "unknown field" not in e.message
    assert e.line == last  # where the text ran out: Show Source goes there
    assert str(e).startswith(f"{path}:{last}:")


def test_a_field_name_cut_short_is_no_unknown_field():
    text = b'record {\n  key: "conv1"\n  value {\n    scale_d: 0.5\n    sca'
    with pytest.raises(TextParseError) as err:
        read_text(text, "caffe")
    assert err.value.message.startswith('the file ends inside record 0 (layer "conv1"), opened at line 1')
    assert 'its last field name, "sca", is cut short' in err.value.message
    assert (err.value.line, err.value.column) == (5, 5)
    assert err.value.field_name is None  # no other dialect is tried for a cut-off name


def test_a_prune_record_and_an_unclosed_string_at_the_end():
    with pytest.raises(TextParseError) as err:
        read_text(b'record {\n  key: "a"\n}\nprune_record {\n  producer {\n    name: "x"\n', "tf-inner")
    assert err.value.message.startswith("the file ends inside prune_record 0, opened at line 4")
    with pytest.raises(TextParseError) as err:
        read_text(b'record {\n  key: "a"\n}\nrecord {\n  key: "ab', "caffe")
    assert err.value.message.startswith("the file ends inside record 1, opened at line 4")
    assert "missing ending quote" in err.value.message


def test_errors_that_are_not_at_the_end_keep_their_own_words():
    # an unknown field in the middle of the file (the file goes on after it)
    text = b'record {\n  key: "a"\n  value {\n    bogus: 2\n  }\n}\nrecord {\n  key: "b"\n}\n'
    with pytest.raises(TextParseError) as err:
        read_text(text, "caffe")
    assert err.value.message.startswith('unknown field "bogus"') and err.value.line == 4
    # a closing bracket missing in the middle: the next entry's name is what the reader trips on
    text = b'record {\n  key: "a"\n  value {\n    scale_d: 1\n  }\nrecord {\n  key: "b"\n}\n'
    with pytest.raises(TextParseError) as err:
        read_text(text, "caffe")
    assert "ends inside" not in err.value.message and err.value.line == 6


def test_at_end_looks_only_at_what_follows():
    data = b"a: 1\n  b: 2   # note\n  \n"
    assert at_end(data, data.index(b"2")) and not at_end(data, data.index(b"b"))
    assert not at_end(data, 0) and not at_end(data, None)
    assert at_end(b'key: "unclosed', 5)


def test_check_and_info_say_it_too(tmp_path, capsys):
    path, index, key, opened, last = _truncated(tmp_path, 0.5)
    words = f"file ends inside record {index} (layer \"{key}\"), opened at line {opened}"
    assert main(["check", str(path)]) == 2
    assert words in capsys.readouterr().err
    assert main(["check", "--json", str(path)]) == 2
    (entry,) = json.loads(capsys.readouterr().out)["files"]
    assert entry["error"].startswith(f"{path}:{last}:") and words in entry["error"]
    assert main(["info", "--json", str(path)]) == 2
    assert words in json.loads(capsys.readouterr().out)["error"]


# --- protobuf's own words in the language in use -------------------------------------------

_BROKEN = [
    ('record {\n  key: "a"\n  value {\n    scale_d: x\n  }\n}\n',
     "Couldn't parse float: x", "无法解析为浮点数：x"),
    ('record {\n  key: "a"\n  value {\n    offset_d: 99999999999\n  }\n}\n',
     "Value out of range: 99999999999", "值超出范围：99999999999"),
    ('record {\n  key: 1\n}\n', "Expected string but found: '1'; text values go in double quotes: key: \"1\"",
     "此处应为字符串，实际是：'1'；文本值要写在双引号里：key: \"1\""),
    ('record {\n  key "a"\n}\n', 'Expected ":".', '此处应为 ":"。'),
    ('record {\n  key: "a"\n  value {\n    skip_fusion: maybe\n  }\n}\n',
     'Expected "true" or "false".', '此处应为 "true" 或 "false"。'),
    ("record {\n  : 1\n}\n", "Expected identifier or number, got :.", "此处应为标识符或数字，实际是 :。"),
]


@pytest.mark.parametrize(("text", "english", "chinese"), _BROKEN)
def test_protobuf_parse_errors_are_said_in_the_language_in_use(text, english, chinese):
    from editor import i18n
    from editor.records.textread import TextParseError, parse_text

    with pytest.raises(TextParseError) as got:
        parse_text(text, "pytorch")
    assert got.value.message == english  # protobuf's words, as Merge says them
    i18n.set_language("zh_CN")
    try:
        with pytest.raises(TextParseError) as said:
            parse_text(text, "pytorch")
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    assert said.value.message == chinese
    assert (said.value.line, said.value.column) == (got.value.line, got.value.column)


def test_every_protobuf_template_says_protobufs_words_again_exactly():
    """In English nothing may change: each template, filled, is what its pattern matched."""
    import re as _re

    from editor.protobuf_errors import _PROTOBUF_WORDS, protobuf_words

    for pattern, template in _PROTOBUF_WORDS:
        names = _re.findall(r"\(\?P<(\w+)>", pattern)
        sample = template.format(**{n: ("12" if n in ("number", "depth") else f"<{n}>") for n in names})
        assert _re.fullmatch(pattern, sample, _re.S), (pattern, sample)
        assert protobuf_words(sample) == sample
        assert protobuf_words(f"'  scale_d: x': {sample}") == f"'  scale_d: x': {sample}"  # Merge's line first
    assert protobuf_words("something protobuf never said") == "something protobuf never said"


@pytest.mark.parametrize(("dialect", "line", "field", "word"), [
    ("onnx", '    op_data_type: FLOAT32', "op_data_type", "FLOAT32"),
    ("tf-inner", '    act_type: INT8  # the docs write it quoted', "act_type", "INT8"),
    ("caffe", '    dst_type : INT4', None, None),  # caffe has no dst_type: an unknown field, no hint
])
def test_text_written_without_quotes_is_told_how_to_write_it(tmp_path, capsys, dialect, line, field, word):
    text = f'record {{\n  key: "conv1"\n  value {{\n    scale_d: 0.5\n{line}\n  }}\n}}\n'
    with pytest.raises(TextParseError) as err:
        read_text(text.encode(), dialect)
    if field is None:
        assert "double quotes" not in err.value.message
        return
    assert err.value.message == (f"Expected string but found: '{word}'; "
                                 f'text values go in double quotes: {field}: "{word}"')
    assert (err.value.line, err.value.column) == (5, line.index(word) + 1)
    path = tmp_path / "record.txt"  # the command line says the same, at the same place
    path.write_text(text)
    assert main(["check", "--dialect", dialect, str(path)]) == 2
    assert f'{path}:5:{line.index(word) + 1}: Expected string' in capsys.readouterr().err


def _entry(*fields: str) -> str:
    return 'record {\n  key: "conv1"\n  value {\n' + "".join(f"    {f}\n" for f in fields) + "  }\n}\n"


# (text, dialect asked for or None, the dialects the message may offer)
_MIXED = [
    (_entry("scale_d: 0.1", "channels: 3", "height: 4", "width: 4", 'dst_type: "INT8"'), None, set()),
    (_entry("scale_d: 0.1", "channels: 3", "height: 4", "width: 4", 'dst_type: "INT8"'), "tf-inner", set()),
    (_entry("scale_d: 0.1", "channels: 3", 'op_data_type: "FLOAT32"'), None, set()),
    (_entry("scale_d: 0.1", "channels: 3"), "tf-inner", {"caffe"}),
    (_entry("scale_d: 0.1", 'dst_type: "INT8"'), "caffe", {"tf-inner", "pytorch"}),
    (_entry("scale_d: 0.1", 'dst_type: "INT8"', 'fakequant_precision_mode: "DEFAULT"'), "caffe", {"pytorch"}),
]


@pytest.mark.parametrize(("text", "dialect", "offered"), _MIXED)
def test_a_wrong_dialect_message_offers_only_dialects_that_read_the_file(text, dialect, offered):
    """A dialect offered for an unknown field must read the whole file: one that has the
    field but lacks another the file uses (tf-inner for a file with `channels`) is not."""
    from editor.records.dialects import DIALECTS
    from editor.records.textread import parse_text

    with pytest.raises(TextParseError) as err:
        read_text(text, dialect)
    message = err.value.message
    m = re.search(r"dialects that have it here: ([\w, -]+) \(choose one", message)
    assert (set(m.group(1).split(", ")) if m else set()) == offered, message
    for name in DIALECTS:  # independently: what each dialect does with the file
        try:
            parse_text(text, name)
        except TextParseError:
            assert name not in offered
        else:
            assert name in offered or name == dialect
    if not offered:
        assert "no AMCT dialect has every field this file uses (" in message
    # the error says what it was read as and what each dialect lacks, for the window's Read as menu
    assert err.value.dialect == dialect if dialect else err.value.dialect in DIALECTS
    assert err.value.lacking is not None
    assert {name for name, lacks in err.value.lacking.items() if not lacks} >= offered


def test_the_mixed_file_names_what_the_dialects_lack():
    text = _entry("scale_d: 0.1", "channels: 3", "height: 4", "width: 4", 'dst_type: "INT8"')
    with pytest.raises(TextParseError) as err:
        read_text(text)
    assert err.value.message.endswith(
        "not part of the caffe schema; no AMCT dialect has every field this file uses "
        "(tf-inner, pytorch have it here but not channels, height, width)")
    assert err.value.dialect == "caffe"
