"""Creating a character at the table: the rules' steps, played and then applied in one operation.

A creation dialog must show real cards and dice, yet a cancelled creation must leave the campaign
exactly as it was. So the dialog plays the steps on a :class:`CreationTable` made over *copies*
of the shared deck and the campaign's generator (:meth:`CreationTable.preview`), and on Create
hands the steps it took to :class:`CreateCharacter`. The operation plays the same steps, in the
same order, on the real deck and generator through the same class, so the very same cards are
revealed and the same dice rolled; it checks each against what the player saw and refuses if
anything differs. One operation means one journal story and one undo step.

:class:`QuickCharacter` does everything at once with the engine's ``quick_character``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from pydantic import JsonValue
from typing_extensions import override

from saga_desktop.i18n.words import Words, joined, words
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import joins_words, make_room, status_for
from saga_desktop.model.songs.access import options, sheet_from_rules
from saga_desktop.model.songs.ops.vanori_spec import VanoriSpec as VanoriSpec
from saga_desktop.model.songs.ops.vanori_spec import describe_vanori as describe_vanori
from saga_desktop.model.songs.ops.vanori_spec import vanori_described
from saga_desktop.model.songs.state import SongsPlay
from saga_desktop.model.songs.table import deck_from_piles, songs_deck
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.inventory import clean_name

P = ParamSpec("P")
T = TypeVar("T")


# -- the steps ----------------------------------------------------------------------------------


class StepKind(enum.Enum):
    """One move of character creation."""

    REVEAL = "reveal"
    REDRAW = "redraw"
    ROLL_VANORI = "roll_vanori"
    CHOOSE_VANORI = "choose_vanori"
    ROLL_RESILIENCE = "roll_resilience"
    REROLL_RESILIENCE = "reroll_resilience"


@dataclass(frozen=True, slots=True)
class CreationStep:
    """A step taken, with what it showed (card codes or die results) so a replay can be checked."""

    kind: StepKind
    attribute: str = ""
    vanori: VanoriSpec | None = None
    seen: tuple[str, ...] = ()


MOVED_ON = (
    "The cards and dice have moved on since this character was begun; start the creation again"
)


@dataclass
class CreationTable:
    """Character creation played step by step on a deck and a generator.

    The dialog uses one over copies (:meth:`preview`); :class:`CreateCharacter` one over the real
    deck and generator. Every method checks the rules first and raises OperationError.
    """

    deck: TableDeck
    rng: random.Random
    options: songs.SongsOptions = songs.DEFAULT_OPTIONS
    steps: list[CreationStep] = field(default_factory=list)
    journal: list[tuple[Words, dict[str, JsonValue]]] = field(default_factory=list)
    draw: songs.AttributeDraw | None = None
    vanori: songs.Vanori | None = None
    vanori_roll: songs.VanoriRoll | None = None
    resilience: songs.ResilienceRoll | None = None

    @classmethod
    def preview(cls, campaign: Campaign, rng: random.Random) -> CreationTable:
        """A table over copies of the campaign's deck and generator: nothing real is touched."""
        deck = deck_from_piles(campaign)
        copy = random.Random()
        copy.setstate(rng.getstate())
        play = campaign.play
        opts = play.options if isinstance(play, SongsPlay) else None
        return cls(deck, copy, opts or songs.DEFAULT_OPTIONS)

    # -- moves ------------------------------------------------------------------------------------

    def _done(self, step: CreationStep, text: Words, details: dict[str, Any]) -> None:
        self.steps.append(step)
        self.journal.append((text, details))

    def reveal(self) -> songs.AttributeDraw:
        """Reveal a card for each attribute from the shared deck (they go to its discard)."""
        if self.draw is not None:
            raise OperationError(words("The attribute cards are already on the table"))
        draw = _rules(songs.reveal_attributes, self.deck, self.rng, self.options)
        self.draw = draw
        seen = tuple(c.card.code for c in draw.cards)
        self._done(CreationStep(StepKind.REVEAL, seen=seen), draw.words(), draw.to_data())
        return draw

    def redraw(self, attribute: str) -> songs.AttributeCard:
        """Reveal a new card for one attribute; the new card stands."""
        if self.draw is None:
            raise OperationError(words("Reveal the attribute cards first"))
        try:
            which = songs.Attribute(attribute)
        except ValueError:
            raise OperationError(
                words("'{attribute}' is not an attribute", attribute=attribute)
            ) from None
        draw = _rules(songs.redraw_attribute, self.draw, which, self.deck, self.rng, self.options)
        self.draw = draw
        card = draw.card_for(which)
        step = CreationStep(StepKind.REDRAW, attribute=which.value, seen=(card.card.code,))
        self._done(step, words("redrew {card}", card=card.words()), card.to_data())
        return card

    def _check_vanori_open(self) -> None:
        if self.resilience is not None:
            raise OperationError(
                words("The Vanori is settled: max resilience was already rolled on its die")
            )

    def roll_vanori(self) -> songs.VanoriRoll:
        """Roll a d6 for one of the six Vanori (once)."""
        self._check_vanori_open()
        if any(s.kind is StepKind.ROLL_VANORI for s in self.steps):
            raise OperationError(words("The Vanori's d6 was already rolled"))
        roll = _rules(songs.roll_vanori, self.rng)
        self.vanori, self.vanori_roll = roll.vanori, roll
        step = CreationStep(StepKind.ROLL_VANORI, seen=(str(roll.d6),))
        said = words("{roll}: {vanori}", roll=roll.words(), vanori=vanori_described(roll.vanori))
        self._done(step, said, roll.to_data())
        return roll

    def choose_vanori(self, spec: VanoriSpec) -> songs.Vanori:
        """Choose one of the six, or invent one."""
        self._check_vanori_open()
        vanori = spec.to_rules()
        rolled = self.vanori_roll
        self.vanori = vanori
        self.vanori_roll = rolled if rolled is not None and rolled.vanori == vanori else None
        described = vanori_described(vanori)
        if spec.id != "custom":
            text = words("Vanori chosen: {vanori}", vanori=described)
        elif vanori.ability_text:
            text = words(
                "Vanori invented: {vanori}: {gift}", vanori=described, gift=vanori.ability_text
            )
        else:
            text = words("Vanori invented: {vanori}", vanori=described)
        self._done(CreationStep(StepKind.CHOOSE_VANORI, vanori=spec), text, spec.to_data())
        return vanori

    def roll_resilience(self) -> songs.ResilienceRoll:
        """Roll max resilience on the Vanori's die, plus 3."""
        if self.vanori is None:
            raise OperationError(words("Choose, roll or invent a Vanori first"))
        if self.resilience is not None:
            raise OperationError(words("Max resilience was already rolled"))
        roll = _rules(songs.roll_max_resilience, self.vanori, self.rng)
        self.resilience = roll
        step = CreationStep(StepKind.ROLL_RESILIENCE, seen=(str(roll.rolls[-1]),))
        self._done(step, roll.words(), roll.to_data())
        return roll

    def reroll_resilience(self) -> songs.ResilienceRoll:
        """Roll max resilience again (once); the new result stands."""
        if self.resilience is None:
            raise OperationError(words("Roll max resilience first"))
        roll = _rules(songs.reroll_max_resilience, self.resilience, self.rng, self.options)
        self.resilience = roll
        step = CreationStep(StepKind.REROLL_RESILIENCE, seen=(str(roll.rolls[-1]),))
        self._done(step, roll.words(), roll.to_data())
        return roll

    def play(self, step: CreationStep) -> None:
        """Take a step made elsewhere again; OperationError unless it shows the same outcome."""
        match step.kind:
            case StepKind.REVEAL:
                self.reveal()
            case StepKind.REDRAW:
                self.redraw(step.attribute)
            case StepKind.ROLL_VANORI:
                self.roll_vanori()
            case StepKind.CHOOSE_VANORI:
                if step.vanori is None:
                    raise OperationError(words("Which Vanori was chosen?"))
                self.choose_vanori(step.vanori)
            case StepKind.ROLL_RESILIENCE:
                self.roll_resilience()
            case StepKind.REROLL_RESILIENCE:
                self.reroll_resilience()
        if self.steps[-1].seen != step.seen:
            raise OperationError(MOVED_ON)

    # -- the result -------------------------------------------------------------------------------

    def missing(self) -> str:
        """What is still to do before the character can be made ("" when nothing)."""
        if self.draw is None:
            return "Reveal a card for each attribute"
        if self.vanori is None:
            return "Choose, roll or invent a Vanori"
        if self.resilience is None:
            return "Roll max resilience"
        return ""

    def attributes(self) -> dict[songs.Attribute, int]:
        """The attribute modifiers so far, with the Vanori's increases once it is known."""
        base = self.draw.values if self.draw else {a: 0 for a in songs.Attribute}
        ups = self.vanori.increase_for if self.vanori else (lambda _a: 0)
        return {
            a: max(songs.ATTRIBUTE_MIN, min(songs.ATTRIBUTE_MAX, base[a] + ups(a)))
            for a in songs.Attribute
        }

    def finish(
        self, character_id: str, name: str, weapon: str, deck: TableDeck | None = None
    ) -> songs.CreationRecord:
        """Assemble the sheet (with ``deck``, the character also gets an empty hand there)."""
        gap = self.missing()
        if gap:
            raise OperationError(words("{gap} first", gap=gap))
        assert self.draw is not None and self.vanori is not None and self.resilience is not None
        return _rules(
            songs.create_character,
            character_id,
            name,
            self.draw,
            self.vanori,
            self.resilience,
            weapon,
            deck,
            self.vanori_roll,
        )

    def operation(
        self, name: str, weapon: str, player: str = "", pronouns: str = ""
    ) -> CreateCharacter:
        """The operation that creates this character for real."""
        return CreateCharacter(name, weapon, tuple(self.steps), player, pronouns)


def _rules(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Call an engine procedure, turning a RulesError into an OperationError."""
    try:
        return fn(*args, **kwargs)
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def _label(value: str, what: str) -> str:
    value = " ".join(value.split())
    if len(value) > NAME_MAX:
        raise OperationError(
            words(
                "The {what} field has at most {name_max} characters", what=what, name_max=NAME_MAX
            )
        )
    return value


def _add(
    ctx: Context,
    record: songs.CreationRecord,
    player: str,
    pronouns: str,
    submit: bool,
    was: dict[str, JsonValue] | None = None,
) -> songs.CreationRecord:
    sc = record.character
    sheet = sheet_from_rules(sc, pronouns)
    status = status_for(submit)
    ctx.campaign.characters.append(
        Character(id=sc.id, name=sc.name, player=player, status=status, sheet=sheet)
    )
    text = joined(joins_words(sc.name, submit), record.words())
    details = record.to_data()
    if was is not None:  # made again in the place of a character sent back: the GM compares
        details["was"] = was
    ctx.log("character", text, details, character=sc.id)
    return record


# -- the operations -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CreateCharacter(Operation):
    """Create a character from the steps played in the creation dialog, on the real table."""

    name: str
    weapon: str
    steps: tuple[CreationStep, ...]
    player: str = ""
    pronouns: str = ""
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        if self.submit:  # the table's caption falls back on it: no name before the GM's yes
            return words("A new character for the GM's approval")
        name = " ".join(self.name.split())
        return words("Create {name}", name=name) if name else words("Create character")

    @override
    def apply(self, ctx: Context) -> songs.CreationRecord:
        name = _rules(clean_name, self.name, "A character")
        weapon = _rules(clean_name, self.weapon, words("A weapon"))
        player, pronouns = _label(self.player, "player"), _label(self.pronouns, "pronouns")
        table = CreationTable(songs_deck(ctx), ctx.rng, options(ctx))
        for step in self.steps:
            table.play(step)
        cid = make_room(ctx, self.replaces)
        record = table.finish(cid, name, weapon, songs_deck(ctx))
        for text, details in table.journal:
            said = words("Creating {name}: {step}", name=name, step=text)
            ctx.log("creation", said, details, character=cid)
        return _add(ctx, record, player, pronouns, self.submit)


@dataclass(frozen=True)
class QuickCharacter(Operation):
    """A whole character at once: spades redrawn, Vanori rolled unless chosen, low roll rerolled.

    This is how a player makes a character over the network: the host draws and rolls, and the
    player's choices (name, weapon, a Vanori or the d6) travel with the request. ``submit`` and
    ``replaces``: see :class:`~saga_desktop.model.ops.characters.AddCharacter`.
    """

    name: str
    weapon: str = "Spear"
    vanori: str | None = None
    player: str = ""
    pronouns: str = ""
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Quick character")

    @override
    def apply(self, ctx: Context) -> songs.CreationRecord:
        player, pronouns = _label(self.player, "player"), _label(self.pronouns, "pronouns")
        cid = make_room(ctx, self.replaces)
        record = _rules(
            songs.quick_character,
            songs_deck(ctx),
            ctx.rng,
            cid,
            self.name,
            vanori=self.vanori,
            weapon=self.weapon,
            options=options(ctx),
        )
        return _add(ctx, record, player, pronouns, self.submit)
