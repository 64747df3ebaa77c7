"""Work around a PySide6 6.12 reference-count bug that kills the process on Python 3.11.

Every Python override of a C++ virtual (``data()``, ``fetchMore()``, ``resizeEvent()``,
``QUndoCommand.redo()``…) that returns None — which every ``void`` override does — has
None's reference count decremented once more than it was incremented. On Python 3.11 None
is not immortal, so after enough calls (a model tester pass, a few minutes of use) the
interpreter aborts with "none_dealloc: deallocating None". Python 3.12 made None immortal;
`pin_none` gives it the same protection on older interpreters by adding a very large
number of references, which can never be given back by accident in a process lifetime.
"""
from __future__ import annotations

import ctypes
import platform
import sys

_PINNED = False
#: far more than any process could decrement (one per Qt virtual call)
_EXTRA_REFERENCES = 1 << 48


def pin_none() -> None:
    """Make None effectively immortal on CPython < 3.12 (idempotent)."""
    global _PINNED
    if _PINNED or sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return
    refcount = ctypes.c_ssize_t.from_address(id(None))
    refcount.value += _EXTRA_REFERENCES
    _PINNED = True
