"""Trial and fate rolls in two phases, with the legality checks kept apart.

* :func:`check_trial` raises RulesError when a request is illegal (nothing changes).
* :func:`begin_trial` burns the cards named in the request, reveals one risk card per point of
  risk (trial rolls only) and rolls the d20 (or takes the value of a physical die). Risk cards
  wait in the revealed row when the campaign holds them (the default).
* :func:`add_burn` burns one more card for the roll after the d20 is seen (an option).
* :func:`resolve_trial` settles it: on a success one revealed card goes to the hand (a red one
  whenever one was revealed) unless a card was burned for the roll; on a setback XP is marked,
  or a card is burned to Turn the Table. Fate rolls give no card and no XP.

A roll is settled once. Each begun roll, and each version :func:`add_burn` returns, carries a
serial that the character's sheet remembers as its open roll; settling closes it, so the same
roll (or one from before a burn) settled again is refused, whether or not cards wait on the table.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.card_words import cards_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.burns import Burn, BurnKind, check_burns
from saga_desktop.rules.songs.character import OPEN_ROLLS_LIMIT, SongsCharacter
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.experience import XpRecord, apply_xp_marks, check_mark_xp
from saga_desktop.rules.songs.inventory import add_item, check_room
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.rolls import (
    RollKind,
    RollPurpose,
    TrialRequest,
    TrialResult,
    TrialRoll,
)

DR_LIMIT = 60
RISK_LIMIT = 20


def check_trial(
    request: TrialRequest,
    character: SongsCharacter,
    deck: TableDeck,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> None:
    """Raise RulesError, with a reason a player can read, unless the request is legal."""
    if character.incapacitated:
        raise RulesError(
            words("{name} is incapacitated until their wounds are tended", name=character.name)
        )
    at_zero = character.resilience == 0
    if request.purpose is RollPurpose.RESILIENCE and not at_zero:
        raise RulesError(
            words("{name} still has resilience: no resilience trial is due", name=character.name)
        )
    if request.purpose is not RollPurpose.RESILIENCE and at_zero:
        raise RulesError(
            words("{name} is at 0 resilience: make the resilience trial first", name=character.name)
        )
    if not 0 <= request.dr <= DR_LIMIT:
        raise RulesError(
            words("A difficulty rating lies between 0 and {dr_limit}", dr_limit=DR_LIMIT)
        )
    if not 0 <= request.risk <= RISK_LIMIT:
        raise RulesError(
            words("A risk rating lies between 0 and {risk_limit}", risk_limit=RISK_LIMIT)
        )
    for adjustment in request.bonuses + request.dr_adjustments:
        if not adjustment.reason.strip() or abs(adjustment.amount) > DR_LIMIT:
            raise RulesError(words("Each bonus or DR change needs a reason and a sensible size"))
    deck.hand(character.id)
    check_burns(request.burns, deck, character.id)
    prepared = sum(1 for b in request.burns if b.kind is BurnKind.COME_PREPARED)
    check_room(character, prepared)
    if options.hold_revealed and request.cards_to_reveal and deck.revealed:
        raise RulesError(
            words("Cards of an earlier reveal still wait on the table: resolve that first")
        )


def begin_trial(
    request: TrialRequest,
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    d20: int | None = None,
) -> TrialRoll:
    """Burn, reveal the risk cards and roll; ``d20`` takes a physical die's value instead."""
    check_trial(request, character, deck, options)
    if d20 is not None and not (isinstance(d20, int) and 1 <= d20 <= 20):
        raise RulesError(words("A d20 shows a number from 1 to 20"))
    for burn in request.burns:
        deck.burn(burn.hand_id, burn.card)
        if burn.kind is BurnKind.COME_PREPARED:
            add_item(character, burn.item)
    count = request.cards_to_reveal
    reveal = deck.reveal(count, rng, hold=options.hold_revealed) if count else None
    rolled = rng.randint(1, 20) if d20 is None else d20
    serial = _open_new_roll(character)
    return TrialRoll(
        character_id=character.id,
        character_name=character.name,
        kind=request.kind,
        purpose=request.purpose,
        attribute=request.attribute,
        modifier=character.modifier(request.attribute),
        d20=rolled,
        physical=d20 is not None,
        base_dr=request.dr,
        risk=count,
        reveal=reveal,
        held=options.hold_revealed,
        burns=request.burns,
        bonuses=request.bonuses,
        dr_adjustments=request.dr_adjustments,
        carried_dr_reduction=character.next_roll_dr_reduction,
        natural_20_wins=options.natural_20_succeeds,
        natural_1_loses=options.natural_1_fails,
        serial=serial,
    )


def _open_new_roll(character: SongsCharacter, replacing: int | None = None) -> int:
    """Give the character's next roll (or new version of roll ``replacing``) its serial."""
    character.rolls_begun += 1
    still_open = [s for s in character.open_rolls or [] if s != replacing]
    character.open_rolls = [*still_open, character.rolls_begun][-OPEN_ROLLS_LIMIT:]
    return character.rolls_begun


def _close_roll(character: SongsCharacter, roll: TrialRoll) -> None:
    """The roll is settled: it (and any older version of it) can never be settled again."""
    character.open_rolls = [s for s in character.open_rolls or [] if s != roll.serial]


def check_pending(roll: TrialRoll, character: SongsCharacter, deck: TableDeck) -> None:
    """Raise RulesError unless ``roll`` belongs to ``character`` and still waits on the table."""
    if roll.character_id != character.id:
        raise RulesError(
            words(
                "That roll is {character_name}'s, not {name}'s",
                character_name=roll.character_name,
                name=character.name,
            )
        )
    if character.open_rolls is not None and roll.serial not in character.open_rolls:
        raise RulesError(
            words(
                "That roll can no longer be settled: it was settled already, or it is out of date "
                "(a card was burned for it since, which gave a newer version of the roll)"
            )
        )
    if roll.held and Counter(roll.revealed) - Counter(deck.revealed):
        raise RulesError(words("That roll has already been resolved (its cards left the table)"))


def add_burn(
    roll: TrialRoll,
    burn: Burn,
    character: SongsCharacter,
    deck: TableDeck,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> TrialRoll:
    """Burn a card for a roll already rolled (Call the Gods, Aid an Ally, conjure the Vanori)."""
    if not options.burns_after_roll:
        raise RulesError(
            words("At this table, cards are burned for a roll before the d20 is rolled")
        )
    if burn.kind not in (BurnKind.CALL_THE_GODS, BurnKind.AID_AN_ALLY, BurnKind.CONJURE_VANORI):
        raise RulesError(words("{label} cannot be added once the d20 is rolled", label=burn.label))
    check_pending(roll, character, deck)
    conjured = any(b.kind is BurnKind.CONJURE_VANORI for b in roll.burns)
    if conjured and burn.kind is BurnKind.CONJURE_VANORI:
        raise RulesError(words("The Vanori is conjured once per roll"))
    check_burns([burn], deck, character.id)
    deck.burn(burn.hand_id, burn.card)
    return dataclasses.replace(
        roll, burns=(*roll.burns, burn), serial=_open_new_roll(character, roll.serial)
    )


def choose_card(roll: TrialRoll, keep: Card | None) -> Card:
    """The card to take on a success: ``keep`` if legal, else the first red (or first) card."""
    reds = [c for c in roll.revealed if c.is_red]
    if keep is None:
        return reds[0] if reds else roll.revealed[0]
    if keep not in roll.revealed:
        raise RulesError(words("{keep} was not revealed for this roll", keep=str(keep)))
    if reds and keep.is_black:
        raise RulesError(
            words("A red card must be taken over a black one: take {value}", value=str(reds[0]))
        )
    return keep


def resolve_trial(
    roll: TrialRoll,
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    keep: Card | None = None,
    turn_the_table: Burn | None = None,
    consequence: str = "",
) -> TrialResult:
    """Settle an action or resilience roll (attacks and defences settle through ``combat``)."""
    if roll.purpose in (RollPurpose.ATTACK, RollPurpose.DEFENCE):
        raise RulesError(
            words("Resolve an {value} with the combat procedures", value=roll.purpose.value)
        )
    return settle(roll, character, deck, rng, options, keep, turn_the_table, consequence)


def settle(
    roll: TrialRoll,
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions,
    keep: Card | None,
    turn_the_table: Burn | None,
    consequence: str,
) -> TrialResult:
    """The shared resolution of every trial and fate roll; validates, then changes things."""
    check_pending(roll, character, deck)
    if turn_the_table is not None:
        if roll.success:
            raise RulesError(words("Only a setback can be turned into a success"))
        if turn_the_table.kind is not BurnKind.TURN_THE_TABLE:
            raise RulesError(words("Burn the card with Turn the Table"))
        if turn_the_table.hand_id != character.id:
            raise RulesError(words("Turn the Table is burned from the roller's own hand"))
        check_burns([turn_the_table], deck)
    success = roll.success or turn_the_table is not None
    earns_card = (
        success and roll.kind is RollKind.TRIAL and bool(roll.revealed) and not roll.burns
    ) and turn_the_table is None
    if keep is not None and not earns_card:
        raise RulesError(
            words("No card is taken: it was not a trial success, or a card was burned")
        )
    kept = choose_card(roll, keep) if earns_card else None
    if kept is not None and not roll.held and deck.holder_of(kept) is not None:
        raise RulesError(words("{kept} is already in a hand", kept=str(kept)))
    marks_xp = not success and roll.kind is RollKind.TRIAL
    leaving = len(roll.revealed) - (kept is not None) if roll.held else 0
    if marks_xp:
        check_mark_xp(character, deck, 1, options, extra_available=leaving)

    if turn_the_table is not None:
        deck.burn(character.id, turn_the_table.card)
    if roll.held:
        rest = list(roll.revealed)
        if kept is not None:
            rest.remove(kept)
            deck.take_from_revealed(kept, character.id)
        deck.discard_revealed(rest)
    elif kept is not None:
        deck.take_won_card(kept, character.id)
    if roll.carried_dr_reduction:
        character.next_roll_dr_reduction = 0
    xp: XpRecord | None = (
        apply_xp_marks(character, deck, rng, 1, options, None) if marks_xp else None
    )
    _close_roll(character, roll)
    down = False
    if roll.purpose is RollPurpose.RESILIENCE:
        if success:
            character.resilience = 1
        else:
            character.incapacitated = down = True
    return TrialResult(roll, success, turn_the_table, kept, xp, consequence.strip(), down)


@dataclasses.dataclass(frozen=True, slots=True)
class CancelledRoll(Record):
    """A waiting roll called off: its risk cards went to the discard; nothing else happened."""

    character_id: str
    character_name: str
    discarded: tuple[Card, ...] = ()

    def explain(self) -> str:
        """E.g. ``"Astrid's roll is called off; 7♣, 3♥ go to the discard"``."""
        return english(self.words())

    def words(self) -> Words:
        """The roll called off, as words each reader words in their own language."""
        if self.discarded:
            return words(
                "{name}'s roll is called off; {cards} go to the discard",
                name=self.character_name,
                cards=cards_short(self.discarded),
            )
        return words("{name}'s roll is called off", name=self.character_name)


def cancel_trial(roll: TrialRoll, character: SongsCharacter, deck: TableDeck) -> CancelledRoll:
    """Call off a waiting roll: no card is won, no XP is marked and nobody is hurt.

    The risk cards still waiting on the table for it go to the discard, as after any settled
    roll; cards already burned for it stay burned (they were spent when they were burned). The
    roll can never be settled afterwards.
    """
    check_pending(roll, character, deck)
    waiting = [c for c in roll.revealed if c in deck.revealed] if roll.held else []
    deck.discard_revealed(waiting)
    _close_roll(character, roll)
    return CancelledRoll(character.id, character.name, tuple(waiting))
