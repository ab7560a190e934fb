"""The shared table deck: draw pile, discard pile, the revealed row and one hand per character.

The rules of the cards, as the engine applies them:

* Revealing takes the top card of the draw pile. Revealed cards either wait face up in the
  *revealed row* until the roll they belong to resolves (``hold=True``, the default ruling) or go
  straight to the discard pile.
* Whenever the draw pile runs out, the discard pile is shuffled back to form a new draw pile at
  once, also in the middle of a reveal. Cards waiting in the revealed row and cards in hands are
  not part of that shuffle.
* At the end of a scene the discard pile is shuffled back into the draw pile; hands are kept.
* Cards are never created or lost: the four places always hold the 52 cards between them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from saga_desktop.i18n.words import words
from saga_desktop.rules.cards import DECK_SIZE, FULL_DECK, Card
from saga_desktop.rules.errors import RulesError


@dataclass(frozen=True, slots=True)
class RevealRecord:
    """What a reveal did: the cards in order and where the discard was shuffled back.

    ``reshuffled_before`` holds indexes into ``cards``: a reshuffle happened just before the card at
    that index was revealed. ``short`` is true when the deck ran dry (every card is in hands or on
    the table) and fewer cards than asked for could be revealed. ``reshuffled_after`` is true when
    the reveal emptied the draw pile and the discard was shuffled back straight after it.
    """

    cards: tuple[Card, ...]
    reshuffled_before: tuple[int, ...] = ()
    asked: int = 0
    reshuffled_after: bool = False

    @property
    def short(self) -> bool:
        """True when fewer cards than asked for were revealed."""
        return len(self.cards) < self.asked

    @property
    def black_count(self) -> int:
        """How many of the revealed cards are black."""
        return sum(1 for c in self.cards if c.is_black)

    @property
    def red_count(self) -> int:
        """How many of the revealed cards are red."""
        return sum(1 for c in self.cards if c.is_red)


@dataclass(slots=True)
class TableDeck:
    """The cards of one table. Lists run bottom to top: the last item is the top card."""

    draw_pile: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    revealed: list[Card] = field(default_factory=list)
    hands: dict[str, list[Card]] = field(default_factory=dict)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, rng: random.Random, hand_ids: Iterable[str] = ()) -> TableDeck:
        """A freshly shuffled deck with an empty hand for each id."""
        pile = list(FULL_DECK)
        rng.shuffle(pile)
        return cls(draw_pile=pile, hands={h: [] for h in hand_ids})

    @classmethod
    def from_codes(
        cls,
        draw_pile: Iterable[str],
        discard: Iterable[str] = (),
        revealed: Iterable[str] = (),
        hands: Mapping[str, Iterable[str]] | None = None,
    ) -> TableDeck:
        """Build a deck from card codes and check that it holds each card exactly once."""
        deck = cls(
            draw_pile=[Card.from_code(c) for c in draw_pile],
            discard=[Card.from_code(c) for c in discard],
            revealed=[Card.from_code(c) for c in revealed],
            hands={h: [Card.from_code(c) for c in cs] for h, cs in (hands or {}).items()},
        )
        deck.check()
        return deck

    def to_data(self) -> dict[str, object]:
        """The table as plain data (card codes), the inverse of :meth:`from_data`."""
        return {
            "draw_pile": [c.code for c in self.draw_pile],
            "discard": [c.code for c in self.discard],
            "revealed": [c.code for c in self.revealed],
            "hands": {h: [c.code for c in cs] for h, cs in self.hands.items()},
        }

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> TableDeck:
        """Rebuild a table from :meth:`to_data`; raises RulesError unless it holds all 52 cards."""

        def codes(key: str) -> list[str]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise RulesError(words("The table's '{key}' must be a list of card codes", key=key))
            return value

        hands = data.get("hands", {})
        if not isinstance(hands, dict) or not all(
            isinstance(h, str) and isinstance(cs, list) and all(isinstance(c, str) for c in cs)
            for h, cs in hands.items()
        ):
            raise RulesError(words("The table's 'hands' must map hand ids to lists of card codes"))
        return cls.from_codes(codes("draw_pile"), codes("discard"), codes("revealed"), hands)

    def copy(self) -> TableDeck:
        """An independent copy."""
        return TableDeck(
            list(self.draw_pile),
            list(self.discard),
            list(self.revealed),
            {h: list(cs) for h, cs in self.hands.items()},
        )

    # -- queries ------------------------------------------------------------------------------

    def all_cards(self) -> list[Card]:
        """Every card on the table, wherever it lies."""
        cards = self.draw_pile + self.discard + self.revealed
        for hand in self.hands.values():
            cards.extend(hand)
        return cards

    def check(self) -> None:
        """Raise RulesError unless the table holds each of the 52 cards exactly once."""
        cards = self.all_cards()
        if len(cards) != DECK_SIZE or set(cards) != set(FULL_DECK):
            seen: set[Card] = set()
            doubles = sorted({c for c in cards if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
            missing = sorted(set(FULL_DECK) - set(cards))
            parts = []
            if doubles:
                parts.append("twice: " + ", ".join(c.name for c in doubles))
            if missing:
                parts.append("missing: " + ", ".join(c.name for c in missing))
            raise RulesError(
                words(
                    "The table must hold each of the 52 cards exactly once ({value})",
                    value="; ".join(parts),
                )
            )

    def hand(self, hand_id: str) -> list[Card]:
        """The hand of one character; raises RulesError for an unknown id."""
        try:
            return self.hands[hand_id]
        except KeyError:
            raise RulesError(
                words("There is no hand for '{hand_id}' at this table", hand_id=hand_id)
            ) from None

    @property
    def available(self) -> int:
        """Cards that a reveal can still reach (draw pile and discard)."""
        return len(self.draw_pile) + len(self.discard)

    def colour_counts(self) -> tuple[int, int, int, int]:
        """Red and black cards in the draw pile, then in the discard: ``(pr, pb, dr, db)``."""
        pile_red = sum(1 for c in self.draw_pile if c.is_red)
        discard_red = sum(1 for c in self.discard if c.is_red)
        return (
            pile_red,
            len(self.draw_pile) - pile_red,
            discard_red,
            len(self.discard) - discard_red,
        )

    def holder_of(self, card: Card) -> str | None:
        """The id of the hand holding ``card``, or ``None`` when it is in no hand."""
        for hand_id, hand in self.hands.items():
            if card in hand:
                return hand_id
        return None

    # -- moves --------------------------------------------------------------------------------

    def reveal(self, count: int, rng: random.Random, *, hold: bool = True) -> RevealRecord:
        """Reveal ``count`` cards from the top of the draw pile.

        With ``hold`` the cards wait in the revealed row (see :meth:`resolve`); otherwise they go
        to the discard pile at once (and can then be shuffled back mid-reveal).
        """
        if count < 0:
            raise RulesError(words("Cannot reveal a negative number of cards"))
        cards: list[Card] = []
        shuffles: list[int] = []
        for i in range(count):
            if not self.draw_pile:
                if not self.discard:
                    break
                self._reshuffle_discard(rng)
                shuffles.append(i)
            card = self.draw_pile.pop()
            cards.append(card)
            (self.revealed if hold else self.discard).append(card)
        after = not self.draw_pile and bool(self.discard)
        if after:
            # "Whenever the deck is empty": shuffle back at once, not at the next reveal.
            self._reshuffle_discard(rng)
        return RevealRecord(tuple(cards), tuple(shuffles), count, after)

    def resolve(self, keep: Card | None = None, hand_id: str | None = None) -> None:
        """Clear the revealed row: ``keep`` goes to ``hand_id``'s hand, the rest to the discard."""
        if keep is not None:
            if keep not in self.revealed:
                raise RulesError(words("{name} is not among the revealed cards", name=keep.name))
            if hand_id is None:
                raise RulesError(words("Say whose hand the kept card goes to"))
            self.hand(hand_id).append(keep)
        self.discard.extend(c for c in self.revealed if c != keep)
        self.revealed.clear()

    def discard_revealed(self, cards: Iterable[Card]) -> None:
        """Move some cards from the revealed row to the discard pile, leaving the others waiting."""
        wanted = list(cards)
        row = list(self.revealed)
        for card in wanted:
            if card not in row:
                raise RulesError(words("{name} is not among the revealed cards", name=card.name))
            row.remove(card)
        self.revealed[:] = row
        self.discard.extend(wanted)

    def take_from_revealed(self, card: Card, hand_id: str) -> None:
        """Move one revealed card into a hand, leaving the rest of the row in place."""
        hand = self.hand(hand_id)
        if card not in self.revealed:
            raise RulesError(words("{name} is not among the revealed cards", name=card.name))
        self.revealed.remove(card)
        hand.append(card)

    def take_won_card(self, card: Card, hand_id: str) -> None:
        """Move a won card into a hand from wherever it lies now.

        That is the revealed row, the discard, or the draw pile when revealed cards went straight
        to the discard and were shuffled back.
        """
        hand = self.hand(hand_id)
        for place in (self.revealed, self.discard, self.draw_pile):
            if card in place:
                place.remove(card)
                hand.append(card)
                return
        raise RulesError(words("{name} is already in a hand", name=card.name))

    def burn(self, hand_id: str, card: Card) -> None:
        """Burn a card from a hand: it goes to the discard pile."""
        hand = self.hand(hand_id)
        if card not in hand:
            raise RulesError(words("{name} is not in that hand", name=card.name))
        hand.remove(card)
        self.discard.append(card)

    def end_scene(self, rng: random.Random) -> None:
        """Shuffle the discard pile (and any revealed cards) back into the draw pile; hands stay."""
        self.discard.extend(self.revealed)
        self.revealed.clear()
        self.draw_pile.extend(self.discard)
        self.discard.clear()
        rng.shuffle(self.draw_pile)

    def add_hand(self, hand_id: str) -> None:
        """Give a new character an empty hand."""
        if hand_id in self.hands:
            raise RulesError(words("'{hand_id}' already has a hand at this table", hand_id=hand_id))
        self.hands[hand_id] = []

    def remove_hand(self, hand_id: str) -> list[Card]:
        """Remove a character's hand; its cards go to the discard pile. Returns them."""
        cards = self.hands.pop(hand_id, None)
        if cards is None:
            raise RulesError(
                words("There is no hand for '{hand_id}' at this table", hand_id=hand_id)
            )
        self.discard.extend(cards)
        return cards

    def _reshuffle_discard(self, rng: random.Random) -> None:
        self.draw_pile.extend(self.discard)
        self.discard.clear()
        rng.shuffle(self.draw_pile)
