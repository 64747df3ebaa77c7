"""Comparing the open record A with another record B, in the window (issue 12).

- `controller`: `CompareController` — B read on a thread into a read-only `EditSession`
  of its own, the comparison (`editor.records.diff`) made on a thread and kept current
  while A is edited, the tolerance;
- the Differences table's rows and the walk through the differences are `editor.records.diff.rows` (Qt-free);
- *Take from B* is planned in `editor.records.edits.takes` (edit commands of A, judged by the one check);
- `table`: the Differences tab (`DifferencesView`);
- `window`: `CompareUi`, what the main window installs: File ▸ Compare With…, the Compare
  menu, the status bar's word.
"""
from editor.ui.compare.controller import CompareController, ComparisonResult
from editor.ui.compare.window import CompareUi

__all__ = ["CompareController", "CompareUi", "ComparisonResult"]
