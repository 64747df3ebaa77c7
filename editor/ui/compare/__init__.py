"""Comparing the open record A with another record B, in the window (issue 12).

- `controller`: `CompareController` — B read on a thread into a read-only `EditSession`
  of its own, the comparison (`editor.records.diff`) made on a thread and kept current
  while A is edited, the tolerance;
- `rows`: the Differences table's rows and the walk through the differences (Qt-free);
- `takes`: *Take from B* as undo commands of A, validated by AMCT's rules;
- `table`: the Differences tab (`DifferencesView`);
- `window`: `CompareUi`, what the main window installs: File ▸ Compare With…, the Compare
  menu, the status bar's word.
"""
from editor.ui.compare.controller import CompareController, ComparisonResult
from editor.ui.compare.takes import Take, TakeRefused, plan_take
from editor.ui.compare.window import CompareUi

__all__ = ["CompareController", "CompareUi", "ComparisonResult", "Take", "TakeRefused", "plan_take"]
