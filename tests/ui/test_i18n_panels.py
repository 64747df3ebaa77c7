"""The Edit dock's panels and the Problems dock in Chinese: every text a user sees there is
translated (issue 14), when the window's translators are installed.

The panels are built over real records with problems in them (so the problem lists, counts
and flags show), in Chinese; then every label, button, group and tab title, header, list
line, tooltip, dialog and status message of them must hold Chinese characters, unless it is
made only of what stays as it is: field names, layer and node names, rule ids, numbers.
Left out on purpose: the field editors (their values; their tooltips and the field labels'
are the field help's) and the column tooltips of record fields (field help as well).
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf.descriptor import Descriptor
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QTabWidget,
    QWidget,
)

from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from editor.records.messages import prune_records
from editor.records.problems import Severity
from editor.records.rules import RULES
from editor.ui.i18n import install_language, uninstall_language
from editor.ui.panels import ProblemsDock, RecordPanels
from editor.ui.panels.channel_table import ChannelTableModel
from editor.ui.panels.layer_panel import SetFromRangeDialog
from editor.ui.panels.problems_dock import short_message
from editor.ui.panels.prune_panel import PruneTableModel, RangeDialog
from editor.ui.session import EditSession
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import make_session, small_record

CJK = re.compile(r"[\u4e00-\u9fff]")
NUMBER = re.compile(r"(?<![\w.])[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?(?![\w])")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _field_names(descriptor: Descriptor, seen: set[str]) -> set[str]:
    names: set[str] = set()
    if descriptor.full_name in seen:
        return names
    seen.add(descriptor.full_name)
    for f in descriptor.fields:
        names.add(f.name)
        if f.message_type is not None:
            names |= _field_names(f.message_type, seen)
    return names


def _vocabulary(*sessions: EditSession) -> set[str]:
    """The words that stay English in Chinese: field names of every dialect, the records'
    layer and node names (in parts), rule ids, data types."""
    words: set[str] = set()
    seen: set[str] = set()
    for d in DIALECTS.values():
        words |= _field_names(d.descriptor, seen)
    for rule in RULES:
        words |= set(WORD.findall(rule))
    for s in sessions:
        for entry in s.message.record:
            words |= set(WORD.findall(entry.key))
        for prune in getattr(s.message, "prune_record", ()):
            for node in (*prune.producer, *prune.consumer):
                words |= set(WORD.findall(node.name))
                words |= {a.name for a in node.attr}
                words |= {w for a in node.attr for w in WORD.findall(a.s.decode("utf-8", "replace"))}
    return words | {"INT4", "INT6", "INT7", "INT8", "INT16"}


def untranslated(texts: list[tuple[str, str]], vocabulary: set[str],
                 session: EditSession | None = None) -> list[tuple[str, str]]:
    """The (where, text) pairs with an English word and no Chinese character. The rule
    messages of `session`'s problems are the rules' area (editor.records) and left out."""
    foreign = set()
    for p in session.problems.problems if session is not None else ():
        foreign |= {p.message, short_message(p)}
    out = []
    for where, text in texts:
        if text in foreign:
            continue
        plain = NUMBER.sub(" ", re.sub(r"<[^>]+>", " ", text))
        if any(w not in vocabulary for w in WORD.findall(plain)) and not CJK.search(text):
            out.append((where, text))
    return out


@pytest.fixture
def chinese(qapp) -> Iterator[None]:
    """The window's zh_CN: every area's .qm and Qt's own installed, `translate` and the
    field help answering in Chinese (`editor.ui.i18n.install_language`)."""
    loaded = install_language("zh_CN")
    assert any(p.name == "panels_zh_CN.qm" for p in loaded), loaded
    try:
        yield
    finally:
        uninstall_language()


def _model_texts(model: QAbstractItemModel, where: str) -> Iterator[tuple[str, str]]:
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)
    for c in range(model.columnCount()):
        yield f"{where} header {c}", str(model.headerData(c, Qt.Orientation.Horizontal) or "")
        derived = isinstance(model, ChannelTableModel) and c >= len(model.vectors)
        if derived:  # a record field's column tooltip is the field help's
            yield f"{where} header tooltip {c}", str(model.headerData(c, Qt.Orientation.Horizontal, roles[1]) or "")

    def rows(parent: QModelIndex, depth: int) -> Iterator[tuple[str, str]]:
        for r in range(min(model.rowCount(parent), 40)):
            for c in range(model.columnCount(parent)):
                index = model.index(r, c, parent)
                for role in roles:
                    value = model.data(index, role)
                    if isinstance(value, str) and value:
                        yield f"{where} cell {depth}:{r}:{c} role {int(role)}", value
            if depth == 0:
                yield from rows(model.index(r, 0, parent), 1)

    yield from rows(QModelIndex(), 0)


def _inside(w: QObject | None, skip: set[QWidget]) -> bool:
    """Whether `w` is one of `skip` or inside one (a combo box's popup list included)."""
    while w is not None:
        if w in skip:
            return True
        w = w.parent()
    return False


def texts_of(root: QWidget, skip: set[QWidget]) -> list[tuple[str, str]]:
    """Every text `root` shows a user (but those of the widgets in `skip` and inside them)."""
    out: list[tuple[str, str]] = []
    for w in [root, *root.findChildren(QWidget)]:
        if _inside(w, skip):
            continue
        name = f"{type(w).__name__} {w.objectName()}".strip()
        if isinstance(w, QLabel):
            out.append((name, w.text()))
            if w.toolTip() and not WORD.fullmatch(w.text()):  # a field's label: the field help's tooltip
                out.append((name + " tooltip", w.toolTip()))
        elif w.toolTip():
            out.append((name + " tooltip", w.toolTip()))
        if isinstance(w, QAbstractButton):
            out.append((name, w.text()))
        if isinstance(w, QGroupBox):
            out.append((name, w.title()))
        if isinstance(w, QTabWidget):
            out += [(f"{name} tab {i}", w.tabText(i)) for i in range(w.count())]
        if isinstance(w, QDockWidget | QDialog):
            out.append((name + " title", w.windowTitle()))
        if isinstance(w, QComboBox):
            out += [(f"{name} item {i}", w.itemText(i)) for i in range(w.count())]
        if isinstance(w, QListWidget):
            out += [(f"{name} item {i}", w.item(i).text()) for i in range(w.count())]
        if isinstance(w, QAbstractItemView) and not isinstance(w, QListWidget | QHeaderView) \
                and w.model() is not None:
            out += list(_model_texts(w.model(), name))
    return [(where, text) for where, text in out if text.strip()]


def _editors(panels: RecordPanels) -> set[QWidget]:
    lp = panels.layer_panel
    return {lp.key_edit, *lp.fields.values()}  # type: ignore[arg-type]


def _caffe_session() -> EditSession:
    """ResNet-50's Caffe record with an error (offset_w) and a warning (a tiny scale_d) on conv1."""
    doc = RecordDocument.load(RESNET50_CAFFE)
    value = doc.message.record[0].value
    value.offset_w[3] = 5
    value.scale_d = 1e-9
    session = EditSession()
    session.set_message(doc.message, doc.dialect)
    return session


def test_the_layer_panel_and_the_problems_dock_speak_chinese(qtbot, chinese, tmp_path):
    session = _caffe_session()
    panels = RecordPanels(session)
    dock = ProblemsDock(session)
    for w in (panels, dock):
        qtbot.addWidget(w)
    messages: list[str] = []
    panels.message.connect(messages.append)
    assert panels.hint.text() and CJK.search(panels.hint.text())
    session.selection.select(("record", 0), source="tree")
    panels.resize(900, 700)
    panels.show()
    dock.resize(900, 300)
    dock.show()
    lp = panels.layer_panel
    assert panels.current_panel() is lp and lp.problem_list.count() == 2

    words = _vocabulary(session)
    texts = texts_of(panels, _editors(panels)) + texts_of(dock, set())
    assert len(texts) > 40, texts  # the walk found the panel's parts
    assert untranslated(texts, words, session) == []
    assert "该层的问题：" in lp.problems_title.text() and "1 个错误" in lp.problems_title.text()
    infos = dock.counts()[Severity.INFO]
    assert dock.windowTitle() == f"问题（{2 + infos}）"
    assert dock.summary() == f"1 个错误，1 个警告，{infos} 条提示"
    assert dock.toggles[Severity.ERROR].text() == "1 个错误"
    # the panel and the Where column name the layer: its messages do not again, in Chinese too
    error = lp.problem_list.item(0)
    assert error.text().startswith("错误：offset_w[3] = 5") and error.toolTip().startswith('层 "conv1"：')
    pm = dock.problems_model
    assert pm.data(pm.index(0, 0, pm.index(0, 0))).startswith("offset_w[3] = 5")
    # I18N_SHOTS=FOLDER keeps the screenshots to look at (a CJK font must be installed: fonts-noto-cjk)
    shot = Path(os.environ.get("I18N_SHOTS", tmp_path)) / "panels_layer_zh_CN.png"
    assert panels.grab().save(str(shot)) and dock.grab().save(str(shot.with_name("problems_dock_zh_CN.png")))

    dialog = SetFromRangeDialog(lp, lp)
    qtbot.addWidget(dialog)
    assert untranslated(texts_of(dialog, {dialog.lo, dialog.hi}), words, session) == []

    # what an action says in the status bar, and the undo step it makes (Edit ▸ Undo …)
    lp.weights.delete_selected()
    assert messages[-1] == "请先选择要删除的通道"
    assert lp.set_from_range(-1.0, 3.0)
    assert CJK.search(session.undo_stack.text(0)), session.undo_stack.text(0)
    assert lp.weights_model.add_channel("output")
    assert session.undo_stack.text(1).startswith("为 ")


def test_the_prune_panel_speaks_chinese(qtbot, chinese, tmp_path):
    message = small_record()
    end = next(a for a in prune_records(message)[0].consumer[0].attr if a.name == "end")
    end.i = 6  # a width that does not match the producer's: a flag and a problem
    session = make_session(message)
    panels = RecordPanels(session)
    qtbot.addWidget(panels)
    messages: list[str] = []
    panels.message.connect(messages.append)
    session.selection.select(("prune_record", 0), source="tree")
    panels.resize(700, 500)
    panels.show()
    pp = panels.prune_panel
    assert panels.current_panel() is pp and pp.problem_list.count() >= 1

    words = _vocabulary(session)
    tm = pp.table_model
    role_tips = re.compile(rf"cell 0:\d+:0 role {int(Qt.ItemDataRole.ToolTipRole)}$")
    texts = [(w, t) for w, t in texts_of(panels, _editors(panels))
             if not role_tips.search(w)]  # what producer and consumer are: the field help's
    assert untranslated(texts, words, session) == []
    assert tm.headerData(PruneTableModel.WIDTH, Qt.Orientation.Horizontal) == "宽度"
    assert "宽度 6 与 producer 的 8 不同" in tm.data(tm.index(1, PruneTableModel.WIDTH), Qt.ItemDataRole.ToolTipRole)
    assert "稀疏记录 0" in pp.title.text()

    shot = Path(os.environ.get("I18N_SHOTS", tmp_path)) / "panels_prune_zh_CN.png"
    assert panels.grab().save(str(shot))

    dialog = RangeDialog(0, 8, pp)
    qtbot.addWidget(dialog)
    assert untranslated(texts_of(dialog, {dialog.begin, dialog.end}), words, session) == []

    pp.delete_current()
    assert messages[-1] == "请先选择要删除的节点"
    assert pp.set_range_all(0, 8)
    assert session.undo_stack.text(0) == "将稀疏记录 0 的通道范围设为 [0, 8)"


def test_english_stays_english_without_translators(qtbot):
    """No translator installed (the tests' default, `C` locale): the texts are the English sources."""
    session = _caffe_session()
    panels = RecordPanels(session)
    qtbot.addWidget(panels)
    session.selection.select(("record", 0), source="tree")
    texts = texts_of(panels, _editors(panels))
    assert not [t for t in texts if CJK.search(t[1])]
    assert panels.layer_panel.problems_title.text().startswith("Problems of this layer: ")


def test_the_line_about_the_attached_network_speaks_chinese(qtbot, chinese, tmp_path):
    """The layer panel's model line: how scale_w compares with AMCT's ARQ value from the weights."""
    from editor.models import load_model
    from editor.models import synth as model_synth
    from tests.ui.kit import PLANTED, WASTEFUL, fitted_record

    model_path = tmp_path / "net.onnx"
    model_synth.onnx_convnet(model_path, seed=2)
    model = load_model(model_path)
    message = fitted_record(model)
    conv1 = next(e for e in message.record if e.key == "conv1")
    conv1.value.scale_w[PLANTED] = conv1.value.scale_w[PLANTED] / 4
    conv1.value.scale_w[WASTEFUL] = conv1.value.scale_w[WASTEFUL] * 3
    session = make_session(message, "pytorch")
    session.set_network(model)
    panels = RecordPanels(session)
    qtbot.addWidget(panels)
    session.selection.select(("record", list(message.record).index(conv1)), source="tree")
    line = panels.layer_panel.model_label.text()
    assert "scale_w 与按权重算出的 ARQ 值之比：最差 [5] ×0.25" in line
    assert "（共 16 个通道，其中 1 个通道的权重被截断，1 个通道浪费量化级）" in line
