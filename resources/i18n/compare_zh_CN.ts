<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CompareController</name>
    <message>
        <source>not enough memory to compare the two records</source>
        <translation>内存不足，无法比较这两个记录文件</translation>
    </message>
    <message>
        <source>the comparison failed ({error})</source>
        <translation>比较失败（{error}）</translation>
    </message>
    <message>
        <source>Open a record first: the comparison is of the open record with another</source>
        <translation>请先打开一个记录文件：比较的是当前记录文件与另一个记录文件</translation>
    </message>
    <message>
        <source>Reading {name} to compare with…</source>
        <translation>正在读取对比文件 {name}…</translation>
    </message>
    <message>
        <source>{path}: the comparison failed ({error})</source>
        <translation>{path}：比较失败（{error}）</translation>
    </message>
    <message>
        <source>{path}: the comparison failed</source>
        <translation>{path}：比较失败</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>The reader can read it by repairing {n} places (as pasted from AMCT&apos;s documentation). Compare with the repaired record?</source>
        <translation>修复 {n} 处（从 AMCT 文档中粘贴时带入的格式问题）后即可读取。是否与修复后的记录文件比较？</translation>
    </message>
    <message>
        <source>The reader can read it by repairing 1 place (as pasted from AMCT&apos;s documentation). Compare with the repaired record?</source>
        <translation>修复 1 处（从 AMCT 文档中粘贴时带入的格式问题）后即可读取。是否与修复后的记录文件比较？</translation>
    </message>
    <message>
        <source>Compare with the repaired record?</source>
        <translation>与修复后的记录文件比较？</translation>
    </message>
    <message>
        <source>Compare Repaired</source>
        <translation>修复后比较</translation>
    </message>
    <message>
        <source>Nothing compared</source>
        <translation>未进行比较</translation>
    </message>
    <message>
        <source>Comparing with {name}…</source>
        <translation>正在与 {name} 比较…</translation>
    </message>
    <message>
        <source>Comparing with {name}: {summary}</source>
        <translation>与 {name} 比较：{summary}</translation>
    </message>
    <message>
        <source>Could not read the record to compare with</source>
        <translation>无法读取对比的记录文件</translation>
    </message>
    <message>
        <source>Comparison cancelled</source>
        <translation>已取消比较</translation>
    </message>
    <message>
        <source>Comparison closed</source>
        <translation>已关闭比较</translation>
    </message>
    <message>
        <source>{name} is a number of at least 0, not {value}</source>
        <translation>{name} 须为不小于 0 的数，而不是 {value}</translation>
    </message>
</context>
<context>
    <name>CompareUi</name>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与其他记录文件比较(&amp;W)…</translation>
    </message>
    <message>
        <source>Open another record read-only and compare the open record with it</source>
        <translation>以只读方式打开另一个记录文件，并将当前记录文件与之比较</translation>
    </message>
    <message>
        <source>Close Co&amp;mparison</source>
        <translation>关闭比较(&amp;M)</translation>
    </message>
    <message>
        <source>Close the compared record; the open record stays as it is</source>
        <translation>关闭对比的记录文件；当前记录文件保持不变</translation>
    </message>
    <message>
        <source>&amp;Next Difference</source>
        <translation>下一处差异(&amp;N)</translation>
    </message>
    <message>
        <source>Select the next field that differs from the compared record</source>
        <translation>选中下一个与对比文件不同的字段</translation>
    </message>
    <message>
        <source>&amp;Previous Difference</source>
        <translation>上一处差异(&amp;P)</translation>
    </message>
    <message>
        <source>Select the previous field that differs from the compared record</source>
        <translation>选中上一个与对比文件不同的字段</translation>
    </message>
    <message>
        <source>&amp;Take from B</source>
        <translation>采用 B 的值(&amp;T)</translation>
    </message>
    <message>
        <source>Make the open record equal to the compared one in what is selected: rows of the Differences table, the span in Channels, or tree rows</source>
        <translation>让当前记录文件中选中的内容与对比文件一致：差异表中的行、通道图中的通道区间，或树中的行</translation>
    </message>
    <message>
        <source>Take &amp;Span from B</source>
        <translation>采用 B 的通道区间(&amp;S)</translation>
    </message>
    <message>
        <source>Make the channels of the span shown in Channels equal to B&apos;s</source>
        <translation>让通道图中所示区间的各通道与 B 一致</translation>
    </message>
    <message>
        <source>Take &amp;Layer from B</source>
        <translation>采用 B 的整层(&amp;L)</translation>
    </message>
    <message>
        <source>Make the selected layer equal to B&apos;s</source>
        <translation>让选中的层与 B 一致</translation>
    </message>
    <message>
        <source>&amp;Differences Table</source>
        <translation>差异表(&amp;D)</translation>
    </message>
    <message>
        <source>Bring up the table of every difference</source>
        <translation>显示列出全部差异的表格</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>Read B As &amp;Dialect</source>
        <translation>按格式读取 B(&amp;D)</translation>
    </message>
    <message>
        <source>Read the compared record again with the {title} schema</source>
        <translation>按 {title} 的 schema 重新读取对比文件</translation>
    </message>
    <message>
        <source>The record the open one is compared with (Compare ▸ Differences Table)</source>
        <translation>与当前记录文件比较的文件（比较 ▸ 差异表）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop reading the record to compare with</source>
        <translation>停止读取对比文件</translation>
    </message>
    <message>
        <source>Open a record first: it is compared with the one you choose</source>
        <translation>请先打开一个记录文件，再选择要与之比较的文件</translation>
    </message>
    <message>
        <source>Nothing compared with {name}: the record did not open</source>
        <translation>未与 {name} 比较：记录文件未能打开</translation>
    </message>
    <message>
        <source>No difference in the open record to go to (only B has what differs)</source>
        <translation>当前记录文件中没有可跳转的差异（差异只在 B 中）</translation>
    </message>
    <message>
        <source>No difference in the open record to go to</source>
        <translation>当前记录文件中没有可跳转的差异</translation>
    </message>
    <message>
        <source>Difference {k} of {n}: {what} (wrapped around)</source>
        <translation>第 {k}/{n} 处差异：{what}（已从头开始）</translation>
    </message>
    <message>
        <source>Difference {k} of {n}: {what}</source>
        <translation>第 {k}/{n} 处差异：{what}</translation>
    </message>
    <message>
        <source> — A {a}, B {b}</source>
        <translation> — A 为 {a}，B 为 {b}</translation>
    </message>
    <message>
        <source> — only in A</source>
        <translation> — 仅 A 中有</translation>
    </message>
    <message>
        <source>Nothing to take from: no record is compared</source>
        <translation>无值可采用：当前没有对比的记录文件</translation>
    </message>
    <message>
        <source>Not taken: {why}</source>
        <translation>未采用：{why}</translation>
    </message>
    <message>
        <source>Done: {what} (Ctrl+Z undoes it)</source>
        <translation>已完成：{what}（按 Ctrl+Z 撤销）</translation>
    </message>
    <message>
        <source>Not taken: select rows of the Differences table first</source>
        <translation>未采用：请先在差异表中选中行</translation>
    </message>
    <message>
        <source>Not taken: show a span in Channels first (R)</source>
        <translation>未采用：请先在通道图中显示一个通道区间（R）</translation>
    </message>
    <message>
        <source>Not taken: select a layer first</source>
        <translation>未采用：请先选中一个层</translation>
    </message>
    <message>
        <source>layers are matched by their key: take the layer, or rename it in the tree</source>
        <translation>层按 key 对应：请采用整层，或在树中重命名</translation>
    </message>
    <message>
        <source>that prune record does not differ from B&apos;s</source>
        <translation>该稀疏记录与 B 中的没有差异</translation>
    </message>
    <message>
        <source>select a layer, a field, channels or a prune node to take from B</source>
        <translation>请选中要采用 B 值的层、字段、通道或稀疏节点</translation>
    </message>
    <message>
        <source>{layer} is only in B: Take from B adds it to the open record</source>
        <translation>{layer} 仅 B 中有：“采用 B 的值”会将其添加到当前记录文件</translation>
    </message>
</context>
<context>
    <name>CompareViews</name>
    <message>
        <source>B: {name}</source>
        <translation>B：{name}</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>仅 A 中有</translation>
    </message>
    <message>
        <source>compared: B ({name}) has no layer {key}</source>
        <translation>比较结果：B（{name}）中没有层 {key}</translation>
    </message>
    <message>
        <source>compared with B: {channels} channels differ, the largest change {change} (A {a}, B {b})</source>
        <translation>与 B 比较：{channels} 个通道不同，最大变化 {change}（A 为 {a}，B 为 {b}）</translation>
    </message>
    <message>
        <source>compared with B: B has {b} (A {a})</source>
        <translation>与 B 比较：B 中为 {b}（A 中为 {a}）</translation>
    </message>
    <message>
        <source>≠ B: {n} fields</source>
        <translation>≠ B：{n} 个字段</translation>
    </message>
    <message>
        <source>≠ B: 1 field</source>
        <translation>≠ B：1 个字段</translation>
    </message>
    <message>
        <source>compared with B: {fields} differ</source>
        <translation>与 B 比较：{fields} 不同</translation>
    </message>
    <message>
        <source>; B has {b} values, A {a}</source>
        <translation>；B 有 {b} 个值，A 有 {a} 个</translation>
    </message>
    <message>
        <source>scale_w A↔B, largest factor</source>
        <translation>scale_w A↔B：最大倍数</translation>
    </message>
    <message>
        <source>scale_d B / A</source>
        <translation>scale_d 比值 B / A</translation>
    </message>
    <message>
        <source>B: no value</source>
        <translation>B：无值</translation>
    </message>
    <message>
        <source>B {b}, B / A ×{ratio}</source>
        <translation>B 为 {b}，B / A ×{ratio}</translation>
    </message>
    <message>
        <source> beyond rtol {rtol}, atol {atol}</source>
        <translation>（超出 rtol {rtol}、atol {atol}）</translation>
    </message>
    <message>
        <source>B: {k} of {n} channels differ{tolerance}{length}</source>
        <translation>B：{n} 个通道中有 {k} 个不同{tolerance}{length}</translation>
    </message>
    <message>
        <source>B: {k} of 1 channel differ{tolerance}{length}</source>
        <translation>B：1 个通道中有 {k} 个不同{tolerance}{length}</translation>
    </message>
    <message>
        <source>differs from B</source>
        <translation>与 B 不同</translation>
    </message>
</context>
<context>
    <name>DiffRows</name>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
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
        <source>&lt;{n} bytes&gt;</source>
        <translation>&lt;{n} 字节&gt;</translation>
    </message>
    <message>
        <source>no attributes</source>
        <translation>无属性</translation>
    </message>
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
        <source> (copy {n})</source>
        <translation>（第 {n} 个）</translation>
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
    <name>DifferencesModel</name>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>The layer&apos;s key (a prune row: the node and its prune record)</source>
        <translation>层的 key（稀疏记录行：节点及其所在的稀疏记录）</translation>
    </message>
    <message>
        <source>field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>The field that differs (a prune row: the attribute)</source>
        <translation>不同的字段（稀疏记录行：属性）</translation>
    </message>
    <message>
        <source>channels differing</source>
        <translation>不同的通道</translation>
    </message>
    <message>
        <source>How many of the channels both records have differ, and a change of length</source>
        <translation>两个记录文件共有的通道中有多少个不同，以及长度的变化</translation>
    </message>
    <message>
        <source>largest change</source>
        <translation>最大变化</translation>
    </message>
    <message>
        <source>The largest relative change (B − A) / |A| and its channel; ×N for N times or more</source>
        <translation>最大相对变化 (B − A) / |A| 及其所在通道；变化达 N 倍及以上时显示为 ×N</translation>
    </message>
    <message>
        <source>The open record&apos;s value (a per-channel field: at the largest change)</source>
        <translation>当前记录文件中的值（逐通道字段：最大变化处的值）</translation>
    </message>
    <message>
        <source>The compared record&apos;s value (a per-channel field: at the largest change)</source>
        <translation>对比文件中的值（逐通道字段：最大变化处的值）</translation>
    </message>
    <message>
        <source>{layer}: a layer only A has (Take from B deletes it from A)</source>
        <translation>{layer}：仅 A 中有的层（“采用 B 的值”会将其从 A 中删除）</translation>
    </message>
    <message>
        <source>{layer}: a layer only B has (Take from B adds it to A)</source>
        <translation>{layer}：仅 B 中有的层（“采用 B 的值”会将其添加到 A）</translation>
    </message>
    <message>
        <source>{channels} … ({n} more)</source>
        <translation>{channels} …（另有 {n} 个）</translation>
    </message>
    <message>
        <source>channels differing: {channels}</source>
        <translation>不同的通道：{channels}</translation>
    </message>
    <message>
        <source>largest change: {change}</source>
        <translation>最大变化：{change}</translation>
    </message>
    <message>
        <source>(double-click: open in Channels)</source>
        <translation>（双击：在通道图中打开）</translation>
    </message>
</context>
<context>
    <name>DifferencesView</name>
    <message>
        <source>{name} {text} is not a number</source>
        <translation>{name} 的值 {text} 不是数字</translation>
    </message>
    <message>
        <source>Relative tolerance: float values differ when |a − b| &gt; atol + rtol·|b| (0: exactly)</source>
        <translation>相对容差：浮点值满足 |a − b| &gt; atol + rtol·|b| 时视为不同（0：须完全相同）</translation>
    </message>
    <message>
        <source>Absolute tolerance: float values differ when |a − b| &gt; atol + rtol·|b| (0: exactly)</source>
        <translation>绝对容差：浮点值满足 |a − b| &gt; atol + rtol·|b| 时视为不同（0：须完全相同）</translation>
    </message>
    <message>
        <source>Filter layers (text or regex)</source>
        <translation>筛选层（文本或正则表达式）</translation>
    </message>
    <message>
        <source>Show the rows whose layer matches: a part of the key, or a regular expression</source>
        <translation>只显示层匹配的行：key 的一部分，或正则表达式</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>Take from B</source>
        <translation>采用 B 的值</translation>
    </message>
    <message>
        <source>Make A equal to B in the selected rows (one undo step)</source>
        <translation>让选中各行的 A 与 B 一致（可一步撤销）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the comparison (A stays as it is)</source>
        <translation>关闭比较（A 保持不变）</translation>
    </message>
    <message>
        <source>Not changed: {why} (write e.g. 0, 1e-6 or 0.01)</source>
        <translation>未修改：{why}（请填写如 0、1e-6 或 0.01）</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Differences — B: {name} ({dialect}, read-only)</source>
        <translation>差异 — B：{name}（{dialect}，只读）</translation>
    </message>
    <message>
        <source>No comparison: File ▸ Compare With… opens a record to compare with.</source>
        <translation>尚未比较：通过 文件 ▸ 与其他记录文件比较… 打开要比较的记录文件。</translation>
    </message>
    <message>
        <source> — {k} of {n} rows shown</source>
        <translation> — 显示 {n} 行中的 {k} 行</translation>
    </message>
    <message>
        <source> (rtol {rtol}, atol {atol})</source>
        <translation>（rtol {rtol}，atol {atol}）</translation>
    </message>
    <message>
        <source> — comparing again…</source>
        <translation> — 正在重新比较…</translation>
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
</TS>
