"""The dice pool's own words as data: attributes, pool terms, actions, phases, outcomes, sides.

A record's ``words()`` (see ``saga_desktop.i18n.words``) nests these, so a French seat reads
"FOR" where the code says "STR"; names a player typed stay plain texts. The words a record keeps
as plain values (an action's ``"attack"``, a pool term's ``"base"``) are looked up here; a value
that is not the game's own (a skill, a weapon, a reason typed by the GM) is kept as typed.

Journal lines travel as data checked when read (at most six levels of words in words and 24
values in one): the pool is one level with its terms (:func:`pool_words`), and a list is one
level with its items (:func:`semicolons`).
"""

from __future__ import annotations

from saga_desktop.i18n.words import MAX_VALUES, Value, Words, words, words_c

ATTRIBUTES: dict[str, Words] = {
    "STR": words_c("attribute", "STR"),
    "REF": words_c("attribute", "REF"),
    "INT": words_c("attribute", "INT"),
}
"""The attributes' short names (``Attribute.label``)."""

_TERMS: dict[str, Words] = {
    # Translators: one term of a dice pool ("3 base + 2 STR = 5D6"); {dice} is a number of dice.
    "base": words("{dice} base"),
    "STR": words("{dice} STR"),
    "REF": words("{dice} REF"),
    "INT": words("{dice} INT"),
    "armor": words("{dice} armor"),
    "defend": words("{dice} defend"),
    "prone": words("{dice} prone"),
    "staggered": words("{dice} staggered"),
    "Unarmed": words("{dice} Unarmed"),
}
"""A pool term the rules name (its dice go in as ``dice``)."""

OFFHAND = "offhand "
"""How ``combat_pool`` names the offhand weapon's term: ``"offhand Dagger"``."""

TRAIT_KINDS: dict[str, Words] = {
    "skill": words_c("trait", "skill"),
    "proficiency": words_c("trait", "proficiency"),
    "vocation": words_c("trait", "vocation"),
}
"""``TraitKind`` values."""

ACTIONS: dict[str, Words] = {
    "attack": words_c("combat action", "attack"),
    "charge": words_c("combat action", "charge"),
    "defend": words_c("combat action", "defend"),
    "move": words_c("combat action", "move"),
    "ready": words_c("combat action", "ready"),
    "stand up": words_c("combat action", "stand up"),
    "flee": words_c("combat action", "flee"),
}
"""``Action`` values, as a declaration names them."""

PHASES: dict[str, Words] = {
    "declare": words_c("round phase", "declare"),
    "resolve": words_c("round phase", "resolve"),
    "compare": words_c("round phase", "compare"),
    "outcomes": words_c("round phase", "outcomes"),
}
"""``Phase`` values."""

OUTCOMES: dict[str, Words] = {
    "injury": words_c("combat outcome", "injury"),
    "stagger": words_c("combat outcome", "stagger"),
    "trip": words_c("combat outcome", "trip"),
    "disarm": words_c("combat outcome", "disarm"),
}
"""``OutcomeKind`` values."""

SIDES: dict[str, Words] = {
    "player": words_c("combat side", "player"),
    "monster": words_c("combat side", "monster"),
}
"""``Side`` values (``"Mara (player)"``)."""

SIDE_LABELS: dict[str, Words] = {
    "player": words("Player action"),
    "monster": words("Monster action"),
}
"""``Side.label``: whose action an outcome is."""

CHALLENGE_LEVELS: dict[int, Words] = {
    1: words_c("challenge level", "trivial"),
    2: words_c("challenge level", "easy"),
    3: words_c("challenge level", "moderate"),
    4: words_c("challenge level", "challenging"),
    5: words_c("challenge level", "hard"),
    6: words_c("challenge level", "very hard"),
    7: words_c("challenge level", "heroic"),
    8: words_c("challenge level", "nearly impossible"),
}
"""The words of each Challenge Level (``rulings.CHALLENGE_LEVELS`` in English)."""


def looked_up(table: dict[str, Words], value: str) -> Words | str:
    """The game's words for ``value``, or ``value`` itself when the table lacks it."""
    return table.get(value, value)


def attribute_words(label: str) -> Words | str:
    """``"STR"`` as words (FOR in French)."""
    return looked_up(ATTRIBUTES, label)


def cl_words(cl: int, level: str) -> Words:
    """``"CL 3 (moderate)"``; ``level`` is the English name, used for a CL the table lacks."""
    return words("CL {cl} ({level})", cl=cl, level=CHALLENGE_LEVELS.get(cl, level))


def term_words(amount: int, reason: str) -> Words | int:
    """One term of a pool without its sign: ``"2 STR"``, ``"1 offhand Dagger"``, ``"2 Blades"``."""
    dice, reason = abs(amount), reason.rstrip()
    if not reason:
        return dice
    known = _TERMS.get(reason)
    if known is not None:
        return Words(known.key, {"dice": dice})
    if reason.startswith(OFFHAND) and reason != OFFHAND:
        return words("{dice} offhand {weapon}", dice=dice, weapon=reason.removeprefix(OFFHAND))
    # Translators: a pool term with a reason the GM or a player typed (a skill, a weapon).
    return words("{dice} {reason}", dice=dice, reason=reason)


def pool_words(terms: list[tuple[int, str]], size: int, floor: bool) -> Words:
    """``"3 base + 2 STR - 4 prone = 1D6 (at least 1D6)"``: one level, each term a value.

    Its sentence is put together here (signs, ``=``, the D6 notation, which every language keeps);
    the terms and "(at least 1D6)" are words. Past the limit of values the last terms go as one
    English text (a pool of twenty terms is no pool a table rolls).
    """
    key, values = "", dict[str, Value]()
    room = MAX_VALUES - 3
    for i, (amount, reason) in enumerate(terms):
        sign = "- " if amount < 0 else "+ " if key else ""
        if i == room and len(terms) > room:
            rest = " ".join(f"{'-' if a < 0 else '+'} {abs(a)} {r}".rstrip() for a, r in terms[i:])
            key += " {rest}" if key else "{rest}"
            values["rest"] = rest.removeprefix("+ ") if i == 0 else rest
            break
        key += f"{' ' if key else ''}{sign}{{t{i}}}"
        values[f"t{i}"] = term_words(amount, reason)
    key = f"{key or '0'} = {{size}}D6"
    values["size"] = size
    if floor:
        key += " {floor}"
        values["floor"] = words("(at least 1D6)")
    return Words(key, values)


def semicolons(*parts: Words | str) -> Words:
    """Items one after the other, "; " between them (each language its own "; ")."""
    kept = [p for p in parts if p]
    values: dict[str, Value] = {}
    for i, part in enumerate(kept):
        # Translators: the separator before each item after the first of a list ("a; b; c").
        values[f"s{i}"] = part if i == 0 else words("; {item}", item=part)
    return Words("".join(f"{{s{i}}}" for i in range(len(kept))), values)
