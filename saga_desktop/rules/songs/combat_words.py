"""Why a fight's damage die is the one rolled, as words each reader words in their own language.

An attack's die steps up on a natural 20 and down on a setback (two steps on a natural 1); an
enemy's die steps up when the defender rolls a natural 1. The English of these words is exactly
the reason the journal has always given.
"""

from __future__ import annotations

from saga_desktop.i18n.words import Words, words
from saga_desktop.rules.dice import Die
from saga_desktop.rules.songs.combat import attack_die, defence_die


def attack_die_words(base: Die, success: bool, d20: int) -> tuple[Die, Words]:
    """The die an attack rolls after its trial, and why it stepped (or did not)."""
    die = attack_die(base, success, d20)
    steps = {"base": base.label, "die": die.label}
    if success:
        if d20 != 20:
            return die, words("success: the {base} as it is", base=base.label)
        if die is base:
            return die, words("natural 20: a d12 cannot step higher")
        return die, words("natural 20: {base} steps up to {die}", **steps)
    if die is base:
        if d20 == 1:
            return die, words("natural 1: a d4 cannot step lower")
        return die, words("setback: a d4 cannot step lower")
    if d20 != 1:
        return die, words("setback: {base} steps down to {die}", **steps)
    if die is attack_die(base, False, 2):
        return die, words("natural 1: {base} steps down to {die}, the smallest die", **steps)
    return die, words("natural 1: {base} steps down two steps to {die}", **steps)


def defence_die_words(enemy_die: Die, d20: int) -> tuple[Die, Words]:
    """The die an enemy hits with on a failed defence, and why."""
    die = defence_die(enemy_die, d20)
    if d20 != 1:
        return die, words("hit: the enemy's {die}", die=enemy_die.label)
    if die is enemy_die:
        return die, words("natural 1: a d12 cannot step higher")
    return die, words("natural 1: {base} steps up to {die}", base=enemy_die.label, die=die.label)


def damage_die_words(reason: Words) -> Words:
    """The end of a settled attack's or defence's line: the damage die's reason, then a stop."""
    return words(" [damage die: {reason}].", reason=reason)
