"""Explicit repair of pasted documentation examples: every change reported by line."""
from __future__ import annotations

from google.protobuf import text_format
from hypothesis import given, settings

from editor.records.dialects import DIALECTS
from editor.records.repair import needs_repair, repair_text
from tests.records.textgen import record_texts


def test_broken_key_comment_and_wrapped_comment_text():
    text = ('record {\nkey: "\nconv2d/Conv2D\n"\nvalue {\nshift_bit: 12         //只有\n训练后量化简易配置文件\n'
            'shift_bit: 13\n}\n}\n')
    fixed, repairs = repair_text(text)
    msg = DIALECTS["tf-inner"].new_message()
    text_format.Parse(fixed, msg)
    assert msg.record[0].key == "conv2d/Conv2D" and list(msg.record[0].value.shift_bit) == [12, 13]
    assert [r.line for r in repairs] == [2, 6, 7]
    assert "joined" in repairs[0].message and "'//'" in repairs[1].message


def test_slashes_inside_quotes_and_hash_comments_are_left_alone():
    text = 'record {\n  key: "a//b"  # see http://x\n}\n'
    assert repair_text(text) == (text, [])
    assert not needs_repair(text)


def test_byte_order_mark_is_removed_and_reported():
    fixed, repairs = repair_text('\ufeffrecord {\n  key: "a"\n}\n')
    assert fixed.startswith("record") and repairs[0].line == 1 and "byte order mark" in repairs[0].message


@settings(max_examples=100, deadline=None)
@given(record_texts())
def test_valid_files_need_no_repair(case):
    _, text = case
    fixed, repairs = repair_text(text)
    assert not repairs and fixed == text
