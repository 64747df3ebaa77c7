"""The analysis's dialogs: *Analyze…* (the inputs to run the model on, remembered per record)
and *Export Roll-back Config…* (which layers AMCT should leave unquantized)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class AnalyzeDialog(QDialog):
    """The inputs the model runs on (.npz, .npy, folders of .npy/.bin; none: the weights
    only) and whether to run the whole-model check."""

    def __init__(self, inputs: list[str], onnx: bool, whole_model: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Analyze"))
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("How much error each layer's factors cause: the weights quantized with the record's "
                               "scale_w, and, on real inputs, each layer's input clipping, SQNR and AMCT's "
                               "similarity. Inputs: .npz (arrays by input name), .npy, or folders of .npy / raw "
                               ".bin files shaped as the model's input. Without inputs only the weights are "
                               "analysed."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        if not onnx:
            note = QLabel(self.tr("The attached model is not ONNX: inputs are run on ONNX models only (export a "
                                  "PyTorch model to ONNX); the weights are analysed."))
            note.setWordWrap(True)
            layout.addWidget(note)
        self.list = QListWidget()
        for p in inputs:
            self.list.addItem(p)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        self.add_files = QPushButton(self.tr("Add Files…"))
        self.add_folder = QPushButton(self.tr("Add Folder…"))
        self.remove = QPushButton(self.tr("Remove"))
        for b in (self.add_files, self.add_folder, self.remove):
            row.addWidget(b)
            b.setEnabled(onnx)
        row.addStretch(1)
        layout.addLayout(row)
        self.add_files.clicked.connect(self._add_files)
        self.add_folder.clicked.connect(self._add_folder)
        self.remove.clicked.connect(self._remove)
        self.whole_model = QCheckBox(self.tr("Compare the whole model's outputs (every layer quantized)"))
        self.whole_model.setChecked(whole_model)
        self.whole_model.setEnabled(onnx)
        layout.addWidget(self.whole_model)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Analyze"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 380)

    def inputs(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def add(self, paths: list[str]) -> None:
        known = set(self.inputs())
        for p in paths:
            if p and p not in known:
                self.list.addItem(p)
                known.add(p)

    def _add_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, self.tr("Input Samples"), "",
                                                self.tr("Samples (*.npz *.npy *.bin);;All files (*)"))
        self.add(names)

    def _add_folder(self) -> None:
        self.add([QFileDialog.getExistingDirectory(self, self.tr("Folder of Input Samples"))])

    def _remove(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))


class RollbackDialog(QDialog):
    """Which layers to roll back: those below a threshold are checked, any can be checked or
    unchecked; an existing quant config to merge into."""

    def __init__(self, rows: list[tuple[str, float]], by_similarity: bool, threshold: float,
                 below, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export Roll-back Config"))
        self._rows = rows
        self._below = below
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("AMCT's quant config with quant_enable false for the checked layers (and true for "
                               "the other analysed layers): the file AMCT's accuracy-based auto-calibration writes "
                               "and reads."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.threshold = QDoubleSpinBox()
        if by_similarity:
            self.threshold.setDecimals(5)
            self.threshold.setRange(0.0, 1.0)
            self.threshold.setSingleStep(0.001)
            label = self.tr("Roll back layers of similarity below")
        else:
            self.threshold.setDecimals(1)
            self.threshold.setRange(-100.0, 200.0)
            self.threshold.setSingleStep(1.0)
            label = self.tr("Roll back layers of weight SQNR (dB) below")
        self.threshold.setValue(threshold)
        form.addRow(label, self.threshold)
        base_row = QHBoxLayout()
        self.base = QLineEdit()
        self.base.setPlaceholderText(self.tr("none: a new config"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._browse)
        base_row.addWidget(self.base, 1)
        base_row.addWidget(browse)
        form.addRow(self.tr("Merge into config"), base_row)
        layout.addLayout(form)
        self.list = QListWidget()
        layout.addWidget(self.list, 1)
        self.count = QLabel()
        layout.addWidget(self.count)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.threshold.valueChanged.connect(self._fill)
        self.list.itemChanged.connect(self._count)
        self._fill()
        self.resize(520, 480)

    def _fill(self) -> None:
        below = set(self._below(self.threshold.value()))
        self.list.blockSignals(True)
        self.list.clear()
        for key, value in self._rows:
            item = QListWidgetItem(f"{key}    {value:.6g}")
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if key in below else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self._count()

    def _count(self, *_args) -> None:
        n = len(self.chosen())
        self.count.setText((self.tr("{n} layer rolled back") if n == 1 else self.tr("{n} layers rolled back")).format(n=n))

    def chosen(self) -> list[str]:
        """The checked layers' keys, worst first."""
        out = []
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def base_path(self) -> str | None:
        text = self.base.text().strip()
        return text or None

    def _browse(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Quant Config to Merge Into"), "",
                                              self.tr("JSON (*.json);;All files (*)"))
        if name:
            self.base.setText(name)
