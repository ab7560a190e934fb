"""The card table for assistive technology: the table, its piles and their cards as objects.

Qt knows the table view only as one picture. :func:`install` registers a factory with
``QAccessible.installFactory`` that gives every :class:`TableView` a
:class:`TableAccessible`: its children are the piles (a list each, named with owner and contents,
"Draw pile: 32 cards face down, 17 red, 15 black") and their children the cards ("queen of spades
♠", or "face-down card"), so a screen reader's review mode walks the table as it walks a tree.
The names come from :mod:`saga_desktop.ui.cardtable.words`, which reads only what the window's
viewer may see.

Qt keeps a pointer to every interface it is given, so the pile and card interfaces are made
once per pile and place and kept by the view for its life (they look their pile up anew on each
question, so they never speak of a pile as it was).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from saga_desktop.i18n import tr
from saga_desktop.ui.cardtable.words import PileEntry, card_position, card_words

if TYPE_CHECKING:
    from saga_desktop.ui.cardtable.view import TableView

Role, Text, State = QAccessible.Role, QAccessible.Text, QAccessible.State
_installed = False


def _state(focusable: bool, focused: bool) -> QAccessible.State:
    state = QAccessible.State()
    state.focusable = focusable
    state.focused = focused
    state.readOnly = True
    return state


class _Part(QAccessibleInterface):
    """What a pile and a card have in common: a place on the table view, no object of its own."""

    def __init__(self, view: TableView) -> None:
        super().__init__()
        self.view = view

    def alive(self) -> bool:
        """False once the table view is gone (Qt may still hold this interface)."""
        return shiboken6.isValid(self.view)

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        top = self.view.window()
        return top.windowHandle() if top is not None else None

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def setText(self, t: QAccessible.Text, text: str) -> None:
        pass

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def _screen_rect(self, scene_rect: QRectF) -> QRect:
        if scene_rect.isEmpty():
            return QRect()
        polygon = self.view.mapFromScene(scene_rect)
        local = polygon.boundingRect()
        top_left = self.view.viewport().mapToGlobal(local.topLeft())
        return QRect(top_left, local.size())


class CardAccessible(_Part):
    """One card of a pile: ``"queen of spades ♠"``, its place in the description."""

    def __init__(self, view: TableView, pile: str, index: int) -> None:
        super().__init__(view)
        self.pile, self.index = pile, index

    def entry(self) -> PileEntry | None:
        """The card's pile as it is now (None when the card is gone)."""
        if not self.alive():
            return None
        entry = self.view.entry(self.pile)
        return entry if entry is not None and self.index < len(entry.cards) else None

    def isValid(self) -> bool:  # noqa: D102
        return self.entry() is not None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        return self.view.pile_interface(self.pile)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        return None

    def childCount(self) -> int:  # noqa: D102
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: D102
        return -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        return None

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        entry = self.entry()
        if entry is None:
            return ""
        if t == Text.Name:
            return card_words(entry.cards[self.index])
        if t == Text.Description:
            return card_position(entry, self.index)
        return ""

    def rect(self) -> QRect:  # noqa: D102
        entry = self.entry()
        if entry is None:
            return QRect()
        return self._screen_rect(self.view.pile_cursor.card_rect(entry, self.index))

    def role(self) -> QAccessible.Role:  # noqa: D102
        return Role.ListItem

    def state(self) -> QAccessible.State:  # noqa: D102
        return _state(True, self.view.cursor_on(self.pile, self.index))


class PileAccessible(_Part):
    """One pile: ``"Discard: 19 cards, top 10 of clubs"``, its cards as children."""

    def __init__(self, view: TableView, pile: str) -> None:
        super().__init__(view)
        self.pile = pile

    def isValid(self) -> bool:  # noqa: D102
        return self.alive() and self.view.entry(self.pile) is not None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        return QAccessible.queryAccessibleInterface(self.view)

    def _cards(self) -> int:
        entry = self.view.entry(self.pile)
        return len(entry.cards) if entry is not None else 0

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        if not 0 <= index < self._cards():
            return None
        return self.view.card_interface(self.pile, index)

    def childCount(self) -> int:  # noqa: D102
        return self._cards()

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: D102
        if isinstance(child, CardAccessible) and child.pile == self.pile:
            return child.index if child.index < self._cards() else -1
        return -1

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        found = self.view.pile_cursor.current() if self.view.hasFocus() else None
        if found is None or found[0].pile.name != self.pile or found[1] < 0:
            return None
        return self.child(found[1])

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        entry = self.view.entry(self.pile)
        if entry is None:
            return ""
        if t == Text.Name:
            return entry.name
        if t == Text.Description:
            return tr("Face down") if entry.pile.cards is None else tr("Face up")
        return ""

    def rect(self) -> QRect:  # noqa: D102
        entry = self.view.entry(self.pile)
        if entry is None:
            return QRect()
        return self._screen_rect(self.view.pile_cursor.pile_rect(entry.pile))

    def role(self) -> QAccessible.Role:  # noqa: D102
        return Role.List

    def state(self) -> QAccessible.State:  # noqa: D102
        return _state(True, self.view.cursor_on(self.pile, -1))


class TableAccessible(QAccessibleWidget):
    """The table view: named "Card table", its piles as children (in reading order)."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view, Role.Pane, tr("Card table"))
        self.view = view

    def _names(self) -> list[str]:
        return [e.pile.name for e in self.view.pile_cursor.entries()]

    def childCount(self) -> int:  # noqa: D102
        return len(self._names())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        names = self._names()
        return self.view.pile_interface(names[index]) if 0 <= index < len(names) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: D102
        if isinstance(child, PileAccessible):
            names = self._names()
            return names.index(child.pile) if child.pile in names else -1
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        point = QPoint(x, y)
        for i in range(self.childCount()):
            pile = self.child(i)
            if pile is not None and pile.rect().contains(point):
                for j in range(pile.childCount()):
                    card = pile.child(j)
                    if card is not None and card.rect().contains(point):
                        return card
                return pile
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        found = self.view.pile_cursor.current() if self.view.hasFocus() else None
        if found is None:
            return None
        entry, card = found
        if card < 0:
            return self.view.pile_interface(entry.pile.name)
        return self.view.card_interface(entry.pile.name, card)

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        if t == Text.Name:
            return self.view.accessibleName() or tr("Card table")
        if t == Text.Description:
            return tr(
                "Up and Down step through the piles, Left and Right through a pile's cards, "
                "Enter acts on a card, L reads the latest action"
            )
        return super().text(t)


def table_changed(view: TableView, before: dict[str, str]) -> dict[str, str]:
    """Tell assistive technology what changed on the table since ``before`` (pile: name).

    A screen reader keeps the names it has read; a pile whose name changed (its count, its top
    card) says so, and a table whose piles or cards changed asks to be read again. Returns the
    names now.
    """
    now = {e.pile.name: f"{e.name}|{len(e.cards)}" for e in view.pile_cursor.entries()}
    if not QAccessible.isActive() or now == before:
        return now
    if set(now) != set(before) or any(
        now[p].rsplit("|", 1)[1] != before[p].rsplit("|", 1)[1] for p in now if p in before
    ):
        QAccessible.updateAccessibility(QAccessibleEvent(view, QAccessible.Event.ObjectReorder))
    for pile, name in now.items():
        if pile in before and before[pile] != name:
            event = QAccessibleEvent(view.pile_interface(pile), QAccessible.Event.NameChanged)
            QAccessible.updateAccessibility(event)
    return now


def focus_event(view: TableView) -> None:
    """Tell assistive technology the focus moved within the table (to the cursor's place)."""
    iface = QAccessible.queryAccessibleInterface(view)
    target = iface.focusChild() if iface is not None else None
    if target is not None:
        QAccessible.updateAccessibility(QAccessibleEvent(target, QAccessible.Event.Focus))


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if key != "TableView":  # Qt asks for every object: answer the others at once
        return None
    # The view module imports this one: ask the view for its interface by name, not by type.
    table_interface = getattr(obj, "table_interface", None)
    if isinstance(obj, QWidget) and callable(table_interface):
        interface = table_interface()
        return interface if isinstance(interface, QAccessibleInterface) else None
    return None


def install() -> None:
    """Register the card table's accessibility factory (once per application)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True
