"""The static types of record messages (editor/records/messages.py) against the dialects.

Each role alias is the Union of the generated classes that play the role, one per schema,
and each narrowed alias holds exactly the classes whose schema has the field it is named
after: a dialect added to `DIALECTS` and not to the aliases (or the other way round) fails
here. The last test runs mypy on a few lines to show that the aliases check field names.
"""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from types import UnionType

import pytest
from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from editor.records import messages
from editor.records.dialects import DIALECTS, Dialect
from editor.records.messages import (
    AttrMessage,
    EntryMessage,
    KVCacheEntryMessage,
    KVCacheMessage,
    PruneNodeMessage,
    PruneRecordMessage,
    PruneRootMessage,
    PruneValueMessage,
    RootMessage,
    TypedValueMessage,
    ValueMessage,
    WideValueMessage,
    copy_of,
    prune_records,
)
from editor.records.synth import make_big

ROOT = Path(__file__).resolve().parents[2]


def members(alias: object) -> set[type[Message]]:
    """The classes an alias stands for (a Union's members, or the one class)."""
    listed = alias.__args__ if isinstance(alias, UnionType) else (alias,)
    found = {c for c in listed if isinstance(c, type) and issubclass(c, Message)}
    assert len(found) == len(listed)
    return found


def cls(desc: Descriptor) -> type[Message]:
    return GetMessageClass(desc)


def sub(desc: Descriptor, field: str) -> Descriptor:
    message_type = desc.fields_by_name[field].message_type
    assert message_type is not None
    return message_type


def roles(d: Dialect) -> dict[str, Descriptor]:
    """The descriptor of each role in dialect `d` (prune roles only where it has them)."""
    out = {"root": d.descriptor, "entry": d.entry_descriptor, "value": d.value_descriptor}
    if d.has_prune:
        out["prune_record"] = sub(d.descriptor, "prune_record")
        out["prune_node"] = sub(out["prune_record"], "producer")
        out["attr"] = sub(out["prune_node"], "attr")
    if "kv_cache_value" in d.entry_descriptor.fields_by_name:
        out["kv_cache"] = sub(d.entry_descriptor, "kv_cache_value")
    return out


ROLE_ALIASES = {"root": RootMessage, "entry": EntryMessage, "value": ValueMessage,
                "prune_record": PruneRecordMessage, "prune_node": PruneNodeMessage, "attr": AttrMessage,
                "kv_cache": KVCacheMessage}


@pytest.mark.parametrize("role", sorted(ROLE_ALIASES))
def test_each_role_alias_is_the_union_of_every_dialects_class_for_it(role):
    expected = {cls(r[role]) for d in DIALECTS.values() if role in (r := roles(d))}
    assert members(ROLE_ALIASES[role]) == expected


#: narrowed alias -> (the role it narrows, the field its classes have and the others lack)
NARROWED = {
    "PruneRootMessage": (PruneRootMessage, "root", "prune_record"),
    "KVCacheEntryMessage": (KVCacheEntryMessage, "entry", "kv_cache_value"),
    "TypedValueMessage": (TypedValueMessage, "value", "wts_type"),
    "WideValueMessage": (WideValueMessage, "value", "tensor_balance_factor"),
    "PruneValueMessage": (PruneValueMessage, "value", "prune_producer"),
}


@pytest.mark.parametrize("name", sorted(NARROWED))
def test_a_narrowed_alias_holds_exactly_the_classes_whose_schema_has_its_field(name):
    alias, role, field = NARROWED[name]
    having = {cls(roles(d)[role]) for d in DIALECTS.values() if field in roles(d)[role].fields_by_name}
    lacking = {cls(roles(d)[role]) for d in DIALECTS.values()} - having
    assert having and lacking, "a field every dialect has (or none) needs no narrowed alias"
    assert members(alias) == having


def test_typed_values_have_both_data_types():
    """`TypedValueMessage` promises act_type as well as wts_type."""
    for c in members(TypedValueMessage):
        assert {"act_type", "wts_type"} <= set(c.DESCRIPTOR.fields_by_name)


def test_the_aliases_are_run_time_types_too():
    """What the code narrows with: isinstance against an alias answers like the descriptor."""
    for d in DIALECTS.values():
        message = make_big(d, layers=2, channels=3)
        assert isinstance(message, RootMessage)
        assert isinstance(message, PruneRootMessage) == d.has_prune
        entry = message.record[0]
        assert isinstance(entry, EntryMessage) and not isinstance(entry, RootMessage)
        assert isinstance(entry.value, WideValueMessage) == d.has_value_field("tensor_balance_factor")
        assert isinstance(d.entry_class(), EntryMessage)
        assert type(d.entry_class()) is type(entry)


def test_prune_records_is_empty_for_a_dialect_without_them():
    for d in DIALECTS.values():
        message = make_big(d, layers=4, channels=2)
        got = prune_records(message)
        assert len(got) == (len(message.prune_record) if isinstance(message, PruneRootMessage) else 0)
        assert len(got) == (min(4 // 10, 1000) if d.has_prune else 0)
    tf_inner = make_big("tf-inner", layers=20, channels=2)
    assert isinstance(tf_inner, PruneRootMessage)
    assert list(prune_records(tf_inner)) == list(tf_inner.prune_record) and len(tf_inner.prune_record) == 2


def test_copy_of_is_an_equal_message_of_the_same_class_not_the_same_object():
    message = make_big("pytorch", layers=3, channels=4)
    copy = copy_of(message)
    assert type(copy) is type(message) and copy is not message
    assert copy.SerializeToString() == message.SerializeToString()
    copy.record[0].value.scale_w[0] = 2.0
    assert message.record[0].value.scale_w[0] != 2.0


def test_every_name_the_module_exports_exists():
    assert all(hasattr(messages, name) for name in messages.__all__)


def _cache_dir() -> Path:
    tag = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"amct-record-editor-mypy-messages-{tag}"


def test_mypy_checks_field_names_against_every_dialect(tmp_path):
    """An unknown field, and a field only some dialects have read without narrowing, are type
    errors; the same field after `isinstance` against the narrowed alias is not. (With the
    former `RecordMessage = Any`, mypy passed all of these lines.)"""
    snippet = tmp_path / "reads.py"
    snippet.write_text(textwrap.dedent("""\
        from editor.records.messages import RootMessage, TypedValueMessage, ValueMessage, prune_records


        def reads(root: RootMessage, value: ValueMessage) -> object:
            root.record[0].value.scale_w.append(1.0)
            unknown = root.record[0].value.scale_wt
            some = value.wts_type
            if isinstance(value, TypedValueMessage):
                return value.wts_type
            prunes = root.prune_record
            return len(prune_records(root)), unknown, some, prunes
        """), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(_cache_dir()), "--no-error-summary",
                           "--hide-error-context", "--no-pretty", str(snippet)],
                          cwd=ROOT, capture_output=True, text=True)
    lines = {int(line.split(":")[1]) for line in done.stdout.splitlines() if ": error:" in line}
    assert lines == {6, 7, 10}, done.stdout + done.stderr
    assert "scale_wt" in done.stdout and "wts_type" in done.stdout and "prune_record" in done.stdout
