"""Every file or folder the README and docs/ name in backticks exists (docs/ARCHITECTURE.md's
layer tree included), so the documents cannot drift from the code unnoticed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = ["README.md", "README.zh-CN.md", *sorted(str(p.relative_to(REPO)) for p in (REPO / "docs").glob("*.md"))]
#: a repository path in backticks: a known top folder, then path characters (globs allowed)
NAMED = re.compile(r"`((?:editor|tests|scripts|docs|proto|resources|\.ci)/[\w./*\-]*)")


def _named(text: str) -> set[str]:
    """The paths `text` names, leaving out lines that cite AMCT's repository ([amct])."""
    return {m.group(1).rstrip(".") for line in text.splitlines() if "[amct]" not in line
            for m in NAMED.finditer(line)}


def _exists(name: str) -> bool:
    """`name` exists; a glob matches something; a pattern with a placeholder in capitals
    (``tests/data/rules/ID.ok.txt``) has its folder."""
    if "*" in name:
        return any(REPO.glob(name))
    if re.search(r"[A-Z]{2,}", Path(name).name):
        return (REPO / name).parent.is_dir()
    return (REPO / name).exists()


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_a_document_names_exists(doc):
    missing = sorted(n for n in _named((REPO / doc).read_text(encoding="utf-8")) if not _exists(n))
    assert missing == []


def _tree_modules(text: str) -> list[str]:
    """The modules and packages of docs/ARCHITECTURE.md §1's tree, as paths: a line starts
    with its names (``a, b, c`` for several) at two spaces per level; a description's
    continuation lines are indented deeper than any name."""
    block = text.split("## 1. Layers", 1)[1].split("```", 2)[1]
    found: list[str] = []
    stack: list[str] = []
    for line in block.splitlines()[1:]:
        m = re.match(r"( *)(\w+/?(?:, \w+/?)*)(?:  |$)", line)
        if m is None:
            m = re.match(r"( *)(\w+/?(?:, \w+/?)*)", line)
        if m is None or not line.strip():
            continue
        indent = len(m.group(1))
        if indent % 2 or indent // 2 > len(stack):  # a continuation line of a description
            continue
        depth = indent // 2
        del stack[depth:]
        names = [n.strip() for n in m.group(2).split(",")]
        found += ["/".join([*stack, n.rstrip("/")]) for n in names]
        if len(names) == 1 and names[0].endswith("/"):
            stack.append(names[0].rstrip("/"))
        elif depth == 0:
            stack.append(names[0])
    return found


def test_every_module_the_architecture_tree_names_exists():
    text = (REPO / "docs/ARCHITECTURE.md").read_text(encoding="utf-8")
    names = _tree_modules(text)
    assert "editor/records/edits" in names and "editor/ui/qt_types" in names  # the tree was read
    missing = [n for n in names if not ((REPO / n).is_dir() or (REPO / f"{n}.py").is_file())]
    assert missing == []
