"""The Resonance parts of a campaign: the character sheet and the ruleset's play state.

The saved models are the file's shape. The engine (:mod:`saga_desktop.rules.resonance`) checks
what the models cannot say alone: the options' combination, and that a waiting check is a real
engine record (:mod:`saga_desktop.model.resonance.access` reads it back).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, JsonValue, model_validator

from saga_desktop.i18n import tr_noop
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
from saga_desktop.rules import resonance
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.resonance.values import stat_words

RULESET_ID: Literal["resonance"] = "resonance"

StatValue = Annotated[int, Field(ge=resonance.STAT_MIN, le=resonance.STAT_MAX)]
DcValue = Annotated[int, Field(ge=0, le=resonance.DC_LIMIT)]
STATS = tuple(s.value for s in resonance.Stat)
"""The four stats as saved: ``heart``, ``body``, ``mind``, ``spirit``."""


class ResonanceSheet(SheetBase):
    """A Resonance character: the four stats, a concept and pronouns.

    ``revision`` counts the changes to the character's cards (the engine's deck revision), so a
    waiting check knows it still belongs to the cards as they lie.
    """

    ruleset: Literal["resonance"] = RULESET_ID
    pronouns: Label = ""
    concept: Label = ""
    heart: StatValue = 3
    body: StatValue = 3
    mind: StatValue = 3
    spirit: StatValue = 3
    revision: Annotated[int, Field(ge=0, le=10**9)] = 0

    def stat(self, stat: resonance.Stat) -> int:
        """The value of one stat."""
        value: int = getattr(self, stat.value)
        return value


class ResonanceOptions(Model):
    """The table's rulings (see Rules help > Resonance); every field has a default.

    Mirrors :class:`saga_desktop.rules.resonance.ResonanceOptions`, which checks the combination.
    """

    stat_one_draws_one: bool = Field(
        False,
        title=tr_noop("Stat one draws one"),
        description=tr_noop(
            "A stat of 1 draws a single card, leaving no choice. Off: every check draws "
            "at least two cards, as the main rule says."
        ),
    )
    empty_deck: Literal["short", "reshuffle", "fail"] = Field(
        "short",
        title=tr_noop("Empty deck"),
        description=tr_noop(
            "When the deck holds fewer cards than a check draws. short: draw what is "
            "left (an empty deck fails the check); reshuffle: shuffle the fatigue pile in as the "
            "new "
            "deck and keep drawing; fail: draw nothing and fail."
        ),
    )
    degrees_of_success: bool = Field(
        True,
        title=tr_noop("Degrees of success"),
        description=tr_noop(
            "Results name how well they went: bare (exactly the DC), solid (1-3 over), "
            "strong (4-6 over), exceptional (7 or more); near miss (1-2 short), clear failure."
        ),
    )
    bare_success_progress: Annotated[int, Field(ge=0, le=3)] = Field(
        0,
        title=tr_noop("Bare success progress"),
        description=tr_noop(
            "What a success that only meets the DC adds to an extended check's pool. "
            "Its margin is 0, so by the text it adds nothing; a kinder table may add up to 3."
        ),
    )
    tie_break: Literal["higher card", "resonance", "standoff"] = Field(
        "higher card",
        title=tr_noop("Tie break"),
        description=tr_noop(
            "The last tie-break of an opposed check with no defender once the fatigue "
            "piles are level too: the higher card value wins, the resonating card wins, or nobody "
            "wins (a standoff)."
        ),
    )
    creation_points: Annotated[int, Field(ge=4, le=20)] = Field(
        12,
        title=tr_noop("Creation points"),
        description=tr_noop(
            "The points a new character spreads over the four stats (each 1 to 5); "
            "they must all be spent."
        ),
    )

    @model_validator(mode="after")
    def _engine(self) -> ResonanceOptions:
        try:
            resonance.ResonanceOptions.from_data(self.model_dump())
        except RulesError as exc:
            raise ValueError(str(exc)) from None
        return self


class Adversary(Model):
    """An NPC or enemy: checks against it use its Guard or its Resolve as the DC.

    ``notes`` are the GM's own and never shown to players.
    """

    id: Id
    name: Name
    guard: DcValue = 10
    resolve: DcValue = 10
    notes: Text = ""


class OpposedChoice(Model):
    """A card played and the order of the others (an opposed side's, or a group member's).

    An opposed check's side chooses in secret; a group check's cards are public.

    ``card`` is ``None`` only when that side could draw nothing.
    """

    card: CardCode | None
    order: Annotated[list[CardCode], Field(max_length=52)] = Field(default_factory=list)


PENDING_TYPES = ("PendingCheck", "PendingOpposed", "PendingGroup")

Pending = resonance.PendingCheck | resonance.PendingOpposed | resonance.PendingGroup

_PENDING: dict[str, Any] = {
    "PendingCheck": resonance.PendingCheck,
    "PendingOpposed": resonance.PendingOpposed,
    "PendingGroup": resonance.PendingGroup,
}


def read_pending(data: dict[str, JsonValue]) -> Pending:
    """The check waiting to be played, as an engine record; ValueError when it is not one."""
    kind = data.get("type")
    if kind not in _PENDING:
        raise ValueError(f"type must be one of {', '.join(PENDING_TYPES)}")
    try:
        record: Pending = _PENDING[str(kind)].from_data(data)
    except RulesError as exc:
        raise ValueError(str(exc)) from None
    check_written_form(record, data, "")
    return record


def read_extended(data: dict[str, JsonValue]) -> resonance.ExtendedState:
    """The extended check as an engine record; ValueError when it is not one."""
    try:
        return resonance.ExtendedState.from_data(data)
    except RulesError as exc:
        raise ValueError(str(exc)) from None


def _pending_record(value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
    if value is None:
        return None
    read_pending(value)
    return value


def _extended_record(value: dict[str, JsonValue] | None) -> dict[str, JsonValue] | None:
    if value is None:
        return None
    read_extended(value)
    return value


class ResonancePrompt(Model):
    """A check the GM sent to a character: the stat and the DC (or an adversary's defence).

    It waits until its character draws for it (the drawn check then waits to be played like any
    other) or the GM cancels it.
    """

    id: Annotated[int, Field(ge=1, le=1_000_000_000)]
    character: Id
    stat: resonance.Stat
    dc: DcValue | None = 10
    adversary: Id | None = None
    defence: Literal["guard", "resolve"] = "guard"
    reason: Label = ""

    def explain(self, adversary_name: str = "") -> str:
        """E.g. ``"Body check against DC 9"`` or ``"Mind check against the Warden's Resolve"``."""
        return english(self.words(adversary_name))

    def words(self, adversary_name: str = "") -> Words:
        """The check asked for, as words each reader words in their own language."""
        stat = stat_words(self.stat)
        if self.adversary is None:
            return words("{stat} check against DC {dc}", stat=stat, dc=self.dc)
        foe: Words | str = adversary_name or words("an adversary")
        if self.defence == "guard":
            return words("{stat} check against {name}'s Guard", stat=stat, name=foe)
        return words("{stat} check against {name}'s Resolve", stat=stat, name=foe)


class ResonancePlay(PlayBase):
    """Ruleset state of a Resonance campaign beyond characters, map, cards and journal.

    * ``pending``: the check drawn and waiting to be played (an engine record's data);
    * ``pending_round``: that check is a round of the extended check;
    * ``choices``: the sides of a waiting opposed check that have chosen, in secret, or the
      members of a waiting group check whose card is in;
    * ``fatigue_before``: a character's fatigue pile as it lay before a draw shuffled it back
      into the deck, so cancelling the check can put every card back exactly;
    * ``extended`` and ``extended_party``: the extended check and who takes part in it.
    """

    ruleset: Literal["resonance"] = RULESET_ID
    options: ResonanceOptions = Field(default_factory=ResonanceOptions)
    adversaries: Annotated[list[Adversary], Field(max_length=1000)] = Field(default_factory=list)
    pending: Annotated[dict[str, JsonValue] | None, AfterValidator(_pending_record)] = None
    pending_round: bool = False
    choices: dict[Id, OpposedChoice] = Field(default_factory=dict)
    fatigue_before: dict[Id, Annotated[list[CardCode], Field(max_length=52)]] = Field(
        default_factory=dict
    )
    extended: Annotated[dict[str, JsonValue] | None, AfterValidator(_extended_record)] = None
    extended_party: Annotated[list[Id], Field(max_length=100)] = Field(default_factory=list)
    session_number: Annotated[int, Field(ge=1, le=1_000_000)] = 1
    scene_number: Annotated[int, Field(ge=1, le=1_000_000)] = 1
    checks_this_scene: Annotated[int, Field(ge=0, le=1_000_000)] = 0
    prompts: Annotated[list[ResonancePrompt], Field(max_length=PROMPT_LIMIT)] = Field(
        default_factory=list
    )
    next_prompt: Annotated[int, Field(ge=1, le=1_000_000_000)] = 1

    @model_validator(mode="after")
    def _prompt_numbers(self) -> ResonancePlay:
        check_prompt_numbers(self.prompts, self.next_prompt, "check")
        return self


def sheet_of(character: object) -> ResonanceSheet:
    """A character's Resonance sheet (TypeError for a sheet of another game)."""
    return game_part(character, "sheet", ResonanceSheet, "Resonance")


def play_of(campaign: object) -> ResonancePlay:
    """A campaign's Resonance play state (TypeError for a campaign of another game)."""
    return game_part(campaign, "play", ResonancePlay, "Resonance")
