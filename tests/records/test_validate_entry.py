"""validate_entry: an entry edited whole (fields taken from another record) judged as
validate_changes judges the same edit."""
from __future__ import annotations

from editor.records.dialects import DIALECTS
from editor.records.rules import CheckContext, validate_changes, validate_entry


def _entry():
    message = DIALECTS["tf-inner"].new_message()
    e = message.record.add(key="net/conv1/Conv2D")
    e.value.scale_d, e.value.offset_d = 0.02, -128
    e.value.scale_w.extend([0.01, 0.02, 0.03])
    e.value.offset_w.extend([0, 0, 0])
    return message


def test_an_entry_edited_whole_is_judged_like_the_same_changes():
    message = _entry()
    old = message.record[0]
    ctx = CheckContext.build(message, "tf-inner")
    new = type(old)()
    new.CopyFrom(old)
    del new.value.scale_w[:]
    new.value.scale_w.extend([0.01, 0.0, 0.03])  # a zero scale: scale-positive
    found = validate_entry("tf-inner", old, new, ["scale_w"], context=ctx, entry_index=0)
    same = validate_changes("tf-inner", old, [("scale_w", None, [0.01, 0.0, 0.03])], context=ctx, entry_index=0)
    assert found is not None and same is not None
    assert (found.rule, found.field, found.message) == (same.rule, same.field, same.message)
    assert found.rule == "scale-positive" and found.record_index == 0
    # a length the other vectors do not have: newly broken elsewhere in the entry
    new.value.scale_w[1] = 0.02
    new.value.scale_w.append(0.04)
    found = validate_entry("tf-inner", old, new, ["scale_w"], context=ctx, entry_index=0)
    assert found is not None and found.rule == "length-mismatch"
    # fine values: no problem
    new.CopyFrom(old)
    new.value.scale_w[1] = 0.5
    assert validate_entry("tf-inner", old, new, ["scale_w"], context=ctx, entry_index=0) is None
