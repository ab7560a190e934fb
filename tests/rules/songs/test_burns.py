from __future__ import annotations

import random

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import (
    BurnKind,
    BurnRecord,
    Enemy,
    SongsOptions,
    VanoriAbility,
    add_condition,
    aid_an_ally,
    burn_come_prepared,
    burn_custom,
    call_the_gods,
    come_prepared,
    conjure_vanori,
    custom_vanori,
    raven_weaken,
    turn_the_table,
    wolf_morale,
)
from saga_desktop.rules.songs.burns import check_burns, vanori_burn
from saga_desktop.rules.songs.character import Attribute

from .helpers import hero, small_table, snapshot

RNG = random.Random(0)
KS = Card.from_code("KS")


def test_burn_values_and_labels() -> None:
    c = hero("elk")
    assert call_the_gods(c, KS).score_bonus == 2
    assert aid_an_ally(c, KS).score_bonus == 3
    assert aid_an_ally(hero("owl"), KS).score_bonus == 2
    assert conjure_vanori(c, KS).dr_change == -2
    assert conjure_vanori(c, KS, SongsOptions(conjure_dr_reduction=3)).dr_change == -3
    assert conjure_vanori(c, KS).label == "conjured Elk"
    assert come_prepared(c, KS, "rope", 2).label == "Come Prepared: rope"
    assert turn_the_table(c, KS).label == "Turn the Table"
    assert call_the_gods(c, KS).explain() == "Hero burned K♠: Call the Gods"
    with pytest.raises(RulesError):
        come_prepared(c, KS, "rope", -1)
    with pytest.raises(RulesError):
        come_prepared(c, KS, " ")


def test_vanori_gifts_belong_to_their_vanori() -> None:
    with pytest.raises(RulesError, match="Bear"):
        vanori_burn(hero("bear"), KS, VanoriAbility.WOLF_MORALE)
    with pytest.raises(RulesError, match="Aid an Ally"):
        vanori_burn(hero("elk"), KS, VanoriAbility.ELK_AID)
    assert vanori_burn(hero("ox"), KS, VanoriAbility.OX_REST).kind is BurnKind.OX


def test_check_burns() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    check_burns([call_the_gods(c, KS)], deck, "hero")
    with pytest.raises(RulesError, match="twice"):
        check_burns([call_the_gods(c, KS)] * 2, deck)
    with pytest.raises(RulesError, match="not in"):
        check_burns([call_the_gods(c, Card.from_code("QS"))], deck)
    with pytest.raises(RulesError, match="not burned for a roll"):
        check_burns([turn_the_table(c, KS)], deck, "hero")
    with pytest.raises(RulesError, match="own hand"):
        check_burns([call_the_gods(c, KS)], deck, "ally")


def test_come_prepared_outside_a_roll() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    record = burn_come_prepared(c, deck, KS, "lantern")
    assert c.inventory[-1].name == "lantern" and KS in deck.discard
    assert (
        record.explain()
        == "Hero burned K♠: Come Prepared: lantern; lantern was in the pack all along"
    )
    assert BurnRecord.from_data(record.to_data()) == record


def test_come_prepared_needs_a_free_slot() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    add_condition(c, "Cursed", 5)
    before = snapshot(deck, c)
    with pytest.raises(RulesError, match="0 free slots"):
        burn_come_prepared(c, deck, KS, "lantern")
    assert snapshot(deck, c) == before


def test_wolf_forces_a_morale_check() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    wolves = Enemy.new("w", "Wolves", 8, count=4)
    record = wolf_morale(hero("wolf"), wolves, deck, RNG, KS)
    assert record.morale is not None and record.morale.card == Card.from_code("2H")
    assert "Morale of Wolves (x4): 2♥, they panic and run" in record.explain()


def test_wolf_with_an_empty_deck_reveals_the_burned_card() -> None:
    deck = small_table("", extra_hands={"hero": "KS"})
    record = wolf_morale(hero("wolf"), Enemy.new("w", "Wolf", 3), deck, RNG, KS)
    assert record.morale is not None and record.morale.card == KS
    deck.check()


def test_raven_steps_the_enemy_die_down() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS QS"})
    draugr = Enemy.new("d", "Draugr", 10, Die.D6)
    raven = hero("raven")
    record = raven_weaken(raven, draugr, deck, KS)
    assert draugr.damage_die is Die.D4 and (record.die_before, record.die_after) == (Die.D6, Die.D4)
    assert record.explain().endswith("Draugr's damage die steps down d6 → d4")
    before = snapshot(deck, draugr)
    with pytest.raises(RulesError, match="smallest"):
        raven_weaken(raven, draugr, deck, Card.from_code("QS"))
    assert snapshot(deck, draugr) == before
    with pytest.raises(RulesError):
        raven_weaken(hero("bear"), draugr, deck, Card.from_code("QS"))


def test_custom_gift() -> None:
    deck = small_table("2H", extra_hands={"hero": "KS"})
    c = hero()
    c.vanori = custom_vanori(
        "Fox", Attribute.DEXTERITY, Attribute.HEART, Die.D8, "Vanish in a crowd."
    )
    assert burn_custom(c, deck, KS).effect == "Vanish in a crowd."
    with pytest.raises(RulesError):
        burn_custom(hero(), deck, Card.from_code("QS"))
