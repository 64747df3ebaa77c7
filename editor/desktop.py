"""The Linux desktop entry, the record MIME types and the icon, shipped in the wheel
(`editor/resources/desktop/`) and installed for the current user by
``record-editor --install-desktop`` (Qt-free).

Files go where the freedesktop.org specifications look (under ``$XDG_DATA_HOME``, by default
``~/.local/share``): ``applications/``, ``mime/packages/`` and
``icons/hicolor/scalable/apps/``; then the desktop's caches are refreshed with
``update-mime-database`` and ``update-desktop-database`` where they exist (without them the
files are still found, at the next login).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

#: (file in editor/resources/desktop, folder under the data home)
FILES = (("amct-record-editor.desktop", "applications"),
         ("amct-record-editor.xml", "mime/packages"),
         ("amct-record-editor.svg", "icons/hicolor/scalable/apps"))


def data_home() -> Path:
    """$XDG_DATA_HOME, else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def install(home: Path | None = None, refresh: bool = True) -> list[Path]:
    """Copy the desktop entry, MIME types and icon under `home` (`data_home()`); the files
    written. `refresh`: run the cache tools found on PATH."""
    home = home if home is not None else data_home()
    from editor.paths import resources_dir

    source = resources_dir() / "desktop"
    written = []
    for name, folder in FILES:
        target = home / folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((source / name).read_bytes())
        written.append(target)
    if refresh:
        for tool, folder in (("update-mime-database", "mime"), ("update-desktop-database", "applications")):
            exe = shutil.which(tool)
            if exe is not None:
                subprocess.run([exe, str(home / folder)], check=False, capture_output=True)
    return written
