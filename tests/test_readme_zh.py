"""README.zh-CN.md: the README links it, it gives the same set-up commands, and what it links
exists (or is what `scripts/screenshot.py --lang zh_CN` renders)."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
README_ZH = (REPO / "README.zh-CN.md").read_text(encoding="utf-8")


def _commands(readme: str) -> list[str]:
    """The commands of a README's first shell block, comments left out."""
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block is not None
    return [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_links_the_chinese_one_at_its_top():
    top = README.split("```")[0]
    assert "(README.zh-CN.md)" in top
    assert "(README.md)" in README_ZH.split("```")[0]


def test_the_chinese_readme_gives_the_same_set_up_commands():
    assert _commands(README_ZH) == _commands(README) == ["./dev editor", "./dev test"]


def _zh_screenshots() -> set[str]:
    spec = importlib.util.spec_from_file_location("screenshot", REPO / "scripts" / "screenshot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {f"docs/{name}" for name, _size, _focus in module.shots("zh_CN")}


def test_what_the_chinese_readme_links_exists_or_is_rendered_by_the_script():
    rendered = _zh_screenshots()
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README_ZH)
    assert images and set(images) <= rendered  # the Chinese window, not the English one
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README_ZH):
        if target.startswith("http") or target in rendered:
            continue
        assert (REPO / target).exists(), target
