"""A throwaway ruleset with a deck per character, to try the card table on a game not Songs.

Each character has a face-down deck (``deck:<id>``), a face-up fatigue pile and a row of drawn
cards, all in the deck group ``deck:<id>``; there are no shared piles.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import Context, Operation
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.registry import register, unregister
from saga_desktop.model.ruleset import Face, PileSpec, PlayBase, Ruleset, SheetBase
from saga_desktop.model.session import Session
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.feature import CardTableFeature, install_card_table

GAME = "test-decks"


class DeckSheet(SheetBase):
    """No sheet to speak of."""

    ruleset: Literal["test-decks"] = "test-decks"


class DeckPlay(PlayBase):
    """No play state."""

    ruleset: Literal["test-decks"] = "test-decks"


class Decks(Ruleset):
    """Every character draws from a deck of their own."""

    id = GAME
    title = "Test decks"
    sheet_type = DeckSheet
    play_type = DeckPlay

    def piles(self, campaign: Campaign) -> list[PileSpec]:
        out = []
        for c in campaign.characters:
            deck = f"deck:{c.id}"
            out += [
                PileSpec(f"deck:{c.id}", "Deck", Face.DOWN, deck=deck, owner=c.id),
                PileSpec(f"fatigue:{c.id}", "Fatigue", Face.UP, deck=deck, owner=c.id),
                PileSpec(f"drawn:{c.id}", "Drawn", Face.UP, deck=deck, owner=c.id, kind="row"),
            ]
        return out

    def character_added(self, ctx: Context, character: Character) -> None:
        codes = [c.code for c in FULL_DECK]
        ctx.rng.shuffle(codes)
        ctx.campaign.piles[f"deck:{character.id}"] = codes
        ctx.campaign.piles[f"fatigue:{character.id}"] = []
        ctx.campaign.piles[f"drawn:{character.id}"] = []


@dataclass(frozen=True)
class Draw(Operation):
    """Turn the top cards of a character's deck into their drawn row."""

    character: str
    count: int = 1

    @property
    def label(self) -> str:
        return "Draw"

    def apply(self, ctx: Context) -> None:
        deck = ctx.campaign.piles[f"deck:{self.character}"]
        for _ in range(self.count):
            ctx.campaign.piles[f"drawn:{self.character}"].append(deck.pop())


@dataclass(frozen=True)
class Tire(Operation):
    """The drawn cards go to the fatigue pile."""

    character: str

    @property
    def label(self) -> str:
        return "Tire"

    def apply(self, ctx: Context) -> None:
        piles = ctx.campaign.piles
        piles[f"fatigue:{self.character}"] += piles[f"drawn:{self.character}"]
        piles[f"drawn:{self.character}"] = []


@dataclass(frozen=True)
class Recover(Operation):
    """Fatigue and drawn cards are shuffled back into the deck."""

    character: str

    @property
    def label(self) -> str:
        return "Recover"

    def apply(self, ctx: Context) -> None:
        piles = ctx.campaign.piles
        back = piles[f"fatigue:{self.character}"] + piles[f"drawn:{self.character}"]
        piles[f"fatigue:{self.character}"], piles[f"drawn:{self.character}"] = [], []
        deck = piles[f"deck:{self.character}"] + back
        ctx.rng.shuffle(deck)
        piles[f"deck:{self.character}"] = deck


@pytest.fixture
def decks() -> Iterator[Decks]:
    """The throwaway ruleset, registered for the test only."""
    game = register(Decks())
    assert isinstance(game, Decks)
    yield game
    unregister(GAME)


def deck_session(names: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> Session:
    """A campaign of the throwaway game with these characters."""
    session = Session(new_campaign("Decks", ruleset=GAME, rng=random.Random(5)))
    for name in names:
        session.apply(AddCharacter(name))
    return session


def table_window(
    qtbot: QtBot, bridge: SessionBridge, animated: bool = False, size: tuple[int, int] = (1300, 860)
) -> CardTableFeature:
    """A shown window with the core card table on it."""
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    feature = install_card_table(window, bridge, QSettings())
    feature.set_animations_enabled(animated)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return feature
