"""The checked-in .pyi stubs of the generated protobuf modules say what the modules hold.

The type checker reads the stubs instead of the _pb2 modules (which build their classes at run
time), so a stub that drifted from its .proto would type-check code against fields that are
not there. The stubs are compared with the modules' own descriptors, message by message and
field by field (not as text: protoc's layout of a stub may change between versions).
Regenerate with `python -m scripts.gen_protos`.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from google.protobuf.descriptor import Descriptor, EnumDescriptor

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("editor/records/_pb", "editor/models/_pb")
MODULES = sorted(p for pkg in PACKAGES for p in (ROOT / pkg).glob("*_pb2.py"))


def _slots(cls: ast.ClassDef) -> tuple[str, ...] | None:
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                 for t in stmt.targets):
            return tuple(ast.literal_eval(stmt.value))
    return None


def _annotated(cls: ast.ClassDef) -> set[str]:
    return {s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}


def _classes(body: list[ast.stmt]) -> dict[str, ast.ClassDef]:
    return {s.name: s for s in body if isinstance(s, ast.ClassDef)}


def _differences(where: str, classes: dict[str, ast.ClassDef], messages: list[Descriptor],
                 enums: list[EnumDescriptor]) -> list[str]:
    found: list[str] = []
    expected = {m.name for m in messages} | {e.name for e in enums}
    if set(classes) != expected:
        found.append(f"{where}: stub classes {sorted(classes)}, descriptors {sorted(expected)}")
    for enum in enums:
        cls = classes.get(enum.name)
        if cls is not None and not {v.name for v in enum.values} <= _annotated(cls):
            found.append(f"{where}{enum.name}: enum values {[v.name for v in enum.values]} not all in the stub")
    for msg in messages:
        cls = classes.get(msg.name)
        if cls is None:
            continue
        fields = tuple(f.name for f in msg.fields)
        if _slots(cls) != fields:
            found.append(f"{where}{msg.name}: stub fields {_slots(cls)}, descriptor fields {fields}")
        elif not set(fields) <= _annotated(cls):
            found.append(f"{where}{msg.name}: fields {sorted(set(fields) - _annotated(cls))} have no type")
        found += _differences(f"{where}{msg.name}.", _classes(cls.body), list(msg.nested_types),
                              list(msg.enum_types))
    return found


def test_every_generated_module_has_a_stub():
    assert MODULES, "no generated modules found"
    missing = [str(m.relative_to(ROOT)) for m in MODULES if not m.with_suffix(".pyi").is_file()]
    assert not missing, f"no .pyi beside {missing}: run python -m scripts.gen_protos"


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.stem)
def test_stub_declares_the_modules_messages_and_fields(module: Path):
    stub = module.with_suffix(".pyi")
    name = ".".join(module.relative_to(ROOT).with_suffix("").parts)
    file = importlib.import_module(name).DESCRIPTOR
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    found = _differences(f"{stub.name}: ", _classes(tree.body), list(file.message_types_by_name.values()),
                         list(file.enum_types_by_name.values()))
    assert not found, "\n".join(found) + "\nrun python -m scripts.gen_protos"
