"""Saving a record off the GUI thread, with progress and cancel.

`RecordDocument.save` writes the file, checks that it reads back as the live message and
compares it with what was meant before it replaces the original: for a 200 MB record that is
still most of a second of work (several seconds where a whole record is written anew). `save_document`
runs it on a thread behind a window-modal progress dialog (the window repaints, and cannot be
edited while the message is being written), and hands back what the save returned or raised,
as a plain call would. Cancel stops it before the original is replaced.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QThread, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from editor.i18n import translate
from editor.records.document import RecordDocument, SaveCancelled
from editor.ui.gc_policy import collect_on_gui_thread

#: seconds the save thread may hold the GIL before it hands it to a waiting GUI thread
SWITCH_INTERVAL = 0.0002
#: files up to this size are saved on the GUI thread (well under 100 ms; no dialog flashes)
BACKGROUND_BYTES = 4 << 20


class SaveWorker(QThread):
    """Runs `document.save(path, binary=...)` in a thread.

    Signals (delivered to the GUI thread): `progress(permille)` at most every 250 ms;
    `finished_with(error)`: None on success, else the exception the save raised.
    """

    progress = Signal(int)
    finished_with = Signal(object)

    def __init__(self, document: RecordDocument, path: Path, binary: bool, parent=None, *,
                 replace_changed: bool = False) -> None:
        super().__init__(parent)
        collect_on_gui_thread()  # no garbage collection on this thread (see gc_policy)
        self.document, self.path, self.binary = document, Path(path), binary
        self.replace_changed = replace_changed
        self._cancel = False
        self._last_emit = 0.0

    def cancel(self) -> None:
        """Ask the save to stop at its next progress report (before the original is replaced)."""
        self._cancel = True

    def _report(self, done: int, total: int) -> bool:
        now = time.monotonic()
        # a window-modal QProgressDialog repaints (and processes events) in every setValue:
        # a few updates a second are plenty
        if now - self._last_emit >= 0.25 or done >= total:
            self._last_emit = now
            self.progress.emit(min(1000, done * 1000 // max(total, 1)))
        return not self._cancel

    def run(self) -> None:
        try:
            self.document.save(self.path, binary=self.binary, progress=self._report,
                               replace_changed=self.replace_changed)
        except BaseException as e:  # noqa: BLE001 - handed to the GUI thread, raised there
            self.finished_with.emit(e)
            return
        self.finished_with.emit(None)


def save_document(document: RecordDocument, path: Path, binary: bool, parent: QWidget | None,
                  *, background_bytes: int = BACKGROUND_BYTES, replace_changed: bool = False) -> None:
    """Save like `document.save(path, binary=binary, replace_changed=...)`; big documents on a
    thread with a dialog.

    Raises what the save raised (RecordError, FileChangedError when another program saved
    the file since it was read, SaveCancelled when the user pressed Cancel, ...).
    """
    if document.size_hint <= background_bytes:
        document.save(path, binary=binary, replace_changed=replace_changed)
        return
    dialog = QProgressDialog(translate("Saving", "Saving {name}…").format(name=Path(path).name),
                             translate("Saving", "Cancel"), 0, 1000, parent)
    dialog.setWindowTitle(translate("Saving", "Saving"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    worker = SaveWorker(document, path, binary, parent, replace_changed=replace_changed)
    outcome: list[BaseException | None] = []
    loop = QEventLoop()

    def finished(error: BaseException | None) -> None:
        outcome.append(error)
        loop.quit()

    def cancel() -> None:
        dialog.setLabelText(translate("Saving", "Cancelling the save of {name}…").format(name=Path(path).name))
        worker.cancel()

    worker.progress.connect(dialog.setValue)
    worker.finished_with.connect(finished)
    dialog.canceled.connect(cancel)
    dialog.setValue(0)
    # show (and block the window) before the thread runs: showing a modal dialog sends events
    # to every widget of the window, and with the save thread holding the GIL each Python
    # handler among them would wait for it (measured: ~160 ms instead of ~40)
    dialog.show()
    # and let the window repaint what the last edit changed, also without waiting for the GIL
    for _ in range(3):  # showing posts more work (activation, queued scene updates): let it run
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        QCoreApplication.sendPostedEvents()
    # while the thread runs, every Python call of the GUI thread (a model's data() for each
    # painted cell...) waits until the thread hands over the GIL: by default after 5 ms
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        worker.start()
        if not outcome:
            loop.exec()
        worker.wait()
    finally:
        sys.setswitchinterval(interval)
    dialog.canceled.disconnect(cancel)
    dialog.close()
    dialog.deleteLater()
    worker.deleteLater()
    error = outcome[0]
    if error is not None:
        raise error


__all__ = ["BACKGROUND_BYTES", "SaveCancelled", "SaveWorker", "save_document"]
