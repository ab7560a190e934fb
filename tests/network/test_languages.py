"""An English GM's table and a French player's seat: one game, each read in its own language.

The host sends words (a line's kind, its message id and its values), never a finished sentence;
the GM's window words them in English, the player's seat in French. Run in one process: each
side words what it holds with its own language active, as it would on its own computer.
"""

from __future__ import annotations

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.ops.map import ChartRegion, SetRegionRisk
from saga_desktop.network.client_events import Closed, Waiting
from saga_desktop.resources import resources_dir
from tests.network.test_table import Game

TITLE = "Copperwood Hollow"


def _french() -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")


def _seat_lines(game: Game, who: str) -> list[str]:
    view = game.net.links[who].client.view
    assert view is not None
    entries = [JournalEntry.model_validate(e) for e in view["journal"].values()]
    return [e.said for e in sorted(entries, key=lambda e: e.id)]


def _seat(game: Game, name: str) -> str:
    return next(s.seat_id for s in game.host.seats() if s.name == name)


def test_the_player_reads_the_english_gms_table_in_french() -> None:
    game = Game()  # the GM's app speaks English
    sent = len(game.sent)
    game.session.apply(ChartRegion(q=5, r=-3, title=TITLE))
    region = game.session.campaign.map.regions[-1]
    game.session.apply(SetRegionRisk(q=5, r=-3, risk=region.risk + 1 if region.risk < 3 else 1))
    gm_lines = [e.said for e in game.session.campaign.journal[-2:]]
    assert gm_lines[0].startswith(f"Region {region.number} charted: {TITLE}.")
    assert gm_lines[1].startswith(f"Risk of region {region.number} ({TITLE}) set:")

    # What went to Ren's seat holds the values and the message ids, never a finished sentence.
    to_ren = b"".join(data for seat, data in game.sent[sent:] if seat == _seat(game, "Ren"))
    assert TITLE.encode() in to_ren
    for line in gm_lines:
        assert line.encode() not in to_ren
    assert f"Region {region.number} charted".encode() not in to_ren

    _french()  # Ren's app speaks French: the same data, in French
    ren_lines = _seat_lines(game, "ren")[-2:]
    assert ren_lines[0].startswith(f"Région {region.number} cartographiée\u00a0: {TITLE}.")
    assert ren_lines[1].startswith(f"Risque de la région {region.number} ({TITLE}) fixé\u00a0:")

    # A refusal is words too: the seat words it in French.
    answer = game.ask("ren", {"kind": "core.EditCampaign", "name": "Mine now", "description": ""})
    assert not answer.ok and answer.words is not None
    assert answer.message == "Seul le MJ peut faire cela (core.EditCampaign)."
    refused = [d for s, d in game.sent if s == _seat(game, "Ren")][-1]
    assert b"Only the GM may do that" in refused and b"(core.EditCampaign)." not in refused

    i18n.use(None)  # and the GM, back in English, reads the English
    assert [e.said for e in game.session.campaign.journal[-2:]] == gm_lines


def test_the_hosts_goodbye_and_refusals_reach_a_french_seat_in_french() -> None:
    game = Game()
    sent = len(game.sent)
    ren = _seat(game, "Ren")
    _french()  # the apps word what arrives from now on in French
    # A seat name already taken at the table, with the GM here: the app waits for the GM.
    taken = game.net.connect("ren2", game.client("Sam"))
    game.net.run(game.host.remove_seat(ren))
    to_ren = b"".join(data for seat, data in game.sent[sent:] if seat == ren)
    # The goodbye travels as words (its message id, no worded reason), not as a sentence.
    assert (
        b'"type":"bye","reason":"","words":{"key":"The GM removed you from the table."}' in to_ren
    )
    closed = [e for e in game.ren.events if isinstance(e, Closed)]
    assert closed and closed[-1].reason == "Le MJ vous a retiré de la table."
    assert closed[-1].said_in_english == "The GM removed you from the table."  # for the advice
    assert Waiting("En attente que le MJ vous laisse entrer…") in taken.events


def test_a_songs_roll_and_a_rest_reach_a_french_seat_as_words() -> None:
    from saga_desktop.model.songs.ops.play import Rest
    from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
    from saga_desktop.rules import songs

    game = Game()  # the GM's app speaks English
    sent = len(game.sent)
    game.session.apply(BeginTrial("pc1", songs.Attribute.STRENGTH, dr=12))
    game.session.apply(ResolveTrial())
    game.session.apply(Rest("pc2"))
    journal = game.session.campaign.journal
    gm_lines = [e.said for e in journal if e.kind in ("trial", "rest")][-2:]
    assert "Strength" in gm_lines[0] and "rest" in gm_lines[1]

    to_ren = b"".join(data for seat, data in game.sent[sent:] if seat == _seat(game, "Ren"))
    for line in gm_lines:
        assert line.encode() not in to_ren  # the values and the message ids, not the sentence

    _french()
    view = game.net.links["ren"].client.view
    assert view is not None
    entries = [JournalEntry.model_validate(e) for e in view["journal"].values()]
    ren = [e.said for e in sorted(entries, key=lambda e: e.id) if e.kind in ("trial", "rest")]
    assert "Force" in ren[-2] and "Strength" not in ren[-2], ren[-2]
    assert "repos" in ren[-1] and " rest" not in ren[-1], ren[-1]
