"""The live list of found games: one line per game, updated in place, bounded, marked."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.network.discovery import MAX_FOUND, FoundGame
from saga_desktop.network.messages import PROTOCOL_VERSION
from saga_desktop.ui.network.found_games import FoundGames

GAME = FoundGame(
    service_name="Coast on gm._saga-desktop._tcp.local.",
    game_name="<b>Coast</b>",
    ruleset="songs-and-sagas",
    ruleset_version="1",
    app_version=app_version(),
    protocol_version=PROTOCOL_VERSION,
    host_name="gm",
    address="192.168.1.20",
    port=47800,
)


def lines(found: FoundGames) -> list[str]:
    return [found.list.item(row).text() for row in range(found.list.count())]


def test_games_are_updated_in_place_and_removed(qtbot: QtBot) -> None:
    found = FoundGames()
    qtbot.addWidget(found)
    found.add(GAME)
    found.add(replace(GAME, address="192.168.1.21"))
    assert lines(found) == ["<b>Coast</b> — Songs & Sagas — gm — 192.168.1.21:47800"]
    assert found.status.text() == "1 game on this network. Or type the address below."
    found.add(replace(GAME, service_name="x", ruleset="chess", host_name=""))
    assert lines(found)[1] == (
        "<b>Coast</b> — chess — 192.168.1.20:47800\n"
        "    cannot join it from this app: a game this app does not have"
    )
    found.remove(GAME.service_name)
    found.remove("never announced")
    assert len(lines(found)) == 1
    found.remove("x")
    assert found.status.text().startswith("No game found on this network yet.")


def test_a_flood_of_announcements_is_cut_off(qtbot: QtBot) -> None:
    found = FoundGames()
    qtbot.addWidget(found)
    for number in range(MAX_FOUND + 20):
        found.add(replace(GAME, service_name=f"game {number}"))
    assert found.list.count() == MAX_FOUND == len(found.games)


def test_choosing_a_game_emits_it(qtbot: QtBot) -> None:
    found = FoundGames()
    qtbot.addWidget(found)
    found.add(GAME)
    with qtbot.waitSignal(found.chosen) as chosen:
        found.list.setCurrentRow(0)
    assert chosen.args == [GAME]
