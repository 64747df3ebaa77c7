"""File ▸ Export Report…: the review of the open record as one HTML file, the same page as
``record-editor report`` (`editor.report`) — of the record as it is open (unsaved edits
included), with its live problems, the attached model and the record it is compared with.

The page is gathered on the GUI thread behind a modal progress dialog (the record must not
change while it is read; Cancel stops it), then written safely (`editor.report.write_report`).
It reads the record, its problems and its network from the session and the compared record
from the comparison's controller; what it says goes out as `status` for the window to show.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from editor.i18n import translate
from editor.ui.compare.controller import CompareController
from editor.ui.dialogs import Prompter
from editor.ui.session import EditSession

if TYPE_CHECKING:
    from editor.report import ReportRequest


class _Cancelled(Exception):
    pass


class ReportExport(QObject):
    """The action and its work (`export(path)` for scripts and tests): the report of
    `session`'s record, compared with `compare`'s B when one is open; `prompter` asks where
    to write it and says why it could not; the progress dialog is `parent`'s."""

    #: a status bar message and how long to show it (ms)
    status = Signal(str, int)

    def __init__(self, session: EditSession, compare: CompareController, prompter: Prompter,
                 parent: QWidget) -> None:
        super().__init__(parent)
        self.session = session
        self.compare = compare
        self.prompter = prompter
        self.parent_widget = parent
        #: the last file written (None: none yet)
        self.written: Path | None = None

    def request(self) -> ReportRequest | None:
        """The `ReportRequest` of what the window shows now (None: no record open)."""
        from editor.report import ReportRequest

        session = self.session
        doc = session.document
        if doc is None:
            return None
        compare = self.compare
        doc_b = compare.document_b if compare.is_open else None
        path = str(doc.path) if doc.path is not None else translate("MainWindow", "untitled record")
        size = None
        if doc.path is not None:
            try:
                size = doc.path.stat().st_size
            except OSError:
                size = None
        return ReportRequest(
            doc, path, model=session.network, problems=list(session.problems.problems),
            compare=doc_b, compare_path=(str(doc_b.path) if doc_b is not None and doc_b.path is not None
                                         else compare.name_b() or None),
            rtol=compare.rtol, atol=compare.atol, outlier_k=session.problems.outlier_k,
            edited=not session.undo_stack.isClean(), size=size)

    def choose_and_export(self) -> Path | None:
        """Ask where, then export; the file written, or None."""
        doc = self.session.document
        if doc is None:
            return None
        base = doc.path.with_suffix(".html") if doc.path is not None else Path("report.html")
        path = self.prompter.report_file_name(str(base))
        if path is None:
            return None
        return self.export(path)

    def export(self, path: str | Path) -> Path | None:
        """Write the report of what the window shows to `path`; errors are told, not raised."""
        from editor.records.filewrite import WriteError
        from editor.report import gather, write_report
        from editor.report.html import render

        request = self.request()
        if request is None:
            return None
        dialog = QProgressDialog(translate("MainWindow", "Writing the report…"), translate("MainWindow", "Cancel"),
                                 0, 6, self.parent_widget)
        dialog.setWindowTitle(translate("MainWindow", "Export Report"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)

        def progress(done: int, total: int) -> bool:
            dialog.setMaximum(total)
            dialog.setValue(done)
            QApplication.processEvents()
            if dialog.wasCanceled():
                raise _Cancelled
            return True

        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            text = render(gather(request, progress))
            written = write_report(path, text)
        except _Cancelled:
            self.status.emit(translate("MainWindow", "Report not written (cancelled)"), 5000)
            return None
        except WriteError as e:
            self.prompter.error(translate("MainWindow", "Export Report"), translate(
                "MainWindow", "Cannot write {path}: {reason}").format(path=str(path), reason=e.message))
            return None
        finally:
            QApplication.restoreOverrideCursor()
            dialog.close()
            dialog.deleteLater()
        self.written = written
        self.status.emit(translate("MainWindow", "Report written to {path}").format(path=str(written)), 8000)
        return written
