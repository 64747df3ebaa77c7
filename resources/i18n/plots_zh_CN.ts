<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AnalysisController</name>
    <message>
        <source>&amp;Analyze…</source>
        <translation>分析(&amp;A)…</translation>
    </message>
    <message>
        <source>Measure each layer&apos;s quantization error from the attached model&apos;s weights and, on real inputs, its activations</source>
        <translation>由附加模型的权重测量每层的量化误差，并在真实输入上测量其激活的量化误差</translation>
    </message>
    <message>
        <source>&amp;Re-run Layer Analysis</source>
        <translation>重新分析本层(&amp;R)</translation>
    </message>
    <message>
        <source>Measure the shown layer&apos;s activations again with its factors as they are now</source>
        <translation>以当前的量化因子重新测量所显示层的激活</translation>
    </message>
    <message>
        <source>&amp;Import Analysis Results…</source>
        <translation>导入分析结果(&amp;I)…</translation>
    </message>
    <message>
        <source>Add other tools&apos; per-layer results as Layers table columns: AMCT&apos;s ranking JSON, msit/msprobe compare CSV, key,value CSV</source>
        <translation>把其他工具的逐层结果添加为层表的列：AMCT 的排序 JSON、msit/msprobe 比对 CSV、key,value CSV</translation>
    </message>
    <message>
        <source>&amp;Export Roll-back Config…</source>
        <translation>导出回退配置(&amp;E)…</translation>
    </message>
    <message>
        <source>Write AMCT&apos;s quant config with quant_enable false for the layers you choose</source>
        <translation>写出 AMCT 的量化配置，所选层的 quant_enable 为 false</translation>
    </message>
    <message>
        <source>&amp;Use Suggested scale_d / offset_d</source>
        <translation>使用建议的 scale_d / offset_d(&amp;U)</translation>
    </message>
    <message>
        <source>Set the shown layer&apos;s scale_d and offset_d to AMCT&apos;s factors of the input range the analysis saw (one undo step)</source>
        <translation>把所显示层的 scale_d 和 offset_d 设为 AMCT 按分析所见输入范围算出的量化因子（一步撤销）</translation>
    </message>
    <message>
        <source>&amp;Cancel Analysis</source>
        <translation>取消分析(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the analysis under way</source>
        <translation>停止正在进行的分析</translation>
    </message>
    <message>
        <source>Analyze</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Select a layer to re-run</source>
        <translation>请选择要重新分析的层</translation>
    </message>
    <message>
        <source>Select a layer first</source>
        <translation>请先选择一层</translation>
    </message>
    <message>
        <source>{key}: no input range measured</source>
        <translation>{key}：未测量输入范围</translation>
    </message>
    <message>
        <source>Use suggested scale_d / offset_d on {key}</source>
        <translation>在 {key} 上使用建议的 scale_d / offset_d</translation>
    </message>
    <message>
        <source>Not set: {reason}</source>
        <translation>未设置：{reason}</translation>
    </message>
    <message>
        <source>{key}: scale_d {scale}, offset_d {offset}; re-run the layer to measure them</source>
        <translation>{key}：scale_d {scale}，offset_d {offset}；重新分析本层以测量其效果</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Analysing… {done} of {total} steps</source>
        <translation>正在分析… 第 {done} 步，共 {total} 步</translation>
    </message>
    <message>
        <source>Import Analysis Results</source>
        <translation>导入分析结果</translation>
    </message>
    <message>
        <source>Per-layer results (*.json *.csv);;All files (*)</source>
        <translation>逐层结果 (*.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Imported {count} columns</source>
        <translation>已导入 {count} 列</translation>
    </message>
    <message>
        <source>Roll-back Config</source>
        <translation>回退配置</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Roll-back Config</source>
        <translation>导出回退配置</translation>
    </message>
    <message>
        <source>Wrote {path}: {count} layers rolled back</source>
        <translation>已写出 {path}：回退 {count} 层</translation>
    </message>
</context>
<context>
    <name>AnalysisPlots</name>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>weight SQNR dB</source>
        <translation>权重 SQNR dB</translation>
    </message>
    <message>
        <source>weights clipped %</source>
        <translation>权重截断 %</translation>
    </message>
    <message>
        <source>input clipped %</source>
        <translation>输入截断 %</translation>
    </message>
    <message>
        <source>input SQNR dB</source>
        <translation>输入 SQNR dB</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>input value</source>
        <translation>输入值</translation>
    </message>
    <message>
        <source>count</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>weight SQNR per channel</source>
        <translation>逐通道权重 SQNR</translation>
    </message>
    <message>
        <source>weight dB</source>
        <translation>权重 dB</translation>
    </message>
    <message>
        <source>10·log10(Σw² / Σ(w − w′)²) over the layer&apos;s weights quantized with its scale_w (6.02 dB a bit)</source>
        <translation>10·log10(Σw² / Σ(w − w′)²)，对该层以其 scale_w 量化的权重计算（每比特 6.02 dB）</translation>
    </message>
    <message>
        <source>The share of the layer&apos;s weights beyond ±(2^(b−1)−1)·scale_w</source>
        <translation>该层权重超出 ±(2^(b−1)−1)·scale_w 的比例</translation>
    </message>
    <message>
        <source>AMCT&apos;s similarity: the mean over the inputs of 0.5 + 0.5·cos between the layer&apos;s float output and its output on quantized input and weights</source>
        <translation>AMCT 的相似度：在各输入上，该层浮点输出与量化输入和权重下输出之间 0.5 + 0.5·cos 的平均值</translation>
    </message>
    <message>
        <source>The share of the layer&apos;s input values outside the range scale_d and offset_d keep</source>
        <translation>该层输入值落在 scale_d 与 offset_d 所保留范围之外的比例</translation>
    </message>
    <message>
        <source>10·log10(Σx² / Σ(x − x′)²) over the layer&apos;s inputs quantized with scale_d and offset_d</source>
        <translation>10·log10(Σx² / Σ(x − x′)²)，对该层以 scale_d 与 offset_d 量化的输入计算</translation>
    </message>
    <message>
        <source>Imported from {file}</source>
        <translation>导入自 {file}</translation>
    </message>
    <message>
        <source>worst channel {c}</source>
        <translation>最差通道 {c}</translation>
    </message>
    <message>
        <source>per tensor</source>
        <translation>整个张量</translation>
    </message>
    <message>
        <source>{where}; rmse/scale {rel} (0.289 for an unclipped uniform error)</source>
        <translation>{where}；rmse/scale {rel}（未截断的均匀误差为 0.289）</translation>
    </message>
    <message>
        <source>input clipped {clipped}%, SQNR {sqnr} dB</source>
        <translation>输入截断 {clipped}%，SQNR {sqnr} dB</translation>
    </message>
    <message>
        <source>; stale: the factors changed, re-run the layer</source>
        <translation>；已过期：量化因子已改，请重新分析本层</translation>
    </message>
    <message>
        <source>weight SQNR {db} dB, clipped {clipped}%, rmse/scale {rel}</source>
        <translation>权重 SQNR {db} dB，截断 {clipped}%，rmse/scale {rel}</translation>
    </message>
    <message>
        <source>analysis: weight SQNR {db} dB, clipped {clipped}%</source>
        <translation>分析：权重 SQNR {db} dB，截断 {clipped}%</translation>
    </message>
    <message>
        <source>lowest weight SQNR</source>
        <translation>权重 SQNR 最低</translation>
    </message>
    <message>
        <source>the channel of the lowest weight SQNR</source>
        <translation>权重 SQNR 最低的通道</translation>
    </message>
    <message>
        <source>SQNR dB</source>
        <translation>SQNR dB</translation>
    </message>
    <message>
        <source>no analysis for this layer</source>
        <translation>此层没有分析结果</translation>
    </message>
    <message>
        <source>channel {c} weights, INT{bits} grid ±{range}: clipped {low} low, {high} high</source>
        <translation>通道 {c} 的权重，INT{bits} 网格 ±{range}：下方截断 {low} 个，上方截断 {high} 个</translation>
    </message>
    <message>
        <source>no inputs were run: weights only</source>
        <translation>未运行输入：仅分析权重</translation>
    </message>
    <message>
        <source>input: clipped {clipped}%, SQNR {sqnr} dB; clip range [{lo}, {hi}]</source>
        <translation>输入：截断 {clipped}%，SQNR {sqnr} dB；截断范围 [{lo}, {hi}]</translation>
    </message>
    <message>
        <source>{title} (stale: re-run the layer)</source>
        <translation>{title}（已过期：请重新分析本层）</translation>
    </message>
</context>
<context>
    <name>AnalyzeDialog</name>
    <message>
        <source>Analyze</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>How much error each layer&apos;s factors cause: the weights quantized with the record&apos;s scale_w, and, on real inputs, each layer&apos;s input clipping, SQNR and AMCT&apos;s similarity. Inputs: .npz (arrays by input name), .npy, or folders of .npy / raw .bin files shaped as the model&apos;s input. Without inputs only the weights are analysed.</source>
        <translation>每层的量化因子带来多少误差：以记录的 scale_w 量化的权重；在真实输入上，每层输入的截断、SQNR 和 AMCT 的相似度。输入：.npz（按输入名存放的数组）、.npy，或按模型输入形状存放 .npy / 原始 .bin 文件的文件夹。没有输入时只分析权重。</translation>
    </message>
    <message>
        <source>The attached model is not ONNX: inputs are run on ONNX models only (export a PyTorch model to ONNX); the weights are analysed.</source>
        <translation>附加的模型不是 ONNX：只在 ONNX 模型上运行输入（请把 PyTorch 模型导出为 ONNX）；将分析权重。</translation>
    </message>
    <message>
        <source>Add Files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Add Folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Compare the whole model&apos;s outputs (every layer quantized)</source>
        <translation>比较整个模型的输出（所有层量化）</translation>
    </message>
    <message>
        <source>Input Samples</source>
        <translation>输入数据</translation>
    </message>
    <message>
        <source>Samples (*.npz *.npy *.bin);;All files (*)</source>
        <translation>输入数据 (*.npz *.npy *.bin);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Folder of Input Samples</source>
        <translation>输入数据文件夹</translation>
    </message>
</context>
<context>
    <name>ChannelOverlays</name>
    <message>
        <source>scale_w (record)</source>
        <translation>scale_w（记录文件）</translation>
    </message>
</context>
<context>
    <name>ChannelPlot</name>
    <message>
        <source>record {index} (no key)</source>
        <translation>record {index}（无 key）</translation>
    </message>
    <message>
        <source>{n} output channel</source>
        <translation>{n} 个输出通道</translation>
    </message>
    <message>
        <source>{n} output channels</source>
        <translation>{n} 个输出通道</translation>
    </message>
    <message>
        <source>{n} input channels</source>
        <translation>{n} 个输入通道</translation>
    </message>
    <message>
        <source>scale_d {value}</source>
        <translation>scale_d {value}</translation>
    </message>
    <message>
        <source>{n} outlier (k = {k})</source>
        <translation>{n} 个离群值（k = {k}）</translation>
    </message>
    <message>
        <source>{n} outliers (k = {k})</source>
        <translation>{n} 个离群值（k = {k}）</translation>
    </message>
    <message>
        <source>input channel {c}: tensor_balance_factor = {value}</source>
        <translation>输入通道 {c}：tensor_balance_factor = {value}</translation>
    </message>
    <message>
        <source>channel {c}: scale_w = {value}, weight range ±{range}</source>
        <translation>通道 {c}：scale_w = {value}，权重范围 ±{range}</translation>
    </message>
    <message>
        <source>, dequant scale {value}</source>
        <translation>，反量化 scale {value}</translation>
    </message>
    <message>
        <source>, shift_bit {value}</source>
        <translation>，shift_bit {value}</translation>
    </message>
    <message>
        <source>  — outlier: {why}</source>
        <translation>  — 离群值：{why}</translation>
    </message>
    <message>
        <source>not finite, ≤ 0 or below FLT_EPSILON</source>
        <translation>非有限值、≤ 0 或小于 FLT_EPSILON</translation>
    </message>
    <message>
        <source>outside Q1 − {k}·IQR … Q3 + {k}·IQR of log10 values (dashed lines)</source>
        <translation>log10 值超出 Q1 − {k}·IQR … Q3 + {k}·IQR（虚线）</translation>
    </message>
    <message>
        <source>Outlier fence k</source>
        <translation>离群界限 k</translation>
    </message>
    <message>
        <source>Channels outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values) are outliers</source>
        <translation>log10(值) 超出 [Q1 − k·IQR, Q3 + k·IQR] 的通道判为离群值</translation>
    </message>
    <message>
        <source>Weight range</source>
        <translation>权重范围</translation>
    </message>
    <message>
        <source>Show ±(2^(b−1)−1)·scale_w, b from wts_type</source>
        <translation>显示 ±(2^(b−1)−1)·scale_w，b 取自 wts_type</translation>
    </message>
    <message>
        <source>Show shift_bit by output channel</source>
        <translation>按输出通道显示 shift_bit</translation>
    </message>
    <message>
        <source>Balance factor</source>
        <translation>均衡因子</translation>
    </message>
    <message>
        <source>Show tensor_balance_factor by input channel</source>
        <translation>按输入通道显示 tensor_balance_factor</translation>
    </message>
    <message>
        <source>Log y</source>
        <translation>对数 Y 轴</translation>
    </message>
    <message>
        <source>Logarithmic y axis for scales (L)</source>
        <translation>scale 使用对数 Y 轴（L）</translation>
    </message>
    <message>
        <source>Channels outside [Q1 − k·IQR, Q3 + k·IQR] of log10(values) are outliers; the overview, the Layers table and the rule scale-w-outlier use the same k</source>
        <translation>log10(值) 超出 [Q1 − k·IQR, Q3 + k·IQR] 的通道判为离群值；总览、层列表和规则 scale-w-outlier 使用同一个 k</translation>
    </message>
    <message>
        <source>Previous channel</source>
        <translation>上一个通道</translation>
    </message>
    <message>
        <source>Next channel</source>
        <translation>下一个通道</translation>
    </message>
    <message>
        <source>View all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Export plot (PNG/SVG)…</source>
        <translation>导出图表（PNG/SVG）…</translation>
    </message>
    <message>
        <source>Export channel table (CSV)…</source>
        <translation>导出通道表（CSV）…</translation>
    </message>
    <message>
        <source>Export input-channel table (CSV)…</source>
        <translation>导出输入通道表（CSV）…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Show the outliers and channel tables beside the plot</source>
        <translation>在图表旁显示离群值表和通道表</translation>
    </message>
    <message>
        <source>output channel</source>
        <translation>输出通道</translation>
    </message>
    <message>
        <source>weight range</source>
        <translation>权重范围</translation>
    </message>
    <message>
        <source>balance factor</source>
        <translation>均衡因子</translation>
    </message>
    <message>
        <source>input channel</source>
        <translation>输入通道</translation>
    </message>
    <message>
        <source>Select a layer to plot its per-channel factors.</source>
        <translation>选择一个层，查看其逐通道量化因子。</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>未打开记录文件。</translation>
    </message>
    <message>
        <source>Layer {key} has no per-channel factors (no scale_w, no tensor_balance_factor) — nothing to plot.</source>
        <translation>层 {key} 没有逐通道的量化因子（既无 scale_w，也无 tensor_balance_factor），无可绘制的内容。</translation>
    </message>
</context>
<context>
    <name>ChannelTables</name>
    <message>
        <source>Outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Input channels</source>
        <translation>输入通道</translation>
    </message>
    <message>
        <source>balance</source>
        <translation>均衡因子</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>series</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Outliers ({n})</source>
        <translation>离群值（{n}）</translation>
    </message>
    <message>
        <source>weight range</source>
        <translation>权重范围</translation>
    </message>
    <message>
        <source>dequant</source>
        <translation>反量化 scale</translation>
    </message>
    <message>
        <source>outlier</source>
        <translation>离群</translation>
    </message>
    <message>
        <source>input channel</source>
        <translation>输入通道</translation>
    </message>
    <message>
        <source>balance factor</source>
        <translation>均衡因子</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <source>The figure of the record the layers are coloured by</source>
        <translation>层按记录文件的哪项指标着色</translation>
    </message>
    <message>
        <source>Find layer (/)</source>
        <translation>查找层（/）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show the whole graph (Home)</source>
        <translation>显示整个网络图（Home）</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Find Layer</source>
        <translation>查找层</translation>
    </message>
    <message>
        <source>Find a layer of the graph by name (/)</source>
        <translation>按名称在网络图中查找层（/）</translation>
    </message>
    <message>
        <source>Export Graph (PNG/SVG)…</source>
        <translation>导出网络图（PNG/SVG）…</translation>
    </message>
    <message>
        <source>Export to Model Explorer…</source>
        <translation>导出到 Model Explorer…</translation>
    </message>
    <message>
        <source>Write the figure shown as node data for Google Model Explorer</source>
        <translation>将所显示的指标写为 Google Model Explorer 的节点数据</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>Attach the model the record belongs to (File ▸ Attach Model…) to see its network here.</source>
        <translation>附加该记录文件所属的模型（文件 ▸ 附加模型…）后，此处显示其网络。</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>网络图</translation>
    </message>
    <message>
        <source>Laying out the network of {model}…</source>
        <translation>正在排布 {model} 的网络…</translation>
    </message>
    <message>
        <source>Graph of {model}</source>
        <translation>{model} 的网络图</translation>
    </message>
    <message>
        <source>Graph of {model} — {n} layers, {recorded} with a record</source>
        <translation>{model} 的网络图 — {n} 个层，其中 {recorded} 个有记录</translation>
    </message>
    <message>
        <source>{low} {ramp} {high} (worse)</source>
        <translation>{low} {ramp} {high}（更差）</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无数值</translation>
    </message>
    <message>
        <source>no record (stays float)</source>
        <translation>无记录（保持浮点）</translation>
    </message>
    <message>
        <source>{name} ({op})</source>
        <translation>{name}（{op}）</translation>
    </message>
    <message>
        <source> — no record: this layer stays float</source>
        <translation> — 无记录：该层保持浮点</translation>
    </message>
    <message>
        <source> — record entry {index} {key}</source>
        <translation> — 第 {index} 条记录 {key}</translation>
    </message>
    <message>
        <source>: no {figure}</source>
        <translation>：无 {figure}</translation>
    </message>
    <message>
        <source> (worst of {n} entries)</source>
        <translation>（{n} 条记录中最差者）</translation>
    </message>
    <message>
        <source>No layer&apos;s name holds {text}</source>
        <translation>没有层的名称包含 {text}</translation>
    </message>
    <message>
        <source>1 layer&apos;s name holds {text}: Return goes to it</source>
        <translation>1 个层的名称包含 {text}：按 Return 跳转到该层</translation>
    </message>
    <message>
        <source>{n} layers&apos; names hold {text}: Return goes to each</source>
        <translation>{n} 个层的名称包含 {text}：按 Return 依次跳转</translation>
    </message>
    <message>
        <source> — match {k} of {n}</source>
        <translation> — 第 {k} 个匹配，共 {n} 个</translation>
    </message>
    <message>
        <source>Coloured by {figure}</source>
        <translation>按 {figure} 着色</translation>
    </message>
    <message>
        <source>could not write {path}</source>
        <translation>无法写入 {path}</translation>
    </message>
    <message>
        <source>Export graph</source>
        <translation>导出网络图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>no model is attached</source>
        <translation>未附加模型</translation>
    </message>
    <message>
        <source>Export to Model Explorer</source>
        <translation>导出到 Model Explorer</translation>
    </message>
    <message>
        <source>Attach a model first: the node data names its layers.</source>
        <translation>请先附加模型：节点数据按模型的层命名。</translation>
    </message>
    <message>
        <source>Model Explorer node data (*.json)</source>
        <translation>Model Explorer 节点数据 (*.json)</translation>
    </message>
    <message>
        <source>The graph of {model} could not be laid out: {error}</source>
        <translation>无法排布 {model} 的网络图：{error}</translation>
    </message>
</context>
<context>
    <name>GraphicsScene</name>
    <message>
        <source>Export...</source>
        <translation>导出…</translation>
    </message>
</context>
<context>
    <name>LayerFigures</name>
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
        <source>{n} note</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>{ratio} (ch {channel})</source>
        <translation>{ratio}（通道 {channel}）</translation>
    </message>
    <message>
        <source>The layer&apos;s key</source>
        <translation>层的 key（层名）</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>The layer type as the rules see it: the model&apos;s, a prune record&apos;s type attribute, else what the key says (?: guessed)</source>
        <translation>规则所认定的层类型：取自模型、稀疏记录的 type 属性，否则由 key 推断（?：推测）</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>Values of scale_w: output channels (1: per-tensor)</source>
        <translation>scale_w 的个数，即输出通道数（1 表示逐张量量化）</translation>
    </message>
    <message>
        <source>Activation scale</source>
        <translation>数据量化 scale 因子</translation>
    </message>
    <message>
        <source>Activation offset</source>
        <translation>数据量化 offset 因子</translation>
    </message>
    <message>
        <source>scale_w min</source>
        <translation>scale_w 最小值</translation>
    </message>
    <message>
        <source>Smallest finite scale_w</source>
        <translation>有限 scale_w 中的最小值</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Median of the finite scale_w values</source>
        <translation>有限 scale_w 值的中位数</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Largest finite scale_w</source>
        <translation>有限 scale_w 中的最大值</translation>
    </message>
    <message>
        <source>max/min</source>
        <translation>最大/最小</translation>
    </message>
    <message>
        <source>Largest over smallest scale_w: how far the channels spread</source>
        <translation>scale_w 最大值与最小值之比，反映各通道的离散程度</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>scale_w channels that are outliers at fence factor k: not finite or ≤ 0, below FLT_EPSILON, or outside [Q1 − k·IQR, Q3 + k·IQR] of log10</source>
        <translation>在界限系数 k 下为离群值的 scale_w 通道：非有限值或 ≤ 0、小于 FLT_EPSILON，或 log10 值超出 [Q1 − k·IQR, Q3 + k·IQR]</translation>
    </message>
    <message>
        <source>worst outlier</source>
        <translation>最严重的离群值</translation>
    </message>
    <message>
        <source>The scale_w channel farthest outside the fence, and how many times below or above it</source>
        <translation>离界限最远的 scale_w 通道，以及它低于或高于界限的倍数</translation>
    </message>
    <message>
        <source>scale_w / ARQ</source>
        <translation>scale_w / ARQ</translation>
    </message>
    <message>
        <source>The channel whose scale_w is furthest from AMCT&apos;s ARQ value of the model&apos;s weights: below 1 its range clips the weights, far above 1 levels are wasted</source>
        <translation>scale_w 与 AMCT 按模型权重算出的 ARQ 值相差最大的通道：小于 1 时其范围会截断权重，远大于 1 时浪费量化级</translation>
    </message>
    <message>
        <source>W-SQNR dB</source>
        <translation>权重SQNR dB</translation>
    </message>
    <message>
        <source>The weights quantized with the record&apos;s scale_w: signal over quantization noise, in dB (doubling a scale costs about 6 dB)</source>
        <translation>用记录中的 scale_w 量化权重：信号与量化噪声之比，单位 dB（scale 加倍约损失 6 dB）</translation>
    </message>
    <message>
        <source>W-clip</source>
        <translation>权重截断</translation>
    </message>
    <message>
        <source>The fraction of weights the quantization&apos;s clamp cuts</source>
        <translation>被量化截断的权重所占比例</translation>
    </message>
    <message>
        <source>A-clip</source>
        <translation>激活截断</translation>
    </message>
    <message>
        <source>The fraction of the layer&apos;s input values outside the clip range, over every sample</source>
        <translation>在所有输入数据上，该层输入值超出截断范围的比例</translation>
    </message>
    <message>
        <source>A-SQNR dB</source>
        <translation>激活SQNR dB</translation>
    </message>
    <message>
        <source>The layer&apos;s input quantized with scale_d/offset_d: signal over quantization noise, in dB</source>
        <translation>用 scale_d/offset_d 量化该层输入：信号与量化噪声之比，单位 dB</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>AMCT&apos;s similarity of the layer&apos;s float and fake-quantized output, 0.5 + 0.5·cos, averaged over the samples</source>
        <translation>该层浮点输出与伪量化输出的 AMCT 相似度（0.5 + 0.5·cos），对所有输入数据取平均</translation>
    </message>
    <message>
        <source>problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>What the rules find in the layer (its outliers are in the outlier columns)</source>
        <translation>规则在该层发现的问题（离群值见离群值列）</translation>
    </message>
    <message>
        <source>A column imported from another tool&apos;s per-layer results</source>
        <translation>从其他工具的逐层结果导入的列</translation>
    </message>
    <message>
        <source>ch {channel}: {how}</source>
        <translation>通道 {channel}：{how}</translation>
    </message>
</context>
<context>
    <name>LayerValues</name>
    <message>
        <source>{name}: flagged layer</source>
        <translation>{name}：有问题的层</translation>
    </message>
</context>
<context>
    <name>LayersTable</name>
    <message>
        <source>The layer&apos;s key</source>
        <translation>层的 key（层名）</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>The layer type as the rules see it: a prune record&apos;s type attribute, else what the key says</source>
        <translation>规则所认定的层类型：取自稀疏记录的 type 属性，否则由 key 推断</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>Values of scale_w: output channels (1: per-tensor)</source>
        <translation>scale_w 的个数，即输出通道数（1 表示逐张量量化）</translation>
    </message>
    <message>
        <source>Activation scale</source>
        <translation>数据量化 scale 因子</translation>
    </message>
    <message>
        <source>Activation offset</source>
        <translation>数据量化 offset 因子</translation>
    </message>
    <message>
        <source>scale_w min</source>
        <translation>scale_w 最小值</translation>
    </message>
    <message>
        <source>Smallest finite scale_w</source>
        <translation>有限 scale_w 中的最小值</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>Median of the finite scale_w values</source>
        <translation>有限 scale_w 值的中位数</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Largest finite scale_w</source>
        <translation>有限 scale_w 中的最大值</translation>
    </message>
    <message>
        <source>max/min</source>
        <translation>最大/最小</translation>
    </message>
    <message>
        <source>Largest over smallest scale_w: how far the channels spread</source>
        <translation>scale_w 最大值与最小值之比，反映各通道的离散程度</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>scale_w channels that are outliers at the window&apos;s fence factor k (set in Channels): not finite or ≤ 0, below FLT_EPSILON, or outside [Q1 − k·IQR, Q3 + k·IQR] of log10</source>
        <translation>按窗口的界限系数 k（在“通道”页设置）判定为离群值的 scale_w 通道：非有限值或 ≤ 0、小于 FLT_EPSILON，或 log10 值超出 [Q1 − k·IQR, Q3 + k·IQR]</translation>
    </message>
    <message>
        <source>problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>The worst of the layer&apos;s findings, as times beyond what is acceptable: its farthest scale_w outlier beyond the fence, scale_w/ARQ with weights, the analysis&apos;s weight SQNR and similarity; ∞ for an error, 3× for a warning. Strong from 3×. The table opens sorted by it, worst first</source>
        <translation>该层各项发现中最严重的一项，以超出可接受范围的倍数表示：其最远的 scale_w 离群值超出界限的倍数、有权重时的 scale_w/ARQ、分析得出的权重 SQNR 与相似度；错误为 ∞，警告为 3×。3× 起为强。表格打开时按它排序，最严重的在前</translation>
    </message>
    <message>
        <source>What the rules find in the layer (its outliers are in the outliers column)</source>
        <translation>规则在该层发现的问题（离群值见“离群值”列）</translation>
    </message>
    <message>
        <source>Out of date: the layer was edited since this was measured</source>
        <translation>已过期：测量之后该层被编辑过</translation>
    </message>
    <message>
        <source>from a prune record&apos;s type attribute</source>
        <translation>取自稀疏记录的 type 属性</translation>
    </message>
    <message>
        <source>the key&apos;s last part</source>
        <translation>取自 key 的最后一段</translation>
    </message>
    <message>
        <source>guessed from the key&apos;s words</source>
        <translation>根据 key 中的词推测</translation>
    </message>
    <message>
        <source>the key does not say</source>
        <translation>无法从 key 判断</translation>
    </message>
    <message>
        <source>{type}: {source}</source>
        <translation>{type}：{source}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{n} of {total} scale_w values are outliers at k = {k}; double-click to see them in Channels</source>
        <translation>k = {k} 时，{total} 个 scale_w 值中有 {n} 个离群值；双击在“通道”页查看</translation>
    </message>
    <message>
        <source>… and {n} more (Problems dock)</source>
        <translation>… 另有 {n} 条（见“问题”窗口）</translation>
    </message>
    <message>
        <source>Its farthest scale_w outlier lies {times} beyond the fence (k = {k}); {strong} of its {n} outliers are strong (≥ {fence}×)</source>
        <translation>其最远的 scale_w 离群值超出界限 {times}（k = {k}）；{n} 个离群值中 {strong} 个为强离群值（≥ {fence}×）</translation>
    </message>
    <message>
        <source>The rules find an error in it</source>
        <translation>规则在其中发现错误</translation>
    </message>
    <message>
        <source>The rules warn about it</source>
        <translation>规则对其发出警告</translation>
    </message>
    <message>
        <source>{source}: {times} beyond what is acceptable</source>
        <translation>{source}：超出可接受范围 {times}</translation>
    </message>
    <message>
        <source>strong</source>
        <translation>强</translation>
    </message>
    <message>
        <source>mild</source>
        <translation>轻微</translation>
    </message>
    <message>
        <source>{level}: {text}</source>
        <translation>{level}：{text}</translation>
    </message>
    <message>
        <source>The tree&apos;s filter (Ctrl+F) applies here too</source>
        <translation>树的过滤条件（Ctrl+F）在此同样生效</translation>
    </message>
    <message>
        <source>Only layers with outliers</source>
        <translation>仅显示有离群值的层</translation>
    </message>
    <message>
        <source>Show only the layers with scale_w outliers</source>
        <translation>仅显示 scale_w 有离群值的层</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the rows shown, in their order, as CSV</source>
        <translation>按当前顺序将显示的行保存为 CSV</translation>
    </message>
    <message>
        <source>Layers — {n}</source>
        <translation>层列表 — {n}</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层列表</translation>
    </message>
    <message>
        <source>{n} of {total} per-channel layers with scale_w outliers (k = {k}; set in Channels)</source>
        <translation>{total} 个逐通道量化层中有 {n} 个存在 scale_w 离群值（k = {k}，在“通道”页设置）</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>未打开记录文件。</translation>
    </message>
    <message>
        <source>This record has no layer entries.</source>
        <translation>该记录文件没有层记录。</translation>
    </message>
    <message>
        <source>Filtered by the tree&apos;s filter {text} (Ctrl+F)</source>
        <translation>按树的过滤条件 {text} 过滤（Ctrl+F）</translation>
    </message>
    <message>
        <source>only layers with outliers</source>
        <translation>仅有离群值的层</translation>
    </message>
    <message>
        <source>{filters}: {shown} of {n} layers shown</source>
        <translation>{filters}：显示 {n} 个层中的 {shown} 个</translation>
    </message>
</context>
<context>
    <name>ModelOverview</name>
    <message>
        <source>scale_w min–max</source>
        <translation>scale_w 最小–最大</translation>
    </message>
    <message>
        <source>scale_w median</source>
        <translation>scale_w 中位数</translation>
    </message>
    <message>
        <source>activation clip range</source>
        <translation>激活截断范围</translation>
    </message>
    <message>
        <source>layer with an error</source>
        <translation>有错误的层</translation>
    </message>
    <message>
        <source>with a warning</source>
        <translation>有警告</translation>
    </message>
    <message>
        <source>mild outliers</source>
        <translation>轻微离群值</translation>
    </message>
    <message>
        <source>strong (≥ {fence}× beyond the fence; larger: farther)</source>
        <translation>强（超出界限 ≥ {fence}×；越大越远）</translation>
    </message>
    <message>
        <source>no problem</source>
        <translation>无问题</translation>
    </message>
    <message>
        <source>a note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>a warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>an error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>scale (log)</source>
        <translation>scale（对数）</translation>
    </message>
    <message>
        <source>clip range</source>
        <translation>截断范围</translation>
    </message>
    <message>
        <source>layer (file order)</source>
        <translation>层（文件顺序）</translation>
    </message>
    <message>
        <source>Log y</source>
        <translation>对数 Y 轴</translation>
    </message>
    <message>
        <source>Logarithmic y axis for the scales (L)</source>
        <translation>scale 使用对数 Y 轴（L）</translation>
    </message>
    <message>
        <source>View all</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Open layer in channel plot</source>
        <translation>在通道图中打开该层</translation>
    </message>
    <message>
        <source>Export plot (PNG/SVG)…</source>
        <translation>导出图表（PNG/SVG）…</translation>
    </message>
    <message>
        <source>Export overview table (CSV)…</source>
        <translation>导出总览表（CSV）…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>未打开记录文件。</translation>
    </message>
    <message>
        <source>This record has no layer entries.</source>
        <translation>该记录文件没有层记录。</translation>
    </message>
    <message>
        <source>Model overview</source>
        <translation>模型总览</translation>
    </message>
    <message>
        <source>severity {value}: strong, from {source} (the Layers table sorts by it)</source>
        <translation>严重度 {value}：强，来自 {source}（层列表按它排序）</translation>
    </message>
    <message>
        <source>Model overview — {n} layer</source>
        <translation>模型总览 — {n} 个层</translation>
    </message>
    <message>
        <source>Model overview — {n} layers</source>
        <translation>模型总览 — {n} 个层</translation>
    </message>
    <message>
        <source>{n} with errors</source>
        <translation>{n} 个层有错误</translation>
    </message>
    <message>
        <source>{n} with warnings (only)</source>
        <translation>{n} 个层仅有警告</translation>
    </message>
    <message>
        <source>no errors or warnings from the rules</source>
        <translation>规则未发现错误或警告</translation>
    </message>
    <message>
        <source>{n} of {total} per-channel layers with scale_w outliers (k = {k})</source>
        <translation>{total} 个逐通道量化层中有 {n} 个存在 scale_w 离群值（k = {k}）</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
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
        <source>problems (worst)</source>
        <translation>问题（最严重者）</translation>
    </message>
    <message>
        <source>scale_w outliers (k = {k})</source>
        <translation>scale_w 离群值（k = {k}）</translation>
    </message>
    <message>
        <source>scale_w max/min</source>
        <translation>scale_w 最大/最小</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>scale</translation>
    </message>
    <message>
        <source>layer {index} {key}: </source>
        <translation>层 {index} {key}：</translation>
    </message>
    <message>
        <source>no scale_d</source>
        <translation>无 scale_d</translation>
    </message>
    <message>
        <source>scale_d {scale_d}, offset_d {offset_d}, clip range [{lo}, {hi}] (INT{bits})</source>
        <translation>scale_d {scale_d}，offset_d {offset_d}，截断范围 [{lo}, {hi}]（INT{bits}）</translation>
    </message>
    <message>
        <source>; scale_w ×{n}: min {min}, median {median}, max {max}</source>
        <translation>；scale_w ×{n}：最小 {min}，中位数 {median}，最大 {max}</translation>
    </message>
    <message>
        <source>, no outliers (k = {k})</source>
        <translation>，无离群值（k = {k}）</translation>
    </message>
    <message>
        <source>, {n} outlier (k = {k})</source>
        <translation>，{n} 个离群值（k = {k}）</translation>
    </message>
    <message>
        <source>, {n} outliers (k = {k})</source>
        <translation>，{n} 个离群值（k = {k}）</translation>
    </message>
    <message>
        <source>; no scale_w</source>
        <translation>；无 scale_w</translation>
    </message>
    <message>
        <source> — {n} problem: {severity} {message}</source>
        <translation> — {n} 个问题：{severity} {message}</translation>
    </message>
    <message>
        <source> — {n} problems: {severity} {message}</source>
        <translation> — {n} 个问题：{severity} {message}</translation>
    </message>
    <message>
        <source> (+{n} more)</source>
        <translation>（另有 {n} 个）</translation>
    </message>
</context>
<context>
    <name>PlotData</name>
    <message>
        <source>INT8 (no wts_type in this dialect)</source>
        <translation>INT8（该格式没有 wts_type）</translation>
    </message>
    <message>
        <source>wts_type unset: INT8</source>
        <translation>未设置 wts_type：INT8</translation>
    </message>
    <message>
        <source>wts_type {name} unknown: INT8 assumed</source>
        <translation>未知的 wts_type {name}：按 INT8 处理</translation>
    </message>
    <message>
        <source>the span {lo}–{hi} is outside channels 0–{last}</source>
        <translation>区间 {lo}–{hi} 超出通道范围 0–{last}</translation>
    </message>
    <message>
        <source>the factor must be a finite number</source>
        <translation>系数必须是有限数</translation>
    </message>
    <message>
        <source>both clamp bounds must be finite numbers</source>
        <translation>限幅的上下界都必须是有限数</translation>
    </message>
    <message>
        <source>the lower bound {a} is above the upper bound {b}</source>
        <translation>下界 {a} 大于上界 {b}</translation>
    </message>
    <message>
        <source>the layer has no finite value to take the median of</source>
        <translation>该层没有可求中位数的有限值</translation>
    </message>
    <message>
        <source>there is no channel {source}; channels are 0–{last}</source>
        <translation>不存在通道 {source}；通道范围为 0–{last}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>no channel range</source>
        <translation>无通道范围</translation>
    </message>
    <message>
        <source>inverted range</source>
        <translation>范围颠倒</translation>
    </message>
    <message>
        <source>width mismatch</source>
        <translation>宽度不一致</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>范围重叠</translation>
    </message>
    <message>
        <source>{n} producer</source>
        <translation>{n} 个 producer</translation>
    </message>
    <message>
        <source>{n} producers</source>
        <translation>{n} 个 producer</translation>
    </message>
    <message>
        <source>{n} consumer</source>
        <translation>{n} 个 consumer</translation>
    </message>
    <message>
        <source>{n} consumers</source>
        <translation>{n} 个 consumer</translation>
    </message>
    <message>
        <source>prune record {index} — {producers}, {consumers}</source>
        <translation>稀疏记录 {index} — {producers}，{consumers}</translation>
    </message>
    <message>
        <source>, selective</source>
        <translation>，4选2结构化稀疏</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>no {missing} attribute: a {role} needs its channel range [begin, end)</source>
        <translation>缺少 {missing} 属性：{role} 需要给出通道范围 [begin, end)</translation>
    </message>
    <message>
        <source>begin = {b} is not below end = {e}: the range [begin, end) is empty</source>
        <translation>begin = {b} 不小于 end = {e}：范围 [begin, end) 为空</translation>
    </message>
    <message>
        <source>begin = {b} is not below end = {e}: the range [begin, end) is inverted</source>
        <translation>begin = {b} 不小于 end = {e}：范围 [begin, end) 颠倒</translation>
    </message>
    <message>
        <source>a negative bound ({b}, {e}); channels start at 0</source>
        <translation>边界为负（{b}, {e}）；通道从 0 开始</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>structured (2:4) sparsity of the weights, mask_shape {shape}; no channel range</source>
        <translation>权重的 4选2结构化稀疏，mask_shape {shape}；无通道范围</translation>
    </message>
    <message>
        <source>covers [{begin}, {end}) = {width} channels but producer {producer} covers [{ref_begin}, {ref_end}) = {ref_width}; every node of a prune record must have the same width</source>
        <translation>覆盖 [{begin}, {end}) = {width} 个通道，而 producer {producer} 覆盖 [{ref_begin}, {ref_end}) = {ref_width} 个；同一稀疏记录中所有节点的宽度必须一致</translation>
    </message>
    <message>
        <source>channels [{lo}, {hi}) are also consumed from {producers} (prune record {record}, consumer {consumer}); two producers cannot both decide those input channels</source>
        <translation>通道 [{lo}, {hi}) 同时也是 {producers} 的 consumer（稀疏记录 {record}，consumer {consumer}）；这些输入通道不能由两个 producer 同时决定</translation>
    </message>
    <message>
        <source>no producer</source>
        <translation>无 producer</translation>
    </message>
</context>
<context>
    <name>PlotExport</name>
    <message>
        <source>could not write {path}</source>
        <translation>无法写入 {path}</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
</context>
<context>
    <name>PlotItem</name>
    <message>
        <source>Plot Options</source>
        <translation>绘图选项</translation>
    </message>
    <message>
        <source>Transforms</source>
        <translation>变换</translation>
    </message>
    <message>
        <source>Downsample</source>
        <translation>降采样</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Alpha</source>
        <translation>透明度</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>数据点</translation>
    </message>
</context>
<context>
    <name>PlotOutliers</name>
    <message>
        <source>ok</source>
        <translation>正常</translation>
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
        <source>below the IQR fence</source>
        <translation>低于 IQR 下界</translation>
    </message>
    <message>
        <source>above the IQR fence</source>
        <translation>高于 IQR 上界</translation>
    </message>
</context>
<context>
    <name>PlotsPanel</name>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层列表</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Prune ranges</source>
        <translation>稀疏范围</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>网络图</translation>
    </message>
    <message>
        <source>the Overview plot</source>
        <translation>“总览”图</translation>
    </message>
    <message>
        <source>the Channels plot</source>
        <translation>“通道”图</translation>
    </message>
    <message>
        <source>the Layers table</source>
        <translation>“层列表”</translation>
    </message>
    <message>
        <source>the Prune ranges view</source>
        <translation>“稀疏范围”视图</translation>
    </message>
    <message>
        <source>the Graph view</source>
        <translation>“网络图”视图</translation>
    </message>
    <message>
        <source>the Overview, the Layers table or the Channels plot</source>
        <translation>“总览”图、“层列表”或“通道”图</translation>
    </message>
    <message>
        <source>Next Layer with Outliers</source>
        <translation>下一个有离群值的层</translation>
    </message>
    <message>
        <source>Select the next layer whose scale_w has outliers</source>
        <translation>选中下一个 scale_w 有离群值的层</translation>
    </message>
    <message>
        <source>Previous Layer with Outliers</source>
        <translation>上一个有离群值的层</translation>
    </message>
    <message>
        <source>Select the previous layer whose scale_w has outliers</source>
        <translation>选中上一个 scale_w 有离群值的层</translation>
    </message>
    <message>
        <source>Walk Layers By</source>
        <translation>遍历层的依据</translation>
    </message>
    <message>
        <source>What N and Shift+N walk through: the layers with outliers in the Layers table&apos;s order, or every layer worst first by a figure</source>
        <translation>N 与 Shift+N 逐个浏览的对象：按层列表当前顺序浏览有离群值的层，或按某项数值从最差开始浏览所有层</translation>
    </message>
    <message>
        <source>Layers with outliers (the Layers table&apos;s order)</source>
        <translation>有离群值的层（层列表顺序）</translation>
    </message>
    <message>
        <source>{name}, worst first</source>
        <translation>{name}，最差优先</translation>
    </message>
    <message>
        <source>Next Worse Layer by {name}</source>
        <translation>按{name}的下一较差层</translation>
    </message>
    <message>
        <source>Previous Worse Layer by {name}</source>
        <translation>按{name}的上一较差层</translation>
    </message>
    <message>
        <source>Select the layer ranked next, worst first by {name}</source>
        <translation>选择按{name}最差优先排序的下一层</translation>
    </message>
    <message>
        <source>Select the layer ranked before, worst first by {name}</source>
        <translation>选择按{name}最差优先排序的上一层</translation>
    </message>
    <message>
        <source>No layer has scale_w outliers at {k}</source>
        <translation>{k} 时没有层存在 scale_w 离群值</translation>
    </message>
    <message>
        <source>Layer {index} {key}: {n} scale_w outlier ({k})</source>
        <translation>层 {index} {key}：{n} 个 scale_w 离群值（{k}）</translation>
    </message>
    <message>
        <source>Layer {index} {key}: {n} scale_w outliers ({k})</source>
        <translation>层 {index} {key}：{n} 个 scale_w 离群值（{k}）</translation>
    </message>
    <message>
        <source> — {position} of {count} layer with outliers</source>
        <translation> — 有离群值的 {count} 个层中的第 {position} 个</translation>
    </message>
    <message>
        <source> — {position} of {count} layers with outliers</source>
        <translation> — 有离群值的 {count} 个层中的第 {position} 个</translation>
    </message>
    <message>
        <source> (wrapped around)</source>
        <translation>（已从头开始）</translation>
    </message>
    <message>
        <source>No layer has a value of {name}</source>
        <translation>没有层有{name}的值</translation>
    </message>
    <message>
        <source>Layer {index} {key}: {name} {value} — {position} of {count}, worst first</source>
        <translation>层 {index} {key}：{name} {value} — 最差优先第 {position} 个，共 {count} 个</translation>
    </message>
    <message>
        <source> (out of date: the layer was edited since)</source>
        <translation>（已过期：此后该层被编辑过）</translation>
    </message>
</context>
<context>
    <name>PruneRangesView</name>
    <message>
        <source>producer</source>
        <translation>producer（根节点）</translation>
    </message>
    <message>
        <source>consumer</source>
        <translation>consumer（下游节点）</translation>
    </message>
    <message>
        <source>width mismatch</source>
        <translation>宽度不一致</translation>
    </message>
    <message>
        <source>inverted / empty</source>
        <translation>颠倒 / 为空</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>范围重叠</translation>
    </message>
    <message>
        <source>no range (×)</source>
        <translation>无范围（×）</translation>
    </message>
    <message>
        <source>rows: P producer, C consumer, S selective prune</source>
        <translation>行：P producer, C consumer, S 4选2结构化稀疏</translation>
    </message>
    <message>
        <source>Prune ranges</source>
        <translation>稀疏范围</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Selected prune record only</source>
        <translation>仅显示选中的稀疏记录</translation>
    </message>
    <message>
        <source>Show only the prune record selected in the tree (S)</source>
        <translation>仅显示树中选中的稀疏记录（S）</translation>
    </message>
    <message>
        <source>View all rows</source>
        <translation>显示所有行</translation>
    </message>
    <message>
        <source>Next problem</source>
        <translation>下一个问题</translation>
    </message>
    <message>
        <source>Previous problem</source>
        <translation>上一个问题</translation>
    </message>
    <message>
        <source>Export plot (PNG/SVG)…</source>
        <translation>导出图表（PNG/SVG）…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>This dialect has no prune records.</source>
        <translation>该格式没有稀疏记录。</translation>
    </message>
    <message>
        <source>No record is open.</source>
        <translation>未打开记录文件。</translation>
    </message>
    <message>
        <source>This record has no prune records.</source>
        <translation>该记录文件没有稀疏记录。</translation>
    </message>
    <message>
        <source>{n} {status}</source>
        <translation>{n} 处{status}</translation>
    </message>
    <message>
        <source>1 of {n} prune records, {nodes} nodes — </source>
        <translation>{n} 条稀疏记录中的 1 条，{nodes} 个节点 — </translation>
    </message>
    <message>
        <source>{n} prune record, {nodes} nodes — </source>
        <translation>{n} 条稀疏记录，{nodes} 个节点 — </translation>
    </message>
    <message>
        <source>{n} prune records, {nodes} nodes — </source>
        <translation>{n} 条稀疏记录，{nodes} 个节点 — </translation>
    </message>
    <message>
        <source>no range problems</source>
        <translation>通道范围无问题</translation>
    </message>
    <message>
        <source>prune record {index}, {role}: {name}</source>
        <translation>稀疏记录 {index}，{role}：{name}</translation>
    </message>
    <message>
        <source> — channels [{begin}, {end}), {width} wide</source>
        <translation> — 通道 [{begin}, {end})，宽 {width}</translation>
    </message>
    <message>
        <source>No range problems in the prune records shown.</source>
        <translation>所显示的稀疏记录中没有通道范围问题。</translation>
    </message>
</context>
<context>
    <name>RollbackDialog</name>
    <message>
        <source>Export Roll-back Config</source>
        <translation>导出回退配置</translation>
    </message>
    <message>
        <source>AMCT&apos;s quant config with quant_enable false for the checked layers (and true for the other analysed layers): the file AMCT&apos;s accuracy-based auto-calibration writes and reads.</source>
        <translation>AMCT 的量化配置：勾选的层 quant_enable 为 false（其他已分析的层为 true），即 AMCT 基于精度的自动量化所写出和读取的文件。</translation>
    </message>
    <message>
        <source>Roll back layers of similarity below</source>
        <translation>回退相似度低于此值的层</translation>
    </message>
    <message>
        <source>Roll back layers of weight SQNR (dB) below</source>
        <translation>回退权重 SQNR (dB) 低于此值的层</translation>
    </message>
    <message>
        <source>none: a new config</source>
        <translation>无：新建配置</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Merge into config</source>
        <translation>合并到配置</translation>
    </message>
    <message>
        <source>{n} layer rolled back</source>
        <translation>回退 {n} 层</translation>
    </message>
    <message>
        <source>{n} layers rolled back</source>
        <translation>回退 {n} 层</translation>
    </message>
    <message>
        <source>Quant Config to Merge Into</source>
        <translation>要合并到的量化配置</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>SessionAnalysis</name>
    <message>
        <source>open a record with layer entries first</source>
        <translation>请先打开含有层条目的记录</translation>
    </message>
    <message>
        <source>attach the model the record belongs to first (File ▸ Attach Model…)</source>
        <translation>请先附加记录所属的模型（文件 ▸ 附加模型…）</translation>
    </message>
    <message>
        <source>the attached model has no weights to analyse</source>
        <translation>附加的模型没有可分析的权重</translation>
    </message>
    <message>
        <source>an analysis is under way</source>
        <translation>分析正在进行</translation>
    </message>
    <message>
        <source>{key}: activations measured again</source>
        <translation>{key}：已重新测量激活</translation>
    </message>
    <message>
        <source>Analysis failed: {reason}</source>
        <translation>分析失败：{reason}</translation>
    </message>
    <message>
        <source>Analysis cancelled</source>
        <translation>分析已取消</translation>
    </message>
    <message>
        <source>Analysed {layers} layers on {samples} samples</source>
        <translation>已在 {samples} 个输入上分析 {layers} 层</translation>
    </message>
    <message>
        <source>; output {name}: cosine {cosine} (lowest {lowest}), max |error| {error}</source>
        <translation>；输出 {name}：余弦 {cosine}（最低 {lowest}），最大|误差| {error}</translation>
    </message>
    <message>
        <source>Analysed the weights of {layers} layers ({why})</source>
        <translation>已分析 {layers} 层的权重（{why}）</translation>
    </message>
    <message>
        <source>{file}: {count} names match no layer: {names}</source>
        <translation>{file}：{count} 个名称没有对应的层：{names}</translation>
    </message>
</context>
<context>
    <name>SpanEdits</name>
    <message>
        <source>Span</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>Show a channel span to edit (R); drag its edges</source>
        <translation>显示要编辑的通道区间（R），可拖动其边缘</translation>
    </message>
    <message>
        <source>Multiply span by…</source>
        <translation>区间乘以…</translation>
    </message>
    <message>
        <source>Clamp span to…</source>
        <translation>区间限幅到…</translation>
    </message>
    <message>
        <source>Set span to layer median</source>
        <translation>区间设为该层中位数</translation>
    </message>
    <message>
        <source>Set span to channel…</source>
        <translation>区间设为某通道的值…</translation>
    </message>
    <message>
        <source>Hide span</source>
        <translation>隐藏区间</translation>
    </message>
    <message>
        <source>Edit span</source>
        <translation>编辑区间</translation>
    </message>
    <message>
        <source>the shown layer has no {field}</source>
        <translation>当前层没有 {field}</translation>
    </message>
    <message>
        <source>Done: {what}. </source>
        <translation>已完成：{what}。</translation>
    </message>
    <message>
        <source>span: {where}, {n} channels — Edit span (M, C, D, V) or drag its edges</source>
        <translation>区间：{where}，{n} 个通道 — 编辑区间（M、C、D、V）或拖动其边缘</translation>
    </message>
    <message>
        <source>span: {where}, {n} channel — Edit span (M, C, D, V) or drag its edges</source>
        <translation>区间：{where}，{n} 个通道 — 编辑区间（M、C、D、V）或拖动其边缘</translation>
    </message>
    <message>
        <source>Not changed: {reason}</source>
        <translation>未修改：{reason}</translation>
    </message>
    <message>
        <source>no layer is shown</source>
        <translation>当前未显示任何层</translation>
    </message>
    <message>
        <source>no span: show one with Span (R) and drag it over the channels to change</source>
        <translation>没有区间：用“区间”（R）显示一个区间，并拖动它覆盖要修改的通道</translation>
    </message>
    <message>
        <source>layer {key}</source>
        <translation>层 {key}</translation>
    </message>
    <message>
        <source>layer {index}</source>
        <translation>层 {index}</translation>
    </message>
    <message>
        <source>Multiply {what} of {layer} by {k}</source>
        <translation>将{layer}的 {what} 乘以 {k}</translation>
    </message>
    <message>
        <source>Clamp {what} of {layer} to [{a}, {b}]</source>
        <translation>将{layer}的 {what} 限幅到 [{a}, {b}]</translation>
    </message>
    <message>
        <source>Set {what} of {layer} to the median {value}</source>
        <translation>将{layer}的 {what} 设为中位数 {value}</translation>
    </message>
    <message>
        <source>Set {what} of {layer} to {source}</source>
        <translation>将{layer}的 {what} 设为 {source}</translation>
    </message>
    <message>
        <source>{what} already has these values; nothing to change</source>
        <translation>{what} 已是这些值，无需修改</translation>
    </message>
    <message>
        <source>{text} is not a number (write e.g. 2, 0.5 or 1e-3)</source>
        <translation>{text} 不是数字（请输入如 2、0.5 或 1e-3）</translation>
    </message>
    <message>
        <source>Multiply span</source>
        <translation>区间乘以系数</translation>
    </message>
    <message>
        <source>Multiply {what} by:</source>
        <translation>将 {what} 乘以：</translation>
    </message>
    <message>
        <source>give one factor</source>
        <translation>请给出一个系数</translation>
    </message>
    <message>
        <source>Clamp span</source>
        <translation>区间限幅</translation>
    </message>
    <message>
        <source>Clamp {what} to [a, b] (a, b):</source>
        <translation>将 {what} 限幅到 [a, b]（输入 a, b）：</translation>
    </message>
    <message>
        <source>give two bounds: a, b</source>
        <translation>请给出上下两个界：a, b</translation>
    </message>
    <message>
        <source>Set span to a channel&apos;s value</source>
        <translation>区间设为某通道的值</translation>
    </message>
    <message>
        <source>Set {what} to the value of channel:</source>
        <translation>将 {what} 设为该通道的值：</translation>
    </message>
</context>
<context>
    <name>ViewBox</name>
    <message>
        <source>ViewBox options</source>
        <translation>视图选项</translation>
    </message>
    <message>
        <source>View All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Mouse Mode</source>
        <translation>鼠标模式</translation>
    </message>
    <message>
        <source>3 button</source>
        <translation>三键</translation>
    </message>
    <message>
        <source>1 button</source>
        <translation>单键</translation>
    </message>
</context>
<context>
    <name>WeightsView</name>
    <message>
        <source>ARQ scale_w from the weights</source>
        <translation>由权重计算的 ARQ scale_w</translation>
    </message>
    <message>
        <source>worst scale_w / ARQ</source>
        <translation>最差 scale_w / ARQ</translation>
    </message>
    <message>
        <source>Wastes above ×</source>
        <translation>浪费阈值 ×</translation>
    </message>
    <message>
        <source>A channel whose scale_w is more than this many times AMCT&apos;s ARQ value from the weights wastes levels (2: one bit unused); below 1 it clips the weights</source>
        <translation>scale_w 超过由权重按 AMCT ARQ 算得的值的这一倍数时，该通道浪费量化级（2 表示有 1 bit 未用上）；小于 1 倍则会截断权重</translation>
    </message>
    <message>
        <source>Reset channel&apos;s scale_w from weights</source>
        <translation>按权重重置该通道的 scale_w</translation>
    </message>
    <message>
        <source>Reset span&apos;s scale_w from weights</source>
        <translation>按权重重置区间的 scale_w</translation>
    </message>
    <message>
        <source>Reset layer&apos;s scale_w from weights</source>
        <translation>按权重重置该层的 scale_w</translation>
    </message>
    <message>
        <source>Reset all flagged layers from weights</source>
        <translation>按权重重置所有有问题的层</translation>
    </message>
    <message>
        <source>Set the selected channel&apos;s scale_w to AMCT&apos;s ARQ value from the weights</source>
        <translation>将选中通道的 scale_w 设为由权重按 AMCT ARQ 算得的值</translation>
    </message>
    <message>
        <source>Set the span&apos;s scale_w to AMCT&apos;s ARQ values from the weights</source>
        <translation>将区间内的 scale_w 设为由权重按 AMCT ARQ 算得的值</translation>
    </message>
    <message>
        <source>Set the whole scale_w of the shown layer to AMCT&apos;s ARQ values</source>
        <translation>将当前层的全部 scale_w 设为 AMCT ARQ 算得的值</translation>
    </message>
    <message>
        <source>Set scale_w of every layer that clips its weights or wastes levels to AMCT&apos;s ARQ values (one undo step)</source>
        <translation>将所有截断权重或浪费量化级的层的 scale_w 设为 AMCT ARQ 算得的值（一步撤销）</translation>
    </message>
    <message>
        <source>Weights overlay</source>
        <translation>权重叠加</translation>
    </message>
    <message>
        <source>Show AMCT&apos;s ARQ scale_w from the attached model&apos;s weights, and the ratio of scale_w to it</source>
        <translation>显示由所附模型权重按 AMCT ARQ 算得的 scale_w，以及 scale_w 与它的比值</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>clips the weights in {n}</source>
        <translation>{n} 个通道截断权重</translation>
    </message>
    <message>
        <source>wastes levels in {n}</source>
        <translation>{n} 个通道浪费量化级</translation>
    </message>
    <message>
        <source>channel {c}</source>
        <translation>通道 {c}</translation>
    </message>
    <message>
        <source>per tensor</source>
        <translation>逐张量</translation>
    </message>
    <message>
        <source>; {what} of {n}</source>
        <translation>；共 {n} 个通道中 {what}</translation>
    </message>
    <message>
        <source>clips the weights: its range ±{q}·scale_w = ±{range} is narrower than the weights&apos; {boundary}</source>
        <translation>截断权重：其范围 ±{q}·scale_w = ±{range} 小于权重的 {boundary}</translation>
    </message>
    <message>
        <source>wastes levels: {ratio}× the ARQ value (above {waste}×)</source>
        <translation>浪费量化级：为 ARQ 值的 {ratio} 倍（超过 {waste} 倍）</translation>
    </message>
    <message>
        <source>ARQ from the weights {arq} (largest |w| {boundary}), scale_w / ARQ ×{ratio}</source>
        <translation>由权重算得的 ARQ {arq}（最大 |w| {boundary}），scale_w / ARQ ×{ratio}</translation>
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
        <source>weights: {clip} clip, {waste} waste ({how})</source>
        <translation>权重：{clip} 个截断，{waste} 个浪费（{how}）</translation>
    </message>
    <message>
        <source>no layer is shown</source>
        <translation>当前未显示任何层</translation>
    </message>
    <message>
        <source>select a channel of scale_w first (click it in the plot or the table)</source>
        <translation>请先选中 scale_w 的一个通道（在图表或表格中单击）</translation>
    </message>
    <message>
        <source>no span on scale_w: show one with Span (R) and drag it over the channels</source>
        <translation>scale_w 上没有区间：用“区间”（R）显示一个区间，并拖动它覆盖通道</translation>
    </message>
    <message>
        <source>no layer&apos;s scale_w clips its weights or wastes levels</source>
        <translation>没有层的 scale_w 截断权重或浪费量化级</translation>
    </message>
    <message>
        <source> — {n} refused: {reasons}</source>
        <translation> — {n} 个被拒绝：{reasons}</translation>
    </message>
    <message>
        <source>Done: {what}</source>
        <translation>已完成：{what}</translation>
    </message>
    <message>
        <source>Not changed: {reason}</source>
        <translation>未修改：{reason}</translation>
    </message>
</context>
</TS>
