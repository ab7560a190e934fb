"""The game's words a sheet shows: attributes, the six Vanori and their gifts, translated.

The rules name these in English (their data); a sheet words them here. A custom Vanori's name and
gift were typed by a player and are shown as typed.
"""

from __future__ import annotations

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.rules.songs.character import VANORI, Attribute, Vanori, VanoriAbility

ATTRIBUTE_TITLES: dict[Attribute, str] = {
    Attribute.STRENGTH: tr_noop("Strength"),
    Attribute.DEXTERITY: tr_noop("Dexterity"),
    Attribute.WILLPOWER: tr_noop("Willpower"),
    Attribute.HEART: tr_noop("Heart"),
}

ATTRIBUTE_VERBS: dict[Attribute, str] = {
    Attribute.STRENGTH: tr_noop("crush, lift, strike, grapple"),
    Attribute.DEXTERITY: tr_noop("dash, aim, sneak, handle"),
    Attribute.WILLPOWER: tr_noop("perceive, solve, analyze, focus"),
    Attribute.HEART: tr_noop("persuade, command, charm, honor"),
}

VANORI_NAMES: dict[str, str] = {
    "bear": tr_noop("Bear"),
    "wolf": tr_noop("Wolf"),
    "raven": tr_noop("Raven"),
    "elk": tr_noop("Elk"),
    "ox": tr_noop("Ox"),
    "owl": tr_noop("Owl"),
}

VANORI_THE: dict[str, str] = {
    "bear": tr_noop("The Bear"),
    "wolf": tr_noop("The Wolf"),
    "raven": tr_noop("The Raven"),
    "elk": tr_noop("The Elk"),
    "ox": tr_noop("The Ox"),
    "owl": tr_noop("The Owl"),
}

VANORI_GIFTS: dict[VanoriAbility, str] = {
    VanoriAbility.BEAR_ARMOR: tr_noop(
        "When hit, burn a card to add a d4 to your armor roll against that damage."
    ),
    VanoriAbility.WOLF_MORALE: tr_noop("Burn a card and an enemy must test its morale at once."),
    VanoriAbility.RAVEN_WEAKEN: tr_noop(
        "Burn a card and an enemy's damage die drops a step for the fight."
    ),
    VanoriAbility.ELK_AID: tr_noop("Your Aid an Ally burns give +3 rather than +2."),
    VanoriAbility.OX_REST: tr_noop("Burn a card on a short rest to rest as well as on a long one."),
    VanoriAbility.OWL_INSIGHT: tr_noop("Once each session, burn a card to fill two XP boxes."),
}


def attribute_title(attribute: Attribute) -> str:
    """``"Strength"``, ``"Dexterity"``… in the app's language."""
    return tr(ATTRIBUTE_TITLES[attribute])


def attribute_verbs(attribute: Attribute) -> str:
    """What the attribute is for ("crush, lift, strike, grapple"), in the app's language."""
    return tr(ATTRIBUTE_VERBS[attribute])


def _standard(vanori: Vanori) -> bool:
    """One of the rules' six, as the rules write it (anything a player typed shows as typed)."""
    return vanori.id in VANORI_NAMES and VANORI.get(vanori.id) == vanori


def vanori_name(vanori: Vanori) -> str:
    """``"Bear"``… (a custom Vanori's name as its player typed it)."""
    return tr(VANORI_NAMES[vanori.id]) if _standard(vanori) else vanori.name


def the_vanori(vanori: Vanori) -> str:
    """``"The Bear"``… as a heading (a custom Vanori's typed name after the article)."""
    if _standard(vanori):
        return tr(VANORI_THE[vanori.id])
    return tr("The {vanori}", vanori=vanori.name)


def vanori_gift(vanori: Vanori) -> str:
    """The Vanori's gift in words ("" when a custom Vanori's gift is not written down)."""
    if _standard(vanori) and vanori.ability in VANORI_GIFTS:
        return tr(VANORI_GIFTS[vanori.ability])
    return vanori.ability_text


def vanori_raises(vanori: Vanori) -> str:
    """``"+2 Strength, +1 Heart, max resilience d10 + 3"``."""
    if len(vanori.increases) != 2:
        return tr(
            "{raises}, max resilience {die} + {bonus}",
            raises=", ".join(f"+{n} {attribute_title(a)}" for a, n in vanori.increases),
            die=vanori.resilience_die.label,
            bonus=vanori.resilience_bonus,
        )
    first, second = vanori.increases
    return tr(
        "+{big} {first}, +{small} {second}, max resilience {die} + {bonus}",
        big=first[1],
        first=attribute_title(first[0]),
        small=second[1],
        second=attribute_title(second[0]),
        die=vanori.resilience_die.label,
        bonus=vanori.resilience_bonus,
    )


def vanori_called(name: str) -> str:
    """A Vanori named in a record (``"Bear"``) in the app's language; a custom name as typed."""
    for vanori_id, english in VANORI_NAMES.items():
        if VANORI[vanori_id].name == name:
            return tr(english)
    return name
