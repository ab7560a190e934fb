"""Whole sessions: the documented example runs, and any sequence of requests, legal or not,
keeps the 52 cards and every limit, while a refused request changes nothing."""

from __future__ import annotations

import doctest
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.rules import songs
from saga_desktop.rules.cards import FULL_DECK, Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    Attribute,
    Enemy,
    GearKind,
    RollKind,
    SongsCharacter,
    TrialRequest,
)
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import snapshot


def test_package_docstring_session_runs() -> None:
    failures, tried = doctest.testmod(songs, verbose=False)
    assert tried > 5 and failures == 0


def test_public_api_is_documented() -> None:
    for name in songs.__all__:
        obj = getattr(songs, name)
        if callable(obj):
            assert obj.__doc__, name


def _card(state: random.Random, deck: TableDeck, hand_id: str) -> Card:
    hand = deck.hands.get(hand_id, [])
    if hand and state.random() < 0.85:
        return state.choice(hand)
    return state.choice(FULL_DECK)  # often illegal on purpose


def _roll_kwargs(state: random.Random, c: SongsCharacter, ally: SongsCharacter, deck: TableDeck):  # type: ignore[no-untyped-def]
    burns = []
    if state.random() < 0.3:
        burns.append(songs.call_the_gods(c, _card(state, deck, c.id)))
    if state.random() < 0.2:
        burns.append(songs.aid_an_ally(ally, _card(state, deck, ally.id)))
    if state.random() < 0.1:
        burns.append(songs.conjure_vanori(c, _card(state, deck, c.id)))
    kind = RollKind.FATE if state.random() < 0.2 else RollKind.TRIAL
    return TrialRequest(
        state.choice(list(Attribute)), state.randint(0, 25), state.randint(0, 5), kind, tuple(burns)
    )


def _resolve_kwargs(
    state: random.Random, c: SongsCharacter, deck: TableDeck, revealed: tuple[Card, ...]
):  # type: ignore[no-untyped-def]
    kwargs = {}
    if revealed and state.random() < 0.4:
        kwargs["keep"] = state.choice(revealed)
    if state.random() < 0.3:
        kwargs["turn_the_table"] = songs.turn_the_table(c, _card(state, deck, c.id))
    return kwargs


def _step(
    op: int, state: random.Random, rng: random.Random, deck: TableDeck, party, enemy: Enemy
) -> None:  # type: ignore[no-untyped-def]
    c, ally = party if state.random() < 0.5 else party[::-1]
    if op in (8, 9):
        c, ally = party  # the first character has the Owl, Ox, Raven or Wolf
    if op == 12:
        c = next((p for p in party if p.resilience == 0 or p.incapacitated), c)
    if op == 0:
        roll = songs.begin_trial(_roll_kwargs(state, c, ally, deck), c, deck, rng)
        _settle(
            lambda **kw: songs.resolve_trial(roll, c, deck, rng, **kw),
            state,
            c,
            deck,
            roll.revealed,
            party,
            enemy,
        )
    elif op == 1:
        attack = songs.begin_attack(
            _roll_kwargs(state, c, ally, deck), c, enemy, deck, rng, weapon="Axe"
        )
        _settle(
            lambda **kw: songs.resolve_attack(attack, c, enemy, deck, rng, **kw),
            state,
            c,
            deck,
            attack.trial.revealed,
            party,
            enemy,
        )
    elif op == 2:
        defence = songs.begin_defence(_roll_kwargs(state, c, ally, deck), c, enemy, deck, rng)
        bear = {"bear_card": _card(state, deck, c.id)} if state.random() < 0.3 else {}
        _settle(
            lambda **kw: songs.resolve_defence(defence, c, enemy, deck, rng, **kw),
            state, c, deck, defence.trial.revealed, party, enemy, bear,
        )  # fmt: skip
    elif op == 3:
        songs.ask_oracle(deck, rng, state.randint(-1, 4))
    elif op == 4:
        state.choice([songs.reveal_reaction, songs.roll_initiative, songs.reveal_region_risk])(
            deck, rng
        )
    elif op == 5:
        ox = {"ox_card": _card(state, deck, c.id)} if state.random() < 0.3 else {}
        repair = {"repair_armor": True} if state.random() < 0.3 else {}
        if state.random() < 0.5:
            songs.short_rest(c, deck, rng, **ox, **repair)
        else:
            songs.long_rest(c, deck, rng, **repair)
    elif op == 6:
        songs.full_rest(c, clear=state.choice([None, "Hurt", "Axe"]))
    elif op == 7:
        songs.mark_xp(c, deck, rng, state.randint(0, 3))
    elif op == 8:
        songs.owl_insight(c, deck, rng, _card(state, deck, c.id))
    elif op == 9:
        state.choice([songs.raven_weaken, lambda *a: songs.wolf_morale(*a[:3], rng, a[3])])(
            c, enemy, deck, _card(state, deck, c.id)
        )
    elif op == 10:
        state.choice([
            lambda: songs.add_item(c, state.choice(["rope", "torch"])),
            lambda: songs.add_condition(c, "Hurt", state.randint(0, 3)),
            lambda: songs.drop_entry(c, state.choice(["rope", "Axe", "Hurt"])),
            lambda: songs.clear_condition(c, "Hurt"),
            lambda: songs.damage_character_gear(c, state.choice([None, "Axe"])),
            lambda: songs.burn_come_prepared(c, deck, _card(state, deck, c.id), "lantern"),
            lambda: songs.change_resilience(c, state.randint(-6, 3)),
            lambda: songs.damage_enemy_gear(enemy, state.choice(list(GearKind))),
        ])()  # fmt: skip
    elif op == 11:
        state.choice([lambda: deck.end_scene(rng), lambda: songs.start_session(party)])()
    elif op == 12:
        if c.incapacitated:
            songs.tend_wounds(c, "Scarred", state.randint(1, 2))
        else:
            request = songs.resilience_request(c, state.randint(0, 3))
            roll = songs.begin_trial(request, c, deck, rng)
            songs.resolve_trial(roll, c, deck, rng)


def _settle(resolve, state, c, deck, revealed, party, enemy, extra=None) -> None:  # type: ignore[no-untyped-def]
    """Try an often illegal resolution first; when refused, nothing may have moved."""
    kwargs = {**_resolve_kwargs(state, c, deck, revealed), **(extra or {})}
    if kwargs:
        before = snapshot(deck, *party, enemy)
        try:
            resolve(**kwargs)
            return
        except RulesError:
            assert snapshot(deck, *party, enemy) == before
    resolve()


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 2**32)), max_size=30),
    st.integers(0, 1000),
)
def test_any_sequence_keeps_cards_and_limits(ops: list[tuple[int, int]], seed: int) -> None:
    rng = random.Random(seed)
    deck = TableDeck.new(rng)
    party = [
        songs.quick_character(deck, rng, "a", "Asa", vanori=state_vanori, weapon="Axe").character
        for state_vanori in ("owl",)
    ] + [songs.quick_character(deck, rng, "b", "Bo", vanori="bear", weapon="Axe").character]
    for name in ("ox", "raven", "wolf"):
        if seed % 4 == ("ox", "raven", "wolf").index(name):
            party[0].vanori = songs.VANORI[name]
    enemy = Enemy.new("e", "Wolves", 40, Die.D8, Die.D6, count=3)
    for op, param_seed in ops:
        state = random.Random(param_seed)
        before = snapshot(deck, *party, enemy)
        try:
            _step(op, state, rng, deck, party, enemy)
        except RulesError as exc:
            assert str(exc)
            assert snapshot(deck, *party, enemy) == before, (
                f"op {op} changed things before refusing"
            )
        deck.check()
        for c in party:
            songs.check_character(c)
        enemy.check()
        if enemy.defeated:
            enemy.resilience = enemy.max_resilience
