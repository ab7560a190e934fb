"""Songs & Sagas in the model: its sheet and play state, its operations, its part of the seam.

One deck lies on the table (draw pile, discard, the revealed row) and every character holds a
hand of won cards; the map's new regions take their risk from a revealed card, and the party
travels on foot, mounted, rowing or sailing. Importing this package registers the ruleset.
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from pydantic import JsonValue

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, joined, words
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.registry import register
from saga_desktop.model.ruleset import (
    Charting,
    ChartRisk,
    Face,
    OptionField,
    PileSpec,
    PlayBase,
    PlayerRule,
    PromptSeat,
    Ruleset,
    SheetBase,
    TravelMode,
    Viewer,
)
from saga_desktop.model.songs.state import RULESET_ID, SongsPlay, SongsSheet
from saga_desktop.model.songs.table import (
    DISCARD,
    DRAW,
    REVEALED,
    hand_pile,
    piles_of,
    songs_deck,
)
from saga_desktop.rules import songs
from saga_desktop.rules.card_words import card_short, cards_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.options import SongsOptions

SECRET_ENEMY_FIELDS = ("notes",)
"""Fields of an enemy only the GM reads."""


MOODS: dict[str, tuple[str, str]] = {  # a region's mood and its hook, as the catalog holds them
    "serenity": (tr_noop("serenity"), tr_noop("a moment of calm")),
    "twist": (tr_noop("twist"), tr_noop("something unexpected")),
    "threat": (tr_noop("threat"), tr_noop("a threat looming")),
    "danger": (tr_noop("danger"), tr_noop("danger close at hand")),
}


def prompt_line(card: Card, risk: int, mood: songs.RegionMood) -> Words:
    """The line a charted region's risk card gives the journal and the region's note.

    ``"Risk card 7♣: 2, threat (a threat looming)"``, as words each reader words in their own
    language.
    """
    name, hook = MOODS.get(mood.value, (mood.value, mood.text))
    return words(
        "Risk card {card}: {risk}, {mood} ({prompt})",
        card=card_short(card),
        risk=risk,
        mood=words(name),
        prompt=words(hook),
    )


def _play(campaign: Campaign) -> SongsPlay:
    play = campaign.play
    if not isinstance(play, SongsPlay):
        raise OperationError(words("This campaign does not play Songs & Sagas"))
    return play


class SongsAndSagas(Ruleset):
    """Songs & Sagas by René-Pier Deshaies-Gélinas (Fari RPGs), CC BY 4.0."""

    summary: ClassVar[str] = tr_noop(
        "A deck of playing cards and a d20: trial rolls, guardian spirits, a hex map charted "
        "by dropping a d20."
    )
    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = "Songs & Sagas"
    version: ClassVar[int] = 1
    sheet_type: ClassVar[type[SheetBase]] = SongsSheet
    play_type: ClassVar[type[PlayBase]] = SongsPlay
    journal_kinds: ClassVar[dict[str, str]] = {
        "attack": tr_noop("Attack"),
        "defence": tr_noop("Defence"),
        "combat": tr_noop("Combat"),
        "trial": tr_noop("Trial roll"),
        "resilience": tr_noop("Resilience"),
        "consequence": tr_noop("Consequence"),
        "morale": tr_noop("Morale"),
        "burn": tr_noop("Burned card"),
        "prompt": tr_noop("Prompted roll"),
    }
    result_kinds: ClassVar[frozenset[str]] = frozenset(
        {"trial", "fate", "roll", "attack", "defence", "oracle", "reaction", "initiative",
         "morale", "rest", "combat"}
    )  # fmt: skip
    help_topics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Playing Songs & Sagas", "songs-and-sagas/playing.md"),
        ("Songs & Sagas rulings", "songs-and-sagas/rulings.md"),
    )
    hex_miles: ClassVar[int | None] = songs.HEX_MILES
    charting: ClassVar[Charting] = Charting(start_drop=True, risk=True, reveal=True, tables=True)
    """A d20 dropped on the sheet starts the party; a revealed card sets each region's risk."""
    player_operations: ClassVar[dict[str, PlayerRule]] = {
        # A player's own characters, rolls, burns and gifts.
        "songs.QuickCharacter": PlayerRule.NEW,
        "songs.CreateCharacter": PlayerRule.NEW,
        "songs.CreationMove": PlayerRule.SEAT,
        "songs.FinishCreation": PlayerRule.NEW,
        "songs.SetDraftAside": PlayerRule.SEAT,
        "songs.RemakeCreation": PlayerRule.SEAT,  # the host checks the character is theirs
        "songs.RollPrompt": PlayerRule.PROMPTED,
        "songs.CombatTrial": PlayerRule.OWN,
        "songs.Attack": PlayerRule.OWN,
        "songs.OwlInsight": PlayerRule.OWN,
        "songs.RavenWeaken": PlayerRule.OWN,
        "songs.WolfMorale": PlayerRule.OWN,
        "songs.VanoriGift": PlayerRule.OWN,
        "songs.ComePrepared": PlayerRule.OWN,
        "songs.AidAlly": PlayerRule.OWN,  # a helper's card for another player's roll
        "songs.EditNotes": PlayerRule.OWN,  # a player keeps their own character's notes
        "songs.BurnForRoll": PlayerRule.PENDING,
        "songs.AddBurn": PlayerRule.PENDING,
        "songs.ResolveTrial": PlayerRule.PENDING,
        "songs.ResolveCombatTrial": PlayerRule.PENDING,
        "songs.ResolveAttack": PlayerRule.PENDING,
        "songs.ResolveDefence": PlayerRule.PENDING,
    }

    def new_piles(self, rng: random.Random) -> dict[str, list[str]]:
        """A shuffled deck in the draw pile."""
        deck = TableDeck.new(rng)
        return piles_of([c.code for c in deck.draw_pile])

    def piles(self, campaign: Campaign) -> list[PileSpec]:
        """The draw pile, the discard, the revealed row and a hand for each character."""
        specs = [
            PileSpec(DRAW, "Draw pile", Face.DOWN),
            PileSpec(DISCARD, "Discard", Face.UP),
            PileSpec(REVEALED, "Revealed", Face.UP, kind="row"),
        ]
        specs += [
            PileSpec(hand_pile(c.id), c.name, Face.UP, owner=c.id, kind="row")
            for c in campaign.characters
        ]
        return specs

    def pending_roller(self, campaign: Campaign) -> str | None:
        """The character whose trial, attack or defence waits to be settled."""
        from saga_desktop.model.songs.access import read_pending, roller_of

        play = _play(campaign)
        return None if play.pending is None else roller_of(read_pending(play.pending))

    def prompted(self, campaign: Campaign, prompt: object) -> PromptSeat | None:
        """A prompted roll still waiting, by its number."""
        for p in _play(campaign).prompts:
            if type(prompt) is int and p.id == prompt:
                return PromptSeat(p.character, p.physical)
        return None

    def character_added(self, ctx: Context, character: Character) -> None:
        """A new character starts with an empty hand."""
        songs_deck(ctx).add_hand(character.id)

    def character_removed(
        self, ctx: Context, character: Character
    ) -> tuple[Words | str, dict[str, JsonValue]]:
        """Refused while the character has a roll waiting; their hand goes to the discard."""
        from saga_desktop.model.songs.access import read_pending, roller_of

        play = _play(ctx.campaign)
        if play.pending is not None and roller_of(read_pending(play.pending)) == character.id:
            raise OperationError(
                words(
                    "{name} has a roll waiting: settle it or cancel it first", name=character.name
                )
            )
        dropped = [p.id for p in play.prompts if p.character == character.id]
        play.prompts = [p for p in play.prompts if p.character != character.id]
        cards = songs_deck(ctx).remove_hand(character.id)
        if play.combat is not None:
            combat = play.combat
            combat.acted = [a for a in combat.acted if a != character.id]
        discarded = (
            words("Their cards go to the discard: {cards}.", cards=cards_short(cards))
            if cards
            else ""
        )
        details: dict[str, JsonValue] = {"cards": [x.code for x in cards]}
        withdrawn: Words | str = ""
        if dropped:
            withdrawn = words("Their waiting rolls are withdrawn ({count}).", count=len(dropped))
            details["prompts"] = list(dropped)
        return (joined(discarded, withdrawn) if discarded or withdrawn else ""), details

    def risk_bounds(self, campaign: Campaign) -> tuple[int, int]:
        """The campaign's ``risk_min`` and ``risk_max`` options."""
        options = _play(campaign).options
        return options.risk_min, options.risk_max

    def chart_risk(self, ctx: Context) -> ChartRisk:
        """Reveal a card: its suit gives the region's risk and its mood."""
        from saga_desktop.model.songs.access import options

        record = songs.reveal_region_risk(songs_deck(ctx), ctx.rng, options(ctx))
        card = record.reveal.cards[0]
        low, high = self.risk_bounds(ctx.campaign)
        risk = max(low, min(high, record.rating))
        mood = record.mood.value
        return ChartRisk(
            risk=risk,
            line=prompt_line(card, risk, record.mood),
            card=card.code,
            card_name=card.name,
            mood=mood,
            prompt=record.mood.text,
            details={
                "card": card.code,
                "mood": mood,
                "reshuffled": bool(
                    record.reveal.reshuffled_before or record.reveal.reshuffled_after
                ),
            },
        )

    def travel_modes(self) -> tuple[TravelMode, ...]:
        """On foot, mounted, by longship under oars or under sail."""
        return tuple(TravelMode(m.value, m.text, m.hexes_per_day) for m in songs.TravelMode)

    def check(self, campaign: Campaign) -> None:
        """Enemy ids are unique, a fight names known enemies, a waiting roll is a real one."""
        from saga_desktop.model.songs.access import check_pending

        play = _play(campaign)
        ids = [e.id for e in play.enemies]
        if len(set(ids)) != len(ids):
            raise ValueError("play.enemies: two enemies share an id")
        if play.pending is not None:
            check_pending(campaign, play.pending)
        pcs = {c.id for c in campaign.characters}
        for i, p in enumerate(play.prompts):
            if p.character not in pcs:
                raise ValueError(f"play.prompts[{i}]: no character {p.character}")

    def redact_play(self, play: dict[str, JsonValue], viewer: Viewer) -> dict[str, JsonValue]:
        """Players never read the GM's notes on enemies."""
        if viewer.is_gm:
            return play
        enemies = play.get("enemies")
        if not isinstance(enemies, list):
            return play
        shown: list[JsonValue] = []
        for enemy in enemies:
            if isinstance(enemy, dict):
                enemy = {k: ("" if k in SECRET_ENEMY_FIELDS else v) for k, v in enemy.items()}
            shown.append(enemy)
        return {**play, "enemies": shown}

    def player_targets(self, play: dict[str, JsonValue]) -> frozenset[str]:
        """The enemies in the fight a player can see (none outside a fight)."""
        combat = play.get("combat")
        fighting = combat.get("enemies") if isinstance(combat, dict) else None
        if not isinstance(fighting, list):
            return frozenset()
        enemies = play.get("enemies")
        seen = (
            {e.get("id") for e in enemies if isinstance(e, dict)}
            if isinstance(enemies, list)
            else set()
        )
        return frozenset(e for e in fighting if isinstance(e, str) and e in seen)

    sample_file: ClassVar[str | None] = "the-shattered-coast.saga"

    def sample_campaign(self) -> Campaign:
        """*The Shattered Coast*: two characters, four regions, a trial and an oracle question."""
        from saga_desktop.model.songs.sample import sample_campaign

        return sample_campaign()

    def describe(self, campaign: Campaign) -> str:
        """The session and scene numbers."""
        play = _play(campaign)
        return f"session {play.session_number}, scene {play.scene_number}"

    def options_of(self, campaign: Campaign) -> SongsOptions:
        """The table's rulings."""
        return _play(campaign).options

    def option_fields(self) -> tuple[OptionField, ...]:
        """Every field of the engine's options, with the title and ruling it carries."""
        out = []
        for f in dataclasses.fields(SongsOptions):
            meta = f.metadata
            is_bool = f.type in (bool, "bool")
            out.append(
                OptionField(
                    f.name,
                    str(meta.get("title", f.name)),
                    str(meta.get("ruling", "")),
                    "bool" if is_bool else "int",
                    0,
                    4 if f.name == "attribute_redraws" else 20,
                )
            )
        return tuple(out)

    def options_data(self, campaign: Campaign) -> dict[str, JsonValue]:
        """The rulings as plain data."""
        data: dict[str, JsonValue] = _play(campaign).options.to_data()
        return data

    def set_options_data(self, ctx: Context, data: dict[str, JsonValue]) -> None:
        """New rulings, checked whole by the engine."""
        play = _play(ctx.campaign)
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(SongsOptions)})
        if unknown:
            raise OperationError(
                words("'{value}' is not an option of Songs & Sagas", value=unknown[0][:40])
            )
        for name, value in data.items():
            default = getattr(SongsOptions(), name)
            if type(value) is not type(default):
                raise OperationError(
                    words(
                        "The option '{name}' takes a {name2}",
                        name=name,
                        name2=type(default).__name__,
                    )
                )
        play.options = play.options.replace(**data)


SONGS = register(SongsAndSagas())
"""The registered ruleset."""
