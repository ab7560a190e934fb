"""The dice-pool ruleset: character cards, checks, assists, combat rounds and exact odds.

Every value is a frozen record with ``explain()`` and ``to_data()``/``from_data()``; randomness
is passed in (or the faces of physical dice are given instead), and an illegal request raises a
:class:`~saga_desktop.rules.errors.RulesError` and changes nothing. The rulings the text leaves
open are data in :data:`RULINGS`; those tables may differ on are :class:`DicePoolOptions`.

A check and a round of combat:

>>> import random
>>> from saga_desktop.rules import dicepool as dp
>>> mara = dp.create_character(dp.CharacterCard(
...     "mara", "Mara", strength=1, reflexes=3, intellect=2, skills=(("Survival", 2),),
...     proficiencies=(("Blades", 1),), weapons=(dp.Weapon("Sword", 1, "Blades"),),
...     armor=dp.Armor("Mail", 2)))
>>> request = dp.CheckRequest(dp.Attribute.INT, "Survival", cl=3)
>>> print(dp.check_odds(request, mara).explain())
CL 3: success 77.3%, 2+ degrees 22.7%
>>> print(dp.roll_check(request, mara, random.Random(3)).explain())
Mara (INT + Survival vs CL 3 (moderate)): 3 base + 2 INT + 2 Survival = 7D6 [2 5 5 2 3 5 4] \
4 wins; 4 final wins: success, 1 degree
>>> hound = dp.CharacterCard("hound", "Hound", strength=2, reflexes=2)
>>> fight = dp.start_encounter([dp.combatant(mara, dp.Side.PLAYER),
...                             dp.combatant(hound, dp.Side.MONSTER)])
>>> fight, _ = dp.declare(fight, dp.Declaration("hound", dp.Action.ATTACK, "mara"))
>>> fight, _ = dp.declare(fight, dp.Declaration("mara", dp.Action.ATTACK, "hound"))
>>> print(dp.combat_odds(fight)[0].explain())
Mara (10D6) vs Hound (7D6): Mara wins 31.5%, Hound wins 7.2%, tie 14.8%; \
in the other 46.5%, the loser's STR cancels the higher roll
>>> fight, roll = dp.roll_combat(fight, "mara", faces=(6, 6, 5, 5, 4, 4, 6, 5, 4, 1))
>>> print(roll.explain())
Mara (attack): 3 base + 1 STR + 3 REF + 2 INT + 1 Blades + 1 Sword - 1 armor = 10D6 \
[6 6 5 5 4 4 6 5 4 1] 9 wins
>>> fight, _ = dp.roll_combat(fight, "hound", faces=(4, 5, 6, 4, 5, 6, 4))
>>> fight, comparison = dp.compare(fight)
>>> print(comparison.explain())
Round 1: Mara 9 vs Hound 7: Mara wins, victory level 2 (Player action)
>>> fight, record = dp.apply_outcome(fight, 0, "mara", dp.OutcomeKind.INJURY, 2, "a cut")
>>> print(record.explain())
Player action: Mara → Hound, victory level 2: level 2 injury (a cut)
"""

from saga_desktop.rules.dicepool.character import (
    Armor,
    Attribute,
    CharacterCard,
    Injury,
    TraitKind,
    Weapon,
    check_character,
    create_character,
)
from saga_desktop.rules.dicepool.checks import (
    AssistRequest,
    AssistResult,
    CheckRequest,
    CheckResult,
    assist_pool,
    check_pool,
    describe_cl,
    roll_assist,
    roll_check,
)
from saga_desktop.rules.dicepool.combat import (
    UNARMED,
    Comparison,
    check_declaration,
    check_phase,
    combat_pool,
    combatant,
    compare,
    declaration_order,
    declare,
    exchange_pairs,
    order_key,
    resolution_order,
    roll_combat,
    start_encounter,
    threatened,
)
from saga_desktop.rules.dicepool.combat_odds import (
    ExchangeOdds,
    combat_odds,
)
from saga_desktop.rules.dicepool.encounter import (
    Action,
    Combatant,
    CombatRoll,
    Declaration,
    Encounter,
    Exchange,
    Outcome,
    OutcomeKind,
    Phase,
    Side,
)
from saga_desktop.rules.dicepool.integrity import (
    check_encounter,
    check_result,
    encounter_from_data,
)
from saga_desktop.rules.dicepool.odds import (
    AssistOdds,
    CheckOdds,
    assist_odds,
    check_odds,
    percent,
    victory_weights,
    win_counts,
)
from saga_desktop.rules.dicepool.options import (
    DEFAULT_OPTIONS,
    ArmorPenalty,
    ArmorSoak,
    DicePoolOptions,
    OffhandBonus,
)
from saga_desktop.rules.dicepool.outcomes import (
    OutcomeRecord,
    RoundEnd,
    StrengthRecord,
    apply_outcome,
    end_round,
    outcome_level,
    use_strength,
)
from saga_desktop.rules.dicepool.pool import (
    DiceRoll,
    Pool,
    check_faces,
    count_wins,
    make_pool,
    roll_pool,
)
from saga_desktop.rules.dicepool.rulings import (
    ARMOR_LEVEL_MAX,
    ARMORS,
    ASSIST_CL,
    BASE_DICE,
    CHALLENGE_LEVELS,
    CL_MAX,
    CL_MIN,
    DEFEND_BONUS,
    INJURY_MAX,
    MIN_POOL,
    PROFICIENCY_MAX,
    PRONE_PENALTY,
    RULINGS,
    SHIELD_LEVEL_MAX,
    SHIELDS,
    STAGGER_PENALTY,
    VOCATION_MAX,
    WEAPON_BONUS_MAX,
    WIN_FACE,
    Ruling,
)

RULESET_ID = "dice-pool"
"""The id a campaign uses to pick this ruleset."""

RULES_VERSION = 1
"""The version of these rules; a campaign records it to notice rule changes."""

__all__ = [
    "ARMORS",
    "ARMOR_LEVEL_MAX",
    "ASSIST_CL",
    "BASE_DICE",
    "CHALLENGE_LEVELS",
    "CL_MAX",
    "CL_MIN",
    "DEFAULT_OPTIONS",
    "DEFEND_BONUS",
    "INJURY_MAX",
    "MIN_POOL",
    "PROFICIENCY_MAX",
    "PRONE_PENALTY",
    "RULESET_ID",
    "RULES_VERSION",
    "RULINGS",
    "SHIELDS",
    "SHIELD_LEVEL_MAX",
    "STAGGER_PENALTY",
    "UNARMED",
    "VOCATION_MAX",
    "WEAPON_BONUS_MAX",
    "WIN_FACE",
    "Action",
    "Armor",
    "ArmorPenalty",
    "ArmorSoak",
    "AssistOdds",
    "AssistRequest",
    "AssistResult",
    "Attribute",
    "CharacterCard",
    "CheckOdds",
    "CheckRequest",
    "CheckResult",
    "CombatRoll",
    "Combatant",
    "Comparison",
    "Declaration",
    "DicePoolOptions",
    "DiceRoll",
    "Encounter",
    "Exchange",
    "ExchangeOdds",
    "Injury",
    "OffhandBonus",
    "Outcome",
    "OutcomeKind",
    "OutcomeRecord",
    "Phase",
    "Pool",
    "RoundEnd",
    "Ruling",
    "Side",
    "StrengthRecord",
    "TraitKind",
    "Weapon",
    "apply_outcome",
    "assist_odds",
    "assist_pool",
    "check_character",
    "check_declaration",
    "check_encounter",
    "check_faces",
    "check_odds",
    "check_phase",
    "check_pool",
    "check_result",
    "combat_odds",
    "combat_pool",
    "combatant",
    "compare",
    "count_wins",
    "create_character",
    "declaration_order",
    "declare",
    "describe_cl",
    "encounter_from_data",
    "end_round",
    "exchange_pairs",
    "make_pool",
    "order_key",
    "outcome_level",
    "percent",
    "resolution_order",
    "roll_assist",
    "roll_check",
    "roll_combat",
    "roll_pool",
    "start_encounter",
    "threatened",
    "use_strength",
    "victory_weights",
    "win_counts",
]
