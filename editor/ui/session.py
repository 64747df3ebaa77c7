"""EditSession: one open record and everything that edits or shows it.

A session owns the record's document and dialect, the Qt-free `RecordEditor` that changes
its message, the tree model over it, the undo stack, the shared selection and the live
problems. Widgets take the session — not its parts one by one — and:

- read the record through `session.editor` (`value`, `message_at`, …) or `session.message`;
- change it only by pushing edit commands (`editor.records.edits`) built on `session.editor`
  (``session.push(SetValueCommand(session.editor, path, value))``), judged first, where a
  value could break one of AMCT's rules, by the one check (`session.check`,
  ``problem = session.push_checked(command)``);
- follow `recordChanged` (a `RecordChange` per elementary edit, after the selection and the
  live problems have taken it in), `documentChanged` (another file, or none) and
  `selection.changed`;
- say something about a tree row the record does not say through `annotations` (a mark
  and a tooltip line per row, by key: `editor.ui.annotations`);
- read the network the record belongs to, when one is attached, as `network` (an
  `editor.models.Model`; `networkChanged` says when it comes or goes) and the review of
  scale_w against its weights as `weights` (`editor.ui.weights_review`). The live problems
  then include the ``model-`` rules. A newly installed record starts without a network.

The dialect is decided when a document or message is installed, and changes otherwise only
by an undoable step that reads the same file in another dialect (`swap_document`). A window holds one
session for the record it edits and may hold more (a second record to compare with,
opened read-only).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

from editor.i18n import translate
from editor.records.dialects import Dialect, dialect_of_message, get_dialect
from editor.records.document import RecordDocument
from editor.records.editing import Edit, EditKind, RecordChange, RecordEditor
from editor.records.edits.check import EditCheck
from editor.records.edits.commands import EditCommand
from editor.records.problems import Problem
from editor.ui.annotations import TreeAnnotations
from editor.ui.commands import EditStack
from editor.ui.live_problems import LiveProblems
from editor.ui.selection import Selection
from editor.ui.tree_model import RecordTreeModel
from editor.ui.weights_review import WeightsReview

if TYPE_CHECKING:
    from editor.models import Model, ModelError
    from editor.models.weights import Review
    from editor.records.rules import LiveChecker


class ReadOnlyError(RuntimeError):
    """An edit pushed to a read-only session."""


class EditSession(QObject):
    """One open record: document, dialect, editor, tree model, undo stack, selection, problems."""

    #: a RecordChange, once the selection and the problems follow it
    recordChanged = Signal(object)
    #: another document was installed (a RecordDocument, or None once closed)
    documentChanged = Signal(object)
    #: a network was attached (an editor.models.Model) or detached (None)
    networkChanged = Signal(object)
    #: the record is read in another dialect, as an undoable edit (`swap_document`): the Dialect
    dialectChanged = Signal(object)

    def __init__(self, parent: QObject | None = None, *, element_chunk: int = 500,
                 read_only: bool = False) -> None:
        super().__init__(parent)
        self.read_only = read_only
        self.document: RecordDocument | None = None
        self._dialect: Dialect | None = None
        self.editor = RecordEditor()
        self.model = RecordTreeModel(self.editor, self, element_chunk=element_chunk)
        #: marks and tooltip lines on tree rows, by key (the attached model's, a comparison's)
        self.annotations = TreeAnnotations(self)
        self.model.annotations = self.annotations
        self.undo_stack = EditStack(self)
        self.selection = Selection(self.editor, self)
        self._network: Model | None = None
        self.problems = LiveProblems(self)
        #: scale_w against the attached network's weights, entry by entry
        self.weights = WeightsReview(self)
        self.editor.about_to_change.connect(self._about_to_change)
        self.editor.changed.connect(self._changed)

    # ------------------------------------------------------------------ reading

    @property
    def message(self):
        """The live message (None when no record is open)."""
        return self.editor.message

    @property
    def dialect(self) -> Dialect | None:
        """The record's dialect: its schema and the rules that apply."""
        return self._dialect

    @property
    def network(self) -> Model | None:
        """The network (model) the record is checked against, None when none is attached."""
        return self._network

    def set_network(self, model: Model | None, *, checker: LiveChecker | None = None,
                    reviews: dict[int, Review | ModelError] | None = None) -> None:
        """Attach `model` to the record (None detaches it): the live problems run the
        ``model-`` rules with it, and `networkChanged` tells the views. `checker` is the
        record's full check with `model`, and `reviews` its entries' weights reviews, made
        off the GUI thread for the record as it is now (`LiveProblems.set_model`,
        `WeightsReview.set_model`)."""
        if model is self._network and checker is None and reviews is None:
            return
        self._network = model
        self.problems.set_model(model, checker)
        self.weights.set_model(model, reviews)
        self.networkChanged.emit(model)

    # ------------------------------------------------------------------ installing a record

    def set_document(self, document: RecordDocument | None) -> None:
        """Show `document` (None closes the record); the undo history starts afresh."""
        self.document = document
        self._install(document.message if document is not None else None,
                      document.dialect if document is not None else None)
        if document is not None:
            self.problems.set_document(document)
        self.documentChanged.emit(document)

    def swap_document(self, document: RecordDocument) -> None:
        """Show `document` — the same file read in another dialect — in place of the current
        one, as an edit: the undo history and the attached network stay (an undo command
        calls this both ways; `editor.ui.dialect_follow`). `dialectChanged` follows."""
        self.document = document
        self._dialect = document.dialect
        self.editor.set_message(document.message)  # a RESET: the views and the problems follow
        self.problems.set_reading_problems(document.problems)
        self.dialectChanged.emit(document.dialect)

    def set_message(self, message, dialect: str | Dialect | None = None) -> None:
        """Show a message without a file (tests, a record built in memory); the dialect is
        the one given, else the one whose schema the message has."""
        self.document = None
        self._install(message, get_dialect(dialect) if dialect is not None else dialect_of_message(message))

    def _install(self, message, dialect: Dialect | None) -> None:
        self.undo_stack.clear()  # commands of the old record must never touch the new one
        self._dialect = dialect
        # the network belonged to the record shown before: checked without it from the start
        had_network, self._network = self._network is not None, None
        self.editor.set_message(message)
        if had_network:
            self.weights.set_model(None)
            self.networkChanged.emit(None)

    # ------------------------------------------------------------------ editing

    def push(self, command: EditCommand | QUndoCommand) -> None:
        """Do `command` and keep it on the undo stack (QUndoStack's rules: consecutive edits
        of one value merge; a command that ends up changing nothing is dropped). An
        `EditCommand` goes on the stack in its Qt adapter (`editor.ui.commands`)."""
        if self.read_only:
            raise ReadOnlyError(translate("EditSession", "this record is open read-only"))
        self.undo_stack.push(command)

    @property
    def check(self) -> EditCheck | None:
        """The one check of an edit against AMCT's hard rules (`editor.records.edits.check`),
        with what the record says now (its keys, prune types); None when no record is open."""
        if self.dialect is None or self.editor.message is None:
            return None
        return EditCheck(self.editor, self.dialect, self.problems.context)

    def validate(self, command: EditCommand, *, alone: bool = False) -> Problem | None:
        """The hard-rule error `command` would cause (`EditCheck.validate`), or None."""
        check = self.check
        return None if check is None else check.validate(command, alone=alone)

    def push_checked(self, command: EditCommand, *, alone: bool = False) -> Problem | None:
        """Push `command` unless it breaks one of AMCT's hard rules; the error if it does."""
        problem = self.validate(command, alone=alone)
        if problem is None:
            self.push(command)
        return problem

    # ------------------------------------------------------------------ following the editor

    def _about_to_change(self, step: Edit) -> None:
        if step.kind is EditKind.RESET:
            self.selection.about_to_reset()

    def _changed(self, change: RecordChange) -> None:
        self.selection.take(change)
        self.problems.take(change)
        self.recordChanged.emit(change)
