"""Property tests: cards are never created or lost, refusals change nothing, records round-trip."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance import (
    CheckRequest,
    EmptyDeck,
    PendingCheck,
    PendingOpposed,
    ResonanceCharacter,
    ResonanceOptions,
    Side,
    Stat,
    TieBreak,
    create_character,
    draw_check,
    draw_opposed,
    play_check,
    play_opposed,
    play_options,
    rest,
)

from .helpers import snapshot

options_strategy = st.builds(
    ResonanceOptions,
    stat_one_draws_one=st.booleans(),
    empty_deck=st.sampled_from(list(EmptyDeck)),
    tie_break=st.sampled_from(list(TieBreak)),
    bare_success_progress=st.integers(0, 3),
)


def _party(seed: int) -> list[ResonanceCharacter]:
    rng = random.Random(seed)
    stats = [{Stat.HEART: 1, Stat.BODY: 5, Stat.MIND: 4, Stat.SPIRIT: 2}, {s: 3 for s in Stat}]
    return [create_character(f"c{i}", f"C{i}", s, rng) for i, s in enumerate(stats)]


def _round_trip(record: Record) -> None:
    data = json.loads(json.dumps(record.to_data()))
    assert type(record).from_data(data) == record


def _refused(party: list[ResonanceCharacter], attempt: Any, *args: Any, **kwargs: Any) -> None:
    before = snapshot(*party)
    with pytest.raises(RulesError):
        attempt(*args, **kwargs)
    assert snapshot(*party) == before


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), options_strategy, st.data())
def test_random_play_conserves_cards(
    seed: int, options: ResonanceOptions, data: st.DataObject
) -> None:
    party = _party(seed)
    rng = random.Random(seed)
    stale: list[PendingCheck | PendingOpposed] = []
    for _ in range(data.draw(st.integers(1, 40))):
        action = data.draw(st.sampled_from(["check", "check", "check", "opposed", "rest", "stale"]))
        who = party[data.draw(st.integers(0, 1))]
        stat = data.draw(st.sampled_from(list(Stat)))
        if action == "rest":
            _round_trip(rest(who, rng))
        elif action == "stale" and stale:
            old = stale[data.draw(st.integers(0, len(stale) - 1))]
            if isinstance(old, PendingCheck):
                drawn = old.draw.cards[0] if old.draw.cards else None
                _refused(party, play_check, old, who, drawn, options=options)
            else:
                _refused(party, play_opposed, old, party[0], None, party[1], None)
        elif action == "check":
            pending = draw_check(
                CheckRequest(stat, data.draw(st.integers(0, 20))), who, rng, options
            )
            assert len(who.cards.drawn) == len(pending.draw.cards)
            _refused(party, draw_check, CheckRequest(stat, 5), who, rng, options)
            _refused(party, rest, who, rng)
            _round_trip(pending)
            if pending.draw.cards:
                assert len(play_options(pending, who)) == len(pending.draw.cards)
            card = data.draw(st.sampled_from(pending.draw.cards)) if pending.draw.cards else None
            rest_cards = [c for c in pending.draw.cards if c != card]
            order = data.draw(st.permutations(rest_cards))
            result = play_check(pending, who, card, order, options)
            assert who.cards.deck[: len(order)] == list(reversed(order))
            assert (card in who.cards.fatigue) == (card is not None)
            _round_trip(result)
            stale.append(pending)
        elif action == "opposed":
            defender = data.draw(st.sampled_from([None, Side.FIRST, Side.SECOND]))
            opposed = draw_opposed(
                party[0], stat, party[1], stat, rng, defender=defender, options=options
            )
            one = data.draw(st.sampled_from(opposed.first.cards)) if opposed.first.cards else None
            two = data.draw(st.sampled_from(opposed.second.cards)) if opposed.second.cards else None
            _round_trip(play_opposed(opposed, party[0], one, party[1], two, options=options))
            stale.append(opposed)
        for character in party:
            character.cards.check()
            assert len(character.cards.all_cards()) == 52 and not character.cards.drawn
            assert (
                ResonanceCharacter.from_data(json.loads(json.dumps(character.to_data())))
                == character
            )
