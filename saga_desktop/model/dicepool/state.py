"""The dice-pool parts of a campaign: the character card, monsters, options and the fight.

The saved models are the file's shape; :mod:`saga_desktop.model.dicepool.access` turns them into
the rules engine's records. Limits that depend on the campaign's options (the highest attribute
or skill) are checked by the ruleset's ``check`` against those options; the fixed ones (a
proficiency at most 2, a vocation at most 4, ...) are checked here too.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, JsonValue, model_validator

from saga_desktop.i18n import tr_noop
from saga_desktop.model.ruleset import (
    PROMPT_LIMIT,
    PlayBase,
    SheetBase,
    check_prompt_numbers,
    game_part,
)
from saga_desktop.model.types import Id, Label, Model, Name, Text
from saga_desktop.model.written_form import check_written_form
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.errors import RulesError

RULESET_ID: Literal["dice-pool"] = "dice-pool"

CARD_NAME_MAX = 60
TRAIT_LIMIT = 40
WEAPON_LIMIT = 12
INJURY_LIMIT = 40
MONSTER_LIMIT = 200

Score = Annotated[int, Field(ge=0, le=10)]
CardName = Annotated[Name, Field(max_length=CARD_NAME_MAX)]
TraitKindName = Literal["skill", "proficiency", "vocation"]
AttributeName = Literal["str", "ref", "int"]


class Trait(Model):
    """A skill, proficiency or vocation and its points."""

    name: CardName
    value: Score


class WeaponModel(Model):
    """A weapon or a magic focus: bonus dice and the proficiency it is used with."""

    name: CardName
    bonus: Annotated[int, Field(ge=0, le=dp.WEAPON_BONUS_MAX)] = 0
    proficiency: CardName
    ranged: bool = False
    focus: bool = False


class ArmorModel(Model):
    """Worn armor or a shield and its armor level."""

    name: CardName
    level: Annotated[int, Field(ge=0, le=dp.ARMOR_LEVEL_MAX)]


class InjuryModel(Model):
    """An injury that stuck, after armor."""

    level: Annotated[int, Field(ge=1, le=dp.INJURY_MAX)]
    note: Label = ""


class CardFields(Model):
    """What a character card and a monster's card share."""

    strength: Score = 0
    reflexes: Score = 0
    intellect: Score = 0
    skills: Annotated[list[Trait], Field(max_length=TRAIT_LIMIT)] = Field(default_factory=list)
    proficiencies: Annotated[list[Trait], Field(max_length=TRAIT_LIMIT)] = Field(
        default_factory=list
    )
    vocations: Annotated[list[Trait], Field(max_length=TRAIT_LIMIT)] = Field(default_factory=list)
    weapons: Annotated[list[WeaponModel], Field(max_length=WEAPON_LIMIT)] = Field(
        default_factory=list
    )
    armor: ArmorModel | None = None
    shield: ArmorModel | None = None
    injuries: Annotated[list[InjuryModel], Field(max_length=INJURY_LIMIT)] = Field(
        default_factory=list
    )
    incapacitated: bool = False

    @model_validator(mode="after")
    def _fixed_limits(self) -> CardFields:
        for traits, top, what in (
            (self.proficiencies, dp.PROFICIENCY_MAX, "proficiency"),
            (self.vocations, dp.VOCATION_MAX, "vocation"),
        ):
            for t in traits:
                if t.value > top:
                    raise ValueError(f"a {what} has at most {top} points ('{t.name}')")
        if self.shield is not None and self.shield.level > dp.SHIELD_LEVEL_MAX:
            raise ValueError(f"a shield's armor level is at most {dp.SHIELD_LEVEL_MAX}")
        if self.incapacitated != any(i.level >= dp.INJURY_MAX for i in self.injuries):
            raise ValueError("a card is incapacitated exactly when a level 4 injury stuck")
        return self


class DicePoolSheet(SheetBase, CardFields):
    """A dice-pool character card (the name lives on the character)."""

    ruleset: Literal["dice-pool"] = RULESET_ID


class Monster(CardFields):
    """A monster or NPC: a card of its own and the GM's secret notes."""

    id: Id
    name: CardName
    notes: Text = ""
    shown: bool = False
    """Shown to the players by the GM; until then (and outside a fight) it is the GM's alone."""


class DicePoolOptionsModel(Model):
    """The table's rulings (mirrors :class:`saga_desktop.rules.dicepool.DicePoolOptions`)."""

    attribute_max: Annotated[int, Field(ge=1, le=10)] = Field(
        4,
        title=tr_noop("Highest attribute"),
        description=tr_noop("The highest value STR, REF or INT may take."),
    )
    skill_max: Annotated[int, Field(ge=1, le=10)] = Field(
        4,
        title=tr_noop("Highest skill"),
        description=tr_noop(
            "The highest value a skill may take (a skill not on the card counts 0)."
        ),
    )
    creation_attribute_points: Annotated[int, Field(ge=0, le=60)] = Field(
        6,
        title=tr_noop("Attribute points at creation"),
        description=tr_noop(
            "Attribute points a new character spends on STR, REF and INT together."
        ),
    )
    creation_trait_points: Annotated[int, Field(ge=0, le=60)] = Field(
        10,
        title=tr_noop("Trait points at creation"),
        description=tr_noop(
            "Points a new character spends on skills, proficiencies and vocations."
        ),
    )
    armor_penalty: Literal["half", "full", "none"] = Field(
        "half",
        title=tr_noop("Armor penalty"),
        description=tr_noop(
            "Dice worn armor takes off its wearer's combat roll: one per two armor "
            "levels (half), one per level (full), or none."
        ),
    )
    armor_soak: Literal["per-encounter", "per-injury"] = Field(
        "per-encounter",
        title=tr_noop("Armor soak"),
        description=tr_noop(
            "Armor lowers injuries from a budget of its level for the whole encounter "
            "(per-encounter), or lowers every injury by its full level (per-injury)."
        ),
    )
    armor_in_close_combat: bool = Field(
        False,
        title=tr_noop("Armor in close combat"),
        description=tr_noop(
            "Armor also lowers injuries taken in close combat; off (as the text says), "
            "only injuries from charges and ranged attacks are lowered."
        ),
    )
    offhand_bonus: Literal["weapon", "one-die"] = Field(
        "weapon",
        title=tr_noop("Off-hand bonus"),
        description=tr_noop(
            "What a second weapon adds when its wielder is proficient with both: its own "
            "bonus dice, or a flat one die."
        ),
    )
    stagger_level: Annotated[int, Field(ge=1, le=4)] = Field(
        1, title=tr_noop("Stagger level"), description=tr_noop("The victory level a stagger needs.")
    )
    trip_level: Annotated[int, Field(ge=1, le=4)] = Field(
        2, title=tr_noop("Trip level"), description=tr_noop("The victory level a trip needs.")
    )
    disarm_level: Annotated[int, Field(ge=1, le=4)] = Field(
        2, title=tr_noop("Disarm level"), description=tr_noop("The victory level a disarm needs.")
    )

    @model_validator(mode="after")
    def _engine_agrees(self) -> DicePoolOptionsModel:
        try:
            dp.DicePoolOptions.from_data(self.model_dump())
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        return self

    def to_rules(self) -> dp.DicePoolOptions:
        """The engine's options."""
        return dp.DicePoolOptions.from_data(self.model_dump())


HELPERS_MAX = 12
"""The most helpers a sent check names (a party larger than this helps in smaller groups)."""


class PromptHelper(Model):
    """A helper the GM ticked when sending a check: who, and with which attribute and trait."""

    helper: Id
    attribute: AttributeName
    trait: Label = ""
    kind: Literal["skill", "vocation", "proficiency"] = "skill"


class PromptedCheck(Model):
    """A check the GM sent to a character; it waits until rolled or cancelled."""

    id: Annotated[int, Field(ge=1, le=1_000_000_000)]
    character: Id
    attribute: AttributeName
    trait: Label = ""
    kind: Literal["skill", "vocation", "proficiency"] = "skill"
    cl: Annotated[int, Field(ge=dp.CL_MIN, le=dp.CL_MAX)] = 3
    reason: Label = ""
    physical: bool = False
    """The roller rolls real dice and types their faces (over the network: the player)."""
    helpers: Annotated[list[PromptHelper], Field(max_length=HELPERS_MAX)] = Field(
        default_factory=list
    )
    """The helpers the GM ticked; the roller sees them ticked and may still leave one out."""

    def request(self) -> dp.CheckRequest:
        """The engine's request."""
        return dp.CheckRequest(
            dp.Attribute(self.attribute), self.trait, dp.TraitKind(self.kind), self.cl
        )


def _check_record(value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
    """The last check, read as the engine's record and held to the limits rolling keeps."""
    if value is not None:
        try:
            result = dp.CheckResult.from_data(value)
        except (RulesError, TypeError, KeyError) as exc:
            raise ValueError(f"not a check result: {exc}") from None
        try:
            dp.check_result(result)
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        check_written_form(result, value, "")
    return value


def known_encounter(encounter: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """The fight without the declarations a player's view keeps hidden (made, not yet shown).

    A seat's view (:mod:`saga_desktop.model.dicepool.secrets`) holds such a declaration as
    ``{"combatant_id": ..., "hidden": true}``. They are the last ones made in REF order, so what
    is left is a fight the procedures could have produced; the GM's campaign holds none.
    """
    declared = encounter.get("declarations")
    if not isinstance(declared, list) or not any(_hidden(d) for d in declared):
        return encounter
    return {**encounter, "declarations": [d for d in declared if not _hidden(d)]}


def _hidden(declaration: JsonValue) -> bool:
    return isinstance(declaration, dict) and declaration.get("hidden") is True


class DicePoolPlay(PlayBase):
    """The ruleset's state: options, monsters, prompted checks, the last check and the fight.

    ``encounter`` is the engine's :class:`~saga_desktop.rules.dicepool.Encounter` as plain data,
    checked with ``encounter_from_data`` against the options; ``check`` is the latest check
    rolled, kept on the table (every seat sees it) until the next one.
    """

    ruleset: Literal["dice-pool"] = RULESET_ID
    options: DicePoolOptionsModel = Field(default_factory=DicePoolOptionsModel)
    monsters: Annotated[list[Monster], Field(max_length=MONSTER_LIMIT)] = Field(
        default_factory=list
    )
    prompts: Annotated[list[PromptedCheck], Field(max_length=PROMPT_LIMIT)] = Field(
        default_factory=list
    )
    next_prompt: Annotated[int, Field(ge=1, le=1_000_000_000)] = 1
    check: Annotated[dict[str, JsonValue] | None, AfterValidator(_check_record)] = None
    encounter: dict[str, JsonValue] | None = None

    @model_validator(mode="after")
    def _fight(self) -> DicePoolPlay:
        if self.encounter is not None:
            try:
                dp.encounter_from_data(known_encounter(self.encounter), self.options.to_rules())
            except (RulesError, TypeError, KeyError) as exc:
                raise ValueError(f"encounter: {exc}") from None
        check_prompt_numbers(self.prompts, self.next_prompt, "check")
        return self

    def monster(self, monster_id: str) -> Monster | None:
        """A monster by id, if there is one."""
        return next((m for m in self.monsters if m.id == monster_id), None)


def sheet_of(character: object) -> DicePoolSheet:
    """A character's dice-pool card (TypeError for a sheet of another game)."""
    return game_part(character, "sheet", DicePoolSheet, "dice pool")


def play_of(campaign: object) -> DicePoolPlay:
    """A campaign's dice-pool play state (TypeError for a campaign of another game)."""
    return game_part(campaign, "play", DicePoolPlay, "dice pool")
