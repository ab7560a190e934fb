"""Enter on a card of the table does what a click on that card does in the game's docks.

The table's cards are pictures; each game lets a player act on a card through its own panel: in
Songs & Sagas the revealed cards are buttons that pick the card to keep, and the burns (Call the
Gods, Aid an Ally, …) are menus listing the cards of a hand; in Resonance each drawn card is a
button that plays it. So the table asks the window which showing, enabled controls stand for a
card (a button carrying the card, a button named ``card-<code>``, a menu entry naming it) and
presses the one there is, or offers a short menu when there are several. Nothing in a game
needs to know the table's keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QAbstractButton, QMenu, QPushButton, QWidget

from saga_desktop.i18n import tr
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cardtable.words import card_plain


@dataclass(frozen=True)
class CardChoice:
    """One thing the window lets its user do with a card: its words and how to do it."""

    text: str
    do: Callable[[], None]


def _shows(widget: QWidget) -> bool:
    return widget.isVisible() and widget.isEnabled()


def _words(button: QAbstractButton) -> str:
    return " ".join((button.accessibleName() or button.text()).replace("&", "").split())


def card_choices(window: QWidget, card: Card) -> list[CardChoice]:
    """What the window's showing controls let the user do with ``card`` now."""
    out: list[CardChoice] = []
    named = f"card-{card.code}"
    for button in window.findChildren(QAbstractButton):
        if not _shows(button):
            continue
        if getattr(button, "card", None) == card or button.objectName() == named:
            text = _words(button) or card_plain(card)
            label = tr("Pick {card} ({what})", card=card_plain(card), what=text)
            out.append(CardChoice(label, button.click))
            continue
        menu = button.menu() if isinstance(button, QPushButton) else None
        if menu is not None:
            out += _menu_choices(menu, _words(button), card)
    return out


def _menu_choices(menu: QMenu, head: str, card: Card) -> list[CardChoice]:
    """The entries of a menu (and its submenus: Aid an Ally lists each helper's) naming a card."""
    out = []
    for act in menu.actions():
        if not (act.isEnabled() and act.isVisible()):
            continue
        words = act.text().replace("&", "")
        sub = act.menu()
        if isinstance(sub, QMenu):
            out += _menu_choices(sub, f"{head}, {' '.join(words.split())}", card)
        elif words.startswith(f"{card.name} "):
            label = tr("{action}: {card}", action=head, card=card_plain(card))
            out.append(CardChoice(label, act.trigger))
    return out


def offer(parent: QWidget, choices: list[CardChoice], at: QPoint) -> QMenu:
    """A small menu of the choices at a point of the screen (the keyboard picks one)."""
    menu = QMenu(parent)
    menu.setObjectName("card-choices")
    for choice in choices:
        act = menu.addAction(choice.text.replace("&", "&&"))
        act.triggered.connect(lambda _c=False, do=choice.do: do())
    menu.aboutToHide.connect(menu.deleteLater)
    menu.popup(at)
    if menu.actions():
        menu.setActiveAction(menu.actions()[0])
    return menu
