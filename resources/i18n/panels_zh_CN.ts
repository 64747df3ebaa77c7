<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ChannelTable</name>
    <message>
        <source>{name} has {n} values; channel {row} has none</source>
        <translation>{name} 只有 {n} 个值，通道 {row} 没有值</translation>
    </message>
    <message>
        <source>{field}: {reason}</source>
        <translation>{field}：{reason}</translation>
    </message>
    <message>
        <source>this layer has no values of that kind to add a channel to</source>
        <translation>该层没有这类数值，无法添加通道</translation>
    </message>
    <message>
        <source>Cannot add a channel: {reason}</source>
        <translation>无法添加通道：{reason}</translation>
    </message>
    <message>
        <source>Add channel {n} to {names}</source>
        <translation>为 {names} 添加通道 {n}</translation>
    </message>
    <message>
        <source>Cannot delete: {reason}</source>
        <translation>无法删除：{reason}</translation>
    </message>
    <message>
        <source>Delete 1 channel</source>
        <translation>删除 1 个通道</translation>
    </message>
    <message>
        <source>Delete {n} channels</source>
        <translation>删除 {n} 个通道</translation>
    </message>
    <message>
        <source>Add input channel</source>
        <translation>添加输入通道</translation>
    </message>
    <message>
        <source>Add channel</source>
        <translation>添加通道</translation>
    </message>
    <message>
        <source>Append a channel to every vector of this kind, in one undo step (scale values copy the last channel, offsets are 0)</source>
        <translation>在这类的每个向量末尾各追加一个通道，一步完成、可一次撤销（scale 值沿用最后一个通道，offset 取 0）</translation>
    </message>
    <message>
        <source>Delete channels</source>
        <translation>删除通道</translation>
    </message>
    <message>
        <source>Delete the selected channels from every vector of their kind, in one undo step</source>
        <translation>从同类的每个向量中删除所选通道，一步完成、可一次撤销</translation>
    </message>
    <message>
        <source>{name}: {n} values, one per input channel</source>
        <translation>{name}：{n} 个值，每个输入通道一个</translation>
    </message>
    <message>
        <source> (scale_w has {n}, one per output channel; they need not match)</source>
        <translation>（scale_w 有 {n} 个，每个输出通道一个；两者个数不必相同）</translation>
    </message>
    <message>
        <source>per-tensor (one value)</source>
        <translation>逐张量（一个值）</translation>
    </message>
    <message>
        <source>{n} channels</source>
        <translation>{n} 个通道</translation>
    </message>
    <message>
        <source>lengths differ: {lengths}</source>
        <translation>长度不一致：{lengths}</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Select the channels to delete first</source>
        <translation>请先选择要删除的通道</translation>
    </message>
</context>
<context>
    <name>LayerPanel</name>
    <message>
        <source>Select a layer in the tree to edit its factors.</source>
        <translation>在树中选择一个层，即可编辑它的量化因子。</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>未设置层名</translation>
    </message>
    <message>
        <source>layer type</source>
        <translation>层类型</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活量化</translation>
    </message>
    <message>
        <source>clip range</source>
        <translation>截断范围</translation>
    </message>
    <message>
        <source>[−(2^(b−1) + offset_d)·scale_d, (2^(b−1) − 1 − offset_d)·scale_d], b from act_type: the float range the activations are clipped to</source>
        <translation>[−(2^(b−1) + offset_d)·scale_d, (2^(b−1) − 1 − offset_d)·scale_d]，b 取决于 act_type：激活值量化前被截断到的浮点范围，超出部分饱和到边界值</translation>
    </message>
    <message>
        <source>Set from range…</source>
        <translation>按范围设置…</translation>
    </message>
    <message>
        <source>Compute scale_d and offset_d from a float range, as AMCT does (forced through zero), in one undo step</source>
        <translation>按 AMCT 的算法（强制过零点）由浮点范围算出 scale_d 和 offset_d，一步完成、可一次撤销</translation>
    </message>
    <message>
        <source>Types and options</source>
        <translation>类型与选项</translation>
    </message>
    <message>
        <source>prune links</source>
        <translation>稀疏级联关系</translation>
    </message>
    <message>
        <source>Per-channel weights</source>
        <translation>逐通道权重</translation>
    </message>
    <message>
        <source>±(2^(b−1) − 1)·scale_w[c], b from wts_type (unset: INT8; INT6/INT7 factors are stored as INT8): the largest weight magnitude channel c represents</source>
        <translation>±(2^(b−1) − 1)·scale_w[c]，b 取决于 wts_type（未设置时为 INT8；INT6/INT7 的量化因子按 INT8 保存）：通道 c 能表示的最大权重绝对值</translation>
    </message>
    <message>
        <source>weight range</source>
        <translation>权重范围</translation>
    </message>
    <message>
        <source>scale_d·scale_w[c]: the dequantization scale the device uses for channel c</source>
        <translation>scale_d·scale_w[c]：设备对通道 c 使用的反量化 scale</translation>
    </message>
    <message>
        <source>dequant scale</source>
        <translation>反量化 scale</translation>
    </message>
    <message>
        <source>no layer is shown</source>
        <translation>当前未显示任何层</translation>
    </message>
    <message>
        <source>{producers} prune_producer, {consumers} prune_consumer name(s)</source>
        <translation>{producers} 个 prune_producer，{consumers} 个 prune_consumer</translation>
    </message>
    <message>
        <source>RNN</source>
        <translation>RNN 量化因子</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>act_type {act} unknown, so INT8</source>
        <translation>无法识别 act_type {act}，按 INT8 处理</translation>
    </message>
    <message>
        <source>act_type unset, so INT8</source>
        <translation>act_type 未设置，按 INT8 处理</translation>
    </message>
    <message>
        <source>allowed [{lo}, {hi}] ({words})</source>
        <translation>允许范围 [{lo}, {hi}]（{words}）</translation>
    </message>
    <message>
        <source>needs scale_d and offset_d</source>
        <translation>需要 scale_d 和 offset_d</translation>
    </message>
    <message>
        <source>[{lo}, {hi}]  at {bits} bits</source>
        <translation>[{lo}, {hi}]（{bits} 位）</translation>
    </message>
    <message>
        <source>from its prune record</source>
        <translation>来自稀疏记录</translation>
    </message>
    <message>
        <source>from its key</source>
        <translation>由层名得出</translation>
    </message>
    <message>
        <source>guessed from its name</source>
        <translation>根据名称推测</translation>
    </message>
    <message>
        <source>from the model</source>
        <translation>来自模型</translation>
    </message>
    <message>
        <source>{type} ({source})</source>
        <translation>{type}（{source}）</translation>
    </message>
    <message>
        <source>unknown (no prune record names it; the key does not say)</source>
        <translation>未知（没有稀疏记录提到该层，层名也看不出）</translation>
    </message>
    <message>
        <source>min {lo} is above max {hi}</source>
        <translation>最小值 {lo} 大于最大值 {hi}</translation>
    </message>
    <message>
        <source>Cannot set from range: {reason}</source>
        <translation>无法按范围设置：{reason}</translation>
    </message>
    <message>
        <source>Set scale_d/offset_d of {layer} from range [{lo}, {hi}]</source>
        <translation>按范围 [{lo}, {hi}] 设置 {layer} 的 scale_d/offset_d</translation>
    </message>
    <message>
        <source>not in {file}</source>
        <translation>不在 {file} 中</translation>
    </message>
    <message>
        <source>input {index} of {layer} ({description})</source>
        <translation>{layer} 的输入 {index}（{description}）</translation>
    </message>
    <message>
        <source> — AMCT cannot quantize it</source>
        <translation> — AMCT 不支持量化该层</translation>
    </message>
    <message>
        <source>clips the weights in {n}</source>
        <translation>{n} 个通道的权重被截断</translation>
    </message>
    <message>
        <source>wastes levels in {n}</source>
        <translation>{n} 个通道浪费量化级</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>; scale_w / ARQ from the weights: worst {where}×{ratio}</source>
        <translation>；scale_w 与按权重算出的 ARQ 值之比：最差 {where}×{ratio}</translation>
    </message>
    <message>
        <source> ({verdict} of 1 channel)</source>
        <translation>（共 1 个通道：{verdict}）</translation>
    </message>
    <message>
        <source> ({verdict} of {n} channels)</source>
        <translation>（共 {n} 个通道，其中 {verdict}）</translation>
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
        <source>; scale_w not compared with the weights: {reason}</source>
        <translation>；未将 scale_w 与权重比较：{reason}</translation>
    </message>
</context>
<context>
    <name>PanelProblems</name>
    <message>
        <source>No problems in this prune record.</source>
        <translation>该稀疏记录没有问题。</translation>
    </message>
    <message>
        <source>No problems in this layer.</source>
        <translation>该层没有问题。</translation>
    </message>
    <message>
        <source>Problems of this prune record: {errors}, {warnings}, {infos}</source>
        <translation>该稀疏记录的问题：{errors}，{warnings}，{infos}</translation>
    </message>
    <message>
        <source>Problems of this layer: {errors}, {warnings}, {infos}</source>
        <translation>该层的问题：{errors}，{warnings}，{infos}</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>{n} info</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <source>{severity}: {message}  [{rule}]</source>
        <translation>{severity}：{message}  [{rule}]</translation>
    </message>
</context>
<context>
    <name>ProblemsDock</name>
    <message>
        <source>Show errors</source>
        <translation>显示错误</translation>
    </message>
    <message>
        <source>Show warnings</source>
        <translation>显示警告</translation>
    </message>
    <message>
        <source>Show info</source>
        <translation>显示提示</translation>
    </message>
    <message>
        <source>record {index} · {key}</source>
        <translation>记录 {index} · {key}</translation>
    </message>
    <message>
        <source>record {index}</source>
        <translation>记录 {index}</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>no problems</source>
        <translation>没有问题</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>{count} ({n} shown)</source>
        <translation>{count}（显示 {n} 个）</translation>
    </message>
    <message>
        <source>(found when reading the file, line {line})</source>
        <translation>（读取文件时发现，第 {line} 行）</translation>
    </message>
    <message>
        <source>(line {line} of the file)</source>
        <translation>（文件第 {line} 行）</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Rule:</source>
        <translation>规则：</translation>
    </message>
    <message>
        <source>Problems ({n})</source>
        <translation>问题（{n}）</translation>
    </message>
    <message>
        <source>all rules</source>
        <translation>全部规则</translation>
    </message>
</context>
<context>
    <name>PrunePanel</name>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>节点名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Begin</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Other attributes</source>
        <translation>其他属性</translation>
    </message>
    <message>
        <source>{node} has no channel range [begin, end)</source>
        <translation>{node} 没有通道范围 [begin, end)</translation>
    </message>
    <message>
        <source>begin {begin} is not below end {end}: the range is empty or inverted</source>
        <translation>begin {begin} 不小于 end {end}：范围为空或首尾颠倒</translation>
    </message>
    <message>
        <source>width {width} differs from the producer&apos;s {reference}; every node must cover as many channels</source>
        <translation>宽度 {width} 与 producer 的 {reference} 不同；每个节点覆盖的通道数必须相同</translation>
    </message>
    <message>
        <source>end − begin</source>
        <translation>end − begin（覆盖的通道数）</translation>
    </message>
    <message>
        <source>no name (required)</source>
        <translation>没有名称（必填）</translation>
    </message>
    <message>
        <source>{node} name: {reason}</source>
        <translation>{node} 的名称：{reason}</translation>
    </message>
    <message>
        <source>{node} {attr} takes a whole number (a channel index), not {value}</source>
        <translation>{node} 的 {attr} 应为整数（通道索引），不能是 {value}</translation>
    </message>
    <message>
        <source>Rename {node} of prune record {index} to {name}</source>
        <translation>将稀疏记录 {index} 的 {node} 重命名为 {name}</translation>
    </message>
    <message>
        <source>Set {attr} of {node} of prune record {index} to {value}</source>
        <translation>将稀疏记录 {index} 中 {node} 的 {attr} 设为 {value}</translation>
    </message>
    <message>
        <source>Set channel range of all nodes</source>
        <translation>设置所有节点的通道范围</translation>
    </message>
    <message>
        <source>Every producer and consumer of this prune record gets this range.</source>
        <translation>该稀疏记录的每个 producer 和 consumer 都将使用这一范围。</translation>
    </message>
    <message>
        <source>Select a prune record in the tree to edit its producers and consumers.</source>
        <translation>在树中选择一个稀疏记录，即可编辑它的 producer 和 consumer。</translation>
    </message>
    <message>
        <source>Set channel range…</source>
        <translation>设置通道范围…</translation>
    </message>
    <message>
        <source>Give every producer and consumer the same [begin, end), in one undo step</source>
        <translation>为每个 producer 和 consumer 设置相同的 [begin, end)，一步完成、可一次撤销</translation>
    </message>
    <message>
        <source>Add consumer</source>
        <translation>添加 consumer</translation>
    </message>
    <message>
        <source>Add a consumer with the first producer&apos;s channel range</source>
        <translation>添加一个 consumer，通道范围与第一个 producer 相同</translation>
    </message>
    <message>
        <source>Delete node</source>
        <translation>删除节点</translation>
    </message>
    <message>
        <source>no other attributes</source>
        <translation>没有其他属性</translation>
    </message>
    <message>
        <source>Select a node to see its other attributes (prune_axis, group, …).</source>
        <translation>选择一个节点，查看它的其他属性（prune_axis、group 等）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Prune record {index}&lt;/b&gt;: {producers} producer(s), {consumers} consumer(s)</source>
        <translation>&lt;b&gt;稀疏记录 {index}&lt;/b&gt;：{producers} 个 producer，{consumers} 个 consumer</translation>
    </message>
    <message>
        <source>, {n} channel</source>
        <translation>，{n} 个通道</translation>
    </message>
    <message>
        <source>, {n} channels</source>
        <translation>，{n} 个通道</translation>
    </message>
    <message>
        <source>Cannot set the range: {reason}</source>
        <translation>无法设置范围：{reason}</translation>
    </message>
    <message>
        <source>Set channel range of prune record {index} to [{begin}, {end})</source>
        <translation>将稀疏记录 {index} 的通道范围设为 [{begin}, {end})</translation>
    </message>
    <message>
        <source>Cannot add a producer: {reason}</source>
        <translation>无法添加 producer：{reason}</translation>
    </message>
    <message>
        <source>Cannot add a consumer: {reason}</source>
        <translation>无法添加 consumer：{reason}</translation>
    </message>
    <message>
        <source>Add {role} {name} to prune record {index}</source>
        <translation>向稀疏记录 {index} 添加 {role} {name}</translation>
    </message>
    <message>
        <source>Select a node to delete first</source>
        <translation>请先选择要删除的节点</translation>
    </message>
    <message>
        <source>selective_prune is not a list element; clear it in the tree</source>
        <translation>selective_prune 不是列表元素，请在树中清除它</translation>
    </message>
    <message>
        <source>Cannot delete {node}: {reason}</source>
        <translation>无法删除 {node}：{reason}</translation>
    </message>
</context>
<context>
    <name>RecordPanels</name>
    <message>
        <source>Select a layer or a prune record in the tree to edit it here.</source>
        <translation>在树中选择一个层或稀疏记录，即可在这里编辑。</translation>
    </message>
</context>
<context>
    <name>SetFromRangeDialog</name>
    <message>
        <source>Set scale_d / offset_d from a range</source>
        <translation>按范围设置 scale_d / offset_d</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>AMCT&apos;s formula (asymmetric, forced through zero):&lt;br&gt;min = min(min, 0), max = max(max, 0), scale = (max − min) / (2&lt;sup&gt;b&lt;/sup&gt; − 1),&lt;br&gt;offset = round(−2&lt;sup&gt;b−1&lt;/sup&gt; − min / scale)</source>
        <translation>AMCT 的计算公式（非对称量化，强制过零点）：&lt;br&gt;min = min(min, 0)，max = max(max, 0)，scale = (max − min) / (2&lt;sup&gt;b&lt;/sup&gt; − 1)，&lt;br&gt;offset = round(−2&lt;sup&gt;b−1&lt;/sup&gt; − min / scale)</translation>
    </message>
    <message>
        <source>{text} is not a number</source>
        <translation>{text} 不是数字</translation>
    </message>
    <message>
        <source>Enter two numbers.</source>
        <translation>请输入两个数字。</translation>
    </message>
    <message>
        <source>INT{bits}: scale_d = {scale}, offset_d = {offset}&lt;br&gt;clip range then [{lo}, {hi}]</source>
        <translation>INT{bits}：scale_d = {scale}，offset_d = {offset}&lt;br&gt;截断范围将为 [{lo}, {hi}]</translation>
    </message>
</context>
</TS>
