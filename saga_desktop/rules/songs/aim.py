"""Which attribute an attack with a weapon starts on: aiming is Dexterity, striking Strength.

The rules name what each attribute does: "With your strength, you may crush, lift, strike and
grapple. With your dexterity, you may dash, aim, sneak and handle." A weapon that is shot or
thrown is aimed, so its attack starts on Dexterity; any other weapon strikes, on Strength. The
GM and the player may still pick another attribute for the moment at hand.
"""

from __future__ import annotations

import re

from saga_desktop.rules.songs.character import Attribute

RANGED_WORDS = frozenset(
    {
        "bow", "crossbow", "longbow", "shortbow", "sling", "slingshot", "javelin", "javelins",
        "dart", "darts", "throwing", "thrown", "blowgun", "blowpipe", "harpoon", "bolas",
    }
)  # fmt: skip
"""Words that mark a weapon as shot or thrown (a word ending in *bow* counts too)."""


def is_ranged(weapon: str) -> bool:
    """True when ``weapon``'s name reads as shot or thrown (a yew bow, throwing axes)."""
    words = re.findall(r"[a-z]+", weapon.casefold())
    return any(w in RANGED_WORDS or (w.endswith("bow") and w != "elbow") for w in words)


def attack_attribute(weapon: str | None) -> Attribute:
    """The attribute an attack with ``weapon`` starts on (a feat, or none: Strength)."""
    return Attribute.DEXTERITY if weapon and is_ranged(weapon) else Attribute.STRENGTH
