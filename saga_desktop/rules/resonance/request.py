"""What the GM calls for in a check: a stat and a DC, or an adversary's Guard or Resolve."""

from __future__ import annotations

from dataclasses import dataclass, field

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import Adversary
from saga_desktop.rules.resonance.values import Stat, check_dc, dc_words, stat_words


@dataclass(frozen=True, slots=True)
class CheckRequest(Record):
    """What the GM calls for: a stat and a DC, or an adversary's Guard or Resolve used as DC.

    Against an adversary, ``against`` says whose defence in English ("Bandit's Guard"), and
    ``foe`` and ``defence`` (``"guard"`` or ``"resolve"``) keep it as data, so each reader words
    it in their own language; a record written before they were kept is read as written.
    """

    stat: Stat
    dc: int
    against: str = ""
    foe: str = field(default="", compare=False)
    defence: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        check_dc(self.dc)

    def explain(self) -> str:
        """E.g. ``"Body check, DC 9"`` or ``"Body check against the Bandit's Guard 10"``."""
        return english(self.words())

    def words(self) -> Words:
        """The request as words each reader words in their own language."""
        if self.against:
            return words(
                "{stat} check, against {against} {dc}",
                stat=stat_words(self.stat),
                against=self.against_words(),
                dc=self.dc,
            )
        return words("{stat} check, {dc}", stat=stat_words(self.stat), dc=dc_words(self.dc))

    def against_words(self) -> Words | str:
        """Whose defence the check is against: ``"the Bandit's Guard"`` (empty: a plain DC)."""
        if self.foe and self.defence == "guard":
            return words("{name}'s Guard", name=self.foe)
        if self.foe and self.defence == "resolve":
            return words("{name}'s Resolve", name=self.foe)
        return self.against


def against_guard(stat: Stat, adversary: Adversary) -> CheckRequest:
    """A combat check against an adversary's Guard."""
    said = words("{name}'s Guard", name=adversary.name)
    return CheckRequest(stat, adversary.guard, english(said), adversary.name, "guard")


def against_resolve(stat: Stat, adversary: Adversary) -> CheckRequest:
    """A combat check against an adversary's Resolve."""
    said = words("{name}'s Resolve", name=adversary.name)
    return CheckRequest(stat, adversary.resolve, english(said), adversary.name, "resolve")
