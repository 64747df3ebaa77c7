"""The record's dialect follows the attached model, in the window.

A text record's dialect is told from its field names alone, and a Caffe record without
``channels/height/width`` (or a PyTorch record) uses only names TF-inner has too, so it opens
as TF-inner. An attached model is evidence of the dialect (`model_review.model_dialect`): a
Caffe net makes the record Caffe, a TensorFlow graph TensorFlow, an ONNX model PyTorch or
ONNX. When the model says another dialect than the record was read in, `DialectOffer` shows
a banner offering to read the record in the model's dialect; accepting is one undo step
(`ReadInDialectCommand`) that reads the file's text in that dialect — with the edits made so
far — and keeps the model attached. Undo reads it as before. File ▸ Read As Dialect remains
the way to read it in any other dialect (it reopens the file).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand

from editor.i18n import translate
from editor.records.dialects import get_dialect
from editor.records.document import RecordDocument, RecordError
from editor.records.model_review import model_dialect, read_in
from editor.ui.banners import Banner

if TYPE_CHECKING:
    from PySide6.QtWidgets import QVBoxLayout

    from editor.ui.session import EditSession


class ReadInDialectCommand(QUndoCommand):
    """One undo step: the record read in another dialect (`EditSession.swap_document`)."""

    def __init__(self, session: EditSession, before: RecordDocument, after: RecordDocument, text: str) -> None:
        super().__init__(text)
        self.session = session
        self.before = before
        self.after = after

    def redo(self) -> None:
        self.session.swap_document(self.after)

    def undo(self) -> None:
        self.session.swap_document(self.before)


def offered_dialect(session: EditSession) -> str | None:
    """The dialect the attached model says the open record is, when it was read in another
    (None: no model, no text record, or its dialect already fits)."""
    model, doc, message = session.network, session.document, session.message
    if model is None or doc is None or message is None or doc.binary or session.dialect is None:
        return None
    keys = [e.key for e in message.record] if "record" in message.DESCRIPTOR.fields_by_name else []
    return model_dialect(session.dialect, model.framework, keys)


def follow_command(session: EditSession, dialect: str) -> ReadInDialectCommand | str:
    """The undo step reading the open record in `dialect`, or why it cannot be read so."""
    doc = session.document
    if doc is None or session.dialect is None:
        return translate("DialectFollow", "no record is open")
    target = get_dialect(dialect)
    # unedited since read or saved: the file's text as it is; else the record with its edits
    edited = None if session.undo_stack.isClean() else session.message
    try:
        after = read_in(doc, target, edited)
    except RecordError as e:
        return translate("DialectFollow", "The record does not read as {dialect}: {why}").format(
            dialect=target.name, why=e.message)
    text = translate("DialectFollow", "Read as {dialect}, the model's dialect").format(dialect=target.name)
    return ReadInDialectCommand(session, doc, after, text)


class DialectOffer(QObject):
    """The banner offering to read the record in the attached model's dialect (the window's)."""

    def __init__(self, session: EditSession, area: QVBoxLayout, status, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.area = area
        #: status(text, ms): what the window's status bar shows
        self.status = status
        self.banner: Banner | None = None
        session.networkChanged.connect(lambda _model: self.refresh())
        session.documentChanged.connect(lambda _doc: self.refresh())
        session.dialectChanged.connect(lambda _dialect: self.refresh())

    def refresh(self) -> None:
        """Show the offer when the model says another dialect, hide it otherwise."""
        target = offered_dialect(self.session)
        if target is None or self.session.read_only:
            self.close()
            return
        if self.banner is not None and self.banner.property("dialect") == target:
            return
        self.close()
        model = self.session.network
        assert model is not None and self.session.dialect is not None
        d = get_dialect(target)
        banner = Banner(translate(
            "DialectFollow", "{framework} model {model}: the record was read as {current} from its field names "
                             "alone. Read it as {dialect}, the model's dialect? One undo step; the file is not "
                             "changed until you save.").format(
            model=model.path.name, framework=model.title, current=self.session.dialect.name, dialect=d.name))
        banner.setToolTip(d.shown_description)
        banner.setProperty("dialect", target)
        banner.add_button("Read", translate("DialectFollow", "Read as {dialect}").format(dialect=d.name),
                          lambda: self.accept(target))
        banner.add_button("Keep", translate("DialectFollow", "Keep {dialect}").format(
            dialect=self.session.dialect.name), self._dismissed)
        self.banner = banner
        self.area.addWidget(banner)

    def accept(self, dialect: str) -> None:
        """Read the record in `dialect` as one undo step (the banner's Read as …)."""
        self.banner = None
        got = follow_command(self.session, dialect)
        if isinstance(got, str):
            self.status(got, 10000)
            return
        self.session.push(got)
        self.status(got.text(), 5000)

    def _dismissed(self) -> None:
        self.banner = None

    def close(self) -> None:
        if self.banner is not None:
            self.banner.hide()
            self.banner.deleteLater()
            self.banner = None
