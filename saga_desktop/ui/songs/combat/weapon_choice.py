"""What a character attacks with: the choices offered, and the one the panel starts on.

A character's attack starts on the weapon they last attacked with (read from the journal, so it
holds across turns, rounds and restarts), or else on their best unbroken weapon; a feat die is
the choice only for a character without a usable weapon.
"""

from __future__ import annotations

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.ui.songs.combat.roster import stepped_size, weapon_text

FEAT_DICE = (4, 6, 8, 10, 12)
JOURNAL_LOOKBACK = 500
"""How many journal entries back the last attack is looked for (a fight is far shorter)."""


def attack_sources(character: Character | None) -> list[tuple[str, str]]:
    """The combo items: each weapon in the inventory, then the feat dice the GM may assign."""
    items: list[tuple[str, str]] = []
    if character is not None:
        for entry in sheet_of(character).inventory:
            if entry.weapon is not None:
                die = weapon_text(entry.weapon.die, entry.weapon.damage)
                items.append((f"{entry.name} ({die})", f"weapon:{entry.name}"))
    items += [(tr("A feat (d{size}, the GM's die)", size=d), f"feat:{d}") for d in FEAT_DICE]
    return items


def _current_die(die: int, damage: int) -> int:
    """A weapon's die after ``damage`` steps down it, 0 once broken."""
    return stepped_size(die, damage, FEAT_DICE)


def best_weapon(character: Character) -> str | None:
    """The source of the character's biggest unbroken weapon die (the first on a tie)."""
    best: tuple[int, str] | None = None
    for entry in sheet_of(character).inventory:
        if entry.weapon is None:
            continue
        die = _current_die(entry.weapon.die, entry.weapon.damage)
        if die and (best is None or die > best[0]):
            best = (die, f"weapon:{entry.name}")
    return None if best is None else best[1]


def last_attack_source(campaign: Campaign, character: Character) -> str | None:
    """The source of the character's last attack in the journal, while it is still theirs."""
    weapons = [e.name for e in sheet_of(character).inventory if e.weapon is not None]
    for entry in reversed(campaign.journal[-JOURNAL_LOOKBACK:]):
        if entry.kind != "attack" or entry.character != character.id:
            continue
        record = entry.details.get("record")
        if isinstance(record, dict) and isinstance(record.get("attack"), dict):
            record = record["attack"]  # a settled attack nests the roll it settles
        source = record.get("source") if isinstance(record, dict) else None
        if not isinstance(source, str):
            return None
        if source.startswith("a feat (d"):
            size = source.removeprefix("a feat (d").rstrip(")")
            return f"feat:{size}" if size.isdigit() else None
        # The longest name first, so "Axe" never claims "Axe of the north (d8)".
        for name in sorted(weapons, key=len, reverse=True):
            if source.startswith(f"{name} ("):
                return f"weapon:{name}"
        return None
    return None


def default_source(campaign: Campaign, character: Character) -> str:
    """The choice the attack starts on: the last weapon used, the best one, or a d4 feat.

    A weapon broken since its last use gives way to the best one still whole.
    """
    offered = {f"feat:{d}" for d in FEAT_DICE} | {
        f"weapon:{e.name}"
        for e in sheet_of(character).inventory
        if e.weapon is not None and _current_die(e.weapon.die, e.weapon.damage)
    }
    for source in (last_attack_source(campaign, character), best_weapon(character)):
        if source is not None and source in offered:
            return source
    return f"feat:{FEAT_DICE[0]}"
