"""Songs & Sagas state in rules-engine form, for operations.

The saved models (``songs.py``) are the file's shape; the rules engine works on its own
dataclasses. These helpers convert between the two, and let an operation borrow a character,
an enemy or the options as engine objects that are written back when it finishes::

    sheet = songs_character(ctx, "pc1")      # a rules SongsCharacter
    deck = songs_deck(ctx)                        # a rules TableDeck
    record = songs.short_rest(sheet, deck, ctx.rng, options(ctx))
"""

from __future__ import annotations

from typing import Any

from pydantic import JsonValue

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.songs.state import (
    DR_REDUCTION_LIMIT,
    Attributes,
    CustomVanori,
    Enemy,
    Gear,
    InventoryEntry,
    SongsPlay,
    SongsSheet,
    play_of,
    sheet_of,
)
from saga_desktop.model.songs.state import read_pending as read_pending  # kept here for callers
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.trial import DR_LIMIT, RISK_LIMIT

# -- sheets -----------------------------------------------------------------------------------


def _gear(kind: songs.GearKind, gear: Gear) -> songs.Gear:
    return songs.Gear(kind, Die(gear.die), gear.damage)


def _gear_model(gear: songs.Gear) -> Gear:
    return Gear(die=int(gear.die), damage=gear.damage)


def vanori_of(sheet: SongsSheet) -> songs.Vanori:
    """The rules Vanori of a sheet (one of the six, or the custom one)."""
    if sheet.custom_vanori is not None:
        c = sheet.custom_vanori
        return songs.custom_vanori(
            c.name,
            songs.Attribute(c.first),
            songs.Attribute(c.second),
            Die(c.resilience_die),
            c.ability,
        )
    return songs.VANORI[sheet.vanori]


def to_rules_character(character: Character) -> songs.SongsCharacter:
    """A saved character as a rules-engine sheet."""
    sheet = sheet_of(character)
    inventory = [
        songs.InventoryEntry(
            songs.EntryKind(e.kind),
            e.name,
            e.slots,
            _gear(songs.GearKind.WEAPON, e.weapon) if e.weapon else None,
            e.note,
        )
        for e in sheet.inventory
    ]
    return songs.SongsCharacter(
        id=character.id,
        name=character.name,
        attributes={a: getattr(sheet.attributes, a.value) for a in songs.Attribute},
        vanori=vanori_of(sheet),
        max_resilience=sheet.max_resilience,
        resilience=sheet.resilience,
        armor=_gear(songs.GearKind.ARMOR, sheet.armor),
        inventory=inventory,
        xp=sheet.xp,
        incapacitated=sheet.incapacitated,
        owl_used_this_session=sheet.owl_used_this_session,
        next_roll_dr_reduction=sheet.next_roll_dr_reduction,
        rolls_begun=sheet.rolls_begun,
        open_rolls=list(sheet.open_rolls) if sheet.open_rolls is not None else None,
    )


def sheet_from_rules(sc: songs.SongsCharacter, pronouns: str = "") -> SongsSheet:
    """The saved form of a rules-engine sheet (validated)."""
    v = sc.vanori
    custom = None
    if v.ability is songs.VanoriAbility.CUSTOM:
        (first, _), (second, _) = v.increases
        custom = CustomVanori(
            name=v.name,
            first=first.value,
            second=second.value,
            resilience_die=int(v.resilience_die),
            ability=v.ability_text,
        )
    return SongsSheet(
        pronouns=pronouns,
        attributes=Attributes(**{a.value: n for a, n in sc.attributes.items()}),
        vanori="custom" if custom else v.id,
        custom_vanori=custom,
        max_resilience=sc.max_resilience,
        resilience=sc.resilience,
        armor=_gear_model(sc.armor),
        inventory=[
            InventoryEntry(
                kind=e.kind.value,
                name=e.name,
                slots=e.slots,
                weapon=_gear_model(e.weapon) if e.weapon else None,
                note=e.note,
            )
            for e in sc.inventory
        ],
        xp=sc.xp,
        incapacitated=sc.incapacitated,
        owl_used_this_session=sc.owl_used_this_session,
        next_roll_dr_reduction=sc.next_roll_dr_reduction,
        rolls_begun=sc.rolls_begun,
        open_rolls=list(sc.open_rolls) if sc.open_rolls is not None else None,
    )


def write_character(character: Character, sc: songs.SongsCharacter) -> None:
    """Write a rules-engine sheet (and its name) back into a saved character."""
    character.sheet = sheet_from_rules(sc, sheet_of(character).pronouns)
    character.name = sc.name


def songs_character(ctx: Context, character_id: str) -> songs.SongsCharacter:
    """Borrow a character as a rules-engine sheet for the rest of the operation."""
    character = ctx.character(character_id)
    return ctx.borrow(
        ("character", character_id),
        lambda: to_rules_character(character),
        lambda sc: write_character(character, sc),
    )


# -- enemies ----------------------------------------------------------------------------------


def to_rules_enemy(enemy: Enemy) -> songs.Enemy:
    """A saved enemy as a rules-engine enemy."""
    return songs.Enemy(
        enemy.id,
        enemy.name,
        enemy.max_resilience,
        enemy.resilience,
        _gear(songs.GearKind.WEAPON, enemy.weapon),
        _gear(songs.GearKind.ARMOR, enemy.armor) if enemy.armor else None,
        enemy.count,
        enemy.weakened,
    )


def enemy_from_rules(enemy: songs.Enemy, notes: str = "") -> Enemy:
    """The saved form of a rules-engine enemy."""
    return Enemy(
        id=enemy.id,
        name=enemy.name,
        max_resilience=enemy.max_resilience,
        resilience=enemy.resilience,
        weapon=_gear_model(enemy.weapon),
        armor=_gear_model(enemy.armor) if enemy.armor else None,
        count=enemy.count,
        weakened=enemy.weakened,
        notes=notes,
    )


def songs_play(ctx: Context) -> SongsPlay:
    """The campaign's Songs & Sagas state."""
    play = play_of(ctx.campaign)
    if not isinstance(play, SongsPlay):  # pragma: no cover - one ruleset today
        raise OperationError(words("This campaign does not play Songs & Sagas"))
    return play


def songs_enemy(ctx: Context, enemy_id: str) -> songs.Enemy:
    """Borrow an enemy as a rules-engine enemy for the rest of the operation."""
    play = songs_play(ctx)
    index = next((i for i, e in enumerate(play.enemies) if e.id == enemy_id), None)
    if index is None:
        raise OperationError(words("That enemy is not in this campaign"))
    saved = play.enemies[index]

    def store(enemy: songs.Enemy) -> None:
        play.enemies[index] = enemy_from_rules(enemy, saved.notes)

    return ctx.borrow(("enemy", enemy_id), lambda: to_rules_enemy(saved), store)


# -- options and the pending roll ---------------------------------------------------------------


def options_of(campaign: Campaign) -> songs.SongsOptions:
    """The campaign's rulings (the engine's own options: one definition, saved as they are)."""
    return play_of(campaign).options


def options(ctx: Context) -> songs.SongsOptions:
    """The campaign's rulings, inside an operation."""
    return options_of(ctx.campaign)


def pending_roll(ctx: Context) -> Record | None:
    """The roll waiting to be settled, if any."""
    data = songs_play(ctx).pending
    return None if data is None else read_pending(data)


def set_pending(ctx: Context, record: Record | None) -> None:
    """Store (or clear) the roll waiting to be settled."""
    data: Any = None if record is None else record.to_data()
    songs_play(ctx).pending = data


def trial_of(record: Record) -> songs.TrialRoll:
    """The trial inside a waiting roll (an attack and a defence carry one)."""
    if isinstance(record, songs.AttackRoll | songs.DefenceRoll):
        return record.trial
    if isinstance(record, songs.TrialRoll):
        return record
    raise ValueError(f"a {type(record).__name__} is not a roll that waits")


def roller_of(record: Record) -> str:
    """The id of the character making a waiting roll."""
    return trial_of(record).character_id


def _check_trial_limits(campaign: Campaign, trial: songs.TrialRoll, where: str) -> None:
    """The numbers of a waiting roll lie within the limits beginning one keeps."""
    for name, value, low, high in (
        ("modifier", trial.modifier, songs.ATTRIBUTE_MIN, songs.ATTRIBUTE_MAX),
        ("base_dr", trial.base_dr, 0, DR_LIMIT),
        ("risk", trial.risk, 0, RISK_LIMIT),
        ("carried_dr_reduction", trial.carried_dr_reduction, 0, DR_REDUCTION_LIMIT),
    ):
        if not low <= value <= high:
            raise ValueError(f"{where}.{name}: {value} lies outside {low} to {high}")
    reveal = trial.reveal
    if reveal is None:
        if trial.risk:
            raise ValueError(f"{where}.reveal: a roll with risk {trial.risk} reveals cards")
        return
    if reveal.asked != trial.risk or len(reveal.cards) > reveal.asked:
        raise ValueError(f"{where}.reveal.asked: the reveal asks for the risk's cards")
    if trial.held:
        on_table = set(campaign.piles.get("revealed", ()))
        for i, card in enumerate(reveal.cards):
            if card.code not in on_table:
                raise ValueError(
                    f"{where}.reveal.cards[{i}]: {card.code} is held by the roll but not "
                    "on the table"
                )


def check_pending(campaign: Campaign, data: dict[str, JsonValue]) -> None:
    """A waiting roll must be one the operations could have left: ValueError names the problem."""
    record = read_pending(data)
    trial = trial_of(record)
    if not 1 <= trial.d20 <= 20:
        raise ValueError(f"play.pending: a d20 shows 1 to 20, not {trial.d20}")
    where = "play.pending" if record is trial else "play.pending.trial"
    _check_trial_limits(campaign, trial, where)
    roller = next((c for c in campaign.characters if c.id == trial.character_id), None)
    if roller is None:
        raise ValueError("play.pending: the roll belongs to a character who is not in the party")
    open_rolls = sheet_of(roller).open_rolls
    if open_rolls is not None and trial.serial and trial.serial not in open_rolls:
        raise ValueError("play.pending: that roll was already settled")
    play = play_of(campaign)
    enemies = {e.id for e in play.enemies} if isinstance(play, SongsPlay) else set()
    if isinstance(record, songs.AttackRoll) and record.target_id not in enemies:
        raise ValueError("play.pending: the attack's target is not an enemy of this campaign")
    if isinstance(record, songs.DefenceRoll) and record.enemy_id not in enemies:
        raise ValueError("play.pending: the defence is against an enemy not in this campaign")
