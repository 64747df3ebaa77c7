"""What the panels share besides their editors (those come from `editor.ui.field_editors`):
the colours of error and warning counts, and counting in words."""
from __future__ import annotations

ERROR_COLOR = "#c62828"
WARNING_COLOR = "#a86400"


def counted(n: int, noun: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
