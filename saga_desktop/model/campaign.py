"""The campaign: everything one ``.saga`` file holds.

Parts that can grow large (regions, journal entries) are frozen models kept in indexed lists
(:mod:`saga_desktop.model.indexed`): an operation replaces an entry instead of changing it, the
list logs the change for undo, and its indexes (regions by hex and number, entries by id) stay in
step, so an action costs the same on any size of campaign.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BeforeValidator,
    Field,
    JsonValue,
    SerializeAsAny,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from saga_desktop.i18n.words import Words, say, sentence
from saga_desktop.model.chat import MAX_CHAT_KEPT, MAX_HANDOUTS, ChatMessage, Handout
from saga_desktop.model.indexed import JournalList, RegionList
from saga_desktop.model.registry import UnknownRulesetError, find_ruleset
from saga_desktop.model.ruleset import PlayBase, SheetBase
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


def _ruleset_part(kind: str) -> Any:
    """A validator that reads a sheet or play state as its own ruleset's model."""

    def validate(value: Any) -> Any:
        if isinstance(value, SheetBase | PlayBase):
            return value
        if not isinstance(value, dict):
            raise PydanticCustomError("ruleset_part", "must be an object", {"loc": ""})
        try:
            ruleset = find_ruleset(value.get("ruleset"))
        except UnknownRulesetError as exc:
            raise PydanticCustomError(
                "ruleset_part", "{msg}", {"msg": str(exc), "loc": ""}
            ) from None
        model = ruleset.sheet_type if kind == "sheet" else ruleset.play_type
        try:
            return model.model_validate(value)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"])
            msg = str(err.get("msg", "is not valid")).removeprefix("Value error, ")
            raise PydanticCustomError("ruleset_part", "{msg}", {"msg": msg, "loc": loc}) from None

    return validate


Sheet = Annotated[SerializeAsAny[SheetBase], BeforeValidator(_ruleset_part("sheet"))]
"""The ruleset part of a character: the registered ruleset's own sheet model."""

Play = Annotated[SerializeAsAny[PlayBase], BeforeValidator(_ruleset_part("play"))]
"""The ruleset part of a campaign: the registered ruleset's own play model."""


def _known_ruleset(value: str) -> str:
    find_ruleset(value)  # UnknownRulesetError is a ValueError: a readable refusal
    return value


RulesetId = Annotated[str, Field(max_length=64)]
"""A registered ruleset's id (``songs-and-sagas``, ...)."""

PileName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}(:[A-Za-z0-9_-]{1,64})?$")]
"""A pile's name: ``draw``, or ``hand:pc1`` for a pile that belongs to a character."""

REGION_LIMIT = 100_000
JOURNAL_LIMIT = 1_000_000
TOKEN_LIMIT = 1000
"""At most this many tokens stand on a map (a table rarely has more than a few dozen)."""

TokenKind = Literal["character", "enemy", "marker"]
"""What a token stands for: a player character, an enemy, or a marker (a camp, a clue, ...)."""

Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
"""A colour as ``#rrggbb``."""


CharacterStatus = Literal["accepted", "submitted", "returned"]
"""Where a character stands with the GM: at the table (``accepted``), made by a player and waiting
for the GM's approval (``submitted``), or sent back to its player with a reason (``returned``)."""


class Character(Model):
    """A player character: shared fields plus the ruleset's sheet.

    A character a player made over the network waits for the GM (``status``); until accepted it
    takes no part in play, and ``review`` holds the GM's reason when it was sent back.
    """

    id: Id
    name: Name
    player: Label = ""
    notes: Text = ""
    status: CharacterStatus = "accepted"
    review: Text = ""
    sheet: Sheet

    @property
    def accepted(self) -> bool:
        """True once the GM has let the character into play (every character the GM made)."""
        return self.status == "accepted"


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


class Token(FrozenModel):
    """A token on a hex: a character, an enemy or a marker; a hidden one is the GM's alone.

    A character token stands for the character ``character`` (a player moves it over the
    network); the others carry no character. An empty ``name`` means "call it by default": the
    character's name, or its kind and number.
    """

    id: Id
    kind: TokenKind
    character: Id | None = None
    name: Label = ""
    colour: Colour = "#7a4a2a"
    q: Annotated[int, Field(ge=-100_000, le=100_000)]
    r: Annotated[int, Field(ge=-100_000, le=100_000)]
    hidden: bool = False

    @model_validator(mode="after")
    def _character(self) -> Token:
        if self.kind == "character" and self.character is None:
            raise ValueError("a character token names its character")
        if self.kind != "character" and self.character is not None:
            raise ValueError(f"only a character token names a character, not a {self.kind} token")
        return self


class MapState(Model):
    """The hex map: charted regions, tokens, where the party stands and how long it travelled."""

    orientation: Literal["pointy", "flat"] = "pointy"
    regions: Annotated[list[Region], Field(max_length=REGION_LIMIT), AfterValidator(RegionList)] = (
        Field(default_factory=RegionList)
    )
    party: HexCoord | None = None
    days: Annotated[int, Field(ge=0, le=10_000_000)] = 0
    tokens: Annotated[list[Token], Field(max_length=TOKEN_LIMIT)] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> MapState:
        ids: set[str] = set()
        for i, token in enumerate(self.tokens):
            if token.id in ids:
                raise ValueError(f"tokens[{i}] reuses token id {token.id}")
            ids.add(token.id)
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

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "regions" and not isinstance(value, RegionList):
            value = RegionList(value)  # keep the indexes whatever list is assigned
        super().__setattr__(name, value)

    def indexed_regions(self) -> RegionList:
        """The regions as the indexed list they are kept in (changed in place, logged)."""
        regions = self.regions
        if not isinstance(regions, RegionList):  # built without validation
            regions = RegionList(regions)
            self.regions = regions
        return regions

    def region_at(self, q: int, r: int) -> Region | None:
        """The region charted at a hex, if any."""
        return self.indexed_regions().at(q, r)

    def region_position(self, q: int, r: int) -> int | None:
        """Where in :attr:`regions` the region charted at a hex stands, if one does."""
        return self.indexed_regions().position(q, r)

    def token(self, token_id: str) -> Token | None:
        """The token with this id, if any."""
        for token in self.tokens:
            if token.id == token_id:
                return token
        return None

    def next_number(self) -> int:
        """The lowest free region number."""
        return self.indexed_regions().next_number()


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
    words: dict[str, JsonValue] | None = Field(default=None, exclude_if=lambda v: v is None)
    """The line as data (:class:`~saga_desktop.i18n.words.Words`), worded by each window in its
    own language; ``text`` is its English, and all that lines of older files and typed notes
    have."""

    @field_validator("words")
    @classmethod
    def _words(cls, value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
        if value is not None:
            Words.from_data(value)  # raises ValueError naming what is wrong
        return value

    @property
    def said(self) -> str:
        """The line in the app's language (a typed note, or an older file's line, as written)."""
        if self.words is None:
            return self.text
        try:
            return sentence(say(Words.from_data(self.words)))
        except ValueError:  # checked when read: only a model built in code gets here
            return self.text

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


def _empty(value: object) -> bool:
    return not value


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
    piles: dict[PileName, list[CardCode]] = Field(default_factory=dict)
    journal: Annotated[
        list[JournalEntry], Field(max_length=JOURNAL_LIMIT), AfterValidator(JournalList)
    ] = Field(default_factory=JournalList)
    play: Play
    # The talk is left out of the file while there is none: a campaign nobody talked in is
    # written exactly as before.
    chat: Annotated[list[ChatMessage], Field(max_length=MAX_CHAT_KEPT)] = Field(
        default_factory=list, exclude_if=_empty
    )
    """What was said at the table, oldest first (not game steps: never undone)."""
    handouts: Annotated[list[Handout], Field(max_length=MAX_HANDOUTS)] = Field(
        default_factory=list, exclude_if=_empty
    )
    talk_serial: Annotated[int, Field(ge=0)] = Field(default=0, exclude_if=_empty)
    """The last id given to a chat line or handout (ids are never given twice)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "journal" and not isinstance(value, JournalList):
            value = JournalList(value)  # keep the index whatever list is assigned
        super().__setattr__(name, value)

    def indexed_journal(self) -> JournalList:
        """The journal as the indexed list it is kept in (changed in place, logged)."""
        journal = self.journal
        if not isinstance(journal, JournalList):  # built without validation
            journal = JournalList(journal)
            self.journal = journal
        return journal

    @field_validator("ruleset")
    @classmethod
    def _known(cls, value: str) -> str:
        return _known_ruleset(value)

    @model_validator(mode="after")
    def _consistent(self) -> Campaign:
        check_campaign(self)
        return self

    def character(self, character_id: str) -> Character:
        """A character by id; KeyError if absent."""
        for c in self.characters:
            if c.id == character_id:
                return c
        raise KeyError(character_id)


def check_campaign(campaign: Campaign) -> None:
    """Every invariant the operations keep, over the whole campaign; ValueError names the first.

    Runs when a campaign is read and, for the parts an operation changed, after it
    (:mod:`saga_desktop.model.integrity`).
    """
    check_characters(campaign)
    check_piles(campaign)
    check_regions(campaign)
    check_tokens(campaign)
    check_journal(campaign.journal)
    find_ruleset(campaign.ruleset).check(campaign)


def check_characters(campaign: Campaign) -> None:
    """Unique ids, and every sheet of the campaign's own ruleset."""
    ids = [c.id for c in campaign.characters]
    if len(set(ids)) != len(ids):
        raise ValueError("two characters share an id")
    for i, c in enumerate(campaign.characters):
        if c.sheet.ruleset != campaign.ruleset:
            raise ValueError(
                f"characters[{i}] has a {c.sheet.ruleset} sheet in a {campaign.ruleset} campaign"
            )
    if campaign.play.ruleset != campaign.ruleset:
        raise ValueError(f"play belongs to {campaign.play.ruleset}, not {campaign.ruleset}")


def check_piles(campaign: Campaign) -> None:
    """The piles are those the ruleset names, and each deck holds its 52 cards exactly once."""
    specs = find_ruleset(campaign.ruleset).piles(campaign)
    names = {s.name for s in specs}
    extra = sorted(set(campaign.piles) - names)
    if extra:
        raise ValueError(f"piles.{extra[0]}: no such pile in this campaign")
    missing = sorted(names - set(campaign.piles))
    if missing:
        raise ValueError(f"piles.{missing[0]}: missing")
    decks: dict[str, set[str]] = {}
    for spec in specs:
        seen = decks.setdefault(spec.deck, set())
        for card in campaign.piles[spec.name]:
            if card in seen:
                raise ValueError(f"piles.{spec.name}: card {card} appears twice in its deck")
            seen.add(card)
    for deck, seen in decks.items():
        if len(seen) != len(FULL_DECK):
            lost = sorted({c.code for c in FULL_DECK} - seen)
            raise ValueError(f"the {deck} deck must hold all 52 cards; missing {', '.join(lost)}")


def check_regions(campaign: Campaign) -> None:
    """Every region's risk lies within the ruleset's bounds."""
    low, high = find_ruleset(campaign.ruleset).risk_bounds(campaign)
    for i, region in enumerate(campaign.map.regions):
        if not low <= region.risk <= high:
            raise ValueError(
                f"map.regions[{i}].risk: {region.risk} lies outside this campaign's risk range "
                f"{low} to {high}"
            )


def check_tokens(campaign: Campaign) -> None:
    """Every character token stands for a character of the campaign."""
    ids = {c.id for c in campaign.characters}
    for i, token in enumerate(campaign.map.tokens):
        if token.character is not None and token.character not in ids:
            raise ValueError(
                f"map.tokens[{i}].character: {token.character} is not a character of this campaign"
            )


def check_journal(journal: list[JournalEntry]) -> None:
    """Journal ids are unique."""
    seen: set[int] = set()
    for i, entry in enumerate(journal):
        if entry.id in seen:
            raise ValueError(f"journal[{i}].id: {entry.id} is the id of an earlier entry too")
        seen.add(entry.id)
