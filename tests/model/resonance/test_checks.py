"""Single checks: draw, play, cancel, refusals, and the odds preview."""

from __future__ import annotations

import pytest

from saga_desktop.model.operation import OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.resonance.access import pending_of
from saga_desktop.model.resonance.ops.adversaries import AddAdversary
from saga_desktop.model.resonance.ops.checks import BeginCheck, CancelCheck, PlayCard
from saga_desktop.model.resonance.ops.odds import preview_check
from saga_desktop.model.resonance.state import play_of, sheet_of
from saga_desktop.model.resonance.table import rules_character
from saga_desktop.model.ruleset import Face
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from tests.model.resonance.helpers import cards, conserved, dump, make_session

BODY = resonance.Stat.BODY


def test_begin_check_draws_the_stat_from_the_top_of_the_deck() -> None:
    s = make_session()
    deck, _, _ = cards(s, "pc2")
    pending = s.apply(BeginCheck("pc2", BODY, dc=9))
    assert [c.code for c in pending.draw.cards] == deck[::-1][:5]  # Body 5 draws five
    assert cards(s, "pc2")[1] == [c.code for c in pending.draw.cards]
    assert pending_of(s.campaign) == pending
    assert s.campaign.journal[-1].kind == "check-draw"
    conserved(s)


def test_play_card_sends_it_to_fatigue_and_the_rest_under_the_deck_in_order() -> None:
    s = make_session()
    pending = s.apply(BeginCheck("pc1", BODY, dc=9))
    drawn = list(pending.draw.cards)
    card, rest = drawn[1], [drawn[2], drawn[0]]
    result = s.apply(PlayCard(card, tuple(rest)))
    deck, now_drawn, fatigue = cards(s, "pc1")
    assert now_drawn == [] and fatigue == [card.code]
    assert deck[:2] == [rest[1].code, rest[0].code]  # rest[0] comes back up first
    assert result.success == (result.effective >= 9)
    assert play_of(s.campaign).pending is None
    assert play_of(s.campaign).checks_this_scene == 1
    assert s.campaign.journal[-1].kind == "check"
    conserved(s)


def test_check_against_an_adversarys_resolve_uses_it_as_the_dc() -> None:
    s = make_session()
    foe = s.apply(AddAdversary("Magistrate", guard=8, resolve=14, notes="bribable"))
    pending = s.apply(BeginCheck("pc1", resonance.Stat.HEART, adversary=foe, defence="resolve"))
    assert pending.request.dc == 14
    assert pending.request.against == "Magistrate's Resolve"
    assert (pending.request.foe, pending.request.defence) == ("Magistrate", "resolve")
    assert "against Magistrate's Resolve 14" in pending.explain()


def test_cancel_puts_the_cards_back_exactly() -> None:
    s = make_session()
    before = cards(s, "pc3")
    s.apply(BeginCheck("pc3", resonance.Stat.MIND, dc=10))
    s.apply(CancelCheck())
    assert cards(s, "pc3") == before
    assert play_of(s.campaign).pending is None
    assert s.campaign.journal[-1].kind == "check-cancel"


def test_cancel_after_a_reshuffling_draw_rebuilds_the_fatigue_pile() -> None:
    s = make_session()
    from saga_desktop.model.resonance.state import ResonanceOptions

    play_of(s.campaign).options = ResonanceOptions(empty_deck="reshuffle")
    # Play checks until the deck is nearly empty, then draw across the bottom.
    while len(cards(s, "pc2")[0]) >= 5:
        p = s.apply(BeginCheck("pc2", BODY, dc=4))
        s.apply(PlayCard(p.draw.cards[0]))
    before = cards(s, "pc2")
    pending = s.apply(BeginCheck("pc2", BODY, dc=4))
    assert pending.draw.reshuffled_before
    conserved(s)
    s.apply(CancelCheck())
    assert cards(s, "pc2") == before


@pytest.mark.parametrize(
    "op",
    [
        BeginCheck("nobody", BODY, dc=9),
        BeginCheck("pc1", BODY, dc=41),
        BeginCheck("pc1", BODY, dc=None),
        BeginCheck("pc1", BODY, adversary="npc9"),
        PlayCard(Card.from_code("AS")),
        CancelCheck(),
    ],
)
def test_refusals_leave_everything_unchanged(op: object) -> None:
    s = make_session()
    before = dump(s)
    with pytest.raises(OperationError):
        s.apply(op)  # type: ignore[arg-type]
    assert dump(s) == before


def test_playing_a_card_not_drawn_or_a_wrong_order_is_refused() -> None:
    s = make_session()
    pending = s.apply(BeginCheck("pc1", BODY, dc=9))
    before = dump(s)
    other = next(
        c
        for c in resonance.CharacterDeck.new(__import__("random").Random(1)).deck
        if c not in pending.draw.cards
    )
    for op in (PlayCard(other), PlayCard(pending.draw.cards[0], (other,))):
        with pytest.raises(OperationError, match=r"drawn|under the deck"):
            s.apply(op)
        assert dump(s) == before
    with pytest.raises(OperationError, match="waiting"):
        s.apply(BeginCheck("pc2", BODY, dc=9))


def test_preview_equals_the_engines_odds_and_changes_nothing() -> None:
    s = make_session()
    op = BeginCheck("pc2", BODY, dc=13)
    before = dump(s)
    odds = preview_check(s.campaign, op)
    who = rules_character(s.campaign, "pc2")
    assert odds == resonance.check_odds(resonance.CheckRequest(BODY, 13), who)
    assert dump(s) == before


def test_undo_of_a_draw_and_a_play_is_exact() -> None:
    s = make_session()
    start = dump(s)
    p = s.apply(BeginCheck("pc1", BODY, dc=9))
    mid = dump(s)
    s.apply(PlayCard(p.draw.cards[-1]))
    assert s.undo() and dump(s) == mid
    assert s.undo() and dump(s) == start
    assert s.redo() and s.redo()
    assert sheet_of(s.campaign.character("pc1")).revision == 2


def test_drawn_pile_is_face_up_for_a_single_check() -> None:
    s = make_session()
    s.apply(BeginCheck("pc1", BODY, dc=9))
    specs = {p.name: p for p in find_ruleset("resonance").piles(s.campaign)}
    assert specs["drawn:pc1"].face is Face.UP and specs["deck:pc1"].face is Face.DOWN
    assert specs["deck:pc1"].deck == "deck:pc1" and specs["deck:pc1"].owner == "pc1"
