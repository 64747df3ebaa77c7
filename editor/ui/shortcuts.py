"""Help ▸ Keyboard Shortcuts: every shortcut of a window, read from the window itself.

Nothing here lists a key by hand except the keys that are no action (the tree's, given by
`editor.ui.tree_keys.TREE_KEYS`): the menus are walked in order (a submenu or a titled
section becomes its own group, "Plot ▸ Channels"), then every other action of the window
that has a shortcut is added under the widget it belongs to. A command someone adds with a
shortcut appears here without anyone editing this file.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import translate

#: the mnemonic of a translated text, written after it as Chinese Qt applications do: "文件(&F)…"
_MNEMONIC_SUFFIX = re.compile(r"\(&[^&\s]\)")


@dataclass(frozen=True)
class Shortcut:
    """One key (or several for one command) and what it does, where."""

    #: the group it is listed in: a menu ("Edit"), a menu's section ("Plot ▸ Channels"), a widget
    section: str
    #: the command, as its menu item reads (no "&")
    command: str
    #: the keys, as the platform writes them ("Ctrl+S"; several joined by ", ")
    keys: str
    #: where the keys work: "anywhere in the window", "in the record tree"…
    where: str


def command_text(action: QAction) -> str:
    """An action's text as a user reads it: no mnemonic "&" (nor a translation's "(&F)"
    suffix), no tab-separated accelerator."""
    text = _MNEMONIC_SUFFIX.sub("", action.text().split("\t")[0])
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


#: Qt's codes from here on are dedicated keys (media, browser, "Close", "Copy"…) that a PC
#: keyboard lacks; below are the keys it has (letters, F1-F35, Home, Menu…)
_FIRST_DEDICATED_KEY = Qt.Key.Key_Back.value


def typed_on_a_keyboard(keys: QKeySequence) -> bool:
    """Whether every key of `keys` is on an ordinary keyboard (Ctrl+W is; X11's Close key,
    which QKeySequence.StandardKey.Close includes, is not)."""
    # PySide indexes a sequence by its keys (QKeySequence::operator[]); the stubs miss it
    return all(keys[i].key().value < _FIRST_DEDICATED_KEY for i in range(keys.count()))  # type: ignore[index]


def key_text(action: QAction) -> str:
    """An action's keys as the platform writes them, joined by ", " (dedicated keys a
    keyboard lacks left out: a row reading "Ctrl+W, Close" makes a key of a word)."""
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                     for k in action.shortcuts() if not k.isEmpty() and typed_on_a_keyboard(k))


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _place(widget: QObject | None, places: Mapping[QObject, str]) -> str | None:
    while widget is not None:
        if widget in places:
            return places[widget]
        widget = widget.parent()
    return None


def _owner_words(widget: QObject | None) -> str:
    if isinstance(widget, QWidget):
        for words in (widget.accessibleName(), widget.windowTitle(), widget.objectName()):
            if words:
                return words
    return type(widget).__name__ if widget is not None else translate("Shortcuts", "the window")


def where_words(action: QAction, places: Mapping[QObject, str]) -> str:
    """Where an action's keys work, from its shortcut context and the widget it lives on."""
    context = action.shortcutContext()
    if context == Qt.ShortcutContext.ApplicationShortcut:
        return translate("Shortcuts", "anywhere in the application")
    if context == Qt.ShortcutContext.WindowShortcut:
        return translate("Shortcuts", "anywhere in the window")
    owner = action.parent()
    place = _place(owner, places)
    return translate("Shortcuts", "in {place}").format(place=place or _owner_words(owner))


def menu_shortcuts(menu: QMenu, section: str, places: Mapping[QObject, str],
                   seen: set[int]) -> list[Shortcut]:
    """The shortcuts of `menu` and its submenus, in menu order; titled sections of a menu
    (`QMenu.addSection`) become groups of their own."""
    found: list[Shortcut] = []
    group = section
    for action in menu.actions():
        if action.isSeparator():
            if action.text():
                group = f"{section} ▸ {command_text(action)}"
            continue
        sub = action.menu()
        if isinstance(sub, QMenu):
            found += menu_shortcuts(sub, f"{section} ▸ {command_text(action)}", places, seen)
            continue
        keys = key_text(action)
        if keys and id(action) not in seen:
            seen.add(id(action))
            found.append(Shortcut(group, command_text(action), keys, where_words(action, places)))
    return found


def window_shortcuts(window: QMainWindow, places: Mapping[QObject, str] | None = None,
                     extra: Iterable[tuple[str, str, Iterable[tuple[str, str]]]] = ()) -> list[Shortcut]:
    """Every shortcut of `window`: its menus' first, then every other action of the window
    with a shortcut (grouped by the widget it belongs to), then `extra` keys that are no
    action: ``(section, where, [(keys, what), …])``.

    `places` names widgets for "where" ("the record tree"); an action on a widget inside
    one is said to work in that one.
    """
    places = dict(places or {})
    seen: set[int] = set()
    found: list[Shortcut] = []
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            found += menu_shortcuts(menu, command_text(top), places, seen)
    for action in window.findChildren(QAction):
        keys = key_text(action)
        if not keys or id(action) in seen:
            continue
        seen.add(id(action))
        owner = action.parent()
        place = _place(owner, places)
        # "the record tree" heads its group as "Record tree" (a Chinese place has no article)
        section = _capital(place.removeprefix("the ")) if place else _owner_words(owner)
        found.append(Shortcut(section, command_text(action), keys, where_words(action, places)))
    for section, where, pairs in extra:
        found += [Shortcut(section, what, key, where) for key, what in pairs]
    return found


class ShortcutsDialog(QDialog):
    """The window's shortcuts, by group, with a filter box (keys or words)."""

    def __init__(self, shortcuts: list[Shortcut], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Shortcuts", "Keyboard Shortcuts"))
        self.shortcuts = shortcuts
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(translate("Shortcuts", "Filter: a key (Ctrl+S, F2) or a word"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._filter)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([translate("Shortcuts", "Keys"), translate("Shortcuts", "Command"),
                                   translate("Shortcuts", "Works")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the words get the room
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.groups: dict[str, QTreeWidgetItem] = {}
        for s in shortcuts:
            group = self.groups.get(s.section)
            if group is None:
                group = QTreeWidgetItem([s.section])
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.tree.addTopLevelItem(group)
                group.setFirstColumnSpanned(True)  # once in the tree: the title reads across
                self.groups[s.section] = group
            item = QTreeWidgetItem([s.keys, s.command, s.where])
            item.setToolTip(1, translate("Shortcuts", "{command}: {keys}, {where}").format(
                command=s.command, keys=s.keys, where=s.where))
            group.addChild(item)
        self.tree.expandAll()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        self.resize(900, 640)

    def _groups(self) -> list[tuple[QTreeWidgetItem, list[QTreeWidgetItem]]]:
        """(group row, its rows) of the list."""
        out = []
        for group in self.groups.values():
            out.append((group, [item for j in range(group.childCount())
                                if (item := group.child(j)) is not None]))
        return out

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(section, keys, command, where) of every row not filtered out, in order."""
        return [(group.text(0), item.text(0), item.text(1), item.text(2))
                for group, items in self._groups() if not group.isHidden()
                for item in items if not item.isHidden()]

    def _filter(self, text: str) -> None:
        """Show the rows with the key `text` (exactly: "Ctrl+S" is not "Ctrl+Shift+N") or
        whose words contain it."""
        words = text.strip().lower()
        for group, items in self._groups():
            shown = 0
            for item in items:
                keys = [k.strip().lower() for k in item.text(0).split(",")]
                hay = f"{item.text(1)} {item.text(2)} {group.text(0)}".lower()
                hide = bool(words) and words not in keys and words not in hay
                item.setHidden(hide)
                shown += not hide
            group.setHidden(shown == 0)
