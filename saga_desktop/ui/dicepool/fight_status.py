"""What a fight in progress has done to a card: injuries, STR spent, armor left.

The combat tracker's rows and every sheet's "This fight" box read these lines, so the GM sees a
monster's injuries and what it has left wherever they look.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QVBoxLayout

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.access import dicepool_play, encounter_of, options
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.widgets import label, pct


def injuries_text(card: dp.CharacterCard) -> str:
    """E.g. ``"injuries L2 (bite), L2"``, or ``""`` when unhurt."""
    if not card.injuries:
        return ""
    each = [
        tr("L{level} ({note})", level=i.level, note=i.note) if i.note else f"L{i.level}"
        for i in card.injuries
    ]
    return tr("injuries {list}", list=", ".join(each))


def armor_left(combatant: dp.Combatant, rules: dp.DicePoolOptions) -> int:
    """The injury levels the combatant's armor may still take off."""
    if rules.armor_soak is dp.ArmorSoak.PER_INJURY:
        return combatant.card.armor_level
    return combatant.card.armor_level - combatant.armor_spent


def row_state(c: dp.Combatant, rules: dp.DicePoolOptions) -> str:
    """A combatant's row in the tracker: down, prone, injuries, STR, armor left."""
    marks = []
    if not c.active:
        marks.append(tr("incapacitated"))
    if c.prone:
        marks.append(tr("prone"))
    if c.staggered:
        marks.append(tr("staggered"))
    if c.card.injuries:
        marks.append(injuries_text(c.card))
    if c.strength_used:
        marks.append(tr("STR used"))
    else:
        marks.append(tr("STR {value} unused", value=c.card.strength))
    if c.card.armor_level:
        left, most = armor_left(c, rules), c.card.armor_level
        marks.append(tr("armor {left} of {most} left", left=left, most=most))
    return ", ".join(marks)


def levels_text(chances: tuple[object, ...]) -> str:
    """``"L1 20%, L2 10%"``: the chance of each victory level above 0."""
    from fractions import Fraction

    parts = [
        tr("L{level} {chance}", level=v, chance=pct(p))
        for v, p in enumerate(chances)
        if v and isinstance(p, Fraction) and p
    ]
    return ", ".join(parts[:6]) or tr("no victory")


def fight_lines(campaign: Campaign, card_id: str) -> list[str]:
    """What the fight in progress has spent of a card (nothing when it is not fighting)."""
    if dicepool_play(campaign).encounter is None:
        return []
    fight = encounter_of(campaign)
    if card_id not in {c.id for c in fight.combatants}:
        return []
    c, rules = fight.combatant(card_id), options(campaign)
    if c.strength_used:
        strength = tr("Round {round}. STR {value}: used.", round=fight.round, value=c.card.strength)
    else:
        strength = tr(
            "Round {round}. STR {value}: not used yet (once a fight).",
            round=fight.round,
            value=c.card.strength,
        )
    lines = [strength]
    if c.card.armor_level:
        left, most = armor_left(c, rules), c.card.armor_level
        if rules.armor_in_close_combat:
            lines.append(tr("Armor: {left} of {most} left.", left=left, most=most))
        else:
            lines.append(
                tr("Armor: {left} of {most} left (not in close combat).", left=left, most=most)
            )
    marks = [m for m, on in ((tr("prone"), c.prone), (tr("staggered"), c.staggered)) if on]
    if not c.active:
        marks.insert(0, tr("incapacitated"))
    if marks:
        lines.append(tr("Now {states}.", states=", ".join(marks)))
    return lines


def fight_box(campaign: Campaign, card_id: str) -> QGroupBox | None:
    """The "This fight" box of a sheet, or ``None`` outside a fight."""
    lines = fight_lines(campaign, card_id)
    if not lines:
        return None
    box = QGroupBox(tr("This fight"))
    box.setObjectName("this-fight")
    layout = QVBoxLayout(box)
    layout.addWidget(label("\n".join(lines)))
    return box
