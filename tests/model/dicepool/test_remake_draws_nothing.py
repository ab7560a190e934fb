"""A dice-pool character sent back and made again: nothing is rolled for it, then or now.

Creation spends a budget (no dice), so a re-make changes only what its player changed; the
campaign's generator is untouched and every other card and check stays as it was.
"""

from __future__ import annotations

from saga_desktop.model.dicepool.ops.cards import CreateCharacter
from saga_desktop.model.ops.characters import SendBackCharacter
from tests.model.dicepool.conftest import MARA, dump, party_session


def test_a_character_made_again_draws_nothing_and_changes_nothing_else() -> None:
    session = party_session()
    cid = session.apply(CreateCharacter("Kestrel", MARA, "Ren", submit=True))
    session.apply(SendBackCharacter(cid, "Another name, please"))
    before, state = dump(session), session.rng.getstate()
    again = session.apply(CreateCharacter("Kestrel Vane", MARA, "Ren", submit=True, replaces=cid))
    assert again == cid and session.rng.getstate() == state
    after = dump(session)
    for key in ("play", "piles"):
        assert after[key] == before[key]
