"""Long random sequences of edits, structure changes, undos and redos.

Every operation goes through the real edit commands (`editor.records.edits`) on a QUndoStack.
The long sequences run on the commands alone; shorter ones run while Qt's
QAbstractItemModelTester (C++), a tree view with expanded rows and a filter proxy watch the
tree model (which costs a walk of the tree after every change). An independent oracle replays the same operations on a plain protobuf copy
(no Qt, no model, no commands) and keeps its own undo history; after every step the live
message must equal the oracle's, byte for byte.
"""
from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import shiboken6
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from PySide6.QtCore import QModelIndex
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QTreeView

from editor.records.editing import RecordEditor
from editor.records.edits import commands as C
from editor.records.messages import (
    KVCacheEntryMessage,
    PruneRootMessage,
    RootMessage,
    descriptor_of,
    message_type_of,
    prune_records,
)
from editor.records.values import format_value
from editor.ui.commands import EditStack
from editor.ui.tree_model import RecordTreeModel, RowKind
from tests.ui.kit import available_samples, load_sample

#: steps of each Qt-free sequence, and of each sequence under the model tester (which walks the
#: tree after every change, so its sequences are short; the Qt-free ones cover the commands)
STEPS = int(os.environ.get("RANDOM_EDIT_STEPS", "1500"))
MODEL_STEPS = int(os.environ.get("RANDOM_EDIT_MODEL_STEPS", "60"))


def ser(msg: Message) -> bytes:
    return msg.SerializePartialToString(deterministic=True)


# ----------------------------------------------------------------- plain (Qt-free) replay

def walk(msg: Message, path):
    obj: Any = msg
    for step in path:
        obj = obj[step] if isinstance(step, int) else getattr(obj, step)
    return obj


def plain_set(path, value):
    def apply(msg):
        if isinstance(path[-1], int):
            walk(msg, path[:-1])[path[-1]] = value
        else:
            setattr(walk(msg, path[:-1]), path[-1], value)
    return apply


def plain_clear(path):
    def apply(msg):
        # clearing a field of a sub-message that is not set changes nothing (protobuf's
        # ClearField on it would set the sub-message: the commands do not)
        obj = msg
        for step in path[:-1]:
            if isinstance(step, str) and obj.DESCRIPTOR.fields_by_name[step].message_type is not None \
                    and not obj.DESCRIPTOR.fields_by_name[step].is_repeated and not obj.HasField(step):
                return
            obj = obj[step] if isinstance(step, int) else getattr(obj, step)
        obj.ClearField(path[-1])
    return apply


def plain_present(path):
    def apply(msg):
        parent = walk(msg, path[:-1])
        fd = parent.DESCRIPTOR.fields_by_name[path[-1]]
        if fd.message_type is not None:
            getattr(parent, path[-1]).SetInParent()
        elif not parent.HasField(path[-1]):
            setattr(parent, path[-1], fd.default_value)
    return apply


def plain_insert(path, index, items):
    def apply(msg):
        container = walk(msg, path)
        fd = walk(msg, path[:-1]).DESCRIPTOR.fields_by_name[path[-1]]
        for j, item in enumerate(items):
            if fd.message_type is not None:
                container.insert(index + j, GetMessageClass(fd.message_type).FromString(item))
            else:
                container.insert(index + j, item)
    return apply


def plain_remove(path, indices):
    def apply(msg):
        container = walk(msg, path)
        for i in sorted(set(indices), reverse=True):
            del container[i]
    return apply


def plain_move(path, index, count, to):
    def apply(msg):
        container = walk(msg, path)
        items = list(container)
        copies = [type(x).FromString(x.SerializePartialToString()) if isinstance(x, Message) else x
                  for x in items]
        block = copies[index:index + count]
        rest = copies[:index] + copies[index + count:]
        new = rest[:to] + block + rest[to:]
        del container[:]
        for item in new:
            if isinstance(item, Message):
                container.add().CopyFrom(item)
            else:
                container.append(item)
    return apply


def plain_replace(path, data):
    def apply(msg):
        target = walk(msg, path)
        target.Clear()
        target.MergeFromString(data)
    return apply


def plain_duplicate(rows):
    def apply(msg):
        taken: set[str] = set()
        for shift, row in enumerate(sorted(rows)):
            copy = type(msg.record[0])()
            copy.CopyFrom(msg.record[row + shift])
            keys = {e.key for e in msg.record} | taken
            base = f"{copy.key}_copy"
            key, n = base, 2
            while key in keys:
                key, n = f"{base}_{n}", n + 1
            copy.key = key
            taken.add(key)
            msg.record.insert(row + shift + 1, copy)
    return apply


def plain_many(*applies):
    def apply(msg):
        for a in applies:
            a(msg)
    return apply


class Oracle:
    """Undo history as a list of message snapshots, with QUndoStack's merge rules."""

    def __init__(self, msg: RootMessage):
        self.cls = type(msg)
        self.states = [ser(msg)]
        self.keys: list[object] = [None]
        self.pos = 0

    def current(self) -> RootMessage:
        return self.cls.FromString(self.states[self.pos])

    def push(self, apply: Callable[[Message], None], merge_key=None) -> None:
        msg = self.current()
        apply(msg)
        new = ser(msg)
        del self.states[self.pos + 1:]
        del self.keys[self.pos + 1:]
        if merge_key is not None and self.pos > 0 and self.keys[self.pos] == merge_key:
            self.states[self.pos] = new
            if new == self.states[self.pos - 1]:
                self.states.pop()
                self.keys.pop()
                self.pos -= 1
            return
        if new == self.states[self.pos]:
            return  # nothing changes: nothing recorded
        self.states.append(new)
        self.keys.append(merge_key)
        self.pos += 1

    def undo(self) -> None:
        self.pos = max(0, self.pos - 1)

    def redo(self) -> None:
        self.pos = min(len(self.states) - 1, self.pos + 1)


# ----------------------------------------------------------------- random operations

@dataclass
class Op:
    name: str
    make: Callable[[RecordEditor], C.EditCommand | None]
    apply: Callable[[Message], None]
    merge_key: object = None


def rand_float(rng: random.Random) -> float:
    import struct
    choice = rng.random()
    if choice < 0.1:
        return rng.choice([0.0, -0.0, float("inf"), 1e-45, 3.4028234663852886e38])
    value = rng.uniform(-1, 1) * 10 ** rng.randint(-8, 3)
    return struct.unpack("<f", struct.pack("<f", value))[0]


def random_op(rng: random.Random, msg: RootMessage, step: int, last_set: list) -> Op | None:
    records = msg.record
    n = len(records)
    prunes = prune_records(msg)
    kinds = ["set", "set", "set_same", "element", "clear", "present", "insert_values", "remove_values",
             "add_layer", "duplicate", "remove_layers", "move", "rename", "set_all", "replace",
             "prune_add", "prune_remove", "node_add", "node_remove", "attr_add", "attr_set", "attr_remove",
             "node_move", "selective", "kv_cache"]
    kind = rng.choice(kinds)
    if kind == "set_same" and last_set:
        path, field_name = last_set[0], last_set[1]
        if _exists(msg, path):
            value = _value_for(rng, field_name)
            return Op("set", lambda m: C.SetValueCommand(m, path, value), plain_set(path, _stored(value)),
                      ("set", path))
        kind = "set"
    if kind in ("set", "set_same") and n:
        i = rng.randrange(n)
        field_name = rng.choice(["scale_d", "offset_d", "act_type", "skip_fusion", "scale_d"])
        path = ("record", i, "value", field_name)
        value = _value_for(rng, field_name)
        last_set[:] = [path, field_name]
        return Op("set", lambda m: C.SetValueCommand(m, path, value), plain_set(path, _stored(value)),
                  ("set", path))
    if kind == "element" and n:
        i = rng.randrange(n)
        k = len(records[i].value.scale_w)
        if k:
            path = ("record", i, "value", "scale_w", rng.randrange(k))
            value = rand_float(rng)
            last_set[:] = [path, "scale_d"]
            return Op("element", lambda m: C.SetValueCommand(m, path, value), plain_set(path, value),
                      ("set", path))
    if kind == "clear" and n:
        i = rng.randrange(n)
        path = ("record", i) + rng.choice([("value", "scale_d"), ("value",), ("value", "scale_w"),
                                            ("value", "act_type")])
        return Op("clear", lambda m: C.ClearFieldCommand(m, path), plain_clear(path))
    if kind == "present" and n:
        path = ("record", rng.randrange(n), "value", rng.choice(["dst_type", "wts_type", "skip_fusion"]))
        return Op("present", lambda m: C.SetPresentCommand(m, path), plain_present(path))
    if kind == "insert_values" and n:
        i = rng.randrange(n)
        path = ("record", i, "value", "scale_w")
        at = rng.randint(0, len(records[i].value.scale_w))
        values = [rand_float(rng) for _ in range(rng.randint(1, 3))]
        return Op("insert_values", lambda m: C.InsertElementsCommand(m, path, at, values),
                  plain_insert(path, at, values))
    if kind == "remove_values" and n:
        i = rng.randrange(n)
        path = ("record", i, "value", "scale_w")
        k = len(records[i].value.scale_w)
        if k:
            rows = rng.sample(range(k), min(k, rng.randint(1, 3)))
            return Op("remove_values", lambda m: C.RemoveElementsCommand(m, path, rows), plain_remove(path, rows))
    if kind == "add_layer":
        at = rng.randint(0, n)
        key = f"L{step}"
        entry = type(msg.record.add())()
        del msg.record[-1]
        entry.key = key
        entry.value.SetInParent()
        return Op("add_layer", lambda m: C.add_element(m, ("record",), at, name=key),
                  plain_insert(("record",), at, [entry.SerializePartialToString()]))
    if kind == "duplicate" and n:
        rows = rng.sample(range(n), min(n, rng.randint(1, 2)))
        return Op("duplicate", lambda m: C.duplicate_elements(m, ("record",), rows), plain_duplicate(rows))
    if kind == "remove_layers" and n > 3:
        rows = rng.sample(range(n), rng.randint(1, 3))
        return Op("remove_layers", lambda m: C.RemoveElementsCommand(m, ("record",), rows),
                  plain_remove(("record",), rows))
    if kind == "move" and n > 2:
        count = rng.randint(1, 2)
        start = rng.randrange(n - count + 1)
        delta = rng.choice([-1, 1, -5, 7])
        to = start + delta
        if 0 <= to <= n - count:
            rows = list(range(start, start + count))
            return Op("move", lambda m: C.move_by(m, ("record",), rows, delta),
                      plain_move(("record",), start, count, to))
    if kind == "rename" and n:
        i = rng.randrange(n)
        key = rng.choice([f"renamed{step}", "conv1", f"layer {step}\n"])
        path = ("record", i, "key")
        return Op("rename", lambda m: C.rename_entry(m, ("record", i), key), plain_set(path, key), ("set", path))
    if kind == "set_all" and n:
        rows = rng.sample(range(n), min(n, rng.randint(1, 4)))
        field_name = rng.choice(["act_type", "scale_d", "offset_d"])
        value = _value_for(rng, field_name)
        paths = [("record", r, "value", field_name) for r in rows]
        return Op("set_all", lambda m: C.set_field_on_entries(m, [("record", r) for r in rows],
                                                             ("value", field_name), value),
                  plain_many(*(plain_set(p, _stored(value)) for p in paths)))
    if kind == "replace" and n > 1:
        i, j = rng.sample(range(n), 2)
        data = records[j].SerializePartialToString()
        return Op("replace", lambda m: C.ReplaceMessageCommand(m, ("record", i), data),
                  plain_replace(("record", i), data))
    if kind == "prune_add":
        at = rng.randint(0, len(prunes))
        return Op("prune_add", lambda m: C.add_element(m, ("prune_record",), at),
                  plain_insert(("prune_record",), at, [b""]))
    if kind == "prune_remove" and len(prunes) > 2:
        rows = rng.sample(range(len(prunes)), rng.randint(1, 2))
        return Op("prune_remove", lambda m: C.RemoveElementsCommand(m, ("prune_record",), rows),
                  plain_remove(("prune_record",), rows))
    if prunes and kind in ("node_add", "node_remove", "node_move", "attr_add", "attr_set", "attr_remove",
                           "selective"):
        k = rng.randrange(len(prunes))
        side = rng.choice(["producer", "consumer"])
        nodes = getattr(prunes[k], side)
        path = ("prune_record", k, side)
        if kind == "node_add":
            name = f"node{step}"
            at = rng.randint(0, len(nodes))
            data = type(prunes[k].producer.add())(name=name).SerializePartialToString()
            del prunes[k].producer[-1]
            return Op("node_add", lambda m: C.add_element(m, path, at, name=name), plain_insert(path, at, [data]))
        if kind == "node_remove" and nodes:
            rows = rng.sample(range(len(nodes)), 1)
            return Op("node_remove", lambda m: C.RemoveElementsCommand(m, path, rows), plain_remove(path, rows))
        if kind == "node_move" and len(nodes) > 1:
            start = rng.randrange(len(nodes) - 1)
            return Op("node_move", lambda m: C.MoveElementsCommand(m, path, start, 1, start + 1),
                      plain_move(path, start, 1, start + 1))
        if kind == "selective":
            spath = ("prune_record", k, "selective_prune", "name")
            name = f"sel{step}"
            return Op("selective", lambda m: C.SetValueCommand(m, spath, name), plain_set(spath, name),
                      ("set", spath))
        if nodes:
            j = rng.randrange(len(nodes))
            apath = path + (j, "attr")
            attrs = nodes[j].attr
            if kind == "attr_add":
                at = rng.randint(0, len(attrs))
                data = type(nodes[j])().attr.add()
                data.name = "new_attr"
                blob = data.SerializePartialToString()
                return Op("attr_add", lambda m: C.add_element(m, apath, at), plain_insert(apath, at, [blob]))
            if kind == "attr_remove" and attrs:
                rows = [rng.randrange(len(attrs))]
                return Op("attr_remove", lambda m: C.RemoveElementsCommand(m, apath, rows),
                          plain_remove(apath, rows))
            if kind == "attr_set" and attrs:
                a = rng.randrange(len(attrs))
                which = rng.choice(["i", "type", "s", "f"])
                vpath = apath + (a, which)
                value = {"i": rng.randint(-2**63, 2**63 - 1), "type": rng.randint(0, 6),
                         "s": rng.choice([b"Conv2D", b"\xff\x00bin"]), "f": rand_float(rng)}[which]
                return Op("attr_set", lambda m: C.SetValueCommand(m, vpath, value), plain_set(vpath, value),
                          ("set", vpath))
    entry_fields = message_type_of(descriptor_of(msg).fields_by_name["record"]).fields_by_name
    if kind == "kv_cache" and n and "kv_cache_value" in entry_fields:
        i = rng.randrange(n)
        path = ("record", i, "kv_cache_value", "scale")
        values = [rand_float(rng)]
        entry = records[i]
        assert isinstance(entry, KVCacheEntryMessage)  # the dialect has kv_cache_value
        at = rng.randint(0, len(entry.kv_cache_value.scale))
        return Op("kv_cache", lambda m: C.InsertElementsCommand(m, path, at, values), plain_insert(path, at, values))
    return None


def _exists(msg: Message, path) -> bool:
    try:
        parent = walk(msg, path[:-1])
    except IndexError:
        return False
    return not isinstance(path[-1], int) or path[-1] < len(parent)


def _value_for(rng: random.Random, field_name: str):
    if field_name == "scale_d":
        return rand_float(rng)
    if field_name == "offset_d":
        return rng.randint(-2**31, 2**31 - 1)
    if field_name == "skip_fusion":
        return rng.random() < 0.5
    return rng.choice(["INT8", "INT16", "INT4"])


def _stored(value):
    return value


def check_mirror(model: RecordTreeModel, parent: QModelIndex = QModelIndex()) -> None:  # noqa: B008
    """Every row the model exposes reads what the message holds at that row's path."""
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        path = model.path_for_index(index)
        kind = model.row_kind(index)
        if kind == RowKind.REPEATED:
            assert model.rowCount(index) <= model.editor.element_count(path)
            assert model.canFetchMore(index) == (model.rowCount(index) < model.editor.element_count(path))
        if kind in (RowKind.ITEM, RowKind.FIELD):
            field = model.editor.field_descriptor(path)
            assert field is not None
            assert model.data(index.siblingAtColumn(1)) == format_value(field, model.editor.value(path))
        if model.rowCount(index):
            check_mirror(model, index)


def trimmed(message: RootMessage) -> RootMessage:
    """The sample cut down so the tester's full walk after every change stays quick; every kind
    of row (layers with per-channel vectors, prune records with nodes and attrs) remains."""
    assert isinstance(message, PruneRootMessage)  # the samples edited here have prune records
    del message.record[5:]
    for entry in message.record:
        for name in ("scale_w", "offset_w", "tensor_balance_factor", "scale_r", "offset_r"):
            if name in entry.value.DESCRIPTOR.fields_by_name:
                del getattr(entry.value, name)[6:]
    del message.prune_record[3:]
    for prune in message.prune_record:
        del prune.producer[2:]
        del prune.consumer[2:]
        for node in [*prune.producer, *prune.consumer]:
            del node.attr[2:]
    return message


def run_sequence(message: RootMessage, stack: EditStack, make_editor, rng: random.Random, steps: int,
                 checkpoint: Callable[[int], None] | None = None,
                 before_unwind: Callable[[], None] | None = None) -> dict[str, int]:
    """`steps` random operations, undos and redos, each checked against the plain replay
    byte for byte; `checkpoint(step)` runs after every step, `before_unwind()` before the
    whole history is undone and redone. Returns how often each ran."""
    oracle = Oracle(message)
    last_set: list = []
    counts: dict[str, int] = {}
    for step in range(steps):
        roll = rng.random()
        if roll < 0.12:
            stack.undo()
            oracle.undo()
            counts["undo"] = counts.get("undo", 0) + 1
        elif roll < 0.2:
            stack.redo()
            oracle.redo()
            counts["redo"] = counts.get("redo", 0) + 1
        else:
            op = random_op(rng, oracle.current(), step, last_set)
            if op is None:
                continue
            command = op.make(make_editor)
            if command is not None:
                stack.push(command)
                oracle.push(op.apply, op.merge_key)
                counts[op.name] = counts.get(op.name, 0) + 1
        assert stack.index() == oracle.pos, f"step {step}"
        assert ser(make_editor.message) == oracle.states[oracle.pos], f"step {step}: message differs from replay"
        if checkpoint is not None:
            checkpoint(step)
    # and the whole history unwinds to the record as loaded, and forward again
    if before_unwind is not None:
        before_unwind()
    while stack.canUndo():
        stack.undo()
        oracle.undo()
        assert ser(make_editor.message) == oracle.states[oracle.pos]
    assert oracle.pos == 0
    while stack.canRedo():
        stack.redo()
        oracle.redo()
    assert ser(make_editor.message) == oracle.states[-1]
    return counts


#: every kind of operation a sequence must have made (so a seed that misses one is noticed)
KINDS = {"undo", "redo", "set", "element", "clear", "present", "insert_values", "remove_values", "add_layer",
         "duplicate", "remove_layers", "move", "rename", "set_all", "replace", "prune_add", "prune_remove",
         "node_add", "node_remove", "attr_add", "attr_set", "attr_remove", "node_move", "selective"}


@pytest.mark.parametrize(("name", "seed", "whole"),
                         [(n, s, w) for n, s, w in (("resnet_tf_inner_prune.txt", 11, False),
                                                    ("resnet_pytorch.txt", 12, False),
                                                    ("resnet_tf_inner_prune.txt", 13, True),
                                                    ("resnet_pytorch.txt", 14, True))
                          if n in available_samples()])
def test_long_random_sequences_of_commands_replay_exactly(name, seed, whole):
    """The edit commands alone (no model, no view): long random sequences on the undo stack,
    the message equal to a plain replay after every step, every kind of operation made."""
    from editor.records.editing import RecordEditor

    message = load_sample(name)[0] if whole else trimmed(load_sample(name)[0])
    editor = RecordEditor(message)
    counts = run_sequence(message, EditStack(), editor, random.Random(seed), STEPS)
    assert sum(counts.values()) >= STEPS * 3 // 4
    assert counts.keys() >= KINDS - ({"prune_add", "prune_remove", "node_add", "node_remove", "attr_add",
                                      "attr_set", "attr_remove", "node_move", "selective"}
                                     if "pytorch" in name else set())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed", "whole"),
                         [(n, s, w) for n, s, w in (("resnet_tf_inner_prune.txt", 1, False),
                                                    # the sample as shipped, as issue 3 asks
                                                    ("resnet_pytorch.txt", 4, True))
                          if n in available_samples()])
def test_random_edits_under_model_tester(qtmodeltester, qtbot, name, seed, whole):
    """The tree model under Qt's model tester (and a filter proxy under its own, and a view
    with expanded rows) while a random sequence edits the record through it."""
    from editor.ui.tree_filter import RecordFilterProxy

    message = load_sample(name)[0] if whole else trimmed(load_sample(name)[0])
    model = RecordTreeModel(message, item_chunk=4, element_chunk=3)
    qtmodeltester.check(model)
    proxy = RecordFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_pattern("conv")
    # the proxy gets its own tester in one run (each tester walks the whole tree after every change)
    proxy_tester = QAbstractItemModelTester(proxy, QAbstractItemModelTester.FailureReportingMode.Warning) \
        if not whole else None
    view = QTreeView()
    view.setModel(model)
    qtbot.addWidget(view)
    for path in [("record",), ("record", 0), ("record", 0, "value"), ("record", 0, "value", "scale_w"),
                 ("prune_record",), ("prune_record", 0), ("prune_record", 0, "producer")]:
        if model.editor.exists(path):
            view.expand(model.index_for_path(path))

    def checkpoint(step: int) -> None:
        if step % 25 == 0:
            if step == 25 and not whole:  # the shipped sample stays lazily fetched: walks stay short
                view.expandAll()
            check_mirror(model)

    def proxy_tester_off() -> None:
        # the proxy's tester watched it through the sequence, undos and redos of every kind of
        # command included; the unwind (every command undone, then redone) stays under the
        # model's tester and the view, and is checked against the replay byte for byte. (The
        # proxy's tester walks the whole filtered tree after each of its signals: under it, the
        # unwind took a fifth of the test.)
        if proxy_tester is not None:
            shiboken6.delete(proxy_tester)

    counts = run_sequence(message, EditStack(), model.editor, random.Random(seed), MODEL_STEPS, checkpoint,
                          proxy_tester_off)
    assert {"undo", "redo", "set", "remove_layers", "add_layer"} <= set(counts)
    check_mirror(model)
