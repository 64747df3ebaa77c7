"""What the panel tests share: a small record per dialect and the objects a window would own."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from google.protobuf.message import Message
from PySide6.QtGui import QUndoStack

from editor.records._pb import basic_info_pb2
from editor.records.dialects import DIALECTS, Dialect
from editor.ui.panels._live import LiveProblems
from editor.ui.selection import Selection
from editor.ui.tree_model import RecordTreeModel

Attr = basic_info_pb2.AttrProto
RELU6_SCALE = float(np.float32(6 / 255))  # 0.0235294122, as in the MobileNetV2 sample
SCALES = [0.0070146145, 0.012803483, 0.008406523, 0.00742073, 0.0030302422, 0.010226682,
          0.010127633, 0.01746215]


def _node(node, name: str, begin: int, end: int, op: str | None = None) -> None:
    node.name = name
    if op is not None:
        node.attr.add(name="type", type=Attr.STRING, s=op.encode())
    node.attr.add(name="begin", type=Attr.INT, i=begin)
    node.attr.add(name="end", type=Attr.INT, i=end)


def small_record(dialect: str = "tf-inner") -> Message:
    """Three layers and (where the dialect has them) one prune record, all clean.

    0 ``net/conv1/Conv2D``: 8 channels, a pruned producer of [0, 8); act_type INT8 where known.
    1 ``net/conv3/Conv2D``: 8 channels with shift_bit, 4 tensor_balance_factor (input channels).
    2 ``net/fc/MatMul``: per-tensor.
    """
    d = DIALECTS[dialect]
    msg = d.new_message()
    e = msg.record.add(key="net/conv1/Conv2D")
    v = e.value
    v.scale_d, v.offset_d = RELU6_SCALE, -128
    v.scale_w.extend(SCALES)
    v.offset_w.extend([0] * 8)
    if d.has_value_field("act_type"):
        v.act_type = "INT8"
    if d.has_value_field("channels"):
        v.channels, v.height, v.width = 3, 224, 224
    e = msg.record.add(key="net/conv3/Conv2D")
    v = e.value
    v.scale_d, v.offset_d = 0.05, -3
    v.scale_w.extend(SCALES)
    v.offset_w.extend([0] * 8)
    v.shift_bit.extend([1] * 8)
    if d.has_value_field("tensor_balance_factor"):
        v.tensor_balance_factor.extend([0.5, 1.0, 1.5, 2.0])
    if d.has_value_field("channels"):
        v.channels, v.height, v.width = 8, 56, 56
    e = msg.record.add(key="net/fc/MatMul")
    v = e.value
    v.scale_d, v.offset_d = 0.1, 0
    v.scale_w.append(0.002)
    v.offset_w.append(0)
    if d.has_value_field("channels"):
        v.channels, v.height, v.width = 8, 1, 1
    if d.has_prune:
        pr = msg.prune_record.add()
        _node(pr.producer.add(), "net/conv1/Conv2D", 0, 8, "Conv2D")
        _node(pr.consumer.add(), "net/bn1/FusedBatchNormV3", 0, 8, "FusedBatchNormV3")
        _node(pr.consumer.add(), "net/conv2/Conv2D", 0, 8, "Conv2D")
        pr.consumer[1].attr.add(name="prune_axis", type=Attr.INT, i=2)
    return msg


@dataclass
class Env:
    """The objects a main window owns, wired as it wires them."""

    model: RecordTreeModel
    stack: QUndoStack
    selection: Selection
    live: LiveProblems
    dialect: Dialect
    messages: list[str] = field(default_factory=list)

    def snapshot(self) -> bytes:
        return self.model.message.SerializePartialToString(deterministic=True)


def make_env(message: Message | None = None, dialect: str = "tf-inner") -> Env:
    message = message if message is not None else small_record(dialect)
    model = RecordTreeModel(message)
    stack = QUndoStack()
    live = LiveProblems(model, dialect, stack)
    return Env(model, stack, Selection(), live, DIALECTS[dialect])
