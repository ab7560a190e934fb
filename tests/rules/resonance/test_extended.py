from __future__ import annotations

import json
import random

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance import (
    CheckResult,
    ExtendedChallenge,
    ExtendedState,
    ExtendedStatus,
    ResonanceCharacter,
    ResonanceOptions,
    Stat,
    add_round,
    draw_check,
    play_check,
    progress_of,
    start_extended,
)

from .helpers import card, person

RNG = random.Random(0)
MINE = ExtendedChallenge("Escape the mine", Stat.BODY, dc=9, threshold=15, rounds=4)


def _check(character: ResonanceCharacter, code: str) -> CheckResult:
    pending = draw_check(MINE.request(), character, RNG)
    return play_check(pending, character, card(code))


def test_the_collapsing_mine() -> None:
    # Kael (Body 3) and Mira (Body 2); their decks are stacked so they play what the text says.
    kael = person("Kael", body=3, top="9C 2H 3H  7C 2D 3D  QH 2S 3S")
    mira = person("Mira", body=2, top="8H 2H  QC 4D  KD 5D")
    state = start_extended(MINE)
    assert (state.pool, state.round, state.status) == (0, 0, ExtendedStatus.UNDER_WAY)
    one = [_check(kael, "9C"), _check(mira, "8H")]
    assert [(r.effective, r.margin, r.success) for r in one] == [(12, 3, True), (8, -1, False)]
    state = add_round(state, one)
    assert state.pool == 3 and state.rounds_left == 3
    assert state.history[0].explain() == "Round 1: Kael 12 (+3), Mira 8 (fail)"
    two = [_check(kael, "7C"), _check(mira, "QC")]
    assert [r.effective for r in two] == [10, 14]
    state = add_round(state, two)
    assert state.pool == 9
    three = [_check(kael, "QH"), _check(mira, "KD")]  # both succeed: +3 and +4
    assert [r.margin for r in three] == [3, 4]
    state = add_round(state, three)
    assert [r.progress for r in state.history] == [3, 6, 7]
    assert state.pool == 16 and state.round == 3  # they escape with a round to spare
    assert state.status is ExtendedStatus.SUCCEEDED and state.rounds_left == 0
    assert state.explain() == "Escape the mine: pool 16 of 15 after round 3 of 4: succeeded"
    late = draw_check(MINE.request(), kael, RNG)
    with pytest.raises(RulesError, match="already succeeded"):
        add_round(state, [play_check(late, kael, late.draw.cards[0])])
    data = json.loads(json.dumps(state.to_data()))
    assert ExtendedState.from_data(data) == state


def test_running_out_of_rounds() -> None:
    short = ExtendedChallenge("", Stat.BODY, dc=9, threshold=15, rounds=1)
    kael = person("Kael", body=3, top="9C 2H 3H")
    state = add_round(start_extended(short), [_check_any(kael, short, "9C")])
    assert state.pool == 3 and state.status is ExtendedStatus.FAILED and state.rounds_left == 0


def _check_any(
    character: ResonanceCharacter, challenge: ExtendedChallenge, code: str
) -> CheckResult:
    return play_check(draw_check(challenge.request(), character, RNG), character, card(code))


def test_bare_success_ruling() -> None:
    # The text: a success adds its margin (EV minus DC); a bare success's margin is 0.
    assert progress_of(0, True) == 0
    assert progress_of(0, True, ResonanceOptions(bare_success_progress=1)) == 1
    assert progress_of(4, True) == 4 and progress_of(-2, False) == 0
    kael = person("Kael", body=3, top="9D 2H 3H")
    state = add_round(start_extended(MINE), [_check(kael, "9D")])
    assert state.pool == 0 and state.history[-1].entries[0].progress == 0
    kind = ResonanceOptions(bare_success_progress=1)
    kael = person("Kael", body=3, top="9D 2H 3H")
    assert add_round(start_extended(MINE), [_check(kael, "9D")], kind).pool == 1


def test_round_refusals() -> None:
    kael = person("Kael", body=3, top="9C 2H 3H 10C 2D 3D")
    state = start_extended(MINE)
    with pytest.raises(RulesError, match="at least one"):
        add_round(state, [])
    first = _check(kael, "9C")
    with pytest.raises(RulesError, match="one check per round"):
        add_round(state, [first, first])
    state = add_round(state, [first])
    with pytest.raises(RulesError, match="already counted"):
        add_round(state, [first])
    other = ExtendedChallenge("", Stat.MIND, dc=9, threshold=15, rounds=4)
    wrong = _check_any(kael, other, "10C")
    with pytest.raises(RulesError, match="Body check"):
        add_round(state, [wrong])
    for bad in ({"threshold": 0}, {"rounds": 0}, {"dc": 99}):
        fields = {"name": "", "stat": Stat.BODY, "dc": 9, "threshold": 5, "rounds": 3, **bad}
        with pytest.raises(RulesError):
            ExtendedChallenge(**fields)  # type: ignore[arg-type]


def test_inconsistent_state_is_refused() -> None:
    kael = person("Kael", body=3, top="9C 2H 3H")
    state = add_round(start_extended(MINE), [_check(kael, "9C")])
    data = state.to_data()
    data["history"][0]["number"] = 2
    with pytest.raises(RulesError, match="follow each other"):
        ExtendedState.from_data(data)
