"""Opening a record off the GUI thread, with progress and cancel."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QThread, Signal

from editor.i18n import translate
from editor.records.dialects import Dialect
from editor.records.document import LoadCancelled, RecordDocument, RecordError
from editor.ui.gc_policy import collect_on_gui_thread


class LoadWorker(QThread):
    """Runs `RecordDocument.load` in a thread; reports progress, the document or an error.

    Signals (delivered to the GUI thread): `progress(permille)` at most every 50 ms;
    `loaded(document, results)` — `results` holds, for each of `steps`, what it returned
    for the document (or the exception it raised); `repairable(document, error)` when the file only opens with the
    reader's explicit repair (the repaired document and the plain error); `failed(message)`
    with the reader's `FILE:LINE:COL: message`; `cancelled()`.
    """

    progress = Signal(int)
    loaded = Signal(object, object)
    repairable = Signal(object, str)
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, path: Path, dialect: str | Dialect | None = None, *, repair: bool = False,
                 steps: Sequence[Callable[[RecordDocument], object]] = (), parent=None) -> None:
        super().__init__(parent)
        # the thread allocates heavily: no garbage collection may run on it (see gc_policy)
        collect_on_gui_thread()
        #: work on the new document that must not run on the GUI thread (see MainWindow.add_load_step)
        self.steps = list(steps)
        self.path = Path(path)
        self.dialect = dialect
        self.repair = repair
        self._cancel = False
        self._last_emit = 0.0
        #: the reader's error when `failed` was emitted for one (its line and column)
        self.error: RecordError | None = None

    def cancel(self) -> None:
        """Ask the reader to stop at its next progress report."""
        self._cancel = True

    @property
    def cancel_requested(self) -> bool:
        return self._cancel

    def _report(self, done: int, total: int) -> bool:
        now = time.monotonic()
        if now - self._last_emit >= 0.05 or done >= total:
            self._last_emit = now
            self.progress.emit(min(1000, done * 1000 // max(total, 1)))
        return not self._cancel

    def run(self) -> None:
        try:
            document = RecordDocument.load(self.path, self.dialect, repair=self.repair, progress=self._report)
        except LoadCancelled:
            self.cancelled.emit()
            return
        except RecordError as e:
            if self._cancel:
                self.cancelled.emit()
                return
            if not self.repair and e.repairable:  # else a second read could not help: fail at once
                try:
                    repaired = RecordDocument.load(self.path, self.dialect, repair=True, progress=self._report)
                except (RecordError, LoadCancelled):
                    repaired = None
                except Exception:  # noqa: BLE001 - a second opinion must never hide the first error
                    repaired = None
                if repaired is not None and repaired.repairs:
                    self.repairable.emit(repaired, str(e))
                    return
            self.error = e
            self.failed.emit(str(e))
            return
        except MemoryError:
            self.failed.emit(translate("Loading", "{path}: not enough memory to open this file").format(path=self.path))
            return
        except Exception as e:  # noqa: BLE001 - a bad file must end in a message, not a traceback
            self.failed.emit(translate("Loading", "{path}: could not be read ({error})").format(
                path=self.path, error=f"{type(e).__name__}: {e}"))
            return
        results: list[object] = []
        for step in self.steps:
            if self._cancel:
                break
            try:
                results.append(step(document))
            except Exception as e:  # noqa: BLE001 - a failed extra never costs the user the file
                results.append(e)
        if self._cancel:
            self.cancelled.emit()
            return
        self.loaded.emit(document, results)
