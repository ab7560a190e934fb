"""Resonance: every character draws from their own deck, and matching suits resonate.

The GM calls a check on one of four stats (Heart ♥, Body ♣, Mind ♦, Spirit ♠) with a DC. The
character draws cards equal to the stat (at least 2), plays one to their fatigue pile and puts
the rest under their deck. A card is worth its value (J 11, Q 12, K 13, A 14), plus the stat when
its suit matches the stat; meeting the DC succeeds. Checks run in two phases (draw, then play);
a refused request changes nothing, and odds are exact fractions.

Kael (Body 3) climbs a cliff at DC 9:

>>> import random
>>> from saga_desktop.rules.cards import Card
>>> from saga_desktop.rules.resonance import (
...     CharacterDeck, CheckRequest, ResonanceCharacter, Stat, check_odds, draw_check, play_check)
>>> top = ["5C", "9D", "QS"]  # the first three cards Kael will draw
>>> rest = [c.code for c in CharacterDeck.new(random.Random(1)).deck if c.code not in top]
>>> kael = ResonanceCharacter("kael", "Kael", {Stat.HEART: 2, Stat.BODY: 3, Stat.MIND: 2,
...     Stat.SPIRIT: 2}, CharacterDeck.from_codes(rest + top[::-1]))
>>> request = CheckRequest(Stat.BODY, 9)
>>> print(check_odds(request, kael).explain())
draws 3 cards: success 89.6%
>>> pending = draw_check(request, kael, random.Random(2))
>>> print(pending.draw.explain())
Kael draws 5♣, 9♦, Q♠ (Body 3)
>>> for choice in pending.choices:
...     print(choice.explain())
5♣ 8 (resonance): fails
9♦ 9: passes
Q♠ 12: passes
>>> print(play_check(pending, kael, Card.from_code("9D")).explain())
Kael (Body check, DC 9): plays 9♦ 9 vs 9: bare success; 5♣, Q♠ to the bottom
>>> len(kael.cards.fatigue), kael.cards.deck[0].code  # the Queen will come back up last
(1, 'QS')
"""

from saga_desktop.rules.resonance.character import (
    Adversary,
    CharacterDeck,
    DeckMeter,
    ResonanceCharacter,
)
from saga_desktop.rules.resonance.check import (
    CardChoice,
    CheckRequest,
    CheckResult,
    Draw,
    PendingCheck,
    against_guard,
    against_resolve,
    draw_check,
    play_check,
)
from saga_desktop.rules.resonance.choices import PlayOption, card_options, play_options
from saga_desktop.rules.resonance.contest import (
    Decider,
    OpposedResult,
    PendingOpposed,
    Side,
    decide,
    draw_opposed,
    play_opposed,
)
from saga_desktop.rules.resonance.creation import RestRecord, check_stats, create_character, rest
from saga_desktop.rules.resonance.extended import (
    ExtendedChallenge,
    ExtendedRound,
    ExtendedState,
    ExtendedStatus,
    ProgressEntry,
    add_round,
    progress_of,
    start_extended,
)
from saga_desktop.rules.resonance.group import GroupResult, PendingGroup, draw_group, play_group
from saga_desktop.rules.resonance.odds import (
    CheckOdds,
    ExtendedOdds,
    GroupOdds,
    OpposedOdds,
    cards_to_draw,
    check_odds,
    extended_odds,
    group_odds,
    opposed_odds,
)
from saga_desktop.rules.resonance.options import (
    DEFAULT_OPTIONS,
    EmptyDeck,
    ResonanceOptions,
    TieBreak,
)
from saga_desktop.rules.resonance.values import (
    DC_LIMIT,
    HIGH_CARD,
    STAT_MAX,
    STAT_MIN,
    Degree,
    Stat,
    Tier,
    card_value,
    degree_of,
    describe_dc,
    effective_value,
    resonates,
)

RULESET_ID = "resonance"
"""The id a campaign uses to pick this ruleset."""

RULES_VERSION = 1
"""The version of these rules; bumped when a ruling changes what a stored record means."""

__all__ = [
    "DC_LIMIT",
    "DEFAULT_OPTIONS",
    "HIGH_CARD",
    "RULESET_ID",
    "RULES_VERSION",
    "STAT_MAX",
    "STAT_MIN",
    "Adversary",
    "CardChoice",
    "CharacterDeck",
    "CheckOdds",
    "CheckRequest",
    "CheckResult",
    "Decider",
    "DeckMeter",
    "Degree",
    "Draw",
    "EmptyDeck",
    "ExtendedChallenge",
    "ExtendedOdds",
    "ExtendedRound",
    "ExtendedState",
    "ExtendedStatus",
    "GroupOdds",
    "GroupResult",
    "OpposedOdds",
    "OpposedResult",
    "PendingCheck",
    "PendingGroup",
    "PendingOpposed",
    "PlayOption",
    "ProgressEntry",
    "ResonanceCharacter",
    "ResonanceOptions",
    "RestRecord",
    "Side",
    "Stat",
    "TieBreak",
    "Tier",
    "add_round",
    "against_guard",
    "against_resolve",
    "card_options",
    "card_value",
    "cards_to_draw",
    "check_odds",
    "check_stats",
    "create_character",
    "decide",
    "degree_of",
    "describe_dc",
    "draw_check",
    "draw_group",
    "draw_opposed",
    "effective_value",
    "extended_odds",
    "group_odds",
    "opposed_odds",
    "play_check",
    "play_group",
    "play_opposed",
    "play_options",
    "progress_of",
    "resonates",
    "rest",
    "start_extended",
]
