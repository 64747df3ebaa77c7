<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ChannelTable</name>
    <message>
        <source>{name} has {n} values; channel {row} has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{field}: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this layer has no values of that kind to add a channel to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add a channel: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add channel {n} to {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot delete: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete 1 channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {n} channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add input channel</source>
        <extracomment>rows the table asks room for before the panel around it scrolls the user moved to cell (vector column name or derived name, channel)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Append a channel to every vector of this kind, in one undo step (scale values copy the last channel, offsets are 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected channels from every vector of their kind, in one undo step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {n} values, one per input channel</source>
        <extracomment>rows `fit_columns` measures (a layer has up to thousands; their numbers look alike)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (scale_w has {n}, one per output channel; they need not match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-tensor (one value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lengths differ: {lengths}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the channels to delete first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LayerPanel</name>
    <message>
        <source>Select a layer in the tree to edit its factors.</source>
        <extracomment>words for the status bar: refusals and what an action did the dialect the form is built for: the session&apos;s; with no record open yet the primary one (a record of another dialect rebuilds the form)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no key</source>
        <extracomment>the editor of each value field in the form, and its kind</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clip range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[−(2^(b−1) + offset_d)·scale_d, (2^(b−1) − 1 − offset_d)·scale_d], b from act_type: the float range the activations are clipped to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set from range…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute scale_d and offset_d from a float range, as AMCT does (forced through zero), in one undo step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Types and options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prune links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-channel weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>±(2^(b−1) − 1)·scale_w[c], b from wts_type (unset: INT8; INT6/INT7 factors are stored as INT8): the largest weight magnitude channel c represents</source>
        <extracomment>below this width the form&apos;s two halves stack (a narrow dock) from this width on the per-channel tables go beside the form, not below it (a dock along the window&apos;s bottom: wide and short) the layer&apos;s problems list shows up to this many (wrapped) lines before it scrolls</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale_d·scale_w[c]: the dequantization scale the device uses for channel c</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dequant scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layer is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{producers} prune_producer, {consumers} prune_consumer name(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>act_type {act} unknown, so INT8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>act_type unset, so INT8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allowed [{lo}, {hi}] ({words})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs scale_d and offset_d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[{lo}, {hi}]  at {bits} bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from its prune record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from its key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guessed from its name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{type} ({source})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (no prune record names it; the key does not say)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min {lo} is above max {hi}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot set from range: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set scale_d/offset_d of {layer} from range [{lo}, {hi}]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in {file}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input {index} of {layer} ({description})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — AMCT cannot quantize it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clips the weights in {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wastes levels in {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; scale_w / ARQ from the weights: worst {where}×{ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ({verdict} of 1 channel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ({verdict} of {n} channels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, BatchNorm folded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; scale_w not compared with the weights: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PanelProblems</name>
    <message>
        <source>No problems in this prune record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems in this layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems of this prune record: {errors}, {warnings}, {infos}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems of this layer: {errors}, {warnings}, {infos}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <source>error</source>
        <extracomment>a severity in words, as a problem&apos;s line starts (``error: …``)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{severity}: {message}  [{rule}]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemsDock</name>
    <message>
        <source>Show errors</source>
        <extracomment>the tooltip of each severity&apos;s toggle</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record {index} · {key}</source>
        <extracomment>problem rows a group gives its views at a time (more are fetched as they come into view) seconds of looking up rule problems&apos; lines before the event loop runs again</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no problems</source>
        <extracomment>(errors, warnings, infos) of the whole document, unfiltered how many of each group&apos;s problems the views know about (the first ones) rule problem → its &quot;line:column&quot; in the file (&quot;&quot; where the file does not say)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} ({n} shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(found when reading the file, line {line})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(line {line} of the file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems</source>
        <extracomment>(errors, warnings, infos) — for the status bar</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all rules</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PrunePanel</name>
    <message>
        <source>Role</source>
        <extracomment>the value field an attribute of each AttrType keeps a scalar in the type AMCT gives the attributes this panel edits</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Begin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{node} has no channel range [begin, end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>begin {begin} is not below end {end}: the range is empty or inverted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>width {width} differs from the producer&apos;s {reference}; every node must cover as many channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end − begin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no name (required)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{node} name: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{node} {attr} takes a whole number (a channel index), not {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename {node} of prune record {index} to {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set {attr} of {node} of prune record {index} to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set channel range of all nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every producer and consumer of this prune record gets this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a prune record in the tree to edit its producers and consumers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set channel range…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give every producer and consumer the same [begin, end), in one undo step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a consumer with the first producer&apos;s channel range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no other attributes</source>
        <extracomment>the widest the &quot;Other attributes&quot; column starts (the rest is in its tooltip) the name column keeps at least this much before &quot;Other attributes&quot; gives way</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a node to see its other attributes (prune_axis, group, …).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Prune record {index}&lt;/b&gt;: {producers} producer(s), {consumers} consumer(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, {n} channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot set the range: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set channel range of prune record {index} to [{begin}, {end})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add a producer: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot add a consumer: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {role} {name} to prune record {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a node to delete first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective_prune is not a list element; clear it in the tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot delete {node}: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordPanels</name>
    <message>
        <source>Select a layer or a prune record in the tree to edit it here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetFromRangeDialog</name>
    <message>
        <source>Set scale_d / offset_d from a range</source>
        <extracomment>where value fields go, by group (only those the dialect has appear); which editor each gets is the registry&apos;s decision (`editor.ui.field_editors`)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMCT&apos;s formula (asymmetric, forced through zero):&lt;br&gt;min = min(min, 0), max = max(max, 0), scale = (max − min) / (2&lt;sup&gt;b&lt;/sup&gt; − 1),&lt;br&gt;offset = round(−2&lt;sup&gt;b−1&lt;/sup&gt; − min / scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{text} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter two numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>INT{bits}: scale_d = {scale}, offset_d = {offset}&lt;br&gt;clip range then [{lo}, {hi}]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
