"""Moving the party: placing it by hand, and travelling along a path of hexes by a travel mode."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words, words_n
from saga_desktop.model.journal_marks import log_about
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.map_common import (
    check_coord,
    game_of,
    named_regions,
    region_words,
    visit,
)
from saga_desktop.model.ruleset import TravelMode
from saga_desktop.model.types import HexCoord
from saga_desktop.rules.hexgrid import Hex

MAX_PATH = 1000


def travel_days(hexes: int, mode: TravelMode) -> int:
    """Whole days to cross ``hexes`` hexes by a travel mode (a part day counts as a day)."""
    return -(-hexes // mode.hexes_per_day) if hexes > 0 else 0


def straight_path(start: Hex, end: Hex) -> list[Hex]:
    """The hexes entered walking from ``start`` to ``end`` in a straight line (start excluded)."""
    return start.line_to(end)[1:]


@dataclass(frozen=True)
class MoveParty(Operation):
    """Put the party on a hex without travelling (the GM's correction; no days pass)."""

    q: int
    r: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Move party")

    @override
    def apply(self, ctx: Context) -> None:
        check_coord(self.q, self.r)
        m = ctx.campaign.map
        if m.party is not None and (m.party.q, m.party.r) == (self.q, self.r):
            raise OperationError(words("The party is already there"))
        m.party = HexCoord(q=self.q, r=self.r)
        region = visit(ctx, self.q, self.r)
        log_about(
            ctx,
            "travel",
            words("The party is placed in {region}.", region=region_words(region))
            if region
            else words("The party is placed in hex ({q}, {r}).", q=self.q, r=self.r),
            {"q": self.q, "r": self.r},
            regions=named_regions(region),
        )


@dataclass(frozen=True, slots=True)
class TravelResult:
    """A journey: hexes entered, days taken, and which of them are still uncharted."""

    hexes: int
    days: int
    miles: int | None
    mode: str
    uncharted: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Travel(Operation):
    """Travel along a path of neighbouring hexes (the party's hex excluded) by a travel mode.

    The days the journey takes are added to the campaign's count; every charted hex entered on the
    way is marked visited. The interface charts uncharted hexes one at a time before travelling.
    """

    path: tuple[tuple[int, int], ...]
    mode: str = "foot"

    @property
    @override
    def label(self) -> Words | str:
        return words_n("Travel {n} hex", "Travel {n} hexes", len(self.path))

    @override
    def apply(self, ctx: Context) -> TravelResult:
        m = ctx.campaign.map
        if m.party is None:
            raise OperationError(words("The party is not on the map yet: drop the d20 first"))
        game = game_of(ctx)
        mode = next((m for m in game.travel_modes() if m.id == self.mode), None)
        if mode is None:
            raise OperationError(words("'{value}' is not a way to travel", value=self.mode[:40]))
        if not self.path:
            raise OperationError(words("Choose where to travel"))
        if len(self.path) > MAX_PATH:
            raise OperationError(
                words("A journey has at most {max_path} hexes; travel in stages", max_path=MAX_PATH)
            )
        here = m.party.hex
        for q, r in self.path:
            check_coord(q, r)
            step = Hex(q, r)
            if here.distance(step) != 1:
                raise OperationError(
                    words(
                        "Hex ({q}, {r}) is not next to hex ({q2}, {r2})",
                        q=q,
                        r=r,
                        q2=here.q,
                        r2=here.r,
                    )
                )
            here = step
        days = travel_days(len(self.path), mode)
        m.days += days
        uncharted = tuple((q, r) for q, r in self.path if visit(ctx, q, r) is None)
        m.party = HexCoord(q=here.q, r=here.r)
        arrival = m.region_at(here.q, here.r)
        where = (
            words("to {region}", region=region_words(arrival))
            if arrival
            else words("to hex ({q}, {r})", q=here.q, r=here.r)
        )
        miles = len(self.path) * game.hex_miles if game.hex_miles else None
        hexes = len(self.path)
        distance = (
            words_n("{n} hex ({miles} miles)", "{n} hexes ({miles} miles)", hexes, miles=miles)
            if miles is not None
            else words_n("{n} hex", "{n} hexes", hexes)
        )
        log_about(
            ctx,
            "travel",
            words(
                "The party travels {distance} {mode} in {days}, {where}.",
                distance=distance,
                mode=Words(mode.text),
                days=words_n("{n} day", "{n} days", days),
                where=where,
            ),
            {"path": [[q, r] for q, r in self.path], "mode": mode.id, "days": days},
            regions=named_regions(arrival),
        )
        return TravelResult(len(self.path), days, miles, mode.id, uncharted)
