"""Resting: short (a card), long (a card, doubled, or a repair at short-rest pace), full.

Recovery never goes above max resilience. The Ox may burn a card on a short rest to rest as on a
long one, repair included. No rest is taken at 0 resilience: a character who falls to 0 makes the
resilience trial first (success stands them up at 1), and an incapacitated one needs tending.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.burns import Burn, check_burns, vanori_burn
from saga_desktop.rules.songs.character import Gear, SongsCharacter, VanoriAbility
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.inventory import (
    GearRecord,
    InventoryRecord,
    clear_condition,
    gear_of,
    repair_gear,
)
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import REST_BY_SUIT, Trouble, reveal_and_discard


class RestKind(enum.Enum):
    """The three rests."""

    SHORT = "short"
    LONG = "long"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class RestRecord(Record):
    """A rest and what it brought."""

    character_id: str
    kind: RestKind
    before: int
    after: int
    reveal: RevealRecord | None = None
    base: int = 0
    multiplier: int = 1
    trouble: Trouble = Trouble.NONE
    ox: Burn | None = None
    repaired: GearRecord | None = None
    cleared: InventoryRecord | None = None

    @property
    def card(self) -> Card | None:
        """The rest's card (none for a full rest)."""
        return self.reveal.cards[0] if self.reveal else None

    @property
    def recovered(self) -> int:
        """Resilience actually regained."""
        return self.after - self.before

    def explain(self) -> str:
        """E.g. ``"long rest: 9♥ recover 5 x 2 = 10, resilience 2 → 9"``."""
        return english(self.words())

    def words(self) -> Words:
        """The rest as words each reader words in their own language."""
        card = card_short(self.card) if self.card is not None else None
        if card is None:
            gain = words("all resilience back")
        elif self.multiplier == 1:
            gain = words("{card} recover {base}", card=card, base=self.base)
        else:
            gain = words(
                "{card} recover {base} x {multiplier} = {total}",
                card=card,
                base=self.base,
                multiplier=self.multiplier,
                total=self.base * self.multiplier,
            )
        trouble: Words | str = ""
        if self.trouble is Trouble.AHEAD:
            trouble = words("; trouble is coming")
        elif self.trouble is Trouble.HERE:
            trouble = words("; trouble arrives")
        return words(
            "{rest}{ox}{repairs}: {gain}, resilience {before} → {after}{trouble}{cleared}",
            rest=_REST_NAMES[self.kind],
            ox=words(" made long by the Ox ({card} burned)", card=card_short(self.ox.card))
            if self.ox
            else "",
            repairs=words(", spent on repairs ({repair})", repair=self.repaired.words())
            if self.repaired
            else "",
            gain=gain,
            before=self.before,
            after=self.after,
            trouble=trouble,
            cleared=words("; cleared {name}", name=self.cleared.name) if self.cleared else "",
        )


_REST_NAMES = {
    RestKind.SHORT: words("short rest"),
    RestKind.LONG: words("long rest"),
    RestKind.FULL: words("full rest"),
}


def check_can_rest(character: SongsCharacter) -> None:
    """Raise RulesError unless ``character`` may rest at all (not at 0, not incapacitated)."""
    if character.incapacitated:
        raise RulesError(
            words("{name} is incapacitated: tend their wounds first", name=character.name)
        )
    if character.resilience <= 0:
        raise RulesError(
            words(
                "{name} is at 0 resilience: make the resilience trial before resting",
                name=character.name,
            )
        )


def _repair_target(
    character: SongsCharacter, repair_weapon: str | None, repair_armor: bool
) -> tuple[str, Gear] | None:
    if repair_weapon is not None and repair_armor:
        raise RulesError(words("One rest repairs one piece: the armor or a weapon"))
    if repair_weapon is None and not repair_armor:
        return None
    name, gear = gear_of(character, repair_weapon)
    if not gear.damaged:
        raise RulesError(words("The {name} is not damaged", name=name))
    return name, gear


def _card_rest(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions,
    kind: RestKind,
    long: bool,
    ox: Burn | None,
    repair_weapon: str | None,
    repair_armor: bool,
) -> RestRecord:
    check_can_rest(character)
    if (repair_weapon is not None or repair_armor) and not long:
        raise RulesError(words("Repairs take a long rest"))
    target = _repair_target(character, repair_weapon, repair_armor)
    if ox is not None:
        check_burns([ox], deck)
        deck.burn(ox.hand_id, ox.card)
    reveal = reveal_and_discard(deck, rng, 1, options)
    base, trouble = REST_BY_SUIT[reveal.cards[0].suit]
    repaired = repair_gear(character.id, *target) if target is not None else None
    multiplier = 2 if long and repaired is None else 1
    before = character.resilience
    character.resilience = min(character.max_resilience, before + base * multiplier)
    return RestRecord(
        character.id, kind, before, character.resilience, reveal, base, multiplier, trouble, ox,
        repaired,
    )  # fmt: skip


def short_rest(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    ox_card: Card | None = None,
    repair_weapon: str | None = None,
    repair_armor: bool = False,
) -> RestRecord:
    """Half an hour: reveal a card and recover by suit. The Ox may burn ``ox_card`` to rest long."""
    ox = vanori_burn(character, ox_card, VanoriAbility.OX_REST) if ox_card is not None else None
    return _card_rest(
        character, deck, rng, options, RestKind.SHORT, ox is not None, ox, repair_weapon,
        repair_armor,
    )  # fmt: skip


def long_rest(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    repair_weapon: str | None = None,
    repair_armor: bool = False,
) -> RestRecord:
    """A couple of hours: recovery doubled, or repair one damaged piece and recover as short."""
    return _card_rest(
        character, deck, rng, options, RestKind.LONG, True, None, repair_weapon, repair_armor
    )


def full_rest(character: SongsCharacter, clear: str | None = None) -> RestRecord:
    """A week of calm: all resilience back, and one condition cleared if the fiction allows."""
    check_can_rest(character)
    cleared = clear_condition(character, clear) if clear is not None else None
    before = character.resilience
    character.resilience = character.max_resilience
    return RestRecord(character.id, RestKind.FULL, before, character.resilience, cleared=cleared)
