"""What each field of a record means, in English and in Chinese: the editor's field help.

Every field of every dialect's schema (the top-level message, the layer entry, the value
message, the PyTorch KV-cache message, prune records, prune nodes and their attributes) and
the attribute names AMCT writes (``type``, ``begin``, ``end``, ``prune_index`` …) has help
here: what it means, what values it takes, its default and what AMCT does with it. Where a
dialect differs (``skip_fusion`` defaults to true in ONNX; ``offset_d`` takes the INT16 range
only where ``act_type`` exists; ``shift_bit`` is reserved in TF ``convert_model``) the help
says what holds for that dialect.

The English is written from AMCT's English record documentation (seed 004) and
docs/RECORD-FORMAT.md; the Chinese from AMCT's Chinese pages (seeds 000 and 002, and the
PyTorch page ``docs/zh/context/record.md`` of AMCT's source), in their terms (量化因子,
记录文件, 稀疏 …) — the list, for a native reader's check, is in docs/GLOSSARY.md.
Ranges are built from the constants the rules use (`quant`, `type_values`, `PER_CHANNEL_DOC`), and the tests hold them
to what `rules.validate_value` accepts.

No Qt here: the widgets ask `help_for` (a field descriptor) or `attr_help` (an attribute
name) and show `FieldHelp.text()`. Without a language they get the interface language,
`editor.i18n.language()`, so the help follows the language the rest of the editor speaks.
"""
from __future__ import annotations

from functools import cache

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from editor.records import quant
from editor.records._field_help_base import (  # the shared parts; some re-exported
    _ATTRS,
    _FIELDS,
    _NEEDED,
    _NONE,
    _POSITIVE,
    _POSITIVE_RANGE,
    _T,
    EN,
    INT4_RANGE,
    KV_OFFSET_RANGE,
    LANGUAGES,
    SHIFT_BIT_RANGE,
    ZH,
    FieldHelp,
    ValueRange,
    _Entry,
    _eps_text,
    _field,
    _fixed,
    _has,
    _int_range,
    _join,
    _language,
    language_of,
    wrap,
)
from editor.records.dialects import DIALECTS, Dialect, get_dialect
from editor.records.rules.catalog_values import type_values
from editor.records.rules.layer_types import PER_CHANNEL_DOC
from editor.records.values import format_value, is_message

# -- top level and entry

@_field("top", "record")
def _record(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("one quantized layer's record", "单个量化层的量化因子记录"),
        _T("Each record holds the quantization factors of one quantized layer: key is the "
           "layer's name, value its factors.",
           "每个record对应一个量化层的量化因子记录：key为所记录量化层的层名，value为具体量化因子。"),
        note=_T("Give each key once. AMCT's look-ups use the first record of a key, its parser "
                "the last.",
                "同一层名只能出现一次。AMCT查询时使用第一个，解析记录文件时则以最后一个为准。"))


@_field("top", "prune_record")
def _prune_record(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("sparsity record", "稀疏信息的记录"),
        _T("One cascade of channel sparsity — a producer whose output channels are removed "
           "and the consumers that lose the same channels — or one 2:4 structured sparsity "
           "node (selective_prune). Written by AMCT's sparsity features only.",
           "记录通道稀疏中一组可稀疏节点间的级联关系（被裁剪输出通道的producer，以及随之裁剪相同"
           "通道的consumer），或一个4选2结构化稀疏节点（selective_prune）。仅稀疏场景生成。"),
        note=_T("AMCT checks only that every producer and consumer name is a node of the model.",
                "AMCT只检查各producer、consumer的名称是否为模型中的节点。"))


@_field("entry", "key")
def _key(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("layer name", "层名"),
        _T("The name of the quantized layer in the model, exactly as the model spells it. "
           "A key of the form layer:N stands for input N of that layer: the input tensor is "
           "quantized, with activation factors only.",
           "所记录量化层在模型中的名称，须与模型中的写法完全一致。形如layer:N的key表示对该层"
           "第N个输入tensor进行量化，只能配置数据量化因子。"),
        _T("non-empty text without leading or trailing blanks, line breaks or tabs; each key "
           "once in the file",
           "非空字符串，首尾不能有空格，不能含换行或制表符；同一层名在文件中只能出现一次"),
        note=_T("Without a key AMCT stops with 'Cannot find \"key\" in record file.'; with a "
                "name the model lacks, with 'find KEY failure in MODEL'.",
                "缺少key时AMCT报错“Cannot find \"key\" in record file.”；模型中没有该层时报错"
                "“find KEY failure in MODEL”。"))


@_field("entry", "value")
def _value(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("quantization factor configuration", "量化因子配置"),
        _T("The layer's quantization factors.", "该层的具体量化因子。"),
        note=_T("Without it AMCT stops with \"cannot find 'value' in KEY\". A value whose "
                "factors are all unset or 0 counts as empty: the layer is not quantized, but "
                "its skip_fusion and tensor_balance_factor are still read.",
                "缺少value时AMCT报错“cannot find 'value' in KEY”。各量化因子均未配置或均为0时"
                "视为空记录：该层不做量化，但仍会读取skip_fusion和tensor_balance_factor。"))


@_field("entry", "kv_cache_value")
def _kv_cache_value(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("KV-cache quantization factors", "kv-cache量化因子配置"),
        _T("The layer's KV-cache quantization factors: a scale and an offset vector of equal "
           "length. PyTorch only.",
           "该层kv-cache的量化因子：等长的scale、offset两组值。仅PyTorch使用。"),
        note=_T("The KV cache is quantized to INT8 only.", "kv-cache仅支持INT8量化。"))


@_field("kv", "scale")
def _kv_scale(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("KV-cache scale factors", "kv-cache的scale量化因子"),
        _T("The scale factors of the layer's KV-cache quantization.", "kv-cache量化使用的scale因子。"),
        _POSITIVE + _T("; as many values as offset", "；个数与offset相同"),
        ranges=(_POSITIVE_RANGE,))


@_field("kv", "offset")
def _kv_offset(d: Dialect | None) -> _Entry:
    lo, hi = KV_OFFSET_RANGE
    return _Entry(
        _T("KV-cache offset factors", "kv-cache的offset量化因子"),
        _T("The offset factors of the layer's KV-cache quantization.", "kv-cache量化使用的offset因子。"),
        _int_range(lo, hi) + _T("(INT8); as many values as scale", "（INT8）；个数与scale相同"),
        ranges=(ValueRange(lo, hi),))


# -- the value message: activations

@_field("value", "scale_d")
def _scale_d(d: Dialect | None) -> _Entry:
    eps, _ = _eps_text()
    return _Entry(
        _T("activation quantization scale", "数据量化scale因子"),
        _T("The scale factor of the layer's input data (activations). Activations are quantized "
           "per tensor only: one value per layer. With offset_d it maps a float x to the "
           "integer round(x / scale_d + offset_d).",
           "该层输入数据（activation）的缩放因子。仅支持对数据进行统一量化，每层一个值。与offset_d"
           "一起把浮点数x量化为整数round(x / scale_d + offset_d)。"),
        _POSITIVE,
        default_extra=_NEEDED,
        note=_T(f"AMCT's own calibration never records a scale below FLT_EPSILON ({eps}); it "
                "writes 1.0 instead, so a smaller one is suspicious.",
                f"AMCT校准时不会记录小于FLT_EPSILON（{eps}）的scale，而是以1.0代替，因此这样小的值"
                "值得检查。"),
        ranges=(_POSITIVE_RANGE,))


def _offset_values(d: Dialect | None) -> tuple[_T, tuple[ValueRange, ...]]:
    lo, hi = quant.amct_offset_check_range(None)
    if not _has(d, "act_type"):
        return _int_range(lo, hi), (ValueRange(lo, hi),)
    lo16, hi16 = quant.amct_offset_check_range("INT16")
    lo4, hi4 = INT4_RANGE
    text = _int_range(lo, hi) + _T(
        f"; from {lo16} to {hi16} when act_type is INT16 (INT4 layers should stay within "
        f"{lo4} to {hi4})",
        f"；act_type为INT16时为{lo16}～{hi16}（INT4层宜在{lo4}～{hi4}之间）")
    return text, (ValueRange(lo, hi), ValueRange(lo16, hi16, act_type="INT16"))


@_field("value", "offset_d")
def _offset_d(d: Dialect | None) -> _Entry:
    values, ranges = _offset_values(d)
    return _Entry(
        _T("activation quantization offset", "数据量化offset因子"),
        _T("The offset (zero point) of the layer's input data, paired with scale_d; per "
           "tensor only, one value per layer.",
           "该层输入数据的偏移量，与scale_d配对使用；仅支持对数据进行统一量化，每层一个值。"),
        values,
        default_extra=_NEEDED,
        note=_T("AMCT calibrates activations asymmetrically and forces the range through zero: "
                "offset_d = round(-2^(b-1) - min / scale_d), so -128 at INT8 means the "
                "activations are never negative (after a ReLU, say).",
                "AMCT对数据做非对称量化并强制过零点：offset_d = round(-2^(b-1) - min / scale_d)，"
                "因此INT8下offset_d为-128表示数据全部非负（如ReLU之后）。"),
        ranges=ranges)


# -- weights

_PER_CHANNEL_ZH = {
    "tf-inner": "卷积层（Conv2D）、Depthwise卷积层（DepthwiseConv2dNative）、反卷积层（Conv2DBackpropInput）",
    "tf-convert": "卷积层（Conv2D）、Depthwise卷积层（DepthwiseConv2dNative）、反卷积层（Conv2DBackpropInput）",
    "mindspore": "卷积层（Conv2D）、Depthwise卷积层（DepthwiseConv2dNative）、反卷积层（Conv2DBackpropInput）",
    "caffe": "卷积层（Convolution）、反卷积层（Deconvolution）",
    "onnx": "卷积层（Conv）、反卷积层（ConvTranspose）",
    "pytorch": "卷积层和全连接层（Linear）",
}


@_field("value", "scale_w")
def _scale_w(d: Dialect | None) -> _Entry:
    if d is None:
        where = _T("convolution-like layers", "卷积类层")
    else:
        where = _T(PER_CHANNEL_DOC[d.name], _PER_CHANNEL_ZH[d.name])
    return _Entry(
        _T("weight quantization scale", "权重量化scale因子"),
        _T("Two modes: one value quantizes the layer's weights uniformly; one value per output "
           f"channel quantizes them channel-wise, which is supported only for {where.en}.",
           "支持标量（对当前层的权重进行统一量化）和向量（按channel_wise方式量化，每个输出通道"
           f"一个值）两种模式，仅{where.zh}支持channel_wise量化模式。"),
        _POSITIVE + _T("; one value, or one per output channel", "；1个值，或每个输出通道1个值"),
        default_extra=_T("Layers with weights need it; AvgPool and layer:N keys take none.",
                         "有权重的量化层必须配置；AvgPool层和layer:N形式的key不能配置。"),
        note=_T("offset_w (and shift_bit, when given) must have as many values. The device "
                "dequantizes channel c with scale_d · scale_w[c].",
                "offset_w（以及配置时的shift_bit）的个数须与scale_w相同。通道c的反量化scale为"
                "scale_d × scale_w[c]。"),
        ranges=(_POSITIVE_RANGE,))


@_field("value", "offset_w")
def _offset_w(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("weight quantization offset", "权重量化offset因子"),
        _T("Scalar or vector like scale_w, and as many values. Weight quantization with an "
           "offset is not supported, so every value is 0.",
           "同scale_w一样支持标量和向量两种模式，且需要同scale_w维度一致。当前不支持权重带offset的"
           "量化模式，offset_w仅支持0。"),
        _T("0 only; as many values as scale_w", "只能为0；个数与scale_w相同"),
        ranges=(ValueRange(0, 0),))


_SHIFT_NOTE: dict[str, _T] = {
    "tf-inner": _T("AMCT TensorFlow writes it only when the simplified PTQ configuration file "
                   "sets joint_quant.",
                   "只有训练后量化简易配置文件配置了joint_quant参数，shift_bit才会写入记录文件。"),
    "tf-convert": _T("Reserved for the convert_model API: not supported, leave it out.",
                     "convert_model接口场景下为预留字段，当前不支持，不需要配置。"),
    "caffe": _T("AMCT Caffe's documentation both calls it reserved (not supported, not to be "
                "set) and lists it among a quantized layer's fields; which applies is not "
                "documented.",
                "AMCT Caffe的文档一处称其为预留字段（当前不支持，不需要配置），另一处又把它列为"
                "量化层需要配置的参数，未说明以哪一处为准。"),
    "pytorch": _T("Reserved. AMCT PyTorch never writes it to a record file, and its parser "
                  "refuses it on every layer type.",
                  "保留参数。AMCT PyTorch不会把它写入记录文件，解析时对任何类型的层都不接受。"),
}


@_field("value", "shift_bit")
def _shift_bit(d: Dialect | None) -> _Entry:
    lo, hi = SHIFT_BIT_RANGE
    refused = d is not None and d.name == "pytorch"  # rule pytorch-shift-bit: AMCT refuses it
    return _Entry(
        _T("shift factor", "移位因子"),
        _T("One shift N per weight channel: the integer result is divided by 2^N before it is "
           "saturated and multiplied back after, trading low bits for headroom; the "
           "dequantization scale is unchanged.",
           "每个权重通道一个移位值N：整数结果先除以2^N再做饱和，之后再乘回，以低位精度换取"
           "数值范围；反量化scale不变。"),
        _T("none: leave it out", "无：不要配置") if refused else
        _T(f"all 0, or each a whole number from {lo} to {hi}; as many values as scale_w when "
           "given",
           f"全部为0，或每个值为{lo}～{hi}的整数；配置时个数与scale_w相同"),
        note=_SHIFT_NOTE.get(d.name, _NONE) if d is not None else _NONE,
        ranges=() if refused else (ValueRange(0, 0), ValueRange(lo, hi)))


@_field("value", "cluster")
def _cluster(d: Dialect | None) -> _Entry:
    lo, hi = quant.int_range(8)
    return _Entry(
        _T("cluster centres (non-uniform quantization)", "聚类中心"),
        _T("The cluster centres of non-uniform quantization (NUQ); only NUQ layers have it. "
           "Documented as not supported.",
           "非均匀量化的聚类中心，只有非均匀量化场景下需要使能该字段。当前不支持该字段。"),
        _T(f"16 or 32 whole numbers from {lo} to {hi}", f"16或32个{lo}～{hi}的整数"),
        ranges=(ValueRange(lo, hi),))


_SHAPE_ZH = {"channels": "channel", "height": "height", "width": "width"}


def _shape_entry(name: str) -> _Entry:
    what = {"channels": "channel count", "height": "height", "width": "width"}[name]
    return _Entry(
        _T(f"input {what}", f"输入的{_SHAPE_ZH[name]}大小"),
        _T(f"The {what} of the layer's input. AMCT Caffe cannot infer shapes across the whole "
           "net, so every quantized layer gives its input shape: channels, height and width.",
           f"当前层输入的{_SHAPE_ZH[name]}大小。由于AMCT不支持整网infer_shape，需要为每个量化层"
           "配置输入的shape信息：channels、height、width。"),
        _T("a whole number ≥ 1", "≥1的整数"),
        default_extra=_NEEDED,
        ranges=(ValueRange(1, 2**32 - 1),))



for _n in ("channels", "height", "width"):
    _FIELDS[("value", _n)] = _fixed(_shape_entry, _n)


@_field("value", "tensor_balance_factor")
def _tbf(d: Dialect | None) -> _Entry:
    eps, inv = _eps_text()
    return _Entry(
        _T("balance factor (activation balancing)", "均衡量化因子"),
        _T("One factor per input channel of the layer, from activation balancing "
           "pre-processing (DMQ, like SmoothQuant): the activations are divided by it and the "
           "weights multiplied by it, evening out channels before quantization. Used only in "
           "activation balancing pre-processing.",
           "量化数据均衡预处理得到的因子，该层每个输入通道一个：数据除以该因子、权重乘以该因子，"
           "使各通道在量化前更均衡。该字段仅量化数据均衡预处理场景使用。"),
        _T(f"each from FLT_EPSILON ({eps}) to 1/FLT_EPSILON ({inv}); one per input channel, "
           "so its length need not match scale_w's",
           f"每个值在FLT_EPSILON（{eps}）～1/FLT_EPSILON（{inv}）之间；个数等于输入通道数，"
           "不必与scale_w相同"),
        note=_T("AvgPool layers take none.", "AvgPool层不能配置。"),
        ranges=(ValueRange(quant.FLT_EPSILON, 1 / quant.FLT_EPSILON, integer=False),))


# -- options

_FUSIONS: dict[str, _T] = {
    "tf-inner": _T("Conv+BN, Depthwise_Conv+BN, Group_conv+BN and BatchNorm fusion",
                   "Conv+BN融合、Depthwise_Conv+BN融合、Group_conv+BN融合、BatchNorm融合"),
    "caffe": _T("Conv+BN+Scale, Deconv+BN+Scale, BN+Scale+Conv and FC+BN+Scale fusion",
                "Conv+BN+Scale、Deconv+BN+Scale、BN+Scale+Conv、FC+BN+Scale融合操作"),
    "onnx": _T("Conv+BN and ConvTranspose+BN fusion", "Conv+BN融合、ConvTranspose+BN融合"),
    "pytorch": _T("Conv+BN fusion", "Conv+BN融合"),
}
_FUSIONS["tf-convert"] = _FUSIONS["tf-inner"]
_FUSIONS["mindspore"] = _FUSIONS["pytorch"]


@_field("value", "skip_fusion")
def _skip_fusion(d: Dialect | None) -> _Entry:
    fusion = _FUSIONS[d.name] if d is not None else _T("BatchNorm fusion", "BN融合")
    onnx = d is not None and d.name == "onnx"
    default = (_T("true (ONNX's default): a layer that leaves it unset is not fused. The same "
                  "text read as another flavour is fused, where the default is false.",
                  "true（ONNX的默认值），即未配置时当前层不做上述融合；同样的文本按其他框架读取"
                  "则会融合，因为它们的默认值为false。")
               if onnx else
               _T("false: the layer is fused.", "false，即当前层要做上述融合。"))
    return _Entry(
        _T("skip fusion for this layer", "跳过融合"),
        _T(f"Whether this layer skips {fusion.en}, which AMCT otherwise applies before "
           "quantizing.",
           f"配置当前层是否要跳过{fusion.zh}（AMCT在量化前默认会做这些融合）。"),
        _T("true or false", "true或false"),
        default=default)


@_field("value", "dst_type")
def _dst_type(d: Dialect | None) -> _Entry:
    choices = type_values("dst_type") or ()
    note = _T("AvgPool layers cannot be INT4 (AMCT: 'AvgPool in INT4 not supported').",
              "AvgPool层不支持INT4（AMCT报错“AvgPool in INT4 not supported”）。")
    if d is not None and d.name == "pytorch":
        note = note + _T("AMCT PyTorch's documentation: only INT8 is supported today.",
                         "AMCT PyTorch文档说明当前仅支持INT8量化。")
    return _Entry(
        _T("quantization bit width (QAT)", "量化位宽"),
        _T("The bit width of quantization-aware training (QAT), INT8 or INT4. Used only by QAT.",
           "量化感知训练的量化位宽，包括INT8和INT4两种类型。该字段仅量化感知训练场景使用。"),
        _choices_text(choices), note=note, choices=choices)


def _choices_text(choices: tuple[str, ...]) -> _T:
    return _T("one of " + ", ".join(choices), "、".join(choices) + "之一")


@_field("value", "act_type")
def _act_type(d: Dialect | None) -> _Entry:
    choices = type_values("act_type") or ()
    lo16, hi16 = quant.amct_offset_check_range("INT16")
    return _Entry(
        _T("activation quantization data type", "激活量化数据类型"),
        _T("The bit width scale_d and offset_d quantize the activations to. The documentation "
           "names INT8 and INT16 and says only INT8 is supported today; AMCT's parser also "
           "accepts INT4. Used only in post-training quantization (PTQ).",
           "scale_d、offset_d所对应的数据量化位宽。文档列出INT8和INT16两种量化类型，并说明当前"
           "版本仅支持INT8量化；AMCT解析时还接受INT4。该字段仅训练后量化场景使用。"),
        _choices_text(choices),
        note=_T(f"Under INT16 offset_d takes {lo16} to {hi16}.",
                f"INT16时offset_d的取值范围为{lo16}～{hi16}。"),
        choices=choices)


@_field("value", "wts_type")
def _wts_type(d: Dialect | None) -> _Entry:
    choices = type_values("wts_type") or ()
    note = _T("The factors of INT6 and INT7 quantization are still stored as INT8.",
              "当前INT6、INT7量化后的量化因子仍保存为INT8类型。")
    if d is not None and d.name == "tf-convert":
        note = note + _T("convert_model documents INT8 only.", "convert_model接口当前仅支持配置为INT8。")
    return _Entry(
        _T("weight quantization data type", "权重量化数据类型"),
        _T("The bit width scale_w quantizes the weights to. Used only in post-training "
           "quantization (PTQ).",
           "scale_w所对应的权重量化位宽。该字段仅训练后量化场景使用。"),
        _choices_text(choices), note=note, choices=choices)


@_field("value", "op_data_type")
def _op_data_type(d: Dialect | None) -> _Entry:
    choices = type_values("op_data_type") or ()
    return _Entry(
        _T("data type of the quantized operator", "量化算子的数据类型"),
        _T("ONNX only: the data type the quantized operator computes in, FLOAT32 or FLOAT16.",
           "仅ONNX使用：量化算子计算所用的数据类型，FLOAT32或FLOAT16。"),
        _choices_text(choices), choices=choices)


@_field("value", "fakequant_precision_mode")
def _fakequant(d: Dialect | None) -> _Entry:
    choices = type_values("fakequant_precision_mode") or ()
    return _Entry(
        _T("precision of the scale in fake quantization", "fakequant阶段scale的落盘精度模式"),
        _T("PyTorch only. DEFAULT keeps the scale at float32 precision; FORCE_FP16_QUANT "
           "reduces it to float16 precision (it is still stored as float32), to match AI "
           "processors that apply the scale in fp16.",
           "仅PyTorch使用。DEFAULT：scale保持float32精度；FORCE_FP16_QUANT：把scale的数值精度压到"
           "float16（存储类型仍是float32），用于对齐AI处理器硬件上scale以fp16生效的场景。"),
        _choices_text(choices),
        note=_T("Under FORCE_FP16_QUANT the dequantization scale is cut to 19 bits, 10 of them "
                "mantissa.",
                "FORCE_FP16_QUANT时反量化scale被截断为19位（其中尾数10位）。"),
        choices=choices)


@_field("value", "is_tensor_quantize")
def _is_tensor_quantize(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("tensor quantization flag", "tensor量化标志"),
        _T("ONNX only. By its name, whether the record quantizes an input tensor rather than a "
           "layer. This editor keeps it as it is and checks nothing about it.",
           "仅ONNX使用。从名称看，表示该记录量化的是输入tensor而不是整层。本编辑器原样保留该字段，"
           "不做任何检查。"),
        _T("true or false", "true或false"))


@_field("value", "prune_producer")
def _prune_producer(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("sparsity producers of this layer", "稀疏的producer"),
        _T("Names of the root nodes of the cascades of sparsifiable nodes this layer belongs "
           "to (prune_record producers). Used only in sparsity.",
           "可稀疏节点间级联关系的根节点名称（对应prune_record中的producer）。该字段仅稀疏场景"
           "下使用。"),
        _T("names of prune nodes of this file", "本文件中稀疏节点的名称"))


@_field("value", "prune_consumer")
def _prune_consumer(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("sparsity consumers of this layer", "稀疏的consumer"),
        _T("Names of the downstream nodes of the cascades of sparsifiable nodes this layer "
           "belongs to (prune_record consumers). Used only in sparsity.",
           "可稀疏节点间级联关系的下游节点名称（对应prune_record中的consumer）。该字段仅稀疏场景"
           "下使用。"),
        _T("names of prune nodes of this file", "本文件中稀疏节点的名称"))


# -- PyTorch RNN factors

_RNN_NOTE = _T("AMCT PyTorch's documentation says this version does not support the field; "
               "its code reads it. The RNN factors scale_h, offset_h, scale_r and offset_r "
               "come as a set.",
               "AMCT PyTorch文档称当前版本不支持该字段，但其代码会读取。RNN的量化因子scale_h、"
               "offset_h、scale_r、offset_r须成套配置。")


@_field("value", "scale_h")
def _scale_h(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("RNN hidden-state activation scale", "激活量化因子（RNN隐藏状态）"),
        _T("Activation quantization scale of an RNN layer's (LSTM, GRU) hidden state h, paired "
           "with scale_d.",
           "RNN层（LSTM、GRU）隐藏状态h的激活量化scale因子，与scale_d配对使用。"),
        _POSITIVE, note=_RNN_NOTE, ranges=(_POSITIVE_RANGE,))


@_field("value", "offset_h")
def _offset_h(d: Dialect | None) -> _Entry:
    values, ranges = _offset_values(d)
    return _Entry(
        _T("RNN hidden-state activation offset", "激活量化因子（RNN隐藏状态）"),
        _T("Activation quantization offset of an RNN layer's hidden state h, paired with "
           "offset_d; the same range as offset_d.",
           "RNN层隐藏状态h的激活量化offset因子，与offset_d配对使用，取值范围与offset_d相同。"),
        values, note=_RNN_NOTE, ranges=ranges)


@_field("value", "scale_r")
def _scale_r(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("RNN recurrent-weight scale", "权重量化因子（RNN循环权重）"),
        _T("Weight quantization scale of an RNN layer's recurrent weights r, paired with "
           "scale_w.",
           "RNN层循环权重r的权重量化scale因子，与scale_w配对使用。"),
        _POSITIVE + _T("; offset_r has as many values", "；offset_r的个数与之相同"),
        note=_RNN_NOTE, ranges=(_POSITIVE_RANGE,))


@_field("value", "offset_r")
def _offset_r(d: Dialect | None) -> _Entry:
    return _Entry(
        _T("RNN recurrent-weight offset", "权重量化因子（RNN循环权重）"),
        _T("Weight quantization offset of an RNN layer's recurrent weights, paired with "
           "offset_w: weight offsets are not supported.",
           "RNN层循环权重的权重量化offset因子，与offset_w配对使用：不支持权重带offset。"),
        _T("0 only; as many values as scale_r", "只能为0；个数与scale_r相同"),
        note=_RNN_NOTE, ranges=(ValueRange(0, 0),))



import editor.records._field_help_prune  # noqa: E402, F401 - registers the prune texts

# ---------------------------------------------------------------------- look-up

@cache
def _roles() -> dict[str, tuple[str, str | None]]:
    """Message full name → (role, dialect name); AttrProto is shared, so no dialect."""
    roles: dict[str, tuple[str, str | None]] = {}
    for d in DIALECTS.values():
        roles[d.descriptor.full_name] = ("top", d.name)
        roles[d.entry_descriptor.full_name] = ("entry", d.name)
        roles[d.value_descriptor.full_name] = ("value", d.name)
        for m in d.messages:
            role = {"SingleLayerKVCacheRecord": "kv", "PruneRecord": "prune_record",
                    "PruneNode": "prune_node"}.get(m.name)
            if role is not None:
                roles[m.full_name] = (role, d.name)
            elif m.name == "AttrProto":
                roles[m.full_name] = ("attr_proto", None)
    return roles


def _default_text(fd: FieldDescriptor, language: str) -> str:
    if fd.is_repeated:
        return "无（为空）。" if language == ZH else "none (empty)."
    if is_message(fd):
        return "未设置。" if language == ZH else "not set."
    if fd.type in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES) and not fd.default_value:
        return "未设置时为空字符串。" if language == ZH else "empty when not set."
    shown = format_value(fd, fd.default_value)
    return f"未设置时为{shown}。" if language == ZH else f"{shown} when not set."


def _build(name: str, entry: _Entry, language: str, default: str) -> FieldHelp:
    if entry.default is not None:
        default = entry.default.get(language)
    else:
        default = _join(default, entry.default_extra.get(language), "" if language == ZH else " ")
    return FieldHelp(name, language, entry.summary.get(language), entry.meaning.get(language),
                     entry.values.get(language), default, entry.note.get(language),
                     entry.ranges, entry.choices)


def help_for(fd: FieldDescriptor, language: str | None = None) -> FieldHelp | None:
    """Help for a field of a record schema (any dialect, any message), in `language`
    (``en`` or ``zh_CN``, see `language_of`; None: the interface language); None for a
    field of no record schema."""
    return _help_for(fd, _language(language))


@cache
def _help_for(fd: FieldDescriptor, language: str) -> FieldHelp | None:
    owner = fd.containing_type
    role = _roles().get(owner.full_name) if owner is not None else None
    builder = _FIELDS.get((role[0], fd.name)) if role is not None else None
    if builder is None or role is None:
        return None
    dialect = DIALECTS[role[1]] if role[1] is not None else None
    return _build(fd.name, builder(dialect), language, _default_text(fd, language))


def field_help(dialect: str | Dialect, name: str, language: str | None = None, *,
               message: str = "value") -> FieldHelp | None:
    """Help for field `name` of `dialect`'s value message (or, with ``message="entry"``,
    its layer entry; ``"top"`` its top-level message); None if it has no such field."""
    d = get_dialect(dialect)
    desc: Descriptor = {"value": d.value_descriptor, "entry": d.entry_descriptor,
                        "top": d.descriptor}[message]
    fd = desc.fields_by_name.get(name)
    return help_for(fd, language) if fd is not None else None


def attr_help(name: str, language: str | None = None) -> FieldHelp | None:
    """Help for a prune-node attribute AMCT writes (``begin``, ``prune_index`` …) in
    `language` (None: the interface language); None for a name AMCT does not use."""
    return _attr_help(name, _language(language))


@cache
def _attr_help(name: str, language: str) -> FieldHelp | None:
    entry = _ATTRS.get(name)
    return _build(name, entry, language, "") if entry is not None else None


def prune_help(name: str, language: str | None = None) -> FieldHelp | None:
    """Help for a prune record's ``producer``, ``consumer`` or ``selective_prune``, or a prune
    node's ``name`` or ``attr`` (the same in every dialect with prune records), in `language`
    (None: the interface language)."""
    record = _message_of(DIALECTS["tf-inner"].descriptor.fields_by_name["prune_record"])
    fd = record.fields_by_name.get(name)
    if fd is None and name in ("name", "attr"):
        fd = _message_of(record.fields_by_name["producer"]).fields_by_name[name]
    return help_for(fd, language) if fd is not None else None


def _message_of(fd: FieldDescriptor) -> Descriptor:
    """The message type of a message field."""
    assert fd.message_type is not None, fd.full_name
    return fd.message_type


def attr_names() -> tuple[str, ...]:
    """The attribute names there is help for."""
    return tuple(_ATTRS)


__all__ = [
    "EN",
    "LANGUAGES",
    "ZH",
    "FieldHelp",
    "ValueRange",
    "attr_help",
    "attr_names",
    "field_help",
    "help_for",
    "language_of",
    "prune_help",
    "wrap",
]
