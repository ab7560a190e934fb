"""The dice-pool game in the model: character cards, monsters, checks and combat rounds.

No cards lie on the table (``piles`` is empty, so the core card table hides itself); the map is
the shared one with the core's default risk. Importing this package registers the ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import JsonValue

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, words, words_c
from saga_desktop.model.campaign import Campaign, Character, JournalEntry
from saga_desktop.model.dicepool import headlines
from saga_desktop.model.dicepool.access import card_from_fields
from saga_desktop.model.dicepool.secrets import redact_encounter, targets
from saga_desktop.model.dicepool.state import (
    RULESET_ID,
    DicePoolOptionsModel,
    DicePoolPlay,
    DicePoolSheet,
    play_of,
    sheet_of,
)
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.registry import register
from saga_desktop.model.ruleset import (
    PlayBase,
    PlayerRule,
    PromptSeat,
    Ruleset,
    SheetBase,
    Viewer,
)
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.errors import RulesError

SECRET_MONSTER_FIELDS = ("notes",)
"""Fields of a monster only the GM reads."""


class DicePool(Ruleset):
    """The dice-pool ruleset: pools of D6, wins on 4+, opposed combat rounds."""

    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = tr_noop("Dice pool")
    summary: ClassVar[str] = tr_noop(
        "Pools of six-sided dice: every 4 or more is a success, against challenge levels 1 to 8."
    )
    version: ClassVar[int] = dp.RULES_VERSION
    sheet_type: ClassVar[type[SheetBase]] = DicePoolSheet
    play_type: ClassVar[type[PlayBase]] = DicePoolPlay
    journal_kinds: ClassVar[dict[str, str]] = {
        "card": tr_noop("Character card"),
        "monster": tr_noop("Monster"),
        "prompt": tr_noop("Prompted check"),
        "check": tr_noop("Check"),
        "encounter": tr_noop("Encounter"),
        "declare": tr_noop("Declaration"),
        "combat-roll": tr_noop("Combat roll"),
        "exchange": tr_noop("Exchange"),
        "strength": tr_noop("STR against victory"),
        "outcome": tr_noop("Outcome"),
        "round": tr_noop("Round end"),
        "shown": tr_noop("Shown to players"),
    }
    secret_journal_kinds: ClassVar[frozenset[str]] = frozenset({"monster"})
    result_kinds: ClassVar[frozenset[str]] = frozenset({"check", "exchange", "outcome"})
    help_topics: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Playing dice pool", "dice-pool/playing.md"),
        ("Dice pool rules and rulings", "dice-pool/rules.md"),
    )
    player_operations: ClassVar[dict[str, PlayerRule]] = {
        "dicepool.CreateCharacter": PlayerRule.NEW,
        "dicepool.Declare": PlayerRule.OWN,
        "dicepool.UseStrength": PlayerRule.OWN,
        "dicepool.ApplyOutcome": PlayerRule.OWN,
        "dicepool.ResolvePrompt": PlayerRule.PROMPTED,
    }

    def option_choices(self) -> Mapping[str, Mapping[str, Words]]:
        """The words of the armor and off-hand choices."""
        return {
            "armor_penalty": {
                "half": words_c("campaign option", "half"),
                "full": words_c("campaign option", "full"),
                "none": words_c("campaign option", "none"),
            },
            "armor_soak": {
                "per-encounter": words_c("campaign option", "per-encounter"),
                "per-injury": words_c("campaign option", "per-injury"),
            },
            "offhand_bonus": {
                "weapon": words_c("campaign option", "weapon"),
                "one-die": words_c("campaign option", "one-die"),
            },
        }

    def headline(self, entry: JournalEntry) -> str | None:
        """A result in plain words for the players' screen ("Kael beats the guard by 3")."""
        return headlines.headline(entry)

    def prompted(self, campaign: Campaign, prompt: object) -> PromptSeat | None:
        """A check in the queue, by its number."""
        for p in play_of(campaign).prompts:
            if type(prompt) is int and p.id == prompt:
                return PromptSeat(p.character, p.physical)
        return None

    def character_removed(
        self, ctx: Context, character: Character
    ) -> tuple[Words | str, dict[str, JsonValue]]:
        """Refused while the character fights; their waiting checks are withdrawn."""
        play = play_of(ctx.campaign)
        if play.encounter is not None and any(
            c["card"]["id"] == character.id  # type: ignore[index,call-overload]
            for c in play.encounter["combatants"]  # type: ignore[union-attr]
        ):
            raise OperationError(
                words("{name} is in the fight: end the encounter first", name=character.name)
            )
        dropped = [p.id for p in play.prompts if p.character == character.id]
        play.prompts = [p for p in play.prompts if p.character != character.id]
        for p in play.prompts:  # nor do they help with anyone else's
            p.helpers = [h for h in p.helpers if h.helper != character.id]
        text = (
            words("Their waiting checks are withdrawn ({count}).", count=len(dropped))
            if dropped
            else ""
        )
        return text, {"prompts": list(dropped)}

    def check(self, campaign: Campaign) -> None:
        """Cards within the options' ranges, unique ids, a fight and prompts naming real cards."""
        play = play_of(campaign)
        rules = play.options.to_rules()
        pcs = {c.id: c for c in campaign.characters}
        for i, c in enumerate(campaign.characters):
            _card_ok(f"characters[{i}].sheet", card_from_fields(c.id, c.name, sheet_of(c)), rules)
        ids = [m.id for m in play.monsters]
        if len(set(ids)) != len(ids):
            raise ValueError("play.monsters: two monsters share an id")
        for i, m in enumerate(play.monsters):
            if m.id in pcs:
                raise ValueError(f"play.monsters[{i}]: the id {m.id} is a character's")
            _card_ok(f"play.monsters[{i}]", card_from_fields(m.id, m.name, m), rules)
        for i, p in enumerate(play.prompts):
            if p.character not in pcs:
                raise ValueError(f"play.prompts[{i}]: no character {p.character}")
            for h in p.helpers:
                if h.helper not in pcs or h.helper == p.character:
                    raise ValueError(f"play.prompts[{i}].helpers: {h.helper} cannot help here")
        if play.encounter is not None:
            fight = dp.encounter_from_data(play.encounter, rules)
            for who in fight.combatants:
                side = dp.Side.MONSTER if who.id in ids else dp.Side.PLAYER
                if who.id not in pcs and who.id not in ids:
                    raise ValueError(f"play.encounter: {who.name} is no character or monster here")
                if who.side is not side:
                    raise ValueError(f"play.encounter: {who.name} fights on the wrong side")

    def redact_play(self, play: dict[str, JsonValue], viewer: Viewer) -> dict[str, JsonValue]:
        """What a player may know of the play state.

        Only the monsters they met (shown by the GM, or in the fight), never the GM's notes on
        them, nor declarations not yet revealed.
        """
        if viewer.is_gm:
            return play
        play = redact_encounter(play, viewer)
        monsters = play.get("monsters")
        if not isinstance(monsters, list):
            return play
        fighting = targets(play)
        shown: list[JsonValue] = [
            {k: ("" if k in SECRET_MONSTER_FIELDS else v) for k, v in m.items()}
            for m in monsters
            if isinstance(m, dict) and (m.get("shown") is True or m.get("id") in fighting)
        ]
        return {**play, "monsters": shown}

    def unmet(self, campaign: Campaign) -> frozenset[str]:
        """Monsters neither shown to the players nor in the fight."""
        play = play_of(campaign)
        fighting = targets({"encounter": play.encounter})
        return frozenset(m.id for m in play.monsters if not m.shown and m.id not in fighting)

    def player_targets(self, play: dict[str, JsonValue]) -> frozenset[str]:
        """The combatants of the fight, as the player sees it."""
        return targets(play)

    def describe(self, campaign: Campaign) -> str:
        """The fight in progress, if any, and the checks waiting."""
        play = play_of(campaign)
        parts = [f"{len(play.monsters)} monsters", f"{len(play.prompts)} checks waiting"]
        if play.encounter is not None:
            parts.append("a fight in progress")
        return ", ".join(parts)

    sample_file: ClassVar[str | None] = "the-drowned-mill.saga"

    def sample_campaign(self) -> Campaign:
        """*The Drowned Mill*: two characters, two monsters, a check with an assist, a round."""
        from saga_desktop.model.dicepool.sample import sample_campaign

        return sample_campaign()

    def options_of(self, campaign: Campaign) -> DicePoolOptionsModel:
        """The table's rulings."""
        return play_of(campaign).options


def _card_ok(path: str, card: dp.CharacterCard, rules: dp.DicePoolOptions) -> None:
    try:
        dp.check_character(card, rules)
    except RulesError as exc:
        raise ValueError(f"{path}: {exc}") from None


DICE_POOL = register(DicePool())
"""The registered ruleset."""
