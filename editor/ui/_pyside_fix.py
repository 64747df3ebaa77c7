"""Work around PySide6 6.12 reference-count bugs that kill the process on Python 3.11.

Two bugs in the bindings each give back a reference they never took:
- every Python override of a C++ virtual (``data()``, ``fetchMore()``, ``resizeEvent()``,
  ``QUndoCommand.redo()``…) that returns None — which every ``void`` override does — loses
  one reference to None;
- every ``SignalInstance.emit()`` loses one reference to True (the value it returns).

On Python 3.11 these singletons are not immortal, so after enough calls (a model tester
pass, a few minutes of editing) the interpreter aborts with "none_dealloc: deallocating
None" or "bool_dealloc: deallocating True or False". Python 3.12 made them immortal;
`pin_singletons` gives them the same protection on older interpreters by adding far more
references than a process could ever lose this way.
"""
from __future__ import annotations

import ctypes
import platform
import sys

_PINNED = False
#: far more than any process could lose (one per Qt virtual call or signal emission)
_EXTRA_REFERENCES = 1 << 48


def pin_singletons() -> None:
    """Make None, True and False effectively immortal on CPython < 3.12 (idempotent)."""
    global _PINNED
    if _PINNED or sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return
    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        refcount.value += _EXTRA_REFERENCES
    _PINNED = True
