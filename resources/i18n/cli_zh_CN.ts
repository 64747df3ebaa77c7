<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>cli</name>
    <message>
        <source>{path}: {dialect}, {errors}, {warnings}, {notes}</source>
        <translation>{path}：{dialect}，{errors}，{warnings}，{notes}</translation>
    </message>
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
        <translation>{n} 个提示</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} 个提示</translation>
    </message>
    <message>
        <source> (did you mean {name}?)</source>
        <translation>（是否想写 {name}？）</translation>
    </message>
    <message>
        <source>unknown rule id {ids}{hint}; known rule ids: {known}</source>
        <translation>未知的规则 ID {ids}{hint}；已知规则 ID：{known}</translation>
    </message>
    <message>
        <source>unknown rule ids {ids}{hint}; known rule ids: {known}</source>
        <translation>未知的规则 ID {ids}{hint}；已知规则 ID：{known}</translation>
    </message>
    <message>
        <source>model note: {note}</source>
        <translation>模型说明：{note}</translation>
    </message>
    <message>
        <source>{files} files, {unreadable} unreadable: {errors}, {warnings}, {notes}</source>
        <translation>共 {files} 个文件，{unreadable} 个无法读取：{errors}，{warnings}，{notes}</translation>
    </message>
    <message>
        <source>-o - writes the record to standard output; --json cannot share it (write to a file to get the JSON report)</source>
        <translation>-o - 将记录写到标准输出；--json 不能与之共用（写到文件才能得到 JSON 报告）</translation>
    </message>
    <message>
        <source>refusing to write a binary record to a terminal; redirect standard output (or write text: --to text)</source>
        <translation>拒绝将二进制记录写到终端；请重定向标准输出（或写成文本：--to text）</translation>
    </message>
    <message>
        <source> (--force overwrites it)</source>
        <translation>（--force 会覆盖它）</translation>
    </message>
    <message>
        <source>--drop-unsupported only makes sense with --to-dialect</source>
        <translation>--drop-unsupported 只能与 --to-dialect 一起使用</translation>
    </message>
    <message>
        <source>not converted: {error}</source>
        <translation>未转换：{error}</translation>
    </message>
    <message>
        <source>{path}: not converted: {error}</source>
        <translation>{path}：未转换：{error}</translation>
    </message>
    <message>
        <source>dropped: {field}</source>
        <translation>已丢弃：{field}</translation>
    </message>
    <message>
        <source>explicit: {message}</source>
        <translation>显式写出：{message}</translation>
    </message>
    <message>
        <source>{n} record</source>
        <translation>{n} 条记录</translation>
    </message>
    <message>
        <source>{n} records</source>
        <translation>{n} 条记录</translation>
    </message>
    <message>
        <source>{path}: {format}, {dialect}, {records}</source>
        <translation>{path}：{format}，{dialect}，{records}</translation>
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
        <source>{path}: {name} is not a sub-message of {message}</source>
        <translation>{path}：{name} 不是 {message} 的子消息</translation>
    </message>
    <message>
        <source>; did you mean {names}?</source>
        <translation>；是否想写 {names}？</translation>
    </message>
    <message>
        <source>; fields: {names}</source>
        <translation>；字段有：{names}</translation>
    </message>
    <message>
        <source>{message} ({dialect}) has no value field {name}{hint}</source>
        <translation>{message}（{dialect}）没有值字段 {name}{hint}</translation>
    </message>
    <message>
        <source>{text}: write FIELD=VALUE, FIELD[INDEX]=VALUE or FIELD=V1,V2,...</source>
        <translation>{text}：请写作 FIELD=VALUE、FIELD[INDEX]=VALUE 或 FIELD=V1,V2,...</translation>
    </message>
    <message>
        <source>{name} is not a repeated field; write {name}={value}</source>
        <translation>{name} 不是 repeated 字段；请写作 {name}={value}</translation>
    </message>
    <message>
        <source>{name}[{index}]: the layer has {count} {name} values (indices 0..{last})</source>
        <translation>{name}[{index}]：该层有 {count} 个 {name} 值（下标 0..{last}）</translation>
    </message>
    <message>
        <source>--to needs -o OUT (a file changed in place keeps its own format)</source>
        <translation>--to 需要 -o OUT（原地修改的文件保持其原有格式）</translation>
    </message>
    <message>
        <source>{path}: no layer with key {key}{hint}</source>
        <translation>{path}：没有 key 为 {key} 的层{hint}</translation>
    </message>
    <message>
        <source>warning: key {key} appears {count} times; setting the first (the one AMCT uses)</source>
        <translation>警告：key {key} 出现了 {count} 次；设置第一个（AMCT 使用的那个）</translation>
    </message>
    <message>
        <source>; a layer key cannot be empty, even with --force</source>
        <translation>；层的 key 不能为空，即使用 --force 也不行</translation>
    </message>
    <message>
        <source>; --force writes it anyway</source>
        <translation>；--force 仍会写入</translation>
    </message>
    <message>
        <source>nothing written: {severity} [{rule}] {why}</source>
        <translation>未写入：{severity} [{rule}] {why}</translation>
    </message>
    <message>
        <source>warning: written despite {severity} [{rule}] {message} (--force)</source>
        <translation>警告：尽管有 {severity} [{rule}] {message}，仍已写入（--force）</translation>
    </message>
    <message>
        <source>{n} field</source>
        <translation>{n} 个字段</translation>
    </message>
    <message>
        <source>{n} fields</source>
        <translation>{n} 个字段</translation>
    </message>
    <message>
        <source>{path}: set {fields} of {key}</source>
        <translation>{path}：设置了 {key} 的 {fields}</translation>
    </message>
    <message>
        <source>--fields needs at least one field name</source>
        <translation>--fields 至少需要一个字段名</translation>
    </message>
    <message>
        <source>{a} or {b}</source>
        <translation>{a} 或 {b}</translation>
    </message>
    <message>
        <source>--fields: no field {names} in {dialects}; fields: {known}</source>
        <translation>--fields：{dialects} 中没有字段 {names}；字段有：{known}</translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation>稀疏记录 {index}</translation>
    </message>
    <message>
        <source>{field} {count} of {total} channel</source>
        <translation>{field} {total} 个通道中的 {count} 个</translation>
    </message>
    <message>
        <source>{field} {count} of {total} channels</source>
        <translation>{field} {total} 个通道中的 {count} 个</translation>
    </message>
    <message>
        <source>{field} {a} -&gt; {b} values</source>
        <translation>{field} {a} -&gt; {b} 个值</translation>
    </message>
    <message>
        <source>, {count} of {total} differ</source>
        <translation>，{total} 个中有 {count} 个不同</translation>
    </message>
    <message>
        <source> (largest {change})</source>
        <translation>（最大变化 {change}）</translation>
    </message>
    <message>
        <source> (copy {n} of the key)</source>
        <translation>（该 key 的第 {n} 份）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>{a} -&gt; {b} values</source>
        <translation>{a} -&gt; {b} 个值</translation>
    </message>
    <message>
        <source>{count} of {total} channel differ</source>
        <translation>{total} 个通道中有 {count} 个不同</translation>
    </message>
    <message>
        <source>{count} of {total} channels differ</source>
        <translation>{total} 个通道中有 {count} 个不同</translation>
    </message>
    <message>
        <source>largest change {change} at [{at}]</source>
        <translation>最大变化 {change}，在 [{at}]</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>{n} more channel</source>
        <translation>另有 {n} 个通道</translation>
    </message>
    <message>
        <source>{n} more channels</source>
        <translation>另有 {n} 个通道</translation>
    </message>
    <message>
        <source>{node} only in {side}</source>
        <translation>{node} 只在 {side} 中</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>producers {names}</source>
        <translation>producer {names}</translation>
    </message>
    <message>
        <source>no producer</source>
        <translation>无 producer</translation>
    </message>
    <message>
        <source>{layers} in both, {only_a} only in A, {only_b} only in B; {differ} differ</source>
        <translation>两者共有 {layers}，{only_a} 个只在 A 中，{only_b} 个只在 B 中；{differ} 个不同</translation>
    </message>
    <message>
        <source>layer &quot;{key}&quot;: similarity {value} below {threshold}</source>
        <translation>层 &quot;{key}&quot;：相似度 {value} 低于 {threshold}</translation>
    </message>
    <message>
        <source>layer &quot;{key}&quot;: weight SQNR {value} dB below {threshold} dB</source>
        <translation>层 &quot;{key}&quot;：权重 SQNR {value} dB 低于 {threshold} dB</translation>
    </message>
    <message>
        <source>AMCT&apos;s similarity of the layer&apos;s float and fake-quantized output is below --min-similarity</source>
        <translation>该层浮点输出与伪量化输出的 AMCT 相似度低于 --min-similarity</translation>
    </message>
    <message>
        <source>the SQNR of the layer&apos;s weights under the record&apos;s scale_w is below --min-weight-sqnr</source>
        <translation>按记录中 scale_w 量化的该层权重 SQNR 低于 --min-weight-sqnr</translation>
    </message>
    <message>
        <source>analysing: {done}/{total}</source>
        <translation>分析中：{done}/{total}</translation>
    </message>
    <message>
        <source>--config needs --write-config OUT.json (the config to merge the plan into)</source>
        <translation>--config 需要与 --write-config OUT.json 一起使用（回退方案要合并进的配置文件）</translation>
    </message>
    <message>
        <source>--write-config needs --inputs: the roll-back plan is made from the similarity, which is measured on inputs</source>
        <translation>--write-config 需要 --inputs：回退方案依据相似度制定，而相似度要在输入数据上测量</translation>
    </message>
    <message>
        <source>--min-similarity {value}: AMCT&apos;s similarity lies in [0, 1]</source>
        <translation>--min-similarity {value}：AMCT的相似度位于 [0, 1] 之间</translation>
    </message>
    <message>
        <source>{path}: {count} names match no layer of the record: {names}</source>
        <translation>{path}：有{count}个名字与记录文件中的层都不匹配：{names}</translation>
    </message>
    <message>
        <source>{n} layer</source>
        <translation>{n} 个层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 个层</translation>
    </message>
    <message>
        <source>{path}: roll-back config written ({layers} with quant_enable false)</source>
        <translation>{path}：已写入回退配置（{layers} 的 quant_enable 为 false）</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>LAYER</source>
        <translation>层</translation>
    </message>
    <message>
        <source>OP</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>W-SQNR dB</source>
        <translation>权重SQNR dB</translation>
    </message>
    <message>
        <source>W-CLIP</source>
        <translation>权重截断</translation>
    </message>
    <message>
        <source>A-CLIP</source>
        <translation>激活截断</translation>
    </message>
    <message>
        <source>A-SQNR dB</source>
        <translation>激活SQNR dB</translation>
    </message>
    <message>
        <source>SIMILARITY</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>{key}: not analysed: {reasons}</source>
        <translation>{key}：未分析：{reasons}</translation>
    </message>
    <message>
        <source>model output {name} with every layer fake-quantized: cosine {cosine} (lowest {lowest}), max abs error {error}</source>
        <translation>所有层伪量化后的模型输出 {name}：余弦 {cosine}（最低 {lowest}），最大绝对误差 {error}</translation>
    </message>
    <message>
        <source>{key}: inputs seen in [{min}, {max}], the factors keep [{lo}, {hi}]; from the range seen AMCT would compute scale_d={scale} offset_d={offset} (not applied)</source>
        <translation>{key}：输入数据位于 [{min}, {max}]，量化因子保留 [{lo}, {hi}]；按观测到的范围，AMCT会算出 scale_d={scale} offset_d={offset}（未应用）</translation>
    </message>
    <message>
        <source>only in A: {key}</source>
        <translation>只在 A 中：{key}</translation>
    </message>
    <message>
        <source>only in B: {key}</source>
        <translation>只在 B 中：{key}</translation>
    </message>
    <message>
        <source>order: {layers} in another place: {shown} (AMCT looks layers up by key: the order alone changes nothing)</source>
        <translation>顺序：{layers}位置不同：{shown}（AMCT 按 key 查找层：仅顺序不同不改变任何结果）</translation>
    </message>
    <message>
        <source>duplicate key &quot;{key}&quot;: {a} in A, {b} in B (AMCT uses the first)</source>
        <translation>重复的 key &quot;{key}&quot;：A 中 {a} 个，B 中 {b} 个（AMCT 使用第一个）</translation>
    </message>
    <message>
        <source>; the same copies in another order, so AMCT reads other values</source>
        <translation>；相同的几份顺序不同，因此 AMCT 读到的值不同</translation>
    </message>
    <message>
        <source>prune records: {a} in A, {b} in B; {n} differ</source>
        <translation>稀疏记录：A 中 {a} 条，B 中 {b} 条；{n} 条不同</translation>
    </message>
    <message>
        <source>prune record {index} only in A ({producers})</source>
        <translation>稀疏记录 {index} 只在 A 中（{producers}）</translation>
    </message>
    <message>
        <source>prune record {index} only in B ({producers})</source>
        <translation>稀疏记录 {index} 只在 B 中（{producers}）</translation>
    </message>
    <message>
        <source>prune order: {records} in another place (the order alone changes nothing)</source>
        <translation>稀疏记录顺序：{records}位置不同（仅顺序不同不改变任何结果）</translation>
    </message>
    <message>
        <source>dialects: A is {a}, B is {b}; compared the fields both have</source>
        <translation>格式：A 为 {a}，B 为 {b}；比较了两者共有的字段</translation>
    </message>
    <message>
        <source>  only in {dialect} ({side}), not compared: {fields}</source>
        <translation>  只在 {dialect}（{side}）中，未比较：{fields}</translation>
    </message>
    <message>
        <source>{field} (set on {layers})</source>
        <translation>{field}（在 {layers}上设置）</translation>
    </message>
    <message>
        <source>  {field} is unset on {layers} in both: that means {a} in {dialect_a}, {b} in {dialect_b}</source>
        <translation>  两者都有 {layers}未设置 {field}：在 {dialect_a} 中表示 {a}，在 {dialect_b} 中表示 {b}</translation>
    </message>
    <message>
        <source>  only {dialect} has prune records: not compared</source>
        <translation>  只有 {dialect} 有稀疏记录：未比较</translation>
    </message>
    <message>
        <source>--layers: not a regular expression: {text} ({error})</source>
        <translation>--layers：不是正则表达式：{text}（{error}）</translation>
    </message>
    <message>
        <source>a layer both records have differs</source>
        <translation>两个记录文件都有的层不同</translation>
    </message>
    <message>
        <source>a layer only record A has</source>
        <translation>只有记录 A 有的层</translation>
    </message>
    <message>
        <source>a layer only record B has</source>
        <translation>只有记录 B 有的层</translation>
    </message>
    <message>
        <source>the records are equal</source>
        <translation>两个记录文件相同</translation>
    </message>
    <message>
        <source>tolerances are numbers of at least 0 (--rtol, --atol)</source>
        <translation>容差是不小于 0 的数（--rtol、--atol）</translation>
    </message>
    <message>
        <source>--fields: no dialect has a field {names}; fields: {known}</source>
        <translation>--fields：没有哪种格式有字段 {names}；字段有：{known}</translation>
    </message>
    <message>
        <source> ({names})</source>
        <translation>（{names}）</translation>
    </message>
    <message>
        <source>{path}: {dialect} ({title}, {schema}), {format}, {size} bytes</source>
        <translation>{path}：{dialect}（{title}，{schema}），{format}，{size} 字节</translation>
    </message>
    <message>
        <source>  records: {records}   prune records: {prune}   per-channel scale_w values: {values} in {layers}</source>
        <translation>  记录：{records}   稀疏记录：{prune}   逐通道 scale_w 值：{values} 个，分布在 {layers}</translation>
    </message>
    <message>
        <source>  scale_w outliers (k = {k}): {channels} in {layers} (record-editor check --rule scale-w-outlier lists them)</source>
        <translation>  scale_w 离群值（k = {k}）：{channels}，分布在 {layers}（record-editor check --rule scale-w-outlier 会列出它们）</translation>
    </message>
    <message>
        <source>{n} channel</source>
        <translation>{n} 个通道</translation>
    </message>
    <message>
        <source>{n} channels</source>
        <translation>{n} 个通道</translation>
    </message>
    <message>
        <source>  scale_w outliers: not counted (info --outliers counts them, check --rule scale-w-outlier lists them)</source>
        <translation>  scale_w 离群值：未统计（info --outliers 统计它们，check --rule scale-w-outlier 列出它们）</translation>
    </message>
    <message>
        <source>  repeated values: {counts}</source>
        <translation>  repeated 值：{counts}</translation>
    </message>
    <message>
        <source>  reading problems: {count} (see record-editor check)</source>
        <translation>  读取问题：{count} 个（见 record-editor check）</translation>
    </message>
    <message>
        <source>, weights for {count} of them</source>
        <translation>，其中 {count} 个有权重</translation>
    </message>
    <message>
        <source>, no weights</source>
        <translation>，无权重</translation>
    </message>
    <message>
        <source>  model: {path} ({title}, {format}), {layers}, {weighted} with weights AMCT quantizes{weights}</source>
        <translation>  模型：{path}（{title}，{format}），{layers}，其中 {weighted} 个有 AMCT 要量化的权重{weights}</translation>
    </message>
    <message>
        <source>  keys matching a model layer: {matched} of {records}; unmatched keys: {unmatched}{unmatched_names}; model layers without a record: {without}{without_names}</source>
        <translation>  与模型层匹配的 key：{records} 个中的 {matched} 个；未匹配的 key：{unmatched} 个{unmatched_names}；没有记录的模型层：{without} 个{without_names}</translation>
    </message>
    <message>
        <source>  unmatched keys probably meant for a layer without a record: {pairs}</source>
        <translation>  未匹配的 key 可能原指没有记录的层：{pairs}</translation>
    </message>
    <message>
        <source>  keys naming a PyTorch module, matched to the node torch.onnx.export made of it: {count} ({pairs})</source>
        <translation>  指向 PyTorch 模块的 key，已对应到 torch.onnx.export 为该模块生成的节点：{count}（{pairs}）</translation>
    </message>
    <message>
        <source>  model note: {note}</source>
        <translation>  模型说明：{note}</translation>
    </message>
    <message>
        <source>{files} files, {unreadable} unreadable</source>
        <translation>共 {files} 个文件，{unreadable} 个无法读取</translation>
    </message>
    <message>
        <source>--waste {ratio}: the ratio must be greater than 1</source>
        <translation>--waste {ratio}：该比值必须大于 1</translation>
    </message>
    <message>
        <source>{model}: nothing to refit from: {why}</source>
        <translation>{model}：无法重新计算：{why}</translation>
    </message>
    <message>
        <source>{path}: cannot refit {key}: {reason}</source>
        <translation>{path}：无法重新计算 {key}：{reason}</translation>
    </message>
    <message>
        <source>nothing written: {layers} cannot be refit</source>
        <translation>未写入：{layers}无法重新计算</translation>
    </message>
    <message>
        <source>{path}: nothing written</source>
        <translation>{path}：未写入</translation>
    </message>
    <message>
        <source>{path}: nothing to refit: scale_w already matches the weights</source>
        <translation>{path}：无需重新计算：scale_w 已与权重相符</translation>
    </message>
    <message>
        <source>{path}: nothing to refit: scale_w already neither clips the weights nor wastes levels</source>
        <translation>{path}：无需重新计算：scale_w 既不截断权重，也不浪费量化级</translation>
    </message>
    <message>
        <source> and {count} more</source>
        <translation> 等，另有 {count} 个</translation>
    </message>
    <message>
        <source>; offset_w reset on {count}</source>
        <translation>；{count} 个 offset_w 已重置</translation>
    </message>
    <message>
        <source>{key}: scale_w of {channels} refit ({changes}){offsets}</source>
        <translation>{key}：重新计算了 {channels}的 scale_w（{changes}）{offsets}</translation>
    </message>
    <message>
        <source>{path}: refit {layers}</source>
        <translation>{path}：重新计算了 {layers}</translation>
    </message>
    <message>
        <source>a binary record is read by field numbers; give --dialect {dialect} to read it so</source>
        <translation>二进制记录文件按字段编号读取；如需按此格式读取，请给出 --dialect {dialect}</translation>
    </message>
    <message>
        <source>{path}: the model {model} is {framework}, but the record does not read as {dialect} ({error}); read as {detected}</source>
        <translation>{path}：模型 {model} 是 {framework} 模型，但记录文件无法按 {dialect} 读取（{error}）；按 {detected} 读取</translation>
    </message>
    <message>
        <source>{path}: read as {dialect}, the dialect of the model {model} ({framework}); its fields alone suggested {detected} (--dialect chooses another)</source>
        <translation>{path}：按模型 {model}（{framework}）的框架格式 {dialect} 读取；仅凭字段名会读作 {detected}（可用 --dialect 指定其他格式）</translation>
    </message>
    <message>
        <source>the model {model} carries no weights (give its .caffemodel with --weights): scale_w is not reviewed against the weights</source>
        <translation>模型 {model} 不含权重（请用 --weights 给出其 .caffemodel）：未将 scale_w 与权重对照检查</translation>
    </message>
    <message>
        <source>the model {model} carries no weights: scale_w is not reviewed against the weights</source>
        <translation>模型 {model} 不含权重：未将 scale_w 与权重对照检查</translation>
    </message>
    <message>
        <source>not changed: {reason}</source>
        <translation>未作改动：{reason}</translation>
    </message>
    <message>
        <source>{path} changed on disk while {command} ran (another program saved it); applying the edits again to the new version</source>
        <translation>{path} 在 {command} 运行期间已在磁盘上被改变（另一个程序保存了它）；正在把这些修改重新应用到新版本上</translation>
    </message>
    <message>
        <source>the folder holds no record files ({suffixes}){hint}</source>
        <translation>该文件夹中没有记录文件（{suffixes}）{hint}</translation>
    </message>
    <message>
        <source>; --recursive looks in its subfolders too</source>
        <translation>；加 --recursive 也会查找其子文件夹</translation>
    </message>
    <message>
        <source>no file matches {pattern}</source>
        <translation>没有与 {pattern} 匹配的文件</translation>
    </message>
    <message>
        <source>cannot read the model map: {reason}</source>
        <translation>无法读取模型对照表：{reason}</translation>
    </message>
    <message>
        <source>the model map is not JSON: {reason}</source>
        <translation>模型对照表不是 JSON：{reason}</translation>
    </message>
    <message>
        <source>the model map must be a JSON object of record patterns to models</source>
        <translation>模型对照表必须是一个 JSON 对象，由记录文件模式映射到模型</translation>
    </message>
    <message>
        <source>model map entry {pattern}: expected a model path or {{&quot;model&quot;: …, &quot;weights&quot;: …}}</source>
        <translation>模型对照表条目 {pattern}：应为模型路径或 {{&quot;model&quot;: …, &quot;weights&quot;: …}}</translation>
    </message>
    <message>
        <source>{description} (severity: {levels}; dialects: {dialects}; see docs/RECORD-FORMAT.md §7)</source>
        <translation>{description}（严重程度：{levels}；框架格式：{dialects}；见 docs/RECORD-FORMAT.md §7）</translation>
    </message>
    <message>
        <source>the file could not be read as a record (it names the line and column)</source>
        <translation>该文件无法作为记录文件读取（消息中给出行号和列号）</translation>
    </message>
    <message>
        <source>-o {path}: with several records, -o names a folder (one report per record)</source>
        <translation>-o {path}：有多个记录文件时，-o 指定一个文件夹（每个记录文件一份报告）</translation>
    </message>
    <message>
        <source>cannot write the report: {reason}</source>
        <translation>无法写入报告：{reason}</translation>
    </message>
    <message>
        <source>{path}: report written to {output} ({errors} errors, {warnings} warnings, {flagged} flagged layers)</source>
        <translation>{path}：报告已写入 {output}（{errors} 个错误，{warnings} 个警告，{flagged} 个需关注的层）</translation>
    </message>
    <message>
        <source>--max-layers {value}: a count, 0 or more</source>
        <translation>--max-layers {value}：应为不小于 0 的个数</translation>
    </message>
    <message>
        <source>{written} of {total} reports written to {folder}</source>
        <translation>{total} 份报告中的 {written} 份已写入 {folder}</translation>
    </message>
</context>
</TS>
