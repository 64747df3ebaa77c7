"""The plots in Chinese: with the plots' compiled translations (and Qt's own) installed, every
text a user sees in the Overview, Layers, Channels, Prune ranges and Graph tabs — tab titles,
toolbar actions and their tips, menus (the right-click menus pyqtgraph builds included),
labels, legends, table headers, axis labels, hover texts — is Chinese, except field names,
numbers and layer names. A text that does not go through `translate`, or whose entry in
``resources/i18n/plots_zh_CN.ts`` is missing or unfinished, fails here.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo, Qt, QTranslator
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenu, QTableView, QTabWidget, QWidget

from editor import i18n
from editor.records.document import RecordDocument
from editor.ui.plots import PlotsPanel
from editor.ui.plots.layers_table import PROBLEMS
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import make_session, sample_session

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
#: numbers, symbols and formulas: nothing to translate
SYMBOLS = re.compile(r"^[\s\d.,:;=±×·\-−–—+*/()\[\]{}<>%|…^a-z]{0,3}[\s\d.,:;=±×·\-−–—+*/()\[\]{}<>%|…^]*$")
#: field names of the record and other words that stay as they are in every language
FIELD_NAMES = {"scale_w", "scale_d", "offset_d", "shift_bit", "key", "tensor_balance_factor",
               "scale_w/ARQ", "scale_w / ARQ"}


def _plain(text: str) -> str:
    if "<" in text:
        doc = QTextDocument()
        doc.setHtml(text)
        text = doc.toPlainText()
    return text.replace("\u00a0", " ").strip()


def untranslated(found: list[tuple[str, str]], names: set[str]) -> list[tuple[str, str]]:
    """The (where, text) of `found` that are not Chinese and not a field name, number or
    one of `names` (layer keys, node names, axis formulas …)."""
    out = []
    for where, raw in found:
        text = _plain(raw)
        if not text or CJK.search(text) or text in FIELD_NAMES or text in names or SYMBOLS.match(text):
            continue
        if re.fullmatch(r"±\d+·scale_w", text):  # the weight range row's axis: a formula
            continue
        out.append((where, text))
    return out


def _menu_texts(menu: QMenu, where: str) -> Iterator[tuple[str, str]]:
    yield f"{where} menu", menu.title()
    for action in menu.actions():
        yield f"{where} menu item", action.text()
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from _menu_texts(sub, where)


def visible_texts(root: QWidget) -> list[tuple[str, str]]:
    """Every text of `root` and its children a user can see or hover: (where, text)."""
    found: list[tuple[str, str]] = []
    actions = {*root.findChildren(QAction), *root.actions()}
    for w in root.findChildren(QWidget):
        actions.update(w.actions())
    for a in actions:
        if a.isSeparator():
            continue
        found += [("action", a.text()), ("action tooltip", a.toolTip()), ("action status tip", a.statusTip())]
        sub = a.menu()
        if isinstance(sub, QMenu):
            found += list(_menu_texts(sub, "action"))
    for menu in root.findChildren(QMenu):
        found += list(_menu_texts(menu, "child"))
    for label in root.findChildren(QLabel):
        found += [("label", label.text()), ("label tooltip", label.toolTip())]
    for button in root.findChildren(QAbstractButton):
        found += [("button", button.text()), ("button tooltip", button.toolTip())]
    for tabs in [root, *root.findChildren(QTabWidget)]:
        if isinstance(tabs, QTabWidget):
            found += [("tab", tabs.tabText(i)) for i in range(tabs.count())]
    for view in root.findChildren(QTableView):
        model = view.model()
        for c in range(model.columnCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                text = model.headerData(c, Qt.Orientation.Horizontal, role)
                if isinstance(text, str):
                    found.append(("table header", text))
    for plot in root.findChildren(pg.GraphicsView):
        for item in plot.scene().items():
            if isinstance(item, pg.PlotItem):
                found += list(_menu_texts(item.vb.menu, "plot"))
                found += list(_menu_texts(item.ctrlMenu, "plot"))
                for side in ("left", "bottom"):
                    axis = item.getAxis(side)
                    if axis.isVisible():
                        found.append(("axis label", axis.labelText))
        found += [("plot menu item", a.text()) for a in plot.scene().contextMenu]
    return found


@pytest.fixture
def chinese(qapp):
    """The plots' translations and Qt's own for zh_CN, answering `editor.i18n.translate`."""
    translators = []
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for folder, name in ((str(i18n.translations_dir()), "plots_zh_CN"), (qt_dir, "qtbase_zh_CN")):
        t = QTranslator()
        assert t.load(name, folder), f"{name}.qm not found in {folder}"
        QCoreApplication.installTranslator(t)
        translators.append(t)
    i18n.set_backend(QCoreApplication.translate)
    yield
    i18n.set_backend(None)
    for t in translators:
        QCoreApplication.removeTranslator(t)


def _panel(qtbot, session) -> PlotsPanel:
    panel = PlotsPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1400, 800)
    panel.show()
    return panel


def test_the_plots_of_a_real_record_speak_chinese(qtbot, chinese):
    doc = RecordDocument.load(RESNET50_CAFFE)
    session = make_session()
    panel = _panel(qtbot, session)
    session.set_document(doc)
    panel.overview.flush()
    keys = {e.key for e in doc.message.record}
    layer = max(range(len(doc.message.record)), key=lambda i: len(doc.message.record[i].value.scale_w))
    session.selection.select(("record", layer))
    panel.setCurrentWidget(panel.channels)
    panel.channels.flush()
    panel.channels.set_span(0, 3)

    assert panel.tabText(panel.indexOf(panel.channels)) == "通道"
    assert untranslated(visible_texts(panel), keys) == []
    # what the hover and the status line say, and the undo step a span edit pushes
    assert CJK.search(panel.channels.describe("scale_w", 0))
    assert CJK.search(panel.overview.describe(layer))
    assert panel.channels.multiply_span(2.0) is None
    assert session.undo_stack.undoText().startswith("将层 ")
    assert CJK.search(panel.channels.info.text())
    assert panel.channels.multiply_span(float("nan")) is not None
    assert panel.channels.info.text().startswith("未修改：")
    problems = [panel.layers.model.text(i, PROBLEMS) for i in range(len(keys))]
    assert all(CJK.search(t) for t in problems if t)


def test_the_prune_ranges_speak_chinese(qtbot, chinese):
    session = sample_session("resnet_tf_inner_prune.txt")
    panel = _panel(qtbot, session)
    panel.setCurrentWidget(panel.prune)
    view = panel.prune
    view.refresh()
    names = {b.name for b in view.layout_data.bars} | {e.key for e in session.message.record}
    assert panel.isTabVisible(panel.indexOf(view))
    assert untranslated(visible_texts(view), names) == []
    assert all(CJK.search(t) for t in view.layout_data.headers.values())
    assert CJK.search(view.describe(view.layout_data.bars[0]))


def test_without_a_translator_the_plots_stay_english(qtbot):
    """The source language: the tests of the other plot files rely on it."""
    session = sample_session("resnet_tf_inner_prune.txt")
    panel = _panel(qtbot, session)
    assert [panel.tabText(i) for i in range(panel.count())] == ["Overview", "Layers", "Channels", "Prune ranges", "Graph"]
    assert not any(CJK.search(_plain(t)) for _w, t in visible_texts(panel))
