"""Combat operations: a full round with a seeded generator, refusals, undo and redo, the cards."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.i18n.words import english
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character, to_rules_enemy
from saga_desktop.model.songs.ops.combat import (
    AddCondition,
    Attack,
    BurnForRoll,
    BurnSpec,
    CheckMorale,
    CombatTrial,
    DamageCharacterGear,
    DamageEnemyGear,
    EndCombat,
    EndTurn,
    EnemyAttack,
    RavenWeaken,
    ResilienceTrial,
    ResolveAttack,
    ResolveCombatTrial,
    ResolveDefence,
    RollSetup,
    StartCombat,
    TendWounds,
    WolfMorale,
)
from saga_desktop.model.songs.state import Enemy, SongsPlay
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs.combat_words import attack_die_words, defence_die_words
from tests.model.songs.fight import fight_session, sheet


def play_of(session: Session) -> SongsPlay:
    play = session.campaign.play
    assert isinstance(play, SongsPlay)
    return play


def enemy(session: Session, enemy_id: str) -> Enemy:
    return next(e for e in play_of(session).enemies if e.id == enemy_id)


def cards_on_table(session: Session) -> list[str]:
    t = table_of(session.campaign)
    return t.draw + t.discard + t.revealed + [c for hand in t.hands.values() for c in hand]


def assert_52(session: Session) -> None:
    cards = cards_on_table(session)
    assert len(cards) == 52 and len(set(cards)) == 52


def dump(session: Session) -> dict[str, Any]:
    data: dict[str, Any] = session.export().model_dump(mode="json")
    data.pop("modified")
    return data


def give_card(session: Session, character: str, code: str) -> None:
    """Put a card from the draw pile into a hand (test set-up, outside the change path)."""
    table = table_of(session.campaign)
    table.draw.remove(code)
    table.hands[character].append(code)


def start_with_party_first(session: Session) -> None:
    session.apply(StartCombat(("wolves", "draugr")))
    combat = play_of(session).combat
    assert combat is not None
    if combat.turn != "party":
        session.apply(EndTurn())


# -- a full round ---------------------------------------------------------------------------------


def test_a_full_round_with_a_seeded_generator() -> None:
    session = fight_session()
    record = session.apply(StartCombat(("wolves", "draugr")))
    combat = play_of(session).combat
    assert combat is not None
    assert combat.initiative == record.card.code
    assert combat.first == ("party" if record.card.is_red else "enemies")
    assert combat.turn == combat.first and combat.round == 1
    assert record.card.code in table_of(session.campaign).discard
    assert session.campaign.journal[-1].kind == "combat"
    assert "Initiative" in session.campaign.journal[-1].text
    assert_52(session)
    if combat.turn == "enemies":
        session.apply(EndTurn())

    # Sigrid attacks the wolves with her axe.
    attack = session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"))
    assert isinstance(attack, songs.AttackRoll)
    assert play_of(session).pending is not None
    assert list(table_of(session.campaign).revealed) == [c.code for c in attack.trial.revealed]
    assert_52(session)
    before = enemy(session, "wolves").resilience
    result = session.apply(ResolveAttack())
    assert isinstance(result, songs.AttackResult)
    assert result.target_before == before
    assert result.damage == max(0, result.damage_roll - result.armor_roll)
    assert result.armor_die is Die.D4
    assert enemy(session, "wolves").resilience == before - result.damage
    die, said = attack_die_words(Die.D8, result.result.success, attack.trial.d20)
    reason = english(said)
    assert result.die is die
    entry = session.campaign.journal[-1]
    assert entry.kind == "attack" and entry.character == "pc1"
    assert entry.text.startswith(result.explain()) and reason in entry.text
    assert entry.details["die_reason"] == reason
    assert play_of(session).pending is None and not table_of(session.campaign).revealed
    if result.result.success:
        assert result.result.kept is not None
        assert result.result.kept.code in table_of(session.campaign).hands["pc1"]
    else:
        assert session.campaign.characters[0].sheet.xp == 1
    assert_52(session)

    # Bjorn attacks the draugr with a feat the GM rates d10.
    session.apply(Attack("pc2", "draugr", RollSetup("dexterity", risk=1), feat_die=10))
    feat = session.apply(ResolveAttack())
    assert feat.attack.base_die is Die.D10 and feat.armor_die is None
    assert enemy(session, "draugr").resilience == 12 - feat.damage_roll
    assert_52(session)

    # The enemies' turn: the wolves attack Sigrid, who defends.
    assert session.apply(EndTurn()) == "enemies"
    defence = session.apply(EnemyAttack("wolves", "pc1", RollSetup("dexterity", risk=2)))
    assert isinstance(defence, songs.DefenceRoll) and defence.enemy_die is Die.D6
    res_before = session.campaign.characters[0].sheet.resilience
    settled = session.apply(ResolveDefence())
    assert isinstance(settled, songs.DefenceResult)
    sigrid = session.campaign.characters[0].sheet
    if settled.hit:
        assert settled.damage == max(0, settled.damage_roll - settled.armor_roll)
        assert sigrid.resilience == max(0, res_before - settled.damage)
    else:
        assert sigrid.resilience == res_before
    assert_52(session)

    # A consequence, a morale check, and the end of the fight.
    session.apply(DamageCharacterGear("pc1"))
    assert session.campaign.characters[0].sheet.armor.damage == 1
    session.apply(AddCondition("pc1", "Bitten leg"))
    assert session.campaign.characters[0].sheet.inventory[-1].name == "Bitten leg"
    morale = session.apply(CheckMorale("draugr"))
    assert play_of(session).combat is not None
    assert play_of(session).combat.morale["draugr"] == morale.morale.value  # type: ignore[union-attr]
    assert session.apply(EndTurn()) == "party"
    assert play_of(session).combat.round == 2  # type: ignore[union-attr]
    text = session.apply(EndCombat())
    assert "ends after 2 rounds" in text
    assert play_of(session).combat is None
    kinds = [e.kind for e in session.campaign.journal]
    assert kinds.count("attack") == 4 and kinds.count("defence") == 2
    assert "consequence" in kinds and "morale" in kinds
    assert_52(session)


def test_the_same_seed_plays_the_same_fight() -> None:
    def play() -> list[str]:
        s = fight_session(seed=11)
        start_with_party_first(s)
        s.apply(Attack("pc1", "wolves", RollSetup("strength", risk=3), weapon="Axe"))
        s.apply(ResolveAttack())
        return [e.text for e in s.campaign.journal]

    assert play() == play()


# -- refusals -------------------------------------------------------------------------------------


def refused(session: Session, op: Operation, match: str) -> None:
    before = dump(session)
    with pytest.raises(OperationError, match=match):
        session.apply(op)
    assert dump(session) == before


def test_refusals_change_nothing() -> None:
    session = fight_session()
    refused(session, Attack("pc1", "wolves", weapon="Axe"), "No fight")
    refused(session, StartCombat(()), "at least one enemy")
    refused(session, StartCombat(("ghosts",)), "not in this campaign")
    refused(session, StartCombat(("wolves", "wolves")), "once")
    start_with_party_first(session)
    refused(session, StartCombat(("wolves",)), "already going on")
    refused(session, EnemyAttack("wolves", "pc1"), "party's turn")
    refused(session, Attack("pc1", "ghosts", weapon="Axe"), "not in this fight")
    refused(session, Attack("pc1", "wolves", weapon="Spear"), "no weapon called 'Spear'")
    refused(session, Attack("pc1", "wolves", weapon="Axe", feat_die=6), "not both")
    refused(session, Attack("pc1", "wolves", feat_die=20), "feat's damage die")
    refused(session, Attack("pc1", "wolves", RollSetup("luck"), weapon="Axe"), "not an attribute")
    burn = BurnSpec("call_the_gods", "AS", "pc1")
    refused(session, Attack("pc1", "wolves", RollSetup(burns=(burn,)), weapon="Axe"), "not in")
    refused(session, ResolveAttack(), "no attack waiting")
    refused(session, ResolveDefence(), "no defence waiting")
    refused(session, BurnForRoll(burn), "no roll waiting")
    session.apply(Attack("pc1", "wolves", RollSetup(risk=2), weapon="Axe"))
    refused(session, Attack("pc2", "wolves", weapon="Bow"), "still waiting")
    refused(session, EndTurn(), "still waiting")
    refused(session, EndCombat(), "still waiting")
    refused(session, ResolveAttack(damage_roll=9), "shows a number from 1 to")
    refused(session, ResolveAttack(keep="AS"), "AS|A♠|No card|not revealed")
    session.apply(ResolveAttack())
    refused(session, Attack("pc1", "wolves", weapon="Axe"), "already acted")
    refused(session, DamageEnemyGear("draugr", "armor"), "wears no armor")
    refused(session, AddCondition("pc1", "Cursed", 6), "free slot")
    refused(session, TendWounds("pc1", "Scar"), "not incapacitated")
    refused(session, ResilienceTrial("pc1"), "no resilience trial is due")
    refused(session, RavenWeaken("pc1", "wolves", "AS"), "no such gift")
    assert_52(session)


# -- undo and redo --------------------------------------------------------------------------------


def test_undo_and_redo_are_exact() -> None:
    session = fight_session(seed=3)
    ops: list[Operation] = [
        StartCombat(("wolves", "draugr")),
        EndTurn(),
        EndTurn(),
        Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"),
        ResolveAttack(),
        CombatTrial("pc2", RollSetup("willpower", risk=1), intent="break the draugr's blade"),
        ResolveCombatTrial(),
        DamageEnemyGear("draugr", "weapon"),
        EndTurn(),
        EnemyAttack("draugr", "pc2", RollSetup("dexterity", risk=2)),
        ResolveDefence(),
        CheckMorale("wolves"),
        EndCombat(),
    ]
    states = [dump(session)]
    for op in ops:
        session.apply(op)
        assert_52(session)
        states.append(dump(session))
    for state in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == state
    for state in states[1:]:
        assert session.redo()
        assert dump(session) == state
    # Replaying after an undo draws the same cards and dice: the generator was restored too.
    session.undo()
    session.undo()
    session.apply(CheckMorale("wolves"))
    replayed, first = dump(session)["journal"][-1], states[-2]["journal"][-1]
    assert {**replayed, "at": None} == {**first, "at": None}


# -- the damage die, setbacks, Turn the Table -----------------------------------------------------


@pytest.mark.parametrize(
    ("base", "success", "d20", "die", "words"),
    [
        (Die.D8, True, 14, Die.D8, "as it is"),
        (Die.D8, True, 20, Die.D10, "steps up to d10"),
        (Die.D12, True, 20, Die.D12, "cannot step higher"),
        (Die.D8, False, 5, Die.D6, "steps down to d6"),
        (Die.D8, False, 1, Die.D4, "two steps to d4"),
        (Die.D6, False, 1, Die.D4, "smallest"),
        (Die.D4, False, 3, Die.D4, "cannot step lower"),
    ],
)
def test_attack_die_change(base: Die, success: bool, d20: int, die: Die, words: str) -> None:
    got, said = attack_die_words(base, success, d20)
    reason = english(said)
    assert got is die and words in reason


def test_defence_die_change() -> None:
    die, said = defence_die_words(Die.D6, 1)
    assert (die, english(said)) == (Die.D8, "natural 1: d6 steps up to d8")
    assert defence_die_words(Die.D6, 7)[0] is Die.D6


def test_a_setback_marks_xp_and_steps_the_die_down() -> None:
    session = fight_session()
    start_with_party_first(session)
    session.apply(Attack("pc1", "wolves", RollSetup(risk=1, d20=2), weapon="Axe"))
    result = session.apply(ResolveAttack(damage_roll=5, armor_roll=4))
    assert not result.result.success and result.die is Die.D6
    assert result.damage == 1 and enemy(session, "wolves").resilience == 8
    assert session.campaign.characters[0].sheet.xp == 1
    assert "setback: d8 steps down to d6" in session.campaign.journal[-1].text


def test_turn_the_table_and_a_consequence_instead_of_damage() -> None:
    session = fight_session()
    start_with_party_first(session)
    give_card(session, "pc1", table_of(session.campaign).draw[0])
    card = table_of(session.campaign).hands["pc1"][0]
    session.apply(Attack("pc1", "wolves", RollSetup(risk=1, d20=1), weapon="Axe"))
    result = session.apply(ResolveAttack(turn_the_table=card, damage_roll=8, armor_roll=1))
    assert result.result.success and result.result.turned is not None
    assert result.die is Die.D8 and result.damage == 7
    assert card in table_of(session.campaign).discard
    assert session.campaign.characters[0].sheet.xp == 0
    session.apply(Attack("pc2", "draugr", RollSetup(risk=1, d20=2), weapon="Bow"))
    quiet = session.apply(ResolveAttack(deal_damage=False, consequence="the bowstring snaps"))
    assert quiet.damage == 0 and enemy(session, "draugr").resilience == 12
    assert "the bowstring snaps" in session.campaign.journal[-1].text
    session.apply(DamageCharacterGear("pc2", "Bow", "the bowstring snapped"))
    assert session.campaign.characters[1].sheet.inventory[0].weapon.damage == 1  # type: ignore[union-attr]
    assert_52(session)


def test_burn_after_the_roll() -> None:
    session = fight_session()
    start_with_party_first(session)
    give_card(session, "pc1", table_of(session.campaign).draw[0])
    give_card(session, "pc2", table_of(session.campaign).draw[0])
    mine, theirs = (
        table_of(session.campaign).hands["pc1"][0],
        table_of(session.campaign).hands["pc2"][0],
    )
    attack = session.apply(Attack("pc1", "wolves", RollSetup(risk=1, d20=8), weapon="Axe"))
    boosted = session.apply(BurnForRoll(BurnSpec("call_the_gods", mine, "pc1")))
    assert boosted.trial.score == attack.trial.score + 2
    refused(session, BurnForRoll(BurnSpec("aid_an_ally", theirs, "pc1")), "another character")
    aided = session.apply(BurnForRoll(BurnSpec("aid_an_ally", theirs, "pc2")))
    assert aided.trial.score == attack.trial.score + 4
    assert session.campaign.journal[-1].kind == "burn"
    result = session.apply(ResolveAttack())
    assert result.result.kept is None  # no card once a card was burned
    assert_52(session)


# -- defence, falling to 0, the Vanori ------------------------------------------------------------


def test_falling_to_zero_then_the_resilience_trial_and_tending() -> None:
    session = fight_session()
    session.apply(StartCombat(("draugr",)))
    if play_of(session).combat.turn == "party":  # type: ignore[union-attr]
        session.apply(EndTurn())
    give_card(session, "pc1", table_of(session.campaign).draw[0])
    bear = table_of(session.campaign).hands["pc1"][0]
    session.apply(EnemyAttack("draugr", "pc1", RollSetup("dexterity", risk=1, d20=1)))
    # Natural 1: the d8 steps up to a d10; armor d4 and the Bear's d4 come off.
    hit = session.apply(ResolveDefence(bear_card=bear, damage_roll=10, armor_roll=1, bear_roll=1))
    assert hit.die is Die.D10 and hit.damage == 8 and hit.bear is not None
    assert "natural 1: d8 steps up to d10" in session.campaign.journal[-1].text
    assert session.campaign.characters[0].sheet.resilience == 2
    refused(session, EnemyAttack("draugr", "pc2"), "already acted")
    session.apply(EndTurn())
    session.apply(EndTurn())
    session.apply(EnemyAttack("draugr", "pc1", RollSetup("dexterity", risk=1, d20=2)))
    down = session.apply(ResolveDefence(damage_roll=8, armor_roll=1))
    assert down.reached_zero and "resilience trial is due" in session.campaign.journal[-1].text
    refused(session, Attack("pc1", "draugr", weapon="Axe"), "already acted|turn|0 resilience")
    session.apply(ResilienceTrial("pc1", d20=2))
    trial = session.apply(ResolveCombatTrial())
    assert trial.incapacitated and session.campaign.characters[0].sheet.incapacitated
    assert session.campaign.journal[-1].kind == "resilience"
    session.apply(TendWounds("pc1", "Broken ribs"))
    sigrid = session.campaign.characters[0].sheet
    assert sigrid.resilience == 1 and not sigrid.incapacitated
    assert_52(session)


def test_natural_20_on_defence_lowers_the_next_dr() -> None:
    session = fight_session()
    session.apply(StartCombat(("wolves",)))
    if play_of(session).combat.turn == "party":  # type: ignore[union-attr]
        session.apply(EndTurn())
    session.apply(EnemyAttack("wolves", "pc2", RollSetup("dexterity", risk=1, d20=20)))
    result = session.apply(ResolveDefence())
    assert not result.hit and result.next_dr_reduction == 2
    assert session.campaign.characters[1].sheet.next_roll_dr_reduction == 2


def test_raven_weakens_for_the_fight_and_wolf_forces_morale() -> None:
    session = fight_session()
    start_with_party_first(session)
    give_card(session, "pc2", table_of(session.campaign).draw[0])
    card = table_of(session.campaign).hands["pc2"][0]
    session.apply(RavenWeaken("pc2", "draugr", card))
    assert enemy(session, "draugr").weakened == 1
    assert to_rules_enemy(enemy(session, "draugr")).damage_die is Die.D6
    session.apply(EndCombat())
    assert enemy(session, "draugr").weakened == 0

    wolfish = fight_session()
    wolfish.apply(AddCharacter("Ulla", sheet=sheet("wolf", "Spear", 6)))
    start_with_party_first(wolfish)
    give_card(wolfish, "pc3", table_of(wolfish.campaign).draw[0])
    card = table_of(wolfish.campaign).hands["pc3"][0]
    record = wolfish.apply(WolfMorale("pc3", "wolves", card))
    assert record.morale is not None
    combat = play_of(wolfish).combat
    assert combat is not None and combat.morale["wolves"] == record.morale.morale.value
    assert_52(wolfish)


def test_an_enemy_that_flees_is_out_of_the_fight() -> None:
    for seed in range(40):
        session = fight_session(seed)
        start_with_party_first(session)
        morale = session.apply(CheckMorale("wolves"))
        if morale.leaves_fight:
            refused(session, Attack("pc1", "wolves", weapon="Axe"), "out of the fight")
            refused(session, CheckMorale("wolves"), "out of the fight")
            assert "fled" in session.apply(EndCombat()) or "surrendered" in str(
                session.campaign.journal[-1].text
            )
            return
    pytest.fail("no seed made the wolves flee")


def test_odds_match_the_engine_for_the_same_table() -> None:
    """The rules objects the panel builds for odds are the ones the operations use."""
    session = fight_session()
    start_with_party_first(session)
    c = session.campaign
    character = to_rules_character(c.characters[0])
    wolves = to_rules_enemy(enemy(session, "wolves"))
    from saga_desktop.rules.songs.deck import TableDeck

    deck = TableDeck.from_codes(
        table_of(c).draw, table_of(c).discard, table_of(c).revealed, table_of(c).hands
    )
    request = songs.TrialRequest(songs.Attribute.STRENGTH, 12, 2)
    odds = songs.attack_odds(request, character, wolves, deck, weapon="Axe")
    assert 0 < odds.roll.success < 1 and sum(odds.damage) == 1


# -- any sequence ----------------------------------------------------------------------------------

CHARACTERS = st.sampled_from(["pc1", "pc2"])
ENEMIES = st.sampled_from(["wolves", "draugr"])
SETUPS = st.builds(
    RollSetup,
    attribute=st.sampled_from(["strength", "dexterity", "willpower", "heart"]),
    dr=st.sampled_from([9, 12, 15]),
    risk=st.integers(0, 4),
    d20=st.none() | st.integers(1, 20),
)
OPS = st.one_of(
    st.builds(StartCombat, st.sampled_from([("wolves",), ("draugr",), ("wolves", "draugr")])),
    st.builds(EndTurn),
    st.builds(EndCombat),
    st.builds(Attack, CHARACTERS, ENEMIES, SETUPS, weapon=st.sampled_from(["Axe", "Bow"])),
    st.builds(Attack, CHARACTERS, ENEMIES, SETUPS, feat_die=st.sampled_from([4, 8, 12])),
    st.builds(CombatTrial, CHARACTERS, SETUPS),
    st.builds(EnemyAttack, ENEMIES, CHARACTERS, SETUPS),
    st.builds(ResolveAttack, deal_damage=st.booleans()),
    st.builds(ResolveDefence, take_damage=st.booleans()),
    st.builds(ResolveCombatTrial),
    st.builds(ResilienceTrial, CHARACTERS),
    st.builds(CheckMorale, ENEMIES),
    st.builds(DamageCharacterGear, CHARACTERS),
    st.builds(DamageEnemyGear, ENEMIES, st.sampled_from(["weapon", "armor"])),
    st.builds(AddCondition, CHARACTERS, st.just("Wounded")),
    st.builds(TendWounds, CHARACTERS, st.just("Scarred")),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 1000), st.lists(OPS, min_size=1, max_size=30))
def test_any_sequence_keeps_the_cards_and_undoes_exactly(seed: int, ops: list[Operation]) -> None:
    session = fight_session(seed)
    states = [dump(session)]
    for op in ops:
        before = dump(session)
        try:
            session.apply(op)
        except OperationError:
            assert dump(session) == before
            continue
        assert_52(session)
        states.append(dump(session))
    for state in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == state
