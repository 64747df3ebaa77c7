"""The error measures of the analysis, as pure numpy functions: weights fake-quantized with a
record's scale_w, SQNR, AMCT's similarity, and scale_d/offset_d suggested from a range.

The formulas follow AMCT (``hicann/amct``, PyTorch flavour): a value is quantized as
``q = clamp(round(x / scale + offset), -2^(b-1), 2^(b-1) - 1)`` and dequantized as
``(q - offset) · scale`` in float32, round half to even (``convert_precision`` and
``apply_fake_quantize_and_anti_quantize`` in ``amct_pytorch/.../custom_op/utils.py`` and
``utils/data_utils.py``); weights have offset 0. The similarity is the one AMCT's
accuracy-based auto-calibration ranks layers by (``cosine_similarity_sensitivity.py``):
``0.5 + 0.5·cos(y, y')`` of a layer's float output and its fake-quantized output, 1 when
the float output is all zeros and 0 when only the quantized one is.
"""
from __future__ import annotations

import math

import numpy as np

from editor.records import quant, quant_core

#: rmse/scale of the rounding error of values spread evenly between levels: 1/sqrt(12)
UNIFORM_RMSE = 1.0 / math.sqrt(12.0)


def int_limits(bits: int) -> tuple[int, int]:
    """(-2^(b-1), 2^(b-1) - 1)."""
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def fake_quant_rows(rows: np.ndarray, scale_w: np.ndarray, bits: int) -> tuple[np.ndarray, np.ndarray]:
    """(the rows fake-quantized with one scale per row — or one for all — and the mask of
    the values the clamp changed), in float32 as AMCT computes them."""
    w = np.asarray(rows, dtype=np.float32)
    flat = np.asarray(scale_w, dtype=np.float32).reshape(-1)
    s = flat.reshape(-1, 1) if flat.size > 1 else flat.reshape(1, 1)
    lo, hi = int_limits(bits)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        q = np.rint(w / s)
        clipped = (q < lo) | (q > hi)
        np.clip(q, lo, hi, out=q)
        wq = (q * s).astype(np.float32)
    return wq, clipped


def sqnr_db(signal: float, noise: float) -> float:
    """``10·log10(signal / noise)`` of two sums of squares: inf without noise (nothing lost,
    an all-zero signal included), -inf for noise on a zero signal, nan when not finite."""
    if not (math.isfinite(signal) and math.isfinite(noise)):
        return math.nan
    if noise <= 0.0:
        return math.inf
    if signal <= 0.0:
        return -math.inf
    return 10.0 * math.log10(signal / noise)


def sqnr_db_array(signal: np.ndarray, noise: np.ndarray) -> np.ndarray:
    """`sqnr_db` element by element (float64)."""
    s = np.asarray(signal, dtype=np.float64)
    n = np.asarray(noise, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = 10.0 * np.log10(s / n)
    out = np.where(n <= 0.0, np.inf, out)
    out = np.where((n > 0.0) & (s <= 0.0), -np.inf, out)
    return np.where(np.isfinite(s) & np.isfinite(n), out, np.nan)


def similarity(dot: float, yy: float, qq: float) -> float:
    """AMCT's similarity ``0.5 + 0.5·cos`` from ``Σ y·y'``, ``Σ y²`` and ``Σ y'²``: 1 when y is
    all zeros, 0 when y' is (and y is not)."""
    if yy <= 0.0:
        return 1.0
    if qq <= 0.0:
        return 0.0
    cos = dot / math.sqrt(yy * qq)
    return 0.5 + 0.5 * max(-1.0, min(1.0, cos))


def cosine_of_difference(yy: float, qq: float, dd: float) -> float:
    """The cosine of y and y' from ``Σy²``, ``Σy'²`` and ``Σ(y - y')²`` (1 for two zero tensors,
    0 for one): ``1 - (Σ(y - y')² - (‖y‖ - ‖y'‖)²) / (2‖y‖‖y'‖)``. Written so, a relative error ε
    in each sum moves the cosine by about ε·‖y - y'‖/‖y‖ (and the similarity by half that),
    not by ε as ``Σy·y' / (‖y‖‖y'‖)`` from sums each off by ε would."""
    if yy <= 0.0 and qq <= 0.0:
        return 1.0
    if yy <= 0.0 or qq <= 0.0:
        return 0.0
    a, b = math.sqrt(yy), math.sqrt(qq)
    return max(-1.0, min(1.0, 1.0 - (dd - (a - b) ** 2) / (2.0 * a * b)))


def similarity_of_difference(yy: float, qq: float, dd: float) -> float:
    """AMCT's similarity ``0.5 + 0.5·cos`` from ``Σy²``, ``Σy'²`` and ``Σ(y - y')²`` (see
    `cosine_of_difference`): 1 when y is all zeros, 0 when y' is (and y is not)."""
    if yy <= 0.0:
        return 1.0
    if qq <= 0.0:
        return 0.0
    return 0.5 + 0.5 * cosine_of_difference(yy, qq, dd)


def cosine(dot: float, yy: float, qq: float) -> float:
    """Plain cosine of two tensors from the same sums (1 for two zero tensors, 0 for one)."""
    if yy <= 0.0 and qq <= 0.0:
        return 1.0
    if yy <= 0.0 or qq <= 0.0:
        return 0.0
    return max(-1.0, min(1.0, dot / math.sqrt(yy * qq)))


def suggest_activation(lo: float, hi: float, bits: int = 8, symmetric: bool = False) -> tuple[float, int]:
    """scale_d/offset_d for activations observed in [lo, hi], AMCT's ``calculate_scale_offset``:
    asymmetric (AMCT's default, ``activation_offset`` true) forces the range through zero and
    spreads it over 2^b - 1 steps; symmetric divides the larger magnitude by 2^(b-1) - 1
    (one level more when the negative side is larger), offset 0. A scale below FLT_EPSILON
    becomes 1.0, as in AMCT."""
    if not symmetric:
        return quant.scale_offset_from_range(lo, hi, bits)
    amax, amin = abs(float(np.float32(hi))), abs(float(np.float32(lo)))
    steps = (1 << (bits - 1)) - 1 + (1 if amax < amin else 0)
    scale = float(np.float32(max(amax, amin)) / np.float32(steps))
    if scale < float(quant_core.FLT_EPSILON):
        scale = 1.0
    return scale, 0
