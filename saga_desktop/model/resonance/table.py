"""Each Resonance character's cards as named piles, lent to operations as engine characters.

A character ``pc1`` owns three piles, each of the deck group ``deck:pc1``: ``deck:pc1`` (face
down, bottom to top), ``drawn:pc1`` (the cards of a check waiting to be played, in the order
drawn) and ``fatigue:pc1`` (face up, the newest last). :func:`rules_character` reads a character
as the engine's :class:`~saga_desktop.rules.resonance.ResonanceCharacter` (a copy), and
:func:`borrow_character` lends one to an operation, writing stats, cards and revision back.
"""

from __future__ import annotations

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.resonance.state import sheet_of
from saga_desktop.rules import resonance
from saga_desktop.rules.errors import RulesError

DECK = "deck:"
DRAWN = "drawn:"
FATIGUE = "fatigue:"


def deck_pile(character_id: str) -> str:
    """The name of a character's face-down deck (and of the deck group of all three piles)."""
    return DECK + character_id


def drawn_pile(character_id: str) -> str:
    """The name of a character's drawn cards."""
    return DRAWN + character_id


def fatigue_pile(character_id: str) -> str:
    """The name of a character's fatigue pile."""
    return FATIGUE + character_id


def pile_names(character_id: str) -> tuple[str, str, str]:
    """A character's three piles: deck, drawn, fatigue."""
    return deck_pile(character_id), drawn_pile(character_id), fatigue_pile(character_id)


def cards_of(campaign: Campaign, character_id: str) -> resonance.CharacterDeck:
    """A character's cards as the engine's deck (a copy); ValueError when they are broken."""
    deck, drawn, fatigue = (campaign.piles.get(n, []) for n in pile_names(character_id))
    revision = sheet_of(campaign.character(character_id)).revision
    try:
        return resonance.CharacterDeck.from_codes(deck, drawn, fatigue, revision)
    except RulesError as exc:
        raise ValueError(f"piles.{deck_pile(character_id)}: {exc}") from None


def to_rules(campaign: Campaign, character: Character) -> resonance.ResonanceCharacter:
    """A saved character as an engine character (a copy)."""
    sheet = sheet_of(character)
    stats = {s: sheet.stat(s) for s in resonance.Stat}
    return resonance.ResonanceCharacter(
        character.id, character.name, stats, cards_of(campaign, character.id)
    )


def rules_character(campaign: Campaign, character_id: str) -> resonance.ResonanceCharacter:
    """A character by id as an engine character (a copy); OperationError for an unknown id."""
    try:
        character = campaign.character(character_id)
    except KeyError:
        raise OperationError(words("That character is not in this campaign")) from None
    return to_rules(campaign, character)


def write_cards(campaign: Campaign, character_id: str, cards: resonance.CharacterDeck) -> None:
    """Write an engine deck back as the character's three piles and revision."""
    deck, drawn, fatigue = pile_names(character_id)
    campaign.piles[deck] = [c.code for c in cards.deck]
    campaign.piles[drawn] = [c.code for c in cards.drawn]
    campaign.piles[fatigue] = [c.code for c in cards.fatigue]
    sheet_of(campaign.character(character_id)).revision = cards.revision


def write_character(
    campaign: Campaign, character: Character, rc: resonance.ResonanceCharacter
) -> None:
    """Write an engine character's stats and cards back."""
    sheet = sheet_of(character)
    for stat, value in rc.stats.items():
        setattr(sheet, stat.value, value)
    write_cards(campaign, character.id, rc.cards)


def borrow_character(ctx: Context, character_id: str) -> resonance.ResonanceCharacter:
    """Lend a character to an operation as an engine character, written back at the end."""
    character = ctx.character(character_id)
    campaign = ctx.campaign
    return ctx.borrow(
        ("resonance-character", character_id),
        lambda: to_rules(campaign, character),
        lambda rc: write_character(campaign, character, rc),
    )
