"""Caffe's output-size formulas, by hand-computed cases."""
from __future__ import annotations

import pytest

from editor.models.shapes import conv_output, deconv_output, pool_output


@pytest.mark.parametrize("args,expected", [
    ((224, 7, 3, 2), 112),           # ResNet conv1: floor((224 + 6 - 7) / 2) + 1
    ((56, 1, 0, 2), 28),             # a stride-2 1×1 projection
    ((56, 3, 1, 1), 56),             # "same" 3×3
    ((32, 3, 2, 1, 2), 32),          # dilation 2: extent 5
    ((7, 3, 0, 2), 3),
])
def test_conv_output(args, expected):
    assert conv_output(*args) == expected


def test_deconv_output_inverts_a_stride_2_conv():
    assert deconv_output(28, 4, 1, 2) == 56
    assert deconv_output(5, 3, 0, 1, 2) == 9


@pytest.mark.parametrize("args,expected", [
    ((112, 3, 0, 2), 56),            # ResNet pool1: ceil((112 - 3) / 2) + 1 — floor would give 55
    ((7, 7, 0, 1), 1),               # pool5
    ((16, 3, 1, 2), 9),              # padded: ceil(15 / 2) + 1 = 9, last window starts at 16 < 17
    ((13, 3, 1, 2), 7),
])
def test_pool_output_rounds_up(args, expected):
    assert pool_output(*args) == expected


def test_pool_output_clips_a_window_starting_in_the_padding():
    # ceil((4 + 2 - 2) / 2) + 1 = 3, but window 3 would start at 4 >= 4 + 1 - … Caffe drops it:
    # (3 - 1) * 2 = 4 >= size + pad = 4 + 1? no -> kept; with pad 2: ceil(6/2)+1 = 4, 3*2=6 >= 6 -> 3
    assert pool_output(4, 2, 2, 2) == 3
    assert pool_output(4, 2, 1, 2) == 3


def test_pool_output_floor_mode():
    assert pool_output(112, 3, 0, 2, ceil=False) == 55
