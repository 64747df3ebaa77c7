"""The vector tests of the rules, on numpy arrays or on plain Python lists.

Importing numpy takes ~60 ms and 15 MB, more than checking a small record in plain Python
takes (a one-layer ``record-editor check`` as a whole runs in about that time), and editing
judges one layer at a time. So a check works in plain Python unless the record's vectors
hold more than `PYTHON_BUDGET` values (a record of about a megabyte: `plan` counts them
first), or numpy is already imported (the window); an edit is judged one layer at a time,
within the same budget. Past it numpy is ~2× quicker per value, counting the rules' Python.

Each function takes what `vector()` returned: a list, or a numpy array. A list of floats
holds float32 values (every float vector of a record is ``repeated float``), as the arrays
do. Both kinds give the same answers; `tests/records/test_rules_vectors.py` runs every rule
both ways over the sample, real and generated records and compares the findings.
"""
from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, overload

from editor.records import quant_core
from editor.records.messages import EntryMessage, RootMessage
from editor.records.quant_core import OutlierList

if TYPE_CHECKING:
    import numpy as np

    from editor.records.rules.context import CheckContext

#: Vector elements a check judges in plain Python before it imports numpy.
PYTHON_BUDGET = 100_000

#: Tests set this to "python" or "numpy" to run every vector test one way; None decides.
FORCE: str | None = None

#: A vector's values: a list in plain Python, else a numpy array (a string: numpy is imported
#: only when a check needs it)
Vector: TypeAlias = "list[float] | list[int] | np.ndarray"
#: Positions in a vector: a list, or a numpy array of them
Indices: TypeAlias = "list[int] | np.ndarray"


def use_numpy(ctx: CheckContext, n: int) -> bool:
    """Whether the next vector (`n` values) of this check goes to numpy."""
    if FORCE is not None:
        return FORCE == "numpy"
    if ctx.python_budget < 0 or "numpy" in sys.modules:
        return True
    ctx.python_budget -= n
    return ctx.python_budget < 0


def plan(ctx: CheckContext, message: RootMessage) -> None:
    """Before a check of the whole `message`: when its vectors hold more values than the
    plain-Python budget, numpy from the first vector on (no values judged twice as slowly
    before the budget runs out). A count of lengths, a few microseconds per entry."""
    if ctx.python_budget < 0 or FORCE is not None or "numpy" in sys.modules:
        return
    total = 0
    for entry in message.record:
        for fd, v in entry.value.ListFields():
            if fd.is_repeated:
                total += len(v)
        if total > ctx.python_budget:
            ctx.python_budget = -1
            return


def vector(values: Sequence[float], ctx: CheckContext, floats: bool) -> Vector:
    """`values` (a repeated field) as float32 or int64 values: a numpy array or a list."""
    if use_numpy(ctx, len(values)):
        import numpy as np

        return np.array(values, dtype=np.float32 if floats else np.int64)
    return list(values)


def not_positive(a: Vector) -> Indices:
    """Positions of values that are not finite and > 0 (nan, ±inf, 0, negative)."""
    if isinstance(a, list):
        return [i for i, x in enumerate(a) if not (x > 0 and x < math.inf)]
    import numpy as np

    with np.errstate(invalid="ignore"):
        return np.flatnonzero(~(np.isfinite(a) & (a > 0)))


def outside(a: Vector, lo: float, hi: float) -> Indices:
    """Positions of values not in [lo, hi] (nan is not in it)."""
    if isinstance(a, list):
        return [i for i, x in enumerate(a) if not (lo <= x <= hi)]
    import numpy as np

    with np.errstate(invalid="ignore"):
        return np.flatnonzero(~((a >= a.dtype.type(lo)) & (a <= a.dtype.type(hi))))


def nonzero(a: Vector) -> Indices:
    """Positions of values other than 0."""
    if isinstance(a, list):
        return [i for i, x in enumerate(a) if x != 0]
    import numpy as np

    return np.flatnonzero(a)


def outliers(a: Vector, k: float) -> OutlierList:
    """The outliers of a scale vector at fence factor `k` (`quant.outliers`): their positions,
    their kinds (`quant_core.INVALID`…) and the fence (None with too few usable values)."""
    if isinstance(a, list):
        kind, fence = quant_core.outlier_kinds(a, k)
        bad = [i for i, c in enumerate(kind) if c != quant_core.OK]
        return bad, [kind[i] for i in bad], fence
    from editor.records import quant

    out = quant.outliers(a, k)
    at = out.indices
    return at.tolist(), out.kind[at].tolist(), out.fence


def batched(ctx: CheckContext) -> bool:
    """Whether a check of a whole message with this context judges its vectors in numpy, and
    so can judge each field's vectors of every entry at once (`Batch`)."""
    if FORCE is not None:
        return FORCE == "numpy" and BATCH
    return BATCH and (ctx.python_budget < 0 or "numpy" in sys.modules)


#: Tests set this to False to judge every entry's vectors one by one in numpy.
BATCH = True

#: The vectors `Batch` judges at once: (field, float or integer, the tests asked of it).
_BATCHED = (("scale_w", True), ("offset_w", False))


class Batch:
    """The vector tests of the entries of one message, run once per field over `CHUNK` entries
    at a time (numpy), for one check of the whole message: `EntryView` takes each entry's
    answers from here (`get`). The same answers as asking entry by entry
    (`tests/records/test_rules_vectors.py`): a layer's numpy calls cost more than its thousand
    values do, and on a record of a thousand layers the tests take a fraction of the time this
    way. Only one chunk's arrays are held, so a check's memory does not grow with the record.

    Valid only while the message is not edited: `check_message` builds one, uses it and drops it.
    """

    #: entries judged together: big enough that numpy's cost per call is spread thin
    CHUNK = 128

    def __init__(self, message: RootMessage, k: float):
        self.k = k
        self._entries: Sequence[EntryMessage] = message.record
        first = self._entries[0].value.DESCRIPTOR.fields_by_name if len(self._entries) else {}
        #: the batched fields of this message type: name -> whether it holds floats
        self.fields = {name: floats for name, floats in _BATCHED if name in first}
        self._start = -1
        self._answers: dict[tuple[str, str], list[Any]] = {}

    @overload
    def get(self, test: Literal["array"], name: str, index: int) -> Vector: ...
    @overload
    def get(self, test: Literal["not_positive", "nonzero"], name: str, index: int) -> Indices: ...
    @overload
    def get(self, test: Literal["outliers"], name: str, index: int) -> OutlierList: ...

    def get(self, test: str, name: str, index: int) -> Any:
        """Entry `index`'s answer of `test` ("array", "not_positive", "nonzero", "outliers") for
        field `name` (one of `fields`; not_positive and outliers of floats, nonzero of integers)."""
        if self._start < 0 or not self._start <= index < self._start + self.CHUNK:
            self._judge(index - index % self.CHUNK)
        return self._answers[test, name][index - self._start]

    def _judge(self, start: int) -> None:
        import numpy as np

        from editor.records import quant

        answers: dict[tuple[str, str], list[Any]] = {}
        self._answers = answers
        self._start = start
        entries = self._entries[start:start + self.CHUNK]
        for name, floats in self.fields.items():
            dtype = np.float32 if floats else np.int64
            arrays = [np.array(getattr(e.value, name), dtype=dtype) for e in entries]
            answers["array", name] = arrays
            whole: Any = np.concatenate(arrays)
            sizes = [a.size for a in arrays]
            if floats:
                with np.errstate(invalid="ignore"):
                    answers["not_positive", name] = _split(np.flatnonzero(~(np.isfinite(whole) & (whole > 0))), sizes)
                answers["outliers", name] = quant.outlier_lists(arrays, self.k)
            else:
                answers["nonzero", name] = _split(np.flatnonzero(whole), sizes)


def _split(hits: np.ndarray, sizes: list[int]) -> list[Indices]:
    """`hits` (sorted positions in the vectors laid end to end) as positions in each vector."""
    import numpy as np

    ends = np.cumsum(sizes)
    cuts = np.searchsorted(hits, ends).tolist()
    empty = hits[:0]
    out: list[Indices] = []
    start = lo = 0
    for size, cut in zip(sizes, cuts, strict=True):
        out.append(hits[lo:cut] - start if cut > lo else empty)
        lo = cut
        start += size
    return out
