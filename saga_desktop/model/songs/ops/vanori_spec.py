"""The Vanori a player chooses, rolls or invents at creation, and how the journal describes it."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import JsonValue

from saga_desktop.i18n.words import Words, english, listed, words
from saga_desktop.model.operation import OperationError
from saga_desktop.rules import songs
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.roll_words import attribute_words, vanori_words

# -- the Vanori as chosen -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VanoriSpec:
    """A Vanori as the table picks it: one of the six by id, or a custom one in full."""

    id: str
    name: str = ""
    first: str = ""
    second: str = ""
    die: int = 0
    ability: str = ""

    @classmethod
    def custom(cls, name: str, first: str, second: str, die: int, ability: str) -> VanoriSpec:
        """A Vanori of the players' invention (+2 to ``first``, +1 to ``second``)."""
        return cls("custom", name, first, second, die, ability)

    @classmethod
    def from_rules(cls, vanori: songs.Vanori) -> VanoriSpec:
        """The spec of an engine Vanori."""
        if vanori.ability is not songs.VanoriAbility.CUSTOM:
            return cls(vanori.id)
        (first, _), (second, _) = vanori.increases
        return cls.custom(
            vanori.name, first.value, second.value, int(vanori.resilience_die), vanori.ability_text
        )

    def to_rules(self) -> songs.Vanori:
        """The engine's Vanori; OperationError when the spec breaks a rule."""
        if self.id != "custom":
            if self.id not in songs.VANORI:
                raise OperationError(words("There is no Vanori called '{id}'", id=self.id))
            return songs.VANORI[self.id]
        try:
            first, second = songs.Attribute(self.first), songs.Attribute(self.second)
            die = Die(self.die)
        except ValueError:
            raise OperationError(
                words("A custom Vanori raises two attributes and rolls a d4 to d12")
            ) from None
        if len(self.ability) > 2000:
            raise OperationError(words("A Vanori's gift is described in at most 2000 characters"))
        try:
            return songs.custom_vanori(self.name, first, second, die, self.ability)
        except RulesError as exc:
            raise OperationError(str(exc)) from None

    def to_data(self) -> dict[str, JsonValue]:
        """Plain data for the journal."""
        if self.id != "custom":
            return {"id": self.id}
        return {
            "id": "custom",
            "name": self.name,
            "first": self.first,
            "second": self.second,
            "die": self.die,
            "ability": self.ability,
        }


def describe_vanori(vanori: songs.Vanori) -> str:
    """E.g. ``"the Bear (+2 Strength, +1 Heart, max resilience d10 + 3)"``."""
    return english(vanori_described(vanori))


def vanori_described(vanori: songs.Vanori) -> Words:
    """:func:`describe_vanori` as words each reader words in their own language."""
    ups = listed(
        *(words("+{n} {attribute}", n=n, attribute=attribute_words(a)) for a, n in vanori.increases)
    )
    return words(
        "the {vanori} ({ups}, max resilience {die} + 3)",
        vanori=vanori_words(vanori.name),
        ups=ups,
        die=vanori.resilience_die.label,
    )
