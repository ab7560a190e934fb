"""Fixtures for the combat panel: a seeded party of two against wolves and a draugr."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs import Attributes, Enemy, Gear, InventoryEntry, SongsPlay, SongsSheet
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.combat import CombatFeature, install_combat


class Clock:
    """One second later at every reading."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def sheet(vanori: str, weapon: str, die: int, **attrs: int) -> SongsSheet:
    return SongsSheet(
        attributes=Attributes(**attrs),
        vanori=vanori,  # type: ignore[arg-type]
        max_resilience=10,
        resilience=10,
        inventory=[InventoryEntry(kind="weapon", name=weapon, weapon=Gear(die=die))],  # type: ignore[arg-type]
    )


def fight_session(seed: int = 7) -> Session:
    campaign = new_campaign("Fight", rng=random.Random(seed), now=datetime(2026, 1, 1, tzinfo=UTC))
    play = campaign.play
    assert isinstance(play, SongsPlay)
    play.enemies = [
        Enemy(
            id="wolves",
            name="Wolves",
            max_resilience=9,
            resilience=9,
            weapon=Gear(die=6),
            armor=Gear(die=4),
            count=3,
        ),
        Enemy(id="draugr", name="Draugr", max_resilience=12, resilience=12, weapon=Gear(die=8)),
    ]
    session = Session(campaign, clock=Clock())
    session.apply(AddCharacter("Sigrid", sheet=sheet("bear", "Axe", 8, strength=3, dexterity=1)))
    session.apply(AddCharacter("Bjorn", sheet=sheet("raven", "Bow", 6, dexterity=2, willpower=2)))
    return session


@pytest.fixture
def session() -> Session:
    return fight_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


@pytest.fixture
def combat(qtbot: QtBot, bridge: SessionBridge) -> CombatFeature:
    """A shown window with the Combat dock installed."""
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, bridge)
    window.resize(560, 1200)
    window.show()
    qtbot.waitExposed(window)
    return feature


def settle_events() -> None:
    """Let deferred deletions and layouts happen (before a screenshot)."""
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
