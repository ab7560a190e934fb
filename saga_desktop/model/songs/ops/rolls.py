"""Trial and fate rolls as operations: begin (burns, risk cards, the d20), burn more, settle.

A roll is made in steps, each one undoable: :class:`BeginTrial` burns the cards chosen before the
roll, reveals the risk cards and rolls (or takes a physical die's value), and stores the roll in
``play_of(campaign).pending``; :class:`AddBurn` burns another card once the die is seen (when the
table's rulings allow); :class:`ResolveTrial` settles it (the card kept, XP, Turn the Table, the
GM's consequence). There is no operation that cancels a roll: undo is the way back.

:func:`preview_trial` gives the exact odds of a :class:`BeginTrial` against the campaign as it is,
without changing anything, so a roll panel shows the very numbers the engine rolls against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import Campaign, Region
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import (
    options,
    options_of,
    pending_roll,
    read_pending,
    set_pending,
    songs_character,
    to_rules_character,
    trial_of,
)
from saga_desktop.model.songs.state import play_of
from saga_desktop.model.songs.table import deck_from_piles, songs_deck
from saga_desktop.model.types import NAME_MAX, TEXT_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.roll_words import attribute_words

Loader = Callable[[str], songs.SongsCharacter]

PRE_ROLL_BURNS = frozenset(
    {
        songs.BurnKind.CALL_THE_GODS,
        songs.BurnKind.AID_AN_ALLY,
        songs.BurnKind.CONJURE_VANORI,
        songs.BurnKind.COME_PREPARED,
    }
)
"""Burns that may be chosen before a roll."""

POST_ROLL_BURNS = frozenset(
    {songs.BurnKind.CALL_THE_GODS, songs.BurnKind.AID_AN_ALLY, songs.BurnKind.CONJURE_VANORI}
)
"""Burns that may be added once the d20 is seen (when the rulings allow it)."""


@dataclass(frozen=True, slots=True)
class BurnChoice:
    """A card to burn for a roll.

    ``by`` is the id of the character whose hand the card leaves: the helper for Aid an Ally,
    the roller otherwise (``None`` means the roller). ``item`` and ``dr_reduction`` are for Come
    Prepared (the item found in the pack, and how much the GM lets it lower the DR).
    """

    kind: songs.BurnKind
    card: Card
    by: str | None = None
    item: str = ""
    dr_reduction: int = 0


def current_region(campaign: Campaign) -> Region | None:
    """The charted region the party stands in, if any."""
    m = campaign.map
    return None if m.party is None else m.region_at(m.party.q, m.party.r)


def pending_trial(campaign: Campaign) -> songs.TrialRoll | None:
    """The trial or fate roll waiting to be settled (None when none waits, or another kind does)."""
    data = getattr(play_of(campaign), "pending", None)
    if data is None:
        return None
    record = read_pending(data)
    return record if isinstance(record, songs.TrialRoll) else None


def make_burn(
    choice: BurnChoice,
    roller: songs.SongsCharacter,
    load: Loader,
    rulings: songs.SongsOptions,
) -> songs.Burn:
    """The engine's burn for a choice (helpers are loaded with ``load``)."""
    kind = choice.kind
    if kind is songs.BurnKind.AID_AN_ALLY:
        if choice.by is None or choice.by == roller.id:
            raise OperationError(words("Aid an Ally comes from another character's hand"))
        return songs.aid_an_ally(load(choice.by), choice.card)
    if choice.by is not None and choice.by != roller.id:
        raise OperationError(words("Only Aid an Ally is burned from another character's hand"))
    if kind is songs.BurnKind.CALL_THE_GODS:
        return songs.call_the_gods(roller, choice.card)
    if kind is songs.BurnKind.CONJURE_VANORI:
        return songs.conjure_vanori(roller, choice.card, rulings)
    if kind is songs.BurnKind.COME_PREPARED:
        return songs.come_prepared(roller, choice.card, choice.item, choice.dr_reduction)
    raise OperationError(words("That card cannot be burned for a roll"))


def _check_adjustments(adjustments: tuple[Adjustment, ...]) -> None:
    for a in adjustments:
        if len(a.reason) > NAME_MAX or "\n" in a.reason:
            raise OperationError(
                words(
                    "A reason fits on one line of at most {name_max} characters", name_max=NAME_MAX
                )
            )


@dataclass(frozen=True)
class BeginTrial(Operation):
    """Make a trial or fate roll: burns first, then the risk cards, then the d20.

    ``risk`` ``None`` takes the risk rating of the region the party stands in (a fate roll needs
    none). ``d20`` is the value of a physical die rolled at the table; ``None`` rolls it here.
    ``purpose`` is ``ACTION`` or ``RESILIENCE`` (the roll at 0 resilience); attacks and defences
    are rolled by the combat operations.
    """

    character: str
    attribute: songs.Attribute
    dr: int = 12
    kind: songs.RollKind = songs.RollKind.TRIAL
    risk: int | None = None
    burns: tuple[BurnChoice, ...] = ()
    bonuses: tuple[Adjustment, ...] = ()
    dr_adjustments: tuple[Adjustment, ...] = ()
    d20: int | None = None
    purpose: songs.RollPurpose = songs.RollPurpose.ACTION

    @property
    @override
    def label(self) -> Words | str:
        attribute = attribute_words(self.attribute)
        if self.kind is songs.RollKind.FATE:
            return words("{attribute} fate roll", attribute=attribute)
        return words("{attribute} trial roll", attribute=attribute)

    def resolved_risk(self, campaign: Campaign) -> int:
        """The risk rating this roll uses: the given one, or the party's region's."""
        if self.risk is not None:
            return self.risk
        if self.kind is songs.RollKind.FATE:
            return 0
        region = current_region(campaign)
        if region is None:
            raise OperationError(
                words("The party stands in no charted region: set the risk rating")
            )
        return region.risk

    def request(
        self,
        campaign: Campaign,
        roller: songs.SongsCharacter,
        load: Loader,
        rulings: songs.SongsOptions,
    ) -> songs.TrialRequest:
        """The engine's request for this roll (validates the parts the engine does not)."""
        if self.purpose not in (songs.RollPurpose.ACTION, songs.RollPurpose.RESILIENCE):
            raise OperationError(words("Attacks and defences are rolled from the combat panel"))
        _check_adjustments(self.bonuses + self.dr_adjustments)
        for choice in self.burns:
            if choice.kind not in PRE_ROLL_BURNS:
                raise OperationError(
                    words("{kind} is not burned before a roll", kind=_burn_name(choice.kind))
                )
        return songs.TrialRequest(
            attribute=self.attribute,
            dr=self.dr,
            risk=self.resolved_risk(campaign),
            kind=self.kind,
            burns=tuple(make_burn(c, roller, load, rulings) for c in self.burns),
            bonuses=self.bonuses,
            dr_adjustments=self.dr_adjustments,
            purpose=self.purpose,
        )

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        if pending_roll(ctx) is not None:
            raise OperationError(
                words("A roll is waiting to be settled: settle it (or undo it) first")
            )
        roller = songs_character(ctx, self.character)
        rulings = options(ctx)
        request = self.request(ctx.campaign, roller, lambda i: songs_character(ctx, i), rulings)
        roll = songs.begin_trial(request, roller, songs_deck(ctx), ctx.rng, rulings, d20=self.d20)
        set_pending(ctx, roll)
        said = words("{roll}; waiting to be settled", roll=roll.words())
        ctx.log("roll", said, roll.to_data(), character=roller.id)
        return roll


def _burn_name(kind: songs.BurnKind) -> str:
    return kind.value.replace("_", " ").capitalize()


def _pending_or_refuse(ctx: Context) -> songs.TrialRoll:
    record = pending_roll(ctx)
    if record is None:
        raise OperationError(words("No roll is waiting to be settled"))
    if not isinstance(record, songs.TrialRoll):
        raise OperationError(
            words("The roll waiting is a combat roll: settle it in the combat panel")
        )
    return record


@dataclass(frozen=True)
class AddBurn(Operation):
    """Burn one more card for the roll waiting to be settled (Call the Gods, Aid, the Vanori)."""

    burn: BurnChoice

    @property
    @override
    def label(self) -> Words | str:
        return words("Burn {card}", card=card_short(self.burn.card))

    @override
    def apply(self, ctx: Context) -> songs.TrialRoll:
        roll = _pending_or_refuse(ctx)
        if self.burn.kind not in POST_ROLL_BURNS:
            raise OperationError(
                words("{kind} cannot be added after the roll", kind=_burn_name(self.burn.kind))
            )
        roller = songs_character(ctx, roll.character_id)
        rulings = options(ctx)
        burn = make_burn(self.burn, roller, lambda i: songs_character(ctx, i), rulings)
        updated = songs.add_burn(roll, burn, roller, songs_deck(ctx), rulings)
        set_pending(ctx, updated)
        said = words(
            "{burn} for {name}'s roll: score {score} vs DR {dr}, now a {outcome}",
            burn=burn.words(),
            name=roll.character_name,
            score=updated.score,
            dr=updated.dr,
            outcome=words("success") if updated.success else words("setback"),
        )
        ctx.log(
            "burn",
            said,
            {"burn": burn.to_data(), "roll": updated.to_data()},
            character=burn.hand_id,
        )
        return updated


@dataclass(frozen=True)
class ResolveTrial(Operation):
    """Settle the trial or fate roll waiting: keep a card, mark XP, or Turn the Table.

    ``keep`` is the revealed card taken on a success (``None``: the engine's default, the first
    red one); ``turn_the_table`` a card from the roller's hand burned to turn a setback into a
    success; ``consequence`` what the GM adds (a setback, or a turned table).
    """

    keep: Card | None = None
    turn_the_table: Card | None = None
    consequence: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Turn the Table") if self.turn_the_table is not None else words("Settle the roll")
        )

    @override
    def apply(self, ctx: Context) -> songs.TrialResult:
        roll = _pending_or_refuse(ctx)
        if len(self.consequence) > TEXT_MAX:
            raise OperationError(
                words("A consequence has at most {text_max} characters", text_max=TEXT_MAX)
            )
        roller = songs_character(ctx, roll.character_id)
        turn = (
            songs.turn_the_table(roller, self.turn_the_table)
            if self.turn_the_table is not None
            else None
        )
        result = songs.resolve_trial(
            roll,
            roller,
            songs_deck(ctx),
            ctx.rng,
            options(ctx),
            keep=self.keep,
            turn_the_table=turn,
            consequence=self.consequence,
        )
        set_pending(ctx, None)
        ctx.log("trial", result.words(), result.to_data(), character=roller.id)
        return result


@dataclass(frozen=True)
class CancelRoll(Operation):
    """Call off the roll waiting (a trial, an attack or a defence): the way out of a stuck roll.

    Its risk cards go to the discard; no card is won, no XP is marked, no damage is dealt, and
    cards already burned for it stay burned. Undo brings the roll back.
    """

    @property
    @override
    def label(self) -> Words | str:
        return words("Cancel the waiting roll")

    @override
    def apply(self, ctx: Context) -> songs.CancelledRoll:
        record = pending_roll(ctx)
        if record is None:
            raise OperationError(words("No roll is waiting"))
        trial = trial_of(record)
        if trial.character_id not in {c.id for c in ctx.campaign.characters}:
            # Only a damaged file could leave this; the roll simply goes, its cards discarded.
            deck = songs_deck(ctx)
            cards = tuple(c for c in trial.revealed if c in deck.revealed)
            deck.discard_revealed(cards)
            result = songs.CancelledRoll(trial.character_id, trial.character_name, cards)
        else:
            roller = songs_character(ctx, trial.character_id)
            result = songs.cancel_trial(trial, roller, songs_deck(ctx))
        set_pending(ctx, None)
        said = words("{roll}.", roll=result.words())
        ctx.log("trial", said, result.to_data(), character=trial.character_id)
        return result


# -- previews (nothing changes) -------------------------------------------------------------------


def table_deck(campaign: Campaign) -> TableDeck:
    """The campaign's cards as an engine deck (a copy: changing it changes nothing)."""
    return deck_from_piles(campaign)


def rules_character(campaign: Campaign, character_id: str) -> songs.SongsCharacter:
    """A character as an engine sheet (a copy); OperationError for an unknown id."""
    try:
        return to_rules_character(campaign.character(character_id))
    except KeyError:
        raise OperationError(words("That character is not in this campaign")) from None


def preview_trial(
    campaign: Campaign, op: BeginTrial, deck: TableDeck | None = None
) -> songs.RollOdds:
    """The exact odds of ``op`` against the campaign as it is; raises OperationError or RulesError.

    ``deck`` may pass a copy of the table already made with :func:`table_deck` (it is not changed).
    """
    if getattr(play_of(campaign), "pending", None) is not None:
        raise OperationError(words("A roll is waiting to be settled"))
    roller = rules_character(campaign, op.character)
    rulings = options_of(campaign)
    request = op.request(campaign, roller, lambda i: rules_character(campaign, i), rulings)
    return songs.trial_odds(request, roller, deck or table_deck(campaign), rulings)
