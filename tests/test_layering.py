"""Imports between the packages of `editor` point one way (docs/ARCHITECTURE.md §1).

Read from the source with `ast`, so an import that only runs under TYPE_CHECKING or inside a
function counts too: the layering is about what a module may know, not what it happens to
load at start-up.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

EDITOR = Path(__file__).resolve().parents[1] / "editor"

#: For each package, the packages of `editor` it must never import (directly or below).
FORBIDDEN: dict[str, set[str]] = {
    # the model readers sit below the record domain: records may use models, never the reverse
    "models": {"records", "analysis", "cli", "ui"},
    "records": {"analysis", "cli", "ui"},
    "analysis": {"cli", "ui"},
    "cli": {"ui"},
}
#: The one upward import allowed: `record-editor` without a command opens the window.
ALLOWED = {("editor.cli.__init__", "editor.ui.app")}
#: Third-party packages a Qt-free package must not import.
QT = {"PySide6", "pyqtgraph", "shiboken6"}


def _imported(tree: ast.AST, module: str) -> set[str]:
    """The absolute names of every module `tree` (the source of `module`) imports."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the importing module's package
                base = module.split(".")[: -node.level]
                names.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                names.add(node.module)
    return names


def _imports_of(package: str) -> dict[str, set[str]]:
    out = {}
    for file in sorted((EDITOR / package).rglob("*.py")):
        if "_pb" in file.parts:  # generated protobuf modules
            continue
        module = ".".join(("editor",) + file.relative_to(EDITOR).with_suffix("").parts)
        out[module] = _imported(ast.parse(file.read_text(encoding="utf-8"), str(file)), module)
    return out


def _violations(package: str) -> list[str]:
    bad = []
    for module, names in _imports_of(package).items():
        for name in sorted(names):
            if (module, name) in ALLOWED:
                continue
            parts = name.split(".")
            if (parts[0] == "editor" and len(parts) > 1 and parts[1] in FORBIDDEN[package]) or (parts[0] in QT and package != "ui"):
                bad.append(f"{module} imports {name}")
    return bad


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_point_down(package):
    assert _violations(package) == []


def test_the_check_sees_a_wrong_import(tmp_path):
    """The scan finds an upward import however it is written (guards the test itself)."""
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from editor.records.paths import FieldPath\n"
              "def f():\n    from ..records import problems\n    import PySide6.QtCore\n")
    names = _imported(ast.parse(source), "editor.models.x")
    assert {"editor.records.paths", "editor.records", "PySide6.QtCore"} <= names
