"""Writing the crash-recovery file without freezing the window.

The recovery file holds the live message in protobuf's binary format. For a 200 MB record,
serializing takes ~0.1 s and writing another ~0.1-0.4 s; done in one go on the GUI thread a
few seconds after every edit, the window froze for half a second each time. Here:

1. the message is serialized on the GUI thread (the only thread that may touch it), a batch
   of entries per event-loop turn, each turn within a few milliseconds
   (`editor.records.wire.encode_steps`, byte for byte what protobuf writes in one call);
   an edit in between (the window's `version()` changes) abandons the snapshot: the window's
   autosave timer, restarted by that edit, takes a new one later;
2. the finished bytes are written by a Python thread (`RecoveryStore.write`: atomic, fsync),
   one write at a time; a newer snapshot waits for the running write;
3. a write that finishes after the edits were saved or discarded (`discard()` was called
   since it began) has its file removed again, so a stale file never offers old edits.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from editor.records.document import RecordDocument
from editor.records.wire import encode_steps
from editor.ui.gc_policy import collect_on_gui_thread
from editor.ui.recovery import RecoveryStore

#: GUI-thread time per serializing turn
BUDGET_MS = 8.0
#: entries serialized between two looks at the clock
PER_STEP = 16


class Autosave(QObject):
    """Snapshots of a document for the recovery store, in slices, written on a thread.

    Signals: `written(path)` after a recovery file was written (and is still wanted);
    `failed(message)` when writing it failed. Both arrive on the GUI thread.
    """

    written = Signal(object)
    failed = Signal(str)
    _finished = Signal(int, object, object)  # epoch, path or None, error message or None

    def __init__(self, store: RecoveryStore, version: Callable[[], int], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.version = version
        self._epoch = 0
        self._job: tuple | None = None        # (steps, pieces, version, document, key, epoch)
        self._pending: tuple | None = None    # (key, path, dialect, binary, pieces, epoch)
        self._thread: threading.Thread | None = None
        self._writing_key: str | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)
        self._finished.connect(self._on_finished)
        #: GUI-thread milliseconds of each serializing turn of the last snapshot (for benchmarks)
        self.turns: list[float] = []

    # ------------------------------------------------------------------ API
    def start(self, document: RecordDocument, key: str) -> None:
        """Begin a snapshot of `document` for recovery key `key` (replacing one under way)."""
        pieces: list[bytes] = []
        self._job = (encode_steps(document.message, pieces, PER_STEP), pieces, self.version(),
                     document, key, self._epoch)
        self.turns = []
        self._timer.start()

    def busy(self) -> bool:
        """A snapshot is being taken or written."""
        return self._job is not None or self._pending is not None or self._thread is not None

    def discard(self, key: str | None) -> None:
        """The edits were saved or dropped: stop what is under way and remove `key`'s file
        (now, and again if a write still running puts it back)."""
        self._epoch += 1
        self._job = None
        self._pending = None
        self._timer.stop()
        if key is not None:
            self.store.remove(key)

    def wait(self, timeout: float = 30.0) -> None:
        """Let a running write finish (before the window closes)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    # ------------------------------------------------------------------ work
    def _step(self) -> None:
        job = self._job
        if job is None:
            return
        steps, pieces, version, document, key, epoch = job
        if self.version() != version or epoch != self._epoch:
            self._job = None  # edited meanwhile: the next autosave takes a fresh snapshot
            return
        start = time.perf_counter()
        try:
            next(steps)  # at least one batch per turn, whatever the budget
            while (time.perf_counter() - start) * 1000 < BUDGET_MS:
                next(steps)
        except StopIteration:
            self._job = None
            self.turns.append((time.perf_counter() - start) * 1000)
            self._pending = (key, document.path, document.dialect.name, document.binary, pieces, epoch)
            self._write_next()
            return
        self.turns.append((time.perf_counter() - start) * 1000)
        self._timer.start()

    def _write_next(self) -> None:
        if self._thread is not None or self._pending is None:
            return
        key, path, dialect, binary, pieces, epoch = self._pending
        self._pending = None
        collect_on_gui_thread()  # no garbage collection on the writer thread (see gc_policy)

        def write() -> None:
            try:
                target = self.store.write(key, path, dialect, binary, pieces)
            except OSError as e:
                self._finished.emit(epoch, None, str(e))
            except Exception as e:  # noqa: BLE001 - reported in the status bar, never a crash
                self._finished.emit(epoch, None, f"{type(e).__name__}: {e}")
            else:
                self._finished.emit(epoch, target, None)

        self._writing_key = key
        self._thread = threading.Thread(target=write, name="recovery-writer", daemon=True)
        self._thread.start()

    def _on_finished(self, epoch: int, target: Path | None, error: str | None) -> None:
        thread, key = self._thread, self._writing_key
        if thread is not None:
            thread.join()
        self._thread = self._writing_key = None
        if epoch != self._epoch:
            if key is not None:
                self.store.remove(key)  # saved or discarded while it was written
        elif error is not None:
            self.failed.emit(error)
        elif target is not None:
            self.written.emit(target)
        self._write_next()
