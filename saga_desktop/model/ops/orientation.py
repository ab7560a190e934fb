"""Turning the map: pointy- or flat-topped hexes, every place kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.map_common import check_coord
from saga_desktop.model.types import HexCoord, replace

OrientationName = Literal["pointy", "flat"]


def pointy_to_flat(q: int, r: int) -> tuple[int, int]:
    """The flat-topped coordinate of a pointy-topped hex, the map turned by 30 degrees.

    Axial ``(q, r)`` becomes ``(q + r, -q)``: every hex keeps its neighbours and its distance to
    every other hex, so the map keeps its shape instead of shearing.
    """
    return q + r, -q


def flat_to_pointy(q: int, r: int) -> tuple[int, int]:
    """The inverse of :func:`pointy_to_flat`: ``(q, r)`` becomes ``(-r, q + r)``."""
    return -r, q + r


@dataclass(frozen=True)
class SetOrientation(Operation):
    """Draw the map with pointy- or flat-topped hexes (a campaign option).

    The map is turned by 30 degrees rather than redrawn on the same coordinates (which would shear
    it): every region, token and the party move to the coordinate of the same place on the
    turned grid.
    """

    orientation: OrientationName

    @property
    @override
    def label(self) -> Words | str:
        if self.orientation == "flat":
            return words("Flat-topped hexes")
        return words("Pointy-topped hexes")

    @override
    def apply(self, ctx: Context) -> None:
        if self.orientation not in ("pointy", "flat"):
            raise OperationError(words("Hexes are either pointy- or flat-topped"))
        m = ctx.campaign.map
        if m.orientation == self.orientation:
            raise OperationError(
                words("The hexes are already pointy-topped")
                if self.orientation == "pointy"
                else words("The hexes are already flat-topped")
            )
        turn = pointy_to_flat if self.orientation == "flat" else flat_to_pointy
        moved = []
        for region in m.regions:
            q, r = turn(region.q, region.r)
            check_coord(q, r)
            moved.append(replace(region, q=q, r=r))
        tokens = []
        for token in m.tokens:
            q, r = turn(token.q, token.r)
            check_coord(q, r)
            tokens.append(replace(token, q=q, r=r))
        party = None
        if m.party is not None:
            pq, pr = turn(m.party.q, m.party.r)
            check_coord(pq, pr)
            party = HexCoord(q=pq, r=pr)
        m.regions = moved
        m.tokens = tokens
        m.party = party
        m.orientation = self.orientation
        ctx.log(
            "map",
            words("The map now uses pointy-topped hexes (turned by 30 degrees).")
            if self.orientation == "pointy"
            else words("The map now uses flat-topped hexes (turned by 30 degrees)."),
            {"orientation": self.orientation},
        )
