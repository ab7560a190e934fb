"""A Resonance character sent back and made again keeps the deck shuffled for them.

A re-make changes what the GM asked to change (the stats, the concept); it draws nothing anew:
the character's deck stays in the order it was shuffled the first time, and the campaign's
generator is where it was (the next draw anywhere is the one it would have been).
"""

from __future__ import annotations

from saga_desktop.model.ops.characters import SendBackCharacter
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.table import pile_names
from tests.model.resonance.helpers import make_session


def test_a_character_made_again_keeps_its_deck_and_the_generator() -> None:
    session = make_session(characters=1)
    cid = session.apply(CreateCharacter("Kestrel", (3, 3, 3, 3), "Ren", submit=True))
    first = {n: list(session.campaign.piles[n]) for n in pile_names(cid)}
    session.apply(SendBackCharacter(cid, "Less Heart, more Mind"))
    before = session.rng.getstate()
    again = session.apply(
        CreateCharacter("Kestrel", (2, 3, 4, 3), "Ren", submit=True, replaces=cid)
    )
    assert again == cid
    assert {n: list(session.campaign.piles[n]) for n in pile_names(cid)} == first
    assert session.rng.getstate() == before, "the re-make drew from the generator"
    sheet = session.campaign.characters[-1].sheet
    assert (sheet.heart, sheet.mind) == (2, 4)  # type: ignore[union-attr]


def test_a_new_character_still_gets_a_fresh_shuffle() -> None:
    session = make_session(characters=1)
    one = session.apply(CreateCharacter("Kestrel", (3, 3, 3, 3), "Ren", submit=True))
    two = session.apply(CreateCharacter("Wren", (3, 3, 3, 3), "Sam", submit=True))
    deck_one, deck_two = (session.campaign.piles[pile_names(c)[0]] for c in (one, two))
    assert sorted(deck_one) == sorted(deck_two) and deck_one != deck_two
