<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Commands</name>
    <message>
        <source>Set {what}</source>
        <translation>设置 {what}</translation>
    </message>
    <message>
        <source>Set {n} fields of {what}</source>
        <translation>设置 {what} 的 {n} 个字段</translation>
    </message>
    <message>
        <source>the record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>layer {key}</source>
        <translation>层 {key}</translation>
    </message>
    <message>
        <source>layer {index}</source>
        <translation>第 {index} 层</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>{part} of {whole}</source>
        <translation>{whole} 的 {part}</translation>
    </message>
    <message>
        <source>{n} {things}</source>
        <translation>{n} 个{things}</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>prune record</source>
        <translation>稀疏记录</translation>
    </message>
    <message>
        <source>prune records</source>
        <translation>稀疏记录</translation>
    </message>
    <message>
        <source>producer</source>
        <translation>producer</translation>
    </message>
    <message>
        <source>producers</source>
        <translation>producer</translation>
    </message>
    <message>
        <source>consumer</source>
        <translation>consumer</translation>
    </message>
    <message>
        <source>consumers</source>
        <translation>consumer</translation>
    </message>
    <message>
        <source>attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Set {what} to {value}</source>
        <translation>将 {what} 设为 {value}</translation>
    </message>
    <message>
        <source>Clear {what}</source>
        <translation>清除 {what}</translation>
    </message>
    <message>
        <source>Add {what} to {where}</source>
        <translation>向 {where} 添加 {what}</translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation>添加 {what}</translation>
    </message>
    <message>
        <source>Delete {what}</source>
        <translation>删除 {what}</translation>
    </message>
    <message>
        <source>Delete {what} of {where}</source>
        <translation>删除 {where} 的 {what}</translation>
    </message>
    <message>
        <source>Move {what} up</source>
        <translation>上移 {what}</translation>
    </message>
    <message>
        <source>Move {what} down</source>
        <translation>下移 {what}</translation>
    </message>
    <message>
        <source>Replace {what}</source>
        <translation>替换 {what}</translation>
    </message>
    <message>
        <source>Set {field} to {value} on {layers}</source>
        <translation>将 {layers}的 {field} 设为 {value}</translation>
    </message>
    <message>
        <source>Duplicate {what}</source>
        <translation>复制 {what}</translation>
    </message>
    <message>
        <source>Rename {what} to {name}</source>
        <translation>将 {what} 重命名为 {name}</translation>
    </message>
    <message>
        <source>Delete {n} rows</source>
        <translation>删除 {n} 行</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
</context>
<context>
    <name>DiffRows</name>
    <message>
        <source>{a} → {b} values</source>
        <translation>{a} → {b} 个值</translation>
    </message>
    <message>
        <source>{k} of {n}</source>
        <translation>{k}/{n}</translation>
    </message>
    <message>
        <source>from 0</source>
        <translation>原值为 0</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>非数值</translation>
    </message>
    <message>
        <source>{change} at [{at}]</source>
        <translation>[{at}] 处 {change}</translation>
    </message>
    <message>
        <source>at [{at}]</source>
        <translation>[{at}] 处</translation>
    </message>
    <message>
        <source>{n} values</source>
        <translation>{n} 个值</translation>
    </message>
    <message>
        <source>{n} value</source>
        <translation>{n} 个值</translation>
    </message>
    <message>
        <source>{a} → {b} value</source>
        <translation>{a} → {b} 个值</translation>
    </message>
    <message>
        <source>length</source>
        <translation>长度不同</translation>
    </message>
    <message>
        <source>set in A only</source>
        <translation>仅 A 中设置</translation>
    </message>
    <message>
        <source>set in B only</source>
        <translation>仅 B 中设置</translation>
    </message>
    <message>
        <source>prune record {n}</source>
        <translation>稀疏记录 {n}</translation>
    </message>
    <message>
        <source>prune record {n} (B: {m})</source>
        <translation>稀疏记录 {n}（B 中为 {m}）</translation>
    </message>
    <message>
        <source>(node)</source>
        <translation>（节点）</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅 A 中有</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>仅 B 中有</translation>
    </message>
    <message>
        <source>present</source>
        <translation>存在</translation>
    </message>
    <message>
        <source>(record)</source>
        <translation>（整条记录）</translation>
    </message>
    <message>
        <source>prune record {n} of B</source>
        <translation>B 的稀疏记录 {n}</translation>
    </message>
    <message>
        <source>no producer</source>
        <translation>无 producer</translation>
    </message>
    <message>
        <source>producers {names}</source>
        <translation>producer：{names}</translation>
    </message>
    <message>
        <source>{n} layers of {total} differ</source>
        <translation>{total} 层中有 {n} 层不同</translation>
    </message>
    <message>
        <source>1 layer of {total} differ</source>
        <translation>{total} 层中有 1 层不同</translation>
    </message>
    <message>
        <source>{n} only in A</source>
        <translation>{n} 层仅 A 中有</translation>
    </message>
    <message>
        <source>{n} only in B</source>
        <translation>{n} 层仅 B 中有</translation>
    </message>
    <message>
        <source>{n} prune changes</source>
        <translation>{n} 处稀疏记录变化</translation>
    </message>
    <message>
        <source>1 prune change</source>
        <translation>1 处稀疏记录变化</translation>
    </message>
    <message>
        <source>no differences (the order of layers differs)</source>
        <translation>无差异（层的顺序不同）</translation>
    </message>
    <message>
        <source>no differences</source>
        <translation>无差异</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>A is {a}, B is {b}: the fields both have are compared.</source>
        <translation>A 为 {a}，B 为 {b}：只比较两者共有的字段。</translation>
    </message>
    <message>
        <source>{field} (set on {n} layers)</source>
        <translation>{field}（{n} 层设置了该字段）</translation>
    </message>
    <message>
        <source>{field} (set on 1 layer)</source>
        <translation>{field}（1 层设置了该字段）</translation>
    </message>
    <message>
        <source>Only in {dialect} ({side}), not compared and not taken: {fields}.</source>
        <translation>仅 {dialect}（{side}）中有、不参与比较也不会被采用的字段：{fields}。</translation>
    </message>
    <message>
        <source>{field} left unset on {n} layers means {a} in {dialect_a} and {b} in {dialect_b}: listed as differences.</source>
        <translation>{n} 层未设置 {field}：在 {dialect_a} 中默认为 {a}，在 {dialect_b} 中默认为 {b}，因此列为差异。</translation>
    </message>
    <message>
        <source>Only {dialect} has prune records: they are not compared.</source>
        <translation>只有 {dialect} 有稀疏记录：稀疏记录不参与比较。</translation>
    </message>
</context>
<context>
    <name>Paste</name>
    <message>
        <source>… and {n} more</source>
        <translation>… 另有 {n} 条</translation>
    </message>
    <message>
        <source>The pasted text breaks AMCT&apos;s rules (1 error):</source>
        <translation>粘贴的文本违反 AMCT 规则（1 个错误）：</translation>
    </message>
    <message>
        <source>The pasted text breaks AMCT&apos;s rules ({n} errors):</source>
        <translation>粘贴的文本违反 AMCT 规则（{n} 个错误）：</translation>
    </message>
    <message>
        <source>Also:</source>
        <translation>另外：</translation>
    </message>
    <message>
        <source>Paste it anyway? The errors will be listed under Problems.</source>
        <translation>仍要粘贴吗？这些错误会列在“问题”中。</translation>
    </message>
    <message>
        <source>Pasted; {n} layer key(s) now occur twice, e.g. {key} — AMCT uses only the first of them</source>
        <translation>已粘贴；现有 {n} 个层名重复，如 {key} — AMCT 只使用其中第一条</translation>
    </message>
    <message>
        <source>1 rule error pasted</source>
        <translation>粘贴内容含 1 个规则错误</translation>
    </message>
    <message>
        <source>{n} rule errors pasted</source>
        <translation>粘贴内容含 {n} 个规则错误</translation>
    </message>
    <message>
        <source> (and {n} more)</source>
        <translation>（另有 {n} 条）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>no record is open</source>
        <translation>未打开记录</translation>
    </message>
    <message>
        <source>the clipboard holds no text</source>
        <translation>剪贴板中没有文本</translation>
    </message>
    <message>
        <source>Not record text: {where}{what}</source>
        <translation>不是记录文本：{where}{what}</translation>
    </message>
    <message>
        <source>the text holds nothing that can be pasted here</source>
        <translation>文本中没有可粘贴到此处的内容</translation>
    </message>
    <message>
        <source>line {line}, column {column}: </source>
        <translation>第 {line} 行第 {column} 列：</translation>
    </message>
    <message>
        <source>line {line}: </source>
        <translation>第 {line} 行：</translation>
    </message>
    <message>
        <source>line {line}: repaired: {what}</source>
        <translation>第 {line} 行：已修复：{what}</translation>
    </message>
    <message>
        <source>Paste {what}</source>
        <translation>粘贴 {what}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>TakeFromB</name>
    <message>
        <source>no record is open</source>
        <translation>没有打开的记录文件</translation>
    </message>
    <message>
        <source>layer {name}</source>
        <translation>层 {name}</translation>
    </message>
    <message>
        <source>A has no layer {n}</source>
        <translation>A 中没有第 {n} 层</translation>
    </message>
    <message>
        <source>{layer} is only in A: B has nothing to take for it</source>
        <translation>{layer} 仅 A 中有：B 中没有可采用的值</translation>
    </message>
    <message>
        <source>{field} is a field only {dialect} has: it is not compared and cannot be taken</source>
        <translation>{field} 是只有 {dialect} 才有的字段：不参与比较，也无法采用</translation>
    </message>
    <message>
        <source>{field} of B does not fit A&apos;s {field} ({error})</source>
        <translation>B 的 {field} 无法写入 A 的 {field}（{error}）</translation>
    </message>
    <message>
        <source>channels {lo}–{hi} are not in both records&apos; {field} (A has {a} values, B {b})</source>
        <translation>通道 {lo}–{hi} 并非两个记录文件的 {field} 都有（A 有 {a} 个值，B 有 {b} 个）</translation>
    </message>
    <message>
        <source>{field} of B ({value}) does not fit A&apos;s {field} ({error})</source>
        <translation>B 的 {field}（{value}）无法写入 A 的 {field}（{error}）</translation>
    </message>
    <message>
        <source>{layer} is in B too: take it rather than delete it</source>
        <translation>{layer} 在 B 中也有：应采用 B 的值，而不是删除</translation>
    </message>
    <message>
        <source>B has no layer {n}</source>
        <translation>B 中没有第 {n} 层</translation>
    </message>
    <message>
        <source>layer {name} is in A too: take it rather than add it</source>
        <translation>层 {name} 在 A 中也有：应采用 B 的值，而不是添加</translation>
    </message>
    <message>
        <source>{dialect} records have no layers</source>
        <translation>{dialect} 记录文件没有层</translation>
    </message>
    <message>
        <source>{field} of B&apos;s layer {name} does not fit A ({error})</source>
        <translation>B 的层 {name} 的 {field} 无法写入 A（{error}）</translation>
    </message>
    <message>
        <source>B&apos;s layer {name} would break a rule in A: {problem}</source>
        <translation>B 的层 {name} 放入 A 后会违反规则：{problem}</translation>
    </message>
    <message>
        <source>only one of the two records has prune records</source>
        <translation>两个记录文件中只有一个有稀疏记录</translation>
    </message>
    <message>
        <source>the prune records changed since they were compared: compare again</source>
        <translation>稀疏记录在比较之后已被修改：请重新比较</translation>
    </message>
    <message>
        <source>prune record {n} would break a rule: {problem}</source>
        <translation>稀疏记录 {n} 会违反规则：{problem}</translation>
    </message>
    <message>
        <source>nothing to take: select a difference, a field, a span or a layer</source>
        <translation>没有可采用的内容：请选中一处差异、一个字段、一个通道区间或一个层</translation>
    </message>
    <message>
        <source>A already equals B there: nothing to take</source>
        <translation>A 在此处已与 B 一致：无需采用</translation>
    </message>
    <message>
        <source>Take {n} differences from B</source>
        <translation>采用 B 的 {n} 处差异</translation>
    </message>
    <message>
        <source>Take {role} {node} of prune record {n} from B</source>
        <translation>采用 B 中稀疏记录 {n} 的 {role} {node}</translation>
    </message>
    <message>
        <source>Delete prune record {n} (B has none like it)</source>
        <translation>删除稀疏记录 {n}（B 中没有对应的记录）</translation>
    </message>
    <message>
        <source>Add B&apos;s prune record {n}</source>
        <translation>添加 B 的稀疏记录 {n}</translation>
    </message>
    <message>
        <source>Add B&apos;s layer {name}</source>
        <translation>添加 B 的层 {name}</translation>
    </message>
    <message>
        <source>Delete {layer} (B has no such layer)</source>
        <translation>删除{layer}（B 中没有该层）</translation>
    </message>
    <message>
        <source>Take {layer} from B</source>
        <translation>采用 B 的{layer}</translation>
    </message>
    <message>
        <source>Take {field} of {layer} from B</source>
        <translation>采用 B 中{layer} 的 {field}</translation>
    </message>
</context>
<context>
    <name>WeightsReview</name>
    <message>
        <source>no channel chosen</source>
        <translation>未选择通道</translation>
    </message>
    <message>
        <source>scale_w has channels 0–{last}</source>
        <translation>scale_w 的通道为 0–{last}</translation>
    </message>
    <message>
        <source>scale_w has {n} values, the weights {m} channels</source>
        <translation>scale_w 有 {n} 个值，权重有 {m} 个通道</translation>
    </message>
    <message>
        <source>scale_w already has the values of the weights there</source>
        <translation>这些位置的 scale_w 已经是由权重算出的值</translation>
    </message>
    <message>
        <source>{n} channels of scale_w</source>
        <translation>scale_w 的 {n} 个通道</translation>
    </message>
    <message>
        <source>record {index}</source>
        <translation>记录 {index}</translation>
    </message>
    <message>
        <source>Reset {what} of {key} from the weights</source>
        <translation>按权重重置 {key} 的 {what}</translation>
    </message>
</context>
<context>
    <name>dialects</name>
    <message>
        <source>TensorFlow (PTQ / QAT / sparsity)</source>
        <translation>TensorFlow（训练后量化 / 量化感知训练 / 稀疏）</translation>
    </message>
    <message>
        <source>AMCTTensorflow.InnerScaleOffsetRecord: what AMCT TensorFlow writes; prune records</source>
        <translation>AMCTTensorflow.InnerScaleOffsetRecord：AMCT TensorFlow 写出的格式；含稀疏记录</translation>
    </message>
    <message>
        <source>AMCTPytorchProto.ScaleOffsetRecord: RNN factors, KV-cache records, prune records</source>
        <translation>AMCTPytorchProto.ScaleOffsetRecord：RNN 因子、KV-cache 记录、稀疏记录</translation>
    </message>
    <message>
        <source>AMCTTensorflow.ScaleOffsetRecord: input of convert_model; shift_bit reserved</source>
        <translation>AMCTTensorflow.ScaleOffsetRecord：convert_model 的输入；shift_bit 为保留字段</translation>
    </message>
    <message>
        <source>AMCT ONNX ScaleOffsetRecord: skip_fusion defaults to true; op_data_type</source>
        <translation>AMCT ONNX ScaleOffsetRecord：skip_fusion 默认为 true；含 op_data_type</translation>
    </message>
    <message>
        <source>AMCT MindSpore ScaleOffsetRecord: the basic factors only</source>
        <translation>AMCT MindSpore ScaleOffsetRecord：只有基本的量化因子</translation>
    </message>
    <message>
        <source>caffe.ScaleOffsetRecord: channels/height/width input shape per layer</source>
        <translation>caffe.ScaleOffsetRecord：每层带 channels/height/width 输入形状</translation>
    </message>
</context>
<context>
    <name>diff</name>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>&lt;{n} bytes&gt;</source>
        <translation>&lt;{n} 字节&gt;</translation>
    </message>
    <message>
        <source>set</source>
        <translation>已设置</translation>
    </message>
    <message>
        <source>present</source>
        <translation>存在</translation>
    </message>
    <message>
        <source>no attributes</source>
        <translation>无属性</translation>
    </message>
    <message>
        <source> (copy {n})</source>
        <translation>（第 {n} 份）</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <source>not compared: {reason}</source>
        <translation>未比较：{reason}</translation>
    </message>
    <message>
        <source>{source} holds {values} values, its shape {shape} needs {size}</source>
        <translation>{source} 有 {values} 个值，而其形状 {shape} 需要 {size} 个</translation>
    </message>
    <message>
        <source>a tensor</source>
        <translation>一个张量</translation>
    </message>
    <message>
        <source>the file changed on disk since the model was attached; attach it again</source>
        <translation>挂接模型后磁盘上的文件已改变；请重新挂接</translation>
    </message>
    <message>
        <source>cannot read {source}: {reason}</source>
        <translation>无法读取 {source}：{reason}</translation>
    </message>
    <message>
        <source>{source}: the file ends early</source>
        <translation>{source}：文件提前结束</translation>
    </message>
    <message>
        <source>{source}: {length} bytes are not a whole number of {type} values</source>
        <translation>{source}：{length} 字节不是整数个 {type} 值</translation>
    </message>
    <message>
        <source>{count} bytes</source>
        <translation>{count} 字节</translation>
    </message>
    <message>
        <source>{count} values ({size} as float32)</source>
        <translation>{count} 个值（按 float32 为 {size}）</translation>
    </message>
    <message>
        <source>{what} has the shape {shape}, with a negative dimension</source>
        <translation>{what} 的形状为 {shape}，含有负维度</translation>
    </message>
    <message>
        <source>{what} has the shape {shape}: {count} values, more than any tensor can hold (the editor reads shapes of at most 2^40 values)</source>
        <translation>{what} 的形状为 {shape}：{count} 个值，超出任何张量能容纳的数量（编辑器只读取至多 2^40 个值的形状）</translation>
    </message>
    <message>
        <source>the file name contains a NUL byte</source>
        <translation>文件名含有 NUL 字节</translation>
    </message>
    <message>
        <source>{source} holds {count} values ({size} as float32), more than the {limit} the editor reads into memory for one tensor</source>
        <translation>{source} 有 {count} 个值（按 float32 为 {size}），超过编辑器为单个张量读入内存的上限 {limit}</translation>
    </message>
    <message>
        <source>{source}: a negative offset or length</source>
        <translation>{source}：偏移或长度为负</translation>
    </message>
    <message>
        <source>{source}: {length} bytes from offset {offset} run past the end of {file} ({size})</source>
        <translation>{source}：从偏移 {offset} 起的 {length} 字节超出了 {file} 的末尾（{size}）</translation>
    </message>
    <message>
        <source>{source} holds {count} values, more than the {limit} the editor reads into memory for one tensor</source>
        <translation>{source} 有 {count} 个值，超过编辑器为单个张量读入内存的上限 {limit}</translation>
    </message>
    <message>
        <source>layer {label} has no weights in the model</source>
        <translation>模型中没有层 {label} 的权重</translation>
    </message>
    <message>
        <source>layer {label} has {count} output channels, more than the {limit} the editor reads into memory for one tensor</source>
        <translation>层 {label} 有 {count} 个输出通道，超过编辑器为单个张量读入内存的上限 {limit}</translation>
    </message>
    <message>
        <source>layer {label}: weights of type {type} are not supported</source>
        <translation>层 {label}：不支持 {type} 类型的权重</translation>
    </message>
    <message>
        <source>layer {label}: the input channels of its weights are not known</source>
        <translation>层 {label}：不知道其权重的输入通道</translation>
    </message>
    <message>
        <source>{inputs} → {outputs} channels</source>
        <translation>{inputs} → {outputs} 个通道</translation>
    </message>
    <message>
        <source>{count} output channels</source>
        <translation>{count} 个输出通道</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>blob {index} of layer {name} has shape {got}, the net needs {need}; Caffe refuses it: &quot;Cannot copy param {index} weights from layer {name}; shape mismatch&quot;</source>
        <translation>层 {name} 的第 {index} 个 blob 形状为 {got}，网络需要 {need}；Caffe 拒绝加载：“Cannot copy param {index} weights from layer {name}; shape mismatch”</translation>
    </message>
    <message>
        <source>{source} holds {count} values, its shape {shape} needs {size}</source>
        <translation>{source} 有 {count} 个值，其形状 {shape} 需要 {size} 个</translation>
    </message>
    <message>
        <source>not a Caffe .caffemodel (binary NetParameter expected): {error}</source>
        <translation>不是 Caffe .caffemodel 文件（应为二进制 NetParameter）：{error}</translation>
    </message>
    <message>
        <source>a Caffe model needs a .prototxt or a .caffemodel</source>
        <translation>Caffe 模型需要 .prototxt 或 .caffemodel 文件</translation>
    </message>
    <message>
        <source>not a Caffe network: it has no layers</source>
        <translation>不是 Caffe 网络：其中没有任何层</translation>
    </message>
    <message>
        <source>num_output is 0 (Caffe needs at least one output)</source>
        <translation>num_output 为 0（Caffe 至少需要一个输出）</translation>
    </message>
    <message>
        <source>group is {group}; it must be at least 1</source>
        <translation>group 为 {group}；必须至少为 1</translation>
    </message>
    <message>
        <source>num_output {outputs} is not a multiple of group {group} (Caffe: &quot;Number of output should be multiples of group.&quot;)</source>
        <translation>num_output {outputs} 不是 group {group} 的整数倍（Caffe：&quot;Number of output should be multiples of group.&quot;）</translation>
    </message>
    <message>
        <source>its {channels} input channels are not a multiple of group {group}</source>
        <translation>其 {channels} 个输入通道不是 group {group} 的整数倍</translation>
    </message>
    <message>
        <source>layer {name}: {why}</source>
        <translation>层 {name}：{why}</translation>
    </message>
    <message>
        <source>dilation is not 1 (AMCT quantizes Deconvolution only with dilation 1)</source>
        <translation>dilation 不为 1（AMCT 只量化 dilation 为 1 的 Deconvolution）</translation>
    </message>
    <message>
        <source>its filter is {dims}-D (AMCT quantizes only 4-D filters)</source>
        <translation>其卷积核是 {dims} 维的（AMCT 只量化 4 维卷积核）</translation>
    </message>
    <message>
        <source>the weights file has no blobs for layer {name}</source>
        <translation>权重文件中没有层 {name} 的 blob</translation>
    </message>
    <message>
        <source>layer {name}: num_output is 0 (Caffe needs at least one output)</source>
        <translation>层 {name}：num_output 为 0（Caffe 至少需要一个输出）</translation>
    </message>
    <message>
        <source>transpose is set or axis is not 1 (AMCT quantizes InnerProduct only with transpose = false, axis = 1)</source>
        <translation>设置了 transpose 或 axis 不为 1（AMCT 只量化 transpose = false、axis = 1 的 InnerProduct）</translation>
    </message>
    <message>
        <source>pool: STOCHASTIC (AMCT quantizes average and max pooling only)</source>
        <translation>pool: STOCHASTIC（AMCT 只量化平均池化和最大池化）</translation>
    </message>
    <message>
        <source>operation: {op} (AMCT quantizes Eltwise only with operation SUM)</source>
        <translation>operation: {op}（AMCT 只量化 operation 为 SUM 的 Eltwise）</translation>
    </message>
    <message>
        <source>the BatchNorm has no Scale after it; AMCT documents {pattern} and says nothing of a BatchNorm alone</source>
        <translation>BatchNorm 之后没有 Scale；AMCT 的文档只说明了 {pattern} 融合，没有说明单独的 BatchNorm</translation>
    </message>
    <message>
        <source>{source}: tensors of type {type} are not supported</source>
        <translation>{source}：不支持 {type} 类型的张量</translation>
    </message>
    <message>
        <source>{source}: values out of the range of {type}</source>
        <translation>{source}：值超出 {type} 的范围</translation>
    </message>
    <message>
        <source>node {node}: attribute {name} is of type {got}, {wanted} expected</source>
        <translation>节点 {node}：属性 {name} 的类型为 {got}，应为 {wanted}</translation>
    </message>
    <message>
        <source>{source}: {length} bytes of data for the {count} {type} values of its shape {shape} ({need} bytes)</source>
        <translation>{source}：其形状 {shape} 的 {count} 个 {type} 值需要 {need} 字节，数据却有 {length} 字节</translation>
    </message>
    <message>
        <source>{source}: {count} values for its shape {shape} ({size} values)</source>
        <translation>{source}：其形状 {shape} 需要 {size} 个值，却有 {count} 个</translation>
    </message>
    <message>
        <source>{source}: external data {location}: {why}</source>
        <translation>{source}：外部数据 {location}：{why}</translation>
    </message>
    <message>
        <source>no location</source>
        <translation>没有 location</translation>
    </message>
    <message>
        <source>the location contains a NUL byte</source>
        <translation>location 含有 NUL 字节</translation>
    </message>
    <message>
        <source>not a file inside the model&apos;s folder (the onnx package refuses it too)</source>
        <translation>不是模型所在文件夹内的文件（onnx 包同样拒绝）</translation>
    </message>
    <message>
        <source>cannot read it: {reason}</source>
        <translation>无法读取：{reason}</translation>
    </message>
    <message>
        <source>a symbolic link (the onnx package refuses it too)</source>
        <translation>是符号链接（onnx 包同样拒绝）</translation>
    </message>
    <message>
        <source>not a regular file (a pipe, device or folder cannot hold tensor data)</source>
        <translation>不是普通文件（管道、设备或文件夹不能存放张量数据）</translation>
    </message>
    <message>
        <source>its {key} {value} is not a whole number</source>
        <translation>其 {key} {value} 不是整数</translation>
    </message>
    <message>
        <source>{length} bytes for the {count} {type} values of its shape {shape} ({need} bytes)</source>
        <translation>其形状 {shape} 的 {count} 个 {type} 值需要 {need} 字节，却有 {length} 字节</translation>
    </message>
    <message>
        <source>{what} has {count} values, not a shape</source>
        <translation>{what} 有 {count} 个值，不是形状</translation>
    </message>
    <message>
        <source>{what} is of type {type}, not integers</source>
        <translation>{what} 的类型为 {type}，不是整数</translation>
    </message>
    <message>
        <source>not an ONNX model (binary protobuf expected): {error}</source>
        <translation>不是 ONNX 模型（应为二进制 protobuf）：{error}</translation>
    </message>
    <message>
        <source>not an ONNX model: {error}</source>
        <translation>不是 ONNX 模型：{error}</translation>
    </message>
    <message>
        <source>not an ONNX model: it has no graph nodes</source>
        <translation>不是 ONNX 模型：其中没有计算图节点</translation>
    </message>
    <message>
        <source>the shape of node {node}</source>
        <translation>节点 {node} 的形状</translation>
    </message>
    <message>
        <source>node {node} (ConstantOfShape)</source>
        <translation>节点 {node}（ConstantOfShape）</translation>
    </message>
    <message>
        <source>the value of node {node}</source>
        <translation>节点 {node} 的值</translation>
    </message>
    <message>
        <source>node {node}: its value holds {count} values; ConstantOfShape takes one</source>
        <translation>节点 {node}：其值有 {count} 个；ConstantOfShape 只取一个</translation>
    </message>
    <message>
        <source>the target shape of node {node}</source>
        <translation>节点 {node} 的目标形状</translation>
    </message>
    <message>
        <source>AMCT ONNX folds a Mul by a constant after a BatchNormalization into its scale (BN+Mul); whether before or after Conv+BN, which decides whether the Mul reaches these weights, is not documented</source>
        <translation>AMCT ONNX 把 BatchNormalization 之后乘以常量的 Mul 融合进其 scale（BN+Mul）；它在 Conv+BN 之前还是之后进行（这决定该 Mul 是否进入这些权重）未见文档说明</translation>
    </message>
    <message>
        <source>its attribute {name} is {value} (AMCT quantizes {op} only with {limit})</source>
        <translation>其属性 {name} 为 {value}（AMCT 只量化 {limit} 的 {op}）</translation>
    </message>
    <message>
        <source>{name} unset</source>
        <translation>未设置 {name}</translation>
    </message>
    <message>
        <source>its initial_h (input 5) is not computed from the graph&apos;s input</source>
        <translation>其 initial_h（第 5 个输入）不是由图的输入计算得到的</translation>
    </message>
    <message>
        <source>its initial_c (input 6) is not computed from the graph&apos;s input</source>
        <translation>其 initial_c（第 6 个输入）不是由图的输入计算得到的</translation>
    </message>
    <message>
        <source>it has a peephole input P (input 7)</source>
        <translation>它有 peephole 输入 P（第 7 个输入）</translation>
    </message>
    <message>
        <source>it has {count} outputs, AMCT needs {needed}</source>
        <translation>它有 {count} 个输出，AMCT 需要 {needed} 个</translation>
    </message>
    <message>
        <source>it runs in {count} directions (AMCT quantizes one)</source>
        <translation>它有 {count} 个方向（AMCT 只量化单向）</translation>
    </message>
    <message>
        <source>linear_before_reset is 0 (AMCT quantizes GRU only with linear_before_reset = 1)</source>
        <translation>linear_before_reset 为 0（AMCT 只量化 linear_before_reset = 1 的 GRU）</translation>
    </message>
    <message>
        <source>its weights are shared with {others} (AMCT: &apos;Not support shared weight … do quant&apos;)</source>
        <translation>其权重与 {others} 共享（AMCT：&apos;Not support shared weight … do quant&apos;）</translation>
    </message>
    <message>
        <source>its kernel has {rank} dimensions (AMCT quantizes 1-, 2- and 3-D kernels)</source>
        <translation>其卷积核为 {rank} 维（AMCT 量化 1、2、3 维卷积核）</translation>
    </message>
    <message>
        <source>a 3-D convolution with depth dilation {dilation} (AMCT quantizes Conv3d only with dilation_d = 1)</source>
        <translation>深度方向 dilation 为 {dilation} 的三维卷积（AMCT 只量化 dilation_d = 1 的 Conv3d）</translation>
    </message>
    <message>
        <source>node {node}: {what} has the shape {shape}, with a zero-sized dimension</source>
        <translation>节点 {node}：{what} 的形状为 {shape}，含有大小为 0 的维度</translation>
    </message>
    <message>
        <source>its weight {source}</source>
        <translation>其权重 {source}</translation>
    </message>
    <message>
        <source>node {node}: group is {group}; it must be at least 1</source>
        <translation>节点 {node}：group 为 {group}；必须至少为 1</translation>
    </message>
    <message>
        <source>the weight of {label} is not a constant of the model</source>
        <translation>{label} 的权重不是模型中的常量</translation>
    </message>
    <message>
        <source>the weight of {label} has shape {shape}, not N-D</source>
        <translation>{label} 的权重形状为 {shape}，不是 N 维</translation>
    </message>
    <message>
        <source>node {node}: group {group} does not divide the {count} {what} of its weight {shape}</source>
        <translation>节点 {node}：group {group} 不能整除其权重 {shape} 的 {count} 个{what}</translation>
    </message>
    <message>
        <source>output channels</source>
        <translation>输出通道</translation>
    </message>
    <message>
        <source>input channels</source>
        <translation>输入通道</translation>
    </message>
    <message>
        <source>transA is set (AMCT quantizes Gemm only with transpose_a = false)</source>
        <translation>设置了 transA（AMCT 只量化 transpose_a = false 的 Gemm）</translation>
    </message>
    <message>
        <source>its second input is not a 2-D constant (AMCT quantizes MatMul only with one)</source>
        <translation>其第二个输入不是二维常量（AMCT 只量化第二个输入为二维常量的 MatMul）</translation>
    </message>
    <message>
        <source>{source}: {values} values for {size} elements</source>
        <translation>{source}：{size} 个元素却有 {values} 个值</translation>
    </message>
    <message>
        <source>{source}: {count} {unit} of data for the {size} {type} values of its shape {shape}</source>
        <translation>{source}：其形状 {shape} 的 {size} 个 {type} 值对应的数据有 {count} {unit}</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>values</source>
        <translation>个值</translation>
    </message>
    <message>
        <source>not a TensorFlow GraphDef (binary protobuf expected): {error}</source>
        <translation>不是 TensorFlow GraphDef（应为二进制 protobuf）：{error}</translation>
    </message>
    <message>
        <source>not a TensorFlow GraphDef: it has no nodes</source>
        <translation>不是 TensorFlow GraphDef：其中没有任何节点</translation>
    </message>
    <message>
        <source>node {node}: its weight {source} has the shape {shape}, with a zero-sized dimension</source>
        <translation>节点 {node}：其权重 {source} 的形状为 {shape}，含有大小为 0 的维度</translation>
    </message>
    <message>
        <source>the filter of {name} is not a Const node</source>
        <translation>{name} 的卷积核不是 Const 节点</translation>
    </message>
    <message>
        <source>the filter of {name} has shape {shape}, not {rank}-D</source>
        <translation>{name} 的卷积核形状为 {shape}，不是 {rank} 维</translation>
    </message>
    <message>
        <source>dilations are not 1 (AMCT quantizes Conv2DBackpropInput only with dilation 1)</source>
        <translation>dilations 不为 1（AMCT 只量化 dilation 为 1 的 Conv2DBackpropInput）</translation>
    </message>
    <message>
        <source>{attr} is set (AMCT quantizes {op} only with {attr} = false)</source>
        <translation>设置了 {attr}（AMCT 只量化 {attr} = false 的 {op}）</translation>
    </message>
    <message>
        <source>its weight is not a 2-D Const node</source>
        <translation>其权重不是二维 Const 节点</translation>
    </message>
    <message>
        <source>transpose_b is set: AMCT&apos;s documentation disagrees between versions on whether such a MatMul is quantized (CANN 6.3.RC2 requires transpose_b = false, later versions only transpose_a = false); check with your AMCT version</source>
        <translation>设置了 transpose_b：AMCT 各版本文档对这种 MatMul 是否量化的说法不一致（CANN 6.3.RC2 要求 transpose_b = false，之后的版本只要求 transpose_a = false）；请按所用 AMCT 版本确认</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>cannot read the file: {reason}</source>
        <translation>无法读取文件：{reason}</translation>
    </message>
    <message>
        <source>is a directory, not a model file</source>
        <translation>是一个文件夹，不是模型文件</translation>
    </message>
    <message>
        <source>not a regular file (a pipe, device or socket cannot be read as a model)</source>
        <translation>不是普通文件（管道、设备或套接字不能作为模型读取）</translation>
    </message>
    <message>
        <source>{size} bytes: larger than the 2 GiB a protobuf message can hold (store the weights as external data)</source>
        <translation>{size} 字节：超过了 protobuf 消息能容纳的 2 GiB（请把权重存为外部数据）</translation>
    </message>
    <message>
        <source>{size} bytes: larger than the 2 GiB a protobuf message can hold</source>
        <translation>{size} 字节：超过 protobuf 消息能容纳的 2 GiB</translation>
    </message>
    <message>
        <source>not a text {what} (byte {byte} is not UTF-8); is it a binary file?</source>
        <translation>不是文本格式的 {what}（字节 {byte} 不是 UTF-8）；是否为二进制文件？</translation>
    </message>
    <message>
        <source>not a text {what}: it contains NUL bytes (a binary file?)</source>
        <translation>不是文本格式的 {what}：其中含有 NUL 字节（是否为二进制文件？）</translation>
    </message>
    <message>
        <source>not a valid {what}: messages nest more than {limit} levels deep</source>
        <translation>不是有效的 {what}：消息嵌套超过 {limit} 层</translation>
    </message>
    <message>
        <source>not a valid {what}: {error}</source>
        <translation>不是有效的 {what}：{error}</translation>
    </message>
    <message>
        <source>not a valid {what}: messages nest too deep to read</source>
        <translation>不是有效的 {what}：消息嵌套太深，无法读取</translation>
    </message>
    <message>
        <source>not a model file the editor reads (ONNX .onnx, Caffe .prototxt/.caffemodel, TensorFlow frozen .pb/.pbtxt)</source>
        <translation>不是编辑器能读取的模型文件（ONNX .onnx、Caffe .prototxt/.caffemodel、TensorFlow 冻结的 .pb/.pbtxt）</translation>
    </message>
    <message>
        <source>a separate weights file goes with a Caffe .prototxt; ONNX and TensorFlow models carry their own weights</source>
        <translation>单独的权重文件只用于 Caffe .prototxt；ONNX 和 TensorFlow 模型自带权重</translation>
    </message>
    <message>
        <source>two binary Caffe files: give the .prototxt as the model and the .caffemodel as its weights</source>
        <translation>两个都是二进制 Caffe 文件：请把 .prototxt 作为模型、.caffemodel 作为其权重</translation>
    </message>
    <message>
        <source>weights of shape {shape} cannot be quantized</source>
        <translation>形状为 {shape} 的权重无法量化</translation>
    </message>
    <message>
        <source>the weights of {names} are not in the model, so the BatchNorm cannot be folded (set skip_fusion, or give the weights)</source>
        <translation>模型中没有 {names} 的权重，因此无法融合 BatchNorm（请设置 skip_fusion，或提供权重）</translation>
    </message>
    <message>
        <source>{names}: {scales} scales for {variances} variances</source>
        <translation>{names}：{variances} 个方差却有 {scales} 个缩放值</translation>
    </message>
    <message>
        <source>{names} has {channels} channels, the layer takes {count} from channel {start}</source>
        <translation>{names} 有 {channels} 个通道，该层从通道 {start} 起取 {count} 个</translation>
    </message>
    <message>
        <source>the constant of {names} is not in the model</source>
        <translation>模型中没有 {names} 的常量</translation>
    </message>
    <message>
        <source>{names} multiplies by {count} values, not one</source>
        <translation>{names} 乘以 {count} 个值，而不是一个</translation>
    </message>
    <message>
        <source>layer {label} has no scale_w to compare</source>
        <translation>层 {label} 没有可比较的 scale_w</translation>
    </message>
    <message>
        <source>layer {label} ({op}) has no weights AMCT quantizes</source>
        <translation>层 {label}（{op}）没有 AMCT 量化的权重</translation>
    </message>
    <message>
        <source>scale_w has {values} values, layer {label} has {outputs} output channels</source>
        <translation>scale_w 有 {values} 个值，而层 {label} 有 {outputs} 个输出通道</translation>
    </message>
    <message>
        <source>layer {label}: the weights give no valid scale_w</source>
        <translation>层 {label}：由权重得不到有效的 scale_w</translation>
    </message>
    <message>
        <source>the model has no layer {key}</source>
        <translation>模型中没有层 {key}</translation>
    </message>
    <message>
        <source>a tensor-quantization key (layer:input) has no weights</source>
        <translation>张量量化的 key（层:输入）没有权重</translation>
    </message>
    <message>
        <source>{what} of layer {label} hold {count} inf or nan values (the first in output channel {channel}); AMCT stops on them: &quot;The weight to be quantized has invalid value inf or nan!&quot;</source>
        <translation>层 {label} 的{what}含有 {count} 个 inf 或 nan 值（第一个在输出通道 {channel}）；AMCT 遇到它们会停止：“The weight to be quantized has invalid value inf or nan!”</translation>
    </message>
    <message>
        <source>the weights of layer {label} are whole numbers from {low} to {high}: this model has already been quantized (AMCT&apos;s deploy or fake-quant model stores int8 weights as FLOAT); attach the floating-point model the record was calibrated on (for PyTorch: the model exported with torch.onnx.export before quantization)</source>
        <translation>层 {label} 的权重都是 {low} 到 {high} 之间的整数：该模型已经量化过（AMCT 的部署模型或伪量化模型把 int8 权重存为 FLOAT）；请附加记录文件校准时所用的浮点模型（PyTorch：量化前用 torch.onnx.export 导出的模型）</translation>
    </message>
    <message>
        <source>{what} has {channels} channels, layer {label} {outputs} output channels</source>
        <translation>{what} 有 {channels} 个通道，层 {label} 有 {outputs} 个输出通道</translation>
    </message>
    <message>
        <source>{what} has {channels} values, layer {label} {inputs} input channels</source>
        <translation>{what} 有 {channels} 个值，层 {label} 有 {inputs} 个输入通道</translation>
    </message>
    <message>
        <source>the input channels of layer {label}&apos;s weights do not fit its layout</source>
        <translation>层 {label} 权重的输入通道与其排布不符</translation>
    </message>
    <message>
        <source>{fusion} is fused by AMCT and not computed here: {why}</source>
        <translation>AMCT 会融合 {fusion}，此处不计算：{why}</translation>
    </message>
    <message>
        <source>every weight of layer {label} is a whole multiple of its channel&apos;s quantization step: this model has already been quantized and dequantized (AMCT&apos;s fake-quant model); attach the floating-point model the record was calibrated on (for PyTorch: the model exported with torch.onnx.export before quantization)</source>
        <translation>层 {label} 的每个权重都是其通道量化步长的整数倍：该模型已经量化又反量化过（AMCT 的伪量化模型）；请附加记录文件校准时所用的浮点模型（PyTorch：量化前用 torch.onnx.export 导出的模型）</translation>
    </message>
    <message>
        <source>{what} has {channels} values, the weights of layer {label} reach input channel {channel}</source>
        <translation>{what} 有 {channels} 个值，而层 {label} 的权重用到了输入通道 {channel}</translation>
    </message>
    <message>
        <source>layer {label} has fusions before and after it ({fusions}); in which order AMCT folds them is not documented</source>
        <translation>层 {label} 前后都有融合（{fusions}）；AMCT 以什么顺序融合它们没有文档说明</translation>
    </message>
    <message>
        <source>{fusion} cannot be folded: {why}</source>
        <translation>无法融合 {fusion}：{why}</translation>
    </message>
    <message>
        <source>{fusion} left out: folding it gives inf or nan, and AMCT then skips the fusion</source>
        <translation>未融合 {fusion}：融合后出现 inf 或 nan，此时 AMCT 会跳过该融合</translation>
    </message>
    <message>
        <source>folding {fusion} gives inf or nan weights (a variance of -eps or an infinite scale)</source>
        <translation>融合 {fusion} 后权重出现 inf 或 nan（方差为 -eps，或 scale 为无穷大）</translation>
    </message>
    <message>
        <source>{op} has no weights AMCT quantizes</source>
        <translation>{op} 没有 AMCT 量化的权重</translation>
    </message>
    <message>
        <source>the scale_w of recurrent layers is not recomputed</source>
        <translation>不重新计算循环层的 scale_w</translation>
    </message>
    <message>
        <source>the weights of layer {label} do not fit its layout</source>
        <translation>层 {label} 的权重与其排布不符</translation>
    </message>
    <message>
        <source>the weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>skip_fusion is set, and whether it also skips {fusion} is not documented</source>
        <translation>设置了 skip_fusion，而它是否也跳过 {fusion} 没有文档说明</translation>
    </message>
    <message>
        <source>tensor_balance_factor has values outside [FLT_EPSILON, 1/FLT_EPSILON], which AMCT refuses (rule tbf-range)</source>
        <translation>tensor_balance_factor 有超出 [FLT_EPSILON, 1/FLT_EPSILON] 的值，AMCT 会拒绝（规则 tbf-range）</translation>
    </message>
    <message>
        <source>the balanced weights</source>
        <translation>均衡后的权重</translation>
    </message>
    <message>
        <source>the model carries no weights for this layer</source>
        <translation>模型中没有该层的权重</translation>
    </message>
    <message>
        <source>the entry has no scale_w</source>
        <translation>该条目没有 scale_w</translation>
    </message>
    <message>
        <source>node {node}: attribute {name} holds {got}, {wanted} expected</source>
        <translation>节点 {node}：属性 {name} 存放的是 {got}，应为 {wanted}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>the BatchNorm has {got} channels, the Conv2D {channels}: AMCT moves the BatchNorm before the BatchToSpace only when they agree</source>
        <translation>BatchNorm 有 {got} 个通道，Conv2D 有 {channels} 个：仅当两者一致时 AMCT 才把 BatchNorm 移到 BatchToSpace 之前</translation>
    </message>
    <message>
        <source>a FusedBatchNorm follows it through {ops}; AMCT documents Conv+BN, Conv+BiasAdd+BN and Conv2D+BatchToSpace+BN, and whether it folds this one is not known</source>
        <translation>经 {ops} 之后跟着一个 FusedBatchNorm；AMCT 文档只列出 Conv+BN、Conv+BiasAdd+BN 和 Conv2D+BatchToSpace+BN，是否融合这种结构未知</translation>
    </message>
    <message>
        <source>its variance or scale do not hold one value per output channel, or its epsilon cannot be read</source>
        <translation>其方差或 scale 不是每个输出通道一个值，或其 epsilon 无法读取</translation>
    </message>
    <message>
        <source>the documents name Conv+BN and Conv+BiasAdd+BN, and whether {op} is one of them is not said</source>
        <translation>文档只列出 Conv+BN 和 Conv+BiasAdd+BN，未说明 {op} 是否属于其中</translation>
    </message>
    <message>
        <source>the graph holds the BatchNorm&apos;s multiplier as one constant: the variance and epsilon the fold needs are folded away</source>
        <translation>图中 BatchNorm 的乘数已合并为一个常量：融合所需的方差和 epsilon 已不在图中</translation>
    </message>
    <message>
        <source>the BatchNorm has {got} channels, the MatMul {channels} outputs</source>
        <translation>BatchNorm 有 {got} 个通道，MatMul 有 {channels} 个输出</translation>
    </message>
    <message>
        <source>the BatchNorm is NCHW and the Reshape before it is not a fixed N×{n}×1×1: which channel each output lands on is not known</source>
        <translation>BatchNorm 为 NCHW，且其前面的 Reshape 不是固定的 N×{n}×1×1：每个输出落在哪个通道未知</translation>
    </message>
    <message>
        <source>the Concat&apos;s axis is not a constant: whether it joins the channels is not known</source>
        <translation>Concat 的 axis 不是常量：是否在通道上拼接未知</translation>
    </message>
    <message>
        <source>the channels of a convolution of the group are not known</source>
        <translation>该组中某个卷积的通道数未知</translation>
    </message>
    <message>
        <source>the BatchNorm has {got} channels, the convolutions {total} together</source>
        <translation>BatchNorm 有 {got} 个通道，这些卷积合计 {total} 个</translation>
    </message>
</context>
<context>
    <name>paths</name>
    <message>
        <source>bad path {text}</source>
        <translation>无效的路径 {text}</translation>
    </message>
    <message>
        <source>no record is open</source>
        <translation>没有打开的记录文件</translation>
    </message>
    <message>
        <source>{path}: no such field</source>
        <translation>{path}：没有这个字段</translation>
    </message>
    <message>
        <source>{path}: no such element</source>
        <translation>{path}：没有这个元素</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>{path}: an index must follow a repeated field</source>
        <translation>{path}：下标只能跟在重复字段之后</translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>{n}th</source>
        <translation>第 {n} 次</translation>
    </message>
    <message>
        <source>{n}st</source>
        <translation>第 {n} 次</translation>
    </message>
    <message>
        <source>{n}nd</source>
        <translation>第 {n} 次</translation>
    </message>
    <message>
        <source>{n}rd</source>
        <translation>第 {n} 次</translation>
    </message>
</context>
<context>
    <name>protobuf</name>
    <message>
        <source>Expected &quot;{token}&quot;.</source>
        <translation>此处应为 &quot;{token}&quot;。</translation>
    </message>
    <message>
        <source>Expected identifier or number, got {token}.</source>
        <translation>此处应为标识符或数字，实际是 {token}。</translation>
    </message>
    <message>
        <source>Expected identifier.</source>
        <translation>此处应为标识符。</translation>
    </message>
    <message>
        <source>Expected string but found: {text}</source>
        <translation>此处应为字符串，实际是：{text}</translation>
    </message>
    <message>
        <source>String missing ending quote: {text}</source>
        <translation>字符串缺少结束引号：{text}</translation>
    </message>
    <message>
        <source>Couldn&apos;t parse float: {text}</source>
        <translation>无法解析为浮点数：{text}</translation>
    </message>
    <message>
        <source>Couldn&apos;t parse integer: {text}</source>
        <translation>无法解析为整数：{text}</translation>
    </message>
    <message>
        <source>Couldn&apos;t parse string: {error}</source>
        <translation>无法解析字符串：{error}</translation>
    </message>
    <message>
        <source>Expected &quot;true&quot; or &quot;false&quot;.</source>
        <translation>此处应为 &quot;true&quot; 或 &quot;false&quot;。</translation>
    </message>
    <message>
        <source>Enum type &quot;{enum}&quot; has no value named {name}.</source>
        <translation>枚举类型 &quot;{enum}&quot; 中没有名为 {name} 的值。</translation>
    </message>
    <message>
        <source>Enum type &quot;{enum}&quot; has no value with number {number}.</source>
        <translation>枚举类型 &quot;{enum}&quot; 中没有编号为 {number} 的值。</translation>
    </message>
    <message>
        <source>Message type &quot;{type}&quot; should not have multiple &quot;{field}&quot; fields.</source>
        <translation>消息类型 &quot;{type}&quot; 中不应出现多个 &quot;{field}&quot; 字段。</translation>
    </message>
    <message>
        <source>Message too deep. Max recursion depth is {depth}</source>
        <translation>消息嵌套过深。最大嵌套深度为 {depth}</translation>
    </message>
    <message>
        <source>Value out of range: {value}</source>
        <translation>值超出范围：{value}</translation>
    </message>
    <message>
        <source>Invalid field value: {token}</source>
        <translation>无效的字段值：{token}</translation>
    </message>
</context>
<context>
    <name>reading</name>
    <message>
        <source> (layer {key})</source>
        <translation>（层 {key}）</translation>
    </message>
    <message>
        <source> (byte {byte} at offset {offset} of the file)</source>
        <translation>（文件偏移 {offset} 处的字节 {byte}）</translation>
    </message>
    <message>
        <source> ({count} more such strings)</source>
        <translation>（另有 {count} 个这样的字符串）</translation>
    </message>
    <message>
        <source>binary record: {field}{layer} is not UTF-8 text{at}{more}; string fields must be UTF-8 (protobuf&apos;s Python reader, which AMCT uses, gives such a string as bytes, not text, and AMCT&apos;s look-ups by name never match it)</source>
        <translation>二进制记录：{field}{layer} 不是 UTF-8 文本{at}{more}；字符串字段必须是 UTF-8（AMCT 使用的 protobuf Python 读取器把这样的字符串读成字节串而不是文本，AMCT 按名称查找时永远匹配不到它）</translation>
    </message>
    <message>
        <source> — the file looks like an example pasted from AMCT&apos;s documentation (// comments or quoted text broken over lines); open it with repair (--repair) to fix that and see each change</source>
        <translation> — 该文件看起来是从 AMCT 文档中粘贴的示例（含 // 注释，或引号内的文本被拆成多行）；请用修复方式打开（--repair）以修正这些问题，并查看每一处修改</translation>
    </message>
    <message>
        <source>not a binary {dialect} record: {error}</source>
        <translation>不是 {dialect} 的二进制记录：{error}</translation>
    </message>
    <message>
        <source>; it reads cleanly as: {dialects}</source>
        <translation>；按以下格式可正常读取：{dialects}</translation>
    </message>
    <message>
        <source>binary record has fields the {dialect} schema does not know (in {fields}){hint}</source>
        <translation>二进制记录中有 {dialect} 的 schema 不认识的字段（在 {fields} 中）{hint}</translation>
    </message>
    <message>
        <source>not a binary record of any AMCT dialect</source>
        <translation>不是任何 AMCT 格式的二进制记录</translation>
    </message>
    <message>
        <source>binary file read as {dialect}; it also reads cleanly, with a different meaning, as {others} — choose the dialect explicitly if that is what it is</source>
        <translation>二进制文件按 {dialect} 读取；按 {others} 也能正常读取，但含义不同 — 如果它实际是后者，请显式选择格式</translation>
    </message>
    <message>
        <source>not UTF-8 text (byte {byte} cannot be decoded; record files are UTF-8) and not a binary record either</source>
        <translation>不是 UTF-8 文本（字节 {byte} 无法解码；记录文件是 UTF-8），也不是二进制记录</translation>
    </message>
    <message>
        <source>not a record file: neither UTF-8 text (byte {byte} is not UTF-8) nor a binary record of any AMCT dialect</source>
        <translation>不是记录文件：既不是 UTF-8 文本（字节 {byte} 不是 UTF-8），也不是任何 AMCT 格式的二进制记录</translation>
    </message>
    <message>
        <source>not a record file: neither UTF-8 text (byte {byte} is not UTF-8) nor a binary record ({error})</source>
        <translation>不是记录文件：既不是 UTF-8 文本（字节 {byte} 不是 UTF-8），也不是二进制记录（{error}）</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>is a directory, not a record file</source>
        <translation>是目录，不是记录文件</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>is {kind}, not a regular file; record files are regular files</source>
        <translation>是{kind}，不是普通文件；记录文件是普通文件</translation>
    </message>
    <message>
        <source>is {size} bytes or more, larger than the {most} bytes a record file may have; it is not read</source>
        <translation>大小为 {size} 字节或更大，超过记录文件允许的 {most} 字节；不予读取</translation>
    </message>
    <message>
        <source>cannot be read now: {reason}; try again when that save is done</source>
        <translation>现在无法读取：{reason}；请在该次保存完成后再试</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>permission denied: the file cannot be read</source>
        <translation>权限不足：无法读取该文件</translation>
    </message>
    <message>
        <source>cannot read: {reason}</source>
        <translation>无法读取：{reason}</translation>
    </message>
    <message>
        <source>{char} between tokens is whitespace to Python&apos;s reader; protoc and C++ readers reject it</source>
        <translation>词法单元之间的 {char} 在 Python 读取器中算作空白；protoc 和 C++ 读取器拒绝它</translation>
    </message>
    <message>
        <source>a space</source>
        <translation>一个空格</translation>
    </message>
    <message>
        <source>is accepted by AMCT&apos;s Python reader but rejected by protoc and C++ readers</source>
        <translation>被 AMCT 的 Python 读取器接受，但被 protoc 和 C++ 读取器拒绝</translation>
    </message>
    <message>
        <source>has a minus sign, which protoc and C++ readers reject on an unsigned field</source>
        <translation>带负号，protoc 和 C++ 读取器对无符号字段拒绝它</translation>
    </message>
    <message>
        <source>is accepted as an enum number by AMCT&apos;s Python reader but rejected by protoc and C++ readers</source>
        <translation>被 AMCT 的 Python 读取器当作枚举编号接受，但被 protoc 和 C++ 读取器拒绝</translation>
    </message>
    <message>
        <source>reads as a backslash and &apos;?&apos; in AMCT&apos;s Python reader but as &apos;?&apos; in protoc and C++ readers</source>
        <translation>在 AMCT 的 Python 读取器中读作反斜杠加 &apos;?&apos;，在 protoc 和 C++ 读取器中读作 &apos;?&apos;</translation>
    </message>
    <message>
        <source>is an escape C++ readers do not know (protoc rejects it); Python keeps the named character</source>
        <translation>是 C++ 读取器不认识的转义（protoc 拒绝它）；Python 保留该命名字符</translation>
    </message>
    <message>
        <source>is an escape C++ readers do not know (protoc rejects it); Python keeps the backslash</source>
        <translation>是 C++ 读取器不认识的转义（protoc 拒绝它）；Python 保留反斜杠</translation>
    </message>
    <message>
        <source>the top level of the file</source>
        <translation>文件顶层</translation>
    </message>
    <message>
        <source>a record entry</source>
        <translation>record 记录</translation>
    </message>
    <message>
        <source>a prune_record entry</source>
        <translation>prune_record 记录</translation>
    </message>
    <message>
        <source>{name} {{ … }} of {place}</source>
        <translation>{place}的 {name} {{ … }}</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>{name} belongs {where}</source>
        <translation>{name} 应位于{where}</translation>
    </message>
    <message>
        <source>dialects that have it here: {dialects} (choose one with --dialect, or File ▸ Read As Dialect in the editor)</source>
        <translation>在此处有该字段的格式：{dialects}（用 --dialect 选择，或在编辑器中用 文件 ▸ 按格式读取）</translation>
    </message>
    <message>
        <source>{dialects} has it here but not {fields}</source>
        <translation>{dialects} 在此处有该字段，但没有 {fields}</translation>
    </message>
    <message>
        <source>{dialects} have it here but not {fields}</source>
        <translation>{dialects} 在此处有该字段，但没有 {fields}</translation>
    </message>
    <message>
        <source>no AMCT dialect has every field this file uses ({which})</source>
        <translation>没有哪种 AMCT 格式包含该文件用到的全部字段（{which}）</translation>
    </message>
    <message>
        <source>{dialects} has it {where}</source>
        <translation>{dialects} 的该字段位于{where}</translation>
    </message>
    <message>
        <source>{dialects} have it {where}</source>
        <translation>{dialects} 的该字段位于{where}</translation>
    </message>
    <message>
        <source>no AMCT dialect has it here ({places})</source>
        <translation>没有哪种 AMCT 格式在此处有该字段（{places}）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>no AMCT dialect has a field of that name</source>
        <translation>没有哪种 AMCT 格式有这个名称的字段</translation>
    </message>
    <message>
        <source>not part of the {dialect} schema; </source>
        <translation>不属于 {dialect} 的 schema；</translation>
    </message>
    <message>
        <source>unknown field &quot;{name}&quot; in {place} (message {message}): {known}{notes}</source>
        <translation>{place} 中有未知字段 &quot;{name}&quot;（消息 {message}）：{known}{notes}</translation>
    </message>
    <message>
        <source>; text values go in double quotes: {example}</source>
        <translation>；文本值要写在双引号里：{example}</translation>
    </message>
    <message>
        <source>{entry} (layer {key})</source>
        <translation>{entry}（层 {key}）</translation>
    </message>
    <message>
        <source>the file ends inside {entry}, opened at line {line}: the rest of that entry is missing (was the file cut short while it was written or copied?)</source>
        <translation>文件在 {entry} 内部结束（该条目从第 {line} 行开始）：条目的其余部分缺失（文件是否在写入或复制时被截断？）</translation>
    </message>
    <message>
        <source>; its last field name, {name}, is cut short too</source>
        <translation>；最后一个字段名 {name} 也被截断</translation>
    </message>
    <message>
        <source>; the last value is incomplete ({detail})</source>
        <translation>；最后一个值不完整（{detail}）</translation>
    </message>
    <message>
        <source>at the top level of the file</source>
        <translation>文件顶层</translation>
    </message>
    <message>
        <source>inside {place}</source>
        <translation>{place} 之内</translation>
    </message>
    <message>
        <source>a NUL character (U+0000) inside a string or comment: AMCT&apos;s Python reader reads past it, protoc and C++ readers stop there and reject the file</source>
        <translation>字符串或注释中有 NUL 字符（U+0000）：AMCT 的 Python 读取器会越过它继续读，protoc 和 C++ 读取器在此停止并拒绝该文件</translation>
    </message>
    <message>
        <source>nothing (remove it)</source>
        <translation>空（删除它）</translation>
    </message>
    <message>
        <source>byte {byte} is not UTF-8 (record files are UTF-8 text)</source>
        <translation>字节 {byte} 不是 UTF-8（记录文件是 UTF-8 文本）</translation>
    </message>
    <message>
        <source>byte {byte} is not UTF-8</source>
        <translation>字节 {byte} 不是 UTF-8</translation>
    </message>
    <message>
        <source>could not make progress here</source>
        <translation>读取在此处无法继续</translation>
    </message>
    <message>
        <source>layer {key}</source>
        <translation>层 {key}</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>{where}: {field} is given twice (line {first} and line {second}); AMCT&apos;s Python reader keeps the last value, strict C++ readers (protoc, AMCT Caffe) reject the file</source>
        <translation>{where}：{field} 给出了两次（第 {first} 行和第 {second} 行）；AMCT 的 Python 读取器保留最后一个值（覆盖处理），严格的 C++ 读取器（protoc、AMCT Caffe）拒绝该文件</translation>
    </message>
    <message>
        <source>{field} = {token} {why}</source>
        <translation>{field} = {token} {why}</translation>
    </message>
    <message>
        <source>; write it as {instead}</source>
        <translation>；请写作 {instead}</translation>
    </message>
    <message>
        <source>; write {instead} instead</source>
        <translation>；请改写为{instead}</translation>
    </message>
    <message>
        <source>{label}: {message}</source>
        <translation>{label}：{message}</translation>
    </message>
    <message>
        <source>layer key {key} appears twice (record {first} at line {first_line} and record {index} at line {line}); AMCT uses one entry per key and drops the others without a word: the first where it looks a layer up, the last where parse_quant reads the whole file</source>
        <translation>层的 key {key} 出现了两次（第 {first_line} 行的记录 {first} 和第 {line} 行的记录 {index}）；每个 key AMCT 只用其中一条记录，其余的静默丢弃：按层查找时用第一条，parse_quant 读取整个文件时用最后一条</translation>
    </message>
    <message>
        <source>layer key {key} appears a {nth} time (record {index} at line {line}; first as record {first} at line {first_line}); AMCT uses one entry per key and drops the others without a word: the first where it looks a layer up, the last where parse_quant reads the whole file</source>
        <translation>层的 key {key} 出现了{nth}（第 {line} 行的记录 {index}；首次为第 {first_line} 行的记录 {first}）；每个 key AMCT 只用其中一条记录，其余的静默丢弃：按层查找时用第一条，parse_quant 读取整个文件时用最后一条</translation>
    </message>
    <message>
        <source>removed the UTF-8 byte order mark, which protobuf readers reject</source>
        <translation>删除了 protobuf 读取器拒绝的 UTF-8 字节顺序标记（BOM）</translation>
    </message>
    <message>
        <source>comment text carried over from the line above made a comment</source>
        <translation>把从上一行延续下来的注释文字改成了注释</translation>
    </message>
    <message>
        <source>quoted text broken over lines {first}-{last} joined: {text}</source>
        <translation>合并了断在第 {first}-{last} 行的引号文本：{text}</translation>
    </message>
    <message>
        <source>&apos;//&apos; comment changed to a &apos;#&apos; comment</source>
        <translation>&apos;//&apos; 注释改成了 &apos;#&apos; 注释</translation>
    </message>
    <message>
        <source>the file changed on disk while it was being read; run the command again</source>
        <translation>读取期间磁盘上的文件发生了改变；请重新运行该命令</translation>
    </message>
    <message>
        <source>a binary record is read by field numbers, which mean other fields in {dialect}; read it as another dialect with File ▸ Read As Dialect</source>
        <translation>二进制记录文件按字段编号读取，而这些编号在 {dialect} 中是别的字段；请用 文件 ▸ 按框架格式读取 选择其他格式</translation>
    </message>
    <message>
        <source>the record does not read as {dialect}: {error}</source>
        <translation>记录文件无法按 {dialect} 读取：{error}</translation>
    </message>
</context>
<context>
    <name>rule-descriptions</name>
    <message>
        <source>ONNX: skip_fusion defaults to true (every other flavour: false); layers that leave it unset skip Conv+BN fusion</source>
        <translation>ONNX：skip_fusion 默认为 true（其他框架均为 false）；未设置它的层跳过 Conv+BN 融合</translation>
    </message>
    <message>
        <source>all offset_d values fit INT4 (some at -8) but no act_type is set, so AMCT and the clip ranges assume INT8</source>
        <translation>所有 offset_d 都在 INT4 范围内（部分为 -8），但未设置 act_type，因此 AMCT 和截断范围都按 INT8 处理</translation>
    </message>
    <message>
        <source>every record needs a non-empty key, the layer name (AMCT: &apos;Cannot find &quot;key&quot;&apos;)</source>
        <translation>每条记录都需要非空的 key，即层名（AMCT：&apos;Cannot find &quot;key&quot;&apos;）</translation>
    </message>
    <message>
        <source>a key or prune node name with leading/trailing whitespace or a line break never matches a layer name</source>
        <translation>首尾带空白字符或含换行的 key 或稀疏节点名永远匹配不到层名</translation>
    </message>
    <message>
        <source>a key given twice: AMCT silently uses one of the entries (the first where it looks a layer up, the last where parse_quant reads the whole file) and drops the others</source>
        <translation>同一个 key 出现多次：AMCT 只静默使用其中一条记录（按层查找时用第一条，parse_quant 读取整个文件时用最后一条），其余的丢弃</translation>
    </message>
    <message>
        <source>a layer with any factor needs scale_d and offset_d, and scale_w/offset_w unless it takes no weights (PyTorch&apos;s AveragePool too); an entry without factors is skipped (info)</source>
        <translation>有任一量化因子的层需要 scale_d 和 offset_d，除没有权重的层外还需要 scale_w/offset_w（PyTorch 的 AveragePool 也需要）；没有量化因子的记录会被跳过（提示）</translation>
    </message>
    <message>
        <source>AvgPool has no weights: no scale_w/offset_w/shift_bit/tensor_balance_factor, and dst_type not INT4 — except in PyTorch, whose AMCT writes (and requires) scale_w 1.0 and offset_w 0 for AveragePool; warning when the type is only guessed</source>
        <translation>AvgPool 没有权重：不能有 scale_w/offset_w/shift_bit/tensor_balance_factor，dst_type 不能为 INT4——PyTorch 除外，其 AMCT 为 AveragePool 写入（并要求）scale_w 1.0 和 offset_w 0；层类型只是推测时为警告</translation>
    </message>
    <message>
        <source>a &apos;layer:input_index&apos; key quantizes one input tensor: activation factors only, no scale_w/offset_w/shift_bit</source>
        <translation>&apos;layer:input_index&apos; 形式的 key 量化一个输入张量：只有激活量化因子，不能有 scale_w/offset_w/shift_bit</translation>
    </message>
    <message>
        <source>Caffe: channels, height and width (the input shape) on every quantized layer</source>
        <translation>Caffe：每个量化层都要有 channels、height 和 width（输入形状）</translation>
    </message>
    <message>
        <source>fields documented as unsupported: shift_bit in TF convert_model (reserved), cluster (NUQ); info for shift_bit in Caffe, whose documentation both reserves and requires it</source>
        <translation>文档标明不支持的字段：TF convert_model 中的 shift_bit（预留字段）、cluster（非均匀量化）；Caffe 的文档对 shift_bit 既称预留又要求配置，对其给出提示</translation>
    </message>
    <message>
        <source>PyTorch: AMCT refuses a record whose layer sets shift_bit (&apos;shift_bit is not support&apos;)</source>
        <translation>PyTorch：层中配置了 shift_bit 的记录文件会被 AMCT 拒绝（&apos;shift_bit is not support&apos;）</translation>
    </message>
    <message>
        <source>kv_cache_value needs scale and offset of equal length; scale finite &gt; 0, offset in [-128, 127] (KV cache is INT8 only)</source>
        <translation>kv_cache_value 需要长度相同的 scale 和 offset；scale 为有限值且 &gt; 0，offset 在 [-128, 127] 内（KV cache 仅支持 INT8）</translation>
    </message>
    <message>
        <source>with a model: each key names a layer (node) of the model, a &apos;layer:input_index&apos; key an input the layer has (AMCT: &apos;find KEY failure in MODEL&apos;); the closest layer names are suggested</source>
        <translation>附加模型时：每个 key 都是模型中的一个层（节点），&apos;layer:input_index&apos; 形式的 key 是该层已有的一个输入（AMCT：&apos;find KEY failure in MODEL&apos;）；给出最接近的层名</translation>
    </message>
    <message>
        <source>with a model: a key names a layer whose type (and settings) AMCT can quantize in that framework (AMCT: &apos;layer X cannot be quantized&apos;); a warning where AMCT&apos;s documentation leaves it open</source>
        <translation>有模型时：key 指向的层，其类型（及设置）是 AMCT 在该框架中能量化的（AMCT：&apos;layer X cannot be quantized&apos;）；AMCT 文档没有定论时为警告</translation>
    </message>
    <message>
        <source>with a model: scale_w has one value or one per output channel of the layer (Conv: weight dim 0; ConvTranspose: dim 1 × group; depthwise: in × multiplier); tensor_balance_factor one per input channel; a layer without weights takes no weight factors</source>
        <translation>附加模型时：scale_w 为一个值，或该层每个输出通道一个值（Conv：权重第 0 维；ConvTranspose：第 1 维 × group；depthwise：输入 × multiplier）；tensor_balance_factor 每个输入通道一个值；没有权重的层不能有权重量化因子</translation>
    </message>
    <message>
        <source>with a Caffe model: channels/height/width are the layer&apos;s input shape (C, H, W), propagated from the net&apos;s input with Caffe&apos;s output-size formulas</source>
        <translation>附加 Caffe 模型时：channels/height/width 是该层的输入形状 (C, H, W)，按 Caffe 的输出尺寸公式从网络输入逐层推算</translation>
    </message>
    <message>
        <source>with a model: layers whose weights AMCT quantizes but that have no record stay float (AMCT says nothing); listed once</source>
        <translation>附加模型时：AMCT 会量化其权重但没有记录的层保持浮点（AMCT 不提示）；只列出一次</translation>
    </message>
    <message>
        <source>with a model&apos;s weights: scale_w against AMCT&apos;s ARQ value from the weights as AMCT quantizes them (the fusions folded unless skip_fusion, tensor_balance_factor applied), per channel: below it the range clips the weights, far above it (default 2×) levels are wasted; weights holding inf or nan are a warning</source>
        <translation>有模型权重时：逐通道将 scale_w 与 AMCT 按其量化方式（除非 skip_fusion，先做融合，再乘以 tensor_balance_factor）由权重算出的 ARQ 值比较：小于该值时范围截断权重，远大于该值（默认 2 倍）时浪费量化级；含 inf 或 nan 的权重为警告</translation>
    </message>
    <message>
        <source>with a model: prune producers and consumers name nodes of the model (AMCT: &apos;find NAME failure in MODEL&apos;), and each [begin, end) lies inside the node&apos;s output (producer) or input (consumer) channels</source>
        <translation>附加模型时：稀疏的 producer 和 consumer须是模型中的节点（AMCT：&apos;find NAME failure in MODEL&apos;），且每个 [begin, end) 都在该节点的输出（producer）或输入（consumer）通道之内</translation>
    </message>
    <message>
        <source>scale_w channels far off the layer&apos;s own values: not finite or ≤ 0, below FLT_EPSILON, or outside [Q1 − k·IQR, Q3 + k·IQR] of log10(scale_w) (k = 1.5, `check --outlier-k`)</source>
        <translation>scale_w 中远离本层其他值的通道：非有限值或 ≤ 0、小于 FLT_EPSILON，或在 log10(scale_w) 的 [Q1 − k·IQR, Q3 + k·IQR] 之外（k = 1.5，`check --outlier-k`）</translation>
    </message>
    <message>
        <source>PruneNode.name is required and not empty (without it the record cannot be serialized)</source>
        <translation>PruneNode.name 必填且不能为空（否则记录无法序列化）</translation>
    </message>
    <message>
        <source>a prune attr&apos;s type matches the value field it sets (INT → i, STRING → s, INTS → ints, …) and AMCT&apos;s attrs have their usual types</source>
        <translation>稀疏 attr 的类型与其所设的值字段一致（INT → i，STRING → s，INTS → ints，…），AMCT 的 attr 使用其通常类型</translation>
    </message>
    <message>
        <source>producers and consumers have begin/end attrs with 0 ≤ begin &lt; end; prune_index values unique and inside [begin, end)</source>
        <translation>producer 和 consumer 有 begin/end attr，且 0 ≤ begin &lt; end；prune_index 的值不重复且在 [begin, end) 之内</translation>
    </message>
    <message>
        <source>every producer and consumer of a prune record covers as many channels (and prunes the same ones) as the first producer</source>
        <translation>稀疏记录的每个 producer 和 consumer 覆盖的通道数都与第一个 producer 相同（且稀疏相同的通道）</translation>
    </message>
    <message>
        <source>value.prune_producer/prune_consumer name prune nodes that exist in the file</source>
        <translation>value.prune_producer/prune_consumer 指向文件中存在的稀疏节点</translation>
    </message>
    <message>
        <source>per-channel scale_w of a pruned producer, and tensor_balance_factor of a consumer, match the channel counts its prune records give</source>
        <translation>被稀疏的 producer 的逐通道 scale_w，以及 consumer 的 tensor_balance_factor，与其稀疏记录给出的通道数一致</translation>
    </message>
    <message>
        <source>scale_d, scale_w (and RNN scale_h/scale_r) must be finite and &gt; 0</source>
        <translation>scale_d、scale_w（以及 RNN 的 scale_h/scale_r）必须是有限值且 &gt; 0</translation>
    </message>
    <message>
        <source>scale_d below FLT_EPSILON: a degenerate calibration, AMCT substitutes 1.0</source>
        <translation>scale_d 小于 FLT_EPSILON：校准退化，AMCT 改用 1.0</translation>
    </message>
    <message>
        <source>offset_d (and RNN offset_h) in [-128, 127], or [-32768, 32767] when act_type is INT16; warning when outside an INT4 act_type&apos;s [-8, 7]</source>
        <translation>offset_d（以及 RNN 的 offset_h）在 [-128, 127] 内，act_type 为 INT16 时在 [-32768, 32767] 内；act_type 为 INT4 而超出 [-8, 7] 时给出警告</translation>
    </message>
    <message>
        <source>every offset_w (and RNN offset_r) must be 0: weight offsets are not supported</source>
        <translation>每个 offset_w（以及 RNN 的 offset_r）都必须为 0：不支持权重偏移</translation>
    </message>
    <message>
        <source>offset_w and shift_bit (RNN: offset_r) must have as many values as scale_w (scale_r)</source>
        <translation>offset_w 和 shift_bit（RNN：offset_r）的值个数必须与 scale_w（scale_r）相同</translation>
    </message>
    <message>
        <source>per-channel scale_w only on convolution-like layers (PyTorch: also Linear); warning when the layer type is only guessed from a naming convention</source>
        <translation>只有卷积类的层可以有逐通道的 scale_w（PyTorch：还有 Linear）；层类型仅按命名习惯推测时给出警告</translation>
    </message>
    <message>
        <source>shift_bit values all 0, or each in [1, 16]</source>
        <translation>shift_bit 全为 0，或每个都在 [1, 16] 内</translation>
    </message>
    <message>
        <source>NUQ cluster centres: 16 or 32 values, each in [-128, 127]</source>
        <translation>非均匀量化的聚类中心 cluster：16 或 32 个值，每个都在 [-128, 127] 内</translation>
    </message>
    <message>
        <source>act_type ∈ {INT4, INT8, INT16}, wts_type ∈ {INT4, INT6, INT7, INT8}, dst_type ∈ {INT8, INT4}, op_data_type, fakequant_precision_mode; warning where the docs say only INT8 works today</source>
        <translation>act_type ∈ {INT4, INT8, INT16}，wts_type ∈ {INT4, INT6, INT7, INT8}，dst_type ∈ {INT8, INT4}，op_data_type，fakequant_precision_mode；文档称目前仅支持 INT8 之处给出警告</translation>
    </message>
    <message>
        <source>each tensor_balance_factor in [FLT_EPSILON, 1/FLT_EPSILON]</source>
        <translation>每个 tensor_balance_factor 都在 [FLT_EPSILON, 1/FLT_EPSILON] 内</translation>
    </message>
</context>
<context>
    <name>rules</name>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source> and {count} more</source>
        <translation> 等，另有 {count} 个</translation>
    </message>
    <message>
        <source>{name} = {value} {must}</source>
        <translation>{name} = {value}，{must}</translation>
    </message>
    <message>
        <source>{count} of {total} {name} values {are_not}: {examples}</source>
        <translation>{total} 个 {name} 值中有 {count} 个{are_not}：{examples}</translation>
    </message>
    <message>
        <source>an {word}</source>
        <translation>{word}</translation>
    </message>
    <message>
        <source>a {word}</source>
        <translation>{word}</translation>
    </message>
    <message>
        <source>act_type unset, so INT8</source>
        <translation>未设置 act_type，按 INT8</translation>
    </message>
    <message>
        <source>act_type {type} is not a known type, so INT8</source>
        <translation>act_type {type} 不是已知类型，按 INT8</translation>
    </message>
    <message>
        <source>act_type {type}</source>
        <translation>act_type {type}</translation>
    </message>
    <message>
        <source>skip_fusion is unset, so the ONNX default true applies: AMCT ONNX skips Conv+BN fusion for this layer, unlike the other AMCT flavours (default false); write skip_fusion explicitly if the record came from another flavour (so do {count} more layers)</source>
        <translation>未设置 skip_fusion，因此采用 ONNX 的默认值 true：AMCT ONNX 对该层跳过 Conv+BN 融合，与其他 AMCT 框架（默认 false）不同；如果记录来自其他框架，请显式写出 skip_fusion（另有 {count} 个层也是如此）</translation>
    </message>
    <message>
        <source>skip_fusion is unset, so the ONNX default true applies: AMCT ONNX skips Conv+BN fusion for this layer, unlike the other AMCT flavours (default false); write skip_fusion explicitly if the record came from another flavour</source>
        <translation>未设置 skip_fusion，因此采用 ONNX 的默认值 true：AMCT ONNX 对该层跳过 Conv+BN 融合，与其他 AMCT 框架（默认 false）不同；如果记录来自其他框架，请显式写出 skip_fusion</translation>
    </message>
    <message>
        <source>all {count} offset_d values lie in INT4&apos;s range [-8, 7] ({at_min} at -8, its minimum) but no layer sets act_type, so AMCT reads them as INT8 and the clip ranges shown assume INT8; if this record is INT4, set act_type: &quot;INT4&quot;</source>
        <translation>全部 {count} 个 offset_d 都在 INT4 的范围 [-8, 7] 内（{at_min} 个为最小值 -8），但没有层设置 act_type，因此 AMCT 按 INT8 读取它们，显示的截断范围也按 INT8；如果这是 INT4 的记录，请设置 act_type: &quot;INT4&quot;</translation>
    </message>
    <message>
        <source>the key is missing; AMCT stops with &apos;Cannot find &quot;key&quot; in record file&apos;</source>
        <translation>缺少 key；AMCT 报错停止：&apos;Cannot find &quot;key&quot; in record file&apos;</translation>
    </message>
    <message>
        <source>the key is empty; it matches no layer</source>
        <translation>key 为空，匹配不到任何层</translation>
    </message>
    <message>
        <source>leading or trailing whitespace and a line break or tab inside</source>
        <translation>首尾空白字符，且中间有换行或制表符</translation>
    </message>
    <message>
        <source>leading or trailing whitespace</source>
        <translation>首尾空白字符</translation>
    </message>
    <message>
        <source>a line break or tab inside</source>
        <translation>中间有换行或制表符</translation>
    </message>
    <message>
        <source>the key has {what}, so it never matches a layer name (did you mean {key}?)</source>
        <translation>key 含有{what}，因此永远匹配不到层名（是否想写 {key}？）</translation>
    </message>
    <message>
        <source>{node} name {name} has {what}, so it never matches a node (did you mean {fixed}?)</source>
        <translation>{node} 的名称 {name} 含有{what}，因此永远匹配不到节点（是否想写 {fixed}？）</translation>
    </message>
    <message>
        <source>the key appears again (first at record {first}); AMCT uses one entry per key and drops the others without a word: the first where it looks a layer up, the last where parse_quant reads the whole file</source>
        <translation>该 key 再次出现（首次在记录 {first}）；每个 key AMCT 只用其中一条记录，其余的静默丢弃：按层查找时用第一条，parse_quant 读取整个文件时用最后一条</translation>
    </message>
    <message>
        <source>the key appears again, a {nth} time (first at record {first}); AMCT uses one entry per key and drops the others without a word: the first where it looks a layer up, the last where parse_quant reads the whole file</source>
        <translation>该 key 再次出现，{nth}（首次在记录 {first}）；每个 key AMCT 只用其中一条记录，其余的静默丢弃：按层查找时用第一条，parse_quant 读取整个文件时用最后一条</translation>
    </message>
    <message>
        <source>the entry has no value {{ }} block; AMCT stops with &quot;cannot find &apos;value&apos;&quot;</source>
        <translation>该记录没有 value {{ }} 块；AMCT 报错停止：&quot;cannot find &apos;value&apos;&quot;</translation>
    </message>
    <message>
        <source>the entry has no quantization factors; AMCT skips this layer</source>
        <translation>该记录没有量化因子；AMCT 跳过该层</translation>
    </message>
    <message>
        <source>{field} is missing; a layer with any factor needs scale_d and offset_d (AMCT: &apos;cannot find {field} of layer …, please check data calibration process&apos;)</source>
        <translation>缺少 {field}；有任一量化因子的层都需要 scale_d 和 offset_d（AMCT：&apos;cannot find {field} of layer …, please check data calibration process&apos;）</translation>
    </message>
    <message>
        <source>{field} is missing; a layer with weights needs scale_w and offset_w (AMCT: &apos;cannot find {field} of layer …&apos;){note}</source>
        <translation>缺少 {field}；有权重的层需要 scale_w 和 offset_w（AMCT：&apos;cannot find {field} of layer …&apos;）{note}</translation>
    </message>
    <message>
        <source>{field} is missing; AMCT PyTorch writes scale_w: 1.0 and offset_w: 0 for an AveragePool and stops without them (&apos;cannot find {field} of layer …&apos;){note}</source>
        <translation>缺少 {field}；AMCT PyTorch 为 AveragePool 写入 scale_w: 1.0 和 offset_w: 0，缺少时会停止（&apos;cannot find {field} of layer …&apos;）{note}</translation>
    </message>
    <message>
        <source>{field} is missing; RNN factors come as a set: scale_h, offset_h, scale_r, offset_r</source>
        <translation>缺少 {field}；RNN 的量化因子须成套给出：scale_h、offset_h、scale_r、offset_r</translation>
    </message>
    <message>
        <source>{field} is missing; AMCT quantizes an {type} with scale_h, offset_h, scale_r and offset_r too (AMCT: &apos;cannot find {field} of layer …&apos;){note}</source>
        <translation>缺少 {field}；AMCT 量化 {type} 时还需要 scale_h、offset_h、scale_r 和 offset_r（AMCT：&apos;cannot find {field} of layer …&apos;）{note}</translation>
    </message>
    <message>
        <source>dst_type INT4 is not supported for AvgPool (AMCT: &apos;AvgPool in INT4 not supported&apos;){note}</source>
        <translation>AvgPool 不支持 dst_type INT4（AMCT：&apos;AvgPool in INT4 not supported&apos;）{note}</translation>
    </message>
    <message>
        <source>scale_w is {values}, but AMCT PyTorch writes scale_w: 1.0 for an AveragePool, which has no weights{note}</source>
        <translation>scale_w 为 {values}，但 AveragePool 没有权重，AMCT PyTorch 为它写入的是 scale_w: 1.0{note}</translation>
    </message>
    <message>
        <source>tensor_balance_factor is set, but AvgPool has no weights to balance (AMCT stops with &apos;tensor_balance_factor is not support, please delete tensor_balance_factor&apos;){note}</source>
        <translation>设置了 tensor_balance_factor，但 AvgPool 没有需要均衡的权重（AMCT 会停止：&apos;tensor_balance_factor is not support, please delete tensor_balance_factor&apos;）{note}</translation>
    </message>
    <message>
        <source>{field} is set, but AvgPool has no weights (AMCT stops with &apos;find undesirable {field}&apos;){note}</source>
        <translation>设置了 {field}，但 AvgPool 没有权重（AMCT 报错停止：&apos;find undesirable {field}&apos;）{note}</translation>
    </message>
    <message>
        <source>{field} is set, but a &apos;layer:input_index&apos; key quantizes an input tensor and takes activation factors only (AMCT: &apos;find undesirable {field}&apos;)</source>
        <translation>设置了 {field}，但 &apos;layer:input_index&apos; 形式的 key 量化的是输入张量，只能有激活量化因子（AMCT：&apos;find undesirable {field}&apos;）</translation>
    </message>
    <message>
        <source>{field} is missing; AMCT Caffe cannot infer shapes and needs the layer&apos;s input shape (channels, height, width) on every quantized layer</source>
        <translation>缺少 {field}；AMCT Caffe 无法推断形状，每个量化层都需要该层的输入形状（channels、height、width）</translation>
    </message>
    <message>
        <source>{field} = 0 is not a valid input shape; channels, height and width must each be ≥ 1</source>
        <translation>{field} = 0 不是有效的输入形状；channels、height 和 width 都必须 ≥ 1</translation>
    </message>
    <message>
        <source>shift_bit is set, and AMCT Caffe&apos;s documentation contradicts itself about it: its field table says shift_bit is reserved for convert_model, not supported and not to be configured, while its record section says a quantized layer&apos;s config needs shift_bit among its fields, and its example sets it; which of the two applies is not documented, so this is a note, not a warning</source>
        <translation>设置了 shift_bit，而 AMCT Caffe 的文档对它的说法自相矛盾：字段表称 shift_bit 是 convert_model 的预留字段，不支持、不要配置；记录文件一节却称量化层的配置需要 shift_bit，示例中也设置了它；文档未说明以哪个为准，因此这只是提示，不是警告</translation>
    </message>
    <message>
        <source>shift_bit is reserved for convert_model and not supported; remove it (AMCT may stop with &apos;shift_bit is not support&apos;)</source>
        <translation>shift_bit 是 convert_model 的预留字段，不支持；请删除它（AMCT 可能报错停止：&apos;shift_bit is not support&apos;）</translation>
    </message>
    <message>
        <source>cluster (NUQ centres) is documented as not supported</source>
        <translation>文档标明不支持 cluster（非均匀量化的聚类中心）</translation>
    </message>
    <message>
        <source>shift_bit is set, and AMCT PyTorch refuses it: &quot;shift_bit is not support, please delete shift_bit of layer {key} in record_file&quot;</source>
        <translation>配置了 shift_bit，AMCT PyTorch 不支持该字段，会报错：&quot;shift_bit is not support, please delete shift_bit of layer {key} in record_file&quot;</translation>
    </message>
    <message>
        <source>kv_cache_value has no {name}; AMCT stops with &apos;Cannot find {name} of layer&apos;</source>
        <translation>kv_cache_value 没有 {name}；AMCT 报错停止：&apos;Cannot find {name} of layer&apos;</translation>
    </message>
    <message>
        <source>kv_cache_value has {scales} scale but {offsets} offset values; they must be the same length</source>
        <translation>kv_cache_value 有 {scales} 个 scale 值，却有 {offsets} 个 offset 值；二者长度必须相同</translation>
    </message>
    <message>
        <source>must be finite and &gt; 0</source>
        <translation>必须是有限值且 &gt; 0</translation>
    </message>
    <message>
        <source>are not finite and &gt; 0</source>
        <translation>不是有限值或不 &gt; 0</translation>
    </message>
    <message>
        <source>is outside [-128, 127] (KV cache is INT8)</source>
        <translation>超出 [-128, 127]（KV cache 为 INT8）</translation>
    </message>
    <message>
        <source>are outside [-128, 127] (KV cache is INT8)</source>
        <translation>超出 [-128, 127]（KV cache 为 INT8）</translation>
    </message>
    <message>
        <source>; did you mean {name}? That layer has no record</source>
        <translation>；是否想写 {name}？该层没有记录</translation>
    </message>
    <message>
        <source>; the closest layer names are {names}</source>
        <translation>；最接近的层名为 {names}</translation>
    </message>
    <message>
        <source>the model {model} has no layer {key}{hint} (AMCT stops with &apos;find {raw_key} failure in {model}. Please match {model} and the record&apos;)</source>
        <translation>模型 {model} 中没有层 {key}{hint}（AMCT 报错停止：&apos;find {raw_key} failure in {model}. Please match {model} and the record&apos;）</translation>
    </message>
    <message>
        <source>the key quantizes input {index} of {name}, but the model&apos;s {type} has {count} input</source>
        <translation>key 量化 {name} 的第 {index} 个输入，但模型中的 {type} 只有 {count} 个输入</translation>
    </message>
    <message>
        <source>the key quantizes input {index} of {name}, but the model&apos;s {type} has {count} inputs</source>
        <translation>key 量化 {name} 的第 {index} 个输入，但模型中的 {type} 只有 {count} 个输入</translation>
    </message>
    <message>
        <source>the model&apos;s {name} is a {type}: {why}</source>
        <translation>模型中的 {name} 是 {type}：{why}</translation>
    </message>
    <message>
        <source>AMCT quantizes no {type} layer of a {framework} model</source>
        <translation>AMCT 不量化 {framework} 模型中的 {type} 层</translation>
    </message>
    <message>
        <source>the model&apos;s {name} is a {type}: {why} (AMCT stops with &apos;layer {raw_name} cannot be quantized&apos;)</source>
        <translation>模型中的 {name} 是 {type}：{why}（AMCT 报错停止：&apos;layer {raw_name} cannot be quantized&apos;）</translation>
    </message>
    <message>
        <source>{field} is set, but the model&apos;s {type} has no weights AMCT quantizes (AMCT stops with &apos;find undesirable {field}&apos;)</source>
        <translation>设置了 {field}，但模型中的 {type} 没有 AMCT 要量化的权重（AMCT 报错停止：&apos;find undesirable {field}&apos;）</translation>
    </message>
    <message>
        <source>one per output channel</source>
        <translation>每个输出通道一个</translation>
    </message>
    <message>
        <source>one value, per tensor</source>
        <translation>一个值，逐张量</translation>
    </message>
    <message>
        <source>{field} has {count} value, but the model&apos;s {name} ({layer}) takes {expected} ({per}) — AMCT stops with &quot;{amct}&quot;</source>
        <translation>{field} 有 {count} 个值，但模型中的 {name}（{layer}）需要 {expected} 个（{per}）— AMCT 报错停止：&quot;{amct}&quot;</translation>
    </message>
    <message>
        <source>{field} has {count} values, but the model&apos;s {name} ({layer}) takes {expected} ({per}) — AMCT stops with &quot;{amct}&quot;</source>
        <translation>{field} 有 {count} 个值，但模型中的 {name}（{layer}）需要 {expected} 个（{per}）— AMCT 报错停止：&quot;{amct}&quot;</translation>
    </message>
    <message>
        <source>tensor_balance_factor has {count} values, but the model&apos;s {name} ({layer}) has {channels} input channels — AMCT stops with &quot;{amct}&quot;</source>
        <translation>tensor_balance_factor 有 {count} 个值，但模型中的 {name}（{layer}）有 {channels} 个输入通道 — AMCT 报错停止：&quot;{amct}&quot;</translation>
    </message>
    <message>
        <source>{field} {value} (the model: {model})</source>
        <translation>{field} 为 {value}（模型：{model}）</translation>
    </message>
    <message>
        <source>{detail}: channels×height×width is {shape}, but the model&apos;s input to {name} ({type}) is {model}</source>
        <translation>{detail}：channels×height×width 为 {shape}，但模型中 {name}（{type}）的输入为 {model}</translation>
    </message>
    <message>
        <source>{count} layer of the model {model} that AMCT quantizes has no record and stays float: {layers}</source>
        <translation>模型 {model} 中有 {count} 个 AMCT 会量化的层没有记录，保持浮点：{layers}</translation>
    </message>
    <message>
        <source>{count} layers of the model {model} that AMCT quantizes have no record and stay float: {layers}</source>
        <translation>模型 {model} 中有 {count} 个 AMCT 会量化的层没有记录，保持浮点：{layers}</translation>
    </message>
    <message>
        <source>scale_w is not compared with the weights: {reason}</source>
        <translation>未将 scale_w 与权重比较：{reason}</translation>
    </message>
    <message>
        <source>scale_w clips the weights{where}: {name} = {value} is {ratio}× the {arq} AMCT&apos;s ARQ gives from the weights (largest |w| {largest})</source>
        <translation>scale_w 截断了权重{where}：{name} = {value}，是 AMCT 的 ARQ 由权重算出的 {arq} 的 {ratio} 倍（最大 |w| 为 {largest}）</translation>
    </message>
    <message>
        <source>scale_w wastes levels{where}: {name} = {value} is {ratio}× the {arq} AMCT&apos;s ARQ gives from the weights (largest |w| {largest})</source>
        <translation>scale_w 浪费了量化级{where}：{name} = {value}，是 AMCT 的 ARQ 由权重算出的 {arq} 的 {ratio} 倍（最大 |w| 为 {largest}）</translation>
    </message>
    <message>
        <source> in {count} of {total} channels ({channels})</source>
        <translation>，在 {total} 个通道中的 {count} 个（{channels}）</translation>
    </message>
    <message>
        <source>INT{bits}</source>
        <translation>INT{bits}</translation>
    </message>
    <message>
        <source>, {fusions} folded</source>
        <translation>，已融合 {fusions}</translation>
    </message>
    <message>
        <source>, tensor_balance_factor applied</source>
        <translation>，已乘以 tensor_balance_factor</translation>
    </message>
    <message>
        <source>{findings} ({how})</source>
        <translation>{findings}（{how}）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>; did you mean {name}?</source>
        <translation>；是否想写 {name}？</translation>
    </message>
    <message>
        <source>{node}: the model {model} has no node {name}{hint} (AMCT stops with &apos;find {raw_name} failure in {model}&apos;)</source>
        <translation>{node}：模型 {model} 中没有节点 {name}{hint}（AMCT 报错停止：&apos;find {raw_name} failure in {model}&apos;）</translation>
    </message>
    <message>
        <source>{node} {name}: [begin, end) = [{begin}, {end}) runs past the {count} output channels of the model&apos;s {type}</source>
        <translation>{node} {name}：[begin, end) = [{begin}, {end}) 超出了模型中 {type} 的 {count} 个输出通道</translation>
    </message>
    <message>
        <source>{node} {name}: [begin, end) = [{begin}, {end}) runs past the {count} input channels of the model&apos;s {type}</source>
        <translation>{node} {name}：[begin, end) = [{begin}, {end}) 超出了模型中 {type} 的 {count} 个输入通道</translation>
    </message>
    <message>
        <source>not finite or ≤ 0</source>
        <translation>非有限值或 ≤ 0</translation>
    </message>
    <message>
        <source>below FLT_EPSILON</source>
        <translation>小于 FLT_EPSILON</translation>
    </message>
    <message>
        <source>{times}× below</source>
        <translation>低于下界 {times} 倍</translation>
    </message>
    <message>
        <source>{times}× above</source>
        <translation>高于上界 {times} 倍</translation>
    </message>
    <message>
        <source>fence [{lo}, {hi}]: Q1 − {k}·IQR, Q3 + {k}·IQR of log10</source>
        <translation>界限 [{lo}, {hi}]：log10 的 Q1 − {k}·IQR、Q3 + {k}·IQR</translation>
    </message>
    <message>
        <source>{name} = {value} is an outlier: {how}</source>
        <translation>{name} = {value} 是离群值：{how}</translation>
    </message>
    <message>
        <source> the {fence} over {count} values</source>
        <translation>，{count} 个值的{fence}</translation>
    </message>
    <message>
        <source>{name} = {value} ({how})</source>
        <translation>{name} = {value}（{how}）</translation>
    </message>
    <message>
        <source>{count} of {total} {name} values are outliers{where}: {listed}</source>
        <translation>{total} 个 {name} 值中有 {count} 个离群值{where}：{listed}</translation>
    </message>
    <message>
        <source>fence</source>
        <translation>界限</translation>
    </message>
    <message>
        <source>fence [{lo}, {hi}] at k = {k}</source>
        <translation>界限 [{lo}, {hi}]，k = {k}</translation>
    </message>
    <message>
        <source>{count} mild, the farthest {name} ({how})</source>
        <translation>{count} 个轻微，最远的是 {name}（{how}）</translation>
    </message>
    <message>
        <source>{count} of {total} {name} values are mild outliers (&lt; {fence}× beyond the {where}), the farthest {channel} ({how}); --verbose lists them</source>
        <translation>{total} 个 {name} 值中有 {count} 个是轻微离群值（超出{where} &lt; {fence}×），最远的是 {channel}（{how}）；--verbose 会全部列出</translation>
    </message>
    <message>
        <source>{count} of {total} {name} values are mild outliers (&lt; {fence}× beyond the {where}), the farthest {channel} ({how})</source>
        <translation>{total} 个 {name} 值中有 {count} 个是轻微离群值（超出{where} &lt; {fence}×），最远的是 {channel}（{how}）</translation>
    </message>
    <message>
        <source>{count} of {total} {name} values are outliers, {strong} of them strong (≥ {fence}× beyond the {where})</source>
        <translation>{total} 个 {name} 值中有 {count} 个是离群值，其中 {strong} 个为强离群值（超出{where} ≥ {fence}×）</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>{node} has no name; PruneNode.name is required (the record cannot be saved as binary, and AMCT cannot match the node)</source>
        <translation>{node} 没有名称；PruneNode.name 为必填（记录无法保存为二进制，AMCT 也无法匹配该节点）</translation>
    </message>
    <message>
        <source>{node} has an empty name; it matches no node</source>
        <translation>{node} 的名称为空，匹配不到任何节点</translation>
    </message>
    <message>
        <source>{attr} has no name</source>
        <translation>{attr} 没有名称</translation>
    </message>
    <message>
        <source>{node} has attr {name} twice (attr[{first}] and attr[{again}]); readers take the first</source>
        <translation>{node} 的 attr {name} 出现了两次（attr[{first}] 和 attr[{again}]）；读取时取第一个</translation>
    </message>
    <message>
        <source>{attr} has no type ({fields} set)</source>
        <translation>{attr} 没有类型（设置了 {fields}）</translation>
    </message>
    <message>
        <source>{attr} has no type</source>
        <translation>{attr} 没有类型</translation>
    </message>
    <message>
        <source>{attr} has type {type} but sets {fields}; {a_type} attr carries its value in {expected}</source>
        <translation>{attr} 的类型为 {type}，却设置了 {fields}；{a_type} 类型的 attr 的值在 {expected} 中</translation>
    </message>
    <message>
        <source>{attr} has type {type} but no {expected} value (it reads as empty/0)</source>
        <translation>{attr} 的类型为 {type}，但没有 {expected} 值（读作空或 0）</translation>
    </message>
    <message>
        <source>{attr} must have type {usual}, not {type} (AMCT reads .{field})</source>
        <translation>{attr} 的类型必须是 {usual}，而不是 {type}（AMCT 读取 .{field}）</translation>
    </message>
    <message>
        <source>{node} has no begin and no end attribute; a {role} needs its channel range [begin, end)</source>
        <translation>{node} 既没有 begin 也没有 end 属性；{role} 需要其通道范围 [begin, end)</translation>
    </message>
    <message>
        <source>{node} has no {attr} attribute; a {role} needs its channel range [begin, end)</source>
        <translation>{node} 没有 {attr} 属性；{role} 需要其通道范围 [begin, end)</translation>
    </message>
    <message>
        <source>{node}: begin = {value} must be ≥ 0</source>
        <translation>{node}：begin = {value}，必须 ≥ 0</translation>
    </message>
    <message>
        <source>{node}: end = {value} must be ≥ 0</source>
        <translation>{node}：end = {value}，必须 ≥ 0</translation>
    </message>
    <message>
        <source>{node}: begin = {begin} is not below end = {end}; the channel range [begin, end) is empty or inverted</source>
        <translation>{node}：begin = {begin} 不小于 end = {end}；通道范围 [begin, end) 为空或颠倒</translation>
    </message>
    <message>
        <source>{node}: prune_index {values} outside the channel range [{begin}, {end})</source>
        <translation>{node}：prune_index {values} 在通道范围 [{begin}, {end}) 之外</translation>
    </message>
    <message>
        <source>{channel} ({count} times)</source>
        <translation>{channel}（{count} 次）</translation>
    </message>
    <message>
        <source>{node}: prune_index lists channels {channels} more than once; each pruned channel is listed once</source>
        <translation>{node}：prune_index 多次列出通道 {channels}；每个被稀疏的通道只应列出一次</translation>
    </message>
    <message>
        <source>{node}: prune_index lists channel {channels} more than once; each pruned channel is listed once</source>
        <translation>{node}：prune_index 多次列出通道 {channels}；每个被稀疏的通道只应列出一次</translation>
    </message>
    <message>
        <source>has consumers but no producer; nothing decides which channels they lose</source>
        <translation>有 consumer 却没有 producer；无从确定它们失去哪些通道</translation>
    </message>
    <message>
        <source>{role} {name} covers [{begin}, {end}) ({count} channels) but producer {producer} covers [{producer_begin}, {producer_end}) ({width}); every node of a prune record must have the same width</source>
        <translation>{role} {name} 覆盖 [{begin}, {end})（{count} 个通道），但 producer {producer} 覆盖 [{producer_begin}, {producer_end})（{width}）；稀疏记录的每个节点宽度必须相同</translation>
    </message>
    <message>
        <source>{role} {name} prunes other channels (prune_index, relative to begin) than producer {producer}</source>
        <translation>{role} {name} 稀疏的通道（prune_index，相对于 begin）与 producer {producer} 不同</translation>
    </message>
    <message>
        <source>{field} = {name} names no prune {role} in this file</source>
        <translation>{field} = {name}，文件中没有这个稀疏 {role}</translation>
    </message>
    <message>
        <source>producer</source>
        <translation>producer</translation>
    </message>
    <message>
        <source>consumer</source>
        <translation>consumer</translation>
    </message>
    <message>
        <source>scale_w has {count} values but its prune records give it output channels {ranges}: expected {full} (or {left} once the {pruned} pruned channels are removed)</source>
        <translation>scale_w 有 {count} 个值，但其稀疏记录给出的输出通道为 {ranges}：应为 {full} 个（或去掉 {pruned} 个被稀疏的通道后为 {left} 个）</translation>
    </message>
    <message>
        <source>scale_w has {count} values but its prune records give it output channels {ranges}: expected {full}</source>
        <translation>scale_w 有 {count} 个值，但其稀疏记录给出的输出通道为 {ranges}：应为 {full} 个</translation>
    </message>
    <message>
        <source>tensor_balance_factor has {count} values but its prune records give it input channels {ranges}: expected at least {full} (or {left} after pruning)</source>
        <translation>tensor_balance_factor 有 {count} 个值，但其稀疏记录给出的输入通道为 {ranges}：应至少为 {full} 个（或稀疏后为 {left} 个）</translation>
    </message>
    <message>
        <source>tensor_balance_factor has {count} values but its prune records give it input channels {ranges}: expected at least {full}</source>
        <translation>tensor_balance_factor 有 {count} 个值，但其稀疏记录给出的输入通道为 {ranges}：应至少为 {full} 个</translation>
    </message>
    <message>
        <source>{name} = {value} must be finite and &gt; 0</source>
        <translation>{name} = {value}，必须是有限值且 &gt; 0</translation>
    </message>
    <message>
        <source>scale_d = {value} is below FLT_EPSILON ({eps}); AMCT replaces it with 1.0 — the calibration saw (nearly) constant activations</source>
        <translation>scale_d = {value} 小于 FLT_EPSILON（{eps}）；AMCT 将其替换为 1.0 — 校准时激活值（几乎）恒定</translation>
    </message>
    <message>
        <source>{name} = {value} is outside [{lo}, {hi}] ({act})</source>
        <translation>{name} = {value} 超出 [{lo}, {hi}]（{act}）</translation>
    </message>
    <message>
        <source>{name} = {value} is outside [{lo}, {hi}], the range of act_type {act}; AMCT accepts it (it checks the INT8 range) but the clip range is off</source>
        <translation>{name} = {value} 超出 act_type {act} 的范围 [{lo}, {hi}]；AMCT 接受它（只检查 INT8 范围），但截断范围有误</translation>
    </message>
    <message>
        <source>must be 0 (AMCT supports no weight offset)</source>
        <translation>必须为 0（AMCT 不支持权重偏移）</translation>
    </message>
    <message>
        <source>are not 0 (AMCT supports no weight offset)</source>
        <translation>不为 0（AMCT 不支持权重偏移）</translation>
    </message>
    <message>
        <source>{name} has {count} values but {base} has {base_count}; they must be the same length (one per channel, or one for the whole layer)</source>
        <translation>{name} 有 {count} 个值，但 {base} 有 {base_count} 个；二者长度必须相同（每个通道一个，或整层一个）</translation>
    </message>
    <message>
        <source>scale_w has {count} values (per-channel), but AMCT quantizes a {type} layer of this model per tensor: it takes one scale_w{note}</source>
        <translation>scale_w 有 {count} 个值（逐通道），但 AMCT 对该模型的 {type} 层逐张量量化：只需一个 scale_w{note}</translation>
    </message>
    <message>
        <source>scale_w has {count} values (per-channel), but per-channel quantization is only for {types}; a {type} layer takes one scale_w{note}</source>
        <translation>scale_w 有 {count} 个值（逐通道），但逐通道量化只适用于 {types}；{type} 层只需一个 scale_w{note}</translation>
    </message>
    <message>
        <source>breaks the rule: all 0, or each in [1, 16]</source>
        <translation>违反规则：应全为 0，或每个都在 [1, 16] 内</translation>
    </message>
    <message>
        <source>break the rule: all 0, or each in [1, 16]</source>
        <translation>违反规则：应全为 0，或每个都在 [1, 16] 内</translation>
    </message>
    <message>
        <source>cluster has {count} values; AMCT wants 16 or 32 cluster centres</source>
        <translation>cluster 有 {count} 个值；AMCT 需要 16 或 32 个聚类中心</translation>
    </message>
    <message>
        <source>is outside [-128, 127]</source>
        <translation>超出 [-128, 127]</translation>
    </message>
    <message>
        <source>are outside [-128, 127]</source>
        <translation>超出 [-128, 127]</translation>
    </message>
    <message>
        <source>{name} = {value} is not one of {allowed}; AMCT stops with &apos;Do not support {name} …&apos;</source>
        <translation>{name} = {value} 不是 {allowed} 之一；AMCT 报错停止：&apos;Do not support {name} …&apos;</translation>
    </message>
    <message>
        <source>act_type = {value}: the documentation says only INT8 activation quantization is supported today</source>
        <translation>act_type = {value}：文档称目前只支持 INT8 激活量化</translation>
    </message>
    <message>
        <source>wts_type = {value}: convert_model documents only INT8 weights</source>
        <translation>wts_type = {value}：convert_model 的文档只支持 INT8 权重</translation>
    </message>
    <message>
        <source>is outside [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]</source>
        <translation>超出 [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]</translation>
    </message>
    <message>
        <source>are outside [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]</source>
        <translation>超出 [FLT_EPSILON, 1/FLT_EPSILON] = [{lo}, {hi}]</translation>
    </message>
    <message>
        <source>unknown rule id(s): {unknown}; known: {known}</source>
        <translation>未知的规则 ID：{unknown}；已知规则：{known}</translation>
    </message>
    <message>
        <source>{label}: {message}</source>
        <translation>{label}：{message}</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>this prune record</source>
        <translation>此稀疏记录</translation>
    </message>
    <message>
        <source>layer {key}</source>
        <translation>层 {key}</translation>
    </message>
    <message>
        <source>record {index} (no key)</source>
        <translation>记录 {index}（无 key）</translation>
    </message>
    <message>
        <source>Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput</source>
        <translation>Conv2D、DepthwiseConv2dNative 和 Conv2DBackpropInput</translation>
    </message>
    <message>
        <source>Convolution and Deconvolution</source>
        <translation>Convolution 和 Deconvolution</translation>
    </message>
    <message>
        <source>Conv and ConvTranspose</source>
        <translation>Conv 和 ConvTranspose</translation>
    </message>
    <message>
        <source>convolutions and Linear</source>
        <translation>卷积和 Linear</translation>
    </message>
    <message>
        <source> (type {type} from the model)</source>
        <translation>（类型 {type} 来自模型）</translation>
    </message>
    <message>
        <source> (type {type} from its prune record)</source>
        <translation>（类型 {type} 来自其稀疏记录）</translation>
    </message>
    <message>
        <source> (layer type {type} guessed from its name)</source>
        <translation>（层类型 {type} 由层名推测）</translation>
    </message>
    <message>
        <source>fully-connected</source>
        <translation>全连接</translation>
    </message>
    <message>
        <source>convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <source>this record (no key)</source>
        <translation>此记录（无 key）</translation>
    </message>
    <message>
        <source>a finite number &gt; 0, such as 0.0235 or 1e-3</source>
        <translation>大于 0 的有限数，例如 0.0235 或 1e-3</translation>
    </message>
    <message>
        <source>0 (AMCT supports no weight offset)</source>
        <translation>0（AMCT 不支持权重偏移）</translation>
    </message>
    <message>
        <source>a whole number from 1 to 16, or 0 when every shift_bit of the layer is 0</source>
        <translation>1 到 16 的整数，或在该层所有 shift_bit 都为 0 时为 0</translation>
    </message>
    <message>
        <source>a whole number from -128 to 127</source>
        <translation>-128 到 127 的整数</translation>
    </message>
    <message>
        <source>a number from {lo} to {hi} (FLT_EPSILON to 1/FLT_EPSILON)</source>
        <translation>{lo} 到 {hi} 的数（FLT_EPSILON 到 1/FLT_EPSILON）</translation>
    </message>
    <message>
        <source>a whole number from {lo} to {hi} ({act})</source>
        <translation>{lo} 到 {hi} 的整数（{act}）</translation>
    </message>
    <message>
        <source>one of {values}</source>
        <translation>{values} 之一</translation>
    </message>
    <message>
        <source>this layer</source>
        <translation>此层</translation>
    </message>
    <message>
        <source>{label}: the key {key} is already used by record {index}; AMCT would use only the first</source>
        <translation>{label}：key {key} 已被记录 {index} 使用；AMCT 只会使用第一个</translation>
    </message>
    <message>
        <source>{label}: {field} cannot be {value}: {reason}</source>
        <translation>{label}：{field} 不能为 {value}：{reason}</translation>
    </message>
</context>
<context>
    <name>saving</name>
    <message>
        <source>{reason}; nothing was saved</source>
        <translation>{reason}；没有保存任何内容</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>the file on disk is unchanged</source>
        <translation>磁盘上的文件未作改动</translation>
    </message>
    <message>
        <source>could not save: {reason}</source>
        <translation>无法保存：{reason}</translation>
    </message>
    <message>
        <source>cannot be opened for writing, which saving it in place needs; nothing was saved</source>
        <translation>无法以写入方式打开，而原地保存需要这样做；没有保存任何内容</translation>
    </message>
    <message>
        <source>could not save: {reason}; {unchanged}</source>
        <translation>无法保存：{reason}；{unchanged}</translation>
    </message>
    <message>
        <source>is a directory; choose a file name to save to</source>
        <translation>是一个文件夹；请选择要保存到的文件名</translation>
    </message>
    <message>
        <source>is not a regular file (a pipe or a device); choose a file name to save to</source>
        <translation>不是普通文件（是管道或设备）；请选择要保存到的文件名</translation>
    </message>
    <message>
        <source>is read-only (mode {mode})</source>
        <translation>是只读文件（权限 {mode}）</translation>
    </message>
    <message>
        <source>could not save: cannot create a file in {folder}: {reason}</source>
        <translation>无法保存：无法在 {folder} 中创建文件：{reason}</translation>
    </message>
    <message>
        <source>could not save ({reason}); {unchanged}</source>
        <translation>无法保存（{reason}）；{unchanged}</translation>
    </message>
    <message>
        <source>has {links} hard links and this user may not write into it; replacing it would cut the other links off, so nothing was saved</source>
        <translation>有 {links} 个硬链接，且当前用户无权写入该文件；替换它会切断其他链接，因此没有保存任何内容</translation>
    </message>
    <message>
        <source>was deleted or renamed since it was read; nothing was saved</source>
        <translation>读取之后已被删除或重命名；没有保存任何内容</translation>
    </message>
    <message>
        <source>changed on disk since it was read (another program saved it meanwhile); nothing was saved</source>
        <translation>读取之后磁盘上的文件已改变（期间另一个程序保存了它）；没有保存任何内容</translation>
    </message>
    <message>
        <source>another program has been saving it for over {seconds} s (it holds the file&apos;s lock)</source>
        <translation>另一个程序保存它已超过 {seconds} 秒（它持有该文件的锁）</translation>
    </message>
    <message>
        <source>could not save ({reason}), and putting the file back as it was failed too ({again}): it may be damaged. Its new content is kept in {journal}; the next open or save of the file finishes the save</source>
        <translation>无法保存（{reason}），恢复文件原状也失败了（{again}）：文件可能已损坏。它的新内容保存在 {journal} 中；下次打开或保存该文件时会完成这次保存</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted; its new content is in {journal}, which cannot be opened ({reason}); the file may be damaged</source>
        <translation>此文件先前的一次保存被中断；它的新内容在 {journal} 中，但该文件无法打开（{reason}）；文件可能已损坏</translation>
    </message>
    <message>
        <source>{journal} is named like what an interrupted save leaves but is not one; moved to {aside}</source>
        <translation>{journal} 的名字像是中断的保存留下的文件，但它不是；已移到 {aside}</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted, and what it kept fails its checksum (did the disk lose data?); the file was left as it is and may be damaged; what was kept is in {aside}</source>
        <translation>此文件先前的一次保存被中断，而它保留的内容未通过校验（磁盘丢失了数据？）；文件保持原样，可能已损坏；保留的内容在 {aside} 中</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted, and this user cannot write the file to finish it; it may be damaged; the new content is in {journal}</source>
        <translation>此文件先前的一次保存被中断，而当前用户无权写入该文件以完成保存；文件可能已损坏；新内容在 {journal} 中</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted, and the file was replaced or removed since; the content that save was writing is kept as {aside}</source>
        <translation>此文件先前的一次保存被中断，之后文件被替换或删除；那次保存要写入的内容保存为 {aside}</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted, and another program changed the file since; it was left as it is, and the content that save was writing is kept as {aside}</source>
        <translation>此文件先前的一次保存被中断，之后另一个程序修改了该文件；文件保持原样，那次保存要写入的内容保存为 {aside}</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted and could not be finished ({reason}); the file may be damaged; its new content is in {journal}</source>
        <translation>此文件先前的一次保存被中断，且无法完成（{reason}）；文件可能已损坏；它的新内容在 {journal} 中</translation>
    </message>
    <message>
        <source>an earlier save of this file was interrupted while it wrote the file in place; it was finished now (the file holds that save&apos;s content)</source>
        <translation>此文件先前的一次保存在原地写入文件时被中断；现已完成（文件内容为那次保存的内容）</translation>
    </message>
</context>
<context>
    <name>severity</name>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>scale_w/ARQ</source>
        <translation>scale_w/ARQ</translation>
    </message>
    <message>
        <source>weight SQNR</source>
        <translation>权重SQNR</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>source</name>
    <message>
        <source>The file is {size:,} bytes and line {line:,} alone {long:,}: only {shown:,} bytes of it, around column {column:,}, are shown.</source>
        <translation>文件共 {size:,} 字节，仅第 {line:,} 行就有 {long:,} 字节：只显示其中第 {column:,} 列附近的 {shown:,} 字节。</translation>
    </message>
    <message>
        <source>The file is {size:,} bytes: only lines {first:,}–{last:,} are shown.</source>
        <translation>文件共 {size:,} 字节：只显示第 {first:,}–{last:,} 行。</translation>
    </message>
    <message>
        <source>1 line longer than {limit:,} bytes is cut (…).</source>
        <translation>1 行超过 {limit:,} 字节，已截断（…）。</translation>
    </message>
    <message>
        <source>{count:,} lines longer than {limit:,} bytes are cut (…).</source>
        <translation>{count:,} 行超过 {limit:,} 字节，已截断（…）。</translation>
    </message>
    <message>
        <source>Line {line:,} is not in the file (it has {lines:,} lines).</source>
        <translation>文件中没有第 {line:,} 行（文件共 {lines:,} 行）。</translation>
    </message>
    <message>
        <source>Only the first {mb} MB of this entry&apos;s text are shown.</source>
        <translation>只显示该条目文本的前 {mb} MB。</translation>
    </message>
    <message>
        <source>A binary record has no text: this entry is shown as text format would write it.</source>
        <translation>二进制记录文件没有文本：此条目按文本格式写出的样子显示。</translation>
    </message>
    <message>
        <source>Not saved yet: this entry is shown as it would be written.</source>
        <translation>尚未保存：此条目按将要写出的样子显示。</translation>
    </message>
    <message>
        <source>Edited since the file was read: this entry is shown as it would be written now.</source>
        <translation>读取文件后已修改：此条目按现在将要写出的样子显示。</translation>
    </message>
</context>
<context>
    <name>summaries</name>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>{n} entry</source>
        <translation>{n} 个条目</translation>
    </message>
    <message>
        <source>{n} entries</source>
        <translation>{n} 个条目</translation>
    </message>
    <message>
        <source>1 value: {value}</source>
        <translation>1 个值：{value}</translation>
    </message>
    <message>
        <source>{n} values</source>
        <translation>{n} 个值</translation>
    </message>
    <message>
        <source>, min {min} … max {max}</source>
        <translation>，最小 {min} … 最大 {max}</translation>
    </message>
    <message>
        <source>, {count} not finite</source>
        <translation>，{count} 个非有限值</translation>
    </message>
    <message>
        <source>{values}: {shown}</source>
        <translation>{values}：{shown}</translation>
    </message>
</context>
<context>
    <name>values</name>
    <message>
        <source>a lone backslash at the end; write \\ for a backslash</source>
        <translation>末尾有单独的反斜杠；反斜杠本身请写作 \\</translation>
    </message>
    <message>
        <source>\x must be followed by two hex digits (at position {position})</source>
        <translation>\x 后面必须跟两位十六进制数字（位置 {position}）</translation>
    </message>
    <message>
        <source>unknown escape {escape} (at position {position}); write \\ for a backslash</source>
        <translation>未知的转义 {escape}（位置 {position}）；反斜杠本身请写作 \\</translation>
    </message>
    <message>
        <source>{name} is a float32: {value} is beyond its largest value {most}</source>
        <translation>{name} 是 float32：{value} 超出其最大值 {most}</translation>
    </message>
    <message>
        <source>{name} is a float32: {value} is below its smallest value {least} and would be stored as 0</source>
        <translation>{name} 是 float32：{value} 小于其最小值 {least}，会被存为 0</translation>
    </message>
    <message>
        <source>{name} takes a number such as 0.5, 1e-3, inf or nan, not {text}</source>
        <translation>{name} 需要数字，例如 0.5、1e-3、inf 或 nan，而不是 {text}</translation>
    </message>
    <message>
        <source>{name} takes a whole number between {lo} and {hi}, not {text}</source>
        <translation>{name} 需要 {lo} 到 {hi} 之间的整数，而不是 {text}</translation>
    </message>
    <message>
        <source>{name} is true or false, not {text}</source>
        <translation>{name} 为 true 或 false，而不是 {text}</translation>
    </message>
    <message>
        <source>{name} is one of {values}, not {text}</source>
        <translation>{name} 为 {values} 之一，而不是 {text}</translation>
    </message>
    <message>
        <source>{name} is a text field and must be valid UTF-8; \x escapes may not form invalid UTF-8 here</source>
        <translation>{name} 是文本字段，必须是有效的 UTF-8；此处的 \x 转义不能构成无效的 UTF-8</translation>
    </message>
    <message>
        <source>{name} cannot be edited as a single value</source>
        <translation>{name} 不能作为单个值编辑</translation>
    </message>
    <message>
        <source>{name} ({type}) takes a whole number between {lo} and {hi}; {value} is out of range</source>
        <translation>{name}（{type}）需要 {lo} 到 {hi} 之间的整数；{value} 超出范围</translation>
    </message>
    <message>
        <source>{name} takes a number, not {value}</source>
        <translation>{name} 需要数字，而不是 {value}</translation>
    </message>
    <message>
        <source>{name} takes a whole number, not {value}</source>
        <translation>{name} 需要整数，而不是 {value}</translation>
    </message>
    <message>
        <source>{name} is true or false, not {value}</source>
        <translation>{name} 为 true 或 false，而不是 {value}</translation>
    </message>
    <message>
        <source>{name} is one of {values}</source>
        <translation>{name} 为 {values} 之一</translation>
    </message>
    <message>
        <source>{name} must be valid UTF-8</source>
        <translation>{name} 必须是有效的 UTF-8</translation>
    </message>
    <message>
        <source>{name} takes text, not {value}</source>
        <translation>{name} 需要文本，而不是 {value}</translation>
    </message>
    <message>
        <source>{name} takes bytes or text, not {value}</source>
        <translation>{name} 需要字节或文本，而不是 {value}</translation>
    </message>
    <message>
        <source>{name} cannot be set as a single value</source>
        <translation>{name} 不能作为单个值设置</translation>
    </message>
</context>
</TS>
