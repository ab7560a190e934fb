"""A character a player sent takes no part until the GM accepts it, in every game.

Not on the card table (no piles in play, none in any viewer's view), not in the Player View (the
table's view) nor in other players' views, not in a prompt, not in a fight; the GM still sees it
(to review it), and so does the player who sent it. Once accepted it takes part like any other.
"""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.characters import AcceptCharacter, AddCharacter
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import piles_in_play, view_for, visible_piles
from tests.model.conftest import StepClock

GAMES = ("songs-and-sagas", "resonance", "dice-pool")


def _session(game_id: str) -> tuple[Session, str]:
    """The game's sample with Zed's character sent, waiting for the GM."""
    game = find_ruleset(game_id)
    campaign = game.sample_campaign()
    assert campaign is not None
    session = Session(campaign, clock=StepClock())
    sheet = campaign.characters[0].sheet.model_copy(deep=True)  # a valid sheet of the game
    cid = session.apply(AddCharacter("Zed the Unready", player="Zed", sheet=sheet, submit=True))
    return session, cid


def _prompt(game_id: str, cid: str) -> Operation:
    if game_id == "songs-and-sagas":
        from saga_desktop.model.songs.ops.prompts import PromptRoll
        from saga_desktop.rules import songs

        return PromptRoll(cid, songs.Attribute.STRENGTH)
    if game_id == "resonance":
        from saga_desktop.model.resonance.ops.prompts import PromptCheck
        from saga_desktop.rules import resonance

        return PromptCheck(cid, next(iter(resonance.Stat)))
    from saga_desktop.model.dicepool.ops.checks import PromptCheck as DicePrompt

    return DicePrompt(cid, "str", cl=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sent_character_has_no_cards_on_the_table(game_id: str) -> None:
    session, cid = _session(game_id)
    c = session.campaign
    assert not [s.name for s in piles_in_play(c) if s.owner == cid]
    for viewer in (Viewer.GM, Viewer.TABLE, Viewer.player(cid)):
        assert not [p.name for p in visible_piles(c, viewer) if p.owner == cid], viewer
    session.apply(AcceptCharacter(cid))
    owned = [s.name for s in find_ruleset(game_id).piles(session.campaign) if s.owner == cid]
    assert [s.name for s in piles_in_play(session.campaign) if s.owner == cid] == owned


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sent_character_is_seen_only_by_the_gm_and_its_player(game_id: str) -> None:
    session, cid = _session(game_id)
    c = session.campaign
    other = next(ch.id for ch in c.characters if ch.id != cid)
    assert cid in [ch.id for ch in view_for(c, Viewer.GM).characters]
    assert cid in [ch.id for ch in view_for(c, Viewer.player(cid)).characters]
    assert cid not in [ch.id for ch in view_for(c, Viewer.TABLE).characters]
    assert cid not in [ch.id for ch in view_for(c, Viewer.player(other)).characters]
    table = view_for(c, Viewer.TABLE).model_dump_json(exclude={"journal"})
    assert "Zed the Unready" not in table  # the journal says only that Zed sent a character
    session.apply(AcceptCharacter(cid))
    assert cid in [ch.id for ch in view_for(session.campaign, Viewer.TABLE).characters]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sent_character_gets_no_prompt_until_accepted(game_id: str) -> None:
    session, cid = _session(game_id)
    with pytest.raises(OperationError, match="waits for the GM's approval"):
        session.apply(_prompt(game_id, cid))
    session.apply(AcceptCharacter(cid))
    assert isinstance(session.apply(_prompt(game_id, cid)), int)


def test_a_sent_character_does_not_fight_in_the_dice_pool() -> None:
    from saga_desktop.model.dicepool.ops.combat import EndEncounter, StartEncounter
    from saga_desktop.model.dicepool.state import play_of

    session, cid = _session("dice-pool")
    if play_of(session.campaign).encounter is not None:
        session.apply(EndEncounter())
    monster = play_of(session.campaign).monsters[0].id
    with pytest.raises(OperationError, match="waits for the GM's approval"):
        session.apply(StartEncounter((cid, monster)))
    session.apply(AcceptCharacter(cid))
    fight = session.apply(StartEncounter((cid, monster)))
    assert cid in [c.id for c in fight.combatants]


def test_a_sent_character_is_not_in_the_songs_party_that_fights() -> None:
    from saga_desktop.model.songs.ops.combat import StartCombat
    from saga_desktop.model.songs.state import play_of

    session, _cid = _session("songs-and-sagas")
    enemy = play_of(session.campaign).enemies[0].id
    session.apply(StartCombat((enemy,)))
    line = session.campaign.journal[-1].text
    assert line.startswith("Combat:") and "Zed the Unready" not in line
