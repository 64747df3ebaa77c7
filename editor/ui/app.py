"""Starting the GUI: `run_gui` is what `record-editor [FILE]` and `python -m editor` call."""
from __future__ import annotations

import gc
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from editor.i18n import translate
from editor.paths import default_sample
from editor.ui import i18n as ui_i18n
from editor.ui.i18n import install_from_settings
from editor.ui.main_window import APP_NAME, MainWindow


def application() -> QApplication:
    """The QApplication (created once, named so QSettings finds the editor's settings)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName("AMCT Record Editor")
    app.setApplicationName(APP_NAME)
    return app


def freeze_startup_objects() -> None:
    """Leave what exists now (modules, classes: alive until exit anyway) out of every later
    full garbage collection.

    With PySide6 and pyqtgraph imported there are about 75 000 such objects and a full
    collection takes 40-50 ms to walk them, on whichever thread allocates: the GUI thread
    freezes that long (or waits as long for the GIL) every few seconds of a big open.
    """
    gc.collect()
    gc.freeze()


def create_window(path: str | None = None, dialect: str | None = None, *,
                  settings: QSettings | None = None, repair: bool = False, model: str | None = None,
                  weights: str | None = None, compare: str | None = None, **kwargs) -> MainWindow:
    """A shown main window that offers crash recovery and starts opening `path`.

    Without `path` it opens the bundled sample named in the README (when installed).
    `repair` opens `path` with the reader's documentation-artefact repair (`--repair`);
    `compare` is compared with it once it is open (`--compare B`).
    `model` (with `weights`, a Caffe net's) is attached to the record once it is open
    (`--model`), instead of the model remembered for it.
    """
    window = MainWindow(settings, **kwargs)
    window.show()
    window.banners.offer_recovery()
    target = Path(path) if path else default_sample()
    if path or target.is_file():
        if model is not None:
            window.models.attach_after_open(model, weights)
        if compare:
            window.compare.compare_after_load(compare)
        window.open_path(target, dialect, repair=repair)
    else:
        window.statusBar().showMessage(
            translate("MainWindow", "The bundled sample is missing ({path}); use File ▸ Open").format(path=target), 10000)
    return window


def tell_font_fallback(window: QWidget) -> QMessageBox | None:
    """The language asked for had no font and English stands in (`ui.i18n.fell_back_from`):
    say so on stderr and in a message box beside the window, with how to install one."""
    code = ui_i18n.fell_back_from
    if code is None:
        return None
    note = ui_i18n.font_note(code)
    print(note, file=sys.stderr)
    box = QMessageBox(QMessageBox.Icon.Information, translate("LanguageMenu", "No font for the language"),
                      note, QMessageBox.StandardButton.Ok, window)
    box.setModal(False)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.show()
    return box


def run_gui(path: str | None = None, dialect: str | None = None, *, repair: bool = False,
            model: str | None = None, weights: str | None = None, compare: str | None = None) -> int:
    """Open the editor window on `path` (or the bundled sample), with `model` attached and
    compared with `compare` if given, and run until it is closed."""
    app = application()
    install_from_settings(QSettings())  # before any widget: they take their texts when built
    freeze_startup_objects()
    window = create_window(path, dialect, repair=repair, model=model, weights=weights, compare=compare)
    tell_font_fallback(window)
    code = app.exec()
    # Destroy every widget while the QApplication is still there: pyqtgraph widgets left for
    # the interpreter's teardown can crash PySide6 6.12 on exit. `del window` alone does not
    # destroy the window (its signal connections keep it alive), and pyqtgraph's view-box
    # menus have no parent widget: they go when the collector frees their plots.
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    del window
    gc.collect()
    return code
