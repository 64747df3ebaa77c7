"""What the benchmarks that drive a `MainWindow` share (Qt: import only from such scripts)."""
from __future__ import annotations

import sys

from editor.ui.dialogs import Prompter


class QuietPrompter(Prompter):
    """Answers every question without a dialog (the benchmark runs unattended)."""

    def ask_save_changes(self, name: str) -> str:
        return "discard"

    def error(self, title: str, text: str) -> None:
        print(f"error: {title}: {text}", file=sys.stderr)

    def confirm(self, title: str, text: str, yes: str | None = None) -> bool:
        return False
