"""Type names the Qt layer shares."""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

#: a model index as Qt hands one to a model's methods: either kind
AnyIndex = QModelIndex | QPersistentModelIndex
