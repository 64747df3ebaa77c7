"""Defaults the command line and the editor share, in a module that imports nothing heavy
(the command line reads them while it starts, before it knows whether it needs numpy)."""
from __future__ import annotations

#: The IQR fence factor k of the outlier definition (`quant.outliers`, the rule
#: scale-w-outlier) unless told otherwise: Tukey's 1.5.
DEFAULT_OUTLIER_K: float = 1.5

#: The ratio scale_w / ARQ above which the weights review says a channel wastes levels (one
#: bit unused at 2).
DEFAULT_WASTE: float = 2.0

#: The second fence of the severity (`editor.records.severity`): an outlier at least this many
#: times beyond the IQR fence is *strong*, nearer ones *mild*; a severity at or above it strong.
DEFAULT_STRONG_FENCE: float = 3.0
