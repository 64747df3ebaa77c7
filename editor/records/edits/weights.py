"""Reset from weights: scale_w set to the values AMCT's ARQ computes from a layer's weights.

One plan for the window's *Reset from Weights* (`WeightsReview.reset_command`) and for
`record-editor refit`, so both write the same bytes. What ARQ gives for a layer with
weights (docs/RECORD-FORMAT.md §6.7, §8): one scale_w per output channel and an offset_w
of 0 beside each, as many as scale_w. So the reset sets scale_w at the chosen channels to
the ARQ values and offset_w there to 0; an offset_w whose length is not scale_w's (31 values
beside 32 scale_w, or none) becomes scale_w's length of zeros, whichever channels are chosen.
The step replaces the layer's `value` once, so a 30 000-channel reset is one edit and its
undo puts the original back bit for bit. Whether the new values break a rule is the one
check's to say (`EditCheck.validate`).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from editor.i18n import translate
from editor.records.editing import RecordEditor
from editor.records.edits.commands import ReplaceMessageCommand
from editor.records.messages import copy_of


@dataclass(frozen=True)
class WeightsReset:
    """What a reset changes in one layer: the command, the scale_w channels whose value
    changes, and how many offset_w values it sets to 0 (or writes anew)."""

    command: ReplaceMessageCommand
    channels: list[int]
    offsets: int


def reset_from_weights(editor: RecordEditor, index: int, arq_scale: np.ndarray,
                       channels: Iterable[int] | None = None) -> WeightsReset | str:
    """The step setting scale_w of layer entry `index` to `arq_scale` (the ARQ values, one
    per channel) at `channels` (None: every channel) and offset_w to 0 as ARQ gives it; or
    why there is none (a channel outside scale_w, nothing to change)."""
    new_scale = np.asarray(arq_scale, dtype=np.float32).reshape(-1)
    n = new_scale.size
    chosen = np.arange(n) if channels is None else np.unique(np.asarray(list(channels), dtype=np.int64))
    if chosen.size == 0:
        return translate("WeightsReview", "no channel chosen")
    if chosen[0] < 0 or chosen[-1] >= n:
        return translate("WeightsReview", "scale_w has channels 0–{last}").format(last=n - 1)
    entry = editor.entry_at(index)
    value = entry.value
    old_scale = np.asarray(value.scale_w, dtype=np.float32)
    if old_scale.size != n:
        return translate("WeightsReview", "scale_w has {n} values, the weights {m} channels").format(
            n=old_scale.size, m=n)
    offsets = list(value.offset_w)
    changed = [int(c) for c in chosen if new_scale[c].view(np.uint32) != old_scale[c].view(np.uint32)]
    new = copy_of(value)
    for c in changed:
        new.scale_w[c] = float(new_scale[c])
    if len(offsets) == n:
        zeroed = [int(c) for c in chosen if offsets[c] != 0]
        for c in zeroed:
            new.offset_w[c] = 0
        reset = len(zeroed)
    else:  # out of step with scale_w: AMCT's length, all 0
        del new.offset_w[:]
        new.offset_w.extend([0] * n)
        reset = n
    if not changed and not reset:
        return translate("WeightsReview", "scale_w already has the values of the weights there")
    what = (f"scale_w[{chosen[0]}]" if chosen.size == 1 else "scale_w" if chosen.size == n
            else translate("WeightsReview", "{n} channels of scale_w").format(n=chosen.size))
    key = entry.key or translate("WeightsReview", "record {index}").format(index=index)
    text = translate("WeightsReview", "Reset {what} of {key} from the weights").format(what=what, key=repr(key))
    command = ReplaceMessageCommand(editor, ("record", index, "value"), new.SerializePartialToString(), text=text)
    return WeightsReset(command, changed, reset)
