"""Resonance in the model: its sheet and play state, its operations, its part of the seam.

Every character owns a deck of 52 cards, laid out as three piles of their own (deck, drawn,
fatigue); a check draws from it and plays one card. Importing this package registers the
ruleset. The operations live in :mod:`saga_desktop.model.resonance.ops`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import JsonValue

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, joined, words, words_c
from saga_desktop.model.campaign import Campaign, Character, JournalEntry
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.registry import register
from saga_desktop.model.resonance import headlines
from saga_desktop.model.resonance.access import check_play, pending_of, waiting_for
from saga_desktop.model.resonance.state import (
    RULESET_ID,
    ResonanceOptions,
    ResonancePlay,
    ResonanceSheet,
    play_of,
)
from saga_desktop.model.resonance.table import (
    deck_pile,
    drawn_pile,
    fatigue_pile,
    pile_names,
)
from saga_desktop.model.ruleset import (
    Face,
    PileSpec,
    PlayBase,
    PlayerRule,
    PromptSeat,
    Ruleset,
    SheetBase,
    Viewer,
)
from saga_desktop.rules import resonance

SECRET_ADVERSARY_FIELDS = ("notes",)
"""Fields of an adversary only the GM reads."""


def _redact_draw(draw: JsonValue, viewer: Viewer) -> JsonValue:
    if isinstance(draw, dict) and not viewer.owns(str(draw.get("character_id"))):
        return {**draw, "cards": []}
    return draw


class Resonance(Ruleset):
    """Resonance: a deck per character, four stats, and suits that resonate."""

    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = "Resonance"
    summary: ClassVar[str] = tr_noop(
        "A deck of cards per character, four stats, and suits that resonate with them."
    )
    version: ClassVar[int] = resonance.RULES_VERSION
    sheet_type: ClassVar[type[SheetBase]] = ResonanceSheet
    play_type: ClassVar[type[PlayBase]] = ResonancePlay
    journal_kinds: ClassVar[dict[str, str]] = {
        "check-draw": tr_noop("Check drawn"),
        "check": tr_noop("Check"),
        "opposed-draw": tr_noop("Opposed check drawn"),
        "opposed-choice": tr_noop("Opposed choice"),
        "opposed": tr_noop("Opposed check"),
        "group-draw": tr_noop("Group check drawn"),
        "group-card": tr_noop("Group card played"),
        "group": tr_noop("Group check"),
        "extended": tr_noop("Extended check"),
        "check-cancel": tr_noop("Check cancelled"),
        "rest": tr_noop("Rest"),
        "stats": tr_noop("Stats"),
        "adversary": tr_noop("Adversary"),
        "scene": tr_noop("Scene"),
        "prompt": tr_noop("Prompted check"),
    }
    secret_journal_kinds: ClassVar[frozenset[str]] = frozenset({"opposed-draw", "opposed-choice"})
    result_kinds: ClassVar[frozenset[str]] = frozenset({"check", "opposed", "group", "extended"})
    help_topics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Playing Resonance", "resonance/playing.md"),
        ("Resonance rulings", "resonance/rulings.md"),
    )
    player_operations: ClassVar[dict[str, PlayerRule]] = {
        "resonance.CreateCharacter": PlayerRule.NEW,
        "resonance.DrawPrompt": PlayerRule.PROMPTED,
        "resonance.PlayCard": PlayerRule.PENDING,
        "resonance.PlayOpposed": PlayerRule.OWN,
        "resonance.PlayGroupCard": PlayerRule.OWN,
    }

    def option_choices(self) -> Mapping[str, Mapping[str, Words]]:
        """The words of the empty-deck and tie-break choices."""
        return {
            "empty_deck": {
                "short": words_c("campaign option", "short"),
                "reshuffle": words_c("campaign option", "reshuffle"),
                "fail": words_c("campaign option", "fail"),
            },
            "tie_break": {
                "higher card": words_c("campaign option", "higher card"),
                "resonance": words_c("campaign option", "resonance"),
                "standoff": words_c("campaign option", "standoff"),
            },
        }

    def prompted(self, campaign: Campaign, prompt: object) -> PromptSeat | None:
        """A prompted check still waiting, by its number (no dice: nothing is typed)."""
        for p in play_of(campaign).prompts:
            if type(prompt) is int and p.id == prompt:
                return PromptSeat(p.character)
        return None

    def headline(self, entry: JournalEntry) -> str | None:
        """A result in plain words for the players' screen ("Kael beats the guard by 3")."""
        return headlines.headline(entry)

    def pending_roller(self, campaign: Campaign) -> str | None:
        """The character whose drawn single check waits to be played."""
        record = pending_of(campaign)
        return record.draw.character_id if isinstance(record, resonance.PendingCheck) else None

    def piles(self, campaign: Campaign) -> list[PileSpec]:
        """Each character's deck, drawn cards and fatigue pile, in the deck group of their own.

        The drawn cards lie face up, except while an opposed check waits: then only their owner
        and the GM see them.
        """
        secret = isinstance(pending_of(campaign), resonance.PendingOpposed)
        specs = []
        for c in campaign.characters:
            group = deck_pile(c.id)
            specs += [
                PileSpec(group, f"{c.name}: deck", Face.DOWN, group, c.id),
                PileSpec(
                    drawn_pile(c.id),
                    f"{c.name}: drawn",
                    Face.HIDDEN if secret else Face.UP,
                    group,
                    c.id,
                    "row",
                ),
                PileSpec(fatigue_pile(c.id), f"{c.name}: fatigue", Face.UP, group, c.id),
            ]
        return specs

    def character_added(self, ctx: Context, character: Character) -> None:
        """A new character gets a freshly shuffled deck of their own."""
        cards = resonance.CharacterDeck.new(ctx.rng)
        deck, drawn, fatigue = pile_names(character.id)
        ctx.campaign.piles[deck] = [c.code for c in cards.deck]
        ctx.campaign.piles[drawn] = []
        ctx.campaign.piles[fatigue] = []

    def character_removed(
        self, ctx: Context, character: Character
    ) -> tuple[Words | str, dict[str, JsonValue]]:
        """Refused while the character's cards are in a waiting check; their piles go."""
        play = play_of(ctx.campaign)
        if character.id in waiting_for(ctx.campaign):
            raise OperationError(
                words("{name} has a check waiting: play it or cancel it first", name=character.name)
            )
        dropped = [p.id for p in play.prompts if p.character == character.id]
        play.prompts = [p for p in play.prompts if p.character != character.id]
        fatigue = len(ctx.campaign.piles.get(fatigue_pile(character.id), []))
        for name in pile_names(character.id):
            ctx.campaign.piles.pop(name, None)
        if character.id in play.extended_party:
            play.extended_party = [c for c in play.extended_party if c != character.id]
            if not play.extended_party:
                play.extended = None
        deck = words("Their deck leaves with them.")
        if dropped:
            withdrawn = words("Their waiting checks are withdrawn ({count}).", count=len(dropped))
            return joined(deck, withdrawn), {"fatigue": fatigue, "prompts": list(dropped)}
        return deck, {"fatigue": fatigue}

    def check(self, campaign: Campaign) -> None:
        """Adversary ids are unique; a waiting check matches the piles; the extended check."""
        check_play(campaign)
        pcs = {c.id for c in campaign.characters}
        for i, p in enumerate(play_of(campaign).prompts):
            if p.character not in pcs:
                raise ValueError(f"play.prompts[{i}]: no character {p.character}")

    def redact_play(self, play: dict[str, JsonValue], viewer: Viewer) -> dict[str, JsonValue]:
        """Players never read the GM's notes, nor the other side's cards or opposed choice.

        A group check's cards lie face up, and so do the cards its members played.
        """
        if viewer.is_gm:
            return play
        shown = dict(play)
        adversaries = play.get("adversaries")
        if isinstance(adversaries, list):
            shown["adversaries"] = [
                {k: ("" if k in SECRET_ADVERSARY_FIELDS else v) for k, v in a.items()}
                if isinstance(a, dict)
                else a
                for a in adversaries
            ]
        pending = play.get("pending")
        opposed = isinstance(pending, dict) and pending.get("type") == "PendingOpposed"
        if opposed and isinstance(pending, dict):
            shown["pending"] = {  # an older file's English "explain" names the cards: dropped
                **{k: v for k, v in pending.items() if k != "explain"},
                "first": _redact_draw(pending.get("first"), viewer),
                "second": _redact_draw(pending.get("second"), viewer),
            }
        choices = play.get("choices")
        if isinstance(choices, dict) and opposed:
            shown["choices"] = {
                k: (v if viewer.owns(k) else {"card": None, "order": []})
                for k, v in choices.items()
            }
        return shown

    def describe(self, campaign: Campaign) -> str:
        """The session and scene numbers."""
        play = play_of(campaign)
        return f"session {play.session_number}, scene {play.scene_number}"

    sample_file: ClassVar[str | None] = "the-hollow-choir.saga"

    def sample_campaign(self) -> Campaign:
        """*The Hollow Choir*: three characters, a few regions, checks of every kind."""
        from saga_desktop.model.resonance.sample import sample_campaign

        return sample_campaign()

    def options_of(self, campaign: Campaign) -> ResonanceOptions:
        """The table's rulings."""
        return play_of(campaign).options


RESONANCE = register(Resonance())
"""The registered ruleset."""
