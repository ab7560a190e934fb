"""Each game's results in plain words for the players' screen, read back from the journal."""

from __future__ import annotations

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.contests import BeginGroup, PlayGroup
from saga_desktop.model.resonance.ops.extended import DrawRound, StartExtended
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance


def _play_first_cards(session: Session) -> None:
    pending = pending_of(session.campaign)
    assert isinstance(pending, resonance.PendingGroup)
    session.apply(PlayGroup({d.character_id: d.cards[0] for d in pending.draws}))


def test_resonance_group_and_extended_checks_read_as_sentences() -> None:
    game = find_ruleset("resonance")
    campaign = game.sample_campaign()
    assert campaign is not None
    session = Session(campaign)
    session.apply(BeginGroup(("pc1", "pc2", "pc3"), resonance.Stat.BODY, 7))
    _play_first_cards(session)
    said = game.headline(session.campaign.journal[-1])
    assert said is not None and said.startswith("Group Body check: ") and " of 3 succeed — " in said
    session.apply(StartExtended("Climb the bell tower", resonance.Stat.BODY, 7, 6, 3, ("pc1",)))
    assert game.headline(session.campaign.journal[-1]) == (
        "Climb the bell tower: 6 progress to make in 3 rounds"
    )
    session.apply(DrawRound())
    _play_first_cards(session)
    said = game.headline(session.campaign.journal[-1])
    assert said is not None and said.startswith("Climb the bell tower, round 1: +"), said
    assert " of 6" in said


def test_an_entry_written_some_other_way_keeps_the_cores_words() -> None:
    game = find_ruleset("dice-pool")
    campaign = game.sample_campaign()
    assert campaign is not None
    entry = next(e for e in campaign.journal if e.kind == "check")
    broken = entry.model_copy(update={"details": {"type": "CheckResult"}})
    assert game.headline(broken) is None
    assert find_ruleset("songs-and-sagas").headline(entry) is None
