"""A whole prompted roll in each game from the keyboard alone, at the GM's window and at a seat.

Keys go where the focus is, as a player's would (:class:`~tests.ui.cardtable.keyboard.Keyboard`):
Tab to the next control, Space to press it. Each test counts the presses and checks the roll was
made and settled on the host. The counts are reported in the issue's note (``-s`` prints them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.announcer import waiting_prompts
from saga_desktop.ui.cardtable.view import TableView
from tests.ui.cardtable.keyboard import Keyboard
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted
from tests.ui.test_main_window import make_window

WAIT = 10_000
SHIFT = Qt.KeyboardModifier.ShiftModifier
Target = Callable[[QWidget], bool]


def button(*, name: str = "", text: str = "", prefix: str = "") -> Target:
    """A showing, enabled button named ``name``, reading ``text`` or named from ``prefix``."""

    def wanted(widget: QWidget) -> bool:
        if not isinstance(widget, QAbstractButton):
            return False
        if not (widget.isVisible() and widget.isEnabled()):
            return False
        shown = widget.text().replace("&", "")
        return (
            (bool(name) and widget.objectName() == name)
            or (bool(text) and shown == text)
            or (bool(prefix) and widget.objectName().startswith(prefix))
        )

    return wanted


@dataclass(frozen=True)
class ByTable:
    """Play a card from the card table: Ctrl+Shift+C, Down to the pile, Right to it, Enter."""

    pile_ends: str

    def __call__(self, keys: Keyboard) -> None:
        """Press the keys (the card is the pile's first that shows)."""
        keys.press(Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | SHIFT)
        view = keys.focused()
        assert isinstance(view, TableView), "Ctrl+Shift+C puts the keyboard on the table"
        for _ in range(30):
            found = view.pile_cursor.current()
            assert found is not None
            entry = found[0]
            if entry.title.endswith(self.pile_ends) and any(entry.cards):
                break
            keys.press(Qt.Key.Key_Down)
        keys.press(Qt.Key.Key_Right)
        keys.press(Qt.Key.Key_Return)


Step = Callable[[QWidget], bool] | ByTable


@dataclass(frozen=True)
class Game:
    """How the GM prompts a roll in a game, and the controls that roll and settle it."""

    prompt: Callable[[str], Operation]
    at_gm: tuple[Step, ...]
    at_seat: tuple[Step, ...]


def _songs(pc: str) -> Operation:
    from saga_desktop.model.songs.ops.prompts import PromptRoll
    from saga_desktop.rules import songs

    return PromptRoll(pc, songs.Attribute.HEART, 12)


def _resonance(pc: str) -> Operation:
    from saga_desktop.model.resonance.ops.prompts import PromptCheck
    from saga_desktop.rules import resonance

    return PromptCheck(pc, resonance.Stat.HEART, 10)


def _dicepool(pc: str) -> Operation:
    from saga_desktop.model.dicepool.ops.checks import PromptCheck

    return PromptCheck(pc, "int", "", "skill", 3)


SETTLE = button(name="settle-button")
GAMES = {
    "songs-and-sagas": Game(
        _songs, (button(text="Roll here"), SETTLE), (button(name="roll-button"), SETTLE)
    ),
    "resonance": Game(
        _resonance,
        (button(text="Draw here"), ByTable("'s drawn")),
        (button(name="draw"), ByTable("'s drawn")),
    ),
    "dice-pool": Game(_dicepool, (button(text="Resolve"),), (button(text="Roll"),)),
}


def settled(campaign: Campaign) -> bool:
    """No prompt waits and no roll waits to be settled."""
    return not waiting_prompts(campaign) and getattr(campaign.play, "pending", None) is None


def play(qtbot: QtBot, keys: Keyboard, steps: tuple[Step, ...], host: Session) -> None:
    """Tab to each control in turn and press Space; the host's roll is settled at the end."""
    for target in steps:
        if isinstance(target, ByTable):
            table = getattr(keys.window, "card_table", None)
            assert table is not None
            qtbot.waitUntil(lambda t=table, end=target.pile_ends: any(
                e.title.endswith(end) and any(e.cards)
                for e in t.view.pile_cursor.entries()), timeout=WAIT)  # fmt: skip
            shows_choices = button(prefix="card-")  # once the cards are in, the panel offers them
            qtbot.waitUntil(lambda t=shows_choices: any(
                t(w) for w in keys.window.findChildren(QWidget)), timeout=WAIT)  # fmt: skip
            target(keys)
            continue
        qtbot.waitUntil(
            lambda t=target: any(t(w) for w in keys.window.findChildren(QWidget)), timeout=WAIT
        )
        keys.tab_to(target)
        keys.press(Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: settled(host.campaign), timeout=WAIT)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_prompted_roll_from_the_keyboard_at_the_gms_window(qtbot: QtBot, game: str) -> None:
    spec = GAMES[game]
    session = Session(find_ruleset(game).sample_campaign())
    window = make_window(qtbot, session)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    session.apply(spec.prompt(session.campaign.characters[1].id))
    assert not settled(session.campaign)
    keys = Keyboard(qtbot, window)
    play(qtbot, keys, spec.at_gm, session)
    print(f"\n{game} at the GM's window: {keys.count} key presses")
    assert keys.count <= 40


@pytest.mark.parametrize("game", list(GAMES))
def test_a_prompted_roll_from_the_keyboard_at_a_players_seat(qtbot: QtBot, game: str) -> None:
    spec = GAMES[game]
    with hosted(qtbot, Session(find_ruleset(game).sample_campaign())) as menu:
        host = menu.bridge.session
        assert isinstance(host, Session)
        seat = seat_window(qtbot, menu, "Sam")
        seat.resize(1366, 768)
        qtbot.waitExposed(seat)
        seat.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
        mine = sorted(seat.remote.model.viewer.characters)[0]
        menu.bridge.apply(spec.prompt(mine))
        keys = Keyboard(qtbot, seat)
        play(qtbot, keys, spec.at_seat, host)
        print(f"\n{game} at a player's seat: {keys.count} key presses")
        assert keys.count <= 40
