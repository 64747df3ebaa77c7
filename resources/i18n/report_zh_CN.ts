<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>report</name>
    <message>
        <source>{n} error</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>{n} warning</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>scale_w clips the weights in {n} channel</source>
        <translation>scale_w 在 {n} 个通道截断权重</translation>
    </message>
    <message>
        <source>scale_w clips the weights in {n} channels</source>
        <translation>scale_w 在 {n} 个通道截断权重</translation>
    </message>
    <message>
        <source>scale_w wastes levels in {n} channel</source>
        <translation>scale_w 在 {n} 个通道浪费量化级</translation>
    </message>
    <message>
        <source>scale_w wastes levels in {n} channels</source>
        <translation>scale_w 在 {n} 个通道浪费量化级</translation>
    </message>
    <message>
        <source>similarity {value} below {threshold}</source>
        <translation>相似度 {value} 低于 {threshold}</translation>
    </message>
    <message>
        <source>{n} scale_w outlier, {worst}</source>
        <translation>{n} 个 scale_w 离群值，{worst}</translation>
    </message>
    <message>
        <source>{n} scale_w outliers, worst {worst}</source>
        <translation>{n} 个 scale_w 离群值，最严重的 {worst}</translation>
    </message>
    <message>
        <source>weight SQNR {value} dB below {threshold} dB</source>
        <translation>权重 SQNR {value} dB，低于 {threshold} dB</translation>
    </message>
    <message>
        <source>AMCT&apos;s rules</source>
        <translation>AMCT 规则</translation>
    </message>
    <message>
        <source>{errors} errors, {warnings} warnings, {notes} notes</source>
        <translation>{errors} 个错误，{warnings} 个警告，{notes} 个提示</translation>
    </message>
    <message>
        <source>The record against its model</source>
        <translation>记录与其模型的对照</translation>
    </message>
    <message>
        <source>not run: no model given</source>
        <translation>未运行：未给出模型</translation>
    </message>
    <message>
        <source>Weights review (scale_w against ARQ)</source>
        <translation>权重检查（scale_w 对照 ARQ）</translation>
    </message>
    <message>
        <source>{matched} of {records} keys name a layer of the model; {unmatched} do not; {without} layers AMCT quantizes have no record</source>
        <translation>{records} 个 key 中有 {matched} 个对应模型中的层，{unmatched} 个没有对应；AMCT 要量化的层中有 {without} 个没有记录</translation>
    </message>
    <message>
        <source>not run: the model has no weights</source>
        <translation>未运行：模型不含权重</translation>
    </message>
    <message>
        <source>{reviewed} layers reviewed, {flagged} with channels that clip the weights or waste levels (above {waste}×)</source>
        <translation>检查了 {reviewed} 层，其中 {flagged} 层有截断权重或浪费量化级（超过 {waste}×）的通道</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Weight error analysis</source>
        <translation>权重误差分析</translation>
    </message>
    <message>
        <source>{done} of {total} layers: SQNR of the weights under the record&apos;s scale_w</source>
        <translation>{total} 层中的 {done} 层：按记录中 scale_w 量化的权重 SQNR</translation>
    </message>
    <message>
        <source>Activation analysis</source>
        <translation>激活分析</translation>
    </message>
    <message>
        <source>{samples} samples, {measured} layers measured, {below} below similarity {threshold}</source>
        <translation>{samples} 个输入数据，测量了 {measured} 层，其中 {below} 层相似度低于 {threshold}</translation>
    </message>
    <message>
        <source>not run: it runs ONNX models, this model is {framework}</source>
        <translation>未运行：它只运行 ONNX 模型，此模型为 {framework}</translation>
    </message>
    <message>
        <source>not run: no inputs given (report --inputs)</source>
        <translation>未运行：未给出输入数据（report --inputs）</translation>
    </message>
    <message>
        <source>Comparison with another record</source>
        <translation>与另一记录文件比较</translation>
    </message>
    <message>
        <source>not asked (report --compare B)</source>
        <translation>未要求（report --compare B）</translation>
    </message>
    <message>
        <source>{changed} layers differ, {only_a} only in this record, {only_b} only in {other}</source>
        <translation>{changed} 层不同，{only_a} 层只在本记录中，{only_b} 层只在 {other} 中</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Record review: {file}</source>
        <translation>记录文件检查报告：{file}</translation>
    </message>
    <message>
        <source>Made by AMCT Record Editor {version} (record-editor report). Figures follow docs/RECORD-FORMAT.md; the same inputs give the same file.</source>
        <translation>由 AMCT Record Editor {version} 生成（record-editor report）。各项数值依据 docs/RECORD-FORMAT.md；相同的输入生成相同的文件。</translation>
    </message>
    <message>
        <source>model {model}</source>
        <translation>模型 {model}</translation>
    </message>
    <message>
        <source>compared with {other}</source>
        <translation>与 {other} 比较</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <source>{n} flagged layers</source>
        <translation>{n} 个需关注的层</translation>
    </message>
    <message>
        <source>{n} layers with strong outliers</source>
        <translation>{n} 个层有强离群值</translation>
    </message>
    <message>
        <source>The record has unsaved edits: this report shows it as it is open in the editor, not as the file on disk says; line numbers are those of the file as it was read.</source>
        <translation>记录有未保存的修改：本报告反映的是编辑器中打开的记录，而不是磁盘上的文件；行号为读取时文件中的行号。</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层列表</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
    </message>
    <message>
        <source>Flagged layers</source>
        <translation>需关注的层</translation>
    </message>
    <message>
        <source>Prune records</source>
        <translation>稀疏记录</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>{format}, {size} bytes</source>
        <translation>{format}，{size} 字节</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>框架格式</translation>
    </message>
    <message>
        <source>{records} record entries, {per_channel} with per-channel scale_w, {prune} prune records</source>
        <translation>{records} 个层记录，其中 {per_channel} 个为逐通道 scale_w；{prune} 条稀疏记录</translation>
    </message>
    <message>
        <source>scale_w outliers</source>
        <translation>scale_w 离群值</translation>
    </message>
    <message>
        <source>{channels} channels in {layers} layers (fence factor k = {k})</source>
        <translation>{layers} 层中的 {channels} 个通道（界限系数 k = {k}）</translation>
    </message>
    <message>
        <source>weights for {n} of them</source>
        <translation>其中 {n} 层有权重</translation>
    </message>
    <message>
        <source>no weights</source>
        <translation>无权重</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>{path} ({framework}, {format}): {layers} layers, {weighted} with weights AMCT quantizes, {weights}</source>
        <translation>{path}（{framework}，{format}）：{layers} 层，其中 {weighted} 层有 AMCT 要量化的权重，{weights}</translation>
    </message>
    <message>
        <source>Keys and layers</source>
        <translation>key 与层</translation>
    </message>
    <message>
        <source>{matched} of {records} keys name a layer; unmatched: {unmatched}; layers AMCT quantizes without a record: {without}</source>
        <translation>{records} 个 key 中有 {matched} 个对应模型中的层；未匹配：{unmatched}；AMCT 要量化但没有记录的层：{without}</translation>
    </message>
    <message>
        <source>Model note</source>
        <translation>模型说明</translation>
    </message>
    <message>
        <source>What was checked</source>
        <translation>检查了什么</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查项</translation>
    </message>
    <message>
        <source>Ran</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>The rules find nothing to report.</source>
        <translation>规则未发现任何问题。</translation>
    </message>
    <message>
        <source>Errors ({n})</source>
        <translation>错误（{n}）</translation>
    </message>
    <message>
        <source>Warnings ({n})</source>
        <translation>警告（{n}）</translation>
    </message>
    <message>
        <source>Notes ({n})</source>
        <translation>提示（{n}）</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>The record has no layer entries.</source>
        <translation>记录中没有层记录。</translation>
    </message>
    <message>
        <source>Every layer entry, worst first by severity (as the editor&apos;s Layers table); click a header to sort. Flagged layers are linked to their section below.</source>
        <translation>每个层条目，按严重度排序，最严重的在前（与编辑器的层列表相同）；点击表头可排序。需关注的层链接到下文中各自的小节。</translation>
    </message>
    <message>
        <source>severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>from {source}</source>
        <translation>来自 {source}</translation>
    </message>
    <message>
        <source>The worst of the layer&apos;s findings, in times beyond what is acceptable: how far its farthest scale_w outlier lies beyond the fence, scale_w/ARQ, weight SQNR, similarity; an error is ∞, a warning counts as strong ({strong}×)</source>
        <translation>该层各项发现中最严重的一项，以超出可接受范围的倍数表示：其最远的 scale_w 离群值超出界限的倍数、scale_w/ARQ、权重 SQNR、相似度；错误为 ∞，警告算作强（{strong}×）</translation>
    </message>
    <message>
        <source>Layers with a scale_w outlier at least {strong}× beyond the fence</source>
        <translation>有 scale_w 离群值超出界限至少 {strong}× 的层</translation>
    </message>
    <message>
        <source>strong</source>
        <translation>强</translation>
    </message>
    <message>
        <source>mild</source>
        <translation>轻度</translation>
    </message>
    <message>
        <source>severity {value} ({level}), from {source}</source>
        <translation>严重度 {value}（{level}），来自 {source}</translation>
    </message>
    <message>
        <source>Worst first by severity, strong ones first (as the editor&apos;s Layers table): errors, then the farthest findings in times beyond what is acceptable.</source>
        <translation>按严重度排序，强的在前（与编辑器的层列表相同）：先是错误，然后是超出可接受范围倍数最大的发现。</translation>
    </message>
    <message>
        <source>Per layer in file order: scale_w from its smallest to its largest value with the median, scale_d, the activation clip range, the problems; hover a layer for its figures, click a flagged one to go to it.</source>
        <translation>按文件顺序逐层显示：scale_w 从最小值到最大值及中位数、scale_d、激活截断范围、问题；鼠标悬停查看该层数值，点击需关注的层可跳转到该层。</translation>
    </message>
    <message>
        <source>The whole model with every layer fake-quantized</source>
        <translation>所有层伪量化后的整个模型</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>lowest cosine</source>
        <translation>最低余弦</translation>
    </message>
    <message>
        <source>max abs error</source>
        <translation>最大绝对误差</translation>
    </message>
    <message>
        <source>No layer is flagged: no problem, outlier, clipping or low similarity.</source>
        <translation>没有需关注的层：无问题、离群值、截断或低相似度。</translation>
    </message>
    <message>
        <source>{n} more flagged layers (not drawn)</source>
        <translation>另有 {n} 个需关注的层（未绘图）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>{n} channels</source>
        <translation>{n} 个通道</translation>
    </message>
    <message>
        <source>{records} prune records, {nodes} producers and consumers; {bad} with a problem</source>
        <translation>{records} 条稀疏记录，{nodes} 个 producer 和 consumer；其中 {bad} 个有问题</translation>
    </message>
    <message>
        <source>prune record</source>
        <translation>稀疏记录</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>This record (A) against {other} (B), tolerance {tolerance}: {changed} layers differ, {only_a} only in A, {only_b} only in B, {prune} prune changes.</source>
        <translation>本记录（A）与 {other}（B）比较，容差 {tolerance}：{changed} 层不同，{only_a} 层只在 A 中，{only_b} 层只在 B 中，{prune} 处稀疏记录变化。</translation>
    </message>
    <message>
        <source>The two records are equal in every field both have.</source>
        <translation>两个记录在共有的所有字段上都相同。</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>differing</source>
        <translation>不同</translation>
    </message>
    <message>
        <source>largest change</source>
        <translation>最大变化</translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation>只在 A 中</translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation>只在 B 中</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Overview of every layer</source>
        <translation>所有层概览</translation>
    </message>
    <message>
        <source>scale_w and scale_d</source>
        <translation>scale_w 与 scale_d</translation>
    </message>
    <message>
        <source>scale_w min–max</source>
        <translation>scale_w 最小–最大</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>activation clip range</source>
        <translation>激活截断范围</translation>
    </message>
    <message>
        <source>problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>worst scale_w / ARQ</source>
        <translation>最差 scale_w / ARQ</translation>
    </message>
    <message>
        <source>weight SQNR (dB)</source>
        <translation>权重 SQNR（dB）</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>B ↔ A</source>
        <translation>B ↔ A</translation>
    </message>
    <message>
        <source>largest scale_w factor</source>
        <translation>scale_w 最大倍数</translation>
    </message>
    <message>
        <source>scale_d B / A</source>
        <translation>scale_d 比值 B / A</translation>
    </message>
    <message>
        <source>layer (file order)</source>
        <translation>层（文件顺序）</translation>
    </message>
    <message>
        <source>scale_w of {key} by output channel</source>
        <translation>{key} 各输出通道的 scale_w</translation>
    </message>
    <message>
        <source>channel {c}: {value} ({kind})</source>
        <translation>通道 {c}：{value}（{kind}）</translation>
    </message>
    <message>
        <source>outlier</source>
        <translation>离群</translation>
    </message>
    <message>
        <source>fence</source>
        <translation>界限</translation>
    </message>
    <message>
        <source>ARQ from the weights</source>
        <translation>由权重算出的 ARQ</translation>
    </message>
    <message>
        <source>B&apos;s scale_w</source>
        <translation>B 的 scale_w</translation>
    </message>
    <message>
        <source>channel {c}: scale_w / ARQ = {ratio}</source>
        <translation>通道 {c}：scale_w / ARQ = {ratio}</translation>
    </message>
    <message>
        <source>clips the weights</source>
        <translation>截断权重</translation>
    </message>
    <message>
        <source>wastes levels</source>
        <translation>浪费量化级</translation>
    </message>
    <message>
        <source>output channel</source>
        <translation>输出通道</translation>
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
        <source>below the fence</source>
        <translation>低于界限</translation>
    </message>
    <message>
        <source>above the fence</source>
        <translation>高于界限</translation>
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
        <source>selective</source>
        <translation>selective</translation>
    </message>
    <message>
        <source>scale_w {scale}, INT{bits}: levels over [{lo}, {hi}]; clipped {low} below, {high} above</source>
        <translation>scale_w {scale}，INT{bits}：量化级覆盖 [{lo}, {hi}]；截断下方 {low} 个、上方 {high} 个</translation>
    </message>
    <message>
        <source>weights of output channel {c}</source>
        <translation>输出通道 {c} 的权重</translation>
    </message>
    <message>
        <source>range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>clip range [{lo}, {hi}]; seen [{min}, {max}]; clipped {clipped}</source>
        <translation>截断范围 [{lo}, {hi}]；观测到 [{min}, {max}]；截断 {clipped}</translation>
    </message>
    <message>
        <source>input values (activations)</source>
        <translation>输入值（激活）</translation>
    </message>
    <message>
        <source>clip</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>Prune ranges</source>
        <translation>稀疏范围</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>通道</translation>
    </message>
</context>
</TS>
