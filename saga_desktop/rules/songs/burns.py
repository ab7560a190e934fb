"""Burning cards: the four common uses, conjuring the Vanori, and each Vanori's ability.

A :class:`Burn` is a value naming the card, whose hand it leaves and what it does. Burns made for
a roll are passed to the trial (see ``trial.TrialRequest``); the others are procedures here
(Come Prepared outside a roll, Wolf, Raven, a custom Vanori's gift) or live with the rule they
change (Bear in ``combat``, Ox in ``rest``, Owl in ``experience``). A burned card goes to the
discard pile.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.character import VANORI, SongsCharacter, VanoriAbility
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.enemies import Enemy
from saga_desktop.rules.songs.inventory import InventoryRecord, add_item, check_room, clean_name
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import MoraleRecord, reveal_morale


class BurnKind(enum.Enum):
    """What a burned card is for."""

    CALL_THE_GODS = "call_the_gods"
    AID_AN_ALLY = "aid_an_ally"
    TURN_THE_TABLE = "turn_the_table"
    COME_PREPARED = "come_prepared"
    CONJURE_VANORI = "conjure_vanori"
    BEAR = "bear"
    WOLF = "wolf"
    RAVEN = "raven"
    OX = "ox"
    OWL = "owl"
    CUSTOM = "custom"


ROLL_BURNS = frozenset(
    {BurnKind.CALL_THE_GODS, BurnKind.AID_AN_ALLY, BurnKind.CONJURE_VANORI, BurnKind.COME_PREPARED}
)
"""Burns that can be made for a trial or fate roll before it resolves."""


_LABELS = {
    BurnKind.CALL_THE_GODS: "Call the Gods",
    BurnKind.TURN_THE_TABLE: "Turn the Table",
    BurnKind.CUSTOM: "Vanori's gift",
}


@dataclass(frozen=True, slots=True)
class Burn(Record):
    """One card burned: by whom, and its effect on a roll's score or DR."""

    kind: BurnKind
    card: Card
    hand_id: str
    by: str
    score_bonus: int = 0
    dr_change: int = 0
    item: str = ""

    @property
    def label(self) -> str:
        """How the burn appears in a sum, e.g. ``"Call the Gods"`` or ``"aid from Bjorn (Elk)"``."""
        if self.kind is BurnKind.AID_AN_ALLY:
            return f"aid from {self.by}" + (" (Elk)" if self.score_bonus == 3 else "")
        if self.kind is BurnKind.CONJURE_VANORI:
            return f"conjured {self.item or 'Vanori'}"
        if self.kind is BurnKind.COME_PREPARED:
            return f"Come Prepared: {self.item}"
        return _LABELS.get(self.kind, self.kind.name.capitalize())

    def explain(self) -> str:
        """E.g. ``"Sigrid burned 4♦: Call the Gods"``."""
        return f"{self.by} burned {self.card}: {self.label}"

    def words(self) -> Words:
        """The burn as words each reader words in their own language."""
        return words(
            "{name} burned {card}: {burn}",
            name=self.by,
            card=card_short(self.card),
            burn=burn_words(self),
        )


def burn_words(burn: Burn) -> Words | str:
    """How a burn appears in a sum: ``"Call the Gods"``, ``"aid from Bjorn (Elk)"``."""
    if burn.kind is BurnKind.AID_AN_ALLY:
        if burn.score_bonus == 3:
            return words("aid from {name} (Elk)", name=burn.by)
        return words("aid from {name}", name=burn.by)
    if burn.kind is BurnKind.CONJURE_VANORI:
        vanori: Value = (
            words(burn.item) if burn.item in {v.name for v in VANORI.values()} else burn.item
        )
        return words("conjured {vanori}", vanori=vanori or words("Vanori"))
    if burn.kind is BurnKind.COME_PREPARED:
        return words("Come Prepared: {item}", item=burn.item)
    return words(burn.label)


def _burn(
    kind: BurnKind,
    who: SongsCharacter,
    card: Card,
    *,
    score_bonus: int = 0,
    dr_change: int = 0,
    item: str = "",
) -> Burn:
    return Burn(kind, card, who.id, who.name, score_bonus, dr_change, item)


def call_the_gods(character: SongsCharacter, card: Card) -> Burn:
    """+2 to the roller's own score."""
    return _burn(BurnKind.CALL_THE_GODS, character, card, score_bonus=2)


def aid_an_ally(helper: SongsCharacter, card: Card) -> Burn:
    """+2 to an ally's score from the helper's hand; +3 when the helper's Vanori is the Elk."""
    bonus = 3 if helper.vanori.ability is VanoriAbility.ELK_AID else 2
    return _burn(BurnKind.AID_AN_ALLY, helper, card, score_bonus=bonus)


def conjure_vanori(
    character: SongsCharacter, card: Card, options: SongsOptions = DEFAULT_OPTIONS
) -> Burn:
    """Call the Vanori forth (or take its shape) for this roll: the DR is reduced."""
    return _burn(
        BurnKind.CONJURE_VANORI,
        character,
        card,
        dr_change=-options.conjure_dr_reduction,
        item=character.vanori.name,
    )


def come_prepared(character: SongsCharacter, card: Card, item: str, dr_reduction: int = 0) -> Burn:
    """An item that was there all along; for a roll, the GM may let it lower the DR."""
    if dr_reduction < 0:
        raise RulesError(words("Coming prepared can lower a DR, never raise it"))
    name = clean_name(item, "The item")
    return _burn(BurnKind.COME_PREPARED, character, card, dr_change=-dr_reduction, item=name)


def turn_the_table(character: SongsCharacter, card: Card) -> Burn:
    """Turn a setback into a success; the GM adds a consequence (used when resolving a roll)."""
    return _burn(BurnKind.TURN_THE_TABLE, character, card)


def vanori_burn(character: SongsCharacter, card: Card, ability: VanoriAbility) -> Burn:
    """A burn for the character's own Vanori ability; RulesError for another Vanori's."""
    if ability is VanoriAbility.ELK_AID:
        raise RulesError(words("The Elk's gift works through Aid an Ally"))
    if character.vanori.ability is not ability:
        raise RulesError(
            words(
                "{name}'s Vanori is the {name2}, which has no such gift",
                name=character.name,
                name2=character.vanori.name,
            )
        )
    return _burn(BurnKind(ability.value), character, card)


def check_burns(burns: Iterable[Burn], deck: TableDeck, roller_id: str | None = None) -> None:
    """Raise RulesError unless every card lies in the right hand and none is burned twice."""
    seen: set[Card] = set()
    conjured = False
    for burn in burns:
        if burn.card in seen:
            raise RulesError(words("{card} cannot be burned twice", card=str(burn.card)))
        seen.add(burn.card)
        if burn.card not in deck.hand(burn.hand_id):
            raise RulesError(words("{card} is not in {by}'s hand", card=str(burn.card), by=burn.by))
        if roller_id is None:
            continue
        if burn.kind not in ROLL_BURNS:
            raise RulesError(words("{label} is not burned for a roll", label=burn.label))
        if (burn.kind is BurnKind.AID_AN_ALLY) == (burn.hand_id == roller_id):
            raise RulesError(
                "Aid an Ally comes from another character's hand"
                if burn.kind is BurnKind.AID_AN_ALLY
                else f"{burn.label} is burned from the roller's own hand"
            )
        if burn.kind is BurnKind.CONJURE_VANORI:
            if conjured:
                raise RulesError(words("The Vanori is conjured once per roll"))
            conjured = True


@dataclass(frozen=True, slots=True)
class BurnRecord(Record):
    """A burn made outside a roll, and what it did."""

    burn: Burn
    effect: str
    enemy_id: str = ""
    die_before: Die | None = None
    die_after: Die | None = None
    morale: MoraleRecord | None = None
    inventory: InventoryRecord | None = None

    def explain(self) -> str:
        """E.g. ``"Eira burned 9♣: Raven; the Draugr's damage die steps down d8 → d6"``."""
        return english(self.words())

    def words(self) -> Words:
        """The burn and what it did, as words each reader words in their own language."""
        return words("{burn}; {effect}", burn=self.burn.words(), effect=self._effect_words())

    def _effect_words(self) -> Words | str:
        if self.morale is not None:
            return self.morale.words()
        if (
            self.inventory is not None
            and self.effect == f"{self.burn.item} was in the pack all along"
        ):
            return words("{item} was in the pack all along", item=self.burn.item)
        if self.die_before is not None and self.die_after is not None:
            steps = f"'s damage die steps down {self.die_before.label} → {self.die_after.label}"
            if self.effect.endswith(steps):
                return words(
                    "{label}'s damage die steps down {before} → {after}",
                    label=self.effect.removesuffix(steps),
                    before=self.die_before.label,
                    after=self.die_after.label,
                )
        return words(self.effect) if self.effect == "the Vanori's gift" else self.effect


def burn_come_prepared(
    character: SongsCharacter, deck: TableDeck, card: Card, item: str
) -> BurnRecord:
    """Outside a roll: burn a card and the item is found in a free slot."""
    burn = come_prepared(character, card, item)
    check_burns([burn], deck)
    check_room(character, 1)
    deck.burn(burn.hand_id, card)
    added = add_item(character, burn.item)
    return BurnRecord(burn, f"{burn.item} was in the pack all along", inventory=added)


def wolf_morale(
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    rng: random.Random,
    card: Card,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> BurnRecord:
    """The Wolf's gift: burn a card and the enemy checks its morale at once."""
    burn = vanori_burn(character, card, VanoriAbility.WOLF_MORALE)
    check_burns([burn], deck)
    deck.burn(burn.hand_id, card)  # the burned card alone makes a reveal possible
    morale = reveal_morale(deck, rng, enemy.id, enemy.label, options)
    return BurnRecord(burn, morale.explain(), enemy.id, morale=morale)


def raven_weaken(
    character: SongsCharacter, enemy: Enemy, deck: TableDeck, card: Card
) -> BurnRecord:
    """The Raven's gift: the enemy's damage die steps down for the rest of the fight."""
    burn = vanori_burn(character, card, VanoriAbility.RAVEN_WEAKEN)
    check_burns([burn], deck)
    before = enemy.damage_die
    if before is Die.D4:
        raise RulesError(
            words("{label} already hits with a d4, the smallest damage die", label=enemy.label)
        )
    deck.burn(burn.hand_id, card)
    enemy.weakened += 1
    after = enemy.damage_die
    effect = f"{enemy.label}'s damage die steps down {before.label} → {after.label}"
    return BurnRecord(burn, effect, enemy.id, before, after)


def burn_custom(
    character: SongsCharacter, deck: TableDeck, card: Card, note: str = ""
) -> BurnRecord:
    """A custom Vanori's gift: the card is burned and the table plays out its effect."""
    burn = vanori_burn(character, card, VanoriAbility.CUSTOM)
    check_burns([burn], deck)
    deck.burn(burn.hand_id, card)
    effect = note.strip() or character.vanori.ability_text or "the Vanori's gift"
    return BurnRecord(burn, effect)
