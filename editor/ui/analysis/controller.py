"""AnalysisController: the window's *Tools* entries for the analysis — *Analyze…* (inputs chosen
once and remembered per record, run on a worker thread with progress and cancel), *Re-run
Layer*, *Import Analysis Results…*, *Export Roll-back Config…* — over a `SessionAnalysis`
and its `AnalysisPlots`."""
from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from editor.i18n import translate
from editor.ui.analysis.dialogs import AnalyzeDialog, RollbackDialog
from editor.ui.analysis.plots import WEIGHT_DB_FLAG, AnalysisPlots
from editor.ui.analysis.state import SessionAnalysis

if TYPE_CHECKING:
    from editor.ui.plots.panel import PlotsPanel
    from editor.ui.session import EditSession

#: the settings key holding {record path: {"inputs": [...], "whole_model": bool}}
SETTINGS_KEY = "analysis/inputs"


class AnalysisController(QObject):
    """The analysis's actions over one session and its plots (see the module docstring)."""

    #: a sentence for the status bar
    status = Signal(str)

    def __init__(self, session: EditSession, plots: PlotsPanel, settings: QSettings,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.parent_widget = parent
        self.settings = settings
        self.analysis = SessionAnalysis(session, self)
        self.plots = AnalysisPlots(self.analysis, plots)
        self.progress: QProgressDialog | None = None

        def action(text: str, slot, tip: str) -> QAction:
            a = QAction(text, self)
            a.setStatusTip(tip)
            a.setToolTip(tip)
            a.triggered.connect(lambda _checked=False: slot())
            return a

        self.act_analyze = action(translate("AnalysisController", "&Analyze…"), self.choose_and_run,
                                  translate("AnalysisController", "Measure each layer's quantization error from the "
                                                                  "attached model's weights and, on real inputs, its "
                                                                  "activations"))
        self.act_rerun = action(translate("AnalysisController", "&Re-run Layer Analysis"), self.rerun_shown,
                                translate("AnalysisController", "Measure the shown layer's activations again with "
                                                                "its factors as they are now"))
        self.act_import = action(translate("AnalysisController", "&Import Analysis Results…"), self.choose_imports,
                                 translate("AnalysisController", "Add other tools' per-layer results as Layers table "
                                                                 "columns: AMCT's ranking JSON, msit/msprobe compare "
                                                                 "CSV, key,value CSV"))
        self.act_export = action(translate("AnalysisController", "&Export Roll-back Config…"), self.choose_rollback,
                                 translate("AnalysisController", "Write AMCT's quant config with quant_enable false "
                                                                 "for the layers you choose"))
        self.act_suggest = action(translate("AnalysisController", "&Use Suggested scale_d / offset_d"),
                                  self.use_suggested,
                                  translate("AnalysisController", "Set the shown layer's scale_d and offset_d to AMCT's "
                                                                  "factors of the input range the analysis saw (one "
                                                                  "undo step)"))
        self.act_cancel = action(translate("AnalysisController", "&Cancel Analysis"), self.analysis.cancel,
                                 translate("AnalysisController", "Stop the analysis under way"))
        self.analysis.message.connect(self.status)
        self.analysis.progress.connect(self._progress)
        self.analysis.busyChanged.connect(self._busy)
        self.analysis.changed.connect(self.update_actions)
        self.analysis.failed.connect(self._failed)
        session.networkChanged.connect(lambda _m: self.update_actions())
        session.documentChanged.connect(lambda _d: self.update_actions())
        self.update_actions()

    @property
    def actions(self) -> list[QAction | None]:
        """What the Tools menu lists (None: a separator)."""
        return [self.act_analyze, self.act_cancel, self.act_rerun, self.act_suggest, None, self.act_import,
                self.act_export]

    def update_actions(self) -> None:
        a = self.analysis
        busy = a.busy
        self.act_analyze.setEnabled(not busy and self.session.network is not None and self.session.message is not None)
        self.act_cancel.setEnabled(busy)
        self.act_rerun.setEnabled(not busy and a.activations_run)
        self.act_suggest.setEnabled(a.activations_run)
        self.act_import.setEnabled(self.session.message is not None)
        self.act_export.setEnabled(a.has_result and not busy)

    # ------------------------------------------------------------------ remembered inputs

    def _record_path(self) -> str | None:
        document = self.session.document
        path = getattr(document, "path", None)
        return str(Path(path).resolve()) if path is not None else None

    def _remembered(self) -> dict:
        try:
            data = json.loads(str(self.settings.value(SETTINGS_KEY, "") or "{}"))
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def remembered_inputs(self) -> tuple[list[str], bool]:
        """The inputs (and whole-model choice) last used for the open record."""
        record = self._record_path()
        entry = self._remembered().get(record) if record is not None else None
        if not isinstance(entry, dict):
            return [], True
        inputs = [p for p in entry.get("inputs", []) if isinstance(p, str)]
        return inputs, bool(entry.get("whole_model", True))

    def _remember(self, inputs: Sequence[str], whole_model: bool) -> None:
        record = self._record_path()
        if record is None:
            return
        data = self._remembered()
        data[record] = {"inputs": list(inputs), "whole_model": whole_model}
        self.settings.setValue(SETTINGS_KEY, json.dumps(data))

    # ------------------------------------------------------------------ running

    def choose_and_run(self) -> None:
        """Tools ▸ Analyze…: choose the inputs (remembered per record) and run."""
        why = self.analysis.can_run()
        if why is not None:
            QMessageBox.information(self.parent_widget, translate("AnalysisController", "Analyze"), why)
            return
        model = self.session.network
        inputs, whole = self.remembered_inputs()
        dialog = AnalyzeDialog(inputs, model is not None and model.framework == "onnx", whole, self.parent_widget)
        if dialog.exec() != AnalyzeDialog.DialogCode.Accepted:
            return
        self.run(dialog.inputs(), whole_model=dialog.whole_model.isChecked())

    def run(self, inputs: Sequence[str | os.PathLike] = (), *, whole_model: bool = True) -> bool:
        """Analyse with these inputs (remembered for the record) on a worker thread."""
        paths = [str(p) for p in inputs]
        self._remember(paths, whole_model)
        # one core left to the window: the analysis must not freeze the editing
        threads = max(1, (os.cpu_count() or 2) - 1)
        return self.analysis.start(paths, whole_model=whole_model, threads=threads)

    def rerun_shown(self) -> bool:
        """Re-run the activations of the layer shown in the Channels plot (or the selected one)."""
        index = self._shown_index()
        if index is None:
            self.status.emit(translate("AnalysisController", "Select a layer to re-run"))
            return False
        return self.analysis.rerun_layer(index)

    def _shown_index(self) -> int | None:
        index = self.plots.panel.channels.layer_index
        return index if index is not None else self.session.selection.record_index

    def use_suggested(self) -> bool:
        """Set the shown layer's scale_d/offset_d to the factors suggested from the input range
        the analysis saw (AMCT's `calculate_scale_offset`): one undo step, refused with the
        reason where a rule refuses it. Its activation figures are then stale until re-run."""
        from editor.records.edits.commands import MacroCommand, SetValueCommand

        index = self._shown_index()
        message = self.session.message
        if index is None or message is None or not 0 <= index < len(message.record):
            self.status.emit(translate("AnalysisController", "Select a layer first"))
            return False
        entry = message.record[index]
        f = self.analysis.figures(entry.key)
        if f is None or f.activations is None:
            self.status.emit(translate("AnalysisController", "{key}: no input range measured").format(key=entry.key))
            return False
        a = f.activations
        editor = self.session.editor
        base = ("record", index, "value")
        command = MacroCommand(editor, translate("AnalysisController", "Use suggested scale_d / offset_d on {key}").format(
            key=entry.key), [SetValueCommand(editor, (*base, "scale_d"), float(a.suggested_scale_d)),
                             SetValueCommand(editor, (*base, "offset_d"), int(a.suggested_offset_d))])
        problem = self.session.push_checked(command)
        if problem is not None:
            self.status.emit(translate("AnalysisController", "Not set: {reason}").format(reason=problem.message))
            return False
        self.status.emit(translate("AnalysisController", "{key}: scale_d {scale}, offset_d {offset}; re-run the layer "
                                                         "to measure them").format(
            key=entry.key, scale=f"{a.suggested_scale_d:.6g}", offset=a.suggested_offset_d))
        return True

    def _busy(self, busy: bool) -> None:
        self.update_actions()
        if busy:
            if self.progress is None:
                dialog = QProgressDialog(translate("AnalysisController", "Analysing…"),
                                         translate("AnalysisController", "Cancel"), 0, 0, self.parent_widget)
                dialog.setWindowTitle(translate("AnalysisController", "Analysis"))
                dialog.setWindowModality(Qt.WindowModality.NonModal)  # the record stays editable
                dialog.setMinimumDuration(400)
                dialog.setAutoClose(False)
                dialog.setAutoReset(False)
                dialog.canceled.connect(self.analysis.cancel)
                self.progress = dialog
            self.progress.setRange(0, 0)
            self.progress.setValue(0)
        elif self.progress is not None:
            self.progress.reset()
            self.progress.hide()

    def _progress(self, done: int, total: int) -> None:
        p = self.progress
        if p is not None and total > 0:
            if p.maximum() != total:
                p.setRange(0, total)
            p.setValue(min(done, total))
            p.setLabelText(translate("AnalysisController", "Analysing… {done} of {total} steps").format(
                done=done, total=total))

    def _failed(self, why: str) -> None:
        QMessageBox.warning(self.parent_widget, translate("AnalysisController", "Analysis"), why)

    # ------------------------------------------------------------------ imports

    def choose_imports(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.parent_widget, translate("AnalysisController", "Import Analysis Results"), "",
            translate("AnalysisController", "Per-layer results (*.json *.csv);;All files (*)"))
        if names:
            self.import_results(names)

    def import_results(self, paths: Sequence[str | os.PathLike]) -> list[str]:
        """Add the files' columns; what could not be matched or read is shown and returned."""
        notes = self.analysis.import_results(paths)
        if notes:
            QMessageBox.information(self.parent_widget, translate("AnalysisController", "Import Analysis Results"),
                                    "\n".join(notes))
        self.status.emit(translate("AnalysisController", "Imported {count} columns").format(
            count=len(self.analysis.imported)))
        return notes

    # ------------------------------------------------------------------ roll-back

    def rollback_rows(self) -> tuple[list[tuple[str, float]], bool]:
        """(key, figure) of every analysed layer worst first, and whether the figure is the
        similarity (else the weight SQNR in dB)."""
        a = self.analysis
        by_sim = a.activations_run
        rows = []
        for key, f in a.layers.items():
            v = f.similarity if by_sim else (f.weights.sqnr_db if f.weights is not None else None)
            if v is not None and not math.isnan(v):
                rows.append((key, float(v)))
        rows.sort(key=lambda r: r[1])
        return rows, by_sim

    def choose_rollback(self) -> None:
        rows, by_sim = self.rollback_rows()
        threshold = self.plots.threshold if by_sim else WEIGHT_DB_FLAG
        dialog = RollbackDialog(rows, by_sim, threshold,
                                lambda t: self.analysis.below(t, weight_db=not by_sim), self.parent_widget)
        if dialog.exec() != RollbackDialog.DialogCode.Accepted:
            return
        name, _ = QFileDialog.getSaveFileName(self.parent_widget, translate("AnalysisController", "Roll-back Config"),
                                              "quant_config.json", translate("AnalysisController", "JSON (*.json)"))
        if name:
            self.export_rollback(name, dialog.chosen(), dialog.base_path())

    def export_rollback(self, path: str | os.PathLike, disabled: Sequence[str], base: str | None = None) -> bool:
        """Write the roll-back config: quant_enable false for `disabled`, true for the other
        analysed layers, merged into the config at `base` when given."""
        from editor.analysis.config import ConfigError, read_config, rollback_config, write_config

        try:
            base_config = read_config(base) if base else None
            written = write_config(path, rollback_config(disabled, self.analysis.measured_keys(), base_config))
        except ConfigError as e:
            QMessageBox.warning(self.parent_widget, translate("AnalysisController", "Export Roll-back Config"), str(e))
            return False
        self.status.emit(translate("AnalysisController", "Wrote {path}: {count} layers rolled back").format(
            path=written, count=len(disabled)))
        return True

