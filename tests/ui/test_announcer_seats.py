"""Announcements at a player's seat and at the hosting GM's window, over real loopback sockets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import songs
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.announce import Announcement
from saga_desktop.ui.announcer import install_announcer
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000


@pytest.fixture
def heard() -> Iterator[list[Announcement]]:
    said: list[Announcement] = []
    announce_module.listeners.append(said.append)
    yield said
    announce_module.listeners.remove(said.append)


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def test_a_check_sent_to_the_seat_interrupts_and_a_joining_seat_is_told(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    install_announcer(menu.window, menu.bridge)  # type: ignore[arg-type]
    client = join(menu, qtbot)
    at_gm = lambda: [a.text for a in heard if a.source is menu.window]  # noqa: E731
    qtbot.waitUntil(lambda: any("Ren joined the table." in t for t in at_gm()), timeout=WAIT)
    heard.clear()
    pc = client.remote.campaign.characters[0]
    menu.bridge.apply(PromptRoll(pc.id, songs.Attribute.HEART, 12, reason="the cold"))

    def urgent() -> list[Announcement]:
        return [a for a in heard if a.source is client and a.assertive]

    qtbot.waitUntil(lambda: bool(urgent()), timeout=WAIT)
    assert urgent()[0].text.startswith(f"For you: Roll for {pc.name}: Heart trial vs DR 12")
    assert "the cold" in urgent()[0].text
    assert not [a for a in heard if a.source is menu.window and a.assertive]


def test_the_connection_lost_and_back_is_spoken_at_the_seat(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))
    client = join(menu, qtbot)
    heard.clear()
    socket = client.remote.transport._socket
    assert socket is not None
    socket.abort()
    at_seat = lambda: [a for a in heard if a.source is client]  # noqa: E731
    qtbot.waitUntil(lambda: any(a.assertive for a in at_seat()), timeout=WAIT)
    qtbot.waitUntil(lambda: any(a.text == "Back at the table." for a in at_seat()), timeout=WAIT)


def test_my_own_characters_only_keeps_others_quiet_at_a_seat(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    from saga_desktop.model.songs.ops.play import AskOracle
    from saga_desktop.ui.announcer import Announcer

    client = join(menu, qtbot)
    announcer = client.findChild(Announcer, "announcer")
    assert announcer is not None
    announcer.actions["mine"].trigger()  # View > Spoken announcements > My own characters only
    mine = sorted(client.remote.model.viewer.characters)
    other = next(c.id for c in menu.bridge.session.campaign.characters if c.id not in mine)
    heard.clear()
    at_seat = lambda: [a for a in heard if a.source is client]  # noqa: E731
    menu.bridge.apply(AskOracle("Is the tide out?", 1))
    menu.bridge.apply(PromptRoll(other, songs.Attribute.HEART, 12))
    menu.bridge.apply(PromptRoll(mine[0], songs.Attribute.HEART, 12))
    qtbot.waitUntil(lambda: bool(at_seat()), timeout=WAIT)
    qtbot.wait(200)
    assert len(at_seat()) == 1, [a.text for a in at_seat()]
    assert at_seat()[0].assertive and at_seat()[0].text.startswith("For you: ")
    announcer.actions["everything"].trigger()


def test_the_partys_turn_in_a_fight_interrupts_at_a_seat(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    from saga_desktop.model.songs.combat_queries import combat_of
    from saga_desktop.model.songs.ops.combat import EndTurn, StartCombat
    from saga_desktop.model.songs.state import play_of

    client = join(menu, qtbot)
    campaign = menu.bridge.session.campaign
    enemies = tuple(e.id for e in play_of(campaign).enemies)
    menu.bridge.apply(StartCombat(enemies))
    fight = combat_of(campaign)
    assert fight is not None
    heard.clear()
    if fight.turn == "party":  # the party went first: the enemies' turn, then the party's again
        menu.bridge.apply(EndTurn())
    menu.bridge.apply(EndTurn())
    at_seat = lambda: [a for a in heard if a.source is client and a.assertive]  # noqa: E731
    qtbot.waitUntil(lambda: bool(at_seat()), timeout=WAIT)
    assert at_seat()[-1].text.startswith("Your turn: "), at_seat()[-1].text
    assert "the party's turn" in at_seat()[-1].text


def test_a_region_charted_is_spoken_at_a_seat_and_the_gms_notes_never(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    from saga_desktop.model.ops.journal import AddNote
    from saga_desktop.model.ops.map import ChartRegion

    client = join(menu, qtbot)
    heard.clear()
    at_seat = lambda: " ".join(a.text for a in heard if a.source is client)  # noqa: E731
    at_gm = lambda: " ".join(a.text for a in heard if a.source is menu.window)  # noqa: E731
    install_announcer(menu.window, menu.bridge)  # type: ignore[arg-type]
    menu.bridge.apply(AddNote("The mill hides a smuggler's door"))
    menu.bridge.apply(ChartRegion(3, -2, title="Copperwood"))
    qtbot.waitUntil(lambda: "Copperwood" in at_seat(), timeout=WAIT)
    assert "smuggler" not in at_seat(), "a GM's note is never spoken at a seat"
    assert "smuggler" in at_gm(), "the GM's own window reads the GM's note"


def test_someone_asking_for_a_seat_interrupts_at_the_gms_window(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    install_announcer(menu.window, menu.bridge)  # type: ignore[arg-type]
    hosting = menu.hosting
    assert hosting is not None
    heard.clear()
    client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, "Sam")
    qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=WAIT)
    at_gm = lambda: [a for a in heard if a.source is menu.window and a.assertive]  # noqa: E731
    qtbot.waitUntil(lambda: bool(at_gm()), timeout=WAIT)
    assert at_gm()[0].text.startswith("Sam asks for Sam's seat"), at_gm()[0].text
    assert at_gm()[0].text.endswith("Answer in the Hosting window.")
    for claim in hosting.claims():
        hosting.answer(claim.claim_id, False)
    client.close()


def test_a_turn_line_that_arrives_as_words_is_still_known_as_a_turn() -> None:
    """A seat receives a line's words alone (no English text): the turn is found all the same."""
    from datetime import UTC, datetime

    from saga_desktop import i18n
    from saga_desktop.i18n import catalogs
    from saga_desktop.i18n.words import words
    from saga_desktop.model.campaign import JournalEntry
    from saga_desktop.resources import resources_dir
    from saga_desktop.ui.announcer import in_english

    said = words("Round {round}: {name}'s turn.", round=2, name="Ivar")
    entry = JournalEntry(
        id=1, at=datetime(2026, 1, 1, tzinfo=UTC), kind="combat", text="", words=said.to_data()
    )
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert in_english(entry) == "Round 2: Ivar's turn."
    plain = entry.model_copy(update={"words": None, "text": "Ivar's turn."})
    assert in_english(plain) == "Ivar's turn."
