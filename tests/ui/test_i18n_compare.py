"""The comparison in Chinese (issue 14): with the compare area's translations installed, every
text a user sees of Compare ▸ …, the Differences tab, the status bar, Take from B's messages
and undo texts, the tree's marks and the Channels overlay is Chinese — only names stay as
they are (field names, layer keys, dialect names, file names, rtol/atol, numbers, A and B).

Also: resources/i18n/compare_zh_CN.ts holds exactly the texts of editor/ui/compare, each
with a finished translation keeping its {placeholders} and & accelerator."""
from __future__ import annotations

import re
import shutil
import string
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf import text_format
from PySide6.QtCore import QCoreApplication, QLibraryInfo, Qt, QTranslator
from PySide6.QtWidgets import QLabel, QLineEdit, QMenu

from editor import i18n
from editor.records.dialects import DIALECTS
from editor.records.document import RecordDocument
from tests.conftest import RESNET50_CAFFE
from tests.ui.kit import open_and_wait

REPO = Path(__file__).resolve().parents[2]
TS = REPO / "resources" / "i18n" / "compare_zh_CN.ts"
RECORDS_TS = REPO / "resources" / "i18n" / "records_zh_CN.ts"
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")
#: a word of a language with letters (English left untranslated)
WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]+")
#: words that are names, never translated (besides the record's own keys and field names)
#: texts whose Chinese is written with symbols only: "2 of 16" channels is "2/16"
SYMBOLIC = {("DiffRows", "{k} of {n}")}
NAMES = {"rtol", "atol", "nan", "inf", "producer", "Ctrl", "Shift", "F7", "regex"}


@pytest.fixture
def chinese() -> Iterator[None]:
    """The compare area's .qm, the records area's (the Differences table's rows, Take from B and
    the undo texts are Qt-free: editor/records/diff, editor/records/edits) and Qt's own
    qtbase_zh_CN installed, `translate` going through Qt."""
    app = QCoreApplication.instance()
    assert app is not None
    ours, records, qt = QTranslator(), QTranslator(), QTranslator()
    assert ours.load(str(TS.with_suffix(".qm"))), "compile it: python -m scripts.update_translations"
    assert records.load(str(RECORDS_TS.with_suffix(".qm")))
    qt.load("qtbase_zh_CN", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    for t in (ours, records, qt):
        app.installTranslator(t)
    i18n.set_backend(QCoreApplication.translate)
    try:
        yield
    finally:
        i18n.set_backend(None)
        for t in (ours, records, qt):
            app.removeTranslator(t)


def _untranslated(texts: list[tuple[str, str]], names: set[str]) -> list[tuple[str, str]]:
    """The (where, text) whose text has a word that is not a name and no Chinese character."""
    out = []
    for where, text in texts:
        if not text or CJK.search(text):
            continue
        words = [w for w in WORD.findall(text.replace("&", "")) if w not in names]
        if words:
            out.append((where, text))
    return out


def _b_with_differences(a: Path, tmp_path: Path) -> Path:
    """B: A with a channel and a scale_d changed, a layer A has left out, a layer of its own."""
    message = RecordDocument.load(a).message
    message.record[2].value.scale_w[1] *= 2
    message.record[4].value.scale_d *= 1.5
    del message.record[7]
    extra = message.record.add()
    extra.CopyFrom(message.record[0])
    extra.key = "only_in_b"
    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(message), encoding="utf-8")
    return b


@pytest.fixture
def compared_zh(qtbot, tmp_path, env, chinese):
    """A window in Chinese, the real Caffe record open as A and compared with `_b_with_differences`."""
    a = tmp_path / "a.txt"
    shutil.copyfile(RESNET50_CAFFE, a)
    window = env()
    open_and_wait(qtbot, window, a)
    b = _b_with_differences(a, tmp_path)
    c = window.compare.controller
    with qtbot.waitSignal(c.opened, timeout=30000):
        assert window.compare.compare_with(b)
    qtbot.waitUntil(lambda: c.current, timeout=10000)
    return window, c


def _names(window, c) -> set[str]:
    """What is shown as it is: keys of both records, field names, dialects, the file name."""
    names = set(NAMES) | {"b", "txt"}
    for message in (window.session.message, c.message_b):
        for entry in message.record:
            names.update(WORD.findall(entry.key))
    for d in DIALECTS.values():
        names.update(d.field_names)
        names.update(WORD.findall(d.name))
    return names


def _menu_texts(menu: QMenu, where: str) -> list[tuple[str, str]]:
    out = [(where, menu.title())]
    for action in menu.actions():
        if action.isSeparator():
            continue
        sub = action.menu()
        if sub is not None:
            assert isinstance(sub, QMenu)
            out += [(f"{where} ▸ {sub.title()}", sub.title())]
            # each item is a dialect's own title and name: only its status tip is a sentence
            out += [(f"{where} ▸ {sub.title()} ▸ {a.text()} (status tip)", a.statusTip()) for a in sub.actions()]
            continue
        out += [(f"{where} ▸ {action.text()}", action.text()),
                (f"{where} ▸ {action.text()} (tooltip)", action.toolTip()),
                (f"{where} ▸ {action.text()} (status tip)", action.statusTip())]
    return out


def _view_texts(view) -> list[tuple[str, str]]:
    out = [("title", view.title.text()), ("summary", view.summary.text()), ("notes", view.notes.text())]
    for action in view.toolbar.actions():
        out += [(f"toolbar {action.text()}", action.text()), (f"toolbar {action.text()} (tooltip)", action.toolTip())]
    for edit in view.findChildren(QLineEdit):
        out += [(f"{edit.objectName() or 'filter'} (tooltip)", edit.toolTip()),
                (f"{edit.objectName() or 'filter'} (placeholder)", edit.placeholderText())]
    for label in view.findChildren(QLabel):
        out.append((f"label {label.objectName()}", label.text()))
    model = view.model
    for col in range(model.columnCount()):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            out.append((f"header {col} {role.name}", model.headerData(col, Qt.Orientation.Horizontal, role)))
    for row in range(model.rowCount()):
        for col in range(model.columnCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                out.append((f"cell {row},{col} {role.name}", model.data(model.index(row, col), role) or ""))
    return out


def test_every_text_of_the_comparison_a_user_sees_is_chinese(qtbot, compared_zh):
    window, c = compared_zh
    ui = window.compare
    view = ui.view
    ui._update()
    texts = _menu_texts(ui.menu, "Compare")
    texts += [("status label (tooltip)", ui.label.toolTip()), ("status label", ui.label.text()),
              ("cancel", ui.cancel_button.text()), ("cancel (tooltip)", ui.cancel_button.toolTip()),
              ("tab", window.plots.tabText(window.plots.indexOf(view)))]
    texts += _view_texts(view)
    # what the table lists: a field, a channel, a layer only A has and one only B has
    kinds = {r.kind.value for r in view.model.shown}
    assert kinds == {"field", "only_a", "only_b"}
    # the tree's marks and the Channels overlay
    rows = [r for r in view.model.shown if r.path_a is not None]
    for r in rows:
        for path in (r.path_a, r.path_a[:2]):
            for a in window.session.annotations.for_path(path):
                texts += [(f"tree mark {path}", a.mark), (f"tree mark {path} (tooltip)", a.tooltip)]
    window.session.selection.select(("record", 2, "value", "scale_w", 1))
    plot = window.plots.channels
    plot.flush()
    data = plot.overlay_data("compare")
    assert data is not None and data.marks
    texts += [("Channels note", data.note), ("Channels hover", plot.describe("scale_w", 1)),
              ("Channels mark", data.marks[0].name)]
    overview = window.plots.overview
    window.compare.views.flush()  # the overview's second row comes on a later turn otherwise
    for series in ("compare-scale_w", "compare-scale_d"):
        texts.append((f"overview {series}", overview.layer_series(series).name))
    assert _untranslated(texts, _names(window, c)) == []
    assert "差异" in view.title.text() and "只读" in view.title.text()
    assert ui.menu.title() == "比较(&C)"
    # the walk, a take, its undo text and a refusal, in the status bar
    window.tree.view.setFocus()
    qtbot.keyClick(window.tree.view, Qt.Key.Key_F7)
    said = window.statusBar().currentMessage()
    # "第 2/3 处差异：…" (what follows the colon is editor.ui.commands.describe's, the window's area)
    assert re.match(r"第 \d+/3 处差异：", said) and "— A 为 " in said, said
    view.select_rows([0])
    assert ui.take_rows()
    said = window.statusBar().currentMessage()
    assert said.startswith("已完成：采用 B 中层 ") and "Ctrl+Z" in said
    assert window.session.undo_stack.text(0).startswith("采用 B 中层 ")
    assert not ui.take_selection([("record", 0, "key")])
    assert window.statusBar().currentMessage() == "未采用：层按 key 对应：请采用整层，或在树中重命名"
    assert not ui.take_selection([("record", 0, "value", "scale_d")])
    assert window.statusBar().currentMessage() == "未采用：A 在此处已与 B 一致：无需采用"
    assert _untranslated([("undo", window.session.undo_stack.text(0))], _names(window, c)) == []


def test_the_comparison_speaks_english_without_a_translator(qtbot, tmp_path, env):
    """The same texts with no translator installed: the English sources (what the other tests read)."""
    a = tmp_path / "a.txt"
    shutil.copyfile(RESNET50_CAFFE, a)
    window = env()
    open_and_wait(qtbot, window, a)
    ui = window.compare
    assert ui.menu.title() == "&Compare"
    assert [x.text() for x in ui.actions()][:2] == ["Compare &With…", "&Differences Table"]
    assert ui.view.summary.text().startswith("No comparison: File ▸ Compare With…")


def _placeholders(text: str) -> list[str]:
    return sorted({f for _l, f, _s, _c in string.Formatter().parse(text) if f})


def test_the_compare_translations_are_complete_and_keep_placeholders_and_accelerators():
    from scripts import update_translations as ut
    entries = ut.ts_entries(TS)
    assert len(entries) > 100
    unfinished = [(e.context, e.source) for e in entries if e.state is not None or not e.translation]
    assert unfinished == []
    for e in entries:
        assert _placeholders(e.translation) == _placeholders(e.source), (e.context, e.source, e.translation)
        accelerator = re.search(r"&(\w)", e.source)
        if accelerator:  # Chinese Qt style: 比较(&C)
            assert f"(&{accelerator.group(1).upper()})" in e.translation, (e.source, e.translation)
        words = WORD.findall(re.sub(r"\{\w*\}", "", e.source))
        assert CJK.search(e.translation) or not words or (e.context, e.source) in SYMBOLIC, e


def test_the_compare_ts_holds_exactly_the_texts_of_the_code(tmp_path):
    from scripts import update_translations as ut
    fresh = tmp_path / TS.name
    shutil.copyfile(TS, fresh)
    try:
        ut.lupdate("compare", fresh, "zh_CN")
    except (SystemExit, FileNotFoundError, subprocess.CalledProcessError) as e:  # pragma: no cover
        pytest.fail(f"pyside6-lupdate did not run: {e}")
    assert ut._sources(fresh) == ut._sources(TS), "run: python -m scripts.update_translations"


def _compare_zh(qtbot, window, b: Path):
    c = window.compare.controller
    with qtbot.waitSignal(c.opened, timeout=30000):
        assert window.compare.compare_with(b)
    qtbot.waitUntil(lambda: c.current, timeout=10000)
    return c


def test_prune_rows_and_their_refusals_are_chinese(qtbot, tmp_path, env, chinese):
    from editor.records.attrs import AttrProto
    from tests.ui.kit import copy_sample

    window = env()
    a = copy_sample(tmp_path, "resnet_tf_inner_prune.txt")
    open_and_wait(qtbot, window, a)
    message = RecordDocument.load(a).message
    node = message.prune_record[1].consumer[0]
    for attr in node.attr:
        if attr.name in ("begin", "end"):
            attr.i += 1
    extra = message.prune_record[1].consumer.add()
    extra.name = "net/new/Conv2D"
    extra.attr.add(name="begin", type=AttrProto.INT, i=0)  # no end: breaks prune-range
    del message.prune_record[2]
    b = tmp_path / "b.txt"
    b.write_text(text_format.MessageToString(message), encoding="utf-8")
    c = _compare_zh(qtbot, window, b)
    names = _names(window, c) | {"begin", "end", "net", "new", "Conv2D"}
    for m in (window.session.message, c.message_b):
        for record in m.prune_record:
            for role in (record.producer, record.consumer):
                for n in role:
                    names.update(WORD.findall(n.name))
                    names.update(attr.name for attr in n.attr)
    view = window.compare.view
    prune = [r for r in view.model.shown if r.kind.value == "prune"]
    assert {r.field for r in prune} >= {"begin", "end", "（节点）", "（整条记录）"}
    assert any(r.layer.startswith("consumer 'resnet_v1_50/") and r.layer.endswith("· 稀疏记录 1") for r in prune)
    assert _untranslated(_view_texts(view), names) == []
    begin = next(r for r in prune if r.field == "begin")
    assert not window.compare.take_rows([begin])  # one channel narrower than the producer
    assert window.statusBar().currentMessage().startswith("未采用：稀疏记录 1 会违反规则：")


def test_across_dialects_the_notes_and_refusals_are_chinese(qtbot, tmp_path, env, chinese):
    from editor.records.document import convert_message
    from editor.records.messages import RecordMessage
    from tests.ui.kit import copy_sample

    window = env()
    a = copy_sample(tmp_path, "resnet_caffe.txt")
    open_and_wait(qtbot, window, a)
    onnx: RecordMessage  # read by field name
    onnx, _ = convert_message(RecordDocument.load(a).message, DIALECTS["onnx"], drop_unsupported=True)
    onnx.record[4].value.scale_w[2] *= 1.5
    b = tmp_path / "b_onnx.txt"
    b.write_text(text_format.MessageToString(onnx), encoding="utf-8")
    c = _compare_zh(qtbot, window, b)
    with qtbot.waitSignal(c.opened, timeout=30000):
        window.compare.read_b_actions["onnx"].trigger()
    qtbot.waitUntil(lambda: c.current, timeout=10000)
    notes = window.compare.view.notes.text()
    assert notes.startswith("A 为 caffe，B 为 onnx：只比较两者共有的字段。")
    assert "仅 caffe（A）中有、不参与比较也不会被采用的字段：channels（" in notes
    assert _untranslated(_view_texts(window.compare.view), _names(window, c) | {"b_onnx"}) == []
    assert not window.compare.take_selection([("record", 4, "value", "channels")])
    assert window.statusBar().currentMessage() == \
        "未采用：channels 是只有 caffe 才有的字段：不参与比较，也无法采用"
