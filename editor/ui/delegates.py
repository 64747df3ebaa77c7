"""Editors for the value column, one per field type, and element indices drawn beside labels.

`ValueDelegate` opens the editor the field's kind is registered with (`editor.ui.field_editors`,
the registry the panels use too: whole numbers checked against the type's range, float32
shown with full precision, bool as a check box, enum as a combo box, string/bytes as
escaped text), refuses text that does not fit with the reason, and commits through undo
commands on the session's stack — never through `setData`. With the session's rule engine
(`validate`, the live problems' `validate_edit` by default) it also refuses, with the
rule's words, a value that breaks a hard rule, as the editing panels do.

An editor left with a refused value in it — Escape, a click elsewhere (even on a widget
that takes no focus, such as a label or the status bar), the focus moving away — closes
and leaves the record as it was, and `message` says so ("Not changed: … (scale_d stays
0.0235)").
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QEvent,
    QModelIndex,
    QObject,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from editor.i18n import translate
from editor.records.edits.commands import SetValueCommand, rename_entry
from editor.records.messages import message_type_of
from editor.records.paths import FieldPath, PathError
from editor.records.problems import Problem
from editor.records.values import parse_value
from editor.ui.annotations import Annotation
from editor.ui.field_editors import FieldEditor, FieldSpec, Place, create_editor, editor_kind
from editor.ui.key_labels import KeyLabels
from editor.ui.qt_types import AnyIndex
from editor.ui.session import EditSession
from editor.ui.tree_model import RecordTreeModel, RowKind

#: pixels inside an annotation's mark on each side, and between a mark and what follows
_MARK_PAD, _MARK_GAP = 4, 5


def source_index(index: AnyIndex) -> tuple[RecordTreeModel | None, QModelIndex]:
    """The RecordTreeModel behind `index` and the index in it (through any proxies)."""
    model: QAbstractItemModel | None = index.model()
    idx = QModelIndex(index)  # type: ignore[arg-type]  # Qt converts a persistent index; the stubs miss it
    while isinstance(model, QAbstractProxyModel):
        idx = model.mapToSource(idx)
        model = model.sourceModel()
    return (model if isinstance(model, RecordTreeModel) else None), idx


def label_name(field: FieldDescriptor) -> str:
    """The field that names an element of the list `field` (``key`` of a layer, else ``name``)."""
    return "key" if "key" in message_type_of(field).fields_by_name else "name"


class _ClickAway(QObject):
    """While a tree editor is open: a mouse press outside it and outside its view (whose
    own clicks Qt handles) closes it — committing an acceptable value, reverting a refused
    one — as leaving it with the keyboard does. Without this, a click on a widget that takes
    no focus (a label, a toolbar, the status bar) leaves the editor open."""

    def __init__(self, delegate: ValueDelegate) -> None:
        super().__init__(delegate)
        self.delegate = delegate
        self.editors: list[QWidget] = []

    def watch(self, editor: QWidget) -> None:
        if not self.editors:
            app = QApplication.instance()
            if app is not None:
                app.installEventFilter(self)
        self.editors.append(editor)

    def forget(self, editor: QWidget) -> None:
        if editor in self.editors:
            self.editors.remove(editor)
            if not self.editors:
                app = QApplication.instance()
                if app is not None:
                    app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(watched, QWidget):
            for editor in list(self.editors):
                # the view around the editor (its viewport's parent): Qt's own
                home = editor.parentWidget()
                if home is not None and home.parentWidget() is not None:
                    home = home.parentWidget()
                if not _within(watched, editor) and not _within(watched, home):
                    self.delegate.leave(editor)
        return False


def _within(widget: QWidget | None, container: QWidget | None) -> bool:
    """`widget` is `container` or inside it, across window boundaries (a combo box's popup)."""
    if container is None:
        return False
    while widget is not None:
        if widget is container:
            return True
        widget = widget.parentWidget()
    return False


def _cell_label(path: FieldPath) -> str:
    """The name a message gives the edited cell: ``scale_d``, ``scale_w[3]``, ``key``."""
    if len(path) >= 2 and isinstance(path[-1], int):
        return f"{path[-2]}[{path[-1]}]"
    return str(path[-1]) if path else translate("ValueDelegate", "the value")


class ValueDelegate(QStyledItemDelegate):
    """Type-fitting editors that commit through the undo stack; element indices in column 0.

    `message` carries a sentence for the status bar: why a value was refused, or what an
    editor accepts.
    """

    message = Signal(str)
    #: the text being typed in an editor is one the record may take: a refusal said while
    #: typing it no longer stands
    textAcceptable = Signal()

    def __init__(self, session: EditSession, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        #: `validate(path, value)`: the hard-rule error setting the field at `path` to `value`
        #: would cause, or None (None: no rule is checked, and the editors' hints say what
        #: the field's type allows rather than what the rules accept)
        self.validate: Callable[[FieldPath, Any], Problem | None] | None = session.problems.validate_edit
        #: short labels of the record's layer keys and node names, for a key that does not
        #: fit its column: the scope every name shares goes first, then what tells the
        #: names apart least, and the labels stay unique (the tree sets them)
        self.key_labels = KeyLabels(())
        #: the open editors: id → (the path they edit, their value as the record had it)
        self._editing: dict[int, tuple[FieldPath, str]] = {}
        #: editors whose text setModelData has judged (pushed, or refused and said so)
        self._judged: set[int] = set()
        self._click_away = _ClickAway(self)

    def accepted(self, path: FieldPath) -> str | None:
        """What the rules accept at `path`, in words (the editor's hint); None: what the
        field's type allows."""
        return self.session.problems.accepted_values(tuple(path))

    def refusal(self, path: FieldPath, value: Any) -> str | None:
        """Why the rules refuse `value` at `path`, in their words; None when they accept it."""
        if self.validate is None:
            return None
        problem = self.validate(tuple(path), value)
        return None if problem is None else problem.message

    # ------------------------------------------------------------------ editors

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # type: ignore[override]
                     index: AnyIndex) -> QWidget | None:  # None: no editor (Qt takes nullptr; the stubs do not)
        model, src = source_index(index)
        if model is None:
            return None
        field: FieldDescriptor | None = model.data(src, RecordTreeModel.FIELD_ROLE)
        if field is None:
            return None
        path = model.path_for_index(src)
        kind = model.row_kind(src)
        shown = str(model.data(src, Qt.ItemDataRole.DisplayRole) or "")
        if kind == RowKind.ELEMENT and src.column() == RecordTreeModel.FIELD_COLUMN:
            label = label_name(field)
            label_field = message_type_of(field).fields_by_name[label]
            what = editor_kind(label_field, label=True)
            spec = FieldSpec(label_field, partial(self.refusal, path + (label,)), place=Place.TREE)
        elif kind in (RowKind.FIELD, RowKind.ITEM) and src.column() == RecordTreeModel.VALUE_COLUMN:
            # choices=False: the tree shows the file as it is, so act_type is typed, not chosen
            what = editor_kind(field)
            spec = FieldSpec(field, partial(self.refusal, path), place=Place.TREE,
                             hint=partial(self.accepted, path) if self.validate is not None else None)
        else:
            return None
        editor = create_editor(what, spec, parent)
        editor.commit.connect(lambda _value, e=editor: self._commit_now(cast(QWidget, e)))
        editor.refused.connect(self.message)
        widget = cast(QWidget, editor)
        typed = getattr(widget, "textEdited", None)  # editors one types into
        if typed is not None:
            typed.connect(lambda _text, e=editor: self._typed(e))
        edited = path + (label_name(field),) if kind == RowKind.ELEMENT else path
        self._editing[id(widget)] = (edited, shown)
        self._click_away.watch(widget)
        return widget

    def _typed(self, editor: FieldEditor) -> None:
        if editor.pending_reason() is None:
            self.textAcceptable.emit()

    def leave(self, editor: QWidget) -> None:
        """Close `editor` as leaving it does: commit what it holds if the record may take it,
        else revert (and say so)."""
        field_editor = cast(FieldEditor, editor)
        if field_editor.edited() and field_editor.pending_reason() is None:
            self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def destroyEditor(self, editor: QWidget, index: AnyIndex) -> None:
        """An editor closes: one that still holds a refused text says the record kept its value."""
        self._click_away.forget(editor)
        edited = self._editing.pop(id(editor), None)
        judged = id(editor) in self._judged
        self._judged.discard(id(editor))
        if edited is not None and not judged:
            field_editor = cast(FieldEditor, editor)
            reason = field_editor.pending_reason() if field_editor.edited() else None
            if reason is not None:
                self._not_changed(reason, edited)
        super().destroyEditor(editor, index)

    def _not_changed(self, reason: str, edited: tuple[FieldPath, str] | None) -> None:
        """Say that an edit was refused, and what the record keeps (`edited`: the path and
        its value as the editor found it)."""
        if edited is not None and edited[1]:
            text = translate("ValueDelegate", "Not changed: {reason} ({cell} stays {value})").format(
                reason=reason, cell=_cell_label(edited[0]), value=edited[1])
        else:
            text = translate("ValueDelegate", "Not changed: {reason}").format(reason=reason)
        self.message.emit(text)

    def _commit_now(self, editor: QWidget) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:
        model, src = source_index(index)
        if model is None:
            return
        cast(FieldEditor, editor).show_value(model.data(src, Qt.ItemDataRole.EditRole), force=True)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: AnyIndex) -> None:
        """Push the edit as an undo command; a text that does not fit changes nothing."""
        record_model, src = source_index(index)
        if record_model is None:
            return
        value: Any
        field: FieldDescriptor = record_model.data(src, RecordTreeModel.FIELD_ROLE)
        path = record_model.path_for_index(src)
        entered = cast(FieldEditor, editor).entered()
        self._judged.add(id(editor))
        try:
            if record_model.row_kind(src) == RowKind.ELEMENT:
                label = label_name(field)
                name = parse_value(message_type_of(field).fields_by_name[label], entered)
                editor_ = self.session.editor
                if name == editor_.value(path + (label,)) and editor_.has_field(path + (label,)):
                    return
                reason = self.refusal(path + (label,), name)
                if reason is not None:
                    self._not_changed(reason, self._editing.get(id(editor)))
                    return
                self.session.push(rename_entry(self.session.editor, path, name))
                return
            # a text is parsed here; a check box or a combo box hands over its value
            value = parse_value(field, entered) if isinstance(entered, str) else entered
            command = SetValueCommand(self.session.editor, path, value)
        except (ValueError, PathError) as e:
            self._not_changed(str(e), self._editing.get(id(editor)))
            return
        if command.obsolete:
            return
        reason = self.refusal(path, value)
        if reason is not None:  # e.g. an editor that lost the focus with a refused value in it
            self._not_changed(reason, self._editing.get(id(editor)))
            return
        self.session.push(command)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        editor.setGeometry(option.rect)

    # ------------------------------------------------------------------ check boxes in place

    def editorEvent(self, event: QEvent, model: QAbstractItemModel, option: QStyleOptionViewItem,
                    index: AnyIndex) -> bool:
        """A click on a bool value toggles it (as an undo step), like a check box."""
        if isinstance(event, QMouseEvent) and event.type() == QEvent.Type.MouseButtonRelease and \
                event.button() == Qt.MouseButton.LeftButton and \
                index.column() == RecordTreeModel.VALUE_COLUMN:
            record_model, src = source_index(index)
            if record_model is not None and record_model.row_kind(src) in (RowKind.FIELD, RowKind.ITEM):
                field = record_model.data(src, RecordTreeModel.FIELD_ROLE)
                if field is not None and editor_kind(field) == "bool" and \
                        self._check_rect(option).contains(event.position().toPoint()):
                    path = record_model.path_for_index(src)
                    value = not self.session.editor.value(path)
                    reason = self.refusal(path, value)
                    if reason is not None:
                        self.message.emit(translate("ValueDelegate", "Not changed: {reason}").format(reason=reason))
                    else:
                        self.session.push(SetValueCommand(self.session.editor, path, value))
                    return True
        return super().editorEvent(event, model, option, index)

    @staticmethod
    def _check_rect(option: QStyleOptionViewItem) -> QRect:
        style = option.widget.style() if option.widget is not None else QApplication.style()
        size = style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
        rect = option.rect
        return QRect(rect.left() + 2, rect.center().y() - size // 2, size, size)

    # ------------------------------------------------------------------ painting

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        model, src = source_index(index)
        kind = model.row_kind(src) if model is not None else RowKind.ROOT
        if model is not None and index.column() == RecordTreeModel.VALUE_COLUMN and \
                kind in (RowKind.FIELD, RowKind.ITEM):
            field = model.data(src, RecordTreeModel.FIELD_ROLE)
            if field is not None and editor_kind(field) == "bool":
                self._paint_bool(painter, option, index, model.data(src, Qt.ItemDataRole.EditRole))
                return
        if index.column() == RecordTreeModel.VALUE_COLUMN and model is not None:
            marks = self._marks(model, src)
            if marks:
                self._paint_marked(painter, option, index, marks)
                return
        if index.column() != RecordTreeModel.FIELD_COLUMN or kind not in (RowKind.ELEMENT, RowKind.ITEM):
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        label = opt.text
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorGroup.Normal
        text_color = opt.palette.color(group, QPalette.ColorRole.HighlightedText if selected
                                       else QPalette.ColorRole.Text)
        prefix = f"[{src.row()}]"
        painter.save()
        painter.setFont(opt.font)
        metrics = painter.fontMetrics()
        muted = text_color if selected else opt.palette.color(group, QPalette.ColorRole.PlaceholderText)
        painter.setPen(muted)
        rect = rect.adjusted(2, 0, 0, 0)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), prefix)
        if label:
            rest = rect.adjusted(metrics.horizontalAdvance(prefix + " "), 0, 0, 0)
            painter.setPen(opt.palette.color(group, QPalette.ColorRole.HighlightedText) if selected
                           else (opt.palette.color(group, QPalette.ColorRole.Text)
                                 if not index.data(Qt.ItemDataRole.ForegroundRole) else muted))
            painter.drawText(rest, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                             self.shown_label(label, metrics, rest.width()))
        painter.restore()

    @staticmethod
    def _marks(model: RecordTreeModel, src: QModelIndex) -> list[Annotation]:
        """The annotations of a row that draw a mark (`session.annotations`)."""
        if model.annotations is None or not model.annotations.keys():
            return []
        found = model.data(src, RecordTreeModel.ANNOTATIONS_ROLE) or []
        return [a for a in found if a.mark]

    @staticmethod
    def _mark_width(metrics: QFontMetrics, mark: str) -> int:
        return metrics.horizontalAdvance(mark) + 2 * _MARK_PAD + _MARK_GAP

    def _paint_marked(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex,
                      marks: list[Annotation]) -> None:
        """The value cell with each annotation's mark as a tinted chip before the value."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget).adjusted(2, 0, 0, 0)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorGroup.Normal
        painter.save()
        painter.setFont(opt.font)
        metrics = painter.fontMetrics()
        x = rect.left()
        height = min(rect.height() - 2, metrics.height() + 2)
        top = rect.center().y() - height // 2 + 1
        for a in marks:
            room = rect.right() - x
            mark = a.mark
            width = metrics.horizontalAdvance(mark) + 2 * _MARK_PAD
            if width > room:  # a narrow column: the mark cut short rather than left out
                if room < 3 * _MARK_PAD + metrics.horizontalAdvance("…"):
                    break
                mark = metrics.elidedText(mark, Qt.TextElideMode.ElideRight, room - 2 * _MARK_PAD)
                width = room
            color = a.mark_color
            chip = QRect(x, top, width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            tint = QColor(color)
            tint.setAlpha(90 if selected else 36)
            painter.setBrush(tint)
            painter.drawRoundedRect(chip, 3, 3)
            painter.setPen(opt.palette.color(group, QPalette.ColorRole.HighlightedText) if selected else color)
            painter.drawText(chip, int(Qt.AlignmentFlag.AlignCenter), mark)
            x += width + _MARK_GAP
        rest = QRect(x, rect.top(), max(rect.right() - x, 0), rect.height())
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        if selected:
            painter.setPen(opt.palette.color(group, QPalette.ColorRole.HighlightedText))
        else:
            painter.setPen(brush.color() if brush is not None else opt.palette.color(group, QPalette.ColorRole.Text))
        painter.drawText(rest, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         metrics.elidedText(text, Qt.TextElideMode.ElideRight, rest.width()))
        painter.restore()

    def shown_label(self, label: str, metrics: QFontMetrics, width: int) -> str:
        """What a row shows of a layer key or node name `label` in `width` pixels: the whole
        name, else without the scope all names share, else its unique short label (see
        `key_labels`), cut on the left only if even that does not fit."""
        # No character is narrower than a pixel here: a label longer than the row is wide in
        # characters cannot fit, and is not measured whole (a key of a megabyte took Qt
        # seconds to measure on every paint).
        if len(label) <= width and metrics.horizontalAdvance(label) <= width:
            return label
        scoped = self.key_labels.scoped(label)
        if len(scoped) <= width and metrics.horizontalAdvance(scoped) <= width:
            return scoped
        # cut further, the unique label keeps its end, which tells layers apart best (its
        # start is a gap already)
        return metrics.elidedText(self.key_labels.label(label)[-max(width, 1):], Qt.TextElideMode.ElideLeft, width)

    def _paint_bool(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex, value: Any) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        check = QStyleOptionViewItem(opt)
        check.rect = self._check_rect(option)
        check.state = (check.state & ~QStyle.StateFlag.State_HasFocus) | \
            (QStyle.StateFlag.State_On if value else QStyle.StateFlag.State_Off)
        style.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck, check, painter, widget)
        painter.save()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        color = opt.palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        if brush is not None and not selected:
            color = brush.color()
        painter.setPen(color)
        painter.setFont(opt.font)
        text_rect = option.rect.adjusted(check.rect.width() + 8, 0, 0, 0)
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        size = super().sizeHint(option, index)
        if index.column() == RecordTreeModel.FIELD_COLUMN:
            model, src = source_index(index)
            if model is not None and model.row_kind(src) in (RowKind.ELEMENT, RowKind.ITEM):
                size.setWidth(size.width() + option.fontMetrics.horizontalAdvance(f"[{src.row()}] "))
        elif index.column() == RecordTreeModel.VALUE_COLUMN:
            model, src = source_index(index)
            marks = self._marks(model, src) if model is not None else []
            if marks:
                size.setWidth(size.width() + sum(self._mark_width(option.fontMetrics, a.mark) for a in marks))
        return size
