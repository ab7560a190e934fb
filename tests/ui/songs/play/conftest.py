"""Fixtures for the card table and roll panel: a seeded party, its bridge and a window."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import check_piles
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.map import ChartRegion, MoveParty
from saga_desktop.model.session import Session
from saga_desktop.model.songs.state import Attributes, Gear, InventoryEntry, SongsSheet
from saga_desktop.model.songs.table import table_of
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play import TableFeature, install_table


class StepClock:
    """One second later at every reading, so journal times are reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def party_session(seed: int = 7, region_risk: int | None = 2) -> Session:
    """Sigrid (Bear, strength 3), Bjorn (Elk), Ulla (Ox, hurt, damaged axe); a charted region."""
    session = Session(new_campaign("Table test", rng=random.Random(seed)), clock=StepClock())
    axe = InventoryEntry(kind="weapon", name="Axe", weapon=Gear(die=8, damage=1))
    sheets = [
        ("Sigrid", SongsSheet(attributes=Attributes(strength=3), vanori="bear",
                              max_resilience=10, resilience=10)),
        ("Bjorn", SongsSheet(vanori="elk", max_resilience=10, resilience=10)),
        ("Ulla", SongsSheet(vanori="ox", max_resilience=12, resilience=3, inventory=[axe])),
    ]  # fmt: skip
    for name, sheet in sheets:
        session.apply(AddCharacter(name, sheet=sheet))
    if region_risk is not None:
        session.apply(ChartRegion(0, 0, title="Glass cliffs"))
        session.apply(MoveParty(0, 0))
        m = session.campaign.map
        m.regions[0] = m.regions[0].model_copy(update={"risk": region_risk})
    return session


def give(session: Session, hand: str, *codes: str) -> None:
    """Set-up: move cards into a hand (the table is rebuilt and validated)."""
    t = table_of(session.campaign)
    for code in codes:
        for place in [t.draw, t.discard, t.revealed, *t.hands.values()]:
            if code in place:
                place.remove(code)
        t.hands[hand].append(code)
    check_piles(session.campaign)


def stack(session: Session, *codes: str) -> None:
    """Set-up: these cards on top of the draw pile, the first one revealed first."""
    t = table_of(session.campaign)
    for code in codes:
        t.draw.remove(code)
    t.draw.extend(reversed(codes))


@pytest.fixture
def session() -> Session:
    return party_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


def make_feature(qtbot: QtBot, bridge: SessionBridge, animated: bool = False) -> TableFeature:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    feature = install_table(window, bridge, QSettings())
    feature.set_animations_enabled(animated)
    window.resize(1300, 860)
    window.show()
    qtbot.waitExposed(window)
    return feature


@pytest.fixture
def feature(qtbot: QtBot, bridge: SessionBridge) -> TableFeature:
    """A shown window with the table installed; animations off."""
    return make_feature(qtbot, bridge)
