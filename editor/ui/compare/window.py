"""CompareUi: the comparison in the main window — File ▸ Compare With…, the Compare menu,
the Differences tab beside the plots, and the status bar's word on it.

*Compare With…* reads B on a thread (progress and Cancel in the status bar) and shows the
Differences tab. *Next/Previous Difference* (F7, Shift+F7) walk the differing fields, the
layers only A has and the prune records that differ, in the tree's order, selecting each in
A. *Take from B* (Ctrl+Shift+B) takes what is selected where the focus is: the selected
rows of the Differences table, else the span shown in Channels, else the rows selected in
the tree (layers, fields, channels); *Take Span from B* and *Take Layer from B* say which.
Each take is one undo step of A, refused with the reason where it would break a rule.

`CompareUi` is given what it works with — the session, the documents (where file dialogs
start, a load ending, Save As), the prompter, the plots it adds its tab to, the tree's
selection, the widget its actions belong to — and never sees the window: what it has for
the status bar (`message`, the controller's `status`, `status_widgets`) the window lays out.
"""
from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QLabel, QMenu, QProgressBar, QPushButton, QWidget

from editor.i18n import translate
from editor.records.dialects import DIALECTS
from editor.records.diff.rows import DiffRow, RowKind, step
from editor.records.edits.commands import describe
from editor.records.edits.takes import (
    Take,
    TakeField,
    TakeLayer,
    TakePrune,
    TakeRefused,
    plan_take,
    takes_for_rows,
)
from editor.records.paths import FieldPath, entry_field_text, outermost
from editor.ui.compare.controller import CompareController
from editor.ui.compare.table import DifferencesView
from editor.ui.dialogs import Prompter
from editor.ui.document_controller import DocumentController
from editor.ui.plots import PlotsPanel
from editor.ui.session import EditSession


class CompareUi(QObject):
    """The window's side of the comparison: actions, menus, the Differences tab, status.

    It works with `session` (A), `documents` (A's file: where the dialog starts, a load
    ending, Save As), `prompter` (which file B is), `plots` (the Differences tab goes there;
    a take follows the span shown in Channels), `selected_paths` (the rows selected in the
    tree, for Take from B) and `host`, the widget its actions belong to (their keys work
    anywhere in it) and the parent of the Compare menu.
    """

    #: a line for the status bar (what was taken, why not, where the walk is)
    message = Signal(str)

    def __init__(self, session: EditSession, documents: DocumentController, prompter: Prompter,
                 plots: PlotsPanel, selected_paths: Callable[[], list[FieldPath]], host: QWidget) -> None:
        super().__init__(host)
        self.host = host
        self.session = session
        self.documents = documents
        self.prompter = prompter
        self.plots = plots
        self.selected_paths = selected_paths
        self.controller = CompareController(session, prompter, self)
        self.view = DifferencesView(self.controller)
        self.view.setObjectName("differences")
        plots.addTab(self.view, translate("CompareUi", "Differences"))
        plots.setTabVisible(plots.indexOf(self.view), False)
        self._make_actions()
        self._make_status()
        from editor.ui.compare.views import CompareViews

        self.views = CompareViews(self.controller, self.session, plots)
        c = self.controller
        c.opened.connect(self._opened)
        c.closed.connect(self._closed)
        c.updated.connect(self._update)
        c.busyChanged.connect(lambda _busy: self._update())
        c.loadingChanged.connect(self._loading)
        c.progress.connect(self.progress.setValue)
        self.view.takeRequested.connect(self.take_rows)
        self.view.rowActivated.connect(self.open_row)
        session.documentChanged.connect(lambda _doc: self._update())
        documents.pathChanged.connect(c.a_saved_as)
        self._pending_path: str | None = None
        self._update()

    # ------------------------------------------------------------------ building

    def _action(self, text: str, slot: Callable[[], object], keys: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self.host)
        if keys:
            action.setShortcut(QKeySequence(keys))
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({keys})" if keys and tip else tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.host.addAction(action)
        return action

    def _make_actions(self) -> None:
        self.act_compare = self._action(translate("CompareUi", "Compare &With…"), self.compare_with_dialog, None,
                                        translate("CompareUi", "Open another record read-only and compare the open record with it"))
        self.act_close = self._action(translate("CompareUi", "Close Co&mparison"), self.controller.close, None,
                                      translate("CompareUi", "Close the compared record; the open record stays as it is"))
        self.act_next = self._action(translate("CompareUi", "&Next Difference"), lambda: self.step_difference(True), "F7",
                                     translate("CompareUi", "Select the next field that differs from the compared record"))
        self.act_prev = self._action(translate("CompareUi", "&Previous Difference"), lambda: self.step_difference(False), "Shift+F7",
                                     translate("CompareUi", "Select the previous field that differs from the compared record"))
        self.act_take = self._action(translate("CompareUi", "&Take from B"), self.take, "Ctrl+Shift+B",
                                     translate("CompareUi", "Make the open record equal to the compared one in what is selected: "
                                               "rows of the Differences table, the span in Channels, or tree rows"))
        self.act_take_span = self._action(translate("CompareUi", "Take &Span from B"), self.take_span, None,
                                          translate("CompareUi", "Make the channels of the span shown in Channels equal to B's"))
        self.act_take_layer = self._action(translate("CompareUi", "Take &Layer from B"), self.take_layer, None,
                                           translate("CompareUi", "Make the selected layer equal to B's"))
        self.act_show = self._action(translate("CompareUi", "&Differences Table"), self.show_table, None,
                                     translate("CompareUi", "Bring up the table of every difference"))
        self.menu = QMenu(translate("CompareUi", "&Compare"), self.host)
        self.menu.setObjectName("compareMenu")
        for action in (self.act_compare, self.act_show, None, self.act_next, self.act_prev, None,
                       self.act_take, self.act_take_span, self.act_take_layer, None):
            if action is None:
                self.menu.addSeparator()
            else:
                self.menu.addAction(action)
        # B's text may use only names another dialect has too (an ONNX file without ONNX-only
        # fields reads as tf-inner): say which it is, as File ▸ Read As Dialect does for A
        self.read_b_menu = self.menu.addMenu(translate("CompareUi", "Read B As &Dialect"))
        self.read_b_menu.setToolTipsVisible(True)
        group = QActionGroup(self)
        self.read_b_actions: dict[str, QAction] = {}
        for d in DIALECTS.values():
            action = QAction(f"{d.shown_title} ({d.name})", self, checkable=True)
            action.setToolTip(d.shown_description)
            action.setStatusTip(translate("CompareUi", "Read the compared record again with the {title} schema")
                                 .format(title=d.shown_title))
            action.triggered.connect(lambda _checked=False, n=d.name: self.read_b_as(n))
            group.addAction(action)
            self.read_b_menu.addAction(action)
            self.read_b_actions[d.name] = action
        self.menu.addSeparator()
        self.menu.addAction(self.act_close)
        self.menu.aboutToShow.connect(self._update)

    def actions(self) -> list[QAction]:
        """Every action of the comparison, in the Compare menu's order."""
        return [self.act_compare, self.act_show, self.act_next, self.act_prev, self.act_take,
                self.act_take_span, self.act_take_layer, self.act_close]

    def _make_status(self) -> None:
        self.label = QLabel()
        self.label.setToolTip(translate("CompareUi", "The record the open one is compared with (Compare ▸ Differences Table)"))
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(160)
        self.progress.setTextVisible(False)
        self.cancel_button = QPushButton(translate("CompareUi", "Cancel"))
        self.cancel_button.setToolTip(translate("CompareUi", "Stop reading the record to compare with"))
        self.cancel_button.clicked.connect(lambda: self.controller.cancel_load())
        #: for the window's status bar, left to right (hidden until there is something to show)
        self.status_widgets: tuple[QWidget, ...] = (self.progress, self.cancel_button, self.label)
        for widget in self.status_widgets:
            widget.hide()

    # ------------------------------------------------------------------ opening, closing

    def compare_with_dialog(self) -> bool:
        """Ask for B and compare the open record with it."""
        if self.session.message is None:
            self.message.emit(translate("CompareUi", "Open a record first: it is compared with the one you choose"))
            return False
        start = self.documents.default_directory()
        doc = self.session.document
        if doc is not None and doc.path is not None:
            start = str(doc.path.parent)
        path = self.prompter.compare_file_name(start)
        return path is not None and self.compare_with(path)

    def compare_with(self, path: str | os.PathLike, dialect: str | None = None) -> bool:
        """Compare the open record with `path` (read on a thread)."""
        return self.controller.compare_with(path, dialect)

    def compare_after_load(self, path: str | os.PathLike) -> None:
        """Compare with `path` once the record being opened is shown (``record-editor A --compare B``)."""
        self._pending_path = os.fspath(path)
        self.documents.loadFinished.connect(self._loaded_then_compare)

    def _loaded_then_compare(self, ok: bool) -> None:
        self.documents.loadFinished.disconnect(self._loaded_then_compare)
        path, self._pending_path = self._pending_path, None
        if path is None:
            return
        if ok:
            self.compare_with(path)
        else:
            self.message.emit(translate("CompareUi", "Nothing compared with {name}: the record did not open")
                              .format(name=os.path.basename(path)))

    def read_b_as(self, dialect: str) -> bool:
        """Read the compared record again as `dialect` and compare with that."""
        doc = self.controller.document_b
        if doc is None or doc.path is None:
            return False
        if doc.dialect.name == dialect:
            return True
        return self.compare_with(doc.path, dialect)

    def show_table(self) -> None:
        plots = self.plots
        if plots.isTabVisible(plots.indexOf(self.view)):
            plots.setCurrentWidget(self.view)
            self.view.view.setFocus()

    def _opened(self, _document: object) -> None:
        plots = self.plots
        plots.setTabVisible(plots.indexOf(self.view), True)
        plots.setCurrentWidget(self.view)
        self._update()

    def _closed(self) -> None:
        plots = self.plots
        if plots.currentWidget() is self.view:
            plots.show_overview()
        plots.setTabVisible(plots.indexOf(self.view), False)
        self._update()

    def _loading(self, loading: bool) -> None:
        self.progress.setVisible(loading)
        self.cancel_button.setVisible(loading)

    def _update(self) -> None:
        c = self.controller
        has_a = self.session.message is not None
        shown = c.is_open
        self.act_compare.setEnabled(has_a)
        self.act_close.setEnabled(shown or c.is_loading)
        for action in (self.act_next, self.act_prev, self.act_take, self.act_take_span, self.act_take_layer,
                       self.act_show):
            action.setEnabled(shown)
        doc_b = c.document_b
        self.read_b_menu.setEnabled(shown and doc_b is not None and doc_b.path is not None)
        for name, action in self.read_b_actions.items():
            action.setChecked(doc_b is not None and doc_b.dialect.name == name)
        if shown:
            self.label.setText(f"⇄ {c.name_b()}: {c.summary()}" + (" …" if c.busy else ""))
            self.label.show()
        else:
            self.label.hide()

    # ------------------------------------------------------------------ the walk

    def step_difference(self, forward: bool = True) -> FieldPath | None:
        """Select the next (or previous) difference in A after the selection, wrapping around."""
        result = self.controller.result
        if result is None:
            return None
        targets = result.walk
        found = step(targets, self.session.selection.path, forward)
        if found is None:
            self.message.emit(translate("CompareUi", "No difference in the open record to go to (only B has what differs)")
                              if result.rows else translate("CompareUi", "No difference in the open record to go to"))
            return None
        k, wrapped = found
        path = targets[k]
        self.session.selection.select(path, source=self)
        text = (translate("CompareUi", "Difference {k} of {n}: {what} (wrapped around)") if wrapped
                else translate("CompareUi", "Difference {k} of {n}: {what}"))
        self.message.emit(text.format(k=k + 1, n=len(targets), what=self._words(path)))
        return path

    def _words(self, path: FieldPath) -> str:
        text = describe(self.session.editor, path)
        row = next((r for r in self.controller.rows if r.path_a == path), None)
        if row is not None and row.kind is RowKind.FIELD and (row.a or row.b):
            text += translate("CompareUi", " — A {a}, B {b}").format(a=row.a, b=row.b)
        elif row is not None and row.kind is RowKind.ONLY_A:
            text += translate("CompareUi", " — only in A")
        return text

    # ------------------------------------------------------------------ taking

    def _push(self, takes: list[Take]) -> bool:
        b = self.controller.message_b
        if b is None:
            self.message.emit(translate("CompareUi", "Nothing to take from: no record is compared"))
            return False
        busy = len(takes) > 200  # a whole record's worth: about a second for 2 400 rows
        if busy:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            check = self.session.check
            if check is None:
                raise TakeRefused(translate("TakeFromB", "no record is open"))
            command = plan_take(check, b, takes)
            self.session.push(command)
        except TakeRefused as e:
            self.message.emit(translate("CompareUi", "Not taken: {why}").format(why=e))
            return False
        finally:
            if busy:
                QApplication.restoreOverrideCursor()
        self.message.emit(translate("CompareUi", "Done: {what} (Ctrl+Z undoes it)").format(what=command.text))
        return True

    def take(self) -> bool:
        """Take what is selected where the focus is (see the module's words)."""
        focus = QApplication.focusWidget()
        if focus is not None and (focus is self.view or self.view.isAncestorOf(focus)):
            return self.take_rows()
        plots = self.plots
        channels = plots.channels
        if plots.currentWidget() is channels and channels.span() is not None \
                and channels.layer_index is not None:
            return self.take_span()
        return self.take_selection()

    def take_rows(self, rows: list[DiffRow] | None = None) -> bool:
        """Take the selected rows of the Differences table (or `rows`) from B."""
        chosen = self.view.selected_rows() if rows is None else rows
        if not chosen:
            self.message.emit(translate("CompareUi", "Not taken: select rows of the Differences table first"))
            return False
        return self._push(takes_for_rows(chosen))

    def take_span(self) -> bool:
        """Take the channels of the span shown in Channels from B."""
        channels = self.plots.channels
        span, index = channels.span(), channels.layer_index
        if span is None or index is None:
            self.message.emit(translate("CompareUi", "Not taken: show a span in Channels first (R)"))
            return False
        return self._push([TakeField(index, channels.span_field, span)])

    def take_layer(self) -> bool:
        """Take the selected layer from B, all of it."""
        index = self.session.selection.record_index
        if index is None:
            self.message.emit(translate("CompareUi", "Not taken: select a layer first"))
            return False
        return self._push([TakeLayer(index)])

    def take_selection(self, paths: list[FieldPath] | None = None) -> bool:
        """Take the rows selected in the tree (or `paths`): layers, fields, channels, prune nodes."""
        if paths is None:
            paths = self.selected_paths() or ([self.session.selection.path]
                                                          if self.session.selection.path else [])
        takes: list[Take] = []
        for path in outermost(paths):
            found = self._take_for_path(path)
            if isinstance(found, str):
                self.message.emit(translate("CompareUi", "Not taken: {why}").format(why=found))
                return False
            takes.extend(found)
        return self._push(takes)

    def _take_for_path(self, path: FieldPath) -> list[Take] | str:
        if len(path) >= 2 and path[0] == "record" and isinstance(path[1], int):
            i, rest = path[1], path[2:]
            if not rest:
                return [TakeLayer(i)]
            if rest == ("key",):
                return translate("CompareUi", "layers are matched by their key: take the layer, or rename it in the tree")
            if isinstance(rest[-1], int):
                return [TakeField(i, entry_field_text(rest[:-1]), (rest[-1], rest[-1]))]
            return [TakeField(i, entry_field_text(rest))]
        if len(path) >= 2 and path[0] == "prune_record" and isinstance(path[1], int):
            name = None
            if len(path) >= 4 and isinstance(path[3], int):
                name = self.session.editor.value(path[:4] + ("name",))
            elif len(path) >= 3 and path[2] == "selective_prune":
                name = self.session.editor.value(path[:3] + ("name",))
            role = path[2] if len(path) >= 3 else None
            d = self.controller.differences
            changes = [p for p in (d.prune if d is not None else [])
                       if p.prune_record == path[1] and (role is None or (p.role == role and p.node == name))]
            if not changes:
                return translate("CompareUi", "that prune record does not differ from B's")
            return [TakePrune(p) for p in dict.fromkeys(changes)]
        return translate("CompareUi", "select a layer, a field, channels or a prune node to take from B")

    # ------------------------------------------------------------------ a row in detail

    def open_row(self, row: DiffRow) -> None:
        """Show a row in detail: a layer's field in Channels, a prune node in Prune ranges."""
        plots = self.plots
        if row.kind in (RowKind.FIELD, RowKind.ONLY_A) and row.index_a is not None:
            plots.channels.show_layer(row.index_a)
            plots.setCurrentWidget(plots.channels)
            at = row.at
            if at is not None and row.path_a is not None and len(row.path_a) == 4:
                self.session.selection.select(row.path_a + (at,), source=self)
            elif row.path_a is not None:
                self.session.selection.select(row.path_a, source=self)
        elif row.kind is RowKind.PRUNE and row.prune is not None and row.index_a is not None:
            p = row.prune
            message = self.session.message
            nodes = getattr(message.prune_record[row.index_a], p.role) if p.role != "selective_prune" else None
            k = next((n for n, node in enumerate(nodes) if node.name == p.node), None) if nodes is not None else None
            path: FieldPath = ("prune_record", row.index_a) + ((p.role, k) if k is not None else (p.role,)
                                                          if p.role == "selective_prune" else ())
            self.session.selection.select(path, source=self)
        elif row.kind is RowKind.ONLY_B:
            self.message.emit(translate("CompareUi", "{layer} is only in B: Take from B adds it to the open record")
                              .format(layer=row.layer))
