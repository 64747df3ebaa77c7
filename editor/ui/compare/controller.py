"""CompareController: a second record B opened read-only beside the edited record A, and
the comparison of the two kept current while A is edited.

B gets an `EditSession` of its own (`session_b`, read-only: nothing pushes to it) and is
read on a `LoadWorker` thread with progress and Cancel, like A. The comparison is a
snapshot (`editor.records.diff`): it is made on a thread — the first one on B's loader
thread right after reading B, every later one on a `CompareWorker` — from a copy of A's
message taken on the GUI thread (about 30 ms for a 50 MB record), so A can be edited while
it runs. Each of A's edits makes the comparison stale; a new one starts 150 ms after the
last edit (`results` says which edit it is from). Another tolerance queries the same
comparison again, also on the worker. Closing the comparison (or opening another record
as A) drops B; A stays as it is.
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QThread, QTimer, Signal

from editor.i18n import translate
from editor.records.dialects import Dialect
from editor.records.diff import Differences, RecordComparison, compare_records
from editor.records.diff.rows import DiffRow, build_rows, entry_descriptor, summary, walk_targets
from editor.records.document import RecordDocument
from editor.records.editing import RecordChange
from editor.records.messages import RootMessage
from editor.records.paths import FieldPath
from editor.ui.dialogs import Prompter
from editor.ui.gc_policy import collect_on_gui_thread
from editor.ui.live_problems import LiveProblems
from editor.ui.loader import LoadWorker
from editor.ui.session import EditSession

#: how long after A's last edit the comparison is made again (ms)
RECOMPARE_MS = 150


@dataclass
class ComparisonResult:
    """A comparison of A (as it was at edit `version`) with B, queried at one tolerance,
    and what the views need from it."""

    version: int
    comparison: RecordComparison
    differences: Differences
    rows: list[DiffRow]
    walk: list[FieldPath]


def compute(a: RootMessage | None, b: RootMessage, rtol: float, atol: float, version: int,
            comparison: RecordComparison | None = None, entry_a=None) -> ComparisonResult:
    """Compare `a` with `b` (or query `comparison` again) and build the table's rows.

    Qt-free and thread-safe as long as nobody edits `a` or `b` meanwhile (the controller
    hands it a copy of A)."""
    if comparison is None:
        assert a is not None
        comparison = compare_records(a, b)
        entry_a = entry_descriptor(a)
    d = comparison.differences(rtol, atol)
    rows = build_rows(d, entry_a)
    _ = comparison.overview  # a cached property: worked out here, not on the GUI thread
    return ComparisonResult(version, comparison, d, rows, walk_targets(rows))


class CompareWorker(QThread):
    """Runs one comparison job off the GUI thread; `done(result)` or `failed(message)`."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Callable[[], ComparisonResult], parent: QObject | None = None) -> None:
        super().__init__(parent)
        collect_on_gui_thread()  # no garbage collection on this thread (see gc_policy)
        self.job = job

    def run(self) -> None:
        try:
            result = self.job()
        except MemoryError:
            self.failed.emit(translate("CompareController", "not enough memory to compare the two records"))
            return
        except Exception as e:  # noqa: BLE001 - a failed comparison is a message, not a crash
            self.failed.emit(translate("CompareController", "the comparison failed ({error})").format(error=f"{type(e).__name__}: {e}"))
            return
        self.done.emit(result)


class CompareController(QObject):
    """B read-only beside the session's record A, and their comparison, kept current.

    Signals: `opened(document)` once B is shown and compared; `updated()` after every new
    result (A edited, another tolerance); `closed()`; `loadingChanged(bool)` and
    `progress(permille)` while B is read; `busyChanged(bool)` while a comparison is
    pending or running; `status(text, ms)` for the status bar.
    """

    opened = Signal(object)
    updated = Signal()
    closed = Signal()
    loadingChanged = Signal(bool)
    progress = Signal(int)
    busyChanged = Signal(bool)
    status = Signal(str, int)

    def __init__(self, session: EditSession, prompter: Prompter, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.prompter = prompter
        #: B: read-only, never edited
        self.session_b = EditSession(self, read_only=True)
        self.result: ComparisonResult | None = None
        self.rtol = 0.0
        self.atol = 0.0
        self._loader: LoadWorker | None = None
        self._worker: CompareWorker | None = None
        #: every thread still running (a dropped job finishes on its own; the window waits for it)
        self._threads: set[QThread] = set()
        self._version = 0
        self._dirty = False  # A changed since the last comparison was started
        self._again = False  # another job was asked for while one ran
        self._busy = False
        self._a_path: Path | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RECOMPARE_MS)
        self._timer.timeout.connect(self._start_job)
        session.recordChanged.connect(self._a_changed)
        session.documentChanged.connect(self._a_document)

    # ------------------------------------------------------------------ state

    @property
    def document_b(self) -> RecordDocument | None:
        return self.session_b.document

    @property
    def message_b(self) -> RootMessage | None:
        return self.session_b.message

    @property
    def is_open(self) -> bool:
        """True while a comparison is shown (B read and compared)."""
        return self.session_b.document is not None and self.result is not None

    @property
    def is_loading(self) -> bool:
        return self._loader is not None

    @property
    def busy(self) -> bool:
        """A comparison is waiting or running: `result` may be behind A's last edit."""
        return self._worker is not None or self._timer.isActive()

    @property
    def current(self) -> bool:
        """The result is of A as it is now, at the tolerance asked for."""
        return self.is_open and not self.busy and not self._dirty

    @property
    def differences(self) -> Differences | None:
        return self.result.differences if self.result is not None else None

    @property
    def rows(self) -> list[DiffRow]:
        return self.result.rows if self.result is not None else []

    def name_b(self) -> str:
        doc = self.document_b
        if doc is None:
            return ""
        return doc.path.name if doc.path is not None else "B"

    # ------------------------------------------------------------------ opening and closing

    def compare_with(self, path: str | os.PathLike, dialect: str | Dialect | None = None) -> bool:
        """Read `path` as B on a thread and compare A with it; False when no record is open."""
        message = self.session.message
        if message is None:
            self.status.emit(translate("CompareController", "Open a record first: the comparison is of the open record with another"),
                             8000)
            return False
        self.cancel_load()
        snapshot = self._snapshot()
        version, rtol, atol = self._version, self.rtol, self.atol
        self._dirty = False

        def compare(document: RecordDocument) -> ComparisonResult:
            return compute(snapshot, document.message, rtol, atol, version)

        worker = LoadWorker(Path(path), dialect, steps=[LiveProblems.prepare, compare], parent=self)
        worker.progress.connect(self.progress)
        worker.loaded.connect(self._loaded)
        worker.repairable.connect(self._repairable)
        worker.failed.connect(self._load_failed)
        worker.cancelled.connect(self._load_cancelled)
        self._track(worker)
        self._loader = worker
        self.progress.emit(0)
        self.loadingChanged.emit(True)
        self.status.emit(translate("CompareController", "Reading {name} to compare with…").format(name=Path(path).name), 0)
        worker.start()
        return True

    def cancel_load(self, wait: bool = False) -> None:
        """Stop reading B; the comparison shown (if any) stays."""
        worker, self._loader = self._loader, None
        if worker is None:
            return
        worker.cancel()
        if wait:
            worker.wait()
        self.loadingChanged.emit(False)

    def _mine(self) -> LoadWorker | None:
        sender = self.sender()
        if not isinstance(sender, LoadWorker) or sender is not self._loader:
            return None
        self._loader = None
        self.loadingChanged.emit(False)
        return sender

    def _loaded(self, document: RecordDocument, results: list[object]) -> None:
        worker = self._mine()
        if worker is None or worker.cancel_requested:
            return
        checker = results[0] if results else None
        result = results[1] if len(results) > 1 else None
        if isinstance(result, Exception) or not isinstance(result, ComparisonResult):
            if isinstance(result, Exception):
                text = translate("CompareController", "{path}: the comparison failed ({error})").format(
                    path=document.path, error=f"{type(result).__name__}: {result}")
            else:
                text = translate("CompareController", "{path}: the comparison failed").format(path=document.path)
            self.prompter.error(translate("CompareController", "Cannot compare"), text)
            return
        self._show(document, checker, result)

    def _repairable(self, document: RecordDocument, error: str) -> None:
        if self._mine() is None:
            return
        n = len(document.repairs)
        question = (translate("CompareController", "The reader can read it by repairing {n} places "
                              "(as pasted from AMCT's documentation). Compare with the repaired record?")
                    if n != 1 else
                    translate("CompareController", "The reader can read it by repairing 1 place "
                              "(as pasted from AMCT's documentation). Compare with the repaired record?"))
        if not self.prompter.confirm(translate("CompareController", "Compare with the repaired record?"),
                                     f"{error}\n\n{question.format(n=n)}",
                                     translate("CompareController", "Compare Repaired")):
            self.status.emit(translate("CompareController", "Nothing compared"), 5000)
            return
        self._show(document, None, None)

    def _show(self, document: RecordDocument, checker: object, result: ComparisonResult | None) -> None:
        self._stop_jobs()
        if checker is not None and not isinstance(checker, Exception):
            self.session_b.problems.adopt(document, checker)  # type: ignore[arg-type]
        self.session_b.set_document(document)
        a_doc = self.session.document
        self._a_path = a_doc.path if a_doc is not None else None
        if result is None:  # read with repairs after asking: compare now
            self.result = None
            self._dirty = True
            self._start_job()
            self.status.emit(translate("CompareController", "Comparing with {name}…").format(name=self.name_b()), 0)
            return
        self.result = result
        if result.version != self._version:
            self._schedule()  # A was edited while B was read
        self.opened.emit(document)
        self.updated.emit()
        self.status.emit(translate("CompareController", "Comparing with {name}: {summary}").format(
                name=self.name_b(), summary=self.summary()), 8000)

    def _load_failed(self, message: str) -> None:
        if self._mine() is None:
            return
        self.status.emit(translate("CompareController", "Could not read the record to compare with"), 5000)
        self.prompter.error(translate("CompareController", "Cannot compare"), message)

    def _load_cancelled(self) -> None:
        if self._mine() is None:
            return
        self.status.emit(translate("CompareController", "Comparison cancelled"), 5000)

    def close(self) -> None:
        """Close the comparison: B goes, A stays as it is."""
        self.cancel_load()
        was_open = self.session_b.document is not None
        self._stop_jobs()
        self.result = None
        self._a_path = None
        if was_open:
            self.session_b.set_document(None)
            self.closed.emit()
            self.status.emit(translate("CompareController", "Comparison closed"), 4000)

    def shutdown(self) -> None:
        """The window closes: stop every thread of the comparison and wait for them."""
        self.cancel_load()
        self._stop_jobs()
        for thread in list(self._threads):
            if isinstance(thread, LoadWorker):
                thread.cancel()
            thread.wait()

    def _track(self, thread: QThread) -> None:
        self._threads.add(thread)

        def finished() -> None:
            self._threads.discard(thread)
            thread.deleteLater()

        thread.finished.connect(finished)

    def _stop_jobs(self) -> None:
        self._timer.stop()
        self._again = False
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.done.disconnect()
            worker.failed.disconnect()
            # it finishes on its own; its result is dropped (deleteLater once finished)
        self._set_busy(False)

    # ------------------------------------------------------------------ tolerance

    def set_tolerance(self, rtol: float, atol: float) -> None:
        """Float fields differ beyond |a - b| <= atol + rtol * |b| (both >= 0)."""
        for name, v in (("rtol", rtol), ("atol", atol)):
            if not (isinstance(v, int | float) and math.isfinite(v) and v >= 0):
                raise ValueError(translate("CompareController", "{name} is a number of at least 0, not {value}")
                                 .format(name=name, value=repr(v)))
        if (rtol, atol) == (self.rtol, self.atol):
            return
        self.rtol, self.atol = float(rtol), float(atol)
        if self.session_b.document is not None:
            self._start_job()

    # ------------------------------------------------------------------ following A

    def _a_changed(self, _change: RecordChange) -> None:
        self._version += 1
        if self.session_b.document is not None or self._loader is not None:
            self._dirty = True
            self._schedule()

    def _a_document(self, document: RecordDocument | None) -> None:
        if self._loader is not None and document is None:
            self.cancel_load()
        if self.session_b.document is None:
            return
        if document is None or document.path != self._a_path:
            self.close()  # another record is A now: the comparison was of the one before
            return
        self._version += 1  # the same file read again (reload, Read As): compare again
        self._dirty = True
        self._schedule()

    def a_saved_as(self, path: Path) -> None:
        """A was saved under another name (Save As, same dialect): still the record compared."""
        if self.session_b.document is not None:
            self._a_path = Path(path)

    def refresh(self) -> None:
        """Compare again now (as after an edit of A)."""
        if self.session_b.document is None:
            return
        self._dirty = True
        self._start_job()

    def _schedule(self) -> None:
        self._timer.start()
        self._set_busy(True)

    def _snapshot(self) -> RootMessage | None:
        message = self.session.message
        if message is None:
            return None
        copy = type(message)()
        copy.CopyFrom(message)
        return copy

    def _start_job(self) -> None:
        self._timer.stop()
        b = self.message_b
        if b is None or self.session.message is None:
            self._set_busy(False)
            return
        if self._worker is not None:
            self._again = True
            return
        rtol, atol, version = self.rtol, self.atol, self._version
        if self._dirty or self.result is None:
            snapshot = self._snapshot()
            self._dirty = False

            def job() -> ComparisonResult:
                return compute(snapshot, b, rtol, atol, version)
        else:
            comparison = self.result.comparison
            entry_a = entry_descriptor(self.session.message)
            version = self.result.version

            def job() -> ComparisonResult:
                return compute(None, b, rtol, atol, version, comparison, entry_a)
        worker = CompareWorker(job, self)
        worker.done.connect(self._job_done)
        worker.failed.connect(self._job_failed)
        self._track(worker)
        self._worker = worker
        self._set_busy(True)
        worker.start()

    def _job_done(self, result: ComparisonResult) -> None:
        if self.sender() is not self._worker:
            return
        self._worker = None
        if self.session_b.document is None:
            return
        first = self.result is None
        self.result = result
        if self._again or self._dirty:
            self._again = False
            self._start_job()
        else:
            self._set_busy(False)
        if first:
            doc = self.session_b.document
            self.opened.emit(doc)
            self.status.emit(translate("CompareController", "Comparing with {name}: {summary}").format(
                name=self.name_b(), summary=self.summary()), 8000)
        self.updated.emit()

    def _job_failed(self, message: str) -> None:
        if self.sender() is not self._worker:
            return
        self._worker = None
        self._set_busy(False)
        self.prompter.error(translate("CompareController", "Cannot compare"), message)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)

    # ------------------------------------------------------------------ words

    def summary(self) -> str:
        """One line on what differs (see `rows.summary`)."""
        d = self.differences
        return summary(d) if d is not None else ""
