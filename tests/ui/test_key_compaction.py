"""Layer keys in a narrow tree drop what tells the rows apart least, not their middle."""
from __future__ import annotations

from editor.ui.delegates import compact_key, frequent_segments, frequent_tails
from tests.ui.conftest import load_sample


def test_resnet_keys_keep_block_unit_and_conv_when_shortened():
    message, _ = load_sample("resnet_tf_inner_prune.txt")
    keys = [e.key for e in message.record]
    frequent = frequent_segments(keys)
    assert "bottleneck_v1" in frequent and not {"block1", "unit_1", "conv1", "conv2"} & frequent
    short = [compact_key(compact_key(k, "resnet_v1_50/", frozenset()), "", frequent) for k in keys]
    assert compact_key("resnet_v1_50/block1/unit_1/bottleneck_v1/conv1/Conv2D", "resnet_v1_50/", frozenset()) \
        == "…/block1/unit_1/bottleneck_v1/conv1/Conv2D"
    assert short[keys.index("resnet_v1_50/block1/unit_1/bottleneck_v1/conv1/Conv2D")] \
        == "…/block1/unit_1/…/conv1/Conv2D"
    assert len(set(short)) == len(set(keys))  # still tells every layer apart


def test_the_last_segment_and_short_key_sets_stay_whole():
    assert frequent_segments(["a/x", "a/y"]) == frozenset()
    assert compact_key("net/Conv2D", "", frozenset({"Conv2D", "net"})) == "…/Conv2D"
    assert compact_key("k", "k", frozenset()) == "k"


def test_the_common_op_type_goes_last():
    message, _ = load_sample("resnet_tf_inner_prune.txt")
    keys = [e.key for e in message.record]
    assert frequent_tails(keys) == frozenset({"Conv2D"})
    assert compact_key("…/block1/unit_1/…/conv1/Conv2D", "", frozenset(), frozenset({"Conv2D"})) \
        == "…/block1/unit_1/…/conv1/"
    assert compact_key("…/pool5/AvgPool", "", frozenset(), frozenset({"Conv2D"})) == "…/pool5/AvgPool"
