<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>analysis</name>
    <message>
        <source>cannot load the model for running: {reason}</source>
        <translation>无法加载模型以运行：{reason}</translation>
    </message>
    <message>
        <source>activations are analysed on ONNX models; this is a {framework} model: weights only</source>
        <translation>激活只在ONNX模型上分析；这是{framework}模型：只分析权重</translation>
    </message>
    <message>
        <source>no inputs given: weights only (activation figures need --inputs)</source>
        <translation>未给出输入：只分析权重（激活的各项指标需要 --inputs）</translation>
    </message>
    <message>
        <source>no inputs to run the layer on</source>
        <translation>没有可运行该层的输入</translation>
    </message>
    <message>
        <source>the key {key} appears twice (AMCT refuses such a config)</source>
        <translation>key {key} 出现了两次（AMCT拒绝这样的配置文件）</translation>
    </message>
    <message>
        <source>cannot read the file: {reason}</source>
        <translation>无法读取该文件：{reason}</translation>
    </message>
    <message>
        <source>not UTF-8 text (byte {offset})</source>
        <translation>不是UTF-8文本（第{offset}字节）</translation>
    </message>
    <message>
        <source>not JSON: {reason} (line {line}, column {column})</source>
        <translation>不是JSON：{reason}（第{line}行，第{column}列）</translation>
    </message>
    <message>
        <source>not an AMCT quant config: a JSON object keyed by layer name was expected</source>
        <translation>不是AMCT的量化配置文件：应为以层名为键的JSON对象</translation>
    </message>
    <message>
        <source>the file is over {size} MB; a per-layer results file is smaller</source>
        <translation>文件超过{size} MB；逐层结果文件不会这么大</translation>
    </message>
    <message>
        <source>not a saved analysis: &quot;layers&quot; is not a list</source>
        <translation>不是保存的分析结果：&quot;layers&quot; 不是列表</translation>
    </message>
    <message>
        <source>layer {index} of the saved analysis has no key</source>
        <translation>保存的分析结果中第 {index} 层没有 key</translation>
    </message>
    <message>
        <source>not AMCT&apos;s ranking file: a list of [layer, similarity] pairs was expected</source>
        <translation>不是AMCT的排序信息文件：应为 [层, 相似度] 对的列表</translation>
    </message>
    <message>
        <source>item {index} is not a [layer, similarity] pair</source>
        <translation>第{index}项不是 [层, 相似度] 对</translation>
    </message>
    <message>
        <source>not a CSV file: {reason}</source>
        <translation>不是CSV文件：{reason}</translation>
    </message>
    <message>
        <source>the file holds no rows</source>
        <translation>文件中没有数据行</translation>
    </message>
    <message>
        <source>a comparison CSV needs a GroundTruth or NPUDump column</source>
        <translation>比对结果CSV需要 GroundTruth 或 NPUDump 列</translation>
    </message>
    <message>
        <source>the file holds a header line but no key,value rows</source>
        <translation>文件只有表头，没有 key,value 行</translation>
    </message>
    <message>
        <source>row {line} has no value: key,value rows expected</source>
        <translation>第{line}行没有值：应为 key,value 行</translation>
    </message>
    <message>
        <source>row {line}: {value} is not a number</source>
        <translation>第{line}行：{value} 不是数字</translation>
    </message>
    <message>
        <source>the model has no inputs to feed</source>
        <translation>模型没有需要输入的数据</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>not a file or folder</source>
        <translation>不是文件或文件夹</translation>
    </message>
    <message>
        <source>no input files found (.npz, .npy or .bin)</source>
        <translation>没有找到输入文件（.npz、.npy 或 .bin）</translation>
    </message>
    <message>
        <source>not an input file the editor reads (.npz, .npy, .bin, or a folder of them)</source>
        <translation>不是编辑器可读取的输入文件（.npz、.npy、.bin，或包含它们的文件夹）</translation>
    </message>
    <message>
        <source>a {ext} file holds one array, the model has {count} inputs ({names}): give .npz files or one folder per input</source>
        <translation>{ext} 文件只含一个数组，而模型有{count}个输入（{names}）：请给出 .npz 文件，或每个输入一个文件夹</translation>
    </message>
    <message>
        <source>cannot list the folder: {reason}</source>
        <translation>无法列出文件夹内容：{reason}</translation>
    </message>
    <message>
        <source>the input folders hold different numbers of files ({counts})</source>
        <translation>各输入文件夹中的文件个数不同（{counts}）</translation>
    </message>
    <message>
        <source>{found} does not fit input {name} of the model, {expected}</source>
        <translation>{found} 与模型的输入 {name} 不符，模型要求 {expected}</translation>
    </message>
    <message>
        <source>cannot read the array: {reason}</source>
        <translation>无法读取该数组：{reason}</translation>
    </message>
    <message>
        <source>not a .npy array</source>
        <translation>不是 .npy 数组</translation>
    </message>
    <message>
        <source>a raw .bin file needs an input of fixed shape; input {name} of the model is {expected} (give .npy or .npz files)</source>
        <translation>原始 .bin 文件要求输入的形状固定；模型的输入 {name} 为 {expected}（请给出 .npy 或 .npz 文件）</translation>
    </message>
    <message>
        <source>holds {size} bytes, input {name} of the model ({shape}) takes {expected}</source>
        <translation>含{size}字节，模型的输入 {name}（{shape}）需要{expected}字节</translation>
    </message>
    <message>
        <source>holds no array named {missing} (it holds: {names})</source>
        <translation>没有名为 {missing} 的数组（其中有：{names}）</translation>
    </message>
    <message>
        <source>array {array}: {found} does not fit input {name} of the model, {expected}</source>
        <translation>数组 {array}：{found} 与模型的输入 {name} 不符，模型要求 {expected}</translation>
    </message>
    <message>
        <source>cannot read the arrays: {reason}</source>
        <translation>无法读取其中的数组：{reason}</translation>
    </message>
    <message>
        <source>{op} weights are not analysed</source>
        <translation>不分析 {op} 的权重</translation>
    </message>
    <message>
        <source>the model has no layer {key}</source>
        <translation>模型中没有层 {key}</translation>
    </message>
    <message>
        <source>the entry has no scale_d</source>
        <translation>该条目没有 scale_d</translation>
    </message>
    <message>
        <source>{op} {name} has no input {index}</source>
        <translation>{op} {name} 没有第{index}个输入</translation>
    </message>
    <message>
        <source>{op} layers are not analysed</source>
        <translation>不分析 {op} 层</translation>
    </message>
    <message>
        <source>the bias of {name} is not a constant, so the BatchNorm cannot be folded</source>
        <translation>{name} 的bias不是常量，无法融合BatchNorm</translation>
    </message>
    <message>
        <source>the BatchNorm after {name} has no name</source>
        <translation>{name} 之后的BatchNorm没有名字</translation>
    </message>
    <message>
        <source>the layer has no input tensor</source>
        <translation>该层没有输入张量</translation>
    </message>
    <message>
        <source>its input {name} is a constant of the model</source>
        <translation>其输入 {name} 是模型中的常量</translation>
    </message>
    <message>
        <source>its input {name} is {type}, not float32</source>
        <translation>其输入 {name} 的数据类型为 {type}，不是float32</translation>
    </message>
    <message>
        <source>no BatchNormalization follows {name}</source>
        <translation>{name} 之后没有BatchNormalization</translation>
    </message>
    <message>
        <source>the parameters of {name} are not constants</source>
        <translation>{name} 的参数不是常量</translation>
    </message>
    <message>
        <source>{name} does not have {channels} channels like {layer}</source>
        <translation>{name} 的通道数与 {layer} 的{channels}个不同</translation>
    </message>
    <message>
        <source>onnxruntime cannot load the model: {reason}</source>
        <translation>onnxruntime无法加载该模型：{reason}</translation>
    </message>
    <message>
        <source>the model cannot run on this input: {reason}</source>
        <translation>模型无法在该输入上运行：{reason}</translation>
    </message>
    <message>
        <source>scale_w has {values} values, layer {label} has {outputs} output channels</source>
        <translation>scale_w 有{values}个值，层 {label} 有{outputs}个输出通道</translation>
    </message>
</context>
</TS>
