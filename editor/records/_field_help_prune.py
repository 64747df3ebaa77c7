"""The field help of prune records, prune nodes, `AttrProto` and the attribute names AMCT
writes (``type``, ``begin``, ``end``, ``prune_index`` …), in English and Chinese; registered in
`_field_help_base`'s tables when `editor.records.field_help` imports it. No Qt here.
"""
from __future__ import annotations

from editor.records._field_help_base import _ATTRS, _FIELDS, _NONE, _T, ValueRange, _Entry, _field, _fixed
from editor.records.dialects import Dialect

# -- prune records and nodes

_CASCADE = _T("Example: in conv1 > bn > relu > conv2, pruning conv1 affects bn, relu and conv2, "
              "so conv1 is their producer and they are its consumers.",
              "例如conv1>bn>relu>conv2都可以稀疏，且bn、relu、conv2都会受到conv1稀疏的影响，"
              "则conv1是bn、relu、conv2的producer，bn、relu、conv2是conv1的consumer。")
_RANGE_NOTE = _T("Every producer and consumer gives its channel range with begin and end, and "
                 "all of a record's nodes cover as many channels.",
                 "每个producer、consumer都要用begin、end给出通道范围，同一prune_record中各节点"
                 "覆盖的通道数必须相同。")


@_field("prune_record", "producer")
def _producer(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("sparsity producer", "稀疏的producer"),
        _T("The root node of a cascade of sparsifiable nodes: the node whose output channels "
           "are removed.",
           "可稀疏节点间级联关系的根节点，即被裁剪输出通道的节点。") + _CASCADE,
        note=_RANGE_NOTE)


@_field("prune_record", "consumer")
def _consumer(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("sparsity consumer", "稀疏的consumer"),
        _T("A downstream node of the cascade: it loses the same channels as the producer.",
           "可稀疏节点间级联关系的下游节点，随producer裁剪相同的通道。") + _CASCADE,
        note=_RANGE_NOTE)


@_field("prune_record", "selective_prune")
def _selective_prune(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("2:4 structured sparsity node", "4选2结构化稀疏节点"),
        _T("A node pruned by 2:4 structured sparsity: of every 4 consecutive weights the 2 "
           "most important are kept. Its mask_shape attribute gives the mask's shape.",
           "按4选2结构化稀疏的节点：每4个连续的权重中保留重要性较高的2个。其mask_shape属性给出"
           "稀疏mask的shape。"),
        note=_T("Because of hardware restrictions, the Atlas inference series and Atlas training "
                "series products and the Atlas 350 accelerator card do not support 2:4 structured "
                "sparsity.",
                "由于硬件约束，Atlas推理系列产品、Atlas训练系列产品、Atlas 350加速卡不支持4选2结构化"
                "稀疏特性。"))


@_field("prune_node", "name")
def _node_name(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("node name", "节点名称"),
        _T("The node's name in the model. Required: a node without it cannot be saved in "
           "binary form.",
           "该节点在模型中的名称。必填字段（required）：缺少时无法保存为二进制格式。"),
        _T("non-empty text without leading or trailing blanks or line breaks",
           "非空字符串，首尾不能有空格，不能含换行"))


@_field("prune_node", "attr")
def _node_attr(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("node attributes", "节点属性"),
        _T("The node's attributes — type, the channel range begin and end, prune_index … — "
           "each with a name, a type and the one value field the type names.",
           "节点的属性，如type、通道范围begin和end、prune_index等；每个属性由名称、类型和类型"
           "所对应的一个取值字段组成。"),
        note=_T("AMCT reads an attribute's value from the field its type names, and takes the "
                "first attribute of a name.",
                "AMCT按属性的type读取对应的取值字段；同名属性只取第一个。"))


# -- AttrProto

@_field("attr_proto", "name")
def _attr_name(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("attribute name", "属性名称"),
        _T("The attribute's name: type, begin, end, prune_index, mask_shape …",
           "属性的名称，AMCT按名称查找属性。AMCT写入的属性有type、begin、end、prune_index、"
           "mask_shape等。"))


@_field("attr_proto", "type")
def _attr_type(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("attribute value type", "属性值的类型"),
        _T("Which field holds the value: FLOAT → f, INT → i, STRING → s, FLOATS → floats, "
           "INTS → ints, STRINGS → strings.",
           "决定属性值存放在哪个字段：FLOAT→f，INT→i，STRING→s，FLOATS→floats，INTS→ints，"
           "STRINGS→strings。"),
        _T("UNDEFINED, FLOAT, INT, STRING, FLOATS, INTS or STRINGS",
           "UNDEFINED、FLOAT、INT、STRING、FLOATS、INTS、STRINGS之一"))


_ATTR_VALUE = {
    "f": ("FLOAT", _T("a float", "单个浮点数")),
    "i": ("INT", _T("a 64-bit integer", "单个64位整数")),
    "s": ("STRING", _T("a byte string; non-ASCII bytes are shown as escapes",
                       "字节串；非ASCII字节以转义形式显示")),
    "floats": ("FLOATS", _T("a list of floats", "浮点数列表")),
    "ints": ("INTS", _T("a list of 64-bit integers", "64位整数列表")),
    "strings": ("STRINGS", _T("a list of byte strings", "字节串列表")),
}


def _attr_value_entry(name: str) -> _Entry:
    kind, what = _ATTR_VALUE[name]
    article = "an" if kind[0] in "AEIOU" else "a"
    return _Entry(
        _T(f"value of {article} {kind} attribute", f"{kind}类型属性的值"),
        _T(f"The value of an attribute whose type is {kind}: {what.en}.",
           f"type为{kind}的属性的值：{what.zh}。"),
        note=_T("AMCT reads no other value field for this type.", "AMCT对该类型不会读取其他取值字段。"))


for _n in _ATTR_VALUE:
    _FIELDS[("attr_proto", _n)] = _fixed(_attr_value_entry, _n)


# -- attribute names (the prune panel's columns, the tree's attr rows)

def _attr(name: str, kind: str, summary: _T, meaning: _T, values: _T = _NONE,
          default: _T | None = None, note: _T = _NONE, ranges: tuple[ValueRange, ...] = ()) -> None:
    _ATTRS[name] = _Entry(summary, meaning + _T(f"Type {kind}.", f"类型为{kind}。"), values,
                          default if default is not None else
                          _T("none: a node may leave it out.", "无，节点可以不配置。"),
                          note=note, ranges=ranges)


_attr("type", "STRING", _T("operator type", "算子类型"),
      _T("The node's operator type: Conv2D, FusedBatchNormV3 (TensorFlow); Conv, "
         "BatchNormalization (the ONNX graph AMCT PyTorch exports).",
         "节点的算子类型，如Conv2D、FusedBatchNormV3（TensorFlow），Conv、BatchNormalization"
         "（AMCT PyTorch导出的ONNX图）。"),
      note=_T("Without a model, the rules take a layer's type from here.",
              "未加载模型时，规则检查按此属性确定层的类型。"))
_attr("begin", "INT", _T("first channel of the range", "通道范围的起始通道"),
      _T("The first channel of the range [begin, end) this node covers.",
         "该节点覆盖的通道范围[begin, end)的起始通道。"),
      _T("a whole number ≥ 0 and below end", "≥0且小于end的整数"),
      _T("none; every producer and consumer needs it.", "无；每个producer、consumer都必须配置。"),
      ranges=(ValueRange(0, 2**63 - 1),))
_attr("end", "INT", _T("end of the channel range", "通道范围的结束位置"),
      _T("One past the last channel of the range [begin, end): end − begin channels.",
         "通道范围[begin, end)的结束位置（不含end本身），共end − begin个通道。"),
      _T("a whole number above begin", "大于begin的整数"),
      _T("none; every producer and consumer needs it.", "无；每个producer、consumer都必须配置。"),
      ranges=(ValueRange(1, 2**63 - 1),))
_attr("prune_index", "INTS", _T("removed channels", "被裁剪的通道"),
      _T("The numbers of the removed channels, counted from 0 of the whole tensor (not from "
         "begin).",
         "被裁剪通道的编号，按整个tensor从0计数（而非相对begin）。"),
      _T("whole numbers inside [begin, end), each once", "[begin, end)内的整数，不能重复"))
_attr("prune_axis", "INT", _T("pruned weight axis", "裁剪所沿的权重轴"),
      _T("The weight axis the channels are cut along.", "裁剪通道时所沿的权重轴。"))
_attr("group", "INT", _T("convolution groups", "卷积分组数"),
      _T("The convolution's group count.", "卷积的分组数（group）。"))
_attr("prune_group", "INT", _T("pruning groups", "裁剪分组数"),
      _T("The number of equal groups the channels are pruned in.", "通道按多少个等分的组进行裁剪。"))
_attr("mask_shape", "INTS", _T("2:4 mask shape", "4选2稀疏mask的shape"),
      _T("The shape of the 2:4 structured sparsity mask of a selective_prune node, e.g. 3, 3, "
         "3, 32.",
         "selective_prune节点4选2结构化稀疏mask的shape，如3、3、3、32。"))
_attr("selective_mask", "INTS", _T("2:4 mask bits", "4选2稀疏mask"),
      _T("The mask bits, packed (numpy packbits, padded to 8 bytes, stored as int64 words).",
         "mask的各个位，按位打包（numpy packbits，补齐到8字节，按int64存储）。"))


