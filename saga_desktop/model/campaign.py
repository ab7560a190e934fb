"""The campaign: everything one ``.saga`` file holds.

Parts that can grow large (regions, journal entries) are frozen models kept in lists: an operation
replaces an entry instead of changing it, so a snapshot of such a list is a cheap shallow copy.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AwareDatetime, Field, JsonValue, field_validator, model_validator

from saga_desktop.model.songs import SongsPlay, SongsSheet
from saga_desktop.model.types import (
    CardCode,
    FrozenModel,
    HexCoord,
    Id,
    Label,
    Model,
    Name,
    Text,
)
from saga_desktop.rules.cards import FULL_DECK

RulesetId = Literal["songs-and-sagas"]
"""The rulesets this version can play. ``resonance`` and ``dice-pool`` join the unions below."""

KNOWN_RULESETS: dict[str, str] = {"songs-and-sagas": "Songs & Sagas"}
PLANNED_RULESETS: dict[str, str] = {"resonance": "Resonance", "dice-pool": "Dice pool"}

Sheet = Annotated[SongsSheet, Field(discriminator="ruleset")]
"""The ruleset part of a character (a discriminated union once more rulesets land)."""

Play = Annotated[SongsPlay, Field(discriminator="ruleset")]
"""The ruleset part of a campaign (a discriminated union once more rulesets land)."""

REGION_LIMIT = 100_000
JOURNAL_LIMIT = 1_000_000


class Character(Model):
    """A player character: shared fields plus the ruleset's sheet."""

    id: Id
    name: Name
    player: Label = ""
    notes: Text = ""
    sheet: Sheet


class Region(FrozenModel):
    """A charted hex: its numbered note and risk rating."""

    q: Annotated[int, Field(ge=-100_000, le=100_000)]
    r: Annotated[int, Field(ge=-100_000, le=100_000)]
    number: Annotated[int, Field(ge=1, le=REGION_LIMIT)]
    title: Label = ""
    notes: Text = ""
    gm_notes: Text = ""
    terrain: Label = ""
    risk: Annotated[int, Field(ge=0, le=20)] = 1
    risk_card: CardCode | None = None
    visited: bool = False
    hidden: bool = False

    @property
    def coord(self) -> HexCoord:
        """Where the region lies."""
        return HexCoord(q=self.q, r=self.r)


class MapState(Model):
    """The hex map: charted regions, where the party stands and how long it has travelled."""

    orientation: Literal["pointy", "flat"] = "pointy"
    regions: Annotated[list[Region], Field(max_length=REGION_LIMIT)] = Field(default_factory=list)
    party: HexCoord | None = None
    days: Annotated[int, Field(ge=0, le=10_000_000)] = 0

    @model_validator(mode="after")
    def _unique(self) -> MapState:
        coords: set[tuple[int, int]] = set()
        numbers: set[int] = set()
        for i, region in enumerate(self.regions):
            key = (region.q, region.r)
            if key in coords:
                raise ValueError(f"regions[{i}] charts hex {key} a second time")
            if region.number in numbers:
                raise ValueError(f"regions[{i}] reuses region number {region.number}")
            coords.add(key)
            numbers.add(region.number)
        return self

    def region_at(self, q: int, r: int) -> Region | None:
        """The region charted at a hex, if any."""
        for region in self.regions:
            if region.q == q and region.r == r:
                return region
        return None

    def next_number(self) -> int:
        """The lowest free region number."""
        used = {r.number for r in self.regions}
        n = 1
        while n in used:
            n += 1
        return n


class CardTable(Model):
    """The shared deck as saved: lists run bottom to top."""

    draw: list[CardCode] = Field(default_factory=lambda: [c.code for c in FULL_DECK])
    discard: list[CardCode] = Field(default_factory=list)
    revealed: list[CardCode] = Field(default_factory=list)
    hands: dict[Id, list[CardCode]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _conserved(self) -> CardTable:
        seen: set[str] = set()
        places = [("draw", self.draw), ("discard", self.discard), ("revealed", self.revealed)]
        places += [(f"hands.{h}", cards) for h, cards in self.hands.items()]
        for place, cards in places:
            for card in cards:
                if card in seen:
                    raise ValueError(f"card {card} appears twice (again in {place})")
                seen.add(card)
        if len(seen) != len(FULL_DECK):
            missing = sorted({c.code for c in FULL_DECK} - seen)
            raise ValueError(f"the table must hold all 52 cards; missing {', '.join(missing)}")
        return self


class JournalEntry(FrozenModel):
    """One line of the saga: what happened, with the structured details behind it."""

    id: Annotated[int, Field(ge=0)]
    at: AwareDatetime
    kind: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
    text: Text
    details: dict[str, JsonValue] = Field(default_factory=dict)
    character: Id | None = None
    region: Annotated[int, Field(ge=1)] | None = None
    day: Annotated[int, Field(ge=0)] = 0

    @field_validator("details")
    @classmethod
    def _shallow(cls, value: dict[str, JsonValue]) -> dict[str, JsonValue]:
        if _depth(value) > DETAILS_DEPTH:
            raise ValueError(f"nested more than {DETAILS_DEPTH} levels deep")
        return value


DETAILS_DEPTH = 12


def _depth(value: JsonValue, level: int = 0) -> int:
    if level > DETAILS_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


class RngState(Model):
    """The state of the campaign's random generator (``random.Random.getstate()``)."""

    version: Literal[3] = 3
    internal: Annotated[
        list[Annotated[int, Field(ge=0, le=0xFFFFFFFF)]], Field(min_length=625, max_length=625)
    ]
    gauss_next: float | None = None

    @model_validator(mode="after")
    def _position(self) -> RngState:
        if self.internal[-1] > 624:
            raise ValueError("the generator's position must be at most 624")
        if not any(self.internal[:-1]):
            raise ValueError("the generator's state cannot be all zeros")
        return self


class Campaign(Model):
    """A whole campaign."""

    id: Id
    name: Name
    description: Text = ""
    ruleset: RulesetId
    created: AwareDatetime
    modified: AwareDatetime
    rng: RngState
    characters: Annotated[list[Character], Field(max_length=1000)] = Field(default_factory=list)
    map: MapState = Field(default_factory=MapState)
    table: CardTable = Field(default_factory=CardTable)
    journal: Annotated[list[JournalEntry], Field(max_length=JOURNAL_LIMIT)] = Field(
        default_factory=list
    )
    play: Play

    @model_validator(mode="after")
    def _consistent(self) -> Campaign:
        ids = [c.id for c in self.characters]
        if len(set(ids)) != len(ids):
            raise ValueError("two characters share an id")
        for i, c in enumerate(self.characters):
            if c.sheet.ruleset != self.ruleset:
                raise ValueError(
                    f"characters[{i}] has a {c.sheet.ruleset} sheet in a {self.ruleset} campaign"
                )
        if self.play.ruleset != self.ruleset:
            raise ValueError(f"play belongs to {self.play.ruleset}, not {self.ruleset}")
        unknown = set(self.table.hands) - set(ids)
        if unknown:
            raise ValueError(f"table.hands has a hand for unknown character {sorted(unknown)[0]}")
        missing = set(ids) - set(self.table.hands)
        if missing:
            raise ValueError(f"table.hands lacks a hand for character {sorted(missing)[0]}")
        return self

    def character(self, character_id: str) -> Character:
        """A character by id; KeyError if absent."""
        for c in self.characters:
            if c.id == character_id:
                return c
        raise KeyError(character_id)
