"""The Songs & Sagas character: attributes, Vanori, resilience, armor, inventory and XP.

These are plain mutable dataclasses a script can build and inspect; every rule that changes them
lives in the procedures of this package (creation, inventory, trial, combat, rest, experience),
which check the limits below and raise :class:`~saga_desktop.rules.errors.RulesError` with a
message a player can read.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from saga_desktop.i18n.words import words
from saga_desktop.rules.dice import ARMOR_DICE, DAMAGE_DICE, Die, step
from saga_desktop.rules.errors import RulesError

INVENTORY_SLOTS = 6
XP_BOXES = 8
ATTRIBUTE_MIN = -5
ATTRIBUTE_MAX = 10
MAX_RESILIENCE_LIMIT = 99
OPEN_ROLLS_LIMIT = 20
"""At most this many rolls of one character wait unsettled; an older one is out of date."""


class Attribute(enum.Enum):
    """The four attributes."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    WILLPOWER = "willpower"
    HEART = "heart"

    @property
    def title(self) -> str:
        """The attribute's name, capitalised."""
        return self.value.capitalize()

    @property
    def verbs(self) -> tuple[str, str, str, str]:
        """What the attribute is for, as the rules list it."""
        return _VERBS[self]


_VERBS = {
    Attribute.STRENGTH: ("crush", "lift", "strike", "grapple"),
    Attribute.DEXTERITY: ("dash", "aim", "sneak", "handle"),
    Attribute.WILLPOWER: ("perceive", "solve", "analyze", "focus"),
    Attribute.HEART: ("persuade", "command", "charm", "honor"),
}


class VanoriAbility(enum.Enum):
    """What a Vanori's burned card does. Custom Vanori use ``CUSTOM`` with free text."""

    BEAR_ARMOR = "bear"  # extra d4 on top of armor against incoming damage
    WOLF_MORALE = "wolf"  # force an enemy to check morale
    RAVEN_WEAKEN = "raven"  # force an enemy to step down its damage die
    ELK_AID = "elk"  # aid an ally for +3 instead of +2
    OX_REST = "ox"  # a short rest gives the benefits of a long one
    OWL_INSIGHT = "owl"  # once per session, mark XP twice
    CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class Vanori:
    """A guardian spirit: attribute increases, max-resilience die and an ability."""

    id: str
    name: str
    increases: tuple[tuple[Attribute, int], ...]
    resilience_die: Die
    ability: VanoriAbility
    ability_text: str

    @property
    def resilience_bonus(self) -> int:
        """Max resilience is the die plus this."""
        return 3

    def increase_for(self, attribute: Attribute) -> int:
        """How much this Vanori raises one attribute."""
        return sum(n for a, n in self.increases if a is attribute)


def _v(
    id_: str, a1: Attribute, a2: Attribute, die: Die, ability: VanoriAbility, text: str
) -> Vanori:
    return Vanori(id_, id_.capitalize(), ((a1, 2), (a2, 1)), die, ability, text)


A = Attribute
VANORI: dict[str, Vanori] = {
    v.id: v
    for v in (
        _v("bear", A.STRENGTH, A.HEART, Die.D10, VanoriAbility.BEAR_ARMOR,
           "When hit, burn a card to add a d4 to your armor roll against that damage."),
        _v("wolf", A.DEXTERITY, A.WILLPOWER, Die.D8, VanoriAbility.WOLF_MORALE,
           "Burn a card and an enemy must test its morale at once."),
        _v("raven", A.WILLPOWER, A.DEXTERITY, Die.D6, VanoriAbility.RAVEN_WEAKEN,
           "Burn a card and an enemy's damage die drops a step for the fight."),
        _v("elk", A.HEART, A.STRENGTH, Die.D10, VanoriAbility.ELK_AID,
           "Your Aid an Ally burns give +3 rather than +2."),
        _v("ox", A.STRENGTH, A.WILLPOWER, Die.D12, VanoriAbility.OX_REST,
           "Burn a card on a short rest to rest as well as on a long one."),
        _v("owl", A.WILLPOWER, A.HEART, Die.D6, VanoriAbility.OWL_INSIGHT,
           "Once each session, burn a card to fill two XP boxes."),
    )
}  # fmt: skip
"""The six Vanori of the rules, in the order of their d6 roll (1 Bear ... 6 Owl)."""

VANORI_ORDER: tuple[str, ...] = tuple(VANORI)


def custom_vanori(
    name: str, first: Attribute, second: Attribute, resilience_die: Die, ability_text: str
) -> Vanori:
    """A Vanori of the players' invention: +2 to one attribute, +1 to another, a die, an ability."""
    name = name.strip()
    if not name:
        raise RulesError(words("A custom Vanori needs a name"))
    if first is second:
        raise RulesError(words("A Vanori raises two different attributes (+2 and +1)"))
    if resilience_die not in DAMAGE_DICE:
        raise RulesError(words("A Vanori's resilience die is a d4, d6, d8, d10 or d12"))
    return Vanori(
        "custom", name, ((first, 2), (second, 1)), resilience_die, VanoriAbility.CUSTOM,
        ability_text.strip(),
    )  # fmt: skip


class GearKind(enum.Enum):
    """Armor or weapon."""

    ARMOR = "armor"
    WEAPON = "weapon"


@dataclass(slots=True)
class Gear:
    """An armor set or a weapon: a die that damage steps down and a repair restores.

    Ruling: armor runs d6 → d4 → broken; a weapon runs d12 → ... → d4 → broken. Broken armor rolls
    nothing against damage; a broken weapon cannot be used for a weapon attack (a feat still can).
    A long rest spent on repairs restores the die it had before it was damaged.
    """

    kind: GearKind
    die: Die
    damage: int = 0

    @property
    def ladder(self) -> tuple[Die, ...]:
        """The dice this gear may have."""
        return ARMOR_DICE if self.kind is GearKind.ARMOR else DAMAGE_DICE

    @property
    def current(self) -> Die | None:
        """The die after damage, or ``None`` when broken."""
        return step(self.die, -self.damage, self.ladder)

    @property
    def broken(self) -> bool:
        """True when damage has stepped the die below d4."""
        return self.current is None

    @property
    def damaged(self) -> bool:
        """True when stepped down at least once."""
        return self.damage > 0

    def describe(self) -> str:
        """E.g. ``"d6"``, ``"d4 (damaged from d6)"`` or ``"broken (was d4)"``."""
        cur = self.current
        if cur is None:
            return f"broken (was {self.die.label})"
        if self.damage:
            return f"{cur.label} (damaged from {self.die.label})"
        return cur.label


class EntryKind(enum.Enum):
    """What an inventory entry is."""

    ITEM = "item"
    WEAPON = "weapon"
    CONDITION = "condition"


@dataclass(slots=True)
class InventoryEntry:
    """One thing in the inventory. Items and weapons take one slot; a condition one or more."""

    kind: EntryKind
    name: str
    slots: int = 1
    weapon: Gear | None = None
    note: str = ""


@dataclass(slots=True)
class SongsCharacter:
    """A Songs & Sagas character sheet (the hand of cards lives on the table deck).

    ``rolls_begun`` and ``open_rolls`` let the engine refuse a roll settled twice or out of date:
    each begun roll (and each version of it after a card is burned for it) gets the next serial
    ``rolls_begun`` counts up to; ``open_rolls`` holds the serials that may still be settled
    (the newest :data:`OPEN_ROLLS_LIMIT`), and ``None`` means "not tracked": a sheet rebuilt
    from data that does not keep them, whose rolls are then checked by their cards alone.
    """

    id: str
    name: str
    attributes: dict[Attribute, int] = field(default_factory=lambda: {a: 0 for a in Attribute})
    vanori: Vanori = field(default_factory=lambda: VANORI["bear"])
    max_resilience: int = 4
    resilience: int = 4
    armor: Gear = field(default_factory=lambda: Gear(GearKind.ARMOR, Die.D4))
    inventory: list[InventoryEntry] = field(default_factory=list)
    xp: int = 0
    incapacitated: bool = False
    owl_used_this_session: bool = False
    next_roll_dr_reduction: int = 0
    rolls_begun: int = 0
    open_rolls: list[int] | None = None

    @property
    def used_slots(self) -> int:
        """Inventory slots taken by items, weapons and conditions."""
        return sum(e.slots for e in self.inventory)

    @property
    def free_slots(self) -> int:
        """Inventory slots still free."""
        return INVENTORY_SLOTS - self.used_slots

    @property
    def weapons(self) -> list[InventoryEntry]:
        """The weapons in the inventory."""
        return [e for e in self.inventory if e.kind is EntryKind.WEAPON]

    @property
    def conditions(self) -> list[InventoryEntry]:
        """The conditions in the inventory."""
        return [e for e in self.inventory if e.kind is EntryKind.CONDITION]

    def modifier(self, attribute: Attribute) -> int:
        """The attribute modifier used on rolls."""
        return self.attributes[attribute]
