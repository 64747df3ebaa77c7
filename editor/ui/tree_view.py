"""The record tree: the view over the session's RecordTreeModel (filtered by RecordFilterProxy),
its editing actions and context menu. What an edit of the selection means is planned in
`editor.records.edits.selection`; this widget maps its selection to paths, asks, and pushes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate
from editor.records.editing import ChangeKind, RecordChange, RecordEditor
from editor.records.edits.commands import (
    NAMED_ELEMENTS,
    ClearFieldCommand,
    EditCommand,
    SetPresentCommand,
    add_element,
    element_noun,
    move_by,
)
from editor.records.edits.paste import PasteError, copy_text, duplicate_keys_after_paste, plan_paste
from editor.records.edits.selection import (
    contiguous,
    path_after_delete,
    plan_delete,
    plan_duplicate,
    plan_set_on_layers,
)
from editor.records.paths import FieldPath, PathError, format_path, outermost, sort_key
from editor.records.values import shown_text
from editor.ui.delegates import ValueDelegate
from editor.ui.dialogs import Prompter
from editor.ui.key_labels import KeyLabels, labels_for, record_names
from editor.ui.problem_marks import ProblemMarks
from editor.ui.session import EditSession
from editor.ui.tree_filter import FilterBar, RecordFilterProxy
from editor.ui.tree_keys import RecordTreeView
from editor.ui.tree_model import RowKind

#: the key column takes at most this share of the tree's width, so the values stay in view
KEY_COLUMN_SHARE = 0.55
#: ... or all but this many pixels, if that is more: a narrow tree still shows the start
#: of each value (a layer's scale_d to three digits), and its keys whole
VALUE_PEEK = 115
#: the value column's width where the tree has room (values are summaries, types follow)
VALUE_WIDTH = 360
#: the type column's widest usual text: a wide tree leaves it this much room, the values the rest
TYPE_WIDEST = "repeated MapFiledEntry"
#: after an edit renames, adds or removes layers, their labels are worked out again only
#: for records of at most this many names (more would stall the window; the loader
#: thread labels every record it opens)
LIVE_LABELS = 1500



@dataclass(frozen=True)
class _SelectionFacts:
    """What the actions and the status bar need to know about the selected rows, read once."""

    paths: list[FieldPath]
    layers: list[int]
    elements: list[FieldPath]
    contiguous: tuple[FieldPath, list[int]] | None
    summary: str


def _refusal_words(keys: list[str], field_name: str, value: Any, refusals: list[tuple[int, Any]],
                   selected: int) -> str:
    """Why Set Field on Selected Layers changed nothing: the layers whose rules refuse the value."""
    listed = "\n".join(f"• {keys[r]}: {p.message}" for r, p in refusals[:5])
    more = ("\n" + translate("RecordTree", "… and {n} more").format(n=len(refusals) - 5)
            if len(refusals) > 5 else "")
    head = translate("RecordTree", "Nothing was changed: {field} = {value} breaks AMCT's rules on {bad} of {n} "
                                   "selected layer(s):").format(field=field_name, value=value, bad=len(refusals),
                                                                n=selected)
    return f"{head}\n{listed}{more}"


class RecordTreeWidget(QWidget):
    """The record tree with its filter box, match count, editing actions and context menu.

    Public pieces for the window: `view`, `proxy`, `filter_edit`, the QActions in
    `actions` (by name: delete, duplicate, add, insert_before, move_up, move_down, copy,
    cut, paste, set_field, clear_field, set_on_selected, expand_all, collapse_all), and
    the signals `message` (status text) and `selectionPathsChanged`. The actions act on
    the tree's selection and only fire their shortcuts while the tree has focus.
    """

    message = Signal(str)
    selectionPathsChanged = Signal()

    def __init__(self, session: EditSession, prompter: Prompter | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        #: the Qt model the view shows (the session's)
        self.model = model = session.model
        self.editor = session.editor
        self.prompter = prompter or Prompter(self)

        self.proxy = RecordFilterProxy(self)
        self.proxy.setSourceModel(model)
        self.filter_bar = FilterBar(model, self.proxy)
        self.filter_edit = self.filter_bar.edit
        self.regex_check = self.filter_bar.regex_check
        self.count_label = self.filter_bar.count_label
        self.view = RecordTreeView()
        self.view.setModel(self.proxy)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.delegate = ValueDelegate(session, self.view)
        self.view.setItemDelegate(self.delegate)
        header = self.view.header()
        header.setStretchLastSection(True)
        self.view.setColumnWidth(0, 340)
        self.view.setColumnWidth(1, VALUE_WIDTH)
        self.key_column = KeyColumn(self.view, self.delegate, self.editor)
        # errors and warnings marked on their rows, before any other mark (the model's)
        self.problem_marks = ProblemMarks(session)
        session.recordChanged.connect(self.key_column.on_record_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_bar)
        layout.addWidget(self.view, 1)

        #: the selected rows as read from the view, until the selection or the rows change
        self._facts: _SelectionFacts | None = None
        #: how often the selected rows were read from the view (a bulk edit must not read them per row)
        self.selection_reads = 0
        #: the current row changed under an edit; the shared selection is yet to hear of it
        self._current_pending = False
        # reactions to many signals in a row (one per layer of a bulk edit, one per entry an
        # undo puts back) coalesce into one update when the event loop is next idle
        self._update_timer = QTimer(self)
        self._update_timer.setSingleShot(True)
        self._update_timer.setInterval(0)
        self._update_timer.timeout.connect(self._deferred_update)

        # shadows QWidget.actions() (nothing calls that on this widget)
        self.actions: dict[str, QAction] = {}  # type: ignore[assignment]
        self._make_actions()

        self.delegate.message.connect(self.message)
        self.filter_bar.message.connect(self.message)
        self.filter_bar.applied.connect(self._filter_applied)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.view.expanded.connect(self._on_expanded)
        self.view.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.view.selectionModel().currentChanged.connect(self._on_current_changed)
        self.view.clicked.connect(self._on_clicked)
        for signal in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.rowsMoved,
                       self.proxy.layoutChanged, self.proxy.modelReset):
            signal.connect(self._on_rows_moved)
        session.recordChanged.connect(self._on_record_changed)
        model.modelReset.connect(self._on_reset)
        session.selection.changed.connect(self._on_shared_selection)
        # a mark installed or changed (the model attached, …): the rows draw it next paint
        session.annotations.changed.connect(lambda _key: self.view.viewport().update())
        self._on_reset()

    # ------------------------------------------------------------------ actions

    def _make_actions(self) -> None:
        def make(name: str, text: str, slot, shortcut=None, tip: str = "") -> QAction:
            action = QAction(text, self)
            if shortcut is not None:
                action.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False, f=slot: f())
            self.addAction(action)
            self.actions[name] = action
            return action

        std = QKeySequence.StandardKey
        make("delete", translate("RecordTree", "&Delete"), self.delete_selected, QKeySequence(std.Delete),
             translate("RecordTree", "Delete the selected layers, entries or values; clear selected fields"))
        make("duplicate", translate("RecordTree", "D&uplicate"), self.duplicate_selected, "Ctrl+D",
             translate("RecordTree", "Copy the selected entries; each copy goes after its original"))
        make("rename", translate("RecordTree", "&Rename Layer…"), self.rename_current_layer, "F2",
             translate("RecordTree", "Edit the key of the current layer"))
        make("add", translate("RecordTree", "&Add Entry"), lambda: self.add(after=True), "Ctrl+Shift+N",
             translate("RecordTree", "Add a new entry after the current one (a layer, prune record, node, attribute "
                              "or value)"))
        make("insert_before", translate("RecordTree", "&Insert Before"), lambda: self.add(after=False), None,
             translate("RecordTree", "Add a new entry before the current one"))
        make("move_up", translate("RecordTree", "Move &Up"), lambda: self.move_selected(-1), "Alt+Up",
             translate("RecordTree", "Move the selected entries up"))
        make("move_down", translate("RecordTree", "Move Do&wn"), lambda: self.move_selected(1), "Alt+Down",
             translate("RecordTree", "Move the selected entries down"))
        make("copy", translate("RecordTree", "&Copy"), self.copy_selected, QKeySequence(std.Copy),
             translate("RecordTree", "Copy the selected rows as record text"))
        make("cut", translate("RecordTree", "Cu&t"), self.cut_selected, QKeySequence(std.Cut),
             translate("RecordTree", "Copy, then delete the selected rows"))
        make("paste", translate("RecordTree", "&Paste"), self.paste, QKeySequence(std.Paste),
             translate("RecordTree", "Insert record text from the clipboard after the current entry"))
        make("set_field", translate("RecordTree", "&Set Field"), self.set_current_field, None,
             translate("RecordTree", "Give an unset optional field its default value, or an unset message, an empty one"))
        make("clear_field", translate("RecordTree", "C&lear Field"), self.clear_current_field, None,
             translate("RecordTree", "Unset the current optional field"))
        make("set_on_selected", translate("RecordTree", "Set Field on Selected &Layers…"), self.set_field_on_selected,
             "Ctrl+Shift+E", translate("RecordTree", "Set one field to one value on every selected layer, as one undo step"))
        make("expand_all", translate("RecordTree", "E&xpand Layer"), self.expand_current, None,
             translate("RecordTree", "Expand the current row and all below it"))
        make("collapse_all", translate("RecordTree", "Collapse &All"), self.view.collapseAll, None,
             translate("RecordTree", "Collapse every row"))

    def _update_actions(self) -> None:
        facts = self._selection_facts()
        current = self.current_path()
        has = bool(facts.paths)
        a = self.actions
        a["delete"].setEnabled(has)
        a["copy"].setEnabled(has)
        a["cut"].setEnabled(has)
        a["duplicate"].setEnabled(bool(facts.elements))
        a["move_up"].setEnabled(facts.contiguous is not None)
        a["move_down"].setEnabled(facts.contiguous is not None)
        target = self._insertion_target(current)
        a["add"].setEnabled(target is not None)
        a["insert_before"].setEnabled(target is not None and target[1] is not None)
        a["paste"].setEnabled(self.model.message is not None)
        # off elsewhere, so F2 on a prune node edits its name as the view's own key does
        a["rename"].setEnabled(current is not None and len(current) >= 2 and current[0] == "record")
        kind = self._kind(current)
        can_set = current is not None and kind in (RowKind.FIELD, RowKind.MESSAGE) and \
            not self.editor.has_field(current)
        can_clear = current is not None and kind in (RowKind.FIELD, RowKind.MESSAGE, RowKind.REPEATED) and \
            self.editor.has_field(current)
        a["set_field"].setEnabled(can_set)
        a["clear_field"].setEnabled(can_clear)
        a["set_on_selected"].setEnabled(bool(facts.layers))

    # ------------------------------------------------------------------ selection

    def selected_paths(self) -> list[FieldPath]:
        """Paths of the selected rows, in tree order."""
        return list(self._selection_facts().paths)

    def _selection_facts(self) -> _SelectionFacts:
        if self._facts is None:
            self._facts = self._read_selection()
        return self._facts

    def _read_selection(self) -> _SelectionFacts:
        # from the selection's ranges: selectedRows() asks flags() of every cell of every row
        self.selection_reads += 1
        found: set[FieldPath] = set()
        proxy, model = self.proxy, self.model
        # PySide iterates a QItemSelection (a list of ranges); the stubs miss __iter__
        for selected in self.view.selectionModel().selection():  # type: ignore[attr-defined]
            parent = selected.parent()
            for row in range(selected.top(), selected.bottom() + 1):
                try:
                    found.add(model.path_for_index(proxy.mapToSource(proxy.index(row, 0, parent))))
                except PathError:
                    continue
        paths = sorted(found, key=sort_key)
        layers = sorted({p[1] for p in paths if len(p) >= 2 and p[0] == "record" and isinstance(p[1], int)})
        elements = [p for p in paths if p and isinstance(p[-1], int)]
        if not paths:
            summary = translate("RecordTree", "Nothing selected")
        elif len(paths) == 1:
            summary = format_path(paths[0])
        elif layers and all(len(p) == 2 and p[0] == "record" for p in paths):
            summary = translate("RecordTree", "{n} layers selected").format(n=len(layers))
        else:
            summary = translate("RecordTree", "{n} rows selected").format(n=len(paths))
        return _SelectionFacts(paths, layers, elements, contiguous(elements), summary)

    def current_path(self) -> FieldPath | None:
        index = self.view.currentIndex()
        if not index.isValid():
            return None
        try:
            return self.model.path_for_index(self.proxy.mapToSource(index))
        except PathError:
            return None

    def select_path(self, path: FieldPath, *, clear_filter_if_hidden: bool = True, column: int = 0) -> bool:
        """Make the row at `path` current and visible; False if there is no such row."""
        try:
            src = self.model.index_for_path(tuple(path), column)
        except PathError:
            return False
        index = self.proxy.mapFromSource(src)
        if not index.isValid() and clear_filter_if_hidden and self.proxy.active:
            self.filter_edit.clear()
            index = self.proxy.mapFromSource(src)
        if not index.isValid():
            return False
        parent = index.parent()
        while parent.isValid():
            self.view.expand(parent)
            parent = parent.parent()
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return True

    def select_paths(self, paths: list[FieldPath]) -> None:
        """Select several rows (the first becomes current), as one change of the selection."""
        first: QModelIndex | None = None
        rows: dict[FieldPath, tuple[QModelIndex, set[int]]] = {}  # by the parent's path
        for path in paths:
            try:
                index = self.proxy.mapFromSource(self.model.index_for_path(tuple(path)))
            except PathError:
                continue
            if not index.isValid():
                continue
            if first is None:
                first = index
            parent = index.parent()
            rows.setdefault(tuple(path)[:-1], (parent, set()))[1].add(index.row())
        selection = QItemSelection()
        for parent, numbers in rows.values():
            ordered = sorted(numbers)
            start = prev = ordered[0]
            for row in ordered[1:] + [None]:
                if row is not None and row == prev + 1:
                    prev = row
                    continue
                selection.select(self.proxy.index(start, 0, parent), self.proxy.index(prev, 0, parent))
                if row is not None:
                    start = prev = row
        flag = QItemSelectionModel.SelectionFlag
        selection_model = self.view.selectionModel()
        selection_model.select(selection, flag.ClearAndSelect | flag.Rows)
        if first is not None:
            selection_model.setCurrentIndex(first, flag.NoUpdate)

    def selection_summary(self) -> str:
        """A few words for the status bar about what is selected."""
        return self._selection_facts().summary

    def _kind(self, path: FieldPath | None) -> RowKind | None:
        if path is None:
            return None
        try:
            return self.model.row_kind(self.model.index_for_path(path))
        except PathError:
            return None

    # ------------------------------------------------------------------ edits

    def _push(self, command: EditCommand | None) -> bool:
        if command is None or command.obsolete:
            return False
        self.session.push(command)
        return True

    def delete_selected(self) -> None:
        """Delete selected entries and values; clear selected fields. One undo step."""
        paths = outermost(self.selected_paths())
        if self._push(plan_delete(self.editor, paths)):
            self.select_path(path_after_delete(self.editor, paths[0]))

    def duplicate_selected(self) -> None:
        self._push(plan_duplicate(self.editor, self.selected_paths()))

    def _insertion_target(self, current: FieldPath | None) -> tuple[FieldPath, int | None] | None:
        """(repeated field, index of the current element or None) where Add puts a new entry."""
        if current is None:
            return None
        kind = self._kind(current)
        if kind == RowKind.REPEATED:
            return current, None
        for end in range(len(current), 0, -1):
            step = current[end - 1]
            if isinstance(step, int):
                return current[:end - 1], step
        return None

    def rename_current_layer(self) -> bool:
        """Start editing the key of the layer the current row is in (F2, Rename Layer…)."""
        path = self.current_path()
        if path is None or len(path) < 2 or path[0] != "record":
            self.message.emit(translate("RecordTree", "Select a layer to rename it"))
            return False
        layer = path[:2]
        if not self.select_path(layer):
            return False
        self.view.setFocus()
        index = self.view.currentIndex()
        self.view.edit(index)
        return self.view.indexWidget(index) is not None

    def add(self, after: bool) -> None:
        """Add a new entry after (or before) the current one, or at the end of the current list."""
        target = self._insertion_target(self.current_path())
        if target is None:
            self.message.emit(translate("RecordTree", "Select a list (a repeated field) or one of its entries to add to it"))
            return
        container, row = target
        if row is None:
            at = self.editor.element_count(container)
        else:
            at = row + 1 if after else row
        if self._push(add_element(self.editor, container, at)):
            new = container + (at,)
            self.select_path(new)
            if container == ("record",):
                self.view.edit(self.view.currentIndex())

    def add_child(self, container: FieldPath) -> None:
        """Append a new element to the repeated field `container` (Add Producer, Add Attribute…)."""
        if self._push(add_element(self.editor, container)):
            self.select_path(container + (self.editor.element_count(container) - 1,))

    def move_selected(self, delta: int) -> None:
        found = contiguous(self.selected_paths())
        if found is None:
            self.message.emit(translate("RecordTree", "Select adjacent entries of one list to move them"))
            return
        container, rows = found
        command = move_by(self.editor, container, rows, delta)
        if command is None:
            return
        self._push(command)
        self.select_paths([container + (r + delta,) for r in rows])

    def copy_selected(self) -> None:
        paths = self.selected_paths()
        if not paths:
            return
        text = copy_text(self.editor, paths)
        QApplication.clipboard().setText(text)
        self.message.emit(translate("RecordTree", "Copied 1 row as record text") if len(paths) == 1
                          else translate("RecordTree", "Copied {n} rows as record text").format(n=len(paths)))

    def cut_selected(self) -> None:
        self.copy_selected()
        self.delete_selected()

    def paste(self, text: str | None = None) -> bool:
        """Paste record text (the clipboard's by default) after the current entry."""
        if text is None:
            text = QApplication.clipboard().text()
        anchor = self.current_path()
        try:
            plan = plan_paste(self.editor, text, anchor, self.session.dialect)
        except (PasteError, ValueError, PathError) as e:
            self.prompter.error(translate("RecordTree", "Paste"), str(e))
            return False
        # refused at entry everywhere else; here the text may be a whole layer to fix
        # afterwards, so the user may paste anyway
        if plan.errors and not self.prompter.confirm(translate("RecordTree", "Paste"), plan.question(),
                                                     yes=translate("RecordTree", "Paste anyway")):
            self.message.emit(translate("RecordTree", "Nothing was pasted"))
            return False
        before = self.editor.keys()
        if not self._push(plan.command):
            return False
        self.message.emit(plan.outcome(duplicate_keys_after_paste(self.editor, before)))
        return True

    def set_current_field(self) -> None:
        path = self.current_path()
        if path is not None:
            self._push(SetPresentCommand(self.editor, path))

    def clear_current_field(self) -> None:
        path = self.current_path()
        if path is not None and not isinstance(path[-1], int):
            self._push(ClearFieldCommand(self.editor, path))

    def layer_fields(self) -> list[FieldDescriptor]:
        """The singular scalar fields of a layer's `value` (for "set on selected layers")."""
        msg = self.model.message
        if msg is None or "record" not in msg.DESCRIPTOR.fields_by_name:
            return []
        entry = msg.DESCRIPTOR.fields_by_name["record"].message_type
        value = entry.fields_by_name.get("value")
        if value is None:
            return []
        return [f for f in value.message_type.fields if not f.is_repeated and f.message_type is None]

    def set_field_on_selected(self, field_name: str | None = None, value: Any = None) -> bool:
        """Set one field of every selected layer's value, as one undo step (asks when not given)."""
        rows = list(self._selection_facts().layers)
        if not rows:
            self.message.emit(translate("RecordTree", "Select one or more layers first"))
            return False
        if field_name is None:
            answer = self.prompter.ask_field_value(self.layer_fields(), len(rows))
            if answer is None:
                return False
            field_name, value = answer
        try:
            command, refusals = plan_set_on_layers(self.editor, rows, field_name, value, self.delegate.validate)
        except (ValueError, PathError) as e:
            self.prompter.error(translate("RecordTree", "Set field"), str(e))
            return False
        if refusals:
            # a value that breaks a hard rule is refused here as in the tree's editor and the panels
            self.message.emit(refusals[0][1].message)
            self.prompter.error(translate("RecordTree", "Set field"),
                                _refusal_words(self.editor.keys(), field_name, value, refusals, len(rows)))
            return False
        return self._push(command)

    def go_to_key(self, key: str) -> bool:
        """Select the layer with this key (exact, else the first key containing it, any case)."""
        keys = self.editor.keys()
        if key in keys:
            row = keys.index(key)
        else:
            low = key.lower()
            matches = [i for i, k in enumerate(keys) if low in k.lower()]
            if not matches:
                self.message.emit(translate("RecordTree", "No layer key contains {key}").format(key=repr(key)))
                return False
            row = matches[0]
        ok = self.select_path(("record", row))
        if ok:
            self.view.setFocus()
        return ok

    def find(self) -> None:  # type: ignore[override]  # Edit ▸ Find, not QWidget.find(id), a static lookup
        """Edit ▸ Find: the filter box, its text selected to type over."""
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    def go_to_layer(self) -> None:
        """Ask for a layer key (with completion) and select that layer."""
        key = self.prompter.ask_layer_key(self.editor.keys())
        if key:
            self.go_to_key(key)

    def expand_current(self) -> None:
        index = self.view.currentIndex()
        if index.isValid():
            self.view.expandRecursively(index, 3)

    # ------------------------------------------------------------------ reactions

    def apply_filter_now(self) -> None:
        """Filter by the box's text now instead of after the typing pause."""
        self.filter_bar.apply_now()

    @property
    def filter_pending(self) -> bool:
        """True between a keystroke in the filter box and the filter's application."""
        return self.filter_bar.pending

    def _filter_applied(self, text: str) -> None:
        if text and self.filter_bar.has_top("record"):
            index = self.proxy.mapFromSource(self.model.index_for_path(("record",)))
            if index.isValid():
                self.view.expand(index)

    def _on_record_changed(self, change: RecordChange) -> None:
        if self.proxy.active:
            if change.kind in (ChangeKind.INSERTED, ChangeKind.RESET):
                self.filter_bar.fetch_all()
            self._schedule_update()  # counting the matches walks the whole record
        if self._facts is not None:
            self._update_actions()  # cheap: the selected rows are known
        else:
            self._schedule_update()

    def _schedule_update(self) -> None:
        self._update_timer.start()

    def _deferred_update(self) -> None:
        if self._current_pending and not self.model.editing:
            self._share_current()
        if self.proxy.active:
            self.filter_bar.update_count()
        self._update_actions()
        self.selectionPathsChanged.emit()

    def _on_rows_moved(self, *_args) -> None:
        """Rows came, went or moved: the selected paths are to be read again, once, later."""
        self._facts = None
        self._schedule_update()

    def _on_reset(self) -> None:
        self.key_column.chosen = False
        if self.model.message is not None and self.filter_bar.has_top("record"):
            index = self.proxy.mapFromSource(self.model.index_for_path(("record",)))
            self.view.expand(index)
            # lay the rows out now: done by the first paint, it shows the scroll bar, which
            # narrows the viewport and paints the whole tree a second time
            self.view.doItemsLayout()
            self.key_column.fit()
        # another record (the only thing that resets the model) opens at its top; the view
        # keeps the scroll bar's value of the record shown before
        self.view.scrollToTop()
        if self.proxy.active:
            self.filter_bar.apply()
        self._update_actions()

    def _on_expanded(self, index: QModelIndex) -> None:
        """Expanding a layer shows its factors too: expand its `value` as well."""
        src = self.proxy.mapToSource(index)
        if self.model.row_kind(src) != RowKind.ELEMENT:
            return
        path = self.model.path_for_index(src)
        message = self.editor.message_at(path)
        if "value" in message.DESCRIPTOR.fields_by_name and message.HasField("value"):
            child = self.proxy.mapFromSource(self.model.index_for_path(path + ("value",)))
            if child.isValid():
                self.view.expand(child)

    def _on_selection_changed(self, *_args) -> None:
        self._facts = None
        if self.model.editing:
            # rows inserted or removed under the selection: an undo of many entries does so
            # once per entry; update once it is all done
            self._schedule_update()
            return
        self._update_actions()
        self.selectionPathsChanged.emit()

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.model.editing:
            # the current row was removed under an edit: the shared selection learns of the
            # row that is current now once the edit is done, after it has renumbered its own
            # path from the edit's recordChanged (now it would take a path of after the edit
            # for one of before it)
            self._current_pending = True
            self._schedule_update()
            return
        self._update_actions()
        if current.isValid():
            self._share_current()

    def _share_current(self) -> None:
        """Make the shared selection the tree's current row (panels and plots follow it)."""
        self._current_pending = False
        path = self.current_path()
        if path is not None:
            self.session.selection.select(path, source=self)

    def _on_clicked(self, _index: QModelIndex) -> None:
        # a click on the row that is already current changes no current index, yet the user
        # means that row: the panels may show another entry (the selection cleared when its
        # entry was deleted, or the row's entry moved away while the current index stayed)
        self._share_current()

    def _on_shared_selection(self, path: FieldPath, source: object) -> None:
        if source is self or not path:
            return
        if self.current_path() != tuple(path):
            self.select_path(tuple(path))

    def _context_menu(self, pos: QPoint) -> None:
        self.context_menu().exec(self.view.viewport().mapToGlobal(pos))

    def context_menu(self) -> QMenu:
        """The tree's context menu for the current row."""
        menu = QMenu(self)
        current = self.current_path()
        for name in ("add", "insert_before", "duplicate", "rename", "delete"):
            menu.addAction(self.actions[name])
        # "Add producer / consumer / attribute" for the current element's own lists
        if current is not None and self._kind(current) in (RowKind.ELEMENT, RowKind.MESSAGE) and current:
            msg = self.editor.message_at(current)
            extra = [f for f in msg.DESCRIPTOR.fields if f.is_repeated and f.message_type is not None]
            if extra:
                menu.addSeparator()
                for fd in extra:
                    one, _many = element_noun(current + (fd.name,))
                    # a list of plain values is named by its field (scale_w), others by their noun
                    what = fd.name if fd.name not in NAMED_ELEMENTS else one
                    action = menu.addAction(translate("RecordTree", "Add {what}").format(what=what))
                    action.triggered.connect(lambda _c=False, p=current + (fd.name,): self.add_child(p))
        menu.addSeparator()
        for name in ("move_up", "move_down"):
            menu.addAction(self.actions[name])
        menu.addSeparator()
        for name in ("cut", "copy", "paste"):
            menu.addAction(self.actions[name])
        menu.addSeparator()
        for name in ("set_field", "clear_field", "set_on_selected"):
            menu.addAction(self.actions[name])
        menu.addSeparator()
        menu.addAction(self.actions["expand_all"])
        menu.addAction(self.actions["collapse_all"])
        return menu


class KeyColumn(QObject):
    """Keeps the tree's key column as wide as the layer keys need, within a share of the
    tree's width, and gives the delegate the keys' short unique labels (`KeyLabels`) for
    keys that do not fit — until the user drags the column's edge (`chosen`; another record
    resets it). `preferred_width` is how wide the whole tree would like to be."""

    def __init__(self, view: QTreeView, delegate: ValueDelegate, editor: RecordEditor) -> None:
        super().__init__(view)
        self.view, self.delegate, self.editor = view, delegate, editor
        #: the user dragged the key column's edge: leave its width alone until another record opens
        self.chosen = False
        #: pixels the key column needs for the layer keys' labels (0: no record)
        self.needed = 0
        self._relabel = QTimer(self)
        self._relabel.setSingleShot(True)
        self._relabel.setInterval(0)
        self._relabel.timeout.connect(lambda: self.fit(live=True))
        view.header().sectionResized.connect(self._resized)
        view.viewport().installEventFilter(self)

    def fit(self, *, live: bool = False) -> None:
        """Label the names of the record and make the first column wide enough for the
        layer keys' labels, within reason.

        Measured from the labels' text (cheap) rather than with resizeColumnToContents,
        which asks the delegate for the size of a thousand rows. `live`: after an edit, when
        a big record keeps its labels (see `LIVE_LABELS`).
        """
        message = self.editor.message
        if message is None:
            self.delegate.key_labels = KeyLabels(())
            self.needed = 0
            return
        labels = labels_for(record_names(message), limit=LIVE_LABELS if live else None,
                            previous=self.delegate.key_labels)
        self.delegate.key_labels = labels
        keys = self.editor.keys()
        if not keys:
            self.needed = 0
            return
        metrics = self.view.fontMetrics()
        shown = sorted((labels.label(k) for k in keys[:5000]), key=len)[-20:]
        longest = max(metrics.horizontalAdvance(shown_text(t)) for t in shown)
        self.needed = longest + metrics.horizontalAdvance(f"[{len(keys) - 1}] ") \
            + 2 * self.view.indentation() + 16
        if not self.chosen:
            self._apply()

    def preferred_width(self) -> int:
        """The tree's width that shows every layer key's label whole and the start of the
        values (`VALUE_PEEK`), frame and scroll bar included; 0 with no record."""
        if not self.needed:
            return 0
        view = self.view
        return self.needed + VALUE_PEEK + view.verticalScrollBar().sizeHint().width() + 2 * view.frameWidth()

    def _apply(self) -> None:
        room = self.view.viewport().width()
        if room < 2 * VALUE_PEEK:
            return  # folded away (Focus Plots) or not laid out yet: nothing to fit to
        # leave the values in view however narrow the tree: longer keys are shortened
        cap = min(560, max(int(room * KEY_COLUMN_SHARE), room - VALUE_PEEK))
        header = self.view.header()
        # quietly: the view would repaint every column a moment after the reset's own repaint
        # (a second full paint of the tree just as a big file opens)
        blocked = header.blockSignals(True)
        try:
            keys = max(min(200, cap), min(self.needed, cap))
            self.view.setColumnWidth(0, keys)
            # the values end at the tree's edge, however narrow (the type column after them
            # is a scroll away): an editor opened on a value is in view whole; a wide tree
            # (the plots in their own window) gives the values all but what the types need
            types = self.view.fontMetrics().horizontalAdvance(TYPE_WIDEST) + 24
            self.view.setColumnWidth(1, max(VALUE_PEEK, min(max(VALUE_WIDTH, room - keys - types), room - keys)))
        finally:
            header.blockSignals(blocked)

    def on_record_changed(self, change: RecordChange) -> None:
        """Label the names again once layers or prune nodes were added, removed or renamed."""
        if change.kind in (ChangeKind.INSERTED, ChangeKind.REMOVED) or (
                change.kind is ChangeKind.CHANGED and (not change.subpath or change.subpath[0] != "value")):
            self._relabel.start()

    def _resized(self, section: int, _old: int, _new: int) -> None:
        if section in (0, 1):  # our own fitting blocks the header's signals: this is the user
            self.chosen = True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # the window lays itself out (side panels, docks) after the record is shown: the
        # tree's final width is known only then
        if event.type() == QEvent.Type.Resize and not self.chosen and self.needed:
            self._apply()
        return super().eventFilter(watched, event)
