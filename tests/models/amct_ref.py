"""AMCT's weight arithmetic written out in numpy, step by step as AMCT's own code does it, for
the tests to derive expected numbers independently of the editor's code.

PyTorch flavour (``hicann/amct``, ``amct_pytorch/classic/graph_based/amct_pytorch/``):
``custom_op/utils.py`` (calculate_scale_offset, process_scale), ``custom_op/arq/arq_impl.py``
(arq_cali_pytorch), ``optimizer/weight_calibration.py`` (apply_balance_scale_to_weight,
_weight_calibration_process), ``utils/weight_quant_api.py`` (adjust_conv_weight_shape,
adjust_deconv_weight_shape), ``utils/module_info.py`` (get_wts_cout_cin), and PyTorch's
``fuse_conv_bn_weights`` (which ``optimizer/conv_bn_fusion_pass.py`` calls). Torch computes
in float32 where the tensors are float32; so does every step here. The Caffe and TensorFlow
flavours are closed source: their fusions use the same arithmetic on the patterns their
documentation lists (the tests that use them say so).
"""
from __future__ import annotations

import numpy as np

F32 = np.float32
FLT_EPSILON = np.finfo(np.float32).eps


def adjust_conv_weight_shape(group: int, weight: np.ndarray) -> np.ndarray:
    """``adjust_conv_weight_shape``: (out, in/g, k…) ↔ (in, out/g, k…), group by group."""
    w = weight.reshape((group, -1) + weight.shape[1:])
    axes = (0, 2, 1) + tuple(range(3, w.ndim))
    w = np.transpose(w, axes)
    return w.reshape((-1,) + w.shape[2:])


def adjust_deconv_weight_shape(group: int, weight: np.ndarray) -> np.ndarray:
    """``adjust_deconv_weight_shape``: a ConvTranspose's (in, out/g, k…) to (out, in/g, k…)."""
    if group == 1:
        return np.transpose(weight, (1, 0) + tuple(range(2, weight.ndim)))
    w = weight.reshape((group, -1) + weight.shape[1:])
    w = np.transpose(w, (0, 2, 1) + tuple(range(3, w.ndim)))
    return w.reshape((-1,) + w.shape[2:])


def apply_balance(weight: np.ndarray, tbf, cin_axis: int, conv_groups: int = 1) -> np.ndarray:
    """``apply_balance_scale_to_weight``: weight × tensor_balance_factor along the input
    channels; a grouped Conv is first laid out as (out/g, in, k…)."""
    factor = np.asarray(tbf, dtype=F32)
    shape = [1] * weight.ndim
    shape[cin_axis] = -1
    factor = factor.reshape(shape)
    w = weight
    if conv_groups > 1:
        w = np.swapaxes(adjust_conv_weight_shape(conv_groups, w), 0, 1)
    w = (w * factor).astype(F32)
    if conv_groups > 1:
        w = adjust_conv_weight_shape(conv_groups, np.swapaxes(w, 0, 1))
    return w


def fuse_bn(weight: np.ndarray, var, gamma, eps: float, axis: int = 0) -> np.ndarray:
    """``fuse_conv_bn_weights``: weight × gamma·rsqrt(var + eps) along `axis` (output channels)."""
    rsqrt = (F32(1.0) / np.sqrt((np.asarray(var, F32) + F32(eps)).astype(F32))).astype(F32)
    mult = (np.asarray(gamma, F32) * rsqrt).astype(F32)
    shape = [1] * weight.ndim
    shape[axis] = -1
    return (weight * mult.reshape(shape)).astype(F32)


def arq(weight_out_first: np.ndarray, num_bits: int = 8, channel_wise: bool = True) -> np.ndarray:
    """``arq_cali_pytorch`` + symmetric ``calculate_scale_offset`` + ``process_scale``: the
    scale_w AMCT writes, from weights whose axis 0 is the output channel."""
    data = np.asarray(weight_out_first, dtype=F32).reshape(weight_out_first.shape[0], -1)
    if channel_wise:
        dmax, dmin = data.max(axis=1), data.min(axis=1)
    else:
        dmax, dmin = np.array([data.max()], F32), np.array([data.min()], F32)
    negative = np.abs(dmax) < np.abs(dmin)
    quant_scope = (negative.astype(np.int64) + (2 ** (num_bits - 1) - 1)).astype(F32)
    boundary = np.where(np.abs(dmax) > np.abs(dmin), np.abs(dmax), np.abs(dmin)).astype(F32)
    scale = (boundary / quant_scope).astype(F32)
    return np.where(scale < FLT_EPSILON, F32(1.0), scale).astype(F32)


def caffe_bn_multiplier(var_sum, factor, gamma, eps: float) -> np.ndarray:
    """A Caffe BatchNorm (+ Scale) as a per-channel factor: variance = blob 1 / blob 2, then
    gamma / sqrt(variance + eps) — the PyTorch fusion's arithmetic on Caffe's blobs."""
    var = (np.asarray(var_sum, F32) * (F32(1.0) / F32(factor))).astype(F32)
    rsqrt = (F32(1.0) / np.sqrt((var + F32(eps)).astype(F32))).astype(F32)
    return (np.asarray(gamma, F32) * rsqrt).astype(F32)
