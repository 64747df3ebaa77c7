<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Commands</name>
    <message>
        <source>{n} {things}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record</source>
        <extracomment>QUndoCommand.id() of SetValueCommand: consecutive edits of the same cell merge</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prune record {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{part} of {whole}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer</source>
        <extracomment>(singular, plural) nouns of the elements of each repeated field (translated where shown)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prune record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prune records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>producer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>producers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <extracomment>the repeated fields whose elements have a noun of their own (others&apos; are &quot;values&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set {what} to {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {what} to {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {what}</source>
        <extracomment>contiguous runs (start, items), ascending</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {what} of {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move {what} up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move {what} down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set {field} to {value} on {layers}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename {what} to {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {n} rows</source>
        <extracomment>the hard-rule check of one edit: (path, value) -&gt; the error it would cause, or None</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Record files (*.txt *.pbtxt *.prototxt *.pb *.bin *.record);;All files (*)</source>
        <extracomment>file dialog filter for record files</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models (*.onnx *.prototxt *.caffemodel *.pb *.pbtxt);;ONNX (*.onnx);;Caffe (*.prototxt *.caffemodel);;TensorFlow frozen graph (*.pb *.pbtxt);;All files (*)</source>
        <extracomment>file dialog filter for the model a record belongs to (`editor.models.MODEL_EXTENSIONS`)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights of the Caffe net (Cancel: structure only, scale_w not reviewed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caffe weights (*.caffemodel);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text format (what AMCT writes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary (protobuf wire format)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dialect:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another dialect converts the record; fields the target lacks stop the save.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save record as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set field on selected layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set one field on 1 selected layer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set one field on {n} selected layers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer key (part of it is enough)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <source>Untitled</source>
        <extracomment>prepare(document) on the loader thread -&gt; result; apply(document, result) on the GUI thread a status bar message and how long to show it (ms; 0 until replaced) a load started (True) or ended (False) load progress in permille a load ended: True when a document was installed the file changed on disk: &quot;changed&quot; or &quot;deleted&quot; (the window offers Reload / Keep Mine) the modified state changed (the title&apos;s [*]) the document was saved under another name (Save As), same dialect: the new path documents bigger than this are saved on a thread behind a progress dialog where file dialogs start when the document has no folder of its own</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening {name}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reader can open it by repairing 1 place (typically // comments or keys broken over lines, as pasted from AMCT&apos;s documentation). Each repair is listed under Reading problems. Open the repaired record?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reader can open it by repairing {n} places (typically // comments or keys broken over lines, as pasted from AMCT&apos;s documentation). Each repair is listed under Reading problems. Open the repaired record?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open with repairs?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Repaired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening cancelled; nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path} changed on disk after it was opened (was AMCT run again?). Saving replaces that version with yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot convert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as {dialect}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {name} as {dialect}. Fields whose default differs between the two dialects were written out:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as {dialect}; the undo history starts here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: the {title} schema ({name}) has no place for these fields of this record: {fields}.

Remove them first, or choose a dialect that has them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save cancelled; {name} on disk was left as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file on disk was left as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your edits are still here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: could not be saved ({error}).

The file on disk was left as it was; your edits are still here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} {why}. It was left as it was. Save your edits under another name?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloading {name} drops your unsaved edits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read as another dialect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading {name} again as {dialect} drops your unsaved edits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the recovery file: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore recovered edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovered edits restored; Undo shows the file as saved</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EditSession</name>
    <message>
        <source>this record is open read-only</source>
        <extracomment>a RecordChange, once the selection and the problems follow it another document was installed (a RecordDocument, or None once closed) a network was attached (an editor.models.Model) or detached (None) marks and tooltip lines on tree rows, by key (the attached model&apos;s, a comparison&apos;s) scale_w against the attached network&apos;s weights, entry by entry</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FieldEditors</name>
    <message>
        <source>{name} takes {words}, not {text}</source>
        <extracomment>``check(text) -&gt; (value, None) | (None, reason)`` ``check(value) -&gt; reason or None`` what the record&apos;s problems say about a field&apos;s current value: (severity, message) a row of a panel&apos;s form: framed; checks and commits by itself (Enter, leaving the box, a choice); a refused value stays red until fixed, Escape reverts it a cell of a panel&apos;s table: frameless; the view&apos;s delegate commits and checks on Enter the record tree&apos;s value or name column: frameless; a typed text that does not fit turns red (text colour) and is said at once, and Enter does not take it the field (for a list element&apos;s name: its ``key`` or ``name`` field) the rules&apos; reason against a value (None: no rule is asked); in a cell, editors that commit at once leave this to the view&apos;s delegate replaces parsing a typed text plus `check` (a table model that checks its cells&apos; text) the tooltip while nothing is wrong (None: a hint on what the field&apos;s type accepts) AMCT may go without the field: an empty box unsets it, &quot;not set&quot; is offered grey text in an empty box how `show_value` turns a value into text (None: as the record&apos;s text format writes it); a table whose model hands out its cells as text passes `str` what the rules accept for the field now, in words that follow &quot;takes&quot; (``a whole number from -128 to 127 (act_type INT8)``; None: what the type allows): the tooltip&apos;s words and what a text that is no value of the field is met with the editor shows the field&apos;s name itself (a check box&apos;s text): a form row gives it no label</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set ({value})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{value} (not allowed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the field from the record; AMCT then uses the default ({value})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set: default {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (stored as float32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: \n, \t and \xNN stand for invisible characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: a whole number from {lo} to {hi}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: a number such as 0.0235, 1e-3, inf or nan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: text; \n, \t, \\ and \xNN stand for special characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set (default {value})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>not a valid regular expression: {error}</source>
        <extracomment>the filter applies this long after the last keystroke (at once on Enter): on a big record one pass over the rows takes a noticeable moment, and each key would cost one</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter layers and prune nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Treat the filter as a regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>{path}: not enough memory to open this file</source>
        <extracomment>work on the new document that must not run on the GUI thread (see MainWindow.add_load_step)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: could not be read ({error})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>The bundled sample is missing ({path}); use File ▸ Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} was deleted or moved on disk. Your copy is still open; Save writes it back.</source>
        <extracomment>the buttons by their English name (what scripts and tests ask for, whatever the language)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} changed on disk (was AMCT run again?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} changed on disk (was AMCT run again?). Reloading drops your unsaved edits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep Mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept your version; Save will ask before overwriting the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved edits could not be recovered: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved edits of {what} were kept when the editor did not close normally. The file changed on disk since then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved edits of {what} were kept when the editor did not close normally.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <extracomment>a document was installed (or None after Close) a load ended: True when a document was installed the record this window edits (laid out at once when a file opens: small fetch chunks)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What AMCT&apos;s rules find in the record; details in the Problems dock</source>
        <extracomment>where the tree, plots and docks go (focus, the plots&apos; own window, reset, settings)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach &amp;Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the record against the network it belongs to (ONNX, Caffe, TensorFlow) and review scale_w against its weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Detach Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the record on its own again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} is a model: open the record it belongs to first, then drop the model on the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model or record?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} may be a frozen TensorFlow graph or a binary record. Attach it to {record} as its model?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach as Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(File ▸ Read As Dialect to read the file as another one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 prune record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} prune records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a record file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the record to its file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save under another name, as text or binary, in any dialect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the file again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit the editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter the tree by layer key or node name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go to Layer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump to a layer by (part of) its key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read As &amp;Dialect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the file again with the {title} schema and its rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every key of the window and what it does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Edit dock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Problems dock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the record tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About {app}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{app}

View, check and edit Ascend AMCT quantization and sparsity record files in every AMCT dialect.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelMarks</name>
    <message>
        <source>not in model</source>
        <extracomment>the marks&apos; colours: the model&apos;s type (muted), a problem with the model (red, orange)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: {model} has no layer {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input {index} of {op}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: input {index} of {layer} ({what})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: {what} — AMCT cannot quantize it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clips the weights in {bad} of 1 channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clips the weights in {bad} of {n} channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wastes levels in {bad} of {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at [{channel}]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clips ×{ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wastes ×{ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lowest ratio ×{ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highest ratio ×{ratio}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale_w against the weights (AMCT&apos;s ARQ): {faults}; {extreme}{where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>{path}: not enough memory to read this model</source>
        <extracomment>the settings key holding {record path: [model path, weights path or &quot;&quot;]} how many records&apos; models are remembered (the most recently attached ones) seconds: reading the model (structure), reviewing the weights, checking the record the stages and their share of the progress bar: reading, reviewing, checking</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path}: could not be read ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model {name}</source>
        <extracomment>the files of the attached model (None: none attached) what the last attach took, in seconds (read, review, check; the benchmark reports it) the model last attached, its files and their stamps: attached again as it is (its weights read) when the same record is reloaded and the files did not change</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} matched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 unmatched key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} unmatched keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} without record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model attached (File ▸ Attach Model…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{framework} model {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{layers} layers, {quantizable} AMCT can quantize, {weighted} with weights ({with_values} with their values in the file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} keys name a layer of the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and {n} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} keys name no layer: {keys}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} quantizable layers have no record: {layers}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale_w reviewed against the weights (waste above {ratio}×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a record first: a model is attached to a record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attaching model {files}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detached model {name}; the record is checked on its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{matched} of {n} keys name a layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; 1 note in the tooltip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; {n} notes in the tooltip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no weights: scale_w is not reviewed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-attached model {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attached model {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model remembered for this record could not be attached: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not attach the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attaching the model cancelled; {files} stays attached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attaching the model cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model remembered for this record, {path}, is no longer there; File ▸ Attach Model… attaches another</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Paste</name>
    <message>
        <source>… and {n} more</source>
        <extracomment>hard-rule errors (rules.ERROR) the pasted entries would have in this record, and reading errors of the text; pasting anyway is the user&apos;s choice what else the reader found or changed (given twice, Python-only syntax, duplicate keys, repairs)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pasted text breaks AMCT&apos;s rules (1 error):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pasted text breaks AMCT&apos;s rules ({n} errors):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste it anyway? The errors will be listed under Problems.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted; {n} layer key(s) now occur twice, e.g. {key} — AMCT uses only the first of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 rule error pasted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} rule errors pasted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (and {n} more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no record is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the clipboard holds no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not record text: {where}{what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text holds nothing that can be pasted here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}, column {column}: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {line}: repaired: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordTree</name>
    <message>
        <source>&amp;Delete</source>
        <extracomment>the key column takes at most this share of the tree&apos;s width, so the values stay in view ... or all but this many pixels, if that is more: a narrow tree still shows the start of each value, and its keys whole the value column&apos;s width where the tree has room (values are summaries, types follow) after an edit renames, adds or removes layers, their labels are worked out again only for records of at most this many names (more would stall the window; the loader thread labels every record it opens) the Qt model the view shows (the session&apos;s) the selected rows as read from the view, until the selection or the rows change how often the selected rows were read from the view (a bulk edit must not read them per row) the current row changed under an edit; the shared selection is yet to hear of it</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected layers, entries or values; clear selected fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected entries; each copy goes after its original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Layer…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the key of the current layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add Entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a new entry after the current one (a layer, prune record, node, attribute or value)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Insert Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a new entry before the current one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected entries up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move Do&amp;wn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected entries down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected rows as record text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy, then delete the selected rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Insert record text from the clipboard after the current entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Set Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give an unset optional field its default value, or an unset message, an empty one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unset the current optional field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set Field on Selected &amp;Layers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set one field to one value on every selected layer, as one undo step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xpand Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand the current row and all below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse every row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} layers selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} rows selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a layer to rename it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a list (a repeated field) or one of its entries to add to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select adjacent entries of one list to move them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied 1 row as record text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied {n} rows as record text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was pasted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select one or more layers first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed: {field} = {value} breaks AMCT&apos;s rules on {bad} of {n} selected layer(s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layer key contains {key}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add {what}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordTreeModel</name>
    <message>
        <source>Field</source>
        <extracomment>the top-level message (the invisible root) a singular scalar field of a message (leaf) a singular message field (e.g. `value`, `selective_prune`) a repeated field as a whole; its children are the elements one element of a repeated message field (layer entry, prune node, attr…) one element of a repeated scalar field (leaf) the editor&apos;s `changed`, as a Qt signal: a `RecordChange` after every edit (and on reset)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>cannot read it: {why}</source>
        <extracomment>what a recovery file that failed its check is renamed to end with size and CRC-32 of the serialized message (None in files of earlier versions)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it holds {got} bytes of the record, not the {want} written (cut short?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its checksum does not match: the file was damaged after it was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it names a dialect this editor does not know ({dialect})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record in it does not read as {dialect}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record in it has fields the {dialect} schema does not know (in {where})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unsaved new record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} (edits from {when})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its header cannot be read</source>
        <extracomment>the files the last `list()` set aside, each with why (what the user is told)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used: {why}; it could not be set aside ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used: {why}; set aside as {name}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Saving</name>
    <message>
        <source>Saving {name}…</source>
        <extracomment>seconds the save thread may hold the GIL before it hands it to a waiting GUI thread files up to this size are saved on the GUI thread (well under 100 ms; no dialog flashes)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling the save of {name}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>the window</source>
        <extracomment>the group it is listed in: a menu (&quot;Edit&quot;), a menu&apos;s section (&quot;Plot ▸ Channels&quot;), a widget the command, as its menu item reads (no &quot;&amp;&quot;) the keys, as the platform writes them (&quot;Ctrl+S&quot;; several joined by &quot;, &quot;) where the keys work: &quot;anywhere in the window&quot;, &quot;in the record tree&quot;…</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anywhere in the application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>anywhere in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in {place}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter: a key (Ctrl+S, F2) or a word</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{command}: {keys}, {where}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TreeKeys</name>
    <message>
        <source>Edit the current row&apos;s value (on a layer or node row: its name)</source>
        <extracomment>editor kinds typing into a row starts (a check box or a list of choices is not typed into) visible rows Tab looks through for the next value before giving the focus away pixels of the Value cell that must show without scrolling for the Field column to stay put keys of the tree that are no action (actions are listed from themselves): (keys, what), both shown through translate(&quot;TreeKeys&quot;, ...) (key names stay as Qt writes them)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the current row&apos;s value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0–9, −, letters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start editing the current row&apos;s value with what is typed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move between the Field and the Value cell; expand or collapse a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next / previous value (in an editor: commit, then edit that one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel an edit; a refused value is reverted and the status bar says so</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand, collapse, expand everything below the current row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move through the rows</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ValueDelegate</name>
    <message>
        <source>the value</source>
        <extracomment>pixels inside an annotation&apos;s mark on each side, and between a mark and what follows</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not changed: {reason} ({cell} stays {value})</source>
        <extracomment>the text being typed in an editor is one the record may take: a refusal said while typing it no longer stands `validate(path, value)`: the hard-rule error setting the field at `path` to `value` would cause, or None (None: no rule is checked, and the editors&apos; hints say what the field&apos;s type allows rather than what the rules accept) short labels of the record&apos;s layer keys and node names, for a key that does not fit its column: the scope every name shares goes first, then what tells the names apart least, and the labels stay unique (the tree sets them) the open editors: id → (the path they edit, their value as the record had it) editors whose text setModelData has judged (pushed, or refused and said so)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not changed: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WeightsReview</name>
    <message>
        <source>no network with weights is attached</source>
        <extracomment>reviews may read differently: a network came or went, the threshold moved, an edit</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no channel chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale_w has channels 0–{last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale_w already has the values of the weights there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} channels of scale_w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset {what} of {key} from the weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset scale_w of {n} layers from the weights</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowLayout</name>
    <message>
        <source>&amp;Focus Plots</source>
        <extracomment>the version of the saved dock layout: a state saved by another one is not restored (2: Edit and Problems tabbed along the bottom) the tree&apos;s width with no record open, at least, and at most this share of the window the settings the layout keeps (besides the window&apos;s geometry), forgotten by Reset Layout how tall the bottom docks open on a first start, as a share of the window&apos;s height ... ... within these pixels how tall a dock&apos;s content is when folded (default: its smallest height) the height an open dock area gets (the user&apos;s last choice; None: the default for the window&apos;s height, `default_bottom_height`) folding is suspended (Focus plots hides the docks anyway; Reset Layout rebuilds) the user closed the window: the owner takes the plots back the user dragged the tree&apos;s edge: their width, not the keys&apos;, from now on the plots&apos; window while they are detached (View ▸ Plots in Own Window) what Focus Plots put away: the dock state, the splitter, whether the tables showed</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the plots the whole window (again: back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plots in Own &amp;Window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the plots in a window of their own (a second screen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the tree, plots and docks back where they start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plots — {name} — {app}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layout reset to the defaults</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
