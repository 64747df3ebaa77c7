"""Tree annotations by key: a mark drawn in the row, a line in its tooltip (`session.annotations`)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.records.edits.commands import RemoveElementsCommand
from editor.ui.annotations import Annotation
from editor.ui.tree_model import RecordTreeModel
from editor.ui.tree_view import RecordTreeWidget
from tests.ui.kit import ScriptedPrompter, make_session
from tests.ui.kit import tree_record as small_record

MARK = QColor("#CC0000")


@pytest.fixture
def widget(qtbot):
    session = make_session(small_record())
    w = RecordTreeWidget(session, ScriptedPrompter())
    w.resize(900, 400)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w, session


def by_key(session):
    """A provider that marks layer rows by their key (it reads the record as it is now)."""
    def provider(path):
        if len(path) != 2 or path[0] != "record":
            return None
        key = session.editor.value(path + ("key",))
        if not key.startswith("conv"):
            return None
        return Annotation(f"K {key}", f"kind: convolution named {key}", MARK)
    return provider


def tooltip(session, path) -> str:
    model = session.model
    return model.data(model.index_for_path(path, RecordTreeModel.VALUE_COLUMN), Qt.ItemDataRole.ToolTipRole)


def has_colour_near(image, rect, colour: QColor, tolerance: int = 40) -> bool:
    for x in range(rect.left(), rect.right(), 1):
        c = image.pixelColor(x, rect.center().y())
        if abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + abs(c.blue() - colour.blue()) < tolerance:
            return True
    return False


def test_a_provider_adds_a_tooltip_line_and_a_mark_to_its_rows(qtbot, widget):
    w, session = widget
    before = tooltip(session, ("record", 0))
    session.annotations.set("kinds", by_key(session))
    assert tooltip(session, ("record", 0)) == before + "\nkind: convolution named conv1"
    assert "kind:" not in tooltip(session, ("record", 2))  # pool: the provider says nothing
    model = session.model
    marks = model.data(model.index_for_path(("record", 1)), RecordTreeModel.ANNOTATIONS_ROLE)
    assert [a.mark for a in marks] == ["K conv2"]

    # the mark is drawn in the value cell: the mark's colour is there, and not on the unmarked row
    view = w.view
    view.clearSelection()
    marked = view.visualRect(w.proxy.mapFromSource(model.index_for_path(("record", 0), 1)))
    plain = view.visualRect(w.proxy.mapFromSource(model.index_for_path(("record", 2), 1)))
    qtbot.waitUntil(lambda: has_colour_near(view.viewport().grab().toImage(), marked, MARK))
    image = view.viewport().grab().toImage()
    assert not has_colour_near(image, plain, MARK)
    # the value column asks for room for the mark
    cell = w.proxy.mapFromSource(model.index_for_path(("record", 0), 1))
    hint_with = w.delegate.sizeHint(_option(view), cell).width()
    session.annotations.set("kinds", None)
    assert tooltip(session, ("record", 0)) == before
    assert hint_with > w.delegate.sizeHint(_option(view), cell).width()
    qtbot.waitUntil(lambda: not has_colour_near(view.viewport().grab().toImage(), marked, MARK))


def _option(view):
    from PySide6.QtWidgets import QStyleOptionViewItem

    option = QStyleOptionViewItem()
    option.initFrom(view)
    return option


def test_marks_of_several_keys_in_the_order_installed_and_refresh(qtbot, widget):
    _w, session = widget
    said = {"text": "first"}
    session.annotations.set("b", lambda path: Annotation("B", said["text"]) if path == ("record", 0) else None)
    session.annotations.set("a", lambda path: Annotation("A", "a line") if path == ("record", 0) else None)
    assert session.annotations.keys() == ["problems", "b", "a"]  # the tree's own problem marks first
    assert tooltip(session, ("record", 0)).endswith("\nfirst\na line")
    changed: list[str] = []
    session.annotations.changed.connect(changed.append)
    said["text"] = "second"
    session.annotations.refresh("b")
    assert changed == ["b"] and tooltip(session, ("record", 0)).endswith("\nsecond\na line")
    session.annotations.refresh("nobody")  # no such key: nothing to say
    assert changed == ["b"]


def test_a_provider_follows_the_record_and_the_model_stays_sound(qtbot, qtmodeltester, widget):
    _w, session = widget
    session.annotations.set("kinds", by_key(session))
    qtmodeltester.check(session.model)
    session.push(RemoveElementsCommand(session.editor, ("record",), [0]))
    assert "conv2" in tooltip(session, ("record", 0))  # conv2 moved up: its row says so
    assert "kind:" not in tooltip(session, ("record", 1))
    session.undo_stack.undo()
    assert "conv1" in tooltip(session, ("record", 0))
    qtmodeltester.check(session.model)


def test_a_provider_that_fails_on_a_row_says_nothing_there(widget):
    _w, session = widget
    before = tooltip(session, ("record", 0))

    def fussy(path):
        raise LookupError("no such row")

    session.annotations.set("fussy", fussy)
    assert tooltip(session, ("record", 0)) == before
    assert session.annotations.for_path(("record", 0)) == []
