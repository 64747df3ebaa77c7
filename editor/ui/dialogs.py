"""Every question the editor asks the user, in one replaceable object.

Widgets never open message boxes or file dialogs themselves; they call a `Prompter`.
The window passes its own; tests pass a subclass with scripted answers, so every path
through a question can be driven offscreen.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import QStringListModel, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import QT_TRANSLATE_NOOP, translate
from editor.records.dialects import DIALECTS, Dialect
from editor.records.values import format_value, parse_value
from editor.ui.field_editors import FieldValidator
from editor.ui.open_failure import OpenFailure, OpenFailureDialog

#: file dialog filter for record files
RECORD_FILTER = QT_TRANSLATE_NOOP("Dialogs", "Record files (*.txt *.pbtxt *.prototxt *.pb *.bin *.record);;"
                                             "All files (*)")
#: file dialog filter for the model a record belongs to (`editor.models.MODEL_EXTENSIONS`)
MODEL_FILTER = QT_TRANSLATE_NOOP("Dialogs", "Models (*.onnx *.prototxt *.caffemodel *.pb *.pbtxt);;ONNX (*.onnx);;"
                                            "Caffe (*.prototxt *.caffemodel);;TensorFlow frozen graph (*.pb *.pbtxt);;"
                                            "All files (*)")


@dataclass(frozen=True)
class SaveAsChoice:
    """Where and how to save: path, binary or text, and the dialect to write."""

    path: Path
    binary: bool
    dialect: Dialect


class Prompter:
    """Asks with real dialogs, parented to `parent`. Subclass to script the answers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def ask_save_changes(self, name: str) -> str:
        """'save', 'discard' or 'cancel' for unsaved edits of `name`."""
        box = QMessageBox(QMessageBox.Icon.Warning, translate("Dialogs", "Unsaved changes"),
                          translate("Dialogs", "{name} has unsaved changes. Save them?").format(name=name),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.parent)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")

    def open_file_name(self, directory: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, translate("Dialogs", "Open record"), directory,
                                              translate("Dialogs", RECORD_FILTER))
        return path or None

    def open_model_name(self, directory: str) -> str | None:
        """A model file to attach to the record (File ▸ Attach Model…)."""
        path, _ = QFileDialog.getOpenFileName(self.parent, translate("Dialogs", "Attach model"), directory,
                                              translate("Dialogs", MODEL_FILTER))
        return path or None

    def open_weights_name(self, directory: str) -> str | None:
        """The .caffemodel of a Caffe network definition (None: the structure alone)."""
        path, _ = QFileDialog.getOpenFileName(
            self.parent, translate("Dialogs", "Weights of the Caffe net (Cancel: structure only, scale_w not reviewed)"),
            directory, translate("Dialogs", "Caffe weights (*.caffemodel);;All files (*)"))
        return path or None

    def compare_file_name(self, directory: str) -> str | None:
        """The record to compare the open one with (File ▸ Compare With…)."""
        path, _ = QFileDialog.getOpenFileName(self.parent, translate("Dialogs", "Compare with record"), directory,
                                              translate("Dialogs", RECORD_FILTER))
        return path or None

    def report_file_name(self, suggested: str) -> str | None:
        """Where File ▸ Export Report… writes the HTML report (`suggested`: a file name)."""
        path, _ = QFileDialog.getSaveFileName(self.parent, translate("Dialogs", "Export report"), suggested,
                                              translate("Dialogs", "HTML report (*.html);;All files (*)"))
        return path or None

    def save_as(self, directory: str, name: str, dialect: Dialect, binary: bool) -> SaveAsChoice | None:
        dialog = SaveAsDialog(directory, name, dialect, binary, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()

    def error(self, title: str, text: str) -> None:
        QMessageBox.critical(self.parent, title, text)

    def info(self, title: str, text: str) -> None:
        QMessageBox.information(self.parent, title, text)

    def open_failed(self, failure: OpenFailure, read_as: Callable[[Path, Dialect], object]) -> QDialog | None:
        """A file could not be opened: the failure dialog, shown and returned (not modal: the
        source it offers and the window stay usable). `read_as(path, dialect)` reads that
        file again as another dialect."""
        dialog = OpenFailureDialog(failure, read_as=read_as, open_external=self.open_external, parent=self.parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        dialog.activateWindow()
        return dialog

    def open_external(self, path: Path) -> bool:
        """Hand `path` to the desktop's application for it (an external editor)."""
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def confirm(self, title: str, text: str, yes: str | None = None) -> bool:
        """Ask `text`; True when the user answers `yes` (a translated "Yes" by default)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Cancel, self.parent)
        ok = box.addButton(yes if yes is not None else translate("Dialogs", "Yes"), QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(ok)
        box.exec()
        return box.clickedButton() is ok

    def ask_field_value(self, fields: list[FieldDescriptor], count: int) -> tuple[str, Any] | None:
        """(field name, typed value) to set on `count` selected layers, or None."""
        dialog = SetFieldDialog(fields, count, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.result_value()

    def ask_layer_key(self, keys: list[str]) -> str | None:
        dialog = GoToLayerDialog(keys, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.key()


class SaveAsDialog(QDialog):
    """File name, text or binary, and dialect."""

    def __init__(self, directory: str, name: str, dialect: Dialect, binary: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Dialogs", "Save As"))
        self.path_edit = QLineEdit(str(Path(directory) / name) if name else directory)
        browse = QPushButton(translate("Dialogs", "Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse)
        self.text_radio = QRadioButton(translate("Dialogs", "Text format (what AMCT writes)"))
        self.binary_radio = QRadioButton(translate("Dialogs", "Binary (protobuf wire format)"))
        group = QButtonGroup(self)
        group.addButton(self.text_radio)
        group.addButton(self.binary_radio)
        (self.binary_radio if binary else self.text_radio).setChecked(True)
        self.dialect_combo = QComboBox()
        for d in DIALECTS.values():
            self.dialect_combo.addItem(f"{d.shown_title} ({d.name})", d.name)
        self.dialect_combo.setCurrentIndex(self.dialect_combo.findData(dialect.name))
        form = QFormLayout()
        form.addRow(translate("Dialogs", "File:"), row)
        form.addRow(translate("Dialogs", "Format:"), self.text_radio)
        form.addRow("", self.binary_radio)
        form.addRow(translate("Dialogs", "Dialect:"), self.dialect_combo)
        note = QLabel(translate("Dialogs", "Another dialect converts the record; fields the target lacks stop the save."))
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, translate("Dialogs", "Save record as"), self.path_edit.text(),
                                              translate("Dialogs", RECORD_FILTER))
        if path:
            self.path_edit.setText(path)
            if path.endswith((".pb", ".bin")):
                self.binary_radio.setChecked(True)

    def choice(self) -> SaveAsChoice | None:
        text = self.path_edit.text().strip()
        if not text:
            return None
        return SaveAsChoice(Path(text), self.binary_radio.isChecked(), DIALECTS[self.dialect_combo.currentData()])


class SetFieldDialog(QDialog):
    """Choose a field of the layer record and a value for it (checked like the tree editor)."""

    def __init__(self, fields: list[FieldDescriptor], count: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Dialogs", "Set field on selected layers"))
        self.fields = fields
        self.field_combo = QComboBox()
        for fd in fields:
            self.field_combo.addItem(fd.name)
        self.value_edit = QLineEdit()
        self.reason = QLabel()
        self.reason.setStyleSheet("color: #b00020")
        self.reason.setWordWrap(True)
        form = QFormLayout()
        form.addRow(QLabel(translate("Dialogs", "Set one field on 1 selected layer:") if count == 1
                           else translate("Dialogs", "Set one field on {n} selected layers:").format(n=count)))
        form.addRow(translate("Dialogs", "Field:"), self.field_combo)
        form.addRow(translate("Dialogs", "Value:"), self.value_edit)
        form.addRow(self.reason)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.field_combo.currentIndexChanged.connect(self._field_changed)
        self.value_edit.textChanged.connect(self._check)
        self._field_changed()

    def _field(self) -> FieldDescriptor:
        return self.fields[self.field_combo.currentIndex()]

    def _field_changed(self) -> None:
        fd = self._field()
        self.value_edit.setValidator(FieldValidator(fd, self.value_edit))
        self.value_edit.setPlaceholderText(translate("Dialogs", "default {value}").format(
            value=format_value(fd, fd.default_value)))
        self._check()

    def _check(self) -> None:
        try:
            parse_value(self._field(), self.value_edit.text())
            self.reason.setText("")
            ok = True
        except ValueError as e:
            self.reason.setText(str(e) if self.value_edit.text() else "")
            ok = False
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def result_value(self) -> tuple[str, Any]:
        fd = self._field()
        return fd.name, parse_value(fd, self.value_edit.text())


class GoToLayerDialog(QDialog):
    """A layer key with completion (substring, any case)."""

    def __init__(self, keys: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Dialogs", "Go to layer"))
        self.keys = keys
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(translate("Dialogs", "layer key (part of it is enough)"))
        completer = QCompleter(QStringListModel(keys, self), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setMaxVisibleItems(15)
        self.edit.setCompleter(completer)
        self.completer = completer
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel((translate("Dialogs", "{n} layer") if len(keys) == 1
                                 else translate("Dialogs", "{n} layers")).format(n=len(keys))))
        layout.addWidget(self.edit)
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def key(self) -> str:
        return self.edit.text()
