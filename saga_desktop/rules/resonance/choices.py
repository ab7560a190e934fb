"""After a draw: every drawn card as a choice, and the deck each choice would leave behind.

For each card: its effective value, whether it reaches the DC, and a meter of the deck after
playing it (the other drawn cards go back under the deck, the played one to fatigue): how many
cards are left, how many are high (10 or more) and how many resonate with the stat.
"""

from __future__ import annotations

from dataclasses import dataclass

from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import DeckMeter, ResonanceCharacter
from saga_desktop.rules.resonance.check import CardChoice, Draw, PendingCheck, check_play
from saga_desktop.rules.resonance.values import effective_value


@dataclass(frozen=True, slots=True)
class PlayOption(Record):
    """A drawn card as a choice, and the deck it would leave behind."""

    choice: CardChoice
    meter: DeckMeter

    def explain(self) -> str:
        """E.g. ``"9♦ 9: passes; leaves deck 49: 17 high, 12 ♣; fatigue 1"``."""
        return f"{self.choice.explain()}; leaves {self.meter.explain()}"


def card_options(draw: Draw, character: ResonanceCharacter, dc: int = 0) -> tuple[PlayOption, ...]:
    """For every drawn card: its effective value, whether it reaches ``dc``, and what is left.

    In an opposed check there is no DC; leave ``dc`` at 0 and ignore ``passes``.
    """
    check_play(draw, character, draw.cards[0] if draw.cards else None, None)
    options = []
    deck, fatigue = character.cards.deck, len(character.cards.fatigue)
    for card in draw.cards:
        rest = [c for c in draw.cards if c != card]
        value = effective_value(card, draw.stat, draw.stat_value)
        choice = CardChoice(card, value, card.suit is draw.stat.suit, dc)
        options.append(PlayOption(choice, DeckMeter.of(deck + rest, fatigue + 1, draw.stat)))
    return tuple(options)


def play_options(pending: PendingCheck, character: ResonanceCharacter) -> tuple[PlayOption, ...]:
    """:func:`card_options` for a pending check, against its DC."""
    return card_options(pending.draw, character, pending.request.dc)
