"""Songs & Sagas: every rule of the game as a scriptable library.

Value types are frozen dataclasses, the character and the table deck are plain mutable objects,
randomness is passed in, and every procedure checks its request before changing anything
(a :class:`~saga_desktop.rules.errors.RulesError` leaves the table as it was). Each procedure
returns a record with ``explain()`` (one readable line) and ``to_data()`` (plain JSON-able data).

A short solo session:

>>> import random
>>> from saga_desktop.rules.songs.deck import TableDeck
>>> from saga_desktop.rules.dice import Die
>>> from saga_desktop.rules import songs
>>> rng = random.Random(3)
>>> deck = TableDeck.new(rng)
>>> created = songs.quick_character(deck, rng, "sigrid", "Sigrid", vanori="bear", weapon="Axe")
>>> sigrid = created.character
>>> request = songs.TrialRequest(songs.Attribute.STRENGTH, dr=12, risk=2)
>>> print(songs.trial_odds(request, sigrid, deck).explain())
success 45%, setback 55% (natural 1: 5%, natural 20: 5%); a red card 36.4%
>>> roll = songs.begin_trial(request, sigrid, deck, rng)
>>> print(songs.resolve_trial(roll, sigrid, deck, rng).explain())  # doctest: +ELLIPSIS
Sigrid (Strength trial): d20 10 + 3 Strength = 13 vs DR 12 + 2 (J♦, K♣) = 14: setback, ...
>>> wolves = songs.Enemy.new("wolves", "Wolves", 9, weapon=Die.D6, count=3)
>>> attack = songs.begin_attack(request, sigrid, wolves, deck, rng, weapon="Axe")
>>> print(songs.resolve_attack(attack, sigrid, wolves, deck, rng).explain())  # doctest: +ELLIPSIS
Sigrid (Strength trial, attack): d20 14 ... Wolves (x3): d6 5 = 5 damage (resilience 9 → 4)
>>> print(songs.ask_oracle(deck, rng, factors=1, question="Is the ford guarded?").explain())
Oracle: Is the ford guarded? (luck + 1 factor) Q♠, 5♥: weak yes
>>> deck.check()  # the 52 cards are all still there
"""

from saga_desktop.rules.songs.burns import (
    Burn,
    BurnKind,
    BurnRecord,
    aid_an_ally,
    burn_come_prepared,
    burn_custom,
    call_the_gods,
    come_prepared,
    conjure_vanori,
    raven_weaken,
    turn_the_table,
    wolf_morale,
)
from saga_desktop.rules.songs.character import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    INVENTORY_SLOTS,
    OPEN_ROLLS_LIMIT,
    VANORI,
    VANORI_ORDER,
    XP_BOXES,
    Attribute,
    EntryKind,
    Gear,
    GearKind,
    InventoryEntry,
    SongsCharacter,
    Vanori,
    VanoriAbility,
    custom_vanori,
)
from saga_desktop.rules.songs.combat import (
    AttackResult,
    AttackRoll,
    InitiativeRecord,
    begin_attack,
    check_morale,
    resolve_attack,
    roll_initiative,
)
from saga_desktop.rules.songs.creation import (
    AttributeCard,
    AttributeDraw,
    CreationRecord,
    ResilienceRoll,
    VanoriRoll,
    create_character,
    quick_character,
    redraw_attribute,
    reroll_max_resilience,
    reveal_attributes,
    roll_max_resilience,
    roll_vanori,
)
from saga_desktop.rules.songs.defence import (
    DefenceResult,
    DefenceRoll,
    TendRecord,
    begin_defence,
    resilience_request,
    resolve_defence,
    tend_wounds,
)
from saga_desktop.rules.songs.enemies import Enemy, damage_enemy_gear
from saga_desktop.rules.songs.experience import (
    BlessingRecord,
    Omen,
    SessionRecord,
    XpRecord,
    mark_xp,
    owl_insight,
    start_session,
)
from saga_desktop.rules.songs.inventory import (
    GearRecord,
    InventoryRecord,
    ResilienceRecord,
    add_condition,
    add_item,
    add_weapon,
    change_resilience,
    character_from_data,
    character_to_data,
    check_character,
    clear_condition,
    damage_character_gear,
    drop_entry,
    equip_armor,
)
from saga_desktop.rules.songs.mapping import (
    HEX_MILES,
    DropRecord,
    RiskRecord,
    RiskStepRecord,
    TravelEstimate,
    TravelMode,
    drop_d20,
    estimate_travel,
    reveal_region_risk,
    step_risk,
    travel_days,
)
from saga_desktop.rules.songs.odds import (
    AttackOdds,
    DefenceOdds,
    OracleOdds,
    RollOdds,
    SuitOdds,
    attack_odds,
    defence_odds,
    next_card_odds,
    oracle_odds,
    trial_odds,
)
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.oracle import OracleAnswer, OracleRecord, ask_oracle
from saga_desktop.rules.songs.rest import (
    RestKind,
    RestRecord,
    check_can_rest,
    full_rest,
    long_rest,
    short_rest,
)
from saga_desktop.rules.songs.rolls import (
    RollKind,
    RollPurpose,
    TrialRequest,
    TrialResult,
    TrialRoll,
)
from saga_desktop.rules.songs.tables import (
    Morale,
    MoraleRecord,
    Reaction,
    ReactionRecord,
    RegionMood,
    Trouble,
    describe_dr,
    reveal_reaction,
)
from saga_desktop.rules.songs.trial import (
    CancelledRoll,
    add_burn,
    begin_trial,
    cancel_trial,
    check_trial,
    resolve_trial,
)

RULESET_ID = "songs-and-sagas"
"""The id a campaign uses to pick this ruleset."""

__all__ = [
    "ATTRIBUTE_MAX",
    "ATTRIBUTE_MIN",
    "DEFAULT_OPTIONS",
    "HEX_MILES",
    "INVENTORY_SLOTS",
    "OPEN_ROLLS_LIMIT",
    "RULESET_ID",
    "VANORI",
    "VANORI_ORDER",
    "XP_BOXES",
    "AttackOdds",
    "AttackResult",
    "AttackRoll",
    "Attribute",
    "AttributeCard",
    "AttributeDraw",
    "BlessingRecord",
    "Burn",
    "BurnKind",
    "BurnRecord",
    "CancelledRoll",
    "CreationRecord",
    "DefenceOdds",
    "DefenceResult",
    "DefenceRoll",
    "DropRecord",
    "Enemy",
    "EntryKind",
    "Gear",
    "GearKind",
    "GearRecord",
    "InitiativeRecord",
    "InventoryEntry",
    "InventoryRecord",
    "Morale",
    "MoraleRecord",
    "Omen",
    "OracleAnswer",
    "OracleOdds",
    "OracleRecord",
    "Reaction",
    "ReactionRecord",
    "RegionMood",
    "ResilienceRecord",
    "ResilienceRoll",
    "RestKind",
    "RestRecord",
    "RiskRecord",
    "RiskStepRecord",
    "RollKind",
    "RollOdds",
    "RollPurpose",
    "SessionRecord",
    "SongsCharacter",
    "SongsOptions",
    "SuitOdds",
    "TendRecord",
    "TravelEstimate",
    "TravelMode",
    "TrialRequest",
    "TrialResult",
    "TrialRoll",
    "Trouble",
    "Vanori",
    "VanoriAbility",
    "VanoriRoll",
    "XpRecord",
    "add_burn",
    "add_condition",
    "add_item",
    "add_weapon",
    "aid_an_ally",
    "ask_oracle",
    "attack_odds",
    "begin_attack",
    "begin_defence",
    "begin_trial",
    "burn_come_prepared",
    "burn_custom",
    "call_the_gods",
    "cancel_trial",
    "change_resilience",
    "character_from_data",
    "character_to_data",
    "check_can_rest",
    "check_character",
    "check_morale",
    "check_trial",
    "clear_condition",
    "come_prepared",
    "conjure_vanori",
    "create_character",
    "custom_vanori",
    "damage_character_gear",
    "damage_enemy_gear",
    "defence_odds",
    "describe_dr",
    "drop_d20",
    "drop_entry",
    "equip_armor",
    "estimate_travel",
    "full_rest",
    "long_rest",
    "mark_xp",
    "next_card_odds",
    "oracle_odds",
    "owl_insight",
    "quick_character",
    "raven_weaken",
    "redraw_attribute",
    "reroll_max_resilience",
    "resilience_request",
    "resolve_attack",
    "resolve_defence",
    "resolve_trial",
    "reveal_attributes",
    "reveal_reaction",
    "reveal_region_risk",
    "roll_initiative",
    "roll_max_resilience",
    "roll_vanori",
    "short_rest",
    "start_session",
    "step_risk",
    "tend_wounds",
    "travel_days",
    "trial_odds",
    "turn_the_table",
    "wolf_morale",
]
