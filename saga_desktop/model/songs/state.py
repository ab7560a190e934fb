"""The Songs & Sagas parts of a campaign: the character sheet and the ruleset's table state."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, JsonValue, model_validator

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.model.ruleset import (
    PROMPT_LIMIT,
    PlayBase,
    SheetBase,
    check_prompt_numbers,
    game_part,
)
from saga_desktop.model.types import CardCode, Id, Label, Model, Name, Text
from saga_desktop.model.written_form import check_written_form
from saga_desktop.rules import songs
from saga_desktop.rules.dice import ARMOR_DICE, DAMAGE_DICE
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.options import SongsOptions
from saga_desktop.rules.songs.roll_words import attribute_words
from saga_desktop.rules.songs.trial import DR_LIMIT, RISK_LIMIT

RULESET_ID: Literal["songs-and-sagas"] = "songs-and-sagas"

AttributeValue = Annotated[int, Field(ge=-5, le=10)]
DR_REDUCTION_LIMIT = 20
"""The most a character's next roll's DR can be lowered (kept on the sheet, carried by the roll)."""
DieSize = Literal[4, 6, 8, 10, 12, 20]
VanoriId = Literal["bear", "wolf", "raven", "elk", "ox", "owl", "custom"]
AttributeName = Literal["strength", "dexterity", "willpower", "heart"]


class Attributes(Model):
    """The four attribute modifiers."""

    strength: AttributeValue = 0
    dexterity: AttributeValue = 0
    willpower: AttributeValue = 0
    heart: AttributeValue = 0


class CustomVanori(Model):
    """A Vanori of the table's invention."""

    name: Name
    first: AttributeName
    second: AttributeName
    resilience_die: Literal[4, 6, 8, 10, 12]
    ability: Text = ""

    @model_validator(mode="after")
    def _different(self) -> CustomVanori:
        if self.first == self.second:
            raise ValueError("a Vanori raises two different attributes")
        return self


class Gear(Model):
    """A die that damage steps down; ``damage`` counts the steps taken."""

    die: DieSize
    damage: Annotated[int, Field(ge=0, le=6)] = 0


class InventoryEntry(Model):
    """An item, weapon or condition in the inventory."""

    kind: Literal["item", "weapon", "condition"]
    name: Name
    slots: Annotated[int, Field(ge=1, le=6)] = 1
    weapon: Gear | None = None
    note: Text = ""

    @model_validator(mode="after")
    def _shape(self) -> InventoryEntry:
        if self.kind == "weapon" and self.weapon is None:
            raise ValueError("a weapon needs a die")
        if self.kind != "weapon" and self.weapon is not None:
            raise ValueError("only a weapon has a die")
        if self.weapon is not None and self.weapon.die not in DAMAGE_DICE:
            raise ValueError(f"weapon.die: a weapon is rated d4 to d12, not d{self.weapon.die}")
        if self.kind != "condition" and self.slots != 1:
            raise ValueError("items and weapons take one slot")
        return self


class SongsSheet(SheetBase):
    """The Songs & Sagas character sheet."""

    ruleset: Literal["songs-and-sagas"] = RULESET_ID
    pronouns: Label = ""
    attributes: Attributes = Field(default_factory=Attributes)
    vanori: VanoriId = "bear"
    custom_vanori: CustomVanori | None = None
    max_resilience: Annotated[int, Field(ge=1, le=99)] = 4
    resilience: Annotated[int, Field(ge=0, le=99)] = 4
    armor: Gear = Field(default_factory=lambda: Gear(die=4))
    inventory: Annotated[list[InventoryEntry], Field(max_length=6)] = Field(default_factory=list)
    xp: Annotated[int, Field(ge=0, le=8)] = 0
    incapacitated: bool = False
    owl_used_this_session: bool = False
    next_roll_dr_reduction: Annotated[int, Field(ge=0, le=DR_REDUCTION_LIMIT)] = 0
    rolls_begun: Annotated[int, Field(ge=0, le=1_000_000_000)] = 0
    """How many rolls this character has begun (each roll's serial counts up to it)."""
    open_rolls: Annotated[list[Annotated[int, Field(ge=1)]], Field(max_length=20)] | None = None
    """Serials of the rolls that may still be settled; None in files from before serials."""

    @model_validator(mode="after")
    def _limits(self) -> SongsSheet:
        if self.resilience > self.max_resilience:
            raise ValueError("resilience cannot exceed max resilience")
        if sum(e.slots for e in self.inventory) > 6:
            raise ValueError("the inventory has only 6 slots")
        if (self.vanori == "custom") != (self.custom_vanori is not None):
            raise ValueError("a custom Vanori needs its description, and only a custom one")
        if self.armor.die not in ARMOR_DICE:
            raise ValueError("armor is a d4 or a d6")
        if self.open_rolls is not None and (
            len(set(self.open_rolls)) != len(self.open_rolls)
            or any(s > self.rolls_begun for s in self.open_rolls)
        ):
            raise ValueError("open_rolls must be distinct serials of rolls already begun")
        return self


class Enemy(Model):
    """An enemy, or a mob of several alike fought as one entry."""

    id: Id
    name: Name
    max_resilience: Annotated[int, Field(ge=1, le=99)]
    resilience: Annotated[int, Field(ge=0, le=99)]
    weapon: Gear = Field(default_factory=lambda: Gear(die=6))
    armor: Gear | None = None
    count: Annotated[int, Field(ge=1, le=999)] = 1
    weakened: Annotated[int, Field(ge=0, le=5)] = 0
    notes: Text = ""

    @model_validator(mode="after")
    def _limits(self) -> Enemy:
        if self.resilience > self.max_resilience:
            raise ValueError("resilience cannot exceed max resilience")
        if self.weapon.die not in DAMAGE_DICE:
            raise ValueError("a weapon is rated d4 to d12")
        if self.armor is not None and self.armor.die not in ARMOR_DICE:
            raise ValueError("armor is a d4 or a d6")
        return self


CombatSide = Literal["party", "enemies"]
"""A group in a fight."""

MoraleOutcome = Literal["flee", "surrender", "stay", "double_down"]
"""The result of an enemy morale check (``rules.songs.Morale`` values)."""

COMBAT_ENEMY_LIMIT = 100
SESSION_LIMIT = 1_000_000
"""The highest session or scene number (as in the other games)."""


class Combat(Model):
    """A fight in progress: who is in it, the group order and whose turn it is.

    The group order comes from the initiative card (red: the party first) and stays for the whole
    fight. ``acted`` lists the members of the group whose turn it is (character ids on the
    party's turn, enemy ids on the enemies' turn) who have already acted. ``morale`` keeps the
    last morale result of each enemy; one that fled or surrendered is out of the fight. Enemies
    are the campaign's own (``SongsPlay.enemies``), named by id; one removed from the campaign
    during the fight is simply no longer shown.
    """

    enemies: Annotated[list[Id], Field(min_length=1, max_length=COMBAT_ENEMY_LIMIT)]
    initiative: CardCode
    first: CombatSide
    round: Annotated[int, Field(ge=1, le=1_000_000)] = 1
    turn: CombatSide
    acted: Annotated[list[Id], Field(max_length=1000)] = Field(default_factory=list)
    morale: dict[Id, MoraleOutcome] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Combat:
        if len(set(self.enemies)) != len(self.enemies):
            raise ValueError("an enemy joins a fight only once")
        if len(set(self.acted)) != len(self.acted):
            raise ValueError("each combatant acts once per turn")
        unknown = set(self.morale) - set(self.enemies)
        if unknown:
            raise ValueError(f"morale of enemy {sorted(unknown)[0]}, who is not in the fight")
        return self

    def out_of_fight(self, enemy_id: str) -> bool:
        """True when the enemy fled or surrendered."""
        return self.morale.get(enemy_id) in ("flee", "surrender")


PENDING_TYPES = ("TrialRoll", "AttackRoll", "DefenceRoll")
_PENDING: dict[str, type[Record]] = {
    "TrialRoll": songs.TrialRoll,
    "AttackRoll": songs.AttackRoll,
    "DefenceRoll": songs.DefenceRoll,
}


def read_pending(data: dict[str, JsonValue]) -> Record:
    """The roll waiting to be settled, as a rules record; ValueError when it is not one."""
    kind = data.get("type")
    if kind not in _PENDING:
        raise ValueError(f"type must be one of {', '.join(PENDING_TYPES)}")
    try:
        record = _PENDING[str(kind)].from_data(data)
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    check_written_form(record, data, "")
    return record


def _pending_record(value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
    """A pending roll must read back as a rules record."""
    if value is None:
        return None
    read_pending(value)
    return value


class CreationDraft(Model):
    """A character a player is making over the network, step by step, before it has a name.

    The host plays each step on the real deck and generator (the cards revealed go to the
    discard at once, as at the table); the draft keeps what the steps showed: the attribute
    cards, the Vanori (``VanoriSpec`` data), the d6 rolled for it, max resilience, and the moves
    made (``StepKind`` values), which the rules limit (one Vanori d6, one resilience reroll).
    ``was``: a character the GM sent back, made again from what it showed (its creation record
    as the journal holds it, and the GM's ``reason``), to tell the GM what changed.
    """

    draw: dict[str, JsonValue] | None = None
    vanori: dict[str, JsonValue] | None = None
    vanori_roll: dict[str, JsonValue] | None = None
    resilience: dict[str, JsonValue] | None = None
    moves: Annotated[list[Label], Field(max_length=40)] = Field(default_factory=list)
    was: dict[str, JsonValue] | None = None

    @model_validator(mode="after")
    def _records(self) -> CreationDraft:
        for field, record in (
            ("draw", songs.AttributeDraw),
            ("vanori_roll", songs.VanoriRoll),
            ("resilience", songs.ResilienceRoll),
        ):
            data = getattr(self, field)
            if data is not None:
                try:
                    record.from_data(data)
                except (RulesError, TypeError, ValueError) as exc:
                    raise ValueError(f"{field}: {exc}") from None
        return self


class SongsPrompt(Model):
    """A trial or fate roll the GM sent to a character: the GM set its DR and risk.

    It waits until its character rolls it (the roll then waits to be settled as any other) or
    the GM cancels it; ``physical``: the roller rolls a real d20 and types what it shows.
    """

    id: Annotated[int, Field(ge=1, le=1_000_000_000)]
    character: Id
    attribute: songs.Attribute
    kind: Literal["trial", "fate"] = "trial"
    dr: Annotated[int, Field(ge=0, le=DR_LIMIT)] = 12
    risk: Annotated[int, Field(ge=0, le=RISK_LIMIT)] = 0
    reason: Label = ""
    physical: bool = False

    def explain(self) -> str:
        """E.g. ``"Heart trial vs DR 12, risk 2"``."""
        return english(self.words())

    def words(self) -> Words:
        """The roll asked for, as words each reader words in their own language."""
        what = words(
            "{attribute} {kind}", attribute=attribute_words(self.attribute), kind=words(self.kind)
        )
        if self.kind == "trial":
            return words("{roll} vs DR {dr}, risk {risk}", roll=what, dr=self.dr, risk=self.risk)
        return words("{roll} vs DR {dr}", roll=what, dr=self.dr)


class SongsPlay(PlayBase):
    """Ruleset state of a Songs & Sagas campaign beyond characters, map, cards and journal.

    ``drafts`` holds the characters players are making over the network, by player name.
    """

    ruleset: Literal["songs-and-sagas"] = RULESET_ID
    options: SongsOptions = Field(default_factory=SongsOptions)
    enemies: list[Enemy] = Field(default_factory=list)
    pending: Annotated[dict[str, JsonValue] | None, AfterValidator(_pending_record)] = None
    session_number: Annotated[int, Field(ge=1, le=SESSION_LIMIT)] = 1
    scene_number: Annotated[int, Field(ge=1, le=SESSION_LIMIT)] = 1
    combat: Combat | None = None
    drafts: Annotated[dict[Label, CreationDraft], Field(max_length=64)] = Field(
        default_factory=dict
    )
    prompts: Annotated[list[SongsPrompt], Field(max_length=PROMPT_LIMIT)] = Field(
        default_factory=list
    )
    next_prompt: Annotated[int, Field(ge=1, le=1_000_000_000)] = 1

    @model_validator(mode="after")
    def _prompt_numbers(self) -> SongsPlay:
        check_prompt_numbers(self.prompts, self.next_prompt, "roll")
        return self


def sheet_of(character: object) -> SongsSheet:
    """A character's Songs & Sagas sheet (TypeError for a sheet of another game)."""
    return game_part(character, "sheet", SongsSheet, "Songs & Sagas")


def play_of(campaign: object) -> SongsPlay:
    """A campaign's Songs & Sagas play state (TypeError for a campaign of another game)."""
    return game_part(campaign, "play", SongsPlay, "Songs & Sagas")
