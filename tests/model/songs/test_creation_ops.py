"""Creation at the table: previewed on copies, applied as one operation with the same cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from saga_desktop.i18n.words import english
from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.creation import (
    MOVED_ON,
    CreateCharacter,
    CreationStep,
    CreationTable,
    QuickCharacter,
    StepKind,
    VanoriSpec,
)
from saga_desktop.model.songs.ops.sheet import MarkXp
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.rules.songs.deck import TableDeck
from tests.model.conftest import make_session


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def assert_52(session: Session) -> None:
    t = table_of(session.campaign)
    cards = t.draw + t.discard + t.revealed + [c for h in t.hands.values() for c in h]
    assert sorted(cards) == sorted(c.code for c in FULL_DECK)


def real_table(session: Session) -> tuple[TableDeck, random.Random]:
    """An independent copy of the campaign's deck and generator, for the engine by hand."""
    t = table_of(session.campaign)
    rng = random.Random()
    rng.setstate(session.rng.getstate())
    return TableDeck.from_codes(t.draw, t.discard, t.revealed, t.hands), rng


def test_preview_changes_nothing_and_create_applies_the_same_cards(session: Session) -> None:
    start = dump(session)
    rng_start = session.rng.getstate()
    deck, rng = real_table(session)
    table = CreationTable.preview(session.campaign, session.rng)
    draw = table.reveal()
    redrawn = table.redraw("heart")
    roll = table.roll_vanori()
    table.choose_vanori(VanoriSpec("wolf"))
    first = table.roll_resilience()
    second = table.reroll_resilience()
    # The preview played on copies: the campaign and its generator are untouched (a Cancel).
    assert dump(session) == start and session.rng.getstate() == rng_start
    # The engine by hand, on its own copy, in the same order, gives the same results.
    e_draw = songs.reveal_attributes(deck, rng)
    e_draw = songs.redraw_attribute(e_draw, songs.Attribute.HEART, deck, rng)
    e_roll = songs.roll_vanori(rng)
    wolf = songs.VANORI["wolf"]
    e_res = songs.reroll_max_resilience(songs.roll_max_resilience(wolf, rng), rng)
    assert draw.cards[:3] == e_draw.cards[:3] and table.draw == e_draw
    assert redrawn == e_draw.card_for(songs.Attribute.HEART)
    assert roll == e_roll and second == e_res and first.rolls == e_res.rolls[:1]
    expected = songs.create_character("pc1", "Sigrun", e_draw, wolf, e_res, "Spear", deck)
    # Create: one operation, the real deck and generator, the same cards and dice.
    record = session.apply(table.operation("Sigrun", "Spear", "Ren", "she/her"))
    assert english(session.undo_label or "") == "Create Sigrun"
    c = session.campaign.character("pc1")
    assert (c.name, c.player, c.sheet.pronouns) == ("Sigrun", "Ren", "she/her")
    sc = to_rules_character(c)
    e = expected.character
    assert sc.attributes == e.attributes and sc.vanori == e.vanori
    assert (sc.max_resilience, sc.resilience) == (e.max_resilience, e.resilience)
    assert sc.armor == e.armor and sc.inventory == e.inventory and sc.xp == 0
    assert record.attributes == e_draw and record.resilience == e_res
    # The attribute cards (four, plus the redraw) went to the shared discard pile.
    heart = e_draw.card_for(songs.Attribute.HEART)
    assert heart.redrawn_from is not None
    shown = [c.card.code for c in e_draw.cards] + [heart.redrawn_from.code]
    assert sorted(table_of(session.campaign).discard) == sorted(shown)
    assert table_of(session.campaign).draw == [x.code for x in deck.draw_pile]
    assert session.rng.getstate() == rng.getstate()
    assert_52(session)
    # Each step is journaled, then the arrival.
    texts = [j.text for j in session.campaign.journal]
    assert texts[0].startswith("Creating Sigrun: Attributes:")
    assert texts[1].startswith("Creating Sigrun: redrew Heart")
    assert "Vanori: d6" in texts[2] and "Vanori chosen: the Wolf" in texts[3]
    assert "Max resilience" in texts[4] and "rerolled" in texts[5]
    assert texts[6].startswith("Sigrun joins the party.")
    assert all(j.character == "pc1" for j in session.campaign.journal)


def test_undo_and_redo_of_a_creation_are_exact(session: Session) -> None:
    start = dump(session)
    table = CreationTable.preview(session.campaign, session.rng)
    table.reveal()
    table.choose_vanori(VanoriSpec.custom("Salmon", "heart", "willpower", 12, "Leap falls."))
    table.roll_resilience()
    session.apply(table.operation("Oda", "Harpoon"))
    after = dump(session)
    c = session.campaign.character("pc1")
    assert c.sheet.vanori == "custom" and c.sheet.custom_vanori is not None
    assert c.sheet.custom_vanori.resilience_die == 12
    session.undo()
    assert dump(session) == start
    session.redo()
    assert dump(session) == after


def test_a_creation_overtaken_by_other_play_is_refused(session: Session) -> None:
    table = CreationTable.preview(session.campaign, session.rng)
    table.reveal()
    table.roll_vanori()
    table.roll_resilience()
    session.apply(QuickCharacter("Bo"))  # uses the deck and the dice meanwhile
    before = dump(session)
    with pytest.raises(OperationError, match="moved on"):
        session.apply(table.operation("Astrid", "Axe"))
    assert dump(session) == before
    assert "start the creation again" in MOVED_ON


def test_creation_rules_are_kept(session: Session) -> None:
    table = CreationTable.preview(session.campaign, session.rng)
    with pytest.raises(OperationError, match="Reveal the attribute cards first"):
        table.redraw("heart")
    with pytest.raises(OperationError, match="Choose, roll or invent a Vanori first"):
        table.roll_resilience()
    table.reveal()
    with pytest.raises(OperationError, match="already on the table"):
        table.reveal()
    table.redraw("heart")
    with pytest.raises(OperationError, match="already redrawn"):
        table.redraw("heart")
    table.redraw("strength")
    with pytest.raises(OperationError, match="Only 2 attributes"):
        table.redraw("willpower")
    table.roll_vanori()
    with pytest.raises(OperationError, match="already rolled"):
        table.roll_vanori()
    with pytest.raises(OperationError, match="two different"):
        table.choose_vanori(VanoriSpec.custom("Eel", "heart", "heart", 6, ""))
    with pytest.raises(OperationError, match="needs a name"):
        table.choose_vanori(VanoriSpec.custom(" ", "heart", "strength", 6, ""))
    with pytest.raises(OperationError, match="resilience die is a d4, d6, d8, d10 or d12"):
        table.choose_vanori(VanoriSpec.custom("Eel", "heart", "strength", 20, ""))
    assert table.missing() == "Roll max resilience"
    table.roll_resilience()
    with pytest.raises(OperationError, match="The Vanori is settled"):
        table.choose_vanori(VanoriSpec("ox"))
    table.reroll_resilience()
    with pytest.raises(OperationError, match="already rerolled"):
        table.reroll_resilience()
    before = dump(session)
    for name, weapon, match in (("", "Axe", "needs a name"), ("Bo", "  ", "A weapon needs")):
        with pytest.raises(OperationError, match=match):
            session.apply(table.operation(name, weapon))
    with pytest.raises(OperationError, match="Reveal a card for each attribute first"):
        session.apply(CreateCharacter("Bo", "Axe", ()))
    assert dump(session) == before


def test_redraw_limit_follows_the_campaign_option(session: Session) -> None:
    session.campaign.play.options = session.campaign.play.options.replace(attribute_redraws=0)
    table = CreationTable.preview(session.campaign, session.rng)
    table.reveal()
    with pytest.raises(OperationError, match="Only 0 attributes"):
        table.redraw("heart")


def test_a_forged_step_is_refused(session: Session) -> None:
    table = CreationTable.preview(session.campaign, session.rng)
    table.reveal()
    forged = CreationStep(StepKind.REVEAL, seen=("AH", "AD", "KH", "KD"))
    before = dump(session)
    with pytest.raises(OperationError, match="moved on"):
        session.apply(CreateCharacter("Cheat", "Axe", (forged, *table.steps[1:])))
    assert dump(session) == before


def test_quick_character_matches_the_engine(session: Session) -> None:
    deck, rng = real_table(session)
    expected = songs.quick_character(deck, rng, "pc1", "Bo", vanori="raven", weapon="Sling")
    record = session.apply(QuickCharacter("Bo", weapon="Sling", vanori="raven", player="Sam"))
    sc = to_rules_character(session.campaign.character("pc1"))
    e = expected.character
    assert (sc.attributes, sc.vanori, sc.max_resilience) == (
        e.attributes,
        e.vanori,
        e.max_resilience,
    )
    assert sc.inventory == e.inventory and record.attributes == expected.attributes
    assert session.campaign.character("pc1").player == "Sam"
    assert table_of(session.campaign).discard == [c.code for c in deck.discard]
    assert table_of(session.campaign).hands == {"pc1": []}
    assert_52(session)
    with pytest.raises(OperationError, match="no Vanori called 'dragon'"):
        session.apply(QuickCharacter("Cy", vanori="dragon"))


def test_a_look_up_without_cards_is_refused(session: Session) -> None:
    session.apply(QuickCharacter("Bo"))
    p = session.campaign.piles
    p["hand:pc1"] = p["draw"] + p["discard"][:-2]
    p["draw"], p["discard"] = [], p["discard"][-2:]
    before = dump(session)
    with pytest.raises(OperationError, match="Only 2 card"):
        session.apply(QuickCharacter("Cy"))
    table = CreationTable.preview(session.campaign, session.rng)
    with pytest.raises(OperationError, match="Only 2 card"):
        table.reveal()
    assert dump(session) == before


ACTIONS = st.sampled_from(
    ["reveal", "redraw", "roll_vanori", "choose", "roll_res", "reroll", "xp", "quick"]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), actions=st.lists(st.tuples(ACTIONS, st.integers(0, 5))))
def test_any_creation_replays_exactly_and_conserves_the_cards(
    seed: int, actions: list[tuple[str, int]]
) -> None:
    """Whatever the player clicks, Create gives the previewed character or refuses cleanly."""
    session = make_session(seed)
    cid = session.apply(QuickCharacter("Old hand", vanori="owl")).character.id
    table = CreationTable.preview(session.campaign, session.rng)
    others = [a for a, _ in actions if a in ("xp", "quick")]
    # Mostly complete creations: reveal first and finish with a Vanori and a resilience roll.
    for action, n in [("reveal", 0), *actions, ("choose", seed % 6), ("roll_res", 0)]:
        attribute = list(songs.Attribute)[n % 4].value
        try:
            match action:
                case "reveal":
                    table.reveal()
                case "redraw":
                    table.redraw(attribute)
                case "roll_vanori":
                    table.roll_vanori()
                case "choose":
                    table.choose_vanori(VanoriSpec(songs.VANORI_ORDER[n]))
                case "roll_res":
                    table.roll_resilience()
                case "reroll":
                    table.reroll_resilience()
                case "xp":
                    session.apply(MarkXp(cid, 1 + n))
                case "quick":
                    session.apply(QuickCharacter(f"Q{n}"))
        except OperationError:
            pass
    before = dump(session)
    op = table.operation("Astrid", "Axe")
    try:
        record = session.apply(op)
    except OperationError as exc:
        assert dump(session) == before
        assert table.missing() or (others and MOVED_ON in str(exc))
        event("refused")
        return
    event("created")
    assert not table.missing()
    preview = table.finish("x", "Astrid", "Axe").character
    made = to_rules_character(session.campaign.characters[-1])
    assert made.attributes == preview.attributes and made.vanori == preview.vanori
    assert made.max_resilience == preview.max_resilience == record.character.max_resilience
    assert_52(session)
    session.undo()
    assert dump(session) == before
