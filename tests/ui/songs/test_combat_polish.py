"""Songs & Sagas combat, looked at closely: the bow aims, the turn's end comes first, cards read.

- Ivar's yew bow starts his attack on Dexterity at Sam's seat (the rules: dexterity is to aim),
  an axe on Strength; a pick by hand stands for the turn, until the actor or weapon changes.
- When every enemy has attacked, the GM's Combat dock shows *End the enemies' turn* right under
  the hint that says so, as the default button, and no dead form above it.
- A revealed card that may not be kept stays a readable card in the dark scheme (it was a grey
  slab), at 100% and 200%.
- Each new copy of the shipped sample has its own generator and deck order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.app import sample_session
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.combat import EndTurn, StartCombat
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.rules.cards import Card
from saga_desktop.rules.songs.aim import attack_attribute
from saga_desktop.ui.appearance import Appearance, appearance_manager
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.palette import contrast
from saga_desktop.ui.songs.combat import CombatPanel, install_combat
from saga_desktop.ui.songs.play.roll_words import CardChoice
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import WAIT, hosted


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionMenu]]:
    session = build_sample()
    with hosted(qtbot, session) as menu:
        yield session, menu


def to_turn(session: Session, menu: SessionMenu, turn: str) -> None:
    if play_of(session.campaign).combat is None:
        menu.bridge.apply(StartCombat(("e1",)))
    if play_of(session.campaign).combat.turn != turn:  # type: ignore[union-attr]
        menu.bridge.apply(EndTurn())


def test_a_bow_aims_with_dexterity_at_the_players_seat(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    sam = seat_window(qtbot, menu, "Sam")
    feature = sam.combat_feature  # type: ignore[attr-defined]
    feature.show_dock()
    panel = feature.panel
    to_turn(session, menu, "party")
    action = panel.action
    qtbot.waitUntil(lambda: action.isVisible() and action.actor.count() == 1, timeout=WAIT)
    assert action.source.currentData() == "weapon:Yew bow"
    assert action.attribute.currentData() == "dexterity"
    action.attribute.setCurrentIndex(action.attribute.findData("strength"))  # Sam's own pick
    panel.refresh()  # the table changes around him: his pick stands this turn
    assert action.attribute.currentData() == "strength"
    menu.bridge.apply(EndTurn())
    menu.bridge.apply(EndTurn())  # the next round starts on the bow's own attribute again
    qtbot.waitUntil(lambda: action.attribute.currentData() == "dexterity", timeout=WAIT)
    assert attack_attribute("Yew bow").value == "dexterity"
    assert attack_attribute("Bearded axe").value == attack_attribute(None).value == "strength"
    assert attack_attribute("throwing axes").value == "dexterity"
    assert attack_attribute("Elbow pads").value == "strength"


def test_when_every_enemy_has_attacked_ending_the_turn_comes_first(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    gm = QMainWindow()
    qtbot.addWidget(gm)
    combat = install_combat(gm, menu.bridge)
    gm.resize(600, 900)
    gm.show()
    panel = combat.panel
    assert isinstance(panel, CombatPanel)
    to_turn(session, menu, "enemies")
    layout = panel._layout
    assert panel.action.isVisible()  # e1 still to attack: the form, End turn at the bottom
    assert layout.indexOf(panel.buttons) > layout.indexOf(panel.action)
    panel.action.roll_button.click()
    qtbot.waitUntil(lambda: panel.settle.isVisible(), timeout=WAIT)
    panel.settle.settle_button.click()
    qtbot.waitUntil(lambda: play_of(session.campaign).pending is None, timeout=WAIT)
    assert "Every enemy has attacked: end the enemies' turn." in panel.hint.text()
    assert not panel.action.isVisible()  # no dead form
    assert layout.indexOf(panel.buttons) == layout.indexOf(panel.hint) + 1
    button = panel.end_turn_button
    assert button.isVisible() and button.isEnabled() and button.isDefault()
    hint_bottom = panel.hint.geometry().bottom()
    assert 0 <= button.mapTo(panel, button.rect().topLeft()).y() - hint_bottom < 40
    button.click()
    assert play_of(session.campaign).combat.turn == "party"  # type: ignore[union-attr]
    assert layout.indexOf(panel.buttons) > layout.indexOf(panel.action)


@pytest.fixture
def dark() -> Iterator[None]:
    appearance_manager().set_choice(Appearance.DARK)
    yield
    appearance_manager().set_choice(Appearance.SYSTEM)


@pytest.mark.parametrize("scale", [1, 2])
def test_a_card_not_to_keep_stays_a_readable_card_in_the_dark(
    qtbot: QtBot, dark: None, scale: int
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    card = CardChoice(Card.from_code("7S"), holder)
    card.setEnabled(False)  # a black card where a red one must be kept
    card.resize(card.sizeHint() * scale)
    holder.resize(200, 200)
    holder.show()
    QApplication.processEvents()
    image = holder.grab(card.geometry()).toImage()
    window = QApplication.palette().color(QPalette.ColorRole.Window)
    inside = [
        QColor(image.pixel(x, y))
        for x in range(4, image.width() - 4)
        for y in range(4, image.height() - 4)
    ]
    ranked = sorted(inside, key=QColor.lightnessF)
    face, mark = ranked[len(ranked) * 3 // 4], ranked[0]
    assert contrast(face, window) >= 6, face.name()  # a card, not a grey slab
    assert contrast(face, mark) >= 4.5, (face.name(), mark.name())  # its rank and pips read


def test_each_copy_of_the_sample_has_its_own_luck() -> None:
    shipped = resource(*SAMPLE_CAMPAIGN).read_bytes()
    one, two = sample_session(), sample_session()
    assert one.rng.getstate() != two.rng.getstate()
    assert one.rng.randint(1, 20) is not None
    draw_one, draw_two = one.campaign.piles["draw"], two.campaign.piles["draw"]
    assert draw_one != draw_two and sorted(draw_one) == sorted(draw_two)
    assert one.campaign.piles["hand:pc2"] == two.campaign.piles["hand:pc2"]  # hands stay
    assert resource(*SAMPLE_CAMPAIGN).read_bytes() == shipped
