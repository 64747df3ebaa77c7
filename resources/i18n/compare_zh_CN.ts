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
</context>
</TS>
