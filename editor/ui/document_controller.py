"""DocumentController: the file operations of an edit session.

Opening (on a loader thread, with progress and cancel, work for the new document done off
the GUI thread: `add_load_step`), saving (big records on a thread, `editor.ui.saver`),
Save As in another format or dialect, reloading, reading the file again as another
dialect, watching the file on disk, and crash recovery (unsaved edits snapshot to a
recovery folder, offered after a crash). Every question goes through the `Prompter`;
what the window should show comes out as signals (`status`, `loadingChanged`,
`progress`, `diskChanged`, `titleChanged`), so the window only lays things out.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

import shiboken6
from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from editor.i18n import translate
from editor.records.dialects import Dialect, get_dialect
from editor.records.document import (
    FileChangedError,
    ReadOnlyError,
    RecordDocument,
    RecordError,
    SaveCancelled,
    SaveFailed,
)
from editor.records.edits.commands import ReplaceMessageCommand
from editor.records.filewrite import unchanged_said
from editor.ui.autosave import Autosave
from editor.ui.dialogs import Prompter, SaveAsChoice
from editor.ui.loader import LoadWorker
from editor.ui.open_failure import OpenFailure
from editor.ui.recovery import RecoveryInfo, RecoveryStore
from editor.ui.saver import BACKGROUND_BYTES, save_document
from editor.ui.session import EditSession

#: prepare(document) on the loader thread -> result; apply(document, result) on the GUI thread
T = TypeVar("T")
LoadStep = tuple[Callable[[RecordDocument], object], Callable[[RecordDocument, object], None]]


def file_signature(path: Path) -> tuple[int, int] | None:
    """(modification time, size) of a file, None when it is gone: tells a change on disk."""
    try:
        st = Path(path).stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class DocumentController(QObject):
    """Opens, saves, reloads and recovers the document of one `EditSession`.

    `window` parents the dialogs (the save's progress dialog); `recovery` keeps unsaved
    edits `autosave_ms` after a change.
    """

    _disk_timer: QTimer

    #: a status bar message and how long to show it (ms; 0 until replaced)
    status = Signal(str, int)
    #: a load started (True) or ended (False)
    loadingChanged = Signal(bool)
    #: load progress in permille
    progress = Signal(int)
    #: a load ended: True when a document was installed
    loadFinished = Signal(bool)
    #: the file changed on disk: "changed" or "deleted" (the window offers Reload / Keep Mine)
    diskChanged = Signal(str)
    #: the modified state changed (the title's [*])
    titleChanged = Signal()
    #: the document was saved under another name (Save As), same dialect: the new path
    pathChanged = Signal(object)

    def __init__(self, session: EditSession, prompter: Prompter, recovery: RecoveryStore,
                 window: QWidget, *, autosave_ms: int = 3000) -> None:
        super().__init__(window)
        self.session = session
        self.prompter = prompter
        self.recovery = recovery
        self.window = window
        #: documents bigger than this are saved on a thread behind a progress dialog
        self.background_save_bytes = BACKGROUND_BYTES
        self._worker: LoadWorker | None = None
        self._load_steps: list[LoadStep] = []
        self._after_load: Callable[[], None] | None = None
        self._disk_signature: tuple[int, int] | None = None
        self._recovery_key: str | None = None
        self._saving = False
        self._token = f"{id(window):x}"
        #: where file dialogs start when the document has no folder of its own
        self.default_directory: Callable[[], str] = lambda: str(Path.home())

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(lambda _path: self._disk_timer.start())
        self._disk_timer = QTimer(self)
        self._disk_timer.setSingleShot(True)
        self._disk_timer.setInterval(300)
        self._disk_timer.timeout.connect(self._check_disk)

        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(autosave_ms)
        self._autosave_timer.timeout.connect(self._snapshot_for_recovery)
        self._edit_version = 0
        self.autosave = Autosave(self.recovery, lambda: self._edit_version, self)
        self.autosave.failed.connect(self._recovery_failed)

        stack = session.undo_stack
        stack.cleanChanged.connect(self._clean_changed)
        stack.indexChanged.connect(self._stack_changed)

    # ------------------------------------------------------------------ state

    @property
    def document(self) -> RecordDocument | None:
        return self.session.document

    @property
    def is_loading(self) -> bool:
        return self._worker is not None

    @property
    def saving(self) -> bool:
        """True while a save runs (its progress dialog offers Cancel)."""
        return self._saving

    def display_name(self) -> str:
        doc = self.document
        if doc is None:
            return ""
        return doc.path.name if doc.path is not None else translate("Documents", "Untitled")

    # ------------------------------------------------------------------ opening

    def add_load_step(self, prepare: Callable[[RecordDocument], T],
                      apply: Callable[[RecordDocument, T], None]) -> None:
        """Have work for each newly read document done on the loader thread, off the GUI thread.

        `prepare(document)` runs on the loader thread right after reading (Qt-free code
        only: it must not touch widgets or the model); `apply(document, result)` runs on
        the GUI thread just before the document is shown (before the model reset), with
        what `prepare` returned. A `prepare` that raises is skipped (`apply` is not
        called), and so is everything for a repaired file opened after asking, so `apply`'s
        owner must still cope with a reset it was not prepared for. Use it for whole-file
        work that would freeze the window on a big record (e.g. the first rule check).
        """
        # stored without T: `apply` only ever gets what its own `prepare` returned
        self._load_steps.append((prepare, cast(Callable[[RecordDocument, object], None], apply)))

    def open_file(self) -> None:
        """Ask for a file and open it (after the unsaved-changes question)."""
        if not self.maybe_save():
            return
        path = self.prompter.open_file_name(self.default_directory())
        if path:
            self.open_path(path, ask_unsaved=False)

    def open_path(self, path: str | os.PathLike, dialect: str | Dialect | None = None, *,
                  repair: bool = False, ask_unsaved: bool = True) -> bool:
        """Start loading `path` in the background; False if the user kept the current record."""
        if ask_unsaved and not self.maybe_save():
            return False
        if self._worker is not None:
            self.cancel_load(wait=True)
        worker = LoadWorker(Path(path), dialect, repair=repair,
                            steps=[prepare for prepare, _apply in self._load_steps], parent=self)
        worker.progress.connect(self.progress)
        worker.loaded.connect(self._loaded)
        worker.repairable.connect(self._repairable)
        worker.failed.connect(self._load_failed)
        worker.cancelled.connect(self._load_cancelled)
        worker.finished.connect(self._worker_finished)
        self._worker = worker
        self.progress.emit(0)
        self.loadingChanged.emit(True)
        self.status.emit(translate("Documents", "Opening {name}…").format(name=Path(path).name), 0)
        worker.start()
        return True

    def cancel_load(self, wait: bool = False) -> None:
        """Stop the load in progress; the current record stays."""
        worker = self._worker
        if worker is None:
            return
        worker.cancel()
        if wait:
            worker.wait()
            self._worker = None
            self.loadingChanged.emit(False)

    def _worker_finished(self) -> None:
        worker = self.sender()
        if isinstance(worker, LoadWorker):
            worker.deleteLater()
        if worker is self._worker:
            self._worker = None
            self.loadingChanged.emit(False)

    def _current_worker(self) -> LoadWorker | None:
        """The worker that sent this result, if it is still the one wanted (and done with it)."""
        sender = self.sender()
        if not isinstance(sender, LoadWorker) or sender is not self._worker:
            return None
        self._worker = None
        self.loadingChanged.emit(False)
        return sender

    def _loaded(self, document: RecordDocument, results: list[object]) -> None:
        worker = self._current_worker()
        if worker is None:
            return
        if worker.cancel_requested:  # finished reading just as Cancel was pressed
            self._cancelled_message()
            return
        for (_prepare, apply), result in zip(self._load_steps, results, strict=False):
            if not isinstance(result, Exception):
                apply(document, result)
        self.set_document(document)
        if document.repairs:  # opened with --repair or read again as another dialect
            self.session.undo_stack.resetClean()  # saving writes the repaired text: that is a change
        self.status.emit(translate("Documents", "Opened {path}").format(path=document.path), 5000)
        if document.notes:  # opening it finished (or set aside) a save that was interrupted
            self.prompter.info(translate("Documents", "Interrupted save"), "\n\n".join(
                f"{document.path}: {note}" for note in document.notes))
        self.loadFinished.emit(True)
        after, self._after_load = self._after_load, None
        if after is not None:
            after()

    def _repairable(self, document: RecordDocument, error: str) -> None:
        if self._current_worker() is None:
            return
        n = len(document.repairs)
        offer = (translate("Documents", "The reader can open it by repairing 1 place (typically // comments or "
                                        "keys broken over lines, as pasted from AMCT's documentation). Each repair "
                                        "is listed under Reading problems. Open the repaired record?") if n == 1
                 else translate("Documents", "The reader can open it by repairing {n} places (typically // "
                                             "comments or keys broken over lines, as pasted from AMCT's "
                                             "documentation). Each repair is listed under Reading problems. Open "
                                             "the repaired record?").format(n=n))
        text = f"{error}\n\n{offer}"
        if self.prompter.confirm(translate("Documents", "Open with repairs?"), text,
                                 translate("Documents", "Open Repaired")):
            self.set_document(document)
            self.session.undo_stack.resetClean()  # saving writes the repaired text: that is a change
            self.loadFinished.emit(True)
        else:
            self.loadFinished.emit(False)

    def _load_failed(self, message: str) -> None:
        worker = self._current_worker()
        if worker is None:
            return
        self._after_load = None
        self.status.emit(translate("Documents", "Could not open the file"), 5000)
        dialect = get_dialect(worker.dialect).name if worker.dialect is not None else None
        failure = OpenFailure.from_error(worker.path, worker.error, message, dialect)
        self.prompter.open_failed(failure, self.read_file_as)  # the record open stays as it is
        self.loadFinished.emit(False)

    def read_file_as(self, path: str | os.PathLike, dialect: str | Dialect) -> bool:
        """Read file `path` as `dialect`: the failure dialog's Read as Dialect…, for the file
        that failed (File ▸ Read As Dialect reads the open one). Asks before dropping unsaved
        edits; False if the user kept them."""
        return self.open_path(path, dialect)

    def _load_cancelled(self) -> None:
        if self._current_worker() is None:
            return
        self._cancelled_message()

    def _cancelled_message(self) -> None:
        self._after_load = None
        self.status.emit(translate("Documents", "Opening cancelled; nothing changed"), 5000)
        self.loadFinished.emit(False)

    def set_document(self, document: RecordDocument | None) -> None:
        """Show `document` (None: nothing open); the undo history starts afresh."""
        self._autosave_timer.stop()
        self.autosave.discard(self._recovery_key)
        files = self.watcher.files()
        if files:
            self.watcher.removePaths(files)
        self._disk_signature = None
        self._recovery_key = None
        if document is not None:
            self._recovery_key = self.recovery.key_for(document.path, self._token)
            if document.path is not None:
                self._disk_signature = file_signature(document.path)
                if document.path.exists():
                    self.watcher.addPath(str(document.path))
        self.session.set_document(document)

    # ------------------------------------------------------------------ saving and closing

    def maybe_save(self) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved edits; True to go on."""
        if self.document is None or self.session.undo_stack.isClean():
            return True
        answer = self.prompter.ask_save_changes(self.display_name())
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.autosave.discard(self._recovery_key)
            return True
        return False

    def save(self) -> bool:
        """Save to the document's file (Save As when it has none)."""
        doc = self.document
        if doc is None:
            return False
        if doc.path is None:
            return self.save_as()
        if self.changed_on_disk():
            if not self._confirm_overwrite(doc.path):
                return False
            return self._write(doc, doc.path, doc.binary, replace_changed=True)
        return self._write(doc, doc.path, doc.binary)

    def _confirm_overwrite(self, path: Path) -> bool:
        """Ask before a save replaces a version of the file another program wrote."""
        return self.prompter.confirm(
            translate("Documents", "File changed on disk"),
            translate("Documents", "{path} changed on disk after it was opened (was AMCT run again?). "
                                   "Saving replaces that version with yours.").format(path=path),
            translate("Documents", "Overwrite"))

    def save_as(self) -> bool:
        """Ask where (and in which format and dialect) to save, then save there."""
        doc = self.document
        if doc is None:
            return False
        folder = str(doc.path.parent) if doc.path is not None else self.default_directory()
        name = doc.path.name if doc.path is not None else "record.txt"
        choice = self.prompter.save_as(folder, name, doc.dialect, doc.binary)
        if choice is None:
            return False
        return self.save_to(choice)

    def save_to(self, choice: SaveAsChoice) -> bool:
        """Save As: another file, text or binary, and possibly another dialect."""
        doc = self.document
        if doc is None:
            return False
        if choice.dialect.name != doc.dialect.name:
            try:
                converted, _dropped = doc.convert(choice.dialect)
            except RecordError as e:
                self.prompter.error(translate("Documents", "Cannot convert"), self._conversion_refusal(choice.dialect, e))
                return False
            if not self._write(converted, choice.path, choice.binary):
                return False
            self.set_document(converted)
            kept = "".join(f"\n• {x.message}" for x in converted.explicit_defaults)
            if kept:  # the file now says what unset used to mean: tell the user why it changed
                self.prompter.info(
                    translate("Documents", "Saved as {dialect}").format(dialect=choice.dialect.shown_title),
                    translate("Documents", "Saved {name} as {dialect}. Fields whose default differs between the "
                                           "two dialects were written out:").format(
                        name=choice.path.name, dialect=choice.dialect.shown_title) + kept)
            self.status.emit(translate("Documents", "Saved as {dialect}; the undo history starts here").format(
                dialect=choice.dialect.shown_title), 8000)
            return True
        old_key = self._recovery_key
        if not self._write(doc, choice.path, choice.binary):
            return False
        self.autosave.discard(old_key)
        self._recovery_key = self.recovery.key_for(doc.path, self._token)
        files = self.watcher.files()
        if files:
            self.watcher.removePaths(files)
        self.watcher.addPath(str(doc.path))
        self.pathChanged.emit(doc.path)
        return True

    @staticmethod
    def _conversion_refusal(dialect: Dialect, error: RecordError) -> str:
        detail = error.message.split("no field for: ", 1)[-1].split(" (use --drop-unsupported")[0]
        return translate("Documents", "Not saved: the {title} schema ({name}) has no place for these fields of "
                                      "this record: {fields}.\n\nRemove them first, or choose a dialect that has "
                                      "them.").format(title=dialect.shown_title, name=dialect.name, fields=detail)

    def _write(self, doc: RecordDocument, path: Path, binary: bool, *, replace_changed: bool = False) -> bool:
        self._saving = True
        self._autosave_timer.stop()  # the save makes the recovery file moot (restarted if it fails)
        read_only: ReadOnlyError | None = None
        changed = False
        before = file_signature(Path(path))
        try:
            save_document(doc, path, binary, self.window, background_bytes=self.background_save_bytes,
                          replace_changed=replace_changed)
        except ReadOnlyError as e:  # as editors do: not overwritten unasked, saved elsewhere
            read_only = e
        except FileChangedError:  # saved by another program since it was read (the watcher may not have said yet)
            changed = True
        except SaveCancelled:
            self.status.emit(translate("Documents", "Save cancelled; {name} on disk was left as it was").format(
                name=Path(path).name), 8000)
            return False
        except RecordError as e:
            text = str(e)
            if isinstance(e, SaveFailed) and e.damaged:
                pass  # the message says what state the file is in, and where its new content is
            elif not unchanged_said(text):
                text += "\n\n" + translate("Documents", "The file on disk was left as it was.")
            self.prompter.error(translate("Documents", "Not saved"),
                                text + "\n" + translate("Documents", "Your edits are still here."))
            return False
        except Exception as e:  # noqa: BLE001 - a failed save must end in a message, edits kept
            if file_signature(Path(path)) == before:
                text = translate("Documents", "{path}: could not be saved ({error}).\n\nThe file on disk was left "
                                              "as it was; your edits are still here.")
            else:  # an error after the file was written: say so, never claim it is as it was
                text = translate("Documents", "{path}: could not be saved ({error}).\n\nThe file on disk has "
                                              "changed; check it before closing. Your edits are still here.")
            self.prompter.error(translate("Documents", "Not saved"), text.format(
                path=path, error=f"{type(e).__name__}: {e}"))
            return False
        finally:
            self._saving = False
            if self.document is not None and not self.session.undo_stack.isClean():
                self._autosave_timer.start()  # not saved (or saved elsewhere, clean below stops it)
        if changed:
            if self._confirm_overwrite(Path(path)):
                return self._write(doc, path, binary, replace_changed=True)
            self.status.emit(translate("Documents", "Not saved; {name} on disk was left as it was").format(
                name=Path(path).name), 8000)
            return False
        if read_only is not None:
            return self.prompter.confirm(
                translate("Documents", "Read-only file"),
                translate("Documents", "{name} {why}. It was left as it was. Save your edits under another "
                                       "name?").format(name=Path(path).name, why=read_only.message.split(";")[0]),
                translate("Documents", "Save As…")) and self.save_as()
        if doc is self.document:
            self.session.undo_stack.setClean()
        self._disk_signature = file_signature(Path(path))
        self.status.emit(translate("Documents", "Saved {path}").format(path=path), 5000)
        return True

    def close_document(self) -> bool:
        """Close the record (after the unsaved-changes question); False if the user kept it."""
        if not self.maybe_save():
            return False
        self.set_document(None)
        return True

    def reload(self) -> None:
        """Read the document's file again (asks before dropping unsaved edits)."""
        doc = self.document
        if doc is None or doc.path is None:
            return
        if not self.session.undo_stack.isClean() and not self.prompter.confirm(
                translate("Documents", "Reload"),
                translate("Documents", "Reloading {name} drops your unsaved edits.").format(name=doc.path.name),
                translate("Documents", "Reload")):
            return
        self.open_path(doc.path, doc.dialect, ask_unsaved=False)

    def read_as(self, dialect: str | Dialect) -> None:
        """Read the document's file again as `dialect` (a text file's dialect is told from its
        field names, and a MindSpore or TF convert_model file uses only names TF-inner has
        too, so it opens as TF-inner: this is how its user says what it is). Asks before
        dropping unsaved edits; a file the dialect cannot read leaves the record as it is."""
        doc = self.document
        d = get_dialect(dialect)
        if doc is None or doc.path is None or d.name == doc.dialect.name:
            return
        if not self.session.undo_stack.isClean() and not self.prompter.confirm(
                translate("Documents", "Read as another dialect"),
                translate("Documents", "Reading {name} again as {dialect} drops your unsaved edits.").format(
                    name=doc.path.name, dialect=d.shown_title),
                translate("Documents", "Read Again")):
            return
        self.open_path(doc.path, d, repair=bool(doc.repairs), ask_unsaved=False)

    def can_close(self) -> bool:
        """The window is closing: False to keep it open (a save running, or the user kept
        unsaved edits); else stop loading and recovery and leave no recovery file."""
        if self._saving:  # a save on its thread: its dialog offers Cancel; close after it
            return False
        if not self.maybe_save():
            return False
        if self._worker is not None:
            self.cancel_load(wait=True)
        self._autosave_timer.stop()
        self.autosave.discard(self._recovery_key)
        self.autosave.wait()  # a write still running must not put the file back after we go
        if self._recovery_key is not None:
            self.recovery.remove(self._recovery_key)
        return True

    # ------------------------------------------------------------------ disk changes

    def changed_on_disk(self) -> bool:
        """True when the file on disk is no longer the one opened or last saved."""
        doc = self.document
        if doc is None or doc.path is None or self._disk_signature is None:
            return False
        return file_signature(doc.path) != self._disk_signature

    def _check_disk(self) -> None:
        if self._saving:  # our own write; look again once the save is over
            self._disk_timer.start()
            return
        doc = self.document
        if doc is None or doc.path is None:
            return
        if doc.path.exists() and str(doc.path) not in self.watcher.files():
            self.watcher.addPath(str(doc.path))  # a replaced file drops out of the watch list
        signature = file_signature(doc.path)
        if signature == self._disk_signature:
            return
        self.diskChanged.emit("deleted" if signature is None else "changed")

    def reload_from_disk(self) -> None:
        """The user chose the file's new version (the disk banner's Reload)."""
        doc = self.document
        if doc is not None and doc.path is not None:
            self.open_path(doc.path, doc.dialect, ask_unsaved=False)

    # ------------------------------------------------------------------ crash recovery

    def _stack_alive(self) -> bool:
        """False while the undo stack is being destroyed (its destructor clears it and
        signals so, with the window half torn down)."""
        return shiboken6.isValid(self.session.undo_stack)

    def _clean_changed(self, clean: bool) -> None:
        if not self._stack_alive():
            return
        self.titleChanged.emit()
        if clean:
            self._autosave_timer.stop()
            self.autosave.discard(self._recovery_key)

    def _stack_changed(self, _index: int) -> None:
        if not self._stack_alive():
            return
        self._edit_version += 1  # a snapshot under way is abandoned; the timer takes a new one
        if self.document is not None and not self.session.undo_stack.isClean() \
                and not self._autosave_timer.isActive():
            self._autosave_timer.start()

    def _snapshot_for_recovery(self) -> None:
        """The autosave timer: snapshot the unsaved record in slices, written on a thread."""
        doc = self.document
        if doc is None or self.session.undo_stack.isClean() or self._recovery_key is None or self._saving:
            return
        self.autosave.start(doc, self._recovery_key)

    def _recovery_failed(self, message: str) -> None:
        self.status.emit(translate("Documents", "Could not write the recovery file: {why}").format(why=message), 8000)

    def write_recovery(self) -> Path | None:
        """Write the unsaved record to the recovery folder now, in one go (the autosave
        timer does it in slices instead, see `Autosave`)."""
        doc = self.document
        if doc is None or self.session.undo_stack.isClean() or self._recovery_key is None:
            return None
        try:
            return self.recovery.write(self._recovery_key, doc.path, doc.dialect.name, doc.binary,
                                       doc.message.SerializePartialToString())
        except (OSError, RecordError) as e:
            self._recovery_failed(str(e))
            return None

    def discard_recovery(self, info: RecoveryInfo) -> None:
        with contextlib.suppress(OSError):
            info.file.unlink()

    def restore_recovery(self, info: RecoveryInfo) -> None:
        """Open the record the edits belong to and apply them as one undoable step."""
        try:
            data = info.data()
            dialect = get_dialect(info.dialect)
        except (OSError, ValueError) as e:
            self.prompter.error(translate("Documents", "Cannot restore"), f"{info.file}: {e}")
            return

        def apply() -> None:
            self.session.push(ReplaceMessageCommand(self.session.editor, (), data,
                                                    text=translate("Documents", "Restore recovered edits")))
            self.discard_recovery(info)
            self.status.emit(translate("Documents", "Recovered edits restored; Undo shows the file as saved"), 8000)

        if info.path is not None and info.path.exists():
            self._after_load = apply
            if not self.open_path(info.path, dialect):
                self._after_load = None
            return
        if not self.maybe_save():
            return
        self.set_document(RecordDocument(dialect.new_message(), dialect, None, binary=info.binary))
        apply()
