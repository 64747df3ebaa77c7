"""The layer panel: one layer's factors as a form, its per-channel vectors as a table, and
the quantities a reviewer thinks in (clip range, weight ranges, dequant scales).

Every editor checks a value with the rule engine (`rules.validate_value`) before anything
reaches the record; a refused value turns its editor red, the reason goes to the tooltip
and to `message(str)` (the main window's status bar), and the record is unchanged.
Accepted values become undo commands pushed on the session (`EditSession.push`). The panel
follows the session's `recordChanged` (undo/redo anywhere) and its `selection`.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, cast

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.records import quant
from editor.records.dialects import PRIMARY, Dialect
from editor.records.editing import ChangeKind, RecordChange, follow_entry
from editor.records.edits.commands import ClearFieldCommand, MacroCommand, SetValueCommand, describe
from editor.records.paths import FieldPath, entry_field_text, problem_path, resolve
from editor.records.problems import Problem, Severity
from editor.records.rules import layer_type
from editor.records.values import format_float32, format_float32_many
from editor.ui.field_editors import FieldEdit, FieldEditor, FieldSpec, create_editor, editor_kind
from editor.ui.field_tips import field_tip, path_tip
from editor.ui.panels._widgets import ERROR_COLOR
from editor.ui.panels.channel_table import (
    ChannelTable,
    ChannelTableModel,
    DerivedColumn,
    VectorColumn,
    weights_columns,
)
from editor.ui.panels.model_line import model_line
from editor.ui.panels.problem_list import ProblemList, problems_title
from editor.ui.session import EditSession

#: where value fields go, by group (only those the dialect has appear); which editor each
#: gets is the registry's decision (`editor.ui.field_editors`)
_ACTIVATION = ("act_type", "scale_d", "offset_d")
_OPTIONS = ("wts_type", "dst_type", "op_data_type", "fakequant_precision_mode", "skip_fusion",
            "is_tensor_quantize")
_SHAPE = ("channels", "height", "width")
_RNN = ("scale_h", "offset_h")

def weight_bits(wts_type: str | None) -> int:
    """Bits of the stored weight factors: INT6/INT7 are stored as INT8 (docs/RECORD-FORMAT.md, §3.2)."""
    try:
        bits = quant.bit_width(wts_type)
    except ValueError:
        return 8
    return 8 if bits in (6, 7) else bits


class SetFromRangeDialog(QDialog):
    """Asks for a float range [min, max] and previews the scale_d/offset_d AMCT would compute."""

    def __init__(self, panel: LayerPanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.setWindowTitle(translate("SetFromRangeDialog", "Set scale_d / offset_d from a range"))
        self.lo = FieldEdit(self._check_number)
        self.hi = FieldEdit(self._check_number)
        lo, hi = panel.clip_range() or (0.0, 0.0)
        self.lo.setText(format_float32(lo))
        self.hi.setText(format_float32(hi))
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form = QFormLayout()
        form.addRow(translate("SetFromRangeDialog", "min"), self.lo)
        form.addRow(translate("SetFromRangeDialog", "max"), self.hi)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(translate(
            "SetFromRangeDialog", "AMCT's formula (asymmetric, forced through zero):<br>"
            "min = min(min, 0), max = max(max, 0), scale = (max − min) / (2<sup>b</sup> − 1),"
            "<br>offset = round(−2<sup>b−1</sup> − min / scale)")))
        lay.addLayout(form)
        lay.addWidget(self.preview)
        lay.addWidget(self.buttons)
        self.lo.textChanged.connect(self.update_preview)
        self.hi.textChanged.connect(self.update_preview)
        self.update_preview()

    @staticmethod
    def _check_number(text: str) -> tuple[Any, str | None]:
        try:
            return float(text), None
        except ValueError:
            return None, translate("SetFromRangeDialog", "{text} is not a number").format(text=repr(text))

    def values(self) -> tuple[float, float] | None:
        try:
            return float(self.lo.text()), float(self.hi.text())
        except ValueError:
            return None

    def update_preview(self) -> None:
        rng = self.values()
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if rng is None:
            self.preview.setText(translate("SetFromRangeDialog", "Enter two numbers."))
            ok_button.setEnabled(False)
            return
        result = self.panel.factors_from_range(*rng)
        if isinstance(result, str):
            self.preview.setText(f"<span style='color:{ERROR_COLOR}'>{result}</span>")
            ok_button.setEnabled(False)
            return
        scale, offset, bits = result
        lo, hi = quant.clip_range(scale, offset, bits)
        self.preview.setText(translate(
            "SetFromRangeDialog", "INT{bits}: scale_d = {scale}, offset_d = {offset}<br>clip range then [{lo}, {hi}]")
            .format(bits=bits, scale=format_float32(scale), offset=offset, lo=format_float32(lo),
                    hi=format_float32(hi)))
        ok_button.setEnabled(True)


class LayerPanel(QWidget):
    """Edits one layer entry (`Selection.record_index`) of the session's record; every edit
    is an undo step."""

    #: words for the status bar: refusals and what an action did
    message = Signal(str)

    def __init__(self, session: EditSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        #: the dialect the form is built for: the session's; with no record open yet the
        #: primary one (a record of another dialect rebuilds the form)
        self.form_dialect: Dialect = session.dialect or PRIMARY
        self.entry: int | None = None
        self._message = session.message
        self._outer = QVBoxLayout(self)
        self._build()
        session.recordChanged.connect(self._on_record_changed)
        session.problems.problemsChanged.connect(self._on_problems)
        session.selection.changed.connect(self._on_selection)
        session.weights.changed.connect(self._refresh_model_line)
        self.show_entry(session.selection.record_index)

    # ------------------------------------------------------------------ building

    def _build(self) -> None:
        d = self.form_dialect
        self.empty = QLabel(translate("LayerPanel", "Select a layer in the tree to edit its factors."))
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: gray;")
        self.body = QWidget()
        #: the editor of each value field in the form, and its kind
        self.fields: dict[str, FieldEditor] = {}
        self._kinds: dict[str, str] = {}

        # header: key and layer type
        key_field = d.entry_descriptor.fields_by_name["key"]
        self.key_edit = self._editor("key", key_field, editor_kind(key_field, label=True),
                                     tooltip=field_tip(key_field), placeholder=translate("LayerPanel", "no key"))
        self.type_label = QLabel()
        self.type_label.setStyleSheet("color: #505a64;")
        # with a network attached: the layer's type and channels there, scale_w against its weights
        self.model_label = QLabel()
        self.model_label.setWordWrap(True)
        self.model_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head = QFormLayout()
        head.addRow(self._label("key", key_field), _widget(self.key_edit))
        head.addRow(translate("LayerPanel", "layer type"), self.type_label)
        head.addRow(translate("LayerPanel", "model"), self.model_label)
        self._head = head

        # activation
        act = QGroupBox(translate("LayerPanel", "Activation"))
        grid = QGridLayout(act)
        row = 0
        for name in _ACTIVATION:
            if d.has_value_field(name):
                grid.addWidget(self._label(name), row, 0)
                grid.addWidget(_widget(self._field(name)), row, 1)
                row += 1
        self.offset_hint = QLabel()
        self.offset_hint.setStyleSheet("color: #505a64;")
        self.offset_hint.setWordWrap(True)
        grid.addWidget(self.offset_hint, row - 1, 2)
        grid.addWidget(QLabel(translate("LayerPanel", "clip range")), row, 0)
        self.clip_label = QLabel()
        self.clip_label.setWordWrap(True)
        self.clip_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.clip_label.setToolTip(translate(
            "LayerPanel", "[−(2^(b−1) + offset_d)·scale_d, (2^(b−1) − 1 − offset_d)·scale_d], "
            "b from act_type: the float range the activations are clipped to"))
        grid.addWidget(self.clip_label, row, 1)
        self.range_button = QPushButton(translate("LayerPanel", "Set from range…"))
        self.range_button.setToolTip(translate("LayerPanel", "Compute scale_d and offset_d from a float range, "
                                               "as AMCT does (forced through zero), in one undo step"))
        self.range_button.clicked.connect(self.open_range_dialog)
        grid.addWidget(self.range_button, row, 2)
        # the input's shape on one row: three rows of their own made the form too tall for a
        # dock along the bottom of a 1280×820 window (width fell off its end)
        shape = [name for name in _SHAPE if d.has_value_field(name)]
        if shape:
            row += 1
            line = QHBoxLayout()
            line.setContentsMargins(0, 0, 0, 0)
            for i, name in enumerate(shape):
                label = self._label(name)
                if i == 0:
                    grid.addWidget(label, row, 0)
                else:
                    line.addSpacing(8)
                    line.addWidget(label)
                line.addWidget(_widget(self._field(name)), 1)
            grid.addLayout(line, row, 1, 1, 2)
        grid.setColumnStretch(1, 1)  # the hint beside offset_d: two lines rather than three
        grid.setColumnStretch(2, 1)
        grid.setContentsMargins(6, 4, 6, 6)
        grid.setVerticalSpacing(4)

        # types and options
        opts = QGroupBox(translate("LayerPanel", "Types and options"))
        form = QFormLayout(opts)
        form.setContentsMargins(6, 4, 6, 6)
        form.setVerticalSpacing(4)
        for name in _OPTIONS:
            if d.has_value_field(name):
                self._add_row(form, name)
        self.links_label = QLabel()
        self.links_label.setWordWrap(True)
        if d.has_value_field("prune_producer"):
            form.addRow(translate("LayerPanel", "prune links"), self.links_label)

        # per-channel vectors
        self.tabs = QTabWidget()
        self.weights_model = ChannelTableModel(self.session, _with_help(d, weights_columns(d)),
                                               self._derived_columns(), follow_record=False, parent=self.body)
        self.weights = ChannelTable(self.weights_model)
        self.tabs.addTab(self.weights, translate("LayerPanel", "Per-channel weights"))
        self.tables: list[ChannelTable] = [self.weights]
        self._tab_of: dict[ChannelTable, QWidget] = {self.weights: self.weights}
        self.rnn_box: QWidget | None = None
        if d.has_value_field("scale_r"):
            rnn_model = ChannelTableModel(self.session, _with_help(d, [
                VectorColumn(("value", "scale_r"), "recurrent"),
                VectorColumn(("value", "offset_r"), "recurrent"),
            ]), follow_record=False, parent=self.body)
            self.rnn_box = QWidget()
            rl = QVBoxLayout(self.rnn_box)
            rform = QFormLayout()
            for name in _RNN:
                self._add_row(rform, name)
            rl.addLayout(rform)
            self.rnn_table = ChannelTable(rnn_model)
            rl.addWidget(self.rnn_table, 1)
            self.tables.append(self.rnn_table)
            self._tab_of[self.rnn_table] = self.rnn_box
        self.kv_table: ChannelTable | None = None
        if "kv_cache_value" in d.entry_descriptor.fields_by_name:
            kv_model = ChannelTableModel(self.session, _with_help(d, [
                VectorColumn(("kv_cache_value", "scale"), "kv"),
                VectorColumn(("kv_cache_value", "offset"), "kv"),
            ]), follow_record=False, parent=self.body)
            self.kv_table = ChannelTable(kv_model)
            self.tables.append(self.kv_table)
            self._tab_of[self.kv_table] = self.kv_table
        for t in self.tables:
            t.message.connect(self.message)
            t.cellSelected.connect(lambda name, row, t=t: self._on_cell(t, name, row))

        # problems of this layer: right under its name, where they are seen without scrolling
        self.problem_list = ProblemList(fit_lines=self.PROBLEM_LINES)
        self.problem_list.itemDoubleClicked.connect(self._on_problem_clicked)
        self.problems_title = QLabel()

        top = self._top = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        top.addWidget(act, 3)
        top.addWidget(opts, 2)
        form_part = QWidget()
        lay = QVBoxLayout(form_part)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(4)
        lay.addLayout(head)
        lay.addWidget(self.problems_title)
        lay.addWidget(self.problem_list)
        lay.addLayout(top)
        lay.addStretch(0)
        # the form above the per-channel tables; beside them in a wide dock (along the
        # window's bottom), where the height is short
        main = self._main = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.body)
        main.setContentsMargins(0, 0, 0, 0)
        main.setSpacing(6)
        main.addWidget(form_part, 0)
        main.addWidget(self.tabs, 1)
        self._outer.setContentsMargins(4, 4, 4, 4)
        self._outer.addWidget(self.empty)
        self._outer.addWidget(self.body, 1)

    #: below this width the form's two halves stack (a narrow dock)
    WIDE = 820
    #: from this width on the per-channel tables go beside the form, not below it (a dock
    #: along the window's bottom: wide and short)
    SIDE_BY_SIDE = 1100
    #: the layer's problems list shows up to this many (wrapped) lines before it scrolls
    PROBLEM_LINES = 5
    #: ... and this many in a dock along the window's bottom, whose height is short (the
    #: Problems tab beside it has them all)
    SIDE_PROBLEM_LINES = 3

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        width = event.size().width()
        side = width >= self.SIDE_BY_SIDE
        main = QBoxLayout.Direction.LeftToRight if side else QBoxLayout.Direction.TopToBottom
        if self._main.direction() != main:
            self._main.setDirection(main)
            # side by side the form and the tables share the width; one above the other,
            # the tables take the height the form leaves
            # the tables the form leaves; side by side the form takes a little more than half:
            # narrower, its hints wrapped to three lines and cut the dock's height short
            self._main.setStretch(0, 4 if side else 0)
            self._main.setStretch(1, 3 if side else 1)
        lines = self.SIDE_PROBLEM_LINES if side else self.PROBLEM_LINES
        if self.problem_list.fit_lines != lines:
            self.problem_list.fit_lines = lines
            self.problem_list.fit()
        direction = QBoxLayout.Direction.LeftToRight if width >= self.WIDE \
            else QBoxLayout.Direction.TopToBottom
        if self._top.direction() != direction:
            self._top.setDirection(direction)

    def _rebuild(self) -> None:
        """Build the form again for another dialect (a document of another flavour was opened)."""
        for t in self.tables:
            # the old tables live on until deleted; their derived columns read this panel's layer
            t.table_model.set_entry(None)
        for w in (self.empty, self.body):
            self._outer.removeWidget(w)
            w.deleteLater()
        self.form_dialect = self.session.dialect or PRIMARY
        self._build()

    def _editor(self, name: str, field: FieldDescriptor, kind: str, **spec: Any) -> FieldEditor:
        """The registry's editor of `kind` for field `name`, checked by the rules and committed
        as an undo step."""
        w = create_editor(kind, FieldSpec(field, partial(self._check_value, name), **spec))
        w.commit.connect(lambda v, n=name: self._commit(n, v))
        w.refused.connect(self.message)
        return w

    def _field(self, name: str) -> FieldEditor:
        """The editor of value field `name`: AMCT may go without it, so it can be unset."""
        field = self.form_dialect.value_fields[name]
        kind = editor_kind(field, choices=True)
        w = self._editor(name, field, kind, tooltip=field_tip(field) or name, optional=True,
                         hint=partial(self._accepted, name))
        self.fields[name] = w
        self._kinds[name] = kind
        return w

    def _add_row(self, form: QFormLayout, name: str) -> None:
        w = self._field(name)
        if w.shows_label:
            form.addRow(_widget(w))
        else:
            form.addRow(self._label(name), _widget(w))

    def _label(self, name: str, field: FieldDescriptor | None = None) -> QLabel:
        """A field's name, its help in the tooltip."""
        label = QLabel(name)
        label.setToolTip(field_tip(field or self.form_dialect.value_fields[name]))
        return label

    def _of_kinds(self, *kinds: str) -> dict[str, FieldEditor]:
        return {name: w for name, w in self.fields.items() if self._kinds[name] in kinds}

    @property
    def edits(self) -> dict[str, FieldEditor]:
        """The form's typed fields (numbers, text) by name."""
        return self._of_kinds("int", "float", "text")

    @property
    def combos(self) -> dict[str, FieldEditor]:
        """The form's fields chosen from a list (act_type, wts_type, …) by name."""
        return self._of_kinds("choice", "enum")

    @property
    def flags(self) -> dict[str, FieldEditor]:
        """The form's bool fields by name."""
        return self._of_kinds("bool")

    def _derived_columns(self) -> list[DerivedColumn]:
        def scale_w(row: int) -> float | None:
            path = self._value_path("scale_w")
            editor = self.session.editor
            return editor.value(path + (row,)) if row < editor.element_count(path) else None

        def weight_range(row: int) -> str | None:
            s = scale_w(row)
            if s is None:
                return None
            return "±" + format_float32(quant.weight_range(s, weight_bits(self._get("wts_type"))))

        def dequant(row: int) -> str | None:
            s = scale_w(row)
            if s is None or not self._has("scale_d"):
                return None
            return format_float32(quant.dequant_scale(self._get("scale_d"), s))

        def scales(rows: int) -> list[float]:
            return list(resolve(self.session.message, self._value_path("scale_w"))[:rows])  # not all of it

        def weight_ranges(rows: int) -> list[str | None]:
            bits = weight_bits(self._get("wts_type"))
            return ["±" + text for text in format_float32_many(quant.weight_range(scales(rows), bits))]

        def dequants(rows: int) -> list[str | None]:
            if not self._has("scale_d"):
                return []
            scale_d = self._get("scale_d")
            return list(format_float32_many(quant.dequant_scale(scale_d, scales(rows))))

        return [
            DerivedColumn("weight range", "output", weight_range, translate(
                "LayerPanel", "±(2^(b−1) − 1)·scale_w[c], b from wts_type (unset: INT8; INT6/INT7 factors "
                "are stored as INT8): the largest weight magnitude channel c represents"),
                title=translate("LayerPanel", "weight range"), compute_rows=weight_ranges),
            DerivedColumn("dequant scale", "output", dequant, translate(
                "LayerPanel", "scale_d·scale_w[c]: the dequantization scale the device uses for channel c"),
                title=translate("LayerPanel", "dequant scale"), compute_rows=dequants),
        ]

    # ------------------------------------------------------------------ record access

    def _entry_path(self) -> FieldPath:
        assert self.entry is not None, "no layer is shown"
        return ("record", self.entry)

    def _value_path(self, name: str) -> FieldPath:
        return self._entry_path() + ("value", name)

    def _field_path(self, name: str) -> FieldPath:
        return self._entry_path() + ("key",) if name == "key" else self._value_path(name)

    def _has(self, name: str) -> bool:
        return self.form_dialect.has_value_field(name) \
            and self.session.editor.has_field(self._value_path(name))

    def _get(self, name: str) -> Any:
        """The value of a value field, None when unset (or not in this dialect)."""
        return self.session.editor.value(self._value_path(name)) if self._has(name) else None

    def _check_value(self, name: str, value: Any) -> str | None:
        """The reason the rules refuse `value` for field `name` of the shown layer, or None."""
        if self.entry is None:
            return translate("LayerPanel", "no layer is shown")
        check = self.session.check
        problem = None if check is None else check.validate_value(self._field_path(name), value)
        return None if problem is None else problem.message

    def _accepted(self, name: str) -> str | None:
        """What the rules accept for value field `name` of the shown layer, in words."""
        return None if self.entry is None else self.session.problems.accepted_values(self._value_path(name))

    def _commit(self, name: str, value: Any) -> None:
        if self.entry is None:
            return
        path = self._field_path(name)
        if value is None:
            self.session.push(ClearFieldCommand(self.session.editor, path))
        else:
            self.session.push(SetValueCommand(self.session.editor, path, value))

    # ------------------------------------------------------------------ showing

    def show_entry(self, entry: int | None) -> None:
        """Show layer entry `entry` (None: a hint to select one)."""
        if entry is not None and not 0 <= entry < self.session.editor.element_count(("record",)):
            entry = None
        self.entry = entry
        self._message = self.session.message  # the record `entry` is a layer of
        self.empty.setVisible(entry is None)
        self.body.setVisible(entry is not None)
        for t in self.tables:
            t.table_model.set_entry(entry)
        self.refresh(force=True)
        self._on_problems()

    def refresh(self, *, force: bool = False) -> None:
        """Re-read every field of the shown layer (`force`: drop pending edits too)."""
        if self.entry is None:
            return
        editor = self.session.editor
        for name, w in {"key": self.key_edit, **self.fields}.items():
            path = self._field_path(name)
            w.show_value(editor.value(path), is_set=editor.has_field(path), force=force)
        if self.form_dialect.has_value_field("prune_producer"):
            prod = editor.value(self._value_path("prune_producer"))
            cons = editor.value(self._value_path("prune_consumer"))
            self.links_label.setText(translate("LayerPanel", "{producers} prune_producer, {consumers} prune_consumer "
                                               "name(s)").format(producers=len(prod), consumers=len(cons)))
            self.links_label.setToolTip("\n".join([f"prune_producer: {n}" for n in prod]
                                                  + [f"prune_consumer: {n}" for n in cons]))
        self._refresh_derived()
        for t in self.tables:
            t.table_model.refresh()
        self._refresh_tabs()

    def _refresh_tabs(self) -> None:
        rnn_present = self.rnn_box is not None and any(
            self._has(n) for n in ("scale_h", "offset_h", "scale_r", "offset_r"))
        kv_present = self.kv_table is not None \
            and self.session.editor.has_field(self._entry_path() + ("kv_cache_value",))
        for widget, present, title in ((self.rnn_box, rnn_present, translate("LayerPanel", "RNN")),
                                       (self.kv_table, kv_present, translate("LayerPanel", "KV cache"))):
            if widget is None:
                continue
            i = self.tabs.indexOf(widget)
            if present and i < 0:
                self.tabs.addTab(widget, title)
            elif not present and i >= 0:
                self.tabs.removeTab(i)

    def act_bits(self) -> tuple[int, str]:
        """(bit width, words) of the layer's act_type; an unknown type counts as INT8, as AMCT does."""
        act = self._get("act_type")
        try:
            bits = quant.bit_width(act)
        except ValueError:
            return 8, translate("LayerPanel", "act_type {act} unknown, so INT8").format(act=repr(act))
        if act:
            return bits, f"act_type {act}"
        return bits, translate("LayerPanel", "act_type unset, so INT8") \
            if self.form_dialect.has_value_field("act_type") else "INT8"

    def clip_range(self) -> tuple[float, float] | None:
        """The activation range the layer's scale_d/offset_d imply, or None if either is unset."""
        if self.entry is None or not (self._has("scale_d") and self._has("offset_d")):
            return None
        bits, _ = self.act_bits()
        return quant.clip_range(self._get("scale_d"), self._get("offset_d"), bits)

    def _refresh_derived(self) -> None:
        bits, words = self.act_bits()
        lo, hi = quant.amct_offset_check_range(self._get("act_type"))
        self.offset_hint.setText(translate("LayerPanel", "allowed [{lo}, {hi}] ({words})").format(
            lo=lo, hi=hi, words=words))
        rng = self.clip_range()
        if rng is None:
            self.clip_label.setText(translate("LayerPanel", "needs scale_d and offset_d"))
        else:
            lo_, hi_ = (v + 0.0 for v in rng)  # + 0.0: no "-0" for a range starting at zero
            self.clip_label.setText(translate("LayerPanel", "[{lo}, {hi}]  at {bits} bits").format(
                lo=format_float32(lo_), hi=format_float32(hi_), bits=bits))
        for w in self.fields.values():
            w.revalidate()

    def _on_problems(self) -> None:
        if self.entry is None:
            self.problem_list.clear()
            self._mark_fields([])
            return
        lt = layer_type(self.session.editor.value(self._field_path("key")), self.session.problems.context)
        if lt.known:
            source = {"file": translate("LayerPanel", "from its prune record"),
                      "key": translate("LayerPanel", "from its key"),
                      "name": translate("LayerPanel", "guessed from its name"),
                      "model": translate("LayerPanel", "from the model")}.get(lt.source, "")
            self.type_label.setText(translate("LayerPanel", "{type} ({source})").format(type=lt.name, source=source))
        else:
            self.type_label.setText(translate("LayerPanel", "unknown (no prune record names it; the key does not say)"))
        self._refresh_model_line()
        problems = sorted(self.session.problems.entry_problems(self.entry), key=lambda p: p.severity.rank)
        self.problem_list.show_problems(problems, strip_layer=True)  # the panel names the layer
        self.problems_title.setText(problems_title(problems, prune=False))
        self.problem_list.setVisible(bool(problems))
        self._mark_fields(problems)
        self.key_edit.revalidate()
        for w in self.fields.values():
            w.revalidate()

    def _refresh_model_line(self) -> None:
        text = "" if self.entry is None else model_line(self.session, self.entry)
        self.model_label.setText(text)
        self._head.setRowVisible(self.model_label, bool(text))

    def _mark_fields(self, problems: list[Problem]) -> None:
        """Mark each field a current error or warning names (the worst, the first of its rank)."""
        marks: dict[str, Problem] = {}
        for p in problems:
            if p.field and p.severity is not Severity.INFO:
                best = marks.get(p.field)
                if best is None or p.severity.rank < best.severity.rank:
                    marks[p.field] = p
        for name, w in {"key": self.key_edit, **self.fields}.items():
            mark = marks.get(name)
            w.set_mark((mark.severity, mark.message) if mark is not None else None)

    # ------------------------------------------------------------------ following

    def _on_record_changed(self, change: RecordChange) -> None:
        if change.kind is ChangeKind.RESET and self.session.message is not self._message:
            # another record: nothing of the old one is shown (its layer index means nothing here)
            dialect = self.session.dialect
            if dialect is not None and dialect is not self.form_dialect:
                self._rebuild()
            self.show_entry(None)
            return
        if self.entry is None:
            return
        moved = follow_entry(change, self.entry)
        if moved is None or moved >= self.session.editor.element_count(("record",)):
            self.show_entry(None)
            return
        if moved != self.entry:
            self.entry = moved
            for t in self.tables:
                t.table_model.entry = moved
            return
        if change.touches("record", self.entry):
            self.refresh()

    def _on_selection(self, path: FieldPath, source: object) -> None:
        if source is self:
            return
        idx = self.session.selection.record_index
        if idx is None:
            return
        if idx != self.entry:
            self.show_entry(idx)
        self.reveal(path, focus=_is_jump(source))

    def reveal(self, path: FieldPath, *, focus: bool = False) -> None:
        """Bring the editor of `path` (a field or one channel of the shown layer) into view."""
        rest = tuple(path[2:])
        if rest[:1] == ("value",):
            rest = rest[1:]
        if not rest:
            return
        name = rest[0]
        if (len(rest) >= 2 and isinstance(rest[1], int)) or (name == "kv_cache_value" and len(rest) >= 3):
            column = entry_field_text(tuple(path[2:-1]))  # "scale_w", "kv_cache_value.scale"
            row = rest[-1]
            if not isinstance(row, int):
                return
            for t in self.tables:
                try:
                    t.table_model.column_of(column)
                except KeyError:
                    continue
                i = self.tabs.indexOf(self._tab_of[t])
                if i >= 0:
                    self.tabs.setCurrentIndex(i)
                t.select_cell(column, row)
                if focus:
                    t.view.setFocus(Qt.FocusReason.OtherFocusReason)
                return
            return
        if not isinstance(name, str):
            return
        widget = self.key_edit if name == "key" else self.fields.get(name)
        if widget is not None and focus:
            _widget(widget).setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_cell(self, table: ChannelTable, name: str, row: int) -> None:
        if self.entry is None:
            return
        m = table.table_model
        try:
            col = m.column_of(name)
        except KeyError:
            return
        if col >= len(m.vectors):  # a derived column stands for its scale_w channel
            col = 0
        self.session.selection.select(self._entry_path() + m.vectors[col].subpath + (row,), source=self)

    def _on_problem_clicked(self, item: QListWidgetItem) -> None:
        p: Problem = item.data(Qt.ItemDataRole.UserRole)
        path = problem_path(self.session.message, p)
        if path:
            self.session.selection.select(path, source=self)
            self.reveal(path, focus=True)

    # ------------------------------------------------------------------ set from range

    def factors_from_range(self, lo: float, hi: float) -> tuple[float, int, int] | str:
        """(scale_d, offset_d, bits) AMCT computes for [lo, hi] at the layer's act_type, or why not."""
        if lo > hi:
            return translate("LayerPanel", "min {lo} is above max {hi}").format(lo=format_float32(lo),
                                                                              hi=format_float32(hi))
        bits, _ = self.act_bits()
        try:
            scale, offset = quant.scale_offset_from_range(lo, hi, bits)
        except ValueError as e:
            return str(e)
        return scale, offset, bits

    def set_from_range(self, lo: float, hi: float) -> bool:
        """Set scale_d and offset_d from the float range [lo, hi] in one undo step."""
        if self.entry is None:
            return False
        result = self.factors_from_range(lo, hi)
        if isinstance(result, str):
            self.message.emit(translate("LayerPanel", "Cannot set from range: {reason}").format(reason=result))
            return False
        scale, offset, _bits = result
        editor = self.session.editor
        text = translate("LayerPanel", "Set scale_d/offset_d of {layer} from range [{lo}, {hi}]").format(
            layer=describe(editor, self._entry_path()), lo=format_float32(lo), hi=format_float32(hi))
        problem = self.session.push_checked(MacroCommand(editor, text, [
            SetValueCommand(editor, self._value_path("scale_d"), scale),
            SetValueCommand(editor, self._value_path("offset_d"), offset),
        ]))
        if problem is not None:
            self.message.emit(translate("LayerPanel", "Cannot set from range: {reason}").format(reason=problem.message))
            return False
        self.message.emit(f"scale_d = {format_float32(scale)}, offset_d = {offset}")
        return True

    def open_range_dialog(self) -> None:
        dialog = SetFromRangeDialog(self, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            rng = dialog.values()
            if rng is not None:
                self.set_from_range(*rng)


def _with_help(dialect: Dialect, columns: list[VectorColumn]) -> list[VectorColumn]:
    """The columns with their field's help as the header's tooltip."""
    return [replace(c, tooltip=path_tip(dialect.entry_descriptor, c.subpath) or c.tooltip) for c in columns]


def _widget(editor: FieldEditor) -> QWidget:
    """The widget an editor is (every registered editor is one)."""
    return cast(QWidget, editor)


def _is_jump(source: object) -> bool:
    """Whether a selection came from a list of problems (a jump that should take the focus)."""
    from editor.ui.panels.problems_dock import ProblemsDock  # here: the dock module imports panels

    return isinstance(source, ProblemsDock)
