"""README.zh-CN.md: the README links it, it gives the same set-up commands, and what it links
exists (or is what `scripts/screenshot.py --lang zh_CN` renders)."""
from __future__ import annotations

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


def test_what_the_chinese_readme_links_exists_and_its_pictures_are_the_chinese_window():
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README_ZH)
    # rendered by scripts/screenshot.py and scripts/screenshot_panels.py with --lang zh_CN
    assert "docs/screenshot-main-zh_CN.png" in images
    assert images and all(name.endswith("-zh_CN.png") for name in images)
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README_ZH):
        if not target.startswith("http"):
            assert (REPO / target).exists(), target
