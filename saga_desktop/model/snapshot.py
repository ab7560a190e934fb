"""Exact snapshots of a campaign's small parts, for undo and redo.

Small parts (names, characters, tokens, cards, the play state) are copied whole: their size does
not grow with the campaign. The big lists (regions, journal) are not copied: they log their own
changes (:mod:`saga_desktop.model.tracked`), which undo and redo replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from saga_desktop.model.campaign import Campaign, Character, Play, Token
from saga_desktop.model.changes import Aspect
from saga_desktop.model.types import HexCoord

RngTuple = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything an operation may change but the regions and the journal."""

    meta: tuple[str, str, datetime]
    characters: tuple[Character, ...]
    map_fields: tuple[str, HexCoord | None, int]
    tokens: tuple[Token, ...]
    piles: tuple[tuple[str, tuple[str, ...]], ...]
    play: Play
    rng: RngTuple

    @classmethod
    def take(cls, campaign: Campaign, rng: RngTuple) -> Snapshot:
        """Copy the state out of a live campaign."""
        m = campaign.map
        return cls(
            (campaign.name, campaign.description, campaign.modified),
            tuple(c.model_copy(deep=True) for c in campaign.characters),
            (m.orientation, m.party, m.days),
            tuple(m.tokens),
            tuple((name, tuple(cards)) for name, cards in campaign.piles.items()),
            campaign.play.model_copy(deep=True),
            rng,
        )

    def restore(self, campaign: Campaign) -> None:
        """Put this state back into a live campaign (copies again, so the snapshot stays intact)."""
        campaign.name, campaign.description, campaign.modified = self.meta
        campaign.characters = [c.model_copy(deep=True) for c in self.characters]
        m = campaign.map
        m.orientation, m.party, m.days = self.map_fields  # type: ignore[assignment]
        m.tokens = list(self.tokens)
        campaign.piles = {name: list(cards) for name, cards in self.piles}
        campaign.play = self.play.model_copy(deep=True)

    def diff(self, other: Snapshot) -> tuple[Aspect, frozenset[str]]:
        """The aspects and character ids that differ between two states.

        Token ids that differ come from :meth:`token_diff` (Aspect.TOKENS is set here); the
        regions and the journal are not part of a snapshot (their logs say what changed).
        """
        aspects = Aspect.NONE
        if self.meta[:2] != other.meta[:2]:
            aspects |= Aspect.META
        chars: set[str] = set()
        mine = {c.id: c for c in self.characters}
        theirs = {c.id: c for c in other.characters}
        for cid in mine.keys() | theirs.keys():
            if mine.get(cid) != theirs.get(cid):
                chars.add(cid)
        if chars or [c.id for c in self.characters] != [c.id for c in other.characters]:
            aspects |= Aspect.CHARACTERS
        if self.map_fields != other.map_fields:
            aspects |= Aspect.MAP
        if self.token_diff(other):
            aspects |= Aspect.TOKENS
        if self.piles != other.piles or _playing(self.characters) != _playing(other.characters):
            aspects |= Aspect.TABLE  # the table shows the piles of the characters in play
        if self.play != other.play:
            aspects |= Aspect.PLAY
        if self.rng != other.rng:
            aspects |= Aspect.RNG
        return aspects, frozenset(chars)

    def token_diff(self, other: Snapshot) -> frozenset[str]:
        """The ids of tokens placed, removed or changed between two states (entries are frozen)."""
        if self.tokens is other.tokens:
            return frozenset()
        a = {id(t): t for t in self.tokens}
        b = {id(t): t for t in other.tokens}
        return frozenset((a.get(key) or b[key]).id for key in a.keys() ^ b.keys())


def _playing(characters: tuple[Character, ...]) -> list[str]:
    """The ids of the characters taking part (accepted by the GM), in order."""
    return [c.id for c in characters if c.accepted]
