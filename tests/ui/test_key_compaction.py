"""Layer keys in a narrow tree drop what tells the names apart least, and stay unique."""
from __future__ import annotations

import re

from editor.records.document import RecordDocument
from editor.ui.key_labels import KeyLabels, common_scope, labels_for, record_names
from tests.conftest import MOBILENET_V2_TF, RESNET50_CAFFE
from tests.ui.kit import load_sample


def _fits(label: str, key: str, scope: str) -> bool:
    """Whether a person reading `label` could take it for `key`: its kept segments in order,
    "…" for one segment or more (a leading "…/": the scope alone), a trailing "/" for
    exactly one."""
    scoped = bool(scope) and label.startswith("…/")
    body = label[2:] if scoped else label
    rest = key[len(scope):] if scoped and key.startswith(scope) else key
    parts = body.split("/")
    pattern = ""
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "…":
            pattern += "[^/]+(/[^/]+)*"
        elif part == "" and last:
            pattern += "[^/]+"
        else:
            pattern += re.escape(part)
        if not last:
            pattern += "/"
    return re.fullmatch(pattern, rest) is not None


def _unambiguous(names: list[str]) -> KeyLabels:
    labels = KeyLabels(names)
    short = labels.labels()
    for name, label in short.items():
        assert _fits(label, name, labels.scope), (name, label)  # a label says what its name is
        others = [n for n in short if n != name and _fits(label, n, labels.scope)]
        assert not others, (name, label, others)  # ... and no other name
    assert len(set(short.values())) == len(short)
    return labels


def test_the_eleven_mobilenet_depthwise_layers_keep_their_numbers():
    message = RecordDocument.load(MOBILENET_V2_TF).message
    keys = [e.key for e in message.record]
    labels = _unambiguous(keys)
    assert labels.scope == "MobilenetV2/"
    depthwise = [labels.label(k) for k in keys if k.endswith("depthwise/depthwise")]
    assert len(depthwise) == 17 and len(set(depthwise)) == 17
    assert labels.label("MobilenetV2/expanded_conv_10/depthwise/depthwise") == "…/expanded_conv_10/…/depthwise"
    # the op type most keys end with goes; what is left names one layer
    assert labels.label("MobilenetV2/expanded_conv_10/expand/Conv2D") == "…/expanded_conv_10/expand/"
    # shorter than the keys they stand for: the tree needs less room
    assert max(map(len, depthwise)) < max(len(k) for k in keys) - 10


def test_resnet_keys_keep_block_unit_and_conv():
    message, _ = load_sample("resnet_tf_inner_prune.txt")
    names = record_names(message)  # layer keys and prune node names: one set, as the tree labels it
    labels = _unambiguous(names)
    assert labels.scope == "resnet_v1_50/"
    assert labels.label("resnet_v1_50/block1/unit_1/bottleneck_v1/conv1/Conv2D") == "…/block1/unit_1/…/conv1/"
    assert labels.scoped("resnet_v1_50/block1/unit_1/bottleneck_v1/conv1/Conv2D") \
        == "…/block1/unit_1/bottleneck_v1/conv1/Conv2D"
    # a name typed since (not in the set) is only scoped
    assert labels.label("resnet_v1_50/new/Conv2D") == "…/new/Conv2D"


def test_plain_keys_stay_whole_and_real_records_stay_unique():
    caffe = [e.key for e in RecordDocument.load(RESNET50_CAFFE).message.record]
    labels = _unambiguous(caffe)
    assert all(labels.label(k) == k for k in caffe)  # nothing shared to drop: res4a_branch2a stays
    assert common_scope(["a/x", "a/y"]) == "a/" and common_scope(["a/x", "b/x"]) == ""
    assert common_scope(["net/Conv2D", "net"]) == ""  # never a whole name
    assert KeyLabels(["k"]).label("k") == "k"


def test_names_differing_in_one_inner_segment_keep_it():
    names = [f"net/stage{s}/unit_{u}/conv{c}/Conv2D" for s in range(3) for u in range(4) for c in range(3)]
    names += ["net/stage0/unit_0/conv0/BatchNorm/FusedBatchNormV3", "net/head/AvgPool"]
    labels = _unambiguous(names)
    assert labels.label("net/stage1/unit_2/conv0/Conv2D") == "…/stage1/unit_2/conv0/"
    assert labels.label("net/head/AvgPool") == "…/head/AvgPool"


def test_the_same_names_are_labelled_once():
    names = [f"m/b{i}/conv/Conv2D" for i in range(30)]
    first = labels_for(names)
    assert labels_for(list(names)) is first  # the tree and the prune view share the work
    renamed = [*names[:-1], "m/b29x/conv/Conv2D"]
    assert labels_for(renamed, limit=10, previous=first) is first  # a big record keeps its labels
    assert labels_for(renamed).label("m/b29x/conv/Conv2D") == "…/b29x/…/"
