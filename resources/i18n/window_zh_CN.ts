<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>DialectFollow</name>
    <message>
        <source>no record is open</source>
        <translation>未打开记录</translation>
    </message>
    <message>
        <source>The record does not read as {dialect}: {why}</source>
        <translation>记录文件无法按 {dialect} 读取：{why}</translation>
    </message>
    <message>
        <source>Read as {dialect}, the model&apos;s dialect</source>
        <translation>按模型的框架格式 {dialect} 读取</translation>
    </message>
    <message>
        <source>{framework} model {model}: the record was read as {current} from its field names alone. Read it as {dialect}, the model&apos;s dialect? One undo step; the file is not changed until you save.</source>
        <translation>{framework} 模型 {model}：记录文件仅凭字段名被读作 {current}。要按模型的框架格式 {dialect} 读取吗？这是一步可撤销的操作；保存之前文件不会改变。</translation>
    </message>
    <message>
        <source>Read as {dialect}</source>
        <translation>按 {dialect} 读取</translation>
    </message>
    <message>
        <source>Keep {dialect}</source>
        <translation>保留 {dialect}</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Record files (*.txt *.pbtxt *.prototxt *.pb *.bin *.record);;All files (*)</source>
        <translation>记录文件 (*.txt *.pbtxt *.prototxt *.pb *.bin *.record);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Models (*.onnx *.prototxt *.caffemodel *.pb *.pbtxt);;ONNX (*.onnx);;Caffe (*.prototxt *.caffemodel);;TensorFlow frozen graph (*.pb *.pbtxt);;All files (*)</source>
        <translation>模型 (*.onnx *.prototxt *.caffemodel *.pb *.pbtxt);;ONNX (*.onnx);;Caffe (*.prototxt *.caffemodel);;TensorFlow 冻结图 (*.pb *.pbtxt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>{name} has unsaved changes. Save them?</source>
        <translation>{name} 有未保存的修改。是否保存？</translation>
    </message>
    <message>
        <source>Open record</source>
        <translation>打开记录文件</translation>
    </message>
    <message>
        <source>Attach model</source>
        <translation>附加模型</translation>
    </message>
    <message>
        <source>Weights of the Caffe net (Cancel: structure only, scale_w not reviewed)</source>
        <translation>Caffe 网络的权重文件（取消：只用网络结构，不检查 scale_w）</translation>
    </message>
    <message>
        <source>Caffe weights (*.caffemodel);;All files (*)</source>
        <translation>Caffe 权重 (*.caffemodel);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compare with record</source>
        <translation>与记录文件比较</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>HTML report (*.html);;All files (*)</source>
        <translation>HTML 报告 (*.html);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Save As</source>
        <translation>另存为</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Text format (what AMCT writes)</source>
        <translation>文本格式（AMCT 输出的格式）</translation>
    </message>
    <message>
        <source>Binary (protobuf wire format)</source>
        <translation>二进制（protobuf 序列化格式）</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>存储格式：</translation>
    </message>
    <message>
        <source>Dialect:</source>
        <translation>框架格式：</translation>
    </message>
    <message>
        <source>Another dialect converts the record; fields the target lacks stop the save.</source>
        <translation>选择其他框架格式会转换记录；记录中有目标格式不支持的字段时无法保存。</translation>
    </message>
    <message>
        <source>Save record as</source>
        <translation>记录另存为</translation>
    </message>
    <message>
        <source>Set field on selected layers</source>
        <translation>为所选层设置字段</translation>
    </message>
    <message>
        <source>Set one field on 1 selected layer:</source>
        <translation>为所选的 1 个层设置一个字段：</translation>
    </message>
    <message>
        <source>Set one field on {n} selected layers:</source>
        <translation>为所选的 {n} 个层设置同一个字段：</translation>
    </message>
    <message>
        <source>Field:</source>
        <translation>字段：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>值：</translation>
    </message>
    <message>
        <source>default {value}</source>
        <translation>默认值 {value}</translation>
    </message>
    <message>
        <source>Go to layer</source>
        <translation>转到层</translation>
    </message>
    <message>
        <source>layer key (part of it is enough)</source>
        <translation>层名（输入其中一部分即可）</translation>
    </message>
    <message>
        <source>{n} layer</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>共 {n} 层</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation>正在打开 {name}…</translation>
    </message>
    <message>
        <source>Opened {path}</source>
        <translation>已打开 {path}</translation>
    </message>
    <message>
        <source>Interrupted save</source>
        <translation>中断的保存</translation>
    </message>
    <message>
        <source>The reader can open it by repairing 1 place (typically // comments or keys broken over lines, as pasted from AMCT&apos;s documentation). Each repair is listed under Reading problems. Open the repaired record?</source>
        <translation>修复 1 处后即可打开（通常是从 AMCT 文档中粘贴而来的 // 注释或被折行的 key）。每处修复都列在“读取问题”中。是否打开修复后的记录？</translation>
    </message>
    <message>
        <source>The reader can open it by repairing {n} places (typically // comments or keys broken over lines, as pasted from AMCT&apos;s documentation). Each repair is listed under Reading problems. Open the repaired record?</source>
        <translation>修复 {n} 处后即可打开（通常是从 AMCT 文档中粘贴而来的 // 注释或被折行的 key）。每处修复都列在“读取问题”中。是否打开修复后的记录？</translation>
    </message>
    <message>
        <source>Open with repairs?</source>
        <translation>修复后打开？</translation>
    </message>
    <message>
        <source>Open Repaired</source>
        <translation>修复后打开</translation>
    </message>
    <message>
        <source>Could not open the file</source>
        <translation>无法打开该文件</translation>
    </message>
    <message>
        <source>Opening cancelled; nothing changed</source>
        <translation>已取消打开，未做任何改动</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已改变</translation>
    </message>
    <message>
        <source>{path} changed on disk after it was opened (was AMCT run again?). Saving replaces that version with yours.</source>
        <translation>{path} 在打开后被改动过（是否又运行了 AMCT？）。保存会用你的版本覆盖它。</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Cannot convert</source>
        <translation>无法转换</translation>
    </message>
    <message>
        <source>Saved as {dialect}</source>
        <translation>已另存为 {dialect}</translation>
    </message>
    <message>
        <source>Saved {name} as {dialect}. Fields whose default differs between the two dialects were written out:</source>
        <translation>已将 {name} 保存为 {dialect} 格式。两种框架格式默认值不同的字段已显式写出：</translation>
    </message>
    <message>
        <source>Saved as {dialect}; the undo history starts here</source>
        <translation>已另存为 {dialect}；撤销历史从此处开始</translation>
    </message>
    <message>
        <source>Not saved: the {title} schema ({name}) has no place for these fields of this record: {fields}.

Remove them first, or choose a dialect that has them.</source>
        <translation>未保存：{title} 的记录定义（{name}）中没有本记录的这些字段：{fields}。

请先删除这些字段，或选择包含它们的框架格式。</translation>
    </message>
    <message>
        <source>Save cancelled; {name} on disk was left as it was</source>
        <translation>已取消保存；磁盘上的 {name} 保持原样</translation>
    </message>
    <message>
        <source>The file on disk was left as it was.</source>
        <translation>磁盘上的文件保持原样。</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>Your edits are still here.</source>
        <translation>你的修改仍然保留。</translation>
    </message>
    <message>
        <source>{path}: could not be saved ({error}).

The file on disk was left as it was; your edits are still here.</source>
        <translation>{path}：无法保存（{error}）。

磁盘上的文件保持原样，你的修改仍然保留。</translation>
    </message>
    <message>
        <source>{path}: could not be saved ({error}).

The file on disk has changed; check it before closing. Your edits are still here.</source>
        <translation>{path}：无法保存（{error}）。

磁盘上的文件已改变；关闭前请检查它。你的修改仍在这里。</translation>
    </message>
    <message>
        <source>Not saved; {name} on disk was left as it was</source>
        <translation>未保存；磁盘上的 {name} 保持原样</translation>
    </message>
    <message>
        <source>Read-only file</source>
        <translation>只读文件</translation>
    </message>
    <message>
        <source>{name} {why}. It was left as it was. Save your edits under another name?</source>
        <translation>{name} {why}。文件保持原样。是否将修改另存为其他文件？</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Reloading {name} drops your unsaved edits.</source>
        <translation>重新加载 {name} 会丢弃未保存的修改。</translation>
    </message>
    <message>
        <source>Read as another dialect</source>
        <translation>按其他框架格式读取</translation>
    </message>
    <message>
        <source>Reading {name} again as {dialect} drops your unsaved edits.</source>
        <translation>按 {dialect} 重新读取 {name} 会丢弃未保存的修改。</translation>
    </message>
    <message>
        <source>Read Again</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>Could not write the recovery file: {why}</source>
        <translation>无法写入恢复文件：{why}</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>Restore recovered edits</source>
        <translation>恢复保留的修改</translation>
    </message>
    <message>
        <source>Recovered edits restored; Undo shows the file as saved</source>
        <translation>已恢复保留的修改；撤销可回到文件保存时的状态</translation>
    </message>
</context>
<context>
    <name>EditSession</name>
    <message>
        <source>this record is open read-only</source>
        <translation>此记录以只读方式打开</translation>
    </message>
</context>
<context>
    <name>EntrySourceDock</name>
    <message>
        <source>Select a layer or a prune record to see its text in the file.</source>
        <translation>选择一个层或一条稀疏记录，查看它在文件中的文本。</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源文本</translation>
    </message>
    <message>
        <source>&amp;Source</source>
        <translation>源文本(&amp;S)</translation>
    </message>
    <message>
        <source>The selected entry&apos;s text in the file, with its line numbers (read-only)</source>
        <translation>所选条目在文件中的文本及行号（只读）</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>record {index}</source>
        <translation>记录 {index}</translation>
    </message>
    <message>
        <source>{head}, as the file has it (lines {first}–{last})</source>
        <translation>{head}，文件中的原文（第 {first}–{last} 行）</translation>
    </message>
</context>
<context>
    <name>FieldEditors</name>
    <message>
        <source>{name} takes {words}, not {text}</source>
        <translation>{name} 应为{words}，而不是 {text}</translation>
    </message>
    <message>
        <source>not set ({value})</source>
        <translation>未设置（{value}）</translation>
    </message>
    <message>
        <source>{value} (not allowed)</source>
        <translation>{value}（不允许）</translation>
    </message>
    <message>
        <source>Use default</source>
        <translation>使用默认值</translation>
    </message>
    <message>
        <source>Remove the field from the record; AMCT then uses the default ({value})</source>
        <translation>从记录中删除该字段，AMCT 将使用默认值（{value}）</translation>
    </message>
    <message>
        <source>not set: default {value}</source>
        <translation>未设置：默认为 {value}</translation>
    </message>
    <message>
        <source> (stored as float32)</source>
        <translation>（按 float32 存储）</translation>
    </message>
    <message>
        <source>{name}: \n, \t and \xNN stand for invisible characters</source>
        <translation>{name}：\n、\t 和 \xNN 表示不可见字符</translation>
    </message>
    <message>
        <source>{name}: a whole number from {lo} to {hi}</source>
        <translation>{name}：{lo} 到 {hi} 之间的整数</translation>
    </message>
    <message>
        <source>{name}: a number such as 0.0235, 1e-3, inf or nan</source>
        <translation>{name}：数值，如 0.0235、1e-3、inf 或 nan</translation>
    </message>
    <message>
        <source>{name}: text; \n, \t, \\ and \xNN stand for special characters</source>
        <translation>{name}：文本；\n、\t、\\ 和 \xNN 表示特殊字符</translation>
    </message>
    <message>
        <source>not set (default {value})</source>
        <translation>未设置（默认为 {value}）</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>not a valid regular expression: {error}</source>
        <translation>不是有效的正则表达式：{error}</translation>
    </message>
    <message>
        <source>Filter layers and prune nodes</source>
        <translation>筛选层和稀疏节点</translation>
    </message>
    <message>
        <source>Regex</source>
        <translation>正则</translation>
    </message>
    <message>
        <source>Treat the filter as a regular expression</source>
        <translation>将筛选文本作为正则表达式</translation>
    </message>
    <message>
        <source>bad regex</source>
        <translation>正则有误</translation>
    </message>
    <message>
        <source>1 layer</source>
        <translation>1 层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <source>{n} nodes</source>
        <translation>{n} 个节点</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>The {language} interface needs a font with its characters, and none is installed, so the editor speaks English. Install one (Debian, Ubuntu: sudo apt install fonts-noto-cjk; Fedora: sudo dnf install google-noto-sans-cjk-fonts; Windows and macOS have one) and start the editor again.</source>
        <translation>{language}界面需要含有其文字的字体，但系统未安装，因此编辑器以英文显示。请安装一种字体（Debian、Ubuntu：sudo apt install fonts-noto-cjk；Fedora：sudo dnf install google-noto-sans-cjk-fonts；Windows 与 macOS 已自带）后重新启动编辑器。</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>跟随系统（{language}）</translation>
    </message>
    <message>
        <source>The editor speaks {language} once it starts again. Restart it now?</source>
        <translation>编辑器重新启动后将使用{language}。现在重新启动吗？</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>立即重新启动</translation>
    </message>
    <message>
        <source>No font for the language</source>
        <translation>没有该语言的字体</translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>{path}: not enough memory to open this file</source>
        <translation>{path}：内存不足，无法打开此文件</translation>
    </message>
    <message>
        <source>{path}: could not be read ({error})</source>
        <translation>{path}：无法读取（{error}）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>The bundled sample is missing ({path}); use File ▸ Open</source>
        <translation>缺少自带的示例文件（{path}）；请使用“文件 ▸ 打开”</translation>
    </message>
    <message>
        <source>{name} was deleted or moved on disk. Your copy is still open; Save writes it back.</source>
        <translation>磁盘上的 {name} 已被删除或移走。你的副本仍然打开着，保存即可写回。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>{name} changed on disk (was AMCT run again?).</source>
        <translation>磁盘上的 {name} 已改变（是否又运行了 AMCT？）。</translation>
    </message>
    <message>
        <source>{name} changed on disk (was AMCT run again?). Reloading drops your unsaved edits.</source>
        <translation>磁盘上的 {name} 已改变（是否又运行了 AMCT？）。重新加载会丢弃未保存的修改。</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation>保留我的版本</translation>
    </message>
    <message>
        <source>Kept your version; Save will ask before overwriting the file</source>
        <translation>已保留你的版本；保存时会先询问再覆盖该文件</translation>
    </message>
    <message>
        <source>Unsaved edits could not be recovered: {why}</source>
        <translation>未保存的修改无法恢复：{why}</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>{count} more recovery files could not be used; they were set aside in {folder}</source>
        <translation>另有 {count} 个恢复文件无法使用，已在 {folder} 中移到一旁</translation>
    </message>
    <message>
        <source>Unsaved edits of {what} were kept when the editor did not close normally. The file changed on disk since then.</source>
        <translation>编辑器未正常关闭，{what} 未保存的修改已保留。此后磁盘上的文件又有改动。</translation>
    </message>
    <message>
        <source>Unsaved edits of {what} were kept when the editor did not close normally.</source>
        <translation>编辑器未正常关闭，{what} 未保存的修改已保留。</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Write the review of the record as it is open (problems, layers, plots, differences) as one HTML file to hand on</source>
        <translation>将当前打开的记录的检查结果（问题、层、图表、差异）写成一个 HTML 文件，便于交给他人</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>What AMCT&apos;s rules find in the record; details in the Problems dock</source>
        <translation>按 AMCT 规则检查记录发现的问题；详见“问题”面板</translation>
    </message>
    <message>
        <source>Plots</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Attach &amp;Model…</source>
        <translation>附加模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Check the record against the network it belongs to (ONNX, Caffe, TensorFlow) and review scale_w against its weights</source>
        <translation>对照记录所属的网络模型（ONNX、Caffe、TensorFlow）检查记录，并用模型权重检查 scale_w</translation>
    </message>
    <message>
        <source>&amp;Detach Model</source>
        <translation>移除模型(&amp;D)</translation>
    </message>
    <message>
        <source>Check the record on its own again</source>
        <translation>重新单独检查记录</translation>
    </message>
    <message>
        <source>Fill Input &amp;Shapes from Model</source>
        <translation>按模型填写输入形状(&amp;S)</translation>
    </message>
    <message>
        <source>Caffe: set channels, height and width of every layer to the input shape the model gives it (one undo step)</source>
        <translation>Caffe：将每层的 channels、height 和 width 设为模型推算出的该层输入形状（一步撤销）</translation>
    </message>
    <message>
        <source>{name} is a model: open the record it belongs to first, then drop the model on the window</source>
        <translation>{name} 是模型文件：请先打开它对应的记录文件，再把模型拖到窗口上</translation>
    </message>
    <message>
        <source>Model or record?</source>
        <translation>模型还是记录？</translation>
    </message>
    <message>
        <source>{name} may be a frozen TensorFlow graph or a binary record. Attach it to {record} as its model?</source>
        <translation>{name} 可能是 TensorFlow 冻结图，也可能是二进制记录文件。是否将它作为 {record} 的模型附加？</translation>
    </message>
    <message>
        <source>Attach as Model</source>
        <translation>作为模型附加</translation>
    </message>
    <message>
        <source>No record open</source>
        <translation>未打开记录</translation>
    </message>
    <message>
        <source>(File ▸ Read As Dialect to read the file as another one)</source>
        <translation>（可用“文件 ▸ 按其他格式读取”换一种框架格式读取）</translation>
    </message>
    <message>
        <source>1 layer</source>
        <translation>1 层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>1 prune record</source>
        <translation>1 条稀疏记录</translation>
    </message>
    <message>
        <source>{n} prune records</source>
        <translation>{n} 条稀疏记录</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a record file</source>
        <translation>打开记录文件</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the record to its file</source>
        <translation>将记录保存到原文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save under another name, as text or binary, in any dialect</source>
        <translation>以其他文件名保存，可选文本或二进制及任一框架格式</translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation>从磁盘重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>Read the file again</source>
        <translation>重新读取文件</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Close the record</source>
        <translation>关闭记录</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit the editor</source>
        <translation>退出编辑器</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Filter the tree by layer key or node name</source>
        <translation>按层名或节点名筛选记录树</translation>
    </message>
    <message>
        <source>&amp;Go to Layer…</source>
        <translation>转到层(&amp;G)…</translation>
    </message>
    <message>
        <source>Jump to a layer by (part of) its key</source>
        <translation>按层名（或其中一部分）跳转到层</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Read As &amp;Dialect</source>
        <translation>按其他格式读取(&amp;D)</translation>
    </message>
    <message>
        <source>Read the file again with the {title} schema and its rules</source>
        <translation>按 {title} 的记录定义及其规则重新读取文件</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;Plot</source>
        <translation>图表(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every key of the window and what it does</source>
        <translation>窗口中的所有快捷键及其作用</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>关于(&amp;A)</translation>
    </message>
    <message>
        <source>the record tree</source>
        <translation>记录树</translation>
    </message>
    <message>
        <source>the Edit dock</source>
        <translation>“编辑”面板</translation>
    </message>
    <message>
        <source>the Problems dock</source>
        <translation>“问题”面板</translation>
    </message>
    <message>
        <source>Record tree</source>
        <translation>记录树</translation>
    </message>
    <message>
        <source>in the record tree</source>
        <translation>在记录树中</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>About {app}</source>
        <translation>关于 {app}</translation>
    </message>
    <message>
        <source>{app}

View, check and edit Ascend AMCT quantization and sparsity record files in every AMCT dialect.</source>
        <translation>{app}

查看、检查和编辑昇腾 AMCT 各框架的量化与稀疏记录文件。</translation>
    </message>
    <message>
        <source>untitled record</source>
        <translation>未命名记录</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Report not written (cancelled)</source>
        <translation>未写入报告（已取消）</translation>
    </message>
    <message>
        <source>Cannot write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>Report written to {path}</source>
        <translation>报告已写入 {path}</translation>
    </message>
</context>
<context>
    <name>ModelMarks</name>
    <message>
        <source>not in model</source>
        <translation>模型中没有</translation>
    </message>
    <message>
        <source>model: {model} has no layer {key}</source>
        <translation>模型：{model} 中没有层 {key}</translation>
    </message>
    <message>
        <source>input {index} of {op}</source>
        <translation>{op} 的第 {index} 个输入</translation>
    </message>
    <message>
        <source>model: input {index} of {layer} ({what})</source>
        <translation>模型：{layer} 的第 {index} 个输入（{what}）</translation>
    </message>
    <message>
        <source>model: {what}</source>
        <translation>模型：{what}</translation>
    </message>
    <message>
        <source>model: {what} — AMCT cannot quantize it</source>
        <translation>模型：{what} — AMCT 无法量化该层</translation>
    </message>
    <message>
        <source>clips the weights in {bad} of 1 channel</source>
        <translation>1 个通道中有 {bad} 个截断权重</translation>
    </message>
    <message>
        <source>clips the weights in {bad} of {n} channels</source>
        <translation>{n} 个通道中有 {bad} 个截断权重</translation>
    </message>
    <message>
        <source>wastes levels in {bad} of {n}</source>
        <translation>{n} 个中有 {bad} 个浪费量化级</translation>
    </message>
    <message>
        <source> at [{channel}]</source>
        <translation>（位于 [{channel}]）</translation>
    </message>
    <message>
        <source>clips ×{ratio}</source>
        <translation>截断 ×{ratio}</translation>
    </message>
    <message>
        <source>wastes ×{ratio}</source>
        <translation>浪费 ×{ratio}</translation>
    </message>
    <message>
        <source>lowest ratio ×{ratio}</source>
        <translation>最小比值 ×{ratio}</translation>
    </message>
    <message>
        <source>highest ratio ×{ratio}</source>
        <translation>最大比值 ×{ratio}</translation>
    </message>
    <message>
        <source>scale_w against the weights (AMCT&apos;s ARQ): {faults}; {extreme}{where}</source>
        <translation>scale_w 与权重对比（AMCT 的 ARQ）：{faults}；{extreme}{where}</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>{path}: not enough memory to read this model</source>
        <translation>{path}：内存不足，无法读取此模型</translation>
    </message>
    <message>
        <source>{path}: could not be read ({error})</source>
        <translation>{path}：无法读取（{error}）</translation>
    </message>
    <message>
        <source>model {name}</source>
        <translation>模型 {name}</translation>
    </message>
    <message>
        <source>{n} matched</source>
        <translation>{n} 个已匹配</translation>
    </message>
    <message>
        <source>1 unmatched key</source>
        <translation>1 个 key 未匹配</translation>
    </message>
    <message>
        <source>{n} unmatched keys</source>
        <translation>{n} 个 key 未匹配</translation>
    </message>
    <message>
        <source>{n} without record</source>
        <translation>{n} 层无记录</translation>
    </message>
    <message>
        <source>No model attached (File ▸ Attach Model…)</source>
        <translation>未附加模型（文件 ▸ 附加模型…）</translation>
    </message>
    <message>
        <source>{framework} model {path}</source>
        <translation>{framework} 模型 {path}</translation>
    </message>
    <message>
        <source>weights {path}</source>
        <translation>权重 {path}</translation>
    </message>
    <message>
        <source>{layers} layers, {quantizable} AMCT can quantize, {weighted} with weights ({with_values} with their values in the file)</source>
        <translation>共 {layers} 层，其中 AMCT 可量化 {quantizable} 层，带权重 {weighted} 层（文件中含权重值的 {with_values} 层）</translation>
    </message>
    <message>
        <source>{n} key names a layer of the model</source>
        <translation>{n} 个 key 对应模型中的层</translation>
    </message>
    <message>
        <source>{n} keys name a layer of the model</source>
        <translation>{n} 个 key 对应模型中的层</translation>
    </message>
    <message>
        <source> and {n} more</source>
        <translation> 等另外 {n} 个</translation>
    </message>
    <message>
        <source>{n} key names a PyTorch module, matched to the node torch.onnx.export made of it: {pairs}</source>
        <translation>{n} 个 key 指向 PyTorch 模块，已对应到 torch.onnx.export 为其生成的节点：{pairs}</translation>
    </message>
    <message>
        <source>{n} keys name PyTorch modules, matched to the nodes torch.onnx.export made of them: {pairs}</source>
        <translation>{n} 个 key 指向 PyTorch 模块，已对应到 torch.onnx.export 为其生成的节点：{pairs}</translation>
    </message>
    <message>
        <source>{n} key names no layer: {keys}</source>
        <translation>{n} 个 key 找不到对应的层：{keys}</translation>
    </message>
    <message>
        <source>{n} keys name no layer: {keys}</source>
        <translation>{n} 个 key 找不到对应的层：{keys}</translation>
    </message>
    <message>
        <source>{n} of them probably meant for a layer without a record: {pairs}</source>
        <translation>其中 {n} 个可能原指没有记录的层：{pairs}</translation>
    </message>
    <message>
        <source>probably meant for a layer without a record: {pairs}</source>
        <translation>可能原指没有记录的层：{pairs}</translation>
    </message>
    <message>
        <source>{n} quantizable layer has no record: {layers}</source>
        <translation>{n} 个可量化的层没有记录：{layers}</translation>
    </message>
    <message>
        <source>{n} quantizable layers have no record: {layers}</source>
        <translation>{n} 个可量化的层没有记录：{layers}</translation>
    </message>
    <message>
        <source>scale_w reviewed against the weights (waste above {ratio}×)</source>
        <translation>已用权重检查 scale_w（超过 {ratio} 倍视为浪费）</translation>
    </message>
    <message>
        <source>The model carries no weights: scale_w is not reviewed against them</source>
        <translation>模型不含权重：未将 scale_w 与权重对照检查</translation>
    </message>
    <message>
        <source>Attach model</source>
        <translation>附加模型</translation>
    </message>
    <message>
        <source>Open a record first: a model is attached to a record.</source>
        <translation>请先打开记录文件：模型要附加到记录上。</translation>
    </message>
    <message>
        <source>Attaching model {files}…</source>
        <translation>正在附加模型 {files}…</translation>
    </message>
    <message>
        <source>Detached model {name}; the record is checked on its own</source>
        <translation>已移除模型 {name}；记录将单独检查</translation>
    </message>
    <message>
        <source>{matched} of {n} key names a layer</source>
        <translation>{n} 个 key 中有 {matched} 个对应到层</translation>
    </message>
    <message>
        <source>{matched} of {n} keys name a layer</source>
        <translation>{n} 个 key 中有 {matched} 个对应到层</translation>
    </message>
    <message>
        <source>; 1 note in the tooltip</source>
        <translation>；提示框中有 1 条说明</translation>
    </message>
    <message>
        <source>; {n} notes in the tooltip</source>
        <translation>；提示框中有 {n} 条说明</translation>
    </message>
    <message>
        <source> (no weights: scale_w is not reviewed)</source>
        <translation>（无权重：不检查 scale_w）</translation>
    </message>
    <message>
        <source>Re-attached model {files}</source>
        <translation>已重新附加模型 {files}</translation>
    </message>
    <message>
        <source>Attached model {files}</source>
        <translation>已附加模型 {files}</translation>
    </message>
    <message>
        <source>The model remembered for this record could not be attached: {why}</source>
        <translation>无法附加为此记录记住的模型：{why}</translation>
    </message>
    <message>
        <source>Could not attach the model</source>
        <translation>无法附加模型</translation>
    </message>
    <message>
        <source>Cannot attach model</source>
        <translation>无法附加模型</translation>
    </message>
    <message>
        <source>Attaching the model cancelled; {files} stays attached</source>
        <translation>已取消附加模型；{files} 仍保持附加</translation>
    </message>
    <message>
        <source>Attaching the model cancelled</source>
        <translation>已取消附加模型</translation>
    </message>
    <message>
        <source>The model remembered for this record, {path}, is no longer there; File ▸ Attach Model… attaches another</source>
        <translation>为此记录记住的模型 {path} 已不存在；可用“文件 ▸ 附加模型…”附加其他模型</translation>
    </message>
</context>
<context>
    <name>OpenFailure</name>
    <message>
        <source>Cannot open record</source>
        <translation>无法打开记录文件</translation>
    </message>
    <message>
        <source>Show Source shows the file with the line marked. Read as Dialect… reads this file again with another dialect&apos;s schema. The record that was open stays open.</source>
        <translation>“显示源文本”显示文件并标出出错的行。“按格式读取…”用另一种格式的 schema 重新读取此文件。原先打开的记录文件保持打开。</translation>
    </message>
    <message>
        <source>The file cannot be looked at.</source>
        <translation>无法查看该文件。</translation>
    </message>
    <message>
        <source>&amp;Show Source</source>
        <translation>显示源文本(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Read as Dialect…</source>
        <translation>按格式读取(&amp;R)…</translation>
    </message>
    <message>
        <source>{dialect} — just failed</source>
        <translation>{dialect} — 刚才读取失败</translation>
    </message>
    <message>
        <source>{dialect} — has no {fields}</source>
        <translation>{dialect} — 没有 {fields}</translation>
    </message>
    <message>
        <source>Open in &amp;External Editor</source>
        <translation>在外部编辑器中打开(&amp;E)</translation>
    </message>
    <message>
        <source>No dialect has every field this file uses: it mixes the fields of several</source>
        <translation>没有哪种格式包含该文件用到的全部字段：文件混用了几种格式的字段</translation>
    </message>
</context>
<context>
    <name>ProblemMarks</name>
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
        <source>{severity}: {message}</source>
        <translation>{severity}：{message}</translation>
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
        <source>… and {n} more in the Problems dock</source>
        <translation>… 另有 {n} 条（见“问题”窗口）</translation>
    </message>
</context>
<context>
    <name>RecordTree</name>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected layers, entries or values; clear selected fields</source>
        <translation>删除所选的层、条目或值；清除所选字段</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <source>Copy the selected entries; each copy goes after its original</source>
        <translation>复制所选条目，副本放在各自原条目之后</translation>
    </message>
    <message>
        <source>&amp;Rename Layer…</source>
        <translation>重命名层(&amp;R)…</translation>
    </message>
    <message>
        <source>Edit the key of the current layer</source>
        <translation>编辑当前层的 key（层名）</translation>
    </message>
    <message>
        <source>&amp;Add Entry</source>
        <translation>添加条目(&amp;A)</translation>
    </message>
    <message>
        <source>Add a new entry after the current one (a layer, prune record, node, attribute or value)</source>
        <translation>在当前条目之后添加新条目（层、稀疏记录、节点、属性或值）</translation>
    </message>
    <message>
        <source>&amp;Insert Before</source>
        <translation>在前面插入(&amp;I)</translation>
    </message>
    <message>
        <source>Add a new entry before the current one</source>
        <translation>在当前条目之前添加新条目</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move the selected entries up</source>
        <translation>上移所选条目</translation>
    </message>
    <message>
        <source>Move Do&amp;wn</source>
        <translation>下移(&amp;W)</translation>
    </message>
    <message>
        <source>Move the selected entries down</source>
        <translation>下移所选条目</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected rows as record text</source>
        <translation>将所选行复制为记录文本</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <source>Copy, then delete the selected rows</source>
        <translation>复制后删除所选行</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Insert record text from the clipboard after the current entry</source>
        <translation>将剪贴板中的记录文本插入到当前条目之后</translation>
    </message>
    <message>
        <source>&amp;Set Field</source>
        <translation>设置字段(&amp;S)</translation>
    </message>
    <message>
        <source>Give an unset optional field its default value, or an unset message, an empty one</source>
        <translation>为未设置的可选字段填入默认值，未设置的消息则设为空消息</translation>
    </message>
    <message>
        <source>C&amp;lear Field</source>
        <translation>清除字段(&amp;L)</translation>
    </message>
    <message>
        <source>Unset the current optional field</source>
        <translation>清除当前的可选字段</translation>
    </message>
    <message>
        <source>Set Field on Selected &amp;Layers…</source>
        <translation>为所选层设置字段(&amp;L)…</translation>
    </message>
    <message>
        <source>Set one field to one value on every selected layer, as one undo step</source>
        <translation>将所有所选层的同一字段设为同一个值（一步撤销）</translation>
    </message>
    <message>
        <source>E&amp;xpand Layer</source>
        <translation>展开层(&amp;X)</translation>
    </message>
    <message>
        <source>Expand the current row and all below it</source>
        <translation>展开当前行及其下所有行</translation>
    </message>
    <message>
        <source>Collapse &amp;All</source>
        <translation>全部折叠(&amp;A)</translation>
    </message>
    <message>
        <source>Collapse every row</source>
        <translation>折叠所有行</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>{n} layers selected</source>
        <translation>已选 {n} 层</translation>
    </message>
    <message>
        <source>{n} rows selected</source>
        <translation>已选 {n} 行</translation>
    </message>
    <message>
        <source>Select a layer to rename it</source>
        <translation>请先选择要重命名的层</translation>
    </message>
    <message>
        <source>Select a list (a repeated field) or one of its entries to add to it</source>
        <translation>请选择一个列表（repeated 字段）或其中一个条目，再向其中添加</translation>
    </message>
    <message>
        <source>Select adjacent entries of one list to move them</source>
        <translation>只能移动同一列表中相邻的条目</translation>
    </message>
    <message>
        <source>Copied 1 row as record text</source>
        <translation>已将 1 行复制为记录文本</translation>
    </message>
    <message>
        <source>Copied {n} rows as record text</source>
        <translation>已将 {n} 行复制为记录文本</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <source>Paste anyway</source>
        <translation>仍然粘贴</translation>
    </message>
    <message>
        <source>Nothing was pasted</source>
        <translation>未粘贴任何内容</translation>
    </message>
    <message>
        <source>Select one or more layers first</source>
        <translation>请先选择一个或多个层</translation>
    </message>
    <message>
        <source>Set field</source>
        <translation>设置字段</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation>… 另有 {n} 条</translation>
    </message>
    <message>
        <source>Nothing was changed: {field} = {value} breaks AMCT&apos;s rules on {bad} of {n} selected layer(s):</source>
        <translation>未做任何修改：{field} = {value} 在所选 {n} 层中的 {bad} 层违反 AMCT 规则：</translation>
    </message>
    <message>
        <source>No layer key contains {key}</source>
        <translation>没有层名包含 {key}</translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation>添加 {what}</translation>
    </message>
</context>
<context>
    <name>RecordTreeModel</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>cannot read it: {why}</source>
        <translation>无法读取：{why}</translation>
    </message>
    <message>
        <source>it holds {got} bytes of the record, not the {want} written (cut short?)</source>
        <translation>其中只有记录的 {got} 字节，而写入时为 {want} 字节（文件被截断？）</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>符号链接</translation>
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
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>it is {kind}, not a regular file as the editor writes</source>
        <translation>它是{kind}，而不是编辑器写入的普通文件</translation>
    </message>
    <message>
        <source>it is {size} bytes, more than a recovery file can hold</source>
        <translation>它有 {size} 字节，超过了恢复文件可能的大小</translation>
    </message>
    <message>
        <source>it was written by an earlier version of the editor, without the size and checksum that tell a complete file from one cut short</source>
        <translation>它由较早版本的编辑器写入，没有用来区分完整文件与被截断文件的大小和校验和</translation>
    </message>
    <message>
        <source>it changed after it was offered</source>
        <translation>它在提供恢复之后被改动了</translation>
    </message>
    <message>
        <source>its checksum does not match: the file was damaged after it was written</source>
        <translation>校验和不符：文件在写入后已损坏</translation>
    </message>
    <message>
        <source>it names a dialect this editor does not know ({dialect})</source>
        <translation>其中的框架格式本编辑器不认识（{dialect}）</translation>
    </message>
    <message>
        <source>the record in it does not read as {dialect}: {error}</source>
        <translation>其中的记录无法按 {dialect} 读取：{error}</translation>
    </message>
    <message>
        <source>the record in it has fields the {dialect} schema does not know (in {where})</source>
        <translation>其中的记录含有 {dialect} 记录定义中没有的字段（位于 {where}）</translation>
    </message>
    <message>
        <source>an unsaved new record</source>
        <translation>未保存的新记录</translation>
    </message>
    <message>
        <source>{name} (edits from {when})</source>
        <translation>{name}（{when} 的修改）</translation>
    </message>
    <message>
        <source>its header cannot be read</source>
        <translation>无法读取文件头</translation>
    </message>
    <message>
        <source>not used: {why}; it could not be set aside ({error})</source>
        <translation>未使用：{why}；也无法将其移到一旁（{error}）</translation>
    </message>
    <message>
        <source>not used: {why}; set aside as {name}</source>
        <translation>未使用：{why}；已另存为 {name}</translation>
    </message>
</context>
<context>
    <name>Saving</name>
    <message>
        <source>Saving {name}…</source>
        <translation>正在保存 {name}…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Saving</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cancelling the save of {name}…</source>
        <translation>正在取消保存 {name}…</translation>
    </message>
</context>
<context>
    <name>ShapeFill</name>
    <message>
        <source>no model is attached</source>
        <translation>未附加模型</translation>
    </message>
    <message>
        <source>only Caffe records hold input shapes (channels, height, width)</source>
        <translation>只有 Caffe 记录包含输入形状（channels、height、width）</translation>
    </message>
    <message>
        <source>the input shapes already agree with the model</source>
        <translation>输入形状已与模型一致</translation>
    </message>
    <message>
        <source>Fill input shapes of {key} from the model</source>
        <translation>按模型填写 {key} 的输入形状</translation>
    </message>
    <message>
        <source>Fill input shapes of record {index} from the model</source>
        <translation>按模型填写记录 {index} 的输入形状</translation>
    </message>
    <message>
        <source>Fill input shapes of {n} layers from the model</source>
        <translation>按模型填写 {n} 层的输入形状</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>the window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>anywhere in the application</source>
        <translation>在整个应用程序中</translation>
    </message>
    <message>
        <source>anywhere in the window</source>
        <translation>在整个窗口中</translation>
    </message>
    <message>
        <source>in {place}</source>
        <translation>在{place}中</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>Filter: a key (Ctrl+S, F2) or a word</source>
        <translation>筛选：按键（Ctrl+S、F2）或文字</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Works</source>
        <translation>生效范围</translation>
    </message>
    <message>
        <source>{command}: {keys}, {where}</source>
        <translation>{command}：{keys}，{where}</translation>
    </message>
</context>
<context>
    <name>SourceWindow</name>
    <message>
        <source>{name} — source (read-only)</source>
        <translation>{name} — 源文本（只读）</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <source> — the reader stopped at line {line}, column {column} (marked)</source>
        <translation> — 读取停在第 {line} 行第 {column} 列（已标出）</translation>
    </message>
    <message>
        <source> — the reader stopped at line {line} (marked)</source>
        <translation> — 读取停在第 {line} 行（已标出）</translation>
    </message>
</context>
<context>
    <name>TreeKeys</name>
    <message>
        <source>Edit the current row&apos;s value (on a layer or node row: its name)</source>
        <translation>编辑当前行的值（在层或节点行上：编辑其名称）</translation>
    </message>
    <message>
        <source>Edit the current row&apos;s value</source>
        <translation>编辑当前行的值</translation>
    </message>
    <message>
        <source>0–9, −, letters</source>
        <translation>0–9、−、字母</translation>
    </message>
    <message>
        <source>Start editing the current row&apos;s value with what is typed</source>
        <translation>以输入的内容开始编辑当前行的值</translation>
    </message>
    <message>
        <source>Move between the Field and the Value cell; expand or collapse a row</source>
        <translation>在“字段”和“值”单元格间移动；展开或折叠行</translation>
    </message>
    <message>
        <source>Next / previous value (in an editor: commit, then edit that one)</source>
        <translation>下一个 / 上一个值（编辑中：先提交，再编辑该值）</translation>
    </message>
    <message>
        <source>Cancel an edit; a refused value is reverted and the status bar says so</source>
        <translation>取消编辑；被拒绝的值会还原，并在状态栏中说明</translation>
    </message>
    <message>
        <source>Expand, collapse, expand everything below the current row</source>
        <translation>展开、折叠、展开当前行以下的全部内容</translation>
    </message>
    <message>
        <source>Move through the rows</source>
        <translation>在各行间移动</translation>
    </message>
</context>
<context>
    <name>ValueDelegate</name>
    <message>
        <source>the value</source>
        <translation>该值</translation>
    </message>
    <message>
        <source>Not changed: {reason} ({cell} stays {value})</source>
        <translation>未修改：{reason}（{cell} 仍为 {value}）</translation>
    </message>
    <message>
        <source>Not changed: {reason}</source>
        <translation>未修改：{reason}</translation>
    </message>
</context>
<context>
    <name>WeightsReview</name>
    <message>
        <source>no network with weights is attached</source>
        <translation>未附加带权重的网络模型</translation>
    </message>
    <message>
        <source>Reset scale_w of {n} layers from the weights</source>
        <translation>按权重重置 {n} 层的 scale_w</translation>
    </message>
</context>
<context>
    <name>WindowLayout</name>
    <message>
        <source>&amp;Focus Plots</source>
        <translation>专注图表(&amp;F)</translation>
    </message>
    <message>
        <source>Give the plots the whole window (again: back)</source>
        <translation>让图表占满整个窗口（再按一次恢复）</translation>
    </message>
    <message>
        <source>Plots in Own &amp;Window</source>
        <translation>图表独立窗口(&amp;W)</translation>
    </message>
    <message>
        <source>Show the plots in a window of their own (a second screen)</source>
        <translation>在单独的窗口中显示图表（可放到第二块屏幕）</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Put the tree, plots and docks back where they start</source>
        <translation>将记录树、图表和面板恢复到初始位置</translation>
    </message>
    <message>
        <source>no record</source>
        <translation>无记录</translation>
    </message>
    <message>
        <source>Plots — {name} — {app}</source>
        <translation>图表 — {name} — {app}</translation>
    </message>
    <message>
        <source>Layout reset to the defaults</source>
        <translation>布局已恢复默认</translation>
    </message>
</context>
</TS>
