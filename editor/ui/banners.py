"""The messages across the top of the editor window: the file changed or vanished on disk,
unsaved edits survived a crash (`Banner`, and `WindowBanners`, the window's part that shows them).

`WindowBanners` works with the session (the document, its undo stack), the documents
controller (the disk watch, reload, crash recovery) and the layout the banners go in; what it
has to say in passing goes out as `status` for the window's status bar.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QBoxLayout, QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from editor.i18n import translate
from editor.ui.document_controller import DocumentController
from editor.ui.recovery import RecoveryInfo
from editor.ui.session import EditSession

#: recovery files that failed their check shown one banner each; the rest in one line
SET_ASIDE_SHOWN = 3


class Banner(QFrame):
    """A message across the top of the window with a few buttons (file changed, recovery…)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#banner { background: #fff4ce; border: 1px solid #e0c060; }"
                           "#banner QLabel { color: #3b2f00; }")
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.label, 1)
        #: the buttons by their English name (what scripts and tests ask for, whatever the language)
        self.buttons: dict[str, QPushButton] = {}

    def add_button(self, name: str, text: str, slot: Callable[[], None], *, closes: bool = True) -> QPushButton:
        """A button showing `text` (translated), found in `buttons` as `name`."""
        button = QPushButton(text)
        button.clicked.connect(lambda: self._clicked(slot, closes))
        self._layout.addWidget(button)
        self.buttons[name] = button
        return button

    def _clicked(self, slot: Callable[[], None], closes: bool) -> None:
        if closes:
            self.hide()
            self.deleteLater()
        slot()


class WindowBanners(QObject):
    """The banners of the editor window: the file on disk changed or was deleted (shown
    when `documents` says so, gone when another document comes), and edits kept by crash
    recovery (`offer_recovery`). They go in `area`, top to bottom."""

    #: a status bar message and how long to show it (ms)
    status = Signal(str, int)

    def __init__(self, session: EditSession, documents: DocumentController, area: QBoxLayout,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.documents = documents
        self.area = area
        #: the banner saying the file changed or vanished on disk (None: none shown)
        self.disk_banner: Banner | None = None
        documents.diskChanged.connect(self.show_disk_banner)
        session.documentChanged.connect(lambda _document: self.close_disk_banner())

    def show_disk_banner(self, what: str) -> None:
        """Say the open file changed (`what` "changed": Reload or Keep Mine) or is gone
        ("deleted") on disk."""
        doc = self.session.document
        if doc is None or doc.path is None:
            return
        self.close_disk_banner()
        if what == "deleted":
            banner = Banner(translate("MainWindow", "{name} was deleted or moved on disk. Your copy is still "
                                                    "open; Save writes it back.").format(name=doc.path.name))
            banner.add_button("OK", translate("MainWindow", "OK"), lambda: None)
        else:
            if self.session.undo_stack.isClean():
                text = translate("MainWindow", "{name} changed on disk (was AMCT run again?).")
            else:
                text = translate("MainWindow", "{name} changed on disk (was AMCT run again?). "
                                               "Reloading drops your unsaved edits.")
            banner = Banner(text.format(name=doc.path.name))
            banner.add_button("Reload", translate("MainWindow", "Reload"), self._reload_from_banner)
            banner.add_button("Keep Mine", translate("MainWindow", "Keep Mine"), self._keep_mine)
        self.disk_banner = banner
        self.area.addWidget(banner)

    def _reload_from_banner(self) -> None:
        self.disk_banner = None
        self.documents.reload_from_disk()

    def _keep_mine(self) -> None:
        self.disk_banner = None
        # the next Save still asks before overwriting the newer file
        self.status.emit(translate("MainWindow", "Kept your version; Save will ask before overwriting the file"),
                         8000)

    def close_disk_banner(self) -> None:
        """Take the disk banner away (another document came)."""
        if self.disk_banner is not None:
            self.disk_banner.hide()
            self.disk_banner.deleteLater()
            self.disk_banner = None

    def offer_recovery(self) -> list[RecoveryInfo]:
        """Show a banner for each record whose unsaved edits survived a crash."""
        found = self.documents.recovery.list()
        aside = self.documents.recovery.set_aside
        for _file, why in aside[:SET_ASIDE_SHOWN]:  # damaged: never applied, but said
            banner = Banner(translate("MainWindow", "Unsaved edits could not be recovered: {why}").format(why=why))
            banner.add_button("Dismiss", translate("MainWindow", "Dismiss"), lambda: None)
            self.area.addWidget(banner)
        if len(aside) > SET_ASIDE_SHOWN:  # one line for the rest, not a window full of banners
            banner = Banner(translate("MainWindow", "{count} more recovery files could not be used; they were set "
                                      "aside in {folder}").format(count=len(aside) - SET_ASIDE_SHOWN,
                                                                  folder=self.documents.recovery.folder))
            banner.add_button("Dismiss", translate("MainWindow", "Dismiss"), lambda: None)
            self.area.addWidget(banner)
        for info in found:
            if info.source_changed():
                text = translate("MainWindow", "Unsaved edits of {what} were kept when the editor did not close "
                                               "normally. The file changed on disk since then.")
            else:
                text = translate("MainWindow", "Unsaved edits of {what} were kept when the editor did not close "
                                               "normally.")
            banner = Banner(text.format(what=info.describe()))
            banner.add_button("Restore", translate("MainWindow", "Restore"),
                              partial(self.documents.restore_recovery, info))
            banner.add_button("Discard", translate("MainWindow", "Discard"),
                              partial(self.documents.discard_recovery, info))
            banner.setObjectName("banner")
            banner.setProperty("recovery", str(info.file))
            self.area.addWidget(banner)
        return found
