"""The numpy-free part of the quantization formulas: float32 constants and spelling, type bit
widths, offset ranges and the outlier definition for one vector held as a Python list.

`editor.records.quant` re-exports all of it next to its numpy versions. It is its own module
because the rules import it: checking or editing a small record (``record-editor check``,
``set``) then runs without importing numpy, whose import alone takes longer than the whole
check of such a file (see `editor.records.rules._vectors`).
"""
from __future__ import annotations

import math
import struct
import sys
from collections.abc import Sequence
from typing import Protocol, SupportsFloat

#: float32 machine epsilon (C's FLT_EPSILON, 2**-23) and largest finite float32 (FLT_MAX).
FLT_EPSILON: float = 2.0 ** -23
FLT_MAX: float = (2.0 - 2.0 ** -23) * 2.0 ** 127

#: Bit width of each type name AMCT knows.
BIT_WIDTHS: dict[str, int] = {"INT4": 4, "INT6": 6, "INT7": 7, "INT8": 8, "INT16": 16}
DEFAULT_TYPE = "INT8"

_F32 = struct.Struct("<f")



#: The outliers of one vector as lists: their positions, their kinds (INVALID ...) and the
#: fence (None with too few usable values): what the rules and the Layers figures read.
OutlierList = tuple[list[int], list[int], tuple[float, float] | None]

class Numbers(Protocol):
    """Numbers by position: a list of floats, or a numpy vector (this module imports no numpy)."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> SupportsFloat: ...

def f32(x: float) -> float:
    """The float32 nearest to `x` (beyond FLT_MAX: inf), as a Python float."""
    try:
        rounded: float = _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)
    return rounded


def _digits(v: float, p: int) -> tuple[str, int] | None:
    """`p` significant digits that read back as the float32 `v` (> 0, finite) and the decimal
    exponent of the first, or None: the correctly rounded ones (the closest p-digit number),
    or, next to a power of two, whose rounding interval is lopsided, the neighbour on the
    wide side (the interval is one piece, so at most one neighbour can read back)."""
    mantissa, _, exp_text = ("%.*e" % (p - 1, v)).partition("e")
    m, e = int(mantissa.replace(".", "")), int(exp_text)
    for c in (m, m - 1, m + 1):
        if 10 ** (p - 1) <= c < 10 ** p and f32(float(f"{c}e{e - p + 1}")) == v:
            return str(c), e
    return None


def _shortest_digits(v: float) -> tuple[str, int]:
    """The fewest decimal digits that read back as the float32 `v` (> 0, finite), the closest
    to `v` among them, and the decimal exponent of the first. Whether p digits can read back
    only grows with p (p digits are p + 1 with a 0 added), so the fewest is found by halving
    1..9 (9 always do)."""
    lo, hi = 1, 9
    found = _digits(v, 9)
    while lo < hi:
        mid = (lo + hi) // 2
        got = _digits(v, mid)
        if got is None:
            lo = mid + 1
        else:
            hi, found = mid, got
    assert found is not None  # 9 digits always suffice
    digits, e = found
    return digits.rstrip("0"), e


def f32_str(x: SupportsFloat) -> str:
    """The shortest text that reads back as the same float32 (``0.023529412``, ``nan``),
    spelled as numpy spells a float32: positional from 1e-4 up to 1e6, else ``1e-05``.

    numpy's own spelling when numpy is imported anyway (25× quicker; the same text, which
    tests/records/test_rules_vectors.py holds them to)."""
    np = sys.modules.get("numpy")
    if np is not None:
        return str(np.float32(x))
    v = f32(float(x))
    if v != v:
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0:
        return "-0.0" if math.copysign(1.0, v) < 0 else "0.0"
    sign = "-" if v < 0 else ""
    digits, e = _shortest_digits(abs(v))
    if 1e-4 <= abs(v) < 1e6:
        if e < 0:
            return f"{sign}0.{'0' * (-e - 1)}{digits}"
        whole, frac = digits[:e + 1].ljust(e + 1, "0"), digits[e + 1:]
        return f"{sign}{whole}.{frac or '0'}"
    frac = f".{digits[1:]}" if len(digits) > 1 else ""
    return f"{sign}{digits[0]}{frac}e{'+' if e >= 0 else '-'}{abs(e):02d}"


def bit_width(type_name: str | None) -> int:
    """Bits of an ``act_type``/``wts_type``/``dst_type`` value; None or "" (unset) is INT8.

    Raises ValueError for a name AMCT does not know (e.g. ``"INT9"``, ``" INT8"``).
    """
    if not type_name:
        return BIT_WIDTHS[DEFAULT_TYPE]
    try:
        return BIT_WIDTHS[type_name]
    except KeyError:
        raise ValueError(f"unknown quantization type {type_name!r}; "
                         f"known: {', '.join(BIT_WIDTHS)}") from None


def int_range(bits: int) -> tuple[int, int]:
    """The signed integer range of `bits` bits: (-2^(b-1), 2^(b-1) - 1); also the offset range."""
    if bits < 2:
        raise ValueError(f"a signed integer needs at least 2 bits, not {bits}")
    half = 1 << (bits - 1)
    return -half, half - 1


offset_range = int_range


def amct_offset_check_range(act_type: str | None) -> tuple[int, int]:
    """The range AMCT itself checks `offset_d` against: INT16's for INT16, INT8's otherwise.

    AMCT's parser maps INT4/INT6/INT7/INT8 (and an unset or unknown type) to [-128, 127].
    """
    return int_range(16) if act_type == "INT16" else int_range(8)


#: Outlier kinds per channel, as returned in `Outliers.kind`.
OK, INVALID, DEGENERATE, LOW, HIGH = 0, 1, 2, 3, 4
KIND_NAMES = {OK: "ok", INVALID: "not finite or ≤ 0", DEGENERATE: "below FLT_EPSILON",
              LOW: "below the IQR fence", HIGH: "above the IQR fence"}

#: The IQR fence needs this many usable values; fewer say nothing about a distribution.
MIN_FENCE_VALUES = 4


def _lerp(a: float, b: float, t: float) -> float:
    """numpy's linear interpolation, operation for operation (so the result is the same bits)."""
    d = b - a
    return b - d * (1.0 - t) if t >= 0.5 else a + d * t


def _exp10(x: float) -> float:
    """10**x, inf past the float range (a huge k reaches 0 and inf)."""
    try:
        power: float = 10.0 ** x
    except OverflowError:
        return math.inf
    return power


def quartile_ranks(n: int) -> list[int]:
    """The ranks (0-based, in sorted order) Q1 and Q3 of `n` values are interpolated from."""
    i1, i3 = int((n - 1) * 0.25), int((n - 1) * 0.75)
    return [i1, i1 + 1, i3, i3 + 1] if i3 + 1 < n else [i1, i1 + 1, i3]


def sorted_quartiles(s: Numbers) -> tuple[float, float]:
    """Q1 and Q3 of finite values (at least two) whose `quartile_ranks` positions hold those
    order statistics (sorted, or partitioned there), as ``np.percentile(x, [25, 75])``
    computes them: linear interpolation, operation for operation, so the same bits."""
    n = len(s)
    v1, v3 = (n - 1) * 0.25, (n - 1) * 0.75
    i1, i3 = int(v1), int(v3)  # floor: both are ≥ 0
    q1 = _lerp(float(s[i1]), float(s[i1 + 1]), v1 - i1)
    q3 = float(s[i3]) if v3 == i3 else _lerp(float(s[i3]), float(s[i3 + 1]), v3 - i3)
    return q1, q3


def outlier_kinds(values: Sequence[float], k: float) -> tuple[list[int], tuple[float, float] | None]:
    """`quant.outliers` for a list of floats, in plain Python: each value's kind and the fence.

    The same steps as the numpy version; the two can differ only where a value lies within a
    rounding error of log10 of the fence (numpy's log10 may be one ulp off the C library's).
    """
    if not k >= 0:
        raise ValueError("k must be ≥ 0")
    kind = [OK] * len(values)
    if not values:
        return kind, None
    total = sum(values)  # nan if any value is (min and max may step over a nan)
    if min(values) >= FLT_EPSILON and max(values) < math.inf and total == total:
        usable: list[int] | None = None
        logs = list(map(math.log10, values))
    else:
        usable = []
        for i, x in enumerate(values):
            if not (x > 0 and x < math.inf):  # nan fails both
                kind[i] = INVALID
            elif x < FLT_EPSILON:
                kind[i] = DEGENERATE
            else:
                usable.append(i)
        logs = [math.log10(values[i]) for i in usable]
    if len(logs) < MIN_FENCE_VALUES:
        return kind, None
    q1, q3 = sorted_quartiles(sorted(logs))
    iqr = q3 - q1
    lo_log, hi_log = q1 - k * iqr, q3 + k * iqr
    for j, x in enumerate(logs):
        if x < lo_log or x > hi_log:
            kind[j if usable is None else usable[j]] = LOW if x < lo_log else HIGH
    return kind, (_exp10(lo_log), _exp10(hi_log))


def rank_outliers(values: Numbers, bad: list[int], kinds: list[int], fence: tuple[float, float] | None
                  ) -> list[tuple[int, float, int, float]]:
    """The outliers `bad` (positions in `values`, of `kinds`, outside `fence`) farthest out
    first: (channel, value, kind, factor) — not finite or ≤ 0, then below FLT_EPSILON, then by
    how many times outside the fence (`factor`: the fence's low end over the value, or the value
    over its high end; 0 for the first two kinds), ties by channel. The rule scale-w-outlier
    names them in this order, and the Layers figures take the first as a layer's worst."""
    ranked = []  # (-how far out, channel, value, kind, factor): few per layer, plain Python is quickest
    for c, kind in zip(bad, kinds, strict=True):
        value = float(values[c])
        if kind == INVALID:
            far, factor = math.inf, 0.0
        elif kind == DEGENERATE:
            far, factor = 1e300, 0.0
        else:
            assert fence is not None  # LOW and HIGH exist only with a fence
            far = factor = fence[0] / value if kind == LOW else value / fence[1]
        ranked.append((-far, c, value, kind, factor))
    ranked.sort()  # farthest first, then by channel
    return [(c, value, kind, factor) for _far, c, value, kind, factor in ranked]
