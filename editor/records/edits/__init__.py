"""Edit commands and edit planning: the one Qt-free edit path of the window and the command line.

- `commands`: `EditCommand` and the elementary commands (set, clear, insert, remove, move,
  replace, a macro of several) — each applies itself through a `RecordEditor`, reverts
  itself bit for bit, merges with the next and describes itself; builders of common steps
  (a field on many layers, a new or duplicated element, a rename, a move).
- `check`: `EditCheck`, the one check of an edit against AMCT's hard rules.
- Planning, what a user's request means as one step: `selection` (delete, duplicate, set a
  field on the selected layers), `paste` (text pasted into the record), `takes` (Take from
  B), `weights` (scale_w and offset_w reset from a network's weights: Reset from Weights and
  `record-editor refit`), `assignments` (`record-editor set`'s FIELD=VALUE), `span` (the
  channel plot's span edits).

The window pushes the commands on its undo stack through `editor.ui.commands`; the command
line applies them. Nothing here imports Qt; `check`, `commands` and `assignments` do not import
numpy either (the command line's `set` loads them).
"""
