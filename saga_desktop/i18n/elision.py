"""Elision: the small words a language joins to the next one when a value begins with a vowel.

A catalog cannot know the values a sentence will hold: French writes "la main de Bo" but "la main
d’Astrid", "le bouclier de Ulf" never. The rule lives here, applied where a value is put into a
sentence (:func:`saga_desktop.i18n.tr` and its kin), and only to the word written just before the
value's placeholder in the translation, so nothing a player typed is ever changed, only the word
the translator wrote in front of it.

French: "de", "que", "le", "la", "ne", "je", "me", "te", "se" lose their vowel before a value that
begins with a vowel (accented or not). A value beginning with "h" or "y" is left alone: whether a
name's "h" is mute cannot be known ("de Harald"), and the unelided form reads as a name said with
care, never as a mistake of the app.
"""

from __future__ import annotations

import re

__all__ = ["elide"]

_FRENCH = re.compile(r"(?<![\w’'])([DdLlNnJjMmTtSs]e|[Qq]ue|[Ll]a) \{(\w+)(?:[:!][^}]*)?\}")
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")
_RULES = {"fr": _FRENCH}


def elide(language: str, template: str, values: dict[str, object]) -> str:
    """``template`` with each elidable word before a vowel-led value joined to it ("d’{name}")."""
    pattern = _RULES.get(language)
    if pattern is None or " {" not in template:
        return template

    def join(match: re.Match[str]) -> str:
        word, field = match.group(1), match.group(2)
        text = str(values.get(field, ""))
        if not text or text[0] not in _VOWELS:
            return match.group(0)
        return f"{word[:-1]}’{match.group(0)[len(word) + 1 :]}"

    return pattern.sub(join, template)
