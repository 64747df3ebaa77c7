"""`quick_offset` answers what the full location tree answers, on every layout the fast path reads.

For each entry the fast path read, every path below it (each field, each index, one past the
end, no index) is located twice: by `quick_offset` on the text, and by `tree_offset` on the
tree `ParsedText.item_node` builds with protobuf's own parser. They must agree wherever the
quick one answers, and it must answer for every path of every layout here but lists of
messages.
"""
from __future__ import annotations

import random
import struct

import pytest
from google.protobuf import text_format

from editor.records.document import RecordDocument
from editor.records.paths import FieldPath
from editor.records.quick_locate import child_node, quick_offset, tree_offset
from editor.records.synth import make_big
from editor.records.textread import parse_text
from tests.records.layouts import layouts
from tests.records.mutations import corpus, mutate


def _paths(msg, prefix: FieldPath = ()) -> list[FieldPath]:
    out: list[FieldPath] = []
    for fd, value in msg.ListFields():
        name = fd.name
        if fd.is_repeated:
            out += [(*prefix, name), (*prefix, name, len(value))]
            for i, item in enumerate(value):
                out.append((*prefix, name, i))
                if fd.message_type is not None:
                    out += _paths(item, (*prefix, name, i))
        else:
            out.append((*prefix, name))
            if fd.message_type is not None:
                out += _paths(value, (*prefix, name))
    out.append((*prefix, "no_such_field"))
    return out


def _agree(text: str | bytes, dialect: str, *, must_answer: bool) -> int:
    data = text.encode() if isinstance(text, str) else text
    parsed = parse_text(data, dialect)
    checked = 0
    for item in parsed.items:
        if item.children is not None or item.field is None:
            continue
        entry = getattr(parsed.message, item.field.name)[item.first_index]
        paths = _paths(entry)
        quick = [quick_offset(data, item.start, item.end, p) for p in paths]
        parsed.item_node(item)
        node = child_node(item, item.first_index)
        for path, got in zip(paths, quick, strict=True):
            want = tree_offset(node, path)
            if got is None and not must_answer:
                continue
            assert got == want, (path, got, want, data[item.start:item.end][:200])
            checked += 1
        item.children = None  # back as the fast path left it, for the next layout
    return checked


@pytest.mark.parametrize("layout", list(layouts(make_big("tf-inner", 4, 8, seed=2, prune_records=2))))
def test_quick_offsets_are_the_trees_on_every_fast_layout(layout):
    msg = make_big("tf-inner", 4, 8, seed=2, prune_records=2)
    assert _agree(layouts(msg)[layout], "tf-inner", must_answer=True) > 100


def test_quick_offsets_on_every_sample_and_real_record_in_each_layout():
    checked = sum(_agree(text, dialect, must_answer=False) for dialect, text in corpus())
    assert checked > 2000


def test_quick_offsets_on_mutated_records_that_still_read():
    rng = random.Random(7)
    seeds = corpus()
    agreed = 0
    for _ in range(600):
        dialect, text = rng.choice(seeds)
        mutated = mutate(rng, text)
        try:
            text_format.Merge(mutated, parse_text("", dialect).message)
        except Exception:  # noqa: BLE001 - only texts that read are located
            continue
        agreed += _agree(mutated, dialect, must_answer=False)
    assert agreed > 1000


def test_field_names_in_strings_and_comments_are_not_taken_for_fields():
    text = ('record { key: "value { scale_d: 2 }" # scale_d: 3 value {\n'
            '  value { scale_d: 0.5 # offset_d: 7\n offset_d: 1 scale_w: 2 } }\n'
            "prune_record { producer { name: 'name: x' attr { name: \"attr\" type: INT i: 1 } } }\n")
    assert [item.children for item in parse_text(text, "tf-inner").items] == [None, None]
    assert _agree(text, "tf-inner", must_answer=True) > 10


def test_check_locates_a_note_on_every_layer_without_reading_them_again():
    """The scale-w-outlier rule speaks of most layers of a real-sized record: locating its
    notes used to read each layer again with protobuf's parser (7 s for 10 MB)."""
    msg = make_big("tf-inner", 40, 1024, seed=1)
    data = text_format.MessageToString(msg).encode()
    doc = RecordDocument.from_text(data, "tf-inner")
    where = [doc.locate(record_index=i, field=f"scale_w[{i * 25}]") for i in range(40)]
    lines = data.split(b"\n")
    located = [w for w in where if w is not None]
    assert len(located) == len(where)
    for i, (line, column) in enumerate(located):
        text = lines[line - 1]
        assert text[:column - 1].strip() == b"scale_w:"
        assert struct.pack("<f", float(text[column - 1:])) == struct.pack("<f", msg.record[i].value.scale_w[i * 25])
    src = doc._source  # noqa: SLF001 - the point: no entry was read again
    assert src is not None and all(item.children is None for item in src.items)


def test_quick_offsets_on_long_layers_with_uneven_lines():
    """Layers of a few hundred channels, values of every length: the search that counts its
    way to the n-th `scale_w:` (rather than matching each) answers what the tree does."""
    msg = make_big("tf-inner", 3, 300, seed=5)
    for i, value in enumerate(msg.record[1].value.scale_w):
        msg.record[1].value.scale_w[i] = value * 10 ** ((i * 7) % 13 - 6)  # 1e-06 ... 1e+06
    assert _agree(text_format.MessageToString(msg), "tf-inner", must_answer=True) > 1800


def test_locating_problems_in_a_layer_with_a_long_key_takes_memory_of_its_size():
    """Issue 26: `check`'s memory grew to ~120 times a key's length (an 8 MB key: 982 MB): the
    pattern that blanks strings kept a backtracking mark per character."""
    import tracemalloc

    from editor.records.rules import document_problems

    entry = ('record {\n  key: "%s"\n  value {\n    scale_d: 0\n    offset_d: 300\n    scale_w: 0\n'
             '    scale_w: 0.1\n    offset_w: 0\n  }\n}\n')
    key = "k" * 1_000_000
    doc = RecordDocument.from_text((entry % key + entry % key).encode(), "tf-inner")
    tracemalloc.start()
    try:
        problems = document_problems(doc)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sum(p.line is not None and p.column is not None for p in problems) >= 8
    assert peak < 16 * len(key), f"{peak / 1e6:.0f} MB to locate problems around a 1 MB key"
