from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance import (
    CheckRequest,
    Decider,
    EmptyDeck,
    GroupResult,
    OpposedResult,
    PendingGroup,
    PendingOpposed,
    ResonanceOptions,
    Side,
    Stat,
    TieBreak,
    decide,
    draw_check,
    draw_group,
    draw_opposed,
    play_group,
    play_opposed,
)

from .helpers import card, person, snapshot

RNG = random.Random(0)


def test_the_spy_and_the_magistrate() -> None:
    spy = person("Spy", heart=3, top="10H 3C 2D")
    magistrate = person("Magistrate", mind=4, top="QD 4S 5S 6S")
    pending = draw_opposed(spy, Stat.HEART, magistrate, Stat.MIND, RNG, defender=Side.SECOND)
    assert len(pending.first.cards) == 3 and len(pending.second.cards) == 4
    result = play_opposed(pending, spy, card("10H"), magistrate, card("QD"))
    assert (result.first_value, result.second_value) == (13, 16)
    assert result.winner is Side.SECOND and result.decided_by is Decider.VALUE
    assert result.winner_name == "Magistrate"
    assert spy.cards.fatigue == [card("10H")] and magistrate.cards.fatigue == [card("QD")]
    assert result.explain() == (
        "Spy (Heart) 10♥ 13 vs Magistrate (Mind) Q♦ 16: Magistrate wins (higher value)"
    )
    data = json.loads(json.dumps(result.to_data()))
    assert OpposedResult.from_data(data) == result
    assert PendingOpposed.from_data(pending.to_data()) == pending


def _tie(
    defender: Side | None,
    first_fatigue: str = "",
    second_fatigue: str = "",
    options: ResonanceOptions | None = None,
) -> OpposedResult:
    # Both play 13 on Heart: Ann's 10♥ resonates (Heart 3), Bo's K♦ does not (Heart 2).
    a = person("Ann", heart=3, top="10H 2C", fatigue=first_fatigue)
    b = person("Bo", heart=2, top="KD 2S", fatigue=second_fatigue)
    options = options or ResonanceOptions()
    pending = draw_opposed(a, Stat.HEART, b, Stat.HEART, RNG, defender=defender, options=options)
    return play_opposed(pending, a, card("10H"), b, card("KD"), options=options)


def test_ties() -> None:
    assert (_tie(Side.FIRST).winner, _tie(Side.FIRST).decided_by) == (Side.FIRST, Decider.DEFENDER)
    assert _tie(Side.SECOND).winner is Side.SECOND
    by_fatigue = _tie(None, first_fatigue="3S 4S")
    assert (by_fatigue.winner, by_fatigue.decided_by) == (Side.SECOND, Decider.FATIGUE)
    assert by_fatigue.first_fatigue == 2 and by_fatigue.second_fatigue == 0
    higher = _tie(None)
    assert (higher.winner, higher.decided_by) == (Side.SECOND, Decider.HIGHER_CARD)
    resonance = _tie(None, options=ResonanceOptions(tie_break=TieBreak.RESONANCE))
    assert (resonance.winner, resonance.decided_by) == (Side.FIRST, Decider.RESONANCE)
    standoff = _tie(None, options=ResonanceOptions(tie_break=TieBreak.STANDOFF))
    assert (standoff.winner, standoff.decided_by) == (None, Decider.STANDOFF)
    assert standoff.winner_name is None and "neither wins" in standoff.explain()


def test_decide_same_cards_is_a_standoff() -> None:
    assert decide((13, 10), (13, 10), None, (1, 1), TieBreak.HIGHER_CARD) == (
        None,
        Decider.STANDOFF,
    )
    assert decide((0, 0), (5, 5), None, (0, 0), TieBreak.HIGHER_CARD)[0] is Side.SECOND


def test_opposed_refusals_change_nothing() -> None:
    a = person("Ann", heart=3, top="10H 2C 3C")
    b = person("Bo", heart=2, top="KD 2S")
    with pytest.raises(RulesError, match="two different"):
        draw_opposed(a, Stat.HEART, a, Stat.HEART, RNG)
    draw_check(CheckRequest(Stat.BODY, 4), b, RNG)
    before = snapshot(a, b)
    with pytest.raises(RulesError, match="Bo has drawn cards waiting"):
        draw_opposed(a, Stat.HEART, b, Stat.HEART, RNG)
    assert snapshot(a, b) == before  # Ann drew nothing either
    c = person("Cy", heart=2, top="KD 2S")
    pending = draw_opposed(a, Stat.HEART, c, Stat.HEART, RNG)
    before = snapshot(a, c)
    with pytest.raises(RulesError):
        play_opposed(pending, a, card("10H"), c, card("AS"))  # Cy never drew the A♠
    assert snapshot(a, c) == before
    play_opposed(pending, a, card("10H"), c, card("KD"))
    with pytest.raises(RulesError, match="already settled"):
        play_opposed(pending, a, card("2C"), c, card("2S"))


def test_group_check_names_the_failures() -> None:
    party = [
        person("Kael", body=3, top="9C 2H 3H"),
        person("Mira", body=2, top="8H 2D"),
        person("Dran", body=3, top="4C JD 8H"),
    ]
    request = CheckRequest(Stat.BODY, 10)
    pending = draw_group(request, party, RNG)
    assert PendingGroup.from_data(pending.to_data()) == pending
    result = play_group(
        pending, party, {"kael": card("9C"), "mira": card("8H"), "dran": card("4C")}
    )
    assert [r.success for r in result.results] == [True, False, False]
    assert not result.success and result.failed == ("Mira", "Dran")
    assert GroupResult.from_data(json.loads(json.dumps(result.to_data()))) == result
    # At least half: two of four succeed.
    tops = {"A": "KS 2H", "B": "QS 2H", "C": "2S 3H", "D": "4S 3H"}
    four = [person(n, body=2, top=t) for n, t in tops.items()]
    plays = {"a": card("KS"), "b": card("QS"), "c": card("2S"), "d": card("4S")}
    done = play_group(draw_group(request, four, RNG), four, plays)
    assert done.success and done.failed == ("C", "D")
    assert done.explain() == (
        "Group Body check, DC 10 (Moderate): 2 of 4 succeed: the group succeeds (failed: C, D)"
    )


def test_group_refusals_change_nothing() -> None:
    party = [person("Kael", body=3, top="9C 2H 3H"), person("Mira", body=2, top="8H 2D")]
    request = CheckRequest(Stat.BODY, 10)
    with pytest.raises(RulesError, match="each named once"):
        draw_group(request, [party[0], party[0]], RNG)
    pending = draw_group(request, party, RNG)
    before = snapshot(*party)
    for plays in ({"kael": card("9C")}, {"kael": card("9C"), "mira": card("AS")}):
        with pytest.raises(RulesError):
            play_group(pending, party, plays)
        assert snapshot(*party) == before
    play_group(pending, party, {"kael": card("9C"), "mira": card("8H")})
    with pytest.raises(RulesError):
        play_group(pending, party, {"kael": card("2H"), "mira": card("2D")})


def test_a_tie_counts_fatigue_as_it_lay_before_the_draw() -> None:
    # Ann's deck holds one card, her fatigue pile the other 51: drawing three shuffles the pile
    # back in. Counted before the check she is the more tired (51 against 2) and loses the tie,
    # although her fatigue pile is empty at the reveal.
    reshuffle = ResonanceOptions(empty_deck=EmptyDeck.RESHUFFLE)
    a = person("Ann", heart=3, top="10H", deck="")
    b = person("Bo", heart=2, top="KD 2S", fatigue="3S 4S")
    pending = draw_opposed(a, Stat.HEART, b, Stat.HEART, random.Random(3), options=reshuffle)
    assert pending.first.reshuffled_before == (1,) and a.cards.fatigue == []
    result = play_opposed(pending, a, card("10H"), b, card("KD"), options=reshuffle)
    assert (result.first_fatigue, result.second_fatigue) == (51, 2)
    assert (result.winner, result.decided_by) == (Side.SECOND, Decider.FATIGUE)
